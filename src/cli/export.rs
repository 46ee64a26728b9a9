//! `tileforge export pdf PATH... -o NAME.pdf`: print-and-play sheets of the
//! tiles, every copy at its real size, with cut lines, crop marks, a cover page
//! per expansion and, with `--backs`, pages of tile backs for duplex printing.
//! `tileforge export jcz PATH... -o NAME.jca`: a JCloisterZone add-on, with
//! `--shapes-sheet` a picture of every tile's click shapes.

use std::path::PathBuf;
use std::time::Instant;

use super::input::{compile_inputs, ms, Colour, Format};
use super::output::{write_all_atomic, write_atomic};
use super::progress::Bar;
use super::Failure;
use crate::export::jcz;
use crate::export::pdf::{self, Options, Page, Paper};

/// Arguments of `export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// Print-and-play PDF: every copy of every tile at its real size, cut lines,
    /// crop marks, a cover page per expansion listing its tiles and counts.
    Pdf(PdfArgs),
    /// JCloisterZone add-on (.jca): expansion XML, an artwork with every tile's
    /// picture and the click shape of every feature, in one zip. Expansions JCZ
    /// ships that the exported ones require are referenced, not copied.
    Jcz(JczArgs),
    /// A game log as a JCloisterZone save (.jcz) its client loads: tiles,
    /// rotations and positions, figures as JCZ meeples on JCZ's feature
    /// pointers, the draw order, forced flier rolls (docs/jcz-games.md).
    #[command(name = "jcz-game")]
    JczGame(super::jcz_game::ExportArgs),
}

/// Arguments of `export jcz`.
#[derive(Debug, clap::Args)]
struct JczArgs {
    /// `.tiles` files, or directories of them, compiled together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The add-on file to write; its stem is the add-on's id (its root folder).
    #[arg(short, long, value_name = "NAME.jca")]
    output: PathBuf,
    /// Only these expansions, comma-separated (default: every one JCZ does not
    /// ship, or all when JCZ ships them all).
    #[arg(long, value_delimiter = ',', value_name = "ID,...")]
    expansions: Vec<String>,
    /// The add-on's title (default: the exported expansions' names).
    #[arg(long)]
    title: Option<String>,
    /// The add-on's version, a positive integer; raise it for each release.
    #[arg(long = "addon-version", value_name = "N", default_value_t = 1)]
    addon_version: u32,
    /// Leave out tiles JCZ cannot play (a fan's own kind or attribute), with a
    /// warning each, instead of failing.
    #[arg(long)]
    skip_unplayable: bool,
    /// Also write a PNG of every tile with its features' click shapes over it.
    #[arg(long, value_name = "FILE.png")]
    shapes_sheet: Option<PathBuf>,
    /// When to colour text diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print how long each step took.
    #[arg(long)]
    timings: bool,
}

/// Arguments of `export pdf`.
#[derive(Debug, clap::Args)]
struct PdfArgs {
    /// `.tiles` files, or directories of them, compiled together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The PDF file to write.
    #[arg(short, long, value_name = "NAME.pdf")]
    output: PathBuf,
    /// Paper size.
    #[arg(long, value_enum, default_value = "a4")]
    paper: Paper,
    /// Edge of a printed tile in millimetres (published tiles: 45).
    #[arg(long, value_name = "MM", default_value_t = 45.0)]
    size: f32,
    /// Resolution of the tile pictures, dots per inch (72 to 600).
    #[arg(long, value_name = "DPI", default_value_t = 300)]
    dpi: u32,
    /// After every page of fronts, a page of backs mirrored for long-edge duplex.
    #[arg(long)]
    backs: bool,
    /// Only these expansions, comma-separated (default: all).
    #[arg(long, value_delimiter = ',', value_name = "ID,...")]
    expansions: Vec<String>,
    /// When to colour text diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print how long each step took.
    #[arg(long)]
    timings: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    match &args.what {
        What::Pdf(a) => run_pdf(a),
        What::Jcz(a) => run_jcz(a),
        What::JczGame(a) => super::jcz_game::export(a),
    }
}

fn run_jcz(args: &JczArgs) -> Result<(), Failure> {
    let id = args
        .output
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default()
        .to_string();
    let (_, compiled) = compile_inputs(&args.paths, Format::Build, args.color, args.timings)?;
    let Some(checked) = compiled.checked else {
        return Err(Failure::Input);
    };
    let started = Instant::now();
    let set = crate::emit::tileset(&checked);
    let options = jcz::Options {
        title: args.title.clone(),
        version: args.addon_version,
        expansions: (!args.expansions.is_empty()).then(|| args.expansions.clone()),
        skip_unplayable: args.skip_unplayable,
        shapes_sheet: args.shapes_sheet.is_some(),
        ..jcz::Options::new(&id)
    };
    let bar = Bar::new("tiles drawn");
    let addon = jcz::jcz_with(&set, &options, &bar);
    bar.finish();
    let addon = addon.map_err(|e| match e {
        jcz::JczError::Input(m) => {
            eprintln!("error: {m}");
            Failure::Input
        }
        jcz::JczError::Usage(m) => Failure::Usage(m),
    })?;
    let made = started.elapsed();
    for why in &addon.left_out {
        eprintln!("warning: left out: {why}");
    }
    let mut outputs: Vec<(&std::path::Path, &[u8])> = vec![(&args.output, &addon.bytes)];
    if let (Some(path), Some(png)) = (&args.shapes_sheet, &addon.sheet) {
        outputs.push((path, png));
    }
    write_all_atomic(&outputs)?;
    super::verbosity::status(&format!(
        "wrote {}: {} ({} tile kind{}), {:.1} MB",
        args.output.display(),
        addon.expansions.join(", "),
        addon.tiles,
        super::input::plural(addon.tiles),
        f64::from(u32::try_from(addon.bytes.len()).unwrap_or(u32::MAX)) / 1e6
    ));
    if args.timings {
        eprintln!("timings: draw and zip {:.0} ms", ms(made));
    }
    Ok(())
}

fn run_pdf(args: &PdfArgs) -> Result<(), Failure> {
    let (_, compiled) = compile_inputs(&args.paths, Format::Build, args.color, args.timings)?;
    let Some(checked) = compiled.checked else {
        return Err(Failure::Input);
    };
    let started = Instant::now();
    let set = crate::emit::tileset(&checked);
    let options = Options {
        paper: args.paper,
        tile_mm: args.size,
        dpi: args.dpi,
        backs: args.backs,
        expansions: (!args.expansions.is_empty()).then(|| args.expansions.clone()),
    };
    let bar = Bar::new("tiles drawn");
    let document = pdf::pdf_with(&set, &options, &bar);
    bar.finish();
    let document = document.map_err(|e| Failure::Usage(e.to_string()))?;
    let made = started.elapsed();
    write_atomic(&args.output, &document.bytes)?;
    let copies: usize = document
        .pages
        .iter()
        .map(|p| match p {
            Page::Fronts { cells, .. } => cells.len(),
            _ => 0,
        })
        .sum();
    super::verbosity::status(&format!(
        "wrote {}: {}, {}, {:.1} MB",
        args.output.display(),
        crate::words::count(document.pages.len(), "page"),
        crate::words::count(copies, "tile"),
        f64::from(u32::try_from(document.bytes.len()).unwrap_or(u32::MAX)) / 1e6
    ));
    if args.timings {
        eprintln!("timings: draw and write {:.0} ms", ms(made));
    }
    Ok(())
}
