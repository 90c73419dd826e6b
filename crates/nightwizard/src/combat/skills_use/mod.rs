//! Using skills and items in combat (§10.2 step 5, §10.4, §10.10, §10.14, §15.3, §15.5): the
//! Timing decides when a skill may be declared and which action it takes; the Cost is paid in
//! full on declaration (an HP cost leaves at least 1 HP, an MP cost may reach 0); a bad status
//! paid as a Cost during your own Main Process lands when it ends. BS: Pressure forbids skills
//! and items; an Incapacitated character may use only Timing: Incapacitated (or Downed).
//!
//! Effects are posted as text; what the bot can model is applied: Recovery values
//! (`Recovery: 5`, `Recovery: SL x 2`, `… for MP`), cures (`cures BS: Poison`), consumable
//! items, and Major Action skills with a Hit Check, which start an attack on their target.
//!
//! The Setup step (§10.2 step 5) and the Cleanup step (§10.14 step 2) are windows: when a PC
//! owns a skill (or item) of that Timing, the Round waits for those PCs, in Count order, to use
//! it or skip. Declared as a submodule of `combat` so that it shares the combat helpers.

use super::super::data::{amount, Aim, Effect, Per, Pool, Reach};
use super::super::status::BadStatus;
use croupier_core::table::{Phrase, Value};

/// When a skill or item may be declared (§15.5 Timing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// Setup Process (step 5, in Count order).
    Setup,
    /// Initiative Process (before a Main Process starts acting).
    Initiative,
    /// Cleanup Process (step 2).
    Cleanup,
    /// Move Action.
    Move,
    /// Minor Action.
    Minor,
    /// Major Action (ends the Main Process).
    Major,
    /// Reaction (any time, even Post-action).
    Reaction,
    /// Auto Action (any time).
    Auto,
    /// Prep: at the start of combat, before the first Main Process.
    Prep,
    /// Incapacitated (or Downed): the only timing open to an Incapacitated character.
    Incapacitated,
    /// Constant: always on, never declared.
    Constant,
    /// Before Judge: just before one of the user's Judges.
    BeforeJudge,
    /// After Judge: just after one of the user's Judges.
    AfterJudge,
    /// Damage Roll: during a damage roll.
    DamageRoll,
    /// `[Skill Name]`: declared with the named skill.
    Other,
}

impl Timing {
    /// Reads a Timing field.
    pub fn parse(t: &str) -> Timing {
        let t = t.to_ascii_lowercase();
        let table = [
            ("constant", Timing::Constant),
            ("setup", Timing::Setup),
            ("initiative", Timing::Initiative),
            ("cleanup", Timing::Cleanup),
            ("move", Timing::Move),
            ("minor", Timing::Minor),
            ("major", Timing::Major),
            ("reaction", Timing::Reaction),
            ("auto", Timing::Auto),
            ("prep", Timing::Prep),
            ("incapacitated", Timing::Incapacitated),
            ("downed", Timing::Incapacitated),
            ("before judge", Timing::BeforeJudge),
            ("after judge", Timing::AfterJudge),
            ("damage roll", Timing::DamageRoll),
        ];
        table
            .iter()
            .find(|(k, _)| t.contains(k))
            .map_or(Timing::Other, |(_, v)| *v)
    }

