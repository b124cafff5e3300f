//! The crawler diagram with its words big, for present mode: a tree down
//! the wall, each box just wide enough for its name in big letters, each
//! arrow long enough that its label sits clear beside it, the two ends
//! side by side at the bottom (the filter's answer splits there).
//!
//! ```text
//!            ┌─────────┐
//!            │ crawler │
//!            └────┬────┘
//!                 │
//!                 │  URL found
//!                 │
//!         ┌───────▼──────┐
//!         │ Bloom filter │
//!         └───────┬──────┘
//!                 │
//!  definitely new │  probably seen
//!                 │
//!      ┌──────────┴─────────┐
//!   ┌──▼──┐            ┌────▼────┐
//!   │fetch│            │ dropped │
//!   └─────┘            └─────────┘
//! ```
//!
//! [`pieces`] works out where every box, label and arrow goes; [`draw`]
//! draws them, and the tests check the pieces keep clear of each other.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::big::{Big, Size};
use crate::ui::paint::{Painter, width};

/// The words the diagram shows, as `crawler.rs` names them.
pub(crate) struct Words<'a> {
    /// The boxes down the middle, top to bottom: the source, the filter,
    /// and where a new URL goes.
    pub names: [&'a str; 3],
    /// The arrows' labels: into the filter, and out of it to the new URL's
    /// box.
    pub labels: [&'a str; 2],
    /// The other way out of the filter, and where it goes.
    pub side: (&'a str, &'a str),
}

/// How the diagram is set: its letters' size, and whether the arrows'
/// labels are big too (on a short board they are small, the boxes' names
/// still big).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Setting {
    /// The letters' size.
    pub size: Size,
    /// Whether the labels are set big.
    pub big_labels: bool,
}

impl Setting {
    fn letter(self) -> (u16, u16) {
        self.size.letter()
    }

    /// Columns `text` takes as a box's name.
    fn name_width(self, text: &str) -> u16 {
        chars(text).saturating_mul(self.letter().0)
    }

    /// Columns and rows `text` takes as a label.
    fn label(self, text: &str) -> (u16, u16) {
        if self.big_labels {
            (chars(text).saturating_mul(self.letter().0), self.letter().1)
        } else {
            (width(text), 1)
        }
    }
}

fn chars(text: &str) -> u16 {
    u16::try_from(text.chars().count()).unwrap_or(u16::MAX)
}

/// What one piece of the diagram is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum What<'a> {
    /// A box round a name in big letters.
    Box(&'a str),
    /// An arrow's label.
    Label(&'a str),
    /// A run of arrow: a shaft down, or the bar where the answer splits.
    Arrow,
}

/// One piece of the diagram and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece<'a> {
    /// What it is.
    pub what: What<'a>,
    /// Where, on the screen.
    pub rect: Rect,
}

/// Rows the diagram takes set as `setting`: three rows of boxes, two
/// arrows with a blank row either side of their labels, and the bar.
pub(crate) fn rows(words: &Words<'_>, setting: Setting) -> u16 {
    let label = words
        .labels
        .iter()
        .map(|l| setting.label(l).1)
        .max()
        .unwrap_or(1);
    3 * (setting.letter().1 + 2) + 2 * (label + 2) + 1
}

/// Columns the diagram takes set as `setting`.
pub(crate) fn columns(words: &Words<'_>, setting: Setting) -> u16 {
    let pieces = layout(words, setting);
    let left = pieces.iter().map(|p| p.x).min().unwrap_or(0);
    let right = pieces
        .iter()
        .map(|p| p.x + i32::from(p.w))
        .max()
        .unwrap_or(0);
    u16::try_from(right - left).unwrap_or(u16::MAX)
}

/// A piece placed round the middle column `x = 0`, from the top row.
struct Loose<'a> {
    what: What<'a>,
    x: i32,
    y: u16,
    w: u16,
    h: u16,
}

