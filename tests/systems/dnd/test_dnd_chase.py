"""Issue 30, item 2: the chase after leaving melee (5e, ``situation = "chase"``), from hand derivations,
with Monte Carlo agreement. Round structure and sources: :mod:`fleeodds.systems.dnd.plan.chase`."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome

F = Fraction
P = F(14, 20)  # +5 vs AC 12 hits on 7-20
Q = 1 - P


def chase(runner=None, **fields):
    pursuers = fields.pop("pursuers")
    return fleeodds.load_scenario({"system": "dnd", "situation": "chase", "edition": "5e2024",
                                   "runner": runner or {"hp": 11, "hp_max": 11, "ac": 12},
                                   "chase": {**fields, "pursuers": pursuers}})


ORC5 = {"attack_bonus": 5, "damage": "5"}  # flat 5: a critical has no dice to double


def test_one_hit_drops_or_the_runner_is_safe():
    # round 1: the adjacent pursuer attacks once (hit 14/20: 3 damage drops a 3-HP runner); the runner
    # disengages 30 ft and is safe
    sc = chase(runner={"hp": 3, "ac": 12}, distance=30, actions="disengage",
               pursuers=[{"attack_bonus": 5, "damage": "3"}])
    assert sc.exact_distribution("fraction") == {(0, 1): Q, (2, 1): P}
    assert sc.summary()["mean_rounds_to_safety"] == 1


def test_dash_against_a_plain_orc_and_an_aggressive_one():
    # 11 HP, each hit 5: down at the third hit. Runner dashes 60 ft a round, 120 ft to safety: safe in round 2.
    # Plain orc (speed 30): round 1 attack + opportunity attack as the runner dashes (gap 5 -> 65);
    # round 2 it dashes (65 - 60 = 5: no attack), then the opportunity attack: 3 attacks.
    plain = chase(distance=120, actions="dash", pursuers=[ORC5])
    assert [(a["round"], a["trigger"]) for a in plain.describe()["attacks"]] == [
        (1, "on its turn"), (1, "opportunity attack"), (2, "opportunity attack")]
    assert exact_by_outcome(plain) == {"escaped": 1 - P ** 3, "down": P ** 3}
    # Aggressive (SRD 5.1 orc): bonus-action move, 60 ft: it keeps up and attacks in round 2 too: 4 attacks
    agg = chase(distance=120, actions="dash", pursuers=[{**ORC5, "aggressive": True}])
    assert len(agg.describe()["attacks"]) == 4
    safe = sum(comb(4, k) * P ** k * Q ** (4 - k) for k in range(3))
    assert exact_by_outcome(agg) == {"escaped": safe, "down": 1 - safe}
    assert agg.summary()["by_round"][1]["down"] == 0  # at most two hits in round 1


def test_cunning_action_disengage_leaves_only_the_turn_attacks():
    # dash + Cunning Action Disengage: no opportunity attack; the aggressive orc attacks on its turn in both
    # rounds: 2 attacks, 10 damage at most: never down (11 HP)
    sc = chase(distance=120, actions="dash+disengage", cunning_action=True, pursuers=[{**ORC5, "aggressive": True}])
    assert [a["trigger"] for a in sc.describe()["attacks"]] == ["on its turn", "on its turn"]
    assert exact_by_outcome(sc) == {"escaped": 1}


def test_still_chased_after_the_rounds_and_difficult_terrain():
    # difficult terrain: the dash covers 30 ft; 90 ft to safety is not reached in 2 rounds
    sc = chase(runner={"hp": 100, "ac": 12}, rounds=2, distance=90, actions="dash", difficult_terrain=True,
               pursuers=[{**ORC5, "gap": 200}])
    assert exact_by_outcome(sc) == {"still_chased": 1}
    assert sc.describe()["positions"][-1]["to_safety"] == 30


def test_a_shooter_at_long_range_has_disadvantage():
    # the shooter stays put 100 ft away (normal 80, long 320): disadvantage, +4 vs AC 12 hits on 8-20
    # (13/20) -> (13/20)^2. Damage 20 on a 11-HP runner: instant death needs 20 - 11 >= 11: no; down.
    sc = chase(distance=30, actions="move",
               pursuers=[{"attack_bonus": 4, "damage": "20", "ranged": True, "gap": 100}])
    assert sc.describe()["attacks"][0]["advantage"] == -1
    assert exact_by_outcome(sc) == {"down": F(13, 20) ** 2, "escaped": 1 - F(13, 20) ** 2}


def test_instant_death_in_the_chase():
    # 30 damage on 11 HP (max 11): 19 left over >= 11: dead. Moving away (no Disengage) adds the opportunity
    # attack: two attacks, the runner survives only two misses
    sc = chase(distance=30, actions="move", pursuers=[{"attack_bonus": 5, "damage": "30"}])
    assert exact_by_outcome(sc) == {"dead": 1 - Q * Q, "escaped": Q * Q}
    sc = chase(distance=30, actions="disengage", pursuers=[{"attack_bonus": 5, "damage": "30"}])
    assert exact_by_outcome(sc) == {"dead": P, "escaped": Q}


@pytest.mark.parametrize("fields, field", [
    (dict(actions="dash+dash"), "chase.actions"),
    (dict(actions=["dash"], rounds=3), "chase.actions"),
    (dict(actions=["dash", "run", "dash"]), "chase.actions.1"),
])
def test_bad_choices_are_named(fields, field):
    with pytest.raises(FleeoddsError) as err:
        chase(pursuers=[ORC5], **fields)
    assert str(err.value).startswith(field + ":"), str(err.value)


def test_the_chase_needs_a_known_edition():
    # 3.5 and Pathfinder have their own chase (test_dnd_chase_35.py); an unknown edition is refused by name
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "situation": "chase", "edition": "4e",
                                "runner": {"hp": 5, "ac": 12}, "chase": {"pursuers": [ORC5]}})
    assert str(err.value).startswith("edition:"), str(err.value)


@pytest.mark.statistical
def test_chase_agrees_with_monte_carlo():
    sc = chase(runner={"preset": "srd5_rogue_1"}, distance=90, actions=["dash", "dash+disengage", "dash"],
               cunning_action=True,
               pursuers=[{"preset": "srd51_orc", "aggressive": True}, {"preset": "srd51_orc", "gap": 10},
                         {"attack_bonus": 4, "damage": "1d6+2", "ranged": True, "gap": 40}])
    assert_agree(sc, trials=100_000)
