"""Every fleeodds benchmark in one run, each figure next to its baseline measured in the same run.

Run:  python benchmarks/run_all.py [--repeat R] [--trials N] [--only SECTION ...] [--cold]

Sections (all by default):
  kernels  Monte Carlo throughput: the numpy-vectorized 2D6-vs-2D6 exchange (baseline), the raw
           counter-based stream (a numba kernel that only draws 2D6 vs 2D6 and counts: the practical
           limit), the Warhammer kernel on that exchange and on a 10-turn chain, the D&D and Hell Dorado
           benchmark cases. Compilation excluded (one warm-up call).
  exact    icepool (``pip install -e ".[bench]"``) against fleeodds' exact solvers on the same problems:
           2D6 vs 2D6, and a flee / rally absorbing chain (Ld 6, 12" edge, 10 turns). Both answers are
           compared as fractions.
  cli      Command-line latency as subprocess wall times (``python -m fleeodds``): ``--help``, an exact run
           of one example of each rules system, a default run (exact + 1,000,000 trials) with warm
           kernels, each beside its aim and the heavy modules it loads; with ``--cold`` also a first run
           on an empty numba cache (compiles the Warhammer kernel: minutes on a busy 2-core machine).
  rank     ``fleeodds rank`` of whole army catalogues: the project's test catalogues, and the real ones
           of ``$FLEEODDS_SHARED/data/bsdata-whfb`` (default ``../shared``) when that folder exists.
  report   ``fleeodds report analysis/`` (every shipped analysis, tables and charts) into a temporary folder.
  fight    The exact solve of the shipped goblins fight until resolved (several rounds), cold caches, beside
           its former path (``FAST_ROUNDS = False``) and the former one-round solve in the same run (CPU and
           wall time; the largest difference of the two paths; the same fractions for one round).
  memory   Peak resident memory of a Monte Carlo run at 1 M and at 50 M trials (``resource.getrusage``
           in a subprocess): it stays flat, as counts are aggregated per block.

Every figure is the median of R repeats with its spread (min-max); the output is a Markdown table
(paste it into benchmarks/README.md). Wall times depend on the machine's load: quote ratios measured
in the same run, and run this on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS: list[tuple[str, str, str, str]] = []  # (section, what, figure, against)


def say(section: str, what: str, figure: str, against: str = "") -> None:
    ROWS.append((section, what, figure, against))
    print(f"  {what}: {figure}" + (f"  ({against})" if against else ""), file=sys.stderr, flush=True)


def spread(values: list[float], fmt: str = "{:.3g}") -> str:
    """Median and min-max of repeats."""
    med = statistics.median(values)
    if len(values) == 1:
        return fmt.format(med)
    return f"{fmt.format(med)} ({fmt.format(min(values))}-{fmt.format(max(values))})"


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


# -- kernels -------------------------------------------------------------------------------------------
def numpy_baseline(trials: int, chunk: int = 1 << 22) -> int:
    """2D6 flee vs 2D6 pursuit, vectorized with numpy's Generator, chunked like the engine."""
    import numpy as np

    rng = np.random.default_rng(1)
    caught = 0
    for start in range(0, trials, chunk):
        n = min(chunk, trials - start)
        flee = rng.integers(1, 7, size=(n, 2), dtype=np.int8).sum(axis=1, dtype=np.int16)
        pursuit = rng.integers(1, 7, size=(n, 2), dtype=np.int8).sum(axis=1, dtype=np.int16)
        caught += int(np.count_nonzero(pursuit >= flee))
    return caught


def _warhammer_cases():
    """The two Warhammer problems every section measures: one 2D6-vs-2D6 exchange (a fleeing unit
    pursued once, no later turn) and the 10-turn rally-or-flee chain toward a 12" edge."""
    import fleeodds

    exchange = fleeodds.load_scenario({"system": "warhammer", "situation": "fleeing",
                                       "fleeing": {"profile": "Night Goblins"},
                                       "pursuer": {"profile": "Dwarf Warriors"},
                                       "table": {"max_turns": 0}})  # the default follows 10 turns
    chain = fleeodds.load_scenario({"system": "warhammer", "situation": "fleeing",
                                    "fleeing": {"name": "Ld6 unit", "movement": 4, "leadership": 6},
                                    "pursuer": {"profile": "Dwarf Warriors"},
                                    "table": {"edge_distance": 12, "max_turns": 10}})
    return exchange, chain


