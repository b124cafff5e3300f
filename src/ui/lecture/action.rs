//! What the lecture's keys ask for.

/// Moving through the lecture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LectureAction {
    /// One step forward.
    Forward,
    /// One step back.
    Back,
    /// First step of the next scene.
    NextScene,
    /// First step of the previous scene.
    PrevScene,
    /// First step of scene `n` (counted from 1).
    Jump(u8),
    /// The very first step.
    Home,
    /// The very last step (`G`).
    End,
    /// The first step from the `g` field while it is empty (`g g`); a `g`
    /// typed after a number is refused like any other letter.
    GotoFirst,
    /// Show or hide the narration (`n`).
    ToggleNarration,
    /// The text view of the step (`z`): every text whole.
    ToggleTextView,
    /// Open the jump field (`g`): a scene or scene.step, then Enter.
    StartGoto,
    /// Record the class's pick on a predict step (`A` to `D`, from 0).
    Guess(u8),
    /// Open the field for the class's number on a predict step (`=`).
    StartGuess,
}
