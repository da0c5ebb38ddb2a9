"""The Warhammer :class:`~fleeodds.system.Scenario` classes: load -> plan -> exact | kernel; describe.

:mod:`.flee` the break, flee, pursuit, rally and charge situations (:class:`.flee.WarhammerScenario`);
:mod:`.fight` situation ``fight`` (:class:`.fight.FightScenario`); :mod:`.loader` the system's
loader, JSON Schema and benchmark case; :mod:`.numbers` a number in a message, grouped as the reader writes it.
"""
