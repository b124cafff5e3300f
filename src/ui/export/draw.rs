//! Frames and the whole lecture drawn through the app for the command line
//! (`bloomlab render --format`, `--all`), in the format asked for.

use super::pdf::{self, Paper};
use super::{Format, ansi, cast, handout, html, lecture, printed, svg};
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

/// The theme a printed handout is drawn in: the one `--theme` names, or
/// light (dark ink on white) whatever the screen shows.
fn on_paper(app: &AppConfig) -> Theme {
    let chosen = app
        .theme
        .as_deref()
        .and_then(Theme::named)
        .unwrap_or_else(|| Theme::new(&crate::ui::theme::palettes::LIGHT));
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

/// The whole lecture as one HTML page (`render --all --format html`): on
/// screen in the theme the app would use, on paper light unless a theme
/// was named.
pub(crate) fn lecture_page(frame: &FrameConfig) -> Result<String, UiError> {
    let screen = full_colour(&frame.app);
    let paper = on_paper(&frame.app);
    let print = (paper.palette.name != screen.palette.name).then_some(paper);
    let handout = printed::handout(frame, screen, print)?;
    Ok(handout::document(&handout, screen.palette, paper.palette))
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

/// The whole lecture as a PDF handout on `paper` (`render --all --format
/// pdf`), light unless the frame's theme was named.
pub(crate) fn lecture_pdf(frame: &FrameConfig, paper: Paper) -> Result<Vec<u8>, UiError> {
    let theme = on_paper(&frame.app);
    let handout = printed::handout(frame, theme, None)?;
    pdf::document(&handout, theme.palette, paper)
}

/// The whole lecture as an asciinema recording (`render --format cast`),
/// in the theme the app would use, each frame held `step_seconds`.
pub(crate) fn lecture_cast(frame: &FrameConfig, step_seconds: u64) -> Result<String, UiError> {
    cast::recording(frame, full_colour(&frame.app), step_seconds)
}
