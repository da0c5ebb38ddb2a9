"""Validation of a D&D scenario file: runner, enemies along the path, movement mode, options.

The file is checked in two passes, before anything reaches a kernel:

1. :class:`.scenario.ScenarioModel` (pydantic, :class:`fleeodds.validation.StrictModel`)
   checks every field's type and range and refuses unknown fields; it is also the
   JSON Schema of a scenario file (:func:`.scenario.schema`, ``fleeodds schema dnd``).
   Its tables are :class:`.runner.RunnerModel`, :class:`.enemy.EnemyModel`,
   :class:`.options.OptionsModel` and :class:`.death_saves.DeathSavesModel`.
2. :func:`.scenario.parse_spec` merges the stat-line presets (:mod:`.presets`:
   ``preset = "srd35_orc_falchion"``, read from ``data/*.toml``; the scenario's own fields
   win, through :func:`fleeodds.validation.merge_profile`), reads the uncertain values
   (:mod:`.uncertain`), then checks what depends on the edition, the mode or other fields:
   dice notation, modes allowed in the edition, Tumble trained, and **inputs that would
   change nothing** (:mod:`..checks.inputs`), noted by name (errors under ``--strict``).

Every problem raises :class:`fleeodds.errors.InputError` naming the field as a
dotted path (``runner.hp``, ``enemies.1.threat_range``, ``options.simultaneous_oa``),
the value and what is allowed.
"""
