"""`fleeodds COMMAND --help --lang fr` is French: every command's help and every option's help
has a French text in fleeodds.cli_fr, and the page holds none of click's English words."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest

from fleeodds.cli import main
from fleeodds.cli_fr import COMMANDS, OPTIONS

ENGLISH = ["Usage:", "Options:", "Show this message", "default:", "Examples", "Monte Carlo", "Write ",
           "the scenario", "Language of"]


def _options(cmd: click.Command) -> list[str]:
    return [p.help for p in cmd.params if isinstance(p, click.Option) and p.help]


def test_every_command_and_option_has_a_french_help():
    assert set(main.commands) <= set(COMMANDS), sorted(set(main.commands) - set(COMMANDS))
    missing = sorted({h for cmd in [main, *main.commands.values()] for h in _options(cmd)} - set(OPTIONS))
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
