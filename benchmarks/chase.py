"""The D&D chase's exact answer on the issue-30 question (a 5e 2024 rogue running 90 ft from two
Aggressive orcs over 3 rounds), with its baseline timed in the same process: 100,000 Monte Carlo trials
of the same question (warm kernel). Prints both and the ratio; asserts nothing.

The chase's positions follow from the choices alone (nothing random moves anyone), so the exact answer is
an absorbing chain over (round, hit points): a few hundred states, milliseconds in fractions. A second line
times the same question after the exchange (two opportunity attacks first), with death saves and the orcs'
attacks on a downed rogue (one small chain of (successes, failures) per drop point), and a third a 3.5
chase with two tripping pursuers (each sequence of successful trips its own plan) and the dying runner.

Run:  python benchmarks/chase.py [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from fleeodds.systems.dnd.scenarios.chase import chase_benchmark  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    runs = [chase_benchmark() for _ in range(args.repeat)]
    exact = statistics.median(r["exact_s"] for r in runs)
    mc = statistics.median(r["mc_100k_s"] for r in runs)
    print("| what | seconds (median of %d) |" % args.repeat)
    print("|---|---|")
    print(f"| exact chase, fractions (3 rounds, two orcs) | {exact:.4f} |")
    print(f"| baseline: 100,000 Monte Carlo trials, same question | {mc:.4f} |")
    print(f"| ratio exact / baseline | {exact / mc:.2f} |")
    full = statistics.median(r["exact_after_exchange_s"] for r in runs)
    print(f"| exact chase after the exchange, death saves and attacks on the downed rogue, fractions | {full:.4f} |")
    print(f"| ratio (after the exchange) / baseline | {full / mc:.2f} |")
    trips = statistics.median(r["exact_35_trips_s"] for r in runs)
    print(f"| exact 3.5 chase with two tripping pursuers ({runs[0]['plans_35_trips']} trip plans), dying followed, "
          f"fractions | {trips:.4f} |")
    print(f"| ratio (3.5 trips) / baseline | {trips / mc:.2f} |")
    print(f"exact under one second: {'yes' if exact < 1 else 'no'}; after the exchange: {'yes' if full < 1 else 'no'}; "
          f"3.5 trips: {'yes' if trips < 1 else 'no'}")


if __name__ == "__main__":
    main()
