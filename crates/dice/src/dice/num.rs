//! Exact rational numbers for the inside of `floor(…)`, `ceil(…)` and `round(…)`,
//! and the floor division used everywhere else.

use std::cmp::Ordering;

/// Floor division (rounds toward negative infinity); `None` on division by
/// zero or overflow.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// The remainder that goes with [`floor_div`]: `a - b * floor(a / b)`, with the sign of `b`.
pub(crate) fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        r.checked_add(b)
    } else {
        Some(r)
    }
}

fn floor_div128(a: i128, b: i128) -> Option<i128> {
    let q = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A reduced fraction `n / d` with `d > 0`. Every operation is checked: `None` on overflow
/// or division by zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Q {
    pub n: i128,
    pub d: i128,
}

impl Q {
    pub(crate) fn int(v: i64) -> Q {
        Q {
            n: i128::from(v),
            d: 1,
        }
    }

    fn new(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1);
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            n = n.checked_neg()?;
            d = d.checked_neg()?;
        }
        Some(Q { n, d })
    }

    /// The value as an i64 when it is a whole number that fits.
    pub(crate) fn to_i64(self) -> Option<i64> {
        if self.d == 1 {
            i64::try_from(self.n).ok()
        } else {
            None
        }
    }

    pub(crate) fn add(self, o: Q) -> Option<Q> {
        let n = self
            .n
            .checked_mul(o.d)?
            .checked_add(o.n.checked_mul(self.d)?)?;
        Q::new(n, self.d.checked_mul(o.d)?)
    }

    pub(crate) fn neg(self) -> Option<Q> {
        Some(Q {
            n: self.n.checked_neg()?,
            d: self.d,
        })
    }

    pub(crate) fn sub(self, o: Q) -> Option<Q> {
        self.add(o.neg()?)
    }

    pub(crate) fn mul(self, o: Q) -> Option<Q> {
        Q::new(self.n.checked_mul(o.n)?, self.d.checked_mul(o.d)?)
    }

    pub(crate) fn div(self, o: Q) -> Option<Q> {
        Q::new(self.n.checked_mul(o.d)?, self.d.checked_mul(o.n)?)
    }

    pub(crate) fn floor(self) -> Option<Q> {
        Some(Q {
            n: floor_div128(self.n, self.d)?,
            d: 1,
        })
    }

    pub(crate) fn ceil(self) -> Option<Q> {
        Some(Q {
            n: floor_div128(self.n.checked_neg()?, self.d)?.checked_neg()?,
            d: 1,
        })
    }

    /// Nearest whole number, halves up (towards +∞), like JavaScript's `Math.round`.
    pub(crate) fn round(self) -> Option<Q> {
        let n2 = self.n.checked_mul(2)?.checked_add(self.d)?;
        Some(Q {
            n: floor_div128(n2, self.d.checked_mul(2)?)?,
            d: 1,
        })
    }

    pub(crate) fn abs(self) -> Option<Q> {
        Some(Q {
            n: self.n.checked_abs()?,
            d: self.d,
        })
    }

    /// `self - o * floor(self / o)`.
    pub(crate) fn rem(self, o: Q) -> Option<Q> {
        let q = self.div(o)?.floor()?;
        self.sub(o.mul(q)?)
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, other: &Q) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Q {
    fn cmp(&self, other: &Q) -> Ordering {
        // Denominators are positive. Products of values this engine produces fit in
        // i128; fall back to floating point if one ever did not.
        match (self.n.checked_mul(other.d), other.n.checked_mul(self.d)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => (self.n as f64 / self.d as f64).total_cmp(&(other.n as f64 / other.d as f64)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i128, d: i128) -> Q {
        Q::new(n, d).unwrap()
    }

    #[test]
    fn rounding_functions_on_fractions() {
        assert_eq!(q(7, 2).floor(), Some(Q::int(3)));
        assert_eq!(q(7, 2).ceil(), Some(Q::int(4)));
        assert_eq!(q(7, 2).round(), Some(Q::int(4)));
        assert_eq!(q(-7, 2).floor(), Some(Q::int(-4)));
        assert_eq!(q(-7, 2).ceil(), Some(Q::int(-3)));
        assert_eq!(q(-7, 2).round(), Some(Q::int(-3)), "halves round up");
        assert_eq!(q(5, 3).round(), Some(Q::int(2)));
        assert_eq!(q(4, 3).round(), Some(Q::int(1)));
        assert_eq!(q(-7, 2).abs(), Some(q(7, 2)));
        assert_eq!(q(6, -4), q(-3, 2));
        assert!(q(1, 3) < q(1, 2) && q(-1, 2) < q(-1, 3));
    }

    #[test]
    fn remainder_follows_the_divisor() {
        assert_eq!(floor_mod(7, 3), Some(1));
        assert_eq!(floor_mod(-7, 3), Some(2));
        assert_eq!(floor_mod(7, -3), Some(-2));
        assert_eq!(floor_mod(7, 0), None);
        assert_eq!(floor_mod(i64::MIN, -1), None);
        assert_eq!(q(7, 2).rem(Q::int(2)), Some(q(3, 2)));
        assert_eq!(Q::int(1).div(Q::int(0)), None);
    }
}
