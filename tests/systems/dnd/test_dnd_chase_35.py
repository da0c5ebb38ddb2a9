"""Issue 30, chase item 3: the 3.5 / Pathfinder 1e chase (move, double move, withdraw, run; full attack, move
and attack, charge, run for the pursuers; attacks of opportunity on leaving threatened squares; 3.5 critical
confirmation and multipliers; dead at -10 or -Con). Hand derivations written here, Monte Carlo agreement.
Rules and sources: :func:`fleeodds.systems.dnd.plan.chase.compile_chase_35`, docs/dnd.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome

F = Fraction


def chase(edition="3.5", runner=None, **fields):
    return fleeodds.load_scenario({"system": "dnd", "situation": "chase", "edition": edition,
                                   "runner": runner or {"hp": 6, "ac": 12, "dex_bonus": 2}, "chase": fields})


def triggers(sc):
    return [(a["round"], a["trigger"], a["attack"]) for a in sc.describe()["attacks"]]


def test_run_loses_dex_against_the_attack_of_opportunity():
    # round 1: the adjacent foe (+4, 6 damage, threat 20 x2) makes a full attack (one attack) against AC 12:
    # hits on 8-20 (13/20), 6 damage drops the 6-HP runner (0 HP: disabled, down). Then the runner runs
    # 4 x 30 = 120 ft, provoking; running it loses its Dex bonus (+2): AC 10, hit on 6-20 (15/20).
    sc = chase(distance=60, actions="run", pursuers=[{"attack_bonus": 4, "damage": "6"}])
    assert [(r, t) for r, t, _ in triggers(sc)] == [(1, "on its turn"), (1, "opportunity attack")]
    assert exact_by_outcome(sc) == {"escaped": F(7, 20) * F(5, 20), "down": 1 - F(7, 20) * F(5, 20)}


def test_withdraw_and_reach():
    # withdraw: the start square is not threatened: a reach-5 foe gets no attack of opportunity
    foe = {"attack_bonus": 4, "damage": "6"}
    sc = chase(distance=60, actions="withdraw", pursuers=[foe])
    assert [t for _, t, _ in triggers(sc)] == ["on its turn"]
    # a reach-10 foe 5 ft away: the second square is still threatened: it gets its attack of opportunity
    sc = chase(distance=60, actions="withdraw", pursuers=[dict(foe, reach=10)])
    assert [t for _, t, _ in triggers(sc)] == ["on its turn", "opportunity attack"]
    # the same foe 10 ft away: the start square is the last one it threatens: none
    sc = chase(distance=60, actions="withdraw", pursuers=[dict(foe, reach=10, gap=10)])
    assert [t for _, t, _ in triggers(sc)] == ["on its turn"]
    # double move: provokes from the adjacent foe (AC 12 kept)
    sc = chase(distance=60, actions="double_move", pursuers=[foe])
    assert exact_by_outcome(sc)["escaped"] == F(7, 20) ** 2


def test_pursuers_move_and_attack_charge_or_run():
    # gap 35, speed 30: a move brings it to 5 ft: one attack. Gap 50: a charge (60 ft reaches): +2.
    # Gap 200: it runs 120 ft, no attack.
    foe = {"attack_bonus": 4, "damage": "1", "speed": 30}
    sc = chase(runner={"hp": 50, "ac": 12}, distance=30, actions="withdraw",
               pursuers=[dict(foe, gap=35), dict(foe, gap=50), dict(foe, gap=200)])
    assert triggers(sc) == [(1, "on its turn", "+4, 1"), (1, "on its turn", "+6, 1")]
    assert sc.describe()["positions"][0]["gaps"] == [65, 65, 140]  # 5 / 5 / 80, then the runner's 60 ft


def test_critical_confirmation_multiplier_and_dead_at():
    # +0 vs AC 10: hits on 10-20 (11/20); a 20 threatens (x3), confirmed on 10-20 (11/20). 8 damage on 1 HP:
    # a hit leaves -7 (down), a critical 24: -23 <= -10, dead (3.5). Withdraw: no attack of opportunity.
    foe = {"attack_bonus": 0, "damage": "8", "crit_multiplier": 3}
    sc = chase(runner={"hp": 1, "ac": 10}, distance=60, actions="withdraw", pursuers=[foe])
    dead = F(1, 20) * F(11, 20)
    assert exact_by_outcome(sc) == {"dead": dead, "down": F(11, 20) - dead, "escaped": F(9, 20)}
    # x2: 16 damage leaves -15: dead in 3.5 (-10); alive in Pathfinder with Con 16 (dead at -16)
    foe["crit_multiplier"] = 2
    assert exact_by_outcome(chase(runner={"hp": 1, "ac": 10}, distance=60, actions="withdraw",
                                  pursuers=[foe]))["dead"] == dead
    pf = chase("pf1", runner={"hp": 1, "ac": 10, "con": 16}, distance=60, actions="withdraw", pursuers=[foe])
    assert exact_by_outcome(pf) == {"down": F(11, 20), "escaped": F(9, 20)}
    # minimum 1 damage a roll: 1d4-3 always deals 1 (3.5 SRD "Damage"); x2 critical: 2
    sc = chase(runner={"hp": 2, "ac": 10}, distance=60, actions="withdraw",
               pursuers=[{"attack_bonus": 0, "damage": "1d4-3"}])
    assert exact_by_outcome(sc)["down"] == dead


@pytest.mark.parametrize("fields, field", [
    (dict(actions="dash"), "chase.actions"),
    (dict(cunning_action=True), "chase.cunning_action"),
    (dict(after_exchange=True), "chase.after_exchange"),
    (dict(pursuers=[{"attack_bonus": 4, "damage": "6", "aggressive": True}]), "chase.pursuers.0.aggressive"),
    # difficult terrain, shooters and the dying runner: test_dnd_chase_35_complete.py
])
def test_5e_only_fields_are_refused_by_name(fields, field):
    fields.setdefault("pursuers", [{"attack_bonus": 4, "damage": "6"}])
    with pytest.raises(FleeoddsError) as err:
        chase(**fields)
    assert str(err.value).startswith(field + ":"), str(err.value)


@pytest.mark.statistical
@pytest.mark.slow
@pytest.mark.parametrize("edition", ["3.5", "pf1"])
def test_35_chase_agrees_with_monte_carlo(edition):
    sc = chase(edition, runner={"hp": 9, "ac": 14, "dex_bonus": 2, "con": 12}, rounds=3, distance=150,
               actions=["withdraw", "run", "double_move"],
               pursuers=[{"preset": "srd35_orc_falchion"} if edition == "3.5" else
                         {"attack_bonus": 5, "damage": "2d4+4", "threat_range": "18-20"},
                         {"attack_bonus": 3, "damage": "1d12+2", "crit_multiplier": 3, "reach": 10, "gap": 40,
                          "speed": 40, "attacks": 2}])
    assert_agree(sc, trials=100_000)
