//! Keys as data. Each screen keeps one key table, a few pages of
//! [`Binding`]s (browsing, typing a value, ...): the keymap asks the page on
//! show for the action a key asks for, the `?` overlay lists that page, and
//! a test holds the README's key tables to every page. The keys that work
//! on every screen are [`GLOBAL`], read the same three ways.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ui::action::{Action, FieldAction, NotesAction};

/// One documented row with no key of its own to match: a word on the
/// lab's numbers page, say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeyHelp {
    /// The key(s) or the word, as printed.
    pub keys: &'static str,
    /// What they do or mean.
    pub does: &'static str,
}

/// How a row of a key table matches a key press.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Hit {
    /// Any of these keys, whatever the modifiers, asks for this action.
    On(&'static [KeyCode], Action),
    /// The action this function finds for the key, if any.
    With(fn(KeyEvent) -> Option<Action>),
    /// A key the focused text field takes (typing, Backspace, Enter, Esc).
    Field,
    /// Matched elsewhere: the mouse, or a key caught before any table.
    Elsewhere,
    /// A remark on the page, not a key.
    Note,
}

/// One row of a key table: what to press, what it does, and how the
/// keymap matches it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Binding {
    /// The key(s), as printed.
    pub keys: &'static str,
    /// What they do.
    pub does: &'static str,
    /// How a key press matches the row.
    pub hit: Hit,
}

/// A row: `keys` printed, `does` said, matched by `hit`.
pub(crate) const fn key(keys: &'static str, does: &'static str, hit: Hit) -> Binding {
    Binding { keys, does, hit }
}

/// One page of a screen's key table: the keys of one state of it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyPage {
    /// The rows, in the order the overlay lists them.
    pub rows: &'static [Binding],
}

impl KeyPage {
    /// The action the first matching row asks for.
    pub(crate) fn action(&self, key: KeyEvent) -> Option<Action> {
        self.rows.iter().find_map(|row| match row.hit {
            Hit::On(codes, action) => codes.contains(&key.code).then_some(action),
            Hit::With(find) => find(key),
            Hit::Field | Hit::Elsewhere | Hit::Note => None,
        })
    }

    /// The rows as the overlay and the README print them.
    pub(crate) fn help(&self) -> impl Iterator<Item = KeyHelp> + '_ {
        self.rows.iter().map(|row| KeyHelp {
            keys: row.keys,
            does: row.does,
        })
    }
}

/// A second page of the `?` overlay (`?` again), on words rather than keys.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HelpPage {
    /// What the page is about, as the overlay's border says it ("what the
    /// numbers mean").
    pub name: &'static str,
    /// The column's heading.
    pub heading: &'static str,
    /// Each word and what it means.
    pub rows: &'static [KeyHelp],
    /// A line under the rows.
    pub note: &'static str,
}

/// The key the focused text field takes: characters type, Backspace
/// erases, Enter submits, Esc leaves.
pub(crate) fn field_key(key: KeyEvent) -> Option<Action> {
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let edit = match key.code {
        KeyCode::Char(c) if plain => FieldAction::Type(c),
        KeyCode::Backspace => FieldAction::Erase,
        KeyCode::Enter => FieldAction::Submit,
        KeyCode::Esc => FieldAction::Leave,
        _ => return None,
    };
    Some(Action::Field(edit))
}

/// A slider's step as (towards larger, big): ← and → a small step, with
/// Shift a big one; `<` and `>` big steps too.
pub(crate) fn slider_step(key: KeyEvent) -> Option<(bool, bool)> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    match key.code {
        KeyCode::Left => Some((false, shift)),
        KeyCode::Right => Some((true, shift)),
        KeyCode::Char('<') => Some((false, true)),
        KeyCode::Char('>') => Some((true, true)),
        _ => None,
    }
}

