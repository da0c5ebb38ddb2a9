"""Every case of tests/oracles/hell_dorado.json, exact (as Fractions) and by Monte Carlo (|z| < 3.29)."""

import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from fleeodds import engine
from fleeodds.systems.hell_dorado.scenarios import load_scenario

TRIALS = 400_000
Z_MAX = 3.29
DUMMY = [{"name": "arme", "damage": [1, 2, 3, 4, 5]}]


def _z(count, trials, p):
    se = math.sqrt(p * (1 - p) / trials)
    return 0.0 if se == 0 and count / trials == p else (count / trials - p) / se


def _pass(cbt, support, defence, riposte=False, b_cbt=3, a_def=4):
    data = {"system": "hell_dorado", "type": "passe",
            "attacker": {"name": "A", "cbt": cbt, "support": support, "def": a_def, "weapons": DUMMY},
            "defender": {"name": "B", "cbt": b_cbt, "def": defence, "pv": 99, "weapons": DUMMY},
            "passe": {"riposte": riposte, "report": "hits"}}
    return load_scenario(data, Path.cwd())


def _flee(p, two_adversaries, attacker_cbt=None):
    table = [p["damage_table"][str(i)] for i in range(1, 6)]
    advs = [{"name": "A", "cbt": p["attacker_cbt"], "weapons": [{"name": "w", "damage": table}]}]
    if two_adversaries:
        advs.append({"name": "B", "cbt": 2, "weapons": DUMMY})
    data = {"system": "hell_dorado",
            "fleeing": {"name": "F", "def": p["fleer_def"], "pro": p["fleer_pro"], "pv": p["fleer_pv"]},
            "adversaries": advs, "fuite": {"attacker": "A"}}
    return load_scenario(data, Path.cwd())


def _outcome_prob(sc, code, mode="fraction"):
    i = sc.outcome_index(code)
    return sum((p for (o, _), p in sc.exact_distribution(mode).items() if o == i), Fraction(0))


def _mc(sc, seed):
    return engine.simulate(sc.kernel(), trials=TRIALS, seed=seed, progress=False)


AT_LEAST_ONE = ["hd_cbt3_vs_def4_at_least_one_hit", "hd_cbt3_support1_vs_def4_at_least_one_hit",
                "hd_cbt7_vs_def4_at_least_one_hit", "hd_cbt7_vs_def6_at_least_one_hit"]


@pytest.mark.statistical
@pytest.mark.parametrize("case_id", AT_LEAST_ONE)
def test_at_least_one_hit(hd_oracle, case_id):
    case = hd_oracle[case_id]
    p = case["parameters"]
    sc = _pass(p["cbt"], p["support"], p["def"])
    if "rolled" in p:
        d = sc.a.describe()
        assert (d["rolled"], d["rerolls"]) == (p["rolled"], p["rerolls"])
    want = Fraction(case["exact"])
    got = _outcome_prob(sc, "hit")
    assert got == want
    assert abs(float(_outcome_prob(sc, "hit", "float")) - case["value"]) < 1e-12
    sim = _mc(sc, seed=11)
    assert abs(_z(int(sim.outcome_counts[sc.outcome_index("hit")]), sim.trials, float(want))) < Z_MAX


@pytest.mark.statistical
def test_hit_distribution(hd_oracle):
    case = hd_oracle["hd_cbt7_vs_def4_hit_distribution"]
    p = case["parameters"]
    sc = _pass(p["cbt"], p["support"], p["def"])
    dist = {}
    for (_, h), q in sc.exact_distribution("fraction").items():
        dist[h] = dist.get(h, Fraction(0)) + q
    assert {str(h): q for h, q in dist.items()} == {k: Fraction(v) for k, v in case["distribution"].items()}
    assert dist[3] == Fraction(case["exact"])
    assert sum(h * q for h, q in dist.items()) == Fraction(case["mean"])
    sim = _mc(sc, seed=12)
    per_hits = sim.counts.sum(axis=0)
    for h, q in dist.items():
        assert abs(_z(int(per_hits[h]), sim.trials, float(q))) < Z_MAX, h
    mean_mc = (per_hits * np.arange(6)).sum() / sim.trials
    assert abs(mean_mc - float(Fraction(case["mean"]))) < 3.29 * 1.2 / math.sqrt(sim.trials)


