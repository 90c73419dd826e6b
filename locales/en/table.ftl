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
