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
KEYWORDS = ("_", "N_", "Nn_:1,2", "NP_:1c,2", "ngettext:1,2", "pgettext:1c,2", "Message", "plural_message:1,2", "pmessage:1c,2")
ROOT = Path(__file__).resolve().parents[2]
POT = LOCALE_DIR / f"{DOMAIN}.pot"


def extract_click_help(fileobj, keywords, comment_tags, options):
    """Babel extraction method of the command-line modules: the marked messages (as Python's), the
    ``help=`` texts of click's options and the docstrings of the commands (cleaned as click shows them).

    Named in ``babel.cfg`` for ``src/fleeodds/cli*.py``.
    """
    import ast
    import inspect

    from babel.messages.extract import extract_python

    source = fileobj.read()
    import io

    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    tree = ast.parse(source.decode("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in ("help", "show_default") and isinstance(kw.value, ast.Constant) \
                        and isinstance(kw.value.value, str) and kw.value.value:
                    yield kw.value.lineno, "N_", kw.value.value, []
        elif isinstance(node, ast.FunctionDef) and node.decorator_list:
            names = [ast.unparse(d) for d in node.decorator_list]
            if any(".command" in n or ".group" in n for n in names):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    yield node.lineno, "N_", inspect.cleandoc(doc).partition("\f")[0], []


def _babel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(pot: Path = POT) -> Path:
    """Write the template ``pot`` from the marked messages of the source (``babel.cfg``)."""
    import os

    kw = [a for k in KEYWORDS for a in ("-k", k)]
    here = os.getcwd()
    os.chdir(ROOT)  # the catalogue names the files from the checkout's root: src/fleeodds/cli.py:40
    try:
        _babel("extract", "--no-default-keywords", *kw, "-F", "babel.cfg", "--sort-by-file", "--no-wrap",
               "--project", "fleeodds", "--version", "0.1.0", "--copyright-holder", "fleeodds contributors",
               "-o", str(Path(pot).resolve()), ".")
    finally:
        os.chdir(here)
    _brace_format_only(pot)
    return pot


def _brace_format_only(path: Path) -> None:
    """Drop Babel's ``python-format`` flag: fleeodds' messages use ``{name}`` placeholders, and a ``%`` in
    a help text ("95 %") is no placeholder (``pybabel compile`` would check it as one)."""
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as f:
        catalog = read_po(f)
    for message in catalog:
        message.flags.discard("python-format")
    with open(path, "wb") as f:
        write_po(f, catalog, width=0, sort_by_file=True, ignore_obsolete=True)


def update(pot: Path = POT) -> None:
    """Merge the template's messages into every language's ``.po`` (new ones empty, gone ones obsolete)."""
    _babel("update", "--no-wrap", "--ignore-obsolete", "-i", str(pot), "-d", str(LOCALE_DIR), "-D", DOMAIN)
    for po in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"):
        _brace_format_only(po)


def compile_all() -> None:
    """Compile every ``.po`` into its ``.mo`` (the binary catalogue gettext reads).

    Babel's compiler, without its check of ``%`` placeholders: fleeodds' messages use ``{name}`` ones
    (``tests/i18n/test_catalogue.py`` checks those), and "95 %" in a help text is no placeholder.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with open(po, "rb") as f:
            catalog = read_po(f)
        with open(po.with_suffix(".mo"), "wb") as f:
            write_mo(f, catalog)
        done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
        print(f"{po.relative_to(LOCALE_DIR)}: {done} of {len(catalog)} messages translated")


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
