"""Several pursuers and chargers ([[pursuers]]) and the failed charger's move: every case of
tests/oracles/warhammer_pursuers.json (tests/oracles/derive_warhammer_pursuers.py) exact as a
Fraction and by Monte Carlo inside a 99.9 % interval; one [[pursuers]] entry equals [pursuer];
refusals by name."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.errors import FleeoddsError
from fleeodds.systems.warhammer.kernels import flee as K

from ...conftest import ORACLES, assert_mc_agrees
from ._policy import assert_noted, assert_strict_refused, load as load_noted

CASES = json.loads((ORACLES / "warhammer_pursuers.json").read_text(encoding="utf-8"))["cases"]
MC_TRIALS = 300_000


def _unit(u: dict, **extra) -> dict:
    out = {"name": u["name"], "movement": u["movement"], "leadership": u.get("leadership", 7)}
    out.update(extra)
    return out


def scenario_for(case: dict) -> dict:
    """The scenario of an oracle case, built from its parameters."""
    p = case["parameters"]
    cid = case["id"]
    ed = case["edition"]
    base = {"system": "warhammer", "edition": ed, "fleeing": _unit(p["fleeing"])}
    if "chargers" in p:
        return dict(base, situation="charge_fleeing" if ed == "7th" else "flee_reaction",
                    pursuers=[_unit(c, gap=c["gap"]) for c in p["chargers"]])
    if "charger" in p:
        c = p["charger"]
        return dict(base, situation="flee_reaction", pursuer=_unit(c), table={"gap": c["gap"]},
                    options={"charge_metric": "failed_charge_move"})
    pursuers = [_unit(u, gap=u["gap"]) for u in p["pursuers"]]
    if "max_turns" in p:
        for u, src in zip(pursuers, p["pursuers"]):
            u["keeps_charging"] = src["keeps_charging"]
        return dict(base, situation="fleeing", pursuers=pursuers, table={"max_turns": p["max_turns"]})
    out = dict(base, situation="break" if "combat_margin" in p else "fleeing", pursuers=pursuers,
               table={"max_turns": 0})
    if "combat_margin" in p:
        out["combat"] = {"margin": p["combat_margin"]}
    if "pursuer_restrains" in p:
        out["options"] = {"pursuer_restrains": p["pursuer_restrains"]}
    assert cid
    return out


def _indices(sc, outcome: str) -> list[int]:
    """Outcome indices an oracle outcome sums: "caught" is every caught_by_<i>, "caught_by_2" one."""
    codes = [o.code for o in sc.outcomes]
    if outcome in codes:
        return [codes.index(outcome)]
    return [i for i, c in enumerate(codes) if c.startswith(outcome + "_by_")]


def test_every_case_is_run():
    assert len(CASES) == 14


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_exact(case):
    sc = fleeodds.load_scenario(scenario_for(case))
    dist = sc.exact_distribution("fraction")
    if case["outcome"] == "failed_charge":
        got = {}
        for (_, m), p in dist.items():
            got[m] = got.get(m, Fraction(0)) + p
        assert {str(k): f"{v.numerator}/{v.denominator}" for k, v in sorted(got.items()) if v} == \
            case["distribution"]
        assert 1 - got.get(0, 0) == Fraction(case["exact"])
        return
    idx = _indices(sc, case["outcome"])
    assert idx, [o.code for o in sc.outcomes]
    assert sum(p for (i, _), p in dist.items() if i in idx) == Fraction(case["exact"])
    fl = sum(p for (i, _), p in sc.exact_distribution("float").items() if i in idx)
    assert abs(fl - case["value"]) < 1e-11


@pytest.mark.statistical
@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_monte_carlo(case):
    sc = fleeodds.load_scenario(scenario_for(case))
    sim = simulate(sc.kernel(), trials=MC_TRIALS, seed=77, progress=False)
    assert sim.counts.sum() == MC_TRIALS
    if case["outcome"] == "failed_charge":
        per_metric = sim.counts.sum(axis=0)
        for k, v in case["distribution"].items():
            assert_mc_agrees(int(per_metric[int(k)]), MC_TRIALS, float(Fraction(v)), f"{case['id']} move {k}")
        return
    idx = _indices(sc, case["outcome"])
    assert_mc_agrees(int(sim.outcome_counts[idx].sum()), MC_TRIALS, float(Fraction(case["exact"])), case["id"])


# -- one [[pursuers]] entry is the lone [pursuer] -----------------------------------------------
SINGLE = [
    {"edition": "7th", "situation": "break", "fleeing": {"profile": "Night Goblins"},
     "pursuer": {"profile": "Dwarf Warriors"}, "combat": {"margin": 2},
     "table": {"edge_distance": 14, "max_turns": 3, "chaser_keeps_charging": True}},
    {"edition": "8th", "situation": "fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
     "pursuer": {"name": "P", "movement": 5, "leadership": 8, "general_leadership": 9},
     "table": {"gap": 2, "max_turns": 2, "chaser_keeps_charging": True, "first_turn": "enemy"},
     "options": {"pursuer_restrains": "ld_test"}},
    {"edition": "tow", "situation": "break", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
     "pursuer": {"name": "P", "movement": 8, "leadership": 7, "rules": ["swiftstride"]},
     "combat": {"margin": 3}, "table": {"edge_distance": 10, "max_turns": 2}},
    {"edition": "8th", "situation": "charge_fleeing", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
     "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "table": {"gap": 3, "edge_distance": 9}},
    {"edition": "7th", "situation": "panic", "fleeing": {"name": "F", "movement": 4, "leadership": 7},
     "pursuer": {"name": "P", "movement": 5, "leadership": 7},
     "table": {"gap": 4, "edge_distance": 16, "max_turns": 3, "chaser_keeps_charging": True}},
]


def _as_list(d: dict) -> dict:
    d = json.loads(json.dumps(d))
    entry = d.pop("pursuer")
    table = d.get("table", {})
    if "gap" in table:
        entry["gap"] = table.pop("gap")
    if "chaser_keeps_charging" in table:
        entry["keeps_charging"] = table.pop("chaser_keeps_charging")
    d["pursuers"] = [entry]
    return d


@pytest.mark.slow
@pytest.mark.parametrize("d", SINGLE, ids=lambda d: f"{d['edition']}-{d['situation']}")
def test_one_entry_list_equals_the_lone_pursuer(d):
    one = fleeodds.load_scenario(dict(d, system="warhammer"))
    many = fleeodds.load_scenario(dict(_as_list(d), system="warhammer"))
    assert many.rules.chasers and not one.rules.chasers
    assert [o.code for o in one.outcomes] == [o.code for o in many.outcomes]
    assert one.exact_distribution("fraction") == many.exact_distribution("fraction")


def test_the_single_pursuer_path_is_unchanged():
    sc = fleeodds.load_scenario(dict(SINGLE[0], system="warhammer"))
    assert sc.rules.chasers == () and not sc.rules.failed_move_metric and sc.has_trial_kernel


def test_run_down_is_credited_to_the_first_listed_charger():
    # two identical chargers at the same gap: the first takes every run down
    d = {"system": "warhammer", "edition": "7th", "situation": "charge_fleeing",
         "fleeing": {"name": "F", "movement": 4, "leadership": 7},
         "pursuers": [{"name": "A", "movement": 4, "leadership": 7, "gap": 2},
                      {"name": "A", "movement": 4, "leadership": 7, "gap": 2}]}
    sc = fleeodds.load_scenario(d)
    codes = [o.code for o in sc.outcomes]
    assert codes == ["run_down_by_1", "run_down_by_2", "escaped"]
    assert sc.outcomes[0].label().render("en") == "run down by a charge of A (1)" and "A (2)" in sc.outcomes[1].label().render("fr")
    dist = sc.exact_distribution("fraction")
    assert sum(p for (i, _), p in dist.items() if i == 1) == 0
    # P(2D6 <= 6) = 15/36: the reach of 8" covers 2" + the flee roll
    assert sum(p for (i, _), p in dist.items() if i == 0) == Fraction(15, 36)


# -- refusals ---------------------------------------------------------------------------------
BASE = {"system": "warhammer", "edition": "7th", "situation": "fleeing",
        "fleeing": {"name": "F", "movement": 4, "leadership": 7},
        "pursuers": [{"name": "A", "movement": 4, "leadership": 7}, {"name": "B", "movement": 9, "leadership": 6}]}


def _refused(d: dict, field: str):
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario(d)
    assert str(err.value).startswith(field + ":") or f" {field}" in str(err.value) or field in str(err.value), \
        str(err.value)
    return str(err.value)


def test_pursuer_and_pursuers_together_are_refused():
    msg = _refused(dict(BASE, pursuer={"name": "C", "movement": 4, "leadership": 7}), "pursuers")
    assert msg.startswith("pursuers:") and "not both" in msg


def test_a_pursuers_own_field_without_effect_is_noted_by_its_path():
    d = json.loads(json.dumps(BASE))
    d["pursuers"][1]["general_leadership"] = 9  # no restraint test: the General changes nothing
    start = "pursuers.1.general_leadership: 9 has no effect"
    assert_noted(d, start, "a General only helps the pursuer's test to not pursue")
    assert_strict_refused(d, start)
    assert load_noted(d).exact_distribution("fraction") == load_noted(BASE).exact_distribution("fraction")


def test_keeps_charging_without_a_chain_is_noted():
    d = json.loads(json.dumps(BASE))
    d["table"] = {"max_turns": 0}
    d["pursuers"][0]["keeps_charging"] = True
    note = assert_noted(d, "pursuers.0.keeps_charging: true has no effect", "table.max_turns > 0")
    assert "chaser_keeps_charging" not in note.message()  # the advice is this field's
    assert_strict_refused(d, "pursuers.0.keeps_charging: true has no effect", "table.max_turns > 0")


def test_every_pursuers_field_without_effect_is_noted():
    # each pursuer's own field is noted by its path, and a shared one once: not only the first met
    d = json.loads(json.dumps(BASE))
    d["table"] = {"max_turns": 0}
    for i, u in enumerate(d["pursuers"]):
        u["keeps_charging"] = True
        u["general_leadership"] = 9
    fields = {n.field for n in load_noted(d).input_notes()}
    assert fields == {"pursuers.0.keeps_charging", "pursuers.1.keeps_charging", "pursuers.0.general_leadership",
                      "pursuers.1.general_leadership"}


def test_table_gap_is_noted_when_every_pursuer_gives_its_own():
    d = json.loads(json.dumps(BASE))
    d["table"] = {"gap": 1}
    for u in d["pursuers"]:
        u["gap"] = 2
    why = "when every pursuer gives its own gap (pursuers.<i>.gap)"
    note = assert_noted(d, "table.gap: 1 has no effect", why)
    assert note.context == why  # one note, with the reason of this case
    assert_strict_refused(d, "table.gap: 1 has no effect", why)


def test_charge_metric_outside_the_charge_situations_is_noted():
    # no charge here: the metric is the turn of resolution, whatever the chargers (no refusal for several)
    d = dict(BASE, options={"charge_metric": "failed_charge_move"})
    start = "options.charge_metric: 'failed_charge_move' has no effect"
    assert_noted(d, start, "in the 'fleeing' situation (its metric is the turn of resolution")
    assert_strict_refused(d, start)


def test_failed_charge_metric_with_several_chargers_is_refused():
    d = dict(BASE, situation="flee_reaction", options={"charge_metric": "failed_charge_move"})
    assert _refused(d, "options.charge_metric").startswith("options.charge_metric:")


def test_a_tow_charger_beyond_its_declarable_range_is_refused():
    d = json.loads(json.dumps(BASE))
    d.update(edition="tow", situation="flee_reaction")
    d["pursuers"][0]["gap"] = 5
    d["pursuers"][1]["gap"] = 16  # M 9 + 6 = 15"
    assert _refused(d, "pursuers.1.gap").startswith("pursuers.1.gap:")


def test_pursuers_in_the_leadership_test_situation_are_refused():
    d = dict(BASE, situation="leadership_test")
    assert _refused(d, "pursuers").startswith("pursuers:")


def test_an_unknown_pursuer_profile_is_named_by_its_index():
    d = json.loads(json.dumps(BASE))
    d["pursuers"][1] = {"profile": "No Such Unit"}
    assert _refused(d, "pursuers.1.profile").startswith("pursuers.1.profile:")


# -- the kernel's one-exchange fast path ------------------------------------------------------
def test_several_rolls_take_no_fast_path():
    for sit in ("fleeing", "charge_fleeing", "flee_reaction"):
        d = dict(BASE, situation=sit, table={"max_turns": 0} if sit == "fleeing" else {"gap": 1})
        sc = fleeodds.load_scenario(d)
        assert len(sc.rules.chasers) == 2
        ints = K.pack(sc.rules, sc.metric.n_bins)[0]
        assert ints[K.I_PAIR_KIND] == K.PAIR_NONE, sit
        fast = K.run(*K.pack(sc.rules, sc.metric.n_bins), 5, 0, 70_000)
        slow = K.run(*K.pack(sc.rules, sc.metric.n_bins, pairs=False), 5, 0, 70_000)
        assert np.array_equal(fast, slow)


@pytest.mark.statistical
def test_the_example_runs_exact_and_monte_carlo():
    path = next(p for p in fleeodds.list_examples() if p.name == "wolves_and_orcs_pursue.toml")
    assert path.parent.name == "warhammer"
    sc = fleeodds.load_scenario(path)
    codes = [o.code for o in sc.outcomes]
    assert codes == ["held", "caught_by_1", "caught_by_2", "caught_by_3", "run_down_by_3", "escaped_off_table",
                     "rallied", "still_fleeing"]
    assert sc.outcomes[3].label().render("en").endswith("by Goblin Wolf Riders") and sc.outcomes[4].label().render("en") == "run down by a charge of Goblin Wolf Riders"
    assert sc.title_label().render("fr") != sc.title_label().render("en")  # "contre", the edition "(8e)"
    dist = sc.exact_distribution("fraction")
    assert sum(dist.values()) == 1
    sim = simulate(sc.kernel(), trials=200_000, seed=3, progress=False)
    for i, o in enumerate(sc.outcomes):
        p = float(sum(v for (j, _), v in dist.items() if j == i))
        assert_mc_agrees(int(sim.outcome_counts[i]), 200_000, p, o.code)


# -- 7th-edition flyers charge with their 20" flying move ---------------------------------------
@pytest.mark.statistical
def test_a_7th_edition_flyer_charges_20_inches_not_doubled():
    # 7th rulebook, Flyers, "Flying charges": a flyer (M 4 on the ground) charges within 20", not 2 x M;
    # a unit fleeing 2D6 from 9" away is run down when 20 >= 9 + flee, i.e. flee <= 11: 35/36
    d = {"system": "warhammer", "edition": "7th", "situation": "charge_fleeing",
         "fleeing": {"name": "F", "movement": 4, "leadership": 7},
         "pursuer": {"name": "Harpies", "movement": 4, "leadership": 6, "rules": ["fly"]}, "table": {"gap": 9}}
    sc = fleeodds.load_scenario(d)
    assert (sc.rules.charge_fixed, sc.rules.declare_range) == (20.0, 20.0)
    dist = sc.exact_distribution("fraction")
    i = sc.outcome_index("run_down")
    assert sum(p for (j, _), p in dist.items() if j == i) == Fraction(35, 36)
    sim = simulate(sc.kernel(), trials=100_000, seed=9, progress=False)
    assert_mc_agrees(int(sim.outcome_counts[i]), 100_000, 35 / 36, "flyer 7th")
    # the failed charge still moves the full 20" (the failed-charge metric)
    sc = fleeodds.load_scenario(dict(d, options={"charge_metric": "failed_charge_move"}))
    dist = sc.exact_distribution("fraction")
    assert {m for (_, m), p in dist.items() if p} == {0, 20}
    assert sum(p for (_, m), p in dist.items() if m == 20) == Fraction(1, 36)


@pytest.mark.statistical
def test_a_6th_edition_flying_charger_charges_20_inches():
    """6th rulebook, Appendix Seven, Flying Models 5: a flyer charges within its 20" flight, never
    doubled. Harpies 9" away: the unit (M 4) flees 2D6 and is run down unless it rolls 12 (20 < 21)."""
    d = {"system": "warhammer", "edition": "6th", "situation": "charge_fleeing",
         "fleeing": {"name": "F", "movement": 4, "leadership": 7},
         "pursuer": {"name": "Harpies", "movement": 4, "leadership": 6, "rules": ["fly"]}, "table": {"gap": 9}}
    sc = fleeodds.load_scenario(d)
    dist = sc.exact_distribution("fraction")
    i = sc.outcome_index("run_down")
    assert sum(p for (j, _), p in dist.items() if j == i) == Fraction(35, 36)
    sim = simulate(sc.kernel(), trials=100_000, seed=11, progress=False)
    assert_mc_agrees(int(sim.outcome_counts[i]), 100_000, 35 / 36, "flyer 6th")


