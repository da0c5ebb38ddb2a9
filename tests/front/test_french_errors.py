"""With --lang fr, the error line of the command line is French: its frame ("n'est pas admis ;
attendu :"), what is allowed, click's own usage messages; the field paths, values and names
stay as written. The English wording is checked too, so that a translation never hides
a message that changed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fleeodds.errors import InputError
from fleeodds.language import _, use_lang
from tests.lang_helpers import in_french, said_in  # noqa: E402


#: English words of the message frames and of the common "allowed" phrases.
ENGLISH = ["is not allowed", "expected", "has no effect", "remove it", "unknown option", "check the spelling",
           "documented fields", "a number", "a whole number", "one of", "missing", "No such", "Invalid value",
           "Missing argument", "not modelled", "an existing", "a file", "not a folder", "is not", "a text",
           "a table", "a list", "dice notation", "e.g.", "extra argument", "integer"]

WH = ('system = "warhammer"\nedition = "7th"\nsituation = "break"\n[fleeing]\nname = "Gobelins"\nmovement = 4\n'
      'leadership = {ld}\n[pursuer]\nname = "Nains"\nmovement = 3\nleadership = 9\n[combat]\nmargin = 2\n{extra}')

CASES = {  # name: (file text or None, extra command-line words, what the French line must contain)
    "leadership out of range": (WH.format(ld=13, extra=""), [], "un nombre de 0 à 10"),
    "misspelt field": (WH.format(ld=7, extra="[options]\nbogus = 1\n"), [], "option inconnue 'bogus'"),
    "unknown edition": (WH.format(ld=7, extra="").replace('"7th"', '"9th"'), [], "l'une des valeurs"),
    "not a number": (WH.format(ld='"sept"', extra=""), [], "un nombre entier"),
    "bad dice": (WH.format(ld=7, extra='[options]\nflee_roll = "2d+4"\n'), [], "une notation de dés"),
    "missing file": (None, ["absent.toml"], "un fichier .toml existant"),
    "bad option": (None, ["warhammer/goblins_broken_by_dwarfs.toml", "--bogus"], "option inconnue '--bogus'"),
    "bad value": (None, ["warhammer/goblins_broken_by_dwarfs.toml", "-n", "abc"], "valeur invalide pour"),
    "missing argument": (None, [], "argument manquant 'SCENARIO'"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_cli_error_line_is_french(name, tmp_path):
    text, words, needle = CASES[name]
    args = words
    if text is not None:
        path = tmp_path / "scenario.toml"
        path.write_text(text, encoding="utf-8")
        args = [str(path), *words]
    r = subprocess.run([sys.executable, "-m", "fleeodds", "run", *args, "--exact", "--lang", "fr"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    line = r.stderr.strip().splitlines()[-1]
    assert line.startswith("erreur : "), line
    assert needle in line, line
    left = [w for w in ENGLISH if w in line.replace("fleeodds run --help", "")]
    assert not left, f"English left in {line!r}: {left}"
    en = subprocess.run([sys.executable, "-m", "fleeodds", "run", *args, "--exact"], capture_output=True,
                        text=True, cwd=tmp_path)
    assert en.returncode == 2 and en.stderr.strip().splitlines()[-1].startswith("error: "), en.stderr


#: One file per message of the standard library's TOML reader (tomllib) a scenario can meet.
BAD_TOML = ["[fleeing\nx = 1", "edition = 8th", "a = [1, 2", "a = {b = 1", 'a = "x', "[[a]\nx = 1", "a 1",
            "a = 1\na = 2", 'a = "\\q"', 'a = "\\uD800"', "a = ?", "= 1", "a = {b = 1, b = 2}",
            'a = "\x01"', "a = 'x", "system = warhammer", "day = 1979-13-01", "flag = True"]


@pytest.mark.parametrize("text", BAD_TOML)
def test_toml_syntax_errors_read_in_french(text):
    from fleeodds.errors import FleeoddsError
    from fleeodds.files import parse_toml

    with pytest.raises(FleeoddsError) as info:
        parse_toml(text, "f.toml")
    english = str(info.value)
    assert english.startswith("f.toml: not valid TOML: ") and "(at " in english
    french = in_french(info.value)
    assert french.startswith("f.toml: TOML invalide : "), french
    for word in ("Expected", "Invalid", "Unclosed", "Unterminated", "Cannot", "Duplicate", "Illegal", "Found",
                 "Unescaped", "Escaped", " at ", "line", "column", "end of", "declaration", " a ", " an ",
                 "needs", "quotes", "value"):
        assert word not in french.replace("TOML invalide", ""), (word, french)


def test_a_text_value_without_quotes_gets_a_hint_in_both_languages():
    from fleeodds.errors import FleeoddsError
    from fleeodds.files import parse_toml

    for text, fix in (('system = "warhammer"\nedition = 8th\n', 'edition = "8th"'),
                      ("system = warhammer", 'system = "warhammer"'), ("title = Gobs 'x'", "title = \"Gobs 'x'\"")):
        with pytest.raises(FleeoddsError) as info:
            parse_toml(text, "f.toml")
        assert str(info.value).endswith(f"; a text value needs quotes: {fix}"), str(info.value)
        assert in_french(info.value).endswith(f" ; un texte s'écrit entre guillemets : {fix}")
    with pytest.raises(FleeoddsError) as info:  # no quotes to suggest: no hint
        parse_toml("a = [1, 2", "f.toml")
    assert "quotes" not in str(info.value)
    with pytest.raises(FleeoddsError) as info:
        parse_toml("a = 1\n\n[fleeing\nx = 1", "f.toml")
    assert str(info.value) == "f.toml: not valid TOML: Expected ']' at the end of a table declaration (at line 3, column 9)"
    assert in_french(info.value) == \
        "f.toml: TOML invalide : ']' attendu à la fin d'une déclaration de table (ligne 3, colonne 9)"


def test_values_and_names_are_kept_as_written():
    from fleeodds.language import Message

    msg = InputError("enemies.0.name", "one of the orcs with a table",
                     Message("a text of at most {max_length} character(s)", max_length=20))
    fr = said_in("fr", msg)
    assert "'one of the orcs with a table'" in fr  # the user's words are never translated
    assert fr.startswith("enemies.0.name: ") and "un texte d'au plus 20 caractère(s)" in fr
    assert said_in("en", msg) == str(msg)


def test_phrases_by_hand():
    from fleeodds.language import Message, N_
    from fleeodds.validation import no_effect

    assert in_french(InputError("a", 3, Message("an integer from 1 to 60 (Armour Class)"))) == \
        "a: 3 n'est pas admis ; attendu : un entier de 1 à 60 (classe d'armure)"  # D&D's words, from the catalogue
    assert in_french(no_effect("options.x", 2, Message(N_("in this Fuite")))) == \
        "options.x: 2 n'a aucun effet dans cette Fuite ; retirez-le"  # Hell Dorado's context, from the catalogue
    with use_lang("fr"):  # click's own message, from the catalogue
        assert _("No such command {name!r}.", name="nosuch") == "commande inconnue 'nosuch'."


def test_warhammer_no_effect_contexts_in_french():
    """The most frequent contexts of the Warhammer "no effect" errors read in French (from the catalogue); the
    value and the situation's code stay as written."""
    from fleeodds.language import Message
    from fleeodds.systems.warhammer.checks.flee import IN_EDITION
    from fleeodds.validation import no_effect

    where = Message("in the '{situation}' situation {in_edition}", situation="break",
                    in_edition=Message(IN_EDITION["8th"]))
    err = no_effect("options.cold_blooded_scope", "all_ld", where)
    assert str(err) == "options.cold_blooded_scope: 'all_ld' has no effect in the 'break' situation in 8th edition; " \
                       "remove it"
    assert in_french(err) == ("options.cold_blooded_scope: 'all_ld' n'a aucun effet dans la situation 'break' en "
                                 "8e édition ; retirez-le")
    err = no_effect("fight.unit.general_leadership", 7,
                    Message("when it is not above the unit's own Leadership ({leadership})", leadership=7))
    assert "Commandement de l'unité (7)" in in_french(err)


def test_new_warhammer_reasons_in_french():
    """Several pursuers and things in the way: their reasons read in French too."""
    from fleeodds.system import scenario_from_dict
    from fleeodds.validation import strict_inputs

    base = {"system": "warhammer", "edition": "7th", "situation": "break", "fleeing": {"profile": "Night Goblins"},
            "pursuer": {"profile": "Dwarf Warriors"}, "combat": {"margin": 2}}
    with pytest.raises(InputError) as e:
        scenario_from_dict(dict(base, pursuers=[{"profile": "Dwarf Warriors"}]))
    assert in_french(e.value).endswith("une table [pursuer] ou des tables [[pursuers]], pas les deux")
    far = dict(base, table={"edge_distance": 30, "max_turns": 0},
               obstacles=[{"kind": "impassable", "distance": 14, "depth": 1}])
    with strict_inputs(), pytest.raises(InputError) as e:
        scenario_from_dict(far)
    assert "au-delà du plus long mouvement de fuite (12 ps avec table.max_turns = 0)" in in_french(e.value)
