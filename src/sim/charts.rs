//! PNG charts of a simulation: the distribution of points per player and game
//! for each source (one panel each), the discard rate of each tile kind, and
//! the chance that the k-th tile drawn is unplaceable. In compare mode the
//! baseline is drawn over the candidate as a dark line or tick.

use super::plot::{rgb, Align, Axes, Canvas, GREY, INK};
use super::summary::{Distribution, Summary};
use super::text::{fixed, percent, thousands};
use tiny_skia::ColorU8;

/// One chart: its file name and PNG bytes.
#[derive(Clone, Debug)]
pub struct Chart {
    /// File name, e.g. `points.png`.
    pub file: &'static str,
    /// The PNG.
    pub png: Vec<u8>,
}

/// The colours of the point columns' panels, in column order (the base
/// game's road, city, cloister and field first), repeated when there are more.
const COLOURS: [ColorU8; 8] = [
    rgb(150, 126, 98), // road
    rgb(196, 128, 58), // city
    rgb(184, 72, 60),  // cloister
    rgb(104, 160, 60), // field
    rgb(146, 84, 170),
    rgb(58, 112, 190),
    rgb(206, 70, 130),
    rgb(200, 170, 40),
];

/// The colour of the total's panel.
const TOTAL: ColorU8 = rgb(112, 128, 152);

/// Bars of a single-colour chart.
const BAR: ColorU8 = rgb(214, 120, 50);

const MARGIN: f32 = 24.0;
const TITLE: f32 = 22.0;

/// Every chart of a summary (with a baseline drawn over it, in compare mode).
///
/// # Errors
/// The font can't be read or the encoder fails.
pub fn charts(summary: &Summary, baseline: Option<&Summary>) -> Result<Vec<Chart>, String> {
    Ok(vec![
        Chart {
            file: "points.png",
            png: points(summary, baseline)?,
        },
        Chart {
            file: "discards-by-kind.png",
            png: discards_by_kind(summary, baseline)?,
        },
        Chart {
            file: "discards-by-draw.png",
            png: discards_by_draw(summary, baseline)?,
        },
    ])
}

/// The height of a heading with `lines` grey lines.
#[allow(clippy::cast_precision_loss)]
fn heading_height(lines: usize) -> f32 {
    MARGIN + TITLE + 20.0 * lines as f32 + 16.0
}

/// The heading: a bold title, grey lines under it; returns the y below.
fn heading(c: &mut Canvas, title: &str, lines: &[String]) -> f32 {
    let mut y = MARGIN + TITLE;
    c.text((MARGIN, y), TITLE, true, Align::Left, title, INK);
    for line in lines {
        y += 20.0;
        c.text((MARGIN, y), 14.0, false, Align::Left, line, GREY);
    }
    y + 16.0
}

fn run_line(s: &Summary) -> String {
    format!(
        "{}: {} game{}, {}, seed {}",
        s.expansions.join(" + "),
        thousands(s.games),
        crate::words::s(s.games),
        crate::words::count(s.players, "player"),
        s.seed
    )
}

fn baseline_line(b: Option<&Summary>, what: &str) -> Vec<String> {
    b.map(|b| format!("{what}: baseline ({})", b.expansions.join(" + ")))
        .into_iter()
        .collect()
}

/// The largest value of `d` short of its top 0.1%: the x range of a panel
/// ends there so one freak game doesn't squash the rest.
fn upper(d: &Distribution) -> i64 {
    let keep = d.count - d.count / 1000;
    let mut seen = 0;
    for &[v, n] in &d.histogram {
        seen += u64::try_from(n).unwrap_or(0);
        if seen >= keep {
            return v;
        }
    }
    d.max
}

/// Shares of the values falling in bins `[start + i·w, start + (i+1)·w)`.
#[allow(clippy::cast_precision_loss)]
fn binned(d: &Distribution, start: i64, width: i64, bins: usize) -> Vec<f64> {
    let mut out = vec![0.0; bins];
    for &[v, n] in &d.histogram {
        let i = (v - start).div_euclid(width);
        if let Some(slot) = usize::try_from(i).ok().and_then(|i| out.get_mut(i)) {
            *slot += n as f64 / d.count.max(1) as f64;
        }
    }
    out
}

