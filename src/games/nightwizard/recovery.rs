//! Recovery (§10.11, §9.4): Recovery Judges that heal (or, below 0, remove) HP and MP, natural
//! recovery between fights (full rest, tense rest, a PC out of the Scene), and curing bad
//! statuses that only skills and items end (§10.12).
//!
//! Declared as a submodule of `combat` so that it shares the combat helpers.

use serde::{Deserialize, Serialize};

use super::super::data::NwData;
use super::super::judge::{Cf, Dice, Judge, Mode};
use super::super::session::NightWizard;
use super::{has, status_text, Who};
use crate::table::{refuse, Actor, Choices, Message, Reply, RuleError, UserId};

/// How the natural-healing Recovery values are read (§10.11; the operator is lost in the
/// source): `Str − 5` (default, the better-supported reading) or `Str ÷ 5`, both at most 3.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum NaturalReading {
    /// Strength − 5 for HP, Knowledge − 5 for MP (max 3).
    #[default]
    #[choice(value = "str-5", aliases("minus", "-", "-5"))]
    Minus,
    /// Strength ÷ 5 for HP, Knowledge ÷ 5 for MP, rounded down (max 3).
    #[choice(value = "str/5", aliases("divide", "/", "/5"))]
    Divide,
}

impl NaturalReading {
    /// The Recovery value from an attribute: `attr − 5` or `attr ÷ 5`, at most 3.
    pub fn value(self, attr: i32) -> i32 {
        let v = match self {
            NaturalReading::Minus => attr - 5,
            NaturalReading::Divide => attr.div_euclid(5),
        };
        v.min(3)
    }
}

/// Natural recovery kinds.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Choices)]
pub enum RestMode {
    /// Enough rest: HP and MP back in full.
    Full,
    /// Too tense to rest: Recovery Judges with Str/Kno-based Recovery values.
    Tense,
    /// Not in the Scene: Recovery Judges with Recovery 0 (§9.4).
    Absent,
}

/// Rolls a Recovery Judge: 2D + Recovery with the roller's Critical/Fumble values; −5 while the
/// roller is Dazed. The Result may be below 0 (a Fumble gives Recovery − 10).
pub fn recovery_judge(recovery: i32, cf: Cf, dazed: bool, dice: &mut impl Dice) -> Judge {
    let alter = if dazed { recovery - 5 } else { recovery };
    Judge::roll(alter, cf, Mode::Recovery, false, dice)
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
    lines: &mut Vec<String>,
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
    lines.push(if delta >= 0 {
        format!("💚 {name} recovers {delta} {what} ({what} {shown}).")
    } else {
        format!(
            "🩸 The Recovery Judge goes below 0: {name} loses {} {what} ({what} {shown}).",
            -delta
        )
    });
    if !mp && before == 0 && after > 0 {
        lines.push(if s.combat.is_some() {
            format!("{name} is no longer Incapacitated (Post-action until the next Setup Process).")
        } else {
            format!("{name} is no longer Incapacitated.")
        });
    }
    if !mp && before > 0 && after == 0 {
        if let Some(c) = s.combat.as_mut() {
            for f in c.fighters.iter_mut().filter(|f| &f.who == w) {
                f.post = true;
                f.count = 0;
            }
        }
        lines.push(format!(
            "💫 {name} is Incapacitated (a Recovery Judge never kills)."
        ));
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
                _ => refuse(format!("no enemy labelled `{k}`.")),
            };
        }
        return Ok(None);
    }
    match s.pcs.iter().find(|p| p.user == actor.id) {
        Some(p) => Ok(Some(Who::Pc(p.user.clone()))),
        None => refuse("join with a character first: `/nw session join`."),
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
        return refuse(format!("no character `{target}`."));
    };
    if s.dead(&t) {
        return refuse(format!(
            "{} is Dead: no Recovery Judge brings them back.",
            s.name_of(&t)
        ));
    }
    if let Some(b) = &by {
        if s.dead(b) || (s.hp_of(b) == 0 && matches!(b, Who::Pc(_))) {
            return refuse("an Incapacitated character makes no Recovery Judge for others.");
        }
    }
    let cf = match &by {
        Some(b) => s.cf_for(data, b),
        None => Cf {
            critical: data.rules.gm.critical,
            fumble: data.rules.gm.fumble,
        },
    };
    let dazed = by.as_ref().is_some_and(|b| has(&s.bad_of(b), "Dazed"));
    let j = recovery_judge(recovery, cf, dazed, rng);
    let by_name = by.as_ref().map_or("The GM".to_string(), |b| s.name_of(b));
    let mut lines = vec![format!(
        "✨ {by_name} makes a Recovery Judge (Recovery {recovery}{}) for {}'s {}: `{}`",
        if dazed { ", Dazed −5" } else { "" },
        s.name_of(&t),
        if mp { "MP" } else { "HP" },
        j.line()
    )];
    restore(s, data, &t, j.outcome().result, mp, &mut lines);
    Ok(report(s, &t, by.as_ref(), lines))
}

