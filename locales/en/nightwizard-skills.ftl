# Night Wizard: skills and items used in combat (combat/skills_use/), the effects in force
# (combat/effects.rs) and an effect's short description (data/effects.rs). Words of the game are
# terms of nightwizard-terms.ftl; the Japanese is in locales/ja/nightwizard-skills.ftl.

## An effect in a few words (data/effects.rs): `Dodge Checks +2 until the next Judge`

# $on: pacc, eva, macc, patk, matk, pdef, mdef, spd, hit, dodge, damage, defence, gathering.
nw-fx-on = { $on ->
        [pacc] PACC
        [eva] EVA
        [macc] MACC
        [patk] PATK
        [matk] MATK
        [pdef] PDEF
        [mdef] MDEF
        [spd] SPD
        [hit] Hit Checks
        [dodge] Dodge Checks
        [damage] damage rolls
        [gathering] Information Gathering Checks
       *[defence] defence rolls
    }
# $until: judge, main, round, scene, damage (the next HP Damage), fitted.
nw-fx-until = { $until ->
        [judge] the next Judge
        [main] the end of the Main Process
        [round] the end of the Round
        [scene] the end of the Scene
        [damage] the next HP Damage
       *[fitted] the Option comes off
    }
nw-fx-until-then = { $what } until { $until }
nw-fx-per = { $per ->
        [scene] Scene
       *[scenario] Scenario
    }
nw-fx-grant = { $grant ->
        [withdraw-free] may Withdraw without the Minor Action
       *[cover-while-post-action] may Cover Up while Post-action
    }
nw-fx-modifier = { $on } { $n }
nw-fx-reduce = HP Damage −{ $n }
nw-fx-reroll = reroll the Judge, keep the better
nw-fx-recovery = Recovery { $n } for { $pool }
nw-fx-cure = cures { $statuses }
nw-fx-status = gives { $status }
nw-fx-flying = Flying
nw-fx-item = gives the item `{ $item }`
nw-fx-plays = { $rule ->
        [lunar-robe] Lunar Robe (`/nwcombat fly`)
       *[lunar-casket] Lunar Casket (`/nwcasket`)
    }
nw-fx-substitute = { $stat } instead of { $instead }
# $has: values, lower, both or none.
nw-fx-critical = { $has ->
        [values] Critical values +{ $values }
        [lower] Critical value −{ $lower }
        [both] Critical values +{ $values } and Critical value −{ $lower }
       *[none] {""}
    }{ $on }
nw-fx-critical-on = {" "}on { $on }
nw-fx-inflicts = hits give BS: { $status }

## Effects in force (combat/effects.rs)

nw-fx-held = { $from }: { $what } until { $until }
nw-fx-declared = ✨ { $effect } on { $who }.
nw-fx-ends = ⌛ { $effect } on { $who } ends.
nw-fx-ended = ⌛ { $effect } on { $who } ended early.
nw-fx-line = #{ $id } { $effect } — on { $who }
nw-fx-named-bonus = { $from } { $n }
nw-fx-named-cut = { $from } −{ $n }
nw-fx-from = { $from }: { $what }
nw-fx-emulator-space = Emulator Space { $n }
nw-fx-cut = 🛡️ { $cuts }: HP Damage { $damage } → { $after }.
nw-fx-in-judge = ✨ In this Judge's modifier: { $effects }.
nw-fx-status-title = ✨ Effects in force
nw-fx-no-effect = no effect #{ $number } is in force (the tracker and `/game status` number them).
nw-fx-not-yours = effect #{ $number } is on { $who }: only the GM, or that character's player, ends it.
nw-fx-another = another character
nw-once-per = { $name } is used once per { $per }, and { $who } has used it in this one.

## Declaring a skill or item (combat/skills_use/)

# $timing: setup, initiative, cleanup, move, minor, major, reaction, auto, prep, incapacitated,
# constant, before-judge, after-judge, damage-roll, other.
nw-sk-timing = { $timing ->
        [setup] Setup Process
        [initiative] Initiative Process
        [cleanup] Cleanup Process
        [move] Move Action
        [minor] Minor Action
        [major] Major Action
        [reaction] Reaction
        [auto] Auto Action
        [prep] Prep
        [incapacitated] Incapacitated
        [constant] Constant
        [before-judge] Before Judge
        [after-judge] After Judge
        [damage-roll] Damage Roll
       *[other] Other
    }
nw-sk-band = { $band ->
        [close] Close range
        [short] Short range
        [long] Long range
       *[extreme] Extreme range
    }
nw-sk-uses = 📜 { $who } uses { $name }{ $levelled ->
        [yes] {" "}(SL { $sl })
       *[no] {""}
    }{ $on } — Timing: { $timing } · Cost: { $cost }
    > { $effect }
