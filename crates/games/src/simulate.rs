//! `croupier simulate GAME [ARGS…]`: offline simulators that games offer (balance, odds).

/// Runs the simulator of `game` with its own arguments; returns the report to print.
pub fn run(game: &str, args: &[String]) -> Result<String, String> {
    match game {
        // One arm per game that offers a simulator.
        "dice" => dice_table(args),
        "ninja" => crate::ninja::sim::run(args),
        "nakama" => crate::nakama::simulate(args),
        other => Err(format!("no simulator for `{other}`")),
    }
}

/// Most rows the dice table's simulator prints: past it, neighbouring results share a row.
const DICE_ROWS: usize = 40;

/// A tail of results rarer than this (together) is printed as one row, not result by result.
const DICE_TAIL: f64 = 0.0005;

/// The dice table's simulator: the exact odds of an expression (`croupier simulate dice 4d6kh3`).
/// At most [`DICE_ROWS`] rows, one per result or per range of results, only results that
/// can happen; what the odds leave out is said last.
fn dice_table(args: &[String]) -> Result<String, String> {
    use croupier_core::dice::percent;
    let expr = args.join(" ");
    let d = croupier_core::dice::odds(&expr).map_err(|e| e.to_string())?;
    let probs: Vec<(i64, f64)> = d.probs.iter().map(|(&v, &p)| (v, p)).collect();
    if probs.is_empty() {
        let left_out = d.note().unwrap_or_default();
        return Err(format!("{expr}: no roll gives a result. {left_out}"));
    }
    let mut out = format!("{expr}: mean {:.3}\n", d.mean());
    // at_least[i]: the chance of probs[i].0 or more.
    let mut at_least = vec![0.0; probs.len() + 1];
    for i in (0..probs.len()).rev() {
        at_least[i] = at_least[i + 1] + probs[i].1;
    }
    let mass = at_least[0];
    // The rare tails: [0, first) below, [last, len) above.
    let mut first = 0;
    while first + 1 < probs.len() && mass - at_least[first + 1] < DICE_TAIL {
        first += 1;
    }
    let mut last = probs.len();
    while last > first + 1 && at_least[last - 1] < DICE_TAIL {
        last -= 1;
    }
    // A chance too small for one decimal of a percent is written like 3.2e-6.
    let chance = |p: f64| {
        if p > 0.0 && p < DICE_TAIL {
            format!("{p:.1e}")
        } else {
            percent(p)
        }
    };
    let row = |out: &mut String, label: String, i: usize, j: usize| {
        out.push_str(&format!(
            "{label:>15} {:>7}  ≥ {:>7}\n",
            chance(at_least[i] - at_least[j]),
            chance(at_least[i])
        ));
    };
    let range = |i: usize, j: usize| {
        let (a, b) = (probs[i].0, probs[j - 1].0);
        if a == b {
            a.to_string()
        } else {
            format!("{a}–{b}")
        }
    };
    if first > 0 {
        row(&mut out, format!("≤ {}", probs[first - 1].0), 0, first);
    }
    // The middle, in rows of equal width when it has more results than rows.
    let (lo, hi) = (probs[first].0, probs[last - 1].0);
    let width = if last - first <= DICE_ROWS {
        1
    } else {
        (i128::from(hi) - i128::from(lo)) / DICE_ROWS as i128 + 1
    };
    let mut i = first;
    while i < last {
        let end_value = i128::from(probs[i].0) + width;
        let mut j = i + 1;
        while j < last && i128::from(probs[j].0) < end_value {
            j += 1;
        }
        row(&mut out, range(i, j), i, j);
        i = j;
    }
    if last < probs.len() {
        row(&mut out, format!("≥ {}", probs[last].0), last, probs.len());
    }
    if let Some(note) = d.note() {
        out.push_str(&note);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::run;

    fn simulate(expr: &str) -> String {
        run("dice", &[expr.to_string()]).unwrap()
    }

    #[test]
    fn simulate_dice_says_what_is_left_out_1d20r_below_20_fails_in_0_56_percent() {
        // Rerolling every face below 20 passes the limit of 100 rerolls in (19/20)^101 ≈ 0.56 %.
        let out = simulate("1d20r<20");
        assert!(
            out.contains("Left out: 5.6e-3 of rolls pass the limit of 100 explosions or rerolls"),
            "{out}"
        );
    }

    #[test]
    fn simulate_dice_prints_at_most_40_rows_3d6_exploding_had_427() {
        for expr in ["3d6!", "1d1000000", "1d2*100000000", "10d10!"] {
            let out = simulate(expr);
            let rows = out.lines().count() - 1;
            assert!(rows <= 42, "{expr}: {rows} rows\n{out}");
            // No row for results that cannot happen.
            assert!(!out.contains(" 0.0%  ≥"), "{expr}:\n{out}");
        }
        // 1d2*100000000: two results, two rows.
        let out = simulate("1d2*100000000");
        assert_eq!(out.lines().count(), 3, "{out}");
        assert!(out.contains("100000000   50.0%  ≥  100.0%"), "{out}");
        assert!(out.contains("200000000   50.0%  ≥   50.0%"), "{out}");
    }

    #[test]
    fn simulate_dice_small_tables_keep_one_row_per_result() {
        let out = simulate("2d6");
        assert_eq!(out.lines().count(), 12, "{out}");
        assert!(out.contains("              7   16.7%  ≥   58.3%"), "{out}");
    }
}
