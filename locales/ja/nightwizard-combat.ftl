# ナイトウィザード：判定（judge/、prana.rs）と戦闘（combat/）。ゲームの用語は nightwizard-terms.ftl の
# 用語（{ -nw-judge }）。英語は locales/en/nightwizard-combat.ftl。

## 判定の結果行（BCDice と同じ書き方）：(2D6+5@10#5) ＞ 9[4,5]+5 ＞ 14 ＞ 成功

nw-line-then = { $a } ＞ { $b }
nw-line-head = { $more ->
    [yes] (2D6{ $alter }@{ $critical }#{ $fumble })
   *[no] (2D6{ $alter }@{ $critical }#{ $fumble })
}
nw-line-any-seven = 7[{ -nw-any-seven }]
nw-line-plain = { $dice }{ $alter }
nw-line-fumble = { $dice } { -nw-fumble }
nw-line-critical = { $dice }{ $alter } { -nw-critical }
nw-line-cancelled = { $dice }{ $alter }（{ -nw-fumble }無効化）
nw-line-raise = { -nw-raise-result } +{ $dice }
nw-line-success = { -nw-success }
nw-line-failure = { -nw-failure }
nw-line-automatic-success = { -nw-automatic-success }
nw-line-with = { $line }（{ $effects }）

## 振った判定（judge/request.rs）

nw-judge-title = 🎲 { $who }：{ $label }
nw-judge-body = { $lines }
nw-judge-pre = { $lines }
nw-judge-preview-title = 🎲 判定の前に：{ $label }
nw-judge-alter = { -nw-alter } { $alter }（{ $label } { $base }{ $modifier }{ $extra }）・{ -nw-critical-value } { $critical }・{ -nw-fumble-value } { $fumble }
nw-judge-chance = { -nw-chance }：{ $chance }
nw-judge-locked = （この最初の{ -nw-judge }で{ -nw-critical-value }と{ -nw-fumble-value }が確定しました。）
nw-judge-line = `{ $line }`
nw-judge-difficulty = { -nw-difficulty } { $difficulty }（{ $label }）
nw-judge-spent = この{ -nw-judge }に使った{ -nw-prana }：{ $spent }
nw-judge-fumble-note = { -nw-fumble }：{ -nw-result }は{ -nw-alter } − 10（自動失敗ではない）。
nw-judge-prana = { -nw-prana }
nw-judge-prana-left = 残り{ $prana }
nw-judge-secret = { $who }が{ -nw-secret-judge }を行った。
nw-judge-options = この{ -nw-judge }に使える{ -nw-prana }：
nw-said = { $line }
nw-values-bad = { $what }値は2D の合計（2～12）をカンマで区切って書く（例 `7,10`）。`{ $part }` は使えない。
nw-values-critical = { -nw-critical }
nw-values-fumble = { -nw-fumble }

## ボタン

nw-button-roll = 振る
nw-button-reroll = { -nw-reroll }（1{ -nw-prana }）
nw-button-cancel = { -nw-cancel-fumble }（1{ -nw-prana }）
nw-button-fudge-up = 出目+1（1{ -nw-prana }）
nw-button-fudge-down = 出目−1（1{ -nw-prana }）
nw-button-raise = { -nw-result }+{ $raise }D（1{ -nw-prana }）
nw-button-accept = { -nw-accept }

## 判定の名前と難易度の目安

nw-label-judge = { -nw-judge }
nw-label-strength = { -nw-strength }
nw-label-finesse = { -nw-finesse }
nw-label-awareness = { -nw-awareness }
nw-label-knowledge = { -nw-knowledge }
nw-label-spirit = { -nw-spirit }
nw-label-luck = { -nw-luck }
nw-label-pacc = { -nw-pacc }
nw-label-eva = { -nw-eva }
nw-label-macc = { -nw-macc }
nw-label-patk = { -nw-patk }
nw-label-matk = { -nw-matk }
nw-label-pdef = { -nw-pdef }
nw-label-mdef = { -nw-mdef }
nw-label-spd = { -nw-spd }
nw-label-dodge = { -nw-dodge-check }
nw-label-hit-check = { -nw-hit-check }
nw-label-dodge-check = { -nw-dodge-check }
nw-label-spd-judge = { -nw-spd-judge }
nw-label-appearance-check = { -nw-appearance-check }
nw-label-enemy-identify-judge = { -nw-identify-judge }
nw-label-recovery-judge = { -nw-recovery-judge }
nw-label-damage-roll = { -nw-damage-roll }
nw-label-defence-roll = 防御ロール
nw-difficulty-simple = 簡単
nw-difficulty-ordinary = 普通
nw-difficulty-challenging = やや難しい
nw-difficulty-hard = 難しい
nw-difficulty-expert = 非常に難しい
nw-difficulty-master = 達人級

## プラーナ（prana.rs）と判定へのプラーナの断り（judge/roll.rs）

nw-prana-no-judge = 開いている{ -nw-judge }がない。
nw-prana-gm-accepted = { -nw-judge }を確定した。
nw-prana-pcs-only = { -nw-prana }を持つのはPCだけ（GMのNPCはふつう持たない）。
nw-prana-cost-short = { -nw-prana }が{ $cost }点必要だが、残りは{ $have }点（{ -nw-prana }は0未満にならない）。
nw-prana-pays = { $name }はスキルのために{ -nw-prana }を{ $cost }点使った（残り{ $left }）。
nw-avoid-not-down = { -nw-incapacitated }（HP 0）ではない。
nw-avoid-once = { -nw-avoid-incapacitated }は1シーンに1回まで。
nw-avoid-short = { -nw-avoid-incapacitated }には{ -nw-prana }が{ $cost }点必要だが、残りは{ $have }点。
nw-avoid = { $name }は{ -nw-prana }を{ $cost }点使い、HP 1で立ち上がった。
nw-prana-no-open = { -nw-prana }を使える開いた{ -nw-judge }がない。
nw-prana-accepted = { $label }を確定：{ -nw-result } { $result }。
nw-prana-short = { -nw-prana }が{ $cost }点必要だが、残りは{ $have }点。
nw-prana-not-an-option = それは{ -nw-judge }に使える{ -nw-prana }の使い方ではない。
nw-prana-reroll = { $name }は{ -nw-prana }を{ $cost }点使い、ダイスを振り直した。
nw-prana-cancel = { $name }は{ -nw-prana }を{ $cost }点使い、{ -nw-fumble }を無効化した。
nw-prana-fudge = { $name }は{ -nw-prana }を{ $cost }点使い、出目を{ $by }した。
nw-prana-raise = { $name }は{ -nw-prana }を{ $cost }点使い、{ -nw-result }を{ $dice }D上昇させた。
nw-prana-seven-reroll = { -nw-any-seven }には振り直すダイスがない。
nw-prana-no-reroll = { -nw-critical }や{ -nw-fumble }は{ -nw-prana }で振り直せない。
nw-prana-reroll-first = { -nw-reroll }は最初に行う：{ -nw-cancel-fumble }、{ -nw-fudge-dice }、{ -nw-raise-result }の後にはできない。
nw-prana-reroll-late = { -nw-defender }がすでに振った：{ -nw-attacker }の振り直しはその前まで。
nw-prana-no-fumble = 無効化する{ -nw-fumble }がない。
nw-prana-cancel-first = { -nw-cancel-fumble }は{ -nw-raise-result }より前に行う。
nw-prana-seven-fudge = { -nw-any-seven }には操作する出目がない。
nw-prana-fudge-fumble = この出目は{ -nw-fumble }：先に{ -nw-fumble }を無効化し（1{ -nw-prana }）、それから出目を操作する（さらに1）。
nw-prana-fudge-once = この卓では{ -nw-fudge-dice }は1回の判定に1回まで。
nw-prana-fudge-first = { -nw-fudge-dice }は{ -nw-raise-result }より前に行う。
nw-prana-fudge-range = 2D の出目は2未満や12超にはならない。
nw-prana-raise-range = { -nw-raise-result }に使う{ -nw-prana }は1～20点。
