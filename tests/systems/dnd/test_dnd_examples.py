"""Shipped D&D examples, presets, the decision table (variants) and the benchmark case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fleeodds
from fleeodds.language import use_lang
from fleeodds.systems.dnd.model.presets import preset_names, presets
from fleeodds.systems.dnd.scenarios.exchange import benchmark_case

from .dnd_helpers import assert_agree, exact_by_outcome

EXAMPLES = [p for p in fleeodds.list_examples() if p.parent.name == "dnd"]


def test_at_least_the_required_examples():
    names = {p.name for p in EXAMPLES}
    assert {"wizard_withdraws_past_orcs_35.toml", "rogue_decision_table_35.toml", "wizard_leaves_two_orcs_5e.toml",
            "rogue_acrobatics_past_orcs_pf1.toml"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs_both_methods(path):
    sc = fleeodds.load_scenario(f"dnd/{path.name}")
    setups = [v.scenario for v in sc.variants()] or [sc]
    for s in setups:
        with use_lang("fr"):
            t = fleeodds.evaluate(s, "both", trials=100_000, seed=3, progress=False)
        w = t.wide()
        assert abs(w.exact.sum() - 1) < 1e-12
        assert (w.z.abs() < 4.5).all()
        json.loads(t.to_json())


def test_decision_table_variants():
    sc = fleeodds.load_scenario("dnd/rogue_decision_table_35.toml")
    vs = sc.variants()
    assert [v.label().render("en") for v in vs] == ["move away (provokes)", "withdraw", "Tumble, half speed",
                                                     "5-foot step", "stay in melee"]
    assert [v.label().render("fr") for v in vs][:2] == ["déplacement (provoque)", "retraite"]
    assert all(v.scenario.variants() == [] for v in vs)
    odds = {str(v.name): exact_by_outcome(v.scenario) for v in vs}
    assert odds["withdraw"]["unharmed"] > odds["move away (provokes)"]["unharmed"]
    assert odds["5-foot step"] == {"move_cancelled": 1}


def test_auto_compare_modes():
    sc = fleeodds.load_scenario({"system": "dnd", "edition": "3.5", "compare_modes": "auto",
                                 "runner": {"preset": "srd35_wizard_1"},
                                 "enemies": [{"preset": "srd35_orc_falchion"}]})
    assert [v.scenario.spec.mode for v in sc.variants()] == ["move", "withdraw", "five_foot_step", "stay"]
    assert fleeodds.load_scenario({"system": "dnd", "runner": {"hp": 3, "ac": 10},
                                   "enemies": [{"attack_bonus": 1, "damage": "1d4"}]}).variants() == []


def test_pathfinder_and_french_labels():
    sc = fleeodds.load_scenario("dnd/rogue_acrobatics_past_orcs_pf1.toml")
    label = sc.variants()[0].label()
    assert (label.render("en"), label.render("fr")) == ("Acrobatics, half speed", "Acrobaties, demi-vitesse")
    with use_lang("fr"):
        t = fleeodds.evaluate(sc, "exact")
    assert "s'échappe indemne" in set(t.frame.label)


def test_presets_cover_the_issue():
    enemies = set(preset_names("enemy"))
    assert {"srd35_orc_falchion", "srd35_goblin", "srd35_gnoll", "srd35_ogre", "pf1_orc", "pf1_goblin", "pf1_ogre",
            "srd51_orc", "srd51_goblin", "srd51_wolf", "srd51_ogre"} <= enemies
    runners = set(preset_names("runner"))
    for ed in ("srd35", "pf1", "srd5"):
        for cls in ("fighter_1", "rogue_1", "wizard_1"):
            assert f"{ed}_{cls}" in runners
    p = presets()
    assert (p["srd35_ogre"]["reach"], p["srd35_ogre"]["attack_bonus"], p["srd35_ogre"]["damage"]) == (10, 8, "2d8+7")
    assert (p["pf1_orc"]["cmd"], p["srd51_orc"]["damage"], p["srd51_wolf"]["on_hit_save_dc"]) == (14, "1d12+3", 11)
    for name in enemies | runners:   # every preset loads in each of its editions
        for ed in p[name]["editions"]:
            role = "runner" if name in runners else "enemies"
            data = {"system": "dnd", "edition": ed, "runner": {"hp": 5, "ac": 12},
                    "enemies": [{"attack_bonus": 1, "damage": "1d4"}]}
            data[role] = {"preset": name} if role == "runner" else [{"preset": name}]
            fleeodds.load_scenario(data)


@pytest.mark.statistical
def test_benchmark_case():
    sc = benchmark_case()
    assert len(sc.spec.enemies) == 3 and sc.spec.mode == "withdraw" and len(sc.plan.events) == 3
    assert_agree(sc, trials=200_000, seed=5)


def test_manifest_describes_the_opportunities():
    sc = fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml")
    d = sc.describe()
    assert [o["enemy"] for o in d["opportunities"]] == ["orc by the exit"]
    assert d["edition"] == "3.5" and d["mode"] == "withdraw"


def test_counts_do_not_depend_on_threads_or_chunks():
    import numba
    import numpy as np

    sc = benchmark_case()
    k = sc.kernel()
    whole = k(42, 0, 100_000)
    split = k(42, 0, 30_000) + k(42, 30_000, 70_000)
    assert np.array_equal(whole, split)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = k(42, 0, 100_000)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(whole, one)


def test_summary_reports_no_attack_and_attack_counts():
    from fractions import Fraction

    from .dnd_helpers import scenario

    sc = scenario(edition="pf1", mode="acrobatics", runner={"hp": 9, "ac": 15, "tumble": 7, "con": 12},
                  enemies=[{"preset": "pf1_orc"}, {"preset": "pf1_orc"}])  # (Acrobatics: the start square is moot)
    s = sc.summary()
    assert s["p_no_attack"] == Fraction(21, 50)
    assert sum(s["attacks"].values()) == 1 and max(s["attacks"]) == 2
    assert sc.describe()["exact_summary"]["p_no_attack"] == 0.42


def test_french_movement_words_are_the_project_terms():
    """Withdraw is *retraite* (README, docs/dnd.md), never *repli* (Hell Dorado's Ordre Repli); staying
    reads "rester au contact" wherever a setup stays; the mode labels keep one form each."""
    from fleeodds.systems.dnd.labels import MODE_LABELS

    from fleeodds.outcomes import as_message

    assert as_message(MODE_LABELS["withdraw"]).render("fr") == "retraite"
    assert as_message(MODE_LABELS["stay"]).render("fr") == "rester au contact"
    for path in sorted((Path(fleeodds.__file__).parent / "examples" / "dnd").glob("*.toml")):
        sc = fleeodds.load_scenario(f"dnd/{path.name}")
        assert "repli" not in sc.title_label().render("fr").lower(), path.name
        for v in sc.variants():
            fr = v.label().render("fr")
            assert "repli" not in fr.lower(), (path.name, fr)
            if v.scenario.source.get("mode") == "stay":
                assert fr == "rester au contact", (path.name, fr)
    assert "retraite" in fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml").title_label().render("fr")
