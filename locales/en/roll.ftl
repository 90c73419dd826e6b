# /roll's replies (croupier-core, table::Said). $who is a mention, $roll the dice line
# (croupier-dice), $chance a chance line below.

roll-title = 🎲 Roll
roll-line = { $who } rolls { $roll }
# The chance of reaching the target, then the verdict.
roll-verdict = { $chance } — { $verdict ->
    [success] **success**
   *[failure] **failure**
}
# A note for users of other dice tools (the dice's own words).
roll-note = Note: { $note }
roll-chance = needs { $target }+: { $chance }
roll-chance-note = { $line } ({ $note })
roll-chance-unreachable = { $line } (no result reaches { $target }: the highest is { $highest })
roll-chance-unknown = needs { $target }+ (no exact chance: { $reason })
roll-log = Log
roll-log-number = #{ $log }
roll-blind-title = 🙈 Blind roll
roll-blind = { $roll } (only the GM sees this)
roll-blind-notice = 🙈 You rolled `{ $expr }` blind (log #{ $log }); only the GM sees the result.
roll-failed-title = 🎲 The roll failed
roll-failed = { $error } { $thrown ->
    [yes] The dice were thrown, so trying again rolls fresh ones; nothing else changed.
   *[no] No dice were thrown; nothing changed.
}
