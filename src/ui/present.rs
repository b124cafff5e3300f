//! Present mode on the screens other than the lecture: texts set big
//! together at the largest size their room allows, drawn and reported to
//! the layout in one go. The lecture plans its slides itself
//! (`ui/lecture/plan.rs`); these screens have one focal part each, so a
//! size picked from the largest down is all they need.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;

use crate::ui::big::{Big, LARGEST_FIRST, Size};
use crate::ui::layout::{Kind, Layout as LaidOut};
use crate::ui::screen::ViewCx;

/// `texts` set at `size` in `width` columns, each broken between
/// phrases (`Big::prose`) onto as many lines as it needs, if every one
/// fits.
pub(crate) fn set_all(texts: &[&str], size: Size, width: u16) -> Option<Vec<Big>> {
    texts
        .iter()
        .map(|text| Big::prose(text, size, width))
        .collect()
}

/// The largest size at which `texts` fit `width` and `rows(set)` (the
/// rows the whole screen then takes) is at most `height`; `None` when
/// even the smallest does not.
pub(crate) fn largest(
    texts: &[&str],
    width: u16,
    height: u16,
    rows: impl Fn(&[Big]) -> u16,
) -> Option<Vec<Big>> {
    LARGEST_FIRST
        .into_iter()
        .filter_map(|size| set_all(texts, size, width))
        .find(|set| rows(set) <= height)
}

/// Lines set whole at `size` in `width` columns, each in the first of its
/// wordings (fullest first) that fits; `None` when one has none that does.
pub(crate) fn first_wordings(lines: &[Vec<String>], size: Size, width: u16) -> Option<Vec<Big>> {
    lines
        .iter()
        .map(|wordings| wordings.iter().find_map(|w| Big::line(w, size, width)))
        .collect()
}

/// Rows the big texts take one above the other, with `gap` blank rows
/// between two of them.
pub(crate) fn stacked_rows(set: &[Big], gap: u16) -> u16 {
    let count = u16::try_from(set.len()).unwrap_or(u16::MAX);
    set.iter().map(Big::height).sum::<u16>() + gap.saturating_mul(count.saturating_sub(1))
}

/// Draws `set` (each text with its style) one above the other as a block centred across `area`, each
/// line flush with the block's left edge (labelled figures line up), each
/// reported as a part of `kind`; returns the rows taken.
pub(crate) fn draw_block(
    cx: &ViewCx<'_>,
    kind: &'static str,
    set: &[(Big, Style)],
    area: Rect,
    buf: &mut Buffer,
) -> u16 {
    let widest = set
        .iter()
        .map(|(big, _)| big.width())
        .max()
        .unwrap_or(0)
        .min(area.width);
    let x = area.x + (area.width - widest) / 2;
    let mut y = area.y;
    for (big, style) in set {
        let rect = Rect {
            x,
            y,
            width: widest,
            height: big.height().min(area.bottom().saturating_sub(y)),
        };
        big.draw_aligned(rect, buf, *style, Alignment::Left);
        cx.record(LaidOut {
            scale: big.scale(),
            ..LaidOut::plain(Kind::new(kind), rect, vec![big.lines.join(" ")])
        });
        y = rect.bottom();
    }
    y - area.y
}

/// Draws `big` centred across `area`'s width from its top row, reports it
/// as a part of `kind`, and returns the rows it took.
pub(crate) fn draw(
    cx: &ViewCx<'_>,
    kind: &'static str,
    big: &Big,
    area: Rect,
    style: Style,
    buf: &mut Buffer,
) -> u16 {
    let rect = Rect {
        height: big.height().min(area.height),
        ..area
    };
    big.draw(rect, buf, style);
    cx.record(LaidOut {
        scale: big.scale(),
        ..LaidOut::plain(Kind::new(kind), rect, vec![big.lines.join(" ")])
    });
    rect.height
}
