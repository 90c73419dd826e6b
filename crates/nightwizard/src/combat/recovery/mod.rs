//! Recovery (§10.11, §9.4): Recovery Judges that heal (or, below 0, remove) HP and MP, natural
//! recovery between fights (full rest, tense rest, a PC out of the Scene), and curing bad
//! statuses that only skills and items end (§10.12).
//!
//! Declared as a submodule of `combat` so that it shares the combat helpers.

pub use super::super::commands::{NaturalReading, RestMode};
use super::super::data::NwData;
use super::super::judge::{Cf, Dice, Judge, Mode};
use super::super::state::NightWizard;
use super::super::status::{BadStatus, BadStatuses};
use super::model::Healing;
use super::Who;
use crate::judge::roll::yes;
use crate::judge::said::{no, say, Lines};
use crate::status::written_said;
use crate::words::joined;
use croupier_core::table::{Actor, Phrase, Reply, RuleError, UserId, Value};

/// Rolls a Recovery Judge: 2D + Recovery with the roller's Critical/Fumble values and the
/// modifiers of the roller's bad statuses (BS: Dazed −5: it is a Judge, §10.12). The Result may
/// be below 0 (a Fumble gives Recovery − 10).
pub fn recovery_judge(recovery: i32, cf: Cf, bad: &BadStatuses, dice: &mut impl Dice) -> Judge {
    let alter = recovery + bad.judge_modifier(false);
    Judge::roll(alter, cf, Mode::Recovery, false, dice)
}

/// A Recovery Judge to roll: the roller's Critical/Fumble values and bad statuses, the
/// Recovery value, and whether it heals MP (otherwise HP).
pub(crate) struct Roll<'a> {
    pub cf: Cf,
    pub bad: &'a BadStatuses,
    pub recovery: i32,
    pub mp: bool,
    /// The PC rolling it, when Prana may still change it (a skill's or item's Recovery
    /// Judge, §4.2): it stays open with the healing it gave.
    pub by: Option<Who>,
    /// The roller's Judges open before it stay open, ahead of it (natural recovery's HP and MP
    /// Judges: Prana goes to the first, and accepting it leaves the next open).
    pub queued: bool,
}

/// The open Judge label of a Recovery Judge.
pub(crate) const RECOVERY_JUDGE: &str = "Recovery Judge";

/// Rolls a Recovery Judge and applies it to `on` (§10.11): writes `{head} (Recovery n, Dazed
/// −5){tail}: `…`` (head and tail in the catalogue's words) and the change. Returns the change.
pub(crate) fn recover(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    roll: Roll,
    on: &Who,
    (head, tail): (Value, Value),
    lines: &mut Lines,
) -> i32 {
    let j = recovery_judge(roll.recovery, roll.cf, roll.bad, rng);
    let notes = roll.bad.judge_notes_said(false);
    lines.push(
        Phrase::new("nw-fight-recovery-line")
            .arg("head", head)
            .arg("recovery", i64::from(roll.recovery))
            .arg("notes", notes)
            .arg("tail", tail)
            .arg("line", j.said_line()),
    );
    let applied = restore(s, data, on, j.outcome().result, roll.mp, lines);
    if let (Some(by @ Who::Pc(u)), true) = (&roll.by, s.prana_windows) {
        let earlier: Vec<_> = if roll.queued {
            s.open.iter().filter(|o| &o.user == u).cloned().collect()
        } else {
            vec![]
        };
        super::open_for(s, by, RECOVERY_JUDGE, &j);
        let k = s.open.len() - 1;
        s.open.splice(k..k, earlier);
        if let Some(o) = s.open.iter_mut().rev().find(|o| &o.user == u) {
            o.heal = Some(Healing {
                on: on.clone(),
                mp: roll.mp,
                applied,
            });
        }
    }
    applied
}

/// After Prana on `user`'s open Recovery Judge (§4.2 on §10.11): the HP or MP it gave is
/// worked out again from the Judge as it now stands: what it gave is taken back (what happened
/// since stays) and the new Result applied (at most the maximum; below 0 it removes, never
/// kills). `None` when that Judge is not one.
pub(crate) fn after_prana(s: &mut NightWizard, data: &NwData, user: &UserId) -> Option<Vec<Reply>> {
    let o = s
        .open
        .iter()
        .find(|o| &o.user == user && o.heal.is_some())?;
    let h = o.heal.clone()?;
    let result = o.judge.outcome().result;
    let by = Who::Pc(user.clone());
    let mut lines = Lines::new();
    // Back to where the Judge found it (what happened since stays), then the new Result.
    let now = s.pool_of(&h.on, h.mp);
    s.set_pool(&h.on, h.mp, now - h.applied);
    let applied = restore(s, data, &h.on, result, h.mp, &mut lines);
    lines.insert(
        0,
        Phrase::new("nw-fight-recovery-after-prana")
            .arg("result", i64::from(result))
            .arg("now", format!("{applied:+}"))
            .arg("was", format!("{:+}", h.applied)),
    );
    if let Some(o) = s.open.iter_mut().find(|o| &o.user == user) {
        if let Some(x) = o.heal.as_mut() {
            x.applied = applied;
        }
    }
    Some(report(s, &h.on, Some(&by), lines))
}

