"""Movement-mode, edition and option labels in English and French (the outcomes' own are in :mod:`.outcomes`).

French terms follow the French 3.5 rules text (attaque d'opportunité, case
contrôlée, pas de placement, retraite, Attaques réflexes, Souplesse du serpent
for Mobility, Acrobaties for Tumble) and the French 5e SRD (attaque
d'opportunité, Se désengager, Foncer). Withdraw is *retraite* (a retreat: never *repli*, Hell
Dorado's Ordre Repli).
"""


from __future__ import annotations

from ...language import Message, N_, pmessage
from ...outcomes import as_message

#: Movement modes, marked for the catalogue (the French in fr.po). A generic movement is a lowercase noun or phrase
#: (déplacement, retraite, course, pas de placement, rester au contact); an action or skill
#: of the rulebook keeps its capitalised name (Acrobaties, Foncer, Se désengager), as in English
#: (Tumble, Dash, Disengage). A ``[compare]`` label_fr in an example uses the same words.
MODE_LABELS = {
    "move": N_("move away (provokes)"),
    "withdraw": N_("withdraw"),
    "run": N_("run"),
    "five_foot_step": N_("5-foot step"),
    "tumble": N_("Tumble, half speed"),
    "tumble_full": N_("Tumble, full speed"),
    "dash": N_("Dash"),
    "disengage": N_("Disengage"),
    "stay": N_("stay in melee"),
    "teleport": N_("teleport (provokes nothing)"),
    "forced": N_("moved by something else (provokes nothing)"),
}
PF_MODE_LABELS = {
    "tumble": N_("Acrobatics, half speed"),
    "tumble_full": N_("Acrobatics, full speed"),
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
        for code, label in table.items():
            if key in _texts(label):
                return code
    return MODE_WORDS_FR.get(key)


def _texts(label: str) -> set[str]:
    """A label in every language with a catalogue, each :func:`_plain`."""
    from ...system import label_texts

    return {_plain(t) for t in label_texts(label)}


def mode_label(mode: str, edition: str) -> Message:
    """Label of a movement mode, a :class:`~fleeodds.language.Message` (``"withdraw"`` reads ``"retraite"`` in
    French)."""
    return as_message((PF_MODE_LABELS if edition == "pf1" and mode in PF_MODE_LABELS else MODE_LABELS)[mode])


#: Names of edition values for charts and tables (``RulesSystem.value_labels``).
EDITION_LABELS = {
    "3.5": N_("D&D 3.5"), "pf1": N_("Pathfinder 1e"),
    "5e2014": N_("D&D 5e (2014)"), "5e": N_("D&D 5e (2014)"),
    "5e2024": N_("D&D 5e (2024)"),
}


#: Feats of the runner (French: the French 3.5 PHB and the French 5e texts; Speedy is a 2024 feat).
FEAT_LABELS = {
    "mobility": N_("Mobility"), "dodge": N_("Dodge"), "run": N_("Run"),
    "spring_attack": N_("Spring Attack"), "mobile": N_("Mobile"),
    "speedy": N_("Speedy"),
}

#: The shipped stat lines (``data/*.toml``), by preset code: each label names the edition, so that no two
#: presets of a field share one (French: the French SRD names, DRS for SRD).
ENEMY_PRESET_LABELS = {
    "srd35_orc_falchion": N_("orc, 1st-level warrior, falchion (3.5)"),
    "srd35_orc_greataxe": N_("orc, 1st-level warrior, greataxe (3.5)"),
    "srd35_goblin": N_("goblin, 1st-level warrior (3.5)"),
    "srd35_gnoll": N_("gnoll (3.5)"),
    "srd35_ogre": N_("ogre (3.5)"),
    "srd51_orc": N_("orc (SRD 5.1)"),
    "srd51_goblin": N_("goblin (SRD 5.1)"),
    "srd51_wolf": N_("wolf (SRD 5.1)"),
    "srd51_ogre": N_("ogre (SRD 5.1)"),
    "srd52_wolf": N_("wolf (SRD 5.2)"),
    "srd52_ogre": N_("ogre (SRD 5.2)"),
    "srd52_bugbear_warrior": N_("bugbear warrior (SRD 5.2)"),
    "pf1_orc": N_("orc, warrior 1 (Pathfinder)"),
    "pf1_goblin": N_("goblin, warrior 1 (Pathfinder)"),
    "pf1_ogre": N_("ogre (Pathfinder)"),
}
RUNNER_PRESET_LABELS = {
    "srd35_wizard_1": N_("wizard 1 (3.5)"),
    "srd35_fighter_1": N_("fighter 1 (3.5)"),
    "srd35_rogue_1": N_("rogue 1 (3.5)"),
    "pf1_wizard_1": N_("wizard 1 (Pathfinder)"),
    "pf1_fighter_1": N_("fighter 1 (Pathfinder)"),
    "pf1_rogue_1": N_("rogue 1 (Pathfinder)"),
    "srd5_fighter_1": N_("fighter 1 (5e)"),
    "srd5_rogue_1": N_("rogue 1 (5e)"),
    "srd5_wizard_1": N_("wizard 1 (5e)"),
    "srd5_runner_11_15": N_("5e character, 11 HP, AC 15"),
}


def edition_code(text: str) -> str | None:
    """The edition code a label names (``"Pathfinder 1re éd."``, ``"D&D 5e (2024)"``), or ``None``."""
    key = _plain(text)
    for code, label in EDITION_LABELS.items():
        if key in _texts(label):
            return code
    return None


def code_of(text: str, labels: dict) -> str | None:
    """The code of ``labels`` (``{code: label marked N_()}``) whose label, in any language, is ``text`` (case
    and accents aside), or ``None``: ``code_of("Esquive", FEAT_LABELS)`` is ``"dodge"``."""
    key = _plain(text)
    for code, label in labels.items():
        if key in _texts(label):
            return code
    return None


def value_labels() -> dict:
    """``RulesSystem.value_labels`` of D&D: every field that takes a code (editions, movement modes, feats,
    presets, riders, masteries, the options' readings), ``{dotted field: {code: label marked N_()}}``.

    The loader also reads each label as its code (``mode = "retraite"``: the front's alias pass, and
    :func:`mode_code` for the modes wherever a mode is read)."""
    return {"edition": EDITION_LABELS, "mode": dict(MODE_LABELS), "compare_modes.*": dict(MODE_LABELS),
            "runner.feats": dict(FEAT_LABELS), "runner.feats.*": dict(FEAT_LABELS),
            "runner.preset": dict(RUNNER_PRESET_LABELS), "enemies.*.preset": dict(ENEMY_PRESET_LABELS),
            "options.attacker_preset": dict(ENEMY_PRESET_LABELS),
            # the form's choices (the web page shows the names, submits the codes)
            "situation": {"leave_melee": N_("Leaving melee"),
                          "death_saves": N_("Death saving throws"),
                          "chase": N_("Chase after leaving melee")},
            "metric": {"damage": N_("Damage taken"),
                       "attacks": N_("Attacks of opportunity suffered"),
                       "hits": N_("Hits taken")},
            "runner.armor": {"none": pmessage("feminine", "None"), "light": N_("Light"),
                             "medium": N_("Medium"), "heavy": N_("Heavy")},
            **OPTION_LABELS}


#: The runner's choices each round of a chase (5e; French: SRD 5 French text, "Foncer", "Se désengager", "Ruse").
CHASE_ACTION_LABELS = {"move": N_("Move"), "dash": N_("Dash"),
                       "disengage": N_("Disengage"),
                       "dash+disengage": N_("Dash, and Disengage as a bonus action (Cunning Action)"),
                       "dash+dash": N_("Dash twice (Cunning Action)")}

#: The other choices of the form, by dotted field (French: SRD 5 and 3.5 French texts).
OPTION_LABELS = {
    "system": {"dnd": N_("D&D / Pathfinder")},
    "compare_modes": {"auto": N_("Every mode the edition allows")},
    "enemies.*.on_hit": {"none": pmessage("masculine", "None"), "prone": N_("Knocked prone"),
                         "grapple": N_("Grappled (stops the move)"),
                         "slow": N_("Slowed (-10 ft)")},
    "enemies.*.on_hit_save": {"str": N_("Strength"), "dex": N_("Dexterity"),
                              "con": N_("Constitution")},
    "enemies.*.mastery": {"none": pmessage("feminine", "None"), "push": N_("Push"), "sap": N_("Sap"),
                          "vex": N_("Vex"), "topple": N_("Topple"), "slow": N_("Slow"),
                          "graze": N_("Graze"), "cleave": N_("Cleave"),
                          "nick": N_("Nick")},
    "options.simultaneous_oa": {"stop_after_drop": N_("Stop once the runner drops"),
                                "all_resolve": N_("All resolve")},
    "options.crit_confirmation": {"roll": N_("Confirmation roll"),
                                  "none": N_("None: every threat is a critical")},
    "options.crit_damage_mode_35": {"reroll_per_multiplier": N_("Roll once per multiplier"),
                                    "multiply_one_roll": N_("Multiply one roll")},
    "options.tumble_order": {"order_passed": N_("In the order passed"),
                             "best_first": N_("Most dangerous foe first"),
                             "through_space_first": N_("Through a foe's space first")},
    "options.tumble_checks": {"per_foe": N_("One check per foe"),
                              "single": N_("One check for the whole move")},
    "options.failures_from_critical_at_0": {2: N_("2 failures"), 1: N_("1 failure")},
    "options.sentinel_timing_2024": {"after_disengage": N_("Right after Disengage"),
                                     "on_leave": N_("When it leaves the reach")},
    "options.reach_monster_withdraw": {"second_square_provokes": N_("The second square provokes"),
                                       "none": N_("Provokes nothing")},
    "options.push_2024": {"same_step": N_("Foes left in the same step"),
                          "threatening": N_("Also later foes threatening the start"),
                          "none": N_("No foe")},
    "chase.actions": dict(CHASE_ACTION_LABELS), "chase.actions.*": dict(CHASE_ACTION_LABELS),
    "options.prone_runner": {"stays_prone": N_("Stays prone"),
                             "stands_up": N_("Stands up at once")},
}
