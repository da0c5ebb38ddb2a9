"""Things in the way of a flee move (fleeodds.systems.warhammer.plan.obstacles and its exact and kernel sides).

Every probability asserted comes from an independent derivation: the oracle cases of
tests/oracles/warhammer_obstacles.json (derive_warhammer_obstacles.py, standard library
only), or a hand computation written in the test. Monte Carlo is checked against the
exact values with the 99.9 % bound of ``assert_mc_agrees``.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.errors import FleeoddsError
from fleeodds.systems.warhammer import SYSTEM
from fleeodds.systems.warhammer.kernels.flee import I_PAIR_KIND, PAIR_NONE, pack

from ...conftest import assert_mc_agrees, oracle_cases
from ._policy import assert_noted, assert_strict_refused, load as load_noted
from fleeodds.language import use_lang
from tests.lang_helpers import schema_in  # noqa: E402


MC_TRIALS = 400_000
EXAMPLES = Path(fleeodds.__file__).parent / "examples" / "warhammer"
CASES = oracle_cases("warhammer_obstacles")


def scenario(params: dict):
    return fleeodds.load_scenario(dict(params, system="warhammer"))


def p_outcome(sc, code: str, mode: str = "fraction"):
    i = sc.outcome_index(code)
    return sum((p for (o, _), p in sc.exact_distribution(mode).items() if o == i), Fraction(0) if mode ==
               "fraction" else 0.0)


def exact_of(sc, case, mode="fraction"):
    if "." in case["outcome"]:  # a side result: "<summary key>.<object name>"
        key, name = case["outcome"].split(".", 1)
        return sc.summary(mode)[key][name]
    return p_outcome(sc, case["outcome"], mode)


def test_one_case_per_edition():
    assert {c["edition"] for c in CASES} == {"6th", "7th", "8th", "tow", "starter"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_exact_solver(case):
    sc = scenario(case["parameters"])
    assert exact_of(sc, case) == Fraction(case["exact"])
    assert abs(exact_of(sc, case, "float") - case["value"]) < 1e-11


@pytest.mark.statistical
@pytest.mark.parametrize("case", [c for c in CASES if "." not in c["outcome"]], ids=lambda c: c["id"])
def test_monte_carlo(case):
    sc = scenario(case["parameters"])
    sim = simulate(sc.kernel(), trials=MC_TRIALS, seed=2024, progress=False)
    assert sim.counts.sum() == MC_TRIALS
    assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(case["outcome"])]), MC_TRIALS,
                     float(Fraction(case["exact"])), case["id"])


@pytest.mark.slow
@pytest.mark.statistical
def test_monte_carlo_every_outcome_of_the_8th_chain():
    """Every outcome of a 3-turn 8th chain with a chaser, Dangerous Terrain tests and a table edge."""
    sc = scenario({"edition": "8th", "situation": "fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7, "models_start": 5},
                   "pursuer": {"name": "P", "movement": 4, "leadership": 7},
                   "table": {"max_turns": 3, "edge_distance": 20.0, "chaser_keeps_charging": True},
                   "obstacles": [{"kind": "impassable", "distance": 4.0, "depth": 3.0}]})
    exact = {}
    for (o, _), p in sc.exact_distribution("float").items():
        exact[o] = exact.get(o, 0.0) + p
    sim = simulate(sc.kernel(), trials=MC_TRIALS, seed=11, progress=False)
    for o, p in exact.items():
        assert_mc_agrees(int(sim.outcome_counts[o]), MC_TRIALS, p, sc.outcomes[o].code)


# -- hand computations -----------------------------------------------------------------------
TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_charge_fleeing_7th_enemy_destroys_before_the_charge():
    """7th charge on a fleeing unit 2" from an M 4 charger (reach 8): friends at [3, 5] push a unit
    fleeing 3 or 4 to 5"; a US 5 enemy at 7" destroys a unit fleeing 7 or more. Run down when
    8 >= 2 + position: flee 2 (position 2), 3-4 (5) and 5-6 (5, 6); escapes never."""
    sc = scenario({"edition": "7th", "situation": "charge_fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7},
                   "pursuer": {"name": "C", "movement": 4, "leadership": 7}, "table": {"gap": 2.0},
                   "obstacles": [{"kind": "friend", "distance": 3.0, "depth": 2.0},
                                 {"kind": "enemy", "distance": 7.0, "depth": 1.0, "unit_strength": 5}]})
    destroyed = sum((p for f, p in TWO_D6.items() if f >= 7), Fraction(0))
    assert p_outcome(sc, "destroyed_contact") == destroyed == Fraction(21, 36)
    assert p_outcome(sc, "run_down") == 1 - destroyed


def test_7th_fleeing_enemy_and_small_enemy_are_passed_through():
    base = {"edition": "7th", "situation": "fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
            "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "table": {"max_turns": 0},
            "options": {"pursuer_restrains": "always"}}
    for enemy in ({"unit_strength": 4}, {"fleeing": True}):
        sc = scenario(dict(base, obstacles=[dict(kind="enemy", distance=5.0, depth=2.0, **enemy)]))
        assert not any(o.code.startswith("destroyed") for o in sc.outcomes)
        assert p_outcome(sc, "escaped") == 1
    sc = scenario(dict(base, obstacles=[dict(kind="enemy", distance=5.0, depth=2.0, unit_strength=5)]))
    assert p_outcome(sc, "destroyed_contact") == sum((p for f, p in TWO_D6.items() if f >= 5), Fraction(0))


def test_6th_goes_round_friends_with_room():
    """6th default: room to go round, so the friend changes no outcome; the side result says how often."""
    sc = scenario({"edition": "6th", "situation": "fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
                   "pursuer": {"name": "P", "movement": 4, "leadership": 7},
                   "table": {"max_turns": 0, "edge_distance": 7.0}, "options": {"pursuer_restrains": "always"},
                   "obstacles": [{"kind": "friend", "name": "spears", "distance": 5.0, "depth": 2.0}]})
    # 6th removes a unit when a model *leaves* the table (edge_contact = "leave"): a flight past 7", 8+
    # (15/36; it was 7+, 21/36, when 6th defaulted to touching the edge)
    assert p_outcome(sc, "escaped_off_table") == sum((p for f, p in TWO_D6.items() if f >= 8), Fraction(0))
    assert sc.summary()["obstacle_met"]["spears"] == sum((p for f, p in TWO_D6.items() if f >= 5),
                                                                    Fraction(0))


def test_tow_impassable_is_gone_round_and_8th_tests_it():
    base = {"situation": "fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
            "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "table": {"max_turns": 0},
            "options": {"pursuer_restrains": "always"},
            "obstacles": [{"kind": "impassable", "distance": 6.0, "depth": 2.0}]}
    tow = scenario(dict(base, edition="tow"))
    assert not any(o.code.startswith("destroyed") for o in tow.outcomes)
    assert p_outcome(tow, "escaped") == 1
    eighth = scenario(dict(base, edition="8th", fleeing=dict(base["fleeing"], models_start=1)))  # a move ending at 5 or more: one model, a 1 destroys it
    assert p_outcome(eighth, "destroyed_terrain") == sum((p for f, p in TWO_D6.items() if f >= 5),
                                                         Fraction(0)) / 6


def test_clearance_option():
    """8th with options.flee_clearance = 0: a move must reach the enemy's near edge (6") to meet it."""
    sc = scenario({"edition": "8th", "situation": "fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7, "models_start": 1},
                   "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "table": {"max_turns": 0},
                   "options": {"pursuer_restrains": "always", "flee_clearance": 0.0},
                   "obstacles": [{"kind": "enemy", "distance": 6.0, "depth": 2.0}]})
    assert p_outcome(sc, "destroyed_contact") == sum((p for f, p in TWO_D6.items() if f >= 6), Fraction(0)) / 6


