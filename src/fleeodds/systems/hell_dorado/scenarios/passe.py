"""One weapon pass (passe d'armes): simultaneous, or an attaque sans riposte; Esquive X against a charge.

References
----------
Rules digest §2 (weapon pass), §4 (Esquive X); Sapience rules wiki, "Résolution des passes d'armes" and
"Capacités spéciales / Esquive X".
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ....errors import InputError
from ....language import Message, N_
from ....system import Scenario
from ....validation import check_exact_mode, inert
from .. import exact as ex
from ..checks import POSITION, compare_sets, refuse_given
from ..kernels.pack import pack_attack
from ..model import Fighter, Options, PasseModel, ScenarioModel, build_fighter, validate
from ..outcomes import DODGED, HITS, PASS_DUEL, PASS_DUEL_HITS, PASS_ONE_SIDED, PASS_ONE_SIDED_HITS
from ..plan.attack import attack_dice, make_attack, support_bonus
from ..plan.passe import PassePlan
from .base import LOADERS, CheckedScenario, in_mode, with_optional_rerolls


def _kernels():
    """The numba kernel, imported when a Monte Carlo run needs it."""
    from ..kernels import passe

    return passe


class PassScenario(CheckedScenario, Scenario):
    """One weapon pass: normal (simultaneous, ``riposte = true``) or attaque sans riposte.

    A defender with CBT – cannot riposte: the pass is then one-sided. Metric:
    hits scored by the attacker (0–5). ``report = "kills"`` (default) or
    ``"hits"`` picks the outcome categories (see module constants).

    References
    ----------
    Rules digest §2; Sapience wiki "Résolution des passes d'armes".
    """

    metric = HITS

    def __init__(self, data: dict, base_dir: Path | None, attacker: Fighter, defender: Fighter, opts: Options, *,
                 title: str = "", riposte: bool = True, report: str = "kills", def_modifier: int = 0,
                 charge: bool = False, esquive_used: bool = False):
        super().__init__(data, base_dir)
        self.title, self.opts, self.report = title, opts, report
        if not title:  # a pass without a title is named after its fighters, in both languages
            self.title = Message(N_("Weapon pass: {attacker} against {defender}"), attacker=attacker.name,
                                 defender=defender.name)
        self.charge, self.esquive_used = charge, esquive_used
        self.attacker_f, self.defender_f = attacker, defender
        if report not in ("kills", "hits"):
            raise InputError("passe.report", report, Message(N_("'kills' or 'hits'")))
        if attacker.cbt is None:
            raise InputError("attacker.cbt", "-", Message(N_("a number of dice: a CBT – fighter cannot attack")))
        n_a = attack_dice(attacker, support_bonus(attacker.support, opts))
        if n_a < 1:
            raise InputError("attacker.cbt", attacker.cbt,
                             Message(N_("at least 1 attack die in total (CBT + soutien + bonus)")))
        self.duel = riposte and defender.cbt is not None
        self.a = with_optional_rerolls(opts, make_attack(attacker, defender, n_a, opts, "attacker", def_modifier))
        self.b = None
        if self.duel:
            n_b = attack_dice(defender, support_bonus(defender.support, opts))
            self.b = with_optional_rerolls(opts, make_attack(defender, attacker, n_b, opts, "defender"))
        fr = opts.simultaneous_kill == "frappe_rapide_first"
        self.a_first = fr and attacker.has("Frappe rapide")
        self.b_first = fr and defender.has("Frappe rapide")
        if self.duel:
            self.outcomes = PASS_DUEL_HITS if report == "hits" else PASS_DUEL
        else:
            self.outcomes = PASS_ONE_SIDED_HITS if report == "hits" else PASS_ONE_SIDED
        self.esquive = self._esquive()
        if self.esquive:
            self.outcomes = self.outcomes + (DODGED,)

    @property
    def outcome_order(self) -> tuple[str, ...] | None:
        """Best to worst for the target of an attaque sans riposte reported as kills (dodged the
        charge, unharmed, wounded, a new state, killed); ``None`` for a normal pass or hits (no scale)."""
        if self.duel or self.report != "kills":
            return None
        return (("dodged",) if self.esquive else ()) + ("unharmed", "wounded", "state", "killed")

    def _esquive(self) -> int:
        """X of the defender's Esquive X when it may dodge this charge, else 0.

        Esquive X (Sapience wiki, "Capacités spéciales / Esquive X"; rules digest §4): when an
        enemy engages the fighter, 1d6 <= X moves it up to 3 toises away and the charger stops
        at contact. Once per action phase; not when Immobilisé, Mis au sol, or already engaged.
        """
        d = self.defender_f
        if not (self.charge and d.has("Esquive")) or self.esquive_used or d.engaged or d.state:
            return 0
        return int(d.capacities["Esquive"])

    @property
    def dodge_probability(self) -> Fraction:
        """P(Esquive succeeds) = X / 6 (0 when the defender cannot dodge)."""
        return Fraction(min(self.esquive, 6), 6)

    @property
    def plan(self) -> PassePlan:
        """The pass resolved (:class:`..plan.passe.PassePlan`): what decides its outcomes and exact distribution."""
        return PassePlan(a=self.a, b=self.b, duel=bool(self.duel), a_first=bool(self.a_first),
                         b_first=bool(self.b_first), report=self.report, esquive=int(self.esquive))

    def exact_distribution(self, mode: str = "float"):
        check_exact_mode(mode)
        p = self.plan
        if p.duel:
            d = ex.duel_distribution(p.a, p.b, p.a_first, p.b_first, p.report)
        else:
            d = ex.one_sided_pass_distribution(p.a, p.report)
        if p.esquive:
            q = self.dodge_probability
            d = {k: (1 - q) * p for k, p in d.items() if (1 - q) * p}
            d[(len(self.outcomes) - 1, 0)] = q
        return in_mode(d, mode)

    def _kernel_args(self):
        pa = pack_attack(self.a)
        pb = pack_attack(self.b) if self.b is not None else pa
        return (int(self.duel), pa, pb, int(self.a_first), int(self.b_first), int(self.report == "hits"),
                int(self.esquive), len(self.outcomes) - 1)

    def kernel(self):
        args = self._kernel_args()
        k = len(self.outcomes)
        return lambda seed, start, n: _kernels().run_pass(*args, seed, start, n)[:k]

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        args = self._kernel_args()
        return lambda seed, start, n: _kernels().run_pass_trials(*args, seed, start, n)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results: P(Esquive) when the defender may dodge the charge, and the
        distribution of the damage the attacker deals (``{PV: probability}``, pass rolled)."""
        out: dict[str, Any] = {}
        if self.esquive:
            out["esquive_probability"] = self.dodge_probability
        out["damage_dealt"] = ex.damage_pmf(self.a)
        if self.b is not None:
            out["riposte_damage_dealt"] = ex.damage_pmf(self.b)
        if check_exact_mode(mode) != "fraction":
            out = {k: (float(v) if isinstance(v, Fraction) else {d: float(p) for d, p in v.items()})
                   for k, v in out.items()}
        return out

    def _describe(self) -> dict[str, Any]:
        d = {"type": "passe", "attacker": self.attacker_f.describe(), "defender": self.defender_f.describe(),
             "riposte": self.duel, "report": self.report, "attack": self.a.describe(),
             "riposte_attack": self.b.describe() if self.b else None, "options": dict(self.opts.__dict__)}
        if self.charge:
            d["charge"] = True
            d["esquive"] = self.esquive
        return d


