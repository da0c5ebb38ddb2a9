"""Critical readings and Tumble/Acrobatics readings as options: each against a hand enumeration of
the d20, and Monte Carlo against exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds

from .dnd_helpers import assert_agree, exact_by_outcome, noted, scenario


def one_orc(ac, bonus=0, **options):
    return scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": ac},
                    enemies=[{"attack_bonus": bonus, "damage": "1d4"}], options=options)


@pytest.mark.statistical
def test_no_confirmation_roll_makes_every_threat_a_critical():
    # AC 10, +0, threat 20: face 20 hits and threatens; the confirmation (faces 10-20) hits 11/20
    assert one_orc(10).summary()["p_critical"] == Fraction(1, 20) * Fraction(11, 20)
    assert one_orc(10, crit_confirmation="none").summary()["p_critical"] == Fraction(1, 20)
    assert_agree(one_orc(10, crit_confirmation="none"), trials=200_000)


@pytest.mark.statistical
def test_natural_20_on_the_confirmation_roll():
    # AC 25, +0: only a natural 20 hits. By default the natural 20 of the confirmation confirms (1/20);
    # when the total must hit, nothing confirms (20 + 0 < 25).
    assert one_orc(25).summary()["p_critical"] == Fraction(1, 400)
    sc = one_orc(25, confirm_natural_20=False)
    assert sc.summary()["p_critical"] == 0 and sc.summary()["hits"][1] == Fraction(1, 20)
    assert_agree(sc, trials=200_000)


def rogue_past(enemies, **options):
    return scenario(edition="3.5", mode="tumble", runner={"hp": 100, "ac": 15, "tumble": 7}, enemies=enemies,
                    options=options)


ORC = {"attack_bonus": 4, "damage": "2d4+4", "threat_range": "18-20"}


def p_check(dc, bonus=7):
    return Fraction(sum(1 for f in range(1, 21) if f + bonus >= dc), 20)


@pytest.mark.statistical
def test_single_check_for_the_whole_move():
    per_foe = rogue_past([ORC, ORC]).summary()["p_no_attack"]
    assert per_foe == p_check(15) * p_check(17)
    sc = rogue_past([ORC, ORC], tumble_checks="single")
    s = sc.summary()
    assert s["p_no_attack"] == p_check(17)  # one check against the higher DC
    assert s["attacks"] == {0: p_check(17), 2: 1 - p_check(17)}  # a failure lets both attack
    assert_agree(sc, trials=200_000)


@pytest.mark.statistical
def test_through_space_check_first():
    space = {**ORC, "through_space": True}
    # order passed: DC 15 past the first orc, then 25 + 2 = 27 through the second's space
    passed = exact_by_outcome(rogue_past([ORC, space]))
    first = exact_by_outcome(rogue_past([ORC, space], tumble_order="through_space_first"))
    # a failed space check stops the move (move_cancelled; 100 HP: nobody drops). The checks keep the
    # order the foes are passed in; only the +2 moves: the space check is DC 25 when it comes first.
    assert passed["move_cancelled"] == 1 - p_check(27)
    assert first["move_cancelled"] == 1 - p_check(25)
    s = rogue_past([ORC, space], tumble_order="through_space_first").summary()
    assert s["p_no_attack"] == p_check(25) * p_check(17)
    assert_agree(rogue_past([ORC, space], tumble_order="through_space_first"), trials=200_000)


def test_explicit_dc_per_foe():
    s = rogue_past([{**ORC, "tumble_dc": 12}, {**ORC, "tumble_dc": 20}]).summary()
    assert s["p_no_attack"] == p_check(12) * p_check(20)


@pytest.mark.parametrize("options, field", [
    ({"crit_confirmation": "none"}, "options.crit_confirmation"),
    ({"confirm_natural_20": False}, "options.confirm_natural_20"),
    ({"tumble_checks": "single"}, "options.tumble_checks"),
])
def test_readings_noted_in_5e(options, field):
    noted({"system": "dnd", "edition": "5e2014", "runner": {"preset": "srd5_wizard_1"},
           "enemies": [{"preset": "srd51_orc"}], "options": options}, field, "in 5e")


def test_single_check_noted_without_tumble():
    noted({"system": "dnd", "edition": "3.5", "mode": "move", "runner": {"preset": "srd35_wizard_1"},
           "enemies": [{"preset": "srd35_orc_falchion"}], "options": {"tumble_checks": "single"}},
          "options.tumble_checks")
