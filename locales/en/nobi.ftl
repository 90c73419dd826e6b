# Nobi Nobi Sword (croupier-nobi): every reply, prompt, refusal, button and status line.
# Card names and texts come from data/nobi as they are (English so far). The story export
# (`/nobi story`) and the table's picture are still English.

## Words used inside other messages.

# $skill: power or technique.
nobi-skill = { $skill ->
        [power] Power
       *[technique] Technique
    }
# $tag: solo, assist, permanent or all.
nobi-tag = { $tag ->
        [solo] Solo
        [assist] Assist
        [permanent] Permanent
       *[all] All
    }
# $mode: regular, two or solo.
nobi-mode = { $mode ->
        [regular] regular play
        [two] two-player variant
       *[solo] solo play
    }
# The reminder interval; 0 = off.
nobi-hours = { $hours ->
        [0] off
       *[other] { $hours } h
    }
nobi-none = none
# Two values of a list, one after the other.
nobi-join-comma = { $a }, { $b }
nobi-join-dot = { $a } · { $b }
nobi-join-plus = { $a } + { $b }
# Lines after a text: each on a line of its own.
nobi-more-lines = {""}
    { $lines }

## Buttons.
nobi-button-join = Join
nobi-button-draw = Draw Scene
nobi-button-roll = Roll
nobi-button-success = Success
nobi-button-failure = Failure
nobi-button-redraw = Redraw
nobi-button-story = Story
nobi-button-the-end = The End

## Fields (named blocks of a message).
nobi-field-free = Free characters
nobi-field-mode = Mode
nobi-field-scenes = Scenes played
nobi-field-cards-left = Cards left
nobi-field-gm = GM
nobi-field-main = Main Character
nobi-field-waiting = Waiting for
nobi-field-chance = Chance
nobi-field-players = Players
nobi-field-settings = Settings
# $intro: the Introduction card's name.
nobi-field-intro = Introduction: { $intro }
nobi-field-roles = Roles
nobi-field-effect = Effect
nobi-field-check = Skill check
nobi-field-roleplay = Role-play challenge
nobi-field-check-done = Check
nobi-field-adventure = Adventure
nobi-field-npcs = NPCs who may join (`/nobi npc card:…`)
nobi-field-final-test = Final test
# $chosen: yes when the players chose the tester.
nobi-field-tester-chances = Chance of each player ({ $chosen ->
        [yes] the players chose the tester
       *[no] the best takes the test unless you choose
    })

## /nobi new. $host: the host's name.
nobi-title = ⚔️ Nobi Nobi Sword
nobi-open = { $host } opens a table. Everyone (the host too) joins with `/nobi join character:<name>` (or no name for a random one); then the host starts with `/nobi begin`.
    1 player: solo play · 2 players: two-player variant · 3–5 players: regular play.
nobi-opens-with-new = a Nobi Nobi Sword table opens with `/nobi new`.
nobi-already-open = a Nobi Nobi Sword table is already open here.
nobi-a-view = that is a view: the table answers it without an action.
nobi-text-too-long = that text is too long ({ $most } characters at most).

## Who must act, and the reminder. $who: a mention; $what: one of nobi-do-*.
nobi-prompt = ➡️ { $who }, { $what }.
nobi-do-draw = draw the next Scene with `/nobi scene`
nobi-do-roll = announce Abilities if you like (`/nobi use`), then roll with `/nobi roll`
nobi-do-act = say what your character does with `/nobi act text:…`
nobi-do-verdict = decide the Scene with `/nobi verdict result:success|failure`
nobi-do-write = write the outcome of the Epilogue with `/nobi act text:…` (in as many parts as you like), then close the adventure with `/nobi finish`
nobi-do-final = take the final test with `/nobi roll` (the group may `/nobi redraw`, choose another `/nobi tester` or announce `All` Abilities first)
# $prompt: the prompt; $hours: how long they have waited.
nobi-remind-title = ⏰ Reminder
nobi-remind = { $prompt } (waiting for { $hours } h)
nobi-remind-by-table = reminders are sent by the table itself.

