# のびのびソード（croupier-nobi）：返答、促し、拒否、ボタン、状況表示。
# カード名とカードの文はdata/nobiのまま（今は英語）。物語の書き出し（`/nobi story`）と卓の画像はまだ英語。

## 他のメッセージの中で使う言葉。

nobi-skill = { $skill ->
        [power] パワー
       *[technique] テクニック
    }
nobi-tag = { $tag ->
        [solo] ソロ
        [assist] アシスト
        [permanent] 常時
       *[all] 全体
    }
nobi-mode = { $mode ->
        [regular] 通常プレイ
        [two] 2人用ルール
       *[solo] ソロプレイ
    }
nobi-hours = { $hours ->
        [0] なし
       *[other] { $hours }時間
    }
nobi-none = なし
nobi-join-comma = { $a }、{ $b }
nobi-join-dot = { $a } · { $b }
nobi-join-plus = { $a } ＋ { $b }
nobi-more-lines = {""}
    { $lines }

## ボタン。
nobi-button-join = 参加する
nobi-button-draw = シーンを引く
nobi-button-roll = 判定する
nobi-button-success = 成功
nobi-button-failure = 失敗
nobi-button-redraw = 引き直す
nobi-button-story = 物語
nobi-button-the-end = 完

## 欄の名前。
nobi-field-free = 空いているキャラクター
nobi-field-mode = ルール
nobi-field-scenes = 終えたシーン
nobi-field-cards-left = 山札の残り
nobi-field-gm = GM
nobi-field-main = 主人公
nobi-field-waiting = 待っている手番
nobi-field-chance = 判定の見込み
nobi-field-players = プレイヤー
nobi-field-settings = 設定
nobi-field-intro = 導入：{ $intro }
nobi-field-roles = 役割
nobi-field-effect = 効果
nobi-field-check = 技能判定
nobi-field-roleplay = ロールプレイ・チャレンジ
nobi-field-check-done = 判定
nobi-field-adventure = 冒険の記録
nobi-field-npcs = 加われるNPC（`/nobi npc card:…`）
nobi-field-final-test = 最終判定
nobi-field-tester-chances = 各プレイヤーの成功率（{ $chosen ->
        [yes] 判定する人はプレイヤーたちが選んだ
       *[no] 選ばなければ一番高い人が判定する
    }）

## /nobi new。
nobi-title = ⚔️ のびのびソード
nobi-open = { $host }が卓を立てました。全員（卓を立てた人も）`/nobi join character:<name>` で参加してください（名前を省くとランダム）。そろったら卓を立てた人が `/nobi begin` で始めます。
    1人：ソロプレイ · 2人：2人用ルール · 3〜5人：通常プレイ。
nobi-opens-with-new = のびのびソードの卓は `/nobi new` で立てます。
nobi-already-open = このチャンネルにはもうのびのびソードの卓があります。
nobi-a-view = それは表示用のコマンドです：行動なしで卓が答えます。
nobi-text-too-long = 文が長すぎます（最大{ $most }文字）。

## 誰が何をするか、リマインダー。
nobi-prompt = ➡️ { $who }、{ $what }。
nobi-do-draw = `/nobi scene` で次のシーンを引いてください
nobi-do-roll = 必要なら能力を宣言して（`/nobi use`）、`/nobi roll` で判定してください
nobi-do-act = キャラクターの行動を `/nobi act text:…` で宣言してください
nobi-do-verdict = `/nobi verdict result:success|failure` でシーンの結果を決めてください
nobi-do-write = `/nobi act text:…` でエピローグの結末を書いて（何回に分けてもかまいません）、`/nobi finish` で冒険を締めくくってください
nobi-do-final = `/nobi roll` で最終判定をしてください（その前に全員で `/nobi redraw` したり、別の人を `/nobi tester` で選んだり、全体能力を宣言したりできます）
nobi-remind-title = ⏰ リマインダー
nobi-remind = { $prompt }（{ $hours }時間待っています）
nobi-remind-by-table = リマインダーは卓が自動で送ります。

