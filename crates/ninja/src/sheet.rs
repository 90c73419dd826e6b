//! Text renderings: the character sheet and the tournament score sheet, laid out like the
//! rulebook's exemplars.

use super::data::{in_each_language, NinjaData};
use super::roster::{joined, NinjaRecord};
use super::scoring::{Mark, Run, RunStatus, TurnBox};
use super::tournament::{Round, Tournament};
use croupier_core::i18n::Locale;
use croupier_core::table::{Phrase, Value};

/// The character sheet, as in the rulebook's Chapter 8.
pub fn character_sheet(r: &NinjaRecord, data: &NinjaData) -> String {
    character_sheet_said(r, data).text(Locale::En)
}

/// The character sheet in the catalogue's words (`ninja-sheet`, one [`Phrase`] a line).
pub fn character_sheet_said(r: &NinjaRecord, data: &NinjaData) -> Phrase {
    let skills = r.skills(data);
    let mut lines: Vec<Value> = Vec::new();
    let mut line = |p: Phrase| lines.push(Value::from(p));
    line(Phrase::new("ninja-sheet-name").arg("name", r.name.as_str()));
    line(Phrase::new("ninja-sheet-occupation").arg(
        "occupation",
        if r.occupation.is_empty() {
            "—"
        } else {
            &r.occupation
        },
    ));
    line(
        Phrase::new("ninja-sheet-record")
            .arg("events", i64::from(r.events))
            .arg("points", i64::from(r.points))
            .arg("unspent", i64::from(r.unspent()))
            .arg("wins", i64::from(r.wins))
            .arg("additives", r.additive_list(data)),
    );
    if let Some([a, b]) = &r.pending_train {
        line(
            Phrase::new("ninja-sheet-pending")
                .arg("a", data.additive_said(a))
                .arg("b", data.additive_said(b))
                .arg("name", r.name.as_str()),
        );
    }
    line(
        Phrase::new("ninja-sheet-attributes")
            .arg("iq", format!("{:>3}", r.iq))
            .arg("dx", format!("{:>3}", r.dx))
            .arg("st", format!("{:>3}", r.st)),
    );
    for (o, v) in data.obstacles.iter().zip(&skills) {
        let adds: Vec<Value> = o.additives.iter().map(|a| data.additive_said(a)).collect();
        line(
            Phrase::new("ninja-sheet-skill")
                .arg("skill", format!("{v:>3}"))
                .arg("obstacle", o.said_name())
                .arg("attribute", o.attribute.key())
                .arg("additives", joined(adds, "ninja-additive-plus")),
        );
    }
    if r.luck(data) > 0 {
        line(Phrase::new("ninja-sheet-luck").arg("luck", i64::from(r.luck(data))));
    }
    line(Phrase::new("ninja-sheet-tally").arg("tally", tally(r.points, r.spent)));
    match &r.retired {
        Some(why) => line(Phrase::new("ninja-sheet-retired").arg("why", why.as_str())),
        None if r.last_attempt() => line(Phrase::new("ninja-sheet-last")),
        None => {}
    }
    Phrase::new("ninja-sheet").arg("lines", Value::Lines(lines))
}

/// Experience in bundles of five (`||||/`), spent bundles in brackets.
pub fn tally(points: u32, spent: u32) -> String {
    if points == 0 {
        return "—".into();
    }
    let mut out = Vec::new();
    let mut left = points;
    let mut spent_left = spent;
    while left > 0 {
        let n = left.min(5);
        let mut b: String = "|".repeat(n.min(4) as usize);
        if n == 5 {
            b.push('/');
        }
        if n == 5 && spent_left >= 5 {
            b = format!("({b})");
            spent_left -= 5;
        }
        out.push(b);
        left -= n;
    }
    out.join(" ")
}

fn box_text(b: &TurnBox, data: &NinjaData, locale: Locale) -> String {
    let mut s = String::new();
    if let Some(o) = b.starts {
        if let Some(ob) = data.obstacles.get(o) {
            s.push_str(&ob.initials_in(locale).to_lowercase());
            s.push(':');
        }
    }
    let m = match &b.mark {
        Mark::Points { total, done } => {
            if *done {
                format!("{total}|")
            } else {
                total.to_string()
            }
        }
        Mark::Miss => "x".into(),
        Mark::Bogus => "x*".into(),
        Mark::Save => "✓".into(),
    };
    s.push_str(&m);
    if b.luck {
        format!("[{s}]")
    } else {
        s
    }
}

/// One ninja's row of boxes: marks in fives, then the result.
pub fn run_row(run: &Run, through: Option<bool>, data: &NinjaData) -> String {
    run_row_said(run, through, data).text(Locale::En)
}

