//! Fortresses (digest §12): a Lunar Casket turned stronghold, built by the GM as Areas joined
//! by Gates; the Dive (the party enters at the Entrance and moves Area by Area, one Scene
//! each); Appearance Checks for PCs not yet inside (8 + 2 per Gate from the Entrance); Traps
//! (identification, removal, activation); the Danger Sense Judge; retreat rules.
//!
//! Every Judge here is rolled by the session's own Judge (`judge::roll_for`: the PC's
//! attribute, Critical/Fumble values, Dazed −5) and stays open to Prana; a failed Judge is
//! settled with `/nwfortress resolve` once the roller has spent what Prana they wish.

mod build;
mod checks;
mod common;
mod dive;
pub mod model;

pub use common::{
    add_inside, appear_difficulty, danger_difficulty_ambush, danger_difficulty_trap,
    retreat_allowed, status_replies, sync_open,
};
pub use model::{AreaKind, FortressAction, FortressState, GateKind, CONNECTION_BONUS};

use super::casket;
use super::commands::{DangerKind, DangerStat, FortressCommand};
use super::data::NwData;
use super::state::NightWizard;
use crate::words::no;
use croupier_core::rng::GameRng;
use croupier_core::table::{Actor, Choices, Phrase, Reply, RuleError};
use model::Entry;

/// Lowers a parsed `/nwfortress …` to its action.
pub fn lower(c: FortressCommand) -> Result<FortressAction, RuleError> {
    let text = |t: String, n: usize| -> String { t.trim().chars().take(n).collect() };
    Ok(match c {
        FortressCommand::Area {
            name,
            kind,
            desc,
            exit,
            cost,
            amount,
            key,
            keyword,
            emulator_space,
        } => {
            let cost = match (cost, amount) {
                (Some(c), Some(n)) => Some((c, n)),
                (Some(c), None) => {
                    return no(Phrase::new("nw-data-cost-needs-amount").arg("cost", c.value()))
                }
                (None, Some(_)) => return no(Phrase::new("nw-data-amount-needs-cost")),
                (None, None) => None,
            };
            FortressAction::Area {
                name: text(name, 40),
                kind,
                desc: desc.unwrap_or_default().chars().take(300).collect(),
                exit: exit.unwrap_or(false),
                entry: Entry {
                    cost,
                    key: key.map(|k| text(k, 40)).filter(|k| !k.is_empty()),
                    keyword: keyword.map(|k| text(k, 40)).filter(|k| !k.is_empty()),
                },
                emulator_space: emulator_space.unwrap_or(false),
            }
        }
        FortressCommand::Gate {
            from,
            to,
            kind,
            uses,
        } => FortressAction::Gate {
            from: text(from, 40),
            to: text(to, 40),
            kind: kind.unwrap_or(GateKind::Normal),
            uses,
        },
        FortressCommand::Trap {
            area,
            detection,
            removal,
            effect,
            damage,
        } => {
            let damage = damage.map(|d| d.trim().to_string());
            if let Some(d) = &damage {
                croupier_core::dice::odds(d).map_err(|e| {
                    crate::words::refusal(
                        Phrase::new("nw-data-trap-damage")
                            .arg("damage", d.as_str())
                            .arg("error", e.to_string()),
                    )
                })?;
            }
            FortressAction::Trap {
                area: text(area, 40),
                detection,
                removal,
                effect: text(effect, 300),
                damage,
            }
        }
        FortressCommand::Dive { keyword: None } => FortressAction::Dive,
        FortressCommand::Dive { keyword: Some(k) } => FortressAction::DiveSaying(text(k, 40)),
        FortressCommand::Show => FortressAction::Show,
        FortressCommand::Move { to } => FortressAction::Move(text(to, 40)),
        FortressCommand::Appear { connection } => FortressAction::Appear {
            connection: connection.unwrap_or(false),
        },
        FortressCommand::Identify => FortressAction::Identify,
        FortressCommand::Remove => FortressAction::Remove,
        FortressCommand::Resolve => FortressAction::Resolve,
        FortressCommand::Danger {
            kind,
            perception,
            difficulty,
            stat,
            secret,
            by_hand,
        } => FortressAction::Danger {
            kind: kind.unwrap_or(DangerKind::Other).value().to_string(),
            perception,
            difficulty,
            stat: stat.unwrap_or(DangerStat::Awareness).value().to_string(),
            secret: secret.unwrap_or(false),
            passive: !by_hand.unwrap_or(false),
        },
        FortressCommand::Sense => FortressAction::Sense,
        FortressCommand::Cleared { area } => {
            FortressAction::Cleared(area.map(|a| a.trim().to_string()))
        }
        FortressCommand::Open { gate } => FortressAction::Open(gate - 1),
        FortressCommand::Condition { what } => FortressAction::Condition(what.value().to_string()),
        FortressCommand::Leave => FortressAction::Leave,
        FortressCommand::Scrap => FortressAction::Scrap,
    })
}

/// Applies a Fortress or Casket action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &FortressAction,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    match a {
        FortressAction::Casket(c) => casket::apply(s, actor, c),
        FortressAction::Area { .. } | FortressAction::Gate { .. } | FortressAction::Trap { .. } => {
            build::apply(s, a)
        }
        FortressAction::Dive
        | FortressAction::DiveSaying(_)
        | FortressAction::Show
        | FortressAction::Move(_)
        | FortressAction::Appear { .. }
        | FortressAction::Leave
        | FortressAction::Scrap => dive::apply(s, data, rng, actor, gm, a),
        _ => checks::apply(s, data, rng, actor, a),
    }
}

#[cfg(test)]
mod ja_tests;
#[cfg(test)]
mod tests;
