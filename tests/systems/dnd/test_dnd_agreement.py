"""Exact solver vs Monte Carlo kernel on scenarios covering every rule and option.

Each case asserts Fraction probabilities summing to 1, every outcome inside the
Monte Carlo 99.9 % interval and a chi-square test of the joint (outcome, metric)
distribution; the kernel and the solver are written independently, so an
agreement across these cases checks both.
"""

from __future__ import annotations

import zlib
from fractions import Fraction

import pytest

from .dnd_helpers import assert_agree, exact_by_outcome, metric_exact, scenario

ORC35 = {"preset": "srd35_orc_falchion"}
ORC35_PASSED = {"preset": "srd35_orc_falchion", "threatens_start": False}

CASES = {
    # ---- 3.5 -----------------------------------------------------------------
    "35_wizard_two_orcs_move": dict(edition="3.5", mode="move", runner={"preset": "srd35_wizard_1"},
                                    enemies=[ORC35, ORC35_PASSED]),
    "35_wizard_two_orcs_keep_attacking": dict(edition="3.5", mode="move", runner={"preset": "srd35_wizard_1"},
                                              enemies=[ORC35, ORC35_PASSED],
                                              options={"stop_when_down": False}),
    "35_fighter_gnoll_goblin_ogre_run_no_feat": dict(
        edition="3.5", mode="run", runner={"preset": "srd35_fighter_1", "feats": ["mobility", "dodge"]},
        enemies=[{"preset": "srd35_gnoll"}, {"preset": "srd35_goblin"}, {"preset": "srd35_ogre"}]),
    "35_fighter_run_feat_mobility_dodge": dict(
        edition="3.5", mode="run", runner={"preset": "srd35_fighter_1", "feats": ["run", "mobility", "dodge"],
                                           "dodge_target": 2},
        enemies=[{"preset": "srd35_gnoll"}, {"preset": "srd35_goblin"}, {"preset": "srd35_ogre"}]),
    "35_withdraw_reach": dict(edition="3.5", mode="withdraw", runner={"preset": "srd35_rogue_1"},
                              enemies=[ORC35, {"preset": "srd35_ogre"},
                                       {"preset": "srd35_gnoll", "visible": False}]),
    "35_tumble_three_with_space": dict(
        edition="3.5", mode="tumble", runner={"preset": "srd35_rogue_1"},
        enemies=[ORC35, {"preset": "srd35_gnoll", "through_space": True}, {"preset": "srd35_ogre"}]),
    "35_tumble_full_best_first_nat20": dict(
        edition="3.5", mode="tumble_full", runner={"preset": "srd35_rogue_1", "tumble": 12},
        enemies=[{"preset": "srd35_goblin"}, {"preset": "srd35_ogre"}, ORC35],
        options={"tumble_order": "best_first", "skill_natural_20_auto": True}),
    "35_tumble_space_no_aoo_left": dict(
        edition="3.5", mode="tumble", runner={"preset": "srd35_rogue_1"},
        enemies=[{"preset": "srd35_gnoll", "through_space": True, "aoo_left": 0}, ORC35]),
    "35_distracting_combat_reflexes": dict(
        edition="3.5", mode="move", distracting_action=True, metric="attacks",
        runner={"hp": 20, "ac": 14},
        enemies=[{"attack_bonus": 5, "damage": "1d8+3", "combat_reflexes": True, "dex_bonus": 2},
                 {"attack_bonus": 5, "damage": "1d8+3"}]),
    "35_massive_damage": dict(
        edition="3.5", mode="move", runner={"hp": 80, "ac": 15, "fort": 3},
        enemies=[{"attack_bonus": 12, "damage": "4d6+20", "threat_range": "19-20", "crit_multiplier": 3},
                 {"attack_bonus": 10, "damage": "2d6+30", "crit_multiplier": 2}]),
    "35_multiply_threat_error_min1_dr_conceal_extra": dict(
        edition="3.5", mode="move",
        runner={"hp": 9, "ac": 13, "damage_reduction": 2, "concealment": 20},
        enemies=[{"attack_bonus": 3, "damage": "1d4-3", "threat_range": "17-20", "crit_multiplier": 4,
                  "extra_damage": "1d6"},
                 {"attack_bonus": 1, "damage": "1d8+1", "threat_range": "19-20"}],
        options={"crit_damage_mode_35": "multiply_one_roll", "threat_must_hit": False}),
    "35_no_min_damage": dict(
        edition="3.5", mode="move", runner={"hp": 3, "ac": 12},
        enemies=[{"attack_bonus": 3, "damage": "1d4-2", "threat_range": "19-20", "crit_multiplier": 3}] * 2,
        options={"min_damage_1": False}),
    "35_disabled_stops": dict(
        edition="3.5", mode="move", runner={"hp": 5, "ac": 12},
        enemies=[{"preset": "srd35_goblin"}, {"preset": "srd35_goblin", "threatens_start": False}],
        options={"disabled_runner_continues": False}),
    "35_disabled_continues_dying_chain": dict(
        edition="3.5", mode="move", runner={"hp": 5, "ac": 12},
        enemies=[{"preset": "srd35_goblin"}, {"preset": "srd35_goblin", "threatens_start": False}],
        options={"death_saves_in_exchange": True, "dead_threshold": -4}),
    "35_flat_footed_concealed": dict(
        edition="3.5", mode="move", runner={"preset": "srd35_wizard_1"},
        enemies=[{"preset": "srd35_orc_falchion", "flat_footed": True},
                 {"preset": "srd35_orc_falchion", "flat_footed": True, "combat_reflexes": True}]),
    "35_stay_two_attacks": dict(edition="3.5", mode="stay", runner={"preset": "srd35_fighter_1"},
                                enemies=[{"preset": "srd35_ogre", "attacks_on_turn": 2}, ORC35]),
    "35_five_foot_step_reach": dict(edition="3.5", mode="five_foot_step", distracting_action=True,
                                    runner={"preset": "srd35_wizard_1"},
                                    enemies=[ORC35, {"preset": "srd35_ogre"}]),
    # ---- Pathfinder -------------------------------------------------------------
    "pf_wizard_two_orcs_dead_at_minus_con": dict(edition="pf1", mode="move", runner={"preset": "pf1_wizard_1"},
                                                 enemies=[{"preset": "pf1_orc"},
                                                          {"preset": "pf1_orc", "threatens_start": False}]),
    "pf_dying_chain": dict(edition="pf1", mode="move", runner={"preset": "pf1_wizard_1"},
                           enemies=[{"preset": "pf1_orc"}], options={"death_saves_in_exchange": True}),
    "pf_acrobatics_space_and_stand_still": dict(
        edition="pf1", mode="acrobatics", runner={"preset": "pf1_rogue_1"},
        enemies=[{"preset": "pf1_goblin", "through_space": True},
                 {"preset": "pf1_orc", "combat_reflexes": True, "stand_still": True},
                 {"preset": "pf1_ogre"}]),
    "pf_stand_still_move_dodge": dict(
        edition="pf1", mode="move", runner={"preset": "pf1_rogue_1", "feats": ["dodge", "mobility"]},
        enemies=[{"preset": "pf1_orc", "combat_reflexes": True, "stand_still": True}, {"preset": "pf1_ogre"}]),
    "pf_massive_option": dict(
        edition="pf1", mode="move", runner={"hp": 60, "hp_max": 60, "ac": 14, "fort": 2, "con": 14},
        enemies=[{"attack_bonus": 14, "damage": "3d6+25", "crit_multiplier": 3}],
        options={"massive_damage": True}),
    "pf_withdraw_reach_none": dict(edition="pf1", mode="withdraw", runner={"preset": "pf1_fighter_1"},
                                   enemies=[{"preset": "pf1_ogre"}, {"preset": "pf1_orc"}],
                                   options={"reach_monster_withdraw": "none"}),
    # ---- 5e ----------------------------------------------------------------------
    "5e_two_orcs_all_resolve": dict(
        edition="5e2014", mode="move", runner={"preset": "srd5_wizard_1", "hp": 4, "hp_max": 6},
        enemies=[{"preset": "srd51_orc"}, {"preset": "srd51_orc", "simultaneous": True},
                 {"preset": "srd51_goblin"}],
        options={"simultaneous_oa": "all_resolve"}),
    "5e_keep_attacking_unconscious": dict(
        edition="5e2014", mode="move", runner={"hp": 5, "hp_max": 12, "ac": 13},
        enemies=[{"preset": "srd51_goblin"}, {"preset": "srd51_goblin"},
                 {"preset": "srd51_goblin", "reach": 10}, {"preset": "srd51_goblin"}],
        options={"stop_when_down": False}),
    "5e_death_saves_after_drop": dict(
        edition="5e2014", mode="move", runner={"hp": 5, "hp_max": 12, "ac": 13},
        enemies=[{"preset": "srd51_goblin"}] * 3,
        options={"stop_when_down": False, "death_saves_in_exchange": True}),
    "5e_sentinel_disengage_2014": dict(
        edition="5e2014", mode="disengage", runner={"preset": "srd5_rogue_1"},
        enemies=[{"preset": "srd51_orc", "sentinel": True}, {"preset": "srd51_orc"}]),
    "5e_sentinel_guardian_2024_speedy": dict(
        edition="5e2024", mode="disengage", runner={"preset": "srd5_rogue_1", "feats": ["speedy"]},
        enemies=[{"preset": "srd51_orc", "sentinel": True}, {"preset": "srd52_ogre", "sentinel": True,
                                                            "threatens_start": False}]),
    "5e_sentinel_on_leave_2024": dict(
        edition="5e2024", mode="move", runner={"preset": "srd5_rogue_1"},
        enemies=[{"preset": "srd51_orc", "sentinel": True}, {"preset": "srd51_goblin", "advantage": True,
                                                            "disadvantage": True}],
        options={"sentinel_timing_2024": "on_leave"}),
    "5e_mobile": dict(edition="5e2014", mode="move", runner={"preset": "srd5_fighter_1", "feats": ["mobile"]},
                      enemies=[{"preset": "srd51_orc", "attacked_by_runner": True}, {"preset": "srd51_ogre"}]),
    "5e_wolves_prone_save": dict(edition="5e2014", mode="dash", runner={"preset": "srd5_wizard_1", "hp": 12,
                                                                        "hp_max": 12},
                                 enemies=[{"preset": "srd51_wolf", "advantage": True}, {"preset": "srd51_wolf"}]),
    "5e_2024_wolf_bugbear": dict(edition="5e2024", mode="move", runner={"preset": "srd5_fighter_1"},
                                 enemies=[{"preset": "srd52_wolf"}, {"preset": "srd52_bugbear_warrior"}]),
    "5e_monster_runner_resistance_crit19": dict(
        edition="5e2014", mode="move", runner={"hp": 7, "ac": 15, "monster": True, "resistance": True},
        enemies=[{"attack_bonus": 6, "damage": "1d10+4", "threat_range": "19-20", "extra_damage": "2d6"},
                 {"attack_bonus": 4, "damage": "1d6+2", "disadvantage": True}]),
    "5e_slow_and_stay": dict(edition="5e2014", mode="stay", runner={"preset": "srd5_wizard_1"},
                             enemies=[{"preset": "srd51_goblin", "attacks_on_turn": 2},
                                      {"preset": "srd51_orc", "on_hit": "slow"}]),
}


