"""The words of a CSV written for a reader in another language than English: column titles, method
names and yes/no from the message catalogue, and each outcome named by its label instead of its code.

An English CSV stays as programs read it (codes, English column names: ``method,outcome,label,…``);
a French one is for a spreadsheet (``;``, decimal comma, BOM: :func:`fleeodds.results.csv_text`) and
now carries no English code either (``exact``, ``monte_carlo``, ``True``). Nothing here names a game;
the values of a game's fields (troop types, rules) are named by its ``value_labels``.
"""

from __future__ import annotations

from typing import Any

from ..language import NP_, translation

#: Titles of the columns of the outcome table, a comparison and a sweep (:data:`fleeodds.results.COLUMNS`,
#: ``FRAME_COLUMNS``, ``SWEEP_COLUMNS``); ``outcome`` (the code) is left out of a translated CSV: ``label``
#: names the outcome in the reader's language. A column not listed (a sweep's field) keeps its name.
TITLES = {
    "method": NP_("csv column", "method"),
    "label": NP_("csv column", "outcome"),
    "probability": NP_("csv column", "probability"),
    "ci_low": NP_("csv column", "95% low"),
    "ci_high": NP_("csv column", "95% high"),
    "count": NP_("csv column", "count"),
    "trials": NP_("csv column", "trials"),
    "exact": NP_("csv column", "exact value"),
    "z": NP_("csv column", "z"),
    # a comparison's columns (fleeodds.results.FRAME_COLUMNS)
    "setup": NP_("csv column", "setup"),
    "difference": NP_("csv column", "difference"),
    "diff_low": NP_("csv column", "difference: 95% low"),
    "diff_high": NP_("csv column", "difference: 95% high"),
    "diff_exact": NP_("csv column", "exact difference"),
    "mc_difference": NP_("csv column", "Monte Carlo difference"),
    "mc_diff_low": NP_("csv column", "Monte Carlo difference: 95% low"),
    "mc_diff_high": NP_("csv column", "Monte Carlo difference: 95% high"),
    "paired": NP_("csv column", "paired"),
    # a sweep's (fleeodds.results.SWEEP_COLUMNS): the Monte Carlo probability beside the exact one
    "monte_carlo": NP_("csv column", "Monte Carlo probability"),
}

#: The evaluation methods as the rows name them (``exact``, ``monte_carlo``; a matrix cell says ``mc``).
METHODS = {
    "exact": NP_("csv method", "exact"),
    "monte_carlo": NP_("csv method", "Monte Carlo"),
    "mc": NP_("csv method", "Monte Carlo"),
}

#: A yes/no column (``exact``: the row is an exact value).
BOOLEANS = {True: NP_("csv value", "yes"), False: NP_("csv value", "no")}


def method_name(code: Any, lang: str) -> Any:
    """The name of an evaluation method in ``lang`` (``"exact"`` -> ``"exacte"``), else ``code``."""
    if code in METHODS:
        return translation(lang).pgettext("csv method", METHODS[code])
    return code


def column_titles(columns: list[str], lang: str) -> dict[str, str]:
    """Column key -> its title in ``lang`` for the columns a translated CSV keeps (all but ``outcome``)."""
    catalogue = translation(lang)
    return {c: catalogue.pgettext("csv column", TITLES[c]) if c in TITLES else c for c in columns if c != "outcome"}


def reader_rows(columns: list[str], rows: list[dict[str, Any]],
                lang: str) -> tuple[list[str], list[dict[str, Any]]]:
    """A table's rows as a reader of ``lang`` reads them in a spreadsheet.

    Parameters
    ----------
    columns : list of str
        The table's column keys (:data:`fleeodds.results.COLUMNS`, ``FRAME_COLUMNS``, a sweep's).
    rows : list of dict
        One dict per row, keyed by ``columns``.
    lang : str
        The reader's language (one with a catalogue; ``"en"`` gives the English titles).

    Returns
    -------
    (list of str, list of dict)
        The column titles in ``lang`` (the outcome code left out: its label names it) and the rows keyed
        by them, the method named and the yes/no columns written in ``lang``.
    """
    catalogue = translation(lang)
    titles = column_titles(columns, lang)
    keep = list(titles)
    out = []
    for r in rows:
        row = {}
        for c in keep:
            v = r.get(c)
            if c == "method":
                v = method_name(v, lang)
            elif isinstance(v, bool) or type(v).__name__ == "bool_":
                v = catalogue.pgettext("csv value", BOOLEANS[bool(v)])
            row[titles[c]] = v
        out.append(row)
    return [titles[c] for c in keep], out
