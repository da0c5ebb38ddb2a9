"""The choices a Warhammer player makes (``[decide]``, docs/decisions.md).

- The Old World: whether a Swiftstride unit adds its extra die to a flee or pursuit roll
  (``options.tow_swiftstride_use``) and how the Battle Standard's re-roll of a Break test is used
  (``options.tow_bsb_break_reroll_policy``; the second result stands);
- every edition: whether the winner pursues or restrains (``options.pursuer_restrains``: ``false`` pursues,
  ``"always"`` holds back) — the winner's choice, so its goal is the loser's bad outcome (``caught``…).
"""

from __future__ import annotations

from typing import Any

#: Outcomes in which the losing unit is removed from the battle.
DESTROYED = ("caught", "run_down", "escaped_off_table", "destroyed_contact", "destroyed_terrain")

#: Named goals of a decision: ``{name: (English, French, outcome codes)}``; ``not_destroyed`` is the complement
#: of ``destroyed`` (:mod:`fleeodds.decisions`).
GOALS = {
    "destroyed": ("destroyed", "détruite", DESTROYED),
    "holds": ("holds or falls back in good order", "tient ou se replie en bon ordre",
              ("held", "gave_ground", "fell_back")),
}
#: Situations with a break chain (a pursuer that may restrain).
_CHASED = ("break", "fleeing", "charge_fleeing", "flee_reaction")


def decision_points(scenario) -> dict[str, tuple[Any, ...]]:
    """The choice fields of this scenario and their values.

    Parameters
    ----------
    scenario : Scenario
        A Warhammer scenario.

    Returns
    -------
    dict
        Dotted field -> allowed values: The Old World's Swiftstride die and Battle Standard re-roll policy;
        pursue or restrain where a pursuer follows.

    References
    ----------
    docs/warhammer.md (Swiftstride in The Old World: tow.whfb.app/special-rules/swiftstride; the Battle
    Standard's re-roll; pursuit and restraint by edition).
    """
    src = scenario.source
    situation = src.get("situation", "break")
    edition = str(src.get("edition", "")).lower()
    out: dict[str, tuple[Any, ...]] = {}
    if edition in ("tow", "the_old_world", "old_world"):
        out["options.tow_swiftstride_use"] = ("always", "never")
        if situation == "break":
            out["options.tow_bsb_break_reroll_policy"] = ("reroll_break_only", "reroll_break_or_fall_back", "never")
    if situation in _CHASED:
        out["options.pursuer_restrains"] = (False, "always")
    return out