def test_pair_fast_path_off_with_obstacles():
    sc = scenario({"edition": "7th", "situation": "charge_fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7},
                   "pursuer": {"name": "C", "movement": 4, "leadership": 7}, "table": {"gap": 2.0},
                   "obstacles": [{"kind": "friend", "distance": 3.0, "depth": 2.0}]})
    assert pack(sc.rules, sc.metric.n_bins)[0][I_PAIR_KIND] == PAIR_NONE


def test_losses_feed_the_rally_table():
    """The rally table read after losses equals the resolved rally test at the models left."""
    sc = scenario({"edition": "tow", "situation": "fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7, "models_start": 8, "models_left": 3},
                   "pursuer": {"name": "P", "movement": 4, "leadership": 7},
                   "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 2.0}]})
    r = sc.rules
    assert r.rally_by_models[3] == (r.rally_mode, r.rally_test)
    assert r.rally_by_models[1][0] != r.rally_mode  # 1 of 8 (< 25 %): only a double 1
    assert r.rally_by_models[3][1].ld == 6  # 3 of 8, below 50 %: Ld - 1
    assert r.rally_by_models[2][0] == r.rally_mode  # 2 of 8 is 25 %, not below


# -- refusals and notes ------------------------------------------------------------------------------
BAD = [
    ({"edition": "7th", "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 1.0}]}, "obstacles.0.unit_strength"),
    ({"edition": "6th", "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 1.0, "room_to_go_around": False}]},
     "obstacles.0.room_to_go_around"),
    ({"edition": "7th", "table": {"edge_distance": 10.0},
      "obstacles": [{"kind": "impassable", "distance": 10.0, "depth": 1.0}]}, "obstacles.0.distance"),
    ({"edition": "7th", "obstacles": [{"kind": "friend", "distance": 5.0, "depth": 3.0},
                                      {"kind": "friend", "distance": 6.0, "depth": 1.0}]}, "obstacles.1.distance"),
    ({"edition": "8th", "obstacles": [{"kind": "rock", "distance": 5.0, "depth": 1.0}]}, "obstacles.0.kind"),
    ({"edition": "8th", "obstacles": [{"kind": "enemy", "distance": -1.0, "depth": 1.0}]}, "obstacles.0.distance"),
]


def _fleeing(changes: dict) -> dict:
    data = {"system": "warhammer", "situation": "fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
            "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "table": {"max_turns": 0}}
    for k, v in changes.items():
        data[k] = dict(data.get(k, {}), **v) if isinstance(v, dict) else v
    return data


@pytest.mark.parametrize("changes,field", BAD, ids=[b[1] + "-" + str(i) for i, b in enumerate(BAD)])
def test_refused_by_name(changes, field):
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario(_fleeing(changes))
    assert field in str(err.value)
    assert "\n" not in str(err.value)


#: Inputs of things in the way that change nothing here: (changes, the note's start, why).
NOTED = [
    ({"edition": "8th", "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 1.0, "unit_strength": 5}]},
     "obstacles.0.unit_strength: 5 has no effect", "in 8th edition (only the 7th rules read it"),
    ({"edition": "7th", "obstacles": [{"kind": "friend", "distance": 5.0, "depth": 1.0, "room_to_go_around": True}]},
     "obstacles.0.room_to_go_around: true has no effect", "in 7th edition (only the 6th rules go round"),
    ({"edition": "starter", "obstacles": [{"kind": "friend", "distance": 5.0, "depth": 1.0, "leadership": 7}]},
     "obstacles.0.leadership: 7 has no effect", "the starter rules remove the fleeing unit on contact"),
    ({"edition": "8th", "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 1.0, "leadership": 7}]},
     "obstacles.0.leadership: 7 has no effect", "only a friendly unit tests for Panic when fled through"),
    ({"edition": "7th", "obstacles": [{"kind": "impassable", "distance": 30.0, "depth": 1.0}]},
     "obstacles.0.distance: 30 has no effect", "beyond the farthest flee move (12\" with table.max_turns = 0)"),
    ({"edition": "7th", "options": {"flee_clearance": 1.0},
      "obstacles": [{"kind": "impassable", "distance": 5.0, "depth": 1.0}]}, "options.flee_clearance: 1 has no effect",
     "in the 'fleeing' situation in 7th edition"),
    ({"edition": "7th", "options": {"flee_clearance": 1.0}}, "options.flee_clearance: 1 has no effect",
     "there are no [[obstacles]]"),
]


@pytest.mark.parametrize("changes,start,why", NOTED, ids=[n[1].split(":")[0] + "-" + str(i) for i, n in enumerate(NOTED)])
def test_noted_by_name(changes, start, why):
    assert_noted(_fleeing(changes), start, why)
    assert_strict_refused(_fleeing(changes), start, why)


def test_every_object_field_without_effect_is_noted_and_changes_no_number():
    # 8th: an enemy's Unit Strength, fleeing flag and Leadership and a friend's room to go round are read by
    # nothing (each noted, not only the first); the numbers and the extras are those without them
    plain = [{"kind": "enemy", "distance": 5.0, "depth": 1.0}, {"kind": "friend", "distance": 8.0, "depth": 1.0}]
    extra = [dict(plain[0], unit_strength=5, fleeing=True, leadership=8), dict(plain[1], room_to_go_around=True)]
    noted = load_noted(_fleeing({"edition": "8th", "obstacles": extra}))
    assert [n.field for n in noted.input_notes()] == ["obstacles.0.unit_strength", "obstacles.0.fleeing",
                                                      "obstacles.0.leadership", "obstacles.1.room_to_go_around"]
    given = load_noted(_fleeing({"edition": "8th", "obstacles": plain}))
    assert noted.summary("fraction") == given.summary("fraction")
    assert "friend_fails_panic" not in noted.summary("fraction")  # no Panic test for an enemy


def test_leadership_test_situation_notes_obstacles():
    data = {"system": "warhammer", "situation": "leadership_test",
            "fleeing": {"name": "F", "movement": 4, "leadership": 7},
            "obstacles": [{"kind": "friend", "distance": 3.0, "depth": 1.0}]}
    why = "in the 'leadership_test' situation (it ends with the test; no flee move)"
    assert_noted(data, "obstacles: ['friend'] has no effect", why)
    assert_strict_refused(data, "obstacles: ['friend'] has no effect", why)
    # Ld 7: 2D6 <= 7 passes, 21/36 = 7/12, with the thing in the way or without it
    alone = {k: v for k, v in data.items() if k != "obstacles"}
    for d in (data, alone):
        assert fleeodds.evaluate(load_noted(d), "exact").exact_fractions["passed"] == "7/12"


# -- the shipped example --------------------------------------------------------------------------
def test_example_validates_and_runs():
    path = EXAMPLES / "goblins_flee_through_rocks_to_friends.toml"
    with path.open("rb") as f:
        data = tomllib.load(f)
    jsonschema.validate(data, schema_in("en", SYSTEM))
    assert data.get("title_fr")
    sc = fleeodds.load_scenario(path)
    dist = sc.exact_distribution("fraction")
    assert sum(dist.values()) == 1
    assert sc.summary("fraction")


def test_trial_kernel_is_the_same_trials():
    """The per-trial kernel records the outcomes the counting kernel counts (same seed, same dice)."""
    import numpy as np

    sc = scenario({"edition": "tow", "situation": "fleeing",
                   "fleeing": {"name": "F", "movement": 4, "leadership": 7, "models_start": 6},
                   "pursuer": {"name": "P", "movement": 4, "leadership": 7},
                   "table": {"max_turns": 2, "edge_distance": 15.0},
                   "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 2.0},
                                 {"kind": "friend", "distance": 10.0, "depth": 1.0}]})
    counts = sc.kernel()(3, 0, 20_000).sum(axis=1)
    per_trial = sc.trial_kernel()(3, 0, 20_000)
    assert np.array_equal(np.bincount(per_trial, minlength=len(sc.outcomes)), counts)


def test_obstacles_are_refused_on_the_several_pursuers_path():
    """The several-pursuers chain and the failed-charge metric (recorded on that path) have no
    things in the way: with [[obstacles]] they are refused by name, never run without them."""
    rocks = [{"kind": "impassable", "name": "rocks", "distance": 3, "depth": 2}]
    several = {"system": "warhammer", "edition": "8th", "situation": "break", "combat": {"margin": 2},
               "fleeing": {"profile": "Night Goblins"}, "obstacles": rocks,
               "pursuers": [{"profile": "Dwarf Warriors"}, {"profile": "Dwarf Warriors"}]}
    with pytest.raises(FleeoddsError, match=r"obstacles: .* not modelled yet \(with \[\[pursuers\]\]"):
        fleeodds.load_scenario(several)
    charge = {"system": "warhammer", "edition": "8th", "situation": "charge_fleeing",
              "fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Dwarf Warriors"},
              "table": {"gap": 4}, "obstacles": rocks, "options": {"charge_metric": "failed_charge_move"}}
    with pytest.raises(FleeoddsError, match=r"options.charge_metric: 'failed_charge_move' is not modelled"):
        fleeodds.load_scenario(charge)


def test_an_object_no_flee_move_can_meet_is_refused():
    """Night Goblins flee at most 12" (2D6) and nothing nearer pushes them on: a friend at 14" in
    8th (met within the 1" clearance, so from 13") or at 13" in 7th (no clearance) is never met;
    at 13" in 8th a 12" flee ends within 1" of it and meets it."""
    def scenario(edition, distance):
        return {"system": "warhammer", "edition": edition, "situation": "fleeing",
                "fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Orc Boyz"},
                "table": {"max_turns": 0}, "obstacles": [{"kind": "friend", "distance": distance, "depth": 1}]}
    for edition, distance in (("8th", 14), ("7th", 13)):
        start = f"obstacles.0.distance: {distance} has no effect"
        assert_noted(scenario(edition, distance), start, "beyond the farthest flee move (12\"")
        assert_strict_refused(scenario(edition, distance), start, "beyond the farthest flee move")
        assert "obstacle_met" in load_noted(scenario(edition, distance)).summary("fraction")
    met = fleeodds.load_scenario(scenario("8th", 13)).summary("fraction")["obstacle_met"]
    # a double 6 to flee 12", and the Orcs' 2D6 below 12 (a catch resolves first): 1/36 x 35/36
    assert list(met.values()) == [Fraction(1, 36) * Fraction(35, 36)], met
