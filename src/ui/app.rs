//! The one state of the app. Views read it; only [`crate::ui::update`] changes it.

use crate::cli::CliError;
use crate::cli::args::{AppArgs, ScreenName};
use crate::ui::lab::state::LabState;
use crate::ui::lecture_tab::LectureTab;
use crate::ui::sandbox::state::SandboxState;
use crate::ui::sizing::state::SizingState;
use crate::ui::theme::Theme;

/// The four screens, in tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The lecture scenes.
    Lecture,
    /// m, n, k sliders and rates.
    Lab,
    /// The lesson's live filter.
    Sandbox,
    /// n and p in, m, bytes and k out.
    Sizing,
}

impl Screen {
    /// Every screen in tab order.
    pub const ALL: [Screen; 4] = [
        Screen::Lecture,
        Screen::Lab,
        Screen::Sandbox,
        Screen::Sizing,
    ];

    /// The tab label.
    pub fn title(self) -> &'static str {
        match self {
            Screen::Lecture => "Lecture",
            Screen::Lab => "Lab",
            Screen::Sandbox => "Sandbox",
            Screen::Sizing => "Sizing",
        }
    }

    fn index(self) -> usize {
        Screen::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    /// The next tab, wrapping round.
    pub fn next(self) -> Screen {
        Screen::ALL[(self.index() + 1) % Screen::ALL.len()]
    }

    /// The previous tab, wrapping round.
    pub fn prev(self) -> Screen {
        Screen::ALL[(self.index() + Screen::ALL.len() - 1) % Screen::ALL.len()]
    }
}

impl From<ScreenName> for Screen {
    fn from(name: ScreenName) -> Self {
        match name {
            ScreenName::Lecture => Screen::Lecture,
            ScreenName::Lab => Screen::Lab,
            ScreenName::Sandbox => Screen::Sandbox,
            ScreenName::Sizing => Screen::Sizing,
        }
    }
}

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
    /// Lecture position.
    pub lecture: LectureTab,
    /// Lab settings and results.
    pub lab: LabState,
    /// Sandbox filter and history.
    pub sandbox: SandboxState,
    /// Sizing inputs and results.
    pub sizing: SizingState,
}

/// Reads a teacher's lecture script; a broken script is a usage error
/// pointing at the file, line and column.
pub fn load_script(path: &std::path::Path) -> Result<crate::lecture::Lecture, CliError> {
    crate::lecture::Lecture::from_file(path).map_err(|e| CliError::Usage(e.to_string()))
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
            lecture: LectureTab::new(),
            lab: LabState::default(),
            sandbox: SandboxState::new(),
            sizing: SizingState::new(),
        }
    }

    /// The app as `bloomlab [--screen S] [--m M --n N --k K]` asks for it;
    /// out-of-range settings are a usage error naming the value and range.
    pub fn from_args(args: &AppArgs, theme: Theme) -> Result<Self, CliError> {
        let screen = args.screen.map_or(Screen::Lecture, Screen::from);
        let mut app = App::new(screen, theme);
        app.lab.apply_settings(args.m, args.n, args.k)?;
        if let Some(path) = &args.script {
            app.lecture = LectureTab::with(load_script(path)?);
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
