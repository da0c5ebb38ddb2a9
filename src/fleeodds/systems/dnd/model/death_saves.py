"""The ``[death_saves]`` table (5e death saving throws): its pydantic model and its advantage."""


from __future__ import annotations

from pydantic import ConfigDict

from ....language import Message, N_
from ....validation import StrictModel, inert
from .fields import F


class DeathSavesModel(StrictModel):
    """The ``[death_saves]`` table: the marks already made and how each save is rolled."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Jets de sauvegarde contre la mort", "description_fr": (
        "La table ``[death_saves]`` : les cases déjà cochées et la façon de lancer chaque jet de "
        "sauvegarde contre la mort.")})

    successes: int = F(0, "successes already marked", "réussites déjà cochées",
                            "Death-save successes already marked (0 to 2; default 0). Only in situation "
                            "death_saves: after attacks of opportunity the runner starts with none.",
                            "Réussites aux jets de sauvegarde contre la mort déjà cochées (0 à 2 ; 0 par "
                            "défaut). Seulement dans la situation death_saves : après les attaques "
                            "d'opportunité le fuyard n'en a aucune.", None, ge=0, le=2)
    failures: int = F(0, "failures already marked", "échecs déjà cochés",
                           "Death-save failures already marked (0 to 2; default 0). Only in situation "
                           "death_saves: after attacks of opportunity they come from the damage taken at 0 HP.",
                           "Échecs aux jets de sauvegarde contre la mort déjà cochés (0 à 2 ; 0 par défaut). "
                           "Seulement dans la situation death_saves : après les attaques d'opportunité ils "
                           "viennent des dégâts subis à 0 pv.", None, ge=0, le=2)
    bonus: int = F(0, "bonus to the save", "bonus au jet",
                        "Flat bonus added to each d20 (a natural 1 is still two failures, a natural 20 still "
                        "brings the character back; default 0).",
                        "Bonus fixe ajouté à chaque d20 (un 1 naturel compte toujours deux échecs, un 20 "
                        "naturel relève toujours le personnage ; 0 par défaut).", None, ge=-20, le=20)
    advantage: bool = F(False, "advantage", "avantage",
                             "Roll two d20 and keep the higher (default false).",
                             "Lancer deux d20 et garder le plus haut (faux par défaut).")
    disadvantage: bool = F(False, "disadvantage", "désavantage",
                                "Roll two d20 and keep the lower (default false; with advantage too "
                                "they cancel, one d20: a note).",
                                "Lancer deux d20 et garder le plus bas (faux par défaut ; avec l'avantage ils "
                                "s'annulent, un seul d20 : une note).")


def advantage_of(m: DeathSavesModel, where: str = "death_saves") -> int:
    """-1, 0 or 1 from the table; both flags together cancel (SRD 5.1 / 5.2 "Advantage and Disadvantage":
    one d20 is rolled), noted by name (an error under ``--strict``)."""
    if m.advantage and m.disadvantage:
        inert(f"{where}.disadvantage", True, Message(N_("together with {where}.advantage = true (advantage and "
                                                        "disadvantage cancel: write neither)"), where=where))
        return 0
    return 1 if m.advantage else (-1 if m.disadvantage else 0)
