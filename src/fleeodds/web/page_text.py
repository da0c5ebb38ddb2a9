"""The web page's own words (buttons, headings, progress and error lines), from the message catalogue.

The page (``static/app.js``) names each of its texts by an id (``t("compute")``) and reads them, in its
language, from ``GET /api/text?lang=…``, which :func:`page_text` answers from the gettext catalogue: the
page holds no dictionary of its own, and a new language's ``.po`` translates the page too (docs/i18n.md).
Placeholders (``{n}``, ``{p}``…) are filled by the page.
"""

from __future__ import annotations

from ..language import NP_, available_langs, translation

#: The message context of the page's texts (written out in each NP_ below: Babel reads literals only): a
#: button's "Add" or "Exact" is translated apart from the same English word elsewhere in the catalogue.
CONTEXT = "web page"

#: Every text of the page, by the id app.js and templates/index.html (``data-i18n``) name it; the English
#: is the message id of the catalogue.
PAGE_TEXT: dict[str, str] = {
    "tagline": NP_("web page", "Odds of fleeing, pursuit and free attacks in tabletop games"),
    "ask": NP_("web page", "1. Your question"),
    "system": NP_("web page", "Game"),
    "start_from": NP_("web page", "Start from"),
    "defaults": NP_("web page", "(the defaults)"),
    "upload_title": NP_("web page", "Units from a BattleScribe catalogue"),
    "upload_help": NP_("web page",
               "Pick a .cat (or .catz) army file, and its .gst game system if you have it. It is read in memory; "
               "nothing is stored."),
    "catalogue": NP_("web page", "Catalogue"),
    "game_system_file": NP_("web page", "Game system (optional)"),
    "read_units": NP_("web page", "Read the units"),
    "unit": NP_("web page", "Unit"),
    "role": NP_("web page", "Role"),
    "use_unit": NP_("web page", "Use this unit"),
    "method": NP_("web page", "Method"),
    "m_both": NP_("web page", "Exact and Monte Carlo"),
    "m_exact": NP_("web page", "Exact only"),
    "m_mc": NP_("web page", "Monte Carlo only"),
    "trials": NP_("web page", "Monte Carlo trials"),
    "seed": NP_("web page", "Seed"),
    "compute": NP_("web page", "Compute"),
    "best_choice": NP_("web page", "Best choice"),
    "deciding": NP_("web page", "Comparing the choices…"),
    "decision_default": NP_("web page", "as written"),
    "decision_best": NP_("web page", "best"),
    "see": NP_("web page", "2. The answer"),
    "cancel": NP_("web page", "Stop"),
    "running": NP_("web page", "Simulating…"),
    "trials_done": NP_("web page", "trials"),
    "preparing": NP_("web page", "Preparing the Monte Carlo engine (compiled once, about a minute)…"),
    "compiling": NP_("web page", "Compiling the Monte Carlo kernels, once — about {n} s…"),
    "finishing": NP_("web page", "{n} trials done; drawing the answer…"),
    "finishing_warm": NP_("web page",
               "{n} trials done; drawing the answer (slower while the kernels compile, once)…"),
    "exact_running": NP_("web page", "Computing the exact answer…"),
    "compare": NP_("web page", "3. Compare setups"),
    "compare_help": NP_("web page",
               "Each setup changes one or more fields of the question above. Monte Carlo runs are paired (the same "
               "dice for every setup), so each difference has its own 95 % interval."),
    "setup_label": NP_("web page", "Name of the setup"),
    "field": NP_("web page", "Field"),
    "value": NP_("web page", "Value"),
    "add_setup": NP_("web page", "Add"),
    "run_compare": NP_("web page", "Compare"),
    "remove": NP_("web page", "Remove"),
    "no_setups": NP_("web page", "No setup yet: name one, pick a field and a value, then Add."),
    "sweep": NP_("web page", "4. Vary a field"),
    "sweep_help": NP_("web page",
               "Values: a range such as 5..10 (or 0..20..5), or a list such as 2d6,3d6. One field gives lines, two "
               "give a heatmap."),
    "values": NP_("web page", "Values"),
    "field2": NP_("web page", "Second field (optional)"),
    "outcome": NP_("web page", "Outcome shown"),
    "run_sweep": NP_("web page", "Draw"),
    "none": NP_("web page", "(none)"),
    "all_outcomes": NP_("web page", "(every outcome)"),
    "per_setup": NP_("web page", "One line per setup (of the chosen outcome)"),
    "no_change": NP_("web page", "the question as it is"),
    "share": NP_("web page", "5. Share and download"),
    "share_help": NP_("web page",
               "The link holds the whole question, with the settings of Compare and Vary a field: whoever opens it "
               "sees the same answer."),
    "share_local": NP_("web page",
               "This link opens the same question on this computer only: the page runs here (a local address). To "
               "share it with other players, send the scenario (TOML) below, or host the page for them (fleeodds serve "
               "--public --base-url, see docs/web.md)."),
    "copy_link": NP_("web page", "Copy the link"),
    "copied": NP_("web page", "Copied"),
    "dl_toml": NP_("web page", "Scenario (TOML)"),
    "dl_csv": NP_("web page", "Results (CSV)"),
    "dl_json": NP_("web page", "Results (JSON)"),
    "dl_png": NP_("web page", "Chart (PNG)"),
    "dl_svg": NP_("web page", "Chart (SVG)"),
    "dl_diff_png": NP_("web page", "Differences (PNG)"),
    "dl_diff_svg": NP_("web page", "Differences (SVG)"),
    "footer": NP_("web page", "runs on this computer; the JSON API is described at"),
    "outcome_col": NP_("web page", "Outcome"),
    "exact": NP_("web page", "Exact"),
    "fraction": NP_("web page", "Fraction"),
    "mc": NP_("web page", "Monte Carlo"),
    "ci": NP_("web page", "95 % interval"),
    "count": NP_("web page", "Count"),
    "value_col": NP_("web page", "Value"),
    "exactly": NP_("web page", "exactly"),
    "at_least": NP_("web page", "at least"),
    "at_most": NP_("web page", "at most"),
    "fix": NP_("web page", "Some fields need fixing (in red below):"),
    "fix_one": NP_("web page", "This field needs fixing (in red below):"),
    "not_number": NP_("web page", "{p}: this is not a number; expected {w}"),
    "not_number_v": NP_("web page", "{p}: '{v}' is not a number; expected {w}"),
    "not_whole": NP_("web page", "{p}: '{v}' is not a whole number; expected {w}"),
    "point_hint": NP_("web page", " (decimals take a point: {v})"),
    "a_number": NP_("web page", "a number"),
    "a_whole_number": NP_("web page", "a whole number"),
    "language": NP_("web page", "Language"),
    "range": NP_("web page", "from {a} to {b}"),
    "default": NP_("web page", "default: {v}"),
    "unset": NP_("web page", "(default)"),
    "yes": NP_("web page", "yes"),
    "no": NP_("web page", "no"),
    "add_item": NP_("web page", "Add"),
    "remove_item": NP_("web page", "Remove"),
    "item": NP_("web page", "Item"),
    "include": NP_("web page", "Fill in"),
    "more_options": NP_("web page", "More options"),
    "working": NP_("web page", "Working…"),
    "cancelled": NP_("web page", "Stopped."),
    "units_read": NP_("web page", "{n} units read from {c}."),
    "picked": NP_("web page", "Unit placed: {u}."),
    "setup": NP_("web page", "Setup"),
    "difference": NP_("web page", "Difference vs {b}"),
    "points": NP_("web page", "pts"),
    "diff_short": NP_("web page", "difference"),
    "notes_mc": NP_("web page", "Monte Carlo: {t} trials, seed {s}, {sec} s."),
    "notes_exact": NP_("web page", "Exact values: fractions computed without rounding."),
    "input_note": NP_("web page", "Note: "),
    "metric_of": NP_("web page", "{m}: exactly, at least, at most"),
    "unit_in": NP_("web page", "in {u}"),
    "fix_to_see": NP_("web page", "Fix the fields in red to see the answer."),
    "map_title": NP_("web page", "The table, seen from above"),
    "map_help": NP_("web page", "drawn from the form as you edit it (before any computing)"),
    "map_stale": NP_("web page", "The form has a field to fix: the map shows the last table the server could read."),
    "map_failed": NP_("web page",
               "The map could not be updated (the server did not answer it): it shows the last table drawn."),
    "map_grid": NP_("web page", "grid squares of {d}"),
    "err_busy": NP_("web page",
               "The server is already running as many calculations as it can. Wait a few seconds, then try again."),
    "err_server": NP_("web page",
               "The server failed on this question (error {s}). Try again; if it happens again, the server's log says "
               "why."),
    "err_network": NP_("web page",
               "The server does not answer: is fleeodds web still running? Start it again, then try again."),
    "err_http": NP_("web page", "The server refused the request (error {s})."),
    "no_answer": NP_("web page", "No answer: see the message above the form."),
    "more_fields": NP_("web page", "More options ({n})"),
    "from_profile": NP_("web page", "From the profile: change it to replace the profile's value"),
    "profile_card": NP_("web page", "Profile {p}:"),
    "none_short": NP_("web page", "none"),
    "json_scenario": NP_("web page", "The scenario (JSON)"),
    "json_help": NP_("web page", "This game publishes no form description yet: edit its fields as in its TOML file."),
}


