//! Legends: what each mark of a chart means, as items of styled words.
//! Under a lecture chart the items wrap onto as many lines as the chart's
//! width needs, one column in from its frame; under the lab's charts they
//! share one line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::ui::format::wrap;
use crate::ui::paint::Painter;

/// One item: the mark in its own style, then the words.
pub(crate) fn entry(
    mark: impl Into<std::borrow::Cow<'static, str>>,
    mark_style: Style,
    words: &'static str,
    words_style: Style,
) -> [Span<'static>; 2] {
    [
        Span::styled(mark, mark_style),
        Span::styled(words, words_style),
    ]
}

/// Blank columns between two items on a line.
const GAP: &str = "   ";

/// `items` wrapped onto as many lines as a chart `width` columns wide
/// needs, [`GAP`] between two on a line: an item (its spans, such as its
/// mark and its words) starts a new line when it does not fit on this
/// one, and one longer than a whole line breaks between its words, in
/// its words' style.
pub(crate) fn lines(items: Vec<Vec<Span<'static>>>, width: u16) -> Vec<Line<'static>> {
    let room = usize::from(width.saturating_sub(2)).max(8);
    let gap = GAP.len();
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for item in items {
        let item_width: usize = item.iter().map(Span::width).sum();
        let pieces: Vec<Vec<Span<'static>>> = if item_width > room {
            let style = item.last().map(|s| s.style).unwrap_or_default();
            let whole: String = item.iter().map(|s| s.content.as_ref()).collect();
            wrap(&whole, room)
                .into_iter()
                .map(|p| vec![Span::styled(p, style)])
                .collect()
        } else {
            vec![item]
        };
        for piece in pieces {
            let w: usize = piece.iter().map(Span::width).sum();
            if used > 0 && used + gap + w > room {
                lines.push(Vec::new());
                used = 0;
            }
            let Some(line) = lines.last_mut() else { break };
            if used > 0 {
                line.push(Span::raw(GAP));
                used += gap;
            }
            used += w;
            line.extend(piece);
        }
    }
    lines.into_iter().map(Line::from).collect()
}

/// Draws legend `lines` from the top of `area`, one column in.
pub(crate) fn draw(lines: &[Line<'static>], area: Rect, buf: &mut Buffer) {
    let mut p = Painter::new(buf, area);
    for (i, line) in lines.iter().enumerate() {
        p.line(1, u16::try_from(i).unwrap_or(u16::MAX), line);
    }
}
