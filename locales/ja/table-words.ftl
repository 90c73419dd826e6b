# テーブルとゲームの言葉のうち、まだカタログのなかったもの（issue #40）：ゲームが待っているもの
# （決着済みのボタンを押したときに名前が出る）、ダイステーブルの返答、ONE PIECE 仲間のカードの色、
# ほかのダイスツールを使う人への注意。

## ゲームが待っているもの（`Decision::label`）。
dice-decision-roll = ラウンド{ $round }の{ $name }のロール
nobi-decision-draw = シーン{ $n }を引く
nobi-decision-roll = シーン{ $n }の判定
nobi-decision-act = シーン{ $n }のロールプレイ
nobi-decision-verdict = シーン{ $n }の結果
nobi-decision-epilogue = エピローグの最後の判定
nakama-decision-recruit = ターン{ $turn }の{ $name }の{ $extra ->
        [yes] 追加の勧誘
       *[no] 勧誘
    }
nakama-decision-ability = ターン{ $turn }の{ $name }の能力
nakama-decision-hat = ターン{ $turn }の{ $name }のダイスの目
nakama-decision-give = ターン{ $turn }の交換で{ $name }が渡すカード
nakama-decision-discard = ターン{ $turn }の{ $name }の捨て札
nakama-decision-react = ターン{ $turn }の{ $name }の「続行」（戦闘へ）
nakama-decision-lose = ターン{ $turn }にクルーが失う仲間
ninja-decision-luck = ラウンド{ $round }・{ $turn }ターン目の{ $name }の運
ninja-decision-turn = ラウンド{ $round }の{ $name }の{ $turn }ターン目
ninja-decision-run = ラウンド{ $round }の{ $name }の挑戦
nw-decision-dodge = { -nw-round }{ $round }の{ $name }の{ -nw-dodge-check }
nw-decision-damage = { -nw-round }{ $round }の{ $name }の{ -nw-damage-roll }
nw-decision-defence = { -nw-round }{ $round }の{ $name }の{ -nw-damage-roll }と防御のロール
nw-decision-apply = { -nw-round }{ $round }の{ $name }の{ -nw-damage }の適用
nw-decision-main = { -nw-round }{ $round }の{ $name }の{ -nw-main-process }
nw-decision-closing = { -nw-round }{ $round }の最後の{ -nw-main-process }のあとの{ -nw-initiative-process }
nw-decision-window = { -nw-round }{ $round }のスキルを使う機会
nw-decision-next = { -nw-round }{ $round }で次の{ -nw-main-process }を選ぶこと
nw-decision-prana = { $name }の{ $judge }への{ -nw-prana }
nw-decision-cf = { $name }の{ -nw-critical-value }と{ -nw-fumble-value }

## ダイステーブル（`/dice`）。
dice-table-title-open = 🎲 ダイステーブル開始
dice-table-open = { $host }がダイステーブルを開きました：各ターン `{ $expr }` を振り、{ $rounds }ラウンド、合計のいちばん高い人の勝ちです。
    `/dice join` で参加してください。ホストが `/dice start` で始めます。
dice-table-title = 🎲 ダイステーブル
dice-table-title-over = 🏆 ダイステーブル終了
dice-table-button-join = 参加する
dice-table-button-roll = 振る
dice-table-field-scores = 得点
dice-table-turn = ラウンド{ $round }/{ $rounds }：{ $who }、あなたのロールです（`{ $expr }`）。
dice-table-joins = { $name }が{ $seat }番目の席に着きました。
dice-table-leaves = { $name }がテーブルを離れました。
dice-table-rolls = { $name }のロール：{ $roll }（合計{ $score }）。
dice-table-rolls-past = { $name }のロール：{ $roll }。合計が記録できる最大の得点 { $max } を超えるため、得点はありません（合計{ $score }）。
dice-table-roll-failed = { $name }のロールは失敗しました：{ $error } 得点はありません（合計{ $score }）。
dice-table-winner = 勝者：{ $winners }（{ $best }）。
dice-table-and = {"と"}
dice-table-names-sep = {"、"}
dice-table-score = { $name }：{ $score }
dice-table-nobody = まだだれもいません
dice-table-status = `{ $expr }` を振ります — { $phase ->
        [joining] 参加者を待っています
        [next] ラウンド{ $round }/{ $rounds }、次は{ $next }のロール
        [playing] ラウンド{ $round }/{ $rounds }
       *[over] 終了
    }
dice-table-no-seat = このテーブルに席がありません：まず `/dice join` で参加してください。
dice-table-no-seat-closed = このテーブルに席がありません。席は開始時に締め切られました（参加者：{ $players }）。ほかのチャンネルで `/dice new` で自分のテーブルを開いてください。
dice-table-opens-with-new = ダイステーブルは `/dice new` で開きます。
dice-table-too-large = `{ $expr }` を{ $rounds }ラウンド振ると、記録できる最大の得点 { $max } を超えるおそれがあります。小さな数か、少ないラウンドにしてください。
dice-table-already-open = ここではすでにダイステーブルが開いています。
dice-table-started-wait = ダイステーブルはもう始まっています。次のテーブルを待ってください。
dice-table-seated-already = あなたはもうこのテーブルに席があります。
dice-table-full = テーブルは満席です（{ $seats }席）。
dice-table-no-leaving = ロールが始まったあとは離れられません。
dice-table-started = ダイステーブルはもう始まっています。
dice-table-nobody-seated = まだだれも席に着いていません：まず `/dice join` で参加してください。
dice-table-not-started = テーブルはまだ始まっていません：ホストが `/dice start` で始めます。
dice-table-over = ゲームは終了しました。
dice-table-not-your-turn = いまは{ $name }のロールの番で、あなたの番ではありません。

## ONE PIECE 仲間：仲間カードの色（`赤7` は色と数字。`card:` はどちらの言語でも受け付けます）。
nakama-colour = { $colour ->
        [red] 赤
        [blue] 青
        [green] 緑
        [yellow] 黄
        [purple] 紫
       *[orange] 橙
    }
nakama-friend-label = { $colour ->
        [red] 赤
        [blue] 青
        [green] 緑
        [yellow] 黄
        [purple] 紫
       *[orange] 橙
    }{ $power }

## ほかのダイスツール（Roll20、Foundry）を使う人への注意（「注意：」のあと）。
dice-note-strict-faces = ここでの `{ $op }{ $value }` が数える目は{ $counts }です。{ $inclusive }にするなら `{ $op }={ $value }` と書いてください。
dice-note-faces = { $kind ->
        [span] { $lo }–{ $hi }
        [one] { $lo }
       *[none] なし
    }
dice-note-strict-totals = ここでの `{ $op }{ $value }` は合計{ $strict }{ $dir ->
        [more] 以上
       *[less] 以下
    }を数えます。{ $value }{ $dir ->
        [more] 以上
       *[less] 以下
    }にするなら `{ $op }={ $value }` と書いてください。
dice-note-reroll-counted = `{ $written }` は条件に合うダイスを外れるまで振り直し、続く条件は成功数を数えます。Foundry は `{ $written }=…` を最大{ $rest }個のダイスの振り直しと読みますが、ここにはその書き方はありません。
dice-note-reroll-until = `{ $written }` は Roll20 と同じく、外れるまでダイスを振り直します。Foundry の `r` は1回だけ振り直します：1回なら `ro{ $rest }` と書いてください（`rr{ $rest }` はどちらでも外れるまで）。
dice-note-sep = {""}