/// Every piece, placed round the middle column.
fn layout<'a>(words: &Words<'a>, setting: Setting) -> Vec<Loose<'a>> {
    let box_rows = setting.letter().1 + 2;
    let box_width = |name: &str| setting.name_width(name) + 4;
    let boxed = |name: &'a str, x: i32, y: u16| Loose {
        what: What::Box(name),
        x,
        y,
        w: box_width(name),
        h: box_rows,
    };
    let centred = |name: &str, at: i32| at - i32::from(box_width(name) / 2);
    let label = |text: &'a str, x: i32, y: u16| {
        let (w, h) = setting.label(text);
        Loose {
            what: What::Label(text),
            x,
            y,
            w,
            h,
        }
    };
    let shaft = |y: u16, h: u16| Loose {
        what: What::Arrow,
        x: 0,
        y,
        w: 1,
        h,
    };
    let [source, filter, fetch] = words.names;
    let [found, new] = words.labels;
    let (seen, dropped) = words.side;
    let gap = |text: &str| setting.label(text).1 + 2;
    let mut out = vec![boxed(source, centred(source, 0), 0)];
    // Into the filter: the label two columns right of the shaft, a blank
    // row above and below it.
    let y = box_rows;
    out.push(shaft(y, gap(found)));
    out.push(label(found, 3, y + 1));
    let y = y + gap(found);
    out.push(boxed(filter, centred(filter, 0), y));
    // Out of it: the new URL's label left of the shaft, the other right.
    // Big, they stand a letter's width and two columns clear of it: with
    // one blank column either side, "definitely new probably seen" read
    // as one phrase across the thin shaft.
    let y = y + box_rows;
    let arm = gap(new).max(gap(seen));
    out.push(shaft(y, arm));
    let apart = if setting.big_labels {
        i32::from(setting.letter().0) + 2
    } else {
        2
    };
    let new_x = -apart - i32::from(setting.label(new).0);
    let seen_x = apart + 1;
    out.push(label(new, new_x, y + 1));
    out.push(label(seen, seen_x, y + 1));
    // The bar runs from under the middle of one label to under the other,
    // and each end drops into its box.
    let y = y + arm;
    let mut left = new_x + i32::from(setting.label(new).0 / 2);
    let mut right = seen_x + i32::from(setting.label(seen).0 / 2);
    // Short labels would crowd the two boxes: spread the ends until two
    // blank columns part them.
    let crowded = centred(fetch, left) + i32::from(box_width(fetch)) + 2 - centred(dropped, right);
    if crowded > 0 {
        left -= crowded / 2 + crowded % 2;
        right += crowded / 2;
    }
    out.push(Loose {
        what: What::Arrow,
        x: left,
        y,
        w: u16::try_from(right - left + 1).unwrap_or(1),
        h: 1,
    });
    out.push(boxed(fetch, centred(fetch, left), y + 1));
    out.push(boxed(dropped, centred(dropped, right), y + 1));
    out
}

/// Every piece of the diagram set as `setting`, centred across `area`
/// from its top row.
pub(crate) fn pieces<'a>(words: &Words<'a>, setting: Setting, area: Rect) -> Vec<Piece<'a>> {
    let loose = layout(words, setting);
    let left = loose.iter().map(|p| p.x).min().unwrap_or(0);
    let spare = i32::from(area.width.saturating_sub(columns(words, setting)) / 2);
    loose
        .into_iter()
        .map(|p| {
            let x = i32::from(area.x) + spare + p.x - left;
            Piece {
                what: p.what,
                rect: Rect::new(u16::try_from(x).unwrap_or(0), area.y + p.y, p.w, p.h),
            }
        })
        .collect()
}

/// Draws the diagram set as `setting`, centred across `area` from its top.
pub(crate) fn draw(
    words: &Words<'_>,
    setting: Setting,
    area: Rect,
    buf: &mut Buffer,
    style: Style,
) {
    let pieces = pieces(words, setting, area);
    // Where the arrows meet the boxes' borders: the shafts start under a
    // box and end on the next one's top edge.
    let shafts: Vec<Rect> = pieces
        .iter()
        .filter(|p| p.what == What::Arrow)
        .map(|p| p.rect)
        .collect();
    for piece in &pieces {
        let r = piece.rect;
        match piece.what {
            What::Box(name) => draw_box(buf, area, r, name, setting.size, style),
            What::Label(text) if setting.big_labels => {
                big_or_small(text, setting.size, r, area, buf, style);
            }
            What::Label(text) => {
                Painter::new(buf, area).text(r.x - area.x, r.y - area.y, text, style);
            }
            What::Arrow => {}
        }
    }
    let mut p = Painter::new(buf, area);
    let at = |x: u16, y: u16| (x - area.x, y - area.y);
    for r in &shafts {
        if r.width == 1 {
            let (x, y) = at(r.x, r.y);
            p.text(x, y - 1, "┬", style);
            for dy in 0..r.height {
                p.text(x, y + dy, "│", style);
            }
            // The next box's top edge, or the bar, takes the head.
            let below = r.bottom();
            let into_bar = shafts.iter().any(|b| b.width > 1 && b.y == below);
            let (x, y) = at(r.x, below);
            p.text(x, y, if into_bar { "┴" } else { "▼" }, style);
        } else {
            // The bar: its ends turn down into the boxes under them.
            let (x, y) = at(r.x, r.y);
            let inner = usize::from(r.width.saturating_sub(2));
            let mut bar: Vec<char> = format!("┌{}┐", "─".repeat(inner)).chars().collect();
            let middle = shafts
                .iter()
                .find(|s| s.width == 1 && s.bottom() == r.y)
                .map(|s| usize::from(s.x - r.x));
            if let Some(m) = middle.filter(|&m| m < bar.len()) {
                bar[m] = '┴';
            }
            p.text(x, y, &bar.iter().collect::<String>(), style);
            p.text(x, y + 1, "▼", style);
            p.text(x + r.width - 1, y + 1, "▼", style);
        }
    }
}

