//! A `.jcz` save → a game log: the setup's tile sets become our expansions
//! (an element or rule we do not play is an error naming it), each turn's
//! messages become one log entry, checked by our engine as it is built (a
//! move on an occupied square stops the import with the message's number),
//! tiles the draw order skipped become discards, and a builder's second turn,
//! which JCZ always gives, is marked.

use std::collections::BTreeSet;

use serde_json::Value;

use super::format::Save;
use super::names;
use super::pointers;
use super::sheep;
use crate::emit::wire::{Tile, TileSet};
use crate::engine::log::{
    AcrobatLog, CaptureLog, CropActionLog, CropLog, CropResponseLog, FeatureLog, FerryLog,
    FlightLog, FlockLog, GameLog, MagicLog, MeepleLog, PosLog, RansomLog, RecallLog,
    SecondActionLog, StartLog, TowerLog, TunnelLog, TurnLog, FORMAT, VERSION,
};
use crate::engine::replay::{play_entry, play_entry_observed};
use crate::engine::{Game, Placement, Ruleset, MAX_PLAYERS};

/// The expansions a save's setup names, in our order.
///
/// # Errors
/// A tile set, element or rule tileforge does not play (named).
pub fn expansions(save: &Save) -> Result<Vec<String>, String> {
    let mut chosen: BTreeSet<usize> = BTreeSet::new();
    for (set, copies) in &save.setup.sets {
        let e = names::by_set(set).ok_or_else(|| {
            format!(
                "tile set `{}` is not one tileforge plays",
                set.escape_debug()
            )
        })?;
        if copies.as_u64() != Some(1) {
            return Err(format!(
                "tile set `{set}` is in play {copies} times; tileforge plays one copy of each"
            ));
        }
        chosen.extend(names::EXPANSIONS.iter().position(|x| x.ours == e.ours));
        if let Some(r) = e.replaces {
            chosen.extend(names::EXPANSIONS.iter().position(|x| x.set == Some(r)));
        }
    }
    for element in save.setup.elements.keys() {
        let allowed = |chosen: &BTreeSet<usize>| {
            names::IMPLIED_ELEMENTS.contains(&element.as_str())
                || chosen.iter().any(|&i| {
                    names::EXPANSIONS[i]
                        .elements
                        .iter()
                        .any(|(n, _)| n == element)
                })
        };
        if allowed(&chosen) || names::INERT_ELEMENTS.contains(&element.as_str()) {
            continue;
        }
        // A figure JCZ adds by element alone (the pig without Traders &
        // Builders' tiles): the expansion that brings it here.
        let Some(i) = names::EXPANSIONS.iter().position(|e| {
            e.replaces.is_none()
                && e.elements
                    .iter()
                    .any(|(n, c)| n == element && (c.is_some() || names::is_figure_element(n)))
        }) else {
            return Err(format!(
                "element `{}` is not one tileforge plays with these tile sets",
                element.escape_debug()
            ));
        };
        chosen.insert(i);
    }
    // The rules the export writes, which are how tileforge plays.
    let ours = |rule: &str, value: &serde_json::Value| {
        OUR_RULES
            .iter()
            .any(|(r, v)| *r == rule && value.as_str() == Some(v))
            // Checked against the tile set by `check_variants`.
            || (rule == "more-tunnel-tokens"
                && names::TUNNEL_TOKENS
                    .iter()
                    .any(|(r, _)| value.as_str() == Some(r)))
            || (rule == "tunnelize-other-expansions" && value.is_boolean())
    };
    if let Some((rule, value)) = save.setup.rules.iter().find(|(r, v)| !ours(r, v)) {
        return Err(format!(
            "rule `{}` = {value} differs from JCloisterZone's default; tileforge plays the defaults only",
            rule.escape_debug()
        ));
    }
    Ok(chosen
        .into_iter()
        .map(|i| names::EXPANSIONS[i].ours.to_string())
        .collect())
}

/// JCZ rules set away from its defaults that tileforge plays that way:
/// the escape next to a besieged tile, the special monasteries added to the
/// base game's cloisters, the dragon moving after scoring, the wagon's
/// move by either edition (checked against the tile set's `wagon.by-road`
/// by [`import`]; [`expansions_with`] brings in the tile set's expansion
/// that plays the first edition's). The Tunnel's `more-tunnel-tokens` and
/// `tunnelize-other-expansions` are read too, and checked against the tile
/// set by [`import`].
const OUR_RULES: &[(&str, &str)] = &[
    ("espace-variant", "siege-tile"),
    ("keep-monasteries", "keep"),
    ("dragon-move", "after-scoring"),
    ("wagon-move", "C2"),
    ("wagon-move", "C1"),
];

/// [`expansions`], and the expansions of `set` a JCZ rule variant of the
/// save needs: `wagon-move` `C1` (the first edition's wagon, along the
/// roads) plays with an expansion of the tile set that sets
/// `wagon.by-road` 1 and requires nothing outside the game (the engine
/// tests' `wagon-by-road`).
///
/// # Errors
/// As [`expansions`]; `C1` with no such expansion in the tile set.
pub fn expansions_with(set: &TileSet, save: &Save) -> Result<Vec<String>, String> {
    let mut out = expansions(save)?;
    if save.setup.rules.get("wagon-move").and_then(Value::as_str) == Some("C1") {
        let variant = set
            .expansions
            .iter()
            .find(|e| {
                e.rules.get("wagon.by-road") == Some(&1)
                    && e.requires.iter().all(|r| out.contains(r))
            })
            .ok_or(
                "rule `wagon-move` = \"C1\" (the first edition's wagon, along the roads) needs a tile set with an expansion setting `wagon.by-road` 1; the shipped sets play JCloisterZone's C2",
            )?;
        if !out.contains(&variant.id) {
            out.push(variant.id.clone());
        }
    }
    Ok(out)
}

/// The save's `wagon-move`, `dragon-move` and tunnel rules against how the
/// ruleset plays.
fn check_variants(set: &TileSet, rules: &Ruleset, save: &Save) -> Result<(), String> {
    let by_road = names::wagon_by_road(set, rules);
    let wagon = save.setup.rules.get("wagon-move").and_then(Value::as_str);
    if rules.figure("wagon").is_some() && (wagon == Some("C1")) != by_road {
        return Err(format!(
            "rule `wagon-move` = {} but the tile set's wagon moves {}",
            wagon.unwrap_or("C2 (JCloisterZone's default)"),
            if by_road {
                "along the roads (`wagon.by-road` 1, JCloisterZone's C1)"
            } else {
                "onto its tile or the eight around (`wagon.by-road` 0, JCloisterZone's C2)"
            }
        ));
    }
    if save.setup.sets.contains_key("tunnel") {
        // JCZ's engine reads a save without the rule as `2/1`.
        let theirs = save
            .setup
            .rules
            .get("more-tunnel-tokens")
            .and_then(Value::as_str)
            .unwrap_or("2/1");
        let ours = names::tunnel_tokens(set, rules)?;
        if ours.is_some_and(|o| o != theirs) {
            return Err(format!(
                "rule `more-tunnel-tokens` = \"{theirs}\" but the tile set deals tunnel tokens as JCloisterZone's \"{}\"",
                ours.unwrap_or_default()
            ));
        }
        let tunnelized = save
            .setup
            .rules
            .get("tunnelize-other-expansions")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if let Some(t) = set.tiles.iter().find(|t| {
            tunnelized
                && !t.id.starts_with("the-tunnel/")
                && rules.kind(&t.id).is_some()
                && t.features
                    .iter()
                    .any(|f| f.attributes.contains_key("tunnel"))
        }) {
            return Err(format!(
                "rule `tunnelize-other-expansions` is on: JCloisterZone opens the tunnel of {} into two tunnel openings, which tileforge plays as one road (docs/rules.md)",
                t.id
            ));
        }
    }
    if save.setup.elements.contains_key("dragon")
        && save.setup.rules.get("dragon-move").and_then(Value::as_str) != Some("after-scoring")
    {
        return Err(
            "the dragon moves before scoring in this save (rule `dragon-move` is not \"after-scoring\"); tileforge moves it once the turn is scored".into(),
        );
    }
    Ok(())
}

/// Our tile of a JCZ id, among the expansions in play.
fn our_tile(rules: &Ruleset, jcz: &str) -> Result<String, String> {
    names::our_tiles(jcz)
        .into_iter()
        .find(|t| rules.kind(t).is_some())
        .ok_or_else(|| {
            format!(
                "unknown tile id `{}` (not a tile of the expansions in play: {})",
                jcz.escape_debug(),
                rules.expansions().join(", ")
            )
        })
}