impl NightWizard {
    /// Maximum HP (or MP) of a combatant; `None` when unknown (an enemy whose data is gone).
    pub(crate) fn max_of(&self, data: &NwData, w: &Who, mp: bool) -> Option<i32> {
        match w {
            Who::Pc(u) => self.pcs.iter().find(|p| &p.user == u).map(|p| {
                let v = p.ch.derive(&self.catalog(data));
                if mp {
                    v.mind
                } else {
                    v.body
                }
            }),
            Who::Enemy(l) => {
                let e = self.enemy(l)?;
                if !mp {
                    return Some(e.hp_max);
                }
                data.enemies
                    .iter()
                    .chain(self.custom.enemies.iter())
                    .find(|d| d.name == e.name)
                    .map(|d| d.mp.max(e.mp))
            }
        }
    }

    /// HP (or MP) now.
    pub(crate) fn pool_of(&self, w: &Who, mp: bool) -> i32 {
        match w {
            Who::Pc(u) => {
                self.pcs
                    .iter()
                    .find(|p| &p.user == u)
                    .map_or(0, |p| if mp { p.mp } else { p.hp })
            }
            Who::Enemy(l) => self.enemy(l).map_or(0, |e| if mp { e.mp } else { e.hp }),
        }
    }

    pub(crate) fn set_pool(&mut self, w: &Who, mp: bool, v: i32) {
        match w {
            Who::Pc(u) => {
                if let Some(p) = self.pcs.iter_mut().find(|p| &p.user == u) {
                    if mp {
                        p.mp = v;
                    } else {
                        p.hp = v;
                    }
                }
            }
            Who::Enemy(l) => {
                if let Some(e) = self.enemy_mut(l) {
                    if mp {
                        e.mp = v;
                    } else {
                        e.hp = v;
                    }
                }
            }
        }
    }

    /// Critical/Fumble values of a combatant (the GM's for enemies).
    pub(crate) fn cf_for(&self, data: &NwData, w: &Who) -> Cf {
        self.cf_of(data, w)
    }
}

/// Applies a Recovery Judge's Result to HP (or MP): capped at the maximum, floored at 0. A
/// negative Result removes HP/MP and may Incapacitate, never kill. Healing an Incapacitated
/// character above 0 recovers them; in combat they stay Post-action until the next Setup.
/// Returns the change.
pub fn restore(
    s: &mut NightWizard,
    data: &NwData,
    w: &Who,
    result: i32,
    mp: bool,
    lines: &mut Lines,
) -> i32 {
    let name = s.name_of(w);
    let before = s.pool_of(w, mp);
    let max = s.max_of(data, w, mp).unwrap_or(i32::MAX);
    let after = (before + result).clamp(0, max.max(before));
    s.set_pool(w, mp, after);
    let what = if mp { "MP" } else { "HP" };
    let shown = if max == i32::MAX {
        format!("{after}")
    } else {
        format!("{after}/{max}")
    };
    let delta = after - before;
    lines.push(
        Phrase::new(if delta >= 0 {
            "nw-fight-recovers"
        } else {
            "nw-fight-recovery-loses"
        })
        .arg("who", name.as_str())
        .arg("amount", i64::from(delta.abs()))
        .arg("what", what)
        .arg("shown", shown),
    );
    if !mp && before == 0 && after > 0 {
        lines.push(
            Phrase::new("nw-fight-up-again")
                .arg("who", name.as_str())
                .arg("fight", yes(s.combat.is_some())),
        );
    }
    if !mp && before > 0 && after == 0 {
        if let Some(c) = s.combat.as_mut() {
            for f in c.fighters.iter_mut().filter(|f| &f.who == w) {
                f.post = true;
                f.count = 0;
            }
        }
        lines.push(Phrase::new("nw-fight-recovery-down").arg("who", name.as_str()));
    }
    delta
}

