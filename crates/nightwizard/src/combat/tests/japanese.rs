//! A seeded fight played in Japanese (issue #40): each step is accepted or refused as in
//! English and leaves the same session, buttons are pressed by their Japanese labels, another
//! player acts in between, and the Japanese transcript holds no English word outside commands,
//! names, dice notation and the terms HP/MP.

use croupier_core::i18n::Locale;
use croupier_core::testkit::{english_words, Harness};

use super::super::super::session::NightWizard;

/// The session's state as stored, without what differs by language only (nothing, so far).
fn state(h: &mut Harness) -> serde_json::Value {
    h.state_json()
}

/// A harness of Night Wizard on `seed`, read in `locale`.
fn harness(seed: u64, locale: Locale) -> Harness {
    Harness::of::<NightWizard>(seed).reading(locale)
}

/// The fight (the combat guide's first exchange, docs/nightwizard.md, and on to the end of the
/// first Round): its lines, and in Japanese the buttons pressed by their Japanese labels.
const FIGHT: &[(&str, &str)] = &[
    ("alice: /nw character new name:Ayla quick:true", ""),
    ("bob: /nw character new name:Bolt quick:true", ""),
    ("gm: /nw new", ""),
    ("alice: /nw session join", ""),
    ("bob: /nw session join", ""),
    ("gm: /nwenemy spawn name:shade_swarm", ""),
    (
        "gm: /nwenemy spawn name:lantern_emulator as:Lantern hidden:true",
        "",
    ),
    ("gm: /nwcombat start", ""),
    ("gm: /nwcombat engage a:Bolt b:\"Shade Swarm\"", ""),
    ("alice: /nwcombat invade target:Bolt", ""),
    ("alice: /nwcombat attack target:\"Shade Swarm\"", ""),
    ("alice: /nw prana use:raise", ""),
    ("bob: /nwcombat pass", ""),
    ("gm: press Dodge", "gm: press 回避判定"),
    ("alice: press Damage", "alice: press ダメージ"),
    ("alice: press Defence roll", "alice: press 防御ロール"),
    ("alice: press Apply", "alice: press 適用"),
    ("bob: /nwcombat minor", ""),
    ("bob: /nwcombat attack target:\"Shade Swarm\"", ""),
    ("gm: press Dodge", "gm: press 回避判定"),
    ("bob: press Damage", "bob: press ダメージ"),
    ("gm: /nwcombat pass", ""),
    ("gm: /nwcombat attack target:Bolt", ""),
    ("bob: press Dodge", "bob: press 回避判定"),
    ("gm: press Damage", "gm: press ダメージ"),
    ("gm: press Apply", "gm: press 適用"),
    ("alice: /nwenemy identify target:\"Shade Swarm\"", ""),
    ("gm: /nwcombat blockade enemy:\"Shade Swarm\"", ""),
    ("alice: /nwcombat withdraw", ""),
    ("alice: /nwcombat pass", ""),
    ("gm: /nwcombat pass", ""),
    ("gm: press End Main Process", "gm: press メインプロセス終了"),
    (
        "bob: press End Main Process",
        "bob: press メインプロセス終了",
    ),
    ("gm: /nwcombat end", ""),
];

#[test]
fn a_fight_played_in_japanese_ends_as_in_english_and_reads_japanese() {
    let seed = 37;
    let mut en = harness(seed, Locale::En);
    let mut ja = harness(seed, Locale::Ja);
    let mut accepted = 0;
    for (i, (line, ja_line)) in FIGHT.iter().enumerate() {
        let ja_line = if ja_line.is_empty() { line } else { ja_line };
        let a = en.line(line);
        let b = ja.line(ja_line);
        assert_eq!(a.accepted, b.accepted, "{line}\n{}\n{}", a.text, b.text);
        accepted += usize::from(a.accepted);
        // The session exists from `/nw new` on (the characters are on the server's roster).
        if i >= 2 {
            assert_eq!(state(&mut en), state(&mut ja), "{line}");
        }
    }
    // Refused in both: Bolt's pass while Ayla's attack is open, and Ayla's withdrawal and pass
    // after her Enemy Identify Judge (a Major Action: her Main Process ended, the hidden
    // Lantern's began).
    assert_eq!(
        accepted,
        FIGHT.len() - 3,
        "every step but three refusals was played"
    );
    let end: NightWizard = ja.state();
    assert!(end.combat.is_none(), "the GM ended the fight");
    // The fight, from its start: making characters and the session are another slice's, and
    // the harness's own notes (`[#table → everyone] ↻ updates the tracker message`) are not
    // replies.
    let text = ja.transcript();
    let fight: String = text[text.find(">>> gm: /nwcombat start").unwrap_or(0)..]
        .lines()
        .filter(|l| !l.starts_with("[#"))
        .map(|l| format!("{l}\n"))
        .collect();
    let names = [
        "alice", "bob", "gm", "GM", "HP", "MP", "Ayla", "Bolt", "Shade", "Swarm", "Lantern",
    ];
    let english = english_words(&fight, &names);
    assert!(english.is_empty(), "English words: {english:?}");
}
