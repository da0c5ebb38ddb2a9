"""Movement-mode, edition and option labels in English and French (the outcomes' own are in :mod:`.outcomes`).

French terms follow the French 3.5 rules text (attaque d'opportunité, case
contrôlée, pas de placement, retraite, Attaques réflexes, Souplesse du serpent
for Mobility, Acrobaties for Tumble) and the French 5e SRD (attaque
d'opportunité, Se désengager, Foncer). Withdraw is *retraite* (a retreat: never *repli*, Hell
Dorado's Ordre Repli).
"""


from __future__ import annotations


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
    "options.sentinel_timing_2024": {"after_disengage": ("Right after Disengage",
                                                         "Juste après l'action Se désengager"),
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
