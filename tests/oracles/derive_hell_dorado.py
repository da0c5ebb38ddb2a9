"""Derive the Hell Dorado oracle cases (tests/oracles/hell_dorado.json) from the rules, by hand.

Standard library only, no fleeodds: every probability is an exact ``Fraction`` obtained by
enumerating the six faces of every die of a weapon pass with ``itertools.product``.

Weapon pass (Hell Dorado, Asmodée 2007 / Cipher / Sapience):

* the attacker has n = CBT + soutien + bonuses dice; at most 5 are rolled, and each die beyond
  the 5th is one re-roll of a missed die (a die is re-rolled once at most, re-rolls always go to
  misses, 5 re-rolls at most);
* a die hits on a d6 result at least the target's DEF; the weapon's damage table gives the damage
  for 1 to 5 hits, minus the target's PRO (never below 0; no hit, no damage);
* the target dies when the damage reaches its remaining PV.
* Fuite (flee): the fleeing fighter first takes an attaque sans riposte (only the attacker rolls)
  from the adversary the opposing player picks; every other adversary in contact gives that
  attacker +1 soutien.  If it survives without a new state it makes its flee move.
* A normal pass is simultaneous: both fighters roll at once against each other's DEF.

Run ``python tests/oracles/derive_hell_dorado.py`` to rewrite the JSON file.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from _common import case, distribution, mean, write

ONE = Fraction(1)
D6 = range(1, 7)


def dice_hits(k: int, defence: int) -> dict[int, Fraction]:
    """Distribution of the hits among ``k`` dice, by enumerating their 6**k faces."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(D6, repeat=k):
        h = sum(1 for f in faces if f >= defence)
        out[h] = out.get(h, Fraction(0)) + Fraction(1, 6 ** k)
    return out


def pass_hits(n_dice: int, defence: int) -> dict[int, Fraction]:
    """Distribution of the number of hits of one attacker with ``n_dice`` dice against ``defence``.

    Every face of the (at most 5) rolled dice is enumerated; the misses among them are then
    re-rolled, as many as there are re-rolls, and the faces of those re-rolled dice are enumerated
    in turn.  The total is capped at 5 hits.
    """
    rolled = min(n_dice, 5)
    rerolls = min(max(n_dice - 5, 0), 5)
    again = {k: dice_hits(k, defence) for k in range(rerolls + 1)}
    out: dict[int, Fraction] = {}
    for faces in itertools.product(D6, repeat=rolled):
        h = sum(1 for f in faces if f >= defence)
        for extra, p in again[min(rolled - h, rerolls)].items():
            total = min(h + extra, 5)
            out[total] = out.get(total, Fraction(0)) + Fraction(1, 6 ** rolled) * p
    assert sum(out.values()) == ONE
    return out


def flee_attack(n_dice: int, defence: int, pro: int, pv: int, table: dict[str, int]) -> dict[str, Fraction]:
    """Attaque sans riposte of a Fuite with a weapon causing no state: killed or flees."""
    out = {"killed": Fraction(0), "fled": Fraction(0)}
    for h, p in pass_hits(n_dice, defence).items():
        damage = max(table[str(h)] - pro, 0) if h > 0 else 0
        out["killed" if damage >= pv else "fled"] += p
    return out


def at_least_one(dist: dict[int, Fraction]) -> Fraction:
    return 1 - dist.get(0, Fraction(0))


ED = "any (Asmodée 2007, Cipher, Sapience)"
DICE_RULE = ("Dice: n = CBT + soutien + bonuses; no more than 5 dice are rolled and each die past the 5th "
             "re-rolls one missed die (once per die, always on a miss, 5 re-rolls at most, so 10 dice in all). "
             "A die hits when its d6 result is at least the target's DEF.")


