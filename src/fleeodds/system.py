"""What a rules system provides: a scenario that can be evaluated exactly and by Monte Carlo.

Each rules system (``fleeodds.systems.<name>``) exposes ``load_scenario(data,
base_dir)`` returning a :class:`Scenario`. The registry below maps the
``system = "…"`` key of a scenario file to that function; it is imported
lazily so that loading one system never compiles another's kernels.
"""

from __future__ import annotations

import copy
import importlib
from abc import ABC, abstractmethod
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .errors import InputError
from .outcomes import NO_METRIC, Metric, Outcome

#: system key -> module that defines ``load_scenario(data: dict, base_dir: Path) -> Scenario``
SYSTEMS: dict[str, str] = {
    "warhammer": "fleeodds.systems.warhammer",
    "dnd": "fleeodds.systems.dnd",
    "hell_dorado": "fleeodds.systems.hell_dorado",
}


class Scenario(ABC):
    """A validated situation of one rules system.

    Subclasses set :attr:`outcomes` and :attr:`metric` and implement
    :meth:`exact_distribution` and :meth:`kernel`.
    """

    system: str = ""
    title: str = ""
    outcomes: tuple[Outcome, ...] = ()
    metric: Metric = NO_METRIC

    @property
    def has_exact(self) -> bool:
        """Whether :meth:`exact_distribution` can evaluate this scenario."""
        return True

    @abstractmethod
    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact probability of each ``(outcome index, metric value)``.

        Parameters
        ----------
        mode : {"float", "fraction"}
            ``"fraction"`` returns :class:`fractions.Fraction` values.
        """

    @abstractmethod
    def kernel(self) -> Callable[[int, int, int], np.ndarray]:
        """Monte Carlo kernel ``(seed, start, n) -> int64 counts (n_outcomes, metric.n_bins)``."""

    def trial_kernel(self) -> Callable[[int, int, int], np.ndarray]:
        """Optional per-trial kernel ``(seed, start, n) -> int64 array of shape (n,)``.

        Element ``k`` is the outcome index (order of :attr:`outcomes`) of trial
        ``start + k``: the same trials, with the same dice, as :meth:`kernel`
        counts. Paired comparisons on common random numbers
        (:func:`fleeodds.engine.simulate_paired`) need it.

        Raises
        ------
        NotImplementedError
            If the scenario type has no per-trial kernel (see :attr:`has_trial_kernel`).
        """
        raise NotImplementedError(f"{type(self).__name__} has no per-trial kernel")

    @property
    def has_trial_kernel(self) -> bool:
        """Whether :meth:`trial_kernel` is implemented for this scenario."""
        return type(self).trial_kernel is not Scenario.trial_kernel

    @abstractmethod
    def describe(self) -> dict[str, Any]:
        """The validated scenario as plain data, for the manifest."""

    def outcome_index(self, code: str) -> int:
        for i, o in enumerate(self.outcomes):
            if o.code == code:
                return i
        raise InputError("outcome", code, "one of " + ", ".join(o.code for o in self.outcomes))


def get_system(name: str):
    """The module implementing system ``name``."""
    if name not in SYSTEMS:
        raise InputError("system", name, "one of " + ", ".join(f"'{s}'" for s in SYSTEMS))
    return importlib.import_module(SYSTEMS[name])


def scenario_from_dict(data: dict, base_dir: Path | None = None) -> Scenario:
    """Build a :class:`Scenario` from parsed TOML data (a dict with a ``system`` key)."""
    if not isinstance(data, dict):
        raise InputError("scenario", type(data).__name__, "a table of fields")
    if "system" not in data:
        raise InputError("system", None, "one of " + ", ".join(f"'{s}'" for s in SYSTEMS))
    scenario = get_system(data["system"]).load_scenario(data, base_dir or Path.cwd())
    # the source dict and folder, so that sweeps can rebuild the scenario with one field changed
    scenario.source = copy.deepcopy(data)
    scenario.source_dir = base_dir or Path.cwd()
    return scenario
