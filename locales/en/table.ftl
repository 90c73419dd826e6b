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