def cases() -> list[dict]:
    out = []
    out.append(case("hd_cbt3_vs_def4_at_least_one_hit",
                    "Hell Dorado attaque sans riposte (only one side rolls): CBT 3 attacker without soutien or "
                    "bonus against a DEF 4 target (each die hits on 4 or more). " + DICE_RULE,
                    ED, {"cbt": 3, "support": 0, "def": 4}, "P(at least 1 hit)", at_least_one(pass_hits(3, 4))))
    out.append(case("hd_cbt3_support1_vs_def4_at_least_one_hit",
                    "Hell Dorado: CBT 3 attacker with +1 soutien (another ally touches the target), so 4 dice, "
                    "against DEF 4. " + DICE_RULE,
                    ED, {"cbt": 3, "support": 1, "support_bonus_per_supporter": 1, "def": 4},
                    "P(at least 1 hit)", at_least_one(pass_hits(4, 4))))
    seven4 = pass_hits(7, 4)
    p7 = {"cbt": 7, "support": 0, "def": 4, "rolled": 5, "rerolls": 2}
    out.append(case("hd_cbt7_vs_def4_at_least_one_hit",
                    "Hell Dorado: CBT 7 attacker with no bonus (5 dice rolled, then 2 re-rolls of misses) "
                    "against DEF 4. " + DICE_RULE,
                    ED, dict(p7), "P(at least 1 hit)", at_least_one(seven4)))
    out.append(case("hd_cbt7_vs_def4_hit_distribution",
                    "Hell Dorado: number of hits of a CBT 7 attacker (5 rolled dice, 2 re-rolls of misses) "
                    "against DEF 4; never more than 5. Checked outcome: exactly 3 hits; 'distribution' gives "
                    "0 to 5 hits and 'mean' the expected number. " + DICE_RULE,
                    ED, dict(p7), "P(exactly 3 hits)", seven4[3], distribution=distribution(seven4),
                    mean=mean(seven4)))
    out.append(case("hd_cbt7_vs_def6_at_least_one_hit",
                    "Hell Dorado: CBT 7 attacker (5 rolled, 2 re-rolls) against DEF 6, where only a 6 hits. "
                    + DICE_RULE,
                    ED, {"cbt": 7, "support": 0, "def": 6, "rolled": 5, "rerolls": 2}, "P(at least 1 hit)",
                    at_least_one(pass_hits(7, 6))))

    table_a = {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
    flee_text = ("Hell Dorado Fuite. The fighter leaving melee has DEF 3, PRO 1 and PV 3 and is engaged by two "
                 "adversaries. The opposing player has adversary A (CBT 3; damage 2/3/4/5/6 for 1/2/3/4/5 hits) "
                 "make the attaque sans riposte, and adversary B, also touching the fleeing fighter, gives A "
                 "+1 soutien: 4 dice, each hitting on 3 or more. Only A rolls. Damage is the table value for "
                 "the number of hits minus PRO (0 at least; no hit, no damage), and the fighter dies when the "
                 "damage reaches its remaining PV. The weapon causes no state, so a survivor makes its flee "
                 "move (as a Course).")
    p_flee = {"fleer_def": 3, "fleer_pro": 1, "fleer_pv": 3, "attacker_cbt": 3, "support": 1,
              "damage_table": dict(table_a), "weapon_states": "none"}
    sup = flee_attack(3 + 1, 3, 1, 3, table_a)
    out.append(case("hd_flee_support_kill", flee_text, ED, dict(p_flee, damage_table=dict(table_a)),
                    "P(fleeing fighter killed)", sup["killed"]))
    out.append(case("hd_flee_support_move_happens", flee_text, ED, dict(p_flee, damage_table=dict(table_a)),
                    "P(flee move happens: survives with no new state)", sup["fled"]))
    out.append(case("hd_flee_no_support_kill",
                    "As hd_flee_support_kill, but A is alone in contact, so no soutien: 3 dice hitting on 3 or "
                    "more against the fleeing fighter (DEF 3, PRO 1, PV 3), damage 2/3/4/5/6 for 1 to 5 hits, "
                    "minus PRO (0 at least; no hit, no damage); killed when the damage reaches its PV.",
                    ED, {"fleer_def": 3, "fleer_pro": 1, "fleer_pv": 3, "attacker_cbt": 3, "support": 0,
                         "damage_table": dict(table_a)},
                    "P(fleeing fighter killed)", flee_attack(3, 3, 1, 3, table_a)["killed"]))
    table_b = {"1": 2, "2": 4, "3": 5, "4": 6, "5": 8}
    out.append(case("hd_flee_with_reroll_kill",
                    "Hell Dorado Fuite: the fleeing fighter (DEF 4, PRO 2, PV 4) takes the attaque sans riposte "
                    "of a CBT 5 adversary with +1 soutien, so 6 dice: 5 rolled and 1 re-roll of a miss, each "
                    "hitting on 4 or more. Damage 2/4/5/6/8 for 1 to 5 hits, minus PRO (0 at least; no hit, no "
                    "damage); killed when the damage reaches its PV.",
                    ED, {"fleer_def": 4, "fleer_pro": 2, "fleer_pv": 4, "attacker_cbt": 5, "support": 1,
                         "damage_table": dict(table_b)},
                    "P(fleeing fighter killed)", flee_attack(5 + 1, 4, 2, 4, table_b)["killed"]))
    a, b = pass_hits(4, 4), pass_hits(3, 4)
    only_a = sum((pa * pb for ha, pa in a.items() for hb, pb in b.items() if ha >= 1 and hb == 0), Fraction(0))
    out.append(case("hd_simultaneous_pass_only_a_scores",
                    "Hell Dorado normal weapon pass (with riposte, both roll at once): A has CBT 4, B has CBT 3, "
                    "both DEF 4, no soutien or bonus. " + DICE_RULE,
                    ED, {"a_cbt": 4, "b_cbt": 3, "a_def": 4, "b_def": 4, "riposte": True},
                    "P(A scores at least 1 hit and B scores 0 hits)", only_a))
    out += esquive_cases() + geometry_cases() + overflow_cases()
    return out


def one_sided_kill(n_dice: int, defence: int, pro: int, pv: int, table: dict[str, int], auto: int = 0) -> Fraction:
    """P(target killed) by an attaque sans riposte: table damage minus PRO (0 at least, none without a hit),
    plus ``auto`` automatic damage (Sapience: one per die past the 10th, ignoring PRO, even without a hit)."""
    out = Fraction(0)
    for h, p in pass_hits(n_dice, defence).items():
        damage = (max(table[str(h)] - pro, 0) if h > 0 else 0) + auto
        if damage >= pv:
            out += p
    return out


def esquive_cases() -> list[dict]:
    """Esquive X against a charge: one d6, the six faces enumerated; on X or less the defender moves away,
    the charger stops at contact and no pass is fought; otherwise the pass as without Esquive."""
    text = ("Hell Dorado Esquive X (Sapience wiki, Capacites speciales / Esquive X): when an enemy engages the "
            "fighter, here by a Charge, it rolls 1d6 and on X or less it is moved up to 3 toises away and the "
            "charger stops at contact, so no pass is fought. ")
    dodge3 = sum((Fraction(1, 6) for face in D6 if face <= 3), Fraction(0))
    out = [case("hd_esquive3_dodges_charge", text + "Defender with Esquive 3, free, standing and not yet dodged "
                "this action phase.", "Sapience", {"esquive": 3, "charge": True}, "P(the charge is dodged)",
                dodge3)]
    table = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
    kill = Fraction(0)
    for face in D6:
        if face > 2:  # Esquive 2 failed: the attaque sans riposte of the charger (CBT 4) is rolled
            kill += Fraction(1, 6) * one_sided_kill(4, 4, 0, 3, table)
    out.append(case("hd_esquive2_charge_then_kill", text + "Defender with Esquive 2 (DEF 4, PRO 0, PV 3) charged "
                    "by a CBT 4 attacker whose pass is one-sided (damage 1/2/3/4/5 for 1 to 5 hits): killed when "
                    "the dodge fails and the pass deals 3 or more. " + DICE_RULE, "Sapience",
                    {"esquive": 2, "attacker_cbt": 4, "def": 4, "pro": 0, "pv": 3, "damage_table": dict(table),
                     "riposte": False}, "P(defender killed)", kill))
    return out


def _tangent_detour(start_to_obstacle: float, obstacle_r: float, obstacle_to_target: float) -> float:
    """Shortest way round a disc of radius ``obstacle_r`` whose centre lies on the straight line, between
    two points at the given distances from its centre on either side: two tangents and the arc between."""
    t1 = math.sqrt(start_to_obstacle ** 2 - obstacle_r ** 2)
    t2 = math.sqrt(obstacle_to_target ** 2 - obstacle_r ** 2)
    arc = obstacle_r * (math.pi - math.acos(obstacle_r / start_to_obstacle) - math.acos(obstacle_r / obstacle_to_target))
    return t1 + arc + t2


def geometry_cases() -> list[dict]:
    """Attraction and Fuite on fixed positions: geometry by hand (1 toise = 1 inch = 25.4 mm)."""
    r_small, r_medium = Fraction(75, 127), Fraction(100, 127)  # radii of 30 and 40 mm bases: 15 / 25.4, 20 / 25.4
    out = []
    # a detour that puts the attractor out of reach: B (small base) at (0, -8), its ally C (small base) at
    # (0, -4) right on the line, the holder H (small base, Attraction 8) at (0, 0). B's centre must stay 2r from
    # C's: it goes round a disc of radius 2r; its move ends at contact, 2r from H's centre.
    r = float(r_small)
    straight = 8 - 2 * r
    detour = _tangent_detour(4.0, 2 * r, 4.0) - 2 * r
    mou = 3.5  # Charge 7 toises: the straight line reaches (6.82), the way round C does not (7.17)
    assert straight < 2 * mou < detour and detour - 2 * mou > 0.1
    out.append(case("hd_attraction_detour_out_of_reach",
                    "Hell Dorado Attraction x (errata August 2007): an adversary B (MOU 3.5, small 30 mm base) "
                    "8 toises from a holder H (Attraction 8, small base), edge to edge 6.82 toises, must charge it "
                    "by the shortest path, which goes round its own ally C (small base) standing on the straight "
                    "line 4 toises from both. The path keeps B's base off C's (centres 2 radii apart): two tangents "
                    "and an arc, 7.17 toises to contact, longer than B's Charge (2 x MOU = 7). A fighter that cannot "
                    "engage the holder is not affected: B stays where it is. B activates first.",
                    "Attraction x (errata August 2007)",
                    {"holder": [0, 0], "attraction": 8, "b": [0, -8], "ally": [0, -4], "b_mou": mou,
                     "base_mm": 30, "straight_to_contact": round(straight, 6), "detour_to_contact": round(detour, 6)},
                    "P(B pulled into contact)", Fraction(0)))
    # the flee-back chain: F (small base, MOU 4, DEF 4, PRO 1, PV 3) flees adversary A (CBT 3, damage 2/3/4/5/6)
    # along +x: the Course takes it 8 toises to (8, 0); S (medium base, Attraction 6) stands at (12, 0), not
    # engaged: edge to edge 4 - 75/127 - 100/127 = 333/127 toises <= 6, and its Charge (8) reaches. Survivors of
    # the attaque sans riposte are pulled back at their next activation.
    table = {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
    survive = 1 - one_sided_kill(3, 4, 1, 3, table)
    gap = 4 - r_small - r_medium
    assert gap == Fraction(333, 127) and gap <= 6
    out.append(case("hd_flee_back_into_attraction",
                    "Hell Dorado Fuite into an Attraction zone: the fleeing fighter F (DEF 4, PRO 1, PV 3, MOU 4, "
                    "small base) takes the attaque sans riposte of adversary A (CBT 3, damage 2/3/4/5/6 for 1 to 5 "
                    "hits, no state), then flees straight along +x for its Course (2 x MOU = 8 toises). It ends 333/127 "
                    "toises (edge to edge) from S, another enemy with Attraction 6 that is not engaged: at its next "
                    "activation it must charge S and its Charge (8 toises) reaches: pulled back. " + DICE_RULE,
                    "Attraction x (errata August 2007); Rules Tips Fuite",
                    {"fleer": {"x": 0, "y": 0, "def": 4, "pro": 1, "pv": 3, "mou": 4, "base_mm": 30},
                     "adversary": {"x": round(-2 * r, 9), "y": 0, "cbt": 3, "base_mm": 30,
                                   "damage_table": dict(table)},
                     "attractor": {"x": 12, "y": 0, "attraction": 6, "base_mm": 40}, "direction": 0,
                     "flee_end": [8, 0], "gap_to_attractor": "333/127"},
                    "P(fled, then pulled back into contact)", survive))
    # photo 2: the flee move may not touch an enemy. F (medium base) flees along +x from (0, 0); Isha (small base)
    # stands at (5, 105/127): centres must stay 75/127 + 100/127 = 175/127 apart, 105/127 = 0.6 x 175/127 off the
    # line, so contact would come at x = 5 - 0.8 x 175/127 = 5 - 140/127 = 495/127 toises.
    reach = r_small + r_medium
    off = Fraction(3, 5) * reach
    stop = 5 - Fraction(4, 5) * reach
    assert off == Fraction(105, 127) and stop == 5 - Fraction(140, 127)
    assert (5 - stop) ** 2 + off ** 2 == reach ** 2
    table2 = {"1": 2, "2": 3, "3": 4, "4": 5, "5": 6}
    fled = 1 - one_sided_kill(2, 4, 0, 3, table2)
    out.append(case("hd_photo2_flee_stopped_short",
                    "Hell Dorado Fuite, Rules Tips photo 2: it is forbidden to come into contact with an enemy "
                    "during a flee move. The fleeing fighter (DEF 4, PRO 0, PV 3, medium 40 mm base, MOU 4: Course 8 "
                    "toises) takes the attaque sans riposte of adversary A (CBT 2, damage 2/3/4/5/6 for 1 to 5 hits, "
                    "no state), then flees straight along +x from (0, 0); Isha (small 30 mm base, not in contact) "
                    "stands at (5, 105/127). Its centre may not come within 175/127 toises of hers, so the move stops "
                    "just short of her base after 495/127 toises (3-4-5 triangle: 105/127 = 3/5 of 175/127 off the "
                    "line): 'move_length'. " + DICE_RULE,
                    "Rules Tips Fuite (photo 2)",
                    {"fleer": {"x": 0, "y": 0, "def": 4, "pro": 0, "pv": 3, "mou": 4, "base_mm": 40},
                     "adversary": {"x": "-175/127", "y": 0, "cbt": 2, "base_mm": 30, "damage_table": dict(table2)},
                     "enemy": {"x": 5, "y": "105/127", "base_mm": 30}, "direction": 0,
                     "move_length": str(stop)},
                    "P(fled, the move stopped short of Isha's base)", fled))
    return out


def overflow_cases() -> list[dict]:
    """CBT 12 under the Sapience dice cap: 5 rolled, 5 re-rolls, and 12 - 10 = 2 automatic damage."""
    table = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
    kill = one_sided_kill(12, 4, 2, 5, table, auto=12 - 10)
    return [case("hd_cbt12_overflow_kill",
                 "Hell Dorado (Sapience) attaque sans riposte of a CBT 12 attacker against DEF 4, PRO 2, PV 5, "
                 "damage 1/2/3/4/5 for 1 to 5 hits. Only 10 dice count as dice: 5 rolled and 5 re-rolls of misses; "
                 "each die past the 10th is 1 automatic damage that ignores PRO and applies even with no hit, so "
                 "damage = (table - PRO, 0 at least; 0 without a hit) + 2, and the target dies at 5 or more. "
                 + DICE_RULE, "Sapience",
                 {"cbt": 12, "def": 4, "pro": 2, "pv": 5, "damage_table": dict(table), "rolled": 5, "rerolls": 5,
                  "auto_damage": 2}, "P(target killed)", kill)]


if __name__ == "__main__":
    write("hell_dorado", "Hell Dorado", cases())
