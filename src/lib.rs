//! tileforge compiles Carcassonne tile sets written in the `.tiles` language.
//!
//! ```text
//!  .tiles text ──parse──▶ AST (spans) ──lower──▶ IR: planar maps + feature graph
//!                                                  │
//!                                               check (all diagnostics, stable codes)
//!                                                  ▼
//!                                           Checked ──▶ emit::json ──▶ tileset.json
//! ```
//!
//! Each pass is one public function: [`syntax::parse`], [`ir::lower`],
//! [`check::check`], [`emit::tileset`]. Only `check` makes a [`check::Checked`],
//! and the back ends take `&Checked`, so an unchecked set cannot be emitted.

#![warn(missing_docs)]

pub mod capabilities;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod emit;
pub mod engine;
pub mod export;
pub mod fmt;
pub mod geometry;
pub mod import;
pub mod ir;
pub mod jcz_game;
pub mod lsp;
pub mod players;
pub mod prelude;
pub mod progress;
pub mod render;
pub mod rules;
pub mod serve;
pub mod sim;
pub mod stats;
pub mod stdlib;
pub mod syntax;
pub mod words;
