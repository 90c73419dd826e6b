# ダイスの結果の言葉（croupier-dice）。日本語は BCDice の書き方：`(2D6+5) ＞ 9[4,5]+5 ＞ 14`。

dice-successes = 成功数{ $count }
