# ナイトウィザードの戦闘（combat/ の残り）：複数の防御側への攻撃、カバーリング、移動と箒、
# 回復と治療、GMの /nwenemy とボス、アイテムの受け渡し。用語は nightwizard-terms.ftl から。

## 複数の防御側への攻撃（combat/attack/）

nw-fight-dodge-whose = { -nw-dodge-check }は{ $who }が振ります。
nw-fight-no-combatant = 参加者 `{ $key }` はいません。
nw-fight-not-defender = { $who }はこの攻撃の{ -nw-defender }ではありません。
nw-fight-reacted = { $who }はこの攻撃にもう{ -nw-reaction }を行いました。
nw-fight-no-dodger = { -nw-dodge-check }を待っているあなたの{ -nw-defender }はいません。
nw-fight-several-dodgers = あなたのキャラクターが複数{ -nw-defender }です：`who:` で一人を指定してください。
nw-fight-full-dodge = **{ -nw-full-dodge }**を宣言：出目にかかわらず（クリティカルの連鎖でも）回避します。
nw-fight-verdict-auto = 自動命中（不完全なエネミー）
nw-fight-verdict = { $dodged ->
    [yes] 命中 { $hit } 対 回避 { $dodge }
   *[no] 命中 { $hit }
}{ $full ->
    [both] 、{ -nw-full-hit }対{ -nw-full-dodge }：{ -nw-defender }の勝ち
    [dodge] 、{ -nw-full-dodge }
    [hit] 、{ -nw-full-hit }
   *[none] {""}
}
nw-fight-rolls-damage = { -nw-damage-roll }は{ -nw-attacker }（またはGM）が振ります。
nw-fight-rolls-defence-one = 防御ロールは{ -nw-attacker }、{ -nw-defender }のプレイヤー、またはGMが振ります。
nw-fight-rolls-defence = 防御ロールは{ -nw-attacker }、{ -nw-defender }のプレイヤー、またはGMが振ります。
nw-fight-applies = { -nw-damage }の適用は{ -nw-attacker }（またはGM）が行います。
nw-fight-no-dodge-yet = まだ{ -nw-dodge-check }がありません。
nw-fight-no-damage-roll = まだ{ -nw-damage-roll }がありません。
nw-fight-verdict-dodges = { $why }：{ $who }は回避しました。
nw-fight-damage-each = { -nw-damage }（{ $stat }）：`{ $line }`。命中した各{ -nw-defender }の{ $def }に対する1回のロールです。
nw-fight-defender-hit = { $hit ->
    [yes] ・{ $who }：{ $why }：命中。
   *[no] ・{ $who }：{ $why }：回避。
}
nw-fight-damage-prana-first = （{ -nw-damage-roll }への{ -nw-prana }は今 `/nw prana use:…`。次は `/nwcombat damage` で防御ロールです）
nw-fight-damage-settled = { -nw-damage-roll }が確定しました：`{ $line }`。
nw-fight-auto-damage = ・{ $who }：{ $why }、防御ロールなし → **{ -nw-hp-damage } { $damage }**。
nw-fight-defender-damage = ・{ $who }：{ $why }：命中。{ $def } `{ $line }` → **{ -nw-hp-damage } { $damage }**。
nw-fight-damage-prana-any = （{ -nw-damage-roll }や防御ロールへの{ -nw-prana }：{ -nw-damage }を適用する前に `/nw prana use:…`）
nw-fight-defence-prana-any = （防御ロールへの{ -nw-prana }：{ -nw-damage }を適用する前に `/nw prana use:…`）
nw-fight-takes-blow = 🛡️ { $who }が{ $for }への攻撃を受けました：{ -nw-hp-damage } { $damage }。
nw-fight-own-replaced = { $who }自身へのこの攻撃の{ -nw-damage }は、{ -nw-cover-up }で置き換えられます。
nw-fight-out-of-reach = あなたの攻撃は{ -nw-range }：至近で、{ $who }は{ -nw-short-range }にいます：先に{ -nw-invade }してください。
nw-fight-marked-range = { $weapon }の{ -nw-range }には印があります：{ -nw-short-range }にしか届かず、{ $who }はあなた自身の{ -nw-engage }にいます（§14.3）。
nw-fight-name-target = 対象を指定してください（`target:`、複数なら `targets:"A, B"`、{ -nw-engage }全体なら `area:true`）。
nw-fight-area-one = 範囲攻撃では参加者を一人だけ指定します：その{ -nw-engage }の全員が{ -nw-defender }になります。
nw-fight-nobody-there = その{ -nw-engage }にはあなたのほかに誰もいません。
nw-fight-max-defenders = 一度の攻撃の{ -nw-defender }は{ $max }人までです。
nw-fight-attack-all = ⚔️ { $who }が{ $targets }を攻撃{ $with }（{ $magic ->
    [yes] { -nw-magical-attack }
   *[no] { -nw-physical-attack }
}{ $area ->
    [yes] 、範囲
   *[no] {""}
}）。全{ -nw-defender }に対する1回の{ -nw-hit-check }（{ $stat }）：`{ $line }`
nw-fight-full-hit = **{ -nw-full-hit }**を宣言：出目にかかわらず命中します（{ -nw-full-dodge }には負けます）。
nw-fight-incomplete-hit = { $who }は不完全なエネミーです：攻撃は自動的に命中します（{ -nw-dodge-check }も防御ロールもありません）。
nw-fight-attack-prana = （{ -nw-hit-check }への{ -nw-prana }：最初の{ -nw-dodge-check }の前に `/nw prana use:…`）
nw-fight-next-dodge = 次は{ -nw-defender }の{ -nw-dodge-check }です（`/nwcombat dodge`）。
nw-fight-next-damage = 次は{ -nw-damage-roll }です（`/nwcombat damage`）。
nw-fight-next-apply = { -nw-damage }を適用するか（`/nwcombat apply`）、{ -nw-cover-up }してください。
nw-fight-next-defence = 次は防御ロールです（`/nwcombat damage`）。
nw-fight-no-attack = 進行中の攻撃はありません。
nw-fight-attack-whom = 誰を攻撃しますか？ `target:`（または `targets:`）を指定してください。
nw-fight-guest-incomplete = { -nw-guest }はPCと同じように作られ、不完全なエネミーにはなれません：どちらかを選んでください。
nw-fight-no-guest = このサーバーの名簿に、{ -nw-guest }として呼べるキャラクター `{ $name }` はいません。
nw-fight-holds-no = { $who }は攻撃に使える `{ $with }` を持っていません（手持ち：{ $held }）。
nw-fight-nothing = なし
nw-fight-enemy-with = `with:` はPCの武器を指定します。エネミーは自分の攻撃で攻撃します。

