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

use std::collections::BTreeMap;

use super::board::{Board, Verdict};
use super::curve::Curve;
use super::figures::Figures;
use super::script::Element;
use super::template::{Call, Now, Template};
use crate::filter::ProbeState;

/// Fewest choices a prediction offers.
pub const MIN_CHOICES: usize = 2;
/// Most choices a prediction offers (keys A to D).
pub const MAX_CHOICES: usize = 4;

/// A `predict` block as the script wrote it.
#[derive(Debug, Clone, PartialEq)]
pub struct PredictSpec {
    /// The question.
    pub question: Template,
    /// How the answer is found.
    pub answer: AnswerSpec,
    /// What waits for the reveal.
    pub hides: Vec<Hidden>,
}

/// How a prediction's answer is worked out.
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerSpec {
    /// The step's query: "probably present" or "definitely absent".
    Verdict,
    /// The one choice whose condition holds.
    Choices(Vec<ChoiceSpec>),
    /// A figure; a guess within the tolerance is right.
    Number {
        /// The figure.
        figure: Call,
        /// How far off a guess may be.
        tolerance: Tolerance,
    },
}

/// One choice of a `predict choice` block.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceSpec {
    /// Its words.
    pub text: Template,
    /// When it is the answer.
    pub when: Condition,
}

/// `{A} < {B}` or `{A} > {B}`: two figures compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// The left figure.
    pub left: Call,
    /// True for `<`, false for `>`.
    pub less: bool,
    /// The right figure.
    pub right: Call,
}

impl Condition {
    /// Whether the condition holds on the board as it stands.
    pub fn holds(&self, figures: &Figures, now: &Now<'_>) -> bool {
        let (a, b) = (
            figures.value(&self.left, now),
            figures.value(&self.right, now),
        );
        if self.less { a < b } else { a > b }
    }
}

/// How far a guessed number may be from the answer and still be right.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Tolerance {
    /// Plus or minus this much.
    Absolute(f64),
    /// Plus or minus this fraction of the answer (0.05 for 5%).
    Relative(f64),
}

impl Tolerance {
    /// Whether `guess` is close enough to `answer`.
    pub fn accepts(self, answer: f64, guess: f64) -> bool {
        let room = match self {
            Tolerance::Absolute(d) => d,
            Tolerance::Relative(f) => f * answer.abs(),
        };
        // A hair of slack so a tolerance that is exactly met counts.
        (guess - answer).abs() <= room * (1.0 + 1e-9)
    }

    /// "0.5" or "5%", as the script wrote it.
    pub fn text(self) -> String {
        match self {
            Tolerance::Absolute(d) => crate::numbers::trim_zeros(&format!("{d:.6}")),
            Tolerance::Relative(f) => {
                format!(
                    "{}%",
                    crate::numbers::trim_zeros(&format!("{:.4}", f * 100.0))
                )
            }
        }
    }
}

/// Something a prediction keeps off the board until the reveal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    /// The query's reads, verdict and flag: its positions stay named.
    Verdict,
    /// Where a curve's probe moved in this step (it stays where it was).
    Probe(Curve),
    /// An element of the board.
    Element(Element),
}

impl Hidden {
    /// The script's words for it: `verdict`, `probe k`, `k-curve`.
    pub fn name(self) -> String {
        match self {
            Hidden::Verdict => "verdict".into(),
            Hidden::Probe(c) => format!("probe {}", c.name()),
            Hidden::Element(e) => e.name().into(),
        }
    }
}

/// The class's guess, as the presenter records it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Guess {
    /// A choice, from 0 (key A).
    Choice(usize),
    /// A number.
    Number(f64),
}

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

/// The answer, worked out.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// The right choice, from 0.
    Choice(usize),
    /// The right number.
    Number {
        /// Its value.
        value: f64,
        /// As the narration would print it.
        text: String,
        /// How close a guess must be.
        tolerance: Tolerance,
    },
}

/// A prediction on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Prediction {
    /// The question, filled.
    pub question: String,
    /// The choices, filled (none for a number).
    pub choices: Vec<String>,
    /// The answer.
    pub solution: Solution,
    /// What waits for the reveal.
    pub hides: Vec<Hidden>,
    /// True on the revealed board.
    pub revealed: bool,
    /// The class's guess, when one was recorded.
    pub guess: Option<Guess>,
    /// The paragraph of the narration from which it waits for the reveal.
    pub reveal_from: Option<usize>,
}

impl Prediction {
    /// Whether `guess` is right.
    pub fn right(&self, guess: Guess) -> bool {
        match (&self.solution, guess) {
            (Solution::Choice(want), Guess::Choice(got)) => *want == got,
            (
                Solution::Number {
                    value, tolerance, ..
                },
                Guess::Number(got),
            ) => tolerance.accepts(*value, got),
            _ => false,
        }
    }

    /// The answer in words: the right choice, or the number.
    pub fn answer_text(&self) -> String {
        match &self.solution {
            Solution::Choice(i) => self.choices.get(*i).cloned().unwrap_or_default(),
            Solution::Number { text, .. } => text.clone(),
        }
    }

    /// `verdict`, `choice` or `number`.
    pub fn kind(&self) -> &'static str {
        match (&self.solution, self.hides.contains(&Hidden::Verdict)) {
            (Solution::Number { .. }, _) => "number",
            (Solution::Choice(_), true) if self.choices == verdict_choices() => "verdict",
            _ => "choice",
        }
    }

    /// True for a number to guess rather than choices.
    pub fn is_number(&self) -> bool {
        matches!(self.solution, Solution::Number { .. })
    }
}

/// The key that picks choice `i` (A, B, C, D).
pub fn choice_key(i: usize) -> char {
    (b'A' + u8::try_from(i.min(25)).unwrap_or(0)) as char
}

/// The choices of a `predict verdict`.
fn verdict_choices() -> Vec<String> {
    [Verdict::ProbablyPresent, Verdict::DefinitelyAbsent]
        .iter()
        .map(|v| v.as_str().to_string())
        .collect()
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
                .position(|c| c.when.holds(figures, now))
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
