"""Warhammer Fantasy Battle (6th, 7th, 8th), The Old World and the Skull Pass starter rules:
break test, flee and pursuit, rally tests and flight toward the table edge, charges
against fleeing units, one round of close combat.

A scenario file looks like::

    system = "warhammer"
    title = "Night Goblins broken by Dwarf Warriors"
    edition = "7th"                 # 6th | 7th | 8th | tow | starter
    situation = "break"             # break | fleeing | charge_fleeing | flee_reaction | leadership_test | panic | fight
    [fleeing]
    profile = "Night Goblins"
    [pursuer]
    profile = "Dwarf Warriors"
    [combat]
    margin = 2
    [table]
    edge_distance = 12              # inches; omit for no table edge
    max_turns = 10                  # turns the unit is followed after the pursuit (default 10; 0 stops there)
    [compare]                       # optional: setups side by side
    "Ld 7" = { "fleeing.leadership" = 7, label_fr = "Cd 7" }

The parts: :mod:`.model` (what a file may say), :mod:`.checks` (fields that change nothing,
refused by name), :mod:`.plan` (the rules' tables: model -> frozen plan), :mod:`.exact` and
:mod:`.kernels` (plan -> exact distribution, plan -> Monte Carlo counts), :mod:`.scenarios` (the
Scenario classes and the loader); :mod:`.outcomes`, :mod:`.labels` and :mod:`.list_building` beside them.
Every French word is in the catalogue (``locale/fr/LC_MESSAGES/fleeodds.po``).

References
----------
docs/warhammer.md (the project's digest, with its sources: the 6th/7th/8th
rulebooks' close-combat and movement sections, the TOW rules index, and the
*Bataille au Col du Crâne* starter booklet); docs/warhammer_combat.md (close combat).
"""

from ...system import RulesSystem
from . import decisions
from .labels import FORM_LABELS, TITLE, TITLE_FR, value_labels
from .scenarios.loader import benchmark_case, load_scenario, schema

SYSTEM = RulesSystem(
    key="warhammer", title=TITLE,
    loader=load_scenario, schema=schema, compare_paths=("compare",), roles=("fleeing", "pursuing"),
    benchmark=benchmark_case, list_building="fleeodds.systems.warhammer.list_building",
    value_labels=value_labels(FORM_LABELS), decision_points=decisions.decision_points, goals=decisions.GOALS,
    roll_choices=decisions.roll_choices)
