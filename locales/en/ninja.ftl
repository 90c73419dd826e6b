# Ninja Obstacle Tournament (croupier-ninja): the tournament's replies, refusals and buttons.
# Still English text in code: the play-by-play, round results, luck prompts, roster, sheets.

# /ninja new. $host: the GM's name; $field: places; $limit, $final: turn limits;
# $save: fail or again; $ties: earlier or both.
ninja-open-title = 🥷 Ninja Obstacle Tournament
ninja-open = { $host } opens a tournament (GM). Enter your ninjas with `/ninja enter name:…` (up to { $field }; no ninja yet? `/ninja create name:… iq:… dx:… st:…` makes one, 40 points, each at least 12); the GM may `/ninja fill` the empty places and `/ninja start`s it.
    Turn limit { $limit } (final { $final }), a 17 on a save roll { $save ->
        [again] calls for another save
       *[fail] fails
    }, exact ties at the cut: { $ties ->
        [both] both advance
       *[earlier] earlier runner keeps the place
    }.

# The GM's controls while ninjas enter. $taken: places taken; $field: places.
ninja-gm-places = GM: { $taken } of { $field } places taken. Fill the rest with house ninjas, or start when everyone is in.
ninja-gm-full = GM: all { $field } places taken. Start when ready.

# Buttons.
ninja-button-fill = Fill
ninja-button-start = Start
ninja-button-run = Run
ninja-button-auto = Auto
ninja-button-roll = Roll

# /ninja create. $name; $first, $second: the 2d6 faces; $a, $b: the additives; $sheet: the sheet.
ninja-created-title = 🥷 New ninja: { $name }
ninja-created = Additives rolled on 2d6: { $first } → { $a }, { $second } → { $b }.
    { $sheet }

# /ninja enter and withdraw. $name; $last: yes for a ninja's last attempt; $count: entered.
ninja-entered = { $name } enters the tournament{ $last ->
        [yes] {" (one last attempt)"}
       *[no] {""}
    } — { $count }/{ $field }.
ninja-withdrawn = { $name } withdraws — { $count }/{ $field }.

# /ninja fill. $count: ninjas added; $lines: one a line (ninja-fill-back, ninja-fill-new).
ninja-fill-title = { $count } house ninja(s) fill the field
ninja-fill = { $lines }
# $additives: the ninja's additives (names from the data).
ninja-fill-back = { $name } (back again: events { $events }, points { $points }, wins { $wins }; { $additives })
ninja-fill-new = { $name } (IQ { $iq } DX { $dx } ST { $st }; { $additives })

# /ninja start. $lines: "1. name", one a line.
ninja-order-title = 📋 Round 1 running order
ninja-order = { $lines }

# Who runs next. $round: 1, 2 or 3 (the final); $pos of $of in the running order; $name, $owner;
# $skills: initials and skill per obstacle; $luck: rerolls left; $limit: the turn limit.
ninja-up-title = 🥷 { $round ->
        [3] Final
       *[other] Round { $round }
    }, ninja { $pos } of { $of }
ninja-up = Up next: **{ $name }** ({ $owner }) — skills { $skills }{ $luck ->
        [0] {""}
       *[other] , luck ×{ $luck }
    }. Turn limit { $limit }.
    `/ninja run` rolls turn by turn, `/ninja run auto:true` runs it all at once.
ninja-roll-prompt = Roll for the next turn.

# Refusals. $name: a ninja; $owner: its player; $place: a channel; $field: places; $count: entered.
ninja-entries-closed = entries are closed: the tournament has started.
ninja-enter-not-yours = { $name } belongs to { $owner }; only they or the GM can enter them.
ninja-full = the tournament is full ({ $field } ninjas).
ninja-already-entered = { $name } is already entered.
ninja-off-roster = { $name } is no longer on this server's roster. See `/ninja roster`.
ninja-entered-elsewhere = { $name } is already entered in the tournament in { $place }: a ninja runs in one tournament at a time. Withdraw them there (`/ninja withdraw`) or wait until that tournament ends.
ninja-no-withdraw = the tournament has started: ninjas can no longer withdraw.
ninja-not-entered = no ninja called `{ $name }` is entered.
ninja-belongs = { $name } belongs to { $owner }.
ninja-already-started = the tournament has already started.
ninja-all-taken = all { $field } places are taken.
ninja-not-free = { $name } is no longer free to run; fill again.
ninja-start-needs = a tournament starts with { $field } ninjas; { $count } entered. `/ninja fill` fills the empty places with generated ninjas.
ninja-not-started = the tournament has not started; the GM starts it with `/ninja start`.
ninja-over = the tournament is over.
ninja-nobody-up = nobody is up to run.
ninja-not-your-runner = { $name } is { $owner }'s ninja: only they (or the GM) roll for them.