/// A turn being read.
struct Pending {
    turn: TurnLog,
    /// A flight waiting for its landing (figure, roll).
    flying: bool,
    /// The player whose turn it is.
    player: usize,
    /// The turn's own COMMIT came: what follows is the crop circle's.
    committed: bool,
    /// The turn before the figure action's last DEPLOY_MEEPLE, which an
    /// UNDO right after it restores.
    undo: Option<TurnLog>,
    /// After the COMMIT: each wagon's move, or a PASS (a wagon staying
    /// home, or a player passing the final round of abbeys).
    post: Vec<Option<FeatureLog>>,
    /// The figure action was taken (a PASS after it declines a castle).
    acted: bool,
    /// A bazaar's auction after the turn, being read.
    auction: Option<Auction>,
    /// A PASS came before any figure action: the figure action's, or a
    /// castle declined when JCZ offered no figure action (`finish` tells).
    first_pass: bool,
    /// JCZ's castle decisions after the figure action: a castle on the
    /// city named (square, our feature), or `None`, a PASS.
    castles: Vec<Option<(i32, i32, String)>>,
    /// A ferry was placed or moved: a PASS now ends the ferry moves.
    ferry_open: bool,
}

/// A bazaar's auction as its messages come: the log it makes, and enough of
/// the auction to tell a round's opening bid from a raise.
struct Auction {
    log: crate::engine::log::BazaarLog,
    players: usize,
    /// Each tile's owner so far.
    owners: Vec<Option<usize>>,
    /// The player choosing a tile now.
    chooser: usize,
    /// The round under way: the highest bidder and the player asked next
    /// (the chooser when bidding is over).
    round: Option<(usize, usize)>,
}

impl Auction {
    fn new(tiles: Vec<String>, players: usize, active: usize) -> Auction {
        Auction {
            owners: vec![None; tiles.len()],
            log: crate::engine::log::BazaarLog {
                tiles,
                rounds: Vec::new(),
            },
            players,
            chooser: (active + 1) % players,
            round: None,
        }
    }

    fn holds(&self, p: usize) -> bool {
        self.owners.contains(&Some(p))
    }

    /// The player asked after `p`: the next without a tile, or the chooser.
    fn next_bidder(&self, p: usize) -> usize {
        let mut q = (p + 1) % self.players;
        while q != self.chooser && self.holds(q) {
            q = (q + 1) % self.players;
        }
        q
    }

    /// Whether the next message is a bid or pass of a round under way.
    fn bidding(&self) -> bool {
        self.round.is_some_and(|(_, next)| next != self.chooser)
    }

    /// A `BAZAAR_BID`: a round's opening (a tile chosen) or a raise.
    fn bid(&mut self, tile: usize, price: i64) -> Result<(), String> {
        if let Some((_, next)) = self.round.filter(|_| self.bidding()) {
            let round = self.log.rounds.last_mut().ok_or("a raise with no round")?;
            if usize::from(round.tile) != tile {
                return Err(format!(
                    "a raise for tile {tile} while tile {} is auctioned",
                    round.tile
                ));
            }
            round.raises.push(Some(price));
            self.round = Some((next, self.next_bidder(next)));
        } else if self.round.is_none() {
            if self.owners.get(tile).is_none_or(Option::is_some) {
                return Err(format!(
                    "tile {tile} of the bazaar is not one left to choose"
                ));
            }
            self.log.rounds.push(crate::engine::log::BazaarRoundLog {
                tile: u8::try_from(tile).map_err(|_| "no such tile")?,
                bid: price,
                raises: Vec::new(),
                sell: None,
            });
            self.round = Some((self.chooser, self.next_bidder(self.chooser)));
        } else {
            return Err("a bid when the chooser buys or sells".into());
        }
        self.settle_if_over();
        Ok(())
    }

    /// A `PASS` of a bidder.
    fn pass(&mut self) -> Result<(), String> {
        let (bidder, next) = self.round.ok_or("no round under way")?;
        let round = self.log.rounds.last_mut().ok_or("no round under way")?;
        round.raises.push(None);
        self.round = Some((bidder, self.next_bidder(next)));
        self.settle_if_over();
        Ok(())
    }

    /// Bidding is over with the chooser's own bid standing: the chooser buys.
    fn settle_if_over(&mut self) {
        if self.round == Some((self.chooser, self.chooser)) {
            self.settle(self.chooser);
        }
    }

    /// A `BAZAAR_BUY_OR_SELL` of the outbid chooser.
    fn buy_or_sell(&mut self, sell: bool) -> Result<(), String> {
        match self.round {
            Some((bidder, next)) if next == self.chooser && bidder != self.chooser => {
                if let Some(r) = self.log.rounds.last_mut() {
                    r.sell = Some(sell);
                }
                self.settle(if sell { bidder } else { self.chooser });
                Ok(())
            }
            _ => Err("a buy or sell when no chooser was outbid".into()),
        }
    }

    /// The round's tile goes to `owner`; the next chooser is the next player
    /// without a tile, who takes the last tile when one is left.
    fn settle(&mut self, owner: usize) {
        let Some(r) = self.log.rounds.last() else {
            return;
        };
        self.owners[usize::from(r.tile)] = Some(owner);
        self.round = None;
        let mut p = (self.chooser + 1) % self.players;
        while self.holds(p) && p != self.chooser {
            p = (p + 1) % self.players;
        }
        self.chooser = p;
        let left: Vec<usize> = (0..self.owners.len())
            .filter(|&i| self.owners[i].is_none())
            .collect();
        if let [last] = left.as_slice() {
            self.owners[*last] = Some(p);
        }
    }
}

/// Applies a finished turn to the game and keeps it.
fn finish(
    game: &mut Game<'_>,
    cur: Pending,
    turns: &mut Vec<TurnLog>,
    players: &[String],
) -> Result<usize, String> {
    if !cur.committed {
        return Err("a turn without its COMMIT".into());
    }
    let mut turn = cur.turn;
    if let Some(a) = cur.auction {
        turn.bazaar = Some(a.log);
    }
    let mut castles = cur.castles;
    if castles.first().is_some_and(Option::is_none)
        && turn.tunnel.is_none()
        && tunnel_offered(game, &turn, players)
    {
        // The first PASS after the figure action is JCZ's tunnel phase's:
        // the token not put down.
        castles.remove(0);
    }
    castle_answers(game, &mut turn, &castles, cur.first_pass, players)?;
    // A dragon tile whose dragon has nowhere to step: JCZ records no step,
    // the log an empty list.
    if turn.dragon.is_none()
        && game.dragon_at().is_some()
        && game
            .rules()
            .kind(&turn.tile)
            .is_some_and(|k| game.shows_dragon(k))
    {
        turn.dragon = Some(Vec::new());
    }
    // The PASSes after the COMMIT: the wagons' decisions first, then the
    // final round of abbeys' passes; the engine knows how many wagons are
    // due, so the split is the one that plays.
    let post = cur.post;
    let trailing = post.iter().rev().take_while(|p| p.is_none()).count();
    let mut leftover = 0;
    if post.is_empty() {
        play_bridged(game, &mut turn, players)
            .map_err(|e| format!("turn {} is illegal here: {e}", turns.len() + 1))?;
    } else {
        let mut played = None;
        for t in 0..=trailing {
            let list = &post[..post.len() - t];
            turn.wagon = (!list.is_empty()).then(|| list.to_vec());
            let mut g = game.clone();
            if play_bridged(&mut g, &mut turn, players).is_ok() {
                played = Some(g);
                leftover = t;
                break;
            }
        }
        match played {
            Some(g) => *game = g,
            None => {
                turn.wagon = Some(post);
                play_bridged(game, &mut turn, players)
                    .map_err(|e| format!("turn {} is illegal here: {e}", turns.len() + 1))?;
            }
        }
    }
    crate::engine::random::record_goods(game, &mut turn);
    turns.push(turn);
    Ok(leftover)
}

