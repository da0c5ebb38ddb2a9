"""The choices a Warhammer player makes (``[decide]``, docs/decisions.md).

- The Old World: whether a Swiftstride unit adds its extra die to a flee or pursuit roll
  (``options.tow_swiftstride_use``: always, never, or not near the table edge), how the Battle Standard's
  re-roll of a Break test is used (``options.tow_bsb_break_reroll_policy``; the second result stands), and a
  charged unit's reaction (``options.charge_reaction``): Flee or Fire & Flee, and with a ``[fight]`` table Hold
  and Stand & Shoot, which turn the scenario into that fight (:mod:`.scenarios.reaction`);
- every edition: whether the winner pursues or restrains (``options.pursuer_restrains``: ``false`` pursues,
  ``"always"`` holds back) — the winner's choice, so its goal is the loser's bad outcome (``caught``…).
"""

from __future__ import annotations

from typing import Any

from ...language import N_
from ...system import RollChoice

#: Outcomes in which the losing unit is removed from the battle.
DESTROYED = ("caught", "run_down", "escaped_off_table", "destroyed_contact", "destroyed_terrain")
#: The chain's outcomes in which the unit stands (held its Break test, gave ground, fell back in good order).
STANDS = ("held", "gave_ground", "fell_back")
#: Every outcome of the loser's chain (:mod:`.outcomes`): in a fight, ``enemy_<code>`` is the enemy losing.
_CHAIN = ("held", "gave_ground", "fell_back", "caught_reengaged", "caught", "run_down", "escaped",
          "escaped_off_table", "rallied", "still_fleeing", "destroyed_contact", "destroyed_terrain")
#: In a fight (``situation = "fight"``, and the Hold / Stand & Shoot reactions of a ``flee_reaction``), the goals
#: speak of ``fight.unit``: its outcomes when it loses are ``unit_<code>``, ``unit_destroyed`` and
#: ``both_destroyed``; a draw, or the enemy destroyed or losing (``enemy_<code>``), leaves it standing.
FIGHT_DESTROYED = ("unit_destroyed", "both_destroyed") + tuple(f"unit_{c}" for c in DESTROYED)
FIGHT_STANDS = tuple(f"unit_{c}" for c in STANDS) + ("draw", "enemy_destroyed") + tuple(f"enemy_{c}" for c in _CHAIN)

#: Named goals of a decision: ``{name: (label marked N_(), outcome codes)}``; ``not_destroyed`` is the complement
#: of ``destroyed`` (:mod:`fleeodds.decisions`). Each lists the codes of the flee chains and of the fights, so that
#: a choice between fleeing and fighting (a charge reaction) compares the same goal.
GOALS = {
    "destroyed": (N_("destroyed"), DESTROYED + FIGHT_DESTROYED),
    "holds": (N_("holds or falls back in good order"), STANDS + FIGHT_STANDS),
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
        Dotted field -> allowed values: The Old World's Swiftstride die, Battle Standard re-roll policy and
        charge reaction (Hold and, with ``fight.stand_and_shoot``, Stand & Shoot when the file has a ``[fight]``
        table; Flee, Fire & Flee); pursue or restrain where a pursuer follows.

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
        out["options.tow_swiftstride_use"] = ("always", "never", "not_near_edge")
        if situation == "flee_reaction":
            fight = src.get("fight") if isinstance(src.get("fight"), dict) else None
            out["options.charge_reaction"] = (
                (("hold",) if fight else ()) + (("stand_and_shoot",) if fight and "stand_and_shoot" in fight else ())
                + ("flee", "fire_and_flee"))
        if situation == "break":
            out["options.tow_bsb_break_reroll_policy"] = ("reroll_break_only", "reroll_break_or_fall_back", "never")
    if situation in _CHASED:
        out["options.pursuer_restrains"] = (False, "always")
    return out


def roll_choices(scenario) -> dict[str, RollChoice]:
    """The choices made after seeing a roll: The Old World's Battle Standard re-roll of a Break test, where
    the second result stands (``bsb_break_reroll``), for a unit with the Battle Standard in a ``break``.

    Parameters
    ----------
    scenario : Scenario
        A Warhammer scenario.

    Returns
    -------
    dict
        ``{name: RollChoice}``; empty where no such choice is made.

    References
    ----------
    docs/warhammer.md (The Old World: Break test results — passed: give ground; failed by no more than the
    unmodified Leadership: Fall Back in Good Order; else Break — and the Battle Standard's re-roll, "the second
    result stands"): tow.whfb.app/the-combat-phase/break-test (a natural roll above Ld breaks; at or under Ld but
    above it once modified, Fall Back in Good Order; at or under it modified, or a double 1, Give Ground) and the
    rules index's Battle Standard Bearer page.
    """
    src = scenario.source
    edition = str(src.get("edition", "")).lower()
    fleeing = src.get("fleeing") if isinstance(src.get("fleeing"), dict) else {}
    if edition not in ("tow", "the_old_world", "old_world") or src.get("situation", "break") != "break" \
            or fleeing.get("battle_standard") is not True:
        return {}
    return {"bsb_break_reroll": RollChoice(
        name=N_("re-roll the Break test with the Battle Standard (the second result stands)"),
        base_changes={"options.tow_bsb_break_reroll_policy": "never"},
        results=(("passed", N_("a pass (holds or gives ground)"), ("held", "gave_ground")),
                 ("fall_back", N_("a Fall Back in Good Order"), ("fell_back", "caught_reengaged")),
                 ("break", N_("a Break (flees)"), None)))}
