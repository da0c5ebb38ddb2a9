"""Monte Carlo kernels of the Warhammer plans (numba; never imports :mod:`..exact`): plan -> packed
arrays -> counts, written from the rules independently of the exact solvers.

:mod:`.flee` the break, flee, pursuit, rally and charge chain; :mod:`.obstacles` a flee move
through the things in the way; :mod:`.pursuers` several pursuers; :mod:`.combat` one round of close
combat.
"""
