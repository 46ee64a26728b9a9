//! Score lines in words: [`Event::describe`], read from the ruleset that
//! played them (the kind, attribute, token and figure names the set declares).

use super::core::vocab::Scoring;
use super::events::{Event, Reason};
use super::{FeatureKindId, Ruleset};

impl Event {
    /// The reason in words, e.g. `completed city, 3 tiles, 1 pennant`.
    #[must_use]
    pub fn describe(&self, rules: &Ruleset) -> String {
        let state = |complete: bool| if complete { "completed" } else { "unfinished" };
        let shared = |s: bool| if s { ", shared" } else { "" };
        let kind = |k: FeatureKindId| rules.feature_kind_name(k);
        match self.reason {
            Reason::Network {
                kind: k,
                tiles,
                units,
                attributes,
                complete,
                shared: s,
            } => {
                let mut text = format!("{} {}, {}", state(complete), kind(k), count(tiles, "tile"));
                let vocab = &rules.vocab;
                if let Some(a) = vocab.kinds.get(usize::from(k.0)).and_then(|r| r.units) {
                    text.push_str(&format!(
                        ", {}",
                        count(units, &vocab.attributes[usize::from(a)].id)
                    ));
                }
                for (i, a) in vocab.attributes.iter().enumerate().take(64) {
                    if attributes & (1 << i) != 0 {
                        text.push_str(&format!(", {}", a.id));
                    }
                }
                text + shared(s)
            }
            Reason::Neighbourhood {
                kind: k,
                tiles,
                complete,
                shared: s,
            } => format!(
                "{} {}, {} in its square{}",
                state(complete),
                kind(k),
                count(tiles, "tile"),
                shared(s)
            ),
            Reason::Farm {
                kind: k,
                neighbours,
                shared: s,
            } => format!(
                "{}, {}{}",
                kind(k),
                count(neighbours, &format!("completed {}", counted(rules, k))),
                shared(s)
            ),
            Reason::Circus {
                token,
                value,
                figures,
            } => format!(
                "big top: {} ({value}) × {} around it",
                rules.token_id(token),
                count(figures, "figure")
            ),
            Reason::Pyramid { acrobats, x, y } => {
                format!(
                    "acrobat pyramid at ({x}, {y}) scored, {}",
                    count(acrobats, "acrobat")
                )
            }
            Reason::AcrobatsAtEnd { acrobats, x, y } => {
                format!("{} at ({x}, {y}) at game end", count(acrobats, "acrobat"))
            }
            Reason::Recall {
                figure,
                kind: k,
                tiles,
            } => {
                let square = matches!(
                    rules.vocab.kinds.get(usize::from(k.0)).map(|r| &r.scoring),
                    Some(Scoring::Neighbourhood { .. })
                );
                format!(
                    "{} taken back: {}, {}{}",
                    rules.figure_id(figure),
                    kind(k),
                    count(tiles, "tile"),
                    if square { " in its square" } else { "" }
                )
            }
            Reason::Pig { neighbours } => {
                format!("pig: {} more", count(neighbours, "completed neighbour"))
            }
            Reason::WindRose { x, y } => format!("wind rose in its quarter at ({x}, {y})"),
            Reason::Besieged { cities } => {
                format!(
                    "besieged: {} counted twice",
                    count(cities, "completed city")
                )
            }
            Reason::CastleFarm { castles } => {
                format!("castles: {} 1 more", count(castles, "castle"))
            }
            Reason::PigHerd { neighbours } => {
                format!(
                    "pig herd: {} more",
                    count(neighbours, "completed neighbour")
                )
            }
            Reason::Fairy { bonus: true, .. } => "the fairy's follower scored".to_string(),
            Reason::Fairy { followers, .. } => {
                format!(
                    "the fairy at the turn's start: {} beside it",
                    count(followers, "follower")
                )
            }
            Reason::Goods { good, tokens } => {
                format!("the most {} tokens: {tokens}", rules.attribute_name(good))
            }
            Reason::Gold { bars } => format!(
                "{} at {} each",
                count(bars, "gold bar"),
                self.points / i64::from(bars.max(1))
            ),
            Reason::Ransom { figure, other } if self.points < 0 => format!(
                "ransom for a {} held by player {}",
                rules.figure_id(figure),
                u32::from(other) + 1
            ),
            Reason::Ransom { figure, other } => format!(
                "ransom from player {} for their {}",
                u32::from(other) + 1,
                rules.figure_id(figure)
            ),
            Reason::Flock { sheep, tokens } => format!(
                "flock gathered: {sheep} sheep on {}",
                count(tokens, "token")
            ),
            Reason::Vineyard { vineyards, x, y } => format!(
                "cloister at ({x}, {y}) completed: {} around",
                count(vineyards, "vineyard")
            ),
            Reason::Ringmaster { tiles, x, y } => format!(
                "ringmaster at ({x}, {y}): {} around",
                count(tiles, "circus or acrobat tile")
            ),
            Reason::Barn {
                kind: k,
                neighbours,
            } => format!(
                "barns: {}, {}",
                kind(k),
                count(neighbours, &format!("completed {}", counted(rules, k)))
            ),
            Reason::Title {
                figure,
                kind,
                features,
            } => format!(
                "the {}: {}",
                rules.figure_id(figure),
                count(
                    features,
                    &format!("completed {}", rules.feature_kind_name(kind))
                )
            ),
            Reason::Castle {
                kind: Some(kind),
                x,
                y,
            } => format!(
                "castle at ({x}, {y}): a {} completed in its fief",
                rules.feature_kind_name(kind)
            ),
            Reason::Castle { kind: None, x, y } => {
                format!("castle at ({x}, {y}): a castle scored in its fief")
            }
            Reason::Bazaar { tile, other: None } => {
                format!("bazaar: {} bought at the opening bid", rules.kind_id(tile))
            }
            Reason::Bazaar {
                tile,
                other: Some(o),
            } if self.points < 0 => format!(
                "bazaar: {} paid to player {}",
                rules.kind_id(tile),
                u32::from(o) + 1
            ),
            Reason::Bazaar {
                tile,
                other: Some(o),
            } => format!(
                "bazaar: {} paid by player {}",
                rules.kind_id(tile),
                u32::from(o) + 1
            ),
            Reason::Labyrinth { followers } => {
                format!("labyrinth: {} on the road", count(followers, "follower"))
            }
            Reason::Watchtower { count: n, x, y } => {
                format!("watchtower at ({x}, {y}): {n} in sight")
            }
            Reason::Darmstadtium => "the Darmstadtium in the completed city".to_string(),
            Reason::Church { followers, x, y } => format!(
                "church at ({x}, {y}) completed: {} around it, the most",
                count(followers, "follower")
            ),
            Reason::YagaHut {
                kind: k,
                empty: 0,
                shared: s,
            } => format!("surrounded {}{}", kind(k), shared(s)),
            Reason::YagaHut {
                kind: k,
                empty,
                shared: s,
            } => format!(
                "{}, {} around it{}",
                kind(k),
                count(empty, "empty square"),
                shared(s)
            ),
            Reason::SpecialMonastery { tiles, x, y } => format!(
                "abbot of the monastery at ({x}, {y}): {} in line",
                count(tiles, "tile")
            ),
            Reason::Magic {
                witch: false,
                tiles,
            } => {
                format!("the mage on it: {}", count(tiles, "tile"))
            }
            Reason::Magic { witch: true, .. } => "the witch on it: half taken off".to_string(),
            Reason::Vodyanoy { kind: k, followers } => {
                format!(
                    "{}: {} still trapped",
                    kind(k),
                    count(followers, "follower")
                )
            }
        }
    }
}

/// What a farm-scored kind counts: the one kind it names that some tile in
/// play has (a base game's field counts cities, though the prelude's field
/// also counts the Count's wall), else `neighbour`.
fn counted(rules: &Ruleset, k: FeatureKindId) -> &str {
    let on_tiles = |n: usize| {
        rules
            .kinds
            .iter()
            .any(|t| t.features.iter().any(|f| usize::from(f.kind) == n))
    };
    match rules.vocab.kinds.get(usize::from(k.0)).map(|r| &r.scoring) {
        Some(Scoring::Farm { per }) => {
            let mut named = per
                .iter()
                .enumerate()
                .filter(|&(n, &v)| v != 0 && on_tiles(n));
            match (named.next(), named.next()) {
                (Some((n, _)), None) => {
                    rules.feature_kind_name(FeatureKindId(u8::try_from(n).unwrap_or(u8::MAX)))
                }
                _ => "neighbour",
            }
        }
        _ => "neighbour",
    }
}

fn count(n: impl Into<u64>, what: &str) -> String {
    let n: u64 = n.into();
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {}", crate::ir::vocab::plural(what))
    }
}
