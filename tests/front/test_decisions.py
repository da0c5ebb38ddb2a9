"""Decisions (``[decide]``, docs/decisions.md): every best choice and policy value against a hand enumeration
written here, Monte Carlo against those values, the input policy of the table, and the command line."""

import json
import math
from fractions import Fraction as F

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.cli import main
from fleeodds.decisions import decide, decide_sweep, read_decision
from fleeodds.errors import FleeoddsError, InputError

from tests.conftest import Z_999

# -- D&D 5e: a wizard (6 HP, AC 12) leaves one orc (+5, 1d12+3) ------------------------------------------
# By hand (SRD 5.1 "Attack Rolls", "Instant Death"): the orc hits on a d20 of 7 or more, 14/20; a 20 (1/20) is a
# critical hit rolling the damage dice twice. Unharmed when it misses: 6/20 = 3/10. Dead when the damage is
# at least 12 (6 HP left below 0 reach the maximum 6): a normal hit (rolls 7-19, 13/20) needs 1d12 >= 9, 4/12;
# a critical needs 2d12 >= 9: the 28 pairs summing to 8 or less out of 144 fail, 116/144.
# P(dead) = 13/20 * 4/12 + 1/20 * 116/144 = 37/144. Mean damage = 13/20 * 9.5 + 1/20 * 16 = 279/40.
# Disengage and teleport provoke nothing: unharmed, alive, no damage. Staying, the orc attacks once.
WIZARD = {"system": "dnd", "edition": "5e2014", "mode": "move",
          "runner": {"name": "wizard", "hp": 6, "ac": 12},
          "enemies": [{"name": "orc", "attack_bonus": 5, "damage": "1d12+3"}],
          "decide": {"goal": ["unharmed", "not_dead", "min:damage"], "choices": ["mode"]}}
PROVOKED = {"unharmed": F(3, 10), "not_dead": 1 - F(37, 144), "min:damage": F(279, 40)}
SAFE = {"unharmed": F(1), "not_dead": F(1), "min:damage": F(0)}


def test_dnd_wizard_every_mode_by_hand():
    d = decide(fleeodds.load_scenario(WIZARD), method="exact")
    by_mode = {o.changes["mode"]: o for o in d.options}
    assert set(by_mode) == {"move", "dash", "disengage", "stay", "teleport"}
    for mode in ("move", "dash", "stay"):
        assert by_mode[mode].values == PROVOKED, mode
    for mode in ("disengage", "teleport"):
        assert by_mode[mode].values == SAFE, mode
    for goal in ("unharmed", "not_dead", "min:damage"):
        assert {o.changes["mode"] for o in d.best(goal)} == {"disengage", "teleport"}  # a tie, said as a tie
    assert d.default().changes == {"mode": "move"}
    assert d.gain("unharmed", d.default()) == F(7, 10)
    assert d.gain("not_dead", d.default()) == F(37, 144)
    assert d.gain("min:damage", d.default()) == F(279, 40)  # in the goal's sense: 279/40 hp less


@pytest.mark.slow
@pytest.mark.statistical
def test_dnd_wizard_monte_carlo_agrees_with_the_hand_values():
    n = 200_000
    d = decide(fleeodds.load_scenario(WIZARD), method="mc", trials=n, seed=3)
    assert d.method == "mc" and d.manifest["paired"]
    # on the same trials, Disengage and teleport never differ: not told apart; moving is told apart
    assert {o.changes["mode"] for o in d.best("unharmed")} == {"disengage", "teleport"}
    for o in d.options:
        exact = SAFE if o.changes["mode"] in ("disengage", "teleport") else PROVOKED
        for goal in ("unharmed", "not_dead"):
            p = float(exact[goal])
            if p in (0.0, 1.0):
                assert o.values[goal] == p
                continue
            z = (o.values[goal] - p) / math.sqrt(p * (1 - p) / n)
            assert abs(z) < Z_999, (o.en, goal, z)


# -- The Old World: the Battle Standard's re-roll of a Break test ------------------------------------------
# By hand (TOW Break test: 2D6 against Ld minus the margin; failed by no more than the unmodified Ld: Fall Back
# in Good Order; else Break): Ld 7, margin 3 -> pass on 2-4 (6/36), Fall Back on 5-7 (15/36), Break on 8-12
# (15/36). With no pursuit (the pursuer restrains) and no turn after, the outcomes are the test's classes.
# "holds" = pass or Fall Back. Re-rolling a set S of classes (the second result stands) is worth
#   sum over kept classes of P(c) V(c) + P(S) * (value of a fresh roll).
P_PASS, P_FB, P_BREAK = F(6, 36), F(15, 36), F(15, 36)
BSB = {"system": "warhammer", "edition": "tow", "situation": "break",
       "fleeing": {"name": "F", "movement": 4, "leadership": 7, "battle_standard": True},
       "pursuer": {"name": "P", "movement": 3, "leadership": 9}, "combat": {"margin": 3},
       "table": {"max_turns": 0}, "options": {"pursuer_restrains": "always"},
       "decide": {"goal": ["holds", "gave_ground"], "choices": ["options.tow_bsb_break_reroll_policy"],
                  "after_roll": ["bsb_break_reroll"]}}


