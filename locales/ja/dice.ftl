# ダイスの結果の言葉（croupier-dice）。日本語は BCDice の書き方：`(2D6+5) ＞ 9[4,5]+5 ＞ 14`。

dice-successes = 成功数{ $count }

# 目標値に対して。BCDice のように結果の行の最後に「＞ 成功」。
dice-verdict = { $verdict ->
    [success] 成功
   *[failure] 失敗
}

# ダイスのエラー（DiceError）：読めない書き方、振る途中の失敗、出せない確率。`$col` は1から数えた列。

dice-error-empty = 振るものがありません。`2d6+3` や `d20` のように書いてください。
dice-error-input-too-long = このロールは{ $len }文字ありますが、上限は{ $limit }文字です（{ $col }列目で超えています）。短くしてください。
dice-error-unexpected-char = { $col }列目の `{ $ch }` は読めません。ここには{ $expected }が必要です。
dice-error-unexpected-end = { $col }列目でロールが途中で終わっています。続けて{ $expected }が必要です。
dice-error-unclosed-paren = { $col }列目の `(` が閉じられていません。`)` を加えてください。
dice-error-unmatched-paren = { $col }列目の `)` に対応する `(` がありません。`)` を消すか、`(` を加えてください。
dice-error-zero-sides = ダイスには1面以上が必要です（{ $col }列目）。`1d0` ではなく `1d6` のように書いてください。
dice-error-too-many-sides = ダイスの面数は{ $limit }までです（{ $col }列目）。面数の少ないダイスにしてください。
dice-error-too-many-dice = ダイスが{ $limit }個を超えます（振り足しと振り直しも数えます）。{ $col }列目のダイスで上限に達しました。ダイスを減らしてください。
dice-error-too-many-explosions = { $col }列目のダイスが{ $limit }回を超えて振り足されました（ダイス1個あたりの上限です）。当てはまる出目の少ない振り足し条件にしてください。
dice-error-too-many-rerolls = { $col }列目のダイスが{ $limit }回を超えて振り直されました（ダイス1個あたりの上限です）。当てはまる出目の少ない振り直し条件にするか、1回だけ振り直す `ro` を使ってください。
dice-error-impossible-explode = { $col }列目の振り足し条件はダイスのすべての出目に当てはまるため、振り足しが終わりません。一部の出目だけに当てはまる条件にしてください（d6なら `!>=6` など）。
dice-error-impossible-reroll = { $col }列目の振り直し条件はダイスのすべての出目に当てはまるため、振り直しが終わりません。一部の出目だけに当てはまる条件にするか、1回だけ振り直す `ro` を使ってください。
dice-error-always-explodes = { $col }列目のダイスは必ず振り足しになります。振り直したあとに残る出目がすべて振り足し条件に当てはまるため、どのロールも失敗します。振り直す出目か振り足す出目を減らすか（`1d6r1!` など）、1回だけ振り直す `ro` を使ってください。
dice-error-overflow = { $col }列目で数が大きくなりすぎます（上限は{ $limit }）。小さな数にしてください。
dice-error-negative-count = { $col }列目のダイスの個数が{ $value }になりました。個数は0以上でなければなりません。個数を変えてください。
dice-error-division-by-zero = { $col }列目で0で割っています。0にならない数で割ってください。
dice-error-blank-label = { $col }列目のラベルには何も見えません（空白か見えない文字だけです）。`2d6[炎]` や `2d6 炎` のように言葉を書くか、ラベルを省いてください。
dice-error-bad-modifier = { $reason }（{ $col }列目）。
dice-error-odds-unsupported = { $col }列目の正確な確率は計算できません。{ $reason }。そのまま振ってください。
dice-error-odds-dice-limit = このロールは約{ $percent }の確率でダイス{ $limit }個の上限（振り足しと振り直しも数えます）を超えて失敗します。正確な確率にはダイスの個数をすべて追う必要があるため、確率は出しません。そのまま振るか、ダイスを減らしてください。
dice-error-odds-too-large = このロールは正確に計算するには重すぎます。確率の計算に{ $steps }ステップを超える手間か、同時に{ $outcomes }通りを超える結果が必要なため、確率は出しません。そのまま振るか、ダイスか面数を減らしてください。

# 読むのをやめた所に必要だったもの（上の $expected）。
dice-expect-operand = 数値、`d20` のようなダイス、`(`、`{"{"}`、または `floor(` のような関数
dice-expect-sides = `d6`、`d%`、`dF` のような面数
dice-expect-number = 数値
dice-expect-after = `+` のような演算子か、空白のあとのラベル
dice-expect-close = 演算子か `)`
dice-expect-function-paren = 関数名のすぐあとの `(`（`floor(7/2)` のように）
dice-expect-group-next = `,`、`{"}"}` または演算子

# 修飾子・括弧・グループの誤り（dice-error-bad-modifier の $reason）。
dice-bad-stray-close-brace = この `{"}"}` に対応する `{"{"}` がありません。消すか、`{"{"}4d6,3d8{"}"}kh1` のようにグループを開いてください
dice-bad-too-deep = 括弧・グループ・関数の入れ子は32段までです
dice-bad-open-label = この `[` で始まるインラインラベルが閉じられていません。`2d6[炎]` のように書いてください
dice-bad-open-group = この `{"{"}` が閉じられていません。`{"{"}4d6,3d8{"}"}kh1` のように `{"}"}` を加えてください
dice-bad-twice-group = 修飾子は1つのグループに1回ずつしか使えません
dice-bad-twice-term = 修飾子は1つのダイスの項に1回ずつしか使えません
dice-bad-failure-condition = `f` には `f1` や `f<=2` のような条件が必要です
dice-bad-failure-first = 失敗（`f`）の前に、`10d10>=8f1` のような成功の条件が必要です
dice-bad-min-max = `m` のあとには `i`／`in`（最小）か `a`／`ax`（最大）が必要です（`mi2`、`min2`、`max5` など）
dice-bad-critical = `c` のあとには `s`（クリティカル）か `f`（ファンブル）が必要です（`cs>=19`、`cf1` など）
dice-bad-add-explode = 振り直して足す `ra` と振り足しは一緒に使えません。どちらか一方にしてください

# 正確な確率が追えない理由（dice-error-odds-unsupported の $reason、文として）。
dice-odds-zero-division = 0になりうるロールで割っています。そのロールは結果を出さずに失敗します
dice-odds-negative-count = ダイスの個数が負になりえます。そのロールは失敗します
dice-odds-keep-added = 振り直して足す `ra` のダイスは採用・除外できません。追加のダイスでダイスの個数が変わります
dice-odds-keep-exploded = 振り足し（`!`、`x`、`xo`）で増えたダイスは採用・除外できません。ダイスの個数が変わるためです。累積の `!!` なら計算できます

# 正確な確率に含まれないもの（Distribution::note）：各項を dice-left-out-sep でつなぎます。
dice-left-out = 確率に含まれないもの：{ $parts }。
dice-left-out-sep = {"；"}
dice-left-out-past-limit = ロールの{ $share }はダイス1個あたりの振り足し・振り直しの上限{ $limit }回を超えて失敗します
dice-left-out-cut = { $share }はダイス{ $depth }個より長い振り足しの連鎖にあり、確率はそこまで追いません
dice-left-out-dice-limit = ロールの最大{ $share }はダイス{ $limit }個の上限を超えて失敗します（上の確率に含まれることがあります）