@pytest.mark.statistical
@pytest.mark.parametrize("name", sorted(CASES))
def test_exact_and_monte_carlo_agree(name):
    sc = scenario(**CASES[name])
    assert_agree(sc, trials=200_000, seed=zlib.crc32(name.encode()) % 10_000)


# ---------------------------------------------------------------------------- rules spot checks

def test_withdraw_start_square_and_reach():
    sc = scenario(**CASES["35_withdraw_reach"])
    # the adjacent orc is exempt; the ogre (10 ft) still provokes; the invisible gnoll provokes
    assert [sc.spec.enemies[e.enemy].name for e in sc.plan.events] == ["ogre", "gnoll"]
    none = scenario(**{**CASES["35_withdraw_reach"], "options": {"reach_monster_withdraw": "none"}})
    assert [none.spec.enemies[e.enemy].name for e in none.plan.events] == ["gnoll"]


def test_withdraw_from_adjacent_orc_is_safe():
    sc = scenario(edition="3.5", mode="withdraw", runner={"preset": "srd35_wizard_1"}, enemies=[ORC35])
    assert exact_by_outcome(sc) == {"unharmed": 1}


def test_five_foot_step_cannot_escape_reach():
    sc = scenario(edition="3.5", mode="five_foot_step", runner={"preset": "srd35_wizard_1"},
                  enemies=[ORC35, {"preset": "srd35_ogre"}])
    assert exact_by_outcome(sc) == {"move_cancelled": 1}
    sc = scenario(edition="3.5", mode="five_foot_step", runner={"preset": "srd35_wizard_1"}, enemies=[ORC35, ORC35])
    assert exact_by_outcome(sc) == {"unharmed": 1}


