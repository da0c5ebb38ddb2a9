"""`fleeodds COMMAND --help --lang fr` is French: every command's help and every option's help
has a French text in the catalogue, and the page holds
none of click's English words."""

from __future__ import annotations

import inspect
import subprocess
import sys

import click
import pytest

from fleeodds.cli import main
from fleeodds.cli_i18n import help_text
from fleeodds.language import use_lang

ENGLISH = ["Usage:", "Options:", "Show this message", "default:", "Examples", "Monte Carlo", "Write ",
           "the scenario", "Language of"]


def _options(cmd: click.Command) -> list[str]:
    return [p.help for p in cmd.params if isinstance(p, click.Option) and p.help]


def test_every_command_and_option_has_a_french_help():
    with use_lang("fr"):
        untold = [name for name, cmd in [("main", main), *main.commands.items()]
                  if help_text(inspect.cleandoc(cmd.help)) == inspect.cleandoc(cmd.help)]
        assert not untold, untold
        missing = sorted({h for cmd in [main, *main.commands.values()] for h in _options(cmd) if help_text(h) == h})
    assert not missing, missing


@pytest.mark.parametrize("command", sorted(c for c, cmd in main.commands.items()
                                            if any("--lang" in p.opts for p in cmd.params)))
def test_help_page_in_french(command):
    r = subprocess.run([sys.executable, "-m", "fleeodds", command, "--help", "--lang", "fr"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Utilisation : fleeodds " + command), r.stdout[:80]
    left = [w for w in ENGLISH if w in r.stdout]
    assert not left, f"English left in `{command} --help --lang fr`: {left}\n{r.stdout}"
    en = subprocess.run([sys.executable, "-m", "fleeodds", command, "--help"], capture_output=True, text=True)
    assert en.stdout.startswith("Usage: fleeodds " + command)


def test_main_help_and_metavars_in_french():
    """`fleeodds --help --lang fr` (the group has no --lang of its own) is the French page, and the
    options column names value types in French (ENTIER, FICHIER, TEXTE), not click's English."""
    r = subprocess.run([sys.executable, "-m", "fleeodds", "--help", "--lang", "fr"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Utilisation : fleeodds") and "Commandes :" in r.stdout
    page = subprocess.run([sys.executable, "-m", "fleeodds", "run", "--help", "--lang", "fr"],
                          capture_output=True, text=True).stdout
    assert "--trials ENTIER" in page and "--chart FICHIER" in page and "--title TEXTE" in page
    assert not [w for w in ("INTEGER", "FILE ", "TEXT ", "FLOAT") if w in page]
    assert "[par défaut : 0 ; 0<=x" in page
