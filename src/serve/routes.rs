//! Every URL the server answers, each mapped to a generated resource of the
//! current snapshot or to a page asset embedded in the binary. No URL names
//! a file: a path is matched against this fixed table (numbers parsed
//! strictly), and anything else is 404, so there is nothing to traverse.
//!
//! | path | resource |
//! |---|---|
//! | `/` | the page (`page/index.html`) |
//! | `/app.js`, `/style.css` | its script and style |
//! | `/api/state` | the snapshot's state (JSON) |
//! | `/events` | server-sent events: the generation, on connect and after each compile |
//! | `/g/N/tile/I.png` | tile I's picture, of generation N only |
//! | `/g/N/tile/I.json` | tile I's details: derived features and fields, wire JSON |
//! | `/g/N/sheet/I.png` | sheet page I (in the state's `sheets` order) |

use super::http::Response;
use super::snapshot::Snapshot;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

const JSON: &str = "application/json; charset=utf-8";

/// What to do with a request.
#[derive(Debug)]
pub enum Route {
    /// Answer with this.
    Respond(Response),
    /// Stream the generations as server-sent events.
    Events,
}

/// The resource of a path, from the current snapshot.
#[must_use]
pub fn route(snapshot: &Snapshot, path: &str) -> Route {
    let segments: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let respond = match segments.as_slice() {
        [""] => Response::ok("text/html; charset=utf-8", INDEX),
        ["app.js"] => Response::ok("text/javascript; charset=utf-8", SCRIPT),
        ["style.css"] => Response::ok("text/css; charset=utf-8", STYLE),
        ["api", "state"] => Response::ok(JSON, snapshot.state_json()),
        ["events"] => return Route::Events,
        ["g", generation, kind, item] => generated(snapshot, generation, kind, item),
        _ => not_found(),
    };
    Route::Respond(respond)
}

fn not_found() -> Response {
    Response::error(
        404,
        "not found: this server answers only the paths its page uses",
    )
}

/// A picture or a tile's details, of the current generation only: an older
/// generation's resource is gone (404), never served stale.
fn generated(snapshot: &Snapshot, generation: &str, kind: &str, item: &str) -> Response {
    let Some(generation) = number(generation) else {
        return not_found();
    };
    if generation != snapshot.generation {
        return Response::error(404, "gone: the inputs were compiled again since");
    }
    let (index, extension) = match item.split_once('.') {
        Some((index, extension)) => (number(index), extension),
        None => return not_found(),
    };
    let Some(index) = index.and_then(|i| usize::try_from(i).ok()) else {
        return not_found();
    };
    let picture = |drawn: Option<Result<std::sync::Arc<[u8]>, String>>| match drawn {
        Some(Ok(png)) => Response::ok("image/png", png.to_vec()),
        Some(Err(message)) => Response::error(500, message),
        None => not_found(),
    };
    match (kind, extension) {
        ("tile", "png") => picture(snapshot.tile_png(index)),
        ("tile", "json") => snapshot
            .tile_detail(index)
            .map_or_else(not_found, |detail| Response::ok(JSON, detail)),
        ("sheet", "png") => picture(snapshot.sheet_png(index)),
        _ => not_found(),
    }
}

/// A decimal number as the page writes them: digits only, no sign, no
/// leading zero, at most 18 digits.
fn number(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.len() <= 18
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceMap;

    fn snapshot() -> Snapshot {
        let mut sources = SourceMap::new();
        let text = include_str!("../../tests/serve/market.tiles");
        let id = sources.add("market.tiles", text);
        let snapshot = Snapshot::build(7, &Ok((sources, vec![id])), None);
        assert_eq!(
            snapshot.status,
            super::super::Status::Ok,
            "{}",
            snapshot.summary
        );
        assert_eq!(snapshot.tile_count(), 4);
        snapshot
    }

    fn status(snapshot: &Snapshot, path: &str) -> u16 {
        match route(snapshot, path) {
            Route::Respond(r) => r.status,
            Route::Events => 0,
        }
    }

    #[test]
    fn the_page_its_assets_state_and_pictures() {
        let s = snapshot();
        for path in [
            "/",
            "/app.js",
            "/style.css",
            "/api/state",
            "/g/7/tile/0.png",
            "/g/7/tile/1.json",
            "/g/7/sheet/0.png",
        ] {
            assert_eq!(status(&s, path), 200, "{path}");
        }
        assert!(matches!(route(&s, "/events"), Route::Events));
    }

    #[test]
    fn everything_else_is_not_found() {
        let s = snapshot();
        for path in [
            "/index.html",
            "/fan.tiles",
            "/../fan.tiles",
            "/%2e%2e/Cargo.toml",
            "/app.js/",
            "//app.js",
            "/api/state/",
            "/api",
            "/g/7/tile/4.png",
            "/g/7/tile/00.png",
            "/g/7/tile/+1.png",
            "/g/7/tile/-1.png",
            "/g/7/tile/1.png.png",
            "/g/7/tile/1",
            "/g/7/tile/../../../Cargo.toml",
            "/g/7/tile/1.tiles",
            "/g/7/sheet/1.png",
            "/g/07/tile/0.png",
            "/g/7/other/0.png",
            "/g/99999999999999999999/tile/0.png",
            "/g/6/tile/0.png",
            "/g/8/tile/0.png",
        ] {
            assert_eq!(status(&s, path), 404, "{path}");
        }
    }

    #[test]
    fn numbers_are_parsed_strictly() {
        assert_eq!(number("0"), Some(0));
        assert_eq!(number("42"), Some(42));
        for bad in [
            "",
            "01",
            "+1",
            "-1",
            "1e3",
            "٣",
            "1 ",
            "9999999999999999999",
        ] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }
}
