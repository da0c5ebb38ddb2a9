"""Exact solvers: a plan to its exact distribution in :class:`fractions.Fraction` (or float64).

:mod:`.exchange` solves leaving melee; :mod:`.death_saves` the 5e death-save chain. Nothing here
imports the Monte Carlo kernels (:mod:`..kernels`): the two evaluators share only the plans
(:mod:`..plan`)."""
