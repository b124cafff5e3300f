//! The allowed range of every numeric option, as clap value parsers.
//!
//! Each parser returns, on failure, only the description of what is
//! allowed ("a whole number between 1 and 10^12"); the error line
//! `--m must be <that>, got <value>` is put together in [`super::clap_error`]
//! so every option reads the same way.

use crate::limits::{self, Span};
use crate::numbers::parse_count;

/// Largest k, for `--best-k-range`.
pub(crate) const MAX_K: u32 = crate::filter::MAX_HASHES;

/// A whole number (in any form [`parse_count`] reads) within `span`.
fn whole_in(text: &str, span: Span) -> Result<u64, String> {
    match parse_count(text) {
        Ok(v) if span.contains(v) => Ok(v),
        _ => Err(span.describe()),
    }
}

/// The same for options held in a `u32` (k and digit counts, whose spans
/// end far below `u32::MAX`).
fn whole_u32_in(text: &str, span: Span) -> Result<u32, String> {
    whole_in(text, span).and_then(|v| u32::try_from(v).map_err(|_| span.describe()))
}

/// `--m` for the rates and `positions`: 1 to 10^12.
pub(crate) fn bits(text: &str) -> Result<u64, String> {
    whole_in(text, limits::CLI_M)
}

/// `--m` of `rate`: 1 to 10^18.
pub(crate) fn rate_bits(text: &str) -> Result<u64, String> {
    whole_in(text, limits::RATE_M)
}

/// `--n` of `rate`: 0 to 10^15.
pub(crate) fn rate_keys(text: &str) -> Result<u64, String> {
    whole_in(text, limits::RATE_N)
}

/// `--m` for the app: the lab's m slider, [`limits::LAB_M`] (1 to 10^12).
pub(crate) fn lab_bits(text: &str) -> Result<u64, String> {
    whole_in(text, limits::LAB_M)
}

/// `--n` for the app: the lab's n slider, [`limits::LAB_N`] (1 to 10^10).
pub(crate) fn lab_keys(text: &str) -> Result<u64, String> {
    whole_in(text, limits::LAB_N)
}

/// `--k` for the app: the lab's k slider, [`limits::LAB_K`] (1 to 32).
pub(crate) fn lab_hashes(text: &str) -> Result<u32, String> {
    whole_u32_in(text, limits::LAB_K)
}

/// `--m` for a real filter (`measure`, `lookup`): 1 to 2^32.
pub(crate) fn filter_bits(text: &str) -> Result<u64, String> {
    whole_in(text, limits::FILTER_M)
}

/// `--n`: 0 to 10^12.
pub(crate) fn keys(text: &str) -> Result<u64, String> {
    whole_in(text, limits::CLI_N)
}

/// `--k`: 1 to 1000.
pub(crate) fn hashes(text: &str) -> Result<u32, String> {
    whole_u32_in(text, limits::K)
}

/// `--digits`: 1 to 10,000.
pub(crate) fn digits(text: &str) -> Result<u32, String> {
    whole_u32_in(text, limits::DIGITS)
}

/// `--best-k-range`: `LO..HI` (or `LO..=HI`, both ends included) with
/// `1 <= LO <= HI <= 1000`.
pub(crate) fn k_range(text: &str) -> Result<(u32, u32), String> {
    let allowed =
        || format!("a range LO..HI of whole numbers with 1 <= LO <= HI <= {MAX_K}, like 1..10");
    let (lo, hi) = text.split_once("..").ok_or_else(allowed)?;
    let hi = hi.strip_prefix('=').unwrap_or(hi);
    let end = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=MAX_K).contains(v))
    };
    match (end(lo), end(hi)) {
        (Some(lo), Some(hi)) if lo <= hi => Ok((lo, hi)),
        _ => Err(allowed()),
    }
}

/// `--max-digits`: 1 to 10^8.
pub(crate) fn budget_digits(text: &str) -> Result<u64, String> {
    whole_in(text, limits::BUDGET_DIGITS)
}

/// `--queries`: 1 to 10^9.
pub(crate) fn queries(text: &str) -> Result<u64, String> {
    whole_in(text, limits::QUERIES)
}

/// `--filters`: 1 to 10^7.
pub(crate) fn filters(text: &str) -> Result<u64, String> {
    whole_in(text, limits::FILTERS)
}

/// `--n` of `compare`: 1 to 10^9.
pub(crate) fn compare_keys(text: &str) -> Result<u64, String> {
    whole_in(text, limits::COMPARE_N)
}

/// `--queries` of `compare`: 1 to 10^8.
pub(crate) fn compare_queries(text: &str) -> Result<u64, String> {
    whole_in(text, limits::COMPARE_QUERIES)
}

