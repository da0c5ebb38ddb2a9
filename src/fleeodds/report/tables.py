"""Text and Markdown tables of OutcomeTables (via tabulate), with locale-aware percentages."""

from __future__ import annotations

import math

import pandas as pd
from tabulate import tabulate

from ..results import OutcomeTable
from .format import integer, number, pct
from .text import w

TABLEFMT = {"table": "simple", "md": "github"}


def outcome_frame(table: OutcomeTable, digits: int = 2) -> pd.DataFrame:
    """Formatted per-outcome rows: label, exact %, fraction, Monte Carlo %, 95 % interval, trials, z."""
    lang = table.lang
    wide = table.wide()
    out = pd.DataFrame({w("outcome", lang): wide.label})
    if "exact" in wide:
        out[w("exact", lang)] = [pct(p, lang, digits) for p in wide.exact]
        if "fraction" in wide:
            out[w("fraction", lang)] = wide.fraction.fillna("0").tolist()
    if "monte_carlo" in wide:
        out[w("monte_carlo", lang)] = [pct(p, lang, digits) for p in wide.monte_carlo]
        out[w("ci", lang)] = [f"{pct(lo, lang, digits)} – {pct(hi, lang, digits)}"
                              for lo, hi in zip(wide.ci_low, wide.ci_high)]
        out[w("count", lang)] = [integer(c, lang) for c in wide["count"]]
        if "z" in wide:
            out["z"] = ["" if math.isnan(z) else number(z, lang, 2) for z in wide.z]
    return out


def notes(table: OutcomeTable) -> list[str]:
    """Lines saying how the numbers were obtained."""
    lang = table.lang
    m = table.manifest
    lines = []
    if "exact" in table.methods:
        lines.append(w("exact_only", lang) + (f" ({m.get('exact_mode')})" if m.get("exact_mode") else ""))
    if "monte_carlo" in table.methods:
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
    return lines


def render(table: OutcomeTable, fmt: str = "table", digits: int = 2, distribution: bool = False) -> str:
    """The table as plain text (``"table"``) or GitHub Markdown (``"md"``), with title and notes."""
    tf = TABLEFMT[fmt]
    frame = outcome_frame(table, digits)
    title = table.manifest.get("title", "")
    head = f"## {title}\n\n" if fmt == "md" else f"{title}\n"
    body = tabulate(frame, headers="keys", tablefmt=tf, showindex=False, disable_numparse=True)
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in notes(table))
    out = f"{head}\n{body}\n\n{foot}\n" if fmt == "md" else f"{head}{body}\n{foot}\n"
    if distribution and not table.distribution.empty:
        out += "\n" + render_metric(table, fmt, digits)
    return out


def render_metric(table: OutcomeTable, fmt: str = "table", digits: int = 2) -> str:
    """The metric's distribution as "exactly / at least / at most" columns."""
    lang = table.lang
    views = table.metric_views()
    unit = f" ({table.metric.unit})" if table.metric.unit else ""
    frame = pd.DataFrame({
        table.metric.label(lang) + unit: views.value.astype(int).astype(str),
        w("exactly", lang): [pct(p, lang, digits) for p in views.exactly],
        w("at_least", lang): [pct(p, lang, digits) for p in views.at_least],
        w("at_most", lang): [pct(p, lang, digits) for p in views.at_most],
    })
    return tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True) + "\n"
