//! Bytes from the terminal to events, with a timeout for sequences that
//! never finish. A terminal sends a key like Up as `ESC [ A` in one go, so
//! a sequence still unfinished [`ESCAPE_TIMEOUT`] after its last byte, or
//! interrupted by a byte that cannot continue it, was typed by hand (Alt+[
//! then `<`) or cut short: it is taken for the keys it was typed as, as
//! vim's `ttimeout` does, and never holds back what comes after it.
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
                Scan::Broken(n) => {
                    typed_as_keys(&self.pending[at..at + n], out);
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
        } else if self.pending.is_empty() {
            None
        } else {
            Some(last + ESCAPE_TIMEOUT)
        }
    }

    /// Resolves unfinished input whose deadline has passed at `now`: a
    /// paste ends with what it has, a sequence becomes the keys typed.
    pub(crate) fn expire(&mut self, now: Instant, out: &mut Vec<Event>) {
        if self.deadline().is_none_or(|d| d > now) {
            return;
        }
        let pending = std::mem::take(&mut self.pending);
        if let Some(text) = self.paste.as_mut() {
            let room = PASTE_KEEP.saturating_sub(text.len());
            text.extend(pending.iter().take(room));
            self.end_paste(out);
        } else {
            typed_as_keys(&pending, out);
        }
    }
}

/// What the bytes at the front of `buf` (not empty) are.
fn scan(buf: &[u8]) -> Scan {
    match buf[0] {
        0x1b => escape(buf),
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
        Some(b'[') => csi(buf),
        Some(b'O') => match buf.get(2) {
            None => Scan::Incomplete,
            Some(&last) if (0x40..=0x7e).contains(&last) => match ss3_event(last) {
                Some(event) => Scan::Event(event, 3),
                None => Scan::Skip(3),
            },
            Some(_) => Scan::Broken(2),
        },
        // ESC ESC: the first is the Esc key; the second starts afresh.
        Some(0x1b) => Scan::Event(Event::Key(key(KeyCode::Esc)), 1),
        // ESC then a key is that key with Alt.
        Some(_) => match scan(&buf[1..]) {
            Scan::Event(Event::Key(mut key), n) => {
                key.modifiers |= KeyModifiers::ALT;
                Scan::Event(Event::Key(key), n + 1)
            }
            Scan::Incomplete => Scan::Incomplete,
            _ => Scan::Skip(2),
        },
    }
}

/// `ESC [`: parameter bytes, intermediate bytes, one final byte (ECMA-48),
/// or an X10 mouse report (`ESC [ M` and three raw bytes).
fn csi(buf: &[u8]) -> Scan {
    if buf.get(2) == Some(&b'M') {
        return match buf.get(3..6) {
            Some(&[b, x, y]) => match x10_mouse([b, x, y]) {
                Some(event) => Scan::Event(event, 6),
                None => Scan::Skip(6),
            },
            _ => Scan::Incomplete,
        };
    }
    let mut intermediates_from = None;
    for (i, &b) in buf.iter().enumerate().skip(2) {
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
                let (params, intermediates) = (&buf[2..split], &buf[split..i]);
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

/// An unfinished sequence as the keys it was typed as: `ESC` alone is Esc,
/// `ESC x ...` is Alt+x and then each following byte as its own key.
fn typed_as_keys(bytes: &[u8], out: &mut Vec<Event>) {
    let (alt, rest) = match bytes {
        [0x1b] => (false, bytes),
        [0x1b, rest @ ..] => (true, rest),
        _ => (false, bytes),
    };
    for (i, &b) in rest.iter().enumerate() {
        if let Some(mut key) = plain_key(b) {
            if alt && i == 0 {
                key.modifiers |= KeyModifiers::ALT;
            }
            out.push(Event::Key(key));
        }
    }
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
