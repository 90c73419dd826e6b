# ナイトウィザード The 3rd Edition（croupier-nightwizard）、戦闘の外：キャラクター（作成、
# キャラクターシート、名簿）、セッションの進行、要塞、月匣。クラス、属性、スキル、アイテムの名前は
# data/ のまま（日本語名は後の段階）。

nw-join-comma = { $a }、{ $b }
nw-join-dot = { $a }・{ $b }
nw-join-slash = { $a }／{ $b }
nw-labelled = { $label }{ $value }
nw-none = なし
nw-attr = { $attr ->
        [strength] 筋力
        [finesse] 器用
        [awareness] 感知
        [knowledge] 知力
        [spirit] 精神
        [luck] 幸運
       *[other] { $attr }
    }
nw-attr-short = { $attr ->
        [strength] 筋力
        [finesse] 器用
        [awareness] 感知
        [knowledge] 知力
        [spirit] 精神
        [luck] 幸運
       *[other] { $attr }
    }
nw-stat = { $stat ->
        [pacc] 命中
        [eva] 回避
        [macc] 魔導
        [patk] 攻撃
        [matk] 魔攻
        [pdef] 防御
        [mdef] 魔防
        [spd] 行動
       *[other] { $stat }
    }
nw-bad-status-name = { $status ->
        [pressure] 重圧
        [rigor] 硬直
        [poison] 毒
        [paralysis] 麻痺
        [dazed] 放心
       *[other] { $name }
    }{ $rating ->
        [0] {""}
       *[other] （{ $rating }）
    }
nw-summary = { $classes } CL { $cl }、{ $elements }

nw-sheet-title = 📜 { $name }
nw-sheet = { $summary }（第一属性の{ $element }が攻撃の属性）・プレイヤー { $player }
nw-sheet-attributes-head = 能力値
nw-sheet-attributes = { $attrs }
    ボーナス：{ $bonus }・{ -nw-cf-mod }{ $cfmod }・{ -nw-prana }（最大）{ $prana }
nw-sheet-stats-head = 戦闘値
nw-sheet-stats = { $stats }
    最大HP { $body }・最大MP { $mind }
    装備前：{ $pre }
    クラス修正後：{ $classes }
nw-sheet-growth-head = 成長
nw-sheet-growth = { -nw-bp }配分：{ $bp }（グループ1：合計{ $g1 }、1項目{ $g1max }まで；グループ2：合計{ $g2 }、1項目{ $g2max }まで）
    { -nw-op } { $op }・{ -nw-op }の資金{ $opmoney }ヴァルコ・レベルアップ可能{ $levelups }回
nw-sheet-skills-head = スキル
nw-sheet-skills = { $skills }
nw-sheet-skill = { $name } SL { $sl }［{ $timing }；{ $check }；コスト{ $cost }］{ $active ->
        [no] （無効：クラスを外れた）
       *[yes] {""}
    }
nw-sheet-skill-unknown = { $name } SL { $sl }（不明なスキル）
nw-sheet-items-head = アイテム
nw-sheet-item = { $name }（{ $equipped ->
        [yes] 装備中
       *[no] 所持品
    }{ $preserved ->
        [yes] 、常備化
       *[no] {""}
    }）
nw-sheet-items = { $items }
    重量{ $weight }/{ $limit }（ペナルティ−{ $penalty }）・記憶容量{ $memory }/{ $memlimit }
nw-sheet-notes-head = { -nw-connection }とメモ
nw-sheet-notes = { $notes }
nw-sheet-session-head = このセッション
nw-sheet-effects-head = 効果中の効果
nw-sheet-session = HP { $hp }/{ $body }・MP { $mp }/{ $mind }・{ -nw-prana } { $pranahere }/{ $prana }
    { $cf }
    { -nw-bad-status }：{ $bad }
nw-sheet-cf = { -nw-critical-value }{ $critical }・{ -nw-fumble-value }{ $fumble }{ $locked ->
        [yes] {""}
       *[no] （未確定）
    }
nw-sheet-cf-none = 未決定
nw-button-refresh = 更新

nw-name-length = キャラクター名は1〜40文字です。
nw-name-taken = { $name }という名前のキャラクターはすでにいます。
nw-too-many = キャラクターはすでに{ $max }人います。先に誰かを削除してください。
nw-made-quick = { $player }がクイック作成で{ $name }（{ $summary }）を作りました。
nw-finished = { $player }が{ $name }（{ $summary }）を完成させました。
nw-start-cl = 開始CL { $cl }：作成のあと `/nw character levelup` でレベルアップを{ $count }回行ってください。
nw-no-draft = キャラクターを作成中ではありません。`/nw character new` で始めてください。
nw-no-draft-cancel = キャラクターを作成中ではありません。
nw-create-cancelled = キャラクター作成を取り消しました。
nw-chosen = ✅ { $said }
nw-create-title = 🧙 { $name }を作成中
nw-step-class = 手順1：{ $n }つ目のクラスを選んでください（同じクラスを2回選んでもかまいません）。コンソールでは `/nw character choose value:<class>`。
nw-step-class-more = { $n }つ目のクラスの続き：
nw-step-element = 手順3：{ $n }つ目の属性を選んでください（重複可）。{ $n ->
        [1] 第一属性があなたの攻撃の属性になります。
       *[other] {""}
    }
nw-step-bonus = 手順4：能力値は{ $attrs }です。ボーナス点を1つに加えてください。
nw-step-auto = 手順7：{ $class }には自動取得スキルが複数あります。1つ選んでください。
nw-step-skill = 手順7：{ $what ->
        [general] 一般スキルの取得
       *[pick] スキルの取得（自分のクラスのスキルか一般スキル。取得済みのスキルのSLを上げてもかまいません）
    } { $n }/{ $of }。作成時のSLは{ $max }まで。
    取得済み：{ $owned }
