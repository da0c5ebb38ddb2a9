"""The ``fleeodds`` command line (click).

Examples::

    fleeodds examples
    fleeodds run warhammer/goblins_broken_by_dwarfs.toml --chart goblins.png
    fleeodds run my_scenario.toml --precision 0.001 --seed 7 --format md --lang fr
    fleeodds run warhammer/leadership_by_edition.toml --exact --chart editions.svg
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .cli_types import LANG_DEFAULT, default_lang, CHART, TEXT_OUT, emit, say_notes as _say_notes, strict_option
from .errors import FleeoddsError
from .cli_i18n import Context, install_click_translations, short_help
from .foreign import os_reason
from .language import Message, N_, _, available_langs, get_lang, reset_lang, set_lang, use_lang

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
# the command line writes chart files and never opens a window: matplotlib's file backend,
# chosen here rather than at library import so that notebooks keep their own backend
os.environ.setdefault("MPLBACKEND", "Agg")
install_click_translations()  # click's own messages from fleeodds' catalogues, in the reader's language


class _Group(click.Group):
    """Turns FleeoddsError into a one-line message and exit status 2, never a traceback; chooses the
    reader's language once for the whole command (--lang, else FLEEODDS_LANG or the system locale), in
    which help pages, click's messages and errors are written (:mod:`fleeodds.cli_i18n`)."""

    context_class = Context

    def main(self, args=None, *rest, **kwargs):
        argv = list(sys.argv[1:] if args is None else args)
        lang = _lang_in(argv)
        if any(a in ("--help", "-h") for a in argv) and _written_lang(argv) \
                and not any(a in self.commands for a in argv):  # `fleeodds --help --lang fr`: the group has no --lang
            args = _without_lang(argv)
        with use_lang(lang if lang in available_langs() else default_lang()):  # click refuses an unknown one
            return super().main(args, *rest, **kwargs)

    def format_commands(self, ctx, formatter):
        """The list of commands, each with the first sentence of its help in the reader's language."""
        commands = [(name, cmd) for name in self.list_commands(ctx)
                    if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden]
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _cmd in commands)
            with formatter.section(_("Commands")):
                formatter.write_dl([(name, short_help(cmd, limit)) for name, cmd in commands])

    def invoke(self, ctx):
        said = _said_lang(ctx)  # read before click hands the arguments to the command (and clears them here)
        lang = said or _said_lang(ctx) or get_lang()
        token = set_lang(lang) if lang in available_langs() else None  # click refuses an unknown --lang itself
        try:
            return super().invoke(ctx)
        except FleeoddsError as exc:
            click.echo(_("error: ") + exc.message(), err=True)  # in the language chosen above
            sys.exit(2)
        except click.UsageError as exc:  # a bad option or argument: one line too, with where to look
            where = exc.ctx.command_path if exc.ctx is not None else "fleeodds"
            text = exc.format_message()  # click's own words and the project's reasons come from the catalogue
            click.echo(_("error: ") + text + _(" (see {where} --help)", where=where), err=True)
            sys.exit(2)
        finally:
            if token is not None:
                reset_lang(token)


def _said_lang(ctx) -> str | None:
    """The --lang/-l written on the command line being run (None: not written)."""
    return _written_lang([*getattr(ctx, "_protected_args", []), *ctx.args, *sys.argv[1:]])


def _written_lang(args: list[str]) -> str | None:
    """The last ``--lang X`` / ``-l X`` / ``--lang=X`` / ``-lX`` of ``args`` (click keeps the last one too)."""
    found = None
    for i, a in enumerate(args):
        if a in ("--lang", "-l") and i + 1 < len(args):
            found = args[i + 1]
        elif a.startswith("--lang="):
            found = a.split("=", 1)[1]
        elif a.startswith("-l") and len(a) > 2 and not a.startswith("--"):
            found = a[2:]
    return found


def _lang_in(args: list[str]) -> str:
    """The ``--lang`` of ``args``, else the default of every ``--lang`` (FLEEODDS_LANG, the system locale)."""
    return _written_lang(args) or default_lang()


