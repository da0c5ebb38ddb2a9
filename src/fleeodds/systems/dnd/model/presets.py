"""The shipped stat lines (``data/*.toml``): runner and enemy presets a table may name."""


from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any

from ....errors import InputError, short_repr
from ....language import Message, N_
from ....validation import merge_profile
from ..labels import ENEMY_PRESET_LABELS, RUNNER_PRESET_LABELS, code_of


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, Any]]:
    """Every shipped stat line, ``{preset name: fields}``, from ``data/*.toml``."""
    out: dict[str, dict[str, Any]] = {}
    folder = resources.files("fleeodds.systems.dnd") / "data"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".toml"):
            continue
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        for name, tbl in data.items():
            if name in out:
                raise RuntimeError(f"duplicate D&D preset {name!r} in {entry.name}")
            out[name] = dict(tbl)
    return out


def preset_names(kind: str, edition: str | None = None) -> list[str]:
    """Names of the ``"enemy"`` or ``"runner"`` presets, optionally for one edition."""
    return sorted(n for n, p in presets().items()
                  if p.get("kind") == kind and (edition is None or edition in p.get("editions", ())))


PRESET_META = ("kind", "editions", "source", "notes")


def _merge_preset(own: dict, kind: str, edition: str, field_: str) -> tuple[dict, dict]:
    """The preset's fields with the table's own over them (:func:`merge_profile`); ``(fields, metadata)``."""
    if own.get("preset") is None:
        return merge_profile(None, own), {}
    name = own["preset"]
    if isinstance(name, str) and name not in presets():  # its label: "orque (DRS 5.1)", "magicien niv. 1 (3.5)"
        name = code_of(name, RUNNER_PRESET_LABELS if kind == "runner" else ENEMY_PRESET_LABELS) or name
    choices = preset_names(kind, edition)
    if name not in presets() or presets()[name].get("kind") != kind:
        raise InputError(f"{field_}.preset", short_repr(name),
                         Message(N_("one of {choices}"), choices=", ".join(repr(c) for c in choices)))
    p = presets()[name]
    if edition not in p.get("editions", ()):
        raise InputError(f"{field_}.preset", name,
                         Message(N_("a preset for edition {edition}: {choices}"), edition=repr(edition),
                                 choices=", ".join(repr(c) for c in choices)))
    meta = {k: p[k] for k in ("name", "source", "notes", "editions") if k in p}
    meta["preset"] = name
    profile = {k: v for k, v in p.items() if k not in PRESET_META}
    return merge_profile(profile, own), meta
