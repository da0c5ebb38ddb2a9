"""Read BattleScribe catalogues (``.cat``, ``.gst``) into Warhammer unit profiles.

BattleScribe is the list-building tool whose community data files describe
each army of Warhammer Fantasy Battle: a game-system file (``.gst``) and one
catalogue (``.cat``) per army. This module reads the unit entries of a
catalogue, takes each unit's characteristic profile(s), and writes profiles
in the format of the Warhammer rules pack::

    [[profile]]
    name = "Night Goblins"
    movement = 4
    leadership = 5
    troop_type = "infantry"
    rules = ["fear"]
    weapon_skill = 2            # optional characteristics when numeric
    source = "Orcs & Goblins - Army Book (BattleScribe)"

Both schema generations found in the wild are read:

- BattleScribe 2.x: ``<selectionEntry>``, ``<characteristic name="M">6</characteristic>``,
  ``<infoLink type="rule|profile">``, ``<entryLink>``;
- BattleScribe 1.x: ``<entry>``, ``<characteristic name="M" value="6"/>``,
  ``<link linkType="rule|profile|entry">``;

and both characteristic naming styles (short ``M``/``LD`` of the 8th-edition
data, long ``Movement``/``Leadership`` of the 7th-edition data). The file is
streamed with :func:`xml.etree.ElementTree.iterparse`: each top-level entry is
read, reduced to a small record and cleared, so memory stays bounded by the
largest single entry. Zipped ``.catz``/``.gstz`` files are read too.

How a unit becomes one profile
------------------------------
A *unit* is a top-level entry of type ``unit`` or ``model`` (the root entry
list and the shared entries). Its *model profiles* are the profiles that carry
unit characteristics (``M``/``Movement``, ``Ld``/``LD``/``Leadership``, or at
least three of WS, BS, S, T, W, I, A) found on the entry itself, through its
profile links, and in its **mandatory** child entries and entry links (minimum
selections > 0: the rank-and-file model, a chariot's crew, a monster's
riders). Optional upgrades (champions, mounts to choose) are not included.
When a unit has several model profiles (rider and mount, chariot and crew):

- ``movement`` is the highest numeric M (the mount's or the chariot's steeds');
- ``leadership`` is the highest numeric Ld (the rider's or the crew's: a unit
  uses the highest Leadership among its models);
- the other characteristics come from the *main* profile: the one named like
  the unit, else the first one with that highest Ld;
- ``troop_type`` comes from the ``Type`` characteristic (8th-edition data):
  the main profile's, or, when the main profile is on foot (infantry or a
  character) and a faster mandatory mount has a type, the mount's; a
  character on foot is ``character``. Without any ``Type`` (7th-edition data)
  a unit made of a rider plus a faster mount is ``cavalry`` and anything else
  ``other`` (reported as a note).

Rules are the names of the unit's own rules, rule links and those of its
mandatory children, matched case-insensitively after dropping a parenthesised
suffix (``"Frenzy (1)"`` -> ``"frenzy"``): see :data:`RULE_CODES`. Rule names
that are troop types (``"Infantry"`` in the 7th-edition game system) are used
as the troop type when there is no ``Type``. Every other rule name is counted
in :attr:`ImportResult.unmapped_rules`.

Conditional modifiers of BattleScribe (``<modifier>``: "set M to 9 when…")
are not applied: profiles are read as printed.
"""

from __future__ import annotations

import difflib
import re
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterable
from xml.etree import ElementTree as ET

from ..errors import FleeoddsError, InputError

__all__ = ["ImportResult", "Problem", "import_catalogue", "write_profiles", "RULE_CODES", "TROOP_TYPES",
           "profiles_to_toml"]

#: canonical troop types of the Warhammer profile format
TROOP_TYPES = ("infantry", "cavalry", "monstrous_infantry", "monstrous_cavalry", "monstrous_beast",
               "war_beast", "monster", "chariot", "swarm", "war_machine", "character", "other")

#: normalised rule name -> canonical rule code of the Warhammer profile format
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

#: normalised ``Type`` text (or rule name) -> troop type
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
_UNIT_TYPES = ("unit", "model")
_ENTRY_TAGS = ("selectionEntry", "entry")
_ROOT_SECTIONS = ("selectionEntries", "entries")
_SHARED_SECTIONS = ("sharedSelectionEntries", "sharedEntries")
_RANGES = {"movement": (0, 20), "leadership": (0, 10)}


