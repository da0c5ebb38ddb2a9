"""Monte Carlo of the later rounds of a fight (numba): one round for a chosen set of trials.

The round itself is :mod:`.combat`'s trial function (a black box here: the same dice, the same
per-trial record); this module only runs it on the trials still fighting in round ``k``, each keyed by
its own trial index and the round (:func:`round_seed`), so the counts do not depend on how the engine
cuts the trials into blocks. The multi-round driver (which trials fight again, with which rules) is in
:mod:`..scenarios.fight`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, run_blocks
from ....rng import trial_key
from .combat import ROW, _trial

#: Added once per round to the seed of a later round, so each round's dice are a stream of their own.
ROUND_SEED_STEP = 0x9E3779B97F4A7C15 >> 1


def round_seed(seed: int, k: int) -> int:
    """The seed of round ``k`` (round 1 is ``seed`` itself: the first round's dice are unchanged).

    Parameters
    ----------
    seed : int
    k : int
        Round number, from 1.

    Returns
    -------
    int
        In ``[0, 2**63)``.

    References
    ----------
    docs/warhammer_combat.md §17 (several rounds); src/fleeodds/rng.py (counter-based keys).
    """
    return (int(seed) + (k - 1) * ROUND_SEED_STEP) % (2**63)


@njit(nogil=True, cache=True)
def _subset_blocks(sides, flags, seed, trials, out, b0, b1):
    """Blocks ``b0 .. b1 - 1`` of the listed trials: trial ``trials[j]`` into ``out[j]``."""
    n = trials.shape[0]
    for b in range(b0, b1):
        lo = b * BLOCK
        hi = min(lo + BLOCK, n)
        for j in range(lo, hi):
            _trial(sides, flags, trial_key(seed, trials[j]), out[j])


def run_round_on(sides, flags, seed: int, trials: np.ndarray) -> np.ndarray:
    """One round for the trials ``trials`` (absolute indices), with the packed rules of
    :func:`.combat.pack`.

    Parameters
    ----------
    sides, flags : numpy.ndarray
        :func:`.combat.pack` of the round's rules.
    seed : int
        The round's seed (:func:`round_seed`).
    trials : numpy.ndarray of int64
        Trial indices.

    Returns
    -------
    numpy.ndarray
        int64 (len(trials), 7) rows of (w_unit, w_enemy, alive_unit, alive_enemy, margin, carried_unit,
        carried_enemy), as
        :func:`.combat.run_round`.

    References
    ----------
    docs/warhammer_combat.md §17 (several rounds).
    """
    trials = np.ascontiguousarray(trials, np.int64)
    out = np.empty((trials.shape[0], ROW), np.int64)
    if trials.shape[0]:
        run_blocks(_subset_blocks, (trials.shape[0] + BLOCK - 1) // BLOCK, sides, flags, int(seed), trials, out)
    return out
