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
            assert abs(z) < Z_999, (o.label().render("en"), goal, z)


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
        assert {o.label().render("en") for o in d.best("not_destroyed")} == {o.label().render("en") for o in d.options
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
    from fleeodds.language import use_lang

    with use_lang("fr"):
        decision = decide(sc)
    fig = decision_chart(decision, tmp_path / "d.png")
    assert (tmp_path / "d.png").stat().st_size > 10_000
    from matplotlib.text import Text

    assert any("Meilleur choix" in t.get_text() for t in fig.findobj(Text))
    sw = decide_sweep(sc, "table.edge_distance", [8, 12, 16])
    decision_sweep_chart(sw, tmp_path / "s.svg")
    assert (tmp_path / "s.svg").read_text(encoding="utf-8").count("<svg") == 1


def test_every_example_decision_runs():
    for name in ("warhammer/tow_bsb_reroll_policy.toml", "warhammer/tow_swiftstride_near_edge.toml",
                 "hell_dorado/fuite_choix_repli.toml", "hell_dorado/fuite_ou_rester.toml",
                 "warhammer/tow_charge_reaction_hold_flee_shoot.toml"):
        d = decide(fleeodds.load_scenario(name), method="exact")
        assert d.options and all(d.best(g.code) for g in d.goals)
    with pytest.raises(FleeoddsError):
        decide(fleeodds.load_scenario("warhammer/goblins_broken_by_dwarfs.toml"))


# -- TOW: Hold, Stand & Shoot, Flee or Fire & Flee (tow_charge_reaction_hold_flee_shoot.toml) -------------------
# By hand. The Wolf Riders (M9, Swiftstride) flee 2D6 + D6 (Flee) or the higher of 2D6 + D6 (Fire & Flee); the
# table edge is 12" behind them: a flee of 12" or more leaves the table. Otherwise the Knights (M8, Swiftstride)
# charge 8 + the higher of 2D6 + D6 and run them down when they cover the 10" gap plus the flee distance.
# Hold: the shortest charge, 8 + 1 + 1 = 10", covers the gap, so the charge lands and the fight is fought: the
# same fight as a "situation = fight" file written out here (the fight's own solver is checked by its oracles).
# Stand & Shoot: 5 shots at BS3 need 4+, +1 for shooting at chargers and +1 at long range: 6+ (1/6); S3 against T3
# wounds on 4+ (1/2); the Knights' full plate 4+, barding and shield make 2+, failed on a 1 (1/6): each shot kills
# a Knight with probability 1/72, so k Knights fall with C(5, k) (1/72)^k (71/72)^(5-k), and the fight is fought
# with 5 - k Knights.
CHARGE = "warhammer/tow_charge_reaction_hold_flee_shoot.toml"
#: The riders (fight.unit) destroyed or running (written out from the outcome list, not from the goals' code).
RIDERS_DESTROYED = {"unit_destroyed", "both_destroyed", "unit_caught", "unit_run_down", "unit_escaped_off_table",
                    "unit_destroyed_contact", "unit_destroyed_terrain"}
RIDERS_STAND = {"unit_held", "unit_gave_ground", "unit_fell_back", "draw", "enemy_destroyed"}


def _flee_by_hand(edge: int = 12):
    from itertools import product

    def law(roll):
        out = {}
        for t in product(range(1, 7), repeat=3):
            out[roll(t)] = out.get(roll(t), 0) + F(1, 216)
        return out

    charge = law(lambda t: 8 + max(t[0], t[1]) + t[2])
    out = {}
    for name, flee in (("flee", law(sum)), ("fire_and_flee", law(lambda t: max(t[0], t[1]) + t[2]))):
        off = sum(p for f, p in flee.items() if f >= edge)
        run_down = sum(p * q for f, p in flee.items() for c, q in charge.items() if f < edge and c >= 10 + f)
        out[name] = 1 - off - run_down
    return out


def _fight_file(knights: int) -> dict:
    import tomllib

    data = tomllib.loads(fleeodds.loading.example_path(CHARGE).read_text(encoding="utf-8"))
    fight = data["fight"]
    fight.pop("stand_and_shoot")
    fight["enemy"]["models"] = knights
    fight["enemy"]["files"] = min(5, knights)
    fight["charge_distance"] = 10
    return {"system": "warhammer", "edition": "tow", "situation": "fight", "fight": fight,
            "table": {"edge_distance": 12}}


def _goal_values(sc) -> tuple[F, F]:
    dist = sc.exact_distribution("fraction")
    codes = [o.code for o in sc.outcomes]
    lost = sum((p for (o, _), p in dist.items() if codes[o] in RIDERS_DESTROYED), F(0))
    stand = sum((p for (o, _), p in dist.items() if codes[o] in RIDERS_STAND or codes[o].startswith("enemy_")), F(0))
    return 1 - lost, stand


def test_tow_charge_reaction_hold_shoot_flee_by_hand():
    d = decide(fleeodds.load_scenario(CHARGE), method="exact")
    by = {o.changes["options.charge_reaction"]: o for o in d.options}
    assert list(by) == ["hold", "stand_and_shoot", "flee", "fire_and_flee"] and by["hold"].is_default
    # the flee reactions: not destroyed by hand, and never holding
    for name, value in _flee_by_hand().items():
        assert by[name].values == {"not_destroyed": value, "holds": 0}, name
    assert by["fire_and_flee"].values["not_destroyed"] == F(29327, 46656)
    # Hold: the fight written out as a fight file
    hold = _goal_values(fleeodds.load_scenario(_fight_file(5)))
    assert (by["hold"].values["not_destroyed"], by["hold"].values["holds"]) == hold
    # Stand & Shoot: the binomial of the shots, each with the fight of the Knights left
    p = F(1, 72)
    law = {k: math.comb(5, k) * p ** k * (1 - p) ** (5 - k) for k in range(6)}
    assert fleeodds.load_scenario(CHARGE).with_changes({"options.charge_reaction": "stand_and_shoot"}).shot_law == law
    shot = [law[5] * F(1), law[5] * F(1)]  # the last Knight shot down: the riders are never reached
    for k in range(5):
        v = _goal_values(fleeodds.load_scenario(_fight_file(5 - k)))
        shot = [shot[0] + law[k] * v[0], shot[1] + law[k] * v[1]]
    assert [by["stand_and_shoot"].values[g] for g in ("not_destroyed", "holds")] == shot
    # the best choices and their gains, exact
    assert d.best_labels("not_destroyed") == ["Fire & Flee"] and d.best_labels("holds") == ["Stand & Shoot"]
    assert d.gain("not_destroyed", d.default()) == F(29327, 46656) - hold[0]
    assert d.gain("holds", d.default()) == shot[1] - hold[1] > 0
    assert d.gain("holds", d.worst("holds")) == shot[1]


def test_stand_and_shoot_survivors_keep_their_start_of_battle_and_fit_in_contact():
    # 3 of 5 Knights shot: the 2 left rally as 2 of 5 (TOW: below 50 %, Ld - 1), not as a whole unit of 2,
    # and their 5 models in base contact become 2 (a fight file with 2 Knights refuses 5 in contact)
    sc = fleeodds.load_scenario(CHARGE).with_changes({"options.charge_reaction": "stand_and_shoot",
                                                      "fight.enemy.fighting_files": 5})
    sub = sc.after_shots(3)
    assert sub.model.fight.enemy.models == 2 and sub.model.fight.enemy.fighting_files == 2
    assert sub.plan.units[1].models_start == 5

    def by_code(s):
        return {(s.outcomes[o].code, k): p for (o, k), p in s.exact_distribution("fraction").items()}

    hand = _fight_file(2)
    hand["fight"]["enemy"].update(models_start=5, fighting_files=2)
    assert by_code(sub) == by_code(fleeodds.load_scenario(hand))
    whole = _fight_file(2)  # a unit of 2 from the start rallies more often: the start matters here
    whole["fight"]["enemy"]["fighting_files"] = 2
    assert by_code(sub) != by_code(fleeodds.load_scenario(whole))


def test_stand_and_shoot_round_summary_is_the_round_after_the_shots():
    """The first-round sentence of a Stand & Shoot reads the round the unit fights after the shots (the adversary
    found it read the round with every Knight): with one round, who wins it is who wins the fight, summed here
    from the outcome list (each outcome code names the side that lost), a shot-down charge counting as won."""
    sc = fleeodds.load_scenario(CHARGE).with_changes({"options.charge_reaction": "stand_and_shoot",
                                                      "fight.max_rounds": 1})
    codes = [o.code for o in sc.outcomes]
    by: dict[str, F] = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        by[codes[o]] = by.get(codes[o], F(0)) + p
    s = sc.summary("fraction")
    assert s["enemy_wins"] == sum(p for c, p in by.items() if c.startswith("unit_"))
    assert s["unit_wins"] == sum(p for c, p in by.items() if c.startswith("enemy_"))
    assert s["draw"] == by.get("draw", 0) and sum(s[k] for k in ("unit_wins", "draw", "enemy_wins",
                                                                  "both_destroyed")) == 1
    hold = fleeodds.load_scenario(CHARGE).with_changes({"fight.max_rounds": 1}).summary("fraction")
    assert s["enemy_wins"] < hold["enemy_wins"]  # a Knight shot now and then: the Knights win a little less


def test_charge_reaction_swept_over_the_edge_distance():
    """16" from the edge, plain Flee (2D6 + D6, off the table only on 16 or more) beats Fire & Flee."""
    sw = decide_sweep(fleeodds.load_scenario(CHARGE), "table.edge_distance", [12, 16], method="exact")
    for edge, d in zip((12, 16), sw.decisions):
        by = {o.changes["options.charge_reaction"]: o.values["not_destroyed"] for o in d.options}
        hand = _flee_by_hand(edge)
        assert (by["flee"], by["fire_and_flee"]) == (hand["flee"], hand["fire_and_flee"])
    assert hand["flee"] > hand["fire_and_flee"]
    assert sw.switches("not_destroyed") == [(12, 16, ["Fire & Flee"], ["Flee"])]


def test_charge_reactions_that_fight_are_refused_where_not_modelled():
    base = fleeodds.load_scenario(CHARGE)
    with pytest.raises(InputError, match="Stand & Shoot outside The Old World"):
        base.with_changes({"edition": "8th", "options.charge_reaction": "stand_and_shoot"})
    with pytest.raises(InputError, match="may fall short"):
        base.with_changes({"table.gap": 11})
    with pytest.raises(InputError, match="closer than its Movement"):  # 7" from M8 Knights: Hold or Flee only
        base.with_changes({"options.charge_reaction": "stand_and_shoot", "table.gap": 7})
    assert base.with_changes({"table.gap": 7}).has_exact  # Hold is still allowed
    with pytest.raises(InputError, match="'enemy' in a flee_reaction"):
        base.with_changes({"fight.charger": "unit"})
    with pytest.raises(InputError, match="7 or more to hit"):
        base.with_changes({"options.charge_reaction": "stand_and_shoot", "fight.stand_and_shoot.ballistic_skill": 1})
    data = dict(base.base_source())
    data.pop("fight")
    with pytest.raises(InputError, match=r"a \[fight\] table"):
        fleeodds.load_scenario(data)
    flee_only = fleeodds.load_scenario({**data, "options": {"charge_reaction": "flee"},
                                        "decide": {"goal": "not_destroyed", "choices": ["options.charge_reaction"]}})
    assert [o.changes["options.charge_reaction"] for o in decide(flee_only, "exact").options] == [
        "flee", "fire_and_flee"]


@pytest.mark.slow
@pytest.mark.statistical
def test_stand_and_shoot_monte_carlo_agrees_with_the_exact_fight():
    sc = fleeodds.load_scenario(CHARGE).with_changes({"options.charge_reaction": "stand_and_shoot",
                                                      "fight.stand_and_shoot.shots": 20,
                                                      "fight.stand_and_shoot.long_range": False})
    assert sc.shot_law[0] == (1 - F(1, 36)) ** 20  # 5+ to hit now: 1/3 x 1/2 x 1/6 = 1/36 a shot
    t = fleeodds.evaluate(sc, "both", trials=40_000, seed=5, progress=False)
    mc = t.frame[t.frame.method == "monte_carlo"]
    assert (mc.z.abs().dropna() < Z_999).all(), mc


# -- Hell Dorado: flee or stay (fuite_ou_rester.toml) ------------------------------------------------------------
# By hand (rules digest §2: at most 5 dice rolled, each die past the 5th re-rolls one missed die; damage = the
# weapon's value for the hits, at most 5, minus PRO once). The Guerrier Squamate (DEF so that both hit on 4+, PRO 1,
# PV 4) is engaged by Samaël (CBT 5 + 1 soutien: 6 dice, damage 2/4/5/6/8) and the Bretteur (CBT 4 + 1 soutien: 5
# dice, damage 2/3/4/5/6). Fleeing, the opponent picks Samaël's attaque sans riposte: killed on 3 hits or more.
# Staying, Samaël then the Bretteur attack in their activations: killed when their damage adds up to 4.
# Under the Ordre Repli, no attack: survives for sure.
def _hits(rolled: int, rerolls: int) -> dict[int, F]:
    out: dict[int, F] = {}
    for h0 in range(rolled + 1):
        p0 = F(math.comb(rolled, h0), 2 ** rolled)
        r = min(rerolls, rolled - h0)
        for e in range(r + 1):
            out[h0 + e] = out.get(h0 + e, F(0)) + p0 * F(math.comb(r, e), 2 ** r)
    return out


def test_hell_dorado_flee_or_stay_by_hand():
    samael = {h: p for h, p in _hits(5, 1).items()}
    bretteur = _hits(5, 0)
    dmg_s = {0: 0, 1: 1, 2: 3, 3: 4, 4: 5, 5: 7}
    dmg_b = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    flee_killed = sum(p for h, p in samael.items() if dmg_s[h] >= 4)
    assert flee_killed == F(21, 32)
    stay_killed = sum(p * q for h, p in samael.items() for g, q in bretteur.items() if dmg_s[h] + dmg_b[g] >= 4)
    mean_flee = sum(p * dmg_s[h] for h, p in samael.items())
    mean_stay = mean_flee + sum(q * dmg_b[g] for g, q in bretteur.items())
    d = decide(fleeodds.load_scenario("hell_dorado/fuite_ou_rester.toml"), method="exact")
    by = {(o.changes["fuite.stay"], o.changes["fuite.repli"]): o for o in d.options}
    assert by[(False, False)].values == {"survives": 1 - flee_killed, "min:damage_taken": mean_flee}
    assert by[(False, True)].values == {"survives": F(1), "min:damage_taken": F(0)}
    for repli in (False, True):  # the Ordre Repli changes nothing for a fighter that stays
        assert by[(True, repli)].values == {"survives": 1 - stay_killed, "min:damage_taken": mean_stay}
    assert d.best_labels("survives") == ["Stay engaged: no · Ordre Repli: yes"]
    assert d.gain("survives", d.default()) == flee_killed
    assert d.gain("survives", d.worst("survives")) == stay_killed
    assert d.gain("min:damage_taken", d.default()) == mean_flee == F(255, 64)  # in the goal's sense: less


@pytest.mark.slow
@pytest.mark.statistical
def test_hell_dorado_stay_monte_carlo_agrees_with_the_exact_passes():
    sc = fleeodds.load_scenario("hell_dorado/fuite_ou_rester.toml").with_changes({"fuite.stay": True})
    t = fleeodds.evaluate(sc, "both", trials=200_000, seed=11, progress=False)
    mc = t.frame[t.frame.method == "monte_carlo"]
    assert (mc.z.abs().dropna() < Z_999).all(), mc
    d = decide(fleeodds.load_scenario("hell_dorado/fuite_ou_rester.toml"), method="mc", trials=100_000)
    assert d.manifest.get("paired") and d.best_labels("survives")[0] == "Stay engaged: no · Ordre Repli: yes"


def test_hell_dorado_stay_refusals():
    sc = fleeodds.load_scenario("hell_dorado/fuite_ou_rester.toml")
    with pytest.raises(InputError, match="reroll_policy"):
        sc.with_changes({"fuite.stay": True, "options.reroll_policy": "optional"})


def test_hell_dorado_stay_notes_the_ordre_repli_for_what_it_is(tmp_path):
    # no adversary here has Blocage: an Ordre Repli changes nothing because the fighter stays, and the note says so
    import tomllib

    import tomli_w

    data = tomllib.loads(fleeodds.loading.example_path("hell_dorado/fuite_ou_rester.toml").read_text(encoding="utf-8"))
    data.pop("decide")
    data["fuite"] = {"stay": True, "repli": True}
    path = tmp_path / "stay_repli.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    for lang, said in (("en", "for a fighter that stays engaged"), ("fr", "pour un combattant qui reste au contact")):
        r = CliRunner().invoke(main, ["run", str(path), "--exact", "--lang", lang])
        assert r.exit_code == 0, r.output
        assert said in r.output and "Blocage" not in r.output, r.output


def test_cli_decide_charge_reaction_in_french():
    r = CliRunner().invoke(main, ["decide", CHARGE, "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "Tenir et tirer" in r.output and "Tirer et fuir" in r.output and "Tenir [celui du fichier]" in r.output
    assert "Meilleur choix pour « pas détruite » : Tirer et fuir" in r.output
