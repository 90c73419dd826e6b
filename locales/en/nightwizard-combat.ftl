# Night Wizard: Judges (judge/, prana.rs) and combat (combat/). Words of the game are terms of
# nightwizard-terms.ftl ({ -nw-judge }); the Japanese is in locales/ja/nightwizard-combat.ftl.

## A Judge's result line, as BCDice writes it: (2D6+5) ＞ 9[4,5]+5 ＞ 14 ＞ success

nw-line-then = { $a } ＞ { $b }
nw-line-head = { $more ->
    [yes] (2D6{ $alter }@{ $critical }#{ $fumble })
   *[no] (2D6{ $alter })
}
nw-line-any-seven = 7[any seven]
nw-line-plain = { $dice }{ $alter }
nw-line-fumble = { $dice } fumble
nw-line-critical = { $dice }{ $alter } critical
nw-line-cancelled = { $dice }{ $alter } (fumble cancelled)
nw-line-raise = raise +{ $dice }
nw-line-success = success
nw-line-failure = failure
nw-line-automatic-success = automatic success
nw-line-with = { $line } (with { $effects })

## A rolled Judge (judge/request.rs)

nw-judge-title = 🎲 { $who }: { $label }
nw-judge-body = { $lines }
nw-judge-pre = { $lines }
nw-judge-preview-title = 🎲 Before the roll: { $label }
nw-judge-alter = Alter { $alter } ({ $label } { $base }{ $modifier }{ $extra }) · Critical { $critical } · Fumble { $fumble }
nw-judge-chance = Chance of success: { $chance }
nw-judge-locked = (Critical/Fumble values locked by this first Judge.)
nw-judge-line = `{ $line }`
nw-judge-difficulty = Difficulty { $difficulty } ({ $label })
nw-judge-spent = Prana spent on this Judge: { $spent }
nw-judge-fumble-note = Fumble: the Result is the Alter − 10 (not an automatic failure).
nw-judge-prana = Prana
nw-judge-prana-left = { $prana } left
nw-judge-secret = { $who } rolls a secret Judge.
nw-judge-options = Prana options for your Judge:
nw-said = { $line }
nw-values-bad = { $what } values are totals of 2D, 2 to 12, separated by commas (e.g. `7,10`); `{ $part }` is not one.
nw-values-critical = Critical
nw-values-fumble = Fumble

## Buttons

nw-button-roll = Roll
nw-button-reroll = Reroll (1 Prana)
nw-button-cancel = Cancel Fumble (1 Prana)
nw-button-fudge-up = Fudge +1 (1 Prana)
nw-button-fudge-down = Fudge −1 (1 Prana)
nw-button-raise = Raise +{ $raise }D (1 Prana)
nw-button-accept = Accept

## Judges' labels and the Difficulties' names

nw-label-judge = Judge
nw-label-strength = Strength
nw-label-finesse = Finesse
nw-label-awareness = Awareness
nw-label-knowledge = Knowledge
nw-label-spirit = Spirit
nw-label-luck = Luck
nw-label-pacc = PACC
nw-label-eva = EVA
nw-label-macc = MACC
nw-label-patk = PATK
nw-label-matk = MATK
nw-label-pdef = PDEF
nw-label-mdef = MDEF
nw-label-spd = SPD
nw-label-dodge = Dodge
nw-label-hit-check = Hit Check
nw-label-dodge-check = Dodge Check
nw-label-spd-judge = SPD Judge
nw-label-appearance-check = Appearance Check
nw-label-enemy-identify-judge = Enemy Identify Judge
nw-label-recovery-judge = Recovery Judge
nw-label-damage-roll = Damage Roll
nw-label-defence-roll = Defence Roll
nw-difficulty-simple = Simple
nw-difficulty-ordinary = Ordinary
nw-difficulty-challenging = Challenging
nw-difficulty-hard = Hard
nw-difficulty-expert = Expert
nw-difficulty-master = Master

## Prana (prana.rs) and its refusals on a Judge (judge/roll.rs)

nw-prana-no-judge = you have no open Judge.
nw-prana-gm-accepted = Judge accepted.
nw-prana-pcs-only = only a PC has Prana (the GM's NPCs usually have none).
nw-prana-cost-short = that costs { $cost } Prana; you have { $have } (Prana never goes below 0).
nw-prana-pays = { $name } pays { $cost } Prana for a skill ({ $left } left).
nw-avoid-not-down = you are not Incapacitated (HP 0).
nw-avoid-once = Avoid Incapacitated works once per Scene.
nw-avoid-short = Avoid Incapacitated costs { $cost } Prana; you have { $have }.
nw-avoid = { $name } spends { $cost } Prana and gets back up with 1 HP.
nw-prana-no-open = you have no open Judge to spend Prana on.
nw-prana-accepted = { $label } accepted: Result { $result }.
nw-prana-short = that needs { $cost } Prana; you have { $have }.
nw-prana-not-an-option = that is not a Judge option.
nw-prana-reroll = { $name } spends { $cost } Prana and rerolls the dice.
nw-prana-cancel = { $name } spends { $cost } Prana and cancels the Fumble.
nw-prana-fudge = { $name } spends { $cost } Prana and fudges the dice { $by }.
nw-prana-raise = { $name } spends { $cost } Prana and raises the Result by { $dice }D.
nw-prana-seven-reroll = Any Seven has no dice to reroll.
nw-prana-no-reroll = a Critical or a Fumble cannot be rerolled with Prana.
nw-prana-reroll-first = Reroll comes first: it is not allowed after Cancel Fumble, Fudge Dice or Raise Result.
nw-prana-reroll-late = the defender has already rolled: the attacker may reroll only before that.
nw-prana-no-fumble = there is no Fumble to cancel.
nw-prana-cancel-first = Cancel Fumble comes before Raise Result.
nw-prana-seven-fudge = Any Seven has no dice to fudge.
nw-prana-fudge-fumble = this roll is a Fumble: cancel the Fumble first (1 Prana), then fudge (1 more).
nw-prana-fudge-once = this table allows one Fudge Dice per roll.
nw-prana-fudge-first = Fudge Dice comes before Raise Result.
nw-prana-fudge-range = two dice cannot show less than 2 or more than 12.
nw-prana-raise-range = spend 1 to 20 Prana on Raise Result.

## The combat tracker (combat/tracker.rs): the step message, the board, the GM's view

nw-step = { $lines }
nw-step-turn = ▶ { $turn }
nw-step-lines-turn =
    { $lines }
    ▶ { $turn }
nw-combat-over-line = ⚔️ Combat over: bad statuses cleared.
nw-over-title = ⚔️ Combat over
nw-over-row = **{ $name }** · HP { $hp } · MP { $mp } · Prana { $prana }
nw-tracker-title = ⚔️ Round { $round }
nw-tracker-gm-title = ⚔️ Round { $round } (GM view)
nw-row = { $mark } **{ $name }**{ $hidden ->
    [yes] {" "}(hidden)
   *[no] {""}
} · Count { $count } · { $vitals }{ $bad }{ $state }
nw-row-then = {" "}· { $then }
nw-vitals-pc = HP { $hp } · MP { $mp } · Prana { $prana }
nw-vitals-enemy = HP { $hp }/{ $max } · MP { $mp }
nw-condition-unhurt = unhurt
nw-condition-hurt = hurt
nw-condition-badly-hurt = badly hurt
nw-condition-down = down
nw-state-incapacitated = Incapacitated
nw-state-post-action = Post-action
nw-field-engagements = Engagements
nw-field-engagements-value = { $engagements }
nw-no-engagements = none (everyone at Short range)
nw-field-positions = Positions
nw-field-positions-value = { $positions }
nw-field-effects = Effects in force
nw-field-effects-value = { $effects }
nw-field-turn = Turn
nw-field-turn-value = { $turn }
nw-gm-hidden-turn = ▶ { $who }'s Main Process (hidden: the players are not told)
nw-gm-engagements = Engagements: { $engagements }
nw-gm-positions = Positions: { $positions }
nw-gm-effects = Effects in force: { $effects }
nw-turn-dodge = { $who }: roll the Dodge Check
nw-turn-damage = { $who }: compare and roll damage
nw-turn-defence = { $who }: Prana on the damage roll now if you wish, then { $target }'s defence roll
nw-turn-apply = { $who }: apply { $damage } damage to { $target } (or a Pre-action ally in the same Engage Covers Up)
nw-turn-gm = the GM's turn
nw-turn-main = { $who }'s Main Process: Move, Minor, Major (`/nwcombat attack target:…`)
nw-turn-last-stand = { $names }: Avoid Incapacitated to fight on, or the GM ends the fight
nw-turn-closing = Initiative Process after the last Main Process: Initiative Process skills now (`/nwcombat use`); the GM goes on to the Cleanup Process (`/nwcombat go`)
nw-turn-tied = tied for the next Main Process: { $names } (`/nwcombat go`)
nw-button-dodge = Dodge
nw-button-damage = Damage
nw-button-defence = Defence roll
nw-button-apply = Apply
nw-button-pass = End Main Process
nw-button-avoid = Avoid Incapacitated
nw-button-end-fight = End the fight
nw-button-cleanup = Cleanup Process
nw-button-skip = Skip
nw-button-go = Go

## The Round (combat/round.rs)

nw-combat-begins = ⚔️ Combat begins.
nw-setup = 🔔 Round { $round }: Setup Process.
nw-spd-line = { $who }: SPD Judge `{ $line }` → Count { $count }
nw-cleanup = 🧹 Cleanup Process of Round { $round }.
nw-pass = { $who } ends the Main Process.
nw-gm-ends = The GM ends the combat.
nw-gm-ends-last-stand = The GM ends the fight: nobody got back up.
nw-initiative-ends = The Initiative Process ends.
nw-fight-goes-on = The fight goes on.
nw-everyone-acted = ⏳ Everyone has acted. Initiative Process: Initiative Process skills may still be declared (`/nwcombat use`) before the GM goes on to the Cleanup Process (`/nwcombat go`).
nw-last-stand = 💫 No PC is standing, but { $names } may still Avoid Incapacitated ({ $cost } Prana, once per Scene: `/nw prana use:avoid`) and fight on. The GM ends the fight with `/nwcombat go`.
nw-over = { $won ->
    [yes] { $fled ->
        [yes] No enemy is left in the fight (the rest retreated): the combat is won.
       *[no] No enemy is left standing: the combat is won.
    }
   *[no] { $fled ->
        [yes] No PC is left in the fight (the rest retreated).
       *[no] No PC is left standing.
    }
}
nw-defeated = Defeated, off the table: { $names }.
nw-count-now = { $who }'s Count is now { $count } (was { $was }).
nw-chooses-again = The Initiative Process chooses again: { $who }'s Main Process.
nw-prana-options = Prana options for your { $label }:
nw-combat-running = a combat is already running (`/nwcombat end`).
nw-combat-needs = combat needs at least one PC and one enemy (`/nwenemy spawn`).
nw-no-combat = there is no combat.
nw-its-main = it is { $who }'s Main Process.
nw-attack-first = finish the attack in progress first.
nw-not-your-turn = it is not your turn: it is { $who }'s Main Process.
nw-down-no-actions = { $who } is Incapacitated (HP 0) and can take no actions; `/nwcombat pass` ends the Main Process.

## Attacks (combat/attack/), harm and Incapacitated (combat/harm.rs, life.rs), engaging

nw-attack = ⚔️ { $who } attacks { $target }{ $with } ({ $magic ->
    [yes] Magical
   *[no] Physical
} attack). Hit Check ({ $stat }): `{ $line }`
nw-attack-with = {" "}with the { $weapon }
nw-attack-prana = (Prana on the Hit Check: `/nw prana use:…` before the Dodge Check.)
nw-no-target = no target `{ $target }`.
nw-attack-self = you cannot attack yourself.
nw-not-in-fight = { $who } is not in the fight.
nw-reveals = 👹 { $who } reveals itself!
nw-attack-kills = 💀 { $who } attacks { $target }, who is Incapacitated: { $target } is Dead.
nw-dodge = 🛡️ { $who } dodges against { $hit } (EVA): `{ $line }`
nw-dodge-prana = (Prana on the Dodge Check: `/nw prana use:…` before the damage roll.)
nw-dodged = Hit { $hit } against Dodge { $dodge }: { $who } dodges.
nw-hit-damage = Hit { $hit } against Dodge { $dodge }: a hit. Damage ({ $stat }): `{ $line }`.
nw-hit-damage-prana = (Prana on the damage roll: `/nw prana use:…` now; { $target }'s defence roll comes next with `/nwcombat damage`.)
nw-hit-damage-defence = Hit { $hit } against Dodge { $dodge }: a hit. Damage { $stat }: `{ $line }` against { $def }: `{ $defence }` → **{ $damage } HP Damage**.
nw-damage-prana = (Prana on the damage or defence roll: `/nw prana use:…` before the damage is applied.)
nw-damage-against = Damage { $stat }: `{ $line }` against { $target } ({ $def }): `{ $defence }` → **{ $damage } HP Damage**.
nw-defence-prana = (Prana on the defence roll: `/nw prana use:…` before the damage is applied.)
nw-loses-hp = { $who } loses { $hp } HP (HP { $left }/{ $max }).
nw-down = { $pc ->
    [yes] 💫 { $who } is Incapacitated (2 Prana, once per Scene: `/nw prana use:avoid`).
   *[no] 💫 { $who } is Incapacitated.
}
nw-down-acting = 💫 { $who } is Incapacitated: the Main Process ends.
nw-down-tied = 💫 { $who } is Incapacitated and drops out of the next Main Process.
nw-down-post = 💫 { $who } is Incapacitated: Post-action, Count 0.
nw-invades = { $who } invades: engaged with { $target }.
nw-invade-engaged = you are engaged with an enemy: withdraw first (`/nwcombat withdraw`).
nw-not-engaged = you are not in an Engage.
nw-blockade-roll = 🚧 { $who } blockades: SPD `{ $mine }` against SPD `{ $theirs }`.
nw-breaks-through = { $who } breaks through and withdraws; the Main Process ends.
nw-held = { $who } is held in the Engage.
nw-withdraws-free = { $who } withdraws from the Engage with { $from }: a Move Action, no Minor Action.
nw-withdraws-hindered = { $who } withdraws from the Engage (Move + Minor Action: the enemy hinders).
nw-moves-out = { $who } moves out of the Engage.
nw-blockades = { $on ->
    [yes] 🚧 { $who } blockades its Engage: withdrawing takes an opposed SPD Judge.
   *[no] { $who } stops blockading.
}
nw-minor = { $who } takes a Minor Action.
nw-minor-shakes = { $who } spends a Minor Action to shake off BS: { $statuses }.
nw-the-gm = the GM

## Enemy Identify (combat/identify.rs)

nw-identify = 🔎 { $who }'s Enemy Identify Judge on { $target } (Knowledge { $knowledge }{ $notes }, Difficulty { $difficulty }): `{ $line }` → { $ok ->
    [yes] success.
   *[no] failure, unless Prana turns it (`/nw prana`).
}
nw-identify-pcs = the Enemy Identify Judge is a PC's (the GM knows its enemies).
nw-major-used = you have used your Major Action this Main Process.
nw-no-enemy = no enemy `{ $target }`.
nw-no-enemy-in-sight = no enemy `{ $target }` in sight.
nw-identified-already = { $who } is identified already: its data is on the table.

## Appearance Checks (combat/movement/arrive.rs)

nw-appears-climax = 🚪 { $who } appears: in the Climax Phase Appearance Checks succeed automatically.
nw-appearance = 🚪 { $who }'s Appearance Check (Luck{ $connection }{ $notes }, Difficulty { $difficulty }): `{ $line }` → { $ok ->
    [yes] success: joins the fight in Pre-action.
   *[no] failure: not this Round, unless Prana turns it (`/nw prana`).
}
nw-appearance-connection = {" "}+{ $bonus } for a Connection to { $to }
nw-appearance-after-prana = 🚪 After Prana, { $who }'s Appearance Check succeeds: joins the fight in Pre-action.
