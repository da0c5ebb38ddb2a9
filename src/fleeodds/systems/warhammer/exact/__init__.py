"""Exact distributions of the Warhammer plans (rational arithmetic; never imports :mod:`..kernels`).

:mod:`.flee` the break, flee, pursuit, rally and charge chain; :mod:`.obstacles` a flee move
through the things in the way; :mod:`.pursuers` several pursuers; :mod:`.combat` one round of close
combat.
"""
