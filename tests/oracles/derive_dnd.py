"""Derive the D&D / Pathfinder oracle cases (tests/oracles/dnd.json) from the rules, by hand.

Standard library only, no fleeodds: each probability is an exact ``Fraction`` from enumerating
the d20 faces and damage dice (``itertools.product``), or, for 5e death saves, a memoised
recursion over (successes, failures).

Rules used:

* Attack roll (all editions): a natural 1 misses, a natural 20 hits, otherwise
  d20 + bonus >= AC hits.  5e advantage keeps the higher of two d20.
* 5e (SRD 5.1, unchanged in SRD 5.2): a natural 20 is a critical that rolls the damage dice twice
  (the modifier once).  Instant death when the damage left after reaching 0 HP is at least the
  HP maximum.  Death saves: 10 or more succeeds, 2-9 fails, a natural 1 counts two failures,
  a natural 20 brings the character back with 1 HP; three successes stabilise, three failures kill.
* 3.5 SRD / Pathfinder 1e: a hit whose face lies in the threat range is a threat; a second attack
  roll against the same AC confirms it; a confirmed x3 critical rolls the damage (dice and bonus)
  three times.  HP above 0 is up, 0 disabled, -1 to -9 dying, -10 or below dead.  Mobility gives
  +4 AC against attacks of opportunity provoked by moving out of a threatened square.
* Pathfinder Acrobatics: DC = the opponent's CMD, +2 for each opponent after the first; a skill
  check has no automatic success or failure.

Run ``python tests/oracles/derive_dnd.py`` to rewrite the JSON file.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from _common import case, write

ONE = Fraction(1)
D20 = range(1, 21)


def hits(face: int, bonus: int, ac: int) -> bool:
    return face != 1 and (face == 20 or face + bonus >= ac)


def face_weights(advantage: bool = False) -> dict[int, Fraction]:
    """Weight of each kept d20 face, by enumerating one or two d20."""
    w: dict[int, Fraction] = {}
    rolls = itertools.product(D20, D20) if advantage else ((f,) for f in D20)
    n = 400 if advantage else 20
    for r in rolls:
        k = max(r)
        w[k] = w.get(k, Fraction(0)) + Fraction(1, n)
    return w


def dice_total(count: int, sides: int, bonus: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        t = sum(faces) + bonus
        out[t] = out.get(t, Fraction(0)) + Fraction(1, sides ** count)
    return out


def attack_5e(bonus: int, ac: int, dice: int, sides: int, mod: int, advantage: bool = False) -> dict[int, Fraction]:
    """Damage distribution of one 5e attack (0 = miss); a natural 20 doubles the dice."""
    out: dict[int, Fraction] = {}
    normal, crit = dice_total(dice, sides, mod), dice_total(2 * dice, sides, mod)
    for face, w in face_weights(advantage).items():
        if not hits(face, bonus, ac):
            out[0] = out.get(0, Fraction(0)) + w
            continue
        for d, p in (crit if face == 20 else normal).items():
            out[d] = out.get(d, Fraction(0)) + w * p
    return out


def convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def death_saves(successes: int = 0, failures: int = 0) -> Fraction:
    """P(stable or revived) for a 5e character at 0 HP taking no more damage."""

    @lru_cache(maxsize=None)
    def survive(s: int, f: int) -> Fraction:
        if s >= 3:
            return ONE
        if f >= 3:
            return Fraction(0)
        p = Fraction(0)
        for face in D20:
            if face == 20:
                p += Fraction(1, 20)
            elif face >= 10:
                p += Fraction(1, 20) * survive(s + 1, f)
            elif face >= 2:
                p += Fraction(1, 20) * survive(s, f + 1)
            else:
                p += Fraction(1, 20) * survive(s, f + 2)
        return p

    return survive(successes, failures)


def aoo_35(hp: int, ac: int, bonus: int, sides: int, mod: int, threat_from: int, mult: int,
           dead_at: int = -10) -> dict[str, Fraction]:
    """States after one 3.5 attack of opportunity: enumerate attack face, confirmation face and damage."""
    one = dice_total(1, sides, mod)
    crit = dice_total(mult, sides, mult * mod)  # the whole damage rolled ``mult`` times and added
    out = {"up": Fraction(0), "disabled": Fraction(0), "dying": Fraction(0), "dead": Fraction(0)}

    def add(dmg_dist, w):
        for d, p in dmg_dist.items():
            left = hp - max(d, 1)
            key = "up" if left > 0 else "disabled" if left == 0 else "dead" if left <= dead_at else "dying"
            out[key] += w * p

    for a in D20:
        if not hits(a, bonus, ac):
            out["up"] += Fraction(1, 20)
            continue
        if a < threat_from:
            add(one, Fraction(1, 20))
            continue
        for c in D20:
            add(crit if hits(c, bonus, ac) else one, Fraction(1, 400))
    assert sum(out.values()) == ONE
    return out


def confirmed_crit(bonus: int, ac: int, threat_from: int) -> Fraction:
    return sum((Fraction(1, 400) for a, c in itertools.product(D20, D20)
                if hits(a, bonus, ac) and a >= threat_from and hits(c, bonus, ac)), Fraction(0))


def acrobatics_all_pass(bonus: int, cmds: list[int], step: int = 2) -> Fraction:
    p = ONE
    for i, cmd in enumerate(cmds):
        dc = cmd + step * i
        p *= Fraction(sum(1 for f in D20 if f + bonus >= dc), 20)
    return p


def cases() -> list[dict]:
    out = []
    orc = attack_5e(5, 15, 1, 12, 3)
    two = convolve(orc, orc)
    below = lambda dist, hp: sum((p for d, p in dist.items() if d < hp), Fraction(0))  # noqa: E731
    out.append(case(
        "dnd5e_two_orcs_pc_hp11_ac15_conscious",
        "D&D 5e (2014 SRD, same in 2024). A character at 11/11 HP with AC 15 walks out of the reach of two "
        "orcs that both still have their reaction, so each makes one greataxe opportunity attack: +5 to hit, "
        "1d12+3 slashing. A d20 + 5 of 15 or more hits, a natural 1 misses, a natural 20 hits as a critical "
        "(damage dice rolled twice: 2d12+3). No resistance or other modifier; the two attacks are "
        "independent. Outcome: the character is still above 0 HP after both (whether the second attack is "
        "made against a fallen character does not change this number).",
        "5e-2014/5e-2024",
        {"pc_hp": 11, "pc_hp_max": 11, "pc_ac": 15, "attackers": 2, "attack_bonus": 5, "damage": "1d12+3",
         "crit": "natural 20, dice doubled"},
        "P(HP > 0 after both OAs)", below(two, 11)))
    out.append(case(
        "dnd5e_one_orc_pc_hp11_ac15_conscious",
        "D&D 5e. The same character (11/11 HP, AC 15) leaves the reach of one orc only: a single greataxe "
        "opportunity attack, +5 to hit, 1d12+3, a natural 20 doubling the dice.",
        "5e-2014/5e-2024",
        {"pc_hp": 11, "pc_hp_max": 11, "pc_ac": 15, "attackers": 1, "attack_bonus": 5, "damage": "1d12+3"},
        "P(HP > 0 after the OA)", below(orc, 11)))
    adv = attack_5e(5, 15, 1, 12, 3, advantage=True)
    out.append(case(
        "dnd5e_advantage_orc_oa_pc_hp11_ac15_conscious",
        "D&D 5e. The 11/11 HP, AC 15 character leaves one orc's reach and the greataxe opportunity attack "
        "(+5, 1d12+3) has advantage, for example because Faerie Fire outlines the character: the higher of "
        "two d20 is kept, and a kept natural 20 is a critical (2d12+3).",
        "5e-2014/5e-2024",
        {"pc_hp": 11, "pc_hp_max": 11, "pc_ac": 15, "attack_bonus": 5, "damage": "1d12+3", "advantage": True},
        "P(HP > 0 after the OA)", below(adv, 11)))
    wiz = attack_5e(5, 12, 1, 12, 3)
    out.append(case(
        "dnd5e_wizard_hp6_ac12_instant_death",
        "D&D 5e. A 1st-level wizard (6/6 HP, AC 12) leaves an orc's reach and takes its greataxe opportunity "
        "attack (+5, 1d12+3, 2d12+3 on a natural 20). Massive damage kills outright when the damage beyond "
        "0 HP reaches the 6-point maximum, that is when the attack deals 12 or more.",
        "5e-2014/5e-2024",
        {"pc_hp": 6, "pc_hp_max": 6, "pc_ac": 12, "attack_bonus": 5, "damage": "1d12+3"},
        "P(instant death)", sum((p for d, p in wiz.items() if d - 6 >= 6), Fraction(0))))
    out.append(case(
        "dnd5e_death_saves_survive",
        "D&D 5e. A character at 0 HP, with no death-save successes or failures yet and no further damage, "
        "rolls one d20 per turn: 10-19 is a success, 2-9 a failure, a natural 1 two failures and a natural "
        "20 brings it back with 1 HP. Three successes make it stable, three failures kill it.",
        "5e-2014/5e-2024",
        {"start_successes": 0, "start_failures": 0},
        "P(survives: stabilises or rolls a natural 20)", death_saves(0, 0)))

    states = aoo_35(4, 12, 4, 12, 4, 20, 3)
    assert states["disabled"] == 0
    text35 = ("D&D 3.5 SRD: a 1st-level wizard with 4 HP and AC 12 leaves a square threatened by a greataxe orc "
              "(+4 to hit, 1d12+4, critical 20/x3) and takes one attack of opportunity. A natural 1 misses, a "
              "natural 20 hits, otherwise d20 + 4 >= AC hits. Only a hitting natural 20 threatens; a second "
              "d20 + 4 against the same AC (1 misses, 20 hits) confirms it, and a confirmed critical adds three "
              "separate rolls of 1d12+4. After the attack: above 0 HP up, exactly 0 disabled, -1 to -9 dying, "
              "-10 or less dead. Every hit deals 5 or more, so 'disabled' never happens, and the largest "
              "possible damage (48) stays under the 50-point massive-damage threshold.")
    p35 = {"runner_hp": 4, "runner_ac": 12, "attack_bonus": 4, "damage": "1d12+4", "threat_range": "20",
           "crit_multiplier": 3, "dead_at": -10}
    for suffix, key, outcome in [("up", "up", "P(still up, HP > 0)"), ("dying", "dying", "P(dying, HP -1..-9)"),
                                 ("dead", "dead", "P(dead, HP <= -10)")]:
        out.append(case(f"dnd35_wizard_hp4_ac12_greataxe_orc_{suffix}", text35, "3.5", dict(p35), outcome,
                        states[key]))

    out.append(case(
        "dnd35_crit_confirm_plus4_vs_ac12_threat18",
        "D&D 3.5 / Pathfinder 1e critical: +4 to hit against AC 12 with an 18-20/x2 weapon. A hitting roll "
        "of 18, 19 or 20 is a threat, confirmed by a second d20 + 4 >= 12 (natural 1 misses, natural 20 hits).",
        "3.5/PF1", {"attack_bonus": 4, "ac": 12, "threat_range": "18-20", "crit_multiplier": 2},
        "P(confirmed critical)", confirmed_crit(4, 12, 18)))
    out.append(case(
        "dnd35_crit_confirm_plus0_vs_ac30_threat18",
        "D&D 3.5 / Pathfinder 1e: +0 to hit against AC 30 with an 18-20 threat range. Only a natural 20 "
        "hits, so the 18 and 19 miss and threaten nothing, and the confirmation roll also needs a natural 20.",
        "3.5/PF1", {"attack_bonus": 0, "ac": 30, "threat_range": "18-20", "crit_multiplier": 2},
        "P(confirmed critical)", confirmed_crit(0, 30, 18)))
    mob = aoo_35(4, 12 + 4, 4, 12, 4, 20, 3)
    out.append(case(
        "dnd35_mobility_wizard_hp4_greataxe_orc_dead",
        "D&D 3.5 SRD: the 4 HP, AC 12 wizard now has the Mobility feat (+4 dodge AC against attacks of "
        "opportunity provoked by moving out of a threatened square), so the greataxe orc's attack (+4, "
        "1d12+4, 20/x3, confirmation against the same AC) and its confirmation roll face AC 16. A natural 1 "
        "misses and a natural 20 hits; up above 0 HP, disabled at 0, dying from -1 to -9, dead at -10 or less.",
        "3.5",
        {"runner_hp": 4, "runner_ac": 12, "mobility_bonus": 4, "effective_ac": 16, "attack_bonus": 4,
         "damage": "1d12+4", "threat_range": "20", "crit_multiplier": 3, "dead_at": -10},
        "P(dead, HP <= -10)", mob["dead"]))
    out.append(case(
        "pf1_acrobatics_past_two_orcs_no_aoo",
        "Pathfinder 1e: a character with Acrobatics +7 moves at half speed through the threatened areas of "
        "two orcs of CMD 14, with one check per orc in the order passed: DC 14 for the first, DC 16 (+2 per "
        "extra opponent) for the second. Skill checks have no automatic result on a natural 1 or 20; each "
        "failed check provokes from that orc.",
        "PF1",
        {"acrobatics_bonus": 7, "opponent_cmd": [14, 14], "dc_increase_per_extra_opponent": 2, "speed": "half"},
        "P(both checks succeed: no attack of opportunity provoked)", acrobatics_all_pass(7, [14, 14])))

    strained = aoo_35(5, 12, 4, 12, 4, 20, 3)
    out.append(case(
        "dnd35_withdraw_hp5_disabled_then_dying",
        "D&D 3.5 SRD (Injury and Death, 'Disabled'): a character with 5 HP and AC 12 withdraws (a full-round "
        "action) past a greataxe orc that it did not threaten at the start (+4 to hit, 1d12+4, 20/x3, the "
        "threat confirmed by a second d20 + 4 >= 12) and takes its one attack of opportunity. A hit of exactly "
        "5 leaves it at 0 HP, disabled; a disabled character that performs a strenuous action loses 1 HP once "
        "the act is complete, so it ends dying at -1. Every hit deals at least 5, and only a normal hit of 5 "
        "leaves exactly 0.",
        "3.5",
        {"runner_hp": 5, "runner_ac": 12, "attack_bonus": 4, "damage": "1d12+4", "threat_range": "20",
         "crit_multiplier": 3, "action": "withdraw (full-round, strenuous)"},
        "P(at exactly 0 HP after the attack, then dying at -1 after the withdraw)", strained["disabled"]))

    w = face_weights()
    wa = face_weights(advantage=True)
    wolf_hit = sum((p for f, p in w.items() if hits(f, 4, 15)), Fraction(0))
    orc_normal = sum((p for f, p in w.items() if hits(f, 5, 15)), Fraction(0))
    orc_prone = sum((p for f, p in wa.items() if hits(f, 5, 15)), Fraction(0))
    out.append(case(
        "dnd5e2024_wolf_prone_then_orc_advantage",
        "D&D 5e (SRD 5.2). A character with AC 15 and plenty of HP walks past a wolf (Bite +4, 1d6+2; a hit "
        "leaves the target Prone, no save) and then out of an orc's 5-ft reach (+5 to hit). Attack rolls "
        "against a Prone creature have advantage when the attacker is within 5 ft, so after the wolf's hit "
        "the orc's opportunity attack keeps the higher of two d20. The character stays prone (it crawls on).",
        "5e-2024",
        {"runner_ac": 15, "wolf_attack_bonus": 4, "orc_attack_bonus": 5, "orc_reach_ft": 5},
        "P(the orc's opportunity attack hits)", wolf_hit * orc_prone + (1 - wolf_hit) * orc_normal))

    push_hit = sum((p for f, p in w.items() if hits(f, 5, 14)), Fraction(0))
    out.append(case(
        "dnd5e2024_push_clears_same_step_foe",
        "D&D 5e (2024 rules, weapon mastery Push). A character with AC 14 leaves, in the same step, the reach "
        "of a foe with a warhammer (+5 to hit, mastery Push) and of a second foe. On a hit the warhammer "
        "pushes the character 10 ft straight away; being moved that way provokes no opportunity attack, so "
        "the second foe, whose reach the character was leaving in that step, makes none.",
        "5e-2024",
        {"runner_ac": 14, "pusher_attack_bonus": 5, "second_foe": "left in the same step"},
        "P(only one opportunity attack is made)", push_hit))
    return out


if __name__ == "__main__":
    write("dnd", "D&D 3.5 SRD, Pathfinder 1e, D&D 5e (2014 and 2024)", cases())
