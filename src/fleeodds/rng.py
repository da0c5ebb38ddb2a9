"""Counter-based random stream for numba kernels.

Every random value is a pure function of ``(seed, trial, draw)``: the trial's
key is the trial-th output of a SplitMix64 stream seeded by the seed, and the
k-th draw of that trial is a hash of ``key + k * golden_gamma``. No state is shared between trials, so
the counts of a simulation are identical on 1 or 16 threads and for any chunk
size — which ``np.random.seed`` inside parallel numba code cannot promise.

The mixing function is the SplitMix64 finaliser (Steele, Lea & Flood, "Fast
splittable pseudorandom number generators", OOPSLA 2014), which passes BigCrush
when used as a counter-based generator over a Weyl sequence.

Bounded integers use Lemire's multiply-shift with rejection ("Fast random
integer generation in an interval", ACM TOMACS 2019) on 32-bit words, so a d6 is
exactly uniform, not ``x % 6``.

*Lanes* (:func:`lane_bounded`) read the same stream 32 bits at a time: lane
``2j`` is the high half and lane ``2j + 1`` the low half of word ``j`` of the
trial, where word 0 is the trial key itself and word ``j >= 1`` is
``draw_u64(key, j - 1)``. A kernel that draws its dice from lanes pays one hash
for two bounded draws, and none for the first two of a trial.
"""

from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1) << np.uint64(32)


@njit(inline="always", cache=True)
def mix64(z):
    """SplitMix64 finaliser: a bijective avalanche hash of a uint64."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(inline="always", cache=True)
def trial_key(seed, trial):
    """Key of one trial: depends only on the seed and the trial index (both int64).

    The ``trial``-th output of a SplitMix64 stream seeded with ``mix64(seed)``;
    inside a loop over trials the compiler hoists the seed's hash, so a key
    costs one hash.
    """
    return mix64(mix64(np.uint64(seed)) + np.uint64(trial) * GOLDEN_GAMMA)


@njit(inline="always", cache=True)
def draw_u64(key, counter):
    """The ``counter``-th 64-bit draw of the trial with ``key``."""
    return mix64(key + np.uint64(counter + 1) * GOLDEN_GAMMA)


@njit(inline="always", cache=True)
def bounded(key, counter, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**32``.

    Returns ``(value, next_counter)``; rejection may consume more than one draw,
    which is why the counter is threaded through. The division that computes
    the rejection threshold only runs in the rare case (probability < n / 2**32)
    where a rejection is possible, as in Lemire's paper.
    """
    nn = np.uint64(n)
    r = draw_u64(key, counter) >> _S32
    counter += 1
    m = r * nn
    low = m & _LOW32
    if low < nn:
        threshold = (_TWO32 - nn) % nn
        while low < threshold:
            r = draw_u64(key, counter) >> _S32
            counter += 1
            m = r * nn
            low = m & _LOW32
    return np.int64(m >> _S32), counter


@njit(inline="always", cache=True)
def uniform01(key, counter):
    """Uniform float64 in ``[0, 1)`` with 53 random bits; returns ``(u, next_counter)``."""
    r = draw_u64(key, counter) >> np.uint64(11)
    return r * (1.0 / 9007199254740992.0), counter + 1


#: Stream state of a trial read by lanes: ``(next lane index, current 64-bit word)``.
#: :func:`lanes_start` makes it; every lane function takes it and returns it updated.


@njit(inline="always", cache=True)
def lanes_start(key):
    """Lane state at the start of the trial with ``key``: lane 0 next, word 0 (the key itself) loaded."""
    return np.int64(0), key


@njit(cache=True)
def lane_u32(key, st):
    """The next 32-bit lane of the trial with ``key``: returns ``(value as uint64 < 2**32, state)``.

    Even lanes load the next word (``draw_u64(key, j - 1)`` for word ``j >= 1``;
    word 0 is the key and is loaded by :func:`lanes_start`) and give its high
    half; odd lanes give the low half of the loaded word.
    """
    lane, word = st
    if lane & 1:
        return word & _LOW32, (lane + 1, word)
    if lane != 0:
        word = draw_u64(key, (lane >> 1) - 1)
    return word >> _S32, (lane + 1, word)


@njit(inline="always", cache=True)
def lane_bounded(key, st, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**32`` from the next lane(s).

    Lemire's multiply-shift with rejection on 32-bit lanes, as :func:`bounded`
    on draws: a rejection (probability below ``n / 2**32``) reads one more lane.
    Returns ``(value, state)``.

    A call with a constant ``n`` (``lane_bounded(key, st, 6)``) would make numba compile one copy
    per constant; this inlined shim hands ``n`` on as an int64, so :func:`_lane_bounded` is
    compiled once per kernel (about 0.3 s of compile each copy; the kernels ran no slower).
    """
    return _lane_bounded(key, st, np.int64(n))


@njit(cache=True)
def _lane_bounded(key, st, n):
    """:func:`lane_bounded` itself, for an int64 ``n``."""
    nn = np.uint64(n)
    r, st = lane_u32(key, st)
    m = r * nn
    low = m & _LOW32
    if low < nn:
        threshold = (_TWO32 - nn) % nn
        while low < threshold:
            r, st = lane_u32(key, st)
            m = r * nn
            low = m & _LOW32
    return np.int64(m >> _S32), st


@njit(inline="always", cache=True)
def lane_for(value, n):
    """A 32-bit lane that :func:`lane_bounded` maps to ``value`` in ``[0, n)``, ``n <= 2**30``, without rejection.

    The middle of the lanes that give ``value``: its low word is about ``2**31``,
    above every rejection threshold (which is below ``n``). Used to evaluate a
    trial on chosen dice (a kernel folding counts of raw rolls into outcomes).
    """
    return ((np.uint64(2 * value + 1) << _S32) // np.uint64(2 * n)) & _LOW32
