//! Exact probability distributions of dice expressions.
//!
//! Supported: sums and differences of dice terms (`NdX`, `d%`, `dF`, with
//! keep/drop and min/max), constants, parentheses, unary minus, and
//! multiplication/division where one side is a constant. Explosions, rerolls,
//! success counting and dice-times-dice are refused with
//! [`DiceError::OddsUnsupported`]; anything too big with [`DiceError::OddsTooLarge`].
//!
//! Keep/drop is computed with a dynamic programme over face values from the
//! highest down, counting how many dice show each value (multinomial
//! coefficients), so `8d6kh3` costs a few thousand steps rather than 6^8.

use std::collections::BTreeMap;

use super::error::DiceError;
use super::parse::{parse, BinOp, DiceTerm, Expr, KeepKind, Node};
use super::roll::floor_div;

/// Maximum number of elementary steps spent computing one distribution.
pub const ODDS_WORK_LIMIT: u64 = 20_000_000;

/// An exact distribution: `counts[v]` outcomes out of `total` give the value `v`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    /// Number of outcomes for each possible value (zero counts omitted).
    pub counts: BTreeMap<i64, u128>,
    /// Total number of equally likely outcomes; the counts sum to it exactly.
    pub total: u128,
}

/// Computes the exact distribution of `input` (its label is ignored).
pub fn odds(input: &str) -> Result<Distribution, DiceError> {
    parse(input)?.odds()
}

/// Formats a probability as a percentage with one decimal, e.g. `0.5833` → `"58.3%"`.
pub fn percent(p: f64) -> String {
    format!("{:.1}%", p * 100.0)
}

impl Distribution {
    /// Outcomes with a value of at least `n`.
    pub fn count_at_least(&self, n: i64) -> u128 {
        self.counts.range(n..).map(|(_, c)| c).sum()
    }

    /// Outcomes with a value of at most `n`.
    pub fn count_at_most(&self, n: i64) -> u128 {
        self.counts.range(..=n).map(|(_, c)| c).sum()
    }

    /// Outcomes with the value `n`.
    pub fn count_eq(&self, n: i64) -> u128 {
        self.counts.get(&n).copied().unwrap_or(0)
    }

    /// Probability of a value of at least `n`.
    pub fn prob_at_least(&self, n: i64) -> f64 {
        self.ratio(self.count_at_least(n))
    }

    /// Probability of a value of at most `n`.
    pub fn prob_at_most(&self, n: i64) -> f64 {
        self.ratio(self.count_at_most(n))
    }

    /// Probability of exactly `n`.
    pub fn prob_eq(&self, n: i64) -> f64 {
        self.ratio(self.count_eq(n))
    }

    /// The expected value.
    pub fn mean(&self) -> f64 {
        let sum: f64 = self.counts.iter().map(|(&v, &c)| v as f64 * c as f64).sum();
        sum / self.total as f64
    }

    /// Smallest possible value.
    pub fn min(&self) -> Option<i64> {
        self.counts.keys().next().copied()
    }

    /// Largest possible value.
    pub fn max(&self) -> Option<i64> {
        self.counts.keys().next_back().copied()
    }

    fn ratio(&self, count: u128) -> f64 {
        count as f64 / self.total as f64
    }
}

impl Expr {
    /// Computes the exact distribution of this expression.
    pub fn odds(&self) -> Result<Distribution, DiceError> {
        let mut work = 0;
        let d = dist(&self.root, &mut work)?;
        Ok(Distribution {
            counts: d.counts.into_iter().filter(|&(_, c)| c > 0).collect(),
            total: d.total,
        })
    }
}

/// Sorted sparse distribution.
struct Dist {
    counts: Vec<(i64, u128)>,
    total: u128,
}

fn too_large() -> DiceError {
    DiceError::OddsTooLarge {
        limit: ODDS_WORK_LIMIT,
    }
}

fn spend(work: &mut u64, cost: u128) -> Result<(), DiceError> {
    let cost = u64::try_from(cost).map_err(|_| too_large())?;
    *work = work.saturating_add(cost);
    if *work > ODDS_WORK_LIMIT {
        Err(too_large())
    } else {
        Ok(())
    }
}

fn point(v: i64, total: u128) -> Dist {
    Dist {
        counts: vec![(v, total)],
        total,
    }
}

fn from_map(map: BTreeMap<i64, u128>, total: u128) -> Dist {
    Dist {
        counts: map.into_iter().collect(),
        total,
    }
}

