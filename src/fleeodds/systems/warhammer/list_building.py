"""Warhammer list building: BattleScribe units as Warhammer profiles, and how a ranking reads.

The front (:mod:`fleeodds.rank`, :mod:`fleeodds.cli_bsdata`) reaches this module
through ``get_system("warhammer").list_building`` (its dotted name) and uses
only the interface below; the BattleScribe file format itself is read by
:mod:`fleeodds.importers.bsdata`, which knows no game.

Interface
---------
``map_catalogue(catalogue) -> ImportResult``
    A :class:`~fleeodds.importers.bsdata.Catalogue` (from ``read_catalogue``)
    as Warhammer profiles; :data:`MAPPING` is the per-unit mapping it applies,
    :func:`import_catalogue` reads and maps in one call.
``known_profiles() -> dict``
    Profiles a user may name for the unit in the other role (``--vs``):
    ``{casefolded name: profile dict}``.
``UNIT_COLUMNS``
    ``(column, profile key, label_en, label_fr, default)`` of the unit columns
    of a ranking and of the import listing (``M``, ``Ld``/``Cd``, troop type,
    rules; a list value is shown joined by commas).
``TOTAL``
    ``(column, label_en, label_fr, outcome codes)``: the column that sums the
    outcomes a ranking is sorted on (``caught_total``: caught, run down,
    caught while falling back).
``best_first_ascending(role) -> bool``
    Sort direction of :data:`TOTAL` for a role: a fleeing unit is best when
    least often caught, a pursuer when most often.
``short_labels``
    Outcome code -> (en, fr) short column title (long labels go in the legend).
``chart_codes``, ``chart_colours``
    Stacking order of the outcomes in the ranking chart (good to bad for the
    fleeing unit) and their colours (colour-blind-safe).
``role_phrase(role, lang, kind)``
    ``kind="chart"``: the chart's subtitle ("each unit in the fleeing role");
    ``kind="header"``: the end of the ranking's heading ("as the fleeing unit").

Roles are those of ``SYSTEM.roles``: ``"fleeing"`` and ``"pursuing"`` (the
``fleeing`` and ``pursuer`` units of a scenario, see ``WarhammerScenario.with_unit``).

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

from ...errors import InputError
from ...importers.bsdata import (NO_PROFILE, Catalogue, ImportResult, MappedUnit, Problem, Profile, Unit,
                                 UnitMapping, map_catalogue as _map_catalogue, normalise, read_catalogue)
from ...outcomes import check_lang
from .model import RULES, TROOP_TYPES, shipped_profiles

__all__ = ["MAPPING", "RULE_CODES", "TOTAL", "UNIT_COLUMNS", "best_first_ascending", "chart_codes",
           "chart_colours", "import_catalogue", "known_profiles", "map_catalogue", "map_unit", "role_phrase",
           "rule_code", "short_labels"]

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
        number, with the problems in order and the unmapped rule names.
    """
    u = _Unit(unit)
    name = u.name
    profiles: list[Profile] = []
    for p in unit.profiles:  # same profile linked twice (model entry and unit entry)
        if _is_model(p) and not any(q.name == p.name and q.chars == p.chars for q in profiles):
            profiles.append(p)
    if not profiles:
        u.note(NO_PROFILE, "", "no characteristic profile (M, Ld, …) on the entry or its mandatory "
               "models; the catalogue does not give this unit's characteristics", skipped=True)
        return MappedUnit(None, u.problems)
    bad = False
    values: dict[str, int] = {}
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
        bad = True
        present = [(p, r) for p, r in raws if r is not None]
        if not present:
            u.note(label, "", f"missing: no profile of this unit has a {label} characteristic; "
                   f"expected an integer from {lo} to {hi}", skipped=True)
        else:
            shown = ", ".join(f"{p.name} {r[0]}={r[1]!r}" for p, r in present)
            u.note(label, present[0][1][1], f"not a number ({shown}); expected an integer from {lo} to {hi}",
                   skipped=True)
    if bad:
        return MappedUnit(None, u.problems)
    rules = unit.rules
    # main profile: named like the unit, else a chariot's own (it carries its T and W), else the
    # first one giving the unit's Ld
    main = next((p for p in profiles if normalise(p.name) == normalise(name)), None)
    if main is None:
        main = next((p for p in profiles if _troop(_type_text(p))[0] == "chariot"), None)
    if main is None:
        main = next((p for p in profiles
                     if (r := p.get(_LD_NAMES)) and _int(r[1]) == values["leadership"]), profiles[0])
    out: dict[str, Any] = {"name": name, "movement": values["movement"], "leadership": values["leadership"],
                           "troop_type": u.troop_type(main, profiles, values["movement"], rules), "rules": []}
    codes: list[str] = []
    unmapped: list[str] = []
    for rule in rules:
        code = rule_code(rule)
        if code is not None:
            if code not in codes:
                codes.append(code)
        elif _strip_suffix(rule) not in _TROOP_NAMES:
            unmapped.append(rule.strip())
    out["rules"] = codes
    for key, names in _OPTIONAL.items():
        got = main.get(names)
        if got is None:
            continue
        number = _int(got[1])
        if number is None:
            if got[1] not in ("", "-"):
                u.note(_OPTIONAL_LABEL[key], got[1], f"not a number on profile {main.name!r}; "
                       f"{_OPTIONAL_LABEL[key]} left out")
            continue
        out[key] = number
    if source:
        out["source"] = source
    return MappedUnit(out, u.problems, unmapped)


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

