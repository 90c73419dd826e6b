//! What a declared skill or item gives at once (issue #36): a status on its targets — a bad
//! status of `rules.toml` (added by §10.12's overlap rules) or Flying (§10.7) — and items
//! (§15.5 Category: Item: "grants … an item"; such items "can't be sold or Preserved and are
//! lost in the After Phase": kept as items gained in play, `Pc::gained`).

use super::super::super::character::OwnedItem;
use super::super::super::data::{Effect, FLYING};
use super::super::super::judge::said::Lines;
use super::super::super::status::written_said;
use super::super::{BadStatus, NightWizard, NwData, Who};
use super::Usable;
use croupier_core::table::Phrase;

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
                            lines.push(
                                Phrase::new("nw-sk-flying")
                                    .arg("who", name)
                                    .arg("name", u.said_name()),
                            );
                        }
                        None => lines.push(
                            Phrase::new("nw-sk-may-fly")
                                .arg("who", name)
                                .arg("name", u.said_name()),
                        ),
                    }
                }
            }
            Effect::Status { status, rating } => {
                let b = BadStatus::parse(status);
                for w in on {
                    if let Some(bad) = s.bad_mut(w) {
                        bad.add(b.clone(), *rating);
                    }
                    lines.push(
                        Phrase::new("nw-sk-gets-bs")
                            .arg("who", s.name_of(w))
                            .arg("status", written_said(&b, *rating))
                            .arg("name", u.said_name()),
                    );
                }
            }
            Effect::Item { item } => {
                let cat = s.catalog(data);
                let Some(def) = cat.item(item) else { continue };
                let (id, item) = (def.id.clone(), def.said_name());
                for w in on {
                    let Who::Pc(uid) = w else {
                        lines.push(Phrase::new("nw-sk-no-items").arg("who", s.name_of(w)));
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
                    lines.push(
                        Phrase::new("nw-sk-gets-item")
                            .arg("who", p.ch.name.as_str())
                            .arg("item", item.clone())
                            .arg("name", u.said_name()),
                    );
                }
            }
            _ => {}
        }
    }
}
