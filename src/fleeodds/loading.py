"""Load a scenario from a file, a shipped example or a dict; list the shipped examples.

>>> from fleeodds.loading import example_path, load_scenario
>>> load_scenario(example_path("warhammer/goblins_broken_by_dwarfs.toml")).system
'warhammer'
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from . import files
from .errors import InputError, short_repr
from .language import Message, N_
from .system import Scenario, scenario_from_dict
from .validation import strict_inputs


def example_dir() -> Path:
    """Folder of the shipped example scenarios."""
    return Path(str(resources.files("fleeodds") / "examples"))


def example_path(name: str) -> Path:
    """Path of a shipped example, e.g. ``"warhammer/goblins_broken_by_dwarfs.toml"``."""
    p = example_dir() / name
    if not p.exists():
        raise InputError("example", name, Message(N_("one of the files listed by {command}"), command="`fleeodds examples`"))
    return p


def list_examples() -> list[Path]:
    """Every shipped example scenario file, sorted."""
    return sorted(example_dir().rglob("*.toml"))


def load_scenario(source: str | Path | dict, *, strict: bool = False) -> Scenario:
    """Load and validate a scenario.

    An input the model implements that changes nothing in this situation is accepted and noted
    (:meth:`Scenario.input_notes <fleeodds.system.Scenario.input_notes>`; docs/inputs.md); with
    ``strict=True`` it is refused instead (the command line's ``--strict``).

    Parameters
    ----------
    source : path to a TOML file, or a dict with the same content
        A bare name such as ``"warhammer/goblins_broken_by_dwarfs.toml"`` that is
        not a file is looked up among the shipped examples. Relative file names
        inside a dict (``profiles_file``) are read from the current folder.

    Returns
    -------
    Scenario

    Raises
    ------
    FleeoddsError
        On a value that is neither a path nor a dict, a missing or unreadable file
        (a folder, a device, a pipe, not UTF-8, over 8 MiB), invalid TOML, or any
        invalid field (the message names the field, the value and what is allowed);
        with ``strict``, an input that changes nothing here ("…; remove it").
    """
    if strict:
        with strict_inputs():
            return load_scenario(source)
    if isinstance(source, dict):
        return scenario_from_dict(source, Path.cwd())
    if isinstance(source, bytes) or not isinstance(source, (str, os.PathLike)):
        raise InputError("scenario", short_repr(source),
                         Message(N_("a .toml file name, a name listed by {command}, or a dict of fields"),
                                 command="`fleeodds examples`"))
    text = os.fspath(source)
    if not text.strip():
        raise InputError("scenario", text, Message(N_("an existing .toml file or a name listed by {command}"), command="`fleeodds examples`"))
    path = Path(text)
    if not _exists(path):
        candidate = example_dir() / text
        if _exists(candidate):
            path = candidate
        else:
            raise InputError("scenario", short_repr(text),
                             Message(N_("an existing .toml file or a name listed by {command}"), command="`fleeodds examples`"))
    data = files.read_toml(path, "scenario")
    return scenario_from_dict(data, path.parent)


def _exists(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a name too long for the file system is not a file here
        return False