nw-step-items = 手順8：{ $money }ヴァルコでアイテムを購入してください（使い残しは失われます。購入したアイテムは常備化されます）。終わったら「完成」を押してください。
nw-button-finish = 完成
nw-create-class = { $n }つ目のクラス：{ $name }。
nw-create-element = { $n ->
        [1] 第一属性{ $name }（攻撃の属性）。
       *[other] 第二属性{ $name }。
    }
nw-create-bonus = ボーナス点を{ $attr }に。
nw-create-auto = 自動取得スキル{ $name }。
nw-create-skill = スキル{ $name }（SL { $sl }）。
nw-create-bought = { $name }を購入（{ $equipped ->
        [yes] 装備
       *[no] 月衣に収納
    }）。残り{ $money }ヴァルコ。
nw-create-no-class = `{ $value }` はクラスではありません。クラス：{ $classes }。
nw-create-no-element = `{ $value }` は属性ではありません。属性：{ $elements }。
nw-create-no-attribute = `{ $value }` は能力値ではありません：`{ $attrs }`。
nw-create-choose-one = 次から1つ選んでください：{ $options }。
nw-no-skill = `{ $value }` というスキルはありません。
nw-no-item = `{ $value }` というアイテムはありません。
nw-create-too-dear = { $name }は{ $price }ヴァルコです。残りは{ $money }ヴァルコです。
nw-create-needs-cl = { $name }の取得にはCL { $cl }が必要です。
nw-create-sl-cap = { $name }はすでにSL { $sl }です。作成時はどのスキルもSL { $max }までです。
nw-create-not-general = { $name }は一般スキルではありません。この2回は一般スキルを選んでください。
nw-create-owed = この追加の取得（SLを上げられなかった自動取得スキルの分）は{ $class }のスキルから選んでください。
nw-create-other-class = { $name }はあなたのクラスのスキルではありません。
nw-secret-limit = そのクラスの秘技は{ $limit }つまでです。
nw-create-no-picks = 今はスキルを選ぶ手順ではありません。
nw-create-unfinished = 作成はまだ終わっていません。先に今の手順の選択をしてください。
nw-quick-no-pick = スキルのデータにこの構成で選べるものがありません。一般スキルを追加してください。
nw-quick-nothing = この手順で選べるものがデータにありません。
nw-quick-failed = ランダムなキャラクターを完成できませんでした。

nw-list-title = あなたのキャラクター
nw-list = { $count ->
        [0] まだいません
       *[other] { $lines }
    }
nw-list-line = **{ $name }**：{ $summary }
nw-no-such-character = `{ $name }` という名前のキャラクターはいません。
nw-no-character = キャラクターがまだいません。`/nw character new` で作れます（`quick:true` でランダム作成）。
nw-several-characters = キャラクターが複数います。`character:` で次から1人指定してください：{ $names }。
nw-delete-playing = { $name }は{ $place }のセッションに参加中です。削除する前にそちらで退出してください（`/nw session leave`）。
nw-deleted = { $name }を削除しました。
nw-exported = { $name }のJSONです（`/nw character import json:…` で取り込めます）。
nw-imported = { $name }（{ $summary }）を取り込みました。
nw-item-name = { $name }
nw-nothing-to-equip = { $name }には{ $sub ->
        [equip] 装備できる
       *[unequip] 外せる
    }{ $item }がありません。
nw-equipped = { $item }を{ $sub ->
        [equip] 装備しました
       *[unequip] 外しました
    }。
nw-notes-long = メモは1500文字までです。
nw-notes-saved = メモを保存しました。
nw-connection-changed = { $who }との{ -nw-connection }を{ $added ->
        [yes] 追加しました
       *[no] 削除しました
    }。
nw-connections-full = { -nw-connection }は20件、1件80文字までです。
nw-class-change-needs = クラスチェンジには `slot:`（1か2）と `class:` が必要です。
nw-not-a-stat = `{ $value }` は戦闘値ではありません：`{ $stats }`。
nw-bp-spent = { $name }がグループ{ $group }の{ -nw-bp }を{ $stat }に{ $points }点配分しました。
nw-op-not-general = `{ $value }` は一般スキルではありません。
nw-op-short = 一般スキルには{ -nw-op }が{ $cost }点必要です。今は{ $op }点です。
nw-op-cannot = { $name }は今は取得もSLの上昇もできません。
nw-op-learns = { $name }が{ -nw-op }{ $cost }点で{ $skill }を取得しました。
nw-op-item-short = { $name }にはあと{ -nw-op }が{ $ops }点必要です。今は{ $op }点です。
nw-op-buys = { $name }が{ -nw-op }{ $ops }点で{ $item }を常備化しました（{ -nw-op }の資金の残り{ $left }ヴァルコ、次のシナリオの前に失われます）。
nw-op-how = `skill:`（{ -nw-op }5点で一般スキル）か `buy:`（常備化アイテム、{ -nw-op }1点＝200,000ヴァルコ）を指定してください。
nw-with-note = { $line }
    { $note }

