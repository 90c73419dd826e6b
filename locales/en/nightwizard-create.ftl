# Night Wizard: character creation's select menus (character/steps.rs): each menu's placeholder and
# its entries' labels and second lines (locales/ja/nightwizard-create.ftl). The entries' values are ids.

# $n: which class (1 or 2); $part: which of the two menus of classes.
nw-create-menu-class = Class { $n } ({ $part }/2)
# $attrs: the class's six attributes as `3/2/0/1/0/0` (English); $named: the same, each named (`Str 3 · …`,
# Japanese).
nw-create-menu-class-entry = attributes { $named ->
       *[other] { $attrs }
    }
nw-create-menu-element = Element { $n }
# $attrs and $named as for a class; $body and $mind: the element's Body and Mind.
nw-create-menu-element-entry = attributes { $named ->
       *[other] { $attrs }
    }, Body +{ $body } Mind +{ $mind }
nw-create-menu-bonus = Bonus attribute
# $attr: the attribute's id (strength, …), as it is in English, named in Japanese (nw-attr).
nw-create-menu-attr = { $attr }
nw-create-menu-auto = Auto skill
nw-create-menu-skill = Skill
# $class: the skill's class (nw-create-menu-general for a General skill); $max: its highest SL;
# $effect: its effect, cut short.
nw-create-menu-skill-entry = { $class } · max SL { $max } · { $effect }
nw-create-menu-general = General
nw-create-menu-item = Buy an item
# $name: the item; $k: its price in thousands of valco (English); $price: its price (Japanese).
nw-create-menu-item-entry = { $name } ({ $price ->
       *[other] { $k }
    }k)
