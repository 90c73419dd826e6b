# Night Wizard 3rd Edition (croupier-nightwizard), outside combat: characters (creation, the
# sheet, the roster), the session's flow, Fortresses and the Lunar Casket. Judges, Prana and
# combat are in their own files. Names of classes, elements, skills and items come from data/
# and stay as the data writes them.

## Words used inside other messages.

# Lists: $a and $b, joined.
nw-join-comma = { $a }, { $b }
nw-join-dot = { $a } · { $b }
nw-join-slash = { $a } / { $b }
# A label and its value: `Str 8`, `PACC +1`.
nw-labelled = { $label } { $value }
nw-none = none
# $attr: strength, finesse, awareness, knowledge, spirit or luck.
nw-attr = { $attr ->
        [strength] Strength
        [finesse] Finesse
        [awareness] Awareness
        [knowledge] Knowledge
        [spirit] Spirit
        [luck] Luck
       *[other] { $attr }
    }
nw-attr-short = { $attr ->
        [strength] Str
        [finesse] Fin
        [awareness] Awa
        [knowledge] Kno
        [spirit] Spi
        [luck] Luck
       *[other] { $attr }
    }
# $stat: pacc, eva, macc, patk, matk, pdef, mdef or spd.
nw-stat = { $stat ->
        [pacc] PACC
        [eva] EVA
        [macc] MACC
        [patk] PATK
        [matk] MATK
        [pdef] PDEF
        [mdef] MDEF
        [spd] SPD
       *[other] { $stat }
    }
# A bad status. $status: pressure, rigor, poison, paralysis, dazed or other ($name as written);
# $rating: 0 for none.
nw-bad-status-name = { $status ->
        [pressure] Pressure
        [rigor] Rigor
        [poison] Poison
        [paralysis] Paralysis
        [dazed] Dazed
       *[other] { $name }
    }{ $rating ->
        [0] {""}
       *[other] {" ("}{ $rating })
    }
# `Ninja / Broomman CL 1, Wind / Light`.
nw-summary = { $classes } CL { $cl }, { $elements }

## The character sheet (/nw sheet, /game status, creation).
nw-sheet-title = 📜 { $name }
nw-sheet = { $summary } (first element { $element } is the element of attacks) · player { $player }
nw-sheet-attributes-head = Attributes
nw-sheet-attributes = { $attrs }
    Bonus point: { $bonus } · CF Mod { $cfmod } · Prana (max) { $prana }
nw-sheet-stats-head = Combat stats
nw-sheet-stats = { $stats }
    Body { $body } · Mind { $mind }
    Pre-equip: { $pre }
    After class bonuses: { $classes }
nw-sheet-growth-head = Growth
nw-sheet-growth = BP spent: { $bp } (group 1: { $g1 } total, { $g1max } per stat; group 2: { $g2 } total, { $g2max } per stat)
    OP { $op } · OP valco { $opmoney } · level ups allowed { $levelups }
nw-sheet-skills-head = Skills
# $skills: nw-sheet-skill, one a line, or nw-none.
nw-sheet-skills = { $skills }
# $timing, $check, $cost: as the data writes them; $active: no for a skill of a class left.
nw-sheet-skill = { $name } SL { $sl } [{ $timing }; { $check }; cost { $cost }]{ $active ->
        [no] {" (inactive: class left)"}
       *[yes] {""}
    }
nw-sheet-skill-unknown = { $name } SL { $sl } (unknown skill)
nw-sheet-items-head = Items
nw-sheet-item = { $name } ({ $equipped ->
        [yes] equipped
       *[no] inventory
    }{ $preserved ->
        [yes] {", preserved"}
       *[no] {""}
    })
nw-sheet-items = { $items }
    Weight { $weight }/{ $limit } (penalty −{ $penalty }) · Memory { $memory }/{ $memlimit }
nw-sheet-notes-head = Connections and notes
# $notes: the player's Connections and notes, as written.
nw-sheet-notes = { $notes }
nw-sheet-session-head = This session
nw-sheet-effects-head = Effects in force
# $pranahere: Prana now; $prana: its maximum.
nw-sheet-session = HP { $hp }/{ $body } · MP { $mp }/{ $mind } · Prana { $pranahere }/{ $prana }
    { $cf }
    Bad statuses: { $bad }
nw-sheet-cf = Critical { $critical } · Fumble { $fumble }{ $locked ->
        [yes] {""}
       *[no] {" (not locked yet)"}
    }
nw-sheet-cf-none = not rolled
nw-button-refresh = Refresh

## Making a character (/nw character new, choose, done, cancel).
nw-name-length = a character name is 1-40 characters.
nw-name-taken = you already have a character named { $name }.
nw-too-many = you already keep { $max } characters; delete one first.
# $player: who made it; $summary: nw-summary.
nw-made-quick = { $player } made { $name } ({ $summary }), a quick random build.
nw-finished = { $player } finished { $name } ({ $summary }).
nw-start-cl = Starting CL { $cl }: after creation take { $count } level up(s) with `/nw character levelup`.
nw-no-draft = you are not making a character: `/nw character new` starts one.
nw-no-draft-cancel = you are not making a character.
nw-create-cancelled = Character creation cancelled.
# $said: what the step chose (nw-create-class, …).
nw-chosen = ✅ { $said }
nw-create-title = 🧙 Creating { $name }
nw-step-class = Step 1: pick class { $n } of 2 (the same class twice is allowed). Console: `/nw character choose value:<class>`.
nw-step-class-more = More classes for class { $n }:
nw-step-element = Step 3: pick element { $n } of 2 (repeats allowed).{ $n ->
        [1] {" The first element is the element of your attacks."}
       *[other] {""}
    }
