//! Bytes from the terminal to events, with a timeout for sequences that
//! never finish. A terminal sends a key like Up as `ESC [ A` in one go, so
//! a sequence still unfinished [`ESCAPE_TIMEOUT`] after its last byte, or
//! interrupted by a byte that cannot continue it, was cut short: it never
//! holds back what comes after it, and it is dropped, never typed (typed,
//! `ESC [ ?` was Alt+[ and `?`, which opened the help). Only what one key
//! sends by itself survives the cut: `ESC` alone is Esc and `ESC x` is
//! Alt+x, even for the `x` that start sequences (`[`, `O`, `]`, `P`, ...).
//!
//! Control strings (OSC `ESC ]`, DCS `ESC P`, APC `ESC _`, PM `ESC ^`, SOS
//! `ESC X`, and their C1 forms) are a terminal's replies, never keys: each
//! is read to its end (BEL or `ESC \`) and dropped, one that never ends is
//! dropped at the timeout, and nothing of its text is typed or kept. A
//! control byte inside one (Ctrl+C, say) ends it and is read as its key.
//!
//! Time is passed in, so every case is tested without a terminal or a clock.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::csi::{csi_event, ss3_event, x10_mouse};

/// How long an unfinished escape sequence waits for its next byte.
pub(crate) const ESCAPE_TIMEOUT: Duration = Duration::from_millis(50);
/// How long a bracketed paste may go without a byte before it is taken as
/// ended (its end marker lost): longer than a busy terminal's pause inside
/// one paste, short enough that a stray paste start does not seem to hang.
pub(crate) const PASTE_SILENCE: Duration = Duration::from_millis(250);
/// Bytes of one paste kept; every field holds far fewer, so the rest of a
/// larger paste is read and dropped rather than stored.
pub(crate) const PASTE_KEEP: usize = 64 * 1024;
/// Longest escape sequence read; a longer one is garbage and is dropped.
const SEQUENCE_MAX: usize = 256;

const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// What the front of the unread bytes is.
#[derive(Debug, PartialEq)]
enum Scan {
    /// An event, and how many bytes it took.
    Event(Event, usize),
    /// Bytes that mean nothing here (a reply, an unknown key, bad UTF-8).
    Skip(usize),
    /// A bracketed paste starts after this many bytes.
    PasteStart(usize),
    /// A control string starts after this many bytes (its introducer).
    StringStart(usize),
    /// A sequence this long that the next byte cannot continue: it is
    /// taken for the keys it was typed as.
    Broken(usize),
    /// Could still become a sequence: wait for more bytes.
    Incomplete,
}

/// Turns the terminal's bytes into events.
#[derive(Debug, Default)]
pub(crate) struct Parser {
    /// Bytes not yet turned into events (an unfinished sequence).
    pending: Vec<u8>,
    /// When the last byte arrived.
    last: Option<Instant>,
    /// The text of a bracketed paste in progress.
    paste: Option<Vec<u8>>,
    /// A control string being read (and dropped).
    string: Option<ControlString>,
}

/// A control string in progress: only its introducer is kept.
#[derive(Debug)]
struct ControlString {
    /// The bytes that began it (`ESC ]`, or a C1 introducer).
    opener: Vec<u8>,
    /// Whether any of its text has come: an opener alone was a key.
    text: bool,
}

impl Parser {
    /// Reads `bytes` that arrived at `now`, appending every event they finish.
    pub(crate) fn feed(&mut self, bytes: &[u8], now: Instant, out: &mut Vec<Event>) {
        self.pending.extend_from_slice(bytes);
        self.last = Some(now);
        let mut at = 0;
        while at < self.pending.len() {
            if self.paste.is_some() {
                let (next, ended) = self.paste_from(at, out);
                at = next;
                if ended {
                    continue;
                }
                break;
            }
            if self.string.is_some() {
                match self.string_from(at, out) {
                    Some(next) => {
                        at = next;
                        continue;
                    }
                    None => {
                        // Only a lone ESC that may still become `ESC \`
                        // is kept; the text before it is gone.
                        at = self.pending.len() - usize::from(self.pending.last() == Some(&0x1b));
                        break;
                    }
                }
            }
            match scan(&self.pending[at..]) {
                Scan::Event(event, n) => {
                    out.push(event);
                    at += n;
                }
                Scan::Skip(n) => at += n,
                Scan::PasteStart(n) => {
                    self.paste = Some(Vec::new());
                    at += n;
                }
                Scan::StringStart(n) => {
                    self.string = Some(ControlString {
                        opener: self.pending[at..at + n].to_vec(),
                        text: false,
                    });
                    at += n;
                }
                Scan::Broken(n) => {
                    cut_short(&self.pending[at..at + n], out);
                    at += n;
                }
                Scan::Incomplete => break,
            }
        }
        self.pending.drain(..at);
    }

