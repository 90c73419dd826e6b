//! Prana (§4.2) outside a skill's own cost: the options on an open Judge, Avoid
//! Incapacitated, paying a cost, and shaking off a Lunar Logic.

use super::data::NwData;
use super::judge::said::{self, no, say, Lines};
use super::state::{NightWizard, PranaUse};
use croupier_core::rng::GameRng;
use croupier_core::table::{Actor, Phrase, Reply, RuleError, Value};

/// `/nw prana`.
pub fn prana(
    s: &mut NightWizard,
    data: &NwData,
    rng: &mut GameRng,
    actor: &Actor,
    u: &PranaUse,
) -> Result<Vec<Reply>, RuleError> {
    let Some(i) = s.pc_index(&actor.id) else {
        if *u == PranaUse::Accept {
            let Some(k) = s.open.iter().position(|o| o.user == actor.id) else {
                return no(Phrase::new("nw-prana-no-judge"));
            };
            s.open.remove(k);
            return Ok(vec![Reply::private(
                &actor.id,
                say(Phrase::new("nw-prana-gm-accepted")),
            )]);
        }
        return no(Phrase::new("nw-prana-pcs-only"));
    };
    if s.pcs[i].dead {
        return Err(s.pcs[i].dead_refusal());
    }
    let have = s.pcs[i].prana;
    let name = s.pcs[i].ch.name.clone();
    let spend = |s: &mut NightWizard, n: i32| s.pcs[i].prana -= n;
    match u {
        PranaUse::Cost(n) => {
            let n = *n as i32;
            if n > have {
                return no(Phrase::new("nw-prana-cost-short")
                    .arg("cost", i64::from(n))
                    .arg("have", i64::from(have)));
            }
            spend(s, n);
            Ok(vec![Reply::public(say(Phrase::new("nw-prana-pays")
                .arg("name", name.as_str())
                .arg("cost", i64::from(n))
                .arg("left", i64::from(have - n))))])
        }
        PranaUse::Avoid => {
            let cost = data.rules.prana.avoid_incapacitated_cost;
            let p = &s.pcs[i];
            if p.hp > 0 {
                return no(Phrase::new("nw-avoid-not-down"));
            }
            if p.avoided_scene == Some(s.scene) {
                return no(Phrase::new("nw-avoid-once"));
            }
            if cost > have {
                return no(Phrase::new("nw-avoid-short")
                    .arg("cost", i64::from(cost))
                    .arg("have", i64::from(have)));
            }
            spend(s, cost);
            let p = &mut s.pcs[i];
            p.hp = 1;
            p.avoided_scene = Some(s.scene);
            let line: Value = Phrase::new("nw-avoid")
                .arg("name", name.as_str())
                .arg("cost", i64::from(cost))
                .into();
            if s.combat.as_ref().is_some_and(|c| !c.last_stand.is_empty()) {
                let (mut lines, mut gm) = (Lines(vec![line.clone()]), Lines::new());
                super::combat::round::stand_again(s, data, rng, &mut lines, &mut gm);
                return Ok(s.tracker(lines, gm));
            }
            Ok(vec![Reply::public(say(
                Phrase::new("nw-said").arg("line", line)
            ))])
        }
        // §4.2 use 7: only a Logic of the Casket that is up, shaken off as `/nwcasket shake` does.
        PranaUse::Logic(l) => super::casket::shake(s, actor, l),
        _ => {
            let Some(k) = s.open.iter().position(|o| o.user == actor.id) else {
                return no(Phrase::new("nw-prana-no-open"));
            };
            if *u == PranaUse::Accept {
                let j = s.open.remove(k);
                let o = j.judge.outcome();
                let mut out = vec![Reply::private(
                    &actor.id,
                    say(Phrase::new("nw-prana-accepted")
                        .arg("label", said::label(&j.label))
                        .arg("result", i64::from(o.result))),
                )];
                // The next of the PC's Judges left open (natural recovery's MP Judge) is offered.
                if let Some(next) = s.open.iter().find(|o| o.user == actor.id) {
                    let label = next.label.clone();
                    out.extend(super::combat::round::prana_offer(s, &actor.id, &label));
                }
                return Ok(out);
            }
            let cost = match u {
                PranaUse::Raise(n) => *n as i32,
                _ => 1,
            };
            if cost > have {
                return no(Phrase::new("nw-prana-short")
                    .arg("cost", i64::from(cost))
                    .arg("have", i64::from(have)));
            }
            let mut j = s.open[k].clone();
            let rules = s.settings.judge;
            let what = match u {
                PranaUse::Reroll => {
                    j.judge.reroll(rng)?;
                    Phrase::new("nw-prana-reroll")
                }
                PranaUse::Cancel => {
                    j.judge.cancel_fumble()?;
                    Phrase::new("nw-prana-cancel")
                }
                PranaUse::Fudge(up) => {
                    j.judge.fudge(*up, &rules, rng)?;
                    Phrase::new("nw-prana-fudge").arg("by", if *up { "+1" } else { "−1" })
                }
                PranaUse::Raise(n) => {
                    j.judge.raise(*n, &rules, rng)?;
                    Phrase::new("nw-prana-raise").arg("dice", i64::from(n * rules.raise_dice))
                }
                _ => return no(Phrase::new("nw-prana-not-an-option")),
            };
            spend(s, cost);
            s.open[k] = j.clone();
            Ok(s.judge_replies(
                &j,
                data,
                Some(
                    what.arg("name", name.as_str())
                        .arg("cost", i64::from(cost))
                        .into(),
                ),
            ))
        }
    }
}
