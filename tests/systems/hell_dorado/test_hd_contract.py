"""Hell Dorado under the rules-system contract: SYSTEM, schema, comparisons as field changes,
inputs that change nothing accepted with a note naming them (refused under ``--strict``), hostile
inputs refused in one line."""

import copy
import os
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

import fleeodds
from fleeodds import FleeoddsError
from fleeodds.api import list_examples
from fleeodds.errors import InputError, echo
from fleeodds.system import Setup, get_system
from fleeodds.systems.hell_dorado import SYSTEM
from fleeodds.systems.hell_dorado.model import build_fighter
from fleeodds.systems.hell_dorado.scenarios import load_scenario as hd_load
from fleeodds.validation import strict_inputs

from .conftest import noted
from fleeodds.language import use_lang
from tests.lang_helpers import schema_in  # noqa: E402


jsonschema = pytest.importorskip("jsonschema")

EXAMPLES = [p for p in list_examples() if p.parent.name == "hell_dorado"]
W = [{"name": "w", "damage": [5, 5, 5, 5, 5]}]


def flee(fleeing=None, adversary=None, **top):
    """A Fuite: F (DEF 4, PV 3) flees A (CBT 1, 5 damage for any hit)."""
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, **(fleeing or {})},
         "adversaries": [{"name": "A", "cbt": 1, "weapons": W, **(adversary or {})}]}
    d.update(top)
    return d


def attraction(**top):
    d = {"system": "hell_dorado", "type": "attraction",
         "attractors": [{"name": "H", "capacities": ["Attraction 6"], "x": 0.0, "y": 0.0}],
         "adversaries": [{"name": "B", "x": 5.0, "y": 0.0}]}
    d.update(top)
    return d


def passe(**top):
    f = {"cbt": 1, "def": 4, "pv": 3, "weapons": W}
    d = {"system": "hell_dorado", "type": "passe", "attacker": {"name": "A", **f}, "defender": {"name": "B", **f}}
    d.update(top)
    return d


def killed(sc):
    i = sc.outcome_index("killed")
    return sum((p for (o, _), p in sc.exact_distribution("fraction").items() if o == i), Fraction(0))


def refused(data, *needles, field=None):
    with pytest.raises(FleeoddsError) as e:
        fleeodds.load_scenario(data)
    msg = str(e.value)
    assert "\n" not in msg, msg
    for n in needles:
        assert n in msg, msg
    if field is not None:
        assert e.value.field == field, msg
    return e.value


# ----------------------------------------------------------------------------- contract
def test_system_declaration():
    assert get_system("hell_dorado") is SYSTEM
    assert (SYSTEM.key, SYSTEM.title, SYSTEM.label().render("fr")) == ("hell_dorado", "Hell Dorado", "Hell Dorado")
    assert SYSTEM.compare_paths == ("compare", "fuite.compare")
    sc = SYSTEM.benchmark()
    assert sc.system == "hell_dorado" and sc.source["system"] == "hell_dorado"
    for cls in ("FuiteScenario", "PassScenario", "AttractionScenario"):
        assert "system" not in vars(getattr(sys.modules["fleeodds.systems.hell_dorado.scenarios"], cls))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_validates_against_the_schema(path, lang):
    with open(path, "rb") as fh:
        jsonschema.validate(tomllib.load(fh), schema_in(lang, SYSTEM))


def test_schema_fields_have_titles_descriptions_units_in_both_languages():
    en, fr = schema_in("en", SYSTEM), schema_in("fr", SYSTEM)
    jsonschema.Draft202012Validator.check_schema(en)
    fighter_en, fighter_fr = en["$defs"]["FighterModel"]["properties"], fr["$defs"]["FighterModel"]["properties"]
    assert fighter_en["def"]["minimum"] == 1 and fighter_en["def"]["maximum"] == 6
    assert fighter_en["mou"]["unit"] == "toises" and fighter_en["pv"]["unit"] == "PV" and fighter_en["cbt"]["unit"] == "dice"
    assert fighter_fr["pv"]["title"] == "PV (points de vie)" and "Défense" in fighter_fr["def"]["description"]
    assert fr["properties"]["fleeing"]["title"] == "Fuyard"
    assert "attaque sans riposte" in fr["$defs"]["OptionsModel"]["properties"]["attacker_choice"]["description"]
    assert "soutien" in fr["$defs"]["FighterModel"]["properties"]["support"]["description"]
    assert en["properties"].pop("title_fr")["type"] == "string"  # the file's French title, read for every system
    assert "title_fr" not in str(en) and "description_fr" not in str(fr)

    def walk(node):
        if isinstance(node, dict):
            for name, prop in node.get("properties", {}).items():
                assert prop.get("title") and prop.get("description"), name
            for v in node.values():
                walk(v)

    walk(en)
    walk(fr)
    # the schema refuses what the loader refuses
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(flee({"def": 7}), en)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(flee(fuite={"compare": ["teleport"]}), en)


