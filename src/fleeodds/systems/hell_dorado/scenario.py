"""Hell Dorado scenarios: ``type = "fuite"`` (default), ``"passe"`` and ``"attraction"``.

A scenario file::

    system = "hell_dorado"
    title = "..."
    type = "fuite"            # or "passe", "attraction"
    profiles_file = "my_cards.toml"   # optional: [profiles.<key>] tables of your own cards
    [options]                 # rules digest §7, see model.OptionsModel
    ...

References
----------
Rules digest §2, §3, §6, §8 (outcome taxonomy); Rules Tips "Fuite" (photos 1–9);
Attraction x (errata August 2007) and Attraction D texts.
"""

from __future__ import annotations

import copy
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import InputError, short_repr
from ...files import read_toml
from ...outcomes import Metric, Outcome
from ...system import Scenario, Setup
from ...validation import check_exact_mode, effect_checks_on, no_effect, not_modelled, set_field
from . import checks
from . import exact as ex
from .model import (
    OPTION_SCOPE,
    SECTIONS,
    AttractionModel,
    Fighter,
    FuiteModel,
    Options,
    PasseModel,
    ScenarioModel,
    build_fighter,
    load_profiles,
    parse_options,
    validate,
)
from .rules import (
    PACK_LEN,
    Attack,
    attack_dice,
    can_support,
    make_attack,
    support_bonus,
)

FUITE_OUTCOMES = (
    Outcome("cannot_flee", "Cannot flee (Blocage)", "Fuite impossible (Blocage)"),
    Outcome("free_disengage", "Free disengage (no attack)", "Désengagement libre (pas d'attaque)"),
    Outcome("repli_move", "Repli move (no attack)", "Fuite en Repli (pas d'attaque)"),
    Outcome("killed", "Killed", "Tué"),
    Outcome("state_no_move", "New negative state, no move", "État négatif, pas de déplacement"),
    Outcome("state_positive_no_move", "New positive state, no move", "État positif, pas de déplacement"),
    Outcome("fled", "Fled (Course)", "Fuite réussie (Course)"),
    Outcome("fled_no_room", "Survived, no room to move", "Survit, pas de place pour fuir"),
)
#: Added to a Fuite's outcomes when its flee move is placed (``fuite.direction``) and an enemy has
#: Attraction x: the move ends inside the zone and the fighter is pulled back at its next activation.
ATTRACTED_BACK = Outcome("attracted_back", "Fled, then pulled back by an Attraction (next activation)",
                         "A fui, puis ramené par une Attraction (prochaine activation)")
DAMAGE = Metric("damage_taken", "damage taken", "dégâts subis", 41, 0, "PV")
HITS = Metric("hits", "hits scored by the attacker", "touches de l'attaquant", 6, 0, "")

PASS_ONE_SIDED = (
    Outcome("killed", "Target killed", "Cible tuée"),
    Outcome("state", "Target survives with a new state", "Cible survit avec un nouvel état"),
    Outcome("wounded", "Target wounded", "Cible blessée"),
    Outcome("unharmed", "Target unharmed", "Cible indemne"),
)
PASS_ONE_SIDED_HITS = (
    Outcome("no_hit", "No hit", "Aucune touche"),
    Outcome("hit", "At least 1 hit", "Au moins 1 touche"),
)
PASS_DUEL = (
    Outcome("none_killed", "Nobody killed", "Personne n'est tué"),
    Outcome("defender_killed", "Defender killed", "Défenseur tué"),
    Outcome("attacker_killed", "Attacker killed", "Attaquant tué"),
    Outcome("both_killed", "Both killed", "Les deux sont tués"),
)
#: Added to a passe's outcomes when the defender may use Esquive X against the charge.
DODGED = Outcome("dodged", "Esquive: the defender dodges the charge, no pass",
                 "Esquive : le défenseur esquive la charge, pas de passe")
PASS_DUEL_HITS = (
    Outcome("no_hits", "Nobody hits", "Aucune touche"),
    Outcome("attacker_only_hits", "Only the attacker hits", "Seul l'attaquant touche"),
    Outcome("defender_only_hits", "Only the defender hits", "Seul le défenseur touche"),
    Outcome("both_hit", "Both hit", "Les deux touchent"),
)

#: Index of ``attracted_back`` in a Fuite's outcomes (after :data:`FUITE_OUTCOMES`).
F_ATTRACTED = len(FUITE_OUTCOMES)

COMPARE = {
    "base": ("As given", "Tel quel"),
    "intangible": ("Fleeing fighter Intangible", "Fuyard Intangible"),
    "no_intangible": ("Without Intangible", "Sans Intangible"),
    "ordre_repli": ("Ordre Repli", "Ordre Repli"),
    "no_soutien": ("No soutien", "Sans soutien"),
    "blocage": ("Enemy with Blocage", "Adversaire avec Blocage"),
    "no_room": ("Surrounded (no room)", "Cerné (pas de place)"),
}


def _room_tolerance() -> float:
    """:data:`.paths.ROOM_TOLERANCE` (imported when used: :mod:`.paths` loads shapely)."""
    from .paths import ROOM_TOLERANCE

    return ROOM_TOLERANCE


def _kernels():
    """The numba kernels, imported when a Monte Carlo run needs them (loading a scenario or
    solving it exactly does not import numba)."""
    from . import kernel

    return kernel


def _profiles(data: dict, base_dir: Path) -> dict[str, dict]:
    """The shipped illustrative profiles, with the ``profiles_file``'s over them.

    Raises
    ------
    InputError
        A ``profiles_file`` without ``[profiles.<key>]`` tables (empty, or another shape
        such as ``profile = 5``), or one whose profiles no fighter names (``no_effect``).
    """
    profiles = load_profiles()
    pf = data.get("profiles_file")
    if pf is not None:
        path = Path(base_dir) / pf
        own = load_profiles(path, "profiles_file")
        other = sorted(set(read_toml(path, "profiles_file")) - {"profiles"})
        if other or not own:
            raise InputError("profiles_file", pf, "a TOML file of [profiles.<key>] tables (your cards)"
                             + (f"; it has {', '.join(map(repr, other))} instead" if other else "; it has none"))
        named = [f.get("profile") for sec in ("fleeing", "attacker", "defender", "adversaries", "attractors",
                                             "others")
                 for f in ([data.get(sec)] if isinstance(data.get(sec), dict) else data.get(sec) or [])
                 if isinstance(f, dict)]
        if not any(isinstance(n, str) and n in own for n in named):
            raise no_effect("profiles_file", pf, "when no fighter names one of its profiles (profile = '<key>'; "
                                                 "it has " + ", ".join(map(repr, sorted(own))) + ")")
        profiles = {**profiles, **own}
    return profiles


def _fraction(d: dict, mode: str) -> dict:
    if check_exact_mode(mode) == "fraction":
        return d
    return {k: float(v) for k, v in d.items()}


def _caps(f: Fighter) -> list[str]:
    return [k if v is None else f"{k} {v}" for k, v in f.capacities.items()]


def _optional(opts: Options, atk: Attack | None, goal: str = "stop", state_cancels: bool = False) -> Attack | None:
    """``atk`` with the attacker's best optional re-rolls when ``reroll_policy = "optional"``.

    The attacker may decline re-rolling a missed die (each re-roll is made one at a time, after
    the rolled dice and the earlier re-rolls are seen): :func:`.exact.optimal_policy` works out,
    by backward induction, when re-rolling the next miss is worth it for its goal:

    - ``"stop"`` (a pass; a Fuite with ``attacker_choice`` ``max_kill_or_state``, ``most_dice``
      or ``user``): kill the target or give it a state that stops it — a negative state, or in a
      Fuite any state when ``state_cancels_flee_move``;
    - ``"kill"`` (``attacker_choice = "max_kill"``): kill it;
    - ``"damage"`` (``max_expected_damage``): the most damage on average.

    When the damage after PRO never decreases with the hits (and no unwanted state comes with
    more hits), re-rolling is never worse and the numbers are those of always re-rolling (the
    option is then refused as changing nothing).
    """
    if atk is None or opts.reroll_policy != "optional":
        return atk

    def utility(h: int):
        dmg = ex.damage_for(atk, h)
        dead = ex.killed_by(atk, dmg)
        if goal == "damage":
            return dmg
        if goal == "kill":
            return int(dead)
        st = 0 if dead else ex.state_for(atk, h)
        if not dead and st == 0 and atk.wounded_state and dmg > 0:
            st = 1
        return int(dead or st == 1 or (st == 2 and state_cancels))

    return replace(atk, policy=ex.optimal_policy(atk, utility))


def _esquive_index(raw: Any) -> int:
    """Index of the Esquive entry in a fighter table's ``capacities`` (0 if not found)."""
    caps = raw.get("capacities") if isinstance(raw, dict) else None
    for i, c in enumerate(caps or []):
        if isinstance(c, str) and c.strip().casefold().startswith(("esquive", "dodge")):
            return i
    return 0


