//! How a command fails: bad input exits 2, anything else exits 1.

/// A failed command, printed as one line on stderr.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CliError {
    /// The input was out of range or malformed (exit code 2). The message
    /// names the value and the allowed range.
    #[error("{0}")]
    Usage(String),
    /// The input was fine but the work failed, e.g. an I/O error (exit code 1).
    #[error("{0}")]
    Runtime(String),
}

impl CliError {
    /// The process exit code for this failure.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Runtime(_) => 1,
        }
    }
}
