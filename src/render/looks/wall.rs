//! The `wall` look of a region (the quarters of the city of Carcassonne):
//! paving stones laid in courses, clipped to the outline, with the same wall
//! and gates as a city where it meets the landscape.

use tiny_skia::{FillRule, Mask, Pixmap, Rect, Transform};

use super::super::draw::{colour, outline_path, paint};
use super::super::layout::Region;
use super::city;

/// The mortar between the stones.
const MORTAR: tiny_skia::ColorU8 = colour::rgb(140, 132, 120);
/// The stones' shades.
const STONES: [tiny_skia::ColorU8; 3] = [
    colour::rgb(190, 183, 170),
    colour::rgb(178, 171, 158),
    colour::rgb(198, 192, 180),
];
/// Courses of stones per tile edge.
const COURSES: u16 = 7;
/// Stones per course.
const PER_COURSE: u16 = 5;

/// The paving: mortar, then stones in a running bond.
pub fn ground(pixmap: &mut Pixmap, region: &Region, ts: Transform) {
    let Some(path) = outline_path(&region.outline) else {
        return;
    };
    pixmap.fill_path(&path, &paint(MORTAR), FillRule::Winding, ts, None);
    let Some(mut clip) = Mask::new(pixmap.width(), pixmap.height()) else {
        return;
    };
    clip.fill_path(&path, FillRule::Winding, true, ts);
    let (h, w) = (1.0 / f32::from(COURSES), 1.0 / f32::from(PER_COURSE));
    let gap = 0.012;
    for j in 0..COURSES {
        let y = f32::from(j) * h;
        let shift = if j % 2 == 0 { 0.0 } else { -w / 2.0 };
        for i in 0..=PER_COURSE {
            let x = shift + f32::from(i) * w;
            let shade = STONES[(city::hash(i, j) % 3) as usize];
            if let Some(stone) = Rect::from_ltrb(x + gap, y + gap, x + w - gap, y + h - gap) {
                pixmap.fill_rect(stone, &paint(shade), ts, Some(&clip));
            }
        }
    }
}
