"""The reader's language is chosen once at the edges and held in a context variable: ``--lang``,
``FLEEODDS_LANG``, the system locale (``LC_ALL``/``LC_MESSAGES``/``LANG``), ``Accept-Language``."""

from __future__ import annotations

import contextvars
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from fleeodds.cli import main
from fleeodds.language import (get_lang, lang_from_accept_language, lang_from_env, set_lang, use_lang)

FRENCH_LOCALE = {"FLEEODDS_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}


@pytest.mark.parametrize("env, want", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_CA"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # no German catalogue: the source language
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
    ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "fr_FR"}, "en"),  # LC_ALL wins, as in POSIX
    ({"FLEEODDS_LANG": "fr", "LANG": "C"}, "fr"),
    ({"FLEEODDS_LANG": "en", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"FLEEODDS_LANG": "", "LANG": "fr_FR.UTF-8"}, "fr"),  # an empty variable is not set
])
def test_language_from_the_environment(env, want):
    assert lang_from_env(env) == want


@pytest.mark.parametrize("header, want", [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("en-GB,fr;q=0.5", "en"), ("de,fr;q=0.3", "fr"), ("de", "en"),
    ("fr;q=0", "en"), ("", "en"), (None, "en"), ("fr;q=abc,en", "en"),
])
def test_language_from_accept_language(header, want):
    assert lang_from_accept_language(header) == want


def test_the_language_is_a_context_variable():
    assert get_lang() == "en"
    with use_lang("fr"):
        assert get_lang() == "fr"
        seen = []
        t = threading.Thread(target=lambda: seen.append(get_lang()))  # a new thread starts from the default
        t.start(), t.join()
        assert seen == ["en"]
        assert contextvars.copy_context().run(get_lang) == "fr"  # a copied context keeps it
    assert get_lang() == "en"
    with pytest.raises(ValueError, match="lang: 'xx' is not allowed"):
        set_lang("xx")


def test_run_answers_in_french_under_a_french_locale():
    """`fleeodds run FILE` with LANG=fr_FR.UTF-8 and no --lang is French; --lang en still wins."""
    runner = CliRunner()
    fr = runner.invoke(main, ["run", "dnd/wizard_leaves_two_orcs_5e.toml", "--exact"], env=FRENCH_LOCALE)
    assert fr.exit_code == 0, fr.output
    assert "Résultat" in fr.output and "Outcome" not in fr.output, fr.output
    en = runner.invoke(main, ["run", "dnd/wizard_leaves_two_orcs_5e.toml", "--exact", "--lang", "en"],
                       env=FRENCH_LOCALE)
    assert en.exit_code == 0 and "Outcome" in en.output and "Résultat" not in en.output, en.output


def test_errors_follow_the_locale_and_an_explicit_lang_wins():
    runner = CliRunner()
    r = runner.invoke(main, ["run", "no_such_file.toml"], env=FRENCH_LOCALE)
    assert r.exit_code == 2 and r.output.startswith("erreur : "), r.output
    r = runner.invoke(main, ["run", "no_such_file.toml", "--lang", "en"], env=FRENCH_LOCALE)
    assert r.exit_code == 2 and r.output.startswith("error: "), r.output


@pytest.mark.slow
def test_run_in_a_french_shell_subprocess():
    """The real thing: a child process whose environment says LANG=fr_FR.UTF-8, no --lang."""
    src = str(Path(__file__).resolve().parents[2] / "src")  # this checkout's package, whatever is installed
    env = {**os.environ, **FRENCH_LOCALE, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run([sys.executable, "-m", "fleeodds", "run", "dnd/wizard_leaves_two_orcs_5e.toml", "--exact"],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "Résultat" in r.stdout, r.stdout
    h = subprocess.run([sys.executable, "-m", "fleeodds", "run", "--help"], capture_output=True, text=True, env=env)
    assert h.stdout.startswith("Utilisation : fleeodds run"), h.stdout[:200]


def test_the_written_language_is_read_as_click_reads_it(monkeypatch):
    """``-lfr`` (attached), the last of several ``--lang``, and an unknown one falls back to the locale."""
    from click.testing import CliRunner

    from fleeodds.cli import main

    monkeypatch.delenv("FLEEODDS_LANG", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    runner = CliRunner()
    for args in (["run", "-lfr", "nope.toml"], ["run", "--lang", "en", "--lang", "fr", "nope.toml"]):
        out = runner.invoke(main, args)
        assert out.exit_code == 2 and "n'est pas admis" in out.output, (args, out.output)
    out = runner.invoke(main, ["run", "--lang", "de", "x.toml"])
    assert out.exit_code == 2 and "valeur invalide pour '--lang'" in out.output, out.output
