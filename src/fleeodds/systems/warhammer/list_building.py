"""Warhammer list building: BattleScribe units as Warhammer profiles, and how a ranking reads.

The front (:mod:`fleeodds.rank`, :mod:`fleeodds.matrix`, :mod:`fleeodds.cli_bsdata`) reaches
this module through ``get_system("warhammer").list_building`` (its dotted name) and reads only
:data:`LIST_BUILDING`, a :class:`fleeodds.list_building.ListBuilding`; the BattleScribe file
format itself is read by :mod:`fleeodds.importers.bsdata`, which knows no game.

What it declares
----------------
- ``map_catalogue``: a :class:`~fleeodds.importers.bsdata.Catalogue` as Warhammer profiles
  (:data:`MAPPING` is the per-unit mapping it applies; :func:`import_catalogue` reads and maps
  in one call); ``known_profiles``: the shipped profiles, for ``--vs``.
- :data:`ROLES`: ``"fleeing"`` and ``"pursuing"`` (those of ``SYSTEM.roles``: the ``fleeing``
  and ``pursuer`` units of a scenario, see ``WarhammerScenario.with_unit``), their names and
  ranking phrases; a fleeing unit is best when least often caught, a pursuer when most often.
- :data:`UNIT_COLUMNS` (``M``, ``Ld``/``Cd``, troop type, rules) and :data:`TOTAL`
  (``caught_total``: caught, run down, caught while falling back, and in a fight, lost and then
  caught or destroyed).
- :data:`SHORT_LABELS`, :data:`CHART_CODES`, :data:`CHART_COLOURS`: short column titles, the
  ranking chart's stacking order (good to bad for the unit) and colours (colour-blind-safe).
- :data:`EXTRA_COLUMNS`, :func:`unit_extras`, :func:`extra_text`: in a fight, the unit's points at
  the scenario's size, P(it wins), P(it wins and destroys or runs down the other), both per 100
  points, and the equipment read from the catalogue.

How a BattleScribe unit becomes one profile
-------------------------------------------
Its *model profiles* are the profiles of the unit (its own, linked and those of
its mandatory parts, see :mod:`fleeodds.importers.bsdata`) that carry unit
characteristics: ``M``/``Movement``, ``Ld``/``LD``/``Leadership``, or at least
three of WS, BS, S, T, W, I, A. When a unit has several (rider and mount,
chariot and crew):

- ``movement`` is the highest numeric M (the mount's or the chariot's steeds');
- ``leadership`` is the highest numeric Ld (the rider's or the crew's: a unit
  uses the highest Leadership among its models);
- the other characteristics come from the *main* profile: the one named like
  the unit, else a chariot's own, else the first one with that highest Ld;
- ``troop_type`` (one of ``TROOP_TYPES``) comes from the ``Type``
  characteristic (8th-edition data): the main profile's, or, when the main
  profile is on foot (infantry or a character) and a faster mandatory mount has
  a type, the ridden type of the mount's; a character on foot is
  ``character``. Without any ``Type`` (7th-edition data) a troop-type rule name
  (``"Infantry"``) is used, else a rider with a faster mount is ``cavalry`` and
  anything else ``other`` (each inference reported as a note).

A non-numeric M or Ld (``"2D6"``, ``"-"``) or a missing one keeps the unit out
(reported); a non-numeric optional characteristic (``"*"``) is left out with a
note. Rules are matched case-insensitively after dropping a parenthesised
suffix (``"Frenzy (1)"`` -> ``"frenzy"``), see :data:`RULE_CODES` (values in
the rule vocabulary ``RULES``); every other rule name is counted as unmapped.

References
----------
Warhammer 8th edition rulebook and 7th edition rulebook, "Troop Types" and the
special rules bearing on break tests, flee and pursuit; the project's digest
(warhammer rules digest §3.2–3.5: break test, flee and pursuit, rally).
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

from ...importers.bsdata import (NO_PROFILE, Catalogue, ImportResult, MappedUnit, Problem, Profile, Unit,
                                 UnitMapping, map_catalogue as _map_catalogue, normalise, read_catalogue)
from ...errors import InputError, short_repr
from ...list_building import ExtraColumn, ListBuilding, Role, Total, UnitColumn
from ...language import Message, N_, Written, pmessage
from ...outcomes import as_message
from .catalogue_tow import (NOT_MODELLED, TOW_FIGHT_TYPES, dice_movement, is_character, part_kind, part_table,
                            tow_troop_type)
from .model import RULES, TROOP_TYPES, shipped_profiles

__all__ = ["LIST_BUILDING", "MAPPING", "RULE_CODES", "extra_text", "import_catalogue", "known_profiles",
           "map_catalogue", "map_unit", "points_for", "rule_code", "unit_extras"]

# --------------------------------------------------------------------------- BattleScribe -> Warhammer

#: normalised BattleScribe rule name -> Warhammer rule code (:data:`~.model.RULES`)
RULE_CODES: dict[str, str] = {
    "swiftstride": "swiftstride",
    "fast cavalry": "fast_cavalry",
    "fly": "fly",
    "flying": "fly",
    "flyer": "fly",
    "flying unit": "fly",
    "flying cavalry": "fly",
    "stubborn": "stubborn",
    "unbreakable": "unbreakable",
    "immune to psychology": "immune_to_psychology",
    "frenzy": "frenzy",
    "cold blooded": "cold_blooded",
    "fear": "fear",
    "causes fear": "fear",
    "terror": "terror",
    "causes terror": "terror",
    "steadfast": "steadfast",
}

#: normalised ``Type`` text (or rule name) -> troop type (:data:`~.model.TROOP_TYPES`)
_TROOP_NAMES: dict[str, str] = {
    "infantry": "infantry",
    "cavalry": "cavalry",
    "monstrous infantry": "monstrous_infantry",
    "monstrous cavalry": "monstrous_cavalry",
    "monstrous beast": "monstrous_beast",
    "monstrous beasts": "monstrous_beast",
    "war beast": "war_beast",
    "war beasts": "war_beast",
    "warbeast": "war_beast",
    "monster": "monster",
    "monsters": "monster",
    "chariot": "chariot",
    "chariots": "chariot",
    "swarm": "swarm",
    "swarms": "swarm",
    "war machine": "war_machine",
    "war machines": "war_machine",
    "warmachine": "war_machine",
    "character": "character",
    "unique": "other",
}

#: troop type of a model on foot riding a mount of the given type (8th edition, "Troop Types")
_RIDDEN = {"war_beast": "cavalry", "monstrous_beast": "monstrous_cavalry", "cavalry": "cavalry",
           "monster": "monster", "swarm": "other"}

assert set(RULE_CODES.values()) <= set(RULES), "RULE_CODES must map into the Warhammer rule vocabulary"
assert set(_TROOP_NAMES.values()) | set(_RIDDEN.values()) <= set(TROOP_TYPES), "troop types must be TROOP_TYPES"

_M_NAMES = ("m", "movement", "move", "mv")
_LD_NAMES = ("ld", "leadership", "cd", "commandement")
_TYPE_NAMES = ("type", "troop type", "unit type")
#: optional profile key -> accepted characteristic names (normalised)
_OPTIONAL: dict[str, tuple[str, ...]] = {
    "weapon_skill": ("ws", "weapon skill", "cc"),
    "ballistic_skill": ("bs", "ballistic skill", "ct"),
    "strength": ("s", "strength", "f"),
    "toughness": ("t", "toughness", "e"),
    "wounds": ("w", "wounds", "pv"),
    "initiative": ("i", "initiative"),
    "attacks": ("a", "attacks"),
}
_OPTIONAL_LABEL = {"weapon_skill": "WS", "ballistic_skill": "BS", "strength": "S", "toughness": "T",
                   "wounds": "W", "initiative": "I", "attacks": "A"}
_STAT_NAMES = {n for names in _OPTIONAL.values() for n in names}
_RANGES = {"movement": (0, 20), "leadership": (0, 10)}


def _strip_suffix(name: str) -> str:
    return normalise(re.sub(r"\(.*?\)", "", name))


def rule_code(name: str) -> str | None:
    """Warhammer rule code of a BattleScribe rule name, or None.

    >>> rule_code("Cold-Blooded"), rule_code("Frenzy (1)"), rule_code("Blood Frenzy")
    ('cold_blooded', 'frenzy', None)
    """
    return RULE_CODES.get(_strip_suffix(name))


def _is_model(prof: Profile) -> bool:
    keys = set(prof.chars)
    if keys & set(_M_NAMES) or keys & set(_LD_NAMES):
        return True
    return len(keys & _STAT_NAMES) >= 3


def _int(raw: str) -> int | None:
    return int(raw) if re.fullmatch(r"\d{1,3}", raw.strip()) else None


def _troop(text: str) -> tuple[str | None, bool, str | None]:
    """(troop type or None, is a character, fuzzy-matched original or None) from a ``Type`` value."""
    is_char = "character" in text.casefold()
    base = _strip_suffix(text).strip(" -")
    if not base:
        return (None, is_char, None)
    if base in _TROOP_NAMES:
        return (_TROOP_NAMES[base], is_char, None)
    close = difflib.get_close_matches(base, list(_TROOP_NAMES), n=1, cutoff=0.8)
    if close:
        return (_TROOP_NAMES[close[0]], is_char, text)
    return (None, is_char, None)


def _type_text(prof: Profile) -> str:
    got = prof.get(_TYPE_NAMES)
    return got[1] if got else ""


class _Unit:
    """One unit being mapped: collects its problems in order."""

    def __init__(self, unit: Unit):
        self.name = unit.name.strip() or unit.id
        self.problems: list[Problem] = []

    def note(self, fld: str, value: str, message: str, skipped: bool = False) -> None:
        self.problems.append(Problem(self.name, fld, value, message, skipped))

    def troop_type(self, main: Profile, profiles: list[Profile], movement: int, rules: list[str]) -> str:
        main_type, is_char, fuzzy = _troop(_type_text(main))
        main_m = main.get(_M_NAMES)
        # the mount: another model giving the unit its M when the main profile does not
        mounts = [] if main_m and _int(main_m[1]) == movement else [
            p for p in profiles if p is not main and (r := p.get(_M_NAMES)) and _int(r[1]) == movement]
        mount_type = None
        for p in mounts:
            t, _, f = _troop(_type_text(p))
            if t is not None:
                mount_type, fuzzy = t, fuzzy or f
                break
        types = [t for p in profiles for t in [_troop(_type_text(p))[0]] if t]
        if "chariot" in types:
            result = "chariot"
        elif main_type in (None, "infantry", "character") and mount_type:
            result = _RIDDEN.get(mount_type, mount_type)
        elif main_type is not None:
            result = main_type
        elif types:
            result = types[0]
        else:
            from_rules = [_TROOP_NAMES[n] for r in rules if (n := _strip_suffix(r)) in _TROOP_NAMES]
            if from_rules:
                result = from_rules[0]
            elif mounts:
                result = "cavalry"
                self.note("troop_type", "", "no Type characteristic; a rider with a faster mount is "
                          "taken as cavalry")
            else:
                result = "other"
                self.note("troop_type", "", "no Type characteristic nor troop-type rule; troop_type "
                          "set to 'other'")
        if result == "infantry" and is_char:
            result = "character"
        if fuzzy:
            self.note("troop_type", fuzzy, f"read as {result!r}")
        return result


def _unit_profile(unit: Unit) -> Profile | None:
    """The ``Unit`` profile of TOW data (a ``Troop Type`` and no characteristics), or None."""
    return next((p for p in unit.profiles if not _is_model(p) and p.get(_TYPE_NAMES)), None)


#: Rules a catalogue may aim at some foes only ("Hatred (Elves)"): read as the plain rule they would apply against
#: every foe, so they are read, not modelled.
AIMED_RULES = ("hatred",)


def _aimed(rule: str) -> bool:
    """Whether a rule name carries a qualifier in words (``Hatred (Elves)``), not a number (``Frenzy (1)``)."""
    m = re.search(r"\(([^)]*)\)", rule)
    return bool(m and re.search(r"[A-Za-z]", m.group(1)))


def _rule_read(rule: str) -> tuple[str, str | None]:
    """``("read", code)``, ``("not_modelled", None)`` or ``("other", None)`` for one rule name: a code of the
    rule vocabulary, a rule that bears on the chain or a fight but that fleeodds does not model
    (:data:`.catalogue_tow.NOT_MODELLED`, read into the profile once the vocabulary has its code), or neither."""
    code = rule_code(rule)
    name = _strip_suffix(rule)
    if _aimed(rule) and (code or NOT_MODELLED.get(name)) in AIMED_RULES:
        return "not_modelled", None  # "Hatred (Elves)": against some foes only, not the plain rule
    if code is not None:
        return "read", code
    later = NOT_MODELLED.get(name)
    if later is not None:
        return ("read", later) if later in RULES else ("not_modelled", None)
    return "other", None


def map_unit(unit: Unit, source: str = "") -> MappedUnit:
    """One BattleScribe unit as a Warhammer profile (see the module docstring for the rules).

    Parameters
    ----------
    unit : Unit
        From :func:`fleeodds.importers.bsdata.read_catalogue`.
    source : str
        Written as the profile's ``source`` when not empty.

    Returns
    -------
    MappedUnit
        ``profile``: ``{name, movement, leadership, troop_type, rules, [weapon_skill …
        attacks], [source]}`` (inches for M), or None when M or Ld is missing or not a
        number, with the problems in order, the rule names read, read but not modelled, and
        unmapped; ``extra``: points, equipment, and for TOW data the TOW troop type and its table,
        the unit's parts (mount, crew, chariot beasts) and dice movement.
    """
    u = _Unit(unit)
    name = u.name
    profiles: list[Profile] = []
    for p in unit.profiles:  # same profile linked twice (model entry and unit entry)
        if _is_model(p) and not any(q.name == p.name and q.chars == p.chars for q in profiles):
            profiles.append(p)
    if not profiles:
        u.note(NO_PROFILE, "", Message(N_("no characteristic profile (M, Ld, …) on the entry or its mandatory "
                                          "models; the catalogue does not give this unit's characteristics")),
               skipped=True)
        return MappedUnit(None, u.problems)
    unit_prof = _unit_profile(unit)
    tow = tow_troop_type(_type_text(unit_prof)) if unit_prof is not None else None
    bad = False
    values: dict[str, int] = {}
    dice: tuple[str, int] | None = None
    for key, names, label in (("movement", _M_NAMES, "M"), ("leadership", _LD_NAMES, "Ld")):
        lo, hi = _RANGES[key]
        raws = [(p, p.get(names)) for p in profiles]
        numbers = [(_int(r[1]), p) for p, r in raws if r is not None and _int(r[1]) is not None]
        if numbers:
            best = max(n for n, _ in numbers)
            if not lo <= best <= hi:
                u.note(label, str(best), f"expected an integer from {lo} to {hi}", skipped=True)
                bad = True
            values[key] = best
            continue
        rolled = [d for p, r in raws if r is not None and (d := dice_movement(r[1]))] if key == "movement" else []
        if rolled:  # Random Movement: the model moves, charges, flees and pursues the dice it rolls
            dice = min(rolled, key=lambda d: d[1])  # several: the slowest moves the unit
            values[key] = min(dice[1], hi)
            u.note(label, dice[0], Message(N_("Random Movement: M is a roll of {dice}; written as {shown} (its "
                                              "highest roll) for display, and the unit is not ranked in a flee or "
                                              "a fight (Random Movement is not modelled)"),
                                           dice=dice[0], shown=values[key]))
            continue
        bad = True
        present = [(p, r) for p, r in raws if r is not None]
        if not present:
            u.note(label, "", Message(N_("missing: no profile of this unit has a {label} characteristic; "
                                         "expected {allowed}"), label=label,
                                      allowed=Message(N_("an integer from {lo} to {hi}"), lo=lo, hi=hi)),
                   skipped=True)
        elif tow and key == "movement" and all(r[1].strip() == "-" for _, r in present):
            # TOW data: a character that must ride gives its M through the mount the list chooses
            u.note(label, "-", Message(N_("no profile of the unit moves by itself (M '-'): its Movement comes from "
                                          "a mount the list must choose, and the catalogue gives no default "
                                          "choice")), skipped=True)
        else:
            shown = ", ".join(f"{p.name} {r[0]}={r[1]!r}" for p, r in present)
            u.note(label, present[0][1][1], f"not a number ({shown}); expected an integer from {lo} to {hi}",
                   skipped=True)
    if bad:
        return MappedUnit(None, u.problems)
    rules = unit.rules
    family = tow[1] if tow else None
    main = None
    if family in ("chariot", "war_machine"):  # the chariot or the machine itself carries T and W; crew apart
        main = next((p for p in profiles if (t := p.get(("t",))) and _int(t[1]) is not None
                     and ((r := p.get(_LD_NAMES)) is None or _int(r[1]) is None)), None)
    elif family == "monster":  # the beast, not a rider or a howdah's crew
        main = max((p for p in profiles if (w := p.get(("w",))) and _int(w[1]) is not None),
                   key=lambda p: _int(p.get(("w",))[1]), default=None)
    # else the main profile: named like the unit, else a chariot's own (it carries its T and W), else the
    # first one giving the unit's Ld
    if main is None:
        main = next((p for p in profiles if normalise(p.name) == normalise(name)), None)
    if main is None:
        main = next((p for p in profiles if _troop(_type_text(p))[0] == "chariot"), None)
    if main is None:
        main = next((p for p in profiles
                     if (r := p.get(_LD_NAMES)) and _int(r[1]) == values["leadership"]), profiles[0])
    parts = [(p, part_kind(p, family or "", _M_NAMES, _LD_NAMES)) for p in profiles if p is not main] if tow else []
    is_char = is_character(unit.categories) or bool(tow and tow[2])
    if tow:
        troop = tow[1]
        if troop == "infantry" and any(k == "mount" for _, k in parts):  # a character riding: cavalry
            troop = "cavalry"
        if troop == "infantry" and tow[2]:  # the troop type says "(character)", as 8th data's Type does
            troop = "character"
    else:
        troop = u.troop_type(main, profiles, values["movement"], rules)
    # the fight knows TOW's finer troop types (ranks of 4, chariots' Unit Strength): the family stays for
    # the rules below (a ridden mount's save, a chariot's crew)
    fight_troop = TOW_FIGHT_TYPES.get(tow[0], troop) if tow and troop == tow[1] else troop
    out: dict[str, Any] = {"name": name, "movement": values["movement"], "leadership": values["leadership"],
                           "troop_type": fight_troop, "rules": []}
    codes: list[str] = []
    unmapped: list[str] = []
    read: list[str] = []
    not_modelled: list[str] = []
    for rule in rules:
        what, code = _rule_read(rule)
        shown = rule.strip()
        if what == "read":
            if code not in codes:
                codes.append(code)
            if shown not in read:
                read.append(shown)
        elif what == "not_modelled":
            if shown not in not_modelled:
                not_modelled.append(shown)
        elif _strip_suffix(rule) not in _TROOP_NAMES:
            unmapped.append(shown)
    out["rules"] = codes
    for key, names in _OPTIONAL.items():
        got = main.get(names)
        if got is None:
            continue
        number = _int(got[1])
        if number is None:
            if got[1] not in ("", "-"):
                u.note(_OPTIONAL_LABEL[key], got[1], Message(N_("not a number on profile {name!r}; {label} left "
                                                                "out"), name=main.name, label=_OPTIONAL_LABEL[key]))
            continue
        out[key] = number
    if source:
        out["source"] = source
    extra: dict[str, Any] = {}
    if unit.points is not None:
        extra["points"] = unit.points
    if unit.min_models is not None and unit.model_points is not None:
        extra["min_models"], extra["model_points"] = unit.min_models, unit.model_points
    kit = equipment(unit, main, profiles, troop, values["movement"], u)
    if kit is not None:
        extra["equipment"] = kit
    extra["kind"] = ("character" if is_char else "monster" if troop == "monster"
                     else "war_machine" if troop == "war_machine" else "unit")
    if not_modelled:
        extra["rules_not_modelled"] = list(not_modelled)
    if tow:
        from .plan.tow_combat import troop as tow_troop

        row = tow_troop(fight_troop if fight_troop in TOW_FIGHT_TYPES.values() else tow[1])
        extra["tow_troop_type"] = tow[0]
        extra["troop_table"] = {"models_per_rank": row.models_per_rank, "max_rank_bonus": row.max_rank_bonus,
                                "unit_strength_per_model": "W" if row.unit_strength is None else row.unit_strength}
        size = unit_prof.get(("unit size",)) if unit_prof is not None else None
        if size is not None and size[1].strip():
            extra["unit_size"] = size[1].strip()
    if dice is not None:
        extra["movement_dice"] = dice[0]
    if parts:
        counts = {p.name: s.count for s in unit.selections for p in s.profiles}
        least = unit.min_models or 1
        extra["parts"] = [part_table(p, kind, counts[p.name] / least if p.name in counts else None)
                          for p, kind in parts]
        extra["part_names"] = [f"{t['name']}" + (f" ×{t['count']}" if t.get("count", 1) > 1 else "")
                               + f" ({t['kind']})" for t in extra["parts"]]
    return MappedUnit(out, u.problems, unmapped, extra, read, not_modelled)


# --------------------------------------------------------------------------- equipment

#: normalised item name (parenthesised part dropped) -> close-combat weapon of the fight (:data:`.model.combat.WEAPONS`)
WEAPON_NAMES: dict[str, str] = {
    "hand weapon": "hand_weapon", "hand weapons": "hand_weapon",
    "great weapon": "great_weapon", "great weapons": "great_weapon",
    "spear": "spear", "spears": "spear",
    "halberd": "halberd", "halberds": "halberd",
    "lance": "lance", "lances": "lance",
    "additional hand weapon": "additional_hand_weapon", "additional hand weapons": "additional_hand_weapon",
    "two/additional hand weapons": "additional_hand_weapon", "two hand weapons": "additional_hand_weapon",
    "two/additional hand weapon": "additional_hand_weapon", "hand weapons (two)": "additional_hand_weapon",
    "flail": "flail", "flails": "flail",
}
#: when the data gives a unit several weapons, the one the fight takes (the others are noted)
WEAPON_ORDER = ("lance", "great_weapon", "halberd", "flail", "additional_hand_weapon", "spear", "hand_weapon")
#: normalised armour name -> armour save it gives alone (8th/7th rulebook, "Armour")
ARMOUR_NAMES: dict[str, int] = {"light armour": 6, "heavy armour": 5, "full plate armour": 4,
                                "dragon armour": 5, "gromril armour": 4, "chaos armour": 4}
_SHIELD_NAMES = ("shield", "shields")
_BARDING = ("barding", "ithilmar barding")
_AS_NAMES = ("armoursave", "armour save", "save", "sv", "as")
_WARD_NAMES = ("wardsave", "ward save", "ward")


def _item(name: str) -> str:
    return normalise(re.sub(r"\(.*?\)", "", name).replace("'", ""))


def _save(raw: str) -> int | None:
    """``"5+"`` -> 5; anything else None."""
    m = re.fullmatch(r"\s*([1-6])\s*\+\s*", raw or "")
    return int(m.group(1)) if m else None


def equipment(unit: Unit, main: Profile, models: list[Profile], troop_type: str, movement: int,
              u: "_Unit | None" = None) -> dict[str, Any] | None:
    """The close-combat equipment a unit carries without any choice, from its catalogue entry.

    Read from the weapon and armour profiles and entry names of the unit, of its mandatory
    parts and of the default choices of its mandatory choice groups
    (:attr:`~fleeodds.importers.bsdata.Unit.profiles`, :attr:`~fleeodds.importers.bsdata.Unit.selections`),
    matched by name (:data:`WEAPON_NAMES`, :data:`ARMOUR_NAMES`, shields, barding), and from the
    ``ArmourSave``/``WardSave`` characteristics of the main profile (natural armour such as
    scaly skin, ``"5+"``, or a chariot's own save) and, for cavalry, of its mount (``"-1 to
    rider"``, ``"-2"``). Worn armour and natural armour combine (light armour on a 5+ scaly
    skin: 4+); a shield is ``shield`` (not in ``armour_save``, as in the fight's fields);
    barding improves a mounted model's save by 1. Magic items are not read.

    Parameters
    ----------
    unit : Unit
    main : Profile
        The unit's main model profile (see :func:`map_unit`).
    models : list of Profile
        The unit's model profiles (a mount's among them).
    troop_type : str
        The mapped troop type (a lance is for mounted troops, barding too).
    movement : int
        The unit's M (inches), to tell the mount among the models.
    u : _Unit, optional
        Collects the notes (several weapons, an item that does not fit).

    Returns
    -------
    dict or None
        ``{"weapon", "shield", "armour_save", "ward_save", "items"}`` (``armour_save`` and
        ``ward_save`` D6 scores or None; ``items``: the names read, as written), or None when
        the data says nothing about the unit's equipment (the scenario's then stays).

    References
    ----------
    Warhammer 8th edition rulebook, "Weapons" and "Armour" (armour saves: light 6+, heavy 5+,
    shield +1, barding +1, cavalry +1 from its mount); 7th edition rulebook, same sections.
    """
    from .model.combat import MOUNTED

    names: list[str] = []
    for p in unit.profiles:
        if p not in models:
            names.append(p.name)
    for sel in unit.selections:
        if sel.type != "model":
            names.append(sel.name)
        names += [p.name for p in sel.profiles if p not in models and not _is_model(p)]
    weapons: list[str] = []
    items: list[str] = []
    shield, barding, armour = False, False, 7
    for raw in names:
        key = _item(raw)
        parts = [key] + ([x.strip() for x in key.split(" and ")] if " and " in key else [])
        for part in parts:
            if part in WEAPON_NAMES:
                w = WEAPON_NAMES[part]
                if w not in weapons:
                    weapons.append(w)
            elif part in _SHIELD_NAMES:
                shield = True
            elif part in ARMOUR_NAMES:
                armour = min(armour, ARMOUR_NAMES[part])
            elif part in _BARDING:
                barding = True
            else:
                continue
            if raw.strip() not in items:
                items.append(raw.strip())
    natural = main.get(_AS_NAMES)
    ward = main.get(_WARD_NAMES)
    # a save characteristic says something when it is a save ("5+") or empty (none); "-2" on a mount's
    # own profile is what it gives a rider, nothing about itself
    natural = natural if natural and (natural[1] == "" or _save(natural[1])) else None
    ward = ward if ward and (ward[1] == "" or _save(ward[1])) else None
    mount_bonus = 0
    for p in models:
        if p is main or troop_type not in ("cavalry", "monstrous_cavalry"):  # a ridden mount only
            continue
        got = p.get(_AS_NAMES)
        m = re.search(r"-\s*([1-3])", got[1]) if got else None
        if m:
            mount_bonus = max(mount_bonus, int(m.group(1)))
    if not items and natural is None and ward is None and not mount_bonus:
        return None
    mounted = troop_type in MOUNTED
    weapon = next((w for w in WEAPON_ORDER if w in weapons), "hand_weapon")
    if weapon == "lance" and not mounted:
        weapon = next((w for w in WEAPON_ORDER if w in weapons and w != "lance"), "hand_weapon")
        if u is not None:
            u.note("weapon", "lance", f"a lance is for mounted troops ({troop_type}); {weapon} taken")
    others = [w for w in weapons if w not in (weapon, "hand_weapon")]
    if others and u is not None:
        u.note("weapon", ", ".join(weapons), f"several close-combat weapons; the fight takes {weapon} "
               "(write weapon in the scenario for another)")
    save = armour
    base = _save(natural[1]) if natural else None
    if base is not None:  # natural armour (scaly skin) combines with worn armour
        save = base - (7 - armour)
    save -= mount_bonus
    if barding and mounted:
        save -= 1
    save = max(save, 1)
    ward_save = _save(ward[1]) if ward else None
    return {"weapon": weapon, "shield": shield, "armour_save": save if save < 7 else None,
            "ward_save": ward_save if ward_save is not None and ward_save >= 2 else None, "items": items}


#: The per-unit mapping handed to :func:`fleeodds.importers.bsdata.map_catalogue`.
MAPPING = UnitMapping(map_unit, needs="characteristic profiles (M, Ld)")


def map_catalogue(catalogue: Catalogue) -> ImportResult:
    """A catalogue's units as Warhammer profiles (``profiles_file`` format).

    Raises
    ------
    InputError
        When no unit entry of the catalogue has a characteristic profile.
    """
    return _map_catalogue(catalogue, MAPPING)


def import_catalogue(path: str | Path, system: str | Path | None = None) -> ImportResult:
    """Read a BattleScribe catalogue (and its ``.gst``) into Warhammer profiles.

    Raises
    ------
    FleeoddsError
        See :func:`fleeodds.importers.bsdata.read_catalogue` and :func:`map_catalogue`.
    """
    return map_catalogue(read_catalogue(path, system))


def known_profiles() -> dict[str, dict[str, Any]]:
    """The shipped Warhammer profiles, ``{casefolded name: profile dict}`` (for ``--vs``)."""
    return shipped_profiles()


# --------------------------------------------------------------------------- how a ranking reads

#: the unit columns of a ranking and of the import listing; a list value is shown joined by commas
UNIT_COLUMNS: tuple[UnitColumn, ...] = (
    UnitColumn("M", "movement", N_("M"), None),
    UnitColumn("Ld", "leadership", N_("Ld"), None),
    UnitColumn("troop_type", "troop_type", N_("troop type"), ""),
    UnitColumn("rules", "rules", N_("rules"), ()),
)

#: further columns of the import listing (read from the profiles with their extras)
IMPORT_COLUMNS: tuple[UnitColumn, ...] = (
    UnitColumn("kind", "kind", N_("kind"), ""),
    UnitColumn("points", "points", N_("pts (min)"), None),
    UnitColumn("min_models", "min_models", N_("min"), None),
    UnitColumn("tow_troop_type", "tow_troop_type", N_("TOW troop type"), ""),
    UnitColumn("parts", "part_names", N_("parts"), ()),
)

#: outcome codes of the flee chain in which the fleeing unit is caught (destroyed or re-engaged)
_CHAIN_CAUGHT = ("caught", "run_down", "caught_reengaged")

#: short column titles of the outcomes (the scenario's long labels go in the chart legend)
_SHORT: dict[str, str] = {
    "held": pmessage("short column", "held"),
    "gave_ground": pmessage("short column", "gave ground"),
    "fell_back": pmessage("short column", "fell back"),
    "caught_reengaged": pmessage("short column", "caught (re-engaged)"),
    "caught": pmessage("short column", "caught"),
    "run_down": pmessage("short column", "run down"),
    "escaped": pmessage("short column", "escaped"),
    "escaped_off_table": pmessage("short column", "off table"),
    "rallied": pmessage("short column", "rallied"),
    "still_fleeing": pmessage("short column", "still fleeing"),
}
#: stacking order of the flee chain's outcomes in the ranking chart
_CHART_CODES: tuple[str, ...] = ("held", "caught", "run_down", "escaped_off_table", "rallied", "escaped",
                                 "still_fleeing", "gave_ground", "fell_back", "caught_reengaged")
#: from good to bad for the unit: greens, yellows, reds (colour-blind-safe hues)
_COLOURS: dict[str, str] = {
    "held": "#009E73", "rallied": "#56B4E9", "escaped": "#F0E442", "still_fleeing": "#E69F00",
    "escaped_off_table": "#CC79A7", "caught": "#D55E00", "run_down": "#8C2D04",
    "gave_ground": "#0072B2", "fell_back": "#6A9FCF", "caught_reengaged": "#B07AA1"}

# -- the "fight" kind (situation "fight", :mod:`.fight`): role "fleeing" is the scenario's fight.unit, role
# "pursuing" its fight.enemy; outcome codes are the chain's prefixed by the loser (enemy_caught: your unit
# wins and runs the enemy down; unit_caught: your unit loses and is run down)
FIGHT_ENDINGS = {"draw": N_("draw"), "enemy_destroyed": N_("enemy destroyed"),
                 "unit_destroyed": pmessage("a unit", "destroyed"), "both_destroyed": N_("both destroyed")}
#: outcome codes in which the unit in the ranked role is caught: the flee chain's, and a fight's where it lost
CAUGHT_CODES = _CHAIN_CAUGHT + tuple(f"unit_{c}" for c in _CHAIN_CAUGHT) + ("unit_destroyed",)
#: the column a ranking is sorted on
TOTAL = Total("caught_total", N_("caught (any)"), CAUGHT_CODES)
SHORT_LABELS: dict[str, str] = dict(_SHORT)
for _code, _label in _SHORT.items():
    SHORT_LABELS[f"enemy_{_code}"] = Message(N_("wins, enemy {outcome}"), outcome=as_message(_label))
    SHORT_LABELS[f"unit_{_code}"] = Message(N_("loses, {outcome}"), outcome=as_message(_label))
SHORT_LABELS.update(FIGHT_ENDINGS)
CHART_CODES = (tuple(f"enemy_{c}" for c in _CHART_CODES) + ("enemy_destroyed", "draw")
               + tuple(f"unit_{c}" for c in _CHART_CODES) + ("unit_destroyed", "both_destroyed") + _CHART_CODES)
CHART_COLOURS: dict[str, str] = dict(_COLOURS)
for _code, _colour in _COLOURS.items():
    CHART_COLOURS[f"unit_{_code}"] = _colour
CHART_COLOURS.update({"draw": "#999999", "enemy_destroyed": "#004D40", "unit_destroyed": "#3B0A00",
                      "both_destroyed": "#555555"})

#: the roles of ``SYSTEM.roles`` (the scenario's ``fleeing`` and ``pursuer`` units, see
#: ``WarhammerScenario.with_unit``): a fleeing unit is best when least often caught, a pursuer when most often
ROLES = (
    Role("fleeing", N_("fleeing unit"), N_("each unit in the fleeing role"), N_("as the fleeing unit"),
         ascending=True),
    Role("pursuing", N_("pursuer"), N_("each unit in the pursuing role"), N_("as the pursuing unit"),
         ascending=False),
)


# -- the fight kind's own ranking columns (read by :func:`fleeodds.rank.rank_units`) --------------------------
#: the columns :func:`unit_extras` adds to a fight ranking
EXTRA_COLUMNS: tuple[ExtraColumn, ...] = (
    ExtraColumn("points", N_("pts"), ".0f"),
    ExtraColumn("models", N_("size"), "d"),
    ExtraColumn("wins", N_("wins"), "pct"),
    ExtraColumn("beats", N_("destroys"), "pct"),
    ExtraColumn("wins_per_100", N_("wins/100 pts"), ".3f"),
    ExtraColumn("beats_per_100", N_("destroys/100 pts"), ".3f"),
    ExtraColumn("equipment", N_("equipment read from the catalogue"), ""),
    ExtraColumn("not_modelled", N_("rules not modelled"), ""),
)

#: the narrow table of a fight ranking (the CSV and --wide keep every column)
_FIGHT_TABLE = ("unit", "points", "models", "wins", "beats", "caught_total", "wins_per_100", "beats_per_100",
                "method")


def sort_by(columns: list[str], role: str) -> tuple[str, bool] | None:
    """A fight ranking's sort key: P(the catalogue's unit wins), highest first (whatever its role);
    other situations sort on :data:`TOTAL` (None)."""
    return ("wins", False) if "wins" in columns else None


def table_columns(columns: list[str]) -> list[str] | None:
    """The columns of a ranking's narrow table: in a fight, the unit's size and cost, P(wins),
    P(wins and destroys or runs down), P(caught or destroyed) and the per-100-points columns; other
    situations every column but the troop type."""
    if "wins" not in columns:
        return [c for c in columns if c != "troop_type"]  # the flee chain: every outcome, the troop type to --wide
    return [c for c in _FIGHT_TABLE if c in columns]


def points_for(profile: dict[str, Any], models: int) -> float | None:
    """Points of an imported unit fielded with ``models`` models, or None when the catalogue gives none.

    The catalogue's cost at the unit's minimum size (``points``) plus one rank-and-file model's cost
    (``model_points``) for each model above (or minus each below) the minimum (``min_models``); a
    unit without rank-and-file (a monster, a chariot, a single model) costs ``points`` per model.

    >>> points_for({"points": 60.0, "min_models": 10, "model_points": 6.0}, 20)
    120.0
    >>> points_for({"points": 85.0}, 2)
    170.0
    """
    pts = profile.get("points")
    if not isinstance(pts, (int, float)):
        return None
    per, least = profile.get("model_points"), profile.get("min_models")
    if isinstance(per, (int, float)) and isinstance(least, int):
        return float(pts + per * (models - least))
    return float(pts * models)


def unit_extras(scenario, role: str, profile: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """A fight ranking's own columns for one unit (:data:`EXTRA_COLUMNS`); ``{}`` for other situations.

    ``wins``: P(the catalogue's unit wins the round), every outcome where the other side lost or was
    destroyed; ``beats``: P(it wins and the other side is destroyed in the fight or run down, caught
    while fleeing or falling back); ``points``: the unit's cost at the scenario's model count
    (:func:`points_for`); the ``_per_100`` columns divide by ``points / 100``; ``equipment``: what
    was read from the catalogue (empty: the scenario's equipment was kept).

    Parameters
    ----------
    scenario : FightScenario or other Scenario
        The scenario with the unit in ``role`` (from ``with_unit``).
    role : str
        ``"fleeing"`` (the unit is ``fight.unit``) or ``"pursuing"`` (``fight.enemy``).
    profile : dict
        The imported profile, with the extras of :func:`map_unit` (``points``, ``equipment``).
    row : dict
        The ranking row: outcome code -> probability.
    """
    from .scenarios.fight import FightScenario

    if not isinstance(scenario, FightScenario):
        return {}
    mine, other = ("enemy", "unit") if role == "fleeing" else ("unit", "enemy")
    side = "unit" if role == "fleeing" else "enemy"
    caught = [f"{mine}_{c}" for c in _CHAIN_CAUGHT]
    wins = sum(float(v) for k, v in row.items() if k.startswith(f"{mine}_") and isinstance(v, float))
    beats = sum(float(row.get(k, 0.0)) for k in caught + [f"{mine}_destroyed"])
    models = getattr(scenario.model.fight, side).models
    pts = points_for(profile, models)
    dropped = [r for r in getattr(scenario, "dropped_rules", [])]
    # the rules the fight left out are codes ("fear"): named as the catalogue would ("Fear")
    not_modelled = list(profile.get("rules_not_modelled", ())) + [r.replace("_", " ").capitalize()
                                                                   for r in dropped]
    out: dict[str, Any] = {"points": pts, "models": models, "wins": wins, "beats": beats,
                           "wins_per_100": 100 * wins / pts if pts else None,
                           "beats_per_100": 100 * beats / pts if pts else None,
                           "equipment": "; ".join(scenario.equipment_read) or None,
                           "not_modelled": "; ".join(not_modelled) or None}
    return out


#: weapon code -> its name in the equipment column (context "equipment": "lance" is the cavalry's there)
_WEAPON_WORDS = {"hand_weapon": pmessage("equipment", "hand weapon"), "great_weapon": pmessage("equipment", "great weapon"), "spear": pmessage("equipment", "spear"), "halberd": pmessage("equipment", "halberd"), "lance": pmessage("equipment", "lance"), "additional_hand_weapon": pmessage("equipment", "additional hand weapon"), "flail": pmessage("equipment", "flail")}


def _equipment_words(code: str) -> Message:
    if code in _WEAPON_WORDS:
        return _WEAPON_WORDS[code]
    kind, _, rest = code.partition(":")
    if kind == "shield":
        return pmessage("equipment", "shield")
    if kind == "armour":
        return Message(N_("armour {save}+"), save=rest)
    if kind == "ward":
        return Message(N_("ward save {save}+"), save=rest)
    if kind == "unused":
        what, _, weapon = rest.partition(":")
        if what == "lance":
            return Message(N_("lance not counted (did not charge)"))
        if what == "flail":
            return Message(N_("flail not counted (not the first round)"))
        if what == "shield":
            return Message(N_("shield not used (with a {weapon})"), weapon=_WEAPON_WORDS.get(weapon, Written(weapon)))
    return Written(code)


def extra_text(column: str, value: Any) -> Any:
    """A text cell of :data:`EXTRA_COLUMNS` in the reader's language (the context's): the equipment codes of
    :func:`unit_extras`
    (``"great_weapon; armour:5"``) as words (``"great weapon, armour 5+"`` / ``"arme lourde, armure 5+"``);
    a tuple (units grouped in one row) is joined by " / "; other values are returned as they are."""
    if column != "equipment":
        return value
    if isinstance(value, tuple):
        return " / ".join(str(extra_text(column, v)) for v in value)
    if not isinstance(value, str) or not value:
        return "" if value is None or value != value else value  # None or NaN (pandas): nothing read
    return ", ".join(_equipment_words(c.strip()).render() for c in value.split(";"))


# --------------------------------------------------------------------------- each unit at its own size

#: the kinds of unit a ranking keeps apart (a profile's ``kind``, from :func:`map_unit`); units first
KINDS = ("unit", "character", "monster", "war_machine")
#: plural names of :data:`KINDS`, marked for the catalogue
KIND_LABELS = {"unit": N_("units"), "character": N_("characters"), "monster": N_("monsters"), "war_machine": N_("war machines")}
#: ``unit_size`` words :func:`unit_size_models` takes besides ``"points:N"`` and a number of models
SIZE_WORDS = ("minimum", "scenario")


def _single(profile: dict[str, Any]) -> bool:
    """Whether the catalogue fields the unit as one model (a character, a monster, a war machine, any
    entry without rank-and-file): never "a unit of 20"."""
    return profile.get("kind", "unit") != "unit" or not isinstance(profile.get("min_models"), int)


def unit_size_models(profile: dict[str, Any], unit_size: Any, scenario_models: int) -> int:
    """How many models the imported unit ``profile`` fields under the size rule ``unit_size``.

    ``"minimum"`` (or None): the catalogue's minimum size (``min_models``); ``"scenario"``: the
    scenario's own model count; ``"points:N"``: the most models whose cost (:func:`points_for`) stays
    within N points, never fewer than the minimum; an integer: that many models (as the scenario's
    count, it may be below the catalogue's minimum: asked for). A unit the catalogue fields as a single model (a character, a monster, a war machine,
    any entry without rank-and-file) is always one model.

    >>> p = {"points": 60.0, "min_models": 10, "model_points": 6.0, "kind": "unit"}
    >>> unit_size_models(p, "minimum", 20), unit_size_models(p, "points:100", 20), unit_size_models(p, 15, 20)
    (10, 16, 15)
    >>> unit_size_models({"points": 135.0, "kind": "character"}, 20, 20)
    1

    Raises
    ------
    InputError
        ``unit_size`` for a value that is none of these.
    """
    rule = "minimum" if unit_size is None else unit_size
    if isinstance(rule, bool) or not (isinstance(rule, (int, str))):
        raise InputError("unit_size", short_repr(rule), Message(N_("'minimum', 'scenario', 'points:N' or a number "
                                                                   "of models")))
    if _single(profile):
        return 1
    least = max(int(profile["min_models"]), 1)
    if isinstance(rule, int):
        if not 1 <= rule <= 1000:
            raise InputError("unit_size", rule, Message(N_("a number of models from {lo} to {hi}"), lo=1, hi=1000))
        return rule
    text = rule.strip().casefold()
    if text == "minimum":
        return least
    if text == "scenario":
        return scenario_models
    if text.isdigit():
        return unit_size_models(profile, int(text), scenario_models)
    m = re.fullmatch(r"points\s*:\s*(\d{1,6})", text)
    if not m:
        raise InputError("unit_size", short_repr(rule), Message(N_("'minimum', 'scenario', 'points:N' or a number "
                                                                   "of models")))
    budget = int(m.group(1))
    per = profile.get("model_points")
    if not isinstance(per, (int, float)) or per <= 0:
        return least
    n = least
    while n < 1000 and (points_for(profile, n + 1) or 0) <= budget:
        n += 1
    return n


def fit_unit(scenario, role: str, profile: dict[str, Any], unit_size: Any = None):
    """The scenario with the imported ``profile`` in ``role``, at its own size in a fight.

    In a fight (:class:`.scenarios.fight.FightScenario`) an imported unit fields
    :func:`unit_size_models` models (default: the catalogue's minimum size), in ranks as wide as the
    scenario's ``files`` (at most the models); a profile written by hand (no catalogue size, points or
    kind) keeps the scenario's size unless ``unit_size`` is given; other situations take ``with_unit``
    as it is.

    Raises
    ------
    InputError
        A unit with Random Movement (dice Movement, ``movement_dice``): fleeodds does not model it
        (it flees and pursues the dice it rolls); a bad ``unit_size``; what ``with_unit`` refuses.

    References
    ----------
    Warhammer 8th edition rulebook, "Random Movement" (8th.whfb.app/special-rules/random-movement);
    The Old World rulebook, "Random Movement".
    """
    from .scenarios.fight import FightScenario

    if not isinstance(scenario, FightScenario):
        return _no_dice(scenario.with_unit(role, profile), profile, role)
    side = scenario.model.fight.unit if role == "fleeing" else scenario.model.fight.enemy
    if unit_size is None and "min_models" not in profile and "points" not in profile and "kind" not in profile:
        return _no_dice(scenario.with_unit(role, profile), profile, role)  # written by hand: the scenario's size
    models = unit_size_models(profile, unit_size, side.models)
    return _no_dice(scenario.with_unit(role, profile, models=models, files=min(side.files, models)), profile, role)


def _no_dice(scenario, profile: dict[str, Any], role: str):
    """``scenario``, unless the unit moves a dice roll (Random Movement, not modelled): refused by name,
    after ``with_unit`` so that a role the scenario refuses for every unit is said first."""
    from ...validation import not_modelled

    dice = profile.get("movement_dice")
    if dice:
        raise not_modelled("rules", "random_movement", Message(N_("{name} moves, flees and pursues {dice}"),
                                                               name=profile.get("name", role), dice=dice))
    return scenario


#: Warhammer's list building, as :attr:`fleeodds.system.RulesSystem.list_building` reads it
LIST_BUILDING = ListBuilding(
    map_catalogue=map_catalogue, known_profiles=known_profiles, roles=ROLES, unit_columns=UNIT_COLUMNS,
    total=TOTAL, short_labels=SHORT_LABELS, chart_codes=CHART_CODES, chart_colours=CHART_COLOURS,
    extra_columns=EXTRA_COLUMNS, unit_extras=unit_extras, extra_text=extra_text,
    import_columns=IMPORT_COLUMNS, kinds=KINDS, kind_key="kind", kind_labels=KIND_LABELS, fit_unit=fit_unit,
    table_columns=table_columns, not_modelled_column="not_modelled", sort_by=sort_by)
