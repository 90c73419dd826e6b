# ナイトウィザード：戦闘でのスキルとアイテムの使用（combat/skills_use/）、効果（combat/effects.rs）、
# 効果の短い説明（data/effects.rs）。ゲームの用語は nightwizard-terms.ftl。英語は
# locales/en/nightwizard-skills.ftl。

## 効果の短い説明：「次の判定まで回避判定+2」

nw-fx-on = { $on ->
        [pacc] { -nw-pacc }
        [eva] { -nw-eva }
        [macc] { -nw-macc }
        [patk] { -nw-patk }
        [matk] { -nw-matk }
        [pdef] { -nw-pdef }
        [mdef] { -nw-mdef }
        [spd] { -nw-spd }
        [hit] { -nw-hit-check }
        [dodge] { -nw-dodge-check }
        [damage] { -nw-damage-roll }
        [gathering] { -nw-information-gathering }の判定
       *[defence] 防御ロール
    }
nw-fx-until = { $until ->
        [judge] 次の{ -nw-judge }
        [main] { -nw-main-process }の終了
        [round] { -nw-round }の終了
        [scene] { -nw-scene }の終了
        [damage] 次の{ -nw-hp-damage }
       *[fitted] オプションが外れる
    }
nw-fx-until-then = { $until }まで{ $what }
nw-fx-per = { $per ->
        [scene] { -nw-scene }
       *[scenario] シナリオ
    }
nw-fx-grant = { $grant ->
        [withdraw-free] { -nw-minor-action }なしで{ -nw-withdraw }できる
       *[cover-while-post-action] { -nw-post-action }でも{ -nw-cover-up }できる
    }
nw-fx-modifier = { $on }{ $n }
nw-fx-reduce = { -nw-hp-damage }−{ $n }
nw-fx-reroll = { -nw-judge }を振り直し、良い方を採用
nw-fx-recovery = { $pool }の{ -nw-recovery-judge }（回復値{ $n }）
nw-fx-cure = { $statuses }を回復
nw-fx-status = { $status }を与える
nw-fx-flying = 飛行状態
nw-fx-item = アイテム `{ $item }` を与える
nw-fx-plays = { $rule ->
        [lunar-robe] 月衣（`/nwcombat fly`）
       *[lunar-casket] { -nw-lunar-casket }（`/nwcasket`）
    }
nw-fx-substitute = { $instead }の代わりに{ $stat }
nw-fx-critical = { $on }{ $has ->
        [values] { -nw-critical-value }に+{ $values }
        [lower] { -nw-critical-value }−{ $lower }
        [both] { -nw-critical-value }に+{ $values }、{ -nw-critical-value }−{ $lower }
       *[none] {""}
    }
nw-fx-critical-on = { $on }の
nw-fx-inflicts = 命中で{ -nw-bad-status }：{ $status }を与える

## 効果（combat/effects.rs）

nw-fx-held = { $from }：{ $until }まで{ $what }
nw-fx-declared = ✨ { $who }に{ $effect }。
nw-fx-ends = ⌛ { $who }の{ $effect }が終了しました。
nw-fx-ended = ⌛ { $who }の{ $effect }を途中で終了しました。
nw-fx-line = #{ $id } { $effect }（{ $who }）
nw-fx-named-bonus = { $from }{ $n }
nw-fx-named-cut = { $from }−{ $n }
nw-fx-from = { $from }：{ $what }
nw-fx-emulator-space = 侵魔空間{ $n }
nw-fx-cut = 🛡️ { $cuts }：{ -nw-hp-damage } { $damage } → { $after }。
nw-fx-in-judge = ✨ この{ -nw-judge }の修正：{ $effects }。
nw-fx-status-title = ✨ 効果
nw-fx-no-effect = 効果 #{ $number } はありません（番号はトラッカーと `/game status` に出ます）。
nw-fx-not-yours = 効果 #{ $number } は{ $who }にかかっています。終了できるのはGMか、そのキャラクターのプレイヤーだけです。
nw-fx-another = ほかのキャラクター
nw-once-per = { $name }は1{ $per }に1回しか使えません。{ $who }はこの{ $per }ですでに使っています。

## スキルとアイテムの宣言（combat/skills_use/）

nw-sk-timing = { $timing ->
        [setup] { -nw-setup-process }
        [initiative] { -nw-initiative-process }
        [cleanup] { -nw-cleanup-process }
        [move] { -nw-move-action }
        [minor] { -nw-minor-action }
        [major] { -nw-major-action }
        [reaction] { -nw-reaction }
        [auto] { -nw-auto-action }
        [prep] 戦闘準備
        [incapacitated] { -nw-incapacitated }
        [constant] 常時
        [before-judge] 判定直前
        [after-judge] 判定直後
        [damage-roll] { -nw-damage-roll }
       *[other] その他
    }