/// Whether the turn's player may put down a tunnel token once the tile is
/// placed, and its bridge (JCZ then asks again after the figure action).
fn tunnel_offered(game: &Game<'_>, turn: &TurnLog, players: &[String]) -> bool {
    let mut t = turn.clone();
    t.castle = None;
    t.wagon = None;
    // The bridge the placement needs, which JCZ's save does not name.
    let _ = play_bridged(&mut game.clone(), &mut t, players);
    let bridge = t
        .bridge
        .as_ref()
        .map(|b| crate::engine::MeepleAction::Bridge {
            x: b.x,
            y: b.y,
            axis: u8::from(b.axis == "E-W"),
        });
    let mut offered = false;
    let _ = play_entry_observed(&mut game.clone(), &t, players, &mut |step, g| {
        if step != crate::engine::replay::Step::Placed {
            return;
        }
        let mut g = g.clone();
        if let Some(b) = &bridge {
            let _ = g.apply(&crate::engine::Move::Figure(*b));
        }
        offered |= g
            .legal_meeple_actions()
            .iter()
            .any(|a| matches!(a, crate::engine::MeepleAction::Tunnel { .. }));
    });
    offered
}

/// A city's piece: its square and feature.
type Piece = (i32, i32, u8);

/// The entry's `castle` answers from JCZ's castle decisions: the answers
/// (one per small city offered) that JCZ asks about as the messages say
/// (`names::castle_decisions`), the cities it does not ask declined. A
/// lone PASS with no figure action offered may be a castle's.
fn castle_answers(
    game: &Game<'_>,
    turn: &mut TurnLog,
    said: &[Option<(i32, i32, String)>],
    first_pass: bool,
    players: &[String],
) -> Result<(), String> {
    let rules = game.rules();
    if rules.figure("castle").is_none() {
        return Ok(());
    }
    let (Some(x), Some(y)) = (turn.x, turn.y) else {
        return Ok(());
    };
    let kind = rules.kind(&turn.tile).ok_or("unknown tile")?;
    let rotation = turn.rotation.unwrap_or(0);
    let wanted: Vec<Option<Piece>> = said
        .iter()
        .map(|d| {
            d.as_ref().and_then(|(cx, cy, name)| {
                let (k, r) = if (*cx, *cy) == (x, y) {
                    (kind, rotation)
                } else {
                    game.tile_at(*cx, *cy)?
                };
                rules.feature_named(k, r, name).map(|f| (*cx, *cy, f))
            })
        })
        .collect();
    // The offers of a play with `answers`: (owner, pieces), and whether it played.
    let offers = |answers: &[bool]| {
        let mut t = turn.clone();
        // None: every city declined, to count the offers.
        t.castle = (!answers.is_empty()).then(|| answers.to_vec());
        // The wagons' moves are not known yet: only the castles matter.
        t.wagon = None;
        let mut seen = Vec::new();
        let mut g = game.clone();
        let ok = play_bridged_observed(&mut g, &mut t, players, &mut |step, g| {
            if step == crate::engine::replay::Step::Castle {
                if let Some((owner, _, _)) = g.castle_offer() {
                    seen.push((owner, g.castle_offer_pieces()));
                }
            }
        });
        (seen, ok.is_ok() || ok.is_err_and(|e| !e.contains("castle")))
    };
    let n = offers(&[]).0.len();
    if n == 0 {
        return Ok(());
    }
    let alternatives: &[&[Option<Piece>]] = if said.is_empty() && first_pass {
        &[&[None], &[]]
    } else {
        &[&wanted]
    };
    for want in alternatives {
        for mask in 0..(1u32 << n.min(8)) {
            let answers: Vec<bool> = (0..n).map(|i| mask & (1 << i) != 0).collect();
            let (seen, ok) = offers(&answers);
            if !ok || seen.len() != n {
                continue;
            }
            let asked: Vec<(usize, bool)> = seen
                .iter()
                .zip(&answers)
                .map(|((o, _), b)| (*o, *b))
                .collect();
            let Ok(decisions) = names::castle_decisions(&asked) else {
                continue;
            };
            let same = decisions.len() == want.len()
                && decisions
                    .iter()
                    .zip(want.iter())
                    .all(|(d, w)| match (d, w) {
                        (None, None) => true,
                        (Some(i), Some(c)) => seen[*i].1.contains(c),
                        _ => false,
                    });
            if same {
                turn.castle = Some(answers);
                return Ok(());
            }
        }
    }
    Err("no castle answers give JCZ's castle decisions".into())
}

/// Plays an entry; one that does not fit without a bridge and names none
/// gets the bridge JCZ's placement carried (a placement that needs a
/// bridge puts it with the tile, no message of its own): the first across
/// the tile or a neighbour, north–south before east–west, that plays.
fn play_bridged(game: &mut Game<'_>, turn: &mut TurnLog, players: &[String]) -> Result<(), String> {
    play_bridged_observed(game, turn, players, &mut |_, _| {})
}

/// [`play_bridged`], showing the game as [`play_entry_observed`] does.
fn play_bridged_observed<'r>(
    game: &mut Game<'r>,
    turn: &mut TurnLog,
    players: &[String],
    observe: &mut dyn FnMut(crate::engine::replay::Step, &Game<'r>),
) -> Result<(), String> {
    let first = match play_entry(&mut game.clone(), turn, players) {
        Ok(()) => return play_entry_observed(game, turn, players, observe),
        Err(e) => e,
    };
    let (Some(x), Some(y)) = (turn.x, turn.y) else {
        return Err(first);
    };
    if turn.bridge.is_some() || game.rules().figure("bridge").is_none() {
        return Err(first);
    }
    for (bx, by) in [(x, y), (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)] {
        for axis in ["N-S", "E-W"] {
            let mut t = turn.clone();
            t.bridge = Some(crate::engine::log::BridgeLog {
                x: bx,
                y: by,
                axis: axis.into(),
            });
            if play_entry(&mut game.clone(), &t, players).is_ok() {
                *turn = t;
                return play_entry_observed(game, turn, players, observe);
            }
        }
    }
    Err(first)
}

/// Who plays an abbey once the bag is empty: from the player to move,
/// each player holding an abbey before them passed (`passes` PASSes).
fn final_round_player(game: &Game<'_>, mut passes: usize) -> usize {
    let n = game.players();
    let mut q = game.active_player();
    for _ in 0..n {
        if game.abbeys_held(q) > 0 {
            if passes == 0 {
                return q;
            }
            passes -= 1;
        }
        q = (q + 1) % n;
    }
    q
}

