# 卓そのものの言葉（croupier-core の table::Phrase）：/game の組み込みコマンド、/help、断り。

# /game language。$channel は en、ja、server（未設定）；$me は en、ja、discord（未設定）。
game-language-title = 🌐 言語
game-language-now = このチャンネルへの返答：{ $channel ->
    [en] 英語
    [ja] 日本語
   *[server] サーバーの言語
}
    あなただけへの返答とDM：{ $me ->
    [en] 英語
    [ja] 日本語
   *[discord] Discordの言語
}
    変更は `/game language channel:`（ホストかチャンネル管理者）と `/game language me:` で。

# 断り：$reason がその理由（卓やゲームの言葉）。
table-refused = ⛔ { $reason }
# コマンドを使える人。$who は host、gm、manager；$named はホストかGMのメンション；$command は打たれたコマンド。
table-only = { $who ->
    [manager] `{ $command }` を使えるのはこのチャンネルを管理できるメンバーだけです。
    [gm] `{ $command }` を使えるのはGM（{ $named }）かこのチャンネルを管理できるメンバーだけです。
   *[host] `{ $command }` を使えるのはホスト（{ $named }）かこのチャンネルを管理できるメンバーだけです。
}

# ゲームなしで /roll visibility:gm|blind。$visibility は gm か blind。
table-roll-no-gm = このチャンネルにはGMがいない（ゲームが動いていない）ので、`{ $visibility }` のロールを見せる相手がいません。`visibility:self` か `visibility:public` を使ってください。
# ダイスが読めない式の /roll。$error：ダイス自身の言葉（dice.ftl の dice-error-…）。
table-roll-bad = { $error }
# ゲームなしで /game status。$starts はゲームごとに1行（`/nobi new` — 題名）。
table-no-game-title = ゲームはありません
table-no-game = このチャンネルではゲームが動いていません。始めるには：
    { $starts }
    ダイスはどこでも振れます：`/roll expr:2d6+3`
# ゲームなしで /game undo|end|host。$what は undo、end、host。
table-no-game-to = { $what ->
    [undo] このチャンネルには取り消すゲームがありません。
    [end] このチャンネルには終えるゲームがありません。
   *[host] このチャンネルには渡すゲームがありません。
}
# /game log。$lines はログの記録そのもの。
table-log-title = 📜 ログ
table-log = { $lines }
table-log-empty = このチャンネルではまだ何も起きていません。
table-log-line = #{ $log } { $what }{ $shown ->
    [gm] （GMロール）
    [blind] （ブラインドロール）
    [self] （非公開ロール）
   *[public] {""}
}
table-log-undone-line = #{ $log } ~~{ $what }~~（取り消し済み）
table-log-did = { $who }：{ $summary }
table-log-hidden-roll = { $who }：非公開のロール
table-log-private = （非公開）
table-log-rolled = { $roll } を振った
table-log-revealed = ロール #{ $log } を公開した
table-log-ended = ゲームを終了した
table-log-closed = 終わったゲームを閉じて新しいゲームに備えた
table-log-host = { $who } が { $to } にホストを渡した
table-log-undid = #{ $log } を取り消した（{ $by }：{ $summary }）
table-undone-title = ↩️ 取り消し
table-undone = { $who } が直前の行動を取り消しました：#{ $log }（{ $by }）— { $summary }
table-undone-put-back = { $who } が直前の行動を取り消しました：#{ $log }（{ $by }）— { $summary }
    サーバー全体の記録を元に戻しました：{ $records }{ $more ->
        [0] {""}
       *[other] {" "}ほか { $more } 件
    }。
