"""Extract, update and compile the message catalogues with Babel (the translators' tool).

::

    python -m fleeodds.i18n_tools            # all three steps, in order
    python -m fleeodds.i18n_tools extract    # src/fleeodds/**.py -> locale/fleeodds.pot
    python -m fleeodds.i18n_tools update     # the .pot's new messages into every locale/<lang>/.../fleeodds.po
    python -m fleeodds.i18n_tools compile    # every .po -> its .mo (what the package reads)
    python -m fleeodds.i18n_tools init de    # start a new language from the .pot

Run from a source checkout (the folder holding ``babel.cfg``). docs/i18n.md tells how to add a language.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .language import DOMAIN, LOCALE_DIR

#: The marking functions Babel looks for (name, or name:argument positions of singular, plural).
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "Message", "plural_message:1,2")
ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE_DIR / f"{DOMAIN}.pot"


def _babel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(pot: Path = POT) -> Path:
    """Write the template ``pot`` from the marked messages of the source (``babel.cfg``)."""
    kw = [a for k in KEYWORDS for a in ("-k", k)]
    _babel("extract", "--no-default-keywords", *kw, "-F", str(ROOT / "babel.cfg"), "--sort-by-file",
           "--no-wrap", "--project", "fleeodds", "--copyright-holder", "fleeodds contributors",
           "-o", str(pot), str(ROOT))
    return pot


def update(pot: Path = POT) -> None:
    """Merge the template's messages into every language's ``.po`` (new ones empty, gone ones obsolete)."""
    _babel("update", "--no-wrap", "--ignore-obsolete", "-i", str(pot), "-d", str(LOCALE_DIR), "-D", DOMAIN)


def compile_all() -> None:
    """Compile every ``.po`` into its ``.mo`` (the binary catalogue gettext reads)."""
    _babel("compile", "--statistics", "-d", str(LOCALE_DIR), "-D", DOMAIN)


def init(lang: str, pot: Path = POT) -> None:
    """Start the catalogue of a new language ``lang`` (``locale/<lang>/LC_MESSAGES/fleeodds.po``)."""
    _babel("init", "--no-wrap", "-i", str(pot), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang)


def main(argv: list[str] | None = None) -> None:
    """The command: ``extract``, ``update``, ``compile``, ``init LANG`` or nothing (the first three)."""
    args = sys.argv[1:] if argv is None else argv
    step = args[0] if args else "all"
    if step == "extract":
        extract()
    elif step == "update":
        update()
    elif step == "compile":
        compile_all()
    elif step == "init" and len(args) == 2:
        init(args[1])
    elif step == "all":
        extract()
        update()
        compile_all()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":  # pragma: no cover
    main()
