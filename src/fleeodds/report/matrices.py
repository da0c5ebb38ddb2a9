"""An army matrix (:class:`fleeodds.results.Matrix`) for a reader: its text tables and what its heatmap shows.

Words and formatted numbers only: the matrix itself is data (:mod:`fleeodds.results`); the heatmap is
drawn by :func:`fleeodds.report.charts.chart_matrix`.
"""

from __future__ import annotations

from tabulate import tabulate

from ..errors import InputError
from .format import integer, pct
from ..language import Message, N_, available_langs, use_lang
from ..language import check_lang
from ..results import Matrix, MatrixGrid


def matrix_grid(matrix: Matrix, lang: str | None = None, column: str | None = None,
                top: int | None = None) -> MatrixGrid:
    """What :func:`fleeodds.report.charts.chart_matrix` draws: the matrix of ``column`` (default: the
    total), of the first ``top`` units of each army when given, in ``lang`` (default: the matrix's)."""
    lang = lang or matrix.lang
    check_lang(lang)
    i = 0 if lang == "en" else 1
    m = matrix if top is None else matrix.top(top)
    g = m.wide(column)
    what = m.value_label(column).render(lang)
    r0, r1 = m.roles
    subtitle = (f"Each unit of {m.armies[0]} as the {m.role_label(r0).render('en')} against each unit of "
                f"{m.armies[1]} as the {m.role_label(r1).render('en')}: {what}",
                f"Chaque unité de {m.armies[0]} ({m.role_label(r0).render('fr')}) contre chaque unité de "
                f"{m.armies[1]} ({m.role_label(r1).render('fr')}) : {what}")[i]
    method = m.manifest.get("methods_used") or []
    foot = []
    if "exact" in method:
        foot.append(("exact values", "valeurs exactes")[i] + ("" if method == ["exact"] else
                    (" where the scenario allows", " là où le scénario le permet")[i]))
    if "mc" in method:
        foot.append((f"Monte Carlo: {integer(m.manifest.get('trials') or 0, 'en')} trials per cell, "
                     f"seed {m.manifest.get('seed')} (a cell's own seed derives from it and the two units)",
                     f"Monte-Carlo : {integer(m.manifest.get('trials') or 0, 'fr')} tirages par case, "
                     f"graine {m.manifest.get('seed')} (la graine d'une case en dérive avec les deux unités)")[i])
    if m.failures:
        foot.append((f"{len(m.failures)} cell(s) could not be computed (blank)",
                     f"{len(m.failures)} case(s) non calculée(s) (vides)")[i])
    return MatrixGrid(title=m.title, subtitle=subtitle, rows=[str(x) for x in g.index],
                      cols=[str(x) for x in g.columns], values=g.to_numpy(float).tolist(),
                      row_title=f"{m.role_label(r0).render(lang)} ({m.armies[0]})",
                      col_title=f"{m.role_label(r1).render(lang)} ({m.armies[1]})",
                      colour_title=w_probability(what, lang), footnote=foot)


def matrix_text(matrix: Matrix, layout: str = "wide", lang: str | None = None, fmt: str = "md",
                digits: int = 1, column: str | None = None) -> str:
    """The matrix (``"wide"``) or the cells (``"cells"``) as Markdown (``fmt="md"``) or an
    aligned table (``"table"``), percentages in ``lang``'s format.

    Raises
    ------
    InputError
        Unknown layout, format or column.
    """
    lang = lang or matrix.lang
    if fmt not in ("md", "table"):
        raise InputError("format", fmt, Message(N_("one of 'md', 'table'")))
    if layout == "wide":
        g = matrix.wide(column)
        shown = g.apply(lambda col: col.map(lambda p: pct(p, lang, digits)))
        shown.index = [str(x) for x in g.index]
        head = [f"{matrix.role_label(matrix.roles[0]).render(lang)} \\ {matrix.role_label(matrix.roles[1]).render(lang)}",
                *map(str, g.columns)]
        rows = [[idx, *r] for idx, r in zip(shown.index, shown.to_numpy().tolist())]
    elif layout == "cells":
        with use_lang(lang):
            frame = matrix.labelled()
        probs = {matrix.value_label(c).render(lg) for c in [matrix.total[0], *(c for c, _ in matrix.outcomes)]
                 for lg in available_langs()}
        for c in frame.columns:
            if frame[c].dtype.kind == "f" and (c in probs or "95" in str(c)):
                frame[c] = frame[c].map(lambda p: pct(p, lang, digits))
        head, rows = list(frame.columns), frame.astype(object).where(frame.notna(), "").to_numpy().tolist()
    else:
        raise InputError("layout", layout, Message(N_("one of 'wide', 'cells' (or 'long' as CSV or JSON)")))
    return tabulate(rows, headers=head, tablefmt="github" if fmt == "md" else "simple", disable_numparse=True)


def w_probability(what: str, lang: str) -> str:
    """"P(caught (any))" in either language (the colour bar's title)."""
    return f"P({what})"
