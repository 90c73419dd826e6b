# The console's own words (`croupier console`): its frame around the table's replies.

console-line-problem = [console] ⛔ line { $line }: { $problem }
console-later = [console] ⏱ { $duration } later
# A duration, as `@wait` takes it (`30m`, `25h`, `3d`).
console-duration = { $unit ->
    [d] { $n }d
    [h] { $n }h
    [m] { $n }m
   *[s] { $n }s
}
console-bad-wait = `@wait { $given }` needs a duration like 30m, 25h or 3d
console-expected-act = expected `USER: /command …`, `USER: press LABEL` or `USER: pick VALUE`
console-after-channel = after `#channel` write `USER: /command`
console-bad-user = `{ $user }` is not a user name (one word, then a colon)
console-no-button = there is no button `{ $label }` on a message shown to { $user }
console-no-button-yet = there is no button `{ $label }` on a message shown to { $user } in this run of the console (buttons and menus are not kept in the database: `/game status` shows the game's buttons again, or type the command)
console-no-entry = there is no menu entry `{ $value }` on a menu shown to { $user }
console-no-entry-yet = there is no menu entry `{ $value }` on a menu shown to { $user } in this run of the console (buttons and menus are not kept in the database: `/game status` shows the game's buttons again, or type the command)
console-nothing-pressed = { $user } has pressed nothing in #{ $channel } yet

# Why a typed command line could not be read.
command-missing-slash = a command starts with `/`, e.g. `/roll expr:2d6`
command-unclosed-quote = the quote opened at column { $column } is never closed
command-stray-word = `{ $word }` is not an option; write options as name:value (use double quotes for spaces)
command-duplicate-option = option `{ $option }` is given twice

# Who a reply is shown to, on its frame line (`[#table → everyone]`). $who: user names.
console-to-everyone = everyone
console-to-nobody = nobody
console-to-only = { $who } only
console-to-gm = GM only
# A reply that edits a standing message (Discord edits it in place). $slot: which one.
console-updates = ↻ updates the { $slot } message
# An attached file. $bytes: its size.
console-file = { $name } ({ $bytes } bytes)
