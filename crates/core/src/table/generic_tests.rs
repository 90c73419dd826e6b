//! `/roll`'s words in each reader's language (generic.rs's tests, a file of their own so the
//! test harness they use is no import of the table's files).
use std::sync::Arc;

use crate::dice;
use crate::i18n::Locale;
use crate::table::Registry;
use crate::testkit::{english_words, Harness};

/// `line` read in English and in Japanese, on tables seeded alike: whether it was
/// accepted and what was printed (`[#table → alice only]` and the reply).
fn both(line: &str, seed: u64) -> [(bool, String, Harness); 2] {
    Locale::ALL.map(|l| {
        let mut h = Harness::new(Arc::new(Registry::of(vec![])), seed).reading(l);
        let s = h.line(line);
        (s.accepted, s.text, h)
    })
}

/// A Japanese reader's transcript has no English word in it.
fn all_japanese(h: &Harness) {
    let left = english_words(h.transcript(), &["alice"]);
    assert!(left.is_empty(), "{left:?}\n{}", h.transcript());
}

/// A notation the dice refuse is refused in the reader's words: English as it always read
/// (the dice's own message), Japanese with no English word and the same column.
#[test]
fn a_roll_the_dice_cannot_read_is_refused_in_the_readers_language() {
    for (expr, col) in [("1d0", 3), ("2d6+", 5), ("1d6!>=1", 4)] {
        let [(en_ok, en, _), (ja_ok, ja, h)] = both(&format!("alice: /roll expr:{expr}"), 1);
        assert!(!en_ok && !ja_ok, "{expr}");
        let english = dice::parse(expr).unwrap_err().to_string();
        assert!(en.contains(&format!("\n⛔ {english}\n")), "{en}");
        assert!(ja.contains(&format!("{col}列目")), "{ja}");
        all_japanese(&h);
    }
    // The reply's line, under the console's frame (`[#table → alice only]`).
    let [(_, en, _), (_, ja, _)] = both("alice: /roll expr:1d0", 1);
    assert_eq!(
        en.lines().nth(1),
        Some("⛔ A die needs at least 1 side (column 3). Try `1d6` rather than `1d0`.")
    );
    assert_eq!(
        ja.lines().nth(1),
        Some("⛔ ダイスには1面以上が必要です（3列目）。`1d0` ではなく `1d6` のように書いてください。")
    );
}

/// The chance line's note (what exact odds leave out) and its reason (why there are
/// none) are the dice's words in the reader's language; a roll that fails while rolling
/// says why in it too.
#[test]
fn the_dice_say_what_the_odds_leave_out_and_why_a_roll_failed_in_the_readers_language() {
    let [(_, en, _), (_, ja, h)] = both("alice: /roll expr:1d6! target:5", 1);
    assert!(
        en.contains("(Left out: ") && en.contains("lies in explosion chains longer than 24 dice"),
        "{en}"
    );
    assert!(ja.contains("（確率に含まれないもの："), "{ja}");
    all_japanese(&h);
    // A division by a die that can roll 0: no exact chance; some seeds roll the 0.
    let mut told = [false; 2];
    for seed in 0..40 {
        let [(en_ok, en, _), (ja_ok, ja, h)] = both("alice: /roll expr:6/(1d2-1) target:5", seed);
        assert_eq!(en_ok, ja_ok);
        if en.contains("needs 5+ (no exact chance: I cannot compute exact odds for a division by a roll that can come out 0") {
            assert!(ja.contains("5以上（正確な確率なし：2列目の正確な確率は計算できません。0になりうるロールで割っています。"), "{ja}");
            told[0] = true;
        } else {
            assert!(en.contains("\nDivision by zero at column 2."), "{en}");
            assert!(ja.contains("\n2列目で0で割っています。"), "{ja}");
            told[1] = true;
        }
        all_japanese(&h);
    }
    assert_eq!(told, [true, true]);
}

/// A command line its declaration does not take is refused in the reader's words: English as
/// it always read, Japanese with no English word outside what is typed as it is (the command's
/// own names and values); nothing is rolled.
#[test]
fn a_malformed_command_is_refused_in_the_readers_language() {
    let values = ["public", "self", "gm", "blind", "roll", "game"];
    for (line, english, japanese) in [
        (
            "alice: /roll",
            "`/roll` needs the option `expr:`. Add it and try again.",
            "`/roll` にはオプション `expr:` が必要です。",
        ),
        (
            "alice: /roll expr:1d6 loud:yes",
            "`/roll` has no option `loud:`; it takes `expr:`, `visibility:` or `target:`.",
            "`/roll` にオプション `loud:` はありません。使えるのは `expr:`、`visibility:`、`target:` です。",
        ),
        (
            "alice: /roll expr:1d6 visibility:loud",
            "visibility `loud` is unknown; use public, gm, blind or self.",
            "`visibility` の `loud` は使えません。次のいずれかを使ってください：public、gm、blind、self。",
        ),
        (
            "alice: /roll expr:1d6 target:many",
            "option `target` must be a whole number, not `many`",
            "オプション `target` は整数にしてください（`many` ではなく）。",
        ),
        (
            "alice: /roll expr:1d6\u{200B}",
            "option `expr` holds an invisible character at position 4 (U+200B, ZERO WIDTH SPACE)",
            "オプション `expr` の 4 文字目に見えない文字（`U+200B, ZERO WIDTH SPACE`）があります。",
        ),
    ] {
        let [(en_ok, en, _), (ja_ok, ja, h)] = both(line, 1);
        assert!(!en_ok && !ja_ok, "{line}");
        assert!(en.contains(&format!("⛔ {english}")), "{line}\n{en}");
        assert!(ja.contains(japanese), "{line}\n{ja}");
        let left = english_words(h.transcript(), &[&["alice"][..], &values[..]].concat());
        assert!(left.is_empty(), "{left:?}\n{}", h.transcript());
        assert!(!en.contains('🎲') && !ja.contains('🎲'), "nothing rolled: {en}");
    }
}
