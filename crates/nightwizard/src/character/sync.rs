//! One character record as the truth: a session plays a copy of each joined character, and
//! that copy takes the roster record's changes at the moments the rules allow, without a
//! re-join.
//!
//! - **Progress** (CL, classes, skills, BP, OP, level ups, items the record gained or lost,
//!   Connections, notes) applies between Episodes, at the GM's phase changes: when the After
//!   phase begins (§8.2: the reset, then the GM's OP and level up), when the next Episode
//!   begins (After → Preplay) and when its Opening begins (Preplay → Opening: §8.2, "players
//!   finish levelling" in Preplay). A re-join during the After phase or Preplay takes it too.
//! - **Equipment** (what is worn and what is in the Lunar Robe) applies whenever its owner acts
//!   outside a fight, or in a fight's Setup Process (§10.2 step 2: the Lunar Robe swaps freely
//!   there), and at every phase change outside a fight.
//! - **What the Episode used up stays used up**: the session keeps each PC's *kit* (the items it
//!   had when it joined or when the After phase last reset it); an item in the kit but no longer
//!   carried was used (a Consumable, §14) and stays gone through any refresh or re-join. The
//!   After phase gives back the Preserved ones and drops the rest (§8.2 step 2, §6.3).
//! - **Items handed over in play** (`Pc::gained`, §10.4) are not on the receiver's record: every
//!   refresh keeps them, and the After phase drops them (§6.3).
//! - **OP valco** (§6.3: "left unspent is lost before the next Scenario starts") is lost when a
//!   character first joins a session and when an Episode's Opening Phase begins.
//!
//! The session never reads the roster while it applies an action (replays have none): `parse`
//! reads the current records and carries them in the action ([`Refresh`]), and [`apply_records`]
//! decides from the session's state alone what applies now.

use super::super::state::{NightWizard, NwAction, Pc, Phase};
use super::super::words::joined;
use super::derive::hands;
pub use super::refresh::Refresh;
use super::roster::NwShared;
use super::{Catalog, Character, OwnedItem};
use croupier_core::table::{Message, Phrase, Reply, RuleError, UserId, Value};

/// When a refresh is being applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// The GM moves to the next phase (from the session's current phase).
    PhaseNext,
    /// A player (or the GM) acts.
    Act,
    /// A player re-joins with the same character.
    Rejoin,
}

/// Whether progress from the roster applies at `moment` in `s`.
pub fn progress_applies(s: &NightWizard, moment: Moment) -> bool {
    match moment {
        // Climax → After, After → Preplay, Preplay → Opening.
        Moment::PhaseNext => matches!(s.phase, Phase::Climax | Phase::After | Phase::Preplay),
        // An explicit re-join between Episodes takes the progress too; other actions bring
        // equipment only (a level up waits for the GM's phase change).
        Moment::Rejoin => matches!(s.phase, Phase::After | Phase::Preplay),
        Moment::Act => false,
    }
}

/// Whether equipment may change now: outside a fight, or in the Setup Process (§10.2 step 2).
pub fn gear_applies(s: &NightWizard) -> bool {
    s.combat
        .as_ref()
        .is_none_or(super::super::combat::movement::in_setup)
}

fn ids(items: &[OwnedItem]) -> Vec<&str> {
    let mut v: Vec<&str> = items.iter().map(|i| i.id.as_str()).collect();
    v.sort();
    v
}

fn gear(items: &[OwnedItem]) -> Vec<(&str, bool)> {
    let mut v: Vec<(&str, bool)> = items.iter().map(|i| (i.id.as_str(), i.equipped)).collect();
    v.sort();
    v
}

/// The items the PC's copy counts from: its kit, or (a PC that joined before kits) its items.
fn baseline(p: &Pc) -> &[OwnedItem] {
    if p.kit.is_empty() {
        &p.ch.items
    } else {
        &p.kit
    }
}

