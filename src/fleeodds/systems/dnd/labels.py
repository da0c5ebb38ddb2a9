"""Outcome, metric and movement-mode labels in English and French.

French terms follow the French 3.5 rules text (attaque d'opportunité, case
contrôlée, pas de placement, retraite, Attaques réflexes, Souplesse du serpent
for Mobility, Acrobaties for Tumble) and the French 5e SRD (attaque
d'opportunité, Se désengager, Foncer). Withdraw is *retraite* (a retreat: never *repli*, Hell
Dorado's Ordre Repli).
"""

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
        base = base[:i] + ((BACK_UP, STABLE) if five else (STABLE,)) + base[i + 1:]
    if mode == "stay":
        return tuple(STAY_LABELS.get(o.code, o) for o in base)
    return base


#: Movement modes: (English, French). A generic movement is a lowercase noun or phrase
#: (déplacement, retraite, course, pas de placement, rester au contact); an action or skill
#: of the rulebook keeps its capitalised name (Acrobaties, Foncer, Se désengager), as in English
#: (Tumble, Dash, Disengage). A ``[compare]`` label_fr in an example uses the same words.
MODE_LABELS = {
    "move": ("move away (provokes)", "déplacement (provoque)"),
    "withdraw": ("withdraw", "retraite"),
    "run": ("run", "course"),
    "five_foot_step": ("5-foot step", "pas de placement (1,50 m)"),
    "tumble": ("Tumble, half speed", "Acrobaties, demi-vitesse"),
    "tumble_full": ("Tumble, full speed", "Acrobaties, pleine vitesse"),
    "dash": ("Dash", "Foncer"),
    "disengage": ("Disengage", "Se désengager"),
    "stay": ("stay in melee", "rester au contact"),
    "teleport": ("teleport (provokes nothing)", "téléportation (ne provoque pas)"),
    "forced": ("moved by something else (provokes nothing)", "déplacé par autre chose (ne provoque pas)"),
}
PF_MODE_LABELS = {
    "tumble": ("Acrobatics, half speed", "Acrobaties, demi-vitesse"),
    "tumble_full": ("Acrobatics, full speed", "Acrobaties, pleine vitesse"),
}

def mode_label(mode: str, edition: str, lang: str = "en") -> str:
    """Label of a movement mode (``"withdraw"`` -> ``"retraite"`` in French)."""
    en, fr = (PF_MODE_LABELS if edition == "pf1" and mode in PF_MODE_LABELS else MODE_LABELS)[mode]
    return fr if lang == "fr" else en


def metric_for(kind: str, n_bins: int) -> Metric:
    """The metric recorded with each outcome: damage taken (HP) or attacks suffered."""
    if kind == "hits":
        return Metric("hits", "hits taken", "coups reçus", n_bins, 0, "")
    if kind == "attacks":
        return Metric("attacks", "attacks of opportunity suffered", "attaques d'opportunité subies", n_bins, 0, "")
    return Metric("damage", "damage taken", "dégâts subis", n_bins, 0, "hp")


#: Names of edition values for charts and tables (``RulesSystem.value_labels``).
EDITION_LABELS = {
    "3.5": ("D&D 3.5", "D&D 3.5"), "pf1": ("Pathfinder 1e", "Pathfinder 1re éd."),
    "5e2014": ("D&D 5e (2014)", "D&D 5e (2014)"), "5e": ("D&D 5e (2014)", "D&D 5e (2014)"),
    "5e2024": ("D&D 5e (2024)", "D&D 5e (2024)"),
}


