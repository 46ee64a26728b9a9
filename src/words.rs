//! Counts in words for one-line messages: `1 tile kind`, `2 tile kinds`,
//! `1 game`, `3 copies`. Every message that prints a count beside a noun
//! goes through here, so none says "1 tile kinds".

use std::fmt::Display;

use crate::ir::vocab::plural;

/// `n` and the noun, in the plural unless `n` is 1: `count(1, "tile kind")`
/// is `1 tile kind`, `count(2, "copy")` is `2 copies`.
#[must_use]
pub fn count<N: Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        format!("{n} {noun}")
    } else {
        format!("{n} {}", plural(noun))
    }
}

/// The ending of a regular plural: `""` for 1, else `"s"` (for a count
/// printed apart from its noun, as `1,000 games`).
#[must_use]
pub fn s<N: PartialEq + From<u8>>(n: N) -> &'static str {
    if n == N::from(1) {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::{count, s};

    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(count(1usize, "tile kind"), "1 tile kind");
        assert_eq!(count(0usize, "tile kind"), "0 tile kinds");
        assert_eq!(count(2u64, "copy"), "2 copies");
        assert_eq!(count(1u32, "game"), "1 game");
        assert_eq!(count(-1i64, "point"), "-1 points");
        assert_eq!((s(1u64), s(7usize)), ("", "s"));
    }
}
