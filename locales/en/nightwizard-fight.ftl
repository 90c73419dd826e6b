# Night Wizard's fight, the rest of combat/: attacks on several Defenders, Cover Up, movement
# and brooms, recovery and curing, the GM's /nwenemy table and bosses, handing items over.
# Terms of nightwizard-terms.ftl ({ -nw-judge }); the Japanese is in locales/ja/nightwizard-fight.ftl.

## Attacks on several Defenders (combat/attack/)

nw-fight-dodge-whose = the Dodge Check is { $who }'s to roll.
nw-fight-no-combatant = no combatant `{ $key }`.
nw-fight-not-defender = { $who } is not a Defender of this attack.
nw-fight-reacted = { $who } has already reacted to this attack.
nw-fight-no-dodger = you have no Defender waiting for a Dodge Check.
nw-fight-several-dodgers = several of your characters are Defenders: name one with `who:`.
nw-fight-full-dodge = **Full Dodge** declared: it dodges whatever the dice say, even a Critical chain.
nw-fight-verdict-auto = hit automatically (incomplete enemy)
nw-fight-verdict = { $dodged ->
    [yes] Hit { $hit } against Dodge { $dodge }
   *[no] Hit { $hit }
}{ $full ->
    [both] , Full Hit against Full Dodge: the Defender wins
    [dodge] , Full Dodge
    [hit] , Full Hit
   *[none] {""}
}
nw-fight-rolls-damage = the attacker (or the GM) rolls the damage.
nw-fight-rolls-defence-one = the attacker, the Defender's player or the GM rolls the defence.
nw-fight-rolls-defence = the attacker, a Defender's player or the GM rolls the defence.
nw-fight-applies = the attacker (or the GM) applies the damage.
nw-fight-no-dodge-yet = no Dodge Check yet.
nw-fight-no-damage-roll = no damage roll yet.
nw-fight-verdict-dodges = { $why }: { $who } dodges.
nw-fight-damage-each = Damage ({ $stat }): `{ $line }`, one roll against each hit Defender's { $def }.
nw-fight-defender-hit = { $hit ->
    [yes] · { $who }: { $why }: a hit.
   *[no] · { $who }: { $why }: dodges.
}
nw-fight-damage-prana-first = (Prana on the damage roll: `/nw prana use:…` now; the defence rolls come next with `/nwcombat damage`.)
nw-fight-damage-settled = Damage roll settled: `{ $line }`.
nw-fight-auto-damage = · { $who }: { $why }, no defence roll → **{ $damage } HP Damage**.
nw-fight-defender-damage = · { $who }: { $why }: a hit. { $def } `{ $line }` → **{ $damage } HP Damage**.
nw-fight-damage-prana-any = (Prana on the damage or a defence roll: `/nw prana use:…` before the damage is applied.)
nw-fight-defence-prana-any = (Prana on a defence roll: `/nw prana use:…` before the damage is applied.)
nw-fight-takes-blow = 🛡️ { $who } takes the blow meant for { $for }: { $damage } HP Damage.
nw-fight-own-replaced = { $who }'s own damage from this attack is replaced by its Cover Up.
nw-fight-out-of-reach = your attack has Range: Close and { $who } is at Short range: invade first.
nw-fight-marked-range = the { $weapon }'s Range is marked: it reaches Short range only, and { $who } is in your own Engage (§14.3).
nw-fight-name-target = name a target (`target:`), several (`targets:"A, B"`), or an Engage with `area:true`.
nw-fight-area-one = an area attack names one combatant: everyone in its Engage is a Defender.
nw-fight-nobody-there = nobody but you is in that Engage.
nw-fight-max-defenders = { $max } Defenders at most in one attack.
nw-fight-attack-all = ⚔️ { $who } attacks { $targets }{ $with } ({ $magic ->
    [yes] Magical
   *[no] Physical
} attack{ $area ->
    [yes] , area
   *[no] {""}
}). One Hit Check for every Defender ({ $stat }): `{ $line }`
nw-fight-full-hit = **Full Hit** declared: it hits whatever the dice say (a Full Dodge still wins).
nw-fight-incomplete-hit = { $who } is an incomplete enemy: the attack hits it automatically (no Dodge Check, no defence roll).
nw-fight-attack-prana = (Prana on the Hit Check: `/nw prana use:…` before the first Dodge Check.)
nw-fight-next-dodge = the defender's Dodge Check is next (`/nwcombat dodge`).
nw-fight-next-damage = the damage roll is next (`/nwcombat damage`).
nw-fight-next-apply = apply the damage (`/nwcombat apply`) or Cover Up.
nw-fight-next-defence = the defence roll is next (`/nwcombat damage`).
nw-fight-no-attack = there is no attack in progress.
nw-fight-attack-whom = attack whom? Give `target:` (or `targets:`).
nw-fight-guest-incomplete = a Guest is built like a PC, not an incomplete enemy: choose one.
nw-fight-no-guest = no character `{ $name }` in this server's roster to bring as a Guest.
nw-fight-holds-no = { $who } holds no `{ $with }` to attack with (in hand: { $held }).
nw-fight-nothing = nothing
nw-fight-enemy-with = `with:` names a PC's weapon; an enemy attacks with its own attack.

