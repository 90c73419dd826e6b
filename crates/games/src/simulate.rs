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

/// The dice table's simulator: the exact odds of an expression (`croupier simulate dice 4d6kh3`).
fn dice_table(args: &[String]) -> Result<String, String> {
    let expr = args.join(" ");
    let d = croupier_core::dice::odds(&expr).map_err(|e| e.to_string())?;
    let mut out = format!("{expr}: mean {:.3}\n", d.mean());
    let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(0));
    for v in lo..=hi {
        out.push_str(&format!(
            "{v:>5} {:>7}  ≥ {:>7}\n",
            croupier_core::dice::percent(d.prob_eq(v)),
            croupier_core::dice::percent(d.prob_at_least(v))
        ));
    }
    Ok(out)
}
