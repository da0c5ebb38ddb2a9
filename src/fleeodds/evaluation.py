"""The one evaluation of a scenario: exactly and/or by Monte Carlo, into an :class:`~fleeodds.results.OutcomeTable`.

Every front (the Python API, the command line, sweeps, comparisons, rankings, the web page) evaluates
through :func:`evaluate`.

>>> from fleeodds.loading import example_path, load_scenario
>>> sc = load_scenario(example_path("warhammer/goblins_broken_by_dwarfs.toml"))
>>> round(evaluate(sc, method="exact").probability("caught", "exact"), 4)
0.51
"""

from __future__ import annotations

import platform
import sys
from datetime import datetime, timezone
from fractions import Fraction
from importlib import metadata
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from .errors import InputError, as_message, short_repr
from .language import Message, N_, SOURCE_LANG, available_langs, get_lang, use_lang
from .system import Scenario
from .validation import refuse_notes

if TYPE_CHECKING:  # imported when a scenario is evaluated: loading a scenario needs no pandas
    from . import engine
    from .results import OutcomeTable

METHODS = ("exact", "mc", "both")
#: Exact solves estimated to take longer than this (seconds) are announced on standard error.
LONG_EXACT_SECONDS = 2.0


def _versions() -> dict[str, str]:
    def version(name: str) -> str:  # from the installed metadata: no need to import numba for it
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "unknown"

    own = version("fleeodds")
    if own == "unknown":
        from . import __version__ as own
    return {"fleeodds": own, "numpy": np.__version__, "numba": version("numba"),
            "pandas": version("pandas"), "python": platform.python_version()}


