//! A game log → a `.jcz` save: the setup in JCZ's names, then each turn as
//! the messages JCZ's client sends (`PLACE_TILE`, `DEPLOY_MEEPLE` or `PASS`
//! when JCZ offers an action, `COMMIT`), the tiles drawn as the forced draw
//! order. The log is replayed by our engine alongside, which says what each
//! turn offered, which figures came home (so each deployment names a meeple
//! id JCZ has in supply) and where a flight lands.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};

use super::format::{Annotations, Message, Save, SavePlayer, Setup, StartTile};
use super::names;
use super::pointers;
use super::sheep;

#[path = "dragon.rs"]
mod dragon;
use crate::emit::wire::{Tile, TileSet};
use crate::engine::log::{CropActionLog, CropLog, GameLog, TurnLog};
use crate::engine::replay::{replay_observed, Step};
use crate::engine::{FigureSpot, Game, KindId, MeepleAction, Phase, Ruleset};
use crate::geometry::Slot;

/// A figure on the board, with the meeple id JCZ knows it by.
#[derive(Clone, Debug)]
struct Tracked {
    player: usize,
    figure: String,
    n: u32,
    x: i32,
    y: i32,
    spot: FigureSpot,
    pointer: Value,
}

/// What the export builds while the engine replays the log.
struct Builder<'a> {
    set: &'a TileSet,
    tiles: HashMap<&'a str, &'a Tile>,
    log: &'a GameLog,
    replay: Vec<Message>,
    draw: Vec<String>,
    tracked: Vec<Tracked>,
    error: Option<String>,
    /// The player of the turn being exported.
    player: usize,
    /// The value of the animal token under the big top.
    big_top: Option<i64>,
    /// The values of the tokens JCZ has drawn so far.
    used_tokens: Vec<i64>,
    /// The turn being exported offers an escape from a besieged city.
    escape_due: bool,
    /// Followers held in a tower (`holder`: the player holding them), in
    /// the order taken: their meeple numbers are not in supply.
    prisoners: Vec<(Tracked, usize)>,
    /// Each tower's height: the floors placed on it.
    towers: HashMap<(i32, i32), u32>,
    /// The squares holding a tile (for the holes an abbey may fill).
    squares: HashSet<(i32, i32)>,
    /// The entry before was a discard: the same turn goes on (JCZ offers
    /// the abbey once, before the first draw).
    after_discard: bool,
    /// The player of the entry before (for the passes of the final round
    /// of abbeys).
    previous: usize,
    /// The owners of the wagons due this turn, in the order they move.
    wagon_owners: Vec<usize>,
    /// The meeple the fairy was last moved beside: (player, figure, number).
    fairy_beside: Option<(usize, String, u32)>,
    /// The player of the last tile drawn, placed or discarded.
    last_drawn: usize,
    /// The last entry was an abbey played once the bag was empty.
    final_abbey: bool,
    /// The tiles won at a bazaar and not yet played, in the order played:
    /// (owner, tile), as the engine held them after the entry before.
    bazaar_held: Vec<(usize, String)>,
    /// This turn's castle offers so far: owner, the log's answer, the
    /// city's pieces (square and feature).
    castles: Vec<CastleOffer>,
    /// The turn's first action was one after which JCZ asks for the
    /// phantom (set when the tile is placed, taken by the phantom's phase):
    /// the turn's player.
    phantom_due: Option<usize>,
    /// The phantom had a place before the turn's first action.
    phantom_before: bool,
    /// JCZ's tunnel phase asks the turn's player for a token, declined.
    tunnel_pass_due: bool,
    /// The ferry decisions the turn's replay was asked so far (one more
    /// than the entry's `ferry` items: the last was "no more moves").
    ferry_decisions: usize,
    /// JCZ's bag of sheep and wolf tokens (id and value, in its order)
    /// before each of the turn's flock decisions.
    flock_bags: Vec<Vec<(String, i64)>>,
    /// The turn's `DEPLOY_MEEPLE` of a shepherd (its index in `replay`):
    /// JCZ draws its first token with that message's random number.
    shepherd_deploy: Option<usize>,
    /// Followers in a trap (a Vodyanoy's or Solovei Razboynik's), in the
    /// order trapped, `pointer` the trap's: their numbers are not in supply.
    trapped: Vec<Tracked>,
    /// The turn's trap confirmations: the length of `trapped` once the
    /// turn's tile has trapped what it exposes, and where JCZ's two trap phases fall in `replay` (after
    /// the first figure action; after the phantom's and the tunnel's).
    trap_marks: (usize, Option<usize>, Option<usize>),
    /// The turn's player.
    turn_player: usize,
    /// Whether the next turn's player may play an abbey before drawing (the
    /// engine's abbey placements once the last entry was done): JCZ offers
    /// one only where a hole takes it, Cult Places' neighbours included.
    abbey_open: Option<bool>,
    /// The turn's tower capture brought the player's phantom back from
    /// prison by an exchange.
    phantom_exchanged: bool,
}

/// A small city offered a castle: its owner, the log's answer, and its
/// pieces (square and feature).
type CastleOffer = (usize, bool, Vec<(i32, i32, u8)>);

/// Exports a game log as a JCZ save.
///
/// # Errors
/// An expansion, tile, figure or move JCZ cannot be given (named), or a log
/// that does not replay.
pub fn export(set: &TileSet, rules: &Ruleset, log: &GameLog) -> Result<Save, String> {
    let (setup, squares) = setup(set, rules, log)?;
    let mut b = Builder {
        set,
        tiles: set.tiles.iter().map(|t| (t.id.as_str(), t)).collect(),
        log,
        replay: Vec::new(),
        draw: Vec::new(),
        tracked: Vec::new(),
        error: None,
        player: 0,
        big_top: None,
        used_tokens: Vec::new(),
        escape_due: false,
        prisoners: Vec::new(),
        towers: HashMap::new(),
        squares,
        after_discard: false,
        previous: 0,
        wagon_owners: Vec::new(),
        fairy_beside: None,
        last_drawn: 0,
        final_abbey: false,
        bazaar_held: Vec::new(),
        castles: Vec::new(),
        phantom_due: None,
        phantom_before: false,
        tunnel_pass_due: false,
        ferry_decisions: 0,
        flock_bags: Vec::new(),
        shepherd_deploy: None,
        trapped: Vec::new(),
        trap_marks: (0, None, None),
        turn_player: 0,
        abbey_open: None,
        phantom_exchanged: false,
    };
    let result = replay_observed(rules, log, &mut |i, step, game| {
        if b.error.is_some() {
            return;
        }
        let turn = &log.turns[i];
        let done = match step {
            Step::Placed => b.placed(i, turn, game),
            Step::Acted => b.phantom_phase(game, turn).map(|()| {
                if std::mem::take(&mut b.tunnel_pass_due) {
                    b.replay.push(message("PASS", json!({})));
                }
                b.trap_marks.2 = Some(b.replay.len());
            }),
            Step::Escape => {
                b.escape_due = true;
                Ok(())
            }
            Step::Wagon => {
                if let Some((due, _)) = game.wagon_due() {
                    b.wagon_owners.push(due.player);
                }
                Ok(())
            }
            Step::Castle => {
                b.castle(turn, game);
                Ok(())
            }
            Step::Ferry => {
                b.ferry_decisions += 1;
                Ok(())
            }
            Step::Flock => {
                b.flock_bags.push(sheep::bag(set, game));
                Ok(())
            }
            Step::Done => b.done(i, turn, game),
        };
        if let Err(e) = done {
            b.error = Some(format!("turn {}: {e}", i + 1));
        }
    });
    if let Some(e) = b.error {
        return Err(e);
    }
    let game = result.map_err(|e| format!("the game does not replay: {e}"))?;
    if log.finished {
        b.final_round_ends(&game);
        b.final_big_top()?;
    }
    let mut draw = b.draw;
    if log.finished {
        draw.push("#END".to_string());
    }
    Ok(Save {
        app_version: "5.12.1".into(),
        game_id: "1".into(),
        name: String::new(),
        initial_random: 0.0,
        test: None,
        setup,
        players: log
            .players
            .iter()
            .enumerate()
            .map(|(i, n)| SavePlayer {
                name: n.clone(),
                slot: u32::try_from(i).unwrap_or(0),
            })
            .collect(),
        replay: b.replay,
        game_annotations: Annotations {
            draw_order: draw,
            end_turn: None,
        },
    })
}

