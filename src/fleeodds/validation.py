"""The validation toolkit every rules system uses.

- one dotted field-path notation (``fleeing.leadership``, ``enemies.0.damage``,
  ``adversaries.1.cbt``) for error messages, ``--vary``, comparisons and
  :meth:`fleeodds.system.Scenario.with_changes`: :func:`set_field`, :func:`get_field`;
- :class:`StrictModel`, the pydantic base of scenario models (unknown fields
  refused, no ``true`` or ``"2"`` for a number);
- :func:`merge_profile`: a named profile with the scenario's own fields over it;
- :func:`check_exact_mode`: the one handling of ``"fraction"`` / ``"float"``;
- :func:`no_effect` and :func:`not_modelled`: refusing an input that would change
  nothing, by name;
- :func:`short_repr`: values echoed in messages are truncated.
"""

from __future__ import annotations

import contextlib
import contextvars
import copy
import re
from typing import Any, Callable, NamedTuple, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import InputError, as_message, echo, error_message, short_repr
from .language import Message, N_, SOURCE_LANG, get_lang, translation, use_lang

#: Deepest dotted path accepted (parts).
MAX_PATH_PARTS = 32
EXACT_MODES = ("fraction", "float")


class StrictModel(BaseModel):
    """Base of scenario models: unknown fields are errors, numbers must be numbers.

    ``strict=True`` refuses ``true`` or ``"2"`` where an integer is expected;
    floats still accept integers (pydantic's strict mode allows int -> float).
    """

    model_config = ConfigDict(extra="forbid", strict=True, validate_default=True, populate_by_name=True)


def split_path(dotted: Any) -> list[str]:
    """``"enemies.0.damage"`` -> ``["enemies", "0", "damage"]``.

    Raises
    ------
    InputError
        For an empty path, an empty part (``a..b``) or more than :data:`MAX_PATH_PARTS` parts.
    """
    if not isinstance(dotted, str) or not dotted.strip():
        raise InputError("field", short_repr(dotted), Message(N_("a dotted field path such as fleeing.leadership")))
    parts = dotted.split(".")
    if len(parts) > MAX_PATH_PARTS:
        raise InputError("field", short_repr(dotted), Message(N_("a dotted path of at most {n} parts"), n=MAX_PATH_PARTS))
    if any(not p.strip() for p in parts):
        raise InputError("field", short_repr(dotted), Message(N_("a dotted field path without empty parts, e.g. enemies.0.damage")))
    return parts


def set_field(data: dict, dotted: str, value: Any) -> dict:
    """A deep copy of ``data`` with the field at ``dotted`` set to ``value``.

    Integer parts index lists (``enemies.0.attack_bonus``); missing tables are
    created, so that the rules system reports an unknown field itself.

    Raises
    ------
    InputError
        If the path runs through a value that is not a table or list, or a list
        index is out of range.
    """
    parts = split_path(dotted)
    out = copy.deepcopy(data)
    node: Any = out
    for depth, p in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(parts[:depth])
        if isinstance(node, list):
            if not p.isdigit() or int(p) >= len(node):
                raise InputError(dotted, short_repr(value),
                                 Message(N_("an index from 0 to {last} after {where} (a list)"), last=len(node) - 1,
                                         where=where) if where else
                                 Message(N_("an index from 0 to {last} after the scenario (a list)"), last=len(node) - 1))
            if last:
                node[int(p)] = value
            else:
                node = node[int(p)]
        elif isinstance(node, dict):
            if last:
                node[p] = value
            else:
                node = node.setdefault(p, {})
        else:
            raise InputError(dotted, short_repr(value),
                             Message(N_("a field inside a table, but {where} is the value {value!r}"),
                                     where=where or Message(N_("the scenario")), value=short_repr(node)))
    return out


_MISSING = object()


def get_field(data: Any, dotted: str, default: Any = _MISSING) -> Any:
    """The value at ``dotted`` in nested tables and lists.

    Raises
    ------
    InputError
        If the path does not exist and no ``default`` is given.
    """
    node = data
    for p in split_path(dotted):
        if isinstance(node, dict) and p in node:
            node = node[p]
        elif isinstance(node, list) and p.isdigit() and int(p) < len(node):
            node = node[int(p)]
        elif default is not _MISSING:
            return default
        else:
            raise InputError(dotted, None, Message(N_("an existing field of the scenario")))
    return node


