"""Text and Markdown tables of OutcomeTables (via tabulate), with locale-aware percentages."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabulate import tabulate

from .format import MAX_FRACTION_CHARS, fixed, integer, number, pct
from ..results import OutcomeTable, _missing, off_scale
from .captions import field_name, sweep_footnote, sweep_subtitle, sweep_title, value_name  # noqa: F401
from .text import w
from ..language import SOURCE_LANG, Message, N_, pmessage, translation

if TYPE_CHECKING:
    import pandas as pd

TABLEFMT = {"table": "simple", "md": "github"}


def _fraction_cell(text: str) -> str:
    return text if len(text) <= MAX_FRACTION_CHARS else "…"


def _z_cell(z: float, lang: str) -> str:
    if math.isnan(z):
        return ""
    return number(0.0 if abs(z) < 0.005 else z, lang, 2)  # no "-0"


def outcome_rows(table: OutcomeTable, digits: int = 2) -> tuple[list[str], list[list[str]]]:
    """Formatted per-outcome rows: label, exact %, fraction, Monte Carlo %, 95 % interval, trials, z.

    Returns
    -------
    (headers, rows) : tuple of list
        The column titles (in ``table.lang``) and one list of strings per outcome.
    """
    lang = table.lang
    wide = table.wide_rows()
    cols: dict[str, list[str]] = {w("outcome", lang): [r["label"] for r in wide]}
    if wide and "exact" in wide[0]:
        cols[w("exact", lang)] = [pct(r["exact"], lang, digits) for r in wide]
        if "fraction" in wide[0]:
            cols[w("fraction", lang)] = [_fraction_cell("0" if r["fraction"] != r["fraction"] else r["fraction"])
                                         for r in wide]
    if wide and "monte_carlo" in wide[0]:
        cols[w("monte_carlo", lang)] = [pct(r["monte_carlo"], lang, digits) for r in wide]
        cols[w("ci", lang)] = [f"{pct(r['ci_low'], lang, digits)} – {pct(r['ci_high'], lang, digits)}" for r in wide]
        cols[w("count", lang)] = [integer(r["count"], lang) for r in wide]
        if "z" in wide[0]:
            cols["z"] = [_z_cell(r["z"], lang) for r in wide]
    return list(cols), [list(r) for r in zip(*cols.values())]


def outcome_frame(table: OutcomeTable, digits: int = 2) -> "pd.DataFrame":
    """:func:`outcome_rows` as a :class:`pandas.DataFrame` (one column per title)."""
    import pandas as pd

    headers, rows = outcome_rows(table, digits)
    return pd.DataFrame(rows, columns=headers)


def notes(table: OutcomeTable) -> list[str]:
    """Lines saying how the numbers were obtained."""
    lang = table.lang
    m = table.manifest
    lines = []
    if "exact" in table.methods:
        mode = m.get("exact_mode")
        lines.append(w("exact_only", lang) + (f" ({w('mode_' + mode, lang)})" if mode in ("fraction", "float") else
                                              f" ({mode})" if mode else ""))
    if "monte_carlo" in table.methods:
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
    return lines


def render(table: OutcomeTable, fmt: str = "table", digits: int = 2, distribution: bool = False,
           summary: bool = False) -> str:
    """The table as plain text (``"table"``) or GitHub Markdown (``"md"``), with title and notes;
    ``summary`` puts the one-sentence answer and the scenario's notes first."""
    tf = TABLEFMT[fmt]
    headers, rows = outcome_rows(table, digits)
    title = table.manifest.get("title", "")
    body = tabulate(rows, headers=headers, tablefmt=tf, disable_numparse=True)
    lines = notes(table)
    fraction_col = w("fraction", table.lang)
    if fraction_col in headers and any(r[headers.index(fraction_col)] == "…" for r in rows):
        lines.append("… " + Message(N_("full fraction in --format json")).render(table.lang))
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in lines)
    out = f"## {title}\n\n{body}\n\n{foot}\n" if fmt == "md" else f"{title}\n{body}\n{foot}\n"
    if distribution and table.distribution_rows:
        out += "\n" + render_metric(table, fmt, digits)
    if distribution and table.cumulative_rows():
        out += "\n" + render_cumulative(table.cumulative_rows(), table.lang, fmt, digits)
    elif distribution and table.outcome_order:
        unranked = ", ".join(pmessage("quoted outcome", "'{outcome}'", outcome=x).render(table.lang)
                             for x in off_scale(table.best_rows(), table.outcome_order))
        out += "\n" + w("cumulative_off_scale", table.lang, outcomes=unranked) + "\n"
    if distribution and table.manifest.get("rule_sources"):
        out += "\n" + render_rule_sources(table.manifest["rule_sources"], table.lang, fmt)
    if summary:
        from .summary import summary_block

        out = summary_block(table, fmt) + out
    return out


