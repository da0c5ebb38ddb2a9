"""2024 weapon masteries on opportunity attacks (Push, Vex; Sap and the others refused by name), prone's
effect on the next attack (5e), the 3.5/PF disabled runner's strenuous action, and the silent inputs an
adversary found (teleport with death saves, Spring Attack with no target).

Every probability here is a hand enumeration over the d20 faces (and the damage dice), written in the
test: it shares no code with the solver or the kernel.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, noted, scenario


def p_hit(bonus: int, ac: int, roll: str = "normal") -> Fr:
    """5e: P(d20 + bonus >= ac, natural 1 misses, natural 20 hits), one d20 or two (adv / dis)."""
    faces = [f for f in range(1, 21) if f != 1 and (f == 20 or f + bonus >= ac)]
    one = Fr(len(faces), 20)
    if roll == "adv":
        return 1 - (1 - one) ** 2
    if roll == "dis":
        return one ** 2
    return one


def noted_(data: dict, field: str, words: str = "") -> str:
    """Accepted with a note on ``field`` (an error under ``--strict``); the note's text."""
    sc = noted({"system": "dnd", **data}, field, words)
    return next(n.message() for n in sc.input_notes() if n.field == field)


def refused(data: dict, field: str, words: str = "") -> str:
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", **data})
    msg = str(err.value)
    assert msg.startswith(field + ":"), msg
    assert words in msg, msg
    return msg


# --------------------------------------------------------------------------- Push
FOE = {"attack_bonus": 5, "damage": "1"}  # against AC 10: faces 5-20 hit (4/5); damage 1, a critical too


@pytest.mark.statistical
def test_push_clears_the_foes_left_in_the_same_step():
    # A pushes on a hit (4/5): B, whose reach the runner leaves in the same step, makes no attack
    sc = scenario(edition="5e2024", mode="move", runner={"hp": 30, "ac": 10},
                  enemies=[{**FOE, "mastery": "push"}, {**FOE, "simultaneous": True}])
    s = sc.summary()
    a = p_hit(5, 10)
    assert a == Fr(4, 5)
    assert s["attacks"] == {1: a, 2: 1 - a}
    assert s["hits"] == {0: (1 - a) ** 2, 1: a + (1 - a) * a}
    assert exact_by_outcome(sc) == {"wounded": a + (1 - a) * a, "unharmed": (1 - a) ** 2}
    assert_agree(sc, trials=100_000)


@pytest.mark.statistical
def test_push_readings_for_the_later_foes():
    # A (push), then C threatening the start square, then D passed later (threatens_start = false)
    enemies = [{**FOE, "mastery": "push"}, dict(FOE), {**FOE, "threatens_start": False}]
    a = p_hit(5, 10)
    same = scenario(edition="5e2024", mode="move", runner={"hp": 30, "ac": 10}, enemies=enemies)
    assert same.summary()["attacks"] == {3: 1}  # default same_step: C and D are other steps, both attack
    far = scenario(edition="5e2024", mode="move", runner={"hp": 30, "ac": 10}, enemies=enemies,
                   options={"push_2024": "threatening"})
    # a hit pushes the runner out of C's reach (it threatens the start square); D still attacks
    assert far.summary()["attacks"] == {2: a, 3: 1 - a}
    assert_agree(far, trials=100_000)
    # C pushes too: after A misses, C's hit does nothing to D (passed later)
    both = scenario(edition="5e2024", mode="move", runner={"hp": 30, "ac": 10},
                    enemies=[{**FOE, "mastery": "push"}, {**FOE, "mastery": "push"}, {**FOE, "threatens_start": False}],
                    options={"push_2024": "threatening"})
    assert both.summary()["attacks"] == {2: a, 3: 1 - a}


def test_push_notes_and_refusals():
    base = {"edition": "5e2024", "runner": {"preset": "srd5_fighter_1"}}
    orc = {"preset": "srd51_orc"}
    noted_({**base, "enemies": [{**orc, "mastery": "push"}]}, "enemies.0.mastery", "same results as leaving it out")
    noted_({**base, "enemies": [{**orc, "mastery": "push"}, orc], "options": {"push_2024": "none"}},
            "enemies.0.mastery")
    noted_({**base, "enemies": [orc, orc], "options": {"push_2024": "threatening"}}, "options.push_2024",
            "mastery = 'push'")
    noted_({**base, "edition": "5e2014", "enemies": [{**orc, "mastery": "push"}]}, "enemies.0.mastery",
            "outside 5e 2024")
    refused({**base, "enemies": [{"preset": "srd52_bugbear_warrior", "mastery": "push"}, orc]},
            "enemies.0.mastery", "not modelled")