fn points(s: &Summary, b: Option<&Summary>) -> Result<Vec<u8>, String> {
    // The columns scored in either run, the baseline's order first.
    let mut columns: Vec<&str> = Vec::new();
    for run in b.into_iter().chain([s]) {
        for n in run.points.names().filter(|n| run.scored(n)) {
            if !columns.contains(&n) {
                columns.push(n);
            }
        }
    }
    columns.push("total");
    let mut lines = vec![
        run_line(s),
        "Each panel: the share of player-games that scored so many points from that source"
            .to_string(),
    ];
    lines.extend(baseline_line(b, "Dark line"));
    let rows = columns.len().div_ceil(4);
    let per_row = columns.len().div_ceil(rows);
    let (pw, ph) = (330.0f32, 250.0f32);
    #[allow(clippy::cast_precision_loss)]
    let (width, height) = (
        2.0 * MARGIN + pw * per_row as f32,
        heading_height(lines.len()) + ph * rows as f32,
    );
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let mut c = Canvas::new(width as u32, height as u32)?;
    let top = heading(&mut c, "Points per player and game, by source", &lines);
    for (i, &name) in columns.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let (x, y) = (
            MARGIN + pw * (i % per_row) as f32,
            top + ph * (i / per_row) as f32,
        );
        let colour = if name == "total" {
            TOTAL
        } else {
            COLOURS[i % COLOURS.len()]
        };
        panel(&mut c, (x, y, pw, ph), (name, colour), s, b);
    }
    c.png()
}

#[allow(clippy::cast_precision_loss)]
fn panel(
    c: &mut Canvas,
    (x, y, w, h): (f32, f32, f32, f32),
    (name, colour): (&str, ColorU8),
    s: &Summary,
    b: Option<&Summary>,
) {
    let zeros = Distribution::zeros(s.games * s.players as u64);
    let d = s.points.get(name).unwrap_or(&zeros);
    // A source the baseline never scored would only draw a spike at 0.
    let bd = b
        .filter(|b| name == "total" || b.scored(name))
        .and_then(|b| b.points.get(name));
    let lo = bd.map_or(d.min, |bd| d.min.min(bd.min));
    let hi = bd.map_or(upper(d), |bd| upper(d).max(upper(bd))).max(lo);
    let width = super::plot::nice_step((hi - lo + 1) as f64, 40).max(1.0);
    #[allow(clippy::cast_possible_truncation)]
    let width = width.round() as i64;
    let start = lo.div_euclid(width) * width;
    let bins = usize::try_from((hi - start) / width + 1).unwrap_or(1);
    let shares = binned(d, start, width, bins);
    let base_shares = bd.map(|bd| binned(bd, start, width, bins));
    let top_share = shares
        .iter()
        .chain(base_shares.iter().flatten())
        .fold(0.0f64, |a, &v| a.max(v));
    let end = start + width * bins as i64;
    let axes = Axes {
        left: x + 48.0,
        top: y + 44.0,
        width: w - 64.0,
        height: h - 88.0,
        x: (start as f64, end as f64),
        y: (0.0, (top_share * 100.0 * 1.12).max(1.0)),
    };
    c.text((axes.left, y + 20.0), 16.0, true, Align::Left, name, colour);
    let stats = match (bd, b) {
        (Some(bd), _) => format!("mean {} (baseline {})", fixed(d.mean, 1), fixed(bd.mean, 1)),
        (None, Some(_)) => format!("mean {} (baseline: none)", fixed(d.mean, 1)),
        (None, None) => format!("mean {} · sd {}", fixed(d.mean, 1), fixed(d.sd, 1)),
    };
    c.note((axes.left + axes.width, y + 20.0), Align::Right, &stats);
    axes.y_grid(c, 4, "%");
    for (i, share) in shares.iter().enumerate() {
        let v = start + width * i as i64;
        axes.column(c, v as f64, (v + width) as f64, share * 100.0, colour);
    }
    if let Some(base) = base_shares {
        let mut line = Vec::with_capacity(2 * base.len() + 2);
        line.push((axes.px(start as f64), axes.py(0.0)));
        for (i, share) in base.iter().enumerate() {
            let v = start + width * i as i64;
            let py = axes.py(share * 100.0);
            line.push((axes.px(v as f64), py));
            line.push((axes.px((v + width) as f64), py));
        }
        line.push((axes.px(end as f64), axes.py(0.0)));
        c.polyline(&line, 1.6, INK);
    }
    // Value v occupies [v, v + 1): its label sits in the middle.
    let step = super::plot::nice_step((end - start) as f64, 6).max(width as f64);
    let mut v = (start as f64 / step).ceil() * step;
    let bottom = axes.top + axes.height;
    while v < end as f64 {
        let px = axes.px(v + 0.5).round() + 0.5;
        c.line((px, bottom), (px, bottom + 4.0), 1.0, INK);
        c.note((px, bottom + 17.0), Align::Centre, &format!("{v}"));
        v += step;
    }
    c.note(
        (axes.left + axes.width / 2.0, bottom + 34.0),
        Align::Centre,
        "points",
    );
}

