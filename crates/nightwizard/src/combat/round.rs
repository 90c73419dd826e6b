//! The Round (digest §10.1–§10.4, §10.14): Setup, Initiative, Main and Cleanup Processes;
//! combat start and end; whose Main Process it is and what the fight waits for.

use super::super::data::Until;
use super::access::pc_side;
use super::attack::judges::open_judge;
use super::{
    combat_mut, hurt, initiative_count, key_part, model, rank, skills_use, Actor, Combat, Decision,
    Dice, Fighter, Mode, NightWizard, NwData, Reply, RuleError, Stage, Used, Who, DAMAGE_ROLL,
    DEFENCE_ROLL, SPD,
};
use super::{open_for, take_open};
use crate::judge::roll::yes;
use crate::judge::said::{self, no, say, Lines};
use croupier_core::table::UserId;
use croupier_core::table::{Phrase, Value};

/// The open Judge label of a PC's Initiative (SPD) Judge.
pub(crate) const SPD_JUDGE: &str = "SPD Judge";

/// A private message offering `user` the Prana options of their open Judge labelled `label`
/// (§4.2), if it is open.
pub(crate) fn prana_offer(s: &NightWizard, user: &UserId, label: &str) -> Option<Reply> {
    let o = s
        .open
        .iter()
        .find(|o| &o.user == user && o.label == label)?;
    let m = say(Phrase::new("nw-prana-options").arg("label", said::label(&o.label)));
    Some(Reply::private(user, s.with_prana_buttons(o, m)))
}

/// After Prana on `user`'s open SPD Judge (§4.2 on §10.1): while the PC is in Pre-action its
/// Count is the Judge as it now stands; and while no Main Process has begun (nothing used, no
/// attack, no skill window), the Initiative Process chooses again with the new Count.
pub(crate) fn after_prana(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    user: &UserId,
) -> Option<Vec<Reply>> {
    let me = Who::Pc(user.clone());
    let n = initiative_count(&open_judge(s, &me, SPD_JUDGE)?);
    let name = s.name_of(&me);
    let c = s.combat.as_mut()?;
    let f = c.fighters.iter_mut().find(|f| f.who == me && !f.post)?;
    let was = f.count;
    if was == n {
        return None;
    }
    f.count = n;
    let mut lines = Lines::new();
    lines.push(
        Phrase::new("nw-count-now")
            .arg("who", name.as_str())
            .arg("count", i64::from(n))
            .arg("was", i64::from(was)),
    );
    let mut gm = Lines::new();
    let fresh = c.attack.is_none()
        && c.used == Used::default()
        && c.skills.window.is_none()
        && !c.closing
        && c.last_stand.is_empty();
    if fresh {
        let before = c.current.clone();
        initiative(s, data, rng, &mut lines, &mut gm);
        let now = s.combat.as_ref().and_then(|c| c.current.clone());
        if now != before {
            if let Some(w) = now.filter(|w| !s.hidden(w)) {
                lines.push(Phrase::new("nw-chooses-again").arg("who", s.name_of(&w)));
            }
        }
    }
    Some(s.tracker(lines, gm))
}

