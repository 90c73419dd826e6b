//! Moving: Interval and Complex Movement, moves to Long or Extreme range (§10.6), Lunar
//! Robe flight and landing (§10.7).

use super::super::super::commands::{CombatCommand, NwCommand, RangeBand};
use super::{
    combat_mut, end_main, flight_forbidden, go_far, leave, my_turn, news, refuse, set_spot, Actor,
    Band, Dice, Message, NightWizard, NwData, Reply, Request, Route, RuleError, Spend, Who,
};
use crate::judge::said::Lines;

#[allow(clippy::too_many_arguments)]
pub(super) fn move_to(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    is_gm: bool,
    spot: &str,
    with: Option<Spend>,
    band: Option<Band>,
) -> Result<Vec<Reply>, RuleError> {
    let me = my_turn(s, actor)?;
    let spot = spot.trim();
    if spot.is_empty() || spot.chars().count() > 60 {
        return refuse("name the spot in 1 to 60 characters.");
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if let Some(b) = s.bad_of(&me).forbidding_moves() {
        return refuse(format!(
            "BS: {b}: no Move Actions (nor actions standing in for them)."
        ));
    }
    let engaged = NightWizard::engage_of(c, &me).is_some_and(|g| {
        c.engages[g]
            .iter()
            .any(|o| super::super::access::hinders(s, &me, o))
    });
    if engaged {
        return refuse(
            "you are engaged with an enemy: withdraw first (`/nwcombat withdraw`). Complex Movement passes blockers on the way but does not free you from an Engage.",
        );
    }
    let name = s.name_of(&me);
    if let Some(b) = band {
        c.used.may_move("Moving to Long or Extreme range")?;
        if is_gm {
            let mut lines = Lines::new();
            let mut gm = Lines::new();
            let line = format!(
                "🏃 {name} moves to {} ({spot}){}; the Main Process ends.",
                b.name(),
                if b == Band::Long {
                    " and retreats from the fight"
                } else {
                    " and leaves the fight"
                }
            );
            news(s, &me, line, &mut lines, &mut gm);
            let c = combat_mut(s)?;
            c.used.moved = true;
            go_far(c, &me, b, spot);
            end_main(s, data, rng, &mut lines, &mut gm);
            return Ok(s.tracker(lines, gm));
        }
        let c = combat_mut(s)?;
        c.moves.request = Some(Request {
            who: me.clone(),
            band: b,
            spot: spot.to_string(),
        });
        let (band_word, allow) = match b {
            Band::Extreme => ("extreme", RangeBand::Extreme),
            _ => ("long", RangeBand::Long),
        };
        let mut out = s.tracker(
            vec![format!(
                "⏳ {name} asks the GM to move to {} ({spot}){}. The GM allows it with `/nwcombat range who:{name} band:{band_word}` (the Main Process then ends) or refuses with `band:short`.",
                b.name(),
                if b == Band::Long { ", a retreat from the fight" } else { "" }
            )],
            vec![],
        );
        out.push(Reply::gm(
            Message::text(format!("{name} asks to move to {} ({spot}).", b.name()))
                .button(
                    "Allow",
                    &NwCommand::Combat(CombatCommand::Range {
                        who: name.clone(),
                        band: allow,
                    }),
                )
                .button(
                    "Refuse",
                    &NwCommand::Combat(CombatCommand::Range {
                        who: name.clone(),
                        band: RangeBand::Short,
                    }),
                ),
        ));
        return Ok(out);
    }
    let u = &c.used;
    let spend = match with {
        Some(w) => w,
        None if !u.moved && !u.minor && !u.major => Spend::Move,
        None if !u.minor && !u.major => Spend::Minor,
        None => Spend::Major,
    };
    match spend {
        Spend::Move => u.may_move("Moving")?,
        Spend::Minor => u.may_minor("Moving")?,
        Spend::Major => u.may_major()?,
    }
    let key = spot.to_ascii_lowercase();
    let needed = c
        .moves
        .distances
        .iter()
        .find(|(k, _)| k == &key)
        .map_or(1, |(_, n)| *n);
    let done = c
        .moves
        .routes
        .iter()
        .find(|r| r.who == me && r.spot.eq_ignore_ascii_case(spot))
        .map_or(0, |r| r.done);
    let now = (done + spend.steps()).min(needed);
    let line = if now >= needed {
        format!("🚶 {name} moves to {spot} ({}).", spend.name())
    } else {
        format!(
            "🚶 {name} heads for {spot} ({}): {now}/{needed} Move Actions.",
            spend.name()
        )
    };
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    news(s, &me, line, &mut lines, &mut gm);
    let c = combat_mut(s)?;
    leave(c, &me);
    if c.moves.request.as_ref().is_some_and(|r| r.who == me) {
        c.moves.request = None;
    }
    match spend {
        Spend::Move => c.used.moved = true,
        Spend::Minor => {
            c.used.moved = true;
            c.used.minor = true;
        }
        Spend::Major => {
            c.used.moved = true;
            c.used.minor = true;
            c.used.major = true;
        }
    }
    if now >= needed {
        set_spot(c, &me, spot);
    } else {
        c.moves.routes.retain(|r| r.who != me);
        c.moves.routes.push(Route {
            who: me.clone(),
            spot: spot.to_string(),
            done: now,
            needed,
        });
    }
    if spend == Spend::Major {
        news(
            s,
            &me,
            "The Major Action was spent moving: the Main Process ends.".into(),
            &mut lines,
            &mut gm,
        );
        end_main(s, data, rng, &mut lines, &mut gm);
    }
    Ok(s.tracker(lines, gm))
}

pub(super) fn fly(
    s: &mut NightWizard,
    rng: &mut impl Dice,
    actor: &Actor,
    is_gm: bool,
    land: bool,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if land {
        // Landing is an Auto Action: any time, by whoever controls the character.
        let w = match who {
            Some(k) if is_gm => s.find(k, true),
            _ => s
                .pcs
                .iter()
                .find(|p| p.user == actor.id)
                .map(|p| Who::Pc(p.user.clone()))
                .or_else(|| c.current.clone().filter(|w| s.controls(actor, w))),
        };
        let Some(w) = w.filter(|w| c.moves.flying.contains(w)) else {
            return refuse("that character is not flying.");
        };
        if super::rides::riding(c, &w) {
            return refuse("that character rides a Broom: `/nwcombat dismount` (the Driver lands everyone; a Passenger gets off with a Minor Action).");
        }
        if !s.controls(actor, &w) {
            return refuse("that is not your character.");
        }
        let mut lines = Lines::new();
        let mut gm = Lines::new();
        news(
            s,
            &w,
            format!("🪶 {} lands (Auto Action).", s.name_of(&w)),
            &mut lines,
            &mut gm,
        );
        combat_mut(s)?.moves.flying.retain(|x| x != &w);
        return Ok(s.tracker(lines, gm));
    }
    let me = my_turn(s, actor)?;
    if c.moves.flying.contains(&me) {
        return refuse("you are already flying (`/nwcombat fly land:true` lands).");
    }
    c.used.may_minor("Lunar Robe flight")?;
    if flight_forbidden(s) {
        return refuse("Lunar Robe flight is not allowed inside a Fortress (§10.7).");
    }
    let mp = match &me {
        Who::Pc(u) => s.pcs.iter().find(|p| &p.user == u).map_or(0, |p| p.mp),
        Who::Enemy(l) => s.enemy(l).map_or(0, |e| e.mp),
    };
    if mp <= 0 {
        return refuse("Lunar Robe flight costs 1D MP and you have no MP: no flight.");
    }
    // Roll, then pay; no flight if short (ambiguity §16 #27).
    let d = rng.d6() as i32;
    if d > mp {
        return refuse(format!(
            "Lunar Robe flight costs 1D MP: [{d}], and you have {mp} MP: no flight (nothing is spent)."
        ));
    }
    let line = format!(
        "🕊️ {} takes flight with the Lunar Robe (Minor Action): 1D MP [{d}], MP {} → {}.",
        s.name_of(&me),
        mp,
        mp - d
    );
    match &me {
        Who::Pc(u) => {
            if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                p.mp -= d;
            }
        }
        Who::Enemy(l) => {
            if let Some(e) = s.enemy_mut(l) {
                e.mp -= d;
            }
        }
    }
    let c = combat_mut(s)?;
    c.used.moved = true;
    c.used.minor = true;
    c.moves.flying.push(me.clone());
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    news(s, &me, line, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}
