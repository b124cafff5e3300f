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

/// `items` wrapped onto as many lines as a chart `width` columns wide
/// needs: an item starts a new line when it does not fit on this one, and
/// one longer than a whole line breaks between its words.
pub(crate) fn lines(items: Vec<Span<'static>>, width: u16) -> Vec<Line<'static>> {
    let room = usize::from(width.saturating_sub(2)).max(8);
    let mut lines: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    for span in items {
        let style = span.style;
        let whole = span.content.to_string();
        let pieces = if span.width() > room {
            wrap(whole.trim_start(), room)
        } else {
            vec![whole]
        };
        for piece in pieces {
            let w = Span::raw(piece.as_str()).width();
            if used > 0 && used + w > room {
                lines.push(Vec::new());
                used = 0;
            }
            let piece = if used == 0 {
                piece.trim_start().to_string()
            } else {
                piece
            };
            used += Span::raw(piece.as_str()).width();
            if let Some(last) = lines.last_mut() {
                last.push(Span::styled(piece, style));
            }
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
