"""The validated scenario as plain frozen data (:class:`Spec`), which :mod:`..plan.exchange` turns
into the ordered opportunities."""

from __future__ import annotations

from dataclasses import dataclass, field

from .enemy import Enemy
from .options import Options
from .runner import Runner


@dataclass(frozen=True)
class Spec:
    """A validated D&D scenario (plain data; :mod:`..plan.exchange` turns it into events)."""

    title: str
    edition: str
    mode: str
    runner: Runner
    enemies: tuple[Enemy, ...]
    options: Options
    distracting_action: bool = False
    metric: str = "damage"
    compare_modes: tuple[str, ...] = ()
    description: str = ""
    death_save_bonus: int = 0
    death_save_advantage: int = 0
    #: Uncertain values: ``(("runner", (), {ac: weight}), ("enemies", (enemy indices…), {bonus: weight}))``.
    mixture: tuple = ()
    #: Where the presets came from (name, source, notes), for the manifest; ``None`` in a plan's spec.
    meta: dict | None = field(default_factory=dict, compare=False)