## Cover Up (combat/attack/cover.rs)

nw-fight-cover-none = you have no character in this fight to Cover Up with.
nw-fight-not-yours = that is not your character.
nw-fight-cover-self = you cannot Cover Up for yourself.
nw-fight-cover-attacker = the attacker cannot Cover Up.
nw-fight-cover-pre = Cover Up needs a Pre-action character (not Post-action, not Incapacitated).
nw-fight-cover-engage = Cover Up needs you in the same Engage as { $who }.
nw-fight-covers = 🛡️ { $who } Covers Up for { $for }: the damage computed against { $for } ({ $damage }) goes to { $who }; { $who } becomes Post-action.
nw-fight-cover-nothing = no other Defender was hit: there is nothing to Cover Up.
nw-fight-cover-several = several Defenders were hit: name whom you Cover Up for with `for:`.
nw-fight-cover-not-hit = { $who } was not hit: there is nothing to Cover Up.
nw-fight-covered-already = { $who } is already Covered Up by { $by } (one Cover Up per Defender).
nw-fight-coverer-not-covered = { $who } has declared a Cover Up and cannot be Covered Up.
nw-fight-covered-cannot-cover = { $who } is Covered Up by { $by }: a character who Covers Up cannot be Covered Up.
nw-fight-will-cover = 🛡️ { $who } Covers Up for { $for }: the damage computed against { $for } ({ $damage }){ $double ->
    [yes] {" "}× 2 = { $twice } ({ $who } failed its own Dodge Check; this replaces its own damage from the attack)
   *[no] {""}
} will go to { $who }; { $who } becomes Post-action.
nw-fight-hidden-defender = a hidden Defender ({ $gm })
nw-fight-turn-dodges = Dodge Checks: { $names } (`/nwcombat dodge`, `full:true` for a Full Dodge; the GM decides for NPCs)
nw-fight-turn-damage = { $who }: compare and roll the damage against each Defender
nw-fight-turn-defence = { $who }: Prana on the damage roll now if you wish, then each hit Defender's defence roll
nw-fight-cover-offer = { $who } for { $for }
nw-fight-damage-to = { $who } { $damage } → { $to }
nw-fight-damage-replaced = { $who } (replaced by its Cover Up)
nw-fight-damage-of = { $who } { $damage }
nw-fight-turn-apply = { $who }: apply the damage ({ $damage }){ $covers ->
    [yes] ; or Cover Up: { $offers }
   *[no] {""}
}

## HP Damage and Engagements (combat/harm.rs, engage.rs)

nw-fight-gets-bs = { $who } gets BS: { $status }.
nw-fight-name-two = name two combatants (PC names or enemy labels).
nw-fight-two-different = name two different combatants.
nw-fight-invade-self = you cannot invade yourself.
nw-fight-engaged-there = you are already engaged there.
nw-fight-no-engage-blockade = { $who } is in no Engage to blockade.
nw-fight-bs-no-move = BS: { $status }: no Move Actions.
nw-fight-no-enemy-label = no enemy labelled `{ $label }`.