/// `text` in big letters in `rect`, or small on its middle row when the
/// font lacks a glyph.
fn big_or_small(text: &str, size: Size, rect: Rect, area: Rect, buf: &mut Buffer, style: Style) {
    let rect = rect.intersection(area);
    match Big::at(text, size, rect.width, false).filter(|b| b.lines.len() == 1) {
        Some(set) => set.draw(rect, buf, style),
        None => {
            let y = rect.y + rect.height / 2;
            Painter::new(buf, area).text(rect.x - area.x, y - area.y, text, style);
        }
    }
}

fn draw_box(buf: &mut Buffer, area: Rect, rect: Rect, name: &str, size: Size, style: Style) {
    let inner = usize::from(rect.width.saturating_sub(2));
    let mut p = Painter::new(buf, area);
    let (x, y) = (rect.x - area.x, rect.y - area.y);
    p.text(x, y, &format!("┌{}┐", "─".repeat(inner)), style);
    for r in 1..rect.height.saturating_sub(1) {
        p.text(x, y + r, &format!("│{}│", " ".repeat(inner)), style);
    }
    p.text(
        x,
        y + rect.height - 1,
        &format!("└{}┘", "─".repeat(inner)),
        style,
    );
    let (w, h) = size.letter();
    let text = Rect::new(rect.x + 2, rect.y + 1, chars(name) * w, h);
    big_or_small(name, size, text, area, buf, style);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::big::GROWING;

    const WORDS: Words<'static> = Words {
        names: ["crawler", "Bloom filter", "fetch"],
        labels: ["URL found", "definitely new"],
        side: ("probably seen", "dropped"),
    };

    /// Every two pieces that touch or overlap (a label or box must keep a
    /// blank cell from every other piece; an arrow may meet a box, which
    /// it points into, but never a label).
    pub(crate) fn clashes(pieces: &[Piece<'_>]) -> Vec<String> {
        let grown = |r: Rect| {
            Rect::new(
                r.x.saturating_sub(1),
                r.y.saturating_sub(1),
                r.width + 2,
                r.height + 2,
            )
        };
        let mut out = Vec::new();
        for (i, a) in pieces.iter().enumerate() {
            for b in &pieces[i + 1..] {
                let arrows = [a.what, b.what].contains(&What::Arrow);
                let boxed = matches!(a.what, What::Box(_)) || matches!(b.what, What::Box(_));
                if arrows && (boxed || a.what == b.what) {
                    continue;
                }
                if grown(a.rect).intersects(b.rect) {
                    out.push(format!("{:?} touches {:?}", a, b));
                }
            }
        }
        out
    }

    #[test]
    fn no_label_or_box_touches_another_piece_at_any_setting() {
        for size in GROWING {
            for big_labels in [false, true] {
                let setting = Setting { size, big_labels };
                let area = Rect::new(3, 2, columns(&WORDS, setting) + 10, rows(&WORDS, setting));
                let pieces = pieces(&WORDS, setting, area);
                assert_eq!(clashes(&pieces), Vec::<String>::new(), "{setting:?}");
                for p in &pieces {
                    assert_eq!(
                        p.rect.intersection(area),
                        p.rect,
                        "{setting:?}: {p:?} outside"
                    );
                }
            }
        }
    }

    /// The filter's two answers, set big either side of one thin shaft,
    /// stand a letter's width and more clear of it: one blank column
    /// each side read "definitely new probably seen" as one phrase.
    #[test]
    fn the_two_answers_stand_apart_across_their_shaft() {
        for size in GROWING {
            let setting = Setting {
                size,
                big_labels: true,
            };
            let area = Rect::new(0, 0, columns(&WORDS, setting) + 10, rows(&WORDS, setting));
            let pieces = pieces(&WORDS, setting, area);
            let rect = |what| pieces.iter().find(|p| p.what == what).unwrap().rect;
            let (new, seen) = (
                rect(What::Label("definitely new")),
                rect(What::Label("probably seen")),
            );
            let shaft = pieces
                .iter()
                .find(|p| {
                    p.what == What::Arrow
                        && p.rect.width == 1
                        && p.rect.y <= new.y
                        && new.y < p.rect.bottom()
                })
                .unwrap()
                .rect;
            let letter = size.letter().0;
            assert!(
                shaft.x >= new.right() + letter,
                "{size:?}: {new:?} by {shaft:?}"
            );
            assert!(
                seen.x >= shaft.right() + letter,
                "{size:?}: {seen:?} by {shaft:?}"
            );
        }
    }

    #[test]
    fn a_label_set_on_its_arrow_is_caught() {
        let setting = Setting {
            size: Size::Sextant,
            big_labels: true,
        };
        let area = Rect::new(0, 0, 200, 40);
        let mut pieces = pieces(&WORDS, setting, area);
        let shaft = pieces.iter().find(|p| p.what == What::Arrow).unwrap().rect;
        let label = pieces
            .iter_mut()
            .find(|p| p.what == What::Label("URL found"))
            .unwrap();
        label.rect.x = shaft.x + 1;
        let found = clashes(&pieces);
        assert!(
            found
                .iter()
                .any(|c| c.contains("URL found") && c.contains("Arrow")),
            "{found:?}"
        );
    }
}