def _load_passe(data: dict, m: ScenarioModel, opts: Options, profiles: dict, base_dir: Path,
                check_only: frozenset[str] | None = None) -> PassScenario:
    for sec in ("attacker", "defender"):
        if data.get(sec) is None:
            raise InputError(sec, None, Message(N_("an [{section}] table (a fighter)"), section=sec))
    pa = m.passe if m.passe is not None else validate(PasseModel, {}, "passe.")
    att = build_fighter(data["attacker"], "attacker", profiles, need_weapon=True, required=("cbt",))
    dfd = build_fighter(data["defender"], "defender", profiles, required=("def", "pv"))
    for where, f in (("attacker", att), ("defender", dfd)):
        refuse_given(f, data[where], where, POSITION, Message(N_("in a passe (positions are for Attraction)")))
    refuse_given(att, data["attacker"], "attacker", ("engaged", "state"),
                 Message(N_("on the attacker of a passe (they only forbid the defender's Esquive X against a "
                            "charge)")))
    if att.has("Esquive"):
        inert("attacker.capacities", "Esquive " + str(att.capacities["Esquive"]),
              Message(N_("on the attacker of a passe (Esquive X answers an enemy that engages the fighter)")))
    charge_possible = pa.charge or compare_sets(data, "passe.charge", "", ("defender",), check_only)
    esq_possible = dfd.has("Esquive") or compare_sets(data, "defender.capacities", "", ("defender",), check_only)
    if dfd.has("Esquive") and not charge_possible:
        inert("defender.capacities", "Esquive " + str(dfd.capacities["Esquive"]),
              Message(N_("unless passe.charge = true (Esquive X answers an enemy that engages the fighter)")))
    if not (charge_possible and esq_possible):
        refuse_given(dfd, data["defender"], "defender", ("engaged", "state"),
                     Message(N_("unless the defender has Esquive X and passe.charge = true (they only forbid the "
                                "Esquive)")))
    riposte = pa.riposte
    if dfd.cbt is None and "riposte" in (data.get("passe") or {}) and riposte:
        inert("passe.riposte", True, Message(N_("when the defender has CBT – (it cannot riposte)")))
    if not riposte or dfd.cbt is None:
        refuse_given(dfd, data["defender"], "defender", ("support", "bonus_dice", "weapon"),
                     Message(N_("when the defender does not riposte (riposte = false or CBT –)")))
    if riposte and dfd.cbt is not None and dfd.weapon is None:
        raise InputError("defender.weapons", [], Message(N_("a weapon for the defender's riposte (or riposte = "
                                                            "false)")))
    return PassScenario(data, base_dir, att, dfd, opts, title=m.title, riposte=riposte, report=pa.report,
                        def_modifier=pa.def_modifier, charge=pa.charge, esquive_used=pa.esquive_used)


LOADERS["passe"] = _load_passe
