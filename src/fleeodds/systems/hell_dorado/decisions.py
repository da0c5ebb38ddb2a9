"""The choices a Hell Dorado player makes (``[decide]``, docs/decisions.md): flee with or without the
Ordre Repli.

The Ordre Repli turns the Fuite into a move with no attaque sans riposte (docs/hell_dorado.md, "Ordre
Repli"); whether to spend the order on it is the player's choice.
"""

from __future__ import annotations

from typing import Any

#: Named goals of a decision: ``{name: (English, French, outcome codes)}``.
GOALS = {
    "gets_away": ("gets away (a move, with or without attacks)", "s'éloigne (avec ou sans attaque)",
                  ("free_disengage", "repli_move", "fled")),
}


def decision_points(scenario) -> dict[str, tuple[Any, ...]]:
    """``{"fuite.repli": (False, True)}`` for a Fuite; none for the other types.

    Parameters
    ----------
    scenario : Scenario
        A Hell Dorado scenario.

    Returns
    -------
    dict
        Dotted field -> allowed values.

    References
    ----------
    docs/hell_dorado.md (Fuite, Ordre Repli: the rules tips' photos).
    """
    if scenario.source.get("type") != "fuite":
        return {}
    return {"fuite.repli": (False, True)}
