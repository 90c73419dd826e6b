//! Probability distributions of dice expressions, computed by enumeration (never by
//! sampling).
//!
//! Everything the roller does is covered: keep/drop, min/max, exploding (`!`, `x`),
//! compounding (`!!`), explode once (`xo`), rerolls (`r`, `ro`), reroll and add (`ra`),
//! success and failure counting, computed counts (`(1d4)d6`), groups (`{…}kh1`, `{…}>8`),
//! `*`, `/`, `%` between any two rolls, and `floor`/`ceil`/`round`/`abs` (whose inside is
//! computed exactly as fractions). Probabilities are double-precision numbers, so a
//! chance is exact to about 15 significant digits.
//!
//! Explosions and rerolls can go on for ever in principle; the roller stops a die after
//! [`MAX_REROLLS`](super::MAX_REROLLS) explosions or rerolls with an error. The odds follow
//! every chain up to that limit, or stop earlier once the chance of going on is below
//! 10⁻¹⁸; what they leave out is reported, never silently dropped
//! ([`Distribution::past_limit`], [`Distribution::cut`], [`Distribution::note`]).
//! Refused, with the reason: keeping or dropping among dice added by `!`/`x`/`xo`
//! explosions or by `ra` (the number of dice in the pool varies); a division by a roll
//! that can be 0; a computed count that can be negative; a roll that passes the
//! 1,000-dice limit in more than 10⁻¹² of cases; and anything costing more than
//! [`ODDS_WORK_LIMIT`] steps.
//!
//! Keep/drop is a dynamic programme over face values from the highest down, counting how
//! many dice show each value (binomial coefficients times powers of the face's
//! probability), so `8d6kh3` costs a few thousand steps rather than 6^8.

use std::collections::BTreeMap;

use croupier_i18n::{text, Arg, Locale};

use super::error::{DiceError, MAX_DICE, MAX_REROLLS};
use super::num::{floor_div, floor_mod, Q};
use super::parse::{
    parse, BinOp, Cond, DiceTerm, ExplodeKind, Expr, Func, GroupTerm, Keep, KeepKind, Node,
    RerollKind,
};

/// Maximum number of elementary steps spent computing one distribution (an addition into
/// a dense table is one step; an insertion into a sorted map is [`MAP_STEP`] steps).
pub const ODDS_WORK_LIMIT: u64 = 20_000_000;

/// Most cells of 16 bytes (a result and its chance) one table may hold while odds are
/// computed: `1d1000000` fits, and memory stays within tens of megabytes. An entry of a
/// sorted map counts as two cells or more (its key's size and the map's nodes).
pub const ODDS_MAX_OUTCOMES: usize = 1 << 20;

/// What one insertion into a sorted map costs, in steps (about its depth in compares).
const MAP_STEP: u128 = 16;

/// Explosion chains are followed until the chance of the chain going on drops below this
/// (or the roller's limit is reached).
const CUT: f64 = 1e-18;

/// A probability distribution over the results of an expression.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution {
    /// Probability of each possible result (zero probabilities omitted). They sum to
    /// `1 - past_limit - cut` (up to rounding).
    pub probs: BTreeMap<i64, f64>,
    /// Probability that the roll fails because a die explodes or is rerolled more than
    /// [`MAX_REROLLS`](super::MAX_REROLLS) times: these rolls give no result.
    pub past_limit: f64,
    /// Probability in explosion chains longer than the odds followed (see [`Self::cut_depth`]).
    pub cut: f64,
    /// The longest explosion chain followed when `cut > 0`.
    pub cut_depth: usize,
    /// Upper bound on the probability that the roll passes the 1,000-dice limit (and fails);
    /// those rolls may still be counted in `probs`. Below 10⁻¹² or the odds are refused.
    pub dice_limit: f64,
}

/// Computes the distribution of `input` (its label is ignored).
pub fn odds(input: &str) -> Result<Distribution, DiceError> {
    parse(input)?.odds()
}

/// Formats a probability as a percentage with one decimal, e.g. `0.5833` → `"58.3%"`.
pub fn percent(p: f64) -> String {
    // An empty sum of f64 is −0.0, and rounding can leave a hair below 0: both are "0.0%".
    let v = p * 100.0;
    format!("{:.1}%", if v <= 0.0 { 0.0 } else { v })
}

/// A small probability in scientific notation, e.g. `3.4e-19`.
fn sci(p: f64) -> String {
    format!("{p:.1e}")
}

impl Distribution {
    /// Probability of a result of at least `n`.
    pub fn prob_at_least(&self, n: i64) -> f64 {
        self.probs.range(n..).map(|(_, p)| p).sum()
    }

    /// Probability of a result of at most `n`.
    pub fn prob_at_most(&self, n: i64) -> f64 {
        self.probs.range(..=n).map(|(_, p)| p).sum()
    }

    /// Probability of exactly `n`.
    pub fn prob_eq(&self, n: i64) -> f64 {
        self.probs.get(&n).copied().unwrap_or(0.0)
    }

    /// Probability that the roll gives a result at all (1 minus what is left out).
    pub fn mass(&self) -> f64 {
        self.probs.values().sum()
    }

    /// The expected result, over the rolls that give one.
    pub fn mean(&self) -> f64 {
        let sum: f64 = self.probs.iter().map(|(&v, &p)| v as f64 * p).sum();
        sum / self.mass()
    }

    /// Smallest possible result.
    pub fn min(&self) -> Option<i64> {
        self.probs.keys().next().copied()
    }

    /// Largest possible result.
    pub fn max(&self) -> Option<i64> {
        self.probs.keys().next_back().copied()
    }

    /// What the distribution leaves out, in English, or `None` when it leaves out nothing
    /// (see [`Distribution::note_in`]).
    pub fn note(&self) -> Option<String> {
        self.note_in(Locale::En)
    }

    /// What the distribution leaves out, in `locale`'s words (`locales/*/dice.ftl`,
    /// `dice-left-out…`), or `None` when it leaves out nothing.
    pub fn note_in(&self, locale: Locale) -> Option<String> {
        let n = |v: &dyn ToString| Arg::Text(v.to_string());
        let mut parts = Vec::new();
        if self.past_limit > 0.0 {
            parts.push(text(
                locale,
                "dice-left-out-past-limit",
                &[
                    ("share", n(&sci(self.past_limit))),
                    ("limit", n(&MAX_REROLLS)),
                ],
            ));
        }
        if self.cut > 0.0 {
            parts.push(text(
                locale,
                "dice-left-out-cut",
                &[("share", n(&sci(self.cut))), ("depth", n(&self.cut_depth))],
            ));
        }
        if self.dice_limit > 0.0 {
            parts.push(text(
                locale,
                "dice-left-out-dice-limit",
                &[("share", n(&sci(self.dice_limit))), ("limit", n(&MAX_DICE))],
            ));
        }
        (!parts.is_empty()).then(|| {
            let sep = text(locale, "dice-left-out-sep", &[]);
            text(
                locale,
                "dice-left-out",
                &[("parts", parts.join(&sep).into())],
            )
        })
    }
}

impl Expr {
    /// Computes the distribution of this expression.
    pub fn odds(&self) -> Result<Distribution, DiceError> {
        let mut w = Work(0);
        // What the dice alone show too costly is refused before anything is computed.
        let mut terms = Vec::new();
        collect_terms(&self.root, &mut terms);
        for (t, n) in terms {
            if t.count_expr.is_none() {
                plain_term_fits(t, n)?;
            }
            explosion_fits(t, &w)?;
        }
        // The dice limit next: it is cheap, and a roll that often fails is refused for
        // that reason rather than for its size.
        let dice_limit = dice_limit_risk(&self.root, &mut w)?;
        if dice_limit >= 1e-12 {
            return Err(DiceError::OddsDiceLimit {
                percent: if dice_limit >= 0.001 {
                    percent(dice_limit)
                } else {
                    sci(dice_limit)
                },
            });
        }
        let d = dist(&self.root, &mut w)?;
        Ok(Distribution {
            probs: d.probs.into_iter().filter(|&(_, p)| p > 0.0).collect(),
            past_limit: d.tails.past,
            cut: d.tails.cut,
            cut_depth: d.tails.depth,
            dice_limit,
        })
    }
}

/// The budget of one computation: steps spent so far, checked against [`ODDS_WORK_LIMIT`],
/// and every table's size checked against [`ODDS_MAX_OUTCOMES`] before it grows past it.
struct Work(u64);

impl Work {
    fn spend(&mut self, cost: u128) -> Result<(), DiceError> {
        let cost = u64::try_from(cost).map_err(|_| too_large())?;
        self.0 = self.0.saturating_add(cost);
        if self.0 > ODDS_WORK_LIMIT {
            Err(too_large())
        } else {
            Ok(())
        }
    }

    /// A table of `cells` entries is about to be held.
    fn hold(&self, cells: u128) -> Result<(), DiceError> {
        if cells > ODDS_MAX_OUTCOMES as u128 {
            Err(too_large())
        } else {
            Ok(())
        }
    }

