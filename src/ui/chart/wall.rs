//! A chart's words on a wall. In present mode on a projector's grid the
//! curves are drawn thick, and the words that say how to read them (the
//! tick values, the legend) are set in big letters too: a log axis whose
//! decades cannot be read from the back row is no axis at all. Each line
//! of these words is three rows of sextant letters, the size the other
//! parts use for their supporting words.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Chart, Dataset, Padding, Widget};

use super::grid::Grid;
use super::ticks::axis;
use crate::ui::big::{Big, Size};
use crate::ui::paint::width;
use crate::ui::theme::{Role, Theme};

/// The size of a chart's words on a wall.
const SIZE: Size = Size::Sextant;

/// Rows one line of big words takes.
pub(crate) const LINE_ROWS: u16 = 3;

/// Rows a chart's subject set big over its plot takes: a line of letters
/// and a blank row, so the top y tick does not read as part of it.
pub(crate) const HEADING_ROWS: u16 = LINE_ROWS + 1;

/// Fewest rows of plot for three big y ticks, a line each with a row
/// between them.
const PLOT_ROWS: u16 = 3 * LINE_ROWS;

/// Fewest rows of a chart's frame with big ticks: its two borders, a
/// blank row under the top one, the plot, the x axis's line and a line
/// of big x ticks.
pub(crate) const FRAME_ROWS: u16 = 2 + 1 + PLOT_ROWS + 1 + LINE_ROWS;

/// Blank columns between the frame and the big y ticks at its left, and
/// between the plot and the frame at its right: half a letter.
const SIDE_GAP: u16 = 2;

/// Columns kept between two items of a big legend: two letters' width,
/// so an item's mark cannot be read as the end of the item before it.
const ITEM_GAP: u16 = 8;

/// Columns a line's sample takes in a big legend: as wide as two letters,
/// where two columns beside letters three rows tall read as a speck.
const SAMPLE_COLUMNS: u16 = 8;

/// Columns between a mark and its big words: half a letter.
const MARK_GAP: u16 = 2;

/// The solid block that stands for a stem or a bar in a legend.
const STEM: &str = "█";

/// Whether every tick (and at least one wording of the last x tick) has
/// a glyph in the big font.
pub(crate) fn ticks_legible(x: &[String], x_last: &[String], y: &[String]) -> bool {
    let set = |t: &String| Big::line(t, SIZE, u16::MAX).is_some();
    x.iter().all(set) && y.iter().all(set) && x_last.iter().any(set)
}

/// A chart's subject set big over its plot, in a chart `width` columns
/// wide: the first of `subjects` (longest first) whose letters fit on one
/// line between the frame's side gaps, with its letters.
pub(crate) fn heading(subjects: &[String], width: u16) -> Option<(&str, Big)> {
    let room = width.saturating_sub(2 + 2 * SIDE_GAP);
    subjects
        .iter()
        .find_map(|s| Big::line(s, SIZE, room).map(|big| (s.as_str(), big)))
}

/// The ticks of a chart set big.
pub(crate) struct Ticks<'a> {
    /// The x axis's bounds.
    pub x: [f64; 2],
    /// Its first and middle ticks.
    pub x_ticks: &'a [String; 2],
    /// Its last tick's wordings, longest first.
    pub x_last: &'a [String],
    /// The y axis's bounds.
    pub y: [f64; 2],
    /// Its ticks, bottom to top.
    pub y_ticks: &'a [String; 3],
}

impl Ticks<'_> {
    /// The y ticks set big, if each has glyphs.
    fn y_big(&self) -> Option<Vec<Big>> {
        self.y_ticks
            .iter()
            .map(|t| Big::line(t, SIZE, u16::MAX))
            .collect()
    }

    /// Whether a chart in `area` has room for these ticks set big: the
    /// rows for the plot and the x ticks, and the y ticks in at most a
    /// third of the width (as the chart gives its labels).
    pub(crate) fn fit(&self, area: Rect) -> bool {
        let inner = area.width.saturating_sub(2 + 2 * SIDE_GAP);
        self.y_big().is_some_and(|big| {
            let widest = big.iter().map(Big::width).max().unwrap_or(0);
            area.height >= FRAME_ROWS && widest < inner / 3
        })
    }
}

