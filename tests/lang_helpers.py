"""What a test reads in one language: the language is the context's (:func:`fleeodds.language.use_lang`),
chosen here as an edge of the package would choose it."""

from __future__ import annotations

from fleeodds.language import use_lang


def _in(lang, f, *args, **kw):
    """``f(*args, **kw)`` in the reader's language ``lang``."""
    with use_lang(lang):
        return f(*args, **kw)


def said_in(lang, said, *args):
    """An error's or a note's ``message(*args)`` in ``lang``."""
    with use_lang(lang):
        return said.message(*args)


def in_french(said) -> str:
    """An error's or a note's message as a French reader sees it."""
    return said_in("fr", said)


def schema_in(lang, system):
    """A system's JSON Schema in ``lang``."""
    with use_lang(lang):
        return system.schema()


def notes_in(sc, lang):
    """The scenario's notes in ``lang``."""
    with use_lang(lang):
        return sc.notes()


def _relabelled(table, lang):
    """``table`` with its labels in ``lang``."""
    with use_lang(lang):
        return table.relabel()
