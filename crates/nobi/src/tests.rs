//! Rule tests for Nobi Nobi Sword, named after the rules they check (numbers from the rulebook).

use std::path::Path;

use super::data::{self, Effect, NobiData, Skill};
use super::state::{Mode, Step as Scene};
use super::{AbilityLimit, InspireTable, Nobi, NobiCommand, Verdict};
use croupier_core::table::{Actor, Command, Commands, Game, UserId};
use croupier_core::testkit::{Harness, Step, START};

fn load() -> NobiData {
    data::load(&croupier_core::source_path("data")).expect("the shipped data is valid")
}

fn actor(name: &str) -> Actor {
    Actor::player(name, name)
}

fn host() -> Actor {
    Actor {
        manager: true,
        ..actor("p0")
    }
}

/// A Nobi table driven through the one test harness (the table over SQLite: route,
/// permission, parse, apply, log, commit, each step checked for what every game must keep);
/// `g` is the state as stored after the latest step.
struct T {
    h: Harness,
    g: Nobi,
    data: NobiData,
}

impl T {
    /// `who` types the command line of `a`.
    fn step(&mut self, who: &str, a: &NobiCommand) -> Step {
        let step = self.h.line(&format!("{who}: {}", a.to_line()));
        self.g = self.h.state();
        step
    }
    fn ok(&mut self, who: &str, a: NobiCommand) -> String {
        let step = self.step(who, &a);
        assert!(step.accepted, "refused: {}", step.text);
        step.replies
            .iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }
    fn no(&mut self, who: &str, a: NobiCommand) -> String {
        let step = self.step(who, &a);
        assert!(!step.accepted, "should be refused: {}", step.text);
        step.message()
    }
    /// Sets the state up as a test needs it (no log entry).
    fn edit(&mut self, f: impl FnOnce(&mut Nobi)) {
        self.h.edit::<Nobi>(f);
        self.g = self.h.state();
    }
    /// Forces the current Scene to be a Skill check (s01, taken out of the deck).
    fn force_check(&mut self, skill: Skill, difficulty: i64) {
        self.edit(|g| {
            take_scene(g, "s01");
            g.step = Scene::Check {
                scene: "s01".into(),
                skill,
                printed: difficulty,
                difficulty,
                uses: vec![],
            }
        });
    }
    /// Forces the current Scene to be a Role-play challenge (s05, taken out of the deck).
    fn force_roleplay(&mut self) {
        self.edit(|g| {
            take_scene(g, "s05");
            g.step = Scene::Roleplay {
                scene: "s05".into(),
                acted: false,
                uses: vec![],
            }
        });
    }
}

/// Takes the Scene card `id` out of the deck and the played pile: it is the one in play (a
/// copy left face down would be a secret the table shows).
fn take_scene(g: &mut Nobi, id: &str) {
    g.decks.scenes.retain(|c| c != id);
    g.decks.scene_discard.retain(|c| c != id);
}

fn join(c: &str) -> NobiCommand {
    NobiCommand::Join {
        character: Some(c.into()),
        support: None,
    }
}

/// A table opened by p0 (who may manage the channel), nobody seated yet.
fn lobby() -> T {
    let mut h = Harness::of::<Nobi>(42);
    h.set_manager("p0", true);
    h.ok("p0: /nobi new");
    let g = h.state();
    T { h, g, data: load() }
}

/// A table with players p0.. on the given characters, begun with p0 as GM.
fn table(chars: &[&str]) -> T {
    let mut t = lobby();
    for (i, c) in chars.iter().enumerate() {
        t.ok(&format!("p{i}"), join(c));
    }
    t.ok(
        "p0",
        NobiCommand::Begin {
            gm: Some(UserId::new("p0")),
        },
    );
    t
}

#[test]
fn rule_nobi_components_counts_match_the_rulebook_and_odds_are_interesting() {
    // "8 character cards" double-sided (16 characters), "20 Light", "20 Darkness",
    // "8 Introduction", "40 Scene", "8 Epilogue", 2 double-sided special tables.
    let d = load();
    assert_eq!(d.characters.len(), 16);
    assert_eq!(d.light.len(), 20);
    assert_eq!(d.darkness.len(), 20);
    assert_eq!(d.intros.len(), 8);
    assert_eq!(d.scenes.len(), 40);
    assert_eq!(d.epilogues.len(), 8);
    assert_eq!(d.tables.len(), 4);
    // Odds of each check for the weakest and strongest skill in the set.
    let skills: Vec<i64> = d
        .characters
        .iter()
        .flat_map(|c| [c.power, c.technique])
        .collect();
    let (lo, hi) = (*skills.iter().min().unwrap(), *skills.iter().max().unwrap());
    let mut checks = 0;
    for s in &d.scenes {
        if let data::Test::Check { skill, difficulty } = &s.test {
            checks += 1;
            let p = |v| {
                super::check::Plan::new(*skill, v, *difficulty)
                    .chance()
                    .unwrap()
            };
            let (pl, ph) = (p(lo), p(hi));
            println!(
                "{:<24} {:>9} {:>2}: skill {lo} → {}, skill {hi} → {}",
                s.name,
                skill.name(),
                difficulty,
                croupier_core::dice::percent(pl),
                croupier_core::dice::percent(ph)
            );
            assert!(ph > 0.25, "{}: even the best skill has {ph}", s.name);
            assert!(pl < 0.95, "{}: even the worst skill has {pl}", s.name);
        }
    }
    assert!(checks >= 20, "most Scenes are Skill checks");
}

fn write_data(edit: impl Fn(&Path)) -> Result<NobiData, Vec<croupier_core::table::DataError>> {
    let dir = tempfile::tempdir().unwrap();
    let nd = dir.path().join(data::DIR);
    std::fs::create_dir_all(&nd).unwrap();
    for f in std::fs::read_dir(croupier_core::source_path("data").join(data::DIR)).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), nd.join(f.file_name())).unwrap();
    }
    edit(&nd);
    data::load(dir.path())
}

fn replace(dir: &Path, file: &str, from: &str, to: &str) {
    let p = dir.join(file);
    let s = std::fs::read_to_string(&p).unwrap();
    assert!(s.contains(from), "{from} not in {file}");
    std::fs::write(&p, s.replacen(from, to, 1)).unwrap();
}