nw-no-pc = このセッションにあなたのPCはいません。
nw-no-pc-of = そのプレイヤーのPCはこのセッションにいません。
nw-join-gm = GMはセッションを進行します。PCは参加させられません。
nw-join-not-yours = それはあなたのキャラクターではありません。
nw-join-dead = { $name }は死亡しています（§10.10：死亡は覆りません）。どのセッションにも参加できません。`/nw character new` で新しいキャラクターを作ってください。
nw-join-max-cl = { $name }はCL { $cl }{ $pending ->
        [0] {""}
       *[other] （未実行のレベルアップ{ $pending }回を含む）
    }で、この卓はCL { $max }までです（GMの `/nw settings max_cl:`）。別のキャラクターで参加するか、GMに相談してください。
nw-join-same-name = { $name }は、このセッションの{ $player }のPC{ $other }と同じ名前に読めます。コマンドはPCを名前で指定するので、別のキャラクターで参加してください。
nw-join-refresh = { $player }が{ $what ->
        [switches] キャラクターを{ $name }（{ $summary }）に切り替えました。
       *[refreshes] { $name }（{ $summary }）を更新しました。
    }
nw-join-full = このセッションのPCはすでに{ $max }人です。
nw-joins = { $player }が{ $name }（{ $summary }）で参加。{ -nw-critical-value }{ $critical }・{ -nw-fumble-value }{ $fumble }{ $note }。
nw-cf-kept = （このセッションですでに決めた値：値は1セッションに1回決めます）
nw-cf-rerolled = { $count ->
        [0] {""}
       *[other] （{ -nw-critical-value }と同じだったため{ -nw-fumble-value }を{ $count }回振り直し）
    }
nw-leaves = { $name }がセッションから退出しました。
nw-set = { $name }：HP { $hp }/{ $body }・MP { $mp }/{ $mind }{ $incapacitated ->
        [yes] ：{ -nw-incapacitated }（{ -nw-prana }2点で1シーンに1回だけ回避できます）
       *[no] {""}
    }{ $bad }
nw-bad-suffix = ・{ $bad }
nw-cf-no-pc = このセッションにあなたのPCはいません：`/nw session join`。
nw-cf-locked = このセッションの値はもう確定しています。
nw-cf-no-points = { -nw-cf-mod }の残りがありません。
nw-cf-not-rolled = まだ値が決まっていません。
nw-cf-range = 値は2〜12の間です。
nw-cf-equal = { -nw-critical-value }と{ -nw-fumble-value }を同じにはできません。
nw-cf-already-locked = 値はすでに確定しています。
nw-cf-locks = { $name }がこのセッションの{ -nw-critical-value }{ $critical }、{ -nw-fumble-value }{ $fumble }を確定しました。
nw-cf-line = { $name }：{ -nw-critical-value }{ $critical }・{ -nw-fumble-value }{ $fumble }{ $note }
nw-cf-session-title = 🌙 セッション{ $session }：{ -nw-critical-value }と{ -nw-fumble-value }の決定
nw-cf-session = { $lines }
nw-cf-none = 値はまだ決まっていません。
nw-cf-title = 🎲 { $name }：{ -nw-critical-value }と{ -nw-fumble-value }
nw-cf = ダイスの結果は{ -nw-critical-value }{ $rolledc }、{ -nw-fumble-value }{ $rolledf }。現在は{ -nw-critical-value }**{ $critical }**、{ -nw-fumble-value }**{ $fumble }**。{ -nw-cf-mod }の残り{ $points }点。1点ごとにどちらかを1動かせます（2〜12の範囲で、同じ値にはできません）。終わったら確定してください。
nw-button-critical-down = { -nw-critical-value }−1
nw-button-critical-up = { -nw-critical-value }＋1
nw-button-fumble-down = { -nw-fumble-value }−1
nw-button-fumble-up = { -nw-fumble-value }＋1
nw-button-lock = 確定

nw-phase = { $phase ->
        [preplay] プリプレイ
        [opening] オープニングフェイズ
        [middle] ミドルフェイズ
        [climax] クライマックスフェイズ
       *[after] アフターフェイズ
    }
nw-scene-kind = { $kind ->
        [master] { -nw-master-scene }
        [combat] 戦闘シーン
       *[normal] シーン
    }
nw-scene-preplay = プリプレイにはシーンがありません（§8.1）。`/nw phase next` でオープニングフェイズに進んでから、最初のシーンを始めてください。
nw-scene-begins = 🎬 { $name }{ $scene }開始（{ $phase }）。{ $kind ->
        [master] GMが語るシーンです。PCは行動しません。
        [combat] ラウンド進行：GMが `/nwcombat start` で始めます。
       *[normal] {""}
    }{ $opening ->
        [yes] {""}
            ⚠️ オープニングフェイズのシーンでは戦闘をしないのが原則です（§8.2）。
       *[no] {""}
    }
nw-handout-title = 📜 エピソード{ $episode }のハンドアウト
nw-handout = { $trailer }
nw-handout-no-trailer = トレーラーはまだありません。
nw-handout-connections = { -nw-connection }
nw-handout-lines = { $connections }
nw-handout-connection = { $name } → { $with }{ $temporary ->
        [yes] （エピソード{ -nw-connection }）
       *[no] {""}
    }{ $worth ->
        [0] {""}
       *[other] ・価値{ $worth }ヴァルコ、残り{ $left }
    }
nw-trailer-empty = トレーラーはエピソードのあらすじです：`/nw phase handout trailer:<text>`。
nw-connection-whom = { -nw-connection }の相手を指定してください：`with:<name>`。
nw-connection-off = { $name }の{ $with }との{ -nw-connection }をハンドアウトから外しました。
nw-connections-max = ハンドアウトの{ -nw-connection }は{ $max }件までです。
nw-connection-given = { $name }は{ $own ->
        [yes] {""}
       *[no] このエピソードの間、
    }{ $with }との{ -nw-connection }を{ $own ->
        [yes] 持っています
       *[no] 得ました
    }{ $worth ->
        [0] {""}
       *[other] （装備の価値{ $worth }ヴァルコ）
    }。
