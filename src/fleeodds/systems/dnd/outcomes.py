"""Outcomes and metrics of the D&D scenarios, in English and French: leaving melee (by edition and
mode), and death saving throws on their own."""


from __future__ import annotations

from ...language import N_
from ...outcomes import Metric, Outcome


UNHARMED = Outcome("unharmed", N_("escapes unharmed"))
WOUNDED = Outcome("wounded", N_("escapes wounded"))
SLOWED = Outcome("slowed", N_("escapes slowed (prone or slowed)"))
CANCELLED = Outcome("move_cancelled", N_("stopped before getting away"))
DISABLED = Outcome("disabled", N_("disabled (0 HP)"))
DOWN = Outcome("down", N_("down (dying or unconscious)"))
DEAD = Outcome("dead", N_("dead"))
#: With options.death_saves_in_exchange the fall is resolved: "down" splits into these (and dead).
BACK_UP = Outcome("back_up", N_("down, then back up at 1 HP (natural 20 on a death save)"))
#: 3.5/PF options.disabled_strenuous: at exactly 0 HP after a strenuous action, 1 HP lost: dying at -1.
STRAINED = Outcome("strained", N_("disabled, then dying after a strenuous action"))
STABLE = Outcome("stable", N_("down, then stable (unconscious)"))
#: 3.5/PF: a dying character that stabilises on its own is not safe. Unaided, each hour it has 10 % to wake up
#: disabled, otherwise it loses 1 HP (3.5 SRD *Injury and Death*, "Stable Characters and Recovery"; PF1 CRB
#: ch. 8, "Stable Characters and Recovery": an hourly DC 10 Con check). The outcome is the state when the dying
#: ends, not a survival: the hours after it are not followed.
STABLE_35 = Outcome("stable", N_("down, then stable on its own (unconscious; unaided not safe: each hour it wakes or "
                              "loses 1 HP)"))

#: Outcomes of a 3.5 / Pathfinder scenario, in display order.
OUTCOMES_35 = (UNHARMED, WOUNDED, CANCELLED, DISABLED, DOWN, DEAD)
#: Outcomes of a 5e scenario, in display order.
OUTCOMES_5E = (UNHARMED, WOUNDED, SLOWED, CANCELLED, DOWN, DEAD)

#: In mode ``stay`` the character does not leave: its outcomes read as staying.
STAYS_UNHARMED = Outcome("unharmed", N_("stays unharmed"))
STAYS_WOUNDED = Outcome("wounded", N_("stays wounded"))
STAYS_SLOWED = Outcome("slowed", N_("stays prone or slowed"))
STAY_LABELS = {o.code: o for o in (STAYS_UNHARMED, STAYS_WOUNDED, STAYS_SLOWED)}

#: From best to worst for the character (``Scenario.outcome_order``); "stopped before
#: getting away" is no step of that scale and is left out.
OUTCOME_ORDER = ("unharmed", "wounded", "slowed", "disabled", "back_up", "stable", "strained", "down", "dead")


def outcomes_for(five: bool, mode: str, fall_resolved: bool = False, strained: bool = False) -> tuple[Outcome, ...]:
    """The outcomes of a scenario of that edition family and mode, in display order.

    With ``fall_resolved`` (options.death_saves_in_exchange) "down" is replaced by its
    resolutions: 5e ``back_up`` and ``stable`` (death saves), 3.5/PF ``stable`` (stabilised).
    With ``strained`` (3.5/PF options.disabled_strenuous, a strenuous action) and the fall not
    resolved, ``strained`` (dying at -1 HP after the action) comes before "down".
    """
    base = OUTCOMES_5E if five else OUTCOMES_35
    if strained and not fall_resolved:
        i = base.index(DOWN)
        base = base[:i] + (STRAINED,) + base[i:]
    if fall_resolved:
        i = base.index(DOWN)
        base = base[:i] + ((BACK_UP, STABLE) if five else (STABLE_35,)) + base[i + 1:]
    if mode == "stay":
        return tuple(STAY_LABELS.get(o.code, o) for o in base)
    return base


def metric_for(kind: str, n_bins: int) -> Metric:
    """The metric recorded with each outcome: damage taken (HP) or attacks suffered."""
    if kind == "hits":
        return Metric("hits", N_("hits taken"), n_bins, 0, "")
    if kind == "attacks":
        return Metric("attacks", N_("attacks of opportunity suffered"), n_bins, 0, "")
    return Metric("damage", N_("damage taken"), n_bins, 0, "hp")


# --------------------------------------------------------------------------- death saves on their own
SAVE_BACK_UP = Outcome("back_up", N_("back up at 1 HP (natural 20)"))
SAVE_STABLE = Outcome("stable", N_("stable at 0 HP (three successes)"))
SAVE_DEAD = Outcome("dead", N_("dead (three failures)"))
#: Outcomes of the death-save situation, from best to worst.
DEATH_SAVE_OUTCOMES = (SAVE_BACK_UP, SAVE_STABLE, SAVE_DEAD)
DEATH_SAVE_CODES = tuple(o.code for o in DEATH_SAVE_OUTCOMES)
#: The four results of one save (``next_save``), with their English and French names.
SAVE_RESULTS = {"back_up": ("natural 20: back up at 1 HP", "20 naturel : se relève à 1 pv"),
                "success": ("success", "réussite"),
                "failure": ("failure", "échec"),
                "two_failures": ("natural 1: two failures", "1 naturel : deux échecs")}
#: Short names of the outcomes in the table by round.
SHORT_NAMES = {"back_up": ("back up", "relevé"), "stable": ("stable", "stabilisé"), "dead": ("dead", "mort")}
#: At most five saves from 0 successes and 0 failures; bins 0 .. 5.
DEATH_SAVE_BINS = 6


def rounds_metric() -> Metric:
    """The metric of the situation: death saving throws rolled until the outcome (one per round)."""
    return Metric("rounds", N_("death saving throws rolled (rounds)"), DEATH_SAVE_BINS, 0, "rounds")
