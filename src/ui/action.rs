//! Everything the user can ask for, as plain data. Keys and mouse events are
//! turned into these by [`crate::ui::keymap`]; [`crate::ui::update`] applies them.
//! Each screen's own requests are its action type, in its folder.

use crate::ui::screen::ids::{Screen, ScreenAction};

/// One request from the user.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Action {
    /// Leave the app.
    Quit,
    /// Quit on the second ask (`q` with the clicker's keys): the first says
    /// "q again to quit", any other request forgets it.
    AskQuit,
    /// Blank the screen to the theme's background (`b`, `.`).
    Blank,
    /// Bring a blanked screen back (any key; it does nothing else).
    Unblank,
    /// Enter present mode, never leave it (F5 from a clicker).
    StartPresent,
    /// Leave present mode, never quit (Esc with the clicker's keys).
    LeavePresent,
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
    /// Turn the open overlay to the screen's second page (the lab's: what
    /// its numbers mean).
    HelpSecondPage,
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
    /// A key with no other meaning after a first `q`: it forgets the ask.
    KeepRunning,
    /// The lesson notes panel.
    Notes(NotesAction),
    /// The terminal changed size.
    Resize(u16, u16),
    /// Edit the text field that has focus (the notes panel's, or the
    /// screen on show's).
    Field(FieldAction),
    /// A request for one screen, in its own action type.
    Screen(ScreenAction),
}

/// A screen's own action is an [`Action`] for that screen.
impl<T: Into<ScreenAction>> From<T> for Action {
    fn from(action: T) -> Self {
        Action::Screen(action.into())
    }
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
