"""The ``[options]`` table (every open rules question): its pydantic model, then the validated
:class:`Options` with the edition's defaults resolved."""


from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from pydantic import ConfigDict

from ....language import N_
from ....validation import StrictModel
from ..plan.rules import is_5e
from .fields import DEFAULT_ATTACKER, INT_LIMIT, F, Flag, Int
from .runner import Runner


class OptionsModel(StrictModel):
    """Every open rules question of the digest (§7), with its rulebook default (``[options]``)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Options"), "description": N_(
        "Every open rules question of the digest (§7), with its rulebook default (``[options]``).")})

    stop_when_down: Flag = F(True, N_("stop when down"),
                             N_("A dying or unconscious runner stops: later attacks of opportunity never happen."))
    simultaneous_oa: Literal["stop_after_drop", "all_resolve"] = F(
        "stop_after_drop", N_("simultaneous attacks"),
        N_("all_resolve: opportunity attacks triggered by the same step all resolve even after the runner drops "
           "(the enemies marked simultaneous with the previous one; with none marked, every reach is left in the "
           "same step). Default stop_after_drop."))
    disabled_runner_continues: Flag = F(True, N_("disabled runner continues"),
                                        N_("3.5/PF: at exactly 0 hit points the runner is conscious and keeps moving."))
    aoo_per_round: Int = F(None, N_("attacks of opportunity per round"),
                           N_("Default aoo_left of every enemy (default 1, "
                              "1 + Dex with Combat Reflexes; 5e 1)."), None, ge=0, le=20)
    threat_must_hit: Flag = F(True, N_("a threat must hit"),
                              N_("3.5/PF: only a hitting roll threatens a critical; false reproduces a common "
                                 "calculator error."))
    crit_confirmation: Literal["roll", "none"] = F(
        "roll", N_("critical confirmation (3.5/PF)"),
        N_("3.5/PF: roll (default, SRD Combat 'Critical Hits': a second attack roll against the same AC confirms "
           "the threat) or none (a common table rule: every threat is a critical)."))
    confirm_natural_20: Flag = F(
        True, N_("natural 20 confirms"),
        N_("3.5/PF: a natural 20 on the confirmation roll confirms even if its total misses the AC (default true: "
           "the confirmation is an attack roll, and a natural 20 always hits); false: the total must hit."))
    crit_damage_mode_35: Literal["reroll_per_multiplier", "multiply_one_roll"] = F(
        "reroll_per_multiplier", N_("critical damage (3.5/PF)"),
        N_("reroll_per_multiplier (the rule: roll the damage once per multiplier) or multiply_one_roll."))
    min_damage_1: Optional[Flag] = F(None, N_("minimum 1 damage"),
                                     N_("3.5/PF: a hit deals at least 1 before DR (default true); not in 5e."))
    skill_natural_20_auto: Flag = F(False, N_("natural 20 on Tumble"),
                                    N_("3.5/PF: a natural 20 on Tumble/Acrobatics succeeds."))
    tumble_order: Literal["order_passed", "best_first", "through_space_first"] = F(
        "order_passed", N_("order of the Tumble checks"),
        N_("3.5/PF: order_passed (default, SRD Tumble: in the order the foes are passed), best_first (the foe "
           "with the highest expected damage gets the lowest DC) or through_space_first (the checks to move "
           "through a foe's space first, then the others in the order passed)."))
    tumble_checks: Literal["per_foe", "single"] = F(
        "per_foe", N_("Tumble checks"),
        N_("3.5/PF: per_foe (default, SRD Tumble / PRD Acrobatics: one check per foe, +2 DC per foe after the "
           "first) or single (one check for the whole move against the highest of those DCs: a failure lets "
           "every foe attack, and stops the move at the first foe whose space is crossed)."))
    dead_threshold: Int = F(None, N_("dead threshold"),
                            N_("3.5/PF: hit points at or below which the runner is dead (3.5 -10, PF -Con)."),
                            "hp", ge=-1000, le=-1)
    massive_damage: Optional[Flag] = F(None, N_("massive damage"),
                                       N_("3.5/PF: one hit of massive damage forces a DC 15 Fortitude save or die "
                                          "(3.5 default true, PF false). Not in 5e (its instant death always "
                                          "applies)."))
    massive_damage_threshold: Int = F(None, N_("massive damage threshold"),
                                      N_("3.5: 50; PF: max(50, half the maximum hit points)."),
                                      "hp", ge=1, le=INT_LIMIT)
    death_saves_in_exchange: Flag = F(False, N_("resolve the fall"),
                                      N_("Resolve the downed runner's fate: 5e death saving throws, 3.5 10 % per "
                                         "round, PF Constitution checks."))
    failures_from_critical_at_0: Literal[2, 1] = F(
        2, N_("failures from a critical at 0 HP"),
        N_("5e: death-save failures a critical hit adds to a character at 0 HP (default 2, SRD 5.1 and 5.2 "
           "'Damage at 0 Hit Points'; a hit from within 5 ft on an unconscious creature is a critical). 1: the "
           "reading some adventures print. Matters only when the runner can be hit at 0 HP (stop_when_down = "
           "false, or simultaneous_oa = 'all_resolve')."))
    monster_dies_at_0: Flag = F(True, N_("monster dies at 0"),
                                          N_("5e: a runner with monster = true dies at 0 hit points (default true)."))
    sentinel_timing_2024: Literal["after_disengage", "on_leave"] = F(
        "after_disengage", N_("Sentinel timing (2024)"),
        N_("5e 2024 with a sentinel: after_disengage (default: Guardian attack right after Disengage) or on_leave."))
    reach_monster_withdraw: Literal["second_square_provokes", "none"] = F(
        "second_square_provokes", N_("withdraw and reach"),
        N_("3.5/PF: second_square_provokes (a reach foe still threatens the second square) or none."))
    push_2024: Literal["same_step", "threatening", "none"] = F(
        "same_step", N_("reach of the other foes after a Push (2024)"),
        N_("5e 2024, a foe with mastery = 'push' hits: the runner is pushed 10 ft straight away from it, which "
           "provokes nothing (forced movement, SRD 5.2 Opportunity Attacks). same_step (default): it leaves the "
           "reach of the foes it was leaving in the same step (marked simultaneous) without their opportunity "
           "attacks; the foes passed later still attack. threatening: also every later foe that threatens the "
           "start square (they stand on the pusher's side). none: the other foes stand across the path, the push "
           "takes the runner out of no one's reach (Push then changes nothing: a note)."))
    prone_runner: Literal["stays_prone", "stands_up"] = F(
        "stays_prone", N_("a prone runner"),
        N_("5e, after a prone rider lands (on_hit = 'prone'): attack rolls against a prone creature have "
           "advantage from within 5 ft and disadvantage from farther (SRD 5.1 / 5.2 Prone condition). "
           "stays_prone (default: the condition lasts, the runner crawls on; every later attack of the exchange "
           "sees it prone) or stands_up (it spends half its speed to stand at once: only the attacks triggered "
           "in the same step see it prone). An unconscious runner (0 HP) is always prone (Unconscious "
           "condition)."))
    disabled_strenuous: Optional[Flag] = F(
        None, N_("strenuous action while disabled"),
        N_("3.5/PF: a runner left at exactly 0 HP (disabled) by the attacks of a strenuous action loses 1 HP once "
           "the act is complete and is dying at -1 (3.5 PHB ch. 8 / SRD 'Disabled'; PF1 CRB ch. 8 'Disabled'): "
           "the full-round withdraw and run, or the distracting action (a standard action, complete after the "
           "attacks it provokes). Outcome 'strained'. Default true; not in 5e."))
    flanking_5e: Flag = F(False, N_("flanking (5e optional rule)"),
                          N_("5e: the optional flanking rule of the Dungeon Master's Guide (not in the SRD): an enemy "
                             "marked flanking has advantage on its attack rolls. Default false (the rule is "
                             "optional and off)."))
    pass_order: Optional[list[int]] = F(
        None, N_("order the foes are passed"),
        N_("The order in which the runner passes its foes, as indices (from 0) of the [[enemies]] tables, e.g. "
           "[1, 0, 2]: every index once. Default: the order the tables are written (the runner's choice of path; "
           "SRD 3.5 / PF1 / 5e: each foe whose reach is left makes its attack of opportunity as it is left). "
           "The loader reorders the tables before anything else: the simultaneous flag and runner.dodge_target "
           "follow their foe."), max_length=20)
    attacker_preset: Optional[str] = F(None, N_("attacker preset"),
                                       N_("Stat line of the single enemy when the scenario has no enemies list."))


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The modelling options of digest §7 (every open rules question), with their defaults.

    See :data:`OPTION_DOCS` for one line on each, and :class:`OptionsModel` for the
    file's fields (``None`` there means "the edition's default", resolved here).
    """

    stop_when_down: bool = True
    simultaneous_oa: str = "stop_after_drop"
    disabled_runner_continues: bool = True
    aoo_per_round: int | None = None
    threat_must_hit: bool = True
    crit_damage_mode_35: str = "reroll_per_multiplier"
    crit_confirmation: str = "roll"
    confirm_natural_20: bool = True
    tumble_checks: str = "per_foe"
    min_damage_1: bool = True
    skill_natural_20_auto: bool = False
    tumble_order: str = "order_passed"
    dead_threshold: int = -10
    massive_damage: bool = True
    massive_damage_threshold: int = 50
    death_saves_in_exchange: bool = False
    failures_from_critical_at_0: int = 2
    monster_dies_at_0: bool = True
    sentinel_timing_2024: str = "after_disengage"
    reach_monster_withdraw: str = "second_square_provokes"
    push_2024: str = "same_step"
    prone_runner: str = "stays_prone"
    disabled_strenuous: bool = True
    flanking_5e: bool = False
    attacker_preset: str = ""