def _without_lang(args: list[str]) -> list[str]:
    """``args`` without its ``--lang X`` / ``-l X`` / ``--lang=X``."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ("--lang", "-l"):
            skip = True
        elif not a.startswith("--lang=") and not (a.startswith("-l") and len(a) > 2 and not a.startswith("--")):
            out.append(a)
    return out


@click.group(cls=_Group, context_settings=CONTEXT)
@click.version_option(package_name="fleeodds")
def main():
    """Odds of flee, pursuit and free-attack exchanges in tabletop games.

    Exact where the maths allows, Monte Carlo with 95 % intervals everywhere.
    Start with `fleeodds examples`, then `fleeodds run NAME`.
    """


def _loading():
    """Scenario loading, imported when a command needs it: `--help` does not pay for numpy and pandas."""
    from . import engine, loading

    engine.SKIP_NUMBA_BLAS_PROBE = True  # this process runs no numba code but fleeodds' kernels
    return loading


def _evaluation():
    """The evaluation, imported when a command needs it (as :func:`_loading`)."""
    from . import engine, evaluation

    engine.SKIP_NUMBA_BLAS_PROBE = True
    return evaluation


def _charts():
    """The chart module, imported when a chart is asked for (matplotlib takes a second to load)."""
    from .report import charts

    return charts


def _sizing(trials, precision, lang: str = "en"):
    if trials is not None and precision is not None:
        raise click.UsageError(_msg("trials_or_precision", lang))


def _msg(key: str, lang: str = "en", **fmt) -> str:
    from .report.text import msg

    return msg(key, lang, **fmt)


def _method(exact_only: bool, mc_only: bool, scenario, both: bool = False, lang: str = "en") -> str:
    if exact_only + mc_only + both > 1:
        raise click.UsageError(_msg("methods_exclusive", lang))
    if exact_only:
        return "exact"
    if mc_only:
        return "mc"
    if scenario.has_exact:
        return "both"
    if scenario.exact_refusal:
        click.echo(_msg("mc_only", lang, why=scenario.exact_refusal), err=True)
    return "mc"


method_options = [
    click.option("--trials", "-n", type=click.IntRange(min=1), default=None,
                 help="Monte Carlo trials [default: 1,000,000]."),
    click.option("--precision", "-p", type=float, default=None,
                 help="Run until every 95% Wilson half-width is below P (e.g. 0.001)."),
    click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
                 help="Seed: the same seed gives the same counts on any number of threads."),
    click.option("--exact", "exact_only", is_flag=True, help="Exact solver only."),
    click.option("--mc", "mc_only", is_flag=True, help="Monte Carlo only."),
    click.option("--both", "both", is_flag=True, help="Exact and Monte Carlo side by side (the default)."),
    click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
                 help="Language of labels and number format."),
    click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
]


chart_options = [
    click.option("--title", "chart_title", default=None, help="Chart title [default: from the result]."),
    click.option("--subtitle", "chart_subtitle", default=None, help="Line under the chart title."),
    click.option("--xlabel", default=None, help="Title of the chart's x axis."),
    click.option("--ylabel", default=None, help="Title of the chart's y axis."),
    click.option("--legend-title", default=None, help="Title of the chart's legend (or colour bar)."),
    click.option("--show-zero", is_flag=True, help="Keep outcomes that never happen in charts."),
    click.option("--size", "chart_size", type=click.Choice(["print", "screen"]), default="print",
                 show_default=True, help="Chart canvas: print (6.5 in, 300 dpi) or screen (9 in, 120 dpi)."),
]


def _merged_groups(sc, scenarios, lang: str):
    """:func:`fleeodds.compare.merged_outcome_groups` in ``lang`` (imported when needed: ``--help`` loads no
    numpy)."""
    from .compare import merged_outcome_groups

    with use_lang(lang):
        return merged_outcome_groups(sc, scenarios)


def _best_frame(frame):
    """:func:`fleeodds.compare.best_frame`."""
    from .compare import best_frame

    return best_frame(frame)


def _chart_kw(chart_title, chart_subtitle, xlabel, ylabel, legend_title, chart_size, show_zero=None) -> dict:
    kw = {"xlabel": xlabel, "ylabel": ylabel, "legend_title": legend_title, "size": chart_size}
    if chart_title is not None:
        kw["title"] = chart_title
    if chart_subtitle is not None:
        kw["subtitle"] = chart_subtitle
    if show_zero is not None:
        kw["show_zero"] = show_zero
    return kw


def _apply(options):
    def deco(f):
        for o in reversed(options):
            f = o(f)
        return f
    return deco


@main.command(context_settings=CONTEXT)
@click.argument("scenario")
@_apply(method_options)
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "md", "csv", "json"]), default="table",
              show_default=True, help="Output format. json holds every row and the manifest.")
@click.option("--chart", "-c", type=CHART, default=None,
              help="Write a chart (.png or .svg).")
@click.option("--distribution", "-d", is_flag=True,
              help="Also print the metric (turn, distance, damage) as exactly / at least / at most, and the "
                   "rules the answer rests on with their sources.")
@click.option("--metric-chart", "-m", type=CHART, default=None,
              help="Write the metric's distribution chart (exactly / at least / at most; .png or .svg).")
@click.option("--out", "-o", type=TEXT_OUT, default=None,
              help="Write the output to a file instead of the terminal.")
@_apply(chart_options)
@strict_option
def run(scenario, trials, precision, seed, exact_only, mc_only, both, lang, no_progress, fmt, chart,
        distribution, metric_chart, out, chart_title, chart_subtitle, xlabel, ylabel, legend_title, show_zero,
        chart_size):
    """Evaluate SCENARIO (a .toml file, or a name from `fleeodds examples`).

    \b
    Examples:
      fleeodds run warhammer/goblins_broken_by_dwarfs.toml --chart goblins.png
      fleeodds run warhammer/goblins_rally_or_flee_to_edge.toml -d --lang fr
      fleeodds run my.toml --precision 0.0005 --seed 42 --format json -o result.json
      fleeodds run dnd/wizard_withdraws_past_orcs_35.toml -d --metric-chart damage.svg
    """
    from .report import tables

    _sizing(trials, precision, lang)
    sc = _loading().load_scenario(scenario)
    _note_unused(sc, lang)
    method = _method(exact_only, mc_only, sc, both, lang)
    _check_decision(sc)
    progress = False if no_progress else None
    variants = sc.variants()
    if len(variants) == 1:  # one setup alone compares nothing: named by its field, not "setups: 1"
        raise sc.one_setup_error()
    noted = _say_notes(sc, lang, variants)
    if variants:
        from .compare import compare

        setups = [(v.label().render(lang), v.scenario) for v in variants]
        with use_lang(lang):  # the labels' language
            comp = compare(setups, method, trials=trials, precision=precision, seed=seed,
                           progress=progress, title=sc.title_label().render(lang), notes=noted)
        full, comp = comp, comp.nonzero()  # outcomes that no setup can reach are left out (--show-zero: not in the chart)
        text = _render_comparison(comp, fmt, cumulative=distribution)
        kw = _chart_kw(chart_title, chart_subtitle, xlabel, ylabel, legend_title, chart_size, show_zero)
        groups = _merged_groups(sc, [v.scenario for v in variants], lang)
        if chart and groups:  # outcomes that group (a fight): one stacked bar per setup
            _charts().grouped_stack_chart(_best_frame(comp.frame), groups, chart, lang=lang,
                                          footnote=tables.comparison_chart_notes(comp),
                                          **({"title": sc.title_label().render(lang)} | kw))
        elif chart:
            _charts().comparison_chart((full if show_zero else comp).frame, chart, lang=lang,
                                       footnote=tables.comparison_chart_notes(comp), **({"title": sc.title_label().render(lang)} | kw))
        if metric_chart:
            raise click.UsageError(_msg("metric_chart_single", lang))
        if distribution and not comp.cumulative_rows():
            click.echo(_msg("distribution_single", lang), err=True)
    else:
        with use_lang(lang):  # the labels' language
            table = _evaluation().evaluate(sc, method, trials=trials, precision=precision, seed=seed,
                                           progress=progress)
        if fmt == "json":
            text = table.to_json()
        elif fmt == "csv":
            text = table.to_csv()
        else:
            text = tables.render(table, fmt, distribution=distribution, summary=True)
        kw = _chart_kw(chart_title, chart_subtitle, xlabel, ylabel, legend_title, chart_size)
        with use_lang(lang):
            groups = sc.outcome_groups()
        if chart and groups:  # outcomes that group (a fight): one stacked bar
            import pandas as pd

            rows = [dict(r, setup=sc.title_label().render(lang)) for r in table.best_rows()]
            _charts().grouped_stack_chart(pd.DataFrame(rows), groups, chart, lang=lang,
                                          **({"title": sc.title_label().render(lang)} | kw))
        elif chart:
            _charts().outcome_chart(table, chart, show_zero=show_zero, **kw)
        if metric_chart:
            _charts().metric_chart(table, metric_chart, **kw)
            click.echo(_msg("metric_chart_written", lang, path=metric_chart), err=True)
    text = _with_decision(sc, text, fmt, method, trials, seed, lang, progress)
    _emit(text, out, lang)
    if chart:
        click.echo(_msg("chart_written", lang, path=chart), err=True)


def _check_decision(sc) -> None:
    """A ``[decide]`` table is checked before the odds are computed: its error comes at once, not after."""
    from .system import DECIDE_KEY

    if DECIDE_KEY in sc.source:
        from .decisions import read_decision

        read_decision(sc)


def _with_decision(sc, text: str, fmt: str, method: str, trials, seed: int, lang: str, progress) -> str:
    """The run's output followed by the decision of the scenario's ``[decide]`` table, if it has one (JSON: a
    ``decision`` key; CSV: none, ``fleeodds decide`` gives it)."""
    from .system import DECIDE_KEY

    if DECIDE_KEY not in sc.source or fmt == "csv":
        return text
    import json

    from .decisions import decide
    from .report.decision import render_decision

    try:
        with use_lang(lang):
            d = decide(sc, method, trials=trials, seed=seed, progress=progress)
    except FleeoddsError as exc:  # the scenario as written is answered; its [decide] table may ask what is closed
        with use_lang(lang):
            why = exc.message()
        click.echo(_msg("decision_skipped", lang, why=why), err=True)
        return text
    if fmt == "json":
        data = json.loads(text)
        data["decision"] = d.to_dict()
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return text.rstrip("\n") + "\n\n" + render_decision(d, fmt)


def _note_unused(sc, lang: str = "en") -> None:
    unused = sc.unused_inputs()
    if unused:
        click.echo(_msg("unused", lang, fields=", ".join(unused)), err=True)


def _render_comparison(comp, fmt: str, cumulative: bool = False) -> str:
    from .report.tables import render_comparison

    return render_comparison(comp, fmt, summary=True, cumulative=cumulative)


def _emit(text: str, out: str | None, lang: str = "en") -> None:
    emit(text, out, lang)


@main.command(context_settings=CONTEXT)
@click.option("--copy", "copy_name", metavar="NAME", default=None,
              help="Copy the example NAME into the current folder, to edit it as your own scenario.")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of the titles and messages.")
def examples(copy_name, lang):
    """List the shipped example scenarios (use the NAME with `fleeodds run NAME`).

    \b
    Examples:
      fleeodds examples
      fleeodds examples --copy warhammer/goblins_broken_by_dwarfs.toml   # then edit goblins_broken_by_dwarfs.toml
    """
    base = _loading().example_dir()
    if copy_name is not None:
        source = _loading().example_path(copy_name)
        target = Path(source.name)
        if target.exists():
            raise FleeoddsError(Message(N_("examples --copy: {target} already exists here; move it away or edit it"),
                                        target=str(target)))
        try:
            target.write_bytes(source.read_bytes())
        except OSError as exc:
            raise FleeoddsError(Message(N_("examples --copy: cannot write {target}: {error}"), target=str(target),
                                        error=os_reason(exc))) from None
        click.echo(_msg("copied", lang, path=target), err=True)
        return
    paths = _loading().list_examples()
    width = max((len(p.relative_to(base).as_posix()) for p in paths), default=0)
    for path in paths:
        name = path.relative_to(base).as_posix()
        try:
            title = _loading().load_scenario(path).title_label().render(lang)
        except FleeoddsError as exc:  # a shipped example must never be broken; say so loudly
            title = f"(invalid: {exc})"
        click.echo(f"{name:{width}s}  {title}")
    click.echo(_msg("examples_where", lang, path=base), err=True)


@main.command(context_settings=CONTEXT)
@click.argument("scenarios", nargs=-1, required=True)
@_apply(method_options)
@click.option("--label", "labels", multiple=True,
              help="Name of each setup, in order (repeat the option); default: the file names.")
@click.option("--independent", is_flag=True,
              help="Treat the Monte Carlo runs as independent (wider difference intervals; for checks).")
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "md", "csv", "json"]), default="table",
              show_default=True, help="Output format. csv/json hold every row with its difference interval.")
@click.option("--chart", "-c", type=CHART, default=None,
              help="Grouped bar chart of the setups (.png or .svg).")
@click.option("--diff-chart", type=CHART, default=None,
              help="Chart of the differences against the first setup, with their intervals (.png or .svg).")
@click.option("--distribution", "-d", is_flag=True,
              help="Also print ordered outcomes as 'this or worse' / 'this or better' per setup.")
@click.option("--out", "-o", type=TEXT_OUT, default=None,
              help="Write the output to a file instead of the terminal.")
@_apply(chart_options)
@strict_option
def compare(scenarios, trials, precision, seed, exact_only, mc_only, both, lang, no_progress, labels,
            independent, fmt, chart, diff_chart, distribution, out, chart_title, chart_subtitle, xlabel, ylabel,
            legend_title, show_zero, chart_size):
    """Compare setups side by side: SCENARIOS are two or more .toml files or example names, or one
    scenario with its own [compare] setups (label = { "field.path" = value }).

    Monte Carlo runs are paired on common random numbers (trial t of every setup reads the same
    dice), so each difference against the first setup has its own, much tighter, 95% interval;
    differences are exact where both setups have an exact solver.

    \b
    Examples:
      fleeodds compare my_ld7.toml my_ld8.toml --label "Ld 7" --label "Ld 8" --chart ld.png
      fleeodds compare dnd/rogue_decision_table_35.toml --mc -n 200000 --diff-chart rogue_diff.svg
      fleeodds compare hell_dorado/fuite_djinn_intangible.toml --lang fr --format md
    """
    from .compare import compare as run_compare
    from .report import tables

    _sizing(trials, precision, lang)
    loaded = [_loading().load_scenario(s) for s in scenarios]
    title = ""
    if len(loaded) == 1:
        sc = loaded[0]
        variants = sc.variants()
        if len(variants) < 2:
            raise click.UsageError(_msg("two_scenarios", lang))
        noted = _say_notes(sc, lang, variants)
        setups = [(v.label().render(lang), v.scenario) for v in variants]
        title = sc.title_label().render(lang)
        if labels:
            raise click.UsageError(_msg("label_files", lang))
    else:
        if labels and len(labels) != len(loaded):
            raise click.UsageError(_msg("label_count", lang, n=len(loaded)))
        names = list(labels) or [Path(s).stem for s in scenarios]
        setups = []
        noted = []
        for name, sc in zip(names, loaded):  # a file with its own setups brings each of them
            variants = sc.variants()
            noted += _say_notes(sc, lang, variants, prefix=f"{name}: ")
            setups += [(f"{name}: {v.label().render(lang)}", v.scenario) for v in variants] or [(name, sc)]
        title = " / ".join(names)
    method = _method(exact_only, mc_only, loaded[0], both, lang)  # "both" falls back to Monte Carlo where not exact
    with use_lang(lang):  # the labels' language
        comp = run_compare(setups, method, trials=trials, precision=precision, seed=seed,
                           progress=False if no_progress else None, title=title, paired=not independent, notes=noted)
    _emit(_render_comparison(comp, fmt, cumulative=distribution), out, lang)
    kw = _chart_kw(chart_title, chart_subtitle, xlabel, ylabel, legend_title, chart_size, show_zero)
    if chart:
        _charts().comparison_chart(comp.frame, chart, lang=lang, footnote=tables.comparison_chart_notes(comp),
                                   **({"title": title} | kw))
        click.echo(_msg("chart_written", lang, path=chart), err=True)
    if diff_chart:
        _charts().difference_chart(comp, diff_chart, footnote=tables.comparison_chart_notes(comp, True), **kw)
        click.echo(_msg("diff_chart_written", lang, path=diff_chart), err=True)


@main.command(context_settings=CONTEXT)
@click.argument("scenario")
@click.option("--vary", "-v", "vary", multiple=True, required=True, metavar="FIELD=VALUES",
              help="A field and its values: a range 5..10 (or 0..20..5) or a list 2d6,3d6 / 6th,7th,8th. "
                   "Repeat for a grid.")
@_apply(method_options)
@click.option("--outcome", default=None, help="Outcome code drawn on a heatmap or a multi-line chart.")
@click.option("--lines", is_flag=True,
              help="With two fields: lines of --outcome along the first field, one per value of the second.")
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "md", "csv", "json"]), default="table",
              show_default=True, help="csv is tidy: one row per cell and outcome.")
@click.option("--chart", "-c", type=CHART, default=None,
              help="Line chart (one field) or heatmap (two fields), .png or .svg.")
@click.option("--out", "-o", type=TEXT_OUT, default=None,
              help="Write the output to a file instead of the terminal.")
@_apply(chart_options)
@strict_option
def sweep(scenario, vary, trials, precision, seed, exact_only, mc_only, both, lang, no_progress, outcome, lines,
          fmt, chart, out, chart_title, chart_subtitle, xlabel, ylabel, legend_title, show_zero, chart_size):
    """Evaluate SCENARIO over a grid of field values (exact where the rules system allows).

    FIELD is a dotted name of the scenario file: fleeing.leadership, combat.margin, edition,
    table.edge_distance (Warhammer); runner.hp, mode, enemies.0.attack_bonus (D&D);
    fleeing.profile, fuite.room (Hell Dorado).

    \b
    Examples:
      fleeodds sweep warhammer/goblins_broken_by_dwarfs.toml --vary fleeing.leadership=2..10 --chart ld.png
      fleeodds sweep warhammer/goblins_broken_by_dwarfs.toml -v fleeing.leadership=5..10 \\
          -v combat.margin=1..6 --outcome caught --chart heat.svg --lang fr
      fleeodds sweep dnd/wizard_leaves_two_orcs_5e.toml -v runner.hp=4..12 -v mode=move,disengage -f csv
    """
    from .report import tables
    from .sweep import parse_vary, sweep as run_sweep

    if precision is not None:
        raise click.UsageError(_msg("sweep_precision", lang))
    items = [parse_vary(v) for v in vary]
    if chart and len(items) > 2:  # checked before the sweep runs, not after
        raise click.UsageError(_msg("chart_fields", lang))
    sc = _loading().load_scenario(scenario)
    if outcome is not None:
        sc.outcome_index(outcome)  # an unknown outcome code is an error now, not after the sweep
    method = None if not (exact_only or mc_only or both) else _method(exact_only, mc_only, sc, both, lang)
    with use_lang(lang):  # the labels' language
        sw = run_sweep(sc, items, method, trials=trials, seed=seed, progress=False if no_progress else None)
    for f in sw.manifest.get("fields_without_effect", []):
        click.echo(_msg("sweep_no_effect", lang, field=f), err=True)
    for record in sw.manifest.get("input_notes", []):  # written fields that change nothing at some points
        click.echo(_("note: ") + record["message"][lang], err=True)
    _emit(tables.render_sweep(sw, fmt), out, lang)
    kw = _chart_kw(chart_title, chart_subtitle, xlabel, ylabel, legend_title, chart_size)
    if chart:
        if len(sw.fields) == 1:
            _charts().line_chart(sw, chart, outcomes=[outcome] if outcome else None, **kw)
        elif len(sw.fields) == 2 and lines:
            _charts().line_chart(sw, chart, outcomes=[outcome or next(iter(sw.outcome_labels()))], **kw)
        elif len(sw.fields) == 2:
            _charts().heatmap(sw, outcome or next(iter(sw.outcome_labels())), chart, **kw)
        else:
            raise click.UsageError(_msg("chart_fields", lang))
        click.echo(_msg("chart_written", lang, path=chart), err=True)


@main.command(context_settings=CONTEXT)
@click.argument("folder", type=click.Path(exists=True, file_okay=False), default="analysis")
@click.option("--out", "-o", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Output folder [default: FOLDER/output].")
@click.option("--lang", "-l", "langs", type=click.Choice(["en", "fr"]), multiple=True,
              help="Languages to produce (repeat) [default: en and fr].")
@click.option("--only", multiple=True, help="Only the analyses with these names (file stems).")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
def report(folder, out_dir, langs, only, no_progress):
    """Regenerate every analysis of FOLDER (TOML files): tables (Markdown, CSV) and charts (PNG, SVG).

    Each analysis names a scenario, a kind (run, compare or sweep) and its parameters, with
    titles in English and French; see analysis/README.md.

    \b
    Examples:
      fleeodds report analysis/
      fleeodds report analysis/ --out site/figures --lang fr
    """
    from .analysis import run_folder

    written = None
    for lg in langs or available_langs():  # each language's run in that language; the gallery shows them all
        with use_lang(lg):
            written = run_folder(Path(folder), Path(out_dir) if out_dir else None, only=only,
                                 progress=False if no_progress else None, earlier=written)
    lang = langs[0] if len(set(langs)) == 1 else get_lang()  # the console's: the one asked, else the reader's
    from .report.format import fixed

    for a in written:
        click.echo(f"{a.name:40s} {len(a.files):3d} " + _msg("report_line", lang, seconds=fixed(a.seconds, lang, 2).rjust(6),
                                                              title=a.title))
    if not written:
        raise FleeoddsError(_msg("no_analysis", lang, folder=folder))
    click.echo(_msg("report_index", lang, index=written[0].index, gallery=written[0].gallery), err=True)


@main.command(context_settings=CONTEXT)
@click.argument("system")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of the titles and descriptions.")
@click.option("--out", "-o", type=TEXT_OUT, default=None, help="Write the schema to a file.")
def schema(system, lang, out):
    """Print the JSON Schema of SYSTEM's scenario files: every field with its title, description,
    unit, default and allowed values or range.

    \b
    Examples:
      fleeodds schema warhammer
      fleeodds schema dnd --lang fr -o dnd.schema.json
    """
    import json

    from .system import get_system

    with use_lang(lang):
        schema = get_system(system).schema()
    _emit(json.dumps(schema, indent=2, ensure_ascii=False, allow_nan=False) + "\n", out)


@main.command(context_settings=CONTEXT)
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of the titles and messages.")
def warmup(no_progress, lang):
    """Compile every Monte Carlo kernel now (once: numba keeps them in its cache), so that later
    runs start in seconds. Takes one to four minutes on a 2-core machine the first time.

    \b
    Example:
      fleeodds warmup
    """
    import time

    from tqdm.auto import tqdm

    t0 = time.perf_counter()
    paths = _loading().list_examples()
    for path in tqdm(paths, desc=_("compiling kernels"), unit="example", disable=True if no_progress else None):
        sc = _loading().load_scenario(path)
        sc.kernel()(0, 0, 100)
        if sc.has_trial_kernel:
            sc.trial_kernel()(0, 0, 100)
    click.echo(_msg("warm", lang, n=len(paths), seconds=f"{time.perf_counter() - t0:.0f}"), err=True)


@main.command(context_settings=CONTEXT)
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of the names.")
def systems(lang):
    """List the rules systems (the `system = "..."` key of a scenario file)."""
    from .system import get_system, system_keys

    for key in system_keys():
        click.echo(f"{key:15s} {get_system(key).label().render(lang)}")


@main.command(context_settings=CONTEXT)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but loopback (127.0.0.0/8, localhost, ::1) needs --public.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--public", is_flag=True,
              help="Hosted mode: allow a non-loopback --host (the page has no login: anyone who reaches it can "
              "use it and the machine's CPU).")
@click.option("--base-url", default=None, metavar="URL",
              help="Hosted mode: the address players use (https://odds.example.org/), e.g. behind a reverse "
              "proxy; share links are built on it and its host name is accepted in the Host header.")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="Another host name accepted in the Host header (repeatable); loopback names always are.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (uvicorn's own workers), each with its own work queue.")
@click.option("--work-processes", type=click.IntRange(0, 64), default=None,
              help="Worker processes for the heavy work of each server process (exact solves, Monte Carlo, "
              "charts, comparisons, sweeps, uploads)  [default: 2]; 0: on threads of the server process.")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="The page's language until the player picks one.")
def serve(host, port, open_browser, public, base_url, allowed_hosts, workers, work_processes, lang):
    """Serve the local web page: pick a system and an example, change fields, see the odds,
    compare, sweep and share the link (needs the web extra: pip install "fleeodds[web]").

    \b
    Examples:
      fleeodds serve --open
      fleeodds serve --port 8080
      fleeodds serve --public --host 0.0.0.0 --base-url https://odds.example.org/ --workers 2
    """
    try:
        from .web import serve as run_server
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise FleeoddsError(Message(N_('serve: the web page needs the web extra ({name} is missing); install it '
                                       'with: pip install "fleeodds[web]"'), name=exc.name)) from None
    run_server(host, port, open_browser, public=public, base_url=base_url, allowed_hosts=tuple(allowed_hosts),
               workers=workers, lang=lang, work_processes=work_processes)


from .cli_bsdata import import_bsdata, rank  # noqa: E402  (list building)

main.add_command(import_bsdata)
main.add_command(rank)
main.add_command(__import__("fleeodds.cli_matrix", fromlist=["matrix"]).matrix)  # army against army
main.add_command(__import__("fleeodds.cli_decide", fromlist=["decide"]).decide)  # which choice is best
for _command in main.commands.values():  # every help page goes through the translating formatter
    _command.context_class = Context

if __name__ == "__main__":  # pragma: no cover
    main()
