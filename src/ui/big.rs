//! Big letters for the projector (tui-big-text's 8x8 font): the lecture's
//! title, and in present mode the step's headline (the verdict, the probe's
//! rate). The size is the largest that fits the room, words wrapped onto
//! as many as three lines; the largest size doubles the font's full cells.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::symbols::pixel::{QUADRANTS, SEXTANTS};
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
    /// Six font pixels (two across, three down) in one cell: letters
    /// three rows tall, for a part that needs many words big.
    Sextant,
}

const SIZES: [Size; 4] = [Size::Double, Size::Full, Size::HalfHeight, Size::Quadrant];

/// Every size, largest first: a view tries each in turn for the largest
/// that fits its room.
pub(crate) const LARGEST_FIRST: [Size; 5] = [
    Size::Double,
    Size::Full,
    Size::HalfHeight,
    Size::Quadrant,
    Size::Sextant,
];

/// The sizes a part set in big letters grows through, smallest first.
pub(crate) const GROWING: [Size; 4] = [Size::Sextant, Size::Quadrant, Size::HalfHeight, Size::Full];

/// Stands for a space no line may break at while a formula is wrapped.
const GLUE: char = '\u{E000}';

impl Size {
    /// Columns and rows one character takes.
    fn cell(self) -> (u16, u16) {
        match self {
            Size::Double => (16, 16),
            Size::Full => (8, 8),
            Size::HalfHeight => (8, 4),
            Size::Quadrant => (4, 4),
            Size::Sextant => (4, 3),
        }
    }

    /// Columns and rows one letter takes at this size.
    pub(crate) fn letter(self) -> (u16, u16) {
        self.cell()
    }

    /// The character for the cell at column `col` and row `row` of a
    /// letter whose 8x8 bitmap is `glyph`, chosen from the pixels the cell
    /// covers as the font widget chooses them (pixels past the bitmap's
    /// foot are blank).
    fn symbol(self, glyph: &[u8; 8], col: u16, row: u16) -> char {
        let (across, down) = match self {
            Size::Double | Size::Full => (1, 1),
            Size::HalfHeight => (1, 2),
            Size::Quadrant => (2, 2),
            Size::Sextant => (2, 3),
        };
        let mut index = 0;
        for dy in 0..down {
            for dx in 0..across {
                let (x, y) = (usize::from(col * across + dx), usize::from(row * down + dy));
                if glyph
                    .get(y)
                    .is_some_and(|bits| x < 8 && bits & (1 << x) != 0)
                {
                    index |= 1 << (dy * across + dx);
                }
            }
        }
        match (across, down) {
            (1, 1) => [' ', '█'][index],
            (1, 2) => [' ', '▀', '▄', '█'][index],
            (2, 2) => QUADRANTS[index],
            _ => SEXTANTS[index],
        }
    }

