//! Movement in combat (digest §10.6, §10.7, §9.3, §10.2): range bands (Close, Short, Long,
//! Extreme) and what an attack reaches; Interval moves to narrative spots; Complex Movement
//! (Move 1, Minor 1, Major 3 Move Actions); moves to Long or Extreme range with the GM's
//! permission and the retreat they mean; Lunar Robe flight and landing; Appearance Checks of
//! latecomers and Lunar Robe swaps, both only in the Setup Process of a Round.

use serde::{Deserialize, Serialize};

use super::super::character::Character;
use super::super::commands::{FarBand, RangeBand};
use super::super::data::NwData;
use super::super::judge::{Dice, Judge, Mode};
use super::super::session::{NightWizard, Phase};
use super::{
    combat_mut, end_main, has, initiative, initiative_count, leave, my_turn, standing, Combat,
    Fighter, Who, SPD,
};
use crate::table::{refuse, Actor, Choices, Message, Reply, RuleError, UserId};

/// Luck's index among the attributes.
const LUCK: usize = 5;

/// A range band between two characters (§10.6).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Band {
    /// In the same Engage.
    Close,
    /// Not in the same Engage (the default between Engages).
    Short,
    /// Present but too far to interact: only Range: Long reaches it. Moving there is a retreat.
    Long,
    /// Outside the fight: nothing reaches it.
    Extreme,
}

impl Band {
    /// The band's name (`Long range`).
    pub fn name(self) -> &'static str {
        match self {
            Band::Close => "Close range",
            Band::Short => "Short range",
            Band::Long => "Long range",
            Band::Extreme => "Extreme range",
        }
    }
}

/// Which action pays for a step of movement (§10.6 Complex Movement).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum Spend {
    /// The Move Action: 1 Move Action.
    Move,
    /// The Minor Action stands in for 1 Move Action.
    Minor,
    /// The Major Action stands in for 3 and ends the Main Process.
    Major,
}

impl Spend {
    /// Move Actions it gives.
    pub fn steps(self) -> u32 {
        match self {
            Spend::Move | Spend::Minor => 1,
            Spend::Major => 3,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Spend::Move => "Move Action",
            Spend::Minor => "Minor Action for 1 Move Action",
            Spend::Major => "Major Action for 3 Move Actions",
        }
    }
}

/// A Complex Movement on its way.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Route {
    /// Who moves.
    pub who: Who,
    /// The destination.
    pub spot: String,
    /// Move Actions spent so far.
    pub done: u32,
    /// Move Actions it needs.
    pub needed: u32,
}

/// A request to move to Long or Extreme range, awaiting the GM.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Request {
    /// Who asks.
    pub who: Who,
    /// Long or Extreme.
    pub band: Band,
    /// Where to.
    pub spot: String,
}

/// Movement state of a fight (part of [`Combat`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Moves {
    /// Characters at Long or Extreme range: out of the initiative order (retreated).
    #[serde(default)]
    pub far: Vec<(Who, Band)>,
    /// The narrative spot each character last reached.
    #[serde(default)]
    pub spots: Vec<(Who, String)>,
    /// Complex Movements on their way.
    #[serde(default)]
    pub routes: Vec<Route>,
    /// The GM's distances: spot (lowercase) → Move Actions needed.
    #[serde(default)]
    pub distances: Vec<(String, u32)>,
    /// Flying characters.
    #[serde(default)]
    pub flying: Vec<Who>,
    /// A move to Long or Extreme range awaiting the GM's permission.
    #[serde(default)]
    pub request: Option<Request>,
    /// The last Round in which a Main Process ended: until one does, the Round is still in
    /// its Setup Process for Appearance Checks and Lunar Robe swaps.
    #[serde(default)]
    pub acted_round: u32,
    /// Appearance Checks tried: (who, Round).
    #[serde(default)]
    pub tries: Vec<(Who, u32)>,
}

/// Movement actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub enum MoveAction {
    /// Move toward a spot (an Interval move, Complex when it needs several Move Actions), or
    /// ask to move to Long or Extreme range.
    To {
        /// The destination.
        spot: String,
        /// What pays (default: the next unused action).
        with: Option<Spend>,
        /// Long or Extreme: needs the GM's permission.
        band: Option<Band>,
    },
    /// GM: how many Move Actions a spot needs.
    Distance {
        /// The spot.
        spot: String,
        /// Move Actions.
        steps: u32,
    },
    /// Lunar Robe flight (Minor Action, 1D MP), or landing (Auto Action).
    Fly {
        /// Land instead.
        land: bool,
        /// GM: which enemy.
        who: Option<String>,
    },
    /// A latecomer's Appearance Check (Setup Process).
    Appear,
    /// GM: put a combatant at a band (approves or denies a pending request).
    Place {
        /// PC name or enemy label.
        who: String,
        /// Short, Long or Extreme.
        band: Band,
    },
}

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
            return refuse("`steps` sets a spot's distance (GM); give it with `to` only.");
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