# A run's play-by-play. $lines: one a line; a long run keeps its last lines (ninja-play-cut).
ninja-play = { $lines }
ninja-play-cut = … (the full play-by-play is attached)
    { $lines }
# Its title once the run is over: $name, $turns.
ninja-result-finished = 🏁 { $name } completes the course in { $turns } turns
ninja-result-splash = 💦 { $name }: SPLASH
ninja-result-oot = ⏱️ { $name }: out of time
ninja-result-none = {""}
ninja-over-title = 🏁 Tournament over

# One turn. $turn; $a, $b, $c: the dice; $total; $obstacle and $skill; $luck: yes when rerolled
# with luck; $result: what the roll did (below); $oot: the turns, when time ran out (else 0).
ninja-turn = T{ $turn } · { $a }+{ $b }+{ $c } = { $total } vs { $obstacle } { $skill }{ $luck ->
        [yes] {" (luck)"}
       *[no] {""}
    } → { $result }{ $oot ->
        [0] {""}
       *[other] {" — OUT OF TIME after "}{ $oot }{" turns (O.O.T.)"}
    }
ninja-turn-over = the run is already over
# The AP a roll scores: $ap; $bonus: yes on a 3 or 4; $carried: AP left over from before.
ninja-turn-plus = +{ $ap }{ $bonus ->
        [yes] {" (bonus +2)"}
       *[no] {""}
    }{ $carried ->
        [0] {""}
       *[other] {" +"}{ $carried }{" carried"}
    }
# $plus: ninja-turn-plus; $points: the obstacle's AP after it.
ninja-turn-on = { $plus } = { $points } on { $obstacle }
ninja-turn-complete = { $plus } = { $points } — { $obstacle } done, COURSE COMPLETE in { $turns } turns ({ $left } AP left over)
# $carry: ninja-turn-carry, ninja-turn-carry-cut or nothing; $next: the next obstacle.
ninja-turn-done = { $plus } = { $points } — { $obstacle } done{ $carry }; starting { $next }
ninja-turn-carry = , { $left } left over carried
ninja-turn-carry-cut = , { $left } left over − { $cut } for { $next } { $skill } → { $carry } carried
ninja-turn-miss = miss (x)
ninja-turn-bogus = BOGUS (x*) — save roll next!
ninja-turn-bogus-again = BOGUS again (x*) — another save roll!
ninja-turn-splash = BOGUS (x*) — SPLASH!
ninja-turn-save = save made (✓) — hangs on, no movement
ninja-turn-save-failed = save failed (x) — SPLASH!
# An automatic turn's luck. $mark: auto (used on a splash) or pending (a reroll waiting);
# $first, $second: the dice; $line: the turn.
ninja-auto-luck = { $mark ->
        [auto] luck!
       *[pending] luck:
    } { $first } rerolled → { $second }; { $line }

# A run starts. $name; $additives; $skills.
ninja-steps-up = **{ $name }** steps up.
ninja-trained = { $name } trained since the last run: additives now { $additives }; this run's skills { $skills }.
# A run ends. $name; $turns; $left: AP left over; $xp: yes in rounds 1 and 2; $verdict: below.
ninja-finished = **{ $name }** completes the course in { $turns } turns ({ $left } left over).{ $xp ->
        [yes] {" +1 experience point."}
       *[no] {""}
    }{ $verdict }
# $final: yes in the final; $count, $names: the qualifiers it displaced.
ninja-verdict-through = {" "}{ $final ->
        [yes] Leads the final
       *[no] Moves on for now
    }{ $count ->
        [0] {""}
       *[other] , displacing { $names }
    }.
ninja-verdict-out = { $final ->
        [yes] {" Not fast enough to win."}
       *[no] {" Too slow to move on."}
    }
ninja-splash-line = **{ $name }** — SPLASH! The run is over.
ninja-oot-line = **{ $name }** is out of time (O.O.T.).
# To a player. $owner; $name: their ninja; $points: unspent; $command: the name as typed.
ninja-train-offer = { $owner }, **{ $name }** has { $points } unspent points: training buys an additive now (`/ninja train name:"{ $command }"`), counted from their next run.
ninja-dropped = { $owner }, **{ $name }** drops out of the qualifying places: **{ $by }** finished faster ({ $turns } turns).
ninja-button-train = Train

# A round closes. $names: the qualifiers or winners; $round; $next: 2 or 3 (the final).
ninja-final-none = Nobody completed the final course: there is no winner this time.
ninja-winner = 🏆 WINNER: { $names }!
ninja-round-none = Nobody completed the round { $round } course: the tournament ends without a winner.
ninja-through = Through to { $next ->
        [3] the final
       *[other] round { $next }
    }: { $names }.

