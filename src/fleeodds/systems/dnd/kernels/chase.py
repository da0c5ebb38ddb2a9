"""Monte Carlo kernel of the chase (5e): each trial rolls the attacks of :mod:`..plan.chase` in order
and stops at the runner's drop (or, with ``chase.death_saves``, rolls the downed runner's death saves to
the last round); it reads the same plan as :mod:`..exact.chase`, never its code.

With ``chase.after_exchange`` each trial first plays the exchange of leaving melee with its own kernel
(:func:`..kernels.exchange.make_trial_kernel`, recording the outcome and the damage taken), then the
chase from the hit points left, on dice keyed by the trial index under a derived seed (independent of
the exchange's dice; the same counts whatever the thread count or chunk size)."""


from __future__ import annotations

import numpy as np
from numba import njit

from ....dice import parse, stack_specs
from ....kernel_tools import BLOCK, block_range, roll_stacked_lanes, run_blocks
from ....rng import lane_bounded, lanes_start, trial_key
from ..plan.chase import (O_BACK_UP, O_DEAD, O_DOWN, O_ESCAPED, O_STABLE, O_STILL, O_STOPPED, ON_TURN,
                          ChasePlan)
from .trip import d20_lanes, trip_attempt

# attack columns: round, attack bonus, AC, lowest critical face, advantage (-1 / 0 / 1), dice index, trigger,
# 3.5/PF critical multiplier, trip attempt (0 none, 1 3.5, 2 PF), trip check, trip defence (PF: CMD), touch AC,
# the variant a successful trip sends the trial to
A_ROUND, A_AB, A_AC, A_LOW, A_ADV, A_DICE, A_TRIG, A_MULT, A_TRIP, A_TCHK, A_TDEF, A_TOUCH, A_ONTRIP = range(13)
A_COLS = 13
# steps of a downed runner: round, save (1) or attack (0), attack bonus, AC, lowest critical face, advantage,
# dice index, a hit is a critical (within 5 ft)
S_ROUND, S_SAVE, S_AB, S_AC, S_LOW, S_ADV, S_DICE, S_AUTO = range(8)
#: Records of the exchange kernel: outcome index + STRIDE * damage taken.
STRIDE = 64
#: Added to the seed for the chase's dice after an exchange (the exchange uses the seed itself).
CHASE_SALT = 0x5A17C4A5E




@njit(inline="always", cache=True)
def _damage_5e(specs, sp, crit, resist, key, st):
    """A 5e hit's damage: the dice of ``specs[sp]`` (twice on a critical, the modifier once), at least 0,
    halved (rounded down) with resistance."""
    d, st = roll_stacked_lanes(specs, sp, key, st)
    if crit:
        d2, st = roll_stacked_lanes(specs, sp, key, st)
        d += d2 - specs[sp, 0, 1]
    if d < 0:
        d = 0
    if resist == 1:
        d = d // 2
    return d, st