    /// Adds `p` at `key` in `map`, paying for the insertion and refusing a map that would
    /// hold more than [`ODDS_MAX_OUTCOMES`] results.
    fn tally<K: Ord>(
        &mut self,
        map: &mut BTreeMap<K, f64>,
        key: K,
        p: f64,
    ) -> Result<(), DiceError> {
        self.spend(MAP_STEP)?;
        *map.entry(key).or_insert(0.0) += p;
        // An entry of a sorted map takes its key and chance and about half as much again
        // in the map's nodes, counted in cells of 16 bytes.
        let cells = (3 * (std::mem::size_of::<K>() + 8)).div_ceil(32);
        self.hold(map.len() as u128 * cells as u128)
    }
}

fn too_large() -> DiceError {
    DiceError::OddsTooLarge {
        steps: ODDS_WORK_LIMIT,
        outcomes: ODDS_MAX_OUTCOMES,
    }
}

/// What a distribution leaves out.
#[derive(Debug, Clone, Copy, Default)]
struct Tails {
    past: f64,
    cut: f64,
    depth: usize,
}

fn union(a: f64, b: f64) -> f64 {
    a + b - a * b
}

impl Tails {
    /// Both of two independent parts.
    fn and(self, o: Tails) -> Tails {
        Tails {
            past: union(self.past, o.past),
            cut: union(self.cut, o.cut),
            depth: self.depth.max(o.depth),
        }
    }

    /// `n` independent copies.
    fn times(self, n: usize) -> Tails {
        let rep = |t: f64| {
            if t <= 0.0 {
                0.0
            } else {
                -((n as f64) * (-t).ln_1p()).exp_m1()
            }
        };
        Tails {
            past: rep(self.past),
            cut: rep(self.cut),
            depth: self.depth,
        }
    }
}

/// Sorted sparse sub-probability distribution over whole numbers.
#[derive(Debug, Clone)]
struct Dist {
    probs: Vec<(i64, f64)>,
    tails: Tails,
}

impl Dist {
    fn point(v: i64) -> Dist {
        Dist {
            probs: vec![(v, 1.0)],
            tails: Tails::default(),
        }
    }

    fn from_map(map: BTreeMap<i64, f64>, tails: Tails) -> Dist {
        Dist {
            probs: map.into_iter().filter(|&(_, p)| p > 0.0).collect(),
            tails,
        }
    }

    fn mass(&self) -> f64 {
        self.probs.iter().map(|(_, p)| p).sum()
    }

    fn scale(mut self, f: f64) -> Dist {
        for (_, p) in &mut self.probs {
            *p *= f;
        }
        self
    }
}

fn dist(node: &Node, w: &mut Work) -> Result<Dist, DiceError> {
    match node {
        Node::Num { value } => Ok(Dist::point(*value)),
        Node::Paren { inner } | Node::Label { inner, .. } => dist(inner, w),
        Node::Neg { inner, pos } => negate(dist(inner, w)?, *pos),
        Node::Dice(t) => term_dist(t, w),
        Node::Group(g) => group_dist(g, w),
        Node::Func { func, inner, pos } => {
            if *func == Func::Abs {
                let d = dist(inner, w)?;
                return map_values(
                    d,
                    |v| v.checked_abs().ok_or(DiceError::Overflow { pos: *pos }),
                    w,
                );
            }
            let q = qdist(inner, w)?;
            w.spend(q.probs.len() as u128)?;
            let mut map = BTreeMap::new();
            for (v, p) in q.probs {
                let r = round_q(*func, v)
                    .and_then(Q::to_i64)
                    .ok_or(DiceError::Overflow { pos: *pos })?;
                w.tally(&mut map, r, p)?;
            }
            Ok(Dist::from_map(map, q.tails))
        }
        Node::Bin { op, lhs, rhs, pos } => {
            let (a, b) = (dist(lhs, w)?, dist(rhs, w)?);
            let pos = *pos;
            let overflow = DiceError::Overflow { pos };
            match op {
                BinOp::Add => convolve(&a, &b, w, pos),
                BinOp::Sub => convolve(&a, &negate(b, pos)?, w, pos),
                BinOp::Mul | BinOp::Div | BinOp::Mod => {
                    check_divisor(
                        *op,
                        b.probs.iter().map(|&(v, _)| v == 0),
                        b.probs.len(),
                        pos,
                    )?;
                    let f = |x: i64, y: i64| -> Result<i64, DiceError> {
                        match op {
                            BinOp::Mul => x.checked_mul(y),
                            BinOp::Div => floor_div(x, y),
                            _ => floor_mod(x, y),
                        }
                        .ok_or(overflow.clone())
                    };
                    let pairs = a.probs.len() as u128 * b.probs.len() as u128;
                    w.spend(pairs)?;
                    w.hold(pairs)?;
                    let mut all = Vec::with_capacity(pairs as usize);
                    for &(x, px) in &a.probs {
                        for &(y, py) in &b.probs {
                            all.push((f(x, y)?, px * py));
                        }
                    }
                    let mut d = dist_of(all, w)?;
                    d.tails = a.tails.and(b.tails);
                    Ok(d)
                }
            }
        }
    }
}

/// A division or remainder by something that can be 0: an error when it always is,
/// refused when it only sometimes is.
fn check_divisor(
    op: BinOp,
    mut zero: impl Iterator<Item = bool>,
    len: usize,
    pos: usize,
) -> Result<(), DiceError> {
    if !matches!(op, BinOp::Div | BinOp::Mod) || !zero.any(|z| z) {
        return Ok(());
    }
    if len == 1 {
        Err(DiceError::DivisionByZero { pos })
    } else {
        Err(DiceError::OddsUnsupported {
            pos,
            reason: "dice-odds-zero-division",
        })
    }
}

fn round_q(func: Func, v: Q) -> Option<Q> {
    match func {
        Func::Floor => v.floor(),
        Func::Ceil => v.ceil(),
        Func::Round => v.round(),
        Func::Abs => v.abs(),
    }
}

/// Distribution over exact fractions, for the inside of rounding functions.
struct QDist {
    probs: BTreeMap<Q, f64>,
    tails: Tails,
}

fn qdist(node: &Node, w: &mut Work) -> Result<QDist, DiceError> {
    match node {
        Node::Paren { inner } | Node::Label { inner, .. } => qdist(inner, w),
        Node::Neg { inner, pos } => {
            let d = qdist(inner, w)?;
            let mut probs = BTreeMap::new();
            for (v, p) in d.probs {
                probs.insert(v.neg().ok_or(DiceError::Overflow { pos: *pos })?, p);
            }
            Ok(QDist {
                probs,
                tails: d.tails,
            })
        }
        Node::Func { func, inner, pos } => {
            let d = qdist(inner, w)?;
            let mut probs = BTreeMap::new();
            for (v, p) in d.probs {
                let r = round_q(*func, v).ok_or(DiceError::Overflow { pos: *pos })?;
                w.tally(&mut probs, r, p)?;
            }
            Ok(QDist {
                probs,
                tails: d.tails,
            })
        }
        Node::Bin { op, lhs, rhs, pos } => {
            let (a, b) = (qdist(lhs, w)?, qdist(rhs, w)?);
            check_divisor(*op, b.probs.keys().map(|v| v.n == 0), b.probs.len(), *pos)?;
            w.spend(a.probs.len() as u128 * b.probs.len() as u128)?;
            let mut probs = BTreeMap::new();
            for (&x, &px) in &a.probs {
                for (&y, &py) in &b.probs {
                    let r = match op {
                        BinOp::Add => x.add(y),
                        BinOp::Sub => x.sub(y),
                        BinOp::Mul => x.mul(y),
                        BinOp::Div => x.div(y),
                        BinOp::Mod => x.rem(y),
                    }
                    .ok_or(DiceError::Overflow { pos: *pos })?;
                    w.tally(&mut probs, r, px * py)?;
                }
            }
            Ok(QDist {
                probs,
                tails: a.tails.and(b.tails),
            })
        }
        Node::Num { .. } | Node::Dice(_) | Node::Group(_) => {
            let d = dist(node, w)?;
            let mut probs = BTreeMap::new();
            for &(v, p) in &d.probs {
                w.tally(&mut probs, Q::int(v), p)?;
            }
            Ok(QDist {
                probs,
                tails: d.tails,
            })
        }
    }
}

fn negate(d: Dist, pos: usize) -> Result<Dist, DiceError> {
    let mut probs = Vec::with_capacity(d.probs.len());
    for &(v, p) in d.probs.iter().rev() {
        probs.push((v.checked_neg().ok_or(DiceError::Overflow { pos })?, p));
    }
    Ok(Dist {
        probs,
        tails: d.tails,
    })
}

fn map_values(
    d: Dist,
    f: impl Fn(i64) -> Result<i64, DiceError>,
    w: &mut Work,
) -> Result<Dist, DiceError> {
    let tails = d.tails;
    let mut probs = d.probs;
    for (v, _) in &mut probs {
        *v = f(*v)?;
    }
    let mut out = dist_of(probs, w)?;
    out.tails = tails;
    Ok(out)
}

