//! Night Wizard's foes in Japanese (issue #40): an enemy's attack on its card (the data's
//! `attack_ja`), a Guest's attack line (its classes in the data's words), the bad statuses on
//! the tracker's rows and the notes beside a Recovery Judge, read by a table in Japanese and
//! one in English: the English reads as before, byte for byte, and both play the same game.

use croupier_core::i18n::Locale;
use croupier_core::testkit::Harness;

use super::super::super::character::roster::NwShared;
use super::super::super::data::{load, NwData};
use super::super::super::session::NightWizard;

fn data() -> NwData {
    load(&croupier_core::source_path("data")).expect("data loads")
}

/// The same lines played by a table read in English and one read in Japanese, on `seed`: each
/// step accepted alike and leaving the same session; the two transcripts.
fn both(seed: u64, lines: &[&str]) -> (Harness, Harness) {
    let mut en = Harness::of::<NightWizard>(seed);
    let mut ja = Harness::of::<NightWizard>(seed).reading(Locale::Ja);
    let mut open = false;
    for line in lines {
        let a = en.line(line);
        let b = ja.line(line);
        assert!(a.accepted && b.accepted, "{line}\n{}\n{}", a.text, b.text);
        // The session exists from `/nw new` on.
        open |= line.ends_with("/nw new");
        if open {
            assert_eq!(en.state_json(), ja.state_json(), "{line}");
        }
    }
    (en, ja)
}

#[test]
fn an_enemys_card_reads_its_attack_in_the_readers_language() {
    let d = data();
    let (en, ja) = both(
        5,
        &[
            "gm: /nw new",
            "gm: /nwenemy spawn name:shade_swarm",
            "gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true",
        ],
    );
    for e in d
        .enemies
        .iter()
        .filter(|e| ["shade_swarm", "lantern_emulator"].contains(&e.id.as_str()))
    {
        let ja_attack = e.attack_ja.as_deref().expect("the data's Japanese attack");
        assert!(en.transcript().contains(&e.attack), "{}", en.transcript());
        assert!(!en.transcript().contains(ja_attack));
        assert!(ja.transcript().contains(ja_attack), "{}", ja.transcript());
        assert!(!ja.transcript().contains(&e.attack));
    }
    assert!(ja
        .transcript()
        .contains("溺れる光：範囲、魔法攻撃（天属性）、魔法攻撃力+4。"));
}

#[test]
fn an_enemy_added_in_chat_without_japanese_shows_its_english_attack_to_both() {
    let (en, ja) = both(
        5,
        &[
            "gm: /nw new",
            "gm: /nwenemy add name:\"Rust Golem\" hp:20 attack:\"Grinding Fist: Close, Physical Attack.\"",
            "gm: /nwenemy spawn name:\"Rust Golem\"",
            "gm: /nwenemy list",
        ],
    );
    // The GM's line, the enemy's card and the list.
    let text = "Grinding Fist: Close, Physical Attack.";
    assert_eq!(
        en.transcript().matches(text).count(),
        3,
        "{}",
        en.transcript()
    );
    assert_eq!(
        ja.transcript().matches(text).count(),
        3,
        "{}",
        ja.transcript()
    );
    // The list gives the shipped ones in Japanese.
    assert!(ja.transcript().contains("蝕む闇：至近、物理攻撃。"));
}

#[test]
fn a_guests_card_names_its_classes_in_the_readers_language() {
    let d = data();
    let (mut en, ja) = both(
        21,
        &[
            "gm: /nw character new name:Gwen quick:true",
            "gm: /nw new",
            "gm: /nwenemy spawn name:Gwen as:Gwen",
        ],
    );
    let shared: NwShared = en.shared("nw");
    let gwen = shared.characters.iter().find(|c| c.name == "Gwen").unwrap();
    let [first, second] = &gwen.classes;
    let english = format!(
        "Guest built like a PC: {first} / {second}, CL 1; attacks like a PC (`magic:true` for a spell)."
    );
    assert!(en.transcript().contains(&english), "{}", en.transcript());
    let ja_name = |id: &str| d.class(id).and_then(|c| c.name_ja.clone()).unwrap();
    let japanese = format!(
        "PCと同じく作られたゲスト：{}／{}、CL 1。PCと同じく攻撃します（魔法での攻撃は `magic:true`）。",
        ja_name(first),
        ja_name(second)
    );
    assert!(ja.transcript().contains(&japanese), "{}", ja.transcript());
    assert!(!ja.transcript().contains("built like"));
}

#[test]
fn the_trackers_rows_name_bad_statuses_in_the_readers_language() {
    let (en, ja) = both(
        7190,
        &[
            "alice: /nw character new name:Mira quick:true",
            "bob: /nw character new name:Bolt quick:true",
            "gm: /nw new",
            "alice: /nw session join",
            "bob: /nw session join",
            "gm: /nwenemy spawn name:glass_hound as:Hound",
            "gm: /nw session set player:bob hp:5 status:poison:3",
            "gm: /nwenemy set label:Hound status:dazed",
            "gm: /nwcombat start",
        ],
    );
    let rows = |h: &Harness, name: &str| -> String {
        h.transcript()
            .lines()
            .filter(|l| l.contains(&format!("**{name}**")))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    assert!(
        rows(&en, "Bolt").contains(" · Poison (3)"),
        "{}",
        en.transcript()
    );
    assert!(
        rows(&en, "Hound").contains(" · Dazed"),
        "{}",
        en.transcript()
    );
    assert!(
        rows(&ja, "Bolt").contains("・毒（3）"),
        "{}",
        ja.transcript()
    );
    assert!(rows(&ja, "Hound").contains("・放心"), "{}", ja.transcript());
    assert!(!rows(&ja, "Bolt").contains("Poison") && !rows(&ja, "Hound").contains("Dazed"));
}

#[test]
fn a_recovery_judge_and_its_bad_status_note_read_in_the_readers_language() {
    let (en, ja) = both(
        7190,
        &[
            "alice: /nw character new name:Mira quick:true",
            "bob: /nw character new name:Bolt quick:true",
            "gm: /nw new",
            "alice: /nw session join",
            "bob: /nw session join",
            "gm: /nwenemy spawn name:glass_hound as:Hound",
            "gm: /nw session set player:bob hp:5 status:poison:3",
            "gm: /nwcombat start",
            "alice: /nwcombat use skill:rallying_cry",
            "gm: /nw session set player:alice status:dazed",
            "alice: /nwcombat invade target:Bolt",
            "alice: /nwcombat use skill:\"Field Medic\" target:Bolt",
        ],
    );
    assert!(
        en.transcript()
            .contains("Recovery Judge (Recovery 2, Dazed −5) for Bolt's HP: `"),
        "{}",
        en.transcript()
    );
    assert!(
        ja.transcript()
            .contains("回復判定（対象：BoltのHP）（回復値 2、放心 −5）：`"),
        "{}",
        ja.transcript()
    );
}
