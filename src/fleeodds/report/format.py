"""Locale-aware number formatting (Babel): French uses a decimal comma and a space before %."""

from __future__ import annotations

from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal, format_percent

from ..outcomes import check_lang

LOCALES = {"en": "en_GB", "fr": "fr_FR"}


@lru_cache(maxsize=16)
def _percent_pattern(lang: str, digits: int) -> str:
    base = Locale.parse(LOCALES[lang]).percent_formats[None].pattern  # e.g. '#,##0%' or '#,##0\u00a0%'
    return base.replace("0", "0." + "0" * digits, 1) if digits else base


def pct(p: float, lang: str = "en", digits: int = 1) -> str:
    """Format a probability as a percentage: ``pct(0.1234, "fr") == "12,3 %"`` (narrow space)."""
    check_lang(lang)
    if p != p:  # NaN
        return ""
    return format_percent(p, _percent_pattern(lang, digits), locale=LOCALES[lang])


def number(x: float, lang: str = "en", digits: int = 2) -> str:
    """Format a decimal number for ``lang`` with up to ``digits`` decimals."""
    check_lang(lang)
    return format_decimal(round(x, digits), locale=LOCALES[lang])


def integer(n: int, lang: str = "en") -> str:
    """Format an integer with the locale's grouping (``1,000,000`` / ``1 000 000``)."""
    check_lang(lang)
    return format_decimal(int(n), locale=LOCALES[lang])
