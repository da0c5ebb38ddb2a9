"""What a Warhammer scenario file may say, validated with pydantic (no rule is applied here).

:mod:`.base` the field helper, special rules, troop types and a unit's profile; :mod:`.flee` the
scenario (units, lost combat, Leadership test, table, rules options); :mod:`.obstacles` the things
in the way; :mod:`.combat` the ``[fight]`` section; :mod:`.profiles` the profile files and the merge
of a unit table with its named profile. The names below are re-exported for importers.
"""

from .base import RULES, RULES_SCHEMA, TROOP_TYPES, F, UnitProfile
from .combat import MOUNTED, SIDES, TWO_HANDED, WEAPONS, Fight, FightOptions, FightUnit
from .flee import (EDITIONS, SITUATIONS, TEST_KINDS, TEST_SITUATIONS, Combat, LdTestSpec, Options, PursuerRef,
                   ScenarioModel, Table, UnitRef)
from .obstacles import KINDS, Obstacle
from .profiles import find_profile, resolve_unit, shipped_profiles

__all__ = ["EDITIONS", "F", "KINDS", "MOUNTED", "RULES", "RULES_SCHEMA", "SIDES", "SITUATIONS", "TEST_KINDS",
           "TEST_SITUATIONS", "TROOP_TYPES", "TWO_HANDED", "WEAPONS", "Combat", "Fight", "FightOptions", "FightUnit",
           "LdTestSpec", "Obstacle", "Options", "PursuerRef", "ScenarioModel", "Table", "UnitProfile", "UnitRef",
           "find_profile", "resolve_unit", "shipped_profiles"]
