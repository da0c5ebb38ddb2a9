"""Curated analyses (``analysis/*.toml``) and the ``fleeodds report`` runner (it computes;
:mod:`fleeodds.report` renders).

An analysis file names a scenario (a path relative to the file, or a shipped
example name), a ``kind`` and its parameters, with titles in English and French::

    kind = "sweep"                      # run | compare | sweep
    scenario = "warhammer/goblins_broken_by_dwarfs.toml"
    method = "exact"                    # exact | mc | both (default: exact where possible)
    trials = 200000                     # Monte Carlo trials (compare, sweep, run)
    seed = 1
    title = { en = "...", fr = "..." }
    subtitle = { en = "...", fr = "..." }          # optional, under the title
    chart = "lines"                     # sweep: lines | heatmap (default: lines for one field)
    outcome = "caught"                  # sweep: the outcome of a heatmap / multi-line chart
    outcomes = ["held", "caught"]       # sweep with one field: the lines drawn (default: all non-zero)
    [vary]                              # sweep: field = "values" (as --vary) or a list
    "fleeing.leadership" = "5..10"
    [labels]                            # optional axis / legend names per field (default: schema titles)
    "fleeing.leadership" = { en = "Leadership", fr = "Commandement" }
    xlabel = { en = "...", fr = "..." }             # optional: axis and legend titles of the chart
    ylabel = { en = "...", fr = "..." }
    legend_title = { en = "...", fr = "..." }
    size = "print"                      # print (6.5 in, 300 dpi) | screen (9 in, 120 dpi)
    show_zero = false                   # run, compare: keep outcomes that never happen

    # compare: either the scenario's own setups ...
    variants = true
    # ... or setups as field changes of the scenario (any system)
    [[setups]]
    label = { en = "Ld 7", fr = "Cd 7" }
    changes = { "fleeing.leadership" = 7 }

    # run: metric = true adds the exactly / at least / at most table and chart

Each analysis writes, per language, ``NAME.LANG.md`` and ``NAME.LANG.csv`` (the
tidy numbers) and ``NAME.LANG.png`` / ``.svg`` (plus ``NAME-diff.LANG.*`` for
comparisons and ``NAME-metric.LANG.*`` for a run's metric), an ``index.md``
(``index.fr.md``) that links them all, and an ``index.html`` gallery of every chart in
every language. The format is documented with an example per chart in ``docs/analysis.md``.
"""

from __future__ import annotations

import copy
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import matplotlib.pyplot as plt
from tqdm.auto import tqdm

from . import files
from .evaluation import evaluate
from .loading import load_scenario
from .compare import compare
from .errors import FleeoddsError, InputError, error_message
from .i18n import pair_text
from .language import Message, N_, _, get_lang, pgettext, use_lang
from .foreign import os_reason
from .report import charts, tables
from .sweep import sweep

KINDS = ("run", "compare", "sweep")
KEYS = {"kind", "scenario", "method", "trials", "seed", "title", "subtitle", "chart", "outcome", "outcomes",
        "vary", "labels", "variants", "setups", "metric", "order", "xlabel", "ylabel", "legend_title", "size",
        "show_zero"}


@dataclass
class AnalysisResult:
    """What one analysis wrote."""

    name: str
    title: str
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    index: Path | None = None
    gallery: Path | None = None


