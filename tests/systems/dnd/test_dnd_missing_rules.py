"""Rules added from the issue: teleport and forced movement (5e), Spring Attack (3.5/PF), and
simultaneous_oa = "all_resolve" on its own."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, noted, scenario


@pytest.mark.parametrize("mode", ["teleport", "forced"])
def test_teleport_and_forced_movement_provoke_nothing(mode):
    sc = fleeodds.load_scenario({"system": "dnd", "edition": "5e2024", "mode": mode,
                                 "runner": {"preset": "srd5_wizard_1"},
                                 "enemies": [{"preset": "srd51_orc"}, {"preset": "srd51_orc", "sentinel": True}]})
    assert exact_by_outcome(sc) == {"unharmed": 1}
    assert sc.summary()["p_no_attack"] == 1


@pytest.mark.statistical
def test_spring_attack_target_makes_no_aoo():
    orc = {"attack_bonus": 4, "damage": "1d4", "threat_range": 20}
    runner = {"hp": 100, "ac": 10, "feats": ["spring_attack"]}
    sc = scenario(edition="3.5", mode="move", runner=runner,
                  enemies=[{**orc, "spring_attack_target": True}, orc])
    s = sc.summary()
    # only the second orc attacks: faces 6-20 hit AC 10 with +4 (15/20)
    assert s["attacks"] == {1: 1} and s["hits"] == {0: Fraction(5, 20), 1: Fraction(15, 20)}
    assert_agree(sc, trials=100_000)


@pytest.mark.parametrize("data, field", [
    ({"edition": "3.5", "runner": {"preset": "srd35_fighter_1"},
      "enemies": [{"preset": "srd35_orc_falchion", "spring_attack_target": True}]}, "enemies.0.spring_attack_target"),
    ({"edition": "5e2014", "runner": {"preset": "srd5_fighter_1"},
      "enemies": [{"preset": "srd51_orc", "spring_attack_target": True}]}, "enemies.0.spring_attack_target"),
    ({"edition": "5e2014", "runner": {"preset": "srd5_fighter_1"}, "enemies": [{"preset": "srd51_orc"}],
      "options": {"simultaneous_oa": "all_resolve"}}, "options.simultaneous_oa"),
])
def test_inputs_that_change_nothing_are_noted(data, field):
    noted({"system": "dnd", **data}, field)


def test_a_spring_attack_target_adjacent_at_the_start_is_refused():
    """PF1 Spring Attack: not a foe adjacent at the start of the turn (an error, not a note)."""
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": "pf1",
                                "runner": {"preset": "pf1_fighter_1", "feats": ["spring_attack"]},
                                "enemies": [{"preset": "pf1_orc", "spring_attack_target": True}]})
    assert str(err.value).startswith("enemies.0.spring_attack_target:"), str(err.value)


@pytest.mark.statistical
def test_all_resolve_alone_puts_every_reach_in_one_step():
    # 5e, 1 HP, AC 10, two foes +30 (only a natural 1 misses), damage 1, hp_max 20: the first hit drops the
    # runner; with all_resolve the second still attacks (advantage: misses only on two 1s), a critical
    # within 5 ft: two failures.
    e = {"attack_bonus": 30, "damage": "1"}
    base = dict(edition="5e2014", mode="move", runner={"hp": 1, "hp_max": 20, "ac": 10}, enemies=[e, dict(e)])
    alone = scenario(**base, options={"simultaneous_oa": "all_resolve"})
    marked = scenario(edition="5e2014", mode="move", runner={"hp": 1, "hp_max": 20, "ac": 10},
                      enemies=[e, {**e, "simultaneous": True}], options={"simultaneous_oa": "all_resolve"})
    assert alone.exact_distribution("fraction") == marked.exact_distribution("fraction")
    assert alone.summary()["attacks"] == {2: 1}  # both attack, whatever the first did
    # a critical: the first's natural 20 (1/20); else, after a first hit on 2-19, the second hits the fallen
    # runner unless both of its d20 are 1s (a critical within 5 ft); after a first miss, its natural 20
    assert alone.summary()["p_critical"] == (Fraction(1, 20) + Fraction(18, 20) * Fraction(399, 400)
                                             + Fraction(1, 20) * Fraction(1, 20))
    assert_agree(alone, trials=100_000)
    stop = scenario(**base)
    assert stop.summary()["attacks"] == {1: Fraction(19, 20), 2: Fraction(1, 20)}  # the drop stops the move
