# ナイトウィザード：戦闘の外でデータの名前と文章（スキル、アイテム、エネミー、クラス）を囲む言葉。
# カタログのページ、独自のデータ、装備のルール（英語は locales/en/nightwizard-data.ftl）。

nw-data-skill-sl = { $name } SL { $sl }
nw-join-space = { $a } { $b }

nw-data-mods-form = `{ $part }`：修正は「能力値=数値」の形で書いてください（例：pacc=1 eva=-1）。
nw-data-mods-number = `{ $part }`：値は整数にしてください。
nw-data-mods-range = `{ $part }`：修正は-50から50までです。
nw-data-mod = { $stat }{ $value }
nw-data-mod-stat = { $stat ->
        [pacc] { -nw-pacc }
        [eva] { -nw-eva }
        [macc] { -nw-macc }
        [patk] { -nw-patk }
        [matk] { -nw-matk }
        [pdef] { -nw-pdef }
        [mdef] { -nw-mdef }
        [spd] { -nw-spd }
        [body] 最大HP
        [mind] 最大MP
       *[other] { $text }
    }
nw-data-class-id = { $id ->
        [general] 一般
       *[other] { $name }
    }
nw-data-skill-exists = { $name }という名前のスキルはすでにあります。
nw-data-skill-added = { $player }がスキル{ $name }（{ $general ->
        [yes] 一般
       *[no] { $class }
    }）を追加しました。
nw-data-skills-title = スキル
nw-data-skill-line = { $name }（{ $class }{ $hascategory ->
        [no] {""}
       *[yes] 、{ $category ->
        [auto] 自動取得
        [secret] 奥義
        [trait] 特性
        [spell] 魔法
        [broom] 箒
        [item] アイテム
       *[other] { $category }
    }
    }、最大SL { $max }）：{ $effect }
nw-data-no-skill = スキル`{ $value }`はありません。
nw-data-skill-page-title = { $name }
nw-data-skill-page = クラス { $class }・種別 { $category ->
        [auto] 自動取得
        [secret] 奥義
        [trait] 特性
        [spell] 魔法
        [broom] 箒
        [item] アイテム
       *[other] { $category }
    }・取得CL { $cl }・最大SL { $max }
    タイミング { $timing }・判定 { $check }・対象 { $target }・射程 { $range }・コスト { $cost }・制限 { $restrict }
    { $effect }
    { $mods }
nw-data-skill-mods = SLごとの修正：{ $mods }
nw-data-target = { $id ->
        [self] 自身
        [single] 単体
        [area] 範囲
        [area--p-] 範囲（選択）
        [scene] シーン
        [refer] 効果参照
       *[other] { $text }
    }
nw-data-range = { $id ->
        [close] { -nw-close-range }
        [short] { -nw-short-range }
        [long] { -nw-long-range }
        [scene] シーン
        [weapon] 武器
       *[other] { $text }
    }
nw-data-item-exists = { $name }という名前のアイテムはすでにあります。
nw-data-item-added = { $player }がアイテム{ $name }（{ $kind ->
        [weapon] 武器
        [armor] 防具
        [accessory] 装身具
        [enchantment] 魔装
        [broom] 箒
        [broom_option] 箒オプション
        [tool] 道具
        [potion] 薬品
       *[other] { $kind }
    }、{ $price }ヴァルコ）を追加しました。
nw-data-items-title = アイテム
nw-data-item-line = { $name }（{ $kind ->
        [weapon] 武器
        [armor] 防具
        [accessory] 装身具
        [enchantment] 魔装
        [broom] 箒
        [broom_option] 箒オプション
        [tool] 道具
        [potion] 薬品
       *[other] { $kind }
    }、{ $slot ->
        [one_hand] 片手
        [two_hand] 両手
        [head] 頭部
        [upper] 胴部
        [clothes] 服
        [shoulder] 肩
        [gloves] 手
        [accessory] 装身具
        [broom] 箒
        [none] なし
       *[other] { $slot }
    }、重量{ $weight }、{ $price }ヴァルコ）{ $mods }
nw-data-enemy-add-gm = エネミーを追加できるのはGM（このチャンネルのセッションのホストか、チャンネルの管理者）だけです。
nw-data-enemy-exists = { $name }という名前のエネミーはすでにあります。
nw-data-enemy-added = エネミー{ $name }を追加しました（GMのみ）。
nw-data-enemy-list-gm = エネミーのデータを一覧できるのはGMだけです。
nw-data-enemies-title = エネミー
nw-data-enemy-line = { $name }（{ $kind ->
        [mob] モブ
        [guest] ゲスト
        [boss] ボス
        [extra] エキストラ
       *[other] { $kind }
    }）HP { $hp } MP { $mp }・{ $stats }・{ $attack }
nw-data-enemy-needs-session = `/nwenemy spawn`、`reveal`、`note` はセッションの中で使います。

nw-data-maou-both = { $a }と{ $b }はどちらも魔王の魔装です。装備できるのは1つだけです（§14.7）。
nw-data-no-slot = { $name }には部位がありません。所持品の中から効果を発揮します。
nw-data-slot-both = { $a }と{ $b }はどちらも{ $slot ->
        [one_hand] 片手
        [two_hand] 両手
        [head] 頭部
        [upper] 胴部
        [clothes] 服
        [shoulder] 肩
        [gloves] 手
        [accessory] 装身具
        [broom] 箒
        [none] なし
       *[other] { $slot }
    }の部位を使います。
