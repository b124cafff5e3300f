//! The step-by-step trace of a lecture, for checking its logic without a
//! terminal: one JSON object per step, or a readable text line per step.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Lecture;
use super::board::Solution;
use super::board::{Board, QuerySource};
use super::script::{Curve, Element};
use crate::filter::ProbeState;

/// One step of the trace, as `script trace --json` prints it. Fields are in
/// alphabetical order: that is the order they have always been printed in.
#[derive(Debug, Serialize)]
pub struct StepTrace<'a> {
    /// Positions of the row's set bits.
    pub bits: Vec<usize>,
    /// The counting variant's counters, when it shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<&'a [u32]>,
    /// Where each shown curve's probe stands, by curve name.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub curve_probes: BTreeMap<&'static str, CurvePoint>,
    /// The derivation lines, when there are any.
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    pub derivation: &'a [String],
    /// "false positive" or "false negative" when the answer is wrong.
    pub flag: Option<&'static str>,
    /// The script line the step starts on.
    pub line: Option<usize>,
    /// The narration, paragraphs joined by newlines.
    pub narration: String,
    /// The step's prediction: on a predict step the fields around it are
    /// the board as first shown (what it hides left out) and `reveal` is
    /// the same step revealed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub predict: Option<PredictTrace<'a>>,
    /// The query on the board.
    pub query: Option<QueryTrace<'a>>,
    /// Scene, from 1.
    pub scene: usize,
    /// Names of the elements on screen.
    pub shown: Vec<&'static str>,
    /// Step within the scene, from 1.
    pub step: usize,
    /// Every text the step puts on the board: banner, notes, derivation
    /// lines, table cells, verdict lines, crawler figures and captions.
    pub texts: Vec<String>,
    /// The scene's title.
    pub title: &'a str,
    /// "probably present" or "definitely absent", once answered.
    pub verdict: Option<&'static str>,
}

/// A prediction, as `script trace --json` prints it.
#[derive(Debug, Serialize)]
pub struct PredictTrace<'a> {
    /// The answer: the right choice's words, or the number.
    pub answer: String,
    /// The choices, keyed A to D in order (empty for a number).
    pub choices: &'a [String],
    /// What waits for the reveal: `verdict`, `probe k`, an element's name.
    pub hides: Vec<String>,
    /// `verdict`, `choice` or `number`.
    pub kind: &'static str,
    /// The question.
    pub question: &'a str,
    /// The same step once revealed (only on the board as first shown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Box<StepTrace<'a>>>,
    /// False on the board as first shown, true on the revealed one.
    pub revealed: bool,
    /// How close a guessed number must be, for a number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<String>,
}

/// A curve probe's place.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CurvePoint {
    /// Along the curve's axis.
    pub x: f64,
    /// The curve's value there.
    pub y: f64,
}

/// The query of a step.
#[derive(Debug, Serialize)]
pub struct QueryTrace<'a> {
    /// The item asked about.
    pub item: &'a str,
    /// Its probes in hash order.
    pub probes: Vec<ProbeTrace>,
    /// "row" or "counters".
    pub source: &'static str,
}

/// One probe of a query.
#[derive(Debug, Serialize)]
pub struct ProbeTrace {
    /// The position probed.
    pub position: usize,
    /// "1", "0", "pending" or "not needed".
    pub read: &'static str,
}

/// One step of the trace: scene and step from 1, the row's set bits, the
/// query's verdict and flag, counters when the counting variant shows,
/// curve probes and the narration.
pub fn step_trace(lecture: &Lecture, global: usize) -> StepTrace<'_> {
    let revealed = lecture
        .revealed_board(global)
        .map(|b| trace_of(lecture, b, None));
    trace_of(lecture, lecture.step_board(global), revealed)
}

fn predict_trace<'a>(board: &'a Board, reveal: Option<StepTrace<'a>>) -> Option<PredictTrace<'a>> {
    let p = board.predict.as_ref()?;
    Some(PredictTrace {
        answer: p.answer_text(),
        choices: &p.choices,
        hides: p.hides.iter().map(|h| h.name()).collect(),
        kind: p.kind(),
        question: &p.question,
        reveal: reveal.map(Box::new),
        revealed: p.revealed,
        tolerance: match &p.solution {
            Solution::Number { tolerance, .. } => Some(tolerance.text()),
            Solution::Choice(_) => None,
        },
    })
}