def _text(value: Any, where: str) -> str:
    """An analysis file's text in the reader's language: a string, or a table ``{ en = "...", fr = "..." }``
    (English when the table has not the reader's language)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and "en" in value:
        return value.get(get_lang()) or value["en"]
    raise InputError(where, value, Message(N_('a string or a table { en = "...", fr = "..." }')))


def load_analysis(path: Path) -> dict:
    """Read and check an analysis file.

    Raises
    ------
    FleeoddsError
        Invalid TOML, an unknown key, a missing scenario or title, an unknown kind.
    """
    spec = files.read_toml(path, "analysis")
    if is_scenario_file(spec):
        raise InputError(f"{path.name}: system", spec["system"],
                         Message(N_("an analysis file (kind, scenario, title); this is a scenario file")))
    unknown = set(spec) - KEYS
    if unknown:
        raise InputError(f"{path.name}: {sorted(unknown)[0]}", spec[sorted(unknown)[0]],
                         Message(N_("one of the analysis keys {keys}"), keys=", ".join(sorted(KEYS))))
    if spec.get("kind") not in KINDS:
        raise InputError(f"{path.name}: kind", spec.get("kind"), Message(N_("one of {choices}"), choices=", ".join(KINDS)))
    for key in ("scenario", "title"):
        if key not in spec:
            raise InputError(f"{path.name}: {key}", None, Message(N_("a {key} (required)"), key=key))
    if spec["kind"] == "sweep" and not spec.get("vary"):
        raise InputError(f"{path.name}: vary", None, Message(N_("a [vary] table of field = values")))
    if spec["kind"] == "compare" and not (spec.get("variants") or spec.get("setups")):
        raise InputError(f"{path.name}: setups", None, Message(N_("variants = true or [[setups]] with label and changes")))
    return spec


def is_scenario_file(spec: dict) -> bool:
    """A scenario (it has a ``system`` key and no ``kind``) rather than an analysis."""
    return "system" in spec and "kind" not in spec


def _scenario(spec: dict, base: Path):
    name = spec["scenario"]
    local = base / name
    return load_scenario(local if local.exists() else name)


def run_analysis(path: Path, out_dir: Path) -> list[Path]:
    """Run one analysis file in the reader's language (:func:`fleeodds.language.use_lang`); returns the files
    written (``NAME.LANG.*``)."""
    lang = get_lang()
    spec = load_analysis(path)
    name = path.stem
    sc = _scenario(spec, path.parent)
    title = _text(spec["title"], f"{path.name}: title")
    subtitle = _text(spec.get("subtitle"), f"{path.name}: subtitle")
    labels = {k: _text(v, f"{path.name}: labels.{k}") for k, v in (spec.get("labels") or {}).items()}
    method = spec.get("method")
    trials = spec.get("trials")
    seed = spec.get("seed", 0)
    # checked whatever the method, so a wrong value never passes silently because it went unused
    if trials is not None and (isinstance(trials, bool) or not isinstance(trials, int) or trials < 1):
        raise InputError(f"{path.name}: trials", trials, Message(N_("a whole number >= 1")))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InputError(f"{path.name}: seed", seed, Message(N_("an integer from 0 to 2**63 - 1")))
    written: list[Path] = []
    chart_kw = {k: _text(spec.get(k), f"{path.name}: {k}") or None for k in ("xlabel", "ylabel", "legend_title")}
    size = spec.get("size", "print")
    if size not in ("print", "screen"):
        raise InputError(f"{path.name}: size", size, Message(N_("'print' or 'screen'")))
    chart_kw["size"] = size
    show_zero = spec.get("show_zero", False)
    if not isinstance(show_zero, bool):
        raise InputError(f"{path.name}: show_zero", show_zero, Message(N_("true or false")))

    def charts_to(fig_fn, suffix: str = ""):
        for ext in (".png", ".svg"):
            p = out_dir / f"{name}{suffix}.{lang}{ext}"
            fig = fig_fn(p)
            plt.close(fig)
            written.append(p)

    def text_to(md: str, csv: str):
        md_path, csv_path = out_dir / f"{name}.{lang}.md", out_dir / f"{name}.{lang}.csv"
        md_path.write_text(md, encoding="utf-8")
        csv_path.write_text(csv, encoding="utf-8")
        written.extend([md_path, csv_path])

    kind = spec["kind"]
    if kind == "sweep":
        vary = list(spec["vary"].items())
        sw = sweep(sc, vary, method, trials=trials, seed=seed, progress=False, title=title)
        md = tables.render_sweep(sw, "md", labels=labels)
        text_to(_with_subtitle(md, subtitle), tables.render_sweep(sw, "csv"))
        f = sw.fields
        style = spec.get("chart", "lines" if len(f) == 1 else "heatmap")
        outcome = spec.get("outcome")
        if style == "heatmap":
            if len(f) != 2:
                raise InputError(f"{path.name}: chart", style, Message(N_("'lines' with one varied field")))
            charts_to(lambda p: charts.heatmap(sw, outcome or next(iter(sw.outcome_labels())), p, title=title,
                                               subtitle=subtitle, labels=labels, **chart_kw))
        elif style == "lines":
            outs = [outcome] if outcome else spec.get("outcomes")
            charts_to(lambda p: charts.line_chart(sw, p, outcomes=outs, title=title, subtitle=subtitle,
                                                  labels=labels, **chart_kw))
        else:
            raise InputError(f"{path.name}: chart", style, Message(N_("'lines' or 'heatmap'")))
    elif kind == "compare":
        if spec.get("variants"):
            variants = sc.variants()
            if len(variants) < 2:
                raise InputError(f"{path.name}: variants", True, Message(N_("a scenario with two or more [compare] setups")))
            setups = [(v.label().render(), v.scenario) for v in variants]
        else:
            setups = []
            for i, s in enumerate(spec["setups"]):
                if not isinstance(s, dict):
                    raise InputError(f"{path.name}: setups.{i}", s, Message(N_("a table with label and changes")))
                label = _text(s.get("label"), f"{path.name}: setups.{i}.label") or f"setup {i + 1}"
                setups.append((label, sc.with_changes(s.get("changes") or {})))
        comp = compare(setups, method or "both", trials=trials, seed=seed, progress=False, title=title)
        md = tables.render_comparison(comp, "md", summary=True)
        text_to(_with_subtitle(md, subtitle), tables.render_comparison(comp, "csv"))
        foot, diff_foot = tables.comparison_chart_notes(comp), tables.comparison_chart_notes(comp, True)
        shown = comp if show_zero else comp.nonzero()
        charts_to(lambda p: charts.comparison_chart(shown.frame, p, title=title, lang=lang, footnote=foot,
                                                    subtitle=subtitle, show_zero=show_zero, **chart_kw))
        charts_to(lambda p: charts.difference_chart(shown, p, title=title, footnote=diff_foot, subtitle=subtitle,
                                                    show_zero=show_zero, **chart_kw), "-diff")
    else:  # run
        m = method or ("both" if sc.has_exact and trials else "exact" if sc.has_exact else "mc")
        t = evaluate(sc, m, trials=trials, seed=seed, progress=False)
        t.manifest["title"] = title
        md = tables.render(t, "md", distribution=bool(spec.get("metric")), summary=True)
        csv = t.to_csv()
        text_to(_with_subtitle(md, subtitle), csv)
        charts_to(lambda p: charts.outcome_chart(t, p, title=title, subtitle=subtitle, show_zero=show_zero, **chart_kw))
        if spec.get("metric"):
            views = t.metric_views()
            p = out_dir / f"{name}-metric.{lang}.csv"
            from .results import csv_text

            p.write_text(csv_text(views), encoding="utf-8")
            written.append(p)
            charts_to(lambda p: charts.metric_chart(t, p, subtitle=title, **chart_kw), "-metric")
    return written


def _with_subtitle(md: str, subtitle: str) -> str:
    if not subtitle:
        return md
    head, _, rest = md.partition("\n\n")
    return f"{head}\n\n*{subtitle}*\n\n{rest}"


def _peek(path: Path) -> dict:
    try:
        return files.read_toml(path, "analysis")
    except FleeoddsError:
        return {}  # reported by load_analysis when the file is run


def run_folder(folder: Path, out_dir: Path | None = None, only: Sequence[str] = (), progress: bool | None = None,
               earlier: Sequence[AnalysisResult] | None = None) -> list[AnalysisResult]:
    """Run every ``*.toml`` analysis of ``folder`` in the reader's language (:func:`fleeodds.language.use_lang`;
    the command line runs it once per language asked for).

    Parameters
    ----------
    folder : Path
    out_dir : Path, optional
        Default ``folder / "output"``; created if missing.
    only : sequence of str
        Analysis names (file stems) to run; default all.
    progress : bool or None
        A tqdm bar over the analyses (``None``: only on a terminal).
    earlier : sequence of AnalysisResult, optional
        What the runs in other languages wrote (this function's answer then): the gallery
        (``index.html``) shows every language's charts, and the answer adds this language's files to them.

    Returns
    -------
    list of AnalysisResult
        In file order; ``index`` of each is the index file of the first language run; ``title`` is in it.

    Raises
    ------
    FleeoddsError
        The first invalid analysis, named by its file.
    """
    lang = get_lang()
    out_dir = out_dir or folder / "output"
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError("--out", str(out_dir), Message(N_("a folder that can be created ({error})"), error=os_reason(exc))) from None
    paths = sorted(p for p in folder.glob("*.toml") if not only or p.stem in only)
    # scenario files kept next to the analyses that use them are not analyses: leave them, and say so
    scenarios = [p for p in paths if is_scenario_file(_peek(p))]
    for p in scenarios:
        if earlier is None:  # said once, whatever the number of languages
            print(f"note: {p.name} is a scenario file, not an analysis; skipped", file=sys.stderr)
    paths = [p for p in paths if p not in scenarios]
    if only:
        missing = set(only) - {p.stem for p in paths}
        if missing:
            raise InputError("--only", sorted(missing)[0], Message(N_("the name of an analysis file in {folder}"),
                                                                   folder=str(folder)))
    before = {r.name: r for r in earlier or ()}
    results = {p.stem: copy.deepcopy(before[p.stem]) if p.stem in before else AnalysisResult(p.stem, "")
               for p in paths}
    disable = None if progress is None else (not progress)
    for p in tqdm(paths, desc="analyses", unit="analysis", disable=disable):
        t0 = time.perf_counter()
        try:
            files = run_analysis(p, out_dir)
        except FleeoddsError as exc:
            if str(exc).startswith(p.name):
                raise
            raise FleeoddsError(Message(N_("{file}: {error}"), file=p.name, error=error_message(exc))) from None
        r = results[p.stem]
        r.files += files
        r.seconds += time.perf_counter() - t0
        if not r.title:
            r.title = _text(load_analysis(p)["title"], p.name)
    idx = out_dir / ("index.md" if lang == "en" else f"index.{lang}.md")
    lines = ["# " + _("Analyses"), ""]
    for p in paths:
        title = _text(load_analysis(p)["title"], p.name)
        lines.append(f"## {title}\n")
        lines.append(f"![{title}]({p.stem}.{lang}.png)\n")
        files = [f.name for f in results[p.stem].files if f".{lang}." in f.name]
        lines.append(" · ".join(f"[{f}]({f})" for f in files) + "\n")
    idx.write_text("\n".join(lines), encoding="utf-8")
    html = out_dir / "index.html"
    html.write_text(gallery_html(paths, results), encoding="utf-8")
    for r in results.values():
        r.index = r.index or idx
        r.gallery = html
    return list(results.values())


def _langs_of(results: dict) -> list[str]:
    """The languages of the files written (``NAME.LANG.ext``), in the order they were run."""
    out: list[str] = []
    for r in results.values():
        for f in r.files:
            parts = f.name.split(".")
            if len(parts) >= 3 and parts[-2] not in out:
                out.append(parts[-2])
    return out


def gallery_html(paths: Sequence[Path], results: dict) -> str:
    """A self-contained ``index.html``: every analysis's chart (PNG) in each language it was written in, its
    title, and links to its tables (Markdown, CSV) and charts (SVG, PNG)."""
    from html import escape

    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>fleeodds analyses</title>",
             "<style>body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;"
             "color:#222}h1{font-size:1.6rem}section{margin:2.5rem 0;border-top:1px solid #ddd;padding-top:1rem}"
             "figure{margin:1rem 0}img{max-width:100%;height:auto;border:1px solid #eee}"
             "nav a{margin-right:1rem}.files a{margin-right:.8rem;font-size:.9rem}"
             ".lang{display:grid;grid-template-columns:repeat(auto-fit,minmax(28rem,1fr));gap:1.5rem}"
             "</style></head><body>", "<h1>fleeodds — Analyses</h1>",
             "<nav>" + "".join(f'<a href="#{escape(p.stem)}">{escape(p.stem)}</a>' for p in paths) + "</nav>"]
    for p in paths:
        spec = _peek(p)
        parts.append(f'<section id="{escape(p.stem)}"><div class="lang">')
        for lang in _langs_of(results):
            with use_lang(lang):
                try:
                    title = _text(spec.get("title"), p.name)
                    subtitle = _text(spec.get("subtitle"), p.name)
                except FleeoddsError:
                    title, subtitle = p.stem, ""
                said = _("Files ({language}): ", language=pgettext("the language's own name", "English"))
            files = [f.name for f in results[p.stem].files if f".{lang}." in f.name]
            pngs = [f for f in files if f.endswith(".png")]
            parts.append(f'<article lang="{lang}"><h2>{escape(title)}</h2>')
            if subtitle:
                parts.append(f"<p><em>{escape(subtitle)}</em></p>")
            for png in pngs:
                parts.append(f'<figure><a href="{escape(png)}"><img src="{escape(png)}" alt="{escape(title)}" '
                             'loading="lazy"></a></figure>')
            parts.append(f'<p class="files">{escape(said)}'
                         + "".join(f'<a href="{escape(f)}">{escape(f)}</a>' for f in files) + "</p></article>")
        parts.append("</div></section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