/// The setup: tile sets, elements, the start tile; and the squares the
/// start tiles cover.
fn setup(
    set: &TileSet,
    rules: &Ruleset,
    log: &GameLog,
) -> Result<(Setup, HashSet<(i32, i32)>), String> {
    let mut out = Setup::default();
    let mut replaced = Vec::new();
    for id in rules.expansions() {
        if rule_variant(set, id) {
            // Written as the JCZ rule it sets (below).
            continue;
        }
        let e = names::by_ours(id)
            .filter(|e| !names::IMPORT_ONLY.contains(&e.ours))
            .ok_or_else(|| {
                format!(
                    "expansion `{id}` cannot be exported to JCloisterZone (the export knows: {})",
                    known()
                )
            })?;
        for e in std::iter::once(e).chain(names::all_by_ours(id).skip(1)) {
            if let Some(tiles) = e.set {
                out.sets.insert(tiles.to_string(), Value::from(1));
            }
            replaced.extend(e.replaces);
            for (name, count) in e.elements {
                out.elements
                    .insert((*name).to_string(), names::element_value(*count));
            }
        }
    }
    for r in replaced {
        out.sets.remove(r);
    }
    if out.elements.contains_key("escape") {
        // The Hans im Glück rule: a cloister next to a besieged tile
        // (docs/rules.md); JCZ's other variant is any tile of the city.
        out.rules
            .insert("espace-variant".into(), Value::from("siege-tile"));
    }
    if out.sets.contains_key("abbey-and-mayor:1") {
        // A wagon moves onto a feature of its tile or the eight around
        // (`wagon.by-road 0`, docs/rules.md), JCZ's `C2`; along the roads
        // (`wagon.by-road 1`, the first edition's), JCZ's `C1`.
        let by_road = names::wagon_by_road(set, rules);
        out.rules.insert(
            "wagon-move".into(),
            Value::from(if by_road { "C1" } else { "C2" }),
        );
    }
    if out.elements.contains_key("dragon") {
        // The dragon moves once the turn is scored (docs/rules.md).
        out.rules
            .insert("dragon-move".into(), Value::from("after-scoring"));
    }
    if out.sets.contains_key("tunnel") {
        // The pairs of tokens each player has (JCZ's engine reads a save
        // without the rule as `2/1`, its client's default is `3/2`).
        if let Some(tokens) = names::tunnel_tokens(set, rules)? {
            out.rules
                .insert("more-tunnel-tokens".into(), Value::from(tokens));
        }
        // Other expansions' tunnels (Abbey & Mayor's and The Princess & the
        // Dragon's underpasses) stay one road, as printed (docs/rules.md);
        // JCZ's client opens them by default.
        out.rules
            .insert("tunnelize-other-expansions".into(), Value::from(false));
    }
    if out.sets.contains_key("monasteries") {
        // Our tile set adds the special monasteries to the base game's
        // cloisters (docs/rules.md); JCZ's default takes those out.
        out.rules
            .insert("keep-monasteries".into(), Value::from("keep"));
    }
    for f in 0..rules.figure_count() {
        let figure = crate::engine::FigureId(u8::try_from(f).unwrap_or(u8::MAX));
        let id = rules.figure_id(figure);
        if names::TITLES.contains(&id) || names::PIECE_ELEMENTS.contains(&id) {
            continue;
        }
        let element = names::figure_element(id)
            .ok_or_else(|| format!("figure `{id}` has no JCloisterZone meeple type"))?;
        out.elements.insert(
            element.to_string(),
            Value::from(rules.figure_per_player(figure)),
        );
    }
    // The tiles laid before the first turn: the start tile and its start set.
    let players = log.players.len().clamp(1, crate::engine::MAX_PLAYERS);
    let game = match &log.start {
        Some(s) => {
            let kind = rules
                .kind(&s.tile)
                .ok_or_else(|| format!("unknown start tile `{}`", s.tile))?;
            let at = crate::engine::Placement {
                x: s.x,
                y: s.y,
                rotation: s.rotation,
            };
            Game::with_start(rules, players, kind, at)
        }
        None => Game::new(rules, players),
    }
    .map_err(|e| e.0)?;
    let mut squares = HashSet::new();
    for (kind, at) in game.start_layout() {
        squares.insert((at.x, at.y));
        out.start.push(StartTile {
            tile: jcz_tile(rules.kind_id(kind))?,
            x: at.x,
            y: at.y,
            rotation: i32::from(at.rotation % 4) * 90,
        });
    }
    Ok((out, squares))
}

/// An expansion of `set` that only sets rule parameters JCZ has a rule
/// for (the engine tests' `wagon-by-road`: `wagon.by-road`, JCZ's
/// `wagon-move`): no tiles, figures, tokens or dice of its own.
fn rule_variant(set: &TileSet, id: &str) -> bool {
    const PARAMETERS: &[&str] = &["wagon.by-road"];
    set.expansions.iter().any(|e| {
        e.id == id
            && !e.rules.is_empty()
            && e.rules.keys().all(|k| PARAMETERS.contains(&k.as_str()))
            && e.figures.is_empty()
            && e.tokens.is_empty()
            && e.dice.is_empty()
            && e.removes.is_empty()
            && !set.tiles.iter().any(|t| t.id.split('/').next() == Some(id))
    })
}

fn known() -> String {
    let mut ours: Vec<&str> = Vec::new();
    for e in names::EXPANSIONS {
        // An expansion JCZ splits in several sets is listed once.
        if !names::IMPORT_ONLY.contains(&e.ours) && !ours.contains(&e.ours) {
            ours.push(e.ours);
        }
    }
    ours.join(", ")
}

fn jcz_tile(ours: &str) -> Result<String, String> {
    names::jcz_tile(ours).ok_or_else(|| format!("tile `{ours}` has no JCloisterZone id"))
}

/// JCZ's location of a bridge along `axis` (`N-S` → `NS`), as on the board.
fn bridge_location(axis: &str) -> &'static str {
    if axis == "N-S" {
        "NS"
    } else {
        "WE"
    }
}

fn message(kind: &str, payload: Value) -> Message {
    Message {
        kind: kind.to_string(),
        payload,
    }
}

