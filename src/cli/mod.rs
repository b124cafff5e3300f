//! The command-line contract (see README): argument parsing and each subcommand.

pub mod args;

use std::process::ExitCode;

/// Parses the process arguments and runs the chosen command.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
