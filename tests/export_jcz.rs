//! `export jcz`: the add-on of the example fan expansion is a zip with one
//! root folder whose JSON files hold every key JCloisterZone's client reads,
//! every tile has its picture and every feature a non-empty shape inside the
//! tile, ids and counts agree with the tile set; `import jcz` of the XML gives
//! the same tiles back; bad input fails cleanly with nothing written.

mod common;

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use common::{compile_files, scratch, stderr, tileforge};
use serde_json::Value;
use tileforge::emit::{self, wire};
use tileforge::export::jcz::{self, JczError, Options};

fn fairground() -> Vec<PathBuf> {
    vec![
        PathBuf::from("tilesets/base.tiles"),
        PathBuf::from("examples/fairground.tiles"),
    ]
}

fn set(paths: &[PathBuf]) -> wire::TileSet {
    let (_, compiled) = compile_files(paths);
    emit::tileset(&compiled.checked.expect("the sets compile"))
}

/// Every file of the zip by name.
fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    let mut out = BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).expect("an entry");
        let mut data = Vec::new();
        f.read_to_end(&mut data).expect("readable");
        out.insert(f.name().expect("a UTF-8 name").to_string(), data);
    }
    out
}

fn json(files: &BTreeMap<String, Vec<u8>>, name: &str) -> Value {
    let bytes = files
        .get(name)
        .unwrap_or_else(|| panic!("{name} is in the zip"));
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The numbers of an SVG path, checking it uses only what the client's path
/// grammar accepts (commands, digits, `.`, `,`, `-`, spaces).
fn path_numbers(d: &str) -> Vec<f64> {
    assert!(
        d.chars()
            .all(|c| "MLHVZCSQTAmlhvzcsqta0123456789.,- ".contains(c)),
        "{d}"
    );
    d.split(|c: char| c.is_ascii_alphabetic() || c == ' ' || c == ',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect()
}

/// `(tile id, count)` of the `<ref>`s and `tile id → feature element count`.
fn read_xml(text: &str) -> (Vec<(String, u32)>, BTreeMap<String, usize>) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let refs = doc
        .descendants()
        .filter(|n| n.has_tag_name("ref") && n.attribute("tile").is_some())
        .map(|n| {
            (
                n.attribute("tile").unwrap_or_default().to_string(),
                n.attribute("count")
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(0),
            )
        })
        .collect();
    let tiles = doc
        .descendants()
        .filter(|n| n.has_tag_name("tile"))
        .map(|n| {
            (
                n.attribute("id").unwrap_or_default().to_string(),
                n.children().filter(roxmltree::Node::is_element).count(),
            )
        })
        .collect();
    (refs, tiles)
}

#[test]
fn the_fan_expansion_becomes_a_complete_add_on() {
    let set = set(&fairground());
    let addon = jcz::jcz(&set, &Options::new("fairground")).expect("exports");
    assert_eq!(
        addon.expansions,
        ["fairground"],
        "base is referenced, not copied"
    );
    let files = unzip(&addon.bytes);
    let roots: std::collections::BTreeSet<&str> =
        files.keys().filter_map(|k| k.split('/').next()).collect();
    assert_eq!(roots.into_iter().collect::<Vec<_>>(), ["fairground"]);

    let manifest = json(&files, "fairground/jcz-addon.json");
    assert!(manifest["title"].is_string());
    assert!(manifest["version"].is_u64(), "an integer version");
    assert_eq!(manifest["minimumJczVersion"], jcz::MINIMUM_JCZ_VERSION);
    let xml_names: Vec<&str> = manifest["expansions"]
        .as_array()
        .expect("expansions")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(xml_names, ["expansions/fairground.xml"]);
    let artworks = manifest["artworks"].as_array().expect("artworks");
    assert_eq!(artworks.len(), 1);
    let art = format!("fairground/{}", artworks[0].as_str().expect("a folder"));

    let artwork = json(&files, &format!("{art}/artwork.json"));
    for key in [
        "title",
        "description",
        "icon",
        "perspective",
        "tileSize",
        "tilesInclude",
    ] {
        assert!(!artwork[key].is_null(), "artwork.json has {key}");
    }
    assert_eq!(artwork["perspective"], "rotate");
    let size = artwork["tileSize"].as_f64().expect("a size");
    assert!(files.contains_key(&format!("{art}/{}", artwork["icon"].as_str().unwrap_or(""))));

    let xml =
        String::from_utf8(files["fairground/expansions/fairground.xml"].clone()).expect("UTF-8");
    assert!(xml.contains("<expansion id=\"FAIRGROUND\">"));
    assert!(xml.contains("<title>The Fairground</title>"));
    assert!(xml.contains("<icon><svg viewBox="));
    assert!(xml.contains("<requires expansion=\"BASIC\"/>"));
    let (refs, elements) = read_xml(&xml);

    // Ids and counts agree with the tile set.
    let ours: Vec<(String, u32)> = set
        .tiles
        .iter()
        .filter(|t| t.expansion == "fairground")
        .map(|t| (t.id.clone(), t.count))
        .collect();
    assert_eq!(refs, ours);

    let mut pictured = 0;
    for include in artwork["tilesInclude"].as_array().expect("a list") {
        let tiles = json(
            &files,
            &format!("{art}/{}", include.as_str().expect("a path")),
        );
        for (id, tile) in tiles.as_object().expect("tiles by id") {
            let wire_tile = set
                .tiles
                .iter()
                .find(|t| &t.id == id)
                .expect("a tile of the set");
            let image = tile["image"].as_str().expect("an image");
            let png = &files[&format!("{art}/{image}")];
            let pixmap = tileforge::render::decode_png(png).expect("a PNG");
            assert_eq!(f64::from(pixmap.width()), size, "{id}");
            let features = tile["features"].as_object().expect("features");
            assert_eq!(features.len(), elements[id], "{id}: a shape per element");
            assert_eq!(
                features.len(),
                wire_tile.features.len(),
                "{id}: a shape per feature"
            );
            for (key, f) in features {
                let numbers = path_numbers(f["clip"].as_str().expect("a clip"));
                assert!(numbers.len() >= 6, "{id} {key}: a non-empty shape");
                assert!(
                    numbers.iter().all(|v| (0.0..=size).contains(v)),
                    "{id} {key}"
                );
                let point = f["point"].as_array().expect("a point");
                assert!(point
                    .iter()
                    .all(|v| (0.0..=size).contains(&v.as_f64().unwrap_or(-1.0))));
            }
            pictured += 1;
        }
    }
    assert_eq!(pictured, ours.len(), "every tile has its picture");
}

#[test]
fn import_of_the_export_gives_the_same_tiles() {
    let set = set(&fairground());
    let options = Options {
        tile_size: 64,
        ..Options::new("fairground")
    };
    let addon = jcz::jcz(&set, &options).expect("exports");
    let files = unzip(&addon.bytes);
    let xml =
        String::from_utf8(files["fairground/expansions/fairground.xml"].clone()).expect("UTF-8");
    let imported = tileforge::import::jcz(&[tileforge::import::Input {
        name: "fairground.xml".into(),
        text: xml,
    }])
    .expect("imports");
    let dir = scratch("export_jcz_round_trip");
    let mut paths = vec![PathBuf::from("tilesets/base.tiles")];
    for (id, text) in &imported.files {
        let path = dir.join(format!("{id}.tiles"));
        std::fs::write(&path, text).expect("writable");
        paths.push(path);
    }
    let back = self::set(&paths);
    let signature = |set: &wire::TileSet| -> BTreeMap<String, (String, u32)> {
        set.tiles
            .iter()
            .filter(|t| t.expansion == "fairground")
            .map(|t| (t.id.clone(), (describe(t), t.count)))
            .collect()
    };
    // The orchard's two fields are declared (a hedge splits the meadow): JCZ
    // lists them, but a draft derives fields, and no JCZ element says where
    // the hedge runs, so the import reports the difference and keeps one field.
    let (mut ours, mut theirs) = (signature(&set), signature(&back));
    assert_eq!(ours.remove("fairground/orchard").map(|s| s.1), Some(1));
    assert_eq!(theirs.remove("fairground/orchard").map(|s| s.1), Some(1));
    assert_eq!(theirs, ours);
    let differing: Vec<&str> = imported
        .differences
        .iter()
        .map(|d| d.jcz_id.as_str())
        .collect();
    assert_eq!(differing, ["fairground/orchard"]);
}

/// A tile's structure: edges, features (kind, slots, attributes, variant,
/// arrow) and the slots of the regions each field touches.
fn describe(t: &wire::Tile) -> String {
    let mut parts: Vec<String> = t
        .features
        .iter()
        .map(|f| {
            let touching: Vec<String> = if f.kind == "field" {
                f.touching
                    .iter()
                    .map(|&r| format!("{:?}", t.features[r].slots))
                    .collect()
            } else {
                Vec::new()
            };
            format!(
                "{} {:?} {:?} {:?} {:?} {touching:?}",
                f.kind, f.slots, f.attributes, f.variant, f.direction
            )
        })
        .collect();
    parts.sort();
    format!("{} {}", t.edges, parts.join(" | "))
}

#[test]
fn a_fan_kind_is_an_error_naming_the_tile_or_left_out_when_asked() {
    let paths = vec![
        PathBuf::from("tilesets/base.tiles"),
        PathBuf::from("examples/lakeside.tiles"),
    ];
    let set = set(&paths);
    match jcz::jcz(&set, &Options::new("lakeside")) {
        Err(JczError::Input(m)) => {
            assert!(
                m.contains("lakeside/pond-meadow") && m.contains("`pond`"),
                "{m}"
            );
            // Every tile it cannot play, in one run: the six that
            // --skip-unplayable leaves out below.
            assert!(m.contains("cannot play 6 tiles"), "{m}");
            assert_eq!(m.lines().count(), 7, "{m}");
        }
        other => panic!("expected an input error, got {other:?}"),
    }
    let options = Options {
        expansions: Some(vec!["base".into(), "lakeside".into()]),
        skip_unplayable: true,
        shapes_sheet: true,
        tile_size: 64,
        ..Options::new("lakeside")
    };
    let addon = jcz::jcz(&set, &options).expect("exports the base game alone");
    assert_eq!(addon.expansions, ["base"]);
    assert_eq!(addon.left_out.len(), 6);
    assert!(addon.sheet.is_some_and(|png| png.starts_with(b"\x89PNG")));
}

#[test]
fn bad_input_fails_cleanly_with_nothing_written() {
    let dir = scratch("export_jcz_bad");
    let out = dir.join("fair.jca");
    let out_s = out.to_str().expect("UTF-8");

    let r = tileforge(&["export", "jcz", "no/such.tiles", "-o", out_s]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));

    let missing = dir.join("missing/dir/fair.jca");
    let r = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        "examples/fairground.tiles",
        "-o",
        missing.to_str().expect("UTF-8"),
    ]);
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    assert_eq!(
        stderr(&r)
            .trim()
            .lines()
            .filter(|l| l.starts_with("error"))
            .count(),
        1
    );

    let broken = dir.join("broken.tiles");
    std::fs::write(
        &broken,
        "expansion x \"X\" {\n  requires base\n}\ntile a {\n  city Q\n}\n",
    )
    .expect("writable");
    let r = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        broken.to_str().expect("UTF-8"),
        "-o",
        out_s,
    ]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));

    let r = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        "examples/lakeside.tiles",
        "-o",
        out_s,
    ]);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        stderr(&r).contains("lakeside/pond-meadow"),
        "{}",
        stderr(&r)
    );

    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("listable")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .filter(|n| n != "broken.tiles")
        .collect();
    assert!(left.is_empty(), "nothing written: {left:?}");
    assert!(!Path::new(&missing).exists());
}