# --------------------------------------------------------------------------- Vex
@pytest.mark.statistical
def test_vex_gives_advantage_on_the_second_attack_when_staying():
    # staying in melee, a foe +0 against AC 11 attacks twice on its turn (1d2 damage; the runner resists:
    # a normal 1 is halved to 0 and deals no damage, so it gives no Vex; a critical 2d2 always deals >= 1)
    foe = {"attack_bonus": 0, "damage": "1d2", "attacks_on_turn": 2, "mastery": "vex"}
    sc = scenario(edition="5e2024", mode="stay", runner={"hp": 30, "ac": 11, "resistance": True}, enemies=[foe])
    # first attack, face by face: 11-19 a hit (damage 1d2 // 2: 0 or 1), 20 a critical (2d2 // 2 >= 1)
    p_vex = Fr(9, 20) * Fr(1, 2) + Fr(1, 20)
    p1 = p_hit(0, 11)
    assert p1 == Fr(1, 2)
    p2 = p_vex * p_hit(0, 11, "adv") + (1 - p_vex) * p_hit(0, 11)
    assert p2 == Fr(91, 160)
    s = sc.summary()
    # the second hit's probability depends on the first only through Vex: enumerate both
    h2_given_hit = (Fr(9, 20) * Fr(1, 2) * p_hit(0, 11, "adv") + Fr(9, 20) * Fr(1, 2) * p_hit(0, 11)
                    + Fr(1, 20) * p_hit(0, 11, "adv")) / p1
    assert s["hits"] == {0: (1 - p1) * (1 - p_hit(0, 11)), 1: p1 * (1 - h2_given_hit) + (1 - p1) * p_hit(0, 11),
                         2: p1 * h2_given_hit}
    assert s["hits"][1] + 2 * s["hits"][2] == p1 + p2
    assert_agree(sc, trials=100_000)


def test_vex_without_a_second_attack_is_noted():
    base = {"edition": "5e2024", "runner": {"preset": "srd5_fighter_1"}}
    noted_({**base, "enemies": [{"preset": "srd51_orc", "mastery": "vex"}]}, "enemies.0.mastery",
            "attacks_on_turn >= 2")


@pytest.mark.parametrize("mastery, kind", [("sap", "no effect"), ("cleave", "no effect"), ("nick", "no effect"),
                                           ("topple", "not modelled"), ("slow", "not modelled")])
def test_masteries_with_nothing_to_act_on_are_named(mastery, kind):
    data = {"edition": "5e2024", "runner": {"preset": "srd5_fighter_1"},
            "enemies": [{"preset": "srd51_orc", "mastery": mastery}]}
    msg = (noted_ if kind == "no effect" else refused)(data, "enemies.0.mastery", kind)
    if mastery == "sap":
        assert "makes no attack roll" in msg


# --------------------------------------------------------------------------- prone
PRONER = {"attack_bonus": 4, "damage": "1", "on_hit": "prone"}  # against AC 15: faces 11-20 hit, 1/2


@pytest.mark.statistical
@pytest.mark.parametrize("reach, roll", [(5, "adv"), (10, "dis")])
def test_a_prone_runner_gives_advantage_within_5_ft_and_disadvantage_beyond(reach, roll):
    later = {"attack_bonus": 4, "damage": "1", "reach": reach}
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 50, "ac": 15}, enemies=[PRONER, later])
    a = p_hit(4, 15)
    assert a == Fr(1, 2)
    b = a * p_hit(4, 15, roll) + (1 - a) * p_hit(4, 15)
    s = sc.summary()
    assert s["hits"] == {0: (1 - a) * (1 - p_hit(4, 15)), 1: a * (1 - p_hit(4, 15, roll)) + (1 - a) * p_hit(4, 15),
                         2: a * p_hit(4, 15, roll)}
    assert s["mean_hits"] == a + b
    assert_agree(sc, trials=100_000)
    # the runner who stands up at once is seen prone by no later step
    up = scenario(edition="5e2014", mode="move", runner={"hp": 50, "ac": 15}, enemies=[PRONER, later],
                  options={"prone_runner": "stands_up"})
    assert up.summary()["mean_hits"] == a + p_hit(4, 15)
    # ... but a foe left in the same step still sees it prone
    same = scenario(edition="5e2014", mode="move", runner={"hp": 50, "ac": 15},
                    enemies=[PRONER, {**later, "simultaneous": True}], options={"prone_runner": "stands_up"})
    assert same.summary()["mean_hits"] == a + b
    assert_agree(same, trials=100_000)


