//! A frame as SVG: the palette's background, then every filled shape of
//! its [`Figure`] (cell backgrounds, box drawing, blocks, braille) as one
//! `<path>` per colour, so nothing drawn shows a seam, then the rest of the
//! glyphs as selectable text on the cell grid, one `<tspan>` per run of
//! glyphs that look alike. The picture's own units are the figure's (a
//! cell is 1 by 2); its width and height are 9 by 18 pixels a cell.

use std::fmt::Write;

use ratatui::buffer::Buffer;

use super::cells::hex;
use super::figure::{Figure, Paint, TextLook};
use super::markup::escape;
use super::shapes::{CELL_H, Shape};
use crate::ui::theme::Palette;

/// Width of one cell, in CSS pixels.
pub(crate) const CELL_WIDTH: u32 = 9;
/// Height of one cell, in CSS pixels.
pub(crate) const CELL_HEIGHT: u32 = 18;
/// The font size that fills a cell, in cell widths: monospace glyphs are
/// about 0.6 em wide (15 pixels in a 9-pixel cell).
const FONT_SIZE: &str = "1.667";
/// Where the text baseline sits below a row's top edge, in cell widths.
const BASELINE: f32 = 1.556;
/// Monospace faces with good coverage first; the generic family last, so
/// every system finds one. Only text is drawn with it: the drawing
/// characters are shapes.
pub(crate) const FONT_STACK: &str = "'DejaVu Sans Mono', 'Cascadia Mono', Menlo, Consolas, \
                                     'Liberation Mono', 'Noto Sans Mono', monospace";
/// How strongly dim text is drawn.
const DIM_OPACITY: &str = ".6";

/// The CSS classes of the colours and text looks used in one document. A
/// page of many frames shares one set, so each is written once.
#[derive(Debug, Default)]
pub(crate) struct Classes {
    looks: Vec<TextLook>,
    paints: Vec<Paint>,
}

/// The index of `item` in `list`, added at the end if new.
fn index_of<T: PartialEq>(list: &mut Vec<T>, item: T) -> usize {
    match list.iter().position(|l| *l == item) {
        Some(i) => i,
        None => {
            list.push(item);
            list.len() - 1
        }
    }
}

impl Classes {
    fn look(&mut self, look: TextLook) -> usize {
        index_of(&mut self.looks, look)
    }

    fn paint(&mut self, paint: Paint) -> usize {
        index_of(&mut self.paints, paint)
    }

    /// One rule per look and colour: `.t0{fill:#...}`, `.f0{fill:#...}`;
    /// then, when printing changes any colour, the print colours under
    /// `@media print`.
    pub(crate) fn css(&self) -> String {
        let mut css = self.rules(|p| p.screen);
        let printed = self
            .looks
            .iter()
            .map(|l| l.paint)
            .chain(self.paints.iter().copied())
            .any(|p| p.print != p.screen);
        if printed {
            let _ = write!(css, "@media print{{\n{}}}\n", self.rules(|p| p.print));
        }
        css
    }

    fn rules(&self, colour: impl Fn(Paint) -> (u8, u8, u8)) -> String {
        let mut css = String::new();
        for (i, l) in self.looks.iter().enumerate() {
            let _ = write!(css, ".t{i}{{fill:{}", hex(colour(l.paint)));
            if l.bold {
                css.push_str(";font-weight:bold");
            }
            if l.italic {
                css.push_str(";font-style:italic");
            }
            if l.dim {
                let _ = write!(css, ";fill-opacity:{DIM_OPACITY}");
            }
            css.push_str("}\n");
        }
        for (i, p) in self.paints.iter().enumerate() {
            let _ = writeln!(css, ".f{i}{{fill:{}}}", hex(colour(*p)));
        }
        css
    }
}

/// Rules every frame needs whatever its colours: spaces inside a run are
/// kept.
pub(crate) const BASE_CSS: &str = "svg.frame text{white-space:pre}\n";

/// `buf` as a standalone SVG document in `palette`'s colours, titled
/// `title` (what a screen reader announces).
pub(crate) fn document(buf: &Buffer, palette: &Palette, title: &str) -> String {
    figure_document(&Figure::new((buf, palette), None), title)
}