## The characters and cards. $name, $profession, $power, $technique; $ability, $tag, $text: an Ability.
nobi-free-line = **{ $name }** ({ $profession }, Power { $power }, Technique { $technique }) — *{ $ability }* ({ $tag }): { $text }
# $support: yes for a two-player game's support character.
nobi-seat-char = { $support ->
        [yes] {"support "}
       *[no] {""}
    }{ $name } ({ $profession }, Power { $power }, Technique { $technique })
nobi-ability = **{ $name }** ({ $tag }): { $text }
nobi-ability-tagged = { $name } ({ $tag })
# A Light or Darkness card: $text its effect; $ability, $tag, $effect: the Ability it brings.
nobi-card-ability = { $text } (Ability { $ability }, { $tag }: { $effect })
nobi-card-described = *{ $description }* { $effect }
nobi-card-with-effect = { $name } ({ $card })
# $card: its text; $holder: who holds it; $joined: yes once the NPC has joined.
nobi-npc-line = { $name } — { $card } ({ $holder }'s card){ $joined ->
        [yes] {" · joined"}
       *[no] {""}
    }

## The chance of a check. $skill; $expr: the dice; $target; $difficulty before $lowered by
## Abilities; $extras: nobi-chance-extras or nothing; $chance: a percentage.
nobi-chance = { $skill }: `{ $expr }` vs { $target }{ $lowered ->
        [0] {""}
       *[other] {" (Difficulty "}{ $difficulty }{" − "}{ $lowered }{" from abilities)"}
    }{ $extras } — **{ $chance }** chance of success
# $die: yes for 3 dice, best 2; $rerolls: rerolls of a failure.
nobi-chance-extras = {" ("}{ $die ->
        [yes] 3 dice, best 2{ $rerolls ->
            [0] {""}
           *[other] {", "}
        }
       *[no] {""}
    }{ $rerolls ->
        [0] {""}
        [1] one reroll on a failure
       *[other] { $rerolls } rerolls on failures
    })
# A roll: $roll: the dice as rolled.
nobi-reroll = reroll: { $roll }
nobi-rolls = { $a }; { $b }
# $who: the character; $rolls; $total; $target; $success: yes or no.
nobi-rolled = 🎲 { $who } rolls { $rolls }: total { $total } vs { $target } — { $success ->
        [yes] ✅ Success
       *[no] ❌ Failure
    }
nobi-rolled-odds = { $rolled }
    (odds before the roll: { $line })

## /nobi status. $headline: one of nobi-head-*.
nobi-status = { $headline }
nobi-head-joining = Waiting for players ({ $seated } seated).
# $result: success, failure or none.
nobi-head-over = The adventure is over{ $result ->
        [success] {": the final test succeeded"}
        [failure] {": the final test failed"}
       *[none] {""}
    }.
nobi-head-epilogue = Epilogue: { $name }
nobi-head-check = Scene { $n }: { $name } — { $skill } check, Difficulty { $difficulty }
nobi-head-roleplay = Scene { $n }: { $name } — Role-play challenge
nobi-head-between = Between Scenes ({ $played } played)
nobi-deck-counts = Scene { $scenes } · Light { $light } · Darkness { $darkness } · Epilogue { $epilogues }
nobi-waiting-line = { $name }: { $what }
# One player: $name; $chars; $abilities; $gm: times GM; $nlight, $light, $ndark, $dark: cards.
nobi-summary-line = **{ $name }** — { $chars }
    {"  "}Ability: { $abilities }
    {"  "}GM { $gm }× · Light ({ $nlight }): { $light } · Darkness ({ $ndark }): { $dark }
# $hours: nobi-hours; $limit: player or character.
nobi-settings-line = reminders { $hours }; one Ability per Scene for each { $limit ->
        [player] player
       *[character] character
    }
nobi-story-title = 📜 The story so far
nobi-story = { $scenes } Scenes, attached as Markdown.

