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
    return out


if __name__ == "__main__":
    write("hell_dorado", "Hell Dorado", cases())
