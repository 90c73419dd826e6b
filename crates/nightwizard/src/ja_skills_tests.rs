//! Night Wizard's skills and items in combat in Japanese (issue #40): a seeded fight in which
//! skills of several Timings (Minor, Auto, Major, Reaction, Damage Roll) and an item are used,
//! effects in force are shown on the tracker and one is ended early, and uses are refused
//! (another player's Minor Action outside their Main Process, an Auto Action declared twice in
//! one Main Process), with the other player and the GM acting in between: each step is accepted
//! or refused as in English and leaves the same session, and the Japanese transcript holds no
//! English word outside commands, names, dice notation and the game's abbreviations.

use croupier_core::i18n::Locale;
use croupier_core::testkit::{english_words, Harness};

use super::character::roster::NwShared;
use super::character::{OwnedItem, OwnedSkill};
use super::data::{load, ItemDef, NwData, SkillDef};
use super::session::NightWizard;

fn data() -> NwData {
    load(&croupier_core::source_path("data")).expect("data loads")
}

/// The shipped skill `id` as a group's own skill `new`, its name and effect in Japanese too
/// (the shipped data gains its Japanese in another slice; these show the words the data
/// carries reach the reader).
fn skill(d: &NwData, id: &str, new: &str, name_ja: &str, effect_ja: &str) -> SkillDef {
    let mut s = d.skills.iter().find(|s| s.id == id).expect(id).clone();
    s.id = new.into();
    s.name = format!("{} {new}", s.name);
    s.name_ja = Some(name_ja.into());
    s.effect_ja = Some(effect_ja.into());
    s
}

/// The shipped item `id` as a group's own item `new`, in Japanese too.
fn item(d: &NwData, id: &str, new: &str, name_ja: &str, effect_ja: &str) -> ItemDef {
    let mut i = d.items.iter().find(|i| i.id == id).expect(id).clone();
    i.id = new.into();
    i.name_ja = Some(name_ja.into());
    i.effect_ja = Some(effect_ja.into());
    i
}

/// The group's own skills and item (added in chat: kept guild-wide and in the session).
fn custom(d: &NwData) -> (Vec<SkillDef>, Vec<ItemDef>) {
    let skills = vec![
        skill(
            d,
            "killing_intent",
            "sakki",
            "殺気",
            "隙だけを狙う：このメインプロセスの間、命中判定のクリティカル値−1。",
        ),
        skill(
            d,
            "vanishing_smoke",
            "kemuri",
            "煙遁",
            "このメインプロセスの間、マイナーアクションなしでエンゲージから離脱できる。",
        ),
        skill(
            d,
            "ember_lance",
            "honoo",
            "炎の槍",
            "魔法攻撃を行う。魔法攻撃力にSL×2を加える。",
        ),
        skill(d, "guard_a", "mamori", "守りの構え", "次の回避判定+2。"),
        skill(
            d,
            "shield_wall",
            "tatekabe",
            "盾の壁",
            "このダメージロールの物理防御力にSL×3を加える。",
        ),
        skill(
            d,
            "iron_wall",
            "teppeki",
            "鉄壁",
            "ラウンドの終了まで、受けるHPダメージ−3。",
        ),
    ];
    let items = vec![item(
        d,
        "antidote_salts",
        "gedokuso",
        "解毒草",
        "消耗品。マイナーアクション：1人のバッドステータス（毒、麻痺）を回復する。",
    )];
    (skills, items)
}

/// Gives Ayla the skills and Bolt the item, and both MP to spend.
fn set_up(h: &mut Harness, d: &NwData) {
    let (skills, items) = custom(d);
    let (s2, i2) = (skills.clone(), items.clone());
    h.edit_shared::<NwShared>("nw", |g| {
        g.custom.skills.extend(s2);
        g.custom.items.extend(i2);
    });
    h.edit::<NightWizard>(|s| {
        s.custom.skills.extend(skills.iter().cloned());
        s.custom.items.extend(items.iter().cloned());
        for p in &mut s.pcs {
            p.mp = 40;
            if p.ch.name == "Ayla" {
                for k in &skills {
                    p.ch.skills.push(OwnedSkill {
                        id: k.id.clone(),
                        sl: 1,
                    });
                }
            } else {
                p.ch.items.push(OwnedItem {
                    id: items[0].id.clone(),
                    equipped: false,
                    preserved: false,
                });
            }
        }
    });
}

