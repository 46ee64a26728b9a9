//! Every diagnostic code, its severity and a one-line explanation, in one table.
//! Codes are stable: a code is never reused for another meaning.

use std::fmt;

use super::Severity;

macro_rules! codes {
    ($($name:ident = $code:literal, $sev:ident, $title:literal;)*) => {
        /// A stable diagnostic code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(#[doc = $title] $name,)*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code as printed, e.g. `E0201`.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$name => $code,)* }
            }

            /// Error or warning.
            #[must_use]
            pub fn severity(self) -> Severity {
                match self { $(Code::$name => Severity::$sev,)* }
            }

            /// One line saying what the code means.
            #[must_use]
            pub fn title(self) -> &'static str {
                match self { $(Code::$name => $title,)* }
            }
        }
    };
}

codes! {
    Syntax = "E0001", Error, "the text does not follow the grammar";
    UnknownKeyword = "E0002", Error, "unknown keyword";
    UnclosedBlock = "E0003", Error, "a `{` is never closed";
    InvalidNumber = "E0004", Error, "a number is out of range";
    MissingExpansion = "E0101", Error, "a file must start with its `expansion` header";
    DuplicateExpansion = "E0102", Error, "two expansions with the same id";
    DuplicateTile = "E0103", Error, "two tiles with the same id in one expansion";
    ZeroCount = "E0104", Error, "a count of 0 (tile, token or figure)";
    DuplicateEntry = "E0105", Error, "a name declared twice in one block";
    StartTile = "E0106", Error, "more than one tile kind is marked `start` (in one group, or in two expansions neither of which requires the other), or start tiles in two groups";
    Redeclared = "E0107", Error, "a kind, attribute or group declared twice, or a prelude name redeclared";
    UnknownName = "E0108", Error, "a kind, attribute, group or tile that nothing declares";
    WrongAttribute = "E0109", Error, "an attribute or variant on a kind that does not take it";
    BadDeclaration = "E0110", Error, "a malformed declaration (shape, edge letter, template, parameter, setting)";
    BadEdit = "E0111", Error, "a `replaces` or `remove` of a tile the required expansions lack";
    IdNotAFileName = "E0112", Error, "an id that cannot name an image file: over 64 characters, an expansion id ending in `.png`, `.webp` or `.jpg`, or a tile id that is not printable ASCII";
    Loop = "E0113", Error, "requirements that go round in a loop (`a` requires `b`, which requires `a`; an expansion requiring itself), or a `replaces`/`remove` of a tile of the edit's own expansion";
    StartLayout = "E0114", Error, "a start layout that cannot be laid: `start at` on a tile outside a start set, a set's tile without one, its first tile elsewhere than `at 0 0`, two tiles on one square, a turn other than 0 to 3, or a tile touching none declared before it";
    StartSides = "E0115", Error, "two neighbours in a start layout whose sides do not meet";
    SideTaken = "E0201", Error, "a side is used by two features";
    RoadOnCitySide = "E0202", Error, "a road and a city on the same side";
    CrossingFeatures = "E0203", Error, "features cross each other";
    TouchingNothing = "E0204", Error, "`touching` or `->` names a place where there is no feature";
    BadDirection = "E0205", Error, "a flier direction that is not one of the eight";
    BadPlace = "E0206", Error, "a side or slot name that is wrong for this feature";
    CentreConflict = "E0207", Error, "more than one centre feature on a tile";
    BadRoad = "E0208", Error, "a malformed path (one side twice, `->` on a through path, ending at itself)";
    CrossesNothing = "E0209", Error, "a feature marked `over` or `under` crosses nothing";
    BadDeadEnd = "E0210", Error, "a path ends where its kind may not end (a river in a field)";
    BadReach = "E0211", Error, "`reaching` names no corner, or is written on a feature that is not a region";
    BadShare = "E0212", Error, "`sharing` names a side that is not another region's of the same kind, or that the region does not meet at a corner";
    FieldSlotTwice = "E0301", Error, "a field slot is covered twice";
    FieldSlotMissing = "E0302", Error, "a field slot is covered by no field";
    FieldCrosses = "E0303", Error, "a field crosses a road or a city";
    FieldTouchUnreachable = "E0304", Error, "a field touches a city it cannot reach";
    FieldOnFeature = "E0305", Error, "a field slot that a city or road occupies";
    FieldsInterleave = "E0306", Error, "two fields cross each other";
    FieldNowhere = "E0307", Error, "a field with no slots and nothing it touches: drawn nowhere";
    FieldTouchingOmits = "E0308", Error, "a field's `touching` leaves out a region the field reaches";
    CourtyardTwice = "E0309", Error, "two courtyards inside one region";
    ExpectFailed = "E0401", Error, "an `expect` does not hold";
    UnknownExpect = "E0402", Error, "an `expect` of something that cannot be counted";
    BadDie = "E0501", Error, "a die without faces or with a face of 0";
    UnknownRule = "W0502", Warning, "a rule parameter the engine does not know";
    RequireMissing = "W0503", Warning, "a required expansion is not among the inputs";
    UnknownScoredWith = "W0504", Warning, "`scored-with` names an expansion that is neither shipped nor among the inputs";
    NeverPlaceable = "W0601", Warning, "a tile that no tile of the set can ever sit next to";
    IdenticalTiles = "W0602", Warning, "two tiles identical up to rotation (unless the later one is marked `twin`)";
    MissingCapability = "W0603", Warning, "a capability the engine does not have: the set cannot be played";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