#: One line on each option (the schema's descriptions say the same, in English and French).
OPTION_DOCS = {name: info.description for name, info in OptionsModel.model_fields.items()}


def parse_options(m: OptionsModel, edition: str, runner: Runner) -> Options:
    """Resolve the edition's defaults of the options left out."""
    five = is_5e(edition)
    return Options(
        stop_when_down=m.stop_when_down, simultaneous_oa=m.simultaneous_oa,
        disabled_runner_continues=m.disabled_runner_continues, aoo_per_round=m.aoo_per_round,
        threat_must_hit=m.threat_must_hit, crit_damage_mode_35=m.crit_damage_mode_35,
        crit_confirmation=m.crit_confirmation, confirm_natural_20=m.confirm_natural_20,
        tumble_checks=m.tumble_checks,
        min_damage_1=(not five) if m.min_damage_1 is None else m.min_damage_1,
        skill_natural_20_auto=m.skill_natural_20_auto, tumble_order=m.tumble_order,
        dead_threshold=((-runner.con if edition == "pf1" else -10) if m.dead_threshold is None
                        else m.dead_threshold),
        massive_damage=(edition == "3.5") if m.massive_damage is None else m.massive_damage,
        massive_damage_threshold=((max(50, (runner.hp_max + 1) // 2) if edition == "pf1" else 50)
                                  if m.massive_damage_threshold is None else m.massive_damage_threshold),
        death_saves_in_exchange=m.death_saves_in_exchange,
        failures_from_critical_at_0=m.failures_from_critical_at_0, monster_dies_at_0=m.monster_dies_at_0,
        sentinel_timing_2024=m.sentinel_timing_2024, reach_monster_withdraw=m.reach_monster_withdraw,
        push_2024=m.push_2024, prone_runner=m.prone_runner,
        disabled_strenuous=(not five) if m.disabled_strenuous is None else m.disabled_strenuous,
        flanking_5e=m.flanking_5e,
        attacker_preset=DEFAULT_ATTACKER[edition] if m.attacker_preset is None else m.attacker_preset,
    )
