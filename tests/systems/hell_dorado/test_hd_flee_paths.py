"""A Fuite on the table (issue 31): the Course toward a destination by the shortest path round bases and
impassable terrain, a straight move stopped by an ally or terrain, and the adversaries' next activation (can a
Charge reach the fighter where it stops?).

Every length below is worked out by hand here (1 toise = 25.4 mm: a 30 mm base has radius 75/127 toise). A path
round a corner of a wall or round a base is made of tangent segments and an arc: from a point at distance d from
the centre of a circle of radius rho, the tangent is sqrt(d^2 - rho^2) long; round a circle between two such
points seen from its centre on either side, the arc between the tangents turns by 2 asin(rho / d). The shapes are
drawn with 32 segments a quarter circle, so lengths agree to 1e-3 toise.

Rules Tips "Fuite", photo 2 (no contact with an adversary's base in a Fuite), photo 4 (no room, no move);
Attraction x (errata August 2007: the shortest path goes round impassable terrain and allied fighters).
"""

import math
from fractions import Fraction

import pytest

from fleeodds import FleeoddsError, load_scenario

from .conftest import noted
from fleeodds.language import use_lang
from tests.lang_helpers import notes_in  # noqa: E402


R = 75 / 127  # a 30 mm base's radius in toises
W = [{"name": "w", "damage": [2, 3, 4, 5, 6]}]
KILL = Fraction(1, 8)  # CBT 3 on 4+ against PRO 1, PV 3: only three hits kill (1/8)


def table(fuite=None, fleeing=None, adversary=None, **sections):
    """F (30 mm, MOU 4: Course 8) at (0, 0), engaged by A (30 mm, MOU 4) on its -y side."""
    d = {"system": "hell_dorado",
         "fleeing": {"name": "F", "def": 4, "pro": 1, "pv": 3, "mou": 4, "base": "petit", "x": 0.0, "y": 0.0,
                     **(fleeing or {})},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": W, "base": "petit", "mou": 4, "x": 0.0, "y": -2 * R,
                          **(adversary or {})}],
         "fuite": fuite or {}}
    d.update(sections)
    return d


def probs(sc) -> dict:
    out: dict = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


WALL = [[4.0, -3.0], [5.0, -3.0], [5.0, 3.0], [4.0, 3.0]]


#: The heading of the first tangent, from (0, 0) over the corner (4, 3): toward the centre, turned by asin(R / 5).
H1 = math.atan2(3, 4) + math.asin(R / 5)


def round_the_wall() -> float:
    """(0, 0) to (9, 0) round the wall [4, 5] x [-3, 3] widened by R: tangent to the circle of radius R round
    the corner (4, 3) (its centre 5 away), the arc until the path runs along the top, the top (1), and the same
    down to (9, 0) (the corner (5, 3) is 5 away from it too). The arc at a corner turns from the tangent's heading
    H1 to horizontal."""
    return 2 * math.sqrt(25 - R * R) + 2 * R * H1 + 1.0


def test_a_course_round_a_wall_by_hand():
    sc = load_scenario(table(fuite={"destination": [9.0, 0.0], "next_activation": False},
                             fleeing={"mou": 6}, terrain=[{"name": "wall", "points": WALL}]))
    length = round_the_wall()
    assert 10.6 < length < 12  # a Course of 12 gets there
    assert sc.reaches_destination and sc.flee_distance == pytest.approx(length, abs=1e-3)
    assert sc.flee_end == pytest.approx((9.0, 0.0), abs=1e-9)
    # the path passes over the wall's top, R above it
    assert max(y for _, y in sc.flee_path) == pytest.approx(3 + R, abs=1e-3)
    assert probs(sc) == {"killed": KILL, "fled": 1 - KILL}


def test_a_short_course_stops_on_the_path():
    """A Course of 8 stops on the last tangent, L - 8 from (9, 0): the path is symmetric about x = 4.5, so that
    point is the mirror of the first tangent's point at L - 8 from (0, 0)."""
    sc = load_scenario(table(fuite={"destination": [9.0, 0.0], "next_activation": False},
                             terrain=[{"name": "wall", "points": WALL}]))
    assert not sc.reaches_destination and sc.flee_distance == pytest.approx(8.0)
    back = round_the_wall() - 8
    assert back < math.sqrt(25 - R * R)  # on the last tangent
    assert sc.flee_end == pytest.approx((9.0 - back * math.cos(H1), back * math.sin(H1)), abs=1e-3)


def test_a_course_round_an_allied_base_by_hand():
    """An ally (40 mm, radius 100/127) at (5, 0) on the way to (10, 0): round the circle of radius
    rho = 100/127 + R centred 5 away from both ends."""
    rho = 100 / 127 + R
    want = 2 * math.sqrt(25 - rho * rho) + 2 * rho * math.asin(rho / 5)
    sc = load_scenario(table(fuite={"destination": [10.0, 0.0], "next_activation": False}, fleeing={"mou": 6},
                             allies=[{"name": "Ally", "base": "moyen", "x": 5.0, "y": 0.0}]))
    assert sc.reaches_destination and sc.flee_distance == pytest.approx(want, abs=1e-3)


def test_a_straight_move_stops_short_of_terrain_and_allies():
    sc = load_scenario(table(fuite={"direction": 0.0, "next_activation": False},
                             terrain=[{"name": "wall", "points": WALL}]))
    assert sc.flee_distance == pytest.approx(4.0 - R, abs=1e-6) and sc.stopped_by == "terrain.0"
    sc = load_scenario(table(fuite={"direction": 0.0, "next_activation": False},
                             allies=[{"name": "Ally", "base": "petit", "x": 6.0, "y": 0.0}]))
    assert sc.flee_distance == pytest.approx(6.0 - 2 * R, abs=1e-6) and sc.stopped_by == "Ally"
    assert any("stopped just short of Ally" in n for n in notes_in(sc, "en"))


