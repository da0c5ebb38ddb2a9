"""The shipped TOW flee scenarios (issue 26 item 4): `rank` and `matrix` read the TOW rank scenario,
and the break and charge-reaction examples give the numbers a hand derivation gives.

Hand derivations (TOW Break test, tow.whfb.app/the-combat-phase/break-test): a natural 2 or
2D6 + margin <= Ld gives ground; a Warband adds its Rank Bonus to Ld on the Break test
(tow.whfb.app/special-rules/warband).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.rank import rank_units

DATA = Path(__file__).resolve().parents[2] / "data" / "bsdata"
RANK_TOW = "warhammer/rank_broken_by_2_tow.toml"


def gave_ground(ld: int, margin: int) -> Fraction:
    return sum((Fraction(1, 36) for a, b in itertools.product(range(1, 7), repeat=2)
                if a + b == 2 or a + b + margin <= ld), Fraction(0))


def test_rank_tow_warband_units_hold_their_break_tests_more_often():
    sc = fleeodds.load_scenario(RANK_TOW)
    army = [{"name": "Orc Mob", "movement": 4, "leadership": 6, "troop_type": "infantry", "rules": ["warband"]},
            {"name": "Hired Spears", "movement": 4, "leadership": 6, "troop_type": "infantry", "rules": []},
            {"name": "Wolf Riders", "movement": 9, "leadership": 6, "troop_type": "cavalry", "rules": ["swiftstride"]}]
    r = rank_units(sc, army, "fleeing")
    assert not r.failures and set(r.table.method) == {"exact"}
    by_unit = r.table.set_index("unit")
    # margin 2; the scenario's rank_bonus 2 counts for the Warband only: Ld 8 against Ld 6
    assert by_unit.loc["Orc Mob", "gave_ground"] == pytest.approx(float(gave_ground(8, 2)), abs=1e-12)
    assert by_unit.loc["Hired Spears", "gave_ground"] == pytest.approx(float(gave_ground(6, 2)), abs=1e-12)
    assert gave_ground(8, 2) == Fraction(15, 36) and gave_ground(6, 2) == Fraction(6, 36)


def test_rank_tow_swiftstride_pursuers_catch_more():
    sc = fleeodds.load_scenario(RANK_TOW)
    army = [{"name": "Boar Boyz", "movement": 7, "leadership": 7, "troop_type": "cavalry", "rules": ["swiftstride"]},
            {"name": "Boyz", "movement": 7, "leadership": 7, "troop_type": "infantry", "rules": []}]
    r = rank_units(sc, army, "pursuing").table.set_index("unit")
    assert r.loc["Boar Boyz", "caught"] > r.loc["Boyz", "caught"]


@pytest.mark.slow
def test_cli_rank_and_matrix_with_the_tow_scenario(tmp_path):
    from fleeodds.cli import main

    cat_a, cat_b, gst = DATA / "greenskin_warband_8th.cat", DATA / "scaled_host_8th.cat", DATA / "made_up_8th.gst"
    res = CliRunner().invoke(main, ["rank", str(cat_a), "--system", str(gst), "--scenario", RANK_TOW])
    assert res.exit_code == 0, res.output
    assert "Cave Goblins" in res.output and "gave ground" in res.output
    res = CliRunner().invoke(main, ["matrix", str(cat_a), str(cat_b), "--system", str(gst), "--scenario", RANK_TOW,
                                    "--no-progress", "--out", str(tmp_path / "m.json")])
    assert res.exit_code == 0, res.output
    assert "Scale Guard" in res.output and "Cave Goblins" in res.output


def test_charge_reaction_example_compares_flee_and_fire_and_flee():
    sc = fleeodds.load_scenario("warhammer/wolf_riders_charge_reaction_tow.toml")
    labels = [v.label().render("en") for v in sc.variants()]
    assert labels[:2] == ["Flee", "Fire & Flee"]
    # Empire Knights M8 + max2D6 + D6 against 10" + the flight; flee 2D6 + D6 or max2D6 + D6, edge 12" (touch)
    def run_down(flee: dict[int, Fraction]) -> Fraction:
        out = Fraction(0)
        for f, pf in flee.items():
            if f >= 12:
                continue  # off the table before the charge
            for a, b, c in itertools.product(range(1, 7), repeat=3):
                if 8 + max(a, b) + c >= 10 + f:
                    out += pf * Fraction(1, 216)
        return out
    flee_2d6_d6: dict[int, Fraction] = {}
    fire_max_d6: dict[int, Fraction] = {}
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        flee_2d6_d6[a + b + c] = flee_2d6_d6.get(a + b + c, 0) + Fraction(1, 216)
        fire_max_d6[max(a, b) + c] = fire_max_d6.get(max(a, b) + c, 0) + Fraction(1, 216)
    for v, flee in zip(sc.variants(), (flee_2d6_d6, fire_max_d6)):
        dist = v.scenario.exact_distribution("fraction")
        got = sum((p for (i, _), p in dist.items() if v.scenario.outcomes[i].code == "run_down"), Fraction(0))
        assert got == run_down(flee), v.label().render("en")