/// A run's boxes and how it ended (`ninja-score-row`).
fn run_row_said(run: &Run, through: Option<bool>, data: &NinjaData) -> Phrase {
    // The boxes as each language writes them (an obstacle's initials are the language's).
    let boxes_in = |locale: Locale| {
        let mut parts = Vec::new();
        for (i, b) in run.boxes.iter().enumerate() {
            if i > 0 && i % 5 == 0 {
                parts.push("¦".to_string());
            }
            parts.push(box_text(b, data, locale));
        }
        let mut boxes = parts.join(" ");
        if !boxes.is_empty() {
            boxes.push(' ');
        }
        boxes
    };
    let (end, turns) = match run.status {
        RunStatus::Running => ("running", 0),
        RunStatus::Splash => ("splash", 0),
        RunStatus::OutOfTime => ("oot", 0),
        RunStatus::Finished { turns, .. } => match through {
            Some(false) => ("out", turns),
            _ => ("finished", turns),
        },
    };
    Phrase::new("ninja-score-row")
        .arg("boxes", in_each_language(boxes_in))
        .arg("end", end)
        .arg("turns", i64::from(turns))
}

fn line(p: Phrase) -> Value {
    Value::from(p)
}

pub fn round_sheet(t: &Tournament, round: &Round, data: &NinjaData) -> String {
    english(&round_lines(t, round, data))
}

/// The lines as English text, each ended by a newline.
fn english(lines: &[Value]) -> String {
    let mut s = Value::Lines(lines.to_vec()).text(Locale::En);
    s.push('\n');
    s
}

/// One round's sheet, one catalogue message a line (`ninja-score-…`).
fn round_lines(t: &Tournament, round: &Round, data: &NinjaData) -> Vec<Value> {
    let ranking = round.ranking(t.settings.cut_ties);
    let course = in_each_language(|locale| {
        data.course(round.number)
            .iter()
            .map(|&i| data.obstacles[i].initials_in(locale))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let mut out = vec![line(
        Phrase::new("ninja-score-round")
            .arg("round", i64::from(round.number.min(3)))
            .arg("course", course),
    )];
    for (slot, &e) in round.order.iter().enumerate() {
        let ent = &t.entrants[e];
        let skills: Vec<String> = data
            .course(round.number)
            .iter()
            .map(|&i| ent.skills.get(i).copied().unwrap_or(0).to_string())
            .collect();
        out.push(line(
            Phrase::new("ninja-score-entrant")
                .arg("slot", format!("{:>2}", slot + 1))
                .arg("name", ent.record.name.as_str())
                .arg("skills", skills.join("/"))
                .arg("luck", if ent.luck > 0 { "yes" } else { "no" }),
        ));
        if let Some(run) = &round.runs[slot] {
            let through = ranking.iter().find(|r| r.slot == slot).map(|r| r.through);
            out.push(line(run_row_said(run, through, data)));
        }
    }
    out.push(line(Phrase::new("ninja-score-ranking")));
    if ranking.is_empty() {
        out.push(line(Phrase::new("ninja-score-no-finishers")));
    }
    for (i, r) in ranking.iter().enumerate() {
        let verdict = match (round.number >= 3, r.through) {
            (true, true) => "winner",
            (true, false) => "none",
            (false, true) => "through",
            (false, false) => "out",
        };
        out.push(line(
            Phrase::new("ninja-score-rank")
                .arg("pos", (i + 1) as i64)
                .arg("name", t.entrants[r.entrant].record.name.as_str())
                .arg("turns", i64::from(r.turns))
                .arg("left", i64::from(r.leftover))
                .arg("verdict", verdict),
        ));
    }
    out
}

pub fn score_sheet(t: &Tournament, data: &NinjaData) -> String {
    english(&score_lines(t, data))
}

/// The whole score sheet, one catalogue message a line: each round and a blank line, or the
/// entrants before the start.
pub fn score_lines(t: &Tournament, data: &NinjaData) -> Vec<Value> {
    let mut out = Vec::new();
    for r in &t.rounds {
        out.extend(round_lines(t, r, data));
        out.push(Value::from(""));
    }
    if t.rounds.is_empty() {
        out.push(line(Phrase::new("ninja-score-entrants")));
        for (i, e) in t.entrants.iter().enumerate() {
            out.push(line(
                Phrase::new("ninja-score-entry")
                    .arg("slot", format!("{:>2}", i + 1))
                    .arg("name", e.record.name.as_str())
                    .arg("house", if e.house { "yes" } else { "no" }),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ninja_points_tally_in_bundles_of_five_spent_circled() {
        // "The first four are vertical lines, the fifth is a diagonal slash ... circle the group"
        assert_eq!(tally(7, 5), "(||||/) ||");
        assert_eq!(tally(5, 0), "||||/");
        assert_eq!(tally(0, 0), "—");
    }
}