def _stream_limit_kernel():
    """A numba kernel that only draws 2D6 vs 2D6 from the project's counter-based stream and counts
    the pursuit reaching the flee: one SplitMix64 hash per trial (its two 32-bit halves, Lemire's
    multiply-shift, no rejection), no rule, no table. What a kernel cannot beat on this machine."""
    import numpy as np
    from numba import njit, prange

    from fleeodds.rng import trial_key

    @njit(parallel=True, cache=True)
    def stream_limit(seed, start, n):
        block = 1 << 16
        nb = (n + block - 1) // block
        out = np.zeros(nb, np.int64)
        for b in prange(nb):
            lo = start + b * block
            hi = min(start + n, lo + block)
            c = 0
            for t in range(lo, hi):
                k = trial_key(seed, t)
                f = ((k >> np.uint64(32)) * np.uint64(36)) >> np.uint64(32)
                p = ((k & np.uint64(0xFFFFFFFF)) * np.uint64(36)) >> np.uint64(32)
                c += (p % np.uint64(6) + p // np.uint64(6)) >= (f % np.uint64(6) + f // np.uint64(6))
            out[b] = c
        return out.sum()

    return stream_limit


def bench_kernels(args) -> None:
    import importlib

    import numba
    import numpy as np

    from fleeodds.engine import simulate

    n, r = args.trials, args.repeat
    print(f"[kernels] numba {numba.__version__}, numpy {np.__version__}, {numba.get_num_threads()} threads, "
          f"{n:,} trials a run", file=sys.stderr)
    exchange, chain = _warhammer_cases()
    limit = _stream_limit_kernel()

    def runner(sc, trials):
        k = sc.kernel()
        k(1, 0, 1000)  # warm-up: compile or load the cached kernel
        return lambda: simulate(k, trials=trials, seed=1, progress=False)

    limit(1, 0, 1000)
    cases = [("numpy", lambda: numpy_baseline(n), n), ("limit", lambda: limit(1, 0, n), n),
             ("exchange", runner(exchange, n), n), ("chain", runner(chain, n), n)]
    for system in ("dnd", "hell_dorado"):
        mod = importlib.import_module(f"fleeodds.systems.{system}")
        case = getattr(mod, "benchmark_case", None)
        if case is not None:
            sc = case()
            cases.append((f"{system}: {sc.title}", runner(sc, max(n // 5, 1000)), max(n // 5, 1000)))
    rates: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    cpu_ns: dict[str, list[float]] = {name: [] for name, _, _ in cases}  # CPU time of all threads, per trial
    for _ in range(r):  # interleaved, so a change of the machine's load touches every figure alike
        for name, fn, trials in cases:
            c0 = time.process_time()
            rates[name].append(trials / timed(fn, 1)[0] / 1e6)
            cpu_ns[name].append((time.process_time() - c0) / trials * 1e9)
    ratio = [a / b for a, b in zip(rates["exchange"], rates["numpy"])]
    of_limit = [a / b for a, b in zip(rates["exchange"], rates["limit"])]
    say("kernels", "numpy-vectorized 2D6 vs 2D6 (baseline)", spread(rates["numpy"]) + " M trials/s")
    say("kernels", "raw stream: draw 2D6 vs 2D6 and count (limit)", spread(rates["limit"]) + " M trials/s")
    say("kernels", "Warhammer kernel, 2D6 flee vs 2D6 pursuit", spread(rates["exchange"]) + " M trials/s",
        f"{spread(ratio, '{:.1f}')}x numpy, {spread(of_limit, '{:.2f}')} of the limit")
    say("kernels", "Warhammer kernel, break chain: pursuit then up to 10 turns of rally or flight to a 12\" edge",
        spread(rates["chain"]) + " M chains/s")
    for name, _, _ in cases[4:]:
        say("kernels", name, spread(rates[name]) + " M trials/s")
    # On a shared machine the wall rates follow the others' load; the CPU time a trial costs hardly does.
    threads = numba.get_num_threads()
    for name, what in (("limit", "raw stream"), ("exchange", "Warhammer exchange"), ("chain", "Warhammer chain")):
        best = min(cpu_ns[name])
        say("kernels", f"{what}: CPU time per trial (all threads), least of the repeats",
            f"{best:.2f} ns", f"{threads * 1e3 / best:.0f} M/s on {threads} idle cores")


# -- exact ---------------------------------------------------------------------------------------------
def bench_exact(args) -> None:
    try:
        import icepool
        from icepool import d6
    except ImportError:
        say("exact", "icepool", "not installed (pip install -e \".[bench]\")")
        return

    r = max(args.repeat, 3)
    exchange, chain = _warhammer_cases()

    def ours(sc):
        out: dict[str, Fraction] = {}
        for (o, _), p in sc.exact_distribution("fraction").items():
            out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
        return out

    def pool_exchange():
        die = 2 @ d6 >= 2 @ d6
        return {"caught": Fraction(die.quantity(True), die.denominator())}

    CAUGHT, OFF, RALLIED = -1, -2, -3  # absorbing states; a state >= 0 is the distance fled so far

    def pool_chain():
        start = icepool.map(lambda f, p: CAUGHT if p >= f else (OFF if f >= 12 else f), 2 @ d6, 2 @ d6)

        def turn(state, rally, f):
            if state < 0:
                return state
            if rally <= 6:
                return RALLIED
            return OFF if state + f >= 12 else state + f

        end = icepool.map(turn, start, 2 @ d6, 2 @ d6, repeat=10)
        den = end.denominator()
        return {code: Fraction(end.quantity(s), den) for code, s in
                (("caught", CAUGHT), ("escaped_off_table", OFF), ("rallied", RALLIED))}

    from fleeodds.systems.warhammer.exact import flee as wh_exact

    def solve_afresh(sc):
        """The chain solved again: Warhammer keeps each solved chain for the process (lru_cache)."""
        wh_exact._solve.cache_clear()
        return sc.exact_distribution("fraction")

    for label, sc, pool in (("2D6 flee vs 2D6 pursuit", exchange, pool_exchange),
                            ("flee / rally chain, Ld 6, 12\" edge, 10 turns", chain, pool_chain)):
        mine, theirs = ours(sc), pool()
        agree = all(mine.get(k, 0) == v for k, v in theirs.items())
        t_ours = timed(lambda: solve_afresh(sc), r)
        t_pool = timed(pool, r)
        say("exact", f"{label}: fleeodds exact solver", spread([t * 1e3 for t in t_ours]) + " ms",
            f"icepool {icepool.__version__} {spread([t * 1e3 for t in t_pool])} ms; same fractions: "
            f"{'yes' if agree else 'NO'}")


# -- command line --------------------------------------------------------------------------------------
#: What each command should answer within on the project's 2-core machine (issue 10), quoted beside it.
CLI_AIMS = {"help": 0.4, "exact": 0.6, "default": 1.5}
#: One exact example of each rules system (the D&D and Hell Dorado ones are comparisons of setups).
CLI_EXACT = ["warhammer/goblins_broken_by_dwarfs.toml", "dnd/wizard_withdraws_past_orcs_35.toml",
             "hell_dorado/fuite_djinn_intangible.toml"]
#: Heavy modules a command may load (tests/front/test_imports.py asserts which): an exact run loads none; a
#: Monte Carlo run numba alone (numba itself imports scipy's top package, which costs little).
HEAVY = ("numba", "matplotlib", "pandas", "scipy.stats", "scipy.linalg", "scipy.sparse")


def _cli(args_list: list[str], env: dict | None = None) -> float:
    """Wall seconds of ``python -m fleeodds ARGS`` as a new process (what a user's command costs)."""
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "fleeodds", *args_list], capture_output=True, text=True,
                         env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    if res.returncode:
        raise SystemExit(f"fleeodds {' '.join(args_list)} failed: {res.stderr.strip()[-500:]}")
    return wall


def _heavy_modules(args_list: list[str]) -> list[str]:
    """Which of :data:`HEAVY` the command loads (``sys.modules`` at its end, in a new process)."""
    code = ("import sys\nfrom fleeodds.cli import main\ntry:\n    main(%r)\nexcept SystemExit:\n    pass\n"
            "print(' '.join(m for m in %r if m in sys.modules), file=sys.stderr)" % (args_list, HEAVY))
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    return res.stderr.strip().splitlines()[-1].split() if res.stderr.strip() else []


def bench_cli(args) -> None:
    r = max(args.repeat, 3)
    goblins = CLI_EXACT[0]
    _cli(["run", goblins, "--no-progress"])  # warm numba's cache, the page cache
    for name in CLI_EXACT[1:]:
        _cli(["run", name, "--exact"])
    cases = [("fleeodds --help", ["--help"], "help")]
    cases += [(f"exact run: {name}", ["run", name, "--exact"], "exact") for name in CLI_EXACT]
    cases += [("default run, exact + 1,000,000 trials, warm kernels: " + goblins, ["run", goblins, "--no-progress"],
               "default")]
    for label, cmd, aim in cases:
        times = [_cli(cmd) for _ in range(r)]
        heavy = _heavy_modules(cmd)
        say("cli", label, spread(times) + " s wall",
            f"aim {CLI_AIMS[aim]} s; loads {', '.join(heavy) if heavy else 'none'} of {', '.join(HEAVY)}")
    if args.cold:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            say("cli", "first run on an empty numba cache (compiles the Warhammer kernel)",
                f"{_cli(['run', goblins, '--no-progress'], env):.3g} s wall")


def bench_rank(args) -> None:
    r = min(args.repeat, 3)
    data = ROOT / "tests" / "data" / "bsdata"
    shared = Path(os.environ.get("FLEEODDS_SHARED", ROOT.parent / "shared")) / "data" / "bsdata-whfb"
    cases = [(data / "greenskin_warband_8th.cat", data / "made_up_8th.gst", "warhammer/rank_broken_by_2_8th.toml")]
    gst = shared / "Warhammer Fantasy 8th ed.gst"
    if gst.is_file():  # the real 8th-edition catalogues, never copied into the project
        for cat in sorted(shared.glob("*8thBRB*.cat")):
            cases.append((cat, gst, "warhammer/rank_broken_by_2_8th.toml"))
    for cat, gst, scenario in cases:
        cmd = ["rank", str(cat), "--scenario", scenario] + (["--system", str(gst)] if gst else [])
        try:
            walls = [_cli(cmd) for _ in range(r)]
        except SystemExit as e:
            say("rank", f"rank {cat.name}", f"failed: {e}")
            continue
        say("rank", f"rank {cat.name} ({'project test data' if cat.parent == data else 'real catalogue'})",
            spread(walls) + " s wall")


def bench_report(args) -> None:
    with tempfile.TemporaryDirectory() as out:
        walls = [_cli(["report", "analysis", "--out", out]) for _ in range(min(args.repeat, 3))]
    say("report", "fleeodds report analysis/ (every shipped analysis, en and fr)", spread(walls) + " s wall")


# -- memory --------------------------------------------------------------------------------------------
MEMORY_CODE = """
import resource, sys
import fleeodds
from fleeodds.engine import simulate
sc = fleeodds.load_scenario("warhammer/goblins_rally_or_flee_to_edge.toml")
k = sc.kernel()
k(0, 0, 1000)
simulate(k, trials=int(sys.argv[1]), seed=0, progress=False)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def bench_memory(args) -> None:
    peaks = {}
    for n in (1_000_000, 50_000_000):
        res = subprocess.run([sys.executable, "-c", MEMORY_CODE, str(n)], capture_output=True, text=True, cwd=ROOT)
        if res.returncode:
            raise SystemExit(res.stderr[-500:])
        peaks[n] = int(res.stdout.split()[-1]) / 1024  # kilobytes on Linux
    say("memory", "peak resident memory, Monte Carlo run of 50 M trials",
        f"{peaks[50_000_000]:.0f} MB", f"{peaks[1_000_000]:.0f} MB at 1 M trials")


# -- fight: the exact solve of a fight over several rounds -----------------------------------------------
def bench_fight(args) -> None:
    """The shipped goblins fight (8th, its comparison set aside), solved exactly from a fresh scenario with
    every cache cleared: until resolved (the default, up to 10 rounds, the loser's chain split at its Break
    test, float64) beside the baseline in the same run, the former solve of the first round alone (each
    margin's whole chain, in Fractions). CPU time (``time.process_time``) is quoted beside wall time: the
    shared machine's load moves wall time most."""
    import tomllib

    from fleeodds.systems.warhammer.exact import combat as wh_round
    from fleeodds.systems.warhammer.exact import flee as wh_exact
    from fleeodds.systems.warhammer.plan import flee as wh_plan_flee
    from fleeodds.systems.warhammer.scenarios import fight as wh_fight

    path = ROOT / "src" / "fleeodds" / "examples" / "warhammer" / "goblins_fight_dwarfs.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("compare", None)
    one = dict(data, fight=dict(data["fight"], max_rounds=1))
    r = max(args.repeat, 3)

    def solve(source, mode, split=True, fast=True):
        wh_exact._solve.cache_clear()
        wh_plan_flee._dice.cache_clear()
        for f in (wh_round.binomial, wh_round.attack_probability, wh_round._sum_of_binomials,
                  wh_round._float_sum_of_binomials, wh_round._dice_sum, wh_round._random_hits):
            f.cache_clear()
        saved = wh_fight.SPLIT_EDITIONS, wh_fight.FAST_ROUNDS
        wh_fight.SPLIT_EDITIONS = saved[0] if split else ()
        wh_fight.FAST_ROUNDS = fast
        try:
            sc = wh_fight.FightScenario(source, path.parent)
            c0, t0 = time.process_time(), time.perf_counter()
            dist = sc.exact_distribution(mode)
            return time.process_time() - c0, time.perf_counter() - t0, dist
        finally:
            wh_fight.SPLIT_EDITIONS, wh_fight.FAST_ROUNDS = saved

    solve(data, "float")  # imports and first calls out of the figures
    new, base = [], []
    for _ in range(r):  # interleaved: a change of the machine's load touches both alike
        new.append(solve(data, "float"))
        base.append(solve(data, "float", fast=False))
    old = [solve(one, "fraction", split=False) for _ in range(r)]
    same = solve(one, "fraction")[2] == old[0][2]
    gap = max(abs(p - base[0][2].get(k, 0.0)) for k, p in new[0][2].items())
    cpu_new, cpu_base = statistics.median(x[0] for x in new), statistics.median(x[0] for x in base)
    cpu_old = statistics.median(x[0] for x in old)
    say("fight", "goblins_fight_dwarfs.toml (8th), until resolved (10 rounds at most): exact solve, cold caches",
        f"{spread([x[0] for x in new])} s CPU, {spread([x[1] for x in new])} s wall",
        "baseline, the former path (FAST_ROUNDS = False: each later round convolved in Fractions, P(held) from the "
        f"test's chain): "
        f"{spread([x[0] for x in base])} s CPU, ratio {cpu_base / cpu_new:.2g}x, largest difference {gap:.1g}; "
        f"the former one-round solve (each margin's whole chain, Fractions): {spread([x[0] for x in old])} s CPU, "
        f"ratio {cpu_old / cpu_new:.2g}x; one round split or whole, same fractions: {'yes' if same else 'NO'}")


SECTIONS = {"kernels": bench_kernels, "exact": bench_exact, "cli": bench_cli, "rank": bench_rank,
            "report": bench_report, "memory": bench_memory, "fight": bench_fight}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=50_000_000, help="trials a kernel run (default 50 M)")
    ap.add_argument("--repeat", type=int, default=5, help="repeats of each figure (default 5)")
    ap.add_argument("--only", nargs="+", choices=sorted(SECTIONS), help="run these sections only")
    ap.add_argument("--cold", action="store_true", help="also time a first run on an empty numba cache")
    args = ap.parse_args(argv)
    for name in args.only or SECTIONS:
        print(f"[{name}]", file=sys.stderr, flush=True)
        SECTIONS[name](args)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load average {load:.1f} at the end; "
          f"median of {args.repeat} repeats (min-max).\n")
    print("| section | what | figure | against, in the same run |\n|---|---|---|---|")
    for row in ROWS:
        print("| " + " | ".join(x.replace("|", "/") for x in row) + " |")


if __name__ == "__main__":
    main()
