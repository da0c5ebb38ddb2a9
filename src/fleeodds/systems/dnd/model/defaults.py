"""What leaving a field out means: its documented default, and for the options whose default is "the
edition's" (``None`` in the schema) the edition's own value. A field written at either says nothing
(the input policy, docs/inputs.md): it is never a note, nor an error under ``--strict``."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic_core import PydanticUndefined

from ....validation import equals_default
from ..plan.rules import is_5e
from .death_saves import DeathSavesModel
from .enemy import EnemyModel
from .options import OptionsModel, parse_options
from .runner import Runner, RunnerModel

if TYPE_CHECKING:
    from .spec import Spec

#: The tables of a scenario file and their models (``enemies`` is a list of tables).
TABLES = {"runner": RunnerModel, "enemies": EnemyModel, "options": OptionsModel, "death_saves": DeathSavesModel}
#: Top-level fields that may be written at their default (the model is :class:`..model.scenario.ScenarioModel`,
#: which imports the checks: its defaults are repeated here, and a test keeps them equal).
TOP_DEFAULTS: dict[str, Any] = {"distracting_action": False, "metric": "damage", "situation": "leave_melee",
                                "mode": "move", "edition": "3.5"}
#: Options whose documented default is ``None``, "the edition's" (resolved by :func:`.options.parse_options`);
#: the second element: whether the resolved value means anything in 5e (False: 3.5/PF rules only).
EDITION_DEFAULTS = {"min_damage_1": True, "massive_damage": True, "disabled_strenuous": True,
                    "attacker_preset": True, "dead_threshold": False, "massive_damage_threshold": False}


def documented_default(path: str) -> tuple[bool, Any]:
    """``(True, default)`` for a dotted field with a documented default (``enemies.0.reach`` -> 5)."""
    parts = str(path).split(".")
    if len(parts) == 1:
        return (True, TOP_DEFAULTS[parts[0]]) if parts[0] in TOP_DEFAULTS else (False, None)
    model = TABLES.get(parts[0])
    if model is None or len(parts) != (3 if parts[0] == "enemies" else 2):
        return False, None
    info = model.model_fields.get(parts[-1])
    if info is None or info.default is PydanticUndefined:
        return False, None
    return True, info.default


def edition_default(path: str, spec: Spec | str) -> tuple[bool, Any]:
    """``(True, value)`` for an option whose default is the edition's (``options.massive_damage``: true in
    3.5, false in Pathfinder and 5e), resolved as leaving it out does (``spec``: the scenario, or only
    its edition when there is no runner)."""
    parts = str(path).split(".")
    if len(parts) != 2 or parts[0] != "options" or parts[1] not in EDITION_DEFAULTS:
        return False, None
    edition, runner = (spec, Runner()) if isinstance(spec, str) else (spec.edition, spec.runner)
    if is_5e(edition) and not EDITION_DEFAULTS[parts[1]]:
        return False, None
    return True, getattr(parse_options(OptionsModel(), edition, runner), parts[1])


def says_nothing(path: str, value: Any, spec: Spec | str | None = None) -> bool:
    """Whether ``path = value`` is what leaving the field out gives: its documented default, or the
    edition's value of an option whose default is the edition's (``spec``: the scenario or its edition)."""
    known, default = documented_default(path)
    if known and equals_default(value, default):
        return True
    if str(path) == "options.pass_order" and isinstance(value, list) and value == list(range(len(value))):
        return True  # the order the [[enemies]] are written in: what leaving it out gives
    if spec is None:
        return False
    known, default = edition_default(path, spec)
    return known and equals_default(value, default)