/// The item ids the PC used up this Episode (in its kit, no longer carried), one per item.
pub fn used(p: &Pc) -> Vec<String> {
    let mut left: Vec<&str> = p.ch.items.iter().map(|i| i.id.as_str()).collect();
    // An item handed over in play is not one of the kit's.
    for g in &p.gained {
        if let Some(i) = left.iter().position(|x| x == g) {
            left.remove(i);
        }
    }
    let mut out = vec![];
    for k in &p.kit {
        match left.iter().position(|x| *x == k.id) {
            Some(i) => {
                left.remove(i);
            }
            None => out.push(k.id.clone()),
        }
    }
    out
}

/// Whether the record's progress differs from the PC's copy.
pub fn progress_differs(p: &Pc, r: &Character) -> bool {
    let c = &p.ch;
    c.cl != r.cl
        || c.classes != r.classes
        || c.attr_classes != r.attr_classes
        || c.skills != r.skills
        || c.bp != r.bp
        || c.op != r.op
        || c.level_ups != r.level_ups
        || c.connections != r.connections
        || c.notes != r.notes
        || ids(baseline(p)) != ids(&r.items)
}

/// Whether the record wears other equipment than the PC's copy.
pub fn gear_differs(p: &Pc, r: &Character) -> bool {
    ids(baseline(p)) == ids(&r.items) && gear(baseline(p)) != gear(&r.items)
}

/// Whether every difference between the record's equipment and the PC's copy is in the
/// hands: drawing an item out of the Lunar Robe or stowing it, and switching hands, are Auto
/// Actions (§10.5: "any time"); armour and accessories wait for the Setup Process (§10.2
/// step 2).
fn hands_only(p: &Pc, r: &Character, cat: &Catalog) -> bool {
    let worn = |items: &[OwnedItem]| {
        let mut v: Vec<(String, bool)> = items
            .iter()
            .filter(|i| cat.item(&i.id).is_none_or(|d| hands(&d.slot) == 0))
            .map(|i| (i.id.clone(), i.equipped))
            .collect();
        v.sort();
        v
    };
    worn(baseline(p)) == worn(&r.items)
}

/// Whether the record's equipment change reaches the PC's copy now: any change outside a
/// fight or in its Setup Process, a change in the hands at any time.
fn gear_reaches(s: &NightWizard, p: &Pc, r: &Character, cat: &Catalog) -> bool {
    gear_differs(p, r) && (gear_applies(s) || hands_only(p, r, cat))
}

pub(crate) fn is_record_of(p: &Pc, c: &Character) -> bool {
    c.owner == p.user && c.name.eq_ignore_ascii_case(&p.ch.name)
}

/// The refresh a command carries (for `parse`): at a phase change every PC's record with
/// changes that apply, otherwise the actor's own; and the chat additions if newer. `None`
/// when there is nothing to carry, except at a phase change (which always carries one, so
/// that the new rules of the phase change apply to new logs only).
pub fn refresh_for(
    s: &NightWizard,
    data: &super::super::data::NwData,
    actor: &UserId,
    shared: &NwShared,
    moment: Moment,
) -> Option<Refresh> {
    let progress = progress_applies(s, moment);
    let cat = Catalog {
        data,
        custom: &shared.custom,
    };
    let records: Vec<Character> = s
        .pcs
        .iter()
        .filter(|p| moment == Moment::PhaseNext || &p.user == actor)
        .filter_map(|p| {
            let r = shared.characters.iter().find(|c| is_record_of(p, c))?;
            ((progress && progress_differs(p, r)) || gear_reaches(s, p, r, &cat)).then(|| r.clone())
        })
        .collect();
    let custom = (shared.custom != s.custom).then(|| shared.custom.clone());
    let r = Refresh { records, custom };
    (moment == Moment::PhaseNext || !r.is_empty()).then_some(r)
}

/// Puts the items handed to the PC this Episode (`Pc::gained`, §10.4) back into its copy after
/// the roster record's items replaced them.
pub(crate) fn keep_gained(p: &mut Pc) {
    for id in &p.gained {
        p.ch.items.push(OwnedItem {
            id: id.clone(),
            equipped: false,
            preserved: false,
        });
    }
}

