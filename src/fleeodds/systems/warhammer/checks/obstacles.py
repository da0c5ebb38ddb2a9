"""No silent inputs with ``[[obstacles]]``: things in the way that are wrong are refused by name, and
fields that change nothing in the edition are noted (:func:`fleeodds.validation.inert`; an error under
``--strict``), every one of them (see :mod:`..plan.obstacles` for what each does).
"""

from __future__ import annotations

import math
from typing import Optional

from ....errors import InputError
from ....language import Message, N_
from ....validation import inert, not_modelled
from ..plan.obstacles import obstacle_effect, panic_tested
from .flee import IN_EDITION


def check_fields(obstacles, ed: str, wounds: Optional[int]) -> None:
    """Note every object field that changes nothing in edition ``ed`` (``obstacles.<i>.<field>``, the
    value and why); refuse an enemy without its Unit Strength in 7th.

    Raises
    ------
    InputError
        ``obstacles.<i>.unit_strength`` missing for a non-fleeing 7th-edition enemy; Dangerous Terrain
        tests on models of several Wounds (not modelled); under
        :func:`fleeodds.validation.strict_inputs`, the first field noted.
    """
    names = {ed_: Message(text) for ed_, text in IN_EDITION.items()}
    for i, o in enumerate(obstacles):
        where = f"obstacles.{i}"
        if o.kind != "enemy" or ed != "7th":
            for f in ("unit_strength", "fleeing"):
                if getattr(o, f) is not None:
                    why = Message(N_("only an enemy unit has it")) if o.kind != "enemy" else \
                        Message(N_("only the 7th rules read it (any enemy unit is passed through or tested the same)"))
                    inert(f"{where}.{f}", getattr(o, f), Message(N_("{edition} ({why})"),
                                                                 edition=names[ed], why=why))  # each field noted
        elif o.unit_strength is None and not o.fleeing:
            raise InputError(f"{where}.unit_strength", None,
                             Message(N_("the enemy unit's Unit Strength (7th: a non-fleeing enemy of US 5 or "
                                        "more destroys the fleeing unit on contact), or fleeing = true")))
        elif o.fleeing and o.unit_strength is not None:
            inert(f"{where}.unit_strength", o.unit_strength,
                  Message(N_("for a fleeing enemy (7th: it is passed through whatever its US)")))
        if o.room_to_go_around is not None and ed != "6th":
            inert(f"{where}.room_to_go_around", o.room_to_go_around,
                  Message(N_("{edition} (only the 6th rules go round things in the way)"), edition=names[ed]))
        if o.leadership is not None and not panic_tested(o, ed):  # the plan reads it only where tested
            why = Message(N_("only a friendly unit tests for Panic when fled through")) if o.kind != "friend" else \
                Message(N_("the starter rules remove the fleeing unit on contact")) if ed == "starter" else \
                Message(N_("a 6th-edition friend fled through takes no Panic test here (the 6th rulebook's Panic "
                           "causes are not modelled)"))
            inert(f"{where}.leadership", o.leadership, Message(N_("{edition} ({why})"), edition=names[ed], why=why))
    tests = any(obstacle_effect(o, ed, i)[1] for i, o in enumerate(obstacles))
    if tests and wounds is not None and wounds > 1:
        raise not_modelled("fleeing.wounds", wounds,
                           Message(N_("Dangerous Terrain and Peril tests on models of more than one Wound; each "
                                      "failed test is counted as one model lost")))


def validate(model, fleeing, r) -> None:
    """Refuse things in the way that are wrong and note those that change nothing (called once the rules
    are resolved).

    Noted (:func:`fleeodds.validation.inert`): fields without effect (:func:`check_fields`), every object
    no flee move can reach, and things in the way in the leadership_test situation (the scenario ends with
    the test: nothing meets them).

    Raises
    ------
    InputError
        A 6th-edition enemy or terrain with no room to go round (not modelled), an object beyond the
        table edge, objects that overlap; under :func:`fleeodds.validation.strict_inputs`, the first
        input noted.
    """
    obstacles = model.obstacles
    ed = model.edition
    if model.situation == "leadership_test":
        inert("obstacles", [o.kind for o in obstacles],
              Message(N_("in the 'leadership_test' situation (it ends with the test; no flee move)")))
    check_fields(obstacles, ed, fleeing.wounds)
    order = sorted(range(len(obstacles)), key=lambda i: obstacles[i].distance)
    last_far = -math.inf
    for i in order:
        o = obstacles[i]
        obstacle_effect(o, ed, i)
        if o.distance < last_far:
            raise InputError(f"obstacles.{i}.distance", o.distance,
                             Message(N_("an object that does not overlap the one before it (which ends at "
                                        "{last_far:g}\")"), last_far=last_far))
        last_far = o.distance + o.depth
        if o.distance >= r.edge:
            raise InputError(f"obstacles.{i}.distance", o.distance,
                             Message(N_("less than table.edge_distance ({edge:g}\"): an object must be on the "
                                        "table"), edge=r.edge))
    # the farthest any flee move can reach before object i: every move at its longest, pushed beyond
    # every object nearer than i (an object only pushes the unit past itself, never toward another)
    # a charged unit flees again in the enemy turn
    moves = 1 + r.max_turns * (2 if r.chaser_charges or r.chaser_impetuous else 1)
    base = max(r.flee.max_value, r.fall_back.max_value) * moves
    for i in order:
        o = obstacles[i]
        longest = base + sum(p.depth + r.clearance for p in obstacles if p.distance < o.distance)
        if o.distance - r.clearance > longest:
            inert(f"obstacles.{i}.distance", o.distance,
                  Message(N_("beyond the farthest flee move ({longest:g}\" with table.max_turns = {max_turns})"),
                          longest=longest, max_turns=r.max_turns))