def evaluate(
    scenario: Scenario,
    method: str = "both",
    *,
    trials: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    progress: bool | None = None,
    simulation: "engine.SimulationCounts | None" = None,
    strict: bool = False,
    exact_mode: str | None = None,
) -> OutcomeTable:
    """Evaluate a scenario.

    Parameters
    ----------
    scenario : Scenario
        From :func:`load_scenario`.
    method : {"both", "exact", "mc"}
        ``"both"`` runs the exact solver (when the scenario has one) and Monte
        Carlo; ``"exact"`` fails if the scenario has no exact solver.
    trials : int, optional
        Monte Carlo trials; default 1,000,000 unless ``precision`` is given.
    precision : float, optional
        Target 95 % Wilson half-width of every outcome, e.g. 0.001.
    seed : int
        Seed of the counter-based stream (same seed, same counts, any thread count).
    progress : bool or None
        Progress bar on long Monte Carlo runs (``None``: only on a terminal).
    simulation : SimulationCounts, optional
        Monte Carlo counts already run for this scenario (e.g. the marginals of
        a paired run, :func:`fleeodds.engine.simulate_paired`); used instead of
        simulating. Counts of shape ``(n_outcomes, 1)`` carry no metric
        distribution.
    strict : bool
        Refuse a scenario that noted an input changing nothing here (:meth:`Scenario.input_notes
        <fleeodds.system.Scenario.input_notes>`; the command line's ``--strict``): the first note is
        raised as its error. By default the notes are kept in the manifest (``notes``, ``input_notes``).
    exact_mode : {None, "fraction", "float"}
        The exact solver's arithmetic: None lets the scenario choose (rationals where it can,
        ``Scenario.exact_fraction_ok``); ``"float"`` asks for floating point (a ranking of many units
        wants the numbers, not the fractions); ``"fraction"`` is taken only where the scenario can.

    Returns
    -------
    OutcomeTable
        Its labels (and the manifest's ``title``) in the reader's language, the context's
        (:func:`fleeodds.language.get_lang`; ``with use_lang("fr"): evaluate(...)``), which the table
        records as :attr:`~fleeodds.results.OutcomeTable.lang`; the manifest keeps the title, notes and
        sentences in every language (:meth:`~fleeodds.results.OutcomeTable.relabel` gives another).

    Raises
    ------
    InputError
        Unknown method, invalid trials/precision/seed,
        ``method="exact"`` on a scenario without an exact solver, or (``strict``) an input that
        changes nothing here.
    """
    from . import engine
    from .results import OutcomeTable
    from .stats import wilson_interval, z_score

    if not isinstance(scenario, Scenario):
        raise InputError("scenario", short_repr(scenario),
                         Message(N_("a scenario from fleeodds.load_scenario (which takes a file name or a dict)")))
    if simulation is not None and not isinstance(simulation, engine.SimulationCounts):
        raise InputError("simulation", short_repr(simulation), Message(N_("counts from fleeodds.engine.simulate, or None")))
    if method not in METHODS:
        raise InputError("method", short_repr(method), Message(N_("one of 'exact', 'mc', 'both'")))
    lang = get_lang()  # the reader's, chosen at the edge: the labels' language
    if strict:
        refuse_notes(scenario.input_notes())
    if method == "exact" and not scenario.has_exact:
        raise InputError("method", method, Message(N_("'mc' or 'both': this scenario has no exact solver ({why})"),
                                                   why=as_message(scenario.exact_refusal)) if scenario.exact_refusal
                         else Message(N_("'mc' or 'both': this scenario has no exact solver")))
    rows: list[dict[str, Any]] = []
    dist_rows: list[dict[str, Any]] = []
    manifest: dict[str, Any] = {
        "title": scenario.title_label().render(lang),
        "titles": {lg: scenario.title_label().render(lg) for lg in available_langs()},
        "system": scenario.system,
        "method": method,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "versions": _versions(),
        "scenario": scenario.describe(),
    }
    unused = scenario.unused_inputs()
    if unused:
        manifest["unused_inputs"] = list(unused)
    notes = in_each_language(lambda: list(scenario.notes()))  # the summary's sentences, every language
    add_input_notes(manifest, notes, [("", n) for n in scenario.input_notes()])
    if any(notes.values()):
        manifest["notes"] = notes
    if scenario.outcome_order:
        manifest["outcome_order"] = list(scenario.outcome_order)
    groups = in_each_language(scenario.outcome_groups)
    if groups[SOURCE_LANG]:  # outcomes that group (a fight's sides): the charts stack them by group
        manifest["outcome_groups"] = {lg: [[name, list(codes)] for name, codes in g] for lg, g in groups.items()}
    sources = rule_sources_of(scenario)
    if sources:
        manifest["rule_sources"] = sources
    exact_p: dict[int, float] = {}
    fractions: dict[str, str] = {}
    labels = [o.label().render(lang) for o in scenario.outcomes]
    codes = [o.code for o in scenario.outcomes]
    if method in ("exact", "both") and scenario.has_exact:
        if exact_mode not in (None, "fraction", "float"):
            raise InputError("exact_mode", short_repr(exact_mode), Message(N_("None, 'fraction' or 'float'")))
        mode = "fraction" if scenario.exact_fraction_ok and exact_mode != "float" else "float"
        if progress is not False and scenario.exact_seconds >= LONG_EXACT_SECONDS:
            print(f"solving exactly: about {scenario.exact_seconds:.0f} s…", file=sys.stderr, flush=True)
        dist = scenario.exact_distribution(mode)
        zero: Any = Fraction(0) if mode == "fraction" else 0.0
        per: dict[int, Any] = {i: zero for i in range(len(codes))}
        for (o, m), p in dist.items():
            per[o] += p
            if scenario.metric.code != "none":
                dist_rows.append({"method": "exact", "outcome": codes[o], "label": labels[o],
                                  "value": m, "probability": float(p), "count": np.nan})
        for i, p in per.items():
            exact_p[i] = float(p)
            if isinstance(p, Fraction):
                fractions[codes[i]] = str(p)  # "7/20", "0", "1"
            rows.append({"method": "exact", "outcome": codes[i], "label": labels[i], "probability": float(p),
                         "ci_low": float(p), "ci_high": float(p), "count": np.nan, "trials": np.nan,
                         "exact": True, "z": np.nan})
        manifest["exact_mode"] = mode
        side = scenario.summary(mode)
        if side:
            manifest["exact_summary"] = _plain(side)
    elif method == "both" and scenario.exact_refusal:
        manifest["exact_refusal"] = scenario.exact_refusal
    if method in ("mc", "both"):
        sim = simulation or engine.simulate(scenario.kernel(), trials=trials, precision=precision, seed=seed,
                                            progress=progress, description=scenario.title_label().render(lang) or "simulating")
        manifest.update({"seed": sim.seed, "trials": sim.trials, "precision": precision,
                         "mc_seconds": round(sim.seconds, 3)})
        per_outcome = sim.outcome_counts
        for i, k in enumerate(per_outcome):
            lo, hi = wilson_interval(int(k), sim.trials)
            z = z_score(int(k), sim.trials, exact_p[i]) if i in exact_p else np.nan
            rows.append({"method": "monte_carlo", "outcome": codes[i], "label": labels[i],
                         "probability": k / sim.trials, "ci_low": lo, "ci_high": hi, "count": int(k),
                         "trials": sim.trials, "exact": False, "z": z})
        if scenario.metric.code != "none" and sim.counts.shape[1] == scenario.metric.n_bins:
            counts = sim.counts
            for o in range(counts.shape[0]):
                for b in np.nonzero(counts[o])[0]:
                    dist_rows.append({"method": "monte_carlo", "outcome": codes[o], "label": labels[o],
                                      "value": int(b) + scenario.metric.offset,
                                      "probability": counts[o, b] / sim.trials, "count": int(counts[o, b])})
    # plain rows: the table builds its pandas frames only when they are asked for
    table = OutcomeTable(rows, _merge_distribution(dist_rows), manifest, tuple(scenario.outcomes), scenario.metric,
                         fractions)
    best = {r["outcome"]: r["probability"] for r in table.best_rows()}
    sentences = in_each_language(lambda: list(scenario.summary_sentences(best)))
    if any(sentences.values()):  # the system's own short sentences replace the outcome list
        manifest["sentences"] = sentences
    return table


