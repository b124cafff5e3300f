//! The terminal application: one `App` state, a pure key-to-action mapping,
//! views that only read state. The only module that imports ratatui.
//!
//! Entry points used by the CLI: [`run_app`] and [`render_command`].

pub mod lecture_view;
pub mod theme;

use crate::cli::CliError;
use crate::cli::args::{AppArgs, RenderArgs};

/// Opens the interactive app where `args` ask, and restores the terminal on
/// every way out (quit, Ctrl+C, SIGTERM, panic).
pub fn run_app(args: &AppArgs) -> Result<(), CliError> {
    let _ = args;
    Err(CliError::Runtime("the app is not built yet".into()))
}

/// Draws one screen into an off-screen buffer and returns it as plain text,
/// one line per row, exactly as the app would draw it at that size.
pub fn render_command(args: &RenderArgs) -> Result<String, CliError> {
    let _ = args;
    Err(CliError::Runtime("render is not built yet".into()))
}
