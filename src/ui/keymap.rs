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
use crate::ui::help::{CLICKER, GLOBAL, field_key, interrupt};
use crate::ui::view::{screen_area, tab_hits};

/// The action a key asks for in the current state, if any.
pub(crate) fn key_to_action(app: &App, key: KeyEvent) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if let Some(action) = interrupt(key) {
        return Some(action);
    }
    // The key that brings a blanked screen back does nothing else: the
    // presenter presses whatever is under the thumb.
    if app.blank {
        return Some(Action::Unblank);
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
    // Then it closes what the screen has open (the lecture's text view).
    if let Some(action) = (key.code == KeyCode::Esc)
        .then(|| app.on_show().escape())
        .flatten()
    {
        return Some(action);
    }
    // The clicker's keys come before every other table, so a remote's
    // PageDown steps and its Esc never quits.
    let clicker = app
        .clicker()
        .then(|| {
            CLICKER
                .action(key)
                .or_else(|| app.on_show().clicker_page()?.action(key))
        })
        .flatten();
    clicker
        .or_else(|| GLOBAL.action(key))
        .or_else(|| page.action(key))
        // While autoplay runs, a key that does nothing else still stops it:
        // someone at the keyboard wants to take over.
        .or_else(|| app.clock.playing().then_some(Action::PauseAutoplay))
        // After a first `q`, any other key says "carry on".
        .or_else(|| app.quit_asked.then_some(Action::KeepRunning))
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
    let wheel = matches!(
        mouse.kind,
        MouseEventKind::ScrollDown | MouseEventKind::ScrollUp
    );
    if app.blank && (pressed || wheel) {
        return Some(Action::Unblank);
    }
    if !(pressed || wheel) || app.show_help {
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
    fn a_clickers_keys_in_present_mode() {
        let mut a = app(Screen::Lecture);
        let page_down = key(KeyCode::PageDown);
        let scene = Some(Action::from(LectureAction::NextScene));
        let step = Some(Action::from(LectureAction::Forward));
        assert_eq!(key_to_action(&a, page_down), scene);
        a.present = true;
        assert_eq!(key_to_action(&a, page_down), step);
        assert_eq!(
            key_to_action(&a, key(KeyCode::PageUp)),
            Some(Action::from(LectureAction::Back))
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char(']'))),
            scene,
            "scenes stay on ]"
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Esc)),
            Some(Action::LeavePresent)
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::F(5))),
            Some(Action::StartPresent)
        );
        assert_eq!(
            key_to_action(&a, key(KeyCode::Char('q'))),
            Some(Action::AskQuit)
        );
        for blank in ['b', '.'] {
            assert_eq!(
                key_to_action(&a, key(KeyCode::Char(blank))),
                Some(Action::Blank)
            );
        }
        // The config file's clicker keys hold outside present mode too.
        a.present = false;
        a.clicker_keys = true;
        assert_eq!(key_to_action(&a, page_down), step);
        assert_eq!(
            key_to_action(&a, key(KeyCode::Esc)),
            Some(Action::LeavePresent)
        );
    }

    #[test]
    fn a_blank_screen_takes_any_key_to_come_back_and_nothing_else() {
        let mut a = app(Screen::Lecture);
        a.present = true;
        crate::ui::update::update(&mut a, Action::Blank);
        for code in [KeyCode::PageDown, KeyCode::Char('q'), KeyCode::Esc] {
            assert_eq!(key_to_action(&a, key(code)), Some(Action::Unblank));
        }
        let before = a.screens.lecture.step;
        crate::ui::update::update(&mut a, Action::Unblank);
        assert!(!a.blank && !a.quit && a.present);
        assert_eq!(a.screens.lecture.step, before);
    }

    #[test]
    fn q_asks_once_when_presenting() {
        let mut a = app(Screen::Lab);
        a.present = true;
        let q = key(KeyCode::Char('q'));
        let act = |a: &mut App, k| {
            if let Some(action) = key_to_action(a, k) {
                crate::ui::update::update(a, action);
            }
        };
        act(&mut a, q);
        assert!(!a.quit && a.quit_asked);
        let said = a.status.as_ref().map(|s| s.text.clone());
        assert_eq!(said.as_deref(), Some(crate::ui::update::QUIT_ASK));
        // A key with no meaning of its own still cancels.
        act(&mut a, key(KeyCode::Char('x')));
        assert!(!a.quit && !a.quit_asked && a.status.is_none());
        act(&mut a, q);
        act(&mut a, q);
        assert!(a.quit);
    }

    #[test]
    fn esc_in_the_text_view_goes_back_to_the_board() {
        for present in [false, true] {
            let mut a = app(Screen::Lecture);
            a.present = present;
            a.screens.lecture.text_view = true;
            assert_eq!(
                key_to_action(&a, key(KeyCode::Esc)),
                Some(Action::from(LectureAction::ToggleTextView))
            );
        }
    }

    #[test]
    fn hands_that_know_vi() {
        let lecture = app(Screen::Lecture);
        for (c, action) in [
            ('l', LectureAction::Forward),
            ('h', LectureAction::Back),
            ('G', LectureAction::End),
        ] {
            assert_eq!(
                key_to_action(&lecture, key(KeyCode::Char(c))),
                Some(Action::from(action))
            );
        }
        let lab = app(Screen::Lab);
        assert_eq!(
            key_to_action(&lab, key(KeyCode::Char('j'))),
            Some(Action::from(LabAction::SelectNext))
        );
        assert_eq!(
            key_to_action(&lab, key(KeyCode::Char('h'))),
            Some(Action::from(LabAction::Adjust {
                up: false,
                big: false
            }))
        );
        let sandbox = app(Screen::Sandbox);
        assert_eq!(
            key_to_action(&sandbox, key(KeyCode::Char('l'))),
            key_to_action(&sandbox, key(KeyCode::Right))
        );
        let compare = app(Screen::Compare);
        for (letter, arrow) in [
            ('h', KeyCode::Left),
            ('j', KeyCode::Down),
            ('k', KeyCode::Up),
            ('l', KeyCode::Right),
        ] {
            assert_eq!(
                key_to_action(&compare, key(KeyCode::Char(letter))),
                key_to_action(&compare, key(arrow))
            );
            assert!(key_to_action(&compare, key(arrow)).is_some());
        }
        for screen in [Screen::Sizing, Screen::Practice] {
            let a = app(screen);
            assert_eq!(
                key_to_action(&a, key(KeyCode::Char('k'))),
                key_to_action(&a, key(KeyCode::Up))
            );
            assert!(key_to_action(&a, key(KeyCode::Char('k'))).is_some());
        }
        // Practice keeps h for its hint.
        assert_ne!(
            key_to_action(&app(Screen::Practice), key(KeyCode::Char('h'))),
            key_to_action(&app(Screen::Practice), key(KeyCode::Left))
        );
    }

    #[test]
    fn g_g_is_the_first_step_and_g_then_a_number_still_goes_there() {
        let mut a = app(Screen::Lecture);
        let press = |a: &mut App, c: char| {
            let action = key_to_action(a, key(KeyCode::Char(c))).expect("an action");
            crate::ui::update::update(a, action);
        };
        press(&mut a, 'G');
        let last = a.screens.lecture.lecture.len() - 1;
        assert_eq!(a.screens.lecture.step, last);
        press(&mut a, 'g');
        press(&mut a, 'g');
        assert_eq!(a.screens.lecture.step, 0);
        assert!(a.screens.lecture.goto.is_none());
        for c in ['g', '3', '.', '2'] {
            press(&mut a, c);
        }
        let enter = key_to_action(&a, key(KeyCode::Enter)).expect("an action");
        crate::ui::update::update(&mut a, enter);
        assert_eq!(
            a.screens.lecture.lecture.locate(a.screens.lecture.step),
            (2, 1)
        );
    }

    #[test]
    fn the_wheel_steps_the_lecture() {
        let mut a = app(Screen::Lecture);
        a.size = (100, 30);
        let wheel = |kind| MouseEvent {
            kind,
            column: 40,
            row: 10,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(
            mouse_to_action(&a, wheel(MouseEventKind::ScrollDown)),
            Some(Action::from(LectureAction::Forward))
        );
        assert_eq!(
            mouse_to_action(&a, wheel(MouseEventKind::ScrollUp)),
            Some(Action::from(LectureAction::Back))
        );
        a.screen = Screen::Lab;
        assert_eq!(mouse_to_action(&a, wheel(MouseEventKind::ScrollDown)), None);
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
