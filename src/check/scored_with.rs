//! `scored-with` names the expansions that bring an attribute's scoring
//! (W0504): a name that is neither a shipped expansion nor one of the inputs
//! is a typo that would leave the attribute unscored in every game.

use crate::diag::{did_you_mean, Code, Diagnostic};
use crate::ir::TileSet;

pub fn check(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let mut known: Vec<&str> = crate::stdlib::SETS.iter().map(|s| s.id).collect();
    known.extend(set.expansions.iter().map(|e| e.id.as_str()));
    for attribute in &set.vocabulary.attributes {
        for (name, span) in attribute
            .scored_with
            .iter()
            .zip(&attribute.scored_with_spans)
        {
            if known.contains(&name.as_str()) {
                continue;
            }
            let mut d = Diagnostic::new(
                Code::UnknownScoredWith,
                *span,
                format!(
                    "attribute `{}` is scored with `{name}`, which is no known expansion",
                    attribute.id
                ),
            )
            .label("neither shipped nor among the inputs")
            .help("with no expansion it names in play, the attribute is only drawn");
            if let Some(s) = did_you_mean(name, &known) {
                d = d.help(format!("did you mean `{s}`?"));
            }
            out.push(d);
        }
    }
}
