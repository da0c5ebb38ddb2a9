"""Charts: titles, axis labels and legends in both languages (the matplotlib objects, not pixels)."""

import pytest

import fleeodds
from fleeodds.compare import compare
from fleeodds.errors import InputError
from fleeodds.language import use_lang
from fleeodds.report import charts


@pytest.fixture(scope="module")
def table():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    return fleeodds.evaluate(sc, "both", trials=20_000, seed=1, progress=False)


@pytest.mark.parametrize("lang,xlabel,label,trials_word", [("en", "Probability", "caught and destroyed", "trials"),
                                                           ("fr", "Probabilité", "rattrapée", "tirages")])
def test_outcome_chart_labels(table, lang, xlabel, label, trials_word):
    fig = charts.outcome_chart(_relabel(table, lang))
    ax = fig.axes[0]
    # the scenario's title in that language (its file's title_fr in French), wrapped to the canvas
    assert ax.get_title(loc="left").replace("\n", " ") == table.manifest["titles"][lang]
    assert ax.get_xlabel() == xlabel
    assert any(label in t.get_text() for t in ax.get_yticklabels())
    texts = " ".join(t.get_text() for t in ax.texts)
    assert trials_word in texts
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert any(("\u00a0%" in t) == (lang == "fr") for t in ticks if t)


def test_comparison_chart_has_one_bar_group_per_setup():
    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    with use_lang("fr"):
        comp = compare([(str(v.name), v.scenario) for v in sc.variants()], "exact")
    fig = charts.comparison_chart(comp.frame, title=sc.title, lang="fr")
    ax = fig.axes[0]
    assert ax.get_legend().get_title().get_text() == "Configuration"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["6th", "7th", "8th", "The Old World"]
    assert ax.get_xlabel() == "Probabilité"


def test_chart_path_must_be_png_or_svg(table, tmp_path):
    with pytest.raises(InputError, match="png or .svg"):
        charts.outcome_chart(table, tmp_path / "c.pdf")


def test_field_titles_come_from_the_schema_in_both_languages():
    from fleeodds.report.fields import field_title, value_label

    assert field_title("warhammer", "fleeing.leadership", "en").startswith("Leadership")
    assert field_title("warhammer", "fleeing.leadership", "fr").startswith("Commandement")
    # through a list item ($ref to the item model): the list's own title and the item number
    assert field_title("dnd", "enemies.1.attack_bonus", "fr").endswith("n° 2)")
    assert field_title("warhammer", "no.such.field", "en") == "no.such.field"
    assert value_label("warhammer", "edition", "6th", "en") == "6th edition"
    assert value_label("warhammer", "edition", "6th", "fr") == "6e édition"
    assert value_label("warhammer", "edition", "tow", "fr") == "The Old World"
    assert value_label("dnd", "mode", "withdraw", "fr") == "retraite"
    assert value_label("warhammer", "combat.margin", 3, "fr") == "3"


def test_chart_texts_replace_every_default(table):
    fig = charts.outcome_chart(table, title="T", subtitle="S", xlabel="X", ylabel="Y", size="screen")
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == "T" and ax.get_xlabel() == "X" and ax.get_ylabel() == "Y"
    assert "S" in [t.get_text() for t in ax.texts]
    assert fig.get_figwidth() == 9.0
    with pytest.raises(InputError, match="size"):
        charts.outcome_chart(table, size="poster")


def test_a_fight_answer_is_one_bar_stacked_by_side():
    # the web page's chart (service.view, download) of a fight: the stacked-by-side bar fleeodds run --chart
    # draws, not one bar per outcome; another answer keeps its one bar per outcome
    sc = fleeodds.load_scenario({"system": "warhammer", "edition": "8th", "situation": "fight",
                                 "fight": {"charger": "none", "max_rounds": 1,
                                           "unit": {"profile": "Night Goblins", "models": 5, "files": 5},
                                           "enemy": {"profile": "Dwarf Warriors", "models": 5, "files": 5}},
                                 "table": {"max_turns": 0}})
    t = fleeodds.evaluate(sc, "exact", progress=False)
    for lang in ("en", "fr"):
        tl = _relabel(t, lang)
        with use_lang(lang):
            groups = sc.outcome_groups()
        assert [name for name, _ in tl.outcome_groups] == [name for name, _ in groups]
        ax = charts.answer_chart(tl).axes[0]
        assert len(ax.get_yticklabels()) == 1  # one bar: the setup
        legend = " ".join(x.get_text() for x in ax.get_legend().get_texts())
        assert groups[0][0] in legend
    other = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    t2 = fleeodds.evaluate(other, "exact", progress=False)
    assert t2.outcome_groups is None
    assert len(charts.answer_chart(t2).axes[0].get_yticklabels()) > 1


def _relabel(table, lang):
    from fleeodds.language import use_lang

    with use_lang(lang):
        return table.relabel()
