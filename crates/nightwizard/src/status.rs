//! Bad statuses (digest §10.12, §10.4, §10.9 step 6, §10.14 step 1, §15.5 Cost): the five the
//! rulebook defines as a [`BadStatus`] whose methods are the rules — what each forbids, its
//! modifier to Judges, how it ends, what it does in the Cleanup Process — and the list a
//! character holds as [`BadStatuses`], where ratings add up and an unrated status already held
//! does nothing. Every rule about a status lives here; combat, skills and the session ask.
//!
//! Stored states and logs keep their shape: a status serializes as its name (`"Dazed"`) and a
//! list as `[["Poison", 5], ["Dazed", 0]]`, as when statuses were strings. A name the rulebook
//! does not define (a skill may name one, §19 item 10) is kept as written, with no rule.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::data::NwData;
use super::judge::Dice;
use croupier_core::table::{Phrase, RuleError, Value};

/// The −5 of BS: Dazed (to every Judge) and of BS: Paralysis (to Reactions).
pub const PENALTY: i32 = 5;

/// A bad status (§10.12).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadStatus {
    /// Cannot use skills or items; a Minor Action clears it.
    Pressure,
    /// Cannot take Move Actions; ends at the end of its holder's Main Process or in the
    /// Cleanup Process.
    Rigor,
    /// Rated: in each Cleanup Process, lose HP = rating × 1D; only skills or items cure it.
    Poison,
    /// −5 to the Result of Reactions; only skills or items cure it.
    Paralysis,
    /// −5 to all Judges; ends in the Cleanup Process.
    Dazed,
    /// A status the rulebook does not define, kept as written; no rule applies to it.
    Other(String),
}

impl BadStatus {
    /// The five the rulebook defines, in its order.
    pub const KNOWN: [BadStatus; 5] = [
        BadStatus::Pressure,
        BadStatus::Rigor,
        BadStatus::Poison,
        BadStatus::Paralysis,
        BadStatus::Dazed,
    ];

    /// Reads a status's name; the five are matched in any case, anything else is kept as is.
    pub fn parse(name: &str) -> BadStatus {
        let n = name.trim();
        BadStatus::KNOWN
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(n))
            .unwrap_or_else(|| BadStatus::Other(name.to_string()))
    }

    /// The name as the rulebook writes it (after `BS:`).
    pub fn name(&self) -> &str {
        match self {
            BadStatus::Pressure => "Pressure",
            BadStatus::Rigor => "Rigor",
            BadStatus::Poison => "Poison",
            BadStatus::Paralysis => "Paralysis",
            BadStatus::Dazed => "Dazed",
            BadStatus::Other(n) => n,
        }
    }

    /// Has a rating, and ratings add up: Poison (3) + Poison (2) = Poison (5).
    pub fn rated(&self) -> bool {
        matches!(self, BadStatus::Poison)
    }

    /// What it adds to a Judge's Alter: Dazed −5 to all Judges, Paralysis −5 to Reactions.
    pub fn judge_modifier(&self, reaction: bool) -> i32 {
        match self {
            BadStatus::Dazed => -PENALTY,
            BadStatus::Paralysis if reaction => -PENALTY,
            _ => 0,
        }
    }

    /// BS: Rigor: no Move Actions (nor the Minor or Major Action standing in for one).
    pub fn forbids_move_actions(&self) -> bool {
        matches!(self, BadStatus::Rigor)
    }

    /// BS: Pressure: no skills or items.
    pub fn forbids_skills_and_items(&self) -> bool {
        matches!(self, BadStatus::Pressure)
    }

    /// BS: Pressure: a Minor Action clears it.
    pub fn cleared_by_minor_action(&self) -> bool {
        matches!(self, BadStatus::Pressure)
    }

    /// BS: Rigor ends at the end of its holder's Main Process.
    pub fn ends_with_main_process(&self) -> bool {
        matches!(self, BadStatus::Rigor)
    }

    /// Rigor and Dazed end in the Cleanup Process (§10.14 step 1).
    pub fn ends_in_cleanup(&self) -> bool {
        matches!(self, BadStatus::Rigor | BadStatus::Dazed)
    }

    /// BS: Poison (n) in the Cleanup Process: HP lost = n × 1D (ambiguity §16 #26, read as
    /// the rating times one die). Returns the die and the loss; `None` for other statuses.
    pub fn cleanup_hp_loss(&self, rating: u32, dice: &mut impl Dice) -> Option<(u32, i32)> {
        if *self != BadStatus::Poison {
            return None;
        }
        let d = dice.d6();
        Some((d, rating as i32 * d as i32))
    }

    /// Reads how a status is written after `BS:` in a skill's Cost or an attack's text:
    /// `Poison (2)`, `Rigor`; the name is the leading letters, the rating (0 when none) the
    /// number in the brackets that follow. `None` when no name follows.
    pub fn written(rest: &str) -> Option<(BadStatus, u32)> {
        let rest = rest.trim_start();
        let name: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
        if name.is_empty() {
            return None;
        }
        let rating = rest
            .split_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .and_then(|(n, _)| n.trim().parse::<u32>().ok())
            .unwrap_or(0);
        Some((BadStatus::parse(&name), rating))
    }
}

