//! The rule parameters the scoring engine reads from a tile set's `rules` blocks.
//! The values live in `.tiles` files; this list only names what exists, so the
//! checker can flag a misspelt parameter and the docs can list them.

/// Every parameter: name and meaning.
pub const PARAMETERS: &[(&str, &str)] = &[
    ("road.tile", "points per tile of a road, complete or not"),
    ("city.tile.complete", "points per tile of a completed city"),
    (
        "city.pennant.complete",
        "points per pennant of a completed city",
    ),
    (
        "city.tile.incomplete",
        "points per tile of a city unfinished at game end",
    ),
    (
        "city.pennant.incomplete",
        "points per pennant of a city unfinished at game end",
    ),
    ("cloister.complete", "points for a completed cloister"),
    (
        "cloister.tile.incomplete",
        "points per tile of the 3x3 square of a cloister unfinished at game end",
    ),
    (
        "field.city",
        "points per completed city a field touches, at game end",
    ),
    (
        "acrobat.points",
        "points per acrobat when a pyramid is scored, and at game end",
    ),
    ("acrobat.pyramid", "acrobats that complete a pyramid"),
    (
        "ringmaster.bonus",
        "points per circus or acrobat tile around a scored ringmaster",
    ),
];

/// True when the engine knows the parameter.
#[must_use]
pub fn is_known(name: &str) -> bool {
    PARAMETERS.iter().any(|(n, _)| *n == name)
}

/// All parameter names.
#[must_use]
pub fn names() -> Vec<&'static str> {
    PARAMETERS.iter().map(|(n, _)| *n).collect()
}
