//! Cover Up (digest §10.13): a Pre-action ally in the same Engage takes a Defender's damage.

use super::super::super::commands::{CombatCommand, NwCommand};
use super::super::super::data::Grant;
use super::super::access::multi;
use super::super::{
    close_damage, combat_mut, end_main, foes, land, mention, pending, Actor, Attack, ButtonStyle,
    Dice, Message, NightWizard, NwData, Reply, RuleError, Stage, UserId, Who,
};
use crate::judge::roll::yes;
use crate::judge::said::{no, Lines};
use crate::words::joined;
use croupier_core::i18n::Locale;
use croupier_core::table::{english, Label, Phrase, Value};

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
        return no(Phrase::new("nw-fight-cover-none"));
    };
    if !s.controls(actor, &me) {
        return no(Phrase::new("nw-fight-not-yours"));
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    if me == at.target {
        return no(Phrase::new("nw-fight-cover-self"));
    }
    if me == at.attacker {
        return no(Phrase::new("nw-fight-cover-attacker"));
    }
    let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
    // A skill may let a Post-action character Cover Up once (used up when it lands).
    let oath = super::super::effects::granted(s, &me, Grant::CoverWhilePostAction);
    let standing = c.fighters.iter().any(|f| f.who == me);
    if !(pre || (oath.is_some() && standing)) || s.hp_of(&me) == 0 {
        return no(Phrase::new("nw-fight-cover-pre"));
    }
    let g = NightWizard::engage_of(c, &me);
    if g.is_none() || g != NightWizard::engage_of(c, &at.target) {
        return no(Phrase::new("nw-fight-cover-engage").arg("who", s.name_of(&at.target)));
    }
    let mut lines = Lines::from(
        Phrase::new("nw-fight-covers")
            .arg("who", s.name_of(&me))
            .arg("for", s.name_of(&at.target))
            .arg("damage", i64::from(at.damage)),
    );
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
                return no(Phrase::new("nw-fight-not-defender")
                    .arg("who", s.find(t, gm).map_or(t.clone(), |w| s.name_of(&w))));
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
        return no(match who {
            Some(k) => Phrase::new("nw-fight-no-combatant").arg("key", k),
            None => Phrase::new("nw-fight-cover-none"),
        });
    };
    if !s.controls(actor, &me) {
        return no(Phrase::new("nw-fight-not-yours"));
    }
    let b = match target {
        Some(t) => match s.find(t, gm) {
            Some(b) => b,
            None => return no(Phrase::new("nw-fight-no-combatant").arg("key", t.as_str())),
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
                [] => return no(Phrase::new("nw-fight-cover-nothing")),
                _ => return no(Phrase::new("nw-fight-cover-several")),
            }
        }
    };
    if b == me {
        return no(Phrase::new("nw-fight-cover-self"));
    }
    if me == at.attacker {
        return no(Phrase::new("nw-fight-cover-attacker"));
    }
    let Some(d) = at.defenders.iter().find(|d| d.who == b) else {
        return no(Phrase::new("nw-fight-not-defender").arg("who", s.name_of(&b)));
    };
    if !d.hit {
        return no(Phrase::new("nw-fight-cover-not-hit").arg("who", s.name_of(&b)));
    }
    let c = s
        .combat
        .as_ref()
        .ok_or_else(|| crate::words::refusal(Phrase::new("nw-no-combat")))?;
    let pre = c.fighters.iter().any(|f| f.who == me && !f.post);
    // A skill may let a Post-action character Cover Up once (used up when it lands).
    let oath = super::super::effects::granted(s, &me, Grant::CoverWhilePostAction);
    let standing = c.fighters.iter().any(|f| f.who == me);
    if !(pre || (oath.is_some() && standing)) || s.hp_of(&me) == 0 {
        return no(Phrase::new("nw-fight-cover-pre"));
    }
    let g = NightWizard::engage_of(c, &me);
    if g.is_none() || g != NightWizard::engage_of(c, &b) {
        return no(Phrase::new("nw-fight-cover-engage").arg("who", s.name_of(&b)));
    }
    if let Some(x) = &d.covered_by {
        return no(Phrase::new("nw-fight-covered-already")
            .arg("who", s.name_of(&b))
            .arg("by", s.name_of(x)));
    }
    if at
        .defenders
        .iter()
        .any(|x| x.covered_by.as_ref() == Some(&b))
    {
        return no(Phrase::new("nw-fight-coverer-not-covered").arg("who", s.name_of(&b)));
    }
    if let Some(x) = at
        .defenders
        .iter()
        .find(|x| x.who == me)
        .and_then(|x| x.covered_by.as_ref())
    {
        return no(Phrase::new("nw-fight-covered-cannot-cover")
            .arg("who", s.name_of(&me))
            .arg("by", s.name_of(x)));
    }
    let k = cover_factor(&at, &me);
    let line = Phrase::new("nw-fight-will-cover")
        .arg("who", s.name_of(&me))
        .arg("for", s.name_of(&b))
        .arg("damage", i64::from(d.damage))
        .arg("double", yes(k == 2))
        .arg("twice", i64::from(d.damage * 2));
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
    Ok(s.tracker(line, Lines::new()))
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
    pub(crate) fn cover_buttons(
        &self,
        a: &Attack,
        m: &mut Message,
        keys: &mut Vec<Label>,
    ) -> Vec<UserId> {
        let mut msg = std::mem::take(m);
        let mut pings = vec![];
        for w in self.coverers_for(a, &a.target).into_iter().take(20) {
            let n = self.name_of(&w);
            let label = Phrase::new("nw-fight-button-cover").arg("who", n.as_str());
            msg = msg.styled_button(
                label.text(Locale::En),
                &NwCommand::Combat(CombatCommand::Coverup {
                    who: Some(n.clone()),
                    r#for: None,
                }),
                ButtonStyle::Secondary,
            );
            keys.push(label.into());
            pings.push(self.controller(&w));
        }
        *m = msg;
        pings
    }

    /// The tracker's Turn line, buttons and pings for an attack resolved here: a Dodge button
    /// per waiting Defender (mentioning its player; the GM for NPCs), then Damage, then Apply
    /// with a Cover Up button per eligible coverer and hit Defender. `keys` gets the catalogue
    /// labels of the buttons (a Dodge or Cover Up button names its combatant).
    pub(crate) fn defenders_turn(
        &self,
        a: &Attack,
        m: &mut Message,
        keys: &mut Vec<Label>,
    ) -> (Value, Vec<UserId>) {
        let mut msg = std::mem::take(m);
        let out = match a.stage {
            Stage::Hit => {
                let mut names = vec![];
                let mut pings = vec![];
                for d in a.defenders.iter().filter(|d| !d.reacted) {
                    if self.hidden(&d.who) {
                        names.push(Value::from(
                            Phrase::new("nw-fight-hidden-defender").arg("gm", self.gm.mention()),
                        ));
                    } else {
                        let n = self.name_of(&d.who);
                        let label = Phrase::new("nw-fight-button-dodge").arg("who", n.as_str());
                        msg = msg.styled_button(
                            label.text(Locale::En),
                            &NwCommand::Combat(CombatCommand::Dodge {
                                who: Some(n.clone()),
                                full: None,
                            }),
                            ButtonStyle::Primary,
                        );
                        keys.push(label.into());
                        names.push(Value::from(mention(self, &d.who)));
                    }
                    pings.push(self.controller(&d.who));
                }
                (
                    Phrase::new("nw-fight-turn-dodges")
                        .arg("names", joined("nw-join-comma", names))
                        .into(),
                    pings,
                )
            }
            Stage::Dodge => {
                keys.push("nw-button-damage".into());
                msg = msg.styled_button(
                    english("nw-button-damage"),
                    &NwCommand::Combat(CombatCommand::Damage),
                    ButtonStyle::Primary,
                );
                (
                    Phrase::new("nw-fight-turn-damage")
                        .arg("who", mention(self, &a.attacker))
                        .into(),
                    vec![self.controller(&a.attacker)],
                )
            }
            Stage::Defence => {
                keys.push("nw-fight-button-defence-rolls".into());
                msg = msg.styled_button(
                    english("nw-fight-button-defence-rolls"),
                    &NwCommand::Combat(CombatCommand::Damage),
                    ButtonStyle::Primary,
                );
                (
                    Phrase::new("nw-fight-turn-defence")
                        .arg("who", mention(self, &a.attacker))
                        .into(),
                    vec![self.controller(&a.attacker)],
                )
            }
            Stage::Damage => {
                keys.push("nw-button-apply".into());
                msg = msg.styled_button(
                    english("nw-button-apply"),
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
                        let label = Phrase::new("nw-fight-button-cover-for")
                            .arg("who", n.as_str())
                            .arg("for", b.as_str());
                        msg = msg.styled_button(
                            label.text(Locale::En),
                            &NwCommand::Combat(CombatCommand::Coverup {
                                who: Some(n.clone()),
                                r#for: Some(b.clone()),
                            }),
                            ButtonStyle::Secondary,
                        );
                        keys.push(label.into());
                        offers.push(Value::from(
                            Phrase::new("nw-fight-cover-offer")
                                .arg("who", mention(self, &w))
                                .arg("for", b.as_str()),
                        ));
                        pings.push(self.controller(&w));
                    }
                }
                let dmg: Vec<Value> = a
                    .defenders
                    .iter()
                    .filter(|d| d.hit)
                    .map(|d| match &d.covered_by {
                        Some(c) => Phrase::new("nw-fight-damage-to")
                            .arg("who", self.name_of(&d.who))
                            .arg("damage", i64::from(d.damage * cover_factor(a, c)))
                            .arg("to", self.name_of(c))
                            .into(),
                        None if a
                            .defenders
                            .iter()
                            .any(|x| x.covered_by.as_ref() == Some(&d.who)) =>
                        {
                            Phrase::new("nw-fight-damage-replaced")
                                .arg("who", self.name_of(&d.who))
                                .into()
                        }
                        None => Phrase::new("nw-fight-damage-of")
                            .arg("who", self.name_of(&d.who))
                            .arg("damage", i64::from(d.damage))
                            .into(),
                    })
                    .collect();
                (
                    Phrase::new("nw-fight-turn-apply")
                        .arg("who", mention(self, &a.attacker))
                        .arg("damage", joined("nw-join-comma", dmg))
                        .arg("covers", yes(!offers.is_empty()))
                        .arg("offers", joined("nw-join-comma", offers))
                        .into(),
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
                _ => return no(Phrase::new("nw-fight-not-yours")),
            }
        }
    }
    cover_one(s, data, rng, actor, &who.map(str::to_string))
}
