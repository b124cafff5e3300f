//! Big letters for the projector (tui-big-text's 8x8 font): the lecture's
//! title, and in present mode the step's headline (the verdict, the probe's
//! rate). The size is the largest that fits the room, words wrapped onto
//! as many as three lines; the largest size doubles the font's full cells.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use tui_big_text::{BigText, PixelSize};

/// A size of big letters, largest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Size {
    /// Each font pixel two cells wide and two rows tall.
    Double,
    /// Each font pixel one cell.
    Full,
    /// Two font pixels stacked in one cell.
    HalfHeight,
    /// Four font pixels in one cell.
    Quadrant,
}

const SIZES: [Size; 4] = [Size::Double, Size::Full, Size::HalfHeight, Size::Quadrant];

impl Size {
    /// Columns and rows one character takes.
    fn cell(self) -> (u16, u16) {
        match self {
            Size::Double => (16, 16),
            Size::Full => (8, 8),
            Size::HalfHeight => (8, 4),
            Size::Quadrant => (4, 4),
        }
    }

    fn pixel(self) -> PixelSize {
        match self {
            Size::Double | Size::Full => PixelSize::Full,
            Size::HalfHeight => PixelSize::HalfHeight,
            Size::Quadrant => PixelSize::Quadrant,
        }
    }
}

/// Text set in big letters: its lines and their size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Big {
    /// The lines, as wrapped for the size.
    pub lines: Vec<String>,
    /// The size.
    pub size: Size,
}

impl Big {
    /// The largest setting of `text` that fits `width` x `height`, trying
    /// one line, then two and three; `None` when even the smallest fails.
    pub(crate) fn fit(text: &str, width: u16, height: u16) -> Option<Big> {
        Big::fit_all(&[text], width, height)
    }

    /// The largest size at which every text of `texts` fits alike (so a
    /// headline keeps one size through a scene), with `texts[0]`'s lines.
    pub(crate) fn fit_all(texts: &[&str], width: u16, height: u16) -> Option<Big> {
        for size in SIZES {
            let (cw, ch) = size.cell();
            let max_chars = usize::from(width / cw);
            if max_chars == 0 {
                continue;
            }
            let wrapped: Option<Vec<Vec<String>>> = texts
                .iter()
                .map(|t| wrap_words(t, max_chars).filter(|l| l.len() <= 3))
                .collect();
            let Some(wrapped) = wrapped else { continue };
            let rows = wrapped.iter().map(Vec::len).max().unwrap_or(0);
            if u16::try_from(rows).unwrap_or(u16::MAX).saturating_mul(ch) <= height {
                let lines = wrapped.into_iter().next().unwrap_or_default();
                return Some(Big { lines, size });
            }
        }
        None
    }

    /// `texts` stacked in `width` x `height`, a blank row between two of
    /// them, each on as many lines as it needs: first all at the largest
    /// size at which they fit alike, then, newest (last) first, each text
    /// one size up while the stack still fits and it stays no larger than
    /// any text after it, so the newest words are the biggest. `None` when
    /// even the smallest size leaves a word wider than the room or the
    /// stack taller than it.
    pub(crate) fn fit_stack(texts: &[String], width: u16, height: u16) -> Option<Vec<Big>> {
        let gaps = u16::try_from(texts.len().saturating_sub(1)).unwrap_or(u16::MAX);
        let rows = |set: &[Big]| set.iter().map(Big::height).fold(gaps, u16::saturating_add);
        let at = |text: &str, size: usize| {
            let max_chars = usize::from(width / SIZES[size].cell().0);
            let lines = wrap_words(text, max_chars).filter(|_| max_chars > 0)?;
            Some(Big {
                lines,
                size: SIZES[size],
            })
        };
        let (mut set, mut sizes) = (0..SIZES.len()).find_map(|size| {
            let set: Vec<Big> = texts.iter().map(|t| at(t, size)).collect::<Option<_>>()?;
            (rows(&set) <= height).then(|| (set, vec![size; texts.len()]))
        })?;
        for i in (0..texts.len()).rev() {
            // The smallest size index (largest letters) of any later text.
            let cap = sizes[i + 1..].iter().copied().max().unwrap_or(0);
            while sizes[i] > cap {
                let Some(bigger) = at(&texts[i], sizes[i] - 1) else {
                    break;
                };
                let before = std::mem::replace(&mut set[i], bigger);
                if rows(&set) > height {
                    set[i] = before;
                    break;
                }
                sizes[i] -= 1;
            }
        }
        Some(set)
    }

    /// Every setting of `text` that fits `width`: each size, on one to three
    /// lines (a line breaks only at a space), shortest first.
    pub(crate) fn settings(text: &str, width: u16) -> Vec<Big> {
        let mut out = Vec::new();
        let chars = text.chars().count();
        for size in SIZES {
            let max_chars = usize::from(width / size.cell().0);
            for lines in 1..=3usize {
                // Lines of at most about a share of the text each.
                let share = chars.div_ceil(lines).max(1);
                let found = (share..=max_chars)
                    .filter_map(|m| wrap_words(text, m))
                    .find(|l| l.len() == lines);
                if let Some(l) = found {
                    out.push(Big { lines: l, size });
                }
            }
        }
        out.sort_by_key(Big::height);
        out.dedup();
        out
    }

    /// Rows one letter stands.
    pub(crate) fn scale(&self) -> u16 {
        self.size.cell().1
    }

    /// Rows the text takes.
    pub(crate) fn height(&self) -> u16 {
        u16::try_from(self.lines.len())
            .unwrap_or(u16::MAX)
            .saturating_mul(self.size.cell().1)
    }