## カバーリング（combat/attack/cover.rs）

nw-fight-cover-none = この{ -nw-combat }には、あなたが{ -nw-cover-up }に使えるキャラクターがいません。
nw-fight-not-yours = それはあなたのキャラクターではありません。
nw-fight-cover-self = 自分自身を{ -nw-cover-up }することはできません。
nw-fight-cover-attacker = { -nw-attacker }は{ -nw-cover-up }できません。
nw-fight-cover-pre = { -nw-cover-up }できるのは{ -nw-pre-action }のキャラクターだけです（{ -nw-post-action }や{ -nw-incapacitated }ではできません）。
nw-fight-cover-engage = { -nw-cover-up }するには{ $who }と同じ{ -nw-engage }にいる必要があります。
nw-fight-covers = 🛡️ { $who }が{ $for }を{ -nw-cover-up }：{ $for }に対して算出された{ -nw-damage }（{ $damage }）は{ $who }が受けます。{ $who }は{ -nw-post-action }になります。
nw-fight-cover-nothing = ほかに命中した{ -nw-defender }はいません：{ -nw-cover-up }する相手がいません。
nw-fight-cover-several = 命中した{ -nw-defender }が複数います：`for:` で{ -nw-cover-up }する相手を指定してください。
nw-fight-cover-not-hit = { $who }は命中していません：{ -nw-cover-up }の必要はありません。
nw-fight-covered-already = { $who }はすでに{ $by }に{ -nw-cover-up }されています（{ -nw-defender }一人につき1回）。
nw-fight-coverer-not-covered = { $who }は{ -nw-cover-up }を宣言しているので、{ -nw-cover-up }されることはできません。
nw-fight-covered-cannot-cover = { $who }は{ $by }に{ -nw-cover-up }されています：{ -nw-cover-up }されたキャラクターは{ -nw-cover-up }できません。
nw-fight-will-cover = 🛡️ { $who }が{ $for }を{ -nw-cover-up }：{ $for }に対して算出された{ -nw-damage }（{ $damage }）{ $double ->
    [yes] ×2＝{ $twice }（{ $who }は自分の{ -nw-dodge-check }に失敗しているので、この攻撃による自分への{ -nw-damage }と置き換えます）
   *[no] {""}
}は{ $who }が受けます。{ $who }は{ -nw-post-action }になります。
nw-fight-hidden-defender = 隠れている{ -nw-defender }（{ $gm }）
nw-fight-turn-dodges = { -nw-dodge-check }：{ $names }（`/nwcombat dodge`、{ -nw-full-dodge }なら `full:true`。NPCはGMが決めます）
nw-fight-turn-damage = { $who }：各{ -nw-defender }と比べて{ -nw-damage }を振ってください
nw-fight-turn-defence = { $who }：必要なら今{ -nw-damage-roll }に{ -nw-prana }を使い、次に命中した各{ -nw-defender }の防御ロールです
nw-fight-cover-offer = { $who }が{ $for }を
nw-fight-damage-to = { $who } { $damage } → { $to }
nw-fight-damage-replaced = { $who }（{ -nw-cover-up }で置き換え）
nw-fight-damage-of = { $who } { $damage }
nw-fight-turn-apply = { $who }：{ -nw-damage }を適用してください（{ $damage }）{ $covers ->
    [yes] 。または{ -nw-cover-up }：{ $offers }
   *[no] {""}
}

