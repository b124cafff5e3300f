//! Wordings the screens share: word wrapping, and what to say for figures
//! they could not compute.

use crate::numbers::{grouped, short_count};

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
