"""Article-ready matplotlib charts that survive print.

One style for every chart (:mod:`fleeodds.report.layout`): Okabe-Ito colour-blind-safe
palette, no top/right spines, percentages in the chosen language's format, a
footnote saying how the numbers were obtained, on a canvas of a fixed width
(``size="print"``: 6.5 in at 300 dpi; ``"screen"``: 9 in at 120 dpi) whose height
grows only with the rows drawn. Every bar and every line end carries its value;
lines that coincide are told apart by marker, line style, width and their legend
entry; outcomes that are 0 everywhere are left out (``show_zero=True`` keeps them);
no text overlaps another or leaves the canvas (``tests/front/test_layout.py``).

Every function returns the :class:`matplotlib.figure.Figure` so tests can check
titles and labels, and writes PNG or SVG when given a path. ``title``,
``subtitle``, ``xlabel``, ``ylabel`` and ``legend_title`` replace the defaults,
which come from the result: sweeps name what varies with the field's schema title
(:mod:`fleeodds.report.fields`).
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Sequence

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402
from matplotlib.transforms import ScaledTranslation  # noqa: E402

from ..errors import InputError  # noqa: E402
from .format import integer, number, pct
from ..foreign import os_reason
from ..language import Message, N_, NP_, translation
from ..language import check_lang  # noqa: E402
from ..results import MatrixGrid, OutcomeTable, RankBars  # noqa: E402
from .captions import field_name, sweep_footnote, sweep_subtitle, sweep_title, value_name  # noqa: E402,F401
from .layout import DARK, SIZES, STYLE, VALUE_SIZE, Page, check_size, spread  # noqa: E402,F401
from .text import w  # noqa: E402

#: Okabe & Ito (2008) colour-blind-safe palette.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
FORMATS = (".png", ".svg")
#: Sequential colour map of heatmaps: cividis is readable with every colour-vision deficiency.
HEATMAP_CMAP = "cividis"
MARKERS = ["o", "s", "D", "^", "v", "P", "X", "*"]
LINESTYLES = ["-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (1, 1))]
#: Gap between a line's last point and its value label, points (clears the widest marker).
END_DX = 9
#: Grouped bars: the height of one bar's slot (points, on the canvas' default scale), the bar's
#: share of its slot, and the gap between two rows (in slots).
SLOT_PT, BAR_SLOT, ROW_GAP = 11.0, 0.78, 0.75


def _check_path(path) -> Path | None:
    if path is None:
        return None
    p = Path(path)
    if p.suffix.lower() not in FORMATS:
        raise InputError("chart", str(path), Message(N_("a file name ending in .png or .svg")))
    return p


class _PercentLocator(MaxNLocator):
    """Nice ticks, none above 100 % (the axis may run further to make room for value labels)."""

    def tick_values(self, vmin, vmax):
        ticks = super().tick_values(vmin, min(vmax, 1.0))
        return [t for t in ticks if -1e-9 <= t <= 1 + 1e-9 and t <= vmax + 1e-9]


def _percent_axis(ax, lang: str, axis: str = "x") -> None:
    a = ax.xaxis if axis == "x" else ax.yaxis
    a.set_major_formatter(FuncFormatter(lambda v, _: pct(v, lang, 0)))
    a.set_major_locator(_PercentLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))


def _wrap(label: str, width: int = 28) -> str:
    return "\n".join(textwrap.wrap(label, width)) or label


def _lines(text: str) -> int:
    return text.count("\n") + 1


def _unit_label(names: str, lang: str, width: int = 30, max_lines: int = 2) -> str:
    """A bar's label of at most ``max_lines`` wrapped lines: a group of units with identical odds
    ("A, B, C, D") keeps the names that fit and says how many more ("A, B + 2 more"); every name
    is in the table."""
    label = _wrap(names, width)
    parts = names.split(", ")
    if _lines(label) <= max_lines or len(parts) == 1:
        return label if _lines(label) <= max_lines else "\n".join(textwrap.wrap(names, width)[:max_lines]) + "…"
    more = "+\u00a0{n}\u00a0more" if lang == "en" else "+\u00a0{n}\u00a0autres"  # kept on one line
    for keep in range(len(parts) - 1, 0, -1):
        text = ", ".join(parts[:keep]) + " " + more.format(n=len(parts) - keep)
        if _lines(_wrap(text, width)) <= max_lines:
            return _wrap(text, width)
    return _wrap(textwrap.shorten(parts[0], width * max_lines - 12, placeholder="…") + " "
                 + more.format(n=len(parts) - 1), width)


def _start(size: str, height_in: float | None = None, grid: str = "x", extra: dict | None = None):
    width, base, _ = check_size(size)
    scale = width / SIZES["print"][0]
    h = max(base, height_in or 0.0)
    ctx = plt.rc_context(STYLE | {"axes.grid.axis": grid} | (extra or {}))
    ctx.__enter__()
    fig = plt.figure(figsize=(width, h * (scale if height_in else 1.0)))
    ax = fig.add_axes([0.15, 0.15, 0.7, 0.7])
    return ctx, fig, ax, Page(fig, ax)


def _legend(page: Page, title: str | None, **kw):
    """The axes' legend, on the right or, when it would squeeze the plot, under the title."""
    handles, labels = page.ax.get_legend_handles_labels()
    if not handles:
        return None
    return page.legend(handles, labels, title, **kw)