## HPダメージとエンゲージ（combat/harm.rs、engage.rs）

nw-fight-gets-bs = { $who }は{ -nw-bad-status }：{ $status }を受けました。
nw-fight-name-two = 参加者を二人指定してください（PCの名前かエネミーのラベル）。
nw-fight-two-different = 異なる参加者を二人指定してください。
nw-fight-invade-self = 自分自身には{ -nw-invade }できません。
nw-fight-engaged-there = すでにそこで{ -nw-engage }しています。
nw-fight-no-engage-blockade = { $who }は{ -nw-engage }していないので{ -nw-blockade }できません。
nw-fight-bs-no-move = { -nw-bad-status }：{ $status }：{ -nw-move-action }はできません。
nw-fight-no-enemy-label = ラベル `{ $label }` のエネミーはいません。

## GMの卓（combat/table.rs、identify.rs）

nw-fight-no-enemy-data = エネミーデータに `{ $name }` はいません（`/nwenemy list`）。
nw-fight-label-taken = ラベル `{ $label }` はすでに使われています。
nw-fight-enemies-max = 卓に置けるエネミーは{ $max }体までです。
nw-fight-kind = { $kind ->
    [mob] モブ
    [guest] { -nw-guest }
    [boss] ボス
    [extra] エキストラ
   *[other] { $kind }
}
nw-fight-spawn-title = 👹 { $label }（{ $name }、{ $kind }）
nw-fight-spawn = { $data }
nw-fight-spawn-hidden = { $data }
    隠れています：`/nwenemy reveal` までプレイヤーには見えません。
nw-fight-appears = 👹 { $label }が現れました。
nw-fight-not-hidden = { $label }は隠れていません。
nw-fight-revealed = 👹 { $label }（{ $name }）が正体を現しました！
nw-fight-remove-in-fight = { $label }は{ -nw-combat }中の卓にいます：倒すか、先に{ -nw-combat }を終えてください（`/nwcombat end`）。
nw-fight-leaves = 👹 { $label }が卓を離れました。{ $hidden ->
    [yes] （隠れていたので、プレイヤーには知らされません）
   *[no] {""}
}
nw-fight-no-enemy-status = ラベル `{ $label }` のエネミーはいません（`/game status` で一覧できます）。
nw-fight-set-what = 設定する `hp:`、`mp:`、`status:` のいずれかを指定してください。
nw-fight-set = { $label }：HP { $hp }/{ $max }・MP { $mp }{ $bad }
nw-fight-notes-title = 📝 GMメモ（あなただけに見えます）
nw-fight-notes = { $notes }
nw-fight-incomplete = { $label }は不完全なエネミーです：命中と攻撃だけが有効です。これへの攻撃は自動的に命中し、{ -nw-dodge-check }も防御ロールもありません。
nw-fight-guest-title = 🤝 { $label }（{ -nw-guest }：{ $name }）
nw-fight-guest = { $data }
    PC側で、あなたが動かします（{ -nw-dodge-check }：`/nwcombat dodge who:"{ $label }"`）。{ -nw-prana }はありません。