nw-data-hands = 手が2本より多く必要になります。
nw-data-memory = 装備した魔装には容量{ $memory }が必要です。上限は{ $limit }（{ -nw-spirit }＋CL）です。
nw-data-option-no-broom = { $name }は装備している箒に取り付けるものですが、箒を装備していません（§14.8）。箒より先にオプションを外して（`unequip`）ください。
nw-data-option-type = { $name }はタイプ：{ $type }のオプションですが、{ $broom }のタイプは{ $types }です（§14.8：オプションのタイプは箒のタイプと合っていなければなりません）。
nw-data-option-only = { $name }は「{ $only }専用」です。カテゴリ{ $only }の箒にしか取り付けられず、{ $broom }はそうではありません（§14.8）。
nw-data-option-capacity = { $name }は容量を{ $occupy }使いますが、{ $broom }の容量{ $capacity }のうち空きは{ $free }です（§14.8：容量が足りなければオプションは取り付けられません）。

nw-data-bad-name = 名前は1〜40文字にしてください。
nw-data-unknown-class = 不明なクラス`{ $id }`です。
nw-data-unknown-element = 不明な属性`{ $id }`です。
nw-data-bad-bonus = ボーナスの能力値が{ $n }番です。能力値は6つ（0〜5）です。
nw-data-cl-zero = CL 0：キャラクターはCL 1から始まります。
nw-data-cl1-class-change = クラスチェンジはレベルアップの一部なので、CL 1のキャラクターにはありません。
nw-data-unknown-skill = 不明なスキル`{ $id }`です。
nw-data-skill-twice = { $name }が2回あります。
nw-data-skill-sl-range = { $name } SL { $sl }：SLは1から{ $max }までです。
nw-data-skill-creation-sl = { $name } SL { $sl }：作成時（CL 1）にはどのスキルもSL { $max }までです。
nw-data-skill-needs-cl = { $name }にはCL { $need }が必要です。キャラクターはCL { $cl }です。
nw-data-skill-other-class = { $name }は{ $class }のスキルです。キャラクターのクラスは{ $a }と{ $b }です。
nw-data-secret-over = { $class }の奥義が{ $have }つあります。そのクラスの奥義は{ $limit }つまでです。
nw-data-class-budget = クラススキルのSLが合計{ $sl }です。CL { $cl }では{ $budget }まで（自動取得スキル2つ、作成時の選択{ $picks }つ、レベルアップごとに1つ）です。
nw-data-unknown-item = 不明なアイテム`{ $id }`です。
nw-data-negative = { $what ->
        [valco] 所持金（ヴァルコ）
        [op] { -nw-op }
       *[opvalco] { -nw-op }の資金（ヴァルコ）
    }が{ $v }です。負の値にはできません。
nw-data-import-cl = CL { $n }：読み込むキャラクターはCL 1から始まります。CLはアフターフェイズにGMが認めるレベルアップでのみ上がります。
nw-data-import-levelups = レベルアップが{ $n }回認められています。レベルアップはアフターフェイズにGMからのみ得られます。
nw-data-import-op = { -nw-op }{ $n }点：{ -nw-op }はアフターフェイズにGMからのみ得られます（§6.1）。
nw-data-import-opvalco = { -nw-op }の資金{ $n }ヴァルコ：アフターフェイズに使うか、失われます。
nw-data-import-money = 所持金{ $n }ヴァルコ：使い残したお金は作成時に失われます（§5 手順8）。
nw-data-import-json = キャラクターのJSONではありません：{ $error }
nw-data-import-same-name = { $name }という名前のキャラクターはすでにいます。
nw-data-import-what = { $name }は読み込めません
nw-data-import-then = JSONを直してもう一度読み込んでください。チャンネルの管理者（GM）は成長をそのまま読み込めます。
nw-data-that-change = その変更はできません
nw-data-that-levelup = そのレベルアップはできません
nw-data-refuse-one = { $what }：{ $one }
nw-data-refuse-one-then = { $what }：{ $one }
    { $then }
nw-data-refuse-many = { $what }。問題が{ $n }件あります：
    { $list }
nw-data-refuse-many-then = { $what }。問題が{ $n }件あります：
    { $list }
    { $then }
nw-data-numbered = { $n }. { $text }

nw-data-rules-bad = **{ $name }**{ $rated ->
        [yes] （n）
       *[no] {""}
    }：{ $effect } 回復：{ $ends }
nw-data-skill-id = { $name }（`{ $id }`）

nw-join-plus = { $a } + { $b }
nw-data-mention = { $name }（{ $who }）

nw-data-master-scene = シーン{ $scene }は{ -nw-master-scene }（GMの語り、§8.1）です。PCは次のシーンでまた行動できます。
nw-data-anyseven-gm = { -nw-any-seven }はGMが認めない限りGMだけのものです（`/nw settings anyseven_players:true`）。
nw-data-recovery-opposed = { -nw-recovery-judge }は{ -nw-opposed-judge }になりません。
nw-data-no-cf = { -nw-critical-value }と{ -nw-fumble-value }がまだ決まっていません。
nw-data-gm-no-sheet = GMにはキャラクターシートがありません。stat:none と modifier:（NPCの値）を使ってください。
nw-data-no-connection = { $with }への{ -nw-connection }はありません。自分の{ -nw-connection }はキャラクターシートに（`/nw character connect`）、{ -nw-episode }の{ -nw-connection }はGMから（`/nw phase connection`）得られます。
nw-data-cost-needs-amount = cost:{ $cost } には amount:（各PCが支払う量）が必要です。
nw-data-amount-needs-cost = amount: は cost:（hp、mp、prana）と一緒に使います。
nw-data-trap-damage = ダメージ`{ $damage }`：{ $error }
