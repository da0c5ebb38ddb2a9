"""Things in the way of a flee move: friendly units, enemy units and impassable terrain.

A scenario lists them in ``[[obstacles]]`` tables, each at a ``distance`` (inches along
the flee line, from the fleeing unit's position before its first flee move to the
object's near edge) with a ``depth`` (inches, near edge to far edge). Positions are
measured in the same coordinate as the distance fled (``cum`` in :mod:`..exact.flee` and
:mod:`..kernels.flee`), so every later flee move of the chain meets the objects at the
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

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Optional

from ....language import Message, N_
from ....validation import not_modelled
from .. import outcomes as oc
from ..model.obstacles import Obstacle
from .leadership import ld_test_pass, rally_limits

# effects of an object on a move that meets it
AROUND, THROUGH, DESTROY = 0, 1, 2
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


def obstacle_effect(o: Obstacle, ed: str, i: int, strict: bool = True) -> tuple[int, int, int]:
    """(effect, fail_faces, outcome code) of object ``o`` in edition ``ed``.

    Parameters
    ----------
    o : Obstacle
        The ``[[obstacles]]`` table.
    ed : str
        The edition.
    i : int
        Its index in ``[[obstacles]]`` (named in a refusal).
    strict : bool
        ``False`` (the effect checks' trial values): no refusal, a 6th-edition object with no room to
        go round is passed through.

    Returns
    -------
    (int, int, int)
        :data:`AROUND`, :data:`THROUGH` or :data:`DESTROY`; the D6 faces that cost a model per test
        (0: no test); the outcome code when it destroys the unit.

    Raises
    ------
    InputError
        ``obstacles.<i>.room_to_go_around`` in 6th for an enemy or impassable terrain (not modelled).

    References
    ----------
    See the module docstring: docs/warhammer.md, "Things in the way" (digest §3.6), and the
    rulebook sections it lists.
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
                               Message(N_("the 6th rulebook gives no rule for a fleeing unit with no room to go "
                                          "round an enemy unit") if o.kind == "enemy" else
                                       N_("the 6th rulebook gives no rule for a fleeing unit with no room to go "
                                          "round impassable terrain")))
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


def panic_tested(o, ed: str) -> bool:
    """Whether a friendly unit fled through tests for Panic with its ``leadership``: a friend, in 7th, 8th
    and TOW (6th: the rulebook's Panic causes are not modelled; starter: contact removes the fleeing
    unit). Elsewhere the field is read by nothing (:func:`..checks.obstacles.check_fields` notes it).

    Parameters
    ----------
    o : Obstacle
        One validated ``[[obstacles]]`` entry (its ``kind``: ``"friend"``, ``"enemy"`` or terrain).
    ed : {"6th", "7th", "8th", "tow", "starter"}
        The edition.

    Returns
    -------
    bool
        True when the obstacle's ``leadership`` is read (its Panic test).

    References
    ----------
    docs/warhammer.md, "Things in the way" (7th, 8th and TOW: a friend fled through tests Panic).
    """
    return o.kind == "friend" and ed in ("7th", "8th", "tow")


def resolve_obstacles(model, fleeing, r, *, rally_rule: str, rally_base_ld: int, musician_bonus: int,
                      panic_test) -> dict:
    """The :class:`~.flee.Rules` fields of the things in the way (``replace(r, **out)``).

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

    Nothing is refused here (the effect checks resolve trial values):
    :func:`..checks.obstacles.validate` does it.

    References
    ----------
    docs/warhammer.md, "Things in the way" (digest §3.6), and the rulebook sections the module
    docstring lists.
    """
    obstacles = model.obstacles
    ed = model.edition
    c = model.options.flee_clearance
    clearance = CLEARANCE[ed] if c is None else c
    order = sorted(range(len(obstacles)), key=lambda i: obstacles[i].distance)
    rules = []
    for i in order:
        o = obstacles[i]
        near, far = o.distance, o.distance + o.depth
        effect, faces, code = obstacle_effect(o, ed, i, strict=False)
        fail, fail_x = 0.0, None
        if o.leadership is not None and panic_tested(o, ed):
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


def rally_at(models: int, start: int, rule: str, base_ld: int, musician_bonus: int, ed: str, own_ld: int,
             test):
    """(rally mode, rally test) of a unit with ``models`` of its ``start`` models left.

    The casualty limits of :func:`.leadership.rally_limits`, read again after losses to Dangerous
    Terrain or Peril tests.

    Parameters
    ----------
    models, start, rule, base_ld, musician_bonus, ed, own_ld
        As :func:`.leadership.rally_limits`.
    test : LdTest
        The rally test without losses (its dice, doubles and re-roll are kept).

    Returns
    -------
    (int, LdTest)

    References
    ----------
    docs/warhammer.md §3.5 (casualty limits) and "Things in the way".
    """
    mode, ld = rally_limits(models, start, rule, base_ld, musician_bonus, ed, own_ld)
    return mode, replace(test, ld=max(ld, 0))


def codes(r, codes_: list[int]) -> list[int]:
    """The scenario's outcome codes with those the things in the way add.

    Parameters
    ----------
    r : Rules
    codes_ : list of int
        The codes without things in the way.

    Returns
    -------
    list of int
        Sorted; a destroying object or one whose tests can kill the last model adds its code.

    References
    ----------
    docs/warhammer.md, "Things in the way".
    """
    if not r.obstacles:
        return codes_
    out = set(codes_)
    for o in r.obstacles:
        if o.effect == DESTROY or o.fail_faces:
            out.add(o.code)
    return sorted(out)


def describe(r) -> list[dict]:
    """What each object does here, for the run's manifest.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    list of dict
        Per object: ``name``, ``kind``, ``near`` and ``far`` (inches), ``effect`` in words, and
        ``test_per_model`` or ``placed_at_least`` (inches) when they apply.

    References
    ----------
    docs/warhammer.md, "Things in the way".
    """
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
