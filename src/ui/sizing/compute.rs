//! The sizing answer, worked out off the UI thread: the report
//! `bloomlab size` prints ([`crate::rates::size_report`]) and the figures
//! of the answer's shape the lab shows for any shape (certified digits,
//! "about 1 in N", the denominator's length, the idealised rate). Well
//! under a millisecond for the lesson's question, up to about a second in
//! a release build at targets near 1e-300 (k near 1000), so it runs on a
//! worker lane and stops when its cancel flag is raised.

use std::sync::atomic::AtomicBool;

use crate::rates::figures::RateFigures;
use crate::rates::size_report::{SIZE_DIGITS, SizeReport, size_report};
use crate::rates::{Budget, Params, RateError};
use crate::ui::sizing::inputs::SizingKey;

/// Everything the sizing screen shows about one answer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SizingFigures {
    /// The answer, its verdicts and the textbook's sizing beside it.
    pub report: SizeReport,
    /// The rates' figures at the answer's m, n and k.
    pub rates: RateFigures,
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
        let shape = Params::new(a.m, a.n, a.k)?;
        let rates = RateFigures::compute(shape, SIZE_DIGITS, budget, flag)?;
        Ok(Box::new(SizingFigures { report, rates }))
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
        assert_eq!(
            f.rates.params,
            Params {
                m: a.m,
                n: a.n,
                k: a.k
            }
        );
        // The same certified digits by both routes.
        assert_eq!(f.rates.classic, a.classic);
        assert_eq!(f.rates.true_rate, a.true_rate);
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
