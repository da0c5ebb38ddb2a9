"""Monte Carlo kernel for Warhammer break, flee, pursuit, rally and charge (numba).

Written from the rules digest (docs/warhammer.md §3) independently of
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

from ...kernel_tools import block_range, n_blocks, roll, roll_detail
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
SITUATION_CODES = {"break": 0, "fleeing": 1, "charge_fleeing": 2, "flee_reaction": 3,
                   "leadership_test": 0, "panic": 0}  # the two tests run the Break-test path (resolve.py)
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
    if three:
        v, ctr = bounded(key, ctr, 216)  # three dice from one draw
        a = v % 6 + 1
        b = (v // 6) % 6 + 1
        c = v // 36 + 1
        low = min(a, min(b, c))
        total = a + b + c - max(a, max(b, c))  # the two lowest are kept
        mid = total - low
        return total, (low == 1 and mid == 1), (low == 6 and mid == 6), ctr
    v, ctr = bounded(key, ctr, 36)  # two dice from one draw
    a = v % 6 + 1
    b = v // 6 + 1
    return a + b, (a == 1 and b == 1), (a == 6 and b == 6), ctr


@njit(inline="always", cache=True)
def _ld_test(ld, three, double1_passes, double6_fails, reroll, modifier, key, ctr):
    """One Leadership test with its re-roll: pass on total + modifier <= Ld, natural doubles override."""
    for attempt in range(1 + reroll):
        total, d1, d6, ctr = _ld_roll(three, key, ctr)
        passed = total + modifier <= ld
        if double1_passes and d1:
            passed = True
        if double6_fails and d6:
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
def _simulate_block(ints, tests, floats, flee, fall_back, pursuit, charge, seed, lo, hi, out, rec):
    """Trials ``lo .. hi - 1`` added into ``out`` (n_outcomes, n_bins), or recorded one by one.

    With an empty ``rec`` each trial is counted in ``out[outcome, metric]``;
    otherwise ``rec`` (int64, shape ``(hi - lo,)``) receives each trial's
    outcome code and ``out`` is left alone. Both entry points (:func:`run`,
    :func:`run_trials`) share this one copy of the trial logic.

    The trial logic is written inline in the loop, and every parameter is read
    into a local scalar once per block: numba updates the reference count of an
    array (an atomic operation) whenever it is handed to a function it cannot
    prune, which would cost more than the dice.
    """
    n_bins = out.shape[1]
    situation = ints[I_SITUATION]
    break_mode = ints[I_BREAK_MODE]
    margin = ints[I_MARGIN]
    auto_break = ints[I_AUTO_BREAK]
    unbreakable = ints[I_UNBREAKABLE]
    tow_policy = ints[I_TOW_POLICY]
    tow_outnumbered = ints[I_TOW_OUTNUMBERED]
    tow_stubborn = ints[I_TOW_STUBBORN]
    pursue_mode = ints[I_PURSUE_MODE]
    tie_strict = ints[I_TIE_STRICT]
    edge_strict = ints[I_EDGE_STRICT]
    catch_first = ints[I_CATCH_FIRST]
    max_turns = ints[I_MAX_TURNS]
    rally_mode = ints[I_RALLY_MODE]
    chaser = ints[I_CHASER]
    enemy_first = ints[I_ENEMY_FIRST]
    failed_move = ints[I_FAILED_MOVE]
    b_ld, b_three, b_d1, b_d6, b_reroll = tests[T_BREAK, 0], tests[T_BREAK, 1], tests[T_BREAK, 2], \
        tests[T_BREAK, 3], tests[T_BREAK, 4]
    s_ld, s_three, s_d1, s_d6, s_reroll = tests[T_RESTRAINT, 0], tests[T_RESTRAINT, 1], tests[T_RESTRAINT, 2], \
        tests[T_RESTRAINT, 3], tests[T_RESTRAINT, 4]
    r_ld, r_three, r_d1, r_d6, r_reroll = tests[T_RALLY, 0], tests[T_RALLY, 1], tests[T_RALLY, 2], \
        tests[T_RALLY, 3], tests[T_RALLY, 4]
    edge = floats[F_EDGE]
    gap0 = floats[F_GAP]
    charge_fixed = floats[F_CHARGE_FIXED]
    declare = floats[F_DECLARE]
    out_move = floats[F_OUT_MOVE]
    charge_move = floats[F_CHARGE_MOVE]

    for t in range(lo, hi):
        key = trial_key(seed, t)
        ctr = 0
        o = -1  # outcome, -1 while undecided
        m = 0  # metric: turn of resolution, or flee roll in the charge situations

        if situation >= 2:
            # ---- charge against a fleeing unit, or a flee reaction: one flee, one reach (§3.4)
            f, ctr = roll(flee, key, ctr)
            dice_reach, ctr = roll(charge, key, ctr)
            caught = _reached(charge_fixed + dice_reach, gap0 + f, tie_strict)
            off = _reached(f, edge, edge_strict)
            m = f
            if off:  # the flee move resolves before the charge (§3.4), whatever catch_vs_edge_order says
                o = oc.OFF_TABLE
            elif caught:
                o = oc.RUN_DOWN
            else:
                o = oc.ESCAPED
            if rec is not None:  # None in counting runs: numba compiles this branch away
                rec[t - lo] = o
            else:
                out[o, min(max(m, 0), n_bins - 1)] += 1
            continue

        # ---- break test (§3.2)
        falling_back = False
        if break_mode == BREAK_CLASSIC:
            if unbreakable:
                o = oc.HELD
            elif auto_break:
                total, d1, d6, ctr = _ld_roll(b_three, key, ctr)
                if b_d1 and d1:  # Insane Courage still holds
                    o = oc.HELD
            else:
                held, ctr = _ld_test(b_ld, b_three, b_d1, b_d6, b_reroll, margin, key, ctr)
                if held:
                    o = oc.HELD
        elif break_mode != BREAK_NONE:  # The Old World
            if unbreakable:
                o = oc.GAVE_GROUND
            else:
                if b_three:  # Cold-blooded with cold_blooded_scope = "all_ld": 3D6, the two lowest kept
                    nat, d1, d6, ctr = _ld_roll(b_three, key, ctr)
                else:
                    v, ctr = bounded(key, ctr, 36)
                    nat = v % 6 + v // 6 + 2
                res = _tow_classify(nat, margin, b_ld, tow_outnumbered)
                if (tow_policy == 1 and res == 2) or (tow_policy == 2 and res >= 1):
                    if b_three:
                        nat, d1, d6, ctr = _ld_roll(b_three, key, ctr)
                    else:
                        v, ctr = bounded(key, ctr, 36)
                        nat = v % 6 + v // 6 + 2
                    res = _tow_classify(nat, margin, b_ld, tow_outnumbered)
                if res == 2 and tow_stubborn:
                    res = 1
                if res == 0:
                    o = oc.GAVE_GROUND
                falling_back = res == 1

        # ---- flee and pursuit (§3.3)
        cum = 0.0
        gap = gap0
        if o < 0:
            if falling_back:
                f, ctr = roll(fall_back, key, ctr)
            else:
                f, ctr = roll(flee, key, ctr)
            pursues = pursue_mode == PURSUE_ALWAYS
            if pursue_mode == PURSUE_LD_TEST:
                restrained, ctr = _ld_test(s_ld, s_three, s_d1, s_d6, s_reroll, 0, key, ctr)
                pursues = not restrained
            p = 0
            if pursues:
                p, ctr = roll(pursuit, key, ctr)
            caught = pursues and _reached(p, gap + f, tie_strict)
            cum = float(f)
            off = _reached(cum, edge, edge_strict)
            if off and (not caught or not catch_first):
                o = oc.OFF_TABLE
            elif caught:
                o = oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT
            elif falling_back:
                o = oc.FELL_BACK
            elif max_turns == 0:
                o = oc.ESCAPED
            gap = gap + f - p

        # ---- later turns: rally or flee again; the enemy may charge (§3.4, §3.5)
        turn = 1
        while o < 0 and turn <= max_turns:
            phase = 0
            while o < 0 and phase < 2:
                enemy = (phase == 0) == (enemy_first == 1)
                phase += 1
                if not enemy:
                    if rally_mode == RALLY_NEVER:
                        rallied = False
                    elif rally_mode == RALLY_DOUBLE1_ONLY:
                        rallied = False
                        for attempt in range(1 + r_reroll):
                            total, d1, d6, ctr = _ld_roll(r_three, key, ctr)
                            if d1:
                                rallied = True
                                break
                    else:
                        rallied, ctr = _ld_test(r_ld, r_three, r_d1, r_d6, r_reroll, 0, key, ctr)
                    if rallied:
                        o = oc.RALLIED
                    else:
                        f, ctr = roll(flee, key, ctr)
                        cum += f
                        gap += f
                        if _reached(cum, edge, edge_strict):
                            o = oc.OFF_TABLE
                elif chaser:
                    if gap <= declare:
                        f, ctr = roll(flee, key, ctr)
                        dice_reach, highest, ctr = roll_detail(charge, key, ctr)
                        reach = charge_fixed + dice_reach
                        cum += f
                        gap += f
                        caught = _reached(reach, gap, tie_strict)
                        off = _reached(cum, edge, edge_strict)
                        if off:  # the flee move resolves before the charge (§3.4)
                            o = oc.OFF_TABLE
                        elif caught:
                            o = oc.RUN_DOWN
                        elif failed_move == FAILED_MOVE_HIGHEST_DIE:
                            gap -= highest
                        elif failed_move == FAILED_MOVE_FULL:
                            gap -= reach
                        else:
                            gap -= charge_move
                    else:
                        gap -= out_move
                    if gap < 0:
                        gap = 0.0
            if o >= 0:
                m = turn
            turn += 1
        if o < 0:
            o = oc.STILL_FLEEING
            m = max_turns
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = o
        else:
            out[o, min(max(m, 0), n_bins - 1)] += 1


@njit(parallel=True, cache=True)
def run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n):
    """Simulate trials ``start .. start + n - 1``: int64 counts of shape (10 outcomes, n_bins)."""
    nb = n_blocks(n)
    out = np.zeros((nb, oc.N_OUTCOMES, ints[I_N_BINS]), np.int64)
    for b in prange(nb):
        lo, hi = block_range(b, start, n)
        _simulate_block(ints, tests, floats, flee, fall_back, pursuit, charge, seed, lo, hi, out[b], None)
    return out.sum(axis=0)


@njit(parallel=True, cache=True)
def run_trials(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n):
    """Outcome code of each trial ``start .. start + n - 1``: int64 array of shape (n,).

    The same trials as :func:`run` (same seed, same index, same dice), recorded
    one by one for paired comparisons on common random numbers.
    """
    nb = n_blocks(n)
    rec = np.empty(n, np.int64)
    dummy = np.zeros((nb, 1, 1), np.int64)
    for b in prange(nb):
        lo, hi = block_range(b, start, n)
        _simulate_block(ints, tests, floats, flee, fall_back, pursuit, charge, seed, lo, hi, dummy[b],
                        rec[lo - start:hi - start])
    return rec
