//! Keys and mouse events to actions: pure functions of the state and the
//! event, testable without a terminal.

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};

use crate::ui::action::{
    Action, FieldAction, KeyMode, LabAction, LectureAction, NotesAction, PracticeAction,
    SandboxAction, SandboxSetting, SizingAction,
};
use crate::ui::app::App;
use crate::ui::lab::view::slider_tracks;
use crate::ui::screen::Screen;
use crate::ui::view::{screen_area, tab_hits};

/// The action a key asks for in the current state, if any.
pub(crate) fn key_to_action(app: &App, key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
        return Some(Action::Quit);
    }
    // In raw mode Ctrl+Z is a key, not SIGTSTP; it suspends from anywhere.
    if ctrl && matches!(key.code, KeyCode::Char('z' | 'Z')) {
        return Some(Action::Suspend);
    }
    if app.show_help {
        // On the lab's key page `?` turns to the page on its numbers; any
        // other key closes the overlay, which never acts underneath.
        if crate::ui::help::has_numbers_page(app) && key.code == KeyCode::Char('?') {
            return Some(Action::HelpNumbers);
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
    if app.typing() {
        return typing_key(app, key);
    }
    match key.code {
        // Esc first closes whatever message is open; it quits only from a
        // screen with nothing open.
        KeyCode::Esc if app.has_message() => Some(Action::Dismiss),
        KeyCode::Char('q') | KeyCode::Esc => Some(Action::Quit),
        KeyCode::Char('?') => Some(Action::ToggleHelp),
        KeyCode::Char('t') => Some(Action::CycleTheme),
        KeyCode::Char('p') => Some(Action::TogglePresent),
        KeyCode::Char('e') => Some(Action::Export),
        KeyCode::Char('T') => Some(Action::ToggleTimer),
        KeyCode::Char('N') => Some(Action::Notes(NotesAction::Toggle)),
        KeyCode::Char('a') => Some(Action::ToggleAutoplay),
        _ => match app.screen {
            Screen::Lecture => lecture_key(key).map(Action::Lecture),
            Screen::Lab => lab_key(app, key).map(Action::Lab),
            Screen::Sandbox => sandbox_key(key).map(Action::Sandbox),
            Screen::Sizing => sizing_key(key).map(Action::Sizing),
            Screen::Practice => practice_key(key).map(Action::Practice),
        }
        // While autoplay runs, a key that does nothing else still stops it:
        // someone at the keyboard wants to take over.
        .or_else(|| app.clock.playing().then_some(Action::PauseAutoplay)),
    }
}

/// Keys while a text field has focus: characters type, a few keys edit.
fn typing_key(app: &App, key: KeyEvent) -> Option<Action> {
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    match key.code {
        KeyCode::Char(c) if plain => Some(Action::Field(FieldAction::Type(c))),
        KeyCode::Backspace => Some(Action::Field(FieldAction::Erase)),
        KeyCode::Enter => Some(Action::Field(FieldAction::Submit)),
        KeyCode::Esc => Some(Action::Field(FieldAction::Leave)),
        KeyCode::Up | KeyCode::Down => match app.screen {
            Screen::Sandbox => Some(Action::Sandbox(SandboxAction::ToggleMode)),
            Screen::Sizing => Some(Action::Sizing(SizingAction::Select {
                next: key.code == KeyCode::Down,
            })),
            Screen::Practice => Some(Action::Practice(PracticeAction::Choose {
                up: key.code == KeyCode::Up,
            })),
            Screen::Lecture | Screen::Lab => None,
        },
        _ => None,
    }
}

/// Keys while the notes panel is open: a note is typed, or the list is
/// worked; Esc, q and N close it and never quit.
fn notes_key(app: &App, key: KeyEvent) -> Option<Action> {
    if app.notes.adding.is_some() {
        return match key.code {
            KeyCode::Tab | KeyCode::BackTab => None,
            _ => typing_key(app, key),
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

fn lecture_key(key: KeyEvent) -> Option<LectureAction> {
    Some(match key.code {
        KeyCode::Right | KeyCode::Char(' ') | KeyCode::Enter => LectureAction::Forward,
        KeyCode::Left | KeyCode::Backspace => LectureAction::Back,
        KeyCode::PageDown | KeyCode::Char(']') => LectureAction::NextScene,
        KeyCode::PageUp | KeyCode::Char('[') => LectureAction::PrevScene,
        KeyCode::Home => LectureAction::Home,
        KeyCode::Char(c @ '1'..='9') => LectureAction::Jump(c as u8 - b'0'),
        KeyCode::Char('n') => LectureAction::ToggleNarration,
        KeyCode::Char('z') => LectureAction::ToggleTextView,
        KeyCode::Char('g') => LectureAction::StartGoto,
        KeyCode::Char(c @ 'A'..='D') => LectureAction::Guess(c as u8 - b'A'),
        KeyCode::Char('=') => LectureAction::StartGuess,
        _ => return None,
    })
}

fn lab_key(app: &App, key: KeyEvent) -> Option<LabAction> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    // While the rates hide, what is typed is the guess, not a slider value.
    let guessing = app.lab.predict.hides();
    Some(match key.code {
        KeyCode::Enter if guessing => LabAction::StartGuess(None),
        KeyCode::Char(c) if guessing && c.is_ascii_digit() => LabAction::StartGuess(Some(c)),
        KeyCode::Up => LabAction::SelectPrev,
        KeyCode::Down => LabAction::SelectNext,
        KeyCode::Left => LabAction::Adjust {
            up: false,
            big: shift,
        },
        KeyCode::Right => LabAction::Adjust {
            up: true,
            big: shift,
        },
        KeyCode::Char('<') => LabAction::Adjust {
            up: false,
            big: true,
        },
        KeyCode::Char('>') => LabAction::Adjust {
            up: true,
            big: true,
        },
        KeyCode::Enter => LabAction::StartEdit(None),
        KeyCode::Char(c) if c.is_ascii_digit() => LabAction::StartEdit(Some(c)),
        KeyCode::Char('l') => LabAction::ToggleLock,
        KeyCode::Char('s') => LabAction::ToggleScheme,
        KeyCode::Char('r') => LabAction::Reseed,
        KeyCode::Char('m') => LabAction::ToggleMeasure,
        KeyCode::Char('c') => LabAction::Compare,
        KeyCode::Char('d') => LabAction::ToggleGapView,
        KeyCode::Char('P') => LabAction::TogglePredict,
        KeyCode::Char('R') => LabAction::Rehearse,
        _ => return None,
    })
}

fn sandbox_key(key: KeyEvent) -> Option<SandboxAction> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    Some(match key.code {
        KeyCode::Char('i') | KeyCode::Enter => SandboxAction::Focus(KeyMode::Insert),
        KeyCode::Char('f' | '/') => SandboxAction::Focus(KeyMode::Query),
        KeyCode::Up => SandboxAction::Select(SandboxSetting::M),
        KeyCode::Down => SandboxAction::Select(SandboxSetting::K),
        KeyCode::Left => SandboxAction::Adjust {
            up: false,
            big: shift,
        },
        KeyCode::Right => SandboxAction::Adjust {
            up: true,
            big: shift,
        },
        KeyCode::Char('<') => SandboxAction::Adjust {
            up: false,
            big: true,
        },
        KeyCode::Char('>') => SandboxAction::Adjust {
            up: true,
            big: true,
        },
        KeyCode::Char('c') => SandboxAction::Clear,
        _ => return None,
    })
}

fn practice_key(key: KeyEvent) -> Option<PracticeAction> {
    Some(match key.code {
        KeyCode::Up => PracticeAction::Choose { up: true },
        KeyCode::Down => PracticeAction::Choose { up: false },
        KeyCode::Enter | KeyCode::Char('i') => PracticeAction::Focus,
        KeyCode::Char('h') => PracticeAction::ToggleHint,
        KeyCode::Char('r') => PracticeAction::NewVariant,
        KeyCode::Char(c @ '1'..='7') => PracticeAction::GoTo(c as u8 - b'0'),
        _ => return None,
    })
}

fn sizing_key(key: KeyEvent) -> Option<SizingAction> {
    Some(match key.code {
        KeyCode::Up => SizingAction::Select { next: false },
        KeyCode::Down => SizingAction::Select { next: true },
        KeyCode::Enter => SizingAction::Edit(None),
        KeyCode::Char(c) if c.is_ascii_digit() || c == '.' => SizingAction::Edit(Some(c)),
        KeyCode::Char('s') => SizingAction::Solve,
        KeyCode::Char('b') => SizingAction::ToggleBy,
        _ => return None,
    })
}

/// The action a mouse event asks for: a click on a tab switches screens; a
/// click or drag on a lab slider's track moves it there.
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
    if app.screen == Screen::Lab && !app.typing() {
        let body = crate::ui::lab::view::lab_area(app, screen_area(app, frame));
        for (slider, track) in slider_tracks(app, body) {
            // Dragging may stray a row off the track; keep following the column.
            let on_row = track.y == at.y;
            if on_row && at.x + 1 >= track.x && at.x <= track.right() {
                let f = crate::ui::slider::fraction_at(at.x, track.x, track.width);
                return Some(Action::Lab(LabAction::SetFraction(slider, f)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::action::LabSlider;
    use crate::ui::theme::Theme;

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
        a.sandbox.focus = Some(KeyMode::Insert);
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
            Some(Action::Lab(LabAction::Adjust {
                up: true,
                big: true
            }))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('<'))),
            Some(Action::Lab(LabAction::Adjust {
                up: false,
                big: true
            }))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('7'))),
            Some(Action::Lab(LabAction::StartEdit(Some('7'))))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('l'))),
            Some(Action::Lab(LabAction::ToggleLock))
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
            assert_eq!(key_to_action(&a, key(code)), Some(Action::Lecture(action)));
        }
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('6'))),
            Some(Action::Lecture(LectureAction::Jump(6)))
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
        let (slider, track) = slider_tracks(
            &a,
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
            Some(Action::Lab(LabAction::SetFraction(LabSlider::K, 1.0)))
        );
    }
}
