//! The handout as a PDF, written by the program itself (the `krilla`
//! crate): pages laid out by [`flow`], text set in the shipped DejaVu Sans
//! Mono (embedded, only the glyphs used), so every word can be searched
//! and copied; each board drawn as vector shapes from its [`Figure`] with
//! the same shapes as the SVG export; page numbers; a bookmark per scene.

pub(crate) mod flow;

use std::sync::Arc;

use krilla::Document;
use krilla::color::rgb;
use krilla::destination::XyzDestination;
use krilla::geom::{Path, PathBuilder, Point};
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::outline::{Outline, OutlineNode};
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};

use super::cells::Rgb;
use super::figure::{Figure, TextLook};
use super::printed::{Handout, paper_colour};
use super::shapes::{CELL_H, Shape};
use crate::ui::error::UiError;
use crate::ui::theme::{Palette, Role};
use flow::{ADVANCE, FOLIO, Inks, Item, Sheet};

/// The shipped monospace face, regular and bold.
const REGULAR: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSansMono.ttf");
const BOLD: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSansMono-Bold.ttf");

/// Where a figure's text baseline sits below its row's top, in figure
/// units (as in the SVG).
const BASELINE: f32 = 1.556;
/// How strongly dim text is drawn against the paper.
const DIM: f32 = 0.6;

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 inches.
    Letter,
}

impl Paper {
    fn sheet(self) -> Sheet {
        match self {
            // 210 x 297 mm in points.
            Paper::A4 => Sheet {
                width: 595.28,
                height: 841.89,
            },
            Paper::Letter => Sheet {
                width: 612.0,
                height: 792.0,
            },
        }
    }
}

/// The two weights of the face.
struct Fonts {
    regular: Font,
    bold: Font,
}

impl Fonts {
    fn load() -> Result<Fonts, UiError> {
        let font = |bytes: &'static [u8]| {
            let data: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(bytes);
            Font::new(data.into(), 0)
                .ok_or_else(|| UiError::Terminal("the handout's font cannot be read".into()))
        };
        Ok(Fonts {
            regular: font(REGULAR)?,
            bold: font(BOLD)?,
        })
    }

    fn weight(&self, bold: bool) -> Font {
        if bold {
            self.bold.clone()
        } else {
            self.regular.clone()
        }
    }
}

/// The colour of `role`'s text in `palette`, or its foreground.
fn role_ink(palette: &Palette, role: Role) -> Rgb {
    palette.ink(role).fg.map_or(palette.foreground, |t| t.rgb)
}

/// `handout` as a PDF on `paper`, in `palette`'s colours.
pub(crate) fn document(
    handout: &Handout,
    palette: &Palette,
    paper_size: Paper,
) -> Result<Vec<u8>, UiError> {
    let fonts = Fonts::load()?;
    let sheet = paper_size.sheet();
    let inks = Inks {
        text: palette.foreground,
        title: role_ink(palette, Role::Title),
        muted: role_ink(palette, Role::Hint),
        accent: role_ink(palette, Role::Emphasis),
    };
    let laid = flow::lay_out(handout, sheet, inks);
    let page_colour = paper_colour(palette);
    let mut doc = Document::new();
    for (i, items) in laid.pages.iter().enumerate() {
        let mut page = doc.start_page_with(PageSettings::new(sheet.width, sheet.height));
        let mut surface = page.surface();
        if page_colour != (255, 255, 255) {
            fill_rects(
                &mut surface,
                page_colour,
                &[[0.0, 0.0, sheet.width, sheet.height]],
            );
        }
        for item in items {
            draw(&mut surface, item, &fonts, page_colour);
        }
        if i > 0 {
            let number = (i + 1).to_string();
            let size = 9.0;
            let width = number.len() as f32 * size * ADVANCE;
            text(
                &mut surface,
                &fonts.regular,
                ((sheet.width - width) / 2.0, sheet.height - FOLIO),
                size,
                inks.muted,
                &number,
            );
        }
        surface.finish();
        page.finish();
    }
    let mut outline = Outline::new();
    for (title, page) in handout.scenes.iter().zip(&laid.scene_pages) {
        outline.push_child(OutlineNode::new(
            title.clone(),
            XyzDestination::new(*page, Point::from_xy(0.0, 0.0)),
        ));
    }
    doc.set_outline(outline);
    doc.set_metadata(
        Metadata::new()
            .title(handout.title.clone())
            .language("en".into())
            .creator(format!("bloomlab {}", env!("CARGO_PKG_VERSION"))),
    );
    doc.finish()
        .map_err(|e| UiError::Terminal(format!("cannot make the PDF: {e:?}")))
}

fn colour((r, g, b): Rgb) -> rgb::Color {
    rgb::Color::new(r, g, b)
}