@dataclass(frozen=True)
class Problem:
    """One thing the importer could not take as it is.

    Attributes
    ----------
    unit : str
        Name of the catalogue entry.
    field : str
        Characteristic or part concerned (``"M"``, ``"Ld"``, ``"WS"``, ``"profile"``, ``"troop_type"``).
    value : str
        The raw value found (``"2D6"``, ``"-"``, ``""`` when missing).
    message : str
        What was wrong and what is allowed.
    skipped : bool
        True when the unit was not written because of it; False for a note
        (an optional characteristic omitted, a troop type inferred).
    """

    unit: str
    field: str
    value: str
    message: str
    skipped: bool

    def __str__(self) -> str:
        what = "not imported" if self.skipped else "note"
        return f"{self.unit}: {self.field} {self.value!r}: {self.message} ({what})"


@dataclass
class ImportResult:
    """What :func:`import_catalogue` read.

    Attributes
    ----------
    profiles : list of dict
        One dict per unit in the Warhammer profile format (``name``, ``movement``,
        ``leadership``, ``troop_type``, ``rules``, optional characteristics, ``source``).
    unmapped_rules : dict of str to int
        Rule name -> number of imported units that have it, for rules that do not
        bear on flee and pursuit (or are unknown), most frequent first.
    problems : list of Problem
        Per-unit messages naming the unit and the field; see :attr:`skipped`.
    catalogue : str
        Name of the catalogue (``name`` attribute of the root element).
    game_system : str
        Name of the game system when ``system`` was given, else ``""``.
    unresolved_links : int
        Rule or profile links whose target is in neither the catalogue nor the game system.
    """

    profiles: list[dict[str, Any]] = field(default_factory=list)
    unmapped_rules: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    catalogue: str = ""
    game_system: str = ""
    unresolved_links: int = 0

    @property
    def skipped(self) -> list[Problem]:
        """Problems that kept a unit out of :attr:`profiles`."""
        return [p for p in self.problems if p.skipped]

    @property
    def notes(self) -> list[Problem]:
        """Problems that did not keep a unit out (omitted optional fields, inferred types)."""
        return [p for p in self.problems if not p.skipped]

    def profile(self, name: str) -> dict[str, Any]:
        """The imported profile called ``name`` (case-insensitive).

        Raises
        ------
        InputError
            When no imported profile has that name.
        """
        for p in self.profiles:
            if p["name"].casefold() == name.casefold():
                return p
        raise InputError("profile", name, "the name of a unit imported from " + (self.catalogue or "the catalogue"))


# --------------------------------------------------------------------------- records


@dataclass
class _Prof:
    name: str
    chars: dict[str, str]  # normalised characteristic name -> raw value ("" when empty)
    raw_names: dict[str, str]  # normalised -> name as written


@dataclass
class _Entry:
    id: str
    name: str
    type: str
    min: float
    profiles: list[_Prof] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    rule_links: list[str] = field(default_factory=list)
    profile_links: list[str] = field(default_factory=list)
    #: (target id, minimum on the link, link sits in a choice group)
    entry_links: list[tuple[str, float, bool]] = field(default_factory=list)
    children: list["_Entry"] = field(default_factory=list)


@dataclass
class _Index:
    rules: dict[str, str] = field(default_factory=dict)  # id -> rule name
    profiles: dict[str, _Prof] = field(default_factory=dict)
    entries: dict[str, _Entry] = field(default_factory=dict)
    char_names: dict[str, str] = field(default_factory=dict)  # characteristic type id -> name


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _norm(name: str) -> str:
    return " ".join(name.replace("-", " ").replace("_", " ").casefold().split())


def _min_selections(el: ET.Element) -> float:
    raw = el.get("minSelections")
    if raw is not None:
        try:
            return float(raw)
        except ValueError:
            return 0.0
    for group in el:
        if _local(group.tag) != "constraints":
            continue
        for c in group:
            if (c.get("type") == "min" and c.get("field") == "selections"
                    and c.get("scope", "parent") == "parent"):
                try:
                    return float(c.get("value", "0"))
                except ValueError:
                    return 0.0
    return 0.0