def test_unused_characteristics_and_quiet_rules_are_listed_by_path():
    d = dict(BASE, table={"max_turns": 0})
    sc = fleeodds.load_scenario(d)
    # no Break test and no rally turns: the fleeing unit's Ld changes nothing; no restraint test: the
    # pursuers' Ld neither; their M decides 2D6 or 3D6 (7th)
    assert sc.describe()["unused_inputs"] == ["fleeing.leadership", "pursuers.0.leadership",
                                              "pursuers.1.leadership"]
    ex = fleeodds.load_scenario(next(p for p in fleeodds.list_examples() if p.name == "wolves_and_orcs_pursue.toml"))
    assert ex.describe()["rules_without_effect"] == {"pursuers.2": ["fast_cavalry", "swiftstride"]}


# -- exact against Monte Carlo where no oracle case reaches: TOW Fall Back, two chasers in a chain ------
AGREE = [
    {"system": "warhammer", "edition": "tow", "situation": "break", "fleeing": {"name": "F", "movement": 4,
     "leadership": 7}, "combat": {"margin": 3}, "table": {"edge_distance": 12, "max_turns": 2},
     "pursuers": [{"name": "A", "movement": 4, "leadership": 7},
                  {"name": "B", "movement": 8, "leadership": 7, "rules": ["swiftstride"], "gap": 1}]},
    {"system": "warhammer", "edition": "7th", "situation": "fleeing", "fleeing": {"name": "F", "movement": 4,
     "leadership": 7}, "table": {"edge_distance": 16, "max_turns": 2, "first_turn": "enemy"},
     "options": {"pursuer_restrains": "ld_test"},
     "pursuers": [{"name": "A", "movement": 4, "leadership": 8, "keeps_charging": True},
                  {"name": "B", "movement": 6, "leadership": 6, "keeps_charging": True, "gap": 2}]},
]