## キャラクターとカード。
nobi-free-line = **{ $name }**（{ $profession }、パワー{ $power }、テクニック{ $technique }）— *{ $ability }*（{ $tag }）：{ $text }
nobi-seat-char = { $support ->
        [yes] {"サブ："}
       *[no] {""}
    }{ $name }（{ $profession }、パワー{ $power }、テクニック{ $technique }）
nobi-ability = **{ $name }**（{ $tag }）：{ $text }
nobi-ability-tagged = { $name }（{ $tag }）
nobi-card-ability = { $text }（能力 { $ability }、{ $tag }：{ $effect }）
nobi-card-described = *{ $description }* { $effect }
nobi-card-with-effect = { $name }（{ $card }）
nobi-npc-line = { $name } — { $card }（{ $holder }のカード）{ $joined ->
        [yes] {" · 参加中"}
       *[no] {""}
    }

## 判定の成功率。
nobi-chance = { $skill }：`{ $expr }` 対 難易度{ $target }{ $lowered ->
        [0] {""}
       *[other] （難易度{ $difficulty } − 能力で{ $lowered }）
    }{ $extras } ＞ 成功率 **{ $chance }**
nobi-chance-extras = （{ $die ->
        [yes] 3個振って高い2個{ $rerolls ->
            [0] {""}
           *[other] {"、"}
        }
       *[no] {""}
    }{ $rerolls ->
        [0] {""}
       *[other] 失敗したら振り直し{ $rerolls }回
    }）
nobi-reroll = 振り直し：{ $roll }
nobi-rolls = { $a }；{ $b }
nobi-rolled = 🎲 { $who }の判定 { $rolls } ＞ 合計{ $total }（難易度{ $target }）＞ { $success ->
        [yes] ✅ 成功
       *[no] ❌ 失敗
    }
nobi-rolled-odds = { $rolled }
    （振る前の成功率：{ $line }）

## /nobi status。
nobi-status = { $headline }
nobi-head-joining = プレイヤーを待っています（{ $seated }人参加）。
nobi-head-over = 冒険は終わりました{ $result ->
        [success] {"：最終判定は成功"}
        [failure] {"：最終判定は失敗"}
       *[none] {""}
    }。
nobi-head-epilogue = エピローグ：{ $name }
nobi-head-check = シーン{ $n }：{ $name } — { $skill }判定、難易度{ $difficulty }
nobi-head-roleplay = シーン{ $n }：{ $name } — ロールプレイ・チャレンジ
nobi-head-between = シーンの合間（{ $played }シーン終了）
nobi-deck-counts = シーン{ $scenes } · 光{ $light } · 闇{ $darkness } · エピローグ{ $epilogues }
nobi-waiting-line = { $name }：{ $what }
nobi-summary-line = **{ $name }** — { $chars }
    {"  "}能力：{ $abilities }
    {"  "}GM { $gm }回 · 光カード（{ $nlight }）：{ $light } · 闇カード（{ $ndark }）：{ $dark }
nobi-settings-line = リマインダー{ $hours }、能力はシーンごとに{ $limit ->
        [player] プレイヤー
       *[character] キャラクター
    }1人1回
nobi-story-title = 📜 これまでの物語
nobi-story = { $scenes }シーン。マークダウン形式のファイルで添付します。

## 参加と退席。
nobi-joins = { $player }が{ $chars }で参加（{ $seat }番目の席）。{ $note }
nobi-join-set-aside = { $holder }のサブキャラクター{ $name }は外れます：3人以上ではメインキャラクターだけが遊びます。
nobi-leaves = { $player }が卓を離れました。キャラクターカードはまた空きになります。
nobi-not-at-table = あなたはこの卓にいません。始まる前に `/nobi join` してください。
nobi-not-playing = あなたはこの冒険に参加していません。参加の受付は始まったときに締め切りました（プレイヤー：{ $players }）。`/nobi status` で見守るか、次の卓に参加してください。
nobi-not-begun = 冒険はまだ始まっていません。卓を立てた人が `/nobi begin` で始めます。
nobi-over = この冒険は終わりました。`/nobi story` でどうなったかを読めます。
nobi-no-character = `{ $name }` というキャラクターはいません。空いているキャラクター：{ $free }
nobi-not-free = { $name }は空いていません：{ $holder }がそのカードを{ $support ->
        [yes] サブキャラクターとして持っています。サブキャラクターを使うのは2人用ルールだけです：3人目が参加すれば、誰でもメインキャラクターに選べます。
       *[no] 持っています（カードは表裏で1枚：片面を選ぶとカードごと取ります）。
    }空き：{ $free }
