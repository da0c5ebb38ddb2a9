"""The choices a D&D / Pathfinder runner makes (``[decide]``, docs/decisions.md): how to leave the foes.

The movement modes are those of the edition (docs/dnd.md, "Movement modes"): 3.5 and Pathfinder 1e move,
withdraw, run, 5-foot step, Tumble / Acrobatics at half or full speed, or stay; 5e moves, Dashes, Disengages,
stays or teleports. Forced movement is no choice of the runner's and is left out.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from ...language import N_
from .model.fields import MODES, normalise_edition

#: Named goals of a decision: ``{name: (label marked N_(), outcome codes)}``.
GOALS = {
    "on_its_feet": (N_("on its feet (unharmed, wounded or slowed; gone or still there)"), ("unharmed", "wounded", "slowed")),
    "down_or_dead": (N_("down or dead"),
                     ("disabled", "down", "dead", "strained", "stable", "back_up")),
}


#: The most ``[[enemies]]`` tables whose pass orders are offered: 4 tables give 24 orders; 5 would give
#: 120, more than a decision compares (:data:`fleeodds.decisions.MAX_OPTIONS`, 64).
MAX_PASS_ORDER_TABLES = 4


def decision_points(scenario) -> dict[str, tuple[Any, ...]]:
    """The runner's choices leaving its foes: its movement mode, and the order it passes them.

    ``mode``: the edition's movement modes. ``options.pass_order``: every order of the ``[[enemies]]``
    tables (lists of their indices) when there are 2 to :data:`MAX_PASS_ORDER_TABLES`: one table has no
    order to choose, and 5 tables would give 120 orders, more than a decision compares. None for death
    saves nor a chase.

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
    "Actions in Combat"; the order the foes are passed: "Attacks of Opportunity" / "Opportunity Attacks").
    """
    src = scenario.source
    if src.get("situation", "leave_melee") != "leave_melee":
        return {}
    try:
        edition = normalise_edition(src.get("edition", "5e2014"))
    except Exception:  # noqa: BLE001 - the loader has already refused a bad edition
        return {}
    points: dict[str, tuple[Any, ...]] = {"mode": tuple(m for m in MODES[edition] if m != "forced")}
    tables = src.get("enemies")
    if isinstance(tables, list) and 2 <= len(tables) <= MAX_PASS_ORDER_TABLES:
        points["options.pass_order"] = tuple(list(p) for p in permutations(range(len(tables))))
    return points
