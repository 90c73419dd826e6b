//! The exact chance of success shown before a Judge is rolled, counting every Critical and
//! Fumble value (§3.3, §3.4) and the critical chain of an opposed Judge.

use super::roll::{Cf, Mode, Values};

/// Ways 2d6 makes each total (index = total).
pub(crate) const WAYS: [u32; 13] = [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// Exact chance that a fresh Judge succeeds, counting the Critical and Fumble values.
/// `None` when there is nothing to beat.
pub fn chance(alter: i32, cf: Cf, mode: Mode, any_seven: bool) -> Option<f64> {
    chance_values(alter, cf, &Values::default(), mode, any_seven)
}

/// [`chance`] with further Critical and Fumble values (a Fumble value wins a tie, as in BCDice).
pub fn chance_values(
    alter: i32,
    cf: Cf,
    more: &Values,
    mode: Mode,
    any_seven: bool,
) -> Option<f64> {
    let is_crit = |t: u32| t == cf.critical || more.critical.contains(&t);
    let is_fumble = |t: u32| t == cf.fumble || more.fumble.contains(&t);
    let need = match mode {
        Mode::Normal { difficulty } => difficulty?,
        Mode::Opposed { against, attacker } => {
            let n = against?;
            if attacker {
                n
            } else {
                n + 1
            }
        }
        Mode::Recovery => return None,
    };
    if any_seven {
        return Some(if alter + 7 >= need { 1.0 } else { 0.0 });
    }
    let opposed = matches!(mode, Mode::Opposed { .. });
    // Chance that a chained roll (after `crits` criticals) reaches `need`.
    fn chain(alter: i32, crit: &dyn Fn(u32) -> bool, need: i32, crits: i32, depth: u32) -> f64 {
        if alter + 10 * crits + 2 >= need || depth > 12 {
            return 1.0;
        }
        let mut p = 0.0;
        for t in 2..=12u32 {
            let w = WAYS[t as usize] as f64 / 36.0;
            if crit(t) {
                p += w * chain(alter, crit, need, crits + 1, depth + 1);
            } else if alter + 10 * crits + t as i32 >= need {
                p += w;
            }
        }
        p
    }
    let mut p = 0.0;
    for t in 2..=12u32 {
        let w = WAYS[t as usize] as f64 / 36.0;
        let ok = if is_fumble(t) {
            (alter - 10).max(0) >= need
        } else if is_crit(t) {
            if opposed {
                p += w * chain(alter, &is_crit, need, 1, 0);
                continue;
            }
            true
        } else {
            (alter + t as i32).max(0) >= need
        };
        if ok {
            p += w;
        }
    }
    Some(p)
}
