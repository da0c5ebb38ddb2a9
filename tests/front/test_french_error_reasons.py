"""With --lang fr, every reason an error gives reads in French.

The core's messages are marked for the message catalogues (``Message(N_("…"), **params)``): each one
the core marks is read from the source and its French from ``fr.po`` (:func:`core_messages`). The
reasons still written as plain English text (the rules systems', while they move to the catalogue) are
read from the source too (``ast``), as the messages users read: each
``InputError(field, value, allowed)``, ``FleeoddsError(message)``,
``no_effect(field, value, context)``, ``not_modelled(field, value, what)``, the validators'
``ValueError`` (pydantic turns them into the same frame) and the module-level tables of what a
field allows (``ALLOWED``, ``*_ALLOWED``, ``TYPE_WORDS``).

A formatted part (``{x}``) becomes a placeholder: ``'v'`` (a value, kept as written) or ``3`` where the
template reads a number. The English vocabulary of these
messages, minus field names and proper names, is what a French message must not contain.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from fleeodds.language import use_lang


SRC = Path(__file__).resolve().parents[2] / "src" / "fleeodds"

#: Raise helpers: name -> (index of the field argument or None, index of the reason, frame).
HELPERS = {
    "InputError": (0, 2, "{field}: 3 is not allowed; expected {reason}"),
    "FleeoddsError": (None, 0, "{reason}"),
    "no_effect": (0, 2, "{field}: 3 has no effect {reason}; remove it"),
    "inert": (0, 2, "{field}: 3 has no effect {reason}"),  # the note (the same error under --strict)
    "not_modelled": (0, 2, "{field}: 3 is not modelled yet ({reason}); remove it"),
    "_bad": (None, 1, "path.toml: {reason}"),
    "ValueError": (None, 0, "field: 3 is not allowed; expected {reason}"),
    "BadParameter": (None, 0, "{reason}"),
    "UsageError": (None, 0, "{reason}"),
}
#: Module-level tables of what a field allows, shown in the InputError frame.
TABLE_NAMES = re.compile(r"^(ALLOWED|TYPE_WORDS|[A-Z_]*_ALLOWED|_[A-Z_]*ALLOWED)$")
PLACEHOLDER = "'v'"
PLAIN = "12"


@dataclass(frozen=True)
class Reason:
    where: str      # file:line
    message: str    # the English message with placeholders


def _constants(tree: ast.Module) -> dict[str, ast.AST]:
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            out[node.target.id] = node.value
    return out


def text_of(node: ast.AST, consts: dict[str, ast.AST], depth: int = 0) -> str | None:
    """The text a string expression builds, formatted parts as placeholders; None if it is not text."""
    if depth > 5:
        return PLACEHOLDER
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            else:  # {x!r} is a quoted value; {x} a number, a name or a phrase
                parts.append(PLACEHOLDER if v.conversion == ord("r") else PLAIN)
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = text_of(node.left, consts, depth + 1), text_of(node.right, consts, depth + 1)
        if a is None and b is None:
            return None
        return (a if a is not None else PLACEHOLDER) + (b if b is not None else PLACEHOLDER)
    if isinstance(node, ast.Name):
        if node.id in consts:
            return text_of(consts[node.id], consts, depth + 1) or PLACEHOLDER
        return PLACEHOLDER
    if isinstance(node, ast.IfExp):
        return text_of(node.body, consts, depth + 1) or text_of(node.orelse, consts, depth + 1)
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts and all(
            isinstance(e, (ast.Constant, ast.JoinedStr)) for e in node.elts):
        return None
    return PLACEHOLDER if isinstance(node, (ast.Call, ast.Subscript, ast.Attribute)) else None


def _name(call: ast.Call) -> str | None:
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _field(node: ast.AST | None, consts) -> str:
    t = text_of(node, consts) if node is not None else None
    if not t or t == PLACEHOLDER:
        return "field.path"
    return t.replace(PLACEHOLDER, "x")


MARK = "\x00"


def _wrappers(root: Path) -> dict[str, tuple[int, str, str]]:
    """Functions that pass one of their parameters on as the reason of a raise helper
    (``_refuse_given(f, data, where, fields, context)`` -> ``no_effect(..., context)``):
    name -> (position of that parameter, its name, the message frame with MARK for it)."""
    out: dict[str, tuple[int, str, str]] = {}
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))]
    grew = True
    while grew:  # a wrapper of a wrapper (``note(…, context)`` -> ``inert(…, context)`` -> ``no_effect``)
        grew = False
        for tree in trees:
            consts = _constants(tree)
            for fn in ast.walk(tree):
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name in HELPERS \
                        or fn.name in out:
                    continue
                params = [a.arg for a in fn.args.args]
                for call in ast.walk(fn):
                    name = _name(call) if isinstance(call, ast.Call) else None
                    if name in HELPERS:
                        _fi, ri, frame = HELPERS[name]
                        frame = frame.format(field="field.path", reason=MARK)
                    elif name in out and name != fn.name:
                        ri, _p, frame = out[name]
                    else:
                        continue
                    arg = call.args[ri] if len(call.args) > ri else None
                    names = [n.id for n in ast.walk(arg) if isinstance(n, ast.Name) and n.id in params] if arg else []
                    if not names:
                        continue
                    local = {**consts, names[0]: ast.Constant(MARK)}
                    text = text_of(arg, local)
                    if text and MARK in text:
                        out[fn.name] = (params.index(names[0]), names[0], frame.replace(MARK, text))
                        grew = True
                        break
    return out


def _returned_texts(name: str, funcs: dict, consts: dict, depth: int = 0) -> list[str]:
    """The texts a module function returns (``return "it acts in the turns of the chain…"``), and
    those of the functions whose result it returns or keeps in a variable (``hint = _hint(…)``)."""
    fn = funcs.get(name)
    if fn is None or depth > 2:
        return []
    out = []
    for node in ast.walk(fn):
        if isinstance(node, ast.Return) and node.value is not None:
            t = text_of(node.value, consts)
            if t and t not in (PLACEHOLDER, PLAIN) and " " in t:
                out.append(t)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id != name:
            out.extend(_returned_texts(node.func.id, funcs, consts, depth + 1))
    return out


def reasons(root: Path = SRC) -> list[Reason]:
    """Every distinct English message the source can raise (placeholders for formatted parts)."""
    out: dict[str, Reason] = {}
    wrappers = _wrappers(root)
    for path in sorted(root.rglob("*.py")):
        if "messages_fr" in path.name or path.name == "cli_fr.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _constants(tree)
        rel = path.relative_to(root).as_posix()

        def add(msg: str, line: int) -> None:
            msg = re.sub(r"\s+", " ", msg).strip()
            if msg and msg not in out:
                out[msg] = Reason(f"{rel}:{line}", msg)

        for loop in ast.walk(tree):  # for key, why in (("field", " (the reason)"), …): _refuse_if(…, ctx + why)
            if isinstance(loop, ast.For) and isinstance(loop.iter, (ast.Tuple, ast.List)):
                for c in ast.walk(loop.iter):
                    if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value.startswith(" ("):
                        add(f"field.path: 3 has no effect in 5e{c.value}; remove it", c.lineno)
        funcs = {f.name: f for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
        called_by = {a.targets[0].id: a.value.func.id for a in ast.walk(tree)  # hint = _hint(path, model)
                     if isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
                     and isinstance(a.value, ast.Call) and isinstance(a.value.func, ast.Name)
                     and a.value.func.id in funcs}
        scopes = [(tree, consts)]
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                local = dict(consts)  # a reason built in a variable first: msg = f"..."; raise ValueError(msg)
                looped = {n.id for f in ast.walk(fn) if isinstance(f, ast.For) for n in ast.walk(f.target)
                          if isinstance(n, ast.Name)}
                for a in ast.walk(fn):
                    if isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name) \
                            and a.targets[0].id not in looped and text_of(a.value, consts) not in (None, PLACEHOLDER, PLAIN):
                        local[a.targets[0].id] = a.value
                scopes.append((fn, local))
                if "allowed" in fn.name.lower():  # a function that words what a field allows
                    for a in ast.walk(fn):
                        v = a.args[0] if isinstance(a, ast.Call) and _name(a) == "append" and a.args else \
                            a.value if isinstance(a, ast.Return) else None
                        t = text_of(v, local) if v is not None else None
                        if t and t not in (PLACEHOLDER, PLAIN):
                            add(f"field.path: 3 is not allowed; expected {t}", a.lineno)
        for scope, scope_consts in scopes:
            for node in ast.walk(scope):
                if isinstance(node, ast.Call):
                    name = _name(node)
                    if name in wrappers and name not in HELPERS:
                        at, pname, frame = wrappers[name]
                        arg = node.args[at] if len(node.args) > at else {k.arg: k.value for k in node.keywords}.get(pname)
                        reason = text_of(arg, scope_consts) if arg is not None else None
                        if reason and reason != PLACEHOLDER:
                            add(frame.replace(MARK, reason), node.lineno)
                        continue
                    if name not in HELPERS:
                        continue
                    fi, ri, frame = HELPERS[name]
                    arg = node.args[ri] if len(node.args) > ri else None
                    if arg is None:
                        kw = {k.arg: k.value for k in node.keywords}
                        arg = kw.get({0: "message", 1: "what", 2: "allowed"}[ri]) or kw.get("context") or kw.get("what")
                    if arg is None:
                        continue
                    called = [c.func.id for c in ast.walk(arg) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)]
                    called += [called_by[n.id] for n in ast.walk(arg) if isinstance(n, ast.Name) and n.id in called_by]
                    for f in called:  # a reason worded by a function: no_effect(field, v, _context(model, path))
                        for t in _returned_texts(f, funcs, consts):
                            if name != "ValueError":
                                add(frame.format(field="field.path", reason=t), node.lineno)
                    reason = text_of(arg, scope_consts)
                    if not reason or reason == PLACEHOLDER:
                        continue
                    if name == "ValueError":
                        if not _in_validator(tree, node):
                            continue
                        reason = reason.removeprefix("expected ")
                    field = _field(node.args[fi] if fi is not None and len(node.args) > fi else None, scope_consts)
                    add(frame.format(field=field, reason=reason), node.lineno)
        for name, value in consts.items():
            if not TABLE_NAMES.match(name):
                continue
            values = value.values if isinstance(value, ast.Dict) else [value]
            for v in values:
                t = text_of(v, consts)
                if t and t != PLACEHOLDER:
                    add(f"field.path: 3 is not allowed; expected {t}", v.lineno)
    return list(out.values())


_VALIDATOR_LINES: dict[int, set[int]] = {}


def _in_validator(tree: ast.Module, call: ast.Call) -> bool:
    """Whether a ``ValueError`` is raised inside a pydantic validator (its message reaches users)."""
    key = id(tree)
    if key not in _VALIDATOR_LINES:
        lines: set[int] = set()
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                decos = [ast.unparse(d) for d in fn.decorator_list]
                if any("validator" in d for d in decos):
                    lines.update(range(fn.lineno, (fn.end_lineno or fn.lineno) + 1))
        _VALIDATOR_LINES[key] = lines
    return call.lineno in _VALIDATOR_LINES[key]


# -- what stays as written in a French message ------------------------------------------------

#: Quoted values, `commands`, [tables], dotted or snake_case field paths, options, numbers, units.
KEPT = re.compile(r"(?<![\wÀ-ÿ])'[^'\n]*'(?![\wÀ-ÿ])|\"[^\"]*\"|`[^`]*`|\[\[?[^\]]*\]\]?|\{[^}]*\}|"
                  r"\b[\w<>*-]+(?:\.[\w<>*-]+)+\b|\b\w*_\w*\b|--?[\w-]+|\b\d[\w,.]*\b|https?://\S+|"
                  r"\b\w+(?= = )|(?<== )\w+|\b\w+(?==)|fleeodds \w+|\b[A-Z]\w*\([^)]*\)|GET /\S+|pip install .*|The Old World")
#: Words the same in both languages, or names: games, rules and characteristics as printed on
#: French cards (Fuite, Attraction, Cbt, DEF…), formats and tools.
SAME = set("""
    starter
    table tables situation situations option options type types minimum maximum total simple unique
    nature base bases zone zones normal position note distance distances champ mode modes moral
    Fuite Attraction passe passes Hell Dorado Cbt DEF PV BattleScribe TOML JSON CSV UTF Dask HTML
    Markdown PNG SVG TCP tls tcp OK Warhammer Old World Skull Pass Pathfinder Dungeons Dragons DnD
    pf1 SRD API ID id NaN nan inf true false Ld Cd WS CC BS CT S T W PV I A M Sv Svg AC CA HP
    Intangible Blocage Insaisissable Arpenteur Mis sol Sonné Immobilisé Blessé Possédé Damné Ombre
    Kh kh kl dh dl max min d6 d10 d20 d8 d12 d4 D6 x y r cx cy x0 y0 x1 y1 mm ps px catalogue
    catalogues profil profils plus fleeodds numba pydantic Python TOW Ko KiB MiB Mio GiB e g i panic
    PHB dodge sentinel vex kind scenario title label changes entry selectionEntry infantry cavalry
    vs toml dict None Army cat catz gst XML DTD DOCTYPE csv json png svg zip web system PF CRB MOU
    CMD DMD DD BMO enemies adversaries others attractors Rapide name movement leadership rules
    weapon shield weapons def pv cbt hp ac preset tow
    champion localhost gstz Monte Carlo Wilson report LANG fr pts docs