/// Imports a save with a ruleset prepared for [`expansions`] of it.
///
/// # Errors
/// A message that is malformed, names what tileforge does not play, or is
/// illegal in our engine: the message's number and why.
pub fn import(set: &TileSet, rules: &Ruleset, save: &Save) -> Result<GameLog, String> {
    let players: Vec<String> = save.players.iter().map(|p| p.name.clone()).collect();
    if players.is_empty() || players.len() > MAX_PLAYERS {
        return Err(format!(
            "the save has {} players; tileforge plays 1 to {MAX_PLAYERS}",
            players.len()
        ));
    }
    for (name, v) in &save.setup.elements {
        if let Some(f) = figure_of_element(name) {
            let want = rules.figure(f).map_or(0, |id| rules.figure_per_player(id));
            if v.as_u64() != Some(u64::from(want)) {
                return Err(format!(
                    "element `{name}` is {v}; the tile set gives each player {want}"
                ));
            }
        }
    }
    check_variants(set, rules, save)?;
    let start = start(rules, save)?;
    let mut game = match &start {
        None => Game::new(rules, players.len()),
        Some(s) => {
            let kind = rules.kind(&s.tile).ok_or("unknown start tile")?;
            Game::with_start(
                rules,
                players.len(),
                kind,
                Placement {
                    x: s.x,
                    y: s.y,
                    rotation: s.rotation,
                },
            )
        }
    }
    .map_err(|e| format!("setup: {}", e.0))?;
    let tiles: std::collections::HashMap<&str, &Tile> =
        set.tiles.iter().map(|t| (t.id.as_str(), t)).collect();
    let draw = &save.game_annotations.draw_order;
    let mut drawn = 0usize;
    let mut turns: Vec<TurnLog> = Vec::new();
    let mut pending: Option<Pending> = None;
    let tokens = tokens(set, rules, save)?;
    let mut placed = 0usize;
    // Who holds each follower a tower took (JCZ's meeple id → the holder),
    // and the ransom paid before the next tile.
    let mut prisoners: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut ransom: Option<RansomLog> = None;
    // JCZ's random generator as the flocks draw from it: each message's
    // `random` sets it, each draw steps it.
    let mut rng = save.initial_random;
    for (index, m) in save.replay.iter().enumerate() {
        let at = |why: String| format!("message {} ({}): {why}", index + 1, m.kind.escape_debug());
        let p = &m.payload;
        if let Some(r) = p.get("random").and_then(Value::as_f64) {
            rng = r;
        }
        if m.kind != "UNDO" {
            if let Some(cur) = pending.as_mut() {
                if m.kind != "DEPLOY_MEEPLE" || cur.committed {
                    cur.undo = None;
                }
            }
        }
        match m.kind.as_str() {
            "PLACE_TILE" => {
                let mut passes = 0;
                if let Some(cur) = pending.take() {
                    passes = finish(&mut game, cur, &mut turns, &players).map_err(&at)?;
                }
                let jcz = text(p, "tileId").map_err(&at)?;
                let tile = our_tile(rules, jcz).map_err(&at)?;
                // A tile won at a bazaar that fits nowhere: JCZ discards it
                // unannounced and the player draws.
                if let Some(k) = game.bazaar_tile().filter(|k| rules.kind_id(*k) != tile) {
                    let discard = TurnLog {
                        tile: rules.kind_id(k).to_string(),
                        discard: true,
                        ..TurnLog::default()
                    };
                    play_entry(&mut game, &discard, &players).map_err(|e| {
                        at(format!(
                            "the tile won at the bazaar, not played, is not a discard here: {e}"
                        ))
                    })?;
                    turns.push(discard);
                }
                // A held tile (the abbey) is played instead of a draw, and
                // so is a tile won at a bazaar.
                let held = tiles.get(tile.as_str()).is_some_and(|t| t.held)
                    || game.bazaar_tile().is_some_and(|k| rules.kind_id(k) == tile);
                while let Some(d) = draw.get(drawn).filter(|_| !held) {
                    if d == jcz || d == "#END" {
                        break;
                    }
                    let tile = our_tile(rules, d).map_err(&at)?;
                    let discard = TurnLog {
                        tile,
                        discard: true,
                        ..TurnLog::default()
                    };
                    play_entry(&mut game, &discard, &players)
                        .map_err(|e| at(format!("the draw order's `{d}`, skipped by JCloisterZone, is not a discard here: {e}")))?;
                    turns.push(discard);
                    drawn += 1;
                }
                if !held && draw.get(drawn).is_some_and(|d| d == jcz) {
                    drawn += 1;
                }
                let (x, y) = position(p.get("position")).map_err(&at)?;
                let rotation = names::rotation_of(text(p, "rotation").map_err(&at)?)
                    .ok_or_else(|| at("`rotation` is not R0, R90, R180 or R270".into()))?;
                let token = tokens.get(placed).cloned().flatten();
                placed += 1;
                pending = Some(Pending {
                    turn: TurnLog {
                        tile,
                        x: Some(x),
                        y: Some(y),
                        rotation: Some(rotation),
                        second_turn: game.second_turn_due(),
                        // The final round of abbeys names who plays each.
                        player: (held && game.bag_is_empty())
                            .then(|| final_round_player(&game, passes)),
                        token,
                        ransom: ransom.take(),
                        ..TurnLog::default()
                    },
                    flying: false,
                    player: game.active_player(),
                    committed: false,
                    undo: None,
                    post: Vec::new(),
                    acted: false,
                    auction: None,
                    first_pass: false,
                    castles: Vec::new(),
                    ferry_open: false,
                });
            }
            "DEPLOY_MEEPLE" => {
                let cur = pending
                    .as_mut()
                    .ok_or_else(|| at("a figure deployed before any tile".into()))?;
                let wagon =
                    text(p, "meepleId").is_ok_and(|id| id.split('.').nth(1) == Some("wagon"));
                if cur.committed && cur.turn.crop.is_none() && wagon {
                    wagon_move(rules, &tiles, &game, cur, p).map_err(&at)?;
                } else if cur.committed {
                    crop_response(rules, &tiles, &game, cur, p, false).map_err(&at)?;
                } else {
                    deploy(rules, &tiles, &game, cur, p).map_err(&at)?;
                    cur.acted = !cur.flying;
                    let shepherd = text(p, "meepleId")
                        .is_ok_and(|id| id.split('.').nth(1) == Some("shepherd"));
                    if shepherd {
                        // A shepherd placed draws at once, with this
                        // message's random number (or the generator's).
                        let draw = flock_draw(set, &game, cur, &mut rng).map_err(&at)?;
                        cur.turn.flock.get_or_insert_with(Vec::new).push(FlockLog {
                            draw: Some(draw),
                            gather: false,
                        });
                    }
                }
            }
            "FLOCK_EXPAND_OR_SCORE" => {
                let cur = pending
                    .as_mut()
                    .filter(|c| !c.committed)
                    .ok_or_else(|| at("a flock decision outside a turn's actions".into()))?;
                let item = match text(p, "value").map_err(&at)? {
                    "EXPAND" => FlockLog {
                        draw: Some(flock_draw(set, &game, cur, &mut rng).map_err(&at)?),
                        gather: false,
                    },
                    "SCORE" => FlockLog {
                        draw: None,
                        gather: true,
                    },
                    other => {
                        return Err(at(format!(
                            "`{}` is neither EXPAND nor SCORE",
                            other.escape_debug()
                        )))
                    }
                };
                cur.turn.flock.get_or_insert_with(Vec::new).push(item);
            }
            "CIRCLE_REMOVE_OR_DEPLOY" => {
                let cur = pending
                    .as_mut()
                    .filter(|c| c.committed)
                    .ok_or_else(|| at("a crop circle's choice outside a turn's end".into()))?;
                let action = match text(p, "value").map_err(&at)? {
                    "DEPLOY" => CropActionLog::Add,
                    "REMOVE" => CropActionLog::Remove,
                    other => {
                        return Err(at(format!(
                            "`{}` is neither DEPLOY nor REMOVE",
                            other.escape_debug()
                        )))
                    }
                };
                cur.turn.crop = Some(CropLog {
                    action,
                    responses: vec![None; players.len()],
                });
            }
            "RETURN_MEEPLE" => {
                let cur = pending
                    .as_mut()
                    .ok_or_else(|| at("a figure returned before any tile".into()))?;
                let source = text(p, "source").map_err(&at)?;
                if source == "CORN_CIRCLE" && cur.committed {
                    crop_response(rules, &tiles, &game, cur, p, true).map_err(&at)?;
                    continue;
                }
                if source == "PRINCESS" && !cur.committed {
                    princess(rules, &tiles, &game, cur, p).map_err(&at)?;
                    continue;
                }
                if source == "TRAP" && !cur.committed {
                    // A trapped follower freed, in place of a figure action:
                    // the engine frees the one of its kind trapped first.
                    let id = p
                        .get("pointer")
                        .and_then(|v| v.get("meepleId"))
                        .and_then(Value::as_str)
                        .ok_or_else(|| at("no `pointer.meepleId`".into()))?;
                    let (_, figure) = meeple(&game, id).map_err(&at)?;
                    cur.turn.vodyanoy = Some(figure.to_string());
                    continue;
                }
                if source != "ABBOT_RETURN" {
                    return Err(at(format!(
                        "returning a figure by `{}` is a move tileforge does not play",
                        source.escape_debug()
                    )));
                }
                let fp = p
                    .get("pointer")
                    .and_then(|v| v.get("featurePointer"))
                    .ok_or_else(|| at("no `pointer.featurePointer`".into()))?;
                let (x, y) = position(fp.get("position")).map_err(&at)?;
                cur.turn.recall = Some(RecallLog {
                    x,
                    y,
                    figure: Some("abbot".into()),
                });
            }
            "SCORE_ACROBATS" => {
                let cur = pending
                    .as_mut()
                    .ok_or_else(|| at("acrobats scored before any tile".into()))?;
                let ptr = p.get("pointer").ok_or_else(|| at("no `pointer`".into()))?;
                let (x, y) = position(ptr.get("position")).map_err(&at)?;
                cur.turn.score_pyramid = Some(PosLog { x, y });
            }
            "PLACE_TOKEN" => {
                let cur = pending
                    .as_mut()
                    .filter(|c| !c.committed)
                    .ok_or_else(|| at("a token placed outside a turn's figure action".into()))?;
                token(cur, p).map_err(&at)?;
                if text(p, "token").is_ok_and(|t| t.starts_with("TUNNEL_")) {
                    let ptr = p.get("pointer").ok_or_else(|| at("no `pointer`".into()))?;
                    let (x, y, feature) =
                        pointer_feature(rules, &tiles, &game, cur, ptr).map_err(&at)?;
                    if let Some(t) = cur.turn.tunnel.as_mut() {
                        (t.x, t.y, t.feature) = (x, y, feature);
                    }
                }
                if text(p, "token").is_ok_and(|t| t == "CASTLE") {
                    let ptr = p.get("pointer").ok_or_else(|| at("no `pointer`".into()))?;
                    let city = pointer_feature(rules, &tiles, &game, cur, ptr).map_err(&at)?;
                    cur.castles.push(Some(city));
                }
            }
            "CAPTURE_FOLLOWER" => {
                let cur = pending
                    .as_mut()
                    .filter(|c| !c.committed)
                    .ok_or_else(|| at("a capture outside a turn's figure action".into()))?;
                capture(rules, &tiles, &game, cur, p, &mut prisoners).map_err(&at)?;
            }
            "EXCHANGE_FOLLOWER" => {
                // Which prisoner comes home in an exchange: the engine
                // exchanges the earliest one held, as the export writes it.
                let id = text(p, "meepleId").map_err(&at)?;
                prisoners.remove(id);
            }
            "PAY_RANSOM" => {
                let id = text(p, "meepleId").map_err(&at)?;
                let (_, figure) = meeple(&game, id).map_err(&at)?;
                let holder = prisoners.remove(id).ok_or_else(|| {
                    at(format!(
                        "a ransom for `{}`, which no tower holds",
                        id.escape_debug()
                    ))
                })?;
                ransom = Some(RansomLog {
                    holder,
                    figure: Some(figure.to_string()),
                });
            }
            "MOVE_NEUTRAL_FIGURE" => {
                let cur = pending
                    .as_mut()
                    .ok_or_else(|| at("a neutral figure moved before any tile".into()))?;
                neutral(rules, &tiles, &game, cur, p).map_err(&at)?;
            }
            "UNDO" => {
                let cur = pending
                    .as_mut()
                    .ok_or_else(|| at("an UNDO before any tile".into()))?;
                let undone = cur.undo.take().ok_or_else(|| {
                    at("tileforge reads an UNDO only right after the figure action's DEPLOY_MEEPLE".into())
                })?;
                cur.turn = undone;
            }
            "PASS" => {
                // After the turn's COMMIT, before any crop circle: a wagon
                // that stays home or a player passing the final round of
                // abbeys (`finish` tells them apart); a PASS followed by
                // COMMIT is the next turn's abbey declined.
                let next_commit = save
                    .replay
                    .get(index + 1)
                    .is_some_and(|n| n.kind == "COMMIT");
                if let Some(a) = pending
                    .as_mut()
                    .and_then(|c| c.auction.as_mut())
                    .filter(|a| a.bidding())
                {
                    // A bidder at a bazaar passes.
                    a.pass().map_err(&at)?;
                    continue;
                }
                if let Some(cur) = pending.as_mut().filter(|c| c.ferry_open) {
                    // After a ferry placed or moved: no more ferry moves
                    // (JCZ asks for one only while some are left).
                    cur.ferry_open = false;
                    continue;
                }
                if let Some(cur) = pending.as_mut() {
                    if cur.committed && cur.turn.crop.is_none() && !next_commit {
                        cur.post.push(None);
                    } else if !cur.committed && cur.acted && rules.figure("castle").is_some() {
                        // After the figure action: a small city's castle declined.
                        cur.castles.push(None);
                    } else if !cur.committed && !cur.acted {
                        cur.first_pass = true;
                    }
                    cur.acted = true;
                }
            }
            "BAZAAR_BID" => {
                let cur = pending
                    .as_mut()
                    .filter(|c| c.committed)
                    .ok_or_else(|| at("a bazaar bid outside a turn's end".into()))?;
                let index = p
                    .get("supplyIndex")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| at("no `supplyIndex`".into()))?;
                let price = p
                    .get("price")
                    .and_then(Value::as_i64)
                    .ok_or_else(|| at("no `price`".into()))?;
                if cur.auction.is_none() {
                    // The auction's tiles: the next draws, one per player.
                    let n = players.len();
                    let ids = draw.get(drawn..drawn + n).ok_or_else(|| {
                        at(format!("the draw order has no {n} tiles for the bazaar"))
                    })?;
                    let tiles = ids
                        .iter()
                        .map(|d| our_tile(rules, d))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(&at)?;
                    drawn += n;
                    cur.auction = Some(Auction::new(tiles, n, cur.player));
                }
                let a = cur
                    .auction
                    .as_mut()
                    .ok_or_else(|| at("no auction".into()))?;
                a.bid(usize::try_from(index).unwrap_or(usize::MAX), price)
                    .map_err(&at)?;
            }
            "BAZAAR_BUY_OR_SELL" => {
                let a = pending
                    .as_mut()
                    .and_then(|c| c.auction.as_mut())
                    .ok_or_else(|| at("a buy or sell with no bazaar auction".into()))?;
                let sell = match text(p, "value").map_err(&at)? {
                    "BUY" => false,
                    "SELL" => true,
                    other => {
                        return Err(at(format!(
                            "`{}` is neither BUY nor SELL",
                            other.escape_debug()
                        )))
                    }
                };
                a.buy_or_sell(sell).map_err(&at)?;
            }
            "COMMIT" => {
                let Some(cur) = pending.as_mut() else {
                    return Err(at("a COMMIT with no tile placed".into()));
                };
                cur.committed = true;
                cur.ferry_open = false;
            }
            other => {
                return Err(at(format!(
                    "`{}` is a move tileforge does not play",
                    other.escape_debug()
                )))
            }
        }
    }
    if let Some(cur) = pending.take() {
        finish(&mut game, cur, &mut turns, &players).map_err(|e| format!("the last turn: {e}"))?;
    }
    let bag_empty = (0..rules.kind_count())
        .all(|k| game.remaining(crate::engine::KindId(u16::try_from(k).unwrap_or(u16::MAX))) == 0);
    let finished = draw.get(drawn).is_some_and(|d| d == "#END")
        || save
            .game_annotations
            .end_turn
            .is_some_and(|n| n <= drawn as u64)
        || bag_empty;
    Ok(GameLog {
        format: FORMAT.into(),
        version: VERSION,
        expansions: Some(rules.expansions().to_vec()),
        players,
        seats: None,
        start,
        turns,
        finished,
        count_final: None,
    })
}

