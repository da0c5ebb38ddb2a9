"""Validation of a D&D scenario: runner, enemies along the path, movement mode, options.

Every problem raises :class:`fleeodds.errors.InputError` naming the field
(``runner.hp``, ``enemies[1].threat_range``, ``options.simultaneous_oa``), the
value and what is allowed, before anything reaches a kernel.

The stat-line presets (``preset = "srd35_orc_falchion"``) are read from
``data/*.toml``; fields given in the scenario override the preset's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from ...dice import parse
from ...errors import InputError
from .rules import EDITIONS, is_5e, parse_threat_range

EDITION_ALIASES = {"3.5": "3.5", "35": "3.5", "3.5e": "3.5", "dnd3.5": "3.5", "pf1": "pf1", "pf": "pf1",
                   "pathfinder": "pf1", "pf1e": "pf1", "5e2014": "5e2014", "5e-2014": "5e2014",
                   "5e": "5e2014", "2014": "5e2014", "5e2024": "5e2024", "5e-2024": "5e2024", "2024": "5e2024"}
EDITION_ALLOWED = "one of '3.5', 'pf1', '5e2014', '5e2024'"

#: Movement modes per edition (aliases are mapped by :data:`MODE_ALIASES`).
MODES = {
    "3.5": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "pf1": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "5e2014": ("move", "dash", "disengage", "stay"),
    "5e2024": ("move", "dash", "disengage", "stay"),
}
MODE_ALIASES = {"acrobatics": "tumble", "acrobatics_half": "tumble", "tumble_half": "tumble",
                "acrobatics_full": "tumble_full", "5_foot_step": "five_foot_step", "5ft_step": "five_foot_step",
                "step": "five_foot_step"}
#: Default modes of a decision table when ``compare_modes = "auto"``.
AUTO_COMPARE = {
    "3.5": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "pf1": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "5e2014": ("move", "disengage", "stay"),
    "5e2024": ("move", "disengage", "stay"),
}

FEATS = {
    "3.5": ("mobility", "dodge", "run"),
    "pf1": ("mobility", "dodge", "run"),
    "5e2014": ("mobile",),
    "5e2024": ("speedy",),
}
ON_HIT = ("none", "prone", "grapple", "slow")
SAVE_ABILITIES = ("str", "dex", "con")
ARMOR = ("none", "light", "medium", "heavy")
METRICS = ("damage", "attacks")
DEFAULT_ATTACKER = {"3.5": "srd35_orc_falchion", "pf1": "pf1_orc", "5e2014": "srd51_orc", "5e2024": "srd51_orc"}


# --------------------------------------------------------------------------- field helpers

_MISSING = object()


_INT_LIMIT = 1_000_000


def _int(tbl: dict, key: str, field_: str, *, lo: int | None = None, hi: int | None = None,
         default: Any = _MISSING, allowed: str | None = None) -> Any:
    if key not in tbl or tbl[key] is None:
        if default is _MISSING:
            raise InputError(field_, None, (allowed or _range_text(lo, hi)) + " (this field is required)")
        return default
    v = tbl[key]
    if isinstance(v, bool) or not isinstance(v, int) or (lo is not None and v < lo) or (hi is not None and v > hi):
        raise InputError(field_, v, allowed or _range_text(lo, hi))
    if abs(v) > _INT_LIMIT:  # no game number is this large, and numba's int64 would overflow
        raise InputError(field_, v, _range_text(max(lo, -_INT_LIMIT) if lo is not None else -_INT_LIMIT,
                                                min(hi, _INT_LIMIT) if hi is not None else _INT_LIMIT))
    return v


def _range_text(lo, hi) -> str:
    if lo is not None and hi is not None:
        return f"an integer from {lo} to {hi}"
    if lo is not None:
        return f"an integer >= {lo}"
    if hi is not None:
        return f"an integer <= {hi}"
    return "an integer"


def _bool(tbl: dict, key: str, field_: str, default: bool | None = False) -> Any:
    if key not in tbl:
        return default
    v = tbl[key]
    if not isinstance(v, bool):
        raise InputError(field_, v, "true or false")
    return v


def _choice(tbl: dict, key: str, field_: str, choices, default: Any = _MISSING) -> Any:
    if key not in tbl:
        if default is _MISSING:
            raise InputError(field_, None, "one of " + ", ".join(repr(c) for c in choices) + " (required)")
        return default
    v = tbl[key]
    if v not in choices:
        raise InputError(field_, v, "one of " + ", ".join(repr(c) for c in choices))
    return v


def _str(tbl: dict, key: str, field_: str, default: str = "") -> str:
    v = tbl.get(key, default)
    if not isinstance(v, str):
        raise InputError(field_, v, "a text string")
    return v


def _check_keys(tbl: dict, allowed, field_: str) -> None:
    for k in tbl:
        if k not in allowed:
            raise InputError(f"{field_}.{k}" if field_ else k, tbl[k],
                             "a known field; allowed: " + ", ".join(sorted(allowed)))


def _table(value: Any, field_: str) -> dict:
    if not isinstance(value, dict):
        raise InputError(field_, value, "a table of fields")
    return value


def normalise_edition(value: Any, field_: str = "edition") -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or value.strip().lower() not in EDITION_ALIASES:
        raise InputError(field_, value, EDITION_ALLOWED)
    return EDITION_ALIASES[value.strip().lower()]


def normalise_mode(value: Any, edition: str, field_: str = "mode") -> str:
    allowed = MODES[edition]
    text = f"one of {', '.join(repr(m) for m in allowed)} for edition {edition!r}"
    if not isinstance(value, str):
        raise InputError(field_, value, text)
    m = MODE_ALIASES.get(value.strip().lower(), value.strip().lower())
    if m == "run" and is_5e(edition):
        m = "dash"
    if m not in allowed:
        raise InputError(field_, value, text)
    return m


# --------------------------------------------------------------------------- presets


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, Any]]:
    """Every shipped stat line, ``{preset name: fields}``, from ``data/*.toml``."""
    out: dict[str, dict[str, Any]] = {}
    folder = resources.files("fleeodds.systems.dnd") / "data"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".toml"):
            continue
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        for name, tbl in data.items():
            if name in out:
                raise RuntimeError(f"duplicate D&D preset {name!r} in {entry.name}")
            out[name] = dict(tbl)
    return out


def preset_names(kind: str, edition: str | None = None) -> list[str]:
    """Names of the ``"enemy"`` or ``"runner"`` presets, optionally for one edition."""
    return sorted(n for n, p in presets().items()
                  if p.get("kind") == kind and (edition is None or edition in p.get("editions", ())))


def _apply_preset(tbl: dict, kind: str, edition: str, field_: str) -> tuple[dict, dict]:
    """Merge a preset under the table's own fields; returns ``(fields, metadata)``."""
    if "preset" not in tbl:
        return dict(tbl), {}
    name = tbl["preset"]
    choices = preset_names(kind, edition)
    if not isinstance(name, str) or name not in presets() or presets()[name].get("kind") != kind:
        raise InputError(f"{field_}.preset", name, "one of " + ", ".join(repr(c) for c in choices))
    p = presets()[name]
    if edition not in p.get("editions", ()):
        raise InputError(f"{field_}.preset", name,
                         f"a preset for edition {edition!r}: " + ", ".join(repr(c) for c in choices))
    meta = {k: p[k] for k in ("name", "source", "notes", "editions") if k in p}
    meta["preset"] = name
    merged = {k: v for k, v in p.items() if k not in ("kind", "editions", "source", "notes")}
    merged.update({k: v for k, v in tbl.items() if k != "preset"})
    return merged, meta


# --------------------------------------------------------------------------- runner


@dataclass(frozen=True)
class Runner:
    """The character leaving melee.

    Attributes
    ----------
    hp : int
        Current hit points (>= 1).
    hp_max : int
        Maximum hit points (5e instant death, PF massive damage).
    ac : int
        Armour Class against these attacks (>= 1), including Dex and armour.
    dex_bonus : int
        Dexterity bonus included in ``ac`` (lost when running without the Run feat).
    con : int
        Constitution score (Pathfinder: dead at -Con; stabilisation checks).
    fort : int
        Fortitude save bonus (3.5/PF massive damage, DC 15).
    tumble : int or None
        Tumble (3.5) / Acrobatics (PF) modifier; ``None``: untrained (3.5 Tumble is trained only).
    cmd : int or None
        Combat Maneuver Defence (Pathfinder Stand Still).
    feats : tuple of str
        3.5/PF ``mobility``, ``dodge``, ``run``; 5e 2014 ``mobile``; 5e 2024 ``speedy``.
    dodge_target : int
        Index in ``enemies`` of the opponent designated for Dodge (3.5).
    monster : bool
        5e: the runner is a monster and dies at 0 HP (with ``monster_dies_at_0``).
    str_save, dex_save, con_save : int
        5e saving throw bonuses (wolf's DC 11 Strength save against Prone).
    armor : {"none", "light", "medium", "heavy"}
        Pathfinder: Acrobatics cannot be used in medium or heavy armour.
    damage_reduction : int
        DR x/— against every hit.
    resistance : bool
        5e resistance to the attacks' damage (halved).
    concealment : int
        Miss chance in percent rolled after each hit (20 concealment, 50 total).
    total_concealment : bool
        No attack of opportunity at all (3.5/PF: total concealment; 5e: unseen).
    """

    name: str = "runner"
    hp: int = 1
    hp_max: int = 1
    ac: int = 10
    dex_bonus: int = 0
    con: int = 10
    fort: int = 0
    tumble: int | None = None
    cmd: int | None = None
    feats: tuple[str, ...] = ()
    dodge_target: int = 0
    monster: bool = False
    str_save: int = 0
    dex_save: int = 0
    con_save: int = 0
    armor: str = "light"
    damage_reduction: int = 0
    resistance: bool = False
    concealment: int = 0
    total_concealment: bool = False
    preset: str = ""


RUNNER_FIELDS = {f.name for f in fields(Runner)} | {"acrobatics"}


def parse_runner(value: Any, edition: str) -> tuple[Runner, dict]:
    tbl = _table(value, "runner")
    tbl, meta = _apply_preset(tbl, "runner", edition, "runner")
    _check_keys(tbl, RUNNER_FIELDS, "runner")
    f = "runner."
    hp = _int(tbl, "hp", f + "hp", lo=1, allowed="an integer >= 1 (the runner's current hit points)")
    hp_max = _int(tbl, "hp_max", f + "hp_max", lo=hp, default=hp,
                  allowed=f"an integer >= runner.hp ({hp})")
    ac = _int(tbl, "ac", f + "ac", lo=1, hi=60, allowed="an integer from 1 to 60 (Armour Class)")
    con = _int(tbl, "con", f + "con", lo=1, hi=60, default=10,
               allowed="an integer from 1 to 60 (Constitution score)")
    if "tumble" in tbl and "acrobatics" in tbl:
        raise InputError(f + "acrobatics", tbl["acrobatics"], "either runner.tumble or runner.acrobatics, not both")
    tkey = "acrobatics" if "acrobatics" in tbl else "tumble"
    tumble = _int(tbl, tkey, f + tkey, lo=-30, hi=60, default=None,
                  allowed="an integer from -30 to 60 (skill modifier), or omit when untrained")
    feats_raw = tbl.get("feats", [])
    if isinstance(feats_raw, str):
        feats_raw = [feats_raw]
    if not isinstance(feats_raw, list):
        raise InputError(f + "feats", feats_raw, "a list of feat names")
    feats = []
    for i, ft in enumerate(feats_raw):
        name = ft.strip().lower() if isinstance(ft, str) else ft
        if name not in FEATS[edition]:
            raise InputError(f"{f}feats[{i}]", ft, f"one of {', '.join(repr(x) for x in FEATS[edition])} "
                                                   f"for edition {edition!r}")
        if name not in feats:
            feats.append(name)
    conceal = _int(tbl, "concealment", f + "concealment", lo=0, hi=100, default=0,
                   allowed="a miss chance in percent, 0 to 100 (20 concealment, 50 total)")
    runner = Runner(
        name=_str(tbl, "name", f + "name", meta.get("name", "runner")),
        hp=hp, hp_max=hp_max, ac=ac,
        dex_bonus=_int(tbl, "dex_bonus", f + "dex_bonus", lo=-5, hi=20, default=0),
        con=con,
        fort=_int(tbl, "fort", f + "fort", lo=-10, hi=60, default=0),
        tumble=tumble,
        cmd=_int(tbl, "cmd", f + "cmd", lo=1, hi=100, default=None, allowed="an integer from 1 to 100 (CMD)"),
        feats=tuple(feats),
        dodge_target=_int(tbl, "dodge_target", f + "dodge_target", lo=0, default=0,
                          allowed="the index (from 0) of an enemy in the enemies list"),
        monster=_bool(tbl, "monster", f + "monster"),
        str_save=_int(tbl, "str_save", f + "str_save", lo=-10, hi=30, default=0),
        dex_save=_int(tbl, "dex_save", f + "dex_save", lo=-10, hi=30, default=0),
        con_save=_int(tbl, "con_save", f + "con_save", lo=-10, hi=30, default=0),
        armor=_choice(tbl, "armor", f + "armor", ARMOR, "light"),
        damage_reduction=_int(tbl, "damage_reduction", f + "damage_reduction", lo=0, hi=100, default=0),
        resistance=_bool(tbl, "resistance", f + "resistance"),
        concealment=conceal,
        total_concealment=_bool(tbl, "total_concealment", f + "total_concealment"),
        preset=meta.get("preset", ""),
    )
    if runner.resistance and not is_5e(edition):
        raise InputError(f + "resistance", True, "false in 3.5/pf1 (use damage_reduction)")
    if runner.monster and not is_5e(edition):
        raise InputError(f + "monster", True, "false outside 5e (3.5/PF monsters use the same HP states)")
    return runner, meta


# --------------------------------------------------------------------------- enemies


@dataclass(frozen=True)
class Enemy:
    """One threatening creature along the path, in the order the runner leaves it.

    Attributes
    ----------
    attack_bonus : int
        Bonus of the attack used for the AoO / OA (full bonus, no iterative penalty).
    damage : str
        Dice notation, e.g. ``"2d4+4"``.
    extra_damage : str
        Extra dice not multiplied on a 3.5/PF critical (sneak attack), ``""`` for none.
    threat_low : int
        Lowest face of the threat range (3.5/PF) or critical range (5e), 2-20.
    crit_multiplier : int
        3.5/PF critical multiplier, 2 to 6 (5e: always 2, the dice are doubled).
    reach : int
        Reach in feet (5, 10, 15 …).
    aoo_left : int
        Attacks of opportunity (5e: reactions) it can still make this round.
    combat_reflexes : bool
    dex_bonus : int
        3.5/PF: Combat Reflexes allows 1 + Dex bonus AoOs per round.
    sentinel : bool
        5e Sentinel (feat outside the SRD; effect only): a hit stops the move,
        and Disengage does not prevent its OA.
    stand_still : bool
        Pathfinder Stand Still: its AoO for movement is a combat maneuver
        (``cmb`` against the runner's CMD) that stops the move.
    cmb, cmd : int or None
        Pathfinder combat maneuver bonus and defence (Acrobatics DC = CMD).
    squares_left : int
        Threatened squares of this enemy the runner leaves (one opportunity however many).
    threatens_start : bool
        It threatens the runner's starting square (withdraw, 5-foot step, distracting actions, stay).
    through_space : bool
        The runner tumbles through its space (DC 25 / CMD + 5; a failure stops the move).
    visible : bool
        The runner can see it (withdraw only protects the start square from visible foes).
    flat_footed : bool
        3.5/PF: no AoO unless Combat Reflexes. 5e: surprised, no reaction.
    advantage, disadvantage : bool
        5e attack roll modifiers (Pack Tactics, Faerie Fire, …).
    attacked_by_runner : bool
        5e 2014: the runner attacked it this turn (Mobile then prevents its OA).
    simultaneous : bool
        Leaving its reach happens in the same step as leaving the previous enemy's (5e).
    attacks_on_turn : int
        Attacks it makes on its own turn if the runner stays (mode ``stay``).
    on_hit : {"none", "prone", "grapple", "slow"}
        5e rider on a hit: prone (slows), grapple (stops), slow (-10 ft).
    on_hit_save_dc : int or None
        Saving throw DC against the rider (``None``: no save).
    on_hit_save : {"str", "dex", "con"}
    """

    name: str = "enemy"
    attack_bonus: int = 0
    damage: str = "1d6"
    extra_damage: str = ""
    threat_low: int = 20
    crit_multiplier: int = 2
    reach: int = 5
    aoo_left: int = 1
    combat_reflexes: bool = False
    dex_bonus: int = 0
    sentinel: bool = False
    stand_still: bool = False
    cmb: int | None = None
    cmd: int | None = None
    squares_left: int = 1
    threatens_start: bool = True
    through_space: bool = False
    visible: bool = True
    flat_footed: bool = False
    advantage: bool = False
    disadvantage: bool = False
    attacked_by_runner: bool = False
    simultaneous: bool = False
    attacks_on_turn: int = 1
    on_hit: str = "none"
    on_hit_save_dc: int | None = None
    on_hit_save: str = "str"
    preset: str = ""


ENEMY_FIELDS = ({f.name for f in fields(Enemy)} - {"threat_low"}) | {"threat_range", "count", "ac", "hp"}


def parse_enemy(value: Any, edition: str, index: int, aoo_per_round: int | None) -> tuple[list[Enemy], dict]:
    f = f"enemies[{index}]."
    tbl = _table(value, f"enemies[{index}]")
    tbl, meta = _apply_preset(tbl, "enemy", edition, f"enemies[{index}]")
    _check_keys(tbl, ENEMY_FIELDS, f"enemies[{index}]")
    if "attack_bonus" not in tbl:
        raise InputError(f + "attack_bonus", None, "an integer attack bonus (required unless a preset gives it)")
    if "damage" not in tbl:
        raise InputError(f + "damage", None, "dice notation such as 2d4+4 (required unless a preset gives it)")
    damage = tbl["damage"]
    parse(damage, f + "damage")
    extra = tbl.get("extra_damage", "") or ""
    if extra:
        parse(extra, f + "extra_damage")
    threat_low = parse_threat_range(tbl.get("threat_range", 20), f + "threat_range")
    if is_5e(edition):
        mult = _int(tbl, "crit_multiplier", f + "crit_multiplier", lo=2, hi=2, default=2,
                    allowed="2 or omitted (5e criticals double the damage dice)")
    else:
        mult = _int(tbl, "crit_multiplier", f + "crit_multiplier", lo=2, hi=6, default=2,
                    allowed="an integer from 2 to 6 (x2, x3, x4 …)")
    reach = _int(tbl, "reach", f + "reach", lo=5, hi=100, default=5,
                 allowed="a multiple of 5 feet from 5 to 100")
    if reach % 5:
        raise InputError(f + "reach", reach, "a multiple of 5 feet from 5 to 100")
    cr = _bool(tbl, "combat_reflexes", f + "combat_reflexes")
    dex = _int(tbl, "dex_bonus", f + "dex_bonus", lo=-5, hi=20, default=0)
    if is_5e(edition):
        if cr:
            raise InputError(f + "combat_reflexes", cr, "false in 5e (one reaction per round; set aoo_left)")
        default_aoo = 1
    else:
        default_aoo = 1 + max(0, dex) if cr else 1
    if aoo_per_round is not None:
        default_aoo = aoo_per_round
    aoo_left = _int(tbl, "aoo_left", f + "aoo_left", lo=0, hi=20, default=default_aoo,
                    allowed="an integer from 0 to 20 (attacks of opportunity left this round)")
    threatens_start = _bool(tbl, "threatens_start", f + "threatens_start", True)
    squares = _int(tbl, "squares_left", f + "squares_left", lo=1, hi=20,
                   default=(reach // 5 if threatens_start else 1),
                   allowed="an integer from 1 to 20 (threatened squares of this enemy the runner leaves)")
    sentinel = _bool(tbl, "sentinel", f + "sentinel")
    if sentinel and not is_5e(edition):
        raise InputError(f + "sentinel", sentinel, "false outside 5e (Pathfinder: use stand_still)")
    stand_still = _bool(tbl, "stand_still", f + "stand_still")
    if stand_still:
        if edition != "pf1":
            raise InputError(f + "stand_still", stand_still, "false outside pf1 (5e: use sentinel)")
        if not cr:
            raise InputError(f + "stand_still", stand_still,
                             "false unless combat_reflexes = true (Stand Still requires Combat Reflexes)")
        if tbl.get("cmb") is None:
            raise InputError(f + "cmb", None, "an integer combat maneuver bonus (required by stand_still)")
    adv = _bool(tbl, "advantage", f + "advantage")
    dis = _bool(tbl, "disadvantage", f + "disadvantage")
    if (adv or dis) and not is_5e(edition):
        raise InputError(f + ("advantage" if adv else "disadvantage"), True, "false outside 5e")
    on_hit = _choice(tbl, "on_hit", f + "on_hit", ON_HIT, "none")
    if on_hit != "none" and not is_5e(edition):
        raise InputError(f + "on_hit", on_hit, "'none' outside 5e")
    attacked = _bool(tbl, "attacked_by_runner", f + "attacked_by_runner")
    count = _int(tbl, "count", f + "count", lo=1, hi=20, default=1,
                 allowed="an integer from 1 to 20 (identical enemies passed one after the other)")
    name = _str(tbl, "name", f + "name", meta.get("name", f"enemy {index + 1}"))
    enemy = Enemy(
        name=name,
        attack_bonus=_int(tbl, "attack_bonus", f + "attack_bonus", lo=-20, hi=60),
        damage=str(damage), extra_damage=str(extra), threat_low=threat_low, crit_multiplier=mult,
        reach=reach, aoo_left=aoo_left, combat_reflexes=cr, dex_bonus=dex,
        sentinel=sentinel, stand_still=stand_still,
        cmb=_int(tbl, "cmb", f + "cmb", lo=-20, hi=100, default=None),
        cmd=_int(tbl, "cmd", f + "cmd", lo=1, hi=100, default=None, allowed="an integer from 1 to 100 (CMD)"),
        squares_left=squares, threatens_start=threatens_start,
        through_space=_bool(tbl, "through_space", f + "through_space"),
        visible=_bool(tbl, "visible", f + "visible", True),
        flat_footed=_bool(tbl, "flat_footed", f + "flat_footed"),
        advantage=adv, disadvantage=dis, attacked_by_runner=attacked,
        simultaneous=_bool(tbl, "simultaneous", f + "simultaneous"),
        attacks_on_turn=_int(tbl, "attacks_on_turn", f + "attacks_on_turn", lo=0, hi=10, default=1),
        on_hit=on_hit,
        on_hit_save_dc=_int(tbl, "on_hit_save_dc", f + "on_hit_save_dc", lo=1, hi=40, default=None),
        on_hit_save=_choice(tbl, "on_hit_save", f + "on_hit_save", SAVE_ABILITIES, "str"),
        preset=meta.get("preset", ""),
    )
    for key in ("ac", "hp"):
        if key in tbl:
            _int(tbl, key, f + key, lo=0)
            meta[key] = tbl[key]
    if count == 1:
        return [enemy], meta
    return [replace(enemy, name=f"{name} #{k + 1}") for k in range(count)], meta


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The modelling options of digest §7 (every open rules question), with their defaults.

    See :data:`OPTION_DOCS` for one line on each.
    """

    stop_when_down: bool = True
    simultaneous_oa: str = "stop_after_drop"
    disabled_runner_continues: bool = True
    aoo_per_round: int | None = None
    threat_must_hit: bool = True
    crit_damage_mode_35: str = "reroll_per_multiplier"
    min_damage_1: bool = True
    skill_natural_20_auto: bool = False
    tumble_order: str = "order_passed"
    dead_threshold: int = -10
    massive_damage: bool = True
    massive_damage_threshold: int = 50
    death_saves_in_exchange: bool = False
    monster_dies_at_0: bool = True
    sentinel_timing_2024: str = "after_disengage"
    reach_monster_withdraw: str = "second_square_provokes"
    attacker_preset: str = ""


OPTION_DOCS = {
    "stop_when_down": "a dying or unconscious runner stops: later AoOs/OAs never happen (default true)",
    "simultaneous_oa": "'stop_after_drop' (default) or 'all_resolve': OAs triggered by the same step "
                       "(enemies marked simultaneous) all resolve even after the runner drops",
    "disabled_runner_continues": "3.5/PF: a runner at exactly 0 HP is conscious and keeps moving (default true)",
    "aoo_per_round": "default attacks of opportunity per enemy this round (default 1, +Dex with Combat Reflexes)",
    "threat_must_hit": "3.5/PF: only a hitting roll can threaten (default true; false reproduces a common error)",
    "crit_damage_mode_35": "'reroll_per_multiplier' (default) or 'multiply_one_roll'",
    "min_damage_1": "3.5/PF: a hit deals at least 1 before DR (default true; 5e default false)",
    "skill_natural_20_auto": "Tumble/Acrobatics: a natural 20 succeeds (default false)",
    "tumble_order": "'order_passed' (default) or 'best_first': which foe's check gets the lowest DC",
    "dead_threshold": "HP at or below which the runner is dead (3.5: -10; PF: -Con)",
    "massive_damage": "one hit of massive damage forces a DC 15 Fortitude save or die (3.5 default true; PF false)",
    "massive_damage_threshold": "3.5: 50; PF: max(50, half the runner's maximum HP)",
    "death_saves_in_exchange": "resolve the downed runner's fate (5e death saves, 3.5/PF dying) (default false)",
    "monster_dies_at_0": "5e: a runner marked monster = true dies at 0 HP (default true)",
    "sentinel_timing_2024": "'after_disengage' (default: 2024 Guardian OA right after Disengage) or 'on_leave'",
    "reach_monster_withdraw": "'second_square_provokes' (default) or 'none' (withdraw also protects from reach foes)",
    "attacker_preset": "stat line used when the scenario has no enemies key",
}


def parse_options(value: Any, edition: str, runner: Runner) -> Options:
    tbl = _table(value, "options") if value is not None else {}
    _check_keys(tbl, {f.name for f in fields(Options)}, "options")
    f = "options."
    five = is_5e(edition)
    dead_default = (-runner.con if edition == "pf1" else -10)
    massive_default = edition == "3.5"
    opts = Options(
        stop_when_down=_bool(tbl, "stop_when_down", f + "stop_when_down", True),
        simultaneous_oa=_choice(tbl, "simultaneous_oa", f + "simultaneous_oa",
                                ("stop_after_drop", "all_resolve"), "stop_after_drop"),
        disabled_runner_continues=_bool(tbl, "disabled_runner_continues", f + "disabled_runner_continues", True),
        aoo_per_round=_int(tbl, "aoo_per_round", f + "aoo_per_round", lo=0, hi=20, default=None),
        threat_must_hit=_bool(tbl, "threat_must_hit", f + "threat_must_hit", True),
        crit_damage_mode_35=_choice(tbl, "crit_damage_mode_35", f + "crit_damage_mode_35",
                                    ("reroll_per_multiplier", "multiply_one_roll"), "reroll_per_multiplier"),
        min_damage_1=_bool(tbl, "min_damage_1", f + "min_damage_1", not five),
        skill_natural_20_auto=_bool(tbl, "skill_natural_20_auto", f + "skill_natural_20_auto", False),
        tumble_order=_choice(tbl, "tumble_order", f + "tumble_order", ("order_passed", "best_first"),
                             "order_passed"),
        dead_threshold=_int(tbl, "dead_threshold", f + "dead_threshold", lo=-1000, hi=-1, default=dead_default,
                            allowed="a negative integer (HP at or below which the runner is dead)"),
        massive_damage=_bool(tbl, "massive_damage", f + "massive_damage", massive_default),
        massive_damage_threshold=_int(tbl, "massive_damage_threshold", f + "massive_damage_threshold", lo=1,
                                      default=(max(50, (runner.hp_max + 1) // 2) if edition == "pf1" else 50)),
        death_saves_in_exchange=_bool(tbl, "death_saves_in_exchange", f + "death_saves_in_exchange", False),
        monster_dies_at_0=_bool(tbl, "monster_dies_at_0", f + "monster_dies_at_0", True),
        sentinel_timing_2024=_choice(tbl, "sentinel_timing_2024", f + "sentinel_timing_2024",
                                     ("after_disengage", "on_leave"), "after_disengage"),
        reach_monster_withdraw=_choice(tbl, "reach_monster_withdraw", f + "reach_monster_withdraw",
                                       ("second_square_provokes", "none"), "second_square_provokes"),
        attacker_preset=_str(tbl, "attacker_preset", f + "attacker_preset", DEFAULT_ATTACKER[edition]),
    )
    if five and opts.massive_damage:
        raise InputError(f + "massive_damage", True,
                         "false in 5e (5e instant death from massive damage is always applied)")
    return opts


# --------------------------------------------------------------------------- scenario


@dataclass(frozen=True)
class Spec:
    """A validated D&D scenario (plain data; :mod:`.plan` turns it into events)."""

    title: str
    edition: str
    mode: str
    runner: Runner
    enemies: tuple[Enemy, ...]
    options: Options
    distracting_action: bool = False
    metric: str = "damage"
    compare_modes: tuple[str, ...] = ()
    description: str = ""
    meta: dict = field(default_factory=dict, compare=False)


TOP_FIELDS = {"system", "title", "description", "edition", "mode", "compare_modes", "metric",
              "distracting_action", "runner", "enemies", "options"}


def parse_spec(data: dict) -> Spec:
    """Validate a parsed scenario file (see the package docstring for the format).

    Raises
    ------
    InputError
        Naming the first invalid field, its value and what is allowed.
    """
    _check_keys(data, TOP_FIELDS, "")
    edition = normalise_edition(data.get("edition", "3.5"))
    mode = normalise_mode(data.get("mode", "move"), edition)
    if "runner" not in data:
        raise InputError("runner", None, "a [runner] table (hp, ac, … or preset = '…') (required)")
    runner, rmeta = parse_runner(data["runner"], edition)
    raw_opts = data.get("options")
    opts = parse_options(raw_opts, edition, runner)
    if "enemies" in data:
        raw = data["enemies"]
        if not isinstance(raw, list):
            raise InputError("enemies", raw, "a list of [[enemies]] tables, in the order the runner leaves them")
        if not raw:
            raise InputError("enemies", raw, "at least one threatening enemy ([[enemies]] table)")
    else:
        raw = [{"preset": opts.attacker_preset}]
    enemies: list[Enemy] = []
    emeta = []
    for i, e in enumerate(raw):
        es, m = parse_enemy(e, edition, i, opts.aoo_per_round)
        enemies.extend(es)
        emeta.append(m)
    if runner.dodge_target >= len(enemies):
        raise InputError("runner.dodge_target", runner.dodge_target,
                         f"an enemy index from 0 to {len(enemies) - 1}")
    if any(e.stand_still for e in enemies) and runner.cmd is None:
        raise InputError("runner.cmd", None, "an integer CMD (required when an enemy has stand_still)")
    distract = _bool(data, "distracting_action", "distracting_action")
    if distract and is_5e(edition):
        raise InputError("distracting_action", True, "false in 5e (5e has no provoking actions besides leaving reach)")
    metric = _choice(data, "metric", "metric", METRICS, "damage")
    cm = data.get("compare_modes", [])
    if cm == "auto":
        cm = list(AUTO_COMPARE[edition])
        if runner.tumble is None and edition == "3.5":
            cm = [m for m in cm if m != "tumble"]
    if not isinstance(cm, list):
        raise InputError("compare_modes", cm, "a list of modes such as ['move', 'withdraw', 'tumble', "
                                              "'five_foot_step', 'stay'], or 'auto'")
    modes = []
    for i, m in enumerate(cm):
        mm = normalise_mode(m, edition, f"compare_modes[{i}]")
        if mm not in modes:
            modes.append(mm)
    if len(modes) == 1:
        raise InputError("compare_modes", cm, "at least two different modes (or omit the field)")
    spec = Spec(title=_str(data, "title", "title", ""), edition=edition, mode=mode, runner=runner,
                enemies=tuple(enemies), options=opts, distracting_action=distract, metric=metric,
                compare_modes=tuple(modes), description=_str(data, "description", "description", ""),
                meta={"runner": rmeta, "enemies": emeta})
    check_mode(spec, mode, "mode")
    for i, m in enumerate(modes):
        check_mode(spec, m, f"compare_modes[{i}]")
    return spec


def check_mode(spec: Spec, mode: str, field_: str) -> None:
    """Mode-specific requirements (Tumble trained, PF armour and CMD, full-round actions)."""
    ed = spec.edition
    if mode in ("tumble", "tumble_full"):
        if spec.runner.tumble is None:
            skill = "Acrobatics" if ed == "pf1" else "Tumble"
            raise InputError("runner.tumble", None,
                             f"the runner's {skill} modifier (required by {field_} = {mode!r}; "
                             f"3.5 Tumble is trained only)")
        if ed == "pf1":
            if spec.runner.armor in ("medium", "heavy"):
                raise InputError("runner.armor", spec.runner.armor,
                                 f"'none' or 'light' for {field_} = {mode!r} "
                                 f"(Acrobatics cannot be used in medium or heavy armour)")
            for i, e in enumerate(spec.enemies):
                if e.cmd is None:
                    raise InputError(f"enemies[{i}].cmd", None,
                                     f"an integer CMD (Pathfinder Acrobatics DC; required by {field_} = {mode!r})")
    if spec.distracting_action and mode in ("withdraw", "run"):
        raise InputError("distracting_action", True,
                         f"false with {field_} = {mode!r} (a full-round action leaves no action to provoke with)")
