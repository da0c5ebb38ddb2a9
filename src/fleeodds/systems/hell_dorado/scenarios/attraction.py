"""Attraction x on a 2-D table: who is pulled into contact, intercepted or unaffected, and the pass that
may follow.

References
----------
Rules digest §6; Attraction x (errata August 2007), Attraction D (original).
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import InputError, short_repr
from ....language import Message, N_
from ....outcomes import Metric
from ....system import Scenario
from ....validation import check_exact_mode, inert, not_modelled
from .. import exact as ex
from ..checks import refuse_esquive, refuse_given
from ..labels import ATTRACTION_LABELS, TOISES, map_words
from ..kernels.pack import PACK_LEN, pack_attack
from ..model import AttractionModel, Fighter, Options, ScenarioModel, build_fighter, validate
from ..outcomes import ATTR_BASIC, ATTR_PASS, ATTR_PASS_INTERCEPT
from ..plan.attack import Attack, attack_dice, make_attack
from ..plan.attraction import AttractionPlan, attraction_geometry
from .base import LOADERS, CheckedScenario, in_mode, with_optional_rerolls


def _kernels():
    """The numba kernel, imported when a Monte Carlo run needs it."""
    from ..kernels import attraction

    return attraction


class AttractionScenario(CheckedScenario, Scenario):
    """Attraction x on a 2-D table (positions in toises, round bases).

    Side A: ``attractors`` (fighters with Attraction x) and ``others`` (their
    allies, who can intercept). Side B: ``adversaries``, each at ``x, y`` or
    uniformly at random in a ``zone`` (disc or rectangle; a draw with
    overlapping bases is redrawn). At its activation each free adversary within
    x toises of a free attractor must Assaut/Charge at it by the shortest path: the straight
    line from centre to centre, or, when impassable terrain (``terrain``, polygons) or one of
    its allies (another adversary's base) is in the way, the shortest path round them
    (:mod:`..plan.paths`, shapely; fixed positions only: with adversaries drawn in a zone the path is
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
                 multiple_attractors: str = "player_choice", measure: str = "edge", movement: str = "charge",
                 then_pass: bool = False, terrain: list | None = None):
        super().__init__(data, base_dir)
        self.terrain = [[tuple(map(float, p)) for p in t] for t in (terrain or [])]
        self.title, self.opts = title, opts
        self.side_a, self.advs = side_a, adversaries
        if not title:  # an Attraction without a title is named after its sides, in both languages
            a, b = ", ".join(f.name for f in side_a), ", ".join(f.name for f in adversaries)
            self.title = Message(N_("Attraction: {side_a} against {adversaries}"), side_a=a, adversaries=b)
        allowed = {"activation_order": ("listed", "random", "independent"),
                   "multiple_attractors": ("nearest", "first_listed", "player_choice"),
                   "measure": ("edge", "centre"),
                   "movement": ("charge", "assaut")}
        for k, v in (("activation_order", activation_order), ("multiple_attractors", multiple_attractors),
                     ("measure", measure), ("movement", movement)):
            if v not in allowed[k]:
                raise InputError(f"attraction.{k}", v,
                                 Message(N_("one of {choices}"), choices=", ".join(f"'{a}'" for a in allowed[k])))
        self.order_mode = allowed["activation_order"].index(activation_order)
        self.multi_nearest = {"first_listed": 0, "nearest": 1, "player_choice": 2}[multiple_attractors]
        self.centre = measure == "centre"
        self.movement, self.then_pass = movement, then_pass
        if not any(a.has("Attraction") for a in side_a):
            raise InputError("attractors.0.capacities", side_a[0].capacities if side_a else None,
                             Message(N_("a list containing 'Attraction x' for at least one attractor")))
        if not adversaries:
            raise InputError("adversaries", [], Message(N_("at least one adversary")))
        names = [b.name for b in adversaries]
        if focus is None:
            self.focus = 0
        elif focus in names:
            self.focus = names.index(focus)
        else:
            raise InputError("attraction.focus", focus, Message(N_("one of {choices}"),
                                                                choices=", ".join(map(repr, names))))
        tmm = opts.toise_mm
        self.ar = np.array([a.base_mm / 2 / tmm for a in side_a])
        self.br = np.array([b.base_mm / 2 / tmm for b in adversaries])
        for i, a in enumerate(side_a):
            if a.x is None or a.y is None:
                raise InputError(f"{self._a_field(i)}.x", a.x, Message(N_("a position x, y in toises")))
        for i, b in enumerate(adversaries):
            if b.zone is None and (b.x is None or b.y is None):
                raise InputError(f"adversaries.{i}.x", b.x, Message(N_("a position x, y in toises, or a zone")))
            if b.zone is not None and (b.x is not None or b.y is not None):
                raise InputError(f"adversaries.{i}.zone", "zone and x/y",
                                 Message(N_("either x, y or a zone, not both")))
        self._check_overlaps()
        self.fixed_positions = all(b.zone is None for b in adversaries)
        mult = opts.course_multiplier if movement == "charge" else 1.0
        self.reach = np.array([mult * b.mou for b in adversaries])
        self.lemure_immune = opts.attraction_version == "x_2007"
        self.detours = self._detours()
        # with then_pass and another side-A fighter that can stop the focus adversary on its way, the pass against
        # that interceptor replaces "intercepted" (a single side-A fighter cannot intercept: it is the holder)
        self.intercept_pass = bool(then_pass and len(side_a) >= 2)
        self.outcomes = ATTR_PASS_INTERCEPT if self.intercept_pass else ATTR_PASS if then_pass else ATTR_BASIC
        self.metric = Metric("pulled", N_("adversaries pulled into contact"),
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
            if not self.side_a[h].has("Attraction"):
                continue  # only a holder can be chosen; an interceptor is met on the way
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

        Then the geometry is solved with :mod:`..plan.paths` (fixed positions only, listed or
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
                                     Message(N_("corners of a polygon that does not cross itself (non-zero area)")))
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
                               Message(N_("terrain with adversaries placed at random: give fixed x, y positions")))
        if in_way and self.order_mode == 1:
            raise not_modelled("attraction.activation_order", "random",
                               Message(N_("with terrain or an ally in the way (the detours change with the order): "
                                          "use 'listed' or 'independent'")))
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
                    raise InputError(f"{where}.x", (f.x, f.y), Message(N_(
                        "a position whose base ({radius} toises in radius) is off impassable terrain terrain.{piece} "
                        "(a fighter cannot stand inside it; it may touch its edge)"), radius=f"{r:.3f}", piece=k))

    def _check_overlaps(self) -> None:
        pts = [(f"attractors/others '{a.name}'", a.x, a.y, r) for a, r in zip(self.side_a, self.ar)]
        pts += [(f"adversaries '{b.name}'", b.x, b.y, r) for b, r in zip(self.advs, self.br) if b.zone is None]
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                (n1, x1, y1, r1), (n2, x2, y2, r2) = pts[i], pts[j]
                if math.hypot(x1 - x2, y1 - y2) < r1 + r2 - 1e-9:
                    raise InputError(f"{n1}.x/y", (x1, y1), Message(N_(
                        "a position whose base does not overlap {other} at ({x}, {y}): centres at least {distance} "
                        "toises apart"), other=n2, x=x2, y=y2, distance=f"{r1 + r2:.3f}"))

    def _prepare_pass(self) -> None:
        """The focus adversary's pass against each side-A fighter it may engage (``then_pass``): a holder when
        pulled, any other side-A fighter when intercepted (that fighter's pass back; CBT – rolls nothing).

        The mover's dice are CBT + ``bonus_dice``, plus ``options.charge_dice_modifier`` when it moves by a Charge
        (``movement = "charge"``: 0 under Sapience and Asmodée; under Cipher the penalty's size is not in the
        sources, so it must be written).

        Raises
        ------
        InputError
            A focus adversary without attack dice; a Cipher Charge without ``options.charge_dice_modifier``.
        """
        m = self.advs[self.focus]
        o = self.opts
        fr = o.simultaneous_kill == "frappe_rapide_first"
        self.mover_first = int(fr and m.has("Frappe rapide"))
        charge_mod = 0
        if self.movement == "charge":
            if o.charge_dice_modifier is None:
                raise InputError("options.charge_dice_modifier", None,
                                 Message(N_("a number of dice from -5 to 5 with hd_edition = 'cipher' and a pass "
                                            "after a Charge (attraction.then_pass): the Cipher Charge penalty's "
                                            "size is not in the project's sources")))
            charge_mod = o.charge_dice_modifier
        for h, a in enumerate(self.side_a):
            if not (a.has("Attraction") or self.intercept_pass):
                continue
            n_m = max(attack_dice(m, 0) + charge_mod, 0)
            if n_m < 1:
                raise InputError(f"adversaries.{self.focus}.cbt", m.cbt,
                                 Message(N_("at least 1 attack die for then_pass")))
            am = with_optional_rerolls(o, make_attack(m, a, n_m, o, f"adversaries.{self.focus}"))
            n_a = attack_dice(a, 0)
            if n_a >= 1:
                aa = with_optional_rerolls(o, make_attack(a, m, n_a, o, self._a_field(h)))
            else:
                aa = Attack(0, 7, (0, 0, 0, 0, 0), m.pro, m.pv)
            self._atk[h] = (am, aa)
            self.mover_vs[h] = pack_attack(am)
            self.attr_vs[h] = pack_attack(aa)
            self.attr_first[h] = int(fr and a.has("Frappe rapide"))

    @property
    def plan(self) -> AttractionPlan:
        """The scenario resolved (:class:`..plan.attraction.AttractionPlan`): positions, reaches, rules
        and the passes that may follow; it decides the outcomes, the metric and the exact distribution."""
        side = tuple((float(a.x), float(a.y), float(r),
                      float(a.capacities["Attraction"]) if a.has("Attraction") else -1.0, bool(a.engaged))
                     for a, r in zip(self.side_a, self.ar))
        advs = tuple((b.x, b.y, float(r), float(reach), b.has("Lémure"), bool(b.engaged), b.zone)
                     for b, r, reach in zip(self.advs, self.br, self.reach))
        return AttractionPlan(
            side=side, adversaries=advs, terrain=tuple(tuple(t) for t in self.terrain), order_mode=self.order_mode,
            multi=int(self.multi_nearest), centre=bool(self.centre), lemure_immune=bool(self.lemure_immune),
            then_pass=bool(self.then_pass), detours=bool(self.detours), focus=int(self.focus),
            pref=tuple(int(v) for v in self.pref),
            attacks=tuple((h, am, aa) for h, (am, aa) in sorted(self._atk.items())),
            mover_first=bool(self.mover_first), attr_first=tuple(bool(v) for v in self.attr_first))

    #: Most adversaries for which a random activation order is solved exactly (all n! orders).
    MAX_EXACT_ORDERS = 6

    @property
    def has_exact(self) -> bool:
        """Exact when every position is fixed (a random activation order is averaged over every
        order, up to :attr:`MAX_EXACT_ORDERS` adversaries)."""
        return self.fixed_positions and (self.order_mode != 1 or len(self.advs) <= self.MAX_EXACT_ORDERS)

    @property
    def exact_refusal(self) -> str:
        """Why there is no exact answer (``""`` when there is one): a :class:`fleeodds.language.Message`."""
        if self.has_exact:
            return ""
        if not self.fixed_positions:
            return Message(N_("fighters are placed at random in a zone: Attraction is computed by Monte Carlo only"))
        return Message(N_("the activation order is random with more than {most} adversaries: Attraction is "
                          "computed by Monte Carlo only"), most=self.MAX_EXACT_ORDERS)

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
        :func:`..plan.attraction.attraction_geometry`), the adversaries activating in ``order`` (default:
        as listed).

        Raises
        ------
        InputError
            If positions are random.
        """
        if not self.fixed_positions:
            raise InputError("method", "exact", Message(N_("'mc': random positions")))
        a_eng, b_eng = self._engaged_start()
        side = [{"x": a.x, "y": a.y, "r": float(r), "engaged": e,
                 "x_range": float(a.capacities["Attraction"]) if a.has("Attraction") else -1.0}
                for a, r, e in zip(self.side_a, self.ar, a_eng)]
        advs = [{"x": b.x, "y": b.y, "r": float(r), "reach": float(reach), "lemure": b.has("Lémure"), "engaged": e}
                for b, r, reach, e in zip(self.advs, self.br, self.reach, b_eng)]
        order = list(range(len(advs))) if order is None else list(order)
        if self.detours:
            from ..plan.paths import attraction_paths

            return attraction_paths(side, advs, order, self.terrain, self.multi_nearest, self.centre,
                                    self.lemure_immune, independent=self.order_mode == 2,
                                    pref=list(self.pref), focus=self.focus)
        return attraction_geometry(side, [], advs, order, self.multi_nearest, self.centre,
                                      self.lemure_immune, independent=self.order_mode == 2,
                                      pref=list(self.pref), focus=self.focus)

    def _distribution_of(self, st: list[tuple[int, int]]) -> dict:
        """``{(outcome, pulled): Fraction}`` of one resolved geometry ``st``."""
        pulled = sum(1 for s, _ in st if s == 0)
        s, h = st[self.focus]
        if s == 2:
            return {(len(self.outcomes) - 1, pulled): Fraction(1)}
        if s == 1 and not self.intercept_pass:
            return {(s if not self.then_pass else s + 3, pulled): Fraction(1)}
        if not self.then_pass:
            return {(0, pulled): Fraction(1)}
        first = 0 if s == 0 else 4  # the pulled passes, then the intercepted ones
        am, aa = self._atk[h]
        d = ex.duel_distribution(am, aa, bool(self.mover_first), bool(self.attr_first[h]), "kills")
        remap = {0: 0, 1: 2, 2: 1, 3: 3}  # duel: 1 = attractor (defender) killed, 2 = mover killed
        out: dict = {}
        for (o, _h), p in d.items():
            k = (first + remap[o], pulled)
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
            raise InputError("method", "exact", Message(N_("'mc': {why}"), why=self.exact_refusal))
        if self.order_mode != 1:
            return in_mode(self._distribution_of(self.geometry()), mode)
        import itertools

        orders = list(itertools.permutations(range(len(self.advs))))
        out: dict = {}
        for order in orders:
            for k, p in self._distribution_of(self.geometry(list(order))).items():
                out[k] = out.get(k, Fraction(0)) + p / len(orders)
        return in_mode(out, mode)

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
                int(self.multi_nearest), int(self.centre), int(self.then_pass) + int(self.intercept_pass), self.focus,
                self.mover_vs,
                self.attr_vs, self.mover_first, self.attr_first, int(self.detours), pre_s, pre_t, self.pref)

    def raw_counts(self, seed: int, start: int, n: int) -> np.ndarray:
        """Kernel counts ``(n_adv, 11, n_adv + 1)`` (see :func:`..kernels.attraction.run_attraction`).

        Raises
        ------
        InputError
            If random placements keep overlapping (zones too crowded).
        """
        out = _kernels().run_attraction(*self._raw_args(), seed, start, n)
        k = len(self.advs)
        if out[k, 0, 0]:
            raise InputError("adversaries.zone", "crowded",
                             Message(N_("zones with room for non-overlapping bases (1000 draws in a row overlapped)")))
        return out[:k]

    def kernel(self):
        f = self.focus
        rows = ([3, 4, 5, 6, 7, 8, 9, 10, 2] if self.intercept_pass else [3, 4, 5, 6, 1, 2] if self.then_pass
                else [0, 1, 2])
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
        rows = [{"adversary": b.name, "pulled": (per[i, 0] + per[i, 3:7].sum()) / trials,
                 "intercepted": (per[i, 1] + per[i, 7:].sum()) / trials, "unaffected": per[i, 2] / trials}
                for i, b in enumerate(self.advs)]
        dist = c[0].sum(axis=0) / trials
        return pd.DataFrame(rows), pd.Series(dist, name="P(pulled = k)")

    def _describe(self) -> dict[str, Any]:
        return {"type": "attraction", "side_a": [dict(a.describe(), x=a.x, y=a.y) for a in self.side_a],
                "adversaries": [dict(b.describe(), x=b.x, y=b.y, zone=b.zone) for b in self.advs],
                "focus": self.advs[self.focus].name, "activation_order": ["listed", "random", "independent"][
                    self.order_mode], "reach_toises": self.reach.tolist(), "then_pass": self.then_pass,
                "intercepted_pass": self.intercept_pass,
                "options": dict(self.opts.__dict__), "table_shapes": self.table_shapes()}

    def table_shapes(self) -> dict[str, Any]:
        """The table as shapes for a map (see :meth:`fleeodds.system.Scenario.table_shapes`), seen from the
        adversary followed (``attraction.focus``, the ``mover``): the other adversaries are its allies, side A
        (attractors and others) the enemy; each attractor's Attraction zone (x toises from its base edge, or from
        its centre with ``measure = "centre"``: Attraction x, errata August 2007); an adversary placed at random
        is drawn as its zone. Positions only: nothing is computed."""
        t = self.opts.toise_mm
        bases = [{"x": a.x, "y": a.y, "r": float(r), "side": "enemy", "name": a.name}
                 for a, r in zip(self.side_a, self.ar)]
        zones = []
        for i, (b, r) in enumerate(zip(self.advs, self.br)):
            side = "mover" if i == self.focus else "ally"
            if b.zone is None:
                bases.append({"x": b.x, "y": b.y, "r": float(r), "side": side, "name": b.name})
            elif b.zone[0] == 0:
                zones.append({"shape": "disc", "x": b.zone[1], "y": b.zone[2], "r": b.zone[3], "name": b.name})
            else:
                zones.append({"shape": "rect", "x0": b.zone[1], "y0": b.zone[2], "x1": b.zone[3], "y1": b.zone[4],
                              "name": b.name})
        rings = [{"x": a.x, "y": a.y, "name": a.name,
                  "r": float(a.capacities["Attraction"]) + (0.0 if self.centre else a.base_mm / 2 / t)}
                 for a in self.side_a if a.has("Attraction")]
        return {"bases": bases, "terrain": [[list(p) for p in poly] for poly in self.terrain], "rings": rings,
                "zones": zones, "unit": map_words(TOISES), "labels": map_words(ATTRACTION_LABELS)}


def _load_attraction(data: dict, m: ScenarioModel, opts: Options, profiles: dict,
                     base_dir: Path, check_only: frozenset[str] | None = None) -> AttractionScenario:
    at = m.attraction if m.attraction is not None else validate(AttractionModel, {}, "attraction.")
    tp = at.then_pass
    if at.movement == "assaut" and "course_multiplier" in (data.get("options") or {}):
        inert("options.course_multiplier", opts.course_multiplier,
              Message(N_("with attraction.movement = 'assaut' (an Assaut moves MOU)")))
    side_a = []
    for sec in ("attractors", "others"):
        raw = data.get(sec) or []
        if sec == "attractors" and not raw:
            raise InputError(sec, short_repr(data.get(sec)), Message(N_("a non-empty list of [[attractors]] tables")))
        for i, a in enumerate(raw):
            f = build_fighter(a, f"{sec}.{i}", profiles, need_weapon=tp)
            if sec == "attractors" and not f.has("Attraction"):
                raise InputError(f"{sec}.{i}.capacities", short_repr(a.get("capacities")),
                                 Message(N_("a list containing 'Attraction x' (e.g. 'Attraction 6')")))
            refuse_esquive(f, a, f"{sec}.{i}",
                           Message(N_("Esquive X in an Attraction scenario (where the dodging fighter moves is its "
                                      "player's choice; use a passe with charge = true for the dodge itself)")),
                           modelled=False)
            if f.zone is not None:
                raise InputError(f"{sec}.{i}.zone", short_repr(a.get("zone")),
                                 Message(N_("fixed x, y positions for side-A fighters")))
            refuse_given(f, a, f"{sec}.{i}", ("support",),
                         Message(N_("in an Attraction scenario (no soutien is rolled)")))
            if not tp:
                refuse_given(f, a, f"{sec}.{i}", ("bonus_dice", "weapon"),
                             Message(N_("here: only the passes of then_pass = true roll dice")))
            side_a.append(f)
    raw = data.get("adversaries")
    if not raw:
        raise InputError("adversaries", short_repr(raw), Message(N_("a non-empty list of [[adversaries]] tables")))
    advs = [build_fighter(b, f"adversaries.{i}", profiles) for i, b in enumerate(raw)]
    for i, (b, rb) in enumerate(zip(advs, raw)):
        refuse_esquive(b, rb, f"adversaries.{i}", Message(N_("on an Attraction adversary (it is the one that "
                                                             "charges)")))
    names = [b.name for b in advs]
    focus = names.index(at.focus) if at.focus in names else 0
    for i, (b, rb) in enumerate(zip(advs, raw)):
        refuse_given(b, rb, f"adversaries.{i}", ("support",),
                     Message(N_("in an Attraction scenario (no soutien is rolled)")))
        if not (tp and i == focus):
            refuse_given(b, rb, f"adversaries.{i}", ("bonus_dice", "weapon"),
                         Message(N_("here: only the focus adversary's pass with then_pass = true rolls dice")))
    return AttractionScenario(data, base_dir, side_a, advs, opts, title=m.title, focus=at.focus,
                              activation_order=at.activation_order, multiple_attractors=at.multiple_attractors,
                              measure=at.measure, movement=at.movement, then_pass=tp,
                              terrain=[t.points for t in (m.terrain or [])])


LOADERS["attraction"] = _load_attraction
