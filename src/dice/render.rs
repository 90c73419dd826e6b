//! Discord-markdown rendering of a [`Roll`].

use std::fmt::Write;

use super::roll::{Die, Part, Roll, TermRoll};

impl Roll {
    /// Renders the roll for Discord, e.g. `2d6+3 → [5, 2] + 3 = 10`.
    ///
    /// Dropped dice and rerolled-away values are struck through (`~~1~~`),
    /// exploded dice are marked `6!`, successes are bold and failures italic.
    /// A label follows the expression: `2d6+3 fireball → [5, 2] + 3 = 10`.
    /// When any term counts successes the total reads `= 3 successes`.
    pub fn render(&self) -> String {
        let mut out = self.expression.clone();
        if let Some(label) = &self.label {
            out.push(' ');
            out.push_str(label);
        }
        out.push_str(" → ");
        for part in &self.parts {
            match part {
                Part::Number(n) => {
                    let _ = write!(out, "{n}");
                }
                Part::Term(i) => {
                    if let Some(term) = self.terms.get(*i) {
                        render_term(&mut out, term);
                    }
                }
                Part::Op(c) => {
                    let _ = write!(out, " {c} ");
                }
                Part::Neg => out.push('-'),
                Part::Open => out.push('('),
                Part::Close => out.push(')'),
            }
        }
        if self.terms.iter().any(|t| t.counts_successes) {
            let plural = if self.total == 1 { "" } else { "es" };
            let _ = write!(out, " = {} success{plural}", self.total);
        } else {
            let _ = write!(out, " = {}", self.total);
        }
        out
    }
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

fn render_die(out: &mut String, die: &Die) {
    for old in &die.rerolled {
        let _ = write!(out, "~~{old}~~ ");
    }
    let mark = if die.exploded { "!" } else { "" };
    let style = if !die.kept {
        "~~"
    } else if die.success {
        "**"
    } else if die.failure {
        "_"
    } else {
        ""
    };
    let _ = write!(out, "{style}{}{mark}{style}", die.value);
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
        };
        assert_eq!(roll.render(), "-(2d6!r) → -([6!, 3, ~~1~~ ~~1~~ 4]) = -13");
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
}
