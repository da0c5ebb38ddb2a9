"""The command line end to end: run, formats, charts, languages, errors without tracebacks."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from fleeodds.cli import main

from tests.conftest import oracle_cases


@pytest.fixture
def runner():
    return CliRunner()


def test_examples_lists_the_source_text_situations(runner):
    r = runner.invoke(main, ["examples"])
    assert r.exit_code == 0
    for name in ("goblins_broken_by_dwarfs", "goblins_rally_or_flee_to_edge", "goblins_charge_fleeing_dwarfs"):
        assert name in r.output
    assert "invalid" not in r.output


def test_run_json_holds_every_row_and_manifest(runner, tmp_path):
    chart = tmp_path / "c.svg"
    r = runner.invoke(main, ["run", "warhammer/goblins_charge_fleeing_dwarfs.toml", "-n", "50000", "--seed", "4",
                             "--format", "json", "--chart", str(chart), "--no-progress"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert {row["method"] for row in data["outcomes"]} == {"exact", "monte_carlo"}
    assert len(data["outcomes"]) == 4  # run_down and escaped, twice
    m = data["manifest"]
    assert m["seed"] == 4 and m["trials"] == 50_000 and {"fleeodds", "numpy", "numba"} <= set(m["versions"])
    run_down = next(o for o in data["outcomes"] if o["outcome"] == "run_down" and o["exact"])
    case = {c["id"]: c for c in oracle_cases("warhammer")}.get("wfb7_charge_fleeing_unit_m4_gap3")
    if case:
        assert run_down["probability"] == pytest.approx(float(Fraction(case["exact"])), abs=1e-12)
    assert chart.read_text().lstrip().startswith("<?xml")


def test_run_french_markdown_uses_decimal_comma(runner):
    r = runner.invoke(main, ["run", "warhammer/goblins_broken_by_dwarfs.toml", "--exact", "--format", "md",
                             "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "rattrapée et détruite par la poursuite" in r.output
    assert "8,33\u00a0%" in r.output  # 1/12 with a decimal comma and a no-break space


def test_run_csv(runner):
    r = runner.invoke(main, ["run", "warhammer/goblins_broken_by_dwarfs.toml", "--mc", "-n", "20000",
                             "--format", "csv"])
    assert r.exit_code == 0
    assert r.stdout.splitlines()[0].startswith("method,outcome,label,probability,ci_low,ci_high")


def test_variants_print_side_by_side(runner, tmp_path):
    out = tmp_path / "e.png"
    r = runner.invoke(main, ["run", "warhammer/leadership_by_edition.toml", "--exact", "--chart", str(out)])
    assert r.exit_code == 0, r.output
    assert "The Old World" in r.output and "8th" in r.output
    assert out.stat().st_size > 10_000


@pytest.mark.parametrize("args,needle", [
    (["run", "nope.toml"], "scenario: 'nope.toml' is not allowed"),
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "--chart", "x.jpg"], "'x.jpg' is not allowed; expected a file name ending in .png or .svg"),
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "--chart", "/no/such/dir/x.png"], "the folder '/no/such/dir' does not exist"),
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "-o", "/no/such/dir/x.json"], "the folder '/no/such/dir' does not exist"),
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "--precision", "2"], "precision: 2.0"),
])
def test_errors_are_one_line_without_traceback(runner, args, needle):
    r = runner.invoke(main, args)
    assert r.exit_code == 2
    assert needle in r.output
    assert "Traceback" not in r.output


def test_bad_scenario_file(runner, tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text('system = "warhammer"\nedition = "7th"\n[fleeing]\nname = "X"\nmovement = 4\nleadership = 13\n'
                 '[pursuer]\nprofile = "Dwarf Warriors"\n')
    r = runner.invoke(main, ["run", str(f)])
    assert r.exit_code == 2
    assert "fleeing.leadership: 13" in r.output and "a number from 0 to 10" in r.output
    f.write_text("system = warhammer")
    r = runner.invoke(main, ["run", str(f)])
    assert r.exit_code == 2 and "not valid TOML" in r.output
    f.write_text('system = "chess"')
    r = runner.invoke(main, ["run", str(f)])
    assert r.exit_code == 2 and "system: 'chess'" in r.output


def test_examples_copy_puts_an_editable_scenario_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["examples", "--copy", "warhammer/goblins_broken_by_dwarfs.toml"])
    assert res.exit_code == 0, res.output
    assert 'system = "warhammer"' in (tmp_path / "goblins_broken_by_dwarfs.toml").read_text(encoding="utf-8")
    again = CliRunner().invoke(main, ["examples", "--copy", "warhammer/goblins_broken_by_dwarfs.toml"])
    assert again.exit_code == 2 and "already exists" in again.output


@pytest.mark.parametrize("args", [["run", "-n", "0", "warhammer/goblins_broken_by_dwarfs.toml"],
                                  ["run", "warhammer/goblins_broken_by_dwarfs.toml", "-c", "x.bmp"],
                                  ["run", "--exact", "--mc", "warhammer/goblins_broken_by_dwarfs.toml"],
                                  ["sweep", "warhammer/goblins_broken_by_dwarfs.toml", "-v", "x=1", "--lang", "xx"]])
def test_usage_errors_are_one_line(args):
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 2
    lines = [x for x in res.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith(("error:", "erreur :")) and "--help" in lines[0], res.output
