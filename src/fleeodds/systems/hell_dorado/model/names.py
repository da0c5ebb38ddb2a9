"""Names a Hell Dorado player types: capacities, states and base sizes, in French or English.

Accents, case, ``_`` and ``-`` are ignored (``"Lemure"`` is Lémure); each name comes out in its
canonical French spelling.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ....errors import InputError
from ....language import Message, N_

#: Canonical capacity -> accepted spellings (accents and case ignored). ``takes_value``
#: capacities are written with a number, e.g. ``"Attraction 6"``, ``"Esquive 2"``.
CAPACITIES: dict[str, tuple[tuple[str, ...], bool]] = {
    "Intangible": (("intangible",), False),
    "Blocage": (("blocage", "blocking"), False),
    "Insaisissable": (("insaisissable", "elusive"), False),
    "Arpenteur": (("arpenteur", "strider"), False),
    "Attraction": (("attraction",), True),
    "Frappe rapide": (("frappe rapide", "fast strike"), False),
    "Inoffensif": (("inoffensif", "harmless"), False),
    "Lémure": (("lemure", "lemures", "lemur"), False),
    "Esquive": (("esquive", "dodge"), True),
    "Discrétion": (("discretion", "stealth"), False),
}
CAPACITY_ALLOWED = Message(N_(
    "one of Intangible, Blocage (Blocking), Insaisissable (Elusive), Arpenteur (Strider), Attraction x, Frappe rapide "
    "(Fast strike), Inoffensif (Harmless), Lémure (Lemure), Esquive X (Dodge X), Discrétion (Stealth); x/X a whole "
    "number, e.g. 'Attraction 6'"))

#: Canonical state -> (kind, accepted spellings); kind 1 = negative, 2 = positive (digest §8.5).
STATES: dict[str, tuple[int, tuple[str, ...]]] = {
    "Mis au sol": (1, ("mis au sol", "knocked down")),
    "Sonné": (1, ("sonne", "stunned")),
    "Immobilisé": (1, ("immobilise", "immobilised", "immobilized")),
    "Blessé": (1, ("blesse", "wounded")),
    "Empoisonné": (1, ("empoisonne", "poisoned")),
    "Rapide": (2, ("rapide", "fast")),
    "Accéléré": (2, ("accelere", "accelerated")),
}
STATE_ALLOWED = Message(N_(
    "one of Mis au sol (Knocked down), Sonné (Stunned), Immobilisé (Immobilised), Blessé (Wounded), Empoisonné "
    "(Poisoned) [negative]; Rapide (Fast), Accéléré (Accelerated) [positive]"))

#: Base names -> diameter in mm. Illustrative defaults: give ``base = <mm>`` for your cards.
BASES_MM = {"petit": 30.0, "small": 30.0, "moyen": 40.0, "medium": 40.0, "grand": 50.0, "large": 50.0,
            "tres_grand": 60.0, "very_large": 60.0}
ZONE_ALLOWED = Message(N_("{shape = 'disc', cx, cy, r} or {shape = 'rect', x0, y0, x1, y1} (toises, r > 0, x0 < x1, "
                          "y0 < y1)"))
BASE_ALLOWED = Message(N_("a base name (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, "
                          "tres_grand/very_large = 60 mm) or a diameter in mm from 10 to 200"))


def normalise(text: str) -> str:
    """``text`` without accents, case, ``_`` or ``-``, its words single-spaced (``"Lémure"`` -> ``"lemure"``)."""
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def parse_capacity(text: Any, fieldname: str) -> tuple[str, int | None]:
    """``"Attraction 6"`` -> ``("Attraction", 6)``; ``"Intangible"`` -> ``("Intangible", None)``.

    Raises
    ------
    InputError
        Unknown capacity, or a missing/extra number.
    """
    if not isinstance(text, str):
        raise InputError(fieldname, text, CAPACITY_ALLOWED)
    if "-" in text.replace("CBT –", "").replace("CBT -", "") and any(c.isdigit() for c in text):
        raise InputError(fieldname, text,
                         Message(N_("a capacity with a whole number from 1 to 50, e.g. 'Attraction 6'")))
    words = normalise(text).split()
    value = None
    if words and words[-1].lstrip("+").isdigit():
        value = int(words[-1].lstrip("+"))
        words = words[:-1]
    name = " ".join(words)
    for canon, (aliases, takes_value) in CAPACITIES.items():
        if name in aliases:
            if takes_value and (value is None or not 1 <= value <= 50):
                raise InputError(fieldname, text, Message(N_("'{capacity} x' with a whole number x from 1 to 50, "
                                                               "e.g. '{capacity} 6'"), capacity=canon))
            if not takes_value and value is not None:
                raise InputError(fieldname, text, Message(N_("'{capacity}' without a number"), capacity=canon))
            return canon, value
    raise InputError(fieldname, text, CAPACITY_ALLOWED)


def parse_state(text: Any, fieldname: str) -> tuple[str, int]:
    """State name -> ``(canonical name, kind)`` with kind 1 negative, 2 positive."""
    n = normalise(text) if isinstance(text, str) else None
    for canon, (kind, aliases) in STATES.items():
        if n in aliases:
            return canon, kind
    raise InputError(fieldname, text, STATE_ALLOWED)
