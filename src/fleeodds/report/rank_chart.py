"""The chart of a list-building ranking: one stacked horizontal bar per unit.

Rendering only: what to draw (units in order, one series per outcome with its
label and colour) is prepared by :meth:`fleeodds.rank.Ranking.chart_data`.
Same look as :mod:`fleeodds.report.charts` (its style, percentage axis and saving).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..outcomes import check_lang
from .charts import STYLE, _check_path, _percent_axis, _save, plt


@dataclass
class RankBars:
    """What :func:`chart_ranking` draws.

    Attributes
    ----------
    title, subtitle : str
        Shown above the bars (the subtitle names the role, in the chart's language).
    units : list of str
        Unit names, best first (drawn top to bottom).
    series : list of (label, values, colour)
        One per outcome, in stacking order: its legend label, one probability in
        [0, 1] per unit (same order as ``units``), and a colour (``None``: the
        default cycle).
    """

    title: str
    subtitle: str
    units: list[str]
    series: list[tuple[str, list[float], str | None]] = field(default_factory=list)


def chart_ranking(bars: RankBars, path: str | Path, lang: str = "en") -> Path:
    """Draw a ranking as stacked horizontal bars (one bar per unit, outcomes stacked to 1).

    Parameters
    ----------
    bars : RankBars
        From :meth:`fleeodds.rank.Ranking.chart_data`.
    path : str or Path
        Output file; the format follows the suffix (``.png`` or ``.svg``).
    lang : {"en", "fr"}
        Language of the axis (the labels in ``bars`` are already in it).

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    InputError
        Unsupported file suffix or language, a series whose length is not the
        number of units, or an unwritable path.
    """
    check_lang(lang)
    path = _check_path(path)
    if path is None:
        raise InputError("chart", None, "a file name ending in .png or .svg")
    n = len(bars.units)
    for label, values, _ in bars.series:
        if len(values) != n:
            raise InputError("chart", label, f"one value per unit ({n})")
    units = list(bars.units)[::-1]
    ys = list(range(n))
    left = [0.0] * n
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 1.2 + 0.3 * max(n, 1)))
        for label, values, colour in bars.series:
            vals = list(values)[::-1]
            ax.barh(ys, vals, left=left, height=0.75, label=label, color=colour)
            left = [a + b for a, b in zip(left, vals)]
        ax.set_yticks(ys, units, fontsize=8)
        ax.set_ylim(-0.6, n - 0.4)
        ax.set_xlim(0, 1)
        _percent_axis(ax, lang)
        ax.set_xlabel("Probability" if lang == "en" else "Probabilité")
        ax.set_title(bars.title, loc="left", pad=14)
        ax.text(0, 1.01, bars.subtitle, transform=ax.transAxes, fontsize=8, color="#555555", va="bottom")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        try:
            _save(fig, path)
        finally:
            plt.close(fig)
    return path
