# ワンピース ナカマ：仲間と敵（croupier-nakama）：返答、盤面、手札、案内、ボタン、拒否。
# 名前はデータの日本語名：キャラクター（ルフィ）、敵とボス。仲間カードはデータのまま（`Red 7`：色と数字、`card:` に書く名前）。

## カードの言葉：能力、ダイスの結果、チャレンジ、特殊能力、ミッション、ランク。

nakama-ability = { $ability ->
        [exchange] 交換
        [move] 移動
        [power-up] パワーアップ
        [recruit] 勧誘
        [block] ブロック
       *[die] ダイス
    }
nakama-die-effect = { $effect ->
        [back] 脅威を{ $n }戻す
        [forward] 脅威を{ $n }進める
        [draw] { $n }枚引く
        [power] パワーアップ
       *[nothing] 何も起きない
    }
nakama-die-table = ダイス：1 { $e1 }・2 { $e2 }・3 { $e3 }・4 { $e4 }・5 { $e5 }
nakama-card = { $label }（{ $ability }）
nakama-challenge = { $challenge ->
        [threat] 脅威トークンが{ $n }進む。
        [power-down] すべてのパワーアップ！トークンがパワーダウンに裏返る。
        [lose] ダイスを振る：その列の現在の仲間が倒される。
       *[discard] 全員が手札からランダムに{ $n }枚捨てる。
    }
nakama-special = { $special ->
        [threat] 脅威トークンを{ $n }戻す。
        [draw] 仲間カードを{ $n }枚引く。
        [move] 現在の仲間1人を別の列に移す（`from:` `to:`）。
        [swap] 2つの列の現在の仲間を入れ替える（`from:` `to:`）。
        [block-bosses] 敵かボス1体を敵の山札に戻す（`space:`）。
        [block] 敵1体（ボスは不可）を敵の山札に戻す（`space:`）。
        [revive] 最後に倒された仲間を手札に戻す。
        [refresh] ある列の現在の仲間を捨て、その下の仲間を現在の仲間にする（`column:`）。
       *[boost] ほかのプレイヤーのトークンをパワーアップ！に戻す（`target:`）。
    }
nakama-test = { $test ->
        [at-least] パワー{ $power }以上
        [at-most] パワー{ $power }以下
        [colour] { $colour }のカード
        [even] 偶数のカード
       *[odd] 奇数のカード
    }
# $cap：英語で文頭を大文字にするためのもの（日本語では使わない）。
nakama-mission-total = 現在の仲間のパワーの合計が{ $at_least }以上{ $cap ->
       *[other] {""}
    }
nakama-mission-same-colour = 現在の仲間{ $count }人が同じ色
nakama-mission-colour = 現在の仲間{ $count }人が{ $colour }のカード
nakama-mission-same-number = 現在の仲間{ $count }人が同じ数字
nakama-mission-all-different = 現在の仲間5人がすべて違う色{ $cap ->
       *[other] {""}
    }
nakama-mission-run = 現在の仲間{ $length }人の数字が連続している
nakama-mission-column = 列{ $column }の現在の仲間が{ $test }{ $cap ->
       *[other] {""}
    }
nakama-mission-nearby = 列{ $column }の隣の仲間（列{ $count ->
        [1] { $a }
       *[other] { $a }と列{ $b }
    }）がすべて{ $test }{ $cap ->
       *[other] {""}
    }
nakama-mission-either = 次のどちらか：{ $parts }{ $cap ->
       *[other] {""}
    }
nakama-mission-and = { $a }、かつ{ $b }
nakama-mission-or = { $a }、または{ $b }
nakama-mission-comma = { $a }、{ $b }
nakama-mission-one = { $a }
nakama-mission = { $mission }。
nakama-rank = { $tier ->
        [0] 雑用係
        [1] ルーキー海賊
        [2] ありふれた海賊
        [3] ブラボーな海賊
        [4] 船長
        [5] 名の知れた船長
        [6] 七武海
       *[7] 四皇
    }

