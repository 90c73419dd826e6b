//! `croupier simulate ninja --runs N --skill S`: how often a ninja of skill S completes a
//! course within the turn limit, and how many turns it takes.
//!
//! Options: `--runs N` (default 10000), `--skill S` (default 14; the same for every obstacle),
//! `--obstacles K` (default 5; 10 for the final), `--limit T` (default 32), `--luck L` (rerolls
//! per run, used on rolls that would splash), `--seed X` (default 1).

use std::collections::BTreeMap;

use super::scoring::{roll_3d6, Run, RunRules, RunStatus};

/// Results of a batch of runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SimResult {
    /// Runs simulated.
    pub runs: u32,
    /// Runs that completed the course.
    pub finished: u32,
    /// Runs that splashed.
    pub splashed: u32,
    /// Runs out of time.
    pub out_of_time: u32,
    /// Finishing turns → count.
    pub turns: BTreeMap<u32, u32>,
}

/// Simulates `runs` runs of `obstacles` obstacles at `skill`.
pub fn simulate(
    runs: u32,
    skill: i32,
    obstacles: usize,
    limit: u32,
    luck: u32,
    seed: u64,
) -> SimResult {
    let mut rng = croupier_core::rng::seeded(seed);
    let mut res = SimResult {
        runs,
        finished: 0,
        splashed: 0,
        out_of_time: 0,
        turns: BTreeMap::new(),
    };
    let rules = RunRules {
        turn_limit: limit,
        ..RunRules::default()
    };
    for _ in 0..runs {
        let mut run = Run::new((0..obstacles).collect(), vec![skill; obstacles], rules);
        let mut luck_left = luck;
        while run.running() {
            let mut d = roll_3d6(&mut rng);
            let mut used = false;
            if luck_left > 0 && run.classify(d.iter().sum()).splashes() {
                luck_left -= 1;
                used = true;
                let d2 = roll_3d6(&mut rng);
                if run.classify(d2.iter().sum()).value() > run.classify(d.iter().sum()).value() {
                    d = d2;
                }
            }
            run.turn(d, used, &[]);
        }
        match run.status {
            RunStatus::Finished { turns, .. } => {
                res.finished += 1;
                *res.turns.entry(turns).or_insert(0) += 1;
            }
            RunStatus::Splash => res.splashed += 1,
            RunStatus::OutOfTime => res.out_of_time += 1,
            RunStatus::Running => {}
        }
    }
    res
}

fn pct(n: u32, d: u32) -> String {
    if d == 0 {
        return "0.0%".into();
    }
    format!("{:.1}%", 100.0 * f64::from(n) / f64::from(d))
}

/// Parses the simulator's arguments and renders the report.
pub fn run(args: &[String]) -> Result<String, String> {
    let mut runs = 10_000u32;
    let mut skill = 14i32;
    let mut obstacles = 5usize;
    let mut limit = 32u32;
    let mut luck = 0u32;
    let mut seed = 1u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or_else(|| format!("`{a}` needs a value"))?;
        let bad = |_| format!("`{a}` needs a whole number, not `{v}`");
        match a.as_str() {
            "--runs" => runs = v.parse().map_err(bad)?,
            "--skill" => skill = v.parse().map_err(bad)?,
            "--obstacles" => obstacles = v.parse().map_err(bad)?,
            "--limit" => limit = v.parse().map_err(bad)?,
            "--luck" => luck = v.parse().map_err(bad)?,
            "--seed" => seed = v.parse().map_err(bad)?,
            other => return Err(format!("unknown option `{other}` (use --runs, --skill, --obstacles, --limit, --luck, --seed)")),
        }
    }
    if !(1..=1_000_000).contains(&runs)
        || !(3..=30).contains(&skill)
        || !(1..=20).contains(&obstacles)
        || !(1..=500).contains(&limit)
    {
        return Err("out of range: runs 1-1000000, skill 3-30, obstacles 1-20, limit 1-500".into());
    }
    let r = simulate(runs, skill, obstacles, limit, luck, seed);
    let mut out = format!(
        "ninja course: {obstacles} obstacles at skill {skill}, limit {limit} turns, luck {luck}, {runs} runs (seed {seed})\n\
         finished {} ({})  splash {} ({})  out of time {} ({})\n",
        r.finished,
        pct(r.finished, runs),
        r.splashed,
        pct(r.splashed, runs),
        r.out_of_time,
        pct(r.out_of_time, runs)
    );
    if r.finished > 0 {
        let total: u64 = r
            .turns
            .iter()
            .map(|(t, n)| u64::from(*t) * u64::from(*n))
            .sum();
        out.push_str(&format!(
            "mean turns to finish {:.2}\nturns  finishers\n",
            total as f64 / f64::from(r.finished)
        ));
        let max = r.turns.values().copied().max().unwrap_or(1);
        for (t, n) in &r.turns {
            let bar = "#".repeat(((u64::from(*n) * 40).div_ceil(u64::from(max))) as usize);
            out.push_str(&format!("{t:>5}  {:>7} {:>6}  {bar}\n", n, pct(*n, runs)));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulator_counts_every_run_once() {
        let r = simulate(500, 14, 5, 32, 0, 9);
        assert_eq!(r.finished + r.splashed + r.out_of_time, 500);
        assert_eq!(r.turns.values().sum::<u32>(), r.finished);
        assert!(r.turns.keys().all(|&t| (1..=32).contains(&t)));
    }

    #[test]
    fn higher_skill_finishes_more_often() {
        let lo = simulate(2000, 12, 5, 32, 0, 4);
        let hi = simulate(2000, 16, 5, 32, 0, 4);
        assert!(
            hi.finished > lo.finished,
            "{} vs {}",
            hi.finished,
            lo.finished
        );
    }

    #[test]
    fn report_names_finish_rate_and_turns() {
        let out = run(&["--runs".into(), "200".into(), "--skill".into(), "15".into()]).unwrap();
        assert!(out.contains("finished"));
        assert!(out.contains("turns"));
        assert!(run(&["--skill".into()]).is_err());
    }
}
