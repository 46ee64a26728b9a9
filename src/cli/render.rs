//! `tileforge render PATH... -o DIR`: images of the tiles (PNG, WebP or
//! JPEG), and with `--sheet` one contact sheet per expansion. Also writes the
//! images of `build`, with a progress bar on a terminal.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::input::{compile_inputs, ms, Colour, Format};
use super::output::{create_dir, write_atomic};
use super::progress::Bar;
use super::Failure;
use crate::check::Checked;
use crate::progress::Progress;
use crate::render::{self, Image, Request};

/// Arguments of `render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them, compiled together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output directory: images go to DIR/<expansion>/<tile>.png and sheets to
    /// DIR/<expansion>.sheet.png (.webp or .jpg with `--format`).
    #[arg(short, long)]
    output: PathBuf,
    /// Draw only this tile: a full id (`base/D`) or a name unique in the set.
    /// May be repeated. Cannot be combined with `--sheet` (a sheet shows a
    /// whole expansion).
    #[arg(long, value_name = "ID", conflicts_with = "sheet")]
    tile: Vec<String>,
    /// Edge length of a tile image, in pixels.
    #[arg(long, value_name = "PX", default_value_t = render::DEFAULT_SIZE,
          value_parser = clap::value_parser!(u32).range(16..=4096))]
    size: u32,
    /// Turn the tiles clockwise by this many degrees: 0, 90, 180 or 270.
    #[arg(long, value_name = "R", default_value_t = 0, value_parser = parse_rotation)]
    rotation: u16,
    /// Also draw one contact sheet per expansion (pages of at most 120
    /// tiles: DIR/<expansion>.sheet.png, then .sheet-2.png, ...). Cannot be
    /// combined with `--tile`.
    #[arg(long)]
    sheet: bool,
    /// Edge length of a tile on a contact sheet, in pixels.
    #[arg(long, value_name = "PX", default_value_t = render::DEFAULT_SHEET_SIZE,
          value_parser = clap::value_parser!(u32).range(16..=i64::from(render::MAX_SHEET_SIZE)))]
    sheet_size: u32,
    /// Image file format: `png` (lossless), `webp` (lossless; tiles about a
    /// fifth smaller than PNG, sheets larger) or `jpeg` (lossy, quality 90,
    /// files named .jpg).
    #[arg(long, value_enum, default_value_t)]
    format: ImageFormat,
    /// When to colour text diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print how long each pass took.
    #[arg(long)]
    timings: bool,
}

/// The image formats `render` writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
enum ImageFormat {
    /// PNG, lossless.
    #[default]
    Png,
    /// WebP, lossless.
    Webp,
    /// JPEG, lossy (quality 90).
    Jpeg,
}

impl From<ImageFormat> for render::Format {
    fn from(f: ImageFormat) -> render::Format {
        match f {
            ImageFormat::Png => render::Format::Png,
            ImageFormat::Webp => render::Format::Webp,
            ImageFormat::Jpeg => render::Format::Jpeg,
        }
    }
}

fn parse_rotation(text: &str) -> Result<u16, String> {
    match text.trim_end_matches('°') {
        "0" => Ok(0),
        "90" => Ok(90),
        "180" => Ok(180),
        "270" => Ok(270),
        _ => Err("a rotation is 0, 90, 180 or 270 (degrees clockwise)".to_string()),
    }
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (_, compiled) = compile_inputs(&args.paths, Format::Build, args.color, args.timings)?;
    let Some(checked) = compiled.checked else {
        return Err(Failure::Input);
    };
    let only = if args.tile.is_empty() {
        None
    } else {
        Some(
            args.tile
                .iter()
                .map(|t| resolve(&checked, t))
                .collect::<Result<Vec<_>, _>>()?,
        )
    };
    let request = Request {
        size: args.size,
        #[allow(clippy::cast_possible_truncation)]
        rotation: (args.rotation / 90) as u8,
        only,
        sheets: args.sheet,
        sheet_size: args.sheet_size,
        format: args.format.into(),
    };
    write_images(&checked, &request, &args.output, &args.output, args.timings)
}

