//! How the lab's panels word a row to fit: every row has several wordings,
//! longest first, and the first that fits the panel is drawn, so a value is
//! shortened by its own rules and never cut at the panel's edge. Long
//! explanations are wrapped onto as many lines as they need instead.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::ui::computed::{Outcome, Shown};
use crate::ui::format::{RowShape, Wording, labelled_row, too_large_wordings, wrap};
use crate::ui::theme::{Role, Theme};

/// Columns of a row before its value: the label and its padding.
pub(crate) const LABEL_COLUMNS: usize = 11;

/// How the lab's panels lay out a labelled row.
const SHAPE: RowShape = RowShape {
    label: LABEL_COLUMNS,
    gap: 2,
};

/// A labelled row in the first wording that fits `width` columns, else the
/// last (the shortest): a value is shortened by its own rules, never cut.
pub(crate) fn fitted_row(
    kind: &str,
    wordings: Vec<Wording>,
    width: u16,
    theme: &Theme,
    style: Style,
) -> Line<'static> {
    let label = Span::styled(kind.to_string(), style);
    labelled_row(SHAPE, label, wordings, width, theme.style(Role::Hint))
}

/// Notes from longest to none.
pub(crate) fn notes(options: &[&str]) -> Vec<String> {
    options
        .iter()
        .map(|s| s.to_string())
        .chain([String::new()])
        .collect()
}

/// `text` wrapped to `width` columns under a label of [`LABEL_COLUMNS`]
/// (the label on the first line only), each line whole.
pub(crate) fn wrapped_row(
    kind: &str,
    text: &str,
    width: u16,
    label_style: Style,
    style: Style,
) -> Vec<Line<'static>> {
    let room = usize::from(width).saturating_sub(LABEL_COLUMNS);
    wrap(text, room)
        .into_iter()
        .enumerate()
        .map(|(i, piece)| {
            let label = if i == 0 { kind } else { "" };
            Line::from(vec![
                Span::styled(format!("{label:<LABEL_COLUMNS$}"), label_style),
                Span::styled(piece, style),
            ])
        })
        .collect()
}

/// The wordings of a value that may still be computing, longest first.
/// `texts` words a ready value, longest first.
pub(crate) fn shown_values<T>(
    shown: Shown<'_, Outcome<T>>,
    texts: impl Fn(&T) -> Vec<String>,
    theme: &Theme,
    style: Style,
) -> Vec<Span<'static>> {
    match shown {
        Shown::Fresh(Outcome::Ready(v)) => texts(v)
            .into_iter()
            .map(|t| Span::styled(t, style))
            .collect(),
        Shown::Fresh(Outcome::TooLarge { digits, limit }) => too_large_wordings(*digits, *limit)
            .into_iter()
            .map(|t| Span::styled(t, theme.style(Role::Warn)))
            .collect(),
        Shown::Fresh(Outcome::Failed(why)) => vec![
            Span::styled(why.clone(), theme.style(Role::Bad)),
            Span::styled("could not compute", theme.style(Role::Bad)),
        ],
        Shown::Computing(Some(Outcome::Ready(v))) => texts(v)
            .into_iter()
            .map(|t| Span::styled(format!("{t} computing…"), theme.style(Role::Stale)))
            .chain([Span::styled("computing…", theme.style(Role::Stale))])
            .collect(),
        Shown::Computing(_) => vec![Span::styled("computing…", theme.style(Role::Stale))],
    }
}

/// The fresh value of an outcome, if it is ready.
pub(crate) fn ready<'a, T>(shown: Shown<'a, Outcome<T>>) -> Option<&'a T> {
    match shown {
        Shown::Fresh(Outcome::Ready(v)) => Some(v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::format::pairings;

    #[test]
    fn the_longest_wording_that_fits_wins() {
        let theme = Theme::MONO;
        let wordings = pairings(
            vec![Span::raw("0.008318677101"), Span::raw("0.00832")],
            &notes(&["about 1 in 120", "1 in 120"]),
        );
        let wide = fitted_row("exact", wordings.clone(), 80, &theme, Style::default());
        assert!(wide.to_string().ends_with("0.008318677101  about 1 in 120"));
        let narrow = fitted_row("exact", wordings.clone(), 35, &theme, Style::default());
        assert_eq!(narrow.to_string(), "exact      0.008318677101  1 in 120");
        let tiny = fitted_row("exact", wordings, 20, &theme, Style::default());
        assert_eq!(tiny.to_string(), "exact      0.00832");
    }

    #[test]
    fn wrapped_rows_keep_every_word() {
        let text = "double hashing puts a key's k probes on an arithmetic progression";
        let lines = wrapped_row("why", text, 30, Style::default(), Style::default());
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| l.width() <= 30));
        let words: Vec<String> = lines
            .iter()
            .flat_map(|l| {
                l.to_string()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(words[0], "why");
        assert_eq!(words[1..].join(" "), text);
    }
}
