//! Movement in combat (digest §10.6, §10.7, §9.3, §10.2): range bands (Close, Short, Long,
//! Extreme) and what an attack reaches; Interval moves to narrative spots; Complex Movement
//! (Move 1, Minor 1, Major 3 Move Actions); moves to Long or Extreme range with the GM's
//! permission and the retreat they mean; Lunar Robe flight and landing; Appearance Checks of
//! latecomers and Lunar Robe swaps, both only in the Setup Process of a Round.

use super::super::character::Character;
pub use super::super::commands::Spend;
use super::super::commands::{FarBand, RangeBand};
use super::super::data::NwData;
use super::super::judge::{Dice, Judge, Mode};
use super::super::state::{NightWizard, Phase};
use super::{
    combat_mut, end_main, initiative, initiative_count, leave, my_turn, standing, Combat, Fighter,
    Who, SPD,
};
use crate::judge::said::{no, say, word, Lines};
use crate::words::joined;
use croupier_core::table::{Actor, Phrase, Reply, RuleError, UserId, Value};

use super::model::{Band, MoveAction, Request, Route};

/// Luck's index among the attributes.
const LUCK: usize = 5;

/// Lowers `/nwcombat move`: a move toward a spot, or (GM, `steps`) a spot's distance.
pub fn lower_move(
    to: String,
    with: Option<Spend>,
    range: Option<FarBand>,
    steps: Option<u32>,
) -> Result<MoveAction, RuleError> {
    let spot = to.trim().to_string();
    if let Some(steps) = steps {
        if with.is_some() || range.is_some() {
            return no(Phrase::new("nw-fight-steps-alone"));
        }
        return Ok(MoveAction::Distance { spot, steps });
    }
    let band = range.map(|r| match r {
        FarBand::Long => Band::Long,
        FarBand::Extreme => Band::Extreme,
    });
    Ok(MoveAction::To { spot, with, band })
}

/// The band the GM puts a combatant at (`/nwcombat range`).
pub fn band_of(b: RangeBand) -> Band {
    match b {
        RangeBand::Short => Band::Short,
        RangeBand::Long => Band::Long,
        RangeBand::Extreme => Band::Extreme,
    }
}

/// The band a character was moved to, when at Long or Extreme range.
pub fn far(c: &Combat, w: &Who) -> Option<Band> {
    c.moves.far.iter().find(|(x, _)| x == w).map(|(_, b)| *b)
}

/// The range between two characters: Extreme or Long if either is there, Close in the same
/// Engage, Short otherwise (§10.6).
pub fn range_between(c: &Combat, a: &Who, b: &Who) -> Band {
    let (fa, fb) = (far(c, a), far(c, b));
    if fa == Some(Band::Extreme) || fb == Some(Band::Extreme) {
        return Band::Extreme;
    }
    if fa.is_some() || fb.is_some() {
        return Band::Long;
    }
    let g = NightWizard::engage_of(c, a);
    if g.is_some() && g == NightWizard::engage_of(c, b) {
        Band::Close
    } else {
        Band::Short
    }
}

/// Step 1 of an attack (§10.9): is the target in range? Nothing reaches Extreme range; only
/// Range: Long reaches Long range (and a Long weapon reaches Short too). `(short, long)`: how
/// far the attack's weapon reaches (`attack::arms`). Returns whether the attack reaches past
/// Close (the caller still requires the same Engage otherwise).
pub fn reach(
    s: &NightWizard,
    c: &Combat,
    me: &Who,
    t: &Who,
    (short, long): (bool, bool),
) -> Result<bool, RuleError> {
    match range_between(c, me, t) {
        Band::Extreme => no(Phrase::new("nw-fight-at-extreme").arg("who", s.name_of(t))),
        Band::Long if long => Ok(true),
        Band::Long => no(Phrase::new("nw-fight-at-long").arg("who", s.name_of(t))),
        _ => Ok(short || long),
    }
}

