//! HP loss in a fight and what lands with it (digest §10.1, §10.9 step 6): the one place a
//! combatant loses HP, shared by the attack, Cover Up and the Cleanup Process's damage.

use super::{Attack, NightWizard, NwData, Who};
use crate::judge::roll::yes;
use crate::judge::said::Lines;
use croupier_core::table::Phrase;

/// Step 6: HP Damage and the attack's bad status land on `on`. Skills that reduce HP Damage
/// apply now, after the damage roll (§10.9 step 6), never below 0; the bad status lands when
/// the damage roll won, whatever the reduction leaves.
pub(crate) fn land(
    s: &mut NightWizard,
    data: &NwData,
    at: &Attack,
    on: &Who,
    damage: i32,
    lines: &mut Lines,
) {
    let (cut, shown, used) = super::effects::reduction(s, data, on);
    if cut != 0 && damage > 0 {
        super::effects::use_up(s, &used);
        let after = (damage - cut).max(0);
        lines.push(
            Phrase::new("nw-fx-cut")
                .arg("cuts", crate::words::joined("nw-join-comma", shown))
                .arg("damage", i64::from(damage))
                .arg("after", i64::from(after)),
        );
        hurt(s, data, on, after, lines);
    } else {
        hurt(s, data, on, damage, lines);
    }
    if damage > 0 {
        // An enemy's attack text, or an attack skill's `status` effect on its user.
        let given = match &at.attacker {
            Who::Enemy(l) => s.enemy(l).and_then(|e| e.inflicts.clone()),
            Who::Pc(_) => None,
        }
        .or_else(|| {
            super::effects::inflicted(s, &at.attacker)
                .map(|(n, r, _)| (super::BadStatus::parse(&n), r))
        });
        if let Some((n, r)) = given {
            if let Some(b) = s.bad_mut(on) {
                b.add(n.clone(), r);
            }
            lines.push(
                Phrase::new("nw-fight-gets-bs")
                    .arg("who", s.name_of(on))
                    .arg("status", crate::status::written_said(&n, r)),
            );
        }
    }
}

/// Loses HP (floored at 0); at 0 the character is Incapacitated: Post-action, Count 0.
pub(crate) fn hurt(s: &mut NightWizard, data: &NwData, w: &Who, n: i32, lines: &mut Lines) {
    let name = s.name_of(w);
    let (hp, max) = match w {
        Who::Pc(u) => {
            let Some(i) = s.pcs.iter().position(|p| &p.user == u) else {
                return;
            };
            let max = s.pcs[i].ch.derive(&s.catalog(data)).body;
            let p = &mut s.pcs[i];
            p.hp = (p.hp - n).max(0);
            (p.hp, max)
        }
        Who::Enemy(l) => {
            let Some(e) = s.enemy_mut(l) else { return };
            e.hp = (e.hp - n).max(0);
            (e.hp, e.hp_max)
        }
    };
    lines.push(
        Phrase::new("nw-loses-hp")
            .arg("who", name.as_str())
            .arg("hp", i64::from(n))
            .arg("left", i64::from(hp))
            .arg("max", i64::from(max)),
    );
    if hp == 0 {
        if let Some(c) = s.combat.as_mut() {
            for f in c.fighters.iter_mut().filter(|f| &f.who == w) {
                f.post = true;
                f.count = 0;
            }
        }
        lines.push(
            Phrase::new("nw-down")
                .arg("who", name.as_str())
                .arg("pc", yes(matches!(w, Who::Pc(_)))),
        );
    }
}