    /// Takes paste text from `at` up to the end marker. Returns where
    /// reading goes on and whether the paste ended; when it has not, what
    /// is left unread is at most the start of the end marker.
    fn paste_from(&mut self, at: usize, out: &mut Vec<Event>) -> (usize, bool) {
        let rest = &self.pending[at..];
        let (text_len, ended) = match find(rest, PASTE_END) {
            Some(i) => (i, true),
            None => (rest.len() - marker_prefix_len(rest), false),
        };
        let text = self.paste.get_or_insert_with(Vec::new);
        let room = PASTE_KEEP.saturating_sub(text.len());
        text.extend_from_slice(&rest[..text_len.min(room)]);
        if ended {
            self.end_paste(out);
            (at + text_len + PASTE_END.len(), true)
        } else {
            (at + text_len, false)
        }
    }

    /// Reads a control string's text from `at`, dropping it. Returns where
    /// reading goes on once the string has ended (by BEL or `ESC \`, or
    /// cut short by a control byte or an ESC that starts something else,
    /// which are then read as usual), `None` when every byte is read and
    /// the string goes on.
    fn string_from(&mut self, at: usize, out: &mut Vec<Event>) -> Option<usize> {
        let mut i = at;
        while let Some(&b) = self.pending.get(i) {
            let (cut, used) = match b {
                0x07 => (false, 1),
                0x1b => match self.pending.get(i + 1) {
                    None => return None,
                    Some(b'\\') => (false, 2),
                    Some(_) => (true, 0),
                },
                0x00..=0x1f => (true, 0),
                _ => {
                    if let Some(string) = self.string.as_mut() {
                        string.text = true;
                    }
                    i += 1;
                    continue;
                }
            };
            if let Some(string) = self.string.take()
                && cut
                && !string.text
            {
                cut_short(&string.opener, out);
            }
            return Some(i + used);
        }
        None
    }

    fn end_paste(&mut self, out: &mut Vec<Event>) {
        if let Some(text) = self.paste.take() {
            out.push(Event::Paste(String::from_utf8_lossy(&text).into_owned()));
        }
    }

    /// When the unfinished input must be resolved if nothing more arrives.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        let last = self.last?;
        if self.paste.is_some() {
            Some(last + PASTE_SILENCE)
        } else if self.pending.is_empty() && self.string.is_none() {
            None
        } else {
            Some(last + ESCAPE_TIMEOUT)
        }
    }

    /// Resolves unfinished input whose deadline has passed at `now`: a
    /// paste ends with what it has; a sequence or control string is
    /// dropped, unless it is all one key sends (`ESC`, `ESC x`).
    pub(crate) fn expire(&mut self, now: Instant, out: &mut Vec<Event>) {
        if self.deadline().is_none_or(|d| d > now) {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        if let Some(text) = self.paste.as_mut() {
            let room = PASTE_KEEP.saturating_sub(text.len());
            text.extend(pending.iter().take(room));
            self.end_paste(out);
        } else if let Some(string) = self.string.take() {
            if !string.text && pending.is_empty() {
                cut_short(&string.opener, out);
            }
        } else {
            cut_short(&pending, out);
        }
    }
}

/// What the bytes at the front of `buf` (not empty) are.
fn scan(buf: &[u8]) -> Scan {
    match buf[0] {
        0x1b => escape(buf),
        // C1's CSI and control string introducers, as raw bytes.
        0x9b => csi(buf, 1),
        0x90 | 0x98 | 0x9d..=0x9f => Scan::StringStart(1),
        b if b < 0x80 => match plain_key(b) {
            Some(key) => Scan::Event(Event::Key(key), 1),
            None => Scan::Skip(1),
        },
        _ => utf8(buf),
    }
}

/// `ESC` and what follows it.
fn escape(buf: &[u8]) -> Scan {
    match buf.get(1) {
        None => Scan::Incomplete,
        Some(b'[') => csi(buf, 2),
        Some(b'O') => match buf.get(2) {
            None => Scan::Incomplete,
            Some(&last) if (0x40..=0x7e).contains(&last) => match ss3_event(last) {
                Some(event) => Scan::Event(event, 3),
                None => Scan::Skip(3),
            },
            Some(_) => Scan::Broken(2),
        },
        Some(b']' | b'P' | b'_' | b'^' | b'X') => Scan::StringStart(2),
        // ESC ESC: the first is the Esc key; the second starts afresh.
        Some(0x1b) => Scan::Event(Event::Key(key(KeyCode::Esc)), 1),
        // ESC then a key is that key with Alt.
        Some(_) => match scan(&buf[1..]) {
            Scan::Event(Event::Key(mut key), n) => {
                key.modifiers |= KeyModifiers::ALT;
                Scan::Event(Event::Key(key), n + 1)
            }
            Scan::Incomplete => Scan::Incomplete,
            Scan::StringStart(n) => Scan::StringStart(n + 1),
            _ => Scan::Skip(2),
        },
    }
}