/// Lunar Robe flight is not allowed inside a Fortress (§10.7): while a Dive is in progress.
fn flight_forbidden(s: &NightWizard) -> bool {
    s.in_fortress()
}

/// The Setup Process of the current Round is still open: no Main Process has ended in it and
/// the acting character has used nothing yet (§10.2).
pub fn in_setup(c: &Combat) -> bool {
    c.moves.acted_round != c.round && c.attack.is_none() && c.used == super::Used::default()
}

/// Applies the appearance settings (§9.3); returns the text to add to the settings reply.
pub fn settings(s: &mut NightWizard, on: Option<bool>, dc: Option<i32>) -> String {
    if let Some(a) = on {
        s.settings.appearance = a;
    }
    if let Some(d) = dc {
        s.settings.appearance_dc = Some(d);
    }
    format!(
        " Appearance Checks: {}.",
        if s.settings.appearance {
            format!(
                "on (Luck, Difficulty {})",
                s.settings.appearance_dc.unwrap_or(10)
            )
        } else {
            "off".to_string()
        }
    )
}

/// Lunar Robe swaps during a fight happen only in the Setup Process (§10.2 step 2): a PC in
/// the fight may refresh its sheet with other Equipment only before the Round's first Main
/// Process ends.
pub fn robe_check(s: &NightWizard, user: &UserId, new: &Character) -> Result<(), RuleError> {
    let Some(c) = &s.combat else { return Ok(()) };
    let who = Who::Pc(user.clone());
    let in_fight = c.fighters.iter().any(|f| f.who == who) || far(c, &who).is_some();
    let Some(p) = s.pcs.iter().find(|p| &p.user == user) else {
        return Ok(());
    };
    let gear = |ch: &Character| {
        let mut v: Vec<(String, bool)> = ch
            .items
            .iter()
            .map(|i| (i.id.clone(), i.equipped))
            .collect();
        v.sort();
        v
    };
    if in_fight && (p.ch.name != new.name || gear(&p.ch) != gear(new)) && !in_setup(c) {
        return no(Phrase::new("nw-fight-robe-setup"));
    }
    Ok(())
}

/// The Positions field of the tracker: retreats, spots, routes, flight and a pending request
/// (hidden enemies only for the GM). None when there is nothing to show.
/// The public rows are one a line, the GM's joined by ` · `.
pub fn positions(s: &NightWizard, gm: bool) -> Option<Value> {
    let c = s.combat.as_ref()?;
    let m = &c.moves;
    let shown = |w: &Who| super::access::sees(s, gm, w);
    let mut rows = vec![];
    let spot_of = |w: &Who| m.spots.iter().find(|(x, _)| x == w).map(|(_, p)| p);
    for (w, b) in m.far.iter().filter(|(w, _)| shown(w) && !s.dead(w)) {
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-far")
                .arg("who", s.name_of(w))
                .arg("band", band(*b))
                .arg("spot", spot_of(w).map_or(String::new(), |p| p.clone()))
                .arg("at", crate::judge::roll::yes(spot_of(w).is_some())),
        ));
    }
    for r in m.routes.iter().filter(|r| shown(&r.who)) {
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-route")
                .arg("who", s.name_of(&r.who))
                .arg("spot", r.spot.as_str())
                .arg("done", i64::from(r.done))
                .arg("needed", i64::from(r.needed)),
        ));
    }
    for (w, spot) in m
        .spots
        .iter()
        .filter(|(w, _)| shown(w) && far(c, w).is_none())
    {
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-spot")
                .arg("who", s.name_of(w))
                .arg("spot", spot.as_str()),
        ));
    }
    for w in m.flying.iter().filter(|w| shown(w)) {
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-flying").arg("who", s.name_of(w)),
        ));
    }
    for r in m.rides.iter().filter(|r| shown(&r.driver)) {
        let pass: Vec<Value> = r
            .passengers
            .iter()
            .filter(|w| shown(w))
            .map(|w| Value::from(s.name_of(w)))
            .collect();
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-broom")
                .arg("who", s.name_of(&r.driver))
                .arg("carries", crate::judge::roll::yes(!pass.is_empty()))
                .arg("passengers", joined("nw-join-comma", pass)),
        ));
    }
    if let Some(r) = m.request.as_ref().filter(|r| shown(&r.who)) {
        rows.push(Value::from(
            Phrase::new("nw-fight-pos-request")
                .arg("who", s.name_of(&r.who))
                .arg("band", band(r.band))
                .arg("spot", r.spot.as_str()),
        ));
    }
    if rows.is_empty() {
        None
    } else if gm {
        Some(joined("nw-join-dot", rows))
    } else {
        Some(Value::Lines(rows))
    }
}

