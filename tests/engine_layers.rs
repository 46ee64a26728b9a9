//! The engine's layers, checked on its source: the core names no capability,
//! no attribute and no figure; the files import each other without a circle;
//! the core imports only the core and the protocol's nouns, and the rule
//! modules only those, the core and each other.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use tileforge::engine::{hook, HOOKS, REGISTRY};

const ENGINE: &str = "src/engine";

/// The protocol's nouns: plain data every layer may read.
const NOUNS: [&str; 3] = [
    "src/engine/ids.rs",
    "src/engine/moves.rs",
    "src/engine/events.rs",
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The text without comments (line comments, doc comments included).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The words of a text: identifiers split at `_`, `-` and case changes,
/// lower-cased (`BigTop`, `big_top` and `big-top` all give `big top`).
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut last_lower = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if c.is_uppercase() && last_lower && !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            last_lower = c.is_lowercase() || c.is_ascii_digit();
            word.extend(c.to_lowercase());
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            last_lower = false;
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Where `needle` (words) occurs in `haystack` as whole words, also plural.
fn occurs(haystack: &[String], needle: &[String]) -> bool {
    let n = needle.len();
    haystack.windows(n).any(|w| {
        w[..n - 1] == needle[..n - 1]
            && (w[n - 1] == needle[n - 1] || w[n - 1] == format!("{}s", needle[n - 1]))
    })
}

/// The names the core must not know: every capability of the registry, and
/// every attribute and figure the prelude and the shipped sets declare.
fn forbidden() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = REGISTRY.iter().map(|c| c.name.to_string()).collect();
    let (sources, compiled) = common::compile_files(&common::all_sets());
    let checked = compiled.checked.unwrap_or_else(|| {
        panic!(
            "{}",
            tileforge::diag::render_all(&sources, &compiled.diagnostics, false)
        )
    });
    let set = tileforge::emit::tileset(&checked);
    names.extend(set.vocabulary.attributes.iter().map(|a| a.id.clone()));
    for e in &set.expansions {
        names.extend(e.figures.iter().map(|f| f.id.clone()));
    }
    names
}

