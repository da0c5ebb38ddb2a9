"""The outcomes and metrics of the Hell Dorado scenarios, and the outcome indices the solvers return.

Both the exact solver (:mod:`.exact`) and the Monte Carlo kernels (:mod:`.kernels`) count into
these indices; the scenarios (:mod:`.scenarios`) declare the tuples.

References
----------
Rules digest §3 (Fuite), §2 (weapon pass), §6 (Attraction), §8 (outcome taxonomy).
"""

from __future__ import annotations

from ...language import N_
from ...outcomes import Metric, Outcome

FUITE_OUTCOMES = (
    Outcome("cannot_flee", N_("Cannot flee (Blocage)")),
    Outcome("free_disengage", N_("Free disengage (no attack)")),
    Outcome("repli_move", N_("Repli move (no attack)")),
    Outcome("killed", N_("Killed")),
    Outcome("state_no_move", N_("New negative state, no move")),
    Outcome("state_positive_no_move", N_("New positive state, no move")),
    Outcome("fled", N_("Fled (Course)")),
    Outcome("fled_no_room", N_("Survived, no room to move")),
)
#: Added to a Fuite's outcomes when its flee move is placed (``fuite.direction``) and an enemy has
#: Attraction x: the move ends inside the zone and the fighter is pulled back at its next activation.
ATTRACTED_BACK = Outcome("attracted_back", N_("Fled, then pulled back by an Attraction (next activation)"))
#: Added to a placed Fuite's outcomes (``fuite.next_activation``): the move ends within the Charge of an adversary,
#: which can engage the fighter again at its next activation.
CHARGED_AGAIN = Outcome("charged_again", N_("Fled, but an adversary can charge it again (next activation)"))
#: With ``fuite.charge_pass``, ``charged_again`` is split by the Charge's pass against the fighter (the PV it has
#: left after the attaque sans riposte): it survives that pass, or it is killed in it.
CHARGED_AGAIN_SURVIVES = Outcome("charged_again_survives", N_("Fled, charged again next activation, survives the pass"))
CHARGED_AGAIN_KILLED = Outcome("charged_again_killed", N_("Fled, charged again next activation and killed in the pass"))
DAMAGE = Metric("damage_taken", N_("damage taken"), 41, 0, "PV")
HITS = Metric("hits", N_("hits scored by the attacker"), 6, 0, "")

PASS_ONE_SIDED = (
    Outcome("killed", N_("Target killed")),
    Outcome("state", N_("Target survives with a new state")),
    Outcome("wounded", N_("Target wounded")),
    Outcome("unharmed", N_("Target unharmed")),
)
PASS_ONE_SIDED_HITS = (
    Outcome("no_hit", N_("No hit")),
    Outcome("hit", N_("At least 1 hit")),
)
PASS_DUEL = (
    Outcome("none_killed", N_("Nobody killed")),
    Outcome("defender_killed", N_("Defender killed")),
    Outcome("attacker_killed", N_("Attacker killed")),
    Outcome("both_killed", N_("Both killed")),
)
#: Added to a passe's outcomes when the defender may use Esquive X against the charge.
DODGED = Outcome("dodged", N_("Esquive: the defender dodges the charge, no pass"))
PASS_DUEL_HITS = (
    Outcome("no_hits", N_("Nobody hits")),
    Outcome("attacker_only_hits", N_("Only the attacker hits")),
    Outcome("defender_only_hits", N_("Only the defender hits")),
    Outcome("both_hit", N_("Both hit")),
)

#: Index of ``attracted_back`` in a Fuite's outcomes (after :data:`FUITE_OUTCOMES`).
F_ATTRACTED = len(FUITE_OUTCOMES)

#: Fuite outcome indices in :data:`FUITE_OUTCOMES` order.
F_CANNOT, F_FREE, F_REPLI, F_KILLED, F_STATE_NEG, F_STATE_POS, F_FLED, F_NO_ROOM = range(8)

ATTR_BASIC = (
    Outcome("pulled", N_("Pulled into contact with the attractor")),
    Outcome("intercepted", N_("Stopped by another fighter on the way")),
    Outcome("unaffected", N_("Unaffected")),
)
ATTR_PASS = (
    Outcome("pulled_none_killed", N_("Pulled; pass: nobody killed")),
    Outcome("pulled_mover_killed", N_("Pulled; pass: it is killed")),
    Outcome("pulled_attractor_killed", N_("Pulled; pass: attractor killed")),
    Outcome("pulled_both_killed", N_("Pulled; pass: both killed")),
    ATTR_BASIC[1], ATTR_BASIC[2],
)
#: ``then_pass`` outcomes when the focus adversary can be intercepted: the pass against the side-A fighter whose
#: base stops it replaces ``intercepted`` (after the pulled ones, in the same order of kills).
ATTR_PASS_INTERCEPT = ATTR_PASS[:4] + (
    Outcome("intercepted_none_killed", N_("Intercepted; pass: nobody killed")),
    Outcome("intercepted_mover_killed", N_("Intercepted; pass: it is killed")),
    Outcome("intercepted_interceptor_killed", N_("Intercepted; pass: interceptor killed")),
    Outcome("intercepted_both_killed", N_("Intercepted; pass: both killed")),
    ATTR_PASS[5],
)
