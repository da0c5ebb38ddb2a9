"""Defects an adversarial tester found in error lines: English words under ``--lang fr``, Python
reprs, internal field paths, and inputs that change nothing accepted silently."""

import pytest
from click.testing import CliRunner

from fleeodds.cli import main
from fleeodds.messages_fr import click_to_french, to_french

GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"


@pytest.fixture
def runner():
    return CliRunner()


@pytest.mark.parametrize("args, line", [
    (["run", GOBLINS, "--lang", "fr", "--chart", "x.jpg"],
     "erreur : valeur invalide pour '--chart' / '-c' : 'x.jpg' n'est pas admis ; attendu : un nom de fichier qui "
     "finit par .png ou .svg (voir fleeodds run --help)"),
    (["run", GOBLINS, "--lang", "fr", "-o", "/nonexistent/dir/x.txt"],
     "erreur : valeur invalide pour '--out' / '-o' : '/nonexistent/dir/x.txt' : le dossier '/nonexistent/dir' "
     "n'existe pas (voir fleeodds run --help)"),
    (["run", GOBLINS, "--lang", "fr", "--chart", "/nonexistent/x.png"],
     "erreur : valeur invalide pour '--chart' / '-c' : '/nonexistent/x.png' : le dossier '/nonexistent' "
     "n'existe pas (voir fleeodds run --help)"),
    (["sweep", GOBLINS, "--lang", "fr"], "erreur : option manquante '--vary' / '-v'. (voir fleeodds sweep --help)"),
    (["report", "/nonexistent", "--lang", "fr"],
     "erreur : valeur invalide pour '[FOLDER]' : le dossier '/nonexistent' n'existe pas. (voir fleeodds report --help)"),
])
def test_command_line_checks_are_french(runner, monkeypatch, args, line):
    monkeypatch.setattr("sys.argv", ["fleeodds", *args])  # where the error line finds --lang
    r = runner.invoke(main, args, prog_name="fleeodds")
    assert r.exit_code == 2
    assert r.output.strip() == line


def test_command_line_checks_stay_english_without_lang(runner):
    r = runner.invoke(main, ["run", GOBLINS, "--chart", "x.jpg"])
    assert "'x.jpg' is not allowed; expected a file name ending in .png or .svg" in r.output


def test_click_path_messages():
    assert click_to_french("Invalid value for '[FOLDER]': Directory '/etc/passwd' is a file.") == (
        "valeur invalide pour '[FOLDER]' : '/etc/passwd' est un fichier, pas un dossier.")


def test_french_digit_groups_in_allowed_ranges():
    assert to_french("trials: 0 is not allowed; expected an integer from 1 to 20,000,000,000") == (
        "trials: 0 n'est pas admis ; attendu : un entier de 1 à 20\u202f000\u202f000\u202f000")
    # a value as the user wrote it (quoted) keeps its commas; a decimal is no digit group
    assert to_french("x: '1,000' is not allowed; expected a number from 0 to 0.5") == (
        "x: '1,000' n'est pas admis ; attendu : un nombre de 0 à 0.5")
