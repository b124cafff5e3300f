//! How a command fails: bad input exits 2, anything else exits 1.

use std::fmt;

/// A failed command, printed as one line on stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// The input was out of range or malformed (exit code 2). The message
    /// names the value and the allowed range.
    Usage(String),
    /// The input was fine but the work failed, e.g. an I/O error (exit code 1).
    Runtime(String),
}

impl CliError {
    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Runtime(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Runtime(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}
