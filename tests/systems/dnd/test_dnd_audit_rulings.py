"""Issue 30, item 1: four wrong rulings and the partial ones, each pinned by a hand derivation.

Sources (checked against the texts): SRD 5.2 *Rules Glossary*, "Surprise"; PF1 CRB *Feats*, "Stand Still";
3.5 SRD / PF1 CRB *Feats*, "Spring Attack"; SRD 5.1 *Adventuring*, "Vision and Light" and SRD 5.2 *Rules
Glossary*, "Obscured Areas"; 3.5 SRD *Injury and Death*, "Stable Characters and Recovery"; Sentinel (PHB 2014,
effect only); 3.5 SRD / PF1 CRB *Combat*, "Withdraw" and *Conditions*, "Blinded"; SRD 5.1 Appendix A and SRD 5.2
*Rules Glossary*, "Blinded".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, noted, scenario

F = Fraction
#: A foe that cannot drop a 100-HP runner: +5, 1d4 (hits AC 12 on faces 7-20: 14/20).
FOE5 = {"attack_bonus": 5, "damage": "1d4"}


def _p_no_hit(sc):
    return sc.summary()["hits"].get(0, F(0))


# ----------------------------------------------------------------- 5e 2024 surprise keeps the reaction
def test_2024_surprised_foe_keeps_its_opportunity_attack():
    data = {"system": "dnd", "edition": "5e2024", "mode": "move", "runner": {"hp": 100, "ac": 12},
            "enemies": [{**FOE5, "flat_footed": True}]}
    sc = noted(data, "enemies.0.flat_footed", "keeps its reaction")
    # the OA is made: +5 against AC 12 hits on 7-20 (natural 20 included): 14/20; no hit 6/20
    assert sc.summary()["attacks"] == {1: 1}
    assert _p_no_hit(sc) == F(6, 20)


def test_2014_surprised_foe_makes_no_opportunity_attack():
    sc = fleeodds.load_scenario({"system": "dnd", "edition": "5e2014", "mode": "move",
                                 "runner": {"hp": 100, "ac": 12}, "enemies": [{**FOE5, "flat_footed": True}]})
    assert exact_by_outcome(sc) == {"unharmed": 1}  # SRD 5.1 Surprise: no reaction before its first turn


# ----------------------------------------------------------------- PF1 Stand Still: adjacent squares only
def _pf_reach_fighter(mode, **extra):
    # a reach fighter: +6, 1d4 (so the 7-HP wizard... here 100 HP: only the move matters), CMB +8
    e = {"attack_bonus": 6, "damage": "1d4", "reach": 10, "combat_reflexes": True, "stand_still": True,
         "cmb": 8, **extra}
    return scenario(edition="pf1", mode=mode, runner={"hp": 100, "ac": 12, "cmd": 12}, enemies=[e])


def test_stand_still_reach_foe_against_withdraw_is_a_normal_attack():
    sc = _pf_reach_fighter("withdraw")
    # withdraw: the adjacent start square is not threatened; the square left 10 ft away is not adjacent, so
    # Stand Still does not apply: a plain AoO, +6 vs AC 12 hits on 6-20 (15/20), never stops the move
    out = exact_by_outcome(sc)
    assert out.get("move_cancelled", 0) == 0
    assert _p_no_hit(sc) == F(5, 20)


def test_stand_still_reach_foe_against_a_move_from_the_adjacent_square():
    sc = _pf_reach_fighter("move")
    # moving out of the adjacent start square: the maneuver, CMB +8 vs CMD 12 succeeds on 4-20 (natural 1
    # fails, natural 20 succeeds: combat maneuvers are attack rolls): 17/20 stuck
    assert exact_by_outcome(sc)["move_cancelled"] == F(17, 20)


def test_stand_still_reach_foe_passed_at_reach_is_a_normal_attack():
    sc = _pf_reach_fighter("move", threatens_start=False)
    assert exact_by_outcome(sc).get("move_cancelled", 0) == 0
    assert _p_no_hit(sc) == F(5, 20)


# ----------------------------------------------------------------- Spring Attack and Run, and inert modes
def test_spring_attack_with_run_is_refused():
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": "3.5", "mode": "run",
                                "runner": {"preset": "srd35_fighter_1", "feats": ["spring_attack"]},
                                "enemies": [{"preset": "srd35_orc_falchion", "spring_attack_target": True}]})
    assert str(err.value).startswith("mode: 'run'") and "attack action" in str(err.value), str(err.value)


@pytest.mark.parametrize("mode", ["withdraw", "five_foot_step", "stay"])
def test_spring_attack_target_is_inert_without_a_move(mode):
    noted({"system": "dnd", "edition": "3.5", "mode": mode,
           "runner": {"preset": "srd35_fighter_1", "feats": ["spring_attack"]},
           "enemies": [{"preset": "srd35_orc_falchion", "spring_attack_target": True}]},
          "enemies.0.spring_attack_target", "attack action", strict=False)


# ----------------------------------------------------------------- no percentile miss chance in 5e
@pytest.mark.parametrize("edition", ["5e2014", "5e2024"])
def test_5e_concealment_is_refused(edition):
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": edition, "runner": {"hp": 10, "ac": 12,
                                                                                "concealment": 20},
                                "enemies": [FOE5]})
    text = str(err.value)
    assert text.startswith("runner.concealment: 20 is not modelled") and "total_concealment" in text, text


# ----------------------------------------------------------------- 3.5/PF stable is not reported as safe
def test_35_stable_outcome_says_it_is_not_safe():
    sc = scenario(edition="3.5", mode="move", runner={"hp": 1, "ac": 10},
                  enemies=[{"attack_bonus": 30, "damage": "3"}], options={"death_saves_in_exchange": True})
    stable = next(o for o in sc.outcomes if o.code == "stable")
    assert "not safe" in stable.label().render("en") and "pas hors de danger" in stable.label().render("fr")
    # +30 vs AC 10 hits on 2-20; a 20 threatens and the confirmation (+30) fails only on a natural 1:
    # critical (x2, 6 damage, -5 HP) 1/20 * 19/20; plain hit (3 damage, -2 HP) 18/20 + 1/20 * 1/20.
    # The dying chain (10 % a round, else -1 HP, dead at -10): stable from -2 = 1 - 0.9^8, from -5 = 1 - 0.9^5
    assert exact_by_outcome(sc)["stable"] == ((F(18, 20) + F(1, 400)) * (1 - F(9, 10) ** 8)
                                              + F(19, 400) * (1 - F(9, 10) ** 5))


# ----------------------------------------------------------------- 2014 Sentinel: within 5 feet only
def test_2014_sentinel_with_reach_does_not_pierce_disengage():
    reach = scenario(edition="5e2014", mode="disengage", runner={"hp": 100, "ac": 12},
                     enemies=[{**FOE5, "sentinel": True, "reach": 10}])
    assert reach.summary()["attacks"] == {0: 1}  # it attacks from 10 ft: not "within 5 feet"
    close = scenario(edition="5e2014", mode="disengage", runner={"hp": 100, "ac": 12},
                     enemies=[{**FOE5, "sentinel": True}])
    # within 5 ft: the OA despite Disengage; a hit (14/20) stops the move
    assert exact_by_outcome(close)["move_cancelled"] == F(14, 20)


# ----------------------------------------------------------------- a blinded runner
def test_blinded_runner_cannot_withdraw_in_35():
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": "3.5", "mode": "withdraw",
                                "runner": {"preset": "srd35_wizard_1", "blinded": True}})
    assert str(err.value).startswith("mode: 'withdraw'") and "blinded" in str(err.value)


@pytest.mark.statistical
def test_blinded_35_runner_loses_dex_and_two_ac():
    # AC 15 with Dex +2 and Mobility: blinded, AC 15 - 2 - 2 = 11 (Mobility's dodge bonus lost with Dex).
    # +4 vs AC 11 hits on 7-20: 14/20 (threat 20 only: a hit)
    sc = scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": 15, "dex_bonus": 2, "feats": ["mobility"],
                                                      "blinded": True},
                  enemies=[{"attack_bonus": 4, "damage": "1d4"}])
    assert _p_no_hit(sc) == F(6, 20)
    assert_agree(sc, trials=50_000)


def test_blinded_35_tumble_takes_minus_four():
    # Tumble +7, DC 15: succeeds on 8-20 (13/20); blinded -4: on 12-20 (9/20); +4 vs AC 100: only natural 20 hits
    sc = scenario(edition="3.5", mode="tumble", runner={"hp": 100, "ac": 40, "tumble": 7, "blinded": True},
                  enemies=[{"attack_bonus": 4, "damage": "1d4"}])
    assert sc.summary()["attacks"] == {0: F(9, 20), 1: F(11, 20)}


@pytest.mark.statistical
def test_blinded_5e_runner_is_attacked_with_advantage():
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 12, "blinded": True}, enemies=[FOE5])
    # advantage: miss only when both d20 miss (faces 1-6): (6/20)^2 = 36/400
    assert _p_no_hit(sc) == F(36, 400)
    assert_agree(sc, trials=50_000)
