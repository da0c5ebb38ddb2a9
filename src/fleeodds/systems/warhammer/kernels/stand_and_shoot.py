"""Monte Carlo of a Stand & Shoot (numba): the charger's casualties of each trial, drawn from their exact law
(:func:`..plan.stand_and_shoot.casualty_law`) with the trial's own counter-based stream, so a trial's casualties
depend on its index alone, not on how the engine cuts the trials into blocks."""

from __future__ import annotations

import numpy as np
from numba import njit

from ....rng import trial_key, uniform01

#: Added to the seed for the shots, so that a trial's shooting draw differs from its fight dice.
SHOT_SEED_OFFSET = 0x2545F4914F6CDD1D


@njit(cache=True)
def _draw(seed, start, n, cdf):
    out = np.empty(n, np.int64)
    last = cdf.size - 1
    for i in range(n):
        u, _ = uniform01(trial_key(seed, start + i), 0)
        k = 0
        while k < last and u >= cdf[k]:
            k += 1
        out[i] = k
    return out


def shot_casualties(law: dict[int, float], seed: int, start: int, n: int) -> np.ndarray:
    """Models removed from the charger in trials ``start .. start + n - 1``.

    Parameters
    ----------
    law : dict
        ``{models removed: probability}`` (:func:`..plan.stand_and_shoot.casualty_law`).
    seed, start, n : int
        The run's seed, the first trial index and the trial count.

    Returns
    -------
    numpy.ndarray
        int64, shape (n,): the models removed in each trial.
    """
    top = max(law)
    probs = np.array([float(law.get(k, 0)) for k in range(top + 1)], np.float64)
    cdf = np.cumsum(probs)
    cdf[-1] = 1.0
    return _draw((int(seed) + SHOT_SEED_OFFSET) % (2**63), int(start), int(n), cdf)
