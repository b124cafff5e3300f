//! How the app can fail to open or to draw. The command line decides what
//! each means for the exit code; the app only says what went wrong.

use crate::lecture::LectureError;
use crate::limits::Span;

/// Why the app (or an off-screen frame) could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UiError {
    /// A setting of [`crate::ui::AppConfig`] lies outside the range its
    /// slider allows.
    #[error("{name} {value} is out of range: {name} must be {}", span.describe())]
    Setting {
        /// The setting's name (`m`, `n`, `k`, `width`, ...).
        name: &'static str,
        /// The value given.
        value: u64,
        /// What it may be.
        span: Span,
    },
    /// A palette name that is not one of the palettes.
    #[error("theme '{name}' is not known: choose one of {}", known.join(", "))]
    UnknownTheme {
        /// The name given.
        name: String,
        /// The palettes there are.
        known: Vec<&'static str>,
    },
    /// A built-in lecture name that is not one of them.
    #[error("lecture '{name}' is not known: choose one of {}", crate::lecture::lecture_names().join(", "))]
    UnknownLecture {
        /// The name given.
        name: String,
    },
    /// The lecture script, or the scene and step asked for.
    #[error(transparent)]
    Lecture(#[from] LectureError),
    /// `--start-at` names a step the lecture does not have.
    #[error("start-at {value}: {why}")]
    StartAt {
        /// The place asked for, as `scene.step`.
        value: String,
        /// Why it is not in the lecture.
        why: String,
    },
    /// The terminal could not be used (no terminal, a failed write).
    #[error("{0}")]
    Terminal(String),
}

impl UiError {
    /// True when the fault lies in what was asked for rather than in the
    /// machine: the command line turns these into exit code 2.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, UiError::Terminal(_))
    }
}
