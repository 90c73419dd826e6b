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

## 戦闘トラッカー（combat/tracker.rs）：手番のメッセージ、盤面、GM用の表示

nw-step = { $lines }
nw-step-turn = ▶ { $turn }
nw-step-lines-turn =
    { $lines }
    ▶ { $turn }
nw-combat-over-line = ⚔️ { -nw-combat }終了：{ -nw-bad-status }はすべて解除された。
nw-over-title = ⚔️ { -nw-combat }終了
nw-over-row = **{ $name }**・HP { $hp }・MP { $mp }・{ -nw-prana } { $prana }
nw-tracker-title = ⚔️ 第{ $round }{ -nw-round }
nw-tracker-gm-title = ⚔️ 第{ $round }{ -nw-round }（GM用）
nw-row = { $mark } **{ $name }**{ $hidden ->
    [yes] （潜伏中）
   *[no] {""}
}・{ -nw-count } { $count }・{ $vitals }{ $bad }{ $state }
nw-row-then = ・{ $then }
nw-vitals-pc = HP { $hp }・MP { $mp }・{ -nw-prana } { $prana }
nw-vitals-enemy = HP { $hp }/{ $max }・MP { $mp }
nw-condition-unhurt = 無傷
nw-condition-hurt = 負傷
nw-condition-badly-hurt = 重傷
nw-condition-down = { -nw-incapacitated }
nw-state-incapacitated = { -nw-incapacitated }
nw-state-post-action = { -nw-post-action }
nw-field-engagements = { -nw-engagements }
nw-field-engagements-value = { $engagements }
nw-no-engagements = なし（全員が{ -nw-short-range }）
nw-field-positions = 位置
nw-field-positions-value = { $positions }
nw-field-effects = 効果中
nw-field-effects-value = { $effects }
nw-field-turn = 手番
nw-field-turn-value = { $turn }
nw-gm-hidden-turn = ▶ { $who }の{ -nw-main-process }（潜伏中：プレイヤーには知らされない）
nw-gm-engagements = { -nw-engagements }：{ $engagements }
nw-gm-positions = 位置：{ $positions }
nw-gm-effects = 効果中：{ $effects }
nw-turn-dodge = { $who }：{ -nw-dodge-check }を振る
nw-turn-damage = { $who }：達成値を比べ、{ -nw-damage-roll }を振る
nw-turn-defence = { $who }：{ -nw-damage-roll }に{ -nw-prana }を使うなら今。次は{ $target }の防御ロール
nw-turn-apply = { $who }：{ $target }に{ $damage }点の{ -nw-damage }を適用する（同じ{ -nw-engage }の{ -nw-pre-action }の味方が{ -nw-cover-up }してもよい）
nw-turn-gm = GMの手番
nw-turn-main = { $who }の{ -nw-main-process }：{ -nw-move-action }、{ -nw-minor-action }、{ -nw-major-action }（`/nwcombat attack target:…`）
nw-turn-last-stand = { $names }：{ -nw-avoid-incapacitated }で戦い続けるか、GMが{ -nw-combat }を終える
nw-turn-closing = 最後の{ -nw-main-process }の後の{ -nw-initiative-process }：{ -nw-initiative-process }のスキルは今（`/nwcombat use`）。GMが{ -nw-cleanup-process }へ進める（`/nwcombat go`）
nw-turn-tied = 次の{ -nw-main-process }で同値：{ $names }（`/nwcombat go`）
nw-button-dodge = { -nw-dodge-check }
nw-button-damage = { -nw-damage }
nw-button-defence = 防御ロール
nw-button-apply = 適用
nw-button-pass = { -nw-main-process }終了
nw-button-avoid = { -nw-avoid-incapacitated }
nw-button-end-fight = { -nw-combat }終了
nw-button-cleanup = { -nw-cleanup-process }
nw-button-skip = スキップ
nw-button-go = 行動する

## ラウンド（combat/round.rs）

