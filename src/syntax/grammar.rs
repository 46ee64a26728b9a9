//! The pest parser generated from `grammar/tiles.pest`.

#![allow(missing_docs)]

/// The generated parser; `Rule` names the grammar's rules.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/tiles.pest"]
pub struct TilesParser;
