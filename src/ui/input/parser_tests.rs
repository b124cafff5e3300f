use super::*;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

fn k(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn ch(c: char) -> Event {
    Event::Key(char_key(c))
}

fn ctrl(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn alt(c: char) -> Event {
    let mut key = char_key(c);
    key.modifiers |= KeyModifiers::ALT;
    Event::Key(key)
}

/// Feeds every piece at `t0`, then lets the clock run to `after`.
fn events(pieces: &[&[u8]], after: Duration) -> Vec<Event> {
    let t0 = Instant::now();
    let mut parser = Parser::default();
    let mut out = Vec::new();
    for piece in pieces {
        parser.feed(piece, t0, &mut out);
    }
    parser.expire(t0 + after, &mut out);
    out
}

#[test]
fn keys_arrive_as_crossterm_reports_them() {
    assert_eq!(
        events(&[b"q\x1b[A\x1b[1;2C\x03\r\t\x7f"], Duration::ZERO),
        vec![
            ch('q'),
            k(KeyCode::Up),
            Event::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::SHIFT)),
            ctrl('c'),
            k(KeyCode::Enter),
            k(KeyCode::Tab),
            k(KeyCode::Backspace),
        ]
    );
    assert_eq!(
        events(&[b"\x1ax"], Duration::ZERO),
        vec![ctrl('z'), ch('x')]
    );
    assert_eq!(events(&[b"\x1bx"], Duration::ZERO), vec![alt('x')]);
    assert_eq!(
        events(&[b"\x1b[Z"], Duration::ZERO),
        vec![Event::Key(KeyEvent::new(
            KeyCode::BackTab,
            KeyModifiers::SHIFT
        ))]
    );
}

#[test]
fn a_character_split_across_reads_is_one_key() {
    assert_eq!(events(&[b"\xc3", b"\xa9"], Duration::ZERO), vec![ch('é')]);
    assert_eq!(
        events(&[b"\xe2\x82", b"\xac"], Duration::ZERO),
        vec![ch('€')]
    );
    // Invalid bytes are dropped, what follows is read.
    assert_eq!(
        events(&[b"\xff\xc3\x28x"], Duration::ZERO),
        vec![ch('('), ch('x')]
    );
}

#[test]
fn a_lone_escape_is_esc_once_the_timeout_passes() {
    assert_eq!(events(&[b"\x1b"], Duration::from_millis(49)), vec![]);
    assert_eq!(events(&[b"\x1b"], ESCAPE_TIMEOUT), vec![k(KeyCode::Esc)]);
}

/// Every prefix the adversarial run found freezing crossterm's parser: on
/// its own it resolves at the timeout; followed by Ctrl+C, Tab or q in the
/// same read it resolves at once, and the key after it is delivered.
#[test]
fn no_prefix_holds_back_the_keys_after_it() {
    let prefixes: [&[u8]; 9] = [
        b"\x1b[<",
        b"\x1b[<0;",
        b"\x1b[M",
        b"\x1b[1;",
        b"\x1b[200",
        b"\x1b[2$",
        b"\x1b[3",
        b"\x1b[?",
        b"\x1bO",
    ];
    for prefix in prefixes {
        let t0 = Instant::now();
        let mut parser = Parser::default();
        let mut out = Vec::new();
        parser.feed(prefix, t0, &mut out);
        assert_eq!(parser.deadline(), Some(t0 + ESCAPE_TIMEOUT), "{prefix:?}");
        parser.expire(t0 + ESCAPE_TIMEOUT - Duration::from_millis(1), &mut out);
        assert!(out.is_empty(), "{prefix:?} resolved early: {out:?}");
        parser.expire(t0 + ESCAPE_TIMEOUT, &mut out);
        assert_eq!(out.first(), Some(&alt(prefix[1] as char)), "{prefix:?}");
        assert_eq!(parser.deadline(), None, "{prefix:?} left something pending");
        out.clear();
        parser.feed(b"\x03q", t0 + ESCAPE_TIMEOUT, &mut out);
        assert_eq!(out, vec![ctrl('c'), ch('q')], "{prefix:?}");
        for follow in [&b"\x03"[..], b"\t", b"\x1bq"] {
            // The X10 mouse report takes any three bytes, so only its
            // timeout can end it; the rest end at the byte that breaks them.
            if prefix == b"\x1b[M" {
                continue;
            }
            let got = events(&[prefix, follow], Duration::ZERO);
            let last = events(&[follow], ESCAPE_TIMEOUT);
            assert!(got.ends_with(&last), "{prefix:?} then {follow:?}: {got:?}");
        }
    }
}

