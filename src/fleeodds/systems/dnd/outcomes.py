"""Outcomes and metrics of the D&D scenarios, in English and French: leaving melee (by edition and
mode), and death saving throws on their own."""


from __future__ import annotations

from ...outcomes import Metric, Outcome


UNHARMED = Outcome("unharmed", "escapes unharmed", "s'échappe indemne")
WOUNDED = Outcome("wounded", "escapes wounded", "s'échappe blessé")
SLOWED = Outcome("slowed", "escapes slowed (prone or slowed)", "s'échappe ralenti (à terre ou ralenti)")
CANCELLED = Outcome("move_cancelled", "stopped before getting away", "arrêté avant de s'échapper")
DISABLED = Outcome("disabled", "disabled (0 HP)", "hors de combat (0 pv)")
DOWN = Outcome("down", "down (dying or unconscious)", "mourant ou inconscient")
DEAD = Outcome("dead", "dead", "mort")
#: With options.death_saves_in_exchange the fall is resolved: "down" splits into these (and dead).
BACK_UP = Outcome("back_up", "down, then back up at 1 HP (natural 20 on a death save)",
                  "à terre, puis relevé à 1 pv (20 naturel à un jet contre la mort)")
#: 3.5/PF options.disabled_strenuous: at exactly 0 HP after a strenuous action, 1 HP lost: dying at -1.
STRAINED = Outcome("strained", "disabled, then dying after a strenuous action",
                   "hors de combat, puis mourant après une action épuisante")
STABLE = Outcome("stable", "down, then stable (unconscious)", "à terre, puis stabilisé (inconscient)")
#: 3.5/PF: a dying character that stabilises on its own is not safe. Unaided, each hour it has 10 % to wake up
#: disabled, otherwise it loses 1 HP (3.5 SRD *Injury and Death*, "Stable Characters and Recovery"; PF1 CRB
#: ch. 8, "Stable Characters and Recovery": an hourly DC 10 Con check). The outcome is the state when the dying
#: ends, not a survival: the hours after it are not followed.
STABLE_35 = Outcome("stable", "down, then stable on its own (unconscious; unaided not safe: each hour it wakes or "
                              "loses 1 HP)",
                    "à terre, puis stabilisé seul (inconscient ; sans soins, pas hors de danger : chaque heure il "
                    "reprend conscience ou perd 1 pv)")

#: Outcomes of a 3.5 / Pathfinder scenario, in display order.
OUTCOMES_35 = (UNHARMED, WOUNDED, CANCELLED, DISABLED, DOWN, DEAD)
#: Outcomes of a 5e scenario, in display order.
OUTCOMES_5E = (UNHARMED, WOUNDED, SLOWED, CANCELLED, DOWN, DEAD)

#: In mode ``stay`` the character does not leave: its outcomes read as staying.
STAYS_UNHARMED = Outcome("unharmed", "stays unharmed", "reste indemne")
STAYS_WOUNDED = Outcome("wounded", "stays wounded", "reste blessé")
STAYS_SLOWED = Outcome("slowed", "stays prone or slowed", "reste à terre ou ralenti")
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
        return Metric("hits", "hits taken", "coups reçus", n_bins, 0, "")
    if kind == "attacks":
        return Metric("attacks", "attacks of opportunity suffered", "attaques d'opportunité subies", n_bins, 0, "")
    return Metric("damage", "damage taken", "dégâts subis", n_bins, 0, "hp")


# --------------------------------------------------------------------------- death saves on their own
SAVE_BACK_UP = Outcome("back_up", "back up at 1 HP (natural 20)", "se relève à 1 pv (20 naturel)")
SAVE_STABLE = Outcome("stable", "stable at 0 HP (three successes)", "stabilisé à 0 pv (trois réussites)")
SAVE_DEAD = Outcome("dead", "dead (three failures)", "mort (trois échecs)")
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
    return Metric("rounds", "death saving throws rolled (rounds)", "jets de sauvegarde contre la mort lancés "
                  "(rounds)", DEATH_SAVE_BINS, 0, "rounds")