/// The combat tracker in a fight (news only to the GM when a hidden enemy is involved), a plain
/// message otherwise.
pub(crate) fn report(s: &NightWizard, t: &Who, by: Option<&Who>, lines: Vec<String>) -> Vec<Reply> {
    let secret = s.hidden(t) || by.is_some_and(|b| s.hidden(b));
    if s.combat.is_some() {
        if secret {
            s.tracker(vec![], lines)
        } else {
            s.tracker(lines, vec![])
        }
    } else if secret {
        vec![Reply::gm(Message::text(lines.join("\n")))]
    } else {
        vec![Reply::public(Message::text(lines.join("\n")))]
    }
}

/// `/nwcombat cure` (GM): ends a bad status (or all of them) on a character. Poison and
/// Paralysis end only this way (a skill or item that cures them) or with the combat.
pub fn cure(s: &mut NightWizard, target: &str, status: &str) -> Result<Vec<Reply>, RuleError> {
    let Some(t) = s.find(target, true) else {
        return refuse(format!("no character `{target}`."));
    };
    let bad = s.bad_of(&t);
    let st = status.trim().to_ascii_lowercase();
    let gone: Vec<String> = if st == "all" {
        bad.iter().map(|(n, _)| n.clone()).collect()
    } else {
        match bad.iter().find(|(n, _)| n.eq_ignore_ascii_case(&st)) {
            Some((n, _)) => vec![n.clone()],
            None => {
                return refuse(format!(
                    "{} does not have BS: {status}{}.",
                    s.name_of(&t),
                    if bad.is_empty() {
                        String::new()
                    } else {
                        format!(" (has {})", status_text(&bad))
                    }
                ))
            }
        }
    };
    if gone.is_empty() {
        return refuse(format!("{} has no bad status.", s.name_of(&t)));
    }
    let lines = vec![cure_on(s, &t, &gone)];
    Ok(report(s, &t, None, lines))
}

