"""Issue 30, item 3: the 3.5 / Pathfinder 1e chase with trips. A successful trip leaves the runner prone where
it was; standing up is a move action that provokes (3.5 SRD *Combat*, "Actions in Combat", "Stand up";
PF1 CRB ch. 8, "Move Actions"): with a move action left it stands at once and moves no farther, after a
full-round action it lies prone to its next turn (melee at AC - 4, "Prone"), stands (provoking) and moves
once. Hand derivations written here (no solver code), Monte Carlo agreement.
Rules: :func:`fleeodds.systems.dnd.plan.chase.compile_chase_35`, docs/dnd.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, noted

F = Fraction
D20 = range(1, 21)


def chase(edition="3.5", runner=None, **fields):
    return fleeodds.load_scenario({"system": "dnd", "situation": "chase", "edition": edition,
                                   "runner": runner or {"hp": 1, "ac": 12, "dex_bonus": 2}, "chase": fields})


def hits(bonus, ac):
    """P(d20 + bonus >= ac), natural 1 misses, natural 20 hits (3.5 SRD "Attack Roll")."""
    return F(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


def opposed(check, defence):
    """P(d20 + check beats d20 + defence), a tie to the higher modifier (3.5 SRD "Opposed Checks")."""
    win = sum(1 for a in D20 for d in D20 if a + check > d + defence)
    tie = sum(1 for a in D20 for d in D20 if a + check == d + defence)
    return F(win + (tie if check > defence else 0), 400)


def test_pf1_trip_then_stand_up_with_the_second_move():
    # PF1: runner 1 HP (any hit drops it), AC 12, CMD 15; one adjacent foe +4, damage 1, trip CMB +5 (d20 >= 10:
    # 11/20). Round 1: its attack (hits 8-20: 13/20). The runner double-moves 60 ft to safety; leaving, the
    # foe's attack of opportunity is a trip. Tripped: prone in its square, its second move action stands it
    # up, provoking; with Combat Reflexes (Dex +1: 2 AoOs) the foe attacks again at AC 12 - 4 = 8 (hits on
    # 4-20: 17/20), without it the foe has no AoO left. It moves no farther; round 2 again.
    foe = {"attack_bonus": 4, "damage": "1", "trip": True, "trip_check": 5}
    trip = F(11, 20)
    assert hits(4, 12) == F(13, 20) and hits(4, 8) == F(17, 20)
    live = F(7, 20)
    for cr, stand in ((False, F(1)), (True, F(3, 20))):
        sc = chase("pf1", runner={"hp": 1, "ac": 12, "cmd": 15}, rounds=2, distance=60, actions="double_move",
                   pursuers=[dict(foe, combat_reflexes=cr, dex_bonus=1)])
        tripped_once = live * trip * stand
        escaped = live * (1 - trip) + tripped_once * live * (1 - trip)
        still = tripped_once * live * trip * stand
        assert exact_by_outcome(sc) == {"escaped": escaped, "still_chased": still, "down": 1 - escaped - still}
        rows = sc.describe()["after_trips"][0]["positions"]
        assert rows[0] == {"round": 1, "to_safety": 60, "gaps": [5], "prone": False}


def test_35_improved_trip_while_running_then_prone_to_the_next_turn():
    # 3.5: runner 1 HP, AC 12, Dex +2 (touch AC 12); one adjacent foe +4, damage 1 (a hit drops it: 0 HP),
    # trip +4 against the runner's +2, Improved Trip. Round 1: its attack (13/20 hits). The runner runs
    # (120 ft; safety 100 ft): it loses its Dex bonus: AC 10, touch AC 10. The trip: touch attack (hits on
    # 6-20) and the opposed check; tripped: Improved Trip's attack at AC 10 - 4 = 6 (hits on 2-20). A run is
    # a full-round action: prone to round 2: the foe's full attack at AC 12 - 4 = 8 (17/20 hit), then
    # standing up provokes (AC 8, a new round's AoO), then one move: 30 ft (100 -> 70 ft to safety).
    foe = {"attack_bonus": 4, "damage": "1", "trip": True, "trip_check": 4, "improved_trip": True}
    p_trip = hits(4, 10) * opposed(4, 2)
    assert p_trip == F(15, 20) * F(247, 400)
    live = F(7, 20)
    sc = chase(rounds=1, distance=100, actions="run", pursuers=[foe])
    assert exact_by_outcome(sc) == {"escaped": live * (1 - p_trip), "still_chased": live * p_trip * F(1, 20),
                                    "down": 1 - live * (1 - p_trip) - live * p_trip * F(1, 20)}
    sc = chase(rounds=2, distance=100, actions="run", pursuers=[foe])
    still = live * p_trip * F(1, 20) * F(3, 20) * F(3, 20)
    assert exact_by_outcome(sc) == {"escaped": live * (1 - p_trip), "still_chased": still,
                                    "down": 1 - live * (1 - p_trip) - still}
    tripped = sc.describe()["after_trips"][0]
    assert [x["to_safety"] for x in tripped["positions"]] == [100, 70]
    assert [(a["round"], a["trigger"], a.get("ac", 12)) for a in tripped["attacks"]] == [
        (1, "on its turn", 12), (1, "trip attempt (opportunity attack)", 12), (1, "Improved Trip's attack", 6),
        (2, "on its turn", 8), (2, "opportunity attack", 8)]
    assert tripped["attacks"][1]["touch"] == "+4 against touch AC 10"


def test_withdraw_tripped_by_a_reach_foe_on_the_second_square():
    # withdraw from a reach-10 foe 5 ft away: its attack of opportunity comes on the second square (5 ft
    # moved); tripped there the runner is prone 5 ft on (a withdraw is a full-round action)
    sc = chase(rounds=1, distance=60, actions="withdraw",
               pursuers=[{"attack_bonus": 4, "damage": "1", "reach": 10, "trip": True, "trip_check": 4}])
    assert sc.describe()["after_trips"][0]["positions"] == [{"round": 1, "to_safety": 55, "gaps": [10],
                                                             "prone": True}]


@pytest.mark.parametrize("edition, fields, field", [
    ("5e2014", {"trip": True, "trip_check": 3}, "chase.pursuers.0.trip"),
    ("3.5", {"trip": True}, "chase.pursuers.0.trip_check"),
    ("pf1", {"trip": True, "trip_check": 3, "improved_trip": True}, "chase.pursuers.0.improved_trip"),
    ("3.5", {"improved_trip": True}, "chase.pursuers.0.improved_trip"),
    ("pf1", {"trip": True, "trip_check": 3}, "runner.cmd"),
])
def test_trip_inputs_refused_by_name(edition, fields, field):
    with pytest.raises(FleeoddsError) as err:
        chase(edition, runner={"hp": 5, "ac": 12}, pursuers=[dict({"attack_bonus": 4, "damage": "6"}, **fields)])
    assert str(err.value).startswith(field + ":"), str(err.value)


@pytest.mark.statistical
@pytest.mark.slow
@pytest.mark.parametrize("edition", ["3.5", "pf1"])
def test_trip_chase_agrees_with_monte_carlo(edition):
    runner = {"hp": 14, "ac": 14, "dex_bonus": 2, "con": 12, "cmd": 16, "trip_defence": 1}
    sc = chase(edition, runner=runner, rounds=3, distance=150,
               actions=["double_move", "run", "withdraw"],
               pursuers=[{"attack_bonus": 5, "damage": "1d8+3", "threat_range": "19-20", "trip": True,
                          "trip_check": 6, "improved_trip": edition == "3.5", "combat_reflexes": True,
                          "dex_bonus": 2, "reach": 10},
                         {"attack_bonus": 3, "damage": "1d6+1", "trip": True, "trip_check": 4, "gap": 15},
                         {"attack_bonus": 2, "damage": "1d4", "gap": 30, "speed": 40}])
    assert len(sc.plan.variants) > 3
    assert_agree(sc, trials=100_000)


@pytest.mark.parametrize("runner, pursuer, field", [
    ({"hp": 5, "ac": 12}, {"dex_bonus": 3}, "chase.pursuers.0.dex_bonus"),
    ({"hp": 5, "ac": 12, "touch_ac": 11}, {}, "runner.touch_ac"),
    ({"hp": 5, "ac": 12, "cmd": 15}, {"trip": True, "trip_check": 3}, "runner.cmd"),
])
def test_inert_trip_inputs_are_noted(runner, pursuer, field):
    noted({"system": "dnd", "situation": "chase", "edition": "3.5", "runner": runner,
           "chase": {"pursuers": [dict({"attack_bonus": 4, "damage": "6"}, **pursuer)]}}, field)
