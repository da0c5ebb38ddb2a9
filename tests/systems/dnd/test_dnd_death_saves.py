"""5e death saving throws as a situation of their own: exact chain against the enumeration of save
sequences (tests/oracles/derive_dnd_death_saves.py), Monte Carlo against exact, refusals, summaries."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.errors import FleeoddsError
from fleeodds.systems.dnd.plan.rules import death_save_outcomes

from tests.conftest import ORACLES, assert_mc_agrees
from fleeodds.language import use_lang
from tests.lang_helpers import notes_in  # noqa: E402


CASES = json.loads((ORACLES / "dnd_death_saves.json").read_text(encoding="utf-8"))["cases"]


def death_saves(**ds):
    data = {"system": "dnd", "situation": "death_saves", "edition": "5e2014"}
    if ds:
        data["death_saves"] = ds
    return fleeodds.load_scenario(data)


def table_of(params):
    p = dict(params)
    adv = p.pop("advantage")
    if adv:
        p["advantage" if adv > 0 else "disadvantage"] = True
    return p


def test_script_rewrites_the_committed_file(tmp_path):
    r = subprocess.run([sys.executable, str(ORACLES / "derive_dnd_death_saves.py"), "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert ((tmp_path / "dnd_death_saves.json").read_text(encoding="utf-8")
            == (ORACLES / "dnd_death_saves.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_exact_chain_equals_the_enumeration(case):
    sc = death_saves(**table_of(case["parameters"]))
    dist = sc.exact_distribution("fraction")
    got = sum((p for (o, _m), p in dist.items() if sc.outcomes[o].code == case["outcome"]), Fraction(0))
    assert got == Fraction(case["exact"])
    if "distribution" in case:
        rounds: dict[int, Fraction] = {}
        for (_o, m), p in dist.items():
            rounds[m] = rounds.get(m, Fraction(0)) + p
        assert rounds == {int(k): Fraction(v) for k, v in case["distribution"].items()}
        assert sc.summary()["mean_rounds"] == Fraction(case["mean"])


def test_the_old_sub_result_agrees():
    sc = death_saves(successes=1, failures=2)
    per = {o.code: Fraction(0) for o in sc.outcomes}
    for (o, _m), p in sc.exact_distribution("fraction").items():
        per[sc.outcomes[o].code] += p
    old = death_save_outcomes(1, 2)
    assert (per["back_up"], per["stable"], per["dead"]) == (old["revived"], old["stable"], old["dead"])


def test_hand_computed_two_and_two():
    # 2 successes, 2 failures: the next save decides. Back up on 20 (1/20), stable on 10-19 (10/20),
    # dead on 1-9 (9/20); with a +1 bonus face 9 also succeeds.
    sc = death_saves(successes=2, failures=2, bonus=1)
    assert sc.exact_distribution("fraction") == {(0, 1): Fraction(1, 20), (1, 1): Fraction(11, 20),
                                                 (2, 1): Fraction(8, 20)}


@pytest.mark.statistical
@pytest.mark.parametrize("table", [{}, {"failures": 1}, {"advantage": True, "bonus": -2},
                                   {"disadvantage": True, "successes": 2}])
def test_monte_carlo_agrees(table):
    sc = death_saves(**table)
    n = 200_000
    sim = simulate(sc.kernel(), trials=n, seed=11, progress=False)
    dist = sc.exact_distribution("float")
    for (o, m), p in dist.items():
        assert_mc_agrees(int(sim.counts[o, m]), n, p, f"{sc.outcomes[o].code} in round {m}")
    assert int(sim.counts.sum()) == n
    assert all(sim.counts[o, m] == 0 for o in range(3) for m in range(sim.counts.shape[1]) if (o, m) not in dist)


def test_same_seed_same_counts_whatever_the_chunks():
    k = death_saves(failures=1, advantage=True).kernel()
    whole = k(5, 0, 50_000)
    parts = sum(k(5, a, b - a) for a, b in ((0, 7), (7, 20_000), (20_000, 50_000)))
    assert np.array_equal(whole, parts)


def test_trial_kernel_matches_the_counts():
    sc = death_saves(bonus=3)
    rec = sc.trial_kernel()(9, 100, 30_000)
    counts = sc.kernel()(9, 100, 30_000)
    assert np.array_equal(np.bincount(rec, minlength=3), counts.sum(axis=1))


def test_summary_is_fractions_and_by_round_is_cumulative():
    s = death_saves(failures=1).summary("fraction")
    assert s["next_save"] == {"back_up": Fraction(1, 20), "success": Fraction(1, 2), "failure": Fraction(2, 5),
                              "two_failures": Fraction(1, 20)}
    rows = s["by_round"]
    assert rows[1] == {"back_up": Fraction(1, 20), "stable": 0, "dead": Fraction(1, 20),
                       "unresolved": Fraction(9, 10)}
    assert rows[max(rows)]["unresolved"] == 0
    for row in rows.values():
        assert all(isinstance(v, Fraction) for v in row.values())
    assert isinstance(s["survives"], Fraction) and isinstance(s["mean_rounds"], Fraction)
    assert all(isinstance(v, float) for v in death_saves().summary("float")["next_save"].values())


def test_notes_in_both_languages():
    sc = death_saves()
    assert notes_in(sc, "en")[0].startswith("Next save: natural 20")
    assert notes_in(sc, "fr")[1].startswith("Après le round 1 :")
    assert "-0" not in " ".join(notes_in(sc, "en"))


@pytest.mark.parametrize("data, field", [
    ({"edition": "3.5"}, "edition"),
    ({"edition": None}, "edition"),
    ({"death_saves": {"successes": 3}}, "death_saves.successes"),
    ({"death_saves": {"failures": -1}}, "death_saves.failures"),
    ({"death_saves": {"luck": 1}}, "death_saves.luck"),
])
def test_refused_inputs_name_the_field(data, field):
    src = {"system": "dnd", "situation": "death_saves", "edition": "5e2024"}
    src.update(data)
    if src.get("edition") is None:
        src.pop("edition")
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario(src)
    assert str(err.value).startswith(field + ":"), str(err.value)


@pytest.mark.parametrize("data, field", [
    ({"runner": {"hp": 5, "ac": 12}}, "runner"),
    ({"enemies": [{"preset": "srd51_orc"}]}, "enemies"),
    ({"options": {"stop_when_down": False}}, "options"),
    ({"mode": "dash"}, "mode"),
    ({"death_saves": {"advantage": True, "disadvantage": True}}, "death_saves.disadvantage"),
])
def test_inputs_that_change_nothing_are_noted_by_name(data, field):
    from .dnd_helpers import noted

    src = {"system": "dnd", "situation": "death_saves", "edition": "5e2024"}
    src.update(data)
    noted(src, field)


def test_advantage_and_disadvantage_cancel():
    """SRD 5.1 / 5.2 Advantage and Disadvantage: with both, one d20 is rolled (noted, as writing neither)."""
    from fleeodds.system import get_system

    src = {"system": "dnd", "situation": "death_saves", "edition": "5e2024"}
    both = get_system("dnd").load({**src, "death_saves": {"advantage": True, "disadvantage": True}})
    assert both.exact_distribution("fraction") == get_system("dnd").load(src).exact_distribution("fraction")


def test_leave_melee_fields_at_their_defaults_say_nothing():
    from .dnd_helpers import silent

    silent({"system": "dnd", "situation": "death_saves", "edition": "5e2024", "mode": "move",
            "options": {"stop_when_down": True, "massive_damage": False}, "metric": "damage"})


# --------------------------------------------------------------------------- the same chain after the OAs
def oracle(cid: str, outcome: str) -> Fraction:
    return Fraction(next(c["exact"] for c in CASES if c["id"] == f"death_saves_{cid}_{outcome}"))


FROM_FAILS = {0: "flat", 1: "one_failure", 2: "two_failures"}


def after_oas(**options):
    # 1 HP, AC 30: only a natural 20 hits (a 5e critical; "1" damage has no dice to double). hp_max 20:
    # no instant death. Two orcs in a row, the second still attacks the fallen runner
    # (stop_when_down = false): advantage, and a hit from within 5 ft is a critical.
    from .dnd_helpers import scenario

    return scenario(edition="5e2014", mode="move", runner={"hp": 1, "hp_max": 20, "ac": 30},
                    enemies=[{"attack_bonus": 0, "damage": "1"}, {"attack_bonus": 0, "damage": "1"}],
                    options={"stop_when_down": False, "death_saves_in_exchange": True, **options})


@pytest.mark.statistical
@pytest.mark.parametrize("crit_failures", [2, 1])
def test_after_the_oas_by_hand(crit_failures):
    from .dnd_helpers import assert_agree, exact_by_outcome

    opts = {} if crit_failures == 2 else {"failures_from_critical_at_0": 1}
    sc = after_oas(**opts)
    assert [o.code for o in sc.outcomes] == ["unharmed", "wounded", "slowed", "move_cancelled", "back_up",
                                             "stable", "dead"]
    first = Fraction(1, 20)
    second_down = Fraction(39, 400)  # advantage: P(the higher of two d20 is 20)
    down_fails = {crit_failures: first * second_down}  # the critical at 0 HP marks failures
    down_fails[0] = first * (1 - second_down) + (1 - first) * Fraction(1, 20)
    per = exact_by_outcome(sc)
    for code in ("back_up", "stable", "dead"):
        want = sum((p * oracle(FROM_FAILS[f], code) for f, p in down_fails.items()), Fraction(0))
        assert per[code] == want, code
    assert per["unharmed"] == (1 - first) * Fraction(19, 20)
    assert_agree(sc, trials=200_000)


@pytest.mark.statistical
def test_death_save_bonus_and_advantage_after_the_oas():
    from .dnd_helpers import exact_by_outcome, scenario

    base = dict(edition="5e2014", mode="move", runner={"hp": 1, "ac": 10},
                enemies=[{"attack_bonus": 30, "damage": "1"}], options={"death_saves_in_exchange": True})
    plain = exact_by_outcome(scenario(**base))
    hit = Fraction(19, 20)  # only a natural 1 misses; a hit for 1 drops the runner with no failure
    assert plain["dead"] == hit * oracle("flat", "dead")
    bonus = exact_by_outcome(scenario(**base, death_saves={"bonus": 2}))
    assert bonus["dead"] == hit * oracle("bonus_2", "dead")
    adv = exact_by_outcome(scenario(**base, death_saves={"advantage": True}))
    assert adv["back_up"] == hit * oracle("advantage", "back_up")
    from .dnd_helpers import assert_agree

    assert_agree(scenario(**base, death_saves={"disadvantage": True, "bonus": 1}), trials=200_000)


@pytest.mark.parametrize("extra, field", [
    ({"death_saves": {"failures": 1}, "options": {"death_saves_in_exchange": True}}, "death_saves.failures"),
    ({"death_saves": {"bonus": 1}}, "death_saves"),
    ({"death_saves": {"bonus": 1}, "options": {"death_saves_in_exchange": True}, "edition": "3.5",
      "runner": {"hp": 5, "ac": 12}, "enemies": [{"preset": "srd35_orc_falchion"}]}, "death_saves"),
    ({"options": {"failures_from_critical_at_0": 1}}, "options.failures_from_critical_at_0"),
])
def test_exchange_death_save_inputs_that_change_nothing(extra, field):
    from .dnd_helpers import noted

    data = {"system": "dnd", "edition": "5e2014", "mode": "move", "runner": {"preset": "srd5_wizard_1"},
            "enemies": [{"preset": "srd51_orc"}]}
    data.update(extra)
    noted(data, field)


def test_table_by_round_after_the_oas():
    from .dnd_helpers import scenario

    # always hit for 1 (a natural 1 misses): 19/20 of the runners go down with no failure, then roll saves
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 1, "ac": 10},
                  enemies=[{"attack_bonus": 30, "damage": "1"}], options={"death_saves_in_exchange": True})
    rows = sc.summary("fraction")["death_saves_by_round"]
    hit = Fraction(19, 20)
    flat = death_saves().summary("fraction")["by_round"]
    assert rows == {r: {k: hit * v for k, v in row.items()} for r, row in flat.items()}
    assert all(isinstance(v, Fraction) for row in rows.values() for v in row.values())
    assert "death_saves_by_round" in sc.describe()["exact_summary"]


def test_notes_of_the_exchange_give_the_table():
    from .dnd_helpers import scenario

    sc = scenario(edition="5e2014", mode="move", runner={"hp": 1, "ac": 10},
                  enemies=[{"attack_bonus": 30, "damage": "1"}], options={"death_saves_in_exchange": True})
    en, fr = notes_in(sc, "en"), notes_in(sc, "fr")
    assert len(en) == len(sc.summary()["death_saves_by_round"]) and en[0].startswith("Death saves after")
    assert fr[0].startswith("Jets contre la mort après les attaques d'opportunité, round 1 :")
    plain = scenario(edition="5e2014", mode="move", runner={"hp": 1, "ac": 10},
                     enemies=[{"attack_bonus": 30, "damage": "1"}])
    assert notes_in(plain, "en") == []
