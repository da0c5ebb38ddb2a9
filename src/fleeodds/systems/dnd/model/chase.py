"""The ``[chase]`` table (5e, 3.5, Pathfinder 1e): the race to safety after leaving melee, its pydantic models and the
validated :class:`ChaseSpec`.

One straight line: the runner is ``distance`` feet from safety; each pursuer is ``gap`` feet behind it.
Movements are multiples of 5 ft (squares). See :mod:`..plan.chase` for the round structure.
"""


from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Union

from pydantic import ConfigDict

from ....language import Message, N_
from ....errors import InputError
from ....validation import StrictModel, inert, not_modelled
from ..plan.rules import parse_threat_range
from .fields import F, Flag, Int, _validate, check_dice
from .presets import _merge_preset

#: Runner choices each round (SRD 5.1 / 5.2 Actions: Dash, Disengage; a rogue's Cunning Action takes
#: Dash or Disengage as a bonus action: "dash+dash", "dash+disengage").
CHASE_ACTIONS = ("move", "dash", "disengage", "dash+disengage", "dash+dash")
#: 3.5 / Pathfinder 1e choices (3.5 SRD *Combat*, "Actions in Combat"; PF1 CRB ch. 8): a move action and a
#: standard action (move), a double move, a withdraw (full-round, twice the speed, the start square not
#: threatened), a run (full-round, four times the speed, Dex bonus to AC lost while running).
CHASE_ACTIONS_35 = ("move", "double_move", "withdraw", "run")
#: [chase] fields that are 5e only.
FIVE_E_ONLY = ("cunning_action", "after_exchange")
MAX_CHASE_ROUNDS = 20


