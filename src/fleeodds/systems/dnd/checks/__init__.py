"""Inputs that change nothing, refused by name: :mod:`.inputs` (field by field, while a scenario file
is read) and :mod:`.results` (by solving the scenario with each value a field may take)."""
