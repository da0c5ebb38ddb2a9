"""Things in the way of a flee move: friendly units, enemy units and impassable terrain.

A scenario lists them in ``[[obstacles]]`` tables, each at a ``distance`` (inches along
the flee line, from the fleeing unit's position before its first flee move to the
object's near edge) with a ``depth`` (inches, near edge to far edge). Positions are
measured in the same coordinate as the distance fled (``cum`` in :mod:`.exact` and
:mod:`.kernel`), so every later flee move of the chain meets the objects at the
distance still left; an object the unit has passed (or gone around) is behind it.

Each edition's effect (rules digest §3.6; docs/warhammer.md, "Things in the way"):

========  =======================  =================================  =========================
edition   friendly unit            enemy unit                         impassable terrain
========  =======================  =================================  =========================
6th       goes round it (room);    goes round it, keeping 4" away     goes round it (room)
          else through, placed     (room); no room: not modelled      no room: not modelled
          beyond
7th       through, placed beyond;  through a fleeing enemy or one of  destroyed on contact
          the friend tests Panic   US < 5; destroyed on contact with
                                   a non-fleeing enemy of US >= 5
8th       through (carries on      through, a Dangerous Terrain test  through, a Dangerous
          past it); Panic          per model (a 1 on a D6 = a wound)  Terrain test per model
TOW       through; Panic           through, a Peril test per model    pivots round it
                                   (1-3 on a D6 = a wound)
starter   contact removes the      contact removes the unit           contact removes the unit
          unit
========  =======================  =================================  =========================

Sources: 6th rulebook, Close Combat "Move fleeing troops" and "Subsequent actions of fleeing
troops"; 7th rulebook, Close Combat "Move surviving fleeing troops" and "Subsequent actions";
8th rulebook, Movement "Move fleeing units"; TOW rules index, Movement in detail "Fleeing
through enemy units", "Fleeing through terrain"; *Bataille au Col du Crâne* booklet (contact
with any unit or terrain piece removes a fleeing unit).

Modelling choices (every one an option or a documented default):

* A move *meets* an object it passes through when it ends at least ``near - clearance``
  (``options.flee_clearance``: 8th/TOW 1", "on top of or within 1"" of it; 6th/7th 0, placed
  beyond it); it is then placed ``far + clearance`` (beyond it, and again beyond every object
  that extra move ends on). A destroying object or one the unit goes round is met on
  contact (the move ends at least at its near edge).
* Tests (8th Dangerous Terrain, TOW Peril) are taken by every model (the 1-D flee line: the
  whole unit moves through), one failed test = one model lost (single-Wound models; a unit
  whose profile has more Wounds is refused), after the unit is placed beyond the object; a
  unit whose move reaches the table edge is removed and takes none. Losses lower the
  models left, which the rally casualty limits read (docs/warhammer.md §3.5); the last model
  lost destroys the unit.
* The catch of a combat-phase pursuit and the things in the way are ordered as the table
  edge (``options.catch_vs_edge_order``): ``catch_first``, a caught unit is removed before it
  moves; ``edge_first`` (starter), its move is made first. A charge compares its reach with
  the unit's final position (pushed beyond what it fled through); the charger's own path is
  taken as clear.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Optional

from ...errors import InputError
from ...validation import no_effect, not_modelled
from . import outcomes as oc
from .model import ScenarioModel  # noqa: F401  (first: the model imports the Obstacle table below)
from .obstacles_model import KINDS, Obstacle  # noqa: F401

# effects of an object on a move that meets it
AROUND, THROUGH, DESTROY = 0, 1, 2
#: Outcome code (not shown) of the side-result solves: the move met the marked object.
MARK = 99
#: Faces of a D6 that fail a test, by edition (8th Dangerous Terrain: 1; TOW Peril: 1-3).
FAIL_FACES = {"8th": 1, "tow": 3}
#: ``options.flee_clearance`` by edition (inches; see the module docstring).
CLEARANCE = {"6th": 0.0, "7th": 0.0, "8th": 1.0, "tow": 1.0, "starter": 0.0}


@dataclass(frozen=True)
class ObstacleRule:
    """An object as both evaluators read it: ``near``/``far`` edges (inches), its effect, its tests.

    ``fail_faces``: faces of a D6 (1 to n) that cost a model when it tests (0: no test).
    ``code``: the outcome when the object destroys the unit (DESTROY) or its tests kill the last model.
    """

    near: float
    far: float
    effect: int
    fail_faces: int
    code: int
    kind: str
    name: str
    panic_fail: float = 0.0  # P(the friend fails its Panic test), with its Leadership (side result)
    panic_fail_exact: Optional[Fraction] = None


def _effect(o: Obstacle, ed: str, i: int, strict: bool = True) -> tuple[int, int, int]:
    """(effect, fail_faces, outcome code) of object ``o`` in edition ``ed`` (digest §3.6).

    ``strict=False`` (the effect checks' trial values): no refusal, a 6th-edition object with
    no room to go round is passed through.
    """
    unit_code = oc.DESTROYED_CONTACT
    terrain_code = oc.DESTROYED_TERRAIN
    code = terrain_code if o.kind == "impassable" else unit_code
    if ed == "starter":
        return DESTROY, 0, code
    if ed == "6th":
        if o.room_to_go_around is False:
            if o.kind == "friend" or not strict:
                return THROUGH, 0, code
            raise not_modelled(f"obstacles.{i}.room_to_go_around", False,
                               f"the 6th rulebook gives no rule for a fleeing unit with no room to go round "
                               f"{'an enemy unit' if o.kind == 'enemy' else 'impassable terrain'}")
        return AROUND, 0, code
    if ed == "7th":
        if o.kind == "impassable":
            return DESTROY, 0, code
        if o.kind == "enemy" and not o.fleeing and (o.unit_strength or 0) >= 5:
            return DESTROY, 0, code
        return THROUGH, 0, code
    if ed == "8th":
        return THROUGH, (0 if o.kind == "friend" else FAIL_FACES["8th"]), code
    # tow
    if o.kind == "impassable":
        return AROUND, 0, code
    return THROUGH, (FAIL_FACES["tow"] if o.kind == "enemy" else 0), code


def check_fields(obstacles, ed: str, wounds: Optional[int]) -> None:
    """Refuse, by name, an object field that changes nothing in edition ``ed``.

    Raises
    ------
    InputError
        ``obstacles.<i>.<field>`` with the value and why.
    """
    names = {"6th": "in 6th edition", "7th": "in 7th edition", "8th": "in 8th edition",
             "tow": "in The Old World", "starter": "in the starter rules"}
    for i, o in enumerate(obstacles):
        where = f"obstacles.{i}"
        if o.kind != "enemy" or ed != "7th":
            for f in ("unit_strength", "fleeing"):
                if getattr(o, f) is not None:
                    why = "only an enemy unit has it" if o.kind != "enemy" else \
                        "only the 7th rules read it (any enemy unit is passed through or tested the same)"
                    raise no_effect(f"{where}.{f}", getattr(o, f), f"{names[ed]} ({why})")
        elif o.unit_strength is None and not o.fleeing:
            raise InputError(f"{where}.unit_strength", None,
                             "the enemy unit's Unit Strength (7th: a non-fleeing enemy of US 5 or more destroys "
                             "the fleeing unit on contact), or fleeing = true")
        elif o.fleeing and o.unit_strength is not None:
            raise no_effect(f"{where}.unit_strength", o.unit_strength,
                            "for a fleeing enemy (7th: it is passed through whatever its US)")
        if o.room_to_go_around is not None and ed != "6th":
            raise no_effect(f"{where}.room_to_go_around", o.room_to_go_around,
                            f"{names[ed]} (only the 6th rules go round things in the way)")
        if o.leadership is not None and (o.kind != "friend" or ed not in ("7th", "8th", "tow")):
            why = "only a friendly unit tests for Panic when fled through" if o.kind != "friend" else \
                "the starter rules remove the fleeing unit on contact" if ed == "starter" else \
                "a 6th-edition friend fled through takes no Panic test here (the 6th rulebook's Panic " \
                "causes are not modelled)"
            raise no_effect(f"{where}.leadership", o.leadership, f"{names[ed]} ({why})")
    tests = any(_effect(o, ed, i)[1] for i, o in enumerate(obstacles))
    if tests and wounds is not None and wounds > 1:
        raise not_modelled("fleeing.wounds", wounds,
                           "Dangerous Terrain and Peril tests on models of more than one Wound; each failed "
                           "test is counted as one model lost")


def resolve_obstacles(model, fleeing, r, *, rally_rule: str, rally_base_ld: int, musician_bonus: int,
                      panic_test) -> dict:
    """The :class:`~.resolve.Rules` fields of the things in the way (``replace(r, **out)``).

    Parameters
    ----------
    model : ScenarioModel
    fleeing : UnitProfile
    r : Rules
        The rules resolved without obstacles.
    rally_rule : str
        The casualty rule of rally tests (``6th``, ``7th``, ``8th``, ``tow`` or ``none``).
    rally_base_ld : int
        The rally test's Leadership before the casualty and musician modifiers.
    musician_bonus : int
        Ld a musician adds to rally tests (0 without one).
    panic_test : callable ``ld -> LdTest``
        A friend's Panic test with the edition's natural doubles.

    Returns
    -------
    dict
        ``obstacles`` (tuple of :class:`ObstacleRule`, by distance), ``clearance`` (inches),
        ``models`` (models that take the tests; 0 without tests) and ``rally_by_models``
        (``(rally mode, LdTest)`` for 0 .. models left; empty without tests).

    Nothing is refused here (the effect checks resolve trial values): :func:`validate` does it.
    """
    obstacles = model.obstacles
    ed = model.edition
    c = model.options.flee_clearance
    clearance = CLEARANCE[ed] if c is None else c
    order = sorted(range(len(obstacles)), key=lambda i: obstacles[i].distance)
    rules = []
    from .exact import ld_test_pass

    for i in order:
        o = obstacles[i]
        near, far = o.distance, o.distance + o.depth
        effect, faces, code = _effect(o, ed, i, strict=False)
        fail, fail_x = 0.0, None
        if o.leadership is not None:
            fail_x = 1 - ld_test_pass(panic_test(o.leadership))
            fail = float(fail_x)
        rules.append(ObstacleRule(near=near, far=far, effect=effect, fail_faces=faces, code=code, kind=o.kind,
                                  name=o.name or f"{o.kind} {i}", panic_fail=fail, panic_fail_exact=fail_x))
    tests = any(o.fail_faces for o in rules)
    models = 0
    table = ()
    if tests:
        ref = model.fleeing
        models = ref.models_left if ref.models_left is not None else ref.models_start
        table = tuple(rally_at(m, ref.models_start, rally_rule, rally_base_ld, musician_bonus, ed,
                               fleeing.leadership, r.rally_test) for m in range(models + 1))
    return dict(obstacles=tuple(rules), clearance=float(clearance), models=models, rally_by_models=table)


def validate(model, fleeing, r) -> None:
    """Refuse things in the way that are wrong or change nothing (called once the rules are resolved).

    Raises
    ------
    InputError
        Fields without effect (:func:`check_fields`), a 6th-edition enemy or terrain with no room
        to go round (not modelled), an object beyond the table edge, objects that overlap, an
        object no flee move can reach, or things in the way in the leadership_test situation.
    """
    obstacles = model.obstacles
    ed = model.edition
    if model.situation == "leadership_test":
        raise no_effect("obstacles", [o.kind for o in obstacles],
                        "in the 'leadership_test' situation (it ends with the test; no flee move)")
    check_fields(obstacles, ed, fleeing.wounds)
    order = sorted(range(len(obstacles)), key=lambda i: obstacles[i].distance)
    last_far = -math.inf
    for i in order:
        o = obstacles[i]
        _effect(o, ed, i)
        if o.distance < last_far:
            raise InputError(f"obstacles.{i}.distance", o.distance,
                             f"an object that does not overlap the one before it (which ends at {last_far:g}\")")
        last_far = o.distance + o.depth
        if o.distance >= r.edge:
            raise InputError(f"obstacles.{i}.distance", o.distance,
                             f"less than table.edge_distance ({r.edge:g}\"): an object must be on the table")
    # the farthest any flee move can reach before object i: every move at its longest, pushed beyond
    # every object nearer than i (an object only pushes the unit past itself, never toward another)
    moves = 1 + r.max_turns * (2 if r.chaser_charges else 1)  # a charged unit flees again in the enemy turn
    base = max(r.flee.max_value, r.fall_back.max_value) * moves
    for i in order:
        o = obstacles[i]
        longest = base + sum(p.depth + r.clearance for p in obstacles if p.distance < o.distance)
        if o.distance - r.clearance > longest:
            raise no_effect(f"obstacles.{i}.distance", o.distance,
                            f"beyond the farthest flee move ({longest:g}\" with table.max_turns = {r.max_turns})")


def rally_at(models: int, start: int, rule: str, base_ld: int, musician_bonus: int, ed: str, own_ld: int,
             test):
    """(rally mode, rally test) of a unit with ``models`` of its ``start`` models left (digest §3.5).

    The casualty limits of :func:`.resolve.rally_limits`, read again after losses to Dangerous
    Terrain or Peril tests.
    """
    from .resolve import rally_limits

    mode, ld = rally_limits(models, start, rule, base_ld, musician_bonus, ed, own_ld)
    return mode, replace(test, ld=max(ld, 0))


def codes(r, codes_: list[int]) -> list[int]:
    """The scenario's outcome codes with those the things in the way add (sorted)."""
    if not r.obstacles:
        return codes_
    out = set(codes_)
    for o in r.obstacles:
        if o.effect == DESTROY or o.fail_faces:
            out.add(o.code)
    return sorted(out)


def describe(r) -> list[dict]:
    """What each object does here, for the run's manifest: name, edges, effect, test, clearance."""
    effects = {AROUND: "goes round it", THROUGH: "flees through it", DESTROY: "destroyed on contact"}
    out = []
    for o in r.obstacles:
        d = {"name": o.name, "kind": o.kind, "near": o.near, "far": o.far, "effect": effects[o.effect]}
        if o.fail_faces:
            d["test_per_model"] = f"lost on 1-{o.fail_faces} on a D6" if o.fail_faces > 1 else "lost on a 1 on a D6"
        if o.effect == THROUGH:
            d["placed_at_least"] = o.far + r.clearance
        out.append(d)
    return out


def work_factor(r) -> int:
    """How much the models left multiply the exact solver's states (1 without tests)."""
    return r.models + 1 if r.models else 1


# -- the exact walk -------------------------------------------------------------------------
def _frac(x: float) -> Fraction:
    return Fraction(str(x))


@dataclass(frozen=True)
class _Exact:
    near: Fraction
    far: Fraction
    effect: int
    p_fail: Fraction
    code: int


def exact_objects(r) -> tuple[tuple[_Exact, ...], Fraction]:
    """The objects of ``r`` in exact arithmetic, and the clearance."""
    objs = tuple(_Exact(_frac(o.near), _frac(o.far), o.effect, Fraction(o.fail_faces, 6), o.code)
                 for o in r.obstacles)
    return objs, _frac(r.clearance)


def _losses(n: int, p: Fraction) -> list[tuple[int, Fraction]]:
    """Binomial(n, p) as (models lost, probability): each model's test fails with probability p."""
    return [(k, comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]


def walk(objs, clearance, pos, f, models, reached_edge):
    """Every way a flee move of ``f`` inches from ``pos`` can end: ``(p, end, models, code or None)``.

    ``reached_edge(end)`` tells whether a position reaches the table edge (a unit that reaches
    it takes no test). ``code`` is the outcome when the unit is destroyed on the way.
    """
    out: list = []

    def go(j, end, m, p):
        for k in range(j, len(objs)):
            o = objs[k]
            if o.near <= pos:
                continue  # behind the unit, or gone round
            threshold = o.near - clearance if o.effect == THROUGH else o.near
            if end < threshold:
                continue
            if o.effect == DESTROY:
                out.append((p, o.near, m, o.code))
                return
            if o.effect == THROUGH:
                end = max(end, o.far + clearance)
                if o.p_fail and not reached_edge(end):
                    for lost, q in _losses(m, o.p_fail):
                        if lost == m:
                            out.append((p * q, end, 0, o.code))
                        else:
                            go(k + 1, end, m - lost, p * q)
                    return
        out.append((p, end, m, None))

    go(0, pos + f, models, Fraction(1))
    return out


def side_results(r, mode: str) -> dict:
    """Exact side results: ``{"obstacle_met": {name: p}, "friend_fails_panic": {name: p}}``.

    ``obstacle_met``: the chance a flee move (on any turn) meets the object (goes round it,
    flees through it or runs into it); ``friend_fails_panic``: for a friend with a Leadership,
    the chance it is fled through and fails its Panic test.

    Each is the absorption probability of a marked copy of the chain in which meeting that
    object ends the trial (:data:`MARK`): the chain is the same up to that meeting.
    """
    from .exact import solve

    met_by: dict = {}
    panic: dict = {}
    for i, o in enumerate(r.obstacles):
        near = o.near - r.clearance if o.effect == THROUGH else o.near
        near = max(near, 1e-9)  # within the clearance of where the unit stands: its first move meets it
        marked = list(r.obstacles)
        marked[i] = replace(o, near=near, effect=DESTROY, code=MARK)
        res = solve(replace(r, obstacles=tuple(marked)), mode)
        met = sum((p for (code, _), p in res.items() if code == MARK), Fraction(0) if mode == "fraction" else 0.0)
        met_by[o.name] = met
        if o.panic_fail_exact is not None:
            panic[o.name] = met * (o.panic_fail_exact if mode == "fraction" else o.panic_fail)
    out = {"obstacle_met": met_by}
    if panic:
        out["friend_fails_panic"] = panic
    return out
