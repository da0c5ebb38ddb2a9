"""Bad inputs found by an adversarial review: each gives a clear error naming the field,
never a traceback, a hang or a silently wrong number."""

import copy
import tomllib

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import dice
from fleeodds.cli import main
from fleeodds.errors import FleeoddsError

WH = {"system": "warhammer", "edition": "7th", "situation": "break",
      "fleeing": {"name": "F", "movement": 4, "leadership": 7},
      "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "combat": {"margin": 2}}


def _example(name):
    return tomllib.loads(fleeodds.example_path(name).read_text(encoding="utf-8"))


def _raises(data, *needles):
    with pytest.raises(FleeoddsError) as exc:
        fleeodds.load_scenario(data)
    for n in needles:
        assert n in str(exc.value), str(exc.value)


@pytest.mark.parametrize("section,field,value", [("fleeing", "leadership", True), ("combat", "margin", "2"),
                                                 ("fleeing", "movement", 4.5), ("fleeing", "musician", 0)])
def test_warhammer_no_silent_type_coercion(section, field, value):
    data = copy.deepcopy(WH)
    data[section][field] = value
    _raises(data, f"{section}.{field}")


def test_warhammer_edition_must_be_a_name():
    _raises({**WH, "edition": 7}, "edition", "7th")


@pytest.mark.parametrize("roll", ["-2d6", "2d6-20", "0-1d6"])
def test_warhammer_distances_cannot_be_negative(roll):
    _raises({**WH, "options": {"flee_roll": roll}}, "options.flee_roll", "cannot be negative")


def test_warhammer_unit_needs_models():
    data = copy.deepcopy(WH)
    data["fleeing"]["models_left"] = 0
    _raises(data, "fleeing.models_left")


def test_warhammer_compare_errors_name_the_setup():
    _raises({**WH, "compare": {"x": {"fleeing.leadership": 13}}}, "compare.x", "fleeing.leadership")
    _raises({**WH, "compare": {"x": {"bogus": 1}}}, "compare.x", "bogus")
    _raises({**WH, "compare": {}}, "compare", "at least one setup")


def test_hell_dorado_positions_must_be_finite():
    data = _example("hell_dorado/attraction_ligne.toml")
    data["attractors"][0]["x"] = float("nan")
    _raises(data, "finite")


def test_hell_dorado_profile_and_compare_types():
    data = _example("hell_dorado/attraction_ligne.toml")
    data["attractors"][0]["profile"] = ["succube"]
    _raises(data, "profile")
    fuite = _example("hell_dorado/fuite_samael_choix_adversaire.toml")
    fuite["fuite"]["compare"] = ["base", ["intangible"]]
    _raises(fuite, "fuite.compare.1")


def test_hell_dorado_capacity_value_range():
    data = _example("hell_dorado/attraction_ligne.toml")
    data["attractors"][0]["capacities"] = ["Attraction -3"]
    _raises(data, "Attraction -3", "1 to 50")


def test_dnd_preset_must_be_a_name_and_numbers_bounded():
    data = _example("dnd/wizard_withdraws_past_orcs_35.toml")
    data["runner"]["preset"] = ["srd35_wizard_1"]
    _raises(data, "runner.preset")
    data = _example("dnd/wizard_withdraws_past_orcs_35.toml")
    data["runner"]["hp"] = 10**30
    _raises(data, "runner.hp", "1000000")


@pytest.mark.parametrize("text,needle", [("64d1000", "spans at most"), ("99999999999999999999", "constants"),
                                         ("max(64d6)", "7,776"), ("3d6dh0", "dropping"), ("\u0661d\u0666", "dice"),
                                         ("\uff12d6", "dice")])
def test_dice_limits(text, needle):
    with pytest.raises(FleeoddsError, match=needle):
        dice.parse(text)


@pytest.mark.slow
@pytest.mark.parametrize("args,needle", [
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "--mc", "--both"], "exclude each other"),
    (["run", "warhammer/goblins_broken_by_dwarfs.toml", "--precision", "1e-9"], "precision: 1e-09 is not allowed"),
    (["run", ""], "scenario: ''"),
])
def test_cli_refusals(args, needle):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and needle in r.output and "Traceback" not in r.output


def test_scenario_file_with_a_byte_order_mark(tmp_path):
    f = tmp_path / "bom.toml"
    f.write_text(fleeodds.example_path("warhammer/goblins_broken_by_dwarfs.toml").read_text(encoding="utf-8"),
                 encoding="utf-8-sig")
    assert fleeodds.load_scenario(f).title.startswith("Night Goblins")


# ---------------------------------------------------------------- compare, sweep, report


def test_sweep_refuses_huge_ranges_before_building_them():
    from fleeodds.sweep import parse_values, sweep

    with pytest.raises(FleeoddsError, match="at most 2,000 values"):
        parse_values("combat.margin", "1..100000000000")
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    with pytest.raises(FleeoddsError, match="vary.combat.margin"):
        sweep(sc, {"combat.margin": 5})
    with pytest.raises(FleeoddsError, match="at most 2,000 values"):
        sweep(sc, {"combat.margin": range(1, 10**12)})


def test_compare_api_wants_labelled_setups():
    from fleeodds.compare import compare

    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    with pytest.raises(FleeoddsError, match="pairs"):
        compare("x.toml")
    with pytest.raises(FleeoddsError, match="pairs"):
        compare([sc, sc])
    with pytest.raises(FleeoddsError, match="non-empty text label"):
        compare([("", sc), (" ", sc)], "exact")
    # paths are accepted like sweep() accepts them
    comp = compare([("a", "warhammer/goblins_broken_by_dwarfs.toml"), ("b", sc)], "exact")
    assert (comp.differences().difference == 0).all()


def test_report_refusals(tmp_path):
    folder = tmp_path / "an"
    folder.mkdir()
    (folder / "x.toml").write_text('scenario = "warhammer/goblins_broken_by_dwarfs.toml"\nkind = "run"\n'
                                   'title = "t"\ntrials = 0\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["report", str(folder), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2 and "trials" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["report", str(folder), "--out", "/proc/x"])
    assert r.exit_code == 2 and "--out" in r.output and "Traceback" not in r.output


def test_sweep_checks_outcome_before_running():
    r = CliRunner().invoke(main, ["sweep", "warhammer/goblins_broken_by_dwarfs.toml", "--exact",
                                  "-v", "fleeing.leadership=5..6", "--outcome", "nope"])
    assert r.exit_code == 2 and "outcome: 'nope'" in r.output and "Outcome" not in r.output
