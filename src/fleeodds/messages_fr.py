"""French wording of the error messages (``fleeodds … --lang fr``).

Every error is raised with an English message built from a few frames ("F: V is
not allowed; expected A", "F: V has no effect C; remove it", "unknown option") and
from what is allowed or why an input changes nothing. :func:`to_french` rewrites, in
this order:

1. the phrases each rules system declares in ``RulesSystem.messages_fr`` (its own
   reasons, with the game's French terms; the core names no game), pushed here by
   :mod:`fleeodds.system` when it loads or registers the system;
2. the core's phrases (:data:`PHRASES`: files, dice, comparisons, sweeps, matrices, the
   web page, pydantic's error kinds);
3. the frames and recurring phrases (:data:`_RULES`, regular expressions).

A phrase table maps an English phrase to its French wording; ``§`` stands for a formatted
part and a quoted value for itself (see :func:`compile_phrases`); longer phrases are tried
first. Field paths, values and the names written in a file stay as they are.
``tests/front/test_french_error_reasons.py`` reads every reason from the source and checks that
none keeps an English word.
"""

from __future__ import annotations

import contextvars
import functools
import re
import threading
from typing import Any, Callable

#: (pattern, French replacement), applied in this order to the whole message.
_RULES: list[tuple[str, str]] = [
    # -- frames -----------------------------------------------------------------------------
    (r"^([^\s:]+): missing; expected ", r"\1: manquant ; attendu : "),
    (r"unknown option (Q\d+Q); check the spelling; expected one of the documented fields: ",
     r"option inconnue \1 ; vérifiez l'orthographe ; champs documentés : "),
    (r"\bunknown option (Q\d+Q)$", r"option inconnue \1"),  # the web API's request fields
    (r"\bnot valid JSON\b", "JSON invalide"),
    (r"\bExpecting value\b", "valeur attendue"),  # the json module's own messages
    (r"\bExpecting property name enclosed in double quotes\b", "nom de propriété entre guillemets doubles attendu"),
    (r"\bExpecting (Q\d+Q) delimiter\b", r"séparateur \1 attendu"),
    (r"\bExtra data\b", "données en trop"),
    (r"\bUnterminated string starting at\b", "texte non terminé, commencé à"),
    (r"\bInvalid control character at\b", "caractère de contrôle invalide à"),
    (r" is not allowed; expected ", " n'est pas admis ; attendu : "),
    (r"unknown edition; expected one of\b", "édition inconnue ; attendu : l'une des valeurs"),
    (r"\(a string\)", "(un texte)"),
    (r"the address of a running Dask scheduler \(tcp://HOST:8786\); none answered within (\S+) s",
     r"l'adresse d'un ordonnanceur Dask en marche (tcp://HÔTE:8786) ; aucun n'a répondu en \1 s"),
    (r"the address of a running Dask scheduler \(tcp://HOST:8786\); none answered \(",
     "l'adresse d'un ordonnanceur Dask en marche (tcp://HÔTE:8786) ; aucun n'a répondu ("),
    (r"the address of a running Dask scheduler \(tcp://HOST:8786\)",
     "l'adresse d'un ordonnanceur Dask en marche (tcp://HÔTE:8786)"),
    (r"\bthe address of a running Dask scheduler, tcp://HOST:PORT or tls://HOST:PORT",
     "l'adresse d'un ordonnanceur Dask en marche, tcp://HÔTE:PORT ou tls://HÔTE:PORT"),
    (r"\bthe address of a running Dask scheduler, with a port from 1 to 65535",
     "l'adresse d'un ordonnanceur Dask en marche, avec un port de 1 à 65535"),
    (r"\bsomething answered there, but not a Dask scheduler", "quelque chose y répond, mais pas un ordonnanceur Dask"),
    (r"\bConnection refused\b", "connexion refusée"),
    (r"missing port number in address", "numéro de port manquant dans l'adresse"),
    (r"\bnot a number\b", "pas un nombre"),
    (r"; expected ", " ; attendu : "),
    (r"no characteristic profile \(M, Ld, …\) on the entry or its mandatory models; the catalogue does not "
     r"give this unit's characteristics",
     "aucun profil de caractéristiques (M, Cd, …) sur l'entrée ni sur ses figurines obligatoires ; le catalogue "
     "ne donne pas les caractéristiques de cette unité"),
    (r" is not modelled yet", " n'est pas encore modélisé"),
    (r" has no effect ", " n'a aucun effet "),
    (r"; remove it\b", " ; retirez-le"),
    (r": missing; ", " : manquant ; "),
    (r"\bnot valid TOML: ", "TOML invalide : "),
    # the standard library's TOML reader (tomllib, Python 3.11+), after "TOML invalide : "
    (r"(?<=TOML invalide : )Expected newline or end of document after a statement",
     "fin de ligne ou fin du document attendue après une instruction"),
    (r"(?<=TOML invalide : )Expected (Q\d+Q) at the end of a table declaration", r"\1 attendu à la fin d'une déclaration de table"),
    (r"(?<=TOML invalide : )Expected (Q\d+Q) at the end of an array declaration",
     r"\1 attendu à la fin d'une déclaration de liste de tables"),
    (r"(?<=TOML invalide : )Expected (Q\d+Q) after a key in a key/value pair", r"\1 attendu après la clé d'une paire clé = valeur"),
    (r"(?<=TOML invalide : )Expected (Q\d+Q)", r"\1 attendu"),
    (r"(?<=TOML invalide : )Invalid statement", "instruction invalide"),
    (r"(?<=TOML invalide : )Found invalid character (Q\d+Q)", r"caractère invalide \1"),
    (r"(?<=TOML invalide : )Cannot declare (.+?) twice", r"\1 est déclaré deux fois"),
    (r"(?<=TOML invalide : )Cannot overwrite a value", "une valeur déjà donnée ne peut pas être remplacée"),
    (r"(?<=TOML invalide : )Cannot mutate immutable namespace (.+?) \(", r"l'espace de noms \1 est figé et ne peut plus changer ("),
    (r"(?<=TOML invalide : )Cannot redefine namespace (.+?) \(", r"l'espace de noms \1 ne peut pas être redéfini ("),
    (r"(?<=TOML invalide : )Invalid initial character for a key part", "premier caractère de clé invalide"),
    (r"(?<=TOML invalide : )Unclosed array", "liste non fermée (il manque ']' ou une virgule)"),
    (r"(?<=TOML invalide : )Duplicate inline table key (Q\d+Q)", r"clé \1 en double dans une table en ligne"),
    (r"(?<=TOML invalide : )Unclosed inline table", "table en ligne non fermée (il manque '}' ou une virgule)"),
    (r"(?<=TOML invalide : )Unescaped (Q\d+Q) in a string", r"\1 non échappé dans un texte"),
    (r"(?<=TOML invalide : )Invalid hex value", "valeur hexadécimale invalide"),
    (r"(?<=TOML invalide : )Escaped character is not a Unicode scalar value",
     "le caractère échappé n'est pas une valeur scalaire Unicode"),
    (r"(?<=TOML invalide : )Unterminated string", "texte non terminé (guillemet fermant manquant)"),
    (r"(?<=TOML invalide : )Illegal character (Q\d+Q)", r"caractère interdit \1"),
    (r"(?<=TOML invalide : )Invalid date or datetime", "date ou date-heure invalide"),
    (r"(?<=TOML invalide : )Invalid value", "valeur invalide"),
    (r"\(at line (\d+), column (\d+)\)", r"(ligne \1, colonne \2)"),
    (r"\(at end of document\)", "(à la fin du document)"),
    (r"; a text value needs quotes, e\.g\. ", " ; un texte s'écrit entre guillemets, par ex. "),
    (r"; a text value needs quotes: ", " ; un texte s'écrit entre guillemets : "),
    (r"\bnested more than (\d+) levels deep", r"imbriqué sur plus de \1 niveaux"),
    (r"\bcannot write\b", "impossible d'écrire"),
    (r"\balready exists here; move it away or edit it", "existe déjà ici ; déplacez-le ou modifiez-le"),
    # -- files ------------------------------------------------------------------------------
    (r"an existing \.toml file or a name listed by (Q\d+Q)", r"un fichier .toml existant ou un nom listé par \1"),
    (r"a \.toml file name, a name listed by (Q\d+Q), or a dict of fields",
     r"un nom de fichier .toml, un nom listé par \1 ou un dict de champs"),
    (r"a regular file \(not a device, pipe or socket\)", "un fichier ordinaire (ni périphérique, ni tube, ni socket)"),
    (r"a UTF-8 text file \(byte (\d+) is not UTF-8: save the file as UTF-8\)",
     r"un fichier texte UTF-8 (l'octet \1 n'est pas de l'UTF-8 : enregistrez le fichier en UTF-8)"),
    (r"a file of at most (\d+) MiB", r"un fichier d'au plus \1 Mio"),
    (r"a TOML file of \[profiles\.<key>\] tables \(your cards\); it has none",
     "un fichier TOML de tables [profiles.<clé>] (vos cartes) ; il n'en contient aucune"),
    (r"a file, not a folder", "un fichier, pas un dossier"),
    (r"an existing file", "un fichier existant"),
    (r"a readable file", "un fichier lisible"),
    (r"a folder that can be created", "un dossier qui peut être créé"),
    (r"No such file or directory", "fichier ou dossier introuvable"),
    (r"Permission denied", "permission refusée"),
    (r"Too many levels of symbolic links", "trop de niveaux de liens symboliques"),
    (r"a number is too long", "un nombre trop long"),
    (r"a TOML file of \[profiles\.<key>\] tables \(your cards\); it has (Q\d+Q) instead",
     r"un fichier TOML de tables [profiles.<clé>] (vos cartes) ; il contient \1 à la place"),
    # -- comparisons, sweeps, sizes ---------------------------------------------------------
    (r"changes that differ from those of setup ('[^']*') \(they are the same\)",
     r"des changements différents de ceux de la configuration \1 (ce sont les mêmes)"),
    (r"at least one setup, e\.g\.", "au moins une configuration, par ex."),
    (r"at most (\d+) setups side by side", r"au plus \1 configurations côte à côte"),
    (r"distinct setup labels", "des noms de configurations distincts"),
    (r"setup labels that are not empty", "des noms de configurations non vides"),
    (r"a non-empty text label for every setup", "un nom non vide pour chaque configuration"),
    (r"a range or list string like ", "une plage ou une liste comme "),
    (r"or a list of values", "ou une liste de valeurs"),
    (r"a table \{field: values\} or a list of \(field, values\) pairs, e\.g\.",
     "une table {champ: valeurs} ou une liste de paires (champ, valeurs), par ex."),
    (r"a dotted field path such as", "un chemin de champ à points comme"),
    (r"a dotted path of at most (\d+) parts", r"un chemin à points d'au plus \1 parties"),
    (r"a value \(a number, text, true/false, a list or a table\)",
     "une valeur (un nombre, un texte, true/false, une liste ou une table)"),
    (r"a table of field\.path = value", "une table champ.chemin = valeur"),
    (r"a table of fields", "une table de champs"),
    (r"a number between 0 and 0\.5 \(e\.g\. 0\.001\)", "un nombre entre 0 et 0,5 (par ex. 0.001)"),
    (r"at least (\S+) for this scenario: (\S+) would need about (\S+) trials, over the limit of (\S+)",
     r"au moins \1 pour ce scénario : \2 demanderait environ \3 tirages, au-delà de la limite de \4"),
    (r"'mc' or 'both': this scenario has no exact solver", "'mc' ou 'both' : ce scénario n'a pas de calcul exact"),
    (r"'mc' or 'both': a setup has no exact solver", "'mc' ou 'both' : une configuration n'a pas de calcul exact"),
    # -- dice -------------------------------------------------------------------------------
    (r"dice notation such as ", "une notation de dés comme "),
    (r"dice whose total spans at most ([\d,]+) values", r"des dés dont le total couvre au plus \1 valeurs"),
    (r"kept dice with at most ([\d,]+) possible rolls", r"des dés gardés avec au plus \1 jets possibles"),
    (r"at most (\d+) dice terms", r"au plus \1 termes de dés"),
    (r"at most (\d+) characters", r"au plus \1 caractères"),
    (r"1 to (\d+) dice per term", r"1 à \1 dés par terme"),
    (r"dropping dice \(dl, dh\) from 2 or more dice, e\.g\. (\S+) or (\S+)",
     r"retirer des dés (dl, dh) parmi 2 dés ou plus, par ex. \1 ou \2"),
    (r"dropping between (\d+) and (\d+) of (\S+)", r"retirer entre \1 et \2 des \3"),
    (r"keeping between (\d+) and (\d+) of (\S+)", r"garder entre \1 et \2 des \3"),
    (r"dice with 1 to (\d+) sides", r"des dés de 1 à \1 faces"),
    (r"\(terms are joined by \+ or -\)", "(les termes sont reliés par + ou -)"),
    (r"\(unbalanced parenthesis\)", "(parenthèse non fermée)"),
    (r"a roll that cannot be negative \(distances in inches\)", "un jet qui ne peut pas être négatif (distances en pouces)"),
    (r"\bspans\b", "couvre"),
    # -- what a field allows ----------------------------------------------------------------
    (r"a number from (\S+) to (\S+)", r"un nombre de \1 à \2"),
    (r"an integer from (\S+) to (\S+)", r"un entier de \1 à \2"),
    (r"a negative integer from (\S+) to (\S+)", r"un entier négatif de \1 à \2"),
    (r"an integer >= (\S+)", r"un entier >= \1"),
    (r"an index from (\d+) to (\d+)", r"un indice de \1 à \2"),
    (r"a whole number from (\d+) to (\d+)", r"un nombre entier de \1 à \2"),
    (r"a capacity with ", "une capacité avec "),
    (r"\ba whole number\b", "un nombre entier"),
    (r"\ba finite number\b", "un nombre fini"),
    (r"\ba number\b", "un nombre"),
    (r"\ba text of (\d+) to (\d+) characters\b", r"un texte de \1 à \2 caractères"),
    (r"\ba text\b", "un texte"),
    (r"\ba list of \(label, scenario\) pairs\b", "une liste de paires (nom, scénario)"),
    (r"\ba list\b", "une liste"),
    (r"\ba table\b", "une table"),
    (r"\btrue or false\b", "true ou false"),
    (r"\btrue or nothing\b", "true ou rien"),
    (r"(Q\d+Q) or (Q\d+Q)", r"\1 ou \2"),
    (r"\(the runner's current hit points, up to (\d+)\)", r"(les points de vie actuels du personnage, jusqu'à \1)"),
    (r"\bone of the documented fields\b", "l'un des champs documentés"),
    (r"attendu : one of\b", "attendu : l'une des valeurs"),
    (r"\bthe scenario's French title\b", "le titre français du scénario"),
    (r"\beach entry once\b", "chaque entrée une seule fois"),
    (r"\bfor edition\b", "pour l'édition"),
    (r"\bor the integer\b", "ou l'entier"),
    (r"\bwith N from (\d+) to (\d+)", r"avec N de \1 à \2"),
    (r"\(no profiles\)", "(aucun profil)"),
    # -- contexts of "has no effect" / "not modelled" ---------------------------------------
    (r"\bin a (Q\d+Q) scenario\b", r"dans un scénario \1"),
    (r"\bit changes no fighter's fate here\b", "il ne change le sort d'aucun combattant ici"),
    (r"\bin this situation\b", "dans cette situation"),
    (r"\bin this scenario nor in its comparison setups\b", "dans ce scénario ni dans ses configurations comparées"),
    (r"\bin this scenario\b", "dans ce scénario"),
    (r"\bin this edition\b", "dans cette édition"),
    (r"^unless\b", "sauf si"),
    (r"\bn'a aucun effet unless\b", "n'a aucun effet sauf si"),
    (r"\bn'a aucun effet when\b", "n'a aucun effet quand"),
    (r"\bn'a aucun effet with\b", "n'a aucun effet avec"),
    (r"\bn'a aucun effet in (?=Q\d+Q|5e|3\.5|pf1|6th|7th|8th|tow|starter|TOW)", "n'a aucun effet en "),
    (r"\ban input fleeodds models\b", "une donnée que fleeodds modélise"),
    (r"\bnothing here: it\b", "rien ici : il"),
    (r"\be\.g\.", "par ex."),
    (r"\bexpected\b", "attendu"),
    (r"\berror\b", "erreur"),
]

