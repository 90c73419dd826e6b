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
use crate::judge::said::Lines;
use croupier_core::table::{refuse, Actor, Reply, RuleError};

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
        Some((i, false)) => Some(RuleError::new(format!(
            "a Passenger cannot take Move Actions or move on their own: {} moves with {}'s Broom (§14.8). Get off with `/nwcombat dismount` (Minor Action).",
            s.name_of(&me),
            s.name_of(&c.moves.rides[i].driver)
        ))),
        _ => None,
    }
}

/// Puts every Passenger where its Driver is (its Engage, range band and spot) and keeps all
/// riders Flying; returns a line naming those who moved along.
pub fn carry(s: &mut NightWizard) -> Option<String> {
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
    let names: Vec<String> = moved.iter().map(|w| s.name_of(w)).collect();
    Some(format!(
        "🧹 {} rides along with the Broom.",
        names.join(", ")
    ))
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
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if ride_of(c, &me).is_some() {
        return refuse("you are riding a Broom already: nobody may ride two at once (§14.8).");
    }
    c.used.may_minor("Mounting a Broom")?;
    if matches!(me, Who::Enemy(_)) {
        return refuse("only PCs ride Brooms here (the enemies' data has none).");
    }
    let line = match with {
        None => {
            let Who::Pc(u) = &me else {
                return refuse("only a PC with a Broom equipped mounts it here.");
            };
            let cat = s.catalog(data);
            let broom = s.pcs.iter().find(|p| &p.user == u).and_then(|p| {
                p.ch.items
                    .iter()
                    .filter(|i| i.equipped)
                    .find_map(|i| cat.item(&i.id).filter(|d| d.kind == "broom"))
            });
            let Some(b) = broom else {
                return refuse("you have no Broom equipped (`/nw character equip item:` outside a fight or in a Setup Process).");
            };
            let line = format!(
                "🧹 {} mounts the {} (Minor Action): Riding, which counts as Flying.",
                s.name_of(&me),
                b.name
            );
            let c = combat_mut(s)?;
            c.moves.rides.push(Ride {
                driver: me.clone(),
                passengers: vec![],
            });
            line
        }
        Some(key) => {
            let Some(d) = s.find(key, is_gm) else {
                return refuse(format!("no combatant `{key}`."));
            };
            let Some((i, true)) = ride_of(c, &d) else {
                return refuse(format!(
                    "{} drives no Broom: a Passenger boards a Broom its Driver has mounted.",
                    s.name_of(&d)
                ));
            };
            if matches!(range_between(c, &me, &d), Band::Long | Band::Extreme) {
                return refuse(format!(
                    "{} is out of reach: board from Close or Short range.",
                    s.name_of(&d)
                ));
            }
            let line = format!(
                "🧹 {} climbs onto {}'s Broom as a Passenger (Minor Action): Riding, Flying, moving with the Driver.",
                s.name_of(&me),
                s.name_of(&d)
            );
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
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    // The Driver lands any time (an Auto Action); a Passenger gets off in their Main Process.
    let mine = s
        .pcs
        .iter()
        .find(|p| p.user == actor.id)
        .map(|p| Who::Pc(p.user.clone()))
        .or_else(|| c.current.clone().filter(|w| s.controls(actor, w)));
    let Some((me, (i, driver))) = mine.and_then(|w| ride_of(c, &w).map(|r| (w, r))) else {
        return refuse("you are not riding a Broom.");
    };
    if !driver {
        my_turn(s, actor)?;
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    let line = if driver {
        let r = c.moves.rides[i].clone();
        let line = format!(
            "🪶 {} lands the Broom (Auto Action){}.",
            s.name_of(&me),
            if r.passengers.is_empty() {
                String::new()
            } else {
                format!(
                    ", setting down {}",
                    r.passengers
                        .iter()
                        .map(|w| s.name_of(w))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
        let c = combat_mut(s)?;
        c.moves.rides.remove(i);
        c.moves
            .flying
            .retain(|w| w != &r.driver && !r.passengers.contains(w));
        line
    } else {
        c.used.may_minor("Getting off a Broom")?;
        let line = format!(
            "🪶 {} gets off {}'s Broom (Minor Action).",
            s.name_of(&me),
            s.name_of(&c.moves.rides[i].driver)
        );
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
