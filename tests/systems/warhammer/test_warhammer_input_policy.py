"""Issue 24 in Warhammer: what players write is accepted and explained.

- the inputs the issue found refused are accepted with a note naming the field and why (and refused
  under ``strict_inputs()``): Insane Courage for a unit whose Break test its total decides anyway,
  ``options.catch_vs_edge_order`` in the ``fleeing`` situation with no table edge to reach,
  ``fleeing.troop_type = "cavalry"`` in 8th (accepted silently when it is the named profile's own);
- a 7th-edition Break scenario with Insane Courage, inert at the base point, sweeps over the combat
  margin without an error, and the numbers change exactly where the double 1 decides the test;
- a refusal or note names the field that causes it: a drawn combat (``combat.margin = 0``) names the
  margin as the reason the table and rally fields change nothing;
- every code a field takes has its French name (``RulesSystem.value_labels``): editions, situations,
  troop types and the shipped profiles' names wherever a ``profile`` field is.

Every probability is a 2D6 count written here, not the solver's code.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from click.testing import CliRunner

from fleeodds.cli import main
from fleeodds.sweep import sweep
from fleeodds.systems.warhammer import SYSTEM
from fleeodds.systems.warhammer.model.flee import ScenarioModel
from fleeodds.systems.warhammer.model.profiles import shipped_profiles

from ._policy import assert_not_noted, assert_noted, assert_strict_refused, load
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


#: 2D6 totals with their number of the 36 throws, and which throws are a double 1.
THROWS = list(itertools.product(range(1, 7), repeat=2))


def p_break_test_passed(ld: int, margin: int, insane_courage: bool) -> Fraction:
    """7th edition, hand count: a Break test passes on 2D6 + margin <= Ld (the margin taken off the Ld),
    and with Insane Courage a double 1 passes whatever the total; a drawn combat (margin 0) takes no test."""
    if margin == 0:
        return Fraction(1)
    passed = sum(1 for a, b in THROWS if a + b <= ld - margin or (insane_courage and a == b == 1))
    return Fraction(passed, 36)


def unit(name: str, **kw) -> dict:
    return {"name": name, "movement": 4, "leadership": 7, **kw}


def break_7th(**kw) -> dict:
    d = {"system": "warhammer", "edition": "7th", "situation": "break", "fleeing": unit("Orcs"),
         "pursuer": unit("Dwarfs", movement=3, leadership=9), "combat": {"margin": 1},
         "options": {"insane_courage": True}}
    d.update(kw)
    return d


# -- the three Warhammer cases -------------------------------------------------------------------
def test_insane_courage_where_the_total_decides_the_break_test_is_noted():
    # Ld 7 losing by 1: 2D6 <= 6; a double 1 (2) passes by its total anyway. Insane Courage is on by
    # default in 7th: written true it is the edition's default (nothing said); written false, a note
    data = break_7th(options={"insane_courage": False})
    start = "options.insane_courage: false has no effect"
    why = "every Leadership test here passes or fails on a natural double anyway, by its total"
    note = assert_noted(data, start, "in the 'break' situation in 7th edition", why)
    assert (note.field, note.value) == ("options.insane_courage", False)
    assert_strict_refused(data, start, why)
    assert_not_noted(break_7th(options={"insane_courage": True}), "options.insane_courage")
    plain = load(data).exact_distribution("fraction")
    held = load(break_7th(options={"insane_courage": True})).exact_distribution("fraction")
    assert held == plain
    assert p_break_test_passed(7, 1, True) == p_break_test_passed(7, 1, False) == Fraction(15, 36)


def test_catch_vs_edge_order_in_the_fleeing_situation_without_an_edge_is_noted():
    data = {"system": "warhammer", "edition": "7th", "situation": "fleeing", "fleeing": unit("Goblins"),
            "pursuer": unit("Orcs"), "options": {"catch_vs_edge_order": "edge_first"}}
    start = "options.catch_vs_edge_order: 'edge_first' has no effect"
    assert_noted(data, start, "in the 'fleeing' situation in 7th edition",
                 "where the first flee move can reach the table edge")
    assert_strict_refused(data, start)
    # with an edge a first 2D6 flee move can reach (6"), the order decides a catch on the edge: used, no note
    assert_not_noted(dict(data, table={"edge_distance": 6}), "options.catch_vs_edge_order")


def test_cavalry_troop_type_in_8th_is_noted_unless_the_profile_has_it():
    data = {"system": "warhammer", "edition": "8th", "situation": "fleeing", "fleeing": unit("Riders"),
            "pursuer": unit("Orcs")}
    data["fleeing"]["troop_type"] = "cavalry"
    start = "fleeing.troop_type: 'cavalry' has no effect"
    why = "the troop type changes no number here; Movement and special rules do"
    assert_noted(data, start, "in the 'fleeing' situation in 8th edition", why)
    assert_strict_refused(data, start, why)
    # the Empire Knights' own troop type, written out: that field's default, accepted silently (strict too)
    knights = dict(data, fleeing={"profile": "Empire Knights", "troop_type": "cavalry"})
    assert_not_noted(knights)


# -- a sweep over a field that makes an option matter at some points only ----------------------------------
MARGINS = range(0, 7)


def _held(frame, margin: int) -> float:
    row = frame[(frame["combat.margin"] == margin) & (frame["outcome"] == "held")]
    return float(row["probability"].iloc[0])


def test_insane_courage_inert_at_the_base_point_sweeps_through_the_api():
    # written false (7th's default is true): inert at margin 1, where the total decides the test
    base = break_7th(options={"insane_courage": False})
    assert [n.field for n in load(base).input_notes()] == ["options.insane_courage"]
    with_ic = sweep(break_7th(options={"insane_courage": True}), {"combat.margin": list(MARGINS)}, "exact",
                    progress=False).frame
    without = sweep(base, {"combat.margin": list(MARGINS)}, "exact", progress=False).frame
    for m in MARGINS:
        assert _held(with_ic, m) == pytest.approx(float(p_break_test_passed(7, m, True)), abs=1e-12), m
        assert _held(without, m) == pytest.approx(float(p_break_test_passed(7, m, False)), abs=1e-12), m
    # hand values: margin 0 a draw (no test) either way; margin 6 (2D6 <= 1 never) only the double 1 holds
    assert p_break_test_passed(7, 0, True) == p_break_test_passed(7, 0, False) == 1
    assert (p_break_test_passed(7, 6, True), p_break_test_passed(7, 6, False)) == (Fraction(1, 36), 0)
    changed = [m for m in MARGINS if _held(with_ic, m) != _held(without, m)]
    assert changed == [6]  # Ld 7 - 6 = 1: the only margin where the total cannot pass a double 1


def test_insane_courage_inert_at_the_base_point_sweeps_on_the_command_line(tmp_path):
    path = tmp_path / "insane_courage.toml"
    path.write_text('system = "warhammer"\nedition = "7th"\nsituation = "break"\n'
                    '[fleeing]\nname = "Orcs"\nmovement = 4\nleadership = 7\n'
                    '[pursuer]\nname = "Dwarfs"\nmovement = 3\nleadership = 9\n'
                    '[combat]\nmargin = 1\n[options]\ninsane_courage = true\n', encoding="utf-8")
    out = tmp_path / "sweep.csv"
    res = CliRunner().invoke(main, ["sweep", str(path), "--vary", "combat.margin=0..6", "--exact", "-f", "csv", "-o", str(out)])
    assert res.exit_code == 0, res.output
    import pandas as pd

    frame = pd.read_csv(out)
    assert _held(frame, 6) == pytest.approx(1 / 36, abs=1e-12)
    assert _held(frame, 0) == 1.0 and _held(frame, 3) == pytest.approx(6 / 36, abs=1e-12)  # 2D6 <= 4


# -- every refusal or note names the field that causes it ------------------------------------------------
@pytest.mark.parametrize("edition", ["6th", "7th", "8th", "tow", "starter"])
def test_a_drawn_combat_names_combat_margin_as_the_reason(edition):
    """Regression (issue 24, hostile-input run): ``combat.margin = 0`` with a table edge was answered with an
    error about ``table.edge_distance`` alone. The margin is no error (a draw is a question a player asks);
    the fields it makes moot are noted, and their note names ``combat.margin = 0`` as the reason."""
    data = {"system": "warhammer", "edition": edition, "situation": "break", "fleeing": unit("F"),
            "pursuer": unit("P"), "combat": {"margin": 0}, "table": {"edge_distance": 6, "max_turns": 2}}
    why = "combat.margin = 0 is a drawn combat: no Break test, so no flight, pursuit or rally follows"
    sc = load(data)
    assert {n.field for n in sc.input_notes()} == {"table.edge_distance", "table.max_turns"}
    assert all(why in n.message() for n in sc.input_notes())
    assert "combat.margin = 0 est un combat nul" in said_in("fr", sc.input_notes()[0])
    assert [o.code for o in sc.outcomes] == ["held"] and sc.exact_distribution("fraction") == {(0, 0): 1}
    msg = assert_strict_refused(data, "table.edge_distance: 6 has no effect", why)
    assert "combat.margin" in msg
    # the pursuer's musician decides whether it is a draw: it is no note, and the draw becomes a loss by 1
    won = load(dict(data, pursuer=unit("P", musician=True)))
    assert not won.input_notes() and len(won.outcomes) > 1


def test_the_margin_is_named_where_it_is_the_input_without_effect():
    data = {"system": "warhammer", "edition": "7th", "situation": "fleeing", "fleeing": unit("F"),
            "pursuer": unit("P"), "combat": {"margin": 0}}
    assert_noted(data, "combat.margin: 0 has no effect", "there is no Break test in this situation")
    assert_strict_refused(data, "combat.margin: 0 has no effect")


# -- codes and their French names ----------------------------------------------------------------------
def _profile_fields(model=ScenarioModel, prefix: str = "") -> set[str]:
    """Every ``profile`` field of the scenario model, as a dotted path with ``*`` for a list item."""
    import typing

    from fleeodds.validation import inner_model

    out = set()
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key == "profile":
            out.add(prefix + key)
        inner = inner_model(info.annotation)
        if inner is not None and inner is not model:
            listed = any(typing.get_origin(a) in (list, tuple) for a in (info.annotation, *typing.get_args(info.annotation)))
            out |= _profile_fields(inner, f"{prefix}{key}.{'*.' if listed else ''}")
    return out


def test_every_profile_field_names_the_shipped_profiles_in_both_languages():
    fields = _profile_fields()
    assert fields == {"fleeing.profile", "pursuer.profile", "pursuers.*.profile", "fight.unit.profile",
                      "fight.enemy.profile"}
    shipped = {p["name"] for p in shipped_profiles().values()}
    for field in fields:
        names = SYSTEM.value_labels[field]
        assert {en for en, _ in names.values()} == shipped, field
        assert set(names) == {n.casefold() for n in shipped}  # codes as the loader matches them
    names = SYSTEM.value_labels["fleeing.profile"]
    assert names["night goblins"] == ("Night Goblins", "Gobelins de la Nuit")
    assert names["dwarf warriors"] == ("Dwarf Warriors", "Guerriers nains")
    assert names["empire knights"][1] == "Chevaliers de l'Empire" and names["orc boyz"][1] == "Orques"
    assert all(fr != en for en, fr in names.values())  # every shipped profile has its French name


def test_editions_situations_and_troop_types_have_french_names():
    labels = SYSTEM.value_labels
    assert _pair(labels["edition"]["8th"]) == ("8th edition", "8e édition")
    assert _pair(labels["edition"]["7th"])[1] == "7e édition" and _pair(labels["edition"]["6th"])[1] == "6e édition"
    situations = ScenarioModel.model_fields["situation"].annotation.__args__
    assert set(labels["situation"]) == set(situations)
    assert _pair(labels["situation"]["fleeing"])[1] == "Déjà en fuite"
    for unit_path in ("fleeing", "pursuer", "pursuers.*", "fight.unit", "fight.enemy"):
        troop = labels[f"{unit_path}.troop_type"]
        assert _pair(troop["cavalry"]) == ("cavalry", "cavalerie") and _pair(troop["infantry"])[1] == "infanterie"
    from fleeodds.systems.warhammer.model.base import TROOP_TYPES

    assert set(labels["fleeing.troop_type"]) == set(TROOP_TYPES)


def _pair(label):
    """A value label in English and in French (from the catalogue, or as a data file gives it)."""
    from fleeodds.system import value_label

    return value_label(label).render("en"), value_label(label).render("fr")
