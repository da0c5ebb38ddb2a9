"""The D&D scenario types (:class:`fleeodds.system.Scenario` subclasses) and their loader.

:mod:`.exchange`: leaving melee under attacks of opportunity (the default situation);
:mod:`.death_saves`: 5e death saving throws on their own (``situation = "death_saves"``);
:mod:`.chase`: the 5e chase after leaving melee (``situation = "chase"``).
"""

from __future__ import annotations

from pathlib import Path

from ....system import Scenario
from .chase import load_chase
from .death_saves import load_death_saves
from .exchange import load_exchange


def load_scenario(data: dict, base_dir: Path | None = None, *, check_only: frozenset[str] | None = None
                  ) -> Scenario:
    """Validate a D&D scenario dict (the parsed TOML file): leaving melee, or with
    ``situation = "death_saves"`` death saving throws.

    Parameters
    ----------
    data : dict
        The parsed scenario file.
    base_dir : pathlib.Path, optional
        Folder relative file names are read from.
    check_only : frozenset of str, optional
        ``None`` checks every field written for inputs that change nothing; a set checks only those
        dotted fields (``data`` derives from a scenario checked whole: its base, or one setup).

    Returns
    -------
    DndScenario or DeathSaveScenario

    Raises
    ------
    InputError
        Naming the invalid field, its value and what is allowed (see :func:`.exchange.load_exchange`
        and :func:`.death_saves.load_death_saves`).
    """
    if isinstance(data, dict) and data.get("situation") == "death_saves":
        return load_death_saves(data, base_dir)
    if isinstance(data, dict) and data.get("situation") == "chase":
        return load_chase(data, base_dir)
    return load_exchange(data, base_dir, check_only=check_only)
