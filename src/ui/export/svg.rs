//! A frame as SVG: the palette's background, a rectangle under every run of
//! cells with a background of its own, and the glyphs as selectable text
//! laid on the cell grid, one `<tspan>` per run of glyphs that look alike.

use std::fmt::Write;

use ratatui::buffer::Buffer;

use super::cells::{Glyph, Look, Rgb, hex, look, row_glyphs};
use super::markup::escape;
use crate::ui::theme::Palette;

/// Width of one cell, in CSS pixels.
pub(crate) const CELL_WIDTH: u32 = 9;
/// Height of one cell, in CSS pixels.
pub(crate) const CELL_HEIGHT: u32 = 18;
/// The font size that fills a cell: monospace glyphs are about 0.6 em wide.
const FONT_SIZE: u32 = 15;
/// Where the text baseline sits below a row's top edge.
const BASELINE: u32 = 14;
/// Fonts with box drawing, block and braille glyphs come first; the generic
/// family last, so every system finds some monospace face.
pub(crate) const FONT_STACK: &str = "'DejaVu Sans Mono', 'Cascadia Mono', Menlo, Consolas, \
                                     'Liberation Mono', 'Noto Sans Mono', monospace";
/// How strongly dim text is drawn (terminals halve it or less).
const DIM_OPACITY: &str = ".6";

/// What a run of text looks like apart from its background.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct TextLook {
    fg: Rgb,
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
    crossed: bool,
}

impl From<Look> for TextLook {
    fn from(l: Look) -> Self {
        TextLook {
            fg: l.fg,
            bold: l.bold,
            dim: l.dim,
            italic: l.italic,
            underline: l.underline,
            crossed: l.crossed,
        }
    }
}

/// The CSS classes of the text looks used in one document. A page of many
/// frames shares one set, so each look is written once.
#[derive(Debug, Default)]
pub(crate) struct Classes {
    looks: Vec<TextLook>,
}

impl Classes {
    fn name(&mut self, look: TextLook) -> usize {
        match self.looks.iter().position(|l| *l == look) {
            Some(i) => i,
            None => {
                self.looks.push(look);
                self.looks.len() - 1
            }
        }
    }

    /// One CSS rule per look, `.t0{fill:#...}` and so on.
    pub(crate) fn css(&self) -> String {
        let mut css = String::new();
        for (i, l) in self.looks.iter().enumerate() {
            let _ = write!(css, ".t{i}{{fill:{}", hex(l.fg));
            if l.bold {
                css.push_str(";font-weight:bold");
            }
            if l.italic {
                css.push_str(";font-style:italic");
            }
            if l.dim {
                let _ = write!(css, ";fill-opacity:{DIM_OPACITY}");
            }
            match (l.underline, l.crossed) {
                (true, true) => css.push_str(";text-decoration:underline line-through"),
                (true, false) => css.push_str(";text-decoration:underline"),
                (false, true) => css.push_str(";text-decoration:line-through"),
                (false, false) => {}
            }
            css.push_str("}\n");
        }
        css
    }
}

/// Rules every frame needs whatever its looks: spaces inside a run are
/// kept, and nothing is drawn outside the grid.
pub(crate) const BASE_CSS: &str = "svg.frame text{white-space:pre}\n";

/// `buf` as a standalone SVG document in `palette`'s colours, titled
/// `title` (what a screen reader announces).
pub(crate) fn document(buf: &Buffer, palette: &Palette, title: &str) -> String {
    let mut classes = Classes::default();
    let body = body(buf, palette, &mut classes);
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}<style>\n{BASE_CSS}{}</style>\n{body}</svg>\n",
        open(buf, title),
        classes.css()
    )
}

/// `buf` as an `<svg>` element for a page whose style sheet holds
/// `classes.css()` and [`BASE_CSS`].
pub(crate) fn element(
    buf: &Buffer,
    palette: &Palette,
    title: &str,
    classes: &mut Classes,
) -> String {
    format!(
        "{}{}</svg>\n",
        open(buf, title),
        body(buf, palette, classes)
    )
}

