# One Piece Nakama: Friends & Enemies (croupier-nakama): replies, the board, hands, prompts,
# buttons and refusals. Names stay as the data has them: characters (Luffy), enemies and
# bosses, friend cards (`Red 7`: a colour and a number, what `card:` takes).

## The cards' words: abilities, die results, challenges, powers, missions, ranks.

# $ability: exchange, move, power-up, recruit, block or die.
nakama-ability = { $ability ->
        [exchange] Exchange
        [move] Move
        [power-up] Power Up
        [recruit] Recruit
        [block] Block
       *[die] Die
    }
# $effect: back, forward, draw, power or nothing; $n: how far or how many.
nakama-die-effect = { $effect ->
        [back] threat back { $n }
        [forward] threat forward { $n }
        [draw] draw { $n }
        [power] power up
       *[nothing] nothing
    }
# A die ability's table: $e1 … $e5, the results of 1 … 5.
nakama-die-table = Die: 1 { $e1 } · 2 { $e2 } · 3 { $e3 } · 4 { $e4 } · 5 { $e5 }
# A friend card with its ability. $label: `Red 7`; $ability: its name or its table.
nakama-card = { $label } ({ $ability })
# A boss's challenge. $challenge: threat, power-down, lose or discard; $n.
nakama-challenge = { $challenge ->
        [threat] The threat token moves forward { $n }.
        [power-down] Every Power Up! token flips to Power Down.
        [lose] Roll the die: that column's current friend is defeated.
       *[discard] Every player discards { $n } card(s) from hand at random.
    }
# A character's special ability. $special: its kind; $n.
nakama-special = { $special ->
        [threat] Move the threat token back { $n }.
        [draw] Draw { $n } friend card(s).
        [move] Move a current friend to another column (`from:` `to:`).
        [swap] Swap the current friends of two columns (`from:` `to:`).
        [block-bosses] Return an enemy or boss to the enemy deck (`space:`).
        [block] Return an enemy (not a boss) to the enemy deck (`space:`).
        [revive] Take the last defeated friend back into your hand.
        [refresh] Discard the current friend of a column; the one beneath becomes current (`column:`).
       *[boost] Flip another player's token to Power Up! (`target:`).
    }
# A condition on one friend. $test: at-least, at-most, colour, even or odd; $power; $colour.
nakama-test = { $test ->
        [at-least] has power { $power } or more
        [at-most] has power { $power } or less
        [colour] is { $colour }
        [even] has an even number
       *[odd] has an odd number
    }
# Missions. $cap: yes when the mission begins a sentence (English writes a capital).
nakama-mission-total = { $cap ->
        [yes] The
       *[no] the
    } total power of the current friends is at least { $at_least }
nakama-mission-same-colour = { $count } current friends share one colour
nakama-mission-colour = { $count } current friends are { $colour }
nakama-mission-same-number = { $count } current friends show the same number
nakama-mission-all-different = { $cap ->
        [yes] The
       *[no] the
    } 5 current friends are all of different colours
nakama-mission-run = { $length } current friends form a run of consecutive numbers
nakama-mission-column = { $cap ->
        [yes] The
       *[no] the
    } current friend of column { $column } { $test }
# $count: 1 or 2 nearby columns, $a and $b.
nakama-mission-nearby = { $cap ->
        [yes] Each
       *[no] each
    } nearby friend of column { $column } (column { $count ->
        [1] { $a }
       *[other] { $a } and { $b }
    }) { $test }
nakama-mission-either = { $cap ->
        [yes] Either
       *[no] either
    } { $parts }
nakama-mission-and = { $a } and { $b }
nakama-mission-or = { $a } or { $b }
nakama-mission-comma = { $a }, { $b }
nakama-mission-one = { $a }
# A mission as a sentence.
nakama-mission = { $mission }.
# $tier: 0 (up to ฿10,000,000) … 7 (over ฿70,000,000).
nakama-rank = { $tier ->
        [0] Cabin Boy
        [1] Rookie Pirate
        [2] Run-of-the-Mill Pirate
        [3] BRAVO Pirate
        [4] Captain
        [5] Renowned Captain
        [6] Warlord of the Sea
       *[7] Emperor of the Waves
    }

## Lists.
nakama-list = { $a }, { $b }
nakama-and = { $a } and { $b }
nakama-dot = { $a } · { $b }
nakama-none = none
nakama-empty = (empty)

