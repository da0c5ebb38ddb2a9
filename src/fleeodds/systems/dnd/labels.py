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

def _plain(text: str) -> str:
    """Lowercase, without accents nor doubled spaces: ``"Se Désengager"`` -> ``"se desengager"``."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


#: The words a French reader types for a mode (the help's words and the labels, accents optional).
MODE_WORDS_FR = {
    "deplacement": "move", "se deplacer": "move", "retraite": "withdraw", "battre en retraite": "withdraw",
    "course": "run", "courir": "run", "pas de placement": "five_foot_step", "acrobaties": "tumble",
    "acrobaties, pleine vitesse": "tumble_full", "rester": "stay", "rester au contact": "stay",
    "foncer": "dash", "se desengager": "disengage", "desengager": "disengage", "teleportation": "teleport",
    "deplace": "forced",
}


def mode_code(text: str) -> str | None:
    """The mode code a label or a French word names (``"retraite"``, ``"Se désengager"``,
    ``"pas de placement (1,50 m)"``), or ``None``."""
    key = _plain(text)
    for table in (MODE_LABELS, PF_MODE_LABELS):
        for code, labels in table.items():
            if key in (_plain(labels[0]), _plain(labels[1])):
                return code
    return MODE_WORDS_FR.get(key)


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


#: Feats of the runner (French: the French 3.5 PHB and the French 5e texts; Speedy is a 2024 feat).
FEAT_LABELS = {
    "mobility": ("Mobility", "Souplesse du serpent"), "dodge": ("Dodge", "Esquive"), "run": ("Run", "Course"),
    "spring_attack": ("Spring Attack", "Attaque éclair"), "mobile": ("Mobile", "Mobile"),
    "speedy": ("Speedy", "Rapide"),
}

#: The shipped stat lines (``data/*.toml``), by preset code: each label names the edition, so that no two
#: presets of a field share one (French: the French SRD names, DRS for SRD).
ENEMY_PRESET_LABELS = {
    "srd35_orc_falchion": ("orc, 1st-level warrior, falchion (3.5)",
                           "orque, homme d'armes 1, cimeterre à deux mains (3.5)"),
    "srd35_orc_greataxe": ("orc, 1st-level warrior, greataxe (3.5)", "orque, homme d'armes 1, grande hache (3.5)"),
    "srd35_goblin": ("goblin, 1st-level warrior (3.5)", "gobelin, homme d'armes 1 (3.5)"),
    "srd35_gnoll": ("gnoll (3.5)", "gnoll (3.5)"),
    "srd35_ogre": ("ogre (3.5)", "ogre (3.5)"),
    "srd51_orc": ("orc (SRD 5.1)", "orque (DRS 5.1)"),
    "srd51_goblin": ("goblin (SRD 5.1)", "gobelin (DRS 5.1)"),
    "srd51_wolf": ("wolf (SRD 5.1)", "loup (DRS 5.1)"),
    "srd51_ogre": ("ogre (SRD 5.1)", "ogre (DRS 5.1)"),
    "srd52_wolf": ("wolf (SRD 5.2)", "loup (DRS 5.2)"),
    "srd52_ogre": ("ogre (SRD 5.2)", "ogre (DRS 5.2)"),
    "srd52_bugbear_warrior": ("bugbear warrior (SRD 5.2)", "gobelours guerrier (DRS 5.2)"),
    "pf1_orc": ("orc, warrior 1 (Pathfinder)", "orque, homme d'armes 1 (Pathfinder)"),
    "pf1_goblin": ("goblin, warrior 1 (Pathfinder)", "gobelin, homme d'armes 1 (Pathfinder)"),
    "pf1_ogre": ("ogre (Pathfinder)", "ogre (Pathfinder)"),
}
RUNNER_PRESET_LABELS = {
    "srd35_wizard_1": ("wizard 1 (3.5)", "magicien niv. 1 (3.5)"),
    "srd35_fighter_1": ("fighter 1 (3.5)", "guerrier niv. 1 (3.5)"),
    "srd35_rogue_1": ("rogue 1 (3.5)", "roublard niv. 1 (3.5)"),
    "pf1_wizard_1": ("wizard 1 (Pathfinder)", "magicien niv. 1 (Pathfinder)"),
    "pf1_fighter_1": ("fighter 1 (Pathfinder)", "guerrier niv. 1 (Pathfinder)"),
    "pf1_rogue_1": ("rogue 1 (Pathfinder)", "roublard niv. 1 (Pathfinder)"),
    "srd5_fighter_1": ("fighter 1 (5e)", "guerrier niv. 1 (5e)"),
    "srd5_rogue_1": ("rogue 1 (5e)", "roublard niv. 1 (5e)"),
    "srd5_wizard_1": ("wizard 1 (5e)", "magicien niv. 1 (5e)"),
    "srd5_runner_11_15": ("5e character, 11 HP, AC 15", "personnage 5e, 11 pv, CA 15"),
}


def edition_code(text: str) -> str | None:
    """The edition code a label names (``"Pathfinder 1re éd."``, ``"D&D 5e (2024)"``), or ``None``."""
    key = _plain(text)
    for code, labels in EDITION_LABELS.items():
        if key in (_plain(labels[0]), _plain(labels[1])):
            return code
    return None


def code_of(text: str, labels: dict) -> str | None:
    """The code of ``labels`` (``{code: (English, French)}``) whose label is ``text`` (case and accents
    aside), or ``None``: ``code_of("Esquive", FEAT_LABELS)`` is ``"dodge"``."""
    key = _plain(text)
    for code, names in labels.items():
        if key in (_plain(names[0]), _plain(names[1])):
            return code
    return None


def value_labels() -> dict:
    """``RulesSystem.value_labels`` of D&D: every field that takes a code (editions, movement modes, feats,
    presets, riders, masteries, the options' readings), ``{dotted field: {code: (English, French)}}``.

    The loader also reads each label as its code (``mode = "retraite"``: the front's alias pass, and
    :func:`mode_code` for the modes wherever a mode is read)."""
    return {"edition": EDITION_LABELS, "mode": dict(MODE_LABELS), "compare_modes.*": dict(MODE_LABELS),
            "runner.feats": dict(FEAT_LABELS), "runner.feats.*": dict(FEAT_LABELS),
            "runner.preset": dict(RUNNER_PRESET_LABELS), "enemies.*.preset": dict(ENEMY_PRESET_LABELS),
            "options.attacker_preset": dict(ENEMY_PRESET_LABELS),
            # the form's choices (the web page shows the names, submits the codes)
            "situation": {"leave_melee": ("Leaving melee", "Quitter la mêlée"),
                          "death_saves": ("Death saving throws", "Jets de sauvegarde contre la mort"),
                          "chase": ("Chase after leaving melee", "Poursuite après la mêlée")},
            "metric": {"damage": ("Damage taken", "Dégâts subis"),
                       "attacks": ("Attacks of opportunity suffered", "Attaques d'opportunité subies"),
                       "hits": ("Hits taken", "Coups reçus")},
            "runner.armor": {"none": ("None", "Aucune"), "light": ("Light", "Légère"),
                             "medium": ("Medium", "Intermédiaire"), "heavy": ("Heavy", "Lourde")},
            **OPTION_LABELS}


#: The runner's choices each round of a chase (5e; French: SRD 5 French text, "Foncer", "Se désengager", "Ruse").
CHASE_ACTION_LABELS = {"move": ("Move", "Se déplacer"), "dash": ("Dash", "Foncer"),
                       "disengage": ("Disengage", "Se désengager"),
                       "dash+disengage": ("Dash, and Disengage as a bonus action (Cunning Action)",
                                          "Foncer, et se désengager par une action bonus (Ruse)"),
                       "dash+dash": ("Dash twice (Cunning Action)", "Foncer deux fois (Ruse)")}

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
    "chase.actions": dict(CHASE_ACTION_LABELS), "chase.actions.*": dict(CHASE_ACTION_LABELS),
    "options.prone_runner": {"stays_prone": ("Stays prone", "Reste à terre"),
                             "stands_up": ("Stands up at once", "Se relève aussitôt")},
}