def test_a_saved_prone_rider_changes_nothing_later():
    # DC 11 Strength save, +0: faces 11-20 save (1/2): only a failed save leaves the runner prone
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 50, "ac": 15},
                  enemies=[{**PRONER, "on_hit_save_dc": 11}, {"attack_bonus": 4, "damage": "1"}])
    a = p_hit(4, 15)
    prone = a * Fr(1, 2)
    assert sc.summary()["mean_hits"] == a + prone * p_hit(4, 15, "adv") + (1 - prone) * p_hit(4, 15)
    assert exact_by_outcome(sc)["slowed"] == prone


@pytest.mark.statistical
def test_an_unconscious_runner_is_prone_against_a_reach_attack():
    # 1 HP; A (+30) drops it unless a natural 1; B (reach 10, simultaneous, all_resolve) attacks the
    # unconscious runner from 10 ft: advantage (unconscious) and disadvantage (prone, beyond 5 ft) cancel,
    # so B misses on a natural 1 only (1/20), and its hit is no automatic critical (not within 5 ft)
    e = {"attack_bonus": 30, "damage": "1"}
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 1, "hp_max": 20, "ac": 10},
                  enemies=[e, {**e, "reach": 10, "simultaneous": True}], options={"simultaneous_oa": "all_resolve"})
    s = sc.summary()
    assert s["hits"] == {0: Fr(1, 400), 1: 2 * Fr(19, 20) * Fr(1, 20), 2: Fr(19, 20) ** 2}
    assert s["p_critical"] == 1 - Fr(19, 20) ** 2  # a natural 20 of either
    assert_agree(sc, trials=100_000)


def test_prone_runner_noted_without_a_prone_rider():
    noted_({"edition": "5e2014", "runner": {"preset": "srd5_fighter_1"}, "enemies": [{"preset": "srd51_orc"}],
             "options": {"prone_runner": "stands_up"}}, "options.prone_runner", "on_hit = 'prone'")


# --------------------------------------------------------------------------- 3.5 disabled, strenuous action
# +0 against AC 10: faces 10-20 hit; 20 threatens, confirmed by a d20 >= 10 (11/20); damage 1, x2 on a critical
P_MISS = Fr(9, 20)
P_NORMAL = Fr(10, 20) + Fr(1, 20) * Fr(9, 20)  # 10-19, or a 20 not confirmed
P_CRIT = Fr(1, 20) * Fr(11, 20)
WEAK = {"attack_bonus": 0, "damage": "1", "threat_range": 20, "crit_multiplier": 2}


@pytest.mark.statistical
def test_withdraw_at_0_hp_costs_1_hp_dying():
    sc = scenario(edition="3.5", mode="withdraw", runner={"hp": 1, "ac": 10},
                  enemies=[{**WEAK, "threatens_start": False}])
    assert P_MISS + P_NORMAL + P_CRIT == 1
    assert exact_by_outcome(sc) == {"unharmed": P_MISS, "strained": P_NORMAL, "down": P_CRIT}
    assert [o.code for o in sc.outcomes] == ["unharmed", "wounded", "move_cancelled", "disabled", "strained",
                                             "down", "dead"]
    assert sc.summary()["mean_damage"] == 2 * P_NORMAL + 2 * P_CRIT  # the 1 HP lost counts as damage taken
    assert_agree(sc, trials=100_000)
    off = scenario(edition="3.5", mode="withdraw", runner={"hp": 1, "ac": 10},
                   enemies=[{**WEAK, "threatens_start": False}], options={"disabled_strenuous": False})
    assert exact_by_outcome(off) == {"unharmed": P_MISS, "disabled": P_NORMAL, "down": P_CRIT}
    moving = scenario(edition="3.5", mode="move", runner={"hp": 1, "ac": 10}, enemies=[WEAK])
    assert exact_by_outcome(moving) == {"unharmed": P_MISS, "disabled": P_NORMAL, "down": P_CRIT}  # one move action


