"""Validated Hell Dorado data: fighter profiles, weapons, options and scenario sections.

Everything a player types goes through the pydantic models below
(``extra="forbid"``: a misspelt option is an error) and comes out as plain
frozen dataclasses that the exact solver and the numba kernels read. Errors are
:class:`fleeodds.errors.InputError` / :class:`fleeodds.errors.FleeoddsError`
naming the dotted field, the value and what is allowed.

Units: distances in toises (1 toise = 1 inch by default, option ``toise``),
base sizes in millimetres, damage and PV in life points.

References
----------
Hell Dorado rules digest (``shared/rules/hell_dorado.md``): §1 glossary, §2
weapon pass, §3 Fuite, §6 Attraction, §7 modelling options. Sapience rules
wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...errors import FleeoddsError, InputError, from_pydantic

DATA_DIR = Path(__file__).resolve().parent / "data"

# --------------------------------------------------------------------------- names
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
}
CAPACITY_ALLOWED = ("one of Intangible, Blocage (Blocking), Insaisissable (Elusive), Arpenteur (Strider), "
                    "Attraction x, Frappe rapide (Fast strike), Inoffensif (Harmless), Lémure (Lemure), "
                    "Esquive X (Dodge X); x/X a whole number, e.g. 'Attraction 6'")

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
STATE_ALLOWED = ("one of Mis au sol (Knocked down), Sonné (Stunned), Immobilisé (Immobilised), Blessé (Wounded), "
                 "Empoisonné (Poisoned) [negative]; Rapide (Fast), Accéléré (Accelerated) [positive]")

#: Base names -> diameter in mm. Illustrative defaults: give ``base = <mm>`` for your cards.
BASES_MM = {"petit": 30.0, "small": 30.0, "moyen": 40.0, "medium": 40.0, "grand": 50.0, "large": 50.0,
            "tres_grand": 60.0, "very_large": 60.0}
BASE_ALLOWED = ("a base name (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, "
                "tres_grand/very_large = 60 mm) or a diameter in mm from 10 to 200")


def _norm(text: str) -> str:
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
        raise InputError(fieldname, text, "a capacity with a whole number from 1 to 50, e.g. 'Attraction 6'")
    words = _norm(text).split()
    value = None
    if words and words[-1].lstrip("+").isdigit():
        value = int(words[-1].lstrip("+"))
        words = words[:-1]
    name = " ".join(words)
    for canon, (aliases, takes_value) in CAPACITIES.items():
        if name in aliases:
            if takes_value and (value is None or not 1 <= value <= 50):
                raise InputError(fieldname, text, f"'{canon} x' with a whole number x from 1 to 50, e.g. '{canon} 6'")
            if not takes_value and value is not None:
                raise InputError(fieldname, text, f"'{canon}' without a number")
            return canon, value
    raise InputError(fieldname, text, CAPACITY_ALLOWED)


def parse_state(text: Any, fieldname: str) -> tuple[str, int]:
    """State name -> ``(canonical name, kind)`` with kind 1 negative, 2 positive."""
    n = _norm(text) if isinstance(text, str) else None
    for canon, (kind, aliases) in STATES.items():
        if n in aliases:
            return canon, kind
    raise InputError(fieldname, text, STATE_ALLOWED)


# --------------------------------------------------------------------------- pydantic
class _Strict(BaseModel):
    # strict: "2" or true is not a number here; allow_inf_nan: no nan/inf positions
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True, allow_inf_nan=False)


class StateTriggerModel(_Strict):
    """A state a weapon inflicts on ``min_hits`` hits or more (card-specific, digest §7 ``state_triggers``)."""

    state: str = Field(description="state name, e.g. 'Mis au sol'")
    min_hits: int = Field(1, ge=1, le=5, description="hits needed, 1 to 5")


class WeaponModel(_Strict):
    """A weapon card: damage for 1, 2, 3, 4 and 5 hits (life points) and the states it inflicts."""

    name: str = "arme"
    damage: list[int] = Field(description="damage for 1 to 5 hits: exactly 5 whole numbers >= 0")
    states: list[StateTriggerModel] = Field(default_factory=list)

    @field_validator("damage")
    @classmethod
    def _five(cls, v):
        if len(v) != 5 or any(not 0 <= x <= 30 for x in v):
            raise ValueError("expected exactly 5 whole numbers from 0 to 30 (damage for 1, 2, 3, 4 and 5 hits)")
        return v


class FighterModel(_Strict):
    """A fighter profile (card values entered by the player).

    ``cbt`` is a whole number of melee dice or ``"-"`` / ``"–"`` (cannot fight).
    ``def`` is the target number to hit (1 to 6), ``pro`` the protection,
    ``pv`` the life points (current life points when wounded), ``mou`` the
    movement in toises, ``base`` a base name or diameter in mm.
    """

    name: str = "combattant"
    profile: str | None = None
    mou: float = Field(4.0, ge=0, le=30, description="movement in toises")
    cbt: int | str = Field(3, description="melee dice (0 to 10) or '-' for CBT –")
    def_: int = Field(4, alias="def", description="DEF: a die hits on a d6 >= DEF, 1 to 6")
    pro: int = Field(0, ge=0, le=20, description="protection, subtracted from damage")
    pv: int = Field(3, description="life points (current), 1 to 100")
    base: float | str = Field("moyen", description=BASE_ALLOWED)
    capacities: list[str] = Field(default_factory=list)
    weapons: list[WeaponModel] = Field(default_factory=list)
    # per-scenario extras
    weapon: str | None = Field(None, description="name of the weapon used (default: the first)")
    bonus_dice: int = Field(0, ge=0, le=20, description="dice from orders/capacities (Vae Victis X, CMD dice)")
    support: int = Field(0, ge=0, le=10, description="pass scenarios: number of supporters")
    x: float | None = None
    y: float | None = None
    zone: dict[str, Any] | None = None
    engaged: bool = False
    illustrative: bool = False
    notes: str = ""

    @field_validator("def_")
    @classmethod
    def _def(cls, v):
        if not 1 <= v <= 6:
            raise ValueError("expected DEF as a whole number from 1 to 6 (a die hits on a d6 >= DEF)")
        return v

    @field_validator("pv")
    @classmethod
    def _pv(cls, v):
        if not 1 <= v <= 100:
            raise ValueError("expected life points (PV) as a whole number from 1 to 100")
        return v

    @field_validator("cbt")
    @classmethod
    def _cbt(cls, v):
        if isinstance(v, str):
            if v.strip() in ("-", "–", "—", "none"):
                return "-"
            raise ValueError("expected a whole number of dice from 0 to 10, or '-' (CBT –)")
        if not 0 <= v <= 10:
            raise ValueError("expected a whole number of dice from 0 to 10, or '-' (CBT –)")
        return v

    @field_validator("base")
    @classmethod
    def _base(cls, v):
        if isinstance(v, str):
            if _norm(v).replace(" ", "_") in BASES_MM:
                return _norm(v).replace(" ", "_")
            raise ValueError("expected " + BASE_ALLOWED)
        if not 10 <= v <= 200:
            raise ValueError("expected " + BASE_ALLOWED)
        return float(v)


Edition = Literal["sapience", "asmodee", "cipher"]


class OptionsModel(_Strict):
    """Modelling options (rules digest §7). ``None`` means "the edition's default".

    Attributes (defaults)
    ---------------------
    hd_edition : "sapience" | "asmodee" | "cipher" — default "sapience"; selects dice_cap/overflow defaults.
    dice_cap : 10 | "none" — default 10 (5 rolled + 5 re-rolls); "none" for asmodee/cipher.
    overflow_auto_damage : bool — default True for sapience (1 damage per die past the 10th,
        ignores PRO, applies even with 0 hits), False for asmodee/cipher.
    reroll_policy : "always_reroll_misses" | "optional" — default always; with "optional" the
        attacker still re-rolls every miss (never worse for it), so the numbers are the same.
    pro_application : "once_per_pass_floor_0" | "per_hit" — default once per pass, floor 0.
    kill_rule : "damage >= PV" | "damage > PV" — default ">=".
    support_bonus_per_supporter : int — default 1.
    support_mode : "per_supporter" | "flat" — default per supporter.
    support_cap : int | None — default none.
    support_requires_effective : bool — default False (Inoffensif fighters support).
    cbt_dash_can_support : bool — default False.
    attacker_choice : "max_kill_or_state" | "max_kill" | "max_expected_damage" | "most_dice" | "user"
        — default "max_kill_or_state" (computed with the exact solver; ties: first listed).
    state_cancels_flee_move : bool — default True (any new state, positive or negative).
    wounded_state_cancels_flee : bool — default False; True: any non-lethal damage counts as Blessé.
    course_multiplier : float — default 2 (flee move = 2 x MOU).
    repli_move_multiplier : float — default 1.
    blocage_scope : "any_blocker_prevents_flee" | "only_from_blocker" — default any blocker;
        "only_from_blocker": the flee is impossible only if every adversary in contact has Blocage.
    intangible_vs_blocage : "blocage_prevents" | "intangible_ignores" — default blocage prevents.
    def_out_of_range : "natural" | "6_always_hits" — default natural (effective DEF >= 7 never
        hit, <= 1 always hit); only reachable with a ``def_modifier``.
    simultaneous_kill : "both_apply" | "frappe_rapide_first" — default both apply.
    no_room_move : 0 | "partial" — default 0 (no move); "partial": moves ``fuite.partial_room_toises``.
    attraction_version : "x_2007" | "D_original" — default x_2007 (lémures immune; D: not immune).
    toise : "inch" | "2.5cm" — default inch (25.4 mm), used to turn base diameters into toises.
    """

    hd_edition: Edition = "sapience"
    dice_cap: int | Literal["none"] | None = None
    overflow_auto_damage: bool | None = None
    reroll_policy: Literal["always_reroll_misses", "optional"] = "always_reroll_misses"
    pro_application: Literal["once_per_pass_floor_0", "per_hit"] = "once_per_pass_floor_0"
    kill_rule: Literal["damage >= PV", "damage > PV"] = "damage >= PV"
    support_bonus_per_supporter: int = Field(1, ge=0, le=5)
    support_mode: Literal["per_supporter", "flat"] = "per_supporter"
    support_cap: int | None = Field(None, ge=0, le=10)
    support_requires_effective: bool = False
    cbt_dash_can_support: bool = False
    attacker_choice: Literal["max_kill_or_state", "max_kill", "max_expected_damage", "most_dice", "user"] = \
        "max_kill_or_state"
    state_cancels_flee_move: bool = True
    wounded_state_cancels_flee: bool = False
    course_multiplier: float = Field(2.0, ge=0, le=5)
    repli_move_multiplier: float = Field(1.0, ge=0, le=5)
    blocage_scope: Literal["any_blocker_prevents_flee", "only_from_blocker"] = "any_blocker_prevents_flee"
    intangible_vs_blocage: Literal["blocage_prevents", "intangible_ignores"] = "blocage_prevents"
    def_out_of_range: Literal["natural", "6_always_hits"] = "natural"
    simultaneous_kill: Literal["both_apply", "frappe_rapide_first"] = "both_apply"
    no_room_move: Literal[0, "partial"] = 0
    attraction_version: Literal["x_2007", "D_original"] = "x_2007"
    toise: Literal["inch", "2.5cm"] = "inch"

    @field_validator("dice_cap")
    @classmethod
    def _cap(cls, v):
        if v not in (None, 10, "none"):
            raise ValueError("expected 10 or 'none'")
        return v


@dataclass(frozen=True)
class Options:
    """Resolved options (edition defaults applied). See :class:`OptionsModel`."""

    hd_edition: str = "sapience"
    dice_cap: int | None = 10
    overflow_auto_damage: bool = True
    reroll_policy: str = "always_reroll_misses"
    pro_application: str = "once_per_pass_floor_0"
    kill_rule: str = "damage >= PV"
    support_bonus_per_supporter: int = 1
    support_mode: str = "per_supporter"
    support_cap: int | None = None
    support_requires_effective: bool = False
    cbt_dash_can_support: bool = False
    attacker_choice: str = "max_kill_or_state"
    state_cancels_flee_move: bool = True
    wounded_state_cancels_flee: bool = False
    course_multiplier: float = 2.0
    repli_move_multiplier: float = 1.0
    blocage_scope: str = "any_blocker_prevents_flee"
    intangible_vs_blocage: str = "blocage_prevents"
    def_out_of_range: str = "natural"
    simultaneous_kill: str = "both_apply"
    no_room_move: int | str = 0
    attraction_version: str = "x_2007"
    toise: str = "inch"

    @property
    def toise_mm(self) -> float:
        return 25.4 if self.toise == "inch" else 25.0


def parse_options(data: Any, prefix: str = "options.") -> Options:
    """Validate the ``[options]`` table and apply the edition defaults."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(prefix.rstrip("."), data, "a table of options")
    try:
        m = OptionsModel.model_validate(data)
    except ValidationError as exc:
        raise from_pydantic(exc, prefix) from None
    d = m.model_dump()
    sap = d["hd_edition"] == "sapience"
    if d["dice_cap"] is None:
        d["dice_cap"] = 10 if sap else "none"
    d["dice_cap"] = None if d["dice_cap"] == "none" else 10
    if d["overflow_auto_damage"] is None:
        d["overflow_auto_damage"] = sap
    return Options(**d)


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
    illustrative: bool = False
    profile: str | None = None

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