/// Draws `datasets` in `area` framed by `title`, as the kit's `chart`
/// does, but with its ticks in big letters: the y ticks right-aligned
/// left of the axis (the top one hanging from the plot's top row, the
/// bottom one centred on its last), the x ticks on three rows under the
/// axis. A `heading` (what the chart plots, see [`heading`]) goes over
/// the plot in the title's ink, [`HEADING_ROWS`] taken from the top. The
/// ticks must [`Ticks::fit`] the area left under the heading.
pub(crate) fn chart(
    datasets: Vec<Dataset<'_>>,
    title: Block<'_>,
    heading: Option<&Big>,
    ticks: &Ticks<'_>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let y_big = ticks.y_big().unwrap_or_default();
    let label_width = y_big.iter().map(Big::width).max().unwrap_or(0);
    // A blank row under the frame's top and blank columns at its sides:
    // the big ticks' letters, a curve at the top of its range and a probe
    // at the end of the axis would otherwise touch the border, where a
    // projected glyph reads as cut off.
    let heading_rows = if heading.is_some() { HEADING_ROWS } else { 0 };
    let block = title.padding(Padding {
        top: 1 + heading_rows,
        left: SIDE_GAP,
        right: SIDE_GAP,
        bottom: 0,
    });
    let inner = block.inner(area);
    buf.set_style(area, theme.base());
    block.render(area, buf);
    if let Some(big) = heading {
        let at = Rect {
            y: inner.y - heading_rows,
            height: LINE_ROWS,
            ..inner
        };
        big.draw_aligned(at, buf, theme.style(Role::Title), Alignment::Left);
    }
    // The chart itself keeps one row under its axis for labels: the first
    // of the big x ticks' three.
    let plot_rows = Rect {
        height: inner.height - (LINE_ROWS - 1),
        ..inner
    };
    // Blank labels as wide as the big ones keep their room; a space
    // between a big tick and the axis keeps the two apart.
    let blank_y = vec![" ".repeat(usize::from(label_width + 1)); 3];
    let blank_x = vec![" ".to_string(); 3];
    Chart::new(datasets)
        .style(theme.base())
        .legend_position(None)
        .x_axis(axis(None, ticks.x, blank_x, theme))
        .y_axis(axis(None, ticks.y, blank_y, theme))
        .render(plot_rows, buf);
    let plot = Grid::of(buf, area, ticks.x, ticks.y).area();
    if plot.height < PLOT_ROWS {
        return;
    }
    let style = theme.style(Role::Axis);
    // The y ticks bottom to top, where the small ticks stand: the bottom
    // one centred on the plot's last row (its lowest letters beside the
    // axis's line), the middle one on the middle row, the top one hanging
    // from the top row, since the frame is above it.
    let band = Rect {
        x: inner.x,
        width: plot.x.saturating_sub(inner.x + 2),
        ..plot
    };
    let middle = plot.bottom() - 1 - (plot.height - 1) / 2;
    let tops = [
        plot.bottom() - 1 - LINE_ROWS / 2,
        middle - LINE_ROWS / 2,
        plot.y,
    ];
    for (big, top) in y_big.iter().zip(tops) {
        let at = Rect {
            y: top,
            height: LINE_ROWS,
            ..band
        };
        big.draw_aligned(at, buf, style, Alignment::Right);
    }
    // The x ticks: the first from the axis's corner, the middle centred
    // on the plot, the last ending at its right edge, in the longest
    // wording that leaves the middle one room.
    let row = Rect {
        x: plot.x.saturating_sub(1),
        y: plot.bottom() + 1,
        width: plot.width + 1,
        height: LINE_ROWS,
    };
    let third = row.width / 3;
    let last = ticks
        .x_last
        .iter()
        .find_map(|w| Big::line(w, SIZE, third))
        .or_else(|| {
            ticks
                .x_last
                .last()
                .and_then(|w| Big::line(w, SIZE, row.width))
        });
    let [first, mid] = ticks.x_ticks;
    if let Some(big) = Big::line(first, SIZE, third) {
        big.draw_aligned(row, buf, style, Alignment::Left);
    }
    if let Some(big) = Big::line(mid, SIZE, third) {
        big.draw_aligned(row, buf, style, Alignment::Center);
    }
    if let Some(big) = last {
        big.draw_aligned(row, buf, style, Alignment::Right);
    }
}

/// One item of a legend set big: its mark in the chart's own glyphs, and
/// its words.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    /// The mark, as the chart draws it.
    pub mark: String,
    /// What it means.
    pub words: String,
    /// The style of both.
    pub style: Style,
}

impl Item {
    /// The mark as a big legend draws it, and the rows it stands: a stem
    /// two columns wide and as tall as the letters; a sample of a line (a
    /// mark of one or two columns) drawn [`SAMPLE_COLUMNS`] long on the
    /// letters' middle row, each glyph a run, so a stepped curve's sample
    /// is one long step (a dotted line at this size reads as the dashed
    /// level lines); any other mark as it is.
    fn big_mark(&self) -> (String, u16) {
        let w = width(&self.mark);
        if self.mark == STEM {
            (STEM.repeat(2), LINE_ROWS)
        } else if w <= 2 && w > 0 {
            let run = usize::from(SAMPLE_COLUMNS / w);
            let sample = self
                .mark
                .chars()
                .flat_map(|c| std::iter::repeat_n(c, run))
                .collect();
            (sample, 1)
        } else {
            (self.mark.clone(), 1)
        }
    }

