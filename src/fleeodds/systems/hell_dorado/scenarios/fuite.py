"""The Fuite: a fighter flees melee (action de Fuite) and takes one attaque sans riposte.

References
----------
Rules digest §2, §3, §6, §8 (outcome taxonomy); Rules Tips "Fuite" (photos 1–9);
Attraction x (errata August 2007) and Attraction D texts.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import InputError, short_repr
from ....language import Message, NP_, N_
from ....outcomes import as_message
from ....system import Scenario, Setup
from ....validation import check_exact_mode, inert, not_modelled
from .. import exact as ex
from ..checks import compare_sets, refuse_esquive, refuse_given
from ..kernels.pack import PACK_LEN, pack_attack
from ..model import Fighter, FuiteModel, Options, ScenarioModel, build_fighter, validate
from ..outcomes import ATTRACTED_BACK, CHARGED_AGAIN, CHARGED_AGAIN_KILLED, CHARGED_AGAIN_SURVIVES, DAMAGE, F_ATTRACTED, F_CANNOT, F_FLED, F_FREE, F_NO_ROOM, F_REPLI, FUITE_OUTCOMES
from ..plan.attack import Attack, attack_dice, can_support, make_attack, support_bonus
from ..plan.attraction import attraction_geometry
from ..plan.fuite import FuitePlan
from ..labels import FUITE_LABELS, TOISES, map_words
from .base import LOADERS, CheckedScenario, build, in_mode, with_optional_rerolls, written_capacities

#: The ``fuite.compare`` shorthands: key -> label (marked for the catalogue).
COMPARE = {
    "base": N_("As given"),
    "intangible": N_("Fleeing fighter Intangible"),
    "no_intangible": N_("Without Intangible"),
    "ordre_repli": N_("Ordre Repli"),
    "no_soutien": N_("No soutien"),
    "blocage": N_("Enemy with Blocage"),
    "no_room": N_("Surrounded (no room)"),
}


def _room_tolerance() -> float:
    """:data:`..plan.paths.ROOM_TOLERANCE` (imported when used: :mod:`..plan.paths` loads shapely)."""
    from ..plan.paths import ROOM_TOLERANCE

    return ROOM_TOLERANCE


def _kernels():
    """The numba kernel, imported when a Monte Carlo run needs it (loading a scenario or
    solving it exactly does not import numba)."""
    from ..kernels import fuite

    return fuite


class FuiteScenario(CheckedScenario, Scenario):
    """A fighter flees melee (action de Fuite) and takes one attaque sans riposte.

    Every listed adversary is in base contact with the fleeing fighter. The
    opposing player picks the attacker (option ``attacker_choice``, or
    ``fuite.attacker`` by name); the others give soutien.

    Parameters
    ----------
    data : dict
        The source table as given (kept as :attr:`source`).
    base_dir : pathlib.Path or None
        Folder its ``profiles_file`` is read from.
    fleeing : Fighter
    adversaries : list of Fighter
    opts : Options
    repli : bool
        Under an Ordre Repli (no attack, move not doubled).
    attacker : str or None
        Name of the adversary that attacks (implies ``attacker_choice = "user"``).
    room : bool
        Whether the fleeing fighter's base can get out (False: surrounded, no move).
    partial_room_toises : float
        With ``no_room_move = "partial"``: distance it can still move when surrounded.
    def_modifier : int
        Added to the fleeing fighter's DEF for the attack (cover, capacities).
    compare : list of str
        The ``fuite.compare`` shorthand (keys of ``COMPARE``), expanded by
        :meth:`compare_setups` into field changes.
    others : list of Fighter
        The adversaries' allies on the table, out of contact (placed): they block the flee move
        and the room to flee; one with Attraction x can pull the fighter back.
    direction : float or None
        ``fuite.direction``: the flee move's direction in degrees (counter-clockwise from +x),
        with positions; ``None``: the move is not placed.
    attraction_measure, attraction_movement, multiple_attractors : str
        How the pull-back is measured (``"edge"`` / ``"centre"``), which move must reach
        (``"charge"`` / ``"assaut"``) and which holder applies inside several zones.

    Outcomes: ``cannot_flee, free_disengage, repli_move, killed, state_no_move,
    state_positive_no_move, fled, fled_no_room``, and ``attracted_back`` when the move is placed
    and an enemy has Attraction x; metric: damage taken (PV, 0–40).

    Raises
    ------
    InputError
        Unknown attacker name, ``attacker_choice = "user"`` without ``fuite.attacker``,
        an attacker without a weapon, an unknown or repeated ``compare`` entry, or
        ``reroll_policy = "optional"`` where declining a re-roll could matter.

    References
    ----------
    Rules digest §3, §6 and §8; Rules Tips "Fuite" (Sapience/Asmodée wording), photos 2 and 4;
    Attraction x (errata August 2007) and Attraction D for ``attracted_back``.
    """

    outcomes = FUITE_OUTCOMES
    metric = DAMAGE
    @property
    def outcome_order(self) -> tuple[str, ...]:
        """From best to worst for the fleeing fighter once the attaque sans riposte is rolled (Blocage,
        Repli and a free disengage are no step of it): moved, moved but pulled back by an Attraction at
        its next activation (when the move is placed), kept its place, a positive state, a negative
        state, killed."""
        codes = {o.code for o in self.outcomes}
        again = tuple(c for c in ("charged_again", "charged_again_survives") if c in codes)
        back = ("attracted_back",) if "attracted_back" in codes else ()
        dead = ("charged_again_killed",) if "charged_again_killed" in codes else ()
        return ("fled",) + again + back + ("fled_no_room", "state_positive_no_move", "state_no_move") + dead + (
            "killed",)

    def __init__(self, data: dict, base_dir: Path | None, fleeing: Fighter, adversaries: list[Fighter],
                 opts: Options, *, title: str = "", repli: bool = False, attacker: str | None = None,
                 room: bool = True, partial_room_toises: float = 0.0, def_modifier: int = 0,
                 compare: list[str] | None = None, others: list[Fighter] | None = None,
                 direction: float | None = None, attraction_measure: str = "edge",
                 attraction_movement: str = "charge", multiple_attractors: str = "player_choice",
                 destination: tuple[float, float] | None = None, allies: list[Fighter] | None = None,
                 terrain: list | None = None, next_activation: bool = True, charge_pass: bool = False):
        super().__init__(data, base_dir)
        self.others, self.direction = list(others or []), direction
        self.destination = None if destination is None else (float(destination[0]), float(destination[1]))
        self.allies = list(allies or [])
        self.terrain = [[tuple(map(float, p)) for p in t] for t in (terrain or [])]
        self.next_activation, self.charge_pass = next_activation, charge_pass
        self.charged_index, self.charges = -1, {}
        self.attraction_measure, self.attraction_movement = attraction_measure, attraction_movement
        self.multiple_attractors = multiple_attractors
        self.title = title
        self.fleeing, self.adversaries, self.opts = fleeing, list(adversaries), opts
        if not title:  # a Fuite without a title is named after its fighters, in both languages
            advs = ", ".join(a.name for a in self.adversaries)
            self.title = Message(N_("Fuite: {fleeing} leaves {adversaries}"), fleeing=fleeing.name, adversaries=advs)
        self.repli, self.attacker_name, self.room = repli, attacker, room
        self.partial_room_toises, self.def_modifier = partial_room_toises, def_modifier
        self.compare = list(compare or [])
        for i, c in enumerate(self.compare):
            if not isinstance(c, str) or c not in COMPARE:
                raise InputError(f"fuite.compare.{i}", c,
                                 Message(N_("one of {choices}"), choices=", ".join(f"'{k}'" for k in COMPARE)))
            if c in self.compare[:i]:
                raise InputError(f"fuite.compare.{i}", c, Message(N_("each entry once")))
        if not adversaries:
            raise InputError("adversaries", [], Message(N_("at least one adversary in contact (only an engaged "
                                                           "fighter may flee)")))
        if attacker is not None and attacker not in [a.name for a in adversaries]:
            raise InputError("fuite.attacker", attacker,
                             Message(N_("one of {choices}"), choices=", ".join(repr(a.name) for a in adversaries)))
        if opts.attacker_choice == "user" and attacker is None:
            raise InputError("fuite.attacker", None, Message(N_("the name of the adversary making the attack "
                                                                "(required with attacker_choice = 'user')")))
        self._candidates: list[tuple[str, Any]] = []
        self.fixed, self.attack, self.chosen, self.choice_scores = self._resolve()
        self._place_flee()
        if self.charge_pass and self.chargers and self.pull_back is None:  # a pull-back comes first
            self._charge_attacks()

    # -- deterministic part of the procedure (digest §3) ---------------------
    def _resolve(self):
        f, advs, o = self.fleeing, self.adversaries, self.opts
        blockers = [a for a in advs if a.has("Blocage")]
        intangible_free = f.has("Intangible") and o.intangible_vs_blocage == "intangible_ignores"
        if blockers and not intangible_free:
            if o.blocage_scope == "any_blocker_prevents_flee" or len(blockers) == len(advs):
                return F_CANNOT, None, None, {}
        if self.repli:
            return F_REPLI, None, None, {}
        if f.has("Intangible"):
            return F_FREE, None, None, {}
        attacks: dict[str, Attack | None] = {}
        for i, a in enumerate(advs):
            sup = support_bonus(sum(1 for j, b in enumerate(advs) if j != i and can_support(b, o)), o)
            n = attack_dice(a, sup)
            goal = {"max_kill": "kill", "max_expected_damage": "damage"}.get(o.attacker_choice, "stop")
            attacks[a.name] = None if n < 1 else with_optional_rerolls(o, make_attack(
                a, f, n, o, f"adversaries.{i}", self.def_modifier, o.wounded_state_cancels_flee), goal,
                o.state_cancels_flee_move)
            self._candidates.append((f"adversaries.{i}", attacks[a.name]))
        scores: dict[str, float] = {}
        if self.attacker_name is not None:
            name = self.attacker_name
        else:
            rule = o.attacker_choice
            for a in advs:
                atk = attacks[a.name]
                if atk is None:
                    scores[a.name] = -1.0
                elif rule == "max_kill_or_state":
                    scores[a.name] = float(ex.kill_or_state(atk))
                elif rule == "max_kill":
                    scores[a.name] = float(ex.kill_probability(atk))
                elif rule == "max_expected_damage":
                    scores[a.name] = float(ex.expected_damage(atk))
                else:
                    scores[a.name] = float(atk.n_dice)
            name = max(scores, key=lambda k: scores[k])  # first listed wins ties
        atk = attacks[name]
        if atk is None:
            return F_FREE, None, name, scores
        return -1, atk, name, scores

    # -- where the flee move ends (fuite.direction) and Attraction (digest §6) ---
    def _holders(self) -> list[tuple[str, Fighter]]:
        """``(dotted path, fighter)`` of every enemy with Attraction x (adversaries, then others)."""
        out = [(f"adversaries.{i}", a) for i, a in enumerate(self.adversaries)]
        out += [(f"others.{i}", a) for i, a in enumerate(self.others)]
        return [(w, a) for w, a in out if a.has("Attraction")]

    def _place_flee(self) -> None:
        """The flee move on the table when ``fuite.direction`` is given: how far it can go before an
        enemy base (photo 2), where it ends, and whether an Attraction pulls the fighter back at its
        next activation (``attracted_back``).

        Sets ``path_limit`` (toises before contact, ``inf`` when nothing is in the way),
        ``stopped_by`` (the enemy whose base stops the move, or ``None``), ``flee_end`` (x, y) and
        ``pull_back`` (``None``, or ``(status, holder, engaged)``: status 0 pulled into contact
        with the holder, 1 stopped on the way by the base of ``engaged`` and engaging it).

        The pull-back follows :func:`..plan.attraction.attraction_geometry` (the Attraction scenario's
        straight-line solver) with the fleeing fighter as the only mover: it is affected when the
        end of its move is within x toises of a holder that is not engaged (``others.N.engaged``;
        the adversaries it fled are free once it has left them), it is not a lémure under
        ``attraction_version = "x_2007"``, and its Charge (or Assaut,
        ``fuite.attraction_movement``) reaches that holder by the straight line; it stops on the
        first enemy base it touches and engages that fighter. Nothing else moves in between.
        """
        self.path_limit, self.stopped_by, self.flee_end, self.pull_back = math.inf, None, None, None
        self.flee_path, self.reaches_destination, self.no_path, self.chargers = None, None, False, []
        placed = self.direction is not None or self.destination is not None
        attracting = bool(self._holders()) and placed
        self.outcomes = FUITE_OUTCOMES + ((ATTRACTED_BACK,) if attracting else ())
        if not placed:
            return
        from ..plan.paths import flee_move, flee_path, straight_limit  # shapely, only for a placed move
        t = self.opts.toise_mm
        r = self.fleeing.base_mm / 2 / t
        enemies = self.adversaries + self.others
        discs = [(a.x, a.y, a.base_mm / 2 / t) for a in enemies]
        ally_discs = [(a.x, a.y, a.base_mm / 2 / t) for a in self.allies]
        start = (self.fleeing.x, self.fleeing.y)
        if self.destination is not None:
            planned = self._planned_distance()
            found = flee_path(start, r, discs + ally_discs, self.terrain, self.destination, planned)
            if found is None:  # enclosed: no path, no move (photo 4)
                self.no_path, self.path_limit, self.flee_end = True, 0.0, start
            else:
                self.flee_end, moved, self.flee_path, self.reaches_destination = found
                self.path_limit = moved if self.reaches_destination else math.inf
            d = self.flee_distance
        else:
            self.path_limit, k = flee_move(start, r, discs, self.direction)
            names = [a.name for a in enemies]
            other_limit, j = straight_limit(start, r, self.direction, ally_discs, self.terrain)
            if other_limit < self.path_limit:
                self.path_limit, k = other_limit, j
                names = [a.name for a in self.allies] + [f"terrain.{i}" for i in range(len(self.terrain))]
            d = self.flee_distance
            if k >= 0 and self.path_limit <= self._planned_distance() + 1e-12:
                self.stopped_by = names[k]
            rad = math.radians(self.direction)
            self.flee_end = (self.fleeing.x + d * math.cos(rad), self.fleeing.y + d * math.sin(rad))
        if attracting and d > 0:
            self._pull_back(enemies, r, t, d)
        self._charged_again(d, r, t)

    def _pull_back(self, enemies: list[Fighter], r: float, t: float, d: float) -> None:
        """Whether an Attraction pulls the fighter back at its next activation from where its move ends
        (sets ``pull_back``; see :meth:`_place_flee`)."""
        side = []
        for i, a in enumerate(enemies):
            engaged = i >= len(self.adversaries) and a.engaged
            side.append({"x": a.x, "y": a.y, "r": a.base_mm / 2 / t, "engaged": engaged,
                         "x_range": float(a.capacities["Attraction"]) if a.has("Attraction") else -1.0})
        mult = self.opts.course_multiplier if self.attraction_movement == "charge" else 1.0
        mover = {"x": self.flee_end[0], "y": self.flee_end[1], "r": r, "reach": mult * self.fleeing.mou,
                 "lemure": self.fleeing.has("Lémure"), "engaged": False}
        multi = {"first_listed": 0, "nearest": 1, "player_choice": 2}[self.multiple_attractors]
        centre, immune = self.attraction_measure == "centre", self.opts.attraction_version == "x_2007"
        chosen: list[int] = []  # the holder it sets out for (another base may stop it on the way)
        (status, h), = attraction_geometry(side, [], [mover], [0], multi, centre, immune, holders=chosen)
        if status == 2:
            return
        self.pull_back = (status, enemies[chosen[0]].name, enemies[h].name)
        if self.fixed == F_REPLI:
            self.fixed = F_ATTRACTED

    def _charged_again(self, d: float, r: float, t: float) -> None:
        """The adversaries (and other enemies not engaged) whose Charge reaches the end of the flee move by the
        shortest path round the other bases and terrain (``fuite.next_activation``); with one, the outcomes end
        with ``charged_again``, which a survivor that fled (or made its Repli move) gets instead."""
        if not self.next_activation or d <= 0 or self.no_path:
            return
        from ..plan.paths import charge_length

        movers = self.adversaries + [o for o in self.others if not o.engaged]
        every = self.adversaries + self.others + self.allies
        for a in movers:
            ra = a.base_mm / 2 / t
            bases = [(b.x, b.y, b.base_mm / 2 / t) for b in every if b is not a]
            length = charge_length((a.x, a.y), ra, self.flee_end, r, bases, self.terrain)
            reach = self.opts.course_multiplier * a.mou
            if length <= reach + 1e-9:
                self.chargers.append((a.name, length, reach))
        if self.chargers:
            if self.charge_pass:
                self.outcomes = self.outcomes + (CHARGED_AGAIN_SURVIVES, CHARGED_AGAIN_KILLED)
                self.charged_index = len(self.outcomes) - 2
            else:
                self.outcomes = self.outcomes + (CHARGED_AGAIN,)
                self.charged_index = len(self.outcomes) - 1
            if self.fixed == F_REPLI and self.pull_back is None:
                self.fixed = self.charged_index

    def _charge_attacks(self) -> None:
        """The Charge's pass of the next activation (``fuite.charge_pass``): for each damage the fighter may have
        taken in the Fuite (0 to the metric's last bin), the charger the opposing player sends — the one most
        likely to kill it with the PV it has left (exact; ties: first listed, adversaries then ``[[others]]``) —
        and its attack (sets ``charges``: damage -> ``(name, Attack or None)``).

        The charger rolls CBT + ``options.charge_dice_modifier`` dice (its ``bonus_dice`` belong to the
        attaque sans riposte), no soutien (nobody else is in contact there), against the fighter's DEF (with
        ``fuite.def_modifier``), PRO and PV left. The pass is a normal pass, but the fighter's own dice do not
        change whether it is killed when both damages apply (``simultaneous_kill = "both_apply"``).

        Raises
        ------
        InputError
            Under Cipher without ``options.charge_dice_modifier`` (the penalty's size is not in the sources);
            not modelled: Frappe rapide on the fighter with ``simultaneous_kill = "frappe_rapide_first"``, and
            Esquive X on it (whether it is still available, and where it dodges to, are not in the sources).
        """
        o, f = self.opts, self.fleeing
        if o.charge_dice_modifier is None:
            raise InputError("options.charge_dice_modifier", None,
                             Message(N_("a number of dice from -5 to 5 with hd_edition = 'cipher' and a Charge's "
                                        "pass (fuite.charge_pass): the Cipher Charge penalty's size is not in the "
                                        "project's sources")))
        if o.simultaneous_kill == "frappe_rapide_first" and f.has("Frappe rapide"):
            raise not_modelled("options.simultaneous_kill", "frappe_rapide_first",
                               Message(N_("with fuite.charge_pass and a fleeing fighter with Frappe rapide: its "
                                          "own strike would come first")))
        if f.has("Esquive"):
            raise not_modelled("fleeing.capacities", f"Esquive {f.capacities['Esquive']}",

                               Message(N_("against the Charge that follows a Fuite (fuite.charge_pass): whether it "
                                          "is still available this phase, and where the fighter dodges, are not "
                                          "modelled")))
        fields = {a.name: f"adversaries.{i}" for i, a in enumerate(self.adversaries)}
        fields.update({a.name: f"others.{i}" for i, a in enumerate(self.others)})
        by_name = {a.name: a for a in self.adversaries + self.others}
        base = {}
        for name, *_ in self.chargers:
            a = by_name[name]
            n = 0 if a.cbt is None else max(a.cbt + o.charge_dice_modifier, 0)
            base[name] = None if n < 1 else make_attack(a, f, n, o, fields[name], self.def_modifier)
        for d in range(self.metric.n_bins):
            best, best_p = None, Fraction(-1)
            for name, *_ in self.chargers:
                if base[name] is None:
                    continue
                atk = with_optional_rerolls(o, dataclasses.replace(base[name], pv=max(f.pv - d, 0)), "kill")
                p = ex.kill_probability(atk)
                if p > best_p:
                    best, best_p = (name, atk), p
            self.charges[d] = best if best is not None else (self.chargers[0][0], None)

    @property
    def attracted(self) -> bool:
        """Whether the flee move (when it is made) ends where an Attraction pulls the fighter back."""
        return self.pull_back is not None

    @property
    def move_outcome(self) -> int:
        if self.direction is not None and self.flee_distance <= 0 and self._planned_distance() > 0:
            return F_NO_ROOM  # no room in that direction: the first enemy base is in the way at once
        if self.no_path:
            return F_NO_ROOM  # no path to the destination: it does not move
        if self.room or (self.opts.no_room_move == "partial" and self.partial_room_toises > 0):
            if self.attracted:
                return F_ATTRACTED
            return self.charged_index if self.chargers else F_FLED
        return F_NO_ROOM

    def _planned_distance(self) -> float:
        """The flee move before the table's geometry: the Course or the Repli move, or the room left."""
        if self.fixed in (F_CANNOT, F_FREE):
            return 0.0
        if self.repli:
            d = self.opts.repli_move_multiplier * self.fleeing.mou
        else:
            d = self.opts.course_multiplier * self.fleeing.mou
        if not self.room:
            d = min(d, self.partial_room_toises) if self.opts.no_room_move == "partial" else 0.0
        return d

    @property
    def flee_distance(self) -> float:
        """Toises moved by a fighter that flees: the Course (course_multiplier x MOU) or the Repli
        move; 0 when it cannot flee (Blocage) or disengages freely (the Fuite then becomes the
        Marche, Course, Assaut or Charge its player picks: no flee move is made). With
        ``fuite.direction`` the move stops short of the first enemy base in the way (photo 2), and
        a move shorter than :data:`..plan.paths.ROOM_TOLERANCE` is none."""
        d = self._planned_distance()
        if self.direction is not None or self.destination is not None:
            d = min(d, self.path_limit)
            if d < _room_tolerance():
                d = 0.0
        return d

    @property
    def plan(self) -> FuitePlan:
        """The Fuite resolved (:class:`..plan.fuite.FuitePlan`): what decides its outcomes and exact distribution."""
        return FuitePlan(fixed=int(self.fixed), attack=self.attack, move_outcome=int(self.move_outcome),
                         state_cancels=bool(self.opts.state_cancels_flee_move),
                         attracted_back=any(o.code == "attracted_back" for o in self.outcomes),
                         charged_again=self.charged_index >= 0 and not self.charge_pass,
                         charge_pass=tuple((d, a) for d, (_, a) in sorted(self.charges.items())))

    def exact_distribution(self, mode: str = "float"):
        check_exact_mode(mode)
        p = self.plan
        d = ex.fuite_distribution(p.fixed, p.attack, p.move_outcome, p.state_cancels)
        if p.charge_pass:
            d = ex.charge_pass_after(d, self.charged_index, dict(p.charge_pass))
        return in_mode(d, mode)

    def _charge_kernel_args(self) -> dict:
        """The Charge's pass for the kernel (``fuite.charge_pass``): ``charged``, and for each damage bin the packed
        attack ``cpk`` and ``chas`` (1 where one is rolled); ``{}`` without it."""
        if not self.charges:
            return {}
        n_bins = self.metric.n_bins
        cpk = np.zeros((n_bins, PACK_LEN), np.int64)
        chas = np.zeros(n_bins, np.int64)
        for d, (_, atk) in self.charges.items():
            if atk is not None:
                cpk[d], chas[d] = pack_attack(atk), 1
        return {"charged": self.charged_index, "cpk": cpk, "chas": chas}

    def kernel(self):
        pk = pack_attack(self.attack) if self.attack is not None else np.zeros(PACK_LEN, np.int64)
        fixed, mo, sc = int(self.fixed), int(self.move_outcome), int(self.opts.state_cancels_flee_move)
        n_out, n_bins = len(self.outcomes), self.metric.n_bins
        ch = self._charge_kernel_args()
        return lambda seed, start, n: _kernels().run_fuite(fixed, pk, mo, sc, n_out, n_bins, seed, start, n, **ch)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        pk = pack_attack(self.attack) if self.attack is not None else np.zeros(PACK_LEN, np.int64)
        fixed, mo, sc = int(self.fixed), int(self.move_outcome), int(self.opts.state_cancels_flee_move)
        ch = self._charge_kernel_args()
        return lambda seed, start, n: _kernels().run_fuite_trials(fixed, pk, mo, sc, seed, start, n, **ch,
                                                                  n_bins=self.metric.n_bins)

    def _describe(self) -> dict[str, Any]:
        d = {"type": "fuite", "fleeing": self.fleeing.describe(),
             "adversaries": [a.describe() for a in self.adversaries], "repli": self.repli, "room": self.room,
             "options": dict(self.opts.__dict__), "flee_distance_toises": self.flee_distance,
             "resolution": self.outcomes[self.fixed].code if self.fixed >= 0 else "attaque_sans_riposte"}
        if self.chosen:
            d["attacker"] = self.chosen
        if self.choice_scores:
            d["attacker_choice_scores"] = self.choice_scores
        if self.attack is not None:
            d["attack"] = self.attack.describe()
        if self.fixed == F_FREE:
            d["free_action"] = ("may become Marche (MOU), Course (2×MOU), Assaut or Charge / "
                                "peut devenir Marche, Course, Assaut ou Charge")
        if self.others:
            d["others"] = [dict(o.describe(), x=o.x, y=o.y, engaged=o.engaged) for o in self.others]
        if self.destination is not None:
            d["flee_destination"] = list(self.destination)
            d["flee_path"] = None if self.flee_path is None else [list(p) for p in self.flee_path]
            d["flee_end"] = list(self.flee_end)
            d["reaches_destination"] = bool(self.reaches_destination) and not self.no_path
            d["no_path"] = self.no_path
        if self.allies:
            d["allies"] = [dict(a.describe(), x=a.x, y=a.y) for a in self.allies]
        if self.terrain:
            d["terrain"] = [[list(p) for p in t] for t in self.terrain]
        if self.direction is not None or self.destination is not None:
            d["charged_again_by"] = [{"name": n, "path_toises": round(length, 4), "charge_toises": reach}
                                     for n, length, reach in self.chargers]
            d["table_shapes"] = self.table_shapes()
            if self.charges:
                cp = self.charge_pass_summary()
                d["charge_pass"] = {"charge_dice_modifier": self.opts.charge_dice_modifier,
                                    "killed_if_charged": None if cp["killed_if_charged"] is None
                                    else float(cp["killed_if_charged"]), "chargers": cp["chargers"]}
        if self.direction is not None:
            d["flee_direction_degrees"] = self.direction
            d["flee_end"] = list(self.flee_end)
            if self.stopped_by:
                d["flee_stopped_by"] = self.stopped_by
            if self._holders():
                d["attracted_back"] = None if self.pull_back is None else {
                    "holder": self.pull_back[1], "engages": self.pull_back[2],
                    "stopped_on_the_way": self.pull_back[0] == 1}
        return d

    def table_shapes(self) -> dict[str, Any] | None:
        """The placed table as shapes for a map (``describe()["table_shapes"]``, drawn by
        :func:`fleeodds.report.charts.table_chart` and by the web page while the form is edited; see
        :meth:`fleeodds.system.Scenario.table_shapes`): bases (toises: centre, radius, side, name), terrain
        polygons, the flee move's path, where it ends and the destination asked, and each enemy's
        Attraction zone (x toises from its base edge, or from its centre with ``attraction_measure =
        "centre"``: Attraction x, errata August 2007); ``None`` when the move is not placed (no
        ``fuite.direction`` nor ``fuite.destination``). Nothing here computes what is not already known.
        """
        if self.direction is None and self.destination is None:
            return None
        t = self.opts.toise_mm
        bases = [{"x": self.fleeing.x, "y": self.fleeing.y, "r": self.fleeing.base_mm / 2 / t, "side": "mover",
                  "name": self.fleeing.name}]
        enemies = [a for a in self.adversaries + self.others if a.x is not None]
        bases += [{"x": a.x, "y": a.y, "r": a.base_mm / 2 / t, "side": "enemy", "name": a.name} for a in enemies]
        bases += [{"x": a.x, "y": a.y, "r": a.base_mm / 2 / t, "side": "ally", "name": a.name} for a in self.allies]
        path = [list(p) for p in self.flee_path] if self.flee_path else (
            [[self.fleeing.x, self.fleeing.y], list(self.flee_end)] if self.flee_end else [])
        end = None if self.flee_end is None or self.no_path else {
            "x": self.flee_end[0], "y": self.flee_end[1], "r": self.fleeing.base_mm / 2 / t}
        centre = self.attraction_measure == "centre"
        rings = [{"x": a.x, "y": a.y, "name": a.name,
                  "r": float(a.capacities["Attraction"]) + (0.0 if centre else a.base_mm / 2 / t)}
                 for a in enemies if a.has("Attraction")]
        return {"bases": bases, "terrain": [[list(p) for p in poly] for poly in self.terrain], "path": path,
                "end": end, "destination": None if self.destination is None else list(self.destination),
                "rings": rings, "chargers": [n for n, *_ in self.chargers], "unit": map_words(TOISES), "labels": map_words(FUITE_LABELS)}

    def unused_inputs(self) -> list[str]:
        """As :meth:`CheckedScenario.unused_inputs`, plus an enemy's Attraction x when the flee move is not
        placed (no ``fuite.direction``: where the move ends is unknown, so it pulls nobody back), and
        each of ``[[others]]`` that changes nothing here nor in any comparison setup (it neither
        closes the way out, nor stops the move, nor is met on the way back, nor attracts)."""
        out = super().unused_inputs()
        if self.direction is not None or self.destination is not None:
            # a base on a placed table is geometry: where the move goes and who can reach it (another size
            # would often not fit the positions written, so the check cannot try one)
            out = [p for p in out if not p.endswith(".base")]
        if self.direction is None and self.destination is None:
            raw = {"adversaries": self.source.get("adversaries") or [], "others": self.source.get("others") or []}
            for where, f in self._holders():
                sec, i = where.split(".")
                caps = raw[sec][int(i)].get("capacities") if isinstance(raw[sec][int(i)], dict) else None
                k = next((j for j, c in enumerate(caps or []) if isinstance(c, str)
                          and c.strip().casefold().startswith("attraction")), None)
                out.append(f"{where}.capacities.{k}" if k is not None else f"{where}.profile")
        contexts, only = self._checked_contexts()
        for i in range(len(self.others)):
            if not any(build(c, self.base_dir, only)._other_matters(i) for c in contexts):
                out.append(f"others.{i}")
        return out

    def _other_matters(self, i: int) -> bool:
        """Whether ``others.i`` can change what this Fuite reports: it closes the way out (the room
        computed from positions), stops the placed flee move, is met on the way back, or has
        Attraction x with the move placed."""
        if i >= len(self.others):
            return False
        o = self.others[i]
        if self.direction is not None and (self.stopped_by == o.name
                                           or (self.pull_back is not None and self.pull_back[2] == o.name)):
            return True
        if self.destination is not None or any(name == o.name for name, *_ in self.chargers):
            return True  # a base on the table bends the path to the destination, or charges again
        if self.direction is not None and o.has("Attraction"):
            return self._outcomes_without_other(i) != self._outcomes_with_others()
        if self.fixed in (F_CANNOT, F_FREE):
            return False
        rest = self.others[:i] + self.others[i + 1:]
        return _computed_room(self.fleeing, self.adversaries, self.opts, rest) != self.room

    def _outcomes_with_others(self) -> dict:
        """The exact outcomes by code, zeros left out (to compare with :meth:`_outcomes_without_other`)."""
        codes = [o.code for o in self.outcomes]
        return {(codes[o], m): p for (o, m), p in self.exact_distribution("fraction").items() if p}

    def _outcomes_without_other(self, i: int) -> dict:
        """:meth:`_outcomes_with_others` of this Fuite with ``others.i`` taken off the table: an
        attractor whose zone the move does not end in, or whose Charge cannot reach, changes nothing."""
        data = copy.deepcopy(self.source)
        others = list(data.get("others") or [])
        del others[i]
        if others:
            data["others"] = others
        else:
            data.pop("others", None)
        return build(data, self.base_dir, self._check_only)._outcomes_with_others()

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results of the attaque sans riposte (``{}`` when none is made): the adversary
        chosen, its dice (rolled, re-rolls, automatic damage), P(at least 1 hit), the hits
        distribution and the damage distribution (before the kill: what the pass deals)."""
        if self.attack is None or not self.chosen:
            return {}
        desc = self.attack.describe()
        hits = ex.hits_pmf(self.attack.n_dice, self.attack.threshold, self.attack.policy)
        out: dict[str, Any] = {"attacker": self.chosen, "attack_dice": desc["dice"], "rolled": desc["rolled"],
                               "rerolls": desc["rerolls"], "auto_damage": desc["auto_damage"],
                               "hits_on": desc["hits_on"], "at_least_one_hit": 1 - hits.get(0, Fraction(0)),
                               "hits": hits, "damage_dealt": ex.damage_pmf(self.attack)}
        if check_exact_mode(mode) != "fraction":
            out = {k: (float(v) if isinstance(v, Fraction) else
                       {d: float(p) for d, p in v.items()} if isinstance(v, dict) else v) for k, v in out.items()}
        return out

    #: How the opposing player's choice of attacker is worded (option ``attacker_choice``), marked for the
    #: catalogue. In French the fleeing fighter is named in brackets after "le combattant en fuite": a profile
    #: name ("Inquisiteur", "Templier") needs an article there, a character's name ("Samael") none.
    CHOICE_WORDS = {
        "max_kill_or_state": N_("kills or stops {target} most often"),
        "max_kill": N_("kills {target} most often"),
        "max_expected_damage": N_("deals the most damage on average"),
        "most_dice": N_("rolls the most dice"),
    }
    #: The gettext context of a sentence naming a fighter that starts with a vowel or a mute h: French elides
    #: "de" there ("le socle d'Isha-Akshay", "la zone d'Attraction d'Inquisiteur"). The sentences that name one
    #: so, marked here in that context too (:meth:`_naming`).
    BEFORE_VOWEL = "name after an elided de"
    _BEFORE_VOWEL_MARKED = (
        NP_("name after an elided de", "Flee move: {distance} toises at {angle}°, to {end}, stopped just short of "
            "{name}'s base (no contact in a Fuite, photo 2)."),
        NP_("name after an elided de", "It ends inside {name}'s Attraction zone: at its next activation it must "
            "Assaut or Charge it and is pulled back into contact (with {engaged}, met on the way)."),
        NP_("name after an elided de", "It ends inside {name}'s Attraction zone: at its next activation it must "
            "Assaut or Charge it and is pulled back into contact."),
    )

    def notes(self) -> list[str]:
        """Which adversary makes the attaque sans riposte, with how many dice, and why it was chosen;
        with ``fuite.direction``, where the flee move ends and whether an Attraction pulls it back; in the
        reader's language.

        ``[]`` when no attack is made and the move is not placed (Blocage, Repli, Intangible: the
        outcome says why).
        """
        return self._attack_notes() + self._move_notes()

    def _stopped_by_enemy(self) -> bool:
        return self.stopped_by in [a.name for a in self.adversaries + self.others]

    @classmethod
    def _naming(cls, msgid: str, name: str, **params: Any) -> str:
        """``msgid`` in the reader's language with ``name`` placed in it, in the variant for a name that starts
        with a vowel or a mute h (French "d'Isha-Akshay", not "de Isha-Akshay") when it does."""
        from ....language import _, pgettext

        if name[:1].casefold() in "aeiouyhâàéèêîïôû" and name:
            return pgettext(cls.BEFORE_VOWEL, msgid, name=name, **params)
        return _(msgid, name=name, **params)

    def _move_notes(self) -> list[str]:
        if (self.direction is None and self.destination is None) or self.fixed in (F_CANNOT, F_FREE):
            return []
        from ....i18n import fixed
        from ....language import _

        d, (x, y) = self.flee_distance, self.flee_end

        def num(v: float) -> str:
            return fixed(v, 2)

        def point(px: float, py: float) -> str:
            return _("({x}, {y})", x=num(px), y=num(py))

        if self.destination is not None:
            dx, dy = self.destination
            if self.no_path:
                line = _("No path leads to {point} without touching an enemy base or crossing an ally or impassable "
                         "terrain: no move (photo 4).", point=point(dx, dy))
            else:
                said = dict(distance=num(d), target=point(dx, dy), end=point(x, y))
                line = (_("Flee move: {distance} toises by the shortest path toward {target}, to {end}, which it "
                          "reaches.", **said) if self.reaches_destination else
                        _("Flee move: {distance} toises by the shortest path toward {target}, to {end}, short of it "
                          "(the Course is too short).", **said))
        else:
            said = dict(distance=num(d), angle=num(self.direction), end=point(x, y))
            if self.stopped_by and self._stopped_by_enemy():
                line = self._naming(N_("Flee move: {distance} toises at {angle}°, to {end}, "
                                        "stopped just short of {name}'s base (no contact in a Fuite, photo 2)."),
                                    self.stopped_by, **said)
            elif self.stopped_by:
                line = _("Flee move: {distance} toises at {angle}°, to {end}, stopped just short of {name} (no moving "
                         "through an ally or impassable terrain).", name=self.stopped_by, **said)
            else:
                line = _("Flee move: {distance} toises at {angle}°, to {end}.", **said)
        out = [line]
        if self._holders() and d > 0:
            if self.pull_back is None:
                out.append(_("No Attraction pulls it back at its next activation."))
            else:
                st, holder, eng = self.pull_back
                if st == 1:
                    out.append(self._naming(N_("It ends inside {name}'s Attraction zone: at its "
                                                "next activation it must Assaut or Charge it and is pulled back into "
                                                "contact (with {engaged}, met on the way)."), holder, engaged=eng))
                else:
                    out.append(self._naming(N_("It ends inside {name}'s Attraction zone: at its "
                                                "next activation it must Assaut or Charge it and is pulled back into "
                                                "contact."), holder))
        if self.chargers and self.pull_back is None:
            who = ", ".join(f"{n} ({num(length)} / {num(reach)} toises)" for n, length, reach in self.chargers)
            out.append(_("Where it stops, the Charge of {chargers} reaches it again at its next activation "
                         "(charged again).", chargers=who))
            out += self._charge_pass_notes()
        elif self.next_activation and d > 0 and not self.no_path and self.pull_back is None:
            out.append(_("No adversary can charge it again at its next activation."))
        return out

    def charge_pass_summary(self) -> dict[str, Any]:
        """The Charge's pass (``fuite.charge_pass``) in figures: P(charged again), P(killed in that pass), that
        probability given the fighter is charged again, and the charger sent for each damage taken in the Fuite
        that can lead there (``{}`` without a Charge's pass).

        Returns
        -------
        dict
            ``charged_again`` and ``killed_in_charge`` (Fractions), ``killed_if_charged`` (Fraction or ``None``),
            ``chargers`` (list of ``{damage_taken, charger, dice, hits_on, pv_left}``).
        """
        if not self.charges:
            return {}
        dist = ex.fuite_distribution(self.fixed, self.attack, self.move_outcome, self.opts.state_cancels_flee_move)
        reached = sorted(d for (o, d), p in dist.items() if o == self.charged_index and p)
        full = self.exact_distribution("fraction")
        again = sum((p for (o, _), p in full.items() if o in (self.charged_index, self.charged_index + 1)), Fraction(0))
        killed = sum((p for (o, _), p in full.items() if o == self.charged_index + 1), Fraction(0))
        rows = []
        for d in reached:
            name, atk = self.charges.get(d, (None, None))
            rows.append({"damage_taken": d, "charger": name, "dice": 0 if atk is None else atk.n_dice,
                         "hits_on": None if atk is None else atk.threshold, "pv_left": self.fleeing.pv - d})
        return {"charged_again": again, "killed_in_charge": killed,
                "killed_if_charged": killed / again if again else None, "chargers": rows}

    def _charge_pass_notes(self) -> list[str]:
        """What the Charge's pass gives (``fuite.charge_pass``): who charges with how many dice, and the chance of
        being killed in it, in the reader's language."""
        s = self.charge_pass_summary()
        if not s:
            return []
        from ....i18n import pct
        from ....language import _, ngettext

        who = []
        for r in s["chargers"]:
            if r["dice"]:
                who.append(_("{charger} ({dice} on {hits_on}+, {pv_left})", charger=r["charger"],
                             dice=ngettext("{n} die", "{n} dice", r["dice"]), hits_on=r["hits_on"],
                             pv_left=ngettext("{n} PV left", "{n} PV left", r["pv_left"])))
        who = list(dict.fromkeys(who))
        if not who:
            return [_("No charger has an attack die: the Charge's pass cannot kill it.")]
        return [_("The Charge's pass (fuite.charge_pass): the opposing player sends the charger most likely to kill "
                  "it: {chargers}. Charged again, it is killed in that pass {percent} of the time ({overall} "
                  "overall).", chargers=_("; ").join(who), percent=pct(float(s["killed_if_charged"]), 1),
                  overall=pct(float(s["killed_in_charge"]), 1))]

    def _attack_notes(self) -> list[str]:
        if self.attack is None or not self.chosen:
            return []
        from ....language import _, ngettext

        i = [a.name for a in self.adversaries].index(self.chosen)
        a = self.adversaries[i]
        n_sup = sum(1 for j, b in enumerate(self.adversaries) if j != i and can_support(b, self.opts))
        sup = support_bonus(n_sup, self.opts)
        parts = [f"CBT {a.cbt}"]
        if sup:
            parts.append(_("{n} for soutien", n=sup))
        if a.bonus_dice:
            parts.append(_("{n} bonus", n=a.bonus_dice))
        said = dict(name=a.name, dice=ngettext("{n} die", "{n} dice", self.attack.n_dice),
                    how=f" ({' + '.join(parts)})" if len(parts) > 1 else "")
        if self.attacker_name is not None:
            return [_("{name} makes the attaque sans riposte with {dice}{how}: named by the scenario "
                      "(fuite.attacker).", **said)]
        if len(self.adversaries) == 1:
            return [_("{name} makes the attaque sans riposte with {dice}{how}.", **said)]
        choice = _(self.CHOICE_WORDS[self.opts.attacker_choice], target=self.fleeing.name)
        return [_("{name} makes the attaque sans riposte with {dice}{how}: the opposing player picks the adversary "
                  "that {choice} (option attacker_choice).", choice=choice, **said)]

    # -- comparisons ------------------------------------------------------------
    def fuite_compare_changes(self, key: str) -> dict[str, Any]:
        """The field changes of the ``fuite.compare`` entry ``key`` (``{}`` for ``"base"``).

        ``"intangible"`` / ``"no_intangible"`` set ``fleeing.capacities`` with / without
        Intangible, ``"blocage"`` adds Blocage to ``adversaries.0.capacities``,
        ``"ordre_repli"`` sets ``fuite.repli``, ``"no_room"`` ``fuite.room = false``,
        ``"no_soutien"`` ``options.support_bonus_per_supporter = 0``.
        """
        f, a0 = self.fleeing, self.adversaries[0]
        if key == "intangible":
            return {"fleeing.capacities": written_capacities(f) + ([] if f.has("Intangible") else ["Intangible"])}
        if key == "no_intangible":
            return {"fleeing.capacities": [c for c in written_capacities(f) if c != "Intangible"]}
        if key == "ordre_repli":
            return {"fuite.repli": True}
        if key == "no_soutien":
            return {"options.support_bonus_per_supporter": 0}
        if key == "blocage":
            return {"adversaries.0.capacities": written_capacities(a0) + ([] if a0.has("Blocage") else ["Blocage"])}
        if key == "no_room":
            return {"fuite.room": False}
        return {}

    def compare_setups(self) -> list[Setup]:
        """The ``[compare]`` setups, then the ``fuite.compare`` shorthands as field changes
        (the same order as every system: the generic table first).

        ``fuite.compare = ["base", "intangible"]`` is the same as
        ``[compare] "As given" = {}`` (no change) and
        ``"Fleeing fighter Intangible" = { "fleeing.capacities" = [..., "Intangible"] }``.
        """
        generic = super().compare_setups()
        shorthand = [Setup(as_message(COMPARE[key]), self.fuite_compare_changes(key)) for key in self.compare]
        taken = {str(s.name) for s in shorthand}
        for s in generic:
            if s.name in taken:
                raise InputError(f"compare.{s.name}", str(s.name),
                                 Message(N_("a label that is not also a fuite.compare setup's ({labels})"),
                                         labels=", ".join(repr(t) for t in sorted(taken))))
        return generic + shorthand


def _load_fuite(data: dict, m: ScenarioModel, opts: Options, profiles: dict, base_dir: Path,
                check_only: frozenset[str] | None = None) -> FuiteScenario:
    if m.fleeing is None:
        raise InputError("fleeing", None, Message(N_("a [fleeing] table: the engaged fighter that flees")))
    fleeing = build_fighter(data["fleeing"], "fleeing", profiles, required=("def", "pv"))
    if "engaged" in fleeing.given and not fleeing.engaged:
        raise InputError("fleeing.engaged", False, Message(N_("true or nothing: only an engaged fighter may flee "
                                                              "(Fuite, rules digest §3)")))
    if "engaged" in fleeing.given:  # true: what a Fuite means anyway
        inert("fleeing.engaged", True, Message(N_("in a Fuite (the fleeing fighter is engaged by definition)")))
    refuse_esquive(fleeing, data["fleeing"], "fleeing",
                   Message(N_("in a Fuite (Esquive X is not allowed to an engaged fighter, and a fleeing fighter "
                              "is engaged)")))
    placed = "x" in fleeing.given and "y" in fleeing.given
    refuse_given(fleeing, data["fleeing"], "fleeing", ("weapon", "bonus_dice", "support", "zone")
                 + (() if placed else ("x", "y")),
                 Message(N_("on the fleeing fighter of a Fuite (it makes no attack; give both x and y to place it)")))
    raw = data.get("adversaries")
    if not raw:
        raise InputError("adversaries", short_repr(raw),
                         Message(N_("a non-empty list of [[adversaries]] tables (every adversary in base contact)")))
    advs = []
    for i, a in enumerate(raw):
        f = build_fighter(a, f"adversaries.{i}", profiles, need_weapon=True, required=("cbt",))
        if "engaged" in f.given and not f.engaged:
            raise InputError(f"adversaries.{i}.engaged", False,
                             Message(N_("true or nothing: every adversary listed is in base contact with the "
                                        "fleeing fighter")))
        if "engaged" in f.given:
            inert(f"adversaries.{i}.engaged", True,
                  Message(N_("in a Fuite (every adversary listed is in base contact with the fleeing fighter)")))
        refuse_given(f, a, f"adversaries.{i}", ("support",),

                     Message(N_("on a Fuite adversary: its soutien comes from the other adversaries listed (every "
                                "adversary in contact with the fleeing fighter); list each supporter as an "
                                "adversary")))
        refuse_given(f, a, f"adversaries.{i}", ("zone",) + (() if placed else ("x", "y")),
                     Message(N_("in a Fuite (a zone is for Attraction; x, y only with the fleeing fighter's x, y)")))
        if placed and (f.x is None or f.y is None):
            raise InputError(f"adversaries.{i}.x", f.x,
                             Message(N_("x and y for every adversary when the fleeing fighter is placed (each in "
                                        "base contact with it)")))
        refuse_esquive(f, a, f"adversaries.{i}", Message(N_("on a Fuite adversary (nobody engages it: the fleeing "
                                                            "fighter moves away)")))
        advs.append(f)
    fu = m.fuite if m.fuite is not None else validate(FuiteModel, {}, "fuite.")
    given = set(data.get("fuite") or {})
    others = []
    for i, o in enumerate(data.get("others") or []):
        if not placed:
            raise InputError(f"others.{i}", short_repr(o),
                             Message(N_("nothing unless the fleeing fighter is placed (fleeing.x, y): the other "
                                        "enemies on the table only matter by their positions")))
        f = build_fighter(o, f"others.{i}", profiles)
        refuse_given(f, o, f"others.{i}", ("weapon", "bonus_dice", "support", "zone", "state"),
                     Message(N_("on another enemy of a Fuite (it makes no attack: only its base and its Attraction "
                                "x count)")))
        refuse_esquive(f, o, f"others.{i}", Message(N_("on another enemy of a Fuite (nobody engages it here)")))
        if f.x is None or f.y is None:
            raise InputError(f"others.{i}.x", f.x, Message(N_("x and y (toises): the other enemies are placed on "
                                                              "the table")))
        others.append(f)
    names = [a.name for a in advs + others]
    if len(set(names)) != len(names):
        raise InputError("adversaries.name", names, Message(N_("distinct names (adversaries and others)")))
    if fu.direction is not None and not placed:
        raise InputError("fuite.direction", fu.direction,
                         Message(N_("nothing unless the fleeing fighter is placed (fleeing.x and fleeing.y, and "
                                    "every adversary's x, y): the flee move starts from its position")))
    if fu.destination is not None and not placed:
        raise InputError("fuite.destination", fu.destination,
                         Message(N_("nothing unless the fleeing fighter is placed (fleeing.x and fleeing.y, and "
                                    "every adversary's x, y): the flee move starts from its position")))
    if fu.destination is not None and fu.direction is not None:
        raise InputError("fuite.destination", fu.destination,
                         Message(N_("a destination or a direction (fuite.direction), not both")))
    allies = []
    for i, o in enumerate(data.get("allies") or []):
        if not placed:
            raise InputError(f"allies.{i}", short_repr(o),
                             Message(N_("nothing unless the fleeing fighter is placed (fleeing.x, y): its allies "
                                        "only matter by their positions")))
        f = build_fighter(o, f"allies.{i}", profiles)
        refuse_given(f, o, f"allies.{i}", ("weapon", "bonus_dice", "support", "zone", "state"),
                     Message(N_("on an ally of the fleeing fighter (only its base and position count here)")))
        refuse_esquive(f, o, f"allies.{i}", Message(N_("on an ally of the fleeing fighter (nobody engages it here)")))
        if f.x is None or f.y is None:
            raise InputError(f"allies.{i}.x", f.x, Message(N_("x and y (toises): the allies are placed on the table")))
        allies.append(f)
    placed_all = [("fleeing", fleeing)] + [(f"adversaries.{i}", a) for i, a in enumerate(advs)] + [
        (f"others.{i}", a) for i, a in enumerate(others)]
    for i, a in enumerate(allies):  # an ally's base may touch another, never stand on it
        r = a.base_mm / 2 / opts.toise_mm
        for where, b in placed_all + [(f"allies.{j}", c) for j, c in enumerate(allies[:i])]:
            if b.x is None or b.y is None:
                continue
            if math.hypot(a.x - b.x, a.y - b.y) < r + b.base_mm / 2 / opts.toise_mm - 1e-9:
                raise InputError(f"allies.{i}.x", a.x, Message(N_(
                    "a position whose base does not overlap {name}'s ({field}): bases may touch, not stand on each "
                    "other"), name=b.name, field=where))
    if fu.destination is not None and placed and math.hypot(fu.destination[0] - fleeing.x,
                                                            fu.destination[1] - fleeing.y) < 1e-9:
        raise InputError("fuite.destination", fu.destination,
                         Message(N_("a point away from the fleeing fighter's position (the flee move must go "
                                    "somewhere)")))
    terrain = [list(map(tuple, t.points)) for t in (m.terrain or [])]
    if terrain and not placed:
        raise InputError("terrain", short_repr(data.get("terrain")),
                         Message(N_("nothing unless the fleeing fighter is placed (fleeing.x, y): terrain only "
                                    "matters on the table")))
    _check_terrain(terrain, [("fleeing", fleeing)] + [(f"adversaries.{i}", a) for i, a in enumerate(advs)]
                   + [(f"others.{i}", a) for i, a in enumerate(others)]
                   + [(f"allies.{i}", a) for i, a in enumerate(allies)], opts)
    if "next_activation" in given and fu.direction is None and fu.destination is None:
        inert("fuite.next_activation", fu.next_activation,
              Message(N_("without fuite.direction or fuite.destination (only a placed flee move ends somewhere an "
                         "adversary can charge again)")))
    if "charge_pass" in given and fu.direction is None and fu.destination is None:
        inert("fuite.charge_pass", fu.charge_pass,
              Message(N_("without fuite.direction or fuite.destination (only a placed flee move ends somewhere an "
                         "adversary can charge again)")))
    for k in ("attraction_measure", "attraction_movement", "multiple_attractors"):
        if k in given and fu.direction is None and fu.destination is None:
            inert(f"fuite.{k}", getattr(fu, k),
                  Message(N_("without fuite.direction or fuite.destination (only a placed flee move ends somewhere "
                             "an Attraction can pull the fighter back)")))
    room = True if fu.room is None else fu.room
    if placed:
        room = _room_from_positions(fleeing, advs, opts, fu.room if "room" in given else None, others)
    room_can_be_false = not room or compare_sets(data, "fuite.room", "no_room",
                                                 ("fuite.partial_room_toises", "options.no_room_move"), check_only)
    partial = opts.no_room_move == "partial"
    if "partial_room_toises" in given and not (room_can_be_false and partial):
        inert("fuite.partial_room_toises", fu.partial_room_toises,
              Message(N_("unless room = false and options.no_room_move = 'partial'")))
    if partial and not room_can_be_false:
        inert("options.no_room_move", "partial", Message(N_("unless fuite.room = false")))
    opts_given = set(data.get("options") or {})
    repli_possible = fu.repli or compare_sets(data, "fuite.repli", "ordre_repli", ("options.repli_move_multiplier",),
                                              check_only)
    if "repli_move_multiplier" in opts_given and not repli_possible:
        inert("options.repli_move_multiplier", opts.repli_move_multiplier,
              Message(N_("unless fuite.repli = true (Ordre Repli)")))
    if fu.attacker is not None and "attacker_choice" in opts_given and opts.attacker_choice != "user":
        inert("options.attacker_choice", opts.attacker_choice,
              Message(N_("when fuite.attacker names the attacker")))
    if fu.stay:  # no Fuite: the fighter stays engaged and each adversary attacks it (.stay)
        from .stay import StayScenario

        if fu.direction is not None or fu.destination is not None:
            raise InputError("fuite.stay", True, Message(N_("false with a placed flee move (fuite.direction or "
                                                            "fuite.destination): a fighter that stays does not move")))
        return StayScenario(data, base_dir, fleeing, advs, opts, title=m.title, def_modifier=fu.def_modifier)
    return FuiteScenario(data, base_dir, fleeing, advs, opts, title=m.title, repli=fu.repli, attacker=fu.attacker,
                         room=room, partial_room_toises=float(fu.partial_room_toises),
                         def_modifier=fu.def_modifier, compare=fu.compare or [], others=others,
                         direction=fu.direction, attraction_measure=fu.attraction_measure,
                         attraction_movement=fu.attraction_movement, multiple_attractors=fu.multiple_attractors,
                         destination=fu.destination, allies=allies, terrain=terrain,
                         next_activation=fu.next_activation, charge_pass=fu.charge_pass)


def _check_terrain(terrain: list, fighters: list[tuple[str, Fighter]], opts: Options) -> None:
    """Refuse a terrain polygon that crosses itself, and a fighter whose base stands on impassable terrain."""
    if not terrain:
        return
    from shapely.geometry import Point, Polygon

    for k, t in enumerate(terrain):
        if not Polygon(t).is_valid or Polygon(t).area <= 0:
            raise InputError(f"terrain.{k}.points", short_repr([list(p) for p in t]),
                             Message(N_("corners of a polygon that does not cross itself (non-zero area)")))
    for where, f in fighters:
        if f.x is None or f.y is None:
            continue
        r = f.base_mm / 2 / opts.toise_mm
        for k, t in enumerate(terrain):
            if Polygon(t).intersection(Point(f.x, f.y).buffer(r)).area > 1e-9:
                raise InputError(f"{where}.x", f.x, Message(N_(
                    "a position whose base ({radius} toises in radius) is off impassable terrain terrain.{piece} (a "
                    "fighter cannot stand inside it)"), radius=f"{r:.3f}", piece=k))


def _room_from_positions(fleeing: Fighter, advs: list[Fighter], opts: Options, written: bool | None = None,
                         others: list[Fighter] = ()) -> bool:
    """``fuite.room`` computed from the positions (Rules Tips "Fuite", photos 2 and 4): the flee move
    may neither cross nor end in contact with an enemy base, so a fighter whose contacts leave no
    gap as wide as its base cannot move (:func:`..plan.paths.has_room`).

    ``written`` is ``fuite.room`` as written (``None``: left out). A value the positions agree with
    changes nothing (a note, :func:`fleeodds.validation.inert`); one they contradict is refused, naming
    ``fuite.room`` and the positions.

    Raises
    ------
    InputError
        ``fuite.room`` written against the positions, an adversary not in base contact, another
        enemy (``others``) in contact with the fleeing fighter or overlapping a base.
    """
    room = _computed_room(fleeing, advs, opts, others)
    if written is not None:
        if written != room and room:
            raise InputError("fuite.room", written,
                             Message(N_("true or nothing: the positions (fleeing.x, y and the x, y of the "
                                        "adversaries and others) leave room to flee (fuite.room must agree with "
                                        "them)")))
        if written != room:
            raise InputError("fuite.room", written,
                             Message(N_("false or nothing: the positions (fleeing.x, y and the x, y of the "
                                        "adversaries and others) leave no room to flee (fuite.room must agree with "
                                        "them)")))
        inert("fuite.room", written, Message(N_("with fleeing.x, y (the room to flee is computed from the "
                                                "positions)")))
    return room


def _computed_room(fleeing: Fighter, advs: list[Fighter], opts: Options, others: list[Fighter] = ()) -> bool:
    """The room to flee from the positions (:func:`_room_from_positions`), checking the contacts."""
    from ..plan.paths import has_room

    t = opts.toise_mm
    r = fleeing.base_mm / 2 / t
    enemies = []
    for i, a in enumerate(advs):
        ra = a.base_mm / 2 / t
        gap = math.hypot(a.x - fleeing.x, a.y - fleeing.y) - r - ra
        if abs(gap) > 1e-3:
            raise InputError(f"adversaries.{i}.x/y", (a.x, a.y), Message(N_(
                "a position in base contact with the fleeing fighter (centres {contact} toises apart; these are "
                "{distance})"), contact=f"{r + ra:.3f}", distance=f"{r + ra + gap:.3f}"))
        for j, (x, y, rb) in enumerate(enemies):  # around the fighter, side by side: bases touch, never stack
            if math.hypot(a.x - x, a.y - y) < ra + rb - 1e-3:
                raise InputError(f"adversaries.{i}.x/y", (a.x, a.y), Message(N_(
                    "a position whose base does not overlap {other} (centres at least {distance} toises apart)"),
                    other=f"adversaries.{j}", distance=f"{ra + rb:.3f}"))
        enemies.append((a.x, a.y, ra))
    placed = [(f"adversaries.{i}", a.x, a.y, ra) for i, (a, (_, _, ra)) in enumerate(zip(advs, enemies))]
    for i, o in enumerate(others):
        ro = o.base_mm / 2 / t
        gap = math.hypot(o.x - fleeing.x, o.y - fleeing.y) - r - ro
        if gap <= 1e-3:
            raise InputError(f"others.{i}.x", (o.x, o.y), Message(N_(
                "a position out of contact with the fleeing fighter (centres more than {distance} toises apart): an "
                "enemy in contact is one of the adversaries"), distance=f"{r + ro:.3f}"))
        for where, x, y, rp in placed:
            if math.hypot(o.x - x, o.y - y) < ro + rp - 1e-9:
                raise InputError(f"others.{i}.x", (o.x, o.y), Message(N_(
                    "a position whose base does not overlap {other} (centres at least {distance} toises apart)"),
                    other=where, distance=f"{ro + rp:.3f}"))
        placed.append((f"others.{i}", o.x, o.y, ro))
        enemies.append((o.x, o.y, ro))
    return has_room((fleeing.x, fleeing.y), r, enemies, max(opts.course_multiplier * fleeing.mou, 1e-3))


LOADERS["fuite"] = _load_fuite