nw-combat-begins = ⚔️ { -nw-combat }開始。
nw-setup = 🔔 第{ $round }{ -nw-round }：{ -nw-setup-process }。
nw-spd-line = { $who }：{ -nw-spd-judge } `{ $line }` → { -nw-count } { $count }
nw-cleanup = 🧹 第{ $round }{ -nw-round }の{ -nw-cleanup-process }。
nw-pass = { $who }は{ -nw-main-process }を終えた。
nw-gm-ends = GMが{ -nw-combat }を終えた。
nw-gm-ends-last-stand = GMが{ -nw-combat }を終えた：誰も立ち上がらなかった。
nw-initiative-ends = { -nw-initiative-process }が終わった。
nw-fight-goes-on = { -nw-combat }は続く。
nw-everyone-acted = ⏳ 全員が行動した。{ -nw-initiative-process }：GMが{ -nw-cleanup-process }へ進める（`/nwcombat go`）前なら、{ -nw-initiative-process }のスキルをまだ宣言できる（`/nwcombat use`）。
nw-last-stand = 💫 立っているPCはいないが、{ $names }はまだ{ -nw-avoid-incapacitated }（{ -nw-prana }{ $cost }点、1シーンに1回：`/nw prana use:avoid`）で戦い続けられる。GMは `/nwcombat go` で{ -nw-combat }を終える。
nw-over = { $won ->
    [yes] { $fled ->
        [yes] { -nw-combat }に残るエネミーはいない（残りは撤退した）：{ -nw-combat }に勝利。
       *[no] 立っているエネミーはいない：{ -nw-combat }に勝利。
    }
   *[no] { $fled ->
        [yes] { -nw-combat }に残るPCはいない（残りは撤退した）。
       *[no] 立っているPCはいない。
    }
}
nw-defeated = 倒され、場から退場：{ $names }。
nw-count-now = { $who }の{ -nw-count }は{ $count }になった（元は{ $was }）。
nw-chooses-again = { -nw-initiative-process }をやり直す：{ $who }の{ -nw-main-process }。
nw-prana-options = { $label }に使える{ -nw-prana }：
nw-combat-running = { -nw-combat }はすでに始まっている（`/nwcombat end`）。
nw-combat-needs = { -nw-combat }にはPCとエネミーが1体ずつ以上必要（`/nwenemy spawn`）。
nw-no-combat = { -nw-combat }中ではない。
nw-its-main = 今は{ $who }の{ -nw-main-process }。
nw-attack-first = 先に進行中の攻撃を終える。
nw-not-your-turn = あなたの手番ではない：今は{ $who }の{ -nw-main-process }。
nw-down-no-actions = { $who }は{ -nw-incapacitated }（HP 0）で行動できない。`/nwcombat pass` で{ -nw-main-process }を終える。

## 攻撃（combat/attack/）、ダメージと戦闘不能（combat/harm.rs、life.rs）、エンゲージ