def test_exact_mode_is_checked():
    sc = fleeodds.load_scenario(flee())
    with pytest.raises(InputError) as e:
        sc.exact_distribution("decimal")
    assert e.value.field == "mode"


# ----------------------------------------------------------------------------- comparisons
def test_fuite_compare_shorthand_is_field_changes():
    sc = fleeodds.load_scenario(flee(fuite={"compare": ["base", "intangible", "ordre_repli", "no_soutien",
                                                        "blocage", "no_room", "no_intangible"]}))
    setups = {str(s.name): s for s in sc.compare_setups()}
    assert (setups["As given"].label().render("fr"), setups["As given"].changes) == ("Tel quel", {})
    assert setups["Fleeing fighter Intangible"].changes == {"fleeing.capacities": ["Intangible"]}
    assert setups["Ordre Repli"].changes == {"fuite.repli": True}
    assert setups["No soutien"].changes == {"options.support_bonus_per_supporter": 0}
    assert setups["Enemy with Blocage"].changes == {"adversaries.0.capacities": ["Blocage"]}
    assert setups["Surrounded (no room)"].changes == {"fuite.room": False}
    assert setups["Without Intangible"].changes == {"fleeing.capacities": []}
    v = {x.label().render("en"): x.scenario for x in sc.variants()}
    # CBT 1 against DEF 4: one die hits on 4+ (1/2); 5 damage kills PV 3
    assert killed(v["As given"]) == Fraction(1, 2)
    assert killed(v["Ordre Repli"]) == 0 and killed(v["Fleeing fighter Intangible"]) == 0
    assert "compare" not in v["Ordre Repli"].source.get("fuite", {})


def test_generic_compare_table_and_with_changes():
    d = flee(compare={"DEF 6": {"fleeing.def": 6, "label_fr": "DEF 6"},
                      "two dice": {"adversaries.0.cbt": 2}})
    sc = fleeodds.load_scenario(d)
    v = {x.label().render("en"): x.scenario for x in sc.variants()}
    assert killed(v["DEF 6"]) == Fraction(1, 6)            # a 6 needed
    assert killed(v["two dice"]) == 1 - Fraction(1, 2) ** 2  # at least one of two dice on 4+
    assert killed(sc.with_changes({"fleeing.pv": 6})) == 0  # 5 damage never kills PV 6
    # the shorthand and its spelt-out [compare] give the same scenario
    short = fleeodds.load_scenario(flee(fuite={"compare": ["intangible"]})).variants()[0].scenario
    long = fleeodds.load_scenario(flee(compare={"i": {"fleeing.capacities": ["Intangible"]}})).variants()[0].scenario
    assert short.describe() == long.describe()
    # both syntaxes at once: [compare] first, then the shorthand (as in every system)
    both = fleeodds.load_scenario(flee(fuite={"compare": ["base"]}, compare={"x": {"fleeing.def": 5}}))
    assert [s.label().render("en") for s in both.compare_setups()] == ["x", "As given"]


def test_bad_compare_setup_names_the_setup():
    with pytest.raises(FleeoddsError) as e:
        fleeodds.load_scenario(flee(compare={"bad": {"fleeing.def": 9}}))
    assert str(e.value).startswith("compare.bad: fleeing.def: 9")


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "compare" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.stem)
def test_shipped_comparisons_keep_their_setups(path):
    sc = fleeodds.load_scenario(path)
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    keys = list((data.get("fuite") or {}).get("compare") or []) + list(data.get("compare") or {})
    assert len(sc.variants()) == len(keys)
    assert all(sum(v.scenario.exact_distribution("fraction").values()) == 1 for v in sc.variants())


# ----------------------------------------------------------------------------- inputs with no effect
def test_support_on_a_fuite_adversary_is_noted():
    sc, _ = noted(flee(adversary={"support": 1}), "adversaries.0.support", "has no effect", "list each supporter",
                  field="adversaries.0.support")
    assert killed(sc) == killed(fleeodds.load_scenario(flee()))  # the soutien comes from the adversaries listed
    # 0, the value when it is left out: accepted, nothing said
    assert fleeodds.load_scenario(flee(adversary={"support": 0})).input_notes() == []


