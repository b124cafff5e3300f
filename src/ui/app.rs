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

    /// The app as `config` asks for it; out-of-range settings and a
    /// broken script are errors naming the value and what is allowed.
    pub fn from_config(config: &AppConfig, theme: Theme) -> Result<Self, UiError> {
        let theme = match &config.theme {
            Some(name) => Theme::named(name).ok_or_else(|| UiError::UnknownTheme {
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

    /// True while the screen on show waits for a figure from the worker
    /// lanes: the questions `Jobs::dispatch` asks before
    /// it requests work. The terminal loop looks for arrivals while this
    /// holds and otherwise sleeps until input.
    pub fn computing(&self) -> bool {
        match self.screen {
            Screen::Lab => {
                let (lab, results) = (&self.lab, &self.lab.results);
                let key = lab.rate_key();
                !results.exact.is_fresh(&key)
                    || !results.truth.is_fresh(&key)
                    || !results.best.is_fresh(&lab.best_key())
                    || !results.measurement_done(&lab.measure_key())
                    || !results.mn_curve.is_fresh(&lab.curve_key())
            }
            Screen::Sizing => crate::ui::sizing::state::figures(&self.sizing)
                .is_ok_and(|f| !self.sizing.exact.is_fresh(&f.key())),
            Screen::Lecture | Screen::Sandbox => false,
        }
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
