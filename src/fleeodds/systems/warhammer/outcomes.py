"""Warhammer outcome codes (digest §5), shared by the exact solver and the kernel."""

from ...language import N_
from ...outcomes import Outcome

HELD, GAVE_GROUND, FELL_BACK, CAUGHT_REENGAGED, CAUGHT, RUN_DOWN, ESCAPED, OFF_TABLE, RALLIED, STILL_FLEEING = range(10)
#: Removed by a thing in the way of the flee move (.obstacles): an enemy unit, or impassable terrain.
DESTROYED_CONTACT, DESTROYED_TERRAIN = 10, 11

ALL = (
    Outcome("held", N_("held (passed the Break test)")),
    Outcome("gave_ground", N_("gave ground")),
    Outcome("fell_back", N_("fell back in good order")),
    Outcome("caught_reengaged", N_("caught while falling back (re-engaged)")),
    Outcome("caught", N_("caught and destroyed in the pursuit")),
    Outcome("run_down", N_("run down by a charge")),
    Outcome("escaped", N_("escaped (still fleeing)")),
    Outcome("escaped_off_table", N_("fled off the table edge")),
    Outcome("rallied", N_("rallied")),
    Outcome("still_fleeing", N_("still fleeing at the turn limit")),
    Outcome("destroyed_contact", N_("destroyed by a unit in the way")),
    Outcome("destroyed_terrain", N_("destroyed by terrain in the way")),
)
N_OUTCOMES = len(ALL)

#: How the codes read in the test situations (the same internal codes: the test is run in place of the
#: Break test, "held" = passed, "escaped" = failed with no flee move; TOW panic: gave ground = passed).
TEST_LABELS = {
    ("leadership_test", HELD): Outcome("passed", N_("passed the Leadership test")),
    ("leadership_test", ESCAPED): Outcome("failed", N_("failed the Leadership test")),
    ("panic", HELD): Outcome("passed", N_("passed the Panic test")),
    ("panic", GAVE_GROUND): Outcome("passed", N_("passed the Panic test")),
    ("panic", FELL_BACK): Outcome("fell_back", N_("failed the Panic test: fell back in good order")),
    ("panic", ESCAPED): Outcome("escaped", N_("failed the Panic test: fled (still fleeing)")),
}

#: From best to worst for the unit that lost the combat (``Scenario.outcome_order``): it holds,
#: gives ground or falls back in good order, or is caught. Flight outcomes (escaped, rallied,
#: off the table) are no step of that scale and are left out of the cumulative views.
ORDER = ("held", "gave_ground", "fell_back", "caught_reengaged", "caught")

#: Names of the edition values for charts and tables (``RulesSystem.value_labels``).
EDITION_LABELS = {
    "6th": N_("6th edition"), "6": N_("6th edition"),
    "7th": N_("7th edition"), "7": N_("7th edition"),
    "8th": N_("8th edition"), "8": N_("8th edition"),
    "tow": N_("The Old World"), "the_old_world": N_("The Old World"),
    "old_world": N_("The Old World"),
    "starter": N_("Battle for Skull Pass"),
    "skull_pass": N_("Battle for Skull Pass"),
    "col_du_crane": N_("Battle for Skull Pass"),
}

#: Names of the troop types (``RulesSystem.value_labels``; rankings and import listings).
#: Names of the special rules that bear on flee and pursuit (French: the rulebooks' French terms).
RULE_LABELS = {
    "swiftstride": N_("Swiftstride"), "fast_cavalry": N_("Fast Cavalry"),
    "fly": N_("Fly"), "stubborn": N_("Stubborn"), "unbreakable": N_("Unbreakable"),
    "immune_to_psychology": N_("Immune to Psychology"),
    "frenzy": N_("Frenzy"), "cold_blooded": N_("Cold-blooded"),
    "fear": N_("Fear"), "terror": N_("Terror"), "steadfast": N_("Steadfast"),
    "warband": N_("Warband"), "scurrying_masses": N_("Scurrying Masses"),
    "veteran": N_("Veteran"), "impetuous": N_("Impetuous"),
    "random_movement": N_("Random Movement"), "fire_and_flee": N_("Fire & Flee"),
    # rules of the close-combat round (docs/warhammer_combat.md §15)
    "hatred": N_("Hatred"), "always_strikes_first": N_("Always Strikes First"),
    "always_strikes_last": N_("Always Strikes Last"),
    "poisoned_attacks": N_("Poisoned Attacks"), "killing_blow": N_("Killing Blow"),
    "regeneration": N_("Regeneration"), "stomp": N_("Stomp"),
    "thunderstomp": N_("Thunderstomp"),
}
TROOP_TYPE_LABELS = {
    "infantry": N_("infantry"), "cavalry": N_("cavalry"),
    "monstrous_infantry": N_("monstrous infantry"),
    "monstrous_cavalry": N_("monstrous cavalry"),
    "monstrous_beast": N_("monstrous beast"), "war_beast": N_("war beast"),
    "monster": N_("monster"), "chariot": N_("chariot"), "swarm": N_("swarm"),
    "war_machine": N_("war machine"), "character": N_("character"),
    "other": N_("other"),
    "heavy_infantry": N_("heavy infantry"),
    "light_cavalry": N_("light cavalry"), "heavy_cavalry": N_("heavy cavalry"),
    "light_chariot": N_("light chariot"), "heavy_chariot": N_("heavy chariot"),
}
