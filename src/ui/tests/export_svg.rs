//! SVG and HTML frames checked as a reader would take them: parsed as XML,
//! with every glyph of the text frame present in order (the drawing
//! characters as shapes, every other glyph as text), on the cell grid, in
//! colours of the palette only.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use strum::IntoEnumIterator;

use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::export::cells::hex;
use crate::ui::export::shapes::is_drawn;
use crate::ui::export::svg::{self, CELL_HEIGHT, CELL_WIDTH};
use crate::ui::export::{Format, frame};
use crate::ui::headless::Headless;
use crate::ui::render::buffer_text;
use crate::ui::screen::Screen;
use crate::ui::theme::{Depth, PALETTES, Palette, Role, Theme};

fn config(screen: Screen, theme: &str, step: Option<(u32, u32)>, size: (u16, u16)) -> FrameConfig {
    FrameConfig {
        app: AppConfig {
            screen,
            theme: Some(theme.into()),
            ..AppConfig::default()
        },
        scene: step.map(|s| s.0),
        step: step.map(|s| s.1),
        width: size.0,
        height: size.1,
        revealed: false,
    }
}

/// A buffer drawn as exports draw it: full colour.
fn drawn(frame: &FrameConfig, palette: &'static Palette) -> Buffer {
    let theme = Theme {
        palette,
        depth: Depth::TrueColor,
    };
    Headless::with_theme(frame, theme)
        .expect("valid frame")
        .buffer()
}

fn non_blank(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The glyphs an SVG writes as text: all but blanks and the drawing
/// characters (box drawing, blocks, braille), which are shapes.
fn typed(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !is_drawn(*c))
        .collect()
}

/// Every `<text>` element of `svg` whose text holds a drawing character.
pub(crate) fn drawn_as_text(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.descendants().filter_map(|d| d.text()).collect::<String>())
        .filter(|t| t.chars().any(is_drawn))
        .collect()
}

/// The text of every run, in document order.
fn svg_text(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("tspan"))
        .filter_map(|n| n.text())
        .collect()
}

/// Every colour `palette` can draw with.
fn palette_colours(palette: &Palette) -> Vec<String> {
    let mut out = vec![hex(palette.foreground), hex(palette.background)];
    for role in Role::iter() {
        let ink = palette.ink(role);
        out.extend(ink.fg.iter().chain(ink.bg.iter()).map(|t| hex(t.rgb)));
    }
    out
}

/// Every `#rrggbb` in a document.
fn colours_in(svg: &str) -> Vec<String> {
    svg.match_indices('#')
        .map(|(i, _)| &svg[i..(i + 7).min(svg.len())])
        .filter(|c| c.len() == 7 && c[1..].chars().all(|d| d.is_ascii_hexdigit()))
        .map(str::to_string)
        .collect()
}

fn frames() -> Vec<FrameConfig> {
    let mut out = Vec::new();
    for palette in PALETTES {
        for size in [(80, 24), (120, 40)] {
            for screen in Screen::iter() {
                out.push(config(screen, palette.name, None, size));
            }
            for step in [(1, 6), (2, 7), (3, 3), (3, 10), (4, 5), (5, 9)] {
                out.push(config(Screen::Lecture, palette.name, Some(step), size));
            }
        }
        // Exports draw whatever present mode draws.
        for screen in [Screen::Lecture, Screen::Lab] {
            let mut presented = config(screen, palette.name, Some((3, 3)), (120, 40));
            presented.app.present = true;
            out.push(presented);
        }
    }
    out
}

fn palette_of(frame: &FrameConfig) -> &'static Palette {
    let name = frame.app.theme.as_deref().unwrap_or("dark");
    PALETTES.iter().find(|p| p.name == name).expect("a palette")
}

#[test]
fn the_svg_holds_every_glyph_of_the_text_frame_in_order() {
    for frame in frames() {
        let palette = palette_of(&frame);
        let buf = drawn(&frame, palette);
        let svg = svg::document(&buf, palette, "t");
        let label = format!("{:?} {:?} {}", frame.app.screen, frame.scene, palette.name);
        assert_eq!(
            svg_text(&svg)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>(),
            typed(&buffer_text(&buf)),
            "{label}"
        );
        // What `render --format svg` writes is the same picture.
        let rendered = crate::ui::export::frame(&frame, Format::Svg).expect("renders");
        assert_eq!(svg_text(&rendered), svg_text(&svg), "{label}");
        assert_eq!(drawn_as_text(&svg), Vec::<String>::new(), "{label}");
        for colour in colours_in(&svg) {
            assert!(
                palette_colours(palette).contains(&colour),
                "{label}: {colour} is not one of the palette's colours"
            );
        }
    }
}

#[test]
fn no_view_sets_a_named_colour() {
    // Exports read named colours as the default, which is only right if
    // views in full colour never set one.
    for frame in frames() {
        let buf = drawn(&frame, palette_of(&frame));
        for cell in &buf.content {
            for colour in [cell.fg, cell.bg] {
                assert!(
                    matches!(colour, Color::Rgb(..) | Color::Reset),
                    "{:?}: {colour:?} at {:?}",
                    frame.app.screen,
                    cell.symbol()
                );
            }
        }
    }
}