/// The token a flock's draw took from JCZ's bag with its generator `rng`
/// (stepped by the draw): the bag as the turn began, less the sheep drawn
/// earlier in the turn.
fn flock_draw(
    set: &TileSet,
    game: &Game<'_>,
    cur: &Pending,
    rng: &mut f64,
) -> Result<String, String> {
    let mut bag = sheep::bag(set, game);
    for earlier in cur.turn.flock.iter().flatten() {
        let sheep = earlier
            .draw
            .as_ref()
            .and_then(|id| bag.iter().position(|(t, v)| t == id && *v > 0));
        match sheep {
            Some(k) => {
                bag.remove(k);
            }
            None => {
                return Err("a second flock decision in a turn after a wolf or a gathering: which tokens went back into the bag is not known".into())
            }
        }
    }
    let random = *rng;
    let drawn = sheep::drawn(&bag, random)
        .map(|(id, _)| id.clone())
        .ok_or_else(|| {
            format!(
                "no token of the bag ({} left) is drawn by random {random}",
                bag.len()
            )
        })?;
    next_int(rng, bag.len());
    Ok(drawn)
}

/// Our figure counted by a JCZ element (`small-follower` → `meeple`).
fn figure_of_element(element: &str) -> Option<&'static str> {
    [
        "meeple",
        "large-meeple",
        "abbot",
        "builder",
        "pig",
        "ringmaster",
        "mayor",
        "wagon",
        "barn",
        "shepherd",
    ]
    .into_iter()
    .find(|f| names::figure_element(f) == Some(element))
}

/// The start tile, `None` when it is the set's own at (0, 0) unturned.
fn start(rules: &Ruleset, save: &Save) -> Result<Option<StartLog>, String> {
    let Some(s) = save.setup.start.first() else {
        return Err("the save names no start tile".into());
    };
    let tile = our_tile(rules, &s.tile).map_err(|e| format!("start tile: {e}"))?;
    if s.rotation.rem_euclid(90) != 0 {
        return Err(format!(
            "start tile rotation {} is not a multiple of 90",
            s.rotation
        ));
    }
    let rotation = u8::try_from(s.rotation.rem_euclid(360) / 90).unwrap_or(0);
    if save.setup.start.len() > 1 {
        start_set(rules, save, &tile, s, rotation)?;
    }
    let default = rules.start().map(|k| rules.kind_id(k));
    if default == Some(tile.as_str()) && (s.x, s.y, rotation) == (0, 0, 0) {
        return Ok(None);
    }
    Ok(Some(StartLog {
        tile,
        x: s.x,
        y: s.y,
        rotation,
    }))
}

