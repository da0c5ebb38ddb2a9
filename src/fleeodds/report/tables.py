"""Text and Markdown tables of OutcomeTables (via tabulate), with locale-aware percentages."""

from __future__ import annotations

import math

import pandas as pd
from tabulate import tabulate

from ..results import OutcomeTable
from .format import integer, number, pct
from .text import w

TABLEFMT = {"table": "simple", "md": "github"}
#: Longer fractions (a 10-turn chain has 30-digit denominators) are left to the JSON output.
MAX_FRACTION_CHARS = 24


def _fraction_cell(text: str) -> str:
    return text if len(text) <= MAX_FRACTION_CHARS else "…"


def _z_cell(z: float, lang: str) -> str:
    if math.isnan(z):
        return ""
    return number(0.0 if abs(z) < 0.005 else z, lang, 2)  # no "-0"


def outcome_frame(table: OutcomeTable, digits: int = 2) -> pd.DataFrame:
    """Formatted per-outcome rows: label, exact %, fraction, Monte Carlo %, 95 % interval, trials, z."""
    lang = table.lang
    wide = table.wide()
    out = pd.DataFrame({w("outcome", lang): wide.label})
    if "exact" in wide:
        out[w("exact", lang)] = [pct(p, lang, digits) for p in wide.exact]
        if "fraction" in wide:
            out[w("fraction", lang)] = [_fraction_cell(f) for f in wide.fraction.fillna("0")]
    if "monte_carlo" in wide:
        out[w("monte_carlo", lang)] = [pct(p, lang, digits) for p in wide.monte_carlo]
        out[w("ci", lang)] = [f"{pct(lo, lang, digits)} – {pct(hi, lang, digits)}"
                              for lo, hi in zip(wide.ci_low, wide.ci_high)]
        out[w("count", lang)] = [integer(c, lang) for c in wide["count"]]
        if "z" in wide:
            out["z"] = [_z_cell(z, lang) for z in wide.z]
    return out


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
    frame = outcome_frame(table, digits)
    title = table.manifest.get("title", "")
    body = tabulate(frame, headers="keys", tablefmt=tf, showindex=False, disable_numparse=True)
    lines = notes(table)
    fraction_col = w("fraction", table.lang)
    if fraction_col in frame and (frame[fraction_col] == "…").any():
        lines.append("… " + ("fraction complète dans --format json" if table.lang == "fr"
                             else "full fraction in --format json"))
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in lines)
    out = f"## {title}\n\n{body}\n\n{foot}\n" if fmt == "md" else f"{title}\n{body}\n{foot}\n"
    if distribution and not table.distribution.empty:
        out += "\n" + render_metric(table, fmt, digits)
    if distribution and len(table.cumulative()):
        out += "\n" + render_cumulative(table.cumulative(), table.lang, fmt, digits)
    if summary:
        from .summary import summary_block

        out = summary_block(table, fmt) + out
    return out


def render_cumulative(views: pd.DataFrame, lang: str, fmt: str = "table", digits: int = 2,
                      setup: str | None = None) -> str:
    """Ordered outcomes as "this or worse" (at least) / "this or better" (at most) columns."""
    frame = pd.DataFrame({w("outcome", lang): list(views.label),
                          w("exactly", lang): [pct(p, lang, digits) for p in views.probability],
                          w("or_worse", lang): [pct(p, lang, digits) for p in views.at_least],
                          w("or_better", lang): [pct(p, lang, digits) for p in views.at_most]})
    head = w("cumulative_title", lang) + (f" — {setup}" if setup else "")
    head = f"### {head}" if fmt == "md" else head
    body = tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True)
    return f"{head}\n\n{body}\n"


def render_metric(table: OutcomeTable, fmt: str = "table", digits: int = 2) -> str:
    """The metric's distribution as "exactly / at least / at most" columns."""
    lang = table.lang
    views = table.metric_views()
    unit = f" ({table.metric.unit_label(lang)})" if table.metric.unit else ""
    frame = pd.DataFrame({
        table.metric.label(lang) + unit: views.value.astype(int).astype(str),
        w("exactly", lang): [pct(p, lang, digits) for p in views.exactly],
        w("at_least", lang): [pct(p, lang, digits) for p in views.at_least],
        w("at_most", lang): [pct(p, lang, digits) for p in views.at_most],
    })
    return tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True) + "\n"


def _signed_points(d: float, lang: str, digits: int = 1) -> str:
    if d != d:
        return ""
    from babel.numbers import format_decimal

    from .format import LOCALES

    x = d * 100
    s = format_decimal(abs(x), format="#,##0." + "0" * digits, locale=LOCALES[lang])
    if s.strip("0.,") == "":
        return "0"
    return ("+" if x > 0 else "\u2212") + s