def test_fleeing_fighter_must_be_engaged():
    refused(flee({"engaged": False}), "only an engaged fighter may flee", field="fleeing.engaged")
    refused(flee(adversary={"engaged": False}), field="adversaries.0.engaged")
    # true is what a Fuite means anyway: accepted, and said
    noted(flee({"engaged": True}), "in a Fuite (the fleeing fighter is engaged by definition)",
          field="fleeing.engaged")
    noted(flee(adversary={"engaged": True}), "every adversary listed is in base contact",
          field="adversaries.0.engaged")
    # the schema documents no default a Fuite refuses: left out, engaged is false elsewhere and true here
    assert schema_in("en", SYSTEM)["$defs"]["FighterModel"]["properties"]["engaged"]["default"] is None


def test_optional_rerolls_same_numbers_when_tables_never_decrease():
    # 6 dice = 5 rolled + 1 re-roll of a miss; with 5 damage for any hit, re-rolling never hurts
    base = flee(adversary={"cbt": 6})
    want = 1 - Fraction(1, 2) ** 6                         # every one of the 6 dice (5 + 1 re-roll) misses
    assert killed(fleeodds.load_scenario(base)) == want
    # the same numbers as always re-rolling: an input that changes nothing, noted by name
    sc, _ = noted(flee(adversary={"cbt": 6}, options={"reroll_policy": "optional"}), "options.reroll_policy",
                  "has no effect", "never worse")
    assert killed(sc) == want
    # the default written out: accepted, nothing said, under --strict too (docs/inputs.md)
    assert fleeodds.load_scenario(flee(adversary={"cbt": 6},
                                       options={"reroll_policy": "always_reroll_misses"})).input_notes() == []
    with strict_inputs():
        fleeodds.load_scenario(flee(adversary={"cbt": 6}, options={"reroll_policy": "always_reroll_misses"}))


@pytest.mark.statistical
def test_optional_rerolls_are_the_attackers_best_choice_when_a_table_decreases():
    # 6 dice on DEF 4 (1/2 a die): 5 rolled + 1 re-roll of a miss. Table 3/1/1/1/1 against PV 3: exactly
    # 1 hit kills, 2 or more do not. Always re-rolling: P(kill) = P(1 hit in all) =
    # P(1 rolled hit) P(re-roll misses) + P(0 rolled hits) P(re-roll hits) = 5/32 * 1/2 + 1/32 * 1/2 = 6/64.
    # Optional: with 1 rolled hit the attacker keeps it (kill), with 0 it re-rolls:
    # 5/32 + 1/32 * 1/2 = 11/64.
    w = {"weapons": [{"name": "w", "damage": [3, 1, 1, 1, 1]}], "cbt": 6}
    always = fleeodds.load_scenario(flee(adversary=w))
    assert killed(always) == Fraction(6, 64)
    best = fleeodds.load_scenario(flee(adversary=w, options={"reroll_policy": "optional"}))
    assert killed(best) == Fraction(11, 64)
    from fleeodds import engine

    from ...conftest import assert_mc_agrees

    n = 200_000
    sim = engine.simulate(best.kernel(), trials=n, seed=4, progress=False)
    assert_mc_agrees(int(sim.outcome_counts[best.outcome_index("killed")]), n, 11 / 64, "killed")


@pytest.mark.parametrize("cap", ["Insaisissable", "Arpenteur", "Elusive", "Strider"])
def test_capacities_not_modelled_are_refused(cap):
    refused(flee({"capacities": [cap]}), "fleeing.capacities.0", "not modelled yet", "could not be found")
    refused(attraction(adversaries=[{"name": "B", "x": 5.0, "y": 0.0, "capacities": [cap]}]),
            "adversaries.0.capacities.0", "not modelled yet")


@pytest.mark.parametrize("cap", ["Esquive 2", "Dodge 3"])
def test_esquive_where_it_cannot_be_used_is_noted(cap):
    sc, note = noted(flee({"capacities": [cap]}), "fleeing.capacities.0", "no effect", "engaged")
    assert note.value == cap and killed(sc) == killed(fleeodds.load_scenario(flee()))  # echoed as written
    noted(attraction(adversaries=[{"name": "B", "x": 5.0, "y": 0.0, "capacities": [cap]}]),
          "adversaries.0.capacities.0", "no effect")


