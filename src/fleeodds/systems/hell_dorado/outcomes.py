"""The outcomes and metrics of the Hell Dorado scenarios, and the outcome indices the solvers return.

Both the exact solver (:mod:`.exact`) and the Monte Carlo kernels (:mod:`.kernels`) count into
these indices; the scenarios (:mod:`.scenarios`) declare the tuples.

References
----------
Rules digest §3 (Fuite), §2 (weapon pass), §6 (Attraction), §8 (outcome taxonomy).
"""

from __future__ import annotations

from ...outcomes import Metric, Outcome

FUITE_OUTCOMES = (
    Outcome("cannot_flee", "Cannot flee (Blocage)", "Fuite impossible (Blocage)"),
    Outcome("free_disengage", "Free disengage (no attack)", "Désengagement libre (pas d'attaque)"),
    Outcome("repli_move", "Repli move (no attack)", "Fuite en Repli (pas d'attaque)"),
    Outcome("killed", "Killed", "Tué"),
    Outcome("state_no_move", "New negative state, no move", "État négatif, pas de déplacement"),
    Outcome("state_positive_no_move", "New positive state, no move", "État positif, pas de déplacement"),
    Outcome("fled", "Fled (Course)", "Fuite réussie (Course)"),
    Outcome("fled_no_room", "Survived, no room to move", "Survit, pas de place pour fuir"),
)
#: Added to a Fuite's outcomes when its flee move is placed (``fuite.direction``) and an enemy has
#: Attraction x: the move ends inside the zone and the fighter is pulled back at its next activation.
ATTRACTED_BACK = Outcome("attracted_back", "Fled, then pulled back by an Attraction (next activation)",
                         "A fui, puis ramené par une Attraction (prochaine activation)")
#: Added to a placed Fuite's outcomes (``fuite.next_activation``): the move ends within the Charge of an adversary,
#: which can engage the fighter again at its next activation.
CHARGED_AGAIN = Outcome("charged_again", "Fled, but an adversary can charge it again (next activation)",
                        "A fui, mais un adversaire peut le charger de nouveau (prochaine activation)")
#: With ``fuite.charge_pass``, ``charged_again`` is split by the Charge's pass against the fighter (the PV it has
#: left after the attaque sans riposte): it survives that pass, or it is killed in it.
CHARGED_AGAIN_SURVIVES = Outcome("charged_again_survives", "Fled, charged again next activation, survives the pass",
                                 "A fui, rechargé à l'activation suivante, survit à la passe")
CHARGED_AGAIN_KILLED = Outcome("charged_again_killed", "Fled, charged again next activation and killed in the pass",
                               "A fui, rechargé à l'activation suivante et tué dans la passe")
DAMAGE = Metric("damage_taken", "damage taken", "dégâts subis", 41, 0, "PV")
HITS = Metric("hits", "hits scored by the attacker", "touches de l'attaquant", 6, 0, "")

PASS_ONE_SIDED = (
    Outcome("killed", "Target killed", "Cible tuée"),
    Outcome("state", "Target survives with a new state", "Cible survit avec un nouvel état"),
    Outcome("wounded", "Target wounded", "Cible blessée"),
    Outcome("unharmed", "Target unharmed", "Cible indemne"),
)
PASS_ONE_SIDED_HITS = (
    Outcome("no_hit", "No hit", "Aucune touche"),
    Outcome("hit", "At least 1 hit", "Au moins 1 touche"),
)
PASS_DUEL = (
    Outcome("none_killed", "Nobody killed", "Personne n'est tué"),
    Outcome("defender_killed", "Defender killed", "Défenseur tué"),
    Outcome("attacker_killed", "Attacker killed", "Attaquant tué"),
    Outcome("both_killed", "Both killed", "Les deux sont tués"),
)
#: Added to a passe's outcomes when the defender may use Esquive X against the charge.
DODGED = Outcome("dodged", "Esquive: the defender dodges the charge, no pass",
                 "Esquive : le défenseur esquive la charge, pas de passe")
PASS_DUEL_HITS = (
    Outcome("no_hits", "Nobody hits", "Aucune touche"),
    Outcome("attacker_only_hits", "Only the attacker hits", "Seul l'attaquant touche"),
    Outcome("defender_only_hits", "Only the defender hits", "Seul le défenseur touche"),
    Outcome("both_hit", "Both hit", "Les deux touchent"),
)

#: Index of ``attracted_back`` in a Fuite's outcomes (after :data:`FUITE_OUTCOMES`).
F_ATTRACTED = len(FUITE_OUTCOMES)

#: Fuite outcome indices in :data:`FUITE_OUTCOMES` order.
F_CANNOT, F_FREE, F_REPLI, F_KILLED, F_STATE_NEG, F_STATE_POS, F_FLED, F_NO_ROOM = range(8)

ATTR_BASIC = (
    Outcome("pulled", "Pulled into contact with the attractor", "Attiré au contact"),
    Outcome("intercepted", "Stopped by another fighter on the way", "Arrêté par un autre combattant"),
    Outcome("unaffected", "Unaffected", "Non affecté"),
)
ATTR_PASS = (
    Outcome("pulled_none_killed", "Pulled; pass: nobody killed", "Attiré ; passe : personne n'est tué"),
    Outcome("pulled_mover_killed", "Pulled; pass: it is killed", "Attiré ; passe : il est tué"),
    Outcome("pulled_attractor_killed", "Pulled; pass: attractor killed", "Attiré ; passe : l'attracteur est tué"),
    Outcome("pulled_both_killed", "Pulled; pass: both killed", "Attiré ; passe : les deux sont tués"),
    ATTR_BASIC[1], ATTR_BASIC[2],
)
#: ``then_pass`` outcomes when the focus adversary can be intercepted: the pass against the side-A fighter whose
#: base stops it replaces ``intercepted`` (after the pulled ones, in the same order of kills).
ATTR_PASS_INTERCEPT = ATTR_PASS[:4] + (
    Outcome("intercepted_none_killed", "Intercepted; pass: nobody killed", "Intercepté ; passe : personne n'est tué"),
    Outcome("intercepted_mover_killed", "Intercepted; pass: it is killed", "Intercepté ; passe : il est tué"),
    Outcome("intercepted_interceptor_killed", "Intercepted; pass: interceptor killed",
            "Intercepté ; passe : l'intercepteur est tué"),
    Outcome("intercepted_both_killed", "Intercepted; pass: both killed", "Intercepté ; passe : les deux sont tués"),
    ATTR_PASS[5],
)
