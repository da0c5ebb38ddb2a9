"""Importers that turn other tools' army data into fleeodds unit profiles.

- :mod:`fleeodds.importers.bsdata`: BattleScribe ``.cat`` / ``.gst`` catalogues
  (Warhammer Fantasy Battle) -> Warhammer unit profiles.
"""

from .bsdata import ImportResult, Problem, import_catalogue, write_profiles

__all__ = ["ImportResult", "Problem", "import_catalogue", "write_profiles"]