def _hand(values: dict, rerolled: set) -> F:
    fresh = P_PASS * values["pass"] + P_FB * values["fb"] + P_BREAK * values["break"]
    probs = {"pass": P_PASS, "fb": P_FB, "break": P_BREAK}
    return sum((probs[c] * (fresh if c in rerolled else values[c]) for c in probs), F(0))


HOLDS = {"pass": 1, "fb": 1, "break": 0}
GAVE_GROUND = {"pass": 1, "fb": 0, "break": 0}


def test_tow_bsb_static_policies_by_hand():
    d = decide(fleeodds.load_scenario(BSB), method="exact")
    by = {o.changes["options.tow_bsb_break_reroll_policy"]: o.values for o in d.options}
    policies = {"never": set(), "reroll_break_only": {"break"}, "reroll_break_or_fall_back": {"break", "fb"}}
    for name, rerolled in policies.items():
        assert by[name]["holds"] == _hand(HOLDS, rerolled), name
        assert by[name]["gave_ground"] == _hand(GAVE_GROUND, rerolled), name
    assert by["reroll_break_only"]["holds"] == F(119, 144)
    assert [o.changes["options.tow_bsb_break_reroll_policy"] for o in d.best("holds")] == ["reroll_break_only"]
    assert [o.changes["options.tow_bsb_break_reroll_policy"] for o in d.best("gave_ground")] == \
        ["reroll_break_or_fall_back"]


def test_tow_bsb_policy_after_the_roll_by_hand():
    d = decide(fleeodds.load_scenario(BSB), method="exact")
    (p,) = d.policies
    by = {r.code: r for r in p.results}
    assert (by["passed"].probability, by["fall_back"].probability, by["break"].probability) == (P_PASS, P_FB, P_BREAK)
    # holds: a fresh roll is worth 21/36; keep a pass and a Fall Back (1), re-roll a Break (0)
    assert p.fresh["holds"] == F(21, 36)
    assert [by[c].reroll["holds"] for c in ("passed", "fall_back", "break")] == [False, False, True]
    assert p.best["holds"] == _hand(HOLDS, {"break"}) == F(119, 144)
    # gave ground: a fresh roll is worth 1/6; re-roll a Fall Back and a Break
    assert [by[c].reroll["gave_ground"] for c in ("passed", "fall_back", "break")] == [False, True, True]
    assert p.best["gave_ground"] == _hand(GAVE_GROUND, {"fb", "break"}) == F(11, 36)


