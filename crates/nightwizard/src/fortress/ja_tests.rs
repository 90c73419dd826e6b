//! The Fortress's Judges in Japanese (issue #40): traps (identification, removal, going off),
//! Danger Sense, Appearance Checks and settling a Judge, played on an English table and a
//! Japanese one on one seed. Both stay the same game after every step; the Japanese readers
//! meet no English word outside commands, names and the game's Latin terms, and the English
//! readers the text the crate has always written.

use croupier_core::i18n::Locale;
use croupier_core::testkit::{english_words, Harness};

use super::super::session::NightWizard;

/// What a Japanese reader may meet in Latin letters here: the players, the characters, the
/// Areas and the terms Japanese players write in Latin letters (a new character's sheet shows
/// CL, SL, BP, OP and CF).
const NAMES: [&str; 22] = [
    "alice", "bob", "carol", "gm", "table", "Ayla", "Bolt", "Cato", "Gate", "Hall", "Needles",
    "Core", "Vault", "HP", "MP", "GM", "PC", "CL", "SL", "BP", "OP", "CF",
];

/// An English table and a Japanese one, played together.
struct Pair {
    en: Harness,
    ja: Harness,
    /// The Japanese replies so far.
    ja_said: String,
    /// The English replies so far.
    en_said: String,
    /// Whether the channel has a session yet (`/nw new`).
    open: bool,
}

impl Pair {
    fn new(seed: u64) -> Pair {
        Pair {
            en: Harness::of::<NightWizard>(seed),
            ja: Harness::of::<NightWizard>(seed).reading(Locale::Ja),
            ja_said: String::new(),
            en_said: String::new(),
            open: false,
        }
    }

    /// `en` on the English table, `ja` (the same, or the same button by its Japanese label)
    /// on the Japanese one: both accept or refuse it and leave the same session. Returns the
    /// two texts.
    fn step2(&mut self, en: &str, ja: &str) -> (String, String) {
        let a = self.en.line(en);
        let b = self.ja.line(ja);
        assert_eq!(a.accepted, b.accepted, "{en}\n{}\n{}", a.text, b.text);
        self.open |= en.contains("/nw new") && a.accepted;
        if self.open {
            assert_eq!(
                self.en.state_json(),
                self.ja.state_json(),
                "{en}: the sessions differ"
            );
        }
        self.en_said.push_str(&format!(">>> {en}\n{}", a.text));
        self.ja_said.push_str(&format!(">>> {ja}\n{}", b.text));
        (a.text, b.text)
    }

    fn step(&mut self, line: &str) -> (String, String) {
        self.step2(line, line)
    }
}

/// Asserts that `text` holds `want`.
#[track_caller]
fn has(text: &str, want: &str) {
    assert!(text.contains(want), "missing {want:?} in:\n{text}");
}

