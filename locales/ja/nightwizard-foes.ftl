# ナイトウィザードの敵と判定の注記：ゲストの攻撃の行、トラッカーのバッドステータス、判定に添える注記
# （コネクション、バッドステータス、回復）。用語は nightwizard-terms.ftl から。

## GMの卓（combat/table.rs）

nw-foes-guest-attack = PCと同じく作られた{ -nw-guest }：{ $first }／{ $second }、CL { $cl }。PCと同じく攻撃します（魔法での攻撃は `magic:true`）。

## 判定の修正値に添える注記（status.rs、judge/request.rs）：それぞれ区切りから始まる

nw-foes-note-status = 、{ $status } −{ $penalty }
nw-foes-note-connection = 、{ $to }への{ -nw-connection } +{ $bonus }
