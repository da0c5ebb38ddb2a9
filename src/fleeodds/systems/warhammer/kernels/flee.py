"""Monte Carlo kernel for Warhammer break, flee, pursuit, rally and charge (numba).

Written from the rules digest (docs/warhammer.md §3) independently of
the exact solver: here every die is rolled, one trial at a time, with the
counter-based stream of :mod:`fleeodds.rng`. Parameters arrive as plain
arrays built by :func:`pack`; nothing here validates input (that happened in
the pydantic model).

Two shortcuts give the very counts of rolling every trial through the rules
(the tests compare them): a trial decided by its first two dice rolls is
counted by that pair of raw rolls, and folded into its outcome once per run;
a later turn with no charger and nothing in the way is read from a table of
its two raw rolls (rally try, flee roll), filled once per run by the same
rules on chosen rolls.

Counts are returned per ``(outcome, turn)``: outcome codes of
:mod:`..outcomes`, turn 0 for the combat phase (break test and pursuit), 1 to
``max_turns`` for later turns. For the charge situations the metric is the
flee roll in inches instead.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import roll_lanes, roll_lanes_detail, run_blocks
from ....rng import lane_bounded, lane_for, lane_u32, lanes_start, trial_key
from .. import outcomes as oc
from ..plan.flee import (BREAK_CLASSIC, BREAK_NONE, FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, PURSUE_ALWAYS,
                         PURSUE_LD_TEST, PURSUE_NEVER, Rules)
from ..plan.leadership import RALLY_DOUBLE1_ONLY, RALLY_NEVER, LdTest
from .obstacles import rally_row, tails, walk

# integer parameters
(I_SITUATION, I_BREAK_MODE, I_MARGIN, I_AUTO_BREAK, I_UNBREAKABLE, I_TOW_POLICY, I_TOW_OUTNUMBERED,
 I_TOW_STUBBORN, I_PURSUE_MODE, I_TIE_STRICT, I_EDGE_STRICT, I_CATCH_FIRST, I_MAX_TURNS, I_RALLY_MODE,
 I_CHASER, I_ENEMY_FIRST, I_FAILED_MOVE, I_N_BINS, I_PAIR_KIND, I_PAIR_A, I_PAIR_B, I_RALLY_TRIES,
 I_FLEE_NEAR, I_IMPETUOUS) = range(24)
N_INT = 24
# Leadership tests: rows of [ld, three_dice_keep_low, double1_passes, double6_fails, reroll]
T_BREAK, T_RESTRAINT, T_RALLY = 0, 1, 2
# float parameters
F_EDGE, F_GAP, F_CHARGE_FIXED, F_DECLARE, F_OUT_MOVE, F_CHARGE_MOVE, F_SWIFT_MARGIN = range(7)
N_FLOAT = 7
# the things in the way (.obstacles) follow: ints[N_INT:] and floats[N_FLOAT:]
SITUATION_CODES = {"break": 0, "fleeing": 1, "charge_fleeing": 2, "flee_reaction": 3,
                   "leadership_test": 0, "panic": 0}  # the two tests run the Break-test path (plan/flee.py)
TOW_POLICIES = {"never": 0, "reroll_break_only": 1, "reroll_break_or_fall_back": 2}
BIG = 1e300  # stands for "no table edge"
#: Trials per block (the blocks of a call are spread over the threads by :func:`fleeodds.kernel_tools.run_blocks`).
BLOCK = 1 << 16
#: Largest number of raw-roll pairs an exchange is counted by (2D6 against 3D6 is 7,776).
MAX_PAIRS = 1 << 13
#: Fast-path kinds (``ints[I_PAIR_KIND]``): none, flee against pursuit, flee against charge dice, and
#: a chain whose first turn is a flee against pursuit (later turns resolved trial by trial).
PAIR_NONE, PAIR_PURSUIT, PAIR_CHARGE, PAIR_CHAIN = 0, 1, 2, 3


def _one_chunk(spec: np.ndarray) -> int:
    """Raw rolls of an encoded expression made of one chunk (one lane), 1 for a constant, 0 otherwise."""
    if spec[0, 0] == 0:
        return 1
    return int(spec[1, 0]) if spec[0, 0] == 1 else 0


def _pair_shape(r: Rules, flee: np.ndarray, second: np.ndarray) -> tuple[int, int, int]:
    """Whether a scenario's first exchange is two rolls, each from one lane: ``(kind, n_a, n_b)``.

    The charge situations (a flee roll against the charge dice), and a unit already fleeing with no
    later turn whose pursuer pursues or never does (a flee roll against the pursuit roll or none) draw
    exactly lane 0 for the flee roll and lane 1 for the other roll (none when it is a constant), and
    nothing else, unless a lane is rejected. Such a trial is decided by the pair of raw rolls, which
    :func:`_simulate_block` counts instead of resolving each trial.

    A unit already fleeing with later turns, pursued by a pursuer that always pursues
    (``PAIR_CHAIN``), draws the same two lanes in its first exchange: a trial ended by them is
    counted by its pair; the others go on to the later turns from lane 2, one by one.
    """
    if r.obstacles or len(r.chasers) > 1 or r.flee_near_edge is not None:
        # things in the way, several pursuit or charge rolls, or a flee roll that depends on the distance fled
        return PAIR_NONE, 0, 0
    if r.situation in ("charge_fleeing", "flee_reaction"):
        kind = PAIR_CHARGE
    elif r.situation == "fleeing" and r.max_turns == 0 and r.pursue_mode in (PURSUE_ALWAYS, PURSUE_NEVER):
        kind = PAIR_PURSUIT
    elif r.situation == "fleeing" and r.pursue_mode == PURSUE_ALWAYS:
        kind = PAIR_CHAIN
    else:
        return PAIR_NONE, 0, 0
    n_a = _one_chunk(flee) if flee[0, 0] == 1 else 0  # the flee roll must read lane 0
    n_b = _one_chunk(second) if kind == PAIR_CHARGE or r.pursue_mode == PURSUE_ALWAYS else 1
    if kind == PAIR_CHAIN and n_b == 1:  # a constant pursuit draws no lane 1: the later turns would start at 1
        return PAIR_NONE, 0, 0
    if n_a == 0 or n_b == 0 or n_a * n_b > MAX_PAIRS:
        return PAIR_NONE, 0, 0
    return kind, n_a, n_b


def pack(r: Rules, n_bins: int, pairs: bool = True):
    """Plain arrays for the kernel: ``(ints int64[24 + tail], tests int64[3, 5], floats float64[7 + tail],
    dice specs)``; the tails hold the things in the way (:func:`.obstacles.tails`).

    TOW: the flee spec is followed by the spec of the flee roll without the Swiftstride D6, from row
    ``ints[I_FLEE_NEAR]`` (0: none), rolled within ``floats[F_SWIFT_MARGIN]`` of the edge.

    ``pairs=False`` turns the one-exchange fast path off (every trial resolved one by one; the
    counts are the same, which the tests check).
    """
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
    ints[I_RALLY_TRIES] = r.rally_tries
    ints[I_IMPETUOUS] = 2 if r.chaser_impetuous and r.impetuous_ld_test else int(r.chaser_impetuous)
    flee_spec = r.flee.encode()
    if r.flee_near_edge is not None:  # one array: the far roll's rows, then the near roll's
        ints[I_FLEE_NEAR] = flee_spec.shape[0]
        flee_spec = np.ascontiguousarray(np.vstack((flee_spec, r.flee_near_edge.encode())))
    specs = (flee_spec, r.fall_back.encode(), r.pursuit.encode(), r.charge_dice.encode())
    if pairs:
        ints[I_PAIR_KIND], ints[I_PAIR_A], ints[I_PAIR_B] = _pair_shape(
            r, specs[0], specs[3] if r.situation in ("charge_fleeing", "flee_reaction") else specs[2])

    def test_row(t: LdTest):
        return [t.ld, t.dice == "3d6kl2", t.double1_passes, t.double6_fails, t.reroll]

    tests = np.array([test_row(r.break_test), test_row(r.restraint_test), test_row(r.rally_test)], np.int64)
    floats = np.array([min(r.edge, BIG), r.gap, r.charge_fixed, r.declare_range, r.out_of_range_move,
                       float(r.charge_move), r.swift_edge_margin], np.float64)
    more_ints, more_floats = tails(r)
    ints = np.concatenate((ints, more_ints))
    floats = np.concatenate((floats, more_floats))
    return (ints, tests, floats) + specs


@njit(cache=True)
def _ld_roll(three, key, st):
    """Roll a Leadership test's dice: 2D6, or 3D6 keeping the two lowest (Cold-blooded).

    Returns (total, double1, double6, lane state)."""
    if three:
        v, st = lane_bounded(key, st, 216)  # three dice from one draw
        a = v % 6 + 1
        b = (v // 6) % 6 + 1
        c = v // 36 + 1
        low = min(a, min(b, c))
        total = a + b + c - max(a, max(b, c))  # the two lowest are kept
        mid = total - low
        return total, (low == 1 and mid == 1), (low == 6 and mid == 6), st
    v, st = lane_bounded(key, st, 36)  # two dice from one draw
    a = v % 6 + 1
    b = v // 6 + 1
    return a + b, (a == 1 and b == 1), (a == 6 and b == 6), st


@njit(cache=True)
def _ld_test(ld, three, double1_passes, double6_fails, reroll, modifier, key, st):
    """One Leadership test with its re-roll: pass on total + modifier <= Ld, natural doubles override."""
    for attempt in range(1 + reroll):
        total, d1, d6, st = _ld_roll(three, key, st)
        passed = total + modifier <= ld
        if double1_passes and d1:
            passed = True
        if double6_fails and d6:
            passed = False
        if passed:
            return True, st
    return False, st


@njit(cache=True)
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
def _flee_roll(flee, near, swift_margin, edge, cum, key, st):
    """A flee roll of a unit that has fled ``cum`` inches: the rows of ``flee`` from ``near`` (the roll
    without the TOW Swiftstride D6) when ``near > 0`` and the edge is within ``swift_margin``, else ``flee``."""
    if near > 0 and edge - cum <= swift_margin:
        return roll_lanes(flee[near:], key, st)
    return roll_lanes(flee, key, st)


@njit(inline="always", cache=True)
def _plain_turns(key, st, cum, gap, max_turns, rally_mode, rally_table, r_reroll, flee, edge, edge_strict, tries,
                 near, swift_margin):
    """Turns 1 to ``max_turns`` of a fleeing unit with no charger and nothing in the way (§3.5).

    Each turn ``tries`` rally tests (TOW Rallying Cry: 2; their raw rolls' results in ``rally_table``,
    each with the re-roll if any), then, if they fail, a flee move toward the table edge (``near``,
    ``swift_margin``: :func:`_flee_roll`). Returns ``(outcome, turn, cum, gap, state)``; the outcome is
    ``STILL_FLEEING`` at ``max_turns`` when neither happened.
    """
    n_rally = rally_table.shape[0]
    for turn in range(1, max_turns + 1):
        if rally_mode != RALLY_NEVER:
            rallied = False
            for attempt in range(tries):
                v, st = lane_bounded(key, st, n_rally)
                rallied = rally_table[v]
                if not rallied and r_reroll:
                    v, st = lane_bounded(key, st, n_rally)
                    rallied = rally_table[v]
                if rallied:
                    break
            if rallied:
                return oc.RALLIED, turn, cum, gap, st
        f, st = _flee_roll(flee, near, swift_margin, edge, cum, key, st)
        cum += f
        gap += f
        if _reached(cum, edge, edge_strict):
            return oc.OFF_TABLE, turn, cum, gap, st
    return oc.STILL_FLEEING, max_turns, cum, gap, st


@njit(cache=True)
def _rally_table(tests, rally_mode):
    """Whether each raw roll of one rally try passes (bool, shape (216,) for 3D6 keeping the two
    lowest, (36,) for 2D6): the same test a trial rolls, on chosen lanes; all False if the unit
    cannot rally."""
    three = tests[T_RALLY, 1]
    n_rally = 216 if three else 36
    no = tests[T_RALLY, 4] * 0  # no re-roll, no modifier: an int64, not a literal (one compiled _ld_test)
    table = np.zeros(n_rally, np.bool_)
    for v in range(n_rally):
        k = lane_for(v, n_rally) << np.uint64(32)
        if rally_mode == RALLY_DOUBLE1_ONLY:
            total, d1, d6, s0 = _ld_roll(three, k, lanes_start(k))
            table[v] = d1
        elif rally_mode != RALLY_NEVER:
            passed, s0 = _ld_test(tests[T_RALLY, 0], three, tests[T_RALLY, 2], tests[T_RALLY, 3], no, no, k,
                                  lanes_start(k))
            table[v] = passed
    return table


@njit(cache=True)
def _turn_table(rally_table, flee, edge, edge_strict):
    """One turn of :func:`_plain_turns` as a table, for a unit whose turn is one rally try and one flee
    roll of one lane each, toward a table edge at most 256" away.

    Returns int32 of shape ``(n_states, n_rally * n_flee)``: row = inches fled so far (whole), column
    = raw rally roll * n_flee + raw flee roll; the entry is the inches fled after the turn, or
    ``-1 - outcome`` when the turn ends the flight (rallied, off the table). Shape ``(0, 0)`` when a
    turn is not of that form (re-rolls, several flee chunks, no edge, a flee roll below 0).
    """
    none = np.zeros((0, 0), np.int32)
    if flee[0, 0] != 1 or edge > 256:
        return none
    n_flee = flee[1, 0]
    n_rally = rally_table.shape[0]
    n_states = int(np.ceil(edge)) + 1
    if n_states * n_rally * n_flee > (1 << 22):
        return none
    table = np.empty((n_states, n_rally * n_flee), np.int32)
    for vf in range(n_flee):
        k = lane_for(vf, n_flee) << np.uint64(32)
        f, s0 = roll_lanes(flee, k, lanes_start(k))
        if f < 0:
            return none
        for c in range(n_states):
            after = -1 - oc.OFF_TABLE if _reached(c + f, edge, edge_strict) else c + f
            for vr in range(n_rally):
                table[c, vr * n_flee + vf] = -1 - oc.RALLIED if rally_table[vr] else after
    return table


@njit(inline="always", cache=True)
def _table_turns(key, st, c, max_turns, turns, n_rally, n_flee):
    """:func:`_plain_turns` read from :func:`_turn_table`, for a trial that starts turn 1 at lane state
    ``st`` having fled ``c`` whole inches: each turn reads two lanes, the rally try and the flee roll
    (a trial that rallies never reads its flee lane, so reading it changes nothing).

    Returns ``(outcome, turn)``, or ``(-1, 0)`` if a lane might be rejected: that trial is then
    resolved by :func:`_plain_turns`.
    """
    nr = np.uint64(n_rally)
    nf = np.uint64(n_flee)
    low32 = np.uint64(0xFFFFFFFF)
    for turn in range(1, max_turns + 1):
        r, st = lane_u32(key, st)
        f, st = lane_u32(key, st)
        mr = r * nr
        mf = f * nf
        if (mr & low32) < nr or (mf & low32) < nf:
            return -1, 0
        e = turns[c, (mr >> np.uint64(32)) * nf + (mf >> np.uint64(32))]
        if e < 0:
            return -1 - e, turn
        c = e
    return oc.STILL_FLEEING, max_turns


@njit(cache=True)
def _simulate_block(ints, tests, floats, flee, fall_back, pursuit, charge, seed, lo, hi, out, pairs, rec, lut,
                    rally_table, turns, mode):
    """Trials ``lo .. hi - 1``: counted into ``out`` (n_outcomes, n_bins), or recorded one by one.

    ``mode`` 0 counts: each trial's outcome in ``out[outcome, metric]``; or, for a scenario that is
    one exchange of two rolls (``ints[I_PAIR_KIND]``, see :func:`_pair_shape`), each trial's pair
    of raw rolls in ``pairs`` (int64, shape ``(n_a * n_b,)``), with no rule applied per trial. A trial
    whose lanes might be rejected (probability about ``(n_a + n_b) / 2**32``) is resolved as usual.
    ``mode`` 1 records the outcome code of trial ``t`` in ``rec[t - lo]``. ``mode`` 2 folds
    counted pairs into ``out``: it resolves one trial per pair, on lanes chosen to give that pair
    (:func:`fleeodds.rng.lane_for`), weighted by its count. The three modes share this one copy of
    the trial logic, so a pair count folds into the outcome a trial with those dice has.

    A chain (``PAIR_CHAIN``) counts, in mode 0, the pairs whose first exchange ends the trial; the
    other trials resume at their later turns, one by one, from where ``lut`` (float64, shape
    ``(n_a * n_b, 3)``: outcome or -1, distance fled, gap) says the pair leaves the unit. ``mode`` 4
    fills ``lut``: the first exchange of one trial per pair, on chosen lanes as in mode 2.

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
    tries = ints[I_RALLY_TRIES]
    near = ints[I_FLEE_NEAR]
    swift_margin = floats[F_SWIFT_MARGIN]
    impetuous = ints[I_IMPETUOUS]

    n_obj = ints[N_INT]  # things in the way (.obstacles)
    models0 = ints[N_INT + 1]
    track_models = ints[N_INT + 2] > 0

    pair_kind = ints[I_PAIR_KIND]
    n_a = ints[I_PAIR_A]
    n_b = ints[I_PAIR_B]

    # ---- later turns with no charger and nothing in the way: each turn a rally test (read from
    # ``rally_table``), then a flee move if it fails; or the whole turn read from ``turns``
    plain_turns = chaser == 0 and n_obj == 0 and impetuous == 0
    table_turns = plain_turns and turns.shape[0] > 0 and r_reroll == 0 and rally_mode != RALLY_NEVER \
        and tries == 1 and near == 0
    n_rally = rally_table.shape[0]
    n_flee = flee[1, 0]

    # ---- one exchange (counting mode): count the raw-roll pairs of lanes 0 and 1, no rule per trial
    n_trials = hi - lo  # trials resolved one by one below
    slow = np.empty(64, np.int64)  # trials of the exchange whose lanes might be rejected
    chain = pair_kind == PAIR_CHAIN
    resume = np.empty(hi - lo if chain and mode == 0 else 0, np.uint64)  # keys of chain trials that go on
    n_slow = 0
    n_resume = 0
    na = np.uint64(n_a)
    nb = np.uint64(n_b)
    low32 = np.uint64(0xFFFFFFFF)
    pi = np.uint64(0)  # a pair of raw rolls: na * nb of them
    if mode == 0 and pair_kind != PAIR_NONE:
        for t in range(lo, hi):
            key = trial_key(seed, t)
            ma = (key >> np.uint64(32)) * na
            mb = (key & low32) * nb
            if (ma & low32) < na or (mb & low32) < nb:
                if n_slow < 64:
                    slow[n_slow] = t
                n_slow += 1
            else:
                pi = (ma >> np.uint64(32)) * nb + (mb >> np.uint64(32))
                pairs[pi] += 1  # a pair whose first exchange does not end the trial is not folded
                if chain:  # (no branch: the key is written, and kept when the trial goes on)
                    resume[n_resume] = key
                    n_resume += lut[pi, 0] < 0
        if n_slow <= 64 and plain_turns:  # the chain trials going on: their later turns here, in a small loop
            for j in range(n_resume):
                key = resume[j]
                pi = (((key >> np.uint64(32)) * na) >> np.uint64(32)) * nb + (((key & low32) * nb) >> np.uint64(32))
                o = -1
                if table_turns:
                    o, m = _table_turns(key, (np.int64(2), key), np.int64(lut[pi, 1]), max_turns, turns, n_rally,
                                        n_flee)
                if o < 0:
                    o, m, cum, gap, st = _plain_turns(key, (np.int64(2), key), lut[pi, 1], lut[pi, 2], max_turns,
                                                      rally_mode, rally_table, r_reroll, flee, edge, edge_strict,
                                                      tries, near, swift_margin)
                out[o, min(max(m, 0), n_bins - 1)] += 1
            n_resume = 0
        if n_slow <= 64:
            n_trials = n_slow + n_resume
        else:  # (never seen) too many to list: count the pairs of none, resolve every trial
            pairs[:] = 0
            n_resume = 0
            mode = 3
    elif mode == 2 or mode == 4:
        n_trials = n_a * n_b

    for idx in range(n_trials):
        w = 1  # trials this resolution stands for
        resumed = False
        if mode == 0 and pair_kind != PAIR_NONE and idx >= n_slow:  # a chain trial going on to turn 1
            t = lo
            key = resume[idx - n_slow]
            pi = (((key >> np.uint64(32)) * na) >> np.uint64(32)) * nb + (((key & low32) * nb) >> np.uint64(32))
            resumed = True
        elif mode == 0 and pair_kind != PAIR_NONE:
            t = slow[idx]
            key = trial_key(seed, t)
        elif mode == 2 or mode == 4:
            w = pairs[idx] if mode == 2 else 1
            if w == 0 or (mode == 2 and chain and lut[idx, 0] < 0):  # (those trials went on, counted)
                continue
            t = lo
            key = (lane_for(idx // n_b, n_a) << np.uint64(32)) | lane_for(idx % n_b, n_b)
        else:
            t = lo + idx
            key = trial_key(seed, t)
        st = lanes_start(key)
        o = -1  # outcome, -1 while undecided
        m = 0  # metric: turn of resolution, or flee roll in the charge situations
        cum = 0.0
        gap = gap0
        models = models0
        if resumed:  # lanes 0 and 1 were the first exchange's flee and pursuit rolls
            cum = lut[pi, 1]
            gap = lut[pi, 2]
            st = (np.int64(2), key)

        if situation >= 2:
            # ---- charge against a fleeing unit, or a flee reaction: one flee, one reach (§3.4)
            f, st = _flee_roll(flee, near, swift_margin, edge, 0.0, key, st)
            dice_reach, st = roll_lanes(charge, key, st)
            end = float(f)
            code = -1
            if n_obj > 0:
                end, models, code, st = walk(ints, floats, N_INT, N_FLOAT, 0.0, float(f), models0, edge,
                                             edge_strict, key, st)
            caught = _reached(charge_fixed + dice_reach, gap0 + end, tie_strict)
            off = _reached(end, edge, edge_strict)
            m = f
            if code >= 0:  # destroyed by a thing in the way
                o = code
            elif off:  # the flee move resolves before the charge (§3.4), whatever catch_vs_edge_order says
                o = oc.OFF_TABLE
            elif caught:
                o = oc.RUN_DOWN
            else:
                o = oc.ESCAPED
            if mode == 1:
                rec[t - lo] = o
            else:
                out[o, min(max(m, 0), n_bins - 1)] += w
            continue

        if not resumed:  # the first exchange (a resumed chain trial took it from the table of pairs)
            # ---- break test (§3.2)
            falling_back = False
            if break_mode == BREAK_CLASSIC:
                if unbreakable:
                    o = oc.HELD
                elif auto_break:
                    total, d1, d6, st = _ld_roll(b_three, key, st)
                    if b_d1 and d1:  # Insane Courage still holds
                        o = oc.HELD
                else:
                    held, st = _ld_test(b_ld, b_three, b_d1, b_d6, b_reroll, margin, key, st)
                    if held:
                        o = oc.HELD
            elif break_mode != BREAK_NONE:  # The Old World
                if unbreakable:
                    o = oc.GAVE_GROUND
                else:
                    if b_three:  # Cold-blooded with cold_blooded_scope = "all_ld": 3D6, the two lowest kept
                        nat, d1, d6, st = _ld_roll(b_three, key, st)
                    else:
                        v, st = lane_bounded(key, st, 36)
                        nat = v % 6 + v // 6 + 2
                    res = _tow_classify(nat, margin, b_ld, tow_outnumbered)
                    if (tow_policy == 1 and res == 2) or (tow_policy == 2 and res >= 1):
                        if b_three:
                            nat, d1, d6, st = _ld_roll(b_three, key, st)
                        else:
                            v, st = lane_bounded(key, st, 36)
                            nat = v % 6 + v // 6 + 2
                        res = _tow_classify(nat, margin, b_ld, tow_outnumbered)
                    if res == 2 and tow_stubborn:
                        res = 1
                    if res == 0:
                        o = oc.GAVE_GROUND
                    falling_back = res == 1

            # ---- flee and pursuit (§3.3)
            if o < 0:
                if falling_back:
                    f, st = roll_lanes(fall_back, key, st)
                else:
                    f, st = _flee_roll(flee, near, swift_margin, edge, 0.0, key, st)
                pursues = pursue_mode == PURSUE_ALWAYS
                if pursue_mode == PURSUE_LD_TEST:
                    restrained, st = _ld_test(s_ld, s_three, s_d1, s_d6, s_reroll, 0, key, st)
                    pursues = not restrained
                p = 0
                if pursues:
                    p, st = roll_lanes(pursuit, key, st)
                caught = pursues and _reached(p, gap + f, tie_strict)
                cum = float(f)
                code = -1
                if n_obj > 0 and not (caught and catch_first):  # a unit caught first does not move
                    cum, models, code, st = walk(ints, floats, N_INT, N_FLOAT, 0.0, float(f), models, edge,
                                                 edge_strict, key, st)
                off = _reached(cum, edge, edge_strict)
                if code >= 0:
                    o = code
                elif off and (not caught or not catch_first):
                    o = oc.OFF_TABLE
                elif caught:
                    o = oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT
                elif falling_back:
                    o = oc.FELL_BACK
                elif max_turns == 0:
                    o = oc.ESCAPED
                gap = gap + cum - p
        if mode == 4:  # the table of first exchanges: how this pair ends it, or where it leaves the unit
            lut[idx, 0] = o
            lut[idx, 1] = cum
            lut[idx, 2] = gap
            continue

        # ---- later turns: rally or flee again; the enemy may charge (§3.4, §3.5)
        turn = 1
        if o < 0 and table_turns:  # no charger, nothing in the way: each turn read from the table
            o, m = _table_turns(key, st, np.int64(cum), max_turns, turns, n_rally, n_flee)
        if o < 0 and plain_turns:  # (or a lane might be rejected)
            o, m, cum, gap, st = _plain_turns(key, st, cum, gap, max_turns, rally_mode, rally_table, r_reroll,
                                              flee, edge, edge_strict, tries, near, swift_margin)
        while o < 0 and turn <= max_turns:
            phase = 0
            while o < 0 and phase < 2:
                enemy = (phase == 0) == (enemy_first == 1)
                phase += 1
                if not enemy:
                    if track_models:  # casualty limits after Dangerous Terrain or Peril tests
                        row = rally_row(ints, N_INT, models)
                        rally_mode = ints[row]
                        r_ld = ints[row + 1]
                    rallied = False
                    for try_ in range(tries):  # TOW Rallying Cry: a second Rally test
                        if rally_mode == RALLY_NEVER:
                            rallied = False
                        elif rally_mode == RALLY_DOUBLE1_ONLY:
                            rallied = False
                            for attempt in range(1 + r_reroll):
                                total, d1, d6, st = _ld_roll(r_three, key, st)
                                if d1:
                                    rallied = True
                                    break
                        else:
                            rallied, st = _ld_test(r_ld, r_three, r_d1, r_d6, r_reroll, 0, key, st)
                        if rallied:
                            break
                    if rallied:
                        o = oc.RALLIED
                    else:
                        f, st = _flee_roll(flee, near, swift_margin, edge, cum, key, st)
                        code = -1
                        if n_obj > 0:
                            c2, models, code, st = walk(ints, floats, N_INT, N_FLOAT, cum, float(f), models, edge,
                                                        edge_strict, key, st)
                            gap += c2 - cum
                            cum = c2
                        else:
                            cum += f
                            gap += f
                        if code >= 0:
                            o = code
                        elif _reached(cum, edge, edge_strict):
                            o = oc.OFF_TABLE
                elif chaser or impetuous:
                    forced = True
                    if chaser == 0 and gap <= declare and impetuous == 2:  # TOW Impetuous: a failed Ld test
                        passed, st = _ld_test(s_ld, s_three, s_d1, s_d6, s_reroll, 0, key, st)
                        forced = not passed
                    elif chaser == 0 and gap <= declare:  # TOW Impetuous: a charge on a D6 of 1-3
                        v, st = lane_bounded(key, st, 6)
                        forced = v < 3
                    if gap <= declare and forced:
                        f, st = _flee_roll(flee, near, swift_margin, edge, cum, key, st)
                        dice_reach, highest, st = roll_lanes_detail(charge, key, st)
                        reach = charge_fixed + dice_reach
                        code = -1
                        if n_obj > 0:
                            c2, models, code, st = walk(ints, floats, N_INT, N_FLOAT, cum, float(f), models, edge,
                                                        edge_strict, key, st)
                            gap += c2 - cum
                            cum = c2
                        else:
                            cum += f
                            gap += f
                        caught = _reached(reach, gap, tie_strict)
                        off = _reached(cum, edge, edge_strict)
                        if code >= 0:  # destroyed on the way, before the charge
                            o = code
                        elif off:  # the flee move resolves before the charge (§3.4)
                            o = oc.OFF_TABLE
                        elif caught:
                            o = oc.RUN_DOWN
                        elif failed_move == FAILED_MOVE_HIGHEST_DIE:
                            gap -= highest
                        elif failed_move == FAILED_MOVE_FULL:
                            gap -= reach
                        else:
                            gap -= charge_move
                    elif gap > declare and chaser:
                        gap -= out_move
                    if gap < 0:
                        gap = 0.0
            if o >= 0:
                m = turn
            turn += 1
        if o < 0:
            o = oc.STILL_FLEEING
            m = max_turns
        if mode == 1:
            rec[t - lo] = o
        else:
            out[o, min(max(m, 0), n_bins - 1)] += w


@njit(nogil=True, cache=True)
def _blocks(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n, out, pairs, rec, lut, rally_table,
            turns, mode, b0, b1):
    """The one compiled entry point: blocks ``b0 .. b1 - 1`` of a call covering trials
    ``start .. start + n - 1``, block ``b`` into ``out[b]`` (n_outcomes, n_bins) and ``pairs[b]``,
    or recorded into ``rec`` (``mode`` as in :func:`_simulate_block`). Serial and without the
    GIL: :func:`fleeodds.kernel_tools.run_blocks` runs ranges of blocks on several threads.
    Every argument has one type on every call (int64 scalars, C arrays), so that this and
    :func:`_simulate_block` compile once."""
    for b in range(b0, b1):
        lo = start + b * BLOCK
        hi = min(start + n, lo + BLOCK)
        _simulate_block(ints, tests, floats, flee, fall_back, pursuit, charge, seed, lo, hi, out[b], pairs[b],
                        rec[lo - start:hi - start], lut, rally_table, turns, mode)


def _run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n, record):
    """Trials ``start .. start + n - 1`` in blocks of :data:`BLOCK` spread over the threads.

    Returns ``(counts, outcomes)``: int64 counts of shape (12 outcomes, n_bins), and, when
    ``record``, the outcome code of each trial (int64, shape (n,); empty otherwise, and the
    counts are then zero).
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    n_bins = int(ints[I_N_BINS])
    mode = 1 if record else 0
    fold = mode == 0 and ints[I_PAIR_KIND] != PAIR_NONE  # first exchanges counted by raw-roll pairs
    n_pairs = int(ints[I_PAIR_A] * ints[I_PAIR_B]) if fold else 1
    out = np.zeros((nb, oc.N_OUTCOMES, n_bins), np.int64)
    pairs = np.zeros((nb, n_pairs), np.int64)
    rec = np.empty(n if record else 0, np.int64)
    lut = np.zeros((n_pairs if fold and ints[I_PAIR_KIND] == PAIR_CHAIN else 0, 3), np.float64)
    rally_table = _rally_table(tests, ints[I_RALLY_MODE])
    turns = np.zeros((0, 0), np.int32)
    if ints[I_CHASER] == 0 and ints[N_INT] == 0 and ints[I_MAX_TURNS] > 0 and ints[I_RALLY_TRIES] == 1 \
            and ints[I_FLEE_NEAR] == 0 and ints[I_IMPETUOUS] == 0:  # no charger, nothing in the way, one rally test, one flee roll
        turns = _turn_table(rally_table, flee, floats[F_EDGE], ints[I_EDGE_STRICT])
    args = (ints, tests, floats, flee, fall_back, pursuit, charge, seed)
    tables = (lut, rally_table, turns)
    if lut.shape[0] > 0 and nb > 0:  # one block of no trials, in mode 4: the table of first exchanges
        _blocks(*args, start, 0, out[:1], pairs[:1], rec, *tables, 4, 0, 1)
    run_blocks(_blocks, nb, *args, start, n, out, pairs, rec, *tables, mode)
    counts = out.sum(axis=0)
    if fold:  # one block of no trials, in mode 2: the summed pairs folded into the counts
        _blocks(*args, start, 0, counts[None], pairs.sum(axis=0)[None], rec, *tables, 2, 0, 1)
    return counts, rec


def run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n):
    """Simulate trials ``start .. start + n - 1``: int64 counts of shape (12 outcomes, n_bins)."""
    return _run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n, False)[0]


def run_trials(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n):
    """Outcome code of each trial ``start .. start + n - 1``: int64 array of shape (n,).

    The same trials as :func:`run` (same seed, same index, same dice), recorded
    one by one for paired comparisons on common random numbers.
    """
    return _run(ints, tests, floats, flee, fall_back, pursuit, charge, seed, start, n, True)[1]
