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
/// its own it resolves at the timeout (dropped, or Alt+O for `ESC O`, all
/// that key sends); followed by Ctrl+C, Tab or q in the same read it
/// resolves at once, and the key after it is delivered.
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
        let alone = (prefix.len() == 2).then(|| alt(prefix[1] as char));
        assert_eq!(out.first(), alone.as_ref(), "{prefix:?}");
        assert_eq!(parser.deadline(), None, "{prefix:?} left something pending");
        out.clear();
        parser.feed(b"\x03q", t0 + ESCAPE_TIMEOUT, &mut out);
        assert_eq!(out, vec![ctrl('c'), ch('q')], "{prefix:?}");
        for follow in [&b"\x03"[..], b"\t", b"\x1bq"] {
            // Every one ends at the byte that breaks it: an X10 mouse
            // report's bytes are never control bytes.
            let got = events(&[prefix, follow], Duration::ZERO);
            let last = events(&[follow], ESCAPE_TIMEOUT);
            assert!(got.ends_with(&last), "{prefix:?} then {follow:?}: {got:?}");
        }
    }
}

#[test]
fn alt_bracket_then_less_than_in_one_write_is_dropped() {
    // tmux send-keys M-[ '<' sends ESC [ < in one write: the start of a
    // mouse report cut short, so it is dropped (issue 22); Alt+[ sent by
    // itself is still Alt+[.
    assert_eq!(events(&[b"\x1b[<"], ESCAPE_TIMEOUT), vec![]);
    assert_eq!(events(&[b"\x1b["], ESCAPE_TIMEOUT), vec![alt('[')]);
    assert_eq!(
        events(&[b"\x1b[3\t"], Duration::ZERO),
        vec![k(KeyCode::Tab)]
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

/// Issue 22: an unfinished OSC typed `ESC ] 0 ; title` as keys (Alt+]
/// moved a scene, `t` changed the theme, `e` wrote an export). A control
/// string (OSC, DCS, APC, PM, SOS) is read to its end and dropped; one
/// that never ends is dropped at the timeout, whatever it held.
#[test]
fn control_strings_are_dropped_finished_or_not() {
    for unfinished in [
        &b"\x1b]0;title"[..],
        b"\x1b]0;title\x1b",
        b"\x1bP1$r0m",
        b"\x1b_Gi=1;OK",
        b"\x1b^private",
        b"\x1bXsos",
        b"\xc2\x9d0;title",
    ] {
        assert_eq!(
            events(&[unfinished], ESCAPE_TIMEOUT),
            vec![],
            "{unfinished:?}"
        );
    }
    for finished in [
        &b"\x1b]0;title\x07"[..],
        b"\x1b]11;rgb:0000/0000/0000\x1b\\",
        b"\x1bP>|xterm(390)\x1b\\",
        b"\x1b_Gi=1;OK\x1b\\",
        b"\x1b^pm\x07",
        "\x1b]2;tïtle ✓\x07".as_bytes(),
    ] {
        assert_eq!(
            events(&[finished, b"x"], Duration::ZERO),
            vec![ch('x')],
            "{finished:?}"
        );
        // Split anywhere, the terminator included.
        for cut in 1..finished.len() {
            let got = events(&[&finished[..cut], &finished[cut..], b"x"], Duration::ZERO);
            assert_eq!(got, vec![ch('x')], "{finished:?} cut at {cut}");
        }
    }
    // A control byte is never swallowed by a string that has not ended:
    // the string is dropped and the key read.
    assert_eq!(
        events(&[b"\x1b]0;ti\x03tle"], Duration::ZERO),
        vec![ctrl('c'), ch('t'), ch('l'), ch('e')]
    );
    // ESC that does not end the string starts the next sequence.
    assert_eq!(
        events(&[b"\x1b]0;title\x1b[A"], Duration::ZERO),
        vec![k(KeyCode::Up)]
    );
}

#[test]
fn a_string_that_never_ends_is_not_kept_in_memory() {
    let t0 = Instant::now();
    let mut parser = Parser::default();
    let mut out = Vec::new();
    parser.feed(b"\x1b]0;", t0, &mut out);
    for _ in 0..1000 {
        parser.feed(&[b'x'; 4096], t0, &mut out);
    }
    assert!(out.is_empty());
    assert!(
        parser.pending.len() < 16,
        "{} bytes held",
        parser.pending.len()
    );
    parser.expire(t0 + ESCAPE_TIMEOUT, &mut out);
    assert!(out.is_empty());
    parser.feed(b"q", t0 + ESCAPE_TIMEOUT, &mut out);
    assert_eq!(out, vec![ch('q')]);
}

/// Issue 22: `ESC [ ?` alone, then `q`, opened the help (Alt+[ and `?`)
/// and the help ate the `q`. A sequence cut short, by the timeout or by a
/// byte that cannot continue it, is dropped; only what one key sends by
/// itself survives: `ESC` is Esc and `ESC x` is Alt+x.
#[test]
fn a_prefix_cut_short_is_dropped_not_typed() {
    for prefix in [
        &b"\x1b[?"[..],
        b"\x1b[<",
        b"\x1b[<0;",
        b"\x1b[1;",
        b"\x1b[M",
        b"\x1b[M ",
        b"\x1b[200",
    ] {
        assert_eq!(events(&[prefix], ESCAPE_TIMEOUT), vec![], "{prefix:?}");
        assert_eq!(
            events(&[prefix, b"\t"], Duration::ZERO).last(),
            Some(&k(KeyCode::Tab)),
            "{prefix:?}"
        );
    }
    assert_eq!(
        events(&[b"\x1b[3\t"], Duration::ZERO),
        vec![k(KeyCode::Tab)]
    );
    // What a single key sends by itself is that key.
    assert_eq!(events(&[b"\x1b"], ESCAPE_TIMEOUT), vec![k(KeyCode::Esc)]);
    for c in ['[', 'O', ']', 'P', '_', '^', 'X'] {
        let bytes = [0x1b, c as u8];
        assert_eq!(events(&[&bytes], ESCAPE_TIMEOUT), vec![alt(c)], "Alt+{c}");
        assert_eq!(
            events(&[&bytes, b"\x03"], Duration::ZERO),
            vec![alt(c), ctrl('c')],
            "Alt+{c} then Ctrl+C"
        );
    }
    assert_eq!(events(&[b"\x1bx"], Duration::ZERO), vec![alt('x')]);
}

#[test]
fn c1_controls_are_never_typed() {
    // C1's CSI and OSC, as raw bytes or in UTF-8, start their sequence.
    assert_eq!(events(&[b"\xc2\x9b2Jx"], Duration::ZERO), vec![ch('x')]);
    assert_eq!(events(&[b"\x9b2Jx"], Duration::ZERO), vec![ch('x')]);
    assert_eq!(events(&[b"\x9d0;t\x07x"], Duration::ZERO), vec![ch('x')]);
    assert_eq!(events(&[b"\x9d0;title"], ESCAPE_TIMEOUT), vec![]);
    // Any other is dropped.
    assert_eq!(events(&[b"\xc2\x85q"], Duration::ZERO), vec![ch('q')]);
}
