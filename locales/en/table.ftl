# The table's own words (croupier-core, table::Phrase): the /game built-ins, /help, refusals.

# /game language. $channel: en, ja or server (not chosen); $me: en, ja or discord (not chosen).
game-language-title = 🌐 Languages
game-language-now = This channel's replies: { $channel ->
    [en] English
    [ja] Japanese
   *[server] the server's language
}
    Your own replies and DMs: { $me ->
    [en] English
    [ja] Japanese
   *[discord] your Discord language
}
    Change them with `/game language channel:` (host or channel manager) and `/game language me:`.

# A refusal: $reason is why (the table's words or a game's).
table-refused = ⛔ { $reason }
# Who may use a command. $who: host, gm or manager; $named: the host's or the GMs' mentions;
# $command: the command as typed.
table-only = { $who ->
    [manager] only a member who may manage this channel can use `{ $command }`.
    [gm] only the GM ({ $named }) or someone who may manage this channel can use `{ $command }`.
   *[host] only the host ({ $named }) or someone who may manage this channel can use `{ $command }`.
}

# /roll visibility:gm|blind with no game running. $visibility: gm or blind.
table-roll-no-gm = nobody is GM in this channel (no game is running), so a `{ $visibility }` roll has no one to show it to. Use visibility:self or public.
# /roll of an expression the dice cannot read. $error: the dice's own words (dice.ftl, dice-error-…).
table-roll-bad = { $error }
# /game status with no game. $starts: one line per game, `/nobi new` — its title.
table-no-game-title = No game here
table-no-game = No game is running in this channel. Start one:
    { $starts }
    Dice work anywhere: `/roll expr:2d6+3`.
# /game undo|end|host with no game. $what: undo, end or host.
table-no-game-to = { $what ->
    [undo] there is no game to undo in this channel.
    [end] there is no game to end in this channel.
   *[host] there is no game in this channel to hand over.
}
# /game log. $lines: the entries, as the log wrote them.
table-log-title = 📜 Log
table-log = { $lines }
table-log-empty = Nothing has happened in this channel yet.
# One entry of /game log. $log: its number; $what: who did what (table-log-did or
# table-log-hidden-roll); $shown: who saw it (public, gm, blind or self).
table-log-line = #{ $log } { $what }{ $shown ->
    [gm] {" "}(GM roll)
    [blind] {" "}(blind roll)
    [self] {" "}(private roll)
   *[public] {""}
}
# An entry taken back by /game undo.
table-log-undone-line = #{ $log } ~~{ $what }~~ (undone)
# $who: who acted; $summary: what happened, as the entry was written.
table-log-did = { $who } { $summary }
table-log-hidden-roll = { $who } made a hidden roll
# The summaries of the table's own entries. $roll: the dice as rolled; $log: an entry's
# number; $by: who made the entry undone; $to: the new host.
table-log-private = (private)
table-log-rolled = rolled { $roll }
table-log-revealed = revealed roll #{ $log }
table-log-ended = ended the game
table-log-closed = closed the finished game for a new one
table-log-host = { $who } hands the table to { $to }
table-log-undid = undid #{ $log } ({ $by }: { $summary })
# /game undo. $who: who undid; $log, $by, $summary: the entry taken back; $records: the
# server-wide records put back (names); $more: how many more than those listed.
table-undone-title = ↩️ Undone
table-undone = { $who } undid the last action: #{ $log } by { $by } — { $summary }
table-undone-put-back = { $who } undid the last action: #{ $log } by { $by } — { $summary }
    Server-wide records put back as they were: { $records }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }.