/// `figure` as a standalone SVG document.
pub(crate) fn figure_document(figure: &Figure, title: &str) -> String {
    let mut classes = Classes::default();
    let body = body(figure, &mut classes);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}<style>\n{BASE_CSS}{}</style>\n{body}</svg>\n",
        open(figure, title),
        classes.css()
    )
}

/// `figure` as an `<svg>` element for a page whose style sheet holds
/// `classes.css()` and [`BASE_CSS`].
pub(crate) fn element(figure: &Figure, title: &str, classes: &mut Classes) -> String {
    format!("{}{}</svg>\n", open(figure, title), body(figure, classes))
}

/// The root element's start tag, sized to the grid, and the title.
fn open(figure: &Figure, title: &str) -> String {
    let (cols, rows) = (u32::from(figure.cols), u32::from(figure.rows));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"frame\" width=\"{}\" height=\"{}\" \
         viewBox=\"0 0 {cols} {}\" xml:space=\"preserve\" font-family=\"{}\" font-size=\"{FONT_SIZE}\" \
         role=\"img\" aria-label=\"{title}\">\n<title>{title}</title>\n",
        cols * CELL_WIDTH,
        rows * CELL_HEIGHT,
        rows * 2,
        escape(FONT_STACK),
        title = escape(title)
    )
}

/// A coordinate, as short as it can be written exactly enough.
pub(crate) fn num(v: f32) -> String {
    let text = format!("{:.3}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" | "" => "0".to_string(),
        t => t.to_string(),
    }
}

/// The path data of `shapes`.
fn path_data(shapes: &[Shape]) -> String {
    let mut d = String::new();
    for shape in shapes {
        match shape {
            Shape::Rect([x, y, w, h]) => {
                let _ = write!(
                    d,
                    "M{} {}h{}v{}h-{}z",
                    num(*x),
                    num(*y),
                    num(*w),
                    num(*h),
                    num(*w)
                );
            }
            Shape::Dot([x, y, r]) => {
                // Two half circles, clockwise like every other shape, so shapes
                // that overlap add up instead of cancelling.
                let _ = write!(
                    d,
                    "M{} {}a{r} {r} 0 1 1 {} 0a{r} {r} 0 1 1 -{} 0z",
                    num(x - r),
                    num(*y),
                    num(2.0 * r),
                    num(2.0 * r),
                    r = num(*r)
                );
            }
            Shape::Poly(points) => {
                for (i, [x, y]) in points.iter().enumerate() {
                    let _ = write!(
                        d,
                        "{}{} {}",
                        if i == 0 { 'M' } else { 'L' },
                        num(*x),
                        num(*y)
                    );
                }
                d.push('z');
            }
        }
    }
    d
}

/// The background, the filled shapes, then the text.
fn body(figure: &Figure, classes: &mut Classes) -> String {
    let mut out = String::with_capacity(usize::from(figure.cols) * usize::from(figure.rows) * 4);
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" class=\"f{}\"/>",
        classes.paint(figure.background)
    );
    for fill in &figure.fills {
        let _ = writeln!(
            out,
            "<path class=\"f{}\" d=\"{}\"/>",
            classes.paint(fill.paint),
            path_data(&fill.shapes)
        );
    }
    let mut row = None;
    for run in &figure.texts {
        if row != Some(run.row) {
            if row.is_some() {
                out.push_str("</text>\n");
            }
            let y = f32::from(run.row) * CELL_H + BASELINE;
            let _ = write!(out, "<text y=\"{}\">", num(y));
            row = Some(run.row);
        }
        let _ = write!(
            out,
            "<tspan x=\"{}\" textLength=\"{}\" class=\"t{}\">{}</tspan>",
            run.col,
            run.cells,
            classes.look(run.look),
            escape(&run.text)
        );
    }
    if row.is_some() {
        out.push_str("</text>\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_exact_enough() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(0.25), "0.25");
        assert_eq!(num(1.5556), "1.556");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.0), "12");
    }

    #[test]
    fn shapes_become_path_data() {
        let d = path_data(&[
            Shape::Rect([1.0, 2.0, 3.0, 4.0]),
            Shape::Dot([0.5, 0.5, 0.25]),
            Shape::Poly(vec![[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]),
        ]);
        assert_eq!(
            d,
            "M1 2h3v4h-3zM0.25 0.5a0.25 0.25 0 1 1 0.5 0a0.25 0.25 0 1 1 -0.5 0zM0 0L1 0L0 1z"
        );
    }
}