/// A range band's name (`Long range`) in the reader's language.
pub(crate) fn band(b: Band) -> Value {
    word("nw-fight-band", b.name())
}

/// What a move spends (`Move Action`, …) in the reader's language.
pub(crate) fn spend(x: Spend) -> Value {
    word("nw-fight-spend", x.name())
}

/// A news line: public, or for the GM only when it is about a hidden enemy.
fn news(s: &NightWizard, w: &Who, line: impl Into<Value>, lines: &mut Lines, gm: &mut Lines) {
    if s.hidden(w) {
        gm.push(line);
    } else {
        lines.push(line);
    }
}

fn set_spot(c: &mut Combat, w: &Who, spot: &str) {
    c.moves.spots.retain(|(x, _)| x != w);
    c.moves.routes.retain(|r| &r.who != w);
    if !spot.is_empty() {
        c.moves.spots.push((w.clone(), spot.to_string()));
    }
}

/// Moves a character to Long or Extreme range: it leaves its Engage and the initiative order.
fn go_far(c: &mut Combat, w: &Who, band: Band, spot: &str) {
    leave(c, w);
    set_spot(c, w, spot);
    c.fighters.retain(|f| &f.who != w);
    c.candidates.retain(|x| x != w);
    c.moves.far.retain(|(x, _)| x != w);
    c.moves.far.push((w.clone(), band));
    if c.moves.request.as_ref().is_some_and(|r| &r.who == w) {
        c.moves.request = None;
    }
}

/// After someone leaves the fight out of turn: the fight ends when one side has nobody
/// standing and present; a tie still to be chosen is chosen again.
fn settle(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let undecided = s.combat.as_ref().is_some_and(|c| c.current.is_none());
    if !standing(s, true) || !standing(s, false) || undecided {
        initiative(s, data, rng, lines, gm);
    }
}

/// Applies a movement action.
pub fn apply(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    a: &MoveAction,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    match a {
        MoveAction::To { spot, with, band } => {
            go::move_to(s, data, rng, actor, is_gm, spot, *with, *band)
        }
        MoveAction::Distance { spot, steps } => {
            if !is_gm {
                return no(Phrase::new("nw-fight-gm-distances"));
            }
            let key = spot.trim().to_ascii_lowercase();
            if key.is_empty() || key.chars().count() > 60 {
                return no(Phrase::new("nw-fight-spot-name"));
            }
            let c = combat_mut(s)?;
            c.moves.distances.retain(|(k, _)| k != &key);
            c.moves.distances.push((key, *steps));
            Ok(vec![Reply::public(say(Phrase::new("nw-fight-distance")
                .arg("spot", spot.trim())
                .arg("steps", i64::from(*steps))))])
        }
        MoveAction::Fly { land, who } => go::fly(s, rng, actor, is_gm, *land, who.as_deref()),
        MoveAction::Appear => arrive::appear(s, data, rng, actor),
        MoveAction::Mount { with } => rides::mount(s, data, actor, is_gm, with.as_deref()),
        MoveAction::Dismount => rides::dismount(s, actor),
        MoveAction::Place { who, band } => arrive::place(s, data, rng, who, *band),
    }
}

pub(crate) mod arrive;
mod go;
pub mod rides;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_arrive;
