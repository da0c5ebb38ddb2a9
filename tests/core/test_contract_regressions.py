"""Regressions of the bugs listed in the contract issue, each with the input that showed it."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import sweep as sweep_mod
from fleeodds.cli import main
from fleeodds.errors import FleeoddsError


def _strict(text: str):
    def refuse(c):
        raise ValueError(c)

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("fmt", ["table", "md"])
def test_single_scenario_monte_carlo_table_does_not_crash(fmt):
    # was: AttributeError: 'bool' object has no attribute 'any' (no fraction column without exact rows)
    res = CliRunner().invoke(main, ["run", "dnd/wizard_withdraws_past_orcs_35.toml", "--mc", "-n", "5000", "-f", fmt])
    assert res.exit_code == 0, res.output
    assert "escapes unharmed" in res.output


def test_run_of_a_file_with_compare_writes_strict_json():
    res = CliRunner().invoke(main, ["run", "warhammer/leadership_by_edition.toml", "--mc", "-n", "5000", "-f", "json"])
    assert res.exit_code == 0, res.output
    assert "NaN" not in res.stdout
    assert _strict(res.stdout)["rows"]


def test_a_setup_can_be_swept_and_changed_again():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    setup = sc.variants()[0].scenario
    sw = sweep_mod.sweep(setup, {"fleeing.leadership": [6, 7]}, "exact", progress=False)
    assert len(sw.tables) == 2
    changed = setup.with_changes({"combat.margin": 3})
    again = sweep_mod.sweep(changed, {"combat.margin": [3]}, "exact", progress=False)
    assert again.tables[0].exact_fractions == fleeodds.evaluate(changed, "exact").exact_fractions


def test_zero_probability_outcomes_have_their_fraction():
    table = fleeodds.evaluate(fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml"), "exact")
    assert set(table.exact_fractions) == {o.code for o in table.outcomes}
    assert table.exact_fractions["wounded"] == "0"  # the wizard's 4 HP never survive a falchion hit


def test_report_skips_a_scenario_file_and_does_not_double_prefixes(tmp_path):
    folder = tmp_path / "analyses"
    folder.mkdir()
    shutil.copy(fleeodds.example_path("warhammer/goblins_broken_by_dwarfs.toml"), folder / "scenario.toml")
    (folder / "a.toml").write_text('kind = "run"\nscenario = "scenario.toml"\ntitle = "A"\nmethod = "exact"\n',
                                   encoding="utf-8")
    res = CliRunner().invoke(main, ["report", str(folder), "--lang", "en", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "scenario.toml is a scenario file" in res.output
    (folder / "b.toml").write_text('kind = "run"\nscenario = "scenario.toml"\ntitle = "B"\nbogus = 1\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["report", str(folder), "--lang", "en", "--no-progress"])
    assert res.exit_code == 2
    assert res.output.count("b.toml") == 1, res.output


@pytest.mark.parametrize("bad", [None, 3, b"system = 'dnd'", ["a.toml"], 2.5])
def test_load_scenario_refuses_what_is_not_a_path_or_a_table(bad):
    with pytest.raises(FleeoddsError, match="scenario"):
        fleeodds.load_scenario(bad)


def test_evaluate_refuses_a_dict():
    with pytest.raises(FleeoddsError, match="load_scenario"):
        fleeodds.evaluate({"system": "warhammer"})


@pytest.mark.parametrize("system", [["warhammer"], {"a": 1}, 3])
def test_system_key_of_the_wrong_type(system):
    with pytest.raises(FleeoddsError, match="system"):
        fleeodds.load_scenario({"system": system})


def test_a_sweep_of_a_scenario_with_setups_sweeps_every_setup():
    sw = sweep_mod.sweep("warhammer/leadership_by_edition.toml", {"fleeing.leadership": [6, 7]}, "exact",
                         progress=False)
    assert sw.fields == ["fleeing.leadership", "setup"]
    assert sw.values["setup"] == ["6th", "7th", "8th", "The Old World"]
    cell = sw.frame[(sw.frame["fleeing.leadership"] == 7) & (sw.frame.setup == "6th") & (sw.frame.outcome == "held")]
    # Ld 7, lost by 2: the Break test is passed on 2D6 <= 5, 10/36 (hand count: 1+2+3+4 ways for 2..5)
    assert abs(float(cell.probability.iloc[0]) - 10 / 36) < 1e-12


def test_compare_of_files_with_setups_brings_each_setup():
    res = CliRunner().invoke(main, ["compare", "warhammer/leadership_by_edition.toml",
                                    "warhammer/goblins_broken_by_dwarfs.toml", "--exact", "-f", "json"])
    assert res.exit_code == 0, res.output
    setups = _strict(res.stdout)["manifest"]["setups"]
    assert setups == ["leadership_by_edition: 6th", "leadership_by_edition: 7th", "leadership_by_edition: 8th",
                      "leadership_by_edition: The Old World", "goblins_broken_by_dwarfs"]


def test_a_sweep_cell_may_make_a_fixed_field_moot_but_a_varied_field_must_matter():
    # Ld 2 losing by 2 in 7th breaks automatically: the margin changes nothing in that cell, but
    # it does in the others, so the sweep runs; a varied option that changes nothing is reported
    sw = sweep_mod.sweep("warhammer/goblins_broken_by_dwarfs.toml",
                         {"fleeing.leadership": [2, 3, 4], "edition": ["6th", "7th", "8th", "tow"]}, "exact",
                         progress=False)
    assert len(sw.tables) == 12 and "fields_without_effect" not in sw.manifest
    idle = sweep_mod.sweep("warhammer/goblins_broken_by_dwarfs.toml", {"options.insane_courage": [True, False]},
                           "exact", progress=False)
    # Ld 5 - 2 = 3: a double 1 (total 2) passes anyway, so Insane Courage adds nothing here
    assert idle.manifest["fields_without_effect"] == ["options.insane_courage"]
