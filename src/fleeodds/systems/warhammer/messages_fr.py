"""French wording of the Warhammer reasons in error messages (``--lang fr``).

A phrase table read by :func:`fleeodds.messages_fr.to_french` through ``SYSTEM.messages_fr``:
each English phrase (``§`` for a formatted part; quoted values kept as written, in order) and
its French wording with the French army books' terms (Commandement, test de moral, poursuite,
fuite, ralliement, Puissance d'Unité, socle à socle).
"""

from __future__ import annotations

PHRASES: dict[str, str] = {
    # -- list building: unit sizes, Random Movement, TOW catalogues (docs/catalogues.md)
    "'minimum', 'scenario', 'points:N' or a number of models":
        "'minimum', 'scenario', 'points:N' ou un nombre de figurines",
    "a number of models from § to §": "un nombre de figurines de § à §",
    "§ moves, flees and pursues §": "§ se déplace, fuit et poursuit de §",
    "Random Movement: M is a roll of §; written as § (its highest roll) for display, and the unit is not ranked "
    "in a flee or a fight (Random Movement is not modelled)":
        "Mouvement aléatoire : M est un jet de § ; écrit § (son jet le plus haut) pour l'affichage, et l'unité "
        "n'est classée ni dans une fuite ni dans un combat (le Mouvement aléatoire n'est pas modélisé)",
    "no profile of the unit moves by itself (M '-'): its Movement comes from a mount the list must choose, and "
    "the catalogue gives no default choice":
        "aucun profil de l'unité ne se déplace seul (M '-') : son Mouvement vient d'une monture que la liste doit "
        "choisir, et le catalogue ne donne aucun choix par défaut",
    "not a number on profile §; § left out": "pas un nombre sur le profil § ; § omis",
    "missing: no profile of this unit has a § characteristic":
        "manquante : aucun profil de cette unité n'a de caractéristique §",
    "a table of fields (names are text)": "une table de champs (les noms sont du texte)",
    "a [pursuer] unit table (the winner or the charger) in the '§' situation":
        "une table d'unité [pursuer] (le vainqueur ou l'unité qui charge) dans la situation '§'",
    "no [pursuer] in the 'leadership_test' situation (no other unit takes part)":
        "pas de [pursuer] dans la situation 'leadership_test' (aucune autre unité n'y prend part)",
    "at most the charger's declarable range in The Old World, M + 6 (+3 with Swiftstride) = §":
        "au plus la portée de charge déclarable dans The Old World, M + 6 (+3 avec Rapide) = §",
    "no [[pursuers]] in the 'leadership_test' situation (no other unit takes part)":
        "pas de [[pursuers]] dans la situation 'leadership_test' (aucune autre unité n'y prend part)",
    "'fleeing': this scenario has several pursuers ([[pursuers]]), which one would be replaced is not said":
        "'fleeing' : ce scénario a plusieurs poursuivants ([[pursuers]]), il n'est pas dit lequel serait remplacé",
    "a unit profile table (name, movement, leadership, rules)":
        "une table de profil d'unité (name, movement, leadership, rules)",
    "a unit profile table (name, movement, leadership, ...)":
        "une table de profil d'unité (name, movement, leadership, …)",
    "on break, flee, pursuit or rally odds (Feigned Flight and free reforms change what the unit may do after it "
    "rallies, not the dice)":
        "sur les chances de déroute, de fuite, de poursuite ou de ralliement (la Fuite simulée et les reformations "
        "gratuites changent ce que l'unité peut faire après s'être ralliée, pas les dés)",
    "flying flee, pursuit and charge moves in §; give options.flee_roll, options.pursuit_roll or options.charge_reach":
        "les mouvements de fuite, de poursuite et de charge en vol en § ; donnez options.flee_roll, "
        "options.pursuit_roll ou options.charge_reach",
    "when no unit names one of its profiles (fleeing.profile, pursuer.profile)":
        "quand aucune unité ne nomme l'un de ses profils (fleeing.profile, pursuer.profile)",
    "when no unit names one of its profiles (fleeing.profile, pursuers.<i>.profile)":
        "quand aucune unité ne nomme l'un de ses profils (fleeing.profile, pursuers.<i>.profile)",
    "when it is not above the unit's own Leadership (§): a unit uses its General's Leadership only when it is higher":
        "quand il ne dépasse pas le Commandement de l'unité (§) : une unité n'utilise le Commandement de son "
        "Général que s'il est plus élevé",
    "when it is not above the unit's own Leadership (§)": "quand il ne dépasse pas le Commandement de l'unité (§)",
    "at least 1 Wound per model in a fight": "au moins 1 Point de Vie par figurine dans un combat",
    "characters fighting on their own": "les personnages qui combattent seuls",
    "a weapon for infantry (a lance is for mounted models)":
        "une arme d'infanterie (la lance de cavalerie est pour les figurines montées)",
    "with a § (it needs both hands)": "avec une arme § (elle demande les deux mains)",
    "when the unit did not charge (a lance only counts on the charge; write hand_weapon)":
        "quand l'unité n'a pas chargé (une lance de cavalerie ne compte qu'en charge ; écrivez hand_weapon)",
    "after the first round (charger = 'none'; write hand_weapon)":
        "après le premier round (charger = 'none' ; écrivez hand_weapon)",
    "6th, 7th, 8th or tow for a fight (the starter booklet's combat is not modelled)":
        "6th, 7th, 8th ou tow pour un combat (le combat du livret d'initiation n'est pas modélisé)",
    "contact must be 'front' when charger = 'none' (the side charged needs a charger)":
        "contact doit valoir 'front' quand charger = 'none' (le côté chargé demande une unité qui charge)",
    "an integer (give a profile or the field itself)": "un entier (donnez un profil ou le champ lui-même)",
    "in § (Strength modifies armour)": "en § (la Force modifie la sauvegarde d'armure)",
    "situation 'fight' needs a [fight] table with [fight.unit] and [fight.enemy]":
        "la situation 'fight' demande une table [fight] avec [fight.unit] et [fight.enemy]",
    "a [fight] table with [fight.unit] and [fight.enemy]": "une table [fight] avec [fight.unit] et [fight.enemy]",
    "in situation 'fight' (the loser takes a Break test)":
        "dans la situation 'fight' (le perdant fait un test de moral)",
    "in situation 'fight' (the round decides the loser, the winner and the margin)":
        "dans la situation 'fight' (le round décide du perdant, du vainqueur et de l'écart)",
    "with charger = 'none' (nobody charged)": "avec charger = 'none' (personne n'a chargé)",
    "unless the charging unit fights with spears": "sauf si l'unité qui charge combat avec des lances",
    "'fleeing' (fight.unit) or 'pursuing' (fight.enemy)": "'fleeing' (fight.unit) ou 'pursuing' (fight.enemy)",
    "at least the unit's models when the fight starts (§)":
        "au moins les figurines de l'unité au début du combat (§)",
    "at most the unit's models (§): models in base contact":
        "au plus les figurines de l'unité (§) : les figurines au contact socle à socle",
    "in § (a rule of The Old World)": "en § (une règle de The Old World)",
    "Fear in close combat in 8th (the enemy's Fear test, Weapon Skill 1 on a failure)":
        "la Peur au corps à corps en 8e édition (le test de Peur de l'ennemi, Capacité de Combat 1 en cas d'échec)",
    "in this 8th-edition fight (the enemy is immune to Fear)":
        "dans ce combat en 8e édition (l'ennemi est immunisé contre la Peur)",
    "in § (Swiftstride acts on 8th-edition and Old World flee, pursuit and charge rolls)":
        "en § (Rapide agit sur les jets de fuite, de poursuite et de charge de la 8e édition et de The Old World)",
    "in § (Steadfast is an 8th-edition rule)": "en § (Indomptable est une règle de la 8e édition)",
    "a table of weapon, shield, armour_save, ward_save": "une table de weapon, shield, armour_save, ward_save",
    "in this fight (it changes neither unit's Break test, flight, pursuit or rally)":
        "dans ce combat (il ne change ni le test de moral, ni la fuite, ni la poursuite, ni le ralliement "
        "d'aucune des deux unités)",
    "the unit's name as text (in §)": "le nom de l'unité, en texte (dans §)",
    "[[obstacles]] are not modelled in situation 'fight' (the loser and its flee line are decided by the round); "
    "give them in a 'break' scenario":
        "les [[obstacles]] ne sont pas modélisés dans la situation 'fight' (le perdant et sa ligne de fuite sont "
        "décidés par le round) ; donnez-les dans un scénario 'break'",
    "[[pursuers]] is not read in situation 'fight' (the round decides the winner)":
        "[[pursuers]] n'est pas lu dans la situation 'fight' (le round décide du vainqueur)",
    "[fight] is only read in situation 'fight', not §":
        "[fight] n'est lu que dans la situation 'fight', pas §",
    "situation § needs a [fleeing] table": "la situation § demande une table [fleeing]",
    "Dangerous Terrain and Peril tests on models of more than one Wound; each failed test is counted as one "
    "model lost":
        "les tests de terrain dangereux et de péril des figurines à plusieurs Points de Vie ; chaque test raté "
        "compte pour une figurine perdue",
    "in the 'leadership_test' situation (it ends with the test; no flee move)":
        "dans la situation 'leadership_test' (elle s'arrête au test ; pas de mouvement de fuite)",
    "§ (only the 6th rules go round things in the way)":
        "§ (seules les règles de la 6e édition contournent les obstacles)",
    "the enemy unit's Unit Strength (7th: a non-fleeing enemy of US 5 or more destroys the fleeing unit on "
    "contact), or fleeing = true":
        "la Puissance d'Unité de l'unité ennemie (7e : un ennemi qui ne fuit pas, de PU 5 ou plus, détruit l'unité "
        "en fuite au contact), ou fleeing = true",
    "for a fleeing enemy (7th: it is passed through whatever its US)":
        "pour un ennemi en fuite (7e : on le traverse quelle que soit sa PU)",
    "in the '§' situation (its metric is the turn of resolution; the charge situations only)":
        "dans la situation '§' (sa mesure est le tour de résolution ; situations de charge seulement)",
    "when every pursuer gives its own gap (pursuers.<i>.gap)":
        "quand chaque poursuivant donne son propre écart (pursuers.<i>.gap)",
    "when every pursuer gives its own keeps_charging": "quand chaque poursuivant donne son propre keeps_charging",
    "'chart' or 'header'": "'chart' ou 'header'",
    "unknown special rule §; expected any of §": "règle spéciale inconnue § ; attendu : n'importe lesquelles de §",
    "(unknown special rule §)": "(règle spéciale inconnue §)",
    "any of §": "une ou plusieurs règles parmi §",
    "models_left (§) cannot exceed models_start (§)": "models_left (§) ne peut pas dépasser models_start (§)",
    "a number of models of at most models_start (§)": "un nombre de figurines d'au plus models_start (§)",
    "a list of [[profile]] tables in §": "une liste de tables [[profile]] dans §",
    "a [[profile]] table with a name (in §)": "une table [[profile]] avec un nom (dans §)",
    "a list of special rule names such as [\"swiftstride\"] (in §)":
        "une liste de noms de règles spéciales comme [\"swiftstride\"] (dans §)",
    "a name not already used by another profile (in §)": "un nom qu'aucun autre profil n'utilise déjà (dans §)",
    "text (in §)": "du texte (dans §)",
    "the 6th rulebook gives no rule for a fleeing unit with no room to go round §":
        "le livre de règles de la 6e édition ne donne aucune règle pour une unité en fuite sans place pour "
        "contourner §",
    "beyond the farthest flee move (§\" with table.max_turns = §)":
        "au-delà du plus long mouvement de fuite (§ ps avec table.max_turns = §)",
    # -- contexts of "has no effect" ----------------------------------------------------------
    "no [[pursuers]] in the '§' situation (no other unit takes part)":
        "pas de [[pursuers]] dans la situation '§' (aucune autre unité n'y prend part)",
    "an object that does not overlap the one before it (which ends at §\")":
        "un objet qui ne chevauche pas le précédent (qui finit à § ps)",
    "less than table.edge_distance (§\"): an object must be on the table":
        "moins que table.edge_distance (§ ps) : un objet doit être sur la table",
    "it says where a flee move through things in the way stops, and there are no [[obstacles]]":
        "elle dit où s'arrête une fuite qui traverse un obstacle, et il n'y a pas de [[obstacles]]",
    "with [[pursuers]]; give one [pursuer] table, or leave the things in the way out":
        "avec [[pursuers]] ; donnez une seule table [pursuer], ou retirez les obstacles",
    "the failed-charge move of several chargers at once (give one charger)":
        "le mouvement de charge ratée de plusieurs unités à la fois (donnez une seule unité qui charge)",
    "with [[obstacles]]": "avec [[obstacles]]",
    "in the '§' situation": "dans la situation '§'",
    "in 6th edition": "en 6e édition", "in 7th edition": "en 7e édition", "in 8th edition": "en 8e édition",
    "6th edition": "6e édition", "7th edition": "7e édition", "8th edition": "8e édition",
    "in The Old World": "dans The Old World",
    "in the starter rules": "dans les règles d'initiation",
    "the starter rules": "les règles d'initiation",
    "when it is not above the unit's own Leadership": "quand il ne dépasse pas le Commandement de l'unité",
    "flying flee, pursuit and charge moves": "les mouvements de fuite, de poursuite et de charge en vol",
    "when the unit did not charge": "quand l'unité n'a pas chargé",
    "with charger = § (nobody charged)": "avec charger = § (personne n'a chargé)",
    "either one [pursuer] table or [[pursuers]] tables, not both":
        "une table [pursuer] ou des tables [[pursuers]], pas les deux",
    # -- why an input written in the file changes nothing (checks._hint) ------------------------
    "the [test] table belongs to the leadership_test and panic situations":
        "la table [test] appartient aux situations leadership_test et panic",
    "the kind of test only decides a Cold-blooded unit's dice in TOW (and the panic situation is always a Panic "
    "test)":
        "le type de test ne décide que des dés d'une unité Sang-froid dans TOW (et la situation panic est toujours "
        "un test de panique)",
    "the leadership_test situation ends with the test": "la situation leadership_test s'arrête au test",
    "there is no Break test in this situation": "il n'y a pas de test de moral dans cette situation",
    "a Stubborn (6th/7th) or Steadfast (8th) unit tests on its unmodified Leadership, and an Unbreakable one or an "
    "automatic break takes no test":
        "une unité Tenace (6e/7e) ou Inébranlable (8e) teste sur son Commandement non modifié, et une unité "
        "Indémoralisable ou une déroute automatique ne fait pas de test",
    "the charge situations end with the flee move": "les situations de charge s'arrêtent au mouvement de fuite",
    "it acts in the turns of the chain: set table.max_turns > 0 and table.chaser_keeps_charging = true":
        "il agit dans les tours de la poursuite : donnez table.max_turns > 0 et table.chaser_keeps_charging = true",
    "the troop type changes no number here; Movement and special rules do":
        "le type de troupe ne change aucun nombre ici ; le Mouvement et les règles spéciales, si",
    "a General only helps the pursuer's test to not pursue, with options.pursuer_restrains = 'ld_test', and not in "
    "the starter rules":
        "un Général n'aide que le test du poursuivant pour ne pas poursuivre, avec options.pursuer_restrains = "
        "'ld_test', et pas dans les règles d'initiation",
    "a Battle Standard only re-rolls the pursuer's failed test to not pursue, with options.pursuer_restrains = "
    "'ld_test' where options.bsb_reroll is 'any_failed_ld' (8th default)":
        "une Grande Bannière ne fait relancer que le test raté du poursuivant pour ne pas poursuivre, avec "
        "options.pursuer_restrains = 'ld_test' quand options.bsb_reroll vaut 'any_failed_ld' (défaut en 8e)",
    "a Battle Standard re-rolls the Break test, except in the starter rules, and rally tests in 8th and TOW; see "
    "options.bsb_reroll":
        "une Grande Bannière fait relancer le test de moral, sauf dans les règles d'initiation, et les tests de "
        "ralliement en 8e et dans TOW ; voir options.bsb_reroll",
    "a General lends his Ld to the Break test and, except in the starter rules, to rally tests":
        "un Général prête son Cd au test de moral et, sauf dans les règles d'initiation, aux tests de ralliement",
    "a pursuer's musician only wins a drawn combat (combat.margin = 0) against a unit without one":
        "le musicien d'un poursuivant ne fait gagner qu'un combat nul (combat.margin = 0) contre une unité sans "
        "musicien",
    "it only acts on the fleeing unit's rally tests": "il n'agit que sur les tests de ralliement de l'unité en fuite",
    "the casualty limits compare models_left with models_start; give models_left":
        "les limites de pertes comparent models_left à models_start ; donnez models_left",
    "a musician wins a drawn combat (combat.margin = 0) against a unit without one, and adds to rally tests with "
    "table.max_turns > 0, in 6th, in TOW or with options.musician_rally_bonus = 1":
        "un musicien fait gagner un combat nul (combat.margin = 0) contre une unité sans musicien, et s'ajoute aux "
        "tests de ralliement avec table.max_turns > 0, en 6e, dans TOW ou avec options.musician_rally_bonus = 1",
    "the casualty limits act on rally tests only, with table.max_turns > 0":
        "les limites de pertes n'agissent que sur les tests de ralliement, avec table.max_turns > 0",
    "every Leadership test here passes or fails on a natural double anyway, by its total":
        "ici, chaque test de Commandement réussit ou échoue de toute façon par son total, double naturel ou non",
    "it orders the combat-phase pursuit only, where the first flee move can reach the table edge; a charged unit's "
    "flee move always resolves before the charge":
        "il n'ordonne que la poursuite qui suit un corps à corps, où le premier mouvement de fuite peut atteindre le "
        "bord de table ; le mouvement de fuite d'une unité chargée se résout toujours avant la charge",
    "combat.margin = 0 is a drawn combat: no Break test, so no flight, pursuit or rally follows":
        "combat.margin = 0 est un combat nul : pas de test de moral, donc ni fuite, ni poursuite, ni ralliement",
    # -- what a field acts on (checks.ACTS_ON, COMBAT_EDITIONS) ---------------------------------
    "it only decides a pursuit or charge roll equal to the distance, which decides nothing here":
        "elle ne décide que d'un jet de poursuite ou de charge égal à la distance, qui ne décide de rien ici",
    "it only sets the flee roll, which decides nothing here":
        "elle ne fixe que le jet de fuite, qui ne décide de rien ici",
    "it only sets the pursuer's roll, which decides nothing here":
        "elle ne fixe que le jet du poursuivant, qui ne décide de rien ici",
    "it only sets a charge's reach, and no charge decides anything here":
        "elle ne fixe que la portée d'une charge, et aucune charge ne décide de rien ici",
    "it only sets the 8th-edition Swiftstride roll, which no unit here makes":
        "elle ne fixe que le jet de Rapide de la 8e édition, qu'aucune unité ne fait ici",
    "it only says whether a Swiftstride unit uses its rule in The Old World, which no roll here depends on":
        "elle ne dit que si une unité Rapide utilise sa règle dans The Old World, dont aucun jet ne dépend ici",
    "it only sets what a Battle Standard re-rolls, and no re-roll decides anything here":
        "elle ne fixe que ce que relance une Grande Bannière, et aucune relance ne décide de rien ici",
    "it only sets what a Battle Standard re-rolls after a Break test in The Old World, and no re-roll decides "
    "anything here":
        "elle ne fixe que ce que relance une Grande Bannière après un test de moral dans The Old World, et aucune "
        "relance ne décide de rien ici",
    "it only acts on the tests of a Cold-blooded unit, and none decides anything here":
        "elle n'agit que sur les tests d'une unité Sang-froid, et aucun ne décide de rien ici",
    "it only acts on the Break test of a Steadfast unit in 8th edition":
        "elle n'agit que sur le test de moral d'une unité Indomptable en 8e édition",
    "it only adds a musician's bonus to rally tests, and no musician rallies here":
        "elle n'ajoute que le bonus d'un musicien aux tests de ralliement, et aucun musicien ne se rallie ici",
    "it only says whether the winner may hold back from pursuing, which decides nothing here":
        "elle ne dit que si le vainqueur peut renoncer à poursuivre, ce qui ne décide de rien ici",
    "it only says when a unit reaching the table edge leaves it, and no move here reaches a table edge "
    "(table.edge_distance)":
        "elle ne dit que quand une unité qui atteint le bord de table le quitte, et aucun mouvement n'atteint "
        "ici de bord de table (table.edge_distance)",
    "it only sets the casualty limits of rally tests, which decide nothing here":
        "elle ne fixe que les limites de pertes des tests de ralliement, qui ne décident de rien ici",
    "it only acts on a Break test in The Old World": "elle n'agit que sur un test de moral dans The Old World",
    "it only acts on the Break test of a Stubborn unit in The Old World":
        "elle n'agit que sur le test de moral d'une unité Tenace dans The Old World",
    "it only sets how far a failed charge moves in 8th edition, which decides nothing here":
        "elle ne fixe que la distance d'une charge ratée en 8e édition, qui ne décide de rien ici",
    "it only moves a chaser that cannot reach its charge, which decides nothing here":
        "elle ne fait bouger qu'un poursuivant qui ne peut pas atteindre sa charge, ce qui ne décide de rien ici",
    "it only says where a flee move through a unit or terrain stops":
        "elle ne dit qu'où s'arrête une fuite qui traverse une unité ou un décor",
    "it is the pursuer's or charger's distance, which decides nothing here":
        "c'est la distance du poursuivant ou de l'unité qui charge, qui ne décide de rien ici",
    "it only places the table edge, which decides nothing here":
        "il ne place que le bord de table, qui ne décide de rien ici",
    "it only sets the rally turns of a fleeing unit, which decide nothing here":
        "il ne fixe que les tours de ralliement d'une unité en fuite, qui ne décident de rien ici",
    "Steadfast is a rule of the 8th edition": "Indomptable est une règle de la 8e édition",
    "the automatic break by a Fear-causing winner is a rule of the 6th and 7th editions":
        "la déroute automatique face à un vainqueur qui cause la Peur est une règle des 6e et 7e éditions",
    "a unit outnumbered two to one breaks automatically only in The Old World":
        "une unité en infériorité numérique à deux contre un ne déroute automatiquement que dans The Old World",
    "a Fear-causing winner's automatic break is combat.fear_outnumbered":
        "la déroute automatique face à un vainqueur qui cause la Peur, c'est combat.fear_outnumbered",
    # -- The Old World's own flee and rally rules (checks.flee.check_tow_rules and its hints) ---------------
    "'flee' here: Fire & Flee is a charge reaction of The Old World (edition = 'tow', situation = 'flee_reaction')":
        "'flee' ici : Tirer et fuir est une réaction à la charge de The Old World (edition = 'tow', "
        "situation = 'flee_reaction')",
    "'flee' for a unit without the fire_and_flee special rule (add it to fleeing.rules or fleeing.extra_rules)":
        "'flee' pour une unité sans la règle spéciale fire_and_flee (ajoutez-la à fleeing.rules ou "
        "fleeing.extra_rules)",
    "a unit that can declare a charge: a Random Movement unit cannot declare charges (it may still contact a unit "
    "it pursues); use situation 'fleeing' or table.chaser_keeps_charging = false":
        "une unité qui peut déclarer une charge : une unité à Mouvement aléatoire ne peut pas déclarer de charge "
        "(elle peut encore atteindre une unité qu'elle poursuit) ; prenez la situation 'fleeing' ou "
        "table.chaser_keeps_charging = false",
    "a unit that may flee from a charge: a charged Random Movement unit must Hold":
        "une unité qui peut fuir face à une charge : une unité à Mouvement aléatoire chargée doit Tenir",
    "with [[pursuers]]; give one [pursuer] table": "avec [[pursuers]] ; donnez une seule table [pursuer]",
    "'hold' or 'flee' when the charger is closer than its Movement (§; table.gap = §): no Stand & Shoot then":
        "'hold' ou 'flee' quand l'unité qui charge est plus proche que son Mouvement (§ ; table.gap = §) : pas de "
        "Tenir et tirer alors",
    "'hold' or 'flee' when the charger is closer than its Movement (§; table.gap = §): no Fire & Flee then":
        "'hold' ou 'flee' quand l'unité qui charge est plus proche que son Mouvement (§ ; table.gap = §) : pas de "
        "Tirer et fuir alors",
    "'flee' when the charger is closer than its Movement (§; table.gap = §): the unit must Hold or Flee":
        "'flee' quand l'unité qui charge est plus proche que son Mouvement (§ ; table.gap = §) : l'unité doit "
        "Tenir ou Fuir",
    "a Warband adds fleeing.rank_bonus to its Leadership on its Break, Panic or plain test, in TOW":
        "une Horde guerrière ajoute fleeing.rank_bonus à son Commandement pour son test de moral, de panique ou "
        "simple, en TOW",
    "Scurrying Masses adds fleeing.rank_bonus to its Leadership on its Break, Panic or plain test, in TOW":
        "Masses grouillantes ajoute fleeing.rank_bonus au Commandement pour le test de moral, de panique ou "
        "simple, en TOW",
    "a Veteran re-rolls failed Leadership tests (rally tests, plain and Panic tests, a pursuer's Restraint test), "
    "not the Break test, in TOW":
        "un Vétéran relance les tests de Commandement ratés (tests de ralliement, tests simples et de panique, test "
        "pour ne pas poursuivre), pas le test de moral, en TOW",
    "Fire & Flee acts with options.charge_reaction = 'fire_and_flee', in a TOW flee_reaction":
        "Tirer et fuir agit avec options.charge_reaction = 'fire_and_flee', dans une flee_reaction en TOW",
    "Random Movement forbids declaring charges and fleeing from one (refused there), in TOW; a pursuit is unchanged":
        "le Mouvement aléatoire interdit de déclarer une charge et de fuir face à une charge (refusé là), en TOW ; "
        "une poursuite ne change pas",
    "an Impetuous chaser must charge on a D6 of 1-3 in the turns of the chain (table.max_turns > 0, "
    "table.chaser_keeps_charging = false), in TOW; a pursuit is unchanged":
        "un poursuivant Impétueux doit charger sur un D6 de 1 à 3 aux tours qui suivent (table.max_turns > 0, "
        "table.chaser_keeps_charging = false), en TOW ; une poursuite ne change pas",
    "with [[pursuers]] (an Impetuous chaser's forced charges); give one [pursuer] table or keeps_charging = true":
        "avec [[pursuers]] (les charges forcées d'un poursuivant Impétueux) ; donnez une seule table [pursuer] ou "
        "keeps_charging = true",
    "the rank bonus counts for a Warband or Scurrying Masses unit (fleeing.rules) that is not fleeing, in TOW":
        "le bonus de rang compte pour une unité Horde guerrière ou Masses grouillantes (fleeing.rules) qui n'est "
        "pas en fuite, en TOW",
    "a Rallying Cry gives an extra Rally test in the turns of the chain (table.max_turns > 0), in TOW":
        "un Cri de ralliement donne un test de ralliement de plus aux tours qui suivent (table.max_turns > 0), "
        "en TOW",
    "the side only matters in TOW, from a flank, with combat.loser_frontage above combat.loser_depth":
        "le côté ne compte qu'en TOW, depuis un flanc, avec combat.loser_frontage au-dessus de combat.loser_depth",
    "the footprint only matters in TOW with combat.broken_from = 'flank'":
        "l'emprise au sol ne compte qu'en TOW avec combat.broken_from = 'flank'",
    "Fire & Flee is a TOW flee_reaction of a unit with the fire_and_flee rule":
        "Tirer et fuir est une flee_reaction en TOW d'une unité dotée de la règle fire_and_flee",
    "it acts with options.tow_swiftstride_use = 'not_near_edge', a Swiftstride fleeing unit and a table edge, in TOW":
        "il agit avec options.tow_swiftstride_use = 'not_near_edge', une unité en fuite Rapide et un bord de "
        "table, en TOW",
    # -- close combat: rules noted or refused, mounts, challenges, chariots, characters -----------
    "against § (8th Stomp hits infantry, war beasts and swarms)":
        "contre § (en 8e édition, le Piétinement ne touche que l'infanterie, les bêtes de guerre et les nuées)",
    "after the first round (Hatred re-rolls misses in the first round of a combat)":
        "après le premier tour (la Haine fait relancer les jets pour toucher ratés au premier tour d'un combat)",
    "in § (the charge's Initiative bonus is a rule of The Old World)":
        "en § (le bonus d'Initiative de la charge est une règle de The Old World)",
    "The Old World's own strike-order rules (a separate issue)":
        "les règles d'ordre des frappes propres à The Old World (une question traitée à part)",
    "Stomp in § (an 8th-edition rule here; TOW's Stomp Attacks (X) are not an input)":
        "le Piétinement en § (une règle de la 8e édition ici ; les Attaques de Piétinement (X) de TOW ne sont pas une "
        "donnée d'entrée)",
    "Killing Blow against models of § Wounds (a model slain outright whatever its Wounds)":
        "le Coup fatal contre des figurines à § PV (une figurine tuée sur le coup quels que soient ses PV)",
    "troop_type cavalry or monstrous_cavalry (the unit is §)":
        "troop_type = cavalry ou monstrous_cavalry (l'unité est de type §)",
    "an integer (the profile has no mount: give the mount's WS, S, I and A)":
        "un entier (le profil n'a pas de monture : donnez la CC, la F, l'I et les A de la monture)",
    "a side with a character or a champion in contact (fight.<side>.characters or champion)":
        "un camp avec un personnage ou un champion au contact (fight.<side>.characters ou champion)",
    "when the other side has no character or champion in contact to accept it":
        "quand l'autre camp n'a ni personnage ni champion au contact pour relever le défi",
    "troop_type chariot (the unit is §)": "troop_type = chariot, un char (l'unité est de type §)",
    "when the unit is fought in the flank (the champion stands in the front rank, not in contact)":
        "quand l'unité est combattue de flanc (le champion se tient au premier rang, pas au contact)",
    "when the unit is fought in the rear (the champion stands in the front rank, not in contact)":
        "quand l'unité est combattue de dos (le champion se tient au premier rang, pas au contact)",
    "when the unit is fought in the § (the champion stands in the front rank, not in contact)":
        "quand l'unité est combattue par § (le champion se tient au premier rang, pas au contact)",
    "when the unit is fought in the flank (a character stands in the front rank, not in contact)":
        "quand l'unité est combattue de flanc (un personnage se tient au premier rang, pas au contact)",
    "when the unit is fought in the rear (a character stands in the front rank, not in contact)":
        "quand l'unité est combattue de dos (un personnage se tient au premier rang, pas au contact)",
    "when the unit is fought in the § (a character stands in the front rank, not in contact)":
        "quand l'unité est combattue par § (un personnage se tient au premier rang, pas au contact)",
    "in close combat (Look Out Sir saves a character from shooting and template hits only, in every edition)":
        "au corps à corps (« Attention, messire ! » ne protège un personnage que des tirs et des gabarits, dans "
        "toutes les éditions)",
    "a weapon for a character on foot (characters' mounts are not modelled)":
        "une arme pour un personnage à pied (les montures des personnages ne sont pas modélisées)",
    # -- charge reactions that fight (Hold, Stand & Shoot) -------------------------------------------
    "[fight] is only read in situations 'fight' and 'flee_reaction' (the fight if the unit holds), not §":
        "[fight] n'est lu que dans les situations 'fight' et 'flee_reaction' (le corps à corps si l'unité tient), "
        "pas §",
    "shots at a charger with more than one Wound per model (fight.stand_and_shoot)":
        "des tirs sur une unité qui charge dont les figurines ont plus d'un point de vie (fight.stand_and_shoot)",
    "shots at a charger with Regeneration": "des tirs sur une unité qui charge dotée de Régénération",
    "a Stand & Shoot needing 7 or more to hit (a 6 then another roll)":
        "un tir de Tenir et tirer qui touche sur 7 ou plus (un 6 puis un autre jet)",
    "Stand & Shoot in edition § (The Old World only)": "Tenir et tirer dans l'édition § (The Old World seulement)",
    "the shooters' Ballistic Skill, 1 to 10 (fight.unit's profile has none)":
        "la Capacité de Tir des tireurs, de 1 à 10 (le profil de fight.unit n'en a pas)",
    "a charge by the enemy (fight.charger = §): the charged unit shoots at its charger":
        "une charge de l'ennemi (fight.charger = §) : l'unité chargée tire sur celle qui la charge",
    "a charge that may fall short: table.gap § is beyond the charger's shortest charge, § (a unit that holds may "
    "then not be charged at all)":
        "une charge qui peut échouer : table.gap § dépasse la plus courte charge de l'unité qui charge, § (une unité "
        "qui tient pourrait alors ne pas être chargée du tout)",
    "§ or §, or a [fight] table with [fight.unit] (the charged unit) and [fight.enemy] (the charger) for § and §":
        "§ ou §, ou une table [fight] avec [fight.unit] (l'unité chargée) et [fight.enemy] (celle qui charge) pour "
        "§ et §",
    "§ in a flee_reaction (the enemy charges your unit)": "§ dans une flee_reaction (l'ennemi charge votre unité)",
    "Stand & Shoot outside The Old World": "Tenir et tirer hors de The Old World",
    "§ when the charger is closer than its Movement (§; table.gap = §): the unit must Hold or Flee":
        "§ quand l'unité qui charge est plus proche que son Mouvement (§ ; table.gap = §) : l'unité doit tenir ou "
        "fuir",
    "a table of the unit's shots (fight.stand_and_shoot.shots, fight.stand_and_shoot.strength) for "
    "options.charge_reaction = §":
        "une table des tirs de l'unité (fight.stand_and_shoot.shots, fight.stand_and_shoot.strength) pour "
        "options.charge_reaction = §",
}
