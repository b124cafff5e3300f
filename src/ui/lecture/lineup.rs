//! The line-up chart: one horizontal bar per structure a step names, its
//! length the bits per key the line-up measured, labelled with the name,
//! the bits per key and the measured rate; the floor log2(1/p) and the
//! classic Bloom filter's 1.44 x floor cross the bars as two marked lines.
//! Every figure comes from the lecture's one line-up run
//! (`lecture::texts::lineup_chart`).
//!
//! Before any structure (`lineup floor`) the chart is the floor alone: its
//! line at the column it keeps when the bars come, and the region left of
//! it shaded and marked out of reach.
//!
//! The part keeps one rect through a scene, but each step draws its bars
//! at the largest shape that fits that rect. In present mode that is a
//! table in big letters where the wall is wide enough: each name left of
//! its bar, as tall as the letters, and the figures in two columns right
//! of the bars under their headings; else the labels in big letters above
//! the bars. Outside present mode the names and figures stand in bold
//! beside bars as tall as the rows allow. The axis starts at 0; a bar far
//! longer than the rest is cut with a visible mark rather than squeezing
//! them.

use std::cell::RefCell;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{BorderType, Widget};

use super::part::{At, Column, Fitted, Fitting, Kind, Options, Part, Place, Shows};
use crate::lecture::Board;
use crate::lecture::texts::{BELOW_FLOOR, LineupBar, LineupChart, OWN_FLOOR_MARK, lineup_chart};
use crate::ui::big::{Big, LARGEST_FIRST, Size};
use crate::ui::paint::{Painter, frame, width};
use crate::ui::theme::{Role, Theme};

/// The frame's title.
const TITLE: &str = " bits per key, measured ";

/// The frame's title over the floor alone, which is worked out, not
/// measured.
const FLOOR_TITLE: &str = " bits per key ";

/// The glyph of the region below the floor.
const SHADE: char = '░';

/// The frame's title for a chart.
fn title(chart: &LineupChart) -> String {
    if chart.floor_only() {
        FLOOR_TITLE.to_string()
    } else {
        TITLE.to_string()
    }
}

/// Columns of the legend's sample of a marked bar: bar, mark, bar. Three,
/// so no run of four solid cells under the chart reads as one more bar.
const LEGEND_SAMPLE: u16 = 3;

/// Rows the frame takes.
const FRAME: u16 = 2;

/// Most rows a bar stands, however much room there is.
const TALLEST_BAR: u16 = 4;

/// Rows each of a stacked header's two lines of big letters takes.
const STACKED_ROW: u16 = 3;

/// Most rows a bar under big letters stands.
const TALLEST_BIG_BAR: u16 = 6;

/// Most rows a bar of the table stands, however much room there is.
const TALLEST_TABLE_BAR: u16 = 12;

/// Columns the words at the table's right (the factor's label, the rates)
/// keep clear of its edge, more than a letter's own margin.
const EDGE_CLEAR: u16 = 2;

/// Blank columns between the floor's label and its line: two where the
/// label is as big as the table's (one read as touching the line on the
/// wall), one elsewhere.
fn label_gap(table: bool) -> u16 {
    if table { 2 } else { 1 }
}

/// The table's heading over the bits per key.
const BITS_HEADING: &str = "bits/key";

/// The table's heading over the measured rates.
const RATE_HEADING: &str = "rate";

/// The least share of the inner width (in eighths) the table leaves its
/// bars: narrower, and the bars are no longer the picture.
const TABLE_SPAN_EIGHTHS: u16 = 3;

/// Glyphs of a bar's last cell, by eighths filled (1 to 7).
const EIGHTHS: [char; 7] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/// The glyph of a marked line across the bars.
const LINE: char = '┃';

/// The line-up chart as a part of the board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LineupPart;

impl Part for LineupPart {
    fn place(&self) -> Place {
        Place::new(Kind::new("chart"), Column::Full).growing(1)
    }

    fn shows(&self, board: &Board, _opts: Options) -> bool {
        lineup_chart(board).is_some()
    }

    fn fit(&self, scene: &Fitting<'_>) -> Box<dyn Fitted> {
        let charts: Vec<LineupChart> = scene.shown().filter_map(lineup_chart).collect();
        let inner = inner_width(scene.width);
        // Each shape every step can take, as the rows its fullest step
        // needs; the part grows from the smallest to the largest.
        let mut levels: Vec<u16> = shapes(scene.opts.present)
            .into_iter()
            .filter_map(|shape| {
                charts
                    .iter()
                    .map(|c| shape.rows(c, inner))
                    .collect::<Option<Vec<u16>>>()
                    .map(|rows| rows.into_iter().max().unwrap_or(0))
            })
            .collect();
        levels.sort_unstable();
        levels.dedup();
        Box::new(Chart {
            levels,
            present: scene.opts.present,
            barred: charts.into_iter().filter(|c| !c.floor_only()).collect(),
            found: RefCell::new(Vec::new()),
        })
    }
}

/// Columns inside the frame and its one-column margins.
fn inner_width(width: u16) -> u16 {
    width.saturating_sub(4)
}

/// How a step's bars are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// Present mode's labels in big letters above the bars, at this size;
    /// `None` for names and figures in bold beside the bars.
    big: Option<Size>,
    /// Rows each bar stands.
    bar: u16,
    /// How the marked lines' labels stand above the bars.
    header: Header,
}

/// Where the marked lines' labels stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Header {
    /// On one row of big letters: the floor's left of its line, the
    /// factor's right of its own.
    Side,
    /// On two rows of big letters, the floor's above the factor's, each
    /// beside its line: for when the floor's label has no room left of it.
    Stacked,
    /// On one row of small bold letters.
    Small,
    /// The table's: the lines' labels on one row of big letters, the
    /// figure columns' headings on the next; the names and figures stand
    /// beside the bars.
    Table,
}

