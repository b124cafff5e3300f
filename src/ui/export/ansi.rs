//! A frame as text with ANSI colour and attribute codes, for `cat` in a
//! terminal: each line is written left to right, every run of cells that
//! look alike wrapped in its codes and a reset, so the colours of one line
//! never leak into the next.

use ratatui::backend::IntoCrossterm;
use ratatui::buffer::Buffer;
use ratatui::crossterm::style::{ContentStyle, StyledContent};
use ratatui::style::{Color, Modifier, Style};

use super::cells::{Glyph, row_glyphs};

/// `buf` as lines of text with escape codes, one line per row. The colours
/// are those in the buffer, so they are at the depth the frame was drawn
/// with; cells that show only the terminal's own background are trimmed
/// from the end of each line, as in the plain text.
pub(crate) fn document(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let glyphs = row_glyphs(buf, y);
        let keep = glyphs.iter().rposition(shows).map_or(0, |i| i + 1);
        let mut rest = &glyphs[..keep];
        while let Some(first) = rest.first() {
            let style = normal(first.style);
            let len = rest
                .iter()
                .position(|g| normal(g.style) != style)
                .unwrap_or(rest.len());
            let text: String = rest[..len].iter().map(|g| g.symbol).collect();
            if style == Style::new() {
                out.push_str(&text);
            } else {
                let codes: ContentStyle = style.into_crossterm();
                out.push_str(&StyledContent::new(codes, text).to_string());
            }
            rest = &rest[len..];
        }
        out.push('\n');
    }
    out
}

/// `style` with the terminal's defaults left unset, so equal looks compare
/// equal and a plain run gets no codes at all.
fn normal(style: Style) -> Style {
    let set = |c: Option<Color>| c.filter(|c| *c != Color::Reset);
    let mut out = Style::new().add_modifier(style.add_modifier - style.sub_modifier);
    out.fg = set(style.fg);
    out.bg = set(style.bg);
    out
}

/// True when a cell would look different from an empty one.
fn shows(g: &Glyph<'_>) -> bool {
    let style = normal(g.style);
    let marks_blank = Modifier::REVERSED | Modifier::UNDERLINED | Modifier::CROSSED_OUT;
    !g.is_blank() || style.bg.is_some() || style.add_modifier.intersects(marks_blank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn runs_carry_their_codes_and_reset() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 2));
        buf.set_string(0, 0, "ab", Style::new().fg(Color::Rgb(255, 0, 0)).bold());
        buf.set_string(2, 0, "c", Style::new());
        buf.set_string(0, 1, "  ", Style::new().bg(Color::Blue));
        let text = document(&buf);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "\u{1b}[38;2;255;0;0m\u{1b}[1mab\u{1b}[0mc");
        // A coloured background is kept even where there is no text.
        assert_eq!(lines[1], "\u{1b}[48;5;4m  \u{1b}[49m");
        assert!(text.ends_with('\n') && lines.len() == 2);
    }

    #[test]
    fn plain_cells_are_plain_text() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        buf.set_string(0, 0, "a 日", Style::new().fg(Color::Reset));
        assert_eq!(document(&buf), "a 日\n");
    }
}