/// A save that starts on several tiles must start on the start tile's start
/// set, laid where tileforge lays it.
fn start_set(
    rules: &Ruleset,
    save: &Save,
    tile: &str,
    s: &super::format::StartTile,
    rotation: u8,
) -> Result<(), String> {
    let kind = rules
        .kind(tile)
        .ok_or_else(|| format!("unknown start tile `{tile}`"))?;
    let at = crate::engine::Placement {
        x: s.x,
        y: s.y,
        rotation,
    };
    let game = Game::with_start(rules, 1, kind, at).map_err(|e| e.0)?;
    let ours: Vec<(String, i32, i32, i32)> = game
        .start_layout()
        .into_iter()
        .map(|(k, p)| {
            let id = rules.kind_id(k).to_string();
            (id, p.x, p.y, i32::from(p.rotation) * 90)
        })
        .collect();
    let theirs = save
        .setup
        .start
        .iter()
        .map(|t| {
            let id = our_tile(rules, &t.tile).map_err(|e| format!("start tile: {e}"))?;
            Ok((id, t.x, t.y, t.rotation.rem_euclid(360)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if ours != theirs {
        return Err(format!(
            "the save starts on {} tiles that are not the start set tileforge lays ({})",
            theirs.len(),
            ours.iter()
                .map(|(t, x, y, r)| format!("{t} at ({x}, {y}) turned {r}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(())
}

/// A meeple id's owner and our figure (`1.wagon.1` → 1, `wagon`).
fn meeple(game: &Game<'_>, id: &str) -> Result<(usize, &'static str), String> {
    let mut parts = id.split('.');
    let (Some(owner), Some(kind), Some(_), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "meeple id `{}` is not PLAYER.TYPE.N",
            id.escape_debug()
        ));
    };
    let owner = owner
        .parse::<usize>()
        .ok()
        .filter(|o| *o < game.players())
        .ok_or_else(|| format!("meeple id `{}` names no player", id.escape_debug()))?;
    let figure = names::our_figure(kind).ok_or_else(|| {
        format!(
            "meeple type `{}` is not one tileforge plays",
            kind.escape_debug()
        )
    })?;
    Ok((owner, figure))
}

/// The square and our feature name (a slot as seen on the board, or a
/// centre kind; `acrobats` for a pyramid) of a JCZ feature pointer, on the
/// tile just placed (not yet on our board) or one on the board.
fn pointer_feature(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &Pending,
    ptr: &Value,
) -> Result<(i32, i32, String), String> {
    let (x, y) = position(ptr.get("position"))?;
    let ftype = text(ptr, "feature")?;
    let location = text(ptr, "location")?;
    if ftype == "Acrobats" {
        return Ok((x, y, "acrobats".into()));
    }
    if ftype == "Tower" {
        return Ok((x, y, "tower".into()));
    }
    let (kind, rotation) = if (Some(x), Some(y)) == (cur.turn.x, cur.turn.y) {
        (
            rules.kind(&cur.turn.tile).ok_or("unknown tile")?,
            cur.turn.rotation.unwrap_or(0),
        )
    } else {
        game.tile_at(x, y)
            .ok_or_else(|| format!("no tile at ({x}, {y})"))?
    };
    let id = rules.kind_id(kind);
    let tile = tiles
        .get(id)
        .ok_or_else(|| format!("tile `{id}` is not in the set"))?;
    let Some(f) = pointers::feature_at(tile, rotation, ftype, location) else {
        // A bridge's road (its sides are fields of the tile): our way's name.
        if let Some(way) = bridge_way(location)
            .filter(|_| ftype == "Road")
            .filter(|w| rules.feature_named(kind, rotation, w).is_some())
        {
            return Ok((x, y, way.to_string()));
        }
        return Err(format!(
            "{id} at ({x}, {y}) has no {} at `{}`",
            ftype.escape_debug(),
            location.escape_debug()
        ));
    };
    Ok((
        x,
        y,
        rules
            .feature_name(kind, rotation, u8::try_from(f).unwrap_or(u8::MAX))
            .to_string(),
    ))
}

/// A DEPLOY_MEEPLE of the figure action (or a flight's landing): a
/// follower or other figure on the tile just placed, a barn on one of its
/// corners, a follower through its magic portal onto another tile.
fn deploy(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
) -> Result<(), String> {
    let id = text(p, "meepleId")?;
    let (owner, figure) = meeple(game, id)?;
    if owner != game.active_player() {
        return Err(format!(
            "meeple `{}` is not the active player's (player {})",
            id.escape_debug(),
            game.active_player()
        ));
    }
    let ptr = p.get("pointer").ok_or("no `pointer`")?;
    let (x, y) = position(ptr.get("position"))?;
    let ftype = text(ptr, "feature")?;
    let figure_opt = Some(figure.to_string());
    if cur.flying {
        cur.flying = false;
        let (_, _, name) = pointer_feature(rules, tiles, game, cur, ptr)?;
        // The phantom's flight lands after the first figure's action.
        let phantom = cur
            .turn
            .phantom
            .as_mut()
            .and_then(|p| p.flight.as_mut())
            .filter(|f| f.feature.is_none());
        if let Some(f) = phantom.or(cur.turn.flight.as_mut()) {
            f.feature = Some(name);
        }
        return Ok(());
    }
    if ftype == "Tower" {
        // A follower on top of a tower, anywhere on the board.
        cur.turn.tower_follower = Some(RecallLog {
            x,
            y,
            figure: figure_opt,
        });
        return Ok(());
    }
    let t = &cur.turn;
    if t.meeple.is_some()
        || t.acrobat.is_some()
        || t.flight.is_some()
        || t.barn.is_some()
        || t.portal.is_some()
    {
        if figure != "phantom" || t.phantom.is_some() {
            return Err("a second figure in one turn".into());
        }
        return phantom_deploy(rules, tiles, game, cur, p);
    }
    cur.undo = Some(cur.turn.clone());
    let placed = (cur.turn.x, cur.turn.y);
    if figure == "barn" && ftype != "FlyingMachine" {
        // JCZ names a corner by the tile whose north-west corner it is.
        let (Some(tx), Some(ty)) = placed else {
            return Err("a barn before any tile".into());
        };
        let corner = match (x - tx, y - ty) {
            (0, 0) => "NW",
            (1, 0) => "NE",
            (1, 1) => "SE",
            (0, 1) => "SW",
            _ => {
                return Err(format!(
                    "a barn on the corner of ({x}, {y}), not a corner of the tile just placed"
                ))
            }
        };
        cur.turn.barn = Some(crate::engine::log::BarnLog {
            corner: corner.into(),
            figure: figure_opt,
        });
        return Ok(());
    }
    let portal = || {
        tiles
            .get(cur.turn.tile.as_str())
            .is_some_and(|t| t.features.iter().any(|f| f.kind == "portal"))
    };
    match ftype {
        "FlyingMachine" => {
            let r = p
                .get("random")
                .and_then(Value::as_f64)
                .filter(|r| (0.0..1.0).contains(r))
                .ok_or("a flight needs `random` in [0, 1) for its roll")?;
            // floor(r * 3) + 1, as JCZ's generator gives its first number.
            let roll = if r < 1.0 / 3.0 {
                1
            } else if r < 2.0 / 3.0 {
                2
            } else {
                3
            };
            cur.turn.flight = Some(FlightLog {
                figure: figure_opt,
                roll,
                feature: None,
            });
            cur.flying = true;
        }
        "Acrobats" if (Some(x), Some(y)) == placed || !portal() => {
            cur.turn.acrobat = Some(AcrobatLog {
                x,
                y,
                figure: figure_opt,
            });
        }
        _ if (Some(x), Some(y)) != placed => {
            if !portal() {
                return Err(format!(
                    "a figure on ({x}, {y}), not on the tile just placed: a move tileforge does not play"
                ));
            }
            let (x, y, feature) = pointer_feature(rules, tiles, game, cur, ptr)?;
            cur.turn.portal = Some(FeatureLog {
                x,
                y,
                feature,
                figure: figure_opt,
            });
        }
        "Monastery" if text(ptr, "location") == Ok("AS_ABBOT") => {
            // A follower as a special monastery's abbot: our `as_abbot` on
            // the monastery JCZ names at `I`.
            let mut inside = ptr.clone();
            inside["location"] = Value::from("I");
            let (_, _, feature) = pointer_feature(rules, tiles, game, cur, &inside)?;
            cur.turn.as_abbot = Some(MeepleLog {
                figure: figure.to_string(),
                feature,
            });
        }
        "Road" if on_bridge(cur, x, y, text(ptr, "location")?).is_some() => {
            cur.turn.meeple = Some(MeepleLog {
                figure: figure.to_string(),
                feature: on_bridge(cur, x, y, text(ptr, "location")?)
                    .unwrap_or_default()
                    .to_string(),
            });
        }
        _ => {
            let feature = match pointer_feature(rules, tiles, game, cur, ptr) {
                Ok((_, _, f)) => f,
                Err(e) => {
                    // A follower on the bridge a placement needed (JCZ puts
                    // that bridge with the tile, no message of its own).
                    let location = text(ptr, "location")?;
                    let way = bridge_way(location)
                        .filter(|_| ftype == "Road" && cur.turn.bridge.is_none())
                        .filter(|_| (cur.turn.x, cur.turn.y) == (Some(x), Some(y)))
                        .ok_or(e)?;
                    cur.turn.bridge = Some(crate::engine::log::BridgeLog {
                        x,
                        y,
                        axis: way.into(),
                    });
                    way.to_string()
                }
            };
            cur.turn.meeple = Some(MeepleLog {
                figure: figure.to_string(),
                feature,
            });
        }
    }
    Ok(())
}

/// The phantom's DEPLOY_MEEPLE after the turn's first figure action (JCZ's
/// phantom phase): read as a first action, then moved to the entry's
/// `phantom`.
fn phantom_deploy(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
) -> Result<(), String> {
    let before = cur.turn.clone();
    let t = &mut cur.turn;
    let first = (
        t.meeple.take(),
        t.acrobat.take(),
        t.flight.take(),
        t.portal.take(),
        t.barn.take(),
    );
    deploy(rules, tiles, game, cur, p)?;
    let t = &mut cur.turn;
    let second = SecondActionLog {
        meeple: t.meeple.take(),
        acrobat: t.acrobat.take(),
        flight: t.flight.take(),
        portal: t.portal.take(),
    };
    if t.tower_follower != before.tower_follower || t.bridge != before.bridge {
        return Err("the phantom on a tower or a bridge: tileforge's phantom goes only on the tile, a pyramid, a flight or the portal".into());
    }
    (t.meeple, t.acrobat, t.flight, t.portal, t.barn) = first;
    t.phantom = Some(second);
    cur.undo = Some(before);
    Ok(())
}

/// The bridge's way (`E-W`, `N-S`) when JCZ's road pointer at (x, y)
/// names the bridge the turn put there.
fn on_bridge(cur: &Pending, x: i32, y: i32, location: &str) -> Option<&'static str> {
    let b = cur.turn.bridge.as_ref().filter(|b| (b.x, b.y) == (x, y))?;
    let way = bridge_way(location)?;
    (b.axis == way).then_some(way)
}

/// Our way of a JCZ bridge location (`WE` → `E-W`).
fn bridge_way(location: &str) -> Option<&'static str> {
    match location {
        "WE" | "EW" => Some("E-W"),
        "NS" | "SN" => Some("N-S"),
        _ => None,
    }
}

/// `PLACE_TOKEN` in a turn's figure action: a goldmine's second gold bar
/// (before the figure: its pointer is the square), a bridge (before the
/// figure), a tunnel token (before or after it: the log puts it before), or
/// a castle on a small city (after it).
fn token(cur: &mut Pending, p: &Value) -> Result<(), String> {
    let kind = text(p, "token")?;
    let ptr = p.get("pointer").ok_or("no `pointer`")?;
    if kind == "GOLD" {
        if cur.turn.gold.is_some() {
            return Err("a second gold bar chosen in one turn".into());
        }
        let (x, y) = position(Some(ptr))?;
        cur.turn.gold = Some([x, y]);
        return Ok(());
    }
    let (x, y) = position(ptr.get("position"))?;
    match kind {
        "BRIDGE" => {
            let location = text(ptr, "location")?;
            let axis = bridge_way(location).ok_or_else(|| {
                format!(
                    "a bridge along `{}`, neither WE nor NS",
                    location.escape_debug()
                )
            })?;
            if cur.turn.bridge.is_some() {
                return Err("a second bridge in one turn".into());
            }
            cur.turn.bridge = Some(crate::engine::log::BridgeLog {
                x,
                y,
                axis: axis.into(),
            });
        }
        "CASTLE" => {
            // Which city: resolved by the caller (`castle_city`).
            cur.acted = true;
        }
        "TUNNEL_A" | "TUNNEL_B" | "TUNNEL_C" => {
            if cur.turn.tunnel.is_some() {
                return Err("a second tunnel token in one turn".into());
            }
            // The opening: resolved by the caller.
            cur.turn.tunnel = Some(TunnelLog {
                x,
                y,
                feature: String::new(),
                pair: Some(match kind {
                    "TUNNEL_A" => 1,
                    "TUNNEL_B" => 2,
                    _ => 3,
                }),
            });
        }
        "FERRY" => {
            // The road pointer of the two road ends it joins (`SW`: the
            // roads at S and W), on the board.
            let location = text(ptr, "location")?;
            let sides: Vec<&str> = ["N", "E", "S", "W"]
                .into_iter()
                .filter(|s| location.contains(s))
                .collect();
            let [a, b] = sides[..] else {
                return Err(format!(
                    "a ferry at `{}`, not two road ends",
                    location.escape_debug()
                ));
            };
            cur.turn.ferry.get_or_insert_with(Vec::new).push(FerryLog {
                x,
                y,
                ends: [a.to_string(), b.to_string()],
            });
            cur.ferry_open = true;
        }
        "TOWER_PIECE" => {
            cur.turn.tower = Some(TowerLog {
                x,
                y,
                capture: None,
            });
        }
        other => {
            return Err(format!(
                "a `{}` token is one tileforge does not read",
                other.escape_debug()
            ))
        }
    }
    Ok(())
}

/// `CAPTURE_FOLLOWER` after a tower floor: the follower the floor takes,
/// recorded as the holder's prisoner unless it is the player's own.
fn capture(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
    prisoners: &mut std::collections::HashMap<String, usize>,
) -> Result<(), String> {
    let (captive, id) = pointed_figure(rules, tiles, game, cur, p)?;
    let owner = captive.player;
    let tower = cur
        .turn
        .tower
        .as_mut()
        .ok_or("a capture with no tower floor placed this turn")?;
    tower.capture = Some(captive);
    if owner != cur.player {
        prisoners.insert(id.to_string(), cur.player);
    }
    Ok(())
}

/// The standing figure a message's `pointer` (a meeple pointer: its
/// `meepleId` and `featurePointer`) names, with its meeple id.
fn pointed_figure<'v>(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &Pending,
    p: &'v Value,
) -> Result<(CaptureLog, &'v str), String> {
    let mp = p.get("pointer").ok_or("no `pointer`")?;
    let id = text(mp, "meepleId")?;
    let (owner, figure) = meeple(game, id)?;
    let fp = mp.get("featurePointer").ok_or("no `featurePointer`")?;
    let (x, y, feature) = pointer_feature(rules, tiles, game, cur, fp)?;
    let log = CaptureLog {
        x,
        y,
        feature,
        player: owner,
        figure: Some(figure.to_string()),
    };
    Ok((log, id))
}

/// A wagon's move after the turn's scoring (`DEPLOY_MEEPLE` after the
/// COMMIT): the next of the turn's wagon decisions.
fn wagon_move(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
) -> Result<(), String> {
    let (_, figure) = meeple(game, text(p, "meepleId")?)?;
    let ptr = p.get("pointer").ok_or("no `pointer`")?;
    let (x, y, feature) = pointer_feature(rules, tiles, game, cur, ptr)?;
    cur.post.push(Some(FeatureLog {
        x,
        y,
        feature,
        figure: Some(figure.to_string()),
    }));
    Ok(())
}

/// The princess sends a knight home (`RETURN_MEEPLE`, source `PRINCESS`),
/// as the turn's figure action.
fn princess(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
) -> Result<(), String> {
    let (knight, _) = pointed_figure(rules, tiles, game, cur, p)?;
    cur.turn.princess = Some(knight);
    Ok(())
}

/// `MOVE_NEUTRAL_FIGURE`: the fairy beside a follower (the figure action),
/// the mage or the witch (right after the tile), or a dragon step (after
/// the turn's COMMIT).
fn neutral(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
) -> Result<(), String> {
    let id = text(p, "figureId")?;
    let to = p.get("to").unwrap_or(&Value::Null);
    match id.split('.').next().unwrap_or("") {
        "fairy" if !cur.committed => {
            let (_, figure) = meeple(game, text(to, "meepleId")?)?;
            let fp = to.get("featurePointer").ok_or("no `to.featurePointer`")?;
            let (x, y, feature) = pointer_feature(rules, tiles, game, cur, fp)?;
            cur.turn.fairy = Some(FeatureLog {
                x,
                y,
                feature,
                figure: Some(figure.to_string()),
            });
        }
        "dragon" if cur.committed => {
            let (x, y) = position(Some(to))?;
            cur.turn.dragon.get_or_insert_with(Vec::new).push([x, y]);
        }
        f @ ("mage" | "witch") if !cur.committed => {
            let magic = if to.is_null() {
                MagicLog {
                    figure: f.into(),
                    x: None,
                    y: None,
                    feature: None,
                }
            } else {
                let (x, y, feature) = pointer_feature(rules, tiles, game, cur, to)?;
                MagicLog {
                    figure: f.into(),
                    x: Some(x),
                    y: Some(y),
                    feature: Some(feature),
                }
            };
            cur.turn.magic = Some(magic);
        }
        _ => {
            return Err(format!(
                "moving the neutral figure `{}` {} is a move tileforge does not play",
                id.escape_debug(),
                if cur.committed {
                    "after the turn's COMMIT"
                } else {
                    "before the turn's COMMIT"
                }
            ))
        }
    }
    Ok(())
}

fn text<'v>(v: &'v Value, key: &str) -> Result<&'v str, String> {
    v.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("no text `{key}`"))
}

fn position(v: Option<&Value>) -> Result<(i32, i32), String> {
    let coord = |c: Option<&Value>| {
        c.and_then(Value::as_i64)
            .and_then(|n| i32::try_from(n).ok())
            .filter(|n| n.unsigned_abs() <= 1_000_000)
    };
    match v.and_then(Value::as_array).map(Vec::as_slice) {
        Some([x, y]) => coord(Some(x))
            .zip(coord(Some(y)))
            .ok_or_else(|| "a position is two integers within ±1,000,000".to_string()),
        _ => Err("a position is `[x, y]`".into()),
    }
}

/// A response to the crop circle: a figure added (`remove`: taken away) by
/// the player whose meeple it is.
fn crop_response(
    rules: &Ruleset,
    tiles: &std::collections::HashMap<&str, &Tile>,
    game: &Game<'_>,
    cur: &mut Pending,
    p: &Value,
    remove: bool,
) -> Result<(), String> {
    let (id, ptr) = if remove {
        let mp = p.get("pointer").ok_or("no `pointer`")?;
        (
            text(mp, "meepleId")?,
            mp.get("featurePointer").ok_or("no `featurePointer`")?,
        )
    } else {
        (
            text(p, "meepleId")?,
            p.get("pointer").ok_or("no `pointer`")?,
        )
    };
    let (owner, figure) = meeple(game, id)?;
    let (x, y, feature) = pointer_feature(rules, tiles, game, cur, ptr)?;
    let n = game.players();
    let k = (owner + n - cur.player - 1) % n;
    let crop = cur
        .turn
        .crop
        .as_mut()
        .ok_or("a crop response before the crop circle's choice")?;
    if (crop.action == CropActionLog::Remove) != remove {
        return Err("a crop response that does not follow the choice".into());
    }
    let slot = crop.responses.get_mut(k).ok_or("no such player")?;
    *slot = Some(CropResponseLog {
        x,
        y,
        feature,
        figure: Some(figure.to_string()),
    });
    Ok(())
}

/// The animal token of each placed tile (by PLACE_TILE number): JCZ draws
/// the token of a circus when the big top leaves it (the next circus's
/// COMMIT, or final scoring), from its random numbers, which this replays.
fn tokens(set: &TileSet, rules: &Ruleset, save: &Save) -> Result<Vec<Option<String>>, String> {
    let circus = |jcz: &str| -> bool {
        our_tile(rules, jcz).ok().is_some_and(|id| {
            set.tiles
                .iter()
                .any(|t| t.id == id && t.features.iter().any(|f| f.kind == "circus"))
        })
    };
    // The token of a value among those the circus tile draws from (not,
    // say, a sheep token of the same value).
    let pool: Option<Vec<crate::engine::TokenId>> = save.replay.iter().find_map(|m| {
        let id = m.payload.get("tileId").and_then(Value::as_str)?;
        let kind = rules.kind(&our_tile(rules, id).ok()?)?;
        let tokens = rules.tokens_for(kind);
        (!tokens.is_empty()).then_some(tokens)
    });
    let token_of = |value: i64| -> Option<String> {
        pool.iter()
            .flatten()
            .map(|&t| rules.token_id(t))
            .find(|&id| {
                set.expansions
                    .iter()
                    .flat_map(|e| &e.tokens)
                    .any(|t| t.id == id && t.value == value)
            })
            .map(str::to_string)
    };
    let mut rng = save.initial_random;
    let mut out: Vec<Option<String>> = Vec::new();
    let mut used: Vec<i64> = Vec::new();
    let mut big_top: Option<usize> = None;
    let mut is_circus = false;
    let mut committed = false;
    let draw_token = |rng: &mut f64, used: &mut Vec<i64>| -> Option<i64> {
        let left = unused(used);
        let k = next_int(rng, left.len())?;
        let v = *left.get(k)?;
        used.push(v);
        Some(v)
    };
    // A circus's COMMIT leaves a draw due: JCZ's big top phase comes after
    // its wagon phase, so the token is drawn with the random of the last
    // commit of the wagons' moves (`DEPLOY_MEEPLE` of a wagon and `COMMIT`,
    // or `PASS`), at the first message after them.
    let mut due = false;
    for m in &save.replay {
        let wagon_phase = match m.kind.as_str() {
            "COMMIT" | "PASS" => true,
            "DEPLOY_MEEPLE" => m
                .payload
                .get("meepleId")
                .and_then(Value::as_str)
                .is_some_and(|id| id.contains(".wagon.")),
            _ => false,
        };
        if due && !(committed && wagon_phase) {
            due = false;
            if let Some(prev) = big_top {
                let v = draw_token(&mut rng, &mut used);
                out[prev] = v.and_then(token_of);
            }
            big_top = Some(out.len() - 1);
        }
        if let Some(r) = m.payload.get("random").and_then(Value::as_f64) {
            rng = r;
        }
        match m.kind.as_str() {
            "PLACE_TILE" => {
                let id = m
                    .payload
                    .get("tileId")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                is_circus = circus(id);
                committed = false;
                out.push(None);
            }
            "DEPLOY_MEEPLE" if !committed => {
                let fm = m
                    .payload
                    .pointer("/pointer/feature")
                    .and_then(Value::as_str);
                if fm == Some("FlyingMachine") {
                    next_int(&mut rng, 3);
                }
            }
            "COMMIT" if !committed => {
                committed = true;
                due = is_circus;
            }
            _ => {}
        }
    }
    if due {
        if let Some(prev) = big_top {
            let v = draw_token(&mut rng, &mut used);
            out[prev] = v.and_then(token_of);
        }
        big_top = Some(out.len() - 1);
    }
    if let Some(last) = big_top {
        out[last] = draw_token(&mut rng, &mut used).and_then(token_of);
    }
    Ok(out)
}

/// JCZ's unused animal tokens, by value in its order, after `used`.
fn unused(used: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    for (value, count) in [(1, 1usize), (3, 4), (4, 5), (5, 3), (6, 2), (7, 1)] {
        let left = count.saturating_sub(used.iter().filter(|u| **u == value).count());
        out.extend(std::iter::repeat_n(value, left));
    }
    out
}

/// JCZ's `getNextInt(bound)`: the number's share of `bound`, then one
/// 48-bit linear congruential step.
fn next_int(r: &mut f64, bound: usize) -> Option<usize> {
    if bound == 0 {
        return None;
    }
    const M: u64 = (1 << 48) - 1;
    let next = (*r * bound as f64) as usize;
    let x = (r.to_bits() & M)
        .wrapping_mul(25_214_903_917)
        .wrapping_add(11)
        & M;
    *r = x as f64 / (M + 1) as f64;
    Some(next.min(bound - 1))
}