class PursuerModel(StrictModel):
    """A pursuer of the chase (``[[chase.pursuers]]``)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Poursuivant", "description_fr": (
        "Un poursuivant (``[[chase.pursuers]]``).")})

    preset: Optional[str] = F(None, "preset", "profil",
                              "A 5e enemy preset (srd51_orc …) for its melee attack; fields override it.",
                              "Un profil d'ennemi 5e (srd51_orc …) pour son attaque au corps à corps ; les "
                              "champs le remplacent.")
    name: Optional[str] = F(None, "name", "nom", "Its name.", "Son nom.")
    attack_bonus: Int = F(None, "attack bonus", "bonus d'attaque", "Its attack bonus (melee, or ranged when "
                          "ranged = true).", "Son bonus d'attaque (au contact, ou à distance si ranged = true).",
                          None, ge=-20, le=60)
    damage: Optional[str] = F(None, "damage", "dégâts", "Damage dice of a hit (e.g. 1d12+3).",
                              "Dés de dégâts d'un coup (par ex. 1d12+3).")
    threat_range: Union[int, str] = F(20, "critical range", "zone de critique",
                                      "Faces that score a critical (20 or N-20).",
                                      "Faces qui donnent un critique (20 ou N-20).")
    reach: int = F(5, "reach", "allonge", "Melee reach in feet (default 5).", "Allonge en pieds (5 par défaut).",
                   "ft", ge=5, le=100, multiple_of=5)
    speed: int = F(30, "speed", "vitesse", "Walking speed in feet (default 30).",
                   "Vitesse de déplacement en pieds (30 par défaut).", "ft", ge=5, le=300, multiple_of=5)
    gap: int = F(5, "gap", "écart", "Feet between it and the runner when the chase starts (default 5: "
                 "adjacent).", "Pieds entre lui et le fuyard au début de la poursuite (5 par défaut : au "
                 "contact).", "ft", ge=5, le=5000, multiple_of=5)
    attacks: int = F(1, "attacks per turn", "attaques par tour",
                     "Attacks of its Attack action (default 1).", "Attaques de son action Attaque (1 par défaut).",
                     "attacks", ge=1, le=6)
    aggressive: Flag = F(False, "Aggressive", "Agressif",
                         "SRD 5.1 orc, Aggressive: as a bonus action it moves up to its speed toward a hostile "
                         "creature it can see (default false).",
                         "Orque du DRS 5.1, Agressif : par une action bonus il se déplace jusqu'à sa vitesse "
                         "vers une créature hostile qu'il voit (faux par défaut).")
    ranged: Flag = F(False, "shoots", "tire",
                     "It shoots instead of running after the runner: it stays put and attacks with "
                     "attack_bonus and damage while the runner is within long range (disadvantage beyond normal "
                     "range or within 5 ft); it makes no opportunity attack. Default false.",
                     "Il tire au lieu de courir après le fuyard : il reste sur place et attaque avec "
                     "attack_bonus et damage tant que le fuyard est à portée longue (désavantage au-delà de la "
                     "portée normale ou à 1,50 m) ; il ne fait pas d'attaque d'opportunité. Faux par défaut.")
    crit_multiplier: int = F(2, "critical multiplier", "multiplicateur de critique",
                             "3.5/PF: the weapon's critical multiplier (x2, x3, x4; default 2). 5e: a critical "
                             "doubles the dice.",
                             "3.5/PF : multiplicateur de critique de l'arme (x2, x3, x4 ; 2 par défaut). 5e : un "
                             "critique double les dés.", None, ge=2, le=4)
    range_normal: int = F(80, "normal range", "portée normale", "Ranged: normal range in feet (default 80).",
                          "À distance : portée normale en pieds (80 par défaut).", "ft", ge=5, le=2000)
    range_long: int = F(320, "long range", "portée longue", "Ranged: long range in feet (default 320).",
                        "À distance : portée longue en pieds (320 par défaut).", "ft", ge=5, le=5000)
    range_increment: Int = F(None, "range increment", "facteur de portée",
                             "3.5/PF, ranged = true: the weapon's range increment in feet (required there): -2 "
                             "per full increment beyond the first, at most 10 increments (5 thrown).",
                             "3.5/PF, ranged = true : le facteur de portée de l'arme en pieds (obligatoire dans ce "
                             "cas) : -2 par facteur entier au-delà du premier, au plus 10 facteurs (5 pour une "
                             "arme de jet).", "ft", ge=5, le=1000, multiple_of=5)
    thrown: Flag = F(False, "thrown weapon", "arme de jet",
                     "3.5/PF, ranged = true: a thrown weapon (maximum range 5 increments instead of 10; default "
                     "false).",
                     "3.5/PF, ranged = true : une arme de jet (portée maximale de 5 facteurs au lieu de 10 ; faux "
                     "par défaut).")
    precise_shot: Flag = F(False, "Precise Shot", "Tir de précision",
                           "3.5/PF, ranged = true: no -4 for shooting at a runner engaged in melee (a melee "
                           "pursuer threatens it) (default false).",
                           "3.5/PF, ranged = true : pas de -4 pour tirer sur un fuyard engagé au corps à corps (un "
                           "poursuivant au contact le menace) (faux par défaut).")
    trip: Flag = F(False, "trips", "croc-en-jambe",
                   "3.5/PF: its attack of opportunity on the runner's move is a trip attempt (3.5 SRD Combat, "
                   "Trip: a melee touch attack against runner.touch_ac, then trip_check opposed by "
                   "runner.trip_defence; PF1 CRB Combat, Trip: trip_check against runner.cmd). A tripped runner "
                   "is prone where it stands and must stand up (a move action that provokes) before it moves "
                   "on. Default false.",
                   "3.5/PF : son attaque d'opportunité sur le déplacement du fuyard est un croc-en-jambe (DRS "
                   "3.5, Combat, Croc-en-jambe : une attaque de contact contre runner.touch_ac, puis trip_check "
                   "opposé à runner.trip_defence ; PF1 : trip_check contre runner.cmd). Un fuyard renversé est à "
                   "terre là où il est et doit se relever (une action de mouvement qui provoque) avant de "
                   "repartir. Faux par défaut.")
    trip_check: Int = F(None, "trip check", "test de croc-en-jambe",
                        "3.5: its Strength check modifier for tripping (size and Improved Trip's +4 included); "
                        "PF1: its CMB for a trip (Improved Trip's +2 included). Required by trip.",
                        "3.5 : son modificateur de Force pour le croc-en-jambe (taille et +4 de Science du "
                        "croc-en-jambe compris) ; PF1 : son BMO pour un croc-en-jambe (+2 de Science du "
                        "croc-en-jambe compris). Requis par trip.", None, ge=-20, le=100)
    improved_trip: Flag = F(False, "Improved Trip", "Science du croc-en-jambe",
                            "3.5 (SRD Feats, Improved Trip): after tripping the runner it makes a melee attack "
                            "at once against the prone runner (-4 AC against melee). Default false.",
                            "3.5 (DRS, Dons, Science du croc-en-jambe) : après avoir renversé le fuyard il porte "
                            "aussitôt une attaque au corps à corps contre le fuyard à terre (-4 à la CA au "
                            "contact). Faux par défaut.")
    combat_reflexes: Flag = F(False, "Combat Reflexes", "Attaques réflexes",
                              "3.5/PF: 1 + dex_bonus attacks of opportunity per round instead of 1, at most one "
                              "per opportunity (leaving its reach, standing up) (default false).",
                              "3.5/PF : 1 + dex_bonus attaques d'opportunité par round au lieu d'une, au plus une "
                              "par occasion (sortir de son allonge, se relever) (faux par défaut).")
    dex_bonus: int = F(0, "Dexterity bonus", "bonus de Dextérité",
                       "3.5/PF: the Dex bonus Combat Reflexes adds to its attacks of opportunity (default 0).",
                       "3.5/PF : bonus de Dex qu'Attaques réflexes ajoute à ses attaques d'opportunité "
                       "(0 par défaut).", None, ge=-5, le=20)


class ChaseModel(StrictModel):
    """The ``[chase]`` table: the race to safety, round by round (5e, 3.5, Pathfinder 1e)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Poursuite", "description_fr": (
        "La table ``[chase]`` : la course vers un abri, round par round (5e, 3.5, Pathfinder 1e).")})

    rounds: int = F(3, "rounds", "nombre de rounds", "Rounds followed (default 3); not safe after them: still chased.",
                    "Rounds suivis (3 par défaut) ; pas à l'abri ensuite : toujours poursuivi.", "rounds",
                    ge=1, le=MAX_CHASE_ROUNDS)
    distance: int = F(60, "distance to safety", "distance de l'abri",
                      "Feet from the runner to safety when the chase starts (default 60).",
                      "Pieds entre le fuyard et l'abri au début de la poursuite (60 par défaut).", "ft",
                      ge=5, le=5000, multiple_of=5)
    speed: int = F(30, "runner's speed", "vitesse du fuyard", "The runner's speed in feet (default 30).",
                   "Vitesse du fuyard en pieds (30 par défaut).", "ft", ge=5, le=300, multiple_of=5)
    actions: Union[str, list[str]] = F(
        "dash", "runner's choice each round", "choix du fuyard à chaque round",
        "One choice for every round, or a list, one per round. 5e: move, dash (twice the speed), disengage (no "
        "opportunity attack), and with cunning_action dash+disengage or dash+dash (three times the speed); "
        "default dash. 3.5/PF: move, double_move, withdraw (twice the speed, the start square not "
        "threatened), run (four times the speed, Dex bonus to AC lost); default double_move.",
        "Un choix pour tous les rounds, ou une liste, un par round. 5e : move (déplacement), dash (foncer : deux "
        "fois la vitesse), disengage (se désengager : aucune attaque d'opportunité), et avec cunning_action "
        "dash+disengage ou dash+dash (trois fois la vitesse) ; dash par défaut. 3.5/PF : move, double_move "
        "(double déplacement), withdraw (retraite : deux fois la vitesse, la case de départ n'est pas "
        "contrôlée), run (course : quatre fois la vitesse, bonus de Dextérité à la CA perdu) ; double_move "
        "par défaut.")
    cunning_action: Flag = F(False, "Cunning Action", "Ruse",
                             "Rogue (SRD 5.1 / 5.2): Dash or Disengage as a bonus action (default false).",
                             "Roublard : foncer ou se désengager par une action bonus (faux par défaut).")
    difficult_terrain: Flag = F(False, "difficult terrain", "terrain difficile",
                                "The whole way is difficult terrain: every foot costs 2 (SRD 5.1 / 5.2 "
                                "Difficult Terrain), for everyone; 3.5/PF: nobody runs or charges across it (3.5 SRD "
                                "Combat, Movement, Hampered Movement) (default false).",
                                "Tout le trajet est en terrain difficile : chaque pied en coûte 2, pour tous ; "
                                "3.5/PF : personne n'y court ni n'y charge (faux par défaut).")
    after_exchange: Flag = F(False, "the exchange first", "l'échange d'abord",
                             "5e: the chase starts with the exchange of leaving melee described by the scenario's "
                             "mode, [[enemies]] and [options] (as situation leave_melee, metric damage): the runner's "
                             "hit points after it start the chase; down, dead or stopped in it: the chase's outcome "
                             "in round 0; prone after it (a Topple or prone rider): it stands up in round 1, half its "
                             "speed (default false: the chase starts from runner.hp).",
                             "5e : la poursuite commence par l'échange pour quitter le corps à corps décrit par le "
                             "mode, les [[enemies]] et les [options] du scénario (comme la situation leave_melee, "
                             "métrique dégâts) : les points de vie du fuyard après l'échange commencent la "
                             "poursuite ; à terre, mort ou arrêté pendant l'échange : l'issue de la poursuite au "
                             "round 0 ; renversé après l'échange : il se relève au round 1 pour la moitié de sa "
                             "vitesse (faux par défaut : la poursuite part de runner.hp).")
    death_saves: Flag = F(False, "death saves", "jets contre la mort",
                          "5e: a runner dropped to 0 HP is followed to the last round: it lies where it fell and "
                          "rolls a death saving throw at the start of each of its turns (natural 20: back up at "
                          "1 HP; three successes: stable; three failures: dead); see attack_downed. 3.5/PF: a "
                          "dying runner (negative HP) is followed the same way: each of its turns it stabilises "
                          "on a 10% roll (3.5) or a DC 10 Constitution check with its negative HP as a penalty "
                          "(PF1; natural 20 succeeds), else it loses 1 HP; dead at -10 (3.5) or -Con (PF1); "
                          "at exactly 0 HP: disabled "
                          "(default false: the chase ends at the drop, down).",
                          "5e : un fuyard tombé à 0 pv est suivi jusqu'au dernier round : il reste où il est tombé "
                          "et fait un jet de sauvegarde contre la mort au début de chacun de ses tours (20 naturel : "
                          "relevé à 1 pv ; trois réussites : stabilisé ; trois échecs : mort) ; voir attack_downed. "
                          "3.5/PF : un fuyard mourant (pv négatifs) est suivi de même : à chacun de ses tours il se "
                          "stabilise sur un jet de 10 % (3.5) ou un test de Constitution DD 10 avec ses pv négatifs "
                          "en malus (PF1 ; 20 naturel réussit), sinon il perd 1 pv ; mort à -10 (3.5) ou -Con (PF1) ; "
                          "à exactement 0 pv : hors de combat "
                          "(faux par défaut : la poursuite s'arrête à la chute, à terre).")
    attack_downed: Optional[bool] = F(None, "attacks on the downed runner", "attaques contre le fuyard à terre",
                            "With death_saves: the pursuers keep coming for the downed runner and attack it "
                            "(Advantage, a hit from within 5 ft is a critical; a hit marks one failure, a "
                            "critical two, damage at least the hit point maximum kills; a stable runner hit "
                            "starts its saves again) (default true in 5e; false: they leave it alone). 3.5/PF: "
                            "false, the default there (the pursuers' coup de grace is not modelled).",
                            "Avec death_saves : les poursuivants vont au fuyard à terre et l'attaquent "
                            "(avantage, un coup porté à 1,50 m ou moins est critique ; un coup coche un échec, "
                            "un critique deux, des dégâts au moins égaux aux pv maximum tuent ; un fuyard "
                            "stabilisé touché recommence ses jets) (vrai par défaut en 5e ; faux : ils le laissent). 3.5/PF : "
                            "faux, la valeur par défaut (le coup de grâce des poursuivants n'est pas modélisé).")
    pursuers: Optional[list[PursuerModel]] = F(None, "pursuers", "poursuivants",
                                               "The creatures running after the runner, in the order they act "
                                               "(required, 1 to 10).",
                                               "Les créatures qui courent après le fuyard, dans l'ordre où elles "
                                               "agissent (obligatoire, 1 à 10).", None, min_length=1, max_length=10)