impl Builder<'_> {
    fn tile(&self, id: &str) -> Result<&Tile, String> {
        self.tiles
            .get(id)
            .copied()
            .ok_or_else(|| format!("tile `{id}` is not in the tile set"))
    }

    /// A free meeple number of the player's figure: the lowest JCZ has in
    /// supply.
    fn free_number(&self, player: usize, figure: &str) -> u32 {
        (1..)
            .find(|n| {
                !self
                    .tracked
                    .iter()
                    .chain(self.prisoners.iter().map(|(t, _)| t))
                    .chain(&self.trapped)
                    .any(|t| t.player == player && t.figure == figure && t.n == *n)
            })
            .unwrap_or(1)
    }

    fn meeple_id(player: usize, figure: &str, n: u32) -> Result<String, String> {
        let kind = names::meeple_type(figure)
            .ok_or_else(|| format!("figure `{figure}` has no JCloisterZone meeple type"))?;
        Ok(format!("{player}.{kind}.{n}"))
    }

    /// Pointer of feature `feature` of the tile at (x, y).
    fn feature_pointer(
        &self,
        game: &Game<'_>,
        x: i32,
        y: i32,
        feature: u8,
    ) -> Result<Value, String> {
        let (kind, rotation) = game
            .tile_at(x, y)
            .ok_or_else(|| format!("no tile at ({x}, {y})"))?;
        let id = game.rules().kind_id(kind);
        let tile = self.tile(id)?;
        // A bridge's way (no feature of the wire tile): JCZ's road along it.
        for axis in ["N-S", "E-W"] {
            if usize::from(feature) >= tile.features.len()
                && game.rules().feature_named(kind, rotation, axis) == Some(feature)
            {
                return Ok(pointers::pointer(x, y, "Road", bridge_location(axis)));
            }
        }
        let (ftype, loc) =
            pointers::location(tile, rotation, usize::from(feature)).ok_or_else(|| {
                format!(
                    "JCloisterZone has no figure place for feature {} of {id}",
                    tile.features
                        .get(usize::from(feature))
                        .map_or("?", |f| f.kind.as_str())
                )
            })?;
        Ok(pointers::pointer(x, y, ftype, &loc))
    }

    /// Deploys a figure: the message, and the figure tracked where it will stand.
    fn deploy(
        &mut self,
        player: usize,
        figure: &str,
        pointer: Value,
        random: Option<f64>,
        number: Option<u32>,
    ) -> Result<u32, String> {
        let n = number.unwrap_or_else(|| self.free_number(player, figure));
        let mut payload =
            json!({ "meepleId": Self::meeple_id(player, figure, n)?, "pointer": pointer });
        if let Some(r) = random {
            payload["random"] = json!(r);
        }
        if names::meeple_type(figure) == Some("shepherd") {
            self.shepherd_deploy = Some(self.replay.len());
        }
        self.replay.push(message("DEPLOY_MEEPLE", payload));
        Ok(n)
    }

    fn track(
        &mut self,
        player: usize,
        figure: &str,
        n: u32,
        at: (i32, i32, FigureSpot),
        pointer: Value,
    ) {
        self.tracked.push(Tracked {
            player,
            figure: figure.to_string(),
            n,
            x: at.0,
            y: at.1,
            spot: at.2,
            pointer,
        });
    }

    /// The turn's tile is placed: its messages up to the figure action.
    fn placed(&mut self, i: usize, turn: &TurnLog, game: &Game<'_>) -> Result<(), String> {
        self.trap_marks = (self.trapped.len(), None, None);
        self.phantom_exchanged = false;
        self.turn_player = game.active_player();
        self.placed_messages(i, turn, game)?;
        self.trap_marks.1 = Some(self.replay.len());
        Ok(())
    }

    /// The messages of [`Builder::placed`].
    fn placed_messages(&mut self, i: usize, turn: &TurnLog, game: &Game<'_>) -> Result<(), String> {
        let rules = game.rules();
        let player = game.active_player();
        let held = self.tile(&turn.tile)?.held;
        // JCZ offers no abbey while a bazaar's tiles are still to be played.
        let auctioned = !self.bazaar_held.is_empty();
        let won = self.take_won(player, &turn.tile);
        self.castles.clear();
        if !held && !won {
            // A held tile (the abbey) is played instead of a draw.
            self.draw.push(jcz_tile(&turn.tile)?);
            if game.abbeys_held(player) > 0 && !auctioned {
                self.abbey_pass();
            }
            self.last_drawn = player;
        } else if won {
            self.last_drawn = player;
        }
        self.final_abbey = held && game.bag_is_empty();
        if self.final_abbey {
            // The players JCZ offered an abbey before this one passed.
            let players = game.players();
            let mut q = (self.previous + 1) % players;
            while q != player {
                self.final_pass(game, q);
                q = (q + 1) % players;
            }
        }
        self.previous = player;
        self.after_discard = false;
        self.player = player;
        let (Some(x), Some(y)) = (turn.x, turn.y) else {
            return Err("a discard has no placement".into());
        };
        self.squares.insert((x, y));
        let rotation = turn.rotation.unwrap_or(0);
        if let Some(r) = &turn.ransom {
            let figure = r.figure.as_deref().unwrap_or("meeple");
            let k = self
                .prisoners
                .iter()
                .position(|(t, h)| t.player == player && t.figure == figure && *h == r.holder)
                .ok_or_else(|| {
                    format!(
                        "the ransom: no {figure} of the player held by player {}",
                        r.holder
                    )
                })?;
            let (t, _) = self.prisoners.remove(k);
            self.replay.push(message(
                "PAY_RANSOM",
                json!({ "meepleId": Self::meeple_id(player, &t.figure, t.n)? }),
            ));
        }
        self.replay.push(message(
            "PLACE_TILE",
            json!({ "tileId": jcz_tile(&turn.tile)?, "rotation": names::rotation_name(rotation), "position": [x, y] }),
        ));
        let kind = rules
            .kind(&turn.tile)
            .ok_or_else(|| format!("unknown tile `{}`", turn.tile))?;
        if let Some([gx, gy]) = turn.gold {
            // JCZ's second gold bar comes right after the tile (ours after
            // the figure action; neither changes the other).
            self.replay.push(message(
                "PLACE_TOKEN",
                json!({ "token": "GOLD", "pointer": [gx, gy] }),
            ));
        }
        if let Some(m) = &turn.magic {
            // JCZ moves the mage or the witch before the figure action (ours
            // after it; nothing between the two depends on the order).
            self.magic(game, m)?;
        }
        let bridged = match &turn.bridge {
            Some(b) => Some(self.bridge(game, (x, y), b)?),
            None => None,
        };
        let tunnelled = match &turn.tunnel {
            Some(t) => Some(self.tunnel(bridged.as_ref().unwrap_or(game), t)?),
            None => None,
        };
        // The game after the bridge and the token: what JCZ offers next.
        let bridged = tunnelled.or(bridged);
        let acted = self.figure_action(game, player, kind, (x, y, rotation), turn)?;
        if !acted
            && Self::jcz_offers_action(
                bridged.as_ref().unwrap_or(game),
                (x, y),
                turn.bridge.is_some(),
            )
        {
            self.replay.push(message("PASS", json!({})));
        }
        // JCZ's tunnel phase, after the phantom's: a token not put down
        // before the figure action is offered again while the player has
        // one and an opening is unclaimed (its PASS written at `Acted`).
        self.tunnel_pass_due =
            turn.tunnel.is_none() && Self::tunnel_offered(bridged.as_ref().unwrap_or(game));
        // JCZ asks for the phantom only after an action; a pass ends it.
        // Its places: on the board with the turn's bridge and token.
        let game = bridged.as_ref().unwrap_or(game);
        self.phantom_due = (acted && turn.princess.is_none()).then_some(player);
        self.phantom_before = acted
            && if first_figure_is(turn, "phantom") {
                // A phantom whose flight found nowhere to land is home
                // again, and JCZ's phantom phase offers it the tile (not
                // the flying machine, spent).
                turn.flight.as_ref().is_some_and(|f| f.feature.is_none())
                    && self.phantom_places(game, player, false)
            } else if sends_own_phantom_home(turn, player) || self.phantom_exchanged {
                // A first action that sends the player's own phantom home
                // (a tower floor taking it, or taking a follower whose
                // owner holds it, exchanged; freeing it from a trap; the
                // festival) does so before JCZ's phantom phase, which then
                // offers it what a follower of theirs could take.
                Self::follower_places(game, player)
            } else if let Some(m) = &turn.as_abbot {
                // An abbot takes the monastery for JCZ's phantom phase (our
                // engine gives no phantom action after an abbot).
                let taken = rules.feature_named(kind, rotation, &m.feature);
                Self::phantom_places_but(game, player, true, taken)
            } else {
                self.phantom_places(game, player, true)
                    || capture_frees_phantom_place(game, player, turn)
            };
        let _ = i;
        Ok(())
    }

    /// The messages of the turn's figure action (one of the entry's), and
    /// whether it had one.
    fn figure_action(
        &mut self,
        game: &Game<'_>,
        player: usize,
        kind: KindId,
        (x, y, rotation): (i32, i32, u8),
        turn: &TurnLog,
    ) -> Result<bool, String> {
        let rules = game.rules();
        // The tile may have trapped followers: one may be freed at once.
        self.newly_trapped(game, &game.figures());
        if self.trap_marks.1.is_none() {
            // JCZ traps what the tile exposes as it is placed, asking no
            // one: only what the actions expose is the trap phases' to
            // confirm.
            self.trap_marks.0 = self.trapped.len();
        }
        if let Some(m) = turn
            .meeple
            .as_ref()
            .filter(|m| matches!(m.feature.as_str(), "N-S" | "E-W"))
            .filter(|m| {
                turn.bridge
                    .as_ref()
                    .is_some_and(|b| (b.x, b.y) == (x, y) && b.axis == m.feature)
            })
        {
            // A follower on the bridge of the tile placed: JCZ's road along it.
            let feature = rules
                .feature_named(kind, rotation, &m.feature)
                .ok_or_else(|| format!("{} has no feature `{}`", turn.tile, m.feature))?;
            let pointer = pointers::pointer(x, y, "Road", bridge_location(&m.feature));
            let at = (x, y, FigureSpot::Feature(feature));
            let n = self.deploy(player, &m.figure, pointer.clone(), None, None)?;
            self.track(player, &m.figure, n, at, pointer);
        } else if let Some(m) = &turn.meeple {
            let feature = rules
                .feature_named(kind, rotation, &m.feature)
                .ok_or_else(|| format!("{} has no feature `{}`", turn.tile, m.feature))?;
            let pointer = self.feature_pointer(game, x, y, feature)?;
            let at = (x, y, FigureSpot::Feature(feature));
            let n = self.deploy(player, &m.figure, pointer.clone(), None, None)?;
            self.track(player, &m.figure, n, at, pointer);
        } else if let Some(m) = &turn.as_abbot {
            // The engine keeps an abbot on its tile off the monastery.
            let pointer = pointers::pointer(x, y, "Monastery", "AS_ABBOT");
            let at = (x, y, FigureSpot::Acrobats);
            let n = self.deploy(player, &m.figure, pointer.clone(), None, None)?;
            self.track(player, &m.figure, n, at, pointer);
        } else if let Some(f) = &turn.festival {
            let spot = self.spot_of(game, f.x, f.y, &f.feature).ok();
            let k = self
                .tracked
                .iter()
                .position(|t| {
                    t.player == player
                        && f.figure.as_deref().is_none_or(|g| g == t.figure)
                        && (t.x, t.y) == (f.x, f.y)
                        && spot.is_none_or(|s| s == t.spot)
                })
                .ok_or_else(|| {
                    format!(
                        "the festival: no figure of the player at ({}, {})",
                        f.x, f.y
                    )
                })?;
            let t = self.tracked.remove(k);
            self.replay.push(message(
                "RETURN_MEEPLE",
                json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(player, &t.figure, t.n)? }, "source": "FESTIVAL" }),
            ));
        } else if let Some(a) = &turn.acrobat {
            let figure = a.figure.as_deref().unwrap_or("meeple");
            if names::meeple_type(figure) != Some("small") {
                return Err(format!("a {figure} as an acrobat: JCloisterZone does not allow it (it offers the acrobat space only to a meeple), so this game cannot be exported"));
            }
            let pointer = pointers::pointer(a.x, a.y, "Acrobats", "I");
            let at = (a.x, a.y, FigureSpot::Acrobats);
            let n = self.deploy(player, figure, pointer.clone(), None, None)?;
            self.track(player, figure, n, at, pointer);
        } else if let Some(p) = &turn.score_pyramid {
            self.replay.push(message(
                "SCORE_ACROBATS",
                json!({ "pointer": pointers::pointer(p.x, p.y, "Acrobats", "I") }),
            ));
        } else if let Some(r) = &turn.recall {
            let figure = r.figure.as_deref().unwrap_or("abbot");
            let k = self
                .tracked
                .iter()
                .position(|t| t.player == player && t.figure == figure && (t.x, t.y) == (r.x, r.y))
                .ok_or_else(|| format!("no {figure} of the player at ({}, {})", r.x, r.y))?;
            let t = self.tracked.remove(k);
            self.replay.push(message(
                "RETURN_MEEPLE",
                json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(player, figure, t.n)? }, "source": "ABBOT_RETURN" }),
            ));
        } else if let Some(b) = &turn.barn {
            self.barn(game, player, (x, y, rotation), kind, b)?;
        } else if let Some(f) = &turn.flight {
            self.flight(game, player, kind, (x, y), f)?;
        } else if let Some(t) = &turn.tower {
            self.tower_floor(game, player, t)?;
        } else if let Some(r) = &turn.tower_follower {
            let figure = r.figure.as_deref().unwrap_or("meeple");
            let pointer = pointers::pointer(r.x, r.y, "Tower", "I");
            let spot = self
                .spot_of(game, r.x, r.y, "tower")
                .unwrap_or(FigureSpot::Acrobats);
            let at = (r.x, r.y, spot);
            let n = self.deploy(player, figure, pointer.clone(), None, None)?;
            self.track(player, figure, n, at, pointer);
        } else if let Some(figure) = &turn.vodyanoy {
            // The trapped follower of that kind trapped first goes home.
            let k = self
                .trapped
                .iter()
                .position(|t| t.player == player && t.figure == *figure)
                .ok_or_else(|| format!("no {figure} of the player is trapped"))?;
            let t = self.trapped.remove(k);
            if t.pointer["position"] == json!([x, y]) {
                return Err(format!("a {figure} freed from the trap on the tile just placed: JCloisterZone offers freeing only from the other traps, so this game cannot be exported"));
            }
            self.replay.push(message(
                "RETURN_MEEPLE",
                json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(player, &t.figure, t.n)? }, "source": "TRAP" }),
            ));
        } else if self.dragon_action(game, player, turn)? {
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// JCZ's phase for the phantom, after a figure action that did not
    /// pass (nor send a knight home with the princess): the phantom's
    /// action (the entry's `phantom`, written as a figure action), or a
    /// `PASS` when JCZ offers the phantom a place and the player puts it
    /// nowhere. `game` is the game after the turn's first action.
    fn phantom_phase(&mut self, game: &Game<'_>, turn: &TurnLog) -> Result<(), String> {
        // The turn's player: once the turn has ended, the game's active
        // player is the next one.
        let Some(player) = self.phantom_due.take() else {
            return Ok(());
        };
        let rules = game.rules();
        let (Some(x), Some(y)) = (turn.x, turn.y) else {
            return Ok(());
        };
        let kind = rules
            .kind(&turn.tile)
            .ok_or_else(|| format!("unknown tile `{}`", turn.tile))?;
        if let Some(p) = &turn.phantom {
            let second = p.as_turn(turn);
            let rotation = turn.rotation.unwrap_or(0);
            if self.figure_action(game, player, kind, (x, y, rotation), &second)? {
                return Ok(());
            }
        }
        // Our phantom's action due: JCZ offers what we do. Else (after a
        // tower floor, an abbot taken back, the fairy: no second action
        // here) JCZ still offers the phantom the places it had before the
        // first action.
        // (The phantom's supply is not read here: the turn's scoring may
        // already have sent it home.)
        let offered = if game.phase() == Phase::Figure {
            self.phantom_places(game, player, true)
        } else {
            self.phantom_before
        };
        if offered {
            self.replay.push(message("PASS", json!({})));
        }
        Ok(())
    }

    /// Whether the player's phantom may go somewhere now (JCZ's phantom
    /// phase has an action), by a flight too if `fly`.
    fn phantom_places(&self, game: &Game<'_>, player: usize, fly: bool) -> bool {
        Self::phantom_places_but(game, player, fly, None)
    }

    /// [`Builder::phantom_places`], feature `taken` of the tile excepted
    /// (the monastery an abbot was just put on: JCZ counts it occupied).
    fn phantom_places_but(game: &Game<'_>, player: usize, fly: bool, taken: Option<u8>) -> bool {
        let Some(phantom) = game.rules().figure("phantom") else {
            return false;
        };
        game.active_player() == player
            && game.legal_meeple_actions().iter().any(|a| match a {
                // (JCZ's phantom phase offers no acrobat space, and opens
                // only for a place the tile gives: a tower top alone does
                // not open it.)
                MeepleAction::Place { figure, feature } => {
                    *figure == phantom && Some(*feature) != taken
                }
                MeepleAction::Portal { figure, .. } => *figure == phantom,
                MeepleAction::Fly { figure, .. } => fly && *figure == phantom,
                _ => false,
            })
    }

    /// The turn's `COMMIT`, after a `COMMIT` for each of JCZ's trap phases
    /// that finds one of the turn player's own followers to trap (JCZ asks
    /// them to confirm): right after the first figure action, and after the
    /// phantom's and the tunnel's when the phantom placed this turn is one.
    /// A trap's commit that nothing follows in the turn is the turn's own.
    fn push_commit(&mut self, turn: &TurnLog) {
        let (before, first, second) = self.trap_marks;
        let own = || {
            self.trapped[before.min(self.trapped.len())..]
                .iter()
                .filter(|t| t.player == self.turn_player)
        };
        let phantom = |t: &Tracked| turn.phantom.is_some() && t.figure == "phantom";
        let at_first = own().any(|t| !phantom(t));
        let at_second = own().any(phantom);
        let len = self.replay.len();
        // The later one first, so that the earlier index still holds; a
        // trap's commit with no message after it is the turn's.
        let mut last = None;
        for (due, at) in [(at_second, second.or(first)), (at_first, first)] {
            if let (true, Some(k)) = (due, at.filter(|&k| k <= len)) {
                self.replay.insert(k, message("COMMIT", json!({})));
                last = last.or(Some(k));
            }
        }
        if last != Some(len) {
            self.replay.push(message("COMMIT", json!({})));
        }
    }

    /// Whether the player's phantom, once home, could go somewhere now: a
    /// feature of the tile that admits it, or where their meeple could go
    /// through a portal or a flight.
    fn follower_places(game: &Game<'_>, player: usize) -> bool {
        let (Some(phantom), meeple) = (
            game.rules().figure("phantom"),
            game.rules().figure("meeple"),
        ) else {
            return false;
        };
        game.active_player() == player
            && (game.tile_admits(phantom)
                || game.legal_meeple_actions().iter().any(|a| match a {
                    MeepleAction::Portal { figure, .. } | MeepleAction::Fly { figure, .. } => {
                        Some(*figure) == meeple
                    }
                    _ => false,
                }))
    }

    /// Whether the player may put down a tunnel token now.
    fn tunnel_offered(game: &Game<'_>) -> bool {
        game.legal_meeple_actions()
            .iter()
            .any(|a| matches!(a, MeepleAction::Tunnel { .. }))
    }

    /// The turn's tunnel token: `PLACE_TOKEN` `TUNNEL_A` (pair 1), `_B` or
    /// `_C` on the road pointer of the opening, before the figure action.
    /// Returns the game with the token down, for the actions JCZ offers
    /// after it.
    fn tunnel<'r>(
        &mut self,
        game: &Game<'r>,
        t: &crate::engine::log::TunnelLog,
    ) -> Result<Game<'r>, String> {
        let pair = t.pair.unwrap_or(1);
        let token = match pair {
            1 => "TUNNEL_A",
            2 => "TUNNEL_B",
            3 => "TUNNEL_C",
            _ => {
                return Err(format!(
                    "the tunnel token: JCloisterZone has three pairs of tunnel tokens, not a pair {pair}"
                ))
            }
        };
        let (kind, rotation) = game
            .tile_at(t.x, t.y)
            .ok_or_else(|| format!("the tunnel token: no tile at ({}, {})", t.x, t.y))?;
        let feature = game
            .rules()
            .feature_named(kind, rotation, &t.feature)
            .ok_or_else(|| {
                format!(
                    "the tunnel token: the tile at ({}, {}) has no feature `{}`",
                    t.x, t.y, t.feature
                )
            })?;
        let pointer = self.feature_pointer(game, t.x, t.y, feature)?;
        self.replay.push(message(
            "PLACE_TOKEN",
            json!({ "token": token, "pointer": pointer }),
        ));
        let mut after = game.clone();
        after
            .apply(&crate::engine::Move::Figure(MeepleAction::Tunnel {
                x: t.x,
                y: t.y,
                feature,
                pair: u8::try_from(pair - 1).unwrap_or(u8::MAX),
            }))
            .map_err(|e| format!("the tunnel token: {}", e.0))?;
        Ok(after)
    }

    /// Whether JCZ offers the player an action after the tile at (x, y) is
    /// placed (so a turn without one passes): a figure action, or a bridge
    /// across that tile while the turn has placed none (JCZ offers no bridge
    /// across a neighbour).
    fn jcz_offers_action(game: &Game<'_>, (x, y): (i32, i32), bridged: bool) -> bool {
        let player = game.active_player();
        game.legal_meeple_actions().iter().any(|a| match a {
            MeepleAction::Pass => false,
            MeepleAction::Bridge { x: bx, y: by, .. } => !bridged && (*bx, *by) == (x, y),
            // JCZ frees no follower from a trap on the tile just placed.
            MeepleAction::Vodyanoy(f) => game.trapped().iter().any(|t| {
                t.player == player && t.figure == game.rules().figure_id(*f) && (t.x, t.y) != (x, y)
            }),
            _ => true,
        })
    }

    /// The turn's bridge: `PLACE_TOKEN` across the tile placed, or nothing
    /// when the placement needs it (JCZ's placement then carries it).
    /// Returns the game with the bridge placed, for the actions JCZ offers
    /// after it.
    fn bridge<'r>(
        &mut self,
        game: &Game<'r>,
        (x, y): (i32, i32),
        b: &crate::engine::log::BridgeLog,
    ) -> Result<Game<'r>, String> {
        let axis = match b.axis.as_str() {
            "N-S" => 0,
            "E-W" => 1,
            a => return Err(format!("the bridge: `{a}` is no axis")),
        };
        if !game.bridge_needed() {
            if (b.x, b.y) != (x, y) {
                return Err("a bridge across a neighbour of the tile placed, which the placement does not need: JCloisterZone offers a bridge only across the tile just placed".into());
            }
            self.replay.push(message(
                "PLACE_TOKEN",
                json!({ "token": "BRIDGE", "pointer": pointers::pointer(x, y, "Road", bridge_location(&b.axis)) }),
            ));
        }
        let mut after = game.clone();
        after
            .apply(&crate::engine::Move::Figure(MeepleAction::Bridge {
                x: b.x,
                y: b.y,
                axis,
            }))
            .map_err(|e| format!("the bridge: {}", e.0))?;
        Ok(after)
    }

    /// Whether the turn's tile is the one the player won at a bazaar (and
    /// plays now instead of drawing): taken off the tiles held.
    fn take_won(&mut self, player: usize, tile: &str) -> bool {
        let won = self
            .bazaar_held
            .first()
            .is_some_and(|(o, t)| *o == player && t == tile);
        if won {
            self.bazaar_held.remove(0);
        }
        won
    }

    /// A small city offered a castle: its owner, the log's answer and the
    /// city's pieces, kept for the turn's castle messages.
    fn castle(&mut self, turn: &TurnLog, game: &Game<'_>) {
        let Some((owner, _, _)) = game.castle_offer() else {
            return;
        };
        let answers = turn.castle.as_deref().unwrap_or(&[]);
        let build = answers.get(self.castles.len()).copied().unwrap_or(false);
        self.castles
            .push((owner, build, game.castle_offer_pieces()));
    }

    /// The turn's ferry messages, after the figure action (and the
    /// phantom's, and the tunnel's), before the castles: `PLACE_TOKEN` of a
    /// ferry on the road pointer its two road ends make together (`SW` for
    /// the roads at S and W), for the new ferry and then each one moved; a
    /// `PASS` ends the moves when JCZ, as our engine, still offered one.
    fn ferry_messages(&mut self, turn: &TurnLog) -> Result<(), String> {
        let decisions = std::mem::take(&mut self.ferry_decisions);
        let items = turn.ferry.as_deref().unwrap_or(&[]);
        for f in items {
            let side = |end: &str| {
                Slot::parse(end).map(Slot::side).ok_or_else(|| {
                    format!("a ferry's road end `{}` is no slot", end.escape_debug())
                })
            };
            let sides = [side(&f.ends[0])?, side(&f.ends[1])?];
            let location = crate::export::jcz::names::sides_location(&sides);
            self.replay.push(message(
                "PLACE_TOKEN",
                json!({ "token": "FERRY", "pointer": pointers::pointer(f.x, f.y, "Road", &location) }),
            ));
        }
        if decisions > items.len() {
            self.replay.push(message("PASS", json!({})));
        }
        Ok(())
    }

    /// Moves the followers the engine trapped since the last look from
    /// `tracked` to `trapped`, on their trap's pointer (JCZ moves them onto
    /// its trap feature, keeping their meeple ids). `standing` is the
    /// board now: a trapped follower is a tracked one no longer on it, the
    /// nearest to the trap first.
    fn newly_trapped(&mut self, game: &Game<'_>, standing: &[crate::engine::FigureView]) {
        let now = game.trapped();
        let mut known: Vec<&Tracked> = self.trapped.iter().collect();
        let mut fresh = Vec::new();
        for c in &now {
            let same = |t: &&Tracked| {
                t.player == c.player
                    && t.figure == c.figure
                    && t.pointer["position"] == json!([c.x, c.y])
            };
            if let Some(k) = known.iter().position(same) {
                known.remove(k);
            } else {
                fresh.push(c.clone());
            }
        }
        for c in fresh {
            let gone = |t: &Tracked| {
                t.player == c.player
                    && t.figure == c.figure
                    && !standing.iter().any(|f| {
                        f.player == t.player
                            && f.figure == t.figure
                            && (f.x, f.y, f.spot) == (t.x, t.y, t.spot)
                    })
            };
            let near = |t: &Tracked| (t.x - c.x).abs().max((t.y - c.y).abs());
            let Some(k) = (0..self.tracked.len())
                .filter(|&k| gone(&self.tracked[k]))
                .min_by_key(|&k| near(&self.tracked[k]))
            else {
                continue;
            };
            let mut t = self.tracked.remove(k);
            let kind = if c.trap == "razboynik" {
                "SoloveiRazboynik"
            } else {
                "Vodyanoy"
            };
            t.pointer = pointers::pointer(c.x, c.y, kind, "I");
            self.trapped.push(t);
        }
    }

    /// The turn's flock decisions, after the ferries, before the castles
    /// (JCZ's shepherd phase). A shepherd placed this turn draws with the
    /// random number of its `DEPLOY_MEEPLE`; each later decision is a
    /// `FLOCK_EXPAND_OR_SCORE`, `EXPAND` with the random number that draws
    /// the logged token from JCZ's bag, or `SCORE`.
    fn flock_messages(&mut self, turn: &TurnLog) -> Result<(), String> {
        let bags = std::mem::take(&mut self.flock_bags);
        let mut fresh = self.shepherd_deploy.take();
        let items = turn.flock.as_deref().unwrap_or(&[]);
        if bags.len() != items.len() {
            return Err(format!(
                "{} flock decisions logged, {} due",
                items.len(),
                bags.len()
            ));
        }
        for (item, bag) in items.iter().zip(&bags) {
            let random = match &item.draw {
                Some(id) => Some(sheep::random_for(bag, self.token_value(id)?)?),
                None => None,
            };
            if let Some(at) = fresh.take() {
                let r = random.ok_or("a shepherd just placed draws at once")?;
                self.replay[at].payload["random"] = json!(r);
                continue;
            }
            let payload = match random {
                Some(r) => json!({ "value": "EXPAND", "random": r }),
                None => json!({ "value": "SCORE" }),
            };
            self.replay.push(message("FLOCK_EXPAND_OR_SCORE", payload));
        }
        Ok(())
    }

    /// The turn's castle messages, after the figure action: `PLACE_TOKEN`
    /// of a castle on the pointer of the city's piece on the tile placed,
    /// or `PASS`, as JCZ asks (`names::castle_decisions`).
    fn castle_messages(&mut self, turn: &TurnLog, game: &Game<'_>) -> Result<(), String> {
        let offers = std::mem::take(&mut self.castles);
        if offers.is_empty() {
            return Ok(());
        }
        let asked: Vec<(usize, bool)> = offers.iter().map(|(o, b, _)| (*o, *b)).collect();
        for d in names::castle_decisions(&asked)? {
            let Some(i) = d else {
                self.replay.push(message("PASS", json!({})));
                continue;
            };
            let (owner, _, pieces) = &offers[i];
            let (Some(x), Some(y)) = (turn.x, turn.y) else {
                return Err("a castle on a turn without a placement".into());
            };
            let &(_, _, f) = pieces
                .iter()
                .find(|(px, py, _)| (*px, *py) == (x, y))
                .ok_or("the small city offered a castle has no piece on the tile placed")?;
            // The follower becomes the castle's lord, off the city on its tile.
            for t in &mut self.tracked {
                if t.player == *owner
                    && pieces.iter().any(|&(px, py, pf)| {
                        (t.x, t.y, t.spot) == (px, py, FigureSpot::Feature(pf))
                    })
                {
                    t.spot = FigureSpot::Acrobats;
                }
            }
            let pointer = self.feature_pointer(game, x, y, f)?;
            self.replay.push(message(
                "PLACE_TOKEN",
                json!({ "token": "CASTLE", "pointer": pointer }),
            ));
        }
        Ok(())
    }

    /// The mage's or the witch's move (`MOVE_NEUTRAL_FIGURE` to a feature
    /// pointer), or its removal from the board (`to` null).
    fn magic(&mut self, game: &Game<'_>, m: &crate::engine::log::MagicLog) -> Result<(), String> {
        if !matches!(m.figure.as_str(), "mage" | "witch") {
            return Err(format!("no JCloisterZone figure `{}`", m.figure));
        }
        let to = match (m.x, m.y, &m.feature) {
            (Some(x), Some(y), Some(name)) => {
                let FigureSpot::Feature(f) = self.spot_of(game, x, y, name)? else {
                    return Err(format!("the {} goes to no feature", m.figure));
                };
                self.feature_pointer(game, x, y, f)?
            }
            _ => Value::Null,
        };
        self.replay.push(message(
            "MOVE_NEUTRAL_FIGURE",
            json!({ "figureId": format!("{}.1", m.figure), "to": to }),
        ));
        Ok(())
    }

    /// A tower floor (`PLACE_TOKEN`), then its capture (`CAPTURE_FOLLOWER`,
    /// or `PASS` when JCZ offers one: any follower in line within the
    /// tower's height, the tower's tile included, a trapped one on its
    /// trap's tile too), and the exchange JCZ asks
    /// for when the captive's owner holds prisoners of more than one type.
    fn tower_floor(
        &mut self,
        game: &Game<'_>,
        player: usize,
        t: &crate::engine::log::TowerLog,
    ) -> Result<(), String> {
        let height = {
            let h = self.towers.entry((t.x, t.y)).or_insert(0);
            *h += 1;
            *h
        };
        self.replay.push(message(
            "PLACE_TOKEN",
            json!({ "token": "TOWER_PIECE", "pointer": pointers::pointer(t.x, t.y, "Tower", "I") }),
        ));
        let Some(c) = &t.capture else {
            let within = |x: i32, y: i32| {
                (x == t.x || y == t.y)
                    && (x - t.x).unsigned_abs() + (y - t.y).unsigned_abs() <= height
            };
            // JCZ offers the followers in a trap too (on the trap's tile),
            // which our tower cannot take.
            // (JCZ's special figures, no followers: none is taken; nor a
            // castle's lord, off its city on a spot of our own.)
            let lord =
                |f: &Tracked| f.spot == FigureSpot::Acrobats && f.pointer["feature"] == "City";
            let reach = self.tracked.iter().any(|f| {
                !matches!(f.figure.as_str(), "builder" | "pig" | "shepherd" | "barn")
                    && !lord(f)
                    && within(f.x, f.y)
            }) || self.trapped.iter().any(|f| {
                let at = |i: usize| {
                    f.pointer["position"][i]
                        .as_i64()
                        .and_then(|v| i32::try_from(v).ok())
                };
                matches!((at(0), at(1)), (Some(x), Some(y)) if within(x, y))
            });
            if reach {
                self.replay.push(message("PASS", json!({})));
            }
            return Ok(());
        };
        let figure = c.figure.as_deref().unwrap_or("meeple");
        let spot = match c.feature.as_str() {
            "acrobats" => FigureSpot::Acrobats,
            name => self.spot_of(game, c.x, c.y, name)?,
        };
        let k = self
            .tracked
            .iter()
            .position(|f| {
                f.player == c.player && f.figure == figure && (f.x, f.y, f.spot) == (c.x, c.y, spot)
            })
            .ok_or_else(|| format!("the capture: no {figure} of player {} there", c.player))?;
        let captive = self.tracked.remove(k);
        self.replay.push(message(
            "CAPTURE_FOLLOWER",
            json!({ "pointer": { "featurePointer": captive.pointer, "meepleId": Self::meeple_id(captive.player, &captive.figure, captive.n)? } }),
        ));
        if captive.player == player {
            return Ok(());
        }
        let held: Vec<usize> = (0..self.prisoners.len())
            .filter(|&i| {
                self.prisoners[i].0.player == player && self.prisoners[i].1 == captive.player
            })
            .collect();
        if let Some(&first) = held.first() {
            let mut types: Vec<String> = held
                .iter()
                .map(|&i| self.prisoners[i].0.figure.clone())
                .collect();
            types.sort_unstable();
            types.dedup();
            let (back, _) = self.prisoners.remove(first);
            self.phantom_exchanged |= back.figure == "phantom";
            if types.len() > 1 {
                self.replay.push(message(
                    "EXCHANGE_FOLLOWER",
                    json!({ "meepleId": Self::meeple_id(back.player, &back.figure, back.n)? }),
                ));
            }
            return Ok(());
        }
        self.prisoners.push((captive, player));
        Ok(())
    }

    /// A flight: the figure onto the flying machine with the roll forced,
    /// then, when it lands, onto the feature reached.
    fn flight(
        &mut self,
        game: &Game<'_>,
        player: usize,
        kind: crate::engine::KindId,
        (x, y): (i32, i32),
        f: &crate::engine::log::FlightLog,
    ) -> Result<(), String> {
        let rules = game.rules();
        let figure = f.figure.as_deref().unwrap_or("meeple");
        let tile = self.tile(rules.kind_id(kind))?;
        let machine = tile
            .features
            .iter()
            .position(|f| f.kind == "flier")
            .ok_or_else(|| format!("{} has no flying machine", tile.id))?;
        let faces = 3.0;
        let random = (f64::from(f.roll) - 1.0 + 0.5) / faces;
        let machine_at = pointers::pointer(x, y, "FlyingMachine", "I");
        let _ = machine;
        let n = self.deploy(player, figure, machine_at, Some(random), None)?;
        let Some(name) = &f.feature else {
            return Ok(());
        };
        let fid = rules
            .figure(figure)
            .ok_or_else(|| format!("unknown figure `{figure}`"))?;
        let ((tx, ty), _) = game
            .flight_landings(fid, f.roll)
            .ok_or_else(|| "the tile has no flying machine".to_string())?;
        let (target, trot) = game
            .tile_at(tx, ty)
            .ok_or_else(|| format!("the flight reaches ({tx}, {ty}), where no tile lies"))?;
        let feature = rules
            .feature_named(target, trot, name)
            .ok_or_else(|| format!("no feature `{name}` at ({tx}, {ty})"))?;
        if rules.is_pyramid(target, feature) {
            return Err("a flight onto acrobats: JCloisterZone does not allow it (it offers a flier no acrobat space), so this game cannot be exported".into());
        }
        let pointer = self.feature_pointer(game, tx, ty, feature)?;
        let at = (tx, ty, FigureSpot::Feature(feature));
        self.deploy(player, figure, pointer.clone(), None, Some(n))?;
        self.track(player, figure, n, at, pointer);
        Ok(())
    }

    /// The turn is done: figures that came home free their ids; the commit
    /// (with the random number that makes JCZ draw the animal token our log
    /// scored); the crop circle's messages.
    fn done(&mut self, i: usize, turn: &TurnLog, game: &Game<'_>) -> Result<(), String> {
        let done = self.done_messages(i, turn, game);
        // Read for the next turn's abbey offer (a discard's offer, in
        // `done_messages`, is the one read before).
        self.abbey_open = Some(!game.abbey_placements().is_empty());
        done
    }

    /// The messages of [`Builder::done`].
    fn done_messages(&mut self, i: usize, turn: &TurnLog, game: &Game<'_>) -> Result<(), String> {
        if turn.discard {
            self.previous = game.active_player();
            self.last_drawn = self.previous;
            self.final_abbey = false;
            let auctioned = !self.bazaar_held.is_empty();
            if !self.take_won(game.active_player(), &turn.tile) {
                // A tile won at a bazaar that fits nowhere is not drawn.
                self.draw.push(jcz_tile(&turn.tile)?);
                if game.abbeys_held(game.active_player()) > 0 && !auctioned {
                    self.abbey_pass();
                }
            }
            self.after_discard = true;
            self.bazaar_held = self.held_now(game);
            return Ok(());
        }
        self.ferry_messages(turn)?;
        self.flock_messages(turn)?;
        self.castle_messages(turn, game)?;
        // The wagons move first after the scoring: a crop circle may then
        // take one back or the dragon eat it, so they are tracked before
        // those are read; their messages follow the commit.
        let wagons = self.wagon_moves(game, turn.wagon.as_deref().unwrap_or(&[]))?;
        let crop_type = self.crop_type(turn)?;
        let mut removed = Vec::new();
        if let (Some(crop), Some(_)) = (&turn.crop, &crop_type) {
            if crop.action == CropActionLog::Remove {
                for (k, r) in crop.responses.iter().enumerate() {
                    let Some(r) = r else { continue };
                    let q = (self.player + 1 + k) % game.players();
                    let spot = self.spot_of(game, r.x, r.y, &r.feature)?;
                    let t = self
                        .pick(|t| {
                            t.player == q
                                && r.figure.as_deref().is_none_or(|f| f == t.figure)
                                && (t.x, t.y, t.spot) == (r.x, r.y, spot)
                        })
                        .ok_or_else(|| {
                            format!("crop response {}: no figure of player {q} there", k + 1)
                        })?;
                    removed.push((k, self.tracked.remove(t)));
                }
            }
        }
        let mut escaped = None;
        if let Some(e) = &turn.escape {
            let spot = self.spot_of(game, e.x, e.y, &e.feature)?;
            let q = self.player;
            let t = self
                .pick(|t| {
                    t.player == q
                        && e.figure.as_deref().is_none_or(|f| f == t.figure)
                        && (t.x, t.y, t.spot) == (e.x, e.y, spot)
                })
                .ok_or("the escape: no figure of the player there")?;
            escaped = Some(self.tracked.remove(t));
        }
        let mut standing = game.figures();
        self.newly_trapped(game, &standing);
        let mut kept = Vec::with_capacity(self.tracked.len());
        for t in self.tracked.drain(..) {
            if let Some(k) = standing.iter().position(|f| {
                f.player == t.player
                    && f.figure == t.figure
                    && (f.x, f.y, f.spot) == (t.x, t.y, t.spot)
            }) {
                standing.swap_remove(k);
                kept.push(t);
            }
        }
        self.tracked = kept;
        let mut token = None;
        if self.circus(turn)? {
            if let Some(prev) = self.big_top {
                token = Some(self.token_random(prev, None)?);
            }
            self.big_top = match &turn.token {
                Some(t) => Some(self.token_value(t)?),
                None => None,
            };
        }
        self.push_commit(turn);
        self.replay.extend(wagons);
        // JCZ draws the token in its big top phase, after the wagon phase:
        // with the random of the turn's last commit, a wagon's when one
        // moved. The final scoring's draw steps on from it, or takes the
        // random of a later commit (`final_big_top`).
        if let Some(r) = token {
            if let Some(last) = self.replay.iter().rposition(|m| m.kind == "COMMIT") {
                self.replay[last].payload["random"] = json!(r);
            }
        }
        self.dragon_steps(turn);
        let adds = match (&turn.crop, &crop_type) {
            (Some(crop), Some(kind)) => {
                self.crop(game, crop, kind, &removed, standing.len(), escaped.as_ref())?
            }
            _ => 0,
        };
        if std::mem::take(&mut self.escape_due) {
            match escaped {
                Some(t) => self.replay.push(message(
                    "RETURN_MEEPLE",
                    json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(self.player, &t.figure, t.n)? }, "source": "SIEGE_ESCAPE" }),
                )),
                None => self.replay.push(message("PASS", json!({}))),
            }
        }
        if let Some(bazaar) = &turn.bazaar {
            self.auction(bazaar)?;
        }
        self.bazaar_held = self.held_now(game);
        if standing.len() != adds {
            let f = &standing[0];
            return Err(format!(
                "a {} of player {} at ({}, {}) that the export did not place",
                f.figure, f.player, f.x, f.y
            ));
        }
        let next = self.log.turns.get(i + 1);
        if game.second_turn_due() && next.is_some_and(|n| !n.second_turn) {
            return Err(
                "the log declines a builder's second turn, which JCloisterZone always gives".into(),
            );
        }
        Ok(())
    }

    /// A bazaar's auction once the turn is done: its tiles drawn (in the
    /// order JCZ's supply lists them), then each round: the chooser's
    /// `BAZAAR_BID` (the tile's index and the opening price), each other
    /// bidder's `BAZAAR_BID` or `PASS`, and `BAZAAR_BUY_OR_SELL` when the
    /// chooser was outbid. The last tile goes without a message.
    fn auction(&mut self, bazaar: &crate::engine::log::BazaarLog) -> Result<(), String> {
        for t in &bazaar.tiles {
            self.draw.push(jcz_tile(t)?);
        }
        for r in &bazaar.rounds {
            self.replay.push(message(
                "BAZAAR_BID",
                json!({ "supplyIndex": r.tile, "price": r.bid }),
            ));
            for raise in &r.raises {
                self.replay.push(match raise {
                    Some(p) => message("BAZAAR_BID", json!({ "supplyIndex": r.tile, "price": p })),
                    None => message("PASS", json!({})),
                });
            }
            if let Some(sell) = r.sell {
                self.replay.push(message(
                    "BAZAAR_BUY_OR_SELL",
                    json!({ "value": if sell { "SELL" } else { "BUY" } }),
                ));
            }
        }
        Ok(())
    }

    /// The tiles won at a bazaar the engine holds for their owners now.
    fn held_now(&self, game: &Game<'_>) -> Vec<(usize, String)> {
        let rules = game.rules();
        game.bazaar_held()
            .into_iter()
            .map(|(o, k)| (o, rules.kind_id(k).to_string()))
            .collect()
    }

    /// Before the turn's first draw, when the player holds an abbey and the
    /// board has a hole: JCZ offers the abbey, the player passes and commits.
    fn abbey_pass(&mut self) {
        let open = self.abbey_open.take().unwrap_or_else(|| self.hole());
        if self.after_discard || !open {
            return;
        }
        self.replay.push(message("PASS", json!({})));
        self.replay.push(message("COMMIT", json!({})));
    }

    /// In the final round of abbeys, JCZ offers `player` an abbey when they
    /// hold one and a hole is left: one they did not play is a pass.
    fn final_pass(&mut self, game: &Game<'_>, player: usize) {
        if game.abbeys_held(player) > 0 && self.hole() {
            self.replay.push(message("PASS", json!({})));
        }
    }

    /// After the last entry: the players of the final round of abbeys not
    /// yet asked pass, up to the one who drew the last tile (none when that
    /// player's abbey ended the round).
    fn final_round_ends(&mut self, game: &Game<'_>) {
        if self.final_abbey && self.previous == self.last_drawn {
            return;
        }
        let players = game.players();
        let mut q = self.previous;
        for _ in 0..players {
            q = (q + 1) % players;
            self.final_pass(game, q);
            if q == self.last_drawn {
                break;
            }
        }
    }

    /// Whether the board has a hole: an empty square with a tile on each side.
    fn hole(&self) -> bool {
        const AROUND: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        self.squares.iter().any(|&(x, y)| {
            AROUND.iter().any(|&(dx, dy)| {
                let (hx, hy) = (x + dx, y + dy);
                !self.squares.contains(&(hx, hy))
                    && AROUND
                        .iter()
                        .all(|&(ex, ey)| self.squares.contains(&(hx + ex, hy + ey)))
            })
        })
    }

    /// A barn on a corner of the tile placed: JCZ names the corner by the
    /// tile whose north-west corner it is, with the pointer of that tile's
    /// field there (its `NL` half-side).
    fn barn(
        &mut self,
        game: &Game<'_>,
        player: usize,
        (x, y, rotation): (i32, i32, u8),
        kind: crate::engine::KindId,
        b: &crate::engine::log::BarnLog,
    ) -> Result<(), String> {
        let figure = b.figure.as_deref().unwrap_or("barn");
        let (slot, (dx, dy)) = match b.corner.as_str() {
            "NW" => (Slot::NNW, (0, 0)),
            "NE" => (Slot::NNE, (1, 0)),
            "SE" => (Slot::SSE, (1, 1)),
            "SW" => (Slot::SSW, (0, 1)),
            c => return Err(format!("no corner `{c}`")),
        };
        let (px, py) = (x + dx, y + dy);
        let (at_kind, at_rotation) = game
            .tile_at(px, py)
            .ok_or_else(|| format!("the barn's corner has no tile at ({px}, {py})"))?;
        let at_tile = self.tile(game.rules().kind_id(at_kind))?;
        let loc = (0..at_tile.features.len())
            .filter_map(|i| pointers::location(at_tile, at_rotation, i))
            .find(|(k, l)| *k == "Field" && l.split('.').any(|h| h == "NL"))
            .map(|(_, l)| l)
            .ok_or_else(|| format!("no field at the north-west corner of ({px}, {py})"))?;
        let pointer = pointers::pointer(px, py, "Field", &loc);
        let tile = self.tile(game.rules().kind_id(kind))?;
        let feature = tile
            .features
            .iter()
            .position(|f| f.kind == "field" && f.slots.iter().any(|s| s.rotated(rotation) == slot))
            .ok_or_else(|| format!("{} has no field at corner {}", tile.id, b.corner))?;
        let at = (
            x,
            y,
            FigureSpot::Feature(u8::try_from(feature).unwrap_or(u8::MAX)),
        );
        let n = self.deploy(player, figure, pointer.clone(), None, None)?;
        self.track(player, figure, n, at, pointer);
        Ok(())
    }

    /// The wagons' moves after scoring, in the log's order (JCZ's: turn
    /// order from the active player, each wagon with a feature to go to):
    /// `DEPLOY_MEEPLE` and `COMMIT`, or `PASS` for one that stays home.
    fn wagon_moves(
        &mut self,
        game: &Game<'_>,
        moves: &[Option<crate::engine::log::FeatureLog>],
    ) -> Result<Vec<Message>, String> {
        let owners = std::mem::take(&mut self.wagon_owners);
        let mut owners = owners.into_iter();
        let standing = game.figures();
        let mut out = Vec::new();
        for m in moves {
            let q = owners
                .next()
                .ok_or("a wagon's move where no wagon is due")?;
            let Some(f) = m else {
                out.push(message("PASS", json!({})));
                continue;
            };
            let figure = f.figure.as_deref().unwrap_or("wagon");
            let spot = self.spot_of(game, f.x, f.y, &f.feature)?;
            let FigureSpot::Feature(i) = spot else {
                return Err("a wagon moves onto no feature".into());
            };
            // It came home from where it stood: that place is free (its id
            // too) unless another of the player's wagons stands there still.
            self.tracked.retain(|t| {
                t.player != q
                    || t.figure != figure
                    || standing.iter().any(|s| {
                        s.player == q
                            && s.figure == figure
                            && (s.x, s.y, s.spot) == (t.x, t.y, t.spot)
                    })
            });
            let pointer = self.feature_pointer(game, f.x, f.y, i)?;
            let n = self.free_number(q, figure);
            out.push(message(
                "DEPLOY_MEEPLE",
                json!({ "meepleId": Self::meeple_id(q, figure, n)?, "pointer": pointer }),
            ));
            out.push(message("COMMIT", json!({})));
            self.track(q, figure, n, (f.x, f.y, spot), pointer);
        }
        Ok(out)
    }

    /// The figure spot a crop response names.
    fn spot_of(&self, game: &Game<'_>, x: i32, y: i32, name: &str) -> Result<FigureSpot, String> {
        let (kind, rotation) = game
            .tile_at(x, y)
            .ok_or_else(|| format!("no tile at ({x}, {y})"))?;
        let f = game
            .rules()
            .feature_named(kind, rotation, name)
            .ok_or_else(|| format!("no feature `{name}` at ({x}, {y})"))?;
        Ok(FigureSpot::Feature(f))
    }

    /// The kind a crop-circle tile's circle acts on (`None` without one).
    fn crop_type(&self, turn: &TurnLog) -> Result<Option<String>, String> {
        let tile = self.tile(&turn.tile)?;
        Ok(tile
            .features
            .iter()
            .find(|f| f.kind == "crop-circle")
            .map(|f| f.variant.clone().unwrap_or_else(|| "field".into())))
    }

    fn circus(&self, turn: &TurnLog) -> Result<bool, String> {
        Ok(self
            .tile(&turn.tile)?
            .features
            .iter()
            .any(|f| f.kind == "circus"))
    }

    fn token_value(&self, id: &str) -> Result<i64, String> {
        self.set
            .expansions
            .iter()
            .flat_map(|e| &e.tokens)
            .find(|t| t.id == id)
            .map(|t| t.value)
            .ok_or_else(|| format!("unknown animal token `{id}`"))
    }

    /// The random number that makes JCZ draw a token of value `value` (its
    /// unused tokens in its order: 1, 3, 4, 5, 6, 7 points); with `then`, the
    /// number whose first draw gives `value` and whose next draw (JCZ steps
    /// its generator) gives `then`'s value from the tokens left.
    fn token_random(&mut self, value: i64, then: Option<i64>) -> Result<f64, String> {
        let first = unused(&self.used_tokens);
        let k = first
            .iter()
            .position(|v| *v == value)
            .ok_or_else(|| format!("JCloisterZone has no animal token of {value} left"))?;
        let n = first.len() as f64;
        self.used_tokens.push(value);
        let Some(then) = then else {
            return Ok((k as f64 + 0.5) / n);
        };
        let second = unused(&self.used_tokens);
        let k2 = second
            .iter()
            .position(|v| *v == then)
            .ok_or_else(|| format!("JCloisterZone has no animal token of {then} left"))?;
        self.used_tokens.push(then);
        for j in 1..100_000 {
            let r = (k as f64 + f64::from(j) / 100_000.0) / n;
            if (r * n).floor() as usize != k {
                continue;
            }
            if (step(r) * second.len() as f64).floor() as usize == k2 {
                return Ok(r);
            }
        }
        Err("no random number gives both animal tokens of the last turn".into())
    }

    /// Final scoring draws the big top's token from the random number of the
    /// last commit (after that commit's own draw, if any).
    fn final_big_top(&mut self) -> Result<(), String> {
        let Some(value) = self.big_top else {
            return Ok(());
        };
        let Some(last) = self.replay.iter().rposition(|m| m.kind == "COMMIT") else {
            return Ok(());
        };
        let r = match self.replay[last]
            .payload
            .get("random")
            .and_then(Value::as_f64)
        {
            None => self.token_random(value, None)?,
            Some(_) => {
                let earlier = self.used_tokens.pop().unwrap_or(0);
                self.token_random(earlier, Some(value))?
            }
        };
        self.replay[last].payload["random"] = json!(r);
        Ok(())
    }

    /// The crop circle's messages: the choice, then each player's response
    /// (left of the active player first) when JCZ asks for one. Returns the
    /// figures added.
    fn crop(
        &mut self,
        game: &Game<'_>,
        crop: &CropLog,
        kind: &str,
        removed: &[(usize, Tracked)],
        added_on_board: usize,
        escaped: Option<&Tracked>,
    ) -> Result<usize, String> {
        let players = game.players();
        let adds = crop.responses.iter().filter(|r| r.is_some()).count();
        let remove = crop.action == CropActionLog::Remove;
        let before = if remove {
            game.figures().len() + removed.len()
        } else {
            game.figures().len().saturating_sub(adds)
        };
        if before == 0 {
            return Ok(if remove { 0 } else { added_on_board.min(adds) });
        }
        self.replay.push(message(
            "CIRCLE_REMOVE_OR_DEPLOY",
            json!({ "value": if remove { "REMOVE" } else { "DEPLOY" } }),
        ));
        let figures = game.figures();
        for (k, r) in crop.responses.iter().enumerate() {
            let q = (self.player + 1 + k) % players;
            match (r, remove) {
                (Some(_), true) => {
                    let t = &removed
                        .iter()
                        .find(|(i, _)| *i == k)
                        .ok_or("a removal the export lost")?
                        .1;
                    self.replay.push(message(
                        "RETURN_MEEPLE",
                        json!({ "pointer": { "featurePointer": t.pointer, "meepleId": Self::meeple_id(q, &t.figure, t.n)? }, "source": "CORN_CIRCLE" }),
                    ));
                    self.replay.push(message("COMMIT", json!({})));
                }
                (Some(r), false) => {
                    let figure = r.figure.as_deref().unwrap_or("meeple");
                    let spot = self.spot_of(game, r.x, r.y, &r.feature)?;
                    let FigureSpot::Feature(f) = spot else {
                        return Err("a crop response names no feature".into());
                    };
                    let pointer = self.feature_pointer(game, r.x, r.y, f)?;
                    let n = self.deploy(q, figure, pointer.clone(), None, None)?;
                    self.track(q, figure, n, (r.x, r.y, spot), pointer);
                    self.replay.push(message("COMMIT", json!({})));
                }
                (None, true) => {}
                (None, false) => {
                    let on_type = figures.iter().any(|f| {
                        f.player == q
                            && self.is_follower(&f.figure)
                            && self.kind_at(game, f) == Some(kind)
                    });
                    // The game is seen after the turn: a follower that escaped
                    // afterwards stood on its feature during the crop circle.
                    let escaped = escaped.filter(|t| t.player == q);
                    let on_type = on_type
                        || escaped.is_some_and(|t| {
                            let FigureSpot::Feature(i) = t.spot else {
                                return false;
                            };
                            self.feature_kind(game, t.x, t.y, i) == Some(kind)
                        });
                    // JCZ asks a player with any follower in supply that
                    // may stand on the circle's kind (a wagon, a mayor too).
                    let rules = game.rules();
                    let supply = self
                        .set
                        .expansions
                        .iter()
                        .flat_map(|e| &e.figures)
                        .filter(|f| self.is_follower(&f.id))
                        .filter(|f| f.stands_on.is_empty() || f.stands_on.iter().any(|k| k == kind))
                        .any(|f| {
                            rules.figure(&f.id).is_some_and(|fid| {
                                let back = escaped.is_some_and(|t| t.figure == f.id);
                                game.supply(q, fid) > u32::from(back)
                            })
                        });
                    if on_type && supply {
                        self.replay.push(message("PASS", json!({})));
                    }
                }
            }
        }
        Ok(if remove { 0 } else { adds })
    }

    /// A follower in the rules' sense (a crop circle adds and removes only
    /// those): not a builder, pig, barn or shepherd (`follower no`), nor a
    /// neutral figure or a supply piece.
    fn is_follower(&self, id: &str) -> bool {
        self.set
            .expansions
            .iter()
            .flat_map(|e| &e.figures)
            .any(|f| f.id == id && f.follower && !f.neutral && !f.supply)
    }

    /// The kind of the feature a figure stands on.
    fn kind_at<'s>(&'s self, game: &Game<'_>, f: &crate::engine::FigureView) -> Option<&'s str> {
        let FigureSpot::Feature(i) = f.spot else {
            return None;
        };
        self.feature_kind(game, f.x, f.y, i)
    }

    /// The kind of feature `i` of the tile at (`x`, `y`): a feature of the
    /// wire tile, or a bridge's way across it (the kind bridges stand on).
    fn feature_kind<'s>(&'s self, game: &Game<'_>, x: i32, y: i32, i: u8) -> Option<&'s str> {
        let (kind, _) = game.tile_at(x, y)?;
        let tile = self.tiles.get(game.rules().kind_id(kind))?;
        if let Some(feature) = tile.features.get(usize::from(i)) {
            return Some(feature.kind.as_str());
        }
        self.set
            .expansions
            .iter()
            .flat_map(|e| &e.figures)
            .find(|fig| fig.capabilities.iter().any(|c| c == "bridge"))
            .and_then(|fig| fig.stands_on.first())
            .map(String::as_str)
    }
}

