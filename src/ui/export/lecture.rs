//! Every step of a lecture drawn as its own frame, each exactly what
//! `bloomlab render --scene S --step T` draws (`render --all --format svg`:
//! the frames as slides, chrome and all; the handouts draw the boards
//! alone, see [`super::printed`]).

use ratatui::buffer::Buffer;

use super::names::step_name;

use crate::lecture::Lecture;
use crate::ui::app::App;
use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::error::UiError;
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;

/// One step of the lecture, drawn.
#[derive(Debug, Clone)]
pub(crate) struct StepFrame {
    /// Scene, from 1.
    pub scene: usize,
    /// Step within the scene, from 1.
    pub step: usize,
    /// Steps in this scene.
    pub steps: usize,
    /// The frame.
    pub buffer: Buffer,
}

impl StepFrame {
    /// The step as the progress line writes it, `3.4`.
    pub(crate) fn id(&self) -> String {
        format!("{}.{}", self.scene, self.step)
    }

    /// A file name for the step, `3-04.svg` (see [`step_name`]).
    pub(crate) fn file_name(&self, extension: &str) -> String {
        format!(
            "{}.{extension}",
            step_name(self.scene, self.step, self.steps)
        )
    }
}

/// The lecture `app` names (its script, or the built-in one), exactly as
/// the app loads it.
pub(crate) fn loaded(app: &AppConfig, theme: Theme) -> Result<Lecture, UiError> {
    Ok(App::from_config(app, theme)?.screens.lecture.lecture)
}

/// Every step of the lecture `frame` names (its script, or the built-in
/// one), on the lecture screen, at the frame's size and in `theme`. The
/// screen, scene and step of `frame` are ignored: all of them are drawn.
pub(crate) fn all_steps(frame: &FrameConfig, theme: Theme) -> Result<Vec<StepFrame>, UiError> {
    let mut config = frame.clone();
    config.app.screen = Screen::Lecture;
    let lecture = loaded(&config.app, theme)?;
    let mut out = Vec::with_capacity(lecture.len());
    for global in 0..lecture.len() {
        let (scene, step) = lecture.locate(global);
        config.scene = u32::try_from(scene + 1).ok();
        config.step = u32::try_from(step + 1).ok();
        let drawn = Headless::with_theme(&config, theme)?;
        out.push(StepFrame {
            scene: scene + 1,
            step: step + 1,
            steps: lecture.scene_len(scene),
            buffer: drawn.buffer(),
        });
    }
    Ok(out)
}
