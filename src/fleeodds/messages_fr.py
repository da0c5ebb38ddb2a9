"""French wording of the rules systems' reasons still written as plain English (``--lang fr``).

Every message of the core is in the message catalogue (``locale/fr/LC_MESSAGES/fleeodds.po``): marked where
it is raised (``Message(N_("…"), **params)``) and rendered in the reader's language by
:meth:`fleeodds.errors.FleeoddsError.message`. What is left here is for the rules systems' reasons that are
still plain English text while they move to the catalogue: :func:`to_french` rewrites such a text with

1. the phrases each rules system declares in ``RulesSystem.messages_fr`` (its own reasons, with the game's
   French terms; the core names no game), pushed here by :mod:`fleeodds.system` when it loads or
   registers the system;
2. the few generic words those plain texts still use (:data:`_INTERIM_RULES`: the frames and what a field
   allows, "a number from 0 to 10", "one of …").

A phrase table maps an English phrase to its French wording; ``§`` stands for a formatted part and a
quoted value for itself (see :func:`compile_phrases`); longer phrases are tried first. Field paths,
values and the names written in a file stay as they are. This module goes once every system's reasons
are messages of the catalogue.
"""

from __future__ import annotations

import contextvars
import functools
import re
import threading
from typing import Any, Callable

#: The generic words of the systems' plain English reasons (pattern, French), applied in this order after
#: the systems' phrases: the frames an older error text is built in and what a field allows. Only for
#: texts not in the catalogue yet; gone with this module.
_INTERIM_RULES: list[tuple[str, Any]] = [
    (r"^([^\s:]+): missing; expected ", r"\1: manquant ; attendu : "),
    (r"unknown option (Q\d+Q); check the spelling; expected one of the documented fields: ",
     r"option inconnue \1 ; vérifiez l'orthographe ; champs documentés : "),
    (r" is not allowed; expected ", " n'est pas admis ; attendu : "),
    (r"unknown edition; expected one of\b", "édition inconnue ; attendu : l'une des valeurs"),
    (r"\(a string\)", "(un texte)"),
    (r"; expected ", " ; attendu : "),
    (r"no characteristic profile \(M, Ld, …\) on the entry or its mandatory models; the catalogue does not "
     r"give this unit's characteristics",
     "aucun profil de caractéristiques (M, Cd, …) sur l'entrée ni sur ses figurines obligatoires ; le catalogue "
     "ne donne pas les caractéristiques de cette unité"),
    (r" is not modelled yet", " n'est pas encore modélisé"),
    (r" has no effect ", " n'a aucun effet "),
    (r"; remove it\b", " ; retirez-le"),
    (r": missing; ", " : manquant ; "),
    (r"dice notation such as ", "une notation de dés comme "),
    (r"a roll that cannot be negative \(distances in inches\)", "un jet qui ne peut pas être négatif (distances en pouces)"),
    (r"a number from (\S+) to (\S+)", r"un nombre de \1 à \2"),
    (r"an integer from (\S+) to (\S+)", r"un entier de \1 à \2"),
    (r"a negative integer from (\S+) to (\S+)", r"un entier négatif de \1 à \2"),
    (r"an integer >= (\S+)", r"un entier >= \1"),
    (r"an index from (\d+) to (\d+)", r"un indice de \1 à \2"),
    (r"a whole number from (\d+) to (\d+)", r"un nombre entier de \1 à \2"),
    (r"a capacity with ", "une capacité avec "),
    (r"\ba whole number\b", "un nombre entier"),
    (r"\ba finite number\b", "un nombre fini"),
    (r"\ba number\b", "un nombre"),
    (r"\ba text of (\d+) to (\d+) characters\b", r"un texte de \1 à \2 caractères"),
    (r"\ba text\b", "un texte"),
    (r"\ba list\b", "une liste"),
    (r"\ba value of the documented type\b", "une valeur du type documenté"),
    (r"\ba table of field\.path = value\b", "une table champ.chemin = valeur"),
    (r"\ba table of fields\b", "une table de champs"),
    (r"\ba table\b", "une table"),
    (r"\btrue or false\b", "true ou false"),
    (r"\btrue or nothing\b", "true ou rien"),
    (r"(Q\d+Q) or (Q\d+Q)", r"\1 ou \2"),
    (r"\bone of the documented fields\b", "l'un des champs documentés"),
    (r"attendu : one of\b", "attendu : l'une des valeurs"),
    (r"\beach entry once\b", "chaque entrée une seule fois"),
    (r"\bfor edition\b", "pour l'édition"),
    (r"\bor the integer\b", "ou l'entier"),
    (r"\bwith N from (\d+) to (\d+)", r"avec N de \1 à \2"),
    (r"\bin this situation\b", "dans cette situation"),
    (r"\bin this scenario\b", "dans ce scénario"),
    (r"\bin this edition\b", "dans cette édition"),
    (r"^unless\b", "sauf si"),
    (r"\bn'a aucun effet unless\b", "n'a aucun effet sauf si"),
    (r"\bn'a aucun effet when\b", "n'a aucun effet quand"),
    (r"\bn'a aucun effet with\b", "n'a aucun effet avec"),
    (r"\bn'a aucun effet in (?=Q\d+Q|5e|3\.5|pf1|6th|7th|8th|tow|starter|TOW)", "n'a aucun effet en "),
    (r"\be\.g\.", "par ex."),
    (r"\bexpected\b", "attendu"),
    (r"(l'une des valeurs [^;]*?) or ", r"\1 ou "),
    (r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w]|[.,]\d)", lambda m: m.group(0).replace(",", "\u202f")),
]
#: What is never translated: quoted text (the user's values and names) and `commands`.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)|\"[^\"]*\"|`[^`]*`")  # not an apostrophe (the unit's)
_TOKEN = re.compile(r"Q(\d+)Q")


