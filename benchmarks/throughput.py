"""Throughput of the Monte Carlo kernels, with a plain-numpy baseline timed in the same run.

Run:  python benchmarks/throughput.py [--trials N] [--repeat R]

Prints trials per second for
  (a) a 2D6 flee against a 2D6 pursuit (one exchange), next to a numpy-vectorized
      implementation of the same exchange, and their ratio;
  (b) the multi-turn chain after a break (pursuit, then up to 10 turns of rally
      test or flee toward a table edge 12" away);
  plus any rules system that provides ``benchmark_case()``.
Compilation is excluded (one warm-up call); the best of R repeats is reported.
"""

from __future__ import annotations

import argparse
import importlib
import time

import numba
import numpy as np

import fleeodds
from fleeodds.engine import simulate


def best_rate(fn, trials: int, repeat: int) -> float:
    fn(1000)  # warm-up: compile or load the cached kernel
    best = min(_timed(fn, trials) for _ in range(repeat))
    return trials / best


def _timed(fn, trials):
    t0 = time.perf_counter()
    fn(trials)
    return time.perf_counter() - t0


def numpy_baseline(trials: int, chunk: int = 1 << 22) -> int:
    """2D6 flee vs 2D6 pursuit, vectorized with numpy's Generator, chunked like the engine."""
    rng = np.random.default_rng(1)
    caught = 0
    for start in range(0, trials, chunk):
        n = min(chunk, trials - start)
        flee = rng.integers(1, 7, size=(n, 2), dtype=np.int8).sum(axis=1, dtype=np.int16)
        pursuit = rng.integers(1, 7, size=(n, 2), dtype=np.int8).sum(axis=1, dtype=np.int16)
        caught += int(np.count_nonzero(pursuit >= flee))
    return caught


def kernel_runner(scenario):
    k = scenario.kernel()
    return lambda n: simulate(k, trials=n, seed=1, progress=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=50_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n, r = args.trials, args.repeat
    print(f"numba {numba.__version__}, numpy {np.__version__}, threads {numba.get_num_threads()}, "
          f"trials per run {n:,}, best of {r}")

    exchange = fleeodds.load_scenario({"system": "warhammer", "situation": "fleeing",
                                       "fleeing": {"profile": "Night Goblins"},
                                       "pursuer": {"profile": "Dwarf Warriors"}})
    chain = fleeodds.load_scenario({"system": "warhammer", "situation": "fleeing",
                                    "fleeing": {"name": "Ld6 unit", "movement": 4, "leadership": 6},
                                    "pursuer": {"profile": "Dwarf Warriors"},
                                    "table": {"edge_distance": 12, "max_turns": 10}})
    base = best_rate(numpy_baseline, n, r)
    a = best_rate(kernel_runner(exchange), n, r)
    b = best_rate(kernel_runner(chain), n, r)
    print(f"(a) 2D6 flee vs 2D6 pursuit   fleeodds kernel {a / 1e6:9.1f} M trials/s")
    print(f"    same exchange, numpy      baseline       {base / 1e6:9.1f} M trials/s   ratio {a / base:5.1f}x")
    print(f"(b) break chain, Ld6, edge 12\", 10 turns     {b / 1e6:9.1f} M chains/s")
    for system in ("dnd", "hell_dorado"):
        try:
            mod = importlib.import_module(f"fleeodds.systems.{system}")
        except ImportError:
            continue
        if hasattr(mod, "benchmark_case"):
            sc = mod.benchmark_case()
            rate = best_rate(kernel_runner(sc), max(n // 5, 1000), r)
            print(f"({system}) {sc.title[:40]:40s} {rate / 1e6:9.1f} M trials/s")


if __name__ == "__main__":
    main()
