//! Whether the terminal can draw the app at all: `TERM=dumb` (Emacs's
//! shell buffers, some CI logs) and any terminal whose terminfo entry has
//! no cursor addressing (`cup`) would show escape codes instead of a frame.
//! A terminal missing from the terminfo database is taken to be a modern
//! one: the app only needs the ANSI sequences every such terminal has.

use std::ffi::OsStr;
use std::io::Read;
use std::path::PathBuf;

/// Index of `cup` (cursor_address) among terminfo's string capabilities.
const CUP: usize = 10;
/// Largest terminfo entry read (the format allows 32 KiB).
const ENTRY_MAX: u64 = 64 * 1024;

/// Why the terminal named `term` cannot show the app, or `None` when it can.
pub(crate) fn unfit(term: Option<&OsStr>) -> Option<String> {
    let term = match term.map(OsStr::to_string_lossy) {
        None => return Some("TERM is not set".into()),
        Some(t) if t.trim().is_empty() => return Some("TERM is empty".into()),
        Some(t) => t.into_owned(),
    };
    if term == "dumb" {
        return Some("TERM=dumb cannot move the cursor".into());
    }
    let entry = entry(&term)?;
    match can_address_cursor(&entry) {
        Some(false) => Some(format!(
            "TERM={} cannot move the cursor (its terminfo entry has no cup)",
            crate::text::echo(&term, 40)
        )),
        _ => None,
    }
}

/// The compiled terminfo entry of `term`, from the usual places.
fn entry(term: &str) -> Option<Vec<u8>> {
    if term.contains(['/', '\\']) || term.starts_with('.') {
        return None;
    }
    let first = term.chars().next()?;
    let env = |name: &str| std::env::var_os(name).map(PathBuf::from);
    let mut dirs: Vec<PathBuf> = Vec::new();
    dirs.extend(env("TERMINFO"));
    dirs.extend(env("HOME").map(|h| h.join(".terminfo")));
    if let Some(list) = std::env::var_os("TERMINFO_DIRS") {
        dirs.extend(std::env::split_paths(&list).filter(|p| !p.as_os_str().is_empty()));
    }
    dirs.extend(["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"].map(PathBuf::from));
    dirs.iter()
        .flat_map(|dir| {
            [
                dir.join(first.to_string()).join(term),
                dir.join(format!("{:02x}", u32::from(first))).join(term),
            ]
        })
        .find_map(|path| {
            let mut bytes = Vec::new();
            std::fs::File::open(path)
                .ok()?
                .take(ENTRY_MAX)
                .read_to_end(&mut bytes)
                .ok()?;
            Some(bytes)
        })
}

/// Whether a compiled terminfo entry (legacy or 32-bit format) has `cup`;
/// `None` when the bytes are not an entry.
pub(crate) fn can_address_cursor(entry: &[u8]) -> Option<bool> {
    let word = |i: usize| -> Option<i16> {
        let b = entry.get(2 * i..2 * i + 2)?;
        Some(i16::from_le_bytes([b[0], b[1]]))
    };
    let number_size = match word(0)? {
        0o432 => 2,
        0o1036 => 4,
        _ => return None,
    };
    let count = |i: usize| word(i).and_then(|v| usize::try_from(v).ok());
    let (names, bools, numbers, strings) = (count(1)?, count(2)?, count(3)?, count(4)?);
    if strings <= CUP {
        return Some(false);
    }
    let mut at = 12 + names + bools;
    at += at % 2;
    at += numbers * number_size;
    let offset = entry.get(at + 2 * CUP..at + 2 * CUP + 2)?;
    // -1 is absent, -2 cancelled; anything else points at the string.
    Some(i16::from_le_bytes([offset[0], offset[1]]) >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legacy entry named `name` with `cup` present or not.
    pub(crate) fn entry_bytes(name: &str, cup: bool) -> Vec<u8> {
        let names = format!("{name}\0");
        let strings = 11i16;
        let table = b"\x1b[%i%p1%d;%p2%dH\0";
        let mut out = Vec::new();
        for v in [0o432, names.len() as i16, 1, 1, strings, table.len() as i16] {
            out.extend(v.to_le_bytes());
        }
        out.extend(names.as_bytes());
        out.push(1);
        if out.len() % 2 == 1 {
            out.push(0);
        }
        out.extend(80i16.to_le_bytes());
        for i in 0..strings {
            let offset: i16 = if i == 10 && cup { 0 } else { -1 };
            out.extend(offset.to_le_bytes());
        }
        out.extend(table);
        out
    }

    #[test]
    fn cursor_addressing_is_read_from_the_entry() {
        assert_eq!(can_address_cursor(&entry_bytes("fancy", true)), Some(true));
        assert_eq!(
            can_address_cursor(&entry_bytes("glass", false)),
            Some(false)
        );
        assert_eq!(can_address_cursor(b"not an entry"), None);
        assert_eq!(can_address_cursor(&[]), None);
        let cut = entry_bytes("fancy", true);
        assert_eq!(can_address_cursor(&cut[..20]), None);
    }

    #[test]
    fn dumb_unset_and_empty_terminals_are_refused() {
        assert!(unfit(None).is_some());
        assert!(unfit(Some(OsStr::new(""))).is_some());
        assert!(unfit(Some(OsStr::new("dumb"))).is_some());
        assert_eq!(unfit(Some(OsStr::new("no-such-terminal-anywhere"))), None);
        assert_eq!(unfit(Some(OsStr::new("../../etc/passwd"))), None);
    }
}
