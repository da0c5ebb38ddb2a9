"""Unit profiles: the shipped ``data/profiles.toml``, a scenario's ``profiles_file``, and a unit
table merged with its named profile (:func:`resolve_unit`)."""

from __future__ import annotations

import os
from pathlib import Path

from ....errors import InputError, short_repr
from ....files import read_toml
from ....language import Message, N_
from ....validation import validate
from .base import UnitProfile
from .flee import UnitRef

DATA = Path(__file__).resolve().parents[1] / "data"


#: Profile fields whose values are names or texts (checked as strings when read).
_TEXT_FIELDS = ("name", "troop_type", "source")
_CACHE: dict[tuple, dict[str, dict]] = {}


def _read_profiles(path: str) -> dict[str, dict]:
    """The ``[[profile]]`` tables of a TOML file: ``{casefolded name: raw dict}``.

    The file is read with :func:`fleeodds.files.read_toml` (folders, devices,
    pipes, non-UTF-8 text and oversized files are refused) and its shape is
    checked here, so that a wrong shape is a one-line error, never a TypeError.

    Raises
    ------
    InputError
        ``profiles_file`` for an unreadable file; ``profiles_file.profile`` for a
        ``profile`` key that is not a list of tables; ``profiles_file.profile.<i>``
        (``.name``, ``.rules``) for an entry that is not a table, a missing or
        non-text name, a duplicate name, or ``rules`` that are not a list of texts.
    """
    try:
        st = os.stat(path)
        key = (path, st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    data = read_toml(path, "profiles_file")
    where = "profiles_file.profile"
    entries = data.get("profile", [])
    if not isinstance(entries, list):
        raise InputError(where, short_repr(entries), Message(N_("a list of [[profile]] tables in {path}"), path=path))
    out: dict[str, dict] = {}
    for i, p in enumerate(entries):
        if not isinstance(p, dict):
            raise InputError(f"{where}.{i}", short_repr(p), Message(N_("a [[profile]] table with a name (in "
                                                                       "{path})"), path=path))
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{where}.{i}.name", short_repr(name), Message(N_("the unit's name as text (in "
                                                                               "{path})"), path=path))
        for f in _TEXT_FIELDS[1:]:
            if f in p and not isinstance(p[f], str):
                raise InputError(f"{where}.{i}.{f}", short_repr(p[f]), Message(N_("text (in {path})"), path=path))
        rules = p.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise InputError(f"{where}.{i}.rules", short_repr(rules),
                             Message(N_("a list of special rule names such as [\"swiftstride\"] (in {path})"),
                                     path=path))
        if name.casefold() in out:
            raise InputError(f"{where}.{i}.name", name, Message(N_("a name not already used by another profile "
                                                                   "(in {path})"), path=path))
        out[name.casefold()] = p
    if key is not None:
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = out
    return out


def shipped_profiles() -> dict[str, dict]:
    """Profiles shipped in ``data/profiles.toml``: ``{casefolded name: raw dict}``."""
    return _read_profiles(str(DATA / "profiles.toml"))


def find_profile(name: str, role: str, profiles_file: Path | None) -> tuple[dict, bool]:
    """The profile called ``name`` (case-insensitive) and whether it came from ``profiles_file``.

    ``profiles_file`` is searched first, then the shipped profiles.

    Raises
    ------
    InputError
        ``<role>.profile`` for an unknown name (the message lists the known names).
    """
    pools = [(_read_profiles(str(profiles_file)), True)] if profiles_file else []
    pools.append((shipped_profiles(), False))
    for pool, from_file in pools:
        if name.casefold() in pool:
            return dict(pool[name.casefold()]), from_file
    names = sorted({p["name"] for pool, _ in pools for p in pool.values()})
    raise InputError(f"{role}.profile", name, Message(N_("one of {choices}"), choices=", ".join(names)))


def resolve_unit(ref: UnitRef, role: str, profiles_file: Path | None) -> UnitProfile:
    """Merge a :class:`UnitRef` with its named profile and validate the result.

    Raises
    ------
    InputError
        Unknown profile name, or a missing movement/leadership for an inline unit.
    """
    # ``rules`` or ``troop_type`` written as the profile has them are its defaults: accepted without a note
    # (..checks.flee.restates_profile); the checks note the written fields that change nothing
    base: dict = find_profile(ref.profile, role, profiles_file)[0] if ref.profile is not None else {}
    for f in ("name", "movement", "leadership", "troop_type", "rules"):
        v = getattr(ref, f)
        if v is not None:
            base[f] = v
    own = tuple(base.get("rules", ()))
    base["rules"] = own + tuple(dict.fromkeys(r for r in ref.extra_rules if r not in own))
    base.setdefault("name", role)
    for f in ("movement", "leadership"):
        if f not in base:
            raise InputError(f"{role}.{f}", None, Message(N_("an integer (give a profile or the field itself)")))
    return validate(UnitProfile, base, prefix=f"{role}.")
