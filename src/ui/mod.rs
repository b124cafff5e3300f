//! The terminal application: one `App` state, a pure key-to-action mapping,
//! views that only read state. The only module that imports ratatui.
//!
//! Entry points used by the CLI: [`run_app`] and [`render_command`].
//!
//! - [`app`]: the state; [`action`]: what the user can ask for;
//!   [`keymap`]: keys and mouse to actions; [`update`]: actions to state.
//! - [`view`]: the frame, tabs, help overlay and "too small" notice;
//!   one module per screen: [`lab`], [`sandbox`], [`sizing`],
//!   [`lecture_tab`] (stepping) with [`lecture_view`] (drawing).
//! - [`bit_row`], [`slider`], [`text_field`], [`format`], [`numbers`]:
//!   shared pieces; [`theme`]: named styles.
//! - [`worker`] and [`jobs`]: exact work off the UI thread;
//!   [`runtime`]: the terminal loop; [`render`]: text snapshots.

pub mod action;
pub mod app;
pub mod bit_row;
pub mod computed;
pub mod config;
pub mod error;
pub mod format;
pub mod headless;
pub mod help;
pub mod jobs;
pub mod keymap;
pub mod lab;
pub mod lecture;
pub mod numbers;
pub mod render;
pub mod runtime;
pub mod sandbox;
pub mod screen;
pub mod sizing;
pub mod slider;
pub mod text_field;
pub mod theme;
pub mod update;
pub mod view;
pub mod worker;

pub use config::{AppConfig, FrameConfig};
pub use error::UiError;
pub use headless::Headless;
pub use screen::Screen;

use crate::ui::app::App;
use crate::ui::theme::Theme;

/// Opens the interactive app as `config` asks, and restores the terminal on
/// every way out (quit, Ctrl+C, SIGTERM, panic).
pub fn run_app(config: &AppConfig) -> Result<(), UiError> {
    let mut app = App::from_config(config, Theme::from_env())?;
    runtime::run(&mut app)
}

/// Draws one screen into an off-screen buffer and returns it as plain text,
/// one line per row, exactly as the app would draw it at that size.
pub fn render_text(frame: &FrameConfig) -> Result<String, UiError> {
    Headless::new(frame).map(|h| h.text())
}

#[cfg(test)]
mod tests;