## Joining and leaving. $player: a player's name; $chars: their characters.
nobi-joins = { $player } joins as { $chars } (seat { $seat }).{ $note }
# $holder: the player whose support character is set aside; $name: that character.
nobi-join-set-aside = {" "}{ $holder }'s support character { $name } is set aside for it: with 3 or more players only main characters play.
nobi-leaves = { $player } leaves the table; their character card is free again.
nobi-not-at-table = you are not at this table; `/nobi join` before it begins.
nobi-not-playing = you are not playing in this adventure, and joining closed when it began (players: { $players }). Watch with `/nobi status`, or join the next table.
nobi-not-begun = the adventure has not begun yet; the host starts it with `/nobi begin`.
nobi-over = this adventure is over; `/nobi story` shows how it went.
# $free: the free characters.
nobi-no-character = there is no character called `{ $name }`. Free characters: { $free }
nobi-not-free = { $name } is not free: { $holder } holds that card { $support ->
        [yes] as a support character. Supports play only in two-player games: once a third player joins, anyone may take it for their main character.
       *[no] (each card has two sides; taking one side takes the card).
    } Free: { $free }
nobi-other-side = { $name } is the other side of your main character's card; pick another card.
nobi-none-free = no character is free any more.
nobi-join-running = this adventure is already running; join the next one (or ask the host to start a new table).
nobi-join-seated = you already have a seat; `/nobi leave` first to change character.
nobi-join-full = the table is full ({ $most } players is the most for Nobi Nobi).
nobi-leave-begun = the adventure has begun; players stay until the Epilogue (the host can `/game end` the table).

## /nobi begin.
nobi-begun = the adventure has already begun.
nobi-nobody-joined = nobody has joined yet; everyone (the host too) joins with `/nobi join`.
nobi-gm-not-here = { $who } is not at this table; the first GM must be a player.
nobi-support-random = { $player } gets a support character at random: { $name }.
nobi-support-set-aside = { $player }'s support character is set aside (only the two-player variant uses them).
nobi-begin-title = ⚔️ The adventure begins
# $rules: nobi-begin-rules; $roles: nobi-begin-roles or nothing; $notes: lines or nothing.
nobi-begin = { $rules }{ $roles }{ $notes }
# $mode; $players; $turns: times each player is GM; $lowered: the solo reduction; $scenes: solo Scenes.
nobi-begin-rules = { $mode ->
        [regular] { $players } players: regular play. Each player is GM { $turns } times, then the Epilogue.
        [two] 2 players: two-player variant. Each player has a main and a support character; the GM may use their own characters to help the Main Character. Each player is GM { $turns } times, then the Epilogue.
       *[solo] 1 player: solo play. You are GM and Main Character in every Scene; Skill check Difficulties are lowered by { $lowered }; after { $scenes } Scenes comes the Epilogue, whose test is skipped: you write the outcome.
    }
# $gm, $main: mentions.
nobi-begin-roles = {""}
    First GM: { $gm }. Main Character (the next seat): { $main }.

## A Scene. $n: its number; $name, $description: the card's; $reshuffled: yes or no.
nobi-scene-title = 🎬 Scene { $n }: { $name }
nobi-scene = { $description }{ $reshuffled ->
        [yes] {""}
            (The Scene deck ran out: the played Scenes were shuffled into a new deck.)
       *[no] {""}
    }
nobi-roles = GM: { $gm } · Main Character: { $main } ({ $character })
# $printed: the card's Difficulty; $lowered: the solo reduction (0 otherwise); $difficulty: now.
nobi-check-line = { $skill }: { $printed }{ $lowered ->
        [0] {""}
       *[other] {" − "}{ $lowered }{" (solo) = "}{ $difficulty }
    }
nobi-scene-epilogue = there is no GM and no new Scene during the Epilogue.
nobi-only-gm-draws = only the GM ({ $name }) draws Scene cards.
nobi-scene-unfinished = the current Scene is not finished yet.
nobi-scene-deck-empty = the Scene deck is empty.
nobi-scene-missing = that Scene card is missing from the data.

## /nobi use. $ability: an Ability's name; $name: a character's.
nobi-uses = ✨ { $name } uses **{ $ability }** — { $text }{ $free }
nobi-free-effect = { $free ->
        [yes] {" (free effect: the GM — or the table in the Epilogue — decides what it changes)"}
       *[no] {""}
    }
