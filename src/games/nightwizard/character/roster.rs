//! The guild-wide state ([`NwShared`]: every player's characters, drafts in progress, chat
//! additions, and which session each playing character is in) and the commands that need no
//! session, dispatched to `edit` (characters), `catalog_cmds` (skills, items, enemies) and the
//! sheet.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::commands::{EnemyCommand, NwCommand};
use super::super::data::NwData;
use super::super::judge::Dice;
use super::creation::Draft;
use super::{sheet, Catalog, Character, Custom};
use crate::table::Commands;
use crate::table::{refuse, Actor, Command, Message, Place, Reply, RuleError, UserId};

// The old paths (`roster::level_up`, `roster::parse_mods`, …) stay valid.
pub use super::catalog_cmds::parse_mods;
pub use super::level_up::{auto_level, level_up};
pub use super::steps::step_messages;

/// Guild-wide state: every player's characters, drafts in progress, and chat additions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct NwShared {
    /// Finished characters.
    pub characters: Vec<Character>,
    /// Characters being made, one per player.
    pub drafts: BTreeMap<String, Draft>,
    /// Skills, items and enemies added in chat.
    pub custom: Custom,
    /// Characters playing in a running session, by [`character_key`]: a character plays in one
    /// session at a time; the lock goes when it leaves or the session ends.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub playing: BTreeMap<String, Place>,
}

/// A character's id in the guild: its owner and its name (a player's names are unique,
/// compared without case, and a character playing in a session cannot be deleted).
pub fn character_key(owner: &UserId, name: &str) -> String {
    format!("{}/{}", owner.0, name.trim().to_lowercase())
}

fn held_by(held: &Place, place: &Place) -> bool {
    match place.session {
        Some(_) => held.session == place.session,
        None => held.channel == place.channel,
    }
}

/// Most characters one player may keep.
pub const MAX_CHARACTERS: usize = 20;

impl NwShared {
    /// Refuses if `name` of `owner` plays in another session than the one at `place`.
    pub fn check_free(&self, owner: &UserId, name: &str, place: &Place) -> Result<(), RuleError> {
        match self.playing.get(&character_key(owner, name)) {
            Some(h) if !held_by(h, place) => refuse(format!(
                "{name} is playing in the session in {}: a character plays in one session at a time. Leave it there (`/nw session leave`) or wait until that session ends.",
                h.mention()
            )),
            _ => Ok(()),
        }
    }

    /// Makes the locks held by the session at `place` exactly its PCs' characters (`(owner,
    /// name)`); a character another session holds keeps that lock.
    pub fn hold(&mut self, place: &Place, pcs: &[(UserId, String)]) {
        let keys: Vec<String> = pcs.iter().map(|(o, n)| character_key(o, n)).collect();
        self.playing
            .retain(|k, h| !held_by(h, place) || keys.contains(k));
        for k in keys {
            self.playing.entry(k).or_insert_with(|| place.clone());
        }
    }

    /// Frees every character the session at `place` holds; returns how many.
    pub fn release(&mut self, place: &Place) -> usize {
        let n = self.playing.len();
        self.playing.retain(|_, h| !held_by(h, place));
        n - self.playing.len()
    }

    /// The player's character named `name`, or their only one.
    pub fn find(&self, owner: &UserId, name: Option<&str>) -> Result<&Character, RuleError> {
        let i = self.find_index(owner, name)?;
        Ok(&self.characters[i])
    }

    /// Index form of [`NwShared::find`].
    pub fn find_index(&self, owner: &UserId, name: Option<&str>) -> Result<usize, RuleError> {
        let mine: Vec<usize> = (0..self.characters.len())
            .filter(|i| &self.characters[*i].owner == owner)
            .collect();
        match name {
            Some(n) => mine
                .into_iter()
                .find(|i| self.characters[*i].name.eq_ignore_ascii_case(n.trim()))
                .ok_or_else(|| RuleError::new(format!("you have no character named `{n}`."))),
            None => match mine.as_slice() {
                [] => refuse("you have no character yet: `/nw character new` makes one (add `quick:true` for a random one)."),
                [i] => Ok(*i),
                _ => refuse(format!(
                    "you have several characters; add `character:` with one of: {}.",
                    mine.iter().map(|i| self.characters[*i].name.as_str()).collect::<Vec<_>>().join(", ")
                )),
            },
        }
    }
}