/// `croupier check-data`'s notes: the shipped cards all carry Japanese; a card without its
/// `name_ja` (or an Ability without its `text_ja`, a table without `entries_ja`) is named, an
/// empty Japanese text is refused, and the Japanese is what a Japanese reader gets.
#[test]
fn check_data_names_the_cards_without_japanese() {
    use croupier_core::i18n::Locale;
    use croupier_core::table::Game;
    let shipped = load();
    assert_eq!(Nobi::data_notes(&shipped), Vec::<String>::new());
    let c = shipped.character("moss-witch").unwrap();
    assert_eq!(c.said_name().text(Locale::Ja), "垣根の魔女モス");
    assert_eq!(c.said_name().text(Locale::En), "Moss the Hedge Witch");
    assert_eq!(
        shipped.tables[0].said_entry(0).unwrap().text(Locale::Ja),
        "錆びた鍵"
    );
    let d = write_data(|d| {
        replace(d, "scenes.toml", "name_ja = \"授業の日\"\n", "");
        replace(
            d,
            "light.toml",
            ", text_ja = \"自分のパワー判定1回に1を足します。\"",
            "",
        );
        replace(
            d,
            "tables.toml",
            "entries_ja = [\"紙の王冠\"",
            "# [\"紙の王冠\"",
        );
    })
    .unwrap();
    let notes = Nobi::data_notes(&d);
    assert_eq!(notes.len(), 3, "{notes:#?}");
    assert!(
        notes[0].starts_with("nobi/sword/light.toml") && notes[0].ends_with(": l07"),
        "{notes:#?}"
    );
    assert!(
        notes[1].starts_with("nobi/sword/scenes.toml") && notes[1].ends_with(": s02"),
        "{notes:#?}"
    );
    assert!(notes[2].ends_with(": objects-2"), "{notes:#?}");
    // Where the data has no Japanese, a Japanese reader gets the English.
    assert_eq!(
        d.scene("s02").unwrap().said_name().text(Locale::Ja),
        "School Day"
    );
    let e = write_data(|d| {
        replace(
            d,
            "scenes.toml",
            "name_ja = \"授業の日\"",
            "name_ja = \" \"",
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.item == "s02" && e.problem.contains("field `name_ja`: is empty")),
        "{e:?}"
    );
    let e = write_data(|d| {
        replace(
            d,
            "characters.toml",
            "name_ja = \"烈火の突撃\"",
            "name_ja = 3",
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.item == "ember-knight" && e.problem.contains("ability.name_ja")),
        "{e:?}"
    );
}

#[test]
fn loader_names_file_card_and_field() {
    let e = write_data(|d| replace(d, "scenes.toml", "id = \"s02\"", "id = \"s01\"")).unwrap_err();
    assert!(
        e.iter().any(|e| e.file == "nobi/sword/scenes.toml"
            && e.item == "s01"
            && e.problem.contains("`id`")),
        "{e:?}"
    );
    let e = write_data(|d| {
        replace(
            d,
            "scenes.toml",
            "check = \"Power: 12\"",
            "check = \"Charm: 12\"",
        )
    })
    .unwrap_err();
    assert!(
        e.iter().any(|e| e.item == "s01"
            && e.problem.contains("field `check`")
            && e.problem.contains("unknown skill")),
        "{e:?}"
    );
    let e = write_data(|d| replace(d, "scenes.toml", "check = \"Power: 12\"", "")).unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.item == "s01" && e.problem.contains("missing test")),
        "{e:?}"
    );
    let e = write_data(|d| {
        let p = d.join("light.toml");
        let s = std::fs::read_to_string(&p).unwrap();
        let cut = s.find("[[light]]\nid = \"l20\"").unwrap();
        std::fs::write(&p, &s[..cut]).unwrap();
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.file == "nobi/sword/light.toml" && e.problem.contains("exactly 20")),
        "{e:?}"
    );
    let e = write_data(|d| {
        replace(
            d,
            "characters.toml",
            "tag = \"solo\"",
            "tag = \"sometimes\"",
        )
    })
    .unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.item == "ember-knight" && e.problem.contains("field `ability.tag`")),
        "{e:?}"
    );
    let e = write_data(|d| replace(d, "characters.toml", "power = 5", "strength = 5")).unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.item == "ember-knight" && e.problem.contains("field `power`: is missing")),
        "{e:?}"
    );
    let e = write_data(|d| replace(d, "characters.toml", "side = \"back\"", "side = \"front\""))
        .unwrap_err();
    assert!(
        e.iter()
            .any(|e| e.problem.contains("exactly one front and one back")),
        "{e:?}"
    );
}

#[test]
fn rule_nobi_effects_parse() {
    assert_eq!(
        Effect::parse("bonus +2 power"),
        Ok(Effect::Bonus {
            amount: 2,
            skill: Some(Skill::Power)
        })
    );
    assert_eq!(
        Effect::parse("difficulty -2"),
        Ok(Effect::Difficulty { amount: 2 })
    );
    assert!(Effect::parse("bonus +2 charm").is_err());
    assert!(Effect::parse("teleport").is_err());
}

#[test]
fn rule_nobi_choosing_a_side_takes_the_whole_card() {
    // "8 double-sided Character cards, making a total of 16 characters."
    let mut t = table(&["moss"]);
    t.edit(|g| g.step = Scene::Joining);
    let e = t.no("p1", join("Cinder the Talking Cat"));
    assert!(
        e.contains("alice") || e.contains("p0 holds that card"),
        "{e}"
    );
    assert!(t.g.free_characters(&t.data).len() == 14);
}

#[test]
fn rule_nobi_mode_follows_player_count_and_six_is_refused() {
    assert_eq!(Mode::for_players(1), Mode::Solo);
    assert_eq!(Mode::for_players(2), Mode::TwoPlayer);
    assert_eq!(Mode::for_players(3), Mode::Regular);
    assert_eq!(Mode::for_players(5), Mode::Regular);
    let t = table(&["moss", "aldra", "ilse", "wren", "lark"]);
    assert_eq!(t.g.mode, Mode::Regular);
    let mut t = table(&["moss", "aldra", "ilse", "wren", "lark"]);
    t.edit(|g| g.step = Scene::Joining);
    let e = t.no("p5", join("gruff"));
    assert!(e.contains("full"), "{e}");
}

#[test]
fn rule_nobi_joining_a_running_game_is_refused() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    let e = t.no("p9", join("gruff"));
    assert!(e.contains("already running"), "{e}");
}

#[test]
fn rule_nobi_first_main_character_sits_left_of_the_gm_and_roles_pass_left() {
    // "the player to their left becomes the first Main Character";
    // "the Main Character becomes the GM and the next player to the left becomes the Main Character."
    let mut t = table(&["moss", "aldra", "ilse"]);
    assert_eq!((t.g.gm, t.g.mc), (0, 1));
    t.force_roleplay();
    t.ok(
        "p1",
        NobiCommand::Act {
            text: "I dance".into(),
        },
    );
    t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Success,
        },
    );
    assert_eq!((t.g.gm, t.g.mc), (1, 2));
    assert_eq!(t.g.seats[0].gm_count, 1);
    assert_eq!(t.g.step, Scene::Scene);
}

#[test]
fn rule_nobi_only_the_gm_draws_scenes_and_only_the_main_character_rolls() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    assert!(t.no("p1", NobiCommand::Scene).contains("only the GM"));
    t.ok("p0", NobiCommand::Scene);
    t.force_check(Skill::Power, 11);
    assert!(t
        .no("p2", NobiCommand::Roll)
        .contains("only the Main Character"));
    assert!(t
        .no("p0", NobiCommand::Roll)
        .contains("only the Main Character"));
    t.ok("p1", NobiCommand::Roll);
}

#[test]
fn rule_nobi_success_gains_light_failure_gains_darkness() {
    // "The Main Character gains a Light card if they successfully complete the Scene, and a Darkness card if they don't."
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_check(Skill::Power, 2); // 2d6+5 ≥ 2 always
    t.ok("p1", NobiCommand::Roll);
    assert_eq!(t.g.seats[1].chars[0].light.len(), 1);
    assert_eq!(t.g.seats[1].successes, 1);
    t.force_check(Skill::Power, 30); // 2d6+1 never reaches 30
    t.ok("p2", NobiCommand::Roll);
    assert_eq!(t.g.seats[2].chars[0].darkness.len(), 1);
    assert_eq!(t.g.seats[2].failures, 1);
}

#[test]
fn rule_nobi_light_card_bonus_raises_the_skill() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    let before = t.g.seats[1].chars[0].skill(&t.data, Skill::Power);
    t.g.seats[1].chars[0].light.push("l05".into()); // +2 Power
    assert_eq!(
        t.g.seats[1].chars[0].skill(&t.data, Skill::Power),
        before + 2
    );
    t.g.seats[1].chars[0].darkness.push("d01".into()); // -1 Power
    assert_eq!(
        t.g.seats[1].chars[0].skill(&t.data, Skill::Power),
        before + 1
    );
}