def _profile(el: ET.Element, index: _Index) -> _Prof:
    chars: dict[str, str] = {}
    raw_names: dict[str, str] = {}
    for group in el:
        if _local(group.tag) != "characteristics":
            continue
        for c in group:
            name = c.get("name") or index.char_names.get(c.get("typeId") or c.get("characteristicId") or "", "")
            if not name:
                continue
            value = c.get("value")
            if value is None:
                value = c.text or ""
            key = _norm(name)
            chars[key] = value.strip()
            raw_names[key] = name
    return _Prof(el.get("name", ""), chars, raw_names)


def _read_entry(el: ET.Element, index: _Index) -> _Entry:
    entry = _Entry(el.get("id", ""), el.get("name", ""), el.get("type", ""), _min_selections(el))
    for part in el:
        tag = _local(part.tag)
        if tag == "profiles":
            for p in part:
                prof = _profile(p, index)
                entry.profiles.append(prof)
                if p.get("id"):
                    index.profiles.setdefault(p.get("id"), prof)
        elif tag == "rules":
            for r in part:
                if r.get("name"):
                    entry.rules.append(r.get("name"))
                    if r.get("id"):
                        index.rules.setdefault(r.get("id"), r.get("name"))
        elif tag == "infoLinks":
            for link in part:
                kind, target = link.get("type"), link.get("targetId", "")
                if kind == "rule":
                    entry.rule_links.append(target)
                elif kind == "profile":
                    entry.profile_links.append(target)
        elif tag == "links":  # BattleScribe 1.x
            for link in part:
                kind, target = link.get("linkType"), link.get("targetId", "")
                if kind == "rule":
                    entry.rule_links.append(target)
                elif kind == "profile":
                    entry.profile_links.append(target)
                elif kind in ("entry", "entry group"):
                    entry.entry_links.append((target, _min_selections(link), False))
        elif tag == "entryLinks":
            for link in part:
                entry.entry_links.append((link.get("targetId", ""), _min_selections(link), False))
        elif tag in _ROOT_SECTIONS:
            for child in part:
                if _local(child.tag) in _ENTRY_TAGS:
                    entry.children.append(_read_entry(child, index))
        elif tag in ("selectionEntryGroups", "entryGroups"):
            for group in part:
                _read_group(group, entry, index)
    if entry.id:
        index.entries.setdefault(entry.id, entry)
    return entry


def _read_group(group: ET.Element, parent: _Entry, index: _Index) -> None:
    """Entries inside a choice group become children (mandatory only through their own minimum)."""
    for part in group:
        tag = _local(part.tag)
        if tag in _ROOT_SECTIONS:
            for child in part:
                if _local(child.tag) in _ENTRY_TAGS:
                    parent.children.append(_read_entry(child, index))
        elif tag in ("selectionEntryGroups", "entryGroups"):
            for sub in part:
                _read_group(sub, parent, index)
        elif tag == "entryLinks":
            for link in part:
                parent.entry_links.append((link.get("targetId", ""), _min_selections(link), True))


def _open(path: Path) -> IO[bytes]:
    if zipfile.is_zipfile(path):
        archive = zipfile.ZipFile(path)
        names = [n for n in archive.namelist() if not n.endswith("/")]
        if len(names) != 1:
            raise InputError("catalogue", str(path), "a zipped BattleScribe file holding exactly one .cat/.gst")
        return archive.open(names[0])
    return open(path, "rb")


def _stream(path: Path, index: _Index, expect: tuple[str, ...]) -> tuple[dict[str, str], list[_Entry]]:
    """Stream one BattleScribe file into ``index``; return root attributes and the unit entries.

    Raises
    ------
    InputError
        When the file is missing, is not XML, or its root element is not one of ``expect``.
    """
    if not path.is_file():
        raise InputError("catalogue", str(path), "an existing BattleScribe .cat or .gst file")
    units: list[_Entry] = []
    root_attrs: dict[str, str] = {}
    stack: list[ET.Element] = []
    try:
        with _open(path) as fh:
            for event, el in ET.iterparse(fh, events=("start", "end")):
                if event == "start":
                    stack.append(el)
                    if len(stack) == 1:
                        root = _local(el.tag)
                        if root not in expect:
                            raise InputError("catalogue", str(path),
                                             f"a BattleScribe file whose root element is <{'> or <'.join(expect)}> "
                                             f"(found <{root}>)")
                        root_attrs = dict(el.attrib)
                    continue
                stack.pop()
                depth = len(stack)
                if depth == 2:  # an item of a top-level section
                    section, tag = _local(stack[1].tag), _local(el.tag)
                    if tag in _ENTRY_TAGS and section in _ROOT_SECTIONS + _SHARED_SECTIONS:
                        entry = _read_entry(el, index)
                        if entry.type in _UNIT_TYPES:
                            units.append(entry)
                    elif section == "sharedRules" and tag == "rule" and el.get("id"):
                        index.rules[el.get("id")] = el.get("name", "")
                    elif section == "sharedProfiles" and tag == "profile" and el.get("id"):
                        index.profiles[el.get("id")] = _profile(el, index)
                    elif section == "profileTypes":
                        for c in el.iter():
                            if _local(c.tag) in ("characteristicType", "characteristic") and c.get("id"):
                                index.char_names[c.get("id")] = c.get("name", "")
                    el.clear()
                elif depth == 1:
                    el.clear()
    except ET.ParseError as exc:
        raise InputError("catalogue", str(path), f"a BattleScribe XML file (.cat/.gst); XML error: {exc}") from None
    except (OSError, zipfile.BadZipFile) as exc:
        raise InputError("catalogue", str(path), f"a readable BattleScribe file ({exc})") from None
    if not root_attrs:
        raise InputError("catalogue", str(path), "a BattleScribe XML file (.cat/.gst); the file is empty")
    return root_attrs, units


