"""What the numba kernels share: parallel blocks of trials and dice rolls.

Imported by the kernel modules only, so that loading a scenario or solving it
exactly never imports numba. Every numba function here is inlined into the calling kernel
(numba charges atomic reference counting for arrays passed to functions it does
not inline, which would cost more than a roll).

**Launching blocks.** A kernel call of ``n`` trials is cut into blocks of trials; each block's
counts depend only on the seed and its trial indices. A kernel's compiled entry point is a
*serial* function ``@njit(nogil=True, cache=True)`` that runs a range of blocks ``[b0, b1)``;
:func:`run_blocks` spreads the blocks of a call over :func:`threads` Python threads, which run
that compiled code without the GIL. The counts are summed per block afterwards, so they do not
depend on the thread count. This replaces ``@njit(parallel=True)`` with ``prange``: numba's
parallel-loop lowering (and the ``sum(axis=...)`` it invites) cost more compile time than the
kernels' own logic, for no speed (both split the blocks into one contiguous range per thread).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from numba import njit

from .dice import stack_specs  # noqa: F401  (numpy only: lives in dice so that loading needs no numba)
from .rng import bounded, lane_bounded

#: Trials per parallel block inside a kernel call.
BLOCK = 1 << 14

_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def threads() -> int:
    """Threads a kernel call runs on: numba's setting in the calling thread
    (``NUMBA_NUM_THREADS``, or :func:`numba.set_num_threads`), as ``prange`` would use.

    Until something launches numba's own thread pool (:func:`numba.set_num_threads` does) the
    setting is ``NUMBA_NUM_THREADS``; reading it then spares launching that pool (a tenth of a
    second), which fleeodds' kernels do not use.
    """
    import numba
    from numba.np.ufunc import parallel

    if not getattr(parallel, "_is_initialized", True):
        return int(numba.config.NUMBA_NUM_THREADS)
    return int(numba.get_num_threads())


def _pool() -> ThreadPoolExecutor:
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            import numba

            _POOL = ThreadPoolExecutor(max_workers=max(int(numba.config.NUMBA_NUM_THREADS) - 1, 1),
                                       thread_name_prefix="fleeodds-kernel")
        return _POOL


def run_blocks(fn, nb: int, *args) -> None:
    """Call ``fn(*args, b0, b1)`` over ``nb`` blocks split into one contiguous range per thread.

    Parameters
    ----------
    fn : numba dispatcher ``@njit(nogil=True)``
        Runs blocks ``b0 .. b1 - 1`` of a kernel call, writing each block's results into
        arrays among ``args`` (distinct rows per block: threads never write the same element).
    nb : int
        Number of blocks of the call.
    *args
        The arguments before ``b0, b1``; give them the same types on every call (int64 scalars,
        the same array layouts) so that numba compiles ``fn`` once.

    The calling thread runs the first range and :func:`threads` ``- 1`` pool threads the others;
    a call of one block, or on one thread, runs in the calling thread alone. An exception in any
    range is raised after every range has finished.
    """
    k = min(threads(), nb)
    if k <= 1:
        fn(*args, 0, nb)
        return
    cut = [nb * i // k for i in range(k + 1)]
    pool = _pool()
    futures = [pool.submit(fn, *args, cut[i], cut[i + 1]) for i in range(1, k)]
    try:
        fn(*args, cut[0], cut[1])
    finally:
        for f in futures:
            f.exception()  # wait for every range, so no thread still writes into the arrays
    for f in futures:
        f.result()


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
def roll_stacked_lanes(specs, i, key, st):
    """Roll expression ``i`` of a :func:`fleeodds.dice.stack_specs` stack from 32-bit lanes, one lane a
    chunk (:func:`fleeodds.rng.lane_bounded`); returns ``(total, lane state)``.

    Indexing the stack, rather than slicing ``specs[i]``, keeps array views (and
    their reference counting) out of the trial loop.
    """
    total = specs[i, 0, 1]
    pos = 1
    for _ in range(specs[i, 0, 0]):
        n_raw = specs[i, pos, 0]
        row, st = lane_bounded(key, st, n_raw)
        total += specs[i, pos, 1] * specs[i, pos + 1 + row, 0]
        pos += 1 + n_raw
    return total, st


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
