//! Discord-markdown rendering of a [`Roll`], in the reader's language: Croupier's own line in
//! English, the BCDice line Japanese players read (`(2D6+5) ＞ 9[4,5]+5 ＞ 14`); the words
//! (successes, 成功数) come from the catalogue (`locales/*/dice.ftl`).

use std::fmt::Write;

use croupier_i18n::{text, Locale};

use super::roll::{Die, GroupItem, Part, Roll, TermRoll};

/// How a roll's parts are written: Croupier's spaced line, or BCDice's compact capitals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Croupier,
    Bcdice,
}

impl Roll {
    /// Renders the roll for Discord, e.g. `2d6+3 → [5, 2] + 3 = 10`.
    ///
    /// Every die is shown. Dropped dice and rerolled-away values are struck through
    /// (`~~1~~`), exploded dice are marked `6!`, successes are bold and failures italic,
    /// critical successes (`cs`) carry `★` and critical failures (`cf`) `✗`, and a die
    /// added by reroll-and-add (`ra`) reads `+4`. Inline labels follow their piece
    /// (`[5, 2] fire`), a computed count shows its own roll (`([3])d6 [4, 1, 6]`), and a
    /// group shows each item's total (`{[3, 4] = 7, [2] = ~~2~~}kh1`).
    /// A label follows the expression: `2d6+3 fireball → [5, 2] + 3 = 10`.
    /// When the result counts successes the total reads `= 3 successes`.
    pub fn render(&self) -> String {
        let mut out = self.expression.clone();
        if let Some(label) = &self.label {
            out.push(' ');
            out.push_str(label);
        }
        out.push_str(" → ");
        self.write_parts(&mut out, Style::Croupier);
        let _ = write!(out, " = {}", self.total_in(Locale::En));
        out
    }

    /// The total as `locale` reads it: the number, or the count of successes with its word
    /// (`3 successes`, `成功数3`).
    pub fn total_in(&self, locale: Locale) -> String {
        if self.counts_successes() {
            text(locale, "dice-successes", &[("count", self.total.into())])
        } else {
            self.total.to_string()
        }
    }

    /// The roll as a reader of `locale` reads it. English: [`Roll::render`] (the target's
    /// verdict is said on a line of its own, with the chance). Japanese: the line BCDice
    /// prints, which Japanese players know: the expression in capitals within brackets (with
    /// the target, `>=9`, when one is given), then `＞` the dice (each term's value and its
    /// dice, `9[4,5]`, marks as in English: dropped dice struck through, `6!` exploded), then
    /// `＞` the total, and `＞ 成功` or `＞ 失敗` against a target; the dice are left out when
    /// they say no more than the total (`(1D20) ＞ 13`). A label goes first (`火球 (2D6+3) ＞ …`).
    pub fn render_in(&self, locale: Locale, target: Option<i64>) -> String {
        match locale {
            Locale::En => self.render(),
            Locale::Ja => self.render_bcdice(target),
        }
    }

    fn render_bcdice(&self, target: Option<i64>) -> String {
        let mut out = String::new();
        if let Some(label) = &self.label {
            out.push_str(label);
            out.push(' ');
        }
        out.push('(');
        out.push_str(&self.expression.to_uppercase());
        if let Some(t) = target {
            let _ = write!(out, ">={t}");
        }
        out.push(')');
        let mut middle = String::new();
        self.write_parts(&mut middle, Style::Bcdice);
        let total = self.total_in(Locale::Ja);
        let middle = middle.trim();
        if !middle.is_empty() && middle != total {
            let _ = write!(out, " ＞ {middle}");
        }
        let _ = write!(out, " ＞ {total}");
        if let Some(t) = target {
            let verdict = if self.total >= t {
                "success"
            } else {
                "failure"
            };
            let _ = write!(
                out,
                " ＞ {}",
                text(Locale::Ja, "dice-verdict", &[("verdict", verdict.into())])
            );
        }
        out
    }