table-host-title = 🎩 ホスト交代
table-host = { $who } が { $game } のゲームを { $to } に渡しました。これからは { $to } がホストです（GM向けの返信と秘密、`/game undo`、`/game end`）。
table-revealed-title = 🎲 公開されたロール
table-revealed = #{ $log }：{ $who } の { $roll }
# confirm:true なしの /game end。$game はゲームの題名。
table-end-title = ゲームを終えますか？
table-end = このチャンネルの{ $game }のゲームを全員について終えます。ログは残ります。
# ゲームの終了。$who は終えた人、$game は題名、$command は新しく始める方法。
table-ended-title = 🏁 ゲーム終了
table-ended = { $who }が{ $game }のゲームを終えました。`{ $command }`（か別のゲーム）で新しく始められます。
# /game reveal。$log はログ番号、$who はロールした人。
table-reveal-no-entry = このチャンネルにログ#{ $log }はありません。
table-reveal-not-gm = 隠したロールを公開できるのは、そのロールをしたゲームのGMだけです。
table-reveal-not-a-roll = ログ#{ $log }はロールではありません。
table-reveal-public = ロール#{ $log }はすでに公開されています。
table-reveal-private = ロール#{ $log }は{ $who }の自分のみのロールです。公開できるのは本人だけです。
# Discord の外での /game check。
table-check-title = 権限
table-check = この卓はDiscordにないので、権限は要りません。
# ほかの人の /game language channel:。
game-language-not-host = チャンネルの言語を決められるのはホストかこのチャンネルを管理できるメンバーだけです。`me:` で自分の言語を決められます。
# どのゲームにもないコマンド。$command は打たれたもの。
table-no-command = `{ $command }` というコマンドはありません。一覧は `/help` で。
# 今は何にも答えないボタン。$why は ended、unknown、moved-on。
table-button-gone = { $why ->
    [ended] そのボタンは終わったゲームのものです。
    [moved-on] そのボタンはゲームの前の時点のものです（その後、状況が進みました）。今のボタンは `/game status` で。
   *[unknown] そのボタンはもう分からないゲームのものです。
}

# /help。$commands はコマンドごとに1行（table-help-line）。
table-help-title = Croupier
table-help = ディーラー、ダイス係、記録係。1チャンネルに1ゲーム。

    { $commands }

    コマンドのオプションと使える人は `/help command:` とその名前で。例：`/help command:roll`、`/help command:nobi act`
# 一覧の1行：$command は打つ形、$description はその説明、$count はグループのコマンド数（0は単独のコマンド）。
table-help-line = `{ $command }` — { $description }{ $count ->
    [0] {""}
   *[other] （{ $count }コマンド）
}
# /help command:グループ：そのサブコマンド（table-help-sub-line）。
table-help-group-title = { $command }
table-help-group = { $description }

    { $commands }

    `/help command:{ $command } …` でそのひとつを詳しく表示：オプションと使える人。
table-help-sub-line = { $count ->
    [0] `{ $command }` — { $description }
   *[other] `{ $command } …` — { $description }（{ $count }コマンド）
}
# コマンドのない /help command:X。$near は似た始まりのコマンド。
table-help-unknown = `{ $command }` というコマンドはありません。`/help` で全コマンドを一覧できます。
table-help-unknown-near = `{ $command }` というコマンドはありません。もしかして { $near }？
# /game end の確認のボタン。
table-end-button = ゲームを終える
table-help-page = { $lines }
table-help-use = **使い方：** `{ $use }`
table-help-who = **使える人：** { $who ->
    [anyone] チャンネルの誰でも（ゲームのルールが断ることはあります）
    [player] ゲームに参加しているプレイヤーとGM
    [gm] ゲームのGM（ホストとチャンネル管理者も）
    [manager] チャンネルを管理できるメンバー
   *[host] ゲームのホスト、またはチャンネルを管理できるメンバー
}
table-help-answer = **返答：** { $answer }
table-help-answer-public = チャンネルの全員に見えます
table-help-answer-maybe-private = ゲーム次第：一部はあなただけに届くことがあります
table-help-answer-private-when = 全員に見えます。ただし `{ $option }` が { $values } のときは別です
table-help-answer-view = { $shown }。状況を表示するだけで、何も変えません
table-help-where-guild = **場所：** サーバー全体（このチャンネルにゲームは要りません）
table-help-where-guild-when = **場所：** `{ $option }:` を付けるとサーバー全体（このチャンネルにゲームは要りません）
table-help-where-dm = **場所：** ダイレクトメッセージでも使えます
table-help-options = **オプション**
table-help-option = `{ $name }` — { $description }（{ $facts }）
table-help-required = 必須
table-help-optional = 省略可
table-help-text = テキスト
table-help-text-up-to = テキスト、{ $n }文字まで
table-help-number = { $min ->
    [none] { $max ->
        [none] 整数
       *[other] 整数、{ $max }以下
    }
   *[other] { $max ->
        [none] 整数、{ $min }以上
       *[other] { $min }から{ $max }までの整数
    }
}
table-help-boolean = `true` か `false`
table-help-member = メンバー
table-help-autocomplete = 入力中に候補が出ます
table-help-modal = Discordでは、省くと入力フォームが開きます
table-help-one-of = { $choices } のどれか
table-help-one-of-count = { $count }個の選択肢のどれか
list-facts-sep = {"；"}

