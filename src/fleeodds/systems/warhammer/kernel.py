"""Monte Carlo kernel for Warhammer break, flee, pursuit, rally and charge (numba).

Written from the rules digest (shared/rules/warhammer.md §3) independently of
the exact solver: here every die is rolled, one trial at a time, with the
counter-based stream of :mod:`fleeodds.rng`. Parameters arrive as two plain
arrays built by :func:`pack`; nothing here validates input (that happened in
the pydantic model).

Counts are returned per ``(outcome, turn)``: outcome codes of
:mod:`.outcomes`, turn 0 for the combat phase (break test and pursuit), 1 to
``max_turns`` for later turns. For the charge situations the metric is the
flee roll in inches instead.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from ...dice import roll, roll_detail
from ...engine import block_range, n_blocks
from ...rng import bounded, trial_key
from . import outcomes as oc
from .resolve import (BREAK_CLASSIC, BREAK_NONE, FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, PURSUE_ALWAYS,
                      PURSUE_LD_TEST, RALLY_DOUBLE1_ONLY, RALLY_NEVER, LdTest, Rules)

# integer parameters
(I_SITUATION, I_BREAK_MODE, I_MARGIN, I_AUTO_BREAK, I_UNBREAKABLE, I_TOW_POLICY, I_TOW_OUTNUMBERED,
 I_TOW_STUBBORN, I_PURSUE_MODE, I_TIE_STRICT, I_EDGE_STRICT, I_CATCH_FIRST, I_MAX_TURNS, I_RALLY_MODE,
 I_CHASER, I_ENEMY_FIRST, I_FAILED_MOVE, I_N_BINS) = range(18)
N_INT = 18
# Leadership tests: rows of [ld, three_dice_keep_low, double1_passes, double6_fails, reroll]
T_BREAK, T_RESTRAINT, T_RALLY = 0, 1, 2
# float parameters
F_EDGE, F_GAP, F_CHARGE_FIXED, F_DECLARE, F_OUT_MOVE, F_CHARGE_MOVE = range(6)
SITUATION_CODES = {"break": 0, "fleeing": 1, "charge_fleeing": 2, "flee_reaction": 3}
TOW_POLICIES = {"never": 0, "reroll_break_only": 1, "reroll_break_or_fall_back": 2}
BIG = 1e300  # stands for "no table edge"


def pack(r: Rules, n_bins: int):
    """Plain arrays for the kernel: ``(ints int64[18], tests int64[3, 5], floats float64[6], dice specs)``."""
    ints = np.zeros(N_INT, np.int64)
    ints[I_SITUATION] = SITUATION_CODES[r.situation]
    ints[I_BREAK_MODE] = r.break_mode
    ints[I_MARGIN] = r.margin
    ints[I_AUTO_BREAK] = r.auto_break
    ints[I_UNBREAKABLE] = r.unbreakable
    ints[I_TOW_POLICY] = TOW_POLICIES[r.tow_bsb_policy]
    ints[I_TOW_OUTNUMBERED] = r.tow_outnumbered_breaks
    ints[I_TOW_STUBBORN] = r.tow_stubborn_falls_back
    ints[I_PURSUE_MODE] = r.pursue_mode
    ints[I_TIE_STRICT] = r.tie_strict
    ints[I_EDGE_STRICT] = r.edge_strict
    ints[I_CATCH_FIRST] = r.catch_first
    ints[I_MAX_TURNS] = r.max_turns
    ints[I_RALLY_MODE] = r.rally_mode
    ints[I_CHASER] = r.chaser_charges
    ints[I_ENEMY_FIRST] = r.enemy_first
    ints[I_FAILED_MOVE] = r.failed_move_mode
    ints[I_N_BINS] = n_bins

    def test_row(t: LdTest):
        return [t.ld, t.dice == "3d6kl2", t.double1_passes, t.double6_fails, t.reroll]

    tests = np.array([test_row(r.break_test), test_row(r.restraint_test), test_row(r.rally_test)], np.int64)
    floats = np.array([min(r.edge, BIG), r.gap, r.charge_fixed, r.declare_range, r.out_of_range_move,
                       float(r.charge_move)], np.float64)
    return ints, tests, floats, r.flee.encode(), r.fall_back.encode(), r.pursuit.encode(), r.charge_dice.encode()


@njit(inline="always", cache=True)
def _ld_roll(three, key, ctr):
    """Roll a Leadership test's dice: 2D6, or 3D6 keeping the two lowest (Cold-blooded).

    Returns (total, double1, double6, counter)."""
    a, ctr = bounded(key, ctr, 6)
    b, ctr = bounded(key, ctr, 6)
    a += 1
    b += 1
    if three:
        c, ctr = bounded(key, ctr, 6)
        c += 1
        low = min(a, min(b, c))
        total = a + b + c - max(a, max(b, c))  # the two lowest are kept
        mid = total - low
        return total, (low == 1 and mid == 1), (low == 6 and mid == 6), ctr
    return a + b, (a == 1 and b == 1), (a == 6 and b == 6), ctr


@njit(cache=True)
def _ld_test(tests, row, modifier, key, ctr):
    """One Leadership test with its re-roll: pass on total + modifier <= Ld, natural doubles override."""
    for attempt in range(1 + tests[row, 4]):
        total, d1, d6, ctr = _ld_roll(tests[row, 1], key, ctr)
        passed = total + modifier <= tests[row, 0]
        if tests[row, 2] and d1:
            passed = True
        if tests[row, 3] and d6:
            passed = False
        if passed:
            return True, ctr
    return False, ctr


@njit(inline="always", cache=True)
def _tow_classify(nat, margin, ld, outnumbered):
    """TOW Break test: 0 give ground, 1 fall back in good order, 2 break (digest §3.2)."""
    if nat == 2 or nat + margin <= ld:
        return 0
    if nat > ld:
        return 2
    return 2 if outnumbered else 1


@njit(inline="always", cache=True)
def _reached(distance, target, strict):
    return distance > target if strict else distance >= target


@njit(cache=True)
def _one_trial(ints, tests, floats, flee, fall_back, pursuit, charge, key, scratch):
    ctr = 0
    edge = floats[F_EDGE]
    edge_strict = ints[I_EDGE_STRICT]
    tie_strict = ints[I_TIE_STRICT]
    catch_first = ints[I_CATCH_FIRST]
    situation = ints[I_SITUATION]

    # ---- charge against a fleeing unit, or a flee reaction: one flee, one reach (§3.4)
    if situation >= 2:
        f, ctr = roll(flee, key, ctr, scratch)
        dice_reach, ctr = roll(charge, key, ctr, scratch)
        reach = floats[F_CHARGE_FIXED] + dice_reach
        caught = _reached(reach, floats[F_GAP] + f, tie_strict)
        off = _reached(f, edge, edge_strict)
        if off and (not caught or not catch_first):
            return oc.OFF_TABLE, f
        if caught:
            return oc.RUN_DOWN, f
        return oc.ESCAPED, f

    # ---- break test (§3.2)
    falling_back = False
    if ints[I_BREAK_MODE] == BREAK_CLASSIC:
        if ints[I_UNBREAKABLE]:
            return oc.HELD, 0
        if ints[I_AUTO_BREAK]:
            total, d1, d6, ctr = _ld_roll(tests[T_BREAK, 1], key, ctr)
            if not (tests[T_BREAK, 2] and d1):
                pass  # broken automatically
            else:
                return oc.HELD, 0
        else:
            held, ctr = _ld_test(tests, T_BREAK, ints[I_MARGIN], key, ctr)
            if held:
                return oc.HELD, 0
    elif ints[I_BREAK_MODE] != BREAK_NONE:  # The Old World
        if ints[I_UNBREAKABLE]:
            return oc.GAVE_GROUND, 0
        a, ctr = bounded(key, ctr, 6)
        b, ctr = bounded(key, ctr, 6)
        res = _tow_classify(a + b + 2, ints[I_MARGIN], tests[T_BREAK, 0], ints[I_TOW_OUTNUMBERED])
        policy = ints[I_TOW_POLICY]
        if (policy == 1 and res == 2) or (policy == 2 and res >= 1):
            a, ctr = bounded(key, ctr, 6)
            b, ctr = bounded(key, ctr, 6)
            res = _tow_classify(a + b + 2, ints[I_MARGIN], tests[T_BREAK, 0], ints[I_TOW_OUTNUMBERED])
        if res == 2 and ints[I_TOW_STUBBORN]:
            res = 1
        if res == 0:
            return oc.GAVE_GROUND, 0
        falling_back = res == 1

    # ---- flee and pursuit (§3.3)
    if falling_back:
        f, ctr = roll(fall_back, key, ctr, scratch)
    else:
        f, ctr = roll(flee, key, ctr, scratch)
    pursues = ints[I_PURSUE_MODE] == PURSUE_ALWAYS
    if ints[I_PURSUE_MODE] == PURSUE_LD_TEST:
        restrained, ctr = _ld_test(tests, T_RESTRAINT, 0, key, ctr)
        pursues = not restrained
    p = 0
    if pursues:
        p, ctr = roll(pursuit, key, ctr, scratch)
    gap = floats[F_GAP]
    caught = pursues and _reached(p, gap + f, tie_strict)
    cum = float(f)
    off = _reached(cum, edge, edge_strict)
    if off and (not caught or not catch_first):
        return oc.OFF_TABLE, 0
    if caught:
        return (oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT), 0
    if falling_back:
        return oc.FELL_BACK, 0
    gap = gap + f - p
    max_turns = ints[I_MAX_TURNS]
    if max_turns == 0:
        return oc.ESCAPED, 0

    # ---- later turns: rally or flee again; the enemy may charge (§3.4, §3.5)
    for turn in range(1, max_turns + 1):
        for phase in range(2):
            enemy = (phase == 0) == (ints[I_ENEMY_FIRST] == 1)
            if not enemy:
                if ints[I_RALLY_MODE] == RALLY_NEVER:
                    rallied = False
                elif ints[I_RALLY_MODE] == RALLY_DOUBLE1_ONLY:
                    rallied = False
                    for attempt in range(1 + tests[T_RALLY, 4]):
                        total, d1, d6, ctr = _ld_roll(tests[T_RALLY, 1], key, ctr)
                        if d1:
                            rallied = True
                            break
                else:
                    rallied, ctr = _ld_test(tests, T_RALLY, 0, key, ctr)
                if rallied:
                    return oc.RALLIED, turn
                f, ctr = roll(flee, key, ctr, scratch)
                cum += f
                gap += f
                if _reached(cum, edge, edge_strict):
                    return oc.OFF_TABLE, turn
            elif ints[I_CHASER]:
                if gap <= floats[F_DECLARE]:
                    f, ctr = roll(flee, key, ctr, scratch)
                    dice_reach, highest, ctr = roll_detail(charge, key, ctr, scratch)
                    reach = floats[F_CHARGE_FIXED] + dice_reach
                    cum += f
                    gap += f
                    caught = _reached(reach, gap, tie_strict)
                    off = _reached(cum, edge, edge_strict)
                    if off and (not caught or not catch_first):
                        return oc.OFF_TABLE, turn
                    if caught:
                        return oc.RUN_DOWN, turn
                    if ints[I_FAILED_MOVE] == FAILED_MOVE_HIGHEST_DIE:
                        gap -= highest
                    elif ints[I_FAILED_MOVE] == FAILED_MOVE_FULL:
                        gap -= reach
                    else:
                        gap -= floats[F_CHARGE_MOVE]
                else:
                    gap -= floats[F_OUT_MOVE]
                if gap < 0:
                    gap = 0.0
    return oc.STILL_FLEEING, max_turns


@njit(parallel=True, cache=True)
def run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n):
    """Simulate trials ``start .. start + n - 1``: int64 counts of shape (10 outcomes, n_bins)."""
    nb = n_blocks(n)
    n_bins = ints[I_N_BINS]
    out = np.zeros((nb, oc.N_OUTCOMES, n_bins), np.int64)
    for b in prange(nb):
        scratch = np.empty(64, np.int64)
        lo, hi = block_range(b, start, n)
        for t in range(lo, hi):
            o, m = _one_trial(ints, tests, floats, flee, fall_back, pursuit, charge, trial_key(seed, t), scratch)
            out[b, o, min(max(int(m), 0), n_bins - 1)] += 1
    return out.sum(axis=0)