def load_profiles(path: Path | None = None) -> dict[str, dict]:
    """Profiles of a TOML file ``[profiles.<key>]`` (default: the shipped illustrative ones).

    Returns
    -------
    dict[str, dict]
        Raw profile tables by key (validated when used).

    Raises
    ------
    FleeoddsError
        If the file cannot be read or is not valid TOML.
    """
    path = path or DATA_DIR / "illustrative_profiles.toml"
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise FleeoddsError(f"{path}: cannot read the profiles file: {exc}") from None
    profiles = data.get("profiles", {})
    if not isinstance(profiles, dict):
        raise InputError("profiles", type(profiles).__name__, "a table [profiles.<name>]")
    return profiles


_ZONE_ALLOWED = "{shape = 'disc', cx, cy, r} or {shape = 'rect', x0, y0, x1, y1} (toises, r > 0, x0 < x1, y0 < y1)"


def _zone(z: Any, fieldname: str) -> tuple:
    try:
        if z.get("shape") == "disc" and set(z) == {"shape", "cx", "cy", "r"} and float(z["r"]) > 0:
            return (0, float(z["cx"]), float(z["cy"]), float(z["r"]), 0.0)
        if z.get("shape") == "rect" and set(z) == {"shape", "x0", "y0", "x1", "y1"} \
                and float(z["x0"]) < float(z["x1"]) and float(z["y0"]) < float(z["y1"]):
            return (1, float(z["x0"]), float(z["y0"]), float(z["x1"]), float(z["y1"]))
    except (TypeError, ValueError, AttributeError):
        pass
    raise InputError(fieldname, z, _ZONE_ALLOWED)