impl NightWizard {
    /// What the fight waits for: the current attack's next step, the current Main Process,
    /// a skill window, or the choice among tied fighters. Keys carry the round and the
    /// attack's number, so a Dodge button from an earlier attack never answers a later one.
    pub fn combat_decisions(&self) -> Vec<Decision> {
        let Some(c) = &self.combat else {
            return vec![];
        };
        let r = c.round;
        // What the decision is, in the catalogue's words (`locales/*/table-words.ftl`).
        let in_round = |key: &str| Phrase::new(key).arg("round", i64::from(r));
        let one = |key: String, label: Phrase, w: &Who, commands: &[&str]| {
            vec![Decision::new(
                key,
                label,
                Some(&self.controller(w)),
                commands,
            )]
        };
        match (&c.attack, &c.current) {
            // Several Defenders answer in any order: the rules track each one.
            (Some(a), _) if !a.defenders.is_empty() => vec![],
            (Some(a), _) => {
                let n = c.attack_seq;
                match a.stage {
                    Stage::Hit => one(
                        format!("r{r}-a{n}-dodge"),
                        in_round("nw-decision-dodge").arg("name", self.name_of(&a.target)),
                        &a.target,
                        &["nw combat dodge"],
                    ),
                    Stage::Dodge => one(
                        format!("r{r}-a{n}-damage"),
                        in_round("nw-decision-damage").arg("name", self.name_of(&a.attacker)),
                        &a.attacker,
                        &["nw combat damage"],
                    ),
                    Stage::Defence => one(
                        format!("r{r}-a{n}-defence"),
                        in_round("nw-decision-defence").arg("name", self.name_of(&a.attacker)),
                        &a.attacker,
                        &["nw combat damage"],
                    ),
                    Stage::Damage => one(
                        format!("r{r}-a{n}-apply"),
                        in_round("nw-decision-apply").arg("name", self.name_of(&a.attacker)),
                        &a.attacker,
                        &["nw combat apply", "nw combat coverup"],
                    ),
                }
            }
            (None, Some(w)) => one(
                format!("r{r}-mp-{}", key_part(&self.name_of(w))),
                in_round("nw-decision-main").arg("name", self.name_of(w)),
                w,
                &["nw combat pass"],
            ),
            (None, None) if c.closing => vec![Decision::new(
                format!("r{r}-closing"),
                in_round("nw-decision-closing"),
                Some(&self.gm),
                &["nw combat go"],
            )],
            (None, None) if c.skills.window.is_some() => vec![Decision::new(
                format!("r{r}-window"),
                in_round("nw-decision-window"),
                None,
                &["nw combat skip"],
            )],
            (None, None) if !c.candidates.is_empty() => vec![Decision::new(
                format!("r{r}-go-{}", c.fighters.len() - c.candidates.len()),
                in_round("nw-decision-next"),
                None,
                &["nw combat go"],
            )],
            (None, None) => vec![],
        }
    }
}

/// Starts a combat: every PC and enemy not Dead, Round 1.
pub(crate) fn start(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    any_seven: &bool,
) -> Result<Vec<Reply>, RuleError> {
    if s.combat.is_some() {
        return no(Phrase::new("nw-combat-running"));
    }
    let mut fighters: Vec<Fighter> = s
        .pcs
        .iter()
        .filter(|p| !p.dead)
        .map(|p| Fighter {
            who: Who::Pc(p.user.clone()),
            count: 0,
            post: false,
        })
        .collect();
    let pcs = fighters.len();
    fighters.extend(s.enemies.iter().filter(|e| !e.dead).map(|e| Fighter {
        who: Who::Enemy(e.label.clone()),
        count: 0,
        post: false,
    }));
    if pcs == 0 || fighters.iter().all(|f| pc_side(s, &f.who)) {
        return no(Phrase::new("nw-combat-needs"));
    }
    // Once-per-instance marks name Rounds and attacks of the fight they were made in (§15.3):
    // a new fight starts with none.
    s.effects.marks.clear();
    s.combat = Some(Combat {
        round: 0,
        fighters,
        current: None,
        candidates: vec![],
        used: Used::default(),
        engages: vec![],
        attack: None,
        npc_any_seven: *any_seven,
        moves: model::Moves::default(),
        skills: model::RoundState::default(),
        damage_rolls: None,
        attack_seq: 0,
        closing: false,
        last_stand: vec![],
        identifying: vec![],
        mains: 0,
    });
    let mut lines = Lines::from(Phrase::new("nw-combat-begins"));
    let mut gm_lines = Lines::new();
    new_round(s, data, rng, &mut lines, &mut gm_lines);
    Ok(s.tracker(lines, gm_lines))
}

/// The GM ends the combat.
pub(crate) fn end(s: &mut NightWizard) -> Result<Vec<Reply>, RuleError> {
    if s.combat.is_none() {
        return no(Phrase::new("nw-no-combat"));
    }
    Ok(finish(s, Phrase::new("nw-gm-ends")))
}

