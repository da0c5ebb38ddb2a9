"""Hell Dorado's words come from the message catalogue: every error reason, note context and schema text
marked in ``systems/hell_dorado`` has a French translation with no English word left, and the errors read
in French as the players read them (the game's French terms: Fuite, passe d'armes, socle, toises…)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from fleeodds import FleeoddsError, load_scenario
from fleeodds.language import LOCALE_DIR
from fleeodds.validation import strict_inputs

from ...front.test_french_error_reasons import english_left, english_vocabulary
from tests.lang_helpers import in_french  # noqa: E402

W = [{"name": "w", "damage": [1, 2, 3, 4, 5]}]
#: Words spelt the same in French (or the game's own: Course, Marche, Vae Victis, PRO, its editions), and the codes a
#: French text names as written (outcome codes, file paths).
FRENCH_TOO = {"armes", "charger", "placement", "engage", "activation", "course", "effective", "pro", "protection", "phase", "errata",
              "toise", "cm", "certain", "photo", "marche", "destination", "description", "notes", "monte",
              "application", "vae", "victis", "profiles", "docs", "fled", "centre", "sapience", "cipher"}



def _hd_messages():
    with open(LOCALE_DIR / "fr" / "LC_MESSAGES" / "fleeodds.po", "rb") as f:
        po = read_po(f)
    return [m for m in po if m.id and isinstance(m.id, str)  # a plural pair is checked by the catalogue's tests
            and any("systems/hell_dorado/" in loc for loc, _ in m.locations)]


def test_every_hell_dorado_message_is_french():
    """The English words of the system's own messages (field names, quoted values and the game's terms
    aside) are in none of their French translations."""
    messages = _hd_messages()
    assert len(messages) > 300, len(messages)  # errors, notes and the schema's titles and descriptions
    vocabulary = english_vocabulary([m.id for m in messages]) - FRENCH_TOO
    assert {"adversary", "fighter", "flee", "the"} <= vocabulary  # the check can fail
    left = {m.id: (m.string, words) for m in messages  # a code in « » is written as the file writes it
            if (words := english_left(re.sub(r"«[^»]*»", " ", m.string), vocabulary))}
    assert not left, "\n".join(f"{fr}  {words}" for fr, words in left.values())


def _flee(**fleeing):
    return {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, **fleeing},
            "adversaries": [{"name": "A", "cbt": 3, "weapons": W}]}


@pytest.mark.parametrize("data, french", [
    (_flee(capacities=["Esquive 2", "Esquive 4"]),
     "fleeing.capacities.1: 'Esquive 4' n'est pas admis ; attendu : chaque capacité une seule fois (Esquive est "
     "déjà fleeing.capacities.0 : un combattant n'en a qu'une valeur, par ex. une seule Esquive X)"),
    (_flee(capacities=["Insaisissable"]),
     "fleeing.capacities.0: 'Insaisissable' n'est pas encore modélisé (Insaisissable : son texte de règle est "
     "introuvable (les textes d'Attraction l'accordent sans le définir), fleeodds ne devine donc pas son effet) ; "
     "retirez-le"),
    ({**_flee(), "fleeing": {"name": "F", "pv": 3}},
     "fleeing.def: manquant ; sans profil (profile = '<nom>'), ce scénario demande def, pv"),
    (_flee(cbt="x"), "fleeing.cbt: 'x' n'est pas admis ; attendu : un nombre entier de dés de 0 à 20, ou '-' (CBT –)"),
    (_flee(zone={"shape": "disc", "cx": 0, "cy": 0, "r": 0}),
     "fleeing.zone: { shape = 'disc', cx = 0, cy = 0, r = 0 } n'est pas admis ; attendu : {shape = 'disc', cx, cy, "
     "r} ou {shape = 'rect', x0, y0, x1, y1} (toises, r > 0, x0 < x1, y0 < y1)"),
])
def test_errors_read_in_french(data, french):
    with pytest.raises(FleeoddsError) as e:
        load_scenario(data)
    assert in_french(e.value) == french


def test_a_note_and_its_strict_error_read_in_french():
    data = {**_flee(), "fuite": {"repli": True}}
    data["adversaries"][0]["capacities"] = ["Blocage"]
    note = load_scenario(data).input_notes()[0]
    assert in_french(note) == ("fuite.repli: true n'a aucun effet contre un adversaire avec Blocage (Blocage "
                                  "interdit la Fuite)")
    with strict_inputs(), pytest.raises(FleeoddsError) as e:
        load_scenario(data)
    assert in_french(e.value) == in_french(note) + " ; retirez-le"
