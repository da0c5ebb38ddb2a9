"""The command line's help in French (``fleeodds run --help --lang fr``).

``COMMANDS`` holds each command's French help (same layout as its English docstring:
a first line, paragraphs, a ``\\b`` block of examples); ``OPTIONS`` maps each English
option help to its French text, so an option shared by several commands is translated
once. ``tests/front/test_french_help.py`` checks that nothing is left untranslated.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "main": """Probabilités des fuites, poursuites et attaques d'opportunité des jeux de figurines.

    Exactes quand les maths le permettent, Monte-Carlo avec intervalles à 95 % partout.
    Commencez par `fleeodds examples`, puis `fleeodds run NOM`.
    """,
    "run": """Évalue SCENARIO (un fichier .toml, ou un nom donné par `fleeodds examples`).

    \b
    Exemples :
      fleeodds run warhammer/goblins_broken_by_dwarfs.toml --chart gobelins.png
      fleeodds run warhammer/goblins_rally_or_flee_to_edge.toml -d --lang fr
      fleeodds run mon.toml --precision 0.0005 --seed 42 --format json -o resultat.json
      fleeodds run dnd/wizard_withdraws_past_orcs_35.toml -d --metric-chart degats.svg
    """,
    "examples": """Liste les scénarios d'exemple fournis (donnez le NOM à `fleeodds run NOM`).

    \b
    Exemples :
      fleeodds examples --lang fr
      fleeodds examples --copy warhammer/goblins_broken_by_dwarfs.toml   # puis modifiez goblins_broken_by_dwarfs.toml
    """,
    "compare": """Compare des configurations côte à côte : SCENARIOS sont deux fichiers .toml ou noms
    d'exemples ou plus, ou un seul scénario avec ses configurations [compare]
    (nom = { "champ.chemin" = valeur }).

    Les tirages Monte-Carlo sont appariés (nombres aléatoires communs : le tirage t de chaque
    configuration lit les mêmes dés), si bien que chaque écart avec la première configuration a
    son propre intervalle à 95 %, bien plus étroit ; les écarts sont exacts quand les deux
    configurations ont un calcul exact.

    \b
    Exemples :
      fleeodds compare mon_cd7.toml mon_cd8.toml --label "Cd 7" --label "Cd 8" --chart cd.png
      fleeodds compare dnd/rogue_decision_table_35.toml --mc -n 200000 --diff-chart roublard.svg
      fleeodds compare hell_dorado/fuite_djinn_intangible.toml --lang fr --format md
    """,
    "decide": """Nomme le meilleur choix de la table [decide] de SCENARIO, et ce qu'il rapporte.

    Le fichier nomme les choix (des champs que le système de règles déclare comme points de
    décision) et le but : un résultat comme "held", un but nommé comme "not_destroyed",
    ou "min:damage" (docs/decisions.md).

    \b
    Exemples :
      fleeodds decide dnd/rogue_decision_table_35.toml
      fleeodds decide warhammer/tow_swiftstride_near_edge.toml --lang fr --chart choix.png
      fleeodds decide warhammer/tow_swiftstride_near_edge.toml -v table.edge_distance=4..20 -c bascule.png
      fleeodds decide mon.toml --format json -o decision.json
    """,
    "sweep": """Évalue SCENARIO sur une grille de valeurs de champs (exact quand le système de règles le permet).

    CHAMP est un nom à points du fichier de scénario : fleeing.leadership, combat.margin, edition,
    table.edge_distance (Warhammer) ; runner.hp, mode, enemies.0.attack_bonus (D&D) ;
    fleeing.profile, fuite.room (Hell Dorado).

    \b
    Exemples :
      fleeodds sweep warhammer/goblins_broken_by_dwarfs.toml --vary fleeing.leadership=2..10 --chart cd.png
      fleeodds sweep warhammer/goblins_broken_by_dwarfs.toml -v fleeing.leadership=5..10 \\
          -v combat.margin=1..6 --outcome caught --chart carte.svg --lang fr
      fleeodds sweep dnd/wizard_leaves_two_orcs_5e.toml -v runner.hp=4..12 -v mode=move,disengage -f csv
    """,
    "report": """Régénère chaque analyse de DOSSIER (fichiers TOML) : tableaux (Markdown, CSV) et
    graphiques (PNG, SVG), avec un index et une galerie HTML.

    Chaque analyse nomme un scénario, un type (run, compare ou sweep) et ses paramètres, avec
    des titres en anglais et en français ; voir docs/analysis.md.

    \b
    Exemples :
      fleeodds report analysis/
      fleeodds report analysis/ --out site/figures --lang fr
    """,
    "schema": """Affiche le schéma JSON des fichiers de scénario de SYSTEM : chaque champ avec son titre,
    sa description, son unité, sa valeur par défaut et ses valeurs ou bornes admises.

    \b
    Exemples :
      fleeodds schema warhammer
      fleeodds schema dnd --lang fr -o dnd.schema.json
    """,
    "warmup": """Compile maintenant chaque noyau Monte-Carlo (une fois : numba les garde en cache), pour
    que les calculs suivants démarrent en quelques secondes. Prend une à quatre minutes sur une
    machine à 2 cœurs la première fois.

    \b
    Exemple :
      fleeodds warmup
    """,
    "systems": """Liste les systèmes de règles (la clé `system = "..."` d'un fichier de scénario).""",
    "serve": """Sert la page web locale : choisissez un système et un exemple, changez des champs, voyez
    les probabilités, comparez, balayez et partagez le lien (demande l'extra web :
    pip install "fleeodds[web]").

    \b
    Exemples :
      fleeodds serve --open
      fleeodds serve --port 8080
      fleeodds serve --public --host 0.0.0.0 --base-url https://odds.example.org/ --workers 2
    """,
    "import-bsdata": """Importe les profils d'unités d'un catalogue BattleScribe (.cat) dans les profils d'un
    système de règles.

    Pour Warhammer : lit le M, CC, CT, F, E, PV, I, A, Cd et le type de troupe de chaque unité,
    traduit les règles spéciales qui jouent sur la fuite et la poursuite (Rapide, Cavalerie
    légère, Vol, Obstiné, Indémoralisable, Immunisé à la psychologie, Frénésie, Sang-froid,
    Peur, Terreur, Indomptable) et signale les unités non importées et les règles non
    traduites. Sans --out, affiche les unités importées.
    """,
    "rank": """Classe chaque unité d'un catalogue BattleScribe dans un scénario.

    Chaque unité prend à son tour le rôle choisi (Warhammer, en fuite : qui est rattrapée une
    fois en déroute, qui se rallie, qui quitte la table ; en poursuite : qui rattrape ce
    qu'elle poursuit). Triées de la meilleure à la moins bonne pour ce rôle.
    """,
    "matrix": """Chaque unité de FLEEING.cat contre chaque unité de PURSUING.cat dans un scénario.

    Chaque unité du premier catalogue prend le premier rôle du scénario (Warhammer : l'unité
    en fuite), chaque unité du second l'autre rôle (le poursuivant) ; chaque paire est
    évaluée exactement quand le scénario le permet, sinon par Monte-Carlo (intervalles de
    Wilson à 95 %). Lignes et colonnes sont triées de la meilleure à la moins bonne pour leur camp.

    \b
    Exemples :
      fleeodds matrix orcs.cat empire.cat --system whfb8.gst --scenario warhammer/rank_broken_by_2_8th.toml
      fleeodds matrix orcs.cat empire.cat --scenario mon.toml --types cavalry --chart m.png --out m.json
      fleeodds matrix orcs.cat empire.cat --scenario mon.toml --workers 4 --out m.json --resume
    """,
}