nw-sk-band = { $band ->
        [close] { -nw-close-range }
        [short] { -nw-short-range }
        [long] { -nw-long-range }
       *[extreme] 超遠距離
    }
nw-sk-uses = 📜 { $who }が{ $name }{ $levelled ->
        [yes] （SL { $sl }）
       *[no] {""}
    }を使用します{ $on }。タイミング：{ $timing }・コスト：{ $cost }
    > { $effect }
nw-sk-uses-on = （対象：{ $names }）
nw-sk-paid-part = { $kind ->
        [hp] HP { $n }
        [mp] MP { $n }
        [prana] { -nw-prana } { $n }
        [bs] { -nw-bad-status }：{ $status }
        [bs-later] { -nw-bad-status }：{ $status }（この{ -nw-main-process }の終了時）
       *[other] { $text }（卓で処理してください）
    }
nw-sk-pays = { $who }は{ $paid }を支払いました。
nw-sk-used-up = { $name }を使い切りました。
nw-sk-nothing-to-cure = { $who }には回復するものがありません。
nw-sk-rolled-again = 🔁 { $name }：{ $who }の{ $label }を振り直しました：`{ $line }` — { $a }と{ $b }で、{ $kept }を採用します。
nw-sk-flying = 🪽 { $who }は飛行状態になりました（{ $name }）。
nw-sk-may-fly = 🪽 { $who }は飛行できます（{ $name }）。飛行状態はラウンド進行中にだけ意味があります。
nw-sk-gets-bs = { $who }は{ -nw-bad-status }：{ $status }を受けました（{ $name }）。
nw-sk-no-items = { $who }はアイテムを受け取れません。
nw-sk-gets-item = 🎁 { $who }は{ $name }で{ $item }を得ました（所持品に入ります。売却も常備化もできず、アフターフェイズで失われます）。
nw-sk-cost-lands = { -nw-main-process }が終わったので、{ $who }は{ -nw-bad-status }：{ $status }を受けました（{ $from }のコスト）。
nw-sk-poison = ☠️ { $who }の{ $status }：{ $rating } × 1D [{ $dice }] = { $n }。

## 戦闘準備、セットアップ、クリンナップの手順（combat/skills_use/window.rs）

nw-sk-join-then = { $a }、次に{ $b }
nw-sk-window-opens = ✨ { $step ->
        [prep] 戦闘準備の手順：行動値の高い順に、{ $names }が戦闘準備のスキルを使えます
        [cleanup] { -nw-cleanup-process }の手順：{ -nw-count }順に、{ $names }が{ -nw-cleanup-process }のスキルを使えます
       *[setup] { -nw-setup-process }の手順：{ -nw-count }順に、{ $names }が{ -nw-setup-process }のスキルを使えます
    }（`/nwcombat use skill:…`、または `/nwcombat skip`）。
nw-sk-window-turn = { $step ->
        [prep] 戦闘準備の手順：{ $who }が戦闘準備のスキルを使えます
        [cleanup] { -nw-cleanup-process }の手順：{ $who }が{ -nw-cleanup-process }のスキルを使えます
       *[setup] { -nw-setup-process }の手順：{ $who }が{ -nw-setup-process }のスキルを使えます
    }（`/nwcombat use skill:…`）。使わないなら `/nwcombat skip`
nw-sk-skips = { $who }は{ $step ->
        [prep] 戦闘準備
        [cleanup] { -nw-cleanup-process }
       *[setup] { -nw-setup-process }
    }のスキルを使いません。

## 拒否

