"""Sweeps: evaluate a scenario over a grid of values of one or more of its fields.

A field is named by its dotted path in the scenario file (``fleeing.leadership``,
``combat.margin``, ``edition``; ``runner.hp`` or ``enemies.0.attack_bonus`` in
D&D; ``fleeing.profile`` or ``fuite.soutien`` in Hell Dorado). Each cell of the
grid is the scenario's source table with those fields replaced, validated again
by its rules system, so that a bad value gets that system's own error message.

Values are written as in ``--vary FIELD=VALUES``: a range of integers ``5..10``
(both ends included, optional step ``0..20..5``) or a comma-separated list
``2d6,3d6`` / ``6th,7th,8th`` / ``true,false`` / ``0.5,1.5``.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import pandas as pd

from .evaluation import add_input_notes, evaluate
from .loading import load_scenario
from .errors import FleeoddsError, InputError, echo, error_message, grouped, short_repr
from .language import Message, N_, get_lang
from .results import SWEEP_COLUMNS, OutcomeTable, Sweep
from .system import Scenario, get_system
from .validation import (InputNote, refuse_notes, set_field, strict_inputs,  # noqa: F401  (set_field re-exported)
                         strict_inputs_on, without_effect_checks)

#: The grid dimension of a scenario's comparison setups.
SETUP_FIELD = "setup"
#: Largest grid a sweep accepts (cells = product of the value counts).
MAX_CELLS = 2000
_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*(?:\.\.\s*(\d+)\s*)?$")
_RANGE_SYNTAX = Message(N_("a range of integers like 5..10 or 0..20..5 (low..high[..step], both ends included), "
                           "or a comma-separated list like 2d6,3d6"))


def _scalar(text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if low in ("true", "false"):
        return low == "true"
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if re.fullmatch(r"-?\d*\.\d+", t):  # plain decimals only: "5e2014" is D&D's edition, not 5 x 10^2014
        return float(t)
    return t


def parse_values(field_name: str, text: str) -> list[Any]:
    """The values of ``--vary FIELD=TEXT``.

    Parameters
    ----------
    field_name : str
        Dotted field name (for error messages).
    text : str
        ``"5..10"``, ``"0..20..5"``, ``"2d6,3d6"``, ``"true,false"``, ``"7"``.

    Returns
    -------
    list
        int, float, bool or str values, in the given order.

    Raises
    ------
    InputError
        On an incomplete or empty range (``"5.."``, ``"10..5"``), a zero step,
        an empty list item or repeated values.
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(field_name, text, _RANGE_SYNTAX)
    if ".." in text and not re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", text):
        m = _RANGE.match(text)
        if not m:
            raise InputError(field_name, text, _RANGE_SYNTAX)
        lo, hi, step = int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)
        if step < 1 or lo > hi:
            raise InputError(field_name, text, Message(N_("a range low..high with low <= high and a step of at least 1")))
        if (hi - lo) // step + 1 > MAX_CELLS:  # count before building: 1..10**11 must not fill the memory
            raise InputError(field_name, text, Message(N_("a range of at most {n} values"), n=grouped(MAX_CELLS)))
        return list(range(lo, hi + 1, step))
    items = [s for s in text.split(",")]
    if any(not s.strip() for s in items):
        raise InputError(field_name, text, Message(N_("a comma-separated list without empty items, like 2d6,3d6")))
    values = [_scalar(s) for s in items]
    if len({repr(v) for v in values}) != len(values):
        raise InputError(field_name, text, Message(N_("a list of distinct values")))
    return values


def parse_vary(spec: str) -> tuple[str, list[Any]]:
    """``"fleeing.leadership=5..10"`` -> ``("fleeing.leadership", [5, ..., 10])``.

    Raises
    ------
    InputError
        Without ``=``, with an empty field name, or bad values (:func:`parse_values`).
    """
    if not isinstance(spec, str) or "=" not in spec:
        raise InputError("--vary", spec, Message(N_("FIELD=VALUES, e.g. fleeing.leadership=5..10 or edition=6th,7th,8th")))
    name, _, text = spec.partition("=")
    name = name.strip()
    if not name or not re.fullmatch(r"[A-Za-z_][\w]*(\.\w+)*", name):
        raise InputError("--vary", spec, Message(N_("a dotted field name before '=', e.g. fleeing.leadership")))
    return name, parse_values(name, text)


