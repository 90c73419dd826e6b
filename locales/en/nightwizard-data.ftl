# Night Wizard: the words around the data's names and texts (skills, items, enemies, classes) outside
# combat: the catalogue pages, custom entries, the equipment rules (locales/ja/nightwizard-data.ftl).

# A skill and its SL in a list: `Shadow Step 1`.
nw-data-skill-sl = { $name } { $sl }
nw-join-space = { $a } { $b }

## The skills, items and enemies a group adds in chat (character/catalog_cmds.rs).
nw-data-mods-form = `{ $part }`: write modifiers as stat=number, e.g. pacc=1 eva=-1
nw-data-mods-number = `{ $part }`: the value must be a whole number
nw-data-mods-range = `{ $part }`: modifiers run from -50 to 50
# A modifier: $stat (nw-data-mod-stat), $value with its sign.
nw-data-mod = { $stat } { $value }
# $stat: pacc … spd, body or mind; $text: as the English shows it.
nw-data-mod-stat = { $stat ->
       *[other] { $text }
    }
# A skill's class: $id (general or a class id), $name: the class as named.
nw-data-class-id = { $id ->
       *[other] { $name }
    }
nw-data-skill-exists = a skill named { $name } already exists.
# $general: yes or no; $class: the class id.
nw-data-skill-added = { $player } added the skill { $name } ({ $general ->
        [yes] General
       *[no] { $class }
    }).
nw-data-skills-title = Skills
# $hascategory: yes or no.
nw-data-skill-line = { $name } ({ $class }{ $hascategory ->
        [no] {""}
       *[yes] , { $category }
    }, max SL { $max }): { $effect }
nw-data-no-skill = there is no skill `{ $value }`.
nw-data-skill-page-title = { $name }
# $mods: nw-data-skill-mods, or empty.
nw-data-skill-page = Class { $class } · Category { $category } · Acquire CL { $cl } · Max SL { $max }
    Timing { $timing } · Check { $check } · Target { $target } · Range { $range } · Cost { $cost } · Restrict { $restrict }
    { $effect }
    { $mods }
nw-data-skill-mods = Modifiers per SL: { $mods }
nw-data-target = { $id ->
       *[other] { $text }
    }
nw-data-range = { $id ->
       *[other] { $text }
    }