@pytest.mark.statistical
@pytest.mark.parametrize("case_id,code,two", [
    ("hd_flee_support_kill", "killed", True),
    ("hd_flee_support_move_happens", "fled", True),
    ("hd_flee_no_support_kill", "killed", False),
    ("hd_flee_with_reroll_kill", "killed", True),
])
def test_flee(hd_oracle, case_id, code, two):
    case = hd_oracle[case_id]
    p = case["parameters"]
    assert (p["support"] == 1) == two
    sc = _flee(p, two)
    assert sc.attack.n_dice == p["attacker_cbt"] + p["support"]
    want = Fraction(case["exact"])
    assert _outcome_prob(sc, code) == want
    assert abs(float(_outcome_prob(sc, code, "float")) - case["value"]) < 1e-12
    sim = _mc(sc, seed=13)
    assert abs(_z(int(sim.outcome_counts[sc.outcome_index(code)]), sim.trials, float(want))) < Z_MAX


def test_flee_through_public_api(hd_oracle):
    import fleeodds

    case = hd_oracle["hd_flee_support_kill"]
    sc = _flee(case["parameters"], True)
    tab = fleeodds.evaluate(sc, trials=TRIALS, seed=5)
    assert tab.exact_fractions["killed"] == case["exact"]
    assert tab.exact_fractions["fled"] == hd_oracle["hd_flee_support_move_happens"]["exact"]
    mc = tab.frame[tab.frame.method == "monte_carlo"].set_index("outcome")
    assert abs(mc.loc["killed", "z"]) < Z_MAX and abs(mc.loc["fled", "z"]) < Z_MAX


@pytest.mark.statistical
def test_simultaneous_pass(hd_oracle):
    case = hd_oracle["hd_simultaneous_pass_only_a_scores"]
    p = case["parameters"]
    sc = _pass(p["a_cbt"], 0, p["b_def"], riposte=True, b_cbt=p["b_cbt"], a_def=p["a_def"])
    assert sc.duel
    want = Fraction(case["exact"])
    assert _outcome_prob(sc, "attacker_only_hits") == want
    sim = _mc(sc, seed=14)
    k = int(sim.outcome_counts[sc.outcome_index("attacker_only_hits")])
    assert abs(_z(k, sim.trials, float(want))) < Z_MAX


def _table(p):
    return [p["damage_table"][str(i)] for i in range(1, 6)]


def _one_sided(cbt, defence, pro, pv, table, esquive=None):
    data = {"system": "hell_dorado", "type": "passe",
            "attacker": {"name": "A", "cbt": cbt, "weapons": [{"name": "w", "damage": table}]},
            "defender": {"name": "D", "def": defence, "pro": pro, "pv": pv,
                         **({"capacities": [f"Esquive {esquive}"]} if esquive else {})},
            "passe": {"riposte": False, **({"charge": True} if esquive else {})}}
    return load_scenario(data, Path.cwd())


@pytest.mark.statistical
@pytest.mark.parametrize("case_id,code", [("hd_esquive3_dodges_charge", "dodged"),
                                          ("hd_esquive2_charge_then_kill", "killed"),
                                          ("hd_esquive2_charge_then_kill", "dodged"),
                                          ("hd_cbt12_overflow_kill", "killed")])