def in_each_language(build: Callable[[], Any]) -> dict[str, Any]:
    """``{lang: build()}`` with ``build`` run in each language that has a catalogue (``"en"``, ``"fr"``): the
    manifest keeps a scenario's sentences in every language, for a reader who asks for another later.

    Parameters
    ----------
    build : callable
        Writes in the reader's language (:func:`fleeodds.language.use_lang`).

    Returns
    -------
    dict of str to object
    """
    out = {}
    for lg in available_langs():
        with use_lang(lg):
            out[lg] = build()
    return out


Noted = tuple  # (prefix, InputNote): prefix "" for the scenario, "compare.<label>: " for a setup


def rule_sources_of(scenario: Scenario) -> list[dict[str, str]]:
    """The scenario's :meth:`~fleeodds.system.Scenario.rule_sources` as plain records (``rule``, ``edition``,
    ``source``, each a string), duplicates left out, in the scenario's order.

    Parameters
    ----------
    scenario : Scenario

    Returns
    -------
    list of dict

    Raises
    ------
    InputError
        A source that is not a mapping with those three keys (a system's error, named).
    """
    out: list[dict[str, str]] = []
    for item in scenario.rule_sources() or ():
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("rule", "edition", "source")):
            raise InputError("rule_sources", short_repr(item),
                             Message(N_("records with the text fields 'rule', 'edition' and 'source'")))
        rec = {"rule": item["rule"], "edition": item["edition"], "source": item["source"]}
        if rec not in out:
            out.append(rec)
    return out


def scenario_notes(scenario: Scenario, variants: list | None = None) -> list[Noted]:
    """The notes of a scenario's inputs that change nothing (the input policy, docs/inputs.md): its own,
    then each comparison setup's, prefixed ``compare.<label>: `` (``variants``: the setups already
    built by :meth:`Scenario.variants`, not built again).

    Returns
    -------
    list of (str, InputNote)
    """
    out: list[Noted] = [("", n) for n in scenario.input_notes()]
    said = {_english(n) for n in scenario.input_notes()}  # a setup inherits the base's notes: said once
    for v in (scenario.variants() if variants is None else variants):
        out += [(f"compare.{v.name}: ", n) for n in v.scenario.input_notes() if _english(n) not in said]
    return _distinct(out)


def _distinct(notes: list[Noted]) -> list[Noted]:
    seen: set[str] = set()
    out = []
    for prefix, note in notes:
        key = _english(note, prefix)
        if key not in seen:
            seen.add(key)
            out.append((prefix, note))
    return out


def _english(note, prefix: str = "") -> str:
    """A note's message in English (what tells two notes apart, whatever the reader's language)."""
    with use_lang(SOURCE_LANG):
        return note.message(prefix)


def note_lines(notes: list[Noted]) -> list[str]:
    """``note: F: V has no effect …`` (French: ``remarque : …``) in the reader's language, once each, as
    standard error shows them."""
    return list(dict.fromkeys(note.line(prefix=prefix) for prefix, note in notes))


def refuse_all(notes: list[Noted]) -> None:
    """``--strict`` / ``strict=True``: raise the first note as its error (:meth:`InputNote.error`)."""
    for prefix, note in notes:
        raise note.error(prefix)


def add_input_notes(manifest: dict[str, Any], sentences: dict[str, list[str]], notes: list[Noted]) -> None:
    """Put ``notes`` in a manifest: their sentences after ``sentences`` (``{"en": [...], "fr": [...]}``,
    changed in place; the manifest's ``notes``) and each as a record in ``input_notes`` (field, value as
    written, reason in English and French, the setup's label for a setup's note)."""
    notes = _distinct(notes)
    if not notes:
        return
    for lg in available_langs():
        sentences.setdefault(lg, [])
        with use_lang(lg):
            sentences[lg] += [note.message(prefix=prefix) for prefix, note in notes]
    manifest["input_notes"] = [note.record(prefix) for prefix, note in notes]


def _merge_distribution(dist_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per ``(method, outcome, label, value)``, in order of first appearance: probabilities
    summed (as pandas' ``groupby(...).sum()``), counts summed, NaN where no row has a count (exact)."""
    from .results import _group_sum

    groups: dict[tuple, list[dict[str, Any]]] = {}
    for r in dist_rows:
        groups.setdefault((r["method"], r["outcome"], r["label"], r["value"]), []).append(r)
    out = []
    for (method, code, label, value), rs in groups.items():
        counts = [r["count"] for r in rs if r["count"] == r["count"]]  # NaN: no count
        out.append({"method": method, "outcome": code, "label": label, "value": value,
                    "probability": _group_sum([float(r["probability"]) for r in rs]),
                    "count": sum(int(c) for c in counts) if counts else np.nan})
    return out


def _plain(value: Any) -> Any:
    """Fractions as ``"n/d"`` strings (exact) next to nothing else changed, for the JSON manifest."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
