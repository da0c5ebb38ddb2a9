"""Every input written in a scenario that changes nothing in its edition, mode or with the other
fields written is noted by name (:func:`note`; an error under ``--strict``); mode requirements
(Tumble trained …) are errors."""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....language import Message, N_
from ....errors import InputError
from ....validation import inert, not_modelled
from ..model.defaults import says_nothing
from ..model.fields import SAVE_ABILITIES
from ..plan.rules import is_5e

if TYPE_CHECKING:
    from ..model.spec import Spec


def note_inert(field_: str, value: Any, context: Message, spec: Spec | None = None) -> bool:
    """:func:`fleeodds.validation.inert` (a note; an error under ``--strict``), unless ``value`` is what
    leaving the field out gives (:func:`..model.defaults.says_nothing`): a value at its default says nothing.

    Returns
    -------
    bool
        Whether the input was noted.
    """
    if says_nothing(field_, value, spec):
        return False
    inert(field_, value, context)
    return True


def check_no_effect(data: dict, spec: Spec, raw_enemies: list[dict], first_of: list[int],
                    checked: bool = False) -> list[str]:
    """Note every input written in the scenario that changes nothing (the input policy, docs/inputs.md).

    Only fields written in the scenario are checked (a preset's fields and options
    left out are fine), and a field written at its default says nothing. Inputs that matter in
    some editions only are noted in the others; inputs that depend on another field (``cmb``
    without ``stand_still``, ``simultaneous_oa`` without a simultaneous enemy …) are noted
    without it. Each note is made once and the checks go on.
    Inputs that matter in some movement modes only (``through_space``, ``tumble_order``,
    ``attacks_on_turn`` …) are accepted in every mode, so that a decision table
    (``compare_modes``) or a sweep over ``mode`` can share one scenario.

    Returns
    -------
    list of str
        The dotted fields noted: :func:`..model.scenario.parse_spec` builds the scenario as if they
        were left out (what the note says), so that a rule of another edition never acts here.

    Raises
    ------
    InputError
        For a second Spring Attack target, or one adjacent at the start in Pathfinder; under ``--strict``
        (:func:`fleeodds.validation.strict_inputs`), for the first input noted: ``field: value has no
        effect <where>; remove it``.
    """
    ed = spec.edition
    five = is_5e(ed)
    pf = ed == "pf1"
    r, o, enemies = spec.runner, spec.options, spec.enemies
    noted: list[str] = []

    def _note_inert(field_: str, value: Any, context: Message) -> None:
        if note_inert(field_, value, context, spec) and field_ not in noted:
            noted.append(field_)

    def _refuse_if(cond: bool, own: dict, key: str, field_: str, context: Message) -> None:
        if cond and key in own:
            _note_inert(field_, own[key], context)

    # top level
    _refuse_if(five, data, "distracting_action", "distracting_action",
               Message(N_("in 5e (5e has no provoking action besides leaving reach)")))
    # options
    oo = data.get("options") or {}
    for key, why in (("disabled_runner_continues", Message(N_("in 5e (5e has no disabled state at 0 HP)"))),
                     ("threat_must_hit", Message(N_("in 5e (5e criticals need no confirmation)"))),
                     ("crit_confirmation", Message(N_("in 5e (5e criticals need no confirmation)"))),
                     ("confirm_natural_20", Message(N_("in 5e (5e criticals need no confirmation)"))),
                     ("tumble_checks", Message(N_("in 5e (5e has no Tumble mode)"))),
                     ("crit_damage_mode_35", Message(N_("in 5e (5e criticals double the damage dice)"))),
                     ("min_damage_1", Message(N_("in 5e (5e has no minimum damage)"))),
                     ("skill_natural_20_auto", Message(N_("in 5e (5e has no Tumble mode)"))),
                     ("tumble_order", Message(N_("in 5e (5e has no Tumble mode)"))),
                     ("dead_threshold", Message(N_("in 5e (5e uses death saving throws and instant death)"))),
                     ("massive_damage", Message(N_("in 5e (5e instant death from massive damage always applies)"))),
                     ("massive_damage_threshold", Message(N_("in 5e (5e instant death from massive damage always "
                                                             "applies)"))),
                     ("reach_monster_withdraw", Message(N_("in 5e (5e has no withdraw)"))),
                     ("disabled_strenuous", Message(N_("in 5e (5e has no disabled state at 0 HP)")))):
        _refuse_if(five, oo, key, f"options.{key}", why)
    _refuse_if(not five, oo, "monster_dies_at_0", "options.monster_dies_at_0",
               Message(N_("outside 5e (it is a 5e rule)")))
    _refuse_if(not five, oo, "flanking_5e", "options.flanking_5e", Message(N_("outside 5e (it is a 5e rule) (3.5/PF "
                                                                              "flanking is always +2)")))
    _refuse_if(five and not any(e.flanking for e in enemies), oo, "flanking_5e", "options.flanking_5e",
               Message(N_("unless an enemy has flanking = true")))
    for key in ("push_2024", "prone_runner"):
        _refuse_if(not five, oo, key, f"options.{key}", Message(N_("outside 5e (it is a 5e rule)")))
    _refuse_if(ed != "5e2024", oo, "push_2024", "options.push_2024", Message(N_("outside 5e 2024 (weapon masteries are "
                                                                               "2024 rules)")))
    _refuse_if(not any(e.mastery == "push" for e in enemies), oo, "push_2024", "options.push_2024",
               Message(N_("unless an enemy has mastery = 'push'")))
    _refuse_if(not any(e.on_hit == "prone" for e in enemies), oo, "prone_runner", "options.prone_runner",
               Message(N_("unless an enemy has on_hit = 'prone'")))
    # 5e teleport / forced movement provoke nothing: the runner never drops, no death save is rolled
    modes = {spec.mode, *spec.compare_modes}
    for setup in (data.get("compare") or {}).values():
        if isinstance(setup, dict) and isinstance(setup.get("mode"), str):
            modes.add(setup["mode"])
    if five and modes <= {"teleport", "forced"} and not checked:  # a setup of a checked scenario: its
        # base was checked against every compared mode
        why = Message(N_("with mode = {mode} (teleporting or being moved provokes no opportunity attack: the "
                         "runner never drops in this exchange, so no death saving throw is rolled; for a character "
                         "already at 0 HP write situation = 'death_saves')"), mode=repr(spec.mode))
        _refuse_if(True, oo, "death_saves_in_exchange", "options.death_saves_in_exchange", why)
        _refuse_if(True, data, "death_saves", "death_saves", why)
    _refuse_if(not five, oo, "failures_from_critical_at_0", "options.failures_from_critical_at_0",
               Message(N_("outside 5e (it is a 5e rule) (3.5/PF have no death saving throws)")))
    _refuse_if(five and not r.monster, oo, "monster_dies_at_0", "options.monster_dies_at_0",
               Message(N_("unless runner.monster = true")))
    _refuse_if(ed != "5e2024", oo, "sentinel_timing_2024", "options.sentinel_timing_2024",
               Message(N_("outside 5e 2024 (edition = '5e2024')")))
    _refuse_if(not any(e.sentinel for e in enemies), oo, "sentinel_timing_2024", "options.sentinel_timing_2024",
               Message(N_("unless an enemy has sentinel = true")))
    _refuse_if(len(enemies) < 2, oo, "simultaneous_oa", "options.simultaneous_oa",
               Message(N_("with a single enemy (nothing else is triggered by the same step)")))
    _refuse_if(not five and not o.massive_damage, oo, "massive_damage_threshold",
               "options.massive_damage_threshold", Message(N_("unless options.massive_damage = true")))
    _refuse_if("enemies" in data, oo, "attacker_preset", "options.attacker_preset",
               Message(N_("when the scenario lists its enemies (it names the single enemy when enemies is left out)")))
    # runner
    rr = data["runner"]
    _refuse_if(ed == "3.5", rr, "hp_max", "runner.hp_max",
               Message(N_("in 3.5 (only 5e instant death and the Pathfinder massive-damage threshold use it)")))
    _refuse_if(five, rr, "dex_bonus", "runner.dex_bonus", Message(N_("in 5e (only a 3.5/PF run loses "
                                                                     "Dexterity to AC)")))
    _refuse_if(not pf, rr, "con", "runner.con", Message(N_("outside Pathfinder (only its dying rules use the "
                                                           "Constitution score; 5e: con_save)")))
    _refuse_if(five, rr, "fort", "runner.fort", Message(N_("in 5e (Fortitude saves "
                                                           "against massive damage are 3.5/PF)")))
    _refuse_if(not five and not o.massive_damage, rr, "fort", "runner.fort",
               Message(N_("unless options.massive_damage = true (its only use is the DC 15 save against massive "
                          "damage)")))
    for key in ("tumble", "acrobatics"):
        _refuse_if(five, rr, key, f"runner.{key}", Message(N_("in 5e (5e has no Tumble mode)")))
    _refuse_if(not pf, rr, "cmd", "runner.cmd", Message(N_("outside Pathfinder (its only use is against Stand Still)")))
    _refuse_if(pf and not any(e.stand_still or e.trip for e in enemies), rr, "cmd", "runner.cmd",
               Message(N_("unless an enemy has stand_still = true")))
    _refuse_if(ed != "3.5", rr, "dodge_target", "runner.dodge_target",
               Message(N_("outside 3.5 (Pathfinder Dodge applies against every foe; 5e has no Dodge feat)")))
    _refuse_if(ed == "3.5" and "dodge" not in r.feats, rr, "dodge_target", "runner.dodge_target",
               Message(N_("without the dodge feat")))
    own_feats = rr.get("feats")
    own_feats = [own_feats] if isinstance(own_feats, str) else list(own_feats or [])
    for k, ft in enumerate(own_feats):
        if (isinstance(ft, str) and ft.strip().lower() == "spring_attack"
                and not any(e.spring_attack_target for e in enemies)):
            _note_inert(f"runner.feats.{k}" if isinstance(rr.get("feats"), list) else "runner.feats", ft,
                  Message(N_("unless an enemy has spring_attack_target = true (Spring Attack only spares the one "
                                       "foe the runner attacks during its move: 3.5 SRD / PF1 CRB Feats)")))
    _refuse_if(not five, rr, "monster", "runner.monster", Message(N_("outside 5e (it is a 5e rule) (3.5/PF monsters "
                                                                     "use the same HP states)")))
    _refuse_if(not five, rr, "resistance", "runner.resistance", Message(N_("outside 5e (it is a 5e rule) (3.5/PF: use "
                                                                           "damage_reduction)")))
    saves = {e.on_hit_save for e in enemies if e.on_hit == "prone" and e.on_hit_save_dc is not None}
    for ab in SAVE_ABILITIES:
        key = f"{ab}_save"
        _refuse_if(not five, rr, key, f"runner.{key}", Message(N_("outside 5e (it is a 5e rule) (3.5/PF: fort)")))
        _refuse_if(five and ab not in saves, rr, key, f"runner.{key}",
                   Message(N_("unless an enemy's prone rider calls for a {ability} save (on_hit = 'prone', "
                              "on_hit_save = '{ability}', on_hit_save_dc)"), ability=ab))
    _refuse_if(not five, rr, "shield_slots", "runner.shield_slots", Message(N_("outside 5e (it is a 5e rule) (the "
                                                                               "Shield spell of SRD 5.1 / 5.2)")))
    _refuse_if(not five, rr, "uncanny_dodge", "runner.uncanny_dodge", Message(N_("outside 5e (it is a 5e rule) "
                                                                                 "(Uncanny Dodge of SRD 5.1 / 5.2)")))
    _refuse_if(five and r.blinded, rr, "uncanny_dodge", "runner.uncanny_dodge",
               Message(N_("with runner.blinded = true (Uncanny Dodge needs an attacker the rogue can see)")))
    if five and r.shield_slots > 0 and r.uncanny_dodge and not r.blinded:
        raise not_modelled("runner.uncanny_dodge", True, Message(N_("with runner.shield_slots: both spend the "
                                                                    "runner's one reaction, and which to keep for "
                                                                    "which hit is a choice fleeodds does not make; "
                                                                    "give one of the two")))
    conceal = rr.get("concealment")
    if five and isinstance(conceal, int) and not isinstance(conceal, bool) and conceal != 0:
        # SRD 5.1 Adventuring, "Vision and Light" / SRD 5.2 Rules Glossary, "Obscured Areas": no miss chance in 5e;
        # a heavily obscured runner is unseen, and an opportunity attack needs a creature the attacker can
        # see (SRD 5.1 Combat / SRD 5.2 Rules Glossary, "Opportunity Attack"); light obscurement changes no
        # attack roll.
        raise not_modelled("runner.concealment", conceal,
                           Message(N_("5e has no percentile miss chance: a runner the foe cannot see provokes no "
                                      "opportunity attack, write runner.total_concealment = true; a lightly obscured "
                                      "runner changes no attack roll; a foe that attacks with Disadvantage: "
                                      "enemies.N.disadvantage = true")))
    for key in ("touch_ac", "trip_defence"):
        _refuse_if(ed != "3.5" or not any(e.trip for e in enemies), rr, key, f"runner.{key}",
                   Message(N_("outside 3.5 or without an enemy with trip = true (Pathfinder: runner.cmd)")))
    _refuse_if(not pf, rr, "armor", "runner.armor", Message(N_("outside Pathfinder (only Pathfinder Acrobatics "
                                                               "depends on armour)")))
    # enemies
    for i, own in enumerate(raw_enemies):
        e = enemies[first_of[i]]
        f = f"enemies.{i}."
        _refuse_if(five, own, "crit_multiplier", f + "crit_multiplier",
                   Message(N_("in 5e (5e criticals double the damage dice)")))
        _refuse_if(five, own, "combat_reflexes", f + "combat_reflexes",
                   Message(N_("in 5e (one reaction per round; set aoo_left)")))
        _refuse_if(five, own, "dex_bonus", f + "dex_bonus", Message(N_("in 5e (one reaction per round)")))
        _refuse_if(not five and not e.combat_reflexes, own, "dex_bonus", f + "dex_bonus",
                   Message(N_("without combat_reflexes = true (it only adds attacks of opportunity with Combat "
                              "Reflexes)")))
        _refuse_if(not five and ("aoo_left" in own or spec.options.aoo_per_round is not None), own, "dex_bonus",
                   f + "dex_bonus", Message(N_("when aoo_left or options.aoo_per_round gives the attacks of "
                                               "opportunity")))
        _refuse_if(not five, own, "sentinel", f + "sentinel", Message(N_("outside 5e (it is a 5e rule) (Pathfinder: "
                                                                         "use stand_still)")))
        _refuse_if(five, own, "spring_attack_target", f + "spring_attack_target",
                   Message(N_("in 5e (5e: the Mobile feat, attacked_by_runner)")))
        _refuse_if(not five and "spring_attack" not in r.feats, own, "spring_attack_target",
                   f + "spring_attack_target", Message(N_("unless the runner has the spring_attack feat")))
        if e.spring_attack_target and any(enemies[first_of[j]].spring_attack_target for j in range(i)):
            raise InputError(f + "spring_attack_target", True, Message(N_("one Spring Attack target: the feat attacks "
                                                                          "a single foe during the move (3.5/PF1 "
                                                                          "Spring Attack)")))
        if pf and e.spring_attack_target and e.threatens_start:
            raise InputError(f + "spring_attack_target", True, Message(N_("false for a foe adjacent at the start of "
                                                                          "the turn (PF1 Spring Attack), or "
                                                                          "threatens_start = false")))
        _refuse_if(five, own, "trip", f + "trip", Message(N_("in 5e (no trip attack of opportunity: use on_hit = "
                                                             "'prone')")))
        _refuse_if(five or not e.trip, own, "trip_check", f + "trip_check", Message(N_("unless trip = true (3.5/PF)")))
        _refuse_if(ed != "3.5" or not e.trip, own, "improved_trip", f + "improved_trip",
                   Message(N_("outside 3.5 or without trip = true (only the 3.5 feat gives the attack after a trip; "
                              "Pathfinder's +2 goes in trip_check)")))
        _refuse_if(ed != "5e2024", own, "polearm_master", f + "polearm_master",
                   Message(N_("outside 5e 2024 (2014 Polearm Master's attack on entering is an opportunity attack: "
                              "Disengage prevents it, and moving away it only replaces the one on leaving, with the "
                              "same reaction)")))
        _refuse_if(ed == "5e2024" and e.threatens_start, own, "polearm_master", f + "polearm_master",
                   Message(N_("with threatens_start = true (the runner starts inside its reach and never enters it)")))
        _refuse_if(five and not o.flanking_5e, own, "flanking", f + "flanking",
                   Message(N_("in 5e unless options.flanking_5e = true (flanking is an optional rule of the Dungeon "
                              "Master's Guide, off by default)")))
        _refuse_if(ed == "5e2024", own, "flat_footed", f + "flat_footed",
                   Message(N_("in 5e 2024 (SRD 5.2 Rules Glossary, 'Surprise': a surprised creature has Disadvantage "
                              "on its Initiative roll and keeps its reaction, so it still makes its opportunity "
                              "attack)")))
        _refuse_if(not five and modes <= {"withdraw", "five_foot_step", "stay"} and not checked, own,
                   "spring_attack_target", f + "spring_attack_target",
                   Message(N_("with mode = {mode} (Spring Attack spares its target during a move within the attack "
                              "action: modes move and tumble; a withdraw, a 5-foot step or staying makes no such "
                              "move)"), mode=repr(spec.mode)))
        _refuse_if(not pf, own, "stand_still", f + "stand_still",
                   Message(N_("outside Pathfinder (5e: use sentinel)")))
        _refuse_if(not pf, own, "cmb", f + "cmb", Message(N_("outside Pathfinder (its only use is Stand Still)")))
        _refuse_if(pf and not e.stand_still, own, "cmb", f + "cmb", Message(N_("without stand_still = true")))
        _refuse_if(not pf, own, "cmd", f + "cmd", Message(N_("outside Pathfinder (its only use is the Acrobatics DC)")))
        for key in ("squares_left", "through_space", "visible", "tumble_dc"):
            _refuse_if(five, own, key, f + key, Message(N_("in 5e (5e has no withdraw, 5-foot step or Tumble)")))
        for key in ("advantage", "disadvantage", "on_hit"):
            _refuse_if(not five, own, key, f + key, Message(N_("outside 5e (it is a 5e rule)")))
        _refuse_if(ed != "5e2014", own, "attacked_by_runner", f + "attacked_by_runner",
                   Message(N_("outside 5e 2014 (its only use is the 2014 Mobile feat)")))
        _refuse_if(ed == "5e2014" and "mobile" not in r.feats, own, "attacked_by_runner", f + "attacked_by_runner",
                   Message(N_("unless the runner has the mobile feat")))
        for key in ("on_hit_save_dc", "on_hit_save"):
            _refuse_if(not five, own, key, f + key, Message(N_("outside 5e (it is a 5e rule)")))
        _refuse_if(e.on_hit != "prone", own, "on_hit_save_dc", f + "on_hit_save_dc",
                   Message(N_("unless on_hit = 'prone' (grapple and slow riders have no saving throw here)")))
        _refuse_if(e.on_hit != "prone" or e.on_hit_save_dc is None, own, "on_hit_save", f + "on_hit_save",
                   Message(N_("without on_hit = 'prone' and on_hit_save_dc")))
        _refuse_if(ed != "5e2024", own, "mastery", f + "mastery",
                   Message(N_("outside 5e 2024 (weapon masteries are 2024 rules: PHB 2024 ch. 6)")))
        mastery = own.get("mastery")
        if ed == "5e2024" and mastery in ("sap", "cleave", "nick"):
            _note_inert(f + "mastery", mastery, {
                "sap": Message(N_("in this exchange (Sap gives the creature hit disadvantage on its next attack "
                                  "roll; the runner makes no attack roll while it leaves)")),
                "cleave": Message(N_("in this exchange (Cleave's extra attack is against a second creature; the "
                                     "runner is the only target here)")),
                "nick": Message(N_("on an opportunity attack (Nick adds the Light property's extra attack to the "
                                   "Attack action)"))}[mastery])
        if ed == "5e2024" and mastery in ("topple", "slow"):
            raise not_modelled(f + "mastery", mastery, {
                "topple": Message(N_("write on_hit = 'prone', on_hit_save = 'con', on_hit_save_dc = 8 + the "
                                     "ability modifier + the proficiency bonus")),
                "slow": Message(N_("write on_hit = 'slow' (-10 ft on a hit)"))}[mastery])
        _refuse_if(e.mastery != "graze", own, "graze_damage", f + "graze_damage",
                   Message(N_("unless mastery = 'graze' (5e 2024: the damage a grazing miss deals)")))
        if ed == "5e2024" and mastery == "vex" and e.attacks_on_turn < 2:
            _note_inert(f + "mastery", mastery, Message(N_("unless attacks_on_turn >= 2 (Vex gives advantage on this "
                                                           "foe's next attack against the runner: leaving, it attacks "
                                                           "once, with its one reaction; staying, it attacks "
                                                           "attacks_on_turn times)")))
        if ed == "5e2024" and mastery == "push" and o.push_2024 == "none":
            _note_inert(f + "mastery", mastery, Message(N_("with options.push_2024 = 'none' (the push then takes the "
                                                               "runner out of no other foe's reach)")))
        if ed == "5e2024" and mastery == "push" and e.on_hit == "grapple":
            raise not_modelled(f + "mastery", mastery, Message(N_("a push that ends this foe's own grapple (on_hit = "
                                                                  "'grapple')")))
        for key in ("ac", "hp"):
            _refuse_if(True, own, key, f + key,
                       Message(N_("on an enemy (its own AC and hit points play no part in leaving melee)")))
    return noted


