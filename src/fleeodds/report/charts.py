"""Article-ready matplotlib charts: outcome probabilities with intervals, grouped comparisons.

Style: one consistent look (Okabe-Ito colour-blind-safe palette, no top/right
spines, percentages in the chosen language's format, a footnote saying how the
numbers were obtained), readable at column width (6.5 × 3.5 in at 150 dpi).
Every function returns the :class:`matplotlib.figure.Figure` so tests can
check titles and labels, and writes PNG or SVG when given a path.
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Sequence

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

from ..errors import InputError  # noqa: E402
from ..outcomes import check_lang  # noqa: E402
from ..results import OutcomeTable, RankBars  # noqa: E402
from .format import integer, number, pct  # noqa: E402
from .tables import sweep_footnote  # noqa: E402,F401  (re-exported: charts use it)
from .text import w  # noqa: E402

#: Okabe & Ito (2008) colour-blind-safe palette.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
FORMATS = (".png", ".svg")
STYLE = {
    "font.size": 9, "axes.titlesize": 11, "axes.titleweight": "bold", "axes.labelsize": 9,
    "axes.spines.top": False, "axes.spines.right": False, "axes.grid": True, "axes.grid.axis": "x",
    "grid.alpha": 0.3, "legend.frameon": False, "figure.dpi": 100, "savefig.dpi": 150,
    "savefig.bbox": "tight", "font.family": "DejaVu Sans", "svg.fonttype": "none",
}
#: Sequential colour map of heatmaps: cividis is readable with every colour-vision deficiency.
HEATMAP_CMAP = "cividis"


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


def _titles(ax, title: str, subtitle: str = "") -> None:
    """Bold title at the top left, an optional grey subtitle line under it (the scenario)."""
    title = "\n".join(textwrap.wrap(title, 72)) if len(title) > 72 else title
    ax.set_title(title, loc="left", pad=20 if subtitle else 8)
    if subtitle:
        ax.annotate(_clip(subtitle, 100), xy=(0, 1), xycoords="axes fraction", xytext=(0, 7),
                    textcoords="offset points", fontsize=8, color="#444444", ha="left", va="bottom",
                    annotation_clip=False)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


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
        _titles(ax, title or table.manifest.get("title", ""))
        if "exact" in wide and "monte_carlo" in wide:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        _footnote(ax, _table_footnote(table))
        _save(fig, path)
    return fig


def comparison_chart(frame, path=None, title: str = "", lang: str = "en", footnote: Sequence[str] = (),
                     subtitle: str = ""):
    """Grouped horizontal bars: one group per outcome, one bar per setup.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``setup, label, probability`` and optionally ``ci_low, ci_high``;
        setups and outcomes are drawn in order of first appearance.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, lang, footnote, subtitle
        Chart title, language of the axis labels, footnote lines, a line under the title.

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
        fig, ax = plt.subplots(figsize=(6.5, 1.2 + 0.19 * len(outcomes) * max(n_s, 2)))
        for k, s in enumerate(setups):
            sub = frame[frame.setup == s].set_index("label").reindex(outcomes)
            y = y0 + 0.4 - height * (k + 0.5)
            p = sub.probability.to_numpy(dtype=float)
            xerr = None
            exact = "exact" in sub and bool(sub.exact.fillna(True).astype(bool).all())
            if not exact and "ci_low" in sub and sub.ci_low.notna().any():
                xerr = np.clip(np.vstack([p - sub.ci_low.to_numpy(float), sub.ci_high.to_numpy(float) - p]), 0, None)
            ax.barh(y, p, height=height * 0.9, color=OKABE_ITO[k % len(OKABE_ITO)], label=s, xerr=xerr,
                    error_kw={"ecolor": "#333333", "capsize": 2, "lw": 0.8})
            if n_s * len(outcomes) <= 24:
                for yi, v in zip(y, p):
                    if v == v:
                        ax.annotate(pct(v, lang, 1), (v, yi), xytext=(4, 0), textcoords="offset points",
                                    va="center", fontsize=6.5, color="#333333")
        ax.set_yticks(y0, [_wrap(o) for o in outcomes])
        _percent_axis(ax, lang)
        ax.set_xlim(0, min(1.0, float(np.nanmax(frame.probability)) * 1.18 + 0.03))
        ax.set_xlabel(w("probability", lang))
        _titles(ax, title, subtitle)
        ax.legend(title=w("setup", lang), fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        if footnote:
            _footnote(ax, footnote)
        _save(fig, path)
    return fig


def _save(fig, path) -> None:
    """Write ``fig`` to ``path`` (its folder is created); an unwritable path is an InputError."""
    if path:
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            fig.savefig(path)
        except OSError as exc:
            raise InputError("chart", str(path), f"a writable file path ({exc.strerror})") from None


def _signed_points(v: float, lang: str) -> str:
    """A difference in percentage points with its sign: ``+5``, ``−2,5``."""
    x = v * 100
    if abs(x) < 1e-9:
        return "0"
    text = number(abs(x), lang, 1)
    return ("+" if x > 0 else "\u2212") + text


def difference_chart(comparison, path=None, title: str | None = None, footnote: Sequence[str] = (),
                     subtitle: str = ""):
    """Dot-and-whisker chart of each setup's difference from the first setup, per outcome.

    Parameters
    ----------
    comparison : fleeodds.compare.Comparison
        Differences are drawn in percentage points with their 95 % intervals
        (paired on common random numbers, or exact: no whisker).
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, footnote, subtitle
        Defaults: the comparison's title; no footnote; no subtitle.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        If ``path`` does not end in .png or .svg.
    """
    path = _check_path(path)
    lang = comparison.lang
    setups = comparison.setups
    diff = comparison.differences()
    outcomes = list(dict.fromkeys(comparison.frame.label))
    others = setups[1:]
    y0 = np.arange(len(outcomes))[::-1]
    step = 0.7 / max(len(others), 1)
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 1.1 + 0.32 * len(outcomes) * max(len(others), 1.5)))
        ax.axvline(0, color="#333333", lw=0.8)
        for k, s in enumerate(others):
            sub = diff[diff.setup == s].set_index("label").reindex(outcomes)
            y = y0 + 0.35 - step * (k + 0.5)
            d = sub.difference.to_numpy(float)
            lo = np.clip(d - sub.diff_low.to_numpy(float), 0, None)
            hi = np.clip(sub.diff_high.to_numpy(float) - d, 0, None)
            colour = OKABE_ITO[(k + 1) % len(OKABE_ITO)]
            ax.errorbar(d, y, xerr=np.vstack([lo, hi]), fmt="o", ms=5, color=colour, ecolor=colour,
                        elinewidth=1.2, capsize=3, label=s)
        ax.set_yticks(y0, [_wrap(o) for o in outcomes])
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: _signed_points(v, lang)))
        ax.set_xlabel(w("difference_axis", lang, base=setups[0]))
        span = float(np.nanmax(np.abs(np.r_[diff.diff_low.to_numpy(float), diff.diff_high.to_numpy(float), 0.01])))
        ax.set_xlim(-span * 1.15, span * 1.15)
        _titles(ax, title if title is not None else comparison.title, subtitle)
        ax.legend(title=w("setup", lang), fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        notes = list(footnote)
        if diff.diff_exact.all() and not notes:
            notes.append(w("exact_only", lang))
        if not diff.diff_exact.all():
            notes.append(w("paired_note" if bool(diff.paired.any()) else "independent_note", lang))
        if notes:
            _footnote(ax, notes)
        _save(fig, path)
    return fig


def _is_numeric(values) -> bool:
    return all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) for v in values)