""".split())


def english_vocabulary(messages: list[str]) -> set[str]:
    """The words of the English messages that a French message must not contain."""
    words: set[str] = set()
    for m in messages:
        for w in re.findall(r"[A-Za-z]+", KEPT.sub(" ", m)):
            if w not in SAME and w.lower() not in SAME and len(w) > 1:
                words.add(w.lower())
    # French words that are also spelt this way in English: never a sign of English
    return words - FRENCH_TOO


FRENCH_TOO = set("""
    de la le les un une des du en et ou au aux par sur sous pour avec sans dans entre plus moins est
    sont a pas ne se si son sa ses ce cet cette qui que quand fait table tables situation option
    options type distance distances minimum maximum total simple unique nature base bases zone zones
    normal position note mode modes moral fuite attraction passe passes charge charges test tests
    direction directions rang rangs ordre dose cases case points point initiative front contact
    ligne lignes rectangle disc surface flanc flancs flank flanks obstacle obstacles terrain
    terrains attaque attaques standard pour reserve source sources format formats message messages
    toises notation positions non centres esquive grand moyen petit distribution bonus riposte
    sections soutien repli adjacent frappe inoffensif constitution assaut action actions intervalle
    fraction variante importe importer importation archive archives document documents article
    articles page pages confirmation place double fort mobile exact compression question code second
    transition socket extra long part combat lance round change on rapide multiple cible cibles
    rapport numeros vol mort six sept huit dix port ports attention modifier doubles index arguments argument
    version unicode date permission fractions usage locale documentation minute chances rounds
    charger battle masses causes faces monte analyses local but impact errata faq machine machines placement
    gnoll ogre multiplier destination auto mc site content ud udfff