/// Every shape, largest first: big letters only in present mode.
fn shapes(present: bool) -> Vec<Shape> {
    let mut out = Vec::new();
    if present {
        // The table first, at any size: it keeps the bars the picture.
        for size in LARGEST_FIRST {
            // Bars up to three times the letters' height; down to a row less
            // than the letters, which then reach into the gap under the
            // bar, as lines of text stand one under the next.
            let letter = size.letter().1;
            let tallest = (3 * letter).clamp(letter, TALLEST_TABLE_BAR.max(letter));
            for bar in (letter.saturating_sub(1).max(1)..=tallest).rev() {
                out.push(Shape {
                    big: Some(size),
                    bar,
                    header: Header::Table,
                });
            }
        }
        // Bars at most about as tall as a letter. First every size with
        // bars at least half a letter tall, then with thinner ones: under
        // letters four times its height a one-row bar was a thread the
        // class lost under the words, where smaller letters leave it a
        // bar. A one-row bar still keeps a ten-bar chart's labels big.
        // Within each, the lines' labels big (beside their lines, then
        // stacked) at any size before they go small.
        for thick in [true, false] {
            for header in [Header::Side, Header::Stacked, Header::Small] {
                for size in LARGEST_FIRST {
                    let tallest = size.letter().1.clamp(1, TALLEST_BIG_BAR);
                    let half = size.letter().1.div_ceil(2).min(tallest);
                    for bar in (1..=tallest).rev().filter(|&b| (b >= half) == thick) {
                        out.push(Shape {
                            big: Some(size),
                            bar,
                            header,
                        });
                    }
                }
            }
        }
    }
    for bar in (1..=TALLEST_BAR).rev() {
        out.push(Shape {
            big: None,
            bar,
            header: Header::Small,
        });
    }
    out
}

/// A bar's label in `lines` lines (1 to 3): the name and figures on one,
/// the name over the figures, or the name over the bits per key over the
/// rate.
fn label_lines(name: &str, figures: &str, lines: u16) -> Vec<String> {
    match lines {
        1 => vec![format!("{name}  {figures}")],
        2 => vec![name.to_string(), figures.to_string()],
        _ => {
            let mut out = vec![name.to_string()];
            out.extend(figures.split(", ").map(str::to_string));
            out
        }
    }
}

/// A bar's label set big in `lines` lines, if each fits `inner` columns.
fn big_label(name: &str, figures: &str, size: Size, inner: u16, lines: u16) -> Option<Vec<Big>> {
    label_lines(name, figures, lines)
        .iter()
        .map(|l| Big::line(l, size, inner))
        .collect()
}

impl Shape {
    /// Lines each big label takes on this chart (the fewest, 1 to 3, at
    /// which every label fits), `None` when some label does not fit; 0 for
    /// a shape without big letters.
    fn label_lines(self, chart: &LineupChart, inner: u16) -> Option<u16> {
        let Some(size) = self.big else {
            return Some(0);
        };
        if self.header == Header::Table {
            // Beside the bar, on one line.
            return Some(0);
        }
        [1, 2, 3].into_iter().find(|&lines| {
            chart
                .bars
                .iter()
                .all(|b| big_label(b.name, &b.figures, size, inner, lines).is_some())
        })
    }

    /// Rows of the header: the marked lines' labels.
    fn header(self) -> u16 {
        let row = self.big.map_or(1, |s| s.letter().1.min(TALLEST_BAR));
        match self.header {
            Header::Side => row,
            // Two rows of the smallest big letters: the labels are read
            // beside their lines, and the bars keep the rows.
            Header::Stacked => 2 * row.min(STACKED_ROW),
            Header::Small => 1,
            // A blank row between the lines' labels and the headings,
            // which would otherwise read on from the factor's label.
            Header::Table => 2 * row + 1,
        }
    }

    /// Rows from the top of one bar's block to the next's.
    fn block(self, lines: u16) -> u16 {
        let label = self.big.map_or(0, |s| s.letter().1 * lines);
        label + self.bar + self.gap()
    }

    /// Blank rows under a bar: one between bars taller than a row; none
    /// under big labels, whose letters already part one bar from the next;
    /// in the table, whose names stand beside the bars, one, or two under
    /// bars of six rows or more.
    fn gap(self) -> u16 {
        if self.header == Header::Table {
            return 1 + u16::from(self.bar >= 6);
        }
        u16::from(self.bar > 1 && self.big.is_none())
    }

    /// Rows the chart takes in this shape, frame included, if it fits
    /// `inner` columns.
    fn rows(self, chart: &LineupChart, inner: u16) -> Option<u16> {
        let lines = self.label_lines(chart, inner)?;
        if self.big.is_none() && beside(chart).0 + 12 > inner {
            return None;
        }
        // A header kept for big labels must get them, and the table its
        // columns and the lines' labels.
        let big_header = self.header != Header::Small;
        if big_header
            && geometry(chart, self, Rect::new(0, 0, inner, 1))
                .header
                .is_none()
        {
            return None;
        }
        // The table's last name may stand lower than its bar's foot.
        let overhang = match (self.header, self.big) {
            (Header::Table, Some(size)) => size.letter().1.saturating_sub(self.bar),
            _ => 0,
        };
        if chart.floor_only() {
            // The shaded region stands as tall as one bar with its label.
            return Some(FRAME + self.header() + self.block(lines) - self.gap() + overhang);
        }
        let bars = u16::try_from(chart.bars.len()).unwrap_or(u16::MAX);
        Some(
            FRAME + self.header() + bars * self.block(lines) - self.gap()
                + overhang
                + self.legend_rows(chart, inner),
        )
    }

    /// The legend under the bars, when a bar is marked: a sample of a
    /// marked bar and what its mark means, in the letters of the lines'
    /// labels or the largest smaller ones that fit `inner` columns
    /// (`Some(None)`: in small type).
    fn legend(self, chart: &LineupChart, inner: u16) -> Option<Option<Size>> {
        if chart.floor_only() || !chart.marks_own_floors() {
            return None;
        }
        let labels = geometry(chart, self, Rect::new(0, 0, inner, 1)).header;
        let room = inner.saturating_sub(LEGEND_SAMPLE + 2);
        Some(labels.and_then(|labels| {
            LARGEST_FIRST
                .into_iter()
                .skip_while(|s| *s != labels)
                .find(|s| Big::line(OWN_FLOOR_MARK, *s, room).is_some())
        }))
    }

