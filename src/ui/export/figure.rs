//! A drawn buffer as a picture to be drawn again at any size: filled
//! shapes (cell backgrounds; box drawing, blocks and braille from
//! [`super::shapes`]; underlines) grouped by colour, and the rest of the
//! glyphs as runs of text on the cell grid. The SVG writer and the PDF
//! handout both draw from this, so they show the same thing.
//!
//! Units are those of [`super::shapes`]: a cell is 1 wide and 2 tall, so
//! column c starts at x = c and row r at y = 2r.
//!
//! Each colour is a [`Paint`]: the colour on screen and the colour the
//! same ink takes on paper. A figure drawn for one palette has both alike;
//! the HTML handout pairs the screen's palette with a light one for print.

use ratatui::buffer::Buffer;

use super::cells::{Look, Rgb, look, row_glyphs};
use super::shapes::{CELL_H, Shape, is_drawn, shapes};
use crate::ui::theme::Palette;

/// A colour on screen and the colour of the same ink when printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Paint {
    /// On screen.
    pub screen: Rgb,
    /// On paper.
    pub print: Rgb,
}

/// Shapes filled with one paint.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fill {
    /// Their colour.
    pub paint: Paint,
    /// The shapes, in figure units.
    pub shapes: Vec<Shape>,
}

/// What a run of text looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct TextLook {
    /// Its colour.
    pub paint: Paint,
    /// Bold.
    pub bold: bool,
    /// Italic.
    pub italic: bool,
    /// Drawn faint (terminals halve it or less).
    pub dim: bool,
}

/// A run of glyphs that look alike, on one row.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TextRun {
    /// Its first column.
    pub col: u16,
    /// Its row.
    pub row: u16,
    /// Columns it covers.
    pub cells: u16,
    /// The glyphs, blanks between them kept as spaces.
    pub text: String,
    /// How it looks.
    pub look: TextLook,
    /// Holds a wide glyph: nothing may follow it in the same run.
    closed: bool,
}

/// A frame as shapes and text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Figure {
    /// Columns.
    pub cols: u16,
    /// Rows.
    pub rows: u16,
    /// The colour behind everything.
    pub background: Paint,
    /// Filled shapes, backgrounds first, one entry per paint and layer.
    pub fills: Vec<Fill>,
    /// The text, row by row.
    pub texts: Vec<TextRun>,
}

/// Where an underline sits in its cell, and how thick it is.
const UNDERLINE: (f32, f32) = (1.78, 0.1);
/// Where a line through text sits, and how thick it is.
const STRIKE: (f32, f32) = (1.05, 0.1);

/// A buffer and the palette it was drawn in.
pub(crate) type Drawn<'a> = (&'a Buffer, &'a Palette);

