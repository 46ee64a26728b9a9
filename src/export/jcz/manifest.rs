//! `jcz-addon.json`, the add-on's manifest: what the client checks before it
//! loads anything (an integer `version`, a `minimumJczVersion` not newer than
//! itself) and where the expansion files and artworks are.

use serde_json::{json, Value};

/// The oldest client whose add-on format this export follows (the version
/// JCZ's own built-in add-on declares).
pub const MINIMUM_JCZ_VERSION: &str = "5.10.0";

/// The manifest. The add-on's id is its root folder's name, not a key.
#[must_use]
pub fn manifest(title: &str, version: u32, expansion_files: &[String], artwork: &str) -> Value {
    json!({
        "title": title,
        "maintainer": null,
        "version": version,
        "minimumJczVersion": MINIMUM_JCZ_VERSION,
        "expansions": expansion_files,
        "artworks": [artwork],
    })
}
