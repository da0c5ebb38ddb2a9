"""Codes or labels (issue 24): every field of a D&D scenario that takes a code has labels in English and
French (``SYSTEM.value_labels``), and the loader reads a label, French included, as its code."""

from __future__ import annotations

import typing

import pytest

from fleeodds.system import get_system
from fleeodds.systems.dnd import SYSTEM
from fleeodds.systems.dnd.model.enemy import EnemyModel
from fleeodds.systems.dnd.model.fields import FEATS, MODES
from fleeodds.systems.dnd.model.options import OptionsModel
from fleeodds.systems.dnd.model.presets import presets
from fleeodds.systems.dnd.model.runner import RunnerModel
from fleeodds.systems.dnd.model.scenario import ScenarioModel


def _literal_codes(annotation) -> list:
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    return [c for a in typing.get_args(annotation) for c in _literal_codes(a)]


def _code_fields():
    for prefix, model in (("", ScenarioModel), ("runner.", RunnerModel), ("enemies.*.", EnemyModel),
                          ("options.", OptionsModel)):
        for name, info in model.model_fields.items():
            codes = [c for c in _literal_codes(info.annotation) if not isinstance(c, bool)]
            if codes and name != "system":
                yield prefix + name, codes


@pytest.mark.parametrize("field, codes", list(_code_fields()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_code_has_an_english_and_a_french_label(field, codes):
    labels = SYSTEM.value_labels[field]
    for code in codes:
        en, fr = _pair(labels[code])
        assert en.strip() and fr.strip(), (field, code)
    frs = [_pair(labels[c])[1].lower() for c in codes]
    assert len(set(frs)) == len(frs), f"two codes of {field} share a French label"


def test_modes_feats_editions_and_presets_have_labels():
    vl = SYSTEM.value_labels
    every_mode = {m for ms in MODES.values() for m in ms}
    assert every_mode <= set(vl["mode"]) and every_mode <= set(vl["compare_modes.*"])
    assert {f for fs in FEATS.values() for f in fs} <= set(vl["runner.feats.*"]) == set(vl["runner.feats"])
    assert set(vl["edition"]) >= set(MODES)
    runners = {k for k, p in presets().items() if p["kind"] == "runner"}
    enemies = {k for k, p in presets().items() if p["kind"] == "enemy"}
    assert set(vl["runner.preset"]) == runners and set(vl["enemies.*.preset"]) == enemies
    assert set(vl["options.attacker_preset"]) == enemies
    for field in ("runner.preset", "enemies.*.preset", "mode", "runner.feats"):
        frs = [_pair(label)[1].lower() for label in vl[field].values()]
        assert len(set(frs)) == len(frs), field


def _load(**fields):
    data = {"system": "dnd", "edition": "3.5", "runner": {"hp": 9, "ac": 14},
            "enemies": [{"attack_bonus": 4, "damage": "1d8+2"}]}
    data.update(fields)
    return get_system("dnd").load(data)


@pytest.mark.parametrize("label, code, edition", [
    ("retraite", "withdraw", "3.5"), ("Retraite", "withdraw", "pf1"),
    ("pas de placement (1,50 m)", "five_foot_step", "3.5"),
    ("déplacement (provoque)", "move", "3.5"), ("rester au contact", "stay", "pf1"),
    ("Se désengager", "disengage", "5e2014"), ("se desengager", "disengage", "5e2024"), ("Foncer", "dash", "5e2014"),
    ("course", "dash", "5e2024"), ("Dash", "dash", "5e2014"), ("téléportation", "teleport", "5e2014"),
])
def test_a_mode_label_is_read_as_its_code(label, code, edition):
    runner = {"hp": 9, "ac": 14}
    assert _load(edition=edition, mode=label, runner=runner).spec.mode == code


def test_labels_in_comparisons_editions_presets_and_feats():
    sc = _load(compare_modes=["déplacement (provoque)", "retraite"])
    assert [v.scenario.spec.mode for v in sc.variants()] == ["move", "withdraw"]
    assert _load(edition="Pathfinder 1re éd.").spec.edition == "pf1"
    assert _load(edition="D&D 5e (2024)", mode="Se désengager").spec.edition == "5e2024"
    sc = _load(runner={"preset": "magicien niv. 1 (3.5)"},
               enemies=[{"preset": "orque, homme d'armes 1, cimeterre à deux mains (3.5)"}])
    assert sc.spec.runner.preset == "srd35_wizard_1" and sc.spec.enemies[0].preset == "srd35_orc_falchion"
    assert _load(runner={"hp": 9, "ac": 14, "feats": ["Souplesse du serpent", "Esquive"]}).spec.runner.feats == (
        "mobility", "dodge")


def test_an_unknown_word_is_still_refused_by_name():
    from fleeodds.errors import InputError

    with pytest.raises(InputError) as err:
        _load(mode="fuite")
    assert err.value.field == "mode"


def _pair(label):
    """A value label in English and in French (from the catalogue, or as a data file gives it)."""
    from fleeodds.system import value_label

    return value_label(label).render("en"), value_label(label).render("fr")
