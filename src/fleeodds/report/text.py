"""Words of the tables and charts, in English and French."""

WORDS = {
    "outcome": {"en": "Outcome", "fr": "Résultat"},
    "exact": {"en": "Exact", "fr": "Exact"},
    "fraction": {"en": "Fraction", "fr": "Fraction"},
    "monte_carlo": {"en": "Monte Carlo", "fr": "Monte-Carlo"},
    "ci": {"en": "95% interval", "fr": "Intervalle à 95 %"},
    "count": {"en": "Count", "fr": "Effectif"},
    "probability": {"en": "Probability", "fr": "Probabilité"},
    "trials_seed": {"en": "Monte Carlo: {trials} trials, seed {seed}", "fr": "Monte-Carlo : {trials} tirages, graine {seed}"},
    "exact_note": {"en": "exact values (◆)", "fr": "valeurs exactes (◆)"},
    "exact_only": {"en": "exact values", "fr": "valeurs exactes"},
    "interval_note": {"en": "whiskers: 95% Wilson interval", "fr": "moustaches : intervalle de Wilson à 95 %"},
    "setup": {"en": "Setup", "fr": "Configuration"},
    "exactly": {"en": "exactly", "fr": "exactement"},
    "at_least": {"en": "at least", "fr": "au moins"},
    "at_most": {"en": "at most", "fr": "au plus"},
}


def w(key: str, lang: str, **fmt) -> str:
    """The word ``key`` in ``lang``, formatted with ``fmt``."""
    s = WORDS[key]["fr" if lang == "fr" else "en"]
    return s.format(**fmt) if fmt else s

WORDS.update({
    "difference_axis": {"en": "Difference vs {base} (percentage points)",
                        "fr": "Écart par rapport à « {base} » (points de pourcentage)"},
    "paired_note": {"en": "whiskers: 95% paired interval (common random numbers)",
                    "fr": "moustaches : intervalle apparié à 95 % (mêmes tirages)"},
    "independent_note": {"en": "whiskers: 95% interval (independent runs)",
                         "fr": "moustaches : intervalle à 95 % (tirages indépendants)"},
    "band_note": {"en": "bands: 95% Wilson interval", "fr": "bandes : intervalle de Wilson à 95 %"},
    "distribution_of": {"en": "Distribution of the {metric}", "fr": "Distribution : {metric}"},
    "exact_values": {"en": "exact values", "fr": "valeurs exactes"},
    "bars_exact_else_mc": {"en": "bars: the exact value where the setup has an exact solver, else Monte Carlo",
                           "fr": "barres : la valeur exacte quand la configuration a un calcul exact, sinon "
                                 "Monte-Carlo"},
    "probability_of": {"en": "P({outcome})", "fr": "P({outcome})"},
    "outcomes_legend": {"en": "Outcome", "fr": "Résultat"},
})

WORDS.update({
    "difference_unit": {"en": "differences in percentage points, 95% interval in brackets",
                        "fr": "écarts en points de pourcentage, intervalle à 95 % entre crochets"},
    "difference_unit_exact": {"en": "differences in percentage points (exact)",
                              "fr": "écarts en points de pourcentage (exacts)"},
    "cells_note": {"en": "each cell: the exact value where the setup has an exact solver, else the Monte Carlo estimate",
                   "fr": "chaque case : la valeur exacte si la configuration a un calcul exact, sinon l'estimation Monte-Carlo"},
    "differences_title": {"en": "Differences vs {base}", "fr": "Écarts par rapport à « {base} »"},
})

WORDS.update({
    "or_worse": {"en": "this or worse (at least)", "fr": "celui-ci ou pire (au moins)"},
    "or_better": {"en": "this or better (at most)", "fr": "celui-ci ou mieux (au plus)"},
    "rule_sources_title": {"en": "Rules used, with their sources", "fr": "Règles utilisées et leurs sources"},
    "cumulative_title": {"en": "Ordered outcomes: at least / at most",
                         "fr": "Résultats ordonnés : au moins / au plus"},
    "cumulative_off_scale": {"en": "No ordered view (this or worse / this or better): {outcomes} cannot be "
                                   "ranked against the other outcomes.",
                             "fr": "Pas de vue ordonnée (celui-ci ou pire / ou mieux) : impossible de classer "
                                   "{outcomes} parmi les autres résultats."},
})