#[test]
fn the_core_names_no_capability_attribute_or_figure() {
    let names = forbidden();
    assert!(names.contains("big-top") && names.contains("pennant") && names.contains("abbot"));
    let mut found = Vec::new();
    for file in sources(Path::new(ENGINE).join("core").as_path()) {
        let text = std::fs::read_to_string(&file).expect("readable");
        for (number, line) in text.lines().enumerate() {
            let line_words = words(line);
            for name in &names {
                if occurs(&line_words, &words(name)) {
                    found.push(format!(
                        "{}:{}: `{name}`: {}",
                        file.display(),
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the core names capabilities, attributes or figures:\n{}",
        found.join("\n")
    );
}

/// The module path of a file (`src/engine/core/board.rs` → engine core board).
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix("src").expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The file of a module path, when there is one.
fn file_of(module: &[String]) -> Option<PathBuf> {
    let base = Path::new("src").join(module.join("/"));
    let file = base.with_extension("rs");
    if file.is_file() {
        return Some(file);
    }
    let dir = base.join("mod.rs");
    dir.is_file().then_some(dir)
}

/// The engine files a file refers to through `crate::engine::...`,
/// `super::...` and `self::...` paths (the deepest module each path names).
fn imports(file: &Path) -> BTreeSet<PathBuf> {
    // Visibility (`pub(in crate::engine)`) names a module but imports nothing.
    let text =
        code(&std::fs::read_to_string(file).expect("readable")).replace("(in crate::engine)", "");
    let own = module_of(file);
    let is_mod = file.file_name().is_some_and(|n| n == "mod.rs");
    let mut out = BTreeSet::new();
    let tokens: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .filter(|t| t.contains("::"))
        .collect();
    for token in tokens {
        let segments: Vec<&str> = token.split("::").filter(|s| !s.is_empty()).collect();
        let (mut module, rest): (Vec<String>, &[&str]) = match segments.first() {
            Some(&"crate") => (Vec::new(), &segments[1..]),
            Some(&"super") => {
                // `super` of a file is its directory's module; of a mod.rs, the parent's.
                let mut m = own.clone();
                m.pop();
                let mut rest = &segments[1..];
                while rest.first() == Some(&"super") {
                    m.pop();
                    rest = &rest[1..];
                }
                (m, rest)
            }
            Some(&"self") if is_mod => (own.clone(), &segments[1..]),
            _ => continue,
        };
        for seg in rest {
            let mut next = module.clone();
            next.push((*seg).to_string());
            if file_of(&next).is_some() {
                module = next;
            } else {
                break;
            }
        }
        if module.first().is_some_and(|m| m == "engine") {
            if let Some(f) = file_of(&module) {
                if f != file {
                    out.insert(f);
                }
            }
        }
    }
    out
}

/// A circle in the import graph, if any.
fn circle(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    fn visit(
        node: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, u8>,
        path: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        match state.get(node) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| p == node).unwrap_or(0);
                let mut c = path[start..].to_vec();
                c.push(node.clone());
                return Some(c);
            }
            _ => {}
        }
        state.insert(node.clone(), 1);
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if let Some(c) = visit(node, graph, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

fn graph() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    sources(Path::new(ENGINE))
        .into_iter()
        .map(|f| {
            let edges = imports(&f);
            (f, edges)
        })
        .collect()
}

#[test]
fn the_engine_files_import_each_other_without_a_circle() {
    let graph = graph();
    assert!(graph.len() > 40, "{} files", graph.len());
    // The resolver sees the imports it must.
    let core_game = Path::new("src/engine/core/game.rs");
    assert!(graph[core_game].contains(Path::new("src/engine/core/board.rs")));
    assert!(graph[Path::new("src/engine/rules/flight.rs")]
        .contains(Path::new("src/engine/rules/pyramid.rs")));
    if let Some(c) = circle(&graph) {
        let names: Vec<String> = c.iter().map(|p| p.display().to_string()).collect();
        panic!(
            "the engine's files import each other in a circle: {}",
            names.join(" → ")
        );
    }
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let graph = graph();
    let under = |f: &Path, dir: &str| f.starts_with(Path::new(ENGINE).join(dir));
    let noun = |f: &Path| NOUNS.iter().any(|n| Path::new(n) == f);
    let mut wrong = Vec::new();
    for (file, edges) in &graph {
        for to in edges {
            let allowed = if noun(file) {
                noun(to)
            } else if under(file, "core") {
                noun(to) || under(to, "core")
            } else if under(file, "rules") {
                noun(to) || under(to, "core") || under(to, "rules")
            } else {
                true
            };
            if !allowed {
                wrong.push(format!("{} imports {}", file.display(), to.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// The capability table of `docs/rules-engine.md`, as the registry gives it.
fn capability_rows() -> String {
    REGISTRY
        .iter()
        .map(|c| {
            let parameters: Vec<String> =
                c.parameters.iter().map(|(n, _)| format!("`{n}`")).collect();
            format!(
                "| `{}` | {} | `rules/{}.rs` | {} | {} |\n",
                c.name,
                c.on.noun(),
                c.name.replace('-', "_"),
                c.meaning,
                if parameters.is_empty() {
                    "—".to_string()
                } else {
                    parameters.join(", ")
                }
            )
        })
        .collect()
}

/// The lines of a markdown table after its header and separator.
fn table_after<'t>(text: &'t str, header: &str) -> (usize, usize, &'t str) {
    let start = text
        .find(header)
        .unwrap_or_else(|| panic!("no table `{header}`"));
    let body = start + text[start..].find("|---").expect("a separator");
    let body = body + text[body..].find('\n').expect("a line") + 1;
    // The table ends at the first line that is not a row.
    let mut end = body;
    for line in text[body..].split_inclusive('\n') {
        if !line.starts_with('|') {
            break;
        }
        end += line.len();
    }
    (body, end, &text[body..end])
}

#[test]
fn the_docs_list_the_registry_and_the_hooks_each_module_uses() {
    let path = Path::new("docs/rules-engine.md");
    let text = std::fs::read_to_string(path).expect("the docs");
    let (start, end, rows) = table_after(&text, "| capability | on | module |");
    let expected = capability_rows();
    if common::blessing() {
        let mut out = text.clone();
        out.replace_range(start..end, &expected);
        std::fs::write(path, out).expect("writable");
    } else {
        assert_eq!(
            rows, expected,
            "docs/rules-engine.md's capability table (TILEFORGE_BLESS=1 rewrites it)"
        );
    }
    // Each module's hooks, read from its `impl Module`.
    let mut used: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (c, &bits) in REGISTRY.iter().zip(HOOKS) {
        let mut implemented = BTreeSet::new();
        let module = c.name.replace('-', "_");
        let file = Path::new(ENGINE).join("rules").join(format!("{module}.rs"));
        let source =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let implementation = source
            .split("\nimpl Module for ")
            .nth(1)
            .expect("an impl Module");
        let implementation = &implementation[..implementation.find("\n}\n").expect("its end")];
        for line in implementation.lines() {
            if let Some(name) = line.strip_prefix("    fn ") {
                let hook: String = name
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !["table", "new", "copy_from", "in_play"].contains(&hook.as_str()) {
                    implemented.insert(hook.clone());
                    used.entry(hook)
                        .or_default()
                        .insert(c.name.replace('-', " "));
                }
            }
        }
        // The registry calls only the hooks a module declares: the list
        // must be exactly what its `impl Module` implements.
        let declared: BTreeSet<String> = hook::NAMES
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, n)| (*n).to_string())
            .collect();
        assert_eq!(
            declared,
            implemented,
            "{}: `const HOOKS` against the hooks its `impl Module` implements",
            file.display()
        );
    }
    let (_, _, hooks) = table_after(&text, "| hook | when | modules |");
    let mut documented: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for row in hooks.lines() {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let hook = cells[1].trim_matches('`').to_string();
        let names: BTreeSet<String> = REGISTRY
            .iter()
            .map(|c| c.name.replace('-', " "))
            .filter(|n| {
                words(cells[3])
                    .windows(words(n).len())
                    .any(|w| w == words(n).as_slice())
            })
            .collect();
        documented.insert(hook, names);
    }
    assert_eq!(
        documented, used,
        "docs/rules-engine.md's hook table against the modules' `impl Module`"
    );
}
