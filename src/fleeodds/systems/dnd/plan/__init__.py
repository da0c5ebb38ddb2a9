"""From a validated scenario to the frozen, hashable plans both evaluators read.

:mod:`.exchange` turns a :class:`~..model.scenario.Spec` into the ordered opportunities
(:class:`.exchange.Plan`); :mod:`.death_saves` holds the death-save situation's plan; :mod:`.rules`
holds the rules' tables as exact sub-results (d20 faces, attacks, criticals, checks, saves,
dying, damage), which the plans and the exact solvers share."""
