# のびのびソードの物語の書き出し（`/nobi story`）：読む人の言語のMarkdownファイル。
# プレイヤーが書いた文（`/nobi act`、`/nobi narrate`）と、以前に英語で保存された物語はそのまま。

nobi-story-head = # のびのびソード — わたしたちの冒険
nobi-story-played = *{ $mode }、{ $scenes }シーン終了。*
nobi-story-intro = ## 導入：{ $name }
nobi-story-characters = キャラクター：
nobi-story-character = - { $player }：{ $characters }
nobi-story-scene = ## シーン{ $n }：{ $name }
nobi-story-roles = *{ $roles }*
nobi-story-check = 技能判定 — { $check }
nobi-story-roleplay = ロールプレイ・チャレンジ — { $prompt }
nobi-story-uses = - { $name }が**{ $ability }**を使用（{ $text }）{ $free }。
nobi-story-difficulty = - GMが難易度を{ $old }から{ $new }に{ $verb ->
        [lowers] 下げました
       *[raises] 上げました
    }。
nobi-story-final = **最終結果：**{ $success ->
        [yes] 成功
       *[no] 失敗
    }
nobi-story-outcome = **結果：**{ $success ->
        [yes] 成功
       *[no] 失敗
    } — { $body }
nobi-story-epilogue = ## エピローグ：{ $name }
nobi-story-final-test = 最終判定 — { $test }
nobi-story-redraw = *プレイヤーたちは「{ $name }」を脇に置き、別のエピローグを引きました。*
nobi-story-tester = *{ $player }（{ $name }）が最終判定をします。*
nobi-story-verdict = GMが{ $check ->
        [yes] ダイスを振らずに判定の
       *[no] {""}
    }結果を決めました：{ $result ->
        [success] 成功
       *[failure] 失敗
    }。
nobi-story-over = *冒険は終わりました。*
nobi-story-npc = *{ $name }が最後のシーンに加わります（{ $holder }のカード：{ $card }）。*
nobi-story-inspired = *{ $table ->
        [objects] 物品
       *[opponents] 敵
    }表{ $side }面、出目{ $a }+{ $b }：{ $entry }。*
nobi-story-heroes = ## 英雄たち
nobi-story-hero = - **{ $player }** — { $characters }；GM { $gm }回；光：{ $light }；闇：{ $darkness }
nobi-story-list = { $a }、{ $b }
nobi-story-none = なし
# プレイヤーが書いたこと（語り、行動）：$who はキャラクター、$text は書いたまま。
nobi-story-says = > **{ $who }：** { $text }
