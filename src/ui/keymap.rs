//! Keys and mouse events to actions: pure functions of the state and the
//! event, testable without a terminal. The keys themselves are data: the
//! screen on show's key table and [`GLOBAL`]; this file only says in which
//! order they are read.

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

use crate::ui::action::{Action, NotesAction};
use crate::ui::app::App;
use crate::ui::help::{GLOBAL, field_key, interrupt};
use crate::ui::view::{screen_area, tab_hits};

/// The action a key asks for in the current state, if any.
pub(crate) fn key_to_action(app: &App, key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if let Some(action) = interrupt(key) {
        return Some(action);
    }
    if app.show_help {
        // On a screen's first page `?` turns to its second page, if it
        // has one; any other key closes the overlay, which never acts
        // underneath.
        if app.help_has_next_page() && key.code == KeyCode::Char('?') {
            return Some(Action::HelpSecondPage);
        }
        return Some(Action::ToggleHelp);
    }
    if app.notes.open {
        // The panel takes every key while it is open.
        return notes_key(app, key);
    }
    match key.code {
        KeyCode::Tab => return Some(Action::NextScreen),
        KeyCode::BackTab => return Some(Action::PrevScreen),
        _ => {}
    }
    let page = app.on_show().key_page();
    if app.typing() {
        // The page's own keys (↑ and ↓ on some), then the field's.
        return page.action(key).or_else(|| field_key(key));
    }
    // Esc first closes whatever message is open; it quits only from a
    // screen with nothing open.
    if key.code == KeyCode::Esc && app.has_message() {
        return Some(Action::Dismiss);
    }
    GLOBAL
        .action(key)
        .or_else(|| page.action(key))
        // While autoplay runs, a key that does nothing else still stops it:
        // someone at the keyboard wants to take over.
        .or_else(|| app.clock.playing().then_some(Action::PauseAutoplay))
}

/// Keys while the notes panel is open: a note is typed, or the list is
/// worked; Esc, q and N close it and never quit.
fn notes_key(app: &App, key: KeyEvent) -> Option<Action> {
    if app.notes.adding.is_some() {
        return match key.code {
            KeyCode::Tab | KeyCode::BackTab => None,
            _ => field_key(key),
        };
    }
    Some(Action::Notes(match key.code {
        KeyCode::Esc | KeyCode::Char('q' | 'N') => NotesAction::Toggle,
        KeyCode::Up => NotesAction::Up,
        KeyCode::Down => NotesAction::Down,
        KeyCode::Char('a') | KeyCode::Enter => NotesAction::StartAdd,
        KeyCode::Char(' ' | 'x') => NotesAction::Tick,
        KeyCode::Char('d') | KeyCode::Delete => NotesAction::Delete,
        KeyCode::Char('m') => NotesAction::Export,
        _ => return None,
    }))
}

