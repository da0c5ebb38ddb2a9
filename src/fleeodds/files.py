"""One hardened way to read every file fleeodds opens (scenarios, profiles, catalogues).

A name given by a user may be a folder, a device such as ``/dev/zero``, a named
pipe, a symlink loop, an over-long name, or a file in another encoding: each is
reported as a one-line :class:`~fleeodds.errors.FleeoddsError` naming the field
and the file, never a traceback, a hang or a read until memory runs out.
"""

from __future__ import annotations

import os
import stat
import re
import tomllib
from pathlib import Path
from typing import Any

from .errors import FleeoddsError, InputError, short_repr
from .foreign import os_reason, toml_reason
from .language import Message, N_

#: Largest text file read (scenarios, profiles): 8 MiB.
MAX_TEXT_BYTES = 8 * 1024 * 1024
#: Deepest nesting of tables and lists accepted in a TOML file.
MAX_DEPTH = 64


def check_path(path: Any, field: str) -> Path:
    """``path`` as a :class:`~pathlib.Path` of an existing regular file.

    Raises
    ------
    InputError
        For a value that is not a path, an empty or over-long name, a missing
        file, a folder, a device, a pipe or a symlink loop.
    """
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise InputError(field, short_repr(path), Message(N_("a file name")))
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip() or "\x00" in text:
        raise InputError(field, short_repr(text), Message(N_("a file name")))
    p = Path(text)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputError(field, short_repr(text), Message(N_("an existing file"))) from None
    except OSError as exc:  # name too long, symlink loop, permission denied
        raise InputError(field, short_repr(text), Message(N_("a readable file ({error})"), error=os_reason(exc))) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(field, short_repr(text), Message(N_("a file, not a folder")))
    if not stat.S_ISREG(st.st_mode):
        raise InputError(field, short_repr(text), Message(N_("a regular file (not a device, pipe or socket)")))
    return p


def read_bytes(path: Any, field: str, limit: int = MAX_TEXT_BYTES) -> bytes:
    """The content of a regular file of at most ``limit`` bytes.

    Raises
    ------
    InputError
        See :func:`check_path`; also for a file larger than ``limit``.
    """
    p = check_path(path, field)
    try:
        # O_NONBLOCK: a file swapped for a pipe between stat() and open() cannot hang us
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise InputError(field, short_repr(str(p)), Message(N_("a regular file (not a device, pipe or socket)")))
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(field, short_repr(str(p)), Message(N_("a readable file ({error})"), error=os_reason(exc))) from None
    if len(data) > limit:
        raise InputError(field, short_repr(str(p)), Message(N_("a file of at most {mib} MiB"), mib=limit // (1024 * 1024)))
    return data


def read_text(path: Any, field: str, limit: int = MAX_TEXT_BYTES) -> str:
    """A UTF-8 text file (a leading BOM, as Notepad writes, is accepted).

    Raises
    ------
    InputError
        See :func:`read_bytes`; also for a file that is not UTF-8 text.
    """
    data = read_bytes(path, field, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(field, short_repr(str(path)),
                         Message(N_("a UTF-8 text file (byte {byte} is not UTF-8: save the file as UTF-8)"),
                                 byte=exc.start)) from None


def parse_toml(text: str, where: str) -> dict:
    """Parse TOML text, refusing nesting deeper than :data:`MAX_DEPTH`.

    Raises
    ------
    FleeoddsError
        ``"<where>: not valid TOML: …"`` or too deeply nested.
    """
    _check_brackets(text, where)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FleeoddsError(Message(N_("{where}: not valid TOML: {error}{hint}"), where=where, error=toml_reason(exc),
                                    hint=_toml_hint(text, str(exc)))) from None
    except RecursionError:
        raise FleeoddsError(Message(N_("{where}: nested more than {depth} levels deep"), where=where, depth=MAX_DEPTH)) from None
    except ValueError as exc:  # an integer of more than 4300 digits: Python refuses to convert it
        raise FleeoddsError(Message(N_("{where}: not valid TOML: a number is too long ({error}…)"), where=where,
                                    error=str(exc)[:60])) from None
    check_depth(data, where)
    return data


_AFTER_STATEMENT = re.compile(r"^(Expected newline or end of document after a statement|Invalid value) "
                              r"\(at line (\d+),")
_KEY_VALUE = re.compile(r"^\s*([A-Za-z0-9_.-]+)\s*=\s*([^\s\"'\[{#][^#]*?)\s*(#.*)?$")


def _toml_hint(text: str, error: str) -> Message | str:
    """What to write instead, for the TOML error a newcomer meets first: a text value without
    quotes (``edition = 8th`` reads as a number followed by junk, ``system = warhammer`` as no
    value at all).

    Returns ``"; a text value needs quotes: edition = \"8th\""`` (the line's own key and
    value when the line reads ``key = value``), or ``""`` for any other error.
    """
    m = _AFTER_STATEMENT.match(error)
    if m is None:
        return ""
    lines = text.splitlines()
    n = int(m.group(2))
    kv = _KEY_VALUE.match(lines[n - 1]) if 0 < n <= len(lines) else None
    if m.group(1) == "Invalid value" and (kv is None or not kv.group(2)[:1].isalpha()
                                          or kv.group(2).lower() in ("true", "false")):
        return ""  # not a bare word (system = warhammer): quotes would not help
    if kv is None or '"' in kv.group(2):
        return Message(N_('; a text value needs quotes, e.g. edition = "8th"'))
    return Message(N_('; a text value needs quotes: {key} = "{value}"'), key=kv.group(1), value=kv.group(2))


def _check_brackets(text: str, where: str) -> None:
    """Refuse inline nesting deeper than MAX_DEPTH before tomllib recurses into it."""
    depth = deepest = 0
    in_str = None
    for ch in text:
        if in_str:
            if ch == in_str:
                in_str = None
        elif ch in "\"'":
            in_str = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            in_str = None  # basic/literal strings end at a line end; multi-line ones are rare here
    if deepest > MAX_DEPTH:
        raise FleeoddsError(Message(N_("{where}: nested more than {depth} levels deep"), where=where, depth=MAX_DEPTH))


def check_depth(data: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """Refuse tables or lists nested deeper than ``limit`` (dotted keys nest too).

    Raises
    ------
    FleeoddsError
        ``"<where>: nested more than N levels deep"``.
    """
    stack = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            raise FleeoddsError(Message(N_("{where}: nested more than {depth} levels deep"), where=where, depth=limit))
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def read_toml(path: Any, field: str) -> dict:
    """Read and parse a TOML file with :func:`read_text` and :func:`parse_toml`.

    Raises
    ------
    FleeoddsError
        For an unreadable file or invalid TOML, naming the file.
    """
    return parse_toml(read_text(path, field), str(path))