@pytest.mark.parametrize("data,needles", [
    (flee({"bonus_dice": 2}), ["fleeing.bonus_dice", "has no effect"]),
    (flee({"support": 1}), ["fleeing.support", "has no effect"]),
    (flee({"x": 1.0}), ["fleeing.x", "has no effect"]),
    (flee(adversary={"zone": {"shape": "disc", "cx": 0, "cy": 0, "r": 1}}), ["adversaries.0.zone", "no effect"]),
    (flee(options={"toise": "2.5cm"}), ["options.toise", "has no effect in a 'fuite' scenario"]),
    (flee(options={"simultaneous_kill": "frappe_rapide_first"}), ["options.simultaneous_kill", "no effect"]),
    (flee(options={"no_room_move": "partial"}), ["options.no_room_move", "unless fuite.room = false"]),
    (flee(fuite={"partial_room_toises": 2.0}), ["fuite.partial_room_toises", "no effect"]),
    (flee(options={"repli_move_multiplier": 2.0}), ["options.repli_move_multiplier", "Ordre Repli"]),
    (flee(fuite={"attacker": "A"}, options={"attacker_choice": "max_kill"}), ["options.attacker_choice"]),
    (passe(options={"attacker_choice": "max_kill"}), ["options.attacker_choice", "'passe'"]),
    (passe(passe={"riposte": False}, defender={"name": "B", "def": 4, "pv": 3, "support": 1}),
     ["defender.support", "does not riposte"]),
    (passe(attacker={"name": "A", "cbt": 1, "weapons": W, "x": 0.0}), ["attacker.x", "no effect"]),
    (attraction(options={"kill_rule": "damage > PV"}), ["options.kill_rule", "without then_pass"]),
    (attraction(options={"course_multiplier": 3.0}, attraction={"movement": "assaut"}),
     ["options.course_multiplier", "'assaut'"]),
    (attraction(others=[{"name": "G", "x": 0.0, "y": -3.0, "support": 1}]), ["others.0.support"]),
    (attraction(adversaries=[{"name": "B", "x": 5.0, "y": 0.0, "bonus_dice": 1}]), ["adversaries.0.bonus_dice"]),
])
def test_inputs_that_change_nothing_are_noted(data, needles):
    """Accepted with a note naming the input (the first words of its message), refused under --strict; the
    numbers are those of the file without it."""
    sc, note = noted(data, *needles)
    assert note.message().startswith(needles[0] + ": ")
    without = copy.deepcopy(data)
    parts = note.field.split(".")
    node = without
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    del node[parts[-1]]
    if sc.has_exact:
        assert sc.exact_distribution("fraction") == fleeodds.load_scenario(without).exact_distribution("fraction")


def test_a_default_written_where_it_cannot_apply_is_accepted_silently():
    """``riposte = true`` (the default) against a CBT – defender, which cannot riposte: nothing said, under
    --strict too (a value at its default is always accepted)."""
    data = passe(defender={"name": "B", "cbt": "-", "def": 4, "pv": 3}, passe={"riposte": True})
    sc = fleeodds.load_scenario(data)
    assert sc.input_notes() == [] and not sc.duel
    without = passe(defender={"name": "B", "cbt": "-", "def": 4, "pv": 3})
    assert sc.exact_distribution("fraction") == fleeodds.load_scenario(without).exact_distribution("fraction")
    with strict_inputs():
        assert fleeodds.load_scenario(data).input_notes() == []


@pytest.mark.parametrize("data,needles", [
    (flee(passe={"riposte": True}), ["passe", "only the sections of a 'fuite' scenario"]),
    (flee(fuite={"compare": ["base", "intangible", "base"]}), ["fuite.compare.2", "each entry once"]),
    (flee(fuite={"compare": ["base"]}, compare={"As given": {"fleeing.def": 5}}), ["compare.As given"]),
])
def test_conflicting_inputs_are_refused(data, needles):
    refused(data, *needles)


def test_every_no_effect_of_a_file_is_noted_not_only_the_first():
    """A loop over fields notes each of them (it stopped at the first when it refused)."""
    sc = fleeodds.load_scenario(flee({"bonus_dice": 2, "support": 1, "x": 1.0}, options={"toise": "2.5cm"}))
    assert [n.field for n in sc.input_notes()] == ["options.toise", "fleeing.bonus_dice", "fleeing.support",
                                                   "fleeing.x"]
    assert killed(sc) == killed(fleeodds.load_scenario(flee()))
    with strict_inputs(), pytest.raises(FleeoddsError) as e:
        fleeodds.load_scenario(flee({"bonus_dice": 2, "support": 1, "x": 1.0}, options={"toise": "2.5cm"}))
    assert e.value.field == "options.toise"


