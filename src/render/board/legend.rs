//! The legend under the board: each player's colour, name and score, then a
//! key to the marks that appear on the board. Items flow into rows as wide as
//! the picture allows; players always start the first row, the key the next.

use tiny_skia::{Pixmap, Rect};

use super::super::draw::colour;
use super::super::text::{self, Fonts};
use super::marks::{self, Badge, Figure, Pose};
use super::Caption;
use crate::engine::{BoardView, FillBasis};

const GREY: tiny_skia::ColorU8 = colour::rgb(96, 90, 84);

/// The little picture before an item's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// A meeple in player `i`'s colour.
    Player(usize),
    /// The big top.
    BigTop,
    /// A ringmaster (grey, with its hat).
    Ringmaster,
    /// A farmer lying in its field (grey).
    Farmer,
    /// A square no tile can fill.
    Dead,
    /// A square some tile can fill.
    Open,
}

/// One entry: an icon, words in bold, then words in regular weight.
#[derive(Clone, Debug)]
pub struct Item {
    /// The icon, if any.
    pub icon: Option<Icon>,
    /// The bold part (a player's name).
    pub bold: String,
    /// The rest.
    pub text: String,
}

/// Items placed in rows.
pub struct Legend {
    rows: Vec<Vec<(f32, Item)>>,
    px: f32,
    /// Total height in pixels.
    pub height: f32,
    /// Width of the widest row in pixels.
    pub width: f32,
}

fn line_height(px: f32) -> f32 {
    px * 1.9
}

/// Room taken by the icon and the gap after it.
fn icon_room(item: &Item, px: f32) -> f32 {
    if item.icon.is_some() {
        px * 2.1
    } else {
        0.0
    }
}

fn item_width(fonts: &Fonts, px: f32, item: &Item) -> f32 {
    let bold = text::width(&fonts.bold, px, &item.bold);
    icon_room(item, px) + bold + text::width(&fonts.regular, px, &item.text)
}

/// Lays out the groups (each starts a new row) within `max_width` pixels.
pub fn layout(fonts: &Fonts, px: f32, groups: Vec<Vec<Item>>, max_width: f32) -> Legend {
    let gap = px * 1.6;
    let mut rows: Vec<Vec<(f32, Item)>> = Vec::new();
    let mut width: f32 = 0.0;
    for group in groups {
        let mut row: Vec<(f32, Item)> = Vec::new();
        let mut x = 0.0;
        for item in group {
            let w = item_width(fonts, px, &item);
            if !row.is_empty() && x + w > max_width {
                width = width.max(x - gap);
                rows.push(std::mem::take(&mut row));
                x = 0.0;
            }
            row.push((x, item));
            x += w + gap;
        }
        if !row.is_empty() {
            width = width.max(x - gap);
            rows.push(row);
        }
    }
    #[allow(clippy::cast_precision_loss)]
    let height = rows.len() as f32 * line_height(px);
    Legend {
        rows,
        px,
        height,
        width,
    }
}

impl Legend {
    /// Draws the legend with its top-left corner at `(left, top)`.
    pub fn draw(&self, pixmap: &mut Pixmap, fonts: &Fonts, (left, top): (f32, f32)) {
        let px = self.px;
        for (r, row) in self.rows.iter().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let y = top + r as f32 * line_height(px);
            let middle = y + line_height(px) / 2.0;
            for (x, item) in row {
                let x = left + x;
                if let Some(i) = item.icon {
                    icon(pixmap, i, (x + px * 0.8, middle), px * 1.6);
                }
                let baseline = middle + text::ascent(&fonts.regular, px) * 0.36;
                let start = x + icon_room(item, px);
                // A player's score reads as strongly as the name.
                let ink = if matches!(item.icon, Some(Icon::Player(_))) {
                    colour::INK
                } else {
                    GREY
                };
                let advance = text::draw(
                    pixmap,
                    &fonts.bold,
                    px,
                    (start, baseline),
                    &item.bold,
                    colour::INK,
                );
                text::draw(
                    pixmap,
                    &fonts.regular,
                    px,
                    (start + advance, baseline),
                    &item.text,
                    ink,
                );
            }
        }
    }
}