def test_no_path_no_move():
    """A destination on the wall itself: no path reaches it, the fighter stays where it is (photo 4)."""
    sc = load_scenario(table(fuite={"destination": [4.5, 0.0]}, terrain=[{"name": "wall", "points": WALL}]))
    assert sc.no_path and sc.flee_distance == 0.0
    assert probs(sc) == {"killed": KILL, "fled_no_room": 1 - KILL}
    assert any("No path leads to" in n for n in notes_in(sc, "en"))


@pytest.mark.parametrize("adversary_mou, again", [(4, True), (3, False)])
def test_charged_again_at_the_next_activation_by_hand(adversary_mou, again):
    """F flees straight north 8 toises to (0, 8); A, in contact at (0, -2R), charges straight after it: its base
    touches F's when its centre is 2R from (0, 8), after 8 + 2R - 2R = 8 toises. Its Charge is 2 x MOU: 8 reaches
    (charged again), 6 does not (F gets away and stays away)."""
    sc = load_scenario(table(fuite={"direction": 90.0}, adversary={"mou": adversary_mou}))
    assert sc.flee_end == pytest.approx((0.0, 8.0), abs=1e-9)
    if again:
        assert [c[0] for c in sc.chargers] == ["A"] and sc.chargers[0][1] == pytest.approx(8.0, abs=1e-6)
        assert probs(sc) == {"killed": KILL, "charged_again": 1 - KILL}
        assert any("the Charge of A" in n for n in notes_in(sc, "en"))
        assert any("la Charge de A" in n for n in notes_in(sc, "fr"))
    else:
        assert sc.chargers == []
        assert probs(sc) == {"killed": KILL, "fled": 1 - KILL}
        assert any("No adversary can charge it again" in n for n in notes_in(sc, "en"))


def test_a_wall_between_keeps_the_charger_away():
    """F runs east to (7, 0) (Course 8: it gets there) over a wall x in [1.5, 2], y from -20 up to -R - 0.05
    (F's centre passes R + 0.05 above it). A (MOU 3: Charge 6), in contact at (0, -2R), would reach F straight:
    |(7, 2R)| - 2R = 5.918 < 6. Round the wall it must pass over the corner c = (1.5, -R - 0.05) at a distance R:
    the tangent from A to that circle, the arc from the heading h1 = atan2(c - A) + asin(R / |c - A|) down to
    h3 = atan2(F - c) - asin(R / |F - c|), and the tangent from it toward F until contact (2R short):
    6.228 > 6, so A cannot charge again."""
    wall = [[1.5, -20.0], [2.0, -20.0], [2.0, -R - 0.05], [1.5, -R - 0.05]]
    a, f, c = (0.0, -2 * R), (7.0, 0.0), (1.5, -R - 0.05)
    d1, d3 = math.dist(a, c), math.dist(f, c)
    h1 = math.atan2(c[1] - a[1], c[0] - a[0]) + math.asin(R / d1)
    h3 = math.atan2(f[1] - c[1], f[0] - c[0]) - math.asin(R / d3)
    detour = math.sqrt(d1 * d1 - R * R) + R * (h1 - h3) + math.sqrt(d3 * d3 - R * R) - 2 * R
    assert math.dist(a, f) - 2 * R < 6 < detour
    open_table = load_scenario(table(fuite={"destination": [7.0, 0.0]}, adversary={"mou": 3}))
    assert [n for n, *_ in open_table.chargers] == ["A"]
    assert open_table.chargers[0][1] == pytest.approx(math.dist(a, f) - 2 * R, abs=1e-6)
    walled = load_scenario(table(fuite={"destination": [7.0, 0.0]}, adversary={"mou": 3},
                                 terrain=[{"name": "wall", "points": wall}]))
    assert walled.reaches_destination and walled.chargers == []
    assert probs(walled) == {"killed": KILL, "fled": 1 - KILL}
    from fleeodds.systems.hell_dorado.plan.paths import charge_length

    assert charge_length(a, R, f, R, [], [[tuple(p) for p in wall]]) == pytest.approx(detour, abs=1e-3)


@pytest.mark.parametrize("data, match", [
    ({"fuite": {"destination": [5.0, 0.0], "direction": 0.0}}, r"fuite\.destination.*not both"),
    ({"fuite": {"destination": [5.0]}}, r"fuite\.destination"),
    ({"terrain": [{"points": [[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]]}]}, r"terrain\.0\.points.*cross"),
    ({"terrain": [{"points": [[-1.0, -0.2], [1.0, -0.2], [1.0, 0.2], [-1.0, 0.2]]}]}, r"fleeing\.x.*terrain\.0"),
    ({"allies": [{"name": "B", "base": "petit"}]}, r"allies\.0\.x"),
])
def test_placed_fuite_inputs_are_checked_by_field(data, match):
    with pytest.raises(FleeoddsError, match=match):
        load_scenario(table(**data) if "fuite" not in data else table(fuite=data["fuite"]))


def test_unplaced_inputs():
    d = table(fuite={"destination": [5.0, 0.0]})
    del d["fleeing"]["x"], d["fleeing"]["y"], d["adversaries"][0]["x"], d["adversaries"][0]["y"]
    with pytest.raises(FleeoddsError, match=r"fuite\.destination.*placed"):
        load_scenario(d)
    d["fuite"] = {"next_activation": False}
    assert noted(d, "fuite.next_activation")
