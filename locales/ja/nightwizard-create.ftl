# ナイトウィザード：キャラクター作成の選択メニュー（character/steps.rs）。メニューのプレースホルダーと
# 各項目の名前・説明（英語版は locales/en/nightwizard-create.ftl）。項目の値は id のまま。

nw-create-menu-class = { $n }つ目のクラス（{ $part }/2）
nw-create-menu-class-entry = 能力値 { $attrs ->
       *[other] { $named }
    }
nw-create-menu-element = { $n }つ目の属性
nw-create-menu-element-entry = 能力値 { $attrs ->
       *[other] { $named }
    }、最大HP＋{ $body }・最大MP＋{ $mind }
nw-create-menu-bonus = ボーナス点を加える能力値
nw-create-menu-attr = { $attr ->
       *[other] { nw-attr }
    }
nw-create-menu-auto = 自動取得スキル
nw-create-menu-skill = スキル
nw-create-menu-skill-entry = { $class }・最大SL { $max }・{ $effect }
nw-create-menu-general = 一般
nw-create-menu-item = 購入するアイテム
nw-create-menu-item-entry = { $name }（{ $k ->
       *[other] { $price }
    }ヴァルコ）