nw-step-bonus = Step 4: your attributes are { $attrs }. Put the bonus point on one.
nw-step-auto = Step 7: { $class } has several Auto skills; choose one.
# $what: pick (a class or General skill) or general; $owned: the skills so far.
nw-step-skill = Step 7: { $what ->
        [general] General skill pick
       *[pick] skill pick (your classes' skills or General skills; a pick may raise an owned skill)
    } { $n } of { $of }; at most SL { $max } at creation.
    Owned: { $owned }
nw-step-items = Step 8: buy items with { $money } valco (unspent money is lost; bought items are Preserved). Press Finish when done.
nw-button-finish = Finish
nw-create-class = Class { $n }: { $name }.
nw-create-element = { $n ->
        [1] First element { $name } (the element of your attacks).
       *[other] Second element { $name }.
    }
nw-create-bonus = Bonus point on { $attr }.
nw-create-auto = Auto skill { $name }.
nw-create-skill = Skill { $name } (SL { $sl }).
nw-create-bought = Bought { $name } ({ $equipped ->
        [yes] equipped
       *[no] in the Lunar Robe
    }); { $money } valco left.
nw-create-no-class = `{ $value }` is not a class. Classes: { $classes }.
nw-create-no-element = `{ $value }` is not an element. Elements: { $elements }.
nw-create-no-attribute = `{ $value }` is not an attribute: { $attrs }.
nw-create-choose-one = choose one of: { $options }.
nw-no-skill = there is no skill `{ $value }`.
nw-no-item = there is no item `{ $value }`.
nw-create-too-dear = { $name } costs { $price } valco; you have { $money } left.
nw-create-needs-cl = { $name } needs CL { $cl }.
nw-create-sl-cap = { $name } is already at SL { $sl }; at creation no skill goes above SL { $max }.
nw-create-not-general = { $name } is not a General skill; these two picks must be General skills.
nw-create-owed = this extra pick (an Auto skill that could not rise) must be a { $class } skill.
nw-create-other-class = { $name } belongs to a class you do not have.
nw-secret-limit = only { $limit } Secret skill(s) from that class.
nw-create-no-picks = this is not the time to pick skills.
nw-create-unfinished = creation is not finished: make the current choice first.
nw-quick-no-pick = the skill data leaves no legal pick for this build; add General skills.
nw-quick-nothing = the data has nothing to choose from for this step.
nw-quick-failed = could not finish a random character.

## The roster (/nw character list, delete, export, import, equip, note, connect, bp, op).
nw-list-title = Your characters
# $lines: nw-list-line, one a line.
nw-list = { $count ->
        [0] none yet
       *[other] { $lines }
    }
nw-list-line = **{ $name }**: { $summary }
nw-no-such-character = you have no character named `{ $name }`.
nw-no-character = you have no character yet: `/nw character new` makes one (add `quick:true` for a random one).
nw-several-characters = you have several characters; add `character:` with one of: { $names }.
nw-delete-playing = { $name } is playing in the session in { $place }; leave it there (`/nw session leave`) before deleting it.
nw-deleted = Deleted { $name }.
nw-exported = { $name } as JSON (import with `/nw character import json:…`).
nw-imported = Imported { $name } ({ $summary }).
# An item's name from the data.
nw-item-name = { $name }
# $sub: equip or unequip.
nw-nothing-to-equip = { $name } has no { $item } to { $sub }.
nw-equipped = { $item } { $sub }ped.
nw-notes-long = notes are at most 1500 characters.
nw-notes-saved = Notes saved.
# $added: yes or no (removed).
nw-connection-changed = Connection to { $who } { $added ->
        [yes] added
       *[no] removed
    }.
nw-connections-full = at most 20 connections of up to 80 characters.
nw-class-change-needs = a class change needs `slot:` (1 or 2) and `class:`.
nw-not-a-stat = `{ $value }` is not a combat stat: { $stats }.
nw-bp-spent = { $name } puts { $points } group { $group } BP on { $stat }.
nw-op-not-general = `{ $value }` is not a General skill.
nw-op-short = a General skill costs { $cost } OP; you have { $op }.
nw-op-cannot = { $name } cannot be taken or raised now.
nw-op-learns = { $name } learns { $skill } for { $cost } OP.
nw-op-item-short = { $name } needs { $ops } more OP; you have { $op }.
nw-op-buys = { $name } preserves { $item } for { $ops } OP ({ $left } valco of OP money left, lost before the next scenario).
nw-op-how = use `skill:` (a General skill for 5 OP) or `buy:` (a preserved item, 1 OP = 200,000 valco).
# A change and when it reaches the session ($note).
nw-with-note = { $line }
    { $note }

## The session: /nw new, join, leave, set, Critical and Fumble.
nw-no-pc = you have no PC in this session.
nw-no-pc-of = that player has no PC in this session.
nw-join-gm = the GM runs the session and brings no PC.
nw-join-not-yours = that is not your character.
nw-join-dead = { $name } is Dead (§10.10: death is final) and joins no session; make a new character with `/nw character new`.
# $pending: level ups not yet taken; $max: the GM's max_cl.
nw-join-max-cl = { $name } is CL { $cl }{ $pending ->
        [0] {""}
       *[other] {" counting "}{ $pending } level up(s) not yet taken
    } and this table takes characters up to CL { $max } (the GM's `/nw settings max_cl:`); join with another character or ask the GM.
nw-join-same-name = { $name } reads the same as { $other }, { $player }'s PC in this session, and commands name PCs by name; join with another character.
# $what: refreshes or switches (to another character).
nw-join-refresh = { $player } { $what ->
        [switches] switches to
       *[refreshes] refreshes
    } { $name } ({ $summary }).
nw-join-full = this session already has { $max } PCs.
# $note: nw-cf-kept or nw-cf-rerolled.
nw-joins = { $player } joins with { $name } ({ $summary }). Critical { $critical } · Fumble { $fumble }{ $note }.
nw-cf-kept = {" (as rolled earlier this session: values are rolled once per session)"}
nw-cf-rerolled = { $count ->
        [0] {""}
       *[other] {" (Fumble rerolled "}{ $count } time(s) for equalling the Critical)
    }
nw-leaves = { $name } leaves the session.
# /nw session set. $bad: nw-bad-suffix or nothing.
nw-set = { $name }: HP { $hp }/{ $body } · MP { $mp }/{ $mind }{ $incapacitated ->
        [yes] {" — Incapacitated (2 Prana can avoid it once per Scene)"}
       *[no] {""}
    }{ $bad }
nw-bad-suffix = {" · "}{ $bad }
nw-cf-no-pc = you have no PC in this session: `/nw session join`.
nw-cf-locked = your values are locked for this session.
nw-cf-no-points = you have no CF Mod points left.
nw-cf-not-rolled = no values rolled yet.
nw-cf-range = values stay between 2 and 12.
nw-cf-equal = Critical and Fumble cannot be made equal.
nw-cf-already-locked = your values are already locked.
nw-cf-locks = { $name } locks Critical { $critical } and Fumble { $fumble } for this session.
nw-cf-line = { $name }: Critical { $critical } · Fumble { $fumble }{ $note }
nw-cf-session-title = 🌙 Session { $session }: new Critical and Fumble values
nw-cf-session = { $lines }
nw-cf-none = No values rolled.
nw-cf-title = 🎲 { $name }: Critical and Fumble
nw-cf = Rolled Critical { $rolledc } and Fumble { $rolledf }. Now Critical **{ $critical }**, Fumble **{ $fumble }**; { $points } CF Mod point(s) left. Each point moves one value by 1 (values stay 2-12 and different). Lock when done.
nw-button-critical-down = Critical −1
nw-button-critical-up = Critical +1
nw-button-fumble-down = Fumble −1
nw-button-fumble-up = Fumble +1
nw-button-lock = Lock

## Phases and Scenes (/nw phase …).
# $phase: preplay, opening, middle, climax or after.
nw-phase = { $phase ->
        [preplay] Preplay
        [opening] Opening Phase
        [middle] Middle Phase
        [climax] Climax Phase
       *[after] After Phase
    }
# $kind: normal, master or combat.
nw-scene-kind = { $kind ->
        [master] Master Scene
        [combat] Combat Scene
       *[normal] Scene
    }
nw-scene-preplay = Preplay has no Scenes (§8.1): open the Opening Phase with `/nw phase next`, then start its first Scene.
# $name: nw-scene-kind; $opening: yes for a Combat Scene in the Opening Phase.
nw-scene-begins = 🎬 { $name } { $scene } begins ({ $phase }).{ $kind ->
        [master] {" The GM narrates; the PCs do not act in it."}
        [combat] {" Round Progression: the GM starts it with `/nwcombat start`."}
       *[normal] {""}
    }{ $opening ->
        [yes] {""}
            ⚠️ The Opening Phase's Scenes should have no combat (§8.2).
       *[no] {""}
    }
nw-handout-title = 📜 Episode { $episode } Handout
nw-handout = { $trailer }
nw-handout-no-trailer = No Trailer yet.
nw-handout-connections = Connections
# $connections: nw-handout-connection, one a line.
nw-handout-lines = { $connections }
# $temporary: yes for an Episode Connection; $worth: 0 for none.
nw-handout-connection = { $name } → { $with }{ $temporary ->
        [yes] {" (Episode Connection)"}
       *[no] {""}
    }{ $worth ->
        [0] {""}
       *[other] {" · Worth "}{ $worth } valco, { $left } left
    }
nw-trailer-empty = the Trailer is the Episode's summary: `/nw phase handout trailer:<text>`.
nw-connection-whom = name whom the Connection is to: `with:<name>`.
nw-connection-off = { $name }'s Connection to { $with } is off the Episode Handout.
nw-connections-max = an Episode Handout holds at most { $max } Connections.
# $own: yes when the character already has the Connection.
nw-connection-given = { $name } { $own ->
        [yes] has
       *[no] gets, for this Episode,
    } a Connection to { $with }{ $worth ->
        [0] {""}
       *[other] {" worth "}{ $worth } valco of gear
    }.
nw-gear-no-connection = { $name } has no Connection to { $with } with a Worth this Episode: give it one with `/nw phase connection worth:`.
nw-gear-no-item = `{ $value }` is not an item (`/nw item list`).
nw-gear-too-dear = { $name } costs { $price } valco; { $with }'s Worth has { $left } left this Episode.
nw-gear-given = { $from } supplies { $name } with { $item } ({ $price } valco; { $left } left). It is not Preserved: it is gone after this Episode unless Preserved with OP.
nw-phase-title = 🌙 Phase
nw-phase-body = { $lines }
nw-phase-change = { $from } → **{ $to }**
nw-after-dead = 💀 { $name } is Dead: no recovery.
nw-after-pc = { $name }: +{ $op } OP (now { $now }), { $levelup ->
        [yes] one level up allowed
       *[no] no level up this time (the GM's choice)
    }
nw-after-restored = Damage and bad statuses cleared; HP, MP and Prana restored; temporary items dropped, preserved items back.
nw-after-op-outside = ⚠️ { $op } OP is outside the rulebook's award of { $min }–{ $max } OP per Scenario (§8.2); kept as the GM's choice.
nw-after-spend = { $levelup ->
        [yes] Level up with `/nw character levelup`, spend OP with `/nw character op`.
       *[no] Spend OP with `/nw character op`.
    }
nw-episode-enemies-leave = The Episode's enemies and Guests leave the table.
nw-episode-begins = Episode { $episode } begins.
nw-climax-appearance = Appearance Checks succeed automatically in the Climax.

## Level up and class change (/nw character levelup).
nw-join-or = { $a } or { $b }
nw-levelup-title = ⬆️ { $name } levels up
# $lines: what changed, one a line.
nw-levelup = { $lines }
nw-levelup-none = no level up is allowed yet: the GM allows one in the After phase.
nw-levelup-cl = CL { $from } → { $to }.
nw-levelup-no-class = `{ $value }` is not a class.
nw-levelup-slot = `slot` is 1 or 2.
nw-levelup-same-class = class { $slot } is already { $name }.
nw-levelup-class-change = Class change: { $from } → { $to } (combat bonuses, Body and Mind recalculated; attributes unchanged).
nw-levelup-change-not-skill = a class change takes the place of the new skill (§7 step 3), so `{ $value }` cannot come with it: `skill:` may only choose { $class }'s Auto skill ({ $autos }). Level up with the class change alone now and take `{ $value }` at a later level up, or take `{ $value }` now without the class change.
nw-levelup-autos-owned = You already own this class's Auto skills, so you also get a new skill.
# $count: skills that may be taken (at most 25 named in $names); $more: the others.
nw-levelup-name-skill = name the new skill with `skill:` (or change class with `slot:` and `class:`). { $count ->
        [0] No skill can be taken at this level: change class instead.
       *[other] You may take: { $names }{ $more ->
            [0] {"."}
           *[other] , and { $more } more.
        }
    }
nw-levelup-trait = { $name } is a Trait: only at character creation.
nw-levelup-max-sl = { $name } is at its max SL { $max }.
nw-levelup-new-skill = New skill: { $name } SL { $sl }.
nw-levelup-bp = Body { $body } · Mind { $mind }. BP now: group 1 { $g1 } total ({ $g1max } per stat), group 2 { $g2 } total ({ $g2max } per stat) — spend with `/nw character bp`.
nw-levelup-no-skill-left = the skill data leaves no skill to take at this level; add General skills.

## /nw new, /nw settings and the Opening Phase's warning.
nw-open-with-new = a Night Wizard session opens with `/nw new`.
nw-open-title = 🌙 Night Wizard session open
# $gm: the GM's mention; $raise: dice per Prana on Raise Result; $critical, $fumble: the GM's values.
nw-open = { $gm } is the GM. Players: bring a character with `/nw session join` (make one with `/nw character new`, add `quick:true` for a random one). Raise Result adds { $raise }D per Prana. The GM's Critical is { $critical } and Fumble { $fumble }.
nw-button-join = Join
nw-master-no-combat = Scene { $scene } is a Master Scene, the GM's narration (§8.1): start a Combat Scene first (`/nw phase scene kind:combat`).
# $what: dice or combat.
nw-opening-warning = ⚠️ The Opening Phase's Scenes should have no { $what ->
        [combat] combat
       *[dice] dice rolls
    } (§8.2). Going on; the GM moves to the Middle Phase with `/nw phase next`.
nw-join-none = { $a }{ $b }
# yes or no: $fudge, $anyseven, $vitals; $natural: the reading as chosen, $reading: minus or divide;
# $more: nw-settings-appearance and the others changed.
nw-settings = Settings: Raise Result { $raise }D per Prana · several Fudges per roll: { $fudge } · Any Seven for players: { $anyseven } · natural recovery: { $reading ->
       *[any] { $natural }
    } · enemies' HP and MP on the public tracker: { $vitals ->
        [yes] shown
       *[no] a condition only
    }.{ $more }
