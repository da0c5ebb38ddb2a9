"""With --lang fr, every shipped example prints French: no word of the project's English
vocabulary is left in the tables, notes and summaries (the scenario's own title and the names
written in its file are the user's words and are left out of the check)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import api
from fleeodds.cli import main
from fleeodds.language import use_lang
from tests.lang_helpers import _in, _relabelled  # noqa: E402

#: Words the project writes in English (outcomes, notes, headers, messages, summaries).
ENGLISH = [
    "outcome", "outcomes", "probability", "trials", "seed", "differences", "difference", "each cell",
    "percentage points", "exact values", "held", "caught", "escaped", "escapes", "unharmed", "wounded",
    "dead", "killed", "fled", "stays", "disabled", "down", "setup", "at least", "at most", "note",
    "written", "makes", "dice", "with", "the", "and", "of", "by", "vs", "interval", "whiskers",
    "full fraction", "Monte Carlo", "attack", "attacks", "opposing player", "picks", "as given",
    "no soutien", "pulled", "nobody", "both", "unaffected", "rallied", "still fleeing", "gave ground",
    "fell back", "table edge", "run down", "move away", "withdraw", "stay in melee", "edition", "float",
]
WORDS = re.compile(r"(?<![\w'-])(" + "|".join(re.escape(w) for w in ENGLISH) + r")(?![\w'-])", re.IGNORECASE)



def _names(sc) -> list[str]:
    """The user's words of a scenario: its title, the names and labels written in its file."""
    out = [sc.title]

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("name", "title", "profile", "label", "attacker") and isinstance(v, str):
                    out.append(v)
                if k == "compare" and isinstance(v, dict):
                    out.extend(str(x) for x in v)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(sc.source)
    walk(sc.describe())
    return sorted(set(x for x in out if x), key=len, reverse=True)


EXAMPLES = [p.relative_to(api.example_dir()).as_posix() for p in api.list_examples()]


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
def test_example_in_french_has_no_english_word(name):
    sc = fleeodds.load_scenario(name)
    method = ["--exact"] if sc.has_exact else ["--mc", "-n", "2000"]
    r = CliRunner().invoke(main, ["run", name, *method, "--lang", "fr", "--no-progress", "-d"])
    assert r.exit_code == 0, r.output
    text = r.output
    for n in _names(sc):
        text = text.replace(n, " ")
    # the rules' pages are cited by their addresses (not prose to translate), and The Old World is the game's name
    text = re.sub(r"\S*(?:whfb\.app|://)\S*", " ", text).replace("The Old World", " ")
    left = sorted({m.group(0) for m in WORDS.finditer(text)})
    assert not left, f"English left in the French output of {name}: {left}\n{text}"


def test_french_charts_have_no_english_word():
    import matplotlib.pyplot as plt

    from fleeodds.compare import compare
    from fleeodds.report import charts, tables
    from fleeodds.sweep import sweep

    sc = fleeodds.load_scenario("warhammer/leadership_by_edition.toml")
    with use_lang("fr"):
        comp = compare([(v.label().render("fr"), v.scenario) for v in sc.variants()], "both", trials=2000,
                       progress=False, title=sc.title)
        sw = sweep(sc, {"fleeing.leadership": "6..8", "edition": "6th,8th"}, "exact", progress=False)
    figs = [charts.comparison_chart(comp.frame, title=sc.title_label().render("fr"), lang="fr",
                                    footnote=tables.comparison_notes(comp)),
            charts.difference_chart(comp, footnote=tables.comparison_notes(comp)),
            charts.line_chart(sw, outcomes=["caught"]), charts.heatmap(sw, "caught")]
    for fig in figs:
        text = "\n".join(t.get_text() for t in fig.findobj(lambda a: hasattr(a, "get_text")))
        for n in _names(sc):
            text = text.replace(n, " ")
        left = sorted({m.group(0) for m in WORDS.finditer(text)})
        assert not left, f"English left in a French chart: {left}\n{text}"
    for fig in figs:
        plt.close(fig)
    assert "Écarts par rapport à « 6e édition »" in tables.render_comparison(comp)


def test_french_csv_uses_semicolons_decimal_comma_and_bom():
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    with use_lang("fr"):
        t = fleeodds.evaluate(sc, "exact")
    csv = t.to_csv()
    assert csv.startswith("\ufeff") and csv.splitlines()[0].count(";") >= 5
    assert "0,0833" in csv  # 1/12 with a decimal comma
    english = _relabelled(t, "en").to_csv()  # a table's CSV is in its language
    assert not english.startswith("\ufeff") and "0.0833" in english


