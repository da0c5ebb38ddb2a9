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
from fleeodds.language import use_lang  # noqa: E402
from fleeodds.report import charts, tables  # noqa: E402
from fleeodds.report.layout import SIZES, spread, text_boxes  # noqa: E402
from fleeodds.sweep import sweep  # noqa: E402
from tests.lang_helpers import _in  # noqa: E402

pytestmark = pytest.mark.slow

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


def in_each_lang(build):
    """``{lang: build(lang)}``, each built in its language (``with use_lang(lang)``)."""
    out = {}
    for lang in LANGS:
        with use_lang(lang):
            out[lang] = build(lang)
    return out


@pytest.fixture(scope="module")
def goblins():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    return in_each_lang(lambda lang: fleeodds.evaluate(sc, "both", trials=20_000, seed=1, progress=False))


@pytest.fixture(scope="module")
def editions():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    return in_each_lang(lambda lang: compare([(v.label().render(lang), v.scenario) for v in sc.variants()], "exact",
                                             progress=False, title=sc.title))


@pytest.fixture(scope="module")
def grid():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    return in_each_lang(lambda lang: sweep(sc, {"fleeing.leadership": "3..10", "edition": "6th,7th,8th,tow"}, "exact",
                                           progress=False))


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
    with use_lang("fr"):
        comp = compare(setups, "mc", trials=20_000, seed=2, progress=False, title="T")
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
    with use_lang(lang):
        sw = sweep(sc, {"combat.margin": "1..8"}, "exact", progress=False)
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
    with use_lang(lang):
        t = fleeodds.evaluate(fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml"), "exact")
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
    data = _in(lang, ranking.chart_data)
    fig = charts.chart_ranking(data, None, lang)
    assert_clean_layout(fig)
    # "still fleeing at the turn limit" is about 1e-6 for every unit (0.0 % in the table): no legend entry
    still = [label for label, values, _ in data.series if 0 < max(values) < charts.RANK_SHOWN]
    assert still
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend == [label for label, values, _ in data.series if max(values) >= charts.RANK_SHOWN]
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
    with use_lang("fr"):
        t = fleeodds.evaluate(fleeodds.load_scenario(name), "exact")
    fig = charts.metric_chart(t)
    assert_clean_layout(fig)
    _close(fig)


def test_categorical_lines_layout():
    sc = fleeodds.load_scenario("dnd/wizard_leaves_two_orcs_5e.toml")
    with use_lang("fr"):
        sw = sweep(sc, {"mode": "move,disengage,stay", "runner.hp": "4..8..2"}, "exact", progress=False)
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
    fig = charts.chart_ranking(_in(lang, ranking.chart_data), None, lang, footnote=notes)
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
    with use_lang(lang):
        t = fleeodds.evaluate(fleeodds.load_scenario(name), "exact")
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


def _rows(ax):
    """Each y tick's position and the bars (their centres, colours and widths) nearest to it."""
    import numpy as np

    ticks = list(ax.get_yticks())
    rows = {t: [] for t in ticks}
    for bar in ax.patches:
        c = bar.get_y() + bar.get_height() / 2
        rows[ticks[int(np.argmin([abs(c - t) for t in ticks]))]].append(
            (c, matplotlib.colors.to_hex(bar.get_facecolor()), bar.get_width()))
    return rows


def _legend_colours(ax):
    leg = ax.get_legend()
    return {t.get_text(): matplotlib.colors.to_hex(h.get_facecolor())
            for t, h in zip(leg.get_texts(), leg.legend_handles)}


@pytest.mark.parametrize("lang", LANGS)
def test_grouped_bars_are_centred_on_their_row_with_a_slot_per_setup_that_has_it(editions, lang):
    """The Old World alone gives ground, falls back or is caught falling back: its one bar is level
    with the row's label (it kept its slot among three absent bars before), in its own colour."""
    comp = editions[lang]
    frame = comp.nonzero().frame
    fig = charts.comparison_chart(frame, title=comp.title, lang=lang)
    ax = fig.axes[0]
    labels = [t.get_text().replace("\n", " ") for t in ax.get_yticklabels()]
    colours = _legend_colours(ax)
    assert list(colours) == list(dict.fromkeys(frame.setup))  # every setup in the legend, in order
    tow = list(colours)[-1]
    for (tick, bars), label in zip(_rows(ax).items(), labels):
        have = frame[(frame.label == label) & frame.probability.notna()].setup.tolist()
        assert len(bars) == len(have), label  # a slot per setup that has the outcome, none for the others
        assert sum(c for c, _, _ in bars) / len(bars) == pytest.approx(tick), label  # centred on its label
        assert sorted(h for _, h, _ in bars) == sorted(colours[s] for s in have)  # each setup's colour
        if have == [tow]:
            assert bars[0][0] == pytest.approx(tick)
    assert sum(1 for bars in _rows(ax).values() if len(bars) == 1) == 3  # TOW's three outcomes
    assert_clean_layout(fig)
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bar_at_zero_has_no_value_label_but_a_tick_and_rows_zero_everywhere_show_only_when_asked(lang):
    setups = ["move", "withdraw", "stay"]
    frame = _frame(setups, ["escapes", "stays", "never"], [[0.5, 0.5, 0.0], [0.0, 1.0, 0.0], [0.2, 0.8, 0.0]])
    zero = "0.0%" if lang == "en" else "0,0\u00a0%"
    for show_zero, rows, ticks in ((False, ["escapes", "stays"], 1), (True, ["escapes", "stays", "never"], 4)):
        fig = charts.comparison_chart(frame, title="T", lang=lang, show_zero=show_zero)
        ax = fig.axes[0]
        assert [t.get_text() for t in ax.get_yticklabels()] == rows
        values = [t.get_text() for t in ax.texts]
        assert zero not in values and not any(v.startswith("0") and "%" in v for v in values)
        assert sorted(v for v in values if "%" in v and len(v) < 9) == sorted(
            charts._bar_pct(p, lang) for p in (0.5, 0.5, 1.0, 0.2, 0.8))  # every bar above 0 labelled
        marks = [ln for ln in ax.get_lines() if ln.get_marker() == "|"]
        assert sum(len(ln.get_xdata()) for ln in marks) == ticks  # a tick per bar at 0
        colours = _legend_colours(ax)
        withdraw = [ln for ln in marks if matplotlib.colors.to_hex(ln.get_color()) == colours["withdraw"]]
        assert withdraw and all(x == 0 for ln in withdraw for x in ln.get_xdata())
        assert_clean_layout(fig)
        _close(fig)


def test_comparison_chart_of_editions_prints_no_zero_value(editions):
    """The Old World never holds (0 exactly): no "0.0%" label on its bar."""
    comp = editions["en"]
    fig = charts.comparison_chart(comp.nonzero().frame, title=comp.title, lang="en")
    assert "0.0%" not in [t.get_text() for t in fig.axes[0].texts]
    _close(fig)


@pytest.mark.parametrize("lang", LANGS)
def test_rank_chart_leaves_out_outcomes_at_zero_or_negligible_for_every_unit(lang):
    from fleeodds.results import RankBars

    bars = RankBars("T", "S", ["A", "B"], [("held", [0.5, 0.3], None), ("caught", [0.4999985, 0.7], None),
                                           ("never", [0.0, 0.0], None), ("still fleeing", [1.5e-6, 0.0], None)])
    fig = charts.chart_ranking(bars, None, lang)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["held", "caught"]
    assert len(ax.patches) == 4  # two segments a unit: no invisible ones
    foot = " ".join(t.get_text() for t in ax.texts).replace("\n", " ")
    if lang == "en":
        assert "not shown, 0% everywhere: never" in foot
        assert "not shown, under 0.05% for every unit: still fleeing" in foot
    else:
        assert "non affichés, 0 % partout : never" in foot
        assert "non affichés, moins de 0,05\u00a0% pour chaque unité : still fleeing" in foot
    assert_clean_layout(fig)
    _close(fig)
    fig = charts.chart_ranking(bars, None, lang, show_zero=True)
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["held", "caught", "never", "still fleeing"]
    assert "not shown" not in " ".join(t.get_text() for t in fig.axes[0].texts)
    assert_clean_layout(fig)
    _close(fig)


@pytest.fixture(scope="module")
def fights():
    sc = fleeodds.load_scenario("warhammer/orcs_grind_saurus_several_rounds.toml")
    return sc, in_each_lang(lambda lang: compare([(v.label().render(lang), v.scenario) for v in sc.variants()], "exact",
                                                 progress=False, title=sc.title))


@pytest.mark.parametrize("lang", LANGS)
def test_fight_chart_stacks_one_bar_per_setup(fights, lang):
    # issue 25 item 6: a fight's chart groups by who wins (one stacked bar per setup), not one group per outcome
    from fleeodds.cli import _best_frame, _merged_groups

    sc, comps = fights
    comp = comps[lang]
    groups = _merged_groups(sc, [v.scenario for v in sc.variants()], lang)
    fig = charts.grouped_stack_chart(_best_frame(comp.frame), groups, title=comp.title, lang=lang,
                                     footnote=tables.comparison_chart_notes(comp))
    assert_clean_layout(fig)
    ax = fig.axes[0]
    assert len(ax.get_yticks()) == 3  # one bar per setup
    assert fig.get_figheight() * SIZES["print"][2] < 2400  # not one row of bars per outcome
    legend = [t.get_text() for leg in fig.legends + [ax.get_legend()] if leg for t in leg.get_texts()]
    assert ("20 Orc Boyz win" if lang == "en" else "L'unité de 20 Orques gagne") in legend
    _close(fig)