#: Placeholder of a formatted part (a value, a name, a number) in a phrase table.
PLACEHOLDER = "§"
#: The quoted parts of the message being rewritten (a phrase's quoted value matches only itself).
_KEPT: contextvars.ContextVar[list[str]] = contextvars.ContextVar("fleeodds_kept", default=[])
_SLOT = re.compile(PLACEHOLDER + "|" + _QUOTED.pattern)


def compile_phrases(table: dict[str, str]) -> list[tuple[re.Pattern, Any]]:
    """Regex rules from a phrase table ``{English phrase: French phrase}``, longest phrase first.

    In a phrase, ``§`` stands for a formatted part (a value, a name, a number) and a quoted
    value (``'none'``) for itself; the French phrase holds the same slots in the same order,
    which take what the message had there.

    >>> rules = compile_phrases({"at most § cells": "au plus § cases"})
    >>> rules[0][0].sub(rules[0][1], "at most 2,000 cells")
    'au plus 2,000 cases'
    """
    out = []
    for en, fr in sorted(table.items(), key=lambda kv: -len(kv[0])):
        pieces, literals, pos = [], [], 0
        for m in _SLOT.finditer(en):
            pieces.append(re.escape(en[pos:m.start()]))
            pieces.append(r"(.+?)" if m.group(0) == PLACEHOLDER else r"(Q\d+Q)")
            literals.append(None if PLACEHOLDER in m.group(0) else m.group(0))  # '§': any quoted value
            pos = m.end()
        pieces.append(re.escape(en[pos:]))
        if pieces[-1] == "" and pieces[-2] == r"(.+?)":
            pieces[-2] = r"([^\s;,)]+)"  # a formatted part that ends the phrase: one word
        head = r"(?<!\w)" if en[:1].isalnum() else ""
        parts, pos = [], 0
        for m in _SLOT.finditer(fr):
            parts.append(fr[pos:m.start()])
            parts.append(None)
            pos = m.end()
        parts.append(fr[pos:])

        def repl(m: re.Match, parts=parts, literals=literals) -> str:
            kept = _KEPT.get()
            for lit, got in zip(literals, m.groups()):  # a quoted value of the phrase matches only itself
                if lit is not None and kept[int(got[1:-1])] != lit:
                    return m.group(0)
            slots = iter(m.groups())
            return "".join(next(slots, "") if p is None else p for p in parts)

        out.append((re.compile(head + "".join(pieces)), repl))
    return out


