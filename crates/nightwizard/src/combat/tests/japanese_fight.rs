//! The rest of the fight in Japanese (issue #40): a seeded fight with the GM's table (spawn,
//! reveal, a boss's HP, an enemy's status set), a Broom mounted and driven into an Engage, an
//! area attack on several Defenders with their Dodge Checks, Cover Up, a Recovery Judge and a
//! cure, played by a table read in Japanese and one read in English: each step is accepted or
//! refused alike and leaves the same session, another player acts in between, and the Japanese
//! transcript holds no English word outside commands, names, dice notation and HP/MP.

use croupier_core::i18n::Locale;
use croupier_core::testkit::{english_words, Harness};

use super::super::super::character::OwnedItem;
use super::super::super::session::NightWizard;

/// A harness of Night Wizard on `seed`, read in `locale`.
fn harness(seed: u64, locale: Locale) -> Harness {
    Harness::of::<NightWizard>(seed).reading(locale)
}

/// Ayla carries a Street Broom, equipped (a quick build buys none).
fn broom(h: &mut Harness) {
    h.edit::<NightWizard>(|s| {
        if let Some(p) = s.pcs.iter_mut().find(|p| p.ch.name == "Ayla") {
            p.ch.items.push(OwnedItem {
                id: "street_broom".into(),
                equipped: true,
                preserved: false,
            });
        }
    });
}

/// The fight: its lines, and in Japanese the buttons pressed by their Japanese labels. `@broom`
/// gives Ayla her Broom.
const FIGHT: &[(&str, &str)] = &[
    ("alice: /nw character new name:Ayla quick:true", ""),
    ("bob: /nw character new name:Bolt quick:true", ""),
    ("gm: /nw new", ""),
    ("alice: /nw session join", ""),
    ("bob: /nw session join", ""),
    ("@broom", ""),
    ("gm: /nwenemy spawn name:shade_swarm", ""),
    (
        "gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true",
        "",
    ),
    ("gm: /nwenemy boss name:Lantern rounds:3", ""),
    ("gm: /nwenemy reveal label:Lantern", ""),
    ("gm: /nwenemy set label:Lantern status:poison:3", ""),
    ("gm: /nwcombat cure target:Lantern status:paralysis", ""),
    ("gm: /nwcombat cure target:Lantern status:poison", ""),
    ("gm: /nwcombat start", ""),
    ("gm: /nwcombat engage a:Lantern b:\"Shade Swarm\"", ""),
    // Ayla: into the enemies' Engage (Move), onto her Broom (Minor), an attack on both (Major).
    ("alice: /nwcombat invade target:\"Shade Swarm\"", ""),
    ("alice: /nwcombat mount", ""),
    ("bob: /nwcombat pass", ""),
    (
        "alice: /nwcombat attack targets:\"Shade Swarm, Lantern\"",
        "",
    ),
    ("gm: /nwcombat dodge who:\"Shade Swarm\"", ""),
    ("bob: /nwcombat dodge", ""),
    ("gm: /nwcombat dodge who:Lantern", ""),
    ("alice: press Damage", "alice: press ダメージ"),
    ("alice: press Defence rolls", "alice: press 防御ロール"),
    ("gm: /nwcombat coverup who:Lantern for:\"Shade Swarm\"", ""),
    ("alice: press Apply", "alice: press 適用"),
    // Bolt: a Recovery Judge for Ayla, a move to a spot, the end of his Main Process.
    ("bob: /nwcombat heal target:Ayla recovery:2", ""),
    (
        "gm: /nwcombat heal target:Lantern recovery:3 who:Lantern",
        "",
    ),
    ("bob: /nwcombat move to:鐘楼", ""),
    (
        "bob: press End Main Process",
        "bob: press メインプロセス終了",
    ),
    ("alice: /nwcombat dismount", ""),
    ("alice: /nwcombat dismount", ""),
    ("gm: /nwcombat pass", ""),
    ("gm: /nwcombat end", ""),
];

/// The ASCII words of `s` (a data name or text may be several).
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// What the Japanese transcript may hold in Latin letters: the players, the characters and
/// enemies, HP/MP/GM/PC/NPC, and the data's words where it has no Japanese yet (the items'
/// and enemies' names; an enemy's attack reads its `attack_ja`).
fn names() -> Vec<String> {
    let d = crate::data::load(&croupier_core::source_path("data")).expect("data loads");
    let mut names: Vec<String> = [
        "alice", "bob", "gm", "GM", "HP", "MP", "PC", "NPC", "Ayla", "Bolt", "Shade", "Swarm",
        "Lantern",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for e in &d.enemies {
        names.extend(words(&e.name));
    }
    for i in &d.items {
        names.extend(words(&i.name));
    }
    names
}

/// The transcript's lines from the fight's first `/nwenemy` on, without the harness's own notes
/// (`[#table → everyone] ↻ updates the tracker message`). The buttons that name a combatant
/// (`[回避：Lantern]`, `[カバーリング：Lantern→Shade Swarm]`) stay in: they read Japanese too.
fn fight_of(text: &str) -> String {
    text[text.find(">>> gm: /nwenemy spawn").unwrap_or(0)..]
        .lines()
        .filter(|l| !l.starts_with("[#"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_rest_of_a_fight_played_in_japanese_ends_as_in_english_and_reads_japanese() {
    let seed = 37;
    let mut en = harness(seed, Locale::En);
    let mut ja = harness(seed, Locale::Ja);
    let mut refused = vec![];
    for (i, (line, ja_line)) in FIGHT.iter().enumerate() {
        if *line == "@broom" {
            broom(&mut en);
            broom(&mut ja);
            continue;
        }
        let ja_line = if ja_line.is_empty() { line } else { ja_line };
        let a = en.line(line);
        let b = ja.line(ja_line);
        assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
        if !a.accepted {
            refused.push(*line);
        }
        // The session exists from `/nw new` on (the characters are on the server's roster).
        if i >= 2 {
            assert_eq!(en.state_json(), ja.state_json(), "{line}");
        }
    }
    // Refused in both: a cure of a status the enemy does not have, Bolt's pass in Ayla's Main
    // Process, Bolt's Dodge Check for an enemy, Ayla's second landing.
    assert_eq!(
        refused,
        [
            "gm: /nwcombat cure target:Lantern status:paralysis",
            "bob: /nwcombat pass",
            "bob: /nwcombat dodge",
            "alice: /nwcombat dismount",
        ],
        "every other step was played"
    );
    let end: NightWizard = ja.state();
    assert!(end.combat.is_none(), "the GM ended the fight");
    let text = ja.transcript();
    for said in [
        "カバーリング",
        "命中 15 対 回避 13：命中。",
        "に乗りました（マイナーアクション）",
        "箒を着地させました",
        "鐘楼へ移動しました",
        "の回復判定（対象：",
        "バッドステータス：毒が回復しました",
        "ボスHP",
        "正体を現しました",
    ] {
        assert!(text.contains(said), "`{said}` not in:\n{text}");
    }
    let names = names();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let english = english_words(&fight_of(text), &names);
    assert!(english.is_empty(), "English words: {english:?}\n{text}");
}
