//! The lines of a `predict` block: `predict QUESTION`, then `answer
//! verdict`, `answer {FIGURE} within TOLERANCE` or two to four `choice TEXT
//! when {A} < {B}` lines, any `hides` lines, and `reveal` before the
//! narration that waits for the reveal. A block is checked whole when its
//! step ends: an answer must be found, and exactly one choice must hold.

use super::super::curve::Curve;
use super::super::script::{
    AnswerSpec, ChoiceSpec, Condition, Directive, Hidden, MAX_CHOICES, MIN_CHOICES, PredictSpec,
    Step, Tolerance,
};

use super::super::template::{Call, Func, Now, Part};
use super::{Parser, Word};
use crate::lecture::ScriptError;

/// How the block's lines are spelled, for error messages.
const FORMS: &str = "`answer verdict`, `answer {FIGURE} within TOLERANCE` or 2 to 4 `choice TEXT when {A} < {B}` lines";

fn predict_of(step: &mut Step) -> Option<&mut PredictSpec> {
    step.directives.iter_mut().rev().find_map(|d| match d {
        Directive::Predict(p) => Some(p.as_mut()),
        _ => None,
    })
}

impl Parser<'_> {
    /// `predict QUESTION`.
    pub(super) fn predict(&mut self, raw: &str, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        let question = self.rest_template(raw, first)?;
        let twice = self.err(first.column, "a step may ask for one prediction only");
        let step = self.current_step(first.column, "`predict`")?;
        if predict_of(step).is_some() {
            return Err(twice);
        }
        step.directives
            .push(Directive::Predict(Box::new(PredictSpec {
                question,
                answer: AnswerSpec::Choices(Vec::new()),
                hides: Vec::new(),
            })));
        self.predict_line = self.line;
        Ok(())
    }

    /// The step's open prediction, or an error naming `what`.
    fn open_predict(&mut self, column: usize, what: &str) -> Result<&mut PredictSpec, ScriptError> {
        let err = self.err(
            column,
            format!(
                "`{what}` belongs to a prediction: write `predict QUESTION` first in this step"
            ),
        );
        let step = self.current_step(column, what)?;
        predict_of(step).ok_or(err)
    }

    /// `answer verdict` or `answer {FIGURE} within TOLERANCE`.
    pub(super) fn answer(&mut self, raw: &str, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        let what = self.need(ws, 1, "verdict or {FIGURE} within TOLERANCE")?;
        let answer = if what.text == "verdict" {
            self.no_more(ws, 2)?;
            AnswerSpec::Verdict
        } else {
            let rest: String = raw.chars().skip(what.column - 1).collect();
            let Some((figure_text, tolerance_text)) = rest.split_once(" within ") else {
                return Err(self.err(
                    what.column,
                    "expected `answer verdict` or `answer {FIGURE} within TOLERANCE`, e.g. `answer {kopt} within 0.5`",
                ));
            };
            let figure = self.figure(figure_text.trim(), what.column)?;
            let at = what.column + figure_text.chars().count() + " within ".len();
            let tolerance = self.tolerance(tolerance_text.trim(), at)?;
            AnswerSpec::Number { figure, tolerance }
        };
        let taken = self.err(
            first.column,
            format!("this prediction already has its answer: give one of {FORMS}"),
        );
        let spec = self.open_predict(first.column, "answer")?;
        if !matches!(&spec.answer, AnswerSpec::Choices(c) if c.is_empty()) {
            return Err(taken);
        }
        // A verdict to predict is a verdict to keep off the board.
        if answer == AnswerSpec::Verdict && !spec.hides.contains(&Hidden::Verdict) {
            spec.hides.push(Hidden::Verdict);
        }
        spec.answer = answer;
        Ok(())
    }

    /// `choice TEXT when {A} < {B}` (or `>`).
    pub(super) fn choice(&mut self, raw: &str, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        let rest: String = raw
            .chars()
            .skip(first.column - 1 + "choice".len())
            .collect();
        let Some((text, when)) = rest.rsplit_once(" when ") else {
            return Err(self.err(
                first.column,
                "expected `choice TEXT when {A} < {B}`: the condition says when it is the answer",
            ));
        };
        let text_column = first.column + "choice".len() + 1;
        if text.trim().is_empty() {
            return Err(self.err(text_column, "the choice has no text"));
        }
        let text = self
            .template(text.trim())
            .map_err(|(offset, msg)| self.err(text_column + offset, msg))?;
        let when_column =
            first.column + "choice".len() + rest.chars().count() - when.chars().count();
        let when = self.condition(when.trim(), when_column)?;
        let full = self.err(
            first.column,
            format!("a prediction offers at most {MAX_CHOICES} choices (keys A to D)"),
        );
        let mixed = self.err(
            first.column,
            "this prediction's answer is already given by `answer`; choices go without it",
        );
        let spec = self.open_predict(first.column, "choice")?;
        match &mut spec.answer {
            AnswerSpec::Choices(list) if list.len() >= MAX_CHOICES => Err(full),
            AnswerSpec::Choices(list) => {
                list.push(ChoiceSpec { text, when });
                Ok(())
            }
            _ => Err(mixed),
        }
    }

    /// `hides verdict`, `hides probe CURVE` or `hides ELEMENT`.
    pub(super) fn hides(&mut self, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        let what = self.need(ws, 1, "verdict, probe CURVE or an element")?;
        let hidden = match what.text {
            "verdict" => {
                self.no_more(ws, 2)?;
                Hidden::Verdict
            }
            "probe" => {
                let curve = self.need(ws, 2, "a curve: fill, k or bits")?;
                self.no_more(ws, 3)?;
                Hidden::Probe(match curve.text {
                    "fill" => Curve::Fill,
                    "k" => Curve::K,
                    "bits" => Curve::Bits,
                    other => {
                        return Err(self.err(
                            curve.column,
                            format!("unknown curve '{other}' (known: fill, k, bits)"),
                        ));
                    }
                })
            }
            _ => {
                self.no_more(ws, 2)?;
                Hidden::Element(self.element(what)?)
            }
        };
        let spec = self.open_predict(first.column, "hides")?;
        if !spec.hides.contains(&hidden) {
            spec.hides.push(hidden);
        }
        Ok(())
    }

    /// `reveal`: the narration after it waits for the reveal.
    pub(super) fn reveal(&mut self, ws: &[Word<'_>]) -> Result<(), ScriptError> {
        let first = ws[0];
        self.no_more(ws, 1)?;
        let twice = self.err(first.column, "`reveal` comes once per step");
        self.open_predict(first.column, "reveal")?;
        let step = self.current_step(first.column, "reveal")?;
        if step.reveal_from.is_some() {
            return Err(twice);
        }
        step.reveal_from = Some(step.narration.len());
        Ok(())
    }

    /// A lone placeholder that stands for a fixed figure: `{kopt}`.
    fn figure(&self, text: &str, column: usize) -> Result<Call, ScriptError> {
        let template = self
            .template(text)
            .map_err(|(offset, msg)| self.err(column + offset, msg))?;
        match template.parts.as_slice() {
            [Part::Value(call)] => {
                self.figure_ok(call, column)?;
                Ok(call.clone())
            }
            _ => Err(self.err(column, "expected one placeholder, like {eps(k=10)}")),
        }
    }

    /// `{A} < {B}` or `{A} > {B}`.
    fn condition(&self, text: &str, column: usize) -> Result<Condition, ScriptError> {
        let template = self
            .template(text)
            .map_err(|(offset, msg)| self.err(column + offset, msg))?;
        let parts = template.parts.as_slice();
        let bad = || {
            self.err(
                column,
                format!("expected {{A}} < {{B}} or {{A}} > {{B}}, found '{text}'"),
            )
        };
        let [Part::Value(_), Part::Text(op), Part::Value(_)] = parts else {
            return Err(bad());
        };
        let less = match op.trim() {
            "<" => true,
            ">" => false,
            _ => return Err(bad()),
        };
        let (Part::Value(left), Part::Value(right)) = (&parts[0], &parts[2]) else {
            return Err(bad());
        };
        self.figure_ok(left, column)?;
        self.figure_ok(right, column)?;
        Ok(Condition {
            left: left.clone(),
            less,
            right: right.clone(),
        })
    }

    fn figure_ok(&self, call: &Call, column: usize) -> Result<(), ScriptError> {
        if matches!(call.func, Func::Set | Func::FillRow | Func::Pos) {
            return Err(self.err(
                column,
                "a prediction compares rates or numbers from the settings, not {set}, {fill_row} or {pos}",
            ));
        }
        Ok(())
    }

    /// `0.5` (plus or minus) or `5%` (of the answer).
    fn tolerance(&self, text: &str, column: usize) -> Result<Tolerance, ScriptError> {
        let (number, relative) = match text.strip_suffix('%') {
            Some(n) => (n, true),
            None => (text, false),
        };
        let value = number
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0 && (!relative || *v <= 100.0));
        match value {
            Some(v) if relative => Ok(Tolerance::Relative(v / 100.0)),
            Some(v) => Ok(Tolerance::Absolute(v)),
            None => Err(self.err(
                column,
                format!("a tolerance is a number above 0 (0.5) or a percentage up to 100% (5%), found '{text}'"),
            )),
        }
    }

    /// Checks the prediction of the step that just ended, if it has one.
    pub(super) fn check_last_step(&self) -> Result<(), ScriptError> {
        let Some(step) = self.scenes.last().and_then(|s| s.steps.last()) else {
            return Ok(());
        };
        let Some(spec) = step.directives.iter().find_map(|d| match d {
            Directive::Predict(p) => Some(p),
            _ => None,
        }) else {
            return Ok(());
        };
        let err = |m: String| ScriptError::at(self.file, self.predict_line, 1, m);
        match &spec.answer {
            AnswerSpec::Verdict => {
                let queried = step.directives.iter().any(|d| {
                    matches!(
                        d,
                        Directive::Query { upto: None, .. } | Directive::CountQuery { .. }
                    )
                });
                if !queried {
                    return Err(err(
                        "`answer verdict` needs a query in the same step that reads all its bits (no `upto`)".into(),
                    ));
                }
            }
            AnswerSpec::Choices(list) if list.len() < MIN_CHOICES => {
                return Err(err(format!(
                    "the prediction has no answer yet: give one of {FORMS}"
                )));
            }
            AnswerSpec::Choices(list) => {
                let Some(figures) = &self.figures else {
                    return Ok(());
                };
                let now = Now {
                    set: 0,
                    probes: &self.probes,
                };
                let holding = list.iter().filter(|c| figures.holds(&c.when, &now)).count();
                if holding != 1 {
                    return Err(err(format!(
                        "exactly one choice's condition must hold, and {holding} do: the answer must be one choice"
                    )));
                }
            }
            AnswerSpec::Number { .. } => {}
        }
        Ok(())
    }
}
