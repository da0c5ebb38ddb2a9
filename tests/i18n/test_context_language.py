"""Below the command line, the web and the report, nothing takes a language: sentences, notes, numbers,
schemas and messages are written in the context's (fleeodds.language.use_lang), and the manifest keeps
a scenario's sentences in every language (issue 29)."""

from __future__ import annotations

import time

import pytest

import fleeodds
from fleeodds import engine, i18n
from fleeodds.language import N_, get_lang, use_lang

FIGHT = {"system": "warhammer", "edition": "8th", "situation": "fight",
         "fight": {"charger": "none", "max_rounds": 1,
                   "unit": {"profile": "Night Goblins", "models": 5, "files": 5},
                   "enemy": {"profile": "Dwarf Warriors", "models": 5, "files": 5}},
         "table": {"max_turns": 0}}


def test_numbers_are_written_in_the_context_language():
    assert i18n.pct(0.1234) == "12.3%" and i18n.colon() == ": "
    with use_lang("fr"):
        assert i18n.pct(0.1234) == "12,3\u00a0%" and i18n.fixed(1234.5, 2) == "1\u202f234,50"
        assert i18n.colon() == "\u202f: " and i18n.rounded(0.001) == "moins de 1\u00a0%"
    assert i18n.integer(1234567) == "1,234,567"  # the block's language is left behind


def test_a_fights_notes_and_groups_follow_the_reader_and_the_manifest_keeps_both():
    sc = fleeodds.load_scenario(FIGHT)
    en = sc.notes()
    with use_lang("fr"):
        fr = sc.notes()
        groups = sc.outcome_groups()
    assert en[0].startswith("The round alone, before any Break test: 5 Night Goblins win ")
    assert fr[0].startswith("Le round seul, avant tout test de moral\u202f: l'unité de 5 Gobelins de la Nuit gagne ")
    assert fr[1].splitlines()[0].split()[:3] == ["Résultat", "de", "combat"]
    assert groups[0][0] == "L'unité de 5 Gobelins de la Nuit gagne"
    t = fleeodds.evaluate(sc, "exact", progress=False)  # English table, sentences kept in both languages
    assert t.manifest["notes"] == {"en": en, "fr": fr}
    assert t.manifest["outcome_groups"]["fr"][0][0] == groups[0][0]
    assert t.manifest["sentences"]["fr"][0].startswith("Premier round\u202f: ")


def test_a_fighter_named_with_a_vowel_is_elided_in_french():
    from fleeodds.systems.hell_dorado.scenarios.fuite import FuiteScenario

    msgid = N_("It ends inside {name}'s Attraction zone: at its next activation it must Assaut or Charge it and "
               "is pulled back into contact.")
    with use_lang("fr"):
        assert "zone d'Attraction d'Isha-Akshay :" in FuiteScenario._naming(msgid, "Isha-Akshay")
        assert "zone d'Attraction de Samael :" in FuiteScenario._naming(msgid, "Samael")
    assert FuiteScenario._naming(msgid, "Isha-Akshay").startswith("It ends inside Isha-Akshay's Attraction zone")


def test_an_error_and_a_schema_are_in_the_context_language():
    with pytest.raises(fleeodds.FleeoddsError) as e:
        fleeodds.load_scenario(dict(FIGHT, edition="9th"))
    english = e.value.message()
    with use_lang("fr"):
        french = e.value.message()
        schema = fleeodds.system.get_system("hell_dorado").schema()
    assert english == str(e.value) and french != english and "n'est pas admis" in french
    assert schema["title"] == "Scénario Hell Dorado (Fuite, passe d'armes, Attraction)"
    assert schema["properties"]["decide"]["title"] == "Décision"


def test_a_job_runs_in_its_language_and_the_compile_notice_in_its_callers(monkeypatch, capsys):
    from fleeodds.scale import Job, call

    assert call(Job("k", get_lang, (), lang="fr")).value == "fr" and call(Job("k", get_lang)).value == "en"
    monkeypatch.setattr(engine, "COMPILE_NOTICE_AFTER", 0.01)
    with use_lang("fr"), engine.compile_notice("x"):
        time.sleep(0.3)  # the notice's timer thread says it meanwhile
    said = capsys.readouterr().err
    assert "compilation du noyau Monte-Carlo de 'x'" in said and "compiling" not in said


def test_the_evaluations_take_no_language_and_label_in_the_readers():
    """issue 29: evaluate, compare, sweep, matrix, army_matrix, simulate and simulate_paired take no ``lang``;
    the labels are in the context's language, which the result records."""
    import inspect

    from fleeodds import api, compare, matrix, sweep

    for fn in (fleeodds.evaluate, compare.compare, sweep.sweep, matrix.matrix, api.army_matrix, engine.simulate,
               engine.simulate_paired):
        assert not {"lang", "langs"} & set(inspect.signature(fn).parameters), fn.__name__
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    with use_lang("fr"):
        fr = fleeodds.evaluate(sc, "exact")
    en = fleeodds.evaluate(sc, "exact")
    assert (fr.lang, en.lang) == ("fr", "en")
    assert fr.rows[0]["label"] == "tient (test de moral réussi)" and en.rows[0]["label"].startswith("held")
    assert fleeodds.use_lang is use_lang and fleeodds.get_lang is get_lang  # the public API's


def test_an_edge_checks_its_language_by_name():
    from fleeodds.errors import InputError
    from fleeodds.language import check_lang

    assert check_lang("fr") == "fr"
    with pytest.raises(InputError) as err:
        check_lang("de")
    assert err.value.field == "lang" and "'en', 'fr'" in str(err.value)


def test_a_web_worker_reads_the_language_it_was_asked_for():
    """A worker process runs a sweep or a comparison in the language of the request (web/procs.py)."""
    from fleeodds.web import procs, service

    args = ({"system": "warhammer"}, {"fleeing.leadership": "5..6"}, None, None, 100, 0, "fr")
    assert procs._asked_lang(service.sweep, args, {}) == "fr"
    assert procs._asked_lang(service.compare, ({}, "both", 100, 0), {"lang": "fr"}) == "fr"


def test_no_function_below_the_edges_takes_a_language():
    """Below the command line, the web and the report, no function takes ``lang``: the language is the context's.
    Left: a message's ``render(lang)`` (how an edge shows it) and the language module's own machinery
    (``use_lang``, ``translation``…) and the catalogue tool."""
    import ast
    from pathlib import Path

    import fleeodds

    root = Path(fleeodds.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(("cli", "web/", "report/")) or rel in ("language.py", "i18n_tools.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name != "render":
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if {"lang", "langs"} & {a.arg for a in args}:
                    found.append(f"{rel}:{node.lineno} {node.name}")
    assert not found, found
    assert any(p.name == "results.py" for p in root.iterdir())  # the scan reads the package
