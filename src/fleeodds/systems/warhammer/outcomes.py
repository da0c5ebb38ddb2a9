"""Warhammer outcome codes (digest §5), shared by the exact solver and the kernel."""

from ...outcomes import Outcome

HELD, GAVE_GROUND, FELL_BACK, CAUGHT_REENGAGED, CAUGHT, RUN_DOWN, ESCAPED, OFF_TABLE, RALLIED, STILL_FLEEING = range(10)
#: Removed by a thing in the way of the flee move (.obstacles): an enemy unit, or impassable terrain.
DESTROYED_CONTACT, DESTROYED_TERRAIN = 10, 11

ALL = (
    Outcome("held", "held (passed the Break test)", "tient (test de moral réussi)"),
    Outcome("gave_ground", "gave ground", "cède du terrain"),
    Outcome("fell_back", "fell back in good order", "repli en bon ordre"),
    Outcome("caught_reengaged", "caught while falling back (re-engaged)", "rattrapée en repli (combat repris)"),
    Outcome("caught", "caught and destroyed in the pursuit", "rattrapée et détruite par la poursuite"),
    Outcome("run_down", "run down by a charge", "rattrapée par une charge"),
    Outcome("escaped", "escaped (still fleeing)", "s'échappe (toujours en fuite)"),
    Outcome("escaped_off_table", "fled off the table edge", "sort par le bord de table"),
    Outcome("rallied", "rallied", "se rallie"),
    Outcome("still_fleeing", "still fleeing at the turn limit", "toujours en fuite à la limite de tours"),
    Outcome("destroyed_contact", "destroyed by a unit in the way", "détruite par une unité sur son chemin"),
    Outcome("destroyed_terrain", "destroyed by terrain in the way", "détruite par un terrain sur son chemin"),
)
N_OUTCOMES = len(ALL)

#: How the codes read in the test situations (the same internal codes: the test is run in place of the
#: Break test, "held" = passed, "escaped" = failed with no flee move; TOW panic: gave ground = passed).
TEST_LABELS = {
    ("leadership_test", HELD): Outcome("passed", "passed the Leadership test", "test de Commandement réussi"),
    ("leadership_test", ESCAPED): Outcome("failed", "failed the Leadership test", "test de Commandement raté"),
    ("panic", HELD): Outcome("passed", "passed the Panic test", "test de panique réussi"),
    ("panic", GAVE_GROUND): Outcome("passed", "passed the Panic test", "test de panique réussi"),
    ("panic", FELL_BACK): Outcome("fell_back", "failed the Panic test: fell back in good order",
                                  "test de panique raté : repli en bon ordre"),
    ("panic", ESCAPED): Outcome("escaped", "failed the Panic test: fled (still fleeing)",
                                "test de panique raté : fuite (toujours en fuite)"),
}

#: From best to worst for the unit that lost the combat (``Scenario.outcome_order``): it holds,
#: gives ground or falls back in good order, or is caught. Flight outcomes (escaped, rallied,
#: off the table) are no step of that scale and are left out of the cumulative views.
ORDER = ("held", "gave_ground", "fell_back", "caught_reengaged", "caught")

#: Names of the edition values for charts and tables (``RulesSystem.value_labels``).
EDITION_LABELS = {
    "6th": ("6th edition", "6e édition"), "6": ("6th edition", "6e édition"),
    "7th": ("7th edition", "7e édition"), "7": ("7th edition", "7e édition"),
    "8th": ("8th edition", "8e édition"), "8": ("8th edition", "8e édition"),
    "tow": ("The Old World", "The Old World"), "the_old_world": ("The Old World", "The Old World"),
    "old_world": ("The Old World", "The Old World"),
    "starter": ("Battle for Skull Pass", "Bataille au Col du Crâne"),
    "skull_pass": ("Battle for Skull Pass", "Bataille au Col du Crâne"),
    "col_du_crane": ("Battle for Skull Pass", "Bataille au Col du Crâne"),
}

#: Names of the troop types (``RulesSystem.value_labels``; rankings and import listings).
#: Names of the special rules that bear on flee and pursuit (French: the rulebooks' French terms).
RULE_LABELS = {
    "swiftstride": ("Swiftstride", "Rapide"), "fast_cavalry": ("Fast Cavalry", "Cavalerie légère"),
    "fly": ("Fly", "Vol"), "stubborn": ("Stubborn", "Obstiné"), "unbreakable": ("Unbreakable", "Indémoralisable"),
    "immune_to_psychology": ("Immune to Psychology", "Immunisé à la psychologie"),
    "frenzy": ("Frenzy", "Frénésie"), "cold_blooded": ("Cold-blooded", "Sang-froid"),
    "fear": ("Fear", "Peur"), "terror": ("Terror", "Terreur"), "steadfast": ("Steadfast", "Indomptable"),
    "warband": ("Warband", "Horde guerrière"), "scurrying_masses": ("Scurrying Masses", "Masses grouillantes"),
    "veteran": ("Veteran", "Vétéran"), "impetuous": ("Impetuous", "Impétueux"),
    "random_movement": ("Random Movement", "Mouvement aléatoire"), "fire_and_flee": ("Fire & Flee", "Tirer et fuir"),
    # rules of the close-combat round (docs/warhammer_combat.md §15)
    "hatred": ("Hatred", "Haine"), "always_strikes_first": ("Always Strikes First", "Frappe toujours en premier"),
    "always_strikes_last": ("Always Strikes Last", "Frappe toujours en dernier"),
    "poisoned_attacks": ("Poisoned Attacks", "Attaques empoisonnées"), "killing_blow": ("Killing Blow", "Coup fatal"),
    "regeneration": ("Regeneration", "Régénération"), "stomp": ("Stomp", "Piétinement"),
    "thunderstomp": ("Thunderstomp", "Piétinement tonitruant"),
}
TROOP_TYPE_LABELS = {
    "infantry": ("infantry", "infanterie"), "cavalry": ("cavalry", "cavalerie"),
    "monstrous_infantry": ("monstrous infantry", "infanterie monstrueuse"),
    "monstrous_cavalry": ("monstrous cavalry", "cavalerie monstrueuse"),
    "monstrous_beast": ("monstrous beast", "bête monstrueuse"), "war_beast": ("war beast", "bête de guerre"),
    "monster": ("monster", "monstre"), "chariot": ("chariot", "char"), "swarm": ("swarm", "nuée"),
    "war_machine": ("war machine", "machine de guerre"), "character": ("character", "personnage"),
    "other": ("other", "autre"),
    "heavy_infantry": ("heavy infantry", "infanterie lourde"),
    "light_cavalry": ("light cavalry", "cavalerie légère"), "heavy_cavalry": ("heavy cavalry", "cavalerie lourde"),
    "light_chariot": ("light chariot", "char léger"), "heavy_chariot": ("heavy chariot", "char lourd"),
}
