//! `expect WHAT N` must hold (E0401) and name something countable (E0402).

use super::totals::{countable, total};
use crate::diag::{did_you_mean, Code, Diagnostic};
use crate::ir::TileSet;

pub fn check(set: &TileSet, complete: bool, out: &mut Vec<Diagnostic>) {
    for (index, expansion) in set.expansions.iter().enumerate() {
        for (what, expected, span) in &expansion.expects {
            match total(set, index, what) {
                None => {
                    let all = countable(set);
                    let names: Vec<&str> = all.iter().map(String::as_str).collect();
                    let mut d = Diagnostic::new(
                        Code::UnknownExpect,
                        *span,
                        format!("cannot count `{what}`"),
                    )
                    .label(
                        "countable: tiles, kinds, start, sides, a kind (`cloisters`), \
                         a kind's sides (`city-sides`) or an attribute (`pennants`)",
                    );
                    if let Some(s) = did_you_mean(what, &names) {
                        d = d.help(format!("did you mean `{s}`?"));
                    }
                    out.push(d);
                }
                Some(_) if !complete => {}
                Some(found) if found != *expected => {
                    out.push(
                        Diagnostic::new(
                            Code::ExpectFailed,
                            *span,
                            format!(
                                "expected {expected} {what} in `{}`, found {found}",
                                expansion.id
                            ),
                        )
                        .label(format!("found {found}")),
                    );
                }
                Some(_) => {}
            }
        }
    }
}