/// JCZ's unused animal tokens, by value in its order, after `used` were drawn.
fn unused(used: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    for (value, count) in [(1, 1), (3, 4), (4, 5), (5, 3), (6, 2), (7, 1)] {
        let left = usize::saturating_sub(count, used.iter().filter(|u| **u == value).count());
        out.extend(std::iter::repeat_n(value, left));
    }
    out
}

/// JCZ's random generator after one draw from `r` (a 48-bit linear
/// congruential step on the number's bits).
fn step(r: f64) -> f64 {
    const M: u64 = (1 << 48) - 1;
    let x = r.to_bits() & M;
    let x = x.wrapping_mul(25_214_903_917).wrapping_add(11) & M;
    x as f64 / (M + 1) as f64
}

/// Whether the turn's tower capture frees a feature of the tile just placed
/// for the player's phantom: JCZ's phantom phase reads the board after the
/// capture, so a road, city or field whose only figure was the prisoner is
/// offered (every-set differential, seed 23).
fn capture_frees_phantom_place(game: &Game<'_>, player: usize, turn: &TurnLog) -> bool {
    let Some(c) = turn.tower.as_ref().and_then(|t| t.capture.as_ref()) else {
        return false;
    };
    let (Some(phantom), Some(x), Some(y)) = (game.rules().figure("phantom"), turn.x, turn.y) else {
        return false;
    };
    if game.active_player() != player || game.supply(player, phantom) == 0 {
        return false;
    }
    let Some((kind, rotation)) = game.tile_at(c.x, c.y) else {
        return false;
    };
    let Some(feature) = game.rules().feature_named(kind, rotation, &c.feature) else {
        return false;
    };
    let mut board = game.clone();
    let Some(held) = board.outlook_at(c.x, c.y, feature) else {
        return false;
    };
    if held.figures.iter().map(|&n| u32::from(n)).sum::<u32>() != 1 {
        return false;
    }
    (0u8..64).any(|f| board.outlook_at(x, y, f) == Some(held))
}

