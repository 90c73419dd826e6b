//! The book's guidance for a boss's HP (digest §13): "choose HP from how many Rounds the fight
//! should last and from the gap between PC attack and boss defence"; "a 10-Round fight loses
//! tension"; "if the boss's defence exceeds the PCs' attack by 5 or more, the PCs can barely hurt
//! it except through Criticals and Fumbles". Read-only: it changes nothing.

use super::model::{EVA, MACC, MATK, MDEF, PACC, PATK, PDEF};
use super::Who;
use crate::data::NwData;
use crate::judge::chance::{chance, WAYS};
use crate::judge::roll::yes;
use crate::judge::said::{no, say};
use crate::judge::Mode;
use crate::state::NightWizard;
use crate::words::joined;
use croupier_core::table::{Message, Phrase, RuleError, Value};

/// Rounds past which, the book says, a fight loses tension.
pub const TENSE_ROUNDS: u32 = 10;
/// A defence this far above a PC's attack lets them hurt it only through Criticals (§13).
pub const HOPELESS_GAP: i32 = 5;

/// Expected HP Damage of one damage roll, `2D6 + atk` against `2D6 + def`, counting only
/// positive differences (§10.9 step 5); Criticals and Fumbles of these rolls left out.
fn expected_damage(atk: i32, def: i32) -> f64 {
    let mut sum = 0.0;
    for (a, wa) in WAYS.iter().enumerate() {
        for (b, wb) in WAYS.iter().enumerate() {
            let w = f64::from(wa * wb) / 1296.0;
            sum += w * f64::from((atk + a as i32 - def - b as i32).max(0));
        }
    }
    sum
}

/// Chance that a Hit Check at `acc` beats the target's Dodge Check at `eva` (§10.9 step 4:
/// ties hit), counting the attacker's Critical and Fumble values, not the target's.
fn hit_chance(s: &NightWizard, data: &NwData, who: &Who, acc: i32, eva: i32) -> f64 {
    let cf = s.cf_of(data, who);
    WAYS.iter()
        .enumerate()
        .filter(|(_, w)| **w > 0)
        .map(|(t, w)| {
            let against = Some(eva + t as i32);
            f64::from(*w) / 36.0
                * chance(
                    acc,
                    cf,
                    Mode::Opposed {
                        against,
                        attacker: true,
                    },
                    false,
                )
                .unwrap_or(0.0)
        })
        .sum()
}

/// `/nwenemy boss`: how much HP the enemy labelled (or the enemy data named) `name` should
/// have for the party in the session to take it down in `rounds` Rounds.
pub fn guidance(
    s: &NightWizard,
    data: &NwData,
    name: &str,
    rounds: u32,
) -> Result<Message, RuleError> {
    let n = name.trim();
    let (label, stats, hp, spawned) = match s
        .enemy(n)
        .or_else(|| s.enemies.iter().find(|e| e.label.eq_ignore_ascii_case(n)))
    {
        Some(e) => (
            (e.label.clone(), Value::from(e.label.as_str())),
            e.stats,
            e.hp_max,
            true,
        ),
        None => match data
            .enemies
            .iter()
            .chain(s.custom.enemies.iter())
            .find(|e| e.id.eq_ignore_ascii_case(n) || e.name.eq_ignore_ascii_case(n))
        {
            Some(d) => ((d.name.clone(), d.said_name()), d.stats, d.hp, false),
            None => return no(Phrase::new("nw-fight-boss-none").arg("name", n)),
        },
    };
    let mut per_pc = vec![];
    let mut hopeless = vec![];
    for p in s.pcs.iter().filter(|p| !p.dead) {
        let who = Who::Pc(p.user.clone());
        let st = |i| s.stat(data, &who, i);
        let phys = hit_chance(s, data, &who, st(PACC), stats[EVA])
            * expected_damage(st(PATK), stats[PDEF]);
        let magic = hit_chance(s, data, &who, st(MACC), stats[EVA])
            * expected_damage(st(MATK), stats[MDEF]);
        if stats[PDEF] - st(PATK) >= HOPELESS_GAP && stats[MDEF] - st(MATK) >= HOPELESS_GAP {
            hopeless.push(p.ch.name.clone());
        }
        let (best, kind) = if magic > phys {
            (magic, "magical")
        } else {
            (phys, "physical")
        };
        per_pc.push((p.ch.name.clone(), best, kind));
    }
    if per_pc.is_empty() {
        return no(Phrase::new("nw-fight-boss-no-pc"));
    }
    let (label, name) = label;
    let party: f64 = per_pc.iter().map(|(_, d, _)| d).sum();
    let suggest = (party * f64::from(rounds)).ceil().max(1.0) as i64;
    let mut body: Vec<Value> = vec![Phrase::new("nw-fight-boss-party")
        .arg("party", format!("{party:.1}"))
        .arg("name", name.clone())
        .arg(
            "each",
            joined(
                "nw-join-comma",
                per_pc
                    .iter()
                    .map(|(n, d, k)| {
                        Phrase::new("nw-fight-boss-pc")
                            .arg("who", n.as_str())
                            .arg("damage", format!("{d:.1}"))
                            .arg("kind", *k)
                            .into()
                    })
                    .collect(),
            ),
        )
        .arg("rounds", i64::from(rounds))
        .arg("suggest", suggest)
        .arg("spawned", yes(spawned))
        .arg("hp", i64::from(hp))
        .into()];
    if rounds >= TENSE_ROUNDS {
        body.push(
            Phrase::new("nw-fight-boss-tense")
                .arg("rounds", i64::from(TENSE_ROUNDS))
                .into(),
        );
    }
    if !hopeless.is_empty() {
        let names = hopeless.iter().map(|n| Value::from(n.as_str())).collect();
        body.push(
            Phrase::new("nw-fight-boss-hopeless")
                .arg("name", name.clone())
                .arg("names", joined("nw-join-comma", names))
                .arg("gap", i64::from(HOPELESS_GAP))
                .into(),
        );
    }
    body.push(
        Phrase::new("nw-fight-boss-how")
            .arg("label", label.as_str())
            .arg("suggest", suggest)
            .arg("spawned", yes(spawned))
            .into(),
    );
    Ok(say(Phrase::titled("nw-fight-boss-title", "nw-fight-boss")
        .arg("name", name)
        .arg("body", Value::Lines(body))))
}

#[cfg(test)]
#[path = "boss_tests.rs"]
mod tests;
