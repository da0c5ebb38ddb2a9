"""D&D's errors and notes come from the message catalogue (issue 29): no English text raised for a
rewriter, every marked message translated, its French free of English words, and a few French lines
read end to end."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fleeodds
from fleeodds.errors import InputError
from fleeodds.language import translation
from fleeodds.system import get_system
from tests.front.test_french_error_reasons import REASONS, english_left, english_vocabulary, reasons
from tests.lang_helpers import in_french  # noqa: E402

DND = Path(__file__).resolve().parents[3] / "src" / "fleeodds" / "systems" / "dnd"



def _marked() -> list[str]:
    """Every ``N_("...")`` message of the D&D sources."""
    out = []
    for path in sorted(DND.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                out.append(node.args[0].value)
    return out


def _schema_texts(node) -> set[str]:
    """The titles and descriptions of the English JSON Schema (marked too, read through the catalogue)."""
    if isinstance(node, dict):
        own = {v for k, v in node.items() if k in ("title", "description") and isinstance(v, str)}
        return own.union(*(_schema_texts(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_schema_texts(v) for v in node))
    return set()


MARKED = _marked()
SCHEMA = _schema_texts(get_system("dnd").schema())
#: The English words of the errors (the schema's words include French ones: visible, description, situation…)
VOCABULARY = english_vocabulary([r.message for r in REASONS] + [m for m in MARKED if m not in SCHEMA]) - {
    "monte", "carlo", "gnoll", "ogre", "multiplier"}  # Monte-Carlo; the monsters' names; a French verb too


def test_no_phrase_table_and_no_english_reason_left():
    """Every reason D&D raises is a catalogue message: the source scan of the French completeness test
    finds no plain English reason in systems/dnd, and the phrase table is gone."""
    assert not (DND / "messages_fr.py").exists()
    left = reasons(DND)
    assert not left, "\n".join(f"{r.where}: {r.message}" for r in left)
    assert len(MARKED) > 400 and len(SCHEMA & set(MARKED)) > 250
    assert any("Vex gives advantage" in m for m in MARKED)


def test_every_error_reads_in_french():
    """The French of every marked error and note (the schema's words name the codes as written: none,
    push…, and stay as they read before, see test_schema_french)."""
    fr = translation("fr")
    left = {}
    for msgid in (m for m in MARKED if m not in SCHEMA):
        french = fr.gettext(msgid)
        words = english_left(french, VOCABULARY)
        if words:
            left[msgid] = (french, words)
    assert not left, "\n".join(f"{fr_}  {words}" for fr_, words in left.values())


WIZARD = {"system": "dnd", "edition": "5e2024", "mode": "move",
          "runner": {"preset": "srd5_wizard_1"}, "enemies": [{"preset": "srd51_orc"}]}


def _error(**changes) -> InputError:
    data = {**WIZARD, **changes}
    with pytest.raises(InputError) as e:
        fleeodds.load_scenario(data)
    return e.value


def test_french_errors_end_to_end():
    e = _error(enemies=[{"preset": "srd51_orc", "mastery": "topple"}])
    assert str(e) == ("enemies.0.mastery: 'topple' is not modelled yet (write on_hit = 'prone', on_hit_save = "
                      "'con', on_hit_save_dc = 8 + the ability modifier + the proficiency bonus); remove it")
    assert in_french(e) == ("enemies.0.mastery: 'topple' n'est pas encore modélisé (écrivez on_hit = 'prone', "
                               "on_hit_save = 'con', on_hit_save_dc = 8 + le modificateur de caractéristique + le "
                               "bonus de maîtrise) ; retirez-le")
    e = _error(edition="4e")
    assert in_french(e) == "edition: '4e' n'est pas admis ; attendu : l'une des valeurs '3.5', 'pf1', '5e2014', " \
                              "'5e2024'"
    e = _error(runner={"preset": "srd5_wizard_1", "ac": "9-7"})
    assert in_french(e) == ("runner.ac: '9-7' n'est pas admis ; attendu : un entier de 1 à 60, une liste d'entiers "
                               "([14, 16, 18]), un intervalle comme '14-20' ou des dés comme '1d6+13' dont les valeurs "
                               "vont de 1 à 60 (la borne basse d'abord)")
    e = _error(enemies=[{"preset": "srd51_orc", "damage": "1d4-10"}])
    assert in_french(e) == ("enemies.0.damage: '1d4-10' n'est pas admis ; attendu : un jet de dégâts qui peut "
                               "infliger au moins 1 (1d4-10 vaut au plus -6 : il n'inflige jamais de dégâts)")


def test_french_note_end_to_end():
    data = {**WIZARD, "runner": {"preset": "srd5_wizard_1", "str_save": 2}}
    (note,) = [n for n in fleeodds.load_scenario(data).input_notes() if n.field == "runner.str_save"]
    assert in_french(note) == ("runner.str_save: 2 n'a aucun effet sauf si l'effet « à terre » d'un ennemi "
                                  "demande un jet de sauvegarde de str (on_hit = 'prone', on_hit_save = 'str', "
                                  "on_hit_save_dc)")


def test_large_counts_grouped_in_the_readers_language():
    from fleeodds.i18n import Grouped
    from fleeodds.language import Message

    m = Message("probabilities with a common denominator of at most {n}", n=Grouped(1_048_576))
    assert str(m) == "probabilities with a common denominator of at most 1,048,576"
    assert m.render("fr") == "des probabilités de dénominateur commun d'au plus 1\u202f048\u202f576"
