//! Frames and the whole lecture drawn through the app for the command line
//! (`bloomlab render --format`, `--all`), in the format asked for.

use super::{Format, ansi, handout, html, lecture, svg};
use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::{Depth, Theme};

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
        _ => {
            format!("bloomlab · {}", screen.title())
        }
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
