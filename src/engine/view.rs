//! A read-only snapshot of the board as plain data, for pictures and for
//! programs that only want to look: the tiles by id, the figures on their
//! features, the big top, and every open square with whether some tile could
//! still fill it. Nothing here changes the game.

use super::core::tables::Kind;
use super::core::Spot;
use super::Game;

/// The board at one moment, in wire terms (tile ids, wire feature ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Number of players (figures name them by index).
    pub players: usize,
    /// Every placed tile, in the order it was placed (the start tile first).
    pub tiles: Vec<TileView>,
    /// Every figure on the board, sorted by square, then player.
    pub figures: Vec<FigureView>,
    /// The square of the tile under the big top.
    pub big_top: Option<(i32, i32)>,
    /// Every open square (empty, next to a tile), sorted by row, then column.
    pub open: Vec<OpenSquare>,
    /// Which tiles [`OpenSquare::fillable`] considered.
    pub fill_basis: FillBasis,
}

/// A placed tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileView {
    /// Full tile id (`base/D`).
    pub tile: String,
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Clockwise quarter turns.
    pub rotation: u8,
}

/// A figure standing on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureView {
    /// The owner, an index into the players.
    pub player: usize,
    /// The figure's id (`meeple`, `ringmaster`, ...).
    pub figure: String,
    /// Column of its tile.
    pub x: i32,
    /// Row of its tile.
    pub y: i32,
    /// Where on the tile it stands.
    pub spot: FigureSpot,
}

/// Where on its tile a figure stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FigureSpot {
    /// On a feature: its id within the wire tile (`features[i]`).
    Feature(u8),
    /// In the tile's acrobat pyramid (or another place a rule keeps on the
    /// tile, not a feature).
    Acrobats,
}

/// An empty square next to at least one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenSquare {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Whether some tile of the [`FillBasis`], in some rotation, matches every
    /// tile around the square.
    pub fillable: bool,
}

/// The tiles an open square was tested against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillBasis {
    /// The tiles still to be drawn (this many).
    Stack {
        /// Tiles left in the stack.
        tiles: u32,
    },
    /// The stack is empty: every tile kind of the expansions in play.
    WholeSet,
}

impl Game<'_> {
    /// A snapshot of the board. Open squares are tested against the tiles
    /// still in the stack; when none is left (a finished game), against every
    /// tile kind in play, so the picture still shows the squares no tile of
    /// the set could ever fill.
    #[must_use]
    pub fn board_view(&self) -> BoardView {
        let rules = self.rules;
        let tiles = self
            .board
            .placed
            .iter()
            .map(|p| TileView {
                tile: rules.kind_id(p.kind).to_string(),
                x: p.x,
                y: p.y,
                rotation: p.rotation,
            })
            .collect();
        let figures = self.figures();
        let left: u32 = self
            .remaining
            .iter()
            .fold(0u32, |a, &n| a.saturating_add(n));
        let fill_basis = if left > 0 {
            FillBasis::Stack { tiles: left }
        } else {
            FillBasis::WholeSet
        };
        let fits = &self.fillable_signatures(fill_basis);
        let mut open: Vec<OpenSquare> = (1..self.rules.sides.buckets())
            .filter_map(|sig| u16::try_from(sig).ok())
            .flat_map(|sig| {
                self.board
                    .bucket(sig)
                    .iter()
                    .map(move |&(x, y)| OpenSquare {
                        x,
                        y,
                        fillable: fits[usize::from(sig)],
                    })
            })
            .collect();
        open.sort_by_key(|o| (o.y, o.x));
        BoardView {
            players: self.players,
            tiles,
            figures,
            big_top: self.big_top(),
            open,
            fill_basis,
        }
    }

    /// Every figure on the board, sorted by square, then player (acrobats of
    /// one pyramid in the order they arrived).
    #[must_use]
    pub fn figures(&self) -> Vec<FigureView> {
        let rules = self.rules;
        let mut figures: Vec<FigureView> = self
            .standing
            .iter()
            .map(|s| {
                let p = &self.board.placed[s.tile as usize];
                FigureView {
                    player: usize::from(s.player),
                    figure: rules.figure_id(s.figure).to_string(),
                    x: p.x,
                    y: p.y,
                    spot: match s.spot {
                        Spot::Node(n) => FigureSpot::Feature(self.features.feature(n)),
                        Spot::Off(_) => FigureSpot::Acrobats,
                    },
                }
            })
            .collect();
        figures.sort_by_key(|f| (f.y, f.x, f.spot, f.player));
        figures
    }

    /// For each placement signature (see `board`), whether a tile of the basis
    /// fits a square that shows it, in some rotation.
    fn fillable_signatures(&self, basis: FillBasis) -> Vec<bool> {
        let mut fits = vec![false; self.rules.sides.buckets()];
        let candidates = self.rules.kinds.iter().zip(&self.remaining);
        let usable = |(kind, &left): (&Kind, &u32)| match basis {
            FillBasis::Stack { .. } => left > 0,
            FillBasis::WholeSet => kind.count > 0,
        };
        for (kind, _) in candidates.filter(|&c| usable(c)) {
            for f in kind.fits.iter() {
                fits[usize::from(f.sig)] = true;
            }
        }
        fits
    }
}
