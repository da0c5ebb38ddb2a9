"""The public Python API: load a scenario, evaluate it exactly and/or by Monte Carlo.

A façade for users: the library's own modules import what it re-exports from where it is
defined (:mod:`fleeodds.loading`, :mod:`fleeodds.evaluation`, :mod:`fleeodds.matrix`).

>>> import fleeodds
>>> sc = fleeodds.load_scenario(fleeodds.example_path("warhammer/goblins_broken_by_dwarfs.toml"))
>>> table = fleeodds.evaluate(sc, method="both", trials=200_000, seed=1)
>>> round(table.probability("caught", "exact"), 4)
0.51
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .errors import InputError, short_repr
from .language import Message, N_
from .decisions import decide  # noqa: F401  (re-exported)
from .evaluation import LONG_EXACT_SECONDS, METHODS, evaluate  # noqa: F401  (re-exported)
from .loading import example_dir, example_path, list_examples, load_scenario  # noqa: F401  (re-exported)
from .system import Scenario

__all__ = ["LONG_EXACT_SECONDS", "METHODS", "army_matrix", "decide", "evaluate", "example_dir", "example_path",
           "list_examples", "load_scenario"]


def army_matrix(scenario: Scenario | str | Path | dict, rows: Any, cols: Any, *,
                system: str | Path | None = None, layout: str = "cells", method: str = "auto",
                trials: int = 100_000, seed: int = 0, types: Any = None, points: Any = None,
                workers: int | None = None, scheduler: str | None = None, progress: bool | None = None,
                strict: bool = False):
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
    method, trials, seed, types, points, workers, scheduler, progress
        As :func:`fleeodds.matrix.matrix`.
    strict : bool
        Refuse an input of the scenario that changes nothing (by default: noted in the manifest).

    Returns
    -------
    pandas.DataFrame
        Its ``attrs["failures"]`` lists the cells that could not be computed, ``attrs["manifest"]``
        the run (method, seed, distinct exact chains solved, runner). Labels in the reader's language,
        the context's (``with fleeodds.use_lang("fr"): fleeodds.api.army_matrix(...)``).

    Raises
    ------
    FleeoddsError
        A bad scenario, catalogue or option (see :func:`fleeodds.matrix.matrix`), an unknown layout.
    """
    from .matrix import Army, load_army, matrix
    from .system import get_system

    if layout not in ("cells", "long", "wide"):
        raise InputError("layout", short_repr(layout), Message(N_("one of 'cells', 'long', 'wide'")))
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario, strict=strict)

    def army(side: Any, name: str) -> Army:
        if isinstance(side, Army):
            return side
        if isinstance(side, (list, tuple)):
            return Army(name, list(side))
        if isinstance(side, (str, os.PathLike)):
            return load_army(side, system, rules_system=sc.system)
        raise InputError(name, short_repr(side), Message(N_("a .cat file, an Army or a list of unit profiles")))

    first, other = (tuple(get_system(sc.system).roles) + ("", ""))[:2]  # matrix() refuses fewer than two roles
    m = matrix(sc, army(rows, first), army(cols, other), method=method, trials=trials, seed=seed,
               types=types, points=points, workers=workers, scheduler=scheduler, progress=progress,
               strict=strict)
    frame = m.cells.copy() if layout == "cells" else m.frame.copy() if layout == "long" else m.wide()
    frame.attrs["failures"] = list(m.failures)
    frame.attrs["manifest"] = dict(m.manifest)
    return frame
