//! A script problem, located at file:line:column so a teacher can fix it.

use std::fmt;

/// Why a lecture script was rejected, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    /// The file name as given (or `<built-in>` for the embedded script).
    pub file: String,
    /// Line of the problem, counting from 1 (0 when the whole file is at fault
    /// before any line could be read, e.g. it cannot be opened).
    pub line: usize,
    /// Column of the problem in characters, counting from 1.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl ScriptError {
    /// A problem at a known line and column.
    pub fn at(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        ScriptError {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for ScriptError {}
