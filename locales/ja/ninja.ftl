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

ninja-play = { $lines }
ninja-play-cut = …（実況の全文は添付ファイルにあります）
    { $lines }
ninja-result-finished = 🏁 { $name }が{ $turns }手番でコース完走
ninja-result-splash = 💦 { $name }：落水
ninja-result-oot = ⏱️ { $name }：時間切れ
ninja-result-none = {""}
ninja-over-title = 🏁 トーナメント終了

ninja-turn = 第{ $turn }手番・{ $a }+{ $b }+{ $c } = { $total }（{ $obstacle } { $skill }）{ $luck ->
        [yes] {"（運）"}
       *[no] {""}
    } ＞ { $result }{ $oot ->
        [0] {""}
       *[other] {" ＞ "}{ $oot }{"手番で時間切れ"}
    }
ninja-turn-over = この挑戦はもう終わっています
ninja-turn-plus = +{ $ap }{ $bonus ->
        [yes] {"（ボーナス+2）"}
       *[no] {""}
    }{ $carried ->
        [0] {""}
       *[other] {" +"}{ $carried }{"（持ち越し）"}
    }
ninja-turn-on = { $plus } = { $points }（{ $obstacle }）
ninja-turn-complete = { $plus } = { $points } ＞ { $obstacle }突破、{ $turns }手番でコース完走（{ $left }点余り）
ninja-turn-done = { $plus } = { $points } ＞ { $obstacle }突破{ $carry }。次は{ $next }
ninja-turn-carry = 、余り{ $left }点を持ち越し
ninja-turn-carry-cut = 、余り{ $left }点 − { $cut }（{ $next } { $skill }）→ { $carry }点を持ち越し
ninja-turn-miss = ミス（x）
ninja-turn-bogus = ボーガス（x*）＞ 次はセーブロール！
ninja-turn-bogus-again = またボーガス（x*）＞ もう一度セーブロール！
ninja-turn-splash = ボーガス（x*）＞ 落水！
ninja-turn-save = セーブ成功（✓）＞ 踏みとどまるが前進なし
ninja-turn-save-failed = セーブ失敗（x）＞ 落水！
ninja-auto-luck = 運{ $mark ->
        [auto] ！
       *[pending] ：
    }{ $first }を振り直し → { $second }；{ $line }

ninja-steps-up = **{ $name }**の挑戦開始。
ninja-trained = { $name }は前回の挑戦から修行しました：特技は{ $additives }、今回の技能は{ $skills }。
ninja-finished = **{ $name }**が{ $turns }手番でコース完走（{ $left }点余り）。{ $xp ->
        [yes] {"経験点+1。"}
       *[no] {""}
    }{ $verdict }
ninja-verdict-through = { $count ->
        [0] {""}
       *[other] { $names }を押しのけ、
    }{ $final ->
        [yes] 決勝の首位に立ちました
       *[no] ひとまず通過圏内です
    }。
ninja-verdict-out = { $final ->
        [yes] 優勝には届きません。
       *[no] 通過には遅すぎます。
    }
ninja-splash-line = **{ $name }**、落水！挑戦終了。
ninja-oot-line = **{ $name }**は時間切れです。
ninja-train-offer = { $owner }、**{ $name }**には未使用の経験点が{ $points }点あります：今なら修行で特技を得られます（`/ninja train name:"{ $command }"`）。次の挑戦から有効です。
ninja-dropped = { $owner }、**{ $name }**は通過圏内から外れました：**{ $by }**の方が速く完走しました（{ $turns }手番）。
ninja-button-train = 修行

ninja-final-none = 決勝コースを完走した者はいません：今回は優勝者なしです。
ninja-winner = 🏆 優勝：{ $names }！
ninja-round-none = 第{ $round }ラウンドのコースを完走した者はいません：トーナメントは優勝者なしで終わります。
ninja-through = { $next ->
        [3] 決勝
       *[other] 第{ $next }ラウンド
    }進出：{ $names }。

ninja-class = { $class ->
        [miss] ミス
        [bogus17] ボーガス17（セーブロール）
        [bogus18] ボーガス18（落水）
        [save-made] セーブ成功
        [save-failed] セーブ失敗（落水）
        [save-again] またボーガス（もう一度セーブ）
       *[scored] +{ $ap }点
    }
