# コンソール（`croupier console`）自身の言葉：テーブルの返答のまわりの枠。

console-line-problem = [コンソール] ⛔ { $line }行目：{ $problem }
console-later = [コンソール] ⏱ { $duration }後
# 長さ（`@wait` の書き方：`30m`、`25h`、`3d`）。
console-duration = { $unit ->
    [d] { $n }日
    [h] { $n }時間
    [m] { $n }分
   *[s] { $n }秒
}
console-bad-wait = `@wait { $given }` には `30m`、`25h`、`3d` のような長さを書いてください
console-expected-act = `USER: /コマンド …`、`USER: press ラベル`、`USER: pick 値` のどれかを書いてください
console-after-channel = `#channel` のあとに `USER: /コマンド` を書いてください
console-bad-user = `{ $user }` はユーザー名ではありません（ひと続きの語のあとにコロン）
console-no-button = { $user } に見せたメッセージに `{ $label }` というボタンはありません
console-no-button-yet = このコンソールの実行では、{ $user } に見せたメッセージに `{ $label }` というボタンはありません（ボタンとメニューはデータベースに残りません。`/game status` でゲームのボタンをもう一度出すか、コマンドを入力してください）
console-no-entry = { $user } に見せたメニューに `{ $value }` という項目はありません
console-no-entry-yet = このコンソールの実行では、{ $user } に見せたメニューに `{ $value }` という項目はありません（ボタンとメニューはデータベースに残りません。`/game status` でゲームのボタンをもう一度出すか、コマンドを入力してください）
console-nothing-pressed = { $user } は #{ $channel } でまだ何も押していません

# 入力されたコマンドの行が読めなかった理由。
command-missing-slash = コマンドは `/` で始まります（例：`/roll expr:2d6`）
command-unclosed-quote = { $column }文字目で開いた引用符が閉じていません
command-stray-word = `{ $word }` はオプションではありません。オプションは name:value の形で書いてください（空白を含む値は二重引用符で囲みます）
command-duplicate-option = オプション `{ $option }` が二度指定されています

# 返答を見る人（枠の行 `[#table → みんな]`）。$who：ユーザー名。
console-to-everyone = みんな
console-to-nobody = だれにも見せない
console-to-only = { $who }だけ
console-to-gm = GMだけ
# 置いてあるメッセージを書き換える返答（Discord ではその場で編集）。$slot：どのメッセージか。
console-updates = ↻ `{ $slot }` のメッセージを更新
# 添付ファイル。$bytes：大きさ。
console-file = { $name }（{ $bytes }バイト）