# /game host. $who: the old host; $game: its title; $to: the new host.
table-host-title = 🎩 New host
table-host = { $who } hands the game of { $game } to { $to }: they host it now (GM-only replies and secrets, `/game undo`, `/game end`).
# /game reveal. $log: the roll's entry; $who: who rolled; $roll: the dice.
table-revealed-title = 🎲 Revealed roll
table-revealed = #{ $log }: { $who } rolled { $roll }
# /game end without confirm:true. $game: the game's title.
table-end-title = End the game?
table-end = This ends the game of { $game } in this channel for everyone. Its log is kept.
# The game ended. $who: who ended it; $game: its title; $command: how to start a new one.
table-ended-title = 🏁 Game ended
table-ended = { $who } ended the game of { $game }. A new one can start with `{ $command }` (or another game).
# /game reveal. $log: the log entry's number; $who: who made the roll.
table-reveal-no-entry = there is no log entry #{ $log } in this channel.
table-reveal-not-gm = only the GM of the game a hidden roll was made in can reveal it.
table-reveal-not-a-roll = log entry #{ $log } is not a roll.
table-reveal-public = roll #{ $log } is already public.
table-reveal-private = roll #{ $log } was a private roll of { $who }; only they can reveal it.
# /game check outside Discord.
table-check-title = Permissions
table-check = This table is not on Discord: it needs no permissions.
# /game language channel: by someone else.
game-language-not-host = only the host or a member who may manage this channel can set its language; `me:` sets your own.
# A command no game declares. $command: as typed.
table-no-command = there is no command `{ $command }`. Try `/help` for the list.
# A button that answers nothing now. $why: ended, unknown or moved-on.
table-button-gone = { $why ->
    [ended] that button belongs to a game that has ended.
    [moved-on] that button belongs to an earlier moment of the game — the state has moved on since. Use `/game status` for the current buttons.
   *[unknown] that button belongs to a game that is no longer known.
}

# /help. $commands: one line per command (table-help-line).
table-help-title = Croupier
table-help = Dealer, dice roller and scorekeeper. One game per channel.

    { $commands }

    For one command's options and who may use it: `/help command:` and its name, e.g. `/help command:roll` or `/help command:nobi act`.
# A command of the list: $command as typed, $description its own words, $count the commands of
# a group (0: one command).
table-help-line = `{ $command }` — { $description }{ $count ->
    [0] {""}
   *[other] {" "}({ $count } commands)
}
# /help command:GROUP: its subcommands (table-help-sub-line).
table-help-group-title = { $command }
table-help-group = { $description }

    { $commands }

    `/help command:{ $command } …` shows one of them in full: its options and who may use it.