nw-settings-appearance = {" Appearance Checks: "}{ $on ->
        [yes] on (Luck, Difficulty { $dc })
       *[no] off
    }.
# $cl: 0 for any.
nw-settings-max-cl = { $cl ->
        [0] {" Characters join at any CL."}
       *[other] {" Characters join at CL "}{ $cl } at most (level ups not yet taken count); those already in stay.
    }
nw-settings-map-kinds = { $on ->
        [yes] {" The players' Fortress map names every Area's kind."}
       *[no] {" The players' Fortress map names an Area's kind once the party enters it."}
    }

## The data's fixed vocabulary: $id is the data's word in lower case with dashes, $text as written.
nw-timing = { $id ->
       *[other] { $text }
    }
nw-check = { $id ->
       *[other] { $text }
    }
nw-cost = { $id ->
       *[other] { $text }
    }
# A Cost with an amount: $kind (mp, prana, hp) as written in $text.
nw-cost-amount = { $kind ->
       *[other] { $text }
    } { $amount }

## A session's copy of a character taking the roster's changes (character/sync.rs).
nw-lines = { $lines }
nw-join-semicolon = { $a }; { $b }
nw-sync-cl = CL { $from } → { $to }
# $what: class, skills, bp, items or equipment.
nw-sync-part = { $what ->
        [class] class change
        [skills] skills
        [bp] BP
        [items] items
       *[equipment] equipment
    }