pub(super) fn private(a: &Actor, m: Message) -> Vec<Reply> {
    vec![Reply::private(&a.id, m)]
}

/// The commands that need no session (the guild's roster and its data), parsed; `None` for
/// the session's commands.
fn global_command(cmd: &Command) -> Option<Result<NwCommand, RuleError>> {
    match NwCommand::from_command(cmd) {
        Ok(c) => matches!(
            c,
            NwCommand::Character(_)
                | NwCommand::Sheet { .. }
                | NwCommand::Skill(_)
                | NwCommand::Item(_)
                | NwCommand::Rules
                | NwCommand::Enemy(EnemyCommand::List | EnemyCommand::Add { .. })
        )
        .then_some(Ok(c)),
        // A refused command reports here when its group needs no session.
        Err(e) => {
            let at = |i: usize| cmd.path.get(i).map(String::as_str).unwrap_or("");
            let global = matches!(at(1), "character" | "sheet" | "skill" | "item" | "rules")
                || (at(1) == "enemy" && matches!(at(2), "list" | "add"));
            global.then_some(Err(e))
        }
    }
}

/// Whether `cmd` is one of the commands that need no session (and so need the roster).
pub fn needs_roster(cmd: &Command) -> bool {
    global_command(cmd).is_some()
}

/// Runs a command that needs no session (characters, sheets, skills, items, enemy data);
/// `None` for the session's commands.
pub fn global(
    shared: &mut NwShared,
    data: &NwData,
    actor: &Actor,
    cmd: &Command,
    dice: &mut impl Dice,
) -> Option<Result<Vec<Reply>, RuleError>> {
    let c = match global_command(cmd)? {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let r = match c {
        NwCommand::Character(c) => super::edit::character(shared, data, actor, c, dice),
        NwCommand::Sheet { character, player } => {
            let custom = shared.custom.clone();
            let cat = Catalog {
                data,
                custom: &custom,
            };
            let owner = player.unwrap_or(actor.id.clone());
            // Others change a sheet too (the GM's After phase, a level up): a fresh copy is
            // one press away.
            shared.find(&owner, character.as_deref()).map(|c| {
                let refresh = format!("/nw sheet player:{} character:\"{}\"", owner.0, c.name);
                private(
                    actor,
                    sheet::sheet(c, &cat, None).styled_button(
                        "Refresh",
                        refresh,
                        crate::table::ButtonStyle::Secondary,
                    ),
                )
            })
        }
        NwCommand::Skill(c) => super::catalog_cmds::skills(shared, data, actor, c),
        NwCommand::Item(c) => super::catalog_cmds::items(shared, data, actor, c),
        NwCommand::Enemy(c) => super::catalog_cmds::enemies(shared, data, actor, c),
        NwCommand::Rules => Ok(private(actor, rules_message(data))),
        _ => return None,
    };
    Some(r)
}

fn rules_message(data: &NwData) -> Message {
    let d: Vec<String> = data
        .rules
        .difficulty
        .iter()
        .map(|d| {
            if d.max >= 999 {
                format!("{} {}+", d.label, d.min)
            } else {
                format!("{} {}–{}", d.label, d.min, d.max)
            }
        })
        .collect();
    let b: Vec<String> = data
        .rules
        .bad_status
        .iter()
        .map(|b| {
            format!(
                "**{}**{}: {} Ends: {}",
                b.name,
                if b.rated { " (n)" } else { "" },
                b.effect,
                b.ends
            )
        })
        .collect();
    Message::titled("📖 Night Wizard reference", "")
        .field("Difficulties", d.join(" · "))
        .field("Bad statuses", b.join("\n"))
        .field(
            "Critical and Fumble",
            format!(
                "PCs roll 2D for each every session (Fumble rerolled while equal); CF Mod points shift either by ±1. The GM's values are always {} and {}.",
                data.rules.gm.critical, data.rules.gm.fumble
            ),
        )
}

#[cfg(test)]
#[path = "roster_tests.rs"]
mod tests;