nw-sk-dead = { $who }は{ -nw-dead }しています。
nw-sk-constant = { $name }はタイミングが常時のスキルです。常に効果があり、宣言はしません。
nw-sk-bs-no-skills = { -nw-bad-status }：{ $status }のため、スキルもアイテムも使えません（{ -nw-minor-action }で解除できます：`/nwcombat minor`）。
nw-sk-bs-no-move = { -nw-bad-status }：{ $status }のため、{ -nw-move-action }は行えません。
nw-sk-down-only = { -nw-incapacitated }のキャラクターが使えるのは、タイミングが{ -nw-incapacitated }のスキルとアイテムだけです。
nw-sk-down-use = { $name }は{ -nw-incapacitated }のときにだけ使えます。
nw-sk-attack-target = { $name }は攻撃です（{ -nw-hit-check }）。対象を指定してください（`target:`、複数なら `targets:`）。
nw-sk-with-no-attack = `with:` は攻撃に使う武器を指定しますが、{ $name }はここで攻撃を行いません。
nw-sk-reroll-none = { $name }は{ -nw-judge }を振り直しますが、{ $who }に振り直せる{ -nw-judge }がありません（確定や次の手順の前の、最新の{ -nw-judge }が対象です）。
nw-sk-no-step = スキルを待っている{ -nw-setup-process }や{ -nw-cleanup-process }の手順はありません。
nw-sk-no-turn = この手順にあなたの番はありません。
nw-sk-once-timed = { $name }は{ $window ->
        [before-judge] { -nw-judge }1回につき1回（判定直前：次の{ -nw-judge }まで）
        [after-judge] { -nw-judge }1回につき1回（判定直後：自分の{ -nw-judge }ごとに1回）
        [reaction] 攻撃1回につき1回（{ -nw-reaction }：攻撃の外では{ -nw-main-process }ごとに1回）
        [damage-roll] { -nw-damage-roll }1回につき1回（攻撃ごとに1回）
       *[auto] { -nw-main-process }1回につき1回（{ -nw-auto-action }）
    }しか宣言できません（§15.3：タイミング1回につき1回の使用）。{ $who }はすでに使っています。
nw-sk-step-under-way = { $cleanup ->
        [yes] { -nw-cleanup-process }
       *[no] { -nw-setup-process }
    }の手順の最中です。{ $timing }のスキルは{ -nw-main-process }まで待ってください。
nw-sk-own-main = { $timing }のスキルは自分の{ -nw-main-process }に使います。{ $started ->
        [yes] 今は{ $who }の{ -nw-main-process }です。
       *[no] まだどの{ -nw-main-process }も始まっていません。
    }
nw-sk-prep-first = 先に戦闘準備の手順があります（戦闘準備のスキル、行動値の高い順）。{ -nw-setup-process }のスキルはその後、{ -nw-count }順です。
nw-sk-count-order = { $step ->
        [cleanup] { -nw-cleanup-process }
       *[setup] { -nw-setup-process }
    }のスキルは{ -nw-count }順に使います。先に{ $who }です。
nw-sk-had-turn = この{ $step ->
        [prep] 戦闘準備
        [cleanup] { -nw-cleanup-process }
       *[setup] { -nw-setup-process }
    }の手順で、あなたの番はもう終わりました。
nw-sk-step-only = { $step ->
        [cleanup] { -nw-cleanup-process }のスキルは、{ -nw-cleanup-process }の手順で使います。
       *[setup] { -nw-setup-process }のスキルは、行動値判定の後、最初の{ -nw-main-process }の前の{ -nw-setup-process }の手順で使います。
    }
nw-sk-once-step = { $name }は{ $step ->
        [cleanup] { -nw-cleanup-process }
        [initiative] { -nw-initiative-process }
       *[setup] { -nw-setup-process }
    }1回につき1回しか使えません。
nw-sk-prep-start = 戦闘準備のスキルは、戦闘の開始時、最初の{ -nw-main-process }の前に使います。
nw-sk-prep-over = 戦闘準備の手順は終わりました。戦闘準備のスキルは{ -nw-setup-process }の手順の前に使います。
nw-sk-prep-order = 戦闘準備のスキルは行動値の高い順に使います。先に{ $who }です。
nw-sk-once-combat = { $name }は戦闘1回につき1回しか使えません。
nw-sk-initiative-after = { -nw-initiative-process }はこの手順の後です。
nw-sk-initiative-between = { -nw-initiative-process }のスキルは、{ -nw-main-process }と{ -nw-main-process }の間（次のキャラクターが行動する前）に宣言します。
nw-sk-cost-short = { $pool ->
        [hp] { $name }のコストはHP { $cost }ですが、{ $who }のHPは{ $have }です。HPのコストは全額支払い、HPを1以上残さなければなりません。
        [mp] { $name }のコストはMP { $cost }ですが、{ $who }のMPは{ $have }です。コストは全額支払います。
       *[prana] { $name }のコストは{ -nw-prana } { $cost }ですが、{ $who }の{ -nw-prana }は{ $have }です。
    }
nw-sk-enemy-prana = エネミーには、そのコストを支払う{ -nw-prana }がありません。
nw-sk-action-late = { $what }には{ $action ->
        [move] { -nw-move-action }が必要ですが、{ -nw-move-action }は最初に行います（ムーブ、マイナー、メジャーの順）
       *[minor] { -nw-minor-action }が必要ですが、{ -nw-minor-action }は{ -nw-major-action }の前に行います
    }。{ $later ->
        [major] { -nw-major-action }
       *[minor] { -nw-minor-action }
    }の後では行えません。
nw-sk-action-used = { $what }には{ $action ->
        [move] { -nw-move-action }
       *[minor] { -nw-minor-action }
    }が必要ですが、この{ -nw-main-process }ではもう使いました（各1回）。