nw-sync-op = OP { $op }
# $what: the changes (nw-sync-cl, nw-sync-part, nw-sync-op); $later: yes when its progress waits.
nw-sync-takes = 📜 { $name } takes the roster's changes: { $what }.{ $later ->
        [yes] {" Its progress (level up, BP, OP) applies at the After phase or when the next Episode begins."}
       *[no] {""}
    }
nw-sync-preserved-back = { $name } gets back its Preserved { $items }.
nw-sync-episode-full = Every PC starts the Episode with full HP, MP and Prana.
nw-sync-op-valco-lost = { $name } loses { $valco } unspent OP valco
nw-sync-op-valco = { $lost } (§6.3).
nw-sync-rejoin-later = { $name }'s level up and other progress apply at the After phase (or when the next Episode begins); no need to re-join then.
# $progress: yes for a level up, BP or OP; no for equipment.
nw-sync-pending = { $name } plays in the session in { $place }: { $progress ->
        [yes] this applies there at the After phase (or when the next Episode begins), with no need to re-join.
       *[no] what is in the hands changes there at your next action, even mid-Round (drawing and stowing are Auto Actions, §10.5); worn armour and accessories change at your next action outside a fight or in a Setup Process (§10.2).
    }
nw-bp-over = group { $group } BP: { $spent } spent, CL { $cl } allows { $total }.
nw-bp-stat-over = group { $group } BP: at most { $max } in one stat at CL { $cl } ({ $stat } has { $has }).

