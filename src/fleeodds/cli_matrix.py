"""``fleeodds matrix``: every unit of one BattleScribe catalogue against every unit of another.

Registered in :mod:`fleeodds.cli` with ``main.add_command``. It knows no game: the units come
through the scenario's rules system (:func:`fleeodds.matrix.load_army`), the cells are built and
evaluated by :func:`fleeodds.matrix.matrix` on a :class:`fleeodds.scale.Runner`.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .cli_types import LANG_DEFAULT, default_lang, CHART, OutFile, say_notes, strict_option
from .errors import InputError
from .foreign import os_reason
from .language import Message, N_, _, render, use_lang

_FILE = click.Path(dir_okay=False, path_type=Path)
_OUT = OutFile((".json", ".csv", ".md"))


@click.command("matrix")
@click.argument("fleeing_cat", metavar="FLEEING.cat", type=_FILE)
@click.argument("pursuing_cat", metavar="PURSUING.cat", type=_FILE)
@click.option("--scenario", "scenario_path", required=True,
              help="A scenario file of a rules system with list building (or a shipped example name such as "
                   "warhammer/rank_broken_by_2_8th.toml); its two units are replaced in every cell.")
@click.option("--system", "system", type=_FILE, default=None,
              help="The BattleScribe game-system file (.gst) of the catalogues.")
@click.option("--method", type=click.Choice(["auto", "exact", "mc"]), default="auto", show_default=True,
              help="auto = exact where a cell's scenario has an exact solver, else Monte Carlo.")
@click.option("--trials", type=click.IntRange(1_000, 100_000_000), default=100_000, show_default=True,
              help="Monte Carlo trials per cell (only for cells that are not exact).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed of the run; each cell's seed derives from it and the two unit names.")
@click.option("--types", default=None,
              help="Keep only units of these types, on both sides, comma-separated (Warhammer troop types: "
                   "infantry,cavalry,monster…; French names too).")
@click.option("--points", "points", default=None,
              help="Keep only units whose points cost is in LOW..HIGH (e.g. 50..250, 100.., ..300), on both sides.")
@click.option("--top", type=click.IntRange(1, None), default=None,
              help="Show only the N best units of each side (table and chart; --out keeps every cell).")
@click.option("--format", "fmt", type=click.Choice(["table", "md", "csv", "json"]), default="table",
              show_default=True, help="What to print: the matrix (table, md, csv) or everything (json).")
@click.option("--layout", type=click.Choice(["wide", "cells", "long"]), default="wide", show_default=True,
              help="wide = the matrix of the total; cells = one row per pair with every outcome, points and "
                   "per-100-points columns; long = one row per pair and outcome (tidy, CSV/JSON).")
@click.option("--out", "out", type=_OUT, default=None,
              help="Also write the result to FILE (.json: everything, and what --resume reads; .csv: the "
                   "--layout; .md: the matrix).")
@click.option("--resume", is_flag=True,
              help="Keep the cells already in --out FILE.json (of the same scenario, method, trials and seed) "
                   "and compute only the others.")
@click.option("--chart", "chart", type=CHART, default=None, help="Also draw the heatmap (.png or .svg).")
@click.option("--workers", type=click.IntRange(1, 512), default=None,
              help="Run the cells on a local Dask cluster of N worker processes.")
@click.option("--scheduler", default=None,
              help="Run the cells on an existing Dask cluster: its scheduler's address (tcp://HOST:8786).")
@click.option("--unit-size", "unit_size", default=None,
              help="How many models each unit fields where the rules system sizes units (a fight): 'minimum' "
                   "(the catalogue's minimum size, the default), 'scenario', 'points:N' or N. A character, a "
                   "monster or a war machine is always one model.")
@click.option("--lang", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT)
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@click.option("-v", "--verbose", is_flag=True, help="List every import note and unmapped rule.")
@strict_option
def matrix(fleeing_cat, pursuing_cat, scenario_path, system, method, trials, seed, types, points, top, fmt, layout,
           out, resume, chart, workers, scheduler, lang, no_progress, verbose, unit_size=None) -> None:
    """Every unit of FLEEING.cat against every unit of PURSUING.cat in one scenario.

    Each unit of the first catalogue takes the first role of the scenario (Warhammer: the
    fleeing unit), each unit of the second the other role (the pursuer); every pair is
    evaluated exactly where the scenario allows, by Monte Carlo otherwise (95% Wilson
    intervals). Rows and columns are sorted best first for their side.

    \b
    Examples:
      fleeodds matrix orcs.cat empire.cat --system whfb8.gst --scenario warhammer/rank_broken_by_2_8th.toml
      fleeodds matrix orcs.cat empire.cat --scenario my.toml --types cavalry --chart m.png --out m.json
      fleeodds matrix orcs.cat empire.cat --scenario my.toml --workers 4 --out m.json --resume
    """
    from .cli_bsdata import _report
    from .loading import load_scenario
    from .matrix import load_army, matrix as build, read_matrix
    from .report.matrices import matrix_grid, matrix_text
    from .report.text import msg
    from .scale import Runner

    if fmt in ("table", "md") and layout == "long":
        raise click.UsageError(_("--layout long is a tidy table for CSV or JSON; use --format csv or json"))
    if resume and (out is None or Path(out).suffix.lower() != ".json"):
        raise InputError("resume", out or "", Message(N_("an --out FILE.json to resume from (the JSON output keeps every cell)")))
    runner = Runner(workers=workers, scheduler=scheduler)  # a bad pair of options fails before any reading
    scenario = load_scenario(scenario_path)
    say_notes(scenario, lang, variants=[])  # said once, whatever the number of cells
    rows = load_army(fleeing_cat, system, rules_system=scenario.system)
    cols = load_army(pursuing_cat, system, rules_system=scenario.system)
    previous = read_matrix(out) if resume and Path(out).exists() else None

    def save(m) -> None:  # written aside, then renamed: an interrupted write never spoils the file
        tmp = Path(out).with_name(Path(out).name + ".part")
        try:
            tmp.write_text(m.to_json(), encoding="utf-8")
            os.replace(tmp, out)
        except OSError as exc:
            raise InputError("out", str(out), Message(N_("a writable file ({error})"), error=os_reason(exc))) from None

    checkpoint = save if out is not None and Path(out).suffix.lower() == ".json" else None
    with runner, use_lang(lang):  # the labels' language
        result = build(scenario, rows, cols, method=method, trials=trials, seed=seed, types=types, points=points,
                       runner=runner, progress=False if no_progress else None, resume=previous,
                       checkpoint=checkpoint,
                       unit_size=int(unit_size) if unit_size and unit_size.isdigit() else unit_size)
    if out is not None:
        suffix = Path(out).suffix.lower()
        if suffix == ".json":
            save(result)
        text = (None if suffix == ".json" else
                _csv(result, layout, lang) if suffix == ".csv" else
                matrix_text(result, "cells" if layout == "cells" else "wide", lang, "md"))
        if text is not None:
            try:
                Path(out).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise InputError("out", str(out), Message(N_("a writable file ({error})"), error=os_reason(exc))) from None
    shown = result if top is None else result.top(top)
    if fmt == "json":
        click.echo(shown.to_json())
    elif fmt == "csv":
        click.echo(_csv(shown, layout, lang), nl=False)
    else:
        r0, r1 = result.roles
        click.echo(result.title)
        with use_lang(lang):
            click.echo(_("Each unit of {rows} as the {row_role} against each unit of {cols} as the {col_role}: "
                         "{value}", rows=rows.name, row_role=result.role_label(r0), cols=cols.name,
                         col_role=result.role_label(r1), value=result.value_label()))
        click.echo(matrix_text(shown, layout, lang, fmt))
    m = result.manifest
    err = lambda s: click.echo(s, err=True)  # noqa: E731
    from babel.numbers import get_decimal_symbol

    from .i18n import LOCALES

    with use_lang(lang):
        resumed = _(", {resumed} resumed from {out}", resumed=m["resumed"], out=out) if resume else ""
        err(_("{cells} cells: {computed} computed{resumed}, {chains} distinct exact chains solved, {failed} failed "
              "({runner}, {seconds} s)", cells=m["cells"], computed=m["computed"], resumed=resumed,
              chains=m["distinct_exact"], failed=m["failed"], runner=runner.describe().render(),
              seconds=str(m["seconds"]).replace(".", get_decimal_symbol(LOCALES.get(lang, LOCALES["en"])))))
    for a, b, why in result.failures:
        err(_("  cell not computed: ") + f"{a} / {b}: {render(why)}")
    if chart is not None:
        from .report.charts import chart_matrix

        chart_matrix(matrix_grid(result, lang, top=top), chart, lang)
        err(msg("chart_written", lang, path=chart))
    if verbose:
        for army in (rows, cols):
            if army.imported is not None:
                _report(army.imported, verbose, lang=lang)


def _csv(result, layout: str, lang: str) -> str:
    """The matrix as CSV for a reader of ``lang`` (:meth:`fleeodds.results.Matrix.to_csv`)."""
    with use_lang(lang):
        return result.to_csv(layout)