impl fmt::Display for BadStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<&str> for BadStatus {
    fn from(name: &str) -> BadStatus {
        BadStatus::parse(name)
    }
}

impl Serialize for BadStatus {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for BadStatus {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BadStatus, D::Error> {
        let name = String::deserialize(d)?;
        Ok(BadStatus::parse(&name))
    }
}

/// The bad statuses a character holds, each with its rating (0 = unrated), in the order
/// received.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BadStatuses(Vec<(BadStatus, u32)>);

impl BadStatuses {
    /// Holds `status`.
    pub fn has(&self, status: &BadStatus) -> bool {
        self.0.iter().any(|(b, _)| b == status)
    }

    /// Receives a status (§10.12): a rating adds to the one held; an unrated status already
    /// held does nothing. Returns whether anything changed.
    pub fn add(&mut self, status: BadStatus, rating: u32) -> bool {
        match self.0.iter_mut().find(|(b, _)| *b == status) {
            Some((_, r)) if *r > 0 || rating > 0 => {
                *r += rating;
                rating > 0
            }
            Some(_) => false,
            None => {
                self.0.push((status, rating));
                true
            }
        }
    }

    /// Receives a status paid as a skill's Cost (§15.5): if it is already held, nothing more
    /// happens (not even a rating added).
    pub fn add_as_cost(&mut self, status: BadStatus, rating: u32) -> bool {
        if self.has(&status) {
            return false;
        }
        self.add(status, rating)
    }

    /// Ends one status; returns whether it was held.
    pub fn remove(&mut self, status: &BadStatus) -> bool {
        let before = self.0.len();
        self.0.retain(|(b, _)| b != status);
        self.0.len() != before
    }

    /// Ends them all (the end of combat, the After phase).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The sum of the statuses' modifiers to a Judge (Dazed −5; Paralysis −5 on a Reaction).
    pub fn judge_modifier(&self, reaction: bool) -> i32 {
        self.0.iter().map(|(b, _)| b.judge_modifier(reaction)).sum()
    }

    /// Each status that changes a Judge, as a note in the reader's language, each led by the
    /// list's separator (`, Dazed −5`), as a Judge's line writes them after its Alter; nothing
    /// when none does.
    pub fn judge_notes(&self, reaction: bool) -> Vec<Value> {
        self.0
            .iter()
            .filter_map(|(b, r)| {
                let m = b.judge_modifier(reaction);
                (m != 0).then(|| {
                    Value::from(
                        Phrase::new("nw-foes-note-status")
                            .arg("status", written_said(b, *r))
                            .arg("penalty", i64::from(-m)),
                    )
                })
            })
            .collect()
    }

    /// [`Self::judge_notes`] written one after another (`, Paralysis −5, Dazed −5`).
    pub fn judge_notes_said(&self, reaction: bool) -> Value {
        crate::words::joined("nw-join-none", self.judge_notes(reaction))
    }

    /// The held status that forbids Move Actions (BS: Rigor), if any.
    pub fn forbidding_moves(&self) -> Option<&BadStatus> {
        self.0
            .iter()
            .map(|(b, _)| b)
            .find(|b| b.forbids_move_actions())
    }

    /// The held status that forbids skills and items (BS: Pressure), if any.
    pub fn forbidding_skills(&self) -> Option<&BadStatus> {
        self.0
            .iter()
            .map(|(b, _)| b)
            .find(|b| b.forbids_skills_and_items())
    }

    /// A Minor Action spent: ends the statuses it clears (BS: Pressure); returns them.
    pub fn minor_action(&mut self) -> Vec<BadStatus> {
        self.take(BadStatus::cleared_by_minor_action)
    }

    /// The holder's Main Process ended: ends BS: Rigor; returns what ended.
    pub fn main_process_ended(&mut self) -> Vec<BadStatus> {
        self.take(BadStatus::ends_with_main_process)
    }