/// The healer for a raw Recovery Judge: the actor's PC, or for the GM an enemy (named, or the
/// current one), or the GM with the GM's values.
fn healer(s: &NightWizard, actor: &Actor, who: Option<&str>) -> Result<Option<Who>, RuleError> {
    let is_gm = s.is_gm(actor);
    if is_gm {
        if let Some(k) = who {
            return match s.find(k, true) {
                Some(w @ Who::Enemy(_)) => Ok(Some(w)),
                _ => no(Phrase::new("nw-fight-no-enemy-label").arg("label", k)),
            };
        }
        return Ok(None);
    }
    match s.pcs.iter().find(|p| p.user == actor.id) {
        Some(p) => Ok(Some(Who::Pc(p.user.clone()))),
        None => Err(crate::state::join_first()),
    }
}

/// `/nwcombat heal`: a Recovery Judge (2D + Recovery, the healer's Critical/Fumble values)
/// applied to a target's HP or MP.
#[allow(clippy::too_many_arguments)]
pub fn heal(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    target: &str,
    recovery: i32,
    mp: bool,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let by = healer(s, actor, who)?;
    let Some(t) = s.find(target, is_gm) else {
        return no(Phrase::new("nw-fight-no-character").arg("name", target));
    };
    if s.dead(&t) {
        return no(Phrase::new("nw-fight-heal-dead").arg("who", s.name_of(&t)));
    }
    if let Some(b) = &by {
        // §10.1: an Incapacitated character, PC or enemy, "may use no actions or items except
        // those with Timing: Incapacitated".
        if s.dead(b) || s.hp_of(b) == 0 {
            return no(Phrase::new("nw-fight-healer-down").arg("who", s.name_of(b)));
        }
    }
    let cf = match &by {
        Some(b) => s.cf_for(data, b),
        None => Cf {
            critical: data.rules.gm.critical,
            fumble: data.rules.gm.fumble,
        },
    };
    let bad = by.as_ref().map(|b| s.bad_of(b)).unwrap_or_default();
    let by_name = by
        .as_ref()
        .map_or(Value::from(Phrase::new("nw-fight-the-gm")), |b| {
            Value::from(s.name_of(b))
        });
    let head = Phrase::new("nw-fight-heal-head").arg("who", by_name);
    let tail = Phrase::new("nw-fight-heal-tail")
        .arg("target", s.name_of(&t))
        .arg("what", if mp { "MP" } else { "HP" });
    let mut lines = Lines::new();
    let roll = Roll {
        cf,
        bad: &bad,
        recovery,
        mp,
        by: by.clone(),
        queued: false,
    };
    recover(
        s,
        data,
        rng,
        roll,
        &t,
        (head.into(), tail.into()),
        &mut lines,
    );
    let mut out = report(s, &t, by.as_ref(), lines);
    if let Some(Who::Pc(u)) = &by {
        out.extend(super::round::prana_offer(s, u, RECOVERY_JUDGE));
    }
    Ok(out)
}

/// The combat tracker in a fight (news only to the GM when a hidden enemy is involved), a plain
/// message otherwise.
pub(crate) fn report(s: &NightWizard, t: &Who, by: Option<&Who>, lines: Lines) -> Vec<Reply> {
    let secret = s.hidden(t) || by.is_some_and(|b| s.hidden(b));
    if s.combat.is_some() {
        if secret {
            s.tracker(Lines::new(), lines)
        } else {
            s.tracker(lines, Lines::new())
        }
    } else if secret {
        vec![Reply::gm(say(
            Phrase::new("nw-step").arg("lines", lines.value())
        ))]
    } else {
        vec![Reply::public(say(
            Phrase::new("nw-step").arg("lines", lines.value())
        ))]
    }
}

/// `/nwcombat cure` (GM): ends a bad status (or all of them) on a character. Poison and
/// Paralysis end only this way (a skill or item that cures them) or with the combat.
pub fn cure(s: &mut NightWizard, target: &str, status: &str) -> Result<Vec<Reply>, RuleError> {
    let Some(t) = s.find(target, true) else {
        return no(Phrase::new("nw-fight-no-character").arg("name", target));
    };
    let bad = s.bad_of(&t);
    let st = status.trim();
    let gone: Vec<BadStatus> = if st.eq_ignore_ascii_case("all") {
        bad.iter().map(|(b, _)| b.clone()).collect()
    } else {
        match bad.iter().find(|(b, _)| b.name().eq_ignore_ascii_case(st)) {
            Some((b, _)) => vec![b.clone()],
            None => {
                return no(Phrase::new("nw-fight-no-such-bs")
                    .arg("who", s.name_of(&t))
                    .arg("status", status)
                    .arg("name", written_said(&BadStatus::parse(st), 0))
                    .arg("any", yes(!bad.is_empty()))
                    .arg("has", bad.said()))
            }
        }
    };
    if gone.is_empty() {
        return no(Phrase::new("nw-fight-no-bs").arg("who", s.name_of(&t)));
    }
    let lines = Lines::from(cure_on(s, &t, &gone));
    Ok(report(s, &t, None, lines))
}