/// Claims a tied turn.
pub(crate) fn go(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    key: &Option<String>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    if !c.last_stand.is_empty() {
        if !is_gm {
            return no(Phrase::new("nw-sk-waits-last-stand"));
        }
        let lines = Lines(vec![
            Phrase::new("nw-gm-ends-last-stand").into(),
            over_line(s),
        ]);
        return Ok(finish(s, lines));
    }
    if c.closing {
        if !is_gm {
            return no(Phrase::new("nw-sk-gm-closes"));
        }
        let mut lines = Lines::from(Phrase::new("nw-initiative-ends"));
        let mut gm = Lines::new();
        combat_mut(s)?.closing = false;
        to_cleanup(s, data, rng, &mut lines, &mut gm);
        return Ok(s.tracker(lines, gm));
    }
    if c.current.is_some() {
        let w = c.current.clone().unwrap_or(Who::Enemy(String::new()));
        let name: Value = if s.hidden(&w) {
            Phrase::new("nw-the-gm").into()
        } else {
            s.name_of(&w).into()
        };
        return no(Phrase::new("nw-its-main").arg("who", name));
    }
    let pick = match key {
        Some(k) => s.find(k, is_gm),
        None => c
            .candidates
            .iter()
            .find(|w| matches!(w, Who::Pc(u) if *u == actor.id))
            .cloned(),
    };
    let Some(w) = pick.filter(|w| c.candidates.contains(w)) else {
        return no(Phrase::new("nw-sk-not-tied"));
    };
    if !s.controls(actor, &w) {
        return no(Phrase::new("nw-sk-not-yours"));
    }
    let c = combat_mut(s)?;
    c.current = Some(w);
    c.candidates.clear();
    Ok(s.tracker(Lines::new(), Lines::new()))
}

/// Ends the Main Process without a Major Action.
pub(crate) fn pass(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
) -> Result<Vec<Reply>, RuleError> {
    // An Incapacitated character's Main Process may still be ended (by its player or the GM).
    let down = s
        .combat
        .as_ref()
        .filter(|c| c.attack.is_none())
        .and_then(|c| c.current.clone())
        .filter(|w| s.hp_of(w) == 0 && (s.controls(actor, w) || s.is_gm(actor)));
    let me = match down {
        Some(w) => w,
        None => my_turn(s, actor)?,
    };
    let line: Value = Phrase::new("nw-pass").arg("who", s.name_of(&me)).into();
    let (mut lines, mut gm) = if s.hidden(&me) {
        (Lines::new(), Lines(vec![line]))
    } else {
        (Lines(vec![line]), Lines::new())
    };
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// The acting character if the actor controls it and no attack is open.
pub(crate) fn my_turn(s: &NightWizard, actor: &Actor) -> Result<Who, RuleError> {
    let Some(c) = s.combat.as_ref() else {
        return no(Phrase::new("nw-no-combat"));
    };
    if c.attack.is_some() {
        return no(Phrase::new("nw-attack-first"));
    }
    let Some(w) = c.current.clone() else {
        if c.closing {
            return no(Phrase::new("nw-sk-everyone-acted"));
        }
        if c.skills.window.is_some() {
            return no(Phrase::new("nw-sk-no-main-yet"));
        }
        return no(Phrase::new("nw-sk-no-main-started"));
    };
    if !s.controls(actor, &w) {
        let hidden = matches!(&w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.hidden));
        let name: Value = if hidden {
            Phrase::new("nw-the-gm").into()
        } else {
            s.name_of(&w).into()
        };
        return no(Phrase::new("nw-not-your-turn").arg("who", name));
    }
    if s.hp_of(&w) == 0 {
        return no(Phrase::new("nw-down-no-actions").arg("who", s.name_of(&w)));
    }
    Ok(w)
}

pub(crate) fn standing(s: &NightWizard, pcs: bool) -> bool {
    s.combat.as_ref().is_some_and(|c| {
        c.fighters
            .iter()
            .any(|f| pc_side(s, &f.who) == pcs && s.hp_of(&f.who) > 0 && !s.dead(&f.who))
    })
}