## Opening, joining, the start.

# $host; $react: default, on or off.
nakama-open-title = 🏴‍☠️ One Piece Nakama
nakama-open = { $host } opened a table. Join with `/nakama join character:<name>` (someone plays Luffy, who starts); then `/nakama begin [bosses:<n>]`. { $react ->
        [on] Reaction step on: after each recruit the crew may use powers before the active player presses Continue.
        [off] Reaction step off: Combat follows each recruit at once.
       *[default] Reaction step on with 2 or more players (after each recruit the crew may use powers before the active player presses Continue); off in solo play, where nobody else reacts.
    }
# $who; $character; $special: the character's power.
nakama-joins = { $who } joins the crew as **{ $character }** — { $special }
nakama-now-plays = { $who } now plays **{ $character }**.
nakama-leaves = { $who } leaves the crew.
# $players, $bosses; $first: Luffy's player; $react: on, solo or off.
nakama-begin-title = 🏴‍☠️ The adventure begins!
nakama-begin = { $players } player(s), { $bosses } boss(es) in the enemy deck. { $first } (Luffy) starts. Hands are dealt privately — see yours with `/nakama hand`. { $react ->
        [on] Reaction step on: after each recruit the crew may use powers before Continue.
        [solo] Solo: no reaction step (nobody else reacts); your power works at any time all the same.
       *[off] Reaction step off: Combat follows each recruit at once.
    }

## Buttons and menus.
nakama-button-hand = My hand
nakama-button-board = Board
nakama-button-refresh = Refresh
nakama-button-continue = Continue
nakama-button-skip = Skip
nakama-button-power-up = Power Up
nakama-button-recruit-again = Recruit again
nakama-button-roll = Roll the die
nakama-button-as-recruit = As Recruit
nakama-button-column-1 = Column 1
nakama-button-column-2 = Column 2
nakama-button-column-3 = Column 3
nakama-button-column-4 = Column 4
nakama-button-column-5 = Column 5
nakama-button-block-1 = Block space 1
nakama-button-block-2 = Block space 2
nakama-button-block-3 = Block space 3
nakama-button-value-1 = 1
nakama-button-value-2 = 2
nakama-button-value-3 = 3
nakama-button-value-4 = 4
nakama-button-value-5 = 5
# $withN: the player in seat N.
nakama-button-exchange-1 = Exchange with { $with1 }
nakama-button-exchange-2 = Exchange with { $with2 }
nakama-button-exchange-3 = Exchange with { $with3 }
nakama-button-exchange-4 = Exchange with { $with4 }
nakama-button-exchange-5 = Exchange with { $with5 }
# $cardN: the current friend of column N.
nakama-button-lose-weakest-1 = Lose { $card1 } (column 1)
nakama-button-lose-weakest-2 = Lose { $card2 } (column 2)
nakama-button-lose-weakest-3 = Lose { $card3 } (column 3)
nakama-button-lose-weakest-4 = Lose { $card4 } (column 4)
nakama-button-lose-weakest-5 = Lose { $card5 } (column 5)
nakama-button-lose-1 = Column 1: { $card1 }
nakama-button-lose-2 = Column 2: { $card2 }
nakama-button-lose-3 = Column 3: { $card3 }
nakama-button-lose-4 = Column 4: { $card4 }
nakama-button-lose-5 = Column 5: { $card5 }
nakama-menu-recruit = Recruit a friend
nakama-menu-give = Give a card in the exchange
nakama-menu-discard = Discard a card

## The board.
nakama-board-title = 🏴‍☠️ One Piece Nakama — the board
nakama-end-title = 🏴‍☠️ One Piece Nakama — the end
nakama-board = { $text }
nakama-bad-state = { $problem }
# $phase: joining, playing or over; $turn; $pending: the step the turn waits for.
nakama-board-status = { $phase ->
        [joining] The crew is gathering.
        [playing] Turn { $turn } — { $pending }.
       *[over] The adventure has ended.
    }
# $who: the active player; $step: where the turn is; $card; $with; $size.
nakama-step = { $step ->
        [recruit] { $who } must recruit a friend
        [extra] { $who } may recruit one more friend
        [ability] { $who } may use the ability of { $card }
        [hat] { $who } chooses the die value after a straw hat
        [exchange] { $who } and { $with } are choosing cards to exchange
        [discard] { $who } must discard down to { $size } cards
        [react] before Combat the crew may use powers; { $who } presses Continue to fight
       *[lose] the crew chooses which current friend is lost
    }