def render_rule_sources(sources: list[dict], lang: str, fmt: str = "table") -> str:
    """The manifest's ``rule_sources`` as a titled list, grouped by edition: ``- rule: source`` per line.

    The editions and sources are the rules systems' English words: their set phrases ("7th edition",
    "last updated", "rulebook p.") read in ``lang`` through the catalogue."""
    lines = [("### " if fmt == "md" else "") + w("rule_sources_title", lang)]
    editions = list(dict.fromkeys(s["edition"] for s in sources))
    for ed in editions:
        name = _source_words(ed, lang, _EDITION_PHRASES)
        lines.append(("\n**" + name + "**\n") if fmt == "md" else name)
        # the rules' names are the systems' English words: named for an English reader only (in another
        # language the source, which names the page, says it)
        lines += [f"- {s['rule']}: {s['source']}" if lang == SOURCE_LANG else f"- {_source_words(s['source'], lang)}"
                  for s in sources if s["edition"] == ed]
    return "\n".join(lines) + "\n"


#: The set phrases of the rules systems' edition names and sources, longest first (each read through the
#: catalogue in the reader's language: "(last updated 2024-01-31; rulebook p. 148)" reads "(mise à jour du
#: 2024-01-31 ; livre de règles p. 148)" in French).
_SOURCE_PHRASES = (
    N_("Official Warhammer: The Old World FAQ & Errata, version "),
    N_("(June 2025)"),
    N_("(last updated "),
    N_("; rulebook p. "),
    N_("rulebook p. "),
    N_("last updated "),
)
#: The set phrases of an edition's name (besides its ordinal).
_EDITION_PHRASES = (N_("Warhammer: "),)


def _source_words(text: str, lang: str, phrases: tuple[str, ...] = _SOURCE_PHRASES) -> str:
    """An edition's name or a source in ``lang``: its ordinal edition ("7th edition") and set phrases."""
    import re

    text = re.sub(r"(\d+)th edition", lambda m: Message(N_("{n}th edition"), n=m[1]).render(lang), text)
    catalogue = translation(lang)
    for phrase in phrases:
        if phrase in text:
            text = text.replace(phrase, catalogue.gettext(phrase))
    return text


def render_cumulative(views: "pd.DataFrame | list[dict]", lang: str, fmt: str = "table", digits: int = 2,
                      setup: str | None = None) -> str:
    """Ordered outcomes as "this or worse" (at least) / "this or better" (at most) columns.

    ``views``: :meth:`OutcomeTable.cumulative` (a frame) or :meth:`OutcomeTable.cumulative_rows`."""
    if not isinstance(views, list):
        views = views.to_dict(orient="records")
    headers = [w("outcome", lang), w("exactly", lang), w("or_worse", lang), w("or_better", lang)]
    rows = [[r["label"], pct(r["probability"], lang, digits), pct(r["at_least"], lang, digits),
             pct(r["at_most"], lang, digits)] for r in views]
    head = w("cumulative_title", lang) + (f" — {setup}" if setup else "")
    head = f"### {head}" if fmt == "md" else head
    body = tabulate(rows, headers=headers, tablefmt=TABLEFMT[fmt], disable_numparse=True)
    return f"{head}\n\n{body}\n"


def render_metric(table: OutcomeTable, fmt: str = "table", digits: int = 2) -> str:
    """The metric's distribution as "exactly / at least / at most" columns."""
    lang = table.lang
    views = table.metric_rows()
    unit = f" ({table.metric.unit_label().render(lang)})" if table.metric.unit else ""
    headers = [table.metric.label().render(lang) + unit, w("exactly", lang), w("at_least", lang), w("at_most", lang)]
    rows = [[str(int(r["value"])), pct(r["exactly"], lang, digits), pct(r["at_least"], lang, digits),
             pct(r["at_most"], lang, digits)] for r in views]
    return tabulate(rows, headers=headers, tablefmt=TABLEFMT[fmt], disable_numparse=True) + "\n"