/// Removes the named bad statuses from a character; returns the news line.
pub(crate) fn cure_on(s: &mut NightWizard, t: &Who, names: &[String]) -> String {
    if let Some(b) = s.bad_mut(t) {
        b.retain(|(n, _)| !names.iter().any(|x| x.eq_ignore_ascii_case(n)));
    }
    format!(
        "🌿 {} is cured of {}.",
        s.name_of(t),
        names
            .iter()
            .map(|n| format!("BS: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
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
        return refuse("nobody rests during a combat (`/nwcombat end` first).");
    }
    let who: Vec<UserId> = match user {
        Some(u) => match s.pcs.iter().find(|p| &p.user == u) {
            Some(p) if p.dead => return refuse(format!("{} is Dead.", p.ch.name)),
            Some(p) => vec![p.user.clone()],
            None => return refuse("that player has no PC in this session."),
        },
        None => s
            .pcs
            .iter()
            .filter(|p| !p.dead)
            .map(|p| p.user.clone())
            .collect(),
    };
    if who.is_empty() {
        return refuse("no PC to rest.");
    }
    let reading = s.settings.natural;
    let mut lines = vec![match mode {
        RestMode::Full => "🛏️ A full rest: HP and MP restored in full.".to_string(),
        RestMode::Tense => format!(
            "⛺ A tense rest: Recovery Judges, HP Recovery = Str {}, MP Recovery = Kno {} (each at most 3).",
            if reading == NaturalReading::Minus { "− 5" } else { "÷ 5" },
            if reading == NaturalReading::Minus { "− 5" } else { "÷ 5" },
        ),
        RestMode::Absent => "🌙 Out of the Scene: Recovery Judges with Recovery 0.".to_string(),
    }];
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
            lines.push(format!(
                "{name}: HP {}/{} · MP {}/{}.",
                v.body, v.body, v.mind, v.mind
            ));
            continue;
        }
        let (rh, rm) = match mode {
            RestMode::Tense => (reading.value(v.attrs[0]), reading.value(v.attrs[3])),
            _ => (0, 0),
        };
        let cf = s.cf_for(data, &w);
        let dazed = has(&p.bad, "Dazed");
        for (rec, mp) in [(rh, false), (rm, true)] {
            let j = recovery_judge(rec, cf, dazed, rng);
            lines.push(format!(
                "{name}: {} Recovery Judge (Recovery {rec}): `{}`",
                if mp { "MP" } else { "HP" },
                j.line()
            ));
            restore(s, data, &w, j.outcome().result, mp, &mut lines);
        }
    }
    Ok(vec![Reply::public(Message::titled(
        "Natural recovery",
        lines.join("\n"),
    ))])
}

/// Test helpers shared by the recovery and skill-use tests.
#[cfg(test)]
pub(crate) mod kit {
    use std::path::Path;

    use super::super::super::character::Custom;
    use super::super::super::data::{load, SkillDef};
    use super::super::super::judge::{Cf, Fixed};
    use super::super::super::roster::{self, NwShared};
    use super::super::super::session::{self, NightWizard};
    use super::super::{apply, CombatAction, Used, Who};
    use crate::table::{Actor, Command, Reply, RuleError, UserId};

    pub fn gm() -> Actor {
        Actor::player("gm", "gm")
    }
    pub fn alice() -> Actor {
        Actor::player("alice", "alice")
    }
    pub fn bob() -> Actor {
        Actor::player("bob", "bob")
    }
    pub fn pc(u: &str) -> Who {
        Who::Pc(UserId::new(u))
    }
    pub fn en(l: &str) -> Who {
        Who::Enemy(l.into())
    }

