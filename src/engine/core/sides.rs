//! Side letters as the engine matches them. Every letter on a tile in play gets
//! a small code (1, 2, ...; 0 means "no neighbour"); two sides meet when their
//! letters are equal or a kind's `matches` names the other letter (the
//! compiler's rule, `Vocabulary::meets`). A square's placement *signature*
//! packs what its four neighbours show it, one base-`radix` digit per side (N
//! is the lowest), so the open positions fall into `radix⁴` buckets: 256 for
//! the base game's three letters, as many as 65,536 for fifteen.

use super::error::SetupError;
use crate::emit::wire;

/// The most distinct side letters a game may use (16⁴ buckets).
const MAX_LETTERS: usize = 15;

/// The side letters in play and which meets which.
#[derive(Debug)]
pub struct Sides {
    /// The letter of code `c` at index `c - 1`.
    letters: Vec<u8>,
    /// The kind whose sides carry each letter, for messages.
    names: Vec<String>,
    /// `radix * a + b`: a side with code `a` may lie against code `b`.
    meets: Vec<bool>,
    /// Digit weights of the four sides: radix⁰ .. radix³.
    pow: [u16; 4],
}

impl Sides {
    /// Codes for the letters on `tiles`, numbered in vocabulary order.
    pub fn new<'t>(
        tiles: impl Iterator<Item = &'t wire::Tile>,
        vocabulary: &wire::Vocabulary,
    ) -> Result<Sides, SetupError> {
        let mut used: Vec<u8> = Vec::new();
        for tile in tiles {
            for &l in tile.edges.as_bytes() {
                if !used.contains(&l) {
                    used.push(l);
                }
            }
        }
        let mut letters = Vec::new();
        let mut names = Vec::new();
        for k in &vocabulary.kinds {
            if let Some(&[l]) = k.edge.as_deref().map(str::as_bytes) {
                if used.contains(&l) && !letters.contains(&l) {
                    letters.push(l);
                    names.push(k.id.clone());
                }
            }
        }
        if let Some(&l) = used.iter().find(|l| !letters.contains(l)) {
            return Err(SetupError(format!(
                "side letter `{}` is no kind's edge letter",
                char::from(l)
            )));
        }
        if letters.len() > MAX_LETTERS {
            return Err(SetupError(format!(
                "{} side letters are in play; the engine matches at most {MAX_LETTERS}",
                letters.len()
            )));
        }
        // At most 16: fits the digit arithmetic below.
        let radix = u16::try_from(letters.len() + 1).unwrap_or(16);
        let r = usize::from(radix);
        let mut meets = vec![false; r * r];
        for (i, &a) in letters.iter().enumerate() {
            for (j, &b) in letters.iter().enumerate() {
                meets[r * (i + 1) + j + 1] = letter_meets(vocabulary, a, b);
            }
        }
        let pow = [1, radix, radix * radix, radix * radix * radix];
        Ok(Sides {
            letters,
            names,
            meets,
            pow,
        })
    }

    /// The code of a letter in play.
    pub fn code(&self, letter: u8) -> Option<u8> {
        let i = self.letters.iter().position(|&l| l == letter)?;
        u8::try_from(i + 1).ok()
    }

    /// The kind whose sides show a code (`city`), for messages.
    pub fn name(&self, code: u8) -> &str {
        usize::from(code)
            .checked_sub(1)
            .and_then(|i| self.names.get(i))
            .map_or("nothing", String::as_str)
    }

    fn radix(&self) -> usize {
        self.letters.len() + 1
    }

    /// Digit weights of the four sides, for the board.
    pub fn pow(&self) -> [u16; 4] {
        self.pow
    }

    /// Number of distinct signatures (0 is "not open").
    pub fn buckets(&self) -> usize {
        self.radix().pow(4)
    }

    /// True when a side showing code `ours` may lie against one showing `theirs`.
    pub fn meets(&self, ours: u8, theirs: u8) -> bool {
        self.meets[self.radix() * usize::from(ours) + usize::from(theirs)]
    }

    /// The code a signature holds for a side (0: no neighbour there).
    pub fn digit(&self, sig: u16, side: usize) -> u8 {
        let r = u16::try_from(self.radix()).unwrap_or(16);
        u8::try_from(sig / self.pow[side] % r).unwrap_or(0)
    }

    /// Every signature a tile whose board sides show `edges` fits, grouped by
    /// which neighbours are present (N alone, E alone, N and E, ... as a 4-bit
    /// mask from 1 to 15); within a mask, in increasing order of codes.
    pub fn signatures(&self, edges: [u8; 4]) -> Vec<u16> {
        let codes = self.side_codes(edges, [0; 4]);
        let mut out = Vec::with_capacity(15);
        self.each_signature(&codes, |sig, _| out.push(sig));
        out
    }
}

