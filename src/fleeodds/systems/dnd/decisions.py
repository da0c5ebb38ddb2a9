"""The choices a D&D / Pathfinder runner makes (``[decide]``, docs/decisions.md): how to leave the foes.

The movement modes are those of the edition (docs/dnd.md, "Movement modes"): 3.5 and Pathfinder 1e move,
withdraw, run, 5-foot step, Tumble / Acrobatics at half or full speed, or stay; 5e moves, Dashes, Disengages,
stays or teleports. Forced movement is no choice of the runner's and is left out.
"""

from __future__ import annotations

from typing import Any

from .model.fields import MODES, normalise_edition

#: Named goals of a decision: ``{name: (English, French, outcome codes)}``.
GOALS = {
    "on_its_feet": ("on its feet (unharmed, wounded or slowed; gone or still there)",
                    "debout (indemne, blessé ou ralenti ; parti ou encore là)", ("unharmed", "wounded", "slowed")),
    "down_or_dead": ("down or dead", "à terre ou mort",
                     ("disabled", "down", "dead", "strained", "stable", "back_up")),
}


def decision_points(scenario) -> dict[str, tuple[Any, ...]]:
    """``{"mode": (the edition's movement modes)}`` for a runner leaving its foes; none for death saves.

    Parameters
    ----------
    scenario : Scenario
        A D&D scenario.

    Returns
    -------
    dict
        Dotted field -> allowed values.

    References
    ----------
    docs/dnd.md (movement modes per edition: SRD 3.5 "Actions in Combat", PF1 "Combat", SRD 5.1/5.2
    "Actions in Combat").
    """
    src = scenario.source
    if src.get("situation", "leave_melee") != "leave_melee":
        return {}
    try:
        edition = normalise_edition(src.get("edition", "5e2014"))
    except Exception:  # noqa: BLE001 - the loader has already refused a bad edition
        return {}
    return {"mode": tuple(m for m in MODES[edition] if m != "forced")}
