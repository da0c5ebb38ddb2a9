"""Every case of tests/oracles/warhammer.json: exact solver to 1e-12 (and as a Fraction),
Monte Carlo inside a 99.9 % interval."""

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.systems.warhammer.plan.leadership import LdTest, ld_test_pass

from ...conftest import assert_mc_agrees, oracle_cases

MC_TRIALS = 400_000
DICE = {"2D6": "2d6", "3D6": "3d6"}


def _unit(name, movement=4, leadership=7):
    return {"name": name, "movement": movement, "leadership": leadership}


def scenario_for(case):
    """(scenario dict, outcome code) reproducing an oracle case, built from its parameters."""
    p = case["parameters"]
    cid = case["id"]
    if cid.startswith("wfb_pursuit_"):
        return {"system": "warhammer", "situation": "fleeing", "fleeing": _unit("F"), "pursuer": _unit("P"),
                "options": {"flee_roll": DICE[p["flee_roll"]], "pursuit_roll": DICE[p["pursuit_roll"]],
                            "tie_rule": p["tie_rule"]}}, "caught"
    if "_break_" in cid:
        edition = "6th" if cid.startswith("wfb6") else "7th"
        return {"system": "warhammer", "edition": edition, "situation": "break",
                "fleeing": _unit("F", leadership=p["leadership"]), "pursuer": _unit("P"),
                "combat": {"margin": p["margin"]},
                # the edition's default written only where it is not (an option without effect is refused)
                "options": {} if p["insane_courage"] == (edition == "7th") else
                {"insane_courage": p["insane_courage"]}}, "held"
    if cid == "wfb_rally_ld7":
        # one rally test of an unpursued unit with no table edge: rallies on turn 1 or is still fleeing
        return {"system": "warhammer", "situation": "fleeing", "fleeing": _unit("F", leadership=p["leadership"]),
                "pursuer": _unit("P"), "table": {"max_turns": 1},
                "options": {"pursuer_restrains": "always"}}, "rallied"
    if cid == "wfb7_charge_fleeing_unit_m4_gap3":
        return {"system": "warhammer", "edition": "7th", "situation": "charge_fleeing",
                "fleeing": _unit("F"), "pursuer": _unit("Charger", movement=p["charger_move"]),
                "table": {"gap": p["gap_inches"]}, "options": {"tie_rule": p["reach_tie"]}}, "run_down"
    if cid == "wfb7_ld7_lost_by_2_destroyed_in_pursuit":
        return {"system": "warhammer", "edition": "7th", "situation": "break",
                "fleeing": _unit("F", leadership=p["leadership"]), "pursuer": _unit("P"),
                "combat": {"margin": p["margin"]}, "options": {"tie_rule": p["tie_rule"]}}, "caught"
    if cid == "wfb8_flee_reaction_gap4_edge5_run_down":
        return {"system": "warhammer", "edition": "8th", "situation": "flee_reaction", "fleeing": _unit("F"),
                "pursuer": _unit("Charger", movement=p["charger_move"]),
                "table": {"gap": p["gap_inches"], "edge_distance": p["edge_distance_inches"]}}, "run_down"
    if cid == "wfb7_draw_winner_musician_destroyed_in_pursuit":
        return {"system": "warhammer", "edition": "7th", "situation": "break",
                "fleeing": _unit("F", leadership=p["leadership"]),
                "pursuer": dict(_unit("P"), musician=True), "combat": {"margin": p["margin_before_musicians"]},
                "table": {"max_turns": 0}}, "caught"
    if cid == "wfb7_panic_ld7_edge12_rallied":
        return {"system": "warhammer", "edition": "7th", "situation": "panic",
                "fleeing": _unit("F", leadership=p["leadership"]),
                "table": {"edge_distance": p["edge_distance_inches"], "max_turns": p["max_rally_attempts"]}}, \
            "rallied"
    if cid.startswith("wfb7_chain_"):
        outcome = {"destroyed_in_pursuit": "caught", "rallied": "rallied", "off_table": "escaped_off_table"}[
            cid.split("edge12_")[1]]
        return {"system": "warhammer", "edition": "7th", "situation": "fleeing",
                "fleeing": _unit("F", leadership=p["leadership"]), "pursuer": _unit("P"),
                "table": {"gap": p["initial_gap_inches"], "edge_distance": p["edge_distance_inches"],
                          "max_turns": p["max_rally_attempts"]},
                "options": {"tie_rule": p["tie_rule"], "catch_vs_edge_order": "catch_first",
                            "edge_contact": "touch"}}, outcome
    return None, None


CASES = [c for c in oracle_cases("warhammer") if scenario_for(c)[0] is not None]


def test_every_non_dice_case_is_covered():
    """Each oracle case is reproduced here or by the dice tests (its distribution)."""
    assert len(CASES) == 16
    for c in oracle_cases("warhammer"):
        assert scenario_for(c)[0] is not None or "distribution" in c, c["id"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_exact_solver(case):
    data, code = scenario_for(case)
    sc = fleeodds.load_scenario(data)
    i = sc.outcome_index(code)
    fr = sum(p for (o, _), p in sc.exact_distribution("fraction").items() if o == i)
    assert fr == Fraction(case["exact"])
    fl = sum(p for (o, _), p in sc.exact_distribution("float").items() if o == i)
    assert abs(fl - float(Fraction(case["exact"]))) < 1e-12
    assert abs(fl - case["value"]) < 1e-11


@pytest.mark.statistical
@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_monte_carlo(case):
    data, code = scenario_for(case)
    sc = fleeodds.load_scenario(data)
    sim = simulate(sc.kernel(), trials=MC_TRIALS, seed=2024, progress=False)
    assert sim.counts.sum() == MC_TRIALS
    assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), MC_TRIALS, float(Fraction(case["exact"])),
                     case["id"])


def test_rally_test_probability_directly():
    case = next(c for c in oracle_cases("warhammer") if c["id"] == "wfb_rally_ld7")
    assert ld_test_pass(LdTest(ld=case["parameters"]["leadership"])) == Fraction(case["exact"])
