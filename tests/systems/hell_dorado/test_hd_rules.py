"""Options and Fuite procedure, each against a hand derivation written here; MC must agree."""

import math
from fractions import Fraction


import pytest

from fleeodds import FleeoddsError, engine, load_scenario
from fleeodds.validation import strict_inputs

from .conftest import noted
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


Z = 3.29


def flee(fleeing=None, advs=None, options=None, fuite=None):
    return load_scenario(flee_data(fleeing, advs, options, fuite))


def flee_data(fleeing=None, advs=None, options=None, fuite=None):
    """The table of :func:`flee`: F (DEF 4, PRO 0, PV 3, MOU 4) flees A (CBT 3, damage 1/2/3/4/5)."""
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pro": 0, "pv": 3, "mou": 4, **(fleeing or {})},
         "adversaries": advs or [{"name": "A", "cbt": 3, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}]}
    if options:
        d["options"] = options
    if fuite:
        d["fuite"] = fuite
    return d


def probs(sc):
    out = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return out


def check_mc(sc, trials=100_000, seed=3):
    sim = engine.simulate(sc.kernel(), trials=trials, seed=seed, progress=False)
    for code, p in probs(sc).items():
        k = int(sim.outcome_counts[sc.outcome_index(code)])
        se = math.sqrt(float(p) * (1 - float(p)) / trials)
        if se == 0:
            assert k == trials * p, code
        else:
            assert abs(k / trials - float(p)) / se < Z, code
    return sim


def weapon(table, states=()):
    return [{"name": "w", "damage": table, "states": [{"state": s, "min_hits": h} for s, h in states]}]


@pytest.mark.statistical
def test_overflow_auto_damage_and_def_out_of_range():
    # 10 CBT + 2 bonus dice = 12 dice; DEF 6 + 1 -> effective 7: no die can hit (natural).
    # Sapience: 12 - 10 = 2 automatic damage, ignoring PRO 3 -> kills PV 2 for sure.
    advs = [{"name": "A", "cbt": 10, "bonus_dice": 2, "weapons": weapon([9, 9, 9, 9, 9])}]
    sc = flee({"def": 6, "pro": 3, "pv": 2}, advs, fuite={"def_modifier": 1})
    assert probs(sc) == {"killed": 1}
    check_mc(sc, 20_000)
    # Asmodée: no overflow damage, no hit possible: the fighter always flees with 0 damage, so the
    # 2 bonus dice change nothing (a note naming them; refused under --strict).
    sc, _ = noted(flee_data({"def": 6, "pro": 3, "pv": 2}, advs, {"hd_edition": "asmodee"}, {"def_modifier": 1}),
                  "adversaries.0.bonus_dice: 2 has no effect")
    assert probs(sc) == {"fled": 1} and sc.exact_distribution("fraction") == {(sc.outcome_index("fled"), 0): 1}
    # (and without them, Asmodée changes nothing either: 10 dice are not capped and none overflows)
    sc, _ = noted(flee_data({"def": 6, "pro": 3, "pv": 2}, [{k: v for k, v in advs[0].items() if k != "bonus_dice"}],
                            {"hd_edition": "asmodee"}, {"def_modifier": 1}),
                  "options.hd_edition: 'asmodee' has no effect")
    assert probs(sc) == {"fled": 1}
    # 6 always hits: 5 rolled + 5 re-rolls at 1/6; any hit does 9 - 3 = 6 damage; with PV 6 and
    # overflow off (Cipher), killed iff at least one hit among the 10 dice: 1 - (5/6)^10.
    # (CBT 10 alone, any edition: 10 dice leave none to overflow, and the 2 bonus dice would have no miss
    # left to re-roll under Cipher: both refused)
    sc = flee({"def": 6, "pro": 3, "pv": 6}, [{k: v for k, v in advs[0].items() if k != "bonus_dice"}],
              {"def_out_of_range": "6_always_hits"},
              {"def_modifier": 1})
    assert probs(sc)["killed"] == 1 - Fraction(5, 6) ** 10
    check_mc(sc)


