"""Errors raised on bad input.

Every error names the field, the value it got and what is allowed, so that a
player who typed ``leadership = 13`` reads which line to fix rather than a
numba traceback.
"""

from __future__ import annotations

import datetime
from typing import Any

from .language import Message, N_, SOURCE_LANG, get_lang

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


def echo(value: Any, limit: int = MAX_ECHO, whole_floats: bool = False) -> str:
    """A value as the user wrote it in a scenario file (TOML), for an error message.

    ``true``/``false`` rather than Python's ``True``/``False``, lists as ``[1, 2]``, tables as
    inline tables ``{ name = 'Orcs', movement = 4 }``, text in quotes (``'2d+4'``, a TOML literal
    string), dates and times as TOML writes them (``1979-05-27``), ``null`` for a missing value
    inside a list or table; a long value is truncated as by
    :func:`short_repr`. With ``whole_floats``, ``14.0`` reads ``14``: for a message about what a
    value does (not about its type), where the model turned the ``14`` of the file into a float.

    >>> echo(True), echo([1, False]), echo({"name": "Orcs", "movement": 4})
    ('true', '[1, false]', "{ name = 'Orcs', movement = 4 }")
    """
    shown = short_repr(value, limit)
    if isinstance(shown, _Echo):
        return str(shown)
    try:
        text = _toml(shown, 0, whole_floats)
    except (ValueError, RecursionError):
        return str(short_repr(repr(value), limit))
    return text if len(text) <= 2 * limit else f"{text[:limit]}… ({len(text):,} characters)"


def _toml(value: Any, depth: int, whole: bool = False) -> str:
    if depth > 8:
        return "…"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if whole and isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v, depth + 1, whole) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = (f"{_key(k)} = {_toml(v, depth + 1, whole)}" for k, v in value.items())
        return "{ " + ", ".join(items) + " }"
    if isinstance(value, (datetime.date, datetime.time)):  # a TOML date or time: as written (1979-05-27)
        return value.isoformat()
    return repr(value)


def _key(key: Any) -> str:
    text = str(key)
    return text if text and all(c.isalnum() or c in "_-" for c in text) and text.isascii() else repr(text)


class _Echo(str):
    """A truncated repr: shown as is (no quotes) by ``{!r}``."""

    def __repr__(self) -> str:
        return str(self)


class FleeoddsError(ValueError):
    """Base class of every error fleeodds raises on bad input.

    Raised with a :class:`fleeodds.language.Message` (a message id and its parameters), the error is
    rendered once, in the reader's language, from the catalogues; ``str(error)`` is the English text.
    Raised with a plain English text (the older way, still used where the messages are not in the
    catalogue yet), its French comes from :func:`fleeodds.messages_fr.to_french`.
    """

    #: The message id and parameters, when the error was raised with one.
    msg: Message | None = None

    def __init__(self, *args: Any):
        if len(args) == 1 and isinstance(args[0], Message):
            self.msg = args[0]
            args = (str(args[0]),)
        super().__init__(*args)

    def message(self) -> str:
        """The message in the reader's language (this context's: :func:`fleeodds.language.use_lang`); field
        paths, values and names stay as written."""
        lang = get_lang()
        if self.msg is not None and self.args and self.args[0] == str(self.msg):  # not rewritten since
            return self.msg.render(lang)
        if lang == SOURCE_LANG or lang != "fr":
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
        The value that was given (``None``: nothing was given; the message says "missing").
        It is echoed as written in a scenario file (:func:`echo`: ``true``, ``[1, 2]``).
    allowed : str or Message
        What is allowed, e.g. ``Message("a number from {lo} to {hi}", lo=0, hi=10)`` (rendered in the
        reader's language) or, the older way, an English text such as ``"an integer from 0 to 10"``.
    """

    def __init__(self, field: str, value: Any, allowed: str | Message):
        self.field = field
        self.value = value
        self.allowed = allowed
        if value is None:  # nothing was given (a scenario file has no null)
            msg = Message(N_("{field}: missing; expected {allowed}"), field=field, allowed=allowed)
        else:
            msg = Message(N_("{field}: {value} is not allowed; expected {allowed}"), field=field,
                          value=echo(value), allowed=allowed)
        super().__init__(msg if isinstance(allowed, Message) else str(msg))
