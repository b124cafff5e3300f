//! What the app is asked to open on, as plain data: the command line fills
//! it in, the app reads it. Nothing here knows about argument parsing.

use std::path::PathBuf;

use crate::ui::screen::Screen;

/// Where the app opens and with which settings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AppConfig {
    /// The screen to open on.
    pub screen: Screen,
    /// The lab's m, when given.
    pub m: Option<u64>,
    /// The lab's n, when given.
    pub n: Option<u64>,
    /// The lab's k, when given.
    pub k: Option<u32>,
    /// A teacher's lecture script instead of the built-in one.
    pub script: Option<PathBuf>,
    /// A palette by name (see [`crate::ui::theme_names`]); `None` takes
    /// `mono` under `NO_COLOR` and `dark` otherwise.
    pub theme: Option<String>,
    /// Open in present mode: no chrome, large type, for a projector.
    pub present: bool,
    /// Where the `e` key saves the frame on show; `None` is the current
    /// directory.
    pub export_dir: Option<PathBuf>,
    /// Open the lecture at this scene and step (both from 1).
    pub start_at: Option<(u32, u32)>,
    /// Step the lecture on by itself every this many seconds (`a` toggles).
    pub autoplay: Option<u64>,
    /// The speaker view's session: two talks at once use two names
    /// (`None`: the one session every user has).
    pub session: Option<String>,
    /// The lesson notes file (`None`: notes last for this run only).
    pub notes_file: Option<PathBuf>,
}

/// One frame drawn off-screen, as `bloomlab render` asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameConfig {
    /// The app's state.
    pub app: AppConfig,
    /// Lecture scene, from 1 (the first when only a step is given).
    pub scene: Option<u32>,
    /// Step within the scene, from 1 (the first when only a scene is given).
    pub step: Option<u32>,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Draw a predict step revealed (steps without a prediction are the same).
    pub revealed: bool,
}
