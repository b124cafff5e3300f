//! Text from outside (a file name, a flag's value, a script's line) made
//! safe to print on a terminal: control characters and invisible
//! formatting characters (bidirectional overrides, zero-width marks) are
//! written as `\u{..}` escapes, so nothing echoed in an error can move the
//! cursor, clear the screen, set a title or reorder what is shown.

/// Most characters of a value echoed in an error; a longer one is cut,
/// with an ellipsis.
pub const ECHO_MAX: usize = 60;

/// `text` with control and invisible characters escaped.
///
/// ```
/// assert_eq!(bloomlab::text::escaped("a\u{1b}[2J\u{202e}"), "a\\u{1b}[2J\\u{202e}");
/// ```
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// `text` escaped as [`escaped`] does and cut to at most `max` characters
/// of the original, with `…` when something was cut.
///
/// ```
/// assert_eq!(bloomlab::text::echo("abcdef", 3), "abc…");
/// assert_eq!(bloomlab::text::echo("\u{7}", 3), "\\u{7}");
/// ```
pub fn echo(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    let invisible = matches!(c,
        '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        | '\u{FEFF}' | '\u{061C}' | '\u{00AD}');
    if c.is_control() || invisible {
        out.extend(c.escape_unicode());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_that_steers_a_terminal_gets_through() {
        for hostile in [
            "\x1b[2J",
            "\x1b]0;title\x07",
            "\u{9b}2J",
            "ab\u{202e}cd",
            "\u{2066}x\u{2069}",
            "zero\u{200b}width",
            "\r\n\t\0",
        ] {
            let out = escaped(hostile);
            assert!(
                !out.chars().any(|c| c.is_control()
                    || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')),
                "{hostile:?} -> {out:?}"
            );
        }
        assert_eq!(escaped("plain text, ünïcode ✓"), "plain text, ünïcode ✓");
    }

    #[test]
    fn echoes_are_capped_by_characters_not_bytes() {
        let long = "é".repeat(100);
        let out = echo(&long, ECHO_MAX);
        assert_eq!(out.chars().count(), ECHO_MAX + 1);
        assert!(out.ends_with('…'));
        assert_eq!(echo("short", ECHO_MAX), "short");
        assert_eq!(echo(&"x".repeat(ECHO_MAX), ECHO_MAX), "x".repeat(ECHO_MAX));
    }
}