@pytest.mark.statistical
@pytest.mark.parametrize("d", AGREE, ids=lambda d: f"{d['edition']}-{d['situation']}")
def test_exact_and_monte_carlo_agree_on_every_outcome(d):
    sc = fleeodds.load_scenario(d)
    codes = [o.code for o in sc.outcomes]
    assert any(c.endswith("_by_2") for c in codes), codes
    dist = sc.exact_distribution("fraction")
    assert sum(dist.values()) == 1
    n = 300_000
    sim = simulate(sc.kernel(), trials=n, seed=21, progress=False)
    for i, code in enumerate(codes):
        p = sum((v for (j, _), v in dist.items() if j == i), Fraction(0))
        assert_mc_agrees(int(sim.outcome_counts[i]), n, float(p), code)


def test_with_unit_replaces_the_fleeing_unit_and_refuses_the_pursuing_role_by_name():
    sc = fleeodds.load_scenario(next(p for p in fleeodds.list_examples() if p.name == "wolves_and_orcs_pursue.toml"))
    prof = {"name": "Night Goblins", "movement": 4, "leadership": 5, "rules": []}
    other = sc.with_unit("fleeing", prof)
    assert other.fleeing.name == "Night Goblins" and len(other.rules.chasers) == 3
    with pytest.raises(FleeoddsError, match="^role: 'pursuing'.*several pursuers"):
        sc.with_unit("pursuing", prof)


def test_pursuer_names_that_clash_still_give_distinct_labels():
    """Two unnamed Orc Boyz units and a third named "Orc Boyz (1)": every split outcome keeps its
    own label (the adversary saw two rows read "... by Orc Boyz (1)")."""
    from fleeodds.systems.warhammer.plan.pursuers import unique_names

    assert unique_names(["A", "B"]) == ["A", "B"]
    sc = fleeodds.load_scenario({"system": "warhammer", "edition": "8th", "situation": "fleeing",
                                 "fleeing": {"profile": "Night Goblins"}, "table": {"max_turns": 0},
                                 "pursuers": [{"profile": "Orc Boyz"}, {"profile": "Orc Boyz"},
                                              {"profile": "Orc Boyz", "name": "Orc Boyz (1)"}]})
    labels = [o.label().render("en") for o in sc.outcomes] + [o.label().render("fr") for o in sc.outcomes]
    assert len(set(labels)) == len(labels), labels