nobi-other-side = { $name }はあなたのメインキャラクターのカードの裏面です。別のカードを選んでください。
nobi-none-free = 空いているキャラクターはもういません。
nobi-join-running = この冒険はもう始まっています。次の卓に参加してください（または卓を立てた人に新しい卓を頼んでください）。
nobi-join-seated = あなたはもう席についています。キャラクターを変えるには先に `/nobi leave` してください。
nobi-join-full = 卓は満員です（のびのびソードは最大{ $most }人）。
nobi-leave-begun = 冒険は始まっています。プレイヤーはエピローグまで残ります（卓を立てた人は `/game end` で卓を閉じられます）。

## /nobi begin。
nobi-begun = 冒険はもう始まっています。
nobi-nobody-joined = まだ誰も参加していません。全員（卓を立てた人も）`/nobi join` で参加してください。
nobi-gm-not-here = { $who }はこの卓にいません。最初のGMはプレイヤーから選びます。
nobi-support-random = { $player }のサブキャラクターをランダムに決めました：{ $name }。
nobi-support-set-aside = { $player }のサブキャラクターは外れます（サブキャラクターを使うのは2人用ルールだけです）。
nobi-begin-title = ⚔️ 冒険の始まり
nobi-begin = { $rules }{ $roles }{ $notes }
nobi-begin-rules = { $mode ->
        [regular] { $players }人：通常プレイ。全員が{ $turns }回ずつGMをしたら、エピローグです。
        [two] 2人：2人用ルール。各プレイヤーはメインとサブのキャラクターを持ちます。GMは自分のキャラクターで主人公を助けられます。全員が{ $turns }回ずつGMをしたら、エピローグです。
       *[solo] 1人：ソロプレイ。すべてのシーンであなたがGMで主人公です。技能判定の難易度は{ $lowered }下がります。{ $scenes }シーンのあとにエピローグが来ますが、その判定は行わず、結末はあなたが書きます。
    }
nobi-begin-roles = {""}
    最初のGM：{ $gm }。主人公（次の席）：{ $main }。

## シーン。
nobi-scene-title = 🎬 シーン{ $n }：{ $name }
nobi-scene = { $description }{ $reshuffled ->
        [yes] {""}
            （シーンの山札が尽きたので、終えたシーンを切り直して新しい山札にしました。）
       *[no] {""}
    }
nobi-roles = GM：{ $gm } · 主人公：{ $main }（{ $character }）
nobi-check-line = { $skill }：{ $printed }{ $lowered ->
        [0] {""}
       *[other] {" − "}{ $lowered }（ソロ）＝ { $difficulty }
    }
nobi-scene-epilogue = エピローグにはGMも新しいシーンもありません。
nobi-only-gm-draws = シーンカードを引くのはGM（{ $name }）だけです。
nobi-scene-unfinished = 今のシーンはまだ終わっていません。
nobi-scene-deck-empty = シーンの山札がありません。
nobi-scene-missing = そのシーンカードがデータにありません。

## /nobi use。
nobi-uses = ✨ { $name }が **{ $ability }** を使用 — { $text }{ $free }
nobi-free-effect = { $free ->
        [yes] （自由な効果：何が変わるかはGM ― エピローグでは全員 ― が決めます）
       *[no] {""}
    }
