"""Errors raised on bad input.

Every error names the field, the value it got and what is allowed, so that a
player who typed ``leadership = 13`` reads which line to fix rather than a
numba traceback.
"""

from __future__ import annotations

from typing import Any

#: Longest echo of a value in an error message (characters).
MAX_ECHO = 80


def short_repr(value: Any, limit: int = MAX_ECHO) -> Any:
    """``value`` if its repr is short, else a truncated repr string (``'[1, 2, 3, …] (5000 chars)'``).

    Used for every value echoed in an error message, so that a 100,000-character
    input does not come back in full.
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # e.g. an int over Python's 4300-digit str limit
        return _Echo(f"<{type(value).__name__}, too large to show>")
    if len(text) <= limit:
        return value
    return _Echo(f"{text[:limit]}… ({len(text):,} characters)")


class _Echo(str):
    """A truncated repr: shown as is (no quotes) by ``{!r}``."""

    def __repr__(self) -> str:
        return str(self)


class FleeoddsError(ValueError):
    """Base class of every error fleeodds raises on bad input."""

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"fr"``): field paths, values and names stay as written.

        The French wording comes from :func:`fleeodds.messages_fr.to_french`.
        """
        if lang != "fr":
            return str(self)
        from .messages_fr import to_french

        return to_french(str(self))


class InputError(FleeoddsError):
    """A field has a value that the rules do not allow.

    Parameters
    ----------
    field : str
        Dotted name of the field, e.g. ``"fleeing.leadership"``.
    value : Any
        The value that was given.
    allowed : str
        Human-readable description of what is allowed, e.g. ``"an integer from 0 to 10"``.
    """

    def __init__(self, field: str, value: Any, allowed: str):
        self.field = field
        self.value = value
        self.allowed = allowed
        super().__init__(f"{field}: {short_repr(value)!r} is not allowed; expected {allowed}")
