"""Monte Carlo side of the things in the way (:mod:`..plan.obstacles`), numba.

Written from the rules (docs/warhammer.md, "Things in the way") independently of the
exact walk of :mod:`..exact.obstacles`: here each model's test is a rolled D6. The objects
travel in the tails of the kernel's two parameter arrays (:func:`tails`), after the
fixed entries of :mod:`.flee`, so that no signature changes:

* ``ints[base:]``: ``n_objects, models, n_rally``, then per object ``effect, fail_faces,
  outcome code``, then per models left ``0 .. models`` the rally ``mode, ld``;
* ``floats[fbase:]``: ``clearance``, then per object ``near, far`` (inches).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....rng import lane_bounded
from ..plan.obstacles import DESTROY, THROUGH

#: Integers before the objects, and per object; floats before the objects, and per object.
HEAD, PER_OBJ, F_HEAD, F_PER_OBJ = 3, 3, 1, 2


def tails(r) -> tuple[np.ndarray, np.ndarray]:
    """The ``(ints, floats)`` tails of resolved rules ``r`` (``n_objects = 0`` without objects)."""
    ints = [len(r.obstacles), r.models, len(r.rally_by_models)]
    floats = [r.clearance]
    for o in r.obstacles:
        ints += [o.effect, o.fail_faces, o.code]
        floats += [o.near, o.far]
    for mode, test in r.rally_by_models:
        ints += [mode, test.ld]
    return np.array(ints, np.int64), np.array(floats, np.float64)


@njit(inline="always", cache=True)
def _reached(distance, target, strict):
    return distance > target if strict else distance >= target


@njit(cache=True)
def walk(ints, floats, base, fbase, pos, f, models, edge, edge_strict, key, st):
    """One flee move of ``f`` inches from ``pos`` through the objects.

    Returns ``(end, models left, outcome code or -1, lane state)``: the position the move
    ends at (pushed beyond what it flees through), the models left after the tests, and the
    outcome when a thing in the way destroyed the unit.
    """
    n = ints[base]
    clearance = floats[fbase]
    end = pos + f
    for j in range(n):
        near = floats[fbase + F_HEAD + F_PER_OBJ * j]
        far = floats[fbase + F_HEAD + F_PER_OBJ * j + 1]
        effect = ints[base + HEAD + PER_OBJ * j]
        faces = ints[base + HEAD + PER_OBJ * j + 1]
        code = ints[base + HEAD + PER_OBJ * j + 2]
        if near <= pos:
            continue
        threshold = near - clearance if effect == THROUGH else near
        if end < threshold:
            continue
        if effect == DESTROY:
            return near, models, code, st
        if effect == THROUGH:
            if end < far + clearance:
                end = far + clearance
            if faces > 0 and not _reached(end, edge, edge_strict):
                lost = 0
                for k in range(models):  # one test per model: a D6, failed on 1 .. faces
                    v, st = lane_bounded(key, st, 6)
                    if v < faces:
                        lost += 1
                models -= lost
                if models == 0:
                    return end, 0, code, st
    return end, models, -1, st


@njit(inline="always", cache=True)
def rally_row(ints, base, models):
    """Index in ``ints`` of the rally ``mode, ld`` of a unit with ``models`` left."""
    n = ints[base]
    return base + HEAD + PER_OBJ * n + 2 * models
