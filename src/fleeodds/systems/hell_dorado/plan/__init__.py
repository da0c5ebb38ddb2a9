"""Hell Dorado plans: a validated scenario resolved into frozen, hashable dataclasses.

- :mod:`.attack`: one side of a weapon pass (:class:`Attack`): dice, soutien, hit threshold;
- :mod:`.fuite`, :mod:`.passe`, :mod:`.attraction`: the plan of each scenario type, and the
  straight-line Attraction geometry;
- :mod:`.paths`: shortest paths round terrain and allies, the room to flee and the flee move
  (shapely; imported where used, not here, so that loading a scenario without positions does
  not load shapely).

The exact solver (:mod:`..exact`) and the Monte Carlo kernels (:mod:`..kernels`) both start from a plan.
"""

from __future__ import annotations

from .attack import Attack, attack_dice, can_support, hit_threshold, make_attack, support_bonus
from .attraction import AttractionPlan, attraction_geometry
from .fuite import FuitePlan
from .passe import PassePlan

__all__ = ["Attack", "AttractionPlan", "FuitePlan", "PassePlan", "attack_dice", "attraction_geometry",
           "can_support", "hit_threshold", "make_attack", "support_bonus"]