/// One bar of the discard chart.
struct KindRow<'s> {
    tile: &'s str,
    rate: f64,
    discarded: u64,
    drawn: u64,
    /// The baseline's rate, in compare mode.
    base: Option<f64>,
}

/// The kinds discarded in either run, highest rate first.
fn kind_rows<'s>(s: &'s Summary, b: Option<&Summary>) -> Vec<KindRow<'s>> {
    let mut rows: Vec<KindRow> = s
        .discards
        .by_kind
        .iter()
        .map(|k| KindRow {
            tile: &k.tile,
            rate: k.rate,
            discarded: k.discarded,
            drawn: s.games.saturating_mul(u64::from(k.copies)),
            base: b
                .and_then(|b| b.discards.by_kind.iter().find(|x| x.tile == k.tile))
                .map(|x| x.rate),
        })
        .filter(|r| r.discarded > 0 || r.base.is_some_and(|x| x > 0.0))
        .collect();
    rows.sort_by(|x, y| y.rate.total_cmp(&x.rate).then(x.tile.cmp(y.tile)));
    rows
}

/// A small chart saying that nothing was discarded.
fn nothing_discarded(title: &str, s: &Summary) -> Result<Vec<u8>, String> {
    let mut c = Canvas::new(760, 130)?;
    let y = heading(&mut c, title, &[run_line(s)]);
    let msg = format!(
        "No tile was discarded in {} game{}.",
        thousands(s.games),
        crate::words::s(s.games)
    );
    c.text((MARGIN, y + 10.0), 16.0, false, Align::Left, &msg, INK);
    c.png()
}

#[allow(clippy::cast_precision_loss)]
fn discards_by_kind(s: &Summary, b: Option<&Summary>) -> Result<Vec<u8>, String> {
    const MAX_ROWS: usize = 40;
    const TITLE: &str = "Discard rate by tile kind";
    let mut rows = kind_rows(s, b);
    if rows.is_empty() {
        return nothing_discarded(TITLE, s);
    }
    let hidden = rows.len().saturating_sub(MAX_ROWS);
    rows.truncate(MAX_ROWS);
    let mut lines = vec![
        run_line(s),
        "Share of each kind's drawn copies that fitted nowhere and left the game".to_string(),
    ];
    lines.extend(baseline_line(b, "Dark tick"));
    let probe = Canvas::new(1, 1)?;
    let label_w = rows
        .iter()
        .map(|r| probe.width(13.0, false, r.tile))
        .fold(0.0f32, f32::max)
        + 12.0;
    let (row_h, plot_w) = (24.0f32, 560.0f32);
    let note = if hidden > 0 { 24.0 } else { 0.0 };
    let width = MARGIN * 2.0 + label_w + plot_w + 170.0;
    let height = heading_height(lines.len()) + row_h * rows.len() as f32 + 50.0 + note;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let mut c = Canvas::new(width as u32, height as u32)?;
    let top = heading(&mut c, TITLE, &lines);
    let max = rows
        .iter()
        .map(|r| r.rate.max(r.base.unwrap_or(0.0)))
        .fold(0.0f64, f64::max);
    let axes = Axes {
        left: MARGIN + label_w,
        top,
        width: plot_w,
        height: row_h * rows.len() as f32,
        x: (0.0, nice_ceiling(max * 100.0)),
        y: (0.0, 1.0),
    };
    axes.x_grid(&mut c, 5, "%");
    for (i, row) in rows.iter().enumerate() {
        kind_bar(&mut c, &axes, top + row_h * i as f32, row_h, row);
    }
    let bottom = axes.top + axes.height;
    c.line((axes.left + 0.5, top), (axes.left + 0.5, bottom), 1.0, INK);
    let middle = axes.left + plot_w / 2.0;
    c.note(
        (middle, bottom + 34.0),
        Align::Centre,
        "discarded copies / copies drawn",
    );
    if hidden > 0 {
        let msg = format!("… and {hidden} more kinds with lower rates");
        c.note((MARGIN, bottom + 58.0), Align::Left, &msg);
    }
    c.png()
}

