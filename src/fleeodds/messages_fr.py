"""French wording of the error messages (``fleeodds … --lang fr``).

Every error is raised with an English message built from a few frames ("F: V is
not allowed; expected A", "F: V has no effect C; remove it", "unknown option") and
from recurring phrases of what is allowed ("a number from 0 to 10", "one of …").
:func:`to_french` rewrites the frames and those phrases; field paths, values and
the names written in a file stay as they are. The rules are ordered: longer,
more specific phrases first.
"""

from __future__ import annotations

import re

#: (pattern, French replacement), applied in this order to the whole message.
_RULES: list[tuple[str, str]] = [
    # -- frames -----------------------------------------------------------------------------
    (r"unknown option (Q\d+Q); check the spelling; expected one of the documented fields: ",
     r"option inconnue \1 ; vérifiez l'orthographe ; champs documentés : "),
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
    (r"\bnested more than (\d+) levels deep", r"imbriqué sur plus de \1 niveaux"),
    (r"\bcannot write\b", "impossible d'écrire"),
    (r"\balready exists here; move it away or edit it", "existe déjà ici ; déplacez-le ou modifiez-le"),
    (r"\bthis scenario needs\b", "ce scénario demande"),
    (r"\bwithout a profile\b", "sans profile"),
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
    (r"a list of \[\[enemies\]\] tables, in the order the runner leaves them \(at least one threatening "
     r"enemy, at most (\d+) tables\)",
     r"une liste de tables [[enemies]], dans l'ordre où le personnage les quitte (au moins un ennemi qui "
     r"menace, au plus \1 tables)"),
    (r"a finite number of toises \(no nan, inf or true\)", "un nombre fini de toises (ni nan, ni inf, ni true)"),
    (r"a number from (\S+) to (\S+)", r"un nombre de \1 à \2"),
    (r"an integer from (\S+) to (\S+)", r"un entier de \1 à \2"),
    (r"a negative integer from (\S+) to (\S+)", r"un entier négatif de \1 à \2"),
    (r"an integer >= (\S+)", r"un entier >= \1"),
    (r"a multiple of 5 feet from (\d+) to (\d+)", r"un multiple de 5 pieds de \1 à \2"),
    (r"an index from (\d+) to (\d+)", r"un indice de \1 à \2"),
    (r"an enemy index from (\d+) to (\d+)", r"un indice d'ennemi de \1 à \2"),
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
    (r"a profile that is a table of fighter fields", "un profil qui est une table de champs de combattant"),
    (r"a table of fighter fields \(or profile = (Q\d+Q)\)", r"une table de champs de combattant (ou profile = \1)"),
    (r"\(the runner's current hit points, up to (\d+)\)", r"(les points de vie actuels du personnage, jusqu'à \1)"),
    (r"\bone of the documented fields\b", "l'un des champs documentés"),
    (r"attendu : one of\b", "attendu : l'une des valeurs"),
    (r"\bthe scenario's French title\b", "le titre français du scénario"),
    (r"\beach entry once\b", "chaque entrée une seule fois"),
    (r"\bat least two different modes \(or omit the field\)", "au moins deux modes différents (ou omettez le champ)"),
    (r"\bfor edition\b", "pour l'édition"),
    (r"\bor the integer\b", "ou l'entier"),
    (r"\bwith N from (\d+) to (\d+)", r"avec N de \1 à \2"),
    (r"\(no profiles\)", "(aucun profil)"),
    # -- contexts of "has no effect" / "not modelled" ---------------------------------------
    (r"\bin this Fuite\b", "dans cette Fuite"),
    (r"\bin this Attraction\b", "dans cette Attraction"),
    (r"\bin this passe\b", "dans cette passe d'armes"),
    (r"\bin a (Q\d+Q) scenario\b", r"dans un scénario \1"),
    (r"\bin an Attraction scenario\b", "dans un scénario d'Attraction"),
    (r"\bin a Fuite\b", "dans une Fuite"),
    # -- several pursuers, things in the way, placed Fuite ---------------------------------------
    (r"\beither one \[pursuer\] table or \[\[pursuers\]\] tables, not both",
     "une table [pursuer] ou des tables [[pursuers]], pas les deux"),
    (r"\bno \[\[pursuers\]\] in the (Q\d+Q) situation \(no other unit takes part\)",
     r"pas de [[pursuers]] dans la situation \1 (aucune autre unité n'y prend part)"),
    (r"\ban object that does not overlap the one before it \(which ends at (\S+)\"\)",
     r"un objet qui ne chevauche pas le précédent (qui finit à \1 ps)"),
    (r"\bless than table\.edge_distance \((\S+)\"\): an object must be on the table",
     r"moins que table.edge_distance (\1 ps) : un objet doit être sur la table"),
    (r"\bbeyond the farthest flee move \((\S+)\" with table\.max_turns = (\d+)\)",
     r"au-delà du plus long mouvement de fuite (\1 ps avec table.max_turns = \2)"),
    (r"\bit says where a flee move through things in the way stops, and there are no \[\[obstacles\]\]",
     "elle dit où s'arrête une fuite qui traverse un obstacle, et il n'y a pas de [[obstacles]]"),
    (r"\bwith \[\[pursuers\]\]; give one \[pursuer\] table, or leave the things in the way out",
     "avec [[pursuers]] ; donnez une seule table [pursuer], ou retirez les obstacles"),
    (r"\bthe failed-charge move of several chargers at once \(give one charger\)",
     "le mouvement de charge ratée de plusieurs unités à la fois (donnez une seule unité qui charge)"),
    (r"\bwith \[\[obstacles\]\]", "avec [[obstacles]]"),
    (r"\bx and y \(toises\): the other enemies are placed on the table",
     "x et y (toises) : les autres ennemis sont placés sur la table"),
    (r"\bit changes no fighter's fate here\b", "il ne change le sort d'aucun combattant ici"),
    (r"\bin this situation\b", "dans cette situation"),
    (r"\bin this scenario nor in its comparison setups\b", "dans ce scénario ni dans ses configurations comparées"),
    (r"\bin this scenario\b", "dans ce scénario"),
    (r"\(no result changes with it: exact distribution, attacks, damage\)",
     "(aucun résultat ne change avec lui : distribution exacte, attaques, dégâts)"),
    (r"\bit gives the same results as leaving it out\b", "il donne les mêmes résultats que sans lui"),
    (r"\(no result changes: exact distribution, attacks, damage\)",
     "(aucun résultat ne change : distribution exacte, attaques, dégâts)"),
    (r"\bin the (Q\d+Q) situation\b", r"dans la situation \1"),
    (r"\bin (6|7|8)th edition\b", r"en \1e édition"),
    (r"\b(6|7|8)th edition\b", r"\1e édition"),
    (r"\bin The Old World\b", "dans The Old World"),
    (r"\bin the starter rules\b", "dans les règles d'initiation"),
    (r"\bthe starter rules\b", "les règles d'initiation"),
    (r"\bwhen it is not above the unit's own Leadership\b", "quand il ne dépasse pas le Commandement de l'unité"),
    (r"\bflying flee, pursuit and charge moves\b", "les mouvements de fuite, de poursuite et de charge en vol"),
    (r"\bwhen the unit did not charge\b", "quand l'unité n'a pas chargé"),
    (r"\bwith charger = (Q\d+Q) \(nobody charged\)", r"avec charger = \1 (personne n'a chargé)"),
    (r"\bwithout fuite\.direction\b", "sans fuite.direction"),
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
_COMPILED = [(re.compile(p), r) for p, r in _RULES]
#: What is never translated: quoted text (the user's values and names) and `commands`.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
_TOKEN = re.compile(r"Q(\d+)Q")


def to_french(message: str) -> str:
    """The French wording of an English error message; quoted values and names are kept as written.

    Phrases without a French wording here stay in English (a system's own explanation of
    why an input changes nothing, say).

    >>> to_french("fleeing.leadership: 13 is not allowed; expected a number from 0 to 10")
    "fleeing.leadership: 13 n'est pas admis ; attendu : un nombre de 0 à 10"
    >>> to_french("edition: '4e' is not allowed; expected one of '3.5', 'pf1'")
    "edition: '4e' n'est pas admis ; attendu : l'une des valeurs '3.5', 'pf1'"
    """
    return _rewrite(message, _COMPILED)


def _rewrite(message: str, rules: list[tuple[re.Pattern, str]]) -> str:
    """``message`` with ``rules`` applied in order, its quoted parts (values, names, commands) kept."""
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"Q{len(kept) - 1}Q"

    out = _QUOTED.sub(keep, message)
    for pattern, repl in rules:
        out = pattern.sub(repl, out)
    return _TOKEN.sub(lambda m: kept[int(m.group(1))], out)


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
_CLICK_COMPILED = [(re.compile(p), r) for p, r in _CLICK_RULES]


def click_to_french(message: str) -> str:
    """The French wording of one of click's usage messages (values and option names kept as written).

    >>> click_to_french("Missing argument 'SCENARIO'.")
    "argument manquant 'SCENARIO'."
    """
    out = _rewrite(message, _CLICK_COMPILED)
    return to_french(out) if out == message else out  # not one of click's: the project's own wording
