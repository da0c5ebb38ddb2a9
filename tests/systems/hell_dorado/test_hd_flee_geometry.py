"""Where a placed flee move ends (``fuite.direction``): photo 2 computed, and Fuite into Attraction.

Rules Tips "Fuite", photo 2: "il est interdit de venir au contact d'un combattant adverse lors d'un
mouvement provoqué par une Fuite"; Attraction x (errata August 2007): "Au moment de leur activation,
tous les adversaires situés à x toises ou moins ... sont obligés d'effectuer une action d'assaut ou de
charge", "s'il ne peut pas engager ... il n'est pas affecté".

Every number below is worked out by hand in the test (1 toise = 25.4 mm: a 30 mm base has radius
75/127 toise, a 40 mm base 100/127), and the probabilities of the attaque sans riposte by counting
the dice: a CBT 3 attacker hitting on 4+ (1/2 a die), damage 2/3/4/5 for 1/2/3 hits minus PRO 1, so
only 3 hits (1/8) kill a PV 3 fighter.
"""

from fractions import Fraction

import pytest

from fleeodds import FleeoddsError, engine, load_scenario

from fleeodds.validation import strict_inputs

from ...conftest import assert_mc_agrees
from .conftest import noted
from fleeodds.language import use_lang
from tests.lang_helpers import notes_in  # noqa: E402


SMALL, MEDIUM = 75 / 127, 100 / 127  # base radii in toises
W = [{"name": "w", "damage": [2, 3, 4, 5, 6]}]
KILL = Fraction(1, 8)  # 3 dice on 4+ all hit: 4 - PRO 1 = 3 >= PV 3


def flee(direction=0.0, others=None, fuite=None, fleeing=None, options=None, adversary=None):
    """F (small base, MOU 4: Course 8) at (0, 0), engaged by A (small base) on its -y side."""
    return load_scenario(flee_data(direction, others, fuite, fleeing, options, adversary))


def flee_data(direction=0.0, others=None, fuite=None, fleeing=None, options=None, adversary=None):
    """The table of :func:`flee` (the adversaries' next activation is not asked: these cases are about the move
    and the Attraction; tests/systems/hell_dorado/test_hd_flee_paths.py asks it)."""
    d = {"system": "hell_dorado",
         "fleeing": {"name": "F", "def": 4, "pro": 1, "pv": 3, "mou": 4, "base": "petit", "x": 0.0, "y": 0.0,
                     **(fleeing or {})},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": W, "base": "petit", "x": 0.0, "y": -2 * SMALL,
                          **(adversary or {})}],
         "fuite": {**({} if direction is None else {"direction": direction, "next_activation": False}),
                   **(fuite or {})}}
    if others is not None:
        d["others"] = others
    if options:
        d["options"] = options
    return d


def succube(x=12.0, y=0.0, **kw):
    return {"name": "S", "base": "moyen", "capacities": ["Attraction 6"], "x": x, "y": y, **kw}


def probs(sc):
    out = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return out


# --------------------------------------------------------------------------- photo 2
def test_photo2_move_stops_short_of_an_enemy_base():
    # Isha (medium) at (5, 105/127): centres must stay 75/127 + 100/127 = 175/127 apart; she is 105/127 = 3/5 of that off the
    # line, so contact would come 4/5 * 175/127 = 140/127 before x = 5: the move is 5 - 140/127 = 495/127
    sc = flee(0.0, others=[{"name": "Isha", "base": "moyen", "x": 5.0, "y": 105 / 127}])
    assert sc.flee_distance == pytest.approx(495 / 127, abs=1e-12)
    assert sc.stopped_by == "Isha"
    assert sc.flee_end == pytest.approx((495 / 127, 0.0), abs=1e-12)
    assert probs(sc) == {"killed": KILL, "fled": 1 - KILL}
    # the same Isha 175/127 off the line is only grazed: the whole Course (8)
    sc = flee(0.0, others=[{"name": "Isha", "base": "moyen", "x": 5.0, "y": 175 / 127 + 1e-9}])
    assert sc.flee_distance == 8.0 and sc.stopped_by is None


def test_photo2_direction_into_the_adversary_in_contact_is_no_room():
    # A touches F from below (-y): fleeing at -90 degrees runs into it at once, so no move; along it
    # (0 or 180 degrees) or away (+90) is free
    sc = flee(-90.0)
    assert sc.flee_distance == 0.0 and probs(sc) == {"killed": KILL, "fled_no_room": 1 - KILL}
    for a in (0.0, 180.0, 90.0):
        assert flee(a).flee_distance == 8.0
    # 45 degrees downward still gets closer to A's centre: blocked at once
    assert flee(-45.0).flee_distance == 0.0