/// The action a mouse event asks for: a click on a tab switches screens;
/// any other left click or drag is the screen on show's (a lab slider's
/// track moves the slider there).
pub(crate) fn mouse_to_action(app: &App, mouse: MouseEvent) -> Option<Action> {
    let pressed = matches!(
        mouse.kind,
        MouseEventKind::Down(MouseButton::Left) | MouseEventKind::Drag(MouseButton::Left)
    );
    if !pressed || app.show_help {
        return None;
    }
    let at = Position::new(mouse.column, mouse.row);
    let frame = Rect::new(0, 0, app.size.0, app.size.1);
    if matches!(mouse.kind, MouseEventKind::Down(_)) && !app.present {
        for (screen, rect) in tab_hits(frame) {
            if rect.contains(at) {
                return Some(Action::GoTo(screen));
            }
        }
    }
    if app.typing() {
        return None;
    }
    app.on_show()
        .mouse(&app.view_cx(), screen_area(app, frame), mouse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::action::FieldAction;
    use crate::ui::lab::action::{LabAction, LabSlider};
    use crate::ui::lecture::action::LectureAction;
    use crate::ui::sandbox::action::KeyMode;
    use crate::ui::screen::Screen;
    use crate::ui::theme::Theme;
    use ratatui::crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn app(screen: Screen) -> App {
        App::new(screen, Theme::MONO)
    }

    #[test]
    fn quitting_everywhere() {
        for screen in <Screen as strum::IntoEnumIterator>::iter() {
            let a = app(screen);
            assert_eq!(
                key_to_action(&a, key(KeyCode::Char('q'))),
                Some(Action::Quit)
            );
            assert_eq!(key_to_action(&a, key(KeyCode::Esc)), Some(Action::Quit));
            let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
            assert_eq!(key_to_action(&a, ctrl_c), Some(Action::Quit));
            let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
            assert_eq!(key_to_action(&a, ctrl_z), Some(Action::Suspend));
        }
    }

    #[test]
    fn tabs_switch_screens() {
        let a = app(Screen::Lab);
        assert_eq!(
            key_to_action(&a, key(KeyCode::Tab)),
            Some(Action::NextScreen)
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::BackTab)),
            Some(Action::PrevScreen)
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('?'))),
            Some(Action::ToggleHelp)
        );
    }

    #[test]
    fn letters_type_when_a_field_has_focus() {
        let mut a = app(Screen::Sandbox);
        a.screens.sandbox.focus = Some(KeyMode::Insert);
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('q'))),
            Some(Action::Field(FieldAction::Type('q')))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Esc)),
            Some(Action::Field(FieldAction::Leave))
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(key_to_action(&a, ctrl_c), Some(Action::Quit));
    }

    #[test]
    fn lab_keys() {
        let a = app(Screen::Lab);
        let shift_right = KeyEvent::new(KeyCode::Right, KeyModifiers::SHIFT);
        assert_eq!(
            key_to_action(&a, shift_right),
            Some(Action::from(LabAction::Adjust {
                up: true,
                big: true
            }))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('<'))),
            Some(Action::from(LabAction::Adjust {
                up: false,
                big: true
            }))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('7'))),
            Some(Action::from(LabAction::StartEdit(Some('7'))))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('l'))),
            Some(Action::from(LabAction::ToggleLock))
        );
    }

    #[test]
    fn lecture_keys() {
        let a = app(Screen::Lecture);
        let expect = [
            (KeyCode::Right, LectureAction::Forward),
            (KeyCode::Char(' '), LectureAction::Forward),
            (KeyCode::Enter, LectureAction::Forward),
            (KeyCode::Left, LectureAction::Back),
            (KeyCode::Backspace, LectureAction::Back),
            (KeyCode::PageDown, LectureAction::NextScene),
            (KeyCode::Char(']'), LectureAction::NextScene),
            (KeyCode::PageUp, LectureAction::PrevScene),
            (KeyCode::Char('['), LectureAction::PrevScene),
            (KeyCode::Char('3'), LectureAction::Jump(3)),
            (KeyCode::Home, LectureAction::Home),
        ];
        for (code, action) in expect {
            assert_eq!(key_to_action(&a, key(code)), Some(Action::from(action)));
        }
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('6'))),
            Some(Action::from(LectureAction::Jump(6)))
        );
        assert_eq!(key_to_action(&a, key(KeyCode::Char('0'))), None);
    }

    #[test]
    fn help_swallows_keys() {
        let mut a = app(Screen::Lab);
        a.show_help = true;
        assert_eq!(
            key_to_action(&a, key(KeyCode::Right)),
            Some(Action::ToggleHelp)
        );
    }

    #[test]
    fn releases_are_ignored() {
        let a = app(Screen::Lab);
        let mut release = key(KeyCode::Right);
        release.kind = KeyEventKind::Release;
        assert_eq!(key_to_action(&a, release), None);
    }

    #[test]
    fn clicks_on_tabs_and_sliders() {
        let mut a = app(Screen::Lecture);
        a.size = (100, 30);
        let (screen, rect) = tab_hits(Rect::new(0, 0, 100, 30))[1];
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: rect.x,
            row: rect.y,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(mouse_to_action(&a, click), Some(Action::GoTo(screen)));
        a.screen = Screen::Lab;
        let (slider, track) = crate::ui::lab::view::slider_tracks(
            &a.screens.lab,
            &a.theme,
            crate::ui::view::body_area(Rect::new(0, 0, 100, 30), false),
        )[2];
        assert_eq!(slider, LabSlider::K);
        let drag = MouseEvent {
            kind: MouseEventKind::Drag(MouseButton::Left),
            column: track.right() - 1,
            row: track.y,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(
            mouse_to_action(&a, drag),
            Some(Action::from(LabAction::SetFraction(LabSlider::K, 1.0)))
        );
    }
}
