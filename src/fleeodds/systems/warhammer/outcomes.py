"""Warhammer outcome codes (digest §5), shared by the exact solver and the kernel."""

from ...outcomes import Outcome

HELD, GAVE_GROUND, FELL_BACK, CAUGHT_REENGAGED, CAUGHT, RUN_DOWN, ESCAPED, OFF_TABLE, RALLIED, STILL_FLEEING = range(10)

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
)
N_OUTCOMES = len(ALL)

#: From best to worst for the unit that lost the combat (``Scenario.outcome_order``): it holds,
#: gives ground or falls back in good order, or is caught. Flight outcomes (escaped, rallied,
#: off the table) are no step of that scale and are left out of the cumulative views.
ORDER = ("held", "gave_ground", "fell_back", "caught_reengaged", "caught")
