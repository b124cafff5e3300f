//! Narrow big digits: numbers three rows tall, as tall as the big font's
//! sextant letters, in about half their width. The bit row's indices use
//! them where the font's digits are too wide for a cell ("10" needs 8
//! columns and a cell at 120x40 has 7), so every bit keeps its index big.
//! Each digit is drawn on a grid 5 pixels wide (the 1 two) and 7 tall,
//! two pixels across and three down to a cell, in Unicode's sextants.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Rows a narrow number stands (7 pixels, three to a row).
pub(crate) const ROWS: u16 = 3;

/// The digits 0 to 9, one string per pixel row, `#` for a lit pixel.
const DIGITS: [[&str; 7]; 10] = [
    [
        ".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###.",
    ],
    // The 1 has no foot: two footed 1s side by side read as "II".
    [".#", "##", ".#", ".#", ".#", ".#", ".#"],
    [
        ".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####",
    ],
    [
        "####.", "....#", "....#", ".###.", "....#", "....#", "####.",
    ],
    [
        "...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#.",
    ],
    [
        "#####", "#....", "####.", "....#", "....#", "#...#", ".###.",
    ],
    [
        "..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###.",
    ],
    [
        "#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#...",
    ],
    [
        ".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###.",
    ],
    [
        ".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##..",
    ],
];

/// The pixel rows of `number`'s digits side by side, a blank pixel column
/// between two digits; `None` unless every character is a digit.
fn pixels(number: &str) -> Option<Vec<Vec<bool>>> {
    let mut rows = vec![Vec::new(); 7];
    for (i, c) in number.chars().enumerate() {
        let glyph = DIGITS[usize::try_from(c.to_digit(10)?).ok()?];
        for (row, line) in rows.iter_mut().zip(glyph) {
            if i > 0 {
                row.push(false);
            }
            row.extend(line.chars().map(|p| p == '#'));
        }
    }
    (!number.is_empty()).then_some(rows)
}

/// Columns `number` takes, or `None` unless it is all digits: "10" is
/// 2 + 1 + 5 pixels, so 4 columns at two pixels to a column.
pub(crate) fn width(number: &str) -> Option<u16> {
    let wide = pixels(number)?.first().map_or(0, Vec::len);
    u16::try_from(wide.div_ceil(2)).ok()
}

/// The sextant showing six pixels: `bits` from the top left, across then
/// down (bit 0 top left, bit 5 bottom right).
fn sextant(bits: u8) -> char {
    match bits {
        0 => ' ',
        // The four patterns that are older block characters.
        0b01_0101 => '▌',
        0b10_1010 => '▐',
        0b11_1111 => '█',
        _ => {
            // U+1FB00 on, in pattern order, leaving out the three above.
            let skipped = u32::from(bits > 0b01_0101) + u32::from(bits > 0b10_1010);
            char::from_u32(0x1FB00 + u32::from(bits) - 1 - skipped).unwrap_or('█')
        }
    }
}

/// Draws `number` with its top left at `(x, y)`, clipped to `area`.
pub(crate) fn draw(number: &str, (x, y): (u16, u16), area: Rect, buf: &mut Buffer, style: Style) {
    let Some(rows) = pixels(number) else { return };
    let wide = rows[0].len();
    let lit = |px: usize, py: usize| py < rows.len() && px < wide && rows[py][px];
    for cy in 0..ROWS {
        for cx in 0..u16::try_from(wide.div_ceil(2)).unwrap_or(0) {
            let (px, py) = (usize::from(cx) * 2, usize::from(cy) * 3);
            let mut bits = 0u8;
            for (bit, (dx, dy)) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
                .into_iter()
                .enumerate()
            {
                if lit(px + dx, py + dy) {
                    bits |= 1 << bit;
                }
            }
            let (at_x, at_y) = (x + cx, y + cy);
            if bits != 0 && area.contains((at_x, at_y).into()) {
                buf[(at_x, at_y)].set_char(sextant(bits)).set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_digit_indices_fit_a_cell_with_room_to_spare() {
        assert_eq!(width("7"), Some(3));
        assert_eq!(width("10"), Some(4));
        assert_eq!(width("15"), Some(4));
        assert_eq!(width("11"), Some(3));
        assert_eq!(width("x"), None);
        assert_eq!(width(""), None);
    }

    #[test]
    fn every_digit_is_drawn_whole_and_distinct() {
        // Each glyph is 7 rows of 5 pixels (the 1 two), and no two look
        // alike: drawn, each leaves its own pattern in the buffer.
        let mut seen = Vec::new();
        for (d, glyph) in DIGITS.iter().enumerate() {
            let wide = glyph[0].len();
            assert!(glyph.iter().all(|r| r.len() == wide), "{d}");
            let area = Rect::new(0, 0, 4, ROWS);
            let mut buf = Buffer::empty(area);
            draw(&d.to_string(), (0, 0), area, &mut buf, Style::new());
            let drawn: String = buf.content.iter().map(|c| c.symbol().to_string()).collect();
            assert!(drawn.trim().chars().count() > 2, "{d}: {drawn:?}");
            assert!(!seen.contains(&drawn), "{d} looks like another digit");
            seen.push(drawn);
        }
    }

    #[test]
    fn sextants_are_the_unicode_ones() {
        // The first, the last and the neighbours of the skipped patterns,
        // from Unicode's chart of Symbols for Legacy Computing.
        assert_eq!(sextant(0b00_0001), '\u{1FB00}');
        assert_eq!(sextant(0b01_0100), '\u{1FB13}');
        assert_eq!(sextant(0b01_0110), '\u{1FB14}');
        assert_eq!(sextant(0b10_1001), '\u{1FB27}');
        assert_eq!(sextant(0b10_1011), '\u{1FB28}');
        assert_eq!(sextant(0b11_1110), '\u{1FB3B}');
        assert_eq!(sextant(0b01_0101), '▌');
    }
}
