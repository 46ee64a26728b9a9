//! The `field` look of a face: grass.

use tiny_skia::ColorU8;

use super::super::draw::colour;

/// Grass.
pub const GRASS: ColorU8 = colour::rgb(121, 168, 66);