    /// The same size for other text (a later step's headline), if it fits
    /// `width` in as many lines as this one has.
    pub(crate) fn with_text(&self, text: &str, width: u16) -> Option<Big> {
        let max_chars = usize::from(width / self.size.cell().0);
        let lines = wrap_words(text, max_chars)?;
        (lines.len() <= self.lines.len()).then_some(Big {
            lines,
            size: self.size,
        })
    }

    /// Draws the text centred in `area`.
    pub(crate) fn draw(&self, area: Rect, buf: &mut Buffer, style: Style) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let lines: Vec<Line<'static>> = self.lines.iter().map(|l| Line::raw(l.clone())).collect();
        let widget = BigText::builder()
            .pixel_size(self.size.pixel())
            .style(style)
            .lines(lines)
            .alignment(Alignment::Center)
            .build();
        if self.size != Size::Double {
            widget.render(area, buf);
            return;
        }
        // Draw at full size into a buffer half as large, then copy every
        // cell into a 2x2 block.
        let half = Rect::new(0, 0, area.width / 2, area.height / 2);
        let mut small = Buffer::empty(half);
        widget.render(half, &mut small);
        for y in 0..half.height {
            for x in 0..half.width {
                let cell = small[(x, y)].clone();
                if cell.symbol() == " " {
                    continue;
                }
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if let Some(c) = buf.cell_mut((area.x + 2 * x + dx, area.y + 2 * y + dy)) {
                        *c = cell.clone();
                    }
                }
            }
        }
    }
}

/// Whether every character of `text` has a glyph in the big font, so
/// nothing set in big letters comes out as a gap. It draws each character
/// at the smallest size and looks for ink, since the font's tables belong
/// to the widget.
pub(crate) fn legible(text: &str) -> bool {
    let (w, h) = Size::Quadrant.cell();
    let area = Rect::new(0, 0, w, h);
    text.chars().filter(|c| !c.is_whitespace()).all(|c| {
        let mut buf = Buffer::empty(area);
        BigText::builder()
            .pixel_size(Size::Quadrant.pixel())
            .lines(vec![Line::raw(c.to_string())])
            .build()
            .render(area, &mut buf);
        buf.content.iter().any(|cell| cell.symbol() != " ")
    })
}

/// `text` in lines of at most `max` characters, breaking at spaces; `None`
/// when one word alone is longer than a line.
fn wrap_words(text: &str, max: usize) -> Option<Vec<String>> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        if word.chars().count() > max {
            return None;
        }
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= max => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    Some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_size_that_fits_is_chosen() {
        let big = Big::fit("FALSE POSITIVE", 200, 40).unwrap();
        assert_eq!(big.size, Size::Double);
        assert_eq!(big.lines, ["FALSE", "POSITIVE"]);
        let big = Big::fit("FALSE POSITIVE", 120, 8).unwrap();
        assert_eq!((big.size, big.lines.len()), (Size::Full, 1));
        let big = Big::fit("FALSE POSITIVE", 80, 5).unwrap();
        assert_eq!(big.size, Size::Quadrant);
        assert!(Big::fit("FALSE POSITIVE", 20, 3).is_none());
    }

    #[test]
    fn a_stack_shrinks_until_every_text_fits() {
        let texts = ["P0 = 1 - 1/m".to_string(), "no deletions".to_string()];
        let set = Big::fit_stack(&texts, 200, 40).unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set[0].size, Size::Double);
        assert_eq!(set[0].lines, ["P0 = 1 - 1/m"]);
        // Two rows of four and the gap between them.
        let set = Big::fit_stack(&texts, 200, 9).unwrap();
        assert_eq!(set[1].size, Size::HalfHeight);
        // Too narrow for "deletions" at half height: quarter cells.
        let set = Big::fit_stack(&texts, 60, 9).unwrap();
        assert_eq!(set[0].size, Size::Quadrant);
        assert!(Big::fit_stack(&texts, 60, 8).is_none());
    }

    #[test]
    fn the_newest_text_grows_first_and_stays_the_largest() {
        let sizes = |texts: &[&str], h| {
            let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
            let set = Big::fit_stack(&texts, 200, h).unwrap();
            set.iter().map(|b| b.size).collect::<Vec<_>>()
        };
        // Alike they fit at full size; the room left doubles the last.
        assert_eq!(
            sizes(&["a b c d e f", "xy"], 25),
            [Size::Full, Size::Double]
        );
        // The last word is too wide to double, so the first stays as is
        // too, though there are rows for it.
        assert_eq!(
            sizes(&["ab", "abcdefghijklm"], 40),
            [Size::Full, Size::Full]
        );
    }

    #[test]
    fn formulas_are_legible_and_missing_glyphs_are_found() {
        assert!(legible("P0 = (1 - 1/m)^(kn) ~ e^(-kn/m) · epsilon"));
        assert!(!legible("P0 \u{2248} e"));
        assert!(!legible("x \u{2190} y"));
    }

    #[test]
    fn doubled_letters_fill_their_cells() {
        let big = Big::fit("I", 16, 16).unwrap();
        assert_eq!(big.size, Size::Double);
        let area = Rect::new(0, 0, 16, 16);
        let mut buf = Buffer::empty(area);
        big.draw(area, &mut buf, Style::default());
        let inked = buf.content.iter().filter(|c| c.symbol() != " ").count();
        assert!(inked > 0 && inked % 4 == 0, "{inked}");
    }
}
