"""Hell Dorado: weapon passes, the Fuite (flee) action with its attaque sans riposte, and Attraction.

``system = "hell_dorado"`` scenario files have ``type = "fuite"`` (default),
``"passe"`` (one weapon pass) or ``"attraction"`` (positional Monte Carlo).
Fuite and passes have an exact solver (rational arithmetic) and a numba Monte
Carlo kernel written independently; Attraction is Monte Carlo, exact only when
the geometry is fixed.

Card values are the player's: profiles are entered in the scenario or in a
``profiles_file``; the shipped ``data/illustrative_profiles.toml`` holds
**illustrative** values, not official cards.

References
----------
Rules digest docs/hell_dorado.md (Sapience / Asmodée 2007 / Cipher 2010);
Rules Tips "Fuite"; Attraction x (errata August 2007) and Attraction D.
"""

from __future__ import annotations

from pathlib import Path

from ...system import RulesSystem
from ...validation import json_schema
from .model import (
    Fighter,
    Options,
    ScenarioModel,
    Weapon,
    build_fighter,
    load_profiles,
    parse_options,
)
from .scenario import AttractionScenario, FuiteScenario, PassScenario, load_scenario

__all__ = [
    "SYSTEM",
    "AttractionScenario",
    "Fighter",
    "FuiteScenario",
    "Options",
    "PassScenario",
    "ScenarioModel",
    "Weapon",
    "benchmark_case",
    "build_fighter",
    "load_profiles",
    "load_scenario",
    "parse_options",
    "schema",
]


def schema(lang: str = "en") -> dict:
    """The JSON Schema of a Hell Dorado scenario file (all three types), in English or French.

    Parameters
    ----------
    lang : {"en", "fr"}

    Returns
    -------
    dict
        Every field with its title, description, unit (toises, dés, PV…), default and
        allowed values.
    """
    title = "Scénario Hell Dorado (Fuite, passe d'armes, Attraction)" if lang == "fr" else \
        "Hell Dorado scenario (Fuite, weapon pass, Attraction)"
    return json_schema(ScenarioModel, lang, title)


def benchmark_case() -> FuiteScenario:
    """A Fuite for the benchmark: a fighter (DEF 4, PRO 2, PV 4) fleeing an adversary
    with CBT 5 and one supporter (6 dice: 5 rolled + 1 re-roll, hits on 4+),
    weapon 2/4/5/6/8, a Mis au sol trigger on 4 hits; exact P(killed) = 11/32.

    Returns
    -------
    FuiteScenario
    """
    data = {
        "system": "hell_dorado", "title": "Benchmark: Fuite under soutien (illustrative values)",
        "fleeing": {"name": "Fuyard", "mou": 4, "cbt": 3, "def": 4, "pro": 2, "pv": 4},
        "adversaries": [
            {"name": "Attaquant", "cbt": 5, "def": 4, "pro": 1, "pv": 4,
             "weapons": [{"name": "lame", "damage": [2, 4, 5, 6, 8],
                          "states": [{"state": "Mis au sol", "min_hits": 4}]}]},
            {"name": "Soutien", "cbt": 2, "def": 4, "pro": 0, "pv": 3,
             "weapons": [{"name": "dague", "damage": [1, 2, 3, 4, 5]}]},
        ],
        "fuite": {"attacker": "Attaquant", "compare": ["base", "intangible", "ordre_repli", "no_soutien"]},
    }
    return load_scenario(data, Path.cwd())


from .labels import value_labels as labels_for_values  # noqa: E402  (names of every field value)
from .messages_fr import PHRASES as MESSAGES_FR  # noqa: E402  (French wording of this system's reasons)
SYSTEM = RulesSystem(key="hell_dorado", title="Hell Dorado", title_fr="Hell Dorado", loader=load_scenario,
                     schema=schema, compare_paths=("compare", "fuite.compare"), benchmark=benchmark_case,
                     messages_fr=MESSAGES_FR,
                     # the form's choices (the web page shows the names, submits the codes)
                     value_labels=labels_for_values())