/// Why the fight is over, once one side has nobody left in it: beaten, or gone (retreated
/// to Long or Extreme range, out of the initiative order).
pub(crate) fn over_line(s: &NightWizard) -> Value {
    let won = standing(s, true);
    let fighting = |w: &Who| {
        s.combat
            .as_ref()
            .is_some_and(|c| c.fighters.iter().any(|f| &f.who == w))
    };
    let fled = if won {
        s.enemies.iter().any(|e| {
            let w = Who::Enemy(e.label.clone());
            !e.dead && e.hp > 0 && !pc_side(s, &w) && !fighting(&w)
        })
    } else {
        s.pcs.iter().any(|p| {
            let w = Who::Pc(p.user.clone());
            !p.dead && p.hp > 0 && !fighting(&w)
        })
    };
    Phrase::new("nw-over")
        .arg("won", yes(won))
        .arg("fled", yes(fled))
        .into()
}

/// Ends the current Main Process: Post-action, Count 0, Rigor ends; then the next Initiative.
pub(crate) fn end_main(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let Some(c) = s.combat.as_mut() else { return };
    let cur = c.current.take();
    c.used = Used::default();
    c.attack = None;
    c.mains += 1;
    c.moves.acted_round = c.round;
    if let Some(w) = cur {
        for f in c.fighters.iter_mut().filter(|f| f.who == w) {
            f.post = true;
            f.count = 0;
        }
        // Post-action, Count 0: the SPD Judge counts no more.
        take_open(s, &w, SPD_JUDGE);
        if let Some(b) = s.bad_mut(&w) {
            b.main_process_ended();
        }
        skills_use::window::on_main_end(s, &w, lines, gm);
    }
    super::effects::expire(s, &[Until::Main], lines, gm);
    initiative(s, data, rng, lines, gm);
}

/// The Initiative Process: the Pre-action character with the highest Count acts; ties by
/// [`rank`]; several tied of the same rank choose. None left: the Cleanup Process.
pub(crate) fn initiative(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    if !standing(s, true) || !standing(s, false) {
        if last_stand(s, data, lines) {
            return;
        }
        cleanup(s, data, rng, lines);
        lines.push(over_line(s));
        close(s, lines, gm);
        return;
    }
    let Some(c) = s.combat.as_ref() else { return };
    let pre: Vec<&Fighter> = c
        .fighters
        .iter()
        .filter(|f| !f.post && s.hp_of(&f.who) > 0 && !s.dead(&f.who))
        .collect();
    let Some(top) = pre.iter().map(|f| f.count).max() else {
        // §10.3: Initiative Process skills may be declared "after the last [Main Process]
        // but before Cleanup": the window stays open until the GM goes on.
        if initiative_skills(s, data) {
            if let Some(c) = s.combat.as_mut() {
                c.closing = true;
                c.current = None;
                c.candidates.clear();
            }
            lines.push(Phrase::new("nw-everyone-acted"));
            return;
        }
        to_cleanup(s, data, rng, lines, gm);
        return;
    };
    let tied: Vec<Who> = pre
        .iter()
        .filter(|f| f.count == top)
        .map(|f| f.who.clone())
        .collect();
    let best = tied.iter().map(|w| rank(s, w)).min().unwrap_or(0);
    let cands: Vec<Who> = tied.into_iter().filter(|w| rank(s, w) == best).collect();
    let c = match s.combat.as_mut() {
        Some(c) => c,
        None => return,
    };
    if cands.len() == 1 {
        c.current = cands.into_iter().next();
        c.candidates.clear();
    } else {
        c.current = None;
        c.candidates = cands;
    }
}

/// Whether a PC in the fight, not Incapacitated, has a skill or item with Timing: Initiative
/// Process (the window after the last Main Process opens only then, like the Setup and
/// Cleanup steps).
fn initiative_skills(s: &NightWizard, data: &NwData) -> bool {
    s.combat.as_ref().is_some_and(|c| {
        c.fighters
            .iter()
            .any(|f| has_timing(s, data, &f.who, skills_use::Timing::Initiative))
    })
}