impl Figure {
    /// `screen` as a figure; its print colours are those of `print`, the
    /// same frame drawn in another palette (or the screen's when `None`).
    pub(crate) fn new(screen: Drawn<'_>, print: Option<Drawn<'_>>) -> Figure {
        let (buf, palette) = screen;
        let area = buf.area;
        let print_look = |x: u16, y: u16, own: Look| match print {
            Some((pbuf, ppal)) if pbuf.area.contains((x, y).into()) => {
                look(pbuf[(x, y)].style(), ppal)
            }
            _ => own,
        };
        let pair = |s: Rgb, p: Rgb| Paint {
            screen: s,
            print: p,
        };
        let background = pair(
            palette.background,
            print.map_or(palette.background, |(_, p)| p.background),
        );
        let mut backs = Layer::default();
        let mut inks = Layer::default();
        let mut texts: Vec<TextRun> = Vec::new();
        for (row, y) in (0u16..).zip(area.top()..area.bottom()) {
            let mut gap = 0u16;
            for g in row_glyphs(buf, y) {
                let col = g.x - area.left();
                let own = look(g.style, palette);
                let other = print_look(g.x, y, own);
                let (x0, y0) = (f32::from(col), f32::from(row) * CELL_H);
                let bg = pair(own.bg, other.bg);
                if bg != background {
                    backs.add(bg, Shape::Rect([x0, y0, f32::from(g.width), CELL_H]));
                }
                let fg = pair(own.fg, other.fg);
                if own.underline {
                    let (at, t) = UNDERLINE;
                    inks.add(fg, Shape::Rect([x0, y0 + at, f32::from(g.width), t]));
                }
                if own.crossed {
                    let (at, t) = STRIKE;
                    inks.add(fg, Shape::Rect([x0, y0 + at, f32::from(g.width), t]));
                }
                let mut chars = g.symbol.chars();
                let drawn = match (chars.next(), chars.next()) {
                    (Some(c), None) if is_drawn(c) => shapes(c),
                    _ => None,
                };
                if own.hidden || g.is_blank() || drawn.is_some() {
                    if !own.hidden
                        && let Some(list) = drawn
                    {
                        // Dim shapes are drawn at full strength: a fainter
                        // bar would read as a different kind of bar.
                        for shape in list {
                            inks.add(fg, shape.moved(x0, y0));
                        }
                    }
                    gap += g.width;
                    continue;
                }
                let text_look = TextLook {
                    paint: fg,
                    bold: own.bold,
                    italic: own.italic,
                    dim: own.dim,
                };
                match texts.last_mut() {
                    Some(run)
                        if run.row == row
                            && !run.closed
                            && run.look == text_look
                            && g.width == 1 =>
                    {
                        run.text.extend(std::iter::repeat_n(' ', usize::from(gap)));
                        run.text.push_str(g.symbol);
                        run.cells += gap + 1;
                    }
                    _ => texts.push(TextRun {
                        col,
                        row,
                        cells: g.width,
                        text: g.symbol.to_string(),
                        look: text_look,
                        closed: g.width > 1,
                    }),
                }
                gap = 0;
            }
        }
        let mut fills = backs.finish();
        fills.extend(inks.finish());
        Figure {
            cols: area.width,
            rows: area.height,
            background,
            fills,
            texts,
        }
    }

    /// The figure with rows `from..to` only (the rest cut away), moved up.
    pub(crate) fn rows(&self, from: u16, to: u16) -> Figure {
        let (top, bottom) = (f32::from(from) * CELL_H, f32::from(to) * CELL_H);
        let fills = self
            .fills
            .iter()
            .map(|f| Fill {
                paint: f.paint,
                shapes: f
                    .shapes
                    .iter()
                    .filter(|s| {
                        let (y0, y1) = extent(s, Axis::Y);
                        y0 >= top - 1e-3 && y1 <= bottom + 1e-3
                    })
                    .map(|s| s.moved(0.0, -top))
                    .collect(),
            })
            .filter(|f| !f.shapes.is_empty())
            .collect();
        let texts = self
            .texts
            .iter()
            .filter(|t| (from..to).contains(&t.row))
            .map(|t| TextRun {
                row: t.row - from,
                ..t.clone()
            })
            .collect();
        Figure {
            rows: to.saturating_sub(from),
            fills,
            texts,
            ..self.clone()
        }
    }

    /// The figure without its first `n` columns (blank ones: nothing is
    /// kept of what was drawn there), moved left.
    pub(crate) fn without_left(&self, n: u16) -> Figure {
        let dx = -f32::from(n);
        Figure {
            cols: self.cols.saturating_sub(n),
            fills: self
                .fills
                .iter()
                .map(|f| Fill {
                    paint: f.paint,
                    shapes: f.shapes.iter().map(|s| s.moved(dx, 0.0)).collect(),
                })
                .collect(),
            texts: self
                .texts
                .iter()
                .map(|t| TextRun {
                    col: t.col.saturating_sub(n),
                    ..t.clone()
                })
                .collect(),
            ..self.clone()
        }
    }

