//! `/roll` with the dice notation of other tools, driven through the real console binary.

use std::path::Path;

#[path = "support/console_bin.rs"]
mod console_bin;

fn console(db: &Path, input: &str) -> String {
    console_bin::seeded(db, 7, input)
}

/// The reply that rolls `expr`, up to the next reply.
fn reply(out: &str, expr: &str) -> String {
    let start = out
        .find(&format!("rolls {expr} →"))
        .unwrap_or_else(|| panic!("no roll of {expr} in {out}"));
    let rest = &out[start..];
    let end = rest[1..].find("\n[#").map_or(rest.len(), |e| e + 1);
    rest[..end].to_string()
}

/// `/roll … target:` gives a chance for exploding, compounding, rerolled and counted dice,
/// says what the odds leave out, and says why when there is no chance to give.
#[test]
fn roll_target_never_silently_drops_the_chance() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(
        &db,
        "alice: /roll expr:3d6! target:12\n\
         alice: /roll expr:1d6!!r target:6\n\
         alice: /roll expr:1d6r target:4\n\
         alice: /roll expr:6d10>=8 target:2\n\
         alice: /roll expr:4d6!kh3 target:12\n",
    );
    let exploding = reply(&out, "3d6!");
    assert!(exploding.contains("needs 12+: "), "{exploding}");
    assert!(
        exploding.contains("Left out: ") && exploding.contains("explosion chains longer than"),
        "{exploding}"
    );
    // 1d6!!r: each roll is 2..=6, so 6+ happens on a 6 (1/5) → 20.0%.
    let compounding = reply(&out, "1d6!!r");
    assert!(compounding.contains("needs 6+: 20.0%"), "{compounding}");
    let reroll = reply(&out, "1d6r");
    assert!(reroll.contains("needs 4+: 60.0%"), "{reroll}");
    assert!(
        reroll.contains("limit of 100 explosions or rerolls"),
        "{reroll}"
    );
    // 6d10>=8: P(at least 2 successes) = 1 - 0.7^6 - 6·0.3·0.7^5 = 57.98%.
    let counted = reply(&out, "6d10>=8");
    assert!(counted.contains("needs 2+: 58.0%"), "{counted}");
    let refused = reply(&out, "4d6!kh3");
    assert!(
        refused.contains("needs 12+ (no exact chance: I cannot compute exact odds for keeping or dropping among dice added by explosions"),
        "{refused}"
    );
}

/// Roll20 users write `3d6>3` meaning 3 or more; the reply says once what `>3` counts here.
#[test]
fn strict_comparison_is_explained_once_in_the_roll_reply() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(
        &db,
        "alice: /roll expr:3d6>3\nalice: /roll expr:3d6>=3\nalice: /roll expr:\"{4d6,3d8}kh1 + 2d6[fire]\"\n",
    );
    let strict = reply(&out, "3d6>3");
    assert_eq!(
        strict
            .matches("Note: `>3` counts 4–6 here; write `>=3` for 3–6.")
            .count(),
        1,
        "{strict}"
    );
    assert!(!reply(&out, "3d6>=3").contains("Note:"));
    let group = reply(&out, "{4d6,3d8}kh1 + 2d6[fire]");
    assert!(
        group.contains("}kh1 + [") && group.contains("] fire = "),
        "{group}"
    );
}

/// A roll that fails after its dice were thrown (a division by 0) is explained to the roller
/// alone, in whole sentences, each ending once.
#[test]
fn a_roll_that_fails_after_the_throw_is_explained_to_the_roller_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(&db, "alice: /roll expr:1d6/0\n");
    assert!(out.contains("[#table → alice only]"), "{out}");
    assert!(!out.contains("→ everyone"), "{out}");
    assert!(
        out.contains(
            "Division by zero at column 4. Divide by something that cannot be 0. The dice were thrown, so trying again rolls fresh ones; nothing else changed."
        ),
        "{out}"
    );
    assert!(!out.contains(".."), "{out}");
}

/// `10 / 0` throws no dice, so its failure does not say that dice were thrown (it did).
#[test]
fn a_failed_roll_without_dice_says_none_were_thrown_10_div_0() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(&db, "alice: /roll expr:10/0\nalice: /roll expr:1d6/0\n");
    assert!(
        out.contains("Division by zero at column 3. Divide by something that cannot be 0. No dice were thrown; nothing changed."),
        "{out}"
    );
    assert_eq!(out.matches("The dice were thrown").count(), 1, "{out}");
}

