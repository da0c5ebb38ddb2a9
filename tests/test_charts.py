"""Charts: titles, axis labels and legends in both languages (the matplotlib objects, not pixels)."""

import pytest

import fleeodds
from fleeodds.compare import compare
from fleeodds.errors import InputError
from fleeodds.report import charts


@pytest.fixture(scope="module")
def table():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    return fleeodds.evaluate(sc, "both", trials=20_000, seed=1, progress=False)


@pytest.mark.parametrize("lang,xlabel,label,trials_word", [("en", "Probability", "caught and destroyed", "trials"),
                                                           ("fr", "Probabilité", "rattrapée", "tirages")])
def test_outcome_chart_labels(table, lang, xlabel, label, trials_word):
    fig = charts.outcome_chart(table.relabel(lang))
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == table.manifest["title"]
    assert ax.get_xlabel() == xlabel
    assert any(label in t.get_text() for t in ax.get_yticklabels())
    texts = " ".join(t.get_text() for t in ax.texts)
    assert trials_word in texts
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert any(("\u00a0%" in t) == (lang == "fr") for t in ticks if t)


def test_comparison_chart_has_one_bar_group_per_setup():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    comp = compare([(a, v) for a, _, v in sc.variants()], "exact", lang="fr")
    fig = charts.comparison_chart(comp.frame, title=sc.title, lang="fr")
    ax = fig.axes[0]
    assert ax.get_legend().get_title().get_text() == "Configuration"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["6th", "7th", "8th", "The Old World"]
    assert ax.get_xlabel() == "Probabilité"


def test_chart_path_must_be_png_or_svg(table, tmp_path):
    with pytest.raises(InputError, match="png or .svg"):
        charts.outcome_chart(table, tmp_path / "c.pdf")