## Fortresses (/nwfortress): building, the map, the Dive.
# $cost: hp, mp or prana.
nw-entry-cost = { $cost ->
        [hp] HP
        [mp] MP
       *[prana] Prana
    }
# $kind: normal, object, trap, event, enemy, core or entrance.
nw-area-kind = { $kind ->
        [object] Object Area
        [trap] Trap Area
        [event] Event Area
        [enemy] Enemy Area
        [core] Fortress Core
        [entrance] Entrance
       *[normal] Normal Area
    }
nw-map-title = 🏰 Fortress map
nw-map-areas = **Areas**
nw-map-kind-hidden = kind not shown
# $mark: 📍 where the party is, ◯ elsewhere; $kind: nw-area-kind or nw-map-kind-hidden;
# $exit, $cleared: yes or no; $trap: nw-map-trap or nothing; $desc: nw-map-desc or nothing.
nw-map-area = { $mark } **{ $name }** ({ $kind }){ $exit ->
        [yes] {" · serves as the exit"}
       *[no] {""}
    }{ $cleared ->
        [yes] {" · cleared"}
       *[no] {""}
    }{ $trap }{ $desc }
nw-map-desc = {" — "}{ $desc }
# $state: removed, spent, armed (the GM's map), identified or hidden; $damage: nw-map-trap-damage or nothing.
nw-map-trap = { $state ->
        [removed] {" · trap removed"}
        [spent] {" · trap spent"}
        [armed] {" · trap: Detection "}{ $detection }, Removal { $removal }, { $effect }{ $damage }
        [identified] {" · trap identified (Removal "}{ $removal })
       *[hidden] {""}
    }