/// Whether the turn's first figure action sends the turn player's own
/// phantom home: a tower floor taking it, freeing it from a trap, or taking
/// it back on a festival tile.
fn sends_own_phantom_home(turn: &TurnLog, player: usize) -> bool {
    let phantom = |f: Option<&str>| f == Some("phantom");
    turn.tower
        .as_ref()
        .and_then(|t| t.capture.as_ref())
        .is_some_and(|c| c.player == player && phantom(c.figure.as_deref()))
        || phantom(turn.vodyanoy.as_deref())
        || turn
            .festival
            .as_ref()
            .is_some_and(|f| phantom(f.figure.as_deref()))
}

/// Whether the turn's first figure action moved the figure `name` (a
/// figure not named is a `meeple`).
fn first_figure_is(turn: &TurnLog, name: &str) -> bool {
    let named = |f: Option<&String>| f.map_or("meeple", String::as_str) == name;
    turn.meeple.as_ref().is_some_and(|m| m.figure == name)
        || turn.as_abbot.as_ref().is_some_and(|m| m.figure == name)
        || turn
            .acrobat
            .as_ref()
            .is_some_and(|a| named(a.figure.as_ref()))
        || turn
            .flight
            .as_ref()
            .is_some_and(|f| named(f.figure.as_ref()))
        || turn
            .portal
            .as_ref()
            .is_some_and(|p| named(p.figure.as_ref()))
        || turn
            .tower_follower
            .as_ref()
            .is_some_and(|t| t.figure.as_deref() == Some(name))
}
