//! How the sizing screen keeps every line whole: each row is offered in
//! several wordings, longest first, and the first that fits the width is
//! drawn (the last is short enough for an 80-column terminal). Text with no
//! shorter wording (a refusal) wraps at spaces instead of being cut.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::ui::format::{self, RowShape, pairings};
use crate::ui::theme::{Role, Theme};

/// Columns of a row's label, padding included.
pub(crate) const LABEL: usize = 16;

/// How the sizing screen lays out a labelled row.
const SHAPE: RowShape = RowShape {
    label: LABEL,
    gap: 3,
};

/// A labelled row in the longest of its wordings that fits: every value
/// (longest first) with every note (longest first, then none). A shorter
/// note is tried before a shorter value: the value is the figure itself.
pub(crate) fn labelled_row(
    label: &str,
    values: &[Span<'static>],
    notes: &[String],
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let notes: Vec<String> = notes.iter().cloned().chain([String::new()]).collect();
    let wordings = pairings(values.iter().cloned(), &notes);
    let label = Span::styled(label.to_string(), theme.style(Role::Label));
    format::labelled_row(SHAPE, label, wordings, width, theme.style(Role::Hint))
}

/// The same line in the stale style: a figure left from the last entry
/// while the new one is worked out.
pub(crate) fn greyed(line: Line<'static>, theme: &Theme) -> Line<'static> {
    let style = theme.style(Role::Stale);
    Line::from(
        line.spans
            .into_iter()
            .map(|s| Span::styled(s.content, style))
            .collect::<Vec<_>>(),
    )
}

/// `text` wrapped at spaces into lines of at most `width` columns.
pub(crate) fn wrapped(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
    textwrap::wrap(text, usize::from(width.max(1)))
        .into_iter()
        .map(|l| Line::styled(l.into_owned(), style))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_wording_that_fits() {
        let theme = Theme::MONO;
        let values = [Span::raw("0.009999999936"), Span::raw("0.01")];
        let notes = ["exact, certified bracket".to_string()];
        let wide = labelled_row("exact rate", &values, &notes, 80, &theme);
        assert!(wide.to_string().ends_with("certified bracket"), "{wide}");
        let narrow = labelled_row("exact rate", &values, &notes, 32, &theme);
        assert_eq!(
            narrow.to_string().trim_end(),
            "exact rate      0.009999999936"
        );
        let tiny = labelled_row("exact rate", &values, &notes, 20, &theme);
        assert_eq!(tiny.to_string().trim_end(), "exact rate      0.01");
    }

    #[test]
    fn text_without_a_short_wording_wraps_whole() {
        let lines = wrapped("no answer: m must be enough bits", 12, Style::default());
        assert!(lines.iter().all(|l| l.width() <= 12), "{lines:?}");
        let joined: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(joined.join(" "), "no answer: m must be enough bits");
    }
}
