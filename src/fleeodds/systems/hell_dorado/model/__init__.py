"""Validated Hell Dorado input: what a scenario file may say.

- :mod:`.names`: capacities, states and base sizes in French or English;
- :mod:`.fields`: the bilingual field helper and schema pieces;
- :mod:`.fighter`: fighter and weapon tables, profiles, :class:`Fighter` and :func:`build_fighter`;
- :mod:`.options`: ``[options]`` and the resolved :class:`Options`;
- :mod:`.sections`: the scenario sections, :class:`ScenarioModel` and :func:`schema`.

Units: distances in toises, base sizes in millimetres, damage and PV in life points.
"""

from __future__ import annotations

from ....validation import validate
from .fighter import DATA_DIR, Fighter, FighterModel, Weapon, WeaponModel, build_fighter, load_profiles
from .names import BASES_MM, CAPACITIES, STATES, parse_capacity, parse_state
from .options import OPTION_SCOPE, Options, OptionsModel, parse_options
from .sections import (
    FUITE_COMPARE_KEYS,
    SECTIONS,
    AttractionModel,
    FuiteModel,
    PasseModel,
    ScenarioModel,
    TerrainModel,
    schema,
)

__all__ = [
    "BASES_MM", "CAPACITIES", "DATA_DIR", "FUITE_COMPARE_KEYS", "OPTION_SCOPE", "SECTIONS", "STATES",
    "AttractionModel", "Fighter", "FighterModel", "FuiteModel", "Options", "OptionsModel", "PasseModel",
    "ScenarioModel", "TerrainModel", "Weapon", "WeaponModel", "build_fighter", "load_profiles", "parse_capacity",
    "parse_options", "parse_state", "schema", "validate",
]
