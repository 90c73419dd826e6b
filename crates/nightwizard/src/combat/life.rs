//! Incapacitated and Dead (digest §10.1, §10.10): falling to HP 0 outside an attack (a GM's HP
//! change) takes effect at once in the fight.

use super::{
    end_main, initiative, take_open, Dice, NightWizard, NwData, Reply, Who, DAMAGE_ROLL,
    DEFENCE_ROLL,
};
use crate::judge::said::Lines;
use croupier_core::table::Phrase;

/// §10.1 Incapacitated: at HP 0 a character "may use no actions" and "immediately become[s]
/// Post-Action, Count = 0". When it is the character whose Main Process it is (an attack it
/// started included), that Main Process ends and the Round goes on; a character tied for the
/// next Main Process drops out of the choice. Nothing when `w` is not in the fight.
pub fn incapacitated(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    w: &Who,
) -> Vec<Reply> {
    let Some(c) = s.combat.as_mut() else {
        return vec![];
    };
    if !c.fighters.iter().any(|f| &f.who == w) {
        return vec![];
    }
    for f in c.fighters.iter_mut().filter(|f| &f.who == w) {
        f.post = true;
        f.count = 0;
    }
    let acting =
        c.current.as_ref() == Some(w) || c.attack.as_ref().is_some_and(|a| &a.attacker == w);
    let tied = c.current.is_none() && c.skills.window.is_none() && c.candidates.contains(w);
    let name = s.name_of(w);
    let (mut lines, mut gm) = (Lines::new(), Lines::new());
    let say = |lines: &mut Lines, gm: &mut Lines, t: Phrase| {
        if s.hidden(w) {
            gm.push(t);
        } else {
            lines.push(t);
        }
    };
    if acting {
        say(
            &mut lines,
            &mut gm,
            Phrase::new("nw-down-acting").arg("who", name.as_str()),
        );
        for label in ["Hit Check", "Dodge Check", DAMAGE_ROLL, DEFENCE_ROLL] {
            take_open(s, w, label);
        }
        if let Some(c) = s.combat.as_mut() {
            c.damage_rolls = None;
        }
        end_main(s, data, rng, &mut lines, &mut gm);
    } else if tied {
        say(
            &mut lines,
            &mut gm,
            Phrase::new("nw-down-tied").arg("who", name.as_str()),
        );
        if let Some(c) = s.combat.as_mut() {
            c.candidates.clear();
        }
        initiative(s, data, rng, &mut lines, &mut gm);
    } else {
        say(
            &mut lines,
            &mut gm,
            Phrase::new("nw-down-post").arg("who", name.as_str()),
        );
    }
    s.tracker(lines, gm)
}