impl Sides {
    /// The signatures a tile whose board sides show `edges` fits only when
    /// each side may also lie against the codes of `extra` (bit `c`: code
    /// `c`, by board side): every neighbourhood where each present side
    /// meets normally or by an extra code, some side only by an extra one.
    pub fn wide_signatures(&self, edges: [u8; 4], extra: [u16; 4]) -> Vec<u16> {
        let mut out = Vec::new();
        if extra == [0; 4] {
            return out;
        }
        let codes = self.side_codes(edges, extra);
        self.each_signature(&codes, |sig, wide| {
            if wide {
                out.push(sig);
            }
        });
        out
    }

    /// For each board side, the codes it may lie against, in increasing
    /// order, as (the code's part of a signature, met only by an `extra`
    /// code).
    fn side_codes(&self, edges: [u8; 4], extra: [u16; 4]) -> [Vec<(u16, bool)>; 4] {
        std::array::from_fn(|side| {
            let ours = edges[side];
            (1..=self.letters.len())
                .filter_map(|c| u8::try_from(c).ok())
                .filter_map(|c| {
                    let part = u16::from(c) * self.pow[side];
                    if self.meets(ours, c) {
                        Some((part, false))
                    } else if extra[side] & (1 << c) != 0 {
                        Some((part, true))
                    } else {
                        None
                    }
                })
                .collect()
        })
    }

    /// Every signature from `codes`, by neighbour mask 1 to 15, then with
    /// the lowest present side's codes varying slowest: `f(signature, some
    /// side met only by an extra code)`. No allocation per signature (a kind
    /// whose sides meet many codes has thousands).
    fn each_signature(&self, codes: &[Vec<(u16, bool)>; 4], mut f: impl FnMut(u16, bool)) {
        for mask in 1..16u8 {
            let mut present = [0usize; 4];
            let mut n = 0;
            for (side, c) in codes.iter().enumerate() {
                if mask & (1 << side) != 0 {
                    if c.is_empty() {
                        n = usize::MAX;
                        break;
                    }
                    present[n] = side;
                    n += 1;
                }
            }
            if n == usize::MAX {
                continue;
            }
            let present = &present[..n];
            let mut at = [0usize; 4];
            loop {
                let (mut sig, mut wide) = (0u16, false);
                for (i, &side) in present.iter().enumerate() {
                    let (part, w) = codes[side][at[i]];
                    sig += part;
                    wide |= w;
                }
                f(sig, wide);
                // The odometer: the last present side turns fastest.
                let mut i = n;
                loop {
                    if i == 0 {
                        break;
                    }
                    i -= 1;
                    at[i] += 1;
                    if at[i] < codes[present[i]].len() {
                        break;
                    }
                    at[i] = 0;
                    if i == 0 {
                        i = usize::MAX;
                        break;
                    }
                }
                if i == usize::MAX || n == 0 {
                    break;
                }
            }
        }
    }
}