#[test]
fn runs_sit_on_the_cell_grid() {
    let frame = config(Screen::Lecture, "light", Some((3, 3)), (120, 40));
    let buf = drawn(&frame, palette_of(&frame));
    let svg = svg::document(&buf, palette_of(&frame), "grid");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let root = doc.root_element();
    let number = |n: roxmltree::Node<'_, '_>, a: &str| -> u32 {
        n.attribute(a)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{a} on {n:?}"))
    };
    assert_eq!(number(root, "width"), 120 * CELL_WIDTH);
    assert_eq!(number(root, "height"), 40 * CELL_HEIGHT);
    // The picture's own units are cells: one wide, two tall.
    assert_eq!(root.attribute("viewBox"), Some("0 0 120 80"));
    for text in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let mut end = 0;
        for span in text.children().filter(|n| n.has_tag_name("tspan")) {
            let (x, len) = (number(span, "x"), number(span, "textLength"));
            let cells = span
                .text()
                .map_or(0, |t| ratatui::text::Span::raw(t).width()) as u32;
            assert_eq!(len, cells, "{:?}", span.text());
            assert!(x >= end && x + len <= 120, "runs overlap");
            end = x + len;
        }
    }
}

fn one_cell_buffer(style: Style, symbol: &str) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
    buf.set_string(1, 0, symbol, style);
    buf
}

#[test]
fn text_attributes_and_backgrounds_are_drawn() {
    let palette = &crate::ui::theme::palettes::DARK;
    let cases = [
        (Style::new().bold(), "font-weight:bold"),
        (Style::new().italic(), "font-style:italic"),
        (Style::new().dim(), "fill-opacity:.6"),
        // Lines under and through text are bars of the text's colour.
        (Style::new().underlined(), "d=\"M1 1.78h1v0.1h-1z\""),
        (Style::new().crossed_out(), "d=\"M1 1.05h1v0.1h-1z\""),
    ];
    for (style, css) in cases {
        let svg = svg::document(&one_cell_buffer(style, "x"), palette, "t");
        assert!(svg.contains(css), "{css}: {svg}");
    }
    let shaded = Style::new()
        .fg(Color::Rgb(1, 2, 3))
        .bg(Color::Rgb(200, 100, 50));
    let svg = svg::document(&one_cell_buffer(shaded, "ab"), palette, "t");
    assert!(
        svg.contains("<path class=\"f1\" d=\"M1 0h2v2h-2z\"/>"),
        "{svg}"
    );
    assert!(svg.contains(".f1{fill:#c86432}"), "{svg}");
    assert!(svg.contains("fill:#010203"));
    // Reversed: the palette's own colours swap.
    let svg = svg::document(&one_cell_buffer(Style::new().reversed(), "r"), palette, "t");
    assert!(
        svg.contains(&format!(".f1{{fill:{}}}", hex(palette.foreground))),
        "{svg}"
    );
    assert!(
        svg.contains(&format!(".t0{{fill:{}}}", hex(palette.background))),
        "{svg}"
    );
}

#[test]
fn wide_glyphs_take_two_cells_and_markup_is_escaped() {
    let palette = &crate::ui::theme::palettes::LIGHT;
    let mut buf = Buffer::empty(Rect::new(0, 0, 10, 1));
    buf.set_string(0, 0, "a日b<&>", Style::new());
    let svg = svg::document(&buf, palette, "<title & more>");
    assert_eq!(svg_text(&svg), "a日b<&>");
    assert!(svg.contains("<tspan x=\"1\" textLength=\"2\""), "{svg}");
    assert!(svg.contains("<tspan x=\"3\" textLength=\"4\""), "{svg}");
    let doc = roxmltree::Document::parse(&svg).expect("XML");
    let title = doc.descendants().find(|n| n.has_tag_name("title"));
    assert_eq!(title.and_then(|t| t.text()), Some("<title & more>"));
}

#[test]
fn the_html_frame_is_self_contained() {
    let frame = config(Screen::Lab, "dark", None, (100, 30));
    let page = crate::ui::export::frame(&frame, Format::Html).expect("renders");
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["<script", "<link", "src=", "url(", "@import", "https:"] {
        assert!(!page.contains(outside), "{outside}");
    }
    let start = page.find("<svg").expect("an svg");
    let end = page.rfind("</svg>").expect("its end") + "</svg>".len();
    let svg = &page[start..end];
    let text = frame_text(&frame);
    assert_eq!(non_blank(&svg_text(svg)), typed(&text));
    assert_eq!(drawn_as_text(svg), Vec::<String>::new());
    assert!(page.contains("html{background:var(--bg)"));
}

fn frame_text(frame: &FrameConfig) -> String {
    crate::ui::render_text(frame).expect("renders")
}

#[test]
fn ansi_keeps_the_glyphs_and_adds_only_codes() {
    for screen in Screen::iter() {
        let f = config(screen, "light", None, (100, 30));
        let ansi = frame(&f, Format::Ansi).expect("renders");
        assert!(ansi.contains("\u{1b}["), "{screen:?} has colour codes");
        let stripped = strip_codes(&ansi);
        let text = frame_text(&f);
        for (a, t) in stripped.lines().zip(text.lines()) {
            // Light paints every cell, so ANSI keeps the painted blanks.
            assert_eq!(a.trim_end(), t, "{screen:?}");
        }
        assert_eq!(stripped.lines().count(), text.lines().count());
    }
}

/// Text with every `ESC [ ... m` code removed.
fn strip_codes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