def test_run_loses_dex_and_feats():
    sc = scenario(**CASES["35_fighter_gnoll_goblin_ogre_run_no_feat"])
    assert [e.ac for e in sc.plan.events] == [16, 16, 16]      # 17 - Dex 1, no Mobility/Dodge
    sc = scenario(**CASES["35_fighter_run_feat_mobility_dodge"])
    assert [e.ac for e in sc.plan.events] == [21, 21, 22]      # +4 Mobility, +1 Dodge vs the ogre


def test_tumble_dcs_and_order():
    sc = scenario(**CASES["35_tumble_three_with_space"])
    assert [e.check_dc for e in sc.plan.events] == [15, 27, 19]
    sc = scenario(**CASES["35_tumble_full_best_first_nat20"])
    dcs = {sc.spec.enemies[e.enemy].name: e.check_dc for e in sc.plan.events}
    assert dcs["ogre"] == 25 and dcs["goblin (1st-level warrior)"] == 29


def test_combat_reflexes_second_opportunity():
    sc = scenario(**CASES["35_distracting_combat_reflexes"])
    # enemy 0 (Combat Reflexes, Dex +2) gets both opportunities; enemy 1 only the first
    assert sc.plan.allowed_statically() == [True, True, True, False]
    assert max(metric_exact(sc)) == 3