# --------------------------------------------------------------------------- assembly


def _is_model(prof: _Prof) -> bool:
    keys = set(prof.chars)
    if keys & set(_M_NAMES) or keys & set(_LD_NAMES):
        return True
    return len(keys & _STAT_NAMES) >= 3


def _get(prof: _Prof, names: Iterable[str]) -> tuple[str, str] | None:
    """(raw name, raw value) of the first characteristic named in ``names``, or None when absent."""
    for n in names:
        if n in prof.chars:
            return prof.raw_names[n], prof.chars[n]
    return None


def _int(raw: str) -> int | None:
    return int(raw) if re.fullmatch(r"\d{1,3}", raw.strip()) else None


def _troop(text: str) -> tuple[str | None, bool, str | None]:
    """(troop type or None, is a character, fuzzy-matched original or None) from a ``Type`` value."""
    low = text.casefold()
    is_char = "character" in low
    base = _norm(re.sub(r"\(.*?\)", "", text)).strip(" -")
    if not base:
        return (None, is_char, None)
    if base in _TROOP_NAMES:
        return (_TROOP_NAMES[base], is_char, None)
    close = difflib.get_close_matches(base, list(_TROOP_NAMES), n=1, cutoff=0.8)
    if close:
        return (_TROOP_NAMES[close[0]], is_char, text)
    return (None, is_char, None)


def rule_code(name: str) -> str | None:
    """Canonical flee/pursuit rule code of a BattleScribe rule name, or None.

    >>> rule_code("Cold-Blooded"), rule_code("Frenzy (1)"), rule_code("Blood Frenzy")
    ('cold_blooded', 'frenzy', None)
    """
    base = _norm(re.sub(r"\(.*?\)", "", name))
    return RULE_CODES.get(base)


