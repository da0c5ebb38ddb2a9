"""Every case of tests/oracles/dnd.json: exact (Fraction-equal) and Monte Carlo (99.9 % interval)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from fleeodds.systems.dnd.plan.rules import (crit_confirm_probability, death_save_survival, tumble_all_succeed,
                                             tumble_dcs)

from tests.conftest import oracle_cases
from .dnd_helpers import Z999, assert_agree, exact_by_outcome, metric_exact, scenario

CASES = {c["id"]: c for c in oracle_cases("dnd")}


def frac(case) -> Fraction:
    f = Fraction(case["exact"])
    assert abs(float(f) - case["value"]) < 1e-11
    return f


def mc_check(p_exact: float, k: int, n: int):
    se = math.sqrt(p_exact * (1 - p_exact) / n)
    z = (k / n - p_exact) / se
    assert abs(z) < Z999, f"MC {k / n:.6f} vs exact {p_exact:.6f}: z = {z:.2f}"


def test_every_oracle_case_is_covered():
    covered = {
        "dnd5e_two_orcs_pc_hp11_ac15_conscious", "dnd5e_one_orc_pc_hp11_ac15_conscious",
        "dnd5e_advantage_orc_oa_pc_hp11_ac15_conscious", "dnd5e_wizard_hp6_ac12_instant_death",
        "dnd5e_death_saves_survive", "dnd35_wizard_hp4_ac12_greataxe_orc_up",
        "dnd35_wizard_hp4_ac12_greataxe_orc_dying", "dnd35_wizard_hp4_ac12_greataxe_orc_dead",
        "dnd35_crit_confirm_plus4_vs_ac12_threat18", "dnd35_crit_confirm_plus0_vs_ac30_threat18",
        "dnd35_mobility_wizard_hp4_greataxe_orc_dead", "pf1_acrobatics_past_two_orcs_no_aoo",
        "dnd35_withdraw_hp5_disabled_then_dying", "dnd5e2024_wolf_prone_then_orc_advantage",
        "dnd5e2024_push_clears_same_step_foe",
    }
    assert set(CASES) == covered


# --------------------------------------------------------------------------- 5e

def _orc5e(**kw):
    e = {"attack_bonus": 5, "damage": "1d12+3"}
    e.update(kw)
    return e


@pytest.mark.statistical
@pytest.mark.parametrize("edition", ["5e2014", "5e2024"])
@pytest.mark.parametrize("stop_when_down", [True, False])
def test_5e_two_orcs_conscious(edition, stop_when_down):
    case = CASES["dnd5e_two_orcs_pc_hp11_ac15_conscious"]
    sc = scenario(edition=edition, mode="move", runner={"hp": 11, "hp_max": 11, "ac": 15},
                  enemies=[_orc5e(), _orc5e()], options={"stop_when_down": stop_when_down})
    per = exact_by_outcome(sc)
    assert per.get("unharmed", 0) + per.get("wounded", 0) == frac(case)
    exact, counts = assert_agree(sc, trials=300_000, seed=11)
    up = [sc.outcome_index("unharmed"), sc.outcome_index("wounded")]
    mc_check(case["value"], int(counts[up].sum()), int(counts.sum()))


@pytest.mark.statistical
def test_5e_one_orc_conscious_preset():
    case = CASES["dnd5e_one_orc_pc_hp11_ac15_conscious"]
    sc = scenario(edition="5e2014", runner={"preset": "srd5_runner_11_15"}, enemies=[{"preset": "srd51_orc"}])
    per = exact_by_outcome(sc)
    assert per["unharmed"] + per["wounded"] == frac(case)
    exact, counts = assert_agree(sc, trials=200_000, seed=12)
    up = [sc.outcome_index("unharmed"), sc.outcome_index("wounded")]
    mc_check(case["value"], int(counts[up].sum()), int(counts.sum()))


@pytest.mark.statistical
def test_5e_advantage_orc():
    case = CASES["dnd5e_advantage_orc_oa_pc_hp11_ac15_conscious"]
    sc = scenario(edition="5e2014", runner={"hp": 11, "ac": 15}, enemies=[_orc5e(advantage=True)])
    per = exact_by_outcome(sc)
    assert per["unharmed"] + per["wounded"] == frac(case)
    exact, counts = assert_agree(sc, trials=200_000, seed=13)
    up = [sc.outcome_index("unharmed"), sc.outcome_index("wounded")]
    mc_check(case["value"], int(counts[up].sum()), int(counts.sum()))


@pytest.mark.statistical
@pytest.mark.parametrize("edition", ["5e2014", "5e2024"])
def test_5e_wizard_instant_death(edition):
    case = CASES["dnd5e_wizard_hp6_ac12_instant_death"]
    sc = scenario(edition=edition, runner={"preset": "srd5_wizard_1"}, enemies=[{"preset": "srd51_orc"}])
    assert sc.spec.runner.hp == 6 and sc.spec.runner.ac == 12
    assert exact_by_outcome(sc)["dead"] == frac(case)
    exact, counts = assert_agree(sc, trials=200_000, seed=14)
    mc_check(case["value"], int(counts[sc.outcome_index("dead")].sum()), int(counts.sum()))


@pytest.mark.statistical
def test_5e_death_saves_survive():
    case = CASES["dnd5e_death_saves_survive"]
    assert death_save_survival(0, 0) == frac(case)
    # independent Monte Carlo of the save sequence (numpy, vectorised by turn)
    rng = np.random.default_rng(2024)
    n = 400_000
    succ = np.zeros(n, int)
    fail = np.zeros(n, int)
    alive = np.zeros(n, bool)
    open_ = np.ones(n, bool)
    while open_.any():
        d = rng.integers(1, 21, n)
        nat20 = open_ & (d == 20)
        alive |= nat20
        open_ &= ~nat20
        s = open_ & (d >= 10)
        succ += s
        f = open_ & (d < 10)
        fail += f * np.where(d == 1, 2, 1)
        alive |= open_ & (succ >= 3)
        open_ &= ~((succ >= 3) | (fail >= 3))
    mc_check(case["value"], int(alive.sum()), n)


# --------------------------------------------------------------------------- 3.5

def _wizard_greataxe(**runner):
    r = {"hp": 4, "ac": 12}
    r.update(runner)
    return scenario(edition="3.5", mode="move", runner=r, enemies=[{"preset": "srd35_orc_greataxe"}])


@pytest.mark.statistical
def test_35_greataxe_orc_states():
    sc = _wizard_greataxe()
    per = exact_by_outcome(sc)
    assert per.get("unharmed", 0) + per.get("wounded", 0) == frac(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_up"])
    assert per["down"] == frac(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_dying"])
    assert per["dead"] == frac(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_dead"])
    assert per.get("disabled", 0) == 0
    exact, counts = assert_agree(sc, trials=300_000, seed=21)
    n = int(counts.sum())
    up = [sc.outcome_index("unharmed"), sc.outcome_index("wounded")]
    mc_check(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_up"]["value"], int(counts[up].sum()), n)
    mc_check(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_dying"]["value"],
             int(counts[sc.outcome_index("down")].sum()), n)
    mc_check(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_dead"]["value"],
             int(counts[sc.outcome_index("dead")].sum()), n)


def test_35_wizard_preset_matches_oracle_runner():
    sc = scenario(edition="3.5", runner={"preset": "srd35_wizard_1"}, enemies=[{"preset": "srd35_orc_greataxe"}])
    assert exact_by_outcome(sc)["dead"] == frac(CASES["dnd35_wizard_hp4_ac12_greataxe_orc_dead"])


@pytest.mark.statistical
def test_35_mobility_wizard_dead():
    case = CASES["dnd35_mobility_wizard_hp4_greataxe_orc_dead"]
    sc = _wizard_greataxe(feats=["mobility"])
    assert sc.plan.events[0].ac == 16
    assert exact_by_outcome(sc)["dead"] == frac(case)
    exact, counts = assert_agree(sc, trials=300_000, seed=22)
    mc_check(case["value"], int(counts[sc.outcome_index("dead")].sum()), int(counts.sum()))


@pytest.mark.statistical
@pytest.mark.parametrize("cid,bonus,ac", [("dnd35_crit_confirm_plus4_vs_ac12_threat18", 4, 12),
                                          ("dnd35_crit_confirm_plus0_vs_ac30_threat18", 0, 30)])
def test_crit_confirmation(cid, bonus, ac):
    case = CASES[cid]
    assert crit_confirm_probability(bonus, ac, "18-20") == frac(case)
    assert crit_confirm_probability(bonus, ac, 18) == frac(case)
    # Monte Carlo: threat = hitting roll in 18-20, confirmed by a second hitting roll
    rng = np.random.default_rng(99)
    n = 2_000_000
    a = rng.integers(1, 21, n)
    b = rng.integers(1, 21, n)

    def hits(f):
        return (f != 1) & ((f == 20) | (f + bonus >= ac))

    k = int((hits(a) & (a >= 18) & hits(b)).sum())
    mc_check(case["value"], k, n)


def test_crit_confirmation_calculator_error_option():
    # threat_must_hit = False counts the missing 18 and 19 as threats (the common error)
    assert crit_confirm_probability(0, 30, "18-20", threat_must_hit=False) == Fraction(3, 400)


# --------------------------------------------------------------------------- Pathfinder

@pytest.mark.statistical
def test_pf1_acrobatics_two_orcs():
    case = CASES["pf1_acrobatics_past_two_orcs_no_aoo"]
    assert tumble_all_succeed(7, tumble_dcs([14, 14])) == frac(case)
    sc = scenario(edition="pf1", mode="acrobatics", metric="attacks",
                  runner={"hp": 9, "ac": 15, "tumble": 7, "con": 12},
                  enemies=[{"preset": "pf1_orc"}, {"preset": "pf1_orc", "threatens_start": False}])
    assert [ev.check_dc for ev in sc.plan.events] == [14, 16]
    assert metric_exact(sc)[0] == frac(case)
    exact, counts = assert_agree(sc, trials=300_000, seed=31)
    mc_check(case["value"], int(counts[:, 0].sum()), int(counts.sum()))


# --------------------------------------------------------------------------- rules added from issue 14

@pytest.mark.statistical
def test_35_withdraw_disabled_then_dying():
    case = CASES["dnd35_withdraw_hp5_disabled_then_dying"]
    sc = scenario(edition="3.5", mode="withdraw", runner={"hp": 5, "ac": 12},
                  enemies=[{"attack_bonus": 4, "damage": "1d12+4", "threat_range": 20, "crit_multiplier": 3,
                            "threatens_start": False}])
    assert exact_by_outcome(sc)["strained"] == frac(case)
    exact, counts = assert_agree(sc, trials=300_000, seed=21)
    mc_check(case["value"], int(counts[sc.outcome_index("strained")].sum()), int(counts.sum()))


@pytest.mark.statistical
def test_5e2024_wolf_prone_then_orc():
    case = CASES["dnd5e2024_wolf_prone_then_orc_advantage"]
    sc = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 15}, metric="hits",
                  enemies=[{"preset": "srd52_wolf"}, {"attack_bonus": 5, "damage": "1d12+3"}])
    s = sc.summary()
    wolf = Fraction(1, 2)  # faces 11-20
    # P(orc hits) = E[hits] - P(wolf hits)
    assert s["mean_hits"] - wolf == frac(case)
    assert_agree(sc, trials=200_000, seed=22)


@pytest.mark.statistical
def test_5e2024_push_clears_the_same_step():
    case = CASES["dnd5e2024_push_clears_same_step_foe"]
    sc = scenario(edition="5e2024", mode="move", runner={"hp": 100, "ac": 14}, metric="attacks",
                  enemies=[{"attack_bonus": 5, "damage": "1d8+3", "mastery": "push"},
                           {"attack_bonus": 4, "damage": "1d6+2", "simultaneous": True}])
    assert sc.summary()["attacks"][1] == frac(case)
    exact, counts = assert_agree(sc, trials=200_000, seed=23)
    mc_check(case["value"], int(counts[:, 1].sum()), int(counts.sum()))
