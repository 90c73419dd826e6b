//! What the Fortress's rules share: finding the Fortress and the Dive, the map as a message,
//! the Difficulties of §12, and who is inside.

use super::super::judge::Judge;
use super::super::state::NightWizard;
use super::model::{
    Area, Dive, Fortress, Gate, GateKind, AMBUSH_PLUS, APPEAR_BASE, APPEAR_PER_GATE,
};
use crate::words::no;
use croupier_core::table::{Message, Phrase, Reply, RuleError, UserId, Value};

impl NightWizard {
    /// True while the party is inside a Fortress (a Dive in progress).
    pub fn in_fortress(&self) -> bool {
        self.fortress
            .fortress
            .as_ref()
            .is_some_and(|f| f.dive.is_some())
    }
}

pub(super) fn fortress_mut(s: &mut NightWizard) -> Result<&mut Fortress, RuleError> {
    match s.fortress.fortress.as_mut() {
        Some(f) => Ok(f),
        None => no(Phrase::new("nw-no-fortress")),
    }
}

pub(super) fn fortress(s: &NightWizard) -> Result<&Fortress, RuleError> {
    match s.fortress.fortress.as_ref() {
        Some(f) => Ok(f),
        None => no(Phrase::new("nw-no-fortress")),
    }
}

pub(super) fn dive(s: &NightWizard) -> Result<(&Fortress, &Dive), RuleError> {
    let f = fortress(s)?;
    match f.dive.as_ref() {
        Some(d) => Ok((f, d)),
        None => no(Phrase::new("nw-no-dive")),
    }
}

/// The Fortress map (the GM's with secret gates and traps when `gm`) and where the party is.
pub(super) fn map_message(s: &NightWizard, f: &Fortress, gm: bool) -> Message {
    let mut m = Phrase::titled("nw-map-title", "nw-lines")
        .arg("lines", f.map_said(gm, gm || s.settings.map_kinds));
    if let Some(d) = &f.dive {
        let names: Vec<String> = d.inside.iter().map(|u| pc_name(s, u)).collect();
        m = m
            .field_keys("nw-map-party-head", "nw-map-party")
            .arg(
                "names",
                crate::words::joined(
                    "nw-join-comma",
                    names.iter().map(|n| Value::from(n.as_str())).collect(),
                ),
            )
            .arg("area", f.areas[d.at].name.as_str());
    }
    Message::phrase(m)
}

/// For `/game status`: the Fortress map, public (what the players may know), and the GM's
/// own map to the GM only. Nothing while there is no Fortress.
pub fn status_replies(s: &NightWizard, viewer_is_gm: bool) -> Vec<Reply> {
    let Some(f) = s.fortress.fortress.as_ref() else {
        return vec![];
    };
    let mut out = vec![Reply::public(map_message(s, f, false))];
    if viewer_is_gm {
        out.push(Reply::gm(map_message(s, f, true)));
    }
    out
}

pub(super) fn pc_name(s: &NightWizard, u: &UserId) -> String {
    s.pcs
        .iter()
        .find(|p| &p.user == u)
        .map(|p| p.ch.name.clone())
        .unwrap_or_else(|| u.mention())
}

/// Copies a PC's open Fortress Judge (after Prana) into its pending copy.
pub fn sync_open(s: &mut NightWizard) {
    for p in &mut s.fortress.pending {
        if let Some(o) = s
            .open
            .iter()
            .find(|o| o.user == p.user && o.label == p.check.label())
        {
            p.judge = o.judge.clone();
        }
    }
}

/// §12.6: Difficulty = 8 + 2 per Gate between the Entrance and the current Area.
pub fn appear_difficulty(gates: i32) -> i32 {
    APPEAR_BASE + APPEAR_PER_GATE * gates
}

/// §12.9: against a trap, the trap's Removal Value.
pub fn danger_difficulty_trap(removal: i32) -> i32 {
    removal
}

/// §12.9: against an ambush or sniper, that NPC's Perception + 7.
pub fn danger_difficulty_ambush(perception: i32) -> i32 {
    perception + AMBUSH_PLUS
}

/// §12.2: retreat from a Fortress needs the Ruler defeated, the Core broken or the Ruler's
/// leave (or an Entrance designated as the exit, where the party stands).
pub fn retreat_allowed(d: &Dive, at_exit: bool) -> Result<(), &'static str> {
    if d.ruler_defeated || d.core_broken || d.ruler_permits || at_exit {
        Ok(())
    } else {
        Err("retreat from a Fortress is impossible until the Ruler is defeated, the Fortress Core is broken or the Ruler permits it (§12.2).")
    }
}

pub(super) fn gate_ends(areas: &[Area], g: &Gate) -> String {
    let (a, b) = (&areas[g.from].name, &areas[g.to].name);
    if g.kind == GateKind::OneWay {
        format!("{a} → {b}")
    } else {
        format!("{a} ⇄ {b}")
    }
}

/// Marks `u` as inside the Fortress of the Dive in progress (nothing without a Dive).
pub fn add_inside(s: &mut NightWizard, u: &UserId) {
    if let Some(d) = s.fortress.fortress.as_mut().and_then(|f| f.dive.as_mut()) {
        if !d.inside.contains(u) {
            d.inside.push(u.clone());
        }
    }
}

pub(super) fn succeeded(j: &Judge, difficulty: i32) -> bool {
    let o = j.outcome();
    (o.critical && !o.fumble) || o.result >= difficulty
}