/// The root element's start tag, sized to the grid, and the title.
fn open(buf: &Buffer, title: &str) -> String {
    let area = buf.area;
    let (w, h) = (
        u32::from(area.width) * CELL_WIDTH,
        u32::from(area.height) * CELL_HEIGHT,
    );
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"frame\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" xml:space=\"preserve\" font-family=\"{}\" font-size=\"{FONT_SIZE}\" \
         role=\"img\" aria-label=\"{title}\">\n<title>{title}</title>\n",
        escape(FONT_STACK),
        title = escape(title)
    )
}

/// The background, the cells' own backgrounds, then the text.
fn body(buf: &Buffer, palette: &Palette, classes: &mut Classes) -> String {
    let area = buf.area;
    let mut out = String::with_capacity(usize::from(area.width) * usize::from(area.height) * 4);
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
        hex(palette.background)
    );
    let rows: Vec<Vec<Glyph<'_>>> = (area.top()..area.bottom())
        .map(|y| row_glyphs(buf, y))
        .collect();
    for (row, glyphs) in (0u32..).zip(&rows) {
        backgrounds(&mut out, row, glyphs, palette);
    }
    for (row, glyphs) in (0u32..).zip(&rows) {
        text_row(&mut out, row, glyphs, palette, classes);
    }
    out
}

/// A rectangle under each run of cells whose background is not the frame's.
fn backgrounds(out: &mut String, row: u32, glyphs: &[Glyph<'_>], palette: &Palette) {
    let mut run: Option<(u32, u32, Rgb)> = None;
    let flush = |run: Option<(u32, u32, Rgb)>, out: &mut String| {
        if let Some((x, cells, bg)) = run
            && bg != palette.background
        {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{CELL_HEIGHT}\" fill=\"{}\"/>",
                x * CELL_WIDTH,
                row * CELL_HEIGHT,
                cells * CELL_WIDTH,
                hex(bg)
            );
        }
    };
    for g in glyphs {
        let bg = look(g.style, palette).bg;
        match &mut run {
            Some((_, cells, colour)) if *colour == bg => *cells += u32::from(g.width),
            _ => {
                flush(run.take(), out);
                run = Some((u32::from(g.x), u32::from(g.width), bg));
            }
        }
    }
    flush(run, out);
}

/// A run of glyphs drawn as one piece of text.
struct TextRun {
    x: u32,
    cells: u32,
    text: String,
    look: TextLook,
    /// Holds a wide glyph: nothing may follow it in the same run, so every
    /// glyph after it starts at its own cell.
    closed: bool,
}

/// The row's text runs. Blank cells take the look of the text around them,
/// so a sentence stays one run; a wide glyph is a run of its own, placed
/// on its two cells.
fn text_runs(glyphs: &[Glyph<'_>], palette: &Palette) -> Vec<TextRun> {
    let mut runs: Vec<TextRun> = Vec::new();
    // Blank cells seen since the last glyph that shows.
    let mut gap = 0u32;
    for g in glyphs {
        let l = look(g.style, palette);
        if l.hidden || (g.is_blank() && !l.underline && !l.crossed) {
            gap += u32::from(g.width);
            continue;
        }
        let text_look = TextLook::from(l);
        match runs.last_mut() {
            Some(run) if !run.closed && run.look == text_look && g.width == 1 => {
                run.text.extend(std::iter::repeat_n(' ', gap as usize));
                run.text.push_str(g.symbol);
                run.cells += gap + 1;
            }
            _ => runs.push(TextRun {
                x: u32::from(g.x),
                cells: u32::from(g.width),
                text: g.symbol.to_string(),
                look: text_look,
                closed: g.width > 1,
            }),
        }
        gap = 0;
    }
    runs
}

fn text_row(
    out: &mut String,
    row: u32,
    glyphs: &[Glyph<'_>],
    palette: &Palette,
    classes: &mut Classes,
) {
    let runs = text_runs(glyphs, palette);
    if runs.is_empty() {
        return;
    }
    let _ = write!(out, "<text y=\"{}\">", row * CELL_HEIGHT + BASELINE);
    for run in runs {
        let _ = write!(
            out,
            "<tspan x=\"{}\" textLength=\"{}\" class=\"t{}\">{}</tspan>",
            run.x * CELL_WIDTH,
            run.cells * CELL_WIDTH,
            classes.name(run.look),
            escape(&run.text)
        );
    }
    out.push_str("</text>\n");
}