    /// The number of columns at the left that nothing is drawn on.
    pub(crate) fn blank_left(&self) -> u16 {
        let text = self.texts.iter().map(|t| f32::from(t.col));
        let shapes = self
            .fills
            .iter()
            .flat_map(|f| &f.shapes)
            .map(|s| extent(s, Axis::X).0);
        let left = text.chain(shapes).fold(f32::from(self.cols), f32::min);
        (left + 1e-3).floor().max(0.0) as u16
    }

    /// The first and one past the last row holding anything but the
    /// background, or `None` for an empty figure.
    pub(crate) fn used_rows(&self) -> Option<(u16, u16)> {
        let text = self.texts.iter().map(|t| (t.row, t.row + 1));
        let shapes = self.fills.iter().flat_map(|f| &f.shapes).map(|s| {
            let (y0, y1) = extent(s, Axis::Y);
            // Rows are whole: a shape touching a row uses it.
            let first = (y0 / CELL_H + 1e-3).floor().max(0.0) as u16;
            let last = ((y1 / CELL_H) - 1e-3).ceil().max(0.0) as u16;
            (first, last.max(first + 1))
        });
        text.chain(shapes)
            .reduce(|(a0, a1), (b0, b1)| (a0.min(b0), a1.max(b1)))
    }
}

/// Across (`X`) or down (`Y`) the figure.
#[derive(Debug, Clone, Copy)]
enum Axis {
    X = 0,
    Y = 1,
}

/// Where a shape starts and ends along `axis`.
fn extent(shape: &Shape, axis: Axis) -> (f32, f32) {
    let i = axis as usize;
    match shape {
        Shape::Rect(r) => (r[i], r[i] + r[i + 2]),
        Shape::Dot(d) => (d[i] - d[2], d[i] + d[2]),
        Shape::Poly(points) => points.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| {
            (lo.min(p[i]), hi.max(p[i]))
        }),
    }
}

/// Shapes gathered by paint, in the order each paint first appears.
#[derive(Debug, Default)]
struct Layer {
    fills: Vec<Fill>,
}

impl Layer {
    fn add(&mut self, paint: Paint, shape: Shape) {
        match self.fills.iter_mut().find(|f| f.paint == paint) {
            Some(fill) => fill.shapes.push(shape),
            None => self.fills.push(Fill {
                paint,
                shapes: vec![shape],
            }),
        }
    }

    /// The fills, each with touching rectangles joined: fewer shapes to
    /// write, and no edge inside a bar for a renderer to show as a seam.
    fn finish(self) -> Vec<Fill> {
        self.fills
            .into_iter()
            .map(|f| Fill {
                paint: f.paint,
                shapes: joined(f.shapes),
            })
            .collect()
    }
}

/// Close enough to be the same coordinate.
fn near(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-4
}

