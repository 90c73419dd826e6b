# The data's words in a reply (data/nobi, data/nakama, data/ninja carry them in each language).

## Nobi: a character as `Name (Profession)` in a list of free characters.
nobi-name-profession = { $name } ({ $profession })
## Nobi: one player's chance at the final test: $player, $character (their character), $chance.
nobi-tester-chance = { $player } ({ $character }) { $chance }
## Nobi: an Ability announced by a player ($ability, $player), in the note that withdraws it.
nobi-ability-by = { $ability } ({ $player })
## Nobi: autocomplete's entries (cut to 100 characters). A free character: $name, $profession,
## $power, $technique, its Ability $ability and that Ability's $text.
nobi-choice-character = { $name } ({ $profession }, P{ $power } T{ $technique }) · { $ability }: { $text }
## An NPC card held: $name, $text (its effect).
nobi-choice-card = { $name }: { $text }
## An Ability: $name, $tag, $text.
nobi-choice-ability = { $name } ({ $tag }): { $text }

## Nakama: autocomplete's entry for a character: $name and their $special.
nakama-choice-character = { $name } — { $special }

## Ninja: a ninja's additives. $a, $b: additives (a list of them, or one with its copies).
ninja-additive-list = { $a }, { $b }
ninja-additives-none = none
## $name: an additive the ninja has $n copies of.
ninja-additive-copies = { $name } ×{ $n }
## The additives that add to an obstacle's skill.
ninja-additive-plus = { $a } + { $b }