def merge_profile(profile: dict | None, own: dict, drop: tuple[str, ...] = ("profile",)) -> dict:
    """A named profile's fields with the scenario's own fields over them.

    Parameters
    ----------
    profile : dict or None
        The profile found by name (shipped or from a ``profiles_file``).
    own : dict
        The fields written in the scenario; they win.
    drop : tuple of str
        Keys of ``own`` that select the profile and are not profile fields.

    Returns
    -------
    dict
        A new dict; neither argument is modified.
    """
    out = copy.deepcopy(profile) if profile else {}
    out.update({k: copy.deepcopy(v) for k, v in own.items() if k not in drop})
    return out


def check_exact_mode(mode: Any) -> str:
    """``"fraction"`` or ``"float"``; anything else is an error (not silently float).

    Raises
    ------
    InputError
        For another mode.
    """
    if mode not in EXACT_MODES:
        raise InputError("mode", short_repr(mode), Message(N_("'fraction' or 'float'")))
    return mode


_EFFECT_CHECKS = contextvars.ContextVar("fleeodds_effect_checks", default=True)


def effect_checks_on() -> bool:
    """Whether loaders refuse inputs that change nothing (see :func:`no_effect`); off inside
    :func:`without_effect_checks`."""
    return _EFFECT_CHECKS.get()


@contextlib.contextmanager
def without_effect_checks():
    """Load derived scenarios without the per-scenario "changes nothing" refusals.

    A sweep builds every cell of its grid from a scenario already checked as a whole: a field
    that matters in some cells but not in others (the combat margin of a unit whose Leadership
    makes the Break test automatic) must not stop the sweep. The sweep checks instead that each
    varied field changes something somewhere in the grid.
    """
    token = _EFFECT_CHECKS.set(False)
    try:
        yield
    finally:
        _EFFECT_CHECKS.reset(token)