# -- adversary fixes (numbers and words left in English) --------------------------------------------
#: Applied after :data:`_RULES`, on what is not quoted: a number the project wrote with English digit
#: groups (``20,000,000,000``, from ``f"{n:,}"``; a user's value is echoed without groups) takes the
#: French narrow no-break space (``20 000 000 000``, as :mod:`fleeodds.report.format` writes it).
_ADV_RULES: list[tuple[str, Any]] = [
    # a list of allowed values with an unquoted one ("l'une des valeurs 10 or 'none'")
    (r"(l'une des valeurs [^;]*?) or ", r"\1 ou "),
    (r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w]|[.,]\d)", lambda m: m.group(0).replace(",", "\u202f")),
]
# -- end of the adversary fixes (numbers and words left in English) ---------------------------------
#: What is never translated: quoted text (the user's values and names) and `commands`.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)|\"[^\"]*\"|`[^`]*`")  # not an apostrophe (the unit's)
_TOKEN = re.compile(r"Q(\d+)Q")


#: Placeholder of a formatted part (a value, a name, a number) in a phrase table.
PLACEHOLDER = "§"
#: The quoted parts of the message being rewritten (a phrase's quoted value matches only itself).
_KEPT: contextvars.ContextVar[list[str]] = contextvars.ContextVar("fleeodds_kept", default=[])
_SLOT = re.compile(PLACEHOLDER + "|" + _QUOTED.pattern)


