//! What the screens' plain descriptions and commands share: a drawn row
//! read back as a sentence (so a screen whose rows are built as lines is
//! described by the very rows it draws), a command's name and value, and a
//! setting read against its range with the app's own messages.

use ratatui::text::Line;

use crate::lecture::spoken::sentence;
use crate::limits::Span;
use crate::ui::error::UiError;

/// Columns a screen's rows are built for when they are read rather than
/// drawn: wide enough that every row takes its fullest wording.
pub(crate) const READ_WIDTH: u16 = 1000;

/// Longest label a screen's rows put in their first column.
const LABEL_MAX: usize = 16;

/// A row the screen draws, as a sentence: its label, then its value and
/// notes (the columns and pieces the row sets apart), or `None` for a
/// blank row. A mark that leads the row (a tick, a cross, a pointer) goes:
/// the row's words say the same.
///
/// "exact      0.0083  about 1 in 120" reads "Exact: 0.0083, about 1 in 120."
pub(crate) fn line_sentence(line: &Line<'_>) -> Option<String> {
    let parts: Vec<&str> = line
        .spans
        .iter()
        .flat_map(|s| s.content.split("  "))
        .map(|p| p.trim().trim_end_matches('·').trim())
        .filter(|p| !p.is_empty())
        .collect();
    let (first, rest) = parts.split_first()?;
    let first = first.trim_start_matches(['✓', '✗', '▶', '⚠']).trim_start();
    let rest = joined(rest);
    let said = match first {
        _ if rest.is_empty() => first.to_string(),
        "" => rest,
        // "k  6.64  = (m/n) ln 2": the formula goes on from the value.
        _ if rest.starts_with('=') => format!("{first} {rest}"),
        _ if first.chars().count() <= LABEL_MAX && !first.ends_with([':', ',', ';']) => {
            format!("{first}: {rest}")
        }
        _ => format!("{first}, {rest}"),
    };
    Some(sentence(&said))
}

/// A row's pieces after its label, a comma between them, except before a
/// piece that is the rest of a formula (`= (m/n) ln 2`).
fn joined(pieces: &[&str]) -> String {
    let mut out = String::new();
    for piece in pieces {
        if !out.is_empty() {
            out.push_str(if piece.starts_with('=') { " " } else { ", " });
        }
        out.push_str(piece);
    }
    out
}

/// Every non-blank row of `lines` as a sentence.
pub(crate) fn sentences(lines: &[Line<'_>]) -> Vec<String> {
    lines.iter().filter_map(line_sentence).collect()
}

/// A command with a name and a value, `m 160`, `m=160` or `m = 160`: the
/// value's text when the line starts with `name` (`None` otherwise).
pub(crate) fn named_value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(name)?;
    let value = match rest.trim_start().strip_prefix('=') {
        Some(after) => after,
        // `m 160` needs the space: `mx` is not `m`.
        None if rest.starts_with(char::is_whitespace) => rest,
        None => return None,
    };
    Some(value.trim())
}

/// A whole number typed for setting `name`, read as the app's fields read
/// it and held to `span`: the value, or one sentence naming what was typed
/// and the range allowed.
pub(crate) fn whole_setting(name: &'static str, text: &str, span: Span) -> Result<u64, String> {
    match crate::ui::numbers::count(text) {
        Ok(value) if span.contains(value) => Ok(value),
        Ok(value) => Err(sentence(
            &UiError::Setting { name, value, span }.to_string(),
        )),
        Err(why) => Err(sentence(&format!(
            "{name} must be {}: {why}",
            span.describe()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::text::Span as Piece;

    #[test]
    fn a_drawn_row_reads_as_a_sentence() {
        let row = Line::from(vec![
            Piece::raw(format!("{:<11}", "exact")),
            Piece::raw("0.008318677101"),
            Piece::raw("  about 1 in 120"),
        ]);
        assert_eq!(
            line_sentence(&row).as_deref(),
            Some("Exact: 0.008318677101, about 1 in 120.")
        );
        let tight = Line::from(vec![
            Piece::raw(format!("{:<11}", "difference")),
            Piece::raw("+1.25e-4"),
            Piece::raw("  exact − idealised"),
        ]);
        assert_eq!(
            line_sentence(&tight).as_deref(),
            Some("Difference: +1.25e-4, exact − idealised.")
        );
        assert_eq!(
            line_sentence(&Line::raw("✓ meets the target")).as_deref(),
            Some("Meets the target.")
        );
        assert_eq!(line_sentence(&Line::raw("   ")), None);
        let formula = Line::from(vec![
            Piece::raw(format!("{:<11}", "k")),
            Piece::raw("6.64"),
            Piece::raw("  = (m/n) ln 2, rounded to 7"),
        ]);
        assert_eq!(
            line_sentence(&formula).as_deref(),
            Some("k: 6.64 = (m/n) ln 2, rounded to 7.")
        );
        assert_eq!(
            line_sentence(&Line::raw("  denominator 42 digits")).as_deref(),
            Some("Denominator 42 digits.")
        );
    }

    #[test]
    fn names_take_a_value_after_a_space_or_an_equals_sign() {
        assert_eq!(named_value("m 160", "m"), Some("160"));
        assert_eq!(named_value("m=160", "m"), Some("160"));
        assert_eq!(named_value("m = 1e6 ", "m"), Some("1e6"));
        assert_eq!(named_value("m", "m"), None);
        assert_eq!(named_value("measure", "m"), None);
        assert_eq!(named_value("m ", "m"), Some(""));
    }

    #[test]
    fn a_setting_out_of_range_or_unreadable_is_one_sentence_with_the_range() {
        let k = crate::limits::LAB_K;
        assert_eq!(whole_setting("k", "7", k), Ok(7));
        let zero = whole_setting("k", "0", k).unwrap_err();
        assert!(
            zero.contains("k 0") && zero.contains("between 1 and 32"),
            "{zero}"
        );
        let word = whole_setting("m", "abc", crate::limits::LAB_M).unwrap_err();
        assert!(
            word.contains("\"abc\"") && word.contains("between 1 and 10^12"),
            "{word}"
        );
        assert_eq!(word.matches(". ").count(), 0, "one sentence: {word}");
    }
}