# 卓そのものが断るとき。$channel, $host, $who：メンション；$game, $playing：ゲーム名；
# $name：ゲームのコマンド（`nobi`）。
table-button-elsewhere = そのボタンは { $channel } のゲームのもので、このチャンネルのものではありません。そちらで押すか、ここでは `/game status` を使ってください。
table-game-running = このチャンネルではすでに{ $game }のゲームが進行中です（ホスト：{ $host }）。終わらせるか、ホストに `/game end` を頼むか、別のチャンネルで始めてください。
table-no-game-of = このチャンネルに{ $game }のゲームはありません。`/{ $name } new` で始めてください。
table-other-game = このチャンネルで遊んでいるのは{ $playing }で、{ $game }ではありません。ここでは `/{ $name } …` のコマンドを使うか、別のチャンネルを使ってください。
table-host-already = { $who } はすでにこのゲームのホストです。
table-host-not-bot = Croupier はゲームのホストになれません。プレイヤーを指名してください。
table-undo-nothing = このゲームにはまだ取り消せるものがありません。
# 決着のついたボタン。$label：それが何だったか（ゲームの言葉）；$log：ログ番号；$actor：決着をつけた人；
# $summary：そのログの要約。
table-button-settled = そのボタンは **{ $label }** のためのもので、すでに決着しています：#{ $log } { $actor } — { $summary }。
table-button-not-waited = そのボタンは、ゲームがもう待っていないことへの答えです。
table-button-stale-nothing = { $why } 今あなたを待っているものはありません。`/game status` でゲームを確認できます。
table-button-stale-open = { $why } 今できることはこちらです：

# ゲームの名前。
game-title-dice = ダイステーブル（高い目勝負）
game-title-nakama = ワンピース 仲間：フレンズ＆エネミーズ
game-title-nw = ナイトウィザード The 3rd Edition
game-title-ninja = 忍者障害物トーナメント
game-title-nobi = のびのびソード

# 選択肢を並べるとき（`a、b、c`）：間と、最後の前。
list-or-sep = {"、"}
list-or-last = {"、"}

# 宣言が受け付けないコマンド（主にコンソール。Discordは多くを送る前に確かめる）。$command は打たれたコマンド（`/nobi act`）；$option はオプション名；$value は与えられた値；$names、$values、$options は選択肢（list-or-…）。
table-usage-needs-option = `{ $command }` にはオプション `{ $option }:` が必要です。付けてもう一度どうぞ。
table-usage-needs-number = `{ $command }` にはオプション `{ $option }:`（整数）が必要です。
table-usage-not-number = オプション `{ $option }` は整数にしてください（`{ $value }` ではなく）。
table-usage-not-flag = オプション `{ $option }` は true か false にしてください（`{ $value }` ではなく）。
# $at は値の中の位置（1が最初）；$char はその文字のコードとUnicode名。
table-usage-hidden = オプション `{ $option }` の { $at } 文字目に見えない文字（`{ $char }`）があります。表示と中身が食い違うおそれがあるので、その文字を抜いて打ち直してください。
# オプションの型に収まらない数。$min、$max は型の範囲。
table-usage-int-range = オプション `{ $option }` の値 { $value } は範囲外です（{ $min }～{ $max }）。
# $limit はオプションの最大文字数；$count は与えられた文字数。
table-usage-too-long = `{ $command }`：オプション `{ $option }` は { $limit } 文字までです（{ $count } 文字ではなく）。
# $bound は both、min、max（オプションが $min と $max のどちらを宣言しているか）。
table-usage-range = `{ $command }`：オプション `{ $option }` は { $bound ->
    [both] { $min }～{ $max }
    [min] { $min } 以上
   *[max] { $max } 以下
}にしてください（{ $value } ではなく）。
table-usage-no-subcommand = `{ $command }` にサブコマンド `{ $sub }` はありません。
# $takes は none（オプションなし）か some（$options がその一覧）。
table-usage-no-option = `{ $command }` にオプション `{ $option }:` はありません。{ $takes ->
    [none] オプションはありません
   *[some] 使えるのは { $options } です
}。
table-usage-needs-subcommand = `{ $command }` にはサブコマンドが必要です：{ $names }。
table-usage-not-a-command = `{ $command }` というコマンドはありません。次を試してください：{ $names }。
table-usage-unknown-choice = `{ $option }` の `{ $value }` は使えません。次のいずれかを使ってください：{ $values }。
# コマンドをサーバー全体のものと宣言しながら、それを扱わないゲーム（ゲーム作者の誤り）。$command は打たれたコマンド。
table-guild-undeclared = `{ $command }` はサーバー全体のコマンドと宣言されていますが、このゲームにはサーバー全体のコマンドがありません。