    /// Writes the roll's parts in `style`: each term as its dice, operators, labels, computed
    /// counts and groups, in the order they were typed.
    fn write_parts(&self, out: &mut String, style: Style) {
        let bcdice = style == Style::Bcdice;
        let notation = |n: &str| {
            if bcdice {
                n.to_uppercase()
            } else {
                n.to_string()
            }
        };
        let term = |out: &mut String, t: &TermRoll| match style {
            Style::Croupier => render_term(out, t),
            Style::Bcdice => bcdice_term(out, t),
        };
        for part in &self.parts {
            match part {
                Part::Number(n) => {
                    let _ = write!(out, "{n}");
                }
                Part::Term(i) => {
                    if let Some(t) = self.terms.get(*i) {
                        term(out, t);
                    }
                }
                Part::Counted(i) => {
                    if let Some(t) = self.terms.get(*i) {
                        let tail = t.notation.trim_start_matches(|c: char| c.is_ascii_digit());
                        let _ = write!(out, "{}{}", notation(tail), if bcdice { "" } else { " " });
                        term(out, t);
                    }
                }
                Part::Op(c) if bcdice => out.push(*c),
                Part::Op(c) => {
                    let _ = write!(out, " {c} ");
                }
                Part::Neg => out.push('-'),
                Part::Open => out.push('('),
                Part::Close => out.push(')'),
                // A computed count is a parenthesis or a function: it brings its own brackets.
                Part::CountOpen | Part::CountClose => {}
                Part::Func(f) => out.push_str(f.name()),
                Part::Label(l) => {
                    let _ = write!(out, " {l}{}", if bcdice { " " } else { "" });
                }
                Part::GroupOpen(_) => out.push('{'),
                Part::GroupItemEnd { group, item } => {
                    if let Some(g) = self.groups.get(*group) {
                        if let Some(it) = g.items.get(*item) {
                            out.push_str(if bcdice { "=" } else { " = " });
                            render_item(out, it);
                        }
                        if item + 1 < g.items.len() {
                            out.push_str(if bcdice { "," } else { ", " });
                        }
                    }
                }
                Part::GroupClose(g) => {
                    out.push('}');
                    if let Some(g) = self.groups.get(*g) {
                        out.push_str(&notation(&g.notation));
                    }
                }
            }
        }
    }

    /// True when the result is a count of successes: outside computed counts and groups,
    /// every dice term and group counts successes (at least one does), and they are only
    /// added or subtracted (numbers may be added too). `(3d6>=4)d6`, `1d20+5 + 0d6>=1` and
    /// `{3d6>=5, 2d6}kh1` are sums, not counts.
    pub fn counts_successes(&self) -> bool {
        let mut hidden = 0usize;
        let mut any = false;
        for p in &self.parts {
            let counts = match p {
                Part::CountOpen | Part::GroupOpen(_) => {
                    hidden += 1;
                    continue;
                }
                Part::CountClose => {
                    hidden = hidden.saturating_sub(1);
                    continue;
                }
                Part::GroupClose(g) => {
                    hidden = hidden.saturating_sub(1);
                    if hidden > 0 {
                        continue;
                    }
                    self.groups.get(*g).map(|g| g.counts_successes)
                }
                _ if hidden > 0 => continue,
                Part::Term(i) | Part::Counted(i) => self.terms.get(*i).map(|t| t.counts_successes),
                Part::Op(c) if !matches!(c, '+' | '-') => return false,
                Part::Func(_) => return false,
                _ => continue,
            };
            match counts {
                Some(true) => any = true,
                _ => return false,
            }
        }
        any
    }