OPTIONS: dict[str, str] = {
    "How many models each unit fields where the rules system sizes units (a fight): 'minimum' "
    "(the catalogue's minimum size, the default), 'scenario' (the scenario's), 'points:N' or N. "
    "A character, a monster or a war machine is always one model.":
        "Combien de figurines chaque unité aligne quand le système de règles dimensionne les unités (un corps à "
        "corps) : « minimum » (l'effectif minimal du catalogue, par défaut), « scenario » (celui du scénario), "
        "« points:N » ou N. Un personnage, un monstre ou une machine de guerre compte toujours une figurine.",
    "How many models each unit fields where the rules system sizes units (a fight): 'minimum' "
    "(the catalogue's minimum size, the default), 'scenario', 'points:N' or N. A character, a "
    "monster or a war machine is always one model.":
        "Combien de figurines chaque unité aligne quand le système de règles dimensionne les unités (un corps à "
        "corps) : « minimum » (l'effectif minimal du catalogue, par défaut), « scenario », « points:N » ou N. Un "
        "personnage, un monstre ou une machine de guerre compte toujours une figurine.",
    "The kinds of unit ranked, comma-separated (Warhammer: unit, character, monster, war_machine) "
    "or 'all'  [default: units; the others are ranked apart]":
        "Les genres d'unités classés, séparés par des virgules (Warhammer : unit, character, monster, war_machine) "
        "ou « all »  [par défaut : les unités ; les autres sont classés à part]",
    "Every column in the table (the CSV always has them all).":
        "Toutes les colonnes dans le tableau (le CSV les a toujours toutes).",
    "Monte Carlo trials per option [default: 1,000,000].":
        "Tirages Monte-Carlo par choix [par défaut : 1 000 000].",
    "Output format. json holds every option's value per goal.":
        "Format de sortie. json contient la valeur de chaque choix pour chaque but.",
    "Write the decision chart (the options side by side, the best marked; .png or .svg).":
        "Écrit le graphique de la décision (les choix côte à côte, le meilleur marqué ; .png ou .svg).",
    "Decide at every value of one field (e.g. table.edge_distance=4..20): where the best changes.":
        "Décide pour chaque valeur d'un champ (p. ex. table.edge_distance=4..20) : où le meilleur choix change.",
    "Goal drawn on the chart [default: the first goal].":
        "But montré sur le graphique [par défaut : le premier].",
    "Evaluate the units on a local Dask cluster of N worker processes.":
        "Évalue les unités sur une grappe Dask locale de N processus.",
    "Evaluate the units on an existing Dask cluster: its scheduler's address (tcp://HOST:8786).":
        "Évalue les unités sur une grappe Dask existante : l'adresse de son ordonnanceur (tcp://HÔTE:8786).",
    "A scenario file of a rules system with list building (or a shipped example name such as "
    "warhammer/rank_broken_by_2_8th.toml); its two units are replaced in every cell.":
        "Un fichier de scénario d'un système qui gère les listes d'armée (ou un nom d'exemple fourni comme "
        "warhammer/rank_broken_by_2_8th.toml) ; ses deux unités sont remplacées dans chaque case.",
    "The BattleScribe game-system file (.gst) of the catalogues.":
        "Le fichier de système de jeu BattleScribe (.gst) des catalogues.",
    "auto = exact where a cell's scenario has an exact solver, else Monte Carlo.":
        "auto = exact quand le scénario d'une case a un calcul exact, sinon Monte-Carlo.",
    "Monte Carlo trials per cell (only for cells that are not exact).":
        "Tirages Monte-Carlo par case (seulement pour les cases sans calcul exact).",
    "Seed of the run; each cell's seed derives from it and the two unit names.":
        "Graine du calcul ; celle de chaque case en dérive, avec les noms des deux unités.",
    "Keep only units of these types, on both sides, comma-separated (Warhammer troop types: "
    "infantry,cavalry,monster…; French names too).":
        "Ne garde que les unités de ces types, des deux côtés, séparés par des virgules (types de troupe "
        "Warhammer : infantry,cavalry,monster… ; noms français acceptés).",
    "Keep only units whose points cost is in LOW..HIGH (e.g. 50..250, 100.., ..300), on both sides.":
        "Ne garde que les unités dont le coût en points est dans BAS..HAUT (par ex. 50..250, 100.., ..300), "
        "des deux côtés.",
    "Show only the N best units of each side (table and chart; --out keeps every cell).":
        "N'affiche que les N meilleures unités de chaque camp (tableau et graphique ; --out garde toutes les cases).",
    "What to print: the matrix (table, md, csv) or everything (json).":
        "Ce qui est affiché : la matrice (table, md, csv) ou tout (json).",
    "wide = the matrix of the total; cells = one row per pair with every outcome, points and per-100-points "
    "columns; long = one row per pair and outcome (tidy, CSV/JSON).":
        "wide = la matrice du total ; cells = une ligne par paire avec chaque résultat, les points et les "
        "colonnes pour 100 points ; long = une ligne par paire et par résultat (tidy, CSV/JSON).",
    "Also write the result to FILE (.json: everything, and what --resume reads; .csv: the --layout; .md: the "
    "matrix).":
        "Écrit aussi le résultat dans FICHIER (.json : tout, et ce que lit --resume ; .csv : le --layout ; "
        ".md : la matrice).",
    "Keep the cells already in --out FILE.json (of the same scenario, method, trials and seed) and compute only "
    "the others.":
        "Garde les cases déjà dans --out FICHIER.json (même scénario, méthode, tirages et graine) et ne calcule "
        "que les autres.",
    "Also draw the heatmap (.png or .svg).": "Dessine aussi la carte de chaleur (.png ou .svg).",
    "Run the cells on a local Dask cluster of N worker processes.":
        "Calcule les cases sur une grappe Dask locale de N processus.",
    "Run the cells on an existing Dask cluster: its scheduler's address (tcp://HOST:8786).":
        "Calcule les cases sur une grappe Dask existante : l'adresse de son ordonnanceur (tcp://HÔTE:8786).",
    "Show the version and exit.": "Affiche la version et quitte.",
    "Show this message and exit.": "Affiche cette aide et quitte.",
    "Monte Carlo trials [default: 1,000,000].": "Tirages Monte-Carlo [par défaut : 1\u00a0000\u00a0000].",
    "Run until every 95% Wilson half-width is below P (e.g. 0.001).":
        "Tire jusqu'à ce que chaque demi-largeur de Wilson à 95 % soit sous P (par ex. 0.001).",
    "Seed: the same seed gives the same counts on any number of threads.":
        "Graine : la même graine donne les mêmes comptes quel que soit le nombre de fils.",
    "Exact solver only.": "Calcul exact seulement.",
    "Monte Carlo only.": "Monte-Carlo seulement.",
    "Exact and Monte Carlo side by side (the default).": "Exact et Monte-Carlo côte à côte (par défaut).",
    "Language of labels and number format.": "Langue des libellés et format des nombres.",
    "en, or fr when FLEEODDS_LANG or the system locale (LANG) is French":
        "en, ou fr si FLEEODDS_LANG ou la langue du système (LANG) est le français",
    "Never show a progress bar.": "N'affiche jamais de barre de progression.",
    "Refuse inputs that change nothing in this situation (by default they are accepted with a note).":
        "Refuse les entrées qui ne changent rien dans cette situation (par défaut, elles sont acceptées avec une "
        "remarque).",
    "Output format. json holds every row and the manifest.":
        "Format de sortie. json contient chaque ligne et le manifeste.",
    "Write a chart (.png or .svg).": "Écrit un graphique (.png ou .svg).",
    "Also print the metric (turn, distance, damage) as exactly / at least / at most, and the rules the answer "
    "rests on with their sources.":
        "Affiche aussi la mesure (tour, distance, dégâts) : exactement / au moins / au plus, et les règles sur "
        "lesquelles repose la réponse avec leurs sources.",
    "Write the metric's distribution chart (exactly / at least / at most; .png or .svg).":
        "Écrit le graphique de la distribution de la mesure (exactement / au moins / au plus ; .png ou .svg).",
    "Write the output to a file instead of the terminal.": "Écrit la sortie dans un fichier plutôt qu'au terminal.",
    "Chart title [default: from the result].": "Titre du graphique [par défaut : celui du résultat].",
    "Line under the chart title.": "Ligne sous le titre du graphique.",
    "Title of the chart's x axis.": "Titre de l'axe des x du graphique.",
    "Title of the chart's y axis.": "Titre de l'axe des y du graphique.",
    "Title of the chart's legend (or colour bar).": "Titre de la légende (ou de l'échelle de couleurs).",
    "Keep outcomes that never happen in charts.": "Garde dans les graphiques les résultats qui n'arrivent jamais.",
    "Chart canvas: print (6.5 in, 300 dpi) or screen (9 in, 120 dpi).":
        "Format du graphique : print (6,5 po, 300 ppp) ou screen (9 po, 120 ppp).",
    "Copy the example NAME into the current folder, to edit it as your own scenario.":
        "Copie l'exemple NOM dans le dossier courant, pour le modifier comme votre propre scénario.",
    "Language of the titles and messages.": "Langue des titres et des messages.",
    "Name of each setup, in order (repeat the option); default: the file names.":
        "Nom de chaque configuration, dans l'ordre (répétez l'option) ; par défaut : les noms des fichiers.",
    "Treat the Monte Carlo runs as independent (wider difference intervals; for checks).":
        "Tirages Monte-Carlo indépendants (intervalles des écarts plus larges ; pour vérifier).",
    "Output format. csv/json hold every row with its difference interval.":
        "Format de sortie. csv/json contiennent chaque ligne avec l'intervalle de son écart.",
    "Grouped bar chart of the setups (.png or .svg).": "Graphique en barres groupées des configurations (.png ou .svg).",
    "Chart of the differences against the first setup, with their intervals (.png or .svg).":
        "Graphique des écarts avec la première configuration, avec leurs intervalles (.png ou .svg).",
    "Also print ordered outcomes as 'this or worse' / 'this or better' per setup.":
        "Affiche aussi les résultats ordonnés « ceci ou pire » / « ceci ou mieux » par configuration.",
    "A field and its values: a range 5..10 (or 0..20..5) or a list 2d6,3d6 / 6th,7th,8th. Repeat for a grid.":
        "Un champ et ses valeurs : une plage 5..10 (ou 0..20..5) ou une liste 2d6,3d6 / 6th,7th,8th. "
        "Répétez pour une grille.",
    "Outcome code drawn on a heatmap or a multi-line chart.":
        "Code du résultat dessiné sur une carte de chaleur ou un graphique à plusieurs courbes.",
    "With two fields: lines of --outcome along the first field, one per value of the second.":
        "Avec deux champs : des courbes de --outcome selon le premier champ, une par valeur du second.",
    "csv is tidy: one row per cell and outcome.": "csv est « tidy » : une ligne par case et par résultat.",
    "Line chart (one field) or heatmap (two fields), .png or .svg.":
        "Courbes (un champ) ou carte de chaleur (deux champs), .png ou .svg.",
    "Output folder [default: FOLDER/output].": "Dossier de sortie [par défaut : DOSSIER/output].",
    "Languages to produce (repeat) [default: en and fr].": "Langues à produire (répétez) [par défaut : en et fr].",
    "Only the analyses with these names (file stems).": "Seulement les analyses de ces noms (noms de fichiers).",
    "Language of the titles and descriptions.": "Langue des titres et des descriptions.",
    "Write the schema to a file.": "Écrit le schéma dans un fichier.",
    "Language of the names.": "Langue des noms.",
    "Address to listen on; anything but loopback makes the page reachable from other machines.":
        "Adresse d'écoute ; toute autre que la boucle locale rend la page accessible depuis d'autres machines.",
    "Address to listen on. Anything but loopback (127.0.0.0/8, localhost, ::1) needs --public.":
        "Adresse d'écoute. Toute autre que la boucle locale (127.0.0.0/8, localhost, ::1) demande --public.",
    "Hosted mode: allow a non-loopback --host (the page has no login: anyone who reaches it can use it and the "
    "machine's CPU).":
        "Mode hébergé : permet un --host hors de la boucle locale (la page n'a pas de connexion par mot de passe : "
        "quiconque l'atteint peut l'utiliser, ainsi que le processeur de la machine).",
    "Hosted mode: the address players use (https://odds.example.org/), e.g. behind a reverse proxy; share links "
    "are built on it and its host name is accepted in the Host header.":
        "Mode hébergé : l'adresse qu'utilisent les joueurs (https://odds.example.org/), par exemple derrière un "
        "proxy inverse ; les liens de partage sont construits dessus et son nom d'hôte est admis dans l'en-tête Host.",
    "Another host name accepted in the Host header (repeatable); loopback names always are.":
        "Un autre nom d'hôte admis dans l'en-tête Host (répétable) ; ceux de la boucle locale le sont toujours.",
    "Server processes (uvicorn's own workers), each with its own work queue.":
        "Processus serveurs (ceux qu'uvicorn gère lui-même), chacun avec sa propre file de calculs.",
    "Worker processes for the heavy work of each server process (exact solves, Monte Carlo, charts, comparisons, "
    "sweeps, uploads)  [default: 2]; 0: on threads of the server process.":
        "Processus de calcul pour le travail lourd de chaque processus serveur (calculs exacts, Monte-Carlo, "
        "graphiques, comparaisons, balayages, imports)  [défaut : 2] ; 0 : sur des fils du processus serveur.",
    "The page's language until the player picks one.":
        "La langue de la page tant que le joueur n'en a pas choisi une.",
    "Port to listen on.": "Port d'écoute.",
    "Open the page in the web browser.": "Ouvre la page dans le navigateur.",
    "The BattleScribe game-system file (.gst) the catalogue belongs to.":
        "Le fichier de système de jeu BattleScribe (.gst) du catalogue.",
    "The fleeodds rules system whose profiles to write (default: the only installed one with list building).":
        "Le système de règles fleeodds dont écrire les profils (par défaut : le seul installé qui gère les "
        "listes d'armée).",
    "Write the profiles to this TOML file (a profiles_file of the rules system).":
        "Écrit les profils dans ce fichier TOML (un profiles_file du système de règles).",
    "List every note and every unmapped rule.": "Liste chaque remarque et chaque règle non traduite.",
    "A scenario file of a rules system with list building (or a shipped example name such as "
    "warhammer/rank_broken_by_2_8th.toml).":
        "Un fichier de scénario d'un système qui gère les listes d'armée (ou un nom d'exemple fourni comme "
        "warhammer/rank_broken_by_2_8th.toml).",
    "The BattleScribe game-system file (.gst).": "Le fichier de système de jeu BattleScribe (.gst).",
    "The role each unit of the army takes in turn: a role of the scenario's rules system (Warhammer: fleeing or "
    "pursuing)  [default: the first, fleeing]":
        "Le rôle que prend tour à tour chaque unité de l'armée : un rôle du système de règles du scénario "
        "(Warhammer : fleeing ou pursuing) [par défaut : le premier, fleeing]",
    "The unit in the other role: a unit of the catalogue, a shipped profile, or FILE.toml[:NAME] (default: the "
    "scenario's).":
        "L'unité dans l'autre rôle : une unité du catalogue, un profil fourni ou FICHIER.toml[:NOM] (par défaut : "
        "celle du scénario).",
    "auto = exact where the scenario has an exact solver, else Monte Carlo.":
        "auto = exact quand le scénario a un calcul exact, sinon Monte-Carlo.",
    "Monte Carlo trials per unit (only when not exact).": "Tirages Monte-Carlo par unité (seulement sans calcul exact).",
    "Show only the first N units.": "N'affiche que les N premières unités.",
    "Also draw a chart (.png or .svg).": "Dessine aussi un graphique (.png ou .svg).",
    "List every import note and unmapped rule.": "Liste chaque remarque d'import et chaque règle non traduite.",
}

#: click's own headings and words of a help page.
HEADINGS = {"Usage: ": "Utilisation : ", "Options": "Options", "Commands": "Commandes", "Arguments": "Arguments"}

#: click's metavars in the options column (whole words; argument names such as SCENARIO stay, the
#: French help texts refer to them).
METAVARS = {"INTEGER RANGE": "ENTIER", "FLOAT RANGE": "NOMBRE", "INTEGER": "ENTIER", "FLOAT": "NOMBRE",
            "TEXT": "TEXTE", "FILE": "FICHIER", "DIRECTORY": "DOSSIER", "FOLDER": "DOSSIER", "PATH": "CHEMIN",
            "FIELD": "CHAMP", "NAME": "NOM", "VALUES": "VALEURS"}