table-help-sub-line = { $count ->
    [0] `{ $command }` — { $description }
   *[other] `{ $command } …` — { $description } ({ $count } commands)
}
# /help command:X for no command. $near: commands starting alike.
table-help-unknown = there is no command `{ $command }`. `/help` lists every command.
table-help-unknown-near = there is no command `{ $command }`. Did you mean { $near }?
# The button of /game end's question.
table-end-button = End the game
# /help command:LEAF, a line at a time ($lines). $use: the command as typed.
table-help-page = { $lines }
table-help-use = **Use:** `{ $use }`
# $who: anyone, player, gm, host or manager.
table-help-who = **Who:** { $who ->
    [anyone] anyone in the channel (the game's rules may still refuse)
    [player] the players seated in the game, and its GMs
    [gm] the game's GM (its host and channel managers too)
    [manager] members who may manage the channel
   *[host] the game's host, or a member who may manage the channel
}
# $answer: who sees it (table-help-answer-…).
table-help-answer = **Answer:** { $answer }
table-help-answer-public = everyone in the channel sees it
table-help-answer-maybe-private = as the game decides: some of it may be for you alone
# $option: an option; $values: the values that make it private.
table-help-answer-private-when = everyone sees it, unless `{ $option }` is { $values }
table-help-answer-view = { $shown }; it shows where things stand and changes nothing
table-help-where-guild = **Where:** server-wide (no game needed in this channel)
table-help-where-guild-when = **Where:** with `{ $option }:`, server-wide (no game needed in this channel)
table-help-where-dm = **Where:** also in direct messages
table-help-options = **Options**
# One option. $name: its name; $description: its description; $facts: what it takes
# (the facts below, separated by list-facts-sep).
table-help-option = `{ $name }` — { $description } ({ $facts })
table-help-required = required
table-help-optional = optional
table-help-text = text
table-help-text-up-to = text, up to { $n } characters
# $min, $max: the limits, or none.
table-help-number = { $min ->
    [none] { $max ->
        [none] a whole number
       *[other] a whole number, at most { $max }
    }
   *[other] { $max ->
        [none] a whole number, at least { $min }
       *[other] a whole number from { $min } to { $max }
    }
}
table-help-boolean = true or false
table-help-member = a member
table-help-autocomplete = suggestions as you type
table-help-modal = on Discord, left out, it opens a form to type it in
table-help-one-of = one of { $choices }
table-help-one-of-count = one of { $count } choices
# Between the facts of a list (an option's on its /help page).
list-facts-sep = {"; "}

# Refusals of the table itself. $channel, $host, $who: mentions; $game, $playing: game titles;
# $name: a game's command (`nobi`).
table-button-elsewhere = that button belongs to the game in { $channel }, not to this channel; press it there, or use `/game status` here.
table-game-running = this channel already has a game of { $game } running (hosted by { $host }). Finish it, or ask the host to `/game end` it, or start yours in another channel.
table-no-game-of = there is no game of { $game } in this channel. Start one with `/{ $name } new`.
table-other-game = this channel is playing { $playing }, not { $game }. Use `/{ $name } …` commands here, or another channel.
table-host-already = { $who } hosts this game already.
table-host-not-bot = Croupier cannot host a game; name a player.
table-undo-nothing = there is nothing to undo in this game yet.
# A button whose decision is settled. $label: what it was (the game's words); $log: the log
# number; $actor: who settled it; $summary: that log entry's summary.
table-button-settled = that button was for **{ $label }**, which is already settled: #{ $log } { $actor } — { $summary }.
table-button-not-waited = that button answers something the game no longer waits for.
table-button-stale-nothing = { $why } Nothing is waiting for you right now; `/game status` shows the game.
table-button-stale-open = { $why } Here is what is open now:

# The games' titles (the English is each game's declaration).
game-title-dice = Dice Table (high roll)
game-title-nakama = One Piece Nakama: Friends & Enemies
game-title-nw = Night Wizard 3rd Edition
game-title-ninja = Ninja Obstacle Tournament
game-title-nobi = Nobi Nobi Sword

# Alternatives in a row (`a, b or c`): between them, and before the last.
list-or-sep = {", "}
list-or-last = {" or "}

# A command line its declaration does not take (the console's, mostly: Discord checks most of
# these before it sends a command). $command: the command as typed (`/nobi act`); $option: an
# option's name; $value: what was given; $names, $values, $options: alternatives (list-or-…).
table-usage-needs-option = `{ $command }` needs the option `{ $option }:`. Add it and try again.
table-usage-needs-number = `{ $command }` needs the option `{ $option }:` (a whole number).
table-usage-not-number = option `{ $option }` must be a whole number, not `{ $value }`
table-usage-not-flag = option `{ $option }` must be true or false, not `{ $value }`
# $at: the character's place in the value (1 = first); $char: its code and Unicode name.
table-usage-hidden = option `{ $option }` holds an invisible character at position { $at } ({ $char }), which can make text show differently from what it is; type it again without it.
# A number past what the option's type holds. $min, $max: the type's bounds.
table-usage-int-range = option `{ $option }` is out of range: { $value } (from { $min } to { $max }).
# $limit: the most characters the option takes; $count: how many were given.
table-usage-too-long = `{ $command }`: option `{ $option }` takes at most { $limit } characters, not { $count }.
# $bound: both, min or max (which of $min and $max the option declares).
table-usage-range = `{ $command }`: option `{ $option }` must be { $bound ->
    [both] from { $min } to { $max }
    [min] at least { $min }
   *[max] at most { $max }
}, not { $value }.
table-usage-no-subcommand = `{ $command }` has no subcommand `{ $sub }`.
# $takes: none (the command takes no option) or some ($options lists them).
table-usage-no-option = `{ $command }` has no option `{ $option }:`; it { $takes ->
    [none] takes no options
   *[some] takes { $options }
}.
table-usage-needs-subcommand = `{ $command }` needs a subcommand: { $names }.
table-usage-not-a-command = `{ $command }` is not a command; try { $names }.
table-usage-unknown-choice = { $option } `{ $value }` is unknown; use { $values }.
# A game whose declaration routes a command guild-wide but that handles none (a game's author's
# mistake). $command: the command as typed.
table-guild-undeclared = `{ $command }` is declared guild-wide but this game has no guild-wide commands.