def test_relevant_inputs_are_still_accepted():
    fleeodds.load_scenario(flee(fuite={"room": False, "partial_room_toises": 2.0},
                                options={"no_room_move": "partial"}))
    fleeodds.load_scenario(flee(fuite={"compare": ["no_room"], "partial_room_toises": 2.0},
                                options={"no_room_move": "partial"}))
    fleeodds.load_scenario(flee(fuite={"compare": ["ordre_repli"]}, options={"repli_move_multiplier": 0.5}))
    fleeodds.load_scenario(passe(defender={"name": "B", "cbt": 1, "def": 4, "pv": 3, "weapons": W, "support": 1}))
    # B 7.59 toises away, both bases 40 mm: the gap is 6.015 toises in inches, 5.99 with a 2.5 cm toise
    fleeodds.load_scenario(attraction(options={"toise": "2.5cm"},
                                      adversaries=[{"name": "B", "x": 7.59, "y": 0.0}]))
    fleeodds.load_scenario(attraction(options={"attraction_version": "D_original"},
                                      adversaries=[{"name": "B", "x": 5.0, "y": 0.0, "capacities": ["Lémure"]}]))


# ----------------------------------------------------------------------------- hostile input
@pytest.mark.parametrize("data,profiles,field", [
    ({"profile": "a"}, {"a": 3}, "fleeing.profile"),                 # a profile entry that is a number
    ({"profile": "a"}, {"a": [1, 2]}, "fleeing.profile"),            # ... or a list
    ({"profile": 3}, {"a": {}}, "fleeing.profile"),                  # profile = 3
    ({"profile": ["a"]}, {"a": {}}, "fleeing.profile"),              # a list where a name is expected
    ({"profile": "z"}, {1: {}, "a": {}}, "fleeing.profile"),         # profile names of mixed types
    ({"name": ["F"], "def": 4, "pv": 3}, {}, "fleeing.name"),
    ({"name": "F", "def": 4, "pv": 3, "weapon": ["w"]}, {}, "fleeing.weapon"),
    ({"profile": "a"}, {"a": {"name": 3}}, "fleeing.name"),
    ([1, 2], {}, "fleeing"),
    (3, {}, "fleeing"),
    ({"profile": "a"}, None, "fleeing.profile"),
])
def test_build_fighter_wrong_shapes_are_one_line_input_errors(data, profiles, field):
    with pytest.raises(InputError) as e:
        build_fighter(data, "fleeing", profiles)
    assert e.value.field == field and "\n" not in str(e.value)


def test_mixed_type_names_in_a_scenario():
    d = flee()
    d["adversaries"].append({"name": 2, "cbt": 1, "weapons": W})
    refused(d, "adversaries.1.name", "a text")
    refused(flee(fuite={"attacker": ["A"]}), "fuite.attacker", "a text")
    refused(attraction(attraction={"focus": 1}), "attraction.focus", "a text")


@pytest.mark.parametrize("key", ["cx", "cy", "r"])
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), True, False, "3"])
def test_attraction_zone_numbers_must_be_finite_numbers(key, bad):
    zone = {"shape": "disc", "cx": 0.0, "cy": 10.0, "r": 2.0, key: bad}
    refused(attraction(adversaries=[{"name": "B", "zone": zone}]), f"adversaries.0.zone.{key}", "finite")


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), True])
def test_attraction_rect_and_positions_must_be_finite(bad):
    zone = {"shape": "rect", "x0": 0.0, "y0": 3.0, "x1": bad, "y1": 9.0}
    refused(attraction(adversaries=[{"name": "B", "zone": zone}]), "adversaries.0.zone.x1")
    refused(attraction(adversaries=[{"name": "B", "x": bad, "y": 0.0}]), "adversaries.0.x")


@pytest.mark.parametrize("fleeing", [{}, {"name": "F"}, {"name": "F", "notes": "x"}])
def test_a_fleeing_fighter_with_no_field_is_refused(fleeing):
    d = flee()
    d["fleeing"] = fleeing
    refused(d, "fleeing", "a profile", field="fleeing")


def test_a_fighter_without_profile_needs_the_fields_that_matter():
    d = flee()
    d["fleeing"] = {"name": "F", "pv": 3}
    refused(d, "fleeing.def: missing", "def, pv")
    d = flee()
    d["adversaries"][0] = {"name": "A", "weapons": W}
    refused(d, "adversaries.0.cbt: missing")


@pytest.mark.parametrize("bad", [3, ["a"], {"a": 1}])
def test_sections_of_the_wrong_shape(bad):
    for sec in ("fleeing", "fuite", "options"):
        d = flee()
        d[sec] = bad
        refused(d, sec)
    refused(flee(adversaries=bad), "adversaries")


