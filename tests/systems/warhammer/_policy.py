"""The input policy in the Warhammer tests (issue 24, docs/inputs.md): an input the model implements that
changes nothing here is accepted with a note naming it and why, and refused under ``strict_inputs()``.

Scenarios are loaded through the system's contract (:meth:`fleeodds.system.RulesSystem.load`), which
collects the notes; the module loader alone does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fleeodds.errors import FleeoddsError
from fleeodds.systems.warhammer import SYSTEM
from fleeodds.validation import InputNote, strict_inputs
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


def load(data: dict, base_dir: Path | None = None):
    """The scenario of ``data`` loaded as the front loads it (its input notes collected)."""
    return SYSTEM.load(data, base_dir)


def notes(data: dict, base_dir: Path | None = None) -> list[str]:
    """The English messages of the input notes of ``data``."""
    return [n.message() for n in load(data, base_dir).input_notes()]


def assert_noted(data: dict, start: str, *reasons: str, base_dir: Path | None = None) -> InputNote:
    """``data`` loads; one of its notes starts with ``start`` (``field: value has no effect``) and says
    every one of ``reasons``; it reads in French too. Returns that note."""
    sc = load(data, base_dir)
    found = [n for n in sc.input_notes() if n.message().startswith(start)]
    assert found, f"no note starting with {start!r}: {[n.message() for n in sc.input_notes()]}"
    note = found[0]
    msg = note.message()
    assert "has no effect" in msg and "\n" not in msg, msg
    for reason in reasons:
        assert reason in msg, msg
    assert " n'a aucun effet " in said_in("fr", note), said_in("fr", note)
    return note


def assert_strict_refused(data: dict, start: str, *reasons: str, base_dir: Path | None = None) -> str:
    """Under ``strict_inputs()``, loading ``data`` fails with the one-line "… has no effect …; remove it"
    error starting with ``start`` and saying every one of ``reasons``. Returns the message."""
    with strict_inputs(), pytest.raises(FleeoddsError) as exc:
        load(data, base_dir)
    msg = str(exc.value)
    assert msg.startswith(start) and "has no effect" in msg and msg.endswith("; remove it"), msg
    assert "\n" not in msg, msg
    for reason in reasons:
        assert reason in msg, msg
    return msg


def assert_not_noted(data: dict, *fields: str, base_dir: Path | None = None) -> None:
    """``data`` loads with no note on any of ``fields``, and loads under ``strict_inputs()`` too when no
    field is given (nothing at all is noted)."""
    got = load(data, base_dir).input_notes()
    if fields:
        assert not [n for n in got if n.field in fields], [n.message() for n in got]
    else:
        assert not got, [n.message() for n in got]
        with strict_inputs():
            load(data, base_dir)
