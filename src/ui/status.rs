//! The bottom line's message: what the app just did, or why it could not.

/// A one-line message about something the app did, on the bottom line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Status {
    /// What happened.
    pub(crate) text: String,
    /// True when it went wrong.
    pub(crate) failed: bool,
}

impl Status {
    /// Something that worked.
    pub(crate) fn done(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            failed: false,
        }
    }

    /// Something that did not.
    pub(crate) fn failed(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            failed: true,
        }
    }
}
