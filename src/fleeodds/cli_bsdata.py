"""Command-line commands for army data: ``fleeodds import-bsdata`` and ``fleeodds rank``.

They are click commands added to the main ``fleeodds`` group in :mod:`fleeodds.cli`::

    main.add_command(import_bsdata)
    main.add_command(rank)

Neither knows a game: the BattleScribe file is read by
:func:`fleeodds.importers.bsdata.read_catalogue`, and its units become profiles
through the list building a rules system declares (``SYSTEM.list_building``,
see :func:`fleeodds.rank.list_building`): the scenario's system for ``rank``,
the system given by ``--rules-system`` (default: the only one with list
building) for ``import-bsdata``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .cli_types import LANG_DEFAULT, default_lang, CHART, TEXT_OUT, say_notes, strict_option
from .errors import InputError, as_message
from .language import NP_, Message, N_, Nn_, _, ngettext, pgettext, render, use_lang

_FILE = click.Path(dir_okay=False, path_type=Path)


#: The import report's lines, in English and French.
_REPORT = {
    "head": N_("{cat}: {imported}, {skipped}"),
    "imported": Nn_("{n} unit profile imported", "{n} unit profiles imported"),
    "not_imported": Nn_("{n} unit not imported", "{n} units not imported"),
    "system": N_(", game system {gs!r}"),
    "skipped": N_("  not imported: {unit}: {what}: {msg}"),
    "warning": N_("  warning: {what}: {msg}"),
    "note": N_("  note: {unit}: {what}: {msg}"),
    "notes": Nn_("  {n} note (optional characteristics left out, troop types inferred): use -v to list it",
                 "  {n} notes (optional characteristics left out, troop types inferred): use -v to list them"),
    "links": Nn_("  {n} rule/profile link points outside the catalogue",
                 "  {n} rule/profile links point outside the catalogue"),
    "links_gst": N_("; pass --system GAME.gst to resolve them"),
    "unmapped": N_("  rules not bearing on flee, pursuit or close combat, left out ({n} {rules}; × how many units have "
                 "each): "),
    "read": N_("  rules read ({n} {rules}; × how many units have each): "),
    "not_modelled": N_("  rules read, not modelled ({n} {rules}; × how many units have each): "),
    "parts": N_("  {n} shared entries read as parts of units (mounts, crews, chariot beasts), not as units: "),
    "more": N_(" … and {n} more (-v lists all)"),
}


def _report_words(key: str, lang: str, **fmt) -> str:
    """A line of the import report in ``lang``, from the catalogue (a plural pair: chosen by ``n``)."""
    entry = _REPORT[key]
    if isinstance(entry, tuple):
        return Message(entry[0], entry[1], fmt.pop("n"), **fmt).render(lang)
    return Message(entry, **fmt).render(lang)


#: The importer's :attr:`Problem.field` words that are not a characteristic's short name (translated in the
#: catalogue's context "import field"; a characteristic's short name, ``Ld``, is written as the file writes it).
_FIELD_WORDS = {"profile": NP_("import field", "profile"), "troop_type": NP_("import field", "troop_type"),
                "name": NP_("import field", "name")}


def _what(field: str, value, lang: str) -> str:
    """``Ld '*'`` (the value as written; ``Ld ''`` when the catalogue leaves it empty), or
    ``profile`` / ``profil`` alone for a unit without a usable profile (its value is always empty)."""
    with use_lang(lang):
        name = pgettext("import field", _FIELD_WORDS[field]) if field in _FIELD_WORDS else field
    return name if field == "profile" and value in ("", None) else f"{name} {value!r}"


def _report(result, verbose: bool, unmapped_top: int = 12, lang: str = "en") -> None:
    """Skipped units, notes and unmapped rules, on stderr (stdout stays clean for data), in ``lang``."""
    def echo(key: str, tail: str = "", **fmt) -> None:
        fmt = {k: (as_message(v, None).render(lang) if k == "msg" else v) for k, v in fmt.items()}
        click.echo(_report_words(key, lang, **fmt) + tail, err=True)

    skipped = result.skipped
    echo("head", _report_words("system", lang, gs=result.game_system) if result.game_system else "",
         cat=result.catalogue, imported=_report_words("imported", lang, n=len(result.profiles)),
         skipped=_report_words("not_imported", lang, n=len(skipped)))
    for p in skipped:
        echo("skipped", unit=p.unit, what=_what(p.field, p.value, lang), msg=p.message)
    for p in result.notes:  # a mismatch of the whole file is never hidden behind -v
        if p.unit == "(catalogue)":
            echo("warning", what=_what(p.field, p.value, lang), msg=p.message)
    notes = [p for p in result.notes if p.unit != "(catalogue)"]
    if notes and verbose:
        for p in notes:
            echo("note", unit=p.unit, what=_what(p.field, p.value, lang), msg=p.message)
    elif notes:
        echo("notes", n=len(notes))
    if result.unresolved_links:
        echo("links", "" if result.game_system else _report_words("links_gst", lang), n=result.unresolved_links)
    parts = list(dict.fromkeys(result.parts))
    if parts:
        shown_parts = parts if verbose else parts[:unmapped_top]
        more = "" if len(shown_parts) == len(parts) else _report_words("more", lang, n=len(parts) - len(shown_parts))
        echo("parts", ", ".join(shown_parts) + more, n=len(parts))
    for key, counts in (("read", result.read_rules), ("not_modelled", result.not_modelled_rules),
                        ("unmapped", result.unmapped_rules)):
        if not counts:
            continue
        items = list(counts.items())
        shown = items if verbose or key != "unmapped" else items[:unmapped_top]
        more = "" if len(shown) == len(items) else _report_words("more", lang, n=len(items) - len(shown))
        with use_lang(lang):
            rules = ngettext("rule", "rules", len(items))
        echo(key, ", ".join(f"{name} ×{n}" for name, n in shown) + more, n=len(items), rules=rules)


def _rules_system(key: str | None) -> str:
    """``--rules-system``, or the only installed system with list building."""
    from .rank import list_building_systems

    keys = list_building_systems()
    if key is None and len(keys) == 1:
        return keys[0]
    if key is None or key not in keys:
        allowed = Message(N_("one of {choices}"), choices=", ".join(repr(k) for k in keys)) if keys else \
            Message(N_("a rules system with list building (none is installed)"))
        raise InputError("rules-system", key, allowed)
    return key


def _read(catalogue: Path, system: Path | None):
    from .importers.bsdata import read_catalogue

    return read_catalogue(catalogue, system)  # a FleeoddsError: one line, exit status 2


def _unit_table(lb, profiles: list[dict[str, Any]], lang: str = "en") -> str:
    from tabulate import tabulate

    def cell(value):
        return ", ".join(value) if isinstance(value, (list, tuple)) else value

    columns = list(lb.unit_columns) + [c for c in lb.import_columns
                                       if any(p.get(c.profile_key) not in (None, "", (), []) for p in profiles)]
    rows = [[p["name"], *(cell(p.get(c.profile_key, c.default)) for c in columns)] for p in profiles]
    with use_lang(lang):
        heads = [pgettext("ranking column", "unit"), *(c.label().render() for c in columns)]
    return tabulate(rows, headers=heads, tablefmt="simple")


@click.command("import-bsdata")
@click.argument("catalogue", type=_FILE)
@click.option("--system", "system", type=_FILE, default=None,
              help="The BattleScribe game-system file (.gst) the catalogue belongs to.")
@click.option("--rules-system", "rules_system", default=None,
              help="The fleeodds rules system whose profiles to write (default: the only installed one with "
                   "list building).")
@click.option("--out", "out", type=TEXT_OUT, default=None,
              help="Write the profiles to this TOML file (a profiles_file of the rules system).")
@click.option("-v", "--verbose", is_flag=True, help="List every note and every unmapped rule.")
@click.option("--lang", "-l", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT,
              help="Language of the titles and messages.")
def import_bsdata(catalogue: Path, system: Path | None, rules_system: str | None, out: Path | None,
                  verbose: bool, lang: str) -> None:
    """Import unit profiles from a BattleScribe catalogue (.cat) into the profiles of a rules system.

    For Warhammer: reads each unit's M, WS, BS, S, T, W, I, A, Ld and troop
    type, maps the special rules that bear on flee and pursuit (Swiftstride,
    Fast Cavalry, Fly, Stubborn, Unbreakable, Immune to Psychology, Frenzy,
    Cold-blooded, Fear, Terror, Steadfast) and reports the units it could not
    import and the rules it did not map. Without --out, prints the imported units.
    """
    from .importers.bsdata import write_profiles
    from .rank import list_building

    cat = _read(catalogue, system)
    lb = list_building(_rules_system(rules_system))
    result = lb.map_catalogue(cat)
    if out is not None:
        write_profiles(result.profiles, out, result.part_tables())
        click.echo(ngettext("wrote {n} profile to {out}", "wrote {n} profiles to {out}", len(result.profiles), out=out))
    else:
        click.echo(_unit_table(lb, result.with_extras(), lang))
    _report(result, verbose, lang=lang)


def _vs_profile(vs: str, army: list[dict[str, Any]], lb) -> dict[str, Any]:
    """A profile by name (the army, then the system's known profiles) or ``FILE.toml[:NAME]``."""
    from .files import read_toml

    path_part, _, name = vs.partition(":") if vs.lower().split(":")[0].endswith(".toml") else (vs, "", "")
    if path_part.lower().endswith(".toml"):
        data = read_toml(path_part, "vs")
        pool = [p for p in data.get("profile", []) if isinstance(p, dict) and "name" in p] \
            if isinstance(data.get("profile"), list) else []
        if not name and len(pool) == 1:
            return pool[0]
        for p in pool:
            if str(p["name"]).casefold() == name.casefold():
                return p
        raise InputError("vs", vs, Message(N_("FILE.toml:NAME with NAME one of {names}"),
                                           names=", ".join(str(p["name"]) for p in pool)))
    for p in army:
        if p["name"].casefold() == vs.casefold():
            return p
    known = lb.known_profiles()
    if vs.casefold() in known:
        return dict(known[vs.casefold()])
    names = [p["name"] for p in army] + sorted(p["name"] for p in known.values())
    raise InputError("vs", vs, Message(N_("a unit of the catalogue, a shipped profile ({names}, …) or FILE.toml[:NAME]"),
                                       names=", ".join(names[-12:])))


@click.command("rank")
@click.argument("catalogue", type=_FILE)
@click.option("--scenario", "scenario_path", required=True,
              help="A scenario file of a rules system with list building (or a shipped example name such as "
                   "warhammer/rank_broken_by_2_8th.toml).")
@click.option("--system", "system", type=_FILE, default=None, help="The BattleScribe game-system file (.gst).")
@click.option("--role", default=None,
              help="The role each unit of the army takes in turn: a role of the scenario's rules system "
                   "(Warhammer: fleeing or pursuing)  [default: the first, fleeing]")
@click.option("--vs", "vs", default=None,
              help="The unit in the other role: a unit of the catalogue, a shipped profile, or FILE.toml[:NAME] "
                   "(default: the scenario's).")
@click.option("--method", type=click.Choice(["auto", "exact", "mc"]), default="auto", show_default=True,
              help="auto = exact where the scenario has an exact solver, else Monte Carlo.")
@click.option("--trials", type=click.IntRange(1_000, 100_000_000), default=200_000, show_default=True,
              help="Monte Carlo trials per unit (only when not exact).")
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=0, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "md", "csv"]), default="table", show_default=True)
@click.option("--top", type=click.IntRange(1, None), default=None, help="Show only the first N units.")
@click.option("--chart", "chart", type=CHART, default=None, help="Also draw a chart (.png or .svg).")
@click.option("--lang", type=click.Choice(["en", "fr"]), default=default_lang, show_default=LANG_DEFAULT)
@click.option("--workers", type=click.IntRange(1, 512), default=None,
              help="Evaluate the units on a local Dask cluster of N worker processes.")