nakama-field-enemies = Enemies
nakama-field-columns = Friend columns
nakama-field-threat = Threat
nakama-field-defeated-friends = Defeated friends { $count }/{ $limit }
nakama-field-defeated-enemies = Defeated enemies { $count }
nakama-field-decks = Decks
nakama-field-crew = Crew
# An enemy space. $pos; $boss, $met: yes or no; $name; $threat; $reward; $mission.
nakama-enemy = { $pos }. { $boss ->
        [yes] {"👹 "}
       *[no] {""}
    }{ $name } — threat { $threat }, reward { $reward }
    {"   "}{ $mission } { $met ->
        [yes] ✅ met
       *[no] ❌ not met
    }
nakama-enemy-short = { $pos }. { $name } { $met ->
        [yes] ✅ met
       *[no] ❌ not met
    }
nakama-enemy-empty = { $pos }. (empty)
# A friend column. $current: its current friend; $earlier: yes if friends lie beneath; $former.
nakama-column-line = { $column }. **{ $current }**{ $earlier ->
        [yes] {" "}(former: { $former })
       *[no] {""}
    }
nakama-threat-track = { $threat } { $track }
nakama-defeated-enemies = { $names }
    { $rewards }
# $state: playing, over or defeat; $berries; $rank.
nakama-rewards = { $state ->
        [defeat] Rewards { $berries } — no rank: a defeat ends the adventure without one
        [over] Rewards { $berries } — rank: { $rank }
       *[playing] Rewards { $berries } — rank so far: { $rank }
    }
nakama-decks = friends { $friends } · enemies { $enemies }
# $up: yes for Power Up!, no for Power Down.
nakama-token = { $up ->
        [yes] Power Up!
       *[no] Power Down
    }
# $active: yes for the player whose turn it is; $token; $cards.
nakama-crew-line = { $active ->
        [yes] {"▶ "}
       *[no] {""}
    }{ $name } — { $character } · { $token } · { $cards } card(s)
# $ending: defeat, over or king; $defeated; $berries; $rank.
nakama-ending = { $ending ->
        [defeat] 💀 **Defeat** — { $defeated } friends have been defeated. The adventure has come to an end. Try again!
        [over] 🏁 **The adventure is over** — the last friend card was drawn. Rewards: { $berries } → **{ $rank }**.
       *[king] 👑 **King of the Pirates!** Every enemy has been defeated. Rewards: { $berries } ({ $rank }).
    }

## The hand (only its owner sees it).
nakama-hand-title = 🂠 Your hand (only you see this)
nakama-hand = { $cards }
nakama-hand-line = { $pos }. { $card }
nakama-hand-character = { $character } — { $token }
nakama-which-column = Recruit { $card } into which column?

## The turn's prompts. $who: the active player (a mention).
nakama-turn = Turn { $turn }: { $who }, recruit a friend ({ $character }). Threat { $threat }.
nakama-prompt-extra = { $who }, recruit one more friend (`/nakama recruit`) or skip.
# $card: the friend with its ability; $how: move, solo-exchange or buttons.
nakama-prompt-ability = { $who }, use the ability of { $card }?{" "}{ $how ->
        [move] `/nakama ability from:<column> to:<column>`
        [solo-exchange] Solo: use it as Move (`/nakama ability as:move from: to:`) or Recruit.
       *[buttons] {""}
    }
nakama-prompt-hat = { $who }, choose the die value:
nakama-prompt-exchange = Waiting for both players to choose a card (`/nakama hand`).
nakama-prompt-discard = { $who }, your hand is over { $size } cards: discard with `/nakama hand`.
nakama-prompt-react = Before Combat: anyone may react with `/nakama power` (the board above shows which missions are met). { $who }, press Continue to fight.
nakama-prompt-lose = The straw hat: the crew chooses which current friend is lost. The first button gives up the weakest; any player may press.
# $threat; $foes: each enemy space, met or not.
nakama-react-status = Before Combat — threat { $threat }; { $foes }

## What happens: one line each, posted together.
nakama-lines = { $lines }
nakama-lines-react = { $lines }
    { $status }