    /// Columns the item takes: the mark, a gap, the big words.
    fn width(&self, words: &Big) -> u16 {
        width(&self.big_mark().0) + MARK_GAP + words.width()
    }
}

/// A legend set big: its lines, each of items with their words.
pub(crate) type Lines = Vec<Vec<(Item, Big)>>;

/// A legend's items set big on lines at most `room` columns wide, each
/// item whole on one line; `None` when an item is wider than a line or
/// its words have no glyphs.
pub(crate) fn lines(items: &[Item], room: u16) -> Option<Lines> {
    let room = room.saturating_sub(2);
    if items.is_empty() {
        return Some(Vec::new());
    }
    let mut lines: Lines = vec![Vec::new()];
    let mut used = 0;
    for item in items {
        let words = Big::line(&item.words, SIZE, u16::MAX)?;
        let w = item.width(&words);
        if w > room {
            return None;
        }
        if used > 0 && used + ITEM_GAP + w > room {
            lines.push(Vec::new());
            used = 0;
        }
        used += if used > 0 { ITEM_GAP } else { 0 } + w;
        lines.last_mut()?.push((item.clone(), words));
    }
    Some(lines)
}

/// Draws a big legend's `lines` from the top of `area`, one column in:
/// each mark on the middle row of its line, beside its words.
pub(crate) fn draw_legend(lines: &Lines, area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    for (i, line) in lines.iter().enumerate() {
        let top = area.y + LINE_ROWS * u16::try_from(i).unwrap_or(u16::MAX);
        if top + LINE_ROWS > area.bottom() {
            return;
        }
        let mut x = area.x + 1;
        for (item, words) in line {
            let (mark, rows) = item.big_mark();
            // An item set off in reverse video is so in its words: its
            // mark keeps the chart's ink, where reversed it is a hole.
            let ink = item.style.remove_modifier(Modifier::REVERSED);
            for row in 0..rows {
                let y = top + (LINE_ROWS - rows) / 2 + row;
                buf.set_string(x, y, &mark, ink);
            }
            x += width(&mark) + MARK_GAP;
            let at = Rect::new(x, top, words.width(), LINE_ROWS).intersection(area);
            // Set off in reverse video, the words stand in a solid band
            // as tall as the letters, a column wider each side: reversed
            // cell by cell, the letters' blank cells would leave the
            // band ragged, reading as clipped glyphs.
            if item.style.add_modifier.contains(Modifier::REVERSED) {
                let band = Rect {
                    x: at.x.saturating_sub(1),
                    width: at.width + 2,
                    ..at
                };
                buf.set_style(band.intersection(area), item.style);
            }
            words.draw_aligned(at, buf, item.style, Alignment::Left);
            x += words.width() + ITEM_GAP;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A big legend item set off in reverse video stands in one solid
    /// band over its letters' rows, a column wider each side; an item not
    /// set off leaves its letters' blank cells plain.
    #[test]
    fn a_reversed_legend_item_is_one_solid_band() {
        let item = |words: &str, style: Style| Item {
            mark: STEM.to_string(),
            words: words.to_string(),
            style,
        };
        let marked = Style::default().add_modifier(Modifier::REVERSED);
        let items = [item("at 125 M", Style::default()), item("full", marked)];
        let lines = lines(&items, 200).expect("fits");
        let area = Rect::new(0, 0, 200, LINE_ROWS);
        let mut buf = Buffer::empty(area);
        draw_legend(&lines, area, &mut buf);
        let reversed = |x: u16, y: u16| buf[(x, y)].modifier.contains(Modifier::REVERSED);
        let columns: Vec<u16> = (0..200).filter(|&x| reversed(x, 0)).collect();
        let (first, last) = (columns[0], *columns.last().unwrap());
        let words = Big::line("full", SIZE, u16::MAX).unwrap().width();
        assert_eq!(last - first + 1, words + 2, "the band's width");
        for y in 0..LINE_ROWS {
            for x in first..=last {
                assert!(reversed(x, y), "a hole in the band at ({x}, {y})");
            }
        }
        // The first item's words: no reverse video anywhere left of the
        // band but the letters' own cells, which are plain.
        assert!((0..first).all(|x| (0..LINE_ROWS).all(|y| !reversed(x, y))));
    }
}