# Luck. $dice, $first, $second: dice as `6+5+1 = 12`; $class, $class1, $class2: ninja-class.
ninja-class = { $class ->
        [miss] a miss
        [bogus17] BOGUS 17 (save roll)
        [bogus18] BOGUS 18 (splash)
        [save-made] save made
        [save-failed] failed save (splash)
        [save-again] BOGUS again (another save)
       *[scored] +{ $ap } AP
    }
ninja-luck-offer = { $dice } — that is { $class }. { $owner } has luck ({ $left } left this round): reroll and keep either result?
ninja-luck-reroll = Luck! Reroll: { $second } — { $class2 }. Keep which? First: { $first } — { $class1 }.
ninja-button-use-luck = Use luck
ninja-button-take-roll = Take the roll
ninja-button-keep-first = Keep first
ninja-button-keep-reroll = Keep reroll

# Refusals while running.
ninja-remind-only = reminders are sent by the table itself.
ninja-run-under-way = this run is under way: press Roll (or `/ninja run auto:true` to finish it at once).
ninja-round-gm-only = only the GM runs a whole round at once; `/ninja run auto:true` runs your ninja.
ninja-run-not-started = the run has not started: `/ninja run` first.
ninja-luck-first = decide on luck first (Use luck / Take the roll).
ninja-no-luck-decision = there is no luck decision to make right now.
ninja-no-luck-left = no luck left this round.
ninja-luck-used = luck is already used: keep the first roll or the reroll.
ninja-luck-not-used = use luck first (or take the roll).

# The character sheet, one message a line, in a code block. $skill, $iq, $dx, $st: numbers
# padded to three places; $attribute: iq, dx or st.
ninja-sheet =
    ```
    { $lines }
    ```
ninja-sheet-name = Name: { $name }
ninja-sheet-occupation = Occupation/description: { $occupation }
ninja-sheet-record = Attributes:   Events: { $events }  Points: { $points } ({ $unspent } unspent)  Wins: { $wins }  Additives: { $additives }
ninja-sheet-pending = Training waits for a pick: { $a } or { $b } (`/ninja train name:"{ $name }" pick:…`; the GM may pick for an absent player)
ninja-sheet-attributes =
    { $iq } IQ
    { $dx } DX
    { $st } ST
    Skills:
ninja-sheet-skill = { $skill } { $obstacle } = { $attribute ->
        [iq] IQ
        [dx] DX
       *[st] ST
    } + { $additives }
ninja-sheet-luck = Luck: { $luck } reroll(s) of a miss each round
ninja-sheet-tally = Points tally: { $tally }
# $why: as the roster recorded it.
ninja-sheet-retired = RETIRED: { $why }
ninja-sheet-last = Status: one last attempt

# /ninja sheet name:
ninja-sheet-title = Character sheet: { $name }
# /ninja roster: one line a ninja. $status: none, retired ($why), or entered (in $place).
ninja-roster-title = 🥷 Roster
ninja-roster = { $lines }
ninja-roster-line = **{ $name }** ({ $owner }) IQ { $iq } DX { $dx } ST { $st } · { $additives } · events { $events } · points { $points } · wins { $wins }{ $status ->
        [retired] {" · retired ("}{ $why })
        [entered] {" · in the tournament in "}{ $place }
       *[none] {""}
    }
# $mine: yes for mine:true.
ninja-roster-empty = { $mine ->
        [yes] You have no
       *[no] No
    } ninjas yet. Create one with `/ninja create name:… iq:… dx:… st:…`.
# /ninja retire.
ninja-retires = { $name } retires. Their sheet stays on the roster.
ninja-already-retired = { $name } is already retired.
ninja-retire-entered = { $name } is entered in the tournament in { $place }: before it starts, withdraw them there (`/ninja withdraw`) and retire them; once it has started, they can retire when it ends (the final, or `/game end` by its GM).
# /ninja train. $a, $b: additives; $first, $second: the 2d6 faces; $cost: an additive's price.
ninja-retired = { $name } is retired.
ninja-train-rolled = { $name } already rolled: pick { $a } or { $b } with `/ninja train name:"{ $name }" pick:…`.
ninja-not-additive = `{ $pick }` is not an additive.
ninja-train-offered = the dice offered { $a } or { $b }, not { $pick }.
ninja-gone = that ninja is gone.
ninja-takes = { $name } takes { $additive }.
    { $sheet }
ninja-train-roll-first = roll first with `/ninja train name:…` (without pick).
ninja-train-short = { $name } has { $points } unspent point(s); an additive costs { $cost }.
ninja-chart-incomplete = the additives chart is incomplete.
ninja-train-head = { $name } spends { $cost } points and rolls 2d6: { $first } → { $a }, { $second } → { $b }.
ninja-train-took = { $head } Takes { $additive }.
    { $sheet }
