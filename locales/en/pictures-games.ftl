# The words drawn on the pictures of One Piece Nakama, Nobi Nobi Sword and Night Wizard (the
# games' picture.rs): headings, labels, status words and legends. Names (players, characters,
# enemies, cards) are the data's in the reader's language; numbers, dice and marks as they are.

## One Piece Nakama: the board. The step, the missions, the rewards and the ranks are
## nakama.ftl's, as the text board writes them.
pic-nakama-title = One Piece Nakama
pic-nakama-joining = Joining
pic-nakama-turn = Turn { $turn }
pic-nakama-over = Over
# The line under the title.
pic-nakama-aboard = { $count } aboard · the crew is gathering
# $pending: the step the turn waits for (nakama-step).
pic-nakama-pending = ▶ { $pending }
pic-nakama-ended = The adventure has ended.
# The threat track's label.
pic-nakama-threat = Threat
# An enemy card.
pic-nakama-boss = BOSS
pic-nakama-enemy-threat = Threat { $threat }
pic-nakama-met = ✓ mission met
pic-nakama-not-met = ✗ not met
# A friend's ability on its card. $ability: its name (nakama-ability).
pic-nakama-ability = ★ { $ability }
# Under a friend column.
pic-nakama-column = col { $column }
# $names: the defeated (nakama-list, or nakama-none).
pic-nakama-defeated-friends = Defeated friends { $count }/{ $limit }: { $names }
pic-nakama-defeated-enemies = Defeated enemies { $count }: { $names }
pic-nakama-decks = Decks: friends { $friends } · enemies { $enemies }
# A crew member. $active, $you: yes or no; $token: nakama-token; $cards: cards in hand.
pic-nakama-crew = { $active ->
        [yes] {"▶ "}
       *[no] {""}
    }{ $name }{ $you ->
        [yes] {" (you)"}
       *[no] {""}
    } — { $character } · { $token } · { $cards } card(s)
pic-nakama-hand = Your hand (only you see this)
pic-nakama-legend = ★ the friend's ability · green frame ✓ met · vermillion frame ✗ not met

## Nobi Nobi Sword: the table.
pic-nobi-title = Nobi Nobi Sword
pic-nobi-scenes = Scenes { $count }
# What the table waits for. $seated: players; $name: who acts; $skill: nobi-skill.
pic-nobi-step = { $step ->
        [joining] { $seated } at the table · the host begins
        [scene] GM { $name } draws the next Scene
        [check] { $name } tests { $skill } against { $difficulty }
        [roleplay] { $name } says what they do
        [decide] GM { $name } decides the Scene
        [epilogue] Epilogue: { $name } takes the final test
        [success] The adventure is over: success
        [failure] The adventure is over: failure
       *[over] The adventure is over
    }
# $pending: pic-nobi-step.
pic-nobi-pending = ▶ { $pending }
# The role badges (on a small tab).
pic-nobi-gm = GM
pic-nobi-main = MAIN
pic-nobi-tester = TEST
pic-nobi-you = { $name } (you)
# A seat's count on the right: solo play counts Scenes, other modes GM turns.
pic-nobi-solo-count = Scene { $scene }/{ $scenes } · ✓{ $won } ✗{ $lost }
pic-nobi-gm-count = GM { $count }/{ $turns } · ✓{ $won } ✗{ $lost }
# Under a character's name. $part: main or support when a seat plays two, else none.
pic-nobi-profession = { $part ->
        [main] {"main · "}
        [support] {"support · "}
       *[none] {""}
    }{ $profession }
# $skill: nobi-skill; $value: with the cards' bonuses.
pic-nobi-skill = { $skill } { $value }
# The rows of cards in front of a character.
pic-nobi-light = Light
pic-nobi-darkness = Darkness
# A card with a skill bonus: $bonus is signed (+1, -1).
pic-nobi-card = { $name } { $skill ->
        [power] P
       *[technique] T
    }{ $bonus }
pic-nobi-nobody = Nobody has joined yet.
pic-nobi-legend = Light: yellow · Darkness: blue · P+n/T+n: skill bonus

## Night Wizard: the combat tracker (or the session's characters outside a fight). The
## conditions, states and bad statuses are nightwizard-combat.ftl's, as the text tracker's.
pic-nw-title = Night Wizard
pic-nw-round = Round { $round }
pic-nw-no-combat = No combat
# The line under the title. $phase: nw-phase; $gm: yes in the GM's view.
pic-nw-session = Episode { $episode } · { $phase } · Scene { $scene }{ $gm ->
        [yes] {" · GM view"}
       *[no] {""}
    }
# A line and what follows it on the same line.
pic-nw-then = { $line } · { $then }
# The Lunar Casket in place. $ruler: its Ruler, or pic-nw-emulator; $logics: how many Lunar
# Logics; $hidden: yes when hidden from the players (only the GM sees it).
pic-nw-casket = { $hidden ->
        [yes] 🌑
       *[no] 🌕
    } Lunar Casket of { $ruler }{ $logics ->
        [0] {""}
        [1] {" · 1 Lunar Logic"}
       *[other] {" · "}{ $logics } Lunar Logics
    }{ $hidden ->
        [yes] {" · hidden from the players"}
       *[no] {""}
    }
pic-nw-emulator = the Emulator
# The heading over those at Long or Extreme range.
pic-nw-far = Out of the initiative order
# A hidden enemy's name in the GM's view.
pic-nw-hidden = { $name } (hidden)
# The tags on the right of a row, joined by pic-nw-sep.
pic-nw-sep = {" · "}
pic-nw-retreated-long = Retreated · Long
pic-nw-retreated-extreme = Retreated · Extreme
pic-nw-flying = Flying
pic-nw-ally = Ally
pic-nw-count = Count { $count }
# An enemy whose HP the GM keeps secret. $condition: nw-condition-….
pic-nw-condition = HP: { $condition }
# $pips: ● and ○, one a point.
pic-nw-prana = Prana { $pips } { $prana }/{ $max }
# $bad: the bad statuses.
pic-nw-bad = ⚠ { $bad }
pic-nw-no-combatant = No combatant in view.
pic-nw-no-pc = No PC has joined yet.
pic-nw-legend = ▶ acting · ○ Pre-action · · Post-action · E1: Engage 1
# The side colours, in words.
pic-nw-side-pcs = PCs' side (with allied Guests)
pic-nw-side-enemies = enemies
pic-nw-side-far = out of the order
