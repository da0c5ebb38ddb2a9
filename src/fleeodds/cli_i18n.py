"""The command line's help pages and click's own messages in the reader's language, from the catalogues.

click marks its own messages (``Usage:``, ``Options``, ``Missing argument``, ``No such option``…)
for gettext; :func:`install_click_translations` points them at fleeodds' catalogues and the
language of the context (:mod:`fleeodds.language`). The commands' help (their docstrings) and the
options' help texts are messages of the catalogue too: Babel finds them with
:func:`fleeodds.i18n_tools.extract_click_help`, :class:`HelpFormatter` translates them as click writes
the page. No command or option is changed: an English page is click's own.
"""

from __future__ import annotations

import inspect
import re

import click

from .language import N_, NP_, Nn_, SOURCE_LANG, _, get_lang, translation

#: click's own messages that a fleeodds page or error line can show, marked for the catalogue
#: (click translates them with gettext; :func:`install_click_translations`).
CLICK_MESSAGES = (
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Arguments"), N_("Show this message and exit."),
    N_("Show the version and exit."), N_("default: {default}"), N_("required"), N_("(dynamic)"),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("No such option {name!r}."),
    N_("No such command {name!r}."), N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"), N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."), N_("Option {name!r} does not take a value."),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."), N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."), N_("file"), N_("directory"), N_("path"),
    Nn_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    Nn_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    Nn_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    Nn_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
)
#: click's number types, by the names its messages and the options column (in capitals) use.
NUMBER_TYPE = "click number type"  # the catalogue's context of these words ("float" is also an exact mode)
NUMBER_TYPES = {"IntParamType": NP_("click number type", "integer"),
                "FloatParamType": NP_("click number type", "float"),
                "IntRange": NP_("click number type", "integer range"),
                "FloatRange": NP_("click number type", "float range")}
#: click's value types as the options column names them, and the project's own metavars.
METAVARS = {
    "INTEGER RANGE": N_("INTEGER RANGE"), "FLOAT RANGE": N_("FLOAT RANGE"), "INTEGER": N_("INTEGER"),
    "FLOAT": N_("FLOAT"), "TEXT": N_("TEXT"), "FILE": N_("FILE"), "DIRECTORY": N_("DIRECTORY"),
    "FOLDER": N_("FOLDER"), "PATH": N_("PATH"), "FIELD": N_("FIELD"), "NAME": N_("NAME"), "VALUES": N_("VALUES"),
}
_METAVAR = re.compile(r"\b(" + "|".join(sorted(METAVARS, key=len, reverse=True)) + r")\b")
#: click's modules that import gettext's functions for their messages.
_CLICK_MODULES = ("core", "exceptions", "types", "formatting", "decorators", "parser", "termui", "utils")


def _gettext(message: str) -> str:
    return translation(get_lang()).gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return translation(get_lang()).ngettext(singular, plural, n)


def install_click_translations() -> None:
    """Have click's own messages looked up in fleeodds' catalogues, in the language of the context.

    click binds ``gettext``/``ngettext`` in each of its modules; they are replaced there (the standard
    library's global gettext domain is left alone). Idempotent.
    """
    import importlib

    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext
    if not getattr(click.Command.get_help_option, "_fleeodds", False):
        click.Command.get_help_option = _english_help_option(click.Command.get_help_option)
    click.types.Path.name = property(_path_word, _set_path_word)  # "file", "directory", "path" in the reader's words
    for cls_name, word in NUMBER_TYPES.items():  # "'x' is not a valid integer": the type's name in the reader's words
        setattr(getattr(click.types, cls_name), "name",
                property(lambda self, word=word: translation(get_lang()).pgettext(NUMBER_TYPE, word)))


def _english_help_option(get_help_option):
    """click builds a command's ``--help`` option once, its help in the language of that moment, and keeps
    it; it is kept in English here (the catalogue's message), and translated when a page is written."""

    def wrapped(self, ctx):
        option = get_help_option(self, ctx)
        if option is not None:
            option.help = "Show this message and exit."
        return option

    wrapped._fleeodds = True
    return wrapped


class _AsWritten(str):
    """A translated word that click's ``.title()`` leaves as the catalogue writes it ("le dossier")."""

    def title(self) -> str:
        return str(self)


def _path_word(self) -> str:
    english = self.__dict__.get("_fleeodds_name", "path")
    word = _gettext(english)
    return english if word == english else _AsWritten(word)


def _set_path_word(self, value: str) -> None:
    self.__dict__["_fleeodds_name"] = value  # click sets it in English when the command is declared


def help_text(text: str) -> str:
    """A command's help (its cleaned docstring) or an option's help in the reader's language."""
    if get_lang() == SOURCE_LANG or not text:
        return text
    return _(text)


def short_help(cmd: click.Command, limit: int) -> str:
    """The command's line in its group's list, made from its help in the reader's language."""
    from click.utils import _make_default_short_help

    if cmd.short_help:
        return help_text(inspect.cleandoc(cmd.short_help))
    if cmd.help:
        return _make_default_short_help(help_text(inspect.cleandoc(cmd.help).partition("\f")[0]), limit)
    return ""


class HelpFormatter(click.HelpFormatter):
    """click's help page, each text of it in the reader's language (an English page is click's own)."""

    def write_heading(self, heading: str) -> None:
        line = _("{heading}:", heading=heading)
        self.write(" " * self.current_indent + line + "\n")

    def write_text(self, text: str) -> None:
        super().write_text(help_text(text))

    def write_dl(self, rows, *args, **kwargs):
        if get_lang() != SOURCE_LANG:
            rows = [(_METAVAR.sub(lambda m: _(METAVARS[m.group(1)]), a), self._option_help(b)) for a, b in rows]
        super().write_dl(rows, *args, **kwargs)

    @staticmethod
    def _option_help(text: str) -> str:
        """An option's help with click's ``  [default: …; …]`` after it (click translated its own words)."""
        whole = help_text(text)
        if whole != text:  # a help text that writes its own "  [default: …]"
            return whole
        help_part, extra = text, ""
        match = re.search(r"(?:^|  )\[[^\[\]]*\]$", text)
        if match:
            help_part, extra = text[:match.start()], text[match.start():]
            extra = extra.replace("; ", _("; "))  # click joins the items with "; "
            from .cli_types import LANG_DEFAULT

            extra = extra.replace(LANG_DEFAULT, _(LANG_DEFAULT))  # a default told in words
        return help_text(help_part) + extra


class Context(click.Context):
    """click's context with the translating :class:`HelpFormatter`."""

    formatter_class = HelpFormatter
