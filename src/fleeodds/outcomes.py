"""Named outcomes and metrics, shared by the exact and Monte Carlo paths, each with one English label.

A label is marked for the message catalogue where it is written (``N_("caught")``, or a
:class:`~fleeodds.language.Message` when it takes parameters or a gettext context); its French (and
any other language) comes from the catalogue. :meth:`Outcome.label` gives a
:class:`~fleeodds.language.Message`: it is English text, and reads in the reader's language where it is
shown (``label().render()``, :func:`fleeodds.language.render`), so that a label kept in a table, a
cache or a manifest is rendered when it is read, in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from .language import NP_, Message, Written, _message, available_langs, pmessage


def as_message(text: str) -> Message:
    """``text`` as a :class:`~fleeodds.language.Message`: itself when it is one, else the message whose id is
    ``text`` (a label marked ``N_()`` where it is written); ``""`` stays empty (no catalogue lookup: the
    empty message id is the catalogue's header)."""
    if isinstance(text, Message):
        return text
    return Written("") if not text else _message(str(text), None, None, {})


def label_to_json(label: str) -> dict[str, str]:
    """A label as JSON: its text in every language with a catalogue (``{"en": "fleeing unit", "fr": "unité en
    fuite"}``), what :func:`label_from_json` reads back (a file written today reads the same tomorrow)."""
    m = as_message(label)
    return {lg: m.render(lg) for lg in available_langs()}


def label_from_json(value) -> Message:
    """A label :func:`label_to_json` wrote (``{lang: text}``); an older file's ``[English, French]`` pair, or
    a plain English text, reads too."""
    if isinstance(value, dict):
        return Written(str(value.get("en", "")), **{lg: str(t) for lg, t in value.items() if lg != "en"})
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return Written(str(value[0]), fr=str(value[1]))
    return Written(str(value))


@dataclass(frozen=True)
class Outcome:
    """A final outcome category, e.g. ``caught``, with its English label (marked ``N_()``, or a
    :class:`~fleeodds.language.Message`)."""

    code: str
    name: str

    def label(self) -> Message:
        """The label, a :class:`~fleeodds.language.Message` (English text; ``.render()`` in the reader's language)."""
        return as_message(self.name)


@dataclass(frozen=True)
class Metric:
    """A numeric result recorded with each outcome (turn of resolution, distance, damage).

    ``n_bins`` values from ``offset`` are recorded; kernels clip into that range.
    ``unit`` is the English unit (``"in"``, ``"toises"``, ``"hp"``, ``""``).
    """

    code: str
    name: str
    n_bins: int
    offset: int = 0
    unit: str = ""

    def label(self) -> Message:
        """The label, a :class:`~fleeodds.language.Message` (English text; ``.render()`` in the reader's language)."""
        return as_message(self.name)

    def unit_label(self) -> Message:
        """The unit as players write it (``hp``/``pv``, ``in``/``ps`` (pouces), ``toises``), a
        :class:`~fleeodds.language.Message` (see :func:`unit_message`)."""
        return unit_message(self.unit)


#: The metric units marked for the catalogue (context ``unit``: "in" is no word of a sentence here).
UNIT_LABELS = {
    "hp": NP_("unit", "hp"), "in": NP_("unit", "in"), "dice": NP_("unit", "dice"),
    "degrees": NP_("unit", "degrees"), "toises": NP_("unit", "toises"), "PV": NP_("unit", "PV"),
    "rounds": NP_("unit", "rounds"),
}


def unit_message(unit: str) -> Message:
    """A unit as a :class:`~fleeodds.language.Message` of the catalogue (context ``unit``): ``"hp"`` reads
    ``pv`` in French, ``"in"`` reads ``ps``; a unit the catalogue does not hold, and ``""``, read as written."""
    if unit in UNIT_LABELS:
        return _message(unit, None, None, {}, "unit")
    return Written(unit)


#: No metric recorded; its label is told apart from other "none"s by its context: "aucune" (une mesure).
NO_METRIC = Metric("none", pmessage("metric", "none"), 1)
