"""Loading a Hell Dorado scenario file: the loader of :data:`fleeodds.systems.hell_dorado.SYSTEM`.

A scenario file::

    system = "hell_dorado"
    title = "..."
    type = "fuite"            # or "passe", "attraction"
    profiles_file = "my_cards.toml"   # optional: [profiles.<key>] tables of your own cards
    [options]                 # rules digest §7, see model.OptionsModel
    ...

References
----------
Rules digest §2, §3, §6, §8 (outcome taxonomy); Rules Tips "Fuite" (photos 1–9);
Attraction x (errata August 2007) and Attraction D texts.
"""

from __future__ import annotations

from pathlib import Path

from ....system import Scenario
from ....validation import effect_checks_on
from .. import checks
from .attraction import AttractionScenario
from .base import apply_changes, build
from .fuite import FuiteScenario
from .passe import PassScenario

__all__ = ["AttractionScenario", "FuiteScenario", "PassScenario", "benchmark_case", "load_scenario"]


def load_scenario(data: dict, base_dir: Path | None = None, *, check_only: frozenset[str] | None = None) -> Scenario:
    """Build a Hell Dorado scenario from parsed TOML (the loader of :data:`fleeodds.systems.hell_dorado.SYSTEM`).

    Parameters
    ----------
    data : dict
        ``system = "hell_dorado"``, ``title``, ``type`` ("fuite" default, "passe",
        "attraction") and the type's sections (see the module docstring of each class),
        validated by :class:`~..model.ScenarioModel`.
    base_dir : pathlib.Path, optional
        Folder that ``profiles_file`` is relative to (default: the current folder).
    check_only : frozenset of str, optional
        ``None`` (default): every input that could change nothing is checked, against the
        scenario and each of its comparison setups. A set: the scenario derives from one already
        checked (its base without the comparisons, or a comparison setup); only these dotted
        fields, the ones the derivation set, are checked, the others were checked with the whole
        scenario.

    Returns
    -------
    FuiteScenario or PassScenario or AttractionScenario
        Carrying ``data`` as its ``source``.

    Raises
    ------
    InputError
        On any invalid or unknown field, naming it (dotted path), the value and what
        is allowed; on a rule not modelled yet (``not_modelled``); under ``--strict``
        (:func:`fleeodds.validation.strict_inputs`) on an input that changes nothing (``no_effect``),
        which is otherwise a note (``Scenario.input_notes()``).
    """
    base_dir = Path(base_dir) if base_dir is not None else Path.cwd()
    sc = build(data, base_dir, check_only)
    rebuild = lambda d: build(d, base_dir)  # noqa: E731
    if not effect_checks_on():  # a sweep's cell (see fleeodds.validation.without_effect_checks)
        sc._contexts = [dict(data)]
        return sc
    if check_only is not None:  # a base or a setup of a checked scenario
        checks.check_inputs(data, [dict(data)], rebuild, only=check_only)
        sc._contexts = [dict(data)]
        return sc
    base = dict(sc.base_source())
    contexts = [base] + [apply_changes(base, s.changes) for s in sc.compare_setups()]
    checks.check_inputs(data, contexts, rebuild)
    sc._contexts = contexts
    return sc


def benchmark_case() -> FuiteScenario:
    """A Fuite for the benchmark: a fighter (DEF 4, PRO 2, PV 4) fleeing an adversary
    with CBT 5 and one supporter (6 dice: 5 rolled + 1 re-roll, hits on 4+),
    weapon 2/4/5/6/8, a Mis au sol trigger on 4 hits; exact P(killed) = 11/32.

    Returns
    -------
    FuiteScenario
    """
    data = {
        "system": "hell_dorado", "title": "Benchmark: Fuite under soutien (illustrative values)",
        "fleeing": {"name": "Fuyard", "mou": 4, "cbt": 3, "def": 4, "pro": 2, "pv": 4},
        "adversaries": [
            {"name": "Attaquant", "cbt": 5, "def": 4, "pro": 1, "pv": 4,
             "weapons": [{"name": "lame", "damage": [2, 4, 5, 6, 8],
                          "states": [{"state": "Mis au sol", "min_hits": 4}]}]},
            {"name": "Soutien", "cbt": 2, "def": 4, "pro": 0, "pv": 3,
             "weapons": [{"name": "dague", "damage": [1, 2, 3, 4, 5]}]},
        ],
        "fuite": {"attacker": "Attaquant", "compare": ["base", "intangible", "ordre_repli", "no_soutien"]},
    }
    return load_scenario(data, Path.cwd())
