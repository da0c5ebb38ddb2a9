"""Situation ``fight``: close combat between two units, round after round (``fight.max_rounds``; a
draw or a held Break test leads to another round, docs/warhammer_combat.md §17), then the loser's
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

Composition of the two halves. The exact side mixes, for each way a round can end
(casualties and signed margin, :func:`..exact.combat.round_law`), the exact
break-scenario distribution of the loser (:func:`..exact.flee.solve` through
:class:`WarhammerScenario`), weighted by that ending's probability; the rounds are chained over the
models left and the wounds their wounded models carry by :func:`..exact.rounds.several_rounds`, each later
round's rules re-resolved with them and no charge (:func:`..plan.rounds.later_round_rules`). The Monte Carlo
side runs the fight kernel (:mod:`..kernels.combat`) for every trial, then, for each
distinct chain a loser can face (loser, margin, Steadfast...), the existing chain
kernel untouched, on the same trial indices with a seed of its own; a trial keeps
the chain result of its own key. Each chain runs over the whole block of trials and
only its trials are kept: that costs one chain run per key, but the counts do not
depend on how the engine cuts the trials into blocks (a chain trial count split by
key would), and the chain kernel needs no change. Later rounds run the same round per trial on the
trials still fighting (:mod:`..kernels.rounds`), each round with a seed of its own.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ....engine import counts_kernel
from ....errors import FleeoddsError, InputError, short_repr
from ....language import Message, N_, Written, pmessage
from ....i18n import pair_text
from ....outcomes import Metric, Outcome
from ....system import Scenario
from ....validation import check_exact_mode, effect_checks_on, inert, no_effect, validate
from ..checks.combat import (check_chain_fields, check_fight_options, check_fight_units, fight_rule_error,
                             refuse_not_modelled)
from ..checks.flee import special_rule_errors
from ..exact.combat import kill_probability, round_law
from ..exact.flee import break_test_held
from ..exact.rounds import several_rounds
from ..labels import fight_names, fight_unit, generated_title
from ..model.combat import TWO_HANDED, WEAPONS
from ..model.flee import ScenarioModel
from ..plan.combat import (FightPlan, FightRules, all_attacks, fight_plan, margin_of, margins, resolve_fight,
                           resolve_units, steadfast)
from ..plan.flee import BREAK_CLASSIC
from ..plan.rounds import later_round_rules
from .flee import WarhammerScenario
from ....i18n import Grouped

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

#: Endings of a round decided without a Break test (the labels name the units: :meth:`FightScenario._labels`).
ENDING_CODES = ("draw", "enemy_destroyed", "unit_destroyed", "both_destroyed")
#: The loser's chain outcomes after which the fight goes on in another round (it held its Break test, or
#: in The Old World gave ground): terminal only in the last round fought.
CONTINUE = ("held", "gave_ground")
#: Rounds fought at most when ``fight.max_rounds`` is left out ("until resolved"): the answer says how
#: often the fight is still going on after them.
ROUND_CAP = 10
#: Editions whose loser's chain splits at its Break test (:meth:`FightScenario._chain_law`).
SPLIT_EDITIONS = ("6th", "7th", "8th")
#: The several-round exact solve's shortcuts: in float mode each later round's law convolved in float64 (the
#: laws of a step's wounds exact, rounded once), and P(held) read from the Break test's own law
#: (:func:`..exact.flee.break_test_held`) instead of a chain of the test and the pursuit. ``False``: the former
#: path (each round in Fractions, the test's chain solved), a benchmark's baseline (benchmarks/run_all.py
#: --only fight); the answers are the same (Fractions) or within float rounding.
FAST_ROUNDS = True


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
        #: The fight's own fields (``source`` may be replaced by the file as written when the fight is a charge
        #: reaction of a flee_reaction file, :mod:`.reaction`): the loser's chains and the Stand & Shoot read these.
        self.fight_source = copy.deepcopy(self.source)
        for key in BUILT:
            if key in data:
                inert(key, short_repr(data[key]), Message(N_("in situation 'fight' (the round decides the loser, "
                                                             "the winner and the margin)")))
        refuse_not_modelled(data)
        model = validate(ScenarioModel, data)
        if model.fight is None:
            raise InputError("fight", None, Message(N_("a [fight] table with [fight.unit] and [fight.enemy]")))
        self.model = model
        self._pf = (self.base_dir / model.profiles_file) if model.profiles_file else None
        self.units = resolve_units(model.fight, self._pf)
        check_fight_units(data, model, self.units, check_units)
        self.rules: FightRules = resolve_fight(model, self.units)
        #: The charger's casualties of a Stand & Shoot, ``{models removed: P}`` (None without one).
        self.shot_law = self._stand_and_shoot(model)
        self._after: dict[int, FightScenario] = {}
        self._plan = fight_plan(model, self.units, self.rules)
        check_fight_options(data, model)
        self.title = model.title or generated_title(self.units[0].name, [self.units[1].name], model.edition,
                                                    fight=True)
        self.until_resolved = model.fight.max_rounds is None
        self.max_rounds = model.fight.max_rounds or ROUND_CAP
        self._chains: dict[tuple, Any] = {}
        self._later: dict[tuple[int, int, int, int], FightRules] = {}
        self._laws: dict[tuple, list] = {}
        self._chain_laws: dict[tuple, list] = {}
        self._flights: dict[tuple, Any] = {}
        self._summaries: dict[str, dict] = {}
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
        self.names = fight_names((self.rules.unit.models, self.rules.enemy.models),
                                 (self.units[0].name, self.units[1].name))
        self.outcomes = self._labels()
        self._index = {o.code: i for i, o in enumerate(self.outcomes)}
        self.metric = Metric("round", N_("round in which the fight was decided"),
                             self.max_rounds, 1, "")

    def _labels(self) -> tuple[Outcome, ...]:
        """The outcomes, each naming the units ("20 Night Goblins win; 16 Dwarf Warriors: caught and destroyed
        in the pursuit"; French "l'unité de 20 Gobelins de la Nuit gagne ; l'unité de 16 Guerriers nains :
        rattrapée et détruite par la poursuite", every French label agreeing with "unité"). The unit's wins
        first, then the endings without a Break test, then the enemy's wins. A held Break test and a draw
        end the fight only in the last round fought (then "still fighting after the last round")."""
        models = (self.rules.unit.models, self.rules.enemy.models)
        names = (self.units[0].name, self.units[1].name)
        (u, e), (u_first, e_first) = (fight_unit(models[i], names[i]) for i in (0, 1)), \
            (fight_unit(models[i], names[i], first=True) for i in (0, 1))
        # the same words whatever fight.max_rounds, so that setups with different limits compare outcome by outcome
        on = Message(N_(", still fighting after the last round"))

        def won(side: str, o: Outcome) -> Outcome:
            winner, loser = (u_first, e) if side == "enemy" else (e_first, u)
            return Outcome(f"{side}_{o.code}", Message(N_("{winner} win; {loser}: {outcome}{more}"), winner=winner,
                                                       loser=loser, outcome=o.label(),
                                                       more=on if o.code in CONTINUE else Written("")))

        outs = [won("enemy", o) for o in self._chain_labels]
        outs += [Outcome("draw", Message(N_("a draw (no Break test){more}"), more=on)),
                 Outcome("enemy_destroyed", Message(N_("{winner} win; {loser} destroyed in the fight"),
                                                    winner=u_first, loser=e)),
                 Outcome("unit_destroyed", Message(N_("{winner} win; {loser} destroyed in the fight"),
                                                   winner=e_first, loser=u)),
                 Outcome("both_destroyed", pmessage("fight outcome", "both units destroyed"))]
        outs += [won("unit", o) for o in self._chain_labels]
        return tuple(outs)

    def _stand_and_shoot(self, model) -> dict[int, Fraction] | None:
        """The law of the charger's casualties of ``fight.stand_and_shoot`` (TOW, the enemy charging)."""
        sns = model.fight.stand_and_shoot
        if sns is None:
            return None
        if model.fight.charger != "enemy":
            raise InputError("fight.stand_and_shoot", "a table", Message(N_("a charge by the enemy "
                                                                            "(fight.charger = 'enemy'): the "
                                                                            "charged unit shoots at its charger")))
        from ..plan.stand_and_shoot import casualty_law

        return casualty_law(sns, self.units[0].ballistic_skill, model.fight.enemy, self.units[1], model.edition)

    def after_shots(self, removed: int) -> "FightScenario":
        """The fight once the Stand & Shoot has removed ``removed`` of the charger's models (cached): the same
        file with fewer chargers (its files and models in base contact no more than the models left, its
        models at the start of the battle those written, for the rally limits) and no shots."""
        if removed not in self._after:
            from ....validation import without_effect_checks

            src = copy.deepcopy(self.fight_source)
            src.pop("decide", None)
            fight = src["fight"]
            fight.pop("stand_and_shoot")
            enemy = fight["enemy"]
            written = self.model.fight.enemy
            left = written.models - removed
            enemy["models"] = left
            enemy["files"] = min(written.files, left)
            # the models in base contact cannot outnumber the models left (a fight file refuses it)
            if written.fighting_files is not None:
                enemy["fighting_files"] = min(written.fighting_files, left)
            # the shots are casualties of this battle: the rally limits still count from the models the
            # unit started the battle with (TOW below 50 % Ld - 1, below 25 % a double 1 only)
            enemy["models_start"] = written.models_start or written.models
            with without_effect_checks():
                self._after[removed] = FightScenario(src, self.base_dir, check_units=False)
        return self._after[removed]

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

    def _chain(self, key: tuple, test_only: bool = False):
        """The break scenario of ``key`` (cached), built with the fight's [table] and [options]; with
        ``test_only`` its Break test and the pursuit alone (``table.max_turns = 0``)."""
        if (key, test_only) in self._chains:
            return self._chains[(key, test_only)]
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
            if k in self.fight_source:
                src[k] = copy.deepcopy(self.fight_source[k])
        if test_only:
            src["table"] = dict(src.get("table", {}), max_turns=0)
        sc = WarhammerScenario(src, self.base_dir, check=False)
        self._chains[(key, test_only)] = sc
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
    def exact_refusal(self) -> Message | str:
        """Why the exact solver will not run (``""`` when it will): more than :data:`MAX_PAIRS` pairs of
        wound counts (rational arithmetic on that many binomial terms takes minutes)."""
        if self._pairs <= MAX_PAIRS:
            return ""
        return Message(N_("the exact round would combine {pairs} pairs of wound counts (the limit is {limit}: many "
                          "attacks on both sides); use Monte Carlo (--mc)"), pairs=Grouped(self._pairs),
                       limit=Grouped(MAX_PAIRS))

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
        # later rounds solve a round again for each pair of models left: at most one round per pair of sizes
        # the first round leaves, so the first round's pairs times the rounds fought bound it (a rough bound)
        later = 1 if self.max_rounds == 1 else self.max_rounds
        if self._pairs * later > MAX_PAIRS // 4:  # a long solve announces itself before it is solved
            return self._pairs * later / 1300
        keys = {self._ending(au, ae, margin_of(self.rules, wu, we, au, ae))[1]
                for (wu, we, au, ae) in self._round}
        chains = {}
        for key in keys - {None}:
            sc = self._chain(key)
            chains[sc.rules] = sc.exact_seconds
        return self._pairs * later / 1300 + sum(chains.values())

    @cached_property
    def _round(self) -> dict[tuple[int, int, int, int], Fraction]:
        out: dict[tuple[int, int, int, int], Fraction] = {}
        for (wu, we, au, ae, _hu, _he), p in self._round_law.items():
            out[(wu, we, au, ae)] = out.get((wu, we, au, ae), Fraction(0)) + p
        return out

    @cached_property
    def _round_law(self) -> dict[tuple[int, int, int, int, int, int], Fraction]:
        return round_law(self.rules)

    def _rules_at(self, k: int, au: int, ae: int, hu: int = 0, he: int = 0) -> FightRules:
        """The numbers of round ``k`` started with ``au`` and ``ae`` models, whose wounded models carry ``hu``
        and ``he`` wounds (round 1: the file's own; later: :func:`..plan.rounds.later_round_rules`, cached by
        the state)."""
        if k == 1:
            return self.rules
        if (au, ae, hu, he) not in self._later:
            self._later[(au, ae, hu, he)] = later_round_rules(self.model, self.units, (au, ae), (hu, he))
        return self._later[(au, ae, hu, he)]

    def _law(self, k: int, state: tuple[int, int, int, int], mode: str) -> list:
        """``[((alive unit, alive enemy, margin, carried unit, carried enemy), P)]`` of round ``k`` from
        ``state`` (models left and the wounds their wounded models carry): the round's exact law
        (:func:`..exact.combat.round_law`, a black box) summed over what the rest of the fight does not read
        (the wound counts), cached by its real inputs (round 1, or the state)."""
        key = (1, 0, 0, 0, 0, mode) if k == 1 else (2, *state, mode)
        if key not in self._laws:
            r = self._rules_at(k, *state)
            if mode == "fraction" or not FAST_ROUNDS:
                law = self._round_law if k == 1 else round_law(r)
            else:  # float64 through the strike steps (each step's law exact, rounded once)
                law = round_law(r, "float")
            out: dict[tuple[int, int, int, int, int], Fraction] = {}
            get, margin = out.get, margins(r)
            for (wu, we, a_u, a_e, h_u, h_e), p in law.items():
                e = (a_u, a_e, margin(wu, we, a_u, a_e), h_u, h_e)
                out[e] = get(e, 0) + p
            self._laws[key] = [(e, p if mode == "fraction" else float(p)) for e, p in out.items()]
        return self._laws[key]

    def _full_chain_law(self, key: tuple, mode: str, test_only: bool = False) -> dict[str, Any]:
        """``{chain outcome code: P}`` of the loser's chain ``key`` solved whole (its metric summed out)."""
        law: dict[str, Any] = {}
        chain = self._chain(key, test_only)
        # solved in Fractions when the chain allows it (forward propagation: no scipy import, and the chain's
        # exploration computes in Fractions anyway), then mixed in the fight's own mode
        sub = "fraction" if chain.exact_fraction_ok else mode
        for (ci, _), q in chain.exact_distribution(sub).items():
            c = chain.outcomes[ci].code
            law[c] = law.get(c, 0) + (q if mode == "fraction" else float(q))
        return law

    def _chain_law(self, key: tuple, mode: str) -> list:
        """``[(chain outcome code, P)]`` of the loser's chain ``key``, cached.

        In 6th, 7th and 8th the margin, Steadfast and Fear reach the chain through its Break test alone
        (passed: held; failed: the flight, whose law does not read them): the chain is solved by those real
        inputs, P(held) from the Break test (with the pursuit, no later turn) and the flight's law once per
        loser and models left, from the chain of the largest margin without Steadfast or Fear divided by its
        P(failed). :func:`tests...test_split_chain_equals_the_whole_chain` checks the split against whole chains.
        The Old World's Break test has more results (give ground, fall back): :meth:`_tow_split_law`."""
        if (key, mode) in self._chain_laws:
            return self._chain_laws[(key, mode)]
        law = None
        if self.model.edition in SPLIT_EDITIONS:
            loser, margin, left, stead, fear, two = key
            # the Break test alone does not read the models left (no rally follows it): P(held) from the test's
            # own law (exact.flee.break_test_held, the one the chain's first step uses)
            test_key = (loser, margin, None, stead, fear, two)
            test = self._chain(test_key, test_only=True).rules
            if test.break_mode == BREAK_CLASSIC and FAST_ROUNDS:
                held = break_test_held(test)
                held = held if mode == "fraction" else float(held)
            else:
                held = self._full_chain_law(test_key, mode, test_only=True).get("held", 0)
            ref = (loser, MARGIN_CAP, left, False, False, False)
            if (ref, mode) not in self._flights:
                whole = self._full_chain_law(ref, mode)
                fail = 1 - whole.get("held", 0)
                self._flights[(ref, mode)] = {c: q / fail for c, q in whole.items() if c != "held"} if fail else None
            flight = self._flights[(ref, mode)]
            if held == 1:
                law = {"held": held}
            elif flight is not None:
                law = {"held": held} if held else {}
                law.update({c: (1 - held) * q for c, q in flight.items()})
        elif self.model.edition == "tow" and FAST_ROUNDS:
            law = self._tow_split_law(key, mode)
        if law is None:
            law = self._full_chain_law(key, mode)
        self._chain_laws[(key, mode)] = [(c, q) for c, q in law.items() if q]
        return self._chain_laws[(key, mode)]

    def _tow_split_law(self, key: tuple, mode: str) -> dict[str, Any] | None:
        """The Old World's chain ``key`` split at its Break test: the test's results (give ground, fall back in
        good order, break: :func:`..exact.flee.tow_break_results`, the chain's own first step) read the margin,
        Steadfast, Fear and the two-to-one rule; what follows a fall back or a break does not. The laws after a
        fall back and after a break are solved once per loser and models left, on the chain of the largest margin
        with its test forced (a break: the classic automatic break; a fall back: Stubborn's, with the give ground
        of a double 1 taken out). ``None`` when the test is not TOW's (then the chain is solved whole).
        :func:`tests...test_tow_split_chain_equals_the_whole_chain` checks it against whole chains."""
        import dataclasses

        from ..exact.flee import solve as solve_chain, tow_break_results
        from ..plan.flee import BREAK_TOW

        loser, margin, left, stead, fear, two = key
        rules = self._chain(key).rules
        if rules.break_mode != BREAK_TOW or rules.unbreakable:
            return None
        ref = (loser, MARGIN_CAP, left, False, False, False)
        if (ref, "tow", mode) not in self._flights:
            chain = self._chain(ref)
            base = chain.rules
            names = {c: chain.outcomes[i].code for i, c in enumerate(chain._codes)}

            def law_of(r) -> dict[str, Fraction]:
                out: dict[str, Fraction] = {}
                for (c, _), q in solve_chain(r, "fraction").items():
                    out[names[c]] = out.get(names[c], Fraction(0)) + q
                return out

            broke = law_of(dataclasses.replace(base, break_mode=BREAK_CLASSIC, auto_break=True,
                                               break_test=dataclasses.replace(base.break_test, double1_passes=False)))
            held_back = dataclasses.replace(base, tow_stubborn_falls_back=True)
            gave = tow_break_results(held_back)[0]
            back = law_of(held_back)
            back = {c: (q - (gave if c == "gave_ground" else 0)) / (1 - gave) for c, q in back.items()}
            conv = (lambda x: x) if mode == "fraction" else float
            self._flights[(ref, "tow", mode)] = ({c: conv(q) for c, q in back.items() if q},
                                                 {c: conv(q) for c, q in broke.items() if q})
        back, broke = self._flights[(ref, "tow", mode)]
        res = tow_break_results(rules)
        p = [res[i] if mode == "fraction" else float(res[i]) for i in (0, 1, 2)]
        law: dict[str, Any] = {"gave_ground": p[0]} if p[0] else {}
        for w, part in ((p[1], back), (p[2], broke)):
            if w:
                for c, q in part.items():
                    law[c] = law.get(c, 0) + w * q
        return law

    def _step(self, mode: str):
        """The round step of :func:`..exact.rounds.several_rounds` from state ``(au, ae, hu, he)`` (models left,
        wounds carried by each side's wounded model): ``{("go", state', code): P}`` for another round
        (``code``: the outcome if none follows, a draw or a held Break test) and ``{("end", code): P}``, summed
        and cached by the round's real inputs (round 1, or the state: every later round from it is alike)."""
        cache: dict[tuple, dict] = {}
        fates: dict[tuple[int, int, int], list] = {}

        def fate(a_u: int, a_e: int, d: int) -> list:
            """``[(code, goes on, P)]`` of a round ended with these models left and margin (cached: the same
            ending is reached from many states)."""
            if (a_u, a_e, d) not in fates:
                code, key = self._ending(a_u, a_e, d)
                if code is not None:
                    fates[(a_u, a_e, d)] = [(code, code == "draw", 1)]
                else:
                    side = "enemy" if key[0] == 1 else "unit"
                    fates[(a_u, a_e, d)] = [(f"{side}_{c}", c in CONTINUE, q) for c, q in self._chain_law(key, mode)]
            return fates[(a_u, a_e, d)]

        def step(k: int, state):
            ck = (1,) if k == 1 else (2, *state)
            if ck in cache:
                return cache[ck]
            out: dict[tuple, Any] = {}
            get = out.get
            for (a_u, a_e, d, h_u, h_e), p in self._law(k, state, mode):
                after = (a_u, a_e, h_u, h_e)
                for code, goes, q in fate(a_u, a_e, d):
                    what = ("go", after, code) if goes else ("end", code)
                    out[what] = get(what, 0) + p * q
            cache[ck] = out
            return out
        return step

    @property
    def exact_fraction_ok(self) -> bool:
        """One round: rational arithmetic, as before. Several rounds: float64 (the chained rounds' Fractions
        grow denominators of hundreds of digits and take seconds; the float solve is the same chain)."""
        return self.max_rounds == 1

    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact ``{(outcome index, round decided): P}``: the rounds chained by
        :func:`..exact.rounds.several_rounds`, each round's endings mixed with the loser's exact break chain
        (see the module docstring).

        Raises
        ------
        InputError
            For a mode other than ``"fraction"`` or ``"float"``.
        """
        mode = check_exact_mode(mode)
        if self.exact_refusal:
            raise FleeoddsError(Message(N_("{title}: {why}"), title=self.title, why=self.exact_refusal))
        if self.shot_law is not None:
            return self._exact_after_shots(mode)
        zero = Fraction(0) if mode == "fraction" else 0.0
        start = (self.rules.unit.models, self.rules.enemy.models, 0, 0)
        law = several_rounds(start, self._step(mode), self.max_rounds, zero)
        return {(self._index[code], k): p for (code, k), p in law.items() if p}

    def _exact_after_shots(self, mode: str) -> dict[tuple[int, int], Any]:
        """A Stand & Shoot's fight: each number of chargers shot down weighs the exact fight with the survivors
        (:meth:`after_shots`); a charger shot down to the last model never reaches the unit, which counts as the
        enemy destroyed (before the fight, in the first round)."""
        out: dict[tuple[int, int], Any] = {}
        everyone = self.model.fight.enemy.models
        for removed, q in self.shot_law.items():
            q = q if mode == "fraction" else float(q)
            if removed >= everyone:
                key = (self._index["enemy_destroyed"], 0)
                out[key] = out.get(key, 0) + q
                continue
            sub = self.after_shots(removed)
            for (i, k), p in sub.exact_distribution(mode).items():
                key = (self._index[sub.outcomes[i].code], k)
                out[key] = out.get(key, 0) + q * p
        return {k: p for k, p in out.items() if p}

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """The round alone: P(the unit wins / draws / loses / both units are destroyed), the margin's law
        (unit minus enemy, after the musician's draw rule) and each side's casualties. A unit destroyed in
        the round loses it whatever the scores (docs/warhammer_combat.md §5, Draw), as in the outcomes."""
        mode = check_exact_mode(mode)
        if self.exact_refusal:
            return {}
        if mode not in self._summaries:  # the notes of both languages and the evaluation ask again
            self._summaries[mode] = self._summary(mode)
        return copy.deepcopy(self._summaries[mode])  # a copy: callers may change it

    def _summary(self, mode: str) -> dict[str, Any]:
        if self.shot_law is not None:
            return self._summary_after_shots(mode)
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

    def _summary_after_shots(self, mode: str) -> dict[str, Any]:
        """:meth:`summary` of a Stand & Shoot's fight: the round of the chargers left, weighed by the law of the
        shots (a charger shot down to the last model never fights: the unit wins, with no margin)."""
        zero = Fraction(0) if mode == "fraction" else 0.0
        out: dict[str, Any] = {"unit_wins": zero, "draw": zero, "enemy_wins": zero, "both_destroyed": zero,
                               "margin": {}, "unit_casualties": {}, "enemy_casualties": {}}
        everyone = self.model.fight.enemy.models
        for removed, q in self.shot_law.items():
            q = q if mode == "fraction" else float(q)
            if removed >= everyone:
                out["unit_wins"] += q
                continue
            sub = self.after_shots(removed).summary(mode)
            for key in ("unit_wins", "draw", "enemy_wins", "both_destroyed"):
                out[key] += q * sub[key]
            for key in ("margin", "unit_casualties", "enemy_casualties"):
                for k, p in sub[key].items():
                    out[key][k] = out[key].get(k, zero) + q * p
        for key in ("margin", "unit_casualties", "enemy_casualties"):
            out[key] = dict(sorted(out[key].items()))
        return out

    # -- Monte Carlo ------------------------------------------------------------------------------
    def _mc_trials(self, seed: int, start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Outcome index and round decided of trials ``start .. start + n - 1``.

        Round 1 is :func:`..kernels.combat.run_round` on every trial (the first round's dice as before);
        each later round runs :func:`..kernels.rounds.run_round_on` on the trials still fighting, grouped by
        the models left, with the round's own seed (:func:`..kernels.rounds.round_seed`); a loser's chain
        runs the existing chain kernel over the span of trial indices that need it, with a seed of its own
        per round, and each trial keeps the result of its own index: the counts do not depend on how the
        engine cuts the trials into blocks."""
        from ..kernels.combat import ROW, pack, run_round
        from ..kernels.rounds import round_seed, run_round_on

        if self.shot_law is not None:
            return self._mc_after_shots(seed, start, n)
        codes = np.full(n, -1, np.int64)
        decided = np.full(n, self.max_rounds, np.int64)
        pos = np.arange(n)                      # trials still fighting (positions in the block)
        why = np.full(n, self._index["draw"], np.int64)
        rows = np.empty((0, ROW), np.int64)
        for k in range(1, self.max_rounds + 1):
            if k == 1:
                rows = run_round(*pack(self.rules), seed, start, n)
            else:
                rows = np.empty((pos.size, ROW), np.int64)
                # the next round's state: models left and the wounds each side's wounded model carries
                groups = np.unique(prev[:, [2, 3, 5, 6]], axis=0, return_inverse=True)
                for g, (au, ae, hu, he) in enumerate(groups[0].tolist()):
                    sel = np.nonzero(groups[1].reshape(-1) == g)[0]
                    rows[sel] = run_round_on(*pack(self._rules_at(k, au, ae, hu, he)), round_seed(seed, k),
                                             start + pos[sel])
            going = np.zeros(pos.size, bool)
            uniq, inv = np.unique(rows[:, 2:5], axis=0, return_inverse=True)
            inv = inv.reshape(-1)
            chain_seed = round_seed((int(seed) + CHAIN_SEED_OFFSET) % (2**63), k)
            by_chain: dict[Any, list] = {}  # chains with the same resolved numbers run once per round
            for j, (au, ae, d) in enumerate(uniq.tolist()):
                sel = np.nonzero(inv == j)[0]
                code, key = self._ending(au, ae, d)
                if code == "draw":
                    going[sel] = True
                    why[pos[sel]] = self._index["draw"]
                    continue
                if code is not None:
                    codes[pos[sel]] = self._index[code]
                    decided[pos[sel]] = k
                    continue
                chain = self._chain(key)
                group = by_chain.setdefault((key[0], chain.rules), [chain, []])
                group[1].append(sel)
            for (loser, _), (chain, sels) in by_chain.items():
                sel = np.sort(np.concatenate(sels))
                side = "enemy" if loser == 1 else "unit"
                lut = np.array([self._index[f"{side}_{c}"] for c in self._chain_codes], np.int64)
                cont = np.array([c in CONTINUE for c in self._chain_codes])
                res = _chain_on(chain.trial_kernel(), chain_seed, start, pos[sel])
                on = cont[res]
                going[sel[on]] = True
                why[pos[sel[on]]] = lut[res[on]]
                off = sel[~on]
                codes[pos[off]] = lut[res[~on]]
                decided[pos[off]] = k
            prev = rows[going]
            pos = pos[going]
            if pos.size == 0:
                break
        codes[pos] = why[pos]  # still fighting after the last round: how its last round ended
        return codes, decided - 1

    def _mc_after_shots(self, seed: int, start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        """A Stand & Shoot's trials: each trial's casualties drawn from its own stream
        (:func:`..kernels.stand_and_shoot.shot_casualties`), then the fight of the survivors on the same trial
        indices and seed (every count of survivors runs the block and keeps its own trials)."""
        from ..kernels.stand_and_shoot import shot_casualties

        removed = shot_casualties(self.shot_law, seed, start, n)
        codes = np.empty(n, np.int64)
        decided = np.zeros(n, np.int64)
        everyone = self.model.fight.enemy.models
        for r in np.unique(removed).tolist():
            sel = removed == r
            if r >= everyone:
                codes[sel] = self._index["enemy_destroyed"]
                continue
            sub = self.after_shots(r)
            c, d = sub._mc_trials(seed, start, n)
            lut = np.array([self._index[o.code] for o in sub.outcomes], np.int64)
            codes[sel], decided[sel] = lut[c[sel]], d[sel]
        return codes, decided

    def kernel(self):
        """Monte Carlo kernel ``(seed, start, n) -> int64 (n_outcomes, n_bins)``."""
        return counts_kernel(self._mc_trials, len(self.outcomes), self.metric.n_bins)

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
        d["rounds"] = {"max_rounds": self.max_rounds, "until_resolved": self.until_resolved}
        if self.shot_law is not None:  # Stand & Shoot: the charger's models removed before the fight
            d["stand_and_shoot_casualties"] = {str(k): str(p) for k, p in sorted(self.shot_law.items())}
        unused = self.unused_inputs()
        if unused:
            d["unused_inputs"] = unused
        if self.dropped_rules:
            d["rules_not_modelled"] = list(self.dropped_rules)
        if self.exact_refusal:
            d["exact_refusal"] = self.exact_refusal
        return d

    def rule_sources(self) -> list[dict[str, str]]:
        """The rules of this round and of the loser's chain, with their sources (:func:`..sources.fight_sources`)."""
        from ..sources import fight_sources

        return fight_sources(self.model, self.units, self.rules)

    def _name(self, side: int, up: bool = False, short: bool = False) -> str:
        """A unit's name in the reader's language (``side`` 0: ``fight.unit``, 1: ``fight.enemy``):
        "20 Night Goblins", in French "l'unité de 20 Gobelins de la Nuit" (``up``: "L'unité de ...", to start
        a sentence; ``short``: "20 Gobelins de la Nuit", inside brackets)."""
        en, fr = self.names[side]
        if short:
            fr = fr.removeprefix("l'unité de ")
        if up:
            fr = fr[:1].upper() + fr[1:]
        return pair_text((en, fr))

    def notes(self) -> list[str]:
        """The round alone, before any Break test: who wins it, in one sentence, then the fight table --
        the combat result's law (your unit's result minus the enemy's, after the musician's draw rule)
        with its exact percentage and its Fraction (``…`` when longer than the outcome table shows).
        ``[]`` when the exact round is refused (Monte Carlo only). In the reader's language."""
        s = self.summary("fraction")
        if not s:
            return []
        from tabulate import tabulate

        from ....i18n import MAX_FRACTION_CHARS, colon, pct
        from ....language import _

        parts = [(_("{unit} win", unit=self._name(0)), s["unit_wins"]),
                 (_("{unit} win", unit=self._name(1)), s["enemy_wins"])]
        if s["draw"] > 0:
            parts.append((_("a draw"), s["draw"]))
        if s["both_destroyed"] > 0:
            parts.append((_("both units destroyed"), s["both_destroyed"]))
        head = (_("The first round alone, before any Break test") if self.max_rounds > 1 else
                _("The round alone, before any Break test"))
        out = [f"{head}{colon()}" + ", ".join(f"{w} {pct(float(p), 1)}" for w, p in parts) + "."]
        if self.shot_law is not None:  # the shots come first; the round below weighs each number of chargers left
            lost = ", ".join(f"{k} {pct(float(p), 2)}" for k, p in sorted(self.shot_law.items()))
            out.insert(0, _("Stand & Shoot, models lost by {enemy} before contact: {lost} (the round below averages "
                            "the rounds fought by the chargers left, weighted by these chances; a charge shot down to "
                            "the last model counts as won by the unit).", enemy=self._name(1), lost=lost))

        def fraction(p) -> str:
            text = str(p)
            return text if len(text) <= MAX_FRACTION_CHARS else "…"

        rows = [[f"{d:+d}".replace("-", "\u2212") if d else "0", pct(float(p), 2), fraction(p)]
                for d, p in s["margin"].items()]
        heads = [_("Combat result ({unit} − {enemy})", unit=self._name(0, short=True),
                   enemy=self._name(1, short=True)), _("Exact"), _("Fraction")]
        out.append(tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True,
                            colalign=("right", "right", "left")))
        return out

    def summary_sentences(self, probabilities: dict[str, float]) -> list[str]:
        """The answer in short sentences in the reader's language, the units named: who wins the first round
        and by how much (the margin's law, when the exact round is known), then over the whole fight which side
        loses it and its fate (Break test, flight, pursuit, rally, destroyed in the fight), then the fights
        still going on after the last round and the units both destroyed.

        ``probabilities``: outcome code -> probability. Sentences with nothing to say are left out; an
        outcome under 0.5 % reads "under 1 %".
        """
        from ....i18n import rounded, short_label
        from ....language import _, get_lang

        out: list[str] = []

        def p(code: str) -> float:
            return float(probabilities.get(code, 0.0))

        first = self._first_round_sentence()
        if first:
            out.append(first)
        several = self.max_rounds > 1
        for winner in ("unit", "enemy"):
            loser = "enemy" if winner == "unit" else "unit"
            w, lo = (0, 1) if winner == "unit" else (1, 0)
            parts = [(lab.label().render(), p(f"{loser}_{c}")) for c, lab in
                     zip(self._chain_codes, self._chain_labels) if not (several and c in CONTINUE)]
            gone = p(f"{loser}_destroyed")
            total = sum(q for _label, q in parts) + gone
            if total <= 0:
                continue
            items = [f"{short_label(label)} {rounded(q)}" for label, q in parts if q > 0]
            if gone > 0:
                items.append(_("destroyed in the fight") + " " + rounded(gone))
            said = dict(winner=self._name(w, up=True), loser=self._name(lo, up=True), percent=rounded(total),
                        fates=", ".join(items))
            out.append(_("{winner} win the fight {percent}. {loser} then: {fates}.", **said) if several else
                       _("{winner} win {percent}. {loser} then: {fates}.", **said))
        going = sum(p(c) for c in ("draw", "unit_held", "enemy_held", "unit_gave_ground", "enemy_gave_ground"))
        if several and going > 0:
            out.append(_("Still fighting after round {round} (the analysis' cap: fight.max_rounds): {percent}.",
                         round=self.max_rounds, percent=rounded(going)) if self.until_resolved else
                       _("Still fighting after round {round}: {percent}.", round=self.max_rounds,
                         percent=rounded(going)))
        elif p("draw") > 0:
            out.append(_("A draw (no Break test): {percent}.", percent=rounded(p("draw"))))
        if p("both_destroyed") > 0:
            out.append(_("Both units destroyed: {percent}.", percent=rounded(p("both_destroyed"))))
        return out

    def outcome_groups(self) -> list[tuple[str, list[str]]]:
        """The chart's groups: the unit's wins (the enemy's fates), the fights still going on and both
        units destroyed, the enemy's wins (the unit's fates), each named after its units in the reader's
        language."""
        from ....language import _

        # a held Break test (or a draw) ends the analysis only at its round limit: "still fighting", whatever
        # the limit, so that setups with different limits stack alike
        cont = [f"{side}_{c}" for side in ("enemy", "unit") for c in CONTINUE]
        codes = [o.code for o in self.outcomes]
        win_u = [c for c in codes if c.startswith("enemy_") and c not in cont]
        win_e = [c for c in codes if c.startswith("unit_") and c not in cont]
        middle = [c for c in codes if c not in win_u + win_e]
        mid_name = _("Still fighting after the last round, or both units destroyed")
        return [(_("{unit} win", unit=self._name(0, up=True)), win_u), (mid_name, middle),
                (_("{unit} win", unit=self._name(1, up=True)), win_e)]

    def _first_round_sentence(self) -> str:
        """"Round 1: 20 Night Goblins win 60% (by 1: 43%, by 2: 10%, by 3 or more: 7%), 16 Dwarf Warriors win
        40% (...)." from the exact first round, in the reader's language (``""`` when it is refused)."""
        s = self.summary("float")
        if not s:
            return ""
        from ....i18n import colon, rounded
        from ....language import _

        def by(sign: int) -> str:
            m = {abs(d): q for d, q in s["margin"].items() if d * sign > 0}
            if not m:
                return ""
            bits = [(_("by {margin}", margin=d), m[d]) for d in (1, 2) if m.get(d, 0) > 0]
            more = sum(q for d, q in m.items() if d >= 3)
            if more > 0:
                bits.append((_("by 3 or more"), more))
            return " (" + ", ".join(f"{w}{colon()}{rounded(q)}" for w, q in bits) + ")"

        parts = [_("{unit} win {percent}", unit=self._name(0), percent=rounded(s["unit_wins"])) + by(1)]
        if s["draw"] > 0:
            parts.append(_("a draw") + " " + rounded(s["draw"]))
        parts.append(_("{unit} win {percent}", unit=self._name(1), percent=rounded(s["enemy_wins"])) + by(-1))
        if s["both_destroyed"] > 0:
            parts.append(_("both units destroyed") + " " + rounded(s["both_destroyed"]))
        return _("Round 1") + colon() + ", ".join(parts) + "."

    def unused_inputs(self) -> list[str]:
        """Unit fields written in the file that change nothing here: ``models_start`` when no rally test
        follows (``table.max_turns = 0``)."""
        out = []
        if self.model.table.max_turns == 0:
            for side in ("unit", "enemy"):
                if "models_start" in (self.fight_source.get("fight", {}).get(side) or {}):
                    out.append(f"fight.{side}.models_start")
        return out

    # -- list building ------------------------------------------------------------------------
    def unit_name(self, role: str) -> str:
        """Role ``"fleeing"`` is your unit (``fight.unit``), ``"pursuing"`` the enemy (``fight.enemy``)."""
        return {"fleeing": self.units[0].name, "pursuing": self.units[1].name}.get(role, "")

    def with_unit(self, role: str, profile: dict[str, Any], *, models: int | None = None,
                  files: int | None = None) -> "FightScenario":
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

        ``models`` and ``files``, when given, replace the side's size and width (list building fields each
        unit at its own size, :func:`..list_building.fit_unit`).

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
            raise InputError("role", short_repr(role), Message(N_("'fleeing' (fight.unit) or 'pursuing' "
                                                                  "(fight.enemy)")))
        if not isinstance(profile, dict):
            raise InputError(role, short_repr(profile), Message(N_("a unit profile table (name, movement, "
                                                                   "leadership, ...)")))
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
                raise InputError(f"{role}.equipment", short_repr(kit), Message(N_("a table of weapon, shield, "
                                                                                  "armour_save, ward_save")))
            read = self._fit_equipment(keep, kit, side, data["fight"].get("charger", "unit"))
        dropped: list[str] = []
        if isinstance(keep.get("rules"), list):  # rules fleeodds does not model here (fly in 8th): left out, said
            foe = self.units[1] if side == "unit" else self.units[0]
            dropped = [r for r in keep["rules"] if r != "fast_cavalry" and (any(
                special_rule_errors(x, r, self.model, "rules") is not None for x in ("fleeing", "pursuer"))
                or fight_rule_error(r, self.model.edition, foe, "rules") is not None)]
            keep["rules"] = [r for r in keep["rules"] if r not in dropped]
        if models is not None:
            keep["models"] = models
        if files is not None:
            keep["files"] = files
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
            raise InputError("equipment.weapon", short_repr(weapon), Message(N_("one of {choices}"),
                                                                             choices=", ".join(WEAPONS)))
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


#: Trials of a block between two that need the same chain above which the chain kernel is called again
#: rather than run over the gap (a call costs about as much as this many chain trials).
CHAIN_GAP = 2048


def _chain_on(kernel, seed: int, start: int, at: np.ndarray) -> np.ndarray:
    """The chain kernel's outcome for the block positions ``at`` (sorted), trial indices ``start + at``: the
    kernel runs over runs of positions closer than :data:`CHAIN_GAP`, each trial keyed by its own index, so
    the result does not depend on how the positions are cut."""
    out = np.empty(at.size, np.int64)
    cuts = np.nonzero(np.diff(at) > CHAIN_GAP)[0] + 1
    for part in np.split(np.arange(at.size), cuts):
        lo, hi = int(at[part[0]]), int(at[part[-1]])
        out[part] = kernel(seed, start + lo, hi - lo + 1)[at[part] - lo]
    return out


def _attacks(s) -> int:
    return all_attacks(s)  # mounts, champion, characters, impact hits included (parts' plan.combat.all_attacks)
