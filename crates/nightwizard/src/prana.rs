//! Prana (§4.2) outside a skill's own cost: the options on an open Judge, Avoid
//! Incapacitated, paying a cost, and shaking off a Lunar Logic.

use super::data::NwData;
use super::state::{NightWizard, PranaUse};
use croupier_core::rng::GameRng;
use croupier_core::table::{refuse, Actor, Message, Reply, RuleError};

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
                return refuse("you have no open Judge.");
            };
            s.open.remove(k);
            return Ok(vec![Reply::private(
                &actor.id,
                Message::text("Judge accepted."),
            )]);
        }
        return refuse("only a PC has Prana (the GM's NPCs usually have none).");
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
                return refuse(format!(
                    "that costs {n} Prana; you have {have} (Prana never goes below 0)."
                ));
            }
            spend(s, n);
            Ok(vec![Reply::public(Message::text(format!(
                "{name} pays {n} Prana for a skill ({} left).",
                have - n
            )))])
        }
        PranaUse::Avoid => {
            let cost = data.rules.prana.avoid_incapacitated_cost;
            let p = &s.pcs[i];
            if p.hp > 0 {
                return refuse("you are not Incapacitated (HP 0).");
            }
            if p.avoided_scene == Some(s.scene) {
                return refuse("Avoid Incapacitated works once per Scene.");
            }
            if cost > have {
                return refuse(format!(
                    "Avoid Incapacitated costs {cost} Prana; you have {have}."
                ));
            }
            spend(s, cost);
            let p = &mut s.pcs[i];
            p.hp = 1;
            p.avoided_scene = Some(s.scene);
            let line = format!("{name} spends {cost} Prana and gets back up with 1 HP.");
            if s.combat.as_ref().is_some_and(|c| !c.last_stand.is_empty()) {
                let (mut lines, mut gm) = (vec![line], vec![]);
                super::combat::round::stand_again(s, data, rng, &mut lines, &mut gm);
                return Ok(s.tracker(lines, gm));
            }
            Ok(vec![Reply::public(Message::text(line))])
        }
        // §4.2 use 7: only a Logic of the Casket that is up, shaken off as `/nwcasket shake` does.
        PranaUse::Logic(l) => super::casket::shake(s, actor, l),
        _ => {
            let Some(k) = s.open.iter().position(|o| o.user == actor.id) else {
                return refuse("you have no open Judge to spend Prana on.");
            };
            if *u == PranaUse::Accept {
                let j = s.open.remove(k);
                let o = j.judge.outcome();
                let mut out = vec![Reply::private(
                    &actor.id,
                    Message::text(format!("{} accepted: Result {}.", j.label, o.result)),
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
                return refuse(format!("that needs {cost} Prana; you have {have}."));
            }
            let mut j = s.open[k].clone();
            let rules = s.settings.judge;
            let what = match u {
                PranaUse::Reroll => {
                    j.judge.reroll(rng)?;
                    "rerolls the dice".to_string()
                }
                PranaUse::Cancel => {
                    j.judge.cancel_fumble()?;
                    "cancels the Fumble".to_string()
                }
                PranaUse::Fudge(up) => {
                    j.judge.fudge(*up, &rules, rng)?;
                    format!("fudges the dice {}", if *up { "+1" } else { "−1" })
                }
                PranaUse::Raise(n) => {
                    j.judge.raise(*n, &rules, rng)?;
                    format!("raises the Result by {}D", n * rules.raise_dice)
                }
                _ => return refuse("that is not a Judge option."),
            };
            spend(s, cost);
            s.open[k] = j.clone();
            Ok(s.judge_replies(
                &j,
                data,
                Some(format!("{name} spends {cost} Prana and {what}.")),
            ))
        }
    }
}
