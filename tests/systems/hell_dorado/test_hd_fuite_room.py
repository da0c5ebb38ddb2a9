"""Room to flee computed from positions (Rules Tips "Fuite", photos 2 and 4): the flee move may not
cross or end in contact with an enemy, so a base wedged between enemy bases cannot move. Geometry
by hand: bases of radius r touching the fleeing fighter's (radius r) have their centres 2r away."""

import math

import pytest

from fleeodds import FleeoddsError, load_scenario
from fleeodds.language import use_lang
from tests.lang_helpers import schema_in  # noqa: E402


R = 40 / 2 / 25.4  # moyen base, toises
W = [{"name": "w", "damage": [1, 1, 1, 1, 1]}]


def flee(angles_deg, **fuite):
    advs = [{"name": f"A{k}", "cbt": 1, "weapons": W, "base": "moyen",
             "x": 2 * R * math.cos(math.radians(a)), "y": 2 * R * math.sin(math.radians(a))}
            for k, a in enumerate(angles_deg)]
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, "base": "moyen", "x": 0.0, "y": 0.0},
         "adversaries": advs, "fuite": {"attacker": "A0", **fuite}}
    return load_scenario(d)


def test_two_enemies_leave_room_four_do_not():
    # E and W: the fighter slides out north. N, E, S, W: the inflated bases (radius 2r) round centres
    # 2r * sqrt(2) apart overlap (4r > 2.83r), so no gap: no room (photo 4).
    assert flee([0, 180]).room is True
    assert flee([0, 90, 180, 270]).room is False
    assert "fled_no_room" in [flee([0, 90, 180, 270]).outcomes[o].code
                              for (o, _) in flee([0, 90, 180, 270]).exact_distribution("fraction")]
    # three enemies 120 degrees apart: neighbours' inflated bases (2r) round centres 2r * sqrt(3) = 3.46r
    # apart overlap too (4r > 3.46r): no room
    assert flee([0, 120, 240]).room is False
    # three enemies packed on one side (0, 60, 120 deg): the other side is open
    assert flee([0, 60, 120]).room is True


def test_positions_make_room_computed_not_entered():
    # written against the positions: refused, naming fuite.room and the positions it contradicts
    with pytest.raises(FleeoddsError, match=r"^fuite\.room: false is not allowed; expected true or nothing: the "
                                            r"positions \(fleeing\.x, y .*\) leave room to flee"):
        flee([0, 180], room=False)
    with pytest.raises(FleeoddsError, match=r"^fuite\.room: true is not allowed; expected false or nothing: the "
                                            r"positions \(fleeing\.x, y .*\) leave no room to flee"):
        flee([0, 90, 180, 270], room=True)
    # written as the positions have it: accepted with a note (it is computed), the same Fuite
    for angles, room in (([0, 180], True), ([0, 90, 180, 270], False)):
        sc = flee(angles, room=room)
        assert sc.room is room and [n.message() for n in sc.input_notes()] == [
            f"fuite.room: {str(room).lower()} has no effect with fleeing.x, y (the room to flee is computed from "
            "the positions)"]
        assert sc.exact_distribution("fraction") == flee(angles).exact_distribution("fraction")
    # the documented default is "left out": true, or computed from the positions
    from fleeodds.systems.hell_dorado import SYSTEM
    assert schema_in("en", SYSTEM)["$defs"]["FuiteModel"]["properties"]["room"]["default"] is None
    with pytest.raises(FleeoddsError, match=r"adversaries\.0\.x/y.*base contact"):
        load_scenario({"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, "x": 0.0, "y": 0.0},
                       "adversaries": [{"name": "A", "cbt": 1, "weapons": W, "x": 5.0, "y": 0.0}]})


def test_an_attractor_out_of_reach_is_listed_as_unused():
    """A Succube 140 toises away has Attraction, but the placed flee move (8 toises east) ends far
    outside her zone: she changes nothing and is listed, not accepted silently."""
    data = {"system": "hell_dorado", "type": "fuite",
            "fleeing": {"profile": "arquebusier", "x": 0.0, "y": 0.0},
            "adversaries": [{"profile": "guerrier_sarrasin", "x": 0.0, "y": -1.181102}],
            "others": [{"profile": "succube", "x": 100.0, "y": 100.0}], "fuite": {"direction": 0.0}}
    assert "others.0" in load_scenario(data).unused_inputs()
    data["others"][0].update(x=10.0, y=0.0)  # now the move ends within her zone: she pulls it back
    assert "others.0" not in load_scenario(data).unused_inputs()