def _refuse_esquive(f: Fighter, raw: Any, where: str, context: str, modelled: bool = True) -> None:
    """Refuse Esquive X on fighter ``f`` by name: ``no_effect`` (it cannot be used here) or,
    with ``modelled = False``, ``not_modelled``."""
    if not f.has("Esquive"):
        return
    field = f"{where}.capacities.{_esquive_index(raw)}"
    value = f"Esquive {f.capacities['Esquive']}"
    raise no_effect(field, value, context) if modelled else not_modelled(field, value, context)


def _refuse_given(f: Fighter, raw: Any, where: str, fields: tuple[str, ...], context: str) -> None:
    """``no_effect`` for the first of ``fields`` set on fighter ``f`` (in the scenario or its profile)."""
    for k in fields:
        if k in f.given:
            value = raw.get(k) if isinstance(raw, dict) and k in raw else getattr(f, k, None)
            raise no_effect(f"{where}.{k}", value, context)


class _Checked:
    """``with_changes`` and ``unused_inputs`` of the three scenario types (:mod:`.checks`)."""

    _contexts: list[dict] | None = None

    def with_changes(self, changes: dict[str, Any]) -> Scenario:
        """A copy with dotted fields changed (see :meth:`fleeodds.system.Scenario.with_changes`).

        The fields the changes set are checked in the copy (one that changes nothing
        there is refused, naming it); the other fields were checked when this scenario
        was loaded, against the scenario and each of its comparison setups. The changes of
        a ``fuite.compare`` shorthand are fleeodds' own and are not checked.
        """
        if not isinstance(changes, dict):
            raise InputError("changes", short_repr(changes), "a table of field.path = value")
        data = _apply(self.base_source(), changes)
        shorthand = [self.fuite_compare_changes(k) for k in getattr(self, "compare", [])]
        data.only = set() if changes in shorthand else set(changes)
        return load_scenario(data, self.base_dir)

    def base_source(self) -> dict:
        """The source without its comparison setups, as a :class:`.checks.CheckedSource`: loaded
        again, its fields are not checked once more against this scenario alone (they were,
        against each setup, when it was loaded)."""
        return checks.CheckedSource(super().base_source())

    def describe(self) -> dict[str, Any]:
        """What the scenario resolved to, with ``unused_inputs`` when a card value written in the
        file changes nothing (:meth:`unused_inputs`)."""
        d = self._describe()
        unused = self.unused_inputs()
        if unused:
            d["unused_inputs"] = unused
        return d

    def unused_inputs(self) -> list[str]:
        """Dotted paths of the card characteristics written in the file (``fleeing.mou``,
        ``adversaries.0.pro``…) that change nothing here, nor in any comparison setup.

        They are accepted (players copy whole cards) and listed here and in
        ``describe()["unused_inputs"]`` so that nothing is silent.
        """
        contexts = self._contexts if self._contexts is not None else [self.base_source()]
        return checks.unused_inputs(self.source, contexts, lambda d: _build(d, self.base_dir))