def _footer_lines(text_lines: Sequence[str]) -> int:
    return sum(1 + len(x) // 90 for x in text_lines) if text_lines else 0


def _save(fig, path, size: str = "print") -> None:
    """Write ``fig`` to ``path`` (its folder is created) at the size's resolution; the canvas
    is kept as it is (no tight crop), so every chart of a size has the same width."""
    if path:
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            fig.savefig(path, dpi=SIZES[size][2])
        except OSError as exc:
            raise InputError("chart", str(path), Message(N_("a writable file path ({error})"), error=os_reason(exc))) from None


def _finish(ctx, page: Page, path, size: str):
    try:
        page.finish()
        _save(page.fig, path, size)
    finally:
        ctx.__exit__(None, None, None)
    return page.fig


def _bar_labels_fit(ax, texts, limit: float | None = None):
    """A fitter: widen the x axis until every value label ends inside the plot."""
    def fit(renderer):
        shown = [t for t in texts if t.get_visible()]
        if not shown:
            return
        bb = ax.get_window_extent(renderer)
        need = max(t.get_window_extent(renderer).x1 for t in shown)
        x0, x1 = ax.get_xlim()
        if need > bb.x1 - 2 and bb.width > 0:
            scale = (need - bb.x0 + 6) / bb.width
            ax.set_xlim(x0, x0 + (x1 - x0) * scale)
    return fit


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


def _reached(frame) -> set:
    """The outcomes (codes, else labels) with a probability above 0 somewhere. A Monte Carlo
    interval alone does not count: an outcome no trial reached and no exact solver gives is
    left out (and named in the footnote, :func:`_hidden_note`)."""
    reach = frame.groupby("outcome" if "outcome" in frame else "label", sort=False)["probability"].max()
    return set(reach[reach > 0].index)


#: The footnote naming the outcomes a chart leaves out because they are 0 % everywhere.
_HIDDEN = N_("not shown, 0% everywhere: {names}")


def _hidden_note(labels: Sequence[str], lang: str) -> str:
    labels = list(dict.fromkeys(str(x) for x in labels))
    return Message(_HIDDEN, names=", ".join(labels)).render(lang) if labels else ""


def _bar_pct(v: float, lang: str) -> str:
    """A bar's value label: one decimal, and "< 0.1%" for a value above 0 that would read 0.0%."""
    if 0 < v < 0.0005:
        return "< " + pct(0.001, lang, 1)
    return pct(v, lang, 1)


# ----------------------------------------------------------------------------- outcome
def outcome_chart(table: OutcomeTable, path=None, title: str | None = None, subtitle: str = "",
                  xlabel: str | None = None, ylabel: str | None = None, legend_title: str | None = None,
                  size: str = "print", show_zero: bool = False):
    """Horizontal bars of each outcome's probability, Monte Carlo intervals and exact marks.

    Parameters
    ----------
    table : OutcomeTable
        Labels are drawn in ``table.lang``.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, subtitle, xlabel, ylabel, legend_title : str, optional
        Defaults: the scenario title, none, "Probability", none, none.
    size : {"print", "screen"}
    show_zero : bool
        Keep the outcomes that never happen (probability 0 by every method).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        If ``path`` does not end in .png or .svg, or an unknown ``size``.
    """
    path = _check_path(path)
    lang = table.lang
    wide = table.wide()
    hidden = []
    if not show_zero:
        keep = _reached(table.frame)
        hidden = list(wide.label[~wide.outcome.isin(keep)])
        wide = wide[wide.outcome.isin(keep)].reset_index(drop=True)
    labels = [_wrap(x) for x in wide.label]
    n = len(wide)
    rows_pt = sum(max(16.0, 11.0 * _lines(x)) + 6 for x in labels)
    ctx, fig, ax, page = _start(size, (rows_pt + 150) / 72)
    y = np.arange(n)[::-1]
    has_mc, has_ex = "monte_carlo" in wide, "exact" in wide
    ends = []
    if has_mc:
        p = wide.monte_carlo.to_numpy(float)
        err = np.clip(np.vstack([p - wide.ci_low.to_numpy(float), wide.ci_high.to_numpy(float) - p]), 0, None)
        ax.barh(y, p, color=OKABE_ITO[0], height=0.6, xerr=err,
                error_kw={"ecolor": DARK, "capsize": 3, "lw": 1}, label=w("monte_carlo", lang))
        values = wide.exact.to_numpy(float) if has_ex else p
        ends = np.maximum(values, wide.ci_high.to_numpy(float))
    else:
        values = wide.exact.to_numpy(float)
        ax.barh(y, values, color=OKABE_ITO[0], height=0.6, label=w("exact", lang))
        ends = values
    if has_ex:
        ax.scatter(wide.exact, y, marker="D", s=28, color=OKABE_ITO[1], zorder=3, label=w("exact", lang))
    texts = [ax.annotate(_bar_pct(v, lang), (e, yi), xytext=(5, 0), textcoords="offset points", va="center",
                         fontsize=VALUE_SIZE + 1, color=DARK) for yi, v, e in zip(y, values, ends)]
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, min(1.0, max(0.05, float(np.nanmax(ends)) if n else 0.05) * 1.05 + 0.01))
    _percent_axis(ax, lang)
    ax.set_xlabel(xlabel or w("probability", lang))
    if ylabel:
        ax.set_ylabel(ylabel)
    page.titles(title or table.manifest.get("title", ""), subtitle)
    if has_ex and has_mc:
        _legend(page, legend_title)
    page.footnote(_table_footnote(table) + [_hidden_note(hidden, lang)])
    page.fitters.append(_bar_labels_fit(ax, texts))
    return _finish(ctx, page, path, size)


# ----------------------------------------------------------------------------- comparison
def comparison_chart(frame, path=None, title: str = "", lang: str = "en", footnote: Sequence[str] = (),
                     subtitle: str = "", xlabel: str | None = None, ylabel: str | None = None,
                     legend_title: str | None = None, size: str = "print", show_zero: bool = False):
    """Grouped horizontal bars: one group per outcome, one bar per setup, each bar labelled.

    A row has a slot only for the setups that have its outcome, and its bars are centred on
    its label (an outcome of one setup alone is one bar level with its label); each setup keeps
    its colour in every row. A bar at exactly 0 % carries no value label, only a short tick in
    its setup's colour against the axis (the setup has that outcome; it never happens there).

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``setup, label, probability`` and optionally ``outcome, ci_low, ci_high,
        exact``; setups and outcomes are drawn in order of first appearance.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, lang, footnote, subtitle, xlabel, ylabel, legend_title
        Chart title, language, footnote lines, a line under the title, axis and legend titles
        (defaults "Probability", none, "Setup").
    size : {"print", "screen"}
    show_zero : bool
        Keep outcomes that no setup reaches (0 in every setup, drawn as ticks); by default they
        are left out and named in the footnote.

    Returns
    -------
    matplotlib.figure.Figure
    """
    path = _check_path(path)
    check_lang(lang)
    hidden = []
    if not show_zero:
        key = "outcome" if "outcome" in frame else "label"
        reached = frame[key].isin(_reached(frame))
        hidden = list(frame.label[~reached])
        frame = frame[reached]
    setups = list(dict.fromkeys(frame.setup))
    outcomes = list(dict.fromkeys(frame.label))
    colours = {s: OKABE_ITO[k % len(OKABE_ITO)] for k, s in enumerate(setups)}
    subs = {s: frame[frame.setup == s].set_index("label").reindex(outcomes) for s in setups}
    # each row has a slot only for the setups that have its outcome (a value, 0 included)
    present = [[s for s in setups if subs[s].probability.iloc[i] == subs[s].probability.iloc[i]]
               for i in range(len(outcomes))]
    wrapped = [_wrap(o) for o in outcomes]
    spans = [max(len(p), _lines(x), 1) for p, x in zip(present, wrapped)]
    rows_pt = sum(SLOT_PT * (k + ROW_GAP) for k in spans)
    ctx, fig, ax, page = _start(size, (rows_pt + 150 + 9 * _footer_lines(footnote)) / 72)
    centres, top = [], 0.0
    for k in spans:
        centres.append(top - (k + ROW_GAP) / 2)
        top -= k + ROW_GAP
    bars: dict[str, list] = {s: [] for s in setups}  # (row, y) of each setup's bars
    for i, (row, c) in enumerate(zip(present, centres)):
        for j, s in enumerate(row):  # centred on the row's label, in setup order top down
            bars[s].append((i, c + (len(row) - 1) / 2 - j))
    zero_tick = ax.transData + ScaledTranslation(1.5 / 72, 0, fig.dpi_scale_trans)  # just right of the spine
    texts = []
    for s in setups:
        if not bars[s]:
            continue
        rows, y = [r for r, _ in bars[s]], np.array([yy for _, yy in bars[s]])
        sub = subs[s].iloc[rows]
        p = sub.probability.to_numpy(dtype=float)
        xerr, ends = None, p
        exact = "exact" in sub and bool(sub.exact.fillna(True).astype(bool).all())
        if not exact and "ci_low" in sub and sub.ci_low.notna().any():
            xerr = np.clip(np.vstack([p - sub.ci_low.to_numpy(float), sub.ci_high.to_numpy(float) - p]), 0, None)
            ends = np.fmax(p, sub.ci_high.to_numpy(float))
        ax.barh(y, p, height=BAR_SLOT, color=colours[s], linewidth=0, xerr=xerr,
                error_kw={"ecolor": DARK, "capsize": 2, "lw": 0.8})
        zero = p == 0
        if zero.any():  # 0 in this setup, an outcome it has: a short tick in its colour, no label
            ax.plot(np.zeros(int(zero.sum())), y[zero], linestyle="none", marker="|", markersize=SLOT_PT * BAR_SLOT,
                    markeredgewidth=1.6, color=colours[s], transform=zero_tick, clip_on=False, zorder=3)
        for yi, v, e in zip(y, p, ends):
            if v > 0:
                texts.append(ax.annotate(_bar_pct(v, lang), (e, yi), xytext=(3, 0), textcoords="offset points",
                                         va="center", fontsize=VALUE_SIZE, color=DARK))
    ax.set_yticks(centres, wrapped)
    ax.set_ylim(top, 0)
    _percent_axis(ax, lang)
    top_p = float(np.nanmax(frame.probability)) if len(frame) else 0.05
    ax.set_xlim(0, min(1.0, top_p * 1.05 + 0.02))
    ax.set_xlabel(xlabel or w("probability", lang))
    if ylabel:
        ax.set_ylabel(ylabel)
    page.titles(title, subtitle)
    page.legend([Patch(facecolor=colours[s], linewidth=0) for s in setups], setups, legend_title or w("setup", lang))
    page.footnote(list(footnote) + [_hidden_note(hidden, lang)])
    page.fitters.append(_bar_labels_fit(ax, texts))
    return _finish(ctx, page, path, size)