/// Removes one item of each id in `used` (a carried one before a worn one, as using does).
fn without_used(items: &[OwnedItem], used: &[String]) -> Vec<OwnedItem> {
    let mut out = items.to_vec();
    for id in used {
        let k = out
            .iter()
            .position(|i| &i.id == id && !i.equipped)
            .or_else(|| out.iter().position(|i| &i.id == id));
        if let Some(k) = k {
            out.remove(k);
        }
    }
    out
}

/// Applies the changes of `refresh` that the rules allow now to `s`; returns what it says.
pub fn apply_records(
    s: &mut NightWizard,
    data: &super::super::data::NwData,
    refresh: &Refresh,
    moment: Moment,
) -> Vec<Reply> {
    if let Some(c) = &refresh.custom {
        s.custom = c.clone();
    }
    let progress = progress_applies(s, moment);
    let between = matches!(s.phase, Phase::After | Phase::Preplay);
    let cat_custom = s.custom.clone();
    let cat = Catalog {
        data,
        custom: &cat_custom,
    };
    let mut out = vec![];
    for r in &refresh.records {
        let gear_now = s
            .pcs
            .iter()
            .find(|p| is_record_of(p, r))
            .is_some_and(|p| gear_reaches(s, p, r, &cat));
        let Some(p) = s.pcs.iter_mut().find(|p| is_record_of(p, r)) else {
            continue;
        };
        let mut said = vec![];
        if progress && progress_differs(p, r) {
            let used = used(p);
            if p.ch.cl != r.cl {
                said.push(Value::from(
                    Phrase::new("nw-sync-cl")
                        .arg("from", i64::from(p.ch.cl))
                        .arg("to", i64::from(r.cl)),
                ));
            }
            let part = |what: &str| Value::from(Phrase::new("nw-sync-part").arg("what", what));
            if p.ch.classes != r.classes {
                said.push(part("class"));
            }
            if p.ch.skills != r.skills {
                said.push(part("skills"));
            }
            if p.ch.bp != r.bp {
                said.push(part("bp"));
            }
            if p.ch.op != r.op {
                said.push(Value::from(Phrase::new("nw-sync-op").arg("op", r.op)));
            }
            if ids(baseline(p)) != ids(&r.items) {
                said.push(part("items"));
            }
            let mut ch = r.clone();
            ch.items = without_used(&r.items, &used);
            p.kit = r.items.clone();
            p.ch = ch;
            keep_gained(p);
            let v = p.ch.derive(&cat);
            if between && !p.dead {
                // Between Episodes the PC is at rest: full with its new maxima (the Dead stay
                // dead, §10.10).
                p.hp = v.body;
                p.mp = v.mind;
                p.prana = v.prana;
            } else {
                p.hp = p.hp.min(v.body);
                p.mp = p.mp.min(v.mind);
                p.prana = p.prana.min(v.prana);
            }
        } else if gear_now {
            let used = used(p);
            p.kit = r.items.clone();
            p.ch.items = without_used(&r.items, &used);
            keep_gained(p);
            said.push(Value::from(
                Phrase::new("nw-sync-part").arg("what", "equipment"),
            ));
        }
        if said.is_empty() {
            continue;
        }
        let line = Phrase::new("nw-sync-takes")
            .arg("name", p.ch.name.as_str())
            .arg("what", joined("nw-join-comma", said))
            .arg(
                "later",
                if !progress && progress_differs(p, r) {
                    "yes"
                } else {
                    "no"
                },
            );
        out.push(Reply::public(Message::phrase(line)));
    }
    out
}