nw-sk-uses-on = {" "}on { $names }
# $kind: hp, mp, prana, bs, bs-later (a bad status landing when the Main Process ends), other.
nw-sk-paid-part = { $kind ->
        [hp] { $n } HP
        [mp] { $n } MP
        [prana] { $n } Prana
        [bs] BS: { $status }
        [bs-later] BS: { $status } (when this Main Process ends)
       *[other] { $text } (settle it at the table)
    }
nw-sk-pays = { $who } pays { $paid }.
nw-sk-used-up = The { $name } is used up.
nw-sk-nothing-to-cure = { $who } has nothing for it to cure.
nw-sk-rolled-again = 🔁 { $name }: { $who }'s { $label } rolled again: `{ $line }` — { $a } and { $b }: keeps { $kept }.
nw-sk-flying = 🪽 { $who } is Flying ({ $name }).
nw-sk-may-fly = 🪽 { $who } may fly ({ $name }): Flying counts in Round Progression only.
nw-sk-gets-bs = { $who } gets BS: { $status } ({ $name }).
nw-sk-no-items = { $who } takes no items.
nw-sk-gets-item = 🎁 { $who } gets the { $item } from { $name } (in the Inventory; it cannot be sold or Preserved and is lost in the After phase).
nw-sk-cost-lands = { $who } receives BS: { $status } (the cost of { $from }), now that the Main Process is over.
nw-sk-poison = ☠️ { $status } on { $who }: { $rating } × 1D [{ $dice }] = { $n }.

## The Prep, Setup and Cleanup steps (combat/skills_use/window.rs); $step: prep, setup, cleanup

nw-sk-join-then = { $a }, then { $b }
nw-sk-window-opens = ✨ { $step ->
        [prep] Prep step: { $names } may use a Prep skill, from the highest Speed to the lowest
        [cleanup] Cleanup step: { $names } may use a Cleanup Process skill, in Count order
       *[setup] Setup step: { $names } may use a Setup Process skill, in Count order
    } (`/nwcombat use skill:…`, or `/nwcombat skip`).
nw-sk-window-turn = { $step ->
        [prep] Prep step: { $who } may use a Prep skill
        [cleanup] Cleanup step: { $who } may use a Cleanup Process skill
       *[setup] Setup step: { $who } may use a Setup Process skill
    } (`/nwcombat use skill:…`) or skip (`/nwcombat skip`)
nw-sk-skips = { $who } uses no { $step ->
        [prep] Prep
        [cleanup] Cleanup Process
       *[setup] Setup Process
    } skill.

## Refusals

nw-sk-dead = { $who } is Dead.
nw-sk-constant = { $name } is Constant: always on, never declared.
nw-sk-bs-no-skills = BS: { $status }: no skills or items (a Minor Action clears it: `/nwcombat minor`).
nw-sk-bs-no-move = BS: { $status }: no Move Actions.
nw-sk-down-only = an Incapacitated character may use only skills and items with Timing: Incapacitated.
nw-sk-down-use = { $name } is used only while Incapacitated.
nw-sk-attack-target = { $name } is an attack (Check: Hit Check): name its target (`target:`, or `targets:` for several).
nw-sk-with-no-attack = `with:` names the weapon of an attack, and { $name } starts none here.
nw-sk-reroll-none = { $name } rolls a Judge again: { $who } has no Judge open to roll again (the latest one, before it is accepted or the next step).
nw-sk-no-step = no Setup or Cleanup step is waiting for skills.
nw-sk-no-turn = you have no turn in this step.
# $window: before-judge, after-judge, reaction, damage-roll, auto.
nw-sk-once-timed = { $name } is declared once per { $window ->
        [before-judge] Judge (Before Judge: until your next Judge)
        [after-judge] Judge (After Judge: once for each of your Judges)
        [reaction] attack (Reaction; outside an attack, once per Main Process)
        [damage-roll] damage roll (Damage Roll: once in each attack)
       *[auto] Main Process (Auto Action)
    } (§15.3: one use per instance of its Timing), and { $who } has used it in this one.
nw-sk-step-under-way = the { $cleanup ->
        [yes] Cleanup
       *[no] Setup
    } step is under way: { $timing } skills wait for a Main Process.
nw-sk-own-main = a { $timing } skill is used in your own Main Process; { $started ->
        [yes] it is { $who }'s.
       *[no] none has started.
    }
nw-sk-prep-first = the Prep step comes first (Prep skills, from the highest Speed); Setup Process skills follow in Count order.
nw-sk-count-order = { $step ->
        [cleanup] Cleanup
       *[setup] Setup
    } Process skills go in Count order: { $who } first.
nw-sk-had-turn = you have had your turn in this { $step ->
        [prep] Prep
        [cleanup] Cleanup
       *[setup] Setup
    } step.
nw-sk-step-only = { $step ->
        [cleanup] a Cleanup Process skill is used in the Cleanup Process step, after initiative.
       *[setup] a Setup Process skill is used in the Setup Process step, after initiative is rolled and before the first Main Process.
    }
# $step: setup, cleanup, initiative.
nw-sk-once-step = { $name } is used once per { $step ->
        [cleanup] Cleanup Process
        [initiative] Initiative Process
       *[setup] Setup Process
    }.
