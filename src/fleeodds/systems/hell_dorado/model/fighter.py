"""Fighters: the pydantic fighter and weapon tables, profiles, and the resolved :class:`Fighter`.

Everything a player types goes through the pydantic models
(:class:`fleeodds.validation.StrictModel`: a misspelt field is an error, ``"2"`` or ``true`` is
not a number, NaN and infinities are refused) and comes out as frozen dataclasses. Errors are
:class:`fleeodds.errors.InputError` naming the dotted field, the value and what is allowed.

Units: distances in toises (1 toise = 1 inch by default, option ``toise``), base sizes in
millimetres, damage and PV in life points.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, WithJsonSchema, field_validator

from ....errors import InputError, short_repr
from ....files import read_toml
from ....language import Message, N_
from ....validation import merge_profile, not_modelled, validate
from .fields import BASE_SCHEMA, CBT_MAX, CBT_SCHEMA, ZONE_SCHEMA, F, HDModel
from .names import (
    BASE_ALLOWED,
    BASES_MM,
    ZONE_ALLOWED,
    normalise,
    parse_capacity,
    parse_state,
)

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class StateTriggerModel(HDModel):
    """A state a weapon inflicts on ``min_hits`` hits or more (card-specific, digest §7 ``state_triggers``)."""

    model_config = ConfigDict(title=N_("State trigger"), json_schema_extra={"description": N_(
        "A state a weapon inflicts on ``min_hits`` hits or more (card-specific, digest §7 ``state_triggers``).")})

    state: str = F(..., N_("State"),
                   N_("State inflicted, e.g. 'Mis au sol' (Knocked down): one of Mis au sol (Knocked down), Sonné "
                      "(Stunned), Immobilisé (Immobilised), Blessé (Wounded), Empoisonné (Poisoned) [negative]; "
                      "Rapide (Fast), Accéléré (Accelerated) [positive]"))
    min_hits: int = F(1, N_("Hits needed"), N_("The state is inflicted on this many hits or more (1 to 5)."),
                      unit="hits", ge=1, le=5)


class WeaponModel(HDModel):
    """A weapon card: damage for 1, 2, 3, 4 and 5 hits (life points) and the states it inflicts."""

    model_config = ConfigDict(title=N_("Weapon"), json_schema_extra={"description": N_(
        "A weapon card: damage for 1, 2, 3, 4 and 5 hits (life points) and the states it inflicts.")})

    name: str = F("arme", N_("Weapon name"), N_("Name of the weapon (to pick it with 'weapon')."))
    damage: list[int] = F(..., N_("Damage table"),
                          N_("Damage (PV) for 1, 2, 3, 4 and 5 hits: exactly 5 whole numbers from 0 to 30."),
                          unit="PV", minItems=5, maxItems=5, items={"type": "integer", "minimum": 0, "maximum": 30})
    states: list[StateTriggerModel] = F(None, N_("States inflicted"),
                                        N_("States the weapon inflicts on a number of hits, e.g. [{state = 'Mis au "
                                           "sol', min_hits = 3}] (at most 4)."),
                                        default_factory=list)

    @field_validator("damage")
    @classmethod
    def _five(cls, v):
        if len(v) != 5 or any(not 0 <= x <= 30 for x in v):
            raise ValueError(Message(N_("exactly 5 whole numbers from 0 to 30 (damage for 1, 2, 3, 4 and 5 hits)")))
        return v


class FighterModel(HDModel):
    """A fighter profile (card values entered by the player) and its place in the scenario.

    ``cbt`` is a whole number of melee dice or ``"-"`` / ``"–"`` (cannot fight).
    ``def`` is the target number to hit (1 to 6), ``pro`` the protection,
    ``pv`` the life points (current life points when wounded), ``mou`` the
    movement in toises, ``base`` a base name or diameter in mm.
    """

    model_config = ConfigDict(title=N_("Fighter"), json_schema_extra={"description": N_(
        "A fighter profile (card values entered by the player) and its place in the scenario.\n\n``cbt`` is a "
        "whole number of melee dice or ``\"-\"`` / ``\"–\"`` (cannot fight).\n``def`` is the target number to hit "
        "(1 to 6), ``pro`` the protection,\n``pv`` the life points (current life points when wounded), ``mou`` "
        "the\nmovement in toises, ``base`` a base name or diameter in mm.")})

    name: str = F("combattant", N_("Name"), N_("The fighter's name (names differ within a list)."))
    profile: str | None = F(None, N_("Profile"),
                            N_("Key of a profile ([profiles.<key>], shipped or from profiles_file); the fields "
                               "written here replace the profile's."))
    mou: float = F(4.0, N_("MOU (movement)"), N_("Movement in toises (Marche; Course = 2 × MOU)."), unit="toises",
                   ge=0, le=30)
    cbt: Annotated[Any, WithJsonSchema(CBT_SCHEMA)] = F(
        3, N_("CBT (melee dice)"),
        N_("Melee dice, 0 to 20, or '-' for CBT – (cannot fight). At most 5 are rolled and 5 re-rolled; with the "
           "Sapience overflow rule each die past the 10th is 1 automatic damage. Required for an attacking fighter "
           "without a profile."), unit="dice")
    def_: int = F(4, N_("DEF"),
                  N_("Defence: a die hits this fighter on a d6 >= DEF (1 to 6). Required for a target without a "
                     "profile."), alias="def", ge=1, le=6)
    pro: int = F(0, N_("PRO (protection)"), N_("Protection, subtracted from the damage of a pass."), unit="PV",
                 ge=0, le=20)
    pv: int = F(3, N_("PV (life points)"),
                N_("Current life points, 1 to 100. Required for a target without a profile."), unit="PV",
                ge=1, le=100)
    base: Annotated[Any, WithJsonSchema(BASE_SCHEMA)] = F(
        "moyen", N_("Base"),
        N_("A base name (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, tres_grand/very_large = 60 "
           "mm) or a diameter in mm from 10 to 200."), unit="mm")
    capacities: list[str] = F(None, N_("Capacities"),
                              N_("Capacities: one of Intangible, Blocage (Blocking), Insaisissable (Elusive), "
                                 "Arpenteur (Strider), Attraction x, Frappe rapide (Fast strike), Inoffensif "
                                 "(Harmless), Lémure (Lemure), Esquive X (Dodge X), Discrétion (Stealth); x/X a "
                                 "whole number, e.g. 'Attraction 6'. Esquive X (X from 1 to 6) is used when the "
                                 "fighter is charged in a passe (passe.charge = true). Insaisissable and Arpenteur "
                                 "are refused: their rules text could not be found."),
                              default_factory=list)
    weapons: list[WeaponModel] = F(None, N_("Weapons"), N_("Weapon cards (damage for 1 to 5 hits, states)."),
                                   default_factory=list)
    # per-scenario extras
    weapon: str | None = F(None, N_("Weapon used"), N_("Name of the weapon used (default: the first)."))
    bonus_dice: int = F(0, N_("Bonus dice"),
                        N_("Extra attack dice from orders or capacities (Vae Victis X, CMD dice), 0 to 20."),
                        unit="dice", ge=0, le=20)
    support: int = F(0, N_("Soutien"),
                     N_("Passe only: number of fighters giving soutien to this one (0 to 10). In a Fuite the soutien "
                        "comes from the other adversaries listed."), ge=0, le=10)
    x: float | None = F(None, N_("x"),
                        N_("Attraction, or a placed Fuite: position of the base centre (toises, -1000000 to 1000000)."),
                        unit="toises", ge=-1e6, le=1e6)
    y: float | None = F(None, N_("y"),
                        N_("Attraction, or a placed Fuite: position of the base centre (toises, -1000000 to 1000000)."),
                        unit="toises", ge=-1e6, le=1e6)
    zone: Annotated[dict[str, Any] | None, WithJsonSchema(ZONE_SCHEMA)] = F(
        None, N_("Deployment zone"),
        N_("Attraction adversaries: drawn uniformly at random in {shape = 'disc', cx, cy, r} or {shape = 'rect', x0, "
           "y0, x1, y1} (toises, r > 0, x0 < x1, y0 < y1)"), unit="toises")
    engaged: bool | None = F(None, N_("Engaged"),
                             N_("Attraction: already engaged (in contact with an enemy) at the start. Passe with "
                                "charge = true: a defender already engaged cannot use Esquive X. Left out: false, "
                                "except in a Fuite, whose fighters are engaged by definition (true; false is refused "
                                "there)."))
    state: Literal["", "Mis au sol", "Immobilisé"] = F(
        "", N_("Current state"),
        N_("A state the fighter already has that forbids Esquive X: 'Mis au sol' (Knocked down) or 'Immobilisé' "
           "(Immobilised); default '' (none). Used for the defender of a passe with charge = true."))
    illustrative: bool = F(False, N_("Illustrative"), N_("Marks values that are not official card values."))
    notes: str = F("", N_("Notes"), N_("Free text."))

    @field_validator("def_")
    @classmethod
    def _def(cls, v):
        if not 1 <= v <= 6:
            raise ValueError(Message(N_("DEF as a whole number from 1 to 6 (a die hits on a d6 >= DEF)")))
        return v

    @field_validator("pv")
    @classmethod
    def _pv(cls, v):
        if not 1 <= v <= 100:
            raise ValueError(Message(N_("life points (PV) as a whole number from 1 to 100")))
        return v

    @field_validator("cbt")
    @classmethod
    def _cbt(cls, v):
        msg = Message(N_("a whole number of dice from 0 to {most}, or '-' (CBT –)"), most=CBT_MAX)
        if isinstance(v, str):
            if v.strip() in ("-", "–", "—", "none"):
                return "-"
            raise ValueError(msg)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= CBT_MAX:
            raise ValueError(msg)
        return v

    @field_validator("base")
    @classmethod
    def _base(cls, v):
        if isinstance(v, str):
            if normalise(v).replace(" ", "_") in BASES_MM:
                return normalise(v).replace(" ", "_")
            raise ValueError(BASE_ALLOWED)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 10 <= v <= 200:
            raise ValueError(BASE_ALLOWED)
        return float(v)


# --------------------------------------------------------------------------- resolved fighters
@dataclass(frozen=True)
class Weapon:
    """A resolved weapon: ``damage[h - 1]`` life points for ``h`` hits; ``states``: (name, kind, min_hits)."""

    name: str
    damage: tuple[int, int, int, int, int]
    states: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True)
class Fighter:
    """A resolved fighter. ``cbt`` is ``None`` for CBT –; ``base_mm`` the base diameter in mm."""

    name: str
    mou: float
    cbt: int | None
    def_: int
    pro: int
    pv: int
    base_mm: float
    capacities: dict[str, int | None]
    weapon: Weapon | None
    bonus_dice: int = 0
    support: int = 0
    x: float | None = None
    y: float | None = None
    zone: tuple | None = None
    engaged: bool = False
    state: str = ""
    illustrative: bool = False
    profile: str | None = None
    #: Fields set in the scenario or its profile (the rest are defaults), to refuse inputs with no effect.
    given: frozenset = field(default=frozenset(), compare=False, repr=False)

    def has(self, capacity: str) -> bool:
        return capacity in self.capacities

    def describe(self) -> dict[str, Any]:
        d = {"name": self.name, "MOU": self.mou, "CBT": "-" if self.cbt is None else self.cbt, "DEF": self.def_,
             "PRO": self.pro, "PV": self.pv, "base_mm": self.base_mm,
             "capacities": [k if v is None else f"{k} {v}" for k, v in self.capacities.items()]}
        if self.weapon:
            d["weapon"] = {"name": self.weapon.name, "damage": list(self.weapon.damage),
                           "states": [{"state": s, "min_hits": h} for s, _, h in self.weapon.states]}
        if self.bonus_dice:
            d["bonus_dice"] = self.bonus_dice
        if self.profile:
            d["profile"] = self.profile
        if self.illustrative:
            d["illustrative"] = True
        return d


def load_profiles(path: Path | None = None, field: str = "profiles_file") -> dict[str, dict]:
    """Profiles of a TOML file ``[profiles.<key>]`` (default: the shipped illustrative ones).

    Parameters
    ----------
    path : pathlib.Path, optional
        The file, read with :func:`fleeodds.files.read_toml` (a folder, a device, a
        pipe, a non-UTF-8 or an over-large file is a one-line error).
    field : str
        Field named in error messages.

    Returns
    -------
    dict[str, dict]
        Raw profile tables by key (validated when used).

    Raises
    ------
    FleeoddsError
        If the file cannot be read, is not valid TOML, or ``profiles`` / a profile is not a table.
    """
    path = path or DATA_DIR / "illustrative_profiles.toml"
    data = read_toml(path, field)
    profiles = data.get("profiles", {})
    if not isinstance(profiles, dict):
        raise InputError(f"{path}: profiles", short_repr(profiles), Message(N_("a table [profiles.<name>]")))
    for key, prof in profiles.items():
        if not isinstance(prof, dict):
            raise InputError(f"{path}: profiles.{key}", short_repr(prof), Message(N_("a table of fighter fields")))
    return profiles


_ZONE_KEYS = {"disc": ("shape", "cx", "cy", "r"), "rect": ("shape", "x0", "y0", "x1", "y1")}


def _zone(z: Any, fieldname: str) -> tuple:
    """A zone table as ``(kind, a, b, c, d)``: disc ``(0, cx, cy, r, 0)``, rect ``(1, x0, y0, x1, y1)``.

    Raises
    ------
    InputError
        For another shape, missing or extra keys, a number that is not a finite
        number (NaN, infinite, a boolean, a text), ``r <= 0``, ``x0 >= x1`` or ``y0 >= y1``.
    """
    shape = z.get("shape") if isinstance(z, dict) else None
    keys = _ZONE_KEYS.get(shape) if isinstance(shape, str) else None
    if keys is None or set(z) != set(keys):
        raise InputError(fieldname, short_repr(z), ZONE_ALLOWED)
    nums = []
    for k in keys[1:]:
        v = z[k]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
            raise InputError(f"{fieldname}.{k}", short_repr(v),
                             Message(N_("a finite number of toises (no nan, inf or true)")))
        nums.append(float(v))
    if shape == "disc" and nums[2] > 0:
        return (0, nums[0], nums[1], nums[2], 0.0)
    if shape == "rect" and nums[0] < nums[2] and nums[1] < nums[3]:
        return (1, *nums)
    raise InputError(fieldname, short_repr(z), ZONE_ALLOWED)


#: Capacities fleeodds knows but does not model (refused by name): the Attraction texts grant them
#: without defining them, and their rules text could not be found (see docs/hell_dorado.md).
NOT_MODELLED_CAPACITIES = {
    "Insaisissable": Message(N_("Insaisissable (Elusive): its rules text could not be found (the Attraction texts "
                                "grant it without defining it), so fleeodds does not guess its effect")),
    "Arpenteur": Message(N_("Arpenteur (Strider): its rules text could not be found (the Attraction texts grant it "
                            "without defining it), so fleeodds does not guess its effect")),
}
#: Esquive X: a 1d6 <= X, so X from 1 to 6 (6: always).
ESQUIVE_MAX = 6
#: Fighter fields that select or describe, not card values.
_META = {"name", "notes", "illustrative"}


def build_fighter(data: Any, fieldname: str, profiles: dict[str, dict], need_weapon: bool = False,
                  required: tuple[str, ...] = ()) -> Fighter:
    """Validate one fighter table, merged over ``profiles[data["profile"]]`` when given.

    Parameters
    ----------
    data : dict
        Fighter fields (see :class:`FighterModel`), optionally ``profile = "<key>"``.
    fieldname : str
        Dotted name used in error messages, e.g. ``"adversaries.0"``.
    profiles : dict
        Available profiles (shipped illustrative + the scenario's ``profiles_file``).
    need_weapon : bool
        Require a weapon when the fighter has attack dice.
    required : tuple of str
        Fields the scenario needs when no profile is given (e.g. ``("def", "pv")``).

    Raises
    ------
    InputError
        Any invalid field (one line, never a ``TypeError``): a table of the wrong
        shape, an empty table, an unknown profile, capacity, state or weapon name,
        a capacity not modelled (Insaisissable, Arpenteur), Esquive X above 6, a capacity
        given twice (``["Esquive 2", "Esquive 4"]``: which X applies would be a guess).
    """
    if not isinstance(data, dict):
        raise InputError(fieldname, short_repr(data), Message(N_("a table of fighter fields (or profile = '<name>')")))
    if not profiles or not isinstance(profiles, dict):
        profiles = {}
    if "profile" in data:
        key = data["profile"]
        names = ", ".join(sorted(map(str, profiles))) or Message(N_("(no profiles)"))
        if not isinstance(key, str) or key not in profiles:
            raise InputError(f"{fieldname}.profile", short_repr(key), Message(N_("one of {choices}"), choices=names))
        prof = profiles[key]
        if not isinstance(prof, dict):
            raise InputError(f"{fieldname}.profile", key,
                             Message(N_("a profile that is a table of fighter fields (profiles.{key} is {value})"),
                                     key=key, value=repr(short_repr(prof))))
        merged = merge_profile({"name": key, **prof}, data, drop=())
    else:
        if not set(data) - _META:
            raise InputError(fieldname, short_repr(data), Message(N_(
                "a profile = '<name>' or the fighter's fields (def, pv, cbt, weapons…): an empty fighter is not a "
                "default one")))
        missing = [k for k in required if k not in data]
        if missing:
            err = InputError(f"{fieldname}.{missing[0]}", None,
                             Message(N_("a value: without a profile the scenario needs {fields}"),
                                     fields=", ".join(required)))
            err.msg = Message(N_("{field}: missing; without a profile = '<name>' this scenario needs {fields}"),
                              field=f"{fieldname}.{missing[0]}", fields=", ".join(required))
            err.args = (str(err.msg),)
            raise err
        merged = dict(data)
    m = validate(FighterModel, merged, fieldname + ".")
    caps: dict[str, int | None] = {}
    for i, c in enumerate(m.capacities):
        name, value = parse_capacity(c, f"{fieldname}.capacities.{i}")
        if name in NOT_MODELLED_CAPACITIES:
            raise not_modelled(f"{fieldname}.capacities.{i}", c, NOT_MODELLED_CAPACITIES[name])
        if name == "Esquive" and value > ESQUIVE_MAX:
            raise InputError(f"{fieldname}.capacities.{i}", c,
                             Message(N_("'Esquive X' with X from 1 to 6 (the dodge succeeds on 1d6 <= X)")))
        if name in caps:
            first = [parse_capacity(d, "")[0] for d in m.capacities].index(name)
            raise InputError(f"{fieldname}.capacities.{i}", c,
                             Message(N_("each capacity once ({capacity} is already {field}: a fighter has one value "
                                        "of it, e.g. one Esquive X)"),
                                     capacity=name, field=f"{fieldname}.capacities.{first}"))
        caps[name] = value
    weapons = []
    for wi, w in enumerate(m.weapons):
        states = tuple((*parse_state(s.state, f"{fieldname}.weapons.{wi}.states.{si}.state"), s.min_hits)
                       for si, s in enumerate(w.states))
        weapons.append(Weapon(w.name, tuple(w.damage), states))
    weapon = None
    if m.weapon is not None:
        found = [w for w in weapons if w.name == m.weapon]
        if not found:
            raise InputError(f"{fieldname}.weapon", m.weapon,
                             Message(N_("one of {choices}"), choices=", ".join(repr(w.name) for w in weapons)
                                     or Message(N_("(no weapons defined)"))))
        weapon = found[0]
    elif weapons:
        weapon = weapons[0]
    cbt = None if m.cbt == "-" else int(m.cbt)
    if need_weapon and cbt is not None and weapon is None:
        raise InputError(f"{fieldname}.weapons", [],
                         Message(N_("at least one weapon {name, damage = [5 values]} for a fighter with attack dice")))
    base_mm = BASES_MM[m.base] if isinstance(m.base, str) else float(m.base)
    zone = _zone(m.zone, f"{fieldname}.zone") if m.zone is not None else None
    return Fighter(name=m.name, mou=float(m.mou), cbt=cbt, def_=m.def_, pro=m.pro, pv=m.pv, base_mm=base_mm,
                   capacities=caps, weapon=weapon, bonus_dice=m.bonus_dice, support=m.support, x=m.x, y=m.y,
                   zone=zone, engaged=bool(m.engaged), state=m.state, illustrative=m.illustrative, profile=m.profile,
                   given=frozenset(m.model_fields_set))
