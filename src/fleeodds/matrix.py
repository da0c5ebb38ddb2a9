"""Army against army: every unit of one army against every unit of another, in one scenario.

For list builders comparing whole catalogues ("which of my units gets away from their fast
cavalry, which of theirs can I run down?"): each unit of the first army takes the first role of
the scenario's rules system (Warhammer: ``fleeing``), each unit of the second army the other
role (``pursuing``), and every pair is one *cell*, evaluated exactly where the scenario allows,
by Monte Carlo otherwise (with 95 % Wilson intervals).

This module knows no game: it reaches the rules system through ``SYSTEM.roles``, its
list-building module (:func:`fleeodds.rank.list_building`: unit columns, the total a matrix
shows and in which direction it is good) and :meth:`~fleeodds.system.Scenario.with_unit`.

How the cost stays gentle
-------------------------
Many units share the numbers a scenario reads (M, Ld, the rules that bear on flee and
pursuit): two cells whose scenarios give the same :meth:`~fleeodds.system.Scenario.exact_cache_key`
are one exact chain, solved once (and kept for the rest of the process). Monte Carlo cells are
each run on their own seed, :func:`fleeodds.scale.cell_seed` of the run's seed and the two unit
names, so that a cell's counts are the same whatever computes it, in whatever order, and
whatever other units are in the matrix.

The cells go through :class:`fleeodds.scale.Runner`: in this process by default, on a local Dask
cluster (``workers=N``) or on an existing one (``scheduler="tcp://host:8786"``); results are
identical. A failed cell is reported in :attr:`~fleeodds.results.Matrix.failures`, not fatal; a
run given the matrix an earlier run wrote (``resume=``) computes only the cells that one lacks.

>>> import fleeodds
>>> from fleeodds.matrix import Army, matrix
>>> sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")
>>> mine = Army("Greenskins", [{"name": "Night Goblins", "movement": 4, "leadership": 5}])
>>> theirs = Army("Empire", [{"name": "Knights", "movement": 8, "leadership": 8, "troop_type": "cavalry",
...                            "rules": ["swiftstride"]},
...                          {"name": "Halberdiers", "movement": 4, "leadership": 7}])
>>> m = matrix(sc, mine, theirs, progress=False)
>>> m.wide().round(3)
pursuing       Knights  Halberdiers
fleeing
Night Goblins    0.664         0.51
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import FleeoddsError, InputError, either, error_message, grouped, short_repr
from .foreign import json_reason
from .language import Message, N_, Written, get_lang
from .outcomes import as_message
from .scale import Done, Job, Runner, cell_seed
from .system import Scenario, get_system, label_texts
from .validation import refuse_notes

#: Most cells one matrix computes (an edition's every army against every other is a cluster's job,
#: one pair of armies at a time).
MAX_CELLS = 250_000
#: Monte Carlo cells of fewer trials run on one numba thread (see :func:`simulate_cell`).
ONE_THREAD_BELOW = 250_000
#: Seconds between two checkpoints of the output file during a run.
CHECKPOINT_SECONDS = 10.0
_POINTS = re.compile(r"^\s*(\d+(?:\.\d+)?)?\s*\.\.\s*(\d+(?:\.\d+)?)?\s*$")
_POINTS_SYNTAX = Message(N_("a points range LOW..HIGH such as 50..250 (either end may be left out: 100.. or ..300)"))

#: Most exact answers kept in this process (each a few hundred bytes).
MAX_CACHED = 200_000
#: Exact answers solved in this process: (mode, cache key) -> per-outcome result (see :func:`solve_exact`).
_EXACT_CACHE: dict[tuple[str, Any], dict[str, Any]] = {}


@dataclass
class Army:
    """The units of one side of a matrix.

    Attributes
    ----------
    name : str
        Shown in titles and axis labels (the catalogue's name).
    profiles : list of dict
        Unit profiles in the rules system's profile format (``ImportResult.profiles``), each with
        a distinct ``name``.
    points : dict
        Unit name -> points cost (float), for the units whose catalogue gives one.
    imported : ImportResult, optional
        The import it came from (skipped units, unmapped rules), for reports.
    """

    name: str
    profiles: list[dict[str, Any]]
    points: dict[str, float] = field(default_factory=dict)
    imported: Any = None

    def __post_init__(self):
        if not isinstance(self.profiles, list) or not all(isinstance(p, dict) for p in self.profiles):
            raise InputError("army.profiles", short_repr(self.profiles), Message(N_("a list of unit profile tables")))
        names = [str(p.get("name", "")) for p in self.profiles]
        if any(not n for n in names):
            raise InputError("army.profiles", short_repr(self.profiles), Message(N_("unit profiles that each have a name")))
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise InputError(f"{self.name or 'army'}.profiles", dup, Message(N_("distinct unit names within an army")))


def load_army(path: str | Path, system: str | Path | None = None, *, rules_system: str | None = None) -> Army:
    """A BattleScribe catalogue as an :class:`Army` of ``rules_system`` profiles, with the points
    of the units whose entry gives a cost.

    Parameters
    ----------
    path : path
        The catalogue (``.cat``).
    system : path, optional
        Its BattleScribe game-system file (``.gst``).
    rules_system : str, optional
        The key of the fleeodds rules system whose list building maps the units (a scenario's
        ``system``); default: the only installed system with list building.

    Raises
    ------
    FleeoddsError
        An unreadable catalogue or game-system file, a rules system without list building (or no
        ``rules_system`` while several systems have list building), or a catalogue without a usable
        unit (see :func:`fleeodds.importers.bsdata.read_catalogue`).
    """
    from .importers.bsdata import read_catalogue
    from .rank import list_building, list_building_systems

    if rules_system is None:
        keys = list_building_systems()
        if len(keys) != 1:
            raise InputError("rules_system", None,
                             Message(N_("one of {choices}"), choices=", ".join(repr(k) for k in keys)) if keys else
                             Message(N_("a rules system with list building (none is installed)")))
        rules_system = keys[0]
    cat = read_catalogue(path, system)
    lb = list_building(rules_system)
    result = lb.map_catalogue(cat)
    if not result.profiles:
        raise InputError("catalogue", str(path), Message(N_("a catalogue with at least one unit {system} can use; none of its {n} unit entries could be "
                            "imported"), system=rules_system, n=len(cat.units)))
    by_name: dict[str, list[Any]] = {}
    for unit in cat.units:
        by_name.setdefault(unit.name.strip() or unit.id, []).append(unit)
    points: dict[str, float] = {}
    for prof in result.profiles:  # "Name (2)" is the second unit of that name (see map_catalogue)
        name = prof["name"]
        m = re.fullmatch(r"(.*) \((\d+)\)", name)
        units = by_name.get(name) or (by_name.get(m.group(1), []) if m else [])
        k = int(m.group(2)) - 1 if m and name not in by_name else 0
        unit = units[k] if k < len(units) else None
        if unit is not None and unit.points is not None and unit.points > 0:
            points[name] = float(unit.points)
    return Army(result.catalogue or Path(path).stem, result.profiles, points, result)


def parse_points(text: str | None) -> tuple[float, float] | None:
    """``"50..250"`` -> ``(50.0, 250.0)``; ``"100.."`` -> ``(100.0, inf)``; None stays None.

    Raises
    ------
    InputError
        Not a range, or a low end above the high end.
    """
    if text is None:
        return None
    if isinstance(text, (tuple, list)) and len(text) == 2:
        lo, hi = text
    else:
        m = _POINTS.match(str(text)) if isinstance(text, str) else None
        if not m or (m.group(1) is None and m.group(2) is None):
            raise InputError("points", short_repr(text), _POINTS_SYNTAX)
        lo, hi = m.group(1), m.group(2)
    try:
        lo = float(lo) if lo is not None else 0.0
        hi = float(hi) if hi is not None else float("inf")
    except (TypeError, ValueError):
        raise InputError("points", short_repr(text), _POINTS_SYNTAX) from None
    if lo < 0 or lo > hi:
        raise InputError("points", short_repr(text), Message(N_("a range LOW..HIGH with 0 <= LOW <= HIGH")))
    return (lo, hi)


def _type_key(lb) -> str | None:
    """The profile key of the unit type among the list-building unit columns (Warhammer ``troop_type``)."""
    for c in lb.unit_columns:
        if "type" in c.column:
            return c.profile_key
    return None


def _parse_types(types: str | Iterable[str] | None, system: str, lb, armies: list[Army]) -> set[str] | None:
    if types is None:
        return None
    items = [t.strip() for t in types.split(",")] if isinstance(types, str) else [str(t).strip() for t in types]
    key = _type_key(lb)
    if key is None:
        raise InputError("types", short_repr(types), Message(N_("no unit types: this rules system's units have none")))
    known = dict(get_system(system).value_labels.get(key) or {})
    for army in armies:
        for p in army.profiles:
            v = p.get(key)
            if isinstance(v, str) and v:
                known.setdefault(v, (v, v))
    names = {}
    for code, label in known.items():
        for n in (code, *label_texts(label), code.replace("_", " ")):
            names[n.casefold()] = code
    if not items or any(not t for t in items):
        raise InputError("types", short_repr(types), Message(N_("a comma-separated list of unit types, e.g. infantry,cavalry")))
    out = set()
    for t in items:
        code = names.get(t.casefold())
        if code is None:
            raise InputError("types", t, Message(N_("one of {choices}"), choices=", ".join(sorted(known))))
        out.add(code)
    present = {p.get(key) for a in armies for p in a.profiles}
    for code in sorted(out):
        if code not in present:
            raise InputError("types", code, Message(N_("a unit type of at least one unit of {armies} (no unit is of that type; the filter "
                                        "would change nothing)"), armies=either([a.name for a in armies])))
    return out


def _filter(army: Army, types: set[str] | None, points: tuple[float, float] | None, key: str | None,
            raw_types, raw_points) -> Army:
    kept = []
    for p in army.profiles:
        if types is not None and p.get(key) not in types:
            continue
        if points is not None:
            cost = army.points.get(p["name"])
            if cost is None or not points[0] <= cost <= points[1]:
                continue
        kept.append(p)
    if not kept:
        what = ", ".join(x for x in (f"types {raw_types}" if types is not None else "",
                                     f"points {raw_points}" if points is not None else "") if x)
        raise InputError("types" if types is not None else "points", raw_types if types is not None else raw_points,
                         Message(N_("a filter that keeps at least one unit of {army} ({what} keeps none)"), army=army.name,
                                 what=what))
    return Army(army.name, kept, {k: v for k, v in army.points.items() if any(p["name"] == k for p in kept)},
                army.imported)


# ----------------------------------------------------------------------------- cell work
def _mode(sc: Scenario) -> str:
    return "fraction" if sc.exact_fraction_ok else "float"


def solve_exact(scenario: Scenario, mode: str) -> dict[str, Any]:
    """The exact probability of each outcome of ``scenario`` (summed over the metric).

    Returns
    -------
    dict
        ``{"codes": [...], "p": [float, ...], "fractions": ["n/d" or None, ...]}``, in the order of
        ``scenario.outcomes``.
    """
    dist = scenario.exact_distribution(mode)
    codes = [o.code for o in scenario.outcomes]
    zero: Any = Fraction(0) if mode == "fraction" else 0.0
    per = [zero] * len(codes)
    for (o, _), p in dist.items():
        per[o] += p
    return {"codes": codes, "p": [float(p) for p in per],
            "fractions": [str(p) if isinstance(p, Fraction) else None for p in per]}


def simulate_cell(scenario: Scenario, trials: int, seed: int) -> dict[str, Any]:
    """Monte Carlo counts of each outcome of ``scenario``: ``{"codes", "counts", "trials", "seed"}``.

    Below :data:`ONE_THREAD_BELOW` trials the kernel runs on one numba thread: the cells are the
    parallel work (on Dask workers), and starting the kernel's threads costs more than they bring
    for so few trials (6 ms against 42 ms a cell of 20,000 trials on a busy 2-core machine). The
    counts do not depend on the thread count (counter-based streams, :mod:`fleeodds.engine`).
    """
    import numba

    from .engine import simulate

    before = numba.get_num_threads()
    if trials < ONE_THREAD_BELOW:
        numba.set_num_threads(1)
    try:
        sim = simulate(scenario.kernel(), trials=trials, seed=seed, progress=False)
    finally:
        numba.set_num_threads(before)
    return {"codes": [o.code for o in scenario.outcomes], "counts": [int(k) for k in sim.outcome_counts],
            "trials": int(sim.trials), "seed": int(seed)}


def _digest(data: Any) -> str:
    return hashlib.blake2b(json.dumps(data, sort_keys=True, default=str).encode("utf-8"), digest_size=10).hexdigest()


#: What :func:`matrix` reads from an army's import besides the profiles, to field each unit at its own size
#: (``ImportResult.extras``: the catalogue's minimum size and points, the kind of unit, dice movement).
SIZING_KEYS = ("points", "min_models", "model_points", "kind", "movement_dice")


def _sizing(army: Army, side: str = "row") -> dict[tuple[str, str], dict[str, Any]]:
    """``{(side, unit name): the sizing fields}`` of an army imported from a catalogue (empty otherwise)."""
    from .importers.bsdata import ImportResult

    imported = army.imported
    if not isinstance(imported, ImportResult):
        return {}
    out = {}
    for p in imported.with_extras():
        got = {k: p[k] for k in SIZING_KEYS if k in p}
        if got:
            out[(side, p["name"])] = got
    return out


def _fingerprint(scenario: Scenario, method: str, trials: int, seed: int) -> str:
    """What a resumed run must share with the run that wrote the file."""
    return _digest({"scenario": scenario.base_source(), "system": scenario.system, "method": method,
                    "trials": trials, "seed": seed})


# ----------------------------------------------------------------------------- the matrix
def matrix(scenario: Scenario, rows: Army, cols: Army, *, method: str = "auto", trials: int = 100_000,
           seed: int = 0, types: str | Iterable[str] | None = None, points: str | tuple | None = None,
           runner: Runner | None = None, workers: int | None = None, scheduler: str | None = None,
           progress: bool | None = None, resume: Any = None, checkpoint: Callable | None = None,
           strict: bool = False, unit_size: Any = None):
    """Evaluate ``scenario`` for every unit of ``rows`` in the first role against every unit of
    ``cols`` in the other role.

    Parameters
    ----------
    scenario : Scenario
        A scenario of a rules system with list building and two roles (Warhammer: any situation;
        the ``fleeing`` and ``pursuer`` units are replaced, every other field is kept).
    rows, cols : Army
        The army in the first role (Warhammer: fleeing) and the one in the other (pursuing).
    method : {"auto", "exact", "mc"}
        ``"auto"``: exact where the cell's scenario has an exact solver, else Monte Carlo;
        ``"exact"``: a cell without one fails (reported).
    trials : int
        Monte Carlo trials per cell.
    seed : int
        The run's seed; each Monte Carlo cell runs on :func:`fleeodds.scale.cell_seed` of it and
        the two unit names.
    types : str or iterable of str, optional
        Keep only units of these types (Warhammer troop types, English or French names:
        ``"cavalry,monster"``), on both sides.
    points : str or (low, high), optional
        Keep only units whose points cost is in the range (``"50..250"``), on both sides.
    runner, workers, scheduler
        Where the cells run (:class:`fleeodds.scale.Runner`; default: in this process).
    progress : bool or None
        A bar over the cells (``None``: only on a terminal).
    resume : Matrix, optional
        A matrix an earlier run of the same scenario, method, trials and seed wrote; its cells
        (of units whose profiles did not change) are kept, not computed again.
    checkpoint : callable, optional
        Called with the matrix so far every :data:`CHECKPOINT_SECONDS` seconds during the run
        (e.g. to write the output file, so that an interrupted run can be resumed).
    unit_size : str or int, optional
        How many models each unit fields where the rules system sizes units
        (:attr:`~fleeodds.list_building.ListBuilding.fit_unit`; Warhammer fights: default the
        catalogue's minimum size, read from the armies' imports; ``"scenario"``, ``"points:N"`` or N).
    strict : bool
        Refuse a scenario that noted an input changing nothing (``--strict``); by default the notes are
        in the manifest (``input_notes``, ``notes``), once for the whole matrix.

    Returns
    -------
    fleeodds.results.Matrix
        Its title and labels in the reader's language, the context's (``with use_lang("fr"): matrix(...)``),
        which it records as :attr:`~fleeodds.results.Matrix.lang`.

    Raises
    ------
    InputError
        Not a scenario, a system without two roles, an unknown method, bad trials or seed, an
        unknown unit type or a bad points range (or a filter that keeps no unit, or a points
        range when no unit has points), too many cells, a ``resume`` of another run, a scenario
        with comparison setups (``[compare]``: a cell evaluates the scenario as it is).
    """
    from .rank import list_building

    lang = get_lang()  # the reader's, chosen at the edge
    if not isinstance(scenario, Scenario):
        raise InputError("scenario", short_repr(scenario), Message(N_("a scenario from fleeodds.load_scenario")))
    if not isinstance(rows, Army) or not isinstance(cols, Army):
        raise InputError("army", short_repr(rows if not isinstance(rows, Army) else cols),
                         Message(N_("an Army (fleeodds.matrix.load_army or Army(name, profiles))")))
    if strict:
        refuse_notes(scenario.input_notes())
    lb = list_building(scenario.system)
    known = tuple(get_system(scenario.system).roles)
    if len(known) != 2:
        raise InputError("scenario", scenario.system, Message(N_("a scenario of a rules system with two roles")))
    if method not in ("auto", "exact", "mc"):
        raise InputError("method", short_repr(method), Message(N_("one of 'auto', 'exact', 'mc'")))
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise InputError("trials", short_repr(trials), Message(N_("a whole number of at least 1")))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InputError("seed", short_repr(seed), Message(N_("an integer from 0 to 2**63 - 1")))
    setups = scenario.compare_setups()
    if setups:  # each cell replaces the units of the scenario as it is: its setups would change nothing
        raise InputError("compare", [str(x.name) for x in setups], Message(N_("no comparison setups in a matrix's scenario (each "
                         "cell evaluates the scenario as it is): remove [compare], or write one scenario per setup")))
    type_set = _parse_types(types, scenario.system, lb, [rows, cols])
    span = parse_points(points)
    if span is not None and not rows.points and not cols.points:
        raise InputError("points", short_repr(points), Message(N_("no points range: neither {rows} nor {cols} gives points costs"),
                                                     rows=rows.name, cols=cols.name))
    if type_set is not None or span is not None:
        key = _type_key(lb)
        rows = _filter(rows, type_set, span, key, types, points)
        cols = _filter(cols, type_set, span, key, types, points)
    n_cells = len(rows.profiles) * len(cols.profiles)
    if n_cells > MAX_CELLS:
        raise InputError("matrix", f"{n_cells} cells", Message(N_("at most {n} cells (filter the units by type or points)"),
                                                              n=grouped(MAX_CELLS)))
    r0, r1 = known
    fingerprint = _fingerprint(scenario, method, trials, seed)
    if unit_size is not None:  # a resumed run must field the units at the same size
        fingerprint = _digest([fingerprint, str(unit_size)])
    unit_hash = {("row", p["name"]): _digest(p) for p in rows.profiles}
    unit_hash.update({("col", p["name"]): _digest(p) for p in cols.profiles})
    previous = _previous_cells(resume, fingerprint, unit_hash)

    # build every cell's scenario (cheap) and group the exact ones by the numbers they solve
    cells: list[tuple[str, str]] = []
    built: dict[tuple[str, str], Scenario] = {}
    failures: dict[tuple[str, str], str] = {}
    jobs: dict[str, Job] = {}
    job_of: dict[tuple[str, str], str] = {}
    cached: dict[tuple[str, str], dict[str, Any]] = {}
    how_of: dict[tuple[str, str], str] = {}
    cell_seeds: dict[tuple[str, str], int] = {}
    sizing = {**_sizing(rows), **{("col", k[1]): v for k, v in _sizing(cols, "col").items()}}
    for pr in rows.profiles:
        try:
            base = lb.unit_scenario(scenario, r0, {**pr, **sizing.get(("row", pr["name"]), {})}, unit_size)
        except FleeoddsError as exc:
            base, why = None, error_message(exc)  # rendered where shown, in the reader's language
        for pc in cols.profiles:
            cell = (pr["name"], pc["name"])
            cells.append(cell)
            if cell in previous:
                continue
            if base is None:
                failures[cell] = why
                continue
            try:
                sc = lb.unit_scenario(base, r1, {**pc, **sizing.get(("col", pc["name"]), {})}, unit_size)
            except FleeoddsError as exc:
                failures[cell] = error_message(exc)
                continue
            built[cell] = sc
            how = ("exact" if sc.has_exact else "mc") if method == "auto" else method
            how_of[cell] = how
            if how == "exact":
                if not sc.has_exact:
                    failures[cell] = Message(N_("no exact solver for this cell ({why}); use --method auto or mc"),
                                             why=sc.exact_refusal)
                    continue
                mode = _mode(sc)
                ck = sc.exact_cache_key()
                if ck is not None and (mode, ck) in _EXACT_CACHE:
                    cached[cell] = _EXACT_CACHE[(mode, ck)]
                    continue
                key = "exact:" + (_digest([mode, repr(ck)]) if ck is not None else _digest(["cell", *cell]))
                jobs.setdefault(key, Job(key, solve_exact, (sc, mode)))
                job_of[cell] = key
            else:
                s = cell_seed(seed, *cell)
                cell_seeds[cell] = s
                key = "mc:" + _digest([*cell, s])
                jobs[key] = Job(key, simulate_cell, (sc, trials, s))
                job_of[cell] = key

    distinct = sum(1 for k in jobs if k.startswith("exact:"))
    context = dict(scenario=scenario, rows=rows, cols=cols, lb=lb, roles=known, lang=lang, method=method,
                   trials=trials, seed=seed, fingerprint=fingerprint, unit_hash=unit_hash)
    results: dict[tuple[str, str], dict[str, Any]] = dict(cached)
    cells_of_job: dict[str, list[tuple[str, str]]] = {}
    for cell, key in job_of.items():
        cells_of_job.setdefault(key, []).append(cell)
    last = [time.monotonic()]
    started = time.perf_counter()

    def on_done(done: Done) -> None:
        for cell in cells_of_job.get(done.key, []):
            if done.ok:
                results[cell] = done.value
            else:
                failures[cell] = done.error.replace("\n", "; ")
        if done.ok and done.key.startswith("exact:"):
            sc = built[cells_of_job[done.key][0]]
            ck = sc.exact_cache_key()
            if ck is not None:
                if len(_EXACT_CACHE) >= MAX_CACHED:  # a long session keeps the latest armies' chains
                    _EXACT_CACHE.clear()
                _EXACT_CACHE[(_mode(sc), ck)] = done.value
        if checkpoint is not None and time.monotonic() - last[0] >= CHECKPOINT_SECONDS:
            last[0] = time.monotonic()
            checkpoint(_assemble(context, cells, built, results, previous, failures, how_of, {}))

    own = runner is None
    runner = runner or Runner(workers=workers, scheduler=scheduler)
    try:
        if own:
            runner.start()
        runner.run(list(jobs.values()), progress=progress, desc=scenario.title_label().render(lang) or "matrix", on_done=on_done)
    finally:
        if own:
            runner.close()
    stats = {"cells": n_cells, "computed": len(results) - len(cached), "resumed": len(previous),
             "distinct_exact": distinct, "exact_from_cache": len(cached), "jobs": len(jobs),
             "runner": runner.describe(), "seconds": round(time.perf_counter() - started, 3)}
    return _assemble(context, cells, built, results, previous, failures, how_of, stats)


def _previous_cells(resume, fingerprint: str, unit_hash: dict) -> dict[tuple[str, str], dict[str, Any]]:
    """The rows of each cell of ``resume`` that this run would compute the same way."""
    if resume is None:
        return {}
    from .results import Matrix

    if not isinstance(resume, Matrix):
        raise InputError("resume", short_repr(resume), Message(N_("a matrix written by an earlier run (Matrix.from_dict)")))
    if resume.manifest.get("fingerprint") != fingerprint:
        raise InputError("resume", resume.title or "matrix", Message(N_("the output of a run of the same scenario, method, "
                         "trials and seed (this file is of another run; write to another file)")))
    old_units = resume.manifest.get("units") or {}
    keep: dict[tuple[str, str], dict[str, Any]] = {}
    cell_rows = {(r.row_unit, r.col_unit): r for r in resume.cells.itertuples(index=False)}
    for cell, sub in resume.frame.groupby(["row_unit", "col_unit"], sort=False):
        if cell not in cell_rows:
            continue
        if old_units.get("row", {}).get(cell[0]) != unit_hash.get(("row", cell[0])) or \
                old_units.get("col", {}).get(cell[1]) != unit_hash.get(("col", cell[1])):
            continue
        keep[cell] = {"rows": sub, "cell": cell_rows[cell]._asdict()}
    return keep


def _assemble(ctx: dict, cells, built, results, previous, failures, how_of, stats):
    """The :class:`~fleeodds.results.Matrix` of the cells done so far."""
    import numpy as np
    import pandas as pd

    from .results import MATRIX_COLUMNS, Matrix
    from .stats import wilson_interval

    lb, (r0, r1), lang = ctx["lb"], ctx["roles"], ctx["lang"]
    rows_army, cols_army = ctx["rows"], ctx["cols"]
    prof = {("row", p["name"]): p for p in rows_army.profiles}
    prof.update({("col", p["name"]): p for p in cols_army.profiles})
    total, total_codes = lb.total.column, lb.total.codes
    good = {r: not lb.best_first_ascending(r) for r in (r0, r1)}
    unit_columns = [(c.column, c.profile_key, c.default) for c in lb.unit_columns]
    outcomes: list[tuple[str, Message]] = []
    seen: set[str] = set()
    labels: dict[str, Message] = {}
    for sc in built.values():
        for o in sc.outcomes:
            labels[o.code] = o.label()
    long_rows: list[dict[str, Any]] = []
    cell_rows: list[dict[str, Any]] = []
    methods_used: set[str] = set()
    for cell in cells:
        if cell in previous:
            old = previous[cell]
            long_rows += old["rows"].to_dict(orient="records")
            c = dict(old["cell"])
            cell_rows.append(c)
            methods_used.add(c.get("method"))
            for r in old["rows"].itertuples(index=False):
                if r.outcome not in seen:
                    seen.add(r.outcome)
                    outcomes.append((r.outcome, labels.get(r.outcome, Written(str(r.label)))))
            continue
        if cell not in results:
            continue
        res = results[cell]
        how = "exact" if "p" in res else "mc"
        methods_used.add(how)
        row: dict[str, Any] = {"row_unit": cell[0], "col_unit": cell[1]}
        for side, army, name in (("row", rows_army, cell[0]), ("col", cols_army, cell[1])):
            p = prof[(side, name)]
            for col, key, default in unit_columns:
                value = p.get(key, default)
                row[f"{side}_{col}"] = tuple(value) if isinstance(value, (list, tuple)) else value
            row[f"{side}_points"] = army.points.get(name, np.nan)
        codes = res["codes"]
        caught = 0
        for j, code in enumerate(codes):
            if code not in seen:
                seen.add(code)
                outcomes.append((code, labels.get(code, Written(code))))
            if how == "exact":
                p = res["p"][j]
                lo = hi = p
                count, n, s, frac = pd.NA, pd.NA, pd.NA, res["fractions"][j]
            else:
                count, n, s, frac = res["counts"][j], res["trials"], res["seed"], None
                p = count / n
                lo, hi = wilson_interval(count, n)
                if code in total_codes:
                    caught += count
            row[code] = p
            long_rows.append({"row_unit": cell[0], "col_unit": cell[1], "outcome": code,
                              "label": labels.get(code, Written(code)).render(lang), "probability": p, "ci_low": lo,
                              "ci_high": hi, "count": count, "trials": n, "exact": how == "exact",
                              "fraction": frac, "seed": s})
        t = sum(row.get(c, 0.0) for c in codes if c in total_codes)
        if how == "exact":
            fr = [Fraction(res["fractions"][j]) for j, c in enumerate(codes) if c in total_codes
                  and res["fractions"][j] is not None]
            t = float(sum(fr)) if len(fr) == sum(1 for c in codes if c in total_codes) else t
            lo = hi = t
        else:
            t = caught / res["trials"]
            lo, hi = wilson_interval(caught, res["trials"])
        row[total], row[f"{total}_low"], row[f"{total}_high"] = t, lo, hi
        row["method"] = how
        row["trials"] = res.get("trials", pd.NA)
        row["seed"] = res.get("seed", pd.NA)
        cell_rows.append(row)
    codes = [c for c, _ in outcomes]
    side_cols = [f"{s}_{c}" for s in ("row", "col") for c in [*(c for c, _, _ in unit_columns), "points"]]
    columns = ["row_unit", "col_unit", *side_cols, *codes, total, f"{total}_low", f"{total}_high", "method",
               "trials", "seed"]
    table = pd.DataFrame(cell_rows, columns=columns)
    for c in codes:
        table[c] = table[c].astype("float64").fillna(0.0)
    for c in ("row_points", "col_points", total, f"{total}_low", f"{total}_high"):
        table[c] = table[c].astype("float64")
    table["trials"] = table["trials"].astype("Int64")
    table["seed"] = table["seed"].astype("Int64")
    for side, role in (("row", r0), ("col", r1)):
        pts = table[f"{side}_points"]
        if pts.notna().any():
            value = table[total] if good[role] else 1.0 - table[total]
            table[f"{side}_per_100_pts"] = value * 100.0 / pts
    # best first on each side: the mean total over the other side, in each role's direction
    if len(table):
        row_mean = table.groupby("row_unit", sort=False)[total].mean()
        col_mean = table.groupby("col_unit", sort=False)[total].mean()
        row_order = sorted(row_mean.index, key=lambda u: ((-1 if good[r0] else 1) * row_mean[u], u))
        col_order = sorted(col_mean.index, key=lambda u: ((-1 if good[r1] else 1) * col_mean[u], u))
        rank_r = {u: k for k, u in enumerate(row_order)}
        rank_c = {u: k for k, u in enumerate(col_order)}
        table = table.assign(_r=table.row_unit.map(rank_r), _c=table.col_unit.map(rank_c)).sort_values(
            ["_r", "_c"], kind="stable").drop(columns=["_r", "_c"]).reset_index(drop=True)
        order = {cell: k for k, cell in enumerate(zip(table.row_unit, table.col_unit))}
        long_rows.sort(key=lambda r: order.get((r["row_unit"], r["col_unit"]), len(order)))
    frame = pd.DataFrame(long_rows, columns=MATRIX_COLUMNS)
    frame = frame.astype({"count": "Int64", "trials": "Int64", "seed": "Int64", "probability": "float64",
                          "ci_low": "float64", "ci_high": "float64", "exact": "bool"})
    fails = [(a, b, failures[(a, b)]) for a, b in cells if (a, b) in failures and (a, b) not in results
             and (a, b) not in previous]
    manifest = {"scenario": ctx["scenario"].title, "system": ctx["scenario"].system, "method": ctx["method"],
                "methods_used": sorted(m for m in methods_used if m),
                "trials": ctx["trials"], "seed": ctx["seed"], "fingerprint": ctx["fingerprint"],
                "units": {"row": {n: h for (s, n), h in ctx["unit_hash"].items() if s == "row"},
                          "col": {n: h for (s, n), h in ctx["unit_hash"].items() if s == "col"}},
                "failed": len(fails), **stats}
    from .evaluation import add_input_notes

    sentences: dict[str, list[str]] = {}
    add_input_notes(manifest, sentences, [("", n) for n in ctx["scenario"].input_notes()])  # once for every cell
    if sentences:
        manifest["notes"] = sentences
    role_labels = {r: lb.role_label(r) for r in (r0, r1)}
    return Matrix(table, frame, (r0, r1), role_labels, (rows_army.name, cols_army.name), outcomes,
                  (total, lb.total.label(), tuple(total_codes)), good,
                  [(c.column, c.label()) for c in lb.unit_columns],
                  {k: as_message(v) for k, v in lb.short_labels.items()}, fails,
                  ctx["scenario"].title_label().render(lang), ctx["scenario"].system, lang, manifest)


def read_matrix(path: str | Path):
    """The matrix a run wrote to ``path`` (``fleeodds matrix --out FILE.json``).

    Raises
    ------
    FleeoddsError
        An unreadable file, not JSON, or not a matrix.
    """
    from .files import read_text
    from .results import Matrix

    text = read_text(path, "resume", limit=1 << 30)  # a large matrix is more than 8 MiB
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError("resume", str(path), Message(N_("a JSON file written by fleeodds matrix ({error}, line {line})"),
                                                   error=json_reason(exc), line=exc.lineno)) \
            from None
    return Matrix.from_dict(data)
