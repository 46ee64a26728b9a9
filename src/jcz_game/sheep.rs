//! JCloisterZone's bag of sheep and wolf tokens (Hills & Sheep) as its
//! engine draws from it: the tokens left in a fixed order, the sheep from 1
//! to 4 and the wolves last, one picked by the share of the message's random
//! number (`floor(random × tokens)`). The export chooses the number that
//! draws the logged token; the import reads which token a number drew.

use crate::emit::wire::TileSet;
use crate::engine::Game;

/// The tokens left in the bag of the shepherd's expansion, in JCZ's order:
/// our token id and its value (a wolf is worth 0).
#[must_use]
pub fn bag(set: &TileSet, game: &Game<'_>) -> Vec<(String, i64)> {
    let rules = game.rules();
    let mut bag = Vec::new();
    let shepherd = |e: &&crate::emit::wire::Expansion| {
        e.figures
            .iter()
            .any(|f| f.capabilities.iter().any(|c| c == "shepherd"))
    };
    for e in set.expansions.iter().filter(shepherd) {
        for t in &e.tokens {
            if let Some(id) = rules.token(&t.id) {
                let left = game.tokens_left(id) as usize;
                bag.extend(std::iter::repeat_n((t.id.clone(), t.value), left));
            }
        }
    }
    bag.sort_by_key(|(_, v)| (*v == 0, *v));
    bag
}

/// The random number that makes JCZ draw a token of `value` from `bag`.
///
/// # Errors
/// No such token is left.
pub fn random_for(bag: &[(String, i64)], value: i64) -> Result<f64, String> {
    let k = bag
        .iter()
        .position(|(_, v)| *v == value)
        .ok_or_else(|| format!("JCloisterZone's bag has no sheep token of {value} left"))?;
    Ok((k as f64 + 0.5) / bag.len() as f64)
}

/// The token JCZ draws from `bag` with random number `random`.
#[must_use]
pub fn drawn(bag: &[(String, i64)], random: f64) -> Option<&(String, i64)> {
    if !(0.0..1.0).contains(&random) {
        return None;
    }
    let k = (random * bag.len() as f64) as usize;
    bag.get(k.min(bag.len().saturating_sub(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_number_chosen_draws_the_token_wanted() {
        let bag: Vec<(String, i64)> = [1, 1, 2, 3, 3, 4, 0]
            .iter()
            .enumerate()
            .map(|(i, &v)| (format!("t{i}"), v))
            .collect();
        for value in [1, 2, 3, 4, 0] {
            let r = random_for(&bag, value).unwrap();
            assert_eq!(drawn(&bag, r).map(|t| t.1), Some(value));
        }
        assert!(random_for(&bag, 5).is_err());
        assert!(drawn(&bag, 1.0).is_none());
        assert!(drawn(&[], 0.5).is_none());
    }
}