fn icon(pixmap: &mut Pixmap, icon: Icon, at: (f32, f32), size: f32) {
    let grey = marks::PLAYER_COLOURS[5];
    let figure = |colour, pose, badge| Figure {
        at,
        height: size * 0.8,
        colour,
        pose,
        badge,
    };
    let square = Rect::from_xywh(at.0 - size / 2.0, at.1 - size / 2.0, size, size);
    match icon {
        Icon::Player(i) => marks::figure(
            pixmap,
            &figure(marks::player_colour(i), Pose::Standing, Badge::None),
        ),
        Icon::Ringmaster => marks::figure(
            pixmap,
            &Figure {
                at: (at.0, at.1 + size * 0.08),
                height: size * 0.68,
                ..figure(grey, Pose::Standing, Badge::Hat)
            },
        ),
        Icon::Farmer => marks::figure(pixmap, &figure(grey, Pose::Lying, Badge::None)),
        Icon::BigTop => marks::big_top(pixmap, at, size * 0.9),
        Icon::Dead => {
            if let Some(r) = square {
                marks::dead_square(pixmap, r, size);
            }
        }
        Icon::Open => {
            if let Some(r) = square {
                marks::open_square(pixmap, r, size);
            }
        }
    }
}

/// A name as the legend shows it: control characters as `�`, and at most
/// `max` characters, the rest cut to `…`, so a 1000-character name cannot
/// widen the picture.
pub fn shorten(name: &str, max: usize) -> String {
    let clean = |c: char| if c.is_control() { '\u{fffd}' } else { c };
    if name.chars().count() <= max {
        return name.chars().map(clean).collect();
    }
    let mut out: String = name
        .chars()
        .take(max.saturating_sub(1))
        .map(clean)
        .collect();
    out.push('…');
    out
}

/// The legend's items: the title, the players, the key.
pub fn items(view: &BoardView, caption: &Caption) -> Vec<Vec<Item>> {
    let players = &caption.players;
    let player_items = (0..view.players.max(players.len()))
        .map(|i| {
            let line = players.get(i);
            Item {
                icon: Some(Icon::Player(i)),
                bold: line.map_or_else(|| format!("player {}", i + 1), |l| shorten(&l.name, 32)),
                text: line.map_or_else(String::new, |l| format!("  {}", l.score)),
            }
        })
        .collect();
    let mut key = Vec::new();
    let dead = view.open.iter().filter(|o| !o.fillable).count();
    let squares = |n: usize| format!("{n} square{}", if n == 1 { "" } else { "s" });
    key.push(Item {
        icon: Some(Icon::Dead),
        bold: String::new(),
        text: match view.fill_basis {
            FillBasis::Stack { tiles } => format!(
                "no tile left in the stack ({tiles}) fits: {}",
                squares(dead)
            ),
            FillBasis::WholeSet => format!(
                "no tile of the set fits (the stack is empty): {}",
                squares(dead)
            ),
        },
    });
    key.push(Item {
        icon: Some(Icon::Open),
        bold: String::new(),
        text: format!("open: {}", squares(view.open.len() - dead)),
    });
    if view.big_top.is_some() {
        key.push(Item {
            icon: Some(Icon::BigTop),
            bold: String::new(),
            text: "big top (scores the dashed 3 × 3)".into(),
        });
    }
    if view.figures.iter().any(|f| f.figure == "ringmaster") {
        key.push(Item {
            icon: Some(Icon::Ringmaster),
            bold: String::new(),
            text: "ringmaster".into(),
        });
    }
    key.push(Item {
        icon: Some(Icon::Farmer),
        bold: String::new(),
        text: "lying: farmer".into(),
    });
    let mut groups = Vec::new();
    if !caption.title.is_empty() {
        groups.push(vec![Item {
            icon: None,
            bold: shorten(&caption.title, 120),
            text: String::new(),
        }]);
    }
    groups.extend([player_items, key]);
    groups
}