nw-gear-no-connection = { $name }には、このエピソードで価値のある{ $with }との{ -nw-connection }がありません。`/nw phase connection worth:` で価値を与えてください。
nw-gear-no-item = `{ $value }` はアイテムではありません（`/nw item list`）。
nw-gear-too-dear = { $name }は{ $price }ヴァルコです。{ $with }の価値の残りはこのエピソードで{ $left }です。
nw-gear-given = { $from }が{ $name }に{ $item }を用意しました（{ $price }ヴァルコ、残り{ $left }）。常備化されていないため、{ -nw-op }で常備化しない限りこのエピソードの後で失われます。
nw-phase-title = 🌙 フェイズ
nw-phase-body = { $lines }
nw-phase-change = { $from } → **{ $to }**
nw-after-dead = 💀 { $name }は死亡：回復しません。
nw-after-pc = { $name }：{ -nw-op }＋{ $op }（合計{ $now }）、{ $levelup ->
        [yes] レベルアップ1回可能
       *[no] 今回はレベルアップなし（GMの判断）
    }
nw-after-restored = ダメージと{ -nw-bad-status }を消去、HP・MP・{ -nw-prana }を回復、一時的なアイテムは失われ、常備化アイテムは戻りました。
nw-after-op-outside = ⚠️ { -nw-op }{ $op }点は、ルールブックの1シナリオ{ $min }〜{ $max }点の範囲外です（§8.2）。GMの判断として記録します。
nw-after-spend = { $levelup ->
        [yes] `/nw character levelup` でレベルアップ、`/nw character op` で{ -nw-op }を使えます。
       *[no] `/nw character op` で{ -nw-op }を使えます。
    }
nw-episode-enemies-leave = このエピソードのエネミーとゲストは退場します。
nw-episode-begins = エピソード{ $episode }開始。
nw-climax-appearance = クライマックスフェイズでは{ -nw-appearance-check }は自動的に成功します。

nw-join-or = { $a }か{ $b }
nw-levelup-title = ⬆️ { $name }のレベルアップ
nw-levelup = { $lines }
nw-levelup-none = まだレベルアップできません。レベルアップはアフターフェイズにGMが認めます。
nw-levelup-cl = CL { $from } → { $to }。
nw-levelup-no-class = `{ $value }` はクラスではありません。
nw-levelup-slot = `slot` は1か2です。
nw-levelup-same-class = { $slot }つ目のクラスはすでに{ $name }です。
nw-levelup-class-change = クラスチェンジ：{ $from } → { $to }（戦闘値の修正、最大HP、最大MPを再計算。能力値は変わりません）。
nw-levelup-change-not-skill = クラスチェンジは新しいスキルの取得の代わりです（§7 手順3）。そのため `{ $value }` は同時に取得できません。`skill:` で選べるのは{ $class }の自動取得スキル（{ $autos }）だけです。今はクラスチェンジだけでレベルアップして `{ $value }` は次のレベルアップで取るか、クラスチェンジせずに今 `{ $value }` を取ってください。
nw-levelup-autos-owned = このクラスの自動取得スキルはすでに持っているので、新しいスキルも取得できます。
nw-levelup-name-skill = `skill:` で新しいスキルを指定してください（クラスチェンジなら `slot:` と `class:`）。{ $count ->
        [0] このレベルで取得できるスキルはありません。クラスチェンジしてください。
       *[other] 取得できるスキル：{ $names }{ $more ->
            [0] 。
           *[other] 、ほか{ $more }件。
        }
    }
nw-levelup-trait = { $name }は特性です。キャラクター作成時にしか取得できません。
nw-levelup-max-sl = { $name }はすでに最大SL { $max }です。
nw-levelup-new-skill = 新しいスキル：{ $name } SL { $sl }。
nw-levelup-bp = 最大HP { $body }・最大MP { $mind }。{ -nw-bp }：グループ1は合計{ $g1 }（1項目{ $g1max }まで）、グループ2は合計{ $g2 }（1項目{ $g2max }まで）。`/nw character bp` で配分してください。
nw-levelup-no-skill-left = このレベルで取得できるスキルがスキルのデータにありません。一般スキルを追加してください。

nw-open-with-new = ナイトウィザードのセッションは `/nw new` で始めます。
nw-open-title = 🌙 ナイトウィザードのセッション開始
nw-open = { $gm }がGMです。プレイヤーは `/nw session join` でキャラクターを参加させてください（キャラクターは `/nw character new` で作成、`quick:true` でランダム作成）。達成値の上昇は{ -nw-prana }1点につき{ $raise }D。GMの{ -nw-critical-value }は{ $critical }、{ -nw-fumble-value }は{ $fumble }です。
nw-button-join = 参加
nw-master-no-combat = シーン{ $scene }は{ -nw-master-scene }（GMの語り、§8.1）です。先に戦闘シーンを始めてください（`/nw phase scene kind:combat`）。
nw-opening-warning = ⚠️ オープニングフェイズのシーンでは{ $what ->
        [combat] 戦闘
       *[dice] ダイスロール
    }をしないのが原則です（§8.2）。このまま続けます。GMは `/nw phase next` でミドルフェイズに進みます。
