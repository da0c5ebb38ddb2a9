"""Command-line commands for army data: ``fleeodds import-bsdata`` and ``fleeodds rank``.

They are click commands added to the main ``fleeodds`` group in :mod:`fleeodds.cli`::

    main.add_command(import_bsdata)
    main.add_command(rank)
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import click

from .cli_types import CHART, TEXT_OUT
from .errors import FleeoddsError, InputError

_FILE = click.Path(dir_okay=False, path_type=Path)



def _report(result, verbose: bool, unmapped_top: int = 12) -> None:
    """Skipped units, notes and unmapped rules, on stderr (stdout stays clean for data)."""
    echo = lambda s="": click.echo(s, err=True)  # noqa: E731
    skipped = result.skipped
    echo(f"{result.catalogue}: {len(result.profiles)} unit profile(s) imported, {len(skipped)} unit(s) not imported"
         + (f", game system {result.game_system!r}" if result.game_system else ""))
    for p in skipped:
        echo(f"  not imported: {p.unit}: {p.field} {p.value!r}: {p.message}")
    for p in result.notes:  # a mismatch of the whole file is never hidden behind -v
        if p.unit == "(catalogue)":
            echo(f"  warning: {p.field} {p.value!r}: {p.message}")
    notes = [p for p in result.notes if p.unit != "(catalogue)"]
    if notes and verbose:
        for p in notes:
            echo(f"  note: {p.unit}: {p.field} {p.value!r}: {p.message}")
    elif notes:
        echo(f"  {len(notes)} note(s) (optional characteristics left out, troop types inferred): use -v to list them")
    if result.unresolved_links:
        echo(f"  {result.unresolved_links} rule/profile link(s) point outside the catalogue"
             + ("" if result.game_system else "; pass --system GAME.gst to resolve them"))
    if result.unmapped_rules:
        items = list(result.unmapped_rules.items())
        shown = items if verbose else items[:unmapped_top]
        more = "" if len(shown) == len(items) else f" … and {len(items) - len(shown)} more (-v lists all)"
        echo(f"  rules not bearing on flee/pursuit, left out ({len(items)}): "
             + ", ".join(f"{name} ×{n}" for name, n in shown) + more)


def _import(catalogue: Path, system: Path | None):
    from .importers.bsdata import import_catalogue

    try:
        return import_catalogue(catalogue, system)
    except FleeoddsError as exc:
        raise  # the fleeodds group prints it as one line, exit status 2


@click.command("import-bsdata")
@click.argument("catalogue", type=_FILE)
@click.option("--system", "system", type=_FILE, default=None,
              help="The BattleScribe game-system file (.gst) the catalogue belongs to.")
@click.option("--out", "out", type=TEXT_OUT, default=None,
              help="Write the profiles to this TOML file (a Warhammer profiles_file).")
@click.option("-v", "--verbose", is_flag=True, help="List every note and every unmapped rule.")
def import_bsdata(catalogue: Path, system: Path | None, out: Path | None, verbose: bool) -> None:
    """Import unit profiles from a BattleScribe catalogue (.cat) into Warhammer profiles.

    Reads each unit's M, WS, BS, S, T, W, I, A, Ld and troop type, maps the
    special rules that bear on flee and pursuit (Swiftstride, Fast Cavalry,
    Fly, Stubborn, Unbreakable, Immune to Psychology, Frenzy, Cold-blooded,
    Fear, Terror, Steadfast) and reports the units it could not import and
    the rules it did not map. Without --out, prints the imported units.
    """
    from tabulate import tabulate

    from .importers.bsdata import write_profiles

    result = _import(catalogue, system)
    if out is not None:
        try:
            write_profiles(result.profiles, out)
        except FleeoddsError as exc:
            raise  # the fleeodds group prints it as one line, exit status 2
        click.echo(f"wrote {len(result.profiles)} profile(s) to {out}")
    else:
        rows = [[p["name"], p["movement"], p["leadership"], p["troop_type"], ", ".join(p["rules"])]
                for p in result.profiles]
        click.echo(tabulate(rows, headers=["unit", "M", "Ld", "troop type", "rules"], tablefmt="simple"))
    _report(result, verbose)


def _vs_profile(vs: str, army: list[dict[str, Any]]) -> dict[str, Any]:
    """A profile by name (the army, then the shipped Warhammer profiles) or ``FILE.toml[:NAME]``."""
    path_part, _, name = vs.partition(":") if vs.lower().split(":")[0].endswith(".toml") else (vs, "", "")
    if path_part.lower().endswith(".toml"):
        path = Path(path_part)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise InputError("vs", vs, f"a readable TOML file of [[profile]] tables ({exc})") from None
        pool = [p for p in data.get("profile", []) if isinstance(p, dict) and "name" in p]
        if not name and len(pool) == 1:
            return pool[0]
        for p in pool:
            if str(p["name"]).casefold() == name.casefold():
                return p
        raise InputError("vs", vs, "FILE.toml:NAME with NAME one of " + ", ".join(str(p["name"]) for p in pool))
    for p in army:
        if p["name"].casefold() == vs.casefold():
            return p
    from .systems.warhammer.model import shipped_profiles

    shipped = shipped_profiles()
    if vs.casefold() in shipped:
        return dict(shipped[vs.casefold()])
    names = [p["name"] for p in army] + sorted(p["name"] for p in shipped.values())
    raise InputError("vs", vs, "a unit of the catalogue, a shipped profile (" + ", ".join(names[-12:]) +
                     ", …) or FILE.toml[:NAME]")


@click.command("rank")
@click.argument("catalogue", type=_FILE)
@click.option("--scenario", "scenario_path", required=True,
              help="A Warhammer scenario file (or a shipped example name such as "
                   "warhammer/rank_broken_by_2_8th.toml).")
@click.option("--system", "system", type=_FILE, default=None, help="The BattleScribe game-system file (.gst).")
@click.option("--role", type=click.Choice(["fleeing", "pursuing"]), default="fleeing", show_default=True,
              help="The role each unit of the army takes in turn.")
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
@click.option("--lang", type=click.Choice(["en", "fr"]), default="en", show_default=True)
@click.option("-v", "--verbose", is_flag=True, help="List every import note and unmapped rule.")
def rank(catalogue: Path, scenario_path: str, system: Path | None, role: str, vs: str | None, method: str,
         trials: int, seed: int, fmt: str, top: int | None, chart: Path | None, lang: str, verbose: bool) -> None:
    """Rank every unit of a BattleScribe catalogue in one Warhammer scenario.

    Each unit takes the chosen role in turn (fleeing: who gets caught when
    broken, who rallies, who runs off the table; pursuing: who catches what it
    chases). Sorted best first for the role.
    """
    from . import load_scenario
    from .rank import chart_ranking, format_ranking, rank_units

    result = _import(catalogue, system)
    try:
        scenario = load_scenario(scenario_path)
        vs_profile = _vs_profile(vs, result.profiles) if vs else None
        ranking = rank_units(scenario, result.profiles, role, vs=vs_profile, method=method, trials=trials,
                             seed=seed)
    except FleeoddsError as exc:
        raise  # the fleeodds group prints it as one line, exit status 2
    if top is not None:
        ranking.table = ranking.table.head(top)
    header = {"en": f"{ranking.title} — each unit of {result.catalogue} as the {role} unit",
              "fr": f"{ranking.title} — chaque unité de {result.catalogue} dans le rôle "
                    f"{'de l’unité en fuite' if role == 'fleeing' else 'du poursuivant'}"}[lang]
    if fmt != "csv":
        click.echo(header)
    click.echo(format_ranking(ranking, lang, fmt))
    for unit, message in ranking.failures:
        click.echo(f"  not ranked: {unit}: {message}", err=True)
    if chart is not None:
        try:
            chart_ranking(ranking, chart, lang)
        except FleeoddsError as exc:
            raise  # the fleeodds group prints it as one line, exit status 2
        click.echo(f"chart written to {chart}", err=True)
    _report(result, verbose)
