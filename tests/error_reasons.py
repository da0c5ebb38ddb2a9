"""Every reason an error of fleeodds can give, read from the source (``ast``), as the messages
users read: each ``InputError(field, value, allowed)``, ``FleeoddsError(message)``,
``no_effect(field, value, context)``, ``not_modelled(field, value, what)``, the validators'
``ValueError`` (pydantic turns them into the same frame) and the module-level tables of what a
field allows (``ALLOWED``, ``*_ALLOWED``, ``TYPE_WORDS``).

A formatted part (``{x}``) becomes a placeholder: ``'v'`` (a value, kept as written by
``to_french``) or ``3`` where the template reads a number. The English vocabulary of these
messages, minus field names and proper names, is what a French message must not contain.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "fleeodds"

#: Raise helpers: name -> (index of the field argument or None, index of the reason, frame).
HELPERS = {
    "InputError": (0, 2, "{field}: 3 is not allowed; expected {reason}"),
    "FleeoddsError": (None, 0, "{reason}"),
    "no_effect": (0, 2, "{field}: 3 has no effect {reason}; remove it"),
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


def reasons(root: Path = SRC) -> list[Reason]:
    """Every distinct English message the source can raise (placeholders for formatted parts)."""
    out: dict[str, Reason] = {}
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

        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _name(node)
                if name not in HELPERS:
                    continue
                fi, ri, frame = HELPERS[name]
                arg = node.args[ri] if len(node.args) > ri else None
                if arg is None:
                    kw = {k.arg: k.value for k in node.keywords}
                    arg = kw.get({0: "message", 1: "what", 2: "allowed"}[ri]) or kw.get("context") or kw.get("what")
                if arg is None:
                    continue
                reason = text_of(arg, consts)
                if not reason or reason == PLACEHOLDER:
                    continue
                if name == "ValueError":
                    if not _in_validator(tree, node):
                        continue
                    reason = reason.removeprefix("expected ")
                field = _field(node.args[fi] if fi is not None and len(node.args) > fi else None, consts)
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
                  r"\b\w+(?= = )|(?<== )\w+|\b\w+(?==)|fleeodds \w+|GET /\S+|pip install .*|The Old World")
#: Words the same in both languages, or names: games, rules and characteristics as printed on
#: French cards (Fuite, Attraction, Cbt, DEF…), formats and tools.
SAME = set("""
    table tables situation situations option options type types minimum maximum total simple unique
    nature base bases zone zones normal position note distance distances champ mode modes moral
    Fuite Attraction passe passes Hell Dorado Cbt DEF PV BattleScribe TOML JSON CSV UTF Dask HTML
    Markdown PNG SVG TCP tls tcp OK Warhammer Old World Skull Pass Pathfinder Dungeons Dragons DnD
    pf1 SRD API ID id NaN nan inf true false Ld Cd WS CC BS CT S T W PV I A M Sv Svg AC CA HP
    Intangible Blocage Insaisissable Arpenteur Mis sol Sonné Immobilisé Blessé Possédé Damné Ombre
    Kh kh kl dh dl max min d6 d10 d20 d8 d12 d4 D6 x y r cx cy x0 y0 x1 y1 mm ps px
    catalogue catalogues profil profils plus fleeodds numba pydantic Python TOW Ko KiB MiB Mio GiB
    e g i kind scenario title label changes entry selectionEntry infantry cavalry vs toml dict None Army cat catz gst XML DTD DOCTYPE csv json png svg zip web system PF CRB MOU CMD DMD DD BMO enemies adversaries others attractors Rapide name movement leadership rules weapon shield weapons def pv cbt hp ac preset tow
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
    de la le les un une des du en et ou au aux par sur sous pour avec sans dans entre plus moins
    est sont a pas ne se si son sa ses ce cet cette qui que quand fait
    table tables situation option options type distance distances minimum maximum total simple
    unique nature base bases zone zones normal position note mode modes moral fuite attraction
    passe passes profile profiles charge charges unit unite test tests direction directions
    rang rangs ordre dose cases case points point initiative front contact ligne lignes rectangle
    disc surface flanc flancs flank flanks obstacle obstacles terrain terrains attaque attaques
    capacities capacite standard pour reserve source sources format formats message messages
    toises notation positions non centres esquive grand moyen petit distribution bonus riposte sections
    soutien repli adjacent frappe inoffensif constitution assaut action actions intervalle fraction variante
    importe importer importation archive archives document documents article articles page pages
    exact compression question code second transition socket extra long part combat lance round change on rapide multiple cible cibles rapport numeros vol mort six sept huit dix port ports attention
""".split())


def english_left(french: str, vocabulary: set[str]) -> list[str]:
    """The English words of ``vocabulary`` left in a French message (kept parts left out)."""
    found = []
    french = re.sub(r"^(?:[^\s:]+(?: --[\w-]+)?: )+", " ", french)  # the field path that starts the message
    for w in re.findall(r"[A-Za-zÀ-ÿ]+", KEPT.sub(" ", french)):
        if w.lower() in vocabulary and w not in SAME:
            found.append(w)
    return sorted(set(found))
