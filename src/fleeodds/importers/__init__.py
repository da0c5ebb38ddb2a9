"""Importers that turn other tools' army data into fleeodds unit profiles.

- :mod:`fleeodds.importers.bsdata`: BattleScribe ``.cat`` / ``.gst`` catalogues
  -> units with their characteristics, rules and points, turned into a rules
  system's profiles by that system's mapping (for Warhammer:
  :func:`fleeodds.systems.warhammer.list_building.import_catalogue`).
"""

from .bsdata import (Catalogue, ImportResult, Problem, Unit, UnitMapping, import_catalogue, map_catalogue,
                     read_catalogue, write_profiles)

__all__ = ["Catalogue", "ImportResult", "Problem", "Unit", "UnitMapping", "import_catalogue", "map_catalogue",
           "read_catalogue", "write_profiles"]