class _Assembler:
    def __init__(self, index: _Index, source: str, result: ImportResult):
        self.index = index
        self.source = source
        self.result = result
        self.unmapped: Counter[str] = Counter()

    def collect(self, entry: _Entry, seen: set[str]) -> tuple[list[_Prof], list[str]]:
        if entry.id in seen:
            return [], []
        seen.add(entry.id)
        profiles = [p for p in entry.profiles if _is_model(p)]
        rules = list(entry.rules)
        for target in entry.profile_links:
            prof = self.index.profiles.get(target)
            if prof is None:
                self.result.unresolved_links += 1
            elif _is_model(prof):
                profiles.append(prof)
        for target in entry.rule_links:
            name = self.index.rules.get(target)
            if name is None:
                self.result.unresolved_links += 1
            else:
                rules.append(name)
        for child in entry.children:
            if child.min > 0:
                p, r = self.collect(child, seen)
                profiles += p
                rules += r
        for target, minimum, in_group in entry.entry_links:
            linked = self.index.entries.get(target)
            if linked is None:
                continue
            # a link straight under the entry takes the target's own minimum too (a shared
            # "War Boar" with min 1); a link among the options of a choice group only its own
            if minimum > 0 or (not in_group and linked.min > 0):
                p, r = self.collect(linked, seen)
                profiles += p
                rules += r
        return profiles, rules

    def note(self, unit: str, fld: str, value: str, message: str, skipped: bool = False) -> None:
        self.result.problems.append(Problem(unit, fld, value, message, skipped))

    def build(self, entry: _Entry) -> dict[str, Any] | None:
        name = entry.name.strip() or entry.id
        found, rules = self.collect(entry, set())
        profiles: list[_Prof] = []
        for p in found:  # same profile linked twice (model entry and unit entry)
            if not any(q.name == p.name and q.chars == p.chars for q in profiles):
                profiles.append(p)
        if not profiles:
            self.note(name, "profile", "", "no characteristic profile (M, Ld, …) on the entry or its mandatory "
                      "models; the catalogue does not give this unit's characteristics", skipped=True)
            return None
        bad = False
        values: dict[str, int] = {}
        for key, names, label in (("movement", _M_NAMES, "M"), ("leadership", _LD_NAMES, "Ld")):
            lo, hi = _RANGES[key]
            raws = [(p, _get(p, names)) for p in profiles]
            numbers = [(_int(r[1]), p) for p, r in raws if r is not None and _int(r[1]) is not None]
            if numbers:
                best = max(n for n, _ in numbers)
                if not lo <= best <= hi:
                    self.note(name, label, str(best), f"expected an integer from {lo} to {hi}", skipped=True)
                    bad = True
                values[key] = best
                continue
            bad = True
            present = [(p, r) for p, r in raws if r is not None]
            if not present:
                self.note(name, label, "", f"missing: no profile of this unit has a {label} characteristic; "
                          f"expected an integer from {lo} to {hi}", skipped=True)
            else:
                shown = ", ".join(f"{p.name} {r[0]}={r[1]!r}" for p, r in present)
                value = present[0][1][1]
                self.note(name, label, value, f"not a number ({shown}); expected an integer from {lo} to {hi}",
                          skipped=True)
        if bad:
            return None
        # main profile: named like the unit, else the first one giving the unit's Ld
        main = next((p for p in profiles if _norm(p.name) == _norm(name)), None)
        if main is None:  # a chariot's own profile carries its T and W
            main = next((p for p in profiles if _troop(_type_text(p))[0] == "chariot"), None)
        if main is None:
            main = next((p for p in profiles
                         if (r := _get(p, _LD_NAMES)) and _int(r[1]) == values["leadership"]), profiles[0])
        out: dict[str, Any] = {"name": name, "movement": values["movement"], "leadership": values["leadership"],
                               "troop_type": self.troop_type(name, main, profiles, values["movement"], rules),
                               "rules": []}
        codes: list[str] = []
        for rule in rules:
            code = rule_code(rule)
            if code is not None:
                if code not in codes:
                    codes.append(code)
            elif _norm(re.sub(r"\(.*?\)", "", rule)) not in _TROOP_NAMES:
                self.unmapped[rule.strip()] += 1
        out["rules"] = codes
        for key, names in _OPTIONAL.items():
            got = _get(main, names)
            if got is None:
                continue
            number = _int(got[1])
            if number is None:
                if got[1] not in ("", "-"):
                    self.note(name, _OPTIONAL_LABEL[key], got[1],
                              f"not a number on profile {main.name!r}; {_OPTIONAL_LABEL[key]} left out")
                continue
            out[key] = number
        if self.source:
            out["source"] = self.source
        return out

    def troop_type(self, name: str, main: _Prof, profiles: list[_Prof], movement: int, rules: list[str]) -> str:
        main_type, is_char, fuzzy = _troop(_type_text(main))
        main_m = _get(main, _M_NAMES)
        # the mount: another model giving the unit its M when the main profile does not
        mounts = [] if main_m and _int(main_m[1]) == movement else [
            p for p in profiles if p is not main and (r := _get(p, _M_NAMES)) and _int(r[1]) == movement]
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
            from_rules = [_TROOP_NAMES[n] for r in rules if (n := _norm(re.sub(r"\(.*?\)", "", r))) in _TROOP_NAMES]
            if from_rules:
                result = from_rules[0]
            elif mounts:
                result = "cavalry"
                self.note(name, "troop_type", "", "no Type characteristic; a rider with a faster mount is "
                          "taken as cavalry")
            else:
                result = "other"
                self.note(name, "troop_type", "", "no Type characteristic nor troop-type rule; troop_type "
                          "set to 'other'")
        if result == "infantry" and is_char:
            result = "character"
        if fuzzy:
            self.note(name, "troop_type", fuzzy, f"read as {result!r}")
        return result


