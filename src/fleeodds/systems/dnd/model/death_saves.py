"""The ``[death_saves]`` table (5e death saving throws): its pydantic model and its advantage."""


from __future__ import annotations

from pydantic import ConfigDict

from ....language import Message, N_
from ....validation import StrictModel, inert
from .fields import F


class DeathSavesModel(StrictModel):
    """The ``[death_saves]`` table: the marks already made and how each save is rolled."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Death saving throws"), "description": N_(
        "The ``[death_saves]`` table: the marks already made and how each save is rolled.")})

    successes: int = F(0, N_("successes already marked"),
                            N_("Death-save successes already marked (0 to 2; default 0). Only in situation "
                               "death_saves: after attacks of opportunity "
                               "the runner starts with none."), None, ge=0, le=2)
    failures: int = F(0, N_("failures already marked"),
                           N_("Death-save failures already marked (0 to 2; default 0). Only in situation death_saves: "
                              "after attacks of opportunity they come "
                              "from the damage taken at 0 HP."), None, ge=0, le=2)
    bonus: int = F(0, N_("bonus to the save"),
                        N_("Flat bonus added to each d20 (a natural 1 is still two failures, a natural 20 still "
                           "brings the character back; default 0)."), None, ge=-20, le=20)
    advantage: bool = F(False, N_("advantage"),
                             N_("Roll two d20 and keep the higher (default false)."))
    disadvantage: bool = F(False, N_("disadvantage"),
                                N_("Roll two d20 and keep the lower (default false; with advantage too "
                                   "they cancel, one d20: a note)."))


def advantage_of(m: DeathSavesModel, where: str = "death_saves") -> int:
    """-1, 0 or 1 from the table; both flags together cancel (SRD 5.1 / 5.2 "Advantage and Disadvantage":
    one d20 is rolled), noted by name (an error under ``--strict``)."""
    if m.advantage and m.disadvantage:
        inert(f"{where}.disadvantage", True, Message(N_("together with {where}.advantage = true (advantage and "
                                                        "disadvantage cancel: write neither)"), where=where))
        return 0
    return 1 if m.advantage else (-1 if m.disadvantage else 0)
