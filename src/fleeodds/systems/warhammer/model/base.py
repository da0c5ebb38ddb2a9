"""What every section of a Warhammer scenario shares: the field helper :func:`F` (English titles
and descriptions marked for the catalogue, units), the strict base model, the special rules and troop
types, and a unit's resolved profile (:class:`UnitProfile`).

Units: distances in inches, Leadership and Movement as on the unit profile.
"""

from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import ConfigDict, Field, field_validator

from ....dice import parse as parse_dice
from ....errors import InputError
from ....language import Message, N_
from ....validation import StrictModel

RULES = ("swiftstride", "fast_cavalry", "fly", "stubborn", "unbreakable", "immune_to_psychology",
         "frenzy", "cold_blooded", "fear", "terror", "steadfast",
         # TOW-only rules of the flee chain (docs/warhammer.md, "The Old World's own flee and rally rules")
         "warband", "scurrying_masses", "veteran", "impetuous", "random_movement", "fire_and_flee",
         # close-combat rules (situation fight, docs/warhammer_combat.md §15)
         "hatred", "always_strikes_first", "always_strikes_last", "poisoned_attacks", "killing_blow",
         "regeneration", "stomp", "thunderstomp")
TROOP_TYPES = ("infantry", "cavalry", "monstrous_infantry", "monstrous_cavalry", "monstrous_beast",
               "war_beast", "monster", "chariot", "swarm", "war_machine", "character", "other",
               # The Old World's sub-categories (its troop-type table: ranks of 4, chariot Unit Strength)
               "heavy_infantry", "light_cavalry", "heavy_cavalry", "light_chariot", "heavy_chariot")


class _Strict(StrictModel):
    # StrictModel: unknown fields refused, "2" or true is not a number; here also
    # allow_inf_nan=False (no nan/inf distances) and frozen (validated values stay as checked)
    model_config = ConfigDict(frozen=True, allow_inf_nan=False)


def F(default: Any = ..., *, t: str, d: str, unit: str | None = None, **kw: Any) -> Any:
    """A pydantic ``Field`` with its title, description and unit.

    ``t`` and ``d`` are English, marked ``N_()`` where written: the schema's other languages come from the
    catalogue (:func:`fleeodds.validation.json_schema`).
    """
    extra: dict[str, Any] = {}
    if unit:
        extra["unit"] = unit
    extra.update(kw.pop("json_schema_extra", {}))
    return Field(default, title=t, description=d, json_schema_extra=extra, **kw)


def _dice_field(v, field):
    """``v`` checked as dice notation, for a pydantic validator.

    Raises
    ------
    ValueError
        Worded as what is allowed only (``expected 1 to 64 dice per term``): the
        conversion of pydantic errors adds the field and the value once.
    """
    if v is None:
        return v
    try:
        parse_dice(v, field=field)
    except InputError as err:
        raise ValueError(err.allowed if isinstance(err.allowed, Message) else f"expected {err.allowed}") from None
    return str(v)


RULES_SCHEMA = {"items": {"type": "string", "enum": list(RULES)}}


class MountProfile(_Strict):
    """A cavalry model's mount as a profile carries it (``mount = {...}`` in a ``[[profile]]``): the
    characteristics it fights with in close combat (6th, 7th, 8th and The Old World: rider and mount
    strike separately, each with its own WS, S, I and A; docs/warhammer_combat.md §10)."""

    name: str = Field(min_length=1)
    weapon_skill: int = Field(ge=1, le=10)
    strength: int = Field(ge=1, le=10)
    initiative: int = Field(ge=1, le=10)
    attacks: int = Field(ge=0, le=10)


class UnitProfile(_Strict):
    """A unit's profile: the characteristics that matter to break, flee, pursuit and rally.

    ``movement`` (M) in inches, 0 to 20; ``leadership`` (Ld) 0 to 10. The other
    characteristics (WS, BS, S, T, W, I, A) and ``troop_type`` are carried for
    display only: the 1-D flee model uses M, Ld and the special rules.
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
    mount: Optional[MountProfile] = None  # cavalry: the mount's own close-combat profile (fights only)
    source: str = ""

    @field_validator("rules")
    @classmethod
    def _known_rules(cls, v):
        for i, r in enumerate(v):
            if r not in RULES:  # named by its place in the list: rules.0
                raise InputError(str(i), r, Message(N_("one of {choices}"), choices=", ".join(RULES)))
        return tuple(v)

    def has(self, rule: str) -> bool:
        return rule in self.rules