fn convolve(a: &Dist, b: &Dist, w: &mut Work, pos: usize) -> Result<Dist, DiceError> {
    let tails = a.tails.and(b.tails);
    w.spend(a.probs.len() as u128 * b.probs.len() as u128)?;
    let (Some(&(amin, _)), Some(&(bmin, _))) = (a.probs.first(), b.probs.first()) else {
        return Ok(Dist {
            probs: vec![],
            tails,
        });
    };
    let overflow = DiceError::Overflow { pos };
    let (amax, bmax) = (a.probs[a.probs.len() - 1].0, b.probs[b.probs.len() - 1].0);
    let lo = amin.checked_add(bmin).ok_or(overflow.clone())?;
    let hi = amax.checked_add(bmax).ok_or(overflow)?;
    let width = i128::from(hi) - i128::from(lo) + 1;
    if width as u128 <= 4 * (a.probs.len() * b.probs.len()) as u128 + 1024 {
        w.hold(width as u128)?;
        let mut dense = vec![0f64; width as usize];
        for &(x, px) in &a.probs {
            let base = (x - amin) as usize;
            for &(y, py) in &b.probs {
                dense[base + (y - bmin) as usize] += px * py;
            }
        }
        let probs = dense
            .into_iter()
            .enumerate()
            .filter(|&(_, p)| p > 0.0)
            .map(|(i, p)| (lo + i as i64, p))
            .collect();
        Ok(Dist { probs, tails })
    } else {
        // Spread out: every pair, sorted and merged (at most the budget's cells).
        let pairs = a.probs.len() as u128 * b.probs.len() as u128;
        w.hold(pairs)?;
        let mut all = Vec::with_capacity(pairs as usize);
        for &(x, px) in &a.probs {
            for &(y, py) in &b.probs {
                all.push((x + y, px * py));
            }
        }
        let mut d = dist_of(all, w)?;
        d.tails = tails;
        Ok(d)
    }
}

/// The most distinct results `a + b` can have.
fn sum_size(a: &Dist, b: &Dist) -> u128 {
    let span = |d: &Dist| match (d.probs.first(), d.probs.last()) {
        (Some(&(lo, _)), Some(&(hi, _))) => (i128::from(hi) - i128::from(lo)) as u128,
        _ => 0,
    };
    (a.probs.len() as u128 * b.probs.len() as u128).min(span(a) + span(b) + 1)
}

/// `n` independent copies of `d`, summed.
fn power(d: &Dist, n: usize, w: &mut Work, pos: usize) -> Result<Dist, DiceError> {
    let mut acc = Dist::point(0);
    for _ in 0..n {
        acc = convolve(&acc, d, w, pos)?;
    }
    Ok(acc)
}

/// Adds `b` (weighted by `f`) into `acc`, both sorted by value: one merge, whose size is
/// checked against the budget before it is allocated.
fn mix_into(acc: &mut Vec<(i64, f64)>, b: &Dist, f: f64, w: &mut Work) -> Result<(), DiceError> {
    let (la, lb) = (acc.len(), b.probs.len());
    w.hold((la + lb) as u128)?;
    w.spend((la + lb) as u128)?;
    let mut out = Vec::with_capacity(la + lb);
    let (mut i, mut j) = (0, 0);
    while i < la || j < lb {
        let next = match (acc.get(i), b.probs.get(j)) {
            (Some(&(x, px)), Some(&(y, py))) if x == y => {
                i += 1;
                j += 1;
                (x, px + py * f)
            }
            (Some(&(x, px)), Some(&(y, _))) if x < y => {
                i += 1;
                (x, px)
            }
            (Some(&a), None) => {
                i += 1;
                a
            }
            (_, Some(&(y, py))) => {
                j += 1;
                (y, py * f)
            }
            (None, None) => break,
        };
        out.push(next);
    }
    *acc = out;
    Ok(())
}

impl Dist {
    /// A distribution from values sorted by value (zero and negative chances dropped).
    fn from_sorted(mut probs: Vec<(i64, f64)>, tails: Tails) -> Dist {
        probs.retain(|&(_, p)| p > 0.0);
        Dist { probs, tails }
    }
}

/// What one face roll gives after `r`/`ro` rerolls: raw values with probabilities, and the
/// probability of passing the reroll limit.
fn reroll_dist(t: &DiceTerm, w: &mut Work) -> Result<(Vec<(i64, f64)>, f64), DiceError> {
    let (lo, hi) = t.sides.faces();
    let faces = (hi - lo + 1) as f64;
    w.hold((hi - lo + 1) as u128)?;
    w.spend((hi - lo + 1) as u128)?;
    let plain = 1.0 / faces;
    let Some(r) = t.reroll.filter(|r| r.kind != RerollKind::Add) else {
        return Ok(((lo..=hi).map(|v| (v, plain)).collect(), 0.0));
    };
    let matching = (lo..=hi).filter(|&v| r.cond.matches(v)).count() as f64;
    let pm = matching / faces;
    Ok(match r.kind {
        RerollKind::Once => (
            (lo..=hi)
                .map(|v| {
                    let keep = if r.cond.matches(v) { 0.0 } else { plain };
                    (v, keep + pm * plain)
                })
                .collect(),
            0.0,
        ),
        _ => {
            // Rerolled until it misses: uniform over the faces that miss, unless the first
            // MAX_REROLLS + 1 faces all match (the roller then fails).
            let past = pm.powi(MAX_REROLLS as i32 + 1);
            let each = (1.0 - past) / (faces - matching);
            (
                (lo..=hi)
                    .filter(|&v| !r.cond.matches(v))
                    .map(|v| (v, each))
                    .collect(),
                past,
            )
        }
    })
}

/// Faces with their probabilities.
type Faces = Vec<(i64, f64)>;

fn split(faces: &[(i64, f64)], cond: Cond) -> (Faces, Faces) {
    faces.iter().partition(|&&(v, _)| cond.matches(v))
}

/// The distribution of values given with their probabilities (a value may repeat).
fn dist_of(mut probs: Vec<(i64, f64)>, w: &mut Work) -> Result<Dist, DiceError> {
    w.hold(probs.len() as u128)?;
    w.spend(2 * probs.len() as u128)?;
    probs.sort_by_key(|&(v, _)| v);
    // In place: a value seen again adds its chance to the one kept before it.
    probs.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += later.1;
        }
        same
    });
    Ok(Dist::from_sorted(probs, Tails::default()))
}

/// Σ_{k=0..K} E^{*k} * N: an explosion chain of `k` matching rolls then one that misses.
/// `E` and `N` are already in the space being summed. Returns the chain with its tails.
fn chain(e: &Dist, n: &Dist, roll_past: f64, w: &mut Work, pos: usize) -> Result<Dist, DiceError> {
    let pe = e.mass();
    let mut acc = n.probs.clone();
    let mut prefix = Dist::point(0);
    let mut going = 1.0f64; // probability that k explosions happened so far
    let mut tails = Tails {
        past: roll_past,
        ..Tails::default()
    };
    let mut k = 0usize;
    loop {
        let next = going * pe;
        if next <= 0.0 {
            break;
        }
        if k == MAX_REROLLS {
            tails.past += next;
            break;
        }
        if next < CUT {
            tails.cut = next;
            tails.depth = k + 1;
            break;
        }
        prefix = convolve(&prefix, e, w, pos)?;
        // The step and the chain so far must fit together before the step is built.
        w.hold(acc.len() as u128 + sum_size(&prefix, n))?;
        let step = convolve(&prefix, n, w, pos)?;
        mix_into(&mut acc, &step, 1.0, w)?;
        k += 1;
        going = next;
        // A reroll that passes its limit can happen on each added roll.
        tails.past += going * roll_past;
    }
    Ok(Dist::from_sorted(acc, tails))
}

fn term_dist(t: &DiceTerm, w: &mut Work) -> Result<Dist, DiceError> {
    match &t.count_expr {
        None => {
            let n = usize::try_from(t.count).map_err(|_| too_large())?;
            plain_term_fits(t, n)?;
            let unit = Unit::new(t, w)?;
            unit.term(n, w)
        }
        Some(c) => {
            let counts = dist(c, w)?;
            if counts.probs.first().is_some_and(|&(v, _)| v < 0) {
                return Err(DiceError::OddsUnsupported {
                    pos: t.pos,
                    reason: "dice-odds-negative-count",
                });
            }
            let unit = Unit::new(t, w)?;
            let mut acc = Vec::new();
            let mut tails = counts.tails;
            let (mut past, mut cut) = (0.0, 0.0);
            for &(n, p) in &counts.probs {
                let n = usize::try_from(n).map_err(|_| too_large())?;
                let d = unit.term(n, w)?;
                mix_into(&mut acc, &d, p, w)?;
                past += p * d.tails.past;
                cut += p * d.tails.cut;
                tails.depth = tails.depth.max(d.tails.depth);
            }
            tails.past = union(tails.past, past);
            tails.cut = union(tails.cut, cut);
            Ok(Dist::from_sorted(acc, tails))
        }
    }
}