def sweep(
    scenario: Scenario | str | Path | dict,
    vary: dict[str, Sequence] | Sequence[tuple[str, Sequence]],
    method: str | None = None,
    *,
    trials: int | None = None,
    seed: int = 0,
    progress: bool | None = None,
    title: str | None = None,
    runner: Any = None,
    workers: int | None = None,
    scheduler: str | None = None,
    strict: bool = False,
) -> Sweep:
    """Evaluate ``scenario`` on every combination of the ``vary`` values.

    Parameters
    ----------
    scenario : Scenario, path, example name or dict
        Loaded with :func:`fleeodds.load_scenario` if not a Scenario.
    vary : dict or sequence of (field, values)
        Dotted field names and their values (see :func:`parse_values` for the
        command-line syntax). At most :data:`MAX_CELLS` cells.
    method : {"exact", "mc", "both"}, optional
        Default: ``"exact"`` when every cell has an exact solver, else ``"mc"``.
    trials : int, optional
        Monte Carlo trials per cell (default 1,000,000); each cell uses ``seed``,
        so a cell equals a single run of the same scenario with the same seed.
    seed : int
    progress : bool or None
        A bar over the cells (``None``: only on a terminal).
    title : str, optional
        Defaults to the scenario's title.
    runner, workers, scheduler
        Where the cells are evaluated (:class:`fleeodds.scale.Runner`: in this process by
        default, ``workers=N`` a local Dask cluster, ``scheduler=ADDRESS`` an existing one);
        the sweep is the same whatever runs it.
    strict : bool
        Refuse an input that changes nothing (the command line's ``--strict``): in the scenario, or
        a written field at every point of the grid (one that matters at some points is only noted:
        it is no field to remove). By default a written field that changes nothing
        at some points is noted (the manifest's ``input_notes`` and ``notes``: "options.insane_courage:
        true has no effect at combat.margin = 0, 1 (it matters at the other points)") and the sweep
        runs.

    Returns
    -------
    Sweep
        Its labels and title in the reader's language, the context's (``with use_lang("fr"): sweep(...)``),
        which it records as :attr:`~fleeodds.results.Sweep.lang`; each cell is evaluated in it (a worker
        process too: its job carries the language).

    Raises
    ------
    InputError
        No field, a repeated field, empty values, too many cells, or a cell the
        rules system rejects: the message names the field, the value and the
        system's reason (an unknown field, a value out of range …).
    """
    lang = get_lang()  # the reader's, chosen at the edge: the labels' language
    strict = bool(strict) or strict_inputs_on()
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, strict=strict)
    if strict:
        refuse_notes(sc.input_notes())
    if isinstance(vary, dict):
        items = list(vary.items())
    elif isinstance(vary, (list, tuple)) and all(isinstance(x, (list, tuple)) and len(x) == 2 for x in vary):
        items = [(f, v) for f, v in vary]
    else:
        raise InputError("vary", short_repr(vary),
                         Message(N_("a table {{field: values}} or a list of (field, values) pairs, e.g. {example}"),
                                 example="{'fleeing.leadership': '5..8'}"))
    if method is not None and method not in ("exact", "mc", "both"):
        raise InputError("method", short_repr(method), Message(N_("one of 'exact', 'mc', 'both'")))
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise InputError("trials", short_repr(trials), Message(N_("a whole number of at least 1")))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InputError("seed", short_repr(seed), Message(N_("an integer from 0 to 2**63 - 1")))
    for f, v in items:
        if not isinstance(f, str) or not f:
            raise InputError("vary", f, Message(N_("dotted field names such as fleeing.leadership")))
        if not isinstance(v, (str, list, tuple, range)):
            raise InputError(f"vary.{f}", v, Message(N_("a range or list string like '5..10' or '2d6,3d6', or a list of values")))
        if isinstance(v, range) and len(v) > MAX_CELLS:
            raise InputError(f"vary.{f}", v, Message(N_("at most {n} values"), n=grouped(MAX_CELLS)))
    if not items:
        raise InputError("--vary", None, Message(N_("at least one FIELD=VALUES")))
    fields = [f for f, _ in items]
    if len(set(fields)) != len(fields):
        raise InputError("--vary", fields, Message(N_("each field varied once")))
    values = {}
    rules_system = get_system(sc.system)
    for f, v in items:
        v = parse_values(f, v) if isinstance(v, str) else list(v)
        if not v:
            raise InputError(f, v, Message(N_("at least one value")))
        # a value written as its label ("retraite", "8e édition") stands for its code: tables and charts
        # then name it in the reader's language
        codes = [rules_system.code_of(f, x) for x in v]
        if len({repr(x) for x in codes}) != len(codes):
            raise InputError(f, short_repr(v), Message(N_("a list of distinct values (a label and its code are one value)")))
        values[f] = codes
    n_cells = int(np.prod([len(v) for v in values.values()]))
    if n_cells > MAX_CELLS:
        raise InputError("--vary", {f: len(v) for f, v in values.items()},
                         Message(N_("at most {n} cells in all (the product of the value counts)"), n=grouped(MAX_CELLS)))
    # a scenario with comparison setups is swept for each of them: the setup is one more
    # dimension of the grid (the last, so that line charts draw one line per setup)
    setups = [(s.label().render(lang), sc.with_changes(s.changes)) for s in sc.compare_setups()] or [(None, sc)]
    covered = [set(s.changes) <= set(fields) for s in sc.compare_setups()]
    if covered and all(covered):  # the varied fields span what the setups change: the grid replaces them
        setups = [(None, sc)]
    elif any(set(s.changes) & set(fields) for s in sc.compare_setups()):
        s = next(s for s in sc.compare_setups() if set(s.changes) & set(fields))
        raise InputError("--vary", sorted(set(s.changes) & set(fields)),
                         Message(N_("fields that the setup {setup!r} does not set too (it sets {fields}); vary every field the "
                                    "setups set, or other fields"), setup=s.name, fields=", ".join(sorted(s.changes))))
    if setups[0][0] is not None:
        if SETUP_FIELD in values:
            raise InputError("--vary", SETUP_FIELD, Message(N_("field names other than 'setup' for a scenario with setups")))
        n_cells *= len(setups)
        if n_cells > MAX_CELLS:
            raise InputError("--vary", {**{f: len(v) for f, v in values.items()}, SETUP_FIELD: len(setups)},
                             Message(N_("at most {n} cells in all (the product of the value counts and setups)"), n=grouped(MAX_CELLS)))
    # validate every cell before running any (a typo must not cost a long run)
    cells = []
    changed_by: dict[Any, set[str]] = {None: set()}
    changed_by.update({s.label().render(lang): set(s.changes) for s in sc.compare_setups()})
    for combo in itertools.product(*values.values()):
        for label, base in setups:
            try:  # the varied fields' effect is judged over the whole grid below, not per cell
                with without_effect_checks(), strict_inputs(False):
                    cell = base.with_changes(dict(zip(fields, combo)))
            except FleeoddsError as exc:
                raise _cell_error(fields, combo, exc) from None
            cells.append((combo if label is None else (*combo, label), cell))
    varied = list(fields)
    if setups[0][0] is not None:
        fields = fields + [SETUP_FIELD]
        values[SETUP_FIELD] = [label for label, _ in setups]
    noted = point_notes(sc, cells, fields, varied, changed_by)
    if strict:  # a field that matters at some points is no field to remove: only those inert everywhere
        refuse_notes([n for n in noted if not n.context.endswith(MATTERS_ELSEWHERE)])
    if method is None:
        method = "exact" if all(c.has_exact for _, c in cells) else "mc"
    rows = []
    tables = []
    from .scale import Job, Runner

    jobs = [Job(str(k), _evaluate, (cell, method if (method != "both" or cell.has_exact) else "mc", trials, seed),
                lang=lang) for k, (_, cell) in enumerate(cells)]
    own = runner is None
    runner = runner or Runner(workers=workers, scheduler=scheduler)
    try:
        done = runner.run(jobs, progress=progress, desc=title or sc.title_label().render(lang) or "sweep")
    finally:
        if own:
            runner.close()
    for k, (combo, cell) in enumerate(cells):
        result = done[str(k)]
        if not result.ok:  # every cell was validated above: the solver's own error, as a single run gives it
            if isinstance(result.exception, FleeoddsError):
                raise result.exception
            raise FleeoddsError(Message(N_("{cell}: {error}"), cell=", ".join(f"{f}={v!r}" for f, v in zip(fields, combo)),
                                        error=result.error))
        t = result.value
        tables.append(t)
        wide = t.wide()
        for _, r in wide.iterrows():
            has_ex = "exact" in wide and not np.isnan(r.get("exact", np.nan))
            mc = float(r["monte_carlo"]) if "monte_carlo" in wide else np.nan
            p = float(r["exact"]) if has_ex else mc
            row = dict(zip(fields, combo))
            row.update({"outcome": r.outcome, "label": r.label, "probability": p,
                        "ci_low": float(r["ci_low"]) if "ci_low" in wide else p,
                        "ci_high": float(r["ci_high"]) if "ci_high" in wide else p,
                        "exact": has_ex, "monte_carlo": mc, "z": float(r["z"]) if "z" in wide else np.nan})
            rows.append(row)
    frame = pd.DataFrame(rows, columns=fields + SWEEP_COLUMNS)
    mc_tables = [t for t in tables if "trials" in t.manifest]
    manifest = {"method": method, "seed": seed if mc_tables else None,
                "trials": mc_tables[0].manifest["trials"] if mc_tables else None,
                "fields": fields, "values": values, "cells": n_cells, "scenario": sc.title_label().render(lang)}
    idle = _fields_without_effect(frame, fields)
    if idle:
        manifest["fields_without_effect"] = idle
    sentences: dict[str, list[str]] = {}
    add_input_notes(manifest, sentences, [("", n) for n in noted])
    if sentences:
        manifest["notes"] = sentences
    return Sweep(frame, fields, values, tables, title or sc.title_label().render(lang), lang, manifest)


