"""Warhammer situation 'fight': one round of close combat, its combat result and the loser's chain.

Every probability asserted here comes from a hand computation written in the test or from the
standard-library enumeration in tests/oracles/derive_warhammer_combat.py; Monte Carlo is checked
against the exact distribution with a chi-square test at 0.1 % (a bound that can fail)."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from pathlib import Path

import jsonschema
import numpy as np
import pytest

from fleeodds.errors import FleeoddsError
from fleeodds.systems.warhammer import SYSTEM
from fleeodds.systems.warhammer.plan.combat import save_score, to_hit, to_wound
from fleeodds.systems.warhammer.scenarios.loader import load_scenario

from ...conftest import load_oracle
from ._policy import assert_noted, assert_strict_refused, load as load_noted
from fleeodds.language import use_lang
from tests.lang_helpers import _relabelled, notes_in, schema_in  # noqa: E402


EXAMPLES = Path(__file__).resolve().parents[3] / "src" / "fleeodds" / "examples" / "warhammer"
FIGHTS = sorted(EXAMPLES.glob("*fight*.toml"))
ORACLE = load_oracle("warhammer_combat")["cases"]


def small(**over):
    """Two one-rank units of 2 models without equipment (7th), with fields changed by ``over``."""
    unit = {"name": "A", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3, "toughness": 3,
            "wounds": 1, "initiative": 3, "attacks": 1, "models": 2, "files": 2}
    data = {"system": "warhammer", "edition": "7th", "situation": "fight",
            "fight": {"charger": "unit", "unit": dict(unit), "enemy": dict(unit, name="B")}}
    for path, v in over.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = v
    return data


def load(path: Path):
    with open(path, "rb") as f:
        return load_scenario(tomllib.load(f), path.parent)


# -- tables (hand values from the digest) ------------------------------------------------------------
def test_to_hit_table():
    assert [to_hit(3, t) for t in (1, 2, 3, 4, 6, 7)] == [3, 3, 4, 4, 4, 5]


@pytest.mark.parametrize("edition", ["6th", "7th", "8th"])
def test_to_wound_table(edition):
    # the 6th, 7th and 8th To Wound charts: S3 against T1..T7 is 2 3 4 5 6 6 N; S1 against T4 is 6 and
    # against T5 N (6th.whfb.app/close-combat/wound-close-combat, 7th.whfb.app/close-combat/wounding-the-enemy)
    assert [to_wound(3, t, edition) for t in (1, 2, 3, 4, 5, 6, 7)] == [2, 3, 4, 5, 6, 6, 7]
    assert (to_wound(1, 4, edition), to_wound(1, 5, edition)) == (6, 7)


def test_to_wound_table_tow_is_its_own_chart():
    # TOW "Roll to Wound (Combat)" (tow.whfb.app, 2024-02-02): S3 wounds T6 to T8 on 6+, T9 not at all
    # (more in tests/systems/warhammer/test_tow_combat.py)
    assert [to_wound(3, t, "tow") for t in range(1, 11)] == [2, 3, 4, 5, 6, 6, 6, 6, 7, 7]


def test_armour_save_modifiers():
    assert save_score(4, 0) == 4 and save_score(4, 2) == 6 and save_score(4, 3) == 7
    assert save_score(1, 0) == 2  # a roll of 1 always fails
    assert save_score(None, 0) == 7


# -- oracle cases ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", ORACLE, ids=[c["id"] for c in ORACLE])
def test_oracle_round(case):
    s = load_scenario(copy.deepcopy(case["parameters"])).summary("fraction")
    assert s["unit_wins"] == Fraction(case["exact"])
    want = {int(k): Fraction(v) for k, v in case["distribution"].items()}
    assert {k: v for k, v in s["margin"].items() if v} == want


# -- hand computations ------------------------------------------------------------------------------------
def test_one_model_each_8th_simultaneous():
    # 8th, equal Initiative: simultaneous. One attack each: hit 4+, wound 4+ -> 1/4 each, no saves.
    # One model each of W1: both die 1/16 (both destroyed); the unit alone kills 3/16, and so on.
    data = small(edition="8th", **{"fight.charger": "none", "fight.unit.models": 1, "fight.unit.files": 1,
                                   "fight.enemy.models": 1, "fight.enemy.files": 1, "fight.max_rounds": 1})
    sc = load_scenario(data)
    s = sc.summary("fraction")
    assert s["margin"] == {-1: Fraction(3, 16), 0: Fraction(10, 16), 1: Fraction(3, 16)}
    dist = sc.exact_distribution("fraction")
    by = {}
    for (i, _), p in dist.items():
        by[sc.outcomes[i].code] = by.get(sc.outcomes[i].code, 0) + p
    assert by["both_destroyed"] == Fraction(1, 16)
    assert by["enemy_destroyed"] == Fraction(3, 16) and by["unit_destroyed"] == Fraction(3, 16)
    assert by["draw"] == Fraction(9, 16)


def by_code_and_round(sc) -> tuple[dict, dict]:
    dist = sc.exact_distribution("fraction")
    by, rounds = {}, {}
    for (i, k), p in dist.items():
        by[sc.outcomes[i].code] = by.get(sc.outcomes[i].code, 0) + p
        rounds[k] = rounds.get(k, 0) + p
    return by, rounds


@pytest.mark.parametrize("max_rounds", [None, 2, 5])
def test_one_model_each_several_rounds(max_rounds):
    # The same duel fought until resolved (default: at most 10 rounds) or over max_rounds rounds. Every round
    # is the first round again (no charge): both die 1/16, the unit alone kills 3/16, the enemy alone 3/16,
    # and 9/16 nobody dies: a draw (0 - 0, no musician), which leads to another round. So P(decided in
    # round k) = (9/16)^(k-1) * 7/16, and after N rounds a draw is left with (9/16)^N;
    # P(both destroyed) = 1/16 * sum_{k<N} (9/16)^k = (1 - (9/16)^N) / 7, each side's win 3 times that.
    data = small(edition="8th", **{"fight.charger": "none", "fight.unit.models": 1, "fight.unit.files": 1,
                                   "fight.enemy.models": 1, "fight.enemy.files": 1})
    if max_rounds is not None:
        data["fight"]["max_rounds"] = max_rounds
    sc = load_scenario(data)
    n = max_rounds or 10
    assert sc.max_rounds == n and sc.metric.n_bins == n and sc.metric.offset == 1
    by, rounds = by_code_and_round(sc)
    q = Fraction(9, 16)
    assert by["both_destroyed"] == (1 - q ** n) / 7
    assert by["enemy_destroyed"] == by["unit_destroyed"] == 3 * (1 - q ** n) / 7
    assert by["draw"] == q ** n
    for k in range(1, n):
        assert rounds[k] == q ** (k - 1) * Fraction(7, 16)
    assert rounds[n] == q ** (n - 1) * Fraction(7, 16) + q ** n  # the still-fighting end in the last round


def test_charger_strikes_first_7th_and_not_8th():
    # 2 vs 2, the unit charges with one attack each at 1/4: in 7th it strikes first, so the enemy strikes
    # back with 2 - k models. P(the unit loses no model) = sum_k P(k kills) * (3/4)^(2-k).
    q = Fraction(1, 4)
    b = [(1 - q) ** 2, 2 * q * (1 - q), q * q]
    want = sum(b[k] * (1 - q) ** (2 - k) for k in range(3))
    s = load_scenario(small()).summary("fraction")
    assert s["unit_casualties"][0] == want
    s8 = load_scenario(small(edition="8th")).summary("fraction")
    assert s8["unit_casualties"][0] == (1 - q) ** 2  # simultaneous at I3


def test_great_weapon_strength_and_save_6th():
    # 6th: S3 + 2 = 5 against T3 wounds on 2+ and takes 2 off a 4+ save -> 6+.
    sc = load_scenario(small(edition="6th", **{"fight.unit.weapon": "great_weapon",
                                               "fight.enemy.armour_save": 4}))
    r = sc.rules.unit
    assert (r.hit, r.wound, r.save) == (4, 2, 6)


def test_8th_supporting_attacks_and_horde():
    # 8th: 30 models 10 wide: front 10 x A1, second and third (horde) ranks 1 each behind the 10 fighting
    base = small(edition="8th", **{"fight.unit.models": 30, "fight.unit.files": 10,
                                   "fight.enemy.models": 30, "fight.enemy.files": 10})
    d = load_scenario(base).describe()["resolved_fight"]
    assert d["unit"]["attacks_at_full_strength"] == 30


def test_rank_bonus_and_standard_in_the_margin():
    # 7th, no attack can wound (S1 vs T10): the margin is the static result only. The unit: 15 models 5
    # wide (+2 ranks), standard (+1); the enemy: 2 models, nothing; outnumber +1 to the unit.
    data = small(**{"fight.unit.models": 15, "fight.unit.files": 5, "fight.unit.standard": True,
                    "fight.unit.strength": 1, "fight.enemy.strength": 1, "fight.unit.toughness": 10,
                    "fight.enemy.toughness": 10})
    s = load_scenario(data).summary("fraction")
    assert s["margin"] == {4: 1}


def test_musician_wins_the_draw():
    data = small(**{"fight.unit.strength": 1, "fight.enemy.strength": 1, "fight.unit.toughness": 10,
                    "fight.enemy.toughness": 10, "fight.enemy.musician": True})
    assert load_scenario(data).summary("fraction")["margin"] == {-1: 1}


# -- Monte Carlo against exact ------------------------------------------------------------------------------
def _mc_check(sc, trials=20000, seed=7):
    """The whole outcome distribution against the exact one: one chi-square goodness-of-fit test at the
    0.1 % level per scenario (a fight has a dozen outcomes: testing each at 0.1 % would fail one in a
    hundred good runs for every ten outcomes), outcomes expected fewer than 5 times pooled; an outcome
    of exact probability 0 must never happen."""
    from scipy.stats import chisquare

    exact = {}
    for (i, _), p in sc.exact_distribution("float").items():
        exact[i] = exact.get(i, 0.0) + p
    counts = sc.kernel()(seed, 0, trials).sum(axis=1)
    assert counts.sum() == trials
    for i, o in enumerate(sc.outcomes):
        if exact.get(i, 0.0) == 0.0:
            assert counts[i] == 0, f"{sc.title}: {o.code} happened {counts[i]} times, exact 0"
    big = [i for i in range(len(sc.outcomes)) if exact.get(i, 0.0) * trials >= 5]
    small = [i for i in range(len(sc.outcomes)) if 0 < exact.get(i, 0.0) * trials < 5]
    observed = [int(counts[i]) for i in big] + ([int(sum(counts[i] for i in small))] if small else [])
    expected = [exact[i] * trials for i in big] + ([sum(exact[i] for i in small) * trials] if small else [])
    expected = np.array(expected) * trials / sum(expected)
    if len(observed) > 1:
        assert chisquare(observed, expected).pvalue > 1e-3, f"{sc.title}: {observed} vs {expected.round(1)}"


@pytest.mark.parametrize("path", FIGHTS, ids=[p.stem for p in FIGHTS])
def test_examples_mc_agrees_with_exact(path):
    sc = load(path)
    _mc_check(sc)
    for v in sc.variants():
        _mc_check(v.scenario)


def test_mc_is_chunk_independent():
    sc = load(FIGHTS[0])
    k = sc.trial_kernel()
    whole = k(3, 0, 3000)
    parts = list(k(3, 0, 1000)) + list(k(3, 1000, 2000))
    assert list(whole) == parts


@pytest.mark.slow
def test_exact_sums_to_one_in_every_edition():
    for ed in ("6th", "7th", "8th", "tow"):
        sc = load_scenario(small(edition=ed, **{"fight.unit.models": 10, "fight.unit.files": 5}))
        assert sum(sc.exact_distribution("fraction").values()) == 1


# -- schema and errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FIGHTS, ids=[p.stem for p in FIGHTS])
def test_examples_validate_against_the_schema(path):
    with open(path, "rb") as f:
        jsonschema.validate(tomllib.load(f), schema_in("en", SYSTEM))


def test_french_schema_has_the_fight_terms():
    text = str(schema_in("fr", SYSTEM))
    for term in ("Capacité de Combat", "Force", "Endurance", "Sauvegarde d'armure", "Sauvegarde invulnérable",
                 "résultat de combat"):
        assert term in text


@pytest.mark.parametrize("over, field", [
    ({"fight.unit.champion": True}, "fight.unit.champion"),  # a table (empty: the unit's profile, +1 A)
    ({"fight.enemy.magic_items": ["Sword of Might"]}, "fight.enemy.magic_items"),
    ({"fight.unit.challenge": True}, "fight.unit.challenge"),
    ({"fight.unit.models_start": 1}, "fight.unit.models_start"),  # fewer at the start than in the fight
    ({"fight.unit.models_start": 1, "table.max_turns": 2}, "fight.unit.models_start"),
    ({"edition": "8th", "fight.unit.rules": ["fly"]}, "fight.unit.rules"),  # no flying move modelled in 8th
    ({"edition": "tow", "fight.enemy.extra_rules": ["fly"]}, "fight.enemy.extra_rules"),
    ({"fight.unit.troop_type": "character"}, "fight.unit.troop_type"),
    ({"edition": "starter"}, "edition"),
    ({"fight.unit.weapon_skill": 11}, "fight.unit.weapon_skill"),
])
def test_bad_inputs_are_one_line_errors(over, field):
    with pytest.raises(FleeoddsError) as err:
        load_scenario(small(**over))
    msg = str(err.value)
    assert msg.startswith(field + ":") and "\n" not in msg


#: Inputs the fight implements that change nothing in it: (changes, the note's start, why).
INERT_IN_A_FIGHT = [
    ({"fight.unit.general_leadership": 7}, "fight.unit.general_leadership: 7 has no effect",
     "not above the unit's own Leadership (7)"),
    ({"fight.enemy.general_leadership": 3}, "fight.enemy.general_leadership: 3 has no effect",
     "only when it is higher"),
    ({"fight.unit.weapon": "great_weapon", "fight.unit.shield": True}, "fight.unit.shield: true has no effect",
     "with a great weapon (it needs both hands)"),
    ({"fight.enemy.weapon": "lance", "fight.enemy.troop_type": "cavalry"}, "fight.enemy.weapon: 'lance' has no effect",
     "did not charge"),
    ({"fight.charger": "none", "fight.unit.weapon": "flail"}, "fight.unit.weapon: 'flail' has no effect",
     "after the first round"),
    ({"fight.unit.armour_piercing": 1}, "fight.unit.armour_piercing: 1 has no effect", "in 7th (Strength"),
    ({"fleeing": {"profile": "Night Goblins"}}, "fleeing: { profile = 'Night Goblins' } has no effect",
     "in situation 'fight' (the round decides the loser"),
    ({"combat": {"margin": 2}}, "combat: { margin = 2 } has no effect", "the round decides the loser"),
]


@pytest.mark.parametrize("over, start, why", INERT_IN_A_FIGHT, ids=[s.split(":")[0] for _, s, _ in INERT_IN_A_FIGHT])
def test_inputs_without_effect_in_a_fight_are_noted(over, start, why):
    assert_noted(small(**over), start, why)
    assert_strict_refused(small(**over), start, why)


def test_a_shield_with_a_two_handed_weapon_really_changes_nothing():
    # noted as without effect: the round must be the very round without the shield (8th: no parry either)
    for edition in ("7th", "8th"):
        over = {"fight.enemy.weapon": "great_weapon", "fight.enemy.armour_save": 5, "edition": edition}
        plain = load_noted(small(**over)).summary("fraction")
        shielded = load_noted(small(**over, **{"fight.enemy.shield": True}))
        assert [n.field for n in shielded.input_notes()] == ["fight.enemy.shield"]
        assert shielded.summary("fraction") == plain


def test_inputs_that_do_count_are_accepted():
    load_scenario(small(**{"fight.unit.general_leadership": 8}))  # above the unit's Ld 7: used when it loses
    load_scenario(small(**{"fight.unit.rules": ["fly"]}))  # 7th: flyers flee and pursue 2D6 as flyers
    load_scenario(small(**{"fight.unit.models_start": 2}))


def test_with_unit_leaves_fly_out_in_8th_and_says_so():
    sc = load_scenario(small(edition="8th"))
    prof = {"name": "Gyro", "movement": 1, "leadership": 9, "weapon_skill": 3, "strength": 3, "toughness": 3,
            "wounds": 1, "initiative": 3, "attacks": 1, "rules": ["fly", "stubborn"]}
    got = sc.with_unit("fleeing", prof)
    assert got.units[0].rules == ("stubborn",) and got.dropped_rules == ["fly"]
    assert got.describe()["rules_not_modelled"] == ["fly"]


def test_summary_in_short_sentences():
    from fleeodds.api import evaluate
    from fleeodds.report.summary import rounded

    data = small(**{"fight.unit.musician": True, "fight.max_rounds": 1})  # no draw: the musician wins it
    table = evaluate(load_scenario(data), method="exact")
    best = {r.outcome: r.probability for r in table.best_values().itertuples()}
    wins = sum(p for c, p in best.items() if c.startswith("enemy_"))
    loses = sum(p for c, p in best.items() if c.startswith("unit_"))
    en, fr = _relabelled(table, "en").summary_sentence(), _relabelled(table, "fr").summary_sentence()
    # the units are named (2 models of "A" against 2 of "B"); round 1 first, then the loser's fate
    assert en.startswith("A fight B (7th). Round 1: 2 A win ")
    assert f"2 A win {rounded(wins, 'en')}. 2 B then: " in en
    assert f"2 B win {rounded(loses, 'en')}. 2 A then: " in en
    assert f"L'unité de 2 A gagne\u202f: {rounded(wins, 'fr')}. L'unité de 2 B ensuite\u202f: " in fr
    # fought until resolved: who wins the fight, held Break tests no longer an end but another round
    table = evaluate(load_scenario(small(**{"fight.unit.musician": True})), method="exact")
    best = {r.outcome: r.probability for r in table.best_values().itertuples()}
    wins = sum(p for c, p in best.items() if c.startswith("enemy_") and c != "enemy_held")
    assert f"2 A win the fight {rounded(wins, 'en')}. 2 B then: " in _relabelled(table, "en").summary_sentence()
    assert "A draw" not in en and ";" not in en and "\n" not in en  # short sentences, no run-on list
    # every sentence is short: at most one clause per outcome of the loser's chain
    assert max(len(x) for x in en.split(". ")) < 200


def test_fight_section_outside_a_fight_is_refused():
    data = {"system": "warhammer", "situation": "break", "fleeing": {"profile": "Night Goblins"},
            "pursuer": {"profile": "Dwarf Warriors"}, "fight": small()["fight"]}
    with pytest.raises(FleeoddsError, match="fight"):
        load_scenario(data)


# -- list building: rank on a fight ---------------------------------------------------------------------------
DATA = Path(__file__).resolve().parents[2] / "data" / "bsdata"


def _fight_without_compare():
    with open(FIGHTS[0], "rb") as f:
        data = tomllib.load(f)
    data.pop("compare", None)
    return load_scenario(data, FIGHTS[0].parent)


def test_with_unit_takes_the_profile_and_keeps_the_formation():
    sc = _fight_without_compare()
    prof = {"name": "Scale Guard", "movement": 4, "leadership": 8, "troop_type": "infantry",
            "rules": ["cold_blooded"], "weapon_skill": 3, "strength": 4, "toughness": 4, "wounds": 1,
            "initiative": 1, "attacks": 1}
    got = sc.with_unit("fleeing", prof)
    data = copy.deepcopy(sc.base_source())
    inline = {k: v for k, v in data["fight"]["unit"].items() if k != "profile"}
    inline.update(prof)
    data["fight"]["unit"] = inline
    want = load_scenario(data, FIGHTS[0].parent)
    assert got.exact_distribution("fraction") == want.exact_distribution("fraction")
    assert got.unit_name("fleeing") == "Scale Guard" and got.unit_name("pursuing") == "Dwarf Warriors"


def test_rank_a_catalogue_by_a_fight():
    from fleeodds.rank import rank_units
    from fleeodds.systems.warhammer.list_building import import_catalogue

    res = import_catalogue(DATA / "scaled_host_8th.cat", DATA / "made_up_8th.gst")
    ranking = rank_units(_fight_without_compare(), res.profiles, "fleeing")
    assert list(ranking.table["unit"]) == ["Scale Guard"]
    # units whose catalogue entry lacks a characteristic the fight needs are reported, not guessed
    assert {n for n, _ in ranking.failures} == {"Jungle Gnats", "Scale Knights"}
    row = ranking.table.iloc[0]
    codes = [o.code for o in _fight_without_compare().outcomes]
    assert abs(sum(row[c] for c in codes) - 1) < 1e-12
    assert row["caught_total"] == pytest.approx(row["unit_caught"] + row["unit_destroyed"])


@pytest.mark.parametrize("over, field", [
    ({"fight.options.tow_musician": "always"}, "fight.options.tow_musician"),
    # False: True is 7th's own default (a default written out says nothing)
    ({"fight.charger": "none", "fight.options.charge_strikes_first": False}, "fight.options.charge_strikes_first"),
    ({"fight.options.spear_ranks_on_charge": True}, "fight.options.spear_ranks_on_charge"),
])
def test_options_that_change_nothing_are_noted(over, field):
    why = {"fight.options.tow_musician": "in 7th (a rule of The Old World)",
           "fight.options.charge_strikes_first": "with charger = 'none' (nobody charged)",
           "fight.options.spear_ranks_on_charge": "unless the charging unit fights with spears"}[field]
    assert_noted(small(**over), field + ": ", why)
    assert_strict_refused(small(**over), field + ": ", why)


def test_every_option_that_changes_nothing_is_noted_not_only_the_first():
    data = small(**{"fight.charger": "none", "fight.options.tow_musician": "always",
                    "fight.options.tow_combat_order_bonus": False, "fight.options.charge_strikes_first": False})
    fields = [n.field for n in load_noted(data).input_notes()]
    assert fields == ["fight.options.tow_musician", "fight.options.tow_combat_order_bonus",
                      "fight.options.charge_strikes_first"]


def test_winner_of_the_previous_round_strikes_first_at_equal_initiative():
    # 7th, nobody charged, I3 each: enemy_first -> the unit strikes back with 2 - k models (k kills at 1/4)
    q = Fraction(1, 4)
    b = [(1 - q) ** 2, 2 * q * (1 - q), q * q]
    want = sum(b[k] * (1 - q) ** (2 - k) for k in range(3))
    data = small(**{"fight.charger": "none", "fight.options.equal_initiative": "enemy_first"})
    assert load_scenario(data).summary("fraction")["enemy_casualties"][0] == want


@pytest.mark.parametrize("edition, want", [("6th", 1), ("7th", 1), ("8th", 2), ("tow", 2)])
def test_standard_and_battle_standard(edition, want):
    # no blow can wound (S1 vs T10), one rank each, same size: the margin is the standards' bonus only
    data = small(edition=edition, **{"fight.charger": "none", "fight.unit.standard": True,
                                     "fight.unit.battle_standard": True, "fight.unit.strength": 1,
                                     "fight.enemy.strength": 1, "fight.unit.toughness": 10,
                                     "fight.enemy.toughness": 10})
    assert load_scenario(data).summary("fraction")["margin"] == {want: 1}


def test_huge_fights_go_to_monte_carlo():
    data = small(**{"fight.unit.models": 200, "fight.unit.files": 20, "fight.unit.attacks": 10,
                    "fight.enemy.models": 200, "fight.enemy.files": 20, "fight.enemy.attacks": 10})
    sc = load_scenario(data)
    assert not sc.has_exact and "Monte Carlo" in sc.exact_refusal
    with pytest.raises(FleeoddsError, match="Monte Carlo"):
        sc.exact_distribution("float")
    counts = sc.kernel()(1, 0, 200)
    assert counts.sum() == 200


def test_chain_fields_that_change_nothing_are_noted():
    data = small(**{"options.tow_swiftstride_use": "never"})
    why = "in this fight (it changes neither unit's Break test, flight, pursuit or rally)"
    assert_noted(data, "options.tow_swiftstride_use: 'never' has no effect", why)
    assert_strict_refused(data, "options.tow_swiftstride_use: 'never' has no effect", why)
    load_scenario(small(**{"table.max_turns": 2}))  # rally turns matter to either loser


def test_8th_steadfast_counts_ranks_of_five():
    from fleeodds.systems.warhammer.plan.combat import steadfast

    # the loser 5 wide with one rank of 5 against a winner 4 wide (no rank of five): Steadfast
    data = small(edition="8th", **{"fight.unit.models": 5, "fight.unit.files": 5,
                                   "fight.enemy.models": 16, "fight.enemy.files": 4})
    r = load_scenario(data).rules
    assert steadfast(r, 0, (5, 16))
    assert not steadfast(r, 0, (4, 16))  # four models left: no rank of five


MIXED = [
    ("6th", {"fight.unit.weapon": "great_weapon", "fight.enemy.armour_save": 4, "fight.enemy.shield": True,
             "fight.contact": "flank", "fight.unit.models": 10, "fight.unit.files": 5,
             "fight.enemy.models": 15, "fight.enemy.files": 5}),
    ("7th", {"fight.charger": "none", "fight.unit.weapon": "spear", "fight.unit.models": 12, "fight.unit.files": 4,
             "fight.enemy.wounds": 3, "fight.enemy.attacks": 3, "fight.enemy.models": 3, "fight.enemy.files": 3,
             "fight.enemy.troop_type": "monstrous_infantry", "fight.unit.musician": True}),
    ("8th", {"fight.unit.weapon": "halberd", "fight.unit.models": 30, "fight.unit.files": 10,
             "fight.enemy.weapon": "additional_hand_weapon", "fight.enemy.models": 20, "fight.enemy.files": 5,
             "fight.enemy.ward_save": 5, "fight.high_ground": "enemy"}),
    ("tow", {"fight.unit.weapon": "flail", "fight.unit.models": 16, "fight.unit.files": 4,
             "fight.enemy.weapon": "spear", "fight.enemy.models": 20, "fight.enemy.files": 5,
             "fight.enemy.armour_save": 5, "fight.contact": "rear", "fight.enemy.standard": True}),
]


@pytest.mark.slow
@pytest.mark.parametrize("edition, over", MIXED, ids=[m[0] for m in MIXED])
def test_weapons_and_formations_mc_agrees_with_exact(edition, over):
    sc = load_scenario(small(edition=edition, **over))
    _mc_check(sc, trials=20000, seed=11)


def test_a_test_table_and_more_models_in_contact_than_the_unit_has_are_refused():
    base = {"system": "warhammer", "edition": "8th", "situation": "fight",
            "fight": {"charger": "enemy", "unit": {"profile": "Night Goblins", "models": 20},
                      "enemy": {"profile": "Dwarf Warriors", "models": 16}}}
    assert_noted({**base, "test": {"ld_modifier": 1}}, "test: { ld_modifier = 1 } has no effect",
                 "in situation 'fight' (the loser takes a Break test)")
    assert_strict_refused({**base, "test": {"ld_modifier": 1}}, "test: ", "in situation 'fight'")
    bad = copy.deepcopy(base)
    bad["fight"]["unit"]["fighting_files"] = 50
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.fighting_files: 50 .*at most the unit's models \(20\)"):
        load_scenario(bad)


def test_the_fight_table_has_exact_and_fraction_columns():
    # 7th, 2 against 2, the charger strikes first: k of its 2 attacks kill (1/2 to hit x 1/2 to wound), the
    # enemy strikes back with 2 - k models; result = wounds each way, +1 to the side with more models left
    q = Fraction(1, 4)

    def binom(n, k):
        from math import comb
        return comb(n, k) * q ** k * (1 - q) ** (n - k)

    law: dict[int, Fraction] = {}
    for k in range(3):
        for j in range(3 - k):
            d = k - j + (k > j) - (j > k)
            law[d] = law.get(d, Fraction(0)) + binom(2, k) * binom(2 - k, j)
    sc = load_scenario(small())
    lines = notes_in(sc, "en")[1].splitlines()
    assert lines[0].split() == ["Combat", "result", "(2", "A", "−", "2", "B)", "Exact", "Fraction"]
    got = {int(r.split()[0].replace("\u2212", "-").replace("+", "")): Fraction(r.split()[2]) for r in lines[2:]}
    assert got == {d: p for d, p in law.items() if p}
    assert notes_in(sc, "en")[0] == (f"The first round alone, before any Break test: 2 A win "
                                 f"{float(sum(p for d, p in law.items() if d > 0)):.1%}, 2 B win "
                                 f"{float(sum(p for d, p in law.items() if d < 0)):.1%}, a draw {float(law[0]):.1%}.")
    assert notes_in(sc, "fr")[1].splitlines()[0].split()[:2] == ["Résultat", "de"]


# -- issue 25 item 1: the rules the audit found wrong ------------------------------------------------------
def _binom(n: int, k: int, q: Fraction) -> Fraction:
    from math import comb
    return comb(n, k) * q ** k * (1 - q) ** (n - k)


@pytest.mark.parametrize("edition", ["6th", "7th", "8th"])
def test_strength_three_below_toughness_wounds_on_a_six(edition):
    # S1 against T4 (three below): 4+ to hit x 6 to wound = 1/12 per attack; against T5 nothing.
    over = {"fight.charger": "none", "fight.unit.strength": 1, "fight.unit.models": 1, "fight.unit.files": 1,
            "fight.enemy.models": 1, "fight.enemy.files": 1, "fight.enemy.strength": 1,
            "fight.unit.toughness": 10}  # the enemy cannot wound back (S1 v T10): the roll-off changes nothing
    sc = load_scenario(small(edition=edition, **dict(over, **{"fight.enemy.toughness": 4})))
    assert sc.rules.unit.wound == 6
    assert sc.summary("fraction")["enemy_casualties"][1] == Fraction(1, 2) * Fraction(1, 6)
    sc5 = load_scenario(small(edition=edition, **dict(over, **{"fight.enemy.toughness": 5})))
    assert sc5.rules.unit.wound == 7 and sc5.summary("fraction")["enemy_casualties"] == {0: 1}


@pytest.mark.parametrize("edition", ["6th", "7th", "tow", "8th"])
def test_slain_fighters_do_not_strike_back_except_in_8th(edition):
    # 2 models charge a unit of 4 in two ranks of 2 and strike first (the charge in 6th/7th/TOW; I5 against
    # I1 in 8th), one attack each at 1/4 (4+ to hit, 4+ to wound, no armour), k kills. What strikes back:
    # - 6th/7th: the front rank only (no spears), less the slain: 2 - k (7th "Removing Casualties (Close
    #   Combat)": the slain and the men stepping forward do not attack);
    # - TOW (FAQ 1.5.2): front and second rank (Press of Battle: a regular infantry unit in Combat Order that
    #   did not charge fights two ranks deep, the second rank 1 attack each), the slain coming off the first
    #   rank first: (2 - k) + 2 (TOW "Stepping Forward & Closing In"; FAQ 1.5.2, Combat); the 2024 rulebook's
    #   reading is in test_tow_combat.py;
    # - 8th: the rear steps up (8th "Remove Casualties (Close Combat)"): front 2, and the second rank's
    #   supporting attacks, 1 each from the 4 - k - 2 models behind: 2 + (2 - k).
    back = {"6th": lambda k: 2 - k, "7th": lambda k: 2 - k, "tow": lambda k: (2 - k) + 2,
            "8th": lambda k: 2 + (2 - k)}[edition]
    q = Fraction(1, 4)
    data = small(edition=edition, **{"fight.unit.initiative": 5, "fight.enemy.initiative": 1,
                                     "fight.enemy.models": 4, "fight.enemy.files": 2})
    sc = load_scenario(data)
    want = sum(_binom(2, k, q) * (1 - q) ** back(k) for k in range(3))  # P(k kills) x P(no wound back)
    assert sc.summary("fraction")["unit_casualties"][0] == want


def test_the_flank_rank_killed_by_the_charger_does_not_strike_back_7th():
    # 7th: 2 models charge the flank of 4 in two files of 2 ranks (its flank is 2 models long): both sides
    # fight with 2 models, the charged unit without supporting attacks. The charger strikes first, one
    # attack each at 1/4; after k casualties the 2 flank models strike back with 2 - k.
    q = Fraction(1, 4)
    data = small(**{"fight.contact": "flank", "fight.enemy.models": 4, "fight.enemy.files": 2})
    sc = load_scenario(data)
    assert (sc.rules.unit.fighting, sc.rules.enemy.fighting) == (2, 2)
    want = sum(_binom(2, k, q) * (1 - q) ** (2 - k) for k in range(3))
    assert sc.summary("fraction")["unit_casualties"][0] == want


def test_8th_disrupted_unit_keeps_steadfast():
    # 8th: 10 models in two ranks of five charge the flank of 20 in four ranks of five. The 20 lose their
    # rank bonus (disrupted) but keep Steadfast: 4 ranks of five against 2 (8th "Steadfast": "a unit does
    # not lose its steadfast status for being disrupted").
    from fleeodds.systems.warhammer.plan.combat import steadfast

    data = small(edition="8th", **{"fight.contact": "flank", "fight.unit.models": 10, "fight.unit.files": 5,
                                   "fight.enemy.models": 20, "fight.enemy.files": 5})
    r = load_scenario(data).rules
    assert r.disrupted == (False, True) and r.enemy.max_rank_bonus == 0
    assert steadfast(r, 1, (10, 20))
    assert not steadfast(r, 1, (10, 10))  # 2 ranks against 2: not Steadfast


def test_a_unit_wiped_out_loses_even_when_its_musician_wins_the_draw():
    # 8th, one model each (I3: simultaneous), 1/4 per attack. The unit has a standard (+1) and a musician.
    # Both die 1/16; the unit alone dies 3/16 (scores 1 - 1 = 0: the musician's "draw" would make it win,
    # but it is wiped out: it loses); the enemy alone dies 3/16; nobody 9/16 (1 - 0: the unit wins).
    data = small(edition="8th", **{"fight.charger": "none", "fight.unit.models": 1, "fight.unit.files": 1,
                                   "fight.enemy.models": 1, "fight.enemy.files": 1, "fight.unit.standard": True,
                                   "fight.unit.musician": True, "fight.max_rounds": 1})
    sc = load_scenario(data)
    s = sc.summary("fraction")
    assert (s["unit_wins"], s["enemy_wins"], s["draw"], s["both_destroyed"]) == (
        Fraction(12, 16), Fraction(3, 16), 0, Fraction(1, 16))
    by: dict[str, Fraction] = {}
    for (i, _), p in sc.exact_distribution("fraction").items():
        by[sc.outcomes[i].code] = by.get(sc.outcomes[i].code, 0) + p
    assert by["unit_destroyed"] == Fraction(3, 16) and by["both_destroyed"] == Fraction(1, 16)
    assert "1 B win 18.8%" in notes_in(sc, "en")[0] and "both units destroyed 6.2%" in notes_in(sc, "en")[0]


def _notes(data):
    return [(n.field, n.value) for n in SYSTEM.load(data).input_notes()]


@pytest.mark.parametrize("rule", ["fear", "terror"])
def test_8th_fear_in_a_fight_by_hand(rule):
    # 8th: one model each (WS3 S3 T3 I3 A1, no armour, Ld7), the unit causes Fear: the enemy tests on 2D6
    # against Ld7 (21/36 pass). Passed: both 4+/4+ (1/4). Failed: the enemy has WS1: it hits on 5+ (WS1
    # against WS3, more than double: 1/3 x 1/2 = 1/6) and is hit on 3+ (2/3 x 1/2 = 1/3). Equal Initiative:
    # simultaneous blows, so the two wounds are independent within each branch.
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    d = small(edition="8th", **{"fight.unit.rules": [rule], "fight.charger": "none", "fight.unit.models": 1,
                                "fight.unit.files": 1, "fight.enemy.models": 1, "fight.enemy.files": 1})
    want: dict[tuple, Fraction] = {}
    for q, pu, pe in ((Fraction(21, 36), Fraction(1, 4), Fraction(1, 4)),
                      (Fraction(15, 36), Fraction(1, 3), Fraction(1, 6))):
        for wu in (0, 1):
            for we in (0, 1):
                key = (wu, we, 1 - we, 1 - wu)
                want[key] = want.get(key, Fraction(0)) + q * (pu if wu else 1 - pu) * (pe if we else 1 - pe)
    assert round_distribution(load_scenario(d).rules) == want
    # an enemy immune to Fear: it changes nothing, noted
    got = _notes(small(edition="8th", **{"fight.unit.rules": [rule], "fight.enemy.rules": ["fear"]}))
    assert ("fight.unit.rules", rule) in got and ("fight.enemy.rules", "fear") in got
    # 6th/7th: a Fear-causing winner breaks a smaller loser outright: used, no note
    assert ("fight.unit.rules", rule) not in _notes(small(edition="7th", **{"fight.unit.rules": [rule]}))


@pytest.mark.statistical
def test_8th_fear_mc_joint_law_agrees():
    d = small(edition="8th", **{"fight.enemy.rules": ["fear"], "fight.unit.leadership": 6,
                                "fight.unit.champion": {}})
    d["fight"]["unit"].update(models=6, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


@pytest.mark.parametrize("edition, rule", [("6th", "swiftstride"), ("7th", "swiftstride"), ("6th", "steadfast"),
                                           ("7th", "steadfast"), ("tow", "steadfast")])
def test_rules_of_other_editions_are_noted_in_a_fight(edition, rule):
    assert ("fight.unit.extra_rules", rule) in _notes(small(edition=edition, **{"fight.unit.extra_rules": [rule]}))
    base = load_scenario(small(edition=edition)).exact_distribution("fraction")
    assert load_scenario(small(edition=edition, **{"fight.unit.extra_rules": [rule]})).exact_distribution(
        "fraction") == base


def test_8th_swiftstride_and_steadfast_are_used_in_a_fight():
    for rule in ("swiftstride", "steadfast"):
        assert _notes(small(edition="8th", **{"fight.unit.extra_rules": [rule]})) == []


def test_with_unit_keeps_8th_fear_and_leaves_out_what_is_not_modelled():
    sc = load_scenario(small(edition="8th"))
    prof = {"name": "Ghouls", "movement": 4, "leadership": 5, "weapon_skill": 2, "strength": 3, "toughness": 4,
            "wounds": 1, "initiative": 3, "attacks": 2, "rules": ["fear"]}
    got = sc.with_unit("fleeing", prof)
    assert got.units[0].rules == ("fear",) and got.dropped_rules == [] and got.rules.fear is not None
    got = load_scenario(small(edition="tow")).with_unit("fleeing", dict(prof, rules=["always_strikes_first"]))
    assert got.units[0].rules == () and got.dropped_rules == ["always_strikes_first"]


NEW_RULES = [c for c in ORACLE if c["id"] in ("fight_7th_slain_do_not_strike_back", "fight_8th_rear_steps_up",
                                               "fight_6th_three_below_wounds_on_six",
                                               "fight_7th_ogres_charge_great_weapons")]


@pytest.mark.statistical
@pytest.mark.parametrize("case", NEW_RULES, ids=[c["id"] for c in NEW_RULES])
def test_new_rules_mc_agrees_with_exact(case):
    _mc_check(load_scenario(copy.deepcopy(case["parameters"])), trials=20000, seed=5)


@pytest.mark.statistical
def test_slain_do_not_strike_back_mc_margin_agrees():
    # the kernel's margin law against the oracle's (7th, case F), chi-square at 0.1 %
    from scipy.stats import chisquare

    from fleeodds.systems.warhammer.kernels.combat import pack, run_round

    case = next(c for c in ORACLE if c["id"] == "fight_7th_slain_do_not_strike_back")
    sc = load_scenario(copy.deepcopy(case["parameters"]))
    rows = run_round(*pack(sc.rules), 3, 0, 40000)
    want = {int(k): float(Fraction(v)) for k, v in case["distribution"].items()}
    keys = sorted(k for k, p in want.items() if p * 40000 >= 5)
    observed = [int((rows[:, 4] == k).sum()) for k in keys]
    expected = np.array([want[k] for k in keys]) * 40000
    expected *= sum(observed) / expected.sum()
    assert chisquare(observed, expected).pvalue > 1e-3


# -- several rounds (docs/warhammer_combat.md §10) ----------------------------------------------------------
ROUNDS_ORACLE = load_oracle("warhammer_rounds")["cases"]


@pytest.mark.parametrize("case", ROUNDS_ORACLE, ids=[c["id"] for c in ROUNDS_ORACLE])
def test_oracle_several_rounds(case):
    # tests/oracles/derive_warhammer_rounds.py: two against two until resolved, the Break test by hand
    sc = load_scenario(copy.deepcopy(case["parameters"]))
    by, rounds = by_code_and_round(sc)
    ends = {k: Fraction(v) for k, v in case["ends"].items()}
    broke = {side: sum((p for c, p in by.items() if c.startswith(f"{side}_") and c not in (
        f"{side}_held", f"{side}_destroyed")), Fraction(0)) for side in ("enemy", "unit")}
    assert broke["enemy"] == ends["enemy_broke"] and broke["unit"] == ends["unit_broke"]
    for code in ("enemy_destroyed", "unit_destroyed", "both_destroyed"):
        assert by.get(code, 0) == ends.get(code, 0)
    assert by.get("draw", 0) + by.get("enemy_held", 0) + by.get("unit_held", 0) == ends["still_fighting"]
    assert rounds == {int(k): Fraction(v) for k, v in case["decided_in_round"].items()}


def test_max_rounds_one_is_the_former_single_round():
    # the first round alone, as before several rounds: a draw and a held Break test end the analysis
    data = small(edition="8th", **{"fight.max_rounds": 1, "table.max_turns": 0})
    sc = load_scenario(data)
    by, rounds = by_code_and_round(sc)
    s = sc.summary("fraction")
    assert rounds == {1: 1}
    assert by.get("draw", 0) == s["draw"]
    won = sum((p for c, p in by.items() if c.startswith("enemy_")), Fraction(0))
    assert won == s["unit_wins"]


@pytest.mark.parametrize("edition", ["8th", "7th", "6th"])
def test_split_chain_equals_the_whole_chain(edition):
    # the loser's chain split at its Break test (P(held) from the test, the flight's law from the largest
    # margin's chain) is the whole chain, in Fractions, for small and large margins, with Steadfast and Fear
    path = EXAMPLES / "goblins_fight_dwarfs.toml"
    with open(path, "rb") as f:
        data = tomllib.load(f)
    data.pop("compare")
    data["edition"] = edition
    data["table"] = {"max_turns": 1}
    sc = load_scenario(data, path.parent)
    for key in [(1, 1, 12, False, False, False), (0, 3, 4, True, False, False), (1, 2, 16, False, True, False),
                (0, 12, 1, False, False, False)]:
        assert dict(sc._chain_law(key, "fraction")) == {c: q for c, q in sc._full_chain_law(key, "fraction").items()
                                                        if q}


def test_later_round_keeps_a_flank_fight():
    # 8th.whfb.app/close-combat/flank-attack: the bonus is for "fighting the enemy in its flank", every round;
    # the charge bonus (+1 in 8th) is the first round's only
    from fleeodds.systems.warhammer.plan.rounds import later_round_rules

    sc = load(EXAMPLES / "knights_fight_orcs_flank_tow.toml")
    data = sc.base_source()
    data["edition"] = "8th"
    sc8 = load_scenario(data, EXAMPLES)
    first, later = sc8.rules, later_round_rules(sc8.model, sc8.units, (5, 25))
    assert first.unit.static_bonus == 1 + 1 + 1 + 0  # standard, flank, 8th charge
    assert later.unit.static_bonus == 1 + 1          # standard, flank
    assert later.enemy.support_ranks == first.enemy.support_ranks == 0  # the Orcs fight to their flank
    # 7th: 5 Knights (Unit Strength 10) in the flank take the Orcs' rank bonus, round after round, as long as
    # the Knights keep Unit Strength 5 (three Knights: 6; two: 4, and the Orcs' ranks count again)
    data["edition"] = "7th"
    sc7 = load_scenario(data, EXAMPLES)
    assert sc7.rules.enemy.max_rank_bonus == 0
    assert later_round_rules(sc7.model, sc7.units, (3, 20)).enemy.max_rank_bonus == 0
    assert later_round_rules(sc7.model, sc7.units, (2, 20)).enemy.max_rank_bonus == 3


def test_fight_labels_name_the_units_and_agree_in_french():
    sc = load(EXAMPLES / "goblins_fight_dwarfs.toml")
    en = [o.label().render("en") for o in sc.outcomes]
    fr = [o.label().render("fr") for o in sc.outcomes]
    assert "20 Night Goblins win; 16 Dwarf Warriors: rallied" in en
    assert not any("your unit" in x or "the enemy" in x for x in en)
    assert not any("l'ennemi" in x or "votre unité" in x for x in fr)
    # every French fate ("rattrapée", "détruite") agrees with "l'unité de …", and no colon starts a line
    for x in fr:
        if x != "les deux unités sont détruites":
            for word in ("rattrapée", "détruite"):
                if word in x:
                    assert "l'unité de" in x
        assert " :" not in x and ("\u202f:" in x or ":" not in x)
    with use_lang("en"):
        groups = sc.outcome_groups()
    assert [g for g, _ in groups][0] == "20 Night Goblins win" and groups[2][0] == "16 Dwarf Warriors win"
    assert sorted(c for _, cs in groups for c in cs) == sorted(o.code for o in sc.outcomes)


def test_fight_sentences_say_round_one_then_the_fight():
    sc = load(EXAMPLES / "orcs_grind_saurus_several_rounds.toml")
    dist = sc.exact_distribution("float")
    probs: dict[str, float] = {}
    for (i, _), p in dist.items():
        probs[sc.outcomes[i].code] = probs.get(sc.outcomes[i].code, 0.0) + p
    with use_lang("en"):
        en = sc.summary_sentences(probs)
    assert en[0].startswith("Round 1: 20 Orc Boyz win ") and "(by 1: " in en[0]
    assert en[1].startswith("20 Orc Boyz win the fight ")
    assert any(x.startswith("Still fighting after round 10 (the analysis' cap") for x in en)
    with use_lang("fr"):
        fr = sc.summary_sentences(probs)
    assert fr[0].startswith("Premier round\u202f: l'unité de 20 Orques gagne ")


@pytest.mark.slow
@pytest.mark.statistical
def test_several_rounds_monte_carlo_agrees_and_ignores_chunking():
    # chi-square at 0.1 % over (outcome, round decided), and the same counts however the trials are cut
    from fleeodds.testing import agreement

    sc = load(EXAMPLES / "orcs_grind_saurus_several_rounds.toml")
    dist = sc.exact_distribution("float")
    p = np.zeros((len(sc.outcomes), sc.metric.n_bins))
    for (o, k), q in dist.items():
        p[o, k - sc.metric.offset] += q
    kernel = sc.kernel()
    counts = kernel(11, 0, 60_000)
    assert (counts == kernel(11, 0, 25_000) + kernel(11, 25_000, 35_000)).all()
    _, stat, bound = agreement(counts.sum(axis=1), p.sum(axis=1))
    assert stat < bound
    _, stat, bound = agreement(counts.sum(axis=0), p.sum(axis=0))
    assert stat < bound

# -- mounts (issue 25 item 2): the rider and the mount strike separately -----------------------------------
def knight_vs_man(edition="8th", **over):
    """1 cavalry model (rider WS4 S3 T3 I3 A1 on a mount WS3 S4 I5 A1, no armour) against 1 man on foot
    (WS3 S3 T3 W1 I4 A1, no armour), nobody charging; fields changed by ``over``."""
    rider = {"name": "Rider", "movement": 8, "leadership": 8, "weapon_skill": 4, "strength": 3, "toughness": 3,
             "wounds": 1, "initiative": 3, "attacks": 1, "troop_type": "cavalry", "models": 1, "files": 1,
             "mount": {"name": "Steed", "weapon_skill": 3, "strength": 4, "initiative": 5, "attacks": 1}}
    man = {"name": "Man", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3, "toughness": 3,
           "wounds": 1, "initiative": 4, "attacks": 1, "models": 1, "files": 1}
    return small(edition=edition, **{"fight.charger": "none", "fight.unit": rider, "fight.enemy": man, **over})


def test_mount_strikes_at_its_own_initiative_by_hand():
    # 8th, three strike steps: the mount (I5), the man (I4), the rider (I3).
    # Mount: WS3 v WS3 4+ (1/2), S4 v T3 3+ (2/3), no armour: 1/3.
    # Man: WS3 v WS4 4+ (1/2), S3 v T3 4+ (1/2), the rider's save from his mount 6+ (8th: +1 for the mount;
    #   no armour of his own): fails 5/6 -> 5/24.
    # Rider: WS4 v WS3 3+ (2/3), S3 v T3 4+ (1/2), no armour: 1/3.
    # The man slain by the mount does not strike; the rider slain by the man does not strike.
    p_m, p_man, p_r = Fraction(1, 3), Fraction(5, 24), Fraction(1, 3)
    want = {(1, 0, 1, 0): p_m + (1 - p_m) * (1 - p_man) * p_r,
            (0, 1, 0, 1): (1 - p_m) * p_man,
            (0, 0, 1, 1): (1 - p_m) * (1 - p_man) * (1 - p_r)}
    assert sum(want.values()) == 1 and want[(1, 0, 1, 0)] == Fraction(55, 108)
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    sc = load_scenario(knight_vs_man())
    assert sc.rules.enemy.save == 6 and len(sc.rules.unit.parts) == 1
    assert round_distribution(sc.rules) == want


def test_slain_riders_mounts_do_not_strike_7th_by_hand():
    # 7th: 2 cavalry models charged by 1 model (W10, so that no wound is lost): the charger strikes first
    # (1 attack at 4+/4+, the riders' 6+ save from their mounts: 5/24). A slain rider takes his mount's
    # attack with him: 2 riders (WS4 v WS3 3+, 4+: 1/3) and 2 mounts (S3 here: 4+/4+, 1/4), or 1 and 1.
    d = knight_vs_man("7th", **{"fight.charger": "enemy"})
    d["fight"]["unit"].update(models=2, files=2)
    d["fight"]["unit"]["mount"].update(strength=3, initiative=3)
    d["fight"]["enemy"].update(wounds=10)
    p_e, p_r, p_m = Fraction(5, 24), Fraction(1, 3), Fraction(1, 4)

    def law(riders, mounts):  # wounds of `riders` rider attacks and `mounts` mount attacks
        from math import comb
        out = [Fraction(0)] * (riders + mounts + 1)
        for i in range(riders + 1):
            for j in range(mounts + 1):
                out[i + j] += (comb(riders, i) * p_r ** i * (1 - p_r) ** (riders - i)
                               * comb(mounts, j) * p_m ** j * (1 - p_m) ** (mounts - j))
        return out

    one, two = law(1, 1), law(2, 2)
    want = {k: p_e * (one[k] if k <= 2 else 0) + (1 - p_e) * two[k] for k in range(5)}
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    got: dict[int, Fraction] = {}
    for (wu, _we, _au, _ae), q in round_distribution(load_scenario(d).rules).items():
        got[wu] = got.get(wu, Fraction(0)) + q
    assert got == {k: v for k, v in want.items() if v}


@pytest.mark.parametrize("edition, armour, barding, want", [
    # rider's armour 5+ (heavy armour), shield +1 (mounted: no hand-weapon-and-shield bonus)
    ("7th", 5, True, 2),   # +1 mount, +1 barding (7th "Armour Saves")
    ("6th", 5, False, 3),  # +1 mount
    ("8th", 5, True, 2),   # 8th Cavalry: +1 mount, +1 barding
    ("tow", 5, True, 3),   # TOW: barding only
    ("tow", 5, False, 4),
    ("7th", None, False, 5),  # no armour: 6+ from the mount, 5+ with the shield
])
def test_rider_save_from_the_mount(edition, armour, barding, want):
    d = knight_vs_man(edition)
    d["fight"]["unit"].update(shield=True, mount=dict(d["fight"]["unit"]["mount"], barding=barding))
    if armour is not None:
        d["fight"]["unit"]["armour_save"] = armour
    assert load_scenario(d).rules.enemy.save == want


def test_profile_carries_its_mount():
    d = small(**{"fight.unit": {"profile": "Empire Knights", "models": 5, "files": 5}})
    sc = load_scenario(d)
    (g,) = sc.rules.unit.parts
    assert (g.name, g.attacks, g.hit, g.wound) == ("Warhorse", 1, 4, 4)
    # written as infantry the knights have dismounted: no mount
    d["fight"]["unit"]["troop_type"] = "infantry"
    assert load_scenario(d).rules.unit.parts == ()
    # a mount's field overrides the profile's
    d = small(**{"fight.unit": {"profile": "Goblin Wolf Riders", "mount": {"attacks": 2}}})
    assert load_scenario(d).rules.unit.parts[0].attacks == 2


def test_mount_inputs_refused_by_name():
    d = small(**{"fight.unit.mount": {"weapon_skill": 3, "strength": 3, "initiative": 3, "attacks": 1}})
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.mount.*cavalry"):
        load_scenario(d)  # infantry has no mount
    d = knight_vs_man()
    del d["fight"]["unit"]["mount"]["strength"]
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.mount\.strength"):
        load_scenario(d)
    d = knight_vs_man(**{"fight.unit.mount.armour_piercing": 1})
    assert_noted(d, "fight.unit.mount.armour_piercing")  # 8th: Strength modifies armour, AP changes nothing


@pytest.mark.statistical
@pytest.mark.parametrize("edition, over", [
    ("8th", {}),
    ("7th", {"fight.charger": "enemy"}),
    # 6th, equal Initiative between the mount and the man: one roll-off for the round
    ("6th", {"fight.unit.mount.initiative": 4}),
])
def test_mounts_mc_joint_law_agrees(edition, over):
    d = knight_vs_man(edition, **over)
    d["fight"]["unit"].update(models=3, files=3)
    d["fight"]["enemy"].update(models=4, files=4, wounds=2)
    _joint_mc_check(load_scenario(d))


def _joint_mc_check(sc, n=40000, seed=11):
    """The kernel's joint law of (w_unit, w_enemy, alive_unit, alive_enemy) against the exact solver's,
    chi-square at 0.1 % (cells expected fewer than 5 times pooled); a cell of probability 0 never seen."""
    from scipy.stats import chisquare

    from fleeodds.systems.warhammer.exact.combat import round_distribution
    from fleeodds.systems.warhammer.kernels.combat import pack, run_round

    exact = round_distribution(sc.rules)
    rows = run_round(*pack(sc.rules), seed, 0, n)
    seen: dict[tuple, int] = {}
    for row in rows[:, :4]:
        k = tuple(int(x) for x in row)
        seen[k] = seen.get(k, 0) + 1
    assert set(seen) <= set(exact)
    keys = [k for k in exact if exact[k] * n >= 5]
    rest = [k for k in exact if k not in keys]
    observed = [seen.get(k, 0) for k in keys] + ([sum(seen.get(k, 0) for k in rest)] if rest else [])
    expected = np.array([float(exact[k]) for k in keys] + ([float(sum(exact[k] for k in rest))] if rest else []))
    expected *= n / expected.sum()
    assert chisquare(observed, expected).pvalue > 1e-3


@pytest.mark.statistical
def test_mounts_mc_outcomes_agree():
    _mc_check(load_scenario(knight_vs_man("7th", **{"fight.charger": "unit"})), trials=20000, seed=9)


# -- champions (issue 25 item 2): one model of the unit, in the front rank, removed last ------------------
def _wounds_law(data):
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    got: dict[int, Fraction] = {}
    for (wu, _we, _au, _ae), q in round_distribution(load_scenario(data).rules).items():
        got[wu] = got.get(wu, Fraction(0)) + q
    return got


def _binomial(n, p):
    from math import comb
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def test_champion_attacks_by_hand():
    # 7th, the unit charges: 2 models in one rank (WS3 S3 T3, A1), one of them a champion (A2 by default:
    # the unit's A + 1): 1 + 2 = 3 attacks at 4+/4+ against no armour, 1/4 each (the enemy W10: no wound lost)
    d = small(**{"fight.unit.champion": {}, "fight.enemy.wounds": 10})
    want = _binomial(3, Fraction(1, 4))
    assert _wounds_law(d) == dict(enumerate(want))


def test_champion_is_removed_last_7th_by_hand():
    # 7th, the enemy charges (2 models, A1, 1/4 each, W10 so that it never loses a model): k of the unit's
    # 2 models fall before it strikes. The champion is removed last: k = 0, the rank-and-file model (1)
    # and the champion (2): 3 attacks; k = 1, the champion alone: 2; k = 2: none.
    d = small(**{"fight.charger": "enemy", "fight.unit.champion": {}, "fight.enemy.wounds": 10})
    p = Fraction(1, 4)
    killed = _binomial(2, p)
    want: dict[int, Fraction] = {}
    for k, n in ((0, 3), (1, 2), (2, 0)):
        for w, q in enumerate(_binomial(n, p)):
            want[w] = want.get(w, Fraction(0)) + killed[k] * q
    assert _wounds_law(d) == want


def test_champion_own_profile_and_weapon():
    # the champion's own WS and S, with the unit's weapon (halberd +1 S): WS5 v WS3 3+; S4 + 1 v T3 2+
    d = small(**{"fight.unit.champion": {"weapon_skill": 5, "strength": 4, "attacks": 3},
                 "fight.unit.weapon": "halberd"})
    (g,) = load_scenario(d).rules.unit.parts
    assert (g.kind, g.attacks, g.hit, g.wound) == ("champion", 3, 3, 2)


@pytest.mark.statistical
@pytest.mark.parametrize("edition, over", [
    ("7th", {"fight.charger": "enemy"}),
    ("8th", {"fight.charger": "enemy", "fight.unit.champion": {"initiative": 5, "attacks": 3}}),
    ("tow", {}),
])
def test_champion_mc_joint_law_agrees(edition, over):
    d = small(edition=edition, **{"fight.unit.champion": {}, **over})
    d["fight"]["unit"].update(models=6, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


# -- characters in the unit (issue 25 item 2) ----------------------------------------------------------------
HERO = {"name": "Hero", "weapon_skill": 4, "strength": 4, "toughness": 4, "wounds": 2, "initiative": 4,
        "attacks": 2, "leadership": 9}


def test_character_in_the_front_rank_by_hand():
    # 7th, the unit charges: 2 models in one rank, a character (WS4 S4 A2) takes one of the two places:
    # 1 rank-and-file attack (4+/4+: 1/4) and 2 of the character's (WS4 v WS3 3+, S4 v T3 3+: 4/9); the
    # enemy W10 (no wound lost)
    d = small(**{"fight.unit.characters": [HERO], "fight.enemy.wounds": 10})
    one, hero = _binomial(1, Fraction(1, 4)), _binomial(2, Fraction(4, 9))
    want: dict[int, Fraction] = {}
    for i, a in enumerate(one):
        for j, b in enumerate(hero):
            want[i + j] = want.get(i + j, Fraction(0)) + a * b
    sc = load_scenario(d)
    assert _wounds_law(d) == want
    # the Break test on the highest Leadership among the unit's models (the character's 9)
    assert sc._plan.units[0].leadership == 9


def test_character_strikes_while_the_unit_stands_7th_by_hand():
    # 7th, the enemy charges (2 attacks at 1/4, W10): the character is not a casualty of the rank and file:
    # k = 0 slain, 1 rank-and-file attack and the hero's 2; k >= 1, the hero's 2 while a model stands; k = 2,
    # the unit is gone (fleeodds: the character's survival alone is not followed)
    d = small(**{"fight.charger": "enemy", "fight.unit.characters": [HERO], "fight.enemy.wounds": 10})
    p = Fraction(1, 4)
    killed = _binomial(2, p)
    want: dict[int, Fraction] = {}
    hero = _binomial(2, Fraction(4, 9))
    for k, laws in ((0, (_binomial(1, p), hero)), (1, ([Fraction(1)], hero)),
                    (2, ([Fraction(1)], [Fraction(1)]))):
        for i, a in enumerate(laws[0]):
            for j, b in enumerate(laws[1]):
                want[i + j] = want.get(i + j, Fraction(0)) + killed[k] * a * b
    assert _wounds_law(d) == {k: v for k, v in want.items() if v}


def test_character_inputs():
    d = small(**{"fight.unit.characters": [dict(HERO, weapon="lance")]})
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.characters\.0\.weapon"):
        load_scenario(d)
    d = small(**{"fight.unit.characters": [dict(HERO, weapon="great_weapon")]})
    (g,) = load_scenario(d).rules.unit.parts
    assert (g.kind, g.wound, g.strikes < 0) == ("character", 2, False)  # chargers first; S6 v T3: 2+
    d = small(**{"fight.unit.character": HERO})
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.character"):
        load_scenario(d)


@pytest.mark.statistical
@pytest.mark.parametrize("edition, over", [
    ("7th", {"fight.charger": "enemy"}),
    ("8th", {"fight.charger": "enemy", "fight.unit.champion": {"initiative": 2}}),
    ("6th", {"fight.charger": "none"}),
])
def test_character_mc_joint_law_agrees(edition, over):
    d = small(edition=edition, **{"fight.unit.characters": [HERO], **over})
    d["fight"]["unit"].update(models=6, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


# -- challenges and overkill (issue 25 item 3) ---------------------------------------------------------------
def test_challenge_with_overkill_by_hand():
    # 7th, the unit charges with 2 models and a Hero (WS4 S4 T4 W2 I4 A2) who issues a challenge; the enemy
    # (2 models WS3 S3 T3 W1 I3 A1, one a champion: A2) accepts with its champion. Nobody has armour.
    # Steps: the Hero (charging, I4), the unit's one rank-and-file fighter (the Hero takes the other place),
    # then the enemy at I3: its rank-and-file fighter (the champion's place is his) and the champion.
    #  Hero v champion: 3+ (WS4 v WS3), 3+ (S4 v T3): 4/9 each of 2 attacks; k wounds, all counted (the
    #    champion's W1 + overkill up to 5). The champion strikes back only if k = 0: 4+ (WS3 v WS4), 5+ (S3 v
    #    T4): 1/6 each of 2 attacks; m wounds on the Hero, counted.
    #  Rank and file: 1 attack each at 4+/4+ (1/4); the enemy's fighter strikes only if not slain (j = 0).
    # Result: w_unit = j + k, w_enemy = l + m; unit models left 2 - l; enemy 1 - j, + 1 if its champion lives.
    def b(n, p):
        return _binomial(n, p)

    want: dict[tuple, Fraction] = {}
    for k, pk in enumerate(b(2, Fraction(4, 9))):
        for j, pj in enumerate(b(1, Fraction(1, 4))):
            for l_, pl in enumerate(b(1 - j, Fraction(1, 4))):
                for m, pm in enumerate(b(2 if k == 0 else 0, Fraction(1, 6))):
                    key = (j + k, l_ + m, 2 - l_, 1 - j + (1 if k == 0 else 0))
                    want[key] = want.get(key, Fraction(0)) + pk * pj * pl * pm
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    d = small(**{"fight.unit.characters": [HERO], "fight.enemy.champion": {}, "fight.challenge": "unit"})
    assert round_distribution(load_scenario(d).rules) == want


def test_overkill_cap_by_edition():
    # a W1 champion slain by 4 wounds: 1 + 3 excess; 6th/7th/8th count up to 5 excess, TOW 3
    # (6th "Overkill": "up to a maximum of +5"); the option overrides
    from fleeodds.systems.warhammer.plan.combat import countable_wounds

    d = small(**{"fight.unit.characters": [HERO], "fight.enemy.champion": {}, "fight.challenge": "unit"})
    assert countable_wounds(load_scenario(d).rules.enemy) == 1 * 1 + 1 + 5  # 1 rank-and-file W1, then 1 + 5
    assert countable_wounds(load_scenario(dict(d, edition="tow")).rules.enemy) == 1 + 1 + 3
    d["fight"]["options"] = {"overkill_cap": 2}
    assert countable_wounds(load_scenario(d).rules.enemy) == 1 + 1 + 2


def test_challenge_inputs():
    d = small(**{"fight.challenge": "unit"})  # nobody to issue it
    with pytest.raises(FleeoddsError, match=r"^fight\.challenge"):
        load_scenario(d)
    # nobody to accept it: noted, changes nothing
    assert_noted(small(**{"fight.challenge": "unit", "fight.unit.champion": {}}), "fight.challenge")
    d = small(**{"fight.unit.challenge": True})
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.challenge.*fight\.challenge"):
        load_scenario(d)


@pytest.mark.statistical
@pytest.mark.parametrize("edition, over", [
    ("7th", {"fight.challenge": "unit"}),
    ("8th", {"fight.challenge": "enemy", "fight.charger": "enemy"}),
    ("6th", {"fight.challenge": "enemy", "fight.charger": "none", "fight.enemy.champion": {"initiative": 4}}),
])
def test_challenge_mc_joint_law_agrees(edition, over):
    d = small(edition=edition, **{"fight.unit.characters": [dict(HERO, attacks=4)], "fight.enemy.champion": {},
                                  **over})
    d["fight"]["unit"].update(models=6, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


# -- chariots (issue 25 item 2): crew, beasts, impact hits on the charge ------------------------------------
CHARIOT = {"name": "Boar Chariot", "movement": 7, "leadership": 7, "weapon_skill": 3, "strength": 3,
           "toughness": 5, "wounds": 4, "initiative": 2, "attacks": 1, "troop_type": "chariot", "models": 1,
           "files": 1, "chariot": {"crew": 2, "beasts": {"count": 2, "initiative": 3}, "impact_hits": "D3",
                                   "strength": 5}}


def test_chariot_charge_by_hand():
    # 7th: one chariot charges one man (WS3 T3, W10 so that nothing is lost, no armour). Impact hits first:
    # D3 hits at S5 (wound on 2+: 5/6); then the beasts (2 attacks, WS3 S3 v T3: 1/4 each, I3) and the crew
    # (2 x A1, 1/4 each) all strike first on the charge (at the same step: one law).
    d = small(**{"fight.unit": CHARIOT, "fight.enemy.wounds": 10, "fight.enemy.models": 1, "fight.enemy.files": 1})
    impact: dict[int, Fraction] = {}
    for hits in (1, 2, 3):
        for k, q in enumerate(_binomial(hits, Fraction(5, 6))):
            impact[k] = impact.get(k, Fraction(0)) + Fraction(1, 3) * q
    blows = _binomial(4, Fraction(1, 4))
    want: dict[int, Fraction] = {}
    for i, a in impact.items():
        for j, b in enumerate(blows):
            want[i + j] = want.get(i + j, Fraction(0)) + a * b
    assert _wounds_law(d) == want


def test_chariot_inputs():
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.chariot"):
        load_scenario(small(**{"fight.unit.chariot": {"crew": 2}}))  # infantry
    # not charging: no impact hits (noted)
    assert_noted(small(**{"fight.unit": CHARIOT, "fight.charger": "enemy"}), "fight.unit.chariot.impact_hits")


@pytest.mark.statistical
@pytest.mark.parametrize("edition", ["7th", "8th", "tow"])
def test_chariot_mc_joint_law_agrees(edition):
    d = small(edition=edition, **{"fight.unit": dict(CHARIOT, models=2, files=2,
                                                     chariot=dict(CHARIOT["chariot"], impact_hits="D6"))})
    d["fight"]["enemy"].update(models=8, files=4)
    _joint_mc_check(load_scenario(d))


# -- special rules that move a round (issue 25 item 4) -------------------------------------------------------
def _p_unit(data):
    from fleeodds.systems.warhammer.exact.combat import kill_probability
    return kill_probability(load_scenario(data).rules.unit)


@pytest.mark.parametrize("over, want", [
    # 7th, WS3 S3 v WS3 T3, no armour: 4+, 4+ -> 1/4 per attack without rules
    ({}, Fraction(1, 4)),
    # Hatred, first round: a miss re-rolled: P(hit) = 1/2 + 1/2 * 1/2 = 3/4; x 1/2
    ({"fight.unit.rules": ["hatred"]}, Fraction(3, 8)),
    # Poisoned Attacks against T4 (5+ to wound): a 6 to hit wounds: 1/6 + (2/6)(1/3) = 5/18
    ({"fight.unit.rules": ["poisoned_attacks"], "fight.enemy.toughness": 4}, Fraction(5, 18)),
    # Killing Blow against a 4+ save: 1/2 x [(2/6)(1/2) + 1/6 (a 6 to wound: no armour save)] = 1/6
    ({"fight.unit.rules": ["killing_blow"], "fight.enemy.armour_save": 4}, Fraction(1, 6)),
    # the enemy's Regeneration, 7th: a separate 4+ roll after the ward 5+: 1/4 x 4/6 x 1/2 = 1/12
    ({"fight.enemy.rules": ["regeneration"], "fight.enemy.ward_save": 5}, Fraction(1, 12)),
    # 8th: Regeneration is a ward save (4+), not added to the ward 5+: 1/4 x 1/2 = 1/8
    ({"edition": "8th", "fight.enemy.rules": ["regeneration"], "fight.enemy.ward_save": 5}, Fraction(1, 8)),
    # TOW: a Regeneration save (4+) in addition to the ward save, as 6th/7th: 1/12
    ({"edition": "tow", "fight.enemy.rules": ["regeneration"], "fight.enemy.ward_save": 5}, Fraction(1, 12)),
    # TOW Killing Blow: a 6 to wound allows neither armour nor Regeneration (4+ save, 4+ regeneration):
    # 1/2 x [(2/6)(1/2)(1/2) + 1/6] = 1/2 x (1/12 + 2/12) = 1/8
    ({"edition": "tow", "fight.unit.rules": ["killing_blow"], "fight.enemy.armour_save": 4,
      "fight.enemy.rules": ["regeneration"]}, Fraction(1, 8)),
    # 8th ASF with Initiative at least the enemy's: misses re-rolled (3/4 x 1/2)
    ({"edition": "8th", "fight.unit.rules": ["always_strikes_first"]}, Fraction(3, 8)),
    # 8th ASF with a lower Initiative: no re-roll
    ({"edition": "8th", "fight.unit.rules": ["always_strikes_first"], "fight.enemy.initiative": 4}, Fraction(1, 4)),
])
def test_special_rules_per_attack_by_hand(over, want):
    assert _p_unit(small(**over)) == want


def test_always_strikes_first_and_last_order():
    # 7th: the enemy charges, the unit has ASF: it strikes first all the same; ASL on a charger: last
    r = load_scenario(small(**{"fight.charger": "enemy", "fight.unit.rules": ["always_strikes_first"]})).rules
    assert r.unit.strikes > r.enemy.strikes
    r = load_scenario(small(**{"fight.unit.rules": ["always_strikes_last"]})).rules
    assert r.unit.strikes < r.enemy.strikes
    # ASF and a great weapon cancel: Initiative order (the charger first in 7th)
    r = load_scenario(small(**{"fight.charger": "enemy", "fight.unit.rules": ["always_strikes_first"],
                               "fight.unit.weapon": "great_weapon", "fight.unit.initiative": 4})).rules
    assert r.enemy.strikes > r.unit.strikes


def test_special_rules_inputs():
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.rules.*always_strikes_first"):
        load_scenario(small(edition="tow", **{"fight.unit.rules": ["always_strikes_first"]}))
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.rules.*killing_blow"):
        load_scenario(small(**{"fight.unit.rules": ["killing_blow"], "fight.enemy.wounds": 2}))
    assert_noted(small(**{"fight.charger": "none", "fight.unit.rules": ["hatred"]}), "fight.unit.rules")


@pytest.mark.statistical
@pytest.mark.parametrize("edition, unit_rules, enemy_rules", [
    ("7th", ["hatred", "poisoned_attacks", "killing_blow"], ["regeneration"]),
    ("8th", ["always_strikes_first", "poisoned_attacks"], ["regeneration", "hatred"]),
    ("6th", ["always_strikes_last", "killing_blow"], ["poisoned_attacks"]),
    ("tow", ["killing_blow", "hatred"], ["regeneration"]),
])
def test_special_rules_mc_joint_law_agrees(edition, unit_rules, enemy_rules):
    d = small(edition=edition, **{"fight.unit.rules": unit_rules, "fight.enemy.rules": enemy_rules,
                                  "fight.enemy.toughness": 4, "fight.unit.armour_save": 5,
                                  "fight.enemy.armour_save": 5, "fight.unit.champion": {}})
    d["fight"]["unit"].update(models=6, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


def test_armour_piercing_8th_by_hand():
    # 8th Armour Piercing (1): S3 against a 4+ save becomes 5+: 1/4 x 4/6 = 1/6 (without: 1/4 x 1/2 = 1/8)
    d = small(edition="8th", **{"fight.enemy.armour_save": 4})
    assert _p_unit(d) == Fraction(1, 8)
    d["fight"]["unit"]["armour_piercing"] = 1
    assert _p_unit(d) == Fraction(1, 6)


def test_8th_stomp_by_hand():
    # 8th: one Ogre-like model (S4, W10, Stomp) against one man (T3, W10, no armour: nobody is slain), no
    # charge: its blow, 1 attack at 4+ (WS3 v WS3), 3+ (S4 v T3): 1/3; after every blow its Stomp, one
    # automatic hit at S4: 2/3. Thunderstomp: D6 hits at 2/3 each.
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    ogre = {"fight.unit.strength": 4, "fight.unit.rules": ["stomp"], "fight.charger": "none",
            "fight.unit.models": 1, "fight.unit.files": 1, "fight.enemy.models": 1, "fight.enemy.files": 1,
            "fight.enemy.wounds": 10, "fight.unit.wounds": 10}
    blow, st = _binomial(1, Fraction(1, 3)), _binomial(1, Fraction(2, 3))
    want = {i + j: Fraction(0) for i in range(2) for j in range(2)}
    for i, a in enumerate(blow):
        for j, b in enumerate(st):
            want[i + j] += a * b
    got = {}
    for (wu, _we, _au, _ae), q in round_distribution(load_scenario(small(edition="8th", **ogre)).rules).items():
        got[wu] = got.get(wu, Fraction(0)) + q
    assert got == want
    # Thunderstomp: a D6 of hits
    thunder = {}
    for n in range(1, 7):
        for k, q in enumerate(_binomial(n, Fraction(2, 3))):
            thunder[k] = thunder.get(k, Fraction(0)) + Fraction(1, 6) * q
    want = {}
    for i, a in enumerate(blow):
        for j, b in thunder.items():
            want[i + j] = want.get(i + j, Fraction(0)) + a * b
    got = {}
    d = small(edition="8th", **dict(ogre, **{"fight.unit.rules": ["thunderstomp"]}))
    for (wu, _we, _au, _ae), q in round_distribution(load_scenario(d).rules).items():
        got[wu] = got.get(wu, Fraction(0)) + q
    assert got == want
    with pytest.raises(FleeoddsError, match=r"fight\.unit\.rules.*stomp"):
        load_scenario(small(edition="7th", **{"fight.unit.rules": ["stomp"]}))


@pytest.mark.statistical
def test_8th_stomp_mc_joint_law_agrees():
    d = small(edition="8th", **{"fight.unit.rules": ["thunderstomp"], "fight.enemy.rules": ["stomp"],
                                "fight.charger": "enemy"})
    d["fight"]["unit"].update(models=3, files=3)
    d["fight"]["enemy"].update(models=6, files=3)
    _joint_mc_check(load_scenario(d))


# -- wounds carried from round to round (multi-Wound models, docs/warhammer_combat.md §17) ----------------------
def _carried_duel(**over):
    """8th, no charge: one model of W2 (I2) against one of W1 (I4, striking first), one attack each at 1/4
    (WS3 v WS3: 4+; S3 v T3: 4+; no save), both Unbreakable (a lost round is held: the fight goes on)."""
    return small(edition="8th", **dict({
        "fight.charger": "none", "fight.max_rounds": 2, "table.max_turns": 0,
        "fight.unit.models": 1, "fight.unit.files": 1, "fight.unit.wounds": 2, "fight.unit.initiative": 2,
        "fight.unit.rules": ["unbreakable"], "fight.enemy.models": 1, "fight.enemy.files": 1,
        "fight.enemy.initiative": 4, "fight.enemy.rules": ["unbreakable"]}, **over))


def test_wounds_carried_by_hand():
    # By hand, p = q = 1/4 (the enemy's blow wounds the unit; the unit's blow slays the enemy).
    # Round 1: the enemy strikes, the W2 model survives whatever; it strikes back: the enemy is slain with q.
    # Round 2 (the enemy alive, 3/4): the enemy strikes; the model wounded in round 1 (p) and again (p) has
    # lost both its Wounds and is removed before it strikes (7th "Multiple wound casualties": the wound left
    # over is noted and the next one removes the model); else it strikes back and slays the enemy with q.
    #   unit destroyed (round 2)  = 3/4 * p * p            = 3/64
    #   enemy destroyed, round 1  = q                      = 1/4
    #   enemy destroyed, round 2  = 3/4 * (1 - p*p) * q    = 45/256
    #   still fighting after 2    = 3/4 * (1 - p*p) * 3/4  = 135/256
    # Without the carried wound the unit could never be destroyed (one wound at most per round).
    sc = load_scenario(_carried_duel())
    by, rounds = by_code_and_round(sc)
    assert by.get("unit_destroyed", 0) == Fraction(3, 64)
    assert by["enemy_destroyed"] == Fraction(1, 4) + Fraction(45, 256)
    still = sum((p for c, p in by.items() if c in ("draw", "unit_held", "enemy_held")), Fraction(0))
    assert still == Fraction(135, 256)
    assert sum(by.values()) == 1
    assert rounds == {1: Fraction(1, 4), 2: Fraction(3, 4)}


def test_carried_wounds_in_the_round_law():
    # round_law's last two keys: the wounds the wounded model carries out of the round. From a W2 model carrying
    # one wound, the enemy's blow (1/4) removes it: (w_unit 0, w_enemy 1, alive 0, alive 1, carried 0, 0);
    # else it strikes (1/4 to slay); a W2 model hit once from unhurt carries 1.
    from fleeodds.systems.warhammer.exact.combat import round_law
    from fleeodds.systems.warhammer.plan.rounds import later_round_rules

    sc = load_scenario(_carried_duel())
    q = Fraction(1, 4)
    assert round_law(sc.rules) == {(0, 1, 1, 1, 1, 0): q * (1 - q), (1, 1, 1, 0, 1, 0): q * q,
                                   (0, 0, 1, 1, 0, 0): (1 - q) ** 2, (1, 0, 1, 0, 0, 0): (1 - q) * q}
    later = later_round_rules(sc.model, sc.units, (1, 1), (1, 0))
    assert later.unit.carried == 1 and later.enemy.carried == 0
    assert round_law(later) == {(0, 1, 0, 1, 0, 0): q, (0, 0, 1, 1, 1, 0): (1 - q) ** 2,
                                (1, 0, 1, 0, 1, 0): (1 - q) * q}


@pytest.mark.slow
@pytest.mark.statistical
def test_wounds_carried_mc_agrees():
    # 3 Ogre-like models (W3, T4, A3, S4) against 10 men until resolved: the kernel carries the wounds too
    # (chi-square over the outcomes at 0.1 %), and the duel above
    d = small(edition="8th", **{"fight.charger": "none", "fight.unit.models": 3, "fight.unit.files": 3,
                                "fight.unit.wounds": 3, "fight.unit.toughness": 4, "fight.unit.strength": 4,
                                "fight.unit.attacks": 3, "fight.enemy.models": 10, "fight.enemy.files": 5,
                                "table.max_turns": 0})
    _mc_check(load_scenario(d), trials=20000, seed=5)
    _mc_check(load_scenario(_carried_duel()), trials=20000, seed=6)


# -- Look Out Sir (issue 25 item 2): a shooting rule in every edition, noted in a fight -----------------------
@pytest.mark.parametrize("edition", ["6th", "7th", "8th", "tow"])
def test_look_out_sir_is_noted_in_a_fight(edition):
    # 6th.whfb.app/characters/look-out-sir (cannon, stone thrower, templates); 7th.whfb.app/characters/look-out,-sir
    # (ranged attacks aimed at a character); 8th.whfb.app/characters/unusual-shooting-attacks (templates);
    # tow.whfb.app/command-groups/look-out-sir-champions (shooting attacks): none in close combat
    from fleeodds.systems.warhammer.exact.combat import round_distribution

    d = small(edition=edition, **{"fight.unit.characters": [dict(HERO, look_out_sir=True)]})
    assert_noted(d, "fight.unit.characters.0.look_out_sir: true has no effect", "shooting and template hits")
    assert_strict_refused(d, "fight.unit.characters.0.look_out_sir", "close combat")
    plain = small(edition=edition, **{"fight.unit.characters": [HERO]})
    assert round_distribution(load_scenario(d).rules) == round_distribution(load_scenario(plain).rules)


def test_margins_equal_margin_of():
    # plan.combat.margins (the several-round solver's) is margin_of on every ending, musicians and caps included
    from fleeodds.systems.warhammer.plan.combat import margin_of, margins

    for path in (EXAMPLES / "goblins_fight_dwarfs.toml", EXAMPLES / "orc_big_boss_fight_dwarfs.toml"):
        sc = load(path)
        for case in [sc] + [v.scenario for v in sc.variants()]:  # 6th/7th outnumbering, TOW Massed Infantry
            r = case.rules
            m = margins(r)
            for wu in range(0, 30, 3):
                for we in range(0, 30, 4):
                    for au in (0, 1, 4, 7, 12, r.unit.models):
                        for ae in (0, 2, 5, 9, 13, r.enemy.models):
                            assert m(wu, we, au, ae) == margin_of(r, wu, we, au, ae)


def test_tow_split_chain_equals_the_whole_chain():
    # The Old World: the chain split at its Break test (give ground, fall back, break; the laws after a fall
    # back and a break from the largest margin's chain with the test forced) is the whole chain, in Fractions
    path = EXAMPLES / "goblins_fight_dwarfs.toml"
    with open(path, "rb") as f:
        data = tomllib.load(f)
    data.pop("compare")
    data["edition"] = "tow"
    data["table"] = {"max_turns": 1}
    sc = load_scenario(data, path.parent)
    for key in [(1, 1, 12, False, False, False), (0, 3, 4, False, False, True), (1, 2, 16, False, False, False),
                (0, 6, 20, False, False, False), (1, 12, 3, False, False, True)]:
        got = dict(sc._tow_split_law(key, "fraction"))
        assert {c: q for c, q in got.items() if q} == {c: q for c, q in sc._full_chain_law(key, "fraction").items()
                                                       if q}