/// Whether a character's attack has Range: Long (an equipped weapon whose range starts with
/// "Long", or an enemy whose attack text names Long).
pub fn long_reach(s: &NightWizard, data: &NwData, w: &Who) -> bool {
    match w {
        Who::Enemy(l) => s.enemy(l).is_some_and(|e| e.attack.contains("Long")),
        Who::Pc(u) => s.pcs.iter().find(|p| &p.user == u).is_some_and(|p| {
            let cat = s.catalog(data);
            p.ch.items.iter().filter(|i| i.equipped).any(|i| {
                cat.item(&i.id).is_some_and(|d| {
                    d.kind == "weapon" && d.range.to_ascii_lowercase().starts_with("long")
                })
            })
        }),
    }
}

/// Step 1 of an attack (§10.9): is the target in range? Nothing reaches Extreme range; only
/// Range: Long reaches Long range (and a Long weapon reaches Short too). Returns whether the
/// attack reaches past Close (the caller still requires the same Engage otherwise).
pub fn reach(
    s: &NightWizard,
    data: &NwData,
    c: &Combat,
    me: &Who,
    t: &Who,
    short: bool,
) -> Result<bool, RuleError> {
    let long = long_reach(s, data, me);
    match range_between(c, me, t) {
        Band::Extreme => refuse(format!(
            "{} is at Extreme range: nothing reaches it (§10.6).",
            s.name_of(t)
        )),
        Band::Long if long => Ok(true),
        Band::Long => refuse(format!(
            "{} is at Long range: only Range: Long weapons and skills reach it (§10.6).",
            s.name_of(t)
        )),
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
        return refuse(
            "the Lunar Robe swaps Equipment and Inventory during a fight only in the Setup Process (§10.2 step 2): refresh with `/nw session join` at the start of the next Round, before its first Main Process ends.",
        );
    }
    Ok(())
}

/// The Positions field of the tracker: retreats, spots, routes, flight and a pending request
/// (hidden enemies only for the GM). None when there is nothing to show.
pub fn positions(s: &NightWizard, gm: bool) -> Option<String> {
    let c = s.combat.as_ref()?;
    let m = &c.moves;
    let shown = |w: &Who| gm || !s.hidden(w);
    let mut rows = vec![];
    let spot_of = |w: &Who| m.spots.iter().find(|(x, _)| x == w).map(|(_, p)| p);
    for (w, b) in m.far.iter().filter(|(w, _)| shown(w) && !s.dead(w)) {
        rows.push(format!(
            "🏃 {}: {}{} (retreated: out of the initiative order)",
            s.name_of(w),
            b.name(),
            spot_of(w).map(|p| format!(", {p}")).unwrap_or_default()
        ));
    }
    for r in m.routes.iter().filter(|r| shown(&r.who)) {
        rows.push(format!(
            "🚶 {} → {} ({}/{} Move Actions)",
            s.name_of(&r.who),
            r.spot,
            r.done,
            r.needed
        ));
    }
    for (w, spot) in m
        .spots
        .iter()
        .filter(|(w, _)| shown(w) && far(c, w).is_none())
    {
        rows.push(format!("📍 {}: {spot}", s.name_of(w)));
    }
    for w in m.flying.iter().filter(|w| shown(w)) {
        rows.push(format!("🕊️ {}: Flying", s.name_of(w)));
    }
    if let Some(r) = m.request.as_ref().filter(|r| shown(&r.who)) {
        rows.push(format!(
            "⏳ {} asks to move to {} ({}): waiting for the GM",
            s.name_of(&r.who),
            r.band.name(),
            r.spot
        ));
    }
    if rows.is_empty() {
        None
    } else {
        Some(rows.join("\n"))
    }
}

/// A news line: public, or for the GM only when it is about a hidden enemy.
fn news(s: &NightWizard, w: &Who, line: String, lines: &mut Vec<String>, gm: &mut Vec<String>) {
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
    lines: &mut Vec<String>,
    gm: &mut Vec<String>,
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
            move_to(s, data, rng, actor, is_gm, spot, *with, *band)
        }
        MoveAction::Distance { spot, steps } => {
            if !is_gm {
                return refuse("only the GM sets distances.");
            }
            let key = spot.trim().to_ascii_lowercase();
            if key.is_empty() || key.chars().count() > 60 {
                return refuse("name the spot in 1 to 60 characters.");
            }
            let c = combat_mut(s)?;
            c.moves.distances.retain(|(k, _)| k != &key);
            c.moves.distances.push((key, *steps));
            Ok(vec![Reply::public(Message::text(format!(
                "📏 The GM rules: reaching **{}** takes {steps} Move Action{} (a Main Process gives up to 5: Move 1, Minor 1, Major 3).",
                spot.trim(),
                if *steps == 1 { "" } else { "s" }
            )))])
        }
        MoveAction::Fly { land, who } => fly(s, rng, actor, is_gm, *land, who.as_deref()),
        MoveAction::Appear => appear(s, data, rng, actor),
        MoveAction::Place { who, band } => place(s, data, rng, who, *band),
    }
}

