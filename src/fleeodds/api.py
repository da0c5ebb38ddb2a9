"""The public Python API: load a scenario, evaluate it exactly and/or by Monte Carlo.

>>> import fleeodds
>>> sc = fleeodds.load_scenario(fleeodds.example_path("warhammer/goblins_broken_by_dwarfs.toml"))
>>> table = fleeodds.evaluate(sc, method="both", trials=200_000, seed=1)
>>> round(table.probability("caught", "exact"), 4)
0.51
"""

from __future__ import annotations

import os
import platform
import sys
from datetime import datetime, timezone
from fractions import Fraction
from importlib import metadata
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from . import files
from .errors import InputError, short_repr
from .outcomes import check_lang
from .system import Scenario, scenario_from_dict

if TYPE_CHECKING:  # imported when a scenario is evaluated: listing examples needs no pandas
    from . import engine
    from .results import OutcomeTable

METHODS = ("exact", "mc", "both")
#: Exact solves estimated to take longer than this (seconds) are announced on standard error.
LONG_EXACT_SECONDS = 2.0


def example_dir() -> Path:
    """Folder of the shipped example scenarios."""
    return Path(str(resources.files("fleeodds") / "examples"))


def example_path(name: str) -> Path:
    """Path of a shipped example, e.g. ``"warhammer/goblins_broken_by_dwarfs.toml"``."""
    p = example_dir() / name
    if not p.exists():
        raise InputError("example", name, "one of the files listed by `fleeodds examples`")
    return p


def list_examples() -> list[Path]:
    """Every shipped example scenario file, sorted."""
    return sorted(example_dir().rglob("*.toml"))


def load_scenario(source: str | Path | dict) -> Scenario:
    """Load and validate a scenario.

    Parameters
    ----------
    source : path to a TOML file, or a dict with the same content
        A bare name such as ``"warhammer/goblins_broken_by_dwarfs.toml"`` that is
        not a file is looked up among the shipped examples. Relative file names
        inside a dict (``profiles_file``) are read from the current folder.

    Returns
    -------
    Scenario

    Raises
    ------
    FleeoddsError
        On a value that is neither a path nor a dict, a missing or unreadable file
        (a folder, a device, a pipe, not UTF-8, over 8 MiB), invalid TOML, or any
        invalid field (the message names the field, the value and what is allowed).
    """
    if isinstance(source, dict):
        return scenario_from_dict(source, Path.cwd())
    if isinstance(source, bytes) or not isinstance(source, (str, os.PathLike)):
        raise InputError("scenario", short_repr(source),
                         "a .toml file name, a name listed by `fleeodds examples`, or a dict of fields")
    text = os.fspath(source)
    if not text.strip():
        raise InputError("scenario", text, "an existing .toml file or a name listed by `fleeodds examples`")
    path = Path(text)
    if not _exists(path):
        candidate = example_dir() / text
        if _exists(candidate):
            path = candidate
        else:
            raise InputError("scenario", short_repr(text),
                             "an existing .toml file or a name listed by `fleeodds examples`")
    data = files.read_toml(path, "scenario")
    return scenario_from_dict(data, path.parent)