ninja-luck-offer = { $dice } ＞ { $class }。{ $owner }には運があります（このラウンド残り{ $left }回）：振り直して、どちらかの結果を選びますか？
ninja-luck-reroll = 運！振り直し：{ $second } ＞ { $class2 }。どちらにしますか？最初：{ $first } ＞ { $class1 }。
ninja-button-use-luck = 運を使う
ninja-button-take-roll = このままにする
ninja-button-keep-first = 最初の出目
ninja-button-keep-reroll = 振り直しの出目

ninja-remind-only = リマインダーはテーブル自身が送ります。
ninja-run-under-way = この挑戦は進行中です：ロールを押してください（一気に終えるなら `/ninja run auto:true`）。
ninja-round-gm-only = ラウンド全体を一度に進められるのはGMだけです。自分の忍者は `/ninja run auto:true` で走らせます。
ninja-run-not-started = 挑戦が始まっていません：まず `/ninja run`。
ninja-luck-first = まず運を使うか決めてください（運を使う／このままにする）。
ninja-no-luck-decision = いま決める運はありません。
ninja-no-luck-left = このラウンドの運は残っていません。
ninja-luck-used = 運はもう使いました：最初の出目か振り直しの出目を選んでください。
ninja-luck-not-used = まず運を使ってください（またはこのままにしてください）。

ninja-sheet =
    ```
    { $lines }
    ```
ninja-sheet-name = 名前：{ $name }
ninja-sheet-occupation = 職業・説明：{ $occupation }
ninja-sheet-record = 能力値　出場：{ $events }回　経験点：{ $points }（未使用{ $unspent }）　優勝：{ $wins }回　特技：{ $additives }
ninja-sheet-pending = 修行の選択待ち：{ $a }か{ $b }（`/ninja train name:"{ $name }" pick:…`。不在のプレイヤーの代わりにGMが選べます）
ninja-sheet-attributes =
    { $iq } 知力
    { $dx } 器用
    { $st } 体力
    技能：
ninja-sheet-skill = { $skill } { $obstacle } = { $attribute ->
        [iq] 知力
        [dx] 器用
       *[st] 体力
    } + { $additives }
ninja-sheet-luck = 運：各ラウンド、ミスを{ $luck }回振り直せる
ninja-sheet-tally = 経験点の記録：{ $tally }
ninja-sheet-retired = 引退：{ $why }
ninja-sheet-last = 状態：最後の挑戦

ninja-sheet-title = キャラクターシート：{ $name }
ninja-roster-title = 🥷 名簿
ninja-roster = { $lines }
ninja-roster-line = **{ $name }**（{ $owner }）知力{ $iq } 器用{ $dx } 体力{ $st } · { $additives } · 出場{ $events }回 · 経験点{ $points } · 優勝{ $wins }回{ $status ->
        [retired] {" · 引退（"}{ $why }）
        [entered] {" · "}{ $place }{"のトーナメントに出場中"}
       *[none] {""}
    }
ninja-roster-empty = { $mine ->
        [yes] あなたの忍者はまだいません。
       *[no] 忍者はまだいません。
    }`/ninja create name:… iq:… dx:… st:…` で作れます。
ninja-retires = { $name }は引退しました。シートは名簿に残ります。
ninja-already-retired = { $name }はすでに引退しています。
ninja-retire-entered = { $name }は{ $place }のトーナメントに出場しています：開始前ならそちらで棄権させて（`/ninja withdraw`）から引退させてください。開始後なら、トーナメントが終わったとき（決勝か、GMの `/game end`）に引退できます。
ninja-retired = { $name }は引退しています。
ninja-train-rolled = { $name }はもうダイスを振りました：`/ninja train name:"{ $name }" pick:…` で{ $a }か{ $b }を選んでください。
ninja-not-additive = `{ $pick }` は特技ではありません。
ninja-train-offered = ダイスが示したのは{ $a }か{ $b }です。{ $pick }ではありません。
ninja-gone = その忍者はもういません。
ninja-takes = { $name }は{ $additive }を得ました。
    { $sheet }
ninja-train-roll-first = まず `/ninja train name:…` で（`pick:` なしで）ダイスを振ってください。
ninja-train-short = { $name }の未使用の経験点は{ $points }点です。特技には{ $cost }点必要です。
ninja-chart-incomplete = 特技表が不完全です。
ninja-train-head = { $name }は経験点{ $cost }点を使って2D6を振りました：{ $first } → { $a }、{ $second } → { $b }。
ninja-train-took = { $head }{ $additive }を得ました。
    { $sheet }