def build_fighter(data: Any, fieldname: str, profiles: dict[str, dict], need_weapon: bool = False) -> Fighter:
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

    Raises
    ------
    InputError
        Any invalid field; unknown profile, capacity, state or weapon name.
    """
    if not isinstance(data, dict):
        raise InputError(fieldname, data, "a table of fighter fields (or profile = '<name>')")
    merged: dict[str, Any] = {}
    if "profile" in data:
        key = data["profile"]
        if not isinstance(key, str) or key not in profiles:
            raise InputError(f"{fieldname}.profile", key, "one of " + ", ".join(sorted(profiles)))
        merged.update(profiles[key])
        merged.setdefault("name", key)
    merged.update(data)
    try:
        m = FighterModel.model_validate(merged)
    except ValidationError as exc:
        raise from_pydantic(exc, fieldname + ".") from None
    caps: dict[str, int | None] = {}
    for i, c in enumerate(m.capacities):
        name, value = parse_capacity(c, f"{fieldname}.capacities.{i}")
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
                             "one of " + (", ".join(repr(w.name) for w in weapons) or "(no weapons defined)"))
        weapon = found[0]
    elif weapons:
        weapon = weapons[0]
    cbt = None if m.cbt == "-" else int(m.cbt)
    if need_weapon and cbt is not None and weapon is None:
        raise InputError(f"{fieldname}.weapons", [], "at least one weapon {name, damage = [5 values]} "
                                                     "for a fighter with attack dice")
    base_mm = BASES_MM[m.base] if isinstance(m.base, str) else float(m.base)
    zone = _zone(m.zone, f"{fieldname}.zone") if m.zone is not None else None
    return Fighter(name=m.name, mou=float(m.mou), cbt=cbt, def_=m.def_, pro=m.pro, pv=m.pv, base_mm=base_mm,
                   capacities=caps, weapon=weapon, bonus_dice=m.bonus_dice, support=m.support, x=m.x, y=m.y,
                   zone=zone, engaged=m.engaged, illustrative=m.illustrative, profile=m.profile)


def check_keys(data: dict, allowed: set[str], fieldname: str) -> None:
    """Raise on an unknown key of a plain table."""
    for k in data:
        if k not in allowed:
            raise InputError(f"{fieldname}{k}", data[k], "one of the documented fields: " + ", ".join(sorted(allowed)))
