//! The command-line contract (see README): argument parsing and each subcommand.
//!
//! Dispatch: no subcommand -> `crate::ui::run_app(&cli.app)`;
//! `render` -> `crate::ui::render_command(&args)` (prints the text);
//! `script` -> `crate::lecture::script_command(&args)`; the rest live in
//! one file each under `src/cli/`.

pub mod args;
pub mod error;

pub use error::CliError;

use std::process::ExitCode;

/// Parses the process arguments and runs the chosen command.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