fn dist(node: &Node, work: &mut u64) -> Result<Dist, DiceError> {
    match node {
        Node::Num { value } => Ok(point(*value, 1)),
        Node::Paren { inner } => dist(inner, work),
        Node::Neg { inner, .. } => Ok(negate(dist(inner, work)?)),
        Node::Dice(t) => term_dist(t, work),
        Node::Bin { op, lhs, rhs, pos } => {
            let (a, b) = (dist(lhs, work)?, dist(rhs, work)?);
            let overflow = DiceError::Overflow { pos: *pos };
            match op {
                BinOp::Add => convolve(&a, &b, work, overflow),
                BinOp::Sub => convolve(&a, &negate(b), work, overflow),
                BinOp::Mul | BinOp::Div => {
                    let unsupported = DiceError::OddsUnsupported {
                        pos: *pos,
                        reason: "multiplying or dividing dice by dice",
                    };
                    let f: Box<dyn Fn(i64, i64) -> Option<i64>> = match op {
                        BinOp::Mul => Box::new(i64::checked_mul),
                        _ => Box::new(|x, y| if y == 0 { None } else { floor_div(x, y) }),
                    };
                    let err = |y: i64| {
                        if *op == BinOp::Div && y == 0 {
                            DiceError::DivisionByZero { pos: *pos }
                        } else {
                            overflow.clone()
                        }
                    };
                    if let [(c, _)] = b.counts[..] {
                        map_values(a, |x| f(x, c).ok_or_else(|| err(c)), work)
                    } else if let [(c, _)] = a.counts[..] {
                        map_values(b, |y| f(c, y).ok_or_else(|| err(y)), work)
                    } else {
                        Err(unsupported)
                    }
                }
            }
        }
    }
}

fn negate(d: Dist) -> Dist {
    Dist {
        counts: d.counts.into_iter().rev().map(|(v, c)| (-v, c)).collect(),
        total: d.total,
    }
}

fn map_values(
    d: Dist,
    f: impl Fn(i64) -> Result<i64, DiceError>,
    work: &mut u64,
) -> Result<Dist, DiceError> {
    spend(work, d.counts.len() as u128)?;
    let mut map = BTreeMap::new();
    for (v, c) in d.counts {
        *map.entry(f(v)?).or_insert(0) += c;
    }
    Ok(from_map(map, d.total))
}

fn convolve(a: &Dist, b: &Dist, work: &mut u64, overflow: DiceError) -> Result<Dist, DiceError> {
    let total = a.total.checked_mul(b.total).ok_or_else(too_large)?;
    spend(work, a.counts.len() as u128 * b.counts.len() as u128)?;
    let (Some(&(amin, _)), Some(&(bmin, _))) = (a.counts.first(), b.counts.first()) else {
        return Ok(Dist {
            counts: vec![],
            total,
        });
    };
    let (amax, bmax) = (
        a.counts[a.counts.len() - 1].0,
        b.counts[b.counts.len() - 1].0,
    );
    let lo = amin.checked_add(bmin).ok_or(overflow.clone())?;
    let hi = amax.checked_add(bmax).ok_or(overflow)?;
    let width = i128::from(hi) - i128::from(lo) + 1;
    if width as u128 <= 4 * (a.counts.len() * b.counts.len()) as u128 + 1024 {
        let mut dense = vec![0u128; width as usize];
        for &(x, cx) in &a.counts {
            for &(y, cy) in &b.counts {
                dense[(x - amin + y - bmin) as usize] += cx * cy;
            }
        }
        let counts = dense
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| c > 0)
            .map(|(i, c)| (lo + i as i64, c))
            .collect();
        Ok(Dist { counts, total })
    } else {
        let mut map = BTreeMap::new();
        for &(x, cx) in &a.counts {
            for &(y, cy) in &b.counts {
                *map.entry(x + y).or_insert(0) += cx * cy;
            }
        }
        Ok(from_map(map, total))
    }
}

