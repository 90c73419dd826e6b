//! The Setup and Cleanup steps (§10.2 step 5, §10.14 step 2), waiting for PCs with skills of
//! that Timing, and bad statuses paid as Costs landing when a Main Process ends (§10.4).

use super::super::super::status::written_said;
use super::super::model::{PendingBad, Window};
use super::super::{mention, rank, NightWizard, NwData, UserId, Who, SPD};
use super::Timing;
use crate::judge::said::Lines;
use croupier_core::table::{said::data, Phrase, Value};

/// Skills and items a PC may still use in the open Prep, Setup or Cleanup step (names).
pub(super) fn window_options(s: &NightWizard, data: &NwData, w: &Who) -> Vec<String> {
    let Some(c) = s.combat.as_ref() else {
        return vec![];
    };
    let Some(win) = &c.skills.window else {
        return vec![];
    };
    let Who::Pc(u) = w else { return vec![] };
    let Some(p) = s.pcs.iter().find(|p| &p.user == u) else {
        return vec![];
    };
    if p.hp == 0 || p.dead || p.bad.forbidding_skills().is_some() {
        return vec![];
    }
    let cat = s.catalog(data);
    let fits = |t: Timing| {
        t == if win.cleanup {
            Timing::Cleanup
        } else if win.prep {
            Timing::Prep
        } else {
            Timing::Setup
        }
    };
    let instance = |t: Timing| match t {
        Timing::Prep => "prep".to_string(),
        Timing::Cleanup => format!("cleanup {}", c.round),
        _ => format!("setup {}", c.round),
    };
    let done = |key: &str, t: Timing| {
        c.skills
            .marks
            .iter()
            .any(|m| &m.who == w && m.what == key && m.instance == instance(t))
    };
    let mut out = vec![];
    for o in &p.ch.skills {
        if let Some(d) = cat.skill(&o.id) {
            let t = Timing::parse(&d.timing);
            if fits(t) && p.ch.skill_active(d) && !done(&d.id, t) {
                out.push(d.name.clone());
            }
        }
    }
    for i in &p.ch.items {
        if let Some(d) = cat.item(&i.id) {
            if let Some(t) = Timing::of_item(&d.effect) {
                let key = format!("item:{}", d.id);
                if fits(t) && !done(&key, t) && !out.contains(&d.name) {
                    out.push(d.name.clone());
                }
            }
        }
    }
    out
}

/// Opens the Setup step (§10.2 step 5) after initiative is rolled, when a PC has a Setup
/// Process skill or item; in Round 1 the Prep step comes first, when a PC has a Prep skill.
/// Returns false when nobody has one.
pub fn open_setup(s: &mut NightWizard, data: &NwData, lines: &mut Lines) -> bool {
    let first = s.combat.as_ref().is_some_and(|c| c.round == 1);
    (first && open(s, data, Step::Prep, lines)) || open(s, data, Step::Setup, lines)
}

/// Opens the Cleanup step (§10.14 step 2) after bad statuses are processed, when a PC has a
/// Cleanup Process skill or item. Returns false when nobody has one.
pub fn open_cleanup(s: &mut NightWizard, data: &NwData, lines: &mut Lines) -> bool {
    open(s, data, Step::Cleanup, lines)
}

/// The steps that wait for PCs' skills.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Step {
    /// Round 1, before the Setup step: Prep skills, highest Speed first (§15.5).
    Prep,
    /// §10.2 step 5: Setup Process skills, highest Count first.
    Setup,
    /// §10.14 step 2: Cleanup Process skills, highest Count first.
    Cleanup,
}

pub(super) fn open(s: &mut NightWizard, data: &NwData, step: Step, lines: &mut Lines) -> bool {
    let cleanup = step == Step::Cleanup;
    let prep = step == Step::Prep;
    let Some(c) = s.combat.as_mut() else {
        return false;
    };
    c.skills.window = Some(Window {
        cleanup,
        prep,
        queue: vec![],
    });
    let Some(c) = s.combat.as_ref() else {
        return false;
    };
    // Prep skills go from the highest Speed to the lowest; the others in Count order; ties by
    // the §10.3 priority, then seating.
    let mut order: Vec<(i32, u8, usize, Who)> = c
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let key = if prep {
                s.stat(data, &f.who, SPD)
            } else {
                f.count
            };
            (-key, rank(s, &f.who), i, f.who.clone())
        })
        .collect();
    order.sort_by_key(|(c, r, i, _)| (*c, *r, *i));
    let queue: Vec<Who> = order
        .into_iter()
        .map(|(_, _, _, w)| w)
        .filter(|w| !window_options(s, data, w).is_empty())
        .collect();
    let names: Vec<Value> = queue.iter().map(|w| s.name_of(w).into()).collect();
    let Some(c) = s.combat.as_mut() else {
        return false;
    };
    if queue.is_empty() {
        c.skills.window = None;
        return false;
    }
    let window = Window {
        cleanup,
        prep,
        queue,
    };
    let step = window.step();
    c.skills.window = Some(window);
    lines.push(
        Phrase::new("nw-sk-window-opens")
            .arg("step", step)
            .arg("names", crate::words::joined("nw-sk-join-then", names)),
    );
    true
}

/// End of a Main Process: bad statuses paid as Costs in it land now (§10.4).
pub fn on_main_end(s: &mut NightWizard, w: &Who, lines: &mut Lines, gm: &mut Lines) {
    let Some(c) = s.combat.as_mut() else { return };
    let mine: Vec<PendingBad> = c
        .skills
        .pending
        .iter()
        .filter(|p| &p.who == w)
        .cloned()
        .collect();
    c.skills.pending.retain(|p| &p.who != w);
    for p in mine {
        let name = s.name_of(w);
        let hidden = s.hidden(w);
        if let Some(bad) = s.bad_mut(w) {
            if !bad.add_as_cost(p.name.clone(), p.rating) {
                continue;
            }
        }
        let line = Phrase::new("nw-sk-cost-lands")
            .arg("who", name)
            .arg("status", written_said(&p.name, p.rating))
            .arg("from", data(&p.from, p.from_ja.as_deref()));
        if hidden {
            gm.push(line);
        } else {
            lines.push(line);
        }
    }
}

/// The tracker's Turn line while a Setup/Cleanup step waits.
pub fn window_turn(s: &NightWizard, c: &super::super::Combat) -> (Value, Vec<UserId>) {
    let Some(w) = &c.skills.window else {
        return (Value::from(""), vec![]);
    };
    let Some(h) = w.queue.first() else {
        return (Value::from(""), vec![]);
    };
    (
        Phrase::new("nw-sk-window-turn")
            .arg("step", w.step())
            .arg("who", mention(s, h))
            .into(),
        vec![s.controller(h)],
    )
}
