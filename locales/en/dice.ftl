# The words of a dice result (croupier-dice): English keeps Croupier's own line,
# `2d6+3 → [5, 2] + 3 = 10`, and counts successes with its plural rule.

dice-successes = { $count ->
    [one] { $count } success
   *[other] { $count } successes
}

# Against a target. English says it on the chance line (roll.ftl, roll-verdict).
dice-verdict = { $verdict ->
    [success] success
   *[failure] failure
}

# The dice's errors (DiceError): a notation the parser refuses, a roll that fails, odds that
# cannot be given. `$col` is the 1-based column the error points at.

dice-error-empty = There is nothing to roll. Try something like `2d6+3` or `d20`.
dice-error-input-too-long = That roll is { $len } characters long but the limit is { $limit } characters (it goes over at column { $col }). Please shorten it.
dice-error-unexpected-char = I did not expect `{ $ch }` at column { $col }: I expected { $expected }.
dice-error-unexpected-end = The roll ends too early at column { $col }: I expected { $expected }.
dice-error-unclosed-paren = The `(` at column { $col } is never closed. Add a `)`.
dice-error-unmatched-paren = The `)` at column { $col } has no matching `(`. Remove it or add a `(`.
dice-error-zero-sides = A die needs at least 1 side (column { $col }). Try `1d6` rather than `1d0`.
dice-error-too-many-sides = A die can have at most { $limit } sides (column { $col }). Use a smaller die.
dice-error-too-many-dice = That needs more than { $limit } dice (counting explosions and rerolls); the limit is hit by the dice at column { $col }. Roll fewer dice.
dice-error-too-many-explosions = A die at column { $col } exploded more than { $limit } times, the limit per die. Use an explode condition that matches fewer faces.
dice-error-too-many-rerolls = A die at column { $col } was rerolled more than { $limit } times, the limit per die. Use a reroll condition that matches fewer faces, or `ro` to reroll once.
dice-error-impossible-explode = The explode condition at column { $col } matches every face of the die, so it would explode forever. Pick a condition that some faces miss, like `!>=6` on a d6.
dice-error-impossible-reroll = The reroll condition at column { $col } matches every face of the die, so it would be rerolled forever. Pick a condition that some faces miss, or use `ro` to reroll once.
dice-error-always-explodes = The dice at column { $col } always explode: after rerolling, every face they can keep matches the explode condition, so every roll would fail. Reroll fewer faces or explode on fewer (e.g. `1d6r1!`), or use `ro` to reroll once.
dice-error-overflow = The numbers get too big at column { $col } (the limit is { $limit }). Use smaller numbers.
dice-error-negative-count = The number of dice at column { $col } came out as { $value }; it must be 0 or more. Change the count.
dice-error-division-by-zero = Division by zero at column { $col }. Divide by something that cannot be 0.
dice-error-blank-label = The label at column { $col } shows nothing (only spaces or invisible characters). Write a word, like `2d6[fire]` or `2d6 fire`, or leave the label out.
dice-error-bad-modifier = { $reason } (column { $col }).
dice-error-odds-unsupported = I cannot compute exact odds for { $reason } (column { $col }). Roll it instead.
dice-error-odds-dice-limit = That roll passes the { $limit }-dice limit (explosions and rerolls count) in about { $percent } of rolls, which then fail; exact odds would have to follow every die count, so I give none. Roll it instead, or use fewer dice.
dice-error-odds-too-large = That roll is too costly to compute exactly: its odds need more than { $steps } steps or more than { $outcomes } distinct results at once, so I give no chance. Roll it instead, or try fewer dice or fewer sides.

# What the parser expected where it stopped ($expected above).
dice-expect-operand = a number, dice like `d20`, `(`, `{"{"}` or a function like `floor(`
dice-expect-sides = the number of sides, like `d6`, `d%` or `dF`
dice-expect-number = a number
dice-expect-after = an operator like `+`, or a label after a space
dice-expect-close = an operator or `)`
dice-expect-function-paren = `(` right after the function name, like `floor(7/2)`
dice-expect-group-next = `,`, `{"}"}` or an operator

# What is wrong with a modifier, a bracket or a group ($reason of dice-error-bad-modifier).
dice-bad-stray-close-brace = This `{"}"}` closes no `{"{"}`; remove it or open a group like `{"{"}4d6,3d8{"}"}kh1`
dice-bad-too-deep = Parentheses, groups and functions nest at most 32 deep here
dice-bad-open-label = This `[` starts an inline label that is never closed; write it like `2d6[fire]`
dice-bad-open-group = This `{"{"}` is never closed; add a `{"}"}`, like `{"{"}4d6,3d8{"}"}kh1`
dice-bad-twice-group = Each modifier can be used only once per group
dice-bad-twice-term = Each modifier can be used only once per dice term
dice-bad-failure-condition = `f` needs a condition, like `f1` or `f<=2`
dice-bad-failure-first = Failures (`f`) need a success condition first, like `10d10>=8f1`
dice-bad-min-max = `m` must be followed by `i`/`in` (minimum) or `a`/`ax` (maximum), like `mi2`, `min2` or `max5`
dice-bad-critical = `c` must be followed by `s` (critical success) or `f` (critical failure), like `cs>=19` or `cf1`
dice-bad-add-explode = Reroll-and-add (`ra`) cannot be combined with exploding dice; use one or the other

# What exact odds cannot follow ($reason of dice-error-odds-unsupported).
dice-odds-zero-division = a division by a roll that can come out 0 (that roll fails instead of giving a result)
dice-odds-negative-count = a dice count that can come out negative (that roll fails)
dice-odds-keep-added = keeping or dropping with reroll-and-add (`ra`), whose extra die changes the number of dice
dice-odds-keep-exploded = keeping or dropping among dice added by explosions (`!`, `x`, `xo`): the number of dice varies; compounding `!!` works

# What exact odds leave out (Distribution::note): the parts, joined by dice-left-out-sep.
dice-left-out = Left out: { $parts }.
dice-left-out-sep = {"; "}
dice-left-out-past-limit = { $share } of rolls pass the limit of { $limit } explosions or rerolls on one die and fail
dice-left-out-cut = { $share } lies in explosion chains longer than { $depth } dice, which the odds do not follow
dice-left-out-dice-limit = up to { $share } of rolls pass the { $limit }-dice limit and fail (the chances above may include them)