#[test]
fn rule_nobi_abilities_one_per_character_per_scene_announced_before_the_roll() {
    // "you must announce it BEFORE rolling the dice"; "each character may only use one Ability per Scene".
    let mut t = table(&["ilse", "aldra", "lark"]);
    t.force_check(Skill::Power, 11);
    // p1 (Aldra, MC) uses her Solo ability on her own Power check.
    let out = t.ok(
        "p1",
        NobiCommand::Use {
            ability: "Blazing Charge".into(),
        },
    );
    assert!(out.contains("2d6+7"), "{out}");
    let e = t.no(
        "p1",
        NobiCommand::Use {
            ability: "Blazing Charge".into(),
        },
    );
    assert!(e.contains("at most one Ability per Scene"), "{e}");
    // p2's All ability helps; it shows the new odds.
    let out = t.ok(
        "p2",
        NobiCommand::Use {
            ability: "Lucky Coin".into(),
        },
    );
    assert!(
        out.contains("2d6+8") && out.contains("chance of success"),
        "{out}"
    );
    t.ok("p1", NobiCommand::Roll);
    let e = t.no(
        "p2",
        NobiCommand::Use {
            ability: "Lucky Coin".into(),
        },
    );
    assert!(e.contains("BEFORE the roll"), "{e}");
}

#[test]
fn rule_nobi_gm_character_is_not_used_during_their_scene() {
    // "the current GM's character and cards are not used during the Scene."
    let mut t = table(&["ilse", "aldra", "lark"]);
    t.force_check(Skill::Power, 11);
    let e = t.no(
        "p0",
        NobiCommand::Use {
            ability: "Read the Stars".into(),
        },
    );
    assert!(e.contains("GM's character"), "{e}");
}

#[test]
fn rule_nobi_two_player_gm_may_help_with_own_characters() {
    // "The GM can use their own characters to help the Main Character."
    let mut t = table(&["ilse", "aldra"]);
    assert_eq!(t.g.mode, Mode::TwoPlayer);
    assert!(t.g.seats.iter().all(|s| s.chars.len() == 2));
    t.force_check(Skill::Power, 11);
    t.ok(
        "p0",
        NobiCommand::Use {
            ability: "Read the Stars".into(),
        },
    );
    assert!(matches!(&t.g.step, Scene::Check { uses, .. } if uses.len() == 1));
}

#[test]
fn rule_nobi_ability_limit_per_character_or_per_player_setting() {
    // Main text: "each character may only use one Ability per Scene"; reference card: "Each player".
    let mut t = table(&["ilse", "aldra"]);
    let aldra_support = t.g.seats[1].chars[1].character.clone();
    assert_ne!(aldra_support, "");
    t.force_check(Skill::Technique, 11);
    // Two-player: the GM (p0) has two characters; by default each may use one Ability.
    t.edit(|g| g.seats[0].chars[1] = super::state::Sheet::new("guild-bard"));
    t.ok(
        "p0",
        NobiCommand::Use {
            ability: "Read the Stars".into(),
        },
    );
    t.ok(
        "p0",
        NobiCommand::Use {
            ability: "Rousing Song".into(),
        },
    );
    t.force_check(Skill::Technique, 11);
    t.ok(
        "p0",
        NobiCommand::Settings {
            remind_after: None,
            limit: Some(AbilityLimit::Player),
        },
    );
    t.ok(
        "p0",
        NobiCommand::Use {
            ability: "Read the Stars".into(),
        },
    );
    let e = t.no(
        "p0",
        NobiCommand::Use {
            ability: "Rousing Song".into(),
        },
    );
    assert!(e.contains("one Ability per player"), "{e}");
}

#[test]
fn rule_nobi_solo_assist_and_permanent_tags() {
    // "Solo" only on your own tests; "Assist" helps another; "Permanent" is always active.
    let mut t = table(&["aldra", "ilse", "tess"]);
    t.force_check(Skill::Power, 11);
    let e = t.no(
        "p2",
        NobiCommand::Use {
            ability: "Unbreakable".into(),
        },
    );
    assert!(e.contains("Permanent"), "{e}");
    // p1 (Ilse, MC) cannot Assist herself.
    let e = t.no(
        "p1",
        NobiCommand::Use {
            ability: "Read the Stars".into(),
        },
    );
    assert!(e.contains("Assist"), "{e}");
    // Solo ability of someone else is refused.
    t.edit(|g| {
        g.gm = 2;
        g.mc = 1;
    });
    let e = t.no(
        "p0",
        NobiCommand::Use {
            ability: "Blazing Charge".into(),
        },
    );
    assert!(e.contains("Solo"), "{e}");
    // A Permanent ability applies to its owner's own check without announcement.
    t.edit(|g| {
        g.gm = 1;
        g.mc = 2;
    });
    let plan = super::check::current_plan(&t.g, &t.data).unwrap();
    assert_eq!(plan.expr(), "2d6+6", "Tess Power 5 + Unbreakable 1");
}

#[test]
fn rule_nobi_the_gm_lowers_the_difficulty_and_may_raise_it_for_a_scene_cards_procedure() {
    // "suggest a few ideas to the GM to convince them to reduce the Difficulty" (lowering);
    // raising follows a Scene card's own procedure (docs/rules-choices.md).
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_check(Skill::Technique, 13);
    assert!(t
        .no("p1", NobiCommand::Difficulty { value: 9 })
        .contains("only the GM"));
    assert!(t
        .no("p0", NobiCommand::Difficulty { value: 13 })
        .contains("is 13 already"));
    let out = t.ok("p0", NobiCommand::Difficulty { value: 9 });
    assert!(
        out.contains("lowers the Difficulty from 13 to 9") && out.contains("vs 9"),
        "{out}"
    );
    let out = t.ok("p0", NobiCommand::Difficulty { value: 15 });
    assert!(
        out.contains("raises the Difficulty from 9 to 15") && out.contains("vs 15"),
        "{out}"
    );
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("raises the Difficulty from 9 to 15")));
}

#[test]
fn rule_nobi_the_gm_may_decide_a_check_without_dice_and_it_is_logged() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_check(Skill::Technique, 13);
    assert!(t
        .no(
            "p1",
            NobiCommand::Verdict {
                result: Verdict::Success
            }
        )
        .contains("only the GM"));
    let out = t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Failure,
        },
    );
    assert!(
        out.contains("decides the check without rolling: **failure**"),
        "{out}"
    );
    assert_eq!(
        t.g.seats[1].chars[0].darkness.len(),
        1,
        "a failure brings Darkness"
    );
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("decides the check without dice: failure")));
}

#[test]
fn rule_nobi_roleplay_the_gm_alone_decides_even_before_a_typed_act() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_roleplay();
    assert!(t
        .no("p2", NobiCommand::Act { text: "x".into() })
        .contains("only the Main Character"));
    assert!(t.no("p1", NobiCommand::Roll).contains("no dice"));
    t.ok(
        "p1",
        NobiCommand::Act {
            text: "I juggle torches".into(),
        },
    );
    assert!(t
        .no(
            "p2",
            NobiCommand::Verdict {
                result: Verdict::Success
            }
        )
        .contains("only the GM"));
    t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Failure,
        },
    );
    assert_eq!(t.g.seats[1].chars[0].darkness.len(), 1);
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("I juggle torches")));
    // A voice table plays the challenge aloud: the GM's verdict needs no typed act.
    let gm = format!("p{}", t.g.gm);
    t.ok(&gm, NobiCommand::Scene);
    t.force_roleplay();
    t.ok(
        &gm,
        NobiCommand::Verdict {
            result: Verdict::Success,
        },
    );
    assert!(
        matches!(t.g.step, Scene::Scene | Scene::Epilogue { .. }),
        "{:?}",
        t.g.step
    );
}