#: The phrase table each rules system declares (``RulesSystem.messages_fr``), by system key, in the
#: order the systems were loaded. :mod:`fleeodds.system` pushes a table when it loads or registers a
#: system (:func:`add_system_phrases`): this module never imports the registry.
_SYSTEM_PHRASES: dict[str, dict[str, str]] = {}
#: The compiled rules of :data:`_SYSTEM_PHRASES` (None: to compile again).
_SYSTEM_RULES: list[tuple[re.Pattern, Any]] | None = None
#: Called once, before the first French rendering, to load every known system (and so push its phrases):
#: an error of a system loaded lazily may be rendered before that system was asked for. Set by
#: :mod:`fleeodds.system` (:func:`set_system_loader`).
_LOAD_SYSTEMS: Callable[[], None] | None = None
#: The web page renders errors in several threads: one loads the systems while the others wait
#: (re-entrant: a French rendering during the loading goes on without it), and the table is never
#: read while a system pushes its phrases. Two locks: a system imported in another thread can push
#: its phrases while the loading thread waits for that import.
_LOAD_LOCK = threading.RLock()
_TABLE_LOCK = threading.Lock()
_LOADING = False


def add_system_phrases(key: str, phrases: dict[str, str]) -> None:
    """Use the phrase table of rules system ``key`` (replacing an earlier one of that key)."""
    global _SYSTEM_RULES
    with _TABLE_LOCK:
        _SYSTEM_PHRASES.pop(key, None)
        _SYSTEM_PHRASES[key] = dict(phrases)
        _SYSTEM_RULES = None


def drop_system_phrases(key: str) -> None:
    """Stop using the phrase table of rules system ``key`` (an unregistered system)."""
    global _SYSTEM_RULES
    with _TABLE_LOCK:
        if _SYSTEM_PHRASES.pop(key, None) is not None:
            _SYSTEM_RULES = None


def set_system_loader(load: Callable[[], None]) -> None:
    """Install the function that loads every known system before the first French rendering."""
    global _LOAD_SYSTEMS
    with _LOAD_LOCK:
        _LOAD_SYSTEMS = load


def system_rules() -> list[tuple[re.Pattern, Any]]:
    """The phrase rules every known rules system declares (``RulesSystem.messages_fr``)."""
    global _LOAD_SYSTEMS, _LOADING, _SYSTEM_RULES
    if _LOAD_SYSTEMS is not None:
        with _LOAD_LOCK:
            if _LOAD_SYSTEMS is not None and not _LOADING:
                _LOADING = True
                try:
                    _LOAD_SYSTEMS()  # pushes each system's table through add_system_phrases
                finally:
                    _LOADING, _LOAD_SYSTEMS = False, None
    with _TABLE_LOCK:
        if _SYSTEM_RULES is None:
            table: dict[str, str] = {}
            for phrases in _SYSTEM_PHRASES.values():
                table.update(phrases)
            _SYSTEM_RULES = compile_phrases(table)
        return _SYSTEM_RULES


def to_french(message: str) -> str:
    """The French wording of a rules system's English reason (not in the catalogue yet); quoted values and
    names are kept as written. The core's messages are in the catalogue: this reads only the systems'
    phrase tables, then the few generic words their plain texts still use (:data:`_INTERIM_RULES`).

    A phrase without a French wording stays in English; the completeness test
    (``tests/front/test_french_error_reasons.py``) fails on it.
    """
    return _rewrite(message, [*system_rules(), *_interim_rules()])


@functools.cache
def _interim_rules() -> list[tuple[re.Pattern, Any]]:
    """:data:`_INTERIM_RULES`, compiled on the first French rendering of a plain English reason."""
    return [(re.compile(p), r) for p, r in _INTERIM_RULES]


def _rewrite(message: str, rules: list[tuple[re.Pattern, Any]]) -> str:
    """``message`` with ``rules`` applied in order, its quoted parts (values, names, commands) kept."""
    kept: list[str] = []
    token = _KEPT.set(kept)

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"Q{len(kept) - 1}Q"

    try:
        out = _QUOTED.sub(keep, message)
        for pattern, repl in rules:
            out = pattern.sub(repl, out)
        return _TOKEN.sub(lambda m: kept[int(m.group(1))], out)
    finally:
        _KEPT.reset(token)
