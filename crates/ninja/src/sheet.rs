//! Text renderings: the character sheet and the tournament score sheet, laid out like the
//! rulebook's exemplars.

use super::data::NinjaData;
use super::roster::NinjaRecord;
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
                .arg("a", data.additive_name(a))
                .arg("b", data.additive_name(b))
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
        let adds: Vec<&str> = o.additives.iter().map(|a| data.additive_name(a)).collect();
        line(
            Phrase::new("ninja-sheet-skill")
                .arg("skill", format!("{v:>3}"))
                .arg("obstacle", o.name.as_str())
                .arg("attribute", o.attribute.key())
                .arg("additives", adds.join(" + ")),
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

fn box_text(b: &TurnBox, data: &NinjaData) -> String {
    let mut s = String::new();
    if let Some(o) = b.starts {
        if let Some(ob) = data.obstacles.get(o) {
            s.push_str(&ob.initials.to_lowercase());
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
    let mut parts = Vec::new();
    for (i, b) in run.boxes.iter().enumerate() {
        if i > 0 && i % 5 == 0 {
            parts.push("¦".to_string());
        }
        parts.push(box_text(b, data));
    }
    let end = match run.status {
        RunStatus::Running => "…".to_string(),
        RunStatus::Splash => "SPLASH".to_string(),
        RunStatus::OutOfTime => "O.O.T.".to_string(),
        RunStatus::Finished { turns, .. } => match through {
            Some(false) => format!("({turns})✗"),
            _ => format!("({turns})"),
        },
    };
    parts.push(end);
    parts.join(" ")
}

/// The score sheet of one round plus its live ranking.
pub fn round_sheet(t: &Tournament, round: &Round, data: &NinjaData) -> String {
    let ranking = round.ranking(t.settings.cut_ties);
    let course: Vec<String> = data
        .course(round.number)
        .iter()
        .map(|&i| data.obstacles[i].initials.clone())
        .collect();
    let title = if round.number >= 3 {
        "Final".to_string()
    } else {
        format!("Round {}", round.number)
    };
    let mut s = format!("{title} — {}\n", course.join(" "));
    for (slot, &e) in round.order.iter().enumerate() {
        let ent = &t.entrants[e];
        let skills: Vec<String> = data
            .course(round.number)
            .iter()
            .map(|&i| ent.skills.get(i).copied().unwrap_or(0).to_string())
            .collect();
        let luck = if ent.luck > 0 { " ★luck" } else { "" };
        s.push_str(&format!(
            "{:>2}. {} ({}){luck}\n",
            slot + 1,
            ent.record.name,
            skills.join("/")
        ));
        if let Some(run) = &round.runs[slot] {
            let through = ranking.iter().find(|r| r.slot == slot).map(|r| r.through);
            s.push_str(&format!("    {}\n", run_row(run, through, data)));
        }
    }
    s.push_str("Ranking:\n");
    if ranking.is_empty() {
        s.push_str("  no finishers yet\n");
    }
    for (i, r) in ranking.iter().enumerate() {
        let verdict = match (round.number >= 3, r.through) {
            (true, true) => "winner",
            (true, false) => "",
            (false, true) => "through",
            (false, false) => "eliminated",
        };
        s.push_str(&format!(
            "  {}. {} — {} turns, {} left over {verdict}\n",
            i + 1,
            t.entrants[r.entrant].record.name,
            r.turns,
            r.leftover
        ));
    }
    s
}

/// The whole score sheet: every round so far.
pub fn score_sheet(t: &Tournament, data: &NinjaData) -> String {
    let mut s = String::new();
    for r in &t.rounds {
        s.push_str(&round_sheet(t, r, data));
        s.push('\n');
    }
    if t.rounds.is_empty() {
        s.push_str("Entrants:\n");
        for (i, e) in t.entrants.iter().enumerate() {
            s.push_str(&format!(
                "{:>2}. {}{}\n",
                i + 1,
                e.record.name,
                if e.house { " (house)" } else { "" }
            ));
        }
    }
    s
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
