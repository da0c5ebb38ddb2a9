"""Charts that survive print: every chart type, in English and French, drawn and measured.

No two texts overlap (``Text.get_window_extent`` after ``fig.canvas.draw()``), no text
leaves the canvas, the canvas has the size's fixed width, and every bar and line end
carries its value. Exact methods only, except one Monte Carlo run for the whiskers.
"""

from __future__ import annotations

import itertools

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import fleeodds  # noqa: E402
from fleeodds.compare import compare  # noqa: E402
from fleeodds.report import charts, tables  # noqa: E402
from fleeodds.report.layout import SIZES, spread, text_boxes  # noqa: E402
from fleeodds.sweep import sweep  # noqa: E402

LANGS = ("en", "fr")


def assert_clean_layout(fig, size: str = "print", tolerance: float = 0.5) -> None:
    """No two visible texts of ``fig`` overlap, every text lies inside the canvas, and the
    canvas is ``size``'s width.

    Texts of one multi-line string are one box; a legend's texts are checked against
    everything else too. ``tolerance`` is in pixels (antialiasing of touching boxes).
    """
    width_in = SIZES[size][0]
    assert fig.get_figwidth() == pytest.approx(width_in), "canvas width"
    boxes = text_boxes(fig)
    W, H = fig.bbox.width, fig.bbox.height
    for t, b in boxes:
        assert b.x0 >= -tolerance and b.y0 >= -tolerance and b.x1 <= W + tolerance and b.y1 <= H + tolerance, \
            f"text {t.get_text()!r} leaves the canvas: {b} in {W}x{H}"
    for (t1, b1), (t2, b2) in itertools.combinations(boxes, 2):
        overlap_x = min(b1.x1, b2.x1) - max(b1.x0, b2.x0)
        overlap_y = min(b1.y1, b2.y1) - max(b1.y0, b2.y0)
        assert not (overlap_x > tolerance and overlap_y > tolerance), \
            f"texts overlap: {t1.get_text()!r} and {t2.get_text()!r}"
    # titles, subtitles and footnotes never run into the plot area
    for ax in fig.axes:
        frame = ax.get_window_extent()
        for t, b in boxes:
            if t.axes is ax and t.get_transform() == fig.transFigure or (
                    t.axes is ax and getattr(t, "xycoords", None) == "figure fraction"):
                ox = min(b.x1, frame.x1) - max(b.x0, frame.x0)
                oy = min(b.y1, frame.y1) - max(b.y0, frame.y0)
                assert not (ox > tolerance and oy > tolerance), f"{t.get_text()!r} runs into the plot"


@pytest.fixture(scope="module")
def goblins():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    return {lang: fleeodds.evaluate(sc, "both", trials=20_000, seed=1, lang=lang, progress=False) for lang in LANGS}


@pytest.fixture(scope="module")
def editions():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    return {lang: compare([(v.label(lang), v.scenario) for v in sc.variants()], "exact", lang=lang,
                          progress=False, title=sc.title) for lang in LANGS}


@pytest.fixture(scope="module")
def grid():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    return {lang: sweep(sc, {"fleeing.leadership": "3..10", "edition": "6th,7th,8th,tow"}, "exact", lang=lang,
                        progress=False) for lang in LANGS}


def _close(fig):
    plt.close(fig)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", list(SIZES))
def test_outcome_chart_layout(goblins, lang, size):
    fig = charts.outcome_chart(goblins[lang], size=size)
    assert_clean_layout(fig, size)
    values = [t.get_text() for t in fig.axes[0].texts if "%" in t.get_text() and "fleeodds" not in t.get_text()]
    assert len(values) == 3  # every bar labelled (held, caught, escaped)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_comparison_chart_layout_with_long_french_footnotes(editions, lang):
    comp = editions[lang]
    fig = charts.comparison_chart(comp.nonzero().frame, title=comp.title, lang=lang,
                                  footnote=tables.comparison_notes(comp), subtitle="Exact odds " * 12)
    assert_clean_layout(fig)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_difference_chart_layout(editions, lang):
    comp = editions[lang]
    fig = charts.difference_chart(comp, footnote=tables.comparison_notes(comp))
    assert_clean_layout(fig)
    _close(fig)


