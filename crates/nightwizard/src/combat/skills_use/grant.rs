//! What a declared skill or item gives at once (issue #36): a status on its targets — a bad
//! status of `rules.toml` (added by §10.12's overlap rules) or Flying (§10.7) — and items
//! (§15.5 Category: Item: "grants … an item"; such items "can't be sold or Preserved and are
//! lost in the After Phase": kept as items gained in play, `Pc::gained`).

use super::super::super::character::OwnedItem;
use super::super::super::data::{Effect, FLYING};
use super::super::super::judge::said::Lines;
use super::super::super::status::written;
use super::super::{BadStatus, NightWizard, NwData, Who};
use super::Usable;

/// Gives `u`'s statuses and items to each of `on` (the user when it names no one).
pub(super) fn give(
    s: &mut NightWizard,
    data: &NwData,
    on: &[Who],
    me: &Who,
    u: &Usable,
    lines: &mut Lines,
) {
    let own = [me.clone()];
    let on = if on.is_empty() { &own[..] } else { on };
    for e in &u.effects {
        match e {
            Effect::Status { status, .. } if status.eq_ignore_ascii_case(FLYING) => {
                for w in on {
                    let name = s.name_of(w);
                    match s.combat.as_mut() {
                        Some(c) => {
                            if !c.moves.flying.contains(w) {
                                c.moves.flying.push(w.clone());
                            }
                            lines.push(format!("🪽 {name} is Flying ({}).", u.name));
                        }
                        None => lines.push(format!(
                            "🪽 {name} may fly ({}): Flying counts in Round Progression only.",
                            u.name
                        )),
                    }
                }
            }
            Effect::Status { status, rating } => {
                let b = BadStatus::parse(status);
                for w in on {
                    if let Some(bad) = s.bad_mut(w) {
                        bad.add(b.clone(), *rating);
                    }
                    lines.push(format!(
                        "{} gets BS: {} ({}).",
                        s.name_of(w),
                        written(&b, *rating),
                        u.name
                    ));
                }
            }
            Effect::Item { item } => {
                let cat = s.catalog(data);
                let Some(def) = cat.item(item) else { continue };
                let (id, name) = (def.id.clone(), def.name.clone());
                for w in on {
                    let Who::Pc(uid) = w else {
                        lines.push(format!("{} takes no items.", s.name_of(w)));
                        continue;
                    };
                    let Some(p) = s.pcs.iter_mut().find(|p| &p.user == uid) else {
                        continue;
                    };
                    p.ch.items.push(OwnedItem {
                        id: id.clone(),
                        equipped: false,
                        preserved: false,
                    });
                    p.gained.push(id.clone());
                    lines.push(format!(
                        "🎁 {} gets the {name} from {} (in the Inventory; it cannot be sold or Preserved and is lost in the After phase).",
                        p.ch.name, u.name
                    ));
                }
            }
            _ => {}
        }
    }
}
