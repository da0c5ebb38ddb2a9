"""Run Monte Carlo kernels: chunks, parallel blocks, target precision, progress bar.

A *kernel* is any callable ``kernel(seed, start, n) -> counts`` that simulates
trials ``start .. start + n - 1`` and returns an int64 array of shape
``(n_outcomes, n_bins)``: how many trials ended in each outcome with each value
of the scenario's metric (distance fled, damage taken, turn of resolution).
Systems build their kernels on :func:`fleeodds.rng.trial_key`, so a trial's
dice depend only on ``(seed, trial index)``; summing integer counts is order
independent, hence the same seed gives the same counts whatever the thread
count and chunk size.

Memory does not grow with trials: kernels aggregate counts per block of trials
(``kernel_tools.BLOCK`` trials per block, or the kernel's own block size). The blocks of a call
are spread over ``numba.get_num_threads()`` threads by :func:`fleeodds.kernel_tools.run_blocks`:
each thread runs a compiled, GIL-free function on its own range of blocks.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import sys
import threading
import time
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from .errors import InputError, grouped
from .language import Message, N_
from .stats import trials_for_precision, wilson_half_width

#: Trials per kernel call (one progress-bar step).
CHUNK = 1 << 22
#: Upper bound on trials a precision target may ask for.
MAX_TRIALS = 20_000_000_000
DEFAULT_TRIALS = 1_000_000

Kernel = Callable[[int, int, int], np.ndarray]


@dataclass
class SimulationCounts:
    """Aggregated Monte Carlo counts.

    Attributes
    ----------
    counts : ndarray of int64, shape (n_outcomes, n_bins)
        Trials per outcome and metric value.
    trials : int
        Total trials run (``counts.sum() == trials``).
    seed : int
    seconds : float
        Wall-clock time of the kernel calls.
    """

    counts: np.ndarray
    trials: int
    seed: int
    seconds: float

    @property
    def outcome_counts(self) -> np.ndarray:
        return self.counts.sum(axis=1)


def _tqdm():
    """The progress bar class, imported when a run starts: in a notebook tqdm's widget
    (``tqdm.auto``), otherwise the terminal's bar (``tqdm.auto`` also loads asyncio, a tenth of a
    second that a command need not pay)."""
    if "IPython" in sys.modules or "ipykernel" in sys.modules:
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**63:
        raise InputError("seed", seed, Message(N_("an integer from 0 to 2**63 - 1")))
    return int(seed)


#: A first kernel call still running after this many seconds is compiling: say so.
COMPILE_NOTICE_AFTER = 1.5
#: Set by the command line, whose process runs no numba code but fleeodds' kernels: the first kernel
#: call then skips numba's BLAS probe (``numba.np.arraymath`` imports ``scipy.linalg`` when it is
#: installed, a third of a second of a warm run, to offer ``np.dot`` in compiled code). No fleeodds
#: kernel uses BLAS. Off in the library: a notebook's own numba functions may need it.
SKIP_NUMBA_BLAS_PROBE = False
_BLAS_PROBE = "scipy.linalg.cython_blas"


@contextlib.contextmanager
def _without_blas_probe():
    """While numba loads its compiled-code registries (the first kernel call of the process), make
    its probe ``import scipy.linalg.cython_blas`` fail at once; afterwards that import works again."""
    block = (SKIP_NUMBA_BLAS_PROBE and "numba.np.arraymath" not in sys.modules
             and _BLAS_PROBE not in sys.modules and "scipy.linalg" not in sys.modules)
    if block:
        sys.modules[_BLAS_PROBE] = None  # type: ignore[assignment]  # an ImportError, without importing scipy.linalg
    try:
        yield
    finally:
        if block and _BLAS_PROBE in sys.modules and sys.modules[_BLAS_PROBE] is None:
            del sys.modules[_BLAS_PROBE]


@contextlib.contextmanager
def compile_notice(description: str, enabled: bool = True):
    """Print one line on standard error if the block runs longer than :data:`COMPILE_NOTICE_AFTER`, in the
    reader's language where the block starts (the timer's thread runs in a copy of that context).

    Wraps the first call of a kernel: when numba has no cached copy it compiles it then,
    which takes about 10 to 40 s on a 2-core machine (the Warhammer kernel about 12 s of CPU,
    the D&D one about 20 s), once. A warm kernel's first chunk takes
    milliseconds, so the line only appears when something is really being compiled.
    """
    def say():
        text = Message(N_("compiling the Monte Carlo kernel for {description} (once; numba caches it, about "
                          "10-40 s)…"), description=repr(description)).render()
        print(text, file=sys.stderr, flush=True)

    here = contextvars.copy_context()  # a thread starts with an empty context: the reader's language is kept
    timer = threading.Timer(COMPILE_NOTICE_AFTER, here.run, (say,)) if enabled else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        with _without_blas_probe():
            yield
    finally:
        if timer is not None:
            timer.cancel()


def counts_kernel(trials: Callable[[int, int, int], tuple[np.ndarray, np.ndarray]], n_outcomes: int,
                  n_bins: int) -> Callable[[int, int, int], np.ndarray]:
    """A Monte Carlo kernel counting what a per-trial function gives, for :func:`simulate`.

    Parameters
    ----------
    trials : callable
        ``(seed, start, n) -> (codes, bins)``: two int64 arrays of shape ``(n,)``, each trial's outcome index
        (0 to ``n_outcomes - 1``) and metric bin (0 to ``n_bins - 1``), for trials ``start .. start + n - 1``.
    n_outcomes, n_bins : int
        The scenario's outcomes and metric bins.

    Returns
    -------
    callable
        ``(seed, start, n) -> int64 array (n_outcomes, n_bins)`` of counts.
    """
    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        codes, bins = trials(seed, start, n)
        counts = np.zeros((n_outcomes, n_bins), np.int64)
        np.add.at(counts, (codes, bins), 1)
        return counts

    return kernel


def simulate(
    kernel: Kernel,
    *,
    trials: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    outcomes: Sequence[int] | None = None,
    progress: bool | None = None,
    description: str = "simulating",
) -> SimulationCounts:
    """Run ``kernel`` for a fixed number of trials or to a target precision.

    Parameters
    ----------
    kernel : callable ``(seed, start, n) -> int64 array (n_outcomes, n_bins)``
    trials : int, optional
        Number of trials (>= 1). Default 1,000,000 when ``precision`` is not given.
    precision : float, optional
        Target 95 % Wilson half-width, in probability units (e.g. ``0.001`` for
        ±0.1 percentage point), for every outcome in ``outcomes`` (all by default).
        Trials run in chunks until every half-width is below the target.
    seed : int
        Seed of the counter-based stream, 0 to 2**63 - 1.
    outcomes : sequence of int, optional
        Outcome indices the precision target applies to.
    progress : bool or None
        Show a progress bar (on standard error) if the run lasts more than
        about a second. ``None``: only on a terminal.
    description : str
        Label of the progress bar and of the compile notice (the notice is in the reader's
        language, the context's: :func:`fleeodds.language.use_lang`).

    Returns
    -------
    SimulationCounts

    Raises
    ------
    InputError
        If both or neither sizing is valid: trials < 1, precision outside (0, 0.5).
    """
    seed = _check_seed(seed)
    if trials is not None and precision is not None:
        raise InputError("trials/precision", (trials, precision), Message(N_("either a number of trials or a precision, not both")))
    if precision is not None:
        if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not 0 < precision < 0.5:
            raise InputError("precision", precision, Message(N_("a number between 0 and 0.5 (e.g. 0.001)")))
    else:
        trials = DEFAULT_TRIALS if trials is None else trials
        if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or not 1 <= trials <= MAX_TRIALS:
            raise InputError("trials", trials, Message(N_("an integer from 1 to {n}"), n=grouped(MAX_TRIALS)))
        trials = int(trials)

    disable = None if progress is None else (not progress)
    t0 = time.perf_counter()
    total = None
    done = 0
    # The first chunk also compiles the kernel if numba has no cached copy.
    target = trials if trials is not None else min(trials_for_precision(0.5, precision), MAX_TRIALS)
    with _tqdm()(total=target, desc=description, unit="trial", unit_scale=True, delay=1.0,
              disable=disable, leave=False) as bar:
        while True:
            if trials is not None:
                if done >= trials:
                    break
                n = min(CHUNK, trials - done)
            else:
                n = min(CHUNK, max(1 << 16, done), MAX_TRIALS - done)
            if done == 0:
                with compile_notice(description, progress is not False):
                    part = kernel(seed, done, n)
            else:
                part = kernel(seed, done, n)
            if int(part.sum()) != n:  # a kernel that loses or invents trials is a bug, never a result
                raise RuntimeError(f"kernel counted {int(part.sum())} outcomes for {n} trials")
            total = part if total is None else total + part
            done += n
            bar.update(n)
            if trials is None:
                if _precision_met(total, done, precision, outcomes) or done >= MAX_TRIALS:
                    break
                need = _trials_still_needed(total, done, precision, outcomes)
                if need > MAX_TRIALS:  # say so now rather than run for an hour and fall short
                    ps = _selected(total, outcomes) / done
                    worst = float(max(min(max(p, 1e-12), 0.5) for p in ps))
                    reachable = 1.96 * math.sqrt(worst * (1 - worst) / MAX_TRIALS)
                    raise InputError("precision", precision,
                                     Message(N_("at least {reachable} for this scenario: {precision} would need about "
                                                "{need} trials, over the limit of {limit}"), reachable=f"{reachable:.1e}",
                                             precision=precision, need=f"{need:.1e}", limit=f"{MAX_TRIALS:.0e}"))
                bar.total = max(done + 1, min(need, MAX_TRIALS))
                bar.refresh()
    return SimulationCounts(total, done, seed, time.perf_counter() - t0)


def _selected(counts: np.ndarray, outcomes) -> np.ndarray:
    per = counts.sum(axis=1)
    return per if outcomes is None else per[list(outcomes)]


def _precision_met(counts, done, precision, outcomes) -> bool:
    return all(wilson_half_width(int(k), done) < precision for k in _selected(counts, outcomes))


def _trials_still_needed(counts, done, precision, outcomes) -> int:
    ps = _selected(counts, outcomes) / done
    return max(trials_for_precision(float(p), precision) for p in ps) if len(ps) else done


#: Trials per call of the per-trial kernels in :func:`simulate_paired` (8 MB of int64 per setup).
PAIRED_CHUNK = 1 << 20


@dataclass
class PairedCounts:
    """Monte Carlo counts of several setups run on common random numbers.

    Attributes
    ----------
    joint : list of ndarray of int64
        ``joint[k]`` has shape ``(n_outcomes[0], n_outcomes[k])``: trials whose
        outcome was ``i`` in setup 0 and ``j`` in setup ``k`` (same seed, same
        trial index). ``joint[0]`` is diagonal.
    trials : int
    seed : int
    seconds : float
    """

    joint: list[np.ndarray]
    trials: int
    seed: int
    seconds: float

    def outcome_counts(self, k: int) -> np.ndarray:
        """Trials per outcome of setup ``k``: int64 array of shape ``(n_outcomes[k],)``."""
        return self.joint[k].sum(axis=0)


def simulate_paired(
    trial_kernels: Sequence[Callable[[int, int, int], np.ndarray]],
    n_outcomes: Sequence[int],
    *,
    trials: int | None = None,
    seed: int = 0,
    progress: bool | None = None,
    description: str = "paired simulation",
    chunk: int = PAIRED_CHUNK,
) -> PairedCounts:
    """Run several setups on the same trials and cross-tabulate each against the first.

    Parameters
    ----------
    trial_kernels : sequence of callables ``(seed, start, n) -> int64 array (n,)``
        Per-trial outcome indices (:meth:`fleeodds.system.Scenario.trial_kernel`).
    n_outcomes : sequence of int
        Number of outcomes of each setup.
    trials : int, optional
        Trials per setup; default 1,000,000.
    seed : int
        Trial ``t`` of every setup reads the stream of ``(seed, t)``.
    progress : bool or None
        Progress bar as in :func:`simulate`.
    description : str
        Label of the progress bar and of the compile notice (in the reader's language, as in :func:`simulate`).
    chunk : int
        Trials per kernel call: memory is ``O(chunk × setups)``, never ``O(trials)``.

    Returns
    -------
    PairedCounts

    Raises
    ------
    InputError
        Invalid trials or seed, fewer than one setup.
    """
    seed = _check_seed(seed)
    trials = DEFAULT_TRIALS if trials is None else trials
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or not 1 <= trials <= MAX_TRIALS:
        raise InputError("trials", trials, Message(N_("an integer from 1 to {n}"), n=grouped(MAX_TRIALS)))
    if len(trial_kernels) < 1 or len(trial_kernels) != len(n_outcomes):
        raise InputError("setups", len(trial_kernels), Message(N_("one or more setups, each with its number of outcomes")))
    trials = int(trials)
    n0 = int(n_outcomes[0])
    joint = [np.zeros((n0, int(m)), np.int64) for m in n_outcomes]
    disable = None if progress is None else (not progress)
    t0 = time.perf_counter()
    done = 0
    with _tqdm()(total=trials, desc=description, unit="trial", unit_scale=True, delay=1.0,
              disable=disable, leave=False) as bar:
        while done < trials:
            n = min(chunk, trials - done)
            if done == 0:
                with compile_notice(description, progress is not False):
                    base = trial_kernels[0](seed, done, n)
                    for kern in trial_kernels[1:]:
                        kern(seed, 0, 1)  # compile the others under the same notice
            else:
                base = trial_kernels[0](seed, done, n)
            for k, (kern, m) in enumerate(zip(trial_kernels, n_outcomes)):
                other = base if k == 0 else kern(seed, done, n)
                if other.shape != (n,) or other.min() < 0 or other.max() >= m:  # a kernel bug, never a result
                    raise RuntimeError(f"trial kernel {k} returned outcomes outside 0..{int(m) - 1}")
                joint[k] += np.bincount(base * int(m) + other, minlength=n0 * int(m)).reshape(n0, int(m))
            done += n
            bar.update(n)
    return PairedCounts(joint, done, seed, time.perf_counter() - t0)