/// The full id of the tile a user named.
fn resolve(checked: &Checked, wanted: &str) -> Result<String, Failure> {
    let ids: Vec<String> = (0..checked.ir().tiles.len())
        .map(|i| checked.tile_id(i))
        .collect();
    if ids.iter().any(|id| id == wanted) {
        return Ok(wanted.to_string());
    }
    let matches: Vec<&String> = ids
        .iter()
        .filter(|id| id.rsplit_once('/').is_some_and(|(_, name)| name == wanted))
        .collect();
    match matches.as_slice() {
        [one] => Ok((*one).clone()),
        [] => {
            // A full id is compared with full ids, a bare name with names.
            let names: Vec<&str> = if wanted.contains('/') {
                ids.iter().map(String::as_str).collect()
            } else {
                ids.iter()
                    .map(|id| id.rsplit_once('/').map_or(id.as_str(), |(_, name)| name))
                    .collect()
            };
            let hint = crate::diag::did_you_mean(wanted, &names)
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_default();
            Err(Failure::Usage(format!(
                "no tile `{wanted}` in the set{hint}"
            )))
        }
        many => Err(Failure::Usage(format!(
            "`{wanted}` names several tiles ({}); give the full id",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Renders what `request` asks for and writes it under `dir`, each image as
/// soon as it is drawn (only the images being drawn are in memory); prints a
/// summary (and timings) on stderr naming `shown` as the directory, and a
/// progress bar on a terminal while drawing takes long. When an
/// image cannot be drawn or written, the images already written are removed:
/// nothing is left unless every image was written.
pub fn write_images(
    checked: &Checked,
    request: &Request,
    dir: &Path,
    shown: &Path,
    timings: bool,
) -> Result<(), Failure> {
    let started = Instant::now();
    let set = crate::emit::tileset(checked);
    create_dir(dir)?;
    for e in &set.expansions {
        let wanted = |t: &&crate::emit::wire::Tile| {
            t.expansion == e.id && request.only.as_ref().is_none_or(|ids| ids.contains(&t.id))
        };
        if set.tiles.iter().any(|t| wanted(&t)) {
            create_dir(&dir.join(&e.id))?;
        }
    }
    // Each file written, and whether it is a sheet.
    let written: Mutex<Vec<(PathBuf, bool)>> = Mutex::new(Vec::new());
    let bar = Bar::of(render::image_count(&set, request) as u64, "images");
    let errors = render::render_each(&set, request, &|image: Image| {
        let path = path_of(dir, &image, request.format);
        bar.advance(1);
        write_atomic(&path, &image.bytes).map_err(|f| match f {
            Failure::Usage(m) => m,
            Failure::Input => format!("cannot write {}", path.display()),
        })?;
        if let Ok(mut w) = written.lock() {
            w.push((path, image.tile.is_none()));
        }
        Ok(())
    });
    bar.finish();
    let written = written.into_inner().unwrap_or_default();
    if !errors.is_empty() {
        for (path, _) in &written {
            let _ = std::fs::remove_file(path);
        }
        for e in &errors {
            eprintln!("error: {e}");
        }
        return Err(Failure::Usage(format!(
            "{} image{} could not be rendered or written; no image was left",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        )));
    }
    let sheets = written.iter().filter(|(_, sheet)| *sheet).count();
    let tiles = written.len() - sheets;
    super::verbosity::status(&format!(
        "wrote {}: {tiles} tile image{}, {sheets} sheet{}",
        shown.display(),
        if tiles == 1 { "" } else { "s" },
        if sheets == 1 { "" } else { "s" },
    ));
    if timings {
        report(started.elapsed(), rayon::current_num_threads());
    }
    Ok(())
}

fn report(elapsed: Duration, threads: usize) {
    eprintln!(
        "timings: render and write images {:.2} ms ({threads} thread{})",
        ms(elapsed),
        if threads == 1 { "" } else { "s" },
    );
}

/// Where an image goes: `DIR/<expansion>/<tile>.png`, and a sheet's pages
/// `DIR/<expansion>.sheet.png`, `DIR/<expansion>.sheet-2.png`, ... (with the
/// format's extension).
fn path_of(dir: &Path, image: &Image, format: render::Format) -> PathBuf {
    let ext = format.extension();
    match (&image.tile, image.page.0) {
        (Some(tile), _) => dir.join(&image.expansion).join(format!("{tile}.{ext}")),
        (None, 0) => dir.join(format!("{}.sheet.{ext}", image.expansion)),
        (None, page) => dir.join(format!("{}.sheet-{}.{ext}", image.expansion, page + 1)),
    }
}