#[allow(clippy::too_many_arguments)]
fn move_to(
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
    if has(&s.bad_of(&me), "Rigor") {
        return refuse("BS: Rigor: no Move Actions (nor actions standing in for them).");
    }
    let engaged = NightWizard::engage_of(c, &me)
        .is_some_and(|g| c.engages[g].iter().any(|o| super::attack::foes(s, &me, o)));
    if engaged {
        return refuse(
            "you are engaged with an enemy: withdraw first (`/nwcombat withdraw`). Complex Movement passes blockers on the way but does not free you from an Engage.",
        );
    }
    let name = s.name_of(&me);
    if let Some(b) = band {
        if c.used.moved || c.used.minor || c.used.major {
            return refuse("moving to Long or Extreme range takes your Move Action, and you have used it (Move, Minor, Major in that order).");
        }
        if is_gm {
            let mut lines = vec![];
            let mut gm = vec![];
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
        let band_word = match b {
            Band::Extreme => "extreme",
            _ => "long",
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
                    format!("/nwcombat range who:\"{name}\" band:{band_word}"),
                )
                .button(
                    "Refuse",
                    format!("/nwcombat range who:\"{name}\" band:short"),
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
    let ok = match spend {
        Spend::Move => !u.moved && !u.minor && !u.major,
        Spend::Minor => !u.minor && !u.major,
        Spend::Major => !u.major,
    };
    if !ok {
        return refuse(match spend {
            Spend::Move => "you have used your Move Action (Move, Minor, Major in that order).",
            Spend::Minor => "you have used your Minor Action (or the Major Action came first).",
            Spend::Major => "you have already taken your Major Action.",
        });
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
    let mut lines = vec![];
    let mut gm = vec![];
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

fn fly(
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
        if !s.controls(actor, &w) {
            return refuse("that is not your character.");
        }
        let mut lines = vec![];
        let mut gm = vec![];
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
    if c.used.minor || c.used.major {
        return refuse("Lunar Robe flight takes a Minor Action, and you have used it (or the Major Action came first).");
    }
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
    let mut lines = vec![];
    let mut gm = vec![];
    news(s, &me, line, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

fn appear(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if !s.settings.appearance {
        return refuse("Appearance Checks are an optional rule and are off (GM: `/nw settings appearance:true`); the GM may bring a PC in with `/nwcombat range who:… band:short`.");
    }
    let Some(p) = s.pcs.iter().find(|p| p.user == actor.id) else {
        return refuse("you have no PC in this session: `/nw session join`.");
    };
    let me = Who::Pc(p.user.clone());
    if p.dead || p.hp <= 0 {
        return refuse("your PC cannot appear while Incapacitated or Dead.");
    }
    if c.fighters.iter().any(|f| f.who == me) || far(c, &me).is_some() {
        return refuse("your PC is already in this fight.");
    }
    if !in_setup(c) {
        return refuse("Appearance Checks are made in the Setup Process (§10.2 step 1): try at the start of the next Round, before its first Main Process ends.");
    }
    if c.moves.tries.iter().any(|(w, r)| w == &me && *r == c.round) {
        return refuse("you have tried to appear this Round; try again next Round.");
    }
    let name = s.name_of(&me);
    let dc = s.settings.appearance_dc.unwrap_or(10);
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
    let (ok, text) = if s.phase == Phase::Climax {
        (
            true,
            format!(
                "🚪 {name} appears: in the Climax Phase Appearance Checks succeed automatically."
            ),
        )
    } else {
        let alter = luck + if tie.is_some() { 3 } else { 0 };
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
            format!(
                "🚪 {name}'s Appearance Check (Luck{}, Difficulty {dc}): `{}` → {}",
                tie.as_ref()
                    .map(|t| format!(" +3 for a Connection to {t}"))
                    .unwrap_or_default(),
                j.line(),
                if ok {
                    "success: joins the fight in Pre-action."
                } else {
                    "failure: not this Round."
                }
            ),
        )
    };
    let mut lines = vec![text];
    let mut gm = vec![];
    let round = c.round;
    if !ok {
        combat_mut(s)?.moves.tries.push((me, round));
        return Ok(s.tracker(lines, gm));
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
    lines.push(format!("{name}: SPD Judge `{}` → Count {n}", j.line()));
    if let Some(p) = s.pcs.iter_mut().find(|p| p.user == actor.id) {
        p.cf_locked = true;
        p.cf_points = 0;
    }
    let c = combat_mut(s)?;
    c.moves.tries.push((me.clone(), round));
    c.fighters.push(Fighter {
        who: me,
        count: n,
        post: false,
    });
    // Nobody has acted yet: the next Main Process is chosen again with the newcomer.
    initiative(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

fn place(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    key: &str,
    band: Band,
) -> Result<Vec<Reply>, RuleError> {
    let Some(w) = s.find(key, true) else {
        return refuse(format!("no combatant `{key}`."));
    };
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    let name = s.name_of(&w);
    let in_fight = c.fighters.iter().any(|f| f.who == w);
    let now = far(c, &w);
    let asked = c.moves.request.as_ref().is_some_and(|r| r.who == w);
    let mut lines = vec![];
    let mut gm = vec![];
    if band == Band::Short {
        if asked && now.is_none() {
            news(
                s,
                &w,
                format!("The GM does not allow {name} to move that far."),
                &mut lines,
                &mut gm,
            );
            combat_mut(s)?.moves.request = None;
            return Ok(s.tracker(lines, gm));
        }
        if in_fight {
            return refuse(format!("{name} is already in the fight at Short range."));
        }
        if s.dead(&w) || s.hp_of(&w) <= 0 {
            return refuse(format!("{name} is down and cannot come into the fight."));
        }
        news(
            s,
            &w,
            format!(
                "↩️ {name} comes into the fight at Short range: Post-action, acting from the next Round."
            ),
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
        return refuse(format!("{name} is already at {}.", band.name()));
    }
    if !in_fight && now.is_none() {
        return refuse(format!(
            "{name} is not in the fight (`band:short` brings them in)."
        ));
    }
    let current = c.current.as_ref() == Some(&w);
    if current && c.attack.is_some() {
        return refuse("finish the attack in progress first.");
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
    let what = if band == Band::Long {
        "retreats: out of the fight, only Range: Long reaches them"
    } else {
        "leaves the fight: nothing reaches them"
    };
    news(
        s,
        &w,
        format!(
            "🏃 {name} moves to {}{} and {what}.",
            band.name(),
            if asked {
                " with the GM's permission"
            } else {
                ""
            }
        ),
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
            "Moving to Long or Extreme range ends the Main Process.".into(),
            &mut lines,
            &mut gm,
        );
        end_main(s, data, rng, &mut lines, &mut gm);
    } else {
        settle(s, data, rng, &mut lines, &mut gm);
    }
    Ok(s.tracker(lines, gm))
}

#[cfg(test)]
mod tests {
    use crate::table::Command;
    use std::path::Path;

    use super::super::super::character::Custom;
    use super::super::super::data::load;
    use super::super::super::judge::{Cf, Fixed};
    use super::super::super::roster::{self, NwShared};
    use super::super::super::session::{self, NwAction};
    use super::super::{apply as combat_apply, CombatAction, Used};
    use super::*;

    fn gm() -> Actor {
        Actor::player("gm", "gm")
    }
    fn alice() -> Actor {
        Actor::player("alice", "alice")
    }
    fn bob() -> Actor {
        Actor::player("bob", "bob")
    }
    fn carol() -> Actor {
        Actor::player("carol", "carol")
    }
    fn pc(u: &str) -> Who {
        Who::Pc(UserId::new(u))
    }
    fn en(l: &str) -> Who {
        Who::Enemy(l.into())
    }

    struct T {
        data: NwData,
        shared: NwShared,
        s: NightWizard,
    }

    /// A session with Ayla and Bolt (and Cara made but not joined), a Mob, combat started.
    fn setup() -> T {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(5);
        let (s, _) =
            session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
        let mut t = T {
            data,
            shared: NwShared::default(),
            s,
        };
        for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt"), (carol(), "Cara")] {
            roster::global(
                &mut shared,
                &t.data,
                &a,
                &Command::new("nw character new")
                    .with("name", n)
                    .with("quick", "true"),
                &mut rng,
            )
            .unwrap()
            .unwrap();
        }
        t.shared = shared;
        for a in [alice(), bob()] {
            t.join(&a).unwrap();
        }
        t.run(
            &gm(),
            CombatAction::Spawn {
                name: "shade_swarm".into(),
                label: Some("Swarm".into()),
                hidden: false,
                hp: None,
            },
            vec![],
        )
        .unwrap();
        t.run(
            &gm(),
            CombatAction::Start { any_seven: true },
            vec![3, 3, 3, 3],
        )
        .unwrap();
        t
    }

    impl T {
        fn join(&mut self, a: &Actor) -> Result<Vec<Reply>, RuleError> {
            let act = session::parse(
                &self.s,
                a,
                &Command::new("nw session join"),
                &self.data,
                &self.shared,
            )?;
            let mut rng = crate::rng::seeded(9);
            let before = self.s.clone();
            let r = session::apply(&mut self.s, &self.data, None, &mut rng, a, &act);
            if r.is_err() {
                assert_eq!(self.s, before, "a refusal changes nothing");
            }
            r
        }

        /// Applies with fixed dice; a refusal must leave the state unchanged.
        fn run(
            &mut self,
            a: &Actor,
            act: CombatAction,
            dice: Vec<u32>,
        ) -> Result<Vec<Reply>, RuleError> {
            let before = self.s.clone();
            let r = combat_apply(&mut self.s, &self.data, &mut Fixed(dice), a, &act);
            if r.is_err() {
                assert_eq!(self.s, before, "a refusal changes nothing");
            }
            r
        }

        fn mv(
            &mut self,
            a: &Actor,
            m: MoveAction,
            dice: Vec<u32>,
        ) -> Result<Vec<Reply>, RuleError> {
            self.run(a, CombatAction::Move(m), dice)
        }

        fn turn(&mut self, w: Who) {
            let c = self.s.combat.as_mut().unwrap();
            c.current = Some(w);
            c.candidates.clear();
            c.used = Used::default();
        }

        fn c(&self) -> &Combat {
            self.s.combat.as_ref().unwrap()
        }
    }

    fn to(spot: &str, with: Option<Spend>) -> MoveAction {
        MoveAction::To {
            spot: spot.into(),
            with,
            band: None,
        }
    }

    fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn rule_nw_10_6_ranges_close_same_engage_short_between_long_and_extreme_far() {
        // "Close (Engaged): in the same Engage" · "Short: not in the same Engage" ·
        // "Long: ... Only Range: Long weapons and skills reach it" · "Extreme: ... Even
        // Scene-wide effects do not reach it."
        let mut t = setup();
        let (a, b, m) = (pc("alice"), pc("bob"), en("Swarm"));
        assert_eq!(range_between(t.c(), &a, &m), Band::Short);
        t.run(
            &gm(),
            CombatAction::Engage("Ayla".into(), "Swarm".into()),
            vec![],
        )
        .unwrap();
        assert_eq!(range_between(t.c(), &a, &m), Band::Close);
        assert_eq!(range_between(t.c(), &b, &m), Band::Short);
        let c = t.s.combat.as_mut().unwrap();
        c.moves.far.push((b.clone(), Band::Long));
        assert_eq!(range_between(t.c(), &b, &m), Band::Long);
        t.s.combat.as_mut().unwrap().moves.far[0].1 = Band::Extreme;
        assert_eq!(range_between(t.c(), &m, &b), Band::Extreme);
    }

    #[test]
    fn rule_nw_10_6_only_range_long_reaches_long_nothing_reaches_extreme() {
        // "Only Range: Long weapons and skills reach it" / "Even Scene-wide effects do not
        // reach it."
        let mut t = setup();
        t.s.combat
            .as_mut()
            .unwrap()
            .moves
            .far
            .push((pc("bob"), Band::Long));
        t.turn(en("Swarm"));
        let atk = |n: &str| CombatAction::Attack {
            target: n.into(),
            magic: false,
        };
        let e = t.run(&gm(), atk("Bolt"), vec![]).unwrap_err();
        assert!(e.to_string().contains("only Range: Long"), "{e}");
        // An enemy whose attack has Range: Long reaches Long.
        t.s.enemies[0].attack = "Physical, Range: Long".into();
        t.run(&gm(), atk("Bolt"), vec![4, 4]).unwrap();
        assert_eq!(t.c().attack.as_ref().unwrap().target, pc("bob"));
        // Nothing reaches Extreme.
        let mut t = setup();
        t.s.enemies[0].attack = "Physical, Range: Long".into();
        t.s.combat
            .as_mut()
            .unwrap()
            .moves
            .far
            .push((pc("bob"), Band::Extreme));
        t.turn(en("Swarm"));
        let e = t.run(&gm(), atk("Bolt"), vec![]).unwrap_err();
        assert!(e.to_string().contains("Extreme range"), "{e}");
    }

    #[test]
    fn rule_nw_10_6_interval_move_to_a_spot_is_a_move_action() {
        // "Interval: any other move, e.g. to a particular spot or object." (Move Action)
        let mut t = setup();
        t.turn(pc("alice"));
        let r = t.mv(&alice(), to("the water tower", None), vec![]).unwrap();
        assert!(
            text(&r).contains("📍 Ayla: the water tower"),
            "{}",
            text(&r)
        );
        assert!(t.c().used.moved && !t.c().used.minor);
        // A second plain move uses the Minor Action standing in for 1.
        t.mv(&alice(), to("the gate", None), vec![]).unwrap();
        assert!(t.c().used.minor && !t.c().used.major);
        assert_eq!(t.c().current, Some(pc("alice")));
    }

    #[test]
    fn rule_nw_10_6_complex_movement_minor_1_major_3_up_to_5() {
        // "A Minor Action can stand in for 1 Move Action, and the Major Action for 3, so a
        // full turn gives up to 5." · "Using the Major Action this way ends the Main Process."
        let mut t = setup();
        t.mv(
            &gm(),
            MoveAction::Distance {
                spot: "Rooftop".into(),
                steps: 6,
            },
            vec![],
        )
        .unwrap();
        t.turn(pc("alice"));
        t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
        t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
        assert_eq!(t.c().moves.routes[0].done, 2);
        let r = t.mv(&alice(), to("rooftop", None), vec![]).unwrap();
        assert!(text(&r).contains("5/6 Move Actions"), "{}", text(&r));
        // The Major ended the Main Process: Post-action, Count 0.
        assert_ne!(t.c().current, Some(pc("alice")));
        let f = t
            .c()
            .fighters
            .iter()
            .find(|f| f.who == pc("alice"))
            .unwrap();
        assert!(f.post && f.count == 0);
        // Next turn, 1 more Move Action arrives.
        t.turn(pc("alice"));
        t.mv(&alice(), to("Rooftop", None), vec![]).unwrap();
        assert!(t.c().moves.routes.is_empty());
        assert_eq!(
            t.c().moves.spots,
            vec![(pc("alice"), "Rooftop".to_string())]
        );
    }

    #[test]
    fn rule_nw_10_6_refusals_change_nothing() {
        let mut t = setup();
        // Moving after the Major Action.
        t.turn(pc("alice"));
        t.s.combat.as_mut().unwrap().used = Used {
            moved: true,
            minor: true,
            major: true,
        };
        let e = t.mv(&alice(), to("gate", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("Major Action"), "{e}");
        // The Move Action after the Minor (Move, Minor, Major in order).
        t.s.combat.as_mut().unwrap().used = Used {
            moved: true,
            minor: true,
            major: false,
        };
        assert!(t
            .mv(&alice(), to("gate", Some(Spend::Move)), vec![])
            .is_err());
        // A player moving an NPC.
        t.turn(en("Swarm"));
        let e = t.mv(&bob(), to("gate", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("not your turn"), "{e}");
        // A player setting a distance.
        let d = MoveAction::Distance {
            spot: "gate".into(),
            steps: 3,
        };
        assert!(t.mv(&bob(), d, vec![]).is_err());
        // Leaving an Engage with an enemy needs a Withdraw.
        t.run(
            &gm(),
            CombatAction::Engage("Ayla".into(), "Swarm".into()),
            vec![],
        )
        .unwrap();
        t.turn(pc("alice"));
        let e = t.mv(&alice(), to("gate", None), vec![]).unwrap_err();
        assert!(e.to_string().contains("withdraw first"), "{e}");
    }

    #[test]
    fn rule_nw_10_12_rigor_no_move_actions_nor_stand_ins_major_chosen_directly() {
        // "BS: Rigor | Cannot take Move Actions."
        let mut t = setup();
        t.turn(pc("alice"));
        t.s.pcs[0].bad.push(("Rigor".into(), 0));
        let e = t
            .mv(&alice(), to("gate", Some(Spend::Major)), vec![])
            .unwrap_err();
        assert!(e.to_string().contains("Rigor"), "{e}");
        t.s.pcs[0].bad.clear();
        // `with:major` skips the Move and Minor: 3 Move Actions at once, Main Process over.
        t.mv(
            &gm(),
            MoveAction::Distance {
                spot: "gate".into(),
                steps: 3,
            },
            vec![],
        )
        .unwrap();
        t.mv(&alice(), to("Gate", Some(Spend::Major)), vec![])
            .unwrap();
        assert_eq!(t.c().moves.spots, vec![(pc("alice"), "Gate".to_string())]);
        assert_ne!(t.c().current, Some(pc("alice")));
    }

    #[test]
    fn rule_nw_10_6_long_range_needs_the_gm_and_ends_the_main_process_retreat() {
        // "Moving to Long or Extreme Range needs the GM's permission, and your Main Process
        // ends right after the move." · "Moving to Long Range in a fight generally means
        // Retreat: you can no longer affect the Scene."
        let mut t = setup();
        t.turn(pc("bob"));
        let far_move = MoveAction::To {
            spot: "the station".into(),
            with: None,
            band: Some(Band::Long),
        };
        let r = t.mv(&bob(), far_move, vec![]).unwrap();
        assert!(text(&r).contains("asks the GM"), "{}", text(&r));
        // Only a request: Bolt is still in the fight, nothing spent.
        assert!(t.c().fighters.iter().any(|f| f.who == pc("bob")));
        assert_eq!(t.c().used, Used::default());
        // Only the GM allows it.
        let allow = MoveAction::Place {
            who: "Bolt".into(),
            band: Band::Long,
        };
        assert!(super::super::super::test_table::refused(
            &t.s,
            &alice(),
            "nw combat range"
        ));
        let r = t.mv(&gm(), allow, vec![]).unwrap();
        assert!(text(&r).contains("retreat"), "{}", text(&r));
        assert!(!t.c().fighters.iter().any(|f| f.who == pc("bob")));
        assert_eq!(far(t.c(), &pc("bob")), Some(Band::Long));
        assert_ne!(t.c().current, Some(pc("bob")));
        assert!(text(&r).contains("🏃 Bolt: Long range"), "{}", text(&r));
    }

    #[test]
    fn rule_nw_10_6_the_gm_refuses_a_long_move_with_band_short() {
        let mut t = setup();
        t.turn(pc("bob"));
        let far_move = MoveAction::To {
            spot: "away".into(),
            with: None,
            band: Some(Band::Extreme),
        };
        t.mv(&bob(), far_move, vec![]).unwrap();
        let deny = MoveAction::Place {
            who: "Bolt".into(),
            band: Band::Short,
        };
        t.mv(&gm(), deny, vec![]).unwrap();
        assert!(t.c().moves.request.is_none());
        assert!(t.c().fighters.iter().any(|f| f.who == pc("bob")));
        assert_eq!(t.c().current, Some(pc("bob")));
    }

    #[test]
    fn rule_nw_10_6_combat_ends_when_no_enemy_remains_present() {
        // Retreat: the last enemy leaving ends the fight.
        let mut t = setup();
        t.turn(pc("alice"));
        let r = t
            .mv(
                &gm(),
                MoveAction::Place {
                    who: "Swarm".into(),
                    band: Band::Long,
                },
                vec![],
            )
            .unwrap();
        assert!(t.s.combat.is_none(), "{}", text(&r));
        assert!(
            text(&r).contains("No enemy is left in the fight (the rest retreated)"),
            "{}",
            text(&r)
        );
        // Both PCs retreating ends it too.
        let mut t = setup();
        let mut last = String::new();
        for w in ["Ayla", "Bolt"] {
            t.turn(en("Swarm"));
            let r = t
                .mv(
                    &gm(),
                    MoveAction::Place {
                        who: w.into(),
                        band: Band::Long,
                    },
                    vec![],
                )
                .unwrap();
            last = text(&r);
        }
        assert!(t.s.combat.is_none());
        assert!(
            last.contains("No PC is left in the fight (the rest retreated)"),
            "{last}"
        );
    }

    #[test]
    fn rule_nw_10_6_a_retreated_character_comes_back_post_action() {
        let mut t = setup();
        t.turn(en("Swarm"));
        let place = |b| MoveAction::Place {
            who: "Bolt".into(),
            band: b,
        };
        t.mv(&gm(), place(Band::Long), vec![]).unwrap();
        t.mv(&gm(), place(Band::Short), vec![]).unwrap();
        let f = t.c().fighters.iter().find(|f| f.who == pc("bob")).unwrap();
        assert!(f.post);
        assert_eq!(far(t.c(), &pc("bob")), None);
    }

    #[test]
    fn rule_nw_10_7_lunar_robe_flight_minor_action_1d_mp_refused_when_short() {
        // "Costs a Minor Action, and 1d6 MP on activation. Without the MP you can't fly."
        // Roll, then pay; no flight if short (§16 #27).
        let mut t = setup();
        t.turn(pc("alice"));
        let fly = MoveAction::Fly {
            land: false,
            who: None,
        };
        t.s.pcs[0].mp = 3;
        let e = t.mv(&alice(), fly.clone(), vec![5]).unwrap_err();
        assert!(e.to_string().contains("[5]"), "{e}");
        t.s.pcs[0].mp = 0;
        assert!(t.mv(&alice(), fly.clone(), vec![1]).is_err());
        t.s.pcs[0].mp = 10;
        let r = t.mv(&alice(), fly.clone(), vec![4]).unwrap();
        assert_eq!(t.s.pcs[0].mp, 6);
        assert!(t.c().used.minor);
        assert!(text(&r).contains("🕊️ Ayla: Flying"), "{}", text(&r));
        // Already flying; and the Minor is spent.
        assert!(t.mv(&alice(), fly, vec![1]).is_err());
    }

    #[test]
    fn rule_nw_10_7_landing_is_an_auto_action_any_time() {
        // "Landing (however you took flight) is an Auto Action."
        let mut t = setup();
        t.s.combat.as_mut().unwrap().moves.flying.push(pc("alice"));
        t.turn(en("Swarm"));
        t.s.combat.as_mut().unwrap().used.major = true;
        let land = MoveAction::Fly {
            land: true,
            who: None,
        };
        t.mv(&alice(), land.clone(), vec![]).unwrap();
        assert!(t.c().moves.flying.is_empty());
        assert!(t.mv(&alice(), land, vec![]).is_err());
    }

    #[test]
    fn rule_nw_10_7_no_lunar_robe_flight_inside_a_fortress() {
        // "Not allowed inside Fortresses."
        let mut t = setup();
        t.turn(pc("alice"));
        t.s.pcs[0].mp = 10;
        t.s.fortress.fortress = Some(crate::games::nightwizard::fortress::Fortress {
            areas: vec![],
            gates: vec![],
            dive: Some(crate::games::nightwizard::fortress::Dive {
                at: 0,
                came_from: None,
                inside: vec![UserId("alice".into())],
                ruler_defeated: false,
                core_broken: false,
                ruler_permits: false,
                danger: None,
            }),
        });
        let e = t
            .mv(
                &alice(),
                MoveAction::Fly {
                    land: false,
                    who: None,
                },
                vec![1],
            )
            .unwrap_err();
        assert!(e.to_string().contains("Fortress"), "{e}");
    }

    #[test]
    fn rule_nw_9_3_appearance_check_luck_difficulty_10_in_the_setup_process() {
        // "Luck Judge. Difficulty usually 10" · "In combat they are made in step 1 of the
        // Setup Process."
        let mut t = setup();
        // Off by default.
        assert!(t.mv(&carol(), MoveAction::Appear, vec![]).is_err());
        t.s.settings.appearance = true;
        // Cara must be in the session.
        t.join(&carol()).unwrap();
        t.s.pcs[2].cf = Some(Cf {
            critical: 12,
            fumble: 2,
        });
        let luck = t.s.pcs[2].ch.derive(&t.s.catalog(&t.data)).attrs[LUCK];
        // 2D [1, 2] + Luck against Difficulty Luck + 4: a failure.
        t.s.settings.appearance_dc = Some(luck + 4);
        let r = t.mv(&carol(), MoveAction::Appear, vec![1, 2]).unwrap();
        assert!(text(&r).contains("failure"), "{}", text(&r));
        assert!(!t.c().fighters.iter().any(|f| f.who == pc("carol")));
        // Once per Round.
        assert!(t.mv(&carol(), MoveAction::Appear, vec![6, 5]).is_err());
        // Next Round's Setup: [2, 2] + Luck reaches Luck + 4: joins Pre-action with a Count.
        t.s.combat.as_mut().unwrap().round += 1;
        let r = t
            .mv(&carol(), MoveAction::Appear, vec![2, 2, 4, 4])
            .unwrap();
        assert!(text(&r).contains("success"), "{}", text(&r));
        let f = t
            .c()
            .fighters
            .iter()
            .find(|f| f.who == pc("carol"))
            .unwrap();
        assert!(!f.post && f.count >= 1);
    }

    #[test]
    fn rule_nw_9_3_appearance_check_only_before_the_first_main_process_ends() {
        let mut t = setup();
        t.s.settings.appearance = true;
        t.join(&carol()).unwrap();
        let c = t.s.combat.as_mut().unwrap();
        c.moves.acted_round = c.round;
        let e = t.mv(&carol(), MoveAction::Appear, vec![6, 6]).unwrap_err();
        assert!(e.to_string().contains("Setup Process"), "{e}");
    }

    #[test]
    fn rule_nw_9_3_climax_appearance_succeeds_and_connection_gives_plus_3() {
        // "In the Climax Phase Appearance Checks automatically succeed." · "+3 if you have a
        // Connection to anyone already in the Scene."
        let mut t = setup();
        t.s.settings.appearance = true;
        t.join(&carol()).unwrap();
        t.s.pcs[2].ch.connections.push("Ayla".into());
        let r = t
            .mv(&carol(), MoveAction::Appear, vec![1, 2, 3, 3])
            .unwrap();
        assert!(
            text(&r).contains("+3 for a Connection to Ayla"),
            "{}",
            text(&r)
        );
        let mut t = setup();
        t.s.settings.appearance = true;
        t.join(&carol()).unwrap();
        t.s.phase = Phase::Climax;
        let r = t
            .mv(&carol(), MoveAction::Appear, vec![1, 2, 3, 3])
            .unwrap();
        assert!(text(&r).contains("succeed automatically"), "{}", text(&r));
        assert!(t.c().fighters.iter().any(|f| f.who == pc("carol")));
    }

    #[test]
    fn rule_nw_10_2_lunar_robe_swaps_only_in_the_setup_process() {
        // "Everyone may use the Lunar Robe freely: swap Equipment and Inventory" (Setup
        // Process, step 2).
        let mut t = setup();
        let i = t
            .shared
            .characters
            .iter()
            .position(|c| c.owner == UserId::new("alice"))
            .unwrap();
        let Some(item) = t.shared.characters[i].items.iter_mut().find(|o| o.equipped) else {
            panic!("a quick character has equipment");
        };
        item.equipped = false;
        // In the Setup window the swap is allowed.
        t.join(&alice()).unwrap();
        // After a Main Process ended it is refused.
        let c = t.s.combat.as_mut().unwrap();
        c.moves.acted_round = c.round;
        let item = t.shared.characters[i]
            .items
            .iter_mut()
            .find(|o| !o.equipped);
        item.unwrap().equipped = true;
        let e = t.join(&alice()).unwrap_err();
        assert!(e.to_string().contains("Setup Process"), "{e}");
        // A refresh without a swap is fine.
        let item = t.shared.characters[i].items.iter_mut().find(|o| o.equipped);
        item.unwrap().equipped = false;
        t.join(&alice()).unwrap();
    }

    #[test]
    fn hidden_enemy_moves_only_reach_the_gm() {
        let mut t = setup();
        t.s.enemies[0].hidden = true;
        t.turn(en("Swarm"));
        let r = t.mv(&gm(), to("the dark", None), vec![]).unwrap();
        for x in &r {
            if !matches!(x.audience, crate::table::Audience::Gm) {
                assert!(!x.message.plain_text().contains("the dark"), "{}", text(&r));
            }
        }
    }

    #[test]
    fn settings_toggle_appearance() {
        let mut t = setup();
        let act = session::parse(
            &t.s,
            &gm(),
            &Command::new("nw settings")
                .with("appearance", "true")
                .with("appearance_dc", "12"),
            &t.data,
            &t.shared,
        )
        .unwrap();
        assert!(matches!(act, NwAction::Settings { .. }));
        let mut rng = crate::rng::seeded(1);
        let r = session::apply(&mut t.s, &t.data, None, &mut rng, &gm(), &act).unwrap();
        assert!(text(&r).contains("Appearance Checks: on (Luck, Difficulty 12)"));
        assert!(t.s.settings.appearance);
    }
}
