"""Read BattleScribe catalogues (``.cat``, ``.gst``): units, their characteristics, rules and points.

BattleScribe is the list-building tool whose community data files describe
each army of a wargame: a game-system file (``.gst``) and one catalogue
(``.cat``) per army. This module knows the BattleScribe file format only, not
any game: it reads the unit entries of a catalogue into :class:`Unit` records
(every characteristic profile, rule name and the points cost of the unit) and
hands each one to a :class:`UnitMapping` supplied by a rules system, which
turns it into that system's unit profile (for Warhammer:
:mod:`fleeodds.systems.warhammer.list_building`).

Both schema generations found in the wild are read:

- BattleScribe 2.x: ``<selectionEntry>``, ``<characteristic name="M">6</characteristic>``,
  ``<infoLink type="rule|profile">``, ``<entryLink>``, ``<costs><cost value="…"/>``;
- BattleScribe 1.x: ``<entry points="…">``, ``<characteristic name="M" value="6"/>``,
  ``<link linkType="rule|profile|entry">``.

The file is streamed with :func:`xml.etree.ElementTree.iterparse`: each
top-level entry is read, reduced to a small record and cleared, so memory stays
bounded by the largest single entry. Zipped ``.catz``/``.gstz`` files are read too.

What a unit is
--------------
A *unit* is a top-level entry of type ``unit`` or ``model`` (the root entry
list and the shared entries). Its profiles and rules are those of the entry
itself, of its profile and rule links, and of its **mandatory** child entries
and entry links (minimum selections > 0: the rank-and-file model, a chariot's
crew, a monster's riders), depth first. Optional upgrades (champions, mounts to
choose) are not included. Conditional modifiers (``<modifier>``: "set M to 9
when…") are not applied: profiles are read as printed.

Hostile files
-------------
Files are read with :func:`fleeodds.files.read_bytes` (at most
:data:`MAX_FILE_BYTES`; folders, devices and pipes refused). A zipped file is
decompressed up to :data:`MAX_XML_BYTES`; corrupt, encrypted or
unknown-compression members, XML in an unknown encoding, a DTD (the only way to
declare entities: no external entity is fetched and no entity expanded),
elements nested deeper than :data:`MAX_XML_DEPTH` and any chain or cycle of
entry links are each one line of :class:`~fleeodds.errors.FleeoddsError`
(``bad catalogue: …``), never a traceback.
"""

from __future__ import annotations

import io
import lzma
import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterable
from xml.etree import ElementTree as ET

from ..errors import FleeoddsError, InputError, as_message, short_repr
from ..foreign import os_error_text
from ..language import Message, N_
from ..files import read_bytes

__all__ = ["Catalogue", "ImportResult", "MappedUnit", "NO_PROFILE", "Problem", "Profile", "Selection", "Unit",
           "UnitMapping",
           "import_catalogue", "map_catalogue", "normalise", "profiles_to_toml", "read_catalogue",
           "write_profiles"]

#: Largest catalogue file read, compressed or not: 64 MiB (the largest community catalogues are a few MiB).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Largest XML document decompressed from a ``.catz``/``.gstz``: 64 MiB (a zip bomb stops there).
MAX_XML_BYTES = 64 * 1024 * 1024
#: Deepest element nesting accepted (the community files nest about 15 levels).
MAX_XML_DEPTH = 256
#: :attr:`Problem.field` of a unit left out because no profile of it is usable.
NO_PROFILE = "profile"

_UNIT_TYPES = ("unit", "model")
_ENTRY_TAGS = ("selectionEntry", "entry")
_ROOT_SECTIONS = ("selectionEntries", "entries")
_SHARED_SECTIONS = ("sharedSelectionEntries", "sharedEntries")
_CHUNK = 64 * 1024
#: BattleScribe 2.03 ``subType`` of an entry that is part of a unit, never a unit by itself
_PART_SUBTYPES = ("mount", "crew")
#: a DTD is how entities are declared (XXE, "billion laughs"): no BattleScribe file has one
_DTD_MARKS = tuple("<!DOCTYPE".encode(enc) for enc in ("ascii", "utf-16-le", "utf-16-be"))


def normalise(name: str) -> str:
    """A characteristic or rule name for matching: case-folded, ``-``/``_`` as spaces, single spaces.

    >>> normalise("Cold-Blooded"), normalise("  Weapon  Skill ")
    ('cold blooded', 'weapon skill')
    """
    return " ".join(name.replace("-", " ").replace("_", " ").casefold().split())


# --------------------------------------------------------------------------- public records


def is_rule_profile(profile: "Profile") -> bool:
    """Whether a profile states a rule rather than characteristics: its profile type has
    ``kind="rule"`` (BattleScribe 2.03), or, when the game system that declares the kinds was not
    given, its type's name says so (``"Special Rule"``, ``"Rules"``)."""
    if profile.kind:
        return profile.kind == "rule"
    return "rule" in profile.type_name.casefold()