#[test]
fn the_command_writes_the_add_on_and_the_shapes_sheet() {
    let dir = scratch("export_jcz_cli");
    let out = dir.join("fairground.jca");
    let sheet = dir.join("shapes.png");
    let r = tileforge(&[
        "export",
        "jcz",
        "tilesets/base.tiles",
        "examples/fairground.tiles",
        "-o",
        out.to_str().expect("UTF-8"),
        "--shapes-sheet",
        sheet.to_str().expect("UTF-8"),
    ]);
    assert_eq!(r.status.code(), Some(0), "{}", stderr(&r));
    assert!(unzip(&std::fs::read(&out).expect("written")).contains_key("fairground/jcz-addon.json"));
    assert!(std::fs::read(&sheet)
        .expect("written")
        .starts_with(b"\x89PNG"));
    let help = tileforge(&["export", "jcz", "--help"]);
    assert!(String::from_utf8_lossy(&help.stdout).contains("--shapes-sheet"));
}

#[test]
fn a_fifth_inner_feature_of_one_type_is_refused_not_merged() {
    // JCZ names inner features I, II, III, IV only: six gardens on a tile
    // once got four click shapes (the last three all `IV`).
    let dir = scratch("export_jcz_gardens");
    let fan = dir.join("gardens.tiles");
    std::fs::write(
        &fan,
        "expansion gardens \"Gardens\" {}\n\
         tile four x1 { garden; garden; garden; garden; road S }\n\
         tile six x1 { garden; garden; garden; garden; garden; garden; road S }\n\
         tile five x1 { garden; garden; garden; garden; garden; city N }\n",
    )
    .expect("writes");
    let set = set(&[PathBuf::from("tilesets/base.tiles"), fan]);
    let options = Options {
        expansions: Some(vec!["gardens".into()]),
        tile_size: 64,
        ..Options::new("gardens")
    };
    match jcz::jcz(&set, &options) {
        Err(JczError::Input(m)) => {
            assert!(m.contains("cannot play 2 tiles"), "{m}");
            assert!(
                m.contains("`gardens/six` has more than 4 inner garden"),
                "{m}"
            );
            assert!(m.contains("`gardens/five`"), "{m}");
            assert!(!m.contains("`gardens/four`"), "{m}");
        }
        other => panic!("expected an input error, got {other:?}"),
    }
    let addon = jcz::jcz(
        &set,
        &Options {
            skip_unplayable: true,
            ..options
        },
    )
    .expect("exports the four-garden tile");
    assert_eq!(addon.left_out.len(), 2);
    let files = unzip(&addon.bytes);
    let xml = String::from_utf8(files["gardens/expansions/gardens.xml"].clone()).expect("UTF-8");
    assert_eq!(xml.matches("<garden").count(), 4, "{xml}");
}

#[test]
fn import_reads_every_inner_location_jcz_has() {
    // `I` to `IV` are JCZ's inner locations; `IIII` is none of them.
    let field = |word: &str| {
        format!(
            "<defs><tiles><tile id=\"IN/a\"><city>N</city><field city=\"N\">EL ER SL SR WL WR</field>\
             <field>{word}</field></tile></tiles>\
             <sets><tile-set id=\"inner:1\"><ref count=\"1\" tile=\"IN/a\"/></tile-set></sets></defs>"
        )
    };
    let import = |text: String| {
        tileforge::import::jcz(&[tileforge::import::Input {
            name: "inner.xml".into(),
            text,
        }])
    };
    for word in ["I", "II", "III", "IV"] {
        assert!(import(field(word)).is_ok(), "{word} is refused");
    }
    for word in ["IIII", "V", "IIV"] {
        assert!(import(field(word)).is_err(), "{word} is accepted");
    }
}
