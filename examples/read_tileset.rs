//! Reading `tileset.json` as another program would: only the wire types, no
//! compiler. Prints each tile's edges and fields with the regions they touch,
//! looking each feature's kind up in the set's vocabulary.
//!
//! ```sh
//! cargo run --release -- build tilesets -o out --no-render
//! cargo run --example read_tileset -- out/tileset.json
//! ```

use tileforge::emit::wire::{Shape, TileSet, FORMAT, FORMAT_VERSION};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "out/tileset.json".to_string());
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let set: TileSet = serde_json::from_str(&text)?;
    if set.format != FORMAT || set.version != FORMAT_VERSION {
        return Err(format!("{path}: not a {FORMAT} version {FORMAT_VERSION} document").into());
    }
    for tile in &set.tiles {
        println!("{} x{} {}", tile.id, tile.count, tile.edges);
        for feature in &tile.features {
            let Some(kind) = set.vocabulary.kind(&feature.kind) else {
                return Err(format!("{}: kind `{}` is not declared", tile.id, feature.kind).into());
            };
            if kind.shape == Shape::Face {
                let slots: Vec<&str> = feature.slots.iter().map(|s| s.name()).collect();
                println!(
                    "  {} {} touches {} regions",
                    kind.id,
                    slots.join(" "),
                    feature.touching.len()
                );
            }
        }
    }
    Ok(())
}
