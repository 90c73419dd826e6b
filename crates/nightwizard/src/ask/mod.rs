//! The GM asks a player for a Judge (`/nw ask`): the GM sets the attribute or combat stat and
//! the Difficulty (optionally kept secret), the public message mentions the player, and its
//! button (`/nw answer id:<n>`) rolls the Judge through the session's own Judge
//! ([`roll_for`]) for that player only.

pub mod model;
pub use model::{Ask, AskAction};

use super::character::derive::attr_name;
use super::commands::NwCommand;
use super::data::{attr_index, stat_index, NwData, ATTRS, STAT_LABEL};
use super::judge::{roll_for, JudgeRequest};
use super::state::{NightWizard, NwAction};
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, ButtonStyle, Message, Reply, RuleError, UserId};

/// Lowers a parsed `/nw ask …` (the GM's request, or `cancel:<n>`) to its action.
pub fn lower_ask(
    player: Option<UserId>,
    stat: Option<String>,
    difficulty: Option<i32>,
    label: Option<String>,
    hidden: Option<bool>,
    cancel: Option<u32>,
) -> Result<NwAction, RuleError> {
    if let Some(n) = cancel {
        return Ok(NwAction::Ask(AskAction::Cancel(n)));
    }
    let (Some(player), Some(stat), Some(difficulty)) = (player, stat, difficulty) else {
        return refuse(
            "ask with player, stat and difficulty, e.g. `/nw ask player:@bob stat:awareness difficulty:10` (or `cancel:<n>`).",
        );
    };
    let stat = stat.trim().to_ascii_lowercase();
    if stat != "none" && attr_index(&stat).is_none() && stat_index(&stat).is_none() {
        return refuse(format!(
            "`{stat}` is not an attribute ({}) or combat stat ({}); use none for no Alter.",
            ATTRS.join(", "),
            STAT_LABEL.join(", ").to_ascii_lowercase()
        ));
    }
    Ok(NwAction::Ask(AskAction::Ask {
        player,
        stat,
        difficulty,
        label: label.unwrap_or_default().chars().take(80).collect(),
        hidden: hidden.unwrap_or(false),
    }))
}

/// The stat's display name (`Awareness`, `PACC`, `Judge`).
fn stat_name(stat: &str) -> String {
    if let Some(i) = attr_index(stat) {
        attr_name(i)
    } else if let Some(i) = stat_index(stat) {
        STAT_LABEL[i].to_string()
    } else {
        "Judge".to_string()
    }
}

/// Applies an ask, a cancel or an answer. Refusals change nothing.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    a: &AskAction,
) -> Result<Vec<Reply>, RuleError> {
    match a {
        AskAction::Ask {
            player,
            stat,
            difficulty,
            label,
            hidden,
        } => {
            let Some(pc) = s.pcs.iter().find(|p| &p.user == player) else {
                return refuse(format!(
                    "{} has no PC in this session (`/nw session join` first).",
                    player.mention()
                ));
            };
            if pc.dead {
                return refuse(format!("{} is dead and makes no Judges.", pc.ch.name));
            }
            let name = pc.ch.name.clone();
            let id = s.ask_seq + 1;
            let what = stat_name(stat);
            let title = if label.is_empty() {
                format!("🎲 {what} Judge for {name}")
            } else {
                format!("🎲 {label}: {what} Judge for {name}")
            };
            let shown = if *hidden {
                "Difficulty: known only to the GM.".to_string()
            } else {
                format!(
                    "Difficulty {difficulty} ({}).",
                    data.difficulty_label(*difficulty)
                )
            };
            let public = Message::titled(
                title,
                format!(
                    "{}, the GM asks {name} for {} {what} Judge. {shown}\nOnly {} can roll it.",
                    player.mention(),
                    if what.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    },
                    player.mention()
                ),
            )
            .ping(player)
            .styled_button(
                format!("Roll {what} Judge"),
                &NwCommand::Answer { id },
                ButtonStyle::Primary,
            );
            let gm = Message::text(format!(
                "Ask {id}: {name}, {what} Judge against Difficulty {difficulty}{}. Withdraw it with `/nw ask cancel:{id}`.",
                if *hidden { " (hidden from the player)" } else { "" }
            ))
            .styled_button(
                "Withdraw",
                &NwCommand::Ask {
                    player: None,
                    stat: None,
                    difficulty: None,
                    label: None,
                    hidden: None,
                    cancel: Some(id),
                },
                ButtonStyle::Danger,
            );
            s.ask_seq = id;
            s.asks.push(Ask {
                id,
                player: player.clone(),
                stat: stat.clone(),
                difficulty: *difficulty,
                label: label.clone(),
                hidden: *hidden,
            });
            Ok(vec![Reply::public(public), Reply::gm(gm)])
        }
        AskAction::Cancel(id) => {
            let Some(i) = s.asks.iter().position(|k| k.id == *id) else {
                return refuse(format!("there is no open ask number {id}."));
            };
            let k = s.asks.remove(i);
            let name = s
                .pcs
                .iter()
                .find(|p| p.user == k.player)
                .map(|p| p.ch.name.clone())
                .unwrap_or_else(|| k.player.mention());
            Ok(vec![Reply::public(Message::text(format!(
                "The GM withdraws the {} Judge asked of {name}.",
                stat_name(&k.stat)
            )))])
        }
        AskAction::Answer(id) => {
            let Some(k) = s.asks.iter().find(|k| k.id == *id).cloned() else {
                return refuse("that Judge is no longer asked for (already rolled or withdrawn).");
            };
            if actor.id != k.player {
                return refuse(format!(
                    "this Judge is for {} only; the GM can ask you with `/nw ask`.",
                    k.player.mention()
                ));
            }
            let judge = JudgeRequest {
                stat: k.stat.clone(),
                difficulty: Some(k.difficulty),
                label: k.label.clone(),
                hidden: k.hidden,
                ..JudgeRequest::default()
            };
            let out = roll_for(s, data, rng, actor, &judge)?;
            s.asks.retain(|a| a.id != *id);
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests;
