"""The ``[[obstacles]]`` table of a Warhammer scenario: one thing in the way of the flee move.

Validated here; the rules are in :mod:`..plan.obstacles`, the refusals in :mod:`..checks.obstacles`.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import ConfigDict

from ....language import N_

from .base import F, _Strict

KINDS = ("friend", "enemy", "impassable")


class Obstacle(_Strict):
    """One thing in the way of the flee move (``[[obstacles]]``)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Obstacle"), "description": N_(
        "One thing in the way of the flee move (``[[obstacles]]``).")})

    kind: Literal[KINDS] = F(  # type: ignore[valid-type]
        ..., t=N_("Kind"),
        d=N_("friend: a friendly unit; enemy: an enemy unit; impassable: impassable terrain."))
    name: str = F("", t=N_("Name"), d=N_("For display."))
    distance: float = F(..., gt=0, le=200, unit="in", t=N_("Distance"),
                        d=N_("From the fleeing unit (where it stands before its first flee move) to the object's "
                             "near edge, along the flee line."))
    depth: float = F(..., gt=0, le=200, unit="in", t=N_("Depth"),
                     d=N_("From the object's near edge to its far edge, along the flee line."))
    unit_strength: Optional[int] = F(None, ge=1, le=1000, unit="US", t=N_("Unit Strength"),
                                     d=N_("Enemy unit, 7th: a non-fleeing enemy of US 5 or more destroys the "
                                          "fleeing unit on contact (required there; refused elsewhere)."))
    fleeing: Optional[bool] = F(None, t=N_("Enemy is fleeing"),
                                d=N_("Enemy unit, 7th: a fleeing enemy is passed through whatever its US."))
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t=N_("Friend's Leadership"),
                                  d=N_("Friendly unit, 7th/8th/TOW: the Ld of its Panic test when fled through "
                                       "(a side result: the chance it fails)."))
    room_to_go_around: Optional[bool] = F(None, t=N_("Room to go round (6th)"),
                                          d=N_("6th: the fleeing unit moves round the object (default true); "
                                               "false: it has no room (through friends, placed beyond them)."))