nakama-recruits = { $who } recruits **{ $card }** into column { $column }.
nakama-skips-ability = { $who } does not use the ability of { $card }.
nakama-skips-extra = { $who } recruits no extra friend.
nakama-gave = { $who } has chosen a card to exchange.
nakama-swapped = { $a } and { $b } swap one card face-down.
nakama-discards = { $who } discards a card.
nakama-continues = { $who } goes on to Combat.
nakama-crew-chooses = { $who } chooses column { $column } for the crew.
nakama-hat-chosen = { $who } chooses { $value }: { $effect }.
nakama-exchange-starts = { $who } uses Exchange with { $with }: each chooses a card privately.
# $ability: the ability's name (Move, Block).
nakama-uses = { $who } uses { $ability }.
nakama-uses-power-up = { $who } uses Power Up: the token shows Power Up!
nakama-uses-recruit = { $who } uses Recruit: one more friend may be recruited.
nakama-rolls = 🎲 { $who } rolls { $value }: { $effect }.
nakama-rolls-hat = 🎲 { $who } rolls the straw hat: choose any value 1–5.
nakama-moved = { $card } moves from column { $from } to column { $to }.
nakama-blocked = 🚫 { $enemy } is blocked: back into the enemy deck, which is reshuffled. Space { $space } stays empty until Rest.
# A power. $who: `player (Character)`.
nakama-player-as = { $player } ({ $character })
nakama-powers-up = { $who } powers up.
nakama-power-threat = { $who } powers up: threat back { $n } (now { $now }).
nakama-power-draw = { $who } powers up and draws { $count } card(s).
nakama-power-swap = { $who } powers up: the current friends of columns { $a } and { $b } swap places.
nakama-power-revive = { $who } powers up: the last defeated friend returns to their hand ({ $count } defeated now).
nakama-power-refresh = { $who } powers up: { $card } leaves column { $column }.
nakama-power-boost = { $who } powers up { $target }.
nakama-token-down = { $who }'s token now shows Power Down.
nakama-refilled = Column { $column } is refilled with { $card }.
nakama-lose-die = 🎲 The die shows { $value }.
nakama-lose-hat = 🎲 The die shows the straw hat: the crew chooses which current friend is lost.
nakama-friend-defeated = 💥 { $card } (column { $column }) is defeated — { $count } defeated friend(s).
nakama-threat-limit = ⚠️ The threat reaches { $limit }: a friend is lost and the threat returns to 0.
nakama-threat-back = The threat moves back { $n } (now { $now }).
# $now: where the token stands, or -1 when it reaches the limit (a friend is lost next).
nakama-threat-forward = The threat moves forward { $n }{ $now ->
        [-1] {"."}
       *[other] {" "}(now { $now }).
    }
nakama-threat-now = Threat is now { $threat }.
nakama-die-draws = { $who } draws { $count } friend card(s).
nakama-die-powered = { $who } is powered up.
nakama-die-nothing = Nothing happens.
nakama-combat-defeated = ⚔️ { $enemy } is defeated! Threat back { $threat } (now { $now }), reward { $reward }.
nakama-combat-holds = 🛡️ { $enemy } holds: threat forward { $threat }.
# $boss: yes or no; $enemy; $space; $mission.
nakama-enemy-enters = { $boss ->
        [yes] 👹 Boss
       *[no] A new enemy,
    } { $enemy } enters space { $space }: { $mission }
nakama-challenge-line = Challenge: { $challenge }
nakama-challenge-discarded = The boss's challenge made you discard: { $cards }.
nakama-rest-draws = { $who } draws { $count } card(s).

