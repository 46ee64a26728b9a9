//! Where the points come from beyond the score columns: each feature kind's
//! points (a garden's apart from a cloister's), the points of features that
//! carry each attribute (roads with an inn, cities with a cathedral), pig
//! bonuses, pig herds, goods majorities, gold bars, the fairy, abbots taken
//! back, the builder's second turns, tower captures and ransoms, the dragon's
//! meals and the princess's knights sent home. Counted per game from the
//! events into a [`SourcesTally`] (integers,
//! merged exactly), summarised into [`Sources`], printed as text.

use std::fmt::Write;

use serde::Serialize;

use super::summary::round6;
use super::text::small;
use crate::engine::{FeatureKindId, Game, Reason, Ruleset};
use crate::stats::Table;

/// Points by kind and attribute over all games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourcesTally {
    /// Points of each feature kind's features (indexed by `FeatureKindId`).
    pub kinds: Vec<i128>,
    /// Points of features carrying each attribute (indexed by attribute).
    pub attributes: Vec<i128>,
    /// Pig bonuses.
    pub pig: i128,
    /// Vineyard bonuses of completed cloisters.
    pub vineyards: i128,
    /// Flocks gathered (their sheep).
    pub flocks: i128,
    /// Sheep and wolf tokens drawn.
    pub sheep_draws: u64,
    /// Wolves among them.
    pub wolves: u64,
    /// Ties a hill broke.
    pub hill_ties: u64,
    /// Goods majorities at game end.
    pub goods: i128,
    /// Gold bars at game end.
    pub gold: i128,
    /// Abbots taken back, and their points.
    pub recalls: u64,
    /// Points of abbots taken back.
    pub recall_points: i128,
    /// Builder's second turns taken.
    pub second_turns: u64,
    /// Points of the titles (the king, the robber) at game end.
    pub titles: i128,
    /// Followers towers took prisoner.
    pub captures: u64,
    /// Ransoms paid.
    pub ransoms: u64,
    /// Figures the dragon ate.
    pub eaten: u64,
    /// Fields' second count of besieged cities.
    pub besieged: i128,
    /// Followers that escaped besieged cities.
    pub escapes: u64,
    /// Shrine–cloister challenges lost.
    pub challenges: u64,
    /// Points of wind roses placed in their quarter.
    pub wind_roses: i128,
    /// Castles built.
    pub castles: u64,
    /// Bazaar auctions held.
    pub auctions: u64,
    /// Points paid to players at bazaars (what the bank took is not counted).
    pub bazaar_paid: i128,
    /// Points castles scored for their lords.
    pub castle_points: i128,
    /// Points of the barns at game end.
    pub barns: i128,
    /// Pig-herd bonuses.
    pub pig_herds: i128,
    /// The fairy's points.
    pub fairy: i128,
    /// Knights the princess sent home.
    pub princess: u64,
}

fn add(v: &mut Vec<i128>, i: usize, points: i64) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] = v[i].saturating_add(i128::from(points));
}