@dataclass(frozen=True)
class Problem:
    """One thing the importer could not take as it is.

    Attributes
    ----------
    unit : str
        Name of the catalogue entry (``"(catalogue)"`` for the whole file).
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
class Profile:
    """One BattleScribe profile (a model's characteristics, a weapon, a mount…).

    Attributes
    ----------
    name : str
        The profile's name.
    chars : dict of str to str
        :func:`normalise`-d characteristic name -> raw value (``""`` when empty).
    raw_names : dict of str to str
        :func:`normalise`-d name -> the name as written.
    type_name : str
        The profile type's name (``typeName``, or the game system's name of its
        ``typeId``/``profileTypeId``: ``"Model"``, ``"Weapon"``, ``"Armour"``), ``""`` when unknown.
    kind : str
        The profile type's ``kind`` (BattleScribe 2.03: ``"model"``, ``"rule"``, ``"weapon"``…), ``""``
        when the data does not say. A profile of kind ``"rule"`` (New Recruit's ``Special Rule``
        profiles) is read as a rule name, not as a characteristic profile (see :func:`is_rule_profile`).
    """

    name: str
    chars: dict[str, str]
    raw_names: dict[str, str]
    type_name: str = ""
    kind: str = ""

    @property
    def is_rule(self) -> bool:
        """Whether this profile states a rule (:func:`is_rule_profile`)."""
        return is_rule_profile(self)

    def get(self, names: Iterable[str]) -> tuple[str, str] | None:
        """(name as written, raw value) of the first characteristic among ``names`` (normalised), or None."""
        for n in names:
            if n in self.chars:
                return self.raw_names[n], self.chars[n]
        return None


@dataclass
class Unit:
    """A unit entry of a catalogue with everything it is made of.

    Attributes
    ----------
    id, name, type : str
        The entry's attributes (``type`` is ``"unit"`` or ``"model"``).
    profiles : list of Profile
        Its own, linked and mandatory children's profiles, depth first (a
        profile reached twice appears twice).
    rules : list of str
        Rule names, same order and scope.
    points : float or None
        Points cost of the unit at its minimum size: the entry's own cost (``points``
        attribute or first ``<cost>``) plus, for each mandatory part (minimum selections
        > 0: the rank-and-file model, a chariot's crew) and each default choice of a
        mandatory choice group, its cost times its minimum, depth first (a part's own
        mandatory parts multiply too). None when neither the entry nor any such part
        gives a cost. Conditional cost modifiers are not applied.
    own_points : float or None
        The entry's own cost alone (None if not given).
    min_models : int or None
        Minimum selections of the rank-and-file: the mandatory part straight under the
        unit that costs points, of type ``model`` first, then the one with the largest
        minimum; None when there is none (a single model, a chariot or a monster whose
        crew is free: the entry is the model).
    model_points : float or None
        Cost of one rank-and-file model with its own mandatory parts (None without one).
    selections : list of Selection
        The mandatory parts and default choices of the unit, depth first (the
        unit itself not included): what it carries when nothing is chosen.
    categories : list of str
        Names of the categories the entry and the root link that lists it belong to (``"Characters"``,
        ``"Core"``, ``"Lords"``), the primary one first when the data marks it.
    """

    id: str
    name: str
    type: str
    profiles: list[Profile] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    points: float | None = None
    own_points: float | None = None
    min_models: int | None = None
    model_points: float | None = None
    selections: list["Selection"] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)


@dataclass
class Selection:
    """A part a unit carries without any choice: a mandatory entry or a default choice.

    Attributes
    ----------
    name, type : str
        The entry's name and type (``"model"``, ``"upgrade"``).
    count : float
        How many the unit has at its minimum size (the minimums multiplied along the way).
    default : bool
        True when it is the default choice of a mandatory choice group (not mandatory by itself).
    profiles : list of Profile
        Its own and linked profiles (a weapon's or armour's profile, a crew's characteristics).
    """

    name: str
    type: str
    count: float
    default: bool = False
    profiles: list[Profile] = field(default_factory=list)


@dataclass
class Catalogue:
    """A catalogue read by :func:`read_catalogue`.

    Attributes
    ----------
    name : str
        The catalogue's ``name`` (or the file name).
    path : str
        The file read.
    game_system : str
        Name of the game system when one was given, else ``""``.
    units : list of Unit
        Unit entries, one per entry id, in file order.
    unresolved_links : int
        Rule or profile links of those units whose target is in neither the catalogue nor the game system.
    problems : list of Problem
        Whole-file warnings (a catalogue of another game system).
    parts : list of str
        Names of the shared ``unit``/``model`` entries read as parts of other units, not as units: in a
        file whose root lists its units by ``entryLinks`` (New Recruit, BattleScribe 2.03), a shared
        entry of type ``model`` (or ``subType`` mount or crew) that no root link reaches is a mount,
        a crew or a chariot's beasts that units link to.
    """

    name: str
    path: str
    game_system: str = ""
    units: list[Unit] = field(default_factory=list)
    unresolved_links: int = 0
    problems: list[Problem] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)


@dataclass
class MappedUnit:
    """What a :class:`UnitMapping` made of one unit.

    Attributes
    ----------
    profile : dict or None
        The unit in the rules system's profile format (with a ``name``), None when it cannot be imported.
    problems : list of Problem
        Notes and reasons for leaving it out, in order.
    unmapped_rules : list of str
        Rule names the system has no use for (one item per occurrence).
    read_rules : list of str
        Rule names the system read into the profile (as written, once each).
    not_modelled_rules : list of str
        Rule names the system knows and would need, but does not model (read, not modelled; once each).
    extra : dict
        What the system read beyond the profile (for Warhammer: points and equipment),
        kept out of the profile so that it stays a valid ``profiles_file`` entry.
    """

    profile: dict[str, Any] | None
    problems: list[Problem] = field(default_factory=list)
    unmapped_rules: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    read_rules: list[str] = field(default_factory=list)
    not_modelled_rules: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class UnitMapping:
    """How a rules system turns BattleScribe units into its unit profiles.

    Attributes
    ----------
    map_unit : callable ``(unit: Unit, source: str) -> MappedUnit``
        ``source`` names the catalogue (``"Orcs & Goblins (BattleScribe)"``).
    needs : str
        What a usable catalogue must have, for the message when no unit has it
        (``"characteristic profiles (M, Ld)"``).
    """

    map_unit: Callable[[Unit, str], MappedUnit]
    needs: str = "characteristic profiles"


@dataclass
class ImportResult:
    """What :func:`map_catalogue` made of a catalogue.

    Attributes
    ----------
    profiles : list of dict
        One dict per unit in the rules system's profile format.
    unmapped_rules : dict of str to int
        Rule name -> number of occurrences among the imported units, for rules the
        system has no use for (or does not know), most frequent first.
    problems : list of Problem
        Per-unit messages naming the unit and the field; see :attr:`skipped`.
    catalogue : str
        Name of the catalogue (``name`` attribute of the root element).
    game_system : str
        Name of the game system when ``system`` was given, else ``""``.
    unresolved_links : int
        Rule or profile links whose target is in neither the catalogue nor the game system.
    extras : list of dict
        :attr:`MappedUnit.extra` of each profile, same order as :attr:`profiles`.
    parts : list of str
        :attr:`Catalogue.parts`: shared entries read as parts of units (mounts, crews), not as units.
    read_rules : dict of str to int
        Rule name -> number of imported units that have it, for the rules the system read into its
        profiles (the counterpart of :attr:`unmapped_rules`), most frequent first.
    not_modelled_rules : dict of str to int
        Rule name -> number of imported units, for the rules the system recognises but does not model
        (read, not modelled), most frequent first.
    """

    profiles: list[dict[str, Any]] = field(default_factory=list)
    unmapped_rules: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    catalogue: str = ""
    game_system: str = ""
    unresolved_links: int = 0
    extras: list[dict[str, Any]] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    read_rules: dict[str, int] = field(default_factory=dict)
    not_modelled_rules: dict[str, int] = field(default_factory=dict)

    def with_extras(self) -> list[dict[str, Any]]:
        """Each profile merged with its :attr:`extras` (copies): what a ranking reads (points,
        equipment). Not a ``profiles_file``: write :attr:`profiles` for that."""
        out = []
        for i, p in enumerate(self.profiles):
            extra = self.extras[i] if i < len(self.extras) else {}
            out.append({**p, **{k: v for k, v in extra.items() if k not in p}})
        return out

    def part_tables(self) -> list[dict[str, Any]]:
        """The parts of the imported units (a mount, a crew, a chariot's beasts: ``extra["parts"]`` of a
        :class:`UnitMapping`), each a table naming its ``unit``: what :func:`write_profiles` writes as
        ``[[part]]`` tables beside the ``[[profile]]`` ones."""
        out = []
        for i, p in enumerate(self.profiles):
            extra = self.extras[i] if i < len(self.extras) else {}
            out += [{"unit": p["name"], **part} for part in extra.get("parts", ())]
        return out

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
        raise InputError("profile", name, Message(N_("the name of a unit imported from {catalogue}"), catalogue=self.catalogue) if self.catalogue
                         else Message(N_("the name of a unit imported from the catalogue")))


# --------------------------------------------------------------------------- streaming


@dataclass
class _Entry:
    id: str
    name: str
    type: str
    min: float
    points: float | None = None
    profiles: list[Profile] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    rule_links: list[str] = field(default_factory=list)
    profile_links: list[str] = field(default_factory=list)
    #: (target id, minimum on the link, link sits in a choice group)
    entry_links: list[tuple[str, float, bool]] = field(default_factory=list)
    children: list["_Entry"] = field(default_factory=list)
    #: the default choices of mandatory choice groups: (child entry or None, link target id, group minimum)
    defaults: list[tuple["_Entry | None", str, float]] = field(default_factory=list)
    sub_type: str = ""
    #: mandatory choice groups without a default: (options as (child entry or None, link target id), minimum)
    choices: list[tuple[list[tuple["_Entry | None", str]], float]] = field(default_factory=list)
    #: category links: (name as written or "", target id, primary)
    categories: list[tuple[str, str, bool]] = field(default_factory=list)


@dataclass
class _Index:
    rules: dict[str, str] = field(default_factory=dict)  # id -> rule name
    profiles: dict[str, Profile] = field(default_factory=dict)
    entries: dict[str, _Entry] = field(default_factory=dict)
    char_names: dict[str, str] = field(default_factory=dict)  # characteristic type id -> name
    type_names: dict[str, str] = field(default_factory=dict)  # profile type id -> name
    type_kinds: dict[str, str] = field(default_factory=dict)  # profile type id or name -> kind ("rule", "model")
    root_links: set[str] = field(default_factory=set)  # targets of the root entryLinks (the units listed)
    root_categories: dict[str, list[tuple[str, str, bool]]] = field(default_factory=dict)  # root link target -> categories
    category_names: dict[str, str] = field(default_factory=dict)  # categoryEntry id -> name


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _number(raw: str | None) -> float | None:
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def _min_selections(el: ET.Element) -> float:
    raw = el.get("minSelections")
    if raw is not None:
        return _number(raw) or 0.0
    for group in el:
        if _local(group.tag) != "constraints":
            continue
        for c in group:
            if (c.get("type") == "min" and c.get("field") == "selections"
                    and c.get("scope", "parent") == "parent"):
                return _number(c.get("value", "0")) or 0.0
    return 0.0


def _points(el: ET.Element) -> float | None:
    if el.get("points") is not None:  # BattleScribe 1.x
        return _number(el.get("points"))
    for group in el:
        if _local(group.tag) == "costs":
            for c in group:
                if _local(c.tag) == "cost":
                    return _number(c.get("value"))
    return None


def _profile(el: ET.Element, index: _Index) -> Profile:
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
            key = normalise(name)
            chars[key] = value.strip()
            raw_names[key] = name
    type_id = el.get("typeId") or el.get("profileTypeId") or ""
    type_name = el.get("typeName") or index.type_names.get(type_id, "")
    kind = index.type_kinds.get(type_id) or index.type_kinds.get(type_name, "")
    return Profile(el.get("name", ""), chars, raw_names, type_name, kind)


def _read_entry(el: ET.Element, index: _Index) -> _Entry:
    # recursion through nested entries is bounded by MAX_XML_DEPTH (checked while streaming)
    entry = _Entry(el.get("id", ""), el.get("name", ""), el.get("type", ""), _min_selections(el), _points(el))
    entry.sub_type = el.get("subType", "")
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
            _read_info_links(part, entry)
        elif tag == "infoGroups":  # BattleScribe 2.03: profiles, rules and links grouped ("Special Rules")
            _read_info_groups(part, entry, index)
        elif tag == "categoryLinks":
            entry.categories += _category_links(part)
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


def _category_links(links: ET.Element) -> list[tuple[str, str, bool]]:
    return [(c.get("name", ""), c.get("targetId", ""), c.get("primary") == "true") for c in links
            if _local(c.tag) == "categoryLink"]


def _read_info_links(links: ET.Element, entry: _Entry) -> None:
    for link in links:
        kind, target = link.get("type"), link.get("targetId", "")
        if kind == "rule":
            entry.rule_links.append(target)
        elif kind == "profile":
            entry.profile_links.append(target)


def _read_info_groups(groups: ET.Element, entry: _Entry, index: _Index) -> None:
    """``<infoGroups>``: each ``<infoGroup>`` holds profiles, rules, info links and further groups,
    read as the entry's own (nesting bounded by :data:`MAX_XML_DEPTH`)."""
    for group in groups:
        for part in group:
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
            elif tag == "infoLinks":
                _read_info_links(part, entry)
            elif tag == "infoGroups":
                _read_info_groups(part, entry, index)


def _read_group(group: ET.Element, parent: _Entry, index: _Index, mandatory: bool = True) -> None:
    """Entries inside a choice group become children (mandatory only through their own minimum).

    A group that must be chosen from (minimum selections > 0, and so are the groups around it)
    with a default entry (``defaultSelectionEntryId``, 1.x ``defaultEntryId``) records that
    entry in ``parent.defaults``, taken as many times as the group's minimum.
    """
    minimum = _min_selections(group)
    mandatory = mandatory and minimum > 0
    default = (group.get("defaultSelectionEntryId") or group.get("defaultEntryId") or "") if mandatory else ""
    options: list[tuple[_Entry | None, str]] = []
    if mandatory and not default:
        parent.choices.append((options, minimum))
    for part in group:
        tag = _local(part.tag)
        if tag in _ROOT_SECTIONS:
            for child in part:
                if _local(child.tag) in _ENTRY_TAGS:
                    entry = _read_entry(child, index)
                    parent.children.append(entry)
                    options.append((entry, ""))
                    if default and child.get("id") == default:
                        parent.defaults.append((entry, "", minimum))
        elif tag in ("selectionEntryGroups", "entryGroups"):
            for sub in part:
                _read_group(sub, parent, index, mandatory)
        elif tag in ("entryLinks", "links"):
            for link in part:
                if tag == "links" and link.get("linkType") not in ("entry", "entry group"):
                    continue
                if tag == "entryLinks":  # (1.x links in a group: only as a default choice)
                    parent.entry_links.append((link.get("targetId", ""), _min_selections(link), True))
                    options.append((None, link.get("targetId", "")))
                if default and default in (link.get("id"), link.get("targetId")):
                    parent.defaults.append((None, link.get("targetId", ""), minimum))


def _bad(path: Path, what: str | Message) -> FleeoddsError:
    return FleeoddsError(Message(N_("bad catalogue: {path!r}: {what}"), path=short_repr(str(path)), what=what))


class _Guarded(io.RawIOBase):
    """A reader of the XML bytes that stops at :data:`MAX_XML_BYTES`, refuses a DTD and turns
    archive errors (corrupt deflate data, bad CRC, encryption, unknown compression) into one line."""

    def __init__(self, raw: IO[bytes], path: Path):
        self.raw, self.path, self.total, self.tail = raw, path, 0, b""

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        n = _CHUNK if n is None or n < 0 else min(n, _CHUNK)
        try:
            data = self.raw.read(n)
        except (zlib.error, lzma.LZMAError, EOFError, OSError, zipfile.BadZipFile) as exc:
            raise _bad(self.path, Message(N_("corrupt compressed data ({error})"), error=str(exc))) from None
        except RuntimeError as exc:  # an encrypted member (zipfile asks for a password)
            raise _bad(self.path, Message(N_("unreadable zipped member ({error})"), error=str(exc))) from None
        except NotImplementedError as exc:
            raise _bad(self.path, Message(N_("unsupported zip compression ({error})"), error=str(exc))) from None
        self.total += len(data)
        if self.total > MAX_XML_BYTES:
            raise _bad(self.path, Message(N_("more than {mib} MiB of XML once unzipped"), mib=MAX_XML_BYTES // (1024 * 1024)))
        window = self.tail + data
        if any(mark in window for mark in _DTD_MARKS):
            raise _bad(self.path, Message(N_("a DTD (<!DOCTYPE …>) is not allowed: BattleScribe files declare no entities")))
        self.tail = window[-20:]
        return data

    def readinto(self, buffer) -> int:  # pragma: no cover - iterparse calls read()
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def _open(path: Path, fld: str, data: bytes | None = None) -> IO[bytes]:
    """The XML bytes of a plain or zipped BattleScribe file, guarded (see :class:`_Guarded`).

    ``data``: the file's bytes already in memory (an upload); ``path`` then only names it.
    """
    if data is None:
        data = read_bytes(path, fld, MAX_FILE_BYTES)
    elif len(data) > MAX_FILE_BYTES:
        raise InputError(fld, str(path), Message(N_("a file of at most {mib} MiB"), mib=MAX_FILE_BYTES // (1024 * 1024)))
    buffer = io.BytesIO(data)
    if not zipfile.is_zipfile(buffer):
        return _Guarded(io.BytesIO(data), path)
    try:
        archive = zipfile.ZipFile(buffer)
        names = [i for i in archive.infolist() if not i.filename.endswith("/")]
        if len(names) != 1:
            raise InputError(fld, str(path), Message(N_("a zipped BattleScribe file holding exactly one .cat/.gst")))
        info = names[0]
        if info.flag_bits & 0x1:
            raise _bad(path, Message(N_("the zipped member {name!r} is encrypted"), name=info.filename))
        if info.file_size > MAX_XML_BYTES:
            raise _bad(path, Message(N_("more than {mib} MiB of XML once unzipped"), mib=MAX_XML_BYTES // (1024 * 1024)))
        return _Guarded(archive.open(info), path)
    except (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError) as exc:
        raise _bad(path, Message(N_("corrupt zip archive ({error})"), error=str(exc))) from None
    except NotImplementedError as exc:
        raise _bad(path, Message(N_("unsupported zip compression ({error})"), error=str(exc))) from None
    except RuntimeError as exc:
        raise _bad(path, Message(N_("unreadable zipped member ({error})"), error=str(exc))) from None


def _stream(path: Path, index: _Index, expect: tuple[str, ...], fld: str,
            data: bytes | None = None) -> tuple[dict[str, str], list[tuple[_Entry, bool]]]:
    """Stream one BattleScribe file into ``index``; return root attributes and the unit entries
    (each with whether it is a shared entry).

    Raises
    ------
    FleeoddsError
        When the file is missing or unreadable, is not XML (or hostile XML), or its
        root element is not one of ``expect``.
    """
    units: list[tuple[_Entry, bool]] = []
    root_attrs: dict[str, str] = {}
    root_seen = False
    stack: list[ET.Element] = []
    try:
        with _open(path, fld, data) as fh:
            for event, el in ET.iterparse(fh, events=("start", "end")):
                if event == "start":
                    stack.append(el)
                    if len(stack) > MAX_XML_DEPTH:
                        raise _bad(path, Message(N_("elements nested more than {depth} levels deep"), depth=MAX_XML_DEPTH))
                    if len(stack) == 1:
                        root = _local(el.tag)
                        if root not in expect:
                            raise InputError(fld, str(path),
                                             Message(N_("a BattleScribe file whose root element is <{expected}> (found <{root}>)"),
                                                     expected="> or <".join(expect), root=root))
                        root_attrs = dict(el.attrib)
                        root_seen = True
                    continue
                stack.pop()
                depth = len(stack)
                if depth == 2:  # an item of a top-level section
                    section, tag = _local(stack[1].tag), _local(el.tag)
                    if tag in _ENTRY_TAGS and section in _ROOT_SECTIONS + _SHARED_SECTIONS:
                        entry = _read_entry(el, index)
                        if entry.type in _UNIT_TYPES:
                            units.append((entry, section in _SHARED_SECTIONS))
                    elif section == "entryLinks" and tag == "entryLink" and el.get("targetId"):
                        index.root_links.add(el.get("targetId"))
                        for sub in el:
                            if _local(sub.tag) == "categoryLinks":
                                index.root_categories.setdefault(el.get("targetId"), []).extend(_category_links(sub))
                    elif section in ("categoryEntries", "forceEntries", "forceTypes"):  # 1.x: inside force entries
                        for c in el.iter():
                            if _local(c.tag) in ("categoryEntry", "category") and c.get("id") and c.get("name"):
                                index.category_names.setdefault(c.get("id"), c.get("name"))
                    elif section == "links" and el.get("linkType") == "entry" and el.get("targetId"):
                        index.root_links.add(el.get("targetId"))
                    elif section == "sharedRules" and tag == "rule" and el.get("id"):
                        index.rules[el.get("id")] = el.get("name", "")
                    elif section == "sharedProfiles" and tag == "profile" and el.get("id"):
                        index.profiles[el.get("id")] = _profile(el, index)
                    elif section == "profileTypes":
                        if el.get("id"):
                            index.type_names[el.get("id")] = el.get("name", "")
                        if el.get("kind"):
                            index.type_kinds[el.get("id") or ""] = el.get("kind")
                            index.type_kinds[el.get("name", "")] = el.get("kind")
                        for c in el.iter():
                            if _local(c.tag) in ("characteristicType", "characteristic") and c.get("id"):
                                index.char_names[c.get("id")] = c.get("name", "")
                    el.clear()
                elif depth == 1:
                    el.clear()
    except ET.ParseError as exc:
        raise InputError(fld, str(path), Message(N_("a BattleScribe XML file (.cat/.gst); XML error: {error}"), error=str(exc))) from None
    except LookupError as exc:  # <?xml encoding="…"?> names an encoding Python does not know
        raise _bad(path, Message(N_("unknown character encoding ({error})"), error=str(exc))) from None
    except (UnicodeError, ValueError) as exc:
        if isinstance(exc, FleeoddsError):
            raise
        raise _bad(path, Message(N_("unreadable text ({error})"), error=str(exc))) from None
    except OSError as exc:
        raise InputError(fld, str(path), Message(N_("a readable BattleScribe file ({error})"), error=os_error_text(exc))) from None
    if not root_seen:
        raise InputError(fld, str(path), Message(N_("a BattleScribe XML file (.cat/.gst); the file is empty")))
    if not root_attrs:
        raise InputError(fld, str(path), Message(N_("a BattleScribe file whose root element has its id and name "
                                         "attributes (this one has none)")))
    return root_attrs, units


# --------------------------------------------------------------------------- assembly


def _collect(root: _Entry, index: _Index) -> tuple[list[Profile], list[str], int]:
    """Profiles, rules and unresolved links of an entry and its mandatory parts, depth first.

    Iterative (a chain of thousands of entry links cannot exhaust the stack);
    an entry reached twice (a cycle of links) is taken once.
    """
    profiles: list[Profile] = []
    rules: list[str] = []
    unresolved = 0
    seen: set[str] = set()
    todo = [root]
    while todo:
        entry = todo.pop()
        if entry.id in seen:
            continue
        seen.add(entry.id)
        for prof in entry.profiles:  # a rule stated as a profile (New Recruit's Special Rule) is a rule
            (rules.append(prof.name) if prof.is_rule else profiles.append(prof))
        rules += entry.rules
        for target in entry.profile_links:
            prof = index.profiles.get(target)
            if prof is None:
                unresolved += 1
            elif prof.is_rule:
                rules.append(prof.name)
            else:
                profiles.append(prof)
        for target in entry.rule_links:
            name = index.rules.get(target)
            if name is None:
                unresolved += 1
            else:
                rules.append(name)
        parts = [child for child in entry.children if child.min > 0]
        for target, minimum, in_group in entry.entry_links:
            linked = index.entries.get(target)
            # a link straight under the entry takes the target's own minimum too (a shared
            # "War Boar" with min 1); a link among the options of a choice group only its own
            if linked is not None and (minimum > 0 or (not in_group and linked.min > 0)):
                parts.append(linked)
        parts += [mount for mount, _ in _chosen_mounts(entry, index)]  # a mount that must be chosen
        todo.extend(reversed(parts))
    return profiles, rules, unresolved


def _chosen_mounts(entry: _Entry, index: _Index) -> list[tuple[_Entry, float]]:
    """The mount a model must ride: for each mandatory choice group of ``entry`` without a default whose
    options are all mounts (BattleScribe 2.03 ``subType="mount"``: a Grand Master's Barded Warhorse or
    Demigryph), its first option, taken as the default choice (its Movement is the unit's)."""
    out = []
    for options, minimum in entry.choices:
        found = [child if child is not None else index.entries.get(target) for child, target in options]
        if found and all(e is not None and e.sub_type == "mount" for e in found):
            out.append((found[0], minimum))
    return out


def _mandatory_parts(entry: _Entry, index: _Index) -> list[tuple[_Entry, float, bool]]:
    """``(part, minimum, is a default choice)`` of an entry: its mandatory children and entry links
    (the rule of :func:`_collect`), then the default choices of its mandatory choice groups."""
    parts = [(child, child.min, False) for child in entry.children if child.min > 0]
    for target, minimum, in_group in entry.entry_links:
        linked = index.entries.get(target)
        if linked is not None and minimum > 0:
            parts.append((linked, minimum, False))
        elif linked is not None and not in_group and linked.min > 0:
            parts.append((linked, linked.min, False))
    taken = {id(p) for p, _, _ in parts}
    for child, target, minimum in entry.defaults:
        part = child if child is not None else index.entries.get(target)
        if part is not None and id(part) not in taken:
            parts.append((part, minimum, True))
            taken.add(id(part))
    for part, minimum in _chosen_mounts(entry, index):
        if id(part) not in taken:
            parts.append((part, minimum, True))
            taken.add(id(part))
    return parts


def _walk(root: _Entry, index: _Index) -> tuple[float | None, list[tuple[_Entry, float, bool, int]]]:
    """Cost at minimum size and the parts below ``root`` as ``(entry, count, default, depth)``, depth first.

    Iterative; an entry reached twice (a cycle of links) is taken once. A count or cost
    that overflows (a hostile chain of huge minimums) makes the cost None.
    """
    total: float | None = None
    parts: list[tuple[_Entry, float, bool, int]] = []
    seen: set[int] = set()
    todo: list[tuple[_Entry, float, bool, int]] = [(root, 1.0, False, 0)]
    while todo:
        entry, count, default, depth = todo.pop()
        if id(entry) in seen:
            continue
        seen.add(id(entry))
        if depth:
            parts.append((entry, count, default, depth))
        if entry.points is not None:
            total = (total or 0.0) + entry.points * count
        below = [(p, count * m, default or d, depth + 1) for p, m, d in _mandatory_parts(entry, index)]
        todo.extend(reversed(below))
    if total is not None and not (abs(total) < float("inf")):
        total = None
    return total, parts


def _linked_profiles(entry: _Entry, index: _Index) -> list[Profile]:
    return [p for p in entry.profiles + [index.profiles[t] for t in entry.profile_links if t in index.profiles]
            if not p.is_rule]


#: Fewest models in a free mandatory part that make it a unit's rank-and-file (see :func:`_unit`).
FREE_RANK_AND_FILE = 5


def _unit(entry: _Entry, index: _Index) -> Unit:
    """A :class:`Unit` of a top-level entry (profiles and rules by :func:`_collect`, points by :func:`_walk`)."""
    profiles, rules, _ = _collect(entry, index)
    points, parts = _walk(entry, index)
    unit = Unit(entry.id, entry.name, entry.type, profiles, rules, points, entry.points)
    unit.selections = [Selection(e.name, e.type, count, default, _linked_profiles(e, index))
                       for e, count, default, _ in parts]
    links = index.root_categories.get(entry.id, []) + entry.categories
    links = [c for c in links if c[2]] + [c for c in links if not c[2]]  # the primary category first
    names = [name or index.category_names.get(target, "") for name, target, _ in links]
    unit.categories = list(dict.fromkeys(n for n in names if n))
    # the rank-and-file: a mandatory part straight under the unit that costs points (a monster's
    # free crew or a character's free mount is not), of type model first, then the most numerous
    best: tuple[bool, float] | None = None
    for e, count, default, depth in parts:
        if depth != 1 or default or count < 1 or count != int(count) or count >= 10_000:
            continue
        cost = _walk(e, index)[0]
        if not cost or cost <= 0:
            continue
        key = (e.type == "model", count)
        if best is None or key > best:
            best = key
            unit.min_models, unit.model_points = int(count), cost
    if best is None and points and points > 0:
        # the entry's own cost buys its models: a free mandatory part of at least FREE_RANK_AND_FILE
        # models (Cave Goblins: 30 pts for 10 free models) is the rank-and-file, at the entry's cost per
        # model; a smaller free part is a chariot's crew or a mount, and the unit stays one model
        free = [count for e, count, default, depth in parts
                if depth == 1 and not default and e.type == "model" and count == int(count)
                and FREE_RANK_AND_FILE <= count < 10_000 and not _walk(e, index)[0]]
        if free:
            unit.min_models = int(max(free))
            unit.model_points = points / unit.min_models
    return unit


def read_catalogue(path: str | Path, system: str | Path | None = None, *, data: bytes | None = None,
                   system_data: bytes | None = None) -> Catalogue:
    """Read the unit entries of a BattleScribe catalogue.

    Parameters
    ----------
    path : str or Path
        A ``.cat`` army catalogue (or a ``.gst`` game system, whose own unit
        entries are then read), plain XML or zipped (``.catz``).
    system : str or Path, optional
        The ``.gst`` game-system file the catalogue belongs to. It resolves
        links to rules and profiles defined in the game system, and
        characteristic names given only by type id.
    data, system_data : bytes, optional
        The bytes of the catalogue (of the game system) already in memory, e.g. a
        file uploaded to the web page; ``path`` (``system``) then only names it in
        messages and nothing is read from disk. Same limits and checks as a file.

    Returns
    -------
    Catalogue

    Raises
    ------
    FleeoddsError
        When a file is missing, unreadable or hostile (``bad catalogue: …``), not
        XML, its root element is not a BattleScribe catalogue / game system, or
        the catalogue holds no unit entry. The field is ``catalogue`` (or
        ``system`` for the game-system file).

    References
    ----------
    BattleScribe data format (``catalogueSchema``, ``gameSystemSchema``).
    """
    index = _Index()
    game_system, system_id = "", None
    if system is not None:
        attrs, _ = _stream(Path(system), index, ("gameSystem",), "system", system_data)
        game_system, system_id = attrs.get("name", ""), attrs.get("id")
    index.root_links = set()  # the catalogue's own root links (not the game system's)
    attrs, entries = _stream(Path(path), index, ("catalogue", "gameSystem"), "catalogue", data)
    cat = Catalogue(attrs.get("name", Path(path).stem), str(path), game_system)
    if system_id and attrs.get("gameSystemId") and attrs.get("gameSystemId") != system_id:
        cat.problems.append(Problem("(catalogue)", "gameSystemId", attrs.get("gameSystemId", ""),
                                    Message(N_("the catalogue belongs to another game system than {system!r}"),
                                            system=game_system), False))
    if not entries:
        raise InputError("catalogue", str(path), Message(N_("a BattleScribe catalogue with unit entries "
                         "(selectionEntry/entry of type 'unit' or 'model'); none found")))
    seen: set[str] = set()
    for entry, shared in entries:
        if entry.id in seen:
            continue
        seen.add(entry.id)
        # a file that lists its units by root entry links (New Recruit, BattleScribe 2.03) shares its
        # mounts, crews and chariot beasts as entries of type model that only units link to: parts, not units
        if shared and index.root_links and entry.id not in index.root_links and (
                entry.type == "model" or entry.sub_type in _PART_SUBTYPES):
            cat.parts.append(entry.name)
            continue
        cat.unresolved_links += _collect(entry, index)[2]
        cat.units.append(_unit(entry, index))
    if not cat.units:
        raise InputError("catalogue", str(path), Message(N_("a BattleScribe catalogue with unit entries "
                         "(selectionEntry/entry of type 'unit' or 'model'); none is listed at its root")))
    return cat


def map_catalogue(catalogue: Catalogue, mapping: UnitMapping) -> ImportResult:
    """Turn every unit of ``catalogue`` into a profile of a rules system with ``mapping``.

    Identical profiles are written once; two different units with the same name
    get ``"Name (2)"`` (a note). One bad unit never stops the others.

    Raises
    ------
    InputError
        When no unit has what the mapping needs (:attr:`UnitMapping.needs`).
    """
    result = ImportResult(catalogue=catalogue.name, game_system=catalogue.game_system,
                          unresolved_links=catalogue.unresolved_links, problems=list(catalogue.problems),
                          parts=list(catalogue.parts))
    source = f"{catalogue.name} (BattleScribe)"
    unmapped: Counter[str] = Counter()
    read: Counter[str] = Counter()
    not_modelled: Counter[str] = Counter()
    names: Counter[str] = Counter()
    for unit in catalogue.units:
        mapped = mapping.map_unit(unit, source)
        result.problems += mapped.problems
        unmapped.update(mapped.unmapped_rules)
        prof = mapped.profile
        if prof is None or any(p == prof for p in result.profiles):
            continue
        read.update(list(dict.fromkeys(mapped.read_rules)))
        not_modelled.update(list(dict.fromkeys(mapped.not_modelled_rules)))
        names[prof["name"]] += 1
        if names[prof["name"]] > 1:
            new = f"{prof['name']} ({names[prof['name']]})"
            result.problems.append(Problem(prof["name"], "name", prof["name"],
                                           Message(N_("another unit has this name; written as {name!r}"), name=new),
                                           False))
            prof["name"] = new
        result.profiles.append(prof)
        result.extras.append(dict(mapped.extra))
    result.unmapped_rules = dict(sorted(unmapped.items(), key=lambda kv: (-kv[1], kv[0])))
    result.read_rules = dict(sorted(read.items(), key=lambda kv: (-kv[1], kv[0])))
    result.not_modelled_rules = dict(sorted(not_modelled.items(), key=lambda kv: (-kv[1], kv[0])))
    if not result.profiles and not any(p.field != NO_PROFILE for p in result.skipped):
        raise InputError("catalogue", catalogue.path, Message(N_("a BattleScribe catalogue with {needs}; none of its {n} unit entries has one"),
                                 needs=as_message(mapping.needs), n=len(catalogue.units)))
    return result


def import_catalogue(path: str | Path, system: str | Path | None = None, *,
                     mapping: UnitMapping) -> ImportResult:
    """:func:`read_catalogue` then :func:`map_catalogue` with a rules system's ``mapping``."""
    return map_catalogue(read_catalogue(path, system), mapping)


def profiles_to_toml(profiles: list[dict[str, Any]], parts: list[dict[str, Any]] | None = None) -> str:
    """The profiles as a TOML document of ``[[profile]]`` tables (written with ``tomli_w``), then the
    units' parts (:meth:`ImportResult.part_tables`) as ``[[part]]`` tables when there are some."""
    import tomli_w

    doc: dict[str, Any] = {"profile": profiles}
    if parts:
        doc["part"] = parts
    return tomli_w.dumps(doc)


def write_profiles(profiles: list[dict[str, Any]], path: str | Path, parts: list[dict[str, Any]] | None = None) -> Path:
    """Write profiles to a TOML file of ``[[profile]]`` tables (a ``profiles_file``), with the units'
    parts as ``[[part]]`` tables (a mount, a crew, each naming its ``unit``; a ``profiles_file`` reader
    takes the profiles only).

    Raises
    ------
    FleeoddsError
        When the file cannot be written.
    """
    path = Path(path)
    try:
        path.write_text(profiles_to_toml(profiles, parts), encoding="utf-8")
    except OSError as exc:
        raise FleeoddsError(Message(N_("{path}: cannot write the profiles: {error}"), path=str(path),
                                    error=os_error_text(exc))) from None
    return path