fn play_scene(t: &mut T, success: bool) {
    let gm = format!("p{}", t.g.gm);
    let mc = format!("p{}", t.g.mc);
    t.ok(&gm, NobiCommand::Scene);
    t.force_roleplay();
    t.ok(&mc, NobiCommand::Act { text: "go".into() });
    t.ok(
        &gm,
        NobiCommand::Verdict {
            result: if success {
                Verdict::Success
            } else {
                Verdict::Failure
            },
        },
    );
}

#[test]
fn rule_nobi_epilogue_after_each_player_has_been_gm_three_times() {
    // "Once each of the players have been the GM 3 times, the story reaches its end."
    let mut t = table(&["moss", "aldra", "ilse"]);
    for i in 0..9 {
        assert!(!matches!(t.g.step, Scene::Epilogue { .. }), "scene {i}");
        play_scene(&mut t, i % 2 == 0);
    }
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    assert!(t.g.seats.iter().all(|s| s.gm_count == 3));
    // No GM in the Epilogue: no Scene, no difficulty change.
    assert!(t.no("p0", NobiCommand::Scene).contains("Epilogue"));
    // Only All abilities.
    let e = t.no(
        "p1",
        NobiCommand::Use {
            ability: "Blazing Charge".into(),
        },
    );
    assert!(e.contains("only `All` Abilities"), "{e}");
    // Players choose the tester; only they roll.
    t.ok(
        "p1",
        NobiCommand::Tester {
            player: UserId::new("p2"),
        },
    );
    assert!(t
        .no("p1", NobiCommand::Roll)
        .contains("p2 takes the final test"));
    t.ok("p2", NobiCommand::Roll);
    assert!(t.g.is_over());
    assert!(t.g.final_result.is_some());
}

#[test]
fn rule_nobi_two_player_epilogue_after_both_gm_three_times() {
    let mut t = table(&["moss", "aldra"]);
    for _ in 0..6 {
        play_scene(&mut t, true);
    }
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    assert!(t.g.seats.iter().all(|s| s.gm_count == 3));
}

#[test]
fn rule_nobi_solo_difficulty_minus_four_and_epilogue_after_five_scenes() {
    // "Reduce Skill check difficulties by 4." "After 5 Scenes, draw an Epilogue card."
    let mut t = table(&["gruff"]);
    assert_eq!(t.g.mode, Mode::Solo);
    assert_eq!((t.g.gm, t.g.mc), (0, 0));
    let mut seen_check = false;
    for _ in 0..5 {
        assert!(!matches!(t.g.step, Scene::Epilogue { .. }));
        t.ok("p0", NobiCommand::Scene);
        match t.g.step.clone() {
            Scene::Check {
                printed,
                difficulty,
                ..
            } => {
                seen_check = true;
                assert_eq!(difficulty, printed - 4);
                t.ok("p0", NobiCommand::Roll);
            }
            _ => {
                t.ok("p0", NobiCommand::Act { text: "go".into() });
                t.ok(
                    "p0",
                    NobiCommand::Verdict {
                        result: Verdict::Success,
                    },
                );
            }
        }
    }
    assert!(seen_check);
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    // "Ignore the Epilogue's Test."
    assert!(t.no("p0", NobiCommand::Roll).contains("skipped"));
    // "Imagine how the adventure ends": written in as many parts as the player likes, then
    // closed explicitly.
    assert!(t
        .no("p0", NobiCommand::Finish)
        .contains("write how the adventure ends first"));
    for part in ["The dragon sleeps.", "It ends well."] {
        t.ok("p0", NobiCommand::Act { text: part.into() });
        assert!(!t.g.is_over(), "one part does not end the adventure");
    }
    assert!(t.ok("p0", NobiCommand::Finish).contains("The End"));
    assert!(t.g.is_over());
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("The dragon sleeps.")));
}

#[test]
fn rule_nobi_deck_exhaustion_reshuffles_played_scenes_and_set_aside_epilogues() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.edit(|g| {
        let all: Vec<String> = g.decks.scenes.drain(..).collect();
        g.decks.scene_discard = all;
    });
    let out = t.ok("p0", NobiCommand::Scene);
    assert!(out.contains("shuffled into a new deck"), "{out}");
    assert_eq!(t.g.decks.scenes.len(), 39);
    // Epilogue redraws: 8 cards, then the set-aside ones come back.
    t.edit(|g| {
        g.step = Scene::Scene;
        take_scene(g, "s05");
        g.decks.scenes.push("s05".into());
        for s in g.seats.iter_mut() {
            s.gm_count = 3;
        }
        g.seats[0].gm_count = 2;
    });
    play_scene(&mut t, true);
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    let mut reshuffled = false;
    for _ in 0..10 {
        reshuffled |= t.ok("p1", NobiCommand::Redraw).contains("shuffled back");
    }
    assert!(reshuffled);
    let total = t.g.decks.epilogues.len() + t.g.decks.epilogue_discard.len() + 1;
    assert_eq!(total, 8, "no Epilogue card is lost");
}

#[test]
fn rule_nobi_reminders_wait_the_interval_and_only_the_system_sends_them() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    assert_eq!(t.g.next_wakeup(), Some(START + 24 * 3600));
    assert_eq!(t.g.wakeup_action(START + 24 * 3600 - 1), None);
    assert_eq!(
        t.g.wakeup_action(START + 24 * 3600),
        Some(NobiCommand::Remind)
    );
    // No command sends a reminder: a player who types one is refused.
    let typed = t.h.err("p1: /nobi remind");
    assert!(typed.contains("is not a command"), "{typed}");
    // A second short of the interval: nothing; at the interval the table itself reminds.
    assert!(t.h.line("@wait 86399s").replies.is_empty());
    let r = t.h.line("@wait 1s").replies;
    t.g = t.h.state();
    assert_eq!(
        r[0].message.pings,
        vec![UserId::new("p0")],
        "exactly the GM who must draw"
    );
    assert_eq!(
        t.g.next_wakeup(),
        Some(START + 48 * 3600),
        "one per interval"
    );
    // The GM acts: the Main Character now waits, timer restarts.
    t.h.line("@wait 60s");
    t.ok("p0", NobiCommand::Scene);
    let now = START + 24 * 3600 + 60;
    assert_eq!(t.g.next_wakeup(), Some(now + 24 * 3600));
    t.ok(
        "p0",
        NobiCommand::Settings {
            remind_after: Some(0),
            limit: None,
        },
    );
    assert_eq!(t.g.next_wakeup(), None);
    assert!(t
        .no(
            "p1",
            NobiCommand::Settings {
                remind_after: Some(5),
                limit: None,
            }
        )
        .contains("only the host"));
}

#[test]
fn story_export_is_markdown_with_scenes_and_outcomes() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    play_scene(&mut t, true);
    let md = super::view::story_markdown(&t.g, &t.data);
    assert!(md.starts_with("# Nobi Nobi Sword"));
    assert!(md.contains("## Introduction:"));
    assert!(md.contains("## Scene 1:"));
    assert!(md.contains("**Outcome:** success"));
    let out = super::view::story_message(&t.g, &t.data);
    assert!(out.body.contains("attached as Markdown"), "{:?}", out.body);
}

#[test]
fn command_declaration_fits_discord_limits() {
    assert_eq!(Nobi::command().problems(""), Vec::<String>::new());
}

