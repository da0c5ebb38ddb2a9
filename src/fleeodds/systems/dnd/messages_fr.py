"""French wording of the D&D / Pathfinder reasons in error messages (``--lang fr``).

A phrase table read by :func:`fleeodds.messages_fr.to_french` through ``SYSTEM.messages_fr``
(``§`` for a formatted part; quoted values kept as written, in order), with the French
rulebooks' terms: attaque d'opportunité, classe d'armure (CA), jet de sauvegarde contre la mort,
Acrobaties, Attaque éclair, Réflexes de combat, DMD / BMO.
"""

from __future__ import annotations

PHRASES: dict[str, str] = {
    "a number: write § without quotes (an integer from § to §), or a list of them, a range such as '14-20' or "
    "dice such as '1d6+13'":
        "un nombre : écrivez § sans guillemets (un entier de § à §), ou une liste de ces nombres, un intervalle "
        "comme '14-20' ou des dés comme '1d6+13'",
    "§ (no result changes with it: exact distribution, attacks, damage)":
        "§ (aucun résultat ne change avec lui : distribution exacte, attaques, dégâts)",
    "in this scenario: it gives the same results as leaving it out (no result changes: exact distribution, "
    "attacks, damage)":
        "dans ce scénario : il donne les mêmes résultats que sans lui (aucun résultat ne change : distribution "
        "exacte, attaques, dégâts)",
    "together with §.advantage = true (advantage and disadvantage cancel: write neither)":
        "avec §.advantage = true (l'avantage et le désavantage s'annulent : n'écrivez ni l'un ni l'autre)",
    "in situation 'death_saves' (a character already at 0 HP: only [death_saves] and [compare] apply)":
        "dans la situation 'death_saves' (un personnage déjà à 0 pv : seuls [death_saves] et [compare] "
        "s'appliquent)",
    "(required with situation = 'death_saves')": "(obligatoire avec situation = 'death_saves')",
    "a mixture whose opportunities differ in more than AC, attack bonus and Tumble DC, e.g. with "
    "tumble_order = 'best_first'":
        "un mélange dont les occasions diffèrent par plus que la CA, le bonus d'attaque et le DD d'Acrobaties, "
        "par ex. avec tumble_order = 'best_first'",
    "probabilities with a common denominator of at most §":
        "des probabilités de dénominateur commun d'au plus §",
    "dice notation whose numbers have at most § digits, such as 2d4+4":
        "une notation de dés dont les nombres ont au plus § chiffres, comme 2d4+4",
    "a § roll that can deal at least 1 (§ is at most §: it never deals damage)":
        "un jet § qui peut infliger au moins 1 (§ vaut au plus § : il n'inflige jamais de dégâts)",
    "(§ is out of range)": "(§ est hors de l'intervalle)",
    "(this field is required)": "(ce champ est obligatoire)",
    "either runner.tumble or runner.acrobatics, not both": "runner.tumble ou runner.acrobatics, pas les deux",
    "an integer attack bonus (required unless a preset gives it)":
        "un bonus d'attaque entier (obligatoire sauf si un preset le donne)",
    "dice notation such as 2d4+4 (required unless a preset gives it)":
        "une notation de dés comme 2d4+4 (obligatoire sauf si un preset la donne)",
    "dice notation such as 1d6 ('' or no field for no extra damage)":
        "une notation de dés comme 1d6 ('' ou pas de champ s'il n'y a pas de dégâts supplémentaires)",
    "an integer CMD (required when an enemy has stand_still)":
        "un DMD entier (obligatoire quand un ennemi a stand_still)",
    "false with § = § (a full-round action leaves no action to provoke with)":
        "false avec § = § (une action complexe ne laisse aucune action qui provoque)",
    "false unless combat_reflexes = true (Stand Still requires Combat Reflexes)":
        "false sauf si combat_reflexes = true (Arrêt net demande Réflexes de combat)",
    "an integer combat maneuver bonus (required by stand_still)":
        "un bonus de manœuvre offensive (BMO) entier (obligatoire avec stand_still)",
    "outside 5e (3.5/PF dying has no death saving throws)":
        "hors de la 5e (un mourant en 3.5/PF ne fait pas de jets de sauvegarde contre la mort)",
    "unless options.death_saves_in_exchange = true (the death saves are not rolled otherwise)":
        "sauf si options.death_saves_in_exchange = true (sinon les jets de sauvegarde contre la mort ne sont "
        "pas lancés)",
    "uncertain values with at most § combinations in all":
        "des valeurs incertaines avec au plus § combinaisons en tout",
    "unless an enemy has spring_attack_target = true (Spring Attack only spares the one foe the runner attacks "
    "during its move: 3.5 SRD / PF1 CRB Feats)":
        "sauf si un ennemi a spring_attack_target = true (Attaque éclair n'épargne que l'adversaire que le "
        "personnage attaque pendant son déplacement : 3.5 SRD / PF1 CRB, Dons)",
    "one Spring Attack target: the feat attacks a single foe during the move (3.5/PF1 Spring Attack)":
        "une seule cible d'Attaque éclair : le don attaque un seul adversaire pendant le déplacement "
        "(Attaque éclair, 3.5/PF1)",
    "false for a foe adjacent at the start of the turn (PF1 Spring Attack), or threatens_start = false":
        "false pour un adversaire adjacent au début du tour (Attaque éclair, PF1), ou threatens_start = false",
    "unless attacks_on_turn >= 2 (Vex gives advantage on this foe's next attack against the runner: leaving, it "
    "attacks once, with its one reaction; staying, it attacks attacks_on_turn times)":
        "sauf si attacks_on_turn >= 2 (la maîtrise vex donne l'avantage à la prochaine attaque de cet adversaire "
        "contre le personnage : s'il part, l'adversaire attaque une fois, avec son unique réaction ; s'il "
        "reste, il attaque attacks_on_turn fois)",
    "with options.push_2024 = 'none' (the push then takes the runner out of no other foe's reach)":
        "avec options.push_2024 = 'none' (la poussée ne sort alors le personnage de l'allonge d'aucun autre "
        "adversaire)",
    "a push that ends this foe's own grapple (on_hit = 'grapple')":
        "une poussée qui met fin à la lutte de cet adversaire lui-même (on_hit = 'grapple')",
    "the runner's § modifier (required by § = §; 3.5 Tumble is trained only)":
        "le modificateur de § du personnage (obligatoire avec § = § ; en 3.5, Acrobaties n'est utilisable "
        "qu'avec une formation)",
    "'none' or 'light' for § = § (Acrobatics cannot be used in medium or heavy armour)":
        "'none' ou 'light' pour § = § (Acrobaties ne s'utilise pas en armure intermédiaire ou lourde)",
    "(the lower bound first)": "(la borne basse d'abord)",
    "a movement mode such as 'move', 'withdraw', 'tumble', 'five_foot_step', 'stay' (5e: 'move', 'dash', "
    "'disengage', 'stay', 'teleport', 'forced')":
        "un mode de déplacement comme 'move', 'withdraw', 'tumble', 'five_foot_step', 'stay' (5e : 'move', "
        "'dash', 'disengage', 'stay', 'teleport', 'forced')",
    "a list of modes such as ['move', 'withdraw', 'tumble', 'five_foot_step', 'stay'], or 'auto'":
        "une liste de modes comme ['move', 'withdraw', 'tumble', 'five_foot_step', 'stay'], ou 'auto'",
    "a table of setups, e.g. \"withdraw\" = { \"mode\" = \"withdraw\" }":
        "une table de configurations, par ex. \"withdraw\" = { \"mode\" = \"withdraw\" }",
    "a [runner] table (hp, ac, … or preset = '…') (required)":
        "une table [runner] (hp, ac, … ou preset = '…') (obligatoire)",
    "an [options] table": "une table [options]",
    "(Armour Class)": "(classe d'armure)",
    "(Constitution score)": "(valeur de Constitution)",
    "(skill modifier), or omit when untrained": "(modificateur de compétence), ou omis sans formation",
    "(CMD)": "(DMD)",
    "a list of feat names": "une liste de noms de dons",
    "the index (from 0) of an enemy in the enemies list": "l'indice (à partir de 0) d'un ennemi dans la liste enemies",
    "a miss chance in percent, 0 to 100 (20 concealment, 50 total)":
        "un risque d'échec en pourcentage, de 0 à 100 (20 camouflage, 50 camouflage total)",
    "(at most 100 characters)": "(au plus 100 caractères)",
    "(attacks of opportunity left this round)": "(attaques d'opportunité restantes ce round)",
    "(threatened squares of this enemy the runner leaves)":
        "(cases menacées par cet ennemi que le personnage quitte)",
    "(identical enemies passed one after the other)": "(ennemis identiques dépassés l'un après l'autre)",
    "(HP at or below which the runner is dead)": "(pv auxquels ou sous lesquels le personnage est mort)",
    "uncertain values:": "valeurs incertaines :",
    "an enemy index from 0 to §": "un indice d'ennemi de 0 à §",
    "a list of the [[enemies]] indices from 0, each once, e.g. [1, 0, 2]":
        "une liste des numéros des tables [[enemies]] à partir de 0, chacun une fois, p. ex. [1, 0, 2]",
    "a list of the [[enemies]] indices from 0 to §, each once (the order the runner passes them)":
        "une liste des numéros des tables [[enemies]] de 0 à §, chacun une fois (l'ordre dans lequel le fuyard "
        "les dépasse)",
    "an integer from § to §, a list of them, a range such as '14-20' or dice such as '1d6+13'":
        "un entier de § à §, une liste d'entiers, un intervalle comme '14-20' ou des dés comme '1d6+13'",
    "in situation 'leave_melee' (the runner starts up: its failures come from the damage taken at 0 HP; for a "
    "character already at 0 HP write situation = 'death_saves')":
        "dans la situation 'leave_melee' (le personnage commence debout : ses échecs viennent des dégâts subis à "
        "0 pv ; pour un personnage déjà à 0 pv, écrivez situation = 'death_saves')",
    "an integer CMD (Pathfinder Acrobatics DC; required by § = §)":
        "un DMD entier (DD d'Acrobaties de Pathfinder ; obligatoire avec § = §)",
    "the name of a runner preset such as 'srd35_wizard_1'":
        "le nom d'un preset de personnage comme 'srd35_wizard_1'",
    "the name of an enemy preset such as 'srd35_orc_falchion'": "le nom d'un preset d'ennemi comme 'srd35_orc_falchion'",
    # -- why an input changes nothing (the `_refuse_if` contexts) ------------------------------
    "in 5e (5e has no provoking action besides leaving reach)":
        "en 5e (en 5e, seule la sortie de l'allonge provoque)",
    "outside 5e 2024 (weapon masteries are 2024 rules: PHB 2024 ch. 6)":
        "hors de la 5e 2024 (les maîtrises d'armes sont des règles de 2024 : PHB 2024, chap. 6)",
    "outside 5e 2024 (weapon masteries are 2024 rules)": "hors de la 5e 2024 (les maîtrises d'armes sont des règles de 2024)",
    "unless an enemy has mastery = 'push'": "sauf si un ennemi a mastery = 'push'",
    "unless an enemy has on_hit = 'prone'": "sauf si un ennemi a on_hit = 'prone'",
    "§ (3.5/PF have no death saving throws)": "§ (la 3.5 et PF n'ont pas de jets de sauvegarde contre la mort)",
    "outside 5e 2024 (edition = '5e2024')": "hors de la 5e 2024 (edition = '5e2024')",
    "unless an enemy has sentinel = true": "sauf si un ennemi a sentinel = true",
    "with a single enemy (nothing else is triggered by the same step)":
        "avec un seul ennemi (le même pas ne déclenche rien d'autre)",
    "when the scenario lists its enemies (it names the single enemy when enemies is left out)":
        "quand le scénario liste ses ennemis (il nomme l'ennemi unique quand enemies est omis)",
    "in 3.5 (only 5e instant death and the Pathfinder massive-damage threshold use it)":
        "en 3.5 (seuls la mort instantanée de la 5e et le seuil de dégâts massifs de Pathfinder s'en servent)",
    "§ (only a 3.5/PF run loses Dexterity to AC)":
        "§ (seul un déplacement en 3.5/PF fait perdre le bonus de Dextérité à la CA)",
    "outside Pathfinder (only its dying rules use the Constitution score; 5e: con_save)":
        "hors de Pathfinder (seules ses règles d'agonie utilisent la valeur de Constitution ; 5e : con_save)",
    "§ (Fortitude saves against massive damage are 3.5/PF)":
        "§ (les jets de Vigueur contre les dégâts massifs sont de la 3.5/PF)",
    "unless options.massive_damage = true (its only use is the DC 15 save against massive damage)":
        "sauf si options.massive_damage = true (il ne sert qu'au jet DD 15 contre les dégâts massifs)",
    "outside Pathfinder (its only use is against Stand Still)":
        "hors de Pathfinder (il ne sert que contre stand_still)",
    "outside Pathfinder (its only use is Stand Still)": "hors de Pathfinder (il ne sert qu'à stand_still)",
    "unless an enemy has stand_still = true": "sauf si un ennemi a stand_still = true",
    "outside 3.5 (Pathfinder Dodge applies against every foe; 5e has no Dodge feat)":
        "hors de la 3.5 (l'Esquive de Pathfinder vaut contre tous les adversaires ; la 5e n'a pas de don Esquive)",
    "without the dodge feat": "sans le don dodge (Esquive)",
    "§ (3.5/PF monsters use the same HP states)": "§ (les monstres de 3.5/PF ont les mêmes états de pv)",
    "§ (3.5/PF: use damage_reduction)": "§ (3.5/PF : utilisez damage_reduction)",
    "outside Pathfinder (only Pathfinder Acrobatics depends on armour)":
        "hors de Pathfinder (seules les Acrobaties de Pathfinder dépendent de l'armure)",
    "§ (5e has no Tumble mode)": "§ (la 5e n'a pas de mode Acrobaties)",
    "§ (3.5/PF: fort)": "§ (3.5/PF : fort)",
    "unless an enemy's prone rider calls for a 12 save (on_hit = 'prone', on_hit_save = '12', on_hit_save_dc)":
        "sauf si l'effet renversé d'un ennemi demande un jet de sauvegarde de 12 (on_hit = 'prone', on_hit_save = "
        "'12', on_hit_save_dc)",
    "§ (5e criticals double the damage dice)": "§ (en 5e, un critique double les dés de dégâts)",
    "§ (one reaction per round; set aoo_left)": "§ (une réaction par round ; donnez aoo_left)",
    "§ (one reaction per round)": "§ (une réaction par round)",
    "without combat_reflexes = true (it only adds attacks of opportunity with Combat Reflexes)":
        "sans combat_reflexes = true (il n'ajoute des attaques d'opportunité qu'avec Réflexes de combat)",
    "when aoo_left or options.aoo_per_round gives the attacks of opportunity":
        "quand aoo_left ou options.aoo_per_round donne les attaques d'opportunité",
    "§ (Pathfinder: use stand_still)": "§ (Pathfinder : utilisez stand_still)",
    "§ (5e: the Mobile feat, attacked_by_runner)": "§ (5e : le don Mobile, attacked_by_runner)",
    "unless the runner has the spring_attack feat": "sauf si le personnage a le don spring_attack (Attaque éclair)",
    "outside Pathfinder (5e: use sentinel)": "hors de Pathfinder (5e : utilisez sentinel)",
    "without stand_still = true": "sans stand_still = true",
    "outside Pathfinder (its only use is the Acrobatics DC)": "hors de Pathfinder (il ne sert qu'au DD d'Acrobaties)",
    "outside 5e 2014 (its only use is the 2014 Mobile feat)": "hors de la 5e 2014 (il ne sert qu'au don Mobile de 2014)",
    "unless the runner has the mobile feat": "sauf si le personnage a le don mobile (Mobile)",
    "unless on_hit = 'prone' (grapple and slow riders have no saving throw here)":
        "sauf si on_hit = 'prone' (les effets lutte et ralenti n'ont pas de jet de sauvegarde ici)",
    "without on_hit = 'prone' and on_hit_save_dc": "sans on_hit = 'prone' et on_hit_save_dc",
    "§ (5e has no withdraw, 5-foot step or Tumble)":
        "§ (la 5e n'a ni retraite, ni pas de placement de 1,50 m, ni Acrobaties)",
    "on an enemy (its own AC and hit points play no part in leaving melee)":
        "sur un ennemi (sa CA et ses pv ne jouent aucun rôle quand on quitte la mêlée)",
    "(5e has no disabled state at 0 HP)": "(la 5e n'a pas d'état hors de combat à 0 pv)",
    "(5e criticals need no confirmation)": "(en 5e, un critique n'a pas besoin de confirmation)",
    "(5e has no minimum damage)": "(la 5e n'a pas de dégâts minimaux)",
    "(5e uses death saving throws and instant death)":
        "(la 5e utilise les jets de sauvegarde contre la mort et la mort instantanée)",
    "(5e instant death from massive damage always applies)":
        "(en 5e, la mort instantanée par dégâts massifs s'applique toujours)",
    "(5e has no withdraw)": "(la 5e n'a pas de retraite)",
    "outside 5e (it is a 5e rule)": "hors de la 5e (c'est une règle de la 5e)",
    "with mode = § (teleporting or being moved provokes no opportunity attack: the runner never drops in this "
    "exchange, so no death saving throw is rolled; for a character already at 0 HP write situation = 'death_saves')":
        "avec mode = § (être téléporté ou déplacé ne provoque aucune attaque d'opportunité : le personnage ne tombe "
        "jamais dans cet échange, donc aucun jet de sauvegarde contre la mort n'est lancé ; pour un personnage déjà "
        "à 0 pv, écrivez situation = 'death_saves')",
    "§ or § (death saving throws are 5e; 3.5/PF dying: options.death_saves_in_exchange)":
        "§ ou § (les jets de sauvegarde contre la mort sont de la 5e ; agonie en 3.5/PF : "
        "options.death_saves_in_exchange)",
    "a text string": "un texte",
    "an integer from § to §, a list of them ([14, 16, 18]), a range such as '14-20' or dice such as '1d6+13' whose "
    "values are from § to §":
        "un entier de § à §, une liste d'entiers ([14, 16, 18]), un intervalle comme '14-20' ou des dés comme "
        "'1d6+13' dont les valeurs vont de § à §",
    "a list of [[enemies]] tables, in the order the runner leaves them (at least one threatening enemy, at most § "
    "tables)":
        "une liste de tables [[enemies]], dans l'ordre où le personnage les quitte (au moins un ennemi qui menace, "
        "au plus § tables)",
    "a multiple of 5 feet from § to §": "un multiple de 5 pieds de § à §",
    "(the runner's current hit points, up to §)": "(les points de vie actuels du personnage, jusqu'à §)",
    "at least two different modes (or omit the field)": "au moins deux modes différents (ou omettez le champ)",
    "(no result changes with it: exact distribution, attacks, damage)":
        "(aucun résultat ne change avec lui : distribution exacte, attaques, dégâts)",
    "it gives the same results as leaving it out": "il donne les mêmes résultats que sans lui",
    "(no result changes: exact distribution, attacks, damage)":
        "(aucun résultat ne change : distribution exacte, attaques, dégâts)",
    # issue 30: audit rulings, reactions, the chase
    "(the Shield spell of SRD 5.1 / 5.2)": "(le sort Bouclier des DRS 5.1 / 5.2)",
    "(Uncanny Dodge of SRD 5.1 / 5.2)": "(l'Esquive instinctive des DRS 5.1 / 5.2)",
    "with runner.shield_slots: both spend the runner's one reaction, and which to keep for which hit is a choice "
    "fleeodds does not make; give one of the two":
        "avec runner.shield_slots : les deux dépensent l'unique réaction du fuyard, et fleeodds ne choisit pas "
        "laquelle garder pour quel coup ; n'en donnez qu'une",
    "5e has no percentile miss chance: a runner the foe cannot see provokes no opportunity attack, write "
    "runner.total_concealment = true; a lightly obscured runner changes no attack roll; a foe that attacks with "
    "Disadvantage: enemies.N.disadvantage = true":
        "la 5e n'a pas de probabilité d'échec en pourcentage : un fuyard que l'ennemi ne voit pas ne provoque "
        "aucune attaque d'opportunité, écrivez runner.total_concealment = true ; un fuyard dans une zone "
        "légèrement obscurcie ne change aucun jet d'attaque ; un ennemi qui attaque avec un désavantage : "
        "enemies.N.disadvantage = true",
    "in 5e unless options.flanking_5e = true (flanking is an optional rule of the Dungeon Master's Guide, off by "
    "default)":
        "en 5e sauf si options.flanking_5e = true (la prise en tenaille est une règle optionnelle du livre du "
        "meneur, désactivée par défaut)",
    "in 5e 2024 (SRD 5.2 Rules Glossary, 'Surprise': a surprised creature has Disadvantage on its Initiative "
    "roll and keeps its reaction, so it still makes its opportunity attack)":
        "en 5e 2024 (DRS 5.2, glossaire des règles, « Surprise » : une créature surprise a le désavantage à son "
        "jet d'initiative et garde sa réaction, elle fait donc encore son attaque d'opportunité)",
    "with mode = § (Spring Attack spares its target during a move within the attack action: modes move and "
    "tumble; a withdraw, a 5-foot step or staying makes no such move)":
        "avec mode = § (Attaque éclair épargne sa cible pendant un déplacement au sein de l'action d'attaque : "
        "modes « déplacement » et « Acrobaties » ; une retraite, un pas de placement ou rester au contact n'en font pas)",
    "unless mastery = 'graze' (5e 2024: the damage a grazing miss deals)":
        "sauf si mastery = 'graze' (5e 2024 : les dégâts d'un raté qui écorche)",
    "a mode other than 'run' with enemies.§.spring_attack_target = true (Spring Attack works within the attack "
    "action: a standard action in 3.5 SRD Feats, a full-round action in PF1 CRB Feats; Run is a full-round "
    "action, so the two never combine)":
        "un mode autre que 'run' avec enemies.§.spring_attack_target = true (Attaque éclair agit au sein de "
        "l'action d'attaque : une action simple dans les dons du DRS 3.5, une action complexe dans ceux de PF1 ; "
        "la course est une action complexe, les deux ne se combinent donc jamais)",
    "a mode other than 'withdraw' with runner.blinded = true (3.5 SRD / PF1 CRB Combat, 'Withdraw': you can't "
    "withdraw from combat if you're blinded)":
        "un mode autre que 'withdraw' avec runner.blinded = true (DRS 3.5 / PF1, Combat, « Retraite » : on ne "
        "peut pas battre en retraite en étant aveuglé)",
    "(3.5/PF flanking is always +2)": "(en 3.5/PF la prise en tenaille donne toujours +2)",
    "unless an enemy has flanking = true": "sauf si un ennemi a flanking = true",
    "one choice or a list of § (one per round: chase.rounds)":
        "un choix ou une liste de § (un par round : chase.rounds)",
    "'move', 'dash' or 'disengage' unless chase.cunning_action = true (a bonus action Dash or Disengage is the "
    "rogue's Cunning Action)":
        "'move', 'dash' ou 'disengage' sauf si chase.cunning_action = true (foncer ou se désengager par une "
        "action bonus, c'est la Ruse du roublard)",
    "a list of [[chase.pursuers]] tables (at least one; required)":
        "une liste de tables [[chase.pursuers]] (au moins une ; obligatoire)",
    "dice notation such as 1d12+3 (required unless a preset gives it)":
        "une notation de dés comme 1d12+3 (obligatoire sauf si un profil la donne)",
    "an integer from 0 to 20 (spell slots left for Shield)":
        "un entier de 0 à 20 (emplacements de sort restants pour Bouclier)",
    "in situation 'leave_melee' (the chase after leaving melee is its own situation: write situation = 'chase')":
        "dans la situation 'leave_melee' (la poursuite après la mêlée est une situation à part : écrivez "
        "situation = 'chase')",
    "'3.5', 'pf1', '5e2014' or '5e2024'": "'3.5', 'pf1', '5e2014' ou '5e2024'",
    "false in 3.5/PF (5e only in the chase: running and charging cannot cross difficult terrain, the dying rules "
    "differ)":
        "faux en 3.5/PF (5e seulement dans la poursuite : on ne peut ni courir ni faire une charge en terrain difficile, "
        "les règles de l'agonie diffèrent)",
    "false in 3.5/PF (the 5e orc's Aggressive and shooters are 5e only in the chase)":
        "faux en 3.5/PF (l'Agressif de l'orque 5e et les tireurs n'existent qu'en 5e dans la poursuite)",
    "in 5e (a critical doubles the dice)": "en 5e (un critique double les dés)",
    "in situation 'chase' (3.5/PF: it reads the runner's hp, ac, dex_bonus and con)":
        "dans la situation 'chase' (3.5/PF : elle lit les champs runner.hp, runner.ac, runner.dex_bonus et "
        "runner.con)",
    "in situation 'chase' (the pursuers are [[chase.pursuers]]; the chase's own choices are in [chase]; with "
    "chase.after_exchange = true the exchange's mode, [[enemies]] and [options] are read)":
        "dans la situation 'chase' (les poursuivants sont dans [[chase.pursuers]] ; les choix de la poursuite "
        "sont dans [chase] ; avec chase.after_exchange = true le mode, les [[enemies]] et les [options] de "
        "l'échange sont lus)",
    "[[enemies]] tables: the exchange of leaving melee played before the chase (required with "
    "chase.after_exchange = true)":
        "des tables [[enemies]] : l'échange pour quitter le corps à corps joué avant la poursuite (obligatoires "
        "avec chase.after_exchange = true)",
    "in situation 'chase' (the exchange before the chase is read by the damage taken; the chase's metric is the "
    "round)":
        "dans la situation 'chase' (l'échange avant la poursuite est lu par les dégâts subis ; la métrique de la "
        "poursuite est le round)",
    "false with chase.after_exchange (the chase follows the fall itself: chase.death_saves)":
        "faux avec chase.after_exchange (la poursuite suit elle-même la chute : chase.death_saves)",
    "true with chase.after_exchange and chase.death_saves (the death-save failures of hits at 0 HP during the "
    "exchange are not carried into the chase)":
        "vrai avec chase.after_exchange et chase.death_saves (les échecs aux jets contre la mort des coups reçus à "
        "0 pv pendant l'échange ne sont pas reportés dans la poursuite)",
    "one kind of slowing rider before a chase (the exchange's 'slowed' does not say whether the runner is prone "
    "or slowed)":
        "une seule sorte d'effet ralentissant avant une poursuite (le résultat « ralenti » de l'échange ne dit pas si "
        "le fuyard est à terre ou ralenti)",
    "a single integer AC with chase.after_exchange (the exchange and the chase would have to share one drawn AC)":
        "une seule CA entière avec chase.after_exchange (l'échange et la poursuite devraient partager la même CA "
        "tirée)",
    "a single integer AC in situation 'chase' (an uncertain AC is read by the exchange only)":
        "une seule CA entière en situation 'chase' (une CA incertaine n'est lue que par l'échange)",
    "unless chase.death_saves = true (the chase ends at the drop)":
        "sauf si chase.death_saves = true (la poursuite s'arrête à la chute)",
    "(required with situation = 'chase')": "(obligatoire avec situation = 'chase')",
    "a [chase] table with rounds, distance, speed, actions and [[chase.pursuers]] (required with situation = "
    "'chase')":
        "une table [chase] avec chase.rounds, chase.distance, chase.speed, chase.actions et [[chase.pursuers]] (obligatoire avec "
        "situation = 'chase')",
    "in situation 'chase' (it reads the runner's hp, hp_max, ac and resistance)":
        "dans la situation 'chase' (elle lit les champs runner.hp, runner.hp_max, runner.ac et runner.resistance)",
    "outside 5e 2024 (2014 Polearm Master's attack on entering is an opportunity attack: Disengage prevents it, "
    "and moving away it only replaces the one on leaving, with the same reaction)":
        "hors de la 5e 2024 (en 2014, l'attaque de Maître des armes d'hast à l'entrée est une attaque "
        "d'opportunité : se désengager l'empêche, et en s'éloignant elle ne fait que remplacer celle de la "
        "sortie, avec la même réaction)",
    "with threatens_start = true (the runner starts inside its reach and never enters it)":
        "avec threatens_start = true (le fuyard part de son allonge et n'y entre jamais)",
    "with runner.blinded = true (Uncanny Dodge needs an attacker the rogue can see)":
        "avec runner.blinded = true (l'Esquive instinctive exige un attaquant que le roublard voit)",
    "one of 'move', 'dash', 'disengage', 'dash+disengage', 'dash+dash', or a list of them (one per round)":
        "l'un de 'move', 'dash', 'disengage', 'dash+disengage', 'dash+dash', ou une liste de ces choix (un par "
        "round)",
    "in 5e (no trip attack of opportunity: use on_hit = 'prone')":
        "en 5e (pas de croc-en-jambe en attaque d'opportunité : utilisez on_hit = 'prone')",
    "unless trip = true (3.5/PF)": "sauf si trip = true (3.5/PF)",
    "outside 3.5 or without trip = true (only the 3.5 feat gives the attack after a trip; Pathfinder's +2 goes in "
    "trip_check)":
        "hors de la 3.5 ou sans trip = true (seul le don de la 3.5 donne l'attaque après le croc-en-jambe ; le +2 "
        "de Pathfinder se met dans trip_check)",
    "outside 3.5 or without an enemy with trip = true (Pathfinder: runner.cmd)":
        "hors de la 3.5 ou sans ennemi avec trip = true (Pathfinder : runner.cmd)",
    "an integer CMD (required when an enemy has trip = true)":
        "un DMD entier (obligatoire quand un ennemi a trip = true)",
    "an integer trip modifier (required by trip = true)":
        "un modificateur de croc-en-jambe entier (obligatoire avec trip = true)",
    "false in 5e (3.5/PF only: a 5e trip is a prone rider of the exchange, on_hit = 'prone')":
        "faux en 5e (3.5/PF seulement : en 5e, un croc-en-jambe est un effet « à terre » de l'échange, "
        "on_hit = 'prone')",
    "false in Pathfinder 1e (its Improved Trip gives no free attack; put its +2 in trip_check)":
        "faux en Pathfinder 1e (sa Science du croc-en-jambe ne donne aucune attaque gratuite ; mettez son +2 "
        "dans trip_check)",
    "false unless trip = true": "faux sauf si trip = true",
    "an integer CMD (required when a pursuer has trip = true)":
        "un DMD entier (obligatoire quand un poursuivant a trip = true)",
    "fewer rounds or tripping pursuers (more than § ways the trips can fall)":
        "moins de tours ou de poursuivants qui font des crocs-en-jambe (plus de § façons dont les "
        "crocs-en-jambe peuvent tomber)",
    "in this chase (read against a pursuer's trip: runner.touch_ac and runner.trip_defence in 3.5, runner.cmd in "
    "Pathfinder 1e)":
        "dans cette poursuite (lu contre le croc-en-jambe d'un poursuivant : runner.touch_ac et runner.trip_defence "
        "en 3.5, runner.cmd en Pathfinder 1e)",
    "unless combat_reflexes = true (the chase reads a pursuer's Dex bonus for its extra attacks of opportunity "
    "only)":
        "sauf si combat_reflexes = true (la poursuite ne lit le bonus de Dextérité d'un poursuivant que pour ses "
        "attaques d'opportunité supplémentaires)",
    "false in 3.5/PF (5e only in the chase: the rogue's Cunning Action; the exchange before the chase)":
        "faux en 3.5/PF (5e seulement dans la poursuite : la Ruse du roublard ; l'échange avant la poursuite)",
    "3.5/PF: the pursuers finishing off the dying runner; false, the default there, leaves it where it fell":
        "3.5/PF : le coup de grâce des poursuivants sur le fuyard mourant ; faux, la valeur par défaut dans ces "
        "éditions, le laisse où il est tombé",
    "'move', 'double_move' or 'withdraw' with chase.difficult_terrain = true (no run across difficult terrain)":
        "'move', 'double_move' ou 'withdraw' avec chase.difficult_terrain = true (pas de course en terrain "
        "difficile)",
    "false in 3.5/PF (the 5e orc's Aggressive)": "faux en 3.5/PF (l'Agressif de l'orque de la 5e)",
    "the weapon's range increment in feet (required by ranged = true in 3.5/PF)":
        "le facteur de portée de l'arme en pieds (obligatoire avec ranged = true en 3.5/PF)",
    "false unless ranged = true in 3.5/PF (5e: range_normal and range_long)":
        "faux sauf avec ranged = true en 3.5/PF (5e : range_normal et range_long)",
    "unless ranged = true in 3.5/PF (5e: range_normal and range_long)":
        "sauf avec ranged = true en 3.5/PF (5e : range_normal et range_long)",
    "in 3.5/PF (range_increment gives the range)": "en 3.5/PF (range_increment donne la portée)",
}