nw-fight-guest-joins = 🤝 { $label }がPC側で{ -nw-combat }に加わりました（GMが動かす{ -nw-guest }）。
nw-fight-data-line = HP { $hp }/{ $max }・MP { $mp }・{ $pacc-label } { $pacc }・{ $eva-label } { $eva }・{ $macc-label } { $macc }・{ $patk-label } { $patk }・{ $matk-label } { $matk }・{ $pdef-label } { $pdef }・{ $mdef-label } { $mdef }・{ $spd-label } { $spd }
    { $attack }
nw-fight-gone = { $label }はもういません。
nw-fight-identified = 🔎 { $label }を識別しました：{ $name }（{ $kind }）
nw-fight-data = { $data }

## アイテムの受け渡し（combat/hand_over.rs）

nw-fight-give-down = { -nw-incapacitated }のキャラクターは行動できません（§10.1）：何も渡せません。
nw-fight-no-item = アイテム `{ $item }` はありません（`/nw item list`）。
nw-fight-has-no = { $who }は{ $item }を持っていません。
nw-fight-give-no-pc = ここには受け取れるPC `{ $to }` がいません（プレイヤーのキャラクターに渡してください）。
nw-fight-no-pc = ここにPC `{ $to }` はいません。
nw-fight-hold-it = それはすでにあなたが持っています。
nw-fight-is-dead = { $who }は{ -nw-dead }しています。
nw-fight-give-close = 至近で渡してください：{ $to }はあなたの{ -nw-engage }にいません（先に{ -nw-invade }してください）。
nw-fight-hands = 🤝 { $who }が{ $item }を{ $to }に渡しました{ $major ->
    [yes] （{ -nw-major-action }）
   *[no] {""}
}。

## ボスのHP（combat/boss.rs、`/nwenemy boss`）

nw-fight-boss-none = 卓にラベル `{ $name }` のエネミーはおらず、データにもその名前のものはいません（`/nwenemy list`）。
nw-fight-boss-no-pc = 戦いを見積もる相手となるPCがセッションにいません（`/nw session join`）。
nw-fight-boss-title = 🐉 { $name }のボスHP（§13）
nw-fight-boss = { $body }
nw-fight-boss-pc = { $who } { $damage }（{ $kind ->
    [magical] { -nw-magical-attack }
   *[physical] { -nw-physical-attack }
}）
nw-fight-boss-party = パーティは{ $name }に**1ラウンドあたり約{ $party }点のHPダメージ**を与えます（{ $each }。命中率には各PCの{ -nw-critical-value }と{ -nw-fumble-value }を数え、{ -nw-damage-roll }のものは数えません）。{ $rounds }ラウンドの戦闘なら**HP約{ $suggest }**です（{ $spawned ->
    [yes] 現在
   *[no] データでは
}{ $hp }）。
nw-fight-boss-tense = ルールブックは、{ $rounds }ラウンドに及ぶ戦闘は緊張感を失うと注意しています。
nw-fight-boss-hopeless = { $name }の防御力は{ $names }の攻撃力を{ $gap }以上上回っています：{ -nw-critical }や{ -nw-fumble }によらなければほとんど傷つけられません。
nw-fight-boss-how = { $spawned ->
    [yes] そのHPにするには：`/nwenemy remove label:{ $label }` の後、`/nwenemy spawn name:… as:{ $label } hp:{ $suggest }`（{ -nw-combat }の外で）。
   *[no] そのHPにするには：`/nwenemy spawn name:{ $label } hp:{ $suggest }`。
}

## 移動、射程、飛行（combat/movement/）

