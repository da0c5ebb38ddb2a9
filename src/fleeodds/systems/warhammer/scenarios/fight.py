"""Situation ``fight``: one round of close combat between two units, then the loser's
Break test, flee, pursuit and rally through the existing break chain.

A scenario file looks like::

    system = "warhammer"
    edition = "8th"
    situation = "fight"
    [fight]
    charger = "enemy"               # unit | enemy | none
    [fight.unit]
    profile = "Night Goblins"
    models = 20
    files = 5
    shield = true
    armour_save = 6                 # omit for none
    [fight.enemy]
    profile = "Dwarf Warriors"
    models = 16
    files = 4
    armour_save = 5
    shield = true
    [table]                         # and [options]: the chain's, as in situation "break"
    max_turns = 0

Composition of the two halves. The exact side mixes, for each way the round can end
(casualties and signed margin, :func:`..exact.combat.round_distribution`), the exact
break-scenario distribution of the loser (:func:`..exact.flee.solve` through
:class:`WarhammerScenario`), weighted by that ending's probability. The Monte Carlo
side runs the fight kernel (:mod:`..kernels.combat`) for every trial, then, for each
distinct chain a loser can face (loser, margin, Steadfast...), the existing chain
kernel untouched, on the same trial indices with a seed of its own; a trial keeps
the chain result of its own key. Each chain runs over the whole block of trials and
only its trials are kept: that costs one chain run per key, but the counts do not
depend on how the engine cuts the trials into blocks (a chain trial count split by
key would), and the chain kernel needs no change.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import FleeoddsError, InputError, short_repr
from ....outcomes import Metric, Outcome
from ....system import Scenario
from ....validation import check_exact_mode, effect_checks_on, inert, no_effect, validate
from ..checks.combat import (check_chain_fields, check_fight_options, check_fight_units, fight_rule_error,
                             refuse_not_modelled)
from ..checks.flee import special_rule_errors
from ..exact.combat import kill_probability, round_distribution
from ..labels import title_fr
from ..model.combat import TWO_HANDED, WEAPONS
from ..model.flee import ScenarioModel
from ..plan.combat import (FightPlan, FightRules, all_attacks, fight_plan, margin_of, resolve_fight, resolve_units,
                            steadfast)
from .flee import WarhammerScenario

#: Sections a fight builds itself (the loser, the winner and the margin come from the round).
BUILT = ("fleeing", "pursuer", "combat")
#: Largest margin handed to the chain: with Leadership at most 10 and a 2D6 (or 3D6 keep 2) test of at
#: least 2, every margin of 9 or more fails alike, so margins above 12 change nothing.
MARGIN_CAP = 12
#: Most pairs of wound counts (unit x enemy) the exact round takes on (about 8 s).
MAX_PAIRS = 2_000
#: Profile fields :meth:`FightScenario.with_unit` takes from an imported profile.
PROFILE_FIELDS = ("name", "movement", "leadership", "weapon_skill", "strength", "toughness", "wounds",
                  "initiative", "attacks", "troop_type", "rules")
#: Equipment fields :meth:`FightScenario.with_unit` takes from an imported profile's ``equipment``.
EQUIPMENT_FIELDS = ("weapon", "shield", "armour_save", "ward_save")
#: Added to the seed for the chain trials, so that a trial's chain dice differ from its fight dice.
CHAIN_SEED_OFFSET = 0x5DEECE66D

ENDINGS = (
    Outcome("draw", "draw (no Break test)", "égalité (pas de test de moral)"),
    Outcome("enemy_destroyed", "your unit wins; the enemy is destroyed in the fight",
            "votre unité gagne ; l'ennemi est détruit au combat"),
    Outcome("unit_destroyed", "the enemy wins; your unit is destroyed in the fight",
            "l'ennemi gagne ; votre unité est détruite au combat"),
    Outcome("both_destroyed", "both units destroyed", "les deux unités sont détruites"),
)


#: Margins of the loser's chains on which a fight checks its [table] and [options] (Leadership tests
#: pass or fail by their total at small margins, on a natural double at large ones).
CHECKED_MARGINS = (1, 2, 3, 4, 6, 8, 12)

class FightScenario(Scenario):
    """A validated ``situation = "fight"`` scenario (see the module docstring).

    Attributes
    ----------
    model : ScenarioModel
    units : (UnitProfile, UnitProfile)
        The merged profiles of ``fight.unit`` and ``fight.enemy``.
    rules : FightRules
        The round's numbers (to-hit, to-wound, saves, attacks, bonuses).

    Raises
    ------
    FleeoddsError
        Naming the invalid field, its value and what is allowed; ``fleeing``, ``pursuer`` or
        ``combat`` written in a fight (the round decides them).
    """

    def __init__(self, data: dict, base_dir: Path | None = None, *, check_units: bool = True):
        super().__init__(data, base_dir)
        self.source.setdefault("system", "warhammer")
        for key in BUILT:
            if key in data:
                inert(key, short_repr(data[key]), "in situation 'fight' (the round decides the loser, "
                                                            "the winner and the margin)")
        refuse_not_modelled(data)
        model = validate(ScenarioModel, data)
        if model.fight is None:
            raise InputError("fight", None, "a [fight] table with [fight.unit] and [fight.enemy]")
        self.model = model
        self._pf = (self.base_dir / model.profiles_file) if model.profiles_file else None
        self.units = resolve_units(model.fight, self._pf)
        check_fight_units(data, model, self.units, check_units)
        self.rules: FightRules = resolve_fight(model, self.units)
        self._plan = fight_plan(model, self.units, self.rules)
        check_fight_options(data, model)
        self.title = model.title or f"{self.units[0].name} fight {self.units[1].name} ({model.edition})"
        if not model.title:
            self.title_fr = title_fr(self.units[0].name, [self.units[1].name], model.edition, fight=True)
        self._chains: dict[tuple, Any] = {}
        template = self._chain(self._key(1, 1, (self.rules.unit.models, self.rules.enemy.models)))
        if effect_checks_on():
            # the chain's [table] and [options] checked on chains of both losers, small and large margins
            # (Insane Courage and the natural doubles decide the large ones), with full ranks and with one
            # model left: a field used by none of them is noted
            full = (self.rules.unit.models, self.rules.enemy.models)
            chains = [self._chain(self._key(loser, margin, alive)) for loser in (0, 1)
                      for margin in CHECKED_MARGINS for alive in (full, (1, 1))]
            check_chain_fields(data, tuple(chains))
        self._chain_codes = [template.outcomes[i].code for i in range(len(template.outcomes))]
        self._chain_labels = list(template.outcomes)
        outs = [Outcome(f"enemy_{o.code}", f"your unit wins; the enemy: {o.en}",
                        f"votre unité gagne ; l'ennemi : {o.fr}") for o in self._chain_labels]
        outs += list(ENDINGS)
        outs += [Outcome(f"unit_{o.code}", f"the enemy wins; your unit: {o.en}",
                         f"l'ennemi gagne ; votre unité : {o.fr}") for o in self._chain_labels]
        self.outcomes = tuple(outs)
        self._index = {o.code: i for i, o in enumerate(self.outcomes)}
        self.metric = Metric("enemy_casualties", "enemy models removed in the round",
                             "figurines ennemies retirées pendant le round", self.rules.enemy.models + 1, 0,
                             "models")

    @property
    def plan(self) -> FightPlan:
        """The round's numbers and what the loser's chain is built from (frozen and hashable): the
        exact distribution and the outcomes (codes and order) follow from them."""
        return self._plan


    # -- the loser's chain ------------------------------------------------------------------
    def _key(self, loser: int, margin: int, alive: tuple[int, int]) -> tuple:
        """What the loser's chain depends on: (loser, margin, models left, Steadfast, Fear, two to one)."""
        r, ed = self.rules, self.model.edition
        sides = (r.unit, r.enemy)
        lo, wi = sides[loser], sides[1 - loser]
        us_l, us_w = alive[loser] * lo.unit_strength, alive[1 - loser] * wi.unit_strength
        fear = ed in ("6th", "7th") and wi.causes_fear and us_w > us_l
        two = ed == "tow" and us_w > 2 * us_l
        left = alive[loser] if self.model.table.max_turns > 0 else None
        return (loser, min(margin, MARGIN_CAP), left, steadfast(r, loser, alive), fear, two)

    def _chain(self, key: tuple):
        """The break scenario of ``key`` (cached), built with the fight's [table] and [options]."""
        if key in self._chains:
            return self._chains[key]
        loser, margin, left, stead, fear, two = key

        def table(i: int, losing: bool) -> dict:
            u = self.plan.units[i]
            d: dict[str, Any] = {"name": u.name, "movement": u.movement, "leadership": u.leadership,
                                 "rules": list(u.rules)}
            if u.general_leadership is not None:
                d["general_leadership"] = u.general_leadership
            if u.battle_standard:
                d["battle_standard"] = True
            if losing:
                d["musician"] = u.musician
                d["models_start"] = u.models_start
                if left is not None:
                    d["models_left"] = left
            return d

        combat: dict[str, Any] = {"margin": margin}
        if stead:
            combat["steadfast"] = True
        if fear:
            combat["fear_outnumbered"] = True
        if two:
            combat["outnumbered_two_to_one"] = True
        src = {"system": "warhammer", "edition": self.model.edition, "situation": "break",
               "fleeing": table(loser, True), "pursuer": table(1 - loser, False), "combat": combat}
        for k in ("table", "options", "profiles_file"):
            if k in self.source:
                src[k] = copy.deepcopy(self.source[k])
        sc = WarhammerScenario(src, self.base_dir, check=False)
        self._chains[key] = sc
        return sc

    def _ending(self, au: int, ae: int, d: int):
        """``(outcome code, None)`` for an ending without a chain, else ``(None, chain key)``."""
        if au == 0 and ae == 0:
            return "both_destroyed", None
        if ae == 0:
            return "enemy_destroyed", None
        if au == 0:
            return "unit_destroyed", None
        if d == 0:
            return "draw", None
        loser = 1 if d > 0 else 0
        return None, self._key(loser, abs(d), (au, ae))

    # -- exact --------------------------------------------------------------------------------
    @property
    def _pairs(self) -> int:
        """Pairs of wound counts the convolution goes through (both sides at full strength)."""
        r = self.rules
        return (all_attacks(r.unit) + 1) * (all_attacks(r.enemy) + 1)

    @property
    def exact_refusal(self) -> str:
        """Why the exact solver will not run (``""`` when it will): more than :data:`MAX_PAIRS` pairs of
        wound counts (rational arithmetic on that many binomial terms takes minutes)."""
        if self._pairs <= MAX_PAIRS:
            return ""
        return (f"the exact round would combine {self._pairs:,} pairs of wound counts (the limit is "
                f"{MAX_PAIRS:,}: many attacks on both sides); use Monte Carlo (--mc)")

    @property
    def has_exact(self) -> bool:
        return not self.exact_refusal

    @property
    def exact_seconds(self) -> float:
        """Rough exact time: about 1 s per 1,300 pairs of wound counts on a 2-core machine (100 Orcs
        20 wide with A2 against as many Dwarfs, 6,561 pairs: 5 s), plus the loser's break chains.

        With later turns each ending of the round (loser, margin, models left) has its own chain, and
        those dominate (the shipped goblins fight without its [table]: 13 distinct 10-turn chains,
        about 5 s). The round is solved here to list them (it is cached for the answer).
        """
        if not self.has_exact:
            return 0.0
        if self._pairs > MAX_PAIRS // 4:  # a long round announces itself before it is solved
            return self._pairs / 1300
        keys = {self._ending(au, ae, margin_of(self.rules, wu, we, au, ae))[1]
                for (wu, we, au, ae) in self._round}
        chains = {}
        for key in keys - {None}:
            sc = self._chain(key)
            chains[sc.rules] = sc.exact_seconds
        return self._pairs / 1300 + sum(chains.values())

    @cached_property
    def _round(self) -> dict[tuple[int, int, int, int], Fraction]:
        return round_distribution(self.rules)

    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact ``{(outcome index, enemy casualties): P}``: the round's endings mixed with the loser's
        exact break chain (see the module docstring).

        Raises
        ------
        InputError
            For a mode other than ``"fraction"`` or ``"float"``.
        """
        mode = check_exact_mode(mode)
        if self.exact_refusal:
            raise FleeoddsError(f"{self.title}: {self.exact_refusal}")
        out: dict[tuple[int, int], Any] = {}
        chain_dist: dict[tuple, dict] = {}
        e_models = self.rules.enemy.models
        for (wu, we, au, ae), p in self._round.items():
            d = margin_of(self.rules, wu, we, au, ae)
            code, key = self._ending(au, ae, d)
            p = p if mode == "fraction" else float(p)
            metric = e_models - ae
            if code is not None:
                k = (self._index[code], metric)
                out[k] = out.get(k, 0) + p
                continue
            if key not in chain_dist:
                chain_dist[key] = self._chain(key).exact_distribution(mode)
            side = "enemy" if key[0] == 1 else "unit"
            for (ci, _), q in chain_dist[key].items():
                k = (self._index[f"{side}_{self._chain_codes[ci]}"], metric)
                out[k] = out.get(k, 0) + p * q
        return out

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """The round alone: P(the unit wins / draws / loses / both units are destroyed), the margin's law
        (unit minus enemy, after the musician's draw rule) and each side's casualties. A unit destroyed in
        the round loses it whatever the scores (docs/warhammer_combat.md §5, Draw), as in the outcomes."""
        mode = check_exact_mode(mode)
        if self.exact_refusal:
            return {}
        conv = (lambda x: x) if mode == "fraction" else float
        margin: dict[int, Fraction] = {}
        cas_u: dict[int, Fraction] = {}
        cas_e: dict[int, Fraction] = {}
        r = self.rules
        ends = {"unit": Fraction(0), "enemy": Fraction(0), "draw": Fraction(0), "both": Fraction(0)}
        for (wu, we, au, ae), p in self._round.items():
            d = margin_of(r, wu, we, au, ae)
            margin[d] = margin.get(d, Fraction(0)) + p
            # a side wiped out in the round loses whatever the scores (a musician's "draw" included)
            end = ("both" if au == 0 and ae == 0 else "enemy" if au == 0 else "unit" if ae == 0 else
                   "draw" if d == 0 else "unit" if d > 0 else "enemy")
            ends[end] += p
            cas_u[r.unit.models - au] = cas_u.get(r.unit.models - au, Fraction(0)) + p
            cas_e[r.enemy.models - ae] = cas_e.get(r.enemy.models - ae, Fraction(0)) + p
        return {"unit_wins": conv(ends["unit"]), "draw": conv(ends["draw"]), "enemy_wins": conv(ends["enemy"]),
                "both_destroyed": conv(ends["both"]),
                "margin": {d: conv(margin[d]) for d in sorted(margin)},
                "unit_casualties": {k: conv(cas_u[k]) for k in sorted(cas_u)},
                "enemy_casualties": {k: conv(cas_e[k]) for k in sorted(cas_e)}}

    # -- Monte Carlo ------------------------------------------------------------------------------
    def _mc_trials(self, seed: int, start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Outcome index and enemy casualties of trials ``start .. start + n - 1``."""
        from ..kernels.combat import pack, run_round

        sides, flags = pack(self.rules)
        rows = run_round(sides, flags, seed, start, n)
        codes = np.empty(n, np.int64)
        metric = self.rules.enemy.models - rows[:, 3]
        uniq, inv = np.unique(rows[:, 2:5], axis=0, return_inverse=True)
        inv = inv.reshape(-1)
        by_key: dict[tuple, list[int]] = {}
        for j, (au, ae, d) in enumerate(uniq.tolist()):
            code, key = self._ending(au, ae, d)
            if code is not None:
                codes[inv == j] = self._index[code]
            else:
                by_key.setdefault(key, []).append(j)
        chain_seed = (int(seed) + CHAIN_SEED_OFFSET) % (2**63)
        for key, js in by_key.items():
            mask = np.isin(inv, js)
            chain = self._chain(key)
            side = "enemy" if key[0] == 1 else "unit"
            lut = np.array([self._index[f"{side}_{c}"] for c in self._chain_codes], np.int64)
            res = chain.trial_kernel()(chain_seed, start, n)
            codes[mask] = lut[res[mask]]
        return codes, metric

    def kernel(self):
        """Monte Carlo kernel ``(seed, start, n) -> int64 (n_outcomes, n_bins)``."""
        shape = (len(self.outcomes), self.metric.n_bins)

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            codes, metric = self._mc_trials(seed, start, n)
            counts = np.zeros(shape, np.int64)
            np.add.at(counts, (codes, metric), 1)
            return counts

        return kernel

    def trial_kernel(self):
        """Per-trial outcome indices on the same trials as :meth:`kernel`."""

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            return self._mc_trials(seed, start, n)[0]

        return kernel

    # -- description ----------------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        d = self.model.model_dump(mode="json", exclude_none=True)
        r = self.rules
        d["resolved_units"] = {s: u.model_dump(mode="json", exclude_none=True)
                               for s, u in zip(("unit", "enemy"), self.units)}
        d["resolved_fight"] = {
            s: {"to_hit": x.hit, "to_wound": x.wound, "enemy_armour_save": x.save, "enemy_ward_save": x.ward,
                "attacks_at_full_strength": _attacks(x), "unsaved_wound_per_attack": str(kill_probability(x)),
                "static_bonus": x.static_bonus}
            for s, x in (("unit", r.unit), ("enemy", r.enemy))}
        unused = self.unused_inputs()
        if unused:
            d["unused_inputs"] = unused
        if self.dropped_rules:
            d["rules_not_modelled"] = list(self.dropped_rules)
        if self.exact_refusal:
            d["exact_refusal"] = self.exact_refusal
        return d

    def notes(self, lang: str = "en") -> list[str]:
        """The round alone, before any Break test: who wins it, in one sentence, then the fight table --
        the combat result's law (your unit's result minus the enemy's, after the musician's draw rule)
        with its exact percentage and its Fraction (``…`` when longer than the outcome table shows).
        ``[]`` when the exact round is refused (Monte Carlo only)."""
        s = self.summary("fraction")
        if not s:
            return []
        from tabulate import tabulate

        from ....i18n import pct
        from ....i18n import colon
        from ....i18n import MAX_FRACTION_CHARS

        fr = lang == "fr"
        parts = [("votre unité gagne" if fr else "your unit wins", s["unit_wins"]),
                 ("l'ennemi gagne" if fr else "the enemy wins", s["enemy_wins"])]
        if s["draw"] > 0:
            parts.append(("égalité" if fr else "a draw", s["draw"]))
        if s["both_destroyed"] > 0:
            parts.append(("les deux unités détruites" if fr else "both units destroyed", s["both_destroyed"]))
        head = "Le round seul, avant tout test de moral" if fr else "The round alone, before any Break test"
        out = [f"{head}{colon(lang)}" + ", ".join(f"{w} {pct(float(p), lang, 1)}" for w, p in parts) + "."]

        def fraction(p) -> str:
            text = str(p)
            return text if len(text) <= MAX_FRACTION_CHARS else "…"

        rows = [[f"{d:+d}".replace("-", "\u2212") if d else "0", pct(float(p), lang, 2), fraction(p)]
                for d, p in s["margin"].items()]
        heads = (["Résultat de combat (votre unité − l'ennemi)", "Exact", "Fraction"] if fr else
                 ["Combat result (your unit − the enemy)", "Exact", "Fraction"])
        out.append(tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True,
                            colalign=("right", "right", "left")))
        return out

    def summary_sentences(self, probabilities: dict[str, float], lang: str = "en") -> list[str]:
        """The answer in short sentences: who wins the round, then what the loser did (Break test,
        flight, pursuit, rally), then the draws and the units destroyed outright.

        ``probabilities``: outcome code -> probability. Sentences with nothing to say (a draw that
        cannot happen) are left out; an outcome under 0.5 % reads "under 1 %".
        """
        from ....i18n import rounded, short_label

        fr = lang == "fr"
        out: list[str] = []

        def p(code: str) -> float:
            return float(probabilities.get(code, 0.0))

        chain = [(c, lab) for c, lab in zip(self._chain_codes, self._chain_labels)]
        for winner in ("unit", "enemy"):
            loser = "enemy" if winner == "unit" else "unit"
            gone = p(f"{loser}_destroyed")
            parts = [(lab.fr if fr else lab.en, p(f"{loser}_{c}")) for c, lab in chain]
            total = sum(q for _, q in parts) + gone
            if total <= 0:
                continue
            items = [f"{short_label(label)} {rounded(q, lang)}" for label, q in parts if q > 0]
            if gone > 0:
                items.append(f"{'détruite au combat' if fr else 'destroyed in the fight'} {rounded(gone, lang)}")
            if fr:
                head = "Votre unité gagne" if winner == "unit" else "L'ennemi gagne"
                who = "L'unité ennemie" if winner == "unit" else "Votre unité"
                out.append(f"{head}\u202f: {rounded(total, lang)}. {who} ensuite\u202f: {', '.join(items)}.")
            else:
                head = "Your unit wins" if winner == "unit" else "The enemy wins"
                who = "The enemy" if winner == "unit" else "Your unit"
                out.append(f"{head} {rounded(total, lang)}. {who} then: {', '.join(items)}.")
        if p("draw") > 0:
            out.append(f"Égalité (pas de test de moral)\u202f: {rounded(p('draw'), lang)}." if fr else
                       f"A draw (no Break test): {rounded(p('draw'), lang)}.")
        if p("both_destroyed") > 0:
            out.append(f"Les deux unités sont détruites\u202f: {rounded(p('both_destroyed'), lang)}." if fr else
                       f"Both units destroyed: {rounded(p('both_destroyed'), lang)}.")
        return out

    def unused_inputs(self) -> list[str]:
        """Unit fields written in the file that change nothing here: ``models_start`` when no rally test
        follows (``table.max_turns = 0``)."""
        out = []
        if self.model.table.max_turns == 0:
            for side in ("unit", "enemy"):
                if "models_start" in (self.source.get("fight", {}).get(side) or {}):
                    out.append(f"fight.{side}.models_start")
        return out

    # -- list building ------------------------------------------------------------------------
    def unit_name(self, role: str) -> str:
        """Role ``"fleeing"`` is your unit (``fight.unit``), ``"pursuing"`` the enemy (``fight.enemy``)."""
        return {"fleeing": self.units[0].name, "pursuing": self.units[1].name}.get(role, "")

    def with_unit(self, role: str, profile: dict[str, Any]) -> "FightScenario":
        """A copy with ``fight.unit`` (role ``"fleeing"``: the unit whose odds are asked) or
        ``fight.enemy`` (role ``"pursuing"``) replaced by an imported profile.

        The profile gives the characteristics, troop type and rules (``name, movement, leadership,
        weapon_skill, strength, toughness, wounds, initiative, attacks, troop_type, rules``); the
        scenario keeps the unit's size, formation and command. Its equipment too, unless the profile
        carries an ``equipment`` table read from a catalogue (``{weapon, shield, armour_save,
        ward_save}``, :func:`..list_building.equipment`): then those four fields come from it (a missing
        save is none), a lance or flail that cannot count here becomes a hand weapon and a shield
        with a two-handed weapon is left out, each said in :attr:`equipment_read`. Starts from
        :meth:`base_source`.

        Special rules fleeodds does not model in this fight (``fly`` in 8th and TOW, Fear and Terror in
        8th against an enemy not immune to Fear) are left out and
        listed in :attr:`dropped_rules`; the scenario's own fields are not checked again for effect
        (a General's Leadership may not be above an imported unit's: it was checked on loading).

        Raises
        ------
        InputError
            For another role, a profile that is not a table, or values the fight refuses (a
            character, a lance on foot).
        """
        side = {"fleeing": "unit", "pursuing": "enemy"}.get(role)
        if side is None:
            raise InputError("role", short_repr(role), "'fleeing' (fight.unit) or 'pursuing' (fight.enemy)")
        if not isinstance(profile, dict):
            raise InputError(role, short_repr(profile), "a unit profile table (name, movement, leadership, ...)")
        data = self.base_source()
        keep = {k: v for k, v in dict(data["fight"][side]).items() if k not in PROFILE_FIELDS + ("profile",
                                                                                              "extra_rules")}
        for k in PROFILE_FIELDS:
            if k in profile:
                keep[k] = list(profile[k]) if isinstance(profile[k], tuple) else copy.deepcopy(profile[k])
        kit = profile.get("equipment")
        read: list[str] = []
        if kit is not None:
            if not isinstance(kit, dict):
                raise InputError(f"{role}.equipment", short_repr(kit), "a table of weapon, shield, armour_save, "
                                                                       "ward_save")
            read = self._fit_equipment(keep, kit, side, data["fight"].get("charger", "unit"))
        dropped: list[str] = []
        if isinstance(keep.get("rules"), list):  # rules fleeodds does not model here (fly in 8th): left out, said
            foe = self.units[1] if side == "unit" else self.units[0]
            dropped = [r for r in keep["rules"] if r != "fast_cavalry" and (any(
                special_rule_errors(x, r, self.model, "rules") is not None for x in ("fleeing", "pursuer"))
                or fight_rule_error(r, self.model.edition, foe, "rules") is not None)]
            keep["rules"] = [r for r in keep["rules"] if r not in dropped]
        data["fight"][side] = keep
        data["title"] = f"{self.model.title or self.title} [{profile.get('name', role)}]"
        sc = FightScenario(data, self.base_dir, check_units=False)
        sc.equipment_read = read
        sc.dropped_rules = dropped
        return sc

    #: Special rules :meth:`with_unit` left out of an imported profile because fleeodds does not model
    #: them in this fight (``fly`` in 8th and TOW); listed in ``describe()["rules_not_modelled"]``.
    dropped_rules: list[str] = []

    @staticmethod
    def _fit_equipment(keep: dict[str, Any], kit: dict[str, Any], side: str, charger: str) -> list[str]:
        """Put an imported unit's equipment (:func:`..list_building.equipment`) in ``keep`` in place of the
        scenario's; what cannot count in this fight is left out and said. Returns what was used as codes
        (``["great_weapon", "armour:5"]``; a left-out item ``"unused:lance"``, ``"unused:flail"``,
        ``"unused:shield:<weapon>"``), named in words by :func:`..list_building.extra_text`."""
        for k in EQUIPMENT_FIELDS:
            keep.pop(k, None)
        said: list[str] = []
        weapon = kit.get("weapon") or "hand_weapon"
        if weapon not in WEAPONS:
            raise InputError("equipment.weapon", short_repr(weapon), "one of " + ", ".join(WEAPONS))
        if weapon == "lance" and charger != side:
            said.append("unused:lance")
            weapon = "hand_weapon"
        if weapon == "flail" and charger == "none":
            said.append("unused:flail")
            weapon = "hand_weapon"
        keep["weapon"] = weapon
        said.insert(0, weapon)
        if kit.get("shield"):
            if weapon in TWO_HANDED:
                said.append(f"unused:shield:{weapon}")
            else:
                keep["shield"] = True
                said.append("shield")
        for k, word in (("armour_save", "armour"), ("ward_save", "ward")):
            if kit.get(k) is not None:
                keep[k] = kit[k]
                said.append(f"{word}:{kit[k]}")
        return said

    #: What :meth:`with_unit` read of an imported unit's equipment (``[]``: the scenario's equipment).
    equipment_read: list[str] = []


def _attacks(s) -> int:
    return all_attacks(s)  # mounts, champion, characters, impact hits included (parts' plan.combat.all_attacks)