#[test]
fn alt_bracket_then_less_than_is_two_keys() {
    // tmux send-keys M-[ '<' sends ESC [ < in one write.
    assert_eq!(
        events(&[b"\x1b[<"], ESCAPE_TIMEOUT),
        vec![alt('['), ch('<')]
    );
    assert_eq!(
        events(&[b"\x1b[3\t"], Duration::ZERO),
        vec![alt('['), ch('3'), k(KeyCode::Tab)]
    );
}

#[test]
fn mouse_reports_in_pieces() {
    let got = events(&[b"\x1b[<0;1", b"2;3M\x1b[<0;12;3m"], Duration::ZERO);
    let at = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: 11,
            row: 2,
            modifiers: KeyModifiers::NONE,
        })
    };
    assert_eq!(
        got,
        vec![
            at(MouseEventKind::Down(MouseButton::Left)),
            at(MouseEventKind::Up(MouseButton::Left))
        ]
    );
    assert_eq!(events(&[b"\x1b[M", b" ,#"], Duration::ZERO).len(), 1);
}

#[test]
fn replies_and_garbage_are_dropped_and_what_follows_is_read() {
    for garbage in [
        &b"\x1b[?1;2c"[..],
        b"\x1b[12;40R",
        b"\x1b[999999999999999999999;9R",
        b"\x1b[201~",
        b"\x1b[<0;0;0M",
    ] {
        assert_eq!(
            events(&[garbage, b"x"], Duration::ZERO),
            vec![ch('x')],
            "{garbage:?}"
        );
    }
    let mut long = b"\x1b[".to_vec();
    long.extend(std::iter::repeat_n(b';', 5000));
    long.extend(b"Ax");
    assert_eq!(events(&[&long], Duration::ZERO), vec![ch('x')]);
}

#[test]
fn a_paste_is_one_event_however_it_arrives() {
    assert_eq!(
        events(&[b"\x1b[200~rec-1\r\nq\x1b[201~x"], Duration::ZERO),
        vec![Event::Paste("rec-1\r\nq".into()), ch('x')]
    );
    // Split anywhere, the end marker included.
    let whole = b"\x1b[200~abc\x1b[B\x1b[201~\t";
    for cut in 1..whole.len() {
        let got = events(&[&whole[..cut], &whole[cut..]], Duration::ZERO);
        assert_eq!(
            got,
            vec![Event::Paste("abc\x1b[B".into()), k(KeyCode::Tab)],
            "cut at {cut}"
        );
    }
}

#[test]
fn a_megabyte_paste_keeps_its_start_and_the_keys_after_it() {
    let mut bytes = PASTE_START.to_vec();
    bytes.extend(std::iter::repeat_n(b'y', 1 << 20));
    bytes.extend(PASTE_END);
    bytes.extend(b"\x03");
    let t0 = Instant::now();
    let mut parser = Parser::default();
    let mut out = Vec::new();
    for chunk in bytes.chunks(4095) {
        parser.feed(chunk, t0, &mut out);
    }
    assert_eq!(out.len(), 2, "{:?}", out.get(1));
    assert!(matches!(&out[0], Event::Paste(t) if t.len() == PASTE_KEEP));
    assert_eq!(out[1], ctrl('c'));
}

#[test]
fn a_paste_whose_end_never_comes_ends_after_a_silence() {
    let t0 = Instant::now();
    let mut parser = Parser::default();
    let mut out = Vec::new();
    parser.feed(b"\x1b[200~half", t0, &mut out);
    parser.feed(b" a paste\x1b[20", t0, &mut out);
    assert_eq!(parser.deadline(), Some(t0 + PASTE_SILENCE));
    parser.expire(t0 + ESCAPE_TIMEOUT, &mut out);
    assert!(out.is_empty());
    parser.expire(t0 + PASTE_SILENCE, &mut out);
    assert_eq!(out, vec![Event::Paste("half a paste\x1b[20".into())]);
    out.clear();
    parser.feed(b"q", t0 + PASTE_SILENCE, &mut out);
    assert_eq!(out, vec![ch('q')]);
}