def annotation_values(annotation: Any) -> list[Any]:
    """Every value a field's type allows when it is finite: ``bool``, ``None``, ``Literal[...]`` and
    unions of them (``[]`` for numbers and text). The "changes nothing" checks try each."""
    import types
    import typing

    if annotation is bool:
        return [False, True]
    if annotation is type(None):
        return [None]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return list(typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return [v for a in typing.get_args(annotation) for v in annotation_values(a)]
    return []


def no_effect(field: str, value: Any, context: str | Message) -> InputError:
    """The error for an input that changes nothing: ``field: 3 has no effect in 5e; remove it``.

    Parameters
    ----------
    field : str
        Dotted path of the input.
    value : Any
        What was given.
    context : str or Message
        Where it has no effect: ``Message(N_("in 5e"))``, ``"on the pursuer"`` (a plain English text: the older
        way, rewritten into French), ``"unless an enemy is simultaneous"``.
    """
    err = InputError(field, short_repr(value), "")
    context = as_message(context, "effect")  # the catalogue's frame and the system's own phrase
    err.allowed = Message(N_("nothing here: it has no effect {context}; remove it"), context=context)
    err.msg = Message(N_("{field}: {value} has no effect {context}; remove it"), field=field,
                      value=echo(value, whole_floats=True), context=context)
    err.args = (str(err.msg),)
    return err


class InputNote(NamedTuple):
    """An input the model implements that changes nothing in this situation: accepted, and said.

    Attributes
    ----------
    field : str
        Dotted path of the input (``fuite.repli``).
    value : Any
        What was given, as the model read it.
    context : str
        Where or why it has no effect, English: ``"in 5e"``, ``"against Blocage (it forbids the Fuite)"``.
    """

    field: str
    value: Any
    context: str

    def message(self, prefix: str = "") -> str:
        """``fuite.repli: true has no effect here — …`` in the reader's language (the error's wording).

        ``prefix`` goes before the field: ``"compare.Ld 8: "`` for a comparison setup's note."""
        return prefix + Message(N_("{field}: {value} has no effect {context}"), field=self.field,
                                value=echo(self.value, whole_floats=True),
                                context=as_message(self.context, "effect")).render()

    def line(self, prefix: str = "") -> str:
        """The note as the command line prints it on standard error: ``note: …`` / ``remarque : …``."""
        return Message(N_("note: ")).render() + self.message(prefix)

    def error(self, prefix: str = "") -> InputError:
        """The note as the error ``--strict`` raises (:func:`no_effect`: "…; remove it")."""
        return no_effect(prefix + self.field, self.value, self.context)

    def record(self, prefix: str = "") -> dict[str, Any]:
        """The note as JSON-able data for a manifest: ``field``, ``value`` as written, ``reason`` in English
        and French (the sentence after the value) and ``message`` in both languages; ``setup`` when
        ``prefix`` names a comparison setup (``"compare.Ld 8: "``)."""
        out: dict[str, Any] = {"field": self.field, "value": _plain_value(self.value),
                               "reason": {"en": f"has no effect {self.context}",
                                          "fr": _french_reason(self.context)},
                               "message": {}}
        for lg in ("en", "fr"):
            with use_lang(lg):
                out["message"][lg] = self.message(prefix)
        if prefix:
            out["setup"] = prefix.rstrip().rstrip(":").removeprefix("compare.")
        return out


def _plain_value(value: Any) -> Any:
    """A note's value as JSON holds it (numbers, text, true/false, lists, tables; anything else as text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        return echo(value)  # beyond what a JSON reader keeps exactly
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        return echo(value)  # JSON has no nan or inf
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain_value(v) for k, v in value.items()}
    return echo(value)


def _french_reason(context: str) -> str:
    """``has no effect C`` in French (the frame and the system's phrase for C)."""
    return Message(N_("has no effect {context}"), context=as_message(context, "effect")).render("fr")


def refuse_notes(notes: Any, prefix: str = "") -> None:
    """Under ``strict``: raise the error of the first note (:meth:`InputNote.error`), if any.

    For a scenario loaded before ``--strict`` / ``strict=True`` was asked (the Python API's
    ``evaluate(scenario, strict=True)``): its notes were kept, the first becomes the error.

    Raises
    ------
    InputError
        The :func:`no_effect` error of the first note.
    """
    for note in notes:
        raise note.error(prefix)


_NOTES: contextvars.ContextVar[list | None] = contextvars.ContextVar("fleeodds_input_notes", default=None)
_STRICT = contextvars.ContextVar("fleeodds_strict_inputs", default=False)


def strict_inputs_on() -> bool:
    """Whether inputs that change nothing are errors (``--strict``, ``strict=True``) rather than notes."""
    return _STRICT.get()


@contextlib.contextmanager
def strict_inputs(on: bool = True):
    """Within the block, :func:`inert` raises the :func:`no_effect` error instead of noting the input
    (``fleeodds run --strict``: for authors who want their files minimal)."""
    token = _STRICT.set(bool(on))
    try:
        yield
    finally:
        _STRICT.reset(token)


@contextlib.contextmanager
def collecting_notes():
    """Collect the :class:`InputNote` of every :func:`inert` call in the block into the list it yields
    (a nested block collects its own; notes made outside any block are dropped)."""
    notes: list[InputNote] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)


def inert(field: str, value: Any, context: str) -> None:
    """An input the model implements that changes nothing here: a note, or an error under ``--strict``.

    The input policy (docs/inputs.md): an unknown field or a rule not modelled is refused by name; a
    modelled input equal to its default is accepted silently (the loader drops its note); a modelled input
    with no effect in this situation is accepted with a note naming it and why. Under
    :func:`strict_inputs` the note becomes the :func:`no_effect` error when the scenario's load ends
    (:meth:`fleeodds.system.RulesSystem.load`, once the notes at a default are dropped: a value equal to
    the default is accepted even then); outside any :func:`collecting_notes` block it is raised here.

    Raises
    ------
    InputError
        Only under :func:`strict_inputs`, outside a :func:`collecting_notes` block.
    """
    notes = _NOTES.get()
    if notes is None and _STRICT.get():
        raise no_effect(field, value, context)
    if notes is not None and not any(n.field == field for n in notes):
        notes.append(InputNote(field, value, context))


def schema_default(schema: dict, dotted: str) -> tuple[bool, Any]:
    """The documented default of a dotted field in a scenario file's JSON Schema.

    Follows ``$ref`` into ``$defs``, the members of ``anyOf`` / ``oneOf`` / ``allOf`` and the ``items``
    of a list (a list index in the path: ``enemies.0.reach``).

    Returns
    -------
    (bool, Any)
        ``(True, default)`` when the schema declares one, else ``(False, None)``.
    """
    defs = schema.get("$defs", {}) if isinstance(schema, dict) else {}

    def deref(node: Any, depth: int = 0) -> list[dict]:
        if not isinstance(node, dict) or depth > 16:
            return []
        out = [node]
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            out += deref(defs.get(ref.rsplit("/", 1)[1]), depth + 1)
        for key in ("anyOf", "oneOf", "allOf"):
            for member in node.get(key) or ():
                out += deref(member, depth + 1)
        return out

    nodes = deref(schema)
    parts = str(dotted).split(".")
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        found: list[dict] = []
        for node in nodes:
            if part.isdigit() and isinstance(node.get("items"), dict):
                found += deref(node["items"])
            props = node.get("properties")
            if isinstance(props, dict) and part in props:
                if last and "default" in props[part]:
                    return True, props[part]["default"]
                found += deref(props[part])
        if last:
            for node in found:
                if "default" in node:
                    return True, node["default"]
            return False, None
        nodes = found
    return False, None


def equals_default(value: Any, default: Any) -> bool:
    """Whether a given value is the documented default (``14`` and ``14.0`` alike; ``true`` is not ``1``)."""
    if isinstance(value, bool) or isinstance(default, bool):
        return isinstance(value, bool) and isinstance(default, bool) and value == default
    if isinstance(value, (list, tuple)) and isinstance(default, (list, tuple)):
        return len(value) == len(default) and all(equals_default(a, b) for a, b in zip(value, default))
    try:
        return value == default
    except Exception:  # noqa: BLE001 - an exotic value is simply not the default
        return False


def not_modelled(field: str, value: Any, what: str | Message = "") -> InputError:
    """The error for a rule fleeodds does not model yet: ``field: 'X' is not modelled yet; remove it``."""
    err = InputError(field, short_repr(value), "")
    shown = echo(value, whole_floats=True)  # the catalogue's frame (``what``: the system's own phrase)
    if what:
        what = as_message(what)
        err.allowed = Message(N_("an input fleeodds models; {field} is not modelled yet ({what})"), field=field,
                              what=what)
        err.msg = Message(N_("{field}: {value} is not modelled yet ({what}); remove it"), field=field,
                          value=shown, what=what)
    else:
        err.allowed = Message(N_("an input fleeodds models; {field} is not modelled yet"), field=field)
        err.msg = Message(N_("{field}: {value} is not modelled yet; remove it"), field=field, value=shown)
    err.args = (str(err.msg),)
    return err


#: Keys of ``json_schema_extra`` that hold a field's text in one language (``title_fr``): the older way,
#: being retired for the catalogue; the reader's language's replaces the English, the others are dropped.
LANG_KEYS = re.compile(r"^(title|description)_([a-z]{2,3})$")


def json_schema(model: type[BaseModel], title: str | None = None) -> dict:
    """The JSON Schema of a scenario model, in the reader's language (the context's).

    Every field declares ``title`` and ``description`` (English, marked ``N_()`` where written: their
    translations come from the catalogue) and, in ``json_schema_extra``, its ``unit`` (``"in"``,
    ``"toises"``, ``"ft"``, ``"hp"``…). The older ``title_fr`` / ``description_fr`` keys, still read
    while they are retired, replace the English in French and are removed either way.

    Parameters
    ----------
    model : pydantic model class
    title : str, optional
        Title of the whole schema.

    Returns
    -------
    dict
        A JSON Schema (draft 2020-12, as pydantic writes it).
    """
    from .language import _

    schema = model.model_json_schema(by_alias=True)
    lang = get_lang()
    catalogue = translation(lang)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for en_key in ("title", "description"):  # a field's words, marked N_() where written: from the catalogue
                if isinstance(node.get(en_key), str) and node[en_key]:
                    node[en_key] = catalogue.gettext(node[en_key])
            for key in [k for k in node if isinstance(k, str) and LANG_KEYS.match(k)]:
                en_key, key_lang = LANG_KEYS.match(key).groups()
                text = node.pop(key)
                if key_lang == lang:
                    node[en_key] = text
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    props = schema.get("properties")
    if isinstance(props, dict) and "title" in props and "title_fr" not in props:
        # every system reads a French title beside its own "title" (fleeodds.system.RulesSystem.load)
        props["title_fr"] = {"type": "string", "minLength": 1, "maxLength": 200,
                             "title": _("French title"),
                             "description": _("The scenario's title shown with --lang fr (default: title).")}
    if isinstance(props, dict) and "title" in props and "decide" not in props:
        # every system reads a [decide] table (fleeodds.decisions; its choices are the system's decision points)
        props["decide"] = {
            "type": "object", "additionalProperties": False,
            "title": _("Decision"),
            "description": _("The choice to make and the goal: fleeodds decide names the best choice "
                             "(docs/decisions.md)."),
            "properties": {
                "goal": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}],
                         "title": _("Goal"),
                         "description": _("An outcome, a named goal, not_<outcome>, or min:/max:<metric>.")},
                "choices": {"anyOf": [{"type": "array", "items": {"type": "string"}, "minItems": 1},
                                      {"type": "object", "additionalProperties": {"type": "array"}}],
                            "title": _("Choices"),
                            "description": _("The system's decision points (fields), with or without their values.")},
                "after_roll": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                               "title": _("After the roll"),
                               "description": _("The choices made after seeing a roll (keep or re-roll).")}}}
    if title:
        schema["title"] = title
    schema.setdefault("$schema", "https://json-schema.org/draft/2020-12/schema")
    return schema