fn kind_bar(c: &mut Canvas, axes: &Axes, y: f32, row_h: f32, row: &KindRow) {
    c.text(
        (axes.left - 8.0, y + 16.0),
        13.0,
        false,
        Align::Right,
        row.tile,
        INK,
    );
    let x1 = axes.px(row.rate * 100.0);
    c.rect(
        axes.left,
        y + 4.0,
        (x1 - axes.left).max(1.0),
        row_h - 8.0,
        BAR,
    );
    let mut label_x = x1;
    if let Some(base) = row.base {
        let bx = axes.px(base * 100.0).round() + 0.5;
        c.line((bx, y + 1.0), (bx, y + row_h - 1.0), 2.0, INK);
        label_x = label_x.max(bx);
    }
    let label = format!(
        "{}  ({} of {})",
        percent(row.rate),
        thousands(row.discarded),
        thousands(row.drawn)
    );
    c.note((label_x + 6.0, y + 16.0), Align::Left, &label);
}

#[allow(clippy::cast_precision_loss)]
fn discards_by_draw(s: &Summary, b: Option<&Summary>) -> Result<Vec<u8>, String> {
    let title = "Chance that the k-th tile drawn is unplaceable";
    let mut lines = vec![
        run_line(s),
        "Share of games whose k-th tile after the start tile fitted nowhere".to_string(),
    ];
    lines.extend(baseline_line(b, "Dark line"));
    let draws = &s.discards.by_draw;
    let base = b.map(|b| &b.discards.by_draw);
    let any = draws
        .iter()
        .chain(base.into_iter().flatten())
        .any(|d| d.discarded > 0);
    if !any {
        return nothing_discarded(title, s);
    }
    let n = draws.len().max(base.map_or(0, Vec::len));
    let plot_w = (n as f32 * 8.0).clamp(480.0, 1200.0);
    let (width, height) = (
        MARGIN * 2.0 + 60.0 + plot_w,
        heading_height(lines.len()) + 380.0,
    );
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let mut c = Canvas::new(width as u32, height as u32)?;
    let top = heading(&mut c, title, &lines);
    let max = draws
        .iter()
        .chain(base.into_iter().flatten())
        .map(|d| d.probability)
        .fold(0.0f64, f64::max)
        * 100.0;
    let axes = Axes {
        left: MARGIN + 60.0,
        top: top + 10.0,
        width: plot_w,
        height: height - top - 70.0,
        x: (0.5, n as f64 + 0.5),
        y: (0.0, nice_ceiling(max)),
    };
    axes.y_grid(&mut c, 5, "%");
    for d in draws {
        let k = d.draw as f64;
        axes.column(&mut c, k - 0.5, k + 0.5, d.probability * 100.0, BAR);
    }
    if let Some(base) = base {
        let mut line = vec![(axes.px(0.5), axes.py(0.0))];
        for d in base {
            let (k, py) = (d.draw as f64, axes.py(d.probability * 100.0));
            line.push((axes.px(k - 0.5), py));
            line.push((axes.px(k + 0.5), py));
        }
        c.polyline(&line, 1.6, INK);
    }
    axes.x_ticks(&mut c, 10);
    let bottom = axes.top + axes.height;
    c.note(
        (axes.left + plot_w / 2.0, bottom + 36.0),
        Align::Centre,
        "k: tiles drawn so far, this one included",
    );
    c.png()
}

/// A round number at or above `x` (and above 0).
fn nice_ceiling(x: f64) -> f64 {
    let step = super::plot::nice_step(x.max(1e-6), 5);
    ((x / step).ceil() * step).max(step)
}
