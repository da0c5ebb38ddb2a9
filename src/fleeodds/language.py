"""The reader's language, chosen once at the edges, and the gettext catalogues that hold every word.

The language is held in a context variable: a thread, an asyncio task or a copied context each
keep their own. The edges choose it (the command line's ``--lang``, ``FLEEODDS_LANG``, the system
locale ``LC_ALL``/``LC_MESSAGES``/``LANG``, a web request's ``Accept-Language`` or the page's
switch); the layers below ask :func:`get_lang` or, better, keep a :class:`Message` and let the edge
render it. Words are looked up in the catalogues shipped in the package
(``locale/<lang>/LC_MESSAGES/fleeodds.mo``), extracted and compiled by Babel
(``python -m fleeodds.i18n_tools``, see docs/i18n.md). Messages use named ``{name}`` placeholders.

This module imports nothing of the package: every layer may use it.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
import re
from pathlib import Path
from typing import Any, Iterator, Mapping

#: Where the shipped catalogues are: ``locale/<lang>/LC_MESSAGES/fleeodds.mo``.
LOCALE_DIR = Path(__file__).with_name("locale")
#: The gettext domain (the catalogues' file name).
DOMAIN = "fleeodds"
#: The language of the source texts (every ``_()`` message is written in it).
SOURCE_LANG = "en"

_LANG: contextvars.ContextVar[str] = contextvars.ContextVar("fleeodds_lang", default=SOURCE_LANG)
#: Further folders of catalogues (a language added without touching the package; tests).
_EXTRA_DIRS: list[Path] = []


def add_locale_dir(path: str | os.PathLike) -> None:
    """Look for catalogues in ``path`` too (``path/<lang>/LC_MESSAGES/fleeodds.mo``), before the shipped ones."""
    _EXTRA_DIRS.insert(0, Path(path))
    translation.cache_clear()


def remove_locale_dir(path: str | os.PathLike) -> None:
    """Undo :func:`add_locale_dir`."""
    _EXTRA_DIRS.remove(Path(path))
    translation.cache_clear()


def available_langs() -> tuple[str, ...]:
    """The source language and every language with a compiled catalogue, e.g. ``("en", "fr")``."""
    found = {SOURCE_LANG}
    for base in [*_EXTRA_DIRS, LOCALE_DIR]:
        if base.is_dir():
            found |= {p.parents[1].name for p in base.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return tuple(sorted(found, key=lambda lg: (lg != SOURCE_LANG, lg)))


def get_lang() -> str:
    """The reader's language in this context (``"en"`` unless an edge chose another)."""
    return _LANG.get()


def set_lang(lang: str) -> contextvars.Token:
    """Choose the reader's language for this context; returns the token that :func:`reset_lang` takes.

    Raises
    ------
    ValueError
        ``lang`` has no catalogue.
    """
    if lang not in available_langs():  # the edges check first (click's choice, the web's model); a plain
        # ValueError here keeps this module free of the package's imports
        raise ValueError(f"lang: {lang!r} is not allowed; expected one of "
                         + ", ".join(repr(lg) for lg in available_langs()))
    return _LANG.set(lang)


def reset_lang(token: contextvars.Token) -> None:
    """Undo the :func:`set_lang` that returned ``token``."""
    _LANG.reset(token)


@contextlib.contextmanager
def use_lang(lang: str | None) -> Iterator[str]:
    """``with use_lang("fr"): ...`` renders every message of the block in French (``None``: unchanged)."""
    if lang is None:
        yield get_lang()
        return
    token = set_lang(lang)
    try:
        yield lang
    finally:
        _LANG.reset(token)


#: What :func:`check_lang` raises: :class:`fleeodds.errors.InputError`, which that module registers here
#: when it loads (the package's ``__init__`` loads it before any of its modules runs; this module
#: imports nothing of the package, so it cannot import it). ``None``: a plain ``ValueError``.
_INPUT_ERROR: type | None = None


def register_input_error(cls: type) -> None:
    """Make :func:`check_lang` raise ``cls(field, value, allowed)`` (called by :mod:`fleeodds.errors`)."""
    global _INPUT_ERROR
    _INPUT_ERROR = cls


def check_lang(lang: str) -> str:
    """``lang`` when it has a catalogue (:func:`available_langs`): an edge (the command line, a web request,
    a report function's ``lang``) checks the language it was asked for before it chooses it.

    Raises
    ------
    InputError
        Naming ``lang`` and the languages allowed (:class:`fleeodds.errors.InputError`).
    """
    langs = available_langs()
    if lang not in langs:
        allowed = Message(N_("one of {langs}"), langs=", ".join(repr(lg) for lg in langs))
        if _INPUT_ERROR is None:
            raise ValueError(f"lang: {lang!r} is not allowed; expected {allowed}")
        raise _INPUT_ERROR("lang", lang, allowed)
    return lang