@dataclass(frozen=True)
class Pursuer:
    """A validated pursuer (see :class:`PursuerModel`; distances in feet)."""

    name: str
    attack_bonus: int
    damage: str
    threat_low: int
    reach: int
    speed: int
    gap: int
    attacks: int
    aggressive: bool
    ranged: bool
    range_normal: int
    range_long: int
    crit_multiplier: int = 2
    trip: bool = False
    trip_check: int = 0
    improved_trip: bool = False
    aoo_per_round: int = 1
    range_increment: int = 0
    thrown: bool = False
    precise_shot: bool = False


@dataclass(frozen=True)
class ChaseSpec:
    """A validated chase: the runner's state, the way, the pursuers.

    Attributes
    ----------
    edition : str
        ``"5e2014"``, ``"5e2024"``, ``"3.5"`` or ``"pf1"``.
    hp, hp_max, ac : int
        The runner's hit points (at the start of the chase), maximum, Armour Class.
    resistance : bool
        Resistance to the pursuers' damage (halved, rounded down).
    rounds, distance, speed : int
    actions : tuple of str
        The runner's choice each round (one per round).
    difficult_terrain : bool
    pursuers : tuple of Pursuer
    death_saves : bool
        Follow a downed runner's death saves to the last round (SRD 5.1 "Death Saving Throws").
    dead_at : int or None
        3.5/PF: hit points at or below which the runner is dead (3.5 -10, PF -Con); ``None`` in 5e.
    dex_bonus : int
        3.5/PF: the runner's Dexterity bonus to AC (lost while running).
    attack_downed : bool
        With ``death_saves``: the pursuers attack the downed runner (:func:`..plan.chase.downed_steps`).
    after_exchange : bool
        The chase starts with the scenario's exchange of leaving melee (:mod:`..scenarios.chase`).
    touch_ac, trip_defence : int
        3.5/PF, against a pursuer's trip: 3.5 the touch AC and the opposed check's modifier; PF1 the CMD
        in ``trip_defence``.
    con : int
        Pathfinder: the Constitution score (its modifier in the dying runner's DC 10 check).

    References
    ----------
    SRD 5.1 *Combat* / SRD 5.2 *Playing the Game*: "Movement and Position", "Dash", "Disengage",
    "Opportunity Attacks", "Difficult Terrain"; SRD 5.1 Orc, "Aggressive".
    """

    edition: str
    hp: int
    hp_max: int
    ac: int
    resistance: bool
    rounds: int
    distance: int
    speed: int
    actions: tuple[str, ...]
    difficult_terrain: bool
    pursuers: tuple[Pursuer, ...]
    death_saves: bool = False
    after_exchange: bool = False
    attack_downed: bool = True
    dead_at: int | None = None
    dex_bonus: int = 0
    touch_ac: int = 10
    trip_defence: int = 0
    con: int = 10


