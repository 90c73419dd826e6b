//! Moving: Interval and Complex Movement, moves to Long or Extreme range (§10.6), Lunar
//! Robe flight and landing (§10.7).

use super::super::super::commands::{CombatCommand, NwCommand, RangeBand};
use super::{
    band as band_said, combat_mut, end_main, flight_forbidden, go_far, leave, my_turn, news,
    set_spot, spend as spend_said, Actor, Band, Dice, NightWizard, NwData, Reply, Request, Route,
    RuleError, Spend, Who,
};
use crate::judge::roll::yes;
use crate::judge::said::{no, say, Lines};
use crate::words::refusal;
use croupier_core::table::{english, Phrase};

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
        return no(Phrase::new("nw-fight-spot-name"));
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    if let Some(b) = s.bad_of(&me).forbidding_moves() {
        return no(
            Phrase::new("nw-fight-bs-no-moving").arg("status", crate::status::written_said(b, 0))
        );
    }
    let engaged = NightWizard::engage_of(c, &me).is_some_and(|g| {
        c.engages[g]
            .iter()
            .any(|o| super::super::access::hinders(s, &me, o))
    });
    if engaged {
        return no(Phrase::new("nw-fight-move-engaged"));
    }
    let name = s.name_of(&me);
    if let Some(b) = band {
        c.used.may_move(crate::judge::said::word(
            "nw-fight-act",
            "Moving to Long or Extreme range",
        ))?;
        if is_gm {
            let mut lines = Lines::new();
            let mut gm = Lines::new();
            let line = Phrase::new("nw-fight-moves-far")
                .arg("who", name.as_str())
                .arg("band", band_said(b))
                .arg("spot", spot)
                .arg("long", yes(b == Band::Long));
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
            Phrase::new("nw-fight-asks-far")
                .arg("who", name.as_str())
                .arg("band", band_said(b))
                .arg("spot", spot)
                .arg("long", yes(b == Band::Long))
                .arg("word", band_word),
            Lines::new(),
        );
        out.push(Reply::gm(
            say(Phrase::new("nw-fight-asks-gm")
                .arg("who", name.as_str())
                .arg("band", band_said(b))
                .arg("spot", spot))
            .labelled(&["nw-fight-button-allow", "nw-fight-button-refuse"])
            .button(
                english("nw-fight-button-allow"),
                &NwCommand::Combat(CombatCommand::Range {
                    who: name.clone(),
                    band: allow,
                }),
            )
            .button(
                english("nw-fight-button-refuse"),
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
        Spend::Move => u.may_move(crate::judge::said::word("nw-fight-act", "Moving"))?,
        Spend::Minor => u.may_minor(crate::judge::said::word("nw-fight-act", "Moving"))?,
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
    let line = Phrase::new("nw-fight-moves")
        .arg("who", name.as_str())
        .arg("spot", spot)
        .arg("spend", spend_said(spend))
        .arg("there", yes(now >= needed))
        .arg("now", i64::from(now))
        .arg("needed", i64::from(needed));
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
            Phrase::new("nw-fight-major-moving"),
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
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
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
            return no(Phrase::new("nw-fight-not-flying"));
        };
        if super::rides::riding(c, &w) {
            return no(Phrase::new("nw-fight-land-broom"));
        }
        if !s.controls(actor, &w) {
            return no(Phrase::new("nw-fight-not-yours"));
        }
        let mut lines = Lines::new();
        let mut gm = Lines::new();
        news(
            s,
            &w,
            Phrase::new("nw-fight-lands").arg("who", s.name_of(&w)),
            &mut lines,
            &mut gm,
        );
        combat_mut(s)?.moves.flying.retain(|x| x != &w);
        return Ok(s.tracker(lines, gm));
    }
    let me = my_turn(s, actor)?;
    if c.moves.flying.contains(&me) {
        return no(Phrase::new("nw-fight-flying-already"));
    }
    c.used.may_minor(crate::judge::said::word(
        "nw-fight-act",
        "Lunar Robe flight",
    ))?;
    if flight_forbidden(s) {
        return no(Phrase::new("nw-fight-no-flight-fortress"));
    }
    let mp = match &me {
        Who::Pc(u) => s.pcs.iter().find(|p| &p.user == u).map_or(0, |p| p.mp),
        Who::Enemy(l) => s.enemy(l).map_or(0, |e| e.mp),
    };
    if mp <= 0 {
        return no(Phrase::new("nw-fight-flight-no-mp"));
    }
    // Roll, then pay; no flight if short (ambiguity §16 #27).
    let d = rng.d6() as i32;
    if d > mp {
        return no(Phrase::new("nw-fight-flight-short")
            .arg("d", i64::from(d))
            .arg("mp", i64::from(mp)));
    }
    let line = Phrase::new("nw-fight-takes-flight")
        .arg("who", s.name_of(&me))
        .arg("d", i64::from(d))
        .arg("mp", i64::from(mp))
        .arg("left", i64::from(mp - d));
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
