"""The ``fleeodds`` command line (click).

Examples::

    fleeodds examples
    fleeodds run warhammer/goblins_broken_by_dwarfs.toml --chart goblins.png
    fleeodds run my_scenario.toml --precision 0.001 --seed 7 --format md --lang fr
    fleeodds run warhammer/leadership_by_edition.toml --exact --chart editions.svg
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import api
from .errors import FleeoddsError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class _Group(click.Group):
    """Turns FleeoddsError into a one-line message and exit status 2, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except FleeoddsError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings=CONTEXT)
@click.version_option(package_name="fleeodds")
def main():
    """Odds of flee, pursuit and free-attack exchanges in tabletop games.

    Exact where the maths allows, Monte Carlo with 95 % intervals everywhere.
    Start with `fleeodds examples`, then `fleeodds run NAME`.
    """


def _sizing(trials, precision):
    if trials is not None and precision is not None:
        raise click.UsageError("give --trials or --precision, not both")


def _method(exact_only: bool, mc_only: bool, scenario) -> str:
    if exact_only and mc_only:
        raise click.UsageError("--exact and --mc exclude each other (use --both)")
    if exact_only:
        return "exact"
    if mc_only:
        return "mc"
    return "both" if getattr(scenario, "has_exact", True) else "mc"


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
    click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default="en", show_default=True,
                 help="Language of labels and number format."),
    click.option("--no-progress", is_flag=True, help="Never show a progress bar."),
]


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
@click.option("--chart", "-c", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write a chart (.png or .svg).")
@click.option("--distribution", "-d", is_flag=True,
              help="Also print the metric (turn, distance, damage) as exactly / at least / at most.")
@click.option("--out", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the output to a file instead of the terminal.")
def run(scenario, trials, precision, seed, exact_only, mc_only, both, lang, no_progress, fmt, chart,
        distribution, out):
    """Evaluate SCENARIO (a .toml file, or a name from `fleeodds examples`).

    \b
    Examples:
      fleeodds run warhammer/goblins_broken_by_dwarfs.toml --chart goblins.png
      fleeodds run warhammer/goblins_rally_or_flee_to_edge.toml -d --lang fr
      fleeodds run my.toml --precision 0.0005 --seed 42 --format json -o result.json
    """
    from .report import charts, tables

    _sizing(trials, precision)
    sc = api.load_scenario(scenario)
    method = _method(exact_only, mc_only, sc)
    progress = False if no_progress else None
    variants = sc.variants() if hasattr(sc, "variants") else []
    if variants:
        from .compare import compare

        setups = [(en if lang == "en" else fr, v) for en, fr, v in variants]
        comp = compare(setups, method, trials=trials, precision=precision, seed=seed, lang=lang,
                       progress=progress, title=sc.title)
        text = _render_comparison(comp, fmt)
        if chart:
            notes = tables.notes(comp.tables[0])
            charts.comparison_chart(comp.frame, chart, title=sc.title, lang=lang, footnote=notes)
    else:
        table = api.evaluate(sc, method, trials=trials, precision=precision, seed=seed, lang=lang,
                             progress=progress)
        if fmt == "json":
            text = table.to_json()
        elif fmt == "csv":
            text = table.to_csv()
        else:
            text = tables.render(table, fmt, distribution=distribution)
        if chart:
            charts.outcome_chart(table, chart)
    _emit(text, out)
    if chart:
        click.echo(f"chart written to {chart}", err=True)


def _render_comparison(comp, fmt: str) -> str:
    import json

    from tabulate import tabulate

    from .report.format import pct
    from .report.text import w

    if fmt == "json":
        return json.dumps({"title": comp.title, "rows": comp.frame.to_dict(orient="records"),
                           "manifests": [t.manifest for t in comp.tables]}, indent=2, default=str,
                          ensure_ascii=False)
    if fmt == "csv":
        return comp.frame.to_csv(index=False)
    wide = comp.wide()
    shown = wide.apply(lambda col: col.map(lambda p: pct(p, comp.lang, 2)))
    shown.index.name = w("outcome", comp.lang)
    body = tabulate(shown, headers="keys", tablefmt={"table": "simple", "md": "github"}[fmt],
                    disable_numparse=True)
    from .report.tables import notes

    head = f"## {comp.title}\n\n" if fmt == "md" else f"{comp.title}\n"
    return head + body + "\n\n" + "\n".join(notes(comp.tables[0])) + "\n"


def _emit(text: str, out: str | None) -> None:
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"written to {out}", err=True)
    else:
        click.echo(text, nl=not text.endswith("\n"))


@main.command(context_settings=CONTEXT)
def examples():
    """List the shipped example scenarios (use the NAME with `fleeodds run NAME`)."""
    base = api.example_dir()
    for path in api.list_examples():
        name = path.relative_to(base).as_posix()
        try:
            title = api.load_scenario(path).title
        except FleeoddsError as exc:  # a shipped example must never be broken; say so loudly
            title = f"(invalid: {exc})"
        click.echo(f"{name:50s} {title}")


from .cli_bsdata import import_bsdata, rank  # noqa: E402  (list building, issue 6)

main.add_command(import_bsdata)
main.add_command(rank)

if __name__ == "__main__":  # pragma: no cover
    main()