nw-map-trap-damage = {" ("}{ $damage } HP)
nw-map-gates = **Gates**
nw-map-gate-numbered = { $n }. { $gate }
nw-map-gate = • { $gate }
nw-map-no-gates = none yet
# $kind: normal, one-way, found, secret, opened, closed, damaged ($uses left) or unusable.
nw-gate = { $kind ->
        [one-way] { $a } → { $b } (one-way)
        [found] { $a } ⇄ { $b } (found)
        [secret] { $a } ⇄ { $b } (SECRET, hidden)
        [opened] { $a } ⇄ { $b } (opened)
        [closed] { $a } ⇹ { $b } (closed)
        [damaged] { $a } ⇄ { $b } (damaged, { $uses } use(s) left)
        [unusable] { $a } ✕ { $b } (damaged, unusable)
       *[normal] { $a } ⇄ { $b }
    }
nw-map-party-head = Party
nw-map-party = { $names } in { $area }
nw-no-fortress = there is no Fortress: the GM builds one with `/nwfortress area`.
nw-no-dive = no Dive is under way: the GM starts one with `/nwfortress dive`.
nw-no-area = no Area is called { $name }.
nw-area-no-name = an Area needs a name.
nw-area-exit = only the Entrance can serve as the exit.
nw-area-entry = cost:, key: and keyword: are what the Entrance asks (§12.2): only for kind:entrance.
nw-area-emulator = an Emulator Space is an Object (§12.4): only for kind:object.
nw-area-entrance-taken = the Fortress already has an Entrance (the only way in).
nw-areas-max = a Fortress holds at most { $max } Areas here.
nw-area-asks-cost = { $amount } { $cost } from each PC
nw-area-asks-key = the item { $item }
nw-area-asks-keyword = the keyword “{ $keyword }” (`/nwfortress dive keyword:`)
nw-area-asks = {" To go in it asks "}{ $asks }.
# $verb: added or changed; $asks: nw-area-asks or nothing; $space: yes for an Emulator Space (+$bonus).
nw-area-built = 🏰 Area { $name } ({ $kind }) { $verb ->
        [changed] changed
       *[added] added
    }.{ $asks }{ $space ->
        [yes] {" Its Object is an Emulator Space: enemies +"}{ $bonus } to all their rolls while the party is there.
       *[no] {""}
    }
nw-gate-ends = both ends must be Areas of the Fortress (add them first).
nw-gate-same = a Gate joins two different Areas.
nw-gate-uses = uses: only for a Damaged Gate.
nw-gates-max = a Fortress holds at most { $max } Gates here.
nw-gate-built = 🏰 Gate { $n }: { $gate }.
nw-trap-area = traps go in Trap Areas (`/nwfortress area kind:trap`).
nw-trap-built = 🪤 Trap in { $area }: Detection { $detection }, Removal { $removal }: { $effect }.
nw-not-building = that is not a Fortress building command.
# $gm: yes when the GM is told.
nw-dive-held = enemies hold this Area: Round Progression starts here (§12.4), and during it only the Withdraw rules lead out (§12.7). { $gm ->
        [yes] Start the fight (`/nwcombat start`), or let the party on with `/nwfortress cleared`.
       *[no] The GM starts the fight.
    }
nw-entrance-keyword = the Entrance does not open: it asks for a keyword (`/nwfortress dive keyword:…`).
nw-entrance-wrong-keyword = the Entrance does not open: that is not its keyword.
nw-entrance-key = the Entrance does not open: it needs { $key }, and nobody in the party carries it.
nw-entrance-has = { $name } has { $have }
# $hp: yes for HP; $short: nw-entrance-has, for each PC who cannot pay.
nw-entrance-short = the Entrance asks { $amount } { $cost } of each PC, paid in full{ $hp ->
        [yes] {" and never below 1 HP (§10.10)"}
       *[no] {""}
    }: { $short }.
nw-entrance-paid = {" Each pays "}{ $amount } { $cost } to go in.
nw-dive-inside = the party is already inside.
nw-dive-no-entrance = the Fortress has no Entrance (the only way in).
nw-dive-nobody = no PC can dive: players join with `/nw session join`.
nw-dive-title = 🏰 The Dive begins
# $count: PCs entering; $desc: nw-area-desc or nothing; $paid: nw-entrance-paid or nothing.
nw-dive = { $names } { $count ->
        [one] enters
       *[other] enter
    } the Fortress at { $entrance } (Scene { $scene }).{ $desc }{ $paid }
    There is no way back out until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it.
nw-area-desc = {" "}{ $desc }
nw-dive-map-head = Map
nw-dive-map = { $map }
nw-move-who = only the GM or a PC inside the Fortress moves the party.
nw-move-in-combat = during Round Progression use the normal Withdraw rules; leave the Area when the fight is over (§12.7).
nw-move-there = the party is already there.
nw-move-trap = the trap here must be beaten before the party goes on (it may only go back the way it came).
nw-move-no-gate = no Gate you know of leads from { $from } to { $to }.
nw-move-damaged = { $left ->
        [0] {" The Damaged Gate gives way behind the party: it is unusable now."}
       *[other] {" The Damaged Gate holds ("}{ $left } use(s) left).
    }