    /// The Timing's name as a sheet writes it.
    pub fn label(self) -> &'static str {
        match self {
            Timing::Setup => "Setup Process",
            Timing::Initiative => "Initiative Process",
            Timing::Cleanup => "Cleanup Process",
            Timing::Move => "Move Action",
            Timing::Minor => "Minor Action",
            Timing::Major => "Major Action",
            Timing::Reaction => "Reaction",
            Timing::Auto => "Auto Action",
            Timing::Prep => "Prep",
            Timing::Incapacitated => "Incapacitated",
            Timing::Constant => "Constant",
            Timing::BeforeJudge => "Before Judge",
            Timing::AfterJudge => "After Judge",
            Timing::DamageRoll => "Damage Roll",
            Timing::Other => "Other",
        }
    }

    /// The Timing's name in the catalogue's words ([`Timing::label`]'s English).
    pub fn said(self) -> Value {
        let id = match self {
            Timing::Setup => "setup",
            Timing::Initiative => "initiative",
            Timing::Cleanup => "cleanup",
            Timing::Move => "move",
            Timing::Minor => "minor",
            Timing::Major => "major",
            Timing::Reaction => "reaction",
            Timing::Auto => "auto",
            Timing::Prep => "prep",
            Timing::Incapacitated => "incapacitated",
            Timing::Constant => "constant",
            Timing::BeforeJudge => "before-judge",
            Timing::AfterJudge => "after-judge",
            Timing::DamageRoll => "damage-roll",
            Timing::Other => "other",
        };
        Phrase::new("nw-sk-timing").arg("timing", id).into()
    }

    /// An item's Timing: the first timing its effect text names (`Minor Action: …`).
    pub fn of_item(effect: &str) -> Option<Timing> {
        let e = effect.to_ascii_lowercase();
        let names = [
            "setup process",
            "initiative process",
            "cleanup process",
            "move action",
            "minor action",
            "major action",
            "reaction",
            "auto action",
            "prep",
            "timing: incapacitated",
        ];
        names
            .iter()
            .filter_map(|n| e.find(n).map(|i| (i, *n)))
            .min()
            .map(|(_, n)| Timing::parse(n))
    }
}

/// One part of a Cost (§15.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CostPart {
    /// HP (must leave at least 1).
    Hp(i32),
    /// MP (may reach 0).
    Mp(i32),
    /// Prana (may reach 0).
    Prana(i32),
    /// A bad status received after the skill resolves.
    Bad(BadStatus, u32),
    /// Anything else: told, paid by the table.
    Other(String),
}

/// Evaluates a number that may use the Skill Level: `4`, `SL`, `SL x 2`, `SL + 1`, `2*SL`.
pub fn sl_value(expr: &str, sl: u32) -> Option<i32> {
    let e: String = expr
        .to_ascii_lowercase()
        .replace(['×', '*'], "x")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if e.is_empty() {
        return None;
    }
    if e.contains('+') {
        return e.split('+').map(|p| sl_value(p, sl)).sum();
    }
    let atom = |a: &str| -> Option<i32> {
        if a == "sl" {
            Some(sl as i32)
        } else {
            a.parse::<i32>().ok()
        }
    };
    // `sl` contains no `x`, so splitting on `x` separates factors.
    e.split('x').map(atom).product()
}

/// Reads a Cost field: `MP 4`, `HP 5`, `Prana 1`, `BS: Rigor`, several joined with `,`, `;` or
/// ` and `; `-` or empty is no cost.
pub fn parse_cost(text: &str, sl: u32) -> Vec<CostPart> {
    let t = text.trim();
    if t.is_empty() || t == "-" || t == "—" || t.eq_ignore_ascii_case("none") {
        return vec![];
    }
    t.replace(" and ", ",")
        .split([',', ';'])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let low = p.to_ascii_lowercase();
            if let Some(rest) = low
                .strip_prefix("bs")
                .map(|r| r.trim_start_matches([':', ' ']))
            {
                if let Some((b, rating)) = BadStatus::written(&p[p.len() - rest.len()..]) {
                    return CostPart::Bad(b, rating);
                }
            }
            for (k, f) in [
                ("prana", CostPart::Prana as fn(i32) -> CostPart),
                ("hp", CostPart::Hp),
                ("mp", CostPart::Mp),
            ] {
                let n = low
                    .strip_prefix(k)
                    .or_else(|| low.strip_suffix(k))
                    .and_then(|r| sl_value(r.trim_start_matches(':'), sl));
                if let Some(n) = n {
                    return f(n.max(0));
                }
            }
            CostPart::Other(p.to_string())
        })
        .collect()
}

