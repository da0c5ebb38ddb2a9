"""Army against army: cells per second in this process and on a two-worker local Dask cluster,
and how many distinct exact chains the cache leaves to solve.

Run:  python benchmarks/matrix.py [FLEEING.cat PURSUING.cat [GAME.gst]] [--scenario FILE] [--workers N]
                                  [--method auto|exact|mc] [--trials N]

Without catalogues it takes two real 8th-edition catalogues from the team's data folder when it
is there ($FLEEODDS_SHARED/data/bsdata-whfb, default ../shared next to the checkout), else the
project's own test catalogues. It prints, for the same matrix:

  (a) in-process, the exact cache emptied first: cells, distinct exact chains solved, seconds, cells/s;
  (b) in-process again with the cache full (what a second matrix of the same armies costs);
  (c) a local Dask cluster of --workers worker processes (default 2), cache emptied: cells/s;

and checks that (a) and (c) give identical cells. Building the cells' scenarios (on the driver)
is included in every time; starting the cluster is not (it is timed on its own line).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pandas as pd

import fleeodds
import fleeodds.matrix as fm
from fleeodds.scale import Runner

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FLEEODDS_SHARED", ROOT.parent / "shared")) / "data" / "bsdata-whfb"


def default_catalogues() -> tuple[Path, Path, Path | None]:
    real = (SHARED / "Orcs and Goblins - 8thBRB_8thAB.cat", SHARED / "High Elves - 8thBRB_8thAB.cat",
            SHARED / "Warhammer Fantasy 8th ed.gst")
    if all(p.is_file() for p in real):
        return real
    data = ROOT / "tests" / "data" / "bsdata"
    return data / "greenskin_warband_8th.cat", data / "scaled_host_8th.cat", data / "made_up_8th.gst"


def timed(label: str, fn):
    t0 = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - t0
    return out, seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("catalogues", nargs="*", help="FLEEING.cat PURSUING.cat [GAME.gst]")
    ap.add_argument("--scenario", default="warhammer/rank_broken_by_2_8th.toml")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--method", default="auto", choices=["auto", "exact", "mc"])
    ap.add_argument("--trials", type=int, default=20_000)
    args = ap.parse_args()
    if args.catalogues and len(args.catalogues) not in (2, 3):
        ap.error("give FLEEING.cat PURSUING.cat and optionally GAME.gst")
    if args.catalogues:
        cat_a, cat_b = map(Path, args.catalogues[:2])
        gst = Path(args.catalogues[2]) if len(args.catalogues) == 3 else None
    else:
        cat_a, cat_b, gst = default_catalogues()
    sc = fleeodds.load_scenario(args.scenario)
    rows = fm.load_army(cat_a, gst, rules_system=sc.system)
    cols = fm.load_army(cat_b, gst, rules_system=sc.system)
    kw = dict(method=args.method, trials=args.trials, seed=0, progress=False)
    print(f"{rows.name} ({len(rows.profiles)} units) against {cols.name} ({len(cols.profiles)} units), "
          f"scenario {sc.title!r}, method {args.method}")
    if args.method != "exact":  # compile (or load) the Monte Carlo kernel once, outside the timings
        fm.matrix(sc, fm.Army("w", rows.profiles[:1]), fm.Army("w", cols.profiles[:1]), **{**kw, "method": "mc"})

    def line(label, m, seconds):
        man = m.manifest
        print(f"  {label:<38} {man['cells']:>6} cells  {man['distinct_exact']:>5} distinct exact chains solved  "
              f"{man['exact_from_cache']:>5} from cache  {len(m.failures):>3} failed  {seconds:7.2f} s  "
              f"{man['cells'] / seconds:9.1f} cells/s")

    fm._EXACT_CACHE.clear()
    serial, s1 = timed("serial", lambda: fm.matrix(sc, rows, cols, **kw))
    line("in-process, cache empty", serial, s1)
    again, s2 = timed("again", lambda: fm.matrix(sc, rows, cols, **kw))
    line("in-process, cache full", again, s2)
    fm._EXACT_CACHE.clear()
    runner = Runner(workers=args.workers)
    _, start = timed("start", runner.start)
    print(f"  (local Dask cluster of {args.workers} workers started in {start:.1f} s)")
    try:
        if args.method != "exact":  # each worker process loads the cached kernel once
            fm.matrix(sc, fm.Army("w", rows.profiles[:2]), fm.Army("w", cols.profiles[:2]), runner=runner,
                      **{**kw, "method": "mc"})
            fm._EXACT_CACHE.clear()
        cluster, s3 = timed("dask", lambda: fm.matrix(sc, rows, cols, runner=runner, **kw))
    finally:
        runner.close()
    line(f"local Dask cluster, {args.workers} workers", cluster, s3)
    pd.testing.assert_frame_equal(serial.cells, cluster.cells)
    pd.testing.assert_frame_equal(serial.frame, cluster.frame)
    print("  identical cells in-process and on the cluster: yes")
    print(f"  cache: {serial.manifest['cells']} cells needed {serial.manifest['distinct_exact']} exact solves "
          f"({serial.manifest['cells'] / max(serial.manifest['distinct_exact'], 1):.1f} cells per chain)")


if __name__ == "__main__":
    main()
