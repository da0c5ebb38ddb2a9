"""The input policy at the front (docs/inputs.md): notes, ``--strict``, sweeps, numbers written as text,
labels written for codes.

The scenario used throughout is the Night Goblins' Break test in 7th edition with
``options.insane_courage = false`` written: Insane Courage (a double 1 passes a Break test, on by
default in 7th) changes nothing while the Break test is at Ld 5 - margin >= 2 (a double 1 totals 2
and passes by its total), and matters from margin 4 on (Ld <= 1: only Insane Courage lets a double 1
pass). Every probability asserted is a hand enumeration of two six-sided dice written here.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

import fleeodds
from fleeodds import FleeoddsError, files
from fleeodds.api import army_matrix
from fleeodds.cli import main
from fleeodds.compare import compare
from fleeodds.errors import InputError
from fleeodds.loading import example_dir, example_path, list_examples, load_scenario
from fleeodds.sweep import sweep
from fleeodds.system import get_system
from fleeodds.validation import set_field
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


TWO_D6 = [a + b for a, b in product(range(1, 7), repeat=2)]
#: 2D6 pursuit >= 2D6 flee: the pursuer catches (7th edition: a tie catches).
P_CATCH = Fraction(sum(1 for f, p in product(TWO_D6, TWO_D6) if p >= f), 36 * 36)
DOUBLE_1 = Fraction(1, 36)
NOTE_EN = ("note: options.insane_courage: false has no effect in the 'break' situation in 7th edition "
           "(every Leadership test here passes or fails on a natural double anyway, by its total)")
NOTE_FR = "remarque : options.insane_courage: false n'a aucun effet dans la situation 'break' en 7e édition"

GOBLINS = {
    "system": "warhammer", "title": "Night Goblins lose a combat", "edition": "7th", "situation": "break",
    "fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Dwarf Warriors"},
    "combat": {"margin": 2}, "table": {"max_turns": 0}, "options": {"insane_courage": False},
}


def test_hand_values():
    assert P_CATCH == Fraction(721, 1296)
    assert sum(1 for s in TWO_D6 if s <= 3) == 3  # a Break test at Ld 3 (Ld 5, margin 2)


@pytest.fixture
def goblins_file(tmp_path) -> Path:
    path = tmp_path / "goblins_ic.toml"
    path.write_text(tomli_w.dumps(GOBLINS), encoding="utf-8")
    return path


@pytest.fixture
def compare_file(tmp_path) -> Path:
    data = copy.deepcopy(GOBLINS)
    data["compare"] = {"margin 2": {"combat.margin": 2}, "margin 3": {"combat.margin": 3}}
    path = tmp_path / "goblins_ic_compare.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- notes on the command line


@pytest.mark.parametrize("lang, note", [("en", NOTE_EN), ("fr", NOTE_FR)])
def test_run_says_the_note_once_on_standard_error(goblins_file, lang, note):
    r = CliRunner().invoke(main, ["run", str(goblins_file), "--exact", "--lang", lang])
    assert r.exit_code == 0, r.output
    assert r.stderr.count(note) == 1, r.stderr
    assert "insane_courage" not in r.stdout  # said once, on standard error only
    # the answer is computed as without the input: the Break test at Ld 3, then the pursuit
    held = Fraction(3, 36)
    assert "1/12" in r.stdout and str((1 - held) * P_CATCH) in r.stdout


def test_compare_says_the_scenarios_note_and_each_setups(compare_file):
    r = CliRunner().invoke(main, ["compare", str(compare_file), "--exact"])
    assert r.exit_code == 0, r.output
    assert r.stderr.count(NOTE_EN) == 1, r.stderr
    r = CliRunner().invoke(main, ["run", str(compare_file), "--exact", "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert r.stderr.count(NOTE_FR) == 1, r.stderr


def test_a_setups_note_is_prefixed_with_its_label(tmp_path):
    data = copy.deepcopy(GOBLINS)
    del data["options"]
    data["compare"] = {"plain": {"combat.margin": 2}, "IC off": {"options.insane_courage": False}}
    path = tmp_path / "setups.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    r = CliRunner().invoke(main, ["run", str(path), "--exact", "--format", "json"])
    assert r.exit_code == 0, r.output
    assert "note: compare.IC off: options.insane_courage: false has no effect" in r.stderr
    manifest = json.loads(r.stdout)["manifest"]
    (record,) = manifest["input_notes"]
    assert record["setup"] == "IC off" and record["field"] == "options.insane_courage" and record["value"] is False


@pytest.mark.parametrize("command", ["run", "compare", "sweep", "rank", "matrix"])
def test_strict_turns_the_note_into_the_error(goblins_file, compare_file, tmp_path, command):
    data = Path(__file__).resolve().parents[1] / "data" / "bsdata"
    args = {"run": ["run", str(goblins_file), "--exact"],
            "compare": ["compare", str(compare_file), "--exact"],
            "sweep": ["sweep", str(goblins_file), "--vary", "combat.margin=2..5", "--exact"],
            "rank": ["rank", str(data / "greenskin_warband_8th.cat"), "--system", str(data / "made_up_8th.gst"),
                     "--scenario", str(goblins_file)],
            "matrix": ["matrix", str(data / "greenskin_warband_8th.cat"), str(data / "scaled_host_8th.cat"),
                       "--system", str(data / "made_up_8th.gst"), "--scenario", str(goblins_file)]}[command]
    r = CliRunner().invoke(main, [*args, "--strict"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: options.insane_courage: false has no effect"), r.stderr
    assert r.stderr.rstrip().endswith("; remove it"), r.stderr
    fr = CliRunner().invoke(main, [*args, "--strict", "--lang", "fr"])
    assert fr.exit_code == 2 and fr.stderr.startswith("erreur : options.insane_courage: false n'a aucun effet")
    assert fr.stderr.rstrip().endswith("; retirez-le"), fr.stderr


@pytest.mark.parametrize("command", ["rank", "matrix"])
def test_rank_and_matrix_say_the_note_once(goblins_file, command):
    data = Path(__file__).resolve().parents[1] / "data" / "bsdata"
    cats = [str(data / "greenskin_warband_8th.cat")]
    if command == "matrix":
        cats.append(str(data / "scaled_host_8th.cat"))
    r = CliRunner().invoke(main, [command, *cats, "--system", str(data / "made_up_8th.gst"), "--scenario",
                                  str(goblins_file)])
    assert r.exit_code == 0, r.output
    assert r.stderr.count("note: options.insane_courage: false has no effect") == 1, r.stderr


# --------------------------------------------------------------------------- the JSON manifest


def test_json_manifest_holds_the_notes_in_both_languages(goblins_file):
    r = CliRunner().invoke(main, ["run", str(goblins_file), "--exact", "--format", "json"])
    assert r.exit_code == 0, r.output
    manifest = json.loads(r.stdout)["manifest"]
    (record,) = manifest["input_notes"]
    assert record["field"] == "options.insane_courage" and record["value"] is False
    assert record["reason"]["en"].startswith("has no effect in the 'break' situation in 7th edition")
    assert record["reason"]["fr"].startswith("n'a aucun effet dans la situation 'break' en 7e édition")
    assert manifest["notes"]["en"][-1] == NOTE_EN.removeprefix("note: ")
    assert manifest["notes"]["fr"][-1].startswith(NOTE_FR.removeprefix("remarque : "))


def test_a_scenario_without_notes_has_no_input_notes():
    table = fleeodds.evaluate(load_scenario("warhammer/goblins_broken_by_dwarfs.toml"), "exact")
    assert "input_notes" not in table.manifest


# --------------------------------------------------------------------------- the Python API's strict=True


def test_api_strict_refuses_what_it_otherwise_notes():
    sc = load_scenario(GOBLINS)
    assert [n.field for n in sc.input_notes()] == ["options.insane_courage"]
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect .*; remove it$"):
        load_scenario(GOBLINS, strict=True)
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect"):
        fleeodds.evaluate(sc, "exact", strict=True)
    other = load_scenario(set_field(GOBLINS, "combat.margin", 3))
    assert compare([("a", sc), ("b", other)], "exact").manifest["input_notes"]
    with pytest.raises(InputError, match=r"^a: options\.insane_courage: false has no effect"):
        compare([("a", sc), ("b", other)], "exact", strict=True)
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect"):
        compare([("a", GOBLINS), ("b", other)], "exact", strict=True)
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect"):
        sweep(sc, {"combat.margin": "2..3"}, "exact", strict=True)
    rank_sc = load_scenario(set_field(GOBLINS, "edition", "8th"))
    from fleeodds.rank import rank_units

    units = [{"name": "Night Goblins", "movement": 4, "leadership": 5}]
    assert rank_units(rank_sc, units).input_notes
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect"):
        rank_units(rank_sc, units, strict=True)
    with pytest.raises(InputError, match=r"^options\.insane_courage: false has no effect"):
        army_matrix(rank_sc, units, [{"name": "Dwarf Warriors", "movement": 3, "leadership": 9}],
                             strict=True)


# --------------------------------------------------------------------------- sweeps


def test_a_sweep_over_points_where_a_written_option_is_inert_runs_and_says_where():
    sw = sweep(GOBLINS, {"combat.margin": "0..6"}, "exact")
    messages = [r["message"]["en"] for r in sw.manifest["input_notes"]]
    assert ("options.insane_courage: false has no effect at combat.margin = 0, 1, 2, 3 "
            "(it matters at the other points)") in messages
    assert ("options.insane_courage: false n'a aucun effet pour combat.margin = 0, 1, 2, 3 "
            "(il compte pour les autres points)") in sw.manifest["notes"]["fr"]
    base = copy.deepcopy(GOBLINS)
    del base["options"]  # Insane Courage as the edition has it: on in 7th
    ref = sweep(base, {"combat.margin": "0..6"}, "exact")
    got = sw.frame.set_index(["combat.margin", "outcome"]).probability
    want = ref.frame.set_index(["combat.margin", "outcome"]).probability
    for margin in range(7):
        for outcome in ("held", "caught", "escaped"):
            diff = got.get((margin, outcome), 0.0) - want.get((margin, outcome), 0.0)
            if margin <= 3:  # Ld 5 - margin >= 2: a double 1 passes by its total anyway
                expected = Fraction(0)
            else:  # only Insane Courage lets the double 1 pass: without it, it breaks and flees
                expected = {"held": -DOUBLE_1, "caught": DOUBLE_1 * P_CATCH,
                            "escaped": DOUBLE_1 * (1 - P_CATCH)}[outcome]
            assert diff == pytest.approx(float(expected), abs=1e-12), (margin, outcome)


def test_the_sweep_command_notes_the_points_and_keeps_the_varied_fields_note(goblins_file):
    r = CliRunner().invoke(main, ["sweep", str(goblins_file), "--vary", "combat.margin=0..6", "--exact",
                                  "--format", "json"])
    assert r.exit_code == 0, r.output
    assert ("note: options.insane_courage: false has no effect at combat.margin = 0, 1, 2, 3 "
            "(it matters at the other points)") in r.stderr
    assert json.loads(r.stdout)["manifest"]["input_notes"]
    r = CliRunner().invoke(main, ["sweep", str(goblins_file), "--vary", "fleeing.musician=false,true", "--exact"])
    assert r.exit_code == 0, r.output
    assert "note: fleeing.musician changes nothing in this sweep" in r.stderr
    assert "note: options.insane_courage: false has no effect in the 'break' situation" in r.stderr


# --------------------------------------------------------------------------- numbers written as text


@pytest.mark.parametrize("example, field, text", [
    ("warhammer/goblins_broken_by_dwarfs.toml", "fleeing.leadership", "7"),
    ("dnd/wizard_withdraws_past_orcs_35.toml", "runner.hp", "12"),
    ("hell_dorado/fuite_blocage.toml", "fleeing.mou", "3.5"),
    ("hell_dorado/fuite_blocage.toml", "fleeing.cbt", "3"),
])
def test_a_number_written_as_text_is_refused_with_a_hint(example, field, text):
    data = files.read_toml(example_path(example), "scenario")
    with pytest.raises(InputError) as exc:
        load_scenario(set_field(data, field, text))
    assert exc.value.field == field
    assert str(exc.value).startswith(f"{field}: '{text}' is not allowed; expected ")
    assert str(exc.value).endswith(f"; write {text} without quotes")
    assert said_in("fr", exc.value).endswith(f" ; écrivez {text} sans guillemets")


def test_text_that_is_not_a_number_gets_no_hint():
    data = files.read_toml(example_path("warhammer/goblins_broken_by_dwarfs.toml"), "scenario")
    with pytest.raises(InputError) as exc:
        load_scenario(set_field(data, "fleeing.leadership", "seven"))
    assert "without quotes" not in str(exc.value)


# --------------------------------------------------------------------------- labels for codes


def test_a_french_label_stands_for_its_code():
    dnd = files.read_toml(example_path("dnd/wizard_withdraws_past_orcs_35.toml"), "scenario")
    as_code = load_scenario(dnd)
    for written in ("retraite", "Retraite", " withdraw "):
        sc = load_scenario(set_field(dnd, "mode", written))
        assert sc.source["mode"] == "withdraw"  # the source rebuilds the same scenario
        assert fleeodds.evaluate(sc, "exact").exact_fractions == fleeodds.evaluate(as_code, "exact").exact_fractions
    wh = files.read_toml(example_path("warhammer/goblins_broken_by_dwarfs.toml"), "scenario")
    for written in ("8e édition", "8E EDITION", "8th edition"):
        assert load_scenario(set_field(wh, "edition", written)).source["edition"] == "8th"
    with pytest.raises(InputError) as exc:
        load_scenario(set_field(wh, "edition", "9e édition"))
    assert exc.value.field == "edition"


def test_setup_labels_and_sweep_values_read_in_the_readers_language():
    dnd = files.read_toml(example_path("dnd/wizard_withdraws_past_orcs_35.toml"), "scenario")
    dnd["compare"] = {"retraite": {"mode": "retraite"}, "move": {"mode": "move"}}
    setups = load_scenario(dnd).compare_setups()
    assert [(s.label().render("en"), s.label().render("fr")) for s in setups] == [("withdraw", "retraite"), ("move", "déplacement (provoque)")]
    wh = files.read_toml(example_path("warhammer/goblins_broken_by_dwarfs.toml"), "scenario")
    sw = sweep(wh, {"edition": "7e édition,8e édition"}, "exact")
    assert sw.values["edition"] == ["7th", "8th"]
    from fleeodds.report.fields import value_label

    named = [value_label("warhammer", "edition", v, "fr") for v in sw.values["edition"]]
    assert named == ["7e édition", "8e édition"]
    with pytest.raises(InputError, match="distinct values"):
        sweep(wh, {"edition": "8th,8e édition"}, "exact")


def test_code_of_leaves_codes_numbers_and_unknown_text_alone():
    wh = get_system("warhammer")
    assert wh.code_of("edition", "8th") == "8th"
    assert wh.code_of("edition", 8) == 8
    assert wh.code_of("edition", "huitième") == "huitième"
    assert get_system("dnd").code_of("enemies.3.on_hit", "Mis à terre") == "prone"


# --------------------------------------------------------------------------- every refusal names its field


def test_margin_zero_names_no_other_field():
    """The hostile-input run's case: ``combat.margin = 0`` was answered with an error about
    ``table.edge_distance``. It now loads (a draw: no Break test); whatever it says names real inputs."""
    wh = files.read_toml(example_path("warhammer/goblins_broken_by_dwarfs.toml"), "scenario")
    sc = load_scenario(set_field(wh, "combat.margin", 0))
    assert all(n.field != "table.edge_distance" for n in sc.input_notes())
    with pytest.raises(InputError) as exc:
        load_scenario(set_field(wh, "combat.margin", -1))
    assert exc.value.field == "combat.margin"


def _leaves(data, prefix=""):
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, f"{prefix}{k}.")
    elif isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        for i, v in enumerate(data):
            yield from _leaves(v, f"{prefix}{i}.")
    else:
        yield prefix[:-1], data


def _bad_value(value):
    """A value of the wrong kind for a field written as ``value``."""
    if isinstance(value, bool):
        return "maybe"
    if isinstance(value, (int, float)):
        return "abc"
    if isinstance(value, str):
        return {"not": "a text"}
    if isinstance(value, list):
        return {"not": "a list"}
    return None


# [decide] is read by fleeodds.decisions, not by the rules system: its refusals by field are checked in
# tests/front/test_decisions.py
SKIP = ("system", "title", "title_fr", "description", "compare", "decide")


@pytest.mark.parametrize("example", [p.relative_to(example_dir()).as_posix()
                                     for p in list_examples()])
def test_every_refusal_names_the_field_that_causes_it(example):
    """Each written field of a shipped example set to a value of the wrong kind: the error names that
    field (or, for a field inside a named profile, a field under it)."""
    data = files.read_toml(example_path(example), "scenario")
    leaves = [(f, v) for f, v in _leaves(data) if f.split(".")[0] not in SKIP and _bad_value(v) is not None]
    assert leaves
    for field, value in leaves:
        bad = set_field(data, field, _bad_value(value))
        with pytest.raises(FleeoddsError) as exc:
            load_scenario(bad)
        text = str(exc.value)
        named = getattr(exc.value, "field", None) or text.split(":", 1)[0]
        # the field itself, or the table holding it when that table is one of several shapes (a zone) and
        # the message shows the value given
        assert named == field or (field.startswith(named + ".") and "'a text'" in text), (field, text)