@njit(cache=True)
def _chase_block(seed, lo, hi, att, natt, steps, nsteps, specs, hp0, var, first, hpmax, resist, escape, rounds, saves,
                 five, dead_at, dying, conmod, out, rec):
    """Trials ``lo .. hi - 1`` (``hp0``, ``var``, ``first`` indexed from ``lo``: starting hit points,
    plan variant, outcome already reached in round 0 or -1; ``-2``: down at the start, death saves from
    round 1): counts ``out[outcome, round]``, or each trial's outcome in ``rec``."""
    for t in range(lo, hi):
        i = t - lo
        key = trial_key(seed, t)
        st = lanes_start(key)
        v = var[i]
        hp = hp0[i]
        code = -1  # set below when the run of attacks ends without a drop
        when = rounds
        drop = -1  # with death saves: the attack that dropped the runner (natt[v]: down at the start)
        if first[i] >= 0:
            code = first[i]
            when = 0
        else:
            if first[i] == -2:
                drop = natt[v]
                code = O_DOWN
            else:
                j = -1
                while j + 1 < natt[v]:
                    j += 1
                    if att[v, j, A_TRIP] > 0:  # a trip attempt (3.5: touch attack, opposed check; PF: CMB)
                        ok, st = trip_attempt(key, st, att[v, j, A_TRIP], att[v, j, A_AB], att[v, j, A_TOUCH],
                                              att[v, j, A_TCHK], att[v, j, A_TDEF])
                        if ok:
                            v = att[v, j, A_ONTRIP]  # the tripped runner's plan: same attacks up to j
                        continue
                    f, st = d20_lanes(key, st)
                    adv = att[v, j, A_ADV]
                    if adv != 0:
                        f2, st = d20_lanes(key, st)
                        if (adv > 0 and f2 > f) or (adv < 0 and f2 < f):
                            f = f2
                    sp = att[v, j, A_DICE]
                    if five == 1:
                        crit = f >= att[v, j, A_LOW]
                        hit = crit or (f != 1 and (f == 20 or f + att[v, j, A_AB] >= att[v, j, A_AC]))
                        if not hit:
                            continue
                        d, st = _damage_5e(specs, sp, crit, resist, key, st)
                    else:  # 3.5/PF: a hitting threat is confirmed by a second roll; a critical rolls x times
                        hit = f != 1 and (f == 20 or f + att[v, j, A_AB] >= att[v, j, A_AC])
                        if not hit:
                            continue
                        times = 1
                        if f >= att[v, j, A_LOW]:
                            c, st = d20_lanes(key, st)
                            if c != 1 and (c == 20 or c + att[v, j, A_AB] >= att[v, j, A_AC]):
                                times = att[v, j, A_MULT]
                        d = 0
                        for _m in range(times):
                            one, st = roll_stacked_lanes(specs, sp, key, st)
                            d += one if one > 1 else 1  # at least 1 a damage roll
                    if d >= hp:
                        when = att[v, j, A_ROUND]
                        if (five == 0 and hp - d <= dead_at) or (five == 1 and d - hp >= hpmax):
                            code = O_DEAD
                        elif dying > 0 and hp == d:  # 3.5/PF: exactly 0 HP, disabled (not followed)
                            code = O_BACK_UP
                        elif dying > 0:  # 3.5/PF dying: a check each of its turns (this round if not its own)
                            h = hp - d
                            code = O_DOWN
                            when = rounds
                            r0 = att[v, j, A_ROUND] if att[v, j, A_TRIG] == ON_TURN else att[v, j, A_ROUND] + 1
                            for rr in range(r0, rounds + 1):
                                if dying == 1:
                                    c, st = lane_bounded(key, st, 10)
                                    ok = c == 0
                                else:
                                    c, st = d20_lanes(key, st)
                                    ok = c == 20 or c + conmod + h >= 10
                                if ok:
                                    code = O_STABLE
                                    when = rr
                                    break
                                h -= 1
                                if h <= dead_at:
                                    code = O_DEAD
                                    when = rr
                                    break
                        elif saves == 1:
                            drop = j
                            code = O_DOWN
                        else:
                            code = O_DOWN
                        break
                    hp -= d
                if code < 0:  # not dropped: safe in its plan's escape round, or still chased
                    esc = escape[v]
                    code = O_ESCAPED if esc > 0 else O_STILL
                    when = esc if esc > 0 else rounds
            if drop >= 0:  # its steps: death saves at the start of its turns, the pursuers' attacks on it
                sc = 0
                fl = 0
                stab = 0  # the round it became stable, 0: not stable
                code = O_DOWN
                when = rounds
                for k in range(nsteps[v, drop]):
                    r = steps[v, drop, k, S_ROUND]
                    if steps[v, drop, k, S_SAVE] == 1:
                        if stab > 0:
                            continue
                        f, st = d20_lanes(key, st)
                        if f == 20:
                            code = O_BACK_UP
                            when = r
                            break
                        if f >= 10:
                            sc += 1
                            if sc >= 3:
                                stab = r
                        else:
                            fl += 2 if f == 1 else 1
                            if fl >= 3:
                                code = O_DEAD
                                when = r
                                break
                        continue
                    f, st = d20_lanes(key, st)
                    if steps[v, drop, k, S_ADV] != 0:
                        f2, st = d20_lanes(key, st)
                        if (steps[v, drop, k, S_ADV] > 0 and f2 > f) or (steps[v, drop, k, S_ADV] < 0 and f2 < f):
                            f = f2
                    crit = f >= steps[v, drop, k, S_LOW]
                    hit = crit or (f != 1 and (f == 20 or f + steps[v, drop, k, S_AB] >= steps[v, drop, k, S_AC]))
                    if not hit:
                        continue
                    if steps[v, drop, k, S_AUTO] == 1:
                        crit = True
                    sp = steps[v, drop, k, S_DICE]
                    d, st = _damage_5e(specs, sp, crit, resist, key, st)
                    if d >= hpmax:
                        code = O_DEAD
                        when = r
                        break
                    if stab > 0:  # hit while stable: the saves start again
                        stab = 0
                        sc = 0
                        fl = 0
                    fl += 2 if crit else 1
                    if fl >= 3:
                        code = O_DEAD
                        when = r
                        break
                if code == O_DOWN and stab > 0:
                    code = O_STABLE
                    when = stab
        if rec is not None:
            rec[i] = code
        else:
            out[code, when] += 1


