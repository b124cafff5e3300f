//! Reading typed numbers in the app's fields with the parsers the command
//! line uses (`crate::numbers`), so the app and `bloomlab size` accept
//! exactly the same forms; this module only words the errors for a screen.

use crate::numbers::{parse_count, parse_target_rate};

/// A whole count as typed: `50000000`, `50M`, `1e6`, `2.5k`, `50_000`.
pub(crate) fn count(text: &str) -> Result<u64, String> {
    parse_count(text).map_err(|e| format!("{:?} is {e} (try 160, 50M or 1e6)", text.trim()))
}

/// A target rate strictly between 0 and 1: `1%`, `0.01`, `1/100`, `1e-2`.
pub(crate) fn rate(text: &str) -> Result<f64, String> {
    parse_target_rate(text).map_err(|e| format!("{:?}: expected {e}", text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_of_the_brief() {
        assert_eq!(count("50M"), Ok(50_000_000));
        assert_eq!(count("1e6"), Ok(1_000_000));
        assert_eq!(rate("1%"), Ok(0.01));
        assert_eq!(rate("0.01"), Ok(0.01));
        assert_eq!(rate("1/100"), Ok(0.01));
        assert!(count("lots").is_err());
        assert!(rate("2").is_err());
    }
}