def test_booleans_are_not_numbers():
    refused(flee({"pv": True}), "fleeing.pv")
    refused(flee(options={"no_room_move": False}), "options.no_room_move")
    refused(flee(fuite={"def_modifier": True}), "fuite.def_modifier")
    refused(flee(options={"course_multiplier": float("nan")}), "options.course_multiplier", "finite")


def _profiles_scenario(tmp_path, name):
    return hd_load({"system": "hell_dorado", "profiles_file": name, "fleeing": {"profile": "a"},
                    "adversaries": [{"name": "A", "cbt": 1, "weapons": W}]}, tmp_path)


def test_profiles_file_hostile_files(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "latin1.toml").write_bytes("[profiles.a]\nname = \"Damné\"\ndef = 4\n".encode("latin-1"))
    (tmp_path / "notatable.toml").write_text("[profiles]\na = 3\n", encoding="utf-8")
    (tmp_path / "good.toml").write_text("[profiles.a]\nname = \"Damné\"\ndef = 3\npv = 2\n", encoding="utf-8")
    cases = {"folder": "not a folder", "latin1.toml": "UTF-8", "missing.toml": "an existing file",
             "notatable.toml": "profiles.a", "/dev/zero": "regular file"}
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        cases["pipe"] = "regular file"
    for name, needle in cases.items():
        with pytest.raises(FleeoddsError) as e:
            _profiles_scenario(tmp_path, name)
        assert needle in str(e.value) and "\n" not in str(e.value), (name, str(e.value))
    sc = _profiles_scenario(tmp_path, "good.toml")
    assert (sc.fleeing.name, sc.fleeing.def_, sc.fleeing.pv) == ("Damné", 3, 2)
    # CBT 1 against DEF 3: a die hits on 3+ (2/3); 5 damage kills PV 2
    assert killed(sc) == Fraction(2, 3)


def test_source_is_kept_as_given():
    d = flee(fuite={"compare": ["base"]})
    sc = fleeodds.load_scenario(copy.deepcopy(d))
    assert sc.source == d and isinstance(sc.base_dir, Path)
    assert "compare" not in sc.base_source()["fuite"]


BIG = "10 ** 5000"  # built in the test: pytest cannot name a 5000-digit parameter


@pytest.mark.parametrize("build, path, value", [
    (passe, "attacker.pro", 10 ** 30), (passe, "attacker.bonus_dice", BIG), (passe, "attacker.support", 10 ** 30),
    (passe, "defender.pro", -1), (passe, "attacker.bonus_dice", -1), (passe, "attacker.support", -1),
    (passe, "options.support_bonus_per_supporter", BIG), (passe, "options.support_bonus_per_supporter", -1),
    (flee, "options.support_cap", -1), (flee, "options.support_cap", BIG), (flee, "fleeing.mou", 1e30),
    (flee, "options.course_multiplier", 1e30), (flee, "adversaries.0.pro", BIG), (flee, "fleeing.pro", 10 ** 30),
    (flee, "fuite.def_modifier", BIG), (flee, "fuite.partial_room_toises", 1e300),
    (attraction, "attractors.0.x", 1e30), (attraction, "adversaries.0.y", -1e30),
])
def test_every_number_has_a_range(build, path, value):
    from fleeodds.validation import set_field
    data = set_field(build(), path, 10 ** 5000 if value == BIG else value)
    with pytest.raises(InputError) as e:
        fleeodds.load_scenario(data)
    assert str(e.value).startswith(path + ":") and "from" in str(e.value) and "\n" not in str(e.value)


def test_the_ranges_are_in_the_schema():
    props = schema_in("en", SYSTEM)["$defs"]
    assert (props["FighterModel"]["properties"]["pro"]["minimum"], props["FighterModel"]["properties"]["pro"]
            ["maximum"]) == (0, 20)
    assert props["FighterModel"]["properties"]["mou"]["maximum"] == 30
    assert props["OptionsModel"]["properties"]["support_cap"]["anyOf"][0]["maximum"] == 10
    assert props["OptionsModel"]["properties"]["course_multiplier"]["maximum"] == 5


# ----------------------------------------------------------------------------- no silent inputs on shipped files
def _example(name, path, value):
    from fleeodds.validation import set_field
    p = next(x for x in EXAMPLES if x.name == name)
    with open(p, "rb") as f:
        return set_field(tomllib.load(f), path, value), p.parent


