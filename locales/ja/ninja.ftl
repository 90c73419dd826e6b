# 忍者障害物トーナメント（croupier-ninja）：トーナメントの返答、拒否、ボタン。

ninja-open-title = 🥷 忍者障害物トーナメント
ninja-open = { $host }がトーナメントを開きました（GM）。`/ninja enter name:…` で忍者を出場させてください（最大{ $field }人。忍者がまだいなければ `/ninja create name:… iq:… dx:… st:…` で作れます：合計40点、各能力12以上）。GMは `/ninja fill` で空き枠を埋め、`/ninja start` で開始します。
    手番上限{ $limit }（決勝{ $final }）、セーブロールの17は{ $save ->
        [again] もう一度セーブ
       *[fail] 失敗
    }、通過ラインでの完全な同着は{ $ties ->
        [both] 両者通過
       *[earlier] 先に挑戦した方が通過
    }。

ninja-gm-places = GM：出場枠{ $field }のうち{ $taken }人が決定。残りをハウス忍者で埋めるか、全員そろったら開始してください。
ninja-gm-full = GM：出場枠{ $field }人がすべて埋まりました。準備ができたら開始してください。

ninja-button-fill = 枠を埋める
ninja-button-start = 開始
ninja-button-run = 挑戦
ninja-button-auto = 自動
ninja-button-roll = ロール

ninja-created-title = 🥷 新しい忍者：{ $name }
ninja-created = 2D6で決めた特技：{ $first } → { $a }、{ $second } → { $b }。
    { $sheet }

ninja-entered = { $name }がトーナメントに出場{ $last ->
        [yes] {"（最後の挑戦）"}
       *[no] {""}
    } ＞ { $count }/{ $field }。
ninja-withdrawn = { $name }が棄権 ＞ { $count }/{ $field }。

ninja-fill-title = ハウス忍者{ $count }人が空き枠に入ります
ninja-fill = { $lines }
ninja-fill-back = { $name }（再出場：出場{ $events }回、得点{ $points }、優勝{ $wins }回；{ $additives }）
ninja-fill-new = { $name }（知力{ $iq } 器用{ $dx } 体力{ $st }；{ $additives }）

ninja-order-title = 📋 第1ラウンドの挑戦順
ninja-order = { $lines }

ninja-up-title = 🥷 { $round ->
        [3] 決勝
       *[other] 第{ $round }ラウンド
    }、{ $of }人中{ $pos }人目
ninja-up = 次の挑戦者：**{ $name }**（{ $owner }）＞ 技能 { $skills }{ $luck ->
        [0] {""}
       *[other] 、運×{ $luck }
    }。手番上限{ $limit }。
    `/ninja run` で1手番ずつ、`/ninja run auto:true` で一気に挑戦します。
ninja-roll-prompt = 次の手番をロールしてください。

ninja-entries-closed = トーナメントは始まっています：出場の受付は終わりました。
ninja-enter-not-yours = { $name }は{ $owner }の忍者です：出場させられるのは本人かGMだけです。
ninja-full = トーナメントは満員です（忍者{ $field }人）。
ninja-already-entered = { $name }はすでに出場しています。
ninja-off-roster = { $name }はもうこのサーバーの名簿にいません。`/ninja roster` を見てください。
ninja-entered-elsewhere = { $name }はすでに{ $place }のトーナメントに出場しています：忍者が出場できるトーナメントは一度に一つです。そちらで棄権させる（`/ninja withdraw`）か、そのトーナメントが終わるのを待ってください。
ninja-no-withdraw = トーナメントは始まっています：もう棄権できません。
ninja-not-entered = `{ $name }` という忍者は出場していません。
ninja-belongs = { $name }は{ $owner }の忍者です。
ninja-already-started = トーナメントはもう始まっています。
ninja-all-taken = 出場枠{ $field }人はすべて埋まっています。
ninja-not-free = { $name }はもう出場できません。もう一度枠を埋めてください。
ninja-start-needs = トーナメントは忍者{ $field }人で始まります。出場は{ $count }人です。`/ninja fill` で空き枠を生成した忍者で埋められます。
ninja-not-started = トーナメントはまだ始まっていません。GMが `/ninja start` で開始します。
ninja-over = トーナメントは終わりました。
ninja-nobody-up = 挑戦する忍者がいません。
ninja-not-your-runner = { $name }は{ $owner }の忍者です：ロールできるのは本人（かGM）だけです。
