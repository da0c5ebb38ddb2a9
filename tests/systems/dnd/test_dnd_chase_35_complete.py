"""Issue 30, chase completeness in 3.5 / Pathfinder 1e: difficult terrain (nobody runs or charges across
it), pursuers that shoot instead of moving (range increments, shooting into a melee), and the dying runner
followed to the last round (3.5: a 10% roll to stabilise, else 1 HP lost, dead at -10; PF1: a DC 10
Constitution check with the negative HP as a penalty, dead at -Con; disabled at exactly 0 HP).
Hand derivations written here (no solver code), Monte Carlo agreement.
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
                                   "runner": runner or {"hp": 1, "ac": 10}, "chase": fields})


def hits(bonus, ac):
    """P(d20 + bonus >= ac), natural 1 misses, natural 20 hits (3.5 SRD "Attack Roll")."""
    return F(sum(1 for f in D20 if f != 1 and (f == 20 or f + bonus >= ac)), 20)


def attacks(sc, key="attack"):
    return [(a["round"], a["trigger"], a.get(key)) for a in sc.describe()["attacks"]]


# --- difficult terrain (3.5 SRD Combat, "Movement", "Hampered Movement"; PF1 CRB ch. 8 "Difficult Terrain") ---

def test_difficult_terrain_halves_moves_and_forbids_run_and_charge():
    # 30-ft speeds, every square costs 2: a move is 15 ft, a double move 30. Pursuer A adjacent: full attack,
    # then the runner's double move provokes (30 ft away: gap 35). Round 2: A's 15-ft move cannot reach it;
    # no charge: a double move to 5 ft, no attack; the runner provokes again. Pursuer B at 40 ft: without the
    # terrain a charge (+2); here a double move (30 ft) to 10 ft each round, never within reach.
    sc = chase(rounds=2, distance=100, difficult_terrain=True, actions="double_move",
               pursuers=[{"attack_bonus": 0, "damage": "1", "name": "A"},
                         {"attack_bonus": 0, "damage": "1", "name": "B", "gap": 40}])
    assert [(a["round"], a["pursuer"], a["trigger"]) for a in sc.describe()["attacks"]] == [
        (1, "A", "on its turn"), (1, "A", "opportunity attack"), (2, "A", "opportunity attack")]
    assert [p["to_safety"] for p in sc.describe()["positions"]] == [70, 40]
    miss = 1 - hits(0, 10)
    assert exact_by_outcome(sc) == {"still_chased": miss ** 3, "down": 1 - miss ** 3}
    plain = chase(rounds=1, distance=100, actions="double_move",
                  pursuers=[{"attack_bonus": 0, "damage": "1", "gap": 40}])
    assert attacks(plain) == [(1, "on its turn", "+2, 1"), (1, "opportunity attack", "+0, 1")]


def test_run_across_difficult_terrain_is_refused_by_name():
    with pytest.raises(FleeoddsError) as err:
        chase(difficult_terrain=True, actions=["double_move", "run"], rounds=2,
              pursuers=[{"attack_bonus": 0, "damage": "1"}])
    assert str(err.value).startswith("chase.actions.1:"), str(err.value)


# --- shooters (3.5 SRD Combat, "Attack Roll", "Range Penalty", "Shooting or Throwing into a Melee";
#     Feats, "Precise Shot"; Condition Summary, "Prone": +4 AC against ranged attacks) ---

def test_shooter_range_increments_melee_penalty_and_maximum_range():
    # a shooter +5, range increment 30 ft, 35 ft behind: -2 (second increment); it stays put. The runner
    # moves 30 ft a round (move): 65 ft (-4), 95 ft (-6). A melee pursuer adjacent in round 1 only: -4 more
    # that round (the runner is engaged in melee), none with Precise Shot.
    shooter = {"attack_bonus": 5, "damage": "1", "ranged": True, "range_increment": 30, "gap": 35}
    melee = {"attack_bonus": 0, "damage": "1", "speed": 5, "gap": 5}
    runner = {"hp": 50, "ac": 10}
    sc = chase(runner=runner, rounds=3, distance=200, actions="move", pursuers=[melee, shooter])
    assert [x for x in attacks(sc) if x[1] == "on its turn"] == [
        (1, "on its turn", "+0, 1"), (1, "on its turn", "-1, 1"), (2, "on its turn", "+1, 1"),
        (3, "on its turn", "-1, 1")]
    sc = chase(runner=runner, rounds=1, distance=200, actions="move",
               pursuers=[melee, dict(shooter, precise_shot=True)])
    assert attacks(sc)[1] == (1, "on its turn", "+3, 1")
    # thrown: 5 increments (150 ft) at most; a projectile 10 (300 ft). 160 ft away: only the bow shoots,
    # in its sixth increment: -10.
    far = {"attack_bonus": 5, "damage": "1", "ranged": True, "range_increment": 30, "gap": 160}
    sc = chase(runner=runner, rounds=1, distance=200, actions="move", pursuers=[dict(far, thrown=True), far])
    assert attacks(sc) == [(1, "on its turn", "-5, 1")]
    # exact: the runner (1 HP, AC 10) moves 30 ft twice; the shooter at 35 ft then 65 ft, damage 1
    sc = chase(rounds=2, distance=60, actions="move", pursuers=[shooter])
    live = (1 - hits(3, 10)) * (1 - hits(1, 10))
    assert exact_by_outcome(sc) == {"escaped": live, "down": 1 - live}


def test_shooter_against_a_prone_runner():
    # a tripped runner (3.5, full-round run: prone to its next turn) is AC + 4 against the shot of round 2
    sc = chase(runner={"hp": 50, "ac": 10}, rounds=2, distance=500, actions="run",
               pursuers=[{"attack_bonus": 0, "damage": "1", "trip": True, "trip_check": 20},
                         {"attack_bonus": 0, "damage": "1", "ranged": True, "range_increment": 100, "gap": 10}])
    tripped = sc.describe()["after_trips"][0]["attacks"]
    shots = [(a["round"], a.get("ac", 10), a["attack"]) for a in tripped if a["pursuer"] == "pursuer 2"]
    assert shots == [(1, 10, "-4, 1"), (2, 14, "-4, 1")]  # engaged in melee both rounds: -4


# --- the dying runner (3.5 SRD Injury and Death, "Dying", "Dead", "Disabled"; PF1 CRB ch. 8, "Dying") ---

def test_35_dying_runner_rolls_to_stabilise_each_turn():
    # 1 HP, AC 10; one adjacent foe +0, damage 2 (x2 on a confirmed 20: 4). Hit on its turn (11/20): -1 or -3,
    # dying; the runner's turn that round: 10% stable, else 1 HP lost; round 2 again. The foe's hit on the
    # runner's withdraw is none (withdraw); so: stable = hit * (1/10 + 9/10 * 1/10), still dying = hit * 81/100.
    hit = hits(0, 10)
    sc = chase(rounds=2, distance=60, actions="withdraw", death_saves=True,
               pursuers=[{"attack_bonus": 0, "damage": "2"}])
    assert exact_by_outcome(sc) == {"escaped": 1 - hit, "stable": hit * F(19, 100), "down": hit * F(81, 100)}
    # a drop by an attack of opportunity (the runner's own turn): its first check is next round
    sc = chase(rounds=2, distance=60, actions="double_move", death_saves=True,
               pursuers=[{"attack_bonus": 0, "damage": "2"}])
    aoo = (1 - hit) * hit
    assert exact_by_outcome(sc) == {"escaped": (1 - hit) ** 2, "stable": hit * F(19, 100) + aoo * F(1, 10),
                                    "down": hit * F(81, 100) + aoo * F(9, 10)}


def test_35_dead_at_minus_10_and_disabled_at_zero():
    # damage 10 on 1 HP: a hit leaves -9 (dying: 1/10 stable, else -10: dead that round); a confirmed
    # critical (20, then 10-20: 11/20) 20 damage: dead at once
    crit = F(1, 20) * F(11, 20)
    hit = hits(0, 10) - crit
    sc = chase(rounds=1, distance=60, actions="withdraw", death_saves=True,
               pursuers=[{"attack_bonus": 0, "damage": "10"}])
    assert exact_by_outcome(sc) == {"escaped": 1 - hits(0, 10), "stable": hit / 10, "dead": crit + hit * F(9, 10)}
    # damage 2 on 2 HP: exactly 0, disabled (not followed); a critical (4): -2, dying
    sc = chase(runner={"hp": 2, "ac": 10}, rounds=1, distance=60, actions="withdraw", death_saves=True,
               pursuers=[{"attack_bonus": 0, "damage": "2"}])
    assert exact_by_outcome(sc) == {"escaped": 1 - hits(0, 10), "disabled": hit, "stable": crit / 10,
                                    "down": crit * F(9, 10)}


def test_pf1_dying_runner_makes_constitution_checks():
    # Con 12 (+1): at -1, d20 + 1 - 1 >= 10 (11/20, a natural 20 always); at -2, d20 >= 11 (10/20)
    hit = hits(0, 10)
    sc = chase("pf1", runner={"hp": 1, "ac": 10, "con": 12}, rounds=2, distance=60, actions="withdraw",
               death_saves=True, pursuers=[{"attack_bonus": 0, "damage": "2", "threat_range": 21 - 1}])
    crit = F(1, 20) * hits(0, 10)  # 4 damage: -3; at -3: d20 >= 12 (9/20), then at -4: d20 >= 13 (8/20)
    norm = hit - crit
    stable = norm * (F(11, 20) + F(9, 20) * F(10, 20)) + crit * (F(9, 20) + F(11, 20) * F(8, 20))
    assert exact_by_outcome(sc) == {"escaped": 1 - hit, "stable": stable, "down": hit - stable}


def test_attack_downed_is_not_modelled_in_35():
    with pytest.raises(FleeoddsError) as err:
        chase(death_saves=True, attack_downed=True, pursuers=[{"attack_bonus": 0, "damage": "2"}])
    assert str(err.value).startswith("chase.attack_downed:") and "not modelled" in str(err.value)


@pytest.mark.parametrize("pursuer, field", [
    ({"ranged": True}, "chase.pursuers.0.range_increment"),
    ({"thrown": True}, "chase.pursuers.0.thrown"),
    ({"aggressive": True}, "chase.pursuers.0.aggressive"),
])
def test_shooter_inputs_refused_by_name(pursuer, field):
    with pytest.raises(FleeoddsError) as err:
        chase(pursuers=[dict({"attack_bonus": 0, "damage": "2"}, **pursuer)])
    assert str(err.value).startswith(field + ":"), str(err.value)


@pytest.mark.parametrize("edition, pursuer, field", [
    ("3.5", {"range_increment": 30}, "chase.pursuers.0.range_increment"),
    ("3.5", {"ranged": True, "range_increment": 30, "range_normal": 60}, "chase.pursuers.0.range_normal"),
    ("5e2014", {"range_increment": 30}, "chase.pursuers.0.range_increment"),
])
def test_range_fields_of_the_other_edition_are_noted(edition, pursuer, field):
    noted({"system": "dnd", "situation": "chase", "edition": edition, "runner": {"hp": 5, "ac": 12},
           "chase": {"pursuers": [dict({"attack_bonus": 4, "damage": "6"}, **pursuer)]}}, field)


@pytest.mark.statistical
@pytest.mark.slow
@pytest.mark.parametrize("edition", ["3.5", "pf1"])
def test_complete_35_chase_agrees_with_monte_carlo(edition):
    sc = chase(edition, runner={"hp": 6, "ac": 13, "dex_bonus": 1, "con": 12, "cmd": 14}, rounds=3, distance=120,
               actions=["double_move", "withdraw", "move"], difficult_terrain=True, death_saves=True,
               pursuers=[{"attack_bonus": 4, "damage": "1d8+2", "threat_range": "19-20", "trip": True,
                          "trip_check": 4},
                         {"attack_bonus": 3, "damage": "1d6", "ranged": True, "range_increment": 20, "gap": 25,
                          "attacks": 2},
                         {"attack_bonus": 2, "damage": "1d4+1", "gap": 20, "speed": 40}])
    assert_agree(sc, trials=100_000)