nw-join-none = { $a }{ $b }
nw-settings = 設定：達成値の上昇は{ -nw-prana }1点につき{ $raise }D・1回の判定で複数回のダイス目操作：{ $fudge ->
        [yes] あり
       *[no] なし
    }・プレイヤーのエニーセブン：{ $anyseven ->
        [yes] あり
       *[no] なし
    }・自然回復：{ $reading ->
        [divide] 筋力÷5
        [minus] 筋力−5
       *[other] { $natural }
    }・公開トラッカーのエネミーのHPとMP：{ $vitals ->
        [yes] 表示
       *[no] 状態のみ
    }。{ $more }
nw-settings-appearance = { -nw-appearance-check }：{ $on ->
        [yes] あり（幸運、難易度{ $dc }）
       *[no] なし
    }。
nw-settings-max-cl = { $cl ->
        [0] 参加できるCLに上限はありません。
       *[other] 参加できるのはCL { $cl }までです（未実行のレベルアップを含む）。参加済みのキャラクターはそのままです。
    }
nw-settings-map-kinds = { $on ->
        [yes] プレイヤーの{ -nw-fortress }マップにはすべてのエリアの種類が表示されます。
       *[no] プレイヤーの{ -nw-fortress }マップには、パーティが入ったエリアの種類だけが表示されます。
    }

nw-timing = { $id ->
        [constant] 常時
        [major-action] メジャーアクション
        [minor-action] マイナーアクション
        [reaction] リアクション
        [damage-roll] ダメージロール
        [auto-action] オートアクション
        [setup-process] セットアッププロセス
        [cleanup-process] クリンナップ
        [before-judge] 判定直前
        [after-judge] 判定直後
        [move-action] ムーブアクション
       *[other] { $text }
    }
nw-check = { $id ->
        [automatic] 自動成功
        [hit-check] 命中判定
        [magic-check] 魔術判定
       *[other] { $text }
    }
nw-cost = { $id ->
       *[other] { $text }
    }
nw-cost-amount = { $kind ->
        [mp] MP
        [hp] HP
        [prana] { -nw-prana }
       *[other] { $text }
    } { $amount }

nw-lines = { $lines }
nw-join-semicolon = { $a }；{ $b }
nw-sync-cl = CL { $from } → { $to }
nw-sync-part = { $what ->
        [class] クラスチェンジ
        [skills] スキル
        [bp] { -nw-bp }
        [items] アイテム
       *[equipment] 装備
    }
nw-sync-op = { -nw-op } { $op }
nw-sync-takes = 📜 { $name }に名簿の変更を反映：{ $what }。{ $later ->
        [yes] 成長（レベルアップ、{ -nw-bp }、{ -nw-op }）はアフターフェイズか次のエピソードの開始時に反映されます。
       *[no] {""}
    }
nw-sync-preserved-back = { $name }の常備化アイテム{ $items }が戻りました。
nw-sync-episode-full = すべてのPCはHP、MP、{ -nw-prana }が全快の状態でエピソードを始めます。
nw-sync-op-valco-lost = { $name }の使わなかった{ -nw-op }の資金{ $valco }ヴァルコが失われます
nw-sync-op-valco = { $lost }（§6.3）。
nw-sync-rejoin-later = { $name }のレベルアップなどの成長は、アフターフェイズ（か次のエピソードの開始時）に反映されます。参加し直す必要はありません。
nw-sync-pending = { $name }は{ $place }のセッションに参加中です。{ $progress ->
        [yes] この変更はアフターフェイズ（か次のエピソードの開始時）にそちらに反映されます。参加し直す必要はありません。
       *[no] 手に持つものは次の行動の時に、ラウンドの途中でも変わります（持ち替えはオートアクション、§10.5）。身に着ける防具と装身具は、戦闘外かセットアッププロセスでの次の行動の時に変わります（§10.2）。
    }
nw-bp-over = グループ{ $group }の{ -nw-bp }：{ $spent }点配分済み、CL { $cl }では{ $total }点まで。
nw-bp-stat-over = グループ{ $group }の{ -nw-bp }：CL { $cl }では1項目{ $max }点まで（{ $stat }は{ $has }点）。

nw-entry-cost = { $cost ->
        [hp] HP
        [mp] MP
       *[prana] { -nw-prana }
    }
nw-area-kind = { $kind ->
        [object] オブジェクトエリア
        [trap] トラップエリア
        [event] イベントエリア
        [enemy] エネミーエリア
        [core] { -nw-fortress }の核
        [entrance] 入口
       *[normal] 通常エリア
    }
nw-map-title = 🏰 { -nw-fortress }マップ
nw-map-areas = **エリア**
nw-map-kind-hidden = 種類不明
nw-map-area = { $mark } **{ $name }**（{ $kind }）{ $exit ->
        [yes] ・出口を兼ねる
       *[no] {""}
    }{ $cleared ->
        [yes] ・クリア済み
       *[no] {""}
    }{ $trap }{ $desc }
nw-map-desc = 　―　{ $desc }
nw-map-trap = { $state ->
        [removed] ・トラップ解除済み
        [spent] ・トラップ発動済み
        [armed] ・トラップ：発見値{ $detection }、解除値{ $removal }、{ $effect }{ $damage }
        [identified] ・トラップ発見済み（解除値{ $removal }）
       *[hidden] {""}
    }
nw-map-trap-damage = （{ $damage } HP）
nw-map-gates = **ゲート**
nw-map-gate-numbered = { $n }. { $gate }
nw-map-gate = ・{ $gate }
nw-map-no-gates = まだありません
nw-gate = { $kind ->
        [one-way] { $a } → { $b }（一方通行）
        [found] { $a } ⇄ { $b }（発見済み）
        [secret] { $a } ⇄ { $b }（隠しゲート、未発見）
        [opened] { $a } ⇄ { $b }（開放済み）
        [closed] { $a } ⇹ { $b }（閉鎖）
        [damaged] { $a } ⇄ { $b }（損傷、残り{ $uses }回）
        [unusable] { $a } ✕ { $b }（損傷、使用不能）
       *[normal] { $a } ⇄ { $b }
    }
