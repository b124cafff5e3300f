//! Wordings the screens share for figures they could not compute.

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
