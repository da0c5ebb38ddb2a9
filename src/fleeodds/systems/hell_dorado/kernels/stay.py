"""Numba Monte Carlo kernel of a fighter that stays engaged (``fuite.stay``): each adversary's attack in its
activation, from the trial's own counter-based stream, the damage added up.

References
----------
Rules digest §2 (dice engine, weapon pass) and §3 (soutien).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....rng import trial_key
from .dice import attack

#: Outcome indices of :data:`..scenarios.stay.STAY_OUTCOMES`.
S_KILLED, S_STAYED = 0, 1


@njit(cache=True)
def _stay_trials(packs, pv, strict, n_bins, seed, start, n, codes, dbin):
    for i in range(n):
        key = trial_key(seed, start + i)
        c = 0
        total = 0
        for j in range(packs.shape[0]):
            _h, d, _k, _s, c = attack(packs[j], key, c)
            total += d
        dead = total > pv if strict == 1 else total >= pv
        codes[i] = S_KILLED if dead else S_STAYED
        dbin[i] = min(total, n_bins - 1)


def run_stay_trials(packs: np.ndarray, pv: int, strict: bool, n_bins: int, seed: int, start: int,
                    n: int) -> tuple[np.ndarray, np.ndarray]:
    """Outcome index and damage bin of trials ``start .. start + n - 1``.

    Parameters
    ----------
    packs : numpy.ndarray
        int64, shape (adversaries, PACK_LEN): each attack packed (:func:`.pack.pack_attack`).
    pv : int
        The fighter's PV.
    strict : bool
        ``kill_rule = "damage > PV"``.
    n_bins : int
        Damage bins (the last holds every larger total).
    seed, start, n : int

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        int64 outcome indices and damage bins, shape (n,).
    """
    codes = np.empty(n, np.int64)
    dbin = np.empty(n, np.int64)
    _stay_trials(packs, int(pv), int(strict), int(n_bins), int(seed), int(start), int(n), codes, dbin)
    return codes, dbin