# Each gives the same exact results as the file without it (checked by the assertion on the file itself below):
# 3 Saracens with CBT 2 + 2 soutien = 4 dice (never past 5: no cap, no overflow, no re-roll choice), surrounded
# (room = false: no Course), no Blocage, no Intangible, DEF 4 (never out of range), identical attackers.
FUITE_SAME = [("options.hd_edition", "asmodee"), ("options.dice_cap", "none"), ("options.dice_cap", 10),
              ("options.overflow_auto_damage", False), ("options.reroll_policy", "optional"),
              ("options.support_requires_effective", True), ("options.cbt_dash_can_support", True),
              ("options.attacker_choice", "max_kill"), ("options.state_cancels_flee_move", False),
              ("options.course_multiplier", 3.0), ("options.blocage_scope", "only_from_blocker"),
              ("options.intangible_vs_blocage", "intangible_ignores"), ("options.def_out_of_range", "6_always_hits"),
              ("options.no_room_move", 0), ("options.no_room_move", "partial")]
PASSE_SAME = [("defender.bonus_dice", 1), ("defender.support", 1), ("options.hd_edition", "cipher"),
              ("options.dice_cap", "none"), ("options.overflow_auto_damage", False),
              ("options.reroll_policy", "optional"), ("options.kill_rule", "damage > PV"),
              ("options.support_bonus_per_supporter", 2), ("options.support_mode", "flat"),
              ("options.support_cap", 2), ("options.support_requires_effective", True),
              ("options.cbt_dash_can_support", True), ("options.def_out_of_range", "6_always_hits"),
              ("options.simultaneous_kill", "frappe_rapide_first")]
ATTRACTION_SAME = [("attraction.multiple_attractors", "first_listed"), ("attraction.measure", "centre"),
                   # Cipher: a pass after a Charge needs options.charge_dice_modifier (test_hd_follow_up.py)
                   ("attraction.movement", "assaut"), ("options.hd_edition", "asmodee"), ("options.dice_cap", "none"),
                   ("options.overflow_auto_damage", False), ("options.reroll_policy", "optional"),
                   ("options.pro_application", "per_hit"), ("options.def_out_of_range", "6_always_hits"),
                   ("options.simultaneous_kill", "frappe_rapide_first"), ("options.attraction_version", "D_original"),
                   ("options.toise", "2.5cm")]
SAME = ([("fuite_bretteur_cerne.toml", *c) for c in FUITE_SAME]
        + [("passe_bran_carnoth_vs_bretteur.toml", *c) for c in PASSE_SAME]
        + [("attraction_ligne.toml", *c) for c in ATTRACTION_SAME]
        + [("attraction_zone_aleatoire.toml", "attraction.multiple_attractors", "first_listed")])


@pytest.mark.parametrize("name,path,value", SAME, ids=[f"{n}-{p}={v}" for n, p, v in SAME])
def test_inputs_giving_the_same_numbers_are_noted(name, path, value):
    data, folder = _example(name, path, value)
    load = lambda d: fleeodds.system.scenario_from_dict(d, folder)  # noqa: E731
    example = load(_example(name, "title", "as shipped")[0])
    assert example.input_notes() == []
    # the value echoed as written in the file: true, 3 (not True, 3.0)
    said = f"{path}: {echo(value, whole_floats=True)} has no effect"
    known, default = fleeodds.validation.schema_default(schema_in("en", SYSTEM), path)
    if known and fleeodds.validation.equals_default(value, default):  # the default written out: nothing said
        sc = load(data)
        assert sc.input_notes() == []
    else:
        sc, note = noted(data, field=path, load=load)
        assert note.message().startswith(said) and note.value == value
    if sc.has_exact:
        assert sc.exact_distribution("fraction") == example.exact_distribution("fraction")
    if known and fleeodds.validation.equals_default(value, default):
        with strict_inputs():  # a value at its default is accepted under --strict too
            load(data)
        return
    with strict_inputs(), pytest.raises(FleeoddsError) as e:  # --strict: refused, as written
        load(data)
    assert str(e.value).startswith(said) and str(e.value).endswith("; remove it") and "\n" not in str(e.value)


