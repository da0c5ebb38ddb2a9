"""Issue 30, item 3: the runner's reactions (5e Shield, Uncanny Dodge) and flanking, from hand derivations,
and Monte Carlo agreement with the exact solver.

Sources: SRD 5.1 / SRD 5.2 *Spells*, "Shield" (reaction when hit: +5 AC until the start of the next turn,
including against the triggering attack); SRD 5.1 / 5.2 *Rogue*, "Uncanny Dodge" (reaction: halve the
attack's damage); 3.5 SRD *Combat Modifiers* / PF1 CRB *Combat*, "Flanking" (+2); DMG 2014 optional rule
"Flanking" (advantage; off by default).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, noted, scenario

F = Fraction
ORC = {"attack_bonus": 5, "damage": "1d12+3"}  # SRD 5.1 orc, greataxe


def test_shield_takes_an_orc_from_14_to_9_in_20():
    # +5 vs AC 12 hits on 7-20: 14/20. With Shield the roll is compared with AC 17: hits on 12-20 (9/20);
    # rolls 7-11 hit 12 but not 17: Shield is cast (5/20), turning them into misses.
    plain = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12}, enemies=[ORC])
    shield = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12, "shield_slots": 1},
                      enemies=[ORC])
    assert plain.summary()["hits"] == {0: F(6, 20), 1: F(14, 20)}
    assert shield.summary()["hits"] == {0: F(11, 20), 1: F(9, 20)}


@pytest.mark.statistical
def test_shield_stays_up_for_the_second_orc():
    # two orcs in a row. First orc: miss 1-6 (6/20, Shield still ready), shielded 7-11 (5/20, Shield up),
    # hit 12-20 (9/20, Shield ready: the reaction is still there). Second orc: against AC 12 + Shield if
    # ready (hits 9/20) or against AC 17 if up (hits 9/20 as well): 9/20 in every case, independent of the
    # first: P(no hit) = (11/20)^2, P(two hits) = (9/20)^2.
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12, "shield_slots": 1},
                  enemies=[ORC, dict(ORC)])
    h = sc.summary()["hits"]
    assert h[0] == F(11, 20) * F(11, 20)
    assert h[2] == F(9, 20) * F(9, 20)
    assert_agree(sc, trials=100_000)


@pytest.mark.statistical
def test_shield_saves_a_wizard_from_a_hobgoblin():
    # 6 HP wizard (max 6), AC 12; a hobgoblin +3, 1d8+1. Hits AC 12 on 9-19 (11/20) plainly, a natural 20
    # is a critical (2d8+1); against AC 17 (Shield) plain hits are 14-19 (6/20), the 20 still crits.
    # Plain hit: down when 1d8+1 >= 6, i.e. d8 >= 5: 4/8 (never 12 for instant death).
    # Critical: 2d8 sums (of 64): <= 4: 1 + 2 + 3 = 6; >= 11: 6 + 5 + 4 + 3 + 2 + 1 = 21 -> 2d8+1 >= 12:
    # dead (6 HP to 0, then 6 left over >= the maximum); 5..10: 64 - 6 - 21 = 37 -> down.
    hob = {"attack_bonus": 3, "damage": "1d8+1"}
    base = dict(edition="5e2014", mode="move", enemies=[hob])
    plain = scenario(**base, runner={"hp": 6, "hp_max": 6, "ac": 12})
    shield = scenario(**base, runner={"hp": 6, "hp_max": 6, "ac": 12, "shield_slots": 2})
    assert exact_by_outcome(plain)["down"] == F(11, 20) * F(4, 8) + F(1, 20) * F(37, 64)
    assert exact_by_outcome(shield)["down"] == F(6, 20) * F(4, 8) + F(1, 20) * F(37, 64)
    assert exact_by_outcome(shield)["dead"] == exact_by_outcome(plain)["dead"] == F(1, 20) * F(21, 64)
    assert_agree(shield, trials=100_000)


@pytest.mark.statistical
def test_uncanny_dodge_halves_the_first_hit():
    # +5, damage 10 flat, vs AC 12: hits on 7-19 (13/20) for 10, a natural 20 (critical; flat damage has no
    # dice to double) for 10. Uncanny Dodge halves the first hit: 5. Two orcs: damage 0 (6/20)^2;
    # one hit: 5; two hits: 5 + 10 = 15.
    e = {"attack_bonus": 5, "damage": "10"}
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12, "uncanny_dodge": True},
                  enemies=[e, dict(e)])
    dmg = {}
    for (_o, m), p in sc.exact_distribution("fraction").items():
        dmg[m] = dmg.get(m, 0) + p
    assert dmg == {0: F(6, 20) ** 2, 5: 2 * F(6, 20) * F(14, 20), 15: F(14, 20) ** 2}
    assert_agree(sc, trials=100_000)


def test_uncanny_dodge_before_resistance():
    # damage 7, Uncanny Dodge: 3, then resistance: 1 (SRD 5.2 "Damage": adjustments, then resistance)
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 1, "uncanny_dodge": True,
                                                         "resistance": True},
                  enemies=[{"attack_bonus": 30, "damage": "7"}])
    dmg = {m: p for (_o, m), p in sc.exact_distribution("fraction").items()}
    assert dmg == {0: F(1, 20), 1: F(19, 20)}


def test_shield_and_uncanny_dodge_together_are_refused():
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": "5e2014",
                                "runner": {"hp": 9, "ac": 12, "shield_slots": 1, "uncanny_dodge": True},
                                "enemies": [ORC]})
    assert str(err.value).startswith("runner.uncanny_dodge: true is not modelled"), str(err.value)


def test_shield_outside_5e_is_noted():
    noted({"system": "dnd", "edition": "3.5", "runner": {"preset": "srd35_wizard_1", "shield_slots": 1}},
          "runner.shield_slots", "outside 5e")


def test_flanking_35_adds_two():
    # +4 vs AC 15: hits on 11-20 (10/20); flanking +6: on 9-20 (12/20). Damage 1, 100 HP, no crits (x2 of 1)
    e = {"attack_bonus": 4, "damage": "1"}
    plain = scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": 15}, enemies=[e])
    flank = scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": 15}, enemies=[{**e, "flanking": True}])
    assert plain.summary()["hits"][1] == F(10, 20)
    assert flank.summary()["hits"][1] == F(12, 20)


def test_flanking_5e_is_advantage_only_with_the_optional_rule():
    noted({"system": "dnd", "edition": "5e2014", "runner": {"hp": 100, "ac": 12}, "enemies": [{**ORC,
                                                                                               "flanking": True}]},
          "enemies.0.flanking", "optional rule")
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12},
                  enemies=[{**ORC, "flanking": True}], options={"flanking_5e": True})
    assert sc.summary()["hits"][0] == F(6, 20) ** 2  # advantage: both d20 miss


@pytest.mark.statistical
def test_graze_deals_the_modifier_on_a_miss_even_a_shielded_one():
    # PHB 2024 Graze: a miss deals the ability modifier (3 for 1d12+3). +5 vs AC 12: misses on 1-6 (6/20),
    # every miss deals 3; hits deal 4-15 (1d12+3, never 3). With Shield the misses are 1-11 (11/20).
    orc = {**ORC, "mastery": "graze"}
    sc = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 12}, enemies=[orc])
    dmg = {}
    for (_o, m), p in sc.exact_distribution("fraction").items():
        dmg[m] = dmg.get(m, 0) + p
    assert dmg[3] == F(6, 20) and 0 not in dmg
    assert exact_by_outcome(sc).get("unharmed", 0) == 0
    shield = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 12, "shield_slots": 1},
                      enemies=[orc, dict(orc)])
    dmg = {}
    for (_o, m), p in shield.exact_distribution("fraction").items():
        dmg[m] = dmg.get(m, 0) + p
    assert dmg[6] == F(11, 20) ** 2  # both miss (Shield ready or up: 11/20 each), 3 + 3
    assert_agree(shield, trials=100_000)


def test_graze_with_resistance_and_an_explicit_modifier():
    # graze_damage 5, resistance: 2 on a miss; +0 vs AC 30: only a natural 20 hits (a critical, 2d4 halved:
    # 2 when 2d4 is 4 or 5, 3 + 4 of 16 rolls)
    sc = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 30, "resistance": True},
                  enemies=[{"attack_bonus": 0, "damage": "1d4", "mastery": "graze", "graze_damage": 5}])
    dmg = {}
    for (_o, m), p in sc.exact_distribution("fraction").items():
        dmg[m] = dmg.get(m, 0) + p
    assert dmg[2] == F(19, 20) + F(1, 20) * F(7, 16)


def test_graze_damage_without_graze_is_noted():
    noted({"system": "dnd", "edition": "5e2024", "runner": {"hp": 10, "ac": 12},
           "enemies": [{**ORC, "graze_damage": 3}]}, "enemies.0.graze_damage", "mastery = 'graze'")


def test_2024_polearm_master_strikes_a_disengaging_runner_entering_its_reach():
    # PHB 2024 Reactive Strike is no opportunity attack: Disengage does not stop it. The runner passes a
    # glaive wielder (reach 10, +5, 1d10+3) it was not next to: hit 14/20 against AC 12
    pam = {"attack_bonus": 5, "damage": "1d10+3", "reach": 10, "threatens_start": False, "polearm_master": True}
    sc = scenario(edition="5e2024", mode="disengage", runner={"hp": 100, "ac": 12}, enemies=[pam])
    assert sc.summary()["hits"] == {0: F(6, 20), 1: F(14, 20)}
    # Speedy gives opportunity attacks disadvantage; this one is not one: the same 14/20
    speedy = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 12, "feats": ["speedy"]},
                      enemies=[pam])
    assert speedy.summary()["hits"][1] == F(14, 20)
    plain = scenario(edition="5e2024", mode="disengage", runner={"hp": 100, "ac": 12},
                     enemies=[{**pam, "polearm_master": False}])
    assert plain.summary()["attacks"] == {0: 1}


def test_polearm_master_in_2014_is_noted():
    noted({"system": "dnd", "edition": "5e2014", "mode": "disengage", "runner": {"hp": 10, "ac": 12},
           "enemies": [{**ORC, "threatens_start": False, "polearm_master": True}]},
          "enemies.0.polearm_master", "outside 5e 2024")


def test_uncanny_dodge_needs_to_see_the_attacker():
    # SRD Uncanny Dodge: "an attacker that you can see": a blinded rogue cannot use it (noted)
    noted({"system": "dnd", "edition": "5e2014", "runner": {"hp": 10, "ac": 12, "uncanny_dodge": True,
                                                            "blinded": True}, "enemies": [ORC]},
          "runner.uncanny_dodge", "can see")


# ----------------------------------------------------------------- 3.5/PF trip attacks
def _opposed_win(att: int, dfn: int) -> Fraction:
    """Hand count of a 3.5 opposed check (d20 + att against d20 + dfn; ties to the higher modifier, equal
    modifiers roll again), written out over the 400 pairs."""
    win = sum(1 for a in range(1, 21) for d in range(1, 21) if a + att > d + dfn)
    tie = sum(1 for a in range(1, 21) for d in range(1, 21) if a + att == d + dfn)
    if att == dfn:
        return F(win, 400 - tie)
    return F(win + (tie if att > dfn else 0), 400)


def test_35_trip_opposed_counts():
    # +4 against +1: the attacker wins unless d - a >= 4: pairs with d - a = k (k = 4..19) number 20 - k,
    # 16 + 15 + ... + 1 = 136: 264/400; equal modifiers: one half of the decided rolls
    assert _opposed_win(4, 1) == F(264, 400)
    assert _opposed_win(0, 0) == F(1, 2)


@pytest.mark.statistical
def test_35_improved_trip_trips_then_attacks_the_prone_runner():
    # touch attack +4 against touch AC 12: hits on 8-20 (13/20); opposed +4 vs +1: 264/400; tripped: the move
    # stops. Improved Trip: an attack +4 against AC 14 - 4 = 10 (prone): hits on 6-20 (15/20), damage 1
    foe = {"attack_bonus": 4, "damage": "1", "trip": True, "trip_check": 4, "improved_trip": True}
    sc = scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": 14, "touch_ac": 12, "trip_defence": 1},
                  enemies=[foe])
    tripped = F(13, 20) * F(264, 400)
    assert exact_by_outcome(sc)["move_cancelled"] == tripped
    assert sc.summary()["hits"].get(1, 0) == tripped * F(15, 20)
    assert sc.summary()["attacks"] == {1: 1 - tripped, 2: tripped}
    assert_agree(sc, trials=100_000)


@pytest.mark.statistical
def test_pf1_trip_is_cmb_against_cmd():
    # CMB +5 against CMD 12: succeeds on 7-20 (14/20): the runner is prone, its move ends; no free attack in PF1
    sc = scenario(edition="pf1", mode="move", runner={"hp": 100, "ac": 12, "cmd": 12},
                  enemies=[{"attack_bonus": 5, "damage": "1d4", "trip": True, "trip_check": 5},
                           {"attack_bonus": 1, "damage": "1", "threatens_start": False}])
    out = exact_by_outcome(sc)
    # the second foe attacks only when the runner was not stopped: 6/20; +1 vs AC 12 hits on 11-20 (10/20)
    assert out["move_cancelled"] == F(14, 20)
    assert sc.summary()["hits"].get(1, 0) == F(6, 20) * F(10, 20)
    assert_agree(sc, trials=100_000)


def test_trip_in_5e_is_noted():
    noted({"system": "dnd", "edition": "5e2014", "runner": {"hp": 10, "ac": 12},
           "enemies": [{**ORC, "trip": True}]}, "enemies.0.trip", "on_hit = 'prone'")