/// `shapes` with rectangles that touch along a whole side made one: first
/// along each row, then down each column.
fn joined(shapes: Vec<Shape>) -> Vec<Shape> {
    let (mut rects, others): (Vec<[f32; 4]>, Vec<Shape>) =
        shapes
            .into_iter()
            .fold((Vec::new(), Vec::new()), |(mut r, mut o), s| {
                match s {
                    Shape::Rect(q) => r.push(q),
                    other => o.push(other),
                }
                (r, o)
            });
    // Along rows: same top and height, one starting where the other ends.
    rects.sort_by(|a, b| {
        (a[1], a[3], a[0])
            .partial_cmp(&(b[1], b[3], b[0]))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    rects = merge(
        rects,
        |a, b| near(a[1], b[1]) && near(a[3], b[3]) && near(a[0] + a[2], b[0]),
        |a, b| [a[0], a[1], b[0] + b[2] - a[0], a[3]],
    );
    // Down columns: same left and width.
    rects.sort_by(|a, b| {
        (a[0], a[2], a[1])
            .partial_cmp(&(b[0], b[2], b[1]))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    rects = merge(
        rects,
        |a, b| near(a[0], b[0]) && near(a[2], b[2]) && near(a[1] + a[3], b[1]),
        |a, b| [a[0], a[1], a[2], b[1] + b[3] - a[1]],
    );
    rects.into_iter().map(Shape::Rect).chain(others).collect()
}

/// Folds sorted rectangles, joining each to the one before when `touch`.
fn merge(
    rects: Vec<[f32; 4]>,
    touch: impl Fn(&[f32; 4], &[f32; 4]) -> bool,
    join: impl Fn(&[f32; 4], &[f32; 4]) -> [f32; 4],
) -> Vec<[f32; 4]> {
    let mut out: Vec<[f32; 4]> = Vec::with_capacity(rects.len());
    for r in rects {
        match out.last_mut() {
            Some(last) if touch(last, &r) => *last = join(last, &r),
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::palettes::{DARK, LIGHT};
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Style};

    #[test]
    fn a_bar_of_blocks_is_one_rectangle() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 3));
        let red = Style::new().fg(Color::Rgb(200, 0, 0));
        for y in 0..3 {
            buf.set_string(1, y, "███", red);
        }
        let figure = Figure::new((&buf, &DARK), None);
        assert!(figure.texts.is_empty(), "blocks are never text");
        assert_eq!(figure.fills.len(), 1);
        assert_eq!(
            figure.fills[0].shapes,
            vec![Shape::Rect([1.0, 0.0, 3.0, 6.0])]
        );
        assert_eq!(figure.fills[0].paint.screen, (200, 0, 0));
    }

    #[test]
    fn text_runs_keep_their_words_and_skip_the_drawing() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 1));
        buf.set_string(0, 0, "ab │ cd", Style::new());
        let figure = Figure::new((&buf, &LIGHT), None);
        let runs: Vec<(u16, &str)> = figure
            .texts
            .iter()
            .map(|t| (t.col, t.text.as_str()))
            .collect();
        assert_eq!(runs, [(0, "ab   cd")]);
    }

    #[test]
    fn print_colours_come_from_the_other_palette() {
        let mut dark = Buffer::empty(Rect::new(0, 0, 4, 1));
        let mut light = dark.clone();
        dark.set_string(0, 0, "x█", Style::new().fg(Color::Rgb(1, 1, 1)));
        light.set_string(0, 0, "x█", Style::new().fg(Color::Rgb(9, 9, 9)));
        let figure = Figure::new((&dark, &DARK), Some((&light, &LIGHT)));
        assert_eq!(figure.background.print, LIGHT.background);
        assert_eq!(
            figure.texts[0].look.paint,
            Paint {
                screen: (1, 1, 1),
                print: (9, 9, 9)
            }
        );
        assert_eq!(figure.fills[0].paint.print, (9, 9, 9));
    }

    #[test]
    fn cutting_rows_moves_what_is_left_up() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 4, 5));
        buf.set_string(0, 2, "a█", Style::new());
        let figure = Figure::new((&buf, &LIGHT), None);
        assert_eq!(figure.used_rows(), Some((2, 3)));
        let cut = figure.rows(2, 3);
        assert_eq!((cut.rows, cut.texts[0].row), (1, 0));
        assert_eq!(cut.fills[0].shapes, vec![Shape::Rect([1.0, 0.0, 1.0, 2.0])]);
    }

    #[test]
    fn blank_columns_at_the_left_are_cut() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 2));
        buf.set_string(4, 0, "ab", Style::new());
        buf.set_string(3, 1, "│", Style::new());
        let figure = Figure::new((&buf, &LIGHT), None);
        assert_eq!(figure.blank_left(), 3);
        let cut = figure.without_left(3);
        assert_eq!((cut.cols, cut.texts[0].col), (7, 1));
        assert_eq!(cut.blank_left(), 0);
    }
}
