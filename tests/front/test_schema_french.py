"""Every text of every system's schema in French (``fleeodds schema SYSTEM --lang fr``, the web form).

A field or table whose French schema reads word for word like the English one has no
``description_fr`` / ``title_fr``: only the games' own terms, the same in both languages, may
stay (listed below). Units are English codes in the schema ("dice", "in"), shown in French by
the catalogue (``fleeodds.outcomes.unit_message``).
"""

from __future__ import annotations

import json
import re

import pytest

from fleeodds.outcomes import unit_message
from fleeodds.system import get_system, system_keys
from fleeodds.language import use_lang
from tests.lang_helpers import schema_in  # noqa: E402


#: Texts that read the same in English and French: the games' terms, letters, field names.
SAME_IN_BOTH = {"Initiative (I)", "PRO (protection)", "Ordre Repli", "Passe d'armes", "Attraction", "DEF", "Soutien",
                "x", "y", "Notes", "Fuite", "Options", "options", "Toise", "Riposte", "Charge", "Description",
                "description", "Situation", "situation", "visible", "Combat", "Distance", "Obstacle", "Table"}
#: English words a French schema text must not contain (whole words, outside quotes and brackets).
ENGLISH = ["the", "of", "and", "when", "which", "with", "is", "every", "each", "creature", "leaving"]


def _texts(node, path=""):
    if isinstance(node, dict):
        for key in ("title", "description"):
            if isinstance(node.get(key), str):
                yield f"{path}#{key}", node[key]
        for key, value in node.items():
            yield from _texts(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, f"{path}/{i}")


@pytest.mark.parametrize("key", system_keys())
def test_every_schema_text_has_its_french(key):
    system = get_system(key)
    en, fr = dict(_texts(schema_in("en", system))), dict(_texts(schema_in("fr", system)))
    assert en.keys() <= fr.keys()  # pydantic drops an English field title equal to its table's ("Combat")
    same = {path: text for path, text in fr.items() if text == en.get(path) and text not in SAME_IN_BOTH}
    assert not same, same
    for path, text in fr.items():
        # field names, values, examples and cited rulebook sections (« Pursuit move ») stay as written
        plain = re.sub(r"``[^`]*``|(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|\([^)]*\)|«[^»]*»", " ", text)
        for word in ENGLISH:
            assert not re.search(rf"\b{word}\b", plain), (path, word, text)
    for lang in ("en", "fr"):
        assert "description_fr" not in json.dumps(schema_in(lang, system)) and "title_fr\": \"" not in \
            json.dumps(schema_in(lang, system).get("$defs", {}))


def test_dnd_enemy_table_reads_french():
    fr = schema_in("fr", get_system("dnd"))["$defs"]["EnemyModel"]
    assert fr["title"] == "Ennemi"
    assert fr["description"] == "Une créature menaçante (``[[enemies]]``), dans l'ordre où le fuyard la quitte."
    assert schema_in("en", get_system("dnd"))["$defs"]["EnemyModel"]["description"].startswith("One threatening creature")


def test_units_are_english_codes_shown_in_french():
    en = json.dumps(schema_in("en", get_system("hell_dorado")), ensure_ascii=False)
    assert "dés" not in en and '"unit": "dice"' in en  # CBT, bonus dice, soutien: "in dice" in English
    assert unit_message("dice").render("fr") == "dés" and unit_message("degrees").render("fr") == "degrés"
    units = set(re.findall(r'"unit": "([^"]+)"', "".join(json.dumps(schema_in("en", get_system(k))) for k in system_keys())))
    assert not {u for u in units if re.search(r"[éèàâêîôûç]", u)}, units  # no French unit in an English schema
