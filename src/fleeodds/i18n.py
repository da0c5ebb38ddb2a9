"""Numbers and words in the reader's language (the context's, :func:`fleeodds.language.get_lang`), for every
layer that writes for a reader.

Below the rules systems and :mod:`fleeodds.report`: a system's own summary lines and sentences use
the same percentages, colons and outcome wording as the tables and charts.

Numbers are locale-aware: French uses a decimal comma, a narrow space between digit groups and a
space before %. They are written as Babel writes them with the CLDR data of ``en_GB`` and
``fr_FR`` (the patterns ``#,##0.00%`` / ``#,##0.00 %`` and ``#,##0.###``, half-even rounding of
the decimal value), here with those two locales' symbols written out: loading Babel's locale data
takes a tenth of a second that a command need not pay. ``tests/test_imports.py`` checks the text
against Babel's own over thousands of values.
"""

from __future__ import annotations

import decimal
import math
import re

from .language import Message, N_, get_lang, use_lang

LOCALES = {"en": "en_GB", "fr": "fr_FR"}
#: Longer fractions (a 10-turn chain has 30-digit denominators) are left to the JSON output.
MAX_FRACTION_CHARS = 24
#: CLDR number symbols of :data:`LOCALES`: (decimal, group, suffix of the percent pattern).
_SYMBOLS = {"en": (".", ",", "%"), "fr": (",", "\u202f", "\u00a0%")}


def _symbols() -> tuple[str, str, str]:
    """The number symbols of the reader's language (English's for a language without its own here)."""
    return _SYMBOLS.get(get_lang(), _SYMBOLS["en"])


def _locale() -> str:
    """The Babel locale of the reader's language."""
    return LOCALES.get(get_lang(), LOCALES["en"])


def _apply(value, scale: int, frac_min: int, frac_max: int, suffix: str = "") -> str:
    """``babel.numbers.NumberPattern.apply`` for a ``#,##0`` pattern with ``frac_min`` to
    ``frac_max`` decimals, ``scale`` (2 for a percentage) and ``suffix``, in the reader's language."""
    dec_sym, group_sym, _ = _symbols()
    d = value if isinstance(value, decimal.Decimal) else decimal.Decimal(str(value))
    d = d.scaleb(scale)
    negative = d.is_signed()
    d = abs(d).normalize()
    rounded = d.quantize(decimal.Decimal(10) ** (-frac_max))
    a, _, b = f"{rounded:f}".partition(".")
    groups = ""
    while len(a) > 3:  # groups of three (CLDR grouping 3, 3 for both locales)
        groups = group_sym + a[-3:] + groups
        a = a[:-3]
    frac = b or "0"
    if len(frac) < frac_min:
        frac += "0" * (frac_min - len(frac))
    if frac_max == 0 or (frac_min == 0 and int(frac) == 0):
        frac_text = ""
    else:
        while len(frac) > frac_min and frac[-1] == "0":
            frac = frac[:-1]
        frac_text = dec_sym + frac
    return ("-" if negative else "") + a + groups + frac_text + suffix


def _finite(x) -> bool:
    try:
        return math.isfinite(x)
    except TypeError:
        return False


def pct(p: float, digits: int = 1) -> str:
    """A probability as a percentage in the reader's language: ``"12.3%"``, in French ``"12,3 %"`` (narrow
    space)."""
    if p != p:  # NaN
        return ""
    if not _finite(p):
        from babel.numbers import format_percent

        return format_percent(p, _babel_percent_pattern(digits), locale=_locale())
    return _apply(p, 2, digits, digits, _symbols()[2])


def _babel_percent_pattern(digits: int) -> str:
    from babel import Locale

    base = Locale.parse(_locale()).percent_formats[None].pattern  # e.g. '#,##0%' or '#,##0\u00a0%'
    return base.replace("0", "0." + "0" * digits, 1) if digits else base


def fixed(x: float, digits: int = 1) -> str:
    """``x`` with exactly ``digits`` decimals (Babel's ``#,##0.0…`` pattern) in the reader's language."""
    if not _finite(x):
        from babel.numbers import format_decimal

        return format_decimal(x, format="#,##0." + "0" * digits, locale=_locale())
    return _apply(x, 0, digits, digits)


def number(x: float, digits: int = 2) -> str:
    """A decimal number in the reader's language with up to ``digits`` decimals."""
    x = round(x, digits)
    if not _finite(x):
        from babel.numbers import format_decimal

        return format_decimal(x, locale=_locale())
    return _apply(x, 0, 0, 3)  # the locale's decimal pattern #,##0.###


def integer(n: int) -> str:
    """An integer with the reader's locale's grouping (``1,000,000`` / ``1 000 000``)."""
    return _apply(int(n), 0, 0, 3)


# ----------------------------------------------------------------------------- words
def colon() -> str:
    """``": "`` in English, ``" : "`` (narrow no-break space) in French: the reader's language."""
    return Message(N_(": ")).render()


_PAREN = re.compile(r"\s*\([^()]*\)\s*$")


def short_label(label: str) -> str:
    """An outcome label as it reads inside a sentence: without its trailing explanation in
    brackets, first letter in lower case unless it starts an acronym or a name in capitals.

    >>> short_label("held (passed the Break test)")
    'held'
    >>> short_label("Fled (Course)")
    'fled'
    """
    text = _PAREN.sub("", label).strip() or label
    one_letter = len(text) > 2 and text[1] == " " and text[2].islower()  # "A fui, puis…"
    if len(text) > 1 and text[0].isupper() and (text[1].islower() or one_letter):
        text = text[0].lower() + text[1:]
    return text


def rounded(p: float) -> str:
    """A probability rounded to a whole percent in the reader's language, never shown as 0 % or 100 % when it
    is neither."""
    if 0 < p < 0.005:
        return Message(N_("under {percent}"), percent=pct(0.01, 0)).render()
    if 0.995 <= p < 1:
        return Message(N_("over {percent}"), percent=pct(0.99, 0)).render()
    return pct(p, 0)


def pair_text(pair) -> str:
    """An ``(English, French)`` pair of the older label tables (names, outcome words) in the reader's language:
    the words a sentence quotes while those tables move into the catalogue (a :class:`Message` is rendered)."""
    if isinstance(pair, Message):
        return pair.render()
    if isinstance(pair, str):
        return pair
    return dict(zip(("en", "fr"), pair)).get(get_lang(), pair[0])


# the reader's language and the catalogues live in fleeodds.language (which imports nothing of the package)
from .language import (  # noqa: E402,F401  (re-exported)
    Message, N_, _, get_lang, lang_from_accept_language, lang_from_env, lang_or_current, ngettext, set_lang,
    use_lang,
)


class Grouped(Message):
    """A whole number inside a :class:`~fleeodds.language.Message`, written with the reader's digit grouping
    when the message is shown: ``2,550,086,000`` in English, ``2 550 086 000`` in French (:func:`integer`).
    A refusal that names a large count keeps its message and is rendered later, in the reader's language.

    >>> str(Grouped(40401)), Grouped(40401).render("en")
    ('40,401', '40,401')
    """

    def __new__(cls, n: int):
        return super().__new__(cls, "{n:,}", n=int(n))

    def render(self, lang: str | None = None) -> str:
        """``n`` grouped as ``lang`` writes it (default: the reader's language); the English text for a
        language without a number format (a pseudo-language)."""
        try:
            with use_lang(lang):
                return integer(self.params["n"])
        except Exception:  # noqa: BLE001
            return str(self)

    def __reduce__(self):
        return Grouped, (self.params["n"],)
