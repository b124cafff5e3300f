//! The lecture's key table, two pages (stepping; typing the class's
//! number or a place to go to), and the footer's summary of them.

use std::borrow::Cow;

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::ui::action::Action;
use crate::ui::help::{Hit, KeyPage, key};
use crate::ui::lecture::action::LectureAction;
use crate::ui::lecture::tab::LectureTab;
use crate::ui::screen::ScreenAction;

const fn lecture(action: LectureAction) -> Action {
    Action::Screen(ScreenAction::Lecture(action))
}

/// `A` to `D`: the class's pick, from 0.
fn pick(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c @ 'A'..='D') => Some(lecture(LectureAction::Guess(c as u8 - b'A'))),
        _ => None,
    }
}

/// `A` to `D` record the class's pick; `=` opens the field for its number.
fn answer(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char('=') => Some(lecture(LectureAction::StartGuess)),
        _ => pick(key),
    }
}

/// `]` and PageDown: the next scene; `[` and PageUp: this scene's start,
/// or the one before.
fn scenes(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(']') | KeyCode::PageDown => Some(lecture(LectureAction::NextScene)),
        KeyCode::Char('[') | KeyCode::PageUp => Some(lecture(LectureAction::PrevScene)),
        _ => None,
    }
}

/// `1` to `9`: that scene's first step.
fn jump(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c @ '1'..='9') => Some(lecture(LectureAction::Jump(c as u8 - b'0'))),
        _ => None,
    }
}

/// Home and End (and `G`): the first and the last step.
fn ends(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Home => Some(lecture(LectureAction::Home)),
        KeyCode::End | KeyCode::Char('G') => Some(lecture(LectureAction::End)),
        _ => None,
    }
}

/// Stepping through the lecture.
pub(crate) const STEPPING: KeyPage = KeyPage {
    rows: &[
        key(
            "→ l Space Enter",
            "next step or reveal",
            Hit::On(
                &[
                    KeyCode::Right,
                    KeyCode::Char('l'),
                    KeyCode::Char(' '),
                    KeyCode::Enter,
                ],
                lecture(LectureAction::Forward),
            ),
        ),
        key(
            "← h Backspace",
            "back; hides a reveal",
            Hit::On(
                &[KeyCode::Left, KeyCode::Char('h'), KeyCode::Backspace],
                lecture(LectureAction::Back),
            ),
        ),
        key("A … D, =", "class's pick, number", Hit::With(answer)),
        key("wheel", "next / previous step", Hit::Elsewhere),
        // Presenting, [`CLICKING`] takes PgDn and PgUp first: one step.
        key("] [ PgDn PgUp", "scene on / back", Hit::With(scenes)),
        key("1 … 9", "jump to a scene", Hit::With(jump)),
        key(
            "g 3.4 Enter",
            "go to a step",
            Hit::On(&[KeyCode::Char('g')], lecture(LectureAction::StartGoto)),
        ),
        // The first `g` opens the go-to field, whose page reads the second.
        key("g g G Home End", "first / last step", Hit::With(ends)),
        key(
            "n",
            "narration on or off",
            Hit::On(
                &[KeyCode::Char('n')],
                lecture(LectureAction::ToggleNarration),
            ),
        ),
        key(
            "z",
            "the step as text (Esc: back)",
            Hit::On(
                &[KeyCode::Char('z')],
                lecture(LectureAction::ToggleTextView),
            ),
        ),
    ],
};

/// Typing the class's number (`=`).
pub(crate) const TYPING: KeyPage = KeyPage {
    rows: &[
        key("digits, ., %", "type it", Hit::Field),
        key("Enter", "accept", Hit::Field),
        key("Esc", "cancel", Hit::Field),
    ],
};

/// A second `g` with nothing typed yet: the first step (`g g`).
fn first(key: KeyEvent) -> Option<Action> {
    (key.code == KeyCode::Char('g')).then_some(lecture(LectureAction::GotoFirst))
}

/// Typing a place to go to (`g`).
pub(crate) const GOING: KeyPage = KeyPage {
    rows: &[
        key("3 or 3.4", "the scene or the step to go to", Hit::Field),
        key(
            "g",
            "the first step, before anything is typed",
            Hit::With(first),
        ),
        key("Enter", "go", Hit::Field),
        key("Esc", "cancel", Hit::Field),
    ],
};

/// In present mode (and with `keys = "clicker"`), read before
/// [`STEPPING`]: a remote's PageDown and PageUp are one step, not a scene.
pub(crate) const CLICKING: KeyPage = KeyPage {
    rows: &[
        key(
            "PgDn",
            "next step or reveal",
            Hit::On(&[KeyCode::PageDown], lecture(LectureAction::Forward)),
        ),
        key(
            "PgUp",
            "back one step",
            Hit::On(&[KeyCode::PageUp], lecture(LectureAction::Back)),
        ),
    ],
};

/// The footer's one-line summary for the lecture as it stands, `typing`
/// or not.
pub(crate) fn footer(tab: &LectureTab, typing: bool) -> Cow<'static, str> {
    if typing {
        return if tab.goto.is_some() {
            "type 3 or 3.4 · Enter go · g the first step · Esc cancel".into()
        } else {
            "type 3 or 3.4 · Enter go · Esc cancel".into()
        };
    }
    if tab.lecture.predicts(tab.step) && !tab.revealed {
        return match tab.prediction() {
            Some(p) if p.is_number() => "= the class's number · → reveal · ← back · ? help".into(),
            Some(p) => format!(
                "{} the class's pick · → reveal · ← back · ? help",
                crate::lecture::texts::choice_keys(p.choices.len())
            )
            .into(),
            None => "→ reveal · ← back · ? help".into(),
        };
    }
    let scenes = tab.lecture.scene_count();
    let jump = match scenes {
        0 | 1 => "g go to".to_string(),
        2..=9 => format!("1-{scenes} jump"),
        _ => format!("1-9 or g jump ({scenes} scenes)"),
    };
    format!("→ next · ← back · ] [ scene · {jump} · n narration · e export · ? help").into()
}
