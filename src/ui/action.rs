//! Everything the user can ask for, as plain data. Keys and mouse events are
//! turned into these by [`crate::ui::keymap`]; [`crate::ui::update`] applies them.

use crate::ui::screen::Screen;

/// One request from the user.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Action {
    /// Leave the app.
    Quit,
    /// Stop the app for now (Ctrl+Z); `fg` brings it back.
    Suspend,
    /// Switch to the next screen (Tab).
    NextScreen,
    /// Switch to the previous screen (Shift+Tab).
    PrevScreen,
    /// Switch to a given screen (a click on its tab).
    GoTo(Screen),
    /// Open or close the help overlay.
    ToggleHelp,
    /// Turn the open overlay to its page on what the lab's numbers mean.
    HelpNumbers,
    /// Close the message on show (a refused entry), without quitting.
    Dismiss,
    /// Switch to the next palette (`t`).
    CycleTheme,
    /// Enter or leave present mode (`p`).
    TogglePresent,
    /// Save the frame on show as SVG and text (`e`).
    Export,
    /// Show or hide the elapsed timer on the progress line (`T`).
    ToggleTimer,
    /// Start or stop autoplay (`a`).
    ToggleAutoplay,
    /// Stop autoplay (any key with no other meaning while it runs).
    PauseAutoplay,
    /// The lesson notes panel.
    Notes(NotesAction),
    /// The terminal changed size.
    Resize(u16, u16),
    /// Edit the text field that has focus on the current screen.
    Field(FieldAction),
    /// Lecture stepping.
    Lecture(LectureAction),
    /// Lab sliders and settings.
    Lab(LabAction),
    /// The sandbox filter.
    Sandbox(SandboxAction),
    /// The sizing inputs.
    Sizing(SizingAction),
    /// The practice exercises.
    Practice(PracticeAction),
}

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

/// Editing keys for whichever text field has focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldAction {
    /// Append a character.
    Type(char),
    /// Delete the last character.
    Erase,
    /// Accept the text (Enter).
    Submit,
    /// Leave the field without accepting (Esc).
    Leave,
}

/// The lesson notes panel's requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotesAction {
    /// Open or close the panel (`N`).
    Toggle,
    /// Choose the note above.
    Up,
    /// Choose the note below.
    Down,
    /// Start typing a new note.
    StartAdd,
    /// Tick the chosen note off, or open it again.
    Tick,
    /// Delete the chosen note.
    Delete,
    /// Write the list as Markdown into the export folder.
    Export,
}

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

/// The lab's adjustable settings, in the order they are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LabSlider {
    /// Bits in the filter.
    M,
    /// Keys inserted.
    N,
    /// Hash positions per key.
    K,
    /// Never-inserted keys queried per filter.
    Queries,
    /// Filters pooled in the measurement.
    Filters,
}

impl LabSlider {
    /// Every slider, top to bottom.
    pub(crate) const ALL: [LabSlider; 5] = [
        LabSlider::M,
        LabSlider::N,
        LabSlider::K,
        LabSlider::Queries,
        LabSlider::Filters,
    ];
}

/// Lab requests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum LabAction {
    /// Choose the slider above.
    SelectPrev,
    /// Choose the slider below.
    SelectNext,
    /// Move the chosen slider one step (`up` = larger), or one big step.
    Adjust {
        /// Towards larger values.
        up: bool,
        /// A big step (Shift+arrow, `<` or `>`).
        big: bool,
    },
    /// Put a slider at a fraction (0..=1) of its track (mouse click or drag).
    SetFraction(LabSlider, f64),
    /// Start typing a value for the chosen slider, optionally with a first character.
    StartEdit(Option<char>),
    /// Keep bits per key fixed while n moves, or release the lock.
    ToggleLock,
    /// Switch the probe scheme of the measured filters.
    ToggleScheme,
    /// Draw a new seed for the measurement.
    Reseed,
    /// Start a measurement too long to start by itself, or stop it (`m`).
    ToggleMeasure,
    /// Measure two k on the same filters (`c`).
    Compare,
    /// Charts of the exact rate's gap to the idealised one, or of the
    /// rates themselves (`d`).
    ToggleGapView,
    /// The predict switch (`P`): a slider move hides the rates until the
    /// best k is guessed.
    TogglePredict,
    /// Start typing a guess for the best k, optionally with its first digit.
    StartGuess(Option<char>),
    /// Start the seed's rehearsal, or move it one step on (`R`).
    Rehearse,
}

/// Which sandbox setting the arrows move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SandboxSetting {
    /// Bits in the sandbox filter.
    M,
    /// Probes per key.
    K,
}

/// What Enter does with the sandbox key field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyMode {
    /// Enter inserts the typed key.
    Insert,
    /// Enter queries the typed key.
    Query,
}

/// Sandbox requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SandboxAction {
    /// Give the key field focus in the given mode.
    Focus(KeyMode),
    /// Swap insert and query while typing.
    ToggleMode,
    /// Choose m or k for the arrows.
    Select(SandboxSetting),
    /// Move the chosen setting (`up` = larger; `big` doubles or halves m).
    Adjust {
        /// Towards larger values.
        up: bool,
        /// A big step.
        big: bool,
    },
    /// Empty the filter and the history.
    Clear,
}

/// The four sizing inputs, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SizingField {
    /// Number of keys.
    N,
    /// Target false-positive rate.
    P,
    /// Bits in the filter, or a memory size.
    M,
    /// Hash positions per key (blank: the best).
    K,
}

impl SizingField {
    /// Every field, top to bottom.
    pub(crate) const ALL: [SizingField; 4] = [
        SizingField::N,
        SizingField::P,
        SizingField::M,
        SizingField::K,
    ];
}

/// Sizing requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SizingAction {
    /// Start editing the chosen field; a first character replaces its text.
    Edit(Option<char>),
    /// Choose the field below (`next`) or above.
    Select {
        /// Downwards.
        next: bool,
    },
    /// Make the chosen field the one worked out from the others (`s`).
    Solve,
    /// Size by the true rate instead of the exact classic one, or back (`b`).
    ToggleBy,
}
