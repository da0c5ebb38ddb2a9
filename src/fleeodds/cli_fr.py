"""The command line's help in French, the older way: now in the message catalogue.

Every command's help (its docstring) and every option's help text are messages of the catalogue
(``locale/fr/LC_MESSAGES/fleeodds.po``, extracted by Babel: docs/i18n.md). These two tables are
kept for help texts added the older way while branches merge: ``COMMANDS`` maps a command's name
to its French help, ``OPTIONS`` an English option help to its French text; they are read only when
the catalogue has no translation (:func:`fleeodds.cli_i18n.help_text`). Move an entry into the
catalogue with ``python -m fleeodds.i18n_tools`` and a translation in the ``.po``.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {}

OPTIONS: dict[str, str] = {}