#: Largest time (seconds, estimated from one cell) spent loading every cell with all its checks to find the
#: written fields that change nothing at some points, when the scenario itself noted none.
NOTE_BUDGET_SECONDS = 2.0
#: Most points a sweep's note lists.
MAX_NOTED_POINTS = 12


#: The end of a sweep's note on a field that matters at some of its points (never refused by ``--strict``), in
#: English (the note's text; its message is in the catalogue).
MATTERS_ELSEWHERE = "(it matters at the other points)"

def point_notes(sc: Scenario, cells: list[tuple[tuple, Scenario]], fields: list[str], varied: list[str],
                changed_by: dict[Any, set[str]]) -> list[InputNote]:
    """The notes of the written fields that change nothing at some points of a sweep.

    Each cell is loaded again with every check of its rules system (a sweep's cells are built checking
    only the varied fields), its notes collected. A field noted at every point keeps its own note; one
    noted at some points only says where: "options.insane_courage: true has no effect at combat.margin =
    0, 1 (it matters at the other points)". The varied fields (and a setup's own fields) are left out:
    the sweep shows what they do ("F changes nothing in this sweep").

    Loading a cell with every check can cost a D&D scenario a quarter of a second (its checks compare
    results); the cells are checked when the scenario or one of its setups noted a written field, or
    when checking them all is estimated under :data:`NOTE_BUDGET_SECONDS`.

    Parameters
    ----------
    sc : Scenario
        The swept scenario.
    cells : list of (point, Scenario)
        Each point (the values of ``fields``, in order) and its cell.
    fields : list of str
        The grid's dimensions (the varied fields, then ``setup`` for a scenario's setups).
    varied : list of str
        The varied fields.
    changed_by : dict
        The fields each setup label sets (``None``: no setup).

    Returns
    -------
    list of InputNote
    """
    import time

    from .evaluation import scenario_notes

    if not cells:
        return []
    has_setups = len(fields) > len(varied)

    def full_notes(point: tuple, cell: Scenario) -> list[InputNote] | None:
        own = set(varied) | changed_by.get(point[-1] if has_setups else None, set())
        try:
            with strict_inputs(False):
                loaded = get_system(cell.system).load(cell.base_source(), cell.base_dir)
        except FleeoddsError:  # a check only the whole scenario makes: this point says nothing
            return None
        return [n for n in loaded.input_notes()
                if not any(n.field == f or n.field.startswith(f + ".") for f in own)]

    t0 = time.perf_counter()
    first = full_notes(*cells[0])
    cost = time.perf_counter() - t0
    if not scenario_notes(sc) and not first and cost * len(cells) > NOTE_BUDGET_SECONDS:
        return []
    per_point = [(cells[0][0], first)] + [(point, full_notes(point, cell)) for point, cell in cells[1:]]
    checked = [(point, notes) for point, notes in per_point if notes is not None]
    where: dict[str, list[tuple[tuple, InputNote]]] = {}
    for point, notes in checked:
        for n in notes:
            where.setdefault(n.field, []).append((point, n))
    out = []
    for field_name, hits in where.items():
        note = hits[0][1]
        if len(hits) == len(checked):
            out.append(note)
            continue
        out.append(InputNote(field_name, note.value,
                             Message(N_("at {points} (it matters at the other points)"),
                                     points=_points_text(fields, [p for p, _ in hits]))))
    return out