def _signed_points(v: float, lang: str) -> str:
    """A difference in percentage points with its sign: ``+5``, ``−2,5``."""
    x = v * 100
    if abs(x) < 1e-9:
        return "0"
    text = number(abs(x), lang, 1)
    return ("+" if x > 0 else "\u2212") + text


def difference_chart(comparison, path=None, title: str | None = None, footnote: Sequence[str] = (),
                     subtitle: str = "", xlabel: str | None = None, ylabel: str | None = None,
                     legend_title: str | None = None, size: str = "print", show_zero: bool = False):
    """Dot-and-whisker chart of each setup's difference from the first setup, per outcome,
    each dot labelled with its difference in percentage points.

    Parameters
    ----------
    comparison : fleeodds.compare.Comparison
        Differences are drawn in percentage points with their 95 % intervals
        (paired on common random numbers, or exact: no whisker).
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, footnote, subtitle, xlabel, ylabel, legend_title
        Defaults: the comparison's title; no footnote; no subtitle; "Difference vs <first
        setup> (percentage points)"; none; "Setup".
    size : {"print", "screen"}
    show_zero : bool
        Keep outcomes that no setup reaches.

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
    if not show_zero:
        comparison = comparison.nonzero()
    setups = comparison.setups
    diff = comparison.differences()
    outcomes = list(dict.fromkeys(comparison.frame.label))
    others = setups[1:]
    n_o = max(len(others), 1)
    wrapped = [_wrap(o) for o in outcomes]
    groups_pt = sum(max(n_o * 13.0, 11.0 * _lines(x)) + 8 for x in wrapped)
    notes = list(footnote)
    if len(diff) and diff.diff_exact.all() and not notes:
        notes.append(w("exact_only", lang))
    if len(diff) and not diff.diff_exact.all():
        notes.append(w("paired_note" if bool(diff.paired.any()) else "independent_note", lang))
    ctx, fig, ax, page = _start(size, (groups_pt + 150 + 9 * _footer_lines(notes)) / 72)
    ax.axvline(0, color=DARK, lw=0.8)
    y0 = np.arange(len(outcomes))[::-1]
    step = 0.8 / n_o
    texts = []
    for k, s in enumerate(others):
        sub = diff[diff.setup == s].set_index("label").reindex(outcomes)
        y = y0 + 0.4 - step * (k + 0.5)
        d = sub.difference.to_numpy(float)
        lo = np.clip(d - sub.diff_low.to_numpy(float), 0, None)
        hi = np.clip(sub.diff_high.to_numpy(float) - d, 0, None)
        colour = OKABE_ITO[(k + 1) % len(OKABE_ITO)]
        ax.errorbar(d, y, xerr=np.vstack([lo, hi]), fmt=MARKERS[k % len(MARKERS)], ms=5, color=colour,
                    ecolor=colour, elinewidth=1.2, capsize=3, label=s)
        for yi, v, h in zip(y, d, sub.diff_high.to_numpy(float)):
            if v == v:
                texts.append(ax.annotate(_signed_points(v, lang), (max(v, h if h == h else v), yi), xytext=(4, 0),
                                         textcoords="offset points", va="center", fontsize=VALUE_SIZE, color=DARK))
    ax.set_yticks(y0, wrapped)
    ax.set_ylim(-0.5, len(outcomes) - 0.5)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: _signed_points(v, lang)))
    ax.set_xlabel(xlabel or w("difference_axis", lang, base=setups[0]))
    if ylabel:
        ax.set_ylabel(ylabel)
    bounds = np.r_[diff.diff_low.to_numpy(float), diff.diff_high.to_numpy(float), 0.01] if len(diff) else [0.01]
    span = float(np.nanmax(np.abs(bounds)))
    ax.set_xlim(-span * 1.1, span * 1.1)
    page.titles(title if title is not None else comparison.title, subtitle)
    _legend(page, legend_title or w("setup", lang))
    page.footnote(notes)

    def fit(renderer):  # widen symmetrically until every label is inside the plot
        bb = ax.get_window_extent(renderer)
        need = max((t.get_window_extent(renderer).x1 for t in texts), default=bb.x1)
        if need > bb.x1 - 2 and bb.width > 0:
            x0, x1 = ax.get_xlim()
            grow = (need - bb.x1 + 8) / bb.width * (x1 - x0)
            ax.set_xlim(x0 - grow / 2, x1 + grow / 2)
    page.fitters.append(fit)
    return _finish(ctx, page, path, size)


# ----------------------------------------------------------------------------- sweeps
def _is_numeric(values) -> bool:
    return all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) for v in values)


def line_chart(sweep, path=None, outcomes: Sequence[str] | None = None, title: str | None = None,
               subtitle: str | None = None, xlabel: str | None = None, footnote: Sequence[str] | None = None,
               series_label: str | None = None, ylabel: str | None = None, legend_title: str | None = None,
               labels: dict | None = None, size: str = "print"):
    """Probability of each outcome along one varied field (one line per outcome), or of one
    outcome along the first of two varied fields (one line per value of the second).

    Each line ends with its value (labels moved apart so they never overlap); lines that
    coincide are told apart by marker, style and width, and their legend entry says so.

    Parameters
    ----------
    sweep : fleeodds.sweep.Sweep
        With one varied field, or two and a single outcome. Numeric values get a
        numeric x axis, others (editions, dice) one evenly spaced tick each, named
        by the rules system (:func:`value_name`).
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    outcomes : sequence of str, optional
        Outcome codes to draw; default every outcome that is not always 0.
    title, subtitle, xlabel, ylabel, footnote
        Defaults: :func:`sweep_title` (what varies), :func:`sweep_subtitle` (the base
        scenario), the field's schema title, "Probability" / "P(outcome)",
        :func:`sweep_footnote`.
    series_label, legend_title : str, optional
        Legend title (default: "Outcome", or the second field's title).
    labels : dict, optional
        Field -> name, replacing the schema titles.
    size : {"print", "screen"}

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
        raise InputError("sweep", sweep.fields, Message(N_("one varied field for a line chart (two for a heatmap)")))
    if len(sweep.fields) == 2 and (outcomes is None or len(outcomes) != 1):
        raise InputError("outcomes", outcomes, Message(N_("one outcome code when two fields were varied "
                         "(one line per value of the second field)")))
    lang = sweep.lang
    f = sweep.fields[0]
    values = sweep.values[f]
    frame = sweep.frame
    out_labels = sweep.outcome_labels()
    if outcomes is None:
        peak = frame.groupby("outcome", sort=False).probability.max()
        outcomes = [o for o in out_labels if peak.get(o, 0) > 0]
    for o in outcomes:
        sweep.check_outcome(o)
    if len(sweep.fields) == 2:  # one line per value of the second field, for one outcome
        f2 = sweep.fields[1]
        series = [(value_name(sweep, f2, v), frame[(frame.outcome == outcomes[0]) & (frame[f2] == v)])
                  for v in sweep.values[f2]]
        legend = legend_title or series_label or field_name(sweep, f2, labels)
        default_ylabel = w("probability_of", lang, outcome=out_labels[outcomes[0]])
        default_title = sweep_title(sweep, outcomes[0], labels=labels)
    else:
        series = [(out_labels[o], frame[frame.outcome == o]) for o in outcomes]
        legend = legend_title or series_label or w("outcomes_legend", lang)
        default_ylabel = w("probability", lang)
        default_title = sweep_title(sweep, outcomes[0] if len(outcomes) == 1 else None, labels=labels)
    numeric = _is_numeric(values)
    xs = np.asarray(values, float) if numeric else np.arange(len(values), dtype=float)
    curves = []
    for name, rows in series:
        sub = rows.set_index(f).reindex(values)
        curves.append((name, sub, np.nan_to_num(sub.probability.to_numpy(float))))
    notes = list(sweep_footnote(sweep) if footnote is None else footnote)
    if not frame.exact.all():
        notes.append(w("band_note", lang))
    ctx, fig, ax, page = _start(size, None, grid="y")
    n = len(curves)
    same_as: dict[int, int] = {}
    for k in range(n):
        for j in range(k):
            if j not in same_as and np.allclose(curves[k][2], curves[j][2], atol=5e-4):
                same_as[k] = j
                break
    for k, (name, sub, p) in enumerate(curves):
        colour = OKABE_ITO[k % len(OKABE_ITO)]
        label = _wrap(name, 30)
        if k in same_as:
            label += "\n" + w("same_as", lang, other=curves[same_as[k]][0])
        # earlier lines are drawn wider and under later ones: coinciding lines stay visible
        lw = max(1.0, 3.8 - 0.8 * k)
        ms = max(3.5, 8.0 - 1.2 * k)
        ax.plot(xs, p, marker=MARKERS[k % len(MARKERS)], ms=ms, lw=lw, color=colour, label=label,
                ls=LINESTYLES[k % len(LINESTYLES)], mfc="white" if k % 2 else colour, mew=1.2, zorder=2 + k)
        if not sub.exact.fillna(False).all() and sub.ci_low.notna().any():
            ax.fill_between(xs, sub.ci_low.to_numpy(float), sub.ci_high.to_numpy(float), color=colour,
                            alpha=0.15, lw=0)
    if not numeric:
        ax.set_xticks(xs, [_wrap(value_name(sweep, f, v), 14) for v in values])
    elif all(float(v).is_integer() for v in values) and len(values) <= 25:
        ax.set_xticks(xs, [number(v, lang, 2) for v in values])
    pad = (xs.max() - xs.min()) * 0.03 if len(xs) > 1 else 0.5
    ax.set_xlim(xs.min() - pad, xs.max() + pad)
    top = float(np.nanmax(frame[frame.outcome.isin(outcomes)].probability)) if len(frame) else 0.05
    ax.set_ylim(0, min(1.0, max(0.05, top * 1.1)) if top < 0.9 else 1.02)
    _percent_axis(ax, lang, "y")
    ax.set_ylabel(ylabel or default_ylabel)
    ax.set_xlabel(xlabel or field_name(sweep, f, labels))
    page.titles(title if title is not None else default_title,
                subtitle if subtitle is not None else sweep_subtitle(sweep))
    _legend(page, legend, handlelength=3.2)
    page.footnote(notes)
    # direct labels: the value at the end of each line (equal values share one label)
    ends: dict[str, list[int]] = {}
    for k, (_, _, p) in enumerate(curves):
        ends.setdefault(_end_pct(p[-1], lang), []).append(k)
    end_texts = []
    for text, ks in ends.items():
        if len(ks) > 1:  # lines that end together are named at their end: "24% 6th = 7th edition"
            text = f"{text} {_joined([curves[k][0] for k in ks])}"
        t = ax.annotate(text, (xs[-1], curves[ks[0]][2][-1]), xytext=(END_DX, 0), textcoords="offset points",
                        va="center", ha="left", fontsize=VALUE_SIZE + 0.5, color=OKABE_ITO[ks[0] % len(OKABE_ITO)],
                        annotation_clip=False)
        end_texts.append((t, curves[ks[0]][2][-1]))

    def fit(renderer):
        if not end_texts:
            return
        bb = ax.get_window_extent(renderer)
        ys = [ax.transData.transform((xs[-1], v))[1] for _, v in end_texts]
        gap = page.px(VALUE_SIZE + 3)
        placed = spread(ys, gap, bb.y0 - gap, bb.y1 + gap)
        for (t, _), y_true, y_new in zip(end_texts, ys, placed):
            t.set_position((END_DX, (y_new - y_true) * 72 / fig.dpi))
    page.fitters.append(fit)
    return _finish(ctx, page, path, size)


def _end_pct(p: float, lang: str) -> str:
    """A line's end value to a whole percent, never "0 %" or "100 %" when it is neither."""
    if 0 < p < 0.005:
        return "<" + pct(0.01, lang, 0)
    if 0.995 <= p < 1:
        return ">" + pct(0.99, lang, 0)
    return pct(p, lang, 0)


def _joined(names: Sequence[str], limit: int = 26) -> str:
    """Names of coinciding lines, their shared last words once: "6th = 7th edition"."""
    words = [n.split() for n in names]
    common = 0
    while all(len(w_) > common + 1 for w_ in words) and len({tuple(w_[len(w_) - common - 1:]) for w_ in words}) == 1:
        common += 1
    heads = [" ".join(w_[: len(w_) - common]) for w_ in words]
    tail = " ".join(words[0][len(words[0]) - common:]) if common else ""
    text = " = ".join(heads) + (f" {tail}" if tail else "")
    return text if len(text) <= limit else f"(×{len(names)})"


def heatmap(sweep, outcome: str, path=None, title: str | None = None, subtitle: str | None = None,
            xlabel: str | None = None, ylabel: str | None = None, footnote: Sequence[str] | None = None,
            legend_title: str | None = None, labels: dict | None = None, size: str = "print"):
    """Probability of one outcome over two varied fields, each cell annotated.

    Parameters
    ----------
    sweep : fleeodds.sweep.Sweep
        With exactly two varied fields: the first runs down the rows, the
        second across the columns.
    outcome : str
        Outcome code.
    path : str or Path, optional
    title, subtitle, xlabel, ylabel, footnote, legend_title
        Defaults: :func:`sweep_title`, :func:`sweep_subtitle`, the fields' schema titles,
        :func:`sweep_footnote`, "P(outcome)" on the colour bar.
    labels : dict, optional
        Field -> name, replacing the schema titles.
    size : {"print", "screen"}

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
    ctx, fig, ax, page = _start(size, (n_r * 22 + 170) / 72, extra={
        "axes.grid": False, "axes.spines.left": False, "axes.spines.bottom": False})
    top = min(1.0, max(0.1, math.ceil(float(np.nanmax(data)) * 10) / 10))
    im = ax.imshow(data, cmap=HEATMAP_CMAP, vmin=0, vmax=top, aspect="auto")
    cmap = im.get_cmap()
    for r in range(n_r):
        for c in range(n_c):
            v = data[r, c]
            red, green, blue, _ = cmap(v / top)
            light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
            ax.text(c, r, pct(v, lang, 0), ha="center", va="center", fontsize=VALUE_SIZE + 0.5,
                    color="#111111" if light else "white")
    ax.set_xticks(np.arange(n_c), [_wrap(value_name(sweep, f2, v), 10) for v in grid.columns])
    ax.set_yticks(np.arange(n_r), [value_name(sweep, f1, v) for v in grid.index])
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    ax.set_xlabel(xlabel or field_name(sweep, f2, labels), labelpad=6)
    ax.set_ylabel(ylabel or field_name(sweep, f1, labels))
    cax = fig.add_axes([0.9, 0.15, 0.025, 0.7])
    bar = fig.colorbar(im, cax=cax)
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: pct(v, lang, 0)))
    bar.outline.set_visible(False)
    bar.set_label(legend_title or w("probability_of", lang, outcome=sweep.outcome_labels()[outcome]), fontsize=8)
    page.cax = cax
    page.side = cax
    page.titles(title if title is not None else sweep_title(sweep, outcome, heat=True, labels=labels),
                subtitle if subtitle is not None else sweep_subtitle(sweep))
    page.footnote(list(sweep_footnote(sweep) if footnote is None else footnote))
    return _finish(ctx, page, path, size)


# ----------------------------------------------------------------------------- metric
def metric_chart(table: OutcomeTable, path=None, title: str | None = None, subtitle: str = "",
                 method: str | None = None, xlabel: str | None = None, ylabel: str | None = None,
                 legend_title: str | None = None, size: str = "print"):
    """A numeric result's distribution as the three views of dice calculators.

    Bars: P(value = x) ("exactly"), each labelled; lines: P(value >= x) ("at least") and
    P(value <= x) ("at most"), over all outcomes, from :meth:`OutcomeTable.metric_views`.

    Parameters
    ----------
    table : OutcomeTable
        With a metric (distance fled, damage taken, turn of resolution).
    path : str or Path, optional
    title, subtitle, xlabel, ylabel, legend_title
        Defaults: "Distribution of the <metric>", the scenario title, the metric and its
        unit, "Probability", none.
    method : {"exact", "monte_carlo"}, optional
        Default: exact when available.
    size : {"print", "screen"}

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
        raise InputError("metric", table.metric.code, Message(N_("a scenario with a numeric result (distance, damage, turn)")))
    lang = table.lang
    views = table.metric_views(method)
    full = np.arange(int(views.value.min()), int(views.value.max()) + 1)
    views = views.set_index("value").reindex(full)
    views["exactly"] = views.exactly.fillna(0.0)
    views["at_least"] = views.at_least.bfill()
    views["at_most"] = views.at_most.ffill()
    views = views.rename_axis("value").reset_index()
    x = views.value.to_numpy(int)
    unit = f" ({table.metric.unit_label().render(lang)})" if table.metric.unit else ""
    ctx, fig, ax, page = _start(size, None, grid="y")
    ax.bar(x, views.exactly, width=0.7, color=OKABE_ITO[0], label=w("exactly", lang))
    ax.plot(x, views.at_least, marker="o", ms=3.5, lw=1.6, color=OKABE_ITO[1], label=w("at_least", lang))
    ax.plot(x, views.at_most, marker="s", ms=3.5, lw=1.6, color=OKABE_ITO[2], ls="--", label=w("at_most", lang))
    dense = len(x) > 14
    bar_texts = []
    for xi, p in zip(x, views.exactly):
        if p >= 0.0005:
            bar_texts.append(ax.annotate(pct(p, lang, 0 if p >= 0.01 else 1), (xi, p), xytext=(0, 2), textcoords="offset points",
                        ha="center", va="bottom", fontsize=VALUE_SIZE - (1 if dense else 0), color=DARK,
                        rotation=90 if dense else 0, zorder=6,
                        bbox={"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none", "alpha": 0.85}))
    curves = [views.at_least.to_numpy(float), views.at_most.to_numpy(float)]
    ends: dict[str, tuple[float, str]] = {}
    for col, colour in (("at_least", OKABE_ITO[1]), ("at_most", OKABE_ITO[2])):
        v = float(views[col].iloc[-1])
        ends.setdefault(_end_pct(v, lang), (v, colour))  # equal ends share one label
    end_texts = [(ax.annotate(text, (x[-1], v), xytext=(8, 0), textcoords="offset points", va="center",
                              fontsize=VALUE_SIZE, color=colour, annotation_clip=False), v)
                 for text, (v, colour) in ends.items()]
    ax.set_ylim(0, 1.12)
    ax.set_xlim(x[0] - 0.6, x[-1] + 0.6)
    _percent_axis(ax, lang, "y")
    ax.set_ylabel(ylabel or w("probability", lang))
    ax.set_xlabel(xlabel or table.metric.label().render(lang).capitalize() + unit)
    if len(x) <= 20:
        ax.set_xticks(x, [integer(int(v), lang) for v in x])
    else:
        ax.xaxis.set_major_locator(MaxNLocator(nbins=20, integer=True))
    page.titles(title if title is not None else w("distribution_of", lang, metric=table.metric.label().render(lang)),
                subtitle if subtitle else table.manifest.get("title", ""))
    handles, names = ax.get_legend_handles_labels()
    order = [names.index(w(k, lang)) for k in ("exactly", "at_least", "at_most")]
    page.legend([handles[i] for i in order], [names[i] for i in order], legend_title)
    def fit(renderer):  # right of the last bar, apart from each other
        bb = ax.get_window_extent(renderer)
        half_bar = abs(ax.transData.transform((x[-1] + 0.35, 0))[0] - ax.transData.transform((x[-1], 0))[0])
        dx = (half_bar * 72 / fig.dpi) + 4
        ys = [ax.transData.transform((x[-1], v))[1] for _, v in end_texts]
        placed = spread(ys, page.px(VALUE_SIZE + 3), bb.y0, bb.y1 + page.px(VALUE_SIZE))
        for (t, _), y_true, y_new in zip(end_texts, ys, placed):
            t.set_position((dx, (y_new - y_true) * 72 / fig.dpi))
    page.fitters.append(fit)
    page.fitters.append(_clear_of_curves(ax, bar_texts, x, curves, page.px(4)))
    used = method or ("exact" if "exact" in table.methods else "monte_carlo")
    m = table.manifest
    page.footnote([w("exact_only", lang)] if used == "exact" else
                  [w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"])])
    return _finish(ctx, page, path, size)


def _clear_of_curves(ax, texts, x, curves, pad: float):
    """A fitter: lift each bar's value label (an annotation of the point ``(x, p)``) above the
    "at least" / "at most" lines where they cross it, so that no line runs through a label.

    ``curves`` are the lines' values at ``x`` (drawn straight between points); a label the lift
    would push out of the plot stays over the bar and the lines instead (its white box keeps it
    readable)."""
    def level(curve, x0: float, x1: float) -> tuple[float, float]:
        """Lowest and highest value of the drawn line between data x0 and x1."""
        xs = np.r_[x0, x[(x > x0) & (x < x1)], x1]
        ys = np.interp(xs, x, curve)
        return float(ys.min()), float(ys.max())

    def fit(renderer):
        top = ax.get_window_extent(renderer).y1
        inv = ax.transData.inverted()
        for t in texts:
            t.set_position((0, 2))
            for _ in range(4):  # each lift may meet the other line
                bb = t.get_window_extent(renderer)
                (x0, _y0), (x1, _y1) = inv.transform([(bb.x0, bb.y0), (bb.x1, bb.y1)])
                lifted = False
                for curve in curves:
                    lo, hi = level(curve, x0, x1)
                    lo_px = ax.transData.transform((0, lo))[1] - pad
                    hi_px = ax.transData.transform((0, hi))[1] + pad
                    if lo_px < bb.y1 and hi_px > bb.y0:  # the line crosses the label's box
                        shift = hi_px - bb.y0
                        if bb.y1 + shift > top:
                            continue
                        ox, oy = t.get_position()
                        t.set_position((ox, oy + shift * 72 / ax.figure.dpi))
                        lifted = True
                        break
                if not lifted:
                    break
    return fit


# ----------------------------------------------------------------------------- ranking
#: Footnote words of a ranking chart.
_RANK_NOTES = {
    "opponent": N_("opponent: {name}"),
    "source": N_("units of {source}"),
    "per_unit": N_("{mc} per unit"),
    "mixed": N_("exact values where the unit's scenario has an exact solver, else Monte Carlo"),
}


def ranking_footnote(ranking, lang: str = "en", source: str = "", trials: int | None = None,
                     seed: int | None = None) -> list[str]:
    """The footnote of a ranking chart, as other charts have: who the units face, where they come
    from and how the numbers were obtained.

    Parameters
    ----------
    ranking : fleeodds.rank.Ranking
        Its ``opponent`` (the unit in the other role, if any) and its table's ``method`` column
        (``"exact"`` or ``"mc"`` per unit).
    lang : {"en", "fr"}
    source : str, optional
        Where the units come from (the catalogue's name).
    trials, seed : int, optional
        The Monte Carlo trials per unit and the seed (shown when a unit was simulated).

    Returns
    -------
    list of str
        Footnote lines for :func:`chart_ranking`.
    """
    check_lang(lang)
    lines = []
    if ranking.opponent:  # Ranking declares it ("" when there is none)
        lines.append(Message(_RANK_NOTES["opponent"], name=ranking.opponent).render(lang))
    if source:
        lines.append(Message(_RANK_NOTES["source"], source=source).render(lang))
    methods = set(ranking.table["method"]) if "method" in ranking.table else set()
    if methods == {"exact"}:
        lines.append(w("exact_only", lang))
    elif methods:
        if "exact" in methods:
            lines.append(Message(_RANK_NOTES["mixed"]).render(lang))
        if trials is not None:
            mc = w("trials_seed", lang, trials=integer(trials, lang), seed=seed if seed is not None else 0)
            lines.append(Message(_RANK_NOTES["per_unit"], mc=mc).render(lang))
    return lines


#: A ranking's outcome below this for every unit reads 0.0 % in its table (one decimal) and would
#: be a stack segment thinner than a pixel: it is left out of the bars and the legend and named
#: in the footnote (``show_zero=True`` keeps it).
RANK_SHOWN = 0.0005
#: The footnote naming those outcomes (above 0, so not "0 % everywhere").
_RARE = N_("not shown, under {limit} for every unit: {names}")


def _rare_note(labels: Sequence[str], lang: str) -> str:
    labels = list(dict.fromkeys(str(x) for x in labels))
    return Message(_RARE, limit=pct(RANK_SHOWN, lang, 2), names=", ".join(labels)).render(lang) if labels else ""


def chart_ranking(bars: RankBars, path: str | Path | None, lang: str = "en", title: str | None = None,
                  subtitle: str | None = None, xlabel: str | None = None, ylabel: str | None = None,
                  legend_title: str | None = None, size: str = "print", show_zero: bool = False,
                  footnote: Sequence[str] = ()):
    """Draw a ranking as stacked horizontal bars (one bar per unit, outcomes stacked to 1),
    each segment wide enough for it labelled with its percentage.

    Parameters
    ----------
    bars : RankBars
        From :meth:`fleeodds.rank.Ranking.chart_data`.
    path : str or Path
        Output file; the format follows the suffix (``.png`` or ``.svg``); ``None`` draws only.
    lang : {"en", "fr"}
        Language of the axis (the labels in ``bars`` are already in it).
    title, subtitle, xlabel, ylabel, legend_title, footnote
        Defaults: ``bars.title``, ``bars.subtitle``, "Probability", none, "Outcome", none.
    size : {"print", "screen"}
    show_zero : bool
        Keep every outcome. By default an outcome that no unit reaches (0 for every unit) or
        that stays under :data:`RANK_SHOWN` for every unit (0.0 % in the table, e.g. "still
        fleeing at the turn limit" of an 8th edition rally scenario, about 1e-6) has neither a
        stack segment nor a legend entry; the footnote names it.

    Returns
    -------
    pathlib.Path or matplotlib.figure.Figure
        ``path`` when given, else the figure.

    Raises
    ------
    InputError
        Unsupported file suffix or language, a series whose length is not the
        number of units, or an unwritable path.
    """
    check_lang(lang)
    given = path
    path = _check_path(path)
    n = len(bars.units)
    for label, values, _ in bars.series:
        if len(values) != n:
            raise InputError("chart", label, Message(N_("one value per unit ({n})"), n=n))
    top = {label: max((float(v) for v in values), default=0.0) for label, values, _ in bars.series}
    series = [s for s in bars.series if show_zero or top[s[0]] >= RANK_SHOWN]
    never = [s[0] for s in bars.series if s not in series and top[s[0]] <= 0]
    rare = [s[0] for s in bars.series if s not in series and top[s[0]] > 0]
    units = [_unit_label(u, lang) for u in bars.units][::-1]
    ys = np.arange(n)
    left = np.zeros(n)
    rows_pt = sum(max(14.0, 10.0 * _lines(u)) + 4 for u in units)
    ctx, fig, ax, page = _start(size, (rows_pt + 150) / 72)
    seg_texts = []
    for k, (label, values, colour) in enumerate(series):
        vals = np.asarray(values, float)[::-1]
        c = colour or OKABE_ITO[k % len(OKABE_ITO)]
        ax.barh(ys, vals, left=left, height=0.75, label=label, color=c)
        red, green, blue = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)] if str(c).startswith("#") else (0, 0, 0)
        light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
        for yi, l0, v in zip(ys, left, vals):
            if v > 0:
                seg_texts.append(ax.text(l0 + v / 2, yi, pct(v, lang, 0), ha="center", va="center",
                                         fontsize=VALUE_SIZE - 1, color="#111111" if light else "white"))
        left = left + vals
    ax.set_yticks(ys, units)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, 1)
    _percent_axis(ax, lang)
    ax.set_xlabel(xlabel or w("probability", lang))
    if ylabel:
        ax.set_ylabel(ylabel)
    page.titles(bars.title if title is None else title, bars.subtitle if subtitle is None else subtitle)
    _legend(page, legend_title or w("outcomes_legend", lang))
    page.footnote(list(footnote) + [_hidden_note(never, lang), _rare_note(rare, lang)])

    def fit(renderer):  # a segment too narrow for its label shows none (its value is in the table)
        for t in seg_texts:
            t.set_visible(True)
        x_pos = {}
        for bar_group in ax.containers:
            for rect in bar_group:
                x_pos[(round(rect.get_y() + rect.get_height() / 2, 6), round(rect.get_x() + rect.get_width() / 2, 6))] = rect
        for t in seg_texts:
            x, y = t.get_position()
            rect = x_pos.get((round(y, 6), round(x, 6)))
            if rect is None:
                continue
            if t.get_window_extent(renderer).width + 2 > rect.get_window_extent(renderer).width:
                t.set_visible(False)
    page.fitters.append(fit)
    fig = _finish(ctx, page, path, size)
    if given is None:
        return fig
    plt.close(fig)
    return path


