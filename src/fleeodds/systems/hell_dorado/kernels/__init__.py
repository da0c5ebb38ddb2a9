"""Numba Monte Carlo kernels of Hell Dorado: plan -> packed arrays (:mod:`.pack`) -> numba.

- :mod:`.dice`: the dice of one attack, its damage, kill and state;
- :mod:`.fuite`: the Fuite's attaque sans riposte;
- :mod:`.passe`: a weapon pass, one-sided or simultaneous, with Esquive X;
- :mod:`.attraction`: Attraction on the table, adversaries placed or drawn in a zone.

Nothing is imported here: a scenario imports the kernel it runs when a Monte Carlo run needs it
(loading a scenario or solving it exactly does not load numba). Never imports :mod:`..exact`.
"""
