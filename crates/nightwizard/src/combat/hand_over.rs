//! Handing an item to another character (§10.4: a Major Action "gives someone else an item"):
//! in a fight it takes the giver's Major Action and ends the Main Process, the receiver in the
//! giver's Engage (rules-choices: one hands things over at arm's length); outside a fight it
//! is free. The item leaves the giver's sheet for this Episode (as a used one does) and goes
//! into the receiver's Inventory as an item gained in play (`Pc::gained`), lost in the After
//! phase unless it was the receiver's own (§6.3).

use super::super::character::OwnedItem;
use super::{end_main, my_turn, Actor, Dice, NightWizard, NwData, Reply, RuleError, Who};
use crate::judge::roll::yes;
use crate::judge::said::{no, say, Lines};
use croupier_core::table::Phrase;

/// `/nw give item: to:`.
pub fn give(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut impl Dice,
    actor: &Actor,
    item: &str,
    to: &str,
) -> Result<Vec<Reply>, RuleError> {
    let Some(g) = s.pcs.iter().position(|p| p.user == actor.id) else {
        return Err(crate::state::join_first());
    };
    if s.pcs[g].dead {
        return Err(s.pcs[g].dead_refusal());
    }
    if s.pcs[g].hp <= 0 {
        return no(Phrase::new("nw-fight-give-down"));
    }
    if let Some(c) = s.combat.as_ref() {
        my_turn(s, actor)?;
        c.used.may_major()?;
    }
    let cat = s.catalog(data);
    let Some(def) = cat.item(item) else {
        return no(Phrase::new("nw-fight-no-item").arg("item", item.trim()));
    };
    let (id, name) = (def.id.clone(), def.said_name());
    let giver = &s.pcs[g].ch;
    // A carried one before a worn one, as using does.
    let Some(k) = giver
        .items
        .iter()
        .position(|i| i.id == id && !i.equipped)
        .or_else(|| giver.items.iter().position(|i| i.id == id))
    else {
        return no(Phrase::new("nw-fight-has-no")
            .arg("who", giver.name.as_str())
            .arg("item", name));
    };
    let Some(Who::Pc(uid)) = s.find(to, false) else {
        return no(Phrase::new("nw-fight-give-no-pc").arg("to", to.trim()));
    };
    let Some(r) = s.pcs.iter().position(|p| p.user == uid) else {
        return no(Phrase::new("nw-fight-no-pc").arg("to", to.trim()));
    };
    if r == g {
        return no(Phrase::new("nw-fight-hold-it"));
    }
    if s.pcs[r].dead {
        return no(Phrase::new("nw-fight-is-dead").arg("who", s.pcs[r].ch.name.as_str()));
    }
    let me = Who::Pc(actor.id.clone());
    let fighting = s.combat.is_some();
    if let Some(c) = s.combat.as_ref() {
        let mine = NightWizard::engage_of(c, &me);
        if mine.is_none() || mine != NightWizard::engage_of(c, &Who::Pc(uid.clone())) {
            return no(Phrase::new("nw-fight-give-close").arg("to", s.pcs[r].ch.name.as_str()));
        }
    }
    // Validated: the item changes hands.
    s.pcs[g].ch.items.remove(k);
    if let Some(j) = s.pcs[g].gained.iter().position(|x| *x == id) {
        s.pcs[g].gained.remove(j);
    }
    s.pcs[r].ch.items.push(OwnedItem {
        id: id.clone(),
        equipped: false,
        preserved: false,
    });
    s.pcs[r].gained.push(id);
    let line = Phrase::new("nw-fight-hands")
        .arg("who", s.pcs[g].ch.name.as_str())
        .arg("item", name)
        .arg("to", s.pcs[r].ch.name.as_str())
        .arg("major", yes(fighting));
    if !fighting {
        return Ok(vec![Reply::public(say(line))]);
    }
    let mut lines = Lines::from(line);
    if let Some(c) = s.combat.as_mut() {
        c.used.moved = true;
        c.used.minor = true;
        c.used.major = true;
    }
    let mut gm = Lines::new();
    end_main(s, data, rng, &mut lines, &mut gm);
    Ok(s.tracker(lines, gm))
}

#[cfg(test)]
#[path = "hand_over_tests.rs"]
mod tests;
