//! The Enemy Identify Judge (§10.4: a Major Action, "no rules given"): the reading in
//! `docs/rules-choices.md` — a Knowledge Judge against Difficulty [`IDENTIFY_DIFFICULTY`],
//! open to Prana like any Judge (§4.2); on a success the party sees the enemy's data, and the
//! tracker, `/game status` and the picture show its HP and MP from then on (`tracker::rows`).

use super::super::judge::alter_for;
use super::round::{my_turn, prana_offer};
use super::table::{data_line, enemy_name, kind};
use super::{combat_mut, end_main, open_for, pc_side, Dice, NightWizard, NwData};
use super::{Actor, Judge, Mode, Reply, RuleError, UserId, Who};
use crate::judge::roll::yes;
use crate::judge::said::{no, say, Lines};
use croupier_core::table::Phrase;

/// The open Judge label of an Enemy Identify Judge.
pub(crate) const IDENTIFY_JUDGE: &str = "Enemy Identify Judge";

/// Its Difficulty: the rules give none; 12 is the digest's default Difficulty of a check
/// the GM names no other for (§12.9 "otherwise 12").
pub const IDENTIFY_DIFFICULTY: i32 = 12;

/// `/nwenemy identify target:` — the acting PC's Major Action.
pub fn identify(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    target: &str,
) -> Result<Vec<Reply>, RuleError> {
    let me = my_turn(s, actor)?;
    let Who::Pc(user) = me.clone() else {
        return no(Phrase::new("nw-identify-pcs"));
    };
    let c = combat_mut(s)?;
    if c.used.major {
        return no(Phrase::new("nw-major-used"));
    }
    let label = match s.find(target, false) {
        Some(w @ Who::Enemy(_)) if !pc_side(s, &w) => match w {
            Who::Enemy(l) => l,
            Who::Pc(_) => return no(Phrase::new("nw-no-enemy").arg("target", target)),
        },
        _ => return no(Phrase::new("nw-no-enemy-in-sight").arg("target", target)),
    };
    if s.enemy(&label).is_some_and(|e| e.identified) {
        return no(Phrase::new("nw-identified-already").arg("who", label.as_str()));
    }
    let Some(p) = s.pcs.iter().find(|p| p.user == user) else {
        return Err(crate::state::join_first());
    };
    let (knowledge, _) = alter_for(p, "knowledge", &s.cat(data));
    let alter = knowledge + p.bad.judge_modifier(false);
    let notes = p.bad.judge_notes_said(false);
    let mode = Mode::Normal {
        difficulty: Some(IDENTIFY_DIFFICULTY),
    };
    let j = Judge::roll(alter, s.cf_of(data, &me), mode, false, rng);
    let ok = j.outcome().success == Some(true);
    let mut lines = Lines::from(
        Phrase::new("nw-identify")
            .arg("who", s.name_of(&me))
            .arg("target", label.as_str())
            .arg("knowledge", i64::from(knowledge))
            .arg("notes", notes)
            .arg("difficulty", i64::from(IDENTIFY_DIFFICULTY))
            .arg("line", j.said_line())
            .arg("ok", yes(ok)),
    );
    let mut out = vec![];
    if ok {
        out.push(reveal(s, data, &label));
    } else {
        open_for(s, &me, IDENTIFY_JUDGE, &j);
        out.extend(prana_offer(s, &user, IDENTIFY_JUDGE));
        let c = combat_mut(s)?;
        c.identifying.retain(|(u, _)| u != &user);
        c.identifying.push((user, label));
    }
    // A Major Action ends the Main Process (§10.4).
    combat_mut(s)?.used.major = true;
    let mut gm = Lines::new();
    end_main(s, data, rng, &mut lines, &mut gm);
    let mut replies = s.tracker(lines, gm);
    replies.extend(out);
    Ok(replies)
}

/// The enemy `label` is identified: the party is shown its data.
fn reveal(s: &mut NightWizard, data: &NwData, label: &str) -> Reply {
    let Some(e) = s.enemies.iter_mut().find(|e| e.label == label) else {
        return Reply::public(say(Phrase::new("nw-fight-gone").arg("label", label)));
    };
    e.identified = true;
    let e = e.clone();
    Reply::public(say(Phrase::titled("nw-fight-identified", "nw-fight-data")
        .arg("label", label)
        .arg("name", enemy_name(data, &s.custom.enemies, &e.name))
        .arg("kind", kind(&e.kind))
        .arg("data", data_line(&s.cat(data), &e))))
}

/// After Prana on `user`'s open Enemy Identify Judge (§4.2): a success now identifies the
/// enemy it was made on.
pub(crate) fn after_prana(s: &mut NightWizard, data: &NwData, user: &UserId) -> Option<Vec<Reply>> {
    let o = s
        .open
        .iter()
        .find(|o| &o.user == user && o.label == IDENTIFY_JUDGE)?;
    if o.judge.outcome().success != Some(true) {
        return None;
    }
    let c = s.combat.as_mut()?;
    let k = c.identifying.iter().position(|(u, _)| u == user)?;
    let (_, label) = c.identifying.remove(k);
    s.open.retain(|o| &o.user != user);
    Some(vec![reveal(s, data, &label)])
}
