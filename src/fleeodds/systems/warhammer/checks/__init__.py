"""No silent inputs: every field written in a Warhammer scenario must be able to change the numbers;
a field that cannot, or a rule fleeodds does not model, is refused by name.

:mod:`.flee` the break, flee, pursuit, rally and charge situations; :mod:`.pursuers` several
pursuers (``[[pursuers]]``) and ``options.charge_metric``; :mod:`.obstacles` the things in the way;
:mod:`.combat` the ``[fight]`` section.
"""