def test_difference_chart_with_whiskers():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    setups = [(f"Ld {ld}", sc.with_changes({"fleeing.leadership": ld})) for ld in (5, 7)]
    comp = compare(setups, "mc", trials=20_000, seed=2, lang="fr", progress=False, title="T")
    fig = charts.difference_chart(comp, footnote=tables.comparison_notes(comp))
    assert_clean_layout(fig)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_line_chart_layout_and_every_line_visible(grid, lang):
    fig = charts.line_chart(grid[lang], outcomes=["caught"])
    assert_clean_layout(fig)
    ax = fig.axes[0]
    lines = ax.get_lines()
    assert len(lines) == 4
    # lines that coincide are told apart: different markers and line styles, wider under narrower
    assert len({ln.get_marker() for ln in lines}) == 4 and len({str(ln.get_linestyle()) for ln in lines}) == 4
    widths = [ln.get_linewidth() for ln in lines]
    assert widths == sorted(widths, reverse=True)
    # the title says what varies, not the base scenario
    title = ax.get_title(loc="left")
    assert ("Leadership" if lang == "en" else "Commandement") in title
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[0].startswith("6th edition" if lang == "en" else "6e édition")
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_one_field_line_chart_layout(lang):
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    sw = sweep(sc, {"combat.margin": "1..8"}, "exact", lang=lang, progress=False)
    fig = charts.line_chart(sw)
    assert_clean_layout(fig)
    assert "by 2" not in fig.axes[0].get_title(loc="left")
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_heatmap_layout(grid, lang):
    fig = charts.heatmap(grid[lang], "caught")
    assert_clean_layout(fig)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_metric_chart_layout(lang):
    t = fleeodds.evaluate(fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml"), "exact", lang=lang)
    fig = charts.metric_chart(t)
    assert_clean_layout(fig)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_rank_chart_layout(lang):
    from fleeodds.rank import rank_units

    sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")
    units = [{"name": "Night Goblins", "movement": 4, "leadership": 5},
             {"name": "Wolf Riders with a long name for wrapping", "movement": 9, "leadership": 6,
              "troop_type": "cavalry", "rules": ["swiftstride"]},
             {"name": "Orc Boyz", "movement": 4, "leadership": 7}]
    ranking = rank_units(sc, units, role="fleeing")
    fig = charts.chart_ranking(ranking.chart_data(lang), None, lang)
    assert_clean_layout(fig)
    _close(fig)


def test_zero_outcomes_hidden_unless_asked(goblins):
    table = goblins["en"]
    shown = charts.outcome_chart(table)
    every = charts.outcome_chart(table, show_zero=True)
    assert len(shown.axes[0].get_yticklabels()) == 3
    assert len(every.axes[0].get_yticklabels()) == len(table.outcomes)
    assert_clean_layout(every)
    _close(shown)
    _close(every)


def test_spread_keeps_the_gap_and_the_order():
    ys = [10.0, 10.5, 11.0, 50.0]
    out = spread(ys, 5.0, 0.0, 100.0)
    ordered = sorted(out)
    assert all(b - a >= 5.0 - 1e-9 for a, b in zip(ordered, ordered[1:]))
    assert sorted(range(4), key=lambda i: out[i]) == sorted(range(4), key=lambda i: ys[i])
    assert out[3] == 50.0


@pytest.mark.parametrize("name", ["warhammer/goblins_broken_by_dwarfs.toml",  # one metric value: ends coincide
                                  "warhammer/goblins_rally_or_flee_to_edge.toml"])
def test_metric_chart_layout_edge_cases(name):
    t = fleeodds.evaluate(fleeodds.load_scenario(name), "exact", lang="fr")
    fig = charts.metric_chart(t)
    assert_clean_layout(fig)
    _close(fig)


def test_categorical_lines_layout():
    sc = fleeodds.load_scenario("dnd/wizard_leaves_two_orcs_5e.toml")
    sw = sweep(sc, {"mode": "move,disengage,stay", "runner.hp": "4..8..2"}, "exact", lang="fr", progress=False)
    for fig in (charts.line_chart(sw, outcomes=["dead"]), charts.heatmap(sw, "dead")):
        assert_clean_layout(fig)
        _close(fig)
    labels = [t.get_text() for t in charts.line_chart(sw, outcomes=["dead"]).axes[0].get_xticklabels()]
    assert any("Se désengager" in x for x in labels)  # values named by the rules system


def _frame(setups, outcomes, values):
    import pandas as pd

    rows = [{"setup": s, "outcome": o, "label": o.replace("_", " "), "probability": values[i][j]}
            for i, s in enumerate(setups) for j, o in enumerate(outcomes)]
    return pd.DataFrame(rows)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wide_legend_goes_under_the_title_and_leaves_the_plot_its_width(lang):
    """Long setup names (the D&D rogue's "Acrobatics, half speed", "move away (provokes)") on the
    right would squeeze the bars into half the canvas: the legend moves under the title."""
    setups = ["Acrobatics, half speed", "Acrobatics, full speed", "withdraw", "move away (provokes)"]
    frame = _frame(setups, ["escapes_unharmed", "down", "dead"],
                   [[0.65, 0.3, 0.05], [0.28, 0.6, 0.12], [0.45, 0.5, 0.05], [0.2, 0.7, 0.1]])
    fig = charts.comparison_chart(frame, title="A level-1 rogue past two orcs", lang=lang)
    assert_clean_layout(fig)
    ax = fig.axes[0]
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    legend, plot = ax.get_legend().get_window_extent(r), ax.get_window_extent(r)
    assert legend.y0 >= plot.y1  # above the plot, not beside it
    assert plot.width > 0.6 * fig.bbox.width
    title = ax._left_title.get_window_extent(r)  # the chart title is the axes' left title
    assert legend.y1 <= title.y0 + 0.5  # under the title
    _close(fig)


def test_a_narrow_legend_stays_on_the_right(goblins):
    fig = charts.outcome_chart(goblins["en"])
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    assert fig.axes[0].get_legend().get_window_extent(r).x0 >= fig.axes[0].get_window_extent(r).x1
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_rows_at_zero_everywhere_are_left_out_and_named(lang):
    frame = _frame(["6th", "7th"], ["held", "caught", "never"], [[0.5, 0.5, 0.0], [0.3, 0.7, 0.0]])
    fig = charts.comparison_chart(frame, title="T", lang=lang)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels == ["held", "caught"]
    foot = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert ("not shown, 0% everywhere: never" if lang == "en" else "non affichés, 0 % partout : never") \
        in foot.replace("\n", " ")
    assert_clean_layout(fig)
    _close(fig)
    # a value above 0 that one decimal would show as 0.0 % says so
    frame = _frame(["6th", "7th"], ["held", "rare"], [[0.9996, 0.0004], [1.0, 0.0]])
    fig = charts.comparison_chart(frame, title="T", lang=lang)
    values = [t.get_text() for t in fig.axes[0].texts]
    assert ("< 0.1%" if lang == "en" else "< 0,1\u00a0%") in values or any(v.startswith("< 0") for v in values)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_rank_chart_has_a_footnote(lang):
    from fleeodds.rank import rank_units

    sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")
    units = [{"name": "Night Goblins", "movement": 4, "leadership": 5},
             {"name": "Orc Boyz", "movement": 4, "leadership": 7}]
    ranking = rank_units(sc, units, role="fleeing")
    notes = charts.ranking_footnote(ranking, lang, "Greenskin Warband", 200_000, 0)
    if ranking.opponent:
        assert notes[0] == ("opponent: " if lang == "en" else "adversaire : ") + ranking.opponent
    assert ("units of Greenskin Warband" if lang == "en" else "unités de Greenskin Warband") in notes
    assert set(ranking.table["method"]) == {"exact"}
    assert notes[-1] == ("exact values" if lang == "en" else "valeurs exactes")
    fig = charts.chart_ranking(ranking.chart_data(lang), None, lang, footnote=notes)
    foot = " ".join(t.get_text() for t in fig.axes[0].texts).replace("\n", " ")
    assert "Greenskin Warband" in foot
    assert_clean_layout(fig)
    _close(fig)
    mc = rank_units(sc, units, role="fleeing", method="mc", trials=2_000, seed=3)
    notes = charts.ranking_footnote(mc, lang, "", 2_000, 3)
    assert notes[-1] == ("Monte Carlo: 2,000 trials, seed 3 per unit" if lang == "en"
                         else "Monte-Carlo : 2\u202f000 tirages, graine 3 par unité")


def _line_y_px(ax, line, x0_px: float, x1_px: float) -> tuple[float, float]:
    """Lowest and highest pixel height of a drawn polyline between two pixel abscissas."""
    import numpy as np

    pts = ax.transData.transform(line.get_xydata())
    xs = np.r_[x0_px, pts[:, 0][(pts[:, 0] > x0_px) & (pts[:, 0] < x1_px)], x1_px]
    ys = np.interp(xs, pts[:, 0], pts[:, 1])
    return float(ys.min()), float(ys.max())


@pytest.mark.parametrize("name", ["dnd/wizard_withdraws_past_orcs_35.toml",
                                  "warhammer/goblins_rally_or_flee_to_edge.toml"])
@pytest.mark.parametrize("lang", LANGS)
def test_metric_chart_lines_do_not_run_through_bar_labels(name, lang):
    t = fleeodds.evaluate(fleeodds.load_scenario(name), "exact", lang=lang)
    fig = charts.metric_chart(t)
    assert_clean_layout(fig)
    ax = fig.axes[0]
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    top = ax.get_window_extent(r).y1
    labels = [x for x in ax.texts if x.get_text().endswith("%") and x.get_visible()
              and x.get_text() not in (">99%", "<1%", "100%", ">99\u00a0%", "<1\u00a0%", "100\u00a0%")]
    assert labels
    for label in labels:
        b = label.get_window_extent(r)
        if b.y1 >= top - 1:  # no room above: left over the lines (white box)
            continue
        for line in ax.get_lines():
            lo, hi = _line_y_px(ax, line, b.x0, b.x1)
            assert not (lo < b.y1 and hi > b.y0), f"{line.get_label()} runs through {label.get_text()!r}"
    _close(fig)
