"""The ``[[obstacles]]`` table of a Warhammer scenario: one thing in the way of the flee move.

Validated here; the rules are in :mod:`..plan.obstacles`, the refusals in :mod:`..checks.obstacles`.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import ConfigDict

from .base import F, _Strict

KINDS = ("friend", "enemy", "impassable")


class Obstacle(_Strict):
    """One thing in the way of the flee move (``[[obstacles]]``)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Obstacle", "description_fr": (
        "Un élément sur le chemin du mouvement de fuite (``[[obstacles]]``).")})

    kind: Literal[KINDS] = F(  # type: ignore[valid-type]
        ..., t="Kind", t_fr="Type",
        d="friend: a friendly unit; enemy: an enemy unit; impassable: impassable terrain.",
        d_fr="friend : une unité amie ; enemy : une unité ennemie ; impassable : un terrain infranchissable.")
    name: str = F("", t="Name", t_fr="Nom", d="For display.", d_fr="Pour l'affichage.")
    distance: float = F(..., gt=0, le=200, unit="in", t="Distance", t_fr="Distance",
                        d="From the fleeing unit (where it stands before its first flee move) to the object's "
                          "near edge, along the flee line.",
                        d_fr="De l'unité en fuite (là où elle se tient avant son premier mouvement de fuite) "
                             "au bord proche de l'objet, le long de la ligne de fuite.")
    depth: float = F(..., gt=0, le=200, unit="in", t="Depth", t_fr="Profondeur",
                     d="From the object's near edge to its far edge, along the flee line.",
                     d_fr="Du bord proche au bord éloigné de l'objet, le long de la ligne de fuite.")
    unit_strength: Optional[int] = F(None, ge=1, le=1000, unit="US", t="Unit Strength",
                                     t_fr="Puissance d'unité",
                                     d="Enemy unit, 7th: a non-fleeing enemy of US 5 or more destroys the "
                                       "fleeing unit on contact (required there; refused elsewhere).",
                                     d_fr="Unité ennemie, 7e : un ennemi qui ne fuit pas, de Puissance d'unité "
                                          "5 ou plus, détruit l'unité en fuite au contact (obligatoire ; "
                                          "refusé ailleurs).")
    fleeing: Optional[bool] = F(None, t="Enemy is fleeing", t_fr="L'ennemi est en fuite",
                                d="Enemy unit, 7th: a fleeing enemy is passed through whatever its US.",
                                d_fr="Unité ennemie, 7e : un ennemi en fuite est traversé quelle que soit sa "
                                     "Puissance d'unité.")
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t="Friend's Leadership",
                                  t_fr="Commandement de l'unité amie",
                                  d="Friendly unit, 7th/8th/TOW: the Ld of its Panic test when fled through "
                                    "(a side result: the chance it fails).",
                                  d_fr="Unité amie, 7e/8e/TOW : le Cd de son test de panique quand elle est "
                                       "traversée (résultat annexe : la probabilité de le rater).")
    room_to_go_around: Optional[bool] = F(None, t="Room to go round (6th)", t_fr="Place pour contourner (6e)",
                                          d="6th: the fleeing unit moves round the object (default true); "
                                            "false: it has no room (through friends, placed beyond them).",
                                          d_fr="6e : l'unité en fuite contourne l'objet (par défaut true) ; "
                                               "false : pas la place (elle traverse les amis et se place "
                                               "au-delà).")
