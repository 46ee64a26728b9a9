//! `requires` names expansions that should be compiled alongside (W0503),
//! and requirements may not go round in a loop (E0113): an expansion that
//! requires itself, or `a` requiring `b` requiring `a`, has no order in which
//! its edits apply (`a/X replaces b/Y` with `b/Y replaces a/X` counted 76
//! tiles where a game placed 73).

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
    loops(set, out);
}

/// One E0113 per requirement that leads back to its own expansion.
fn loops(set: &TileSet, out: &mut Vec<Diagnostic>) {
    let index = |name: &str| set.expansions.iter().position(|e| e.id == name);
    for (start, expansion) in set.expansions.iter().enumerate() {
        for (name, span) in &expansion.requires {
            let Some(next) = index(name) else { continue };
            // The path back from `next` to `start`, if any (breadth first).
            let mut came_from: Vec<Option<usize>> = vec![None; set.expansions.len()];
            let mut queue = std::collections::VecDeque::from([next]);
            let mut seen = vec![false; set.expansions.len()];
            seen[next] = true;
            let mut found = next == start;
            while let Some(at) = queue.pop_front() {
                if found {
                    break;
                }
                for (r, _) in &set.expansions[at].requires {
                    let Some(to) = index(r) else { continue };
                    if to == start {
                        came_from[start] = Some(at);
                        found = true;
                        break;
                    }
                    if !seen[to] {
                        seen[to] = true;
                        came_from[to] = Some(at);
                        queue.push_back(to);
                    }
                }
            }
            if !found {
                continue;
            }
            let mut path = vec![set.expansions[start].id.as_str()];
            if next != start {
                let mut back = vec![start];
                let mut at = came_from[start];
                while let Some(a) = at {
                    back.push(a);
                    if a == next {
                        break;
                    }
                    at = came_from[a];
                }
                path.extend(back.iter().rev().map(|&i| set.expansions[i].id.as_str()));
            } else {
                path.push(expansion.id.as_str());
            }
            out.push(
                Diagnostic::new(
                    Code::Loop,
                    *span,
                    format!(
                        "requirements go round in a loop: {}",
                        path.join(" requires ")
                    ),
                )
                .label("this requirement leads back to its own expansion")
                .help("an expansion builds on others: remove the requirement that closes the loop"),
            );
        }
    }
}