/// `ESC [` (or C1's CSI), its parameters starting at `from`: parameter
/// bytes, intermediate bytes, one final byte (ECMA-48), or an X10 mouse
/// report (`ESC [ M` and three raw bytes).
fn csi(buf: &[u8], from: usize) -> Scan {
    if buf.get(from) == Some(&b'M') {
        // Each of the report's bytes is 32 or more: a control byte (Tab,
        // Ctrl+C) cannot be one, so it cuts the report short.
        let body = &buf[from + 1..buf.len().min(from + 4)];
        if let Some(i) = body.iter().position(|&b| b < 0x20) {
            return Scan::Broken(from + 1 + i);
        }
        return match buf.get(from + 1..from + 4) {
            Some(&[b, x, y]) => match x10_mouse([b, x, y]) {
                Some(event) => Scan::Event(event, from + 4),
                None => Scan::Skip(from + 4),
            },
            _ => Scan::Incomplete,
        };
    }
    let mut intermediates_from = None;
    for (i, &b) in buf.iter().enumerate().skip(from) {
        if i >= SEQUENCE_MAX {
            return overlong(buf, i);
        }
        match b {
            0x30..=0x3f if intermediates_from.is_none() => {}
            0x20..=0x2f => {
                intermediates_from.get_or_insert(i);
            }
            0x40..=0x7e => {
                if buf[..=i] == *PASTE_START {
                    return Scan::PasteStart(i + 1);
                }
                let split = intermediates_from.unwrap_or(i);
                let (params, intermediates) = (&buf[from..split], &buf[split..i]);
                return match csi_event(params, intermediates, b) {
                    Some(event) => Scan::Event(event, i + 1),
                    None => Scan::Skip(i + 1),
                };
            }
            _ => return Scan::Broken(i),
        }
    }
    Scan::Incomplete
}

/// An over-long sequence is dropped up to and with its final byte.
fn overlong(buf: &[u8], from: usize) -> Scan {
    match buf[from..].iter().position(|b| !(0x20..=0x3f).contains(b)) {
        Some(j) if (0x40..=0x7e).contains(&buf[from + j]) => Scan::Skip(from + j + 1),
        Some(j) => Scan::Skip(from + j),
        None => Scan::Skip(buf.len()),
    }
}

/// A UTF-8 character, possibly still arriving.
fn utf8(buf: &[u8]) -> Scan {
    let width = match buf[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Scan::Skip(1),
    };
    let have = buf.len().min(width);
    if buf[1..have].iter().any(|b| !(0x80..=0xbf).contains(b)) {
        return Scan::Skip(1);
    }
    if have < width {
        return Scan::Incomplete;
    }
    match std::str::from_utf8(&buf[..width])
        .ok()
        .and_then(|s| s.chars().next())
    {
        // C1 controls in UTF-8: CSI and the string introducers start their
        // sequence, the rest are dropped; none is ever a typed character.
        Some('\u{9b}') => csi(buf, width),
        Some('\u{90}' | '\u{98}' | '\u{9d}'..='\u{9f}') => Scan::StringStart(width),
        Some(c) if c.is_control() => Scan::Skip(width),
        Some(c) => Scan::Event(Event::Key(char_key(c)), width),
        None => Scan::Skip(1),
    }
}

/// The key of one ASCII byte, as terminals send them in raw mode.
fn plain_key(b: u8) -> Option<KeyEvent> {
    Some(match b {
        b'\r' => key(KeyCode::Enter),
        b'\t' => key(KeyCode::Tab),
        // Backspace is DEL on most terminals and Ctrl+H on some.
        0x7f | 0x08 => key(KeyCode::Backspace),
        0x1b => key(KeyCode::Esc),
        0x00 => KeyEvent::new(KeyCode::Char(' '), KeyModifiers::CONTROL),
        0x01..=0x1a => KeyEvent::new(KeyCode::Char((b - 1 + b'a') as char), KeyModifiers::CONTROL),
        0x1c..=0x1f => KeyEvent::new(
            KeyCode::Char((b - 0x1c + b'4') as char),
            KeyModifiers::CONTROL,
        ),
        0x20..=0x7e => char_key(b as char),
        _ => return None,
    })
}

/// A typed character; capitals carry Shift, as crossterm reports them.
fn char_key(c: char) -> KeyEvent {
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    KeyEvent::new(KeyCode::Char(c), modifiers)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// A sequence cut short: dropped, unless it is all that one key sends by
/// itself (`ESC` is Esc, `ESC x` is Alt+x). Anything longer was a
/// terminal's sequence that lost its end; typing its bytes would run
/// commands nobody asked for.
fn cut_short(bytes: &[u8], out: &mut Vec<Event>) {
    let key = match *bytes {
        [0x1b] => Some(key(KeyCode::Esc)),
        [0x1b, b] => plain_key(b).map(|mut key| {
            key.modifiers |= KeyModifiers::ALT;
            key
        }),
        _ => None,
    };
    out.extend(key.map(Event::Key));
}

/// Where `needle` (not empty) first occurs in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = hay[from..].iter().position(|&b| b == needle[0]) {
        let at = from + i;
        if hay[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Length of the longest end of `bytes` that starts the paste end marker.
fn marker_prefix_len(bytes: &[u8]) -> usize {
    (1..PASTE_END.len())
        .rev()
        .find(|&n| bytes.len() >= n && bytes.ends_with(&PASTE_END[..n]))
        .unwrap_or(0)
}

#[cfg(test)]
#[path = "parser_tests.rs"]
mod tests;
