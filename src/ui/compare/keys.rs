//! The Compare screen's key table, two pages (the sliders; typing a
//! value), and the footer's summary.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::compare::action::CompareAction;
use crate::ui::compare::state::CompareState;
use crate::ui::help::{Hit, KeyPage, hjkl, key, slider_step};
use crate::ui::screen::ScreenAction;

const fn compare(action: CompareAction) -> Action {
    Action::Screen(ScreenAction::Compare(action))
}

/// ↑ and ↓ choose a slider.
fn choose(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Up => Some(compare(CompareAction::SelectPrev)),
        KeyCode::Down => Some(compare(CompareAction::SelectNext)),
        _ => None,
    }
}

/// ← and → move the slider a step, with Shift (or `<` `>`) a big one.
fn step(key: KeyEvent) -> Option<Action> {
    slider_step(key).map(|(up, big)| compare(CompareAction::Adjust { up, big }))
}

/// `h j k l` as the arrows, as on the Sandbox.
fn letters(key: KeyEvent) -> Option<Action> {
    let arrow = hjkl(key)?;
    choose(arrow).or_else(|| step(arrow))
}

/// Enter or a digit starts typing a value.
fn start_typing(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Enter => Some(compare(CompareAction::StartEdit(None))),
        KeyCode::Char(c) if c.is_ascii_digit() => Some(compare(CompareAction::StartEdit(Some(c)))),
        _ => None,
    }
}

/// The sliders.
pub(crate) const SLIDERS: KeyPage = KeyPage {
    rows: &[
        key("↑ / ↓", "choose a slider", Hit::With(choose)),
        key("h j k l", "as ← ↓ ↑ →", Hit::With(letters)),
        key(
            "←→, Shift+←→",
            "step, big step (p: the 1-2-5 ladder)",
            Hit::With(step),
        ),
        key(
            "Enter, digit",
            "type a value (Esc cancels)",
            Hit::With(start_typing),
        ),
        key(
            "r",
            "new seed: new keys and hashes",
            Hit::On(&[KeyCode::Char('r')], compare(CompareAction::Reseed)),
        ),
        key("mouse", "click/drag a slider", Hit::Elsewhere),
    ],
};

/// Typing a slider's value.
pub(crate) const VALUE: KeyPage = KeyPage {
    rows: &[
        key(
            "digits, k, M, %, /",
            "n, queries: 50k, 1e6 · p: 1%, 0.01, 1/300",
            Hit::Field,
        ),
        key("Backspace", "erase", Hit::Field),
        key("Enter", "accept", Hit::Field),
        key("Esc", "cancel", Hit::Field),
    ],
};

/// The page for the screen as it stands.
pub(crate) fn page(state: &CompareState) -> &'static KeyPage {
    if state.editing.is_some() {
        &VALUE
    } else {
        &SLIDERS
    }
}

/// The footer's one-line summary, `typing` or not.
pub(crate) fn footer(typing: bool) -> Cow<'static, str> {
    if typing {
        "type a value · Enter accept · Esc cancel"
    } else {
        "↑↓ choose · ←→ adjust · < > big · Enter type · r reseed · ? help"
    }
    .into()
}
