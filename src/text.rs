//! Text from outside (a file name, a flag's value, a key, a script's line,
//! a note) made safe to print on a terminal. This file holds the one rule
//! for what may not be printed as it is: [`is_unsafe`]. Every such
//! character is written as a `\u{..}` escape ([`escaped`], [`echo`],
//! [`escaped_lines`]), or as JSON's own `\uXXXX` inside JSON
//! ([`json_safe`]), so nothing printed can move the cursor, clear the
//! screen, set a title, ring the bell, reorder what is shown or hide text.

/// Most characters of a value echoed in an error; a longer one is cut,
/// with an ellipsis.
pub const ECHO_MAX: usize = 60;

/// True for a character that must never reach a terminal as it is:
///
/// - C0 controls, DEL and C1 controls (escape sequences, BEL, carriage
///   return, tab, newline; `\u{9b}` starts a sequence on its own);
/// - the line and paragraph separators U+2028 and U+2029;
/// - every format character (Unicode category Cf): the bidirectional
///   marks, embeddings, overrides and isolates that reorder a line, and
///   the zero-width characters (spaces, joiners, the byte-order mark, the
///   invisible operators, the tag characters) that hide text.
///
/// ```
/// use bloomlab::text::is_unsafe;
/// assert!(is_unsafe('\u{1b}') && is_unsafe('\u{9b}') && is_unsafe('\u{202e}'));
/// assert!(is_unsafe('\u{200b}') && is_unsafe('\u{7f}'));
/// assert!(!is_unsafe('é') && !is_unsafe('✓') && !is_unsafe(' '));
/// ```
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Unicode 16's format characters (Cf), and Zl and Zp.
            '\u{00AD}'
                | '\u{0600}'..='\u{0605}'
                | '\u{061C}'
                | '\u{06DD}'
                | '\u{070F}'
                | '\u{0890}'..='\u{0891}'
                | '\u{08E2}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{110BD}'
                | '\u{110CD}'
                | '\u{13430}'..='\u{1343F}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0001}'
                | '\u{E0020}'..='\u{E007F}'
        )
}

/// `text` with every unsafe character written as `\u{..}`.
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

/// `text` escaped as [`escaped`] does, line by line: its newlines stay
/// (as `\n`, a carriage return before one dropped), everything else
/// unsafe is escaped. For output of several lines made of outside text.
///
/// ```
/// assert_eq!(bloomlab::text::escaped_lines("a\r\nb\u{7}\n"), "a\nb\\u{7}\n");
/// ```
pub fn escaped_lines(text: &str) -> String {
    text.split('\n')
        .map(|line| escaped(line.strip_suffix('\r').unwrap_or(line)))
        .collect::<Vec<_>>()
        .join("\n")
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

/// JSON text (as serde_json writes it, one value or JSON Lines) with
/// every unsafe character that is still raw, bar the newlines between
/// lines, written as JSON's `\uXXXX` escape (a surrogate pair above
/// U+FFFF). serde_json escapes C0 itself but not DEL, C1 or the format
/// characters; the value a reader decodes is unchanged, only its bytes
/// are made safe for a terminal. Unsafe characters only ever sit inside
/// strings, so the escape is always valid there.
///
/// ```
/// assert_eq!(bloomlab::text::json_safe("{\"a\":\"x\u{202e}\"}"), "{\"a\":\"x\\u202e\"}");
/// ```
pub fn json_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        // A newline outside strings ends a line of JSON Lines; inside
        // one serde_json has already escaped it.
        if c != '\n' && is_unsafe(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    if is_unsafe(c) {
        out.extend(c.escape_unicode());
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile text of every kind the rule covers.
    const HOSTILE: &[&str] = &[
        "\x1b[2J",
        "\x1b]0;title\x07",
        "\u{9b}2J",
        "\u{85}next line",
        "ab\u{202e}cd",
        "\u{2066}x\u{2069}",
        "\u{200e}\u{200f}\u{061c}",
        "zero\u{200b}width\u{2060}joiner\u{feff}",
        "tag\u{e0041}",
        "line\u{2028}para\u{2029}",
        "\r\n\t\0\x7f",
    ];

    #[test]
    fn nothing_that_steers_a_terminal_gets_through() {
        for hostile in HOSTILE {
            let out = escaped(hostile);
            assert!(!out.chars().any(is_unsafe), "{hostile:?} -> {out:?}");
            assert!(!out.chars().any(char::is_control), "{out:?}");
            let lines = escaped_lines(hostile);
            assert!(
                !lines.chars().any(|c| c != '\n' && is_unsafe(c)),
                "{lines:?}"
            );
        }
        assert_eq!(escaped("plain text, ünïcode ✓"), "plain text, ünïcode ✓");
        assert_eq!(escaped("\u{e0041}"), "\\u{e0041}");
    }

    #[test]
    fn escapes_are_visible_and_stable() {
        // The same character always gives the same escape, and escaping
        // an escape changes nothing more.
        let once = escaped("a\u{202e}b\x1b");
        assert_eq!(once, "a\\u{202e}b\\u{1b}");
        assert_eq!(escaped(&once), once);
    }

    #[test]
    fn json_keeps_its_value_and_loses_its_raw_characters() {
        for hostile in HOSTILE {
            let json = serde_json::to_string(&serde_json::json!({ "t": hostile })).unwrap();
            let safe = json_safe(&json);
            assert!(!safe.chars().any(is_unsafe), "{safe:?}");
            let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
            assert_eq!(back["t"], *hostile, "{safe}");
            let lines = json_safe(&format!("{json}\n{json}\n"));
            assert_eq!(lines, format!("{safe}\n{safe}\n"));
        }
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
