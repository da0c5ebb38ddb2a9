"""What the three Hell Dorado scenario types share: profiles, optional re-rolls, the effect checks
of derived scenarios, and building a scenario from its table without those checks.

References
----------
Rules digest §2, §3, §6, §8 (outcome taxonomy); Rules Tips "Fuite" (photos 1–9);
Attraction x (errata August 2007) and Attraction D texts.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from ....errors import InputError, short_repr
from ....files import read_toml
from ....language import Message, N_
from ....system import Scenario, get_system
from ....validation import check_exact_mode, inert, set_field
from .. import checks
from .. import exact as ex
from ..model import SECTIONS, Fighter, Options, ScenarioModel, load_profiles, parse_options, validate
from ..plan.attack import Attack

#: The loader of each scenario type, ``(data, model, options, profiles, base_dir, check_only) -> Scenario``.
#: :mod:`.fuite`, :mod:`.passe` and :mod:`.attraction` add theirs when imported: they import this module,
#: so it cannot import them (no import circle); :mod:`.load` imports all three.
LOADERS: dict[str, Callable[..., Scenario]] = {}


def read_profiles(data: dict, base_dir: Path) -> dict[str, dict]:
    """The shipped illustrative profiles, with the ``profiles_file``'s over them.

    Raises
    ------
    InputError
        A ``profiles_file`` without ``[profiles.<key>]`` tables (empty, or another shape
        such as ``profile = 5``). One whose profiles no fighter names is noted
        (:func:`fleeodds.validation.inert`: an error only under ``--strict``).
    """
    profiles = load_profiles()
    pf = data.get("profiles_file")
    if pf is not None:
        path = Path(base_dir) / pf
        own = load_profiles(path, "profiles_file")
        other = sorted(set(read_toml(path, "profiles_file")) - {"profiles"})
        if other or not own:
            raise InputError("profiles_file", pf, Message(
                N_("a TOML file of [profiles.<key>] tables (your cards); it has {keys} instead"),
                keys=", ".join(map(repr, other))) if other else Message(
                N_("a TOML file of [profiles.<key>] tables (your cards); it has none")))
        named = [f.get("profile") for sec in ("fleeing", "attacker", "defender", "adversaries", "attractors",
                                             "others")
                 for f in ([data.get(sec)] if isinstance(data.get(sec), dict) else data.get(sec) or [])
                 if isinstance(f, dict)]
        if not any(isinstance(n, str) and n in own for n in named):
            inert("profiles_file", pf, Message(N_("when no fighter names one of its profiles (profile = '<key>'; "
                                                  "it has {keys})"), keys=", ".join(map(repr, sorted(own)))))
        profiles = {**profiles, **own}
    return profiles


def in_mode(d: dict, mode: str) -> dict:
    """An exact distribution ``d`` (Fractions) as ``mode`` asks: itself for ``"fraction"``, else floats."""
    if check_exact_mode(mode) == "fraction":
        return d
    return {k: float(v) for k, v in d.items()}


def written_capacities(f: Fighter) -> list[str]:
    """The capacities of ``f`` as a scenario writes them (``["Attraction 6", "Intangible"]``)."""
    return [k if v is None else f"{k} {v}" for k, v in f.capacities.items()]


def with_optional_rerolls(opts: Options, atk: Attack | None, goal: str = "stop",
                          state_cancels: bool = False) -> Attack | None:
    """``atk`` with the attacker's best optional re-rolls when ``reroll_policy = "optional"``.

    The attacker may decline re-rolling a missed die (each re-roll is made one at a time, after
    the rolled dice and the earlier re-rolls are seen): :func:`..exact.optimal_policy` works out,
    by backward induction, when re-rolling the next miss is worth it for its goal:

    - ``"stop"`` (a pass; a Fuite with ``attacker_choice`` ``max_kill_or_state``, ``most_dice``
      or ``user``): kill the target or give it a state that stops it — a negative state, or in a
      Fuite any state when ``state_cancels_flee_move``;
    - ``"kill"`` (``attacker_choice = "max_kill"``): kill it;
    - ``"damage"`` (``max_expected_damage``): the most damage on average.

    When the damage after PRO never decreases with the hits (and no unwanted state comes with
    more hits), re-rolling is never worse and the numbers are those of always re-rolling (the
    option is then noted as changing nothing).
    """
    if atk is None or opts.reroll_policy != "optional":
        return atk

    def utility(h: int):
        dmg = ex.damage_for(atk, h)
        dead = ex.killed_by(atk, dmg)
        if goal == "damage":
            return dmg
        if goal == "kill":
            return int(dead)
        st = 0 if dead else ex.state_for(atk, h)
        if not dead and st == 0 and atk.wounded_state and dmg > 0:
            st = 1
        return int(dead or st == 1 or (st == 2 and state_cancels))

    return replace(atk, policy=ex.optimal_policy(atk, utility))


class CheckedScenario:
    """``with_changes`` and ``unused_inputs`` of the three scenario types (:mod:`..checks`)."""

    #: The source tables the inputs were checked against (the scenario, then each comparison setup).
    _contexts: list[dict] | None = None
    #: The loader's ``check_only`` this scenario was built with (``None``: checked as written).
    _check_only: frozenset[str] | None = None

    def with_changes(self, changes: dict[str, Any]) -> Scenario:
        """A copy with dotted fields changed (see :meth:`fleeodds.system.Scenario.with_changes`).

        The fields the changes set are checked in the copy (one that changes nothing
        there is noted, naming it; refused under ``--strict``); the other fields were checked when this scenario
        was loaded, against the scenario and each of its comparison setups (the loader's
        ``check_only``). The changes of a ``fuite.compare`` shorthand are fleeodds' own and are
        not checked.
        """
        if not isinstance(changes, dict):
            raise InputError("changes", short_repr(changes), Message(N_("a table of field.path = value")))
        data = apply_changes(self.base_source(), changes)
        shorthand = [self.fuite_compare_changes(k) for k in getattr(self, "compare", [])]
        only = frozenset() if changes in shorthand else frozenset(changes)
        return get_system(self.system).load(data, self.base_dir, check_only=only)

    def describe(self) -> dict[str, Any]:
        """What the scenario resolved to, with ``unused_inputs`` when a card value written in the
        file changes nothing (:meth:`unused_inputs`)."""
        d = self._describe()
        unused = self.unused_inputs()
        if unused:
            d["unused_inputs"] = unused
        return d

    def _checked_contexts(self) -> tuple[list[dict], frozenset[str] | None]:
        """The tables the inputs were checked against and the ``check_only`` to build them with: those of
        the loader, or (a scenario built without the checks) the source without its comparisons,
        built as already checked."""
        if self._contexts is not None:
            return self._contexts, None
        return [self.base_source()], frozenset()

    def unused_inputs(self) -> list[str]:
        """Dotted paths of the card characteristics written in the file (``fleeing.mou``,
        ``adversaries.0.pro``…) that change nothing here, nor in any comparison setup.

        They are accepted (players copy whole cards) and listed here and in
        ``describe()["unused_inputs"]`` so that nothing is silent.
        """
        contexts, only = self._checked_contexts()
        return checks.unused_inputs(self.source, contexts, lambda d: build(d, self.base_dir, only))


def apply_changes(data: dict, changes: dict[str, Any]) -> dict:
    """A copy of ``data`` with each dotted field of ``changes`` set (:func:`fleeodds.validation.set_field`)."""
    for dotted, value in changes.items():
        data = set_field(data, dotted, value)
    return data


def build(data: dict, base_dir: Path, check_only: frozenset[str] | None = None) -> Scenario:
    """The scenario of ``data``, without the check of inputs that change nothing (:mod:`..checks`).

    ``check_only`` is the loader's (see :func:`.load.load_scenario`): with a set, a field that a
    comparison setup could make matter is not refused again unless the set names it.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), Message(N_("a table of fields")))
    m = validate(ScenarioModel, data)
    kind = m.type
    for sec in sorted({s for secs in SECTIONS.values() for s in secs} - set(SECTIONS[kind])):
        if sec in data:
            raise InputError(sec, short_repr(data[sec]),
                             Message(N_("only the sections of a '{kind}' scenario: {sections} (or another type)"),
                                     kind=kind, sections=", ".join(SECTIONS[kind])))
    opts = parse_options(data.get("options"))
    checks.check_options(data, kind, bool(m.attraction and m.attraction.then_pass))
    profiles = read_profiles(data, base_dir)
    sc = LOADERS[kind](data, m, opts, profiles, base_dir, check_only)
    sc._check_only = check_only
    _attraction_rulings(sc, kind, opts)
    return sc