def lang_or_current(lang: str | None) -> str:
    """``lang`` when given, else the language of this context (the shim of the old ``lang`` parameters)."""
    return get_lang() if lang is None else lang


def _lang_of_locale(value: str | None) -> str | None:
    """``"fr"`` for ``fr_FR.UTF-8`` / ``fr`` / ``fr-CA``; ``None`` for a locale without a catalogue."""
    if not value:
        return None
    code = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in available_langs() else None


def lang_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language a command line answers in when no ``--lang`` is given.

    ``FLEEODDS_LANG`` first; then the system locale as POSIX reads it for messages: the first set
    of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` (``fr_FR.UTF-8`` is French; ``C``, ``POSIX`` and the
    languages without a catalogue are English).

    >>> lang_from_env({"LANG": "fr_FR.UTF-8"}), lang_from_env({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"})
    ('fr', 'en')
    >>> lang_from_env({"FLEEODDS_LANG": "en", "LANG": "fr_FR.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    chosen = _lang_of_locale(env.get("FLEEODDS_LANG"))
    if chosen:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return _lang_of_locale(env[name]) or SOURCE_LANG
    return SOURCE_LANG


def lang_from_accept_language(header: str | None, default: str = SOURCE_LANG) -> str:
    """The best language of an HTTP ``Accept-Language`` header that has a catalogue.

    >>> lang_from_accept_language("de-DE,fr;q=0.8,en;q=0.5")
    'fr'
    >>> lang_from_accept_language("de"), lang_from_accept_language(None, "fr")
    ('en', 'fr')
    """
    if not header:
        return default
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = _lang_of_locale(tag.strip())
        if lang and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else (default if header.strip() != "*" else SOURCE_LANG)


@functools.lru_cache(maxsize=None)
def translation(lang: str) -> _gettext.NullTranslations:
    """The gettext catalogue of ``lang``: the added folders' catalogues (:func:`add_locale_dir`) first, each
    falling back to the next and last to the shipped one (an unknown language: no translation)."""
    found = []
    for base in [*_EXTRA_DIRS, LOCALE_DIR]:
        try:
            found.append(_gettext.translation(DOMAIN, localedir=base, languages=[lang]))
        except OSError:
            continue
    if not found:
        return _gettext.NullTranslations()
    # an added folder (a plug-in system's catalogue, a new language) first; what it lacks, from the next one
    for first, then in zip(found, found[1:]):
        first.add_fallback(then)
    return found[0]


def _format(text: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return text
    return text.format_map({k: (v.render(lang) if isinstance(v, Message) else v) for k, v in params.items()})


def _(msgid: str, /, **params: Any) -> str:
    """``msgid`` in the reader's language, its ``{name}`` placeholders filled from ``params``.

    >>> _("{field}: missing", field="fleeing.leadership")
    'fleeing.leadership: missing'
    """
    lang = get_lang()
    return _format(translation(lang).gettext(msgid), params, lang)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The singular or plural form for ``n`` in the reader's language (``{n}`` is filled too).

    >>> ngettext("{n} rule", "{n} rules", 1), ngettext("{n} rule", "{n} rules", 3)
    ('1 rule', '3 rules')
    """
    lang = get_lang()
    return _format(translation(lang).ngettext(singular, plural, n), {"n": n, **params}, lang)


def pgettext(context: str, msgid: str, /, **params: Any) -> str:
    """``msgid`` in the reader's language, told apart from the same English word in another ``context``."""
    lang = get_lang()
    return _format(translation(lang).pgettext(context, msgid), params, lang)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogue without translating it now (it is translated where it is shown)."""
    return msgid


class Message(str):
    """A message id with its parameters, rendered in a language only when it is shown.

    Errors carry one (:class:`fleeodds.errors.FleeoddsError`): the same error reads in English in a
    log and in French on a French player's screen, with no translation of English text. A
    parameter may itself be a :class:`Message` (rendered in the same language).

    A message *is* its English text (a ``str``): code written for the English texts (``in``,
    ``+``, ``startswith``) keeps working on it, and what it builds is plain English text again.

    Parameters
    ----------
    msgid : str
        The English text with ``{name}`` placeholders, marked for extraction.
    plural : str, optional
        The English plural (then ``n`` is required): an ``ngettext`` message.
    n : int, optional
        The count choosing the form.
    **params
        The placeholders' values.

    >>> m = Message("{field}: missing", field="x")
    >>> str(m), m.render("en"), m == "x: missing"
    ('x: missing', 'x: missing', True)
    """

    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, Any]
    #: The gettext context telling this message apart from the same English text elsewhere (:func:`pmessage`).
    context: str | None = None

    def __new__(cls, msgid: str, plural: str | None = None, n: int | None = None, /, **params: Any):
        english = (_format(msgid if plural is None or n == 1 else plural, {"n": n, **params} if plural else params,
                           SOURCE_LANG))
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        return self

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the reader's language of this context)."""
        lang = get_lang() if lang is None else lang
        t = translation(lang)
        if self.context is not None:
            return _format(t.pgettext(self.context, self.msgid), self.params, lang)
        if self.plural is None:
            return _format(t.gettext(self.msgid), self.params, lang)
        return _format(t.ngettext(self.msgid, self.plural, self.n), {"n": self.n, **self.params}, lang)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.params!r})"

    def __reduce__(self):
        return _message, (self.msgid, self.plural, self.n, self.params, self.context)


def _message(msgid: str, plural: str | None, n: int | None, params: dict[str, Any],
             context: str | None = None) -> Message:
    """Rebuild a pickled :class:`Message` (an error sent back by a worker process)."""
    m = Message(msgid, plural, n, **params)
    m.context = context
    return m


def pmessage(context: str, msgid: str, /, **params: Any) -> Message:
    """A :class:`Message` told apart from the same English text in another ``context`` (``pgettext``): the
    same English word with two French translations, e.g. a Warhammer and a Hell Dorado outcome.

    >>> m = pmessage("hell_dorado", "Caught")
    >>> str(m), m.context
    ('Caught', 'hell_dorado')
    """
    return _message(msgid, None, None, params, context)


class Written(Message):
    """A text given with its own translations instead of the catalogue's: a scenario file's ``title`` with its
    ``title_fr``, a comparison setup's label with its ``label_fr``, a unit's name with its French army-book name
    from a data file. It *is* its English text; :meth:`render` gives the translation given for the language,
    else the text itself (never a catalogue's translation: a label a player writes is no message id).

    >>> t = Written("Ld 7", fr="Cd 7")
    >>> str(t), t.render("fr"), t.render("de")
    ('Ld 7', 'Cd 7', 'Ld 7')
    """

    translations: dict[str, str]

    def __new__(cls, text: str, /, **translations: str):
        self = str.__new__(cls, text)
        self.msgid, self.plural, self.n, self.params = str(text), None, None, {}
        self.translations = {lg: t for lg, t in translations.items() if t}
        return self

    def render(self, lang: str | None = None) -> str:
        """The text given for ``lang`` (default: the reader's language), else the text itself."""
        return self.translations.get(get_lang() if lang is None else lang, str.__str__(self))

    def __repr__(self) -> str:
        return f"Written({str.__str__(self)!r}, **{self.translations!r})"

    def __reduce__(self):
        return _written, (str.__str__(self), self.translations)


def _written(text: str, translations: dict[str, str]) -> Written:
    """Rebuild a pickled :class:`Written`."""
    return Written(text, **translations)


def render(value: Any, lang: str | None = None) -> Any:
    """``value`` for the reader: a :class:`Message` rendered in ``lang`` (default: this context's language),
    a list, tuple or dict rendered item by item, anything else as it is."""
    if isinstance(value, Message):
        return value.render(lang)
    if type(value) in (list, tuple):
        return type(value)(render(v, lang) for v in value)
    if isinstance(value, dict):
        return {k: render(v, lang) for k, v in value.items()}
    return value


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message (what a translation must keep); a brace around other
    text (``{ "field.path" = value }`` in a help text) is no placeholder.

    >>> sorted(placeholders("{field}: {value!r} is not allowed; expected {allowed} ({{x}}, { a = 1 })"))
    ['allowed', 'field', 'value']
    """
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)(?:![rsa])?(?::[^{}]*)?\}")


def plural_message(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A :class:`Message` with a singular and a plural form, chosen by ``n`` in the reader's language.

    >>> str(plural_message("{n} rule", "{n} rules", 2))
    '2 rules'
    """
    return Message(singular, plural, n, **params)


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalogue without translating it now (see :func:`N_`)."""
    return singular, plural


def NP_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in ``context`` for the catalogue (see :func:`pgettext`) without translating it now."""
    return msgid