@pytest.mark.statistical
def test_the_distracting_action_completes_before_the_move():
    # two AoOs: the first for the standard action (e.g. a spell); at 0 HP then, 1 HP is lost when the
    # spell is complete: dying, the runner does not move (the second AoO never comes). After a miss it
    # moves (a move action, not strenuous): a hit to 0 HP leaves it disabled.
    sc = scenario(edition="3.5", mode="move", distracting_action=True, runner={"hp": 1, "ac": 10},
                  enemies=[{**WEAK, "aoo_left": 2}])
    assert exact_by_outcome(sc) == {"strained": P_NORMAL, "down": P_CRIT + P_MISS * P_CRIT,
                                    "disabled": P_MISS * P_NORMAL, "unharmed": P_MISS ** 2}
    assert_agree(sc, trials=100_000)


def test_strained_runner_resolved_as_dying_at_minus_1():
    # 3.5 dying: 10 % a round to stabilise, else 1 HP lost; dead at -10: from -1, nine losses in a row
    sc = scenario(edition="3.5", mode="withdraw", runner={"hp": 1, "ac": 10},
                  enemies=[{**WEAK, "threatens_start": False}], options={"death_saves_in_exchange": True})
    dead_from = {-1: Fr(9, 10) ** 9, -2: Fr(9, 10) ** 8}  # HP -1 (strained or 2 damage from a critical)
    out = exact_by_outcome(sc)
    assert out["dead"] == (P_NORMAL + P_CRIT) * dead_from[-1]
    assert "strained" not in out


def test_strenuous_notes():
    noted_({"edition": "5e2014", "runner": {"preset": "srd5_fighter_1"}, "enemies": [{"preset": "srd51_orc"}],
             "options": {"disabled_strenuous": True}}, "options.disabled_strenuous", "in 5e")
    noted_({"edition": "3.5", "mode": "move", "runner": {"preset": "srd35_wizard_1"},
             "enemies": [{"preset": "srd35_orc_falchion"}], "options": {"disabled_strenuous": False}},
            "options.disabled_strenuous")


# --------------------------------------------------------------------------- silent inputs
@pytest.mark.parametrize("mode", ["teleport", "forced"])
def test_teleport_with_death_saves_is_noted_(mode):
    base = {"edition": "5e2024", "mode": mode, "runner": {"preset": "srd5_wizard_1"},
            "enemies": [{"preset": "srd51_orc"}]}
    noted_({**base, "options": {"death_saves_in_exchange": True}}, "options.death_saves_in_exchange",
            "provokes no opportunity attack")
    noted_({**base, "options": {"death_saves_in_exchange": True}, "death_saves": {"bonus": 2}},
            "options.death_saves_in_exchange")
    # with a mode that provokes in the comparison, the death saves matter there: accepted
    fleeodds.load_scenario({"system": "dnd", **base, "compare_modes": [mode, "move"],
                            "options": {"death_saves_in_exchange": True}})


def test_spring_attack_without_a_target_is_noted_():
    noted_({"edition": "3.5", "runner": {"preset": "srd35_fighter_1", "feats": ["mobility", "spring_attack"]},
             "enemies": [{"preset": "srd35_orc_falchion"}]}, "runner.feats.1", "spring_attack_target")
    noted_({"edition": "pf1", "runner": {"preset": "pf1_fighter_1", "feats": "spring_attack"},
             "enemies": [{"preset": "pf1_orc"}]}, "runner.feats", "spring_attack_target")


def test_a_misspelt_situation_names_the_field():
    refused({"edition": "5e2014", "situation": "death_save", "death_saves": {"failures": 1}}, "situation",
            "leave_melee")
    refused({"situation": "leave-melee", "runner": {"hp": 3, "ac": 10}}, "situation")


def test_the_mastery_example():
    # the warhammer (+5 against AC 14: faces 9-20, 12/20) hits: with the "threatening" reading the push
    # carries the runner out of both other reaches, so exactly one attack is made
    sc = fleeodds.load_scenario("dnd/rogue_past_push_and_vex_2024.toml")
    setups = {str(v.name): v.scenario for v in sc.variants()}
    assert setups["Push: also the foes threatening the start"].summary()["attacks"][1] == Fr(12, 20)
    # same step: a hit clears the shortsword only; the spear still attacks unless the runner dropped
    base = sc.summary()["attacks"]
    assert base[1] + base[2] + base[3] == 1 and base[3] < setups["no Push"].summary()["attacks"][3]