def _attraction_rulings(sc: Scenario, kind: str, opts) -> None:
    """The designer rulings on Attraction (rules digest §6): it cancels Discrétion on a fighter inside its zone,
    and forbids orders that would take an affected fighter out of it. Discrétion is accepted with a note on a
    fighter an Attraction can pull (its own effect is cancelled there), and refused by name anywhere else (its
    rules text is not in the project's sources); either ruling set to false is refused by name."""
    from ....validation import inert, not_modelled

    if not opts.attraction_cancels_discretion:
        raise not_modelled("options.attraction_cancels_discretion", False,
                           Message(N_("Discrétion inside an Attraction zone: its rules text is not in the project's "
                                      "sources")))
    if not opts.attraction_blocks_leaving_orders:
        raise not_modelled("options.attraction_blocks_leaving_orders", False,
                           Message(N_("orders that take an attracted fighter out of the zone")))
    pulled = []  # (dotted path, fighter) of the fighters an Attraction can pull in this scenario
    if kind == "attraction":
        pulled = [(f"adversaries.{i}", a) for i, a in enumerate(getattr(sc, "advs", []))]
    elif kind == "fuite" and (sc.direction is not None or sc.destination is not None) and sc._holders():
        pulled = [("fleeing", sc.fleeing)]
    pulled_ids = {id(f) for _, f in pulled}
    for where, f in _every_fighter(sc):
        if not f.has("Discrétion"):
            continue
        path = f"{where}.capacities"
        if id(f) not in pulled_ids:
            raise not_modelled(path, "Discrétion", Message(N_(
                "Discrétion outside an Attraction zone: its rules text is not in the project's sources; only the "
                "ruling that an Attraction cancels it is modelled")))
        inert(path, "Discrétion", Message(N_("inside an Attraction zone: the Attraction cancels it (designer ruling, "
                                             "options.attraction_cancels_discretion)")))


def _every_fighter(sc: Scenario):
    for name, attr in (("fleeing", "fleeing"), ("attacker", "attacker_f"), ("defender", "defender_f")):
        f = getattr(sc, attr, None)
        if f is not None and hasattr(f, "has"):
            yield name, f
    lists = (("adversaries", "advs"), ("attractors", "side_a")) if hasattr(sc, "advs") else (
        ("adversaries", "adversaries"), ("others", "others"), ("allies", "allies"))
    for name, attr in lists:
        for i, f in enumerate(getattr(sc, attr, None) or []):
            if hasattr(f, "has"):
                yield f"{name}.{i}", f
