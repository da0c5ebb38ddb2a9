"""The answer in one sentence, the scenario's notes, and the at least / at most views of ordered outcomes."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.cli import main
from fleeodds.report.format import pct
from fleeodds.report.summary import rounded, short_label
from fleeodds.language import use_lang
from tests.lang_helpers import _relabelled, notes_in  # noqa: E402


GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"


@pytest.fixture(scope="module")
def goblins():
    with use_lang("en"):
        return fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), "exact")


def _held():
    # Night Goblins Ld 5 lose by 2: they hold on 2D6 <= 3, i.e. (1,1), (1,2), (2,1): 3 of 36
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= 5 - 2), 36)


def test_sentence_is_title_then_each_outcome_that_happens(goblins):
    s = goblins.summary_sentence()
    assert s.startswith("Night Goblins lose a combat by 2 to Dwarf Warriors: ")
    assert f"held {pct(float(_held()), 'en', 0)}" in s  # 8%
    # the labels lose their explanations in brackets; the order is the display order; one full stop
    assert s.index("held") < s.index("caught and destroyed in the pursuit") < s.index("escaped")
    assert "(passed" not in s and s.endswith(".") and s.count(".") == 1
    assert "gave ground" not in s  # an outcome that cannot happen is not named


def test_sentence_in_french_uses_french_numbers(goblins):
    s = _relabelled(goblins, "fr").summary_sentence()
    assert "\u202f: tient 8\u00a0%" in s
    assert "rattrapée et détruite par la poursuite 51\u00a0%" in s


def test_json_holds_the_summary(goblins):
    d = json.loads(goblins.to_json())
    assert d["summary"] == goblins.summary_sentence()


def test_run_prints_the_summary_first():
    r = CliRunner().invoke(main, ["run", GOBLINS, "--exact", "--no-progress"])
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith("Night Goblins lose a combat by 2 to Dwarf Warriors: held 8%")


@pytest.mark.parametrize("p,text", [(0.0004, "under 1%"), (0.9996, "over 99%"), (1.0, "100%"), (0.5, "50%")])
def test_rounding_never_says_0_or_100_when_it_is_neither(p, text):
    assert rounded(p, "en") == text


def test_short_label():
    assert short_label("held (passed the Break test)") == "held"
    assert short_label("Fled (Course)") == "fled"
    assert short_label("PV left") == "PV left"


def test_hell_dorado_says_who_attacks_with_how_many_dice_and_why():
    sc = fleeodds.load_scenario("hell_dorado/fuite_samael_choix_adversaire.toml")
    base = sc.variants()[0].scenario
    (note,) = notes_in(base, "en")
    # Guerrier sarrasin 2 has CBT 4; the two other Saracens in contact each give one die of soutien
    assert note.startswith("Guerrier sarrasin 2 makes the attaque sans riposte with 6 dice (CBT 4 + 2 for soutien)")
    assert "kills or stops Samael most often" in note
    (fr,) = notes_in(base, "fr")
    assert fr.startswith("Guerrier sarrasin 2 fait l'attaque sans riposte avec 6 dés")
    # the fleeing fighter is named after "le combattant en fuite", which reads with any name
    assert "l'adversaire qui tue ou arrête le plus souvent le combattant en fuite (Samael)" in fr
    inq = base.with_changes({"fleeing.name": "Inquisiteur"})
    assert "le combattant en fuite (Inquisiteur) (option attacker_choice)." in notes_in(inq, "fr")[0]
    assert "arrête Inquisiteur" not in notes_in(inq, "fr")[0]
    r = CliRunner().invoke(main, ["run", "hell_dorado/fuite_samael_choix_adversaire.toml", "--exact",
                                  "--no-progress"])
    assert "makes the attaque sans riposte" in r.output.split("\n\n")[0]


def test_dnd_stay_reads_as_staying():
    sc = fleeodds.load_scenario("dnd/wizard_leaves_two_orcs_5e.toml")
    stay = [v for v in sc.variants() if v.scenario.spec.mode == "stay"][0].scenario
    labels = {o.code: o.label().render("en") for o in stay.outcomes}
    assert labels["unharmed"] == "stays unharmed" and labels["wounded"] == "stays wounded"
    assert {o.code: o.label().render("fr") for o in stay.outcomes}["unharmed"] == "reste indemne"
    moving = {o.code: o.label().render("en") for o in sc.variants()[0].scenario.outcomes}
    assert moving["unharmed"] == "escapes unharmed"


def test_cumulative_views_of_ordered_outcomes(goblins):
    # escaped (still fleeing) happens and is no step of held < fell back < caught: "held or worse"
    # would read 59.33 % instead of 100 %, so there is no cumulative view, and the -d output says why
    from fleeodds.results import off_scale

    assert goblins.cumulative().empty and goblins.cumulative_rows() == []
    assert off_scale(goblins.best_rows(), goblins.outcome_order) == ["escaped (still fleeing)"]
    r = CliRunner().invoke(main, ["run", "warhammer/goblins_broken_by_dwarfs.toml", "--exact", "-d"])
    assert r.exit_code == 0 and "No ordered view" in r.output and "'escaped (still fleeing)'" in r.output
    # a scale that covers every outcome: 3.5 withdrawal (unharmed < wounded < ... < dead); by hand,
    # at least "escapes unharmed" is everything, at most "dead" is everything, at least dead = dead
    t = fleeodds.evaluate(fleeodds.load_scenario("dnd/wizard_withdraws_past_orcs_35.toml"), "exact")
    cum = t.cumulative().set_index("outcome")
    assert cum.at_least.iloc[0] == pytest.approx(1.0) and cum.at_most.iloc[-1] == pytest.approx(1.0)
    assert cum.at_least.iloc[-1] == pytest.approx(cum.probability.iloc[-1])
    assert cum.at_most.iloc[0] == pytest.approx(cum.probability.iloc[0])


def test_unordered_outcomes_have_no_cumulative_view():
    t = fleeodds.evaluate(fleeodds.load_scenario("hell_dorado/passe_bran_carnoth_vs_bretteur.toml"), "exact")
    assert t.cumulative().empty


def test_compare_distribution_prints_or_worse_or_better():
    r = CliRunner().invoke(main, ["compare", "dnd/wizard_leaves_two_orcs_5e.toml", "--exact", "-d",
                                  "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "This or worse (at least)" in r.output and "This or better (at most)" in r.output
    first = r.output.splitlines()[0]
    assert first.startswith("move away (provokes): escapes unharmed")