def _signed_points(d: float, lang: str, digits: int = 1) -> str:
    if d != d:
        return ""
    x = d * 100
    s = fixed(abs(x), lang, digits)
    if s.strip("0.,") == "":
        return "0"
    return ("+" if x > 0 else "\u2212") + s


def comparison_rows(comp, digits: int = 2) -> tuple[tuple[list[str], list[list[str]]], tuple[list[str], list[list[str]]]]:
    """:func:`comparison_frames` as plain ``(headers, rows)`` pairs (lists of strings)."""
    lang = comp.lang
    comp = comp.nonzero()
    labels, grid = comp.wide_rows()
    setups = comp.setups
    nan = float("nan")
    probs = ([w("outcome", lang), *setups],
             [[lab, *(pct(grid[s].get(lab, nan), lang, digits) for s in setups)] for lab in labels])
    diffs = comp.difference_rows()
    base = setups[0]
    sep = pmessage("interval bounds", ", ").render(lang)  # "[a, b]"; "[a; b]" where the comma is decimal
    columns: list[list[str]] = []
    for s in setups[1:]:
        sub = {r["label"]: r for r in diffs if r["setup"] == s}
        cells = []
        for lab in labels:
            r = sub.get(lab)
            if r is None or _missing(r["difference"]):
                cells.append("")
            elif bool(r["diff_exact"]):
                cells.append(_signed_points(r["difference"], lang, digits))
            else:
                cells.append(f"{_signed_points(r['difference'], lang, digits)} "
                             f"[{_signed_points(r['diff_low'], lang, digits)}{sep}{_signed_points(r['diff_high'], lang, digits)}]")
        columns.append(cells)
    out = ([w("outcome", lang), *(f"{s} \u2212 {base}" for s in setups[1:])],
           [[lab, *(col[i] for col in columns)] for i, lab in enumerate(labels)])
    return probs, out


def comparison_frames(comp, digits: int = 2) -> "tuple[pd.DataFrame, pd.DataFrame]":
    """Formatted tables of a :class:`fleeodds.compare.Comparison`.

    Returns
    -------
    (probabilities, differences) : tuple of pandas.DataFrame
        Probabilities: one row per outcome, one column per setup. Differences:
        one row per outcome, one column per setup after the first, as signed
        percentage points with the 95 % interval (``+5.2 [+4.9, +5.5]``), or
        the exact difference alone.
    """
    import pandas as pd

    (ph, pr), (dh, dr) = comparison_rows(comp, digits)
    return pd.DataFrame(pr, columns=ph), pd.DataFrame(dr, columns=dh)


def comparison_notes(comp) -> list[str]:
    """How a comparison's numbers were obtained."""
    lang = comp.lang
    lines = notes(comp.tables[0]) if comp.tables else []
    if comp.manifest.get("method") == "both":  # only then can a cell be either
        lines.append(w("cells_note", lang))
    diffs = comp.difference_rows()
    all_exact = len(diffs) > 0 and all(bool(r["diff_exact"]) for r in diffs)
    lines.append(w("difference_unit_exact" if all_exact else "difference_unit", lang))
    if comp.manifest.get("trials") and not all_exact:
        lines.append(w("paired_note" if comp.manifest.get("paired") else "independent_note", lang)
                     .replace("whiskers: ", "").replace("moustaches : ", ""))
    return lines


def comparison_chart_notes(comp, differences: bool = False) -> list[str]:
    """The footnote of a comparison's bar chart (``differences``: of its difference chart): how the
    bars were obtained, without the table's lines about fractions and cells, which a chart does not
    show."""
    lang = comp.lang
    exact = [("exact" in t.methods) for t in comp.tables]
    lines = []
    if exact and all(exact):  # every bar is an exact value (no whiskers)
        lines.append(w("exact_values", lang))
    elif comp.tables:  # Monte Carlo bars, with whiskers, where a setup has no exact value
        if any(exact):
            lines.append(w("bars_exact_else_mc", lang))
        m = comp.tables[0].manifest
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
        lines.append(w("interval_note", lang))
    if differences:
        diffs = comp.difference_rows()
        all_exact = len(diffs) > 0 and all(bool(r["diff_exact"]) for r in diffs)
        lines.append(w("difference_unit_exact" if all_exact else "difference_unit", lang))
    return lines