/// The fight: its lines, and in Japanese the buttons pressed by their Japanese labels.
const FIGHT: &[(&str, &str)] = &[
    ("gm: /nwenemy spawn name:shade_swarm", ""),
    ("gm: /nwcombat start", ""),
    ("gm: /nwcombat engage a:Bolt b:\"Shade Swarm\"", ""),
    ("alice: /nwcombat invade target:Bolt", ""),
    ("alice: /nwcombat use skill:sakki", ""),
    ("bob: /nwcombat use item:gedokuso", ""),
    ("alice: /nwcombat use skill:kemuri", ""),
    ("alice: /nwcombat use skill:kemuri", ""),
    ("bob: /nwcombat end-effect number:2", ""),
    ("alice: /nwcombat end-effect number:2", ""),
    (
        "alice: /nwcombat use skill:honoo target:\"Shade Swarm\"",
        "",
    ),
    ("gm: press Dodge", "gm: press 回避判定"),
    ("alice: press Damage", "alice: press ダメージ"),
    ("alice: press Defence roll", "alice: press 防御ロール"),
    ("alice: press Apply", "alice: press 適用"),
    ("bob: /nwcombat use item:gedokuso", ""),
    ("bob: /nwcombat pass", ""),
    ("gm: /nwcombat attack target:Ayla", ""),
    ("alice: /nwcombat use skill:mamori", ""),
    ("alice: /nwcombat use skill:teppeki", ""),
    ("alice: press Dodge", "alice: press 回避判定"),
    ("alice: /nwcombat use skill:tatekabe", ""),
    ("gm: press Damage", "gm: press ダメージ"),
    ("gm: /nwcombat end", ""),
];

#[test]
fn skills_and_items_in_a_fight_in_japanese_end_as_in_english_and_read_japanese() {
    let d = data();
    let seed = 37;
    let mut en = Harness::of::<NightWizard>(seed);
    let mut ja = Harness::of::<NightWizard>(seed).reading(Locale::Ja);
    for line in [
        "alice: /nw character new name:Ayla quick:true",
        "bob: /nw character new name:Bolt quick:true",
        "gm: /nw new",
        "alice: /nw session join",
        "bob: /nw session join",
    ] {
        assert!(en.line(line).accepted, "{line}");
        assert!(ja.line(line).accepted, "{line}");
    }
    set_up(&mut en, &d);
    set_up(&mut ja, &d);
    let mut refused = vec![];
    for (line, ja_line) in FIGHT {
        let ja_line = if ja_line.is_empty() { line } else { ja_line };
        let a = en.line(line);
        let b = ja.line(ja_line);
        assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
        if !a.accepted {
            refused.push(*line);
        }
        assert_eq!(en.state_json(), ja.state_json(), "{line}");
    }
    // Refused in both: Bolt's Minor Action item in Ayla's Main Process, Ayla's second Auto
    // Action in one Main Process, and Bolt ending an effect on Ayla.
    assert_eq!(
        refused,
        [
            "bob: /nwcombat use item:gedokuso",
            "alice: /nwcombat use skill:kemuri",
            "bob: /nwcombat end-effect number:2",
        ]
    );
    let end: NightWizard = ja.state();
    assert!(end.combat.is_none(), "the GM ended the fight");
    let bolt = end.pcs.iter().find(|p| p.ch.name == "Bolt").expect("Bolt");
    assert!(
        !bolt.ch.items.iter().any(|i| i.id == "gedokuso"),
        "the item is used up"
    );
    // The fight, from its start (the enemy's spawn is another slice's words), without the
    // harness's own notes.
    let text = ja.transcript();
    for said in [
        "📜 Aylaが殺気（SL 1）を使用します。タイミング：マイナーアクション・コスト：MP 3",
        "#1 殺気：メインプロセスの終了まで命中判定のクリティカル値−1（Ayla）",
        "⛔ 煙遁はメインプロセス1回につき1回（オートアクション）しか宣言できません",
        "⌛ Aylaの煙遁：メインプロセスの終了までマイナーアクションなしで離脱できるを途中で終了しました。",
        "（殺気：クリティカル値−1）",
        "✨ Aylaに守りの構え：次の判定まで回避判定+2。",
        "解毒草を使い切りました。",
    ] {
        assert!(text.contains(said), "{said}\n{text}");
    }
    let fight: String = text[text.find(">>> gm: /nwcombat start").unwrap_or(0)..]
        .lines()
        .filter(|l| !l.starts_with("[#"))
        .map(|l| format!("{l}\n"))
        .collect();
    let names = [
        "alice", "bob", "gm", "GM", "HP", "MP", "SL", "Ayla", "Bolt", "Shade", "Swarm",
    ];
    let english = english_words(&fight, &names);
    assert!(english.is_empty(), "English words: {english:?}");
}

