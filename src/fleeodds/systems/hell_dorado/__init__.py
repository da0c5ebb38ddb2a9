"""Hell Dorado: weapon passes, the Fuite (flee) action with its attaque sans riposte, and Attraction.

``system = "hell_dorado"`` scenario files have ``type = "fuite"`` (default),
``"passe"`` (one weapon pass) or ``"attraction"`` (positional Monte Carlo).
Fuite and passes have an exact solver (rational arithmetic) and a numba Monte
Carlo kernel written independently; Attraction is Monte Carlo, exact only when
the geometry is fixed.

Card values are the player's: profiles are entered in the scenario or in a
``profiles_file``; the shipped ``data/illustrative_profiles.toml`` holds
**illustrative** values, not official cards.

The parts: :mod:`.model` (what a scenario file may say), :mod:`.checks` (inputs that change
nothing, refusals), :mod:`.plan` (the resolved, hashable plans and the table's geometry),
:mod:`.exact` and :mod:`.kernels` (the two solvers), :mod:`.scenarios` (load -> plan -> exact |
kernel), :mod:`.outcomes`, :mod:`.labels`. Its words (errors, notes, the schema's titles and descriptions)
are marked in the source and translated in the message catalogue (``fleeodds/locale``).

References
----------
Rules digest docs/hell_dorado.md (Sapience / Asmodée 2007 / Cipher 2010);
Rules Tips "Fuite"; Attraction x (errata August 2007) and Attraction D.
"""

from __future__ import annotations

from ...system import RulesSystem
from . import decisions
from ...language import N_
from .labels import value_labels
from .model import schema
from .scenarios import benchmark_case, load_scenario

SYSTEM = RulesSystem(key="hell_dorado", title=N_("Hell Dorado"), loader=load_scenario,
                     schema=schema, compare_paths=("compare", "fuite.compare"), benchmark=benchmark_case,
                     # the form's choices (the web page shows the names, submits the codes)
                     value_labels=value_labels(),
                     decision_points=decisions.decision_points, goals=decisions.GOALS)
