//! Frames as text: a buffer's symbols, one line per row, as `bloomlab
//! render` prints them.

use ratatui::buffer::Buffer;

use crate::limits::RENDER_SIZE;
use crate::ui::error::UiError;

/// The symbols of a buffer as lines, trailing spaces trimmed.
pub(crate) fn buffer_text(buf: &Buffer) -> String {
    let width = usize::from(buf.area.width);
    if width == 0 {
        return "\n".repeat(usize::from(buf.area.height));
    }
    // Row by row over the cells themselves: indexing by (x, y) re-checks
    // the area for every cell, which a 1000 x 1000 frame pays a million times.
    let mut out = String::with_capacity(buf.content.len() + usize::from(buf.area.height));
    for row in buf.content.chunks(width) {
        let start = out.len();
        let mut skip = 0usize;
        for cell in row {
            // A wide glyph covers the next cell, which holds an empty symbol.
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = cell.symbol();
            out.push_str(symbol);
            skip = unicode_width(symbol).saturating_sub(1);
        }
        let kept = start + out[start..].trim_end().len();
        out.truncate(kept);
        out.push('\n');
    }
    out
}

fn unicode_width(symbol: &str) -> usize {
    match symbol.as_bytes() {
        // Most cells hold one printable ASCII character: one column.
        [b] if b.is_ascii_graphic() || *b == b' ' => 1,
        _ => ratatui::text::Span::raw(symbol).width().max(1),
    }
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