/// What one die of a term contributes, ready to be combined `n` times.
struct Unit<'t> {
    t: &'t DiceTerm,
    /// Per original die: its contribution (value or successes), when dice are summed
    /// independently (no keep, no `ra`).
    score: Option<Dist>,
    /// Per original die: its value after compounding and min/max, for keep/drop.
    value: Option<Dist>,
    /// For `ra`: one plain die, and one die that misses the condition, in score space.
    ra: Option<(Dist, Dist)>,
}

impl<'t> Unit<'t> {
    fn score(t: &DiceTerm, v: i64) -> i64 {
        let v = t.clamp(v);
        match t.success {
            Some(s) => i64::from(s.matches(v)) - i64::from(t.failure.is_some_and(|f| f.matches(v))),
            None => v,
        }
    }

    fn new(t: &'t DiceTerm, w: &mut Work) -> Result<Unit<'t>, DiceError> {
        explosion_fits(t, w)?;
        let (faces, roll_past) = reroll_dist(t, w)?;
        // Both map in place (the vector's memory is reused).
        let to_score = |fs: Faces, w: &mut Work| {
            dist_of(
                fs.into_iter()
                    .map(|(v, p)| (Unit::score(t, v), p))
                    .collect(),
                w,
            )
        };
        let to_value = |fs: Faces, w: &mut Work| {
            dist_of(fs.into_iter().map(|(v, p)| (t.clamp(v), p)).collect(), w)
        };
        let unsupported = |reason| DiceError::OddsUnsupported { pos: t.pos, reason };
        if let Some(r) = t.reroll.filter(|r| r.kind == RerollKind::Add) {
            if t.keep.is_some() {
                return Err(unsupported("dice-odds-keep-added"));
            }
            let (_, miss) = split(&faces, r.cond);
            return Ok(Unit {
                t,
                score: None,
                value: None,
                ra: Some((to_score(faces, w)?, to_score(miss, w)?)),
            });
        }
        let mut tails = Tails {
            past: roll_past,
            ..Tails::default()
        };
        // Values (for keep/drop) are only worked out when the term keeps or drops.
        let keeps = t.keep.is_some();
        let (score, value) = match t.explode {
            None => {
                let value = if keeps {
                    Some(to_value(faces.clone(), w)?)
                } else {
                    None
                };
                (to_score(faces, w)?, value)
            }
            Some(e) => {
                let (hit, miss) = split(&faces, e.cond);
                match e.kind {
                    ExplodeKind::Compound => {
                        drop(faces);
                        let (hit, miss) = (dist_of(hit, w)?, dist_of(miss, w)?);
                        let raw = chain(&hit, &miss, roll_past, w, t.pos)?;
                        tails = raw.tails;
                        let value = if keeps {
                            Some(to_value(raw.probs.clone(), w)?)
                        } else {
                            None
                        };
                        (to_score(raw.probs, w)?, value)
                    }
                    ExplodeKind::Chain => {
                        drop(faces);
                        let (hit, miss) = (to_score(hit, w)?, to_score(miss, w)?);
                        let d = chain(&hit, &miss, roll_past, w, t.pos)?;
                        tails = d.tails;
                        (d, None)
                    }
                    ExplodeKind::Once => {
                        let hit_mass = hit.iter().map(|(_, p)| p).sum::<f64>();
                        let (hit, all) = (to_score(hit, w)?, to_score(faces, w)?);
                        let extra = convolve(&hit, &all, w, t.pos)?;
                        let mut acc = Vec::new();
                        mix_into(&mut acc, &to_score(miss, w)?, 1.0, w)?;
                        mix_into(&mut acc, &extra, 1.0, w)?;
                        tails.past = union(roll_past, hit_mass * roll_past);
                        (Dist::from_sorted(acc, Tails::default()), None)
                    }
                }
            }
        };
        if keeps && value.is_none() {
            return Err(unsupported("dice-odds-keep-exploded"));
        }
        let with = |mut d: Dist| {
            d.tails = tails;
            d
        };
        Ok(Unit {
            t,
            score: Some(with(score)),
            value: value.map(with),
            ra: None,
        })
    }

    /// The term with `n` original dice.
    fn term(&self, n: usize, w: &mut Work) -> Result<Dist, DiceError> {
        let t = self.t;
        if let Some((all, miss)) = &self.ra {
            // No die matches: n misses. Some die matches: all n minus that, plus one plain die.
            let none = power(miss, n, w, t.pos)?;
            let any = power(all, n, w, t.pos)?;
            let mut some = any.probs;
            mix_into(&mut some, &none, -1.0, w)?;
            let some = Dist::from_sorted(some, Tails::default());
            let extra = convolve(&some, all, w, t.pos)?;
            let mut acc = none.probs;
            mix_into(&mut acc, &extra, 1.0, w)?;
            return Ok(Dist::from_sorted(acc, Tails::default()));
        }
        match (t.keep, &self.value, &self.score) {
            (Some(keep), Some(value), _) => {
                let tails = value.tails.times(n);
                let mut d = keep_dist(value, |v| Unit::score(t, v), n, keep, w)?;
                d.tails = tails;
                Ok(d)
            }
            (_, _, Some(score)) => {
                let tails = score.tails.times(n);
                let mut d = power(score, n, w, t.pos)?;
                d.tails = tails;
                Ok(d)
            }
            _ => Err(too_large()),
        }
    }
}

/// Refuses, before any table is built, an exploding (`!`, `!!`) die whose chain cannot fit
/// the budget: its first explosion alone would hold the faces that stop it plus the sums of
/// one face that explodes and one that stops ([`chain`] checks the same, later). Counting the
/// faces allocates nothing, so `10d999999!!` is refused at once. Success counting and
/// min/max can fold many values into few, so those are left to the computation itself.
fn explosion_fits(t: &DiceTerm, w: &Work) -> Result<(), DiceError> {
    match first_explosion_size(t) {
        Some(size) => w.hold(size),
        None => Ok(()),
    }
}

/// The most results an exploding die's chain holds after its first explosion (the faces that
/// stop it, and the sums of a face that explodes and one that stops), or `None` when that is
/// not worked out in advance (see [`explosion_fits`]).
fn first_explosion_size(t: &DiceTerm) -> Option<u128> {
    let e = t.explode.filter(|e| e.kind != ExplodeKind::Once)?;
    if t.success.is_some() || t.min.is_some() || t.max.is_some() {
        return None;
    }
    let (lo, hi) = t.sides.faces();
    let reroll = t.reroll.filter(|r| r.kind == RerollKind::Repeat);
    let kept = |v: i64| reroll.is_none_or(|r| !r.cond.matches(v));
    // Each condition changes only at its value and the next, so the faces fall into a few
    // runs that each hit or miss as a whole: counted per run, without visiting every face.
    let mut cuts = vec![lo, hi + 1];
    for c in std::iter::once(e.cond).chain(reroll.map(|r| r.cond)) {
        cuts.extend(
            [c.value, c.value.saturating_add(1)]
                .into_iter()
                .filter(|&v| lo < v && v <= hi),
        );
    }
    cuts.sort_unstable();
    cuts.dedup();
    let (mut hits, mut misses) = (0u128, 0u128);
    let (mut hit_range, mut miss_range) = ((i64::MAX, i64::MIN), (i64::MAX, i64::MIN));
    for run in cuts.windows(2) {
        let (a, b) = (run[0], run[1] - 1);
        if !kept(a) {
            continue;
        }
        let (count, range) = if e.cond.matches(a) {
            (&mut hits, &mut hit_range)
        } else {
            (&mut misses, &mut miss_range)
        };
        *count += (b - a + 1) as u128;
        *range = (range.0.min(a), range.1.max(b));
    }
    if hits == 0 || misses == 0 {
        return None;
    }
    let span = (i128::from(hit_range.1) + i128::from(miss_range.1)
        - i128::from(hit_range.0)
        - i128::from(miss_range.0)
        + 1) as u128;
    Some(misses + (hits * misses).min(span))
}

/// Sum of the scores of the kept dice, `n` dice each distributed as `value` (already
/// clamped; a sub-distribution when some rolls fail), keeping or dropping by value.
fn keep_dist(
    value: &Dist,
    score: impl Fn(i64) -> i64,
    n: usize,
    keep: Keep,
    w: &mut Work,
) -> Result<Dist, DiceError> {
    let k = usize::try_from(keep.n).unwrap_or(usize::MAX).min(n);
    let (high, k) = match keep.kind {
        KeepKind::KeepHigh => (true, k),
        KeepKind::KeepLow => (false, k),
        KeepKind::DropHigh => (false, n - k),
        KeepKind::DropLow => (true, n - k),
    };
    if k == 0 {
        return Ok(Dist::point(0).scale(value.mass().powi(n as i32)));
    }
    // Values in the order they are taken: highest first for keep-highest.
    let mut order: Vec<(i64, f64)> = value.probs.iter().map(|&(v, p)| (score(v), p)).collect();
    if high {
        order.reverse();
    }
    if k == n {
        let d = dist_of(order, w)?;
        return power(&d, n, w, 0);
    }
    let scores: Vec<i64> = order.iter().map(|&(s, _)| s).collect();
    let smin = scores.iter().copied().min().unwrap_or(0);
    let smax = scores.iter().copied().max().unwrap_or(0);
    let k64 = k as i64;
    let lo = (k64.saturating_mul(smin)).min(0);
    let hi = (k64.saturating_mul(smax)).max(0);
    let width = usize::try_from(hi - lo + 1).map_err(|_| too_large())?;
    w.spend(order.len() as u128 * ((n + 1) * (n + 2) / 2) as u128 * width as u128)?;
    // `dp` and `next` below: two tables of (n + 1) × width cells.
    w.hold(2 * (n as u128 + 1) * width as u128)?;

    let mut binom = vec![vec![0f64; n + 1]; n + 1];
    for i in 0..=n {
        binom[i][0] = 1.0;
        for j in 1..=i {
            binom[i][j] = binom[i - 1][j - 1] + binom[i - 1][j];
        }
    }
    // dp[j][s]: probability that j dice took the values handled so far (the first in
    // `order`) with the kept ones scoring lo + s.
    let mut dp = vec![vec![0f64; width]; n + 1];
    dp[0][(-lo) as usize] = 1.0;
    for (idx, &(s_v, p)) in order.iter().enumerate() {
        let last = idx + 1 == order.len();
        let mut pow = vec![1f64; n + 1];
        for c in 1..=n {
            pow[c] = pow[c - 1] * p;
        }
        let mut next = vec![vec![0f64; width]; n + 1];
        for j in 0..=n {
            let rest = n - j;
            let first_c = if last { rest } else { 0 };
            for (s, &ways) in dp[j].iter().enumerate() {
                if ways == 0.0 {
                    continue;
                }
                for c in first_c..=rest {
                    let add = c.min(k.saturating_sub(j)) as i64 * s_v;
                    let target = (s as i64 + add) as usize;
                    next[j + c][target] += ways * binom[rest][c] * pow[c];
                }
            }
        }
        dp = next;
    }
    let probs = dp[n]
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0.0)
        .map(|(s, &p)| (lo + s as i64, p))
        .collect();
    Ok(Dist {
        probs,
        tails: Tails::default(),
    })
}