impl SourcesTally {
    /// Counts a finished game.
    pub fn count(&mut self, game: &Game<'_>) {
        self.second_turns += u64::from(game.second_turns());
        self.captures += u64::from(game.tower_captures());
        self.eaten += u64::from(game.dragon_eaten());
        self.escapes += u64::from(game.escapes());
        self.challenges += u64::from(game.challenges_lost());
        self.hill_ties += u64::from(game.hill_ties());
        let (draws, wolves, _) = game.flock_counts();
        self.sheep_draws += u64::from(draws);
        self.wolves += u64::from(wolves);
        self.castles += u64::from(game.castles_built());
        self.auctions += u64::from(game.bazaar_auctions());
        self.princess += u64::from(game.princess_removals());
        for e in game.events() {
            let p = e.points;
            match e.reason {
                Reason::Network {
                    kind, attributes, ..
                } => {
                    add(&mut self.kinds, usize::from(kind.0), p);
                    for a in 0..64 {
                        if attributes & (1 << a) != 0 {
                            add(&mut self.attributes, a, p);
                        }
                    }
                }
                Reason::Neighbourhood { kind, .. }
                | Reason::Farm { kind, .. }
                | Reason::YagaHut { kind, .. } => {
                    add(&mut self.kinds, usize::from(kind.0), p);
                }
                Reason::Recall { kind, .. } => {
                    add(&mut self.kinds, usize::from(kind.0), p);
                    self.recalls += 1;
                    self.recall_points = self.recall_points.saturating_add(i128::from(p));
                }
                Reason::Pig { .. } => self.pig = self.pig.saturating_add(i128::from(p)),
                Reason::WindRose { .. } => {
                    self.wind_roses = self.wind_roses.saturating_add(i128::from(p));
                }
                Reason::Besieged { .. } => {
                    self.besieged = self.besieged.saturating_add(i128::from(p));
                }
                Reason::Flock { .. } => self.flocks = self.flocks.saturating_add(i128::from(p)),
                Reason::Vineyard { .. } => {
                    self.vineyards = self.vineyards.saturating_add(i128::from(p));
                }
                Reason::PigHerd { .. } => {
                    self.pig_herds = self.pig_herds.saturating_add(i128::from(p))
                }
                Reason::Fairy { .. } => self.fairy = self.fairy.saturating_add(i128::from(p)),
                Reason::Goods { .. } => self.goods = self.goods.saturating_add(i128::from(p)),
                Reason::Gold { .. } => self.gold = self.gold.saturating_add(i128::from(p)),
                Reason::Title { .. } => self.titles = self.titles.saturating_add(i128::from(p)),
                Reason::Barn { .. } => self.barns = self.barns.saturating_add(i128::from(p)),
                Reason::Ransom { .. } => self.ransoms += u64::from(p < 0),
                Reason::Bazaar { .. } => {
                    self.bazaar_paid = self.bazaar_paid.saturating_add(i128::from(p.max(0)));
                }
                Reason::Castle { .. } => {
                    self.castle_points = self.castle_points.saturating_add(i128::from(p));
                }
                Reason::Circus { .. }
                | Reason::Pyramid { .. }
                | Reason::AcrobatsAtEnd { .. }
                | Reason::Ringmaster { .. }
                | Reason::Labyrinth { .. }
                | Reason::Watchtower { .. }
                | Reason::SpecialMonastery { .. }
                | Reason::Magic { .. }
                | Reason::Vodyanoy { .. }
                | Reason::CastleFarm { .. } => {}
                Reason::Darmstadtium | Reason::Church { .. } => {}
            }
        }
    }

    /// Adds another part's games.
    pub fn merge(&mut self, other: &SourcesTally) {
        for (i, &v) in other.kinds.iter().enumerate() {
            add128(&mut self.kinds, i, v);
        }
        for (i, &v) in other.attributes.iter().enumerate() {
            add128(&mut self.attributes, i, v);
        }
        self.pig = self.pig.saturating_add(other.pig);
        self.vineyards = self.vineyards.saturating_add(other.vineyards);
        self.hill_ties += other.hill_ties;
        self.flocks = self.flocks.saturating_add(other.flocks);
        self.sheep_draws += other.sheep_draws;
        self.wolves += other.wolves;
        self.goods = self.goods.saturating_add(other.goods);
        self.gold = self.gold.saturating_add(other.gold);
        self.recalls += other.recalls;
        self.recall_points = self.recall_points.saturating_add(other.recall_points);
        self.second_turns += other.second_turns;
        self.titles = self.titles.saturating_add(other.titles);
        self.captures += other.captures;
        self.ransoms += other.ransoms;
        self.eaten += other.eaten;
        self.besieged = self.besieged.saturating_add(other.besieged);
        self.escapes += other.escapes;
        self.challenges += other.challenges;
        self.wind_roses = self.wind_roses.saturating_add(other.wind_roses);
        self.castles += other.castles;
        self.auctions += other.auctions;
        self.bazaar_paid = self.bazaar_paid.saturating_add(other.bazaar_paid);
        self.castle_points = self.castle_points.saturating_add(other.castle_points);
        self.barns = self.barns.saturating_add(other.barns);
        self.pig_herds = self.pig_herds.saturating_add(other.pig_herds);
        self.fairy = self.fairy.saturating_add(other.fairy);
        self.princess += other.princess;
    }
}

fn add128(v: &mut Vec<i128>, i: usize, points: i128) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] = v[i].saturating_add(points);
}

/// Points per game from one named source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedRate {
    /// A feature kind or attribute id.
    pub name: String,
    /// Points per game, all players together.
    pub per_game: f64,
}

