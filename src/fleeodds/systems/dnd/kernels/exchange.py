"""Monte Carlo kernel: one trial = the runner walks the path and every opportunity is rolled.

Independent of the exact solver: it rolls the d20 faces (two for advantage),
the confirmation roll, each damage die, skill checks, saves, concealment
percentiles and, when asked, the death saves or dying checks round by round; the
AoO/reaction budget of each enemy is tracked per trial. The only shared input is
the :class:`~..plan.exchange.Plan` (the ordered opportunities with their numbers).

Reproducible: every draw is a function of ``(seed, trial index, lane index)``
(:func:`fleeodds.rng.lane_bounded`), so counts do not depend on the thread count.

Fast: what the attacks' numbers decide is tabled once per call (:func:`_tables`);
an attack draws its d20, its confirmation d20 and its damage from one 32-bit
lane; and a counting run of a plan of attacks only counts trials by the classes of
their dice (a miss, or a plain hit of each damage), resolving each tuple of
classes once (:func:`_simulate_block`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ....language import Message, N_
from ....errors import InputError
from ....kernel_tools import BLOCK, block_range, roll_stacked_lanes, run_blocks
from ....rng import bounded, draw_u64, lane_bounded, lanes_start, trial_key
from ..plan.rules import Grouped
from ..plan.exchange import EFFECT_GRAPPLE, EFFECT_PRONE, EFFECT_SLOW, MASTERY_PUSH, MASTERY_VEX, Plan
from .encoding import (  # the event and parameter columns the kernel reads
    E_AB, E_AC, E_ADV, E_CANCELS, E_CMB, E_CONSUMES, E_DC, E_DIS, E_DMG, E_EFFECT, E_ENEMY, E_EXTRA, E_GRAZE,
    E_GROUP, E_HALT, E_NEEDS_TRIP, E_TOUCH_AC, E_TRIP, E_TRIP_CHECK, E_TRIP_DEF, E_TRIP_FREE,
    E_HAS_CHECK, E_HAS_SAVE, E_LOW, E_MASTERY, E_MULT, E_PUSH_CLEARS, E_SAVE_BONUS, E_SAVE_DC, E_SHARED,
    E_STAND_STILL, E_WITHIN5, MAX_MIX_TABLE, O_BACK_UP, O_CANCELLED, O_DEAD, O_DISABLED, O_DOWN, O_SLOWED, O_STABLE,
    O_STRAINED, O_UNHARMED, O_WOUNDED, P_ALL_RESOLVE, P_ALWAYS_STUCK, P_CMD, P_CON, P_CONCEAL, P_CONFIRM, P_CONFIRM20,
    P_CRIT_FAILS, P_DEAD_AT, P_DIS_CONT, P_DR, P_DSAVES, P_DS_ADV, P_DS_BONUS, P_FIVE, P_FORT, P_HP0, P_HPMAX,
    P_MASSIVE, P_MASSIVE_THR, P_METRIC_ATTACKS, P_MIN1, P_MONSTER_DIES, P_MULTIPLY, P_NBINS, P_NEV, P_PF,
    P_PRONE_STAYS, P_RESIST, P_SHIELD, P_SKILL20, P_STOP_DOWN, P_STRAIN_AT, P_THREAT_HIT, P_TUMBLE, P_TUPLES,
    P_UNCANNY, encode)
from .trip import d20_lanes, trip_attempt


@njit(inline="always", cache=True)
def _d20(key, c):
    v, c = bounded(key, c, 20)
    return v + 1, c




#: A damage expression of one chunk of at most this many raw rolls (and no extra dice) is drawn with
#: its attack's d20 from one lane, and a hit's damage read from a table built once per block.
MAX_FAST_RAW = 4096
#: Bits of the per-block table of a d20 face (``face - 1``) for each component and event.
F_HIT, F_CONFIRM, F_CRIT, F_CONFIRMS = 1, 2, 4, 8
#: 5e: the face still hits against AC + 5 (Shield up, or a hit Shield cannot turn into a miss).
F_HIT5 = 16
#: Most raw-roll classes a block counts trials by (the product over the events of the distinct
#: results of an attack: a miss, or a plain hit of each possible damage).
MAX_TUPLES = 2048
#: Largest lane table (entries, int16) a kernel call builds to count by classes.
MAX_LANE_TABLE = 1 << 22
_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def _countable(ev, aoo0, nev, comb, five, conceal, dsaves, n_mix, any_vex, any_push):
    """Whether every trial of the plan reads lane ``j`` for the attack of event ``j`` and, unless an
    attack is a critical (or a confirmed threat), nothing else: the condition for counting trials
    by the classes of their lanes (:func:`_simulate_block`).

    That needs one component, 3.5 or PF1 (5e gives advantage to attacks on a downed or prone
    runner), no concealment, death saves or Vex (more dice) nor Push (which skips attacks), and
    events that are all attacks drawn from one lane (damage of one chunk, no extra dice), without
    checks, Stand Still, advantage or disadvantage, or a save against being knocked prone, by
    enemies with enough attacks of opportunity for all their events.
    """
    if nev < 1 or five or conceal > 0 or dsaves == 1 or n_mix > 1 or any_vex or any_push:
        return False
    for j in range(nev):
        if (comb[j] == 0 or ev[0, j, E_HAS_CHECK] == 1 or ev[0, j, E_STAND_STILL] == 1 or ev[0, j, E_ADV] == 1
                or ev[0, j, E_TRIP] > 0 or ev[0, j, E_NEEDS_TRIP] == 1
                or ev[0, j, E_DIS] == 1 or (ev[0, j, E_EFFECT] == EFFECT_PRONE and ev[0, j, E_HAS_SAVE] == 1)):
            return False
    for e in range(aoo0.size):
        used = 0
        for j in range(nev):
            if ev[0, j, E_ENEMY] == e and ev[0, j, E_CONSUMES] == 1:
                used += 1
        if used > aoo0[e]:
            return False
    return True


def _tables(ev, specs, aoo0, prm, mix, record):
    """What an attack's numbers decide, worked out once per kernel (numpy, no compiling) for :func:`_simulate_block`.

    Returns ``(face, comb, conf, raw, plain, n_cls, reps, lane, lane_off, n_tup)``:

    - ``face`` (components, events, 20): bits ``F_*`` of each d20 face (index ``face - 1``): it hits,
      it threatens (a confirmation to roll), it is a critical, it confirms a threat;
    - ``comb`` (events,): ``20 * raw rolls`` of an attack drawing its d20 and its damage (one chunk,
      no extra dice) from one lane, times 20 more when its confirmation d20 is in the lane too
      (``conf``), or 0 when the damage is rolled on its own;
    - ``raw``, ``plain`` (events, raw rolls): the damage rolled, and the damage of a plain hit
      (minimum 1, resistance, damage reduction), by raw roll;
    - ``n_cls``, ``reps``, ``lane``, ``lane_off``, ``n_tup``: the raw-roll classes trials are counted by
      (``n_tup`` tuples; 0 when the plan or the run does not allow it, see :func:`_countable`):
      ``lane[lane_off[j] + v]`` is the class of lane value ``v`` of event ``j`` (0 a miss, then one
      per plain-hit damage; -1 when the trial must be resolved on its own), ``reps[j, c]`` a lane
      value of class ``c``.
    """
    k_conceal = prm[P_CONCEAL]
    k_confirm = prm[P_CONFIRM]
    k_confirm20 = prm[P_CONFIRM20]
    k_dr = prm[P_DR]
    k_dsaves = prm[P_DSAVES]
    k_massive_thr = prm[P_MASSIVE_THR]
    k_nev = prm[P_NEV]
    k_resist = prm[P_RESIST]
    k_threat_hit = prm[P_THREAT_HIT]
    five = prm[P_FIVE] == 1
    floor1 = 1 if prm[P_MIN1] == 1 else 0
    massive = prm[P_MASSIVE] == 1 and not five
    n_mix = mix.size
    any_vex = False
    any_push = False
    for mm in range(ev.shape[0]):
        for jj in range(k_nev):
            any_vex = any_vex or ev[mm, jj, E_MASTERY] == MASTERY_VEX
            any_push = any_push or ev[mm, jj, E_MASTERY] == MASTERY_PUSH
    # what each d20 face does, per component and event (the components differ in AB and AC only)
    n_ev = max(k_nev, 1)
    face = np.zeros((ev.shape[0], n_ev, 20), dtype=np.int64)
    for mm in range(ev.shape[0]):
        for jj in range(k_nev):
            ab = ev[mm, jj, E_AB]
            ac = ev[mm, jj, E_AC]
            low = ev[mm, jj, E_LOW]
            for f in range(1, 21):
                hit = f != 1 and (f == 20 or f + ab >= ac)
                bits = F_HIT if hit else 0
                if five:
                    if f >= low:
                        bits = F_HIT | F_CRIT
                elif f >= low and (hit or k_threat_hit == 0):
                    bits |= F_CONFIRM if k_confirm == 1 else F_HIT | F_CRIT
                if f != 1 and ((f == 20 and k_confirm20 == 1) or f + ab >= ac):
                    bits |= F_CONFIRMS
                if five and (f >= low or (f != 1 and (f == 20 or f + ab >= ac + 5))):
                    bits |= F_HIT5
                face[mm, jj, f - 1] = bits
    # one-lane attacks: d20 (and confirmation d20) and damage together, and a plain hit's damage
    # by raw damage roll
    comb = np.zeros(n_ev, dtype=np.int64)  # 20 [* 20] * raw rolls, or 0: the damage is rolled on its own
    conf = np.zeros(n_ev, dtype=np.int64)  # 1: the confirmation d20 is drawn in the attack's lane
    width = 1
    for jj in range(k_nev):
        sp = ev[0, jj, E_DMG]
        if specs[sp, 0, 0] == 1 and specs[sp, 1, 0] <= MAX_FAST_RAW and ev[0, jj, E_EXTRA] < 0:
            comb[jj] = 20 * specs[sp, 1, 0]
            width = max(width, specs[sp, 1, 0])
            for mm in range(ev.shape[0]):
                for f in range(20):
                    if face[mm, jj, f] & F_CONFIRM:
                        conf[jj] = 1
            if conf[jj] == 1:
                comb[jj] *= 20
    raw = np.zeros((n_ev, width), dtype=np.int64)  # the damage rolled
    plain = np.zeros((n_ev, width), dtype=np.int64)  # the damage of a hit that is not a critical
    for jj in range(k_nev):
        if comb[jj] > 0:
            sp = ev[0, jj, E_DMG]
            for d in range(specs[sp, 1, 0]):
                rolled = specs[sp, 0, 1] + specs[sp, 1, 1] * specs[sp, 2 + d, 0]
                raw[jj, d] = rolled
                total = rolled
                if five:
                    if total < 0:
                        total = 0
                    if k_resist == 1:
                        total = total // 2
                elif total < floor1:
                    total = floor1
                if k_dr > 0:
                    total -= k_dr
                    if total < 0:
                        total = 0
                plain[jj, d] = total
    # Counting by raw-roll classes (counting runs, see :func:`_countable`): a trial whose every
    # attack is a miss or a plain hit (no critical, no confirmed threat) is decided by the classes
    # of its lanes 0 .. n_events - 1 (event j reads lane j: no other draw), so it is counted by
    # that tuple of classes, and each tuple seen is resolved once per kernel call (:func:`run`), on
    # the lane values ``reps`` of its classes, weighted by its count. Any other trial is resolved as
    # it comes. The two share the one copy of the trial logic in :func:`_simulate_block`.
    n_cls = np.ones(n_ev, dtype=np.int64)
    cls = np.zeros((n_ev, width), dtype=np.int64)  # class of a plain hit by raw damage roll, -1: resolved
    reps = np.zeros((n_ev, width + 1), dtype=np.int64)  # a lane value of each class
    count = False
    n_tup = 1
    if not record and prm[P_TUPLES] == 1:
        count = _countable(ev, aoo0, k_nev, comb, five, k_conceal, k_dsaves, n_mix, any_vex, any_push)
    if count:
        for jj in range(k_nev):
            step = 400 if conf[jj] == 1 else 20
            miss_v = -1
            hit_v = -1
            for v in range(step):
                bits = face[0, jj, v % 20]
                if bits & F_CRIT:
                    continue
                if bits & F_CONFIRM and face[0, jj, v // 20] & F_CONFIRMS:
                    continue
                if bits & F_HIT:
                    if hit_v < 0:
                        hit_v = v
                elif miss_v < 0:
                    miss_v = v
            reps[jj, 0] = max(miss_v, 0)
            sp = ev[0, jj, E_DMG]
            seen = {}  # class of each plain-hit damage
            for d in range(specs[sp, 1, 0]):
                c = -1
                if not (massive and plain[jj, d] >= k_massive_thr):  # a Fortitude save to roll
                    c = seen.get(int(plain[jj, d]), -1)
                    if c < 0:
                        c = int(n_cls[jj])
                        seen[int(plain[jj, d])] = c
                        n_cls[jj] += 1
                        reps[jj, c] = max(hit_v, 0) + step * d
                cls[jj, d] = c
            n_tup *= n_cls[jj]
            if n_tup > MAX_TUPLES:
                count = False
                n_tup = 1
                break
    size = 0
    if count:
        for jj in range(k_nev):
            size += comb[jj]
        if size > MAX_LANE_TABLE:
            count = False
    lane_off = np.zeros(n_ev, dtype=np.int64)
    lane = np.zeros(size if count else 1, dtype=np.int16)
    if count:
        pos = 0
        for jj in range(k_nev):
            lane_off[jj] = pos
            v = np.arange(comb[jj])
            bits = face[0, jj, v % 20]
            q = v // 20
            d = q // 20 if conf[jj] == 1 else q
            c = np.where(bits & F_HIT, cls[jj, d], 0)
            c[((bits & F_CRIT) != 0) | (((bits & F_CONFIRM) != 0) & ((face[0, jj, q % 20] & F_CONFIRMS) != 0))] = -1
            lane[pos:pos + comb[jj]] = c
            pos += comb[jj]
    return face, comb, conf, raw, plain, n_cls, reps, lane, lane_off, np.int64(n_tup if count else 0)


@njit(cache=True)
def _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, out, rec, tabs, tuples, fold_only, stride):
    """Trials ``lo .. hi - 1`` added into ``out`` (n_outcomes, n_bins), or, when ``rec`` is not
    empty, each trial's outcome index written to ``rec[t - lo]`` (paired comparisons); with
    ``stride > 0`` the record is ``outcome index + stride * metric value`` (the chase after the
    exchange reads each trial's damage).

    ``ev`` is ``(components, events, columns)``: with uncertain values (a mixture) each trial
    first draws its component from ``mix`` (component indices, each repeated in proportion to
    its probability); with one component nothing is drawn (the counts are those of a plain plan).

    Every die is drawn from the trial's 32-bit lanes (:func:`fleeodds.rng.lane_bounded`): the
    first two from the trial key itself, then two per hash. An attack whose damage is one chunk
    of dice (e.g. ``2d8+7``: 64 raw rolls) and no extra dice draws its d20 and its damage from
    one lane, uniform over ``20 * raw rolls`` (face ``v % 20 + 1``, raw roll ``v // 20``), or
    ``400 * raw rolls`` with its confirmation d20 (``(v // 20) % 20 + 1``, raw roll ``v // 400``).
    ``tabs`` are the tables of :func:`_tables`: what each d20 face does, a plain hit's damage.

    Counting by classes (``tabs`` with ``n_tup > 0``, counting runs only): each trial's lanes
    0 .. n_events - 1 are classified without branches on the dice, and the trial is counted in
    ``tuples[tuple index]`` (int64, shape (n_tup + 1,)) when none is a critical, a confirmed
    threat, a massive-damage save or a lane that might be rejected; otherwise (about one trial
    in ten in the benchmark) it is resolved at once. ``fold_only`` resolves instead each tuple
    of ``tuples`` once, on lane values of its classes (``forced``), adding its count into ``out``.

    The trial logic is written inside the loop and dice are rolled from the
    stacked specs by index: handing arrays (or views of them) to a function
    numba does not inline costs atomic reference counting on every call.
    """
    # the parameters, read once per block
    k_all_resolve = prm[P_ALL_RESOLVE]
    k_always_stuck = prm[P_ALWAYS_STUCK]
    k_cmd = prm[P_CMD]
    k_con = prm[P_CON]
    k_conceal = prm[P_CONCEAL]
    k_confirm = prm[P_CONFIRM]
    k_confirm20 = prm[P_CONFIRM20]
    k_crit_fails = prm[P_CRIT_FAILS]
    k_dead_at = prm[P_DEAD_AT]
    k_dis_cont = prm[P_DIS_CONT]
    k_dr = prm[P_DR]
    k_dsaves = prm[P_DSAVES]
    k_ds_adv = prm[P_DS_ADV]
    k_ds_bonus = prm[P_DS_BONUS]
    k_five = prm[P_FIVE]
    k_fort = prm[P_FORT]
    k_hp0 = prm[P_HP0]
    k_hpmax = prm[P_HPMAX]
    k_massive = prm[P_MASSIVE]
    k_massive_thr = prm[P_MASSIVE_THR]
    k_metric_attacks = prm[P_METRIC_ATTACKS]
    k_min1 = prm[P_MIN1]
    k_monster_dies = prm[P_MONSTER_DIES]
    k_multiply = prm[P_MULTIPLY]
    k_nbins = prm[P_NBINS]
    k_nev = prm[P_NEV]
    k_pf = prm[P_PF]
    k_prone_stays = prm[P_PRONE_STAYS]
    k_resist = prm[P_RESIST]
    k_skill20 = prm[P_SKILL20]
    k_stop_down = prm[P_STOP_DOWN]
    k_strain_at = prm[P_STRAIN_AT]
    k_threat_hit = prm[P_THREAT_HIT]
    k_tumble = prm[P_TUMBLE]
    k_shield = prm[P_SHIELD]
    k_uncanny = prm[P_UNCANNY]
    five = k_five == 1
    hp0 = k_hp0
    hpmax = k_hpmax
    dead_at = k_dead_at
    floor1 = 1 if k_min1 == 1 else 0
    n_mix = mix.size
    massive = k_massive == 1 and not five
    aoo = np.zeros(aoo0.size + 1, dtype=np.int64)
    vex = np.zeros(aoo0.size + 1, dtype=np.int64)  # 2024 Vex: enemy e has advantage on its next attack
    # the rules a plan does not use cost nothing per event: flags read once per block
    any_vex = False
    any_push = False
    for mm in range(ev.shape[0]):
        for jj in range(k_nev):
            any_vex = any_vex or ev[mm, jj, E_MASTERY] == MASTERY_VEX
            any_push = any_push or ev[mm, jj, E_MASTERY] == MASTERY_PUSH
    face, comb, conf, raw, plain, n_cls, reps, lane, lane_off, n_tup = tabs
    count = rec is None and n_tup > 0
    n_ev = max(k_nev, 1)
    forced = np.zeros(n_ev, dtype=np.int64)  # the lane values of a tuple being resolved
    n_first = 0 if fold_only else hi - lo  # trials resolved one by one
    alone = np.empty(n_first if count else 0, dtype=np.int64)  # ... which, when counting, are these
    if count and not fold_only:
        # Classify the trials a few at a time, without branches on the dice: the keys first (one
        # hash each, independent), then each trial's tuple of classes, or n_tup when it must be
        # resolved on its own (a critical or a confirmed threat, a massive-damage save, a lane
        # that might be rejected: probability below comb / 2**32).
        n_first = 0
        keys = np.empty(64, dtype=np.uint64)
        for c0 in range(lo, hi, 64):
            c1 = min(hi, c0 + 64)
            for t in range(c0, c1):
                keys[t - c0] = trial_key(seed, t)
            for t in range(c0, c1):
                key = keys[t - c0]
                idx = 0
                bad = False
                word = key
                for jj in range(k_nev):
                    if jj & 1 == 0:
                        if jj > 0:
                            word = draw_u64(key, (jj >> 1) - 1)
                        r = word >> _S32
                    else:
                        r = word & _LOW32
                    nn = np.uint64(comb[jj])
                    mv = r * nn
                    bad = bad | ((mv & _LOW32) < nn)
                    c = np.int64(lane[np.uint64(lane_off[jj]) + (mv >> _S32)])
                    bad = bad | (c < 0)
                    idx = idx * n_cls[jj] + max(c, 0)
                if bad:
                    idx = n_tup
                tuples[idx] += 1
                alone[n_first] = t
                n_first += 1 if bad else 0
    n_items = n_first + (n_tup if count and fold_only else 0)
    for it in range(n_items):
        w = 1  # trials this resolution stands for
        fold = it >= n_first
        if fold:
            w = tuples[it - n_first]
            if w == 0:
                continue
            rest = it - n_first
            for jj in range(k_nev - 1, -1, -1):
                forced[jj] = reps[jj, rest % n_cls[jj]]
                rest //= n_cls[jj]
            t = lo
            key = np.uint64(0)
        else:
            t = alone[it] if count else lo + it
            key = trial_key(seed, t)
        st = lanes_start(key)
        m = 0
        if n_mix > 1:
            r, st = lane_bounded(key, st, n_mix)
            m = mix[r]
        for e in range(aoo0.size):
            aoo[e] = aoo0[e]
        if any_vex:
            for e in range(aoo0.size):
                vex[e] = 0
        prone = False
        tripped = False  # 3.5 Improved Trip: the free attack after a successful trip is due
        reacted = False  # 5e: the runner's reaction is spent (Shield or Uncanny Dodge)
        shield_up = False  # 5e Shield: +5 AC for the rest of the exchange
        push_step = False  # 2024 Push: out of the reach of the rest of this step's foes
        push_far = False  # ... and of the later foes marked push_clears
        strained = False
        strain_at = k_strain_at
        dmg = 0
        fails = 0
        att = 0
        nhits = 0
        dead = False
        halt = False
        slow = False
        tum = 0  # the single Tumble check of the move: 0 not rolled yet, 1 passed, 2 failed
        for j in range(k_nev):
            if dead:
                break
            if j == strain_at:
                strained = True
                if not five and hp0 - dmg == 0:
                    dmg += 1
                    if hp0 - dmg <= dead_at:
                        dead = True
                        break
                else:
                    strained = False
                strain_at = -2  # done
            boundary = j == 0 or ev[m, j, E_GROUP] != ev[m, j - 1, E_GROUP]
            if boundary:
                push_step = False
                if k_prone_stays == 0:
                    prone = False
            if boundary or k_all_resolve == 0:
                if halt:
                    break
                if k_stop_down == 1:
                    if five:
                        down = dmg >= hp0
                    else:
                        hp = hp0 - dmg
                        down = hp < 0 or (hp == 0 and k_dis_cont == 0)
                    if down:
                        break
            if any_push and (push_step or (push_far and ev[m, j, E_PUSH_CLEARS] == 1)):
                continue
            e = ev[m, j, E_ENEMY]
            avail = ev[m, j, E_CONSUMES] == 0 or aoo[e] > 0
            halt_after = False
            if ev[m, j, E_NEEDS_TRIP] == 1:  # Improved Trip's attack: only after a successful trip
                if not tripped:
                    continue
                tripped = False
                halt_after = True
            if ev[m, j, E_HAS_CHECK] == 1:
                if ev[m, j, E_CANCELS] == 1 or avail:
                    if ev[m, j, E_SHARED] == 1 and tum != 0:
                        passed = tum == 1
                    else:
                        f, st = d20_lanes(key, st)
                        passed = f + k_tumble >= ev[m, j, E_DC] or (k_skill20 == 1 and f == 20)
                        if ev[m, j, E_SHARED] == 1:
                            tum = 1 if passed else 2
                    if passed:
                        continue
                    if ev[m, j, E_CANCELS] == 1:
                        halt_after = True
                        if not avail:
                            halt = True
                            continue
                else:
                    continue
            elif not avail:
                continue
            if ev[m, j, E_CONSUMES] == 1:
                aoo[e] -= 1
            att += 1
            if ev[m, j, E_TRIP] > 0:  # the AoO is a trip attempt (3.5: touch attack, opposed check; PF: CMB)
                ok, st = trip_attempt(key, st, ev[m, j, E_TRIP], ev[m, j, E_AB], ev[m, j, E_TOUCH_AC],
                                      ev[m, j, E_TRIP_CHECK], ev[m, j, E_TRIP_DEF])
                if ok:
                    if ev[m, j, E_TRIP_FREE] == 1:
                        tripped = True
                    else:
                        halt = True
                if halt_after:
                    halt = True
                continue
            if ev[m, j, E_STAND_STILL] == 1:
                f, st = d20_lanes(key, st)
                if f == 20 or (f != 1 and f + ev[m, j, E_CMB] >= k_cmd):
                    halt = True
                if halt_after:
                    halt = True
                continue
            down5 = five and dmg >= hp0
            adv = ev[m, j, E_ADV] == 1 or down5
            dis = ev[m, j, E_DIS] == 1
            if down5 or (five and prone):  # 5e Prone (an unconscious runner is prone too)
                if ev[m, j, E_WITHIN5] == 1:
                    adv = True
                else:
                    dis = True
            if any_vex:
                if vex[e] == 1:
                    adv = True
                vex[e] = 0
            cb = comb[j]
            d = -1  # raw damage roll drawn with the d20, -1 when the damage is rolled on its own
            g = 0  # the confirmation d20 drawn with it (conf[j] == 1)
            if cb > 0:
                if fold:
                    v = forced[j]
                else:
                    v, st = lane_bounded(key, st, cb)
                f = v % 20 + 1
                if conf[j] == 1:
                    g = (v // 20) % 20 + 1
                    d = v // 400
                else:
                    d = v // 20
            else:
                f, st = d20_lanes(key, st)
            if adv and not dis:
                f2, st = d20_lanes(key, st)
                if f2 > f:
                    f = f2
            elif dis and not adv:
                f2, st = d20_lanes(key, st)
                if f2 < f:
                    f = f2
            bits = face[m, j, f - 1]
            hit = (bits & F_HIT) != 0
            crit = (bits & F_CRIT) != 0
            if bits & F_CONFIRM:  # a threat: the confirmation roll
                if g == 0:
                    g, st = d20_lanes(key, st)
                if face[m, j, g - 1] & F_CONFIRMS:
                    crit = True
                    hit = True
            elif five and hit and down5 and ev[m, j, E_WITHIN5] == 1:
                crit = True
            halve = False
            if five and hit:
                if shield_up:
                    if bits & F_HIT5 == 0:  # misses AC + 5
                        hit = False
                        crit = False
                elif not down5 and not reacted:  # a conscious runner's one reaction
                    if k_shield == 1 and bits & F_HIT5 == 0:  # SRD Shield: the hit becomes a miss
                        hit = False
                        crit = False
                        shield_up = True
                        reacted = True
                    elif k_uncanny == 1:  # SRD Uncanny Dodge: this hit's damage halved
                        halve = True
                        reacted = True
            if hit and k_conceal > 0:
                u, st = lane_bounded(key, st, 100)
                if u < k_conceal:
                    hit = False
                    crit = False
            if not hit:
                if halt_after:
                    halt = True
                gz = ev[m, j, E_GRAZE]  # 5e 2024 Graze: a miss deals the ability modifier
                if gz > 0:
                    if k_resist == 1:
                        gz = gz // 2
                    if k_dr > 0:
                        gz = max(0, gz - k_dr)
                    if gz > 0:
                        if dmg >= hp0:  # at 0 HP: a death-save failure, or instant death
                            if gz >= hpmax:
                                dead = True
                            else:
                                fails += 1
                                if fails >= 3:
                                    dead = True
                        elif dmg + gz >= hp0 and (k_monster_dies == 1 or dmg + gz - hp0 >= hpmax):
                            dead = True
                        dmg += gz
                continue
            # damage of this hit
            nhits += 1
            if d >= 0 and not crit and not halve:
                total = plain[j, d]
            else:
                sp = ev[m, j, E_DMG]
                xi = ev[m, j, E_EXTRA]
                if d >= 0:
                    rolled = raw[j, d]
                else:
                    rolled, st = roll_stacked_lanes(specs, sp, key, st)
                if five:
                    total = rolled
                    if crit:
                        t2, st = roll_stacked_lanes(specs, sp, key, st)
                        total += t2 - specs[sp, 0, 1]
                    if xi >= 0:
                        x, st = roll_stacked_lanes(specs, xi, key, st)
                        if crit:
                            x2, st = roll_stacked_lanes(specs, xi, key, st)
                            x += x2 - specs[xi, 0, 1]
                        total += x
                    if total < 0:
                        total = 0
                    if halve:  # before resistance (adjustments first, then resistance)
                        total = total // 2
                    if k_resist == 1:
                        total = total // 2
                else:
                    if rolled < floor1:
                        rolled = floor1
                    if crit:
                        if k_multiply == 1:
                            rolled = rolled * ev[m, j, E_MULT]
                        else:
                            for _ in range(ev[m, j, E_MULT] - 1):
                                t2, st = roll_stacked_lanes(specs, sp, key, st)
                                if t2 < floor1:
                                    t2 = floor1
                                rolled += t2
                    total = rolled
                    if xi >= 0:
                        x, st = roll_stacked_lanes(specs, xi, key, st)
                        if x > 0:
                            total += x
                if k_dr > 0:
                    total -= k_dr
                    if total < 0:
                        total = 0
            if massive and total >= k_massive_thr:
                g, st = d20_lanes(key, st)
                if not (g == 20 or (g != 1 and g + k_fort >= 15)):
                    dead = True
            was_down = five and dmg >= hp0
            dmg += total
            if five:
                if was_down:
                    if total > 0:
                        if total >= hpmax:
                            dead = True
                        else:
                            fails += k_crit_fails if crit else 1
                            if fails >= 3:
                                dead = True
                elif dmg >= hp0:
                    if k_monster_dies == 1 or dmg - hp0 >= hpmax:
                        dead = True
            elif hp0 - dmg <= dead_at:
                dead = True
            eff = ev[m, j, E_EFFECT]
            if ev[m, j, E_HALT] == 1 or eff == EFFECT_GRAPPLE:
                halt = True
            if any_push or any_vex:
                if ev[m, j, E_MASTERY] == MASTERY_PUSH:
                    push_step = True
                    push_far = True
                elif ev[m, j, E_MASTERY] == MASTERY_VEX and total > 0:
                    vex[e] = 1
            if eff == EFFECT_SLOW:
                slow = True
            elif eff == EFFECT_PRONE:
                if ev[m, j, E_HAS_SAVE] == 1:
                    s, st = d20_lanes(key, st)
                    if s + ev[m, j, E_SAVE_BONUS] < ev[m, j, E_SAVE_DC]:
                        slow = True
                        prone = True
                else:
                    slow = True
                    prone = True
            if halt_after:
                halt = True

        if strain_at >= 0 and not dead and not five and hp0 - dmg == 0:  # the act completes after the move
            dmg += 1
            strained = True
        if k_always_stuck == 1:
            halt = True
        hp = hp0 - dmg
        if dead or (not five and hp <= dead_at):
            code = O_DEAD
        else:
            down = (dmg >= hp0) if five else (hp < 0)
            if down:
                code = O_STRAINED if strained else O_DOWN
                if k_dsaves == 1:
                    code = O_STABLE
                    if five:
                        succ = 0
                        fl = fails
                        dsa = k_ds_adv
                        while True:
                            g, st = d20_lanes(key, st)
                            if dsa != 0:
                                g2, st = d20_lanes(key, st)
                                if (dsa > 0 and g2 > g) or (dsa < 0 and g2 < g):
                                    g = g2
                            if g == 20:
                                code = O_BACK_UP
                                break
                            if g != 1 and g + k_ds_bonus >= 10:
                                succ += 1
                                if succ >= 3:
                                    break
                            else:
                                fl += 2 if g == 1 else 1
                                if fl >= 3:
                                    code = O_DEAD
                                    break
                    elif k_pf == 1:
                        h = hp
                        mod = (k_con - 10) // 2
                        while True:
                            g, st = d20_lanes(key, st)
                            if g == 20 or g + mod + h >= 10:
                                break
                            h -= 1
                            if h <= dead_at:
                                code = O_DEAD
                                break
                    else:
                        h = hp
                        while True:
                            u, st = lane_bounded(key, st, 100)
                            if u < 10:
                                break
                            h -= 1
                            if h <= dead_at:
                                code = O_DEAD
                                break
            elif not five and hp == 0:
                code = O_DISABLED
            elif halt:
                code = O_CANCELLED
            elif slow:
                code = O_SLOWED
            elif dmg > 0:
                code = O_WOUNDED
            else:
                code = O_UNHARMED
        if k_metric_attacks == 1:
            value = att
        elif k_metric_attacks == 2:
            value = nhits
        else:
            value = dmg
        if value > k_nbins - 1:
            value = k_nbins - 1
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = outmap[code] + stride * value
        else:
            out[outmap[code], value] += w


@njit(nogil=True, cache=True)
def _count_blocks(seed, start, n, ev, specs, aoo0, prm, outmap, mix, per, tabs, tup, fold_only, b0, b1):
    """Compiled entry point of :func:`run`: blocks ``b0 .. b1 - 1``, block ``b`` counted into ``per[b]``
    (and its raw-roll classes into ``tup[b]``); serial and without the GIL, for
    :func:`fleeodds.kernel_tools.run_blocks`. ``fold_only`` (a run-time flag, so that one
    specialisation serves both calls) folds the summed classes instead (:func:`_simulate_block`)."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, per[b], None, tabs, tup[b], fold_only, 0)


@njit(nogil=True, cache=True)
def _record_blocks(seed, start, n, ev, specs, aoo0, prm, outmap, mix, dummy, rec, tabs, stride, b0, b1):
    """Compiled entry point of :func:`run_trials`: blocks ``b0 .. b1 - 1``, each trial's outcome into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, dummy[b], rec[lo - start:hi - start], tabs,
                        dummy[0, 0], n < 0, stride)


def run(seed, start, n, ev, specs, aoo0, prm, outmap, mix, n_out, tabs):
    """Simulate trials ``start .. start + n - 1``; int64 counts ``(n_out, n_bins)``."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    per = np.zeros((nb, int(n_out), int(prm[P_NBINS])), dtype=np.int64)
    n_tup = int(tabs[-1])  # trials counted by raw-roll classes: n_tup tuples (0: none)
    tup = np.zeros((nb, n_tup + 1), dtype=np.int64)
    run_blocks(_count_blocks, nb, seed, start, n, ev, specs, aoo0, prm, outmap, mix, per, tabs, tup, False)
    counts = per.sum(axis=0)
    if n_tup > 0:  # one block of no trials: each tuple of classes seen, resolved once for all its trials
        _count_blocks(seed, start, 0, ev, specs, aoo0, prm, outmap, mix, counts[None], tabs,
                      tup.sum(axis=0)[None], True, 0, 1)
    return counts


def run_trials(seed, start, n, ev, specs, aoo0, prm, outmap, mix, tabs, stride=0):
    """Outcome index of each trial ``start .. start + n - 1``: int64 array of shape (n,).

    The same trials as :func:`run` (the same block function), recorded one by one
    for paired comparisons on common random numbers; with ``stride > 0``, ``outcome index +
    stride * metric value`` instead.
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, dtype=np.int64)
    dummy = np.zeros((nb, 1, 1), dtype=np.int64)
    run_blocks(_record_blocks, nb, seed, start, n, ev, specs, aoo0, prm, outmap, mix, dummy, rec, tabs,
               np.int64(stride))
    return rec


def _mixture(plan: Plan, components):
    ev, specs, aoo, prm, outmap = encode(plan)
    if not components or len(components) == 1:
        return ev[None], specs, aoo, prm, outmap, np.zeros(1, dtype=np.int64)
    evs = np.stack([encode(p)[0] for _w, p in components])
    den = 1
    for w, _p in components:
        den = den * w.denominator // math.gcd(den, w.denominator)
    if den > MAX_MIX_TABLE:
        raise InputError(Message(N_("uncertain values")), f"a common denominator of {den:,}",
                         Message(N_("probabilities with a common "
                                    "denominator of at most {n}"), n=Grouped(MAX_MIX_TABLE)))
    mix = np.concatenate([np.full(int(w * den), k, dtype=np.int64) for k, (w, _p) in enumerate(components)])
    return evs, specs, aoo, prm, outmap, mix


def make_kernel(plan: Plan, components=None, tuples: bool = True):
    """``kernel(seed, start, n) -> int64 counts (n_outcomes, n_bins)`` for :func:`fleeodds.engine.simulate`.

    ``components`` (``[(probability, Plan)]``, optional) is a mixture of plans that differ in AC,
    attack bonus and Tumble DC only (:func:`.encoding.check_mixture`); each trial draws its component.
    ``tuples=False`` resolves every trial one by one instead of counting trials by the classes of
    their raw rolls where the plan allows (:func:`_simulate_block`): the counts are the same, which
    the tests check."""
    ev, specs, aoo, prm, outmap, mix = _mixture(plan, components)
    if not tuples:
        prm = prm.copy()
        prm[P_TUPLES] = 0
    n_out = len(plan.outcomes)
    tabs = _tables(ev, specs, aoo, prm, mix, False)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run(np.int64(seed), np.int64(start), np.int64(n), ev, specs, aoo, prm, outmap, mix, n_out, tabs)

    return kernel


def make_trial_kernel(plan: Plan, components=None, stride: int = 0):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` for :func:`fleeodds.engine.simulate_paired`;
    with ``stride > 0``, ``outcome index + stride * metric value`` (the chase after the exchange)."""
    ev, specs, aoo, prm, outmap, mix = _mixture(plan, components)
    tabs = _tables(ev, specs, aoo, prm, mix, True)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_trials(np.int64(seed), np.int64(start), np.int64(n), ev, specs, aoo, prm, outmap, mix, tabs, stride)

    return kernel