nobi-use-solo-epilogue = ソロプレイではエピローグの判定は行いません。`/nobi act` で結末を書いてください。
nobi-use-rolled = 「{ $scene }」のダイスはもう振られました：能力は判定の前に宣言します。
nobi-use-no-check = 判定を待っている技能判定はありません。
nobi-use-gm = 今のGMのキャラクターとカードは、自分のシーンでは使えません。
nobi-use-unknown = あなたのキャラクターに `{ $name }` という能力はありません。あなたの能力：{ $yours }。
nobi-use-player-limit = このシーンではもう{ $ability }を使いました。この卓では能力はシーンごとにプレイヤー1人1回です。
nobi-use-character-limit = { $name }はこのシーンでもう{ $ability }を使いました。能力はシーンごとにキャラクター1人1回までです。
nobi-use-roleplay = { $ability }は判定を変える能力ですが、ロールプレイ・チャレンジには判定がありません。ロールプレイのシーンで使えるのは物語上の能力（「霧を呼ぶ」のように、効果をGMが決めるもの）だけです。
nobi-use-wrong-skill = { $ability }が助けるのは{ $helps }判定だけです。これは{ $skill }判定です。
nobi-tag-permanent = { $ability }は常時能力です：いつも効いているので宣言はいりません。
nobi-tag-epilogue = エピローグで使えるのは全体能力だけです（常時能力はいつも効いています）。{ $ability }は{ $tag }能力です。
nobi-tag-solo = { $ability }はソロ能力です：持ち主自身の判定にだけ使えます。
nobi-tag-assist = { $ability }はアシスト能力です：ほかのキャラクターの判定を助けるもので、持ち主自身には使えません。

## /nobi difficulty。
nobi-difficulty = 🎚️ GMが難易度を{ $old }から{ $new }に{ $verb ->
        [lowers] 下げました
       *[raises] 上げました
    }。
nobi-difficulty-epilogue = エピローグにGMはいません：最終判定の難易度はそのままです。
nobi-only-gm-difficulty = 難易度を変えられるのはGM（{ $name }）だけです。
nobi-difficulty-rolled = 「{ $scene }」のダイスはもう振られました。
nobi-difficulty-no-check = 判定を待っている技能判定はありません。
nobi-difficulty-range = 難易度は0から30までの数です。
nobi-difficulty-same = 難易度はもう{ $difficulty }です。

## /nobi roll とシーンの結末。
nobi-only-main-rolls = この判定をするのは主人公（{ $name }）だけです。
nobi-roll-solo-epilogue = ソロプレイではエピローグの判定は行いません。`/nobi act text:…` で結末を書いてください。
nobi-roll-tester = 最終判定をするのは{ $name }です（`/nobi tester player:@…` で変えられます）。
nobi-roll-roleplay = このシーンはロールプレイ・チャレンジです：ダイスは振りません。`/nobi act` で演じてください。
nobi-roll-nothing = 振る判定がありません：まずGMがシーンを引きます。
nobi-roll-no-plan = 判定を用意できませんでした。
nobi-no-scene-played = 遊んでいるシーンがありません。
nobi-scene-won = 🌟 シーン成功
nobi-scene-lost = 🌑 シーン失敗
nobi-gains = { $player }は{ $kind ->
        [light] 光
       *[darkness] 闇
    }カード **{ $name }** を得ました — { $card }
nobi-gains-none = { $kind ->
        [light] 光
       *[darkness] 闇
    }カードの山札が空なので、カードは得られません。

## エピローグ。
nobi-epilogue-title = 📜 エピローグ：{ $name }
nobi-epilogue = { $description }

    { $solo ->
        [yes] ソロプレイ：エピローグの判定は行わず、一番面白い結末を `/nobi act text:…` で書いてください。このエピローグが気に入らなければ `/nobi redraw`。
       *[no] もうGMはいません：このシーンはプレイヤー全員で進めます。効くのは全体能力と常時能力だけです。光カードと闇カードのNPCが加われます。この結末が気に入らなければ、誰でも `/nobi redraw` できます。最終判定をする人を `/nobi tester player:@…` で選び、その人が `/nobi roll` します。
    }
nobi-final-test = { $skill }：{ $difficulty }
nobi-epilogue-deck-empty = エピローグの山札がありません。
nobi-final-title = 🏁 { $name }
nobi-final = { $rolled }
    { $wrap }
nobi-final-wrap = { $success ->
        [yes] 英雄たちの勝利です。冒険はこれで終わり！
       *[no] 最終判定は失敗。でも物語は続きます：復讐、新たな冒険……冒険はこれで終わり！
    }
