"""A 3.5 / Pathfinder 1e trip attempt in the Monte Carlo kernels, written once for the exchange and the chase.

3.5 (SRD "Trip"): a melee touch attack, then an opposed check (Strength, or Dexterity for the defender),
re-rolled on a tie of equal modifiers, won by the higher modifier on a tie of totals otherwise.
Pathfinder 1e (Core Rulebook ch. 8, "Combat Maneuvers"): a CMB roll against the target's CMD; a natural 20
always succeeds, a natural 1 always fails.
"""

from __future__ import annotations

from numba import njit

from ....rng import lane_bounded

#: ``kind`` of a trip attempt: the 3.5 touch attack and opposed check, or Pathfinder's CMB against CMD.
TRIP_35, TRIP_PF = 1, 2


@njit(inline="always", cache=True)
def d20_lanes(key, st):
    """One d20 (1 to 20) from the lane stream ``st`` of ``key``."""
    v, st = lane_bounded(key, st, 20)
    return v + 1, st


@njit(cache=True)
def trip_attempt(key, st, kind, ab, touch_ac, check, defence):
    """Whether a trip attempt succeeds, and the stream after its dice.

    ``kind`` is :data:`TRIP_35` (the touch attack ``d20 + ab`` against ``touch_ac``, then the opposed check
    ``d20 + check`` against ``d20 + defence``) or :data:`TRIP_PF` (``d20 + check`` against ``defence``, the CMD).
    The dice are drawn in this order: the attack's d20, then each pair of the opposed check.
    """
    f, st = d20_lanes(key, st)
    if kind == TRIP_PF:
        return f == 20 or (f != 1 and f + check >= defence), st
    if f == 1 or (f != 20 and f + ab < touch_ac):
        return False, st
    while True:
        a, st = d20_lanes(key, st)
        b, st = d20_lanes(key, st)
        if a + check != b + defence:
            return a + check > b + defence, st
        if check != defence:
            return check > defence, st
