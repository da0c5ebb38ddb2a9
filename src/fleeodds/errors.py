"""Errors raised on bad input.

Every error names the field, the value it got and what is allowed, so that a
player who typed ``leadership = 13`` reads which line to fix rather than a
numba traceback.
"""

from __future__ import annotations

import datetime
from typing import Any

from .language import Message, N_, get_lang, register_input_error

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


def grouped(n: int) -> Message:
    """``n`` with its digits grouped in the reader's language, as a message parameter
    (:class:`fleeodds.i18n.Grouped`).

    >>> str(grouped(20000)), grouped(20000).render("fr")
    ('20,000', '20\u202f000')
    """
    from .i18n import Grouped

    return Grouped(n)


class _Plain(Message):
    """An English text given where a message is expected (a plug-in's reason written as plain text): shown as
    written, in every language; the frame around it still comes from the catalogue. The project's own
    reasons are all messages of the catalogue (``tests/front/test_french_error_reasons.py`` checks it)."""

    def __new__(cls, text: str, frame: str | None = None):
        self = super().__new__(cls, "{text}", text=str(text))
        self.frame = frame
        return self

    def render(self, lang: str | None = None) -> str:
        return self.params["text"]

    def __reduce__(self):
        return _Plain, (self.params["text"], self.frame)


def either(items: list[str]) -> Message | str:
    """Values joined by the reader's "or": ``'a', 'b' or 'c'`` (one value as it is, none: ``""``)."""
    items = [str(x) for x in items]
    if len(items) < 2:
        return items[0] if items else ""
    return Message(N_("{items} or {last}"), items=", ".join(items[:-1]), last=items[-1])


def as_message(text: str | Message, frame: str | None = "allowed") -> Message:
    """``text`` as a message parameter: a :class:`~fleeodds.language.Message` as it is; a plain English text
    (a reason not in the catalogue yet) shown as written, in French through the systems' phrase tables
    (``frame``: where it stands, see :class:`_Plain`)."""
    return text if isinstance(text, Message) else _Plain(text, frame)


def error_message(exc: BaseException) -> Message:
    """What an error says, as a message parameter rendered in the reader's language: its
    :class:`~fleeodds.language.Message` when it has one, else its text (``"compare.Ld 8: {error}"``)."""
    if isinstance(exc, FleeoddsError):
        if exc.msg is not None and exc.args and exc.args[0] == str(exc.msg):
            return exc.msg
        return _Plain(str(exc))
    return _Plain(str(exc))


class FleeoddsError(ValueError):
    """Base class of every error fleeodds raises on bad input.

    Raised with a :class:`fleeodds.language.Message` (a message id and its parameters), the error is
    rendered once, in the reader's language, from the catalogues; ``str(error)`` is the English text.
    Raised with a plain text (a plug-in's error), it is shown as written.
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
        return str(self)  # a plain text (a plug-in's error): as written


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
        What is allowed, e.g. ``Message(N_("a number from {lo} to {hi}"), lo=0, hi=10)`` (rendered in the
        reader's language) or, the older way, an English text (the frame still comes from the catalogue).
    """

    def __init__(self, field: str, value: Any, allowed: str | Message):
        self.field = field
        self.value = value
        self.allowed = allowed
        shown = as_message(allowed)  # a plain text: the older way
        if value is None:  # nothing was given (a scenario file has no null)
            msg = Message(N_("{field}: missing; expected {allowed}"), field=field, allowed=shown)
        else:
            msg = Message(N_("{field}: {value} is not allowed; expected {allowed}"), field=field,
                          value=echo(value), allowed=shown)
        super().__init__(msg)


register_input_error(InputError)  # language.check_lang raises it (language imports nothing of the package)
