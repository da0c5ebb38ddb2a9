"""French wording of the Hell Dorado reasons in error messages (``--lang fr``).

A phrase table read by :func:`fleeodds.messages_fr.to_french` through ``SYSTEM.messages_fr``
(``§`` for a formatted part; quoted values kept as written, in order), with the French
cards' and rules' own terms: Fuite, Attraction, passe d'armes, riposte, attaque sans riposte,
soutien, engagé, socle, toises, CBT, DEF, PV, MOU, Esquive, Ordre Repli, Assaut.
"""

from __future__ import annotations

PHRASES: dict[str, str] = {
    "a point away from the fleeing fighter's position (the flee move must go somewhere)":
        "un point éloigné de la position du fuyard (la Fuite doit le mener quelque part)",
    "Discrétion outside an Attraction zone: its rules text is not in the project's sources; only the ruling that "
    "an Attraction cancels it is modelled":
        "Discrétion hors d'une zone d'Attraction : son texte n'est pas dans les sources du projet ; seule la "
        "décision qu'une Attraction l'annule est modélisée",
    "Discrétion inside an Attraction zone: its rules text is not in the project's sources":
        "Discrétion dans une zone d'Attraction : son texte n'est pas dans les sources du projet",
    "orders that take an attracted fighter out of the zone":
        "les ordres qui font sortir de la zone un combattant attiré",
    "inside an Attraction zone: the Attraction cancels it (designer ruling, options.attraction_cancels_discretion)":
        "dans une zone d'Attraction : l'Attraction l'annule (décision des auteurs, "
        "options.attraction_cancels_discretion)",
    "one of Intangible, Blocage (Blocking), Insaisissable (Elusive), Arpenteur (Strider), Attraction x, Frappe "
    "rapide (Fast strike), Inoffensif (Harmless), Lémure (Lemure), Esquive X (Dodge X), Discrétion (Stealth); x/X a "
    "whole number, e.g. 'Attraction 6'":
        "l'une des capacités Intangible, Blocage, Insaisissable, Arpenteur, Attraction x, Frappe rapide, "
        "Inoffensif, Lémure, Esquive X, Discrétion ; x/X un nombre entier, par ex. 'Attraction 6'",
    "one of Mis au sol (Knocked down), Sonné (Stunned), Immobilisé (Immobilised), Blessé (Wounded), Empoisonné "
    "(Poisoned) [negative]; Rapide (Fast), Accéléré (Accelerated) [positive]":
        "l'un des états Mis au sol, Sonné, Immobilisé, Blessé, Empoisonné [négatifs] ; Rapide, Accéléré [positifs]",
    "(toises, r > 0, x0 < x1, y0 < y1)": "(toises, r > 0, x0 < x1, y0 < y1)",
    "{shape = 'disc', cx, cy, r} or {shape = 'rect', x0, y0, x1, y1}":
        "{shape = 'disc', cx, cy, r} ou {shape = 'rect', x0, y0, x1, y1}",
    "a table of options": "une table d'options",
    "a table of fighter fields (or profile = '<name>')": "une table de champs de combattant (ou profile = '<nom>')",
    "a table of fighter fields": "une table de champs de combattant",
    "at least one weapon {name, damage = [5 values]} for a fighter with attack dice":
        "au moins une arme {name, damage = [5 valeurs]} pour un combattant qui a des dés d'attaque",
    "at least one weapon {name, damage = [5 values]}": "au moins une arme {name, damage = [5 valeurs]}",
    "exactly 5 whole numbers from 0 to 30 (damage for 1, 2, 3, 4 and 5 hits)":
        "exactement 5 nombres entiers de 0 à 30 (les dégâts pour 1, 2, 3, 4 et 5 touches)",
    "DEF as a whole number from 1 to 6 (a die hits on a d6 >= DEF)":
        "la DEF, un nombre entier de 1 à 6 (un dé touche sur un d6 >= DEF)",
    "life points (PV) as a whole number from 1 to 100": "les points de vie (PV), un nombre entier de 1 à 100",
    "a base name (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, tres_grand/very_large = 60 mm) "
    "or a diameter in mm from 10 to 200":
        "un nom de socle (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, tres_grand/very_large = "
        "60 mm) ou un diamètre en mm de 10 à 200",
    "one of 0 or 'partial'": "0 ou 'partial'",
    "from 3 to 64 corners [x, y] (toises, from -1000000 to 1000000)":
        "de 3 à 64 sommets [x, y] (toises, de -1000000 à 1000000)",
    "a finite number of toises (no nan, inf or true)": "un nombre fini de toises (ni nan, ni inf, ni true)",
    "a profile = '<name>' or the fighter's fields (def, pv, cbt, weapons…): an empty fighter is not a default one":
        "un profile = '<nom>' ou les champs du combattant (def, pv, cbt, weapons…) : un combattant vide n'est "
        "pas un combattant par défaut",
    "'Esquive X' with X from 1 to 6 (the dodge succeeds on 1d6 <= X)":
        "'Esquive X' avec X de 1 à 6 (l'esquive réussit sur 1d6 <= X)",
    "each capacity once (§ is already §.capacities.§: a fighter has one value of it, e.g. one Esquive X)":
        "chaque capacité une seule fois (§ est déjà §.capacities.§ : un combattant n'en a qu'une valeur, par ex. "
        "une seule Esquive X)",
    "'§' without a number": "'§' sans nombre",
    "at most § state triggers": "au plus § déclencheurs d'état",
    "a [fleeing] table: the engaged fighter that flees": "une table [fleeing] : le combattant engagé qui fuit",
    "true or nothing: only an engaged fighter may flee (Fuite, rules digest §3)":
        "true ou rien : seul un combattant engagé peut fuir (Fuite, résumé des règles §3)",
    "in a Fuite (the fleeing fighter is engaged by definition)":
        "dans une Fuite (le combattant qui fuit est engagé par définition)",
    "a non-empty list of [[adversaries]] tables (every adversary in base contact)":
        "une liste non vide de tables [[adversaries]] (chaque adversaire au contact socle à socle)",
    "a non-empty list of [[adversaries]] tables": "une liste non vide de tables [[adversaries]]",
    "a non-empty list of [[attractors]] tables": "une liste non vide de tables [[attractors]]",
    "distinct names (adversaries and others)": "des noms distincts (adversaries et others)",
    "nothing unless the fleeing fighter is placed (fleeing.x and fleeing.y, and every adversary's x, y): the flee "
    "move starts from its position":
        "rien, sauf si le combattant qui fuit est placé (fleeing.x et fleeing.y, et x, y de chaque adversaire) : "
        "le mouvement de fuite part de sa position",
    "unless fuite.repli = true (Ordre Repli)": "sauf si fuite.repli = true (Ordre Repli)",
    "when fuite.attacker names the attacker": "quand fuite.attacker nomme l'attaquant",
    "true or nothing: the positions (fleeing.x, y and the x, y of the adversaries and others) leave room to flee "
    "(fuite.room must agree with them)":
        "true ou rien : les positions (fleeing.x, y et les x, y des adversaires et des autres) laissent la place de "
        "fuir (fuite.room doit s'accorder avec elles)",
    "false or nothing: the positions (fleeing.x, y and the x, y of the adversaries and others) leave no room to "
    "flee (fuite.room must agree with them)":
        "false ou rien : les positions (fleeing.x, y et les x, y des adversaires et des autres) ne laissent pas la "
        "place de fuir (fuite.room doit s'accorder avec elles)",
    "with fleeing.x, y (the room to flee is computed from the positions)":
        "avec fleeing.x, y (la place pour fuir se calcule d'après les positions)",
    "on the attacker of a passe (Esquive X answers an enemy that engages the fighter)":
        "sur l'attaquant d'une passe d'armes (Esquive X répond à un ennemi qui engage le combattant)",
    "unless passe.charge = true (Esquive X answers an enemy that engages the fighter)":
        "sauf si passe.charge = true (Esquive X répond à un ennemi qui engage le combattant)",
    "when the defender has CBT – (it cannot riposte)": "quand le défenseur a CBT – (il ne peut pas riposter)",
    "a weapon for the defender's riposte (or riposte = false)":
        "une arme pour la riposte du défenseur (ou riposte = false)",
    "with attraction.movement = 'assaut' (an Assaut moves MOU)":
        "avec attraction.movement = 'assaut' (un Assaut se déplace de MOU)",
    "when no fighter names one of its profiles (profile = '<key>'; it has §)":
        "quand aucun combattant ne nomme l'un de ses profils (profile = '<clé>' ; il contient §)",
    "at least one adversary in contact (only an engaged fighter may flee)":
        "au moins un adversaire au contact (seul un combattant engagé peut fuir)",
    "'kills' or 'hits'": "'kills' ou 'hits'",
    "a number of dice: a CBT – fighter cannot attack": "un nombre de dés : un combattant de CBT – ne peut pas attaquer",
    "at least 1 attack die in total (CBT + soutien + bonus)": "au moins 1 dé d'attaque en tout (CBT + soutien + bonus)",
    "a list containing 'Attraction x' for at least one attractor":
        "une liste qui contient 'Attraction x' pour au moins un attracteur",
    "at least one adversary": "au moins un adversaire",
    "terrain with adversaries placed at random: give fixed x, y positions":
        "le terrain avec des adversaires placés au hasard : donnez des positions x, y fixes",
    "with terrain or an ally in the way (the detours change with the order): use 'listed' or 'independent'":
        "avec du terrain ou un allié sur le chemin (les détours changent avec l'ordre) : utilisez 'listed' ou "
        "'independent'",
    "'mc': random positions": "'mc' : positions aléatoires",
    "zones with room for non-overlapping bases (1000 draws in a row overlapped)":
        "des zones assez grandes pour des socles qui ne se chevauchent pas (1000 tirages de suite se chevauchaient)",
    "true or nothing: every adversary listed is in base contact with the fleeing fighter":
        "true ou rien : chaque adversaire listé est au contact socle à socle du combattant qui fuit",
    "in a Fuite (every adversary listed is in base contact with the fleeing fighter)":
        "dans une Fuite (chaque adversaire listé est au contact socle à socle du combattant qui fuit)",
    "x and y for every adversary when the fleeing fighter is placed (each in base contact with it)":
        "x et y pour chaque adversaire quand le combattant qui fuit est placé (chacun à son contact socle à socle)",
    "nothing unless the fleeing fighter is placed (fleeing.x, y): the other enemies on the table only matter by "
    "their positions":
        "rien, sauf si le combattant qui fuit est placé (fleeing.x, y) : les autres ennemis sur la table ne "
        "comptent que par leurs positions",
    "x and y (toises): the other enemies are placed on the table":
        "x et y (toises) : les autres ennemis sont placés sur la table",
    "without fuite.direction (only a placed flee move ends somewhere an Attraction can pull the fighter back)":
        "sans fuite.direction (seule une fuite placée finit en un point d'où une Attraction peut ramener le "
        "combattant)",
    "a position out of contact with the fleeing fighter (centres more than § toises apart): an enemy in contact "
    "is one of the adversaries":
        "une position hors de contact du combattant qui fuit (centres à plus de § toises) : un ennemi au contact "
        "est l'un des adversaires",
    "an [§] table (a fighter)": "une table [§] (un combattant)",
    "only the sections of a '§' scenario: § (or another type)":
        "seulement les sections d'un scénario '§' : § (ou un autre type)",
    "a position x, y in toises, or a zone": "une position x, y en toises, ou une zone",
    "a position x, y in toises": "une position x, y en toises",
    "either x, y or a zone, not both": "x, y ou une zone, pas les deux",
    "at least 1 attack die for then_pass": "au moins 1 dé d'attaque pour then_pass",
    "a position whose base does not overlap §'s (§): bases may touch, not stand on each other":
        "une position dont le socle ne chevauche pas celui de § (§) : les socles peuvent se toucher, pas se "
        "superposer",
    "a position whose base does not overlap § (centres at least § toises apart)":
        "une position dont le socle ne chevauche pas § (centres à au moins § toises)",
    "fixed x, y positions for side-A fighters": "des positions x, y fixes pour les combattants du camp A",
    "corners of a polygon that does not cross itself (non-zero area)":
        "les sommets d'un polygone qui ne se croise pas (aire non nulle)",
    "a position whose base (§ toises in radius) is off impassable terrain terrain.§ (a fighter cannot stand inside "
    "it; it may touch its edge)":
        "une position dont le socle (§ toises de rayon) est hors du terrain infranchissable terrain.§ (un "
        "combattant ne peut pas s'y tenir ; il peut en toucher le bord)",
    "at most 256 corners in all the terrain pieces (the shortest paths are searched over every corner)":
        "au plus 256 sommets pour l'ensemble des éléments de décor (les chemins les plus courts passent par chaque "
        "sommet)",
    "a position whose base does not overlap § at (§, §): centres at least § toises apart":
        "une position dont le socle ne chevauche pas § en (§, §) : centres à au moins § toises",
    "a profile that is a table of fighter fields (profiles.§ is §)":
        "un profil qui est une table de champs de combattant (profiles.§ vaut §)",
    "a value: without a profile the scenario needs §": "une valeur : sans profil, le scénario demande §",
    "'§ x' with a whole number x from 1 to 50, e.g. '§ 6'":
        "'§ x' avec un nombre entier x de 1 à 50, par ex. '§ 6'",
    "unless room = false and options.no_room_move = 'partial'":
        "sauf si room = false et options.no_room_move = 'partial'",
    "a TOML file of [profiles.<key>] tables (your cards); it has § instead":
        "un fichier TOML de tables [profiles.<clé>] (vos cartes) ; il contient § à la place",
    "the name of the adversary making the attack (required with attacker_choice = 'user')":
        "le nom de l'adversaire qui fait l'attaque sans riposte (obligatoire avec attacker_choice = 'user')",
    "a position in base contact with the fleeing fighter (centres § toises apart; these are §)":
        "une position au contact socle à socle du combattant qui fuit (centres à § toises ; ici §)",
    "a label that is not also a fuite.compare setup's (§)":
        "un nom qui n'est pas aussi celui d'une configuration de fuite.compare (§)",
    "a list containing 'Attraction x' (e.g. 'Attraction 6')": "une liste qui contient 'Attraction x' (par ex. 'Attraction 6')",
    # -- why an input changes nothing (the `_refuse_given` contexts) ---------------------------
    "in a Fuite (Esquive X is not allowed to an engaged fighter, and a fleeing fighter is engaged)":
        "dans une Fuite (Esquive X est interdite à un combattant engagé, et un combattant qui fuit est engagé)",
    "on the fleeing fighter of a Fuite (it makes no attack; give both x and y to place it)":
        "sur le combattant qui fuit (il ne fait aucune attaque ; donnez x et y pour le placer)",
    "on the attacker of a passe (they only forbid the defender's Esquive X against a charge)":
        "sur l'attaquant d'une passe d'armes (ils n'interdisent que l'Esquive X du défenseur contre une charge)",
    "on a Fuite adversary: its soutien comes from the other adversaries listed (every adversary in contact with "
    "the fleeing fighter); list each supporter as an adversary":
        "sur un adversaire de la Fuite : son soutien vient des autres adversaires listés (chaque adversaire au "
        "contact du combattant qui fuit) ; listez chaque soutien comme un adversaire",
    "in a Fuite (a zone is for Attraction; x, y only with the fleeing fighter's x, y)":
        "dans une Fuite (une zone sert à l'Attraction ; x, y seulement avec x, y du combattant qui fuit)",
    "on a Fuite adversary (nobody engages it: the fleeing fighter moves away)":
        "sur un adversaire de la Fuite (personne ne l'engage : le combattant qui fuit s'éloigne)",
    "on another enemy of a Fuite (it makes no attack: only its base and its Attraction x count)":
        "sur un autre ennemi de la Fuite (il ne fait aucune attaque : seuls son socle et son Attraction x comptent)",
    "on another enemy of a Fuite (nobody engages it here)": "sur un autre ennemi de la Fuite (personne ne l'engage ici)",
    "in a passe (positions are for Attraction)": "dans une passe d'armes (les positions servent à l'Attraction)",
    "unless the defender has Esquive X and passe.charge = true (they only forbid the Esquive)":
        "sauf si le défenseur a Esquive X et passe.charge = true (ils n'interdisent que l'Esquive)",
    "when the defender does not riposte (riposte = false or CBT –)":
        "quand le défenseur ne riposte pas (riposte = false ou CBT –)",
    "on an Attraction adversary (it is the one that charges)": "sur un adversaire de l'Attraction (c'est lui qui charge)",
    "in an Attraction scenario (no soutien is rolled)": "dans un scénario d'Attraction (aucun soutien n'est lancé)",
    "Esquive X in an Attraction scenario (where the dodging fighter moves is its player's choice; use a passe with "
    "charge = true for the dodge itself)":
        "Esquive X dans un scénario d'Attraction (l'endroit où va le combattant qui esquive est au choix de son "
        "joueur ; utilisez une passe d'armes avec charge = true pour l'esquive elle-même)",
    "here: only the focus adversary's pass with then_pass = true rolls dice":
        "ici : seule la passe d'armes de l'adversaire suivi, avec then_pass = true, lance des dés",
    "here: only the passes of then_pass = true roll dice":
        "ici : seules les passes d'armes de then_pass = true lancent des dés",
    "a number of dice from -5 to 5 with hd_edition = 'cipher' and a Charge's pass (fuite.charge_pass): the Cipher "
    "Charge penalty's size is not in the project's sources":
        "un nombre de dés de -5 à 5 avec hd_edition = 'cipher' et la passe d'une Charge (fuite.charge_pass) : la "
        "taille de la pénalité de Charge de l'édition 'cipher' n'est pas dans les sources du projet",
    "a number of dice from -5 to 5 with hd_edition = 'cipher' and a pass after a Charge (attraction.then_pass): "
    "the Cipher Charge penalty's size is not in the project's sources":
        "un nombre de dés de -5 à 5 avec hd_edition = 'cipher' et une passe après une Charge "
        "(attraction.then_pass) : la taille de la pénalité de Charge de l'édition 'cipher' n'est pas dans les "
        "sources du projet",
    "with fuite.charge_pass and a fleeing fighter with Frappe rapide: its own strike would come first":
        "avec fuite.charge_pass et un combattant en fuite doté de Frappe rapide : son propre coup viendrait d'abord",
    "against the Charge that follows a Fuite (fuite.charge_pass): whether it is still available this phase, and "
    "where the fighter dodges, are not modelled":
        "contre la Charge qui suit une Fuite (fuite.charge_pass) : qu'elle reste utilisable, et "
        "l'endroit où le combattant esquive, ne sont pas modélisés",
    "without fuite.direction or fuite.destination (only a placed flee move ends somewhere an adversary can charge "
    "again)":
        "sans fuite.direction ni fuite.destination (seule une fuite placée finit en un point qu'une nouvelle "
        "Charge adverse peut atteindre)",
    "a whole number of dice from 0 to §, or '-' (CBT –)": "un nombre entier de dés de 0 à §, ou '-' (CBT –)",
    "in a '§' scenario without then_pass": "dans un scénario '§' sans then_pass",
    # -- contexts of "has no effect" ----------------------------------------------------------
    "in this Fuite": "dans cette Fuite",
    "in this Attraction": "dans cette Attraction",
    "in this passe": "dans cette passe d'armes",
    "in an Attraction scenario": "dans un scénario d'Attraction",
    "in a Fuite": "dans une Fuite",
    "it changes no fighter's fate here": "il ne change le sort d'aucun combattant ici",
    "without fuite.direction": "sans fuite.direction",
    "a table of fighter fields (or profile = '§')": "une table de champs de combattant (ou profile = '§')",
    "a profile that is a table of fighter fields": "un profil qui est une table de champs de combattant",
    # -- adversary fixes: why an option changes nothing here (checks.checked_fields' hints) ----------
    "no attacker has more than 5 dice, so none is capped or re-rolled past the 10th":
        "aucun attaquant n'a plus de 5 dés, donc aucun n'est plafonné ni relancé au-delà du 10e",
    "no attacker has more than 10 dice": "aucun attaquant n'a plus de 10 dés",
    "it only selects the defaults of dice_cap and overflow_auto_damage, which change nothing here":
        "elle ne choisit que les valeurs par défaut de dice_cap et overflow_auto_damage, qui ne changent rien ici",
    "re-rolling is never worse for the attacker here": "relancer n'est jamais pire pour l'attaquant ici",
    "the adversaries that can attack all make the same attack":
        "les adversaires qui peuvent attaquer font tous la même attaque",
    "no fighter is inside two Attraction zones": "aucun combattant n'est dans deux zones d'Attraction",
    "the focus adversary's fate and the number pulled are the same either way":
        "le sort de l'adversaire suivi et le nombre de combattants attirés sont les mêmes dans les deux cas",
    "the flee move ends inside the Attraction zone (or outside it) either way":
        "le mouvement de fuite finit dans la zone d'Attraction (ou hors d'elle) dans les deux cas",
    "the fleeing fighter is pulled back (or not) either way":
        "le fuyard est ramené (ou non) dans les deux cas",
    "no attacker has two or more supporters": "aucun attaquant n'a deux soutiens ou plus",
    "the soutien never exceeds it, or no attack is rolled":
        "le soutien ne le dépasse jamais, ou aucune attaque n'est lancée",
    "no attack is rolled with soutien": "aucune attaque n'est lancée avec du soutien",
    "the fighter does not make a Course here": "le combattant ne fait pas de Course ici",
    "no state can be inflicted, or the fighter cannot move anyway":
        "aucun état ne peut être infligé, ou le combattant ne peut de toute façon pas bouger",
    "the fighter has room, or no room is left to move":
        "le combattant a la place, ou il ne reste aucune place pour bouger",
    "no adversary has Blocage, or all of them do": "aucun adversaire n'a Blocage, ou tous l'ont",
    "the fleeing fighter is not Intangible, or no adversary has Blocage":
        "le fuyard n'est pas Intangible, ou aucun adversaire n'a Blocage",
    "the effective DEF stays from 2 to 6": "la DEF effective reste de 2 à 6",
    "no fighter has Frappe rapide, or not both can kill":
        "aucun combattant n'a Frappe rapide, ou les deux ne peuvent pas tuer",
    "the fighter makes no flee move (Blocage, a free disengage), or the attack always stops it":
        "le combattant ne fait aucun mouvement de fuite (Blocage, désengagement libre), ou l'attaque l'arrête "
        "toujours",
    "for a fighter that stays engaged (an Ordre Repli only changes a Fuite)":
        "pour un combattant qui reste au contact (un Ordre Repli ne change qu'une Fuite)",
    "against an adversary with Blocage (Blocage forbids the Fuite)":
        "contre un adversaire avec Blocage (Blocage interdit la Fuite)",
    "the defender has no Esquive X it may use (only Esquive X answers the charge here)":
        "le défenseur n'a aucune Esquive X qu'il puisse utiliser (seule l'Esquive X répond à la charge ici)",
    "the defender has no Esquive X it may use against a charge":
        "le défenseur n'a aucune Esquive X qu'il puisse utiliser contre une charge",
    "it only forbids Esquive X, which no fighter may use here":
        "il n'interdit que l'Esquive X, qu'aucun combattant ne peut utiliser ici",
    # -- end of the adversary fixes ------------------------------------------------------------------
    # -- fuite: destination, allies and terrain ----------------------------------------------------
    "a point [x, y] (toises, from -1000000 to 1000000)": "un point [x, y] (en toises, de -1000000 à 1000000)",
    "a destination or a direction (fuite.direction), not both":
        "un point d'arrivée (fuite.destination) ou une direction (fuite.direction), pas les deux",
    "nothing unless the fleeing fighter is placed (fleeing.x, y): its allies only matter by their positions":
        "rien tant que le combattant en fuite n'est pas placé (fleeing.x, y) : ses alliés ne comptent que par "
        "leur position",
    "on an ally of the fleeing fighter (only its base and position count here)":
        "sur un allié du combattant en fuite (seuls son socle et sa position comptent ici)",
    "on an ally of the fleeing fighter (nobody engages it here)":
        "sur un allié du combattant en fuite (personne ne l'engage ici)",
    "x and y (toises): the allies are placed on the table": "x et y (en toises) : les alliés sont placés sur la table",
    "nothing unless the fleeing fighter is placed (fleeing.x, y): terrain only matters on the table":
        "rien tant que le combattant en fuite n'est pas placé (fleeing.x, y) : le terrain ne compte que sur la table",
    "without fuite.direction or fuite.destination (only a placed flee move ends somewhere an adversary can "
    "charge again)":
        "sans fuite.direction ni fuite.destination (seul un mouvement de fuite placé finit quelque part où un "
        "adversaire peut lancer une nouvelle charge)",
    "without fuite.direction or fuite.destination (only a placed flee move ends somewhere an Attraction can "
    "pull the fighter back)":
        "sans fuite.direction ni fuite.destination (seul un mouvement de fuite placé finit quelque part d'où une "
        "Attraction peut ramener le combattant)",
    "a position whose base (§ toises in radius) is off impassable terrain § (a fighter cannot stand inside it)":
        "une position dont le socle (§ toises de rayon) est hors du terrain infranchissable § (un combattant ne "
        "peut pas s'y tenir)",
    # -- a fighter that stays engaged (fuite.stay) ------------------------------------------------------
    "false with a placed flee move (fuite.direction or fuite.destination): a fighter that stays does not move":
        "false avec un mouvement de fuite placé (fuite.direction ou fuite.destination) : un combattant qui reste ne "
        "se déplace pas",
    "with fuite.stay (the best re-roll of one pass is not the best over several passes)":
        "avec fuite.stay (la meilleure relance d'une passe n'est pas la meilleure sur plusieurs passes)",
    "Frappe rapide on the fighter that stays under simultaneous_kill = § (it would strike first)":
        "Frappe rapide sur le combattant qui reste avec simultaneous_kill = § (il frapperait en premier)",
}