/// What a phase change adds under the one-record rules, once the phase has moved from
/// `from` to `s.phase`: the After phase gives back the Preserved items the Episode used up
/// (and drops the others); a new Episode (Preplay) starts at full HP, MP and Prana; the
/// Opening loses the OP valco (also in the roster, logged as the action's effect).
pub fn after_phase_change(
    s: &mut NightWizard,
    data: &super::super::data::NwData,
    shared: Option<&mut NwShared>,
    from: Phase,
) -> Vec<Value> {
    if s.phase == from {
        return vec![];
    }
    let custom = s.custom.clone();
    let cat = Catalog {
        data,
        custom: &custom,
    };
    let mut lines = vec![];
    match s.phase {
        Phase::After => {
            // Whoever left this Episode comes back fresh from now on.
            s.left.clear();
            for p in &mut s.pcs {
                // Items gained in play are lost at the end of the Scenario (§6.3).
                p.gained.clear();
                if p.kit.is_empty() {
                    continue;
                }
                let back = used(p);
                p.kit.retain(|i| i.preserved);
                p.ch.items = p.kit.clone();
                let back: Vec<&String> = back
                    .iter()
                    .filter(|id| p.kit.iter().any(|i| &&i.id == id))
                    .collect();
                if !back.is_empty() {
                    let names: Vec<Value> = back
                        .iter()
                        .map(|id| {
                            cat.item(id)
                                .map_or_else(|| Value::from(id.as_str()), |d| d.said_name())
                        })
                        .collect();
                    lines.push(Value::from(
                        Phrase::new("nw-sync-preserved-back")
                            .arg("name", p.ch.name.as_str())
                            .arg("items", crate::words::joined("nw-join-comma", names)),
                    ));
                }
            }
        }
        Phase::Preplay => {
            // §10.10: death is final; the Dead start no Episode.
            for p in s.pcs.iter_mut().filter(|p| !p.dead) {
                let v = p.ch.derive(&cat);
                p.hp = v.body;
                p.mp = v.mind;
                p.prana = v.prana;
            }
            lines.push(Value::from(Phrase::new("nw-sync-episode-full")));
        }
        Phase::Opening => {
            let mut lost = vec![];
            for p in &mut s.pcs {
                p.ch.op_money = 0;
            }
            if let Some(sh) = shared {
                for p in &s.pcs {
                    if let Some(c) = sh.characters.iter_mut().find(|c| is_record_of(p, c)) {
                        if c.op_money > 0 {
                            lost.push(Value::from(
                                Phrase::new("nw-sync-op-valco-lost")
                                    .arg("name", c.name.as_str())
                                    .arg("valco", c.op_money),
                            ));
                            c.op_money = 0;
                        }
                    }
                }
            }
            if !lost.is_empty() {
                lines.push(Value::from(
                    Phrase::new("nw-sync-op-valco").arg("lost", joined("nw-join-semicolon", lost)),
                ));
            }
        }
        _ => {}
    }
    lines
}

/// A first join under the one-record rules: the kit is what the character carries, and the
/// record's OP valco is lost (§6.3: a new Scenario). A PC that left during this Episode comes
/// back as it left: its HP, MP, Prana and bad statuses, and what it used up stays used.
/// Returns true when the PC comes back in the real-life session it left, its Critical and
/// Fumble values with it (§3.1: they are rolled once per session, so leaving does not reroll them).
pub fn on_first_join(
    s: &mut NightWizard,
    data: &super::super::data::NwData,
    p: &mut Pc,
    shared: Option<&mut NwShared>,
) -> bool {
    let mut same_session = false;
    p.kit = p.ch.items.clone();
    p.ch.op_money = 0;
    if let Some(k) = s.left.iter().position(|q| is_record_of(q, &p.ch)) {
        let q = s.left.remove(k);
        p.ch.items = without_used(&p.kit, &used(&q));
        p.gained = q.gained.clone();
        keep_gained(p);
        let v = p.ch.derive(&Catalog {
            data,
            custom: &s.custom,
        });
        p.hp = q.hp.min(v.body);
        p.mp = q.mp.min(v.mind);
        p.prana = q.prana.min(v.prana);
        p.bad = q.bad;
        p.dead = q.dead;
        p.avoided_scene = q.avoided_scene;
        p.logics = q.logics;
        if q.left_in_session == Some(s.session_no) && q.cf.is_some() {
            same_session = true;
            p.cf_rolled = q.cf_rolled;
            p.cf = q.cf;
            p.cf_points = q.cf_points;
            p.cf_locked = q.cf_locked;
        }
    }
    if let Some(sh) = shared {
        if let Some(c) = sh.characters.iter_mut().find(|c| is_record_of(p, c)) {
            c.op_money = 0;
        }
    }
    same_session
}

