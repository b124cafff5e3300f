//! What the practice screen's keys ask for.

/// Practice requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PracticeAction {
    /// The exercise above (`up`) or below.
    Choose {
        /// Towards exercise 1.
        up: bool,
    },
    /// Exercise `n`, from 1.
    GoTo(u8),
    /// Give the answer field focus.
    Focus,
    /// Show or hide the hint.
    ToggleHint,
    /// A new variant of exercise 5.
    NewVariant,
}