@pytest.mark.statistical
def test_states_cancel_the_move_and_positive_states():
    # DEF 1: every die hits. 3 dice -> exactly 3 hits; table gives 0 damage; Mis au sol on 3+.
    advs = [{"name": "A", "cbt": 3, "weapons": weapon([0, 0, 0, 0, 0], [("Mis au sol", 3)])}]
    sc = flee({"def": 1}, advs)
    assert probs(sc) == {"state_no_move": 1}
    check_mc(sc, 10_000)
    assert probs(flee({"def": 1}, advs, {"state_cancels_flee_move": False})) == {"fled": 1}
    advs = [{"name": "A", "cbt": 3, "weapons": weapon([0, 0, 0, 0, 0], [("Rapide", 3)])}]
    assert probs(flee({"def": 1}, advs)) == {"state_positive_no_move": 1}
    # Mis au sol on 2+ hits with 2 dice on 4+: P(2 hits) = 1/4 -> stopped; table 1 dmg, PV 3.
    advs = [{"name": "A", "cbt": 2, "weapons": weapon([1, 1, 1, 1, 1], [("Mis au sol", 2)])}]
    sc = flee({}, advs)
    assert probs(sc) == {"state_no_move": Fraction(1, 4), "fled": Fraction(3, 4)}
    check_mc(sc)
    # wounded_state_cancels_flee: any non-lethal damage is Blessé: P(>= 1 hit) = 3/4.
    advs = [{"name": "A", "cbt": 2, "weapons": weapon([1, 1, 1, 1, 1])}]
    assert probs(flee({}, advs, {"wounded_state_cancels_flee": True})) == {"state_no_move": Fraction(3, 4),
                                                                          "fled": Fraction(1, 4)}


@pytest.mark.statistical
def test_kill_rule_and_pro_application():
    # DEF 1, 1 die -> 1 hit, 3 damage vs PV 3: killed with >=, not with >.
    advs = [{"name": "A", "cbt": 1, "weapons": weapon([3, 3, 3, 3, 3])}]
    assert probs(flee({"def": 1}, advs)) == {"killed": 1}
    assert probs(flee({"def": 1}, advs, {"kill_rule": "damage > PV"})) == {"fled": 1}
    # 3 hits, table 6, PRO 1: once -> 5 damage; per hit -> 6 - 3 = 3.
    advs = [{"name": "A", "cbt": 3, "weapons": weapon([0, 0, 6, 6, 6])}]
    sc = flee({"def": 1, "pro": 1, "pv": 20}, advs)
    assert sc.exact_distribution("fraction") == {(sc.outcome_index("fled"), 5): 1}
    sc = flee({"def": 1, "pro": 1, "pv": 20}, advs, {"pro_application": "per_hit"})
    assert sc.exact_distribution("fraction") == {(sc.outcome_index("fled"), 3): 1}
    sim = check_mc(sc, 5_000)
    assert sim.counts[sc.outcome_index("fled"), 3] == 5_000


def three():
    return [{"name": "A", "cbt": 2, "weapons": weapon([1, 2, 3, 4, 5])},
            {"name": "B", "cbt": 2, "weapons": weapon([1, 2, 3, 4, 5])},
            {"name": "C", "cbt": "-"}]


def test_support_counting_options():
    sc = flee(advs=three(), fuite={"attacker": "A"})
    assert sc.attack.n_dice == 3          # + 1 from B; the CBT – cabaliste does not support
    assert flee(advs=three(), options={"cbt_dash_can_support": True}, fuite={"attacker": "A"}).attack.n_dice == 4
    # flat: +1 for B and D together (with CBT – support on as well, it would change nothing and be refused)
    four = three() + [{"name": "D", "cbt": 2, "weapons": weapon([1, 2, 3, 4, 5])}]
    assert flee(advs=four, options={"support_mode": "flat"}, fuite={"attacker": "A"}).attack.n_dice == 3
    o = {"cbt_dash_can_support": True, "support_bonus_per_supporter": 2, "support_cap": 3}
    assert flee(advs=three(), options=o, fuite={"attacker": "A"}).attack.n_dice == 5
    advs = three()
    advs[1]["capacities"] = ["Inoffensif"]
    assert flee(advs=advs, options={"support_requires_effective": True}, fuite={"attacker": "A"}).attack.n_dice == 2


