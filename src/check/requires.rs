//! `requires` names expansions that should be compiled alongside (W0503).

use crate::diag::{Code, Diagnostic};
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    for expansion in &set.expansions {
        for (name, span) in &expansion.requires {
            if !set.expansions.iter().any(|e| &e.id == name) {
                out.push(
                    Diagnostic::new(
                        Code::RequireMissing,
                        *span,
                        format!(
                            "`{}` requires `{name}`, which is not among the inputs",
                            expansion.id
                        ),
                    )
                    .label("not found")
                    .help(format!(
                        "compile it together with the file that defines `{name}`"
                    )),
                );
            }
        }
    }
}
