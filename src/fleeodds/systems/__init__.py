"""Rules systems: one sub-package per game (see :data:`fleeodds.system.SYSTEMS`)."""