fn set_fill(surface: &mut Surface<'_>, rgb: Rgb) {
    surface.set_fill(Some(Fill {
        paint: colour(rgb).into(),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }));
}

fn text(
    surface: &mut Surface<'_>,
    font: &Font,
    (x, y): (f32, f32),
    size: f32,
    rgb: Rgb,
    line: &str,
) {
    set_fill(surface, rgb);
    surface.draw_text(
        Point::from_xy(x, y),
        font.clone(),
        size,
        line,
        false,
        TextDirection::LeftToRight,
    );
}

fn fill_rects(surface: &mut Surface<'_>, rgb: Rgb, rects: &[[f32; 4]]) {
    let mut pb = PathBuilder::new();
    for [x, y, w, h] in rects {
        rect_path(&mut pb, *x, *y, *w, *h);
    }
    if let Some(path) = pb.finish() {
        set_fill(surface, rgb);
        surface.draw_path(&path);
    }
}

/// A rectangle, clockwise on the page like every other shape.
fn rect_path(pb: &mut PathBuilder, x: f32, y: f32, w: f32, h: f32) {
    pb.move_to(x, y);
    pb.line_to(x + w, y);
    pb.line_to(x + w, y + h);
    pb.line_to(x, y + h);
    pb.close();
}

fn draw(surface: &mut Surface<'_>, item: &Item<'_>, fonts: &Fonts, page: Rgb) {
    match item {
        Item::Text {
            x,
            baseline,
            size,
            bold,
            colour,
            text: line,
        } => text(
            surface,
            &fonts.weight(*bold),
            (*x, *baseline),
            *size,
            *colour,
            line,
        ),
        Item::Rule { x, y, w, h, colour } => fill_rects(surface, *colour, &[[*x, *y, *w, *h]]),
        Item::Figure {
            x,
            top,
            unit,
            figure,
        } => draw_figure(surface, figure, (*x, *top), *unit, fonts, page),
    }
}

/// `figure` with its top left at `at`, `unit` points to a figure unit, in
/// its print colours. Its background is the paper's.
fn draw_figure(
    surface: &mut Surface<'_>,
    figure: &Figure,
    (x0, y0): (f32, f32),
    unit: f32,
    fonts: &Fonts,
    page: Rgb,
) {
    for fill in &figure.fills {
        if let Some(path) = shapes_path(&fill.shapes, (x0, y0), unit) {
            set_fill(surface, fill.paint.print);
            surface.draw_path(&path);
        }
    }
    // Glyphs as wide as a cell: the face's advance fills it exactly.
    let size = unit / ADVANCE;
    for run in &figure.texts {
        let at = (
            x0 + f32::from(run.col) * unit,
            y0 + (f32::from(run.row) * CELL_H + BASELINE) * unit,
        );
        text(
            surface,
            &fonts.weight(run.look.bold),
            at,
            size,
            ink(&run.look, page),
            &run.text,
        );
    }
}

/// A text look's colour on paper, dim text mixed towards the paper.
fn ink(look: &TextLook, page: Rgb) -> Rgb {
    let (r, g, b) = look.paint.print;
    if !look.dim {
        return (r, g, b);
    }
    let mix = |c: u8, p: u8| (f32::from(c) * DIM + f32::from(p) * (1.0 - DIM)).round() as u8;
    (mix(r, page.0), mix(g, page.1), mix(b, page.2))
}

/// One path for all `shapes`, placed and scaled onto the page.
fn shapes_path(shapes: &[Shape], (x0, y0): (f32, f32), unit: f32) -> Option<Path> {
    let at = |x: f32, y: f32| (x0 + x * unit, y0 + y * unit);
    let mut pb = PathBuilder::new();
    for shape in shapes {
        match shape {
            Shape::Rect([x, y, w, h]) => {
                let (px, py) = at(*x, *y);
                rect_path(&mut pb, px, py, w * unit, h * unit);
            }
            Shape::Dot([x, y, r]) => {
                let (cx, cy) = at(*x, *y);
                circle(&mut pb, cx, cy, r * unit);
            }
            Shape::Poly(points) => {
                for (i, [x, y]) in points.iter().enumerate() {
                    let (px, py) = at(*x, *y);
                    if i == 0 {
                        pb.move_to(px, py);
                    } else {
                        pb.line_to(px, py);
                    }
                }
                pb.close();
            }
        }
    }
    pb.finish()
}

/// A circle as four cubic arcs, clockwise on the page.
fn circle(pb: &mut PathBuilder, cx: f32, cy: f32, r: f32) {
    // The control distance that makes a quarter circle of a cubic.
    let k = 0.552_284_8 * r;
    pb.move_to(cx + r, cy);
    pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    pb.close();
}