def compile_phrases(table: dict[str, str]) -> list[tuple[re.Pattern, Any]]:
    """Regex rules from a phrase table ``{English phrase: French phrase}``, longest phrase first.

    In a phrase, ``§`` stands for a formatted part (a value, a name, a number) and a quoted
    value (``'none'``) for itself; the French phrase holds the same slots in the same order,
    which take what the message had there.

    >>> rules = compile_phrases({"at most § cells": "au plus § cases"})
    >>> rules[0][0].sub(rules[0][1], "at most 2,000 cells")
    'au plus 2,000 cases'
    """
    out = []
    for en, fr in sorted(table.items(), key=lambda kv: -len(kv[0])):
        pieces, literals, pos = [], [], 0
        for m in _SLOT.finditer(en):
            pieces.append(re.escape(en[pos:m.start()]))
            pieces.append(r"(.+?)" if m.group(0) == PLACEHOLDER else r"(Q\d+Q)")
            literals.append(None if PLACEHOLDER in m.group(0) else m.group(0))  # '§': any quoted value
            pos = m.end()
        pieces.append(re.escape(en[pos:]))
        if pieces[-1] == "" and pieces[-2] == r"(.+?)":
            pieces[-2] = r"([^\s;,)]+)"  # a formatted part that ends the phrase: one word
        head = r"(?<!\w)" if en[:1].isalnum() else ""
        parts, pos = [], 0
        for m in _SLOT.finditer(fr):
            parts.append(fr[pos:m.start()])
            parts.append(None)
            pos = m.end()
        parts.append(fr[pos:])

        def repl(m: re.Match, parts=parts, literals=literals) -> str:
            kept = _KEPT.get()
            for lit, got in zip(literals, m.groups()):  # a quoted value of the phrase matches only itself
                if lit is not None and kept[int(got[1:-1])] != lit:
                    return m.group(0)
            slots = iter(m.groups())
            return "".join(next(slots, "") if p is None else p for p in parts)

        out.append((re.compile(head + "".join(pieces)), repl))
    return out


#: The phrase table each rules system declares (``RulesSystem.messages_fr``), by system key, in the
#: order the systems were loaded. :mod:`fleeodds.system` pushes a table when it loads or registers a
#: system (:func:`add_system_phrases`): this module never imports the registry.
_SYSTEM_PHRASES: dict[str, dict[str, str]] = {}
#: The compiled rules of :data:`_SYSTEM_PHRASES` (None: to compile again).
_SYSTEM_RULES: list[tuple[re.Pattern, Any]] | None = None
#: Called once, before the first French rendering, to load every known system (and so push its phrases):
#: an error of a system loaded lazily may be rendered before that system was asked for. Set by
#: :mod:`fleeodds.system` (:func:`set_system_loader`).
_LOAD_SYSTEMS: Callable[[], None] | None = None
#: The web page renders errors in several threads: one loads the systems while the others wait
#: (re-entrant: a French rendering during the loading goes on without it), and the table is never
#: read while a system pushes its phrases. Two locks: a system imported in another thread can push
#: its phrases while the loading thread waits for that import.
_LOAD_LOCK = threading.RLock()
_TABLE_LOCK = threading.Lock()
_LOADING = False


def add_system_phrases(key: str, phrases: dict[str, str]) -> None:
    """Use the phrase table of rules system ``key`` (replacing an earlier one of that key)."""
    global _SYSTEM_RULES
    with _TABLE_LOCK:
        _SYSTEM_PHRASES.pop(key, None)
        _SYSTEM_PHRASES[key] = dict(phrases)
        _SYSTEM_RULES = None


