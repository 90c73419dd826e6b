# /roll の返答（croupier-core の table::Said）。$who はメンション、$roll はダイスの行
# （croupier-dice。日本語は BCDice の書き方）、$chance は下の確率の行。

roll-title = 🎲 ダイスロール
roll-line = { $who }：{ $roll }
# 目標値に届く確率と、その結果。
roll-verdict = { $chance } ＞ { $verdict ->
    [success] **成功**
   *[failure] **失敗**
}
# ほかのダイスツールに慣れた人への注意（ダイスの言葉のまま）。
roll-note = 注意：{ $note }
roll-chance = { $target }以上の確率：{ $chance }
roll-chance-note = { $line }（{ $note }）
roll-chance-unreachable = { $line }（{ $target }に届く結果はない：最大は{ $highest }）
roll-chance-unknown = { $target }以上（正確な確率なし：{ $reason }）
roll-log = ログ
roll-log-number = #{ $log }
roll-blind-title = 🙈 ブラインドロール
roll-blind = { $roll }（GMだけが見ています）
roll-blind-notice = 🙈 `{ $expr }` をブラインドで振りました（ログ #{ $log }）。結果はGMだけが見ます。
roll-failed-title = 🎲 ロールに失敗しました
roll-failed = { $error } { $thrown ->
    [yes] ダイスは振られたので、やり直すと新しいダイスで振ります。ほかは何も変わっていません。
   *[no] ダイスは振られていません。何も変わっていません。
}