def test_the_same_inputs_count_where_they_matter():
    for name, path, value in [("fuite_bretteur_cerne.toml", "options.support_cap", 1),
                              ("fuite_bretteur_cerne.toml", "options.support_mode", "flat"),
                              ("fuite_samael_choix_adversaire.toml", "options.attacker_choice", "most_dice"),
                              ("attraction_zone_aleatoire.toml", "options.toise", "2.5cm"),
                              ("attraction_ligne.toml", "options.course_multiplier", 3.0)]:
        data, folder = _example(name, path, value)
        with strict_inputs():
            assert path not in [n.field for n in fleeodds.system.scenario_from_dict(data, folder).input_notes()]
    # room = true: the Course moves course_multiplier x MOU
    data, folder = _example("fuite_bretteur_cerne.toml", "options.course_multiplier", 3.0)
    for f in [data["fleeing"]] + data["adversaries"]:  # without positions, room is entered
        f.pop("x"), f.pop("y")
    data["fuite"]["room"] = True
    sc = fleeodds.system.scenario_from_dict(data, folder)
    assert sc.flee_distance == 3 * sc.fleeing.mou
    # a dice cap matters past 5 dice: CBT 10 + 1 soutien is 11 dice (5 rolled + 5 re-rolls + 1 past the cap)
    fleeodds.load_scenario(flee(options={"dice_cap": "none"}, fuite={"attacker": "A"}) | {"adversaries": [
        {"name": "A", "cbt": 10, "weapons": W}, {"name": "B", "cbt": 1, "weapons": W}]})


def test_a_comparison_setup_that_changes_nothing_is_noted():
    data = flee(compare={"no cap": {"options.dice_cap": "none"}}, fuite={"compare": ["base"]})
    sc = fleeodds.load_scenario(data)
    assert sc.input_notes() == []
    (no_cap, cap) = sc.variants()
    assert [n.message() for n in no_cap.scenario.input_notes()] == [
        "options.dice_cap: 'none' has no effect in this Fuite (no attacker has more than 5 dice, so none is capped "
        "or re-rolled past the 10th)"]
    assert no_cap.scenario.exact_distribution("fraction") == cap.scenario.exact_distribution("fraction")
    with strict_inputs():
        e = refused(data, "compare.no cap: options.dice_cap: 'none' has no effect")
    assert "compare" in str(e) or e.field == "options.dice_cap"
    # the base's own fields count if they matter in a setup: partial room only in the surrounded setup
    fleeodds.load_scenario(flee(fuite={"compare": ["no_room"], "partial_room_toises": 2.0},
                                options={"no_room_move": "partial"}))


@pytest.mark.slow
def test_card_values_are_accepted_and_listed_when_unused():
    data, folder = _example("attraction_zone_aleatoire.toml", "attractors.0.pro", 3)
    data["adversaries"][0]["cbt"] = 4
    sc = fleeodds.system.scenario_from_dict(data, folder)
    assert sc.unused_inputs() == ["adversaries.0.cbt", "attractors.0.pro"]
    assert sc.describe()["unused_inputs"] == sc.unused_inputs()
    sc = fleeodds.load_scenario(flee({"cbt": 5, "mou": 6.0}, {"def": 3, "pv": 7}))
    assert sc.unused_inputs() == ["fleeing.cbt", "adversaries.0.def", "adversaries.0.pv"]  # MOU: the Course
    for path in EXAMPLES:
        assert fleeodds.load_scenario(path).unused_inputs() == [], path.name


@pytest.mark.parametrize("text, needle", [
    ("", "it has none"), ("profile = 5\n", "it has 'profile' instead"), ("[profiles]\n", "it has none"),
])
def test_a_profiles_file_must_hold_profiles_that_a_fighter_uses(tmp_path, text, needle):
    (tmp_path / "cards.toml").write_text(text, encoding="utf-8")
    data = flee(profiles_file="cards.toml")
    with pytest.raises(FleeoddsError) as e:
        hd_load(data, tmp_path)
    assert str(e.value).startswith("profiles_file: 'cards.toml'") and needle in str(e.value), str(e.value)
    (tmp_path / "cards.toml").write_text('[profiles.x]\ndef = 4\npv = 3\n', encoding="utf-8")
    sc = hd_load(flee(profiles_file="cards.toml") | {"fleeing": {"profile": "x"}}, tmp_path)
    assert sc.fleeing.def_ == 4


def test_a_profiles_file_no_fighter_uses_is_noted(tmp_path):
    (tmp_path / "cards.toml").write_text('[profiles.x]\ndef = 4\npv = 3\n', encoding="utf-8")
    load = lambda d: SYSTEM.load(d, tmp_path)  # noqa: E731
    sc, _ = noted(flee(profiles_file="cards.toml"), "profiles_file: 'cards.toml' has no effect when no fighter "
                  "names one of its profiles (profile = '<key>'; it has 'x')", field="profiles_file", load=load)
    assert killed(sc) == killed(fleeodds.load_scenario(flee()))