## Refusals.
nakama-not-a-card = `{ $value }` is not a friend card: name it by hand position or as colour and number, e.g. `Red 7` (colours: Red, Blue, Green, Yellow, Purple, Orange; numbers 1–9).
nakama-opens-with-new = a Nakama table opens with `/nakama new`.
nakama-open-already = a Nakama table is already open here.
nakama-no-character = no character called `{ $name }`.
nakama-no-character-choose = no character called `{ $name }`; choose one of { $names }.
nakama-is-view = that is a view: the table answers it without an action.
nakama-no-column = `{ $option }:{ $value }` is not a column: columns are 1–{ $columns }.
nakama-needs-column = this needs `{ $option }:` (a column 1–{ $columns }).
nakama-no-space = `space:{ $value }` is not an enemy space: spaces are 1–{ $spaces }.
nakama-needs-space = this needs `space:` (an enemy space 1–{ $spaces }).
nakama-not-at-table = you are not at this table: join with `/nakama join character:<name>` before it begins.
nakama-not-in-adventure = you are not playing in this adventure, and joining closed when it began (crew: { $crew }). Watch with `/nakama board`, or join the next table.
nakama-not-begun = the adventure has not begun yet: `/nakama begin`.
nakama-over = the adventure is over; start a new one with `/nakama new`.
nakama-not-your-turn = it is { $who }'s turn, not yours.
nakama-no-card-at = your hand has { $count } card(s); there is no card { $pos }.
nakama-not-in-hand = { $card } is not in your hand.
nakama-no-leave = you cannot leave once the adventure has begun.
nakama-begun-already = the adventure has already begun.
nakama-begin-who = only a player or the host can begin the adventure.
nakama-nobody-joined = nobody has joined yet: `/nakama join character:<name>`.
nakama-needs-luffy = someone must play Luffy (Luffy's player starts): `/nakama join character:Luffy`.
nakama-bosses-only = there are only { $count } bosses.
# $step: where the turn is (nakama-step).
nakama-recruited-already = you have already recruited this turn ({ $step }).
nakama-hat-range = the straw hat lets you choose 1–5, not { $value }.
nakama-hat-choose = choose the die value: `/nakama ability value:<1–5>`.
nakama-no-die = there is no die ability to resolve.
nakama-no-ability-now = there is no ability to use now ({ $step }).
nakama-must-recruit = you MUST recruit 1 friend this turn: `/nakama hand` to choose.
nakama-nothing-to-skip = nothing can be skipped now ({ $step }).
nakama-no-exchange = there is no exchange under way.
nakama-chosen-already = you have already chosen your card for this exchange.
nakama-not-your-exchange = this exchange is between other players.
nakama-no-discard = you may discard only at Rest when your hand is over its size.
nakama-no-react = there is no reaction step to end now ({ $step }).
nakama-continue-theirs = { $who } starts Combat with Continue; until then you can react with `/nakama power`.
nakama-no-loss = no friend is being lost now ({ $step }).
nakama-lose-empty = column { $column } has no current friend; choose another column.
nakama-begun-join = the adventure has already begun; join the next one.
nakama-no-such-character = no such character.
nakama-taken = { $who } already plays { $character }.
nakama-crew-full = the crew is full ({ $max } players).
nakama-same-column = choose two different columns.
nakama-column-empty = column { $column } has no friend.
nakama-space-empty = enemy space { $space } is empty.
nakama-boss-not-enemy = { $enemy } is a boss; this ability affects only enemies.
nakama-no-ability = this friend has no ability.
nakama-solo-exchange = solo: Exchange is used as Move or Recruit — add `as:move` (with `from:` `to:`) or `as:recruit`.
nakama-exchange-needs-target = Exchange needs `target:` (another player).
nakama-not-playing-here = that user is not playing at this table.
nakama-exchange-self = choose another player to exchange with.
nakama-exchange-empty = both players need a card in hand to exchange.
nakama-hand-empty = your hand is empty: nobody left to recruit.
nakama-powered-down = your Power Up! token shows Power Down: your special ability is spent until a Power Up effect.
nakama-power-threat-zero = the threat is already 0: { $character }'s power would change nothing, so the token stays Power Up!
nakama-swap-needs = both columns need a current friend.
nakama-no-defeated = there is no defeated friend to bring back.
nakama-needs-target = this needs `target:` (another player).
nakama-boost-other = choose another player at this table.
nakama-powered-already = { $who } is already powered up.
# Options given that an ability or power does not use. $what: which; $options; $count; $usage.
nakama-what-hat = the straw hat's choice
nakama-what-ability = { $card }'s ability ({ $ability })
nakama-what-power = { $who }'s power
nakama-usage-ability = `/nakama ability` with only the options it names
nakama-unused = { $what } does not use { $options }; remove { $count ->
        [one] it
       *[other] them
    }: { $usage }.
# A power's missing options. $missing: each `option:` (what, values); $usage.
nakama-power-needs = { $who }'s power needs { $missing }: { $usage }.
nakama-power-need = `{ $option }:` ({ $what }, { $values })
nakama-need-move-from = the column to take the current friend from
nakama-need-move-to = the column to move it onto
nakama-need-swap-from = one column
nakama-need-swap-to = the other column
nakama-need-space = the enemy space to block
nakama-need-column = the column whose current friend leaves
nakama-need-target = the player to power up
