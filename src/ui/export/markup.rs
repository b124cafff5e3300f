//! Text made safe inside XML and HTML, in element content and in quoted
//! attribute values alike (for a terminal, see [`crate::text`]).

/// `text` with `& < > " '` written as entities, and every character XML 1.0
/// forbids even as an entity (C0 controls but tab and newline, U+FFFE,
/// U+FFFF) replaced by U+FFFD, so a stray byte in a teacher's script can
/// never make an exported file unreadable.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() && u32::from(c) < 0x20 => out.push('\u{fffd}'),
            '\u{7f}'..='\u{9f}' | '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_forbidden_characters_are_neutralised() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
        assert_eq!(
            escape("x\u{1b}[31m\u{7}\u{ffff}y"),
            "x\u{fffd}[31m\u{fffd}\u{fffd}y"
        );
        assert_eq!(escape("ok\tfine\n░▒▓ ⠿ ─│"), "ok\tfine\n░▒▓ ⠿ ─│");
    }
}