def drop_system_phrases(key: str) -> None:
    """Stop using the phrase table of rules system ``key`` (an unregistered system)."""
    global _SYSTEM_RULES
    with _TABLE_LOCK:
        if _SYSTEM_PHRASES.pop(key, None) is not None:
            _SYSTEM_RULES = None


def set_system_loader(load: Callable[[], None]) -> None:
    """Install the function that loads every known system before the first French rendering."""
    global _LOAD_SYSTEMS
    with _LOAD_LOCK:
        _LOAD_SYSTEMS = load


def system_rules() -> list[tuple[re.Pattern, Any]]:
    """The phrase rules every known rules system declares (``RulesSystem.messages_fr``)."""
    global _LOAD_SYSTEMS, _LOADING, _SYSTEM_RULES
    if _LOAD_SYSTEMS is not None:
        with _LOAD_LOCK:
            if _LOAD_SYSTEMS is not None and not _LOADING:
                _LOADING = True
                try:
                    _LOAD_SYSTEMS()  # pushes each system's table through add_system_phrases
                finally:
                    _LOADING, _LOAD_SYSTEMS = False, None
    with _TABLE_LOCK:
        if _SYSTEM_RULES is None:
            table: dict[str, str] = {}
            for phrases in _SYSTEM_PHRASES.values():
                table.update(phrases)
            _SYSTEM_RULES = compile_phrases(table)
        return _SYSTEM_RULES


def to_french(message: str) -> str:
    """The French wording of an English error message; quoted values and names are kept as written.

    A phrase without a French wording stays in English; the completeness test
    (``tests/front/test_french_error_reasons.py``) fails on it.

    >>> to_french("fleeing.leadership: 13 is not allowed; expected a number from 0 to 10")
    "fleeing.leadership: 13 n'est pas admis ; attendu : un nombre de 0 à 10"
    >>> to_french("edition: '4e' is not allowed; expected one of '3.5', 'pf1'")
    "edition: '4e' n'est pas admis ; attendu : l'une des valeurs '3.5', 'pf1'"
    """
    return _rewrite(message, [*system_rules(), *_core_rules()])


@functools.cache
def _core_rules() -> list[tuple[re.Pattern, Any]]:
    """The core's phrases then the frames, compiled on the first French rendering: importing this module
    (as :mod:`fleeodds.system` does, to push each system's phrases) compiles nothing."""
    return [*compile_phrases(_ADV_PHRASE_TABLE), *compile_phrases(PHRASES),
            *[(re.compile(p), r) for p, r in _RULES], *[(re.compile(p), r) for p, r in _ADV_RULES]]


def _rewrite(message: str, rules: list[tuple[re.Pattern, Any]]) -> str:
    """``message`` with ``rules`` applied in order, its quoted parts (values, names, commands) kept."""
    kept: list[str] = []
    token = _KEPT.set(kept)

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"Q{len(kept) - 1}Q"

    try:
        out = _QUOTED.sub(keep, message)
        for pattern, repl in rules:
            out = pattern.sub(repl, out)
        return _TOKEN.sub(lambda m: kept[int(m.group(1))], out)
    finally:
        _KEPT.reset(token)


#: click's own usage messages (a bad option or argument on the command line), in French.
_CLICK_RULES: list[tuple[str, str]] = [
    (r"^No such option (Q\d+Q)\.", r"option inconnue \1."),
    (r"^No such option: (\S+)", r"option inconnue : \1"),
    (r"\(Did you mean one of: (.*)\?\)", r"(vouliez-vous dire l'une de : \1 ?)"),
    (r"\(Did you mean (Q\d+Q)\?\)", r"(vouliez-vous dire \1 ?)"),
    (r"^Missing argument (Q\d+Q)\.", r"argument manquant \1."),
    (r"^Missing option (Q\d+Q)\.", r"option manquante \1."),
    (r"^Got unexpected extra arguments? \((.*)\)", r"argument(s) en trop (\1)"),
    (r"^No such command (Q\d+Q)\.", r"commande inconnue \1."),
    (r"^Invalid value for (.*?): (Q\d+Q) is not one of (.*)\.$", r"valeur invalide pour \1 : \2 n'est pas l'une de \3."),
    (r"^Invalid value for (.*?): (Q\d+Q) is not a valid integer range\.$",
     r"valeur invalide pour \1 : \2 n'est pas un entier admis."),
    (r"^Invalid value for (.*?): (Q\d+Q) is not a valid integer\.$", r"valeur invalide pour \1 : \2 n'est pas un entier."),
    (r"^Invalid value for (.*?): (Q\d+Q) is not a valid float( range)?\.$",
     r"valeur invalide pour \1 : \2 n'est pas un nombre admis."),
    (r"^Invalid value for (.*?): (\S+) is not in the range (.*)\.$", r"valeur invalide pour \1 : \2 n'est pas dans \3."),
    (r"^Invalid value for (.*?): (.*)$", r"valeur invalide pour \1 : \2"),
    (r"^Option (Q\d+Q) requires an argument\.", r"l'option \1 demande une valeur."),
    (r"^Option (Q\d+Q) does not take a value\.", r"l'option \1 ne prend pas de valeur."),
    (r"\bdoes not exist\b", "n'existe pas"),
    (r"\bis a directory\b", "est un dossier"),
    (r"\bFile\b", "le fichier"),
    (r"\bPath\b", "le chemin"),
    (r"\bis not\b", "n'est pas"),
    (r" or ", " ou "),
]
# -- adversary fixes (command-line checks): the project's own click messages ------------------------
#: Tried before :data:`_CLICK_RULES`: the checks of :mod:`fleeodds.cli_types`, click's path checks and
#: an option with a short name (``'--vary' / '-v'``).
_CLICK_RULES_ADV: list[tuple[str, str]] = [
    (r"^Missing option (Q\d+Q(?: / Q\d+Q)+)\.", r"option manquante \1."),
    (r"^Missing argument (Q\d+Q(?: / Q\d+Q)+)\.", r"argument manquant \1."),
    (r"(Q\d+Q) is not allowed; expected a file name ending in (\S+) or (\S+)$",
     r"\1 n'est pas admis ; attendu : un nom de fichier qui finit par \2 ou \3"),
    (r"(Q\d+Q) is a folder; expected a file name$", r"\1 est un dossier ; attendu : un nom de fichier"),
    (r"(Q\d+Q): the folder (Q\d+Q) does not exist$", r"\1 : le dossier \2 n'existe pas"),
    (r"\bDirectory (Q\d+Q) does not exist\.", r"le dossier \1 n'existe pas."),
    (r"\bDirectory (Q\d+Q) is a file\.", r"\1 est un fichier, pas un dossier."),
    (r"\bFile (Q\d+Q) is a directory\.", r"\1 est un dossier, pas un fichier."),
    (r"\b(?:File|Directory|Path) (Q\d+Q) is not readable\.", r"\1 n'est pas lisible."),
    (r"\b(?:File|Directory|Path) (Q\d+Q) is not writable\.", r"on ne peut pas écrire dans \1."),
]
# -- end of the adversary fixes (command-line checks) ---------------------------------------------------


