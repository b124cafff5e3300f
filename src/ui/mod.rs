//! The terminal application, the only module that names ratatui or
//! crossterm. One `App` state; keys and mouse become actions in
//! a pure function (`keymap`); `update` is the one place state changes
//! (user actions, results from the worker lanes, pastes); views only read.
//!
//! What lives where:
//! - the state: `app`, `status` (the bottom line's message), `config`
//!   (what the command line asks for),
//!   `screen` (the registry of screens and the traits each implements),
//!   and one folder per screen: `lecture`, `lab`, `sandbox`, `sizing`,
//!   `practice`, `compare`, each with its state, actions, key table and views;
//! - input to state: `input` (our own terminal reader and parser, the
//!   signals), `keymap`, `action`, `update`, `text_field`;
//! - state to frame: `view` (tabs, footer, help overlay), `theme`
//!   (palettes as data, styles by role), `bit_row`, `slider`, `big` (big
//!   letters), `help` (key tables as data, and the keys of every screen);
//! - work off the UI thread: `jobs` keeps the `worker` lanes each screen
//!   asks for its figures;
//! - frames without a terminal: `headless`, `render` (text),
//!   `export` (ANSI, SVG, HTML and the lecture handout);
//! - the app without frames: `plain` (plain mode, each screen in
//!   sentences for a screen reader or a pipe);
//! - the loop itself: `runtime`.
//!
//! Entry points for the command line: [`run_app`], [`render_text`],
//! [`Headless`], configured by [`AppConfig`] and [`FrameConfig`].

pub(crate) mod action;
pub(crate) mod app;
pub(crate) mod big;
pub(crate) mod bit_row;
pub(crate) mod chart;
pub(crate) mod clock;
pub(crate) mod compare;
pub(crate) mod computed;
pub(crate) mod config;
pub(crate) mod error;
pub(crate) mod export;
pub(crate) mod format;
pub(crate) mod headless;
pub(crate) mod help;
pub(crate) mod input;
pub(crate) mod jobs;
pub(crate) mod keymap;
pub(crate) mod lab;
pub(crate) mod layout;
pub(crate) mod lecture;
pub(crate) mod link;
pub(crate) mod narrow_digits;
pub(crate) mod notes_panel;
pub(crate) mod numbers;
pub(crate) mod paint;
pub(crate) mod plain;
pub(crate) mod practice;
pub(crate) mod present;
pub(crate) mod render;
pub(crate) mod runtime;
pub(crate) mod sandbox;
pub(crate) mod screen;
pub(crate) mod sizing;
pub(crate) mod slider;
pub(crate) mod speaker;
pub(crate) mod status;
pub(crate) mod text_field;
pub(crate) mod theme;
pub(crate) mod update;
pub(crate) mod view;
pub(crate) mod worker;

pub use config::{AppConfig, FrameConfig, KeyScheme, SpeakerConfig};
pub use error::UiError;
pub use headless::Headless;
pub use screen::Screen;

use crate::ui::app::App;
use crate::ui::theme::Theme;

/// The names of the palettes `AppConfig::theme` accepts, in the order the
/// `t` key cycles through them.
pub fn theme_names() -> Vec<&'static str> {
    theme::PALETTES.iter().map(|p| p.name).collect()
}

/// The palette the app opens with when none is named: `mono` under
/// `NO_COLOR`, otherwise `dark`.
pub fn default_theme_name() -> &'static str {
    Theme::from_env().palette.name
}

/// Opens the interactive app as `config` asks, and restores the terminal on
/// every way out (quit, Ctrl+C, SIGTERM, SIGINT, SIGHUP, panic); Ctrl+Z and
/// SIGTSTP restore it and stop, SIGCONT takes it again. Plain mode, a
/// stream of lines for a screen reader, runs instead when `config` asks for
/// it, when standard output is not a terminal, or when the terminal cannot
/// move its cursor (`TERM=dumb`).
pub fn run_app(config: &AppConfig) -> Result<(), UiError> {
    if let Some(note) = plain::wanted(config) {
        return plain::run(config, note);
    }
    let mut app = App::from_config(config, Theme::from_env())?;
    runtime::run(&mut app)
}

/// Opens the speaker view on this terminal: it follows the presenting app
/// of the configured session (the default session when none is named),
/// steps it, records the class's answers and takes lesson notes.
pub fn run_speaker(config: &SpeakerConfig) -> Result<(), UiError> {
    speaker::run(config)
}

/// Draws one screen into an off-screen buffer and returns it as plain text,
/// one line per row, exactly as the app would draw it at that size.
pub fn render_text(frame: &FrameConfig) -> Result<String, UiError> {
    Headless::new(frame).map(|h| h.text())
}

#[cfg(test)]
mod tests;