def value_labels() -> dict:
    """``RulesSystem.value_labels`` of D&D: editions and movement modes."""
    return {"edition": EDITION_LABELS, "mode": dict(MODE_LABELS),
            # the form's choices (the web page shows the names, submits the codes)
            "situation": {"leave_melee": ("Leaving melee", "Quitter la mêlée"),
                          "death_saves": ("Death saving throws", "Jets de sauvegarde contre la mort")},
            "metric": {"damage": ("Damage taken", "Dégâts subis"),
                       "attacks": ("Attacks of opportunity suffered", "Attaques d'opportunité subies"),
                       "hits": ("Hits taken", "Coups reçus")},
            "runner.armor": {"none": ("None", "Aucune"), "light": ("Light", "Légère"),
                             "medium": ("Medium", "Intermédiaire"), "heavy": ("Heavy", "Lourde")},
            **OPTION_LABELS}


#: The other choices of the form, by dotted field (French: SRD 5 and 3.5 French texts).
OPTION_LABELS = {
    "system": {"dnd": ("D&D / Pathfinder", "D&D / Pathfinder")},
    "compare_modes": {"auto": ("Every mode the edition allows", "Tous les modes permis par l'édition")},
    "enemies.*.on_hit": {"none": ("None", "Aucun"), "prone": ("Knocked prone", "Mis à terre"),
                         "grapple": ("Grappled (stops the move)", "Agrippé (arrête le déplacement)"),
                         "slow": ("Slowed (-10 ft)", "Ralenti (-3 m)")},
    "enemies.*.on_hit_save": {"str": ("Strength", "Force"), "dex": ("Dexterity", "Dextérité"),
                              "con": ("Constitution", "Constitution")},
    "enemies.*.mastery": {"none": ("None", "Aucune"), "push": ("Push", "Repousser"), "sap": ("Sap", "Saper"),
                          "vex": ("Vex", "Harceler"), "topple": ("Topple", "Renverser"), "slow": ("Slow", "Ralentir"),
                          "graze": ("Graze", "Écorcher"), "cleave": ("Cleave", "Enchaîner"),
                          "nick": ("Nick", "Entailler")},
    "options.simultaneous_oa": {"stop_after_drop": ("Stop once the runner drops", "Arrêt dès la chute du fuyard"),
                                "all_resolve": ("All resolve", "Toutes résolues")},
    "options.crit_confirmation": {"roll": ("Confirmation roll", "Jet de confirmation"),
                                  "none": ("None: every threat is a critical", "Aucune : toute menace est critique")},
    "options.crit_damage_mode_35": {"reroll_per_multiplier": ("Roll once per multiplier",
                                                              "Un jet par multiplicateur"),
                                    "multiply_one_roll": ("Multiply one roll", "Multiplier un seul jet")},
    "options.tumble_order": {"order_passed": ("In the order passed", "Dans l'ordre de passage"),
                             "best_first": ("Most dangerous foe first", "L'ennemi le plus dangereux d'abord"),
                             "through_space_first": ("Through a foe's space first",
                                                     "Traverser la case d'un ennemi d'abord")},
    "options.tumble_checks": {"per_foe": ("One check per foe", "Un test par ennemi"),
                              "single": ("One check for the whole move", "Un seul test pour tout le déplacement")},
    "options.failures_from_critical_at_0": {2: ("2 failures", "2 échecs"), 1: ("1 failure", "1 échec")},
    "options.sentinel_timing_2024": {"after_disengage": ("Right after Disengage", "Juste après l'action Se désengager"),
                                     "on_leave": ("When it leaves the reach", "Quand il sort de l'allonge")},
    "options.reach_monster_withdraw": {"second_square_provokes": ("The second square provokes",
                                                                  "La deuxième case provoque"),
                                       "none": ("Provokes nothing", "Ne provoque rien")},
    "options.push_2024": {"same_step": ("Foes left in the same step", "Ennemis quittés au même pas"),
                          "threatening": ("Also later foes threatening the start",
                                          "Aussi les ennemis suivants qui contrôlent le départ"),
                          "none": ("No foe", "Aucun ennemi")},
    "options.prone_runner": {"stays_prone": ("Stays prone", "Reste à terre"),
                             "stands_up": ("Stands up at once", "Se relève aussitôt")},
}
