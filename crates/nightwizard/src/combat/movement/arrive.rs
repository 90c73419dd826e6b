//! Coming into a fight: a latecomer's Appearance Check (§9.3, §10.2 step 1) and the GM
//! placing a combatant at a range band (§10.6).

use super::super::super::fortress::{add_inside, appear_difficulty, CONNECTION_BONUS};
use super::super::attack::judges::open_judge;
use super::super::round::{prana_offer, SPD_JUDGE};
use super::super::{open_for, take_open};
use super::{
    band as band_said, combat_mut, end_main, far, go_far, in_setup, initiative, initiative_count,
    news, settle, Actor, Band, Dice, Fighter, Judge, Mode, NightWizard, NwData, Phase, Reply,
    RuleError, UserId, Who, LUCK, SPD,
};
use crate::judge::roll::yes;
use crate::judge::said::{no, Lines};
use crate::words::refusal;
use croupier_core::table::{Phrase, Value};

/// The open Judge label of an Appearance Check.
pub(crate) const APPEARANCE_CHECK: &str = "Appearance Check";

pub(super) fn appear(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    if !s.settings.appearance {
        return no(Phrase::new("nw-fight-appearance-off"));
    }
    let Some(p) = s.pcs.iter().find(|p| p.user == actor.id) else {
        return no(Phrase::new("nw-fight-no-pc-session"));
    };
    let me = Who::Pc(p.user.clone());
    if p.dead || p.hp <= 0 {
        return no(Phrase::new("nw-fight-appear-down"));
    }
    if c.fighters.iter().any(|f| f.who == me) || far(c, &me).is_some() {
        return no(Phrase::new("nw-fight-in-fight-already"));
    }
    if !in_setup(c) {
        return no(Phrase::new("nw-fight-appear-setup"));
    }
    if c.moves.tries.iter().any(|(w, r)| w == &me && *r == c.round) {
        return no(Phrase::new("nw-fight-appear-tried"));
    }
    let name = s.name_of(&me);
    // In a Fortress Area during a Dive: 8 + 2 per Gate from the Entrance (§12.6); elsewhere
    // the table's Difficulty, 10 unless the GM set another (§9.3).
    let in_dive = s.fortress.fortress.as_ref().and_then(|f| {
        f.dive
            .as_ref()
            .map(|d| f.gates_from_entrance(d.at).unwrap_or(0))
    });
    let dc = match in_dive {
        Some(gates) => appear_difficulty(gates),
        None => s.settings.appearance_dc.unwrap_or(10),
    };
    // +3 for a Connection to anyone already in the Scene.
    let present: Vec<String> = c
        .fighters
        .iter()
        .map(|f| &f.who)
        .chain(c.moves.far.iter().map(|(w, _)| w))
        .filter(|w| !s.hidden(w))
        .flat_map(|w| match w {
            Who::Enemy(l) => vec![
                l.to_ascii_lowercase(),
                s.enemy(l)
                    .map(|e| e.name.to_ascii_lowercase())
                    .unwrap_or_default(),
            ],
            _ => vec![s.name_of(w).to_ascii_lowercase()],
        })
        .collect();
    let tie =
        p.ch.connections
            .iter()
            .find(|k| present.contains(&k.trim().to_ascii_lowercase()))
            .cloned();
    let luck = p.ch.derive(&s.catalog(data)).attrs[LUCK];
    let (ok, text, judge) = if s.phase == Phase::Climax {
        (
            true,
            Phrase::new("nw-appears-climax").arg("who", name.as_str()),
            None,
        )
    } else {
        let bonus = if tie.is_some() { CONNECTION_BONUS } else { 0 };
        let alter = luck + bonus + p.bad.judge_modifier(false);
        let j = Judge::roll(
            alter,
            s.cf_of(data, &me),
            Mode::Normal {
                difficulty: Some(dc),
            },
            false,
            rng,
        );
        let ok = j.outcome().success == Some(true);
        (
            ok,
            Phrase::new("nw-appearance")
                .arg("who", name.as_str())
                .arg(
                    "connection",
                    tie.as_ref()
                        .map(|t| {
                            Value::from(
                                Phrase::new("nw-appearance-connection")
                                    .arg("bonus", i64::from(bonus))
                                    .arg("to", t.as_str()),
                            )
                        })
                        .unwrap_or_else(|| Value::from("")),
                )
                .arg("notes", p.bad.judge_notes_said(false))
                .arg("difficulty", i64::from(dc))
                .arg("line", j.said_line())
                .arg("ok", yes(ok)),
            Some(j),
        )
    };
    let mut lines = Lines::from(text);
    let mut gm = Lines::new();
    let round = c.round;
    combat_mut(s)?.moves.tries.push((me.clone(), round));
    if !ok {
        // §4.2: Prana may still turn it (`/nw prana`): it stays open, and a success joins.
        if let Some(j) = judge.filter(|_| s.prana_windows) {
            open_for(s, &me, APPEARANCE_CHECK, &j);
        }
        let mut out = s.tracker(lines, gm);
        out.extend(prana_offer(s, &actor.id, APPEARANCE_CHECK));
        return Ok(out);
    }
    join(s, data, rng, &actor.id, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// After Prana on `user`'s open Appearance Check (§4.2 on §9.3): once it succeeds (in the
/// Setup Process still), the PC joins the fight as a first success would have.
pub(crate) fn after_prana(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    user: &UserId,
) -> Option<Vec<Reply>> {
    let me = Who::Pc(user.clone());
    let ok = open_judge(s, &me, APPEARANCE_CHECK)?.outcome().success == Some(true);
    let c = s.combat.as_ref()?;
    let away = !c.fighters.iter().any(|f| f.who == me) && far(c, &me).is_none();
    if !(ok && away && in_setup(c)) {
        return None;
    }
    take_open(s, &me, APPEARANCE_CHECK);
    let mut lines =
        Lines::from(Phrase::new("nw-appearance-after-prana").arg("who", s.name_of(&me)));
    let mut gm = Lines::new();
    join(s, data, rng, user, &mut lines, &mut gm);
    Some(s.tracker(lines, gm))
}

/// A PC whose Appearance Check succeeded comes into the fight: inside the Fortress during a
/// Dive (§12.6), a SPD Judge for its Count, Pre-action, and the Initiative Process again.
fn join(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    user: &UserId,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let me = Who::Pc(user.clone());
    let name = s.name_of(&me);
    let in_dive = s
        .fortress
        .fortress
        .as_ref()
        .is_some_and(|f| f.dive.is_some());
    // §12.6: appearing in the current Area's Scene during a Dive brings the PC into the
    // Fortress, as `/nwfortress appear` does.
    let inside = |s: &NightWizard| {
        s.fortress
            .fortress
            .as_ref()
            .and_then(|f| f.dive.as_ref())
            .is_some_and(|d| d.inside.contains(user))
    };
    if in_dive && !inside(s) {
        add_inside(s, user);
        lines.push(Phrase::new("nw-fight-inside-fortress").arg("who", name.as_str()));
    }
    let j = s.roll(
        data,
        &me,
        SPD,
        Mode::Normal { difficulty: None },
        false,
        false,
        rng,
    );
    let n = initiative_count(&j);
    lines.push(
        Phrase::new("nw-spd-line")
            .arg("who", name.as_str())
            .arg("line", j.said_line())
            .arg("count", i64::from(n)),
    );
    if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == user) {
        p.cf_locked = true;
        p.cf_points = 0;
    }
    if s.prana_windows {
        open_for(s, &me, SPD_JUDGE, &j);
    }
    let Some(c) = s.combat.as_mut() else { return };
    c.fighters.push(Fighter {
        who: me,
        count: n,
        post: false,
    });
    // Nobody has acted yet: the next Main Process is chosen again with the newcomer.
    initiative(s, data, rng, lines, gm);
}

pub(super) fn place(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    key: &str,
    band: Band,
) -> Result<Vec<Reply>, RuleError> {
    let Some(w) = s.find(key, true) else {
        return no(Phrase::new("nw-fight-no-combatant").arg("key", key));
    };
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| refusal(Phrase::new("nw-no-combat")))?;
    let name = s.name_of(&w);
    let in_fight = c.fighters.iter().any(|f| f.who == w);
    let now = far(c, &w);
    let asked = c.moves.request.as_ref().is_some_and(|r| r.who == w);
    let mut lines = Lines::new();
    let mut gm = Lines::new();
    if band == Band::Short {
        if asked && now.is_none() {
            news(
                s,
                &w,
                Phrase::new("nw-fight-gm-refuses-far").arg("who", name.as_str()),
                &mut lines,
                &mut gm,
            );
            combat_mut(s)?.moves.request = None;
            return Ok(s.tracker(lines, gm));
        }
        if in_fight {
            return no(Phrase::new("nw-fight-in-at-short").arg("who", name.as_str()));
        }
        if s.dead(&w) || s.hp_of(&w) <= 0 {
            return no(Phrase::new("nw-fight-down-cannot-come").arg("who", name.as_str()));
        }
        news(
            s,
            &w,
            Phrase::new("nw-fight-comes-in").arg("who", name.as_str()),
            &mut lines,
            &mut gm,
        );
        let c = combat_mut(s)?;
        c.moves.far.retain(|(x, _)| x != &w);
        c.fighters.push(Fighter {
            who: w,
            count: 0,
            post: true,
        });
        return Ok(s.tracker(lines, gm));
    }
    if now == Some(band) {
        return no(Phrase::new("nw-fight-already-at")
            .arg("who", name.as_str())
            .arg("band", band_said(band)));
    }
    if !in_fight && now.is_none() {
        return no(Phrase::new("nw-fight-not-in-fight-band").arg("who", name.as_str()));
    }
    let current = c.current.as_ref() == Some(&w);
    if current && c.attack.is_some() {
        return no(Phrase::new("nw-attack-first"));
    }
    let spot = c
        .moves
        .request
        .as_ref()
        .filter(|r| r.who == w)
        .map(|r| r.spot.clone())
        .or_else(|| {
            c.moves
                .spots
                .iter()
                .find(|(x, _)| x == &w)
                .map(|(_, p)| p.clone())
        })
        .unwrap_or_default();
    news(
        s,
        &w,
        Phrase::new("nw-fight-placed-far")
            .arg("who", name.as_str())
            .arg("band", band_said(band))
            .arg("asked", yes(asked))
            .arg("long", yes(band == Band::Long)),
        &mut lines,
        &mut gm,
    );
    let c = combat_mut(s)?;
    go_far(c, &w, band, &spot);
    if current {
        c.used.moved = true;
        news(
            s,
            &w,
            Phrase::new("nw-fight-far-ends-main"),
            &mut lines,
            &mut gm,
        );
        end_main(s, data, rng, &mut lines, &mut gm);
    } else {
        settle(s, data, rng, &mut lines, &mut gm);
    }
    Ok(s.tracker(lines, gm))
}
