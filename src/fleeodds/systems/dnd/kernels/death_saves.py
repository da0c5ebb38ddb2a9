"""Monte Carlo kernel of the 5e death-save chain on its own (``situation = "death_saves"``)."""


from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, block_range, run_blocks
from ....rng import trial_key
from ..outcomes import DEATH_SAVE_BINS
from .exchange import _d20


@njit(cache=True)
def _death_save_block(seed, lo, hi, s0, f0, bonus, adv, out, rec):
    """Trials ``lo .. hi - 1`` of the death-save chain: counts ``out[outcome, saves rolled]``
    (outcomes back up, stable, dead), or each trial's outcome in ``rec`` when it is not None."""
    for t in range(lo, hi):
        key = trial_key(seed, t)
        c = 0
        s = s0
        f = f0
        r = 0
        code = 0
        while True:
            r += 1
            g, c = _d20(key, c)
            if adv != 0:
                g2, c = _d20(key, c)
                if (adv > 0 and g2 > g) or (adv < 0 and g2 < g):
                    g = g2
            if g == 20:
                code = 0
                break
            if g == 1:
                f += 2
            elif g + bonus >= 10:
                s += 1
            else:
                f += 1
            if s >= 3:
                code = 1
                break
            if f >= 3:
                code = 2
                break
        if rec is not None:
            rec[t - lo] = code
        else:
            out[code, r] += 1


@njit(nogil=True, cache=True)
def _death_save_count_blocks(seed, start, n, s0, f0, bonus, adv, per, b0, b1):
    """Compiled entry point of :func:`run_death_saves`: blocks ``b0 .. b1 - 1`` into ``per[b]``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _death_save_block(seed, lo, hi, s0, f0, bonus, adv, per[b], None)


@njit(nogil=True, cache=True)
def _death_save_record_blocks(seed, start, n, s0, f0, bonus, adv, dummy, rec, b0, b1):
    """Compiled entry point of :func:`run_death_save_trials`: blocks ``b0 .. b1 - 1`` into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _death_save_block(seed, lo, hi, s0, f0, bonus, adv, dummy[b], rec[lo - start:hi - start])


def run_death_saves(seed, start, n, s0, f0, bonus, adv, n_bins):
    """Counts ``(3, n_bins)`` of trials ``start .. start + n - 1`` of the death-save chain."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    per = np.zeros((nb, 3, int(n_bins)), dtype=np.int64)
    run_blocks(_death_save_count_blocks, nb, seed, start, n, int(s0), int(f0), int(bonus), int(adv), per)
    return per.sum(axis=0)


def run_death_save_trials(seed, start, n, s0, f0, bonus, adv):
    """Outcome index of each trial of the death-save chain: int64 (n,)."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, dtype=np.int64)
    dummy = np.zeros((nb, 1, 1), dtype=np.int64)
    run_blocks(_death_save_record_blocks, nb, seed, start, n, int(s0), int(f0), int(bonus), int(adv), dummy, rec)
    return rec


def make_death_save_kernel(successes: int, failures: int, bonus: int, advantage: int):
    """``kernel(seed, start, n) -> int64 counts (3, 6)`` of the death-save situation."""
    args = (np.int64(successes), np.int64(failures), np.int64(bonus), np.int64(advantage))

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_death_saves(np.int64(seed), np.int64(start), np.int64(n), *args, np.int64(DEATH_SAVE_BINS))

    return kernel


def make_death_save_trial_kernel(successes: int, failures: int, bonus: int, advantage: int):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` of the death-save situation."""
    args = (np.int64(successes), np.int64(failures), np.int64(bonus), np.int64(advantage))

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_death_save_trials(np.int64(seed), np.int64(start), np.int64(n), *args)

    return kernel