/// Whether `w` is a PC, not Incapacitated, with an active skill or an item of this Timing.
pub(crate) fn has_timing(
    s: &NightWizard,
    data: &NwData,
    w: &Who,
    timing: skills_use::Timing,
) -> bool {
    use skills_use::Timing;
    let Who::Pc(u) = w else { return false };
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return false;
    };
    if p.hp == 0 || p.dead {
        return false;
    }
    let cat = s.catalog(data);
    let skill = p.ch.skills.iter().any(|o| {
        cat.skill(&o.id)
            .is_some_and(|d| p.ch.skill_active(d) && Timing::parse(&d.timing) == timing)
    });
    let item = p.ch.items.iter().any(|i| {
        cat.item(&i.id)
            .is_some_and(|d| Timing::of_item(&d.effect) == Some(timing))
    });
    skill || item
}

/// From the last Initiative Process to the Cleanup Process, then the Cleanup step's skills
/// or the next Round (or the end of the fight).
pub(crate) fn to_cleanup(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    cleanup(s, data, rng, lines);
    if standing(s, true) && standing(s, false) {
        if !skills_use::window::open_cleanup(s, data, lines) {
            new_round(s, data, rng, lines, gm);
        }
    } else if !last_stand(s, data, lines) {
        lines.push(over_line(s));
        close(s, lines, gm);
    }
}

/// No PC is left standing while an enemy is: before the fight ends, the PCs in it who fell
/// and may still Avoid Incapacitated (§4.2 use 6: "when you become Incapacitated") get the
/// chance. The fight waits for one of them (`/nw prana use:avoid`, and it goes on) or for the
/// GM (`/nwcombat go` ends it). True when it now waits.
fn last_stand(s: &mut NightWizard, data: &NwData, lines: &mut Lines) -> bool {
    if standing(s, true) || !standing(s, false) {
        return false;
    }
    let cost = data.rules.prana.avoid_incapacitated_cost;
    let Some(c) = s.combat.as_ref() else {
        return false;
    };
    let who: Vec<Who> = s
        .pcs
        .iter()
        .filter(|p| p.may_avoid(s.scene, cost))
        .map(|p| Who::Pc(p.user.clone()))
        .filter(|w| c.fighters.iter().any(|f| &f.who == w))
        .collect();
    if who.is_empty() {
        return false;
    }
    let names: Vec<String> = who.iter().map(|w| s.name_of(w)).collect();
    lines.push(
        Phrase::new("nw-last-stand")
            .arg("names", names.join(" or "))
            .arg("cost", i64::from(cost)),
    );
    if let Some(c) = s.combat.as_mut() {
        c.last_stand = who;
        c.current = None;
        c.candidates.clear();
        c.closing = false;
    }
    true
}

/// A PC got back up in the last stand (`/nw prana use:avoid`): the fight goes on from the
/// Initiative Process.
pub(crate) fn stand_again(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let Some(c) = s.combat.as_mut().filter(|c| !c.last_stand.is_empty()) else {
        return;
    };
    c.last_stand.clear();
    lines.push(Phrase::new("nw-fight-goes-on"));
    initiative(s, data, rng, lines, gm);
}

/// The Cleanup Process: Poison (rating × 1D HP), Rigor and Dazed end.
pub(crate) fn cleanup(s: &mut NightWizard, data: &NwData, rng: &mut impl Dice, lines: &mut Lines) {
    let Some(c) = s.combat.as_ref() else { return };
    let who: Vec<Who> = c.fighters.iter().map(|f| f.who.clone()).collect();
    let round = c.round;
    lines.push(Phrase::new("nw-cleanup").arg("round", i64::from(round)));
    for w in who {
        if s.hp_of(&w) > 0 {
            for (b, r, d, n) in s.bad_of(&w).cleanup_losses(rng) {
                lines.push(
                    Phrase::new("nw-sk-poison")
                        .arg("status", crate::status::written_said(&b, r))
                        .arg("who", s.name_of(&w))
                        .arg("rating", i64::from(r))
                        .arg("dice", i64::from(d))
                        .arg("n", i64::from(n)),
                );
                hurt(s, data, &w, n, lines);
            }
        }
        if let Some(b) = s.bad_mut(&w) {
            b.cleanup();
        }
    }
}