nobi-use-solo-epilogue = in solo play the Epilogue's test is skipped: just write the outcome with `/nobi act`.
# $scene: the Scene whose dice were rolled.
nobi-use-rolled = the dice for «{ $scene }» have already been rolled: Abilities must be announced BEFORE the roll.
nobi-use-no-check = there is no check waiting for a roll.
nobi-use-gm = the current GM's character and cards are not used during their Scene.
nobi-use-unknown = none of your characters has an Ability called `{ $name }`. Yours: { $yours }.
nobi-use-player-limit = you already used { $ability } in this Scene; this table allows one Ability per player per Scene.
nobi-use-character-limit = { $name } already used { $ability } in this Scene; each character uses at most one Ability per Scene.
nobi-use-roleplay = { $ability } changes a roll, and a Role-play challenge has none: only narrative Abilities (whose effect the GM decides, like Call the Fog) are used in Role-play Scenes.
# $helps: the skill it helps; $skill: the check's.
nobi-use-wrong-skill = { $ability } only helps { $helps } checks; this is a { $skill } check.
nobi-tag-permanent = { $ability } is Permanent: it is always active and needs no announcement.
nobi-tag-epilogue = only `All` Abilities (and Permanent ones, which are always on) can be used in the Epilogue; { $ability } is { $tag }.
nobi-tag-solo = { $ability } is Solo: it only works on its owner's own tests.
nobi-tag-assist = { $ability } is Assist: it helps another character's test, not its owner's.

## /nobi difficulty. $verb: lowers or raises.
nobi-difficulty = 🎚️ The GM { $verb ->
        [lowers] lowers
       *[raises] raises
    } the Difficulty from { $old } to { $new }.
nobi-difficulty-epilogue = there is no GM during the Epilogue; the final test's Difficulty stands.
nobi-only-gm-difficulty = only the GM ({ $name }) can change the Difficulty.
nobi-difficulty-rolled = the dice for «{ $scene }» have already been rolled.
nobi-difficulty-no-check = there is no Skill check waiting for a roll.
nobi-difficulty-range = the Difficulty is a number from 0 to 30.
nobi-difficulty-same = the Difficulty is { $difficulty } already.

## /nobi roll and the Scene's end.
nobi-only-main-rolls = only the Main Character ({ $name }) rolls this check.
nobi-roll-solo-epilogue = in solo play the Epilogue's test is skipped: write the outcome with `/nobi act text:…`.
nobi-roll-tester = { $name } takes the final test (change it with `/nobi tester player:@…`).
nobi-roll-roleplay = this Scene is a Role-play challenge: no dice; act it out with `/nobi act`.
nobi-roll-nothing = there is nothing to roll: the GM draws a Scene first.
nobi-roll-no-plan = the check could not be set up.
nobi-no-scene-played = no Scene is being played.
nobi-scene-won = 🌟 Scene won
nobi-scene-lost = 🌑 Scene lost
# $kind: light or darkness; $name: the card; $card: its text.
nobi-gains = { $player } gains the { $kind ->
        [light] Light
       *[darkness] Darkness
    } card **{ $name }** — { $card }
nobi-gains-none = The { $kind ->
        [light] Light
       *[darkness] Darkness
    } deck is empty: no card is gained.

## The Epilogue. $name, $description: the card's; $solo: yes in solo play.
nobi-epilogue-title = 📜 Epilogue: { $name }
nobi-epilogue = { $description }

    { $solo ->
        [yes] Solo play: ignore the Epilogue's test and write the most interesting outcome with `/nobi act text:…`. Not the Epilogue you want? `/nobi redraw`.
       *[no] There is no GM now: the players manage this Scene together. Only `All` and Permanent Abilities count; NPCs from Light and Darkness cards may join. Not the ending you want? Any player may `/nobi redraw`. Choose who takes the final test with `/nobi tester player:@…`, then they `/nobi roll`.
    }
nobi-final-test = { $skill }: { $difficulty }
nobi-epilogue-deck-empty = the Epilogue deck is empty.
# $rolled: nobi-rolled; $wrap: nobi-final-wrap.
nobi-final-title = 🏁 { $name }
nobi-final = { $rolled }
    { $wrap }
