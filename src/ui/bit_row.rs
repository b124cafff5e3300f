//! The bit row: m cells, with the probes of one insert or query marked.
//! Every state has its own glyph, so the row reads without colour:
//! `█` set, blank or `·` clear, and under each probed cell its verdict:
//! `✓` found 1, `✗` found 0 (the query stopped there), `·` never read,
//! `+` newly set, `=` already set.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::ui::theme::{Role, Theme};

/// What one probe did at its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    /// A query probe that read a 1.
    Hit,
    /// A query probe that read a 0: the query stopped here.
    Miss,
    /// A query probe after the stop, never read.
    Unread,
    /// An insert probe that turned a 0 into a 1.
    NewlySet,
    /// An insert probe whose bit was already 1.
    AlreadySet,
}

impl Mark {
    /// The verdict glyph printed under the cell.
    pub(crate) fn glyph(self) -> char {
        match self {
            Mark::Hit => '✓',
            Mark::Miss => '✗',
            Mark::Unread => '·',
            Mark::NewlySet => '+',
            Mark::AlreadySet => '=',
        }
    }

    fn style(self, theme: &Theme) -> Style {
        match self {
            Mark::Hit | Mark::NewlySet | Mark::AlreadySet => theme.style(Role::ProbeHit),
            Mark::Miss => theme.style(Role::ProbeMiss),
            Mark::Unread => theme.style(Role::ProbeSkipped),
        }
    }
}

/// A row of bits and the marks of the probes on it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BitRow<'a> {
    /// The bits, one per cell.
    pub bits: &'a [bool],
    /// (position, mark) for each probe, in probe order.
    pub marks: &'a [(u64, Mark)],
}

/// Width in columns of one boxed cell (`│ █ `) and of the closing border.
const BOXED_CELL: u16 = 4;

