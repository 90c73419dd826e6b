//! Brooms in a fight (§14.8): mounting takes a Minor Action and gives the Riding condition,
//! which counts as Flying (so it works inside a Fortress, where only Lunar Robe flight is
//! forbidden). The first rider is the Driver, one per Broom; the others are Passengers, who
//! "cannot take Move Actions or move on their own; they move with the Driver" and get off with
//! a Minor Action. The Driver landing (an Auto Action, §10.7) sets everyone down.

use super::super::super::data::NwData;
use super::super::super::state::NightWizard;
use super::super::engage::engage;
use super::super::model::Ride;
use super::super::{combat_mut, leave, my_turn, Combat, Who};
use super::{news, range_between, Band};
use crate::judge::said::{no, Lines};
use crate::words::{joined, refusal};
use croupier_core::table::{Actor, Phrase, Reply, RuleError, Value};

/// The ride `w` is on, and whether as its Driver.
fn ride_of(c: &Combat, w: &Who) -> Option<(usize, bool)> {
    c.moves.rides.iter().enumerate().find_map(|(i, r)| {
        if &r.driver == w {
            Some((i, true))
        } else {
            r.passengers.contains(w).then_some((i, false))
        }
    })
}

/// Whether `w` rides a Broom (then landing is `/nwcombat dismount`).
pub fn riding(c: &Combat, w: &Who) -> bool {
    ride_of(c, w).is_some()
}

/// The refusal for a Passenger's own Move Action (§14.8), if `actor` is acting as one.
pub fn passenger_refusal(s: &NightWizard, actor: &Actor) -> Option<RuleError> {
    let c = s.combat.as_ref()?;
    let me = c.current.clone().filter(|w| s.controls(actor, w))?;
    match ride_of(c, &me) {
        Some((i, false)) => Some(refusal(
            Phrase::new("nw-fight-passenger")
                .arg("who", s.name_of(&me))
                .arg("driver", s.name_of(&c.moves.rides[i].driver)),
        )),
        _ => None,
    }
}

/// Puts every Passenger where its Driver is (its Engage, range band and spot) and keeps all
/// riders Flying; returns a line naming those who moved along.
pub fn carry(s: &mut NightWizard) -> Option<Phrase> {
    let c = s.combat.as_mut()?;
    let mut moved = vec![];
    for r in c.moves.rides.clone() {
        let d = &r.driver;
        let group = NightWizard::engage_of(c, d);
        let band = c.moves.far.iter().find(|(x, _)| x == d).map(|(_, b)| *b);
        let spot = c
            .moves
            .spots
            .iter()
            .find(|(x, _)| x == d)
            .map(|(_, p)| p.clone());
        for p in &r.passengers {
            let before = (
                NightWizard::engage_of(c, p).map(|g| c.engages[g].clone()),
                c.moves.far.iter().find(|(x, _)| x == p).map(|(_, b)| *b),
                c.moves
                    .spots
                    .iter()
                    .find(|(x, _)| x == p)
                    .map(|(_, s)| s.clone()),
            );
            match group {
                Some(_) => engage(c, d, p),
                None => leave(c, p),
            }
            c.moves.far.retain(|(x, _)| x != p);
            if let Some(b) = band {
                c.moves.far.push((p.clone(), b));
            }
            c.moves.spots.retain(|(x, _)| x != p);
            if let Some(sp) = &spot {
                c.moves.spots.push((p.clone(), sp.clone()));
            }
            if !c.moves.flying.contains(p) {
                c.moves.flying.push(p.clone());
            }
            let after = (
                NightWizard::engage_of(c, p).map(|g| c.engages[g].clone()),
                band,
                spot.clone(),
            );
            if before != after {
                moved.push(p.clone());
            }
        }
    }
    if moved.is_empty() {
        return None;
    }
    let names: Vec<Value> = moved.iter().map(|w| Value::from(s.name_of(w))).collect();
    Some(Phrase::new("nw-fight-rides-along").arg("names", joined("nw-join-comma", names)))
}

