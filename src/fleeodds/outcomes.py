"""Named outcomes and metrics, shared by the exact and Monte Carlo paths, with English and French labels."""

from __future__ import annotations

from dataclasses import dataclass

LANGS = ("en", "fr")


@dataclass(frozen=True)
class Outcome:
    """A final outcome category, e.g. ``caught``, with its labels."""

    code: str
    en: str
    fr: str

    def label(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Metric:
    """A numeric result recorded with each outcome (turn of resolution, distance, damage).

    ``n_bins`` values from ``offset`` are recorded; kernels clip into that range.
    ``unit`` is the English unit (``"in"``, ``"toises"``, ``"hp"``, ``""``).
    """

    code: str
    en: str
    fr: str
    n_bins: int
    offset: int = 0
    unit: str = ""

    def label(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en

    def unit_label(self, lang: str = "en") -> str:
        """The unit as players write it: ``hp``/``pv``, ``in``/``ps`` (pouces), ``toises``."""
        return UNITS_FR.get(self.unit, self.unit) if lang == "fr" else self.unit


#: French abbreviations of the metric units.
UNITS_FR = {"hp": "pv", "in": "ps", "dice": "dés", "degrees": "degrés"}

NO_METRIC = Metric("none", "none", "aucune", 1)


def check_lang(lang: str) -> str:
    from .errors import InputError
    from .language import Message, N_

    if lang not in LANGS:
        raise InputError("lang", lang, Message(N_("one of 'en', 'fr'")))
    return lang