@functools.cache
def _click_rules() -> list[tuple[re.Pattern, Any]]:
    """Click's usage messages' rules, compiled on first use (an English command pays nothing for them)."""
    return [(re.compile(p), r) for p, r in [*_CLICK_RULES_ADV, *_CLICK_RULES]]


def click_to_french(message: str) -> str:
    """The French wording of one of click's usage messages (values and option names kept as written).

    >>> click_to_french("Missing argument 'SCENARIO'.")
    "argument manquant 'SCENARIO'."
    """
    out = _rewrite(message, _click_rules())
    return to_french(out) if out == message else out  # not one of click's: the project's own wording


#: The core's own reasons (files, dice, comparisons, sweeps, matrices, ranks, scaling, the web page),
#: ``{English phrase: French phrase}`` as in :func:`compile_phrases`; a rules system declares its own
#: in ``RulesSystem.messages_fr``.
PHRASES: dict[str, str] = {
    # (pydantic's error kinds, fleeodds.validation.CTX_WORDS: in the message catalogues now, locale/;
    # this one is also written as text by a system)
    "a value of the documented type": "une valeur du type documenté",
    # -- analysis files, API, command line ---------------------------------------------------
    "a string or a table { en = \"...\", fr = \"...\" }": "un texte ou une table { en = \"...\", fr = \"...\" }",
    "an analysis file (kind, scenario, title); this is a scenario file":
        "un fichier d'analyse (kind, scenario, title) ; celui-ci est un fichier de scénario",
    "one of the analysis keys §": "l'une des clés d'analyse §",
    "a [vary] table of field = values": "une table [vary] de champ = valeurs",
    "variants = true or [[setups]] with label and changes": "variants = true ou des [[setups]] avec label et changes",
    "a whole number >= 1": "un nombre entier >= 1",
    "an integer from 0 to 2**63 - 1": "un entier de 0 à 2**63 - 1",
    "'print' or 'screen'": "'print' ou 'screen'",
    "a § (required)": "un champ § (obligatoire)",
    "§ (required)": "§ (obligatoire)",
    "the name of an analysis file in §": "le nom d'un fichier d'analyse de §",
    "'lines' with one varied field": "'lines' avec un seul champ qui varie",
    "'lines' or 'heatmap'": "'lines' ou 'heatmap'",
    "a scenario with two or more [compare] setups": "un scénario avec deux configurations [compare] ou plus",
    "a table with label and changes": "une table avec label et changes",
    "one of the files listed by `fleeodds examples`": "l'un des fichiers listés par `fleeodds examples`",
    "a scenario from fleeodds.load_scenario (which takes a file name or a dict)":
        "un scénario de fleeodds.load_scenario (qui prend un nom de fichier ou un dict)",
    "a scenario from fleeodds.load_scenario": "un scénario de fleeodds.load_scenario",
    "counts from fleeodds.engine.simulate, or None": "des comptes de fleeodds.engine.simulate, ou None",
    "'mc' or 'both': this scenario has no exact solver§":
        "'mc' ou 'both' : ce scénario n'a pas de calcul exact§",
    "a .cat file, an Army or a list of unit profiles": "un fichier .cat, une Army ou une liste de profils d'unités",
    "§ already exists here; move it away or edit it": "§ existe déjà ici ; déplacez-le ou modifiez-le",
    "the web page needs the web extra (§ is missing); install it with: pip install \"fleeodds[web]\"":
        "la page web demande l'extra web (§ manque) ; installez-le avec : pip install \"fleeodds[web]\"",
    "cannot write §: §": "impossible d'écrire § : §",
    "a unit of the catalogue, a shipped profile (§, …) or FILE.toml[:NAME]":
        "une unité du catalogue, un profil fourni (§, …) ou FICHIER.toml[:NOM]",
    "FILE.toml:NAME with NAME one of §": "FICHIER.toml:NOM avec NOM parmi §",
    "--layout long is a tidy table for CSV or JSON; use --format csv or json":
        "--layout long est une table longue pour CSV ou JSON ; utilisez --format csv ou json",
    "an --out FILE.json to resume from (the JSON output keeps every cell)":
        "un --out FICHIER.json d'où reprendre (la sortie JSON garde chaque case)",
    "a writable file path (§)": "un chemin de fichier où l'on peut écrire (§)",
    "a writable file (§)": "un fichier où l'on peut écrire (§)",
    # -- comparisons ------------------------------------------------------------------------
    "at least two setups to compare": "au moins deux configurations à comparer",
    "setups of one rules system": "des configurations d'un même système de règles",
    "either a number of trials or a precision, not both": "un nombre de tirages ou une précision, pas les deux",
    "a table of setups, e.g. §": "une table de configurations, par ex. §",
    "a table of field.path = value changes": "une table de changements champ.chemin = valeur",
    "a French label (text)": "un nom en français (texte)",
    "at least one field.path = value change": "au moins un changement champ.chemin = valeur",
    # -- dice -------------------------------------------------------------------------------
    "§, with numbers of at most § digits (constants from -1,000,000 to 1,000,000)":
        "§, avec des nombres d'au plus § chiffres (constantes de -1,000,000 à 1,000,000)",
    "§, at most § characters": "§, au plus § caractères",
    "constants from -§ to §": "des constantes de -§ à §",
    "dice whose total spans at most § values (e.g. 64d100); § spans §":
        "des dés dont le total couvre au plus § valeurs (par ex. 64d100) ; § couvre §",
    "(max()/min() cannot be combined with kh/kl/dh/dl)": "(max()/min() ne se combinent pas avec kh/kl/dh/dl)",
    "(kh and kl need a number, e.g. 3d6kh2)": "(kh et kl demandent un nombre, par ex. 3d6kh2)",
    "keeping between 1 and § of §d§": "garder entre 1 et § des §d§",
    "dropping between 1 and § of §d§": "retirer entre 1 et § des §d§",
    "kept dice with at most § possible rolls (e.g. 5d6kh3); § has §":
        "des dés gardés avec au plus § jets possibles (par ex. 5d6kh3) ; § en a §",
    "kept dice with at most § possible rolls (e.g. 5d6kh3)":
        "des dés gardés avec au plus § jets possibles (par ex. 5d6kh3)",
    # -- engine, exact solver ---------------------------------------------------------------
    "one or more setups, each with its number of outcomes": "une configuration ou plus, chacune avec son nombre de résultats",
    "transition probabilities of state § sum to §, not 1":
        "les probabilités de transition de l'état § ont pour somme §, pas 1",
    "fraction mode on a cyclic chain is limited to § states; this one has §: use mode='float'":
        "le mode fraction sur une chaîne avec cycles est limité à § états ; celle-ci en a § : utilisez mode='float'",
    "chain has more than § states; reduce max_turns or distances":
        "la chaîne a plus de § états ; réduisez max_turns ou les distances",
    # -- files ------------------------------------------------------------------------------
    "a file name": "un nom de fichier",
    "nested more than § levels deep": "imbriqué sur plus de § niveaux",
    "bad catalogue: §: §": "catalogue invalide : § : §",
    "the name of a unit imported from §": "le nom d'une unité importée de §",
    "a BattleScribe XML file (.cat/.gst); the file is empty": "un fichier XML BattleScribe (.cat/.gst) ; le fichier est vide",
    "a BattleScribe XML file (.cat/.gst); XML error: §": "un fichier XML BattleScribe (.cat/.gst) ; erreur XML : §",
    "a BattleScribe file whose root element has its id and name attributes (this one has none)":
        "un fichier BattleScribe dont l'élément racine a ses attributs id et name (celui-ci n'en a pas)",
    "a BattleScribe file whose root element is <§> (found <§>)":
        "un fichier BattleScribe dont l'élément racine est <§> (trouvé : <§>)",
    "a BattleScribe catalogue with unit entries (selectionEntry/entry of type 'unit' or 'model'); none found":
        "un catalogue BattleScribe avec des entrées d'unités (selectionEntry/entry de type 'unit' ou 'model') ; "
        "aucune trouvée",
    "a BattleScribe catalogue with unit entries (selectionEntry/entry of type 'unit' or 'model'); none is listed "
    "at its root":
        "un catalogue BattleScribe avec des entrées d'unités (selectionEntry/entry de type 'unit' ou 'model') ; "
        "aucune n'est listée à sa racine",
    "a list of § or 'all'": "une liste de § ou 'all'",
    "kinds some unit of the catalogue has: §": "des genres qu'a au moins une unité du catalogue : §",
    "a BattleScribe catalogue with §; none of its § unit entries has one":
        "un catalogue BattleScribe avec §; aucune de ses § entrées d'unités n'en a",
    "more than § MiB of XML once unzipped": "plus de § Mio de XML une fois décompressé",
    "a DTD (<!DOCTYPE …>) is not allowed: BattleScribe files declare no entities":
        "une DTD (<!DOCTYPE …>) n'est pas admise : les fichiers BattleScribe ne déclarent aucune entité",
    "a zipped BattleScribe file holding exactly one .cat/.gst":
        "un fichier BattleScribe compressé qui contient exactement un .cat/.gst",
    "the zipped member § is encrypted": "le membre compressé § est chiffré",
    "corrupt zip archive (§)": "archive zip corrompue (§)",
    "unsupported zip compression (§)": "compression zip non prise en charge (§)",
    "unreadable zipped member (§)": "membre compressé illisible (§)",
    "unknown character encoding (§)": "encodage de caractères inconnu (§)",
    "unreadable text (§)": "texte illisible (§)",
    "a readable BattleScribe file (§)": "un fichier BattleScribe lisible (§)",
    "cannot write the profiles: §": "impossible d'écrire les profils : §",
    "corrupt compressed data (§)": "données compressées corrompues (§)",
    "elements nested more than § levels deep": "des éléments imbriqués sur plus de § niveaux",
    "a BattleScribe .cat, .catz or .gst file": "un fichier BattleScribe .cat, .catz ou .gst",
    # -- matrices and ranks -----------------------------------------------------------------
    "a catalogue with at least one unit § can use; none of its § unit entries could be imported":
        "un catalogue avec au moins une unité que § peut utiliser ; aucune de ses § entrées d'unités n'a pu être "
        "importée",
    "a range LOW..HIGH with 0 <= LOW <= HIGH": "un intervalle BAS..HAUT avec 0 <= BAS <= HAUT",
    "no unit types: this rules system's units have none":
        "aucun type d'unité : les unités de ce système de règles n'en ont pas",
    "a comma-separated list of unit types, e.g. infantry,cavalry":
        "une liste de types d'unités séparés par des virgules, par ex. infantry,cavalry",
    "a filter that keeps at least one unit of § (§ keeps none)":
        "un filtre qui garde au moins une unité de § (§ n'en garde aucune)",
    "an Army (fleeodds.matrix.load_army or Army(name, profiles))":
        "une Army (fleeodds.matrix.load_army ou Army(name, profiles))",
    "a scenario of a rules system with two roles": "un scénario d'un système de règles à deux rôles",
    "a whole number of at least 1": "un nombre entier d'au moins 1",
    "no comparison setups in a matrix's scenario (each cell evaluates the scenario as it is): remove [compare], "
    "or write one scenario per setup":
        "aucune configuration comparée dans le scénario d'une matrice (chaque case évalue le scénario tel quel) : "
        "retirez [compare], ou écrivez un scénario par configuration",
    "no points range: neither § nor § gives points costs":
        "pas d'intervalle de points : ni § ni § ne donne de coûts en points",
    "at most § cells (filter the units by type or points)": "au plus § cases (filtrez les unités par type ou par points)",
    "a matrix written by an earlier run (Matrix.from_dict)": "une matrice écrite par un calcul précédent (Matrix.from_dict)",
    "the output of a run of the same scenario, method, trials and seed (this file is of another run; write to "
    "another file)":
        "la sortie d'un calcul du même scénario, avec la même méthode, les mêmes tirages et la même graine (ce "
        "fichier vient d'un autre calcul ; écrivez dans un autre fichier)",
    "a list of unit profile tables": "une liste de tables de profils d'unités",
    "unit profiles that each have a name": "des profils d'unités qui ont chacun un nom",
    "distinct unit names within an army": "des noms d'unités distincts dans une armée",
    "a points range LOW..HIGH such as 50..250 (either end may be left out: 100.. or ..300)":
        "un intervalle de points BAS..HAUT comme 50..250 (un des bouts peut manquer : 100.. ou ..300)",
    "a unit type of at least one unit of § (no unit is of that type; the filter would change nothing)":
        "un type d'unité d'au moins une unité de § (aucune unité n'est de ce type ; le filtre ne changerait rien)",
    "a JSON file written by fleeodds matrix (§, line §)": "un fichier JSON écrit par fleeodds matrix (§, ligne §)",
    "a JSON file written by fleeodds matrix --out FILE.json (this one is damaged)":
        "un fichier JSON écrit par fleeodds matrix --out FICHIER.json (celui-ci est abîmé)",
    "a JSON file written by fleeodds matrix --out FILE.json":
        "un fichier JSON écrit par fleeodds matrix --out FICHIER.json",
    "a scenario of a rules system with list building (this rules system has no list building)":
        "un scénario d'un système de règles avec composition d'armée (ce système de règles n'en a pas)",
    "a scenario of a rules system with list building": "un scénario d'un système de règles avec composition d'armée",
    "at least one unit profile": "au moins un profil d'unité",
    "no vs unit: this rules system has no single other role":
        "pas d'unité vs : ce système de règles n'a pas un seul autre rôle",
    # -- charts, tables ---------------------------------------------------------------------
    "a file name ending in .png or .svg": "un nom de fichier qui finit par .png ou .svg",
    "one varied field for a line chart (two for a heatmap)":
        "un seul champ qui varie pour un graphique en lignes (deux pour une carte de chaleur)",
    "one outcome code when two fields were varied (one line per value of the second field)":
        "un seul code de résultat quand deux champs varient (une ligne par valeur du second champ)",
    "a scenario with a numeric result (distance, damage, turn)":
        "un scénario à résultat numérique (distance, dégâts, tour)",
    "a matrix with at least one row and one column": "une matrice d'au moins une ligne et une colonne",
    "one value per unit (§)": "une valeur par unité (§)",
    "two varied fields for a grid": "deux champs qui varient pour une grille",
    "one of 'wide', 'cells' (or 'long' as CSV or JSON)": "l'une des valeurs 'wide', 'cells' (ou 'long' en CSV ou JSON)",
    # -- scaling ----------------------------------------------------------------------------
    "either --workers (a local cluster) or --scheduler (an existing one), not both":
        "--workers (une grappe locale) ou --scheduler (une grappe existante), pas les deux",
    "a whole number of worker processes, at least 1": "un nombre entier de processus de calcul, au moins 1",
    "the address of a Dask scheduler, e.g. tcp://10.0.0.5:8786":
        "l'adresse d'un ordonnanceur Dask, par ex. tcp://10.0.0.5:8786",
    "distinct job keys": "des clés de tâches distinctes",
    "no value: Dask is not installed (pip install 'dask[distributed]')":
        "aucune valeur : Dask n'est pas installé (pip install 'dask[distributed]')",
    # -- sweeps -----------------------------------------------------------------------------
    "a range of integers like 5..10 or 0..20..5 (low..high[..step], both ends included), or a comma-separated "
    "list like 2d6,3d6":
        "une plage d'entiers comme 5..10 ou 0..20..5 (bas..haut[..pas], bornes comprises), ou une liste séparée "
        "par des virgules comme 2d6,3d6",
    "a comma-separated list without empty items, like 2d6,3d6":
        "une liste séparée par des virgules sans élément vide, comme 2d6,3d6",
    "a list of distinct values": "une liste de valeurs distinctes",
    "FIELD=VALUES, e.g. fleeing.leadership=5..10 or edition=6th,7th,8th":
        "CHAMP=VALEURS, par ex. fleeing.leadership=5..10 ou edition=6th,7th,8th",
    "a dotted field name before '=', e.g. fleeing.leadership":
        "un nom de champ à points avant '=', par ex. fleeing.leadership",
    "at least one FIELD=VALUES": "au moins un CHAMP=VALEURS",
    "each field varied once": "chaque champ une seule fois",
    "at most § cells in all (the product of the value counts and setups)":
        "au plus § cases en tout (le produit des nombres de valeurs et de configurations)",
    "at most § cells in all (the product of the value counts)":
        "au plus § cases en tout (le produit des nombres de valeurs)",
    "a range low..high with low <= high and a step of at least 1":
        "une plage bas..haut avec bas <= haut et un pas d'au moins 1",
    "a range of at most § values": "une plage d'au plus § valeurs",
    "dotted field names such as fleeing.leadership": "des noms de champs à points comme fleeing.leadership",
    "at most § values": "au plus § valeurs",
    "at least one value": "au moins une valeur",
    "fields that the setup § does not set too (it sets §); vary every field the setups set, or other fields":
        "des champs que la configuration § ne fixe pas aussi (elle fixe §) ; faites varier tous les champs que "
        "les configurations fixent, ou d'autres champs",
    "field names other than 'setup' for a scenario with setups":
        "des noms de champs autres que 'setup' pour un scénario avec des configurations",
    # -- the input policy (docs/inputs.md) ----------------------------------------------------
    "; write § without quotes": " ; écrivez § sans guillemets",
    "write § without quotes": "écrivez § sans guillemets",
    "a list of distinct values (a label and its code are one value)":
        "une liste de valeurs distinctes (un nom et son code sont une même valeur)",
    "at § (it matters at the other points)": "en § (il compte aux autres points)",
    # -- dotted paths -----------------------------------------------------------------------
    "a dotted field path without empty parts, e.g. enemies.0.damage":
        "un chemin de champ à points sans partie vide, par ex. enemies.0.damage",
    "an index from 0 to § after § (a list)": "un indice de 0 à § après § (une liste)",
    "a field inside a table, but § is the value §": "un champ dans une table, mais § a la valeur §",
    "an existing field of the scenario": "un champ existant du scénario",
    "an index from 0 to § after the scenario (a list)": "un indice de 0 à § après le scénario (une liste)",
    "§ is not one of §.": "§ n'est pas l'une des valeurs §.",
    "the address of a running Dask scheduler (tcp://HOST:8786); none answered within § s (§)":
        "l'adresse d'un ordonnanceur Dask en marche (tcp://HÔTE:8786) ; aucun n'a répondu en § s (§)",
    "the address of a running Dask scheduler (tcp://HOST:8786); none answered§ (§)":
        "l'adresse d'un ordonnanceur Dask en marche (tcp://HÔTE:8786) ; aucun n'a répondu§ (§)",
    "'mc' or 'both': a setup has no exact solver": "'mc' ou 'both' : une configuration n'a pas de calcul exact",
    "changes that differ from those of setup § (they are the same)":
        "des changements différents de ceux de la configuration § (ce sont les mêmes)",
    "at most § setups side by side": "au plus § configurations côte à côte",
    "a dotted path of at most § parts": "un chemin à points d'au plus § parties",
    "a UTF-8 text file (byte § is not UTF-8: save the file as UTF-8)":
        "un fichier texte UTF-8 (l'octet § n'est pas de l'UTF-8 : enregistrez le fichier en UTF-8)",
    "a file of at most § MiB": "un fichier d'au plus § Mio",
    "at most § dice terms": "au plus § termes de dés",
    "1 to § dice per term": "1 à § dés par terme",
    "dice with 1 to § sides": "des dés de 1 à § faces",
    "kept dice with at most § possible rolls": "des dés gardés avec au plus § jets possibles",
    # -- the web page -----------------------------------------------------------------------
    "trials for a scenario with [compare] setups on the web page":
        "des tirages pour un scénario avec des configurations [compare] sur la page web",
    "at most § runs at once; wait for one to finish": "au plus § calculs à la fois ; attendez qu'un calcul finisse",
    "a table of fields (a JSON object) with its system key":
        "une table de champs (un objet JSON) avec sa clé system",
    "an integer from 1 to § on the web page (more: use the command line)":
        "un entier de 1 à § sur la page web (au-delà : utilisez la ligne de commande)",
    "the id of a recent result (compute it again)": "l'identifiant d'un résultat récent (calculez-le de nouveau)",
    "a name listed by GET /api/examples": "un nom listé par GET /api/examples",
    "at least one setup: add one (a label and the fields it changes)":
        "au moins une configuration : ajoutez-en une (un nom et les champs qu'elle change)",
    "at most § setups on the web page": "au plus § configurations sur la page web",
    "one or two fields with their values, e.g. {\"fleeing.leadership\": \"5..10\"}":
        "un ou deux champs avec leurs valeurs, par ex. {\"fleeing.leadership\": \"5..10\"}",
    "at most § cells on the web page": "au plus § cases sur la page web",
    "at most § trials per cell for § cells on the web page": "au plus § tirages par case pour § cases sur la page web",
    "a unit profile (a JSON object)": "un profil d'unité (un objet JSON)",
    "a number from § to 0.5 on the web page (finer: use the command line)":
        "un nombre de § à 0,5 sur la page web (plus fin : utilisez la ligne de commande)",
    "values like '5..10', '2d6,3d6', or a JSON list": "des valeurs comme '5..10', '2d6,3d6', ou une liste JSON",
    "false: the question has no comparison setup": "false : la question n'a pas de configuration comparée",
    "one varied field (one line per setup)": "un seul champ qui varie (une ligne par configuration)",
    "one outcome to draw one line per setup": "un seul résultat pour tracer une ligne par configuration",
    "no file name: the web page reads and writes no file on the server; upload a BattleScribe catalogue or type "
    "the unit's fields instead":
        "aucun nom de fichier : la page web ne lit ni n'écrit aucun fichier sur le serveur ; envoyez un catalogue "
        "BattleScribe ou tapez plutôt les champs de l'unité",
    # -- the [decide] table (fleeodds.decisions, fleeodds.system) ---------------------------------
    "goal, choices and after_roll only": "seulement les clés decide.goal, decide.choices et decide.after_roll",
    "a list of the fields to choose, e.g. choices = [§]": "une liste des champs à choisir, par ex. choices = [§]",
    "a decision point of this scenario (§)": "un point de décision de ce scénario (§)",
    "none in this situation": "aucun dans cette situation",
    "none in this scenario": "aucun dans ce scénario",
    "a list of two or more of its values": "une liste d'au moins deux de ses valeurs",
    "an outcome goal: an option of this decision measures another metric (§)":
        "un objectif de résultat : une option de cette décision mesure une autre grandeur (§)",
    "each value once": "chaque valeur une seule fois",
    "each field once": "chaque champ une seule fois",
    "at most § combinations": "au plus § combinaisons",
    "§ combinations": "§ combinaisons",
    "a list of the choices made after a roll (§)": "une liste des choix faits après un jet (§)",
    "a choice made after a roll in this scenario (§)": "un choix fait après un jet dans ce scénario (§)",
    "a goal such as §, or a list of goals": "un objectif comme §, ou une liste d'objectifs",
    "min:<metric> or max:<metric> with this scenario's metric (none here)":
        "min:<mesure> ou max:<mesure> avec la mesure de ce scénario (aucune ici)",
    "min:<metric> or max:<metric> with this scenario's metric (§)":
        "min:<mesure> ou max:<mesure> avec la mesure de ce scénario (§)",
    "a goal that one of this scenario's outcomes meets (its outcomes: §)":
        "un objectif qu'atteint l'un des résultats de ce scénario (ses résultats : §)",
    "an outcome or named goal of this scenario (§), not_<one of them>, or min:/max:<metric>":
        "un résultat ou un objectif nommé de ce scénario (§), not_<l'un d'eux>, ou min:/max:<mesure>",
    "each goal once": "chaque objectif une seule fois",
    "a [decide] table in the scenario: goal = § and choices = [§]":
        "une table [decide] dans le scénario : goal = § et choices = [§]",
    "a [decide] table: goal = § and choices = [§, …]": "une table [decide] : goal = § et choices = [§, …]",
    "'mc' or 'both': an option of this decision has no exact solver":
        "'mc' ou 'both' : une option de cette décision n'a pas de calcul exact",
    "a scenario with an exact solver (a policy after a roll is found on the exact distribution)":
        "un scénario avec un calcul exact (la stratégie après un jet se déduit de la distribution exacte)",
    "two or more values to sweep": "au moins deux valeurs à parcourir",
    "a field that is not one of the [decide] choices (they are all compared at every point already)":
        "un champ qui ne fait pas partie des choix de [decide] (ils sont déjà tous comparés en chaque point)",
    # -- evaluation: rule sources ------------------------------------------------------------------
    "records with the text fields 'rule', 'edition' and 'source'":
        "des enregistrements avec les champs texte 'rule', 'edition' et 'source'",
    # -- catalogue bounds (importers) -----------------------------------------------------------
    "no DTD: BattleScribe files declare no entities": "pas de DTD : les fichiers BattleScribe ne déclarent aucune entité",
    "a smaller catalogue": "un catalogue plus petit",
    # what the catalogue was, shown as the value
    "more than § XML elements": "plus de § éléments XML",
    "§ bytes of XML": "§ octets de XML",
    "a zipped file of more than § MiB once unzipped": "un fichier compressé de plus de § Mio une fois décompressé",
    "a zipped file of § bytes once unzipped": "un fichier compressé de § octets une fois décompressé",
    "a file that takes more than § s to read": "un fichier qui prend plus de § s à lire",
    "a corrupt or unreadable zip archive": "une archive zip corrompue ou illisible",
    "a DTD (<!DOCTYPE …>)": "une DTD (<!DOCTYPE …>)",
    "at most § MiB of XML once unzipped": "au plus § Mio de XML une fois décompressé",
    "at most § MiB of XML": "au plus § Mio de XML",
    "a readable .catz/.gstz file (§)": "un fichier .catz/.gstz lisible (§)",
    "at most § elements (a real catalogue holds about §)": "au plus § éléments (un vrai catalogue en contient environ §)",
    # -- the web server's options (web.guard, web.server) --------------------------------------
    "an address like https://odds.example.org/ (http or https, a host name, an optional path; no query, "
    "fragment or user name)":
        "une adresse comme https://odds.example.org/ (http://… ou https://…, un nom d'hôte, un chemin facultatif ; "
        "ni requête, ni ancre (#…), ni nom d'utilisateur)",
    "§ is not allowed without --public; expected a loopback address (127.0.0.1, localhost, ::1). Listening on § "
    "opens §: anyone who can reach it can use the page and this machine's CPU (fleeodds has no login). Add "
    "--public (and --base-url https://… when a reverse proxy serves it) to host the page for others":
        "§ n'est pas admis sans --public ; attendu : une adresse de bouclage (127.0.0.1, localhost, ::1). "
        "Écouter sur § ouvre § : quiconque peut l'atteindre peut utiliser la page et le processeur de cet "
        "ordinateur (fleeodds n'a pas d'identification). Ajoutez --public (et --base-url https://… quand la page est "
        "servie derrière un serveur mandataire inverse) pour héberger la page pour d'autres personnes",
    "every network interface of this machine": "toutes les interfaces réseau de cet ordinateur",
    "ouvre the address §": "ouvre l'adresse §",  # what the long phrase above opened, a host
    "needs --public (a base URL is the address of a hosted page)":
        "demande --public (une adresse de base est celle d'une page hébergée)",
    "--workers: § is not allowed; expected an integer from 1": "--workers: § n'est pas admis ; attendu : un entier à partir de 1",
    "cannot listen on § (another server already uses the port, or the address is not this machine's); choose "
    "another with --port":
        "impossible d'écouter sur § (un autre serveur utilise déjà ce port, ou l'adresse n'est pas celle de cet "
        "ordinateur) ; choisissez-en un autre avec --port",
}


# -- adversary fixes (comparison setups that compare nothing) -----------------------------------------
#: Tried before :data:`PHRASES` (a longer phrase than one of its own).
_ADV_PHRASE_TABLE = {
    "at least two setups to compare (one setup alone compares nothing: write its changes in the scenario "
    "itself, or add a second setup)":
        "au moins deux configurations à comparer (une configuration seule n'est comparée à rien : écrivez ses "
        "changements dans le scénario lui-même, ou ajoutez une deuxième configuration)",
    "(an empty list compares nothing)": "(une liste vide ne donne aucune configuration à comparer)",
}
# -- end of the adversary fixes (comparison setups that compare nothing) ------------------------------