/// The number of results `node` has when that is known without computing it (a plain sum
/// of dice, `NdX`, has N·(X−1)+1; a number has one), else 1: a lower bound.
fn least_results(node: &Node) -> u128 {
    match node {
        Node::Paren { inner } | Node::Label { inner, .. } => least_results(inner),
        Node::Dice(t) if plain(t) && t.count_expr.is_none() => {
            let (lo, hi) = t.sides.faces();
            u128::try_from(t.count).unwrap_or(0) * (hi - lo) as u128 + 1
        }
        _ => 1,
    }
}

/// A term whose dice are only summed: no explosion, reroll, success count or min/max.
fn plain(t: &DiceTerm) -> bool {
    t.explode.is_none()
        && t.reroll.is_none()
        && t.success.is_none()
        && t.min.is_none()
        && t.max.is_none()
}

/// Refuses at once, before any table is built, a plain term whose odds would pass the step
/// budget: `n` dice of F faces summed cost at least F² steps from the second die on, and
/// keeping k of them F·(n+1)(n+2)/2·(k·(F−1)+1) (what [`keep_dist`] spends).
fn plain_term_fits(t: &DiceTerm, n: usize) -> Result<(), DiceError> {
    if !plain(t) || n < 2 {
        return Ok(());
    }
    let (lo, hi) = t.sides.faces();
    let f = (hi - lo + 1) as u128;
    let n128 = n as u128;
    let steps = match t.keep {
        Some(keep) => {
            let k = u128::try_from(keep.n).unwrap_or(u128::MAX).min(n128);
            let k = match keep.kind {
                KeepKind::KeepHigh | KeepKind::KeepLow => k,
                KeepKind::DropHigh | KeepKind::DropLow => n128 - k,
            };
            if k == 0 {
                0 // nothing kept: no dice to sum
            } else if k == n128 {
                f * f
            } else {
                f.saturating_mul((n128 + 1) * (n128 + 2) / 2)
                    .saturating_mul(k.saturating_mul(f - 1) + 1)
            }
        }
        None => f * f,
    };
    if steps > u128::from(ODDS_WORK_LIMIT) {
        Err(too_large())
    } else {
        Ok(())
    }
}

fn group_dist(g: &GroupTerm, w: &mut Work) -> Result<Dist, DiceError> {
    if let Some(keep) = g.keep {
        // Keeping among the items holds a state per item total: refused at once when an
        // item alone has more totals than the budget's states.
        let k = u128::try_from(keep.n)
            .unwrap_or(u128::MAX)
            .min(g.items.len() as u128);
        if k < g.items.len() as u128 {
            for item in &g.items {
                w.hold(least_results(item) * (k + 2))?;
            }
        }
    }
    let items: Vec<Dist> = g
        .items
        .iter()
        .map(|i| dist(i, w))
        .collect::<Result<_, _>>()?;
    let tails = items
        .iter()
        .fold(Tails::default(), |acc, d| acc.and(d.tails));
    let score = |v: i64| match g.success {
        Some(s) => i64::from(s.matches(v)) - i64::from(g.failure.is_some_and(|f| f.matches(v))),
        None => v,
    };
    let m = items.len();
    let kept = g.keep.map(|keep| {
        let k = usize::try_from(keep.n).unwrap_or(usize::MAX).min(m);
        match keep.kind {
            KeepKind::KeepHigh => (true, k),
            KeepKind::KeepLow => (false, k),
            KeepKind::DropHigh => (false, m - k),
            KeepKind::DropLow => (true, m - k),
        }
    });
    let mut d = match kept {
        Some((high, k)) if k < m => {
            // State: the k best item totals so far, best first.
            let mut states: BTreeMap<Vec<i64>, f64> = BTreeMap::from([(Vec::new(), 1.0)]);
            for item in &items {
                w.spend(states.len() as u128 * item.probs.len() as u128 * (k as u128 + 1))?;
                let mut next: BTreeMap<Vec<i64>, f64> = BTreeMap::new();
                for (state, &ps) in &states {
                    for &(v, p) in &item.probs {
                        let mut s = state.clone();
                        let at = s
                            .iter()
                            .position(|&x| if high { v > x } else { v < x })
                            .unwrap_or(s.len());
                        s.insert(at, v);
                        s.truncate(k);
                        w.tally(&mut next, s, ps * p)?;
                        // A state costs about k + 2 cells of 16 bytes (its list, the
                        // map's entry and chance), with the states held before it.
                        w.hold((states.len() + next.len()) as u128 * (k as u128 + 2))?;
                    }
                }
                states = next;
            }
            let mut map = BTreeMap::new();
            for (s, p) in states {
                let total = s
                    .iter()
                    .try_fold(0i64, |a, &v| a.checked_add(score(v)))
                    .ok_or(DiceError::Overflow { pos: g.pos })?;
                w.tally(&mut map, total, p)?;
            }
            Dist::from_map(map, Tails::default())
        }
        _ => {
            let mut acc = Dist::point(0);
            for item in &items {
                let scored = map_values(item.clone(), |v| Ok(score(v)), w)?;
                acc = convolve(&acc, &scored, w, g.pos)?;
            }
            acc
        }
    };
    d.tails = tails;
    Ok(d)
}

