//! Every step of a lecture drawn as its own frame, each exactly what
//! `bloomlab render --scene S --step T` draws, with what a handout needs
//! beside it: the scene's title and the step's narration.

use ratatui::buffer::Buffer;

use super::names::step_name;

use crate::ui::app::App;
use crate::ui::config::FrameConfig;
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
    /// The scene's title.
    pub scene_title: String,
    /// The step's narration, one string per paragraph.
    pub narration: Vec<String>,
    /// The frame.
    pub buffer: Buffer,
}

impl StepFrame {
    /// The step as the progress line writes it, `3.4`; also its anchor on
    /// the handout page.
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

/// Every step of the lecture `frame` names (its script, or the built-in
/// one), on the lecture screen, at the frame's size and in `theme`. The
/// screen, scene and step of `frame` are ignored: all of them are drawn.
pub(crate) fn all_steps(frame: &FrameConfig, theme: Theme) -> Result<Vec<StepFrame>, UiError> {
    let mut config = frame.clone();
    config.app.screen = Screen::Lecture;
    // The lecture exactly as the app loads it, for its shape and narration.
    let lecture = App::from_config(&config.app, theme)?
        .screens
        .lecture
        .lecture;
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
            scene_title: lecture.scene_title(scene).to_string(),
            narration: lecture.step_board(global).narration.clone(),
            buffer: drawn.buffer(),
        });
    }
    Ok(out)
}