## 並べ方。
nakama-list = { $a }、{ $b }
nakama-and = { $a }と{ $b }
nakama-dot = { $a }・{ $b }
nakama-none = なし
nakama-empty = （空き）

## 卓を開く、参加、開始。

nakama-open-title = 🏴‍☠️ ワンピース ナカマ
nakama-open = { $host }が卓を開きました。`/nakama join character:<name>` で参加してください（誰かがルフィを担当し、ルフィから始めます）。そのあと `/nakama begin [bosses:<n>]` で開始します。{ $react ->
        [on] リアクションステップあり：勧誘のたびに、手番プレイヤーが「続行」を押すまで、クルーは特殊能力を使えます。
        [off] リアクションステップなし：勧誘のあとすぐに戦闘です。
       *[default] リアクションステップは2人以上なら有効（勧誘のたびに、手番プレイヤーが「続行」を押すまで、クルーは特殊能力を使えます）、ソロプレイでは無効（ほかに反応する人がいないため）。
    }
nakama-joins = { $who }が**{ $character }**としてクルーに参加 ＞ { $special }
nakama-now-plays = { $who }は**{ $character }**を担当します。
nakama-leaves = { $who }がクルーを抜けました。
nakama-begin-title = 🏴‍☠️ 冒険の始まり！
nakama-begin = プレイヤー{ $players }人、敵の山札にボス{ $bosses }体。{ $first }（ルフィ）から始めます。手札は非公開で配られました ＞ `/nakama hand` で自分の手札を見られます。{ $react ->
        [on] リアクションステップあり：勧誘のたびに、「続行」までクルーは特殊能力を使えます。
        [solo] ソロ：リアクションステップなし（ほかに反応する人がいません）。特殊能力はいつでも使えます。
       *[off] リアクションステップなし：勧誘のあとすぐに戦闘です。
    }

## ボタンとメニュー。
nakama-button-hand = 手札
nakama-button-board = 盤面
nakama-button-refresh = 更新
nakama-button-continue = 続行
nakama-button-skip = スキップ
nakama-button-power-up = パワーアップ
nakama-button-recruit-again = もう1人勧誘
nakama-button-roll = ダイスを振る
nakama-button-as-recruit = 勧誘として使う
nakama-button-column-1 = 列1
nakama-button-column-2 = 列2
nakama-button-column-3 = 列3
nakama-button-column-4 = 列4
nakama-button-column-5 = 列5
nakama-button-block-1 = 敵スペース1をブロック
nakama-button-block-2 = 敵スペース2をブロック
nakama-button-block-3 = 敵スペース3をブロック
nakama-button-value-1 = 1
nakama-button-value-2 = 2
nakama-button-value-3 = 3
nakama-button-value-4 = 4
nakama-button-value-5 = 5
nakama-button-exchange-1 = { $with1 }と交換
nakama-button-exchange-2 = { $with2 }と交換
nakama-button-exchange-3 = { $with3 }と交換
nakama-button-exchange-4 = { $with4 }と交換
nakama-button-exchange-5 = { $with5 }と交換
nakama-button-lose-weakest-1 = { $card1 }を失う（列1）
nakama-button-lose-weakest-2 = { $card2 }を失う（列2）
nakama-button-lose-weakest-3 = { $card3 }を失う（列3）
nakama-button-lose-weakest-4 = { $card4 }を失う（列4）
nakama-button-lose-weakest-5 = { $card5 }を失う（列5）
nakama-button-lose-1 = 列1：{ $card1 }
nakama-button-lose-2 = 列2：{ $card2 }
nakama-button-lose-3 = 列3：{ $card3 }
nakama-button-lose-4 = 列4：{ $card4 }
nakama-button-lose-5 = 列5：{ $card5 }
nakama-menu-recruit = 仲間を勧誘する
nakama-menu-give = 交換に出すカード
nakama-menu-discard = 捨てるカード