# ----------------------------------------------------------------------------- army against army
#: Most columns whose cells carry their percentage (beyond, the colour bar reads them).
MATRIX_ANNOTATE = 16


def chart_matrix(grid: MatrixGrid, path: str | Path | None, lang: str = "en", title: str | None = None,
                 subtitle: str | None = None, xlabel: str | None = None, ylabel: str | None = None,
                 legend_title: str | None = None, size: str = "print", footnote: Sequence[str] | None = None):
    """Draw an army-against-army matrix as a heatmap: one row per unit of the first army, one column
    per unit of the other (the opponent, named on its column), each cell coloured by its probability
    and, up to :data:`MATRIX_ANNOTATE` columns, labelled with it; failed cells stay blank.

    Parameters
    ----------
    grid : MatrixGrid
        From :meth:`fleeodds.results.Matrix.chart_data` (it renders, never computes).
    path : str or Path
        Output file (``.png`` or ``.svg``); ``None`` draws only.
    lang : {"en", "fr"}
        Language of the percentages (the labels in ``grid`` are already in it).
    title, subtitle, xlabel, ylabel, legend_title, footnote
        Defaults: those of ``grid`` (the axes name the role and the army).
    size : {"print", "screen"}

    Returns
    -------
    pathlib.Path or matplotlib.figure.Figure
        ``path`` when given, else the figure.

    Raises
    ------
    InputError
        Unsupported suffix or language, values not of shape (rows, columns), an empty grid,
        an unwritable path.
    """
    check_lang(lang)
    given = path
    path = _check_path(path)
    n_r, n_c = len(grid.rows), len(grid.cols)
    data = np.asarray(grid.values, float).reshape(n_r, n_c) if n_r and n_c else np.zeros((0, 0))
    if data.shape != (n_r, n_c) or not n_r or not n_c:
        raise InputError("chart", f"{n_r} x {n_c}", Message(N_("a matrix with at least one row and one column")))
    annotate = n_c <= MATRIX_ANNOTATE
    tick = 8.0 if n_c <= 12 else 7.0 if n_c <= 24 else 6.0 if n_c <= 40 else 5.0
    row_pt = max(11.0, tick + 5) if not annotate else 18.0
    rotate = not (annotate and n_c <= 6)
    # long unit names would squeeze the cells: cut to a line (the table keeps every full name)
    col_labels = [_wrap(c, 22) if not rotate else textwrap.shorten(c, 26, placeholder="…") for c in grid.cols]
    row_labels = [textwrap.shorten(r, 30, placeholder="…") for r in grid.rows]
    longest = max(len(line) for c in col_labels for line in c.split("\n"))
    lines = max(_lines(c) for c in col_labels)
    top_pt = (tick * 0.62 * longest if rotate else tick * 1.3 * lines) + 40
    ctx, fig, ax, page = _start(size, (n_r * row_pt + top_pt + 150) / 72, extra={
        "axes.grid": False, "axes.spines.left": False, "axes.spines.bottom": False})
    finite = data[np.isfinite(data)]
    top = min(1.0, max(0.1, math.ceil(float(finite.max()) * 10) / 10)) if finite.size else 1.0
    im = ax.imshow(np.ma.masked_invalid(data), cmap=HEATMAP_CMAP, vmin=0, vmax=top, aspect="auto",
                   interpolation="nearest")
    cmap = im.get_cmap()
    if annotate:
        for r in range(n_r):
            for c in range(n_c):
                v = data[r, c]
                if not np.isfinite(v):
                    continue
                red, green, blue, _ = cmap(v / top)
                light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
                ax.text(c, r, pct(v, lang, 0), ha="center", va="center", fontsize=VALUE_SIZE,
                        color="#111111" if light else "white")
    ax.set_xticks(np.arange(n_c), col_labels, fontsize=tick, rotation=90 if rotate else 0)
    ax.set_yticks(np.arange(n_r), row_labels, fontsize=tick)  # one line per row: rows never overlap
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0)
    ax.set_xlabel(xlabel or grid.col_title, labelpad=6)
    ax.set_ylabel(ylabel or grid.row_title)
    cax = fig.add_axes([0.9, 0.15, 0.025, 0.7])
    bar = fig.colorbar(im, cax=cax)
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: pct(v, lang, 0)))
    bar.outline.set_visible(False)
    bar.set_label(legend_title or grid.colour_title, fontsize=8)
    page.cax = cax
    page.side = cax
    page.titles(grid.title if title is None else title, grid.subtitle if subtitle is None else subtitle)
    page.footnote(list(grid.footnote if footnote is None else footnote))
    fig = _finish(ctx, page, path, size)
    if given is None:
        return fig
    plt.close(fig)
    return path


