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

/// Rows the whole diagram takes with letters of `size`: three boxes (a
/// border above and below each name) and two arrows down.
pub(crate) fn rows(size: Size) -> u16 {
    let letter = size.letter().1;
    3 * (letter + 2) + 2 * letter
}

/// The words the diagram shows, as `crawler.rs` names them.
pub(crate) struct Words<'a> {
    /// The boxes, top to bottom.
    pub names: [&'a str; 3],
    /// The arrows down, top to bottom.
    pub labels: [&'a str; 2],
    /// The arrow off the filter's side, and where it goes.
    pub side: (&'a str, &'a str),
}

/// Letters of one size, and how wide a text set in them is.
#[derive(Clone, Copy)]
struct Letters(Size);

impl Letters {
    fn width(self, text: &str) -> u16 {
        u16::try_from(text.chars().count())
            .unwrap_or(u16::MAX)
            .saturating_mul(self.0.letter().0)
    }

    fn rows(self) -> u16 {
        self.0.letter().1
    }

    /// Columns a box takes round `name`.
    fn box_width(self, name: &str) -> u16 {
        self.width(name) + 4
    }
}

/// Columns the diagram needs at the least with letters of `size`: the
/// side branch's label small, the arrows' labels down big.
pub(crate) fn least_width(words: &Words<'_>, size: Size) -> u16 {
    let big = Letters(size);
    let filter = big.box_width(words.names[1]);
    let side = 1 + width(words.side.0) + 4 + 3 + big.width(words.side.1);
    let widest_down = words
        .labels
        .iter()
        .map(|l| filter / 2 + 2 + big.width(l))
        .max()
        .unwrap_or(0);
    let widest_box = words
        .names
        .iter()
        .map(|n| big.box_width(n))
        .max()
        .unwrap_or(0);
    (filter + side).max(widest_down).max(widest_box)
}

/// Draws the diagram with letters of `size` from the top of `area`,
/// centred across it.
pub(crate) fn draw(words: &Words<'_>, size: Size, area: Rect, buf: &mut Buffer, style: Style) {
    let big = Letters(size);
    let big_width = |t: &str| big.width(t);
    let filter = big.box_width(words.names[1]);
    let (label, to) = words.side;
    let side_big = filter + 1 + big_width(label) + 3 + big_width(to) <= area.width;
    let total = if side_big {
        filter + 1 + big_width(label) + 3 + big_width(to)
    } else {
        least_width(words, size)
    };
    let left = area.x + area.width.saturating_sub(total) / 2;
    let centre = left + filter / 2;
    let mut y = area.y;
    let box_rows = big.rows() + 2;
    for (i, name) in words.names.iter().enumerate() {
        let w = big.box_width(name);
        let x = centre.saturating_sub(w / 2);
        draw_box(buf, area, Rect::new(x, y, w, box_rows), name, big, style);
        if i == 1 {
            draw_side(words, big, buf, area, (x + w, y), side_big, style);
        }
        y += box_rows;
        if let Some(label) = words.labels.get(i) {
            let mut p = Painter::new(buf, area);
            for r in 0..big.rows() {
                let glyph = if r + 1 == big.rows() { "▼" } else { "│" };
                p.text(centre - area.x, y + r - area.y, glyph, style);
            }
            let rect = Rect::new(centre + 2, y, big_width(label), big.rows());
            big_or_small(label, big, rect, area, buf, style);
            y += big.rows();
        }
    }
}

/// The branch off the filter's right edge `(x, top)`: its label over an
/// arrow, then where it goes in big letters.
fn draw_side(
    words: &Words<'_>,
    big_letters: Letters,
    buf: &mut Buffer,
    area: Rect,
    (x, top): (u16, u16),
    big: bool,
    style: Style,
) {
    let (label, to) = words.side;
    let run = if big {
        big_letters.width(label)
    } else {
        width(label) + 4
    };
    // The arrow on the box's last row but one, its label over it.
    let rows = big_letters.rows();
    let arrow_y = top + rows;
    let mut p = Painter::new(buf, area);
    let shaft = format!(" {}▶", "─".repeat(usize::from(run)));
    p.text(x - area.x, arrow_y - area.y, &shaft, style);
    if big {
        let rect = Rect::new(x + 2, arrow_y.saturating_sub(rows), run, rows);
        big_or_small(label, big_letters, rect, area, buf, style);
    } else {
        p.text(x + 3 - area.x, arrow_y - 1 - area.y, label, style);
    }
    let to_x = x + 1 + run + 2;
    let rect = Rect::new(to_x, arrow_y - rows / 2, big_letters.width(to), rows);
    big_or_small(to, big_letters, rect, area, buf, style);
}

/// `text` in big letters in `rect`, or small on its middle row when the
/// font lacks a glyph.
fn big_or_small(text: &str, big: Letters, rect: Rect, area: Rect, buf: &mut Buffer, style: Style) {
    let rect = rect.intersection(area);
    match Big::at(text, big.0, rect.width, false).filter(|b| b.lines.len() == 1) {
        Some(set) => set.draw(rect, buf, style),
        None => {
            let y = rect.y + rect.height / 2;
            Painter::new(buf, area).text(rect.x - area.x, y - area.y, text, style);
        }
    }
}

fn draw_box(buf: &mut Buffer, area: Rect, rect: Rect, name: &str, big: Letters, style: Style) {
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
    let text = Rect::new(rect.x + 2, rect.y + 1, big.width(name), big.rows());
    big_or_small(name, big, text, area, buf, style);
}
