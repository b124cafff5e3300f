//! A drawn buffer read back as what a person sees: one glyph per visible
//! cell (a wide glyph once, covering two cells), each with its colours made
//! concrete from the palette and its text attributes. The SVG, HTML and
//! ANSI writers all start from here.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};

use crate::ui::theme::Palette;

/// An sRGB colour.
pub(crate) type Rgb = (u8, u8, u8);

/// One glyph of a row as it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Glyph<'a> {
    /// Its first column.
    pub x: u16,
    /// Columns it covers: 2 for a wide glyph, otherwise 1.
    pub width: u16,
    /// What the cell holds (a space for an empty cell).
    pub symbol: &'a str,
    /// The cell's style, exactly as the views set it.
    pub style: Style,
}

impl Glyph<'_> {
    /// True when nothing is drawn but the background.
    pub(crate) fn is_blank(&self) -> bool {
        self.symbol.chars().all(|c| c == ' ')
    }
}

/// The glyphs of row `y`, left to right. The cell a wide glyph covers is
/// left out, as the terminal leaves it out.
pub(crate) fn row_glyphs(buf: &Buffer, y: u16) -> Vec<Glyph<'_>> {
    let area = buf.area;
    let mut out = Vec::with_capacity(usize::from(area.width));
    let mut x = area.left();
    while x < area.right() {
        let cell = &buf[(x, y)];
        let symbol = cell.symbol();
        let wide = ratatui::text::Span::raw(symbol).width() > 1;
        // A wide glyph in the last column has nowhere to spill: one cell.
        let width = if wide && x + 1 < area.right() { 2 } else { 1 };
        out.push(Glyph {
            x,
            width,
            symbol: if symbol.is_empty() { " " } else { symbol },
            style: cell.style(),
        });
        x += width;
    }
    out
}

/// How a glyph looks, with every colour made concrete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Look {
    /// Text colour.
    pub fg: Rgb,
    /// Colour behind the cell.
    pub bg: Rgb,
    /// Bold.
    pub bold: bool,
    /// Drawn faint.
    pub dim: bool,
    /// Italic.
    pub italic: bool,
    /// Underlined.
    pub underline: bool,
    /// Crossed out.
    pub crossed: bool,
    /// Not drawn at all (only its background shows).
    pub hidden: bool,
}

/// The look of `style` in `palette`. Exports draw with 24-bit colours, so
/// every colour a view sets is RGB; the terminal's default (`Reset` or
/// none) is the palette's own foreground or background. A named ANSI
/// colour has no RGB value of its own, so it is read as the default too
/// (`no_view_sets_a_named_colour` checks that none is ever set).
pub(crate) fn look(style: Style, palette: &Palette) -> Look {
    let concrete = |colour: Option<Color>, default: Rgb| match colour {
        Some(Color::Rgb(r, g, b)) => (r, g, b),
        _ => default,
    };
    let mut fg = concrete(style.fg, palette.foreground);
    let mut bg = concrete(style.bg, palette.background);
    let has = |m: Modifier| style.add_modifier.contains(m) && !style.sub_modifier.contains(m);
    if has(Modifier::REVERSED) {
        std::mem::swap(&mut fg, &mut bg);
    }
    Look {
        fg,
        bg,
        bold: has(Modifier::BOLD),
        dim: has(Modifier::DIM),
        italic: has(Modifier::ITALIC),
        underline: has(Modifier::UNDERLINED),
        crossed: has(Modifier::CROSSED_OUT),
        hidden: has(Modifier::HIDDEN),
    }
}

/// A colour as CSS and SVG write it: `#rrggbb`.
pub(crate) fn hex((r, g, b): Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::palettes::{DARK, LIGHT, MONO};
    use ratatui::layout::Rect;

    #[test]
    fn glyphs_read_back_what_was_drawn() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 8, 1));
        buf.set_string(0, 0, "a日b", Style::new().fg(Color::Rgb(1, 2, 3)));
        let row = row_glyphs(&buf, 0);
        let shown: Vec<(u16, u16, &str)> = row.iter().map(|g| (g.x, g.width, g.symbol)).collect();
        assert_eq!(
            &shown[..4],
            &[(0, 1, "a"), (1, 2, "日"), (3, 1, "b"), (4, 1, " ")]
        );
        assert_eq!(row.len(), 7, "eight columns, one covered by the wide glyph");
        assert!(row[4].is_blank() && !row[0].is_blank());
    }

    #[test]
    fn a_wide_glyph_at_the_edge_keeps_to_its_cell() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        buf[(2, 0)].set_symbol("日");
        let row = row_glyphs(&buf, 0);
        assert_eq!(row.last().map(|g| (g.x, g.width)), Some((2, 1)));
    }

    #[test]
    fn colours_come_from_the_style_or_the_palette() {
        let plain = look(Style::new(), &DARK);
        assert_eq!((plain.fg, plain.bg), (DARK.foreground, DARK.background));
        let reset = look(Style::new().fg(Color::Reset).bg(Color::Reset), &LIGHT);
        assert_eq!((reset.fg, reset.bg), (LIGHT.foreground, LIGHT.background));
        let red = look(Style::new().fg(Color::Rgb(200, 0, 0)).bold(), &MONO);
        assert_eq!(
            (red.fg, red.bg, red.bold),
            ((200, 0, 0), MONO.background, true)
        );
        let reversed = look(Style::new().reversed().dim(), &MONO);
        assert_eq!(
            (reversed.fg, reversed.bg),
            (MONO.background, MONO.foreground)
        );
        assert!(reversed.dim && !reversed.italic);
        let removed = look(Style::new().bold().remove_modifier(Modifier::BOLD), &MONO);
        assert!(!removed.bold);
        assert_eq!(hex((0x0a, 0xbc, 0xff)), "#0abcff");
    }
}
