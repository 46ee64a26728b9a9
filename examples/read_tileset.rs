//! Reading `tileset.json` as another program would: only the wire types, no
//! compiler. Prints each tile's edges and fields with the cities they touch.
//!
//! ```sh
//! cargo run --release -- build tilesets -o out --no-render
//! cargo run --example read_tileset -- out/tileset.json
//! ```

use tileforge::emit::wire::{Feature, TileSet, FORMAT, FORMAT_VERSION};

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
            if let Feature::Field { slots, cities } = feature {
                let slots: Vec<&str> = slots.iter().map(|s| s.name()).collect();
                println!(
                    "  field {} touches {} cities",
                    slots.join(" "),
                    cities.len()
                );
            }
        }
    }
    Ok(())
}