nw-data-item-exists = an item named { $name } already exists.
nw-data-item-added = { $player } added the item { $name } ({ $kind }, { $price } valco).
nw-data-items-title = Items
# $mods: the modifiers, or empty.
nw-data-item-line = { $name } ({ $kind }, { $slot }, weight { $weight }, { $price } valco) { $mods }
nw-data-enemy-add-gm = only the GM (the host of this channel's session, or a channel manager) adds enemies.
nw-data-enemy-exists = an enemy named { $name } already exists.
nw-data-enemy-added = Enemy { $name } added (GM only).
nw-data-enemy-list-gm = only the GM lists enemy data.
nw-data-enemies-title = Enemies
nw-data-enemy-line = { $name } ({ $kind }) HP { $hp } MP { $mp } · { $stats } · { $attack }
nw-data-enemy-needs-session = `/nwenemy spawn`, `reveal` and `note` need a session.


## Equipment (character/derive.rs, §14) and Broom Options (data::ItemDef::unfit_for, §14.8).
nw-data-maou-both = { $a } and { $b } are both Maou Enchantments: only one may be equipped (§14.7).
nw-data-no-slot = { $name } has no slot; it works from the Inventory.
# $slot: the slot's id (head, upper, …).
nw-data-slot-both = { $a } and { $b } both need the { $slot } slot.
nw-data-hands = that needs more than two hands.
nw-data-memory = equipped enchantments need { $memory } Memory; the limit is { $limit } (Spirit + CL).
nw-data-option-no-broom = { $name } is fitted to a Broom you have equipped, and you have none equipped (§14.8): take the Options off (`unequip`) before the Broom.
# $type: the Option's Type; $types: the Broom's.
nw-data-option-type = { $name } is a Type: { $type } Option; the { $broom } is Type: { $types } (§14.8: an Option's Type must match its Broom's).
nw-data-option-only = { $name } is "{ $only } Only": it fits only a Broom of Category { $only }, and the { $broom } is not one (§14.8).
nw-data-option-capacity = { $name } occupies { $occupy } and the { $broom } has { $free } of its Capacity { $capacity } free (§14.8: without enough Capacity an Option cannot be fitted).

## The one validation of a character (character/validation.rs).
nw-data-bad-name = the name must be 1-40 characters.
nw-data-unknown-class = unknown class `{ $id }`.
nw-data-unknown-element = unknown element `{ $id }`.
nw-data-bad-bonus = the bonus attribute is number { $n }; there are six (0-5).
nw-data-cl-zero = CL 0: a character starts at CL 1.
nw-data-cl1-class-change = a class change is part of a level up, so a CL 1 character has none.
nw-data-unknown-skill = unknown skill `{ $id }`.
nw-data-skill-twice = { $name } is listed twice.
nw-data-skill-sl-range = { $name } SL { $sl }: its SL is 1 to { $max }.
nw-data-skill-creation-sl = { $name } SL { $sl }: no skill goes above SL { $max } at creation (CL 1).
nw-data-skill-needs-cl = { $name } needs CL { $need }; the character is CL { $cl }.
nw-data-skill-other-class = { $name } is a { $class } skill; the character's classes are { $a } and { $b }.
# $class: the class id.
nw-data-secret-over = { $have } Secret skills from { $class }: only { $limit } Secret skill(s) from that class.
nw-data-class-budget = class skills total SL { $sl }; at CL { $cl } there are { $budget } (2 Auto skills and { $picks } picks at creation, one per level up).
nw-data-unknown-item = unknown item `{ $id }`.
# $what: valco, op or opvalco.
nw-data-negative = { $what ->
        [valco] valco
        [op] OP
       *[opvalco] OP valco
    } { $v }: it cannot be negative.
nw-data-import-cl = CL { $n }: an imported character starts at CL 1; CL rises only by level ups the GM grants in the After phase.
nw-data-import-levelups = { $n } level up(s) allowed: level ups come only from the GM in the After phase.
nw-data-import-op = { $n } OP: OP comes only from the GM in the After phase (§6.1).
nw-data-import-opvalco = { $n } OP valco: it is spent in the After phase or lost.
nw-data-import-money = { $n } valco in hand: unspent money is lost at creation (§5 step 8).
nw-data-import-json = that is not a character's JSON: { $error }
nw-data-import-same-name = you already have a character named { $name }.
nw-data-import-what = { $name } cannot be imported
nw-data-import-then = Fix them in the JSON and import it again; a channel manager (the GM) may import a character's progress as it is.
nw-data-that-change = that change
nw-data-that-levelup = that level up
# A refusal naming every problem: $what (what is refused), $one or $n and $list, $then.
nw-data-refuse-one = { $what }: { $one }
nw-data-refuse-one-then = { $what }: { $one }
    { $then }
nw-data-refuse-many = { $what }, { $n } problems:
    { $list }
nw-data-refuse-many-then = { $what }, { $n } problems:
    { $list }
    { $then }
nw-data-numbered = { $n }. { $text }

## /nw rules, level up.
# A bad status: $name, $rated (yes or no), $effect and $ends (the data's text).
nw-data-rules-bad = **{ $name }**{ $rated ->
        [yes] {" (n)"}
       *[no] {""}
    }: { $effect } Ends: { $ends }
# A skill and its id: `Shadow Step (`shadow_step`)`.
nw-data-skill-id = { $name } (`{ $id }`)

## The combat tracker's names (combat/tracker.rs): an enemy's label from the data's name.
nw-join-plus = { $a } + { $b }
# Who acts and who plays them: $name, $who (a mention).
nw-data-mention = { $name } ({ $who })

## Judges asked for (judge/request.rs) and a Fortress's Areas and traps (fortress/mod.rs).
nw-data-master-scene = Scene { $scene } is a Master Scene, the GM's narration (§8.1): PCs act again in the next Scene.
nw-data-anyseven-gm = Any Seven is for the GM unless the GM allows it (`/nw settings anyseven_players:true`).
nw-data-recovery-opposed = a Recovery Judge is not opposed.
nw-data-no-cf = no Critical/Fumble values yet.
nw-data-gm-no-sheet = the GM has no sheet: use stat:none with modifier:<the NPC's value>.
nw-data-no-connection = you have no Connection to { $with }: your own are on your sheet (`/nw character connect`), the Episode's come from the GM (`/nw phase connection`).
# $cost: hp, mp or prana.
nw-data-cost-needs-amount = cost:{ $cost } needs amount: (how much each PC pays).
nw-data-amount-needs-cost = amount: goes with cost: (hp, mp or prana).
nw-data-trap-damage = damage `{ $damage }`: { $error }
