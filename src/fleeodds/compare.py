"""Evaluate several setups side by side (list building: Ld 7 vs 8, Intangible or not, editions).

Every setup is simulated with the same seed and trial indices, i.e. on common
random numbers: trial ``t`` of each setup reads the same stream of draws. When
every setup has a per-trial kernel (:meth:`fleeodds.system.Scenario.trial_kernel`)
the runs are *paired*: :func:`fleeodds.engine.simulate_paired` cross-tabulates
each setup's outcome against the first setup's on every trial, and the
difference of two probabilities gets its own interval
(:func:`fleeodds.stats.paired_difference_from_joint`), much tighter than the
one of two independent estimates. Where both setups have an exact solver, the
difference is exact.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from . import engine
from .evaluation import add_input_notes, evaluate, refuse_all
from .loading import load_scenario
from .errors import InputError, short_repr
from .language import Message, N_
from .results import Comparison, OutcomeTable
from .stats import independent_difference, paired_difference_from_joint, trials_for_precision
from .system import Scenario
from .validation import InputNote



def compare(
    setups: Sequence[tuple[str, Scenario]],
    method: str = "both",
    *,
    trials: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    progress: bool | None = None,
    title: str = "",
    paired: bool = True,
    strict: bool = False,
    notes: Sequence[tuple[str, InputNote]] | None = None,
) -> Comparison:
    """Evaluate ``setups`` (``[(label, scenario), ...]``) side by side, on common random numbers.

    Parameters
    ----------
    setups : sequence of (str, Scenario)
        Two or more labelled scenarios of one rules system; the first is the
        reference of the differences.
    method : {"both", "exact", "mc"}
        As in :func:`fleeodds.evaluate`; ``"both"`` falls back to Monte Carlo
        alone for setups without an exact solver.
    trials : int, optional
        Monte Carlo trials per setup (default 1,000,000).
    precision : float, optional
        Target 95 % half-width; a paired run uses the worst-case (p = 0.5)
        number of trials for it.
    seed : int
    progress : bool or None
    title : str
    paired : bool
        Pair the Monte Carlo runs when every setup has a per-trial kernel
        (default). ``False`` runs them independently: setup ``k`` uses seed ``seed + k``.
    strict : bool
        Refuse an input that changes nothing in a setup (the command line's ``--strict``) rather
        than noting it.
    notes : sequence of (prefix, InputNote), optional
        The notes the comparison's manifest lists (``input_notes``, ``notes``), e.g. those of the
        scenario whose ``[compare]`` setups these are (:func:`fleeodds.evaluation.scenario_notes`);
        default: each setup's own notes, prefixed with its label.

    Returns
    -------
    Comparison
        Labels in the reader's language, the context's (``with use_lang("fr"): compare(...)``).

    Raises
    ------
    InputError
        With fewer than two setups, setups of different rules systems, or an
        invalid method, trials, precision or seed.
    """
    if (not isinstance(setups, (list, tuple))
            or not all(isinstance(x, (tuple, list)) and len(x) == 2 for x in setups)):
        raise InputError("setups", short_repr(setups), Message(N_("a list of (label, scenario) pairs")))
    if method not in ("exact", "mc", "both"):
        raise InputError("method", short_repr(method), Message(N_("one of 'exact', 'mc', 'both'")))
    setups = [(label, sc if isinstance(sc, Scenario) else load_scenario(sc, strict=strict)) for label, sc in setups]
    if any(not isinstance(label, str) or not label.strip() for label, _ in setups):
        raise InputError("setups", [label for label, _ in setups], Message(N_("a non-empty text label for every setup")))
    if len(setups) < 2:
        raise InputError("setups", len(setups), Message(N_("at least two setups to compare")))
    systems = {s.system for _, s in setups}
    if len(systems) > 1:
        raise InputError("setups", sorted(systems), Message(N_("setups of one rules system")))
    labels = [lab for lab, _ in setups]
    if len(set(labels)) != len(labels):
        raise InputError("setups", labels, Message(N_("distinct setup labels")))
    if trials is not None and precision is not None:
        raise InputError("trials/precision", (trials, precision), Message(N_("either a number of trials or a precision, not both")))
    if notes is None:
        notes = [(f"{label}: ", n) for label, sc in setups for n in sc.input_notes()]
    if strict:
        refuse_all(list(notes))
    scenarios = [sc for _, sc in setups]
    want_mc = method in ("mc", "both")
    use_paired = (paired and want_mc and all(sc.has_trial_kernel for sc in scenarios))
    pc = None
    if use_paired:
        if precision is not None:
            if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not 0 < precision < 0.5:
                raise InputError("precision", precision, Message(N_("a number between 0 and 0.5 (e.g. 0.001)")))
            trials = trials_for_precision(0.5, precision)
        pc = engine.simulate_paired([sc.trial_kernel() for sc in scenarios], [len(sc.outcomes) for sc in scenarios],
                                    trials=trials, seed=seed, progress=progress,
                                    description=title or "comparing")
    tables = []
    for k, sc in enumerate(scenarios):
        m = method if (method != "both" or sc.has_exact) else "mc"
        if pc is not None:
            counts = pc.outcome_counts(k).reshape(-1, 1)
            sim = engine.SimulationCounts(counts, pc.trials, pc.seed, pc.seconds / len(scenarios))
            t = evaluate(sc, m, simulation=sim)
            t.manifest["paired"] = True
        else:
            # unpaired runs must really be independent: setup k reads the stream of seed + k
            t = evaluate(sc, m, trials=trials, precision=precision, seed=(seed + k) % 2**63,
                         progress=progress)
        tables.append(t)
    frame = _frame(labels, scenarios, tables, pc)
    mc = [t.manifest for t in tables if "trials" in t.manifest]
    manifest = {"method": method, "setups": labels, "paired": pc is not None,
                "seed": mc[0]["seed"] if mc else None, "trials": mc[0]["trials"] if mc else None}
    sources = [s for t in tables for s in t.manifest.get("rule_sources", ())]
    if sources:  # every setup's, once each, in order
        manifest["rule_sources"] = [s for i, s in enumerate(sources) if s not in sources[:i]]
    sentences: dict[str, list[str]] = {}
    add_input_notes(manifest, sentences, list(notes))
    if sentences:
        manifest["notes"] = sentences
    return Comparison(frame, tables, title, manifest)


def merged_outcome_groups(sc: Scenario, scenarios: Sequence[Scenario]) -> list[tuple[str, list[str]]] | None:
    """``sc.outcome_groups`` with each group's codes joined over every setup's scenario (an edition may have
    outcomes another has not), for one stacked bar per setup; ``None`` when the scenario does not group its
    outcomes. The groups' names are in the reader's language.

    Parameters
    ----------
    sc : Scenario
        The question (its groups' names and order).
    scenarios : sequence of Scenario
        Every setup's scenario.

    Returns
    -------
    list of (str, list of str) or None
    """
    groups = sc.outcome_groups()
    if not groups:
        return None
    codes = [list(c) for _, c in groups]
    for other in scenarios:
        more = other.outcome_groups() or []
        for i, (_, extra) in enumerate(more[:len(codes)]):
            codes[i] += [c for c in extra if c not in codes[i]]
    seen: set = set()
    out = []
    for (name, _), c in zip(groups, codes):
        out.append((name, [x for x in c if not (x in seen or seen.add(x))]))
    return out


def best_frame(frame):
    """One row per setup and outcome of a comparison's frame: the exact value where there is one, else Monte
    Carlo's.

    Parameters
    ----------
    frame : pandas.DataFrame
        :attr:`fleeodds.results.Comparison.frame`.

    Returns
    -------
    pandas.DataFrame
    """
    if "exact" in frame and "setup" in frame:
        frame = frame.assign(_rank=(~frame.exact.fillna(False).astype(bool)).astype(int))
        frame = frame.sort_values("_rank", kind="stable").drop_duplicates(["setup", "outcome"]).drop(columns="_rank")
    return frame


def _frame(labels, scenarios, tables, pc) -> list[dict]:
    """The rows of the :class:`Comparison` (plain dicts keyed by ``FRAME_COLUMNS``)."""
    base_codes = [o.code for o in scenarios[0].outcomes]
    base_wide, base_cols = _wide(tables[0])
    rows = []
    for k, (label, sc, t) in enumerate(zip(labels, scenarios, tables)):
        wide, cols = _wide(t)
        codes = [o.code for o in sc.outcomes]
        for j, code in enumerate(codes):
            r = wide[code]
            has_ex = "exact" in cols and not np.isnan(r.get("exact", np.nan))
            p = float(r["exact"]) if has_ex else float(r["monte_carlo"])
            lo = p if has_ex else float(r["ci_low"])
            hi = p if has_ex else float(r["ci_high"])
            i = base_codes.index(code) if code in base_codes else None
            base_ex = i is not None and "exact" in base_cols and not np.isnan(base_wide[code].get("exact", np.nan))
            base_has_exact = "exact" in base_cols or i is None
            mc_d = mc_lo = mc_hi = np.nan
            if "monte_carlo" in cols:
                if pc is not None:
                    mc_d, mc_lo, mc_hi = paired_difference_from_joint(pc.joint[k], i, j)
                else:
                    pa = float(base_wide[code]["monte_carlo"]) if i is not None else 0.0
                    mc_d, mc_lo, mc_hi = independent_difference(pa, float(r["monte_carlo"]),
                                                                int(tables[0].manifest["trials"]),
                                                                int(t.manifest["trials"]))
                if k == 0:
                    mc_d = mc_lo = mc_hi = 0.0
            both_exact = has_ex and (base_ex or (i is None and base_has_exact))
            if both_exact:
                pa = float(base_wide[code]["exact"]) if i is not None else 0.0
                d = dlo = dhi = p - pa
            else:
                d, dlo, dhi = mc_d, mc_lo, mc_hi
            rows.append({"setup": label, "outcome": code, "label": r["label"], "probability": p,
                         "ci_low": lo, "ci_high": hi, "exact": has_ex, "difference": d, "diff_low": dlo,
                         "diff_high": dhi, "diff_exact": both_exact, "mc_difference": mc_d,
                         "mc_diff_low": mc_lo, "mc_diff_high": mc_hi, "paired": pc is not None})
        # an outcome of the reference that this setup cannot reach (e.g. "held" under The Old World's
        # rules) has probability 0 here: its difference is minus the reference's probability
        for code in (c for c in base_codes if c not in codes):
            b = base_wide[code]
            b_ex = "exact" in base_cols and not np.isnan(b.get("exact", np.nan))
            here_exact = sc.has_exact and t.methods[0] == "exact"
            both_exact = b_ex and here_exact
            mc_d = mc_lo = mc_hi = np.nan
            if "monte_carlo" in base_cols and "monte_carlo" in cols:
                n = int(tables[0].manifest["trials"])
                # B is 0 on every trial, paired or not: the variance is that of A's indicator alone
                mc_d, mc_lo, mc_hi = independent_difference(float(b["monte_carlo"]), 0.0, n, n)
            d = dlo = dhi = -float(b["exact"]) if both_exact else np.nan
            if not both_exact:
                d, dlo, dhi = mc_d, mc_lo, mc_hi
            rows.append({"setup": label, "outcome": code, "label": b["label"], "probability": 0.0,
                         "ci_low": 0.0, "ci_high": 0.0, "exact": here_exact, "difference": d, "diff_low": dlo,
                         "diff_high": dhi, "diff_exact": both_exact, "mc_difference": mc_d,
                         "mc_diff_low": mc_lo, "mc_diff_high": mc_hi, "paired": pc is not None})
    return rows



def _wide(table: OutcomeTable) -> tuple[dict[str, dict], set[str]]:
    """:meth:`OutcomeTable.wide_rows` by outcome code, and the names of its columns."""
    rows = {r["outcome"]: r for r in table.wide_rows()}
    return rows, set(next(iter(rows.values()))) if rows else set()