/// `h j k l` read as ← ↓ ↑ →, for hands that know them from vi; `None`
/// for any other key. Each screen says which of the four it takes.
pub(crate) fn hjkl(key: KeyEvent) -> Option<KeyEvent> {
    let code = match key.code {
        KeyCode::Char('h') => KeyCode::Left,
        KeyCode::Char('j') => KeyCode::Down,
        KeyCode::Char('k') => KeyCode::Up,
        KeyCode::Char('l') => KeyCode::Right,
        _ => return None,
    };
    Some(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Ctrl+C quits and Ctrl+Z suspends from anywhere, over the overlay, the
/// notes panel and any field (in raw mode they are keys, not signals).
pub(crate) fn interrupt(key: KeyEvent) -> Option<Action> {
    if !key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    match key.code {
        KeyCode::Char('c' | 'C') => Some(Action::Quit),
        KeyCode::Char('z' | 'Z') => Some(Action::Suspend),
        _ => None,
    }
}

/// Tab and Shift+Tab: the next and previous screen.
fn tabs(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Tab => Some(Action::NextScreen),
        KeyCode::BackTab => Some(Action::PrevScreen),
        _ => None,
    }
}

/// Keys that work on every screen (unless a text field has focus; Tab,
/// Ctrl+C and Ctrl+Z work there too).
pub(crate) const GLOBAL: KeyPage = KeyPage {
    rows: &[
        key("Tab / Shift+Tab", "next / previous screen", Hit::With(tabs)),
        key(
            "?",
            "this help",
            Hit::On(&[KeyCode::Char('?')], Action::ToggleHelp),
        ),
        key(
            "t",
            "next colour theme",
            Hit::On(&[KeyCode::Char('t')], Action::CycleTheme),
        ),
        key(
            "p",
            "present mode",
            Hit::On(&[KeyCode::Char('p')], Action::TogglePresent),
        ),
        key(
            "F5",
            "start present mode",
            Hit::On(&[KeyCode::F(5)], Action::StartPresent),
        ),
        key(
            "e",
            "export SVG and text",
            Hit::On(&[KeyCode::Char('e')], Action::Export),
        ),
        key(
            "N",
            "lesson notes (presenting: in the speaker view)",
            Hit::On(&[KeyCode::Char('N')], Action::Notes(NotesAction::Toggle)),
        ),
        key(
            "T",
            "elapsed timer",
            Hit::On(&[KeyCode::Char('T')], Action::ToggleTimer),
        ),
        key(
            "a",
            "autoplay; keys stop it",
            Hit::On(&[KeyCode::Char('a')], Action::ToggleAutoplay),
        ),
        // Ctrl+C is caught by `interrupt` before any table is read.
        key(
            "q, Esc, Ctrl+C",
            "quit",
            Hit::On(&[KeyCode::Char('q'), KeyCode::Esc], Action::Quit),
        ),
        key("Ctrl+Z", "suspend (fg resumes)", Hit::With(interrupt)),
        key("mouse", "click a tab", Hit::Elsewhere),
    ],
};

/// `b` and `.`: the screen goes blank.
fn blank(key: KeyEvent) -> Option<Action> {
    matches!(key.code, KeyCode::Char('b' | '.')).then_some(Action::Blank)
}

/// The keys a presenter's remote sends, as the app reads them in present
/// mode (and everywhere with `keys = "clicker"` in the config file). They
/// are read before the screen's own keys and [`GLOBAL`], so none of them
/// can quit by accident: a remote that alternates F5 (a key of every
/// screen) and Esc only starts and stops present mode. PageDown and PageUp are the lecture's
/// (`crate::ui::lecture::keys::CLICKING`).
pub(crate) const CLICKER: KeyPage = KeyPage {
    rows: &[
        key("b, .", "blank till a key", Hit::With(blank)),
        key(
            "Esc",
            "leave present mode",
            Hit::On(&[KeyCode::Esc], Action::LeavePresent),
        ),
        key(
            "q q",
            "quit (asks once)",
            Hit::On(&[KeyCode::Char('q')], Action::AskQuit),
        ),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn a_page_finds_the_first_row_that_matches() {
        assert_eq!(
            GLOBAL.action(press(KeyCode::Char('t'))),
            Some(Action::CycleTheme)
        );
        assert_eq!(
            GLOBAL.action(press(KeyCode::BackTab)),
            Some(Action::PrevScreen)
        );
        assert_eq!(GLOBAL.action(press(KeyCode::Char('x'))), None);
        let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(GLOBAL.action(ctrl_z), Some(Action::Suspend));
    }

    #[test]
    fn a_field_takes_characters_and_its_four_keys() {
        assert_eq!(
            field_key(press(KeyCode::Char('q'))),
            Some(Action::Field(FieldAction::Type('q')))
        );
        assert_eq!(
            field_key(press(KeyCode::Esc)),
            Some(Action::Field(FieldAction::Leave))
        );
        let alt_x = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT);
        assert_eq!(field_key(alt_x), None);
        assert_eq!(field_key(press(KeyCode::Up)), None);
    }
}
