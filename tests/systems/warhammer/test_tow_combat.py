"""The Old World's own close-combat rules (plan/tow_combat.py), each against a hand derivation written here.

Sources: the rules index tow.whfb.app (each page's "last updated" date in the comment) and the Official FAQ
& Errata 1.5.2 (June 2025). The charts are typed from the index's tables; the probabilities are computed
by hand in the comments (one attack: P(hit) x P(wound) x P(armour fails)), not with the solver's code.
Monte Carlo is checked against the exact law by the chi-square helper of test_warhammer_combat.py.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from fleeodds.systems.warhammer.plan import tow_combat as tow
from fleeodds.systems.warhammer.plan.combat import to_hit, to_wound
from fleeodds.systems.warhammer.scenarios.loader import load_scenario

from .test_warhammer_combat import _mc_check


def fight(**over):
    """Two one-rank units of 1 model (TOW, WS3 S3 T3 I3 A1, no armour), the unit charging; ``over`` changes
    dotted fields (``fight.unit.weapon``...)."""
    unit = {"name": "A", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3, "toughness": 3,
            "wounds": 1, "initiative": 3, "attacks": 1, "models": 1, "files": 1}
    data = {"system": "warhammer", "edition": "tow", "situation": "fight",
            "fight": {"charger": "unit", "unit": dict(unit), "enemy": dict(unit, name="B")}}
    for path, v in over.items():
        node = data
        keys = path.split(".")
        for k in keys[:-1]:
            node = node.setdefault(k, {})
        node[keys[-1]] = v
    return load_scenario(data)


# -- the charts ------------------------------------------------------------------------------------------
# "Roll to Hit (Combat)", tow.whfb.app/the-combat-phase/roll-to-hit-combat (2024-01-31, p. 148): row = the
# attacker's WS 1..10, column = the target's WS 1..10.
TO_HIT = """
4 4 5 5 5 5 5 5 5 5
3 4 4 4 5 5 5 5 5 5
2 3 4 4 4 4 5 5 5 5
2 3 3 4 4 4 4 4 5 5
2 2 3 3 4 4 4 4 4 4
2 2 3 3 3 4 4 4 4 4
2 2 2 3 3 3 4 4 4 4
2 2 2 3 3 3 3 4 4 4
2 2 2 2 3 3 3 3 4 4
2 2 2 2 3 3 3 3 3 4
"""
# "Roll to Wound (Combat)", tow.whfb.app/the-combat-phase/roll-to-wound-combat (2024-02-02, p. 149): row = S,
# column = T; 7 stands for the chart's "-" (no effect).
TO_WOUND = """
4 5 6 6 6 6 7 7 7 7
3 4 5 6 6 6 6 7 7 7
2 3 4 5 6 6 6 6 7 7
2 2 3 4 5 6 6 6 6 7
2 2 2 3 4 5 6 6 6 6
2 2 2 2 3 4 5 6 6 6
2 2 2 2 2 3 4 5 6 6
2 2 2 2 2 2 3 4 5 6
2 2 2 2 2 2 2 3 4 5
2 2 2 2 2 2 2 2 3 4
"""


def _chart(text):
    return [[int(x) for x in line.split()] for line in text.strip().splitlines()]


def test_to_hit_chart():
    chart = _chart(TO_HIT)
    for a in range(1, 11):
        for t in range(1, 11):
            assert tow.to_hit(a, t) == chart[a - 1][t - 1] == to_hit(a, t, "tow"), (a, t)
    assert to_hit(3, 1) == 3  # 6th-8th: no 2+ on their chart


def test_to_wound_chart():
    chart = _chart(TO_WOUND)
    for s in range(1, 11):
        for t in range(1, 11):
            assert tow.to_wound(s, t) == chart[s - 1][t - 1] == to_wound(s, t, "tow"), (s, t)


def test_two_plus_to_hit_in_a_round():
    # WS7 against WS3 hits on 2+ (5/6), S3 v T3 wounds on 4+ (1/2): the enemy's one model is slain with 5/12
    sc = fight(**{"fight.unit.weapon_skill": 7, "fight.enemy.strength": 1, "fight.unit.toughness": 7})
    assert sc.rules.unit.hit == 2
    assert sc.summary("fraction")["enemy_casualties"][1] == Fr(5, 6) * Fr(1, 2)


def test_six_to_wound_five_below_in_a_round():
    # S2 against T7: 6+ in TOW (five below), no effect in 8th; 4+ to hit: 1/2 x 1/6 = 1/12
    over = {"fight.unit.strength": 2, "fight.enemy.toughness": 7, "fight.enemy.strength": 1,
            "fight.unit.toughness": 7}
    assert fight(**over).summary("fraction")["enemy_casualties"][1] == Fr(1, 12)
    assert fight(edition="8th", **over).rules.unit.wound == 7


# -- who strikes first ------------------------------------------------------------------------------------
@pytest.mark.parametrize("distance, contact, want", [(None, "front", 6), (0.9, "front", 3), (1, "front", 4),
                                                     (2.99, "front", 5), (3, "front", 6), (12, "front", 6),
                                                     (12, "flank", 7), (12, "rear", 7), (3.5, "flank", 6)])
def test_initiative_on_the_charge(distance, contact, want):
    # "Charging Units" (2025-06-25): +1 I per full inch moved, at most +3 to the front, +4 to the flank or rear
    over = {"fight.contact": contact}
    if distance is not None:
        over["fight.charge_distance"] = distance
    sc = fight(**over)
    assert sc.rules.unit.strikes == want and sc.rules.enemy.strikes == 3


def test_great_weapon_charging_elves_strikes_second():
    # Strike Last (2024-01-31) sets I to 1 before the charge's +3: I4 against the Elves' I5, who strike first.
    # The unit: 4+ to hit (WS3 v WS4), 2+ to wound (S5 v T3), no armour: 1/2 x 5/6 = 5/12. The Elf: 3+ to hit
    # (WS4 v WS3), 4+ to wound: 2/3 x 1/2 = 1/3. P(the Elf is slain) = P(the unit's model lives) x 5/12 =
    # 2/3 x 5/12 = 5/18; chargers striking first (fleeodds' former reading) gave 5/12.
    over = {"fight.unit.weapon": "great_weapon", "fight.enemy.weapon_skill": 4, "fight.enemy.initiative": 5}
    sc = fight(**over)
    assert (sc.rules.unit.strikes, sc.rules.enemy.strikes) == (4, 5)
    assert sc.summary("fraction")["enemy_casualties"][1] == Fr(5, 18)
    old = fight(**over, **{"fight.options.charge_strikes_first": True})
    assert old.summary("fraction")["enemy_casualties"][1] == Fr(5, 12)


def test_equal_initiative_is_simultaneous():
    # I3 + 2 (a 2" charge) = 5 against I5: both strike; P(the Elf slain) = 5/12 whatever the Elf does
    sc = fight(**{"fight.unit.weapon": "great_weapon", "fight.unit.initiative": 5, "fight.charge_distance": 2,
                  "fight.enemy.weapon_skill": 4, "fight.enemy.initiative": 3})
    assert sc.rules.unit.strikes == sc.rules.enemy.strikes == 3  # 1 + 2 = 3 against 3
    assert sc.summary("fraction")["enemy_casualties"][1] == Fr(5, 12)


def test_thrusting_spear_charged_in_front_gains_initiative():
    # "Thrusting Spear" (2024-03-22): +1 I against a charger into its front arc, not into its flank
    front = fight(**{"fight.enemy.weapon": "spear", "fight.charge_distance": 0})
    assert front.rules.enemy.strikes == 4 and front.rules.unit.strikes == 3
    flank = fight(**{"fight.enemy.weapon": "spear", "fight.charge_distance": 0, "fight.contact": "flank"})
    assert flank.rules.enemy.strikes == 3


def test_frenzy_only_in_a_turn_it_charged():
    # "Frenzy" (2026-01-28): +1 A in a turn it made a charge move
    rules = ["frenzy"]
    assert fight(**{"fight.unit.rules": rules}).rules.unit.attacks_front == 2
    assert fight(**{"fight.unit.rules": rules, "fight.charger": "enemy"}).rules.unit.attacks_front == 1
    assert fight(**{"fight.unit.rules": rules, "fight.charger": "none"}).rules.unit.attacks_front == 1
    assert fight(edition="8th", **{"fight.unit.rules": rules, "fight.charger": "none"}).rules.unit.attacks_front == 2


# -- weapons ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("weapon, charged, s, save, bane", [
    # enemy armour 3+ (no shield); save = 3 + AP, bane save = 3 + AP + 1
    ("hand_weapon", True, 3, 3, None),
    ("spear", True, 3, 3, None),          # thrusting spear: no AP on the charge (none invented)
    ("great_weapon", False, 5, 5, 6),      # S+2, AP -2, Armour Bane (1)
    ("halberd", True, 4, 5, 6),            # S+1, AP -2 against the enemy it charged, Armour Bane (1)
    ("halberd", False, 4, 4, 5),           # AP -1 otherwise
    ("flail", True, 5, 5, 6),              # S+2 and Armour Bane (1) only when it charged, AP -2 always
    ("flail", False, 3, 5, None),
])
def test_weapons_current_text(weapon, charged, s, save, bane):
    sc = fight(**{"fight.unit.weapon": weapon, "fight.enemy.armour_save": 3,
                  "fight.charger": "unit" if charged else "enemy"})
    u = sc.rules.unit
    assert tow.weapon(weapon, False, charged).strength + 3 == s
    assert (u.save, u.save_bane) == (save, bane)


def test_flail_after_the_first_round_still_counts_in_tow():
    # its AP -2 holds in every round (a flail with charger = 'none' is noted only in 6th-8th)
    from ._policy import load

    data = {"system": "warhammer", "edition": "tow", "situation": "fight",
            "fight": {"charger": "none",
                      "unit": {"profile": "Night Goblins", "models": 5, "files": 5, "weapon": "flail"},
                      "enemy": {"profile": "Night Goblins", "models": 5, "files": 5, "armour_save": 5}}}
    sc = load(data)
    assert not [n for n in sc.input_notes() if "flail" in n.message()]
    assert sc.rules.unit.save == 7  # 5+ at AP -2


def test_lance_and_cavalry_spear():
    # "Lance" (2025-06-25): S+2, AP -2, Armour Bane (1) in a turn it charged; "Cavalry Spear" (2024-03-22):
    # S+1, AP -1 in a turn it charged, a supporting attack (rider only) when it did not charge
    assert tow.weapon("lance", True, True) == tow.Weapon(strength=2, ap=2, armour_bane=1)
    assert tow.weapon("lance", True, False) == tow.Weapon()
    assert tow.weapon("spear", True, True) == tow.Weapon(strength=1, ap=1)
    assert tow.weapon("spear", True, False).extra_rank
    knights = fight(**{"fight.unit.troop_type": "heavy_cavalry", "fight.unit.weapon": "spear",
                       "fight.unit.models": 8, "fight.unit.files": 4, "fight.charger": "none"})
    assert (knights.rules.unit.support_ranks, knights.rules.unit.support_attacks) == (1, 1)


def test_armour_bane_in_a_round():
    # A great weapon (S5, AP -2, Armour Bane (1)) against T3 and a 3+ save, no charge; the enemy (S1 v T7)
    # cannot wound back. 4+ to hit; the wound die: 2-5 meets a 5+ save (fails 4/6), a 6 a 6+ save (fails 5/6):
    # 1/2 x (4/6 x 4/6 + 1/6 x 5/6) = 1/2 x 21/36 = 7/24.
    sc = fight(**{"fight.charger": "none", "fight.unit.weapon": "great_weapon", "fight.enemy.armour_save": 3,
                  "fight.enemy.strength": 1, "fight.unit.toughness": 7})
    assert sc.summary("fraction")["enemy_casualties"][1] == Fr(7, 24)


# -- supporting attacks -------------------------------------------------------------------------------------
@pytest.mark.parametrize("troop, weapon, charger, models, files, version, want", [
    # FAQ 1.5.2: Press of Battle (regular and heavy infantry in Combat Order, not in a turn it charged) and
    # weapons that fight in an extra rank (not in a turn they charged); one attack each
    ("infantry", "hand_weapon", "enemy", 10, 5, "faq_1_5_2", (1, 1)),
    ("infantry", "hand_weapon", "unit", 10, 5, "faq_1_5_2", (0, 0)),
    ("infantry", "spear", "enemy", 15, 5, "faq_1_5_2", (2, 1)),
    ("infantry", "spear", "unit", 15, 5, "faq_1_5_2", (0, 0)),
    ("heavy_infantry", "spear", "none", 12, 4, "faq_1_5_2", (2, 1)),
    ("infantry", "hand_weapon", "enemy", 10, 2, "faq_1_5_2", (0, 0)),  # 5 deep: not in Combat Order
    ("infantry", "spear", "enemy", 10, 2, "faq_1_5_2", (1, 1)),
    ("monstrous_infantry", "hand_weapon", "enemy", 6, 3, "faq_1_5_2", (0, 0)),
    ("monstrous_infantry", "spear", "enemy", 6, 3, "faq_1_5_2", (1, 1)),
    ("cavalry", "hand_weapon", "enemy", 10, 5, "faq_1_5_2", (0, 0)),
    # 2024 rulebook: infantry's second rank (monstrous infantry up to 3 attacks), an extra-rank weapon adds one
    ("infantry", "hand_weapon", "unit", 10, 5, "rulebook_2024", (1, 1)),
    ("infantry", "spear", "enemy", 15, 5, "rulebook_2024", (2, 1)),
    ("infantry", "spear", "unit", 15, 5, "rulebook_2024", (1, 1)),
    ("monstrous_infantry", "hand_weapon", "enemy", 6, 3, "rulebook_2024", (1, 3)),
])
def test_supporting_attacks(troop, weapon, charger, models, files, version, want):
    sc = fight(**{"fight.unit.troop_type": troop, "fight.unit.weapon": weapon, "fight.charger": charger,
                  "fight.unit.models": models, "fight.unit.files": files, "fight.unit.attacks": 3,
                  "fight.enemy.models": 5, "fight.enemy.files": 5, "fight.options.tow_rules_version": version})
    assert (sc.rules.unit.support_ranks, sc.rules.unit.support_attacks) == want


def test_slain_by_rank_2024_reading():
    # The 2024 rulebook's reading (fleeodds' former one): 2 models charge 4 in two ranks of 2 (I3 + 3 against
    # I1), 1/4 per attack; after k kills each slain man takes his file's two attacks: 2 x (2 - k) strike
    # back; FAQ 1.5.2 (test_warhammer_combat): (2 - k) + 2.
    q = Fr(1, 4)
    binom = {0: (1 - q) ** 2, 1: 2 * q * (1 - q), 2: q ** 2}
    for version, back in (("rulebook_2024", lambda k: 2 * (2 - k)), ("faq_1_5_2", lambda k: (2 - k) + 2)):
        sc = fight(**{"fight.unit.models": 2, "fight.unit.files": 2, "fight.enemy.models": 4,
                      "fight.enemy.files": 2, "fight.enemy.initiative": 1,
                      "fight.options.tow_rules_version": version})
        want = sum(binom[k] * (1 - q) ** back(k) for k in range(3))
        assert sc.summary("fraction")["unit_casualties"][0] == want, version


# -- combat result -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("version, margin", [("faq_1_5_2", 3), ("rulebook_2024", 1)])
def test_combat_order_massed_infantry_and_ranks(version, margin):
    # Nobody can wound (S1 v T7). 10 men in two ranks of 5 against 9 in a 3 x 3 block.
    # FAQ 1.5.2: the 10: rank bonus +1, Combat Order +1 (US 10), Massed Infantry +1 (10 > 9); the 9: no rank
    # of 5, US 9 short of 10: margin 3. 2024 rulebook: the 10: rank +1, Combat Order +1 (US 5+); the 9:
    # Combat Order +1 (square, US 9): margin 1.
    sc = fight(**{"fight.charger": "none", "fight.unit.strength": 1, "fight.enemy.strength": 1,
                  "fight.unit.toughness": 7, "fight.enemy.toughness": 7, "fight.unit.models": 10,
                  "fight.unit.files": 5, "fight.enemy.models": 9, "fight.enemy.files": 3,
                  "fight.options.tow_rules_version": version})
    assert sc.summary("fraction")["margin"] == {margin: 1}


def test_parry():
    # "Parry" (2025-06-25): regular and heavy infantry with hand weapon and shield, +1 armour, to at most 3+
    base = {"fight.enemy.shield": True}
    assert fight(**base).rules.unit.save == 5                                       # shield 6+, Parry 5+
    assert fight(**base, **{"fight.enemy.armour_save": 6}).rules.unit.save == 4     # light armour
    assert fight(**base, **{"fight.enemy.armour_save": 5}).rules.unit.save == 3
    assert fight(**base, **{"fight.enemy.armour_save": 4}).rules.unit.save == 3     # 3+ with the shield: kept
    assert fight(**base, **{"fight.enemy.armour_save": 6, "fight.enemy.troop_type": "heavy_infantry"}
                 ).rules.unit.save == 4
    assert fight(**base, **{"fight.enemy.armour_save": 6, "fight.enemy.troop_type": "cavalry"}
                 ).rules.unit.save == 5
    assert fight(**base, **{"fight.enemy.armour_save": 6, "fight.options.tow_rules_version": "rulebook_2024"}
                 ).rules.unit.save == 5


@pytest.mark.parametrize("troop, width, max_bonus, us", [
    # "Troop Type Table" (2024-03-24, p. 105)
    ("infantry", 5, 2, 1), ("heavy_infantry", 4, 2, 1), ("monstrous_infantry", 3, 2, 3), ("swarm", None, 0, 3),
    ("light_cavalry", 5, 1, 2), ("heavy_cavalry", 4, 1, 2), ("monstrous_cavalry", 3, 1, 3), ("war_beast", 5, 1, 1),
    ("light_chariot", 3, 1, 3), ("heavy_chariot", None, 0, 5), ("monster", None, 0, 6),
])
def test_troop_type_table(troop, width, max_bonus, us):
    sc = fight(**{"fight.unit.troop_type": troop, "fight.unit.wounds": 6, "fight.unit.models": 6,
                  "fight.unit.files": 3})
    u = sc.rules.unit
    assert (u.unit_strength, u.max_rank_bonus) == (us, max_bonus)
    if width is not None:
        assert u.rank_width == width


@pytest.mark.parametrize("edition", ["6th", "7th", "8th"])
def test_tow_troop_types_read_as_their_6th_to_8th_type(edition):
    # heavy infantry fights as infantry, heavy cavalry as cavalry, a heavy chariot as a chariot (US 4)
    for troop, us in (("heavy_infantry", 1), ("heavy_cavalry", 2), ("light_cavalry", 2), ("heavy_chariot", 4)):
        sc = fight(edition=edition, **{"fight.unit.troop_type": troop})
        assert sc.rules.unit.unit_strength == us


def test_heavy_infantry_steady_in_the_ranks():
    # "Disrupted Units" (2024-02-01): a flank charge by Unit Strength 5+ disrupts; "Steady in the Ranks"
    # (2024-02-20): heavy infantry only by Unit Strength 10+
    over = {"fight.contact": "flank", "fight.unit.models": 6, "fight.unit.files": 3, "fight.enemy.models": 10,
            "fight.enemy.files": 5}
    assert fight(**over).rules.disrupted == (False, True)
    assert fight(**over, **{"fight.enemy.troop_type": "heavy_infantry"}).rules.disrupted == (False, False)
    big = dict(over, **{"fight.enemy.troop_type": "heavy_infantry", "fight.unit.models": 10})
    assert fight(**big).rules.disrupted == (False, True)


def test_charge_distance_outside_tow_is_noted():
    from ._policy import assert_noted

    data = {"system": "warhammer", "edition": "8th", "situation": "fight",
            "fight": {"charger": "unit", "charge_distance": 2,
                      "unit": {"profile": "Night Goblins", "models": 5, "files": 5},
                      "enemy": {"profile": "Night Goblins", "models": 5, "files": 5}}}
    assert_noted(data, "fight.charge_distance: 2 has no effect", "in 8th (the charge's Initiative bonus is a "
                                                                 "rule of The Old World)")


@pytest.mark.slow
@pytest.mark.statistical
def test_tow_rules_mc_agrees_with_exact():
    # Press of Battle, a spear's third rank, Parry, Armour Bane, Massed Infantry and the FAQ's casualties
    # by rank, all at once: the kernel against the exact law (chi-square at 0.1 %)
    sc = fight(**{"fight.charger": "enemy", "fight.charge_distance": 2, "fight.unit.weapon": "spear",
                  "fight.unit.models": 15, "fight.unit.files": 5, "fight.unit.shield": True,
                  "fight.unit.armour_save": 6, "fight.enemy.weapon": "great_weapon", "fight.enemy.models": 6,
                  "fight.enemy.files": 3, "fight.enemy.troop_type": "heavy_infantry",
                  "fight.enemy.armour_save": 4, "fight.enemy.attacks": 2})
    _mc_check(sc, trials=20000, seed=3)