/// A new Round: the Setup Process (everyone not Incapacitated back to Pre-action, Counts
/// rolled), then the Initiative Process.
pub(crate) fn new_round(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    lines: &mut Lines,
    gm: &mut Lines,
) {
    let Some(c) = s.combat.as_ref() else { return };
    let who: Vec<Who> = c.fighters.iter().map(|f| f.who.clone()).collect();
    let any7 = c.npc_any_seven;
    let round = c.round + 1;
    super::effects::expire(s, &[Until::Main, Until::Round], lines, gm);
    lines.push(Phrase::new("nw-setup").arg("round", i64::from(round)));
    let mut counts = vec![];
    for w in &who {
        if s.hp_of(w) == 0 {
            counts.push((0, true));
            continue;
        }
        let seven = any7 && matches!(w, Who::Enemy(_));
        let j = s.roll(
            data,
            w,
            SPD,
            Mode::Normal { difficulty: None },
            false,
            seven,
            rng,
        );
        let n = initiative_count(&j);
        // §4.2: Prana works "on any Judge": the PC's SPD Judge stays open to it.
        if s.prana_windows {
            open_for(s, w, SPD_JUDGE, &j);
        }
        let text = Phrase::new("nw-spd-line")
            .arg("who", s.name_of(w))
            .arg("line", j.said_line())
            .arg("count", i64::from(n));
        let hidden = matches!(w, Who::Enemy(l) if s.enemy(l).is_some_and(|e| e.hidden));
        if hidden {
            gm.push(text);
        } else {
            lines.push(text);
        }
        counts.push((n, false));
        if let Who::Pc(u) = w {
            if let Some(p) = s.pcs.iter_mut().find(|p| &p.user == u) {
                p.cf_locked = true;
                p.cf_points = 0;
            }
        }
    }
    let Some(c) = s.combat.as_mut() else { return };
    c.round = round;
    for (f, (n, post)) in c.fighters.iter_mut().zip(counts) {
        f.count = n;
        f.post = post;
    }
    if skills_use::window::open_setup(s, data, lines) {
        return;
    }
    initiative(s, data, rng, lines, gm);
}

/// Ends combat: every bad status is cleared.
pub(crate) fn finish(s: &mut NightWizard, lines: impl Into<Lines>) -> Vec<Reply> {
    let mut lines: Lines = lines.into();
    let mut gm = Lines::new();
    close(s, &mut lines, &mut gm);
    s.tracker(lines, gm)
}

/// Ends combat in the state: the fight, its open Judges and every bad status go; the enemies
/// that are down leave the table (named publicly only where the players could see them).
fn close(s: &mut NightWizard, lines: &mut Lines, gm: &mut Lines) {
    s.combat = None;
    let (public, gm_line) = defeated_leave(s);
    lines.extend(public);
    gm.extend(gm_line);
    // The fight's effects end with it; a Scene effect lasts out its Scene.
    super::effects::expire(s, &[Until::Judge, Until::Main, Until::Round], lines, gm);
    s.open.retain(|o| {
        !["Hit Check", "Dodge Check", DAMAGE_ROLL, DEFENCE_ROLL].contains(&o.label.as_str())
    });
    for p in s.pcs.iter_mut() {
        p.bad.clear();
    }
    for e in s.enemies.iter_mut() {
        e.bad.clear();
    }
}

/// At the end of a fight, the enemies that are down (HP 0 or less, or dead; Guests stay) leave
/// the table: the public line names those the players could see; the GM line names all.
fn defeated_leave(s: &mut NightWizard) -> (Option<Phrase>, Option<Phrase>) {
    let (gone, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut s.enemies)
        .into_iter()
        .partition(|e| !e.ally && (e.hp <= 0 || e.dead));
    s.enemies = kept;
    if gone.is_empty() {
        return (None, None);
    }
    let names = |hidden_too: bool| -> Option<String> {
        let n: Vec<&str> = gone
            .iter()
            .filter(|e| hidden_too || !e.hidden)
            .map(|e| e.label.as_str())
            .collect();
        (!n.is_empty()).then(|| n.join(", "))
    };
    let public = names(false);
    let gm = names(true).filter(|g| Some(g) != public.as_ref());
    let said = |n: String| Phrase::new("nw-defeated").arg("names", n);
    (public.map(said), gm.map(said))
}
