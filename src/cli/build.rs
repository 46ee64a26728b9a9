//! `tileforge build PATH... -o DIR`: DIR/tileset.json, then (unless
//! `--no-render`) `DIR/png/<expansion>/<tile>.png` and `DIR/png/<expansion>.sheet.png`.

use std::path::PathBuf;
use std::time::Instant;

use super::input::{compile_inputs, ms, Colour, Format};
use super::output::write_atomic;
use super::staging::Staging;
use super::Failure;

/// Arguments of `build`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// `.tiles` files, or directories of them, compiled together as one set.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output directory; created if missing.
    #[arg(short, long)]
    output: PathBuf,
    /// When to colour text diagnostics.
    #[arg(long, value_enum, default_value_t)]
    color: Colour,
    /// Print how long each pass took.
    #[arg(long)]
    timings: bool,
    /// Write only tileset.json, no PNG images.
    #[arg(long)]
    no_render: bool,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let (_, compiled) = compile_inputs(&args.paths, Format::Build, args.color, args.timings)?;
    let Some(checked) = compiled.checked else {
        return Err(Failure::Input);
    };
    let started = Instant::now();
    let json = crate::emit::json(&checked);
    let emit = started.elapsed();
    // Everything goes into a staging directory first: a failure or an
    // interrupt leaves the output directory as it was.
    let staging = Staging::new(&args.output)?;
    write_atomic(&staging.path().join("tileset.json"), json.as_bytes())?;
    let tiles: u64 = checked.ir().tiles.iter().map(|t| u64::from(t.count)).sum();
    let kinds = checked.ir().tiles.len();
    let wrote = format!(
        "wrote {} ({kinds} tile kind{}, {tiles} tile{})",
        args.output.join("tileset.json").display(),
        super::input::plural(kinds),
        if tiles == 1 { "" } else { "s" }
    );
    if args.timings {
        eprintln!(
            "timings: emit json {:.2} ms, write {:.2} ms",
            ms(emit),
            ms(started.elapsed() - emit)
        );
    }
    if !args.no_render {
        super::render::write_images(
            &checked,
            &crate::render::Request::default(),
            &staging.path().join("png"),
            &args.output.join("png"),
            args.timings,
        )?;
    }
    staging.commit()?;
    super::verbosity::status(&wrote);
    Ok(())
}