def test_photo2_explicit_inputs_and_positions_do_not_mix():
    # the old explicit input stays accepted without positions...
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": W}], "fuite": {"room": False}}
    assert load_scenario(d).flee_distance == 0.0
    # ...and with positions (computed) it must agree with them: F has room (the whole Course along +x), so
    # room = false is refused naming both, room = true changes nothing (a note); a direction needs positions
    with pytest.raises(FleeoddsError, match=r"^fuite\.room: false is not allowed; expected true or nothing: the "
                                            r"positions \(fleeing\.x, y .*leave room to flee"):
        flee(0.0, fuite={"room": False})
    sc, _ = noted(flee_data(0.0, fuite={"room": True}), "fuite.room: true has no effect with fleeing.x, y (the room "
                  "to flee is computed from the positions)")
    assert sc.flee_distance == 8.0 and probs(sc) == {"killed": KILL, "fled": 1 - KILL}
    d["fuite"] = {"direction": 0.0}
    with pytest.raises(FleeoddsError, match=r"fuite\.direction: 0\.0.*placed"):
        load_scenario(d)
    d["fuite"] = {}
    d["others"] = [succube()]
    with pytest.raises(FleeoddsError, match=r"^others\.0: .*placed"):
        load_scenario(d)


def test_other_enemy_positions_are_checked():
    with pytest.raises(FleeoddsError, match=r"others\.0\.x: .*out of contact"):
        flee(0.0, others=[{"name": "B", "base": "petit", "x": 2 * SMALL, "y": 0.0}])
    with pytest.raises(FleeoddsError, match=r"others\.0\.x: .*overlap adversaries\.0"):
        flee(0.0, others=[{"name": "B", "base": "petit", "x": 0.5, "y": -2 * SMALL - 0.5}])
    noted(flee_data(0.0, others=[dict(succube(), weapons=W, weapon="w")]), "others.0.weapon: 'w' has no effect on "
          "another enemy of a Fuite (it makes no attack: only its base and its Attraction x count)")


# --------------------------------------------------------------------------- attracted_back
@pytest.mark.statistical
def test_flee_back_into_attraction_exact_and_monte_carlo(hd_oracle):
    # F ends at (8, 0); S (medium, Attraction 6, free) at (12, 0): 4 - 75/127 - 100/127 = 333/127 edge to
    # edge <= 6, and its Charge (8) reaches: every survivor is pulled back at its next activation
    case = hd_oracle["hd_flee_back_into_attraction"]
    sc = flee(0.0, others=[succube()])
    assert sc.flee_end == pytest.approx((8.0, 0.0))
    assert sc.pull_back == (0, "S", "S")
    want = {"killed": KILL, "attracted_back": 1 - KILL}
    assert probs(sc) == want and want["attracted_back"] == Fraction(case["exact"])
    sim = engine.simulate(sc.kernel(), trials=200_000, seed=21, progress=False)
    for code, p in want.items():
        assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), sim.trials, float(p), code)
    assert int(sim.outcome_counts[sc.outcome_index("fled")]) == 0
    # the outcome a player reads, in both languages
    assert sc.outcomes[sc.outcome_index("attracted_back")].label().render("fr").startswith("A fui, puis ramené")
    assert any("Attraction zone" in n for n in notes_in(sc, "en"))
    assert any("zone d'Attraction de S" in n for n in notes_in(sc, "fr"))
    assert sc.outcome_order.index("attracted_back") == 1


def test_the_zone_and_the_reach_decide():
    # S at (14.8, 0): edge to edge 6.8 - 175/127 = 5.42 <= 6 (pulled); centre to centre 6.8 > 6 (not)
    assert flee(0.0, others=[succube(14.8)]).attracted
    sc = flee(0.0, others=[succube(14.8)], fuite={"attraction_measure": "centre"})
    assert not sc.attracted and probs(sc) == {"killed": KILL, "fled": 1 - KILL}
    # S at (16, 0): 8 - 175/127 = 6.62 > 6: out of the zone
    assert not flee(0.0, others=[succube(16.0)]).attracted
    # an Assaut (MOU 4) does not reach 5.42 toises: not affected; a Charge (8) does
    assert not flee(0.0, others=[succube(14.8)], fuite={"attraction_movement": "assaut"}).attracted
    # an engaged holder does not attract
    assert not flee(0.0, others=[succube(engaged=True)]).attracted


def test_the_adversary_fled_can_pull_back():
    # A itself has Attraction 6: fleeing along +x (8 toises) ends 8.09 centre to centre from A, edge to edge
    # sqrt(64 + (150/127)^2) - 150/127 = 6.91 > 6: free; fleeing only 4 (MOU 2) ends 2.99 edge to edge: pulled
    far = flee(0.0, adversary={"capacities": ["Attraction 6"]})
    assert not far.attracted
    near = flee(0.0, adversary={"capacities": ["Attraction 6"]}, fleeing={"mou": 2})
    assert near.attracted and near.pull_back == (0, "A", "A")


def test_lemure_and_the_attraction_version():
    lem = {"capacities": ["Lémure"]}
    assert not flee(0.0, others=[succube()], fleeing=lem).attracted  # x_2007: lémures are immune
    assert flee(0.0, others=[succube()], fleeing=lem, options={"attraction_version": "D_original"}).attracted


