# ダイスの結果の言葉（croupier-dice）。日本語は BCDice の書き方：`(2D6+5) ＞ 9[4,5]+5 ＞ 14`。

dice-successes = 成功数{ $count }

# 目標値に対して。BCDice のように結果の行の最後に「＞ 成功」。
dice-verdict = { $verdict ->
    [success] 成功
   *[failure] 失敗
}