#: Shades of the stacked chart's groups (:func:`grouped_stack_chart`): blues for the first group, greys
#: for the middle one, oranges for the last (Okabe-Ito blue and vermilion, lightened).
GROUP_SHADES = (["#0072B2", "#56B4E9", "#A6D4F2", "#D6EBF8", "#7FA7C9", "#2F5F8A"],
                ["#555555", "#999999", "#CCCCCC", "#E6E6E6"],
                ["#D55E00", "#E69F00", "#F2C57C", "#F8E1BC", "#B34700", "#8C6A00"])
#: A segment narrower than this share of the bar carries no value label (its value is in the table).
SEGMENT_LABEL_MIN = 0.06
#: Outcomes under this in every setup are drawn but left out of the legend, and named in the footnote.
LEGEND_MIN = 0.005


def grouped_stack_chart(frame, groups: Sequence[tuple[str, Sequence[str]]], path=None, title: str = "",
                        lang: str = "en", footnote: Sequence[str] = (), subtitle: str = "",
                        xlabel: str | None = None, size: str = "print", **_ignored):
    """One 100 % horizontal bar per setup, stacked by groups of outcomes (a fight: the first side's wins,
    the fights still going on or both sides destroyed, the other side's wins), each outcome a shade of
    its group's colour; a segment wide enough carries its value; the legend lists the outcomes group by
    group.

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``setup, outcome, label, probability`` (one setup or several), setups in order of first
        appearance.
    groups : sequence of (str, sequence of str)
        Group names (shown in the legend) and their outcome codes, in drawing order; outcomes of the frame
        in no group are left out.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title, lang, footnote, subtitle, xlabel, size
        As :func:`comparison_chart`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    path = _check_path(path)
    check_lang(lang)
    setups = list(dict.fromkeys(frame.setup))
    prob = {(s, o): float(p) for s, o, p in zip(frame.setup, frame.outcome, frame.probability) if p == p}
    labels = dict(zip(frame.outcome, frame.label))
    order, colours, heads = [], {}, []
    for g, (name, codes) in enumerate(groups):
        shades = GROUP_SHADES[min(g, 1) if g < len(groups) - 1 else 2] if len(groups) > 1 else GROUP_SHADES[0]
        shown = [c for c in codes if c in labels]
        for k, c in enumerate(shown):
            colours[c] = shades[k % len(shades)]
        order += shown
        heads.append((name, shown))
    small = [labels[c] for c in order if max(prob.get((s, c), 0.0) for s in setups) < LEGEND_MIN]
    group_of = {labels[c]: name for name, codes in heads for c in codes}
    legend_lines = sum(1 + sum(_lines(_wrap(_after(labels[c], name), 60)) for c in v) for name, v in heads)
    height = len(setups) * 0.42 + 1.4 + 0.19 * legend_lines + 0.14 * _footer_lines(footnote)
    ctx, fig, ax, page = _start(size, height, grid="x")
    y = np.arange(len(setups))
    left = np.zeros(len(setups))
    texts = []
    for c in order:
        v = np.array([prob.get((s, c), 0.0) for s in setups])
        ax.barh(y, v, left=left, height=0.62, color=colours[c], linewidth=0.4, edgecolor="white")
        for yi, x0, vi in zip(y, left, v):
            if vi >= SEGMENT_LABEL_MIN:
                dark = colours[c] in ("#0072B2", "#2F5F8A", "#555555", "#D55E00", "#B34700", "#8C6A00")
                texts.append(ax.text(x0 + vi / 2, yi, _bar_pct(vi, lang), ha="center", va="center",
                                     fontsize=VALUE_SIZE, color="white" if dark else DARK))
        left = left + v
    ax.set_yticks(y, [_wrap(s, 18) for s in setups])
    ax.set_ylim(len(setups) - 0.5, -0.5)
    ax.set_xlim(0, 1)
    _percent_axis(ax, lang)
    ax.set_xlabel(xlabel or w("probability", lang))
    page.titles(title, subtitle)
    handles, names = [], []
    for name, codes in heads:
        codes = [c for c in codes if labels[c] not in small]
        if not codes:
            continue
        handles.append(Patch(facecolor="none", edgecolor="none"))
        names.append(name)
        for c in codes:
            handles.append(Patch(facecolor=colours[c], linewidth=0))
            names.append(_wrap(_after(labels[c], name), 60))
    page.legend(handles, names, None)
    note = []
    if small:
        note.append(Message(N_("Under 0.5% everywhere (not in the legend): ")).render(lang) + "; ".join(
                        f"{group_of[x]} ({_after(x, group_of[x])})" if _after(x, group_of[x]) != x else x
                        for x in small))
    page.footnote(list(footnote) + note)
    return _finish(ctx, page, path, size)


def _after(label: str, head: str) -> str:
    """``label`` without its group's name in front ("20 Night Goblins win; 16 Dwarf Warriors: rallied" under
    "20 Night Goblins win" reads "16 Dwarf Warriors: rallied")."""
    if label.startswith(head) and len(label) > len(head):
        rest = label[len(head):].lstrip(";\u202f ")
        return rest or label
    return label


def answer_chart(table: OutcomeTable, path=None, **kw):
    """The chart of one answer: :func:`grouped_stack_chart` when its outcomes group (a fight: one bar stacked
    by side, as ``fleeodds run --chart`` draws it), else :func:`outcome_chart` (one bar per outcome).

    Parameters
    ----------
    table : OutcomeTable
        In the language to draw (:meth:`~fleeodds.results.OutcomeTable.relabel`).
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    **kw
        Passed on (``title``, ``size``...).

    Returns
    -------
    matplotlib.figure.Figure
    """
    groups = table.outcome_groups
    if not groups:
        return outcome_chart(table, path, **kw)
    import pandas as pd

    title = table.manifest.get("title", "")
    frame = pd.DataFrame([dict(r, setup=title) for r in table.best_rows()])
    return grouped_stack_chart(frame, groups, path, **({"title": title, "lang": table.lang} | kw))



# ----------------------------------------------------------------------------- the table, seen from above
#: Colours of the bases on a table map by side (Okabe-Ito): the moving fighter, its enemies, its allies.
SIDE_COLOURS = {"mover": OKABE_ITO[0], "enemy": OKABE_ITO[5], "ally": OKABE_ITO[2]}
#: Colours of the other shapes of a table map (the web page draws with the same ones).
MAP_COLOURS = {"terrain": "#bbbbbb", "terrain_edge": "#777777", "ring": OKABE_ITO[3], "zone": OKABE_ITO[1],
               "destination": OKABE_ITO[0]}
#: A table map's default words, when the shapes give no ``labels`` of their own.
#: The words of a table map's legend (context ``table map``: "move", "zone", "destination" name shapes here).
_MAP_WORDS = {"mover": NP_("table map", "moves"), "enemy": NP_("table map", "enemy"), "ally": NP_("table map", "ally"),
              "terrain": NP_("table map", "impassable terrain"), "path": NP_("table map", "move"),
              "end": NP_("table map", "where it stops"), "destination": NP_("table map", "destination"),
              "ring": NP_("table map", "zone"), "zone": NP_("table map", "random placement zone"),
              "again": NP_("table map", "can reach it again: {names}"),
              # the length unit's singular and plural when the scenario names none
              "unit_one": NP_("table map", "unit"), "unit_other": NP_("table map", "units")}


def table_words(shapes: dict, lang: str = "en") -> dict[str, str]:
    """The words of a table map in ``lang``: the legend's (each side and kind of shape), ``again`` (said with
    ``chargers``), and the length unit's singular ``unit_one`` and plural ``unit_other``.

    Parameters
    ----------
    shapes : dict
        A scenario's table shapes (:meth:`fleeodds.system.Scenario.table_shapes`); its ``labels`` and ``unit``
        replace the defaults.
    lang : {"en", "fr"}

    Returns
    -------
    dict
        Kind -> text.

    Raises
    ------
    InputError
        If ``lang`` is neither "en" nor "fr".
    """
    check_lang(lang)
    catalogue = translation(lang)
    words = {kind: catalogue.pgettext("table map", text) for kind, text in _MAP_WORDS.items()}
    for kind, texts in (shapes.get("labels") or {}).items():
        if isinstance(texts, dict) and texts.get(lang):
            words[kind] = texts[lang]
    unit = shapes.get("unit") or {}
    words["unit_one"] = (unit.get("one") or {}).get(lang, words["unit_one"])
    words["unit_other"] = (unit.get("other") or {}).get(lang, words["unit_other"])
    return words


def table_chart(shapes: dict, path=None, title: str = "", lang: str = "en", size: str = "screen"):
    """The table seen from above: bases as circles (the moving piece, its enemies, its allies), impassable
    terrain as grey polygons, zones of effect as rings, random placement zones, the move's path, where it
    stops and the destination asked.

    Parameters
    ----------
    shapes : dict
        ``bases`` (list of ``{x, y, r, side, name}``, in the scenario's unit; side ``mover``, ``enemy`` or
        ``ally``), ``terrain`` (list of polygons ``[[x, y], ...]``), ``path`` (``[[x, y], ...]``), ``end``
        (``{x, y, r}`` or None), ``destination`` (``[x, y]`` or None), ``rings``, ``zones``, ``chargers``
        (names), ``unit`` and ``labels``, as :meth:`fleeodds.system.Scenario.table_shapes` gives them.
    path : str or Path, optional
        ``.png`` or ``.svg`` file to write.
    title : str
    lang : {"en", "fr"}
    size : {"print", "screen"}

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    InputError
        If ``path`` does not end in .png or .svg, or an unknown ``size``.
    """
    from matplotlib.patches import Circle, Polygon as PolygonPatch, Rectangle

    path = _check_path(path)
    words = table_words(shapes, lang)
    ctx, fig, ax, page = _start(size, None, grid="both", extra={"axes.grid": True})
    ax.grid(alpha=0.3)
    for k, poly in enumerate(shapes.get("terrain") or []):
        ax.add_patch(PolygonPatch(poly, closed=True, facecolor=MAP_COLOURS["terrain"],
                                  edgecolor=MAP_COLOURS["terrain_edge"], lw=1, label=None if k else words["terrain"]))
    pieces = []  # what the view frames: bases, zones, the move (never the whole -20..20 of a long wall)
    for k, z in enumerate(shapes.get("zones") or []):
        kw = dict(facecolor=MAP_COLOURS["zone"], alpha=0.15, edgecolor=MAP_COLOURS["zone"], lw=1, ls="--",
                  label=None if k else words["zone"])
        if z.get("shape") == "disc":
            ax.add_patch(Circle((z["x"], z["y"]), z["r"], **kw))
            pieces += [(z["x"] - z["r"], z["y"] - z["r"]), (z["x"] + z["r"], z["y"] + z["r"])]
            at = (z["x"], z["y"])
        else:
            ax.add_patch(Rectangle((z["x0"], z["y0"]), z["x1"] - z["x0"], z["y1"] - z["y0"], **kw))
            pieces += [(z["x0"], z["y0"]), (z["x1"], z["y1"])]
            at = ((z["x0"] + z["x1"]) / 2, (z["y0"] + z["y1"]) / 2)
        ax.annotate(z.get("name", ""), at, xytext=(0, -12 * k), textcoords="offset points", ha="center",
                    fontsize=8, color=DARK)
    for k, ring in enumerate(shapes.get("rings") or []):
        ax.add_patch(Circle((ring["x"], ring["y"]), ring["r"], facecolor="none", edgecolor=MAP_COLOURS["ring"],
                            lw=1.2, ls="-.", label=None if k else words["ring"]))
        pieces += [(ring["x"] - ring["r"], ring["y"] - ring["r"]), (ring["x"] + ring["r"], ring["y"] + ring["r"])]
    seen = set()
    for b in shapes.get("bases") or []:
        side = b.get("side", "enemy")
        ax.add_patch(Circle((b["x"], b["y"]), b["r"], facecolor=SIDE_COLOURS.get(side, DARK), edgecolor=DARK,
                            lw=0.8, alpha=0.85, label=None if side in seen else words.get(side, side)))
        seen.add(side)
        ax.annotate(b.get("name", ""), (b["x"], b["y"] + b["r"]), xytext=(0, 3), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8, color=DARK)
        pieces += [(b["x"] - b["r"], b["y"] - b["r"]), (b["x"] + b["r"], b["y"] + b["r"])]
    route = shapes.get("path") or []
    if len(route) >= 2:
        ax.plot([p[0] for p in route], [p[1] for p in route], color=SIDE_COLOURS["mover"], ls="--", lw=1.6,
                label=words["path"])
        pieces += [tuple(p) for p in route]
    end = shapes.get("end")
    if end:
        ax.add_patch(Circle((end["x"], end["y"]), end["r"], facecolor="none", edgecolor=SIDE_COLOURS["mover"],
                            lw=1.6, ls=":", label=words["end"]))
        pieces += [(end["x"] - end["r"], end["y"] - end["r"]), (end["x"] + end["r"], end["y"] + end["r"])]
    dest = shapes.get("destination")
    if dest:
        ax.plot([dest[0]], [dest[1]], marker="x", ms=9, mew=2, ls="none", color=MAP_COLOURS["destination"],
                label=words["destination"])
        pieces.append(tuple(dest))
    if pieces:
        lo_x, hi_x = min(p[0] for p in pieces) - 3, max(p[0] for p in pieces) + 3
        lo_y, hi_y = min(p[1] for p in pieces) - 3, max(p[1] for p in pieces) + 3
        ax.set_xlim(lo_x, hi_x)
        ax.set_ylim(lo_y, hi_y)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel(words["unit_other"])
    ax.set_ylabel(words["unit_other"])
    page.titles(title, words["again"].format(names=", ".join(shapes["chargers"])) if shapes.get("chargers") else "")
    _legend(page, None)
    return _finish(ctx, page, path, size)
