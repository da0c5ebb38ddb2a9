"""Click parameter types shared by the fleeodds commands."""

from __future__ import annotations

from pathlib import Path

import click

from .language import Message, N_, _, use_lang
from .foreign import os_reason


class OutFile(click.ParamType):
    """An output file: its folder must exist, and a chart must end in .png or .svg.

    Checked when the command line is read, so a typo in a path never costs a
    long computation.
    """

    name = "file"

    def __init__(self, suffixes: tuple[str, ...] = ()):
        self.suffixes = suffixes

    def convert(self, value, param, ctx):
        p = Path(value)
        if self.suffixes and p.suffix.lower() not in self.suffixes:
            self.fail(_("{value} is not allowed; expected a file name ending in {suffixes}", value=repr(value),
                        suffixes=_("{items} or {last}", items=", ".join(self.suffixes[:-1]),
                                   last=self.suffixes[-1]) if len(self.suffixes) > 1 else self.suffixes[0]),
                      param, ctx)
        if p.is_dir():
            self.fail(_("{value} is a folder; expected a file name", value=repr(value)), param, ctx)
        if not p.parent.is_dir():
            self.fail(_("{value}: the folder {folder} does not exist", value=repr(value), folder=repr(str(p.parent))),
                      param, ctx)
        return str(p)


CHART = OutFile((".png", ".svg"))

#: How ``--help`` shows the default of ``--lang`` (:func:`default_lang`).
LANG_DEFAULT = N_("en, or fr when FLEEODDS_LANG or the system locale (LANG) is French")


def default_lang() -> str:
    """The default of every ``--lang``: ``FLEEODDS_LANG``, else the system locale (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: ``fr_FR.UTF-8`` answers in French), else English."""
    from .language import lang_from_env

    return lang_from_env()
TEXT_OUT = OutFile()


def strict_option(command):
    """Add ``--strict`` to a command: inputs that change nothing in the situation are then errors, not
    notes (:func:`fleeodds.validation.strict_inputs`), for authors who want their files minimal."""
    import functools

    from .validation import strict_inputs

    @functools.wraps(command)
    def wrapper(*args, strict: bool = False, **kwargs):
        with strict_inputs(strict):
            return command(*args, **kwargs)

    return click.option("--strict", is_flag=True, default=False,
                        help="Refuse inputs that change nothing in this situation (by default they are "
                             "accepted with a note).")(wrapper)


def say_notes(sc, lang: str = "en", variants=None, prefix: str = "") -> list:
    """Say on standard error, once each, the inputs of ``sc`` (and of its comparison setups) that change
    nothing here (``note: …`` / ``remarque : …``); under ``--strict`` they are errors. Returns them as
    ``(prefix, InputNote)`` pairs for the manifest."""
    from .evaluation import note_lines, refuse_all, scenario_notes
    from .validation import strict_inputs_on

    noted = [(prefix + p, n) for p, n in scenario_notes(sc, variants)]
    if strict_inputs_on():
        refuse_all(noted)
    with use_lang(lang):
        lines = note_lines(noted)
    for line in lines:
        click.echo(line, err=True)
    return noted


def emit(text: str, out: str | None, lang: str = "en") -> None:
    """Write a command's output to ``out`` (and say so on standard error), or print it.

    Raises
    ------
    FleeoddsError
        When ``out`` cannot be written.
    """
    from .errors import FleeoddsError
    from .report.text import msg

    if out:
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise FleeoddsError(Message(N_("out: cannot write {path!r}: {error}"), path=out, error=os_reason(exc))) from None
        click.echo(msg("written", lang, path=out), err=True)
    else:
        click.echo(text, nl=not text.endswith("\n"))