## 盤面。
nakama-board-title = 🏴‍☠️ ワンピース ナカマ ＞ 盤面
nakama-end-title = 🏴‍☠️ ワンピース ナカマ ＞ 冒険の終わり
nakama-board = { $text }
nakama-bad-state = { $problem }
nakama-board-status = { $phase ->
        [joining] クルー募集中です。
        [playing] 第{ $turn }手番 ＞ { $pending }。
       *[over] 冒険は終わりました。
    }
nakama-step = { $step ->
        [recruit] { $who }が仲間を1人勧誘する番
        [extra] { $who }はもう1人勧誘できる
        [ability] { $who }は{ $card }の能力を使える
        [hat] { $who }が麦わら帽子のあとのダイスの目を選ぶ
        [exchange] { $who }と{ $with }が交換するカードを選んでいる
        [discard] { $who }は手札を{ $size }枚まで捨てる
        [react] 戦闘の前にクルーは特殊能力を使える。{ $who }が「続行」で戦闘へ
       *[lose] 失う現在の仲間をクルーが選ぶ
    }
nakama-field-enemies = 敵
nakama-field-columns = 仲間の列
nakama-field-threat = 脅威
nakama-field-defeated-friends = 倒された仲間 { $count }/{ $limit }
nakama-field-defeated-enemies = 倒した敵 { $count }
nakama-field-decks = 山札
nakama-field-crew = クルー
nakama-enemy = { $pos }. { $boss ->
        [yes] {"👹 "}
       *[no] {""}
    }{ $name } ＞ 脅威{ $threat }、報酬{ $reward }
    {"   "}{ $mission } { $met ->
        [yes] ✅ 達成
       *[no] ❌ 未達成
    }
nakama-enemy-short = { $pos }. { $name } { $met ->
        [yes] ✅ 達成
       *[no] ❌ 未達成
    }
nakama-enemy-empty = { $pos }. （空き）
nakama-column-line = { $column }. **{ $current }**{ $earlier ->
        [yes] （下に：{ $former }）
       *[no] {""}
    }
nakama-threat-track = { $threat } { $track }
nakama-defeated-enemies = { $names }
    { $rewards }
nakama-rewards = { $state ->
        [defeat] 報酬{ $berries } ＞ ランクなし：敗北で終わった冒険にランクはつかない
        [over] 報酬{ $berries } ＞ ランク：{ $rank }
       *[playing] 報酬{ $berries } ＞ 現在のランク：{ $rank }
    }
nakama-decks = 仲間{ $friends }枚・敵{ $enemies }枚
nakama-token = { $up ->
        [yes] パワーアップ！
       *[no] パワーダウン
    }
nakama-crew-line = { $active ->
        [yes] {"▶ "}
       *[no] {""}
    }{ $name } ＞ { $character }・{ $token }・手札{ $cards }枚
nakama-ending = { $ending ->
        [defeat] 💀 **敗北** ＞ 仲間が{ $defeated }人倒されました。冒険はここまでです。もう一度挑戦しよう！
        [over] 🏁 **冒険の終わり** ＞ 最後の仲間カードが引かれました。報酬：{ $berries } ＞ **{ $rank }**。
       *[king] 👑 **海賊王！** すべての敵を倒しました。報酬：{ $berries }（{ $rank }）。
    }

## 手札（本人だけが見る）。
nakama-hand-title = 🂠 あなたの手札（あなたにだけ見えています）
nakama-hand = { $cards }
nakama-hand-line = { $pos }. { $card }
nakama-hand-character = { $character } ＞ { $token }
nakama-which-column = { $card }をどの列に勧誘しますか？

