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

/// `1` to `9`: that scene's first step.
fn jump(key: KeyEvent) -> Option<Action> {
    match key.code {
        KeyCode::Char(c @ '1'..='9') => Some(lecture(LectureAction::Jump(c as u8 - b'0'))),
        _ => None,
    }
}

/// Stepping through the lecture.
pub(crate) const STEPPING: KeyPage = KeyPage {
    rows: &[
        key(
            "→, Space, Enter",
            "next step; on a prediction, reveal",
            Hit::On(
                &[KeyCode::Right, KeyCode::Char(' '), KeyCode::Enter],
                lecture(LectureAction::Forward),
            ),
        ),
        key(
            "←, Backspace",
            "back; a reveal hides again",
            Hit::On(
                &[KeyCode::Left, KeyCode::Backspace],
                lecture(LectureAction::Back),
            ),
        ),
        key("A … D", "the class's pick (predict steps)", Hit::With(pick)),
        key(
            "=",
            "the class's number (predict steps)",
            Hit::On(&[KeyCode::Char('=')], lecture(LectureAction::StartGuess)),
        ),
        key(
            "PgDn / ]",
            "next scene",
            Hit::On(
                &[KeyCode::PageDown, KeyCode::Char(']')],
                lecture(LectureAction::NextScene),
            ),
        ),
        key(
            "PgUp / [",
            "previous scene (or its start)",
            Hit::On(
                &[KeyCode::PageUp, KeyCode::Char('[')],
                lecture(LectureAction::PrevScene),
            ),
        ),
        key("1 … 9", "jump to a scene", Hit::With(jump)),
        key(
            "g 3.4 Enter",
            "go to a scene or a step",
            Hit::On(&[KeyCode::Char('g')], lecture(LectureAction::StartGoto)),
        ),
        key(
            "Home",
            "back to the start",
            Hit::On(&[KeyCode::Home], lecture(LectureAction::Home)),
        ),
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
            "the step as text, whole",
            Hit::On(
                &[KeyCode::Char('z')],
                lecture(LectureAction::ToggleTextView),
            ),
        ),
    ],
};

/// Typing the class's number (`=`) or a place to go to (`g`).
pub(crate) const TYPING: KeyPage = KeyPage {
    rows: &[
        key("digits, ., %", "type it", Hit::Field),
        key("Enter", "accept", Hit::Field),
        key("Esc", "cancel", Hit::Field),
    ],
};

/// The footer's one-line summary for the lecture as it stands, `typing`
/// or not.
pub(crate) fn footer(tab: &LectureTab, typing: bool) -> Cow<'static, str> {
    if typing {
        return "type 3 or 3.4 · Enter go · Esc cancel".into();
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