#[test]
fn join_autocomplete_lists_only_free_characters() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.edit(|g| g.step = Scene::Joining);
    let cmd = Command::new("nobi join");
    let all =
        t.g.autocomplete(&actor("p9"), &cmd, "character", "", &t.data);
    assert_eq!(all.len(), 10, "16 characters minus 3 cards × 2 sides");
    assert!(
        !all.iter().any(|c| c.value.contains("Cinder")),
        "Moss's other side is taken"
    );
    let w =
        t.g.autocomplete(&actor("p9"), &cmd, "character", "archer", &t.data);
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].value, "Wren the Sky Archer");
    // Ability autocomplete lists the viewer's announceable abilities.
    let a = t.g.autocomplete(
        &actor("p1"),
        &Command::new("nobi use"),
        "ability",
        "",
        &t.data,
    );
    assert_eq!(
        a.iter().map(|c| c.value.as_str()).collect::<Vec<_>>(),
        vec!["Blazing Charge"]
    );
}

#[test]
fn refused_actions_change_nothing_across_every_step() {
    // Every refusal goes through `T::act`, which asserts the state is unchanged.
    let mut t = table(&["moss", "aldra", "ilse"]);
    for (who, a) in [
        ("p1", NobiCommand::Scene),
        ("p0", NobiCommand::Roll),
        (
            "p2",
            NobiCommand::Verdict {
                result: Verdict::Success,
            },
        ),
        ("p9", NobiCommand::Act { text: "x".into() }),
        ("p1", NobiCommand::Redraw),
        ("p1", NobiCommand::Difficulty { value: 3 }),
        ("p1", NobiCommand::Begin { gm: None }),
        ("p1", NobiCommand::Leave),
    ] {
        t.no(who, a);
    }
}

#[test]
fn status_shows_how_many_cards_are_left_in_each_deck() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    let before = t.g.decks.scenes.len();
    t.ok("p0", NobiCommand::Scene);
    assert_eq!(t.g.decks.scenes.len(), before - 1, "a Scene was drawn");
    let m = super::view::status(&t.g, &actor("p1"), &t.data);
    let shown = m
        .fields
        .iter()
        .find(|f| f.name == "Cards left")
        .map(|f| f.value.clone())
        .expect("a Cards left field");
    assert_eq!(
        shown,
        format!(
            "Scene {} · Light {} · Darkness {} · Epilogue {}",
            before - 1,
            t.g.decks.light.len(),
            t.g.decks.darkness.len(),
            t.g.decks.epilogues.len()
        )
    );
}

#[test]
fn rule_nobi_epilogue_npcs_from_light_and_darkness_cards_may_join() {
    // "NPCs (Non-Player Characters, secondary characters) can join in this Scene if they come
    // from Light or Darkness cards."
    let mut t = table(&["moss", "aldra", "ilse"]);
    let pony = t
        .data
        .light
        .iter()
        .find(|c| c.is_npc())
        .expect("the data has a Light NPC card")
        .clone();
    assert!(t
        .no(
            "p1",
            NobiCommand::Npc {
                card: pony.name.clone()
            }
        )
        .contains("Epilogue"));
    for i in 0..9 {
        play_scene(&mut t, i % 2 == 0);
    }
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    t.edit(|g| {
        for seat in &mut g.seats {
            for c in &mut seat.chars {
                c.light.clear();
                c.darkness.clear();
            }
        }
    });
    let refused = t.no(
        "p1",
        NobiCommand::Npc {
            card: pony.name.clone(),
        },
    );
    assert!(refused.contains("nobody holds"), "{refused}");
    t.edit(|g| g.seats[2].chars[0].light.push(pony.id.clone()));
    let list = npcs(&t);
    assert!(
        list.contains(&pony.name) && list.contains("p2's card"),
        "{list}"
    );
    let out = t.ok(
        "p1",
        NobiCommand::Npc {
            card: pony.name.to_lowercase(),
        },
    );
    assert!(
        out.contains(&format!("**{}** joins the final Scene", pony.name)),
        "{out}"
    );
    assert!(t
        .no(
            "p1",
            NobiCommand::Npc {
                card: pony.name.clone()
            }
        )
        .contains("already joined"));
    assert!(t
        .no(
            "p1",
            NobiCommand::Npc {
                card: "Nobody".into()
            }
        )
        .contains("not an NPC card"));
    // Another Epilogue card keeps who joined.
    t.ok("p1", NobiCommand::Redraw);
    assert!(npcs(&t).contains("· joined"));
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("joins the final Scene")));
}

#[test]
fn the_guide_lists_every_character_with_its_skills_and_ability() {
    // docs/nobi.md is how a player chooses before joining: it must match the data.
    let d = load();
    let guide =
        std::fs::read_to_string(croupier_core::source_path("docs/nobi.md")).expect("docs/nobi.md");
    for c in &d.characters {
        let row = format!(
            "| {} | {} | {} | {} | **{}** ({}): {} |",
            c.name,
            c.profession,
            c.power,
            c.technique,
            c.ability.name,
            c.ability.tag.name(),
            c.ability.text
        );
        assert!(
            guide.contains(&row),
            "docs/nobi.md lacks or misstates:\n{row}"
        );
    }
}

#[test]
fn the_declaration_parses_every_option_and_the_table_checks_who_begins() {
    let t = table(&["moss", "aldra", "ilse"]);
    let parse = |line: &str| {
        t.g.parse(&host(), &Command::parse_line(line).unwrap(), &t.data, &())
    };
    // `/nobi settings limit:` is declared (Discord can send it) and reads its choices.
    let spec = Nobi::command();
    let settings = spec.leaf(&["settings".to_string()]).expect("declared");
    let limit = settings
        .options
        .iter()
        .find(|o| o.name == "limit")
        .expect("limit is declared");
    assert_eq!(
        limit.choices,
        vec![
            ("character".to_string(), "character".to_string()),
            ("player".to_string(), "player".to_string())
        ]
    );
    assert_eq!(
        parse("/nobi settings limit:PLAYER").unwrap(),
        NobiCommand::Settings {
            remind_after: None,
            limit: Some(AbilityLimit::Player)
        }
    );
    assert_eq!(
        parse("/nobi settings limit:team").unwrap_err().0,
        "limit `team` is unknown; use character or player."
    );
    assert_eq!(
        parse("/nobi verdict result:no").unwrap(),
        NobiCommand::Verdict {
            result: Verdict::Failure
        }
    );
    assert_eq!(
        parse("/nobi inspire table:Opponents").unwrap(),
        NobiCommand::Inspire {
            table: InspireTable::Opponents
        }
    );
    assert!(parse("/nobi difficulty value:31")
        .unwrap_err()
        .0
        .contains("from 0 to 30"));
    assert!(parse("/nobi roll target:x")
        .unwrap_err()
        .0
        .contains("has no option `target:`"));
    // Beginning is the host's: the declaration says so, the table checks it once.
    let begin = Command::parse_line("/nobi begin").unwrap();
    let check =
        |a: &Actor| croupier_core::table::declare::check_permission(&spec, &begin, a, "p0", &[]);
    assert!(check(&actor("p1"))
        .unwrap_err()
        .0
        .contains("only the host (<@p0>)"));
    assert!(check(&host()).is_ok());
}

/// Announcing an Ability by name.
/// The NPC cards the players hold, as the Epilogue lists them in English.
fn npcs(t: &T) -> String {
    croupier_core::table::Value::Lines(super::view::npc_list(&t.g, &t.data))
        .text(croupier_core::i18n::Locale::En)
}

fn uses(ability: &str) -> NobiCommand {
    NobiCommand::Use {
        ability: ability.into(),
    }
}

/// Plays Scenes until the Epilogue begins.
fn to_epilogue(t: &mut T) {
    for i in 0..40 {
        if matches!(t.g.step, Scene::Epilogue { .. }) {
            return;
        }
        play_scene(t, i % 2 == 0);
    }
    panic!("no Epilogue after 40 Scenes");
}

