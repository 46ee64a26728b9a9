//! `tileforge export pdf PATH... -o NAME.pdf`: print-and-play sheets of the
//! tiles, every copy at its real size, with cut lines, crop marks, a cover page
//! per expansion and, with `--backs`, pages of tile backs for duplex printing.

use std::path::PathBuf;
use std::time::Instant;

use super::input::{compile_inputs, ms, Colour, Format};
use super::output::write_atomic;
use super::Failure;
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
    }
}

fn run_pdf(args: &PdfArgs) -> Result<(), Failure> {
    let (_, compiled) = compile_inputs(&args.paths, Format::Text, args.color, args.timings)?;
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
    let document = pdf::pdf(&set, &options).map_err(|e| Failure::Usage(e.to_string()))?;
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
    eprintln!(
        "wrote {}: {} pages, {copies} tiles, {:.1} MB",
        args.output.display(),
        document.pages.len(),
        f64::from(u32::try_from(document.bytes.len()).unwrap_or(u32::MAX)) / 1e6
    );
    if args.timings {
        eprintln!("timings: draw and write {:.0} ms", ms(made));
    }
    Ok(())
}