nw-attack = ⚔️ { $who }が{ $target }を攻撃{ $with }（{ $magic ->
    [yes] { -nw-magical-attack }
   *[no] { -nw-physical-attack }
}）。{ -nw-hit-check }（{ $stat }）：`{ $line }`
nw-attack-with = （{ $weapon }で）
nw-attack-prana = （{ -nw-hit-check }への{ -nw-prana }：{ -nw-dodge-check }の前に `/nw prana use:…`）
nw-no-target = 対象 `{ $target }` がいない。
nw-attack-self = 自分自身は攻撃できない。
nw-not-in-fight = { $who }は{ -nw-combat }に参加していない。
nw-reveals = 👹 { $who }が姿を現した！
nw-attack-kills = 💀 { $who }が{ -nw-incapacitated }の{ $target }を攻撃：{ $target }は{ -nw-dead }。
nw-dodge = 🛡️ { $who }が{ $hit }に対して回避（{ -nw-eva }）：`{ $line }`
nw-dodge-prana = （{ -nw-dodge-check }への{ -nw-prana }：{ -nw-damage-roll }の前に `/nw prana use:…`）
nw-dodged = 命中 { $hit } 対 回避 { $dodge }：{ $who }は回避した。
nw-hit-damage = 命中 { $hit } 対 回避 { $dodge }：命中。{ -nw-damage }（{ $stat }）：`{ $line }`。
nw-hit-damage-prana = （{ -nw-damage-roll }への{ -nw-prana }は今 `/nw prana use:…`。次は `/nwcombat damage` で{ $target }の防御ロール）
nw-hit-damage-defence = 命中 { $hit } 対 回避 { $dodge }：命中。{ -nw-damage } { $stat }：`{ $line }` 対 { $def }：`{ $defence }` → **{ -nw-hp-damage } { $damage }**。
nw-damage-prana = （{ -nw-damage-roll }や防御ロールへの{ -nw-prana }：{ -nw-damage }を適用する前に `/nw prana use:…`）
nw-damage-against = { -nw-damage } { $stat }：`{ $line }` 対 { $target }（{ $def }）：`{ $defence }` → **{ -nw-hp-damage } { $damage }**。
nw-defence-prana = （防御ロールへの{ -nw-prana }：{ -nw-damage }を適用する前に `/nw prana use:…`）
nw-loses-hp = { $who }はHPを{ $hp }失った（HP { $left }/{ $max }）。
nw-down = { $pc ->
    [yes] 💫 { $who }は{ -nw-incapacitated }（{ -nw-prana }2点、1シーンに1回：`/nw prana use:avoid`）。
   *[no] 💫 { $who }は{ -nw-incapacitated }。
}
nw-down-acting = 💫 { $who }は{ -nw-incapacitated }：{ -nw-main-process }は終わる。
nw-down-tied = 💫 { $who }は{ -nw-incapacitated }となり、次の{ -nw-main-process }から外れる。
nw-down-post = 💫 { $who }は{ -nw-incapacitated }：{ -nw-post-action }、{ -nw-count } 0。
nw-invades = { $who }が{ -nw-engage }に侵入：{ $target }とエンゲージ。
nw-invade-engaged = エネミーとエンゲージしている：先に離脱する（`/nwcombat withdraw`）。
nw-not-engaged = エンゲージしていない。
nw-blockade-roll = 🚧 { $who }が封鎖：{ -nw-spd } `{ $mine }` 対 { -nw-spd } `{ $theirs }`。
nw-breaks-through = { $who }は封鎖を突破して離脱した。{ -nw-main-process }は終わる。
nw-held = { $who }は{ -nw-engage }に留められた。
nw-withdraws-free = { $who }は{ $from }で{ -nw-engage }から離脱した：{ -nw-move-action }のみ、{ -nw-minor-action }は不要。
nw-withdraws-hindered = { $who }は{ -nw-engage }から離脱した（{ -nw-move-action }＋{ -nw-minor-action }：エネミーが妨げる）。
nw-moves-out = { $who }は{ -nw-engage }から出た。
nw-blockades = { $on ->
    [yes] 🚧 { $who }が{ -nw-engage }を封鎖した：離脱には{ -nw-spd }の{ -nw-opposed-judge }が必要。
   *[no] { $who }は封鎖をやめた。
}
nw-minor = { $who }は{ -nw-minor-action }を行った。
nw-minor-shakes = { $who }は{ -nw-minor-action }を使ってBS: { $statuses }を振り払った。
nw-the-gm = GM

## エネミー識別（combat/identify.rs）

nw-identify = 🔎 { $who }の{ $target }への{ -nw-identify-judge }（{ -nw-knowledge } { $knowledge }{ $notes }、{ -nw-difficulty } { $difficulty }）：`{ $line }` → { $ok ->
    [yes] { -nw-success }。
   *[no] { -nw-failure }（{ -nw-prana }で覆せる：`/nw prana`）。
}
nw-identify-pcs = { -nw-identify-judge }はPCが行う（GMは自分のエネミーを知っている）。
nw-major-used = この{ -nw-main-process }ではもう{ -nw-major-action }を使った。
nw-no-enemy = エネミー `{ $target }` がいない。
nw-no-enemy-in-sight = 見えるところにエネミー `{ $target }` がいない。
nw-identified-already = { $who }はすでに識別済み：データは公開されている。

## 登場判定（combat/movement/arrive.rs）

nw-appears-climax = 🚪 { $who }が登場：クライマックスフェイズの{ -nw-appearance-check }は自動的に成功する。
nw-appearance = 🚪 { $who }の{ -nw-appearance-check }（{ -nw-luck }{ $connection }{ $notes }、{ -nw-difficulty } { $difficulty }）：`{ $line }` → { $ok ->
    [yes] { -nw-success }：{ -nw-pre-action }で{ -nw-combat }に加わる。
   *[no] { -nw-failure }：このラウンドは加われない（{ -nw-prana }で覆せる：`/nw prana`）。
}
nw-appearance-connection = {" "}+{ $bonus }（{ $to }への{ -nw-connection }）
nw-appearance-after-prana = 🚪 { -nw-prana }により{ $who }の{ -nw-appearance-check }は成功：{ -nw-pre-action }で{ -nw-combat }に加わる。