/// `/nwcombat mount [with:]`.
pub(super) fn mount(
    s: &mut NightWizard,
    data: &NwData,
    actor: &Actor,
    is_gm: bool,
    with: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let me = my_turn(s, actor)?;
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    if ride_of(c, &me).is_some() {
        return no(Phrase::new("nw-fight-riding-already"));
    }
    c.used
        .may_minor(crate::judge::said::word("nw-fight-act", "Mounting a Broom"))?;
    if matches!(me, Who::Enemy(_)) {
        return no(Phrase::new("nw-fight-pcs-ride"));
    }
    let line = match with {
        None => {
            let Who::Pc(u) = &me else {
                return no(Phrase::new("nw-fight-pc-mounts"));
            };
            let cat = s.catalog(data);
            let broom = s.pcs.iter().find(|p| &p.user == u).and_then(|p| {
                p.ch.items
                    .iter()
                    .filter(|i| i.equipped)
                    .find_map(|i| cat.item(&i.id).filter(|d| d.kind == "broom"))
            });
            let Some(b) = broom else {
                return no(Phrase::new("nw-fight-no-broom"));
            };
            let line = Phrase::new("nw-fight-mounts")
                .arg("who", s.name_of(&me))
                .arg("broom", b.said_name());
            let c = combat_mut(s)?;
            c.moves.rides.push(Ride {
                driver: me.clone(),
                passengers: vec![],
            });
            line
        }
        Some(key) => {
            let Some(d) = s.find(key, is_gm) else {
                return no(Phrase::new("nw-fight-no-combatant").arg("key", key));
            };
            let Some((i, true)) = ride_of(c, &d) else {
                return no(Phrase::new("nw-fight-drives-none").arg("who", s.name_of(&d)));
            };
            if matches!(range_between(c, &me, &d), Band::Long | Band::Extreme) {
                return no(Phrase::new("nw-fight-board-reach").arg("who", s.name_of(&d)));
            }
            let line = Phrase::new("nw-fight-boards")
                .arg("who", s.name_of(&me))
                .arg("driver", s.name_of(&d));
            combat_mut(s)?.moves.rides[i].passengers.push(me.clone());
            line
        }
    };
    let c = combat_mut(s)?;
    c.used.minor = true;
    if !c.moves.flying.contains(&me) {
        c.moves.flying.push(me.clone());
    }
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    news(s, &me, line, &mut lines, &mut gm);
    lines.extend(carry(s));
    Ok(s.tracker(lines, gm))
}

/// `/nwcombat dismount`.
pub(super) fn dismount(s: &mut NightWizard, actor: &Actor) -> Result<Vec<Reply>, RuleError> {
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    // The Driver lands any time (an Auto Action); a Passenger gets off in their Main Process.
    let mine = s
        .pcs
        .iter()
        .find(|p| p.user == actor.id)
        .map(|p| Who::Pc(p.user.clone()))
        .or_else(|| c.current.clone().filter(|w| s.controls(actor, w)));
    let Some((me, (i, driver))) = mine.and_then(|w| ride_of(c, &w).map(|r| (w, r))) else {
        return no(Phrase::new("nw-fight-not-riding"));
    };
    if !driver {
        my_turn(s, actor)?;
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    let line = if driver {
        let r = c.moves.rides[i].clone();
        let passengers: Vec<Value> = r
            .passengers
            .iter()
            .map(|w| Value::from(s.name_of(w)))
            .collect();
        let line = Phrase::new("nw-fight-lands-broom")
            .arg("who", s.name_of(&me))
            .arg("carries", crate::judge::roll::yes(!passengers.is_empty()))
            .arg("passengers", joined("nw-join-comma", passengers));
        let c = combat_mut(s)?;
        c.moves.rides.remove(i);
        c.moves
            .flying
            .retain(|w| w != &r.driver && !r.passengers.contains(w));
        line
    } else {
        c.used.may_minor(crate::judge::said::word(
            "nw-fight-act",
            "Getting off a Broom",
        ))?;
        let line = Phrase::new("nw-fight-gets-off")
            .arg("who", s.name_of(&me))
            .arg("driver", s.name_of(&c.moves.rides[i].driver));
        let c = combat_mut(s)?;
        c.used.minor = true;
        c.moves.rides[i].passengers.retain(|w| w != &me);
        c.moves.flying.retain(|w| w != &me);
        line
    };
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    news(s, &me, line, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

#[cfg(test)]
#[path = "rides_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "options_tests.rs"]
mod options_tests;
