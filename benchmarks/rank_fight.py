"""A whole-catalogue fight ranking in this process: as ``fleeodds rank`` does it now (each unit at its own
minimum size, characters, monsters and war machines ranked apart) against the baseline of the same
run (every entry of the catalogue "a unit of 20", the scenario's size, rational arithmetic, as before issue 25
item 8).

Run:  python benchmarks/rank_fight.py [CATALOGUE.cat [GAME.gst]] [--scenario FILE] [--repeat N] [--profile]

Without a catalogue it takes the real 8th-edition Orcs and Goblins catalogue from the team's data
folder when it is there ($FLEEODDS_SHARED/data/bsdata-whfb, default ../shared next to the checkout),
else the project's own test catalogue. The exact chains' cache is emptied before each timing, so
every ranking solves its chains afresh; the catalogue is read once, outside the timings (about
0.1 s). It prints each time (median and spread of the repeats), the ratio baseline / now, the units
ranked and the distinct break chains solved; ``--profile`` adds the ten most costly functions of one
ranking as it is now (cProfile, cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import time
from pathlib import Path

import fleeodds
from fleeodds.rank import list_building, rank_units
from fleeodds.importers.bsdata import read_catalogue

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FLEEODDS_SHARED", ROOT.parent / "shared")) / "data" / "bsdata-whfb"
if not SHARED.is_dir():  # a worktree sits one level deeper than the checkout
    SHARED = ROOT.parents[1] / "shared" / "data" / "bsdata-whfb"


def default_catalogue() -> tuple[Path, Path | None]:
    real = SHARED / "Orcs and Goblins - 8thBRB_8thAB.cat", SHARED / "Warhammer Fantasy 8th ed.gst"
    if all(p.is_file() for p in real):
        return real
    data = ROOT / "tests" / "data" / "bsdata"
    return data / "greenskin_warband_8th.cat", data / "made_up_8th.gst"


def clear_exact_cache() -> int:
    """Empty the break chains' cache; return how many chains it held."""
    from fleeodds.systems.warhammer.exact import flee

    held = flee._solve.cache_info().currsize
    flee._solve.cache_clear()
    return held


def one(sc, army, exact_mode=None, **kw):
    import fleeodds.rank as fr

    fr.EXACT_MODE = exact_mode
    clear_exact_cache()
    t0, c0 = time.perf_counter(), time.process_time()
    ranking = rank_units(sc, army, "fleeing", method="exact", **kw)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    from fleeodds.systems.warhammer.exact import flee

    return seconds, cpu, len(ranking.table), len(ranking.failures), flee._solve.cache_info().currsize


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("catalogue", nargs="*", help="CATALOGUE.cat [GAME.gst]")
    ap.add_argument("--scenario", default="warhammer/rank_fight_vs_dwarf_warriors_8th.toml")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    if args.catalogue:
        cat = Path(args.catalogue[0])
        gst = Path(args.catalogue[1]) if len(args.catalogue) > 1 else None
    else:
        cat, gst = default_catalogue()
    sc = fleeodds.load_scenario(args.scenario)
    army = list_building(sc.system).map_catalogue(read_catalogue(cat, gst)).with_extras()
    print(f"{cat.name}: {len(army)} entries, scenario {sc.title!r}, load {os.getloadavg()[0]:.1f}")
    runs = {"baseline: every entry a unit of 20": dict(unit_size="scenario", types="all", exact_mode=None),
            "now: own minimum size, units only": dict(exact_mode="float")}
    times: dict[str, list[float]] = {k: [] for k in runs}
    cpus: dict[str, list[float]] = {k: [] for k in runs}
    info: dict[str, tuple] = {}
    for _ in range(args.repeat):  # interleaved: a change of load touches both alike
        for label, kw in runs.items():
            seconds, cpu, ranked, failed, chains = one(sc, army, **kw)
            times[label].append(seconds)
            cpus[label].append(cpu)
            info[label] = (ranked, failed, chains)
    for label, ts in times.items():
        ranked, failed, chains = info[label]
        cs = cpus[label]
        print(f"  {label:<38} {statistics.median(ts):7.2f} s wall ({min(ts):.2f}-{max(ts):.2f}), "
              f"{statistics.median(cs):.2f} s CPU ({min(cs):.2f}-{max(cs):.2f})  "
              f"{ranked} ranked, {failed} not ranked, {chains} distinct break chains solved")
    base, now = (statistics.median(times[k]) for k in runs)
    base_cpu, now_cpu = (statistics.median(cpus[k]) for k in runs)
    print(f"  ratio baseline / now: {base / now:.1f}x wall, {base_cpu / now_cpu:.1f}x CPU "
          "(on a loaded machine the CPU time is the steadier figure)")
    if args.profile:
        clear_exact_cache()
        prof = cProfile.Profile()
        prof.enable()
        import fleeodds.rank as fr

        fr.EXACT_MODE = "float"
        rank_units(sc, army, "fleeing", method="exact")
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())


if __name__ == "__main__":
    main()