## The GM's table (combat/table.rs, identify.rs)

nw-fight-no-enemy-data = no enemy `{ $name }` in the enemy data (`/nwenemy list`).
nw-fight-label-taken = the label `{ $label }` is taken.
nw-fight-enemies-max = { $max } enemies at most on the table.
nw-fight-kind = { $kind }
nw-fight-spawn-title = 👹 { $label } ({ $name }, { $kind })
nw-fight-spawn = { $data }
nw-fight-spawn-hidden = { $data }
    Hidden: players do not see it until `/nwenemy reveal`.
nw-fight-appears = 👹 { $label } appears.
nw-fight-not-hidden = { $label } is not hidden.
nw-fight-revealed = 👹 { $label } ({ $name }) is revealed!
nw-fight-remove-in-fight = { $label } is on the table during a fight: defeat it, or end the fight (`/nwcombat end`) first.
nw-fight-leaves = 👹 { $label } leaves the table.{ $hidden ->
    [yes] {" "}(It was hidden: the players are not told.)
   *[no] {""}
}
nw-fight-no-enemy-status = no enemy labelled `{ $label }` (`/game status` lists them).
nw-fight-set-what = give `hp:`, `mp:` or `status:` to set.
nw-fight-set = { $label }: HP { $hp }/{ $max } · MP { $mp }{ $bad }
nw-fight-notes-title = 📝 GM notes (only you see them)
nw-fight-notes = { $notes }
nw-fight-incomplete = { $label } is an incomplete enemy: only its accuracy and attack count. Attacks against it hit automatically, with no Dodge Check and no defence roll.
nw-fight-guest-title = 🤝 { $label } (Guest: { $name })
nw-fight-guest = { $data }
    On the PCs' side; you run it (its Dodge Checks: `/nwcombat dodge who:"{ $label }"`). No Prana.
nw-fight-guest-joins = 🤝 { $label } joins the fight on the PCs' side (a Guest run by the GM).
nw-fight-data-line = HP { $hp }/{ $max } · MP { $mp } · { $pacc-label } { $pacc } · { $eva-label } { $eva } · { $macc-label } { $macc } · { $patk-label } { $patk } · { $matk-label } { $matk } · { $pdef-label } { $pdef } · { $mdef-label } { $mdef } · { $spd-label } { $spd }
    { $attack }
nw-fight-gone = { $label } is gone.
nw-fight-identified = 🔎 { $label } identified: { $name } ({ $kind })
nw-fight-data = { $data }

## Handing an item over (combat/hand_over.rs)

nw-fight-give-down = an Incapacitated character may use no actions (§10.1): it cannot hand anything over.
nw-fight-no-item = no item `{ $item }` (`/nw item list`).
nw-fight-has-no = { $who } has no { $item }.
nw-fight-give-no-pc = no PC `{ $to }` here to take it (hand it to a player's character).
nw-fight-no-pc = no PC `{ $to }` here.
nw-fight-hold-it = you already hold it.
nw-fight-is-dead = { $who } is Dead.
nw-fight-give-close = hand it over at Close range: { $to } is not in your Engage (invade first).
nw-fight-hands = 🤝 { $who } hands the { $item } to { $to }{ $major ->
    [yes] {" "}(Major Action)
   *[no] {""}
}.

## A boss's HP (combat/boss.rs, `/nwenemy boss`)

nw-fight-boss-none = no enemy on the table labelled `{ $name }` and none in the data named so (`/nwenemy list`).
nw-fight-boss-no-pc = no PC is in the session to measure the fight against (`/nw session join`).
nw-fight-boss-title = 🐉 Boss HP for { $name } (§13)
nw-fight-boss = { $body }
nw-fight-boss-pc = { $who } { $damage } { $kind }
nw-fight-boss-party = The party deals about **{ $party } HP a Round** to { $name } ({ $each }; a hit's chance counts each PC's Critical and Fumble values, the damage rolls' do not). For a { $rounds }-Round fight: **about { $suggest } HP** ({ $spawned ->
    [yes] it
   *[no] the data's
} has { $hp }).
nw-fight-boss-tense = The book warns that a { $rounds }-Round fight loses tension.
nw-fight-boss-hopeless = { $name }'s defences exceed the attack of { $names } by { $gap } or more: they can barely hurt it except through Criticals and Fumbles.
nw-fight-boss-how = { $spawned ->
    [yes] To give it that: `/nwenemy remove label:{ $label }`, then `/nwenemy spawn name:… as:{ $label } hp:{ $suggest }` (outside a fight).
   *[no] To give it that: `/nwenemy spawn name:{ $label } hp:{ $suggest }`.
}

