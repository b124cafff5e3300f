//! Reading typed counts in the lab's fields with the parser the command
//! line uses (`crate::numbers`), so the app and the commands accept exactly
//! the same forms; this module only words the errors for a screen. (The
//! sizing fields read through `crate::rates::size_inputs`, as `bloomlab
//! size` does.)

use crate::numbers::parse_count;

/// A whole count as typed: `50000000`, `50M`, `1e6`, `2.5k`, `50_000`.
pub(crate) fn count(text: &str) -> Result<u64, String> {
    parse_count(text).map_err(|e| format!("{:?} is {e} (try 160, 50M or 1e6)", text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_of_the_brief() {
        assert_eq!(count("50M"), Ok(50_000_000));
        assert_eq!(count("1e6"), Ok(1_000_000));
        assert!(count("lots").is_err());
        assert!(count("1%").is_err());
    }
}