def annotate_profiles(schema: dict, field: str, profiles: dict[str, dict], defs: tuple[str, ...] = ()) -> dict:
    """Write what each shipped profile puts in its table beside the field that names it (in place).

    A scenario table (a unit, a fighter, a runner) names a shipped profile in ``field``
    (``profile``, ``preset``) and its own fields replace the profile's. A form cannot show
    those values from the name alone, so the field gets ``"x-profiles": {name: {sibling field:
    value}}``, restricted to the table's own fields: the web page fills the boxes with them
    (editable), e.g. ``fleeing.leadership`` = 5 for Night Goblins. Nothing here names a game.

    Parameters
    ----------
    schema : dict
        A JSON Schema from :func:`json_schema` (its ``$defs`` are annotated).
    field : str
        The name of the profile field in a table (``"profile"``).
    profiles : dict
        ``{name as written in a scenario: {field: value}}``, the profiles' raw tables.
    defs : tuple of str, optional
        The ``$defs`` to annotate; default: every one with a property ``field``.

    Returns
    -------
    dict
        ``schema`` itself.
    """
    for name, node in (schema.get("$defs") or {}).items():
        props = node.get("properties") if isinstance(node, dict) else None
        if not isinstance(props, dict) or field not in props or (defs and name not in defs):
            continue
        own = [k for k in props if k != field]
        props[field]["x-profiles"] = {key: {k: copy.deepcopy(p[k]) for k in own if k in p}
                                      for key, p in profiles.items() if isinstance(p, dict)}
    return schema


