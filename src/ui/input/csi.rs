//! Complete escape sequences to events: `CSI` keys (arrows, Home, PageUp,
//! F-keys, Shift+Tab, each with modifiers), SGR and X10 mouse reports,
//! focus reports, and the `SS3` keys of application cursor mode. Anything
//! else a terminal may send (replies to queries nobody made, keys the app
//! has no use for) is `None`, and the caller drops it.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The event of a complete `ESC [ params intermediates final` sequence.
pub(crate) fn csi_event(params: &[u8], intermediates: &[u8], last: u8) -> Option<Event> {
    if !intermediates.is_empty() {
        return None;
    }
    if let Some(sgr) = params.strip_prefix(b"<") {
        return sgr_mouse(sgr, last);
    }
    // `?`, `>` and `=` open replies (device attributes, modes, ...).
    if params.first().is_some_and(|b| (b'<'..=b'?').contains(b)) {
        return None;
    }
    let numbers = numbers(params)?;
    let first = numbers.first().copied();
    let modifiers = modifiers(numbers.get(1).copied());
    let key = |code: KeyCode| Some(Event::Key(KeyEvent::new(code, modifiers)));
    match (last, first) {
        (b'A', None | Some(1)) => key(KeyCode::Up),
        (b'B', None | Some(1)) => key(KeyCode::Down),
        (b'C', None | Some(1)) => key(KeyCode::Right),
        (b'D', None | Some(1)) => key(KeyCode::Left),
        (b'H', None | Some(1)) => key(KeyCode::Home),
        (b'F', None | Some(1)) => key(KeyCode::End),
        (b'P'..=b'S', None | Some(1)) => key(KeyCode::F(last - b'P' + 1)),
        (b'Z', None) => Some(Event::Key(KeyEvent::new(
            KeyCode::BackTab,
            KeyModifiers::SHIFT,
        ))),
        (b'I', None) => Some(Event::FocusGained),
        (b'O', None) => Some(Event::FocusLost),
        (b'~', Some(n)) => tilde_key(n).and_then(key),
        (b'u', Some(n)) => unicode_key(n).and_then(key),
        _ => None,
    }
}

/// The key of an `SS3` sequence (`ESC O x`), sent in application cursor mode.
pub(crate) fn ss3_event(last: u8) -> Option<Event> {
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'M' => KeyCode::Enter,
        b'P'..=b'S' => KeyCode::F(last - b'P' + 1),
        _ => return None,
    };
    Some(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// An X10 mouse report: the three bytes after `ESC [ M`, each offset by 32.
pub(crate) fn x10_mouse(bytes: [u8; 3]) -> Option<Event> {
    let [b, x, y] = bytes.map(|v| u16::from(v.wrapping_sub(32)));
    // In X10 a release does not say which button; 3 is "released".
    let release = b & 0b11 == 3 && b & (32 | 64) == 0;
    mouse(b, x, y, release)
}

/// The numbers of a parameter string `1;5` (empty ones are absent; a
/// kitty sub-parameter after `:` is ignored). `None` when one is not a
/// number or does not fit.
fn numbers(params: &[u8]) -> Option<Vec<u16>> {
    if params.is_empty() {
        return Some(Vec::new());
    }
    params
        .split(|&b| b == b';')
        .map(|p| {
            let p = p.split(|&b| b == b':').next().unwrap_or_default();
            std::str::from_utf8(p).ok()?.parse::<u16>().ok()
        })
        .collect()
}

/// The modifiers of an xterm modifier parameter (1 + a bit mask).
fn modifiers(param: Option<u16>) -> KeyModifiers {
    let mask = param.unwrap_or(1).saturating_sub(1);
    let mut out = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
    ] {
        if mask & bit != 0 {
            out |= modifier;
        }
    }
    out
}

/// The key of `CSI n ~`.
fn tilde_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F((n - 10) as u8),
        17..=21 => KeyCode::F((n - 11) as u8),
        23 | 24 => KeyCode::F((n - 12) as u8),
        _ => return None,
    })
}

/// The key of a kitty-style `CSI codepoint u`.
fn unicode_key(n: u16) -> Option<KeyCode> {
    Some(match n {
        9 => KeyCode::Tab,
        13 => KeyCode::Enter,
        27 => KeyCode::Esc,
        127 => KeyCode::Backspace,
        _ => KeyCode::Char(char::from_u32(u32::from(n)).filter(|c| !c.is_control())?),
    })
}

