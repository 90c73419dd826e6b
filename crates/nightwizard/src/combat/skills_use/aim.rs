//! A skill's Target and Range checked before its Cost is paid (§15.5 Target and Range, §10.6
//! bands, §10.9 step 1): whom it lands on, or a refusal naming the rule.

use super::super::super::data::{Aim, Reach};
use super::super::model::Band;
use super::super::movement::range_between;
use super::super::{NightWizard, RuleError, Who};
use super::Usable;
use crate::judge::said::no;
use croupier_core::table::{Phrase, Value};

/// The characters named (`target:` and `targets:` arrive as one comma-separated list).
fn named(s: &NightWizard, target: Option<&str>, gm: bool) -> Result<Vec<Who>, RuleError> {
    let mut out: Vec<Who> = vec![];
    for k in target
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        let Some(w) = s.find(k, gm) else {
            return no(Phrase::new("nw-sk-no-character").arg("name", k));
        };
        if s.dead(&w) {
            return no(Phrase::new("nw-sk-dead").arg("who", s.name_of(&w)));
        }
        if !out.contains(&w) {
            out.push(w);
        }
    }
    Ok(out)
}

/// Whom `u`, used by `me`, lands on: its Target field read (Self, Single, nX, Area, Area (P),
/// Scene), then each one checked against its Range in the fight. Outside a fight there are no
/// positions: the characters named (or the user). Empty: nobody named where an attack skill
/// needs a Defender (the caller refuses).
pub(super) fn aimed(
    s: &NightWizard,
    me: &Who,
    u: &Usable,
    target: Option<&str>,
    gm: bool,
) -> Result<Vec<Who>, RuleError> {
    let picked = named(s, target, gm)?;
    let who = |w: &Who| s.name_of(w);
    let aim = u.aim.unwrap_or(Aim::Refer);
    let Some(c) = s.combat.as_ref() else {
        return Ok(match aim {
            Aim::Own => {
                if let Some(o) = picked.iter().find(|w| *w != me) {
                    return own_only(u, who(o));
                }
                vec![me.clone()]
            }
            _ if picked.is_empty() && u.attack.is_none() => vec![me.clone()],
            _ => picked,
        });
    };
    let mut on = match aim {
        Aim::Own => {
            if let Some(o) = picked.iter().find(|w| *w != me) {
                return own_only(u, who(o));
            }
            return Ok(vec![me.clone()]);
        }
        Aim::Single if picked.len() > 1 => {
            return no(Phrase::new("nw-sk-target-single")
                .arg("name", u.said_name())
                .arg("named", picked.len() as i64))
        }
        Aim::Up(n) if picked.len() > n as usize => {
            return no(Phrase::new("nw-sk-target-up")
                .arg("name", u.said_name())
                .arg("most", i64::from(n))
                .arg("named", picked.len() as i64))
        }
        Aim::Area => {
            // Every character, friend or foe, in one Engage chosen by the user (§15.5): the
            // Engage of the one named, or the user's own.
            let anchor = picked.first().unwrap_or(me);
            if picked.len() > 1 {
                return no(Phrase::new("nw-sk-target-area").arg("name", u.said_name()));
            }
            // An attack leaves out its user, and (as `/nwcombat attack area:true` does) the
            // hidden and the Incapacitated other than the one named.
            let attack = u.attack.is_some();
            match NightWizard::engage_of(c, anchor) {
                Some(g) => c.engages[g]
                    .iter()
                    .filter(|w| !s.dead(w) && (!attack || *w != me))
                    .filter(|w| *w == anchor || gm || !s.hidden(w))
                    .filter(|w| *w == anchor || !attack || s.hp_of(w) > 0)
                    .cloned()
                    .collect(),
                None => vec![anchor.clone()],
            }
        }
        Aim::Picked(most) => {
            if let Some(n) = most.filter(|n| picked.len() > *n as usize) {
                return no(Phrase::new("nw-sk-target-picked-most")
                    .arg("name", u.said_name())
                    .arg("most", i64::from(n)));
            }
            let engages: Vec<Option<usize>> = picked
                .iter()
                .map(|w| NightWizard::engage_of(c, w))
                .collect();
            if engages.windows(2).any(|p| p[0].is_none() || p[0] != p[1]) {
                return no(Phrase::new("nw-sk-target-picked").arg("name", u.said_name()));
            }
            picked
        }
        Aim::Scene => {
            // Everyone who has appeared, except at Extreme range (§15.5, §10.6).
            let mut all: Vec<Who> = c.fighters.iter().map(|f| f.who.clone()).collect();
            all.retain(|w| !s.dead(w) && (gm || !s.hidden(w)));
            all.retain(|w| range_between(c, me, w) != Band::Extreme);
            all
        }
        _ => picked,
    };
    if on.is_empty() && u.attack.is_none() {
        on.push(me.clone());
    }
    let reach = u.reach.unwrap_or(Reach::Weapon);
    for t in on.iter().filter(|t| *t != me) {
        let band = range_between(c, me, t);
        let ok = match reach {
            // The weapon's range is the attack's to check.
            Reach::Weapon => true,
            Reach::Own => false,
            Reach::Close => band == Band::Close,
            // A plain Short reaches Close too (§14.3), as a Short weapon does.
            Reach::Short => matches!(band, Band::Close | Band::Short),
            Reach::Long => band != Band::Extreme,
            Reach::Scene => band != Band::Extreme,
        };
        if !ok {
            let rule = match reach {
                Reach::Own => "own",
                Reach::Close => "close",
                Reach::Short => "short",
                _ => "far",
            };
            return no(Phrase::new("nw-sk-out-of-range")
                .arg("name", u.said_name())
                .arg("range", reach.label())
                .arg("rule", rule)
                .arg("who", who(t))
                .arg("band", band.said()));
        }
    }
    Ok(on)
}

fn own_only<T>(u: &Usable, other: String) -> Result<T, RuleError> {
    no(Phrase::new("nw-sk-target-self")
        .arg("name", u.said_name())
        .arg("other", Value::from(other)))
}
