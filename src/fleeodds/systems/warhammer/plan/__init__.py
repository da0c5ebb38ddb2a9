"""Validated Warhammer scenario -> frozen, hashable plan dataclasses: the plain numbers both
evaluators read. The edition tables of the rules live here (docs/warhammer.md,
docs/warhammer_combat.md).

:mod:`.leadership` Leadership tests, their exact chance of passing and the rally limits (shared by
the checks, the exact solvers and the plans); :mod:`.flee` the break, flee, pursuit, rally and
charge numbers (:class:`.flee.Rules`); :mod:`.obstacles` the things in the way; :mod:`.pursuers`
several pursuers; :mod:`.combat` one round of close combat and the round's arithmetic.
"""