## 手番の案内。
nakama-turn = 第{ $turn }手番：{ $who }、仲間を1人勧誘してください（{ $character }）。脅威{ $threat }。
nakama-prompt-extra = { $who }、もう1人勧誘する（`/nakama recruit`）か、スキップしてください。
nakama-prompt-ability = { $who }、{ $card }の能力を使いますか？{ $how ->
        [move] `/nakama ability from:<column> to:<column>`
        [solo-exchange] ソロ：移動（`/nakama ability as:move from: to:`）か勧誘として使えます。
       *[buttons] {""}
    }
nakama-prompt-hat = { $who }、ダイスの目を選んでください：
nakama-prompt-exchange = 2人が交換するカードを選ぶのを待っています（`/nakama hand`）。
nakama-prompt-discard = { $who }、手札が{ $size }枚を超えています：`/nakama hand` で捨ててください。
nakama-prompt-react = 戦闘の前：誰でも `/nakama power` で反応できます（上の盤面で、どのミッションが達成済みか分かります）。{ $who }、「続行」を押すと戦闘です。
nakama-prompt-lose = 麦わら帽子：失う現在の仲間をクルーが選びます。最初のボタンは一番弱い仲間を手放します。どのプレイヤーが押しても構いません。
nakama-react-status = 戦闘前 ＞ 脅威{ $threat }；{ $foes }

## 起きたこと：1行ずつ、まとめて投稿。
nakama-lines = { $lines }
nakama-lines-react = { $lines }
    { $status }
nakama-recruits = { $who }が**{ $card }**を列{ $column }に勧誘。
nakama-skips-ability = { $who }は{ $card }の能力を使いません。
nakama-skips-extra = { $who }はもう1人は勧誘しません。
nakama-gave = { $who }が交換するカードを選びました。
nakama-swapped = { $a }と{ $b }がカードを1枚ずつ伏せたまま交換。
nakama-discards = { $who }がカードを1枚捨てました。
nakama-continues = { $who }が戦闘に進みます。
nakama-crew-chooses = { $who }がクルーを代表して列{ $column }を選びました。
nakama-hat-chosen = { $who }は{ $value }を選択：{ $effect }。
nakama-exchange-starts = { $who }が{ $with }と交換：それぞれ非公開でカードを選びます。
nakama-uses = { $who }が{ $ability }を使用。
nakama-uses-power-up = { $who }がパワーアップを使用：トークンはパワーアップ！に。
nakama-uses-recruit = { $who }が勧誘を使用：もう1人勧誘できます。
nakama-rolls = 🎲 { $who }の出目は{ $value }：{ $effect }。
nakama-rolls-hat = 🎲 { $who }の出目は麦わら帽子：1～5の好きな目を選べます。
nakama-moved = { $card }が列{ $from }から列{ $to }へ移動。
nakama-blocked = 🚫 { $enemy }をブロック：敵の山札に戻し、山札を切り直しました。敵スペース{ $space }は休息まで空いたままです。
nakama-player-as = { $player }（{ $character }）
nakama-powers-up = { $who }が特殊能力を使用。
nakama-power-threat = { $who }が特殊能力を使用：脅威を{ $n }戻す（現在{ $now }）。
nakama-power-draw = { $who }が特殊能力を使用：{ $count }枚引きました。
nakama-power-swap = { $who }が特殊能力を使用：列{ $a }と列{ $b }の現在の仲間を入れ替え。
nakama-power-revive = { $who }が特殊能力を使用：最後に倒された仲間が手札に戻りました（倒された仲間は現在{ $count }人）。
nakama-power-refresh = { $who }が特殊能力を使用：{ $card }が列{ $column }を離れました。
nakama-power-boost = { $who }が特殊能力を使用：{ $target }がパワーアップ！に。
nakama-token-down = { $who }のトークンはパワーダウンになりました。
nakama-refilled = 列{ $column }に{ $card }を補充。
nakama-lose-die = 🎲 ダイスの目は{ $value }。
nakama-lose-hat = 🎲 ダイスの目は麦わら帽子：失う現在の仲間をクルーが選びます。
nakama-friend-defeated = 💥 { $card }（列{ $column }）が倒されました ＞ 倒された仲間{ $count }人。
nakama-threat-limit = ⚠️ 脅威が{ $limit }に到達：仲間を1人失い、脅威は0に戻ります。
nakama-threat-back = 脅威が{ $n }戻りました（現在{ $now }）。
nakama-threat-forward = 脅威が{ $n }進みました{ $now ->
        [-1] 。
       *[other] （現在{ $now }）。
    }
