"""Inputs that change nothing, noted by name (errors under ``--strict``): :mod:`.inputs` (field by
field, while a scenario file is read) and :mod:`.results` (by solving the scenario with each value a
field may take)."""