nw-fight-steps-alone = `steps` は地点までの距離を決めます（GM）：`to` とだけ一緒に指定してください。
nw-fight-at-extreme = { $who }は超遠距離にいます：何も届きません（§10.6）。
nw-fight-at-long = { $who }は{ -nw-long-range }にいます：{ -nw-range }が{ -nw-long-range }の武器とスキルだけが届きます（§10.6）。
nw-fight-robe-setup = { -nw-combat }中に月衣で装備と所持品を入れ替えられるのは{ -nw-setup-process }だけです（§10.2 手順2）：次のラウンドの始め、最初の{ -nw-main-process }が終わる前に `/nw session join` で更新してください。
nw-fight-pos-far = 🏃 { $who }：{ $band }{ $at ->
    [yes] 、{ $spot }
   *[no] {""}
}（後退：行動順から外れています）
nw-fight-pos-route = 🚶 { $who } → { $spot }（{ -nw-move-action } { $done }/{ $needed }）
nw-fight-pos-spot = 📍 { $who }：{ $spot }
nw-fight-pos-flying = 🕊️ { $who }：飛行中
nw-fight-pos-broom = 🧹 { $who }が箒を操縦中{ $carries ->
    [yes] （同乗者：{ $passengers }）
   *[no] {""}
}
nw-fight-pos-request = ⏳ { $who }が{ $band }（{ $spot }）への移動を求めています：GMの判断待ち
nw-fight-band-close-range = { -nw-close-range }
nw-fight-band-short-range = { -nw-short-range }
nw-fight-band-long-range = { -nw-long-range }
nw-fight-band-extreme-range = 超遠距離
nw-fight-spend-move-action = { -nw-move-action }
nw-fight-spend-minor-action-for-1-move-action = { -nw-minor-action }（{ -nw-move-action }1回分）
nw-fight-spend-major-action-for-3-move-actions = { -nw-major-action }（{ -nw-move-action }3回分）
nw-fight-gm-distances = 距離を決められるのはGMだけです。
nw-fight-spot-name = 地点の名前は1〜60文字にしてください。
nw-fight-distance = 📏 GMの裁定：**{ $spot }**に着くには{ -nw-move-action }が{ $steps }回必要です（1回の{ -nw-main-process }で最大5回：ムーブ1、マイナー1、メジャー3）。
nw-fight-bs-no-moving = { -nw-bad-status }：{ $status }：{ -nw-move-action }（とその代わりになる行動）はできません。
nw-fight-move-engaged = エネミーと{ -nw-engage }しています：先に{ -nw-withdraw }してください（`/nwcombat withdraw`）。複雑な移動は途中の妨害を越えますが、{ -nw-engage }からは抜けられません。
nw-fight-moves-far = 🏃 { $who }が{ $band }（{ $spot }）へ移動し、{ $long ->
    [yes] { -nw-combat }から後退しました
   *[no] { -nw-combat }から離れました
}。{ -nw-main-process }は終わります。
nw-fight-asks-far = ⏳ { $who }がGMに{ $band }（{ $spot }）への移動を求めています{ $long ->
    [yes] （{ -nw-combat }からの後退）
   *[no] {""}
}。GMは `/nwcombat range who:{ $who } band:{ $word }` で許可するか（その後{ -nw-main-process }は終わります）、`band:short` で断ります。
nw-fight-asks-gm = { $who }が{ $band }（{ $spot }）への移動を求めています。
nw-fight-button-allow = 許可
nw-fight-button-refuse = 却下
nw-fight-moves = { $there ->
    [yes] 🚶 { $who }が{ $spot }へ移動しました（{ $spend }）。
   *[no] 🚶 { $who }が{ $spot }へ向かっています（{ $spend }）：{ -nw-move-action } { $now }/{ $needed }。
}
nw-fight-major-moving = { -nw-major-action }を移動に使いました：{ -nw-main-process }は終わります。
nw-fight-not-flying = そのキャラクターは飛行していません。
nw-fight-land-broom = そのキャラクターは箒に乗っています：`/nwcombat dismount`（操縦者が降りると全員が着地し、同乗者は{ -nw-minor-action }で降ります）。
nw-fight-lands = 🪶 { $who }が着地しました（{ -nw-auto-action }）。
nw-fight-flying-already = すでに飛行しています（着地は `/nwcombat fly land:true`）。
nw-fight-no-flight-fortress = { -nw-fortress }の中では月衣による飛行はできません（§10.7）。
nw-fight-flight-no-mp = 月衣による飛行には1D点のMPが必要ですが、MPがありません：飛行できません。
nw-fight-flight-short = 月衣による飛行には1D点のMPが必要です：[{ $d }]。MPは{ $mp }点しかありません：飛行できません（何も消費しません）。
nw-fight-takes-flight = 🕊️ { $who }が月衣で飛び立ちました（{ -nw-minor-action }）：1D MP [{ $d }]、MP { $mp } → { $left }。