nakama-threat-now = 脅威は現在{ $threat }。
nakama-die-draws = { $who }が仲間カードを{ $count }枚引きました。
nakama-die-powered = { $who }はパワーアップ！に。
nakama-die-nothing = 何も起きません。
nakama-combat-defeated = ⚔️ { $enemy }を倒した！ 脅威を{ $threat }戻す（現在{ $now }）、報酬{ $reward }。
nakama-combat-holds = 🛡️ { $enemy }は倒れない：脅威が{ $threat }進む。
nakama-enemy-enters = { $boss ->
        [yes] 👹 ボス
       *[no] 新たな敵
    }「{ $enemy }」が敵スペース{ $space }に登場：{ $mission }
nakama-challenge-line = チャレンジ：{ $challenge }
nakama-challenge-discarded = ボスのチャレンジで捨てたカード：{ $cards }。
nakama-rest-draws = { $who }が{ $count }枚引きました。

## 拒否。
nakama-not-a-card = `{ $value }` は仲間カードではありません：手札の番号か、色と数字で指定してください。例：`赤7`（色：赤、青、緑、黄、紫、橙。数字は1～9）。
nakama-opens-with-new = ナカマの卓は `/nakama new` で開きます。
nakama-open-already = このチャンネルではもうナカマの卓が開いています。
nakama-no-character = `{ $name }` というキャラクターはいません。
nakama-no-character-choose = `{ $name }` というキャラクターはいません。次から選んでください：{ $names }。
nakama-is-view = それは表示用のコマンドです：行動なしで答えます。
nakama-no-column = `{ $option }:{ $value }` は列ではありません：列は1～{ $columns }です。
nakama-needs-column = `{ $option }:`（列1～{ $columns }）が必要です。
nakama-no-space = `space:{ $value }` は敵スペースではありません：敵スペースは1～{ $spaces }です。
nakama-needs-space = `space:`（敵スペース1～{ $spaces }）が必要です。
nakama-not-at-table = あなたはこの卓に参加していません：開始前に `/nakama join character:<name>` で参加してください。
nakama-not-in-adventure = あなたはこの冒険に参加しておらず、開始とともに参加は締め切られました（クルー：{ $crew }）。`/nakama board` で観戦するか、次の卓に参加してください。
nakama-not-begun = 冒険はまだ始まっていません：`/nakama begin`。
nakama-over = 冒険は終わりました。`/nakama new` で新しく始めてください。
nakama-not-your-turn = 今は{ $who }の手番です。あなたの手番ではありません。
nakama-no-card-at = 手札は{ $count }枚です。{ $pos }枚目のカードはありません。
nakama-not-in-hand = { $card }はあなたの手札にありません。
nakama-no-leave = 冒険が始まったあとは抜けられません。
nakama-begun-already = 冒険はもう始まっています。
nakama-begin-who = 冒険を始められるのはプレイヤーかホストだけです。
nakama-nobody-joined = まだ誰も参加していません：`/nakama join character:<name>`。
nakama-needs-luffy = 誰かがルフィを担当する必要があります（ルフィのプレイヤーから始めます）：`/nakama join character:Luffy`。
nakama-bosses-only = ボスは{ $count }体しかいません。
nakama-recruited-already = この手番ではもう勧誘しました（{ $step }）。
nakama-hat-range = 麦わら帽子で選べるのは1～5です。{ $value }は選べません。
nakama-hat-choose = ダイスの目を選んでください：`/nakama ability value:<1–5>`。
nakama-no-die = 解決するダイス能力がありません。
nakama-no-ability-now = 今使える能力はありません（{ $step }）。
nakama-must-recruit = この手番では必ず仲間を1人勧誘します：`/nakama hand` で選んでください。
nakama-nothing-to-skip = 今スキップできるものはありません（{ $step }）。
nakama-no-exchange = 交換は行われていません。
nakama-chosen-already = この交換に出すカードはもう選びました。
nakama-not-your-exchange = この交換はほかのプレイヤー同士のものです。
nakama-no-discard = カードを捨てられるのは、休息で手札が上限を超えたときだけです。
nakama-no-react = 今終えられるリアクションステップはありません（{ $step }）。
nakama-continue-theirs = 「続行」で戦闘を始めるのは{ $who }です。それまでは `/nakama power` で反応できます。
nakama-no-loss = 今失われる仲間はいません（{ $step }）。
nakama-lose-empty = 列{ $column }には現在の仲間がいません。別の列を選んでください。
nakama-begun-join = 冒険はもう始まっています。次の冒険に参加してください。
nakama-no-such-character = そのキャラクターはいません。
nakama-taken = { $who }がすでに{ $character }を担当しています。
nakama-crew-full = クルーは満員です（{ $max }人）。
nakama-same-column = 異なる2つの列を選んでください。
nakama-column-empty = 列{ $column }には仲間がいません。
nakama-space-empty = 敵スペース{ $space }は空いています。
nakama-boss-not-enemy = { $enemy }はボスです。この能力は敵にしか効きません。
nakama-no-ability = この仲間には能力がありません。
nakama-solo-exchange = ソロ：交換は移動か勧誘として使います ＞ `as:move`（`from:` `to:` と一緒に）か `as:recruit` を加えてください。
nakama-exchange-needs-target = 交換には `target:`（ほかのプレイヤー）が必要です。
nakama-not-playing-here = そのユーザーはこの卓でプレイしていません。
nakama-exchange-self = 交換する相手にはほかのプレイヤーを選んでください。
nakama-exchange-empty = 交換するには2人とも手札にカードが必要です。
nakama-hand-empty = 手札がありません：勧誘できる仲間がいません。
nakama-powered-down = あなたのトークンはパワーダウンです：パワーアップの効果があるまで特殊能力は使えません。
nakama-power-threat-zero = 脅威はすでに0です：{ $character }の特殊能力を使っても何も変わらないので、トークンはパワーアップ！のままです。
nakama-swap-needs = 2つの列の両方に現在の仲間が必要です。
nakama-no-defeated = 戻せる倒された仲間がいません。
nakama-needs-target = `target:`（ほかのプレイヤー）が必要です。
nakama-boost-other = この卓のほかのプレイヤーを選んでください。
nakama-powered-already = { $who }はすでにパワーアップ！です。
nakama-what-hat = 麦わら帽子の選択
nakama-what-ability = { $card }の能力（{ $ability }）
nakama-what-power = { $who }の特殊能力
nakama-usage-ability = 能力が使うオプションだけを付けた `/nakama ability`
nakama-unused = { $what }は{ $options }を使いません。{ $count ->
       *[other] 外してください
    }：{ $usage }。
nakama-power-needs = { $who }の特殊能力には{ $missing }が必要です：{ $usage }。
nakama-power-need = `{ $option }:`（{ $what }、{ $values }）
nakama-need-move-from = 現在の仲間を移す元の列
nakama-need-move-to = 移す先の列
nakama-need-swap-from = 一方の列
nakama-need-swap-to = もう一方の列
nakama-need-space = ブロックする敵スペース
nakama-need-column = 現在の仲間を捨てる列
nakama-need-target = パワーアップ！に戻すプレイヤー
