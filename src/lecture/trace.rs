//! The step-by-step trace of a lecture, for checking its logic without a
//! terminal: one JSON object per step, or a readable text line per step.

use serde_json::{Value, json};

use super::Lecture;
use super::board::{Board, ProbeRead, QuerySource};
use super::script::{Curve, Element};

/// One step as a JSON object: scene and step from 1, the row's set bits,
/// the query's verdict and flag, counters when the counting variant shows,
/// curve probes and the narration.
pub fn step_json(lecture: &Lecture, global: usize) -> Value {
    board_json(lecture, lecture.step_board(global))
}

fn board_json(lecture: &Lecture, board: &Board) -> Value {
    let query = board.query.as_ref();
    let mut object = json!({
        "scene": board.scene + 1,
        "step": board.step + 1,
        "title": board.scene_title,
        "line": lecture.step_line(board.scene, board.step),
        "bits": board.bits(),
        "verdict": query.and_then(|q| q.verdict).map(|v| v.as_str()),
        "flag": query.and_then(|q| q.flag).map(|f| f.as_str()),
        "query": query.map(|q| json!({
            "item": q.item,
            "source": match q.source { QuerySource::Row => "row", QuerySource::Counters => "counters" },
            "probes": q.probes.iter().map(|p| json!({"position": p.position, "read": read_name(p.read)})).collect::<Vec<_>>(),
        })),
        "shown": board.visible.iter().map(|e| e.name()).collect::<Vec<_>>(),
        "narration": board.narration.join("\n"),
    });
    if let Some(map) = object.as_object_mut() {
        if board.shows(Element::Counters) {
            map.insert("counters".into(), json!(board.counters));
        }
        let mut probes = serde_json::Map::new();
        for curve in [Curve::Fill, Curve::K, Curve::Bits] {
            if let Some((x, y)) = board.probe(curve) {
                probes.insert(curve.name().into(), json!({"x": x, "y": y}));
            }
        }
        if !probes.is_empty() {
            map.insert("curve_probes".into(), Value::Object(probes));
        }
        if !board.derivation.is_empty() {
            map.insert("derivation".into(), json!(board.derivation));
        }
    }
    object
}

fn read_name(read: ProbeRead) -> &'static str {
    match read {
        ProbeRead::Pending => "pending",
        ProbeRead::One => "1",
        ProbeRead::Zero => "0",
        ProbeRead::NotNeeded => "not needed",
    }
}

/// The whole trace as JSON lines.
pub fn json_lines(lecture: &Lecture) -> String {
    let mut out = String::new();
    for board in lecture.boards() {
        out.push_str(&board_json(lecture, board).to_string());
        out.push('\n');
    }
    out
}

/// The whole trace as readable text, a header per scene and a block per step.
pub fn text(lecture: &Lecture) -> String {
    let mut out = String::new();
    for board in lecture.boards() {
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