def render_comparison(comp, fmt: str = "table", digits: int = 2, summary: bool = False,
                      cumulative: bool = False) -> str:
    """A comparison as text or Markdown: the probabilities, then the differences against the first setup;
    ``summary`` puts one plain sentence per setup first, ``cumulative`` adds the "or worse" / "or better"
    views of ordered outcomes per setup."""
    if fmt == "json":
        return comp.to_json()
    if fmt == "csv":
        return comp.to_csv()
    tf = TABLEFMT[fmt]
    (ph, pr), (dh, dr) = comparison_rows(comp, digits)
    head = f"## {comp.title}\n\n" if fmt == "md" and comp.title else (f"{comp.title}\n" if comp.title else "")
    body = tabulate(pr, headers=ph, tablefmt=tf, disable_numparse=True)
    dtitle = w("differences_title", comp.lang, base=comp.setups[0])
    dbody = tabulate(dr, headers=dh, tablefmt=tf, disable_numparse=True)
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in comparison_notes(comp))
    gap = "\n\n" if fmt == "md" else "\n\n"
    out = f"{head}{body}{gap}{('### ' if fmt == 'md' else '')}{dtitle}\n\n{dbody}\n\n{foot}\n"
    if cumulative and comp.cumulative_rows():
        out += "\n" + render_comparison_cumulative(comp, fmt, digits)
    if cumulative and comp.manifest.get("rule_sources"):  # -d: the rules every setup rests on
        out += "\n" + render_rule_sources(comp.manifest["rule_sources"], comp.lang, fmt)
    if summary:
        from .summary import comparison_block

        out = comparison_block(comp, fmt) + out
    return out


def sweep_frame(sw, digits: int = 1, labels: dict | None = None) -> pd.DataFrame:
    """A sweep as one row per cell and one column per outcome (formatted percentages); fields
    are named by ``labels`` (field -> header) when given. Outcomes never reached are left out."""
    lang = sw.lang
    fields_labels = {f: field_name(sw, f, labels) for f in sw.fields}  # schema titles unless named
    labels = sw.outcome_labels()
    wide = sw.frame.pivot_table(index=sw.fields, columns="outcome", values="probability", sort=False)
    wide = wide.reindex(columns=[o for o in labels if o in wide.columns])
    wide = wide.loc[:, wide.max(axis=0) > 0]
    out = wide.apply(lambda col: col.map(lambda p: pct(p, lang, digits)))
    out.columns = [labels[c] for c in out.columns]
    out = out.reset_index()
    for f in sw.fields:  # values as people name them (editions), numbers in the language's format
        out[f] = out[f].map(lambda v, f=f: value_name(sw, f, v))
    return out.rename(columns=fields_labels)


def render_sweep(sw, fmt: str = "table", digits: int = 1, labels: dict | None = None) -> str:
    """A sweep as text or Markdown (one row per cell), CSV (tidy, one row per cell and outcome) or JSON."""
    if fmt == "csv":
        return sw.to_csv()
    if fmt == "json":
        return sw.to_json()
    lang = sw.lang
    frame = sweep_frame(sw, digits, labels)
    title = sw.title
    if title and title == sw.manifest.get("scenario"):  # no title of its own: say what varies
        title = f"{sweep_title(sw, heat=True, labels=labels)}\n{sweep_subtitle(sw)}"
    head = f"## {title}\n\n" if fmt == "md" else f"{title}\n"
    body = tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True)
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in sweep_footnote(sw))
    return f"{head}{body}\n\n{foot}\n"


def render_comparison_cumulative(comp, fmt: str = "table", digits: int = 2) -> str:
    """Ordered outcomes of every setup as "this or worse" (at least) and "this or better"
    (at most): one row per ordered outcome, one column per setup and view."""
    lang = comp.lang
    cum = comp.cumulative_rows()
    labels = list(dict.fromkeys(r["label"] for r in cum))
    nan = float("nan")
    parts = []
    for key, col in (("or_worse", "at_least"), ("or_better", "at_most")):
        per = {s: {r["label"]: r[col] for r in cum if r["setup"] == s} for s in comp.setups}
        headers = [w("outcome", lang), *comp.setups]
        rows = [[lab, *(pct(per[s].get(lab, nan), lang, digits) for s in comp.setups)] for lab in labels]
        head = w(key, lang).capitalize()
        head = f"### {head}" if fmt == "md" else head
        body = tabulate(rows, headers=headers, tablefmt=TABLEFMT[fmt], disable_numparse=True)
        parts.append(f"{head}\n\n{body}\n")
    return "\n".join(parts)
