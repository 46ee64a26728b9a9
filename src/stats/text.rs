//! The static report as text tables.

use std::fmt::Write;

use super::{Report, Table, Totals};

/// Renders the report for a terminal.
#[must_use]
pub fn render_text(report: &Report) -> String {
    let mut out = String::new();
    // A kind's sides under the kind's name (`city`, `mere`), the rest as
    // `expect` names them (`cloisters`, `pennants`).
    let names: Vec<&str> = report
        .total
        .counts
        .0
        .iter()
        .map(|(n, _)| n.strip_suffix("-sides").unwrap_or(n))
        .collect();
    let mut head = vec!["expansion", "tiles", "kinds"];
    head.extend(names.iter().copied());
    let mut t = Table::new(&head);
    let row = |x: &Totals| {
        let mut row = vec![x.id.clone(), x.tiles.to_string(), x.kinds.to_string()];
        row.extend(
            report
                .total
                .counts
                .0
                .iter()
                .map(|(n, _)| x.counts.get(n).to_string()),
        );
        row
    };
    for e in &report.expansions {
        t.row(row(e));
    }
    if report.expansions.len() > 1 {
        t.row(row(&report.total));
    }
    out.push_str(
        "Tiles and sides (a kind's name = its sides, then what the set counts; copies counted)\n\n",
    );
    out.push_str(&t.render());
    // A line per breakdown the set has: none for capabilities not in play.
    let mut breakdowns = [
        ("Fliers by direction", &report.fliers_by_direction),
        ("Crop circles by type", &report.crop_circles_by_type),
    ]
    .into_iter()
    .filter(|(_, m)| !m.is_empty())
    .peekable();
    if breakdowns.peek().is_some() {
        out.push('\n');
    }
    for (title, m) in breakdowns {
        let items: Vec<String> = m.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(out, "{title}: {}", items.join(", "));
    }

    out.push_str("\nSide patterns up to rotation (N E S W)\n\n");
    let mut t = Table::new(&["pattern", "kinds", "tiles"]);
    for p in &report.side_patterns {
        t.row(vec![
            p.pattern.clone(),
            p.kinds.to_string(),
            p.tiles.to_string(),
        ]);
    }
    out.push_str(&t.render());

    out.push_str("\nWhat fits each side: tile kinds / kind-rotations with a matching side\n\n");
    let mut t = Table::new(&["tile", "copies", "edges", "N", "E", "S", "W"]);
    for n in &report.neighbours {
        let mut cells = vec![n.tile.clone(), format!("×{}", n.count), n.edges.clone()];
        cells.extend(
            n.sides
                .iter()
                .map(|s| format!("{}/{}", s.kinds, s.placements)),
        );
        t.row(cells);
    }
    out.push_str(&t.render());

    let names = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    let _ = writeln!(
        out,
        "\nNever placeable: {}",
        names(report.never_placeable.clone())
    );
    let _ = writeln!(
        out,
        "Identical up to rotation: {}",
        names(
            report
                .identical
                .iter()
                .map(|[a, b]| format!("{a} = {b}"))
                .collect()
        )
    );
    out
}