def _field_label(field: str, labels: dict | None) -> str:
    return (labels or {}).get(field, field)


def line_chart(sweep, path=None, outcomes: Sequence[str] | None = None, title: str | None = None,
               subtitle: str = "", xlabel: str | None = None, footnote: Sequence[str] | None = None,
               series_label: str | None = None):
    """Probability of each outcome along one varied field (one line per outcome), or of one
    outcome along the first of two varied fields (one line per value of the second).

    Parameters
    ----------
    sweep : fleeodds.sweep.Sweep
        With one varied field, or two and a single outcome. Numeric values get a
        numeric x axis, others (editions, dice) one evenly spaced tick each.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    outcomes : sequence of str, optional
        Outcome codes to draw; default every outcome that is not always 0.
    title, subtitle, xlabel, footnote
        Defaults: the sweep's title, none, the field name, :func:`sweep_footnote`.
    series_label : str, optional
        Legend title of the lines when two fields were varied (default: the field name).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        Unless one field was varied (or two with one outcome); unknown outcome; bad ``path``.
    """
    path = _check_path(path)
    if len(sweep.fields) not in (1, 2):
        raise InputError("sweep", sweep.fields, "one varied field for a line chart (two for a heatmap)")
    if len(sweep.fields) == 2 and (outcomes is None or len(outcomes) != 1):
        raise InputError("outcomes", outcomes, "one outcome code when two fields were varied "
                         "(one line per value of the second field)")
    lang = sweep.lang
    f = sweep.fields[0]
    values = sweep.values[f]
    frame = sweep.frame
    labels = sweep.outcome_labels()
    if outcomes is None:
        peak = frame.groupby("outcome", sort=False).probability.max()
        outcomes = [o for o in labels if peak.get(o, 0) > 0]
    for o in outcomes:
        sweep.check_outcome(o)
    if len(sweep.fields) == 2:  # one line per value of the second field, for one outcome
        f2 = sweep.fields[1]
        series = [(str(v), frame[(frame.outcome == outcomes[0]) & (frame[f2] == v)]) for v in sweep.values[f2]]
        legend_title = series_label or f2
        ylabel = w("probability_of", lang, outcome=labels[outcomes[0]])
    else:
        series = [(_wrap(labels[o], 34), frame[frame.outcome == o]) for o in outcomes]
        legend_title = w("outcomes_legend", lang)
        ylabel = w("probability", lang)
    numeric = _is_numeric(values)
    xs = np.asarray(values, float) if numeric else np.arange(len(values))
    markers = ["o", "s", "D", "^", "v", "P", "X", "*"]
    with plt.rc_context(STYLE | {"axes.grid.axis": "y"}):
        fig, ax = plt.subplots(figsize=(6.5, 3.8))
        for k, (name, rows) in enumerate(series):
            sub = rows.set_index(f).reindex(values)
            p = sub.probability.to_numpy(float)
            colour = OKABE_ITO[k % len(OKABE_ITO)]
            ax.plot(xs, np.nan_to_num(p), marker=markers[k % len(markers)], ms=4.5, lw=1.8, color=colour,
                    label=name)
            if not sub.exact.fillna(False).all() and sub.ci_low.notna().any():
                ax.fill_between(xs, sub.ci_low.to_numpy(float), sub.ci_high.to_numpy(float), color=colour,
                                alpha=0.18, lw=0)
        if not numeric:
            ax.set_xticks(xs, [str(v) for v in values])
        elif all(float(v).is_integer() for v in values) and len(values) <= 25:
            ax.set_xticks(xs, [number(v, lang, 2) for v in values])
        top = float(np.nanmax(frame[frame.outcome.isin(outcomes)].probability))
        ax.set_ylim(0, min(1.0, max(0.05, top * 1.1)) if top < 0.9 else 1.02)
        _percent_axis(ax, lang, "y")
        ax.set_ylabel(ylabel)
        ax.set_xlabel(xlabel or f)
        _titles(ax, title if title is not None else sweep.title, subtitle)
        ax.legend(title=legend_title, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        notes = list(sweep_footnote(sweep) if footnote is None else footnote)
        if not frame.exact.all():
            notes.append(w("band_note", lang))
        _footnote(ax, notes)
        _save(fig, path)
    return fig


def heatmap(sweep, outcome: str, path=None, title: str | None = None, subtitle: str = "",
            xlabel: str | None = None, ylabel: str | None = None, footnote: Sequence[str] | None = None):
    """Probability of one outcome over two varied fields, each cell annotated.

    Parameters
    ----------
    sweep : fleeodds.sweep.Sweep
        With exactly two varied fields: the first runs down the rows, the
        second across the columns.
    outcome : str
        Outcome code.
    path : str or Path, optional
    title, subtitle, xlabel, ylabel, footnote
        Defaults: "title — P(outcome)", none, the field names, :func:`sweep_footnote`.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        Unless two fields were varied; unknown outcome; bad ``path``.
    """
    path = _check_path(path)
    grid = sweep.grid(outcome)
    lang = sweep.lang
    f1, f2 = sweep.fields
    data = grid.to_numpy(float)
    n_r, n_c = data.shape
    with plt.rc_context(STYLE | {"axes.grid": False, "axes.spines.left": False, "axes.spines.bottom": False}):
        fig, ax = plt.subplots(figsize=(min(6.5, 1.6 + 0.62 * n_c), 1.5 + 0.42 * n_r))
        top = min(1.0, max(0.1, math.ceil(float(np.nanmax(data)) * 10) / 10))
        im = ax.imshow(data, cmap=HEATMAP_CMAP, vmin=0, vmax=top, aspect="auto")
        cmap = im.get_cmap()
        for r in range(n_r):
            for c in range(n_c):
                v = data[r, c]
                red, green, blue, _ = cmap(v / top)
                light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
                ax.text(c, r, pct(v, lang, 0), ha="center", va="center", fontsize=7.5,
                        color="#111111" if light else "white")
        ax.set_xticks(np.arange(n_c), [str(v) for v in grid.columns])
        ax.set_yticks(np.arange(n_r), [str(v) for v in grid.index])
        ax.xaxis.tick_top()
        ax.xaxis.set_label_position("top")
        ax.tick_params(length=0)
        ax.set_xlabel(xlabel or f2, labelpad=6)
        ax.set_ylabel(ylabel or f1)
        bar = fig.colorbar(im, ax=ax, fraction=0.05, pad=0.03)
        bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: pct(v, lang, 0)))
        bar.outline.set_visible(False)
        bar.set_label(w("probability_of", lang, outcome=sweep.outcome_labels()[outcome]), fontsize=8)
        head = title if title is not None else sweep.title
        ax.set_title("\n".join(textwrap.wrap(head, 60)), loc="left", pad=40 if not subtitle else 52)
        if subtitle:
            ax.annotate(_clip(subtitle, 80), xy=(0, 1), xycoords="axes fraction", xytext=(0, 34),
                        textcoords="offset points", fontsize=8, color="#444444", ha="left", va="bottom",
                        annotation_clip=False)
        notes = list(sweep_footnote(sweep) if footnote is None else footnote)
        ax.annotate("  ·  ".join(notes + ["fleeodds"]), xy=(0, 0), xycoords="axes fraction", xytext=(0, -8),
                    textcoords="offset points", fontsize=7, color="#555555", ha="left", va="top",
                    annotation_clip=False)
        _save(fig, path)
    return fig


