"""Monte Carlo kernel of the chase (5e): each trial rolls the attacks of :mod:`..plan.chase` in order
and stops at the runner's drop; it reads the same plan as :mod:`..exact.chase`, never its code."""


from __future__ import annotations

import numpy as np
from numba import njit

from ....dice import parse, stack_specs
from ....kernel_tools import BLOCK, block_range, roll_stacked_lanes, run_blocks
from ....rng import lane_bounded, lanes_start, trial_key
from ..plan.chase import O_DEAD, O_DOWN, O_ESCAPED, O_STILL, ChasePlan

# attack columns: round, attack bonus, AC, lowest critical face, advantage (-1 / 0 / 1), dice index
A_ROUND, A_AB, A_AC, A_LOW, A_ADV, A_DICE = range(6)


@njit(inline="always", cache=True)
def _d20(key, st):
    v, st = lane_bounded(key, st, 20)
    return v + 1, st


@njit(cache=True)
def _chase_block(seed, lo, hi, att, specs, hp0, hpmax, resist, escape, rounds, out, rec):
    """Trials ``lo .. hi - 1``: counts ``out[outcome, round]``, or each trial's outcome in ``rec``."""
    n = att.shape[0]
    for t in range(lo, hi):
        key = trial_key(seed, t)
        st = lanes_start(key)
        hp = hp0
        code = O_ESCAPED if escape > 0 else O_STILL
        when = escape if escape > 0 else rounds
        for j in range(n):
            f, st = _d20(key, st)
            adv = att[j, A_ADV]
            if adv != 0:
                f2, st = _d20(key, st)
                if (adv > 0 and f2 > f) or (adv < 0 and f2 < f):
                    f = f2
            crit = f >= att[j, A_LOW]
            hit = crit or (f != 1 and (f == 20 or f + att[j, A_AB] >= att[j, A_AC]))
            if not hit:
                continue
            sp = att[j, A_DICE]
            d, st = roll_stacked_lanes(specs, sp, key, st)
            if crit:  # 5e: the damage dice twice, the modifier once
                d2, st = roll_stacked_lanes(specs, sp, key, st)
                d += d2 - specs[sp, 0, 1]
            if d < 0:
                d = 0
            if resist == 1:
                d = d // 2
            if d >= hp:
                code = O_DEAD if d - hp >= hpmax else O_DOWN
                when = att[j, A_ROUND]
                break
            hp -= d
        if rec is not None:
            rec[t - lo] = code
        else:
            out[code, when] += 1


@njit(nogil=True, cache=True)
def _chase_count_blocks(seed, start, n, att, specs, hp0, hpmax, resist, escape, rounds, per, b0, b1):
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _chase_block(seed, lo, hi, att, specs, hp0, hpmax, resist, escape, rounds, per[b], None)


@njit(nogil=True, cache=True)
def _chase_record_blocks(seed, start, n, att, specs, hp0, hpmax, resist, escape, rounds, dummy, rec, b0, b1):
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _chase_block(seed, lo, hi, att, specs, hp0, hpmax, resist, escape, rounds, dummy[b],
                     rec[lo - start:hi - start])


def _encode(plan: ChasePlan):
    index: dict[str, int] = {}
    specs = []
    att = np.zeros((len(plan.attacks), 6), dtype=np.int64)
    for j, a in enumerate(plan.attacks):
        if a.damage not in index:
            index[a.damage] = len(specs)
            specs.append(parse(a.damage).encode())
        att[j] = (a.round, a.attack_bonus, a.ac, a.threat_low, a.advantage, index[a.damage])
    if not specs:
        specs.append(parse("1").encode())
    s = plan.spec
    args = (att, stack_specs(specs), np.int64(s.hp), np.int64(s.hp_max), np.int64(int(s.resistance)),
            np.int64(plan.escape_round), np.int64(s.rounds))
    return args


def make_chase_kernel(plan: ChasePlan):
    """``kernel(seed, start, n) -> int64 counts (4, rounds + 1)`` of the chase."""
    args = _encode(plan)
    n_bins = plan.spec.rounds + 1

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        seed, start, n = int(seed), int(start), int(n)
        nb = (n + BLOCK - 1) // BLOCK
        per = np.zeros((nb, 4, n_bins), dtype=np.int64)
        run_blocks(_chase_count_blocks, nb, np.int64(seed), np.int64(start), np.int64(n), *args, per)
        return per.sum(axis=0)

    return kernel


def make_chase_trial_kernel(plan: ChasePlan):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` of the chase."""
    args = _encode(plan)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        seed, start, n = int(seed), int(start), int(n)
        nb = (n + BLOCK - 1) // BLOCK
        rec = np.empty(n, dtype=np.int64)
        dummy = np.zeros((nb, 1, 1), dtype=np.int64)
        run_blocks(_chase_record_blocks, nb, np.int64(seed), np.int64(start), np.int64(n), *args, dummy, rec)
        return rec

    return kernel