def check_mode(spec: Spec, mode: str, field_: str) -> None:
    """Mode-specific requirements (Tumble trained, PF armour and CMD, full-round actions)."""
    ed = spec.edition
    if mode in ("tumble", "tumble_full"):
        if spec.runner.tumble is None:
            skill = "Acrobatics" if ed == "pf1" else "Tumble"
            raise InputError("runner.tumble", None,
                             Message(N_("the runner's {skill} modifier (required by {field} = {mode}; "
                                        "3.5 Tumble is trained only)"), skill=skill, field=field_, mode=repr(mode)))
        if ed == "pf1":
            if spec.runner.armor in ("medium", "heavy"):
                raise InputError("runner.armor", spec.runner.armor,
                                 Message(N_("'none' or 'light' for {field} = {mode} "
                                            "(Acrobatics cannot be used in medium or heavy armour)"),
                                         field=field_, mode=repr(mode)))
            for i, e in enumerate(spec.enemies):
                if e.cmd is None and e.tumble_dc is None:
                    raise InputError(f"enemies.{i}.cmd", None,
                                     Message(N_("an integer CMD (Pathfinder Acrobatics DC; required by {field} = "
                                                "{mode})"), field=field_, mode=repr(mode)))
    if mode == "run" and any(e.spring_attack_target for e in spec.enemies):
        i = next(k for k, e in enumerate(spec.enemies) if e.spring_attack_target)
        raise InputError(field_, mode, Message(N_("a mode other than 'run' with enemies.{i}.spring_attack_target = "
                                                  "true (Spring Attack works within the attack action: a standard "
                                                  "action in 3.5 SRD Feats, a full-round action in PF1 CRB Feats; Run "
                                                  "is a full-round action, so the two never combine)"), i=i))
    if spec.runner.blinded and not is_5e(ed) and mode == "withdraw":
        raise InputError(field_, mode, Message(N_("a mode other than 'withdraw' with runner.blinded = true (3.5 SRD / "
                                                  "PF1 CRB Combat, 'Withdraw': you can't withdraw from combat if "
                                                  "you're blinded)")))
    if spec.distracting_action and mode in ("withdraw", "run"):
        raise InputError("distracting_action", True,
                         Message(N_("false with {field} = {mode} (a full-round action leaves no action to provoke "
                                    "with)"), field=field_, mode=repr(mode)))
