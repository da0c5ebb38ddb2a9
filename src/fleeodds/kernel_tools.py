"""What the numba kernels share: parallel blocks of trials and dice rolls.

Imported by the kernel modules only, so that loading a scenario or solving it
exactly never imports numba. Every function is inlined into the calling kernel
(numba charges atomic reference counting for arrays passed to functions it does
not inline, which would cost more than a roll).
"""

from __future__ import annotations

from numba import njit

from .dice import stack_specs  # noqa: F401  (numpy only: lives in dice so that loading needs no numba)
from .rng import bounded, lane_bounded

#: Trials per parallel block inside a kernel call.
BLOCK = 1 << 14


@njit(inline="always", cache=True)
def block_range(block, start, n):
    """Trial indices ``[lo, hi)`` of parallel block ``block`` of a call covering ``[start, start + n)``."""
    lo = start + block * BLOCK
    hi = min(start + n, lo + BLOCK)
    return lo, hi


@njit(inline="always", cache=True)
def n_blocks(n):
    """How many parallel blocks a call of ``n`` trials spans."""
    return (n + BLOCK - 1) // BLOCK


@njit(inline="always", cache=True)
def roll_detail(spec, key, counter):
    """Roll an encoded dice expression inside a numba kernel, also reporting the highest die.

    Inlined into the calling kernel and free of function calls on its path:
    numba charges atomic reference counting for every array passed to a
    function it does not inline, which would cost more than the roll.

    Parameters
    ----------
    spec : int64 array, shape (rows, 2)
        From :meth:`DiceExpr.encode`.
    key : uint64
        The trial key (:func:`fleeodds.rng.trial_key`).
    counter : int64
        Index of the next draw of this trial.

    Returns
    -------
    (total, highest, next_counter) : (int64, int64, int64)
        ``highest`` is the highest single die rolled (0 if none), e.g. the
        distance of a failed charge in Warhammer 8th edition.
    """
    total = spec[0, 1]
    highest = 0
    pos = 1
    for _ in range(spec[0, 0]):
        n_raw = spec[pos, 0]
        row, counter = bounded(key, counter, n_raw)
        total += spec[pos, 1] * spec[pos + 1 + row, 0]
        highest = max(highest, spec[pos + 1 + row, 1])
        pos += 1 + n_raw
    return total, highest, counter


@njit(inline="always", cache=True)
def roll(spec, key, counter):
    """Roll an encoded dice expression inside a numba kernel.

    Same parameters as :func:`roll_detail`. Returns ``(total, next_counter)``.
    """
    total, _, counter = roll_detail(spec, key, counter)
    return total, counter


@njit(inline="always", cache=True)
def roll_stacked(specs, i, key, counter):
    """Roll expression ``i`` of a :func:`stack_specs` stack; returns ``(total, next_counter)``.

    Indexing the stack, rather than slicing ``specs[i]``, keeps array views (and
    their reference counting) out of the trial loop.
    """
    total = specs[i, 0, 1]
    pos = 1
    for _ in range(specs[i, 0, 0]):
        n_raw = specs[i, pos, 0]
        row, counter = bounded(key, counter, n_raw)
        total += specs[i, pos, 1] * specs[i, pos + 1 + row, 0]
        pos += 1 + n_raw
    return total, counter


@njit(inline="always", cache=True)
def roll_lanes_detail(spec, key, st):
    """:func:`roll_detail` drawing from 32-bit lanes (:func:`fleeodds.rng.lane_bounded`): one lane a chunk.

    Parameters
    ----------
    spec : int64 array, shape (rows, 2)
        From :meth:`DiceExpr.encode`.
    key : uint64
        The trial key.
    st : (int64, uint64)
        Lane state (:func:`fleeodds.rng.lanes_start`).

    Returns
    -------
    (total, highest, state) : (int64, int64, (int64, uint64))
    """
    total = spec[0, 1]
    highest = 0
    pos = 1
    for _ in range(spec[0, 0]):
        n_raw = spec[pos, 0]
        row, st = lane_bounded(key, st, n_raw)
        total += spec[pos, 1] * spec[pos + 1 + row, 0]
        highest = max(highest, spec[pos + 1 + row, 1])
        pos += 1 + n_raw
    return total, highest, st


@njit(inline="always", cache=True)
def roll_lanes(spec, key, st):
    """:func:`roll` drawing from 32-bit lanes; returns ``(total, state)``."""
    total, _, st = roll_lanes_detail(spec, key, st)
    return total, st