nw-move-title = 🏰 Into the next Area
# $note: nw-move-damaged or nothing; $what: enemy, trap, core, event or none.
nw-move = The party passes from { $from } to **{ $to }** ({ $kind }), Scene { $scene }.{ $note }{ $desc }{ $what ->
        [enemy] {""}
            Enemies! Round Progression starts as soon as the GM has described the Area (§12.4): the party cannot go on, or back, until the fight.
        [trap] {""}
            Something here is dangerous: it must be beaten to go on (`/nwfortress identify`).
        [core] {""}
            The Fortress Core is here, usually guarded.
        [event] {""}
            An event awaits.
       *[none] {""}
    }
nw-move-enemy-gm = ⚔️ { $area } is an Enemy Area: put its enemies on the table (`/nwenemy spawn`), describe it, then start the fight. `/nwfortress cleared` lets the party on without one.
nw-button-start-fight = Start the fight
nw-move-trap-gm = 🪤 Armed trap in { $area }: Detection { $detection }, Removal { $removal }: { $effect }.
nw-appear-inside = you are already inside the Fortress.
nw-settle-first = settle your last Judge first: `/nwfortress resolve`.
nw-appear-climax = { $name } appears: Appearance Checks succeed automatically in the Climax Phase.
nw-leave-who = only the GM or a PC inside the Fortress leads the party out.
nw-leave-in-combat = finish the fight first (during Round Progression use the Withdraw rules).
nw-leave = 🏰 The party leaves the Fortress (Scene { $scene }).
nw-scrap-diving = not during a Dive: the party is inside.
nw-scrapped = 🏰 Fortress discarded.
nw-not-dive = that is not a Fortress Dive command.
# $why: secret, one-way, closed or damaged.
nw-gate-impassable = { $why ->
        [one-way] that One-Way Gate cannot be used to come back
        [closed] that Gate is closed until an event opens it
        [damaged] that Gate is Damaged and unusable
       *[secret] no Gate you know of leads there
    }.
nw-retreat-impossible = retreat from a Fortress is impossible until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it (§12.2).

## /game status: the session.
nw-status-title = 🌙 Night Wizard
nw-status = GM { $gm } · Episode { $episode } · { $phase } · Scene { $scene } · session { $session }
nw-status-pcs-head = PCs
# $pcs: nw-status-pc, one a line, or nw-status-no-pcs.
nw-status-pcs = { $pcs }
nw-status-no-pcs = none yet — `/nw session join`
# $cf: nw-status-cf or nothing; $state: nw-status-dead, nw-bad-suffix or nothing; $news: nw-status-levelup or nothing.
nw-status-pc = **{ $name }** ({ $summary }) { $player } · HP { $hp }/{ $body } · MP { $mp }/{ $mind } · Prana { $prana }/{ $pranamax } · { $cf }{ $state }{ $news }
nw-status-cf = C{ $critical } F{ $fumble }
nw-status-dead = {" · 💀 Dead"}
# $when: next (the GM's next phase change) or after (the After phase).
nw-status-levelup = {" · ⬆️ level up taken: CL "}{ $cl } from { $when ->
        [next] the GM's next phase change
       *[after] the After phase
    }

## The Lunar Casket (/nwcasket).
nw-casket-core-holds = 🌕 { $name } leaves, but the Fortress Core keeps the Lunar Casket standing without its Ruler (§12.2).
nw-casket-collapses = 🌑 { $name }'s Lunar Casket collapses as its Ruler leaves (§12.2); the Crimson Moon sets.
nw-casket-persist-gm = only the GM lets a Casket outlast its Scene.
nw-casket-hidden-gm = only the GM raises a hidden Casket (an Emulator's, §11 item 5); a PC's Casket raises the Crimson Moon.
nw-casket-up = a Lunar Casket is already up (Ruler: { $ruler }).
nw-casket-held = your Casket does not rise here: something already holds this Scene. Ask the GM.
nw-casket-pc-ruler = a PC who deploys a Casket is its Ruler.
nw-casket-hidden-title = 🌑 A hidden Lunar Casket
# $persist: yes when it outlasts its Scene.
nw-casket-hidden = { $name }'s Casket is up, unseen: no Crimson Moon rises and the players are not told. It lasts until it is removed{ $persist ->
        [yes] {""}
       *[no] {" or the Scene ends"}
    }; `/nwcasket reveal` shows it.
nw-casket-rises-title = 🌕 A Crimson Moon rises
nw-casket-deployed = { $name } deploys a Lunar Casket: nothing done inside reaches the outside world. It lasts until its Ruler removes it{ $persist ->
        [yes] {""}
       *[no] {" or the Scene ends"}
    }.
nw-casket-none = there is no Lunar Casket up.
nw-casket-not-hidden = the Casket is not hidden.
nw-casket-revealed = { $name }'s Lunar Casket shows itself: it was up all along.{ $logics ->
        [0] {""}
       *[other] {" "}{ $logics } Lunar Logic(s) hold here: `/nwcasket list`.
    }
nw-casket-remove-who = only the Ruler ({ $ruler }) or the GM removes the Casket.
nw-casket-locked = from the start of a Dive until the Climax Phase is over the Casket cannot be removed (§11).
nw-casket-removed = { $hidden ->
        [yes] 🌑 { $name }'s hidden Lunar Casket is removed, as unseen as it stood.
       *[no] 🌑 { $name }'s Lunar Casket is removed; the Crimson Moon sets.
    }
