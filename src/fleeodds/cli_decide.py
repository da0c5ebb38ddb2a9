"""``fleeodds decide``: which choice is best for what the player wants (a scenario's ``[decide]`` table).

The choices and goals are read from the file (docs/decisions.md); every combination is evaluated exactly where
the rules system can, else by Monte Carlo on common random numbers, and the best choice is named with what it
is worth over the choice as written and over the worst.
"""

from __future__ import annotations

import json

import click

from .language import use_lang
from .cli_types import LANG_DEFAULT, default_lang, CHART, TEXT_OUT, emit, say_notes, strict_option

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _msg(key: str, lang: str = "en", **fmt) -> str:
    from .report.text import msg

    return msg(key, lang, **fmt)


@click.command("decide", context_settings=CONTEXT)
@click.argument("scenario")
@click.option("--trials", "-n", type=click.IntRange(min=1), default=None,
              help="Monte Carlo trials per option [default: 1,000,000].")
@click.option("--seed", "-s", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True,
              help="Seed: the same seed gives the same counts on any number of threads.")
@click.option("--exact", "exact_only", is_flag=True, help="Exact solver only.")
@click.option("--mc", "mc_only", is_flag=True, help="Monte Carlo only.")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of labels and number format.")
@click.option("--no-progress", is_flag=True, help="Never show a progress bar.")
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "md", "json"]), default="table",
              show_default=True, help="Output format. json holds every option's value per goal.")
@click.option("--chart", "-c", type=CHART, default=None,
              help="Write the decision chart (the options side by side, the best marked; .png or .svg).")
@click.option("--goal", default=None, help="Goal drawn on the chart [default: the first goal].")
@click.option("--size", "chart_size", type=click.Choice(["print", "screen"]), default="print",
              show_default=True, help="Chart canvas: print (6.5 in, 300 dpi) or screen (9 in, 120 dpi).")
@click.option("--vary", "-v", "vary", default=None, metavar="FIELD=VALUES",
              help="Decide at every value of one field (e.g. table.edge_distance=4..20): where the best changes.")
@click.option("--out", "-o", type=TEXT_OUT, default=None,
              help="Write the output to a file instead of the terminal.")
@strict_option
def decide(scenario, trials, seed, exact_only, mc_only, lang, no_progress, fmt, chart, goal, chart_size, vary,
           out):
    """Name the best choice of SCENARIO's [decide] table, and what it is worth.

    The file names the choices (fields the rules system declares as decision points)
    and the goal: an outcome such as "held", a named goal such as "not_destroyed",
    or "min:damage" (docs/decisions.md).

    \b
    Examples:
      fleeodds decide dnd/rogue_decision_table_35.toml
      fleeodds decide warhammer/tow_swiftstride_near_edge.toml --lang fr --chart choix.png
      fleeodds decide warhammer/tow_swiftstride_near_edge.toml -v table.edge_distance=4..20 -c switch.png
      fleeodds decide my.toml --format json -o decision.json
    """
    from . import decisions
    from .report.decision import decision_chart, decision_sweep_chart, render_decision, render_decision_sweep

    from . import engine
    from .loading import load_scenario

    engine.SKIP_NUMBA_BLAS_PROBE = True  # this process runs no numba code but fleeodds' kernels
    if exact_only and mc_only:
        raise click.UsageError(_msg("methods_exclusive", lang))
    sc = load_scenario(scenario)
    say_notes(sc, lang, [])
    if sc.compare_setups():  # a decision compares its own options; [compare] is for fleeodds run
        click.echo("note: [compare] setups are not used by decide (fleeodds run shows them)" if lang == "en" else
                   "remarque : les configurations [compare] ne servent pas à decide (fleeodds run les montre)",
                   err=True)
    method = "exact" if exact_only else "mc" if mc_only else "both"
    progress = False if no_progress else None
    if vary:
        from .sweep import parse_vary

        name, values = parse_vary(vary)
        with use_lang(lang):
            swept = decisions.decide_sweep(sc, name, values, method, trials=trials, seed=seed, progress=progress)
        if fmt == "json":
            text = json.dumps({"field": name, "values": values, "rows": swept.rows(),
                               "switches": {g.code: [list(s) for s in swept.switches(g.code)]
                                            for g in swept.decisions[0].goals}},
                              ensure_ascii=False, indent=2, default=str) + "\n"
        else:
            text = render_decision_sweep(swept, fmt, goal)
        if chart:
            decision_sweep_chart(swept, chart, goal=goal, size=chart_size)
    else:
        with use_lang(lang):
            result = decisions.decide(sc, method, trials=trials, seed=seed, progress=progress)
        text = (json.dumps(result.to_dict(), ensure_ascii=False, indent=2) + "\n" if fmt == "json"
                else render_decision(result, fmt))
        if chart:
            decision_chart(result, chart, goal=goal, size=chart_size)
    emit(text, out, lang)
    if chart:
        click.echo(_msg("chart_written", lang, path=chart), err=True)