""".split())


def english_left(french: str, vocabulary: set[str]) -> list[str]:
    """The English words of ``vocabulary`` left in a French message (kept parts left out)."""
    found = []
    french = re.sub(r"^(?:[^\s:]+(?: --[\w-]+)?: )+", " ", french)  # the field path that starts the message
    french = re.sub(r"champs documentés : .*$", " ", french)  # the field names of a table, as written
    for w in re.findall(r"[A-Za-zÀ-ÿ]+", KEPT.sub(" ", french)):
        if w.lower() in vocabulary and w not in SAME:
            found.append(w)
    return sorted(set(found))



# -- the core's messages, from the catalogue ----------------------------------------------------

#: The functions that mark a message for the catalogue, and the position of its msgid (and context).
MARKERS = {"N_": 0, "Message": 0, "_": 0, "NP_": 1, "pmessage": 1, "pgettext": 1, "Nn_": 0, "ngettext": 0,
           "plural_message": 0}


@dataclass(frozen=True)
class Marked:
    where: str              # file:line
    msgid: str
    plural: str | None = None
    context: str | None = None


def _constant(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def core_messages(root: Path = SRC) -> list[Marked]:
    """Every message the core (everything outside ``systems/``) marks for the catalogue where it is written:
    ``Message(N_("…"))``, ``N_("…")``, ``_("…")``, plurals and contexts (read with ``ast``)."""
    out: dict[tuple, Marked] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("systems/"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = _name(node) if isinstance(node, ast.Call) else None
            if name not in MARKERS or len(node.args) <= MARKERS[name]:
                continue
            at = MARKERS[name]
            msgid = _constant(node.args[at])
            if msgid is None or not msgid.strip():
                continue
            context = _constant(node.args[0]) if at == 1 else None
            plural = _constant(node.args[1]) if name in ("Nn_", "ngettext", "plural_message") else None
            out.setdefault((context, msgid), Marked(f"{rel}:{node.lineno}", msgid, plural, context))
    return list(out.values())


class _Value:
    """A placeholder's value in a rendered French message: a quoted value (kept as written), whatever its
    format (``{n:,}``, ``{value!r}``)."""

    def __format__(self, spec: str) -> str:
        return PLACEHOLDER

    def __repr__(self) -> str:
        return PLACEHOLDER

    __str__ = __repr__


def french_of(m: Marked, n: int = 1) -> str:
    """The French of a marked message from the shipped catalogue, its placeholders filled with values."""
    from fleeodds.language import placeholders, translation

    t = translation("fr")
    if m.context is not None:
        fr = t.pgettext(m.context, m.msgid)
    elif m.plural is not None:
        fr = t.ngettext(m.msgid, m.plural, n)
    else:
        fr = t.gettext(m.msgid)
    names = placeholders(m.msgid) | placeholders(m.plural or "") | {"n"}
    return fr.format_map({k: _Value() for k in names}) if placeholders(fr) else fr


def _filled(english: str) -> str:
    from fleeodds.language import placeholders

    names = placeholders(english)
    return english.format_map({k: _Value() for k in names}) if names else english


# -- the tests ---------------------------------------------------------------------------------

import sys  # noqa: E402

import pytest  # noqa: E402
import tomllib  # noqa: E402
from click.testing import CliRunner  # noqa: E402

from fleeodds import api  # noqa: E402
from fleeodds.cli import main  # noqa: E402
from fleeodds.errors import FleeoddsError, InputError, echo  # noqa: E402
from fleeodds.language import Message, N_  # noqa: E402
from tests.lang_helpers import said_in  # noqa: E402

def _catalogued(part: str) -> list[tuple[str, str, str]]:
    """``(where, English, French)`` of every reason of the catalogue written in ``part`` of the source (the
    schema's titles and descriptions, written in ``model/``, left out)."""
    from babel.messages.pofile import read_po

    with open(SRC / "locale" / "fr" / "LC_MESSAGES" / "fleeodds.po", "rb") as f:
        catalogue = read_po(f)
    return [(f"{m.locations[0][0]}:{m.locations[0][1]}", m.id, m.string) for m in catalogue
            if m.id and isinstance(m.id, str) and any(part in path and "/model/" not in path
                                                      for path, _ in m.locations)]


REASONS = reasons()
#: Warhammer's reasons are marked in its source: their English comes from the catalogue.
CATALOGUED = _catalogued("systems/warhammer/")
CORE = core_messages()
VOCABULARY = english_vocabulary([r.message for r in REASONS] + [en for _, en, _ in CATALOGUED]
                                + [_filled(m.msgid) for m in CORE])


def test_the_scan_sees_every_system_and_the_core():
    """The scans can fail: they find the reasons of each system, and the messages the core, the importers
    and the edges mark for the catalogue."""
    where = {r.where.split(":")[0] for r in REASONS}
    marked = {m.where.split(":")[0] for m in CORE}
    assert len(CORE) > 400, len(CORE)
    for part in ("importers/bsdata.py", "importers/catalogue_bounds.py", "matrix.py", "rank.py", "scale.py",
                 "files.py", "sweep.py", "dice.py", "validation.py", "decisions.py", "exact.py", "engine.py",
                 "analysis.py", "foreign.py", "web/service.py", "web/server.py", "web/app.py", "cli.py"):
        assert any(w.startswith(part) for w in marked), part
    texts = " ".join([r.message for r in REASONS] + [m.msgid for m in CORE])
    assert "dice whose total spans at most {limit} values (e.g. 64d100); {dice} spans {n}" in texts
    assert {"pursuit", "rally", "the", "with", "dice", "scheduler"} <= VOCABULARY


def test_no_core_reason_is_plain_english():
    """The core raises no reason as plain English text: every one is a message of the catalogue (the
    reasons still written as text are the rules systems', while they move)."""
    plain = [r for r in REASONS if not r.where.startswith("systems/")]
    assert not plain, "\n".join(f"{r.where}: {r.message}" for r in plain)


def test_every_core_message_has_its_french():
    """Every message the core marks has a French translation in fr.po with the same placeholders."""
    from fleeodds.language import placeholders, translation

    t = translation("fr")
    missing, other = [], []
    for m in CORE:
        for n in ((1, 2) if m.plural else (1,)):
            english = m.msgid if n == 1 else m.plural
            fr = (t.pgettext(m.context, m.msgid) if m.context is not None
                  else t.ngettext(m.msgid, m.plural, n) if m.plural else t.gettext(m.msgid))
            if fr == english and placeholders(english) != {english.strip("{}")} and re.search(r"[a-z]{3}", english) \
                    and english_left(_filled(english), VOCABULARY):
                missing.append(f"{m.where}: {english!r}")
            elif placeholders(fr) != placeholders(english):
                other.append(f"{m.where}: {english!r} -> {fr!r}")
    assert not missing, f"{len(missing)} messages without French:\n" + "\n".join(missing)
    assert not other, "translations with other placeholders:\n" + "\n".join(other)


def test_every_core_message_reads_in_french():
    left = {}
    for m in CORE:
        fr = french_of(m)
        words = english_left(fr, VOCABULARY)
        if words:
            left[m.where] = (fr, words)
    assert not left, f"{len(left)} of {len(CORE)} core messages keep English words:\n" + "\n".join(
        f"{w}: {fr}  {words}" for w, (fr, words) in sorted(left.items()))


def test_the_detector_finds_english():
    """An English reason without a French wording is caught; field paths, quoted values and names are not."""
    msg = "fleeing.rules: 'stubborn' has no effect for the unit that runs away from a giant; remove it"
    assert {"for", "the", "unit", "away", "from"} <= set(english_left(msg, VOCABULARY))
    assert english_left("fleeing.leadership: 13 n'est pas admis ; attendu : un nombre de 0 à 10 (Hell Dorado, "
                        "'the stubborn ones', fleeing.rules)", VOCABULARY) == []


def test_the_scan_finds_a_plain_reason(tmp_path):
    """The scan of plain reasons can fail: an English text raised without a message is found."""
    (tmp_path / "plug_in.py").write_text(
        "from fleeodds.errors import InputError\n\n\ndef check(v):\n"
        "    raise InputError('runner.hp', v, 'a whole number of hit points')\n", encoding="utf-8")
    assert [r.message for r in reasons(tmp_path)] == ["runner.hp: 3 is not allowed; expected a whole number of hit points"]


def test_no_reason_is_plain_english():
    """No reason anywhere (core or rules system) is raised as plain English text: every one is a message of
    the catalogue (the scan can fail: test_the_scan_finds_a_plain_reason)."""
    assert not REASONS, "\n".join(f"{r.where}: {r.message}" for r in REASONS)


def test_catalogued_reasons_read_in_french():
    """A system whose reasons are marked in its source (Warhammer) has their French in the catalogue: none
    keeps an English word of its own reasons (placeholders, field paths and quoted values left out)."""
    entries = CATALOGUED
    assert len(entries) > 150, len(entries)
    assert any(en == "either one [pursuer] table or [[pursuers]] tables, not both" for _, en, _ in entries)
    left = {w: (fr, words) for w, en, fr in entries if (words := english_left(fr, VOCABULARY))}
    assert not left, f"{len(left)} of {len(entries)} messages keep English words:\n" + "\n".join(
        f"{w}: {fr}  {words}" for w, (fr, words) in sorted(left.items()))


def test_values_echoed_as_written_in_toml():
    assert str(InputError("fleeing.battle_standard", True, "x")).startswith("fleeing.battle_standard: true is")
    assert str(InputError("a", [1, False, None], "x")).startswith("a: [1, false, null] is not allowed")
    assert str(InputError("a", {"name": "Orcs", "x y": 2}, "x")).startswith("a: { name = 'Orcs', 'x y' = 2 } is")
    assert str(InputError("runner.hp", None, "a whole number (required)")) == \
        "runner.hp: missing; expected a whole number (required)"
    assert said_in("fr", InputError("runner.hp", None, Message(N_("a whole number")))) == \
        "runner.hp: manquant ; attendu : un nombre entier"
    assert echo("x" * 500).endswith("(502 characters)")
    assert echo(7) == "7" and echo(2.5) == "2.5" and echo("2d+4") == "'2d+4'" and echo(14.0) == "14.0"
    from fleeodds.validation import no_effect

    assert str(no_effect("obstacles.0.distance", 14.0, "beyond the farthest flee move")).startswith(
        "obstacles.0.distance: 14 has no effect")  # the 14 of the file, made a float by the model


# -- bad inputs through the command line, with --lang fr -----------------------------------------

def _toml(data: dict) -> str:
    """A scenario dict as TOML (tables, arrays of tables, inline values): enough for the examples."""
    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + " }"
        return repr(v)

    lines, tables = [], []
    for k, v in data.items():
        if isinstance(v, dict) and k != "compare":
            tables.append((f"[{k}]", v))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            tables.extend((f"[[{k}]]", x) for x in v)
        else:
            lines.append(f'"{k}" = {value(v)}')
    for head, t in tables:
        lines.append(head)
        lines.extend(f'"{k}" = {value(v)}' for k, v in t.items())
    return "\n".join(lines) + "\n"


def _example(name: str) -> dict:
    with open(api.example_dir() / name, "rb") as f:
        data = tomllib.load(f)
    data.pop("compare", None), data.pop("compare_modes", None)
    if isinstance(data.get("fuite"), dict):
        data["fuite"].pop("compare", None)
    return data


def _set(data: dict, path: str, v) -> dict:
    node = data
    parts = path.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node.setdefault(p, {})
    if v is _DROP:
        node.pop(parts[-1], None)
    elif isinstance(node, list):
        node[int(parts[-1])] = v
    else:
        node[parts[-1]] = v
    return data


_DROP = object()
WH = "warhammer/goblins_broken_by_dwarfs.toml"
WH_ROCKS = "warhammer/goblins_flee_through_rocks_to_friends.toml"
DND = "dnd/wizard_leaves_two_orcs_5e.toml"
DND_35 = "dnd/wizard_withdraws_past_orcs_35.toml"
HD = "hell_dorado/fuite_bretteur_cerne.toml"
HD_PASSE = "hell_dorado/passe_bran_carnoth_vs_bretteur.toml"

#: name: (example, {field: value}, a word of the French line)
BAD = {
    "wh leadership out of range": (WH, {"fleeing.leadership": 13}, "attendu"),
    "wh a bool for a number": (WH, {"fleeing.leadership": True}, "true"),
    "wh both pursuer and pursuers": (WH, {"pursuers": [{"profile": "Dwarf Warriors"}]}, "pas les deux"),
    "wh general not above": (WH, {"fleeing.general_leadership": 2}, "Commandement"),
    "wh obstacles overlap": (WH_ROCKS, {"obstacles.1.distance": 4}, "chevauche"),
    "wh flee_clearance without obstacles": (WH, {"options.flee_clearance": 1}, "obstacle"),
    "wh misspelt option": (WH, {"options.bogus": 1}, "option inconnue"),
    "dnd armour class 0": (DND, {"runner.ac": 0}, "un entier de 1 à 60"),
    "dnd misspelt situation": (DND_35, {"situation": "leave-melee"}, "'leave_melee'"),
    "dnd unknown mode": (DND, {"mode": "flee"}, "attendu"),
    "dnd empty enemies": (DND, {"enemies": []}, "attendu"),
    "dnd text for hit points": (DND, {"runner.hp": "six"}, "'six'"),
    "hd def out of range": (HD, {"fleeing.def": 7}, "de 1 à 6"),
    "hd engaged false": (HD, {"fleeing.engaged": False}, "engagé"),
    "hd no adversaries": (HD, {"adversaries": []}, "adversaries"),
    "hd unknown capacity": (HD, {"fleeing.capacities": ["Esquive 9"]}, "Esquive"),
    "hd direction without placement": (HD, {"fleeing.x": _DROP, "fleeing.y": _DROP, "fuite.direction": 90},
                                       "combattant qui fuit"),
    "hd passe report": (HD_PASSE, {"passe.report": "wounds"}, "'kills' ou 'hits'"),
}


#: Inputs the model implements that change nothing here: accepted with a note (docs/inputs.md); the
#: French of their wording is checked as the error ``--strict`` makes of them.
NOTED = {"wh general not above", "wh flee_clearance without obstacles", "dnd death saves outside 5e"}


@pytest.mark.parametrize("name", BAD)
def test_bad_input_in_french_on_the_command_line(name, tmp_path, monkeypatch):
    example, changes, needle = BAD[name]
    data = _example(example)
    for path, v in changes.items():
        data = _set(data, path, v)
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(_toml(data), encoding="utf-8")
    runner = CliRunner()
    if name in NOTED:
        fr = runner.invoke(main, ["run", str(scenario), "--exact", "--lang", "fr"])
        assert fr.exit_code == 0 and "remarque : " in fr.stderr and needle in fr.stderr, fr.output
        assert "note: " not in fr.stderr
    args = ["run", str(scenario), "--exact", *(["--strict"] if name in NOTED else []), "--lang", "fr"]
    monkeypatch.setattr(sys, "argv", ["fleeodds", *args])  # the error line reads --lang from the command line
    fr = runner.invoke(main, args)
    monkeypatch.setattr(sys, "argv", ["fleeodds", *args[:-2]])
    en = runner.invoke(main, args[:-2])
    line = fr.output.strip().splitlines()[-1]
    assert fr.exit_code == 2 and line.startswith("erreur : "), fr.output
    assert en.exit_code == 2 and en.output.strip().splitlines()[-1].startswith("error: "), en.output
    left = english_left(line.removeprefix("erreur : "), VOCABULARY)
    assert not left, f"English left in {line!r}: {left}"
    assert needle in line, line


def test_pydantic_kinds_in_the_project_words():
    """pydantic's own wording ("Input should be greater than 0", "Tuple should have at least 1 item")
    never reaches the user: the bound is said in the project's frame, in both languages."""
    from pydantic import Field

    from fleeodds.validation import StrictModel, validate

    class Card(StrictModel):
        dice: int = Field(default=1, gt=0)
        rules: list[str] = Field(default_factory=lambda: ["x"], min_length=1)
        name: str = Field(default="x", max_length=3)
        reach: float = Field(default=1.0, le=10)
        models: int

    cases = [  # (data, English, French)
        ({"dice": 0, "models": 1}, "dice: 0 is not allowed; expected a number greater than 0",
         "dice: 0 n'est pas admis ; attendu : un nombre supérieur à 0"),
        ({"rules": [], "models": 1}, "rules: [] is not allowed; expected at least 1 item(s)",
         "rules: [] n'est pas admis ; attendu : au moins 1 élément(s)"),
        ({"name": "abcd", "models": 1}, "name: 'abcd' is not allowed; expected a text of at most 3 character(s)",
         "name: 'abcd' n'est pas admis ; attendu : un texte d'au plus 3 caractère(s)"),
        ({"reach": 11.5, "models": 1}, "reach: 11.5 is not allowed; expected a number of at most 10",
         "reach: 11.5 n'est pas admis ; attendu : un nombre d'au plus 10"),
        ({"models": True}, "models: true is not allowed; expected a whole number",
         "models: true n'est pas admis ; attendu : un nombre entier"),
        ({}, "models: missing; expected a value: this field is required",
         "models: manquant ; attendu : une valeur : ce champ est obligatoire"),
    ]
    for data, en, fr in cases:
        with pytest.raises(FleeoddsError) as e:
            validate(Card, data)
        assert (str(e.value), said_in("fr", e.value)) == (en, fr)
        assert "should" not in en and "Input" not in en


def test_a_plug_in_system_brings_its_own_catalogue(tmp_path):
    """The core names no game and holds no phrase table: a plug-in system marks its reasons as messages and
    ships a catalogue of its own (``add_locale_dir``); its words come from there, the frame from fleeodds'."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from fleeodds.language import Message, add_locale_dir, remove_locale_dir
    from fleeodds.validation import no_effect

    catalog = Catalog(locale="fr", domain="fleeodds")
    catalog.add("when the goblin is asleep ({n} turns)", "quand le gobelin dort ({n} tours)")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "fleeodds.mo", "wb") as f:
        write_mo(f, catalog)
    err = no_effect("x", 3, Message("when the goblin is asleep ({n} turns)", n=2))
    assert said_in("fr", err) == "x: 3 n'a aucun effet when the goblin is asleep (2 turns) ; retirez-le"
    add_locale_dir(tmp_path)
    try:
        assert said_in("fr", err) == "x: 3 n'a aucun effet quand le gobelin dort (2 tours) ; retirez-le"
    finally:
        remove_locale_dir(tmp_path)
    assert not (SRC / "messages_fr.py").exists() and not list(SRC.glob("systems/*/messages_fr.py"))


@pytest.mark.slow
def test_wrong_values_in_every_example_read_in_french():
    """Real messages, built at run time (the allowed values listed, a hint worded by a function): every
    field of every shipped example set to a value of the wrong kind or out of range gives a French
    line with no English word (field paths, quoted values and the profile names listed stay as written)."""
    import copy

    from fleeodds.system import scenario_from_dict

    seen: dict[str, str] = {}
    for path in api.list_examples():
        with open(path, "rb") as f:
            data = tomllib.load(f)
        places = [(k,) for k in data if k not in ("system", "title", "title_fr")]
        for key, v in data.items():
            tables = [(key,)] if isinstance(v, dict) else [(key, 0)] if isinstance(v, list) and v and \
                isinstance(v[0], dict) else []
            for t in tables:
                node = data[t[0]] if len(t) == 1 else data[t[0]][0]
                places += [(*t, k) for k in node]
        for place in places:
            for wrong in (True, -5, [], "zz", {"bogus": 1}):
                d = copy.deepcopy(data)
                node = d
                for k in place[:-1]:
                    node = node[k]
                node[place[-1]] = wrong
                try:
                    scenario_from_dict(d, path.parent)
                except FleeoddsError as e:
                    seen.setdefault(str(e), said_in("fr", e))
    assert len(seen) > 250, len(seen)
    left = {}
    for en, fr in seen.items():
        field = en.split(": ")[0]
        if field.startswith("compare.") or field.endswith("profile"):  # a setup's label, the profiles listed
            continue
        words = english_left(fr, VOCABULARY)
        if words:
            left[en] = (fr, words)
    assert not left, f"{len(left)} of {len(seen)} messages keep English words:\n" + "\n".join(
        f"{fr}  {words}" for fr, words in left.values())
