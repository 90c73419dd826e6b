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
