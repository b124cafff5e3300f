//! The sizing answer, worked out off the UI thread: the report
//! `bloomlab size` prints ([`crate::rates::size_report`]) and, of the
//! answer's shape, the figures the lab shows beside its rates ("about 1 in
//! N", certified; the length of the exact fraction's denominator; the
//! idealised rate). A few milliseconds for the lesson's question, and about
//! a second in a release build at targets near 1e-300 (k near 1000), so it
//! runs on a worker lane and stops when its cancel flag is raised.

use std::sync::atomic::AtomicBool;

use crate::rates::classic::classic_denominator_digits_wide;
use crate::rates::figures::{OneIn, certified_one_in};
use crate::rates::size_report::{SIZE_DIGITS, SizeReport, size_report};
use crate::rates::{Budget, Params, RateError, idealised};
use crate::ui::sizing::inputs::SizingKey;

/// Figures of the answer's shape beyond the report's rates. (The rates'
/// digits come from the report; [`crate::rates::figures::RateFigures`]
/// would work them out a second time, which at k near 1000 costs a third
/// of the solve again.)
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ShapeFigures {
    /// "About 1 in N" of the exact classic rate, certified.
    pub one_in: OneIn,
    /// Digits of the exact classic fraction's denominator in lowest terms.
    pub denominator_digits: u128,
    /// The idealised rate `(1 - e^(-kn/m))^k`.
    pub idealised: f64,
}

/// Everything the sizing screen shows about one answer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SizingFigures {
    /// The answer, its verdicts and the textbook's sizing beside it.
    pub report: SizeReport,
    /// More figures of the answer's m, n and k.
    pub shape: ShapeFigures,
}

/// A finished sizing: the figures (boxed: they are large beside the other
/// messages the app passes around), or why there are none (worded for the
/// screen: the solver's range for the input that cannot be met).
pub(crate) type SizingOutcome = Result<Box<SizingFigures>, String>;

/// Works out the answer for `key`; `None` when `flag` stopped it.
pub(crate) fn compute(key: &SizingKey, flag: &AtomicBool) -> Option<SizingOutcome> {
    let budget = Budget::default();
    let figures = size_report(&key.inputs, SIZE_DIGITS, budget, flag).and_then(|report| {
        let a = &report.answer;
        let p = Params::new(a.m, a.n, a.k)?;
        let shape = ShapeFigures {
            one_in: certified_one_in(p, budget, flag)?,
            denominator_digits: classic_denominator_digits_wide(p),
            idealised: idealised(p),
        };
        Ok(Box::new(SizingFigures { report, shape }))
    });
    match figures {
        Ok(f) => Some(Ok(f)),
        Err(RateError::Cancelled) => None,
        Err(e) => Some(Err(refusal(&e))),
    }
}

/// Why the solver found no answer, in the screen's words.
fn refusal(e: &RateError) -> String {
    match e {
        RateError::InvalidParams { name, range, .. } => {
            format!("no answer: {name} must be {range}")
        }
        other => format!("no answer: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::certified::RateKind;
    use crate::rates::size_inputs::{SizeInputs, read_target};
    use std::sync::atomic::Ordering;

    fn key(n: Option<u64>, p: Option<&str>, m: Option<u64>) -> SizingKey {
        SizingKey {
            inputs: SizeInputs {
                n,
                target: p.and_then(|p| read_target(p).ok()),
                m,
                k: None,
                by: RateKind::Classic,
            },
        }
    }

    #[test]
    fn the_figures_describe_the_answer_s_shape() {
        let f = compute(
            &key(Some(50_000_000), Some("1%"), None),
            &AtomicBool::new(false),
        )
        .expect("not cancelled")
        .unwrap_or_else(|e| panic!("{e}"));
        let a = &f.report.answer;
        // The lab's figures of the same shape, computed on their own.
        let p = Params::new(a.m, a.n, a.k).unwrap_or_else(|e| panic!("{e}"));
        let lab = crate::rates::figures::RateFigures::compute(
            p,
            SIZE_DIGITS,
            Budget::default(),
            &AtomicBool::new(false),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(f.shape.one_in, lab.one_in);
        assert_eq!(f.shape.one_in, OneIn::About(100));
        assert_eq!(f.shape.denominator_digits, lab.denominator_digits);
        assert_eq!(f.shape.idealised, lab.idealised);
        assert_eq!(lab.classic, a.classic);
        assert_eq!(lab.true_rate, a.true_rate);
    }

    #[test]
    fn a_raised_flag_stops_the_work() {
        let flag = AtomicBool::new(false);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(
            compute(&key(Some(50_000_000), Some("1e-300"), None), &flag),
            None
        );
    }

    #[test]
    fn an_unreachable_target_is_worded_as_no_answer() {
        let got = compute(&key(None, Some("1%"), Some(8)), &AtomicBool::new(false))
            .expect("not cancelled");
        assert_eq!(
            got,
            Err(
                "no answer: m must be enough bits to hold at least one key at the target rate"
                    .into()
            )
        );
    }
}