## 箒（combat/movement/rides.rs）

nw-fight-passenger = 同乗者は{ -nw-move-action }も自力での移動もできません：{ $who }は{ $driver }の箒と一緒に動きます（§14.8）。降りるには `/nwcombat dismount`（{ -nw-minor-action }）。
nw-fight-rides-along = 🧹 { $names }は箒に乗ったまま一緒に移動しました。
nw-fight-riding-already = すでに箒に乗っています：二つの箒に同時に乗ることはできません（§14.8）。
nw-fight-pcs-ride = ここで箒に乗れるのはPCだけです（エネミーのデータに箒はありません）。
nw-fight-pc-mounts = ここで箒に乗れるのは、箒を装備しているPCだけです。
nw-fight-no-broom = 箒を装備していません（`/nw character equip item:` は{ -nw-combat }の外か{ -nw-setup-process }で）。
nw-fight-mounts = 🧹 { $who }が{ $broom }に乗りました（{ -nw-minor-action }）：騎乗中は飛行中として扱います。
nw-fight-drives-none = { $who }は箒を操縦していません：同乗者は操縦者が乗った箒に乗り込みます。
nw-fight-board-reach = { $who }には届きません：{ -nw-close-range }か{ -nw-short-range }から乗り込んでください。
nw-fight-boards = 🧹 { $who }が同乗者として{ $driver }の箒に乗り込みました（{ -nw-minor-action }）：騎乗中、飛行中、操縦者と一緒に移動します。
nw-fight-not-riding = 箒に乗っていません。
nw-fight-lands-broom = 🪶 { $who }が箒を着地させました（{ -nw-auto-action }）{ $carries ->
    [yes] 。{ $passengers }も降ろしました
   *[no] {""}
}。
nw-fight-gets-off = 🪶 { $who }が{ $driver }の箒から降りました（{ -nw-minor-action }）。

## 戦闘への登場（combat/movement/arrive.rs）

nw-fight-appearance-off = { -nw-appearance-check }はオプションルールで、現在は使っていません（GM：`/nw settings appearance:true`）。GMは `/nwcombat range who:… band:short` でPCを登場させられます。
nw-fight-no-pc-session = このセッションにあなたのPCはいません：`/nw session join`。
nw-fight-appear-down = { -nw-incapacitated }や{ -nw-dead }のPCは登場できません。
nw-fight-in-fight-already = あなたのPCはすでにこの{ -nw-combat }に参加しています。
nw-fight-appear-setup = { -nw-appearance-check }は{ -nw-setup-process }に行います（§10.2 手順1）：次のラウンドの始め、最初の{ -nw-main-process }が終わる前に試してください。
nw-fight-appear-tried = このラウンドはもう登場を試みました。次のラウンドにもう一度どうぞ。
nw-fight-inside-fortress = 🏰 { $who }は{ -nw-fortress }の中にいます。
nw-fight-gm-refuses-far = GMは{ $who }がそこまで移動することを認めませんでした。
nw-fight-in-at-short = { $who }はすでに{ -nw-short-range }で{ -nw-combat }に参加しています。
nw-fight-down-cannot-come = { $who }は倒れていて{ -nw-combat }に加われません。
nw-fight-comes-in = ↩️ { $who }が{ -nw-short-range }で{ -nw-combat }に加わりました：{ -nw-post-action }で、次のラウンドから行動します。
nw-fight-already-at = { $who }はすでに{ $band }にいます。
nw-fight-not-in-fight-band = { $who }は{ -nw-combat }に参加していません（`band:short` で加えます）。
nw-fight-placed-far = 🏃 { $who }が{ $asked ->
    [yes] GMの許可を得て
   *[no] {""}
}{ $band }へ移動し、{ $long ->
    [yes] 後退しました：{ -nw-combat }から外れ、{ -nw-range }が{ -nw-long-range }のものだけが届きます
   *[no] { -nw-combat }から離れました：何も届きません
}。
nw-fight-far-ends-main = { -nw-long-range }や超遠距離への移動で{ -nw-main-process }は終わります。

## 回復と治療（combat/recovery/）

