//! Frames as text: a buffer's symbols, one line per row, as `bloomlab
//! render` prints them.

use ratatui::buffer::Buffer;

use crate::limits::RENDER_SIZE;
use crate::ui::error::UiError;

/// The symbols of a buffer as lines, trailing spaces trimmed.
pub(crate) fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0usize;
        for x in area.left()..area.right() {
            // A wide glyph covers the next cell, which holds an empty symbol.
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buf[(x, y)].symbol();
            line.push_str(symbol);
            skip = unicode_width(symbol).saturating_sub(1);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn unicode_width(symbol: &str) -> usize {
    ratatui::text::Span::raw(symbol).width().max(1)
}

/// Refuses a frame dimension outside [`RENDER_SIZE`].
pub(crate) fn check_size(name: &'static str, value: u16) -> Result<(), UiError> {
    if RENDER_SIZE.contains(u64::from(value)) {
        Ok(())
    } else {
        Err(UiError::Setting {
            name,
            value: u64::from(value),
            span: RENDER_SIZE,
        })
    }
}
