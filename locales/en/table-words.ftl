# Words of the table and its games that had no catalogue yet (issue #40): what a game waits
# for (a decision's label, named when a settled button is pressed), the dice table's replies,
# One Piece Nakama's card colours and the dice's notes for users of other dice tools.

## What a game waits for (`Decision::label`). $round, $turn, $n: numbers; $name: a player's name.
dice-decision-roll = { $name }'s roll in round { $round }
nobi-decision-draw = drawing Scene { $n }
nobi-decision-roll = Scene { $n }'s roll
nobi-decision-act = Scene { $n }'s act
nobi-decision-verdict = Scene { $n }'s verdict
nobi-decision-epilogue = the Epilogue's final test
# $extra: yes or no (a Recruit ability's extra recruit).
nakama-decision-recruit = { $name }'s { $extra ->
        [yes] extra recruit
       *[no] recruit
    } on turn { $turn }
nakama-decision-ability = { $name }'s ability on turn { $turn }
nakama-decision-hat = { $name }'s die value on turn { $turn }
nakama-decision-give = { $name }'s card in the exchange of turn { $turn }
nakama-decision-discard = { $name }'s discard on turn { $turn }
nakama-decision-react = { $name }'s Continue to Combat on turn { $turn }
nakama-decision-lose = the crew's lost friend on turn { $turn }
ninja-decision-luck = { $name }'s luck on turn { $turn } of round { $round }
ninja-decision-turn = { $name }'s turn { $turn } in round { $round }
ninja-decision-run = { $name }'s run in round { $round }
nw-decision-dodge = { $name }'s Dodge Check in round { $round }
nw-decision-damage = { $name }'s damage roll in round { $round }
nw-decision-defence = { $name }'s damage roll and the defence roll in round { $round }
nw-decision-apply = applying { $name }'s damage in round { $round }
nw-decision-main = { $name }'s Main Process in round { $round }
nw-decision-closing = the Initiative Process after the last Main Process of round { $round }
nw-decision-window = the skill window of round { $round }
nw-decision-next = choosing the next Main Process in round { $round }
# $judge: the Judge's label.
nw-decision-prana = Prana on { $name }'s { $judge }
nw-decision-cf = { $name }'s Critical and Fumble values

## The dice table (`/dice`). $expr: the expression each turn rolls; $max: the largest score kept.
dice-table-title-open = 🎲 Dice table open
dice-table-open = { $host } opened a dice table: each turn rolls `{ $expr }`, { $rounds } round(s), highest total wins.
    Join with `/dice join`; the host starts with `/dice start`.
dice-table-title = 🎲 Dice table
dice-table-title-over = 🏆 Dice table over
dice-table-button-join = Join
dice-table-button-roll = Roll
dice-table-field-scores = Scores
dice-table-turn = Round { $round }/{ $rounds }: { $who }, your roll (`{ $expr }`).
dice-table-joins = { $name } takes seat { $seat }.
dice-table-leaves = { $name } leaves the table.
# $roll: the roll as the dice write it; $score: the total after it.
dice-table-rolls = { $name } rolls { $roll } (total { $score }).
dice-table-rolls-past = { $name } rolls { $roll }, which would take the total past { $max }, the largest score kept: it scores nothing (total { $score }).
dice-table-roll-failed = { $name }'s roll failed: { $error } It scores nothing (total { $score }).
# $winners: the winners' names, joined by dice-table-and.
dice-table-winner = Winner: { $winners } with { $best }.
dice-table-and = {" and "}
dice-table-names-sep = {", "}
dice-table-score = { $name }: { $score }
dice-table-nobody = nobody yet
# $phase: joining, next (someone rolls next), playing or over.
dice-table-status = Rolling `{ $expr }` — { $phase ->
        [joining] waiting for players
        [next] round { $round }/{ $rounds }, { $next } to roll
        [playing] round { $round }/{ $rounds }
       *[over] over
    }
dice-table-no-seat = you have no seat at this table: `/dice join` first.
dice-table-no-seat-closed = you have no seat at this table, and seats closed when it started (players: { $players }). Open your own in another channel with `/dice new`.
dice-table-opens-with-new = a dice table opens with `/dice new`.
dice-table-too-large = `{ $expr }` over { $rounds } round(s) could pass { $max }, the largest score kept; roll smaller numbers or fewer rounds.
dice-table-already-open = a dice table is already open here.
dice-table-started-wait = the dice table has already started; wait for the next one.
dice-table-seated-already = you already have a seat at this table.
dice-table-full = the table is full ({ $seats } seats).
dice-table-no-leaving = you cannot leave once the rolling has started.
dice-table-started = the dice table has already started.
dice-table-nobody-seated = nobody is seated; `/dice join` first.
dice-table-not-started = the table has not started yet; the host starts it with `/dice start`.
dice-table-over = the game is over.
dice-table-not-your-turn = it is { $name }'s turn to roll, not yours.

## One Piece Nakama: a friend card's colour (`Red 7` is its colour and its number; `card:`
## takes it in either language). $colour: red, blue, green, yellow, purple or orange.
nakama-colour = { $colour ->
        [red] Red
        [blue] Blue
        [green] Green
        [yellow] Yellow
        [purple] Purple
       *[orange] Orange
    }
nakama-friend-label = { $colour ->
        [red] Red
        [blue] Blue
        [green] Green
        [yellow] Yellow
        [purple] Purple
       *[orange] Orange
    } { $power }

## The dice's notes for users of other dice tools (Roll20, Foundry), after `Note:`.
## $op: > or <; $value: the number compared with; numbers as written.
# A strict comparison on a die's faces: $counts and $inclusive are dice-note-faces.
dice-note-strict-faces = `{ $op }{ $value }` counts { $counts } here; write `{ $op }={ $value }` for { $inclusive }.
# Faces from $lo to $hi ($kind: span, one, or none when no face).
dice-note-faces = { $kind ->
        [span] { $lo }–{ $hi }
        [one] { $lo }
       *[none] nothing
    }
# A strict comparison on a group's totals: $strict is the first total it counts; $dir: more or less.
dice-note-strict-totals = `{ $op }{ $value }` counts totals of { $strict } or { $dir ->
        [more] more
       *[less] less
    } here; write `{ $op }={ $value }` for { $value } or { $dir ->
        [more] more
       *[less] less
    }.
# A bare `r` as written ($written), and the rest after the `r` ($rest).
dice-note-reroll-counted = `{ $written }` rerolls each matching die until it misses, and what follows counts successes; Foundry reads `{ $written }=…` as rerolling at most { $rest } dice, which has no notation here.
dice-note-reroll-until = `{ $written }` rerolls until the die misses, as in Roll20; Foundry's `r` rerolls once: write `ro{ $rest }` for once (`rr{ $rest }` means until in both).
dice-note-sep = {" "}
