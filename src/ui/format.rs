//! Wordings the screens share: word wrapping, the one way of fitting
//! words to a width (several wordings, longest first, the first that fits
//! in display columns is drawn, so nothing is cut), labelled rows built on
//! it, and what to say for figures they could not compute.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::numbers::{grouped, short_count};

/// The first of `options` (longest first) whose display width is at most
/// `width` columns.
pub(crate) fn first_fitting<T: AsRef<str>>(options: &[T], width: usize) -> Option<&T> {
    options
        .iter()
        .find(|o| Span::raw(o.as_ref()).width() <= width)
}

/// The first of `options` (longest first) that fits `width` columns, else
/// the last (the shortest).
pub(crate) fn fitted(options: Vec<Line<'static>>, width: u16) -> Line<'static> {
    let last = options.last().cloned().unwrap_or_default();
    options
        .into_iter()
        .find(|l| l.width() <= usize::from(width))
        .unwrap_or(last)
}

/// How a screen lays out its labelled rows: the label padded to `label`
/// columns, and `gap` spaces between the value and its note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RowShape {
    /// Columns of the label and its padding.
    pub label: usize,
    /// Spaces before the note.
    pub gap: usize,
}

/// One way to word a row: its value and its note (empty for none).
pub(crate) type Wording = (Span<'static>, String);

/// Every pairing of `values` with `notes`, values first: a shorter note is
/// tried before a shorter value, since the value is the figure itself.
pub(crate) fn pairings(
    values: impl IntoIterator<Item = Span<'static>>,
    notes: &[String],
) -> Vec<Wording> {
    values
        .into_iter()
        .flat_map(|v| notes.iter().map(move |n| (v.clone(), n.clone())))
        .collect()
}

/// A labelled row in the first of `wordings` that fits `width` columns,
/// else the last: a value is shortened by its own rules, never cut. With
/// no wording at all, the label alone.
pub(crate) fn labelled_row(
    shape: RowShape,
    label: Span<'static>,
    wordings: Vec<Wording>,
    width: u16,
    note_style: Style,
) -> Line<'static> {
    let padded = Span::styled(
        format!("{:<w$}", label.content, w = shape.label),
        label.style,
    );
    let gap = " ".repeat(shape.gap);
    let line = |(value, note): Wording| {
        let mut spans = vec![padded.clone(), value];
        if !note.is_empty() {
            spans.push(Span::styled(format!("{gap}{note}"), note_style));
        }
        Line::from(spans)
    };
    let options: Vec<Line<'static>> = wordings.into_iter().map(line).collect();
    if options.is_empty() {
        return line((Span::raw(""), String::new()));
    }
    fitted(options, width)
}

/// Ways to say that an exact figure is over the digit budget, longest
/// first, so a view can pick the longest that fits its width.
pub(crate) fn too_large_wordings(digits: u64, limit: u64) -> [String; 4] {
    [
        format!(
            "too large to compute exactly ({} digits; limit {})",
            grouped(digits),
            grouped(limit)
        ),
        format!(
            "too large ({} digits; limit {})",
            grouped(digits),
            grouped(limit)
        ),
        format!("too large ({} digits)", short_count(digits)),
        "too large".to_string(),
    ]
}

/// Word-wraps `text` to `max` columns (at least 8), filling each line
/// before starting the next; a word longer than a line is broken, never cut.
pub(crate) fn wrap(text: &str, max: usize) -> Vec<String> {
    let options = textwrap::Options::new(max.max(8))
        .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::wrap(text, options)
        .into_iter()
        .map(|line| line.into_owned())
        .collect()
}