nobi-final-wrap = { $success ->
        [yes] The heroes win the day. The adventure is over!
       *[no] The final test fails, but the story goes on: revenge, new adventures… The adventure is over!
    }
nobi-redraw-not-epilogue = only the Epilogue card can be redrawn, once the Epilogue has begun.
nobi-redraw-none = there is no other Epilogue card to draw.
# $name: the Epilogue set aside; $abilities: those withdrawn, as `Name (player)`.
nobi-redraw-withdrawn = Abilities announced for «{ $name }» are withdrawn and not spent: { $abilities }. Announce them again for the new Epilogue if they still apply.
nobi-redraw-reshuffled = (The Epilogue deck ran out: the set-aside Epilogues were shuffled back.)
nobi-tester-not-epilogue = the final tester is chosen in the Epilogue.
nobi-tester-solo = in solo play the Epilogue's test is skipped.
nobi-tester-not-here = { $who } is not at this table.
nobi-tester-already = { $name } already takes the final test.
# $player; $name: their character; $note: nobi-tester-withdrawn or nothing.
nobi-tester-chosen = The players choose { $player } ({ $name }) for the final test.{ $note }
nobi-tester-withdrawn = {" "}Abilities announced for the previous tester are withdrawn and not spent: { $abilities }; announce them again if they still apply.
nobi-npc-not-epilogue = NPCs from Light and Darkness cards join the Epilogue; it has not begun.
nobi-npc-none = nobody holds a Light or Darkness card with an NPC.
# $list: the held NPC cards, one a line.
nobi-npc-unknown = `{ $name }` is not an NPC card the players hold. Held NPC cards:
    { $list }
nobi-npc-joined-already = { $name } has already joined the final Scene.
nobi-npc-joins = 🤝 **{ $name }** joins the final Scene ({ $holder }'s card: { $card }).

## Acting, verdicts, narration and the end. $who: a character; $text: what its player typed.
nobi-acts = 🎭 { $who }: { $text }
nobi-acts-solo = 🎭 { $who }: { $text }

    Write more with `/nobi act`, or close the adventure with `/nobi finish`.
nobi-only-main-acts = only the Main Character ({ $name }) plays out this Scene.
nobi-act-no-scene = there is no Scene to play out; the GM draws one first.
nobi-verdict-nothing = a verdict decides a Role-play challenge or a Skill check waiting for its roll.
nobi-only-gm-verdict = only the GM ({ $name }) gives a verdict.
# $result: success or failure.
nobi-verdict-check = ⚖️ The GM decides the check without rolling: **{ $result ->
        [success] success
       *[failure] failure
    }**.
nobi-finish-not-solo = the Epilogue ends with the final test (`/nobi roll`); `/nobi finish` closes a solo Epilogue.
nobi-finish-too-early = `/nobi finish` closes a solo Epilogue; the adventure has not reached it.
nobi-finish-unwritten = write how the adventure ends first, with `/nobi act text:…`.
nobi-the-end-title = 🏁 The End
nobi-the-end = The adventure is written. Share it with `/nobi story`!
nobi-only-gm-narrates = only the GM ({ $name }) narrates during a Scene.
nobi-narrates = 📖 { $text }

## /nobi inspire. $table: objects or opponents; $a, $b: the dice; $side; $entry: the table's word.
nobi-inspired = 🎲 { $table ->
        [objects] Objects
       *[opponents] Opponents
    } table: [{ $a }] → side { $side }, [{ $b }] → **{ $entry }**
nobi-only-gm-inspires = only the GM ({ $name }) rolls on the special tables.
nobi-inspire-missing = there is no { $table } table side { $side } in the data.

## /nobi settings. $hours: nobi-hours; $limit: player or character.
nobi-settings = Settings — reminders: { $hours } (`remind_after:<hours>`, 0 = off); Ability limit: one per Scene for each { $limit ->
        [player] player
       *[character] character
    } (`limit:character|player`).
nobi-settings-host = only the host changes the table settings.
nobi-settings-range = remind_after must be between 0 and 720 hours.