def _points_text(fields: list[str], points: list[tuple]) -> str:
    """``combat.margin = 0, 1`` (one field) or ``(combat.margin, edition) = (0, '7th'), (1, '8th')``."""
    shown = points[:MAX_NOTED_POINTS]
    more = f", … ({len(points)} points)" if len(points) > len(shown) else ""
    if len(fields) == 1:
        return f"{fields[0]} = " + ", ".join(echo(p[0], whole_floats=True) for p in shown) + more
    return ("(" + ", ".join(fields) + ") = "
            + ", ".join("(" + ", ".join(echo(v, whole_floats=True) for v in p) + ")" for p in shown) + more)


def _evaluate(cell: Scenario, method: str, trials: int | None, seed: int) -> OutcomeTable:
    """One cell's evaluation in the reader's language (a :class:`fleeodds.scale.Job` function: importable, so a
    Dask worker runs it; the job sets the language there)."""
    return evaluate(cell, method, trials=trials, seed=seed, progress=False)


def _fields_without_effect(frame: pd.DataFrame, fields: list[str]) -> list[str]:
    """The varied fields whose values change no exact probability anywhere in the grid."""
    if frame.empty or not bool(frame.exact.all()):
        return []  # Monte Carlo noise would hide or fake an effect: only exact grids are judged
    out = []
    for f in fields:
        if f == SETUP_FIELD or frame[f].nunique() < 2:
            continue
        others = [g for g in fields if g != f] + ["outcome"]
        spread = frame.groupby(others, sort=False).probability.agg(lambda p: p.max() - p.min())
        if float(spread.max()) < 1e-12:
            out.append(f)
    return out


def _cell_error(fields, combo, exc: FleeoddsError) -> InputError:
    """An InputError for a rejected cell: the system's own message (which names the field,
    the value and what is allowed), prefixed with the cell unless it already names the field."""
    english = str(exc).replace("\n", "; ")
    name, value = _blame(fields, combo, english)
    message = error_message(exc)  # the system's message, rendered in the reader's language
    if name not in english:
        message = Message(N_("{cell}: {error}"), cell=", ".join(f"{f}={v!r}" for f, v in zip(fields, combo)),
                          error=message)
    err = InputError.__new__(InputError)
    err.field, err.value, err.allowed = name, value, message
    FleeoddsError.__init__(err, message)
    return err


def _blame(fields, combo, message: str) -> tuple[str, Any]:
    """The varied field (and its value) the system's message names, else the first one."""
    for f, v in zip(fields, combo):
        tail = f.split(".")[-1]
        if f in message or re.search(rf"\b{re.escape(tail)}\b", message):
            return f, v
    return fields[0], combo[0]
