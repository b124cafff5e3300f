//! Frames leaving the app: as ANSI text for a terminal, as SVG for slides,
//! as a self-contained HTML page, the whole lecture as one HTML handout or
//! a folder of SVGs, and the `e` key's snapshot of the screen on show.
//!
//! Every export draws through the app itself ([`crate::ui::Headless`]), so
//! it shows exactly what the app shows at that size. SVG and HTML take
//! their colours from the palette as 24-bit RGB whatever the terminal
//! supports; ANSI keeps the colour depth the frame was drawn with, which
//! is what the app would use in the same terminal.
//!
//! - [`cells`]: a drawn buffer read back as glyphs and concrete colours;
//! - [`svg`], [`html`], [`ansi`]: one frame in each format;
//! - [`lecture`] and [`handout`]: every step of a lecture, and the page;
//! - [`files`]: writing without half-written files; [`from_app`]: the `e` key.

pub(crate) mod ansi;
pub(crate) mod cells;
pub(crate) mod files;
pub(crate) mod from_app;
pub(crate) mod handout;
pub(crate) mod html;
pub(crate) mod lecture;
pub(crate) mod markup;
pub(crate) mod svg;

pub(crate) use files::{WriteError, write_into, write_replacing};

use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::{Depth, Theme};

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

/// The theme an SVG or HTML export is drawn in: the palette the app would
/// use, at full colour depth.
fn full_colour(app: &AppConfig) -> Theme {
    let chosen = app
        .theme
        .as_deref()
        .and_then(Theme::named)
        .unwrap_or_else(Theme::from_env);
    Theme {
        depth: Depth::TrueColor,
        ..chosen
    }
}

/// What a picture of `frame` is called: the screen, and on the lecture the
/// step as the progress line writes it.
fn title(frame: &FrameConfig) -> String {
    let screen = frame.app.screen;
    match screen {
        Screen::Lecture => format!(
            "bloomlab · {} {}.{}",
            screen.title(),
            frame.scene.unwrap_or(1),
            frame.step.unwrap_or(1)
        ),
        Screen::Lab | Screen::Sandbox | Screen::Sizing => format!("bloomlab · {}", screen.title()),
    }
}

/// One frame, as `bloomlab render --format` writes it.
pub(crate) fn frame(frame: &FrameConfig, format: Format) -> Result<String, UiError> {
    match format {
        Format::Text => crate::ui::render_text(frame),
        Format::Ansi => Headless::new(frame).map(|h| ansi::document(&h.buffer())),
        Format::Svg | Format::Html => {
            let theme = full_colour(&frame.app);
            let buf = Headless::with_theme(frame, theme)?.buffer();
            let name = title(frame);
            Ok(if format == Format::Svg {
                svg::document(&buf, theme.palette, &name)
            } else {
                html::document(&buf, theme.palette, &name)
            })
        }
    }
}

/// The whole lecture as one HTML page (`render --all --format html`).
pub(crate) fn lecture_page(frame: &FrameConfig) -> Result<String, UiError> {
    let theme = full_colour(&frame.app);
    let steps = lecture::all_steps(frame, theme)?;
    let name = match frame.app.script.as_deref().and_then(|p| p.file_name()) {
        Some(file) => format!("bloomlab lecture: {}", file.to_string_lossy()),
        None => "bloomlab lecture".to_string(),
    };
    Ok(handout::document(&name, &steps, theme.palette))
}

/// Every step of the lecture as an SVG, with its file name (`3-04.svg`),
/// in lecture order (`render --all --format svg --out DIR`).
pub(crate) fn lecture_pictures(frame: &FrameConfig) -> Result<Vec<(String, String)>, UiError> {
    let theme = full_colour(&frame.app);
    let steps = lecture::all_steps(frame, theme)?;
    Ok(steps
        .iter()
        .map(|s| {
            let name = format!("bloomlab · Lecture {}", s.id());
            (
                s.file_name("svg"),
                svg::document(&s.buffer, theme.palette, &name),
            )
        })
        .collect())
}