/// The sources of points of a simulation, per game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sources {
    /// Points of each feature kind that scored (cities, roads, cloisters,
    /// gardens, fields, a fan's canals), abbots taken back included.
    pub by_kind: Vec<NamedRate>,
    /// Points of roads and cities that carried an attribute (inn, cathedral).
    pub by_attribute: Vec<NamedRate>,
    /// Pig bonuses per game.
    pub pigs: f64,
    /// Vineyard bonuses per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub vineyards: f64,
    /// Points of flocks gathered per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub flocks: f64,
    /// Sheep and wolf tokens drawn per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub sheep_draws: f64,
    /// Wolves drawn per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub wolves: f64,
    /// Ties broken by a follower on a hill per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub hill_ties: f64,
    /// Goods majorities per game.
    pub goods: f64,
    /// Gold bars' points per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub gold: f64,
    /// Abbots taken back per game.
    pub recalls: f64,
    /// Points of abbots taken back per game.
    pub recall_points: f64,
    /// Builder's second turns per game.
    pub second_turns: f64,
    /// Points of the titles (the king, the robber) per game.
    pub titles: f64,
    /// Followers taken prisoner by towers per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub captures: f64,
    /// Ransoms paid per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub ransoms: f64,
    /// Figures the dragon ate per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub eaten: f64,
    /// Points of fields counting besieged cities twice, per game (left out
    /// when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub besieged: f64,
    /// Followers that escaped besieged cities per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub escapes: f64,
    /// Shrine–cloister challenges lost per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub challenges: f64,
    /// Points of wind roses in their quarter per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub wind_roses: f64,
    /// Bazaar auctions per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub auctions: f64,
    /// Points paid from player to player at bazaars per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub bazaar_paid: f64,
    /// Castles built per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub castles: f64,
    /// Points castles scored per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub castle_points: f64,
    /// Points of the barns at game end per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub barns: f64,
    /// Pig-herd bonuses per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub pig_herds: f64,
    /// The fairy's points per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub fairy: f64,
    /// Knights the princess sent home per game (left out when none).
    #[serde(skip_serializing_if = "is_zero")]
    pub princess: f64,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(v: &f64) -> bool {
    *v == 0.0
}

#[allow(clippy::cast_precision_loss)]
fn per_game(v: i128, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        round6(v as f64 / games as f64)
    }
}

/// Summarises the sources of a tally of `games` games.
#[must_use]
pub fn summary(rules: &Ruleset, t: &SourcesTally, games: u64) -> Sources {
    let named = |v: &[i128], name: &dyn Fn(usize) -> String| {
        v.iter()
            .enumerate()
            .filter(|(_, &p)| p != 0)
            .map(|(i, &p)| NamedRate {
                name: name(i),
                per_game: per_game(p, games),
            })
            .collect()
    };
    Sources {
        by_kind: named(&t.kinds, &|i| {
            rules
                .feature_kind_name(FeatureKindId(u8::try_from(i).unwrap_or(u8::MAX)))
                .to_string()
        }),
        by_attribute: named(&t.attributes, &|i| {
            rules
                .attribute_name(u8::try_from(i).unwrap_or(u8::MAX))
                .to_string()
        }),
        pigs: per_game(t.pig, games),
        vineyards: per_game(t.vineyards, games),
        hill_ties: per_game(i128::from(t.hill_ties), games),
        flocks: per_game(t.flocks, games),
        sheep_draws: per_game(i128::from(t.sheep_draws), games),
        wolves: per_game(i128::from(t.wolves), games),
        goods: per_game(t.goods, games),
        gold: per_game(t.gold, games),
        recalls: per_game(i128::from(t.recalls), games),
        recall_points: per_game(t.recall_points, games),
        second_turns: per_game(i128::from(t.second_turns), games),
        titles: per_game(t.titles, games),
        captures: per_game(i128::from(t.captures), games),
        ransoms: per_game(i128::from(t.ransoms), games),
        eaten: per_game(i128::from(t.eaten), games),
        besieged: per_game(t.besieged, games),
        escapes: per_game(i128::from(t.escapes), games),
        challenges: per_game(i128::from(t.challenges), games),
        wind_roses: per_game(t.wind_roses, games),
        castles: per_game(i128::from(t.castles), games),
        auctions: per_game(i128::from(t.auctions), games),
        bazaar_paid: per_game(t.bazaar_paid, games),
        castle_points: per_game(t.castle_points, games),
        barns: per_game(t.barns, games),
        pig_herds: per_game(t.pig_herds, games),
        fairy: per_game(t.fairy, games),
        princess: per_game(i128::from(t.princess), games),
    }
}