    /// The sum as numbers, e.g. `8 + 3` or `13 × 2`, when the roll has more than one
    /// value in it: each dice term and group reads as its value, labels and computed
    /// counts are left out.
    pub fn arithmetic(&self) -> Option<String> {
        let mut out = String::new();
        let mut pieces = 0;
        // Inside a computed count or a group nothing is written (the term or group
        // stands for it); depth counts how far in we are.
        let mut hidden = 0usize;
        for p in &self.parts {
            match p {
                Part::CountOpen | Part::GroupOpen(_) => {
                    if hidden == 0 {
                        if let Part::GroupOpen(g) = p {
                            pieces += 1;
                            let v = self.groups.get(*g).map_or(0, |g| g.value);
                            out.push_str(&v.to_string());
                        }
                    }
                    hidden += 1;
                }
                Part::CountClose | Part::GroupClose(_) => hidden = hidden.saturating_sub(1),
                _ if hidden > 0 => {}
                Part::Number(n) => {
                    pieces += 1;
                    out.push_str(&n.to_string());
                }
                Part::Term(i) | Part::Counted(i) => {
                    pieces += 1;
                    let v = self.terms.get(*i).map(|t| t.value.to_string());
                    out.push_str(v.as_deref().unwrap_or("?"));
                }
                Part::Op('*') => out.push_str(" × "),
                Part::Op('/') => out.push_str(" ÷ "),
                Part::Op(c) => {
                    out.push(' ');
                    out.push(*c);
                    out.push(' ');
                }
                Part::Neg => out.push('−'),
                Part::Open => out.push('('),
                Part::Close => out.push(')'),
                Part::Func(f) => out.push_str(f.name()),
                Part::Label(_) | Part::GroupItemEnd { .. } => {}
            }
        }
        (pieces >= 2).then_some(out)
    }
}

fn render_item(out: &mut String, it: &GroupItem) {
    let style = if !it.kept {
        "~~"
    } else if it.success {
        "**"
    } else if it.failure {
        "_"
    } else {
        ""
    };
    let _ = write!(out, "{style}{}{style}", it.value);
}

fn render_term(out: &mut String, term: &TermRoll) {
    out.push('[');
    for (i, die) in term.dice.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        render_die(out, die);
    }
    out.push(']');
}

/// A term as BCDice shows it: its value and its dice, `9[4,5]`; a single plain die is its value.
fn bcdice_term(out: &mut String, term: &TermRoll) {
    let plain = |d: &Die| {
        d.kept && !d.exploded && d.rerolled.is_empty() && !d.added && !d.success && !d.failure
    };
    if let [d] = term.dice.as_slice() {
        if plain(d) && !term.counts_successes {
            let _ = write!(out, "{}", term.value);
            return;
        }
    }
    let _ = write!(out, "{}[", term.value);
    for (i, die) in term.dice.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        render_die(out, die);
    }
    out.push(']');
}