def comparison_frames(comp, digits: int = 2) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Formatted tables of a :class:`fleeodds.compare.Comparison`.

    Returns
    -------
    (probabilities, differences) : tuple of pandas.DataFrame
        Probabilities: one row per outcome, one column per setup. Differences:
        one row per outcome, one column per setup after the first, as signed
        percentage points with the 95 % interval (``+5.2 [+4.9, +5.5]``), or
        the exact difference alone.
    """
    lang = comp.lang
    comp = comp.nonzero()
    wide = comp.wide()
    probs = wide.apply(lambda col: col.map(lambda p: pct(p, lang, digits)))
    probs.index.name = w("outcome", lang)
    probs = probs.reset_index()
    diffs = comp.differences()
    base = comp.setups[0]
    out = pd.DataFrame({w("outcome", lang): list(wide.index)})
    sep = "; " if lang == "fr" else ", "
    for s in comp.setups[1:]:
        sub = diffs[diffs.setup == s].set_index("label").reindex(list(wide.index))
        cells = []
        for _, r in sub.iterrows():
            if r.difference != r.difference:
                cells.append("")
            elif bool(r.diff_exact):
                cells.append(_signed_points(r.difference, lang, digits))
            else:
                cells.append(f"{_signed_points(r.difference, lang, digits)} "
                             f"[{_signed_points(r.diff_low, lang, digits)}{sep}{_signed_points(r.diff_high, lang, digits)}]")
        out[f"{s} \u2212 {base}"] = cells
    return probs, out


def comparison_notes(comp) -> list[str]:
    """How a comparison's numbers were obtained."""
    lang = comp.lang
    lines = notes(comp.tables[0]) if comp.tables else []
    if comp.manifest.get("method") == "both":  # only then can a cell be either
        lines.append(w("cells_note", lang))
    diffs = comp.differences()
    all_exact = len(diffs) > 0 and bool(diffs.diff_exact.all())
    lines.append(w("difference_unit_exact" if all_exact else "difference_unit", lang))
    if comp.manifest.get("trials") and not all_exact:
        lines.append(w("paired_note" if comp.manifest.get("paired") else "independent_note", lang)
                     .replace("whiskers: ", "").replace("moustaches : ", ""))
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
    probs, diffs = comparison_frames(comp, digits)
    head = f"## {comp.title}\n\n" if fmt == "md" and comp.title else (f"{comp.title}\n" if comp.title else "")
    body = tabulate(probs, headers="keys", tablefmt=tf, showindex=False, disable_numparse=True)
    dtitle = w("differences_title", comp.lang, base=comp.setups[0])
    dbody = tabulate(diffs, headers="keys", tablefmt=tf, showindex=False, disable_numparse=True)
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in comparison_notes(comp))
    gap = "\n\n" if fmt == "md" else "\n\n"
    out = f"{head}{body}{gap}{('### ' if fmt == 'md' else '')}{dtitle}\n\n{dbody}\n\n{foot}\n"
    if cumulative and len(comp.cumulative()):
        out += "\n" + render_comparison_cumulative(comp, fmt, digits)
    if summary:
        from .summary import comparison_block

        out = comparison_block(comp, fmt) + out
    return out


def sweep_frame(sw, digits: int = 1, labels: dict | None = None) -> pd.DataFrame:
    """A sweep as one row per cell and one column per outcome (formatted percentages); fields
    are named by ``labels`` (field -> header) when given. Outcomes never reached are left out."""
    from .charts import field_name, value_name

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
    from .charts import sweep_subtitle, sweep_title

    lang = sw.lang
    frame = sweep_frame(sw, digits, labels)
    title = sw.title
    if title and title == sw.manifest.get("scenario"):  # no title of its own: say what varies
        title = f"{sweep_title(sw, heat=True, labels=labels)}\n{sweep_subtitle(sw)}"
    head = f"## {title}\n\n" if fmt == "md" else f"{title}\n"
    body = tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True)
    foot = "\n".join(("- " if fmt == "md" else "") + n for n in sweep_footnote(sw))
    return f"{head}{body}\n\n{foot}\n"


def sweep_footnote(sweep) -> list[str]:
    """How a sweep's numbers were obtained: exact values or Monte Carlo trials and seed."""
    lang = sweep.lang
    m = sweep.manifest
    lines = []
    if sweep.frame.exact.any():
        lines.append(w("exact_values", lang))
    if m.get("trials"):
        lines.append(w("trials_seed", lang, trials=integer(m["trials"], lang), seed=m["seed"]))
    return lines


def render_comparison_cumulative(comp, fmt: str = "table", digits: int = 2) -> str:
    """Ordered outcomes of every setup as "this or worse" (at least) and "this or better"
    (at most): one row per ordered outcome, one column per setup and view."""
    lang = comp.lang
    cum = comp.cumulative()
    labels = list(dict.fromkeys(cum.label))
    parts = []
    for key, col in (("or_worse", "at_least"), ("or_better", "at_most")):
        frame = pd.DataFrame({w("outcome", lang): labels})
        for s in comp.setups:
            sub = cum[cum.setup == s].set_index("label").reindex(labels)
            frame[s] = [pct(p, lang, digits) for p in sub[col]]
        head = w(key, lang).capitalize()
        head = f"### {head}" if fmt == "md" else head
        body = tabulate(frame, headers="keys", tablefmt=TABLEFMT[fmt], showindex=False, disable_numparse=True)
        parts.append(f"{head}\n\n{body}\n")
    return "\n".join(parts)