def test_attacker_choice():
    # A: 5 dice but only 5 hits hurt (1 damage); B: 2 dice, 3 damage per hit. Each gets +1 soutien.
    advs = [{"name": "A", "cbt": 5, "weapons": weapon([0, 0, 0, 0, 1])},
            {"name": "B", "cbt": 2, "weapons": weapon([3, 3, 3, 3, 3])}]
    sc = flee({"pv": 3}, advs)
    assert sc.chosen == "B"
    # B with 3 dice on 4+ kills on any hit: 1 - 1/8.
    assert probs(sc)["killed"] == Fraction(7, 8)
    assert flee({"pv": 3}, advs, {"attacker_choice": "most_dice"}).chosen == "A"
    assert flee({"pv": 3}, advs, {"attacker_choice": "max_expected_damage"}).chosen == "B"
    # CBT – first in the list is never preferred; a user-named CBT – attacker means a free disengage.
    advs2 = [{"name": "C", "cbt": "-"}] + advs
    assert flee({"pv": 3}, advs2).chosen == "B"
    sc = flee({"pv": 3}, advs2, fuite={"attacker": "C"})
    assert probs(sc) == {"free_disengage": 1}


def test_blocage_repli_intangible_room():
    blocker = [{"name": "G", "cbt": 3, "capacities": ["Blocage"], "weapons": weapon([1, 2, 3, 4, 5])}]
    other = [{"name": "A", "cbt": 3, "weapons": weapon([1, 2, 3, 4, 5])}]
    assert probs(flee(advs=blocker)) == {"cannot_flee": 1}
    # photo 9: not even under Repli (test_ordre_repli_against_blocage)
    assert probs(flee(advs=blocker, fuite={"repli": True})) == {"cannot_flee": 1}
    assert probs(flee({"capacities": ["Intangible"]}, blocker)) == {"cannot_flee": 1}
    assert probs(flee({"capacities": ["Intangible"]}, blocker,
                      {"intangible_vs_blocage": "intangible_ignores"})) == {"free_disengage": 1}
    assert probs(flee(advs=blocker + other)) == {"cannot_flee": 1}
    sc = flee(advs=blocker + other, options={"blocage_scope": "only_from_blocker"})
    assert "cannot_flee" not in probs(sc)
    sc = flee(advs=other, fuite={"repli": True})
    assert probs(sc) == {"repli_move": 1} and sc.flee_distance == 4
    sc = flee(advs=other)
    assert sc.flee_distance == 8
    assert flee(advs=other, options={"course_multiplier": 1.5}).flee_distance == 6
    sc = flee(advs=other, fuite={"room": False})
    p = probs(sc)
    assert set(p) <= {"killed", "fled_no_room"} and sc.flee_distance == 0
    sc = flee(advs=other, options={"no_room_move": "partial"}, fuite={"room": False, "partial_room_toises": 2.5})
    assert "fled" in probs(sc) and sc.flee_distance == 2.5


