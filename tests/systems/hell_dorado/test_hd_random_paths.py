"""Random Attraction placements respect the fighters of the mover's side on its way (issue 31 item 3): a
draw that puts one of them on the straight line from a fighter to a holder whose zone may hold it is drawn again
(the shortest path would go round it, rules digest §6, and the straight-line kernel does not draw detours).

The check here is independent of the kernel: shapely measures, for every drawn placement of the shipped random
example, the distance from each other fighter of the side to the line walked until contact."""

import numpy as np
from shapely.geometry import LineString, Point

from fleeodds import load_scenario
from fleeodds.rng import trial_key
from fleeodds.systems.hell_dorado.kernels.attraction import _place


def test_no_drawn_placement_has_an_ally_on_the_way():
    sc = load_scenario("hell_dorado/attraction_zone_aleatoire.toml")
    ax, ay, ar, arange, _, bx, by, br, *_, bzone = sc._raw_args()[:12]
    px, py = np.empty(len(bx)), np.empty(len(bx))
    in_way = 0
    for t in range(4000):
        ok, _ = _place(bx, by, br, bzone, ax, ay, ar, arange, px, py, np.uint64(trial_key(0, t)), np.int64(0))
        assert ok
        for i in range(len(bx)):
            for h in range(len(ax)):
                d = float(np.hypot(ax[h] - px[i], ay[h] - py[i]))
                if arange[h] < 0 or d > arange[h] + ar[h] + br[i]:
                    continue
                walked = LineString([(px[i], py[i]), (px[i] + (ax[h] - px[i]) * (d - ar[h] - br[i]) / d,
                                                      py[i] + (ay[h] - py[i]) * (d - ar[h] - br[i]) / d)])
                for j in range(len(bx)):
                    if j != i and walked.distance(Point(px[j], py[j])) < br[i] + br[j] - 1e-6:
                        in_way += 1
    assert in_way == 0


def test_the_shipped_random_example_still_runs():
    sc = load_scenario("hell_dorado/attraction_zone_aleatoire.toml")
    counts = sc.kernel()(0, 0, 20_000)
    assert counts.sum() > 0
