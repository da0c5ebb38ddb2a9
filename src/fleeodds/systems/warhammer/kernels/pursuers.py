"""Monte Carlo kernel for several pursuers or chargers (``[[pursuers]]``, numba).

Written from the rules (docs/warhammer.md, "Several pursuers") independently of the exact
solver of :mod:`..exact.pursuers`: every die of every unit is rolled, one trial at a time, on the
counter-based stream of :mod:`fleeodds.rng`. The fleeing unit's numbers come packed by
:func:`.flee.pack` (its Break test, flee dice, rally test, edge), the pursuers' by :func:`pack`.

Counts are returned per ``(outcome code, metric)``: codes of :mod:`..outcomes` and, with two or
more pursuers, :func:`..plan.pursuers.split_code`; the metric as in :func:`..exact.pursuers.solve_several`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import roll_lanes, roll_lanes_detail, run_blocks
from ....rng import lanes_start, trial_key
from .. import outcomes as oc
from ..plan.flee import (BREAK_CLASSIC, BREAK_NONE, FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, PURSUE_ALWAYS,
                         PURSUE_LD_TEST, Rules)
from ..plan.leadership import RALLY_DOUBLE1_ONLY, RALLY_NEVER
from ..plan.pursuers import n_codes
from .flee import (BLOCK, F_EDGE, I_AUTO_BREAK, I_BREAK_MODE, I_CATCH_FIRST, I_EDGE_STRICT, I_ENEMY_FIRST,
                   I_MARGIN, I_MAX_TURNS, I_N_BINS, I_RALLY_MODE, I_SITUATION, I_TIE_STRICT, I_TOW_OUTNUMBERED,
                   I_TOW_POLICY, I_TOW_STUBBORN, I_UNBREAKABLE, T_BREAK, T_RALLY, _ld_roll, _ld_test, _reached,
                   _tow_classify)
from .flee import pack as pack_unit

# per-pursuer integers: pursue mode, keeps charging, failed move mode, charge move, then the restraint test
C_PURSUE, C_KEEPS, C_FAILED, C_MOVE, C_LD, C_THREE, C_D1, C_D6, C_REROLL = range(9)
# per-pursuer floats
G_GAP, G_FIXED, G_DECLARE, G_OUT = range(4)
# scenario flags
S_SPLIT, S_FAILED_METRIC, S_CHAIN = range(3)


def _stack(specs: list[np.ndarray]) -> np.ndarray:
    rows = max(s.shape[0] for s in specs)
    out = np.zeros((len(specs), rows, 2), np.int64)
    for k, s in enumerate(specs):
        out[k, : s.shape[0]] = s
    return out


def pack(r: Rules, n_bins: int):
    """Plain arrays: the fleeing unit's (:func:`.flee.pack`) and the pursuers'.

    Returns ``(ints, tests, floats, flee, fall_back, c_ints int64[K, 9], c_floats float64[K, 4],
    pursuits int64[K, rows, 2], charges int64[K, rows, 2], flags int64[3])``.
    """
    ints, tests, floats, flee, fall_back, _, _ = pack_unit(r, n_bins, pairs=False)
    ch = r.chasers
    c_ints = np.array([[c.pursue_mode, c.keeps_charging and r.chaser_charges, c.failed_move_mode, c.charge_move,
                        c.restraint_test.ld, c.restraint_test.dice == "3d6kl2", c.restraint_test.double1_passes,
                        c.restraint_test.double6_fails, c.restraint_test.reroll] for c in ch], np.int64)
    c_floats = np.array([[c.gap, c.charge_fixed, c.declare_range, c.out_of_range_move] for c in ch], np.float64)
    pursuits = _stack([c.pursuit.encode() for c in ch])
    charges = _stack([c.charge_dice.encode() for c in ch])
    flags = np.array([len(ch) > 1, r.failed_move_metric, r.chaser_charges], np.int64)
    return ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags


@njit(inline="always", cache=True)
def _code(base, i, split):
    """The split outcome code (see :func:`..plan.pursuers.split_code`), or ``base``."""
    if not split:
        return base
    j = 0 if base == oc.CAUGHT_REENGAGED else (1 if base == oc.CAUGHT else 2)
    return oc.N_OUTCOMES + 3 * i + j


@njit(cache=True)
def _block(ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags, seed, lo, hi, out):
    """Trials ``lo .. hi - 1`` counted into ``out`` (n_codes, n_bins)."""
    n_bins = out.shape[1]
    k = c_ints.shape[0]
    situation = ints[I_SITUATION]
    break_mode = ints[I_BREAK_MODE]
    margin = ints[I_MARGIN]
    tie_strict = ints[I_TIE_STRICT]
    edge_strict = ints[I_EDGE_STRICT]
    max_turns = ints[I_MAX_TURNS]
    rally_mode = ints[I_RALLY_MODE]
    edge = floats[F_EDGE]
    split = flags[S_SPLIT]
    failed_metric = flags[S_FAILED_METRIC]
    gaps = np.empty(k, np.float64)
    in_range = np.zeros(k, np.bool_)
    for t in range(lo, hi):
        key = trial_key(seed, t)
        st = lanes_start(key)
        o = -1
        m = 0
        if situation >= 2:  # a charge on a fleeing unit, or a flee reaction: one flee move, every reach
            f, st = roll_lanes(flee, key, st)
            by = -1
            for i in range(k):
                dice, highest, st = roll_lanes_detail(charges[i], key, st)
                reach = c_floats[i, G_FIXED] + dice
                hit = _reached(reach, c_floats[i, G_GAP] + f, tie_strict)
                if hit and by < 0:
                    by = i
                if failed_metric and i == 0:
                    if hit:
                        m = 0
                    elif c_ints[i, C_FAILED] == FAILED_MOVE_HIGHEST_DIE:
                        m = highest
                    elif c_ints[i, C_FAILED] == FAILED_MOVE_FULL:
                        m = int(reach)
                    else:
                        m = c_ints[i, C_MOVE]
            if not failed_metric:
                m = f
            if _reached(f, edge, edge_strict):
                o = oc.OFF_TABLE
            elif by >= 0:
                o = _code(oc.RUN_DOWN, by, split)
            else:
                o = oc.ESCAPED
            out[o, min(max(m, 0), n_bins - 1)] += 1
            continue

        # ---- Break test (§3.2)
        falling_back = False
        if break_mode == BREAK_CLASSIC:
            if ints[I_UNBREAKABLE]:
                o = oc.HELD
            elif ints[I_AUTO_BREAK]:
                total, d1, d6, st = _ld_roll(tests[T_BREAK, 1], key, st)
                if tests[T_BREAK, 2] and d1:
                    o = oc.HELD
            else:
                held, st = _ld_test(tests[T_BREAK, 0], tests[T_BREAK, 1], tests[T_BREAK, 2], tests[T_BREAK, 3],
                                    tests[T_BREAK, 4], margin, key, st)
                if held:
                    o = oc.HELD
        elif break_mode != BREAK_NONE:  # The Old World
            if ints[I_UNBREAKABLE]:
                o = oc.GAVE_GROUND
            else:
                nat, d1, d6, st = _ld_roll(tests[T_BREAK, 1], key, st)
                res = _tow_classify(nat, margin, tests[T_BREAK, 0], ints[I_TOW_OUTNUMBERED])
                policy = ints[I_TOW_POLICY]
                if (policy == 1 and res == 2) or (policy == 2 and res >= 1):
                    nat, d1, d6, st = _ld_roll(tests[T_BREAK, 1], key, st)
                    res = _tow_classify(nat, margin, tests[T_BREAK, 0], ints[I_TOW_OUTNUMBERED])
                if res == 2 and ints[I_TOW_STUBBORN]:
                    res = 1
                if res == 0:
                    o = oc.GAVE_GROUND
                falling_back = res == 1

        # ---- flee, then every pursuer's restraint test and pursuit roll (§3.3)
        cum = 0.0
        if o < 0:
            if falling_back:
                f, st = roll_lanes(fall_back, key, st)
            else:
                f, st = roll_lanes(flee, key, st)
            by = -1
            for i in range(k):
                pursues = c_ints[i, C_PURSUE] == PURSUE_ALWAYS
                if c_ints[i, C_PURSUE] == PURSUE_LD_TEST:
                    restrained, st = _ld_test(c_ints[i, C_LD], c_ints[i, C_THREE], c_ints[i, C_D1],
                                              c_ints[i, C_D6], c_ints[i, C_REROLL], 0, key, st)
                    pursues = not restrained
                p = 0
                if pursues:
                    p, st = roll_lanes(pursuits[i], key, st)
                if pursues and _reached(p, c_floats[i, G_GAP] + f, tie_strict) and by < 0:
                    by = i
                gaps[i] = c_floats[i, G_GAP] + f - p
            cum = float(f)
            off = _reached(cum, edge, edge_strict)
            if off and (by < 0 or not ints[I_CATCH_FIRST]):
                o = oc.OFF_TABLE
            elif by >= 0:
                o = _code(oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT, by, split)
            elif falling_back:
                o = oc.FELL_BACK
            elif max_turns == 0:
                o = oc.ESCAPED

        # ---- later turns: rally or flee again; the units that keep charging charge (§3.4, §3.5)
        turn = 1
        while o < 0 and turn <= max_turns:
            for phase in range(2):
                if o >= 0:
                    break
                enemy = (phase == 0) == (ints[I_ENEMY_FIRST] == 1)
                if not enemy:
                    if rally_mode == RALLY_NEVER:
                        rallied = False
                    elif rally_mode == RALLY_DOUBLE1_ONLY:
                        rallied = False
                        for attempt in range(1 + tests[T_RALLY, 4]):
                            total, d1, d6, st = _ld_roll(tests[T_RALLY, 1], key, st)
                            if d1:
                                rallied = True
                                break
                    else:
                        rallied, st = _ld_test(tests[T_RALLY, 0], tests[T_RALLY, 1], tests[T_RALLY, 2],
                                               tests[T_RALLY, 3], tests[T_RALLY, 4], 0, key, st)
                    if rallied:
                        o = oc.RALLIED
                    else:
                        f, st = roll_lanes(flee, key, st)
                        cum += f
                        for i in range(k):
                            gaps[i] += f
                        if _reached(cum, edge, edge_strict):
                            o = oc.OFF_TABLE
                    continue
                any_in = False
                for i in range(k):
                    in_range[i] = c_ints[i, C_KEEPS] == 1 and gaps[i] <= c_floats[i, G_DECLARE]
                    any_in = any_in or in_range[i]
                if not any_in:
                    for i in range(k):
                        if c_ints[i, C_KEEPS]:
                            gaps[i] = max(gaps[i] - c_floats[i, G_OUT], 0.0)
                    continue
                f, st = roll_lanes(flee, key, st)  # the charged unit flees once
                cum += f
                if _reached(cum, edge, edge_strict):
                    o = oc.OFF_TABLE
                    continue
                by = -1
                for i in range(k):
                    if not c_ints[i, C_KEEPS]:
                        continue
                    gaps[i] += f
                    if not in_range[i]:
                        gaps[i] = max(gaps[i] - c_floats[i, G_OUT], 0.0)
                        continue
                    dice, highest, st = roll_lanes_detail(charges[i], key, st)
                    reach = c_floats[i, G_FIXED] + dice
                    if _reached(reach, gaps[i], tie_strict):
                        if by < 0:
                            by = i
                    elif c_ints[i, C_FAILED] == FAILED_MOVE_HIGHEST_DIE:
                        gaps[i] = max(gaps[i] - highest, 0.0)
                    elif c_ints[i, C_FAILED] == FAILED_MOVE_FULL:
                        gaps[i] = max(gaps[i] - reach, 0.0)
                    else:
                        gaps[i] = max(gaps[i] - c_ints[i, C_MOVE], 0.0)
                if by >= 0:
                    o = _code(oc.RUN_DOWN, by, split)
            if o >= 0:
                m = turn
            turn += 1
        if o < 0:
            o = oc.STILL_FLEEING
            m = max_turns
        out[o, min(max(m, 0), n_bins - 1)] += 1


@njit(nogil=True, cache=True)
def _blocks(ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags, seed, start, n, out,
            b0, b1):
    """The compiled entry point: blocks ``b0 .. b1 - 1`` of a call covering trials ``start .. start + n - 1``,
    block ``b`` counted into ``out[b]``; serial and without the GIL, for
    :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo = start + b * BLOCK
        hi = min(start + n, lo + BLOCK)
        _block(ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags, seed, lo, hi, out[b])


def _run(ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags, n_out, seed, start, n):
    start, n = int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    out = np.zeros((nb, int(n_out), int(ints[I_N_BINS])), np.int64)
    run_blocks(_blocks, nb, ints, tests, floats, flee, fall_back, c_ints, c_floats, pursuits, charges, flags,
               int(seed), start, n, out)
    return out.sum(axis=0)


def run(arrays, n_out: int, seed: int, start: int, n: int) -> np.ndarray:
    """Simulate trials ``start .. start + n - 1``: int64 counts of shape (n_out codes, n_bins)."""
    return _run(*arrays, n_out, seed, start, n)


def kernel_for(r: Rules, n_bins: int):
    """``(seed, start, n) -> int64 (n_codes(r), n_bins)`` counts for rules with :attr:`Rules.chasers`."""
    arrays = pack(r, n_bins)
    n_out = n_codes(r)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run(arrays, n_out, seed, start, n)

    return kernel