nobi-redraw-not-epilogue = 引き直せるのはエピローグカードだけで、エピローグが始まってからです。
nobi-redraw-none = 引き直せるエピローグカードがもうありません。
nobi-redraw-withdrawn = 「{ $name }」のために宣言した能力は取り消され、使ったことになりません：{ $abilities }。新しいエピローグでも使えるなら、もう一度宣言してください。
nobi-redraw-reshuffled = （エピローグの山札が尽きたので、外したエピローグを切り直して戻しました。）
nobi-tester-not-epilogue = 最終判定をする人はエピローグで選びます。
nobi-tester-solo = ソロプレイではエピローグの判定は行いません。
nobi-tester-not-here = { $who }はこの卓にいません。
nobi-tester-already = { $name }はもう最終判定をする人です。
nobi-tester-chosen = プレイヤーたちは最終判定に{ $player }（{ $name }）を選びました。{ $note }
nobi-tester-withdrawn = 前に判定する人のために宣言した能力は取り消され、使ったことになりません：{ $abilities }。まだ使えるなら、もう一度宣言してください。
nobi-npc-not-epilogue = 光カードと闇カードのNPCが加わるのはエピローグです。まだ始まっていません。
nobi-npc-none = NPCのいる光カードや闇カードを持っている人はいません。
nobi-npc-unknown = `{ $name }` はプレイヤーが持っているNPCカードではありません。持っているNPCカード：
    { $list }
nobi-npc-joined-already = { $name }はもう最後のシーンに加わっています。
nobi-npc-joins = 🤝 **{ $name }** が最後のシーンに加わります（{ $holder }のカード：{ $card }）。

## 行動、裁定、語り、結末。
nobi-acts = 🎭 { $who }：{ $text }
nobi-acts-solo = 🎭 { $who }：{ $text }

    続きは `/nobi act` で書けます。`/nobi finish` で冒険を締めくくります。
nobi-only-main-acts = このシーンを演じるのは主人公（{ $name }）だけです。
nobi-act-no-scene = 演じるシーンがありません：まずGMがシーンを引きます。
nobi-verdict-nothing = 裁定で決めるのは、ロールプレイ・チャレンジか、判定を待っている技能判定です。
nobi-only-gm-verdict = 裁定を下すのはGM（{ $name }）だけです。
nobi-verdict-check = ⚖️ GMはダイスを振らずに判定を決めました：**{ $result ->
        [success] 成功
       *[failure] 失敗
    }**。
nobi-finish-not-solo = エピローグは最終判定（`/nobi roll`）で終わります。`/nobi finish` で締めくくるのはソロのエピローグです。
nobi-finish-too-early = `/nobi finish` はソロのエピローグを締めくくるコマンドです。冒険はまだそこまで来ていません。
nobi-finish-unwritten = 先に `/nobi act text:…` で冒険の結末を書いてください。
nobi-the-end-title = 🏁 完
nobi-the-end = 冒険は書き上がりました。`/nobi story` でみんなに見せましょう！
nobi-only-gm-narrates = シーンの間に語るのはGM（{ $name }）だけです。
nobi-narrates = 📖 { $text }

## /nobi inspire。
nobi-inspired = 🎲 { $table ->
        [objects] 物品
       *[opponents] 敵
    }表：[{ $a }] → { $side }面、[{ $b }] → **{ $entry }**
nobi-only-gm-inspires = 特別な表を振るのはGM（{ $name }）だけです。
nobi-inspire-missing = データに{ $table ->
        [objects] 物品
       *[opponents] 敵
    }表の{ $side }面がありません。

## /nobi settings。
nobi-settings = 設定 — リマインダー：{ $hours }（`remind_after:<hours>`、0でなし）。能力の制限：シーンごとに{ $limit ->
        [player] プレイヤー
       *[character] キャラクター
    }1人1回（`limit:character|player`）。
nobi-settings-host = 卓の設定を変えられるのは卓を立てた人だけです。
nobi-settings-range = `remind_after` は0から720時間の間で指定してください。