ninja-train-pick = { $head }どちらかを選んでください：
ninja-button-take-a = { $a }を得る
ninja-button-take-b = { $b }を得る
ninja-sheet-only = { $sheet }
ninja-roster-unavailable = いまは名簿を使えません。

ninja-roster-updated-title = 📜 名簿を更新しました
ninja-released = このトーナメントの忍者はほかのトーナメントに出場できます。獲得済みの経験点と出場回数は残ります。
    { $lines }
ninja-result-line = { $name }：出場{ $events }回、経験点{ $points }、優勝{ $wins }回{ $status ->
        [retires] {" ＞ 引退："}{ $why }
        [last] {" ＞ 最後の挑戦"}
       *[none] {""}
    }{ $train ->
        [yes] {" ＞ 修行できます（`/ninja train`）"}
       *[no] {""}
    }

ninja-score-round = { $round ->
        [3] 決勝
       *[other] 第{ $round }ラウンド
    } ＞ { $course }
ninja-score-entrant = { $slot }. { $name }（{ $skills }）{ $luck ->
        [yes] {" ★運"}
       *[no] {""}
    }
ninja-score-row = {"    "}{ $boxes }{ $end ->
        [running] …
        [splash] 落水
        [oot] 時間切れ
        [out] （{ $turns }）✗
       *[finished] （{ $turns }）
    }
ninja-score-ranking = 順位：
ninja-score-no-finishers = {"  "}完走者はまだいません
ninja-score-rank = {"  "}{ $pos }. { $name } ＞ { $turns }手番、{ $left }点余り { $verdict ->
        [winner] 優勝
        [through] 通過
        [out] 敗退
       *[none] {""}
    }
ninja-score-entrants = 出場者：
ninja-score-entry = { $slot }. { $name }{ $house ->
        [yes] {"（ハウス忍者）"}
       *[no] {""}
    }

ninja-score-title = 📋 スコアシート
ninja-score = { $status }
    ```
    { $lines }
    ```
ninja-score-status = { $status }
ninja-status-entering = 出場受付中：{ $count }/{ $field }。
ninja-status-up = 進行中：{ $name }の番です。
ninja-status-running = 進行中。
ninja-status-no-winner = 終了：優勝者なし。
ninja-status-won = 終了：優勝は{ $names }。

ninja-remind-title = ⏰ リマインダー
ninja-remind = { $name }の番です：{ $owner }さん、トーナメントがあなたを待っています（{ $hours }時間）。

ninja-no-such-ninja = このサーバーの名簿に `{ $name }` という忍者はいません。`/ninja roster` を見てください。
ninja-retired-cannot-enter = { $name }は引退しています（{ $why }）。出場できません。
ninja-name-length = 忍者の名前は1〜40文字にしてください。
ninja-name-taken = このサーバーの名簿にはすでに `{ $name }` という忍者がいます。
ninja-name-alike = このサーバーの名簿にはすでに `{ $name }` という忍者がいて、`{ $given }` は同じ名前と見なされます（大文字小文字、全角半角、余分な空白は区別しません）。
ninja-occupation-long = 職業が{ $count }文字あります。シートに全部載るよう{ $max }文字以内にしてください。
ninja-attribute-low = { $attribute ->
        [iq] 知力
        [dx] 器用
       *[st] 体力
    }{ $value }は低すぎます：{ $min }未満の能力値がある者は忍者の器ではありません。
ninja-attribute-high = { $attribute ->
        [iq] 知力
        [dx] 器用
       *[st] 体力
    }{ $value }は高すぎます：合計{ $points }点では、ほかの二つが{ $min }以上なら一つの能力値は最大{ $max }です。
ninja-attribute-sum = 知力＋器用＋体力はちょうど{ $points }にしてください。いまは{ $sum }です。

ninja-opens-with-new = トーナメントは `/ninja new` で開きます。
ninja-not-roster-command = 名簿のコマンドではありません。
ninja-not-tournament-command = トーナメントのコマンドではありません。
ninja-already-running = このチャンネルではすでにトーナメントが進行中です。
ninja-name-collides = 生成した忍者の名前が重なりました：{ $why }