/// A PC leaves: under the one-record rules (it has a kit) the session keeps it as it left,
/// so leaving and joining again restores nothing the After phase would not.
pub fn on_leave(s: &mut NightWizard, p: &Pc) {
    // What the Episode used stays used, and a Dead PC stays Dead (§10.10).
    if p.kit.is_empty() && !p.dead {
        return;
    }
    s.left
        .retain(|q| !(q.user == p.user && q.ch.name.eq_ignore_ascii_case(&p.ch.name)));
    let mut kept = p.clone();
    kept.left_in_session = Some(s.session_no);
    s.left.push(kept);
}

/// A re-join with the same character under the one-record rules: what applies now applies,
/// what the Episode used stays used; returns the note for the player about what waits.
pub fn on_rejoin(
    s: &mut NightWizard,
    data: &super::super::data::NwData,
    record: &Character,
) -> Option<Phrase> {
    let user = record.owner.clone();
    let refresh = Refresh {
        records: vec![record.clone()],
        custom: None,
    };
    let _ = apply_records(s, data, &refresh, Moment::Rejoin);
    let p = s.pcs.iter().find(|p| p.user == user)?;
    (progress_differs(p, record) && !progress_applies(s, Moment::Rejoin))
        .then(|| Phrase::new("nw-sync-rejoin-later").arg("name", record.name.as_str()))
}

/// The note for a roster change to a character that plays in a session: when it reaches it.
pub fn pending_note(shared: &NwShared, c: &Character, progress: bool) -> Option<Phrase> {
    let at = &shared
        .playing
        .get(&super::roster::character_key(&c.owner, &c.name))?
        .place;
    Some(
        Phrase::new("nw-sync-pending")
            .arg("name", c.name.as_str())
            .arg("place", at.mention())
            .arg("progress", if progress { "yes" } else { "no" }),
    )
}

/// Wraps a parsed action with what it carries from the roster (for `parse`): a phase change
/// always, another action when the actor's record or the chat additions have changes that
/// apply now. A join carries its record already.
pub fn wrap(
    s: &NightWizard,
    data: &super::super::data::NwData,
    actor: &UserId,
    shared: &NwShared,
    action: NwAction,
) -> NwAction {
    let moment = match &action {
        NwAction::Join { .. } | NwAction::Refreshed { .. } => return action,
        NwAction::PhaseNext { .. } => Moment::PhaseNext,
        _ => Moment::Act,
    };
    match refresh_for(s, data, actor, shared, moment) {
        Some(refresh) => NwAction::Refreshed {
            refresh,
            action: Box::new(action),
        },
        None => action,
    }
}

/// Applies a [`NwAction::Refreshed`]: the roster's changes that apply now, then the action
/// (`run`, the dispatcher's own call), then what a phase change adds; all or nothing.
pub fn apply_refreshed(
    s: &mut NightWizard,
    data: &super::super::data::NwData,
    mut shared: Option<&mut NwShared>,
    refresh: &Refresh,
    action: &NwAction,
    run: impl FnOnce(
        &mut NightWizard,
        Option<&mut NwShared>,
        &NwAction,
    ) -> Result<Vec<Reply>, RuleError>,
) -> Result<Vec<Reply>, RuleError> {
    let moment = match action {
        NwAction::PhaseNext { .. } => Moment::PhaseNext,
        _ => Moment::Act,
    };
    let from = s.phase;
    let mut next = s.clone();
    let mut out = apply_records(&mut next, data, refresh, moment);
    out.extend(run(&mut next, shared.as_deref_mut(), action)?);
    if moment == Moment::PhaseNext {
        let lines = after_phase_change(&mut next, data, shared, from);
        if !lines.is_empty() {
            out.push(Reply::public(Message::phrase(
                Phrase::new("nw-lines").arg("lines", Value::Lines(lines)),
            )));
        }
    }
    *s = next;
    Ok(out)
}

#[cfg(test)]
#[path = "sync_tests.rs"]
mod tests;