fn epilogue_tester(t: &T) -> usize {
    match &t.g.step {
        Scene::Epilogue { tester, .. } => *tester,
        s => panic!("not in the Epilogue: {s:?}"),
    }
}

#[test]
fn rule_nobi_epilogue_redraw_keeps_the_chosen_tester_in_its_prompt_and_odds() {
    // "If you prefer to end the story with an epic battle, you can simply continue drawing new
    // cards" — the players' choice of who takes the final test stays with the new card.
    let mut t = table(&["moss", "aldra", "ilse", "wren"]);
    to_epilogue(&mut t);
    let default = epilogue_tester(&t);
    let chosen = (default + 1) % 4;
    let who = format!("p{chosen}");
    t.ok(
        "p0",
        NobiCommand::Tester {
            player: UserId::new(&who),
        },
    );
    let out = t.ok("p0", NobiCommand::Redraw);
    assert_eq!(epilogue_tester(&t), chosen);
    let ping = out.lines().find(|l| l.starts_with("➡️")).expect("a prompt");
    assert!(ping.contains(&format!("<@{who}>")), "{out}");
    // The odds shown are the chosen tester's.
    let plan = super::check::current_plan(&t.g, &t.data).unwrap();
    assert!(out.contains(&plan.line()), "{out}");
    t.ok(&who, NobiCommand::Roll);
    assert!(t.g.is_over());
}

#[test]
fn rule_nobi_two_reroll_abilities_in_one_scene_each_roll_once_more() {
    // "Second Brew (Solo): If your own check fails, roll the dice once more" and "Read the
    // Stars (Assist): If another character's check fails, they roll once more": announced in
    // the same Scene, both count.
    let mut t = table(&["aldra", "moss", "ilse"]);
    t.force_check(Skill::Technique, 9);
    t.ok("p1", uses("Second Brew"));
    t.ok("p2", uses("Read the Stars"));
    let plan = super::check::current_plan(&t.g, &t.data).unwrap();
    assert_eq!(plan.rerolls, 2);
    // Moss: 2d6+5 vs 9 → 4+ on 2d6 = 33/36; fails only if all 3 rolls fail.
    let p: f64 = 33.0 / 36.0;
    assert!((plan.chance().unwrap() - (1.0 - (1.0 - p).powi(3))).abs() < 1e-12);
    assert!(plan.line().contains("2 rerolls"), "{}", plan.line());
    // Out of reach: every roll fails, and the dice are rolled three times.
    t.edit(|g| {
        if let Scene::Check { difficulty, .. } = &mut g.step {
            *difficulty = 30;
        }
    });
    let out = t.ok("p1", NobiCommand::Roll);
    assert_eq!(out.matches("reroll: ").count(), 2, "{out}");
}

#[test]
fn rule_nobi_status_shows_each_characters_own_ability() {
    // "Each character has an Ability that can help you during your adventures."
    let t = table(&["moss", "aldra", "ilse"]);
    let status = super::view::status(&t.g, &actor("p1"), &t.data).plain_text();
    for ability in ["Second Brew", "Blazing Charge", "Read the Stars"] {
        assert!(status.contains(ability), "{ability} missing: {status}");
    }
    assert!(status.contains("If your own check fails"), "{status}");
}

#[test]
fn rule_nobi_darkness_card_descriptions_are_shown_face_up() {
    // "A Darkness card shows: Name, Description, Effect." and "they should place it face up".
    let mut t = table(&["moss", "aldra", "ilse"]);
    let rival = t
        .data
        .darkness
        .iter()
        .find(|c| c.is_npc())
        .expect("a Darkness NPC card")
        .clone();
    t.edit(|g| {
        g.decks.darkness.retain(|c| c != &rival.id);
        g.decks.darkness.push(rival.id.clone());
    });
    t.ok("p0", NobiCommand::Scene);
    t.force_roleplay();
    let out = t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Failure,
        },
    );
    assert!(out.contains(&rival.description), "{out}");
    let status = super::view::status(&t.g, &actor("p2"), &t.data).plain_text();
    assert!(status.contains(&rival.description), "{status}");
    assert!(super::view::story_markdown(&t.g, &t.data).contains(&rival.description));
}

#[test]
fn rule_nobi_narrative_abilities_may_help_a_roleplay_scene() {
    // "Each character has an Ability that can help you during your adventures. The
    // descriptions for the Abilities explain how and when you can use them." Call the Fog has
    // no dice effect: the GM decides what it changes, so it works in a Role-play Scene.
    let mut t = table(&["gruff", "nerys", "pim"]);
    t.force_roleplay();
    let out = t.ok("p1", uses("Call the Fog"));
    assert!(out.contains("Call the Fog"), "{out}");
    assert!(t.g.story.iter().any(|s| s
        .text(croupier_core::i18n::Locale::En)
        .contains("Call the Fog")));
    // One Ability per character per Scene here too.
    let again = t.no("p1", uses("Call the Fog"));
    assert!(again.contains("at most one Ability per Scene"), "{again}");
    // An Ability that changes a roll has nothing to change.
    let shield = t.no("p2", uses("Hold the Shield"));
    assert!(shield.contains("Role-play challenge has none"), "{shield}");
    // "the current GM's character and cards are not used during the Scene."
    let gm = t.no("p0", uses("Boulder Toss"));
    assert!(gm.contains("not used during their Scene"), "{gm}");
    t.ok(
        "p1",
        NobiCommand::Act {
            text: "Fog!".into(),
        },
    );
    t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Success,
        },
    );
}

#[test]
fn rule_nobi_epilogue_default_tester_has_the_best_chance_at_its_skill() {
    // "The players manage the Scene collectively": with nobody chosen, the bot hands the final
    // test to the player most likely to pass it (Pim P3 T3 is never that, next to Gruff P6 and
    // Moss T5, though Pim sits after the last Main Character).
    let mut t = table(&["gruff", "pim", "moss"]);
    for i in 0..8 {
        play_scene(&mut t, i % 2 == 0);
    }
    t.edit(|g| {
        for seat in &mut g.seats {
            for c in &mut seat.chars {
                c.light.clear();
                c.darkness.clear();
            }
        }
    });
    play_scene(&mut t, true);
    assert!(matches!(t.g.step, Scene::Epilogue { .. }));
    assert_eq!(
        (t.g.mc + 1) % 3,
        1,
        "Pim sits after the last Main Character"
    );
    let Scene::Epilogue { card, .. } = t.g.step.clone() else {
        unreachable!()
    };
    let chances = super::check::tester_chances(&t.g, &t.data, &card);
    let best = chances.iter().map(|(_, c)| *c).fold(0.0, f64::max);
    let tester = epilogue_tester(&t);
    assert_ne!(tester, 1);
    assert_eq!(chances[tester].1, best, "{chances:?}");
}

#[test]
fn rule_nobi_a_support_character_does_not_block_a_third_player() {
    // Two-Player Games: "Each player picks 2 Character cards, a main one and a second as a
    // support character" — with 3+ players there are no supports.
    let mut t = lobby();
    t.ok(
        "p0",
        NobiCommand::Join {
            character: Some("aldra".into()),
            support: Some("moss".into()),
        },
    );
    // A second player: the table may still play the two-player variant.
    let e = t.no("p1", join("moss"));
    assert!(e.contains("as a support character"), "{e}");
    t.ok("p1", join("gruff"));
    // A third player: supports will be set aside, so the card is free for a main character.
    let out = t.ok("p2", join("moss"));
    assert!(out.contains("set aside"), "{out}");
    assert_eq!(t.g.seats[0].chars.len(), 1);
    assert_eq!(t.g.seats[2].chars[0].character, "moss-witch");
}

