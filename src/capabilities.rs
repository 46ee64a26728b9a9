//! The engine's capabilities: rule modules that data switches on by name (a kind
//! or attribute says `capability big-top`, a figure `capability ringmaster`). The
//! compiler warns about a capability missing here (W0603), and the engine refuses
//! to play a set that uses one. Each entry names the rule parameters it reads.

/// A capability: its name, what it does, and its rule parameters.
pub struct Capability {
    /// The name declarations use.
    pub name: &'static str,
    /// What the engine does with it.
    pub meaning: &'static str,
    /// Rule parameters it reads: name and meaning.
    pub parameters: &'static [(&'static str, &'static str)],
}

/// Every capability the engine implements.
pub const CAPABILITIES: &[Capability] = &[
    Capability {
        name: "big-top",
        meaning: "a circus space: the big top moves there and scores the figures around it",
        parameters: &[],
    },
    Capability {
        name: "pyramid",
        meaning: "acrobat spaces: figures stack into a pyramid that scores when complete",
        parameters: &[
            (
                "acrobat.points",
                "points per acrobat when a pyramid is scored, and at game end",
            ),
            ("acrobat.pyramid", "acrobats that complete a pyramid"),
        ],
    },
    Capability {
        name: "flight",
        meaning: "a flying machine: a figure flies along the arrow as far as the die says",
        parameters: &[],
    },
    Capability {
        name: "crop-circle",
        meaning: "a crop circle: every player adds or removes a follower of its type",
        parameters: &[],
    },
    Capability {
        name: "river",
        meaning: "a river: each river tile continues the open river, never joins two of its ends, and never turns the same way as the tile before it",
        parameters: &[],
    },
    Capability {
        name: "goods",
        meaning: "goods in a city: whoever completes the city takes its tokens; at game end the most of each good scores",
        parameters: &[(
            "goods.most",
            "points at game end to every player with the most tokens of one good (ties all score)",
        )],
    },
    Capability {
        name: "abbot",
        meaning: "a figure its owner may take back instead of placing one, scoring its feature as at game end",
        parameters: &[],
    },
    Capability {
        name: "builder",
        meaning: "a figure beside its owner's follower on a road or city: extending that feature with a tile gives a second turn",
        parameters: &[],
    },
    Capability {
        name: "pig",
        meaning: "a figure beside its owner's farmer: the field scores more per completed city for its owner",
        parameters: &[(
            "pig.bonus",
            "points more per completed neighbour the field counts, for a majority player with a pig on it",
        )],
    },
    Capability {
        name: "ringmaster",
        meaning: "a figure that scores 2 more per circus or acrobat tile around it",
        parameters: &[(
            "ringmaster.bonus",
            "points per circus or acrobat tile around a scored ringmaster",
        )],
    },
];

/// True when the engine implements the capability.
#[must_use]
pub fn is_known(name: &str) -> bool {
    CAPABILITIES.iter().any(|c| c.name == name)
}

/// Every capability name, in table order.
#[must_use]
pub fn names() -> Vec<&'static str> {
    CAPABILITIES.iter().map(|c| c.name).collect()
}