    fn pixel(self) -> PixelSize {
        match self {
            Size::Double | Size::Full => PixelSize::Full,
            Size::HalfHeight => PixelSize::HalfHeight,
            Size::Quadrant => PixelSize::Quadrant,
            Size::Sextant => PixelSize::Sextant,
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
    /// headline keeps one size through a scene), with the lines of the
    /// text that wraps onto the most (so its height is the scene's).
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
            let Some(lines) = wrapped.into_iter().max_by_key(Vec::len) else {
                continue;
            };
            let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
            if rows.saturating_mul(ch) <= height {
                return Some(Big { lines, size });
            }
        }
        None
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

    /// `text` at `size` in lines at most `width` columns wide, broken at
    /// spaces; for a `formula`, only at spaces outside brackets, so a
    /// bracketed term is never split. `None` when a piece is wider than
    /// `width` or a character has no glyph in the font.
    pub(crate) fn at(text: &str, size: Size, width: u16, formula: bool) -> Option<Big> {
        if !legible(text) {
            return None;
        }
        let max_chars = usize::from(width / size.cell().0);
        let lines = if formula {
            wrap_formula(&spoken(text), max_chars)?
        } else {
            wrap_words(text, max_chars)?
        };
        if lines.is_empty() {
            return None;
        }
        let lines = lines.into_iter().map(|l| l.replace(GLUE, " ")).collect();
        Some(Big { lines, size })
    }

    /// Whether a formula set by [`Big::at`] breaks only before a relation
    /// (`=`, "is about"), so its lines read as a chain of equalities.
    pub(crate) fn breaks_at_relations(&self) -> bool {
        self.lines.iter().skip(1).all(|l| opens_with_relation(l))
    }

    /// Prose (a question, a sentence) at `size` in lines at most `width`
    /// columns wide: a word stays with the number after it ("bit 9"), a
    /// number with a last word that ends its phrase ("9 set?"), and a
    /// line ends after a comma, colon or full stop whenever that takes
    /// no more lines than filling each line would. `None` as for `at`.
    pub(crate) fn prose(text: &str, size: Size, width: u16) -> Option<Big> {
        if !legible(text) {
            return None;
        }
        let max_chars = usize::from(width / size.cell().0);
        let glued = glue_phrases(text);
        let filled = wrap_words(&glued, max_chars).filter(|l| !l.is_empty())?;
        let lines = match wrap_phrases(&glued, max_chars) {
            Some(by_phrase) if by_phrase.len() <= filled.len() => by_phrase,
            _ => filled,
        };
        let lines = lines.into_iter().map(|l| l.replace(GLUE, " ")).collect();
        Some(Big { lines, size })
    }

    /// `line` unbroken at `size`, if it fits `width` and every character
    /// has a glyph (a figure with its label, which must not be split).
    pub(crate) fn line(line: &str, size: Size, width: u16) -> Option<Big> {
        let fits = line.chars().count() <= usize::from(width / size.cell().0);
        (fits && legible(line)).then(|| Big {
            lines: vec![line.to_string()],
            size,
        })
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

    /// Columns the widest line takes.
    pub(crate) fn width(&self) -> u16 {
        let chars = self.lines.iter().map(|l| l.chars().count()).max();
        u16::try_from(chars.unwrap_or(0))
            .unwrap_or(u16::MAX)
            .saturating_mul(self.size.cell().0)
    }

    /// Draws the text centred in `area`.
    pub(crate) fn draw(&self, area: Rect, buf: &mut Buffer, style: Style) {
        self.draw_aligned(area, buf, style, Alignment::Center);
    }

    /// Draws the text in `area`, each line placed by `alignment`.
    pub(crate) fn draw_aligned(
        &self,
        area: Rect,
        buf: &mut Buffer,
        style: Style,
        alignment: Alignment,
    ) {
        self.draw_with(area, buf, style, alignment, &OWN_GLYPHS);
    }

    /// Draws the text as [`Big::draw_aligned`] does, each character that
    /// `glyphs` lists drawn from its bitmap there instead of the font's.
    fn draw_with(
        &self,
        area: Rect,
        buf: &mut Buffer,
        style: Style,
        alignment: Alignment,
        glyphs: &[(char, [u8; 8])],
    ) {
        let own = |c: char| glyphs.iter().any(|(o, _)| *o == c);
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let lines: Vec<Line<'static>> = self
            .lines
            .iter()
            .map(|l| {
                Line::raw(
                    l.chars()
                        .map(|c| if own(c) { ' ' } else { c })
                        .collect::<String>(),
                )
            })
            .collect();
        let widget = BigText::builder()
            .pixel_size(self.size.pixel())
            .style(style)
            .lines(lines)
            .alignment(alignment)
            .build();
        if self.size != Size::Double {
            widget.render(area, buf);
            self.draw_own_glyphs(self.size, area, buf, alignment, glyphs);
            return;
        }
        // Draw at full size into a buffer half as large, then copy every
        // cell into a 2x2 block.
        let half = Rect::new(0, 0, area.width / 2, area.height / 2);
        let mut small = Buffer::empty(half);
        widget.render(half, &mut small);
        self.draw_own_glyphs(Size::Full, half, &mut small, alignment, glyphs);
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

    /// Draws each character that `glyphs` lists in the place the
    /// font widget left blank for it: the widget sets a line's letters
    /// side by side from the offset its alignment gives, each `size`'s
    /// letter wide.
    fn draw_own_glyphs(
        &self,
        size: Size,
        area: Rect,
        buf: &mut Buffer,
        alignment: Alignment,
        glyphs: &[(char, [u8; 8])],
    ) {
        let (w, h) = size.cell();
        let tops = (area.y..area.bottom()).step_by(usize::from(h));
        for (line, y) in self.lines.iter().zip(tops) {
            let count = u16::try_from(line.chars().count()).unwrap_or(u16::MAX);
            let across = count.saturating_mul(w);
            let offset = match alignment {
                Alignment::Center => (area.width / 2).saturating_sub(across / 2),
                Alignment::Right => area.width.saturating_sub(across),
                Alignment::Left => 0,
            };
            for (j, c) in (0u16..).zip(line.chars()) {
                let Some((_, glyph)) = glyphs.iter().find(|(o, _)| *o == c) else {
                    continue;
                };
                let x = area
                    .x
                    .saturating_add(offset)
                    .saturating_add(j.saturating_mul(w));
                for dy in 0..h.min(area.bottom() - y) {
                    for dx in 0..w.min(area.right().saturating_sub(x)) {
                        if let Some(cell) = buf.cell_mut((x + dx, y + dy)) {
                            cell.set_char(size.symbol(glyph, dx, dy));
                        }
                    }
                }
            }
        }
    }
}

/// Glyphs drawn in place of the font's own where the font's reads as
/// another character from the back of a room: its zero carries a slash
/// that blurs into an eight (and its capital O, drawn instead, made "P0"
/// read "PO"), and its seven has a hook on the left that makes it a
/// question mark at three rows tall. Each is a plain form in the digits'
/// own six-pixel width. Rows top first, the lowest bit the leftmost pixel,
/// as in the font.
const OWN_GLYPHS: [(char, [u8; 8]); 2] = [
    ('0', [0x1E, 0x33, 0x33, 0x33, 0x33, 0x33, 0x1E, 0x00]),
    ('7', [0x3F, 0x30, 0x30, 0x18, 0x0C, 0x0C, 0x0C, 0x00]),
];

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

/// Words a formula's relation is said in when set big: the font has no
/// approximately-equal sign, and its tilde is a small raised mark that
/// reads as a stray quote from the back of a room.
const ABOUT: &str = "is about";

/// A formula's standalone `~` written out as [`ABOUT`], so
/// every formula set big says "about" the same way.
fn spoken(text: &str) -> String {
    text.split(' ')
        .map(|w| if w == "~" { ABOUT } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a formula's line opens with a relation a line may break before.
fn opens_with_relation(line: &str) -> bool {
    let line = line.replace(GLUE, " ");
    line.starts_with("= ") || line == "=" || line.starts_with(ABOUT)
}

/// Whether `word` is an operator or relation that must not end a line.
fn is_operator(word: &str) -> bool {
    matches!(
        word,
        "=" | "+" | "-" | "*" | "/" | "^" | "x" | "\u{b7}" | "<" | ">" | "<=" | ">=" | "~"
    ) || ABOUT.split(' ').any(|w| w == word)
}

/// The pieces a formula may be broken between: brackets whole, and each
/// operator glued to the term after it, so no line ends on one.
fn formula_units(text: &str) -> Vec<String> {
    let glued = glue_brackets(text);
    let mut units: Vec<String> = Vec::new();
    let mut pending = String::new();
    for word in glued.split_whitespace() {
        if !pending.is_empty() {
            pending.push(GLUE);
        }
        pending.push_str(word);
        if !is_operator(word) {
            units.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        // A trailing operator stays with the term before it.
        match units.last_mut() {
            Some(last) => {
                last.push(GLUE);
                last.push_str(&pending);
            }
            None => units.push(pending),
        }
    }
    units
}

/// Most pieces a formula is searched over for its best breaks; a longer
/// one is filled line by line.
const MOST_UNITS: usize = 12;

/// A formula in lines of at most `max` characters: the fewest lines, then
/// the fewest breaks that are not before a relation, then the most even
/// lines. A line never ends on an operator and never splits a bracket;
/// `None` when one piece is longer than a line.
fn wrap_formula(text: &str, max: usize) -> Option<Vec<String>> {
    let units = formula_units(text);
    let len = |s: &str| s.chars().count();
    if units.iter().any(|u| len(u) > max) {
        return None;
    }
    if units.len() > MOST_UNITS {
        return wrap_words(&units.join(" "), max);
    }
    let gaps = units.len().saturating_sub(1);
    let mut best: Option<((usize, usize, usize), Vec<String>)> = None;
    for mask in 0u32..(1 << gaps) {
        let mut lines: Vec<String> = vec![units.first()?.clone()];
        let mut bad = 0;
        for (i, unit) in units.iter().enumerate().skip(1) {
            if mask & (1 << (i - 1)) != 0 {
                bad += usize::from(!opens_with_relation(unit));
                lines.push(unit.clone());
            } else if let Some(line) = lines.last_mut() {
                line.push(' ');
                line.push_str(unit);
            }
        }
        let widest = lines.iter().map(|l| len(l)).max().unwrap_or(0);
        if widest > max {
            continue;
        }
        let cost = (lines.len(), bad, widest);
        if best.as_ref().is_none_or(|(c, _)| cost < *c) {
            best = Some((cost, lines));
        }
    }
    best.map(|(_, lines)| lines)
}

/// `text` with every space inside brackets glued to its neighbours.
fn glue_brackets(text: &str) -> String {
    let mut depth = 0i32;
    text.chars()
        .map(|c| {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                _ => {}
            }
            if c == ' ' && depth > 0 { GLUE } else { c }
        })
        .collect()
}

/// `text` with a word glued to the number after it, a number glued to a
/// short word after it that closes a phrase, and a relation glued to the
/// words on both sides of it, so none of these is split across two lines
/// ("is k = 10" never breaks inside "k = 10").
fn glue_phrases(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let numeric = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
    let closes = |w: &str| w.chars().count() <= 6 && w.ends_with(['?', '.', '!', ',', ':', ';']);
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let before = words[i - 1];
            let glue = (numeric(word) && !numeric(before) && !ends_phrase(before))
                || (numeric(before) && !ends_phrase(before) && closes(word))
                || (is_relation(word) && !ends_phrase(before))
                || is_relation(before);
            out.push(if glue { GLUE } else { ' ' });
        }
        out.push_str(word);
    }
    out
}

/// Whether `word` is a relation that binds the words on either side of it
/// in prose: "k = 10" read as one term.
fn is_relation(word: &str) -> bool {
    matches!(word, "=" | "<" | ">" | "<=" | ">=")
}

/// Whether a line may end after `word` at a phrase's end.
fn ends_phrase(word: &str) -> bool {
    word.ends_with([',', '.', '?', '!', ':', ';'])
}

/// `text` in lines of at most `max` characters that each end at a
/// phrase's end, a phrase longer than a line filled word by word; `None`
/// when one word alone is longer than a line.
fn wrap_phrases(text: &str, max: usize) -> Option<Vec<String>> {
    let mut phrases: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
        if ends_phrase(word) {
            phrases.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        phrases.push(current);
    }
    let mut lines: Vec<String> = Vec::new();
    for phrase in phrases {
        let len = phrase.chars().count();
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + len <= max => {
                line.push(' ');
                line.push_str(&phrase);
            }
            _ if len <= max => lines.push(phrase),
            _ => lines.extend(wrap_words(&phrase, max)?),
        }
    }
    Some(lines)
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

    /// The font's own capital O, row by row as the font stores it.
    const FONT_O: [u8; 8] = [0x1C, 0x36, 0x63, 0x63, 0x63, 0x36, 0x1C, 0x00];

    /// A letter drawn from a bitmap of our own lands where the font widget
    /// draws its letters, cell for cell: given the font's O as the bitmap,
    /// the drawing is the widget's, at every size and alignment, on two
    /// lines, in a room wider than the words and in one that cuts them.
    #[test]
    fn a_glyph_of_our_own_lands_where_the_fonts_would() {
        for size in LARGEST_FIRST {
            for alignment in [Alignment::Left, Alignment::Center, Alignment::Right] {
                let big = Big {
                    lines: vec!["hO O".into(), "OOk".into()],
                    size,
                };
                for width in [big.width() + 9, big.width() - 5] {
                    let area = Rect::new(3, 2, width, big.height() + 1);
                    let mut font =
                        Buffer::empty(Rect::new(0, 0, area.right() + 2, area.bottom() + 2));
                    let mut own = font.clone();
                    big.draw_with(area, &mut font, Style::default(), alignment, &[]);
                    big.draw_with(
                        area,
                        &mut own,
                        Style::default(),
                        alignment,
                        &[('O', FONT_O)],
                    );
                    assert_eq!(own, font, "{size:?} {alignment:?} in {width}");
                }
            }
        }
    }

    /// The zero is a plain oval, nothing inside it (the font's carries a
    /// slash, and its O is what "P0" must not read as), and the seven has
    /// no hook on its left (the font's is a question mark at three rows).
    #[test]
    fn the_zero_is_hollow_and_the_seven_has_no_hook() {
        let ink = |text: &str| {
            let big = Big {
                lines: vec![text.into()],
                size: Size::Full,
            };
            let mut buf = Buffer::empty(Rect::new(0, 0, big.width(), big.height()));
            big.draw(buf.area, &mut buf, Style::default());
            (0..8u16)
                .map(|y| {
                    (0..8u16)
                        .map(|x| buf[(x, y)].symbol() != " ")
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        };
        let zero = ink("0");
        for (y, row) in zero.iter().enumerate().take(6).skip(1) {
            assert_eq!(row[..6], [true, true, false, false, true, true], "row {y}");
        }
        assert_ne!(zero, ink("O"));
        let seven = ink("7");
        assert!(seven[0][..6].iter().all(|&i| i), "a full bar on top");
        assert!(
            !seven[1][0] && !seven[1][1],
            "no hook under the bar's left end"
        );
    }

    #[test]
    fn a_formula_breaks_only_outside_its_brackets() {
        let text = "epsilon at k*:  (1/2)^((m/n) ln 2) = 0.6185^(m/n)";
        // 18 quadrant letters a line: the bracket stays whole.
        let big = Big::at(text, Size::Quadrant, 72, true).expect("fits");
        assert!(
            big.lines.contains(&"(1/2)^((m/n) ln 2)".to_string()),
            "{big:?}"
        );
        // A bracket wider than the room is refused, not split.
        assert!(Big::at("(a b c d e f g h)", Size::Quadrant, 40, true).is_none());
        // A character the font lacks is refused.
        assert!(Big::at("P0 \u{2248} e", Size::Quadrant, 200, true).is_none());
    }

    #[test]
    fn a_formula_breaks_before_its_equals_and_never_after_an_operator() {
        // 15 letters a line: the chain splits before its second `=`, not
        // after the minus that would dangle at the first line's end.
        let big = Big::at("P1 = 1 - P0 = 1 - e^(-kn/m)", Size::Quadrant, 60, true).unwrap();
        assert_eq!(big.lines, ["P1 = 1 - P0", "= 1 - e^(-kn/m)"]);
        assert!(big.breaks_at_relations());
        // The `=` opens the second line rather than closing the first.
        let big = Big::at("epsilon = (1 - e^(-kn/m))^k", Size::Quadrant, 80, true).unwrap();
        assert_eq!(big.lines, ["epsilon", "= (1 - e^(-kn/m))^k"]);
        let text = "(1/2)^((m/n) ln 2) = 0.6185^(m/n)";
        let big = Big::at(text, Size::Quadrant, 80, true).unwrap();
        assert_eq!(big.lines, ["(1/2)^((m/n) ln 2)", "= 0.6185^(m/n)"]);
        // Without an `=` to break at, a break still never leaves an
        // operator at a line's end, and the lines come out even.
        for width in (24..=120).step_by(4) {
            for text in ["a + b + c + d + e + f", "P1 = 1 - P0 = 1 - e^(-kn/m)"] {
                let Some(big) = Big::at(text, Size::Quadrant, width, true) else {
                    continue;
                };
                for line in &big.lines {
                    let last = line.split(' ').next_back().unwrap_or("");
                    assert!(!is_operator(last), "{width}: {:?}", big.lines);
                }
            }
        }
        let big = Big::at("a + b + c + d + e + f", Size::Quadrant, 64, true).unwrap();
        assert_eq!(big.lines, ["a + b + c", "+ d + e + f"]);
        assert!(!big.breaks_at_relations());
        // The tilde is said in words, one rule for every formula.
        let big = Big::at("P0 ~ e^(-kn/m)", Size::Quadrant, 400, true).unwrap();
        assert_eq!(big.lines, ["P0 is about e^(-kn/m)"]);
    }

    #[test]
    fn prose_never_parts_a_word_from_its_number() {
        // Every exercise's question at every size and a range of widths:
        // no line ends in a bare word whose number opens the next line.
        for e in crate::practice::all(None) {
            for size in LARGEST_FIRST {
                for width in (40..=240).step_by(8) {
                    let Some(big) = Big::prose(&e.prompt, size, width) else {
                        continue;
                    };
                    for pair in big.lines.windows(2) {
                        let last = pair[0].split(' ').next_back().unwrap_or("");
                        let bare = last.chars().all(char::is_alphabetic) && !last.is_empty();
                        let number = pair[1].starts_with(|c: char| c.is_ascii_digit());
                        assert!(!(bare && number), "{size:?} {width}: {:?}", big.lines);
                    }
                }
            }
        }
        // Phrases stay whole when that costs no line.
        let big = Big::prose("set bit 3, then bit 9, then bit 3 again.", Size::Full, 120).unwrap();
        assert!(
            big.lines.iter().all(|l| !l.ends_with("bit")),
            "{:?}",
            big.lines
        );
        assert_eq!(
            Big::prose("is bit 9 set?", Size::Full, 80).unwrap().lines,
            ["is", "bit 9 set?"]
        );
    }

    #[test]
    fn prose_keeps_a_relation_with_both_its_sides() {
        // The question of the lecture's k step, at the width where it used
        // to break as "is k" / "= 10 better ... than k =" / "7?".
        let q = "Still 10 bits per item: is k = 10 better or worse than k = 7?";
        for width in (40..=240).step_by(4) {
            let Some(big) = Big::prose(q, Size::Quadrant, width) else {
                continue;
            };
            for line in &big.lines {
                let bare_end = line.ends_with(" k") || line.ends_with(" =");
                assert!(
                    !bare_end && !line.starts_with('=') && !line.starts_with("7?"),
                    "{width}: {:?}",
                    big.lines
                );
            }
        }
    }

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