@click.option("--scheduler", default=None,
              help="Evaluate the units on an existing Dask cluster: its scheduler's address (tcp://HOST:8786).")
@click.option("--unit-size", "unit_size", default=None,
              help="How many models each unit fields where the rules system sizes units (a fight): 'minimum' "
                   "(the catalogue's minimum size, the default), 'scenario' (the scenario's), 'points:N' or N. "
                   "A character, a monster or a war machine is always one model.")
@click.option("--types", "types", default=None,
              help="The kinds of unit ranked, comma-separated (Warhammer: unit, character, monster, war_machine) "
                   "or 'all'  [default: units; the others are ranked apart]")
@click.option("--wide", is_flag=True, help="Every column in the table (the CSV always has them all).")
@click.option("-v", "--verbose", is_flag=True, help="List every import note and unmapped rule.")
@strict_option
def rank(catalogue: Path, scenario_path: str, system: Path | None, role: str | None, vs: str | None, method: str,
         trials: int, seed: int, fmt: str, top: int | None, chart: Path | None, lang: str, verbose: bool,
         workers: int | None = None, scheduler: str | None = None, unit_size: str | None = None,
         types: str | None = None, wide: bool = False) -> None:
    """Rank every unit of a BattleScribe catalogue in one scenario.

    Each unit takes the chosen role in turn (Warhammer, fleeing: who gets
    caught when broken, who rallies, who runs off the table; pursuing: who
    catches what it chases). Sorted best first for the role.
    """
    from .loading import load_scenario
    from .rank import list_building, rank_units, roles
    from .report.charts import chart_ranking, ranking_footnote

    from .scale import Runner

    runner = Runner(workers=workers, scheduler=scheduler)  # a bad pair of options fails before any reading
    cat = _read(catalogue, system)
    scenario = load_scenario(scenario_path)
    say_notes(scenario, lang, variants=[])  # said once, whatever the number of units
    lb = list_building(scenario.system)
    known = roles(scenario.system)
    if role is None:
        role = known[0] if known else None  # rank_units names the missing roles
    elif role not in known:
        raise click.BadParameter(ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.",
                                          len(known), value=role, choice=", ".join(repr(r) for r in known),
                                          choices=", ".join(repr(r) for r in known)), param_hint="'--role'")
    result = lb.map_catalogue(cat)
    army = result.with_extras()  # the profiles with what the system read beyond them (points, equipment)
    vs_profile = _vs_profile(vs, army, lb) if vs else None
    with runner:
        ranking = rank_units(scenario, army, role, vs=vs_profile, method=method, trials=trials, seed=seed,
                             runner=runner, unit_size=int(unit_size) if unit_size and unit_size.isdigit()
                             else unit_size, types=types)
    if top is not None:
        ranking.table = ranking.table.head(top)
    with use_lang(lang):
        header = _("{title} — each unit of {catalogue} {role}", title=ranking.title_label(),
                   catalogue=result.catalogue, role=lb.role_phrase(role, "header"))
        against = ranking.against().render()
        from .rank import format_ranking

        table = format_ranking(ranking, fmt, wide=wide)
        footer = ranking.footer()
        bars = ranking.chart_data() if chart is not None else None
    if fmt != "csv":
        import textwrap

        click.echo(textwrap.fill(header, width=120))
        if ranking.opponent:
            click.echo(against[:1].upper() + against[1:])
    click.echo(table)
    if fmt != "csv":
        import textwrap

        for line in footer:  # the table fits 120 columns: so do the lines under it
            click.echo(textwrap.fill(line, width=120, subsequent_indent="  "))
    from .report.text import msg

    for unit, message in ranking.failures:
        click.echo(_("  not ranked: ") + f"{unit}: {render(message)}", err=True)
    if chart is not None:
        chart_ranking(bars, chart, lang,
                      footnote=ranking_footnote(ranking, lang, result.catalogue, trials, seed))
        click.echo(msg("chart_written", lang, path=chart), err=True)
    _report(result, verbose, lang=lang)
