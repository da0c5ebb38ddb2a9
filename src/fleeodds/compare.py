"""Evaluate several setups side by side (list building: Ld 7 vs 8, Intangible or not, editions).

Every setup is simulated with the same seed and trial indices, i.e. on common
random numbers: the k-th trial of each setup reads the same stream of draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pandas as pd

from .api import evaluate
from .errors import InputError
from .results import OutcomeTable
from .system import Scenario


@dataclass
class Comparison:
    """Outcomes of several setups.

    Attributes
    ----------
    frame : pandas.DataFrame
        One row per (setup, outcome): ``setup, outcome, label, probability,
        ci_low, ci_high, exact, difference`` where ``probability`` is exact when
        available and ``difference`` is against the first setup (same outcome).
    tables : list of OutcomeTable
        The full result of each setup.
    lang : str
    """

    frame: pd.DataFrame
    tables: list[OutcomeTable]
    lang: str
    title: str = ""

    def wide(self) -> pd.DataFrame:
        """Rows: outcomes; columns: setups (probabilities)."""
        return self.frame.pivot_table(index="label", columns="setup", values="probability", sort=False)[
            list(dict.fromkeys(self.frame.setup))]


def compare(
    setups: Sequence[tuple[str, Scenario]],
    method: str = "both",
    *,
    trials: int | None = None,
    precision: float | None = None,
    seed: int = 0,
    lang: str = "en",
    progress: bool | None = None,
    title: str = "",
) -> Comparison:
    """Evaluate ``setups`` (``[(label, scenario), ...]``) on common random numbers.

    Raises
    ------
    InputError
        With fewer than two setups, or setups of different rules systems.
    """
    if len(setups) < 2:
        raise InputError("setups", len(setups), "at least two setups to compare")
    systems = {s.system for _, s in setups}
    if len(systems) > 1:
        raise InputError("setups", sorted(systems), "setups of one rules system")
    rows = []
    tables = []
    base: dict[str, float] = {}
    for k, (label, sc) in enumerate(setups):
        t = evaluate(sc, method, trials=trials, precision=precision, seed=seed, lang=lang, progress=progress)
        tables.append(t)
        wide = t.wide()
        for _, r in wide.iterrows():
            exact = "exact" in wide and not np.isnan(r.get("exact", np.nan))
            p = float(r["exact"]) if exact else float(r["monte_carlo"])
            lo = p if exact else float(r["ci_low"])
            hi = p if exact else float(r["ci_high"])
            if k == 0:
                base[r.outcome] = p
            rows.append({"setup": label, "outcome": r.outcome, "label": r.label, "probability": p,
                         "ci_low": lo, "ci_high": hi, "exact": exact,
                         "difference": p - base[r.outcome] if r.outcome in base else np.nan})
    return Comparison(pd.DataFrame(rows), tables, lang, title)
