//! The speaker view's keys: what each key asks for (a pure function of
//! whether a field is open and the key), and the list its `?` overlay and
//! the README show.

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers};

use crate::talk::Command;
use crate::ui::help::KeyHelp;

/// Every key of the speaker view, for its `?` overlay and the README.
pub(crate) const KEYS: &[KeyHelp] = &[
    KeyHelp {
        keys: "→, Space, Enter, PgDn",
        does: "next step or reveal (the presenting app moves too)",
    },
    KeyHelp {
        keys: "←, Backspace, PgUp",
        does: "back (the presenting app moves too)",
    },
    KeyHelp {
        keys: "A … D",
        does: "record the class's pick on a predict step",
    },
    KeyHelp {
        keys: "= 6.9 Enter",
        does: "record the class's number on a predict step",
    },
    KeyHelp {
        keys: "N",
        does: "write a lesson note on this step (Enter keeps it)",
    },
    KeyHelp {
        keys: "R",
        does: "the talk starts now: its clock and the countdown restart",
    },
    KeyHelp {
        keys: "?",
        does: "this list",
    },
    KeyHelp {
        keys: "q, Esc, Ctrl+C",
        does: "leave the speaker view (the app runs on)",
    },
];

/// The bottom line: the keys in short.
pub(crate) const SHORT: &str =
    "→ next · ← back · A-D pick · = number · N note · R restart · ? keys · q quit";

/// Which field is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldKind {
    /// A lesson note.
    Note,
    /// The class's number.
    Number,
}

/// What a key asks of the speaker view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum SpeakerKey {
    /// Send this to the presenting app.
    Send(Command),
    /// The class's pick, from 0 (A).
    Pick(usize),
    /// Open a field.
    Open(FieldKind),
    /// Type into the open field.
    Type(char),
    /// Erase the field's last character.
    Erase,
    /// Take what the field holds.
    Submit,
    /// Close the field, or the `?` list.
    Cancel,
    /// Show or hide the `?` list.
    Help,
    /// Leave.
    Quit,
    /// Stop for now (Ctrl+Z).
    Suspend,
}

/// What `event` asks for, with a field open (`typing`) or not.
pub(crate) fn key(event: &Event, typing: bool, help: bool) -> Option<SpeakerKey> {
    let Event::Key(key) = event else { return None };
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c' | 'C') if ctrl => return Some(SpeakerKey::Quit),
        KeyCode::Char('z' | 'Z') if ctrl => return Some(SpeakerKey::Suspend),
        _ => {}
    }
    if help {
        // The list closes on any key and never acts underneath.
        return Some(SpeakerKey::Help);
    }
    if typing {
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        return match key.code {
            KeyCode::Char(c) if plain => Some(SpeakerKey::Type(c)),
            KeyCode::Backspace => Some(SpeakerKey::Erase),
            KeyCode::Enter => Some(SpeakerKey::Submit),
            KeyCode::Esc => Some(SpeakerKey::Cancel),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Right | KeyCode::Char(' ') | KeyCode::Enter | KeyCode::PageDown => {
            SpeakerKey::Send(Command::Forward)
        }
        KeyCode::Left | KeyCode::Backspace | KeyCode::PageUp => SpeakerKey::Send(Command::Back),
        KeyCode::Char(c @ 'A'..='D') => SpeakerKey::Pick(usize::from(c as u8 - b'A')),
        KeyCode::Char('=') => SpeakerKey::Open(FieldKind::Number),
        KeyCode::Char('N') => SpeakerKey::Open(FieldKind::Note),
        KeyCode::Char('R') => SpeakerKey::Send(Command::RestartClock),
        KeyCode::Char('?') => SpeakerKey::Help,
        KeyCode::Char('q') | KeyCode::Esc => SpeakerKey::Quit,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyEvent;

    use super::*;

    fn press(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn every_listed_key_does_something() {
        let cases = [
            (KeyCode::Right, SpeakerKey::Send(Command::Forward)),
            (KeyCode::PageDown, SpeakerKey::Send(Command::Forward)),
            (KeyCode::PageUp, SpeakerKey::Send(Command::Back)),
            (KeyCode::Char('B'), SpeakerKey::Pick(1)),
            (KeyCode::Char('D'), SpeakerKey::Pick(3)),
            (KeyCode::Char('='), SpeakerKey::Open(FieldKind::Number)),
            (KeyCode::Char('N'), SpeakerKey::Open(FieldKind::Note)),
            (KeyCode::Char('R'), SpeakerKey::Send(Command::RestartClock)),
            (KeyCode::Char('?'), SpeakerKey::Help),
            (KeyCode::Esc, SpeakerKey::Quit),
        ];
        for (code, want) in cases {
            assert_eq!(key(&press(code), false, false), Some(want), "{code:?}");
        }
        assert_eq!(key(&press(KeyCode::Char('E')), false, false), None);
    }

    #[test]
    fn a_field_takes_letters_and_esc_only_closes_it() {
        assert_eq!(
            key(&press(KeyCode::Char('q')), true, false),
            Some(SpeakerKey::Type('q'))
        );
        assert_eq!(
            key(&press(KeyCode::Char('N')), true, false),
            Some(SpeakerKey::Type('N'))
        );
        assert_eq!(
            key(&press(KeyCode::Esc), true, false),
            Some(SpeakerKey::Cancel)
        );
        assert_eq!(
            key(&press(KeyCode::Enter), true, false),
            Some(SpeakerKey::Submit)
        );
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(key(&ctrl_c, true, false), Some(SpeakerKey::Quit));
        assert_eq!(
            key(&press(KeyCode::Right), false, true),
            Some(SpeakerKey::Help)
        );
    }
}