    /// The Cleanup Process (§10.14 step 1), after the HP losses: ends Rigor and Dazed.
    pub fn cleanup(&mut self) -> Vec<BadStatus> {
        self.take(BadStatus::ends_in_cleanup)
    }

    /// The HP each held status takes in the Cleanup Process: `(status, rating, die, loss)`
    /// (BS: Poison (n): n × 1D).
    pub fn cleanup_losses(&self, dice: &mut impl Dice) -> Vec<(BadStatus, u32, u32, i32)> {
        self.0
            .iter()
            .filter_map(|(b, r)| {
                b.cleanup_hp_loss(*r, dice)
                    .map(|(d, n)| (b.clone(), *r, d, n))
            })
            .collect()
    }

    /// The list as text: `Poison (2), Dazed`.
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|(b, r)| written(b, *r))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn take(&mut self, ends: impl Fn(&BadStatus) -> bool) -> Vec<BadStatus> {
        let gone: Vec<BadStatus> = self
            .0
            .iter()
            .filter(|(b, _)| ends(b))
            .map(|(b, _)| b.clone())
            .collect();
        self.0.retain(|(b, _)| !ends(b));
        gone
    }
}

/// Adds the bad status `given` names to `bad` (`dazed`, `poison:3`; `clear` clears them all), as
/// the GM's `/nw session set` and `/nwenemy set` take it: one reading of a status by name or id
/// and its rating.
pub fn set_given(bad: &mut BadStatuses, data: &NwData, given: &str) -> Result<(), RuleError> {
    if given == "clear" {
        bad.clear();
        return Ok(());
    }
    let (name, rating) = match given.split_once(':') {
        Some((n, r)) => (
            n.trim(),
            r.trim()
                .parse::<u32>()
                .map_err(|_| crate::words::refusal(Phrase::new("nw-fight-rating-number")))?,
        ),
        None => (given.trim(), 0),
    };
    let Some(def) = data
        .rules
        .bad_status
        .iter()
        .find(|b| b.id == name || b.name.eq_ignore_ascii_case(name))
    else {
        return Err(crate::words::refusal(
            Phrase::new("nw-fight-not-a-bs").arg("name", name),
        ));
    };
    let status = BadStatus::parse(&def.name);
    if status.rated() && rating == 0 {
        return Err(crate::words::refusal(
            Phrase::new("nw-fight-bs-rating")
                .arg("status", def.said_name())
                .arg("id", def.id.as_str()),
        ));
    }
    bad.add(status.clone(), if status.rated() { rating } else { 0 });
    Ok(())
}

/// A status as written: `Poison (2)`, or `Dazed` when unrated.
pub fn written(status: &BadStatus, rating: u32) -> String {
    if rating > 0 {
        format!("{status} ({rating})")
    } else {
        status.to_string()
    }
}

/// One status in the catalogue's words (`Poison (2)`); a status the rulebook does not define
/// as written.
pub fn written_said(status: &BadStatus, rating: u32) -> Value {
    let known = match status {
        BadStatus::Other(_) => "other".to_string(),
        b => b.name().to_ascii_lowercase(),
    };
    Value::from(
        Phrase::new("nw-bad-status-name")
            .arg("status", known)
            .arg("name", status.name())
            .arg("rating", i64::from(rating)),
    )
}

impl BadStatuses {
    /// The list in the catalogue's words (`Poison (2), Dazed`, or `none`).
    pub fn said(&self) -> Value {
        crate::words::join(
            "nw-join-comma",
            self.0.iter().map(|(b, r)| written_said(b, *r)).collect(),
            Value::from(Phrase::new("nw-none")),
        )
    }
}

/// The list as text (`Poison (2), Dazed`); the tracker and the view call it.
pub fn status_text(bad: &BadStatuses) -> String {
    bad.text()
}

impl std::ops::Deref for BadStatuses {
    type Target = [(BadStatus, u32)];
    fn deref(&self) -> &[(BadStatus, u32)] {
        &self.0
    }
}

impl From<Vec<(BadStatus, u32)>> for BadStatuses {
    fn from(v: Vec<(BadStatus, u32)>) -> BadStatuses {
        BadStatuses(v)
    }
}

/// Compares with a list written as names, as the tests write it.
impl PartialEq<Vec<(String, u32)>> for BadStatuses {
    fn eq(&self, other: &Vec<(String, u32)>) -> bool {
        self.0.len() == other.len()
            && self
                .0
                .iter()
                .zip(other)
                .all(|((b, r), (n, q))| b.name() == n && r == q)
    }
}

#[cfg(test)]
mod tests;