/// An SGR mouse report, `b;x;y` then `M` (press, drag, motion) or `m` (release).
fn sgr_mouse(params: &[u8], last: u8) -> Option<Event> {
    let release = match last {
        b'M' => false,
        b'm' => true,
        _ => return None,
    };
    match numbers(params)?.as_slice() {
        &[b, x, y] => mouse(b, x, y, release),
        _ => None,
    }
}

/// A mouse event from its button code and 1-based cell. A report at
/// column or row 0 (no terminal sends one) is dropped.
fn mouse(b: u16, x: u16, y: u16, release: bool) -> Option<Event> {
    let column = x.checked_sub(1)?;
    let row = y.checked_sub(1)?;
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if b & bit != 0 {
            modifiers |= modifier;
        }
    }
    let button = match b & 0b11 {
        0 => Some(MouseButton::Left),
        1 => Some(MouseButton::Middle),
        2 => Some(MouseButton::Right),
        _ => None,
    };
    let kind = if b & 128 != 0 {
        return None;
    } else if b & 64 != 0 {
        match b & 0b11 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if release {
        MouseEventKind::Up(button.unwrap_or(MouseButton::Left))
    } else if b & 32 != 0 {
        button.map_or(MouseEventKind::Moved, MouseEventKind::Drag)
    } else {
        MouseEventKind::Down(button?)
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Option<Event> {
        Some(Event::Key(KeyEvent::new(code, modifiers)))
    }

    #[test]
    fn arrows_and_named_keys_with_modifiers() {
        assert_eq!(
            csi_event(b"", b"", b'C'),
            key(KeyCode::Right, KeyModifiers::NONE)
        );
        assert_eq!(
            csi_event(b"1;2", b"", b'D'),
            key(KeyCode::Left, KeyModifiers::SHIFT)
        );
        assert_eq!(
            csi_event(b"1;5", b"", b'C'),
            key(KeyCode::Right, KeyModifiers::CONTROL)
        );
        assert_eq!(
            csi_event(b"5", b"", b'~'),
            key(KeyCode::PageUp, KeyModifiers::NONE)
        );
        assert_eq!(
            csi_event(b"24;5", b"", b'~'),
            key(KeyCode::F(12), KeyModifiers::CONTROL)
        );
        assert_eq!(
            csi_event(b"", b"", b'Z'),
            key(KeyCode::BackTab, KeyModifiers::SHIFT)
        );
        assert_eq!(ss3_event(b'P'), key(KeyCode::F(1), KeyModifiers::NONE));
    }

    #[test]
    fn replies_and_unknown_sequences_mean_nothing() {
        for (params, inter, last) in [
            (&b"?1;2"[..], &b""[..], b'c'),
            (b"?u", b"", b'u'),
            (b"12;40", b"", b'R'),
            (b"2", b"$", b'y'),
            (b"99999999", b"", b'~'),
            (b";;;;;;;", b"", b'A'),
            (b"999", b"", b'~'),
        ] {
            assert_eq!(csi_event(params, inter, last), None, "{params:?}");
        }
    }

    #[test]
    fn sgr_mouse_presses_drags_releases_and_wheels() {
        let at = |kind, column, row| {
            Some(Event::Mouse(MouseEvent {
                kind,
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }))
        };
        assert_eq!(
            csi_event(b"<0;5;1", b"", b'M'),
            at(MouseEventKind::Down(MouseButton::Left), 4, 0)
        );
        assert_eq!(
            csi_event(b"<0;5;1", b"", b'm'),
            at(MouseEventKind::Up(MouseButton::Left), 4, 0)
        );
        assert_eq!(
            csi_event(b"<32;9;3", b"", b'M'),
            at(MouseEventKind::Drag(MouseButton::Left), 8, 2)
        );
        assert_eq!(
            csi_event(b"<35;9;3", b"", b'M'),
            at(MouseEventKind::Moved, 8, 2)
        );
        assert_eq!(
            csi_event(b"<65;2;2", b"", b'M'),
            at(MouseEventKind::ScrollDown, 1, 1)
        );
        assert_eq!(
            csi_event(b"<0;65535;65535", b"", b'M'),
            at(MouseEventKind::Down(MouseButton::Left), 65534, 65534)
        );
    }

    #[test]
    fn mouse_reports_at_zero_or_beyond_range_are_dropped() {
        for params in [
            &b"<0;0;0"[..],
            b"<0;5;0",
            b"<0;99999;99999",
            b"<0;5",
            b"<0;a;1",
        ] {
            assert_eq!(csi_event(params, b"", b'M'), None, "{params:?}");
        }
        assert_eq!(x10_mouse(*b"   "), None);
        assert!(matches!(x10_mouse(*b" !!"), Some(Event::Mouse(_))));
    }
}
