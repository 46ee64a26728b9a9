//! Which capabilities the engine's rule modules implement, and on what: a
//! kind switches on `big-top` (bigtop.rs), `pyramid` (pyramid.rs), `flight`
//! (flight.rs), `crop-circle` (crop.rs) or `river` (river.rs); an attribute
//! `goods` (goods.rs); a figure `ringmaster` (scoring.rs), `abbot`
//! (abbot.rs), `builder` (builder.rs) or `pig` (pig.rs). A set whose kinds,
//! attributes or figures in play name any other capability is refused with
//! one line naming it, before anything is played.

use super::tileset::SetupError;
use crate::emit::wire;

/// A kind's capabilities, as bits.
pub(super) const BIG_TOP: u8 = 1;
pub(super) const PYRAMID: u8 = 2;
pub(super) const FLIGHT: u8 = 4;
pub(super) const CROP_CIRCLE: u8 = 8;
pub(super) const RIVER: u8 = 16;

/// The capabilities a kind may switch on, with their bits.
const ON_KINDS: [(&str, u8); 5] = [
    ("big-top", BIG_TOP),
    ("pyramid", PYRAMID),
    ("flight", FLIGHT),
    ("crop-circle", CROP_CIRCLE),
    ("river", RIVER),
];

/// The capability of an attribute whose units are goods tokens.
pub(super) const GOODS: &str = "goods";

/// The capabilities an attribute may switch on.
const ON_ATTRIBUTES: [&str; 1] = [GOODS];

/// The capabilities of figures.
pub(super) const RINGMASTER: &str = "ringmaster";
pub(super) const ABBOT: &str = "abbot";
pub(super) const BUILDER: &str = "builder";
pub(super) const PIG: &str = "pig";

/// The capabilities a figure may switch on.
const ON_FIGURES: [&str; 4] = [RINGMASTER, ABBOT, BUILDER, PIG];

/// The bits of a kind's capabilities (all checked by [`check`] first).
pub(super) fn kind_bits(kind: &wire::Kind) -> u8 {
    kind.capabilities
        .iter()
        .filter_map(|c| ON_KINDS.iter().find(|(n, _)| n == c).map(|&(_, b)| b))
        .fold(0, |a, b| a | b)
}

/// Refuses a set whose tiles or figures in play use a capability the engine
/// lacks, or one it has only for another sort of declaration.
pub(super) fn check(
    tiles: &[&wire::Tile],
    vocabulary: &wire::Vocabulary,
    figures: &[&wire::Figure],
) -> Result<(), SetupError> {
    let refuse = |capability: &str, user: String| {
        let known = ON_KINDS.iter().any(|(n, _)| *n == capability)
            || ON_ATTRIBUTES.contains(&capability)
            || ON_FIGURES.contains(&capability);
        Err(SetupError(if known {
            format!("the engine's `{capability}` rules are not for {user}")
        } else {
            format!("the engine has no `{capability}` rules: used by {user}")
        }))
    };
    for tile in tiles {
        for f in &tile.features {
            if let Some(kind) = vocabulary.kind(&f.kind) {
                for c in &kind.capabilities {
                    if !ON_KINDS.iter().any(|(n, _)| n == c) {
                        return refuse(c, format!("kind `{}` (tile `{}`)", kind.id, tile.id));
                    }
                }
            }
            for a in f.attributes.keys().filter_map(|a| vocabulary.attribute(a)) {
                for c in &a.capabilities {
                    if !ON_ATTRIBUTES.contains(&c.as_str()) {
                        return refuse(c, format!("attribute `{}` (tile `{}`)", a.id, tile.id));
                    }
                }
            }
        }
    }
    for f in figures {
        for c in &f.capabilities {
            if !ON_FIGURES.contains(&c.as_str()) {
                return refuse(c, format!("figure `{}`", f.id));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_implements_exactly_the_documented_capabilities() {
        let mut ours: Vec<&str> = ON_KINDS.iter().map(|(n, _)| *n).collect();
        ours.extend(ON_ATTRIBUTES);
        ours.extend(ON_FIGURES);
        ours.sort_unstable();
        let mut documented = crate::capabilities::names();
        documented.sort_unstable();
        assert_eq!(ours, documented);
    }
}
