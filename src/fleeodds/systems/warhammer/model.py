"""Validated Warhammer scenario: units, combat, table and rules options.

Every open question of the rules digest (shared/rules/warhammer.md §4) is a
field of :class:`Options`; ``None`` means "the edition's default", resolved in
:mod:`fleeodds.systems.warhammer.resolve`.

Units: distances in inches, Leadership and Movement as on the unit profile.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...dice import parse as parse_dice
from ...errors import InputError

EDITIONS = ("6th", "7th", "8th", "tow", "starter")
EDITION_ALIASES = {"6": "6th", "7": "7th", "8": "8th", "the_old_world": "tow", "old_world": "tow",
                   "skull_pass": "starter", "col_du_crane": "starter"}
RULES = ("swiftstride", "fast_cavalry", "fly", "stubborn", "unbreakable", "immune_to_psychology",
         "frenzy", "cold_blooded", "fear", "terror", "steadfast")
TROOP_TYPES = ("infantry", "cavalry", "monstrous_infantry", "monstrous_cavalry", "monstrous_beast",
               "war_beast", "monster", "chariot", "swarm", "war_machine", "character", "other")
SITUATIONS = ("break", "fleeing", "charge_fleeing", "flee_reaction")

DATA = Path(__file__).with_name("data")


class _Strict(BaseModel):
    # strict: "2" or true is not a number here; allow_inf_nan: no nan/inf distances
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


def _dice_field(v, field):
    if v is None:
        return v
    parse_dice(v, field=field)
    return str(v)


class UnitProfile(_Strict):
    """A unit's profile: the characteristics that matter to break, flee, pursuit and rally.

    ``movement`` (M) in inches, 0 to 20; ``leadership`` (Ld) 0 to 10.
    """

    name: str = Field(min_length=1)
    movement: int = Field(ge=0, le=20, description="M, inches")
    leadership: int = Field(ge=0, le=10, description="Ld")
    troop_type: Literal[TROOP_TYPES] = "infantry"  # type: ignore[valid-type]
    rules: tuple[str, ...] = Field(default=(), strict=False)  # TOML lists become tuples
    weapon_skill: Optional[int] = Field(default=None, ge=0, le=10)
    ballistic_skill: Optional[int] = Field(default=None, ge=0, le=10)
    strength: Optional[int] = Field(default=None, ge=0, le=10)
    toughness: Optional[int] = Field(default=None, ge=0, le=10)
    wounds: Optional[int] = Field(default=None, ge=0, le=20)
    initiative: Optional[int] = Field(default=None, ge=0, le=10)
    attacks: Optional[int] = Field(default=None, ge=0, le=20)
    source: str = ""

    @field_validator("rules")
    @classmethod
    def _known_rules(cls, v):
        for r in v:
            if r not in RULES:
                raise ValueError(f"unknown special rule {r!r}; expected any of {', '.join(RULES)}")
        return tuple(v)

    def has(self, rule: str) -> bool:
        return rule in self.rules


class UnitRef(_Strict):
    """A unit in the scenario: a shipped/loaded ``profile`` by name, inline fields, or both (fields override)."""

    profile: Optional[str] = None
    name: Optional[str] = None
    movement: Optional[int] = Field(default=None, ge=0, le=20)
    leadership: Optional[int] = Field(default=None, ge=0, le=10)
    troop_type: Optional[Literal[TROOP_TYPES]] = None  # type: ignore[valid-type]
    rules: Optional[tuple[str, ...]] = Field(default=None, strict=False)
    extra_rules: tuple[str, ...] = Field(default=(), strict=False)
    models_start: int = Field(default=20, ge=1, le=1000, description="models at the start of the battle")
    models_left: Optional[int] = Field(default=None, ge=1, le=1000, description="models now (default: all)")
    musician: bool = False
    general_leadership: Optional[int] = Field(default=None, ge=0, le=10,
                                              description="Ld of a General in range (used if higher)")
    battle_standard: bool = Field(default=False, description="Battle Standard Bearer in range")

    @model_validator(mode="after")
    def _models(self):
        if self.models_left is not None and self.models_left > self.models_start:
            raise ValueError(f"models_left ({self.models_left}) cannot exceed models_start ({self.models_start})")
        for r in (self.rules or ()) + self.extra_rules:
            if r not in RULES:
                raise ValueError(f"unknown special rule {r!r}; expected any of {', '.join(RULES)}")
        return self


class Combat(_Strict):
    """The lost combat (situation ``break``)."""

    margin: int = Field(default=1, ge=1, le=30, description="combat result: winner's score minus loser's")
    steadfast: bool = Field(default=False, description="8th: the loser has more ranks (tests on unmodified Ld)")
    fear_outnumbered: bool = Field(default=False,
                                   description="6th/7th: loser outnumbered by Fear-causing winners (auto-break)")
    outnumbered_two_to_one: bool = Field(default=False, description="TOW: winner's US more than twice the loser's")


class Table(_Strict):
    """Geometry along the flee line (1-D, head-on), inches."""

    gap: float = Field(default=0.0, ge=0, le=200, description="gap between the units before the flee move")
    edge_distance: Optional[float] = Field(default=None, gt=0, le=200,
                                           description="distance to the table edge along the flee line")
    max_turns: int = Field(default=0, ge=0, le=50, description="turns of rally tests after the pursuit")
    chaser_keeps_charging: bool = Field(default=False,
                                        description="the pursuer charges the fleeing unit each enemy turn")
    first_turn: Literal["fleeing_side", "enemy"] = Field(
        default="fleeing_side", description="whose turn comes first after the break")


class Options(_Strict):
    """Rules options of the digest (§4). ``None`` = the edition's default."""

    tie_rule: Literal[">=", ">"] = ">="
    flee_roll: Optional[str] = None
    pursuit_roll: Optional[str] = None
    swiftstride_8th_roll: Literal["3D6dl", "2D6"] = "3D6dl"
    insane_courage: Optional[bool] = None
    ld_double1_passes: Optional[bool] = None
    ld_double6_fails: Optional[bool] = None
    bsb_reroll: Optional[Literal["none", "break_only", "any_failed_ld"]] = None
    tow_bsb_break_reroll_policy: Literal["reroll_break_only", "reroll_break_or_fall_back", "never"] = \
        "reroll_break_only"
    cold_blooded_scope: Optional[Literal["all_ld", "fear_panic_terror"]] = None
    cold_blooded_double1: Literal["kept_pair", "none"] = "kept_pair"
    steadfast_uses_general_ld: bool = True
    musician_rally_bonus: Optional[int] = Field(default=None, ge=0, le=1)
    pursuer_restrains: Literal[False, "ld_test", "always"] = False
    catch_vs_edge_order: Literal["catch_first", "edge_first"] = "catch_first"
    edge_contact: Literal["touch", "leave"] = "touch"
    rally_casualty_rule: Optional[Literal["6th", "7th", "8th", "tow", "none"]] = None
    tow_fall_back_outnumbered_breaks: bool = True
    tow_swiftstride_use: Literal["always", "never"] = "always"
    tow_stubborn_falls_back: bool = True
    charge_reach: Optional[str] = Field(default=None, description="dice added to M for a charge, e.g. '2D6'")
    failed_charge_move_8th: Literal["highest_die", "movement"] = "highest_die"
    chaser_move_out_of_range: Literal["march", "move", "none"] = "march"
    geometry: Literal["1d_head_on"] = "1d_head_on"

    @field_validator("flee_roll", "pursuit_roll", "charge_reach")
    @classmethod
    def _dice(cls, v, info):
        v = _dice_field(v, f"options.{info.field_name}")
        if v is not None and parse_dice(v).min_value < 0:  # a distance: "-2d6" or "2d6-20" is no roll
            raise ValueError("expected a roll that cannot be negative (distances in inches)")
        return v