ninja-train-pick = { $head } Pick one:
# The two additives offered: $a, $b.
ninja-button-take-a = Take { $a }
ninja-button-take-b = Take { $b }
# The sheet alone.
ninja-sheet-only = { $sheet }
# Other roster refusals.
ninja-roster-unavailable = the roster is not available right now.

# The roster after a tournament. $lines: ninja-result-line, one a ninja.
ninja-roster-updated-title = 📜 Roster updated
ninja-released = The tournament's ninjas are free to enter others. Points and events already earned stay.
    { $lines }
# $status: none, retires ($why: as the roster keeps it) or last; $train: yes if they may train.
ninja-result-line = { $name }: events { $events }, points { $points }, wins { $wins }{ $status ->
        [retires] {" — retires: "}{ $why }
        [last] {" — one last attempt"}
       *[none] {""}
    }{ $train ->
        [yes] {" — may train (`/ninja train`)"}
       *[no] {""}
    }

# The score sheet (a code block), one message a line. $round: 1, 2 or 3 (the final);
# $course: the obstacles' initials; $slot: the place, padded to two.
ninja-score-round = { $round ->
        [3] Final
       *[other] Round { $round }
    } — { $course }
ninja-score-entrant = { $slot }. { $name } ({ $skills }){ $luck ->
        [yes] {" ★luck"}
       *[no] {""}
    }
# $boxes: the turns' marks (and a space); $end: running, splash, oot, out or finished.
ninja-score-row = {"    "}{ $boxes }{ $end ->
        [running] …
        [splash] SPLASH
        [oot] O.O.T.
        [out] ({ $turns })✗
       *[finished] ({ $turns })
    }
ninja-score-ranking = Ranking:
ninja-score-no-finishers = {"  "}no finishers yet
# $verdict: winner, through, out or none.
ninja-score-rank = {"  "}{ $pos }. { $name } — { $turns } turns, { $left } left over { $verdict ->
        [winner] winner
        [through] through
        [out] eliminated
       *[none] {""}
    }
ninja-score-entrants = Entrants:
ninja-score-entry = { $slot }. { $name }{ $house ->
        [yes] {" (house)"}
       *[no] {""}
    }

# /ninja sheet (the tournament's). $status: ninja-status-…; $lines: the sheet (ninja-score-…).
ninja-score-title = 📋 Score sheet
ninja-score = { $status }
    ```
    { $lines }
    ```
ninja-score-status = { $status }
ninja-status-entering = Taking entries: { $count }/{ $field }.
ninja-status-up = Running: { $name } is up.
ninja-status-running = Running.
ninja-status-no-winner = Over: no winner.
ninja-status-won = Over: won by { $names }.

# The reminder. $name is up, $owner plays it, waiting for $hours hours.
ninja-remind-title = ⏰ Reminder
ninja-remind = { $name } is up: { $owner }, the tournament waits for you (for { $hours } h).

# The roster's refusals. $name: a ninja; $given: a name as typed; $why: as the roster keeps it.
ninja-no-such-ninja = there is no ninja called `{ $name }` on this server's roster. See `/ninja roster`.
ninja-retired-cannot-enter = { $name } is retired ({ $why }) and cannot enter.
ninja-name-length = a ninja's name must be 1 to 40 characters.
ninja-name-taken = there is already a ninja called `{ $name }` on this server's roster.
ninja-name-alike = there is already a ninja called `{ $name }` on this server's roster, and `{ $given }` reads the same (names are compared without case, width or extra spaces).
ninja-occupation-long = the occupation is { $count } characters long; keep it to { $max } so the sheet shows all of it.
# $attribute: iq, dx or st; $value as given; $min: the least; $points: the total; $max: the most.
ninja-attribute-low = { $attribute ->
        [iq] IQ
        [dx] DX
       *[st] ST
    } { $value } is too low: anybody with an attribute under { $min } is not ninja material.
ninja-attribute-high = { $attribute ->
        [iq] IQ
        [dx] DX
       *[st] ST
    } { $value } is too high: the { $points } points leave at most { $max } for one attribute when the other two are at least { $min }.
ninja-attribute-sum = IQ + DX + ST must add up to exactly { $points }; yours add up to { $sum }.

# Commands in the wrong place. $why: the name's own refusal.
ninja-opens-with-new = a tournament opens with `/ninja new`.
ninja-not-roster-command = not a roster command.
ninja-not-tournament-command = not a tournament command.
ninja-already-running = a tournament is already running in this channel.
ninja-name-collides = a generated ninja's name collides: { $why }
