"""D&D 3.5, Pathfinder 1e, D&D 5e (2014 and 2024): leaving melee under attacks of opportunity, and
5e death saving throws.

The scenario file format is described in :mod:`.scenarios.exchange` (leaving melee) and
:mod:`.scenarios.death_saves`; the parts: :mod:`.model` (what a file may say), :mod:`.checks`
(inputs that change nothing, noted by name), :mod:`.plan` (the frozen plans and the rules'
tables), :mod:`.exact` (exact solvers), :mod:`.kernels` (Monte Carlo), :mod:`.scenarios`.

References
----------
docs/dnd.md (the project's digest); D&D 3.5 SRD (*Combat*, *Injury and
Death*, *Skills: Tumble*, *Feats*); Pathfinder RPG PRD (*Combat*, *Acrobatics*,
*Feats*); SRD 5.1 and SRD 5.2 (*Combat*, *Damage and Healing*, monsters).
"""

from __future__ import annotations

from ...system import RulesSystem
from . import decisions
from ...language import N_
from .labels import value_labels
from .model.scenario import schema
from .scenarios import load_scenario
from .scenarios.exchange import benchmark_case

SYSTEM = RulesSystem(key="dnd", title=N_("D&D 3.5, Pathfinder 1e, D&D 5e"),
                     loader=load_scenario, schema=schema, compare_paths=("compare", "compare_modes"),
                     benchmark=benchmark_case, value_labels=value_labels(),
                     decision_points=decisions.decision_points, goals=decisions.GOALS)
