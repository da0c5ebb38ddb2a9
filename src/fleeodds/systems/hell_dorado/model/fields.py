"""Field helpers of the Hell Dorado pydantic models: titles, units, bounds and schema pieces.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import ConfigDict, Field, model_validator

from ....validation import StrictModel, annotation_values
from .names import BASES_MM, normalise


def F(default: Any = ..., title: str = "", description: str = "", unit: str | None = None, alias: str | None = None,
      default_factory: Any = None, **schema: Any) -> Any:
    """A model field with its title and description, its unit and schema extras.

    The title and description are English, marked ``N_()`` where written: the schema takes their
    translation from the message catalogue (:func:`fleeodds.validation.json_schema`).

    ``ge`` / ``le`` are validated bounds (pydantic ``Field``), shown in the JSON Schema as
    ``minimum`` / ``maximum``; every number a player types has one, so that no huge or
    negative value reaches the solvers.
    """
    extra: dict[str, Any] = {}
    if unit:
        extra["unit"] = unit
    bounds = {k: schema.pop(k) for k in ("ge", "le", "max_length") if k in schema}
    extra.update(schema)
    kw: dict[str, Any] = {"title": title, "description": description, "json_schema_extra": extra, **bounds}
    if alias:
        kw["alias"] = alias
    if default_factory is not None:
        return Field(default_factory=default_factory, **kw)
    return Field(default, **kw)


def text_codes(annotation: Any) -> list[str]:
    """The text codes a field takes (``Literal["charge", "assaut"]``, in an ``Optional`` or a ``list``)."""
    if typing.get_origin(annotation) is list:
        return [c for a in typing.get_args(annotation) for c in text_codes(a)]
    out = [v for v in annotation_values(annotation) if isinstance(v, str)]
    for a in typing.get_args(annotation):
        if typing.get_origin(a) is list:
            out += text_codes(a)
    return out


def as_code(value: Any, codes: list[str]) -> Any:
    """``value`` as the code it names, accents, case, ``_`` and ``-`` ignored (``"Asmodée"`` is
    ``"asmodee"``, ``"Charge"`` ``"charge"``, ``"first listed"`` ``"first_listed"``); anything else as given
    (then refused by the field, naming the codes)."""
    if not isinstance(value, str) or value in codes:
        return value
    found = [c for c in codes if normalise(c) == normalise(value)]
    return found[0] if len(found) == 1 else value


class HDModel(StrictModel):
    """Hell Dorado models: strict (``"2"`` or ``true`` is not a number) and no NaN or infinite numbers.

    A field that takes codes reads them as Hell Dorado names are read (:mod:`.names`): accents, case,
    ``_`` and ``-`` ignored, so ``hd_edition = "Asmodée"`` is ``"asmodee"`` and ``movement = "Assaut"`` is
    ``"assaut"`` (their labels, ``RulesSystem.value_labels``, are read by the loader of every system).
    """

    model_config = ConfigDict(allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _codes_as_named(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out = data
        for name, f in cls.model_fields.items():
            key = f.alias or name
            if key not in data:
                continue
            codes = text_codes(f.annotation)
            if not codes:
                continue
            v = data[key]
            new = [as_code(x, codes) for x in v] if isinstance(v, list) else as_code(v, codes)
            if new != v:
                out = dict(out) if out is data else out
                out[key] = new
        return out


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
