//! Helpers shared by the integration tests: compiling files, golden comparison,
//! a seeded generator.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tileforge::compile::{compile, Compiled};
use tileforge::diag::SourceMap;

/// True when goldens should be rewritten instead of compared.
pub fn blessing() -> bool {
    std::env::var_os("TILEFORGE_BLESS").is_some()
}

/// Compiles files together; names in diagnostics are the paths as given.
pub fn compile_files(paths: &[PathBuf]) -> (SourceMap, Compiled) {
    let mut sources = SourceMap::new();
    let ids: Vec<_> = paths
        .iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            sources.add(p.display().to_string().replace('\\', "/"), text)
        })
        .collect();
    let compiled = compile(&sources, &ids);
    (sources, compiled)
}

/// The four core sets (base, Under the Big Top, The Flier, Crop Circles II),
/// in the order the CLI reads them: the sets the goldens, the published
/// catalogue and the engine's tests are about.
pub fn shipped() -> Vec<PathBuf> {
    ["base", "crop-circles-2", "the-flier", "under-the-big-top"]
        .iter()
        .map(|s| Path::new("tilesets").join(format!("{s}.tiles")))
        .collect()
}

/// Every shipped set: all of `tilesets/` (every published expansion and the
/// editions), in the order the CLI reads them.
pub fn all_sets() -> Vec<PathBuf> {
    tiles_in(Path::new("tilesets"))
}

/// The `.tiles` files of a directory, sorted.
pub fn tiles_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tiles"))
        .collect();
    files.sort();
    files
}

/// Compares `actual` with the golden file, or rewrites it when blessing.
/// Returns a description of the mismatch, if any.
pub fn check_golden(golden: &Path, actual: &str) -> Option<String> {
    if blessing() {
        std::fs::write(golden, actual).unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
        return None;
    }
    let expected = std::fs::read_to_string(golden).unwrap_or_default();
    (expected != actual).then(|| {
        format!(
            "{} differs (run with TILEFORGE_BLESS=1 to accept):\n--- expected\n{expected}\n--- actual\n{actual}",
            golden.display()
        )
    })
}

/// Runs the tileforge binary with arguments.
pub fn tileforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tileforge"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A command's standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh, empty directory under the target dir, named for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// splitmix64: a tiny deterministic generator for the seeded fuzz tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// Reads one language-server message (a `Content-Length` frame) as JSON;
/// `None` at the end of the stream or on a malformed frame.
pub fn read_lsp_message(reader: &mut impl std::io::BufRead) -> Option<serde_json::Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    std::io::Read::read_exact(reader, &mut body).ok()?;
    serde_json::from_slice::<serde_json::Value>(&body).ok()
}
