"""Plain Leadership tests and Panic (issue 12), each probability derived by hand here
(2D6/3D6 enumerations with fractions.Fraction), never with the solver's code."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import InputError

from ._policy import assert_noted, assert_strict_refused
from .test_warhammer_defaults import P2, check, le, per_outcome, unit

D6 = range(1, 7)


def test_scenario(edition="7th", situation="leadership_test", fleeing=None, **groups):
    d = {"system": "warhammer", "edition": edition, "situation": situation, "fleeing": fleeing or unit("F")}
    d.update(groups)
    return d


test_scenario.__test__ = False  # a helper, not a test


def test_plain_leadership_test_7th():
    # 2D6 <= 7: 21/36 (no natural-double rule in 7th outside Break tests)
    sc = check(test_scenario(), {"passed": le(7), "failed": 1 - le(7)})
    assert [o.code for o in sc.outcomes] == ["passed", "failed"]
    assert "Commandement" in sc.outcomes[0].label().render("fr")


def test_leadership_test_8th_modifier_and_battle_standard():
    # 8th, Ld 7 - 1 = 6, a BSB re-rolls any failed Ld test: p = P(2D6 <= 6) = 15/36 (the double 1 among
    # them); passed = p + (1 - p) p = 95/144
    p = le(6)
    data = test_scenario("8th", fleeing=unit("F", battle_standard=True), test={"ld_modifier": -1})
    check(data, {"passed": p + (1 - p) * p})
    assert p + (1 - p) * p == Fraction(95, 144)


def test_tow_cold_blooded_fear_test_on_3d6_drop_highest():
    # TOW Fear test, Ld 7, Cold-blooded: the two lowest of 3D6 <= 7, a kept double 1 passes, a kept
    # double 6 fails; a plain Leadership test stays on 2D6 (cold_blooded_scope fear_panic_terror)
    n = sum(1 for f in itertools.product(D6, repeat=3) if sum(sorted(f)[:2]) <= 7)
    data = test_scenario("tow", fleeing=unit("F", rules=["cold_blooded"]), test={"kind": "fear"})
    check(data, {"passed": Fraction(n, 216)})
    # a plain Leadership test: Cold-blooded changes nothing in TOW, so the rule written in the file is noted;
    # the test stays 2D6 <= 7, 21/36
    plain = test_scenario("tow", fleeing=unit("F", rules=["cold_blooded"]))
    assert_noted(plain, "fleeing.rules: 'cold_blooded' has no effect", "in the 'leadership_test' situation")
    assert_strict_refused(plain, "fleeing.rules: 'cold_blooded' has no effect")
    check(plain, {"passed": le(7)})


def test_kind_without_effect_is_noted_and_other_units_are_refused():
    fear = test_scenario(test={"kind": "fear"})  # 7th, not Cold-blooded
    assert_noted(fear, "test.kind: 'fear' has no effect", "only decides a Cold-blooded unit's dice in TOW")
    assert_strict_refused(fear, "test.kind: 'fear' has no effect")
    check(fear, {"passed": le(7)})
    with pytest.raises(InputError, match="pursuer: .* no \\[pursuer\\] in the 'leadership_test'"):
        fleeodds.load_scenario(test_scenario(pursuer=unit("P")))
    with pytest.raises(InputError, match="pursuer: missing; expected a \\[pursuer\\]"):
        fleeodds.load_scenario(test_scenario(situation="break"))
    turns = test_scenario(table={"max_turns": 3})
    assert_noted(turns, "table.max_turns: 3 has no effect", "the leadership_test situation ends with the test")
    assert_strict_refused(turns, "table.max_turns: 3 has no effect")
    modifier = {"system": "warhammer", "situation": "fleeing", "fleeing": unit("F"), "pursuer": unit("P"),
                "test": {"ld_modifier": -1}}
    assert_noted(modifier, "test.ld_modifier: -1 has no effect",
                 "the [test] table belongs to the leadership_test and panic situations")
    assert_strict_refused(modifier, "test.ld_modifier: -1 has no effect")


def test_panic_7th_flee_then_rally():
    # 7th, Ld 7: passes on 2D6 <= 7 (21/36); a failure flees 2D6 (no pursuit roll, no edge) and tests to rally
    # the next turn (21/36): rallied 15/36 x 21/36, still fleeing 15/36 x 15/36 with max_turns = 1
    data = test_scenario(situation="panic", table={"max_turns": 1})
    sc = check(data, {"passed": le(7), "rallied": (1 - le(7)) * le(7), "still_fleeing": (1 - le(7)) ** 2})
    assert sc.outcomes[sc.outcome_index("passed")].label().render("fr") == "test de panique réussi"


def test_panic_tow_falls_back_above_half_strength_else_flees():
    # TOW, Ld 7: passes on 2D6 <= 7 (a double 1 passes, a double 6 fails: the same totals): 21/36.
    # 20 of 20 models: a failure Falls Back in Good Order (then rallies by itself): 15/36
    check(test_scenario("tow", situation="panic"), {"passed": le(7), "fell_back": 1 - le(7)})
    # 8 of 20 (40 %): a failure Flees; the rally test is at Ld 7 - 1 (below half strength): 2D6 <= 6
    data = test_scenario("tow", situation="panic", fleeing=unit("F", models_left=8, models_start=20),
                         table={"max_turns": 1})
    check(data, {"passed": le(7), "rallied": (1 - le(7)) * le(6), "still_fleeing": (1 - le(7)) * (1 - le(6))})


def test_panic_immune_to_psychology_passes():
    data = test_scenario(situation="panic", fleeing=unit("F", rules=["immune_to_psychology"]))
    assert per_outcome(fleeodds.load_scenario(data)) == {"passed": Fraction(1)}


def test_panic_flee_toward_the_edge_with_a_chaser():
    # 7th, Ld 7, edge 5, the enemy 0" away keeps charging (reach 2 x 4 = 8), the enemy's turn first, 1 turn:
    # fail 15/36; flee F0 >= 5 off the table (30/36). Else (F0 = 2..4, 6/36) the enemy charges: the unit flees
    # F1 first, off when F0 + F1 >= 5 (all but F0 = F1 = 2: 1/36 x 1/36), else run down by the 8" charge.
    data = test_scenario(situation="panic", pursuer=unit("P"),
                         table={"edge_distance": 5, "max_turns": 1, "chaser_keeps_charging": True,
                                "first_turn": "enemy"})
    fail = 1 - le(7)
    check(data, {"passed": le(7), "run_down": fail * Fraction(1, 1296),
                 "escaped_off_table": fail * Fraction(1295, 1296)})
