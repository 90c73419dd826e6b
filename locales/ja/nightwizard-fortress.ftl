## フォートレスの判定（fortress/checks.rs）：トラップ、危険感知、登場判定、判定の解決

# フォートレスの判定のラベル（Check::label）。judge::said::label が読む。
nw-label-trap-identification = { -nw-trap-identification }{ -nw-judge }
nw-label-trap-removal = { -nw-trap-removal }{ -nw-judge }
nw-label-danger-sense = { -nw-danger-sense }{ -nw-judge }

nw-fortress-try-inside = それを試みられるのはシーンに登場しているPCだけです。
nw-fortress-roll-inside = それを振れるのはシーンに登場しているPCだけです。
nw-fortress-no-trap = ここに未解除のトラップはありません。
nw-fortress-trap-known = { $name }はすでにこのトラップの仕組みを知っています：`/nwfortress remove`。
nw-fortress-trap-failed = { $name }はすでにこのトラップの識別に失敗しています。
nw-fortress-identify-first = 先にトラップを識別してください（{ -nw-trap-identification }{ -nw-judge }に成功すると解除を試みられます）。
nw-fortress-one-removal = 解除は一度に一人ずつです。先に前の解除を片付けてください（`/nwfortress resolve`）。
nw-fortress-nothing-to-settle = 片付ける{ -nw-fortress }の{ -nw-judge }はありません。
nw-fortress-ambush-perception = 待ち伏せにはNPCの感知が必要です（`perception:`、{ -nw-difficulty }＝感知＋7）。
nw-fortress-danger-kind = `kind:` は `trap`、`ambush`、`secret`、`other` のどれかです（`{ $value }` ではありません）。
nw-fortress-no-danger = GMは{ -nw-danger-sense }{ -nw-judge }を求めていません。
nw-fortress-sensed-already = この{ -nw-danger-sense }{ -nw-judge }はすでに振りました。
nw-fortress-not-judge = { -nw-fortress }の{ -nw-judge }のコマンドではありません。

nw-fortress-kind = { $kind ->
        [trap] トラップ
        [ambush] 待ち伏せ
        [sniper] 狙撃
        [secret] 隠しゲート
       *[other] その他
    }
nw-fortress-stat = { $stat ->
        [luck] { -nw-luck }
       *[awareness] { -nw-awareness }
    }
nw-fortress-danger-gm = ⚠️ { -nw-danger-sense }（{ $kind }）：{ $stat }{ -nw-judge }、{ -nw-difficulty }{ $dc }（プレイヤーには非公開）{ $secret ->
        [yes] 、{ -nw-secret-judge }
       *[no] {""}
    }{ $passive ->
        [yes] 、シーンに登場している全PCの分をボットが振ります
       *[no] {""}
    }。
nw-fortress-danger-title = ⚠️ { -nw-danger-sense }{ -nw-judge }
nw-fortress-danger-passive = 何かがおかしい：シーンに登場している全PCが{ $stat }で{ -nw-judge }します。
nw-fortress-danger-by-hand = シーンに登場している全員が{ $stat }で{ -nw-judge }します（`/nwfortress sense`）。
nw-fortress-danger-waits = { $name }には先に片付ける{ -nw-fortress }の{ -nw-judge }があります（`/nwfortress resolve`）。そのあと `/nwfortress sense` で振ります。

nw-fortress-short = あなたの{ $label }は今のところ届いていません：{ -nw-prana }を使うか、このまま解決してください。
nw-fortress-button-settle = 解決

nw-fortress-versus = { $critical ->
        [yes] { -nw-critical }
       *[no] { -nw-result }{ $result }対{ -nw-difficulty }{ $dc }
    }
nw-fortress-appears = ✨ { $name }がシーンに登場（{ -nw-appearance-check }：{ $versus }）。
nw-fortress-not-appears = { $name }はシーンに登場できません（{ -nw-appearance-check }：{ -nw-result }{ $result }対{ -nw-difficulty }{ $dc }）。

nw-fortress-identified = 🔍 { $name }はトラップの仕組みを見抜き、解除を試みられます（{ -nw-finesse }、解除値{ $removal }）：`/nwfortress remove`。
nw-fortress-trap-told = 🪤 トラップ：{ $effect }{ $damage }。解除値{ $removal }。
nw-fortress-button-remove = 解除する
nw-fortress-not-identified = { $name }はトラップを見抜けません。
nw-fortress-remove-fumble = 💥 { $name }は解除に{ -nw-fumble }：トラップが発動します。
nw-fortress-removed = 🔧 { $name }がトラップを解除しました（{ $versus }）。先へ進めます。
nw-fortress-not-removed = { $name }はトラップを解除できません（{ -nw-trap-removal }：{ -nw-result }{ $result }対解除値{ $dc }）。一人ずつ、もう一度試せます。

nw-fortress-trap-goes-off = 💥 トラップが発動（{ $why ->
        [identify] シーンに登場している全PCが識別に失敗
       *[fumble] { -nw-trap-removal }{ -nw-judge }で{ -nw-fumble }
    }）：{ $effect }
nw-fortress-trap-damage = { -nw-damage } `{ $roll }`
nw-fortress-trap-hurts = { $name }はHPを{ $lost }失った（HP { $hp }）{ $down ->
        [yes] ：{ -nw-incapacitated }
       *[no] {""}
    }
nw-fortress-trap-spent = トラップは使い切られました（GMが `/nwfortress trap` で仕掛け直さない限り）。

nw-fortress-senses-nothing = { $name }は何も異常を感じません。
nw-fortress-senses-trap = ⚠️ { $name }はここにトラップがあると感じ取り、識別を試みられます（`/nwfortress identify`）。
nw-fortress-senses-ambush = ⚠️ { $name }は待ち伏せに間に合って気づき、対応できます。
nw-fortress-no-secret-gate = { $name }は注意深く調べました：ここに隠しゲートはありません。
nw-fortress-finds-gate = 🚪 { $name }が隠しゲートを発見：{ $gates }。
nw-fortress-senses-danger = ⚠️ { $name }は危険を感じ取りました。
