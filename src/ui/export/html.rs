//! One frame as a self-contained HTML page: the frame's SVG inline, its
//! style sheet inline, no script, nothing fetched.

use ratatui::buffer::Buffer;

use super::cells::hex;
use super::figure::Figure;
use super::markup::escape;
use super::svg::{self, BASE_CSS, Classes};
use crate::ui::theme::Palette;

/// The head of every page bloomlab writes: character set, title, and the
/// style sheet `css` inline.
pub(crate) fn head(title: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"bloomlab {}\">\n<title>{}</title>\n\
         <style>\n{css}</style>\n</head>\n",
        env!("CARGO_PKG_VERSION"),
        escape(title)
    )
}

/// The page's colours: the palette's, so the margin around a frame matches it.
pub(crate) fn colours_css(palette: &Palette) -> String {
    format!(
        ":root{{--bg:{};--fg:{}}}\nhtml{{background:var(--bg);color:var(--fg)}}\n",
        hex(palette.background),
        hex(palette.foreground)
    )
}

/// `buf` as an HTML page in `palette`'s colours.
pub(crate) fn document(buf: &Buffer, palette: &Palette, title: &str) -> String {
    let mut classes = Classes::default();
    let frame = svg::element(&Figure::new((buf, palette), None), title, &mut classes);
    let css = format!(
        "{}body{{margin:0;padding:1rem}}\n\
         svg.frame{{display:block;max-width:100%;height:auto}}\n{BASE_CSS}{}",
        colours_css(palette),
        classes.css()
    );
    format!(
        "{}<body>\n<main>\n{frame}</main>\n</body>\n</html>\n",
        head(title, &css)
    )
}