/// The most faces one original die of `t` can roll in the model above (explosion depth
/// and reroll chains included), and the distribution of how many faces it rolls.
fn faces_per_die(t: &DiceTerm, cap: usize, w: &mut Work) -> Result<Vec<f64>, DiceError> {
    let (lo, hi) = t.sides.faces();
    let faces = (hi - lo + 1) as f64;
    // Faces used by one roll (a first face plus its rerolls).
    let mut per_roll = vec![0.0; cap + 1];
    match t.reroll {
        Some(r) if r.kind != RerollKind::Add => {
            let pm = (lo..=hi).filter(|&v| r.cond.matches(v)).count() as f64 / faces;
            let max = if r.kind == RerollKind::Once {
                2
            } else {
                MAX_REROLLS + 1
            };
            #[allow(clippy::needless_range_loop)] // per_roll[cap] is written too
            for f in 1..=max.min(cap) {
                let reach = pm.powi(f as i32 - 1); // chance of needing an f-th face
                if f < max && reach < LUMP {
                    // Rarer than LUMP: counted as passing the limit (keeps the bound).
                    per_roll[cap] += reach;
                    break;
                }
                per_roll[f] = if f == max { reach } else { reach * (1.0 - pm) };
            }
        }
        _ => per_roll[1] = 1.0,
    }
    // Chance that a finished roll explodes, taken at its largest over how many faces the
    // roll used, so that the count below is an upper bound.
    let pe = t.explode.map_or(0.0, |e| {
        let share = |keep: &dyn Fn(i64) -> bool| {
            let usable = (lo..=hi).filter(|&v| keep(v)).count() as f64;
            let hit = (lo..=hi).filter(|&v| keep(v) && e.cond.matches(v)).count() as f64;
            if usable > 0.0 {
                hit / usable
            } else {
                0.0
            }
        };
        let all = share(&|_| true);
        match t.reroll {
            Some(r) if r.kind != RerollKind::Add => all.max(share(&|v| !r.cond.matches(v))),
            _ => all,
        }
    });
    let max_rolls = match t.explode.map(|e| e.kind) {
        None => 1,
        Some(ExplodeKind::Once) => 2,
        Some(_) => MAX_REROLLS + 1,
    };
    let mut out = vec![0.0; cap + 1];
    let mut sofar = vec![0.0; cap + 1];
    sofar[0] = 1.0;
    let mut going = 1.0;
    for r in 1..=max_rolls {
        sofar = convolve_capped(&sofar, &per_roll, cap, w)?;
        let stop = if r == max_rolls { 1.0 } else { 1.0 - pe };
        for (o, s) in out.iter_mut().zip(&sofar) {
            *o += s * stop;
        }
        for s in &mut sofar {
            *s *= pe;
        }
        going *= pe;
        if going < LUMP && r < max_rolls {
            // Longer chains are counted as passing the limit (keeps the bound).
            out[cap] += going;
            break;
        }
    }
    if t.reroll.is_some_and(|r| r.kind == RerollKind::Add) {
        // At most one extra face per term; counted per die as a safe upper bound.
        let mut shifted = vec![0.0; cap + 1];
        for (i, p) in out.iter().enumerate() {
            shifted[(i + 1).min(cap)] += p;
        }
        out = shifted;
    }
    Ok(out)
}

/// Chains rarer than this are counted as passing the dice limit in [`faces_per_die`].
const LUMP: f64 = 1e-40;

/// Convolution of two face-count distributions, everything at or past `cap` lumped at `cap`.
fn convolve_capped(a: &[f64], b: &[f64], cap: usize, w: &mut Work) -> Result<Vec<f64>, DiceError> {
    let nz = |v: &[f64]| v.iter().filter(|&&p| p != 0.0).count() as u128;
    w.spend(nz(a) * nz(b))?;
    let mut out = vec![0.0; cap + 1];
    for (i, &pa) in a.iter().enumerate() {
        if pa == 0.0 {
            continue;
        }
        for (j, &pb) in b.iter().enumerate() {
            if pb != 0.0 {
                out[(i + j).min(cap)] += pa * pb;
            }
        }
    }
    Ok(out)
}

/// Upper bound on the probability that the whole expression rolls more than [`MAX_DICE`]
/// faces (explosions and rerolls count), after which the roller fails.
fn dice_limit_risk(root: &Node, w: &mut Work) -> Result<f64, DiceError> {
    let cap = MAX_DICE + 1;
    let mut terms = Vec::new();
    collect_terms(root, &mut terms);
    // Quick exit: the most faces possible stays within the limit.
    let mut most: u128 = 0;
    for (t, n) in &terms {
        let per_roll = match t.reroll {
            Some(r) if r.kind == RerollKind::Repeat => MAX_REROLLS as u128 + 1,
            Some(r) if r.kind == RerollKind::Once => 2,
            _ => 1,
        };
        let rolls = match t.explode.map(|e| e.kind) {
            None => 1,
            Some(ExplodeKind::Once) => 2,
            Some(_) => MAX_REROLLS as u128 + 1,
        };
        let extra = u128::from(t.reroll.is_some_and(|r| r.kind == RerollKind::Add));
        most = most.saturating_add((*n as u128).saturating_mul(per_roll * rolls + extra));
    }
    if most <= MAX_DICE as u128 {
        return Ok(0.0);
    }
    let mut total = vec![0.0; cap + 1];
    total[0] = 1.0;
    for (t, n) in &terms {
        let die = faces_per_die(t, cap, w)?;
        // n copies by repeated squaring.
        let mut result = vec![0.0; cap + 1];
        result[0] = 1.0;
        let mut base = die;
        let mut k = *n;
        while k > 0 {
            if k & 1 == 1 {
                result = convolve_capped(&result, &base, cap, w)?;
            }
            k >>= 1;
            if k > 0 {
                base = convolve_capped(&base, &base, cap, w)?;
            }
        }
        total = convolve_capped(&total, &result, cap, w)?;
    }
    Ok(total[cap].min(1.0))
}