    /// Ayla (alice) and Bolt (bob) with Critical 12 / Fumble 2, no skills or items, and a
    /// Shade Swarm labelled `Swarm`; no combat yet.
    pub fn session() -> (super::NwData, NightWizard) {
        let data = load(Path::new("data")).unwrap();
        let mut shared = NwShared::default();
        let mut rng = crate::rng::seeded(5);
        let (mut s, _) =
            session::create(&data, &gm(), &Command::new("nw new"), Custom::default()).unwrap();
        for (a, n) in [(alice(), "Ayla"), (bob(), "Bolt")] {
            roster::global(
                &mut shared,
                &data,
                &a,
                &Command::new("nw character new")
                    .with("name", n)
                    .with("quick", "true"),
                &mut rng,
            )
            .unwrap()
            .unwrap();
            let act =
                session::parse(&s, &a, &Command::new("nw session join"), &data, &shared).unwrap();
            session::apply(&mut s, &data, Some(&mut shared), &mut rng, &a, &act).unwrap();
        }
        for p in s.pcs.iter_mut() {
            p.cf = Some(Cf {
                critical: 12,
                fumble: 2,
            });
            p.ch.skills.clear();
            p.ch.items.clear();
        }
        for p in s.pcs.clone() {
            let v = p.ch.derive(&s.catalog(&data));
            let q = s.pcs.iter_mut().find(|q| q.user == p.user).unwrap();
            q.hp = v.body;
            q.mp = v.mind;
        }
        run(
            &mut s,
            &data,
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
        (data, s)
    }

    /// Starts combat with fixed dice for the initiative Judges.
    pub fn start(s: &mut NightWizard, data: &super::NwData, dice: Vec<u32>) -> Vec<Reply> {
        run(
            s,
            data,
            &gm(),
            CombatAction::Start { any_seven: false },
            dice,
        )
        .unwrap()
    }

    /// Applies with fixed dice; a refusal must leave the state unchanged.
    pub fn run(
        s: &mut NightWizard,
        data: &super::NwData,
        a: &Actor,
        act: CombatAction,
        dice: Vec<u32>,
    ) -> Result<Vec<Reply>, RuleError> {
        let before = s.clone();
        let r = apply(s, data, &mut Fixed(dice), a, &act);
        if r.is_err() {
            assert_eq!(*s, before, "a refusal changes nothing");
        }
        r
    }

    /// It is `w`'s Main Process, nothing used yet.
    pub fn set_turn(s: &mut NightWizard, w: Who) {
        let c = s.combat.as_mut().unwrap();
        c.current = Some(w);
        c.candidates.clear();
        c.used = Used::default();
        c.skills.window = None;
    }

    /// Adds a skill to the session's catalog and gives it (at SL `sl`) to the PC of `user`.
    pub fn give_skill(
        s: &mut NightWizard,
        user: &str,
        id: &str,
        timing: &str,
        cost: &str,
        effect: &str,
        sl: u32,
    ) {
        if s.catalog_skill_missing(id) {
            s.custom.skills.push(SkillDef {
                id: id.into(),
                name: id.replace('_', " "),
                class: "general".into(),
                category: String::new(),
                acquire_cl: 1,
                max_sl: 5,
                timing: timing.into(),
                check: "Automatic".into(),
                target: "Single".into(),
                range: "Close".into(),
                cost: cost.into(),
                restrict: String::new(),
                effect: effect.into(),
                mods: Default::default(),
            });
        }
        let p = s.pcs.iter_mut().find(|p| p.user.0 == user).unwrap();
        p.ch.skills
            .push(super::super::super::character::OwnedSkill { id: id.into(), sl });
    }

    pub fn text(r: &[Reply]) -> String {
        r.iter()
            .map(|r| r.message.plain_text())
            .collect::<Vec<_>>()
            .join("\n")
    }

    impl NightWizard {
        fn catalog_skill_missing(&self, id: &str) -> bool {
            !self.custom.skills.iter().any(|k| k.id == id)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::judge::Fixed;
    use super::super::{new_round, CombatAction};
    use super::kit::*;
    use super::*;

    #[test]
    fn rule_nw_10_11_recovery_judge_2d_plus_recovery_heals_capped_at_max() {
        // "Recovery: 7" means roll 2d6 + 7 and heal that much; HP never above the maximum.
        let (data, mut s) = session();
        let max = s.max_of(&data, &pc("alice"), false).unwrap();
        s.pcs[0].hp = 2;
        let r = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Ayla".into(),
                recovery: 3,
                mp: false,
                who: None,
            },
            vec![4, 3],
        )
        .unwrap();
        assert_eq!(s.pcs[0].hp, (2 + 3 + 7).min(max), "{}", text(&r));
        s.pcs[0].hp = max - 1;
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Ayla".into(),
                recovery: 7,
                mp: false,
                who: None,
            },
            vec![6, 5],
        )
        .unwrap();
        assert_eq!(s.pcs[0].hp, max, "capped at the maximum");
    }

    #[test]
    fn rule_nw_10_11_recovery_judge_fumble_minus_10_removes_hp_never_kills() {
        // "a Recovery Judge can be negative (e.g. after a Fumble: Recovery − 10), and then it
        // removes HP … can Incapacitate but can never kill."
        let (data, mut s) = session();
        start(&mut s, &data, vec![]);
        s.pcs[1].hp = 4;
        // Ayla's Fumble is 2: [1,1] → Recovery 3 − 10 = −7.
        let r = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Bolt".into(),
                recovery: 3,
                mp: false,
                who: None,
            },
            vec![1, 1],
        )
        .unwrap();
        let t = text(&r);
        assert!(t.contains("loses 4 HP"), "{t}");
        assert!(t.contains("Incapacitated"), "{t}");
        assert_eq!(s.pcs[1].hp, 0);
        assert!(!s.pcs[1].dead);
        let f = s
            .combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .find(|f| f.who == pc("bob"))
            .unwrap();
        assert!(f.post && f.count == 0);
        // Again while Incapacitated: still 0, still alive.
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Bolt".into(),
                recovery: 0,
                mp: false,
                who: None,
            },
            vec![1, 1],
        )
        .unwrap();
        assert_eq!(s.pcs[1].hp, 0);
        assert!(!s.pcs[1].dead);
        assert!(s
            .combat
            .as_ref()
            .unwrap()
            .fighters
            .iter()
            .any(|f| f.who == pc("bob")));
    }

    #[test]
    fn rule_nw_10_1_healed_from_incapacitated_stays_post_action_until_the_next_setup() {
        // "Once recovered, they stay Post-Action until the next Setup Process."
        let (data, mut s) = session();
        start(&mut s, &data, vec![]);
        s.pcs[1].hp = 0;
        for f in s.combat.as_mut().unwrap().fighters.iter_mut() {
            if f.who == pc("bob") {
                f.post = true;
                f.count = 0;
            }
        }
        let r = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Bolt".into(),
                recovery: 5,
                mp: false,
                who: None,
            },
            vec![3, 3],
        )
        .unwrap();
        assert_eq!(s.pcs[1].hp, 11);
        assert!(text(&r).contains("no longer Incapacitated"));
        let post = |s: &NightWizard| {
            s.combat
                .as_ref()
                .unwrap()
                .fighters
                .iter()
                .find(|f| f.who == pc("bob"))
                .unwrap()
                .post
        };
        assert!(post(&s));
        let (mut l, mut g) = (vec![], vec![]);
        new_round(&mut s, &data, &mut Fixed(vec![]), &mut l, &mut g);
        assert!(!post(&s), "Pre-action again from the next Setup Process");
    }

    #[test]
    fn rule_nw_10_11_mp_recovery_capped_and_a_negative_result_floors_mp_at_0() {
        let (data, mut s) = session();
        let max = s.max_of(&data, &pc("alice"), true).unwrap();
        s.pcs[0].mp = 1;
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Ayla".into(),
                recovery: 0,
                mp: true,
                who: None,
            },
            vec![1, 1],
        )
        .unwrap();
        assert_eq!(s.pcs[0].mp, 0, "0 − 10 removes MP, floored at 0");
        run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Ayla".into(),
                recovery: 99,
                mp: true,
                who: None,
            },
            vec![6, 5],
        )
        .unwrap();
        assert_eq!(s.pcs[0].mp, max);
    }

    #[test]
    fn rule_nw_10_12_dazed_minus_5_applies_to_the_healers_recovery_judge() {
        // BS: Dazed: "−5 to all Judges".
        let (data, mut s) = session();
        s.pcs[1].hp = 1;
        s.pcs[0].bad = vec![("Dazed".into(), 0)];
        let r = run(
            &mut s,
            &data,
            &alice(),
            CombatAction::Heal {
                target: "Bolt".into(),
                recovery: 6,
                mp: false,
                who: None,
            },
            vec![3, 4],
        )
        .unwrap();
        assert!(text(&r).contains("Dazed −5"));
        assert_eq!(s.pcs[1].hp, 1 + 7 + 6 - 5);
    }

    #[test]
    fn heal_refusals_change_nothing() {
        let (data, mut s) = session();
        s.pcs[1].dead = true;
        let h = |t: &str| CombatAction::Heal {
            target: t.into(),
            recovery: 3,
            mp: false,
            who: None,
        };
        assert!(run(&mut s, &data, &alice(), h("Bolt"), vec![]).is_err());
        assert!(run(&mut s, &data, &alice(), h("Nobody"), vec![]).is_err());
        s.pcs[1].dead = false;
        s.pcs[0].hp = 0;
        assert!(run(&mut s, &data, &alice(), h("Bolt"), vec![]).is_err());
        // A stranger has no PC.
        assert!(run(
            &mut s,
            &data,
            &Actor::player("carol", "carol"),
            h("Bolt"),
            vec![]
        )
        .is_err());
    }

    #[test]
    fn healing_a_hidden_enemy_is_told_only_to_the_gm() {
        let (data, mut s) = session();
        run(
            &mut s,
            &data,
            &gm(),
            CombatAction::Spawn {
                name: "lantern_emulator".into(),
                label: Some("Lantern".into()),
                hidden: true,
                hp: None,
            },
            vec![],
        )
        .unwrap();
        start(&mut s, &data, vec![]);
        s.enemies.iter_mut().for_each(|e| e.hp = 1);
        let heal = |t: &str, who: Option<&str>| CombatAction::Heal {
            target: t.into(),
            recovery: 2,
            mp: false,
            who: who.map(|w| w.to_string()),
        };
        // Players cannot name it.
        let e = run(&mut s, &data, &alice(), heal("Lantern", None), vec![]).unwrap_err();
        assert!(!e.to_string().contains("Lantern") || e.to_string().contains("`Lantern`"));
        let r = run(
            &mut s,
            &data,
            &gm(),
            heal("Lantern", Some("Lantern")),
            vec![3, 3],
        )
        .unwrap();
        for m in r.iter().filter(|m| m.is_public()) {
            assert!(
                !m.message.plain_text().contains("Lantern"),
                "{}",
                m.message.plain_text()
            );
        }
        assert!(r
            .iter()
            .any(|m| !m.is_public() && m.message.plain_text().contains("Lantern recovers 8 HP")));
        assert_eq!(
            s.enemies.iter().find(|e| e.label == "Lantern").unwrap().hp,
            9
        );
    }

    #[test]
    fn rule_nw_10_12_paralysis_minus_5_on_a_reaction_judge_rolled_by_hand() {
        // BS: Paralysis: "−5 to the Result of Reactions (e.g. Dodge Checks)".
        use super::super::super::roster::NwShared;
        use super::super::super::session;
        use crate::table::Command;
        let (data, mut s) = session();
        s.pcs[0].bad = vec![("Paralysis".into(), 0)];
        let shared = NwShared::default();
        let mut rng = crate::rng::seeded(1);
        let alter = |s: &mut NightWizard, reaction: bool, rng: &mut crate::rng::GameRng| {
            let mut cmd = Command::new("nw judge").with("stat", "eva");
            if reaction {
                cmd = cmd.with("reaction", "true");
            }
            let act = session::parse(s, &alice(), &cmd, &data, &shared).unwrap();
            session::apply(s, &data, None, rng, &alice(), &act).unwrap();
            s.open.last().unwrap().judge.alter
        };
        let plain = alter(&mut s, false, &mut rng);
        assert_eq!(alter(&mut s, true, &mut rng), plain - 5);
    }

    #[test]
    fn rule_nw_10_11_natural_recovery_str_minus_5_max_3_or_divided_by_5() {
        // "HP: Recovery = Strength [?] 5, maximum 3": − 5 by default, ÷ 5 as a setting.
        assert_eq!(NaturalReading::Minus.value(7), 2);
        assert_eq!(NaturalReading::Minus.value(10), 3);
        assert_eq!(NaturalReading::Minus.value(3), -2);
        assert_eq!(NaturalReading::Divide.value(13), 2);
        assert_eq!(NaturalReading::Divide.value(4), 0);
        assert_eq!(NaturalReading::Divide.value(25), 3);
        assert_eq!(NaturalReading::default(), NaturalReading::Minus);
    }

    #[test]
    fn rule_nw_10_11_tense_rest_rolls_hp_str_minus_5_and_mp_kno_minus_5() {
        let (data, mut s) = session();
        let v = s.pcs[0].ch.derive(&s.catalog(&data));
        let (rh, rm) = ((v.attrs[0] - 5).min(3), (v.attrs[3] - 5).min(3));
        s.pcs[0].hp = 1;
        s.pcs[0].mp = 0;
        let user = s.pcs[0].user.clone();
        let r = rest(
            &mut s,
            &data,
            &mut Fixed(vec![3, 3, 2, 2]),
            RestMode::Tense,
            Some(&user),
        )
        .unwrap();
        assert_eq!(s.pcs[0].hp, (1 + 6 + rh).clamp(0, v.body), "{}", text(&r));
        assert_eq!(s.pcs[0].mp, (4 + rm).clamp(0, v.mind));
        // The ÷ 5 reading.
        s.settings.natural = NaturalReading::Divide;
        s.pcs[0].hp = 1;
        rest(
            &mut s,
            &data,
            &mut Fixed(vec![3, 3, 2, 2]),
            RestMode::Tense,
            Some(&user),
        )
        .unwrap();
        assert_eq!(
            s.pcs[0].hp,
            (1 + 6 + (v.attrs[0] / 5).min(3)).clamp(0, v.body)
        );
    }

    #[test]
    fn rule_nw_9_4_a_pc_not_in_the_scene_recovers_with_recovery_0() {
        // "A character who does not appear in a Scene makes a Recovery Judge for HP and one
        // for MP with Recovery 0, i.e. 2d6 + 0."
        let (data, mut s) = session();
        s.pcs[0].hp = 1;
        s.pcs[0].mp = 0;
        let user = s.pcs[0].user.clone();
        rest(
            &mut s,
            &data,
            &mut Fixed(vec![3, 4, 1, 3]),
            RestMode::Absent,
            Some(&user),
        )
        .unwrap();
        let v = s.pcs[0].ch.derive(&s.catalog(&data));
        assert_eq!(s.pcs[0].hp, 8.min(v.body));
        assert_eq!(s.pcs[0].mp, 4.min(v.mind));
        // Bolt was not named: unchanged.
        assert_eq!(s.pcs[1].hp, s.pcs[1].ch.derive(&s.catalog(&data)).body);
    }

    #[test]
    fn rule_nw_10_11_full_rest_restores_in_full_gm_only_not_in_combat() {
        let (data, mut s) = session();
        s.pcs[0].hp = 0;
        s.pcs[1].mp = 0;
        // Only the GM: the table refuses the declared `perm = gm` before the rules.
        assert!(crate::games::nightwizard::test_table::permitted(
            &s,
            &alice(),
            &crate::table::Command::new("nw rest").with("mode", "full")
        )
        .is_err());
        rest(&mut s, &data, &mut Fixed(vec![]), RestMode::Full, None).unwrap();
        for p in &s.pcs {
            let v = p.ch.derive(&s.catalog(&data));
            assert_eq!((p.hp, p.mp), (v.body, v.mind));
        }
        start(&mut s, &data, vec![]);
        assert!(rest(&mut s, &data, &mut Fixed(vec![]), RestMode::Full, None).is_err());
    }

    #[test]
    fn rule_nw_10_12_poison_and_paralysis_end_only_by_a_cure_or_the_end_of_combat() {
        let (data, mut s) = session();
        start(&mut s, &data, vec![]);
        s.pcs[0].bad = vec![("Poison".into(), 3), ("Paralysis".into(), 0)];
        let cure = |st: &str| CombatAction::Cure {
            target: "Ayla".into(),
            status: st.into(),
        };
        // Not by a player's word, not a status she lacks.
        assert!(crate::games::nightwizard::test_table::permitted(
            &s,
            &alice(),
            &crate::table::Command::new("nw combat cure")
                .with("target", "Ayla")
                .with("status", "poison")
        )
        .is_err());
        assert!(run(&mut s, &data, &gm(), cure("dazed"), vec![]).is_err());
        run(&mut s, &data, &gm(), cure("poison"), vec![]).unwrap();
        assert_eq!(s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
        // The Cleanup Process does not end Paralysis.
        let (mut l, _) = (vec![], ());
        super::super::cleanup(&mut s, &data, &mut Fixed(vec![]), &mut l);
        assert_eq!(s.pcs[0].bad, vec![("Paralysis".to_string(), 0)]);
        run(&mut s, &data, &gm(), cure("all"), vec![]).unwrap();
        assert!(s.pcs[0].bad.is_empty());
    }
}
