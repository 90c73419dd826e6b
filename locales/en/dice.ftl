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
