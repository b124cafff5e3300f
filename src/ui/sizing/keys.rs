//! The sizing screen's key table, two pages (choosing a field; typing
//! into it), and the footer's summary.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::help::{Hit, KeyPage, hjkl, key};
use crate::ui::screen::ScreenAction;
use crate::ui::sizing::action::SizingAction;

const fn sizing(action: SizingAction) -> Action {
    Action::Screen(ScreenAction::Sizing(action))
}

/// ↑ and ↓ choose the field above or below, while typing too.
fn choose(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Up => Some(sizing(SizingAction::Select { next: false })),
        KeyCode::Down => Some(sizing(SizingAction::Select { next: true })),
        _ => None,
    }
}

/// ↑ and ↓, or `j` and `k` while no field is typed into.
fn browse(key: KeyEvent) -> Option<Action> {
    choose(hjkl(key).unwrap_or(key))
}

/// Enter edits the chosen field; a digit or `.` starts it afresh.
fn edit(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Enter => Some(sizing(SizingAction::Edit(None))),
        KeyCode::Char(c) if c.is_ascii_digit() || c == '.' => {
            Some(sizing(SizingAction::Edit(Some(c))))
        }
        _ => None,
    }
}

/// Choosing a field, solving for it, switching the rate.
pub(crate) const FIELDS: KeyPage = KeyPage {
    rows: &[
        key(
            "↑ ↓ j k",
            "choose n, p, m or k (no h, l: nothing sideways)",
            Hit::With(browse),
        ),
        key(
            "Enter or a digit",
            "edit it (Enter accepts, Esc goes back)",
            Hit::With(edit),
        ),
        key(
            "s",
            "work the chosen field out from the others",
            Hit::On(&[KeyCode::Char('s')], sizing(SizingAction::Solve)),
        ),
        key(
            "b",
            "size by true/exact; presenting: blank",
            Hit::On(&[KeyCode::Char('b')], sizing(SizingAction::ToggleBy)),
        ),
        key(
            "editing [ solved ]",
            "makes it an input; m is solved (p if it was m)",
            Hit::Note,
        ),
        key(
            "blank k",
            "the best whole k, chosen with the answer",
            Hit::Note,
        ),
    ],
};

/// Typing into a field.
pub(crate) const TYPING: KeyPage = KeyPage {
    rows: &[
        key(
            "digits, M, k, e, %, /",
            "type the value (the answer follows as you type)",
            Hit::Field,
        ),
        key(
            "B, KB … GiB, TiB",
            "a unit makes m a memory size (64MiB, 1.5GB)",
            Hit::Field,
        ),
        key(
            "Backspace",
            "erase (a blank k asks for the best k)",
            Hit::Field,
        ),
        key("↑ / ↓", "another field", Hit::With(choose)),
        key(
            "Enter / Esc",
            "accept a good entry / back to the last good one",
            Hit::Field,
        ),
    ],
};

/// The footer's one-line summary, typing or not.
pub(crate) fn footer(typing: bool) -> Cow<'static, str> {
    if typing {
        "type · Enter done · Esc back to the last good entry · ↑↓ other field"
    } else {
        "↑↓ choose · Enter edit · s solve this · b by true/exact · ? help"
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::help::GLOBAL;

    /// Columns inside the help overlay (76 wide with its borders).
    const OVERLAY_INNER: usize = 74;

    #[test]
    fn the_sizing_keys_fit_the_help_overlay() {
        let width = |t: &str| ratatui::text::Span::raw(t).width();
        for page in [FIELDS, TYPING] {
            let key_width = page
                .rows
                .iter()
                .chain(GLOBAL.rows)
                .map(|k| k.keys.chars().count())
                .max()
                .unwrap_or(0);
            for k in page.rows {
                let row = 2 + key_width + 1 + width(k.does);
                assert!(row <= OVERLAY_INNER, "{:?}: {row} columns", k.keys);
            }
        }
    }
}