/// The sources section of the text report.
pub fn text(out: &mut String, s: &Sources) {
    out.push_str("\nSources of points per game, all players together\n\n");
    let mut t = Table::new(&["source", "points per game"]);
    for k in &s.by_kind {
        t.row(vec![k.name.clone(), small(k.per_game, 2)]);
    }
    for a in &s.by_attribute {
        t.row(vec![format!("with {}", a.name), small(a.per_game, 2)]);
    }
    if s.pigs != 0.0 {
        t.row(vec!["pigs".into(), small(s.pigs, 2)]);
    }
    if s.pig_herds != 0.0 {
        t.row(vec!["pig herds".into(), small(s.pig_herds, 2)]);
    }
    if s.goods != 0.0 {
        t.row(vec!["goods".into(), small(s.goods, 2)]);
    }
    if s.flocks != 0.0 {
        t.row(vec!["flocks".into(), small(s.flocks, 2)]);
    }
    if s.vineyards != 0.0 {
        t.row(vec!["vineyards".into(), small(s.vineyards, 2)]);
    }
    if s.gold != 0.0 {
        t.row(vec!["gold".into(), small(s.gold, 2)]);
    }
    if s.fairy != 0.0 {
        t.row(vec!["fairy".into(), small(s.fairy, 2)]);
    }
    if s.titles != 0.0 {
        t.row(vec!["king and robber".into(), small(s.titles, 2)]);
    }
    if s.wind_roses != 0.0 {
        t.row(vec!["wind roses".into(), small(s.wind_roses, 2)]);
    }
    if s.besieged != 0.0 {
        t.row(vec![
            "fields, besieged cities twice".into(),
            small(s.besieged, 2),
        ]);
    }
    if s.castle_points != 0.0 {
        t.row(vec!["castles".into(), small(s.castle_points, 2)]);
    }
    if s.barns != 0.0 {
        t.row(vec!["barns".into(), small(s.barns, 2)]);
    }
    out.push_str(&t.render());
    if s.recalls != 0.0 {
        let _ = writeln!(
            out,
            "Abbots taken back: {} per game, {} points per game",
            small(s.recalls, 2),
            small(s.recall_points, 2)
        );
    }
    if s.second_turns != 0.0 {
        let _ = writeln!(
            out,
            "Builder's second turns: {} per game",
            small(s.second_turns, 2)
        );
    }
    if s.captures != 0.0 || s.ransoms != 0.0 {
        let _ = writeln!(
            out,
            "Tower captures: {} per game; ransoms paid: {} per game",
            small(s.captures, 2),
            small(s.ransoms, 2)
        );
    }
    if s.escapes != 0.0 {
        let _ = writeln!(
            out,
            "Escapes from besieged cities: {} per game",
            small(s.escapes, 2)
        );
    }
    if s.challenges != 0.0 {
        let _ = writeln!(
            out,
            "Shrine and cloister challenges lost: {} per game",
            small(s.challenges, 2)
        );
    }
    if s.sheep_draws != 0.0 {
        let _ = writeln!(
            out,
            "Sheep and wolf tokens drawn: {} per game, wolves {} per game",
            small(s.sheep_draws, 2),
            small(s.wolves, 2)
        );
    }
    if s.hill_ties != 0.0 {
        let _ = writeln!(
            out,
            "Ties broken by a follower on a hill: {} per game",
            small(s.hill_ties, 2)
        );
    }
    if s.castles != 0.0 {
        let _ = writeln!(
            out,
            "Castles built: {} per game, {} points per game",
            small(s.castles, 2),
            small(s.castle_points, 2)
        );
    }
    if s.auctions != 0.0 {
        let _ = writeln!(
            out,
            "Bazaar auctions: {} per game; points paid between players: {} per game",
            small(s.auctions, 2),
            small(s.bazaar_paid, 2)
        );
    }
    if s.eaten != 0.0 {
        let _ = writeln!(
            out,
            "Figures the dragon ate: {} per game",
            small(s.eaten, 2)
        );
    }
    if s.princess != 0.0 {
        let _ = writeln!(
            out,
            "Knights the princess sent home: {} per game",
            small(s.princess, 2)
        );
    }
}
