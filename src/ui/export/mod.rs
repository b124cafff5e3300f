//! Frames leaving the app: as ANSI text for a terminal, as SVG for slides,
//! as a self-contained HTML page, the whole lecture as a handout (one HTML
//! page that steps on screen and prints, or a PDF) or a folder of SVGs,
//! and the `e` key's snapshot of the screen on show.
//!
//! Every export draws through the app itself ([`crate::ui::Headless`], or
//! for a handout the lecture's boards alone), so it shows exactly what the
//! app shows. SVG, HTML and PDF take their colours from the palette as
//! 24-bit RGB whatever the terminal supports, and draw the terminal's
//! drawing characters as shapes; ANSI keeps the colour depth the frame was
//! drawn with, which is what the app would use in the same terminal.
//!
//! - [`draw`]: frames and the lecture drawn for the command line;
//! - [`cells`]: a drawn buffer read back as glyphs and concrete colours;
//! - [`shapes`] and [`figure`]: box drawing, blocks and braille as vector
//!   shapes, and a buffer as shapes plus text, for SVG and PDF alike;
//! - [`svg`], [`html`], [`ansi`]: one frame in each format;
//! - [`lecture`]: every step's frame, for the folder of SVGs;
//! - [`printed`]: the lecture as a handout holds it; [`handout`] writes it
//!   as HTML, [`pdf`] as PDF; [`cast`]: the lecture as an asciinema
//!   recording;
//! - [`files`]: writing without half-written files or replaced links and
//!   devices; [`names`]: what the files are called; [`from_app`]: the `e`
//!   key.

pub(crate) mod ansi;
pub(crate) mod cast;
pub(crate) mod cells;
pub(crate) mod draw;
pub(crate) mod figure;
pub(crate) mod files;
pub(crate) mod from_app;
pub(crate) mod handout;
pub(crate) mod html;
pub(crate) mod lecture;
pub(crate) mod markup;
pub(crate) mod names;
pub(crate) mod pdf;
pub(crate) mod printed;
pub(crate) mod shapes;
pub(crate) mod svg;

pub(crate) use draw::{frame, lecture_cast, lecture_page, lecture_pdf, lecture_pictures};
pub(crate) use files::{WriteError, check_file, shown as shown_path, write_into, write_replacing};
pub(crate) use pdf::Paper;

/// What a frame is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// Plain text, one line per row (what `render` always printed).
    Text,
    /// Text with ANSI colour codes, for a terminal.
    Ansi,
    /// A standalone SVG picture.
    Svg,
    /// A self-contained HTML page holding the SVG.
    Html,
}
