//! Prints the IR text form of the `.tiles` files named on the command line.
//! `cargo run --example ir_text -- tilesets/base.tiles`

use tileforge::compile::compile;
use tileforge::diag::{render_all, SourceMap};

fn main() {
    let mut sources = SourceMap::new();
    let files: Vec<_> = std::env::args()
        .skip(1)
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
            sources.add(p, text)
        })
        .collect();
    let compiled = compile(&sources, &files);
    eprint!("{}", render_all(&sources, &compiled.diagnostics, false));
    if let Some(checked) = compiled.checked {
        print!("{}", tileforge::ir::tileset_text(checked.ir()));
    }
}
