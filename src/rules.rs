//! Rule parameters: the values the scoring engine reads. The declarations define
//! most of them (`city.tile.complete` is the `tile.complete` value of the kind
//! `city`); capabilities define the rest. A `rules` block overrides any of them.

use crate::capabilities::CAPABILITIES;
use crate::ir::Vocabulary;

/// Every parameter a set with this vocabulary knows, with its default when a
/// declaration gives one.
#[must_use]
pub fn known(vocabulary: &Vocabulary) -> Vec<(String, Option<i64>)> {
    let mut out: Vec<(String, Option<i64>)> = vocabulary
        .parameters()
        .into_iter()
        .map(|(n, v)| (n, Some(v)))
        .collect();
    for c in CAPABILITIES {
        out.extend(c.parameters.iter().map(|(n, _)| ((*n).to_string(), None)));
    }
    out
}
