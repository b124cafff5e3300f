//! The one state of the app. Views read it; only [`crate::ui::update`] changes it.

use crate::ui::config::AppConfig;
use crate::ui::error::UiError;
use crate::ui::lab::state::LabState;
use crate::ui::lecture::tab::LectureTab;
use crate::ui::sandbox::state::SandboxState;
use crate::ui::screen::Screen;
use crate::ui::sizing::state::SizingState;
use crate::ui::theme::Theme;

/// Everything the app knows.
#[derive(Debug)]
pub struct App {
    /// The screen on show.
    pub screen: Screen,
    /// True while the `?` overlay is open.
    pub show_help: bool,
    /// Set when the user asked to leave.
    pub quit: bool,
    /// The last known terminal size (columns, rows), for mouse hit tests.
    pub size: (u16, u16),
    /// Styles (monochrome under `NO_COLOR`).
    pub theme: Theme,
    /// Present mode: no chrome, large type, for a projector.
    pub present: bool,
    /// Lecture position.
    pub lecture: LectureTab,
    /// Lab settings and results.
    pub lab: LabState,
    /// Sandbox filter and history.
    pub sandbox: SandboxState,
    /// Sizing inputs and results.
    pub sizing: SizingState,
}

impl App {
    /// A fresh app on `screen` with the lab's default settings.
    pub fn new(screen: Screen, theme: Theme) -> Self {
        App {
            screen,
            show_help: false,
            quit: false,
            size: (80, 24),
            theme,
            present: false,
            lecture: LectureTab::new(),
            lab: LabState::default(),
            sandbox: SandboxState::new(),
            sizing: SizingState::new(),
        }
    }

    /// The app as `config` asks for it, with `theme` as the palette when
    /// the configuration names none; out-of-range settings and a broken
    /// script are errors naming the value and what is allowed.
    pub fn from_config(config: &AppConfig, theme: Theme) -> Result<Self, UiError> {
        // A palette named in the configuration replaces the one given, at
        // the colour depth given (exports ask for full colour this way).
        let theme = match &config.theme {
            Some(name) => Theme::named(name)
                .map(|named| Theme {
                    depth: theme.depth,
                    ..named
                })
                .ok_or_else(|| UiError::UnknownTheme {
                    name: name.clone(),
                    known: crate::ui::theme_names(),
                })?,
            None => theme,
        };
        let mut app = App::new(config.screen, theme);
        app.present = config.present;
        app.lab.apply_settings(config.m, config.n, config.k)?;
        if let Some(path) = &config.script {
            let lecture = crate::lecture::Lecture::from_file(path)
                .map_err(crate::lecture::LectureError::from)?;
            app.lecture = LectureTab::with(lecture);
        }
        Ok(app)
    }

    /// True when a text field has focus, so letters type instead of acting.
    pub fn typing(&self) -> bool {
        match self.screen {
            Screen::Lecture => false,
            Screen::Lab => self.lab.editing.is_some(),
            Screen::Sandbox => self.sandbox.focus.is_some(),
            Screen::Sizing => self.sizing.editing,
        }
    }
}