fn render_die(out: &mut String, die: &Die) {
    for old in &die.rerolled {
        let _ = write!(out, "~~{old}~~ ");
    }
    let mark = if die.exploded { "!" } else { "" };
    let crit = match (die.crit_success, die.crit_failure) {
        (true, _) => "★",
        (_, true) => "✗",
        _ => "",
    };
    let added = if die.added { "+" } else { "" };
    let style = if !die.kept {
        "~~"
    } else if die.success {
        "**"
    } else if die.failure {
        "_"
    } else {
        ""
    };
    let _ = write!(out, "{style}{added}{}{mark}{crit}{style}", die.value);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(value: i64) -> Die {
        Die {
            value,
            kept: true,
            exploded: false,
            rerolled: vec![],
            success: false,
            failure: false,
            crit_success: false,
            crit_failure: false,
            added: false,
        }
    }

    fn term(dice: Vec<Die>, counts_successes: bool) -> TermRoll {
        let value = dice.iter().filter(|d| d.kept).map(|d| d.value).sum();
        TermRoll {
            notation: String::new(),
            dice,
            value,
            counts_successes,
        }
    }

    #[test]
    fn renders_sum_with_modifier() {
        let roll = Roll {
            expression: "2d6+3".into(),
            label: None,
            total: 10,
            terms: vec![term(vec![die(5), die(2)], false)],
            parts: vec![Part::Term(0), Part::Op('+'), Part::Number(3)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(roll.render(), "2d6+3 → [5, 2] + 3 = 10");
        let labelled = Roll {
            label: Some("fireball".into()),
            ..roll
        };
        assert_eq!(labelled.render(), "2d6+3 fireball → [5, 2] + 3 = 10");
    }

    #[test]
    fn renders_dropped_exploded_rerolled() {
        let mut dropped = die(1);
        dropped.kept = false;
        let roll = Roll {
            expression: "4d6kh3".into(),
            label: None,
            total: 15,
            terms: vec![term(vec![die(6), die(5), die(4), dropped], false)],
            parts: vec![Part::Term(0)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(roll.render(), "4d6kh3 → [6, 5, 4, ~~1~~] = 15");

        let mut six = die(6);
        six.exploded = true;
        let mut rr = die(4);
        rr.rerolled = vec![1, 1];
        let roll = Roll {
            expression: "-(2d6!r)".into(),
            label: None,
            total: -13,
            terms: vec![term(vec![six, die(3), rr], false)],
            parts: vec![Part::Neg, Part::Open, Part::Term(0), Part::Close],
            groups: vec![],
            warning: None,
        };
        assert_eq!(roll.render(), "-(2d6!r) → -([6!, 3, ~~1~~ ~~1~~ 4]) = -13");
    }

    #[test]
    fn successes_label_only_a_count_of_successes_not_a_sum_3d6_ge_4_d6() {
        let mut rng = crate::rng::seeded(5);
        for sum in [
            "(3d6>=4)d6",
            "1d20+5 + 0d6>=1",
            "{3d6>=5, 2d6}kh1",
            "(4d6>=4)*2",
            "floor(4d6>=4)",
            "{2d6>=4, 3d6>=4}kh1",
        ] {
            let r = crate::dice::roll(sum, &mut rng).unwrap();
            assert!(!r.counts_successes(), "{sum}");
            assert!(!r.render().contains("success"), "{}", r.render());
        }
        for count in [
            "3d6>=4",
            "3d6>=4 + 2d6>=5",
            "{3d6, 3d6}>=10",
            "(3d6>=4)",
            "3d6>=4 + 1",
            "{1d6, 2d6>=3}>=2",
        ] {
            let r = crate::dice::roll(count, &mut rng).unwrap();
            assert!(r.counts_successes(), "{count}");
            assert!(r.render().contains(" success"), "{}", r.render());
        }
    }

    #[test]
    fn renders_successes() {
        let mut s = die(6);
        s.success = true;
        let mut f = die(1);
        f.failure = true;
        let roll = Roll {
            expression: "3d6>=5f1".into(),
            label: None,
            total: 0,
            terms: vec![term(vec![s, die(3), f], true)],
            parts: vec![Part::Term(0)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(roll.render(), "3d6>=5f1 → [**6**, 3, _1_] = 0 successes");
        let one = Roll {
            total: 1,
            ..roll.clone()
        };
        assert!(one.render().ends_with("= 1 success"));
        let three = Roll { total: 3, ..roll };
        assert!(three.render().ends_with("= 3 successes"));
    }

    /// BCDice's line, which Japanese players read: `(2D6+5) ＞ 9[4,5]+5 ＞ 14`; the numbers are
    /// the English line's.
    #[test]
    fn japanese_reads_the_bcdice_line_2d6_plus_5() {
        let roll = Roll {
            expression: "2d6+5".into(),
            label: None,
            total: 14,
            terms: vec![term(vec![die(4), die(5)], false)],
            parts: vec![Part::Term(0), Part::Op('+'), Part::Number(5)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(
            roll.render_in(Locale::Ja, None),
            "(2D6+5) ＞ 9[4,5]+5 ＞ 14"
        );
        assert_eq!(
            roll.render_in(Locale::Ja, Some(9)),
            "(2D6+5>=9) ＞ 9[4,5]+5 ＞ 14 ＞ 成功"
        );
        assert_eq!(
            roll.render_in(Locale::Ja, Some(15)),
            "(2D6+5>=15) ＞ 9[4,5]+5 ＞ 14 ＞ 失敗"
        );
        assert_eq!(roll.render_in(Locale::En, Some(9)), roll.render());
        assert_eq!(roll.render(), "2d6+5 → [4, 5] + 5 = 14");
        // One plain die says no more than the total.
        let d20 = Roll {
            expression: "1d20".into(),
            label: Some("攻撃".into()),
            total: 13,
            terms: vec![term(vec![die(13)], false)],
            parts: vec![Part::Term(0)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(d20.render_in(Locale::Ja, None), "攻撃 (1D20) ＞ 13");
        // Dropped dice keep their marks; successes are counted with the catalogue's word.
        let mut dropped = die(1);
        dropped.kept = false;
        let kh = Roll {
            expression: "4d6kh3".into(),
            label: None,
            total: 15,
            terms: vec![term(vec![die(6), die(5), die(4), dropped], false)],
            parts: vec![Part::Term(0)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(
            kh.render_in(Locale::Ja, None),
            "(4D6KH3) ＞ 15[6,5,4,~~1~~] ＞ 15"
        );
        let mut s = die(6);
        s.success = true;
        let count = Roll {
            expression: "2d6>=5".into(),
            label: None,
            total: 1,
            terms: vec![TermRoll {
                value: 1,
                ..term(vec![s, die(3)], true)
            }],
            parts: vec![Part::Term(0)],
            groups: vec![],
            warning: None,
        };
        assert_eq!(
            count.render_in(Locale::Ja, None),
            "(2D6>=5) ＞ 1[**6**,3] ＞ 成功数1"
        );
    }

    #[test]
    fn renders_groups_marks_counts_and_labels() {
        use crate::dice::{GroupItem, GroupRoll};
        let mut crit = die(20);
        crit.crit_success = true;
        let mut fumble = die(1);
        fumble.crit_failure = true;
        let mut added = die(4);
        added.added = true;
        let item = |value, kept| GroupItem {
            value,
            kept,
            success: false,
            failure: false,
        };
        let roll = Roll {
            expression: "{1d6,1d4}kh1+(1d2)d20cs[atk]+1d6ra6".into(),
            label: None,
            total: 0,
            terms: vec![
                term(vec![die(5)], false),
                term(vec![die(3)], false),
                term(vec![die(2)], false),
                TermRoll {
                    notation: "2d20cs".into(),
                    ..term(vec![crit, fumble], false)
                },
                term(vec![die(6), added], false),
            ],
            parts: vec![
                Part::GroupOpen(0),
                Part::Term(0),
                Part::GroupItemEnd { group: 0, item: 0 },
                Part::Term(1),
                Part::GroupItemEnd { group: 0, item: 1 },
                Part::GroupClose(0),
                Part::Op('+'),
                Part::CountOpen,
                Part::Open,
                Part::Term(2),
                Part::Close,
                Part::CountClose,
                Part::Counted(3),
                Part::Label("atk".into()),
                Part::Op('+'),
                Part::Term(4),
            ],
            groups: vec![GroupRoll {
                notation: "kh1".into(),
                items: vec![item(5, true), item(3, false)],
                value: 5,
                counts_successes: false,
            }],
            warning: None,
        };
        assert_eq!(
            roll.render(),
            "{1d6,1d4}kh1+(1d2)d20cs[atk]+1d6ra6 → {[5] = 5, [3] = ~~3~~}kh1 + ([2])d20cs [20★, 1✗] atk + [6, +4] = 0"
        );
        assert_eq!(roll.arithmetic().as_deref(), Some("5 + 21 + 10"));
    }
}