/// Every dice term with the most dice it can roll (a computed count at its upper bound).
fn collect_terms<'a>(node: &'a Node, out: &mut Vec<(&'a DiceTerm, usize)>) {
    match node {
        Node::Num { .. } => {}
        Node::Paren { inner }
        | Node::Label { inner, .. }
        | Node::Neg { inner, .. }
        | Node::Func { inner, .. } => collect_terms(inner, out),
        Node::Bin { lhs, rhs, .. } => {
            collect_terms(lhs, out);
            collect_terms(rhs, out);
        }
        Node::Group(g) => g.items.iter().for_each(|i| collect_terms(i, out)),
        Node::Dice(t) => {
            let n = match &t.count_expr {
                Some(c) => {
                    collect_terms(c, out);
                    super::parse::bounds(c)
                        .map_or(0, |(_, hi)| hi.clamp(0, MAX_DICE as i128) as usize)
                }
                None => usize::try_from(t.count).unwrap_or(0),
            };
            out.push((t, n));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn a_chance_beyond_every_result_is_0_percent_never_minus_0() {
        let d = odds("1d6").unwrap();
        // (An empty f64 sum is −0.0, which printed as "-0.0%".)
        assert_eq!(d.prob_at_least(2_147_483_648), 0.0);
        assert_eq!(percent(d.prob_at_least(2_147_483_648)), "0.0%");
        assert_eq!(percent(-1e-17), "0.0%");
        assert_eq!(percent(d.prob_at_least(4)), "50.0%");
    }

    /// The distribution as whole counts out of `total` equally likely outcomes; each
    /// probability must be within 1e-9 of such a count.
    fn counts(d: &Distribution, total: u128) -> BTreeMap<i64, u128> {
        d.probs
            .iter()
            .map(|(&v, &p)| {
                let c = p * total as f64;
                assert!(
                    (c - c.round()).abs() < 1e-6,
                    "{v}: {c} is not a whole count"
                );
                (v, c.round() as u128)
            })
            .collect()
    }

    fn check_sum(d: &Distribution) {
        assert!(
            (d.mass() + d.past_limit + d.cut - 1.0).abs() < 1e-12,
            "{d:?}"
        );
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn costly_plain_terms_and_groups_are_refused_before_any_table_is_built() {
        // Refused by the counts alone: nothing was spent.
        for expr in ["2d1000000", "3d1000000kh2", "2d5000"] {
            let Node::Dice(t) = &parse(expr).unwrap().root else {
                panic!("{expr}")
            };
            assert!(plain_term_fits(t, t.count as usize).is_err(), "{expr}");
        }
        // Within the budget, and what the full computation then does.
        for expr in ["2d4000", "4d6kh3", "1d1000000", "100d6", "2d1000000kh0"] {
            let Node::Dice(t) = &parse(expr).unwrap().root else {
                panic!("{expr}")
            };
            assert!(plain_term_fits(t, t.count as usize).is_ok(), "{expr}");
            assert!(odds(expr).is_ok(), "{expr}");
        }
        let mut w = Work(0);
        let Node::Group(g) = &parse("{1d1000000, 1d1000000}kh1").unwrap().root else {
            panic!()
        };
        assert!(group_dist(g, &mut w).is_err());
        assert_eq!(w.0, 0, "refused before any step");
        assert!(odds("{4d6, 3d8}kh1").is_ok());
    }

    #[test]
    fn the_first_explosion_is_sized_without_visiting_every_face() {
        // Counted by runs of faces; the same as visiting each face.
        for expr in [
            "1d20!",
            "1d20!>=15",
            "1d20!<3",
            "1d20!=7",
            "1d20!!>18",
            "1d20r<5!",
            "1d20r=20!>=19",
            "1d20r>10!!<3",
            "1dF!",
            "1d%!>=90",
            "1d2r1!=1",
            "1d999999!!",
        ] {
            let Node::Dice(t) = &parse(expr).unwrap().root else {
                panic!("{expr}")
            };
            let (lo, hi) = t.sides.faces();
            let e = t.explode.unwrap();
            let kept: Vec<i64> = (lo..=hi)
                .filter(|&v| {
                    !t.reroll
                        .is_some_and(|r| r.kind == RerollKind::Repeat && r.cond.matches(v))
                })
                .collect();
            let (hit, miss): (Vec<i64>, Vec<i64>) = kept.iter().partition(|&&v| e.cond.matches(v));
            let want = (!hit.is_empty() && !miss.is_empty()).then(|| {
                let span = (hit.iter().max().unwrap() + miss.iter().max().unwrap()
                    - hit.iter().min().unwrap()
                    - miss.iter().min().unwrap()
                    + 1) as u128;
                miss.len() as u128 + (hit.len() as u128 * miss.len() as u128).min(span)
            });
            assert_eq!(first_explosion_size(t), want, "{expr}");
        }
    }

    #[test]
    fn two_d6() {
        let d = odds("2d6").unwrap();
        check_sum(&d);
        let c: Vec<u128> = counts(&d, 36).values().copied().collect();
        assert_eq!(c, [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        assert_eq!(
            d.probs.keys().copied().collect::<Vec<_>>(),
            (2..=12).collect::<Vec<_>>()
        );
        assert!(close(d.mean(), 7.0));
        assert_eq!(d.note(), None);
    }

    #[test]
    fn needs_eleven_on_2d6_plus_4() {
        let d = odds("2d6+4").unwrap();
        assert!(close(d.prob_at_least(11), 21.0 / 36.0));
        assert_eq!(percent(d.prob_at_least(11)), "58.3%");
        assert_eq!((d.min(), d.max()), (Some(6), Some(16)));
    }

    #[test]
    fn three_d6() {
        let d = odds("3d6").unwrap();
        check_sum(&d);
        let c = counts(&d, 216);
        assert_eq!(c[&3], 1);
        assert!(close(d.prob_at_most(10), 0.5));
        assert!(close(d.prob_eq(18), 1.0 / 216.0));
    }

    #[test]
    fn four_d6_keep_three() {
        let d = odds("4d6kh3").unwrap();
        check_sum(&d);
        let c = counts(&d, 1296);
        assert_eq!((c[&18], c[&3], c[&17]), (21, 1, 54));
        assert!((d.mean() - 12.244598765432098).abs() < 1e-9, "{}", d.mean());
        // Same as dropping the lowest.
        assert_eq!(counts(&odds("4d6dl1").unwrap(), 1296), c);
        assert_eq!(counts(&odds("4d6d1").unwrap(), 1296), c);
        // 4d6 drop highest = mirror image of keep highest.
        let dh = counts(&odds("4d6dh1").unwrap(), 1296);
        for v in 3..=18 {
            assert_eq!(dh[&v], c[&(21 - v)]);
        }
    }

    #[test]
    fn advantage_and_disadvantage() {
        let adv = counts(&odds("2d20kh1").unwrap(), 400);
        for v in 1..=20 {
            assert_eq!(adv[&v], (2 * v - 1) as u128);
        }
        let dis = counts(&odds("2d20kl1").unwrap(), 400);
        for v in 1..=20 {
            assert_eq!(dis[&v], (41 - 2 * v) as u128);
        }
        assert_eq!(counts(&odds("2d20k").unwrap(), 400), adv);
    }

    /// Brute force over all outcomes, for cross-checking the DP.
    fn brute(n: u32, sides: i64, keep_high: usize) -> BTreeMap<i64, u128> {
        let mut map = BTreeMap::new();
        for mut code in 0..(sides as u64).pow(n) {
            let mut vals = Vec::new();
            for _ in 0..n {
                vals.push((code % sides as u64) as i64 + 1);
                code /= sides as u64;
            }
            vals.sort_unstable_by(|a, b| b.cmp(a));
            *map.entry(vals[..keep_high].iter().sum()).or_insert(0) += 1;
        }
        map
    }

    #[test]
    fn keep_dp_matches_brute_force() {
        for (n, s, k) in [(5, 6, 3), (5, 6, 1), (4, 8, 2), (6, 4, 5), (3, 10, 2)] {
            let d = odds(&format!("{n}d{s}kh{k}")).unwrap();
            assert_eq!(
                counts(&d, (s as u128).pow(n)),
                brute(n, s, k),
                "{n}d{s}kh{k}"
            );
            check_sum(&d);
        }
    }

    #[test]
    fn big_keep_is_fast_and_exact() {
        let d = odds("8d6kh3").unwrap();
        check_sum(&d);
        let c = counts(&d, 6u128.pow(8));
        assert_eq!(c[&3], 1);
        assert_eq!(
            c[&18],
            6u128.pow(8) - 5u128.pow(8) - 8 * 5u128.pow(7) - 28 * 5u128.pow(6)
        );
        check_sum(&odds("40d6kh10 + 2d100").unwrap());
        // No longer limited by 2^128 outcomes: 100d20 has 20^100.
        let d = odds("100d20").unwrap();
        check_sum(&d);
        assert!((d.mean() - 1050.0).abs() < 1e-9);
    }

    #[test]
    fn mixed_terms_fudge_percent() {
        let d = odds("1d20+1d4-1").unwrap();
        check_sum(&d);
        assert_eq!((d.min(), d.max()), (Some(1), Some(23)));
        assert!(close(d.mean(), 12.0));
        let f = counts(&odds("dF").unwrap(), 3);
        assert_eq!(f, BTreeMap::from([(-1, 1), (0, 1), (1, 1)]));
        let f4 = counts(&odds("4dF").unwrap(), 81);
        assert_eq!((f4[&0], f4[&4]), (19, 1));
        let p = odds("d%").unwrap();
        assert_eq!(p.probs.len(), 100);
        assert!(close(p.prob_eq(100), 0.01));
        assert_eq!(counts(&odds("4dFkh2").unwrap(), 81)[&-2], 1);
        assert_eq!(odds("-(1d6)").unwrap().max(), Some(-1));
        assert_eq!(odds("0d6+5").unwrap().probs, BTreeMap::from([(5, 1.0)]));
        let m = odds("2*1d6").unwrap();
        assert_eq!(
            m.probs.keys().copied().collect::<Vec<_>>(),
            [2, 4, 6, 8, 10, 12]
        );
        let dv = counts(&odds("1d6/2").unwrap(), 6);
        assert_eq!(dv, BTreeMap::from([(0, 1), (1, 2), (2, 2), (3, 1)]));
        assert_eq!(counts(&odds("2d6mi3ma5").unwrap(), 36)[&6], 9);
        check_sum(&odds("1d6 # label").unwrap());
    }

    /// P(1d6! = 6k + r) = 6^-(k+1) for r in 1..=5: a geometric series, followed until the
    /// chance of going on is below 1e-18, and the cut is reported.
    #[test]
    fn exploding_d6_is_a_geometric_series_with_its_cut_reported() {
        let d = odds("1d6!").unwrap();
        check_sum(&d);
        for k in 0..10 {
            for r in 1..=5 {
                let want = 6f64.powi(-(k + 1));
                let got = d.prob_eq(6 * i64::from(k) + r);
                assert!(
                    (got - want).abs() < want * 1e-12,
                    "{k} {r}: {got} vs {want}"
                );
            }
            assert_eq!(d.prob_eq(6 * i64::from(k) + 6), 0.0);
        }
        // Mean of an exploding d6: 3.5 / (1 - 1/6) = 4.2.
        assert!((d.mean() - 4.2).abs() < 1e-12, "{}", d.mean());
        assert!(d.cut > 0.0 && d.cut < 1e-18, "{}", d.cut);
        assert_eq!(d.past_limit, 0.0);
        let note = d.note().unwrap();
        assert!(note.contains("explosion chains longer than"), "{note}");
        // The chance of rolling at least 7 is exactly 1/6 minus the cut tail.
        assert!((d.prob_at_least(7) + d.cut - 1.0 / 6.0).abs() < 1e-15);
    }

    /// What the odds leave out reads as it always has in English, and in Japanese words
    /// (振り足し for explosions) with the same numbers.
    #[test]
    fn the_note_says_what_is_left_out_in_each_language() {
        let d = Distribution {
            probs: BTreeMap::from([(1, 0.5)]),
            past_limit: 1.5e-79,
            cut: 2.5e-19,
            cut_depth: 40,
            dice_limit: 3e-13,
        };
        assert_eq!(
            d.note().unwrap(),
            "Left out: 1.5e-79 of rolls pass the limit of 100 explosions or rerolls on one die and fail; \
             2.5e-19 lies in explosion chains longer than 40 dice, which the odds do not follow; \
             up to 3.0e-13 of rolls pass the 1000-dice limit and fail (the chances above may include them)."
        );
        assert_eq!(d.note_in(Locale::En), d.note());
        assert_eq!(
            d.note_in(Locale::Ja).unwrap(),
            "確率に含まれないもの：ロールの1.5e-79はダイス1個あたりの振り足し・振り直しの上限100回を超えて失敗します；\
             2.5e-19はダイス40個より長い振り足しの連鎖にあり、確率はそこまで追いません；\
             ロールの最大3.0e-13はダイス1000個の上限を超えて失敗します（上の確率に含まれることがあります）。"
        );
        let exact = odds("2d6").unwrap();
        assert_eq!(exact.note_in(Locale::Ja), None);
    }

    /// The issue's `1d6!!r` case: every added die is rerolled too, so each roll is uniform
    /// on 2..=6 (mean 4) and compounds on a 6 with chance 1/5: mean 4 / (1 - 1/5) = 5.
    #[test]
    fn compounding_with_reroll_has_mean_five() {
        let d = odds("1d6!!r").unwrap();
        check_sum(&d);
        assert!((d.mean() - 5.0).abs() < 1e-12, "{}", d.mean());
        assert_eq!(d.prob_eq(7), 0.0, "an added 1 is always rerolled");
        assert!((d.prob_eq(8) - 0.2 * 0.2).abs() < 1e-15);
        // Compounded dice are one die each, so keep/drop works on them.
        let k = odds("3d6!!kh2").unwrap();
        check_sum(&k);
        assert!(k.min() == Some(2));
    }

    #[test]
    fn reroll_until_is_uniform_over_the_rest_and_reports_the_limit() {
        let d = odds("1d6r").unwrap();
        let past = 6f64.powi(-101);
        assert!(
            (d.past_limit - past).abs() < past * 1e-9,
            "{}",
            d.past_limit
        );
        for v in 2..=6 {
            assert!(close(d.prob_eq(v), 0.2));
        }
        let note = d.note().unwrap();
        assert!(
            note.contains("limit of 100 explosions or rerolls") && note.contains("e-79"),
            "{note}"
        );
        // Reroll once: brute force over the 36 pairs of faces.
        let mut want = BTreeMap::new();
        for a in 1..=6 {
            for b in 1..=6 {
                let v = if a < 3 { b } else { a };
                *want.entry(v).or_insert(0u128) += 1;
            }
        }
        assert_eq!(counts(&odds("1d6ro<3").unwrap(), 36), want);
        // A d2 rerolled on 1: the limit is hit with chance 2^-101.
        let d = odds("1d2r1").unwrap();
        assert!((d.past_limit - 2f64.powi(-101)).abs() < 1e-40);
        assert!(close(d.prob_eq(2), 1.0 - 2f64.powi(-101)));
    }

    #[test]
    fn success_counting_is_binomial() {
        let d = odds("5d10>=8").unwrap();
        check_sum(&d);
        let choose = |n: u64, k: u64| (1..=k).fold(1u64, |a, i| a * (n + 1 - i) / i);
        for k in 0..=5u64 {
            let want = choose(5, k) as f64 * 0.3f64.powi(k as i32) * 0.7f64.powi(5 - k as i32);
            assert!(close(d.prob_eq(k as i64), want), "{k}");
        }
        // With failures: brute force over 10^3 outcomes.
        let mut want = BTreeMap::new();
        for a in 1..=10 {
            for b in 1..=10 {
                for c in 1..=10 {
                    let score = |v: i64| i64::from(v >= 8) - i64::from(v == 1);
                    *want.entry(score(a) + score(b) + score(c)).or_insert(0u128) += 1;
                }
            }
        }
        assert_eq!(counts(&odds("3d10>=8f1").unwrap(), 1000), want);
        // Keep then count: 4d6kh2>=1 always counts 2.
        assert!(close(odds("4d6kh2>=1").unwrap().prob_eq(2), 1.0));
        // Exploding dice count each die: 1d6!6>=5 counts the 6s rolled and the last die.
        let e = odds("1d6!6>=5").unwrap();
        assert!(close(e.prob_eq(0), 4.0 / 6.0));
        assert!(close(e.prob_eq(1), 1.0 / 6.0 + 1.0 / 6.0 * 4.0 / 6.0));
    }

    #[test]
    fn groups_functions_counts_and_dice_times_dice() {
        // {1d6,1d6}kh1 is 2d6kh1.
        assert_eq!(
            counts(&odds("{1d6,1d6}kh1").unwrap(), 36),
            counts(&odds("2d6kh1").unwrap(), 36)
        );
        // {1d4, 1d6}>3: each item a success on 4+.
        let g = odds("{1d4,1d6}>3").unwrap();
        assert!(close(g.prob_eq(2), 0.25 * 0.5));
        assert!(close(g.prob_eq(0), 0.75 * 0.5));
        // (1d2)d6: half the time 1d6, half 2d6.
        let c = odds("(1d2)d6").unwrap();
        assert!(close(c.prob_eq(1), 0.5 / 6.0));
        assert!(close(c.prob_eq(12), 0.5 / 36.0));
        // ceil(1d6/2) is exact inside: 1,1,2,2,3,3.
        assert_eq!(
            counts(&odds("ceil(1d6/2)").unwrap(), 6),
            BTreeMap::from([(1, 2), (2, 2), (3, 2)])
        );
        assert_eq!(
            counts(&odds("round(1d4/2)").unwrap(), 4),
            BTreeMap::from([(1, 2), (2, 2)])
        );
        assert_eq!(counts(&odds("1d6*1d6").unwrap(), 36)[&36], 1);
        assert_eq!(
            counts(&odds("1d6%3").unwrap(), 6),
            BTreeMap::from([(0, 2), (1, 2), (2, 2)])
        );
        assert_eq!(
            counts(&odds("abs(1d3-2)").unwrap(), 3),
            BTreeMap::from([(0, 1), (1, 2)])
        );
        // Reroll and add: 1d6ra6 is 1d6, plus another d6 after a 6.
        let ra = odds("1d6ra6").unwrap();
        assert!(close(ra.prob_eq(5), 1.0 / 6.0));
        assert!(close(ra.prob_eq(7), 1.0 / 36.0));
        assert_eq!(ra.prob_eq(6), 0.0);
        // Explode once: 1d6xo never passes 12.
        assert_eq!(odds("1d6xo").unwrap().max(), Some(12));
    }

    #[test]
    fn refusals_say_why() {
        for (input, pos, words) in [
            ("4d6!kh3", 0, "number of dice varies"),
            ("1+4d6xokh3", 2, "number of dice varies"),
            ("2d6ra6kh1", 0, "reroll-and-add"),
            ("1d6/(1d2-1)", 3, "can come out 0"),
            ("(1d4-2)d6", 0, "negative"),
        ] {
            let e = odds(input).unwrap_err();
            assert!(
                matches!(e, DiceError::OddsUnsupported { pos: p, .. } if p == pos),
                "{input}: {e:?}"
            );
            let msg = e.to_string();
            assert!(
                msg.contains(words) && msg.contains("Roll it instead"),
                "{msg}"
            );
        }
        assert!(matches!(
            odds("1d6/0"),
            Err(DiceError::DivisionByZero { .. })
        ));
        for input in ["2d1000000", "1d1000000+1d1000000"] {
            let e = odds(input).unwrap_err();
            assert!(
                matches!(e, DiceError::OddsTooLarge { .. }),
                "{input}: {e:?}"
            );
            assert!(e.to_string().contains("too costly to compute exactly"));
        }
        // 600d6 exploding on 4+ passes 1,000 dice most of the time.
        let e = odds("600d6!>3").unwrap_err();
        assert!(matches!(e, DiceError::OddsDiceLimit { .. }), "{e:?}");
        assert!(e.to_string().contains("1000-dice limit"), "{e}");
        // 10d6! can pass 1,000 dice only with a vanishing chance: computed, not refused.
        let d = odds("10d6!").unwrap();
        assert!(d.dice_limit < 1e-12);
        assert!((d.mean() - 42.0).abs() < 1e-9);
        assert_eq!(odds("1d1000000").unwrap().probs.len(), 1_000_000);
        assert_eq!(odds("1000d1").unwrap().probs, BTreeMap::from([(1000, 1.0)]));
    }

    /// Monte Carlo check against the computed distribution: seeded rolls through the full
    /// `Expr::roll` path, so it cannot flake. Covers every modifier the odds handle.
    #[test]
    fn monte_carlo_agrees_with_computed_odds() {
        const N: u32 = 60_000;
        for input in [
            "4d6kh3",
            "2d20kh1+3",
            "3d6!",
            "2d6!!r<3",
            "4d6!!kh3",
            "3d6xo",
            "2d6ro<3+1d4r",
            "6d10>=8f1",
            "4d6!>=5>=5",
            "3d6mi2ma5kh2",
            "4d6ra6",
            "3d20cs>18sd",
            "{4d6,3d8}kh1",
            "{2d6,2d6,2d6}>8",
            "{1d6,1d8,1d10}dl1",
            "(1d4)d6",
            "floor(3d6/2)+ceil(1d6/4)",
            "round(1d20/3)%4",
            "1d6*1d4-1d8/2",
        ] {
            let exact = odds(input).unwrap();
            let expr = parse(input).unwrap();
            let mut rng = seeded(2024);
            let mut seen: BTreeMap<i64, u32> = BTreeMap::new();
            for _ in 0..N {
                *seen.entry(expr.roll(&mut rng).unwrap().total).or_insert(0) += 1;
            }
            assert!(
                seen.keys().all(|v| exact.probs.contains_key(v)),
                "{input}: a rolled value has no probability"
            );
            for (&v, &p) in &exact.probs {
                let observed = f64::from(seen.get(&v).copied().unwrap_or(0)) / f64::from(N);
                let diff = (observed - p).abs();
                assert!(diff < 0.008, "{input}: value {v} off by {diff}");
            }
        }
    }
}
