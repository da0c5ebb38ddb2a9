"""What Warhammer: The Old World's army data (New Recruit / BattleScribe 2.03 catalogues) says beyond
the 6th-8th edition data: TOW troop types and their table, rules read but not modelled, a unit's parts
(mount, crew, chariot beasts) and dice movement.

Used by :mod:`.list_building` when it maps a catalogue unit; the BattleScribe format itself is read by
:mod:`fleeodds.importers.bsdata`. The shape of that data: a ``Unit`` profile carries the
``Troop Type`` (``"Heavy Cavalry"``, ``"Regular Infantry (character)"``) and the ``Unit Size``
(``"5+"``); the models are ``Model`` profiles, a rider and its mount, a chariot, its crew and the beasts
that draw it each on its own (``-`` where a characteristic belongs to another part); the special rules
are ``Special Rule`` profiles (read as rule names by the importer).

References
----------
Warhammer: The Old World rulebook (2024), "Troop Types in Detail" and its troop type table
(tow.whfb.app/troop-types-at-a-glance/troop-type-table): models per rank, maximum rank bonus and Unit
Strength per model of each troop type; "Split Profile (Cavalry)", "Split Profile (Chariots)", "Split
Profile (War Machine)"; "Random Movement" (tow.whfb.app/special-rules/random-movement).
"""

from __future__ import annotations

import re
from typing import Any

from ...importers.bsdata import Profile, normalise

__all__ = ["NOT_MODELLED", "TOW_FIGHT_TYPES", "TOW_TROOP_TYPES", "CHARACTER_CATEGORIES", "dice_movement",
           "is_character", "part_kind", "tow_troop_type"]

#: normalised TOW troop-type text (singular or plural) -> (TOW troop type, its family among the fight's troop
#: types of :data:`~.model.TROOP_TYPES`: what the importer's rules read, a chariot's body, a ridden mount…)
TOW_TROOP_TYPES: dict[str, tuple[str, str]] = {}
for _tow, _coarse in (("regular_infantry", "infantry"), ("heavy_infantry", "infantry"),
                      ("monstrous_infantry", "monstrous_infantry"), ("swarms", "swarm"),
                      ("light_cavalry", "cavalry"), ("heavy_cavalry", "cavalry"),
                      ("monstrous_cavalry", "monstrous_cavalry"), ("war_beasts", "war_beast"),
                      ("light_chariots", "chariot"), ("heavy_chariots", "chariot"),
                      ("monstrous_creatures", "monster"), ("behemoths", "monster"),
                      ("war_machines", "war_machine")):
    _words = _tow.replace("_", " ")
    TOW_TROOP_TYPES[_words] = (_tow, _coarse)
    TOW_TROOP_TYPES[_words[:-1]] = (_tow, _coarse)  # "heavy chariot", "behemoth", "war machine"
#: The Old World's troop types the fight knows by their own name (its troop-type table:
#: :func:`.plan.tow_combat.troop`); the others fight as their family.
#: Source: TOW rulebook, troop type table (tow.whfb.app/troop-types-at-a-glance/troop-type-table).
TOW_FIGHT_TYPES = {"heavy_infantry": "heavy_infantry", "light_cavalry": "light_cavalry",
                   "heavy_cavalry": "heavy_cavalry", "light_chariots": "light_chariot",
                   "heavy_chariots": "heavy_chariot"}
TOW_TROOP_TYPES["swarm"] = ("swarms", "swarm")
TOW_TROOP_TYPES["war beast"] = ("war_beasts", "war_beast")

#: normalised category names that make an entry a character (TOW and 6th-8th data)
CHARACTER_CATEGORIES = ("characters", "character", "named characters", "named character", "lords", "lord",
                        "heroes", "hero", "special characters")

