//! The GM asks a player for a Judge (`/nw ask`): the GM sets the attribute or combat stat and
//! the Difficulty (optionally kept secret), the public message mentions the player, and its
//! button (`/nw answer id:<n>`) rolls the Judge through the session's own Judge
//! ([`roll_for`]) for that player only.

pub mod model;
pub use model::{Ask, AskAction};

use super::commands::NwCommand;
use super::data::{attr_index, stat_index, NwData, ATTRS, STAT_LABEL};
use super::judge::{roll_for, JudgeRequest};
use super::state::{NightWizard, NwAction};
use crate::words::no;
use croupier_core::i18n::Locale;
use croupier_core::rng::GameRng;
use croupier_core::table::{
    english, Actor, ButtonStyle, Message, Phrase, Reply, RuleError, UserId, Value,
};

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
        return no(Phrase::new("nw-ask-usage"));
    };
    let stat = stat.trim().to_ascii_lowercase();
    if stat != "none" && attr_index(&stat).is_none() && stat_index(&stat).is_none() {
        return no(Phrase::new("nw-ask-no-stat")
            .arg("value", stat.as_str())
            .arg("attrs", ATTRS.join(", "))
            .arg("stats", STAT_LABEL.join(", ").to_ascii_lowercase()));
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
    stat_said(stat).text(Locale::En)
}

/// [`stat_name`] in the catalogue's words.
fn stat_said(stat: &str) -> Value {
    if let Some(i) = attr_index(stat) {
        crate::words::attr(i)
    } else if let Some(i) = stat_index(stat) {
        crate::words::stat(i)
    } else {
        Value::from(Phrase::new("nw-ask-plain"))
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
                return no(Phrase::new("nw-ask-no-pc").arg("player", player.mention()));
            };
            if pc.dead {
                return no(Phrase::new("nw-ask-dead").arg("name", pc.ch.name.as_str()));
            }
            let name = pc.ch.name.clone();
            let id = s.ask_seq + 1;
            let what = stat_said(stat);
            let article = if stat_name(stat).starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            let public = Message::phrase(
                Phrase::titled("nw-ask-title", "nw-ask")
                    .arg(
                        "label",
                        if label.is_empty() {
                            Value::from("")
                        } else {
                            Value::from(Phrase::new("nw-ask-label").arg("label", label.as_str()))
                        },
                    )
                    .arg("what", what.clone())
                    .arg("article", article)
                    .arg("name", name.as_str())
                    .arg("player", player.mention())
                    .arg("hidden", if *hidden { "yes" } else { "no" })
                    .arg("difficulty", i64::from(*difficulty))
                    .arg(
                        "band",
                        crate::words::data_word("nw-band", data.difficulty_label(*difficulty)),
                    )
                    .buttons(&["nw-button-ask-roll"]),
            )
            .ping(player)
            .styled_button(
                Phrase::new("nw-button-ask-roll")
                    .arg("what", what.clone())
                    .text(Locale::En),
                &NwCommand::Answer { id },
                ButtonStyle::Primary,
            );
            let gm = Message::phrase(
                Phrase::new("nw-ask-gm")
                    .arg("id", i64::from(id))
                    .arg("name", name.as_str())
                    .arg("what", what)
                    .arg("difficulty", i64::from(*difficulty))
                    .arg("hidden", if *hidden { "yes" } else { "no" })
                    .buttons(&["nw-button-withdraw"]),
            )
            .styled_button(
                english("nw-button-withdraw"),
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
                return no(Phrase::new("nw-ask-none").arg("id", i64::from(*id)));
            };
            let k = s.asks.remove(i);
            let name = s
                .pcs
                .iter()
                .find(|p| p.user == k.player)
                .map(|p| p.ch.name.clone())
                .unwrap_or_else(|| k.player.mention());
            Ok(vec![Reply::public(Message::phrase(
                Phrase::new("nw-ask-withdrawn")
                    .arg("what", stat_said(&k.stat))
                    .arg("name", name),
            ))])
        }
        AskAction::Answer(id) => {
            let Some(k) = s.asks.iter().find(|k| k.id == *id).cloned() else {
                return no(Phrase::new("nw-ask-gone"));
            };
            if actor.id != k.player {
                return no(Phrase::new("nw-ask-not-yours").arg("player", k.player.mention()));
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