#: (column, profile key, label_en, label_fr, value when the profile lacks the key) of the unit
#: columns of a ranking and of the import listing; a list value is shown joined by commas
UNIT_COLUMNS: tuple[tuple[str, str, str, str, Any], ...] = (
    ("M", "movement", "M", "M", None),
    ("Ld", "leadership", "Ld", "Cd", None),
    ("troop_type", "troop_type", "troop type", "type de troupe", ""),
    ("rules", "rules", "rules", "règles", ()),
)

#: outcome codes in which the fleeing unit is caught (destroyed or re-engaged)
CAUGHT_CODES = ("caught", "run_down", "caught_reengaged")
#: (column, label_en, label_fr, codes summed): the column a ranking is sorted on
TOTAL = ("caught_total", "caught (any)", "rattrapée (total)", CAUGHT_CODES)

#: short column titles of the outcomes (the scenario's long labels go in the chart legend)
short_labels: dict[str, tuple[str, str]] = {
    "held": ("held", "tient"),
    "gave_ground": ("gave ground", "cède"),
    "fell_back": ("fell back", "repli"),
    "caught_reengaged": ("caught (re-engaged)", "rattrapée (repli)"),
    "caught": ("caught", "rattrapée"),
    "run_down": ("run down", "chargée, détruite"),
    "escaped": ("escaped", "échappe"),
    "escaped_off_table": ("off table", "hors table"),
    "rallied": ("rallied", "ralliée"),
    "still_fleeing": ("still fleeing", "toujours en fuite"),
}

#: stacking order of the outcomes in the ranking chart
chart_codes: tuple[str, ...] = ("held", "caught", "run_down", "escaped_off_table", "rallied", "escaped",
                                "still_fleeing", "gave_ground", "fell_back", "caught_reengaged")
#: from good to bad for the unit: greens, yellows, reds (colour-blind-safe hues)
chart_colours: dict[str, str] = {
    "held": "#009E73", "rallied": "#56B4E9", "escaped": "#F0E442", "still_fleeing": "#E69F00",
    "escaped_off_table": "#CC79A7", "caught": "#D55E00", "run_down": "#8C2D04",
    "gave_ground": "#0072B2", "fell_back": "#6A9FCF", "caught_reengaged": "#B07AA1"}

# -- the "fight" kind (situation "fight", :mod:`.fight`): role "fleeing" is the scenario's fight.unit, role
# "pursuing" its fight.enemy; outcome codes are the chain's prefixed by the loser (enemy_caught: your unit
# wins and runs the enemy down; unit_caught: your unit loses and is run down)
FIGHT_ENDINGS = {"draw": ("draw", "égalité"), "enemy_destroyed": ("enemy destroyed", "ennemi détruit"),
                 "unit_destroyed": ("destroyed", "détruite"), "both_destroyed": ("both destroyed",
                                                                                "toutes deux détruites")}
CAUGHT_CODES = CAUGHT_CODES + tuple(f"unit_{c}" for c in CAUGHT_CODES) + ("unit_destroyed",)
TOTAL = ("caught_total", "caught (any)", "rattrapée (total)", CAUGHT_CODES)
for _code, (_en, _fr) in list(short_labels.items()):
    short_labels[f"enemy_{_code}"] = (f"wins, enemy {_en}", f"gagne, ennemi : {_fr}")
    short_labels[f"unit_{_code}"] = (f"loses, {_en}", f"perd, {_fr}")
short_labels.update(FIGHT_ENDINGS)
chart_codes = (tuple(f"enemy_{c}" for c in chart_codes) + ("enemy_destroyed", "draw")
               + tuple(f"unit_{c}" for c in chart_codes) + ("unit_destroyed", "both_destroyed") + chart_codes)
for _code, _colour in list(chart_colours.items()):
    chart_colours[f"unit_{_code}"] = _colour
chart_colours.update({"draw": "#999999", "enemy_destroyed": "#004D40", "unit_destroyed": "#3B0A00",
                      "both_destroyed": "#555555"})

_ROLE_PHRASES = {
    ("fleeing", "chart"): ("each unit in the fleeing role", "chaque unité dans le rôle de l'unité en fuite"),
    ("pursuing", "chart"): ("each unit in the pursuing role", "chaque unité dans le rôle du poursuivant"),
    ("fleeing", "header"): ("as the fleeing unit", "dans le rôle de l’unité en fuite"),
    ("pursuing", "header"): ("as the pursuing unit", "dans le rôle du poursuivant"),
}


def best_first_ascending(role: str) -> bool:
    """Whether a ranking in ``role`` sorts :data:`TOTAL` ascending: fleeing units best first =
    least often caught; pursuers = most often catching.

    Raises
    ------
    InputError
        For a role other than ``"fleeing"`` or ``"pursuing"``.
    """
    if role not in ("fleeing", "pursuing"):
        raise InputError("role", role, "'fleeing' or 'pursuing'")
    return role == "fleeing"


def role_phrase(role: str, lang: str = "en", kind: str = "chart") -> str:
    """How a ranking names its role: ``kind="chart"`` subtitle or ``kind="header"`` heading end.

    Raises
    ------
    InputError
        For an unknown role, language or kind.
    """
    check_lang(lang)
    if (role, kind) not in _ROLE_PHRASES:
        if kind not in ("chart", "header"):
            raise InputError("kind", kind, "'chart' or 'header'")
        raise InputError("role", role, "'fleeing' or 'pursuing'")
    return _ROLE_PHRASES[role, kind][0 if lang == "en" else 1]