/// Removes the named bad statuses from a character; returns the news line.
pub(crate) fn cure_on(s: &mut NightWizard, t: &Who, names: &[BadStatus]) -> Phrase {
    if let Some(b) = s.bad_mut(t) {
        for n in names {
            b.remove(n);
        }
    }
    let gone = names
        .iter()
        .map(|n| {
            Phrase::new("nw-fight-bs")
                .arg("status", written_said(n, 0))
                .into()
        })
        .collect();
    Phrase::new("nw-fight-cured")
        .arg("who", s.name_of(t))
        .arg("statuses", joined("nw-join-comma", gone))
}

/// `/nw rest` (GM): natural recovery for every PC (or one). Full rest restores HP and MP; a tense
/// rest rolls Recovery Judges (HP: Str − 5, MP: Kno − 5, each at most 3; or ÷ 5 by the table
/// setting); a PC not in the Scene rolls them with Recovery 0. Not during combat.
pub fn rest(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    mode: RestMode,
    user: Option<&UserId>,
) -> Result<Vec<Reply>, RuleError> {
    if s.combat.is_some() {
        return no(Phrase::new("nw-fight-rest-combat"));
    }
    let who: Vec<UserId> = match user {
        Some(u) => match s.pcs.iter().find(|p| &p.user == u) {
            Some(p) if p.dead => {
                return no(Phrase::new("nw-fight-is-dead").arg("who", p.ch.name.as_str()))
            }
            Some(p) => vec![p.user.clone()],
            None => return no(Phrase::new("nw-fight-player-no-pc")),
        },
        None => s
            .pcs
            .iter()
            .filter(|p| !p.dead)
            .map(|p| p.user.clone())
            .collect(),
    };
    if who.is_empty() {
        return no(Phrase::new("nw-fight-rest-none"));
    }
    let reading = s.settings.natural;
    let mut offers = vec![];
    let mut lines = Lines::from(match mode {
        RestMode::Full => Phrase::new("nw-fight-rest-full"),
        RestMode::Tense => {
            Phrase::new("nw-fight-rest-tense").arg("minus", yes(reading == NaturalReading::Minus))
        }
        RestMode::Absent => Phrase::new("nw-fight-rest-absent"),
    });
    for u in who {
        let w = Who::Pc(u.clone());
        let Some(p) = s.pcs.iter().find(|p| p.user == u) else {
            continue;
        };
        let name = p.ch.name.clone();
        let v = p.ch.derive(&s.catalog(data));
        if mode == RestMode::Full {
            let p = s.pcs.iter_mut().find(|p| p.user == u);
            if let Some(p) = p {
                p.hp = v.body;
                p.mp = v.mind;
            }
            lines.push(
                Phrase::new("nw-fight-rested")
                    .arg("who", name.as_str())
                    .arg("hp", i64::from(v.body))
                    .arg("mp", i64::from(v.mind)),
            );
            continue;
        }
        let (rh, rm) = match mode {
            RestMode::Tense => (reading.value(v.attrs[0]), reading.value(v.attrs[3])),
            _ => (0, 0),
        };
        let cf = s.cf_for(data, &w);
        let bad = p.bad.clone();
        for (recovery, mp) in [(rh, false), (rm, true)] {
            let head = Phrase::new("nw-fight-rest-head")
                .arg("who", name.as_str())
                .arg("what", if mp { "MP" } else { "HP" });
            let roll = Roll {
                cf,
                bad: &bad,
                recovery,
                mp,
                by: Some(w.clone()),
                queued: mp,
            };
            recover(
                s,
                data,
                rng,
                roll,
                &w,
                (head.into(), Value::from("")),
                &mut lines,
            );
        }
        offers.extend(super::round::prana_offer(s, &u, RECOVERY_JUDGE));
    }
    let mut out = vec![Reply::public(say(Phrase::titled(
        "nw-fight-rest-title",
        "nw-step",
    )
    .arg("lines", lines.value())))];
    out.extend(offers);
    Ok(out)
}

#[cfg(test)]
mod tests;