#: troop type of a model on foot riding a mount of the given type (8th edition, "Troop Types")
_RIDDEN = {"war_beast": "cavalry", "monstrous_beast": "monstrous_cavalry", "cavalry": "cavalry",
           "monster": "monster", "swarm": "other"}


def _type_text(prof: _Prof) -> str:
    got = _get(prof, _TYPE_NAMES)
    return got[1] if got else ""


def import_catalogue(path: str | Path, system: str | Path | None = None) -> ImportResult:
    """Read a BattleScribe catalogue into Warhammer unit profiles.

    Parameters
    ----------
    path : str or Path
        A ``.cat`` army catalogue (or a ``.gst`` game system, whose own unit
        entries are then read), plain XML or zipped (``.catz``).
    system : str or Path, optional
        The ``.gst`` game-system file the catalogue belongs to. It resolves
        links to rules and profiles defined in the game system, and
        characteristic names given only by type id.

    Returns
    -------
    ImportResult
        ``profiles`` (list of dicts in the Warhammer profile format),
        ``unmapped_rules`` (rule name -> count), ``problems`` (per-unit messages
        naming the unit and the field). One bad unit never stops the others.

    Raises
    ------
    InputError
        When a file is missing or not XML, its root element is not a
        BattleScribe catalogue / game system, or the catalogue holds no unit
        entry with a characteristic profile at all.

    References
    ----------
    BattleScribe data format (``catalogueSchema``, ``gameSystemSchema``), as
    used by the community Warhammer Fantasy Battle 7th/8th edition data.
    Troop types: Warhammer 8th edition rulebook, "Troop Types"; 7th edition
    rulebook, "Troop Types".
    """
    index = _Index()
    result = ImportResult()
    if system is not None:
        attrs, _ = _stream(Path(system), index, ("gameSystem",))
        result.game_system = attrs.get("name", "")
        system_id = attrs.get("id")
    else:
        system_id = None
    attrs, units = _stream(Path(path), index, ("catalogue", "gameSystem"))
    result.catalogue = attrs.get("name", Path(path).stem)
    if system_id and attrs.get("gameSystemId") and attrs.get("gameSystemId") != system_id:
        result.problems.append(Problem("(catalogue)", "gameSystemId", attrs.get("gameSystemId", ""),
                                       f"the catalogue belongs to another game system than {result.game_system!r}",
                                       False))
    assembler = _Assembler(index, f"{result.catalogue} (BattleScribe)", result)
    seen_ids: set[str] = set()
    names: Counter[str] = Counter()
    for entry in units:
        if entry.id in seen_ids:
            continue
        seen_ids.add(entry.id)
        prof = assembler.build(entry)
        if prof is None:
            continue
        if any(p == prof for p in result.profiles):
            continue
        names[prof["name"]] += 1
        if names[prof["name"]] > 1:
            new = f"{prof['name']} ({names[prof['name']]})"
            result.problems.append(Problem(prof["name"], "name", prof["name"],
                                           f"another unit has this name; written as {new!r}", False))
            prof["name"] = new
        result.profiles.append(prof)
    result.unmapped_rules = dict(sorted(assembler.unmapped.items(), key=lambda kv: (-kv[1], kv[0])))
    if not units:
        raise InputError("catalogue", str(path), "a BattleScribe catalogue with unit entries "
                         "(selectionEntry/entry of type 'unit' or 'model'); none found")
    if not result.profiles and not any(p.field != "profile" for p in result.skipped):
        raise InputError("catalogue", str(path), f"a BattleScribe catalogue with characteristic profiles "
                         f"(M, Ld); none of its {len(seen_ids)} unit entries has one")
    return result


def profiles_to_toml(profiles: list[dict[str, Any]]) -> str:
    """The profiles as a TOML document of ``[[profile]]`` tables (written with ``tomli_w``)."""
    import tomli_w

    return tomli_w.dumps({"profile": profiles})


def write_profiles(profiles: list[dict[str, Any]], path: str | Path) -> Path:
    """Write profiles to a TOML file readable by the Warhammer pack (``profiles_file = "..."``).

    Raises
    ------
    FleeoddsError
        When the file cannot be written.
    """
    path = Path(path)
    try:
        path.write_text(profiles_to_toml(profiles), encoding="utf-8")
    except OSError as exc:
        raise FleeoddsError(f"{path}: cannot write the profiles: {exc}") from None
    return path
