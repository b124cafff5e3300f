//! Reading typed numbers in the app's fields. The command line's parsers
//! (`crate::cli::numbers`) are the single source of the accepted forms; this
//! module only adapts their errors to one-line messages for the screen.

/// A whole count as typed (`50000000`; `50M` and `1e6` once the command
/// line's parser is in the build).
pub fn count(text: &str) -> Result<u64, String> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '_' | ','))
        .collect();
    cleaned
        .parse::<u64>()
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// A target rate strictly between 0 and 1 (`0.01`).
pub fn rate(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if p > 0.0 && p < 1.0 => Ok(p),
        _ => Err(format!("{text:?} is not a rate strictly between 0 and 1")),
    }
}
