# ワンピース ナカマ、のびのびソード、ナイトウィザードの画像に描く言葉（各ゲームの picture.rs）：
# 見出し、ラベル、状態、凡例。名前（プレイヤー、キャラクター、敵、カード）は読む人の言語のデータの名前。
# 数、ダイス、記号はそのまま描く。

## ワンピース ナカマ：盤面。手番の段階、ミッション、報酬、ランクは nakama.ftl の言葉（テキストの盤面と同じ）。
pic-nakama-title = ワンピース ナカマ
pic-nakama-joining = 参加受付中
pic-nakama-turn = 第{ $turn }ターン
pic-nakama-over = 終了
pic-nakama-aboard = 乗船{ $count }人 · クルー集合中
pic-nakama-pending = ▶ { $pending }
pic-nakama-ended = 冒険は終わりました。
pic-nakama-threat = 脅威
pic-nakama-boss = ボス
pic-nakama-enemy-threat = 脅威{ $threat }
pic-nakama-met = ✓ ミッション達成
pic-nakama-not-met = ✗ 未達成
pic-nakama-ability = ★ { $ability }
pic-nakama-column = 列{ $column }
pic-nakama-defeated-friends = 倒された仲間 { $count }/{ $limit }：{ $names }
pic-nakama-defeated-enemies = 倒した敵 { $count }：{ $names }
pic-nakama-decks = 山札：仲間{ $friends }枚 · 敵{ $enemies }枚
pic-nakama-crew = { $active ->
        [yes] {"▶ "}
       *[no] {""}
    }{ $name }{ $you ->
        [yes] （あなた）
       *[no] {""}
    } — { $character } · { $token } · 手札{ $cards }枚
pic-nakama-hand = あなたの手札（あなただけに見えています）
pic-nakama-legend = ★ 仲間の能力 · 緑の枠 ✓ 達成 · 朱色の枠 ✗ 未達成

## のびのびソード：卓。
pic-nobi-title = のびのびソード
pic-nobi-scenes = { $count }シーン終了
pic-nobi-step = { $step ->
        [joining] 参加{ $seated }人 · ホストが開始します
        [scene] GMの{ $name }が次のシーンを引きます
        [check] { $name }が{ $skill }判定（難易度{ $difficulty }）をします
        [roleplay] { $name }が何をするかを語ります
        [decide] GMの{ $name }がシーンの結果を決めます
        [epilogue] エピローグ：{ $name }が最終判定をします
        [success] 冒険は終わりました：成功
        [failure] 冒険は終わりました：失敗
       *[over] 冒険は終わりました
    }
pic-nobi-pending = ▶ { $pending }
pic-nobi-gm = GM
pic-nobi-main = 主人公
pic-nobi-tester = 判定
pic-nobi-you = { $name }（あなた）
pic-nobi-solo-count = シーン{ $scene }/{ $scenes } · ✓{ $won } ✗{ $lost }
pic-nobi-gm-count = GM { $count }/{ $turns }回 · ✓{ $won } ✗{ $lost }
pic-nobi-profession = { $part ->
        [main] メイン · {""}
        [support] サブ · {""}
       *[none] {""}
    }{ $profession }
pic-nobi-skill = { $skill } { $value }
pic-nobi-light = 光
pic-nobi-darkness = 闇
pic-nobi-card = { $name } { $skill ->
        [power] パ
       *[technique] テ
    }{ $bonus }
pic-nobi-nobody = まだ誰も参加していません。
pic-nobi-legend = 光：黄色 · 闇：青 · パ+n／テ+n：パワー／テクニックの修正

## ナイトウィザード：戦闘トラッカー（戦闘外はセッションのキャラクター）。状態、戦闘不能・行動済み、
## バッドステータスは nightwizard-combat.ftl の言葉（テキストのトラッカーと同じ）。
pic-nw-title = ナイトウィザード
pic-nw-round = 第{ $round }{ -nw-round }
pic-nw-no-combat = { -nw-combat }なし
pic-nw-session = { -nw-episode }{ $episode } · { $phase } · { -nw-scene }{ $scene }{ $gm ->
        [yes] {" · "}GM用
       *[no] {""}
    }
pic-nw-then = { $line } · { $then }
pic-nw-casket = { $hidden ->
        [yes] 🌑
       *[no] 🌕
    } { $ruler }の{ -nw-lunar-casket }{ $logics ->
        [0] {""}
       *[other] {" · "}{ -nw-lunar-logic }{ $logics }つ
    }{ $hidden ->
        [yes] {" · "}プレイヤーには非公開
       *[no] {""}
    }
pic-nw-emulator = { -nw-emulator }
pic-nw-far = イニシアチブの順番の外
pic-nw-hidden = { $name }（潜伏中）
pic-nw-sep = {" · "}
pic-nw-retreated-long = 離脱 · { -nw-long-range }
pic-nw-retreated-extreme = 離脱 · 極遠距離
pic-nw-flying = 飛行中
pic-nw-ally = 味方
pic-nw-count = { -nw-count } { $count }
pic-nw-condition = HP：{ $condition }
pic-nw-prana = { -nw-prana } { $pips } { $prana }/{ $max }
pic-nw-bad = ⚠ { $bad }
pic-nw-no-combatant = 見えている戦闘参加者はいません。
pic-nw-no-pc = まだPCが参加していません。
pic-nw-legend = ▶ 行動中 · ○ { -nw-pre-action } · · { -nw-post-action } · E1：{ -nw-engage }1
pic-nw-side-pcs = PC側（味方のゲストを含む）
pic-nw-side-enemies = 敵
pic-nw-side-far = 順番の外