/// Every message of `locales/ja/nightwizard-skills.ftl`, each variant of its selectors read in
/// turn, holds no English word outside commands and its values (the refusals and rare lines
/// the fight above does not reach), and every key the code names is in the catalogue.
#[test]
fn every_skill_and_effect_message_reads_japanese_in_each_variant() {
    use croupier_core::i18n::{keys, text, variables, Arg};
    let choices = [
        "yes",
        "no",
        "pacc",
        "eva",
        "macc",
        "patk",
        "matk",
        "pdef",
        "mdef",
        "spd",
        "hit",
        "dodge",
        "damage",
        "defence",
        "gathering",
        "judge",
        "main",
        "round",
        "scene",
        "fitted",
        "scenario",
        "withdraw-free",
        "cover-while-post-action",
        "lunar-robe",
        "lunar-casket",
        "values",
        "lower",
        "both",
        "none",
        "setup",
        "initiative",
        "cleanup",
        "move",
        "minor",
        "major",
        "reaction",
        "auto",
        "prep",
        "incapacitated",
        "constant",
        "before-judge",
        "after-judge",
        "damage-roll",
        "other",
        "close",
        "short",
        "long",
        "extreme",
        "hp",
        "mp",
        "prana",
        "bs",
        "bs-later",
        "own",
        "far",
        "Close",
        "Short",
        "Long",
        "Scene",
        "Weapon",
    ];
    let ours = |k: &str| {
        k.starts_with("nw-sk-")
            || k.starts_with("nw-fx-")
            || k.starts_with("nw-bs-")
            || k == "nw-once-per"
    };
    let messages: Vec<String> = keys(Locale::Ja).into_iter().filter(|k| ours(k)).collect();
    assert!(messages.len() > 100, "{}", messages.len());
    let mut english = vec![];
    for key in &messages {
        let vars = variables(Locale::Ja, key);
        // Each choice given to every value (its selectors read that variant), then numbers.
        let read = |arg: &dyn Fn() -> Arg, choice: &str| {
            let args: Vec<(&str, Arg)> = vars.iter().map(|v| (v.as_str(), arg())).collect();
            let shown = text(Locale::Ja, key, &args);
            let shown = if choice.is_empty() {
                shown
            } else {
                shown.replace(choice, " ")
            };
            english_words(&shown, &["GM", "PC", "HP", "MP", "SL"])
        };
        let mut found = vec![];
        for choice in choices {
            found.extend(read(&|| Arg::from(choice), choice));
        }
        for n in [0i64, 1, 2] {
            found.extend(read(&|| Arg::Int(n), ""));
        }
        english.extend(found.into_iter().map(|w| format!("{key}: {w}")));
    }
    english.sort();
    english.dedup();
    assert!(english.is_empty(), "{english:#?}");
    // The code's keys are the catalogue's.
    for file in [
        "combat/skills_use/aim.rs",
        "combat/skills_use/declare.rs",
        "combat/skills_use/gate.rs",
        "combat/skills_use/grant.rs",
        "combat/skills_use/mod.rs",
        "combat/skills_use/usable.rs",
        "combat/skills_use/window.rs",
        "combat/effects.rs",
        "combat/model.rs",
        "combat/round.rs",
        "combat/harm.rs",
        "data/effects.rs",
        "status.rs",
        "dispatch.rs",
        "view.rs",
    ] {
        let code = std::fs::read_to_string(croupier_core::source_path(&format!(
            "crates/nightwizard/src/{file}"
        )))
        .expect("the source");
        for key in code
            .split('"')
            .filter(|s| ours(s) && s.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        {
            assert!(
                messages.iter().any(|k| k == key),
                "{file}: {key} is in no catalogue"
            );
        }
    }
}
