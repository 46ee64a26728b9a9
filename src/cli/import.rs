//! `tileforge import jcz FILE.xml|DIR... -o DIR`: reads the XML, imports it in
//! memory, and only then writes: every file into a fresh temporary directory,
//! which is renamed into place, so a failed import leaves nothing behind and
//! nothing is ever written outside `-o`.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

use super::Failure;
use crate::import::{self, Imported, Input};

/// Arguments of `import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    source: Source,
}

#[derive(Debug, clap::Subcommand)]
enum Source {
    /// Import JCloisterZone expansion files (the XML its add-ons use too).
    ///
    /// Reads each FILE.xml, or every .xml file of each DIR (not recursive),
    /// all together, and writes one `.tiles` draft per expansion into the
    /// output directory: JCZ tile set `inns-and-cathedrals:1` becomes
    /// `inns-and-cathedrals.tiles`, its tile `IC/CCc+` becomes tile `CCc+`.
    /// Counts come from the tile sets; a second edition's tiles (the garden
    /// twins) become an expansion `ID-edition-2` of `replaces` edits; the
    /// river's spring and lake are its group's `start` and `last` tiles.
    ///
    /// Fields are never copied: for each tile the importer picks where dead
    /// ends stop, what spots touch and which corners a city reaches so that
    /// the fields tileforge derives are the ones JCZ lists, with the cities
    /// they touch. Every tile where no reading gives JCZ's fields is reported
    /// (and commented in the draft); the import still succeeds unless
    /// `--strict` is given.
    ///
    /// Exit codes: 0 imported, 1 an input is not a valid JCZ file (or
    /// `--strict` and a difference), 2 usage or I/O problems.
    #[command(verbatim_doc_comment)]
    Jcz(JczArgs),
    /// A JCloisterZone save (.jcz) as a game log that `score` scores. A move,
    /// element or rule tileforge does not play is an error naming it (exit 1);
    /// every turn is checked by the engine as it is read (docs/jcz-games.md).
    #[command(name = "jcz-game")]
    JczGame(super::jcz_game::ImportArgs),
}

#[derive(Debug, clap::Args)]
struct JczArgs {
    /// JCZ expansion files (`.xml`), or directories of them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output directory for the `.tiles` drafts; created if missing. Files of
    /// the same names are replaced, others are left alone.
    #[arg(short, long)]
    output: PathBuf,
    /// Fail (exit 1) when any tile's derived fields differ from JCZ's.
    #[arg(long)]
    strict: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    match &args.source {
        Source::Jcz(a) => jcz(a),
        Source::JczGame(a) => super::jcz_game::import(a),
    }
}

fn jcz(args: &JczArgs) -> Result<(), Failure> {
    let files = xml_files(&args.paths)?;
    let mut inputs = Vec::with_capacity(files.len());
    for path in &files {
        inputs.push(read(path)?);
    }
    let imported = match import::jcz(&inputs) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            return Err(Failure::Input);
        }
    };
    write_all(&args.output, &imported)?;
    report(args, &imported, files.len());
    if args.strict && !imported.differences.is_empty() {
        return Err(Failure::Input);
    }
    Ok(())
}

/// The `.xml` files the paths name (a directory's, not recursive).
fn xml_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    super::input::files_with_extension(paths, "xml", false)
}

/// Reads one file, refusing what is not a regular file (a FIFO would block,
/// `/dev/zero` never ends) and a huge one before reading it.
fn read(path: &Path) -> Result<Input, Failure> {
    use std::io::Read;
    let name = path.display().to_string();
    let (file, meta) = super::read::open_input(path).map_err(|e| Failure::io(&name, &e))?;
    if !meta.is_file() {
        return Err(Failure::Usage(format!(
            "{name}: not a regular file (a device, pipe or socket); give an expansion file"
        )));
    }
    let too_big = |len: u64| {
        eprintln!(
            "error: {name}: the file has {len} bytes; an expansion file has at most {}",
            import::MAX_BYTES
        );
        Failure::Input
    };
    if meta.len() > import::MAX_BYTES as u64 {
        return Err(too_big(meta.len()));
    }
    super::read::record_input(path, &meta);
    let mut bytes = Vec::new();
    file.take(import::MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::io(&name, &e))?;
    if bytes.len() > import::MAX_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Input { name, text }),
        Err(e) => {
            eprintln!(
                "error: {name}: not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            );
            Err(Failure::Input)
        }
    }
}

/// A file name that is one plain component: no separator, no `..`.
fn plain_name(stem: &str) -> Option<String> {
    let name = format!("{stem}.tiles");
    let mut parts = Path::new(&name).components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(_)), None) if !stem.starts_with('.') => Some(name),
        _ => None,
    }
}

/// Writes every draft into a temporary directory, then moves them into place.
fn write_all(dir: &Path, imported: &Imported) -> Result<(), Failure> {
    let mut names = Vec::with_capacity(imported.files.len());
    for (stem, _) in &imported.files {
        let name = plain_name(stem).ok_or_else(|| {
            Failure::Usage(format!("expansion id `{stem}` cannot be a file name"))
        })?;
        names.push(name);
    }
    let existed = dir.is_dir();
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !existed {
        std::fs::create_dir_all(&parent).map_err(|e| Failure::io(parent.display(), &e))?;
    }
    let base = if existed { dir } else { parent.as_path() };
    let tmp = super::temp::dir_in(base, "tileforge-import")
        .map_err(|e| Failure::io(format_args!("cannot write into {}", dir.display()), &e))?;
    let result = (|| -> std::io::Result<()> {
        for (name, (_, text)) in names.iter().zip(&imported.files) {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(tmp.join(name))?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
        }
        if existed {
            for name in &names {
                std::fs::rename(tmp.join(name), dir.join(name))?;
            }
            std::fs::remove_dir(&tmp)
        } else {
            std::fs::rename(&tmp, dir)
        }
    })();
    super::cleanup::unregister(&tmp);
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(Failure::io(
            format_args!("cannot write into {}", dir.display()),
            &e,
        ));
    }
    Ok(())
}

fn report(args: &JczArgs, imported: &Imported, files: usize) {
    if !super::verbosity::quiet() {
        for d in &imported.differences {
            eprintln!("warning: {} ({}): {}", d.tile, d.jcz_id, d.message);
        }
    }
    let differing = imported.tiles - imported.exact;
    eprintln!(
        "imported: {}, {} into {}, {}, {} with JCZ's fields exactly, {differing} differing",
        crate::words::count(files, "file"),
        crate::words::count(imported.files.len(), "expansion"),
        args.output.display(),
        crate::words::count(imported.tiles, "tile kind"),
        imported.exact,
    );
}
