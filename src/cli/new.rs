//! `tileforge new NAME`: a folder for a fan expansion, `NAME/NAME.tiles`
//! (commented, requiring the base game, a few tiles that compile clean and
//! play) and `NAME/README.md` with the commands to check, preview, play and
//! export it. The folder must not exist yet; nothing is overwritten.

use std::path::PathBuf;

use super::output::write_atomic;
use super::Failure;

/// Arguments of `new`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder to create; its name is the expansion's id (lowercase
    /// letters, digits and `-`, starting with a letter).
    path: PathBuf,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let id = args
        .path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_string();
    check_id(&id)?;
    if args.path.exists() {
        return Err(Failure::Usage(format!(
            "{} exists already; `tileforge new` makes a new folder and overwrites nothing",
            args.path.display()
        )));
    }
    std::fs::create_dir_all(&args.path).map_err(|e| Failure::io(args.path.display(), &e))?;
    let tiles = args.path.join(format!("{id}.tiles"));
    write_atomic(&tiles, tiles_file(&id).as_bytes())?;
    write_atomic(&args.path.join("README.md"), readme(&id).as_bytes())?;
    super::verbosity::status(&format!(
        "created {}: {id}.tiles and README.md; next: cd {} && tileforge check {id}.tiles",
        args.path.display(),
        args.path.display()
    ));
    Ok(())
}

/// An expansion id that is also a good folder and file name.
fn check_id(id: &str) -> Result<(), Failure> {
    let ok = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && id.len() <= crate::check::MAX_ID_LEN
        && id != "base";
    if ok {
        Ok(())
    } else {
        Err(Failure::Usage(format!(
            "`{id}` cannot name an expansion: use lowercase letters, digits and `-`, \
             starting with a letter, at most {} characters, and not a shipped set's id \
             such as `base` (e.g. `tileforge new my-expansion`)",
            crate::check::MAX_ID_LEN
        )))
    }
}

/// The expansion's display name: its id's words, capitalised.
fn title(id: &str) -> String {
    id.split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn tiles_file(id: &str) -> String {
    TEMPLATE.replace("{ID}", id).replace("{TITLE}", &title(id))
}

fn readme(id: &str) -> String {
    README.replace("{ID}", id).replace("{TITLE}", &title(id))
}

const TEMPLATE: &str = r#"// {TITLE}: a fan expansion for Carcassonne, started with `tileforge new`.
//
// `requires base` below takes the base game from the sets built into
// tileforge, so this file compiles on its own: `tileforge check {ID}.tiles`.
// A file base.tiles in this folder would be used instead. README.md lists
// the commands to preview, play and export it; docs/language.md of tileforge
// describes the language, `tileforge explain CODE` any diagnostic.

/// One sentence on what the expansion adds (a doc comment: it is kept in the
/// compiled tileset.json).
expansion {ID} "{TITLE}" {
    requires base
    // `expect` is checked at every compile: keep it in step as tiles are added.
    expect tiles 4
    expect kinds 3
}

// Each tile: an id, a count (x2: two copies) and its features. Sides are
// N E S W; a city covers sides, a road runs between two sides or ends at one
// (`road S -> N`: from the south to the city in the north). Fields are not
// written: tileforge derives them.

/// A walled town over two neighbouring sides, with a pennant; a road bends
/// past it from the south to the east.
tile town-bend x2 {
    city N W pennant
    road S E
}

/// A chapel at the end of a lane from the west.
tile chapel-lane x1 {
    cloister
    road W
}

/// Two cities facing each other across a road that runs from west to east:
/// two separate cities, since the road divides the tile.
tile border-road x1 {
    city N
    city S
    road E W
}
"#;

const README: &str = r"# {TITLE}

A fan expansion for Carcassonne, written in the `.tiles` language of
tileforge. It requires the base game, which tileforge
carries built in.

```sh
tileforge check {ID}.tiles                      # diagnostics (explain one: tileforge explain E0202)
tileforge serve {ID}.tiles                      # live preview in the browser, redrawn on save
tileforge render {ID}.tiles -o out --sheet      # the tiles' pictures and a contact sheet
tileforge play {ID}.tiles --seed 1 -o game.json # one game with the base game
tileforge simulate {ID}.tiles --games 200       # many games: how the tiles play
tileforge export pdf {ID}.tiles --expansions {ID} -o {ID}.pdf   # print-and-play sheets
tileforge export jcz {ID}.tiles -o {ID}.jca     # a JCloisterZone add-on
```

Add `-v` to see where the base game was read from (a file base.tiles in this
folder overrides the built-in one), `-q` for less output.
";