def parse_chase(raw: dict, edition: str, hp: int, hp_max: int, ac: int, resistance: bool,
                dead_at: int | None = None, dex_bonus: int = 0, touch_ac: int | None = None,
                trip_defence: int | None = None, con: int = 10) -> ChaseSpec:
    """Validate the ``[chase]`` table.

    Raises
    ------
    InputError
        Naming ``chase.<field>``: a choice that is not allowed (or a Cunning Action one without
        ``cunning_action``), more choices than rounds, a pursuer without attack bonus or damage,
        a long range shorter than the normal one.
    """
    m = _validate(ChaseModel, raw, "chase.")
    five = edition.startswith("5e")
    if not five:
        for key in FIVE_E_ONLY:
            if raw.get(key) is True:
                raise InputError(f"chase.{key}", True, Message(N_("false in 3.5/PF (5e only in the chase: the rogue's Cunning "
                                                                  "Action; the exchange before the chase)")))
        if raw.get("attack_downed") is True and m.death_saves:
            raise not_modelled("chase.attack_downed", True, Message(N_("3.5/PF: the pursuers finishing off the dying "
                                                                       "runner; false, the default there, leaves it where it fell")))
        if raw.get("attack_downed") is True:
            inert("chase.attack_downed", True, Message(N_("unless chase.death_saves = true (the chase ends at the drop)")))
        m = m.model_copy(update={"attack_downed": False})
        if "actions" not in raw:
            m = m.model_copy(update={"actions": "double_move"})
    elif m.attack_downed is None:
        m = m.model_copy(update={"attack_downed": True})
    allowed = CHASE_ACTIONS if five else CHASE_ACTIONS_35
    acts = [m.actions] * m.rounds if isinstance(m.actions, str) else list(m.actions)
    field_ = "chase.actions"
    if not isinstance(m.actions, str) and len(acts) != m.rounds:
        raise InputError(field_, acts, Message(N_("one choice or a list of {n} (one per round: chase.rounds)"),
                                               n=m.rounds))
    for i, a in enumerate(acts):
        where = field_ if isinstance(m.actions, str) else f"{field_}.{i}"
        if a not in allowed:
            raise InputError(where, a, Message(N_("one of {choices}"), choices=", ".join(repr(x) for x in allowed)))
        if a == "run" and m.difficult_terrain:
            raise InputError(where, a, Message(N_("'move', 'double_move' or 'withdraw' with chase.difficult_terrain = true (no "
                                                  "run across difficult terrain)")))
        if "+" in a and not m.cunning_action:
            raise InputError(where, a, Message(N_("'move', 'dash' or 'disengage' unless chase.cunning_action = true (a bonus "
                                                  "action Dash or Disengage is the rogue's Cunning Action)")))
    if m.pursuers is None:
        raise InputError("chase.pursuers", None, Message(N_("a list of [[chase.pursuers]] tables (at least one; required)")))
    pursuers = []
    for i, own in enumerate(raw.get("pursuers") or []):
        f = f"chase.pursuers.{i}."
        merged, meta = _merge_preset(own, "enemy", edition, f"chase.pursuers.{i}")
        keep = {k: v for k, v in merged.items() if k in PursuerModel.model_fields}
        p = _validate(PursuerModel, keep, f)
        if p.attack_bonus is None:
            raise InputError(f + "attack_bonus", None, Message(N_("an integer attack bonus (required unless a preset gives it)")))
        if p.damage is None:
            raise InputError(f + "damage", None, Message(N_("dice notation such as 1d12+3 (required unless a preset gives it)")))
        if not five and p.aggressive:
            raise InputError(f + "aggressive", True, Message(N_("false in 3.5/PF (the 5e orc's Aggressive)")))
        if not five and p.ranged and p.range_increment is None:
            raise InputError(f + "range_increment", None, Message(N_("the weapon's range increment in feet (required by ranged "
                                                                     "= true in 3.5/PF)")))
        for key in ("thrown", "precise_shot"):
            if getattr(p, key) and (five or not p.ranged):
                raise InputError(f + key, True, Message(N_("false unless ranged = true in 3.5/PF (5e: range_normal and "
                                                           "range_long)")))
        if p.range_increment is not None and (five or not p.ranged):
            inert(f + "range_increment", p.range_increment, Message(N_("unless ranged = true in 3.5/PF (5e: range_normal and "
                                                                       "range_long)")))
        for key, default in (("range_normal", 80), ("range_long", 320)):
            if not five and getattr(p, key) != default:
                inert(f + key, getattr(p, key), Message(N_("in 3.5/PF (range_increment gives the range)")))
        for key in ("trip", "improved_trip", "combat_reflexes"):
            if five and getattr(p, key):
                raise InputError(f + key, True, Message(N_("false in 5e (3.5/PF only: a 5e trip is a prone rider of the "
                                                           "exchange, on_hit = 'prone')")))
        if p.improved_trip and edition == "pf1":
            raise InputError(f + "improved_trip", True, Message(N_("false in Pathfinder 1e (its Improved Trip gives no free "
                                                                   "attack; put its +2 in trip_check)")))
        if p.dex_bonus and not p.combat_reflexes:
            inert(f + "dex_bonus", p.dex_bonus, Message(N_("unless combat_reflexes = true (the chase reads a pursuer's Dex bonus "
                                                           "for its extra attacks of opportunity only)")))
        if p.improved_trip and not p.trip:
            raise InputError(f + "improved_trip", True, Message(N_("false unless trip = true")))
        if p.trip and p.trip_check is None:
            raise InputError(f + "trip_check", None, Message(N_("an integer trip modifier (required by trip = true)")))
        if p.trip and edition == "pf1" and trip_defence is None:
            raise InputError("runner.cmd", None, Message(N_("an integer CMD (required when a pursuer has trip = true)")))
        if five and p.crit_multiplier != 2:
            inert(f + "crit_multiplier", p.crit_multiplier, Message(N_("in 5e (a critical doubles the dice)")))
        if p.range_long < p.range_normal:
            raise InputError(f + "range_long", p.range_long, Message(N_("an integer >= range_normal ({normal})"),
                                                                     normal=p.range_normal))
        pursuers.append(Pursuer(
            name=p.name or meta.get("name", f"pursuer {i + 1}"), attack_bonus=p.attack_bonus,
            damage=check_dice(p.damage, f + "damage"), threat_low=parse_threat_range(p.threat_range, f + "threat_range"),
            reach=p.reach, speed=p.speed, gap=p.gap, attacks=p.attacks, aggressive=p.aggressive, ranged=p.ranged,
            range_normal=p.range_normal, range_long=p.range_long, crit_multiplier=p.crit_multiplier,
            trip=p.trip, trip_check=p.trip_check or 0, improved_trip=p.improved_trip,
            aoo_per_round=1 + max(0, p.dex_bonus) if p.combat_reflexes else 1,
            range_increment=p.range_increment or 0, thrown=p.thrown, precise_shot=p.precise_shot))
    if raw.get("attack_downed") is False and not m.death_saves:
        inert("chase.attack_downed", False, Message(N_("unless chase.death_saves = true (the chase ends at the drop)")))
    return ChaseSpec(edition=edition, hp=hp, hp_max=hp_max, ac=ac, resistance=resistance, rounds=m.rounds,
                     distance=m.distance, speed=m.speed, actions=tuple(acts), difficult_terrain=m.difficult_terrain,
                     pursuers=tuple(pursuers), death_saves=m.death_saves, after_exchange=m.after_exchange,
                     attack_downed=m.attack_downed, dead_at=dead_at, dex_bonus=dex_bonus,
                     touch_ac=touch_ac if touch_ac is not None else 10 + dex_bonus,
                     trip_defence=trip_defence if trip_defence is not None else dex_bonus, con=con)