#: The units the page shows beside a box or an axis, as the schemas and the metrics write them (English);
#: each is served as ``unit:<English>`` (a French player reads « pv », « ps », « Cd »).
UNITS: dict[str, str] = {
    "hp": NP_("unit", "hp"), "in": NP_("unit", "in"), "ft": NP_("unit", "ft"), "toises": NP_("unit", "toises"),
    "dice": NP_("unit", "dice"), "degrees": NP_("unit", "degrees"), "turns": NP_("unit", "turns"),
    "models": NP_("unit", "models"), "ranks": NP_("unit", "ranks"), "attacks": NP_("unit", "attacks"),
    "hits": NP_("unit", "hits"), "squares": NP_("unit", "squares"), "Ld": NP_("unit", "Ld"), "AC": NP_("unit", "AC"),
    "combat result points": NP_("unit", "combat result points"),
}


def page_text(lang: str) -> dict[str, str]:
    """The page's texts in one language, by id.

    Parameters
    ----------
    lang : str
        A language with a catalogue (:func:`fleeodds.language.available_langs`); the source language
        (English) gives the message ids themselves.

    Returns
    -------
    dict of str to str
        One entry per id of :data:`PAGE_TEXT`, placeholders (``{n}``…) left for the page to fill, and one per
        unit of :data:`UNITS` (``unit:hp``).

    Raises
    ------
    ValueError
        If ``lang`` has no catalogue.
    """
    if lang not in available_langs():
        raise ValueError(f"lang: {lang!r} has no catalogue; expected one of {', '.join(available_langs())}")
    catalogue = translation(lang)
    return {**{key: catalogue.pgettext(CONTEXT, text) for key, text in PAGE_TEXT.items()},
            **{f"unit:{key}": catalogue.pgettext("unit", text) for key, text in UNITS.items()},
            **number_format(lang)}


#: How the page separates the numbers of a list where the decimal sign is a comma ("2,5 ; 3").
LIST_SEPARATOR = NP_("list of numbers", ", ")


def number_format(lang: str) -> dict[str, str]:
    """How the page reads and writes numbers in ``lang``, from its CLDR locale (:data:`fleeodds.i18n.LOCALES`):
    ``number:locale`` (a BCP 47 tag for the browser's ``Intl``, ``"fr-FR"``), ``number:decimal`` (``","``),
    ``number:group`` (``"\u202f"``) and ``number:list``, the separator of a list of numbers (``" ; "``, from
    the catalogue, context ``list of numbers``)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    from ..i18n import LOCALES

    locale = LOCALES.get(lang, LOCALES["en"])
    return {"number:locale": locale.replace("_", "-"), "number:decimal": get_decimal_symbol(locale),
            "number:group": get_group_symbol(locale),
            "number:list": translation(lang).pgettext("list of numbers", LIST_SEPARATOR)}
