"""Derive oracle cases of one round of Warhammer close combat (situation ``fight``).

Standard library only, written from the digest (docs/warhammer_combat.md) without
fleeodds: every die face of one attack (to hit, to wound, armour save, ward save)
is enumerated to get P(unsaved wound), then every pattern of successes of the
attacks (2**n patterns) is enumerated, the first striker's casualties removed before
the second strikes, and the combat result added up by hand for each small case.

Run ``python tests/oracles/derive_warhammer_combat.py`` to rewrite
``warhammer_combat.json`` (``--out DIR`` writes elsewhere).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from _common import case, distribution, mean, write


def p_unsaved(hit: int, wound: int, save: int | None, ward: int | None,
              bane_save: int | None | str = "same") -> Fraction:
    """Enumerate the 6**4 faces of (to hit, to wound, armour, ward) dice of one attack; ``bane_save``: the
    armour save against a wound die showing 6 (TOW Armour Bane), ``"same"`` for ``save``."""
    good = 0
    for h, w, a, v in itertools.product(range(1, 7), repeat=4):
        if h < hit or w < wound:
            continue
        sv = save if (bane_save == "same" or w < 6) else bane_save
        if sv is not None and a >= sv:
            continue
        if ward is not None and v >= ward:
            continue
        good += 1
    return Fraction(good, 6 ** 4)


def patterns(n: int, p: Fraction):
    """Every success pattern of n attacks: yields (successes, probability)."""
    for bits in itertools.product((0, 1), repeat=n):
        k = sum(bits)
        yield k, p ** k * (1 - p) ** (n - k)


def mixed_patterns(groups):
    """Every success pattern of groups of attacks striking together, each ``(n, p)``: yields (successes,
    probability), one pattern of each group at a time."""
    if not groups:
        yield 0, Fraction(1)
        return
    (n, p), rest = groups[0], groups[1:]
    for k, q in patterns(n, p):
        for k2, q2 in mixed_patterns(rest):
            yield k + k2, q * q2


def margins(first, second, score, unit_first: bool = True, first_extra=()):
    """first/second: (models, (alive, slain) -> attacks, p, wounds per model); score(wf, ws, af, as_): the
    unit's result minus the enemy's, whichever strikes first; ``first_extra``: more ``(attacks, p)`` groups
    striking with the first side (its mounts).

    Returns (law of the margin, P(the unit wins the round)): a side wiped out in the round loses it
    whatever the scores (both wiped out: nobody wins); ``unit_first`` says which side is the unit."""
    out: dict[int, Fraction] = {}
    win = Fraction(0)
    mf, att_f, pf, wf_model = first
    ms, att_s, ps, ws_model = second
    for kf, qf in mixed_patterns([(att_f(mf, 0), pf)] + list(first_extra)):
        slain_s = min(kf // ws_model, ms)
        alive_s = ms - slain_s
        for ks, qs in patterns(att_s(alive_s, slain_s) if alive_s else 0, ps):
            alive_f = max(mf - ks // wf_model, 0)
            d = score(min(kf, ms * ws_model), min(ks, mf * wf_model), alive_f, alive_s)
            out[d] = out.get(d, Fraction(0)) + qf * qs
            au, ae = (alive_f, alive_s) if unit_first else (alive_s, alive_f)
            if (ae == 0 and au > 0) or (au > 0 and ae > 0 and d > 0):
                win += qf * qs
    return out, win


def main(argv=None) -> None:
    cases = []

    # A. 8th: 3 Night Goblins (one rank, shield: 6+ armour and the 6+ parry) against 2 Dwarf Warriors
    # (heavy armour and shield: 4+, parry 6+), no charge. Goblins I3 strike before Dwarfs I2.
    # Goblins WS2 vs WS4: 4+; S3 vs T4: 5+; Dwarfs WS4 vs WS2: 3+; S3 vs T3: 4+. No bonuses.
    p_gob = p_unsaved(4, 5, 4, 6)
    p_dwa = p_unsaved(3, 4, 6, 6)
    # 8th: the rear would step up, but one rank each: attacks = models left
    dist, win = margins((3, lambda a, k: min(a, 3), p_gob, 1), (2, lambda a, k: min(a, 2), p_dwa, 1),
                        lambda wf, ws, af, as_: wf - ws)
    params = {"system": "warhammer", "edition": "8th", "situation": "fight",
              "fight": {"charger": "none",
                        "unit": {"profile": "Night Goblins", "models": 3, "files": 3, "shield": True},
                        "enemy": {"profile": "Dwarf Warriors", "models": 2, "files": 2, "shield": True,
                                  "armour_save": 5}}}
    cases.append(case("fight_8th_goblins_3_vs_dwarfs_2", "8th, no charge: the Goblins strike first (I3)",
                      "8th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # B. 6th: 2 models each, equal Initiative (roll-off: each side first half the time); the unit has
    # S4 (the enemy's 5+ armour becomes 6+) and a musician (a draw becomes a win by 1); outnumber +1.
    p_u = p_unsaved(4, 3, 6, None)   # WS3 vs WS3: 4+; S4 vs T3: 3+; 5+ armour -1
    p_e = p_unsaved(4, 4, None, None)

    def score_b(wu, we, au, ae):  # wounds, +1 to the larger Unit Strength left, then the musician
        d = wu - we + (1 if au > ae else 0) - (1 if ae > au else 0)
        return 1 if d == 0 else d

    half = Fraction(1, 2)
    # 6th: a model slain before it strikes does not attack (one rank: the models left)
    d1, w1 = margins((2, lambda a, k: 2 - k, p_u, 1), (2, lambda a, k: 2 - k, p_e, 1), score_b)
    d2, w2 = margins((2, lambda a, k: 2 - k, p_e, 1), (2, lambda a, k: 2 - k, p_u, 1),
                     lambda we, wu, ae, au: score_b(wu, we, au, ae), unit_first=False)
    win = half * w1 + half * w2
    dist = {k: half * d1.get(k, Fraction(0)) + half * d2.get(k, Fraction(0)) for k in set(d1) | set(d2)}
    dist = {k: v for k, v in dist.items() if v}
    unit = {"name": "Swordsmen", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 4,
            "toughness": 3, "wounds": 1, "initiative": 3, "attacks": 1, "models": 2, "files": 2,
            "musician": True}
    enemy = {"name": "Militia", "movement": 4, "leadership": 6, "weapon_skill": 3, "strength": 3,
             "toughness": 3, "wounds": 1, "initiative": 3, "attacks": 1, "models": 2, "files": 2,
             "armour_save": 5}
    params = {"system": "warhammer", "edition": "6th", "situation": "fight",
              "fight": {"charger": "none", "unit": unit, "enemy": enemy}}
    cases.append(case("fight_6th_roll_off_musician", "6th, equal Initiative: a roll-off; the musician wins draws",
                      "6th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # C. 7th: 2 Ogres (W3, A3, great weapon: S6, strikes first on the charge) charge 6 men in one rank
    # of 6 (T3, light armour and shield on foot: 6+ -1 -1 = 4+, then S6: -3 -> no save). The men's
    # front of 6 faces 2 Ogres: 4 of them reach (the Ogres' 2 + one each side). Men: standard (+1).
    # Ogres: 4+ armour (heavy armour), men S3 -> 4+. Unit Strength: Ogres 3 each, men 1: outnumber
    # goes to the larger Unit Strength left. No ranks (one rank each).
    p_og = p_unsaved(4, 2, None, None)  # WS3 vs WS3: 4+; S6 vs T3: 2+; the men's 4+ save is gone at S6
    p_men = p_unsaved(4, 5, 4, None)    # WS3 vs WS3: 4+; S3 vs T4: 5+; Ogres' 4+ armour

    def score_c(wo, wm, ao, am):
        so = wo + (1 if ao * 3 > am else 0)
        sm = wm + 1 + (1 if am > ao * 3 else 0)
        return so - sm

    # 7th: the men slain by the Ogres do not strike back and those stepping forward cannot: 4 - k attack
    dist, win = margins((2, lambda a, k: 3 * min(a, 2), p_og, 3), (6, lambda a, k: max(4 - k, 0), p_men, 1),
                        score_c)
    ogres = {"name": "Ogre Bulls", "movement": 6, "leadership": 7, "weapon_skill": 3, "strength": 4,
             "toughness": 4, "wounds": 3, "initiative": 2, "attacks": 3, "models": 2, "files": 2,
             "troop_type": "monstrous_infantry", "weapon": "great_weapon", "armour_save": 4}
    men = {"name": "Spearless Levy", "movement": 4, "leadership": 6, "weapon_skill": 3, "strength": 3,
           "toughness": 3, "wounds": 1, "initiative": 3, "attacks": 1, "models": 6, "files": 6,
           "armour_save": 6, "shield": True, "standard": True}
    params = {"system": "warhammer", "edition": "7th", "situation": "fight",
              "fight": {"charger": "unit", "unit": ogres, "enemy": men}}
    cases.append(case("fight_7th_ogres_charge_great_weapons",
                      "7th: chargers strike first even with great weapons; W3 models; outnumber by Unit Strength",
                      "7th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # D. TOW (FAQ 1.5.2): 2 Empire Knights (WS4 S3 T3 I3 A1; lance on the charge: S5, AP -2, Armour Bane (1);
    # heavy armour, barding and shield: 3+ and the shield, 2+) on their Warhorses (WS3 S3 I3 A1, no AP; TOW
    # gives no save for the mount itself) charge 4 regular infantry in one rank (WS3 S3 T3 I3 A1, light armour
    # and shield: 5+, Parry with hand weapon and shield: 4+). Initiative: the knights' and their horses' 3
    # +3 for a charge of 3" or more into the front (6) against the men's 3: riders and horses strike first.
    # Knights: 3+ to hit (4 against 3, not more than double), 2+ to wound (S5 v T3), the men's 4+ save at
    # AP -2 is 6+, and on a natural 6 to wound (Armour Bane, AP -3) none. Horses: 4+, 4+, the men's 4+ (no
    # AP). The men: 4+, 4+, the knights' 2+ (no AP). Fronts: 2 and min(4, 2 + 2) = 4; the men's one rank has
    # no Press of Battle rank behind it. Combat result: wounds; Unit Strength 4 (cavalry 2 x 2) against 4
    # (infantry 1 x 4), nobody reaches the 10 Combat Order needs; Massed Infantry gives the men +1 while their
    # Unit Strength (men left) is higher than the knights' (2 per knight left).
    p_kn = p_unsaved(3, 2, 6, None, bane_save=None)
    p_horse = p_unsaved(4, 4, 4, None)
    p_men = p_unsaved(4, 4, 2, None)
    # TOW: the slain do not strike back (one rank of 4: the men left)
    dist, win = margins((2, lambda a, k: min(a, 2), p_kn, 1), (4, lambda a, k: max(4 - k, 0), p_men, 1),
                        lambda wf, ws, af, as_: wf - ws - (1 if as_ * 1 > af * 2 else 0),
                        first_extra=[(2, p_horse)])
    men = {"name": "Levy", "movement": 4, "leadership": 6, "weapon_skill": 3, "strength": 3, "toughness": 3,
           "wounds": 1, "initiative": 3, "attacks": 1, "models": 4, "files": 4, "armour_save": 6,
           "shield": True}
    params = {"system": "warhammer", "edition": "tow", "situation": "fight",
              "fight": {"charger": "unit",
                        "unit": {"profile": "Empire Knights", "models": 2, "files": 2, "weapon": "lance",
                                 "shield": True, "armour_save": 3},
                        "enemy": men}}
    cases.append(case("fight_tow_knights_lance_charge",
                      "TOW (FAQ 1.5.2): the lance's S+2, AP -2 and Armour Bane on the charge, Parry, Massed "
                      "Infantry, the horses' own attacks", "tow", params, "unit_wins", win,
                      distribution=distribution(dist), mean=mean(dist)))

    # E. 8th supporting attacks and the rank bonus after casualties: 10 models in two ranks of 5 (I4)
    # against 2 models (I2). The 10 reach with 4 models (the 2 facing them and one each side) and the
    # 4 behind those support with 1 attack each: 8 attacks at 4+ / 4+. The 2 strike back. The 10 keep
    # +1 for their second rank of five only while all 10 stand. Nobody has armour.
    p_q = p_unsaved(4, 4, None, None)
    dist, win = margins((10, lambda a, k: 8 if a >= 10 else min(a, 4) + min(max(a - 5, 0), 4), p_q, 1),
                        (2, lambda a, k: min(a, 2), p_q, 1),
                        lambda wf, ws, af, as_: wf + (1 if af >= 10 else 0) - ws)
    base = {"name": "Q", "movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3, "toughness": 3,
            "wounds": 1, "attacks": 1}
    params = {"system": "warhammer", "edition": "8th", "situation": "fight",
              "fight": {"charger": "none",
                        "unit": dict(base, name="Ten", initiative=4, models=10, files=5),
                        "enemy": dict(base, name="Two", initiative=2, models=2, files=2)}}
    cases.append(case("fight_8th_supporting_attacks_and_ranks",
                      "8th: supporting attacks from the second rank; the rank bonus counted after casualties",
                      "8th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # F. 7th: 3 Raiders in one rank of 3 charge 6 Spearmen in two ranks of 3 (all WS3 S3 T3 I3 A1, no
    # armour: 4+ to hit, 4+ to wound). The Raiders strike first (the charge); the Spearmen were charged, so
    # their second rank fights with its full Attacks (spears). Each Spearman slain before he strikes does
    # not attack, and the man stepping forward into his place cannot either, so a slain front-rank man
    # takes his file's two attacks: 2 * (3 - k) attacks back after k casualties (7th "Removing
    # Casualties (Close Combat)"). Ranks of 3 count no bonus (width 5); outnumber +1 after casualties.
    p_f = p_unsaved(4, 4, None, None)

    def score_f(wu, we, au, ae):
        return wu - we + (1 if au > ae else 0) - (1 if ae > au else 0)

    dist, win = margins((3, lambda a, k: 3, p_f, 1), (6, lambda a, k: 2 * max(3 - k, 0), p_f, 1), score_f)
    base = {"movement": 4, "leadership": 7, "weapon_skill": 3, "strength": 3, "toughness": 3, "wounds": 1,
            "initiative": 3, "attacks": 1}
    params = {"system": "warhammer", "edition": "7th", "situation": "fight",
              "fight": {"charger": "unit",
                        "unit": dict(base, name="Raiders", models=3, files=3),
                        "enemy": dict(base, name="Spearmen", models=6, files=3, weapon="spear")}}
    cases.append(case("fight_7th_slain_do_not_strike_back",
                      "7th: the models slain by the charger and those stepping forward do not strike back",
                      "7th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # G. The same fight in 8th, the Raiders with I4 and the Spearmen I2, so that the Raiders strike first: in 8th the
    # rear steps up and fights, so the Spearmen's front rank stays 3 while they have 3 left, and their
    # second rank supports with one attack each (spears: a third rank too, empty here): 3 + min(3, 3 - k)
    # attacks after k casualties (8th "Remove Casualties (Close Combat)"). The charge gives the Raiders +1;
    # no outnumber bonus in 8th; no rank of five.
    dist, win = margins((3, lambda a, k: 3, p_f, 1), (6, lambda a, k: min(a, 3) + min(max(a - 3, 0), 3), p_f, 1),
                        lambda wu, we, au, ae: wu + 1 - we)
    params = {"system": "warhammer", "edition": "8th", "situation": "fight",
              "fight": {"charger": "unit",
                        "unit": dict(base, name="Raiders", models=3, files=3, initiative=4),
                        "enemy": dict(base, name="Spearmen", models=6, files=3, weapon="spear", initiative=2)}}
    cases.append(case("fight_8th_rear_steps_up",
                      "8th: the rear steps up, so the casualties do not take the front rank's attacks",
                      "8th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    # H. 6th to-wound chart: Strength 2 against Toughness 5 (three below) wounds on a 6 (6th, 7th and 8th
    # charts: S1 v T4 = 6, S1 v T5 = no effect). 2 Goblins (S2) charge 2 Ogre-sized brutes (T5, S3) and
    # strike first: 4+ to hit, 6 to wound; the brutes strike back with the models left, 4+ / 4+ (S3 v T3).
    # Outnumber +1 after casualties.
    p_gob = p_unsaved(4, 6, None, None)
    p_brute = p_unsaved(4, 4, None, None)
    dist, win = margins((2, lambda a, k: 2, p_gob, 1), (2, lambda a, k: 2 - k, p_brute, 1), score_f)
    params = {"system": "warhammer", "edition": "6th", "situation": "fight",
              "fight": {"charger": "unit",
                        "unit": dict(base, name="Weaklings", models=2, files=2, strength=2),
                        "enemy": dict(base, name="Brutes", models=2, files=2, toughness=5)}}
    cases.append(case("fight_6th_three_below_wounds_on_six",
                      "6th to-wound chart: a Strength three below the Toughness wounds on a 6",
                      "6th", params, "unit_wins", win, distribution=distribution(dist), mean=mean(dist)))

    write("warhammer_combat", "Warhammer close combat (one round)", cases, argv)


if __name__ == "__main__":
    main()
