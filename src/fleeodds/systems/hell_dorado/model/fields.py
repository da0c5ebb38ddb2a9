"""Field helpers of the Hell Dorado pydantic models: bilingual titles, units, bounds and schema pieces.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from ....validation import StrictModel
from .names import BASES_MM


def F(default: Any = ..., title: str = "", title_fr: str = "", description: str = "", description_fr: str = "",
      unit: str | None = None, alias: str | None = None, default_factory: Any = None, **schema: Any) -> Any:
    """A model field with its English and French title and description, its unit and schema extras.

    ``ge`` / ``le`` are validated bounds (pydantic ``Field``), shown in the JSON Schema as
    ``minimum`` / ``maximum``; every number a player types has one, so that no huge or
    negative value reaches the solvers.
    """
    extra: dict[str, Any] = {"title_fr": title_fr or title, "description_fr": description_fr or description}
    if unit:
        extra["unit"] = unit
    bounds = {k: schema.pop(k) for k in ("ge", "le") if k in schema}
    extra.update(schema)
    kw: dict[str, Any] = {"title": title, "description": description, "json_schema_extra": extra, **bounds}
    if alias:
        kw["alias"] = alias
    if default_factory is not None:
        return Field(default_factory=default_factory, **kw)
    return Field(default, **kw)


class HDModel(StrictModel):
    """Hell Dorado models: strict (``"2"`` or ``true`` is not a number) and no NaN or infinite numbers."""

    model_config = ConfigDict(allow_inf_nan=False)


#: Most melee dice on a card: dice past the 10th are automatic damage (Sapience, option overflow_auto_damage).
CBT_MAX = 20
CBT_SCHEMA = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": CBT_MAX},
                        {"type": "string", "enum": ["-", "–", "—", "none"]}]}
BASE_SCHEMA = {"anyOf": [{"type": "number", "minimum": 10, "maximum": 200},
                         {"type": "string", "enum": sorted(BASES_MM)}]}
_ZONE_NUM = {"type": "number"}
ZONE_SCHEMA = {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["shape", "cx", "cy", "r"],
     "properties": {"shape": {"const": "disc"}, "cx": _ZONE_NUM, "cy": _ZONE_NUM,
                    "r": {"type": "number", "exclusiveMinimum": 0}}},
    {"type": "object", "additionalProperties": False, "required": ["shape", "x0", "y0", "x1", "y1"],
     "properties": {"shape": {"const": "rect"}, "x0": _ZONE_NUM, "y0": _ZONE_NUM, "x1": _ZONE_NUM, "y1": _ZONE_NUM}},
]}
