"""Locale-aware numbers and words for the report layer, which takes the reader's language as a parameter.

The formatting itself lives in :mod:`fleeodds.i18n` and reads the reader's language from the context
(:func:`fleeodds.language.use_lang`); these wrappers take ``lang`` (``None``: the context's) as the
report's functions do, and format in it.
"""

from __future__ import annotations

from .. import i18n
from ..i18n import LOCALES, MAX_FRACTION_CHARS, short_label  # noqa: F401  (re-exported)
from ..language import use_lang


def pct(p: float, lang: str | None = None, digits: int = 1) -> str:
    """:func:`fleeodds.i18n.pct` in ``lang``: ``pct(0.1234, "fr") == "12,3 %"`` (narrow space)."""
    with use_lang(lang):
        return i18n.pct(p, digits)


def fixed(x: float, lang: str | None = None, digits: int = 1) -> str:
    """:func:`fleeodds.i18n.fixed` in ``lang``: exactly ``digits`` decimals."""
    with use_lang(lang):
        return i18n.fixed(x, digits)


def number(x: float, lang: str | None = None, digits: int = 2) -> str:
    """:func:`fleeodds.i18n.number` in ``lang``: up to ``digits`` decimals."""
    with use_lang(lang):
        return i18n.number(x, digits)


def integer(n: int, lang: str | None = None) -> str:
    """:func:`fleeodds.i18n.integer` in ``lang``: the locale's grouping."""
    with use_lang(lang):
        return i18n.integer(n)


def colon(lang: str | None = None) -> str:
    """:func:`fleeodds.i18n.colon` in ``lang``: ``": "``, in French ``" : "``."""
    with use_lang(lang):
        return i18n.colon()


def rounded(p: float, lang: str | None = None) -> str:
    """:func:`fleeodds.i18n.rounded` in ``lang``: a whole percent, never 0 % or 100 % when it is neither."""
    with use_lang(lang):
        return i18n.rounded(p)