def test_french_csv_names_methods_outcomes_and_columns_in_french_and_english_csv_keeps_its_codes():
    """issue 29: a French CSV has no English code left (``exact``, ``monte_carlo``, ``held``, ``True``)."""
    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    with use_lang("fr"):
        t = fleeodds.evaluate(sc, "exact")
    lines = t.to_csv().lstrip("\ufeff").splitlines()
    assert lines[0] == "méthode;résultat;probabilité;bas à 95 %;haut à 95 %;effectif;tirages;valeur exacte;z"
    assert lines[1].startswith("exacte;tient (test de moral réussi);0,0833") and lines[1].endswith(";oui;")
    cells = {c for line in lines[1:] for c in line.split(";")}
    assert not cells & {"exact", "monte_carlo", "held", "caught", "escaped", "True", "False"}
    english = _relabelled(t, "en").to_csv().splitlines()
    assert english[0] == "method,outcome,label,probability,ci_low,ci_high,count,trials,exact,z"
    assert english[1].startswith("exact,held,") and english[1].endswith(",True,")


def test_french_matrix_csv_names_troop_types_rules_and_method_in_french():
    """The matrix's cells in French: a troop type ``swarm``, the rule ``unbreakable`` and the method
    ``exact`` are written « nuée », « Indémoralisable », « exacte »; the English CSV keeps the codes."""
    from fleeodds.matrix import Army, matrix

    question = {"system": "warhammer", "edition": "7th", "situation": "break", "title": "Broken by 2",
                "fleeing": {"name": "F", "movement": 4, "leadership": 7},
                "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "combat": {"margin": 2},
                "table": {"max_turns": 0}}
    rats = Army("Rats", [{"name": "Swarm", "movement": 5, "leadership": 7, "troop_type": "swarm",
                          "rules": ["unbreakable"]}])
    foot = Army("Foot", [{"name": "Foot", "movement": 4, "leadership": 7}])
    m = matrix(fleeodds.load_scenario(question), rats, foot, progress=False)
    fr = _in("fr", m.to_csv, "cells")
    row = fr.lstrip("\ufeff").splitlines()[1].split(";")
    assert "nuée" in row and "Indémoralisable" in row and "exacte" in row
    assert not {"swarm", "unbreakable", "exact"} & set(row)
    en = _in("en", m.to_csv, "cells").splitlines()[1].split(",")
    assert {"swarm", "unbreakable", "exact"} <= set(en)


def test_french_comparison_and_sweep_csv_have_no_english_code_and_english_keeps_them():
    from fleeodds.compare import compare
    from fleeodds.sweep import sweep

    sc = fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml")
    brave = fleeodds.load_scenario({**sc.source, "fleeing": {**sc.source["fleeing"], "leadership": 8}})
    with use_lang("fr"):
        comp = compare([("Cd 6", sc), ("Cd 8", brave)], method="exact", progress=False)
    lines = comp.to_csv().lstrip("\ufeff").splitlines()
    assert lines[0].startswith("configuration;résultat;probabilité;bas à 95 %;haut à 95 %;valeur exacte;écart;")
    assert lines[0].endswith(";apparié")
    assert lines[1].startswith("Cd 6;tient (test de moral réussi);0,0833") and lines[1].endswith(";non")
    assert not {c for line in lines[1:] for c in line.split(";")} & {"held", "caught", "True", "False", "exact"}
    with use_lang("en"):
        english = compare([("Ld 6", sc), ("Ld 8", brave)], method="exact", progress=False)
    assert english.to_csv().startswith("setup,outcome,label,probability")
    with use_lang("fr"):
        sw = sweep(sc, {"fleeing.leadership": [5, 6]}, method="exact", progress=False)
    lines = sw.to_csv().lstrip("\ufeff").splitlines()
    assert lines[0] == ("fleeing.leadership;résultat;probabilité;bas à 95 %;haut à 95 %;valeur exacte;"
                        "probabilité Monte-Carlo;z")
    assert lines[1].startswith("5;tient (test de moral réussi);0,0833") and ";oui;" in lines[1]
    with use_lang("en"):
        english = sweep(sc, {"fleeing.leadership": [5, 6]}, method="exact", progress=False)
    assert english.to_csv().startswith("fleeing.leadership,outcome,label,probability")