# =========================================================================== Fuite
class FuiteScenario(_Checked, Scenario):
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
        back = ("attracted_back",) if any(o.code == "attracted_back" for o in self.outcomes) else ()
        return ("fled",) + back + ("fled_no_room", "state_positive_no_move", "state_no_move", "killed")

    def __init__(self, data: dict, base_dir: Path | None, fleeing: Fighter, adversaries: list[Fighter],
                 opts: Options, *, title: str = "", repli: bool = False, attacker: str | None = None,
                 room: bool = True, partial_room_toises: float = 0.0, def_modifier: int = 0,
                 compare: list[str] | None = None, others: list[Fighter] | None = None,
                 direction: float | None = None, attraction_measure: str = "edge",
                 attraction_movement: str = "charge", multiple_attractors: str = "nearest"):
        super().__init__(data, base_dir)
        self.others, self.direction = list(others or []), direction
        self.attraction_measure, self.attraction_movement = attraction_measure, attraction_movement
        self.multiple_attractors = multiple_attractors
        self.title = title
        self.fleeing, self.adversaries, self.opts = fleeing, list(adversaries), opts
        self.repli, self.attacker_name, self.room = repli, attacker, room
        self.partial_room_toises, self.def_modifier = partial_room_toises, def_modifier
        self.compare = list(compare or [])
        for i, c in enumerate(self.compare):
            if not isinstance(c, str) or c not in COMPARE:
                raise InputError(f"fuite.compare.{i}", c, "one of " + ", ".join(f"'{k}'" for k in COMPARE))
            if c in self.compare[:i]:
                raise InputError(f"fuite.compare.{i}", c, "each entry once")
        if not adversaries:
            raise InputError("adversaries", [], "at least one adversary in contact (only an engaged fighter may flee)")
        if attacker is not None and attacker not in [a.name for a in adversaries]:
            raise InputError("fuite.attacker", attacker, "one of " + ", ".join(repr(a.name) for a in adversaries))
        if opts.attacker_choice == "user" and attacker is None:
            raise InputError("fuite.attacker", None, "the name of the adversary making the attack "
                                                      "(required with attacker_choice = 'user')")
        self._candidates: list[tuple[str, Any]] = []
        self.fixed, self.attack, self.chosen, self.choice_scores = self._resolve()
        self._place_flee()

    # -- deterministic part of the procedure (digest §3) ---------------------
    def _resolve(self):
        f, advs, o = self.fleeing, self.adversaries, self.opts
        blockers = [a for a in advs if a.has("Blocage")]
        intangible_free = f.has("Intangible") and o.intangible_vs_blocage == "intangible_ignores"
        if blockers and not intangible_free:
            if o.blocage_scope == "any_blocker_prevents_flee" or len(blockers) == len(advs):
                return ex.F_CANNOT, None, None, {}
        if self.repli:
            return ex.F_REPLI, None, None, {}
        if f.has("Intangible"):
            return ex.F_FREE, None, None, {}
        attacks: dict[str, Attack | None] = {}
        for i, a in enumerate(advs):
            sup = support_bonus(sum(1 for j, b in enumerate(advs) if j != i and can_support(b, o)), o)
            n = attack_dice(a, sup)
            goal = {"max_kill": "kill", "max_expected_damage": "damage"}.get(o.attacker_choice, "stop")
            attacks[a.name] = None if n < 1 else _optional(o, make_attack(
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
            return ex.F_FREE, None, name, scores
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

        The pull-back follows :func:`.exact.attraction_geometry` (the Attraction scenario's
        straight-line solver) with the fleeing fighter as the only mover: it is affected when the
        end of its move is within x toises of a holder that is not engaged (``others.N.engaged``;
        the adversaries it fled are free once it has left them), it is not a lémure under
        ``attraction_version = "x_2007"``, and its Charge (or Assaut,
        ``fuite.attraction_movement``) reaches that holder by the straight line; it stops on the
        first enemy base it touches and engages that fighter. Nothing else moves in between.
        """
        self.path_limit, self.stopped_by, self.flee_end, self.pull_back = math.inf, None, None, None
        attracting = bool(self._holders()) and self.direction is not None
        self.outcomes = FUITE_OUTCOMES + ((ATTRACTED_BACK,) if attracting else ())
        if self.direction is None:
            return
        from .paths import flee_move  # shapely, only for a placed move
        t = self.opts.toise_mm
        r = self.fleeing.base_mm / 2 / t
        enemies = self.adversaries + self.others
        discs = [(a.x, a.y, a.base_mm / 2 / t) for a in enemies]
        self.path_limit, k = flee_move((self.fleeing.x, self.fleeing.y), r, discs, self.direction)
        d = self.flee_distance
        if k >= 0 and self.path_limit <= self._planned_distance() + 1e-12:
            self.stopped_by = enemies[k].name
        rad = math.radians(self.direction)
        self.flee_end = (self.fleeing.x + d * math.cos(rad), self.fleeing.y + d * math.sin(rad))
        if not attracting or d <= 0:
            return
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
        (status, h), = ex.attraction_geometry(side, [], [mover], [0], multi, centre, immune, holders=chosen)
        if status == 2:
            return
        self.pull_back = (status, enemies[chosen[0]].name, enemies[h].name)
        if self.fixed == ex.F_REPLI:
            self.fixed = F_ATTRACTED

    @property
    def attracted(self) -> bool:
        """Whether the flee move (when it is made) ends where an Attraction pulls the fighter back."""
        return self.pull_back is not None

    @property
    def move_outcome(self) -> int:
        if self.direction is not None and self.flee_distance <= 0 and self._planned_distance() > 0:
            return ex.F_NO_ROOM  # no room in that direction: the first enemy base is in the way at once
        if self.room or (self.opts.no_room_move == "partial" and self.partial_room_toises > 0):
            return F_ATTRACTED if self.attracted else ex.F_FLED
        return ex.F_NO_ROOM

    def _planned_distance(self) -> float:
        """The flee move before the table's geometry: the Course or the Repli move, or the room left."""
        if self.fixed in (ex.F_CANNOT, ex.F_FREE):
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
        a move shorter than :data:`.paths.ROOM_TOLERANCE` is none."""
        d = self._planned_distance()
        if self.direction is not None:
            d = min(d, self.path_limit)
            if d < _room_tolerance():
                d = 0.0
        return d

    def exact_distribution(self, mode: str = "float"):
        check_exact_mode(mode)
        d = ex.fuite_distribution(self.fixed, self.attack, self.move_outcome, self.opts.state_cancels_flee_move)
        return _fraction(d, mode)

    def kernel(self):
        pk = self.attack.pack() if self.attack is not None else np.zeros(PACK_LEN, np.int64)
        fixed, mo, sc = int(self.fixed), int(self.move_outcome), int(self.opts.state_cancels_flee_move)
        n_out, n_bins = len(self.outcomes), self.metric.n_bins
        return lambda seed, start, n: _kernels().run_fuite(fixed, pk, mo, sc, n_out, n_bins, seed, start, n)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        pk = self.attack.pack() if self.attack is not None else np.zeros(PACK_LEN, np.int64)
        fixed, mo, sc = int(self.fixed), int(self.move_outcome), int(self.opts.state_cancels_flee_move)
        return lambda seed, start, n: _kernels().run_fuite_trials(fixed, pk, mo, sc, seed, start, n)

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
        if self.fixed == ex.F_FREE:
            d["free_action"] = ("may become Marche (MOU), Course (2×MOU), Assaut or Charge / "
                                "peut devenir Marche, Course, Assaut ou Charge")
        if self.others:
            d["others"] = [dict(o.describe(), x=o.x, y=o.y, engaged=o.engaged) for o in self.others]
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

    def unused_inputs(self) -> list[str]:
        """As :meth:`_Checked.unused_inputs`, plus an enemy's Attraction x when the flee move is not
        placed (no ``fuite.direction``: where the move ends is unknown, so it pulls nobody back), and
        each of ``[[others]]`` that changes nothing here nor in any comparison setup (it neither
        closes the way out, nor stops the move, nor is met on the way back, nor attracts)."""
        out = super().unused_inputs()
        if self.direction is None:
            raw = {"adversaries": self.source.get("adversaries") or [], "others": self.source.get("others") or []}
            for where, f in self._holders():
                sec, i = where.split(".")
                caps = raw[sec][int(i)].get("capacities") if isinstance(raw[sec][int(i)], dict) else None
                k = next((j for j, c in enumerate(caps or []) if isinstance(c, str)
                          and c.strip().casefold().startswith("attraction")), None)
                out.append(f"{where}.capacities.{k}" if k is not None else f"{where}.profile")
        contexts = self._contexts if self._contexts is not None else [self.base_source()]
        for i in range(len(self.others)):
            if not any(_build(c, self.base_dir)._other_matters(i) for c in contexts):
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
        if self.direction is not None and o.has("Attraction"):
            return self._outcomes_without_other(i) != self._outcomes_with_others()
        if self.fixed in (ex.F_CANNOT, ex.F_FREE):
            return False
        rest = self.others[:i] + self.others[i + 1:]
        return _room_from_positions(self.fleeing, self.adversaries, self.opts, False, rest) != self.room

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
        return _build(data, self.base_dir)._outcomes_with_others()

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

    #: How the opposing player's choice of attacker is worded (option ``attacker_choice``). In French
    #: the fleeing fighter is named in brackets after "le combattant en fuite": a profile name
    #: ("Inquisiteur", "Templier") needs an article there, a character's name ("Samael") none.
    CHOICE_WORDS = {
        "max_kill_or_state": ("kills or stops {target} most often",
                              "tue ou arrête le plus souvent le combattant en fuite ({target})"),
        "max_kill": ("kills {target} most often", "tue le plus souvent le combattant en fuite ({target})"),
        "max_expected_damage": ("deals the most damage on average", "inflige le plus de dégâts en moyenne"),
        "most_dice": ("rolls the most dice", "lance le plus de dés"),
    }

    def notes(self, lang: str = "en") -> list[str]:
        """Which adversary makes the attaque sans riposte, with how many dice, and why it was chosen;
        with ``fuite.direction``, where the flee move ends and whether an Attraction pulls it back.

        ``[]`` when no attack is made and the move is not placed (Blocage, Repli, Intangible: the
        outcome says why).
        """
        return self._attack_notes(lang) + self._move_notes(lang)

    @staticmethod
    def _de(name: str) -> str:
        """French "de X", elided before a vowel or a mute h ("d'Isha-Akshay")."""
        return ("d'" if name[:1].casefold() in "aeiouyhâàéèêîïôû" and name else "de ") + name

    def _move_notes(self, lang: str) -> list[str]:
        if self.direction is None or self.fixed in (ex.F_CANNOT, ex.F_FREE):
            return []
        fr = lang == "fr"
        d, (x, y) = self.flee_distance, self.flee_end
        num = (lambda v: f"{v:.2f}".replace(".", ",")) if fr else (lambda v: f"{v:.2f}")
        if fr:
            line = f"Mouvement de Fuite : {num(d)} toises à {num(self.direction)}°, jusqu'en ({num(x)} ; {num(y)})"
            if self.stopped_by:
                line += (f", arrêté juste avant le socle {self._de(self.stopped_by)} (pas de contact pendant une "
                         "Fuite, photo 2)")
        else:
            line = f"Flee move: {num(d)} toises at {num(self.direction)}°, to ({num(x)}, {num(y)})"
            if self.stopped_by:
                line += f", stopped just short of {self.stopped_by}'s base (no contact in a Fuite, photo 2)"
        line += "."
        out = [line]
        if self._holders() and d > 0:
            if self.pull_back is None:
                out.append("Aucune Attraction ne le ramène à sa prochaine activation." if fr else
                           "No Attraction pulls it back at its next activation.")
            else:
                st, holder, eng = self.pull_back
                if fr:
                    t = (f"Il finit dans la zone d'Attraction {self._de(holder)} : à sa prochaine activation il doit "
                         f"faire un Assaut ou une Charge vers ce combattant et revient au contact")
                    t += f" ({eng}, rencontré en chemin)." if st == 1 else "."
                else:
                    t = (f"It ends inside {holder}'s Attraction zone: at its next activation it must Assaut or "
                         f"Charge it and is pulled back into contact")
                    t += f" (with {eng}, met on the way)." if st == 1 else "."
                out.append(t)
        return out

    def _attack_notes(self, lang: str) -> list[str]:
        if self.attack is None or not self.chosen:
            return []
        fr = lang == "fr"
        i = [a.name for a in self.adversaries].index(self.chosen)
        a = self.adversaries[i]
        n_sup = sum(1 for j, b in enumerate(self.adversaries) if j != i and can_support(b, self.opts))
        sup = support_bonus(n_sup, self.opts)
        parts = [f"CBT {a.cbt}"]
        if sup:
            parts.append(f"{sup} " + ("de soutien" if fr else "for soutien"))
        if a.bonus_dice:
            parts.append(f"{a.bonus_dice} " + ("de bonus" if fr else "bonus"))
        n = self.attack.n_dice
        dice = (f"{n} dé{'s' if n > 1 else ''}" if fr else f"{n} {'dice' if n > 1 else 'die'}")
        how = f" ({' + '.join(parts)})" if len(parts) > 1 else ""
        if fr:
            head = f"{a.name} fait l'attaque sans riposte avec {dice}{how}"
        else:
            head = f"{a.name} makes the attaque sans riposte with {dice}{how}"
        if self.attacker_name is not None:
            why = " : choisi par le scénario (fuite.attacker)." if fr else ": named by the scenario (fuite.attacker)."
        elif len(self.adversaries) == 1:
            why = "."
        else:
            en_w, fr_w = self.CHOICE_WORDS[self.opts.attacker_choice]
            target = self.fleeing.name
            why = (f" : le joueur adverse choisit l'adversaire qui {fr_w.format(target=target)} (option attacker_choice)."
                   if fr else
                   f": the opposing player picks the adversary that {en_w.format(target=target)} "
                   "(option attacker_choice).")
        return [head + why]

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
            return {"fleeing.capacities": _caps(f) + ([] if f.has("Intangible") else ["Intangible"])}
        if key == "no_intangible":
            return {"fleeing.capacities": [c for c in _caps(f) if c != "Intangible"]}
        if key == "ordre_repli":
            return {"fuite.repli": True}
        if key == "no_soutien":
            return {"options.support_bonus_per_supporter": 0}
        if key == "blocage":
            return {"adversaries.0.capacities": _caps(a0) + ([] if a0.has("Blocage") else ["Blocage"])}
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
        shorthand = [Setup(*COMPARE[key], self.fuite_compare_changes(key)) for key in self.compare]
        taken = {s.en for s in shorthand}
        for s in generic:
            if s.en in taken:
                raise InputError(f"compare.{s.en}", s.en, "a label that is not also a fuite.compare setup's ("
                                 + ", ".join(repr(t) for t in sorted(taken)) + ")")
        return generic + shorthand


# =========================================================================== Passe d'armes
class PassScenario(_Checked, Scenario):
    """One weapon pass: normal (simultaneous, ``riposte = true``) or attaque sans riposte.

    A defender with CBT – cannot riposte: the pass is then one-sided. Metric:
    hits scored by the attacker (0–5). ``report = "kills"`` (default) or
    ``"hits"`` picks the outcome categories (see module constants).

    References
    ----------
    Rules digest §2; Sapience wiki "Résolution des passes d'armes".
    """

    metric = HITS

    def __init__(self, data: dict, base_dir: Path | None, attacker: Fighter, defender: Fighter, opts: Options, *,
                 title: str = "", riposte: bool = True, report: str = "kills", def_modifier: int = 0,
                 charge: bool = False, esquive_used: bool = False):
        super().__init__(data, base_dir)
        self.title, self.opts, self.report = title, opts, report
        self.charge, self.esquive_used = charge, esquive_used
        self.attacker_f, self.defender_f = attacker, defender
        if report not in ("kills", "hits"):
            raise InputError("passe.report", report, "'kills' or 'hits'")
        if attacker.cbt is None:
            raise InputError("attacker.cbt", "-", "a number of dice: a CBT – fighter cannot attack")
        n_a = attack_dice(attacker, support_bonus(attacker.support, opts))
        if n_a < 1:
            raise InputError("attacker.cbt", attacker.cbt, "at least 1 attack die in total (CBT + soutien + bonus)")
        self.duel = riposte and defender.cbt is not None
        self.a = _optional(opts, make_attack(attacker, defender, n_a, opts, "attacker", def_modifier))
        self.b = None
        if self.duel:
            n_b = attack_dice(defender, support_bonus(defender.support, opts))
            self.b = _optional(opts, make_attack(defender, attacker, n_b, opts, "defender"))
        fr = opts.simultaneous_kill == "frappe_rapide_first"
        self.a_first = fr and attacker.has("Frappe rapide")
        self.b_first = fr and defender.has("Frappe rapide")
        if self.duel:
            self.outcomes = PASS_DUEL_HITS if report == "hits" else PASS_DUEL
        else:
            self.outcomes = PASS_ONE_SIDED_HITS if report == "hits" else PASS_ONE_SIDED
        self.esquive = self._esquive()
        if self.esquive:
            self.outcomes = self.outcomes + (DODGED,)

    @property
    def outcome_order(self) -> tuple[str, ...] | None:
        """Best to worst for the target of an attaque sans riposte reported as kills (dodged the
        charge, unharmed, wounded, a new state, killed); ``None`` for a normal pass or hits (no scale)."""
        if self.duel or self.report != "kills":
            return None
        return (("dodged",) if self.esquive else ()) + ("unharmed", "wounded", "state", "killed")

    def _esquive(self) -> int:
        """X of the defender's Esquive X when it may dodge this charge, else 0.

        Esquive X (Sapience wiki, "Capacités spéciales / Esquive X"; rules digest §4): when an
        enemy engages the fighter, 1d6 <= X moves it up to 3 toises away and the charger stops
        at contact. Once per action phase; not when Immobilisé, Mis au sol, or already engaged.
        """
        d = self.defender_f
        if not (self.charge and d.has("Esquive")) or self.esquive_used or d.engaged or d.state:
            return 0
        return int(d.capacities["Esquive"])

    @property
    def dodge_probability(self) -> Fraction:
        """P(Esquive succeeds) = X / 6 (0 when the defender cannot dodge)."""
        return Fraction(min(self.esquive, 6), 6)

    def exact_distribution(self, mode: str = "float"):
        check_exact_mode(mode)
        if self.duel:
            d = ex.duel_distribution(self.a, self.b, self.a_first, self.b_first, self.report)
        else:
            d = ex.one_sided_pass_distribution(self.a, self.report)
        if self.esquive:
            q = self.dodge_probability
            d = {k: (1 - q) * p for k, p in d.items() if (1 - q) * p}
            d[(len(self.outcomes) - 1, 0)] = q
        return _fraction(d, mode)

    def _kernel_args(self):
        pa = self.a.pack()
        pb = self.b.pack() if self.b is not None else pa
        return (int(self.duel), pa, pb, int(self.a_first), int(self.b_first), int(self.report == "hits"),
                int(self.esquive), len(self.outcomes) - 1)

    def kernel(self):
        args = self._kernel_args()
        k = len(self.outcomes)
        return lambda seed, start, n: _kernels().run_pass(*args, seed, start, n)[:k]

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        args = self._kernel_args()
        return lambda seed, start, n: _kernels().run_pass_trials(*args, seed, start, n)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results: P(Esquive) when the defender may dodge the charge, and the
        distribution of the damage the attacker deals (``{PV: probability}``, pass rolled)."""
        out: dict[str, Any] = {}
        if self.esquive:
            out["esquive_probability"] = self.dodge_probability
        out["damage_dealt"] = ex.damage_pmf(self.a)
        if self.b is not None:
            out["riposte_damage_dealt"] = ex.damage_pmf(self.b)
        if check_exact_mode(mode) != "fraction":
            out = {k: (float(v) if isinstance(v, Fraction) else {d: float(p) for d, p in v.items()})
                   for k, v in out.items()}
        return out

    def _describe(self) -> dict[str, Any]:
        d = {"type": "passe", "attacker": self.attacker_f.describe(), "defender": self.defender_f.describe(),
             "riposte": self.duel, "report": self.report, "attack": self.a.describe(),
             "riposte_attack": self.b.describe() if self.b else None, "options": dict(self.opts.__dict__)}
        if self.charge:
            d["charge"] = True
            d["esquive"] = self.esquive
        return d


# =========================================================================== Attraction
ATTR_BASIC = (
    Outcome("pulled", "Pulled into contact with the attractor", "Attiré au contact"),
    Outcome("intercepted", "Stopped by another fighter on the way", "Arrêté par un autre combattant"),
    Outcome("unaffected", "Unaffected", "Non affecté"),
)
ATTR_PASS = (
    Outcome("pulled_none_killed", "Pulled; pass: nobody killed", "Attiré ; passe : personne n'est tué"),
    Outcome("pulled_mover_killed", "Pulled; pass: it is killed", "Attiré ; passe : il est tué"),
    Outcome("pulled_attractor_killed", "Pulled; pass: attractor killed", "Attiré ; passe : l'attracteur est tué"),
    Outcome("pulled_both_killed", "Pulled; pass: both killed", "Attiré ; passe : les deux sont tués"),
    ATTR_BASIC[1], ATTR_BASIC[2],
)


class AttractionScenario(_Checked, Scenario):
    """Attraction x on a 2-D table (positions in toises, round bases).

    Side A: ``attractors`` (fighters with Attraction x) and ``others`` (their
    allies, who can intercept). Side B: ``adversaries``, each at ``x, y`` or
    uniformly at random in a ``zone`` (disc or rectangle; a draw with
    overlapping bases is redrawn). At its activation each free adversary within
    x toises of a free attractor must Assaut/Charge at it by the shortest path: the straight
    line from centre to centre, or, when impassable terrain (``terrain``, polygons) or one of
    its allies (another adversary's base) is in the way, the shortest path round them
    (:mod:`.paths`, shapely; fixed positions only: with adversaries drawn in a zone the path is
    the straight line, and terrain is refused). It engages the first side-A base it touches
    on the way. It is unaffected if it cannot reach the attractor (path longer than its reach)
    or is a lémure (``attraction_version = "x_2007"``). Once engaged, an attractor stops
    attracting.

    Options (table ``[attraction]``): ``focus`` (adversary name, default the
    first), ``activation_order`` ("listed" default, "random", "independent"),
    ``multiple_attractors`` ("nearest" default, "first_listed", "player_choice"), ``measure``
    ("edge" default: base edge to base edge; "centre"), ``movement`` ("charge"
    default: reach = course_multiplier × MOU; "assaut": MOU), ``then_pass``
    (false; true: a pulled focus adversary then fights a normal pass with the
    attractor).

    Outcomes (focus adversary): pulled / intercepted / unaffected, or with
    ``then_pass`` the pass result. Metric: number of adversaries pulled.
    ``has_exact`` when all positions are fixed (a random order: every order, up to 6 adversaries).

    References
    ----------
    Rules digest §6; Attraction x (errata August 2007), Attraction D (original).
    """

    def __init__(self, data: dict, base_dir: Path | None, side_a: list[Fighter], adversaries: list[Fighter],
                 opts: Options, *, title: str = "", focus: str | None = None, activation_order: str = "listed",
                 multiple_attractors: str = "nearest", measure: str = "edge", movement: str = "charge",
                 then_pass: bool = False, terrain: list | None = None):
        super().__init__(data, base_dir)
        self.terrain = [[tuple(map(float, p)) for p in t] for t in (terrain or [])]
        self.title, self.opts = title, opts
        self.side_a, self.advs = side_a, adversaries
        allowed = {"activation_order": ("listed", "random", "independent"),
                   "multiple_attractors": ("nearest", "first_listed", "player_choice"),
                   "measure": ("edge", "centre"),
                   "movement": ("charge", "assaut")}
        for k, v in (("activation_order", activation_order), ("multiple_attractors", multiple_attractors),
                     ("measure", measure), ("movement", movement)):
            if v not in allowed[k]:
                raise InputError(f"attraction.{k}", v, "one of " + ", ".join(f"'{a}'" for a in allowed[k]))
        self.order_mode = allowed["activation_order"].index(activation_order)
        self.multi_nearest = {"first_listed": 0, "nearest": 1, "player_choice": 2}[multiple_attractors]
        self.centre = measure == "centre"
        self.movement, self.then_pass = movement, then_pass
        if not any(a.has("Attraction") for a in side_a):
            raise InputError("attractors.0.capacities", side_a[0].capacities if side_a else None,
                             "a list containing 'Attraction x' for at least one attractor")
        if not adversaries:
            raise InputError("adversaries", [], "at least one adversary")
        names = [b.name for b in adversaries]
        if focus is None:
            self.focus = 0
        elif focus in names:
            self.focus = names.index(focus)
        else:
            raise InputError("attraction.focus", focus, "one of " + ", ".join(map(repr, names)))
        tmm = opts.toise_mm
        self.ar = np.array([a.base_mm / 2 / tmm for a in side_a])
        self.br = np.array([b.base_mm / 2 / tmm for b in adversaries])
        for i, a in enumerate(side_a):
            if a.x is None or a.y is None:
                raise InputError(f"{self._a_field(i)}.x", a.x, "a position x, y in toises")
        for i, b in enumerate(adversaries):
            if b.zone is None and (b.x is None or b.y is None):
                raise InputError(f"adversaries.{i}.x", b.x, "a position x, y in toises, or a zone")
            if b.zone is not None and (b.x is not None or b.y is not None):
                raise InputError(f"adversaries.{i}.zone", "zone and x/y", "either x, y or a zone, not both")
        self._check_overlaps()
        self.fixed_positions = all(b.zone is None for b in adversaries)
        mult = opts.course_multiplier if movement == "charge" else 1.0
        self.reach = np.array([mult * b.mou for b in adversaries])
        self.lemure_immune = opts.attraction_version == "x_2007"
        self.detours = self._detours()
        self.outcomes = ATTR_PASS if then_pass else ATTR_BASIC
        self.metric = Metric("pulled", "adversaries pulled into contact", "adversaires attirés au contact",
                             len(adversaries) + 1, 0, "")
        self.mover_vs = np.zeros((len(side_a), PACK_LEN), np.int64)
        self.attr_vs = np.zeros((len(side_a), PACK_LEN), np.int64)
        self.attr_first = np.zeros(len(side_a), np.int64)
        self.mover_first = 0
        self._atk: dict[int, tuple[Attack, Attack]] = {}
        if then_pass:
            self._prepare_pass()
        self.pref = self._preferences()

    def _a_field(self, i: int) -> str:
        """Dotted path of side-A fighter ``i`` (the attractors, then the others, as listed)."""
        n_attr = len(self.source.get("attractors") or []) if isinstance(self.source, dict) else len(self.side_a)
        return f"attractors.{i}" if i < n_attr else f"others.{i - n_attr}"

    def _preferences(self) -> np.ndarray:
        """Rank of each side-A fighter as the focus adversary's choice under ``multiple_attractors =
        "player_choice"`` (0 best): with ``then_pass``, by the exact pass against it — least likely
        to be killed, then most likely to kill; otherwise all 0 (the nearest is taken)."""
        pref = np.zeros(len(self.side_a), np.int64)
        if not (self.then_pass and self.multi_nearest == 2):
            return pref
        keys = {}
        for h, (am, aa) in self._atk.items():
            d = ex.duel_distribution(am, aa, bool(self.mover_first), bool(self.attr_first[h]), "kills")
            mover_killed = sum((p for (o, _), p in d.items() if o in (2, 3)), Fraction(0))
            attr_killed = sum((p for (o, _), p in d.items() if o in (1, 3)), Fraction(0))
            keys[h] = (mover_killed, -attr_killed)
        ranked = sorted(set(keys.values()))
        for h, k in keys.items():
            pref[h] = ranked.index(k)
        return pref

    def _detours(self) -> bool:
        """Whether some shortest path leaves the straight line (terrain, or an ally in the way).

        Then the geometry is solved with :mod:`.paths` (fixed positions only, listed or
        independent order); otherwise the straight-line solver and kernel give the same paths.

        Raises
        ------
        InputError
            Terrain or an ally in the way with adversaries placed at random (``zone``) or a
            random activation order (not modelled: the path changes with every placement/order).
        """
        from shapely.geometry import LineString, Point, Polygon

        if self.terrain:
            for k, t in enumerate(self.terrain):
                if not Polygon(t).is_valid or Polygon(t).area <= 0:
                    raise InputError(f"terrain.{k}.points", short_repr([list(p) for p in t]),
                                     "corners of a polygon that does not cross itself (non-zero area)")
            self._check_in_terrain()
        in_way = bool(self.terrain)
        if not in_way and all(b.zone is None for b in self.advs):
            for i, b in enumerate(self.advs):
                for a, ra in zip(self.side_a, self.ar):
                    if not a.has("Attraction"):
                        continue
                    seg = LineString([(b.x, b.y), (a.x, a.y)])
                    for j, c in enumerate(self.advs):
                        if j != i and seg.distance(Point(c.x, c.y)) < self.br[i] + self.br[j] - 1e-9:
                            in_way = True
        if in_way and any(b.zone is not None for b in self.advs):
            raise not_modelled("terrain", "with adversaries in a zone",
                               "terrain with adversaries placed at random: give fixed x, y positions")
        if in_way and self.order_mode == 1:
            raise not_modelled("attraction.activation_order", "random",
                               "with terrain or an ally in the way (the detours change with the order): use "
                               "'listed' or 'independent'")
        return in_way

    def _check_in_terrain(self) -> None:
        """Refuse a fighter whose base overlaps impassable terrain (a base may touch it, not stand on it).

        Raises
        ------
        InputError
            Naming the fighter's position (``adversaries.0.x``), its centre and the terrain polygon.
        """
        from shapely.geometry import Point, Polygon

        placed = [(self._a_field(i), a, r) for i, (a, r) in enumerate(zip(self.side_a, self.ar))]
        placed += [(f"adversaries.{i}", b, r) for i, (b, r) in enumerate(zip(self.advs, self.br))
                   if b.zone is None]
        for k, t in enumerate(self.terrain):
            poly = Polygon(t)
            for where, f, r in placed:
                if poly.distance(Point(f.x, f.y)) < r - 1e-9:
                    raise InputError(f"{where}.x", (f.x, f.y),
                                     f"a position whose base ({r:.3f} toises in radius) is off impassable terrain "
                                     f"terrain.{k} (a fighter cannot stand inside it; it may touch its edge)")

    def _check_overlaps(self) -> None:
        pts = [(f"attractors/others '{a.name}'", a.x, a.y, r) for a, r in zip(self.side_a, self.ar)]
        pts += [(f"adversaries '{b.name}'", b.x, b.y, r) for b, r in zip(self.advs, self.br) if b.zone is None]
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                (n1, x1, y1, r1), (n2, x2, y2, r2) = pts[i], pts[j]
                if math.hypot(x1 - x2, y1 - y2) < r1 + r2 - 1e-9:
                    raise InputError(f"{n1}.x/y", (x1, y1), f"a position whose base does not overlap {n2} at "
                                     f"({x2}, {y2}): centres at least {r1 + r2:.3f} toises apart")

    def _prepare_pass(self) -> None:
        m = self.advs[self.focus]
        o = self.opts
        fr = o.simultaneous_kill == "frappe_rapide_first"
        self.mover_first = int(fr and m.has("Frappe rapide"))
        for h, a in enumerate(self.side_a):
            if not a.has("Attraction"):
                continue
            n_m = attack_dice(m, 0)
            if n_m < 1:
                raise InputError(f"adversaries.{self.focus}.cbt", m.cbt, "at least 1 attack die for then_pass")
            am = _optional(o, make_attack(m, a, n_m, o, f"adversaries.{self.focus}"))
            n_a = attack_dice(a, 0)
            if n_a >= 1:
                aa = _optional(o, make_attack(a, m, n_a, o, f"attractors.{h}"))
            else:
                aa = Attack(0, 7, (0, 0, 0, 0, 0), m.pro, m.pv)
            self._atk[h] = (am, aa)
            self.mover_vs[h] = am.pack()
            self.attr_vs[h] = aa.pack()
            self.attr_first[h] = int(fr and a.has("Frappe rapide"))

    #: Most adversaries for which a random activation order is solved exactly (all n! orders).
    MAX_EXACT_ORDERS = 6

    @property
    def has_exact(self) -> bool:
        """Exact when every position is fixed (a random activation order is averaged over every
        order, up to :attr:`MAX_EXACT_ORDERS` adversaries)."""
        return self.fixed_positions and (self.order_mode != 1 or len(self.advs) <= self.MAX_EXACT_ORDERS)

    @property
    def exact_refusal(self) -> str:
        """Why there is no exact answer (``""`` when there is one)."""
        if self.has_exact:
            return ""
        if not self.fixed_positions:
            return "fighters are placed at random in a zone: Attraction is computed by Monte Carlo only"
        return (f"the activation order is random with more than {self.MAX_EXACT_ORDERS} adversaries: Attraction "
                "is computed by Monte Carlo only")

    def _engaged_start(self):
        a_eng = [a.engaged for a in self.side_a]
        b_eng = [b.engaged for b in self.advs]
        for i, b in enumerate(self.advs):
            for j, a in enumerate(self.side_a):
                if math.hypot(a.x - b.x, a.y - b.y) <= self.ar[j] + self.br[i] + 1e-9:
                    a_eng[j] = b_eng[i] = True
        return a_eng, b_eng

    def geometry(self, order: list[int] | None = None) -> list[tuple[int, int]]:
        """Exact per-adversary ``(status, side-A index)`` for fixed positions (see
        :func:`exact.attraction_geometry`), the adversaries activating in ``order`` (default:
        as listed).

        Raises
        ------
        InputError
            If positions are random.
        """
        if not self.fixed_positions:
            raise InputError("method", "exact", "'mc': random positions")
        a_eng, b_eng = self._engaged_start()
        side = [{"x": a.x, "y": a.y, "r": float(r), "engaged": e,
                 "x_range": float(a.capacities["Attraction"]) if a.has("Attraction") else -1.0}
                for a, r, e in zip(self.side_a, self.ar, a_eng)]
        advs = [{"x": b.x, "y": b.y, "r": float(r), "reach": float(reach), "lemure": b.has("Lémure"), "engaged": e}
                for b, r, reach, e in zip(self.advs, self.br, self.reach, b_eng)]
        order = list(range(len(advs))) if order is None else list(order)
        if self.detours:
            from .paths import attraction_paths

            return attraction_paths(side, advs, order, self.terrain, self.multi_nearest, self.centre,
                                    self.lemure_immune, independent=self.order_mode == 2,
                                    pref=list(self.pref), focus=self.focus)
        return ex.attraction_geometry(side, [], advs, order, self.multi_nearest, self.centre,
                                      self.lemure_immune, independent=self.order_mode == 2,
                                      pref=list(self.pref), focus=self.focus)

    def _distribution_of(self, st: list[tuple[int, int]]) -> dict:
        """``{(outcome, pulled): Fraction}`` of one resolved geometry ``st``."""
        pulled = sum(1 for s, _ in st if s == 0)
        s, h = st[self.focus]
        if s != 0:
            idx = s if not self.then_pass else s + 3
            return {(idx, pulled): Fraction(1)}
        if not self.then_pass:
            return {(0, pulled): Fraction(1)}
        am, aa = self._atk[h]
        d = ex.duel_distribution(am, aa, bool(self.mover_first), bool(self.attr_first[h]), "kills")
        remap = {0: 0, 1: 2, 2: 1, 3: 3}  # duel: 1 = attractor (defender) killed, 2 = mover killed
        out: dict = {}
        for (o, _h), p in d.items():
            k = (remap[o], pulled)
            out[k] = out.get(k, Fraction(0)) + p
        return out

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome, pulled): probability}``; with ``activation_order = "random"`` the
        average over every order of the adversaries (each 1/n!), as the kernel's uniform shuffle.

        Raises
        ------
        InputError
            If positions are random, or the order is random with too many adversaries.
        """
        check_exact_mode(mode)
        if not self.has_exact:
            raise InputError("method", "exact", "'mc': " + self.exact_refusal)
        if self.order_mode != 1:
            return _fraction(self._distribution_of(self.geometry()), mode)
        import itertools

        orders = list(itertools.permutations(range(len(self.advs))))
        out: dict = {}
        for order in orders:
            for k, p in self._distribution_of(self.geometry(list(order))).items():
                out[k] = out.get(k, Fraction(0)) + p / len(orders)
        return _fraction(out, mode)

    def _raw_args(self):
        a_eng = np.array([int(a.engaged) for a in self.side_a], np.int64)
        ax = np.array([a.x for a in self.side_a], float)
        ay = np.array([a.y for a in self.side_a], float)
        arange = np.array([float(a.capacities["Attraction"]) if a.has("Attraction") else -1.0 for a in self.side_a])
        bx = np.array([b.x if b.x is not None else 0.0 for b in self.advs], float)
        by = np.array([b.y if b.y is not None else 0.0 for b in self.advs], float)
        bzone = np.full((len(self.advs), 5), -1.0)
        for i, b in enumerate(self.advs):
            if b.zone is not None:
                bzone[i] = b.zone
        bimm = np.array([int(self.lemure_immune and b.has("Lémure")) for b in self.advs], np.int64)
        beng = np.array([int(b.engaged) for b in self.advs], np.int64)
        pre_s = np.full(len(self.advs), 2, np.int64)
        pre_t = np.full(len(self.advs), -1, np.int64)
        if self.detours:
            for i, (st, tg) in enumerate(self.geometry()):
                pre_s[i], pre_t[i] = st, tg
        return (ax, ay, self.ar, arange, a_eng, bx, by, self.br, self.reach, bimm, beng, bzone, self.order_mode,
                int(self.multi_nearest), int(self.centre), int(self.then_pass), self.focus, self.mover_vs,
                self.attr_vs, self.mover_first, self.attr_first, int(self.detours), pre_s, pre_t, self.pref)

    def raw_counts(self, seed: int, start: int, n: int) -> np.ndarray:
        """Kernel counts ``(n_adv, 7, n_adv + 1)`` (see :func:`kernel.run_attraction`).

        Raises
        ------
        InputError
            If random placements keep overlapping (zones too crowded).
        """
        out = _kernels().run_attraction(*self._raw_args(), seed, start, n)
        k = len(self.advs)
        if out[k, 0, 0]:
            raise InputError("adversaries.zone", "crowded", "zones with room for non-overlapping bases "
                             "(1000 draws in a row overlapped)")
        return out[:k]

    def kernel(self):
        f = self.focus
        rows = [3, 4, 5, 6, 1, 2] if self.then_pass else [0, 1, 2]
        return lambda seed, start, n: np.ascontiguousarray(self.raw_counts(seed, start, n)[f][rows])

    def per_adversary(self, trials: int = 200_000, seed: int = 0):
        """Per-adversary probabilities and the distribution of the number pulled.

        Returns
        -------
        (pandas.DataFrame, pandas.Series)
            Rows per adversary: ``pulled``, ``intercepted``, ``unaffected`` (Monte
            Carlo estimates over ``trials``; exact 0/1 when ``has_exact``), and
            P(number pulled = k) for k = 0..n_adv.
        """
        import pandas as pd

        if self.has_exact and self.order_mode != 1:
            st = self.geometry()
            rows = [{"adversary": b.name, "pulled": float(s == 0), "intercepted": float(s == 1),
                     "unaffected": float(s == 2)} for b, (s, _) in zip(self.advs, st)]
            dist = np.zeros(len(self.advs) + 1)
            dist[sum(1 for s, _ in st if s == 0)] = 1.0
            return pd.DataFrame(rows), pd.Series(dist, name="P(pulled = k)")
        c = self.raw_counts(seed, 0, trials).astype(float)
        per = c.sum(axis=2)
        rows = [{"adversary": b.name, "pulled": (per[i, 0] + per[i, 3:].sum()) / trials,
                 "intercepted": per[i, 1] / trials, "unaffected": per[i, 2] / trials}
                for i, b in enumerate(self.advs)]
        dist = c[0].sum(axis=0) / trials
        return pd.DataFrame(rows), pd.Series(dist, name="P(pulled = k)")

    def _describe(self) -> dict[str, Any]:
        return {"type": "attraction", "side_a": [dict(a.describe(), x=a.x, y=a.y) for a in self.side_a],
                "adversaries": [dict(b.describe(), x=b.x, y=b.y, zone=b.zone) for b in self.advs],
                "focus": self.advs[self.focus].name, "activation_order": ["listed", "random", "independent"][
                    self.order_mode], "reach_toises": self.reach.tolist(), "then_pass": self.then_pass,
                "options": dict(self.opts.__dict__)}


# =========================================================================== loading
_POSITION = ("x", "y", "zone")


def _check_options(data: dict, kind: str, then_pass: bool) -> None:
    """Refuse an option set in ``[options]`` that no rule of this scenario type reads."""
    scope = OPTION_SCOPE["attraction_then_pass" if kind == "attraction" and then_pass else kind]
    for k, v in (data.get("options") or {}).items():
        if k not in scope:
            where = f"in a '{kind}' scenario" + (" without then_pass" if kind == "attraction" else "")
            raise no_effect(f"options.{k}", v, where)


def _compare_sets(data: dict, dotted: str, shorthand: str, checked: tuple[str, ...] = ()) -> bool:
    """Whether a comparison setup of ``data`` changes ``dotted`` (or uses the ``fuite.compare`` ``shorthand``).

    ``checked`` are the fields (or tables) whose check asks: the base or a setup of a scenario already
    checked against all its setups (a :class:`.checks.CheckedSource`) is not refused again for a
    field that its own changes do not set (it has an effect in another setup; it was checked then).
    """
    if isinstance(data, checks.CheckedSource):
        only = data.only or set()
        if not any(o == c or o.startswith(c + ".") for o in only for c in checked):
            return True
    fu = data.get("fuite") or {}
    if shorthand in (fu.get("compare") or []):
        return True
    table = data.get("compare")
    return isinstance(table, dict) and any(isinstance(c, dict) and dotted in c for c in table.values())


def _load_fuite(data: dict, m: ScenarioModel, opts: Options, profiles: dict, base_dir: Path) -> FuiteScenario:
    if m.fleeing is None:
        raise InputError("fleeing", None, "a [fleeing] table: the engaged fighter that flees")
    fleeing = build_fighter(data["fleeing"], "fleeing", profiles, required=("def", "pv"))
    if "engaged" in fleeing.given and not fleeing.engaged:
        raise InputError("fleeing.engaged", False, "true or nothing: only an engaged fighter may flee "
                                                   "(Fuite, rules digest §3)")
    if "engaged" in fleeing.given:  # true: what a Fuite means anyway
        raise no_effect("fleeing.engaged", True, "in a Fuite (the fleeing fighter is engaged by definition)")
    _refuse_esquive(fleeing, data["fleeing"], "fleeing", "in a Fuite (Esquive X is not allowed to an engaged "
                    "fighter, and a fleeing fighter is engaged)")
    placed = "x" in fleeing.given and "y" in fleeing.given
    _refuse_given(fleeing, data["fleeing"], "fleeing", ("weapon", "bonus_dice", "support", "zone")
                  + (() if placed else ("x", "y")),
                  "on the fleeing fighter of a Fuite (it makes no attack; give both x and y to place it)")
    raw = data.get("adversaries")
    if not raw:
        raise InputError("adversaries", short_repr(raw), "a non-empty list of [[adversaries]] tables "
                                                         "(every adversary in base contact)")
    advs = []
    for i, a in enumerate(raw):
        f = build_fighter(a, f"adversaries.{i}", profiles, need_weapon=True, required=("cbt",))
        if "engaged" in f.given and not f.engaged:
            raise InputError(f"adversaries.{i}.engaged", False, "true or nothing: every adversary listed is in "
                                                                "base contact with the fleeing fighter")
        if "engaged" in f.given:
            raise no_effect(f"adversaries.{i}.engaged", True,
                            "in a Fuite (every adversary listed is in base contact with the fleeing fighter)")
        _refuse_given(f, a, f"adversaries.{i}", ("support",),
                      "on a Fuite adversary: its soutien comes from the other adversaries listed (every adversary "
                      "in contact with the fleeing fighter); list each supporter as an adversary")
        _refuse_given(f, a, f"adversaries.{i}", ("zone",) + (() if placed else ("x", "y")),
                      "in a Fuite (a zone is for Attraction; x, y only with the fleeing fighter's x, y)")
        if placed and (f.x is None or f.y is None):
            raise InputError(f"adversaries.{i}.x", f.x, "x and y for every adversary when the fleeing fighter "
                                                        "is placed (each in base contact with it)")
        _refuse_esquive(f, a, f"adversaries.{i}", "on a Fuite adversary (nobody engages it: the fleeing fighter "
                        "moves away)")
        advs.append(f)
    fu = m.fuite if m.fuite is not None else validate(FuiteModel, {}, "fuite.")
    given = set(data.get("fuite") or {})
    others = []
    for i, o in enumerate(data.get("others") or []):
        if not placed:
            raise InputError(f"others.{i}", short_repr(o), "nothing unless the fleeing fighter is placed "
                             "(fleeing.x, y): the other enemies on the table only matter by their positions")
        f = build_fighter(o, f"others.{i}", profiles)
        _refuse_given(f, o, f"others.{i}", ("weapon", "bonus_dice", "support", "zone", "state"),
                      "on another enemy of a Fuite (it makes no attack: only its base and its Attraction x count)")
        _refuse_esquive(f, o, f"others.{i}", "on another enemy of a Fuite (nobody engages it here)")
        if f.x is None or f.y is None:
            raise InputError(f"others.{i}.x", f.x, "x and y (toises): the other enemies are placed on the table")
        others.append(f)
    names = [a.name for a in advs + others]
    if len(set(names)) != len(names):
        raise InputError("adversaries.name", names, "distinct names (adversaries and others)")
    if fu.direction is not None and not placed:
        raise InputError("fuite.direction", fu.direction, "nothing unless the fleeing fighter is placed (fleeing.x "
                         "and fleeing.y, and every adversary's x, y): the flee move starts from its position")
    for k in ("attraction_measure", "attraction_movement", "multiple_attractors"):
        if k in given and fu.direction is None:
            raise no_effect(f"fuite.{k}", getattr(fu, k), "without fuite.direction (only a placed flee move ends "
                            "somewhere an Attraction can pull the fighter back)")
    room = fu.room
    if placed:
        room = _room_from_positions(fleeing, advs, opts, "room" in given, others)
    room_can_be_false = not room or _compare_sets(data, "fuite.room", "no_room",
                                                   ("fuite.partial_room_toises", "options.no_room_move"))
    partial = opts.no_room_move == "partial"
    if "partial_room_toises" in given and not (room_can_be_false and partial):
        raise no_effect("fuite.partial_room_toises", fu.partial_room_toises,
                        "unless room = false and options.no_room_move = 'partial'")
    if partial and not room_can_be_false:
        raise no_effect("options.no_room_move", "partial", "unless fuite.room = false")
    opts_given = set(data.get("options") or {})
    repli_possible = fu.repli or _compare_sets(data, "fuite.repli", "ordre_repli", ("options.repli_move_multiplier",))
    if "repli_move_multiplier" in opts_given and not repli_possible:
        raise no_effect("options.repli_move_multiplier", opts.repli_move_multiplier,
                        "unless fuite.repli = true (Ordre Repli)")
    if fu.attacker is not None and "attacker_choice" in opts_given and opts.attacker_choice != "user":
        raise no_effect("options.attacker_choice", opts.attacker_choice,
                        "when fuite.attacker names the attacker")
    return FuiteScenario(data, base_dir, fleeing, advs, opts, title=m.title, repli=fu.repli, attacker=fu.attacker,
                         room=room, partial_room_toises=float(fu.partial_room_toises),
                         def_modifier=fu.def_modifier, compare=fu.compare or [], others=others,
                         direction=fu.direction, attraction_measure=fu.attraction_measure,
                         attraction_movement=fu.attraction_movement, multiple_attractors=fu.multiple_attractors)


def _room_from_positions(fleeing: Fighter, advs: list[Fighter], opts: Options, room_given: bool,
                         others: list[Fighter] = ()) -> bool:
    """``fuite.room`` computed from the positions (Rules Tips "Fuite", photos 2 and 4): the flee move
    may neither cross nor end in contact with an enemy base, so a fighter whose contacts leave no
    gap as wide as its base cannot move (:func:`.paths.has_room`).

    Raises
    ------
    InputError
        ``fuite.room`` written as well (it is computed), an adversary not in base contact, another
        enemy (``others``) in contact with the fleeing fighter or overlapping a base.
    """
    from .paths import has_room

    if room_given:
        raise InputError("fuite.room", "given with positions", "nothing: with fleeing.x, y the room to flee is "
                                                               "computed from the positions (remove fuite.room)")
    t = opts.toise_mm
    r = fleeing.base_mm / 2 / t
    enemies = []
    for i, a in enumerate(advs):
        ra = a.base_mm / 2 / t
        gap = math.hypot(a.x - fleeing.x, a.y - fleeing.y) - r - ra
        if abs(gap) > 1e-3:
            raise InputError(f"adversaries.{i}.x/y", (a.x, a.y), f"a position in base contact with the fleeing "
                             f"fighter (centres {r + ra:.3f} toises apart; these are {r + ra + gap:.3f})")
        enemies.append((a.x, a.y, ra))
    placed = [(f"adversaries.{i}", a.x, a.y, ra) for i, (a, (_, _, ra)) in enumerate(zip(advs, enemies))]
    for i, o in enumerate(others):
        ro = o.base_mm / 2 / t
        gap = math.hypot(o.x - fleeing.x, o.y - fleeing.y) - r - ro
        if gap <= 1e-3:
            raise InputError(f"others.{i}.x", (o.x, o.y), "a position out of contact with the fleeing fighter "
                             f"(centres more than {r + ro:.3f} toises apart): an enemy in contact is one of the "
                             "adversaries")
        for where, x, y, rp in placed:
            if math.hypot(o.x - x, o.y - y) < ro + rp - 1e-9:
                raise InputError(f"others.{i}.x", (o.x, o.y), f"a position whose base does not overlap {where} "
                                 f"(centres at least {ro + rp:.3f} toises apart)")
        placed.append((f"others.{i}", o.x, o.y, ro))
        enemies.append((o.x, o.y, ro))
    return has_room((fleeing.x, fleeing.y), r, enemies, max(opts.course_multiplier * fleeing.mou, 1e-3))


def _load_passe(data: dict, m: ScenarioModel, opts: Options, profiles: dict, base_dir: Path) -> PassScenario:
    for sec in ("attacker", "defender"):
        if data.get(sec) is None:
            raise InputError(sec, None, f"an [{sec}] table (a fighter)")
    pa = m.passe if m.passe is not None else validate(PasseModel, {}, "passe.")
    att = build_fighter(data["attacker"], "attacker", profiles, need_weapon=True, required=("cbt",))
    dfd = build_fighter(data["defender"], "defender", profiles, required=("def", "pv"))
    for where, f in (("attacker", att), ("defender", dfd)):
        _refuse_given(f, data[where], where, _POSITION, "in a passe (positions are for Attraction)")
    _refuse_given(att, data["attacker"], "attacker", ("engaged", "state"),
                  "on the attacker of a passe (they only forbid the defender's Esquive X against a charge)")
    if att.has("Esquive"):
        raise no_effect("attacker.capacities", "Esquive " + str(att.capacities["Esquive"]),
                        "on the attacker of a passe (Esquive X answers an enemy that engages the fighter)")
    charge_possible = pa.charge or _compare_sets(data, "passe.charge", "", ("defender",))
    esq_possible = dfd.has("Esquive") or _compare_sets(data, "defender.capacities", "", ("defender",))
    if dfd.has("Esquive") and not charge_possible:
        raise no_effect("defender.capacities", "Esquive " + str(dfd.capacities["Esquive"]),
                        "unless passe.charge = true (Esquive X answers an enemy that engages the fighter)")
    if not (charge_possible and esq_possible):
        _refuse_given(dfd, data["defender"], "defender", ("engaged", "state"),
                      "unless the defender has Esquive X and passe.charge = true (they only forbid the Esquive)")
    riposte = pa.riposte
    if dfd.cbt is None and "riposte" in (data.get("passe") or {}) and riposte:
        raise no_effect("passe.riposte", True, "when the defender has CBT – (it cannot riposte)")
    if not riposte or dfd.cbt is None:
        _refuse_given(dfd, data["defender"], "defender", ("support", "bonus_dice", "weapon"),
                      "when the defender does not riposte (riposte = false or CBT –)")
    if riposte and dfd.cbt is not None and dfd.weapon is None:
        raise InputError("defender.weapons", [], "a weapon for the defender's riposte (or riposte = false)")
    return PassScenario(data, base_dir, att, dfd, opts, title=m.title, riposte=riposte, report=pa.report,
                        def_modifier=pa.def_modifier, charge=pa.charge, esquive_used=pa.esquive_used)


def _load_attraction(data: dict, m: ScenarioModel, opts: Options, profiles: dict,
                     base_dir: Path) -> AttractionScenario:
    at = m.attraction if m.attraction is not None else validate(AttractionModel, {}, "attraction.")
    tp = at.then_pass
    if at.movement == "assaut" and "course_multiplier" in (data.get("options") or {}):
        raise no_effect("options.course_multiplier", opts.course_multiplier,
                        "with attraction.movement = 'assaut' (an Assaut moves MOU)")
    side_a = []
    for sec in ("attractors", "others"):
        raw = data.get(sec) or []
        if sec == "attractors" and not raw:
            raise InputError(sec, short_repr(data.get(sec)), "a non-empty list of [[attractors]] tables")
        for i, a in enumerate(raw):
            f = build_fighter(a, f"{sec}.{i}", profiles, need_weapon=tp and sec == "attractors")
            if sec == "attractors" and not f.has("Attraction"):
                raise InputError(f"{sec}.{i}.capacities", short_repr(a.get("capacities")),
                                 "a list containing 'Attraction x' (e.g. 'Attraction 6')")
            _refuse_esquive(f, a, f"{sec}.{i}", "Esquive X in an Attraction scenario (where the dodging fighter "
                            "moves is its player's choice; use a passe with charge = true for the dodge itself)",
                            modelled=False)
            if f.zone is not None:
                raise InputError(f"{sec}.{i}.zone", short_repr(a.get("zone")),
                                 "fixed x, y positions for side-A fighters")
            _refuse_given(f, a, f"{sec}.{i}", ("support",), "in an Attraction scenario (no soutien is rolled)")
            if not (tp and sec == "attractors"):
                _refuse_given(f, a, f"{sec}.{i}", ("bonus_dice", "weapon"),
                              "here: only an attractor's pass with then_pass = true rolls dice")
            side_a.append(f)
    raw = data.get("adversaries")
    if not raw:
        raise InputError("adversaries", short_repr(raw), "a non-empty list of [[adversaries]] tables")
    advs = [build_fighter(b, f"adversaries.{i}", profiles) for i, b in enumerate(raw)]
    for i, (b, rb) in enumerate(zip(advs, raw)):
        _refuse_esquive(b, rb, f"adversaries.{i}", "on an Attraction adversary (it is the one that charges)")
    names = [b.name for b in advs]
    focus = names.index(at.focus) if at.focus in names else 0
    for i, (b, rb) in enumerate(zip(advs, raw)):
        _refuse_given(b, rb, f"adversaries.{i}", ("support",), "in an Attraction scenario (no soutien is rolled)")
        if not (tp and i == focus):
            _refuse_given(b, rb, f"adversaries.{i}", ("bonus_dice", "weapon"),
                          "here: only the focus adversary's pass with then_pass = true rolls dice")
    return AttractionScenario(data, base_dir, side_a, advs, opts, title=m.title, focus=at.focus,
                              activation_order=at.activation_order, multiple_attractors=at.multiple_attractors,
                              measure=at.measure, movement=at.movement, then_pass=tp,
                              terrain=[t.points for t in (m.terrain or [])])


def load_scenario(data: dict, base_dir: Path | None = None) -> Scenario:
    """Build a Hell Dorado scenario from parsed TOML (the loader of :data:`fleeodds.systems.hell_dorado.SYSTEM`).

    Parameters
    ----------
    data : dict
        ``system = "hell_dorado"``, ``title``, ``type`` ("fuite" default, "passe",
        "attraction") and the type's sections (see the module docstring of each class),
        validated by :class:`~.model.ScenarioModel`.
    base_dir : pathlib.Path, optional
        Folder that ``profiles_file`` is relative to (default: the current folder).

    Returns
    -------
    FuiteScenario or PassScenario or AttractionScenario
        Carrying ``data`` as its ``source``.

    Raises
    ------
    InputError
        On any invalid or unknown field, naming it (dotted path), the value and what
        is allowed; on an input that would change nothing (``no_effect``) or a rule not
        modelled yet (``not_modelled``).
    """
    base_dir = Path(base_dir) if base_dir is not None else Path.cwd()
    sc = _build(data, base_dir)
    build = lambda d: _build(d, base_dir)  # noqa: E731
    if not effect_checks_on():  # a sweep's cell (see fleeodds.validation.without_effect_checks)
        sc._contexts = [dict(data)]
        return sc
    if isinstance(data, checks.CheckedSource):  # a base or a setup of a checked scenario
        checks.check_inputs(data, [dict(data)], build, only=data.only)
        sc._contexts = [dict(data)]
        return sc
    base = dict(sc.base_source())
    contexts = [base] + [_apply(base, s.changes) for s in sc.compare_setups()]
    checks.check_inputs(data, contexts, build)
    sc._contexts = contexts
    return sc


def _apply(data: dict, changes: dict[str, Any]) -> dict:
    for dotted, value in changes.items():
        data = set_field(data, dotted, value)
    return data


def _build(data: dict, base_dir: Path) -> Scenario:
    """The scenario of ``data``, without the check of inputs that change nothing (:mod:`.checks`)."""
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), "a table of fields")
    m = validate(ScenarioModel, data)
    kind = m.type
    for sec in sorted({s for secs in SECTIONS.values() for s in secs} - set(SECTIONS[kind])):
        if sec in data:
            raise InputError(sec, short_repr(data[sec]), f"only the sections of a '{kind}' scenario: "
                             + ", ".join(SECTIONS[kind]) + " (or another type)")
    opts = parse_options(data.get("options"))
    _check_options(data, kind, bool(m.attraction and m.attraction.then_pass))
    profiles = _profiles(data, base_dir)
    loader = {"fuite": _load_fuite, "passe": _load_passe, "attraction": _load_attraction}[kind]
    return loader(data, m, opts, profiles, base_dir)