def test_stopped_on_the_way_back_by_another_enemy():
    # B (small, no Attraction) at (10, 0) between F's end (8, 0) and S (12, 0)? They would overlap S: put S
    # at (13, 0) and B at (10, 0): the flee move (8) stops short of B at 10 - 150/127 = 8.82 > 8 (not in
    # the way), and the way back to S meets B first: pulled back, engaging B
    sc = flee(0.0, others=[succube(13.0), {"name": "B", "base": "petit", "x": 10.0, "y": 0.0}])
    assert sc.flee_distance == 8.0
    assert sc.pull_back == (1, "S", "B")
    assert probs(sc)["attracted_back"] == 1 - KILL


def test_stopped_on_the_way_back_by_another_holder():
    # B (small, Attraction 2) at (10, 0) is between F's end (8, 0) and S (13, 0), and F ends inside both
    # zones (0.82 from B, 3.62 from S, edge to edge); with first_listed F sets out for S (listed first)
    # and meets B on the way: the holder is S, the fighter engaged is B
    b = {"name": "B", "base": "petit", "capacities": ["Attraction 2"], "x": 10.0, "y": 0.0}
    sc = flee(0.0, others=[succube(13.0), b], fuite={"multiple_attractors": "first_listed"})
    assert sc.pull_back == (1, "S", "B")
    near = flee(0.0, others=[succube(13.0), b], fuite={"multiple_attractors": "nearest"})
    assert near.pull_back == (0, "B", "B")  # the nearest holder is B itself, in reach


def test_repli_into_the_zone():
    # Ordre Repli: no attack, MOU 4 not doubled: ends at (4, 0), 8 - 175/127 = 6.62 from S at (12, 0):
    # free; S at (8, 0): 4 - 175/127 = 2.62: pulled back with certainty
    assert probs(flee(0.0, others=[succube()], fuite={"repli": True})) == {"repli_move": 1}
    assert probs(flee(0.0, others=[succube(8.0)], fuite={"repli": True})) == {"attracted_back": 1}


def test_inputs_that_change_nothing_are_noted():
    sc, _ = noted(flee_data(None, fuite={"attraction_measure": "centre"}), "fuite.attraction_measure: 'centre' has "
                  "no effect without fuite.direction")
    assert probs(sc) == {"killed": KILL, "fled": 1 - KILL}
    # the default written out: nothing said
    assert flee(None, fuite={"attraction_measure": "edge"}).input_notes() == []
    # the holder is far beyond any reach: the measure changes nothing
    sc, _ = noted(flee_data(0.0, others=[succube(40.0)], fuite={"attraction_measure": "centre"}),
                  "fuite.attraction_measure: 'centre' has no effect in this Fuite")
    assert probs(sc) == {"killed": KILL, "fled": 1 - KILL}
    # an enemy's Attraction x without a placed move pulls nobody back: listed, not silent
    sc = flee(None, adversary={"capacities": ["Attraction 6"]})
    assert "adversaries.0.capacities.0" in sc.unused_inputs()



def test_flee_move_agrees_with_a_drawn_geometry():
    # the exact ray-against-circle length checked against shapely's drawn discs (1024 segments a circle:
    # a chord error below r * 5e-6) on seeded random tables: where the straight move first enters an
    # enemy base widened by the fleeing fighter's radius
    import math
    import random

    from shapely.geometry import LineString, Point

    from fleeodds.systems.hell_dorado.plan.paths import flee_move

    rng = random.Random(7)
    for _ in range(200):
        r = rng.uniform(0.4, 1.2)
        enemies = []
        while len(enemies) < 4:
            x, y, re = rng.uniform(-10, 10), rng.uniform(-10, 10), rng.uniform(0.4, 1.2)
            if math.hypot(x, y) > r + re + 0.05:
                enemies.append((x, y, re))
        a = rng.uniform(0, 360)
        t, k = flee_move((0.0, 0.0), r, enemies, a)
        ray = LineString([(0, 0), (30 * math.cos(math.radians(a)), 30 * math.sin(math.radians(a)))])
        hits = [ray.intersection(Point(x, y).buffer(re + r, quad_segs=256)) for x, y, re in enemies]
        drawn = min((ray.project(Point(h.coords[0] if h.geom_type == "LineString" else h.geoms[0].coords[0]))
                     for h in hits if not h.is_empty), default=math.inf)
        if math.isinf(drawn):
            assert math.isinf(t) and k == -1
        else:
            assert t == pytest.approx(drawn, abs=1e-3), (enemies, a)
            assert k >= 0


def test_other_enemies_that_change_nothing_are_listed():
    # B far off the line, without Attraction: it neither stops the move nor closes the way out
    sc = flee(0.0, others=[succube(), {"name": "B", "base": "petit", "x": -20.0, "y": 20.0}])
    assert "others.1" in sc.unused_inputs() and "others.0" not in sc.unused_inputs()
    # Isha in the way matters
    sc = flee(0.0, others=[{"name": "Isha", "base": "moyen", "x": 5.0, "y": 105 / 127}])
    assert "others.0" not in sc.unused_inputs()