nw-logic-empty = a Logic needs its text.
nw-logic-twice = that Logic is already in force.
nw-logics-max = a Casket holds at most { $max } Logics here.
nw-logic-set = 🌕 Lunar Logic { $n }: { $text }
# $free: nw-logic-free or nothing.
nw-logic-line = { $n }. { $text }{ $free }
nw-logic-free = {" — ignored by "}{ $names }
nw-logics-title = 🌕 Lunar Casket of { $ruler }
# $lasts: scenario or session.
nw-logics = { $count ->
        [0] No Lunar Logic yet.
       *[other] { $lines }
            Shake one off for 1 Prana: `/nwcasket shake logic:<number>` (until the end of the { $lasts ->
                [session] session
               *[scenario] Scenario
            }).
    }
nw-logic-lasts = Settings: a Lunar Logic shaken off with Prana stays ignored until the end of the { $lasts ->
        [session] real-life session
       *[scenario] Scenario (the After Phase)
    }.
nw-shake-pc = only a PC has Prana.
nw-no-logic = there is no Lunar Logic `{ $value }` (`/nwcasket list`).
nw-shake-already = that Logic already does not affect you.
nw-shake-no-prana = you have no Prana left.
nw-shaken = { $name } spends 1 Prana: the Logic “{ $logic }” no longer affects them until the end of the { $lasts ->
        [session] real-life session
       *[scenario] Scenario
    }.

## The GM asks for a Judge (/nw ask, /nw answer).
# A Difficulty's band as the data names it ($id: lower case, $text: as written).
nw-band = { $id ->
       *[other] { $text }
    }
nw-ask-usage = ask with player, stat and difficulty, e.g. `/nw ask player:@bob stat:awareness difficulty:10` (or `cancel:<n>`).
nw-ask-no-stat = `{ $value }` is not an attribute ({ $attrs }) or combat stat ({ $stats }); use none for no Alter.
nw-ask-plain = Judge
nw-ask-no-pc = { $player } has no PC in this session (`/nw session join` first).
nw-ask-dead = { $name } is dead and makes no Judges.
# $what: the attribute, combat stat or nw-ask-plain; $article: a or an (English); $label: nw-ask-label or nothing.
nw-ask-title = 🎲 { $label }{ $what } Judge for { $name }
nw-ask-label = { $label }:{" "}
nw-ask = { $player }, the GM asks { $name } for { $article } { $what } Judge. { $hidden ->
        [yes] Difficulty: known only to the GM.
       *[no] Difficulty { $difficulty } ({ $band }).
    }
    Only { $player } can roll it.
nw-button-ask-roll = Roll { $what } Judge
nw-ask-gm = Ask { $id }: { $name }, { $what } Judge against Difficulty { $difficulty }{ $hidden ->
        [yes] {" (hidden from the player)"}
       *[no] {""}
    }. Withdraw it with `/nw ask cancel:{ $id }`.
nw-button-withdraw = Withdraw
nw-ask-none = there is no open ask number { $id }.
nw-ask-withdrawn = The GM withdraws the { $what } Judge asked of { $name }.
nw-ask-gone = that Judge is no longer asked for (already rolled or withdrawn).
nw-ask-not-yours = this Judge is for { $player } only; the GM can ask you with `/nw ask`.

## /nw rules.
nw-rules-title = 📖 Night Wizard reference
nw-rules = {""}
nw-rules-difficulties-head = Difficulties
nw-rules-difficulties = { $bands }
# $max: 999 for no upper bound.
nw-rules-band = { $band } { $min }{ $max ->
        [999] +
       *[other] –{ $max }
    }
nw-rules-bad-head = Bad statuses
# $bad: the data's bad statuses, their effects and how they end.
nw-rules-bad = { $bad }
nw-rules-cf-head = Critical and Fumble
nw-rules-cf = PCs roll 2D for each every session (Fumble rerolled while equal); CF Mod points shift either by ±1. The GM's values are always { $critical } and { $fumble }.

## /nwfortress cleared, open, condition.
nw-cleared-which = name the area: (no Dive is under way).
nw-cleared-enemies = The enemies here no longer bar the way.
nw-cleared-trap = The trap no longer bars the way.
nw-cleared-normal = { $area } is now a Normal Area.
# $how: closed or hidden; $ends: the Gate's Areas.
nw-gate-opens = { $how ->
        [hidden] A hidden Gate shows itself
       *[closed] A closed Gate opens
    }: { $ends }.
# $lines: what changed, after a line break, or nothing.
nw-cleared = ✅ The event in { $area } is cleared.{ $lines }
nw-no-gate = there is no Gate { $n } (see `/nwfortress show`).
nw-gate-not-shut = that Gate is neither closed nor hidden.
nw-gate-opened = 🚪 { $gate }
nw-no-dive-short = no Dive is under way.
nw-condition-what = what is ruler_defeated, core_broken or ruler_permits, not `{ $value }`.
# $what: ruler, core or permit.
nw-condition = 🏰 { $what ->
        [core] The Fortress Core is broken
        [permit] The Ruler permits a retreat
       *[ruler] The Ruler is defeated
    }: the party may leave the Fortress (`/nwfortress leave`).