/// A target no result can reach is said as such, with the highest result, when the odds are
/// exact; an exploding roll (whose odds leave long chains out) keeps its note instead.
#[test]
fn a_target_past_the_highest_result_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let out = console(
        &db,
        "alice: /roll expr:1d6 target:7\n\
         alice: /roll expr:2d6+3 target:2147483648\n\
         alice: /roll expr:1d6! target:7\n",
    );
    assert!(
        reply(&out, "1d6").contains("needs 7+: 0.0% (no result reaches 7: the highest is 6)"),
        "{out}"
    );
    assert!(
        reply(&out, "2d6+3")
            .contains("needs 2147483648+: 0.0% (no result reaches 2147483648: the highest is 15)"),
        "{out}"
    );
    let exploding = reply(&out, "1d6!");
    assert!(!exploding.contains("no result reaches"), "{exploding}");
    assert!(exploding.contains("Left out: "), "{exploding}");
}

/// `croupier console --locale ja` answers `/roll` as BCDice prints it, in Japanese, and the
/// same seeded rolls in English carry the same dice, totals and verdicts.
#[test]
fn console_rolls_in_japanese_agree_with_english() {
    let script = "alice: /roll expr:2d6+5 target:9\n\
                  alice: /roll expr:4d6kh3\n\
                  bob: /roll expr:3d6>=4\n\
                  alice: /roll expr:1d20 target:25\n";
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, args: &[&str]| {
        let out = console_bin::run_with(&dir.path().join(name), Some(7), args, script);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let en = run("en.db", &[]);
    let ja = run("ja.db", &["--locale", "ja"]);
    // The replies' lines that hold the dice (they open with the roller), in order.
    let lines = |out: &str, mark: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with('@') && l.contains(mark))
            .map(str::to_string)
            .collect()
    };
    let en_rolls = lines(&en, " rolls ");
    let ja_rolls = lines(&ja, " ＞ ");
    assert_eq!(en_rolls.len(), 4, "{en}");
    assert_eq!(ja_rolls.len(), 4, "{ja}");
    assert!(ja_rolls[0].starts_with("@alice：(2D6+5>=9) ＞ "), "{ja}");
    assert!(ja_rolls[1].starts_with("@alice：(4D6KH3) ＞ "), "{ja}");
    assert!(ja_rolls[2].contains("＞ 成功数"), "{ja}");
    // 1d20 never reaches 25: the chance line says so, in Japanese.
    assert!(ja_rolls[3].ends_with(" ＞ 失敗"), "{ja}");
    assert!(
        ja.contains("25以上の確率：0.0%（25に届く結果はない：最大は20）"),
        "{ja}"
    );
    for (e, j) in en_rolls.iter().zip(&ja_rolls) {
        // English: `… = 14` / `= 2 successes`; Japanese: `… ＞ 14` / `＞ 成功数2` (then the verdict).
        let en_total = e.rsplit(" = ").next().unwrap().split(' ').next().unwrap();
        let ja_total = j
            .split(" ＞ ")
            .find(|p| p.trim_start_matches("成功数").parse::<i64>().is_ok() && !p.contains('['))
            .map(|p| p.trim_start_matches("成功数"))
            .unwrap_or_else(|| panic!("no total in {j}"));
        assert_eq!(en_total, ja_total, "{e}\n{j}");
        // The same dice, in the same order.
        let digits = |s: &str| -> Vec<i64> {
            let inside = s.split_once('[').and_then(|(_, r)| r.split_once(']'));
            inside
                .map(|(d, _)| {
                    d.split(',')
                        .map(|x| x.trim().trim_matches(|c: char| !c.is_ascii_digit()))
                        .filter(|x| !x.is_empty())
                        .map(|x| x.parse().unwrap())
                        .collect()
                })
                .unwrap_or_default()
        };
        // A single plain die is shown as the total alone (`(1D20) ＞ 8`).
        let ja_dice = match digits(j) {
            d if d.is_empty() => vec![ja_total.parse::<i64>().unwrap()],
            d => d,
        };
        assert_eq!(digits(e), ja_dice, "{e}\n{j}");
    }
    // No English words in the Japanese replies' roll lines.
    for l in ja.lines().filter(|l| l.contains('＞')) {
        assert!(
            !l.contains("rolls") && !l.contains("needs") && !l.contains("success"),
            "{l}"
        );
    }
    // A language Croupier does not speak is refused, saying which it does.
    let out = console_bin::run_with(&dir.path().join("fr.db"), Some(7), &["--locale", "fr"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("use en or ja"));
}
