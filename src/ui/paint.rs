//! Clipped drawing into a sub-area of the buffer: nothing drawn outside the
//! area, so no position can panic whatever the size.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType};

use crate::ui::theme::{Role, Theme};

/// Draws text relative to an area's top-left corner, clipped to the area.
pub(crate) struct Painter<'b> {
    buf: &'b mut Buffer,
    area: Rect,
}

impl<'b> Painter<'b> {
    /// A painter for `area` (already inside the buffer).
    pub(crate) fn new(buf: &'b mut Buffer, area: Rect) -> Self {
        let area = area.intersection(buf.area);
        Painter { buf, area }
    }

    /// The area drawn into.
    pub(crate) fn area(&self) -> Rect {
        self.area
    }

    /// Writes `text` at column `x`, row `y` of the area; returns the column
    /// after the text.
    pub(crate) fn text(&mut self, x: u16, y: u16, text: &str, style: Style) -> u16 {
        if y >= self.area.height || x >= self.area.width {
            return x.saturating_add(width(text));
        }
        let room = usize::from(self.area.width - x);
        self.buf
            .set_stringn(self.area.x + x, self.area.y + y, text, room, style);
        x.saturating_add(width(text))
    }

    /// Writes a styled line at column `x`, row `y`.
    pub(crate) fn line(&mut self, x: u16, y: u16, line: &Line<'_>) {
        if y >= self.area.height || x >= self.area.width {
            return;
        }
        let room = self.area.width - x;
        self.buf
            .set_line(self.area.x + x, self.area.y + y, line, room);
    }

    /// Writes `text` centred on row `y`.
    pub(crate) fn centred(&mut self, y: u16, text: &str, style: Style) {
        let x = self.area.width.saturating_sub(width(text)) / 2;
        self.text(x, y, text, style);
    }
}

/// A frame with `title` on its top border: of `kind`, or doubled in the
/// emphasis style when `boxed` (a step framing a card or a chart).
pub(crate) fn frame<'a>(title: String, boxed: bool, kind: BorderType, theme: &Theme) -> Block<'a> {
    let block = Block::bordered()
        .title(Span::styled(title, theme.style(Role::Title)))
        .border_style(theme.style(Role::Border));
    if boxed {
        block
            .border_type(BorderType::Double)
            .border_style(theme.style(Role::Emphasis))
    } else {
        block.border_type(kind)
    }
}

/// Display width of a string in terminal columns.
pub(crate) fn width(text: &str) -> u16 {
    u16::try_from(Span::raw(text).width()).unwrap_or(u16::MAX)
}

/// Cuts `text` to at most `max` columns.
pub(crate) fn fit(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    let mut one = [0u8; 4];
    for c in text.chars() {
        let w = Span::raw(&*c.encode_utf8(&mut one)).width();
        if used + w > max {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}
