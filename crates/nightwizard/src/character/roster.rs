//! The guild-wide state ([`NwShared`]: every player's characters, drafts in progress, chat
//! additions, and which session each playing character is in) and the commands that need no
//! session, dispatched to `edit` (characters), `catalog_cmds` (skills, items, enemies) and the
//! sheet.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::creation::Draft;
use super::{Character, Custom};
use croupier_core::names::{name_key, same_name};
use croupier_core::table::{Actor, Message, Phrase, Place, Reply, RuleError, UserId};

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
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "playing_by_key"
    )]
    pub playing: BTreeMap<String, Hold>,
    /// The last identity given to a character added to the roster ([`Character::uid`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub last_uid: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A session's lock on a character: where it plays, and which record it is (its
/// [`Character::uid`]; 0 for a lock taken before identities, which any record of that name
/// fits).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Hold {
    /// The session the character plays in.
    #[serde(flatten)]
    pub place: Place,
    /// The record's identity.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub uid: u64,
}

/// A character's id in the guild: its owner and its name's key (a player's names are unique
/// as they read, `croupier_core::names::name_key`, and a character playing in a session cannot
/// be deleted).
pub fn character_key(owner: &UserId, name: &str) -> String {
    format!("{}/{}", owner.0, name_key(name))
}

/// The holds as stored, keyed again: earlier releases keyed them by the lower-cased name,
/// which differs from the name's key where spaces, width or composed accents differ.
fn playing_by_key<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, Hold>, D::Error> {
    let stored = BTreeMap::<String, Hold>::deserialize(d)?;
    Ok(stored
        .into_iter()
        .map(|(k, place)| match k.split_once('/') {
            Some((owner, name)) => (format!("{owner}/{}", name_key(name)), place),
            None => (k, place),
        })
        .collect())
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
            Some(h) if !held_by(&h.place, place) => crate::words::no(
                Phrase::new("nw-character-elsewhere")
                    .arg("name", name)
                    .arg("place", h.place.mention()),
            ),
            _ => Ok(()),
        }
    }

    /// Makes the locks held by the session at `place` exactly its PCs' characters (`(owner,
    /// name, uid)`, the uid of the session's copy); a character another session holds keeps
    /// that lock.
    pub fn hold(&mut self, place: &Place, pcs: &[(UserId, String, u64)]) {
        let keys: Vec<(String, u64)> = pcs
            .iter()
            .map(|(o, n, uid)| (character_key(o, n), *uid))
            .collect();
        self.playing
            .retain(|k, h| !held_by(&h.place, place) || keys.iter().any(|(key, _)| key == k));
        for (k, uid) in keys {
            self.playing.entry(k).or_insert_with(|| Hold {
                place: place.clone(),
                uid,
            });
        }
    }

    /// Adds a finished character to the roster with an identity of its own.
    pub fn add(&mut self, mut c: Character) {
        self.last_uid += 1;
        c.uid = self.last_uid;
        self.characters.push(c);
    }

    /// A session's hold on a character that is no longer on the roster, or whose record was
    /// deleted and another made under its name (an undo of its leaving after that would make
    /// one), said for the refusal.
    pub fn orphan_hold(&self) -> Option<String> {
        self.playing.iter().find_map(|(k, h)| {
            let name = k.split_once('/').map_or(k.as_str(), |(_, n)| n);
            let record = self
                .characters
                .iter()
                .find(|c| &character_key(&c.owner, &c.name) == k);
            match record {
                None => Some(format!("The character `{name}` was deleted from this server's roster since, and undoing would bring it back into a session.")),
                Some(c) if h.uid != 0 && c.uid != h.uid => Some(format!("The character `{name}` was deleted from this server's roster since and a new one made under its name; undoing would bring the deleted one back into a session, bound to the new one.")),
                Some(_) => None,
            }
        })
    }

    /// Frees every character the session at `place` holds; returns how many.
    pub fn release(&mut self, place: &Place) -> usize {
        let n = self.playing.len();
        self.playing.retain(|_, h| !held_by(&h.place, place));
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
                .iter()
                .copied()
                .find(|i| self.characters[*i].name == n.trim())
                .or_else(|| {
                    mine.iter()
                        .copied()
                        .find(|i| same_name(&self.characters[*i].name, n))
                })
                .ok_or_else(|| {
                    crate::words::refusal(Phrase::new("nw-no-such-character").arg("name", n))
                }),
            None => match mine.as_slice() {
                [] => crate::words::no(Phrase::new("nw-no-character")),
                [i] => Ok(*i),
                _ => crate::words::no(
                    Phrase::new("nw-several-characters").arg(
                        "names",
                        mine.iter()
                            .map(|i| self.characters[*i].name.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                ),
            },
        }
    }
}

pub(super) fn private(a: &Actor, m: Message) -> Vec<Reply> {
    vec![Reply::private(&a.id, m)]
}

#[cfg(test)]
#[path = "roster_tests.rs"]
mod tests;
