# The words drawn on pictures (croupier-core render, the games' picture.rs): headings, labels
# and status words. Numbers, names, dice and obstacle initials are drawn as they are. The
# count of a dice picture's successes is dice.ftl's dice-successes.

# A list of names (winners): the words between two names.
pic-list-and = {" and "}
# $names: the winners (pic-list-and between them).
pic-winner = Winner: { $names }

## The dice table's scoreboard.
pic-dice-table-title = Dice table
pic-dice-table-joining = Joining
pic-dice-table-round = Round { $round }/{ $rounds }
pic-dice-table-over = Final
# $expr: the dice every turn rolls.
pic-dice-table-rule = Each turn rolls { $expr } · highest total wins
# Under a name, joined by " · ".
pic-dice-table-you = you
pic-dice-table-to-roll = to roll
pic-dice-table-winner = ★ winner
pic-dice-table-nobody = Nobody has a seat yet.
pic-dice-table-seated = { $count } seated · the host starts with /dice start
pic-dice-table-next = Next: { $name } rolls { $expr }

## Ninja Obstacle Tournament: the score sheet and the race chart.
pic-ninja-title = Ninja Obstacle Tournament
pic-ninja-entering = Entering
pic-ninja-over = Over
# $round: 1, 2 or 3 (the final).
pic-ninja-round = { $round ->
    [3] Final
   *[other] Round { $round }
}
# Page $page of $pages (a 16-ninja round takes two).
pic-ninja-page = Page { $page }/{ $pages }
# The line under the heading. $first: the round or the page; $course: the obstacles' initials;
# $limit: the turn limit; $places: how many go through; $final: yes in the final (one wins).
pic-ninja-course = { $first } · { $course } · { $limit } turns · { $final ->
    [yes] 1 wins through
   *[no] { $places } through
}
# A ninja's name with its marks.
pic-ninja-yours = { $name } (yours)
pic-ninja-house = { $name } (house)
# The result on the right of a ninja's row.
pic-ninja-up-next = up next
pic-ninja-to-run = to run
pic-ninja-running = running
pic-ninja-splash = SPLASH
pic-ninja-oot = O.O.T.
pic-ninja-winner = ★ winner
pic-ninja-through = through
pic-ninja-finished = finished
pic-ninja-out = out
# The footer (pic-winner once won). $name: who runs next.
pic-ninja-no-winner = Over: no winner this time.
pic-ninja-up = Up: { $name } · /ninja run
pic-ninja-complete = Round complete.
pic-ninja-legend-marks = x miss · x* bogus roll · ✓ save made · thick line: obstacle done
pic-ninja-legend-boxes = framed box: luck used · ★ has luck · (n) turns taken
pic-ninja-race = Race: action points along the course
pic-ninja-turns-axis = turns →
# Before the start. $count: the entrants.
pic-ninja-entered = { $count } entered · the GM starts with /ninja start
pic-ninja-nobody = Nobody has entered yet.
