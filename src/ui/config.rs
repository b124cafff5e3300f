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
    /// A built-in lecture by name (see [`crate::lecture::LECTURES`]);
    /// `None` is the first, the five-scene lecture.
    pub lecture: Option<String>,
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
    /// The talk's length in minutes: the speaker view counts down from it
    /// and shares it among the scenes (`None`: no countdown).
    pub minutes: Option<u32>,
    /// The keys the app answers to: with [`KeyScheme::Clicker`] a
    /// presenter's remote is read outside present mode too.
    pub keys: KeyScheme,
    /// Plain mode: every screen said as lines of text, for a screen reader
    /// or a pipe (`--plain`, or the config file's `plain = true`).
    pub plain: bool,
    /// What was wrong with the config file, one line each, shown on the
    /// bottom line as the app opens (the app starts all the same).
    pub warnings: Vec<String>,
}

/// What the speaker view (`bloomlab speaker`) is asked to do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SpeakerConfig {
    /// The presenting app's session (`None`: the default one).
    pub session: Option<String>,
    /// The talk's length from the speaker's own `--minutes`: it wins over
    /// the length the app was given.
    pub own_minutes: Option<u32>,
    /// The talk's length from the config file: used when neither the
    /// speaker's flag nor the app gives one.
    pub file_minutes: Option<u32>,
    /// Where `N` writes lesson notes (`None`: it cannot).
    pub notes_file: Option<PathBuf>,
    /// What was wrong with the config file, shown as the view opens.
    pub warnings: Vec<String>,
}

/// Which keys the app answers to: its own, or also those a presenter's
/// remote sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeyScheme {
    /// The app's own keys.
    #[default]
    Default,
    /// The keys a presenter's remote (a clicker) sends as well.
    Clicker,
}

impl KeyScheme {
    /// Every scheme, in the order the config file lists them.
    pub const ALL: [KeyScheme; 2] = [KeyScheme::Default, KeyScheme::Clicker];

    /// The scheme's name, as the config file writes it.
    pub fn name(self) -> &'static str {
        match self {
            KeyScheme::Default => "default",
            KeyScheme::Clicker => "clicker",
        }
    }

    /// The scheme called `name`, if there is one.
    pub fn named(name: &str) -> Option<KeyScheme> {
        KeyScheme::ALL.into_iter().find(|k| k.name() == name)
    }
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

impl FrameConfig {
    /// `screen` at m, n and k, drawn `width` by `height`, with everything
    /// else as the app starts (the lecture at its first step).
    ///
    /// ```
    /// use bloomlab::ui::{FrameConfig, Screen};
    /// let frame = FrameConfig::screen_at(Screen::Lab, (1000, 100, 7), 120, 40);
    /// assert_eq!(frame.app.m, Some(1000));
    /// ```
    pub fn screen_at(screen: Screen, (m, n, k): (u64, u64, u32), width: u16, height: u16) -> Self {
        FrameConfig {
            app: AppConfig {
                screen,
                m: Some(m),
                n: Some(n),
                k: Some(k),
                ..AppConfig::default()
            },
            scene: None,
            step: None,
            width,
            height,
            revealed: false,
        }
    }
}