# -- one conversion of pydantic errors into the project's errors -------------------------------

#: What each pydantic error kind allows, in words.
TYPE_WORDS = {"bool_type": N_("true or false"), "string_type": N_("a text"), "int_type": N_("a whole number"),
              "int_from_float": N_("a whole number"), "float_type": N_("a number"),
              "finite_number": N_("a finite number"), "list_type": N_("a list"), "dict_type": N_("a table"),
              "model_type": N_("a table"), "model_attributes_type": N_("a table")}

#: ``allowed(model, name, field_info) -> str | None``: a system's own wording of what a field allows.
AllowedHook = Callable[[type[BaseModel], str, Any], "str | None"]


def inner_model(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model inside an annotation (``Optional[Enemy]``, ``list[Enemy]``), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for a in get_args(annotation):
        m = inner_model(a)
        if m is not None:
            return m
    return None


def field_names(model: type[BaseModel]) -> list[str]:
    """The fields of a model as written in a file (aliases), sorted."""
    return sorted(f.alias or k for k, f in model.model_fields.items())


def locate(model: type[BaseModel], loc: tuple) -> tuple[type[BaseModel] | None, Any]:
    """The model holding the last part of a pydantic location and that part's FieldInfo (or None)."""
    cur: type[BaseModel] | None = model
    fi = None
    for i, part in enumerate(loc):
        if isinstance(part, int) or cur is None:
            continue
        by_name = {(f.alias or k): f for k, f in cur.model_fields.items()}
        if part in by_name:
            fi = by_name[part]
            if i == len(loc) - 1:
                return cur, fi
            cur = inner_model(fi.annotation)
        elif i == len(loc) - 1:
            return cur, None
        else:
            cur = None
    return cur, fi


_UNION_TAG = re.compile(r"[\w-]+\[.*\]|str|int|float|bool|none|dict|list")


def _union_tag(part: Any) -> bool:
    """Whether a pydantic location part is the tag of a union's member (``list[str]``,
    ``function-after[...]``, ``str``), not a field: it stays out of the dotted path."""
    return isinstance(part, str) and _UNION_TAG.fullmatch(part) is not None


def validation_error(exc: Any, model: type[BaseModel], prefix: str = "",
                     allowed: AllowedHook | None = None) -> InputError:
    """The first problem of a pydantic ``ValidationError`` as one :class:`InputError`.

    A number written as text (``ac = "12"``) where the field takes a number gets the hint
    ``write 12 without quotes`` (:func:`number_text_hint`).

    Parameters
    ----------
    exc : pydantic.ValidationError
    model : pydantic model class that was validated
    prefix : str
        Prepended to the dotted path (``"enemies.0."``).
    allowed : callable, optional
        A system's own wording of what a field allows, tried first.

    Returns
    -------
    InputError
        Its field is the dotted path (``adversaries.1.cbt``), its value what was given
        (truncated), and ``allowed`` says what is allowed (for an unknown field: the
        documented fields of that table).
    """
    out = _validation_error(exc, model, prefix, allowed)
    err = exc.errors()[0]
    loc = tuple(p for p in err.get("loc", ()) if p != "__root__" and not _union_tag(p))
    _, fi = locate(model, loc)
    number = _number_text(err.get("input"), err.get("type", ""), getattr(fi, "annotation", None),
                          *(getattr(m, "json_schema", None) for m in getattr(fi, "metadata", ()) or ()))
    if number is None:
        return out
    return with_hint(out, Message(N_("write {number} without quotes"), number=number))


#: pydantic's error kinds for a field that takes a number.
NUMBER_KINDS = frozenset({"int_type", "float_type", "int_parsing", "float_parsing", "int_from_float",
                          "finite_number"})


def _takes_number(annotation: Any) -> bool:
    """Whether a field's type admits a number (``int``, ``float``, ``Optional[int]``, ``int | Literal['-']``)."""
    import types
    import typing

    if annotation in (int, float):
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _takes_number(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_takes_number(a) for a in typing.get_args(annotation))
    return False


_NUMBER_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _schema_number(node: Any, depth: int = 0) -> bool:
    """Whether a JSON Schema node admits a number (``type`` integer or number, in ``anyOf``/``oneOf`` too)."""
    if not isinstance(node, dict) or depth > 8:
        return False
    types_ = node.get("type")
    if types_ in ("integer", "number") or (isinstance(types_, list) and {"integer", "number"} & set(types_)):
        return True
    return any(_schema_number(m, depth + 1) for key in ("anyOf", "oneOf", "allOf") for m in node.get(key) or ())


def number_text_hint(value: Any, kind: str = "", annotation: Any = None, *schemas: Any) -> str:
    """``"write 12 without quotes"`` when ``value`` is a text holding a number (``"12"``, ``" 7.5 "``) and
    the field takes a number (its pydantic error ``kind``, its ``annotation`` or the JSON ``schemas`` it
    declares say so); else ``""``.

    A TOML file that writes ``ac = "12"`` gives a text, not a number: fleeodds never turns one into
    the other silently (``"12,5"`` could be 125 or 12.5), it says how to write it.
    """
    text = _number_text(value, kind, annotation, *schemas)
    return Message(N_("write {number} without quotes"), number=text) if text else ""


def _number_text(value: Any, kind: str = "", annotation: Any = None, *schemas: Any) -> str | None:
    """The number a text holds, as it is written without quotes, when the field takes a number (see
    :func:`number_text_hint`); else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    text = value.strip()
    if not text.isascii() or not _NUMBER_TEXT.fullmatch(text):  # "٧" is no number a TOML file can write
        return None
    if kind.startswith("int"):  # a whole number: "7.0" is written 7; "7.5" gets no hint (it is no whole number)
        number = float(text)
        if not number.is_integer() or abs(number) > 1e15:
            return None
        text = str(int(number))
    if kind in NUMBER_KINDS or _takes_number(annotation) or any(_schema_number(x) for x in schemas):
        return text
    return None


def with_hint(err: InputError, hint: str | Message) -> InputError:
    """``err`` with ``; hint`` after what is allowed (its message too)."""
    hint = as_message(hint)
    allowed = Message(N_("{allowed}; {hint}"), allowed=as_message(err.allowed), hint=hint) if err.allowed else hint
    out = InputError(err.field, err.value, allowed)
    text = str(err)
    if not text.endswith(err.allowed or "\x00"):  # not the usual frame "F: V is not allowed; expected A"
        out.msg = Message(N_("{error} ({hint})"), error=error_message(err), hint=hint)
        out.args = (str(out.msg),)
    return out


def _validation_error(exc: Any, model: type[BaseModel], prefix: str = "",
                      allowed: AllowedHook | None = None) -> InputError:
    """:func:`validation_error` without the hint."""
    err = exc.errors()[0]
    loc = tuple(p for p in err.get("loc", ()) if p != "__root__" and not _union_tag(p))
    field = prefix + ".".join(str(p) for p in loc) if loc else prefix.rstrip(".") or "scenario"
    value = short_repr(err.get("input"))
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    parent, fi = locate(model, loc)
    inner = ctx.get("error")
    if kind == "value_error" and isinstance(inner, InputError):  # a model's check naming one of its fields
        path = f"{field}.{inner.field}" if loc else prefix + inner.field
        out = InputError(path, inner.value, inner.allowed)
        text = str(inner)
        if text.startswith(inner.field + ":"):  # its own frame (no_effect, not_modelled…), on the full path
            msg = inner.msg
            if msg is not None and text == str(msg) and msg.params.get("field") == inner.field:
                return _reframed(out, _with_params(msg, field=path))
            out.msg = None
            out.args = (path + text[len(inner.field):],)
        return out
    if kind == "value_error" and isinstance(inner, ValueError) and inner.args and isinstance(inner.args[0], Message):
        return InputError(field, value, inner.args[0])  # a model's check worded as a message of the catalogue
    if kind == "extra_forbidden":
        names = ", ".join(field_names(parent)) if parent is not None else Message(N_("see the documentation"))
        out = InputError(field, value, Message(N_("one of the documented fields: {names}"), names=names))
        return _reframed(out, Message(N_("{field}: unknown option {option}; check the spelling; expected one of "
                                         "the documented fields: {names}"),
                                      field=field, option=repr(str(loc[-1])), names=names))
    own = allowed(parent, str(loc[-1]), fi) if (allowed and parent is not None and fi is not None and loc) else None
    if kind == "missing":
        return InputError(field, None, Message(N_("{allowed} (required)"), allowed=as_message(own)) if own
                          else Message(N_("a value: this field is required")))
    if own and kind not in ("model_type", "dict_type", "model_attributes_type"):
        return InputError(field, value, own)
    if kind == "literal_error":
        choices = choice_words(str(ctx.get("expected", "")))
        if choices is None:
            return InputError(field, value, Message(N_("one of {choices}"),
                                                    choices=toml_choices(str(ctx.get("expected", "")))))
        return InputError(field, value, Message(N_("one of {choices}"), choices=choices))
    if kind in TYPE_WORDS:
        return InputError(field, value, Message(TYPE_WORDS[kind]))
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        lo = hi = None
        for m in getattr(fi, "metadata", ()) if fi is not None else ():
            lo = getattr(m, "ge", lo)
            hi = getattr(m, "le", hi)
        if lo is not None and hi is not None:
            return InputError(field, value, Message(N_("a number from {lo} to {hi}"), lo=lo, hi=hi))
    words = ctx_words(kind, ctx)
    if words:
        return InputError(field, value, words)
    msg = str(err.get("msg", "a valid value")).removeprefix("Value error, ").removeprefix("expected ")
    if msg.startswith("unknown ") and "; expected " in msg:  # "unknown edition; expected one of …": the frame
        what, msg = msg.removeprefix("unknown ").split("; expected ", 1)  # already says "is not allowed"
        if "'" in what:  # the name given: "one of … (unknown special rule 'bogus')"
            msg = f"{msg} (unknown {what})"
    words = _pydantic_words(msg)
    return InputError(field, value, Message(words) if words in _OUR_WORDS else words)


def _with_params(msg: Message, **params: Any) -> Message:
    """``msg`` with some of its parameters changed (its context kept)."""
    out = Message(msg.msgid, msg.plural, msg.n, **{**msg.params, **params})
    out.context = msg.context
    return out


def _reframed(err: InputError, msg: Message) -> InputError:
    """``err`` with its own frame ``msg`` (its English text and the message the reader's language renders)."""
    err.msg = msg
    err.args = (str(msg),)
    return err


def choice_words(expected: str) -> Message | str | None:
    """pydantic's list of allowed values (``"False, 'ld_test' or 'always'"``) as a message: the values as a
    scenario file writes them, joined by the reader's "or"; None when the list is not of that form.

    >>> str(choice_words("False, 'ld_test' or 'always'")), choice_words("'a'")
    ("false, 'ld_test' or 'always'", "'a'")
    """
    items = [toml_choices(m) for m in _CHOICE.findall(expected)]
    if not items:
        return None
    if len(items) == 1:
        return items[0] if items[0] == toml_choices(expected).strip() else None
    if ", ".join(items[:-1]) + " or " + items[-1] != toml_choices(expected).strip():
        return None
    return Message(N_("{items} or {last}"), items=", ".join(items[:-1]), last=items[-1])


_CHOICE = re.compile(r"'[^']*'|\"[^\"]*\"|\bTrue\b|\bFalse\b|\bNone\b|(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def toml_choices(expected: str) -> str:
    """pydantic's list of allowed values (``"False, 'ld_test' or 'always'"``, Python reprs) as a scenario
    file writes them: ``"false, 'ld_test' or 'always'"``.

    >>> toml_choices("False, 'ld_test' or 'always'")
    "false, 'ld_test' or 'always'"
    """
    words = {"True": "true", "False": "false", "None": "none"}
    return _CHOICE.sub(lambda m: words.get(m.group(0), m.group(0)), expected)


#: pydantic's error kinds with bounds, in the project's words (``{…}`` from the error's context).
CTX_WORDS = {
    "greater_than": N_("a number greater than {gt}"), "greater_than_equal": N_("a number of at least {ge}"),
    "less_than": N_("a number less than {lt}"), "less_than_equal": N_("a number of at most {le}"),
    "multiple_of": N_("a multiple of {multiple_of}"),
    "too_short": N_("at least {min_length} item(s)"), "too_long": N_("at most {max_length} item(s)"),
    "string_too_short": N_("a text of at least {min_length} character(s)"),
    "string_too_long": N_("a text of at most {max_length} character(s)"),
    "string_pattern_mismatch": N_("a text of the form {pattern}"), "enum": N_("one of {expected}"),
    "int_parsing": N_("a whole number"), "int_from_float": N_("a whole number"), "float_parsing": N_("a number"),
    "bool_parsing": N_("true or false"), "tuple_type": N_("a list"), "set_type": N_("a list"),
    "frozen_set_type": N_("a list"), "none_required": N_("nothing (leave the field out)"),
    "is_instance_of": N_("a value of the documented type"),
    "union_tag_invalid": N_("one of {expected_tags} as {discriminator}"),
}
#: The context values that are pydantic's lists of allowed values (joined by an English "or").
_CHOICE_KEYS = ("expected", "expected_tags")


def ctx_words(kind: str, ctx: dict) -> Message | None:
    """What a pydantic error kind with its context allows, in the project's words (None if unknown)."""
    template = CTX_WORDS.get(kind)
    if template is None:
        return None
    params = {k: _bound(v) for k, v in ctx.items()}
    try:
        template.format(**params)
    except (KeyError, IndexError, ValueError):
        return None
    for key in _CHOICE_KEYS:
        if isinstance(params.get(key), str):
            params[key] = choice_words(params[key]) or params[key]
    return Message(template, **params)


def _bound(v: Any) -> Any:
    """A model's bound as written in its declaration: ``10`` for ``10.0``."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return int(v)
    return v if isinstance(v, (str, int, float)) else short_repr(v)


#: pydantic's own messages (an error kind without a context) in the project's words.
PYDANTIC_WORDS = (
    ("Input should be a valid integer", N_("a whole number")), ("Input should be a valid number", N_("a number")),
    ("Input should be a finite number", N_("a finite number")), ("Input should be a valid string", N_("a text")),
    ("Input should be a valid boolean", N_("true or false")), ("Input should be a valid list", N_("a list")),
    ("Input should be a valid tuple", N_("a list")), ("Input should be a valid dictionary", N_("a table")),
    ("Field required", N_("a value: this field is required")),
    ("Extra inputs are not permitted", N_("one of the documented fields")),
)
#: The project's words of :data:`PYDANTIC_WORDS` (messages of the catalogue).
_OUR_WORDS = frozenset(ours for _, ours in PYDANTIC_WORDS)


def _pydantic_words(msg: str) -> str:
    """pydantic's "Input should be a valid integer" as "a whole number" (the frame says "expected")."""
    for en, ours in PYDANTIC_WORDS:
        if msg.startswith(en):
            return ours + msg[len(en):]
    return msg.removeprefix("Input should be ")


M = TypeVar("M", bound=BaseModel)


def validate(model: type[M], data: Any, prefix: str = "", allowed: AllowedHook | None = None) -> M:
    """``model.model_validate(data)``, the first problem raised as one :class:`InputError`
    (:func:`validation_error`).

    A scenario file's ``title_fr`` beside a model's ``title`` is read by
    :meth:`fleeodds.system.RulesSystem.load` for every system; the model does not see it.
    """
    if (not prefix and isinstance(data, dict) and "title_fr" in data and "title" in model.model_fields
            and "title_fr" not in model.model_fields):
        data = {k: v for k, v in data.items() if k != "title_fr"}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise validation_error(exc, model, prefix, allowed) from None
