//! The practice screen's key table, two pages (choosing an exercise;
//! typing an answer), and the footer's summary.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::help::{Hit, KeyPage, key};
use crate::ui::practice::action::PracticeAction;
use crate::ui::screen::ScreenAction;

const fn practice(action: PracticeAction) -> Action {
    Action::Screen(ScreenAction::Practice(action))
}

/// ↑ and ↓ choose the exercise above or below, while typing too.
fn arrows(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Up => Some(practice(PracticeAction::Choose { up: true })),
        KeyCode::Down => Some(practice(PracticeAction::Choose { up: false })),
        _ => None,
    }
}

/// The arrows, or `1` to `7` for an exercise by number.
fn choose(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c @ '1'..='7') => Some(practice(PracticeAction::GoTo(c as u8 - b'0'))),
        _ => arrows(key),
    }
}

/// Choosing an exercise, a hint, a new variant.
pub(crate) const CHOOSING: KeyPage = KeyPage {
    rows: &[
        key("↑ / ↓, 1 … 7", "choose an exercise", Hit::With(choose)),
        key(
            "Enter or i",
            "type the answer (Enter checks it, Esc leaves)",
            Hit::On(
                &[KeyCode::Enter, KeyCode::Char('i')],
                practice(PracticeAction::Focus),
            ),
        ),
        key(
            "h",
            "a hint for the exercise on show",
            Hit::On(&[KeyCode::Char('h')], practice(PracticeAction::ToggleHint)),
        ),
        key(
            "r",
            "a new variant of exercise 5 (its seed is shown)",
            Hit::On(&[KeyCode::Char('r')], practice(PracticeAction::NewVariant)),
        ),
    ],
};

/// Typing an answer.
pub(crate) const TYPING: KeyPage = KeyPage {
    rows: &[
        key(
            "letters, digits",
            "the answer, as the exercise asks: 2 yes, T F T",
            Hit::Field,
        ),
        key(
            "Enter",
            "check it (a right answer stays, selected)",
            Hit::Field,
        ),
        key("↑ / ↓", "the exercise above or below", Hit::With(arrows)),
        key("Esc", "leave the field (then q quits)", Hit::Field),
    ],
};

/// Typing, right after a check: the answer is selected and nothing is
/// typed yet, so `h` can be the hint (no answer starts with an h) and
/// anything else starts the next answer, which replaces the last.
pub(crate) const CHECKED: KeyPage = KeyPage {
    rows: &[
        key(
            "h",
            "right after a check: the hint (no answer starts with h)",
            Hit::On(&[KeyCode::Char('h')], practice(PracticeAction::ToggleHint)),
        ),
        key(
            "letters, digits",
            "the next answer, which replaces the one checked",
            Hit::Field,
        ),
        key(
            "Enter",
            "check it (a right answer stays, selected)",
            Hit::Field,
        ),
        key("↑ / ↓", "the exercise above or below", Hit::With(arrows)),
        key("Esc", "leave the field (then q quits)", Hit::Field),
    ],
};

/// The footer's one-line summary: typing right after a check, typing, or
/// not.
pub(crate) fn footer(typing: bool, checked: bool) -> Cow<'static, str> {
    if typing && checked {
        "type the next answer · h hint · Enter check · Esc leave the field"
    } else if typing {
        "type the answer · Enter check · Esc leave the field"
    } else {
        "↑↓ choose · Enter answer · h hint · r new variant · N notes · ? help"
    }
    .into()
}