@pytest.mark.parametrize("margin", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("leadership", [6, 8])
def test_a_policy_after_the_roll_is_never_worse_than_the_best_fixed_one(margin, leadership):
    """Property: the backward-induction policy is at least as good as every fixed re-roll policy, whatever
    the goal (here with a pursuit, a table edge and a turn of rally tests)."""
    data = json.loads(json.dumps(BSB))
    data["combat"]["margin"] = margin
    data["fleeing"]["leadership"] = leadership
    data["options"] = {}
    data["table"] = {"max_turns": 1, "edge_distance": 12}
    data["decide"]["goal"] = ["holds", "not_destroyed", "gave_ground", "rallied"]
    d = decide(fleeodds.load_scenario(data), method="exact")
    (p,) = d.policies
    for g in d.goals:
        assert p.best[g.code] >= max(o.values[g.code] for o in d.options), (g.code, margin, leadership)
        assert p.best[g.code] >= p.fresh[g.code]


# -- where the best choice changes --------------------------------------------------------------------------
def test_sweep_names_the_switch_of_the_best_choice():
    sc = fleeodds.load_scenario("warhammer/tow_swiftstride_near_edge.toml")
    sw = decide_sweep(sc, "table.edge_distance", list(range(8, 19, 2)))
    for d in sw.decisions:  # the best is the option of the highest value, at every point
        top = max(o.values["not_destroyed"] for o in d.options)
        assert {o.en for o in d.best("not_destroyed")} == {o.en for o in d.options
                                                              if o.values["not_destroyed"] == top}
    switches = sw.switches("not_destroyed")
    assert len(switches) == 1
    a, b, before, after = switches[0]
    assert before == ["Never"] and after == ["Always"] and b - a == 2
    with pytest.raises(InputError, match="not one of the"):
        decide_sweep(sc, "options.tow_swiftstride_use", ["always", "never"])


# -- what a [decide] table may say ---------------------------------------------------------------------------
def _with(**decide_table):
    data = json.loads(json.dumps(WIZARD))
    data["decide"] = decide_table
    return data


@pytest.mark.parametrize("table, match", [
    ({"goal": "unharmed", "choices": ["mode"], "goals": "x"}, r"decide\.goals.*goal, choices and after_roll"),
    ({"goal": "unharmed", "choices": ["runner.hp"]}, r"decide\.choices\.runner\.hp.*decision point.*\(mode\)"),
    ({"goal": "unharmed", "choices": {"mode": ["move", "fly"]}}, r"decide\.choices\.mode.*'fly'.*one of move"),
    ({"goal": "unharmed", "choices": {"mode": ["move"]}}, r"two or more"),
    ({"goal": "unharmed", "choices": {"mode": ["move", "move"]}}, r"each value once"),
    ({"goal": "rich", "choices": ["mode"]}, r"decide\.goal.*'rich'.*unharmed"),
    ({"goal": "max:hits", "choices": ["mode"]}, r"this scenario's metric \(damage\)"),
    ({"goal": [], "choices": ["mode"]}, r"decide\.goal"),
    ({"goal": "unharmed"}, r"decide\.choices"),
    ({"goal": "unharmed", "choices": ["mode"], "after_roll": ["bsb_break_reroll"]}, r"none in this scenario"),
])
def test_bad_decide_tables_are_refused_by_field(table, match):
    with pytest.raises(InputError, match=match):
        decide(fleeodds.load_scenario(_with(**table)), method="exact")


def test_decide_is_a_table_and_is_needed():
    data = json.loads(json.dumps(WIZARD))
    data["decide"] = "mode"
    with pytest.raises(InputError, match=r"decide.*\[decide\] table"):
        fleeodds.load_scenario(data)
    del data["decide"]
    with pytest.raises(InputError, match=r"decide.*\[decide\] table"):
        decide(fleeodds.load_scenario(data))


def test_values_as_labels_and_a_subset_of_choices():
    d = decide(fleeodds.load_scenario(_with(goal="unharmed", choices={"mode": ["Disengage", "move"]})),
               method="exact")
    assert [o.changes["mode"] for o in d.options] == ["disengage", "move"]
    assert read_decision(fleeodds.load_scenario(WIZARD)).choices[0].values[0] == "move"


def test_a_decision_keeps_the_scenario_and_its_setups_apart():
    """The [decide] table never reaches the rules system's model, and a derived scenario has none."""
    sc = fleeodds.load_scenario(WIZARD)
    assert "decide" in sc.source and "decide" not in sc.with_changes({"mode": "stay"}).source


# -- the command line -----------------------------------------------------------------------------------------
def test_cli_decide_table_json_and_french(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text(
        'system = "dnd"\nedition = "5e2014"\nmode = "move"\n[runner]\nhp = 6\nac = 12\n'
        '[[enemies]]\nattack_bonus = 5\ndamage = "1d12+3"\n[decide]\ngoal = ["unharmed", "not_dead"]\n'
        'choices = { mode = ["move", "disengage"] }\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["decide", str(path)])
    assert r.exit_code == 0, r.output
    assert "◀" in r.output and "+70.0 points (7/10) over the choice as written" in r.output
    r = CliRunner().invoke(main, ["decide", str(path), "--lang", "fr"])
    assert "Meilleur choix pour « s'échappe indemne »" in r.output and "100,0\u00a0%" in r.output
    assert "pas mort" in r.output
    r = CliRunner().invoke(main, ["decide", str(path), "-f", "json"])
    data = json.loads(r.output)
    assert data["goals"][1]["gain_over_default_fraction"] == "37/144"
    r = CliRunner().invoke(main, ["run", str(path), "--exact"])
    assert r.exit_code == 0 and "Best for “escapes unharmed”" in r.output


def test_cli_decide_policy_and_sweep():
    r = CliRunner().invoke(main, ["decide", "warhammer/tow_bsb_reroll_policy.toml"])
    assert r.exit_code == 0, r.output
    assert "After the roll: re-roll the Break test" in r.output and "Best policy for" in r.output
    r = CliRunner().invoke(main, ["decide", "warhammer/tow_swiftstride_near_edge.toml", "-v",
                                  "table.edge_distance=10..14", "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "Le meilleur choix pour « pas détruite » change entre 12 et 13" in r.output


@pytest.mark.slow
def test_decision_charts_are_written(tmp_path):
    from fleeodds.report.decision import decision_chart, decision_sweep_chart

    sc = fleeodds.load_scenario("warhammer/tow_swiftstride_near_edge.toml")
    fig = decision_chart(decide(sc, lang="fr"), tmp_path / "d.png")
    assert (tmp_path / "d.png").stat().st_size > 10_000
    from matplotlib.text import Text

    assert any("Meilleur choix" in t.get_text() for t in fig.findobj(Text))
    sw = decide_sweep(sc, "table.edge_distance", [8, 12, 16])
    decision_sweep_chart(sw, tmp_path / "s.svg")
    assert (tmp_path / "s.svg").read_text(encoding="utf-8").count("<svg") == 1


def test_every_example_decision_runs():
    for name in ("warhammer/tow_bsb_reroll_policy.toml", "warhammer/tow_swiftstride_near_edge.toml",
                 "hell_dorado/fuite_choix_repli.toml"):
        d = decide(fleeodds.load_scenario(name), method="exact")
        assert d.options and all(d.best(g.code) for g in d.goals)
    with pytest.raises(FleeoddsError):
        decide(fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml"))
