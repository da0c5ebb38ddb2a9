"""Words around a sweep's charts and tables: titles, subtitles, footnotes, its fields and values by name.

Shared by :mod:`fleeodds.report.charts` and :mod:`fleeodds.report.tables`, so a sweep reads the
same on a chart, in a table and on the web page; it imports no matplotlib (a text table needs none).
"""

from __future__ import annotations

import numpy as np

from .format import integer, number
from .fields import field_title, value_label
from .text import w


def _system(sweep) -> str:
    return str(sweep.tables[0].manifest.get("system", "")) if sweep.tables else ""


def field_name(sweep, f: str, labels: dict | None = None) -> str:
    """A varied field as people name it: ``labels[f]``, else its schema title, else the path."""
    if labels and f in labels:
        return labels[f]
    t = field_title(_system(sweep), f, sweep.lang)
    return t[:1].upper() + t[1:] if t else f


def value_name(sweep, f: str, v) -> str:
    """A value of a varied field as people name it (editions: "6th edition" / "6e édition")."""
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return integer(int(v), sweep.lang)
    if isinstance(v, (float, np.floating)):
        return number(float(v), sweep.lang, 2)
    return value_label(_system(sweep), f, v, sweep.lang)


def sweep_title(sweep, outcome: str | None = None, heat: bool = False, labels: dict | None = None) -> str:
    """A title that says what varies: "Outcomes by Leadership (Ld)", "P(caught …) by
    Leadership (Ld), one line per Edition", "P(caught …) by Leadership and Combat result margin"."""
    lang = sweep.lang
    names = [field_name(sweep, f, labels) for f in sweep.fields]
    what = (w("probability_of", lang, outcome=sweep.outcome_labels()[outcome]) if outcome
            else w("outcomes_legend_plural", lang))
    if len(names) == 1:
        return w("by_field", lang, what=what, field=names[0])
    if heat:
        return w("by_two_fields", lang, what=what, field=names[0], other=names[1])
    return w("by_field_lines", lang, what=what, field=names[0], other=names[1])


def sweep_subtitle(sweep) -> str:
    """The base scenario the sweep starts from, named as such."""
    base = sweep.manifest.get("scenario") or sweep.title
    return w("base_scenario", sweep.lang, title=base) if base else ""


def sweep_footnote(sweep) -> list[str]:
    """How a sweep's numbers were obtained: exact values or Monte Carlo trials and seed."""
    lang = sweep.lang
    m = sweep.manifest
    lines = []
    if sweep.frame.exact.any():
        lines.append(w("exact_values", lang))
    if m.get("trials"):
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
    return lines
