//! A 256-bit unsigned integer, just wide enough for sums of squares of `i64`
//! values over up to 2^64 games and for the standard deviation's exact
//! numerator `n·Σx² − (Σx)²`, so neither saturates however large the scores.

/// An unsigned 256-bit integer: `hi · 2^128 + lo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct U256 {
    hi: u128,
    lo: u128,
}

const HALF: u32 = 64;
const LOW: u128 = u64::MAX as u128;

impl U256 {
    /// The full product of two 128-bit numbers.
    #[must_use]
    pub fn product(a: u128, b: u128) -> U256 {
        let (a1, a0) = (a >> HALF, a & LOW);
        let (b1, b0) = (b >> HALF, b & LOW);
        let low = a0 * b0;
        let (mid, mid_carry) = (a1 * b0).overflowing_add(a0 * b1);
        let high = a1 * b1;
        let (lo, carry) = low.overflowing_add(mid << HALF);
        let hi = high + (mid >> HALF) + (u128::from(mid_carry) << HALF) + u128::from(carry);
        U256 { hi, lo }
    }

    /// The sum (wrapping past 2^256, which the sums here never reach).
    #[must_use]
    pub fn plus(self, other: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        U256 {
            hi: self
                .hi
                .wrapping_add(other.hi)
                .wrapping_add(u128::from(carry)),
            lo,
        }
    }

    /// The difference, or 0 when `other` is larger.
    #[must_use]
    pub fn saturating_sub(self, other: U256) -> U256 {
        if (self.hi, self.lo) < (other.hi, other.lo) {
            return U256::default();
        }
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        U256 {
            hi: self.hi - other.hi - u128::from(borrow),
            lo,
        }
    }

    /// The product with a 64-bit number (wrapping past 2^256).
    #[must_use]
    pub fn times(self, n: u64) -> U256 {
        let n = u128::from(n);
        let low = U256::product(self.lo, n);
        U256 {
            hi: low.hi.wrapping_add(self.hi.wrapping_mul(n)),
            lo: low.lo,
        }
    }

    /// The nearest `f64` (to within rounding of the two halves).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn to_f64(self) -> f64 {
        self.hi as f64 * 2f64.powi(128) + self.lo as f64
    }
}

#[cfg(test)]
mod tests {
    use super::U256;

    #[test]
    fn products_carry_into_the_high_half() {
        let p = U256::product(u128::MAX, u128::MAX);
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1
        assert_eq!(p.hi, u128::MAX - 1);
        assert_eq!(p.lo, 1);
        assert_eq!(U256::product(3, 5), U256 { hi: 0, lo: 15 });
        assert_eq!(U256::product(1 << 127, 4), U256 { hi: 2, lo: 0 });
    }

    #[test]
    fn sums_differences_and_multiples() {
        let a = U256 {
            hi: 0,
            lo: u128::MAX,
        };
        let b = a.plus(U256 { hi: 0, lo: 1 });
        assert_eq!(b, U256 { hi: 1, lo: 0 });
        assert_eq!(b.saturating_sub(U256 { hi: 0, lo: 1 }), a);
        assert_eq!(a.saturating_sub(b), U256::default());
        assert_eq!(
            a.times(2),
            U256 {
                hi: 1,
                lo: u128::MAX - 1
            }
        );
        assert!((b.to_f64() - 2f64.powi(128)).abs() < 1.0);
    }
}
