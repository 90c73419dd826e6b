# Nobi Nobi Sword's story export (`/nobi story`, croupier-nobi view::story_said): the Markdown
# file in the reader's language. The story keeps what happened as these words; what players
# write (`/nobi act`, `/nobi narrate`) and a story saved before as plain text read as they are.

nobi-story-head = # Nobi Nobi Sword — our adventure
# $mode: nobi-mode; $scenes: Scenes played.
nobi-story-played = *{ $mode }, { $scenes } Scenes played.*
nobi-story-intro = ## Introduction: { $name }
nobi-story-characters = Characters:
# $characters: the seat's characters (nobi-seat-chars).
nobi-story-character = - { $player }: { $characters }
# $roles: nobi-roles.
nobi-story-scene = ## Scene { $n }: { $name }
nobi-story-roles = *{ $roles }*
# $check: the chance's line (nobi-check-line …).
nobi-story-check = Skill check — { $check }
nobi-story-roleplay = Role-play challenge — { $prompt }
# $free: nobi-free-effect.
nobi-story-uses = - { $name } uses **{ $ability }** ({ $text }){ $free }.
# $verb: lowers or raises.
nobi-story-difficulty = - The GM { $verb ->
        [lowers] lowers
       *[raises] raises
    } the Difficulty from { $old } to { $new }.
nobi-story-final = **Final result:** { $success ->
        [yes] success
       *[no] failure
    }
# $body: what the Main Character gains (nobi-gains …).
nobi-story-outcome = **Outcome:** { $success ->
        [yes] success
       *[no] failure
    } — { $body }
nobi-story-epilogue = ## Epilogue: { $name }
# $test: nobi-final-test.
nobi-story-final-test = Final test — { $test }
nobi-story-redraw = *The players set aside «{ $name }» and draw another Epilogue.*
nobi-story-tester = *{ $player } ({ $name }) takes the final test.*
# $check: yes when a skill check was decided without dice; $result: success or failure.
nobi-story-verdict = The GM decides{ $check ->
        [yes] {" the check without dice"}
       *[no] {""}
    }: { $result ->
        [success] success
       *[failure] failure
    }.
nobi-story-over = *The adventure is over.*
# $card: the card's text (nobi-card-…).
nobi-story-npc = *{ $name } joins the final Scene ({ $holder }'s card: { $card }).*
# $table: objects or opponents; $side: 1 or 2; $a, $b: the dice; $entry: the table's.
nobi-story-inspired = *{ $table ->
        [objects] Objects
       *[opponents] Opponents
    } { $side }, roll { $a }+{ $b }: { $entry }.*
nobi-story-heroes = ## The heroes
# $gm: turns as GM; $light, $darkness: the cards' names (nobi-story-list, or nobi-story-none).
nobi-story-hero = - **{ $player }** — { $characters }; GM { $gm } times; Light: { $light }; Darkness: { $darkness }
nobi-story-list = { $a }, { $b }
nobi-story-none = none
# What a player wrote (narration, an action): $who, their character; $text, as they wrote it.
nobi-story-says = > **{ $who }:** { $text }
