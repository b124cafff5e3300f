//! Keys from the command line as raw bytes.
//!
//! On Unix an argument is a byte string that need not be UTF-8; the filter
//! hashes bytes, so a key is hashed exactly as the shell passed it rather
//! than being rejected or re-encoded. Elsewhere arguments are converted
//! lossily first.

use std::borrow::Cow;
use std::ffi::OsStr;

/// The bytes of one command-line key.
pub(crate) fn key_bytes(key: &OsStr) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(key.as_bytes())
    }
    #[cfg(not(unix))]
    {
        match key.to_string_lossy() {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }
    }
}

/// How a key is shown in output: as text, with any bytes that are not
/// UTF-8 replaced by U+FFFD and every control, bidirectional or zero-width
/// character escaped by `crate::text`'s rule (`\u{1b}`), so a key can
/// never steer the terminal it is printed on.
pub(crate) fn key_label(bytes: &[u8]) -> Cow<'_, str> {
    match String::from_utf8_lossy(bytes) {
        // Most keys need nothing done, and `positions` prints thousands.
        Cow::Borrowed(text) if !text.chars().any(crate::text::is_unsafe) => Cow::Borrowed(text),
        text => Cow::Owned(crate::text::escaped(&text)),
    }
}

/// Splits a comma-separated list of keys into their bytes. Returns `None`
/// when the list is empty or has an empty key (`a,,b`, a trailing comma).
pub(crate) fn split_key_list(list: &OsStr) -> Option<Vec<Vec<u8>>> {
    let bytes = key_bytes(list);
    if bytes.is_empty() {
        return None;
    }
    let keys: Vec<Vec<u8>> = bytes.split(|&b| b == b',').map(<[u8]>::to_vec).collect();
    if keys.iter().any(Vec::is_empty) {
        return None;
    }
    Some(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_split_on_commas() {
        let keys = split_key_list(OsStr::new("rec-11,rec-42,rec-97")).unwrap();
        assert_eq!(
            keys,
            [b"rec-11".to_vec(), b"rec-42".to_vec(), b"rec-97".to_vec()]
        );
        assert_eq!(
            split_key_list(OsStr::new("solo")).unwrap(),
            [b"solo".to_vec()]
        );
    }

    #[test]
    fn empty_lists_and_empty_keys_are_refused() {
        for list in ["", ",", "a,,b", "a,", ",a"] {
            assert!(split_key_list(OsStr::new(list)).is_none(), "{list:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn non_utf8_keys_keep_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let raw = OsStr::from_bytes(b"caf\xe9");
        assert_eq!(&*key_bytes(raw), b"caf\xe9");
        assert_eq!(key_label(b"caf\xe9"), "caf\u{FFFD}");
    }

    #[test]
    fn labels_escape_what_would_steer_a_terminal() {
        assert_eq!(key_label(b"\x1b]0;owned\x07"), "\\u{1b}]0;owned\\u{7}");
        assert_eq!(
            key_label("a\u{202e}b\u{85}".as_bytes()),
            "a\\u{202e}b\\u{85}"
        );
        assert_eq!(key_label(b"\xc2\x9b"), "\\u{9b}");
    }
}
