"""Issue 30, chase items 1, 2 and 4: the chase after the exchange (the exchange's exact distribution over the
damage taken feeds the chase), the downed runner's death saves in the chase, and a runner the exchange left
prone (5e: standing up costs half its speed, no opportunity attack). Hand derivations written here, and Monte
Carlo agreement. Rules and sources: docs/dnd.md, "The chase after the exchange"."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome

F = Fraction
P = F(14, 20)  # +5 vs AC 12: hits on 7-20 (a natural 20 is a critical; flat damage: no dice to double)
Q = 1 - P
HIT5 = {"attack_bonus": 5, "damage": "5"}


def chained(runner=None, enemies=None, mode="move", options=None, **chase):
    data = {"system": "dnd", "situation": "chase", "edition": "5e2024", "mode": mode,
            "runner": runner or {"hp": 11, "hp_max": 11, "ac": 12},
            "enemies": enemies or [dict(HIT5)],
            "chase": {"after_exchange": True, **chase}}
    if options:
        data["options"] = options
    return fleeodds.load_scenario(data)


def test_the_exchange_feeds_the_chase():
    # exchange: one opportunity attack (hit 7/10, 5 damage) on 11 HP: 6 HP left (P) or 11 (Q).
    # chase: the pursuer 35 ft behind moves 30 ft and attacks, then the runner's Dash provokes: 2 attacks,
    # and 60 ft reach safety in round 1. From 6 HP two hits drop it; from 11 HP three are needed.
    sc = chained(distance=60, actions="dash", rounds=2, pursuers=[dict(HIT5, gap=35)])
    assert exact_by_outcome(sc) == {"down": P * P * P, "escaped": 1 - P ** 3}
    assert sc.exact_distribution("fraction")[(2, 1)] == P ** 3  # down in round 1


def test_down_or_stopped_in_the_exchange_is_round_0():
    # 5 HP: the exchange's hit (P) drops it: down in round 0. Otherwise 5 HP in the chase: one hit of two drops.
    sc = chained(runner={"hp": 5, "hp_max": 11, "ac": 12}, distance=60, actions="dash",
                 pursuers=[dict(HIT5, gap=35)])
    d = sc.exact_distribution("fraction")
    assert d[(2, 0)] == P
    assert d[(2, 1)] == Q * (1 - Q * Q)
    assert d[(0, 1)] == Q * Q * Q
    # a grappling hit stops the move: stopped in the exchange (round 0), never chased
    sc = chained(enemies=[dict(HIT5, on_hit="grapple")], distance=60, actions="dash",
                 pursuers=[dict(HIT5, gap=35)])
    d = sc.exact_distribution("fraction")
    codes = [o.code for o in sc.outcomes]
    assert d[(codes.index("move_cancelled"), 0)] == P
    assert exact_by_outcome(sc) == {"move_cancelled": P, "escaped": Q}  # 11 HP: two hits of 5 never drop it
    assert sc.summary()["by_round"][1]["stopped"] == P


def _saves(n: int) -> dict[str, Fraction]:
    """Brute force over n d20 faces of the death saves (SRD 5.1 "Death Saving Throws"): 20 back up, 1 two
    failures, 10+ success, else failure; three successes stable, three failures dead; unresolved: down."""
    out = {"back_up": F(0), "stable": F(0), "dead": F(0), "down": F(0)}
    for faces in product(range(1, 21), repeat=n):
        s = f = 0
        end = "down"
        for x in faces:
            if x == 20:
                end = "back_up"
                break
            if x >= 10:
                s += 1
            else:
                f += 2 if x == 1 else 1
            if s >= 3:
                end = "stable"
                break
            if f >= 3:
                end = "dead"
                break
        out[end] += F(1, 20 ** n)
    return out


def test_death_saves_in_the_chase():
    # no exchange: 5 HP, the adjacent pursuer hits on its turn in round 1 (P): down before the runner's turn,
    # so it rolls saves in rounds 1, 2, 3 (three saves); a miss (Q) and the runner disengages to safety.
    data = {"system": "dnd", "situation": "chase", "edition": "5e2024", "runner": {"hp": 5, "hp_max": 11, "ac": 12},
            "chase": {"rounds": 3, "distance": 30, "actions": "disengage", "death_saves": True,
                      "attack_downed": False, "pursuers": [dict(HIT5)]}}
    sc = fleeodds.load_scenario(data)
    three = _saves(3)
    # by hand (faces: 20 back up, 10-19 success 10/20, 2-9 failure 8/20, 1 two failures): dead within two
    # saves: 1 then 2-9, 2-9 then 1 (8 + 8), 1 then 1 (1): 17/400. Within three: after two non-final saves
    # two failures (F F: 64, 1 S / S 1: 20) die on any failure or 1 (9 faces); one failure (F S / S F: 160)
    # on a 1: (84 * 9 + 160) / 8000 more, 1256/8000 = 157/1000 in all.
    assert _saves(1)["dead"] == 0 and _saves(2)["dead"] == F(17, 400)
    assert three["dead"] == F(157, 1000)
    assert _saves(1)["back_up"] == F(1, 20) and _saves(1)["down"] == F(19, 20)
    assert three["stable"] == F(10, 20) ** 3  # three successes in a row
    by = exact_by_outcome(sc)
    assert by["escaped"] == Q
    for k in ("back_up", "stable", "dead", "down"):
        assert by.get(k, 0) == P * three[k], k
    rows = sc.summary()["by_round"]
    one = _saves(1)
    assert rows[1]["down"] == P * one["down"] and rows[1]["back_up"] == P * one["back_up"]
    assert rows[3]["dead"] == P * three["dead"]
    # a pursuer 200 ft away never reaches the runner (30 ft to safety): no attack, no save
    data["chase"]["actions"] = "move"
    data["chase"]["pursuers"] = [dict(HIT5, gap=200)]
    sc = fleeodds.load_scenario(data)
    assert exact_by_outcome(sc) == {"escaped": 1}


def test_opportunity_drop_saves_from_the_next_round():
    # the pursuer (reach 10, 10 ft away) attacks on its turn, misses or hits; runner 9 HP: 5 damage a hit.
    # Round 1: turn attack, then the opportunity attack as the runner moves: down at the 2nd hit (the
    # opportunity attack), first save in round 2; 2 rounds followed: one save.
    data = {"system": "dnd", "situation": "chase", "edition": "5e2024", "runner": {"hp": 9, "hp_max": 11, "ac": 12},
            "chase": {"rounds": 2, "distance": 30, "actions": "move", "death_saves": True,
                      "attack_downed": False, "pursuers": [dict(HIT5, reach=10, gap=10)]}}
    sc = fleeodds.load_scenario(data)
    one = _saves(1)
    by = exact_by_outcome(sc)
    assert by["escaped"] == 1 - P * P
    for k in ("back_up", "stable", "dead", "down"):
        assert by.get(k, 0) == P * P * one[k], k


def test_death_saves_after_the_exchange():
    # the exchange's drop (5 HP, P) is down at the start of the chase: its saves are rolled from round 1
    sc = chained(runner={"hp": 5, "hp_max": 11, "ac": 12}, distance=60, actions="dash", rounds=2,
                 death_saves=True, attack_downed=False, pursuers=[dict(HIT5, gap=35)])
    two = _saves(2)
    by = exact_by_outcome(sc)
    # the chase from 5 HP: the turn attack drops it before its turn (saves in rounds 1 and 2: two), or the
    # opportunity attack does (round 1's save is past: one save in round 2)
    one = _saves(1)
    for k in ("back_up", "stable", "dead", "down"):
        assert by.get(k, 0) == P * two[k] + Q * P * two[k] + Q * Q * P * one[k], k
    assert by["escaped"] == Q ** 3


def test_prone_after_the_exchange():
    # a Topple-like rider (prone, no save): a hit (P) leaves the runner prone with 6 HP. In round 1 the
    # adjacent... the pursuer 35 ft off moves to 5 ft and attacks a prone runner within 5 ft: Advantage
    # (1 - (6/20)^2 = 91/100); the runner stands (15 ft of its 60-ft Dash) and moves 45 ft: 50 ft to safety
    # is not reached in round 1 (standing: 60 ft, safe).
    sc = chained(enemies=[dict(HIT5, on_hit="prone")], distance=50, actions="dash", rounds=2,
                 pursuers=[dict(HIT5, gap=35)])
    prone = sc.plan[1]  # (standing start, prone start, the exchange)
    assert [(a.round, a.trigger, a.advantage) for a in prone.attacks][:2] == [(1, 0, 1), (1, 1, 0)]
    assert dict(prone.positions[0])["to_safety"] == 5 and prone.escape_round == 2
    PA = 1 - Q * Q
    # prone (P, 6 HP): round 1 turn attack (PA), opportunity attack (P); round 2: the pursuer (gap 50) moves
    # 30 ft and dashes to 5 ft: no attack; the runner's Dash provokes (P), then it is safe. Two hits of
    # three drop 6 HP. Standing (Q, 11 HP): two attacks, safe in round 1, never down.
    assert [(a.round, a.trigger) for a in prone.attacks] == [(1, 0), (1, 1), (2, 1)]
    two_of_three = PA * P + PA * Q * P + (1 - PA) * P * P
    by = exact_by_outcome(sc)
    assert by["down"] == P * two_of_three
    assert by["escaped"] == 1 - P * two_of_three
    assert sc.summary()["mean_rounds_to_safety"] == (Q * 1 + P * (1 - two_of_three) * 2) / (1 - P * two_of_three)


def test_the_pursuer_attacks_the_downed_runner():
    # 5 HP, the adjacent pursuer (+5, 5 damage) hits on its turn in round 1 (P): down; its save in round 1;
    # round 2: the pursuer attacks the unconscious runner with Advantage, from 5 ft: a hit is a critical, two
    # failures (5 < 11 HP max: no instant death); then its save. Brute force over the d20s (SRD 5.1
    # "Damage at 0 Hit Points", Appendix A "Unconscious").
    data = {"system": "dnd", "situation": "chase", "edition": "5e2024", "runner": {"hp": 5, "hp_max": 11, "ac": 12},
            "chase": {"rounds": 2, "distance": 30, "actions": "disengage", "death_saves": True,
                      "pursuers": [dict(HIT5)]}}
    sc = fleeodds.load_scenario(data)
    out = {"back_up": F(0), "stable": F(0), "dead": F(0), "down": F(0)}
    for s1, a1, a2, s2 in product(range(1, 21), repeat=4):
        w = F(1, 20 ** 4)
        if s1 == 20:
            out["back_up"] += w
            continue
        suc, fail = (1, 0) if s1 >= 10 else (0, 2 if s1 == 1 else 1)
        face = max(a1, a2)
        if face >= 7:  # hits on 7-20 (+5 vs AC 12), a critical from within 5 ft
            fail += 2
        if fail >= 3:
            out["dead"] += w
            continue
        if s2 == 20:
            out["back_up"] += w
            continue
        if s2 >= 10:
            suc += 1
        else:
            fail += 2 if s2 == 1 else 1
        out["dead" if fail >= 3 else "down"] += w  # two saves: never three successes
    by = exact_by_outcome(sc)
    assert by["escaped"] == Q
    for k, v in out.items():
        assert by.get(k, 0) == P * v, k
    assert [(st.round, st.save, st.advantage, st.auto_crit) for st in sc.plan.after_drop[0]] == [
        (1, True, 0, False), (2, False, 1, True), (2, True, 0, False)]


def test_after_exchange_refusals():
    with pytest.raises(FleeoddsError) as err:
        chained(options={"death_saves_in_exchange": True}, pursuers=[HIT5])
    assert str(err.value).startswith("options.death_saves_in_exchange:")
    with pytest.raises(FleeoddsError) as err:
        chained(enemies=[dict(HIT5, on_hit="prone"), dict(HIT5, on_hit="slow")], pursuers=[HIT5])
    assert str(err.value).startswith("enemies:")
    with pytest.raises(FleeoddsError) as err:  # one drawn AC would have to serve both parts
        chained(runner={"hp": 11, "ac": "12-14"}, pursuers=[HIT5])
    assert str(err.value).startswith("runner.ac:")
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "situation": "chase", "edition": "5e2024",
                                "runner": {"hp": 5, "ac": 12},
                                "chase": {"after_exchange": True, "pursuers": [HIT5]}})
    assert str(err.value).startswith("enemies:")


@pytest.mark.statistical
@pytest.mark.slow
@pytest.mark.parametrize("saves, rider", [(False, "prone"), (True, "prone"), (True, "grapple")])
def test_chained_chase_agrees_with_monte_carlo(saves, rider):
    sc = chained(runner={"preset": "srd5_rogue_1"}, mode="move",
                 enemies=[{"preset": "srd51_orc"}, dict(HIT5, on_hit=rider)],
                 distance=90, actions="dash", rounds=3, death_saves=saves,
                 pursuers=[{"preset": "srd51_orc", "aggressive": True, "gap": 35}])
    assert_agree(sc, trials=100_000)


@pytest.mark.statistical
@pytest.mark.slow
def test_chase_with_attacks_on_the_downed_runner_agrees_with_monte_carlo():
    # no exchange; two pursuers (one Aggressive orc, a shooter), death saves and attacks on the fallen runner
    data = {"system": "dnd", "situation": "chase", "edition": "5e2024", "runner": {"hp": 7, "hp_max": 9, "ac": 13},
            "chase": {"rounds": 4, "distance": 150, "actions": "dash", "death_saves": True,
                      "pursuers": [{"preset": "srd51_orc", "aggressive": True, "gap": 10},
                                   {"attack_bonus": 4, "damage": "1d6+2", "ranged": True, "gap": 30}]}}
    assert_agree(fleeodds.load_scenario(data), trials=100_000)


def test_rows_by_round_sum_to_one():
    # every round's row is a partition: safe, down (unresolved), dead, stable, back up, still chased, stopped
    sc = fleeodds.load_scenario("dnd/rogue_leaves_orc_and_wolf_then_runs_2024.toml")
    for setup in [sc] + [v.scenario for v in sc.variants()]:
        for r, row in setup.summary()["by_round"].items():
            assert sum(row.values()) == 1, (r, row)
        assert sum(setup.exact_distribution("fraction").values()) == 1