def test_ordre_repli_against_blocage():
    """Issue 24: "does Ordre Repli help against Blocage?" is answered, not refused.

    Rules Tips "Fuite", photo 9: Blocage forbids the Fuite, even under an Ordre Repli, so the Fuite's
    outcomes are those of Blocage alone: cannot_flee with certainty, no attack (0 damage), no move; the
    chances of fleeing (Course) or of the Repli move are 0 %. ``fuite.repli = true`` is accepted with a note.
    """
    blocker = [{"name": "G", "cbt": 3, "capacities": ["Blocage"], "weapons": weapon([1, 2, 3, 4, 5])}]
    sc, note = noted(flee_data(advs=blocker, fuite={"repli": True}), field="fuite.repli")
    assert note.message() == "fuite.repli: true has no effect against an adversary with Blocage (Blocage forbids " \
                             "the Fuite)"
    assert said_in("fr", note) == "fuite.repli: true n'a aucun effet contre un adversaire avec Blocage (Blocage " \
                                 "interdit la Fuite)"
    cannot = sc.outcome_index("cannot_flee")
    assert sc.exact_distribution("fraction") == {(cannot, 0): 1}  # certain, and no damage taken
    assert probs(sc).get("repli_move", 0) == 0 and probs(sc).get("fled", 0) == 0 and sc.flee_distance == 0
    assert sc.exact_distribution("fraction") == flee(advs=blocker).exact_distribution("fraction")
    # where Blocage does not forbid the Fuite (blocage_scope = only_from_blocker and A without it), the Ordre
    # Repli decides it: no attack, the Repli move MOU 4 x 1; without it G attacks with 3 dice + 1 soutien from A
    # = 4 dice hitting DEF 4 on 4+ (1/2 each), damage 3 >= PV 3 from 3 hits: P(3 or 4 hits) = (4 + 1)/16
    other = [{"name": "A", "cbt": 3, "weapons": weapon([1, 2, 3, 4, 5])}]
    scope = {"blocage_scope": "only_from_blocker"}
    sc = flee(advs=blocker + other, options=scope, fuite={"repli": True})
    assert sc.input_notes() == [] and probs(sc) == {"repli_move": 1} and sc.flee_distance == 4
    assert probs(flee(advs=blocker + other, options=scope)) == {"killed": Fraction(5, 16), "fled": Fraction(11, 16)}


def test_variants():
    sc = flee(advs=three(), fuite={"attacker": "A", "compare": ["base", "intangible", "ordre_repli", "no_soutien",
                                                                 "blocage", "no_room"]})
    v = {str(x.name): x.scenario for x in sc.variants()}
    assert probs(v["As given"]) == probs(sc) and v["As given"].describe() == sc.describe()
    assert probs(v["Fleeing fighter Intangible"]) == {"free_disengage": 1}
    assert probs(v["Ordre Repli"]) == {"repli_move": 1}
    assert v["No soutien"].attack.n_dice == 2
    assert probs(v["Enemy with Blocage"]) == {"cannot_flee": 1}
    assert set(probs(v["Surrounded (no room)"])) <= {"killed", "fled_no_room"}
    assert [x.label().render("fr") for x in sc.variants()][3] == "Sans soutien"
    assert flee().variants() == []


@pytest.mark.statistical
def test_simultaneous_pass_frappe_rapide():
    # Both always hit (DEF 1) and deal 5 to PV 3: both die, unless Frappe rapide strikes first.
    f = {"cbt": 1, "def": 1, "pv": 3, "weapons": weapon([5, 5, 5, 5, 5])}
    d = {"system": "hell_dorado", "type": "passe", "attacker": {"name": "A", **f, "capacities": ["Frappe rapide"]},
         "defender": {"name": "B", **f}}
    sc = load_scenario(d)
    assert probs(sc) == {"both_killed": 1}
    d["options"] = {"simultaneous_kill": "frappe_rapide_first"}
    sc = load_scenario(d)
    assert probs(sc) == {"defender_killed": 1}
    check_mc(sc, 5_000)
    # A defender with CBT – cannot riposte: the pass is one-sided (and simultaneous_kill changes nothing).
    del d["options"]
    d["defender"] = {"name": "B", "cbt": "-", "def": 4, "pv": 3}
    sc = load_scenario(d)
    assert not sc.duel and sc.outcomes[0].code == "killed"


def test_room_true_written_without_positions_is_the_default():
    """``fuite.room`` left out is true without positions (its documented default is "nothing": true, or
    computed from the positions), so ``room = true`` written is accepted silently even where it changes
    nothing (Blocage: no flee move); ``room = false`` there is noted; --strict refuses both."""
    blocker = [{"name": "G", "cbt": 3, "capacities": ["Blocage"], "weapons": weapon([1, 2, 3, 4, 5])}]
    sc = flee(advs=blocker, fuite={"room": True})
    assert sc.input_notes() == [] and probs(sc) == {"cannot_flee": 1}
    sc, _ = noted(flee_data(advs=blocker, fuite={"room": False}), "fuite.room: false has no effect in this Fuite")
    assert probs(sc) == {"cannot_flee": 1}
    with strict_inputs(), pytest.raises(FleeoddsError, match="^fuite.room: true has no effect"):
        flee(advs=blocker, fuite={"room": True})