@njit(nogil=True, cache=True)
def _chase_count_blocks(seed, start, n, att, natt, steps, nsteps, specs, hp0, var, first, hpmax, resist, escape, rounds, saves,
                        five, dead_at, dying, conmod, per, b0, b1):
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _chase_block(seed, lo, hi, att, natt, steps, nsteps, specs, hp0[lo - start:hi - start], var[lo - start:hi - start],
                     first[lo - start:hi - start], hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod, per[b], None)


@njit(nogil=True, cache=True)
def _chase_record_blocks(seed, start, n, att, natt, steps, nsteps, specs, hp0, var, first, hpmax, resist, escape, rounds, saves,
                         five, dead_at, dying, conmod, dummy, rec, b0, b1):
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _chase_block(seed, lo, hi, att, natt, steps, nsteps, specs, hp0[lo - start:hi - start], var[lo - start:hi - start],
                     first[lo - start:hi - start], hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod,
                     dummy[b], rec[lo - start:hi - start])


def _encode(plans: list[ChasePlan]):
    index: dict[str, int] = {}
    specs = []
    nmax = max(1, max(len(p.attacks) for p in plans))
    att = np.zeros((len(plans), nmax, A_COLS), dtype=np.int64)
    for v, plan in enumerate(plans):
        for j, a in enumerate(plan.attacks):
            if a.damage not in index:
                index[a.damage] = len(specs)
                specs.append(parse(a.damage).encode())
            att[v, j] = (a.round, a.attack_bonus, a.ac, a.threat_low, a.advantage, index[a.damage], a.trigger,
                         a.multiplier, a.trip, a.trip_check, a.trip_defence, a.touch_ac, a.on_trip)
    # each variant's steps after a drop by attack j (j = number of attacks: down at the start)
    smax = max([1] + [len(x) for p in plans for x in list(p.after_drop) + [p.start_down]])
    steps = np.zeros((len(plans), nmax + 1, smax, 8), dtype=np.int64)
    nsteps = np.zeros((len(plans), nmax + 1), dtype=np.int64)
    for v, plan in enumerate(plans):
        if not plan.spec.death_saves:
            continue
        for jj, seq in enumerate(list(plan.after_drop) + [plan.start_down]):  # index len(attacks): the start
            nsteps[v, jj] = len(seq)
            for k, st in enumerate(seq):
                if not st.save and st.damage not in index:
                    index[st.damage] = len(specs)
                    specs.append(parse(st.damage).encode())
                steps[v, jj, k] = (st.round, int(st.save), st.attack_bonus, st.ac, st.threat_low, st.advantage,
                                   0 if st.save else index[st.damage], int(st.auto_crit))
    if not specs:
        specs.append(parse("1").encode())
    s = plans[0].spec
    natt = np.array([len(p.attacks) for p in plans], dtype=np.int64)
    escape = np.array([p.escape_round for p in plans], dtype=np.int64)
    return (att, natt, steps, nsteps, stack_specs(specs), np.int64(s.hp_max), np.int64(int(s.resistance)), escape,
            np.int64(s.rounds), np.int64(int(s.death_saves)), np.int64(int(s.edition.startswith("5e"))),
            np.int64(s.dead_at if s.dead_at is not None else 0),
            # 3.5/PF dying followed: 1 (a 10% roll) or 2 (PF's Con check); the Con modifier
            np.int64(0 if s.edition.startswith("5e") or not s.death_saves else (1 if s.edition == "3.5" else 2)),
            np.int64((s.con - 10) // 2))


class _Starts:
    """Each trial's start: the runner's hit points, plan variant and round-0 outcome. Without an
    exchange, ``spec.hp``, variant 0, none; with one, from the exchange kernel's record of that trial."""

    def __init__(self, plan: ChasePlan, exchange=None):
        self.hp = plan.spec.hp
        self.exchange = exchange  # (trial kernel, {exchange outcome index: (kind, variant)})

    def __call__(self, seed: int, start: int, n: int):
        if self.exchange is None:
            return (np.int64(seed), np.full(n, self.hp, dtype=np.int64), np.zeros(n, dtype=np.int64),
                    np.full(n, -1, dtype=np.int64))
        trial, table = self.exchange
        rec = trial(seed, start, n)
        o, dmg = rec % STRIDE, rec // STRIDE
        kind = table[0][o]  # -1 chase, >= 0 an outcome in round 0, -2 down (death saves from round 1)
        var = table[1][o]
        hp = np.maximum(self.hp - dmg, 1)
        return np.int64(seed + CHASE_SALT), hp.astype(np.int64), var.astype(np.int64), kind.astype(np.int64)


def make_chase_kernel(plan: ChasePlan, variants: list[ChasePlan] | None = None, exchange=None):
    """``kernel(seed, start, n) -> int64 counts (n_outcomes, rounds + 1)`` of the chase.

    ``variants`` (default ``[plan]``): the plans a trial may follow (index 1: the runner starts prone);
    ``exchange``: ``(exchange trial kernel recording damage, (kind array, variant array) by exchange
    outcome index)`` for the chase after the exchange."""
    plans = variants or [plan, *plan.variants]
    args = _encode(plans)
    n_bins = plan.spec.rounds + 1
    n_out = len(plan.outcomes)
    starts = _Starts(plan, exchange)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        seed, start, n = int(seed), int(start), int(n)
        nb = (n + BLOCK - 1) // BLOCK
        per = np.zeros((nb, n_out, n_bins), dtype=np.int64)
        cseed, hp0, var, first = starts(seed, start, n)
        att, natt, steps, nsteps, specs, hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod = args
        run_blocks(_chase_count_blocks, nb, cseed, np.int64(start), np.int64(n), att, natt, steps, nsteps, specs,
                   hp0, var, first,
                   hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod, per)
        return per.sum(axis=0)

    return kernel


def make_chase_trial_kernel(plan: ChasePlan, variants: list[ChasePlan] | None = None, exchange=None):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` of the chase (see :func:`make_chase_kernel`)."""
    plans = variants or [plan, *plan.variants]
    args = _encode(plans)
    starts = _Starts(plan, exchange)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        seed, start, n = int(seed), int(start), int(n)
        nb = (n + BLOCK - 1) // BLOCK
        rec = np.empty(n, dtype=np.int64)
        dummy = np.zeros((nb, 1, 1), dtype=np.int64)
        cseed, hp0, var, first = starts(seed, start, n)
        att, natt, steps, nsteps, specs, hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod = args
        run_blocks(_chase_record_blocks, nb, cseed, np.int64(start), np.int64(n), att, natt, steps, nsteps, specs,
                   hp0, var, first,
                   hpmax, resist, escape, rounds, saves, five, dead_at, dying, conmod, dummy, rec)
        return rec

    return kernel
