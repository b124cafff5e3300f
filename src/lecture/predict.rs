//! Predict, then reveal: a step can ask the class to call the outcome
//! before the board shows it. The script names the question, how the
//! answer is worked out (the query's verdict, the one choice whose
//! condition holds, or a figure within a tolerance) and what stays hidden
//! until the reveal (the verdict, a curve's probe, any element). The
//! answer is always computed from the board and the figures, never typed.
//!
//! A predict step has two boards: as first shown, with the hidden parts
//! taken off, and revealed. Both are pure functions of the script and the
//! step; the class's guess is the app's to record.
//!
//! This file works the answer out and hides what waits for the reveal.
//! The types are declared beside what holds them (the `predict` block in
//! [`super::script`], the prediction on the board in [`super::board`]),
//! so neither of those needs this file.

use std::collections::BTreeMap;

use super::board::{Board, Verdict, verdict_choices};
use super::curve::Curve;
use super::figures::Figures;
use super::script::Element;
use super::template::Now;
use crate::filter::ProbeState;

// Named here too, where a reader of the library looks for them.
pub use super::board::{Guess, Prediction, Solution, choice_key};
pub use super::script::{
    AnswerSpec, ChoiceSpec, Condition, Hidden, MAX_CHOICES, MIN_CHOICES, PredictSpec, Tolerance,
};

/// The class's number as typed: `7`, `6.9`, or a percentage like `0.8%`
/// (read as 0.008); otherwise a sentence saying what to type.
pub fn read_number(text: &str) -> Result<f64, String> {
    let text = text.trim();
    let (number, scale) = match text.strip_suffix('%') {
        Some(n) => (n.trim(), 0.01),
        None => (text, 1.0),
    };
    match number.parse::<f64>().ok().filter(|x| x.is_finite()) {
        Some(x) => Ok(x * scale),
        None => Err(format!(
            "'{}' is not a number: type one like 7, 6.9 or 0.8%",
            crate::text::echo(text, 24)
        )),
    }
}

/// What a board looked like when its step began, for putting back what a
/// prediction hides.
#[derive(Debug, Clone, Default)]
pub(crate) struct Before {
    /// Where the curves' probes stood.
    pub probes: BTreeMap<Curve, f64>,
    /// How many derivation lines there were.
    pub derivation: usize,
}

/// Works the prediction out on the finished board `board` of its step.
pub(crate) fn work_out(
    spec: &PredictSpec,
    board: &Board,
    figures: &Figures,
    now: &Now<'_>,
    reveal_from: Option<usize>,
) -> Prediction {
    let (choices, solution) = match &spec.answer {
        AnswerSpec::Verdict => {
            let verdict = board.query.as_ref().and_then(|q| q.verdict);
            let i = usize::from(verdict == Some(Verdict::DefinitelyAbsent));
            (verdict_choices(), Solution::Choice(i))
        }
        AnswerSpec::Choices(list) => {
            let texts = list.iter().map(|c| figures.fill(&c.text, now)).collect();
            let i = list
                .iter()
                .position(|c| figures.holds(&c.when, now))
                .unwrap_or(0);
            (texts, Solution::Choice(i))
        }
        AnswerSpec::Number { figure, tolerance } => (
            Vec::new(),
            Solution::Number {
                value: figures.value(figure, now),
                text: figures.format(figure, now),
                tolerance: *tolerance,
            },
        ),
    };
    Prediction {
        question: figures.fill(&spec.question, now),
        choices,
        solution,
        hides: spec.hides.clone(),
        revealed: true,
        guess: None,
        reveal_from,
    }
}

/// The board as the step first shows it: what the prediction hides taken
/// off, and the narration only up to the reveal.
pub(crate) fn hidden(full: &Board, before: &Before) -> Board {
    let mut board = full.clone();
    let Some(p) = board.predict.as_mut() else {
        return board;
    };
    p.revealed = false;
    if let Some(from) = p.reveal_from {
        board.narration.truncate(from);
    }
    for hide in full.predict.iter().flat_map(|p| &p.hides) {
        match hide {
            Hidden::Verdict => {
                if let Some(q) = board.query.as_mut() {
                    for probe in &mut q.probes {
                        probe.read = ProbeState::Pending;
                    }
                    q.verdict = None;
                    q.flag = None;
                }
            }
            Hidden::Probe(curve) => match before.probes.get(curve) {
                Some(x) => {
                    board.probes.insert(*curve, *x);
                }
                None => {
                    board.probes.remove(curve);
                }
            },
            Hidden::Element(Element::Derivation) => board.derivation.truncate(before.derivation),
            Hidden::Element(e) => {
                board.visible.remove(e);
            }
        }
    }
    board
}