nw-sk-prep-start = Prep skills are used at the start of combat, before the first Main Process.
nw-sk-prep-over = the Prep step is over: Prep skills come before the Setup step.
nw-sk-prep-order = Prep skills go from the highest Speed to the lowest: { $who } first.
nw-sk-once-combat = { $name } is used once per combat.
nw-sk-initiative-after = the Initiative Process comes after this step.
nw-sk-initiative-between = Initiative Process skills are declared between Main Processes (before the next character acts).
# $pool: hp, mp, prana.
nw-sk-cost-short = { $pool ->
        [hp] { $name } costs { $cost } HP and { $who } has { $have }: an HP cost must be paid in full and leave at least 1 HP.
        [mp] { $name } costs { $cost } MP and { $who } has { $have }: costs are paid in full.
       *[prana] { $name } costs { $cost } Prana and { $who } has { $have }.
    }
nw-sk-enemy-prana = enemies have no Prana to pay that cost.
# $action: move or minor; $later: major or minor.
nw-sk-action-late = { $what } takes your { $action ->
        [move] Move Action, which comes first (Move, Minor, Major in that order)
       *[minor] Minor Action, which comes before the Major Action
    }: after your { $later ->
        [major] Major
       *[minor] Minor
    } Action it is too late.
nw-sk-action-used = { $what } takes your { $action ->
        [move] Move
       *[minor] Minor
    } Action, and you have used it this Main Process (one of each).
nw-sk-major-taken = you have already taken your Major Action.
nw-sk-no-character = no character `{ $name }`.
nw-sk-target-self = { $name } has Target: Self: it works on its user only (§15.5), not on { $other }; leave `target:` out.
nw-sk-target-single = { $name } has Target: Single: one character (§15.5); you named { $named }.
nw-sk-target-up = { $name } has Target: { $most }X: up to { $most } characters (§15.5); you named { $named }.
nw-sk-target-area = { $name } has Target: Area: name one character; everyone in their Engage is affected (§15.5).
nw-sk-target-picked-most = { $name } has Target: Area (P, { $most }): up to { $most } characters of one Engage (§15.5).
nw-sk-target-picked = { $name } has Target: Area (P): the characters picked stand in one Engage (§15.5).
# $rule: own, close, short, far; $range as the data writes it.
nw-sk-out-of-range = { $name } has Range: { $range }: { $rule ->
        [own] it works on its user only (Target: Self)
        [close] only characters in your Engage (§15.5)
        [short] characters at Close or Short range; Long and Extreme are out of reach (§10.6)
       *[far] nothing reaches Extreme range (§10.6)
    }; { $who } is at { $band }.
nw-sk-item-no-timing = { $name } has no effect to use (its text names no Timing, e.g. `Minor Action:`).
nw-sk-no-skill = no skill `{ $name }` (`/nw skill list`).
nw-sk-not-owned = { $who } has no skill { $name }.
nw-sk-secret-left = { $name } is a Secret skill of a class { $who } has left: it no longer works.
nw-sk-no-item = no item `{ $name }` (`/nw item list`).
nw-sk-item-not-held = { $who } has no { $name }.
nw-sk-name-one = name one skill (`skill:`) or one item (`item:`).
nw-sk-no-enemy-label = no enemy labelled `{ $label }`.
nw-sk-gm-who = GM: name the enemy with `who:`.

## The Round's refusals (combat/round.rs)

nw-sk-waits-last-stand = no PC is standing: the fight waits for an Avoid Incapacitated (`/nw prana use:avoid`), or for the GM to end it (`/nwcombat go`).
nw-sk-gm-closes = the GM closes the Initiative Process and goes on to the Cleanup Process.
nw-sk-not-tied = that is not one of the characters tied for the next Main Process.
nw-sk-not-yours = that is not your character.
nw-sk-everyone-acted = everyone has acted this Round: only Initiative Process skills now, until the GM goes on to the Cleanup Process (`/nwcombat go`).
nw-sk-no-main-yet = no Main Process yet: the Setup/Cleanup step is open (use a skill with `/nwcombat use`, or `/nwcombat skip`).
nw-sk-no-main-started = nobody's Main Process has started: the tied characters choose with `/nwcombat go`.

## A bad status the GM sets by name (status.rs: `/nw session set`, `/nwenemy set`)

## A skill's Restrict not met (character/restrict.rs, §15.5); the Restrict's own words are the data's
nw-restrict-unmet = { $skill } has Restrict: { $restrict }: { $why }.
nw-restrict-hold = it is used with a { $what }: hold one first
nw-restrict-attack = its attack is made with a { $what }, and the { $weapon } is not one
nw-restrict-equip = equip a { $what } first
nw-restrict-unequip = not while the { $item } is equipped
nw-restrict-dual = it needs Dual Wield, a weapon in each hand (§14.4)
nw-restrict-twin = it needs Twin Magic, a One Hand enchantment in each hand (§14.6)
