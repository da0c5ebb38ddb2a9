"""Hell Dorado checks: effect checks (an input that changes nothing is noted by name) and refusals.

- :mod:`.effects`: an option or a situational field written must be able to change the results;
  card values that change nothing are listed as unused;
- :mod:`.refusals`: inputs a rule of the scenario's type never reads, capacities used where
  they cannot be (noted, or refused by name when not modelled).
"""

from __future__ import annotations

from .effects import CARD_FIELDS, check_inputs, checked_fields, outcome_key, unused_inputs
from .refusals import POSITION, check_options, compare_sets, esquive_index, refuse_esquive, refuse_given

__all__ = ["CARD_FIELDS", "POSITION", "check_inputs", "check_options", "checked_fields", "compare_sets",
           "esquive_index", "outcome_key", "refuse_esquive", "refuse_given", "unused_inputs"]