/// `--seed`: any 64-bit unsigned integer.
pub(crate) fn seed(text: &str) -> Result<u64, String> {
    whole_in(
        text,
        Span {
            min: 0,
            max: u64::MAX,
            max_text: "18446744073709551615",
        },
    )
}

/// `--width` and `--height` of `render`: 1 to 1000.
pub(crate) fn render_size(text: &str) -> Result<u16, String> {
    whole_in(text, limits::RENDER_SIZE).and_then(|v| u16::try_from(v).map_err(|e| e.to_string()))
}

/// `--scene` and `--step` of `render`, counting from 1.
pub(crate) fn scene_or_step(text: &str) -> Result<u32, String> {
    whole_u32_in(text, limits::SCENE_OR_STEP)
}

/// `--autoplay`: whole seconds between steps, 1 to 3600.
pub(crate) fn autoplay_seconds(text: &str) -> Result<u64, String> {
    let span = limits::AUTOPLAY_SECONDS;
    match parse_count(text) {
        Ok(v) if span.contains(v) => Ok(v),
        _ => Err(format!(
            "a whole number of seconds from {} to {}",
            span.min, span.max_text
        )),
    }
}

/// `--minutes`: the talk's length, 1 to 600 whole minutes.
pub(crate) fn talk_minutes(text: &str) -> Result<u32, String> {
    let span = limits::TALK_MINUTES;
    match parse_count(text) {
        Ok(v) if span.contains(v) => u32::try_from(v).map_err(|e| e.to_string()),
        _ => Err(format!(
            "a whole number of minutes from {} to {}",
            span.min, span.max_text
        )),
    }
}

/// `--start-at`: `SCENE.STEP` or `SCENE`, counting from 1.
pub(crate) fn start_at(text: &str) -> Result<(u32, u32), String> {
    let allowed = || "a scene and step counted from 1, like 3.4 (or 3 for its first step)".into();
    let (scene, step) = text.split_once('.').unwrap_or((text, "1"));
    let part = |t: &str| scene_or_step(t.trim()).ok();
    match (part(scene), part(step)) {
        (Some(scene), Some(step)) => Ok((scene, step)),
        _ => Err(allowed()),
    }
}

/// `--session`: a name of letters, digits, `-` and `_`.
pub(crate) fn session(text: &str) -> Result<String, String> {
    crate::talk::Session::new(text)
        .map(|s| s.name().to_string())
        .map_err(|_| crate::talk::Session::RULE.to_string())
}

/// A note's number, from 1.
pub(crate) fn note_number(text: &str) -> Result<usize, String> {
    let max = crate::notes::book::MAX_NOTES;
    parse_count(text)
        .ok()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("a note's number from 1 to {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_accept_their_ends_and_refuse_beyond() {
        assert_eq!(bits("1"), Ok(1));
        assert_eq!(bits("1e12"), Ok(limits::CLI_M.max));
        assert!(bits("0").is_err());
        assert!(bits("1000000000001").is_err());
        assert_eq!(filter_bits("4294967296"), Ok(limits::FILTER_M.max));
        assert!(filter_bits("4294967297").is_err());
        assert_eq!(keys("0"), Ok(0));
        assert_eq!(hashes("1000"), Ok(1000));
        assert!(hashes("1001").is_err());
        assert!(hashes("0").is_err());
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert!(render_size("0").is_err());
        assert_eq!(render_size("80"), Ok(80));
    }

    #[test]
    fn the_app_options_take_the_lab_sliders_ranges() {
        assert_eq!(lab_bits("1000000"), Ok(1_000_000));
        assert_eq!(lab_bits("1"), Ok(1));
        assert_eq!(
            lab_bits("0").unwrap_err(),
            "a whole number between 1 and 10^12"
        );
        assert!(lab_bits("1000000000001").is_err());
        assert_eq!(lab_keys("100000"), Ok(100_000));
        assert_eq!(
            lab_keys("0").unwrap_err(),
            "a whole number between 1 and 10^10"
        );
        assert!(lab_keys("10000000001").is_err());
        assert_eq!(lab_hashes("32"), Ok(32));
        assert_eq!(
            lab_hashes("33").unwrap_err(),
            "a whole number between 1 and 32"
        );
        assert!(lab_hashes("0").is_err());
    }

    #[test]
    fn the_error_names_the_range() {
        assert_eq!(
            bits("zero").unwrap_err(),
            "a whole number between 1 and 10^12"
        );
        assert_eq!(
            hashes("-1").unwrap_err(),
            "a whole number between 1 and 1000"
        );
    }

    #[test]
    fn k_ranges_parse_and_refuse() {
        assert_eq!(k_range("1..10"), Ok((1, 10)));
        assert_eq!(k_range("3..=17"), Ok((3, 17)));
        for bad in ["", "10", "0..5", "5..4", "1..1001", "a..b", "-1..3"] {
            assert!(k_range(bad).is_err(), "{bad}");
        }
    }
}
