"""The choices a Hell Dorado player makes (``[decide]``, docs/decisions.md): flee (with or without the Ordre
Repli) or stay engaged and be attacked by every adversary in its activation (``fuite.stay``).

The Ordre Repli turns the Fuite into a move with no attaque sans riposte (docs/hell_dorado.md, "Ordre
Repli"); whether to spend the order on it is the player's choice.
"""

from __future__ import annotations

from typing import Any

from ...language import N_

#: Named goals of a decision: ``{name: (label marked N_(), outcome codes)}``. A fighter that stays engaged
#: (``fuite.stay``) has outcomes ``killed`` and ``stayed``: ``killed`` (so ``not_killed``) and ``survives`` compare
#: fleeing and staying.
GOALS = {
    "gets_away": (N_("gets away (a move, with or without attacks)"),
                  ("free_disengage", "repli_move", "fled")),
    "killed": (N_("killed"), ("killed", "charged_again_killed")),
    "survives": (N_("survives (flees or stays, not killed)"),
                 ("cannot_flee", "free_disengage", "repli_move", "state_no_move", "state_positive_no_move", "fled",
                  "fled_no_room", "attracted_back", "charged_again", "charged_again_survives", "stayed")),
}


def decision_points(scenario) -> dict[str, tuple[Any, ...]]:
    """``{"fuite.stay": (False, True), "fuite.repli": (False, True)}`` for a Fuite; none for the other types.

    Parameters
    ----------
    scenario : Scenario
        A Hell Dorado scenario.

    Returns
    -------
    dict
        Dotted field -> allowed values: flee or stay engaged (``fuite.stay``), with or without the Ordre Repli
        (``fuite.repli``; it changes nothing for a fighter that stays).

    References
    ----------
    docs/hell_dorado.md (Fuite, Ordre Repli: the rules tips' photos); rules digest §2-§3 (the adversaries' passes).
    """
    if scenario.source.get("type") != "fuite":
        return {}
    return {"fuite.stay": (False, True), "fuite.repli": (False, True)}