class ScenarioModel(_Strict):
    """A Warhammer scenario file (``system = "warhammer"``)."""

    system: Literal["warhammer"] = "warhammer"
    title: str = ""
    description: str = ""
    edition: str = "7th"
    situation: Literal[SITUATIONS] = "break"  # type: ignore[valid-type]
    profiles_file: Optional[str] = None
    fleeing: UnitRef
    pursuer: UnitRef
    combat: Combat = Combat()
    table: Table = Table()
    options: Options = Options()
    compare: Optional[dict] = Field(default=None, description="variants to compare: {label: {field: value}}")

    @field_validator("edition", mode="before")
    @classmethod
    def _edition(cls, v):
        if not isinstance(v, str):
            raise ValueError(f"expected one of {', '.join(EDITIONS)} (a string)")
        key = v.strip().lower().replace(" ", "_")
        key = EDITION_ALIASES.get(key, key)
        if key not in EDITIONS:
            raise ValueError(f"unknown edition; expected one of {', '.join(EDITIONS)}")
        return key


@lru_cache(maxsize=16)
def _read_profiles(path: str) -> dict[str, dict]:
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("profiles_file", path, "an existing TOML file of [[profile]] tables") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError("profiles_file", path, f"valid TOML ({exc})") from None
    out = {}
    for p in data.get("profile", []):
        if isinstance(p, dict) and "name" in p:
            out[str(p["name"]).casefold()] = p
    return out


def shipped_profiles() -> dict[str, dict]:
    """Profiles shipped in ``data/profiles.toml``: ``{casefolded name: raw dict}``."""
    return _read_profiles(str(DATA / "profiles.toml"))


def resolve_unit(ref: UnitRef, role: str, profiles_file: Path | None) -> UnitProfile:
    """Merge a :class:`UnitRef` with its named profile and validate the result.

    Raises
    ------
    InputError
        Unknown profile name, or a missing movement/leadership for an inline unit.
    """
    base: dict = {}
    if ref.profile is not None:
        pools = [_read_profiles(str(profiles_file))] if profiles_file else []
        pools.append(shipped_profiles())
        for pool in pools:
            if ref.profile.casefold() in pool:
                base = dict(pool[ref.profile.casefold()])
                break
        else:
            names = sorted({p["name"] for pool in pools for p in pool.values()})
            raise InputError(f"{role}.profile", ref.profile, "one of " + ", ".join(names))
    for f in ("name", "movement", "leadership", "troop_type", "rules"):
        v = getattr(ref, f)
        if v is not None:
            base[f] = v
    base["rules"] = tuple(base.get("rules", ())) + tuple(r for r in ref.extra_rules if r not in base.get("rules", ()))
    base.setdefault("name", role)
    for f in ("movement", "leadership"):
        if f not in base:
            raise InputError(f"{role}.{f}", None, "an integer (give a profile or the field itself)")
    try:
        return UnitProfile(**base)
    except Exception as exc:  # pydantic.ValidationError
        from ...errors import from_pydantic

        raise from_pydantic(exc, prefix=f"{role}.") from None
