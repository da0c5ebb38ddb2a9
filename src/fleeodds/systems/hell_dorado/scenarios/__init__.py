"""Hell Dorado scenarios: ``type = "fuite"`` (default), ``"passe"`` and ``"attraction"``.

- :mod:`.load`: the loader (:func:`load_scenario`) and the benchmark case;
- :mod:`.fuite`, :mod:`.passe`, :mod:`.attraction`: one :class:`~fleeodds.system.Scenario` subclass each,
  with its loader: load -> plan (:mod:`..plan`) -> exact (:mod:`..exact`) | kernel (:mod:`..kernels`);
- :mod:`.base`: what they share (profiles, optional re-rolls, the effect checks of derived scenarios).
"""

from __future__ import annotations

from .attraction import AttractionScenario
from .fuite import FuiteScenario
from .load import benchmark_case, load_scenario
from .passe import PassScenario

__all__ = ["AttractionScenario", "FuiteScenario", "PassScenario", "benchmark_case", "load_scenario"]
