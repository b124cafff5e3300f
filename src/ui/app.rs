//! The one state of the app. Views read it; only [`crate::ui::update`] changes it.

use std::path::PathBuf;
use std::time::Instant;

use crate::ui::clock::Clock;
use crate::ui::config::AppConfig;
use crate::ui::error::UiError;
use crate::ui::lecture::tab::LectureTab;
use crate::ui::notes_panel::NotesPanel;
use crate::ui::screen::{AppScreen, Screen, Screens, ViewCx};
use crate::ui::status::Status;
use crate::ui::theme::Theme;

/// Everything the app knows.
#[derive(Debug)]
pub struct App {
    /// The screen on show.
    pub(crate) screen: Screen,
    /// True while the `?` overlay is open.
    pub(crate) show_help: bool,
    /// The overlay shows the screen's second page (the lab's: what its
    /// numbers mean) instead of the keys.
    pub(crate) help_second_page: bool,
    /// Set when the user asked to leave.
    pub(crate) quit: bool,
    /// The last known terminal size (columns, rows), for mouse hit tests.
    pub(crate) size: (u16, u16),
    /// Styles (monochrome under `NO_COLOR`).
    pub(crate) theme: Theme,
    /// Present mode: no chrome, large type, for a projector.
    pub(crate) present: bool,
    /// Every screen's own state, the one on show among them.
    pub(crate) screens: Screens,
    /// Where the `e` key saves the frame; `None` saves nothing (an app
    /// made without a configuration, as in tests, never writes files).
    pub(crate) export_dir: Option<PathBuf>,
    /// The outcome of the last export, shown on the bottom line until the
    /// next key.
    pub(crate) status: Option<Status>,
    /// The talk's clock: elapsed time, the timer, autoplay.
    pub(crate) clock: Clock,
    /// The speaker view's session (`None`: the default one).
    pub(crate) session: Option<String>,
    /// The teacher's script as an absolute path (`None`: the built-in
    /// lecture), so the speaker view can load it and draw the next step.
    pub(crate) script: Option<PathBuf>,
    /// The built-in lecture by name when it is not the default one, sent
    /// to the speaker view for the same reason as `script`.
    pub(crate) lecture: Option<String>,
    /// The lesson notes panel.
    pub(crate) notes: NotesPanel,
    /// The config file asked for the clicker's keys outside present mode
    /// too (`keys = "clicker"`).
    pub(crate) clicker_keys: bool,
    /// The screen is blanked (`b` or `.` with the clicker's keys): nothing
    /// but the theme's background until the next key.
    pub(crate) blank: bool,
    /// `q` was pressed once with the clicker's keys: a second `q` quits,
    /// anything else forgets it.
    pub(crate) quit_asked: bool,
}

impl App {
    /// A fresh app on `screen` with the lab's default settings.
    pub fn new(screen: Screen, theme: Theme) -> Self {
        App {
            screen,
            show_help: false,
            help_second_page: false,
            quit: false,
            size: (80, 24),
            theme,
            present: false,
            screens: Screens::default(),
            export_dir: None,
            status: None,
            clock: Clock::new(Instant::now()),
            session: None,
            script: None,
            lecture: None,
            notes: NotesPanel::default(),
            clicker_keys: false,
            blank: false,
            quit_asked: false,
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
        app.clicker_keys = config.keys == crate::ui::config::KeyScheme::Clicker;
        app.session.clone_from(&config.session);
        app.notes = NotesPanel::at(config.notes_file.clone());
        // Each app draws its own variants of exercise 5, so a class does
        // not share one answer; the variant's seed is on screen.
        app.screens.practice.next_seed = crate::practice::lookup::next_seed(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs() ^ u64::from(std::process::id())),
        );
        app.export_dir = Some(config.export_dir.clone().unwrap_or_else(|| ".".into()));
        app.screens
            .lab
            .apply_settings(config.m, config.n, config.k)?;
        if let Some(path) = &config.script {
            let lecture = crate::lecture::Lecture::from_file(path)
                .map_err(crate::lecture::LectureError::from)?;
            app.screens.lecture = LectureTab::with(lecture);
        } else if let Some(name) = &config.lecture {
            let lecture = crate::lecture::Lecture::named(name)
                .ok_or_else(|| UiError::UnknownLecture { name: name.clone() })?;
            app.screens.lecture = LectureTab::with(lecture);
            app.lecture = Some(name.clone());
        }
        if let Some((scene, step)) = config.start_at {
            let tab = &mut app.screens.lecture;
            tab.step = tab
                .lecture
                .step_index(scene, step)
                .map_err(|e| UiError::StartAt {
                    value: format!("{scene}.{step}"),
                    why: e.to_string(),
                })?;
            app.clock.follow_scene(tab.scene());
        }
        // The speaker's side of the talk: its length, the script to draw
        // the next step from, and anything the config file got wrong.
        app.clock.length = config
            .minutes
            .map(|m| std::time::Duration::from_secs(u64::from(m) * 60));
        app.script = config
            .script
            .as_ref()
            .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()));
        if let Some(first) = config.warnings.first() {
            let more = match config.warnings.len() - 1 {
                0 => String::new(),
                n => format!(" (and {n} more: bloomlab config show lists them)"),
            };
            app.status = Some(Status::failed(format!("{first}{more}")));
        }
        if let Some(seconds) = config.autoplay {
            app.clock.interval = std::time::Duration::from_secs(seconds);
            app.clock.toggle_autoplay();
        }
        Ok(app)
    }

    /// The screen on show.
    pub(crate) fn on_show(&self) -> &dyn AppScreen {
        self.screens.get(self.screen)
    }

    /// What the screen on show's view may read besides its own state.
    pub(crate) fn view_cx(&self) -> ViewCx<'_> {
        ViewCx {
            theme: &self.theme,
            present: self.present,
            clock: &self.clock,
            title: self.screen.title(),
            layout: None,
        }
    }

    /// True when the `?` overlay is on the screen's first page and the
    /// screen has a second one (`?` turns to it).
    pub(crate) fn help_has_next_page(&self) -> bool {
        !self.help_second_page && self.on_show().second_help().is_some()
    }

    /// True when the keys a presenter's remote sends are read: in present
    /// mode, and always with `keys = "clicker"` in the config file.
    pub(crate) fn clicker(&self) -> bool {
        self.present || self.clicker_keys
    }

    /// True when a message the user can close with Esc is on show.
    pub(crate) fn has_message(&self) -> bool {
        self.on_show().has_message()
    }

    /// True while the screen on show waits for a figure from the worker
    /// lanes: the questions `Jobs::dispatch` asks before it requests work.
    /// The terminal loop looks for arrivals while this holds and otherwise
    /// sleeps until input.
    pub(crate) fn computing(&self) -> bool {
        self.on_show().computing()
    }

    /// True when a text field has focus, so letters type instead of acting:
    /// the notes panel's while it is open, else the screen on show's.
    pub fn typing(&self) -> bool {
        if self.notes.open {
            return self.notes.adding.is_some();
        }
        self.on_show().focused_field().is_some()
    }
}
