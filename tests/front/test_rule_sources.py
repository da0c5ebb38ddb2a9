"""Rule provenance in the output (issue 26 item 5): the JSON manifest lists the rules an answer rests on
(``rule_sources``: rule, edition, source) and ``fleeodds run -d`` prints them, through the scenario contract
(:meth:`fleeodds.system.Scenario.rule_sources`) without the front naming a system."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.cli import main
from fleeodds.language import use_lang
from fleeodds.errors import FleeoddsError
from fleeodds.evaluation import evaluate, rule_sources_of

TOW_FIGHT = {"system": "warhammer", "edition": "tow", "situation": "fight", "title": "TOW sources",
             "fight": {"charger": "unit",
                       "unit": {"name": "A", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3,
                                "toughness": 3, "wounds": 1, "initiative": 3, "attacks": 1, "models": 2,
                                "files": 2, "weapon": "great_weapon"},
                       "enemy": {"name": "B", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3,
                                 "toughness": 3, "wounds": 1, "initiative": 3, "attacks": 1, "models": 2,
                                 "files": 2, "shield": True}}}


def test_tow_fight_manifest_lists_the_rules_used_with_dates():
    sc = fleeodds.load_scenario(TOW_FIGHT)
    with use_lang("en"):
        table = evaluate(sc, "exact")
    sources = table.manifest["rule_sources"]
    by_rule = {s["rule"]: s for s in sources}
    assert by_rule["To Hit"]["source"] == ("tow.whfb.app/the-combat-phase/roll-to-hit-combat (last updated "
                                           "2024-01-31; rulebook p. 148)")
    assert by_rule["To Hit"]["edition"] == "Warhammer: The Old World (FAQ & Errata 1.5.2)"
    # the rules this round used: the great weapon, its Strike Last and Armour Bane, the shield and Parry
    for rule in ("Great weapon", "Strike Last", "Armour Bane", "Parry", "Charging units (+1 Initiative per full "
                                                                        "inch)", "Break test"):
        assert rule in by_rule, rule
    assert "Lance" not in by_rule and "Thrusting spear" not in by_rule
    assert any("FAQ & Errata, version 1.5.2" in s["source"] for s in sources)
    assert json.loads(table.to_json())["manifest"]["rule_sources"] == sources


def test_the_2024_reading_is_named_and_cites_no_faq():
    data = json.loads(json.dumps(TOW_FIGHT))
    data["fight"]["options"] = {"tow_rules_version": "rulebook_2024"}
    sources = fleeodds.load_scenario(data).rule_sources()
    assert {s["edition"] for s in sources} >= {"Warhammer: The Old World (2024 rulebook)"}
    assert not any("FAQ" in s["source"] for s in sources) and not any(s["rule"] == "Parry" for s in sources)


def test_flee_situation_lists_its_chain():
    sc = fleeodds.load_scenario(fleeodds.api.example_dir() / "warhammer" / "goblins_broken_by_dwarfs.toml")
    rules = {s["rule"]: s["source"] for s in sc.rule_sources()}
    assert rules["Break test"] == "7th.whfb.app/close-combat/break-tests"


def test_run_d_prints_the_sources_in_both_languages(tmp_path):
    import tomli_w

    path = tmp_path / "tow.toml"
    path.write_text(tomli_w.dumps(TOW_FIGHT), encoding="utf-8")
    runner = CliRunner()
    r = runner.invoke(main, ["run", str(path), "--exact", "-d"])
    assert r.exit_code == 0, r.output
    assert "Rules used, with their sources" in r.output
    assert "- Strike Last: tow.whfb.app/special-rules/strike-last (last updated 2024-01-31; rulebook p. 178)" \
        in r.output
    r = runner.invoke(main, ["run", str(path), "--exact"])
    assert "Rules used" not in r.output  # only with -d
    r = runner.invoke(main, ["run", str(path), "--exact", "-d", "--lang", "fr"])
    assert "Règles utilisées et leurs sources" in r.output


def test_a_system_without_sources_has_none_in_its_manifest():
    # the contract's default is an empty list (tests/toy's system and D&D cite nothing yet)
    sc = fleeodds.load_scenario(fleeodds.api.example_dir() / "dnd" / "wizard_withdraws_past_orcs_35.toml")
    assert sc.rule_sources() == []
    assert "rule_sources" not in evaluate(sc, "exact").manifest


def test_a_malformed_source_is_refused_by_name():
    class Bad:
        def rule_sources(self):
            return [{"rule": "x"}]

    with pytest.raises(FleeoddsError, match="rule_sources"):
        rule_sources_of(Bad())


def test_a_comparison_merges_its_setups_sources():
    from fleeodds.compare import compare

    data = json.loads(json.dumps(TOW_FIGHT))
    old = json.loads(json.dumps(TOW_FIGHT))
    old["fight"]["options"] = {"tow_rules_version": "rulebook_2024"}
    comp = compare([("FAQ", fleeodds.load_scenario(data)), ("2024", fleeodds.load_scenario(old))], "exact")
    editions = {s["edition"] for s in comp.manifest["rule_sources"]}
    assert {"Warhammer: The Old World (FAQ & Errata 1.5.2)", "Warhammer: The Old World (2024 rulebook)"} <= editions
    records = [json.dumps(s, sort_keys=True) for s in comp.manifest["rule_sources"]]
    assert len(records) == len(set(records))