#[test]
fn rule_nobi_a_new_tester_names_the_withdrawn_abilities_and_a_redraw_keeps_joined_npcs() {
    let mut t = table(&["lark", "aldra", "ilse"]);
    to_epilogue(&mut t);
    let tester = epilogue_tester(&t);
    t.ok("p0", uses("Lucky Coin"));
    let other = format!("p{}", (tester + 1) % 3);
    let out = t.ok(
        "p1",
        NobiCommand::Tester {
            player: UserId::new(&other),
        },
    );
    assert!(out.contains("Lucky Coin (p0)"), "{out}");
    // An NPC who joined keeps their mark in the redrawn Epilogue's message.
    let pony = t.data.light.iter().find(|c| c.is_npc()).unwrap().clone();
    t.edit(|g| g.seats[2].chars[0].light.push(pony.id.clone()));
    t.ok(
        "p1",
        NobiCommand::Npc {
            card: pony.name.clone(),
        },
    );
    let out = t.ok("p1", NobiCommand::Redraw);
    assert!(
        out.contains(&format!("{} — ", pony.name)) && out.contains("· joined"),
        "{out}"
    );
}

#[test]
fn rule_nobi_rules_choices_page_says_what_the_bot_does() {
    // docs/rules-nobi.md is the table's reference: each reading it gives is the bot's.
    let doc = std::fs::read_to_string(croupier_core::source_path("docs/rules-nobi.md")).unwrap();
    // The GM may raise the Difficulty for a Scene card's procedure.
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_check(Skill::Power, 10);
    t.ok("p0", NobiCommand::Difficulty { value: 12 });
    assert!(!doc.contains("raising is refused"));
    assert!(doc.contains("raise it"));
    // A check may be decided without dice.
    t.ok(
        "p0",
        NobiCommand::Verdict {
            result: Verdict::Success,
        },
    );
    assert!(doc.contains("`/nobi verdict"));
    // Solo: `/nobi act` writes a part of the ending; `/nobi finish` ends the adventure.
    let mut solo = table(&["gruff"]);
    for _ in 0..5 {
        solo.ok("p0", NobiCommand::Scene);
        solo.force_roleplay();
        solo.ok(
            "p0",
            NobiCommand::Verdict {
                result: Verdict::Success,
            },
        );
    }
    solo.ok(
        "p0",
        NobiCommand::Act {
            text: "End.".into(),
        },
    );
    assert!(!solo.g.is_over());
    assert!(!doc.contains("which ends the adventure"));
    assert!(doc.contains("`/nobi finish`"));
}

#[test]
fn rule_nobi_joining_closes_when_the_adventure_begins() {
    let mut t = table(&["moss", "aldra", "ilse"]);
    t.force_check(Skill::Power, 10);
    let e = t.no("p9", uses("Lucky Coin"));
    assert!(!e.contains("before it begins"), "{e}");
    assert!(e.contains("joining closed"), "{e}");
}

#[test]
fn a_solo_adventure_prints_what_it_printed_before() {
    // The script and what it printed, re-recorded with `UPDATE_EXPECT=1`.
    let mut h = Harness::of::<Nobi>(42);
    h.expect_script("crates/nobi/tests/scripts/solo_adventure.txt");
    assert!(h.state::<Nobi>().is_over());
}

/// Asserts that a transcript read in Japanese holds no English word outside commands, dice,
/// the players' names (`names`, with `GM` and `NPC`) and what the players typed (`typed`):
/// the data's texts (card names, descriptions, effects, Abilities, the special tables'
/// entries) read Japanese too. It is Japanese at all. The attached story (`nobi-story.md`,
/// its lines `  | …`) is read too: it is written in the reader's language.
fn reads_japanese(transcript: &str, names: &[&str], typed: &[&str]) {
    let mut shown: String = transcript
        .lines()
        .filter(|l| !l.starts_with("📎 "))
        .map(|l| format!("{l}\n"))
        .collect();
    for t in typed {
        shown = shown.replace(t, " ");
    }
    let mut allowed = vec!["GM", "NPC"];
    allowed.extend(names);
    let english = croupier_core::testkit::english_words(&shown, &allowed);
    assert!(english.is_empty(), "English words: {english:?}\n{shown}");
    assert!(transcript.contains("シーン"), "{transcript}");
}

/// Runs `line` at both tables: each step is accepted or refused alike and leaves the same
/// state (the words differ, the game does not). A button is pressed by its label in each
/// language (`press Roll` / `press 判定する`).
fn both(en: &mut Harness, ja: &mut Harness, line: &str) -> Step {
    let mut ja_line = line.to_string();
    for (english, japanese) in [
        ("press Draw Scene", "press シーンを引く"),
        ("press Roll", "press 判定する"),
        ("press Success", "press 成功"),
        ("press Failure", "press 失敗"),
        ("press Redraw", "press 引き直す"),
        ("press Join", "press 参加する"),
        ("press The End", "press 完"),
        ("press Story", "press 物語"),
    ] {
        if line.ends_with(english) {
            ja_line = line.replace(english, japanese);
        }
    }
    let a = en.line(line);
    let b = ja.line(&ja_line);
    assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
    assert_eq!(en.state_json(), ja.state_json(), "{line}");
    b
}

/// The solo adventure's script (`tests/scripts/solo_adventure.txt`) played at a table read in
/// Japanese ends as in English after every step, and its Japanese transcript holds no English
/// word outside commands, names, dice and the data's texts.
#[test]
fn a_solo_adventure_played_in_japanese_ends_as_in_english() {
    use croupier_core::i18n::Locale;
    let script = std::fs::read_to_string(croupier_core::source_path(
        "crates/nobi/tests/scripts/solo_adventure.txt",
    ))
    .expect("the script");
    let mut en = Harness::of::<Nobi>(42);
    let mut ja = Harness::of::<Nobi>(42).reading(Locale::Ja);
    let mut steps = 0;
    for line in script.lines().map(str::trim) {
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        both(&mut en, &mut ja, line);
        steps += 1;
    }
    assert_eq!(steps, 21, "the whole script ran");
    assert!(ja.state::<Nobi>().is_over());
    let transcript = ja.transcript();
    assert!(transcript.contains("ソロプレイ"), "{transcript}");
    assert!(transcript.contains("🏁 完"), "{transcript}");
    reads_japanese(
        transcript,
        &["p0", "p9"],
        &[
            "The dragon sleeps under the mountain.",
            "Gruff goes home a hero.",
        ],
    );
}

