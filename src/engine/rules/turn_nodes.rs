//! The pieces whose features the turn's tile may have completed, for the
//! modules that react to what a turn completes (castle fiefs, the king and
//! the robber): the tile's own networks, the roads over this turn's bridges
//! (a bridge's way is no network of its tile's kind), what an abbey's
//! walls ended on the tiles around it, the road a tunnel joined and the
//! roads at the lakes of the ferries moved.

use super::module::Host;
use crate::engine::core::Game;

/// A node of each such piece (several may lie in one feature).
pub(super) fn completed_by_turn<X: Host>(game: &Game<'_, X>) -> Vec<u32> {
    let mut nodes = Vec::new();
    completed_by_turn_into(game, &mut nodes);
    nodes
}

/// [`completed_by_turn`] into `nodes` (cleared first), for a caller that
/// keeps its buffer from turn to turn.
pub(super) fn completed_by_turn_into<X: Host>(game: &Game<'_, X>, nodes: &mut Vec<u32>) {
    let placed = game.board.placed[game.current as usize];
    let kind = &game.rules.kinds[usize::from(placed.kind.0)];
    nodes.clear();
    nodes.extend(
        kind.networks
            .iter()
            .map(|&f| placed.first_node + u32::from(f)),
    );
    if let Some(b) = game.x.module::<super::bridge::Bridges>() {
        nodes.extend(b.turn_ways(game));
    }
    if let Some(a) = game.x.module::<super::abbey::Abbey>() {
        nodes.extend(a.wall_nodes(game));
    }
    if let Some(t) = game.x.module::<super::tunnel::Tunnel>() {
        nodes.extend(t.built_this_turn());
    }
    if let Some(f) = game.x.module::<super::ferry::Ferry>() {
        f.moved_ends_into(game, nodes);
    }
}