nw-map-party-head = パーティ
nw-map-party = { $names }は{ $area }にいます
nw-no-fortress = { -nw-fortress }がありません。GMが `/nwfortress area` で作ります。
nw-no-dive = 突入していません。GMが `/nwfortress dive` で始めます。
nw-no-area = { $name }というエリアはありません。
nw-area-no-name = エリアには名前が必要です。
nw-area-exit = 出口を兼ねられるのは入口だけです。
nw-area-entry = cost:、key:、keyword: は入口の条件です（§12.2）。kind:entrance にだけ指定できます。
nw-area-emulator = 侵魔空間はオブジェクトです（§12.4）。kind:object にだけ指定できます。
nw-area-entrance-taken = { -nw-fortress }にはすでに入口があります（入口は1つだけです）。
nw-areas-max = ここでは{ -nw-fortress }のエリアは{ $max }までです。
nw-area-asks-cost = 各PCから{ $cost } { $amount }点
nw-area-asks-key = アイテム{ $item }
nw-area-asks-keyword = キーワード「{ $keyword }」（`/nwfortress dive keyword:`）
nw-area-asks = 入るには{ $asks }が必要です。
nw-area-built = 🏰 エリア{ $name }（{ $kind }）を{ $verb ->
        [changed] 変更しました
       *[added] 追加しました
    }。{ $asks }{ $space ->
        [yes] そのオブジェクトは侵魔空間です：パーティがいる間、エネミーのすべての判定に＋{ $bonus }。
       *[no] {""}
    }
nw-gate-ends = 両端とも{ -nw-fortress }のエリアでなければなりません（先にエリアを追加してください）。
nw-gate-same = ゲートは異なる2つのエリアをつなぎます。
nw-gate-uses = uses: は損傷したゲートにだけ指定できます。
nw-gates-max = ここでは{ -nw-fortress }のゲートは{ $max }までです。
nw-gate-built = 🏰 ゲート{ $n }：{ $gate }。
nw-trap-area = トラップはトラップエリアに置きます（`/nwfortress area kind:trap`）。
nw-trap-built = 🪤 { $area }のトラップ：発見値{ $detection }、解除値{ $removal }：{ $effect }。
nw-not-building = { -nw-fortress }を作るコマンドではありません。
nw-dive-held = このエリアはエネミーが押さえています。ここでラウンド進行が始まり（§12.4）、その間は離脱のルールでしか出られません（§12.7）。{ $gm ->
        [yes] 戦闘を始める（`/nwcombat start`）か、`/nwfortress cleared` でパーティを先に進めてください。
       *[no] GMが戦闘を始めます。
    }
nw-entrance-keyword = 入口は開きません：キーワードが必要です（`/nwfortress dive keyword:…`）。
nw-entrance-wrong-keyword = 入口は開きません：キーワードが違います。
nw-entrance-key = 入口は開きません：{ $key }が必要ですが、パーティの誰も持っていません。
nw-entrance-has = { $name }は{ $have }点
nw-entrance-short = 入口は各PCに{ $cost } { $amount }点を求めます。全額払う必要があり{ $hp ->
        [yes] 、HPは1未満にはなりません（§10.10）
       *[no] {""}
    }：{ $short }。
nw-entrance-paid = 各自{ $cost } { $amount }点を払って入ります。
nw-dive-inside = パーティはすでに中にいます。
nw-dive-no-entrance = { -nw-fortress }に入口がありません（入口が唯一の入り方です）。
nw-dive-nobody = 突入できるPCがいません。プレイヤーは `/nw session join` で参加してください。
nw-dive-title = 🏰 突入開始
nw-dive = { $names }が{ $entrance }から{ -nw-fortress }に突入（シーン{ $scene }）。{ $count ->
        [one] {""}
       *[other] {""}
    }{ $desc }{ $paid }
    ルーラーを倒すか、{ -nw-fortress }の核を破壊するか、ルーラーが許さない限り、外へは戻れません。
nw-area-desc = { $desc }
nw-dive-map-head = マップ
nw-dive-map = { $map }
nw-move-who = パーティを移動させられるのはGMか{ -nw-fortress }の中のPCだけです。
nw-move-in-combat = ラウンド進行中は通常の離脱のルールを使います。戦闘が終わってからエリアを出てください（§12.7）。
nw-move-there = パーティはすでにそこにいます。
nw-move-trap = 先に進む前にここのトラップを突破しなければなりません（来た道を戻ることはできます）。
nw-move-no-gate = { $from }から{ $to }へ通じる既知のゲートはありません。
nw-move-damaged = { $left ->
        [0] 損傷したゲートはパーティの後ろで崩れ、もう使えません。
       *[other] 損傷したゲートはまだもちます（残り{ $left }回）。
    }
nw-move-title = 🏰 次のエリアへ
nw-move = パーティは{ $from }から**{ $to }**（{ $kind }）へ進みます。シーン{ $scene }。{ $note }{ $desc }{ $what ->
        [enemy] {""}
            エネミー！ GMがエリアを描写したらすぐにラウンド進行が始まります（§12.4）。戦闘まで先へも後ろへも進めません。
        [trap] {""}
            ここには危険があります。先へ進むには突破しなければなりません（`/nwfortress identify`）。
        [core] {""}
            ここに{ -nw-fortress }の核があります。たいていは守られています。
        [event] {""}
            イベントが待っています。
       *[none] {""}
    }