nw-fight-recovery-line = { $head }{ $tail }（回復値 { $recovery }{ $notes }）：`{ $line }`
nw-fight-recovery-after-prana = { -nw-prana }により{ -nw-recovery-judge }の{ -nw-result }は{ $result }になりました（回復するHPまたはMP：{ $was }ではなく{ $now }）。
nw-fight-recovers = 💚 { $who }は{ $what }を{ $amount }点回復しました（{ $what } { $shown }）。
nw-fight-recovery-loses = 🩸 { -nw-recovery-judge }が0を下回りました：{ $who }は{ $what }を{ $amount }点失いました（{ $what } { $shown }）。
nw-fight-up-again = { $fight ->
    [yes] { $who }は{ -nw-incapacitated }から回復しました（次の{ -nw-setup-process }まで{ -nw-post-action }）。
   *[no] { $who }は{ -nw-incapacitated }から回復しました。
}
nw-fight-recovery-down = 💫 { $who }は{ -nw-incapacitated }になりました（{ -nw-recovery-judge }で{ -nw-dead }することはありません）。
nw-fight-no-character = キャラクター `{ $name }` はいません。
nw-fight-heal-dead = { $who }は{ -nw-dead }しています：{ -nw-recovery-judge }では生き返りません。
nw-fight-healer-down = { $who }は{ -nw-incapacitated }（HP 0）なので{ -nw-recovery-judge }を行えません。
nw-fight-the-gm = GM
nw-fight-heal-head = ✨ { $who }の{ -nw-recovery-judge }
nw-fight-heal-tail = （対象：{ $target }の{ $what }）
nw-fight-no-such-bs = { $who }は{ -nw-bad-status }：{ $status ->
   *[other] { $name }
}を受けていません{ $any ->
    [yes] （受けているのは{ $has }）
   *[no] {""}
}。
nw-fight-no-bs = { $who }は{ -nw-bad-status }を受けていません。
nw-fight-bs = { -nw-bad-status }：{ $status }
nw-fight-cured = 🌿 { $who }の{ $statuses }が回復しました。
nw-fight-rest-combat = { -nw-combat }中は休めません（先に `/nwcombat end`）。
nw-fight-player-no-pc = そのプレイヤーはこのセッションにPCがいません。
nw-fight-rest-none = 休むPCがいません。
nw-fight-rest-title = 自然回復
nw-fight-rest-full = 🛏️ 十分な休息：HPとMPが全回復しました。
nw-fight-rest-tense = ⛺ 緊張下の休息：{ -nw-recovery-judge }。HPの回復値＝{ -nw-strength }{ $minus ->
    [yes] −5
   *[no] ÷5
}、MPの回復値＝{ -nw-knowledge }{ $minus ->
    [yes] −5
   *[no] ÷5
}（それぞれ最大3）。
nw-fight-rest-absent = 🌙 シーンに登場していない：回復値0で{ -nw-recovery-judge }。
nw-fight-rested = { $who }：HP { $hp }/{ $hp }・MP { $mp }/{ $mp }。
nw-fight-rest-head = { $who }：{ $what }の{ -nw-recovery-judge }

## ボタン

nw-fight-button-defence-rolls = 防御ロール

## メインプロセスの行動の順序（combat/model.rs）

nw-fight-act-a-minor-action = { -nw-minor-action }
nw-fight-act-getting-off-a-broom = 箒から降りること
nw-fight-act-invading = { -nw-invade }
nw-fight-act-lunar-robe-flight = 月衣による飛行
nw-fight-act-mounting-a-broom = 箒に乗ること
nw-fight-act-moving-to-long-or-extreme-range = { -nw-long-range }や超遠距離への移動
nw-fight-act-moving = 移動
nw-fight-act-withdrawing = { -nw-withdraw }

## GMが与えるバッドステータス（status.rs）

nw-fight-rating-number = 数値は整数で指定してください（例：`poison:3`）。
nw-fight-not-a-bs = `{ $name }` は{ -nw-bad-status }ではありません。
nw-fight-bs-rating = { $status }には数値が必要です（例：`{ $id }:3`）。

## 戦闘の参加者を名指すボタン。$who：行動する者；$for：かばわれる者。
nw-fight-button-dodge = 回避：{ $who }
nw-fight-button-cover = カバーリング：{ $who }
nw-fight-button-cover-for = カバーリング：{ $who }→{ $for }