/// The Recovery value an effect gives (`Recovery: 5`, `(Recovery: SL x 2)`), and whether it
/// heals MP (`… for MP`) rather than HP.
pub fn recovery_in(effect: &str, sl: u32) -> Option<(i32, bool)> {
    let i = effect.find("Recovery:")?;
    let rest = &effect[i + "Recovery:".len()..];
    let end = rest
        .find([')', '.', ',', ';'])
        .unwrap_or(rest.len())
        .min(rest.find(" for ").unwrap_or(rest.len()));
    let n = sl_value(&rest[..end], sl)?;
    let after = &effect[i..];
    let mp = after.contains("for MP") && !after.contains("for HP");
    Some((n, mp))
}

/// Bad statuses an effect cures (`cures BS: Poison and BS: Paralysis`).
pub fn cures_in(effect: &str) -> Vec<BadStatus> {
    let low = effect.to_ascii_lowercase();
    if !low.contains("cure") {
        return vec![];
    }
    BadStatus::KNOWN
        .into_iter()
        .filter(|b| low.contains(&b.name().to_ascii_lowercase()))
        .collect()
}

/// A skill or item ready to use.
#[derive(Debug, Clone)]
struct Usable {
    name: String,
    /// Its Japanese name, if the data has one.
    name_ja: Option<String>,
    key: String,
    sl: u32,
    timing: Timing,
    timing_text: String,
    cost_text: String,
    cost: Vec<CostPart>,
    effect: String,
    /// Its Japanese effect text, if the data has one.
    effect_ja: Option<String>,
    recovery: Option<(i32, bool)>,
    cures: Vec<BadStatus>,
    consumable: Option<String>,
    /// A Major Action attack skill: magical or not.
    attack: Option<bool>,
    /// Its typed effects (the lasting ones go in force; a Reroll acts at once).
    effects: Vec<Effect>,
    /// Once per Scene or Scenario.
    once: Option<Per>,
    /// Its Range, typed (`None`: the field cannot be read; the table settles it).
    reach: Option<Reach>,
    /// Its Target, typed.
    aim: Option<Aim>,
}

impl Usable {
    /// Its name in the reader's language.
    fn said_name(&self) -> Value {
        croupier_core::table::said::data(&self.name, self.name_ja.as_deref())
    }

    /// Its effect text in the reader's language.
    fn said_effect(&self) -> Value {
        croupier_core::table::said::data(&self.effect, self.effect_ja.as_deref())
    }

    /// The Recovery its typed effects give (HP, or MP when `true`), else the one its text
    /// names (`Recovery: 5`: data written before typed effects, a group's own skills).
    fn recovery_of(effects: &[Effect], text: &str, sl: u32) -> Option<(i32, bool)> {
        let typed = effects.iter().find_map(|e| match e {
            Effect::Recovery { add, per_sl, pool } => {
                Some((amount(*add, *per_sl, sl), *pool == Pool::Mp))
            }
            _ => None,
        });
        typed.or_else(|| recovery_in(text, sl))
    }

    /// The bad statuses its typed effects cure, else those its text names.
    fn cures_of(effects: &[Effect], text: &str) -> Vec<BadStatus> {
        let typed: Vec<BadStatus> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::Cure { statuses } => Some(statuses),
                _ => None,
            })
            .flatten()
            .filter_map(|n| {
                BadStatus::KNOWN
                    .into_iter()
                    .find(|b| b.name().eq_ignore_ascii_case(n))
            })
            .collect();
        if effects.iter().any(|e| matches!(e, Effect::Cure { .. })) {
            typed
        } else {
            cures_in(text)
        }
    }
}

mod aim;
pub mod declare;
mod gate;
mod grant;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_round;
mod usable;
pub mod window;
