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
