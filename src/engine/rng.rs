//! A small, fast, seeded random number generator (xoshiro256**, seeded through
//! splitmix64). Pure integer arithmetic: a seed gives the same sequence on every
//! machine, which makes random games reproducible.

/// xoshiro256** by Blackman and Vigna.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator seeded from one number.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (Lemire's method, unbiased); 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        let Ok(n64) = u64::try_from(n) else { return 0 };
        if n64 == 0 {
            return 0;
        }
        let threshold = n64.wrapping_neg() % n64;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n64);
            // The low half decides rejection; the high half is the result.
            if (m as u64) >= threshold {
                return usize::try_from(m >> 64).unwrap_or(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn a_seed_gives_the_same_sequence_everywhere() {
        let mut rng = Rng::new(42);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, Rng::new(42).next_u64_n(3));
        assert_ne!(first, Rng::new(43).next_u64_n(3));
    }

    #[test]
    fn the_sequence_matches_the_reference_algorithm() {
        // Computed independently (splitmix64 seeding, then xoshiro256**).
        let mut rng = Rng::new(42);
        assert_eq!(
            rng.next_u64_n(3),
            [
                0x1578_0b2e_0c2e_c716,
                0x6104_d986_6d11_3a7e,
                0xae17_5332_39e4_99a1
            ]
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[rng.below(6)] += 1;
        }
        assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
        assert_eq!(rng.below(0), 0);
    }

    impl Rng {
        fn next_u64_n(&mut self, n: usize) -> Vec<u64> {
            (0..n).map(|_| self.next_u64()).collect()
        }
    }
}
