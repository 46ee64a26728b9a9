//! The feature graph: one node per feature of every tile, one edge per relation
//! (a field touches a region, a dead end meets a feature, a spot touches another,
//! a path crosses another). It is the single record of relations; the checker and the JSON read
//! them from here.

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use petgraph::Direction;

/// A feature: tile index and feature index within the tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureRef {
    /// Index into `TileSet::tiles`.
    pub tile: usize,
    /// Index into the tile's features.
    pub feature: usize,
}

/// How two features are related. Edges point from the first-named feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// Field → region (city) it touches.
    FieldTouches,
    /// Dead-end path → the feature where it ends.
    EndsAt,
    /// Spot → the feature it touches.
    Touches,
    /// A feature marked `over` or `under` → the feature it crosses.
    Crosses,
}

/// Nodes are added tile by tile, so a tile's features are consecutive nodes.
#[derive(Clone, Debug, Default)]
pub struct FeatureGraph {
    graph: DiGraph<FeatureRef, Relation>,
    tile_base: Vec<usize>,
}

impl FeatureGraph {
    /// Adds the nodes of the next tile; returns its tile index.
    pub fn add_tile(&mut self, features: usize) -> usize {
        let tile = self.tile_base.len();
        self.tile_base.push(self.graph.node_count());
        for feature in 0..features {
            self.graph.add_node(FeatureRef { tile, feature });
        }
        tile
    }

    fn node(&self, f: FeatureRef) -> NodeIndex {
        NodeIndex::new(self.tile_base[f.tile] + f.feature)
    }

    /// Records a relation between two features of one tile.
    pub fn relate(&mut self, tile: usize, from: usize, relation: Relation, to: usize) {
        let a = self.node(FeatureRef {
            tile,
            feature: from,
        });
        let b = self.node(FeatureRef { tile, feature: to });
        self.graph.add_edge(a, b, relation);
    }

    /// The features `feature` points to by `relation`, in ascending order.
    #[must_use]
    pub fn targets(&self, tile: usize, feature: usize, relation: Relation) -> Vec<usize> {
        let node = self.node(FeatureRef { tile, feature });
        let mut out: Vec<usize> = self
            .graph
            .edges_directed(node, Direction::Outgoing)
            .filter(|e| *e.weight() == relation)
            .map(|e| self.graph[e.target()].feature)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The features pointing at `feature` by `relation`, in ascending order.
    #[must_use]
    pub fn sources(&self, tile: usize, feature: usize, relation: Relation) -> Vec<usize> {
        let node = self.node(FeatureRef { tile, feature });
        let mut out: Vec<usize> = self
            .graph
            .edges_directed(node, Direction::Incoming)
            .filter(|e| *e.weight() == relation)
            .map(|e| self.graph[e.source()].feature)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Number of features in the graph.
    #[must_use]
    pub fn feature_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Number of relations in the graph.
    #[must_use]
    pub fn relation_count(&self) -> usize {
        self.graph.edge_count()
    }
}