impl BitRow<'_> {
    /// Rows the drawing needs at `width` columns.
    pub(crate) fn height(&self, width: u16) -> u16 {
        if self.boxed(width) {
            5
        } else {
            let lines = self
                .bits
                .len()
                .div_ceil(usize::from(self.per_line(width)).max(1));
            u16::try_from(lines.saturating_mul(3)).unwrap_or(u16::MAX)
        }
    }

    fn boxed(&self, width: u16) -> bool {
        let m = u16::try_from(self.bits.len()).unwrap_or(u16::MAX);
        m <= 32 && m.saturating_mul(BOXED_CELL).saturating_add(3) <= width
    }

    /// Cells per line in the compact layout: a multiple of 8 that fits.
    fn per_line(&self, width: u16) -> u16 {
        let usable = width.saturating_sub(6);
        (usable / 8 * 8).clamp(8, 128)
    }

    fn marks_at(&self, pos: u64) -> impl Iterator<Item = Mark> + '_ {
        self.marks
            .iter()
            .filter(move |(p, _)| *p == pos)
            .map(|(_, m)| *m)
    }

    /// Draws the row into `area` of `buf`.
    pub(crate) fn render(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if area.width == 0 || area.height == 0 {
            return;
        }
        if self.boxed(area.width) {
            self.render_boxed(area, buf, theme);
        } else {
            self.render_compact(area, buf, theme);
        }
    }

    fn render_boxed(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let m = self.bits.len();
        let mut top = String::from("┌");
        let mut bottom = String::from("└");
        for i in 0..m {
            let last = i + 1 == m;
            top.push_str(if last { "───┐" } else { "───┬" });
            bottom.push_str(if last { "───┘" } else { "───┴" });
        }
        let x0 = area.x + 1;
        put(buf, area, x0, area.y, &top, theme.style(Role::Border));
        put(
            buf,
            area,
            x0,
            area.y.saturating_add(2),
            &bottom,
            theme.style(Role::Border),
        );
        for (i, &set) in self.bits.iter().enumerate() {
            let pos = i as u64;
            let x = x0 + u16::try_from(i).unwrap_or(0) * BOXED_CELL;
            let marks: Vec<Mark> = self.marks_at(pos).collect();
            put(
                buf,
                area,
                x,
                area.y.saturating_add(1),
                "│",
                theme.style(Role::Border),
            );
            let (cell, style) = match (set, marks.first()) {
                (true, Some(_)) => ("▐█▌", theme.style(Role::ProbeHit)),
                (false, Some(Mark::Miss)) => (" ✗ ", theme.style(Role::ProbeMiss)),
                (false, Some(_)) => (" · ", theme.style(Role::ProbeSkipped)),
                (true, None) => (" █ ", theme.style(Role::BitSet)),
                (false, None) => ("   ", theme.style(Role::Text)),
            };
            put(buf, area, x + 1, area.y.saturating_add(1), cell, style);
            let index = format!("{pos:^3}");
            put(
                buf,
                area,
                x + 1,
                area.y.saturating_add(3),
                &index,
                theme.style(Role::Index),
            );
            if let Some(first) = marks.first() {
                let text = if marks.len() > 1 {
                    format!("{}×{}", first.glyph(), marks.len())
                } else {
                    format!(" {}", first.glyph())
                };
                put(
                    buf,
                    area,
                    x + 1,
                    area.y.saturating_add(4),
                    &text,
                    first.style(theme),
                );
            }
        }
        let end = x0 + u16::try_from(m).unwrap_or(0) * BOXED_CELL;
        put(
            buf,
            area,
            end,
            area.y.saturating_add(1),
            "│",
            theme.style(Role::Border),
        );
    }

    fn render_compact(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let per_line = usize::from(self.per_line(area.width));
        for (line, chunk) in self.bits.chunks(per_line).enumerate() {
            let y = area
                .y
                .saturating_add(u16::try_from(line * 3).unwrap_or(u16::MAX));
            if y >= area.bottom() {
                break;
            }
            let start = line * per_line;
            put(
                buf,
                area,
                area.x,
                y,
                &format!("{start:>5}"),
                theme.style(Role::Index),
            );
            for (j, &set) in chunk.iter().enumerate() {
                let pos = (start + j) as u64;
                let x = area.x + 6 + u16::try_from(j).unwrap_or(0);
                let marks: Vec<Mark> = self.marks_at(pos).collect();
                let (glyph, style) = match (set, marks.first()) {
                    (true, Some(_)) => ("█", theme.style(Role::ProbeHit)),
                    (false, Some(Mark::Miss)) => ("✗", theme.style(Role::ProbeMiss)),
                    (true, None) => ("█", theme.style(Role::BitSet)),
                    (false, _) => ("·", theme.style(Role::BitEmpty)),
                };
                put(buf, area, x, y, glyph, style);
                if j % 8 == 0 {
                    put(
                        buf,
                        area,
                        x,
                        y.saturating_add(1),
                        "╵",
                        theme.style(Role::Index),
                    );
                }
                if let Some(first) = marks.first() {
                    let glyph = first.glyph().to_string();
                    put(
                        buf,
                        area,
                        x,
                        y.saturating_add(1),
                        &glyph,
                        first.style(theme),
                    );
                }
            }
        }
    }
}

/// Writes `text` at (x, y) if the row is inside `area`, clipped on the right.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if y >= area.bottom() || x >= area.right() {
        return;
    }
    let room = usize::from(area.right() - x);
    buf.set_stringn(x, y, text, room, style);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(row: &BitRow<'_>, width: u16) -> Vec<String> {
        let height = row.height(width);
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        row.render(area, &mut buf, &Theme::MONO);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn boxed_row_marks_probes() {
        let mut bits = vec![false; 4];
        bits[1] = true;
        bits[2] = true;
        let marks = [(2, Mark::Hit), (3, Mark::Miss), (0, Mark::Unread)];
        let lines = draw(
            &BitRow {
                bits: &bits,
                marks: &marks,
            },
            40,
        );
        assert_eq!(lines[1], " │ · │ █ │▐█▌│ ✗ │");
        assert_eq!(lines[3], "   0   1   2   3");
        assert_eq!(lines[4], "   ·       ✓   ✗");
    }

    #[test]
    fn compact_row_wraps_and_never_overflows() {
        let bits = vec![true; 100];
        let marks = [(99, Mark::Hit), (99, Mark::Hit)];
        let row = BitRow {
            bits: &bits,
            marks: &marks,
        };
        let lines = draw(&row, 30);
        assert_eq!(lines.len(), usize::from(row.height(30)));
        assert!(lines[0].starts_with("    0 ████"));
        // Tiny areas must not panic.
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        row.render(Rect::new(0, 0, 3, 1), &mut buf, &Theme::MONO);
    }
}