/// The compiler's rule: the same letter, or one kind's `matches` names the
/// other (`*`, written `matches any`, names every letter).
fn letter_meets(vocabulary: &wire::Vocabulary, a: u8, b: u8) -> bool {
    let names = |k: &wire::Kind, l: u8| {
        k.matches
            .iter()
            .any(|m| m.as_bytes() == [l] || m.as_str() == "*")
    };
    let edge = |k: &wire::Kind, l: u8| k.edge.as_deref().map(str::as_bytes) == Some(&[l][..]);
    a == b
        || vocabulary
            .kinds
            .iter()
            .any(|k| (edge(k, a) && names(k, b)) || (edge(k, b) && names(k, a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary(kinds: &[(&str, char, &[char])]) -> wire::Vocabulary {
        let mut v = wire::Vocabulary::default();
        for &(id, edge, matches) in kinds {
            v.kinds.push(wire::Kind {
                id: id.into(),
                name: id.into(),
                description: String::new(),
                shape: wire::Shape::Path,
                edge: Some(edge.to_string()),
                matches: matches.iter().map(char::to_string).collect(),
                occupy: Vec::new(),
                score: None,
                capabilities: Vec::new(),
                centre: false,
                arrow: false,
                variants: Vec::new(),
                ends_at: Vec::new(),
                partial: false,
                style: wire::Style::default(),
                expansion: None,
            });
        }
        v
    }

    fn tile(edges: &str) -> wire::Tile {
        wire::Tile {
            id: "x/t".into(),
            expansion: "x".into(),
            count: 1,
            start: 0,
            start_at: None,
            group: None,
            first: false,
            last: false,
            held: false,
            replaces: None,
            description: String::new(),
            edges: edges.into(),
            features: Vec::new(),
        }
    }

    #[test]
    fn a_letter_meets_itself_and_what_a_kind_matches_both_ways() {
        let v = vocabulary(&[("a", 'A', &[]), ("b", 'B', &['A']), ("c", 'C', &[])]);
        let tiles = [tile("ABCA")];
        let s = Sides::new(tiles.iter(), &v).expect("letters");
        let (a, b, c) = (
            s.code(b'A').expect("A"),
            s.code(b'B').expect("B"),
            s.code(b'C').expect("C"),
        );
        assert!(s.meets(a, a) && s.meets(a, b) && s.meets(b, a));
        assert!(!s.meets(a, c) && !s.meets(c, b) && s.meets(c, c));
        assert_eq!(s.buckets(), 256);
        assert_eq!(s.name(b), "b");
    }

    #[test]
    fn a_kind_matching_any_meets_every_letter() {
        let v = vocabulary(&[("a", 'A', &['*']), ("b", 'B', &[]), ("c", 'C', &[])]);
        let tiles = [tile("ABCA")];
        let s = Sides::new(tiles.iter(), &v).expect("letters");
        let [a, b, c] = [b'A', b'B', b'C'].map(|l| s.code(l).expect("code"));
        assert!(s.meets(a, b) && s.meets(c, a) && s.meets(a, a));
        assert!(!s.meets(b, c));
    }

    #[test]
    fn signatures_list_every_neighbourhood_a_tile_fits_once() {
        let v = vocabulary(&[("a", 'A', &['B']), ("b", 'B', &[]), ("c", 'C', &[])]);
        let tiles = [tile("ABCC")];
        let s = Sides::new(tiles.iter(), &v).expect("letters");
        let edges = [b'A', b'B', b'C', b'C'].map(|l| s.code(l).expect("code"));
        let sigs = s.signatures(edges);
        // Sides showing A meet A or B; the others only themselves.
        let per_side = [2usize, 2, 1, 1];
        let expected: usize = (1..16u8)
            .map(|m| {
                (0..4)
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| per_side[i])
                    .product::<usize>()
            })
            .sum();
        assert_eq!(sigs.len(), expected);
        let mut unique = sigs.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), sigs.len());
        for sig in sigs {
            for (side, &edge) in edges.iter().enumerate() {
                let d = s.digit(sig, side);
                assert!(d == 0 || s.meets(edge, d), "{sig} side {side}");
            }
        }
    }

    #[test]
    fn wide_signatures_are_those_met_only_by_an_extra_code_by_mask() {
        let v = vocabulary(&[("a", 'A', &['B']), ("b", 'B', &[]), ("c", 'C', &[])]);
        let tiles = [tile("ABCC")];
        let s = Sides::new(tiles.iter(), &v).expect("letters");
        let edges = [b'A', b'B', b'C', b'C'].map(|l| s.code(l).expect("code"));
        let (a, b) = (s.code(b'A').expect("A"), s.code(b'B').expect("B"));
        // The south side may also lie against A and B (as a module may widen it).
        let extra = [0, 0, 1 << a | 1 << b, 0];
        let wide = s.wide_signatures(edges, extra);
        let mask = |sig: u16| (0..4).fold(0u8, |m, i| m | u8::from(s.digit(sig, i) != 0) << i);
        // By brute force over every bucket: each present side meets its
        // neighbour or takes it as an extra code, and some side only so.
        let mut expected: Vec<u16> = (0..u16::try_from(s.buckets()).expect("u16"))
            .filter(|&sig| {
                let d: [u8; 4] = std::array::from_fn(|i| s.digit(sig, i));
                let meets = |i: usize| s.meets(edges[i], d[i]);
                let by_extra = |i: usize| extra[i] & (1 << d[i]) != 0;
                d.iter().any(|&x| x != 0)
                    && (0..4).all(|i| d[i] == 0 || meets(i) || by_extra(i))
                    && (0..4).any(|i| d[i] != 0 && !meets(i) && by_extra(i))
            })
            .collect();
        let mut got = wide.clone();
        got.sort_unstable();
        expected.sort_unstable();
        assert_eq!(got, expected);
        // Grouped by neighbour mask, in increasing order.
        assert!(
            wide.windows(2).all(|w| mask(w[0]) <= mask(w[1])),
            "{wide:?}"
        );
        assert!(s.wide_signatures(edges, [0; 4]).is_empty());
    }

    #[test]
    fn a_letter_no_kind_declares_is_refused() {
        let v = vocabulary(&[("a", 'A', &[])]);
        let tiles = [tile("AAQA")];
        let e = Sides::new(tiles.iter(), &v).expect_err("Q");
        assert!(e.0.contains("`Q`"), "{e}");
    }
}