nw-move-enemy-gm = ⚔️ { $area }はエネミーエリアです。エネミーを配置し（`/nwenemy spawn`）、描写してから戦闘を始めてください。`/nwfortress cleared` で戦闘なしに先へ進めます。
nw-button-start-fight = 戦闘開始
nw-move-trap-gm = 🪤 { $area }に未解除のトラップ：発見値{ $detection }、解除値{ $removal }：{ $effect }。
nw-appear-inside = あなたはすでに{ -nw-fortress }の中にいます。
nw-settle-first = 先に前の判定を片付けてください：`/nwfortress resolve`。
nw-appear-climax = { $name }が登場：クライマックスフェイズでは{ -nw-appearance-check }は自動的に成功します。
nw-leave-who = パーティを外へ導けるのはGMか{ -nw-fortress }の中のPCだけです。
nw-leave-in-combat = 先に戦闘を終えてください（ラウンド進行中は離脱のルールを使います）。
nw-leave = 🏰 パーティは{ -nw-fortress }を出ました（シーン{ $scene }）。
nw-scrap-diving = 突入中はできません：パーティが中にいます。
nw-scrapped = 🏰 { -nw-fortress }を破棄しました。
nw-not-dive = 突入のコマンドではありません。
nw-gate-impassable = { $why ->
        [one-way] その一方通行のゲートは戻る方向には使えません
        [closed] そのゲートはイベントで開くまで閉じています
        [damaged] そのゲートは損傷していて使えません
       *[secret] そこへ通じる既知のゲートはありません
    }。
nw-retreat-impossible = ルーラーを倒すか、{ -nw-fortress }の核を破壊するか、ルーラーが許すまで、{ -nw-fortress }からは撤退できません（§12.2）。

nw-status-title = 🌙 ナイトウィザード
nw-status = GM { $gm }・エピソード{ $episode }・{ $phase }・シーン{ $scene }・セッション{ $session }
nw-status-pcs-head = PC
nw-status-pcs = { $pcs }
nw-status-no-pcs = まだいません（`/nw session join`）
nw-status-pc = **{ $name }**（{ $summary }）{ $player }・HP { $hp }/{ $body }・MP { $mp }/{ $mind }・{ -nw-prana } { $prana }/{ $pranamax }・{ $cf }{ $state }{ $news }
nw-status-cf = { -nw-critical-value }{ $critical } { -nw-fumble-value }{ $fumble }
nw-status-dead = ・💀 死亡
nw-status-levelup = ・⬆️ レベルアップ済み：CL { $cl }（{ $when ->
        [next] GMの次のフェイズ変更
       *[after] アフターフェイズ
    }から）

nw-casket-core-holds = 🌕 { $name }が去りましたが、{ -nw-fortress }の核がルーラーなしで{ -nw-lunar-casket }を保っています（§12.2）。
nw-casket-collapses = 🌑 ルーラーの{ $name }が去り、{ -nw-lunar-casket }が崩壊しました（§12.2）。紅い月が沈みます。
nw-casket-persist-gm = { -nw-lunar-casket }をシーンの後まで残せるのはGMだけです。
nw-casket-hidden-gm = 隠れた{ -nw-lunar-casket }（{ -nw-emulator }のもの、§11 項目5）を張れるのはGMだけです。PCの{ -nw-lunar-casket }は紅い月を昇らせます。
nw-casket-up = { -nw-lunar-casket }はすでに張られています（ルーラー：{ $ruler }）。
nw-casket-held = ここではあなたの{ -nw-lunar-casket }は張れません：何かがすでにこのシーンを押さえています。GMに尋ねてください。
nw-casket-pc-ruler = { -nw-lunar-casket }を張ったPCがそのルーラーです。
nw-casket-hidden-title = 🌑 隠れた{ -nw-lunar-casket }
nw-casket-hidden = { $name }の{ -nw-lunar-casket }が人知れず張られました。紅い月は昇らず、プレイヤーには知らされません。取り除かれる{ $persist ->
        [yes] {""}
       *[no] かシーンが終わる
    }まで続きます。`/nwcasket reveal` で明かせます。
nw-casket-rises-title = 🌕 紅い月が昇る
nw-casket-deployed = { $name }が{ -nw-lunar-casket }を張りました。中で起きたことは外の世界に届きません。ルーラーが取り除く{ $persist ->
        [yes] {""}
       *[no] かシーンが終わる
    }まで続きます。
nw-casket-none = { -nw-lunar-casket }は張られていません。
nw-casket-not-hidden = その{ -nw-lunar-casket }は隠れていません。
nw-casket-revealed = { $name }の{ -nw-lunar-casket }が姿を現しました。ずっと張られていたのです。{ $logics ->
        [0] {""}
       *[other] ここでは{ -nw-lunar-logic }が{ $logics }つ働いています：`/nwcasket list`。
    }
nw-casket-remove-who = { -nw-lunar-casket }を取り除けるのはルーラー（{ $ruler }）かGMだけです。
nw-casket-locked = 突入の開始からクライマックスフェイズが終わるまで、{ -nw-lunar-casket }は取り除けません（§11）。
nw-casket-removed = { $hidden ->
        [yes] 🌑 { $name }の隠れた{ -nw-lunar-casket }は、張られていた時と同じく人知れず取り除かれました。
       *[no] 🌑 { $name }の{ -nw-lunar-casket }が取り除かれ、紅い月が沈みます。
    }