#: Special rules the catalogues give that bear on a Break test, a flee, a pursuit, a rally or a round of
#: close combat, and that fleeodds does not model as an imported unit's rule (read, not modelled): the
#: import report lists them per rule, a ranking beside each unit. When the rule vocabulary gains the code
#: (the value), the rule is read into the profile instead.
NOT_MODELLED: dict[str, str] = {
    # flee, pursuit, rally and Break tests
    "warband": "warband", "impetuous": "impetuous", "random movement": "random_movement",
    "rallying cry": "rallying_cry", "veteran": "veteran", "fire & flee": "fire_and_flee",
    "fire and flee": "fire_and_flee", "scurrying masses": "scurrying_masses", "skirmishers": "skirmishers",
    "hold the line!": "hold_the_line", "hold the line": "hold_the_line", "horde": "horde",
    "ignore panic": "ignore_panic", "stupidity": "stupidity", "insignificant": "insignificant",
    "loner": "loner", "quell impetuosity": "quell_impetuosity", "steady in the ranks": "steady_in_the_ranks",
    "massed infantry": "massed_infantry", "regimental unit": "regimental_unit",
    # a round of close combat
    "hatred": "hatred", "killing blow": "killing_blow", "heroic killing blow": "heroic_killing_blow",
    "poisoned attacks": "poisoned_attacks", "armour bane": "armour_bane", "armour piercing": "armour_piercing",
    "regeneration": "regeneration", "impact hits": "impact_hits", "stomp attacks": "stomp_attacks",
    "stomp": "stomp_attacks", "thunderstomp": "thunderstomp", "furious charge": "furious_charge",
    "always strikes first": "always_strikes_first", "always strikes last": "always_strikes_last",
    "strike first": "strike_first", "strike last": "strike_last", "monster slayer": "monster_slayer",
    "multiple wounds": "multiple_wounds", "extra attacks": "extra_attacks", "random attacks": "random_attacks",
    "choppas": "choppas", "armoured hide": "armoured_hide", "counter charge": "counter_charge",
    "tusker charge": "tusker_charge", "first charge": "first_charge", "close order": "close_order",
    "open order": "open_order", "ward save": "ward_save", "parry": "parry", "flaming attacks": "flaming_attacks",
    "magical attacks": "magical_attacks", "large target": "large_target",
}

_DICE = re.compile(r"\s*(\d{0,2})\s*[dD]\s*(6|3)\s*")


def dice_movement(raw: str) -> tuple[str, int] | None:
    """``("3D6", 18)``: dice notation and highest roll of a Movement given as dice (Random Movement), else None.

    >>> dice_movement("3d6"), dice_movement("2D6"), dice_movement("6")
    (('3D6', 18), ('2D6', 12), None)
    """
    m = _DICE.fullmatch(raw or "")
    if not m:
        return None
    n = int(m.group(1) or 1)
    if not 1 <= n <= 6:
        return None
    return f"{n}D{m.group(2)}", n * int(m.group(2))


def tow_troop_type(text: str) -> tuple[str, str, bool] | None:
    """(TOW troop type, fight troop type, is a character) of a ``Troop Type`` text, or None.

    >>> tow_troop_type("Heavy Cavalry"), tow_troop_type("Regular infantry (named character)")
    (('heavy_cavalry', 'cavalry', False), ('regular_infantry', 'infantry', True))
    """
    is_char = "character" in text.casefold()
    base = normalise(re.sub(r"\(.*?\)", "", text))
    got = TOW_TROOP_TYPES.get(base)
    return None if got is None else (got[0], got[1], is_char)


def is_character(categories: list[str]) -> bool:
    """Whether one of an entry's categories makes it a character (:data:`CHARACTER_CATEGORIES`)."""
    return any(normalise(c) in CHARACTER_CATEGORIES for c in categories)


def _blank(raw: str | None) -> bool:
    return raw is None or raw.strip() in ("", "-")


def part_kind(prof: Profile, family: str, m_names: tuple[str, ...], ld_names: tuple[str, ...]) -> str:
    """What a model profile that is not the unit's main one is: ``"mount"`` (a ridden beast: no Ld of its
    own), ``"draught"`` (a beast drawing a chariot), or ``"crew"`` (a chariot's, a war machine's or a
    monster's crew, a rider on a monster).

    Parameters
    ----------
    prof : Profile
        The part's model profile.
    family : str
        The unit's fight troop type (``"chariot"``, ``"cavalry"``…).
    m_names, ld_names : tuple of str
        The normalised names of M and Ld.
    """
    m, ld = prof.get(m_names), prof.get(ld_names)
    no_ld = ld is None or _blank(ld[1])
    moves = m is not None and not _blank(m[1])
    if no_ld and moves:
        return "draught" if family == "chariot" else "mount"
    return "crew"


#: part key -> characteristic names (normalised) read into a part's table
PART_FIELDS: dict[str, tuple[str, ...]] = {
    "movement": ("m", "movement"), "weapon_skill": ("ws",), "ballistic_skill": ("bs",), "strength": ("s",),
    "toughness": ("t",), "wounds": ("w",), "initiative": ("i",), "attacks": ("a",), "leadership": ("ld",),
}


def part_table(prof: Profile, kind: str, count: float | None) -> dict[str, Any]:
    """A part of a unit as data: ``{"kind", "name", ["count"], the characteristics it gives as numbers}``
    (a ``-`` is a characteristic the part takes from another part of the unit, left out; dice movement is
    kept as written, ``"3D6"``)."""
    out: dict[str, Any] = {"kind": kind, "name": prof.name}
    if count is not None and count >= 1 and count == int(count):
        out["count"] = int(count)
    for key, names in PART_FIELDS.items():
        got = prof.get(names)
        if got is None or _blank(got[1]):
            continue
        raw = got[1].strip()
        if re.fullmatch(r"\d{1,2}", raw):
            out[key] = int(raw)
        elif key == "movement" and dice_movement(raw):
            out[key] = dice_movement(raw)[0]
    return out
