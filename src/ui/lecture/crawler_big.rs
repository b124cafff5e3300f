//! The crawler diagram with its words big, for present mode: the three
//! boxes stacked down the wall, each just wide enough for its name in big
//! letters, the arrows' labels beside them (big when there is room), and
//! the branch to "dropped" off the filter's side.
//!
//! ```text
//!      crawler
//!         │ URL found
//!         ▼
//!   Bloom filter ── probably seen ──▶ dropped
//!         │ definitely new
//!         ▼
//!       fetch
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::big::{Big, Size};
use crate::ui::paint::{Painter, width};

/// Rows one big letter stands, and the columns it takes.
const LETTER: (u16, u16) = (4, 3);
/// Rows a box takes: its name and a border above and below.
const BOX_ROWS: u16 = LETTER.1 + 2;
/// Rows an arrow down takes, its label beside it.
const ARROW_ROWS: u16 = LETTER.1;
/// Rows the whole diagram takes.
pub(crate) const ROWS: u16 = 3 * BOX_ROWS + 2 * ARROW_ROWS;

/// The words the diagram shows, as `crawler.rs` names them.
pub(crate) struct Words<'a> {
    /// The boxes, top to bottom.
    pub names: [&'a str; 3],
    /// The arrows down, top to bottom.
    pub labels: [&'a str; 2],
    /// The arrow off the filter's side, and where it goes.
    pub side: (&'a str, &'a str),
}

fn big_width(text: &str) -> u16 {
    u16::try_from(text.chars().count())
        .unwrap_or(u16::MAX)
        .saturating_mul(LETTER.0)
}

/// Columns a box takes round `name`.
fn box_width(name: &str) -> u16 {
    big_width(name) + 4
}

/// Columns the side branch takes with its label small: the arrow, then
/// the destination in big letters.
fn side_width(words: &Words<'_>) -> u16 {
    1 + width(words.side.0) + 4 + 3 + big_width(words.side.1)
}

/// Columns the diagram needs at the least.
pub(crate) fn least_width(words: &Words<'_>) -> u16 {
    let filter = box_width(words.names[1]);
    let widest_down = words
        .labels
        .iter()
        .map(|l| filter / 2 + 2 + big_width(l))
        .max()
        .unwrap_or(0);
    (filter + side_width(words)).max(widest_down)
}

/// Draws the diagram from the top of `area`, centred across it.
pub(crate) fn draw(words: &Words<'_>, area: Rect, buf: &mut Buffer, style: Style) {
    let filter = box_width(words.names[1]);
    let (label, to) = words.side;
    let side_big = filter + 1 + big_width(label) + 3 + big_width(to) <= area.width;
    let total = if side_big {
        filter + 1 + big_width(label) + 3 + big_width(to)
    } else {
        least_width(words)
    };
    let left = area.x + area.width.saturating_sub(total) / 2;
    let centre = left + filter / 2;
    let mut y = area.y;
    for (i, name) in words.names.iter().enumerate() {
        let w = box_width(name);
        let x = centre.saturating_sub(w / 2);
        draw_box(buf, area, Rect::new(x, y, w, BOX_ROWS), name, style);
        if i == 1 {
            draw_side(words, buf, area, (x + w, y), side_big, style);
        }
        y += BOX_ROWS;
        if let Some(label) = words.labels.get(i) {
            let mut p = Painter::new(buf, area);
            for r in 0..ARROW_ROWS {
                let glyph = if r + 1 == ARROW_ROWS { "▼" } else { "│" };
                p.text(centre - area.x, y + r - area.y, glyph, style);
            }
            let rect = Rect::new(centre + 2, y, big_width(label), LETTER.1);
            big_or_small(label, rect, area, buf, style);
            y += ARROW_ROWS;
        }
    }
}

/// The branch off the filter's right edge `(x, top)`: its label over an
/// arrow, then where it goes in big letters.
fn draw_side(
    words: &Words<'_>,
    buf: &mut Buffer,
    area: Rect,
    (x, top): (u16, u16),
    big: bool,
    style: Style,
) {
    let (label, to) = words.side;
    let run = if big {
        big_width(label)
    } else {
        width(label) + 4
    };
    // The arrow on the box's last row but one, its label over it.
    let arrow_y = top + BOX_ROWS - 2;
    let mut p = Painter::new(buf, area);
    let shaft = format!(" {}▶", "─".repeat(usize::from(run)));
    p.text(x - area.x, arrow_y - area.y, &shaft, style);
    if big {
        let rect = Rect::new(x + 2, arrow_y.saturating_sub(LETTER.1), run, LETTER.1);
        big_or_small(label, rect, area, buf, style);
    } else {
        p.text(x + 3 - area.x, arrow_y - 1 - area.y, label, style);
    }
    let to_x = x + 1 + run + 2;
    let rect = Rect::new(to_x, arrow_y - 1, big_width(to), LETTER.1);
    big_or_small(to, rect, area, buf, style);
}

/// `text` in big letters in `rect`, or small on its middle row when the
/// font lacks a glyph.
fn big_or_small(text: &str, rect: Rect, area: Rect, buf: &mut Buffer, style: Style) {
    let rect = rect.intersection(area);
    match Big::at(text, Size::Sextant, rect.width, false).filter(|b| b.lines.len() == 1) {
        Some(big) => big.draw(rect, buf, style),
        None => {
            Painter::new(buf, area).text(rect.x - area.x, rect.y + 1 - area.y, text, style);
        }
    }
}

fn draw_box(buf: &mut Buffer, area: Rect, rect: Rect, name: &str, style: Style) {
    let inner = usize::from(rect.width.saturating_sub(2));
    let mut p = Painter::new(buf, area);
    let (x, y) = (rect.x - area.x, rect.y - area.y);
    p.text(x, y, &format!("┌{}┐", "─".repeat(inner)), style);
    for r in 1..rect.height.saturating_sub(1) {
        p.text(x, y + r, &format!("│{}│", " ".repeat(inner)), style);
    }
    p.text(
        x,
        y + rect.height - 1,
        &format!("└{}┘", "─".repeat(inner)),
        style,
    );
    let text = Rect::new(rect.x + 2, rect.y + 1, big_width(name), LETTER.1);
    big_or_small(name, text, area, buf, style);
}