fn trace_of<'a>(
    lecture: &Lecture,
    board: &'a Board,
    reveal: Option<StepTrace<'a>>,
) -> StepTrace<'a> {
    let query = board.query.as_ref();
    let curve_probes = [Curve::Fill, Curve::K, Curve::Bits]
        .into_iter()
        .filter_map(|c| board.probe(c).map(|(x, y)| (c.name(), CurvePoint { x, y })))
        .collect();
    StepTrace {
        bits: board.bits(),
        counters: board
            .shows(Element::Counters)
            .then_some(board.counters.as_slice()),
        curve_probes,
        derivation: &board.derivation,
        flag: query.and_then(|q| q.flag).map(|f| f.as_str()),
        line: lecture.step_line(board.scene, board.step),
        narration: board.narration.join("\n"),
        predict: predict_trace(board, reveal),
        query: query.map(|q| QueryTrace {
            item: &q.item,
            probes: q
                .probes
                .iter()
                .map(|p| ProbeTrace {
                    position: p.position,
                    read: read_name(p.read),
                })
                .collect(),
            source: match q.source {
                QuerySource::Row => "row",
                QuerySource::Counters => "counters",
            },
        }),
        scene: board.scene + 1,
        shown: board.visible.iter().map(|e| e.name()).collect(),
        step: board.step + 1,
        texts: super::texts::board_texts(board)
            .into_iter()
            .map(|t| t.text)
            .collect(),
        title: &board.scene_title,
        verdict: query.and_then(|q| q.verdict).map(|v| v.as_str()),
    }
}

fn read_name(read: ProbeState) -> &'static str {
    match read {
        ProbeState::Pending => "pending",
        ProbeState::One => "1",
        ProbeState::Zero => "0",
        ProbeState::NotNeeded => "not needed",
        ProbeState::NewlySet => "newly set",
        ProbeState::AlreadySet => "already set",
    }
}

/// The whole trace as JSON lines.
pub fn json_lines(lecture: &Lecture) -> String {
    let mut out = String::new();
    for global in 0..lecture.len() {
        // Serialising plain strings, numbers and maps cannot fail.
        out.push_str(&serde_json::to_string(&step_trace(lecture, global)).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// The whole trace as readable text, a header per scene and a block per step.
pub fn text(lecture: &Lecture) -> String {
    let mut out = String::new();
    for (global, board) in lecture.boards().iter().enumerate() {
        if board.step == 0 {
            out.push_str(&format!(
                "Scene {} of {}: {}\n",
                board.scene + 1,
                board.scene_count,
                board.scene_title
            ));
        }
        out.push_str(&format!(
            "  step {:>2}/{}",
            board.step + 1,
            board.steps_in_scene
        ));
        out.push_str(&format!("  {}\n", describe(board)));
        for paragraph in &board.narration {
            out.push_str(&format!("           {paragraph}\n"));
        }
        if let (Some(p), Some(revealed)) = (&board.predict, lecture.revealed_board(global)) {
            let hides: Vec<String> = p.hides.iter().map(|h| h.name()).collect();
            out.push_str(&format!(
                "           predict: {} -> {} (hides {})\n",
                p.question,
                p.answer_text(),
                hides.join(", ")
            ));
            out.push_str(&format!("    revealed  {}\n", describe(revealed)));
            let from = p.reveal_from.unwrap_or(revealed.narration.len());
            for paragraph in revealed.narration.iter().skip(from) {
                out.push_str(&format!("           {paragraph}\n"));
            }
        }
    }
    out
}

fn describe(board: &Board) -> String {
    let mut parts = Vec::new();
    if board.row.is_some() {
        let bits: Vec<String> = board.bits().iter().map(ToString::to_string).collect();
        parts.push(format!(
            "bits {{{}}} ({} of {})",
            bits.join(", "),
            bits.len(),
            board.m()
        ));
    }
    if let Some(q) = &board.query {
        let reads: Vec<String> = q
            .probes
            .iter()
            .map(|p| format!("{}:{}", p.position, read_name(p.read)))
            .collect();
        let mut line = format!("query {} [{}]", q.item, reads.join(" "));
        if let Some(v) = q.verdict {
            line.push_str(&format!(" -> {}", v.as_str()));
        }
        if let Some(f) = q.flag {
            line.push_str(&format!(" ({})", f.as_str().to_uppercase()));
        }
        parts.push(line);
    }
    if board.shows(Element::Counters) {
        let c: Vec<String> = board.counters.iter().map(ToString::to_string).collect();
        parts.push(format!("counters [{}]", c.join(" ")));
    }
    for curve in [Curve::Fill, Curve::K, Curve::Bits] {
        if let Some((x, y)) = board.probe(curve) {
            parts.push(format!("{} probe x={x} y={y:.4}", curve.name()));
        }
    }
    if parts.is_empty() {
        let shown: Vec<&str> = board.visible.iter().map(|e| e.name()).collect();
        parts.push(if shown.is_empty() {
            "(narration only)".to_string()
        } else {
            format!("shows {}", shown.join(", "))
        });
    }
    parts.join(" | ")
}