def test_one_opportunity_per_enemy_however_many_squares():
    sc = scenario(edition="3.5", mode="move", metric="attacks", runner={"preset": "srd35_fighter_1"},
                  enemies=[{"preset": "srd35_ogre", "squares_left": 2}])
    assert len(sc.plan.events) == 1 and max(metric_exact(sc)) == 1


def test_stop_when_down_does_not_change_p_up():
    a = exact_by_outcome(scenario(**CASES["35_wizard_two_orcs_move"]))
    b = exact_by_outcome(scenario(**CASES["35_wizard_two_orcs_keep_attacking"]))
    assert a["unharmed"] + a.get("wounded", 0) == b["unharmed"] + b.get("wounded", 0)
    assert a["dead"] < b["dead"]


def test_simultaneous_options_differ():
    base = CASES["5e_two_orcs_all_resolve"]
    a = exact_by_outcome(scenario(**base))
    b = exact_by_outcome(scenario(**{**base, "options": {"simultaneous_oa": "stop_after_drop"}}))
    assert a["dead"] > b["dead"]
    assert a["unharmed"] == b["unharmed"]


def test_5e_disengage_without_sentinel_is_safe():
    sc = scenario(edition="5e2014", mode="disengage", runner={"preset": "srd5_wizard_1"},
                  enemies=[{"preset": "srd51_orc"}] * 3)
    assert exact_by_outcome(sc) == {"unharmed": 1}


def test_speedy_gives_disadvantage():
    sc = scenario(**CASES["5e_sentinel_guardian_2024_speedy"])
    assert all(e.disadvantage for e in sc.plan.events)
    assert [e.trigger for e in sc.plan.events] == [2]   # Guardian, before moving, adjacent sentinel only


def test_massive_damage_kills_through_hp():
    per = exact_by_outcome(scenario(**CASES["35_massive_damage"]))
    assert per["dead"] > 0
    off = {**CASES["35_massive_damage"], "options": {"massive_damage": False}}
    off["runner"] = {k: v for k, v in off["runner"].items() if k != "fort"}  # no effect without massive damage
    no = exact_by_outcome(scenario(**off))
    assert no.get("dead", 0) < per["dead"]


def test_death_saves_in_exchange_resolves_down():
    per = exact_by_outcome(scenario(**CASES["5e_death_saves_after_drop"]))
    ref = exact_by_outcome(scenario(**{**CASES["5e_death_saves_after_drop"],
                                       "options": {"stop_when_down": False}}))
    assert per["dead"] > ref.get("dead", 0)
    assert "down" not in per  # the fall is resolved: back up, stable or dead, never merged
    assert per["dead"] + per["stable"] + per["back_up"] == ref.get("dead", 0) + ref["down"]


def test_probabilities_are_fractions():
    sc = scenario(**CASES["pf_acrobatics_space_and_stand_still"])
    d = sc.exact_distribution("fraction")
    assert all(isinstance(p, Fraction) for p in d.values()) and sum(d.values()) == 1