## Movement, ranges and flight (combat/movement/)

nw-fight-steps-alone = `steps` sets a spot's distance (GM); give it with `to` only.
nw-fight-at-extreme = { $who } is at Extreme range: nothing reaches it (§10.6).
nw-fight-at-long = { $who } is at Long range: only Range: Long weapons and skills reach it (§10.6).
nw-fight-robe-setup = the Lunar Robe swaps Equipment and Inventory during a fight only in the Setup Process (§10.2 step 2): refresh with `/nw session join` at the start of the next Round, before its first Main Process ends.
nw-fight-pos-far = 🏃 { $who }: { $band }{ $at ->
    [yes] , { $spot }
   *[no] {""}
} (retreated: out of the initiative order)
nw-fight-pos-route = 🚶 { $who } → { $spot } ({ $done }/{ $needed } Move Actions)
nw-fight-pos-spot = 📍 { $who }: { $spot }
nw-fight-pos-flying = 🕊️ { $who }: Flying
nw-fight-pos-broom = 🧹 { $who } drives a Broom{ $carries ->
    [yes] {" "}(Passengers: { $passengers })
   *[no] {""}
}
nw-fight-pos-request = ⏳ { $who } asks to move to { $band } ({ $spot }): waiting for the GM
nw-fight-band-close-range = Close range
nw-fight-band-short-range = Short range
nw-fight-band-long-range = Long range
nw-fight-band-extreme-range = Extreme range
nw-fight-spend-move-action = Move Action
nw-fight-spend-minor-action-for-1-move-action = Minor Action for 1 Move Action
nw-fight-spend-major-action-for-3-move-actions = Major Action for 3 Move Actions
nw-fight-gm-distances = only the GM sets distances.
nw-fight-spot-name = name the spot in 1 to 60 characters.
nw-fight-distance = 📏 The GM rules: reaching **{ $spot }** takes { $steps } Move { $steps ->
    [1] Action
   *[other] Actions
} (a Main Process gives up to 5: Move 1, Minor 1, Major 3).
nw-fight-bs-no-moving = BS: { $status }: no Move Actions (nor actions standing in for them).
nw-fight-move-engaged = you are engaged with an enemy: withdraw first (`/nwcombat withdraw`). Complex Movement passes blockers on the way but does not free you from an Engage.
nw-fight-moves-far = 🏃 { $who } moves to { $band } ({ $spot }){ $long ->
    [yes] {" "}and retreats from the fight
   *[no] {" "}and leaves the fight
}; the Main Process ends.
nw-fight-asks-far = ⏳ { $who } asks the GM to move to { $band } ({ $spot }){ $long ->
    [yes] , a retreat from the fight
   *[no] {""}
}. The GM allows it with `/nwcombat range who:{ $who } band:{ $word }` (the Main Process then ends) or refuses with `band:short`.
nw-fight-asks-gm = { $who } asks to move to { $band } ({ $spot }).
nw-fight-button-allow = Allow
nw-fight-button-refuse = Refuse
nw-fight-moves = { $there ->
    [yes] 🚶 { $who } moves to { $spot } ({ $spend }).
   *[no] 🚶 { $who } heads for { $spot } ({ $spend }): { $now }/{ $needed } Move Actions.
}
nw-fight-major-moving = The Major Action was spent moving: the Main Process ends.
nw-fight-not-flying = that character is not flying.
nw-fight-land-broom = that character rides a Broom: `/nwcombat dismount` (the Driver lands everyone; a Passenger gets off with a Minor Action).
nw-fight-lands = 🪶 { $who } lands (Auto Action).
nw-fight-flying-already = you are already flying (`/nwcombat fly land:true` lands).
nw-fight-no-flight-fortress = Lunar Robe flight is not allowed inside a Fortress (§10.7).
nw-fight-flight-no-mp = Lunar Robe flight costs 1D MP and you have no MP: no flight.
nw-fight-flight-short = Lunar Robe flight costs 1D MP: [{ $d }], and you have { $mp } MP: no flight (nothing is spent).
nw-fight-takes-flight = 🕊️ { $who } takes flight with the Lunar Robe (Minor Action): 1D MP [{ $d }], MP { $mp } → { $left }.

