"""Words of the tables and charts, from the message catalogues (:mod:`fleeodds.language`).

Each entry is its English text, marked for the catalogue (``N_``); its French is in
``locale/fr/LC_MESSAGES/fleeodds.po``.
"""

from ..language import N_, render, translation

WORDS = {
    "outcome": N_("Outcome"),
    "exact": N_("Exact"),
    "fraction": N_("Fraction"),
    "monte_carlo": N_("Monte Carlo"),
    "ci": N_("95% interval"),
    "count": N_("Count"),
    "probability": N_("Probability"),
    "trials_seed": N_("Monte Carlo: {trials} trials, seed {seed}"),
    "exact_note": N_("exact values (◆)"),
    "exact_only": N_("exact values"),
    "interval_note": N_("whiskers: 95% Wilson interval"),
    "setup": N_("Setup"),
    "exactly": N_("exactly"),
    "at_least": N_("at least"),
    "at_most": N_("at most"),
}


def w(key: str, lang: str, **fmt) -> str:
    """The word ``key`` in ``lang``, formatted with ``fmt``."""
    s = translation(lang).gettext(WORDS[key])
    if not fmt:
        return s
    return s.format(**{k: render(v, lang) for k, v in fmt.items()})  # a Message parameter in the same language

WORDS.update({
    "difference_axis": N_("Difference vs {base} (percentage points)"),
    "paired_note": N_("whiskers: 95% paired interval (common random numbers)"),
    "independent_note": N_("whiskers: 95% interval (independent runs)"),
    "band_note": N_("bands: 95% Wilson interval"),
    "distribution_of": N_("Distribution of the {metric}"),
    "exact_values": N_("exact values"),
    "bars_exact_else_mc": N_("bars: the exact value where the setup has an exact solver, else Monte Carlo"),
    "probability_of": N_("P({outcome})"),
    "outcomes_legend": N_("Outcome"),
})

WORDS.update({
    "difference_unit": N_("differences in percentage points, 95% interval in brackets"),
    "difference_unit_exact": N_("differences in percentage points (exact)"),
    "cells_note": N_("each cell: the exact value where the setup has an exact solver, else the Monte Carlo estimate"),
    "differences_title": N_("Differences vs {base}"),
})

WORDS.update({
    "or_worse": N_("this or worse (at least)"),
    "or_better": N_("this or better (at most)"),
    "rule_sources_title": N_("Rules used, with their sources"),
    "cumulative_title": N_("Ordered outcomes: at least / at most"),
    "cumulative_off_scale": N_("No ordered view (this or worse / this or better): {outcomes} cannot be "
                                   "ranked against the other outcomes."),
})

#: Messages of the command line.
WORDS.update({
    "msg_chart_written": N_("chart written to {path}"),
    "msg_metric_chart_written": N_("metric chart written to {path}"),
    "msg_diff_chart_written": N_("difference chart written to {path}"),
    "msg_written": N_("written to {path}"),
    "msg_warm": N_("kernels of {n} examples ready in {seconds} s"),
    "msg_unused": N_("note: not used in this situation: {fields}"),
    "msg_sweep_no_effect": N_("note: {field} changes nothing in this sweep"),
    "msg_copied": N_("copied to {path}: edit it, then `fleeodds run {path}`"),
    "msg_examples_where": N_("(files in {path}; `fleeodds examples --copy NAME` copies one here to edit)"),
    "msg_report_line": N_("files  {seconds} s  {title}"),
    "msg_report_index": N_("index written to {index}, gallery {gallery}"),
    "msg_no_analysis": N_("report: no analysis file (.toml with a kind) in {folder}"),
    "msg_mc_only": N_("note: Monte Carlo only: {why}"),
    "msg_decision_skipped": N_("note: the [decide] table is not answered here: {why}"),
    "msg_distribution_single": N_("note: -d/--distribution shows single scenarios and ordered outcomes; use `fleeodds compare` "
              "or run one setup for its distribution"),
})


def msg(key: str, lang: str, **fmt) -> str:
    """A command-line message (``msg_<key>``) in ``lang``."""
    return w("msg_" + key, lang, **fmt)

#: Titles of sweep charts: what varies.
WORDS.update({
    "outcomes_legend_plural": N_("Outcomes"),
    "by_field": N_("{what} by {field}"),
    "by_field_lines": N_("{what} by {field}, one line per {other}"),
    "by_two_fields": N_("{what} by {field} and {other}"),
    "base_scenario": N_("Base scenario: {title}"),
    "same_as": N_("(same as {other})"),
})

#: Usage errors of the command line.
WORDS.update({
    "msg_trials_or_precision": N_("give --trials or --precision, not both"),
    "msg_methods_exclusive": N_("--exact, --mc and --both exclude each other (--both is the default)"),
    "msg_metric_chart_single": N_("--metric-chart needs a scenario without [compare] setups"),
    "msg_two_scenarios": N_("give two or more scenarios, or one with [compare] setups"),
    "msg_label_files": N_("--label names files; a scenario's own setups keep their names"),
    "msg_label_count": N_("give one --label per scenario ({n}), or none"),
    "msg_sweep_precision": N_("a sweep takes --trials per cell, not --precision"),
    "msg_chart_fields": N_("charts draw one varied field (lines) or two (heatmap)"),
})

#: How the exact solver computed (the manifest's exact_mode).
WORDS.update({
    "mode_fraction": N_("fraction"),
    "mode_float": N_("float"),
})
