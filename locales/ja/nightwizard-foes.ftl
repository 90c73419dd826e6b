# ナイトウィザードの敵と判定の注記：ゲストの攻撃の行、トラッカーのバッドステータス、判定に添える注記
# （コネクション、バッドステータス、回復）。用語は nightwizard-terms.ftl から。

## GMの卓（combat/table.rs）

nw-foes-guest-attack = PCと同じく作られた{ -nw-guest }：{ $first }／{ $second }、CL { $cl }。PCと同じく攻撃します（魔法での攻撃は `magic:true`）。

## 判定の修正値に添える注記（status.rs、judge/request.rs）：それぞれ区切りから始まる

nw-foes-note-status = 、{ $status } −{ $penalty }
nw-foes-note-connection = 、{ $to }への{ -nw-connection } +{ $bonus }

## ルールのコードに書かれていた最後の拒否（access.rs、dispatch.rs、lib.rs、roster.rs）
nw-no-combat-start = 戦闘は行われていません。GMが `/nwcombat start` で始めます。
nw-effect-not-granted = { $effect ->
        [full-hit] { -nw-full-hit }
       *[full-dodge] { -nw-full-dodge }
    }はスキルの効果です（§10.9）。{ $who }のスキルにはこれを与えるものがありません。そのスキルを持つNPCならGMが宣言します。
nw-judge-info-attr = { -nw-information-gathering }判定は能力値（{ $attrs }）で振ります。戦闘値では振りません（§9.2）。
nw-judge-connection-info = `connection:` は{ -nw-information-gathering }用です。`info:true` を加えてください。
nw-judge-both = { $value }を{ -nw-critical-value }と{ -nw-fumble-value }の両方にはできません。
nw-judge-stat-unknown = `{ $stat }` は能力値（{ $attrs }）でも戦闘値（{ $stats }）でもありません。修正だけなら none を使ってください。
nw-prana-which-logic = どの{ -nw-lunar-logic }ですか？ `/nw prana use:logic logic:<番号か文>` で指定してください。
nw-not-session-command = `/nw { $path }` はセッションのコマンドではありません。session、phase、judge、prana、settings を試してください。
nw-gm-plays-pc = { $who }はこのセッションでPCを演じています。GMになる前にそのPCを外してください（`/nw session leave`）。
nw-characters-busy = 今はキャラクターを使えません。もう一度試してください。
nw-needs-session = `/{ $command }` にはこのチャンネルのセッションが必要です。
nw-character-elsewhere = { $name }は{ $place }のセッションでプレイ中です。キャラクターが参加できるセッションは一度に1つです。そちらを抜ける（`/nw session leave`）か、そのセッションが終わるまで待ってください。
nw-dead-no-actions = { $name }は死亡しています（§10.10：死は覆りません）。これ以上は行動できません。`/nw session leave` で抜け、新しいキャラクターを作ってください（`/nw character new`）。
nw-join-first = 先にキャラクターで参加してください：`/nw session join`。
