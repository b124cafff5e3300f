//! The sandbox's key table, two pages (browsing; typing a key), and the
//! footer's summary.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::help::{Hit, KeyPage, hjkl, key, slider_step};
use crate::ui::sandbox::action::{KeyMode, SandboxAction, SandboxSetting};
use crate::ui::screen::ScreenAction;

const fn sandbox(action: SandboxAction) -> Action {
    Action::Screen(ScreenAction::Sandbox(action))
}

/// ↑ chooses m, ↓ chooses k.
fn choose(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Up => Some(sandbox(SandboxAction::Select(SandboxSetting::M))),
        KeyCode::Down => Some(sandbox(SandboxAction::Select(SandboxSetting::K))),
        _ => None,
    }
}

/// ← and → change the chosen setting, with Shift (or `<` and `>`) by a big
/// step.
fn change(key: KeyEvent) -> Option<Action> {
    slider_step(key).map(|(up, big)| sandbox(SandboxAction::Adjust { up, big }))
}

/// `h j k l` as the arrows.
fn letters(key: KeyEvent) -> Option<Action> {
    let arrow = hjkl(key)?;
    choose(arrow).or_else(|| change(arrow))
}

/// Browsing: the filter's settings, and which field to open.
pub(crate) const BROWSING: KeyPage = KeyPage {
    rows: &[
        key(
            "i or Enter",
            "type a key to insert",
            Hit::On(
                &[KeyCode::Char('i'), KeyCode::Enter],
                sandbox(SandboxAction::Focus(KeyMode::Insert)),
            ),
        ),
        key(
            "f or /",
            "type a key to query",
            Hit::On(
                &[KeyCode::Char('f'), KeyCode::Char('/')],
                sandbox(SandboxAction::Focus(KeyMode::Query)),
            ),
        ),
        key("↑ / ↓", "choose m or k", Hit::With(choose)),
        key(
            "← / →, < / >",
            "change it (the filter is rebuilt, keys re-inserted)",
            Hit::With(change),
        ),
        key("h j k l", "as ← ↓ ↑ →", Hit::With(letters)),
        key(
            "c",
            "clear the filter and the history",
            Hit::On(&[KeyCode::Char('c')], sandbox(SandboxAction::Clear)),
        ),
    ],
};

/// Typing a key to insert or query.
pub(crate) const TYPING: KeyPage = KeyPage {
    rows: &[
        key(
            "letters, digits",
            "type or paste the key (256 characters at most)",
            Hit::Field,
        ),
        key(
            "Enter",
            "insert or query it (empty field: the greyed lesson key)",
            Hit::Field,
        ),
        key(
            "↑ / ↓",
            "swap insert and query",
            Hit::On(
                &[KeyCode::Up, KeyCode::Down],
                sandbox(SandboxAction::ToggleMode),
            ),
        ),
        key("Esc", "leave the field (then q quits)", Hit::Field),
    ],
};

/// The footer's one-line summary, typing or not.
pub(crate) fn footer(typing: bool) -> Cow<'static, str> {
    if typing {
        "type a key · Enter do it · ↑↓ insert⇄query · Esc leave field"
    } else {
        "i insert · f query · ↑↓ m/k · ←→ change · c clear · e export · ? help"
    }
    .into()
}