def test_esquive_and_overflow(hd_oracle, case_id, code):
    case = hd_oracle[case_id]
    p = case["parameters"]
    if case_id == "hd_esquive3_dodges_charge":
        sc = _one_sided(3, 4, 0, 3, [1, 2, 3, 4, 5], esquive=p["esquive"])
        want = Fraction(case["exact"])
    elif case_id == "hd_esquive2_charge_then_kill":
        sc = _one_sided(p["attacker_cbt"], p["def"], p["pro"], p["pv"], _table(p), esquive=p["esquive"])
        want = Fraction(case["exact"]) if code == "killed" else Fraction(p["esquive"], 6)
    else:
        sc = _one_sided(p["cbt"], p["def"], p["pro"], p["pv"], _table(p))
        d = sc.a.describe()
        assert (d["rolled"], d["rerolls"], d["auto_damage"]) == (p["rolled"], p["rerolls"], p["auto_damage"])
        want = Fraction(case["exact"])
    assert _outcome_prob(sc, code) == want
    sim = _mc(sc, seed=15)
    assert abs(_z(int(sim.outcome_counts[sc.outcome_index(code)]), sim.trials, float(want))) < Z_MAX


def test_detour_puts_the_attractor_out_of_reach(hd_oracle):
    from fleeodds.systems.hell_dorado.plan.paths import obstacles, shortest_to_contact

    case = hd_oracle["hd_attraction_detour_out_of_reach"]
    p = case["parameters"]

    def scenario(ally_x):
        data = {"system": "hell_dorado", "type": "attraction", "attraction": {"focus": "B"},
                "attractors": [{"name": "H", "base": "petit", "capacities": [f"Attraction {p['attraction']}"],
                                "x": float(p["holder"][0]), "y": float(p["holder"][1])}],
                "adversaries": [{"name": "B", "base": "petit", "mou": p["b_mou"], "x": float(p["b"][0]),
                                 "y": float(p["b"][1])},
                                {"name": "C", "base": "petit", "x": ally_x, "y": float(p["ally"][1])}]}
        return load_scenario(data, Path.cwd())

    sc = scenario(float(p["ally"][0]))
    assert sc.detours
    assert _outcome_prob(sc, "pulled") == Fraction(case["exact"]) == 0
    assert _outcome_prob(sc, "unaffected") == 1
    # the path found round the ally: the hand value (two tangents and an arc), to the drawn arcs' precision
    r = 15 / 25.4
    found = shortest_to_contact(tuple(map(float, p["b"])), (0.0, 0.0), 2 * r, obstacles([], [(0.0, -4.0, r)], r))
    assert found[0] == pytest.approx(p["detour_to_contact"], rel=1e-3)
    assert 8 - 2 * r == pytest.approx(p["straight_to_contact"], abs=1e-6)
    # the ally out of the way: the straight line (6.82) is within the Charge (7): pulled
    assert _outcome_prob(scenario(-3.0), "pulled") == 1
    sim = _mc(sc, seed=16)
    assert int(sim.outcome_counts[sc.outcome_index("unaffected")]) == sim.trials


@pytest.mark.statistical
def test_photo2_flee_stopped_short(hd_oracle):
    case = hd_oracle["hd_photo2_flee_stopped_short"]
    p = case["parameters"]
    fl, ad, en = p["fleer"], p["adversary"], p["enemy"]
    data = {"system": "hell_dorado",
            "fleeing": {"name": "F", "def": fl["def"], "pro": fl["pro"], "pv": fl["pv"], "mou": fl["mou"],
                        "base": float(fl["base_mm"]), "x": 0.0, "y": 0.0},
            "adversaries": [{"name": "A", "cbt": ad["cbt"], "weapons": [{"name": "w", "damage": _table(ad)}],
                             "base": float(ad["base_mm"]), "x": float(Fraction(ad["x"])), "y": 0.0}],
            "others": [{"name": "Isha", "base": float(en["base_mm"]), "x": float(en["x"]),
                        "y": float(Fraction(en["y"]))}],
            "fuite": {"direction": float(p["direction"]), "next_activation": False}}  # the move alone
    sc = load_scenario(data, Path.cwd())
    assert sc.flee_distance == pytest.approx(float(Fraction(p["move_length"])), abs=1e-12)
    assert sc.stopped_by == "Isha"
    want = Fraction(case["exact"])
    assert _outcome_prob(sc, "fled") == want
    sim = _mc(sc, seed=17)
    assert abs(_z(int(sim.outcome_counts[sc.outcome_index("fled")]), sim.trials, float(want))) < Z_MAX