def _exists(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a name too long for the file system is not a file here
        return False


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
    lang: str = "en",
    progress: bool | None = None,
    simulation: "engine.SimulationCounts | None" = None,
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
    lang : {"en", "fr"}
        Language of the labels.
    progress : bool or None
        Progress bar on long Monte Carlo runs (``None``: only on a terminal).
    simulation : SimulationCounts, optional
        Monte Carlo counts already run for this scenario (e.g. the marginals of
        a paired run, :func:`fleeodds.engine.simulate_paired`); used instead of
        simulating. Counts of shape ``(n_outcomes, 1)`` carry no metric
        distribution.

    Returns
    -------
    OutcomeTable

    Raises
    ------
    InputError
        Unknown method or language, invalid trials/precision/seed, or
        ``method="exact"`` on a scenario without an exact solver.
    """
    from . import engine
    from .results import OutcomeTable
    from .stats import wilson_interval, z_score

    if not isinstance(scenario, Scenario):
        raise InputError("scenario", short_repr(scenario),
                         "a scenario from fleeodds.load_scenario (which takes a file name or a dict)")
    if simulation is not None and not isinstance(simulation, engine.SimulationCounts):
        raise InputError("simulation", short_repr(simulation), "counts from fleeodds.engine.simulate, or None")
    if method not in METHODS:
        raise InputError("method", short_repr(method), "one of 'exact', 'mc', 'both'")
    check_lang(lang)
    if method == "exact" and not scenario.has_exact:
        why = f" ({scenario.exact_refusal})" if scenario.exact_refusal else ""
        raise InputError("method", method, f"'mc' or 'both': this scenario has no exact solver{why}")
    rows: list[dict[str, Any]] = []
    dist_rows: list[dict[str, Any]] = []
    manifest: dict[str, Any] = {
        "title": scenario.title_in(lang),
        "titles": {lg: scenario.title_in(lg) for lg in ("en", "fr")},
        "system": scenario.system,
        "method": method,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "versions": _versions(),
        "scenario": scenario.describe(),
    }
    unused = scenario.unused_inputs()
    if unused:
        manifest["unused_inputs"] = list(unused)
    notes = {lg: list(scenario.notes(lg)) for lg in ("en", "fr")}  # the summary's sentences, both languages
    if notes["en"] or notes["fr"]:
        manifest["notes"] = notes
    if scenario.outcome_order:
        manifest["outcome_order"] = list(scenario.outcome_order)
    exact_p: dict[int, float] = {}
    fractions: dict[str, str] = {}
    labels = [o.label(lang) for o in scenario.outcomes]
    codes = [o.code for o in scenario.outcomes]
    if method in ("exact", "both") and scenario.has_exact:
        mode = "fraction" if scenario.exact_fraction_ok else "float"
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
                                            progress=progress, description=scenario.title_in(lang) or "simulating",
                                            lang=lang)
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
                         lang, fractions)
    best = {r["outcome"]: r["probability"] for r in table.best_rows()}
    sentences = {lg: list(scenario.summary_sentences(best, lg)) for lg in ("en", "fr")}
    if sentences["en"] or sentences["fr"]:  # the system's own short sentences replace the outcome list
        manifest["sentences"] = sentences
    return table


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


def army_matrix(scenario: Scenario | str | Path | dict, rows: Any, cols: Any, *,
                system: str | Path | None = None, layout: str = "cells", method: str = "auto",
                trials: int = 100_000, seed: int = 0, types: Any = None, points: Any = None,
                workers: int | None = None, scheduler: str | None = None, progress: bool | None = None,
                lang: str = "en"):
    """Army against army as a :class:`pandas.DataFrame`: every unit of ``rows`` in the first role of
    the scenario's rules system (Warhammer: fleeing) against every unit of ``cols`` in the other
    (pursuing); see :mod:`fleeodds.matrix`.

    Parameters
    ----------
    scenario : Scenario, path, example name or dict
        A scenario of a rules system with list building (loaded with :func:`load_scenario`).
    rows, cols : path, Army or list of dict
        A BattleScribe catalogue (``.cat``), a :class:`fleeodds.matrix.Army`, or unit profiles (an
        army then named after its role).
    system : path, optional
        The BattleScribe game-system file (``.gst``) of the catalogues.
    layout : {"cells", "long", "wide"}
        ``"cells"``: one row per pair (every outcome, the total and its interval, points and
        per-100-points columns, :attr:`fleeodds.results.Matrix.cells`); ``"long"``: one row per
        pair and outcome (tidy); ``"wide"``: the matrix of the total, rows the first army's units.
    method, trials, seed, types, points, workers, scheduler, progress, lang
        As :func:`fleeodds.matrix.matrix`.

    Returns
    -------
    pandas.DataFrame
        Its ``attrs["failures"]`` lists the cells that could not be computed, ``attrs["manifest"]``
        the run (method, seed, distinct exact chains solved, runner).

    Raises
    ------
    FleeoddsError
        A bad scenario, catalogue or option (see :func:`fleeodds.matrix.matrix`), an unknown layout.
    """
    from .matrix import Army, load_army, matrix
    from .system import get_system

    if layout not in ("cells", "long", "wide"):
        raise InputError("layout", short_repr(layout), "one of 'cells', 'long', 'wide'")
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)

    def army(side: Any, name: str) -> Army:
        if isinstance(side, Army):
            return side
        if isinstance(side, (list, tuple)):
            return Army(name, list(side))
        if isinstance(side, (str, os.PathLike)):
            return load_army(side, system, rules_system=sc.system)
        raise InputError(name, short_repr(side), "a .cat file, an Army or a list of unit profiles")

    first, other = (tuple(get_system(sc.system).roles) + ("", ""))[:2]  # matrix() refuses fewer than two roles
    m = matrix(sc, army(rows, first), army(cols, other), method=method, trials=trials, seed=seed,
               types=types, points=points, workers=workers, scheduler=scheduler, progress=progress, lang=lang)
    frame = m.cells.copy() if layout == "cells" else m.frame.copy() if layout == "long" else m.wide()
    frame.attrs["failures"] = list(m.failures)
    frame.attrs["manifest"] = dict(m.manifest)
    return frame
