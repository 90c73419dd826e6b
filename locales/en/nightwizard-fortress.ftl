## The Fortress's Judges (fortress/checks.rs): traps, Danger Sense, Appearance Checks, settling a Judge

# A Fortress Judge's label (Check::label), read by judge::said::label.
nw-label-trap-identification = { -nw-trap-identification }
nw-label-trap-removal = { -nw-trap-removal }
nw-label-danger-sense = { -nw-danger-sense }

nw-fortress-try-inside = only a PC who has appeared in the Scene tries that.
nw-fortress-roll-inside = only a PC who has appeared in the Scene rolls that.
nw-fortress-no-trap = there is no armed trap here.
nw-fortress-trap-known = { $name } already knows how this trap works: `/nwfortress remove`.
nw-fortress-trap-failed = { $name } already failed to identify this trap.
nw-fortress-identify-first = identify the trap first (a successful Trap Identification Judge lets you remove it).
nw-fortress-one-removal = one Removal attempt at a time: settle the last one first (`/nwfortress resolve`).
nw-fortress-nothing-to-settle = you have no Fortress Judge to settle.
nw-fortress-ambush-perception = an ambush needs the NPC's perception: (Difficulty = Perception + 7).
nw-fortress-danger-kind = kind is trap, ambush, secret or other, not `{ $value }`.
nw-fortress-no-danger = the GM has not called for a Danger Sense Judge.
nw-fortress-sensed-already = you already rolled this Danger Sense Judge.
nw-fortress-not-judge = that is not a Fortress Judge command.

# $kind: trap, ambush, sniper, secret or other (what the GM called); $stat: awareness or luck.
nw-fortress-kind = { $kind }
nw-fortress-stat = { $stat }
# $kind: nw-fortress-kind; $stat: nw-fortress-stat; $secret, $passive: yes or no.
nw-fortress-danger-gm = ⚠️ Danger Sense ({ $kind }): { $stat } Judge, Difficulty { $dc } (hidden from the players){ $secret ->
        [yes] {", rolled secretly"}
       *[no] {""}
    }{ $passive ->
        [yes] {", rolled by the bot for every PC in the Scene"}
       *[no] {""}
    }.
nw-fortress-danger-title = ⚠️ { -nw-danger-sense } Judge
nw-fortress-danger-passive = Something may be wrong here: every PC in the Scene rolls { $stat }.
nw-fortress-danger-by-hand = Everyone in the Scene rolls { $stat } (`/nwfortress sense`).
nw-fortress-danger-waits = { $name } has a Fortress Judge to settle first (`/nwfortress resolve`), then rolls with `/nwfortress sense`.

# $label: the Judge's label (nw-label-…).
nw-fortress-short = Your { $label } falls short for now: spend Prana on it, or settle it as it stands.
nw-fortress-button-settle = Settle

# $critical: yes (an automatic success below the Difficulty) or no.
nw-fortress-versus = { $critical ->
        [yes] a Critical
       *[no] { $result } against { $dc }
    }
nw-fortress-appears = ✨ { $name } appears in the Scene (Appearance Check: { $versus }).
nw-fortress-not-appears = { $name } does not make it into the Scene (Appearance Check { $result } against { $dc }).

nw-fortress-identified = 🔍 { $name } sees how the trap works and may try to remove it (Finesse, Removal Value { $removal }): `/nwfortress remove`.
# $damage: nw-map-trap-damage or nothing.
nw-fortress-trap-told = 🪤 The trap: { $effect }{ $damage }. Removal Value { $removal }.
nw-fortress-button-remove = Remove it
nw-fortress-not-identified = { $name } cannot make out the trap.
nw-fortress-remove-fumble = 💥 { $name } fumbles the Removal: the trap goes off.
nw-fortress-removed = 🔧 { $name } disarms the trap ({ $versus }). The way on is clear.
nw-fortress-not-removed = { $name } fails to disarm the trap (Removal { $result } against { $dc }); try again, one at a time.

# $why: identify (every PC failed to identify it) or fumble (a Fumble on its Removal).
nw-fortress-trap-goes-off = 💥 The trap goes off ({ $why ->
        [identify] every PC in the Scene failed to identify it
       *[fumble] a Fumble on the Removal Judge
    }): { $effect }
nw-fortress-trap-damage = Damage `{ $roll }`
# $down: yes (HP 0) or no.
nw-fortress-trap-hurts = { $name } loses { $lost } HP (HP { $hp }){ $down ->
        [yes] {" — Incapacitated"}
       *[no] {""}
    }
nw-fortress-trap-spent = The trap is spent (unless the GM resets it with `/nwfortress trap`).

nw-fortress-senses-nothing = { $name } senses nothing amiss.
nw-fortress-senses-trap = ⚠️ { $name } senses a trap here and may try to identify it (`/nwfortress identify`).
nw-fortress-senses-ambush = ⚠️ { $name } notices the ambush in time and may respond.
nw-fortress-no-secret-gate = { $name } searches carefully: there is no hidden Gate here.
nw-fortress-finds-gate = 🚪 { $name } finds a hidden Gate: { $gates }.
nw-fortress-senses-danger = ⚠️ { $name } senses danger.