/// A Dive through a trapped Area with two players: a Danger Sense Judge rolled by the bot and
/// one rolled by hand, the trap identified by neither (the other player acting in between) so
/// it goes off, then re-armed, identified and removed; a third PC's Appearance Check; and the
/// refusals on the way. The Japanese readers read it all in Japanese, the English readers as
/// before.
#[test]
fn fortress_traps_and_danger_sense_read_japanese_and_english_as_before() {
    let mut t = Pair::new(7);
    for line in [
        "alice: /nw character new name:Ayla quick:true",
        "bob: /nw character new name:Bolt quick:true",
        "carol: /nw character new name:Cato quick:true",
        "gm: /nw new",
        "alice: /nw session join",
        "bob: /nw session join",
        "gm: /nwfortress area name:Gate kind:entrance",
        "gm: /nwfortress area name:Hall kind:normal",
        "gm: /nwfortress area name:Needles kind:trap",
        "gm: /nwfortress area name:Core kind:core",
        "gm: /nwfortress area name:Vault kind:object",
        "gm: /nwfortress gate from:Gate to:Hall",
        "gm: /nwfortress gate from:Hall to:Needles",
        "gm: /nwfortress gate from:Needles to:Core",
        "gm: /nwfortress gate from:Hall to:Vault kind:secret",
        "gm: /nwfortress trap area:Needles detection:99 removal:11 effect:毒針 damage:2d6",
        "gm: /nwfortress dive",
        "gm: /nwfortress move to:Hall",
    ] {
        t.step(line);
    }
    // Danger Sense, passive: the bot rolls for every PC in the Scene.
    let (en, ja) = t.step("gm: /nwfortress danger kind:secret difficulty:3");
    has(
        &en,
        "⚠️ Danger Sense (secret): awareness Judge, Difficulty 3 (hidden from the players), rolled by the bot for every PC in the Scene.",
    );
    has(
        &en,
        "Something may be wrong here: every PC in the Scene rolls awareness.",
    );
    has(
        &ja,
        "⚠️ 危険感知（隠しゲート）：感知判定、難易度3（プレイヤーには非公開）",
    );
    has(&ja, "危険感知判定");
    has(&en, "🚪 Ayla finds a hidden Gate: Hall ⇄ Vault.");
    has(&ja, "🚪 Aylaが隠しゲートを発見：Hall ⇄ Vault。");
    t.step("gm: /nwfortress move to:Needles");
    // Danger Sense by hand: each player rolls it once.
    let (en, ja) = t.step("gm: /nwfortress danger kind:trap by_hand:true difficulty:3");
    has(
        &en,
        "Everyone in the Scene rolls awareness (`/nwfortress sense`).",
    );
    has(
        &ja,
        "シーンに登場している全員が感知で判定します（`/nwfortress sense`）。",
    );
    let (en, ja) = t.step2("alice: press Roll", "alice: press 振る");
    has(
        &en,
        "⚠️ Ayla senses a trap here and may try to identify it (`/nwfortress identify`).",
    );
    has(
        &ja,
        "⚠️ Aylaはここにトラップがあると感じ取り、識別を試みられます",
    );
    let (en, ja) = t.step("bob: /nwfortress sense");
    has(&en, "⚠️ Bolt senses a trap here");
    has(&ja, "⚠️ Boltはここにトラップがあると感じ取り");
    let (en, ja) = t.step("alice: /nwfortress sense");
    has(&en, "you already rolled this Danger Sense Judge.");
    has(&ja, "この危険感知判定はすでに振りました。");
    let (en, ja) = t.step("alice: /nwfortress remove");
    has(
        &en,
        "identify the trap first (a successful Trap Identification Judge lets you remove it).",
    );
    has(&ja, "先にトラップを識別してください");
    // Neither identifies the trap (Detection 99), the other player acting in between.
    let (en, ja) = t.step("alice: /nwfortress identify");
    has(&en, "Your Trap Identification falls short for now: spend Prana on it, or settle it as it stands.");
    has(&ja, "あなたのトラップ識別判定は今のところ届いていません");
    has(&en, "[Settle]");
    has(&ja, "[解決]");
    t.step("bob: /nwfortress identify");
    let (en, ja) = t.step("alice: /nwfortress identify");
    has(&en, "settle your last Judge first: `/nwfortress resolve`.");
    has(&ja, "先に前の判定を片付けてください");
    let (en, ja) = t.step2("alice: press Settle", "alice: press 解決");
    has(&en, "Ayla cannot make out the trap.");
    has(&ja, "Aylaはトラップを見抜けません。");
    let (en, ja) = t.step("alice: /nwfortress identify");
    has(&en, "Ayla already failed to identify this trap.");
    has(&ja, "Aylaはすでにこのトラップの識別に失敗しています。");
    let (en, ja) = t.step("bob: /nwfortress resolve");
    has(
        &en,
        "💥 The trap goes off (every PC in the Scene failed to identify it): 毒針\nDamage `2d6 → ",
    );
    has(
        &en,
        "The trap is spent (unless the GM resets it with `/nwfortress trap`).",
    );
    has(
        &ja,
        "💥 トラップが発動（シーンに登場している全PCが識別に失敗）：毒針\nダメージ `(2D6) ＞ ",
    );
    has(&en, "\nAyla loses ");
    has(&en, "\nBolt loses ");
    has(&ja, "AylaはHPを");
    has(&ja, "BoltはHPを");
    has(&ja, "トラップは使い切られました");
    let (en, ja) = t.step("bob: /nwfortress identify");
    has(&en, "there is no armed trap here.");
    has(&ja, "ここに未解除のトラップはありません。");
    let (en, ja) = t.step("bob: /nwfortress resolve");
    has(&en, "you have no Fortress Judge to settle.");
    has(&ja, "片付けるフォートレスの判定はありません。");
    // The GM sets the trap again, one anyone can see through: Ayla identifies and removes it.
    t.step("gm: /nwfortress trap area:Needles detection:0 removal:3 effect:毒針 damage:2d6");
    let (en, ja) = t.step("alice: /nwfortress identify");
    has(&en, "🔍 Ayla sees how the trap works and may try to remove it (Finesse, Removal Value 3): `/nwfortress remove`.");
    has(&en, "🪤 The trap: 毒針 (2d6 HP). Removal Value 3.");
    has(
        &ja,
        "🔍 Aylaはトラップの仕組みを見抜き、解除を試みられます（器用、解除値3）",
    );
    has(&ja, "🪤 トラップ：毒針（2d6 HP）。解除値3。");
    let (en, ja) = t.step2("alice: press Remove it", "alice: press 解除する");
    has(&en, "🔧 Ayla disarms the trap (");
    has(&en, "). The way on is clear.");
    has(&ja, "🔧 Aylaがトラップを解除しました（達成値");
    // A third PC comes in by an Appearance Check.
    t.step("carol: /nw session join");
    let (en, ja) = t.step("carol: /nwfortress appear");
    let appeared = en.contains("✨ Cato appears in the Scene (Appearance Check: ");
    assert!(
        appeared || en.contains("Cato does not make it into the Scene (Appearance Check "),
        "{en}"
    );
    has(
        &ja,
        if appeared {
            "✨ Catoがシーンに登場（登場判定："
        } else {
            "Catoはシーンに登場できません（登場判定："
        },
    );
    let english = english_words(&t.ja_said, &NAMES);
    assert!(
        english.is_empty(),
        "English words: {english:?}\n{}",
        t.ja_said
    );
}