    /// Rows the legend takes: a blank row, then its line.
    fn legend_rows(self, chart: &LineupChart, inner: u16) -> u16 {
        self.legend(chart, inner)
            .map_or(0, |size| 1 + size.map_or(1, |s| s.letter().1))
    }
}

/// For labels beside the bars: the names' column and the figures' column.
fn beside(chart: &LineupChart) -> (u16, u16, u16) {
    let names = chart.bars.iter().map(|b| width(b.name)).max().unwrap_or(0);
    let figures = chart
        .bars
        .iter()
        .map(|b| width(&b.figures))
        .max()
        .unwrap_or(0);
    (names + figures + 2, names, figures)
}

/// The chart fitted to a scene.
#[derive(Debug)]
struct Chart {
    /// Rows at each growth notch, smallest first.
    levels: Vec<u16>,
    /// Present mode: big letters allowed.
    present: bool,
    /// The scene's charts with bars, in order. The floor alone stands
    /// where the first will draw it, so the line stays put when the bars
    /// come.
    barred: Vec<LineupChart>,
    /// The shape each set of bars took in each rect, found once: trying
    /// the big settings draws letters, too slow to repeat every frame.
    found: RefCell<Vec<Found>>,
}

/// A shape found for the bars named in a rect, with its label lines.
type Found = ((Vec<&'static str>, Rect), Option<(Shape, u16)>);

impl Chart {
    /// The largest shape this step's chart fits in `rect`.
    fn shape(&self, chart: &LineupChart, rect: Rect) -> Option<(Shape, u16)> {
        let key = (chart.bars.iter().map(|b| b.name).collect::<Vec<_>>(), rect);
        if let Some((_, found)) = self.found.borrow().iter().find(|(k, _)| *k == key) {
            return *found;
        }
        let inner = inner_width(rect.width);
        let found = shapes(self.present).into_iter().find_map(|shape| {
            let rows = shape.rows(chart, inner)?;
            let lines = shape.label_lines(chart, inner)?;
            (rows <= rect.height).then_some((shape, lines))
        });
        self.found.borrow_mut().push((key, found));
        found
    }

    /// The floor's column inside `inner`: where the scene's first chart
    /// with bars puts it in `rect`, else where this chart's shape does;
    /// with the size of that chart's letters and its top row when it is a
    /// table, so the floor's label keeps its size and place when the bars
    /// come.
    fn floor_column(
        &self,
        chart: &LineupChart,
        shape: Shape,
        rect: Rect,
        inner: Rect,
    ) -> (u16, Option<(Size, u16)>) {
        self.barred
            .first()
            .and_then(|next| {
                let (s, _) = self.shape(next, rect)?;
                let table = s
                    .big
                    .filter(|_| s.header == Header::Table)
                    .map(|size| (size, self.table_top(s, inner)));
                Some((geometry(next, s, inner).column(next.floor), table))
            })
            .unwrap_or_else(|| (geometry(chart, shape, inner).column(chart.floor), None))
    }
}

impl Chart {
    /// The table's first row inside `inner`: a table in `shape` stands in
    /// the middle of the rows the scene's fullest table in that shape
    /// takes, so a step of two bars leaves its spare rows above and below
    /// rather than in one band at the foot, and each step's table starts
    /// on the same row.
    fn table_top(&self, shape: Shape, inner: Rect) -> u16 {
        let rows = self
            .barred
            .iter()
            .filter_map(|c| shape.rows(c, inner.width))
            .max()
            .map_or(0, |r| r.saturating_sub(FRAME));
        inner.y + inner.height.saturating_sub(rows) / 2
    }
}

impl Fitted for Chart {
    fn rows(&self, notch: u16) -> u16 {
        let i = usize::from(notch).min(self.levels.len().saturating_sub(1));
        self.levels.get(i).copied().unwrap_or(FRAME + 2)
    }

    fn grows(&self, notch: u16) -> bool {
        usize::from(notch) + 1 < self.levels.len()
    }

    fn draw(&self, at: &At<'_>, buf: &mut Buffer, theme: &Theme) {
        let Some(chart) = lineup_chart(at.board) else {
            return;
        };
        let block = frame(title(&chart), false, BorderType::Rounded, theme);
        let inner = block.inner(at.rect);
        block.render(at.rect, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        let Some((shape, lines)) = self.shape(&chart, at.rect) else {
            return;
        };
        if chart.floor_only() {
            let (x, table) = self.floor_column(&chart, shape, at.rect, inner);
            let sizes = floor_sizes(shape, table.map(|(size, _)| size));
            // Under the table's top, where its label will stand.
            let top = table.map_or(inner.y, |(_, top)| top);
            let inner = Rect {
                y: top,
                height: inner.bottom().saturating_sub(top),
                ..inner
            };
            let gap = label_gap(table.is_some());
            draw_floor_alone(&chart, (x, gap), &sizes, inner, buf, theme);
        } else {
            if let (Header::Table, Some(size)) = (shape.header, shape.big) {
                let top = self.table_top(shape, inner);
                draw_table(&chart, shape, size, (inner, top), buf, theme);
            } else {
                draw_chart(&chart, shape, lines, inner, buf, theme);
            }
        }
    }

    fn describe(&self, at: &At<'_>) -> Shows {
        let Some(chart) = lineup_chart(at.board) else {
            return Shows::plain(Vec::new());
        };
        let mut text = vec![title(&chart).trim().to_string()];
        text.extend(chart.line_labels());
        for bar in &chart.bars {
            text.push(bar.name.to_string());
            text.push(bar.figures.clone());
        }
        let legend = chart.marks_own_floors().then(|| OWN_FLOOR_MARK.to_string());
        text.extend(legend.clone());
        let Some((shape, _)) = self.shape(&chart, at.rect) else {
            return Shows::plain(text);
        };
        if shape.header == Header::Table && !chart.floor_only() {
            // The figures stand apart, under their columns' headings.
            text = vec![title(&chart).trim().to_string()];
            text.extend(chart.line_labels());
            text.extend([BITS_HEADING, RATE_HEADING].map(str::to_string));
            for bar in &chart.bars {
                text.extend([bar.name.to_string(), bar.bits_text(), bar.rate_text()]);
            }
            text.extend(legend);
        }
        let scale = shape.big.map_or(1, |s| s.letter().1);
        if chart.floor_only() {
            // The label as drawn: inside the frame and its margins.
            let inner = Rect::new(
                2,
                1,
                inner_width(at.rect.width),
                at.rect.height.saturating_sub(2),
            );
            let (floor_x, table) = self.floor_column(&chart, shape, at.rect, inner);
            let room = floor_x.saturating_sub(inner.x + label_gap(table.is_some()));
            let sizes = floor_sizes(shape, table.map(|(size, _)| size));
            let label = floor_label(&chart, &sizes, room, inner.height);
            return Shows {
                scale: label.map_or(1, |(_, b)| b.scale()),
                text,
                cell: None,
            };
        }
        let inner = Rect::new(0, 0, inner_width(at.rect.width), 1);
        let longest = geometry(&chart, shape, inner).bar_cells(
            chart
                .bars
                .iter()
                .map(|b| b.bits_per_key)
                .fold(0.0, f64::max),
        );
        Shows {
            scale,
            text,
            cell: Some((longest, shape.bar)),
        }
    }
}

/// Where the bars run and how many bits per key a column stands for.
#[derive(Debug, Clone, Copy)]
struct Geometry {
    /// First column of the bars.
    x0: u16,
    /// Columns the bars may take.
    span: u16,
    /// Bits per key at the right end of the span.
    axis: f64,
    /// The size of the lines' labels when they are big.
    header: Option<Size>,
}

impl Geometry {
    /// Columns (whole and eighths) a bar of `bits` takes.
    fn eighths(&self, bits: f64) -> u32 {
        let share = (bits / self.axis).clamp(0.0, 1.0);
        (share * f64::from(self.span) * 8.0).round() as u32
    }

    /// Whole columns a bar of `bits` touches.
    fn bar_cells(&self, bits: f64) -> u16 {
        u16::try_from(self.eighths(bits).div_ceil(8)).unwrap_or(u16::MAX)
    }

    /// The column of a marked line at `bits`.
    fn column(&self, bits: f64) -> u16 {
        let at = u16::try_from(self.eighths(bits) / 8).unwrap_or(u16::MAX);
        self.x0 + at.min(self.span.saturating_sub(1))
    }
}

/// Where the bars go inside `inner`: beside the names and figures, or the
/// whole width under big labels, with room kept right of the factor's
/// line for its label. A bar far longer than the rest (more than
/// [`OUTLIER`] times the next one and the factor's line) is cut: the axis
/// ends past the others, and that bar runs to the end broken by a mark,
/// its label carrying its figure.
fn geometry(chart: &LineupChart, shape: Shape, inner: Rect) -> Geometry {
    if let (Header::Table, Some(size)) = (shape.header, shape.big) {
        return table_geometry(chart, size, table_area(inner));
    }
    let (x0, span) = if shape.big.is_some() {
        (inner.x, inner.width)
    } else {
        let (_, names, figures) = beside(chart);
        let span = inner.width.saturating_sub(names + figures + 2);
        (inner.x + names + 1, span)
    };
    let longest = scaled_longest(chart);
    let axis = longest.max(chart.factor_bits()) * 1.04;
    let span = span.max(1);
    // The factor's label goes right of its line, inside the span: the
    // axis reaches far enough to leave it room.
    let leaving = |room: u16| {
        let left = f64::from(span.saturating_sub(room).max(1));
        axis.max(chart.factor_bits() * f64::from(span) / left)
    };
    let at = |header| Geometry {
        x0,
        span,
        axis: 1.0,
        header,
    };
    if shape.big.is_some() && shape.header != Header::Small {
        // The labels big when the bars keep most of the width for it and
        // the floor's label fits beside its line (left of it on one row;
        // on two rows, either side).
        let sizes = LARGEST_FIRST.into_iter().filter(|s| {
            s.letter().1 <= shape.header() / (1 + u16::from(shape.header == Header::Stacked))
        });
        for size in sizes {
            let letters = |text: &str| width(text).saturating_mul(size.letter().0);
            // On two rows each label has its row to itself, either side
            // of its line; on one, the factor's needs room on the right.
            let stacked = shape.header == Header::Stacked;
            let axis = if stacked {
                axis
            } else {
                leaving(letters(&chart.factor_label) + 2)
            };
            let room = |bits: f64, label: &str| {
                let x = bits / axis * f64::from(span);
                let need = f64::from(letters(label) + 1);
                (need <= x, x + need + 1.0 <= f64::from(span))
            };
            let floor = room(chart.floor, &chart.floor_label);
            let factor = room(chart.factor_bits(), &chart.factor_label);
            let fits = if stacked {
                (floor.0 || floor.1) && (factor.0 || factor.1)
            } else {
                floor.0
            };
            if longest / axis >= 0.55 && fits {
                return Geometry {
                    axis,
                    ..at(Some(size))
                };
            }
        }
    }
    let axis = if shape.big.is_some() {
        leaving(width(&chart.factor_label) + 2)
    } else {
        axis
    };
    Geometry {
        axis: if axis > 0.0 { axis } else { 1.0 },
        ..at(None)
    }
}

/// The table's room: a column more clear of the frame at either side,
/// as the wall's charts keep, so no big letter touches the border.
fn table_area(inner: Rect) -> Rect {
    Rect {
        x: inner.x + 1,
        width: inner.width.saturating_sub(2),
        ..inner
    }
}

/// The table's columns at one size of letters.
#[derive(Debug, Clone, Copy)]
struct Columns {
    /// Columns the names take, right-aligned against the bars.
    names: u16,
    /// First column of the bars.
    x0: u16,
    /// Columns the bars may take.
    span: u16,
    /// First column and width of the bits per key, right-aligned.
    bits: (u16, u16),
    /// First column and width of the rates, left-aligned so their
    /// decimal points line up.
    rate: (u16, u16),
}

/// The table's columns at `size` inside `inner`: the names on the left,
/// the figures against the right edge, the bars between; `None` when the
/// bars would keep less than [`TABLE_SPAN_EIGHTHS`] eighths of the width.
fn columns(chart: &LineupChart, size: Size, inner: Rect) -> Option<Columns> {
    let letters = |text: &str| width(text).saturating_mul(size.letter().0);
    let widest = |text: fn(&LineupBar) -> String| {
        chart
            .bars
            .iter()
            .map(|b| letters(&text(b)))
            .max()
            .unwrap_or(0)
    };
    let names = widest(|b| b.name.to_string());
    let bits = widest(LineupBar::bits_text);
    let rate = widest(LineupBar::rate_text).max(letters(RATE_HEADING));
    // A letter's width and two columns part the figures' columns.
    let between = size.letter().0 + 2;
    let rate_x = inner.right().checked_sub(rate + EDGE_CLEAR)?;
    let bits_x = rate_x.checked_sub(between + bits)?;
    let x0 = inner.x + names + 2;
    let span = bits_x.checked_sub(x0 + 3)?;
    (span * 8 >= inner.width * TABLE_SPAN_EIGHTHS).then_some(Columns {
        names,
        x0,
        span,
        bits: (bits_x, bits),
        rate: (rate_x, rate),
    })
}

/// The table's geometry at `size`: the bars between the names and the
/// figures, the axis long enough that the factor's label fits right of
/// its line and the floor's left of its own. Without room for either, no
/// size (`header` is `None`): the table does not fit.
fn table_geometry(chart: &LineupChart, size: Size, inner: Rect) -> Geometry {
    let fail = Geometry {
        x0: inner.x,
        span: inner.width.max(1),
        axis: 1.0,
        header: None,
    };
    let Some(c) = columns(chart, size, inner) else {
        return fail;
    };
    let letters = |text: &str| width(text).saturating_mul(size.letter().0);
    let axis = scaled_longest(chart).max(chart.factor_bits()) * 1.04;
    // The factor's label runs right of its line, over the figures'
    // columns if need be, up to two columns short of the frame.
    let room = inner
        .right()
        .saturating_sub(letters(&chart.factor_label) + 2 + EDGE_CLEAR + c.x0);
    if room * 2 < c.span {
        return fail;
    }
    let g = Geometry {
        x0: c.x0,
        span: c.span,
        axis: axis.max(chart.factor_bits() * f64::from(c.span) / f64::from(room)),
        header: Some(size),
    };
    let floor_x = g.column(chart.floor);
    if floor_x < inner.x + letters(&chart.floor_label) + label_gap(true) {
        return fail;
    }
    g
}

/// A bar cut short is longer than this many times the next bar and the
/// factor's line.
const OUTLIER: f64 = 1.5;

/// The bits per key the axis must reach: the longest bar's, or when that
/// bar is cut, the next one's; for the floor alone, the factor's line, so
/// the floor stands where it will when the Bloom filter's bar comes.
fn scaled_longest(chart: &LineupChart) -> f64 {
    if chart.floor_only() {
        return chart.factor_bits();
    }
    let mut bits: Vec<f64> = chart.bars.iter().map(|b| b.bits_per_key).collect();
    bits.sort_by(|a, b| b.total_cmp(a));
    match bits.as_slice() {
        // The axis reaches past the next bar, so the cut one still
        // stands out as the longest before its break.
        [top, next, ..] if *top > OUTLIER * next.max(chart.factor_bits()) => {
            OUTLIER * next.max(chart.factor_bits())
        }
        [top, ..] => *top,
        [] => 0.0,
    }
}

/// Draws the chart in `shape` inside `inner`.
fn draw_chart(
    chart: &LineupChart,
    shape: Shape,
    lines: u16,
    inner: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let g = geometry(chart, shape, inner);
    let bar_style = theme.style(Role::Measured);
    let bold = |role: Role| theme.style(role).add_modifier(Modifier::BOLD);
    let header = shape.header();
    let (floor_x, factor_x) = (g.column(chart.floor), g.column(chart.factor_bits()));
    // Rows where big letters stand, with the columns their ink spans:
    // the lines stop short of the letters there.
    let mut labelled: Vec<(u16, u16, u16)> = draw_header(
        chart,
        shape,
        g.header,
        inner,
        (floor_x, factor_x),
        buf,
        theme,
    );
    let (_, names, _) = beside(chart);
    let gaps = [floor_x, factor_x];
    let gap = shape.gap();
    let mut y = inner.y + header;
    for bar in &chart.bars {
        if let Some(size) = shape.big {
            let width = inner.width;
            for (i, big) in big_label(bar.name, &bar.figures, size, width, lines)
                .unwrap_or_default()
                .iter()
                .enumerate()
            {
                let role = if i == 0 { Role::Title } else { Role::Text };
                let rect = Rect::new(inner.x, y, inner.width, big.height()).intersection(inner);
                big.draw_aligned(rect, buf, theme.style(role), Alignment::Left);
                for row in y..y + big.height() {
                    labelled.push((row, inner.x, inner.x + big.width()));
                }
                y += big.height();
            }
        }
        let bar_rect = Rect::new(g.x0, y, g.span, shape.bar).intersection(inner);
        let eighths = g.eighths(bar.bits_per_key);
        draw_bar(eighths, bar_rect, &gaps, buf, bar_style);
        draw_own_floor(&g, bar, bar_rect, &gaps, buf, theme);
        if bar.bits_per_key > g.axis {
            draw_cut(bar_rect, buf, theme.style(Role::Label));
        }
        if shape.big.is_none() {
            // The name left of the bar and the figures just past its end
            // (and past the lines), on the bar's middle row, in bold.
            let mid = y + shape.bar / 2;
            let mut p = Painter::new(buf, inner);
            let name_x = names.saturating_sub(width(bar.name));
            p.text(name_x, mid - inner.y, bar.name, bold(Role::Text));
            let end = g.x0 + u16::try_from(eighths.div_ceil(8)).unwrap_or(u16::MAX);
            let fig_x = end.max(factor_x + 1) + 1 - inner.x;
            p.text(fig_x, mid - inner.y, &bar.figures, bold(Role::Text));
        }
        y += shape.bar + gap;
    }
    let bottom = y.saturating_sub(gap).min(inner.bottom());
    draw_legend(chart, shape, (g.x0, bottom + 1), inner, buf, theme);
    for (x, role) in [(floor_x, Role::Good), (factor_x, Role::Warn)] {
        for row in inner.y..bottom {
            let inked = labelled
                .iter()
                .any(|&(r, left, right)| r == row && (left..right).contains(&x));
            if !inked {
                draw_line(x, row, buf, bold(role));
            }
        }
    }
}

/// Draws the chart as a table in big letters at `size`: the lines' labels
/// on the top row (the floor's left of its line, the factor's right of
/// its own), the figure columns' headings on the next, then each bar with
/// its name left of it and its figures right of the bars, the letters
/// centred on the bar's rows; from row `top` of `inner` down.
fn draw_table(
    chart: &LineupChart,
    shape: Shape,
    size: Size,
    (inner, top): (Rect, u16),
    buf: &mut Buffer,
    theme: &Theme,
) {
    let outer = inner;
    let inner = table_area(inner);
    let g = table_geometry(chart, size, inner);
    let (Some(c), Some(_)) = (columns(chart, size, inner), g.header) else {
        return;
    };
    let h = size.letter().1;
    let (floor_x, factor_x) = (g.column(chart.floor), g.column(chart.factor_bits()));
    // The words, each with its column, row, room and alignment, drawn
    // once the bars are.
    let mut words: Vec<(String, u16, u16, u16, Alignment, Role)> = Vec::new();
    let mut put = |text: &str, x: u16, y: u16, room: u16, align: Alignment, role: Role| {
        words.push((text.to_string(), x, y, room, align, role));
    };
    put(
        &chart.floor_label,
        inner.x,
        top,
        floor_x.saturating_sub(inner.x + label_gap(true)),
        Alignment::Right,
        Role::Good,
    );
    put(
        &chart.factor_label,
        factor_x + 2,
        top,
        inner.right().saturating_sub(factor_x + 2),
        Alignment::Left,
        Role::Warn,
    );
    // "bits/key" is wider than its column: it reaches left, over the
    // gap and the bars' last columns.
    let (bits_x, bits_w) = c.bits;
    let (rate_x, rate_w) = c.rate;
    let heading = width(BITS_HEADING) * size.letter().0;
    let heading_x = (bits_x + bits_w).saturating_sub(heading).max(inner.x);
    let headings = top + h + 1;
    put(
        BITS_HEADING,
        heading_x,
        headings,
        bits_x + bits_w - heading_x,
        Alignment::Right,
        Role::Label,
    );
    put(
        RATE_HEADING,
        rate_x,
        headings,
        rate_w,
        Alignment::Left,
        Role::Label,
    );
    let gaps = [floor_x, factor_x];
    let mut y = top + shape.header();
    for bar in &chart.bars {
        let mid = y + shape.bar.saturating_sub(h) / 2;
        put(
            bar.name,
            inner.x,
            mid,
            c.names,
            Alignment::Right,
            Role::Title,
        );
        put(
            &bar.bits_text(),
            bits_x,
            mid,
            bits_w,
            Alignment::Right,
            Role::Text,
        );
        put(
            &bar.rate_text(),
            rate_x,
            mid,
            rate_w,
            Alignment::Left,
            Role::Text,
        );
        let bar_rect = Rect::new(g.x0, y, g.span, shape.bar).intersection(inner);
        draw_bar(
            g.eighths(bar.bits_per_key),
            bar_rect,
            &gaps,
            buf,
            theme.style(Role::Measured),
        );
        draw_own_floor(&g, bar, bar_rect, &gaps, buf, theme);
        if bar.bits_per_key > g.axis {
            draw_cut(bar_rect, buf, theme.style(Role::Label));
        }
        y += shape.bar + shape.gap();
    }
    // Rows where big letters stand, with the columns their ink spans:
    // the lines stop short of the letters there.
    let mut labelled: Vec<(u16, u16, u16)> = Vec::new();
    for (text, x, y, room, align, role) in words {
        let Some(big) = Big::line(&text, size, room) else {
            continue;
        };
        let left = match align {
            Alignment::Right => x + room - big.width(),
            _ => x,
        };
        let rect = Rect::new(left, y, big.width(), h).intersection(inner);
        big.draw_aligned(rect, buf, theme.style(role), Alignment::Left);
        for row in y..y + h {
            labelled.push((row, left, left + big.width()));
        }
    }
    let bottom = y.saturating_sub(shape.gap()).min(inner.bottom());
    // Under the last name, which may stand lower than its bar's foot.
    let legend = bottom + h.saturating_sub(shape.bar) + 1;
    draw_legend(chart, shape, (g.x0, legend), outer, buf, theme);
    let bold = |role: Role| theme.style(role).add_modifier(Modifier::BOLD);
    for (x, role) in [(floor_x, Role::Good), (factor_x, Role::Warn)] {
        for row in top..bottom {
            let inked = labelled
                .iter()
                .any(|&(r, left, right)| r == row && (left..right).contains(&x));
            if !inked {
                draw_line(x, row, buf, bold(role));
            }
        }
    }
}

/// The two marked lines' labels: the floor's left of its line (or on two
/// rows, right of it when the left has no room), the factor's right of its
/// line, in big letters at `size` when both fit their room, else in bold
/// on the header's last row. Gives the rows and columns big letters ink.
fn draw_header(
    chart: &LineupChart,
    shape: Shape,
    size: Option<Size>,
    inner: Rect,
    (floor_x, factor_x): (u16, u16),
    buf: &mut Buffer,
    theme: &Theme,
) -> Vec<(u16, u16, u16)> {
    let header = shape.header();
    let left_room = floor_x.saturating_sub(inner.x + 1);
    let right_room = inner.right().saturating_sub(factor_x + 2);
    let mut inked = Vec::new();
    let mut ink = |rect: Rect, big: &Big| {
        for row in rect.y..rect.y + big.height() {
            inked.push((row, rect.x, rect.x + big.width()));
        }
    };
    if let Some(size) = size {
        let factor = Big::line(&chart.factor_label, size, right_room);
        let rows = size.letter().1;
        if shape.header == Header::Stacked {
            let floor_left = Big::line(&chart.floor_label, size, left_room);
            let floor_right_room = inner.right().saturating_sub(floor_x + 2);
            let floor_right = Big::line(&chart.floor_label, size, floor_right_room);
            let factor = Big::line(&chart.factor_label, size, inner.width);
            if let (Some(factor), true) = (
                factor.as_ref(),
                floor_left.is_some() || floor_right.is_some(),
            ) {
                let top = inner.y;
                if let Some(floor) = floor_left {
                    let x = floor_x.saturating_sub(floor.width() + 1);
                    let rect = Rect::new(x, top, floor.width(), rows);
                    floor.draw_aligned(rect, buf, theme.style(Role::Good), Alignment::Left);
                    ink(rect, &floor);
                } else if let Some(floor) = floor_right {
                    let rect = Rect::new(floor_x + 2, top, floor.width(), rows);
                    floor.draw_aligned(rect, buf, theme.style(Role::Good), Alignment::Left);
                    ink(rect, &floor);
                }
                let x = if factor_x + 2 + factor.width() <= inner.right() {
                    factor_x + 2
                } else {
                    factor_x.saturating_sub(factor.width() + 1)
                };
                let rect = Rect::new(x, top + rows, factor.width(), rows);
                factor.draw_aligned(rect, buf, theme.style(Role::Warn), Alignment::Left);
                ink(rect, factor);
                return inked;
            }
        } else {
            let floor = Big::line(&chart.floor_label, size, left_room);
            if let (Some(floor), Some(factor)) = (floor, factor) {
                let top = inner.y + header - floor.height();
                let left = Rect::new(inner.x, top, left_room, floor.height());
                floor.draw_aligned(left, buf, theme.style(Role::Good), Alignment::Right);
                let right = Rect::new(factor_x + 2, top, right_room, factor.height());
                factor.draw_aligned(right, buf, theme.style(Role::Warn), Alignment::Left);
                return inked;
            }
        }
    }
    let row = inner.y + header - 1;
    let bold = |role: Role| theme.style(role).add_modifier(Modifier::BOLD);
    small_floor_label(chart, floor_x, row, inner, buf, theme);
    let start = factor_x + 2;
    buf.set_stringn(
        start,
        row,
        &chart.factor_label,
        usize::from(inner.right().saturating_sub(start)),
        bold(Role::Warn),
    );
    inked
}

/// The floor alone: its line at `floor_x` (where it stands once bars
/// come), its label `gap` columns left of the line on top, in big letters
/// at the first of `sizes` that fits and takes at most a third of the
/// rows, and the region below it shaded and marked.
fn draw_floor_alone(
    chart: &LineupChart,
    (floor_x, gap): (u16, u16),
    sizes: &[Size],
    inner: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let room = floor_x.saturating_sub(inner.x + gap);
    let label = floor_label(chart, sizes, room, inner.height);
    let header = label.as_ref().map_or(1, |(_, b)| b.height());
    let top = Rect::new(inner.x, inner.y, room, header);
    match &label {
        Some((_, b)) => b.draw_aligned(top, buf, theme.style(Role::Good), Alignment::Right),
        None => small_floor_label(chart, floor_x, inner.y, inner, buf, theme),
    }
    let zone = Rect::new(
        inner.x,
        inner.y + header,
        floor_x.saturating_sub(inner.x),
        inner.height.saturating_sub(header),
    );
    draw_zone(zone, label.map(|(s, _)| s), buf, theme);
    let line = theme.style(Role::Good).add_modifier(Modifier::BOLD);
    for row in inner.top()..inner.bottom() {
        draw_line(floor_x, row, buf, line);
    }
}

/// The floor's label in bold on `row`, ending a column left of its line.
fn small_floor_label(
    chart: &LineupChart,
    floor_x: u16,
    row: u16,
    inner: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let start = floor_x
        .saturating_sub(width(&chart.floor_label) + 1)
        .max(inner.x);
    let room = usize::from(floor_x.saturating_sub(start));
    let style = theme.style(Role::Good).add_modifier(Modifier::BOLD);
    buf.set_stringn(start, row, &chart.floor_label, room, style);
}

/// The sizes the floor's label may take when it stands alone, largest
/// first: none in small type; the table's own when the bars come as a
/// table; else any no taller than the header's letters when the bars come
/// (so the label keeps its size into the next step, under a formula set
/// bigger).
fn floor_sizes(shape: Shape, table: Option<Size>) -> Vec<Size> {
    match (shape.big, table) {
        (None, _) => Vec::new(),
        (Some(_), Some(size)) => vec![size],
        (Some(_), None) => LARGEST_FIRST
            .into_iter()
            .filter(|s| s.letter().1 <= TALLEST_BAR)
            .collect(),
    }
}

/// The floor's label when it stands alone: the first of `sizes` that
/// fits `room` columns and a third of `rows`.
fn floor_label(chart: &LineupChart, sizes: &[Size], room: u16, rows: u16) -> Option<(Size, Big)> {
    sizes
        .iter()
        .filter_map(|&s| Big::line(&chart.floor_label, s, room).map(|b| (s, b)))
        .find(|(_, b)| b.height() * 3 <= rows)
}

/// The region below the floor: shaded, with its words in the middle, big
/// at the largest size up to `size` that fits, else in bold.
fn draw_zone(zone: Rect, size: Option<Size>, buf: &mut Buffer, theme: &Theme) {
    let shade = theme.style(Role::Guide);
    for y in zone.top()..zone.bottom() {
        for x in zone.left()..zone.right() {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_char(SHADE).set_style(shade);
            }
        }
    }
    let room = zone.width.saturating_sub(4);
    let big = size.and_then(|largest| {
        LARGEST_FIRST
            .into_iter()
            .filter(|s| s.letter().1 <= largest.letter().1)
            .filter_map(|s| Big::line(BELOW_FLOOR, s, room))
            .find(|b| b.height() + 2 <= zone.height)
    });
    let style = theme.style(Role::Bad).add_modifier(Modifier::BOLD);
    let (w, h) = big
        .as_ref()
        .map_or((width(BELOW_FLOOR), 1), |b| (b.width(), b.height()));
    if w + 2 > zone.width || h > zone.height {
        return;
    }
    // Cleared a column either side, so the words read against the shade.
    let at = Rect::new(
        zone.x + (zone.width - w) / 2 - 1,
        zone.y + (zone.height - h) / 2,
        w + 2,
        h,
    );
    for y in at.top()..at.bottom() {
        for x in at.left()..at.right() {
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_char(' ').set_style(theme.style(Role::Text));
            }
        }
    }
    let words = Rect {
        x: at.x + 1,
        width: w,
        ..at
    };
    match big {
        Some(big) => big.draw_aligned(words, buf, style, Alignment::Left),
        None => {
            buf.set_string(words.x, words.y, BELOW_FLOOR, style);
        }
    }
}

/// The mark where a cut bar breaks, near its end: on a bar of one or two
/// rows, two slashes in a gap of two columns; on a taller bar, a blank
/// band leaning like a slash (one column per two rows, about square on
/// the screen) and wider the taller the bar, which reads as a break across
/// the whole bar where small slashes were lost beside it.
fn draw_cut(rect: Rect, buf: &mut Buffer, style: Style) {
    let h = rect.height;
    let (slant, band) = if h >= 3 {
        ((h - 1) / 2, 3 + h / 6)
    } else {
        (0, 4)
    };
    let x = rect
        .right()
        .saturating_sub(rect.width / 8 + band + slant)
        .max(rect.x);
    for (i, y) in (rect.top()..rect.bottom()).enumerate() {
        // Rows from the foot up lean right, like a slash.
        let lean = (h - 1 - i as u16) / 2;
        for dx in 0..band {
            let slash = h < 3 && (dx == 1 || dx == 2);
            if let Some(cell) = buf.cell_mut((x + lean + dx, y)) {
                cell.set_char(if slash { '/' } else { ' ' })
                    .set_style(style);
            }
        }
    }
}

/// A bar `eighths` eighths of a column long, filling `rect`'s rows, broken
/// at the marked lines' columns `gaps`.
fn draw_bar(eighths: u32, rect: Rect, gaps: &[u16], buf: &mut Buffer, style: Style) {
    let whole = u16::try_from(eighths / 8).unwrap_or(u16::MAX);
    let part = (eighths % 8) as usize;
    let end = rect.x.saturating_add(whole);
    for y in rect.top()..rect.bottom() {
        for x in rect.x..end.min(rect.right()) {
            if !gaps.contains(&x)
                && let Some(cell) = buf.cell_mut((x, y))
            {
                cell.set_char('█').set_style(style);
            }
        }
        if part > 0
            && end < rect.right()
            && !gaps.contains(&end)
            && let Some(cell) = buf.cell_mut((end, y))
        {
            cell.set_char(EIGHTHS[part - 1]).set_style(style);
        }
    }
}

/// A bar's own floor: a notch across the bar's rows at the floor of the
/// rate it measured, where no marked line stands already (a bar cut
/// short keeps its own floor inside the axis). In a theme that inks the
/// floor apart from the bars the notch is a solid column in the floor's
/// ink, which reads from the back where a slit did not; where the two
/// inks look alike (mono) it is a slit with a line, like the floor's.
fn draw_own_floor(
    g: &Geometry,
    bar: &LineupBar,
    rect: Rect,
    lines: &[u16],
    buf: &mut Buffer,
    theme: &Theme,
) {
    let Some(x) = bar
        .own_floor
        .filter(|bits| *bits < g.axis)
        .map(|bits| g.column(bits))
    else {
        return;
    };
    if lines.contains(&x) {
        return;
    }
    let (glyph, floor) = notch(theme);
    for y in rect.top()..rect.bottom() {
        if let Some(cell) = buf.cell_mut((x, y)) {
            cell.set_char(glyph).set_style(floor);
        }
    }
}

/// The glyph and style of a bar's own mark: a solid column in the floor's
/// ink, or a slit where that ink is the bar's own (mono).
fn notch(theme: &Theme) -> (char, Style) {
    let floor = theme.style(Role::Good).add_modifier(Modifier::BOLD);
    let glyph = if theme.style(Role::Good).fg == theme.style(Role::Measured).fg {
        LINE
    } else {
        '█'
    };
    (glyph, floor)
}

/// The legend of the bars' own marks from row `top`: a sample of a marked
/// bar and, after it, what the mark means, in big letters at the shape's
/// legend size from column `x` (or from the left edge, where they fit
/// only from there), else in bold on one row. Nothing when no bar is
/// marked.
fn draw_legend(
    chart: &LineupChart,
    shape: Shape,
    (x, top): (u16, u16),
    inner: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let Some(size) = shape.legend(chart, inner.width) else {
        return;
    };
    let room = |x: u16| inner.right().saturating_sub(x + LEGEND_SAMPLE + 2);
    let big = size.and_then(|size| {
        [x, inner.x]
            .into_iter()
            .find_map(|x| Big::line(OWN_FLOOR_MARK, size, room(x)).map(|b| (x, b)))
    });
    let (x, rows) = big.as_ref().map_or((x, 1), |(x, b)| (*x, b.height()));
    let (glyph, mark) = notch(theme);
    let bar = theme.style(Role::Measured);
    for y in top..(top + rows).min(inner.bottom()) {
        for (dx, (c, style)) in [('█', bar), (glyph, mark), ('█', bar)]
            .into_iter()
            .enumerate()
        {
            if let Some(cell) = buf.cell_mut((x + dx as u16, y)) {
                cell.set_char(c).set_style(style);
            }
        }
    }
    let text_x = x + LEGEND_SAMPLE + 2;
    match big {
        Some((_, b)) => {
            let rect = Rect::new(text_x, top, b.width(), rows).intersection(inner);
            b.draw_aligned(rect, buf, theme.style(Role::Good), Alignment::Left);
        }
        None => {
            buf.set_stringn(text_x, top, OWN_FLOOR_MARK, usize::from(room(x)), mark);
        }
    }
}

/// One cell of a marked line, at column `x` of row `y`.
fn draw_line(x: u16, y: u16, buf: &mut Buffer, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(LINE).set_style(style);
    }
}
