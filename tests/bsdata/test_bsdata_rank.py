"""`fleeodds rank` and the two click commands.

Probabilities are checked against hand derivations written here (7th edition,
digest §3.2–3.3: broken if 2D6 + margin > Ld unless double 1; flee 2D6, or 3D6
when M > 6; caught when pursuit >= flee).
"""

from __future__ import annotations

import os
import itertools
import tomllib
from fractions import Fraction
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.cli_bsdata import import_bsdata, rank
from fleeodds.errors import InputError
from fleeodds.rank import format_ranking, rank_units
from tests.lang_helpers import _in  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
ARMY = DATA / "fixture_army.cat"
GST = DATA / "fixture_system.gst"
REAL = Path(os.environ.get("FLEEODDS_SHARED", Path(__file__).resolve().parents[2].parent / "shared")) / "data" / "bsdata-whfb"

SCENARIO_7TH = {"system": "warhammer", "title": "lost by 2 (7th)", "edition": "7th", "situation": "break",
                "fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Dwarf Warriors"},
                "combat": {"margin": 2}, "table": {"max_turns": 0}}  # the exchange alone, as derived below


def _sum_pmf(n: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for dice in itertools.product(range(1, 7), repeat=n):
        out[sum(dice)] = out.get(sum(dice), 0) + Fraction(1, 6 ** n)
    return out


def _held(ld: int, margin: int) -> Fraction:
    """7th: holds if 2D6 + margin <= Ld, or on a natural double 1 (Insane Courage)."""
    return sum(Fraction(1, 36) for a in range(1, 7) for b in range(1, 7)
               if a + b + margin <= ld or (a == 1 and b == 1))


def _p_catch(pursuit_dice: int, flee_dice: int) -> Fraction:
    p, f = _sum_pmf(pursuit_dice), _sum_pmf(flee_dice)
    return sum(pp * pf for x, pp in p.items() for y, pf in f.items() if x >= y)


def _unit(name, m, ld, **kw):
    return {"name": name, "movement": m, "leadership": ld, "troop_type": "infantry", "rules": [], **kw}


def test_rank_fleeing_by_hand():
    sc = fleeodds.load_scenario(SCENARIO_7TH)
    units = [_unit("Steady", 4, 9), _unit("Skittish", 4, 5), _unit("Average", 5, 7)]
    r = rank_units(sc, units, "fleeing")
    assert list(r.table.unit) == ["Steady", "Average", "Skittish"]  # least often caught first
    catch = _p_catch(2, 2)
    for name, ld in (("Steady", 9), ("Skittish", 5), ("Average", 7)):
        row = r.table.set_index("unit").loc[name]
        held = _held(ld, 2)
        assert row["held"] == pytest.approx(float(held), abs=1e-12)
        assert row["caught"] == pytest.approx(float((1 - held) * catch), abs=1e-12)
        assert row["escaped"] == pytest.approx(float((1 - held) * (1 - catch)), abs=1e-12)
        assert row["method"] == "exact"


def test_rank_pursuing_by_hand():
    sc = fleeodds.load_scenario(SCENARIO_7TH)  # Night Goblins (M4 Ld5) flee from each unit
    r = rank_units(sc, [_unit("Walkers", 4, 8), _unit("Riders", 8, 7, troop_type="cavalry")], "pursuing")
    assert list(r.table.unit) == ["Riders", "Walkers"]  # most often catching first
    broken = 1 - _held(5, 2)
    t = r.table.set_index("unit")
    assert t.loc["Walkers", "caught"] == pytest.approx(float(broken * _p_catch(2, 2)), abs=1e-12)
    assert t.loc["Riders", "caught"] == pytest.approx(float(broken * _p_catch(3, 2)), abs=1e-12)


def test_rank_vs_and_bad_units():
    sc = fleeodds.load_scenario(SCENARIO_7TH)
    fast = _unit("Fast chaser", 8, 7)
    r = rank_units(sc, [_unit("Ok", 4, 7), _unit("Broken data", 4, 12)], "fleeing", vs=fast)
    assert list(r.table.unit) == ["Ok"]
    assert r.failures and r.failures[0][0] == "Broken data" and "leadership" in r.failures[0][1]
    assert r.table.loc[0, "caught"] == pytest.approx(float((1 - _held(7, 2)) * _p_catch(3, 2)), abs=1e-12)
    text = _in("fr", format_ranking, r)
    assert "Cd" in text and "rattrapée" in text


def test_rank_bad_arguments():
    sc = fleeodds.load_scenario(SCENARIO_7TH)
    with pytest.raises(InputError) as exc:
        rank_units(sc, [_unit("a", 4, 7)], "hiding")
    assert exc.value.field == "role" and "'fleeing' or 'pursuing'" in str(exc.value)
    with pytest.raises(InputError) as exc:
        rank_units(sc, [], "fleeing")
    assert exc.value.field == "profiles"


@pytest.fixture
def cli():
    from fleeodds.cli import main

    assert main.get_command(None, "import-bsdata") is import_bsdata and main.get_command(None, "rank") is rank
    return main


def test_cli_import(cli, tmp_path):
    out = tmp_path / "army.toml"
    res = CliRunner().invoke(cli, ["import-bsdata", str(ARMY), "--system", str(GST), "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "wrote 4 profiles" in res.stdout
    assert "Clay Golem: Ld ''" in res.stderr
    assert "Animosity ×1" in res.stderr and "rules read (" in res.stderr and "Hatred ×1" in res.stderr
    assert [p["name"] for p in tomllib.loads(out.read_text())["profile"]] == ["Spear Goblins", "Wolf Riders",
                                                                              "Mangler Beasts", "Warchief"]
    res = CliRunner().invoke(cli, ["import-bsdata", str(ARMY), "-v"])
    assert res.exit_code == 0 and "Wolf Riders" in res.stdout and "note: Warchief: A '*'" in res.stderr
    assert "note: Mangler Beasts: M '2D6': Random Movement" in res.stderr


def test_cli_import_bad_file(cli):
    res = CliRunner().invoke(cli, ["import-bsdata", str(DATA / "not_xml.cat")])
    assert res.exit_code == 2
    assert "catalogue" in res.stderr and "XML" in res.stderr and "Traceback" not in res.output


@pytest.mark.slow
def test_cli_rank(cli, tmp_path):
    sc = tmp_path / "sc.toml"
    sc.write_text('system = "warhammer"\ntitle = "lost by 2"\nedition = "7th"\n'
                  '[fleeing]\nprofile = "Night Goblins"\n[pursuer]\nprofile = "Dwarf Warriors"\n'
                  '[combat]\nmargin = 2\n', encoding="utf-8")
    chart = tmp_path / "rank.png"
    res = CliRunner().invoke(cli, ["rank", str(ARMY), "--system", str(GST), "--scenario", str(sc),
                                   "--chart", str(chart), "--lang", "fr"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    order = [n for line in lines for n in ("Spear Goblins", "Wolf Riders", "Warchief") if line.startswith(n)]
    # 7th, margin 2, sorted by P(caught) ascending, derived by hand:
    # Spear Goblins: Stubborn (plain Ld 6) and Cold-blooded (3D6 drop highest <= 6, or kept pair 1-1), flee 2D6
    cold = sum(Fraction(1, 216) for d in itertools.product(range(1, 7), repeat=3)
               if sum(sorted(d)[:2]) <= 6 or sorted(d)[:2] == [1, 1])
    expected = {"Spear Goblins": (1 - cold) * _p_catch(2, 2),
                "Warchief": (1 - _held(8, 2)) * _p_catch(2, 2),     # Ld 8, flees 2D6
                "Wolf Riders": (1 - _held(6, 2)) * _p_catch(2, 3)}  # Ld 6, M 9 flees 3D6
    assert order == sorted(expected, key=expected.get)
    assert "Cd" in res.stdout and chart.stat().st_size > 1000
    assert "exacte" in res.stdout and " exact\n" not in res.stdout  # la méthode exacte
    res = CliRunner().invoke(cli, ["rank", str(ARMY), "--system", str(GST), "--scenario", str(sc), "-v",
                                   "--lang", "fr"])
    assert res.exit_code == 0, res.output
    assert "non importée : Clay Golem : Cd ''" not in res.stderr  # a characteristic's short name stays as written
    assert "remarque : Warchief : A '*' : pas un nombre sur le profil 'Warchief' ; A omis" in res.stderr, res.stderr
    for english in ("profile", "not imported", "left out", " on ", "note:"):
        assert english not in res.stderr, (english, res.stderr)
    res = CliRunner().invoke(cli, ["rank", str(ARMY), "--scenario", str(sc), "--vs", "Nobody"])
    assert res.exit_code == 2 and "vs: 'Nobody'" in res.stderr


MADE = Path(__file__).resolve().parents[1] / "data" / "bsdata"
RANKED = [pytest.param((MADE / "greenskin_warband_8th.cat", MADE / "made_up_8th.gst", "Cave Goblins", "Gnasher Swarm"),
                       id="made-up")]
if (REAL / "Orcs and Goblins - 8thBRB_8thAB.cat").is_file():  # the real catalogue as a cross-check
    RANKED.append(pytest.param((REAL / "Orcs and Goblins - 8thBRB_8thAB.cat", REAL / "Warhammer Fantasy 8th ed.gst",
                                "Night Goblins", "Snotlings"), id="real"))


@pytest.mark.parametrize("case", RANKED)
def test_army_ranked_exactly(case):
    from fleeodds.systems.warhammer.list_building import import_catalogue

    cat, gst, ld5_unit, unbreakable_unit = case
    army = import_catalogue(cat, gst)
    sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")
    r = rank_units(sc, army.profiles, "fleeing")
    assert len(r.table) == len(army.profiles) and not r.failures
    assert set(r.table.method) == {"exact"}
    # 8th, Ld 5 - margin 2: holds on 2D6 <= 3 (a double 1 is included)
    held = sum(Fraction(1, 36) for a in range(1, 7) for b in range(1, 7) if a + b <= 3)
    assert r.table.set_index("unit").loc[ld5_unit, "held"] == pytest.approx(float(held), abs=1e-12)
    assert r.table.set_index("unit").loc[unbreakable_unit, "held"] == pytest.approx(1.0, abs=1e-12)  # Unbreakable
    totals = r.table[[c for c, _ in r.outcomes]].sum(axis=1)
    assert (abs(totals - 1) < 1e-9).all()


def test_a_role_the_scenario_refuses_for_every_unit_is_one_error():
    """`rank --role pursuing` on a [[pursuers]] scenario: the scenario refuses the role whatever the
    unit, so the command says it once and fails (it printed the line per unit, then an empty table
    and exit 0)."""
    from fleeodds.cli import main

    repo = Path(__file__).resolve().parents[2] / "tests" / "data" / "bsdata"
    res = CliRunner().invoke(main, ["rank", str(repo / "greenskin_warband_8th.cat"), "--system",
                                    str(repo / "made_up_8th.gst"), "--scenario", "warhammer/wolves_and_orcs_pursue.toml",
                                    "--role", "pursuing"])
    assert res.exit_code != 0
    assert res.output.count("role: 'pursuing' is not allowed") == 1, res.output
