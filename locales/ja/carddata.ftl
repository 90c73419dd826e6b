# 返信に入るデータの言葉（data/nobi、data/nakama、data/ninja が各言語で持ちます）。

## のびのび：空いているキャラクターの一覧での「名前（職業）」。
nobi-name-profession = { $name }（{ $profession }）
## のびのび：最終判定での各プレイヤーの成功率。$player、$character（そのキャラクター）、$chance。
nobi-tester-chance = { $player }（{ $character }）{ $chance }
## のびのび：プレイヤーが宣言した能力（$ability、$player）。取り消しの知らせに入ります。
nobi-ability-by = { $ability }（{ $player }）
## のびのび：自動補完の候補（100文字まで）。空いているキャラクター：$name、$profession、
## $power、$technique、能力$abilityとその$text。
nobi-choice-character = { $name }（{ $profession }、パワー{ $power }、テクニック{ $technique }）· { $ability }：{ $text }
## 持っているNPCカード：$name、$text（効果）。
nobi-choice-card = { $name }：{ $text }
## 能力：$name、$tag、$text。
nobi-choice-ability = { $name }（{ $tag }）：{ $text }

## ナカマ：自動補完のキャラクター候補：$nameと特殊能力$special。
nakama-choice-character = { $name } — { $special }

## 忍者：忍者の追加能力。$a、$b：追加能力（その一覧、または枚数つきの1つ）。
ninja-additive-list = { $a }、{ $b }
ninja-additives-none = なし
## $name：忍者が$n個持っている追加能力。
ninja-additive-copies = { $name }×{ $n }
## 障害物のスキルに足される追加能力。
ninja-additive-plus = { $a }＋{ $b }