#: Messages of the command line.
WORDS.update({
    "msg_chart_written": {"en": "chart written to {path}", "fr": "graphique écrit dans {path}"},
    "msg_metric_chart_written": {"en": "metric chart written to {path}", "fr": "graphique de la distribution écrit dans {path}"},
    "msg_diff_chart_written": {"en": "difference chart written to {path}", "fr": "graphique des écarts écrit dans {path}"},
    "msg_written": {"en": "written to {path}", "fr": "écrit dans {path}"},
    "msg_warm": {"en": "kernels of {n} examples ready in {seconds} s",
                 "fr": "noyaux des {n} exemples prêts en {seconds} s"},
    "msg_unused": {"en": "note: not used in this situation: {fields}",
                   "fr": "remarque : sans usage dans cette situation : {fields}"},
    "msg_sweep_no_effect": {"en": "note: {field} changes nothing in this sweep",
                            "fr": "remarque : {field} ne change rien dans ce balayage"},
    "msg_copied": {"en": "copied to {path}: edit it, then `fleeodds run {path}`",
                   "fr": "copié dans {path} : modifiez-le, puis `fleeodds run {path}`"},
    "msg_examples_where": {"en": "(files in {path}; `fleeodds examples --copy NAME` copies one here to edit)",
                           "fr": "(fichiers dans {path} ; `fleeodds examples --copy NOM` en copie un ici pour le "
                                 "modifier)"},
    "msg_report_line": {"en": "files  {seconds} s  {title}", "fr": "fichiers  {seconds} s  {title}"},
    "msg_report_index": {"en": "index written to {index}, gallery {gallery}",
                         "fr": "index écrit dans {index}, galerie {gallery}"},
    "msg_no_analysis": {"en": "report: no analysis file (.toml with a kind) in {folder}",
                        "fr": "report : aucun fichier d'analyse (.toml avec un kind) dans {folder}"},
    "msg_mc_only": {"en": "note: Monte Carlo only: {why}", "fr": "remarque : Monte-Carlo seulement : {why}"},
    "msg_distribution_single": {
        "en": "note: -d/--distribution shows single scenarios and ordered outcomes; use `fleeodds compare` "
              "or run one setup for its distribution",
        "fr": "remarque : -d/--distribution montre un scénario seul et les résultats ordonnés ; lancez une "
              "seule configuration pour sa distribution"},
})


def msg(key: str, lang: str, **fmt) -> str:
    """A command-line message (``msg_<key>``) in ``lang``."""
    return w("msg_" + key, lang, **fmt)

#: Titles of sweep charts: what varies.
WORDS.update({
    "outcomes_legend_plural": {"en": "Outcomes", "fr": "Résultats"},
    "by_field": {"en": "{what} by {field}", "fr": "{what} selon {field}"},
    "by_field_lines": {"en": "{what} by {field}, one line per {other}",
                       "fr": "{what} selon {field}, une courbe par {other}"},
    "by_two_fields": {"en": "{what} by {field} and {other}", "fr": "{what} selon {field} et {other}"},
    "base_scenario": {"en": "Base scenario: {title}", "fr": "Scénario de base : {title}"},
    "same_as": {"en": "(same as {other})", "fr": "(comme {other})"},
})

#: Usage errors of the command line.
WORDS.update({
    "msg_trials_or_precision": {"en": "give --trials or --precision, not both",
                                "fr": "donnez --trials ou --precision, pas les deux"},
    "msg_methods_exclusive": {"en": "--exact, --mc and --both exclude each other (--both is the default)",
                              "fr": "--exact, --mc et --both s'excluent (--both par défaut)"},
    "msg_metric_chart_single": {"en": "--metric-chart needs a scenario without [compare] setups",
                                "fr": "--metric-chart demande un scénario sans configurations [compare]"},
    "msg_two_scenarios": {"en": "give two or more scenarios, or one with [compare] setups",
                          "fr": "donnez deux scénarios ou plus, ou un seul avec des configurations [compare]"},
    "msg_label_files": {"en": "--label names files; a scenario's own setups keep their names",
                        "fr": "--label nomme des fichiers ; les configurations d'un scénario gardent leur nom"},
    "msg_label_count": {"en": "give one --label per scenario ({n}), or none",
                        "fr": "donnez un --label par scénario ({n}), ou aucun"},
    "msg_sweep_precision": {"en": "a sweep takes --trials per cell, not --precision",
                            "fr": "un balayage prend --trials par case, pas --precision"},
    "msg_chart_fields": {"en": "charts draw one varied field (lines) or two (heatmap)",
                         "fr": "les graphiques montrent un champ qui varie (courbes) ou deux (carte de chaleur)"},
})

#: How the exact solver computed (the manifest's exact_mode).
WORDS.update({
    "mode_fraction": {"en": "fraction", "fr": "fractions"},
    "mode_float": {"en": "float", "fr": "virgule flottante"},
})
