//! Everything a sizing answer reports: the solver's filter (which meets
//! its target by the exact rate) and, when keys and a target are given,
//! the textbook's sizing beside it (the idealised formula with a real k),
//! so the lesson's own figures stay in view. `bloomlab size` prints this
//! report and the Sizing screen draws it; both word its rates with
//! [`rate_text`] and [`target_text`].

use std::sync::atomic::AtomicBool;

use super::budget::Budget;
use super::certified::compare::compare_to;
use super::certified::{CertifiedDigits, RateKind, certified_digits_cancellable};
use super::decimal::SigDecimal;
use super::error::RateError;
use super::params::Params;
use super::size_inputs::{SizeInputs, Target};
use super::sizing::Sizing;
use super::solve::{SizeAnswer, solve_size};

/// Significant digits of every rate a sizing report carries.
pub const SIZE_DIGITS: u32 = 10;

/// The textbook's sizing of n keys at the target, and what its filter
/// really does: the exact classic rate at its m and rounded k.
#[derive(Debug, Clone, PartialEq)]
pub struct Textbook {
    /// Bits per key, m, bytes and the real and rounded k, by the formulas.
    pub sizing: Sizing,
    /// The exact classic rate at the textbook's m, n and rounded k.
    pub exact: CertifiedDigits,
    /// Whether that rate meets the target.
    pub meets: bool,
}

/// A sizing answer with its target and, where it applies, the textbook's.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeReport {
    /// The target, when one was given.
    pub target: Option<Target>,
    /// The solver's answer.
    pub answer: SizeAnswer,
    /// The textbook's sizing, when keys and a target were given and the
    /// bits were to be found.
    pub textbook: Option<Textbook>,
}

impl SizeReport {
    /// The rate the answer was sized by, and whether it meets the target.
    pub fn sized(&self) -> (&CertifiedDigits, Option<bool>) {
        let a = &self.answer;
        match a.by {
            RateKind::Classic => (&a.classic, a.classic_meets),
            RateKind::True => (&a.true_rate, a.true_meets),
        }
    }

    /// Bits the answer needs beyond the textbook's m (negative when it
    /// needs fewer), when there is a textbook sizing.
    pub fn beyond_textbook(&self) -> Option<i128> {
        self.textbook
            .as_ref()
            .map(|t| i128::from(self.answer.m) - i128::from(t.sizing.m))
    }
}

/// Solves `inputs` and, when it applies, works out the textbook's sizing
/// beside the answer, with rates to `digits` significant digits. The
/// textbook comes first, so a target its formulas cannot size is refused
/// in its words. Stops with [`RateError::Cancelled`] soon after `flag` is
/// set.
pub fn size_report(
    inputs: &SizeInputs,
    digits: u32,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<SizeReport, RateError> {
    let textbook = match (inputs.n, &inputs.target) {
        (Some(n), Some(t)) if inputs.has_textbook() => Some(textbook(n, t, digits, budget, flag)?),
        _ => None,
    };
    let answer = solve_size(&inputs.query(), digits, budget, flag)?;
    Ok(SizeReport {
        target: inputs.target.clone(),
        answer,
        textbook,
    })
}

fn textbook(
    n: u64,
    t: &Target,
    digits: u32,
    budget: Budget,
    flag: &AtomicBool,
) -> Result<Textbook, RateError> {
    let sizing = Sizing::for_target(n, t.value)?;
    let p = Params::new(sizing.m, n, sizing.k)?;
    let exact = certified_digits_cancellable(p, RateKind::Classic, digits, budget, flag)?;
    let meets = compare_to(p, RateKind::Classic, &t.exact, budget, flag)?.is_le();
    Ok(Textbook {
        sizing,
        exact,
        meets,
    })
}

/// A rate for reading: positional while it is short (down to 1e-9),
/// scientific when smaller, so 1e-300 never prints as 300 zeros.
pub fn rate_text(d: &SigDecimal) -> String {
    if (-8..=0).contains(&d.exponent()) {
        d.plain()
    } else {
        d.scientific()
    }
}

/// A target as given, for reading: `0.01`, or `1e-300` when small.
pub fn target_text(t: &Target) -> String {
    if t.value >= 1e-4 {
        t.value.to_string()
    } else {
        format!("{:e}", t.value)
    }
}

/// "exact" for the classic rate (the word the lesson uses for it) and
/// "true" for the true rate.
pub fn rate_word(kind: RateKind) -> &'static str {
    match kind {
        RateKind::Classic => "exact",
        RateKind::True => "true",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::cancel;
    use crate::rates::size_inputs::read_target;
    use crate::rates::solve::Solved;

    fn report(n: Option<u64>, p: Option<&str>, m: Option<u64>) -> SizeReport {
        let inputs = SizeInputs {
            n,
            target: p.map(|p| read_target(p).unwrap_or_else(|e| panic!("{e}"))),
            m,
            k: None,
            by: RateKind::Classic,
        };
        size_report(&inputs, SIZE_DIGITS, Budget::default(), &cancel::never())
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_interview_question_with_the_textbook_beside_it() {
        let r = report(Some(50_000_000), Some("1%"), None);
        assert_eq!(r.answer.solved, Solved::Bits);
        assert_eq!(r.answer.m, 479_647_737);
        let tb = r.textbook.as_ref().expect("n and p in: a textbook sizing");
        assert_eq!(tb.sizing.m, 479_252_919);
        assert!(
            !tb.meets,
            "the textbook's filter misses 1% by the exact rate"
        );
        assert_eq!(r.beyond_textbook(), Some(394_818));
        let (rate, meets) = r.sized();
        assert_eq!(rate_text(&rate.decimal), "0.009999999936");
        assert_eq!(meets, Some(true));
    }

    #[test]
    fn no_textbook_without_a_target_to_size_for() {
        let r = report(Some(50_000_000), None, Some(479_252_919));
        assert_eq!(r.answer.solved, Solved::Rate);
        assert_eq!(r.textbook, None);
        assert_eq!(r.beyond_textbook(), None);
        assert_eq!(r.sized().1, None);
    }

    #[test]
    fn tiny_rates_read_in_scientific_notation() {
        let t = read_target("1e-300").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(target_text(&t), "1e-300");
        let tiny = SigDecimal::from_ratio(&t.exact, 4).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rate_text(&tiny), "1.000e-300");
        let one = read_target("1%").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(target_text(&one), "0.01");
    }
}
