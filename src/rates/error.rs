//! The ways a rate computation can refuse or stop.

use crate::numbers::grouped;

/// Why a rate could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The exact result would be larger than the digit budget allows, so the
    /// work was refused before it started.
    #[error(
        "the {what} would have {} digits, over the budget of {} digits; \
         raise the digit budget (Budget::max_digits) to at least {} to compute it",
        grouped(*digits),
        grouped(*limit),
        grouped(*digits)
    )]
    BudgetExceeded {
        /// What would have been too large, e.g. "classic rate denominator".
        what: &'static str,
        /// How many decimal digits it would have had.
        digits: u64,
        /// The budget in force, in decimal digits.
        limit: u64,
    },
    /// A parameter was outside the range the arithmetic accepts.
    #[error("{name} = {value} is out of range; allowed: {range}")]
    InvalidParams {
        /// The parameter's name, e.g. "m".
        name: &'static str,
        /// The value that was given, as text.
        value: String,
        /// The accepted range, e.g. "1..=1000".
        range: &'static str,
    },
    /// The caller raised the cancel flag before the work finished.
    #[error("the computation was cancelled")]
    Cancelled,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_message_names_size_and_remedy() {
        let e = RateError::BudgetExceeded {
            what: "classic rate denominator",
            digits: 5_000_001,
            limit: 5_000_000,
        };
        let text = e.to_string();
        assert!(text.contains("5,000,001 digits"), "{text}");
        assert!(text.contains("budget of 5,000,000"), "{text}");
        assert!(text.contains("raise"), "{text}");
    }

    #[test]
    fn every_message_reads_word_for_word() {
        let e = RateError::BudgetExceeded {
            what: "true rate denominator",
            digits: 12_345_678,
            limit: 5_000_000,
        };
        assert_eq!(
            e.to_string(),
            "the true rate denominator would have 12,345,678 digits, over the budget of \
             5,000,000 digits; raise the digit budget (Budget::max_digits) to at least \
             12,345,678 to compute it"
        );
        assert_eq!(
            RateError::Cancelled.to_string(),
            "the computation was cancelled"
        );
    }

    #[test]
    fn invalid_message_names_value_and_range() {
        let e = RateError::InvalidParams {
            name: "k",
            value: "0".into(),
            range: "1..=1000",
        };
        assert_eq!(e.to_string(), "k = 0 is out of range; allowed: 1..=1000");
    }
}
