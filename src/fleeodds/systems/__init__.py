"""Rules systems: one sub-package per game (``warhammer``, ``dnd``, ``hell_dorado``)."""
