//! Cover Up (digest §10.13): a Pre-action ally in the same Engage takes a Defender's damage.

use super::super::super::commands::{CombatCommand, NwCommand};
use super::super::super::data::Grant;
use super::super::access::multi;
use super::super::{
    close_damage, combat_mut, end_main, foes, land, mention, pending, refuse, Actor, Attack,
    ButtonStyle, Dice, Message, NightWizard, NwData, Reply, RuleError, Stage, UserId, Who,
};
use crate::judge::said::Lines;

/// Cover Up for the one Defender (GM names the enemy).
pub(crate) fn cover_one(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    key: &Option<String>,
) -> Result<Vec<Reply>, RuleError> {
    let is_gm = s.is_gm(actor);
    let at = pending(s, Stage::Damage)?;
    let me = match key {
        Some(k) if is_gm => s.find(k, true),
        _ => s
            .pcs
            .iter()
            .find(|p| p.user == actor.id)
            .map(|p| Who::Pc(p.user.clone())),
    };
    let Some(me) = me else {
        return refuse("you have no character in this fight to Cover Up with.");
    };
    if !s.controls(actor, &me) {
        return refuse("that is not your character.");
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    if me == at.target {
        return refuse("you cannot Cover Up for yourself.");
    }
    if me == at.attacker {
        return refuse("the attacker cannot Cover Up.");
    }
    let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
    // A skill may let a Post-action character Cover Up once (used up when it lands).
    let oath = super::super::effects::granted(s, &me, Grant::CoverWhilePostAction);
    let standing = c.fighters.iter().any(|f| f.who == me);
    if !(pre || (oath.is_some() && standing)) || s.hp_of(&me) == 0 {
        return refuse(
            "Cover Up needs a Pre-action character (not Post-action, not Incapacitated).",
        );
    }
    let g = NightWizard::engage_of(c, &me);
    if g.is_none() || g != NightWizard::engage_of(c, &at.target) {
        return refuse(format!(
            "Cover Up needs you in the same Engage as {}.",
            s.name_of(&at.target)
        ));
    }
    let mut lines = Lines::from(vec![format!(
        "🛡️ {} Covers Up for {}: the damage computed against {} ({}) goes to {}; {} becomes Post-action.",
        s.name_of(&me),
        s.name_of(&at.target),
        s.name_of(&at.target),
        at.damage,
        s.name_of(&me),
        s.name_of(&me)
    )]);
    if let (false, Some((id, _))) = (pre, &oath) {
        super::super::effects::use_up(s, &[*id]);
    }
    close_damage(s, &at);
    land(s, data, &at, &me, at.damage, &mut lines);
    let c = combat_mut(s)?;
    for f in c.fighters.iter_mut().filter(|f| f.who == me) {
        f.post = true;
        f.count = 0;
    }
    c.attack = None;
    let mut gm = Lines::new();
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

/// 2 when the coverer is a Defender that failed its own Dodge Check (§10.13), else 1.
pub(crate) fn cover_factor(at: &Attack, coverer: &Who) -> i32 {
    if at.defenders.iter().any(|x| &x.who == coverer && x.hit) {
        2
    } else {
        1
    }
}

/// Cover Up (§10.13) in an attack resolved here, after the damage roll: `who` covers `target`
/// (default: the only hit Defender it may cover). Conditions: Pre-action, same Engage, not for
/// oneself, not the attacker, the Defender was hit, one Cover Up per Defender, a coverer cannot
/// be covered (nor cover while covered). The coverer becomes Post-action at once; the damage
/// lands when it is applied.
pub fn cover(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
    target: Option<&String>,
) -> Result<Vec<Reply>, RuleError> {
    let gm = s.is_gm(actor);
    let plain = s
        .combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .is_some_and(|x| x.defenders.is_empty());
    if plain {
        // `for:` on a plain attack: it must name its target; then the usual Cover Up.
        let at = pending(s, Stage::Damage)?;
        if let Some(t) = target {
            if s.find(t, gm).as_ref() != Some(&at.target) {
                return refuse(format!(
                    "{} is not a Defender of this attack.",
                    s.find(t, gm).map_or(t.clone(), |w| s.name_of(&w))
                ));
            }
        }
        return cover_up(s, data, rng, actor, who);
    }
    let at = pending(s, Stage::Damage)?;
    let me = match who {
        Some(k) => s.find(k, gm),
        None => s
            .pcs
            .iter()
            .find(|p| p.user == actor.id)
            .map(|p| Who::Pc(p.user.clone())),
    };
    let Some(me) = me else {
        return refuse(match who {
            Some(k) => format!("no combatant `{k}`."),
            None => "you have no character in this fight to Cover Up with.".to_string(),
        });
    };
    if !s.controls(actor, &me) {
        return refuse("that is not your character.");
    }
    let b = match target {
        Some(t) => match s.find(t, gm) {
            Some(b) => b,
            None => return refuse(format!("no combatant `{t}`.")),
        },
        None => {
            let cands: Vec<Who> = at
                .defenders
                .iter()
                .filter(|d| d.hit && d.covered_by.is_none() && d.who != me)
                .map(|d| d.who.clone())
                .collect();
            match cands.as_slice() {
                [one] => one.clone(),
                [] => return refuse("no other Defender was hit: there is nothing to Cover Up."),
                _ => {
                    return refuse(
                        "several Defenders were hit: name whom you Cover Up for with `for:`.",
                    )
                }
            }
        }
    };
    if b == me {
        return refuse("you cannot Cover Up for yourself.");
    }
    if me == at.attacker {
        return refuse("the attacker cannot Cover Up.");
    }
    let Some(d) = at.defenders.iter().find(|d| d.who == b) else {
        return refuse(format!(
            "{} is not a Defender of this attack.",
            s.name_of(&b)
        ));
    };
    if !d.hit {
        return refuse(format!(
            "{} was not hit: there is nothing to Cover Up.",
            s.name_of(&b)
        ));
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| RuleError::new("there is no combat."))?;
    let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
    // A skill may let a Post-action character Cover Up once (used up when it lands).
    let oath = super::super::effects::granted(s, &me, Grant::CoverWhilePostAction);
    let standing = c.fighters.iter().any(|f| f.who == me);
    if !(pre || (oath.is_some() && standing)) || s.hp_of(&me) == 0 {
        return refuse(
            "Cover Up needs a Pre-action character (not Post-action, not Incapacitated).",
        );
    }
    let g = NightWizard::engage_of(c, &me);
    if g.is_none() || g != NightWizard::engage_of(c, &b) {
        return refuse(format!(
            "Cover Up needs you in the same Engage as {}.",
            s.name_of(&b)
        ));
    }
    if let Some(x) = &d.covered_by {
        return refuse(format!(
            "{} is already Covered Up by {} (one Cover Up per Defender).",
            s.name_of(&b),
            s.name_of(x)
        ));
    }
    if at
        .defenders
        .iter()
        .any(|x| x.covered_by.as_ref() == Some(&b))
    {
        return refuse(format!(
            "{} has declared a Cover Up and cannot be Covered Up.",
            s.name_of(&b)
        ));
    }
    if let Some(x) = at
        .defenders
        .iter()
        .find(|x| x.who == me)
        .and_then(|x| x.covered_by.as_ref())
    {
        return refuse(format!(
            "{} is Covered Up by {}: a character who Covers Up cannot be Covered Up.",
            s.name_of(&me),
            s.name_of(x)
        ));
    }
    let k = cover_factor(&at, &me);
    let double = if k == 2 {
        format!(
            " × 2 = {} ({} failed its own Dodge Check; this replaces its own damage from the attack)",
            d.damage * 2,
            s.name_of(&me)
        )
    } else {
        String::new()
    };
    let line = format!(
        "🛡️ {} Covers Up for {}: the damage computed against {} ({}){double} will go to {}; {} becomes Post-action.",
        s.name_of(&me),
        s.name_of(&b),
        s.name_of(&b),
        d.damage,
        s.name_of(&me),
        s.name_of(&me)
    );
    if let (false, Some((id, _))) = (pre, &oath) {
        super::super::effects::use_up(s, &[*id]);
    }
    let c = combat_mut(s)?;
    for f in c.fighters.iter_mut().filter(|f| f.who == me) {
        f.post = true;
        f.count = 0;
    }
    if let Some(x) = c.attack.as_mut() {
        for d in x.defenders.iter_mut().filter(|d| d.who == b) {
            d.covered_by = Some(me.clone());
        }
    }
    Ok(s.tracker(vec![line], vec![]))
}

impl NightWizard {
    /// Who may Cover Up for `b` now (buttons): Pre-action, standing, same Engage, same side,
    /// not the attacker, not already covering or covered, not hidden.
    fn coverers_for(&self, a: &Attack, b: &Who) -> Vec<Who> {
        let Some(c) = &self.combat else {
            return vec![];
        };
        let Some(g) = NightWizard::engage_of(c, b) else {
            return vec![];
        };
        let covering: Vec<&Who> = a
            .defenders
            .iter()
            .filter_map(|d| d.covered_by.as_ref())
            .collect();
        c.engages[g]
            .iter()
            .filter(|w| {
                *w != b
                    && **w != a.attacker
                    && !foes(self, w, b)
                    && !self.hidden(w)
                    && self.hp_of(w) > 0
                    && c.fighters.iter().any(|f| &f.who == *w && !f.post)
                    && !covering.contains(w)
                    && !a
                        .defenders
                        .iter()
                        .any(|d| &d.who == *w && d.covered_by.is_some())
            })
            .cloned()
            .collect()
    }

    /// Cover Up buttons for a plain attack's eligible allies; returns whom to ping.
    pub(crate) fn cover_buttons(&self, a: &Attack, m: &mut Message) -> Vec<UserId> {
        let mut msg = std::mem::take(m);
        let mut pings = vec![];
        for w in self.coverers_for(a, &a.target).into_iter().take(20) {
            let n = self.name_of(&w);
            msg = msg.styled_button(
                format!("Cover Up: {n}"),
                &NwCommand::Combat(CombatCommand::Coverup {
                    who: Some(n.clone()),
                    r#for: None,
                }),
                ButtonStyle::Secondary,
            );
            pings.push(self.controller(&w));
        }
        *m = msg;
        pings
    }

    /// The tracker's Turn line, buttons and pings for an attack resolved here: a Dodge button
    /// per waiting Defender (mentioning its player; the GM for NPCs), then Damage, then Apply
    /// with a Cover Up button per eligible coverer and hit Defender.
    pub(crate) fn defenders_turn(&self, a: &Attack, m: &mut Message) -> (String, Vec<UserId>) {
        let mut msg = std::mem::take(m);
        let out = match a.stage {
            Stage::Hit => {
                let mut names = vec![];
                let mut pings = vec![];
                for d in a.defenders.iter().filter(|d| !d.reacted) {
                    if self.hidden(&d.who) {
                        names.push(format!("a hidden Defender ({})", self.gm.mention()));
                    } else {
                        let n = self.name_of(&d.who);
                        msg = msg.styled_button(
                            format!("Dodge: {n}"),
                            &NwCommand::Combat(CombatCommand::Dodge {
                                who: Some(n.clone()),
                                full: None,
                            }),
                            ButtonStyle::Primary,
                        );
                        names.push(mention(self, &d.who));
                    }
                    pings.push(self.controller(&d.who));
                }
                (
                    format!(
                        "Dodge Checks: {} (`/nwcombat dodge`, `full:true` for a Full Dodge; the GM decides for NPCs)",
                        names.join(", ")
                    ),
                    pings,
                )
            }
            Stage::Dodge => {
                msg = msg.styled_button(
                    "Damage",
                    &NwCommand::Combat(CombatCommand::Damage),
                    ButtonStyle::Primary,
                );
                (
                    format!(
                        "{}: compare and roll the damage against each Defender",
                        mention(self, &a.attacker)
                    ),
                    vec![self.controller(&a.attacker)],
                )
            }
            Stage::Defence => {
                msg = msg.styled_button(
                    "Defence rolls",
                    &NwCommand::Combat(CombatCommand::Damage),
                    ButtonStyle::Primary,
                );
                (
                    format!(
                        "{}: Prana on the damage roll now if you wish, then each hit Defender's defence roll",
                        mention(self, &a.attacker)
                    ),
                    vec![self.controller(&a.attacker)],
                )
            }
            Stage::Damage => {
                msg = msg.styled_button(
                    "Apply",
                    &NwCommand::Combat(CombatCommand::Apply),
                    ButtonStyle::Primary,
                );
                let mut pings = vec![self.controller(&a.attacker)];
                let mut offers = vec![];
                let mut buttons = 0;
                for d in a
                    .defenders
                    .iter()
                    .filter(|d| d.hit && d.covered_by.is_none())
                {
                    let b = self.name_of(&d.who);
                    for w in self.coverers_for(a, &d.who) {
                        if buttons >= 20 {
                            break;
                        }
                        buttons += 1;
                        let n = self.name_of(&w);
                        msg = msg.styled_button(
                            format!("Cover Up: {n} for {b}"),
                            &NwCommand::Combat(CombatCommand::Coverup {
                                who: Some(n.clone()),
                                r#for: Some(b.clone()),
                            }),
                            ButtonStyle::Secondary,
                        );
                        offers.push(format!("{} for {b}", mention(self, &w)));
                        pings.push(self.controller(&w));
                    }
                }
                let dmg: Vec<String> = a
                    .defenders
                    .iter()
                    .filter(|d| d.hit)
                    .map(|d| match &d.covered_by {
                        Some(c) => format!(
                            "{} {} → {}",
                            self.name_of(&d.who),
                            d.damage * cover_factor(a, c),
                            self.name_of(c)
                        ),
                        None if a
                            .defenders
                            .iter()
                            .any(|x| x.covered_by.as_ref() == Some(&d.who)) =>
                        {
                            format!("{} (replaced by its Cover Up)", self.name_of(&d.who))
                        }
                        None => format!("{} {}", self.name_of(&d.who), d.damage),
                    })
                    .collect();
                (
                    format!(
                        "{}: apply the damage ({}){}",
                        mention(self, &a.attacker),
                        dmg.join(", "),
                        if offers.is_empty() {
                            String::new()
                        } else {
                            format!("; or Cover Up: {}", offers.join(", "))
                        }
                    ),
                    pings,
                )
            }
        };
        *m = msg;
        out
    }
}

/// Cover Up (§10.13) for the attack's Defender; `who` names the coverer (GM: an NPC; a
/// player's button names their own PC, and naming another's is refused).
pub fn cover_up(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    who: Option<&str>,
) -> Result<Vec<Reply>, RuleError> {
    if multi(s) {
        return cover(s, data, rng, actor, who, None);
    }
    if let Some(k) = who {
        if !s.is_gm(actor) {
            match s.find(k, false) {
                Some(w) if s.controls(actor, &w) => {}
                _ => return refuse("that is not your character."),
            }
        }
    }
    cover_one(s, data, rng, actor, &who.map(str::to_string))
}
