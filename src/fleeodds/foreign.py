"""Other libraries' error texts in the reader's language: the standard library's JSON and TOML readers,
the operating system's error names, pydantic's and Dask's connection errors.

These libraries write their messages in English and translate nothing. Their texts are fixed
(``"Expecting value"``, ``"Unclosed array"``, ``"Connection refused"``): each is looked up here, by the
library's own constant text, and given as a marked message of the catalogue; a text not listed
is shown as the library wrote it. Nothing here rewrites fleeodds' own English (those messages are
marked where they are raised).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .language import Message, N_

#: :mod:`json`'s messages (``JSONDecodeError.msg``), without their position.
JSON_MESSAGES = {
    "Expecting value": N_("Expecting value"),
    "Expecting property name enclosed in double quotes": N_("Expecting property name enclosed in double quotes"),
    "Extra data": N_("Extra data"),
    "Unterminated string starting at": N_("Unterminated string starting at"),
    "Invalid control character at": N_("Invalid control character at"),
    "Invalid \\escape": N_("Invalid \\escape"),
    "Illegal trailing comma before end of object": N_("Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array": N_("Illegal trailing comma before end of array"),
}
#: :mod:`json`'s messages that name a delimiter (``Expecting ',' delimiter``).
_JSON_DELIMITER = re.compile(r"^Expecting ('.') delimiter$")

#: :mod:`tomllib`'s messages (``TOMLDecodeError``), without their position.
TOML_MESSAGES = {
    "Expected newline or end of document after a statement":
        N_("Expected newline or end of document after a statement"),
    "Expected ']' at the end of a table declaration": N_("Expected ']' at the end of a table declaration"),
    "Expected ']]' at the end of an array declaration": N_("Expected ']]' at the end of an array declaration"),
    "Expected '=' after a key in a key/value pair": N_("Expected '=' after a key in a key/value pair"),
    "Invalid statement": N_("Invalid statement"),
    "Cannot overwrite a value": N_("Cannot overwrite a value"),
    "Invalid initial character for a key part": N_("Invalid initial character for a key part"),
    "Unclosed array": N_("Unclosed array"),
    "Unclosed inline table": N_("Unclosed inline table"),
    "Unescaped '\\' in a string": N_("Unescaped '\\' in a string"),
    "Invalid hex value": N_("Invalid hex value"),
    "Escaped character is not a Unicode scalar value": N_("Escaped character is not a Unicode scalar value"),
    "Unterminated string": N_("Unterminated string"),
    "Invalid date or datetime": N_("Invalid date or datetime"),
    "Invalid value": N_("Invalid value"),
}
#: :mod:`tomllib`'s messages that name a character, a key or a namespace: (pattern, message).
TOML_PATTERNS = (
    (re.compile(r"^Expected (?P<what>'.*'|\".*\")$"), N_("Expected {what}")),
    (re.compile(r"^Found invalid character (?P<what>'.*'|\".*\")$"), N_("Found invalid character {what}")),
    (re.compile(r"^Illegal character (?P<what>'.*'|\".*\")$"), N_("Illegal character {what}")),
    (re.compile(r"^Cannot declare (?P<what>.+) twice$"), N_("Cannot declare {what} twice")),
    (re.compile(r"^Cannot mutate immutable namespace (?P<what>.+)$"), N_("Cannot mutate immutable namespace {what}")),
    (re.compile(r"^Cannot redefine namespace (?P<what>.+)$"), N_("Cannot redefine namespace {what}")),
    (re.compile(r"^Duplicate inline table key (?P<what>'.*'|\".*\")$"), N_("Duplicate inline table key {what}")),
)
_TOML_WHERE = re.compile(r"^(?P<msg>.*?) \((?:at line (?P<line>\d+), column (?P<column>\d+)|(?P<end>at end of document))\)$",
                         re.S)

#: The operating system's error names (``OSError.strerror``), as C libraries write them in English.
OS_MESSAGES = {
    "No such file or directory": N_("No such file or directory"),
    "Permission denied": N_("Permission denied"),
    "Too many levels of symbolic links": N_("Too many levels of symbolic links"),
    "Is a directory": N_("Is a directory"),
    "Not a directory": N_("Not a directory"),
    "File name too long": N_("File name too long"),
    "Read-only file system": N_("Read-only file system"),
    "No space left on device": N_("No space left on device"),
    "Connection refused": N_("Connection refused"),
    "File exists": N_("File exists"),
}
#: Dask's (and the socket layer's) texts of a connection that failed, by the fixed text they contain.
CONNECTION_MESSAGES = {
    "Connection refused": N_("Connection refused"),
    "missing port number in address": N_("missing port number in address"),
}


def json_reason(exc: json.JSONDecodeError) -> Message | str:
    """A :class:`json.JSONDecodeError`'s message (``exc.msg``, without its position) in the reader's language."""
    return json_message(exc.msg)


def json_message(msg: str) -> Message | str:
    """One of :mod:`json`'s messages (``"Expecting value"``, without its position) in the reader's language."""
    msg = str(msg)
    if msg in JSON_MESSAGES:
        return Message(JSON_MESSAGES[msg])
    m = _JSON_DELIMITER.match(msg)
    if m:
        return Message(N_("Expecting {delimiter} delimiter"), delimiter=m.group(1))
    return msg


def toml_reason(exc: Exception) -> Message | str:
    """A :class:`tomllib.TOMLDecodeError`'s text (message and position) in the reader's language."""
    text = str(exc)
    m = _TOML_WHERE.match(text)
    msg = m.group("msg") if m else text
    what = _toml_message(msg)
    if m is None:
        return what
    if m.group("end"):
        return Message(N_("{error} (at end of document)"), error=what)
    return Message(N_("{error} (at line {line}, column {column})"), error=what, line=int(m.group("line")),
                   column=int(m.group("column")))


def _toml_message(msg: str) -> Message | str:
    if msg in TOML_MESSAGES:
        return Message(TOML_MESSAGES[msg])
    for pattern, template in TOML_PATTERNS:
        m = pattern.match(msg)
        if m:
            return Message(template, what=m.group("what"))
    return msg


def os_reason(exc: BaseException) -> Message | str:
    """An :class:`OSError`'s name of the problem (``strerror``) in the reader's language (else its text)."""
    text = getattr(exc, "strerror", None) or str(exc)
    return Message(OS_MESSAGES[text]) if text in OS_MESSAGES else text


def os_error_text(exc: BaseException) -> Message | str:
    """An error's whole text (``"[Errno 2] No such file or directory: 'x.cat'"``) with the operating system's
    name of the problem in the reader's language."""
    return _within(str(exc), OS_MESSAGES)


def connection_reason(text: Any) -> Message | str:
    """A failed connection's text (Dask, the socket layer) with its fixed English words in the reader's
    language: ``"[Errno 111] Connection refused"`` -> ``"[Errno 111] connexion refusée"``."""
    return _within(str(text), CONNECTION_MESSAGES)


def _within(text: str, table: dict[str, str]) -> Message | str:
    """``text`` with the first of ``table``'s fixed English texts it holds given as a message."""
    for en, msgid in table.items():
        if en in text:
            head, _, tail = text.partition(en)
            return Message(N_("{before}{reason}{after}"), before=head, reason=Message(msgid), after=tail)
    return text
