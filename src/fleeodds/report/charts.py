"""Article-ready matplotlib charts: outcome probabilities with intervals, grouped comparisons.

Style: one consistent look (Okabe-Ito colour-blind-safe palette, no top/right
spines, percentages in the chosen language's format, a footnote saying how the
numbers were obtained), readable at column width (6.5 × 3.5 in at 150 dpi).
Every function returns the :class:`matplotlib.figure.Figure` so tests can
check titles and labels, and writes PNG or SVG when given a path.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

from ..errors import InputError  # noqa: E402
from ..results import OutcomeTable  # noqa: E402
from .format import integer, pct  # noqa: E402
from .text import w  # noqa: E402

#: Okabe & Ito (2008) colour-blind-safe palette.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
FORMATS = (".png", ".svg")
STYLE = {
    "font.size": 9, "axes.titlesize": 11, "axes.titleweight": "bold", "axes.labelsize": 9,
    "axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "axes.grid.axis": "x",
    "grid.alpha": 0.3, "legend.frameon": False, "figure.dpi": 100, "savefig.dpi": 150,
    "savefig.bbox": "tight",
}


def _check_path(path) -> Path | None:
    if path is None:
        return None
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise InputError("chart", str(path), "a file name ending in .png or .svg")
    return p


def _percent_axis(ax, lang: str, axis: str = "x") -> None:
    fmt = FuncFormatter(lambda v, _: pct(v, lang, 0))
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_formatter(fmt)


def _footnote(ax, lines: Sequence[str]) -> None:
    """Small grey text under the x-axis label: how the numbers were obtained."""
    ax.annotate("  ·  ".join(lines) + "  ·  fleeodds", xy=(0, 0), xycoords="axes fraction",
                xytext=(0, -34), textcoords="offset points", fontsize=7, color="#555555",
                ha="left", va="top", annotation_clip=False)


def _wrap(label: str, width: int = 28) -> str:
    return "\n".join(textwrap.wrap(label, width)) or label


def _table_footnote(table: OutcomeTable) -> list[str]:
    lang = table.lang
    m = table.manifest
    lines = []
    if "exact" in table.methods:
        lines.append(w("exact_note", lang))
    if "monte_carlo" in table.methods:
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
        lines.append(w("interval_note", lang))
    return lines


def outcome_chart(table: OutcomeTable, path=None, title: str | None = None):
    """Horizontal bars of each outcome's probability, Monte Carlo intervals and exact marks.

    Parameters
    ----------
    table : OutcomeTable
        Labels are drawn in ``table.lang``.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title : str, optional
        Defaults to the scenario title.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        If ``path`` does not end in .png or .svg.
    """
    path = _check_path(path)
    lang = table.lang
    wide = table.wide()
    labels = [_wrap(x) for x in wide.label]
    y = np.arange(len(wide))[::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 0.9 + 0.42 * len(wide)))
        if "monte_carlo" in wide:
            p = wide.monte_carlo.to_numpy()
            err = np.vstack([p - wide.ci_low.to_numpy(), wide.ci_high.to_numpy() - p])
            ax.barh(y, p, color=OKABE_ITO[0], height=0.6, xerr=np.clip(err, 0, None),
                    error_kw={"ecolor": "#333333", "capsize": 3, "lw": 1}, label=w("monte_carlo", lang))
            values = wide.exact if "exact" in wide else wide.monte_carlo
        else:
            ax.barh(y, wide.exact, color=OKABE_ITO[0], height=0.6, label=w("exact", lang))
            values = wide.exact
        if "exact" in wide:
            ax.scatter(wide.exact, y, marker="D", s=28, color=OKABE_ITO[1], zorder=3, label=w("exact", lang))
        for yi, v in zip(y, values):
            ax.annotate(pct(v, lang, 1), (v, yi), xytext=(6, 0), textcoords="offset points", va="center",
                        fontsize=8)
        ax.set_yticks(y, labels)
        ax.set_xlim(0, min(1.0, max(0.05, float(np.nanmax(values)) * 1.25 + 0.02)))
        _percent_axis(ax, lang)
        ax.set_xlabel(w("probability", lang))
        ax.set_title(title or table.manifest.get("title", ""), loc="left")
        if "exact" in wide and "monte_carlo" in wide:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        _footnote(ax, _table_footnote(table))
        if path:
            fig.savefig(path)
    return fig


def comparison_chart(frame, path=None, title: str = "", lang: str = "en", footnote: Sequence[str] = ()):
    """Grouped horizontal bars: one group per outcome, one bar per setup.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``setup, label, probability`` and optionally ``ci_low, ci_high``;
        setups and outcomes are drawn in order of first appearance.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, lang, footnote
        Chart title, language of the axis labels, footnote lines.

    Returns
    -------
    matplotlib.figure.Figure
    """
    path = _check_path(path)
    setups = list(dict.fromkeys(frame.setup))
    outcomes = list(dict.fromkeys(frame.label))
    n_s = len(setups)
    height = 0.8 / n_s
    y0 = np.arange(len(outcomes))[::-1]
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 1.0 + 0.25 * len(outcomes) * max(n_s, 2)))
        for k, s in enumerate(setups):
            sub = frame[frame.setup == s].set_index("label").reindex(outcomes)
            y = y0 + 0.4 - height * (k + 0.5)
            p = sub.probability.to_numpy(dtype=float)
            xerr = None
            if "ci_low" in sub and sub.ci_low.notna().any():
                xerr = np.clip(np.vstack([p - sub.ci_low.to_numpy(float), sub.ci_high.to_numpy(float) - p]), 0, None)
            ax.barh(y, p, height=height * 0.9, color=OKABE_ITO[k % len(OKABE_ITO)], label=s, xerr=xerr,
                    error_kw={"ecolor": "#333333", "capsize": 2, "lw": 0.8})
        ax.set_yticks(y0, [_wrap(o) for o in outcomes])
        _percent_axis(ax, lang)
        ax.set_xlim(0, min(1.0, float(np.nanmax(frame.probability)) * 1.15 + 0.02))
        ax.set_xlabel(w("probability", lang))
        ax.set_title(title, loc="left")
        ax.legend(title=w("setup", lang), fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        if footnote:
            _footnote(ax, footnote)
        if path:
            fig.savefig(path)
    return fig