def metric_chart(table: OutcomeTable, path=None, title: str | None = None, subtitle: str = "",
                 method: str | None = None):
    """A numeric result's distribution as the three views of dice calculators.

    Bars: P(value = x) ("exactly"); lines: P(value >= x) ("at least") and
    P(value <= x) ("at most"), over all outcomes, from
    :meth:`OutcomeTable.metric_views`.

    Parameters
    ----------
    table : OutcomeTable
        With a metric (distance fled, damage taken, turn of resolution).
    path : str or Path, optional
    title, subtitle
        Defaults: "Distribution of the <metric>", the scenario title.
    method : {"exact", "monte_carlo"}, optional
        Default: exact when available.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        If the scenario has no metric, or bad ``path``.
    """
    path = _check_path(path)
    if table.distribution.empty:
        raise InputError("metric", table.metric.code, "a scenario with a numeric result (distance, damage, turn)")
    lang = table.lang
    views = table.metric_views(method)
    full = np.arange(int(views.value.min()), int(views.value.max()) + 1)
    views = views.set_index("value").reindex(full)
    views["exactly"] = views.exactly.fillna(0.0)
    views["at_least"] = views.at_least.bfill()
    views["at_most"] = views.at_most.ffill()
    views = views.rename_axis("value").reset_index()
    x = views.value.to_numpy(int)
    unit = f" ({table.metric.unit_label(lang)})" if table.metric.unit else ""
    with plt.rc_context(STYLE | {"axes.grid.axis": "y"}):
        fig, ax = plt.subplots(figsize=(6.5, 3.6))
        ax.bar(x, views.exactly, width=0.7, color=OKABE_ITO[0], label=w("exactly", lang))
        ax.plot(x, views.at_least, marker="o", ms=3.5, lw=1.6, color=OKABE_ITO[1], label=w("at_least", lang))
        ax.plot(x, views.at_most, marker="s", ms=3.5, lw=1.6, color=OKABE_ITO[2], ls="--", label=w("at_most", lang))
        for xi, p in zip(x, views.exactly):
            if p >= 0.005 and len(x) <= 16:
                ax.annotate(pct(p, lang, 0), (xi, p), xytext=(0, 2), textcoords="offset points", ha="center",
                            va="bottom", fontsize=6.5, color="#333333")
        ax.set_ylim(0, 1.05)
        _percent_axis(ax, lang, "y")
        ax.set_ylabel(w("probability", lang))
        ax.set_xlabel(table.metric.label(lang).capitalize() + unit)
        if len(x) <= 25:
            ax.set_xticks(x)
        _titles(ax, title if title is not None else w("distribution_of", lang, metric=table.metric.label(lang)),
                subtitle if subtitle else table.manifest.get("title", ""))
        handles, names = ax.get_legend_handles_labels()
        order = [names.index(w(k, lang)) for k in ("exactly", "at_least", "at_most")]
        ax.legend([handles[i] for i in order], [names[i] for i in order], fontsize=8, loc="upper left",
                  bbox_to_anchor=(1.0, 1.0))
        used = method or ("exact" if "exact" in table.methods else "monte_carlo")
        m = table.manifest
        _footnote(ax, [w("exact_only", lang)] if used == "exact" else
                  [w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"])])
        _save(fig, path)
    return fig


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