## Brooms (combat/movement/rides.rs)

nw-fight-passenger = a Passenger cannot take Move Actions or move on their own: { $who } moves with { $driver }'s Broom (§14.8). Get off with `/nwcombat dismount` (Minor Action).
nw-fight-rides-along = 🧹 { $names } rides along with the Broom.
nw-fight-riding-already = you are riding a Broom already: nobody may ride two at once (§14.8).
nw-fight-pcs-ride = only PCs ride Brooms here (the enemies' data has none).
nw-fight-pc-mounts = only a PC with a Broom equipped mounts it here.
nw-fight-no-broom = you have no Broom equipped (`/nw character equip item:` outside a fight or in a Setup Process).
nw-fight-mounts = 🧹 { $who } mounts the { $broom } (Minor Action): Riding, which counts as Flying.
nw-fight-drives-none = { $who } drives no Broom: a Passenger boards a Broom its Driver has mounted.
nw-fight-board-reach = { $who } is out of reach: board from Close or Short range.
nw-fight-boards = 🧹 { $who } climbs onto { $driver }'s Broom as a Passenger (Minor Action): Riding, Flying, moving with the Driver.
nw-fight-not-riding = you are not riding a Broom.
nw-fight-lands-broom = 🪶 { $who } lands the Broom (Auto Action){ $carries ->
    [yes] , setting down { $passengers }
   *[no] {""}
}.
nw-fight-gets-off = 🪶 { $who } gets off { $driver }'s Broom (Minor Action).

## Coming into a fight (combat/movement/arrive.rs)

nw-fight-appearance-off = Appearance Checks are an optional rule and are off (GM: `/nw settings appearance:true`); the GM may bring a PC in with `/nwcombat range who:… band:short`.
nw-fight-no-pc-session = you have no PC in this session: `/nw session join`.
nw-fight-appear-down = your PC cannot appear while Incapacitated or Dead.
nw-fight-in-fight-already = your PC is already in this fight.
nw-fight-appear-setup = Appearance Checks are made in the Setup Process (§10.2 step 1): try at the start of the next Round, before its first Main Process ends.
nw-fight-appear-tried = you have tried to appear this Round; try again next Round.
nw-fight-inside-fortress = 🏰 { $who } is inside the Fortress.
nw-fight-gm-refuses-far = The GM does not allow { $who } to move that far.
nw-fight-in-at-short = { $who } is already in the fight at Short range.
nw-fight-down-cannot-come = { $who } is down and cannot come into the fight.
nw-fight-comes-in = ↩️ { $who } comes into the fight at Short range: Post-action, acting from the next Round.
nw-fight-already-at = { $who } is already at { $band }.
nw-fight-not-in-fight-band = { $who } is not in the fight (`band:short` brings them in).
nw-fight-placed-far = 🏃 { $who } moves to { $band }{ $asked ->
    [yes] {" "}with the GM's permission
   *[no] {""}
} and { $long ->
    [yes] retreats: out of the fight, only Range: Long reaches them
   *[no] leaves the fight: nothing reaches them
}.
nw-fight-far-ends-main = Moving to Long or Extreme range ends the Main Process.

## Recovery and curing (combat/recovery/)

nw-fight-recovery-line = { $head } (Recovery { $recovery }{ $notes }){ $tail }: `{ $line }`
nw-fight-recovery-after-prana = After Prana the Recovery Judge's Result is { $result } (the HP or MP it gives: { $now } instead of { $was }).
nw-fight-recovers = 💚 { $who } recovers { $amount } { $what } ({ $what } { $shown }).
nw-fight-recovery-loses = 🩸 The Recovery Judge goes below 0: { $who } loses { $amount } { $what } ({ $what } { $shown }).
nw-fight-up-again = { $fight ->
    [yes] { $who } is no longer Incapacitated (Post-action until the next Setup Process).
   *[no] { $who } is no longer Incapacitated.
}
nw-fight-recovery-down = 💫 { $who } is Incapacitated (a Recovery Judge never kills).
nw-fight-no-character = no character `{ $name }`.
nw-fight-heal-dead = { $who } is Dead: no Recovery Judge brings them back.
nw-fight-healer-down = { $who } is Incapacitated (HP 0) and makes no Recovery Judge.
nw-fight-the-gm = The GM
nw-fight-heal-head = ✨ { $who } makes a Recovery Judge
nw-fight-heal-tail = {" "}for { $target }'s { $what }
# `$status`: the status as typed, which English shows; `$name`: the status read (`Paralysis`), which
# Japanese shows (each language names both: a selector with one variant).
nw-fight-no-such-bs = { $who } does not have BS: { $name ->
   *[other] { $status }
}{ $any ->
    [yes] {" "}(has { $has })
   *[no] {""}
}.
nw-fight-no-bs = { $who } has no bad status.
nw-fight-bs = BS: { $status }
nw-fight-cured = 🌿 { $who } is cured of { $statuses }.
nw-fight-rest-combat = nobody rests during a combat (`/nwcombat end` first).
nw-fight-player-no-pc = that player has no PC in this session.
nw-fight-rest-none = no PC to rest.
nw-fight-rest-title = Natural recovery
nw-fight-rest-full = 🛏️ A full rest: HP and MP restored in full.
nw-fight-rest-tense = ⛺ A tense rest: Recovery Judges, HP Recovery = Str { $minus ->
    [yes] − 5
   *[no] ÷ 5
}, MP Recovery = Kno { $minus ->
    [yes] − 5
   *[no] ÷ 5
} (each at most 3).
nw-fight-rest-absent = 🌙 Out of the Scene: Recovery Judges with Recovery 0.
nw-fight-rested = { $who }: HP { $hp }/{ $hp } · MP { $mp }/{ $mp }.
nw-fight-rest-head = { $who }: { $what } Recovery Judge

## Buttons

nw-fight-button-defence-rolls = Defence rolls

## The order of the Main Process's actions (combat/model.rs)

nw-fight-act-a-minor-action = A Minor Action
nw-fight-act-getting-off-a-broom = Getting off a Broom
nw-fight-act-invading = Invading
nw-fight-act-lunar-robe-flight = Lunar Robe flight
nw-fight-act-mounting-a-broom = Mounting a Broom
nw-fight-act-moving-to-long-or-extreme-range = Moving to Long or Extreme range
nw-fight-act-moving = Moving
nw-fight-act-withdrawing = Withdrawing

## Bad statuses set by the GM (status.rs)

nw-fight-rating-number = a rating is a whole number, e.g. poison:3
nw-fight-not-a-bs = `{ $name }` is not a bad status.
nw-fight-bs-rating = { $status } needs a rating, e.g. { $id }:3.

## Buttons that name a combatant. $who: the one who acts; $for: whom they cover.
nw-fight-button-dodge = Dodge: { $who }
nw-fight-button-cover = Cover Up: { $who }
nw-fight-button-cover-for = Cover Up: { $who } for { $for }