fn term_dist(t: &DiceTerm, work: &mut u64) -> Result<Dist, DiceError> {
    let unsupported = |reason| DiceError::OddsUnsupported { pos: t.pos, reason };
    if t.explode.is_some() {
        return Err(unsupported("exploding dice"));
    }
    if t.reroll.is_some() {
        return Err(unsupported("rerolls"));
    }
    if t.success.is_some() {
        return Err(unsupported("success counting"));
    }
    let n = usize::try_from(t.count).map_err(|_| too_large())?;
    let (lo, hi) = t.sides.faces();
    let faces = u128::try_from(hi - lo + 1).map_err(|_| too_large())?;
    let total = u32::try_from(n)
        .ok()
        .and_then(|n| faces.checked_pow(n))
        .ok_or_else(too_large)?;
    // One die: distinct values (after min/max) with their multiplicities.
    spend(work, faces)?;
    let mut single: BTreeMap<i64, u128> = BTreeMap::new();
    for f in lo..=hi {
        *single.entry(t.clamp(f)).or_insert(0) += 1;
    }
    let single: Vec<(i64, u128)> = single.into_iter().collect();

    let kept = match t.keep {
        None => (KeepKind::KeepHigh, n),
        Some(keep) => {
            let k = usize::try_from(keep.n).unwrap_or(usize::MAX).min(n);
            match keep.kind {
                KeepKind::KeepHigh | KeepKind::KeepLow => (keep.kind, k),
                KeepKind::DropHigh => (KeepKind::KeepLow, n - k),
                KeepKind::DropLow => (KeepKind::KeepHigh, n - k),
            }
        }
    };
    match kept {
        (_, 0) => Ok(point(0, total)),
        (_, k) if k == n => {
            let die = Dist {
                counts: single,
                total: faces,
            };
            let mut acc = point(0, 1);
            for _ in 0..n {
                acc = convolve(&acc, &die, work, DiceError::Overflow { pos: t.pos })?;
            }
            Ok(acc)
        }
        (KeepKind::KeepLow, k) => {
            let neg: Vec<(i64, u128)> = single.iter().rev().map(|&(v, m)| (-v, m)).collect();
            Ok(negate(keep_highest(&neg, n, k, total, work)?))
        }
        (_, k) => keep_highest(&single, n, k, total, work),
    }
}

/// Distribution of the sum of the `k` highest of `n` dice whose faces are
/// `values` (ascending, with multiplicities), `0 < k < n`.
fn keep_highest(
    values: &[(i64, u128)],
    n: usize,
    k: usize,
    total: u128,
    work: &mut u64,
) -> Result<Dist, DiceError> {
    if let [(v, _)] = values {
        return Ok(point(v * k as i64, total));
    }
    let vmin = values[0].0;
    let vmax = values[values.len() - 1].0;
    let k64 = k as i64;
    let smin = (k64 * vmin).min(0);
    let smax = (k64 * vmax).max(0);
    let width = (smax - smin + 1) as usize;
    let cost = values.len() as u128 * ((n + 1) * (n + 2) / 2) as u128 * width as u128;
    spend(work, cost)?;

    // Pascal's triangle; n < 128 here because total = faces^n fits in u128 and faces >= 2.
    let mut binom = vec![vec![0u128; n + 1]; n + 1];
    for i in 0..=n {
        binom[i][0] = 1;
        for j in 1..=i {
            binom[i][j] = binom[i - 1][j - 1]
                .checked_add(binom[i - 1][j])
                .ok_or_else(too_large)?;
        }
    }

    // dp[j][s]: ways to give j dice a value among those processed so far
    // (the highest ones) with the kept ones summing to smin + s.
    let mut dp = vec![vec![0u128; width]; n + 1];
    dp[0][(-smin) as usize] = 1;
    for (idx, &(v, m)) in values.iter().rev().enumerate() {
        let last = idx + 1 == values.len();
        let mut pow = vec![1u128; n + 1];
        for c in 1..=n {
            pow[c] = pow[c - 1].checked_mul(m).unwrap_or(u128::MAX);
        }
        let mut next = vec![vec![0u128; width]; n + 1];
        for j in 0..=n {
            let rest = n - j;
            let first_c = if last { rest } else { 0 };
            for (s, &ways) in dp[j].iter().enumerate() {
                if ways == 0 {
                    continue;
                }
                for c in first_c..=rest {
                    let add = c.min(k.saturating_sub(j)) as i64 * v;
                    let target = (s as i64 + add) as usize;
                    let w = ways
                        .checked_mul(binom[rest][c])
                        .and_then(|w| w.checked_mul(pow[c]))
                        .ok_or_else(too_large)?;
                    next[j + c][target] += w;
                }
            }
        }
        dp = next;
    }
    let counts = dp[n]
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(s, &c)| (smin + s as i64, c))
        .collect();
    Ok(Dist { counts, total })
}