nw-sk-major-taken = もう{ -nw-major-action }を行いました。
nw-sk-no-character = キャラクター `{ $name }` はいません。
nw-sk-target-self = { $name }の対象は自身です。使用者にだけ効果があり（§15.5）、{ $other }には使えません。`target:` を外してください。
nw-sk-target-single = { $name }の対象は単体です：1人だけです（§15.5）。{ $named }人を指定しました。
nw-sk-target-up = { $name }の対象は{ $most }体です：{ $most }人までです（§15.5）。{ $named }人を指定しました。
nw-sk-target-area = { $name }の対象は範囲です。1人を指定してください。その{ -nw-engage }にいる全員が対象になります（§15.5）。
nw-sk-target-picked-most = { $name }の対象は範囲（選択、{ $most }）です：1つの{ -nw-engage }の{ $most }人までです（§15.5）。
nw-sk-target-picked = { $name }の対象は範囲（選択）です：選んだキャラクターは同じ{ -nw-engage }にいなければなりません（§15.5）。
nw-sk-out-of-range = { $name }の{ -nw-range }は{ $range ->
        [Close] { -nw-close-range }
        [Short] { -nw-short-range }
        [Long] { -nw-long-range }
        [Scene] { -nw-scene }
        [Weapon] 武器
       *[other] なし
    }です：{ $rule ->
        [own] 使用者にだけ効果があります（対象：自身）
        [close] 同じ{ -nw-engage }のキャラクターだけに届きます（§15.5）
        [short] { -nw-close-range }か{ -nw-short-range }のキャラクターに届き、{ -nw-long-range }と超遠距離には届きません（§10.6）
       *[far] 超遠距離には何も届きません（§10.6）
    }。{ $who }は{ $band }にいます。
nw-sk-item-no-timing = { $name }には使う効果がありません（効果文にタイミングがありません。例：`Minor Action:`）。
nw-sk-no-skill = スキル `{ $name }` はありません（`/nw skill list`）。
nw-sk-not-owned = { $who }はスキル{ $name }を持っていません。
nw-sk-secret-left = { $name }は{ $who }が離れたクラスの秘密スキルです。もう効果がありません。
nw-sk-no-item = アイテム `{ $name }` はありません（`/nw item list`）。
nw-sk-item-not-held = { $who }は{ $name }を持っていません。
nw-sk-name-one = スキル（`skill:`）かアイテム（`item:`）を一つ指定してください。
nw-sk-no-enemy-label = ラベル `{ $label }` のエネミーはいません。
nw-sk-gm-who = GM：`who:` でエネミーを指定してください。

## ラウンドの拒否（combat/round.rs）

nw-sk-waits-last-stand = 立っているPCがいません。{ -nw-avoid-incapacitated }（`/nw prana use:avoid`）か、GMが戦闘を終えるのを待っています（`/nwcombat go`）。
nw-sk-gm-closes = { -nw-initiative-process }を閉じて{ -nw-cleanup-process }に進むのはGMです。
nw-sk-not-tied = それは次の{ -nw-main-process }で並んでいるキャラクターではありません。
nw-sk-not-yours = それはあなたのキャラクターではありません。
nw-sk-everyone-acted = このラウンドは全員が行動しました。GMが{ -nw-cleanup-process }に進むまで（`/nwcombat go`）、使えるのは{ -nw-initiative-process }のスキルだけです。
nw-sk-no-main-yet = まだ{ -nw-main-process }ではありません：{ -nw-setup-process }か{ -nw-cleanup-process }の手順の最中です（`/nwcombat use` でスキルを使うか、`/nwcombat skip`）。
nw-sk-no-main-started = まだ誰の{ -nw-main-process }も始まっていません。並んだキャラクターが `/nwcombat go` で選びます。

## GMが名前で与えるバッドステータス（status.rs：`/nw session set`、`/nwenemy set`）

## スキルの制限を満たしていない（character/restrict.rs、§15.5）。制限の語はデータのまま
nw-restrict-unmet = { $skill }には制限「{ $restrict }」があります：{ $why }。
nw-restrict-hold = { $what }を手に持って使うスキルです。先に持ってください
nw-restrict-attack = { $what }で攻撃するスキルですが、{ $weapon }はそれに当たりません
nw-restrict-equip = 先に{ $what }を装備してください
nw-restrict-unequip = { $item }を装備している間は使えません
nw-restrict-dual = 二刀流（両手に武器を1つずつ）が必要です（§14.4）
nw-restrict-twin = ツインマジック（両手に片手のエンチャントを1つずつ）が必要です（§14.6）