/// A three-player adventure from its opening to the final test, in Japanese and in English
/// side by side (the guide's example first: another player rolls out of turn, Abilities,
/// the GM lowers the Difficulty, a reminder), every Scene's buttons pressed by their
/// Japanese labels, the other players acting in between (refused where it is not theirs),
/// `/nobi status` and `/nobi settings` on the way: the same state after every step, and no
/// English word in the Japanese transcript.
#[test]
fn a_three_player_adventure_in_japanese_ends_as_in_english_and_reads_japanese() {
    use croupier_core::i18n::Locale;
    let mut en = Harness::of::<Nobi>(2);
    let mut ja = Harness::of::<Nobi>(2).reading(Locale::Ja);
    let opening = [
        "alice: /nobi new",
        "alice: /nobi join character:moss",
        "bob: /nobi join character:aldra",
        "carol: /nobi join character:pim",
        "carol: /nobi leave",
        "carol: /nobi join character:aldra",
        "carol: /nobi join character:lark",
        "bob: /nobi join character:lark",
        "carol: /nobi roll",
        "alice: /nobi status",
        "alice: /nobi begin gm:@alice",
        "alice: /nobi scene",
        "carol: /nobi roll",
        "alice: /nobi use ability:\"Second Brew\"",
        "bob: /nobi use ability:\"Blazing Charge\"",
        "carol: /nobi use ability:\"Lucky Coin\"",
        "carol: /nobi use ability:\"Lucky Coin\"",
        "alice: /nobi difficulty value:12",
        "alice: /nobi status",
        "bob: press Roll",
        "bob: /nobi use ability:\"Blazing Charge\"",
        "@wait 25h",
        "carol: /nobi settings remind_after:12",
    ];
    for line in opening {
        both(&mut en, &mut ja, line);
    }
    // The Scenes, each as its card asks, until every player has been GM three times.
    let who = |seat: usize| ["alice", "bob", "carol"][seat].to_string();
    let mut scenes = 0;
    loop {
        let g: Nobi = en.state();
        if !matches!(g.step, Scene::Scene) {
            break;
        }
        let (gm, mc) = (who(g.gm), who(g.mc));
        let other = who(3 - g.gm - g.mc);
        both(&mut en, &mut ja, &format!("{mc}: /nobi scene"));
        both(&mut en, &mut ja, &format!("{gm}: press Draw Scene"));
        let g: Nobi = en.state();
        match g.step {
            Scene::Check { .. } => {
                both(&mut en, &mut ja, &format!("{other}: press Roll"));
                both(&mut en, &mut ja, &format!("{mc}: press Roll"));
            }
            _ => {
                both(
                    &mut en,
                    &mut ja,
                    &format!("{other}: /nobi act text:\"横から\""),
                );
                both(
                    &mut en,
                    &mut ja,
                    &format!("{mc}: /nobi act text:\"剣を抜く\""),
                );
                both(
                    &mut en,
                    &mut ja,
                    &format!("{gm}: /nobi narrate text:\"風が吹く\""),
                );
                let verdict = if scenes % 2 == 0 {
                    "Success"
                } else {
                    "Failure"
                };
                both(&mut en, &mut ja, &format!("{gm}: press {verdict}"));
            }
        }
        scenes += 1;
        assert!(scenes <= 9, "the Epilogue comes after nine Scenes");
    }
    assert_eq!(scenes, 8, "the guide's Scene and eight more");
    for line in [
        "alice: /nobi status",
        "bob: /nobi scene",
        "carol: /nobi inspire table:opponents",
        "alice: /nobi narrate text:\"最後の戦い\"",
        "bob: /nobi use ability:\"Blazing Charge\"",
        "bob: /nobi npc card:\"Stubborn Mule\"",
        "carol: /nobi npc card:\"Stubborn Mule\"",
        "carol: /nobi tester player:@bob",
        "carol: /nobi use ability:\"Lucky Coin\"",
        "alice: /nobi roll",
        "alice: /nobi redraw",
        "carol: /nobi use ability:\"Lucky Coin\"",
        "bob: /nobi story",
        "bob: press Roll",
        "carol: /nobi status",
    ] {
        both(&mut en, &mut ja, line);
    }
    let g: Nobi = ja.state();
    assert!(g.is_over(), "{:?}", g.step);
    let transcript = ja.transcript();
    for words in [
        "主人公",
        "難易度",
        "成功率",
        "光カード",
        "エピローグ",
        "⏰ リマインダー",
        "取り消され",
        "最後のシーンに加わります",
        "  | # のびのびソード — わたしたちの冒険",
        "  | ## 導入：",
        "  | **結果：**",
        "  | ## エピローグ：",
    ] {
        assert!(transcript.contains(words), "{words}\n{transcript}");
    }
    reads_japanese(
        transcript,
        &["alice", "bob", "carol"],
        &["横から", "剣を抜く", "風が吹く", "最後の戦い"],
    );
}

/// Every message of `locales/ja/nobi.ftl`, each variant of its selectors read in turn, holds
/// no English word outside commands and its values: the refusals and rare replies the games
/// above do not reach are Japanese too (and every key the code names is in the catalogue).
#[test]
fn every_nobi_message_reads_japanese_in_each_variant() {
    use croupier_core::i18n::{keys, text, variables, Arg, Locale};
    let choices = [
        "yes",
        "no",
        "power",
        "technique",
        "solo",
        "assist",
        "permanent",
        "all",
        "regular",
        "two",
        "light",
        "darkness",
        "success",
        "failure",
        "none",
        "lowers",
        "raises",
        "player",
        "character",
        "objects",
        "opponents",
    ];
    let nobi: Vec<String> = keys(Locale::Ja)
        .into_iter()
        .filter(|k| k.starts_with("nobi-"))
        .collect();
    assert!(nobi.len() > 150, "{}", nobi.len());
    let mut english = vec![];
    for key in &nobi {
        let vars = variables(Locale::Ja, key);
        let mut readings: Vec<Vec<(&str, Arg)>> = vec![];
        for choice in choices {
            readings.push(
                vars.iter()
                    .map(|v| (v.as_str(), Arg::from(choice)))
                    .collect(),
            );
        }
        for n in [0i64, 1, 2] {
            readings.push(vars.iter().map(|v| (v.as_str(), Arg::Int(n))).collect());
        }
        for (i, args) in readings.into_iter().enumerate() {
            // The values as they are.
            let mut shown = text(Locale::Ja, key, &args);
            if let Some(choice) = choices.get(i) {
                shown = shown.replace(choice, " ");
            }
            let found = croupier_core::testkit::english_words(&shown, &["GM", "NPC"]);
            english.extend(found.into_iter().map(|w| format!("{key}: {w}")));
        }
    }
    english.sort();
    english.dedup();
    assert!(english.is_empty(), "{english:#?}");
    // The code's keys are the catalogue's.
    for file in [
        "lib.rs", "play.rs", "view.rs", "check.rs", "state.rs", "data.rs",
    ] {
        let code = std::fs::read_to_string(croupier_core::source_path(&format!(
            "crates/nobi/src/{file}"
        )))
        .expect("the source");
        for key in code.split('"').filter(|s| {
            s.starts_with("nobi-") && s.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        }) {
            assert!(
                nobi.iter().any(|k| k == key),
                "{file}: {key} is in no catalogue"
            );
        }
    }
}

/// A two-player table in Japanese (support characters, one given at random at the start, the
/// GM helping with their own characters, the other player refused in between): the same
/// state as in English after every step, and no English word in its Japanese transcript.
#[test]
fn a_two_player_table_in_japanese_ends_as_in_english_and_reads_japanese() {
    use croupier_core::i18n::Locale;
    let mut en = Harness::of::<Nobi>(5);
    let mut ja = Harness::of::<Nobi>(5).reading(Locale::Ja);
    for line in [
        "alice: /nobi new",
        "alice: /nobi join character:moss support:fen",
        "bob: /nobi join character:aldra support:moss",
        "bob: /nobi join character:aldra",
        "alice: /nobi begin gm:@alice",
        "bob: /nobi scene",
        "alice: press Draw Scene",
        "alice: /nobi use ability:\"Scout Ahead\"",
        "bob: /nobi difficulty value:5",
        "alice: /nobi status",
        "bob: /nobi settings",
    ] {
        both(&mut en, &mut ja, line);
    }
    let g: Nobi = ja.state();
    assert_eq!(g.mode, Mode::TwoPlayer);
    assert!(g.seats.iter().all(|s| s.chars.len() == 2));
    let transcript = ja.transcript();
    for words in [
        "2人用ルール",
        "サブ：",
        "サブキャラクターをランダムに決めました",
    ] {
        assert!(transcript.contains(words), "{words}\n{transcript}");
    }
    reads_japanese(transcript, &["alice", "bob"], &[]);
}