nw-logic-empty = 法則には本文が必要です。
nw-logic-twice = その法則はすでに働いています。
nw-logics-max = ここでは{ -nw-lunar-logic }は{ $max }つまでです。
nw-logic-set = 🌕 { -nw-lunar-logic }{ $n }：{ $text }
nw-logic-line = { $n }. { $text }{ $free }
nw-logic-free = 　―　無視：{ $names }
nw-logics-title = 🌕 { $ruler }の{ -nw-lunar-casket }
nw-logics = { $count ->
        [0] { -nw-lunar-logic }はまだありません。
       *[other] { $lines }
            { -nw-prana }1点で1つを振り払えます：`/nwcasket shake logic:<number>`（{ $lasts ->
                [session] セッション
               *[scenario] シナリオ
            }の終わりまで）。
    }
nw-logic-lasts = 設定：{ -nw-prana }で振り払った{ -nw-lunar-logic }は{ $lasts ->
        [session] 現実のセッション
       *[scenario] シナリオ（アフターフェイズ）
    }の終わりまで無視されます。
nw-shake-pc = { -nw-prana }を持つのはPCだけです。
nw-no-logic = `{ $value }` という{ -nw-lunar-logic }はありません（`/nwcasket list`）。
nw-shake-already = その法則はすでにあなたに影響しません。
nw-shake-no-prana = { -nw-prana }が残っていません。
nw-shaken = { $name }が{ -nw-prana }を1点使いました：法則「{ $logic }」は{ $lasts ->
        [session] 現実のセッション
       *[scenario] シナリオ
    }の終わりまで影響しません。

nw-band = { $id ->
        [simple] 簡単
        [ordinary] 普通
        [challenging] やや難しい
        [hard] 難しい
        [expert] 非常に難しい
        [master] 達人級
       *[other] { $text }
    }
nw-ask-usage = player、stat、difficulty を指定してください。例：`/nw ask player:@bob stat:awareness difficulty:10`（取り下げは `cancel:<n>`）。
nw-ask-no-stat = `{ $value }` は能力値（`{ $attrs }`）でも戦闘値（`{ $stats }`）でもありません。修正値なしなら `none` を使ってください。
nw-ask-plain = { -nw-judge }
nw-ask-no-pc = { $player }のPCはこのセッションにいません（先に `/nw session join`）。
nw-ask-title = 🎲 { $label }{ $name }の{ $what }{ -nw-judge }
nw-ask-label = { $label }：
nw-ask-dead = { $name }は死亡しており、{ -nw-judge }を行いません。
nw-ask = { $player }、GMが{ $name }に{ $what }{ -nw-judge }を求めています。{ $article ->
       *[other] {""}
    }{ $hidden ->
        [yes] { -nw-difficulty }はGMだけが知っています。
       *[no] { -nw-difficulty }{ $difficulty }（{ $band }）。
    }
    振れるのは{ $player }だけです。
nw-button-ask-roll = { $what }{ -nw-judge }を振る
nw-ask-gm = 依頼{ $id }：{ $name }、{ -nw-difficulty }{ $difficulty }の{ $what }{ -nw-judge }{ $hidden ->
        [yes] （プレイヤーには非公開）
       *[no] {""}
    }。`/nw ask cancel:{ $id }` で取り下げられます。
nw-button-withdraw = 取り下げ
nw-ask-none = 依頼{ $id }は出ていません。
nw-ask-withdrawn = GMが{ $name }への{ $what }{ -nw-judge }の依頼を取り下げました。
nw-ask-gone = その{ -nw-judge }の依頼はもうありません（振られたか取り下げられました）。
nw-ask-not-yours = この{ -nw-judge }は{ $player }だけのものです。GMは `/nw ask` であなたにも依頼できます。

nw-rules-title = 📖 ナイトウィザード早見表
nw-rules = {""}
nw-rules-difficulties-head = { -nw-difficulty }
nw-rules-difficulties = { $bands }
nw-rules-band = { $band } { $min }{ $max ->
        [999] 以上
       *[other] 〜{ $max }
    }
nw-rules-bad-head = { -nw-bad-status }
nw-rules-bad = { $bad }
nw-rules-cf-head = { -nw-critical-value }と{ -nw-fumble-value }
nw-rules-cf = PCはセッションごとにそれぞれ2Dを振ります（同じ値ならファンブル値を振り直し）。{ -nw-cf-mod }1点でどちらかを±1できます。GMの値は常に{ $critical }と{ $fumble }です。

nw-cleared-which = エリアを指定してください（突入していません）。
nw-cleared-enemies = ここのエネミーはもう道をふさいでいません。
nw-cleared-trap = トラップはもう道をふさいでいません。
nw-cleared-normal = { $area }は通常エリアになりました。
nw-gate-opens = { $how ->
        [hidden] 隠されたゲートが姿を現しました
       *[closed] 閉じていたゲートが開きました
    }：{ $ends }。
nw-cleared = ✅ { $area }のイベントをクリアしました。{ $lines }
nw-no-gate = ゲート{ $n }はありません（`/nwfortress show` を見てください）。
nw-gate-not-shut = そのゲートは閉じても隠れてもいません。
nw-gate-opened = 🚪 { $gate }
nw-no-dive-short = 突入していません。
nw-condition-what = what は `ruler_defeated`、`core_broken`、`ruler_permits` のどれかです（`{ $value }` ではありません）。
nw-condition = 🏰 { $what ->
        [core] { -nw-fortress }の核が破壊されました
        [permit] ルーラーが撤退を許しました
       *[ruler] ルーラーが倒されました
    }：パーティは{ -nw-fortress }から出られます（`/nwfortress leave`）。
