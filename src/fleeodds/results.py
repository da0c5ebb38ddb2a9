"""OutcomeTable: the tidy result of an evaluation, plus its manifest."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from .outcomes import Metric, Outcome

COLUMNS = ["method", "outcome", "label", "probability", "ci_low", "ci_high", "count", "trials", "exact", "z"]
DIST_COLUMNS = ["method", "outcome", "label", "value", "probability", "count"]


@dataclass
class OutcomeTable:
    """Probabilities of each outcome, exact and/or Monte Carlo.

    Attributes
    ----------
    frame : pandas.DataFrame
        One row per (method, outcome). Columns: ``method`` (``"exact"`` or
        ``"monte_carlo"``), ``outcome`` (code), ``label`` (in ``lang``),
        ``probability`` (float in [0, 1]), ``ci_low``/``ci_high`` (95 % Wilson
        interval; equal to ``probability`` for exact rows), ``count`` (trials in
        this outcome; NaN for exact rows), ``trials``, ``exact`` (bool), ``z``
        (Monte Carlo rows when an exact value exists: standard errors between
        the estimate and the exact value).
    distribution : pandas.DataFrame
        The metric's distribution per outcome: ``method, outcome, label, value,
        probability, count``; empty when the scenario has no metric.
    manifest : dict
        Seed, trials, scenario, versions of fleeodds/numpy/numba, timings.
    outcomes : tuple of Outcome
    metric : Metric
    lang : str
    """

    frame: pd.DataFrame
    distribution: pd.DataFrame
    manifest: dict[str, Any]
    outcomes: tuple[Outcome, ...]
    metric: Metric
    lang: str = "en"
    exact_fractions: dict[str, str] = field(default_factory=dict)

    # -- views ----------------------------------------------------------------
    def probability(self, outcome: str, method: str | None = None) -> float:
        """Probability of ``outcome``; exact if available unless ``method`` says otherwise."""
        rows = self.frame[self.frame.outcome == outcome]
        if method:
            rows = rows[rows.method == method]
        if rows.empty:
            raise KeyError(outcome)
        rows = rows.sort_values("exact", ascending=False)
        return float(rows.iloc[0].probability)

    @property
    def methods(self) -> list[str]:
        return list(dict.fromkeys(self.frame.method))

    def relabel(self, lang: str) -> "OutcomeTable":
        """The same table with labels in ``lang`` (``"en"`` or ``"fr"``)."""
        labels = {o.code: o.label(lang) for o in self.outcomes}
        frame = self.frame.assign(label=self.frame.outcome.map(labels))
        dist = self.distribution.assign(label=self.distribution.outcome.map(labels)) if len(self.distribution) else self.distribution
        return OutcomeTable(frame, dist, self.manifest, self.outcomes, self.metric, lang, self.exact_fractions)

    def wide(self) -> pd.DataFrame:
        """One row per outcome: label, exact, Monte Carlo, 95 % interval, count, z."""
        out = pd.DataFrame({"outcome": [o.code for o in self.outcomes],
                            "label": [o.label(self.lang) for o in self.outcomes]})
        ex = self.frame[self.frame.method == "exact"].set_index("outcome")
        mc = self.frame[self.frame.method == "monte_carlo"].set_index("outcome")
        if len(ex):
            out["exact"] = out.outcome.map(ex.probability)
            if self.exact_fractions:
                out["fraction"] = out.outcome.map(self.exact_fractions)
        if len(mc):
            out["monte_carlo"] = out.outcome.map(mc.probability)
            out["ci_low"] = out.outcome.map(mc.ci_low)
            out["ci_high"] = out.outcome.map(mc.ci_high)
            out["count"] = out.outcome.map(mc["count"]).astype("int64")
            if len(ex):
                out["z"] = out.outcome.map(mc.z)
        return out

    def metric_views(self, method: str | None = None) -> pd.DataFrame:
        """The metric over all outcomes as "exactly", "at least" and "at most" probabilities."""
        d = self.distribution
        if d.empty:
            return pd.DataFrame(columns=["value", "exactly", "at_least", "at_most"])
        method = method or ("exact" if "exact" in set(d.method) else "monte_carlo")
        g = d[d.method == method].groupby("value").probability.sum().sort_index()
        return pd.DataFrame({"value": g.index, "exactly": g.values,
                             "at_least": g[::-1].cumsum()[::-1].values, "at_most": g.cumsum().values})

    # -- serialisation ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        def clean(records):
            return [{k: (None if v is pd.NA or (isinstance(v, float) and math.isnan(v)) else v) for k, v in r.items()}
                    for r in records]

        return {
            "manifest": self.manifest,
            "outcomes": clean(self.frame.to_dict(orient="records")),
            "exact_fractions": self.exact_fractions,
            "metric": {"code": self.metric.code, "label": self.metric.label(self.lang), "unit": self.metric.unit},
            "distribution": clean(self.distribution.to_dict(orient="records")),
        }

    def to_json(self, indent: int = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, default=_json_default, ensure_ascii=False)

    def to_csv(self) -> str:
        return self.frame.to_csv(index=False)


def _json_default(o):
    import numpy as np

    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    if isinstance(o, np.bool_):
        return bool(o)
    return str(o)
