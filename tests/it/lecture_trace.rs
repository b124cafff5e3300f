//! The built-in lecture checked step by step through its JSON trace, as
//! `bloomlab script trace --json` prints it.

use crate::common::states_all;
use bloomlab::lecture::{Lecture, trace};
use serde_json::{Value, json};

fn trace_of(lecture: &Lecture) -> Vec<Value> {
    trace::json_lines(lecture)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each trace line is JSON"))
        .collect()
}

/// The trace object of scene `s`, step `t` (both from 1).
fn at(t: &[Value], scene: u64, step: u64) -> &Value {
    t.iter()
        .find(|v| v["scene"] == scene && v["step"] == step)
        .unwrap_or_else(|| panic!("no step {scene}.{step}"))
}

fn narration(v: &Value) -> &str {
    v["narration"].as_str().unwrap_or("")
}

const ALL_EIGHT: [u64; 8] = [1, 2, 4, 7, 9, 11, 13, 14];

#[test]
fn every_outline_step_exists() {
    let lecture = Lecture::builtin();
    let t = trace_of(&lecture);
    assert_eq!(lecture.scene_count(), 5);
    let per_scene: Vec<usize> = (1..=5)
        .map(|s| t.iter().filter(|v| v["scene"] == s).count())
        .collect();
    assert_eq!(per_scene, vec![8, 10, 11, 11, 11]);
    for v in &t {
        assert!(!narration(v).trim().is_empty(), "silent step {v}");
        assert!(!narration(v).contains('{'), "unfilled placeholder in {v}");
    }
}

#[test]
fn bits_are_empty_until_the_row_exists() {
    let t = trace_of(&Lecture::builtin());
    for step in 1..=8 {
        assert_eq!(at(&t, 1, step)["bits"], json!([]));
    }
    assert_eq!(at(&t, 2, 1)["bits"], json!([]));
    assert_eq!(at(&t, 2, 3)["bits"], json!([2]));
    assert_eq!(at(&t, 2, 4)["bits"], json!([2, 7, 11]));
}

#[test]
fn eight_of_sixteen_after_z() {
    let t = trace_of(&Lecture::builtin());
    let after_z = at(&t, 2, 7);
    assert_eq!(after_z["bits"], json!(ALL_EIGHT));
    assert!(states_all(narration(after_z), &["8", "16"]));
    // Bit 7 is shared by x and y.
    let board = Lecture::builtin().board(Lecture::builtin().step_index(2, 7).unwrap());
    let row = board.row.expect("the row exists");
    assert_eq!(row[7].owners, vec!["x".to_string(), "y".to_string()]);
    assert_eq!(row[2].owners, vec!["x".to_string()]);
}

#[test]
fn y_is_found_and_w_is_absent() {
    let t = trace_of(&Lecture::builtin());
    let y = at(&t, 2, 8);
    assert_eq!(y["verdict"], "probably present");
    assert_eq!(y["flag"], Value::Null);
    let w = at(&t, 2, 9);
    assert_eq!(w["verdict"], "definitely absent");
    assert_eq!(w["flag"], Value::Null);
    let probes = &w["query"]["probes"];
    assert_eq!(probes[0], json!({"position": 0, "read": "0"}));
    assert_eq!(probes[1], json!({"position": 9, "read": "not needed"}));
    assert_eq!(probes[2], json!({"position": 14, "read": "not needed"}));
}

#[test]
fn v_is_a_flagged_false_positive() {
    let t = trace_of(&Lecture::builtin());
    // Positions named first, verdict only once all three are read.
    assert_eq!(at(&t, 3, 1)["verdict"], Value::Null);
    assert_eq!(at(&t, 3, 1)["query"]["item"], "v");
    // 3.3 asks the class first: the verdict waits for the reveal.
    assert_eq!(at(&t, 3, 3)["verdict"], Value::Null);
    let v = &at(&t, 3, 3)["predict"]["reveal"];
    assert_eq!(v["bits"], json!(ALL_EIGHT));
    assert_eq!(v["verdict"], "probably present");
    assert_eq!(v["flag"], "false positive");
    let reads: Vec<&str> = v["query"]["probes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["read"].as_str().unwrap())
        .collect();
    assert_eq!(reads, ["1", "1", "1"]);
}

#[test]
fn deleting_x_makes_y_a_false_negative_and_restore_undoes_it() {
    let t = trace_of(&Lecture::builtin());
    assert_eq!(at(&t, 5, 1)["bits"], json!(ALL_EIGHT));
    // Exactly x's bits 2, 7 and 11 go.
    assert_eq!(at(&t, 5, 2)["bits"], json!([1, 4, 9, 13, 14]));
    // 5.3 asks the class first: the reads wait for the reveal.
    assert_eq!(at(&t, 5, 3)["verdict"], Value::Null);
    let y = &at(&t, 5, 3)["predict"]["reveal"];
    assert_eq!(y["query"]["item"], "y");
    assert_eq!(y["verdict"], "definitely absent");
    // The verdict first; the mistake is named a step later ("flag it").
    assert_eq!(y["flag"], Value::Null);
    let probes = &y["query"]["probes"];
    assert_eq!(probes[0], json!({"position": 4, "read": "1"}));
    assert_eq!(probes[1], json!({"position": 7, "read": "0"}));
    assert_eq!(probes[2], json!({"position": 13, "read": "not needed"}));
    assert_eq!(at(&t, 5, 4)["flag"], "false negative");
    let restored = at(&t, 5, 5);
    assert_eq!(restored["bits"], json!(ALL_EIGHT));
    assert_eq!(restored["verdict"], Value::Null);
}

#[test]
fn counting_variant_keeps_y() {
    let t = trace_of(&Lecture::builtin());
    let c = at(&t, 5, 7);
    let counters = c["counters"].as_array().expect("counters shown");
    assert_eq!(counters.len(), 16);
    assert_eq!(counters[7], 1, "x and y leaned on 7; x is gone");
    assert_eq!(counters[2], 0);
    assert_eq!(counters[11], 0);
    assert_eq!(c["query"]["source"], "counters");
    assert_eq!(c["verdict"], "probably present");
    assert_eq!(c["flag"], Value::Null);
    // The plain row is untouched by the counting variant.
    assert_eq!(c["bits"], json!(ALL_EIGHT));
    assert!(at(&t, 5, 6).get("counters").is_none());
    assert!(at(&t, 5, 8).get("counters").is_none());
}

fn probe_y(v: &Value, curve: &str) -> f64 {
    v["curve_probes"][curve]["y"]
        .as_f64()
        .unwrap_or_else(|| panic!("no {curve} probe in {v}"))
}

#[test]
fn fill_curve_probes() {
    let t = trace_of(&Lecture::builtin());
    let n3 = at(&t, 3, 8);
    assert_eq!(n3["curve_probes"]["fill"]["x"], 3.0);
    assert_eq!(format!("{:.2}", probe_y(n3, "fill")), "0.43");
    assert!(states_all(narration(n3), &["0.43", "8", "16", "0.50"]));
    let n12 = at(&t, 3, 9);
    assert_eq!(format!("{:.2}", probe_y(n12, "fill")), "0.89");
    assert!(states_all(narration(n12), &["0.89"]));
    assert_eq!(at(&t, 3, 11)["curve_probes"]["fill"]["x"], 6.0);
}

#[test]
fn epsilon_against_k() {
    let t = trace_of(&Lecture::builtin());
    let k7 = at(&t, 4, 4);
    assert_eq!(k7["curve_probes"]["k"]["x"], 7.0);
    assert_eq!(format!("{:.4}", probe_y(k7, "k")), "0.0082");
    assert!(states_all(narration(k7), &["0.0094", "0.0082"]));
    assert!(states_all(narration(at(&t, 4, 2)), &["0.095"]));
    assert!(states_all(narration(at(&t, 4, 3)), &["0.033", "0.017"]));
    // 4.5 asks the class first: the figures come with the reveal.
    let k14 = narration(&at(&t, 4, 5)["predict"]["reveal"]);
    assert!(states_all(k14, &["0.0102", "0.0190"]), "{k14}");
    assert!(states_all(narration(at(&t, 4, 7)), &["6.93"]));
    // The lecture's own row: the classic scan's 4 against a real filter's 3.
    let real = narration(at(&t, 4, 7));
    assert!(real.contains("picks k = 4"), "{real}");
    assert!(real.contains("lowest at k = 3"), "{real}");
    assert!(states_all(real, &["0.0906", "0.0935"]), "{real}");
    let bits = narration(at(&t, 4, 11));
    assert!(
        states_all(bits, &["0.021", "0.0082", "0.0012", "0.000067"]),
        "{bits}"
    );
    assert!(states_all(narration(at(&t, 4, 9)), &["0.6185"]));
}

#[test]
fn memory_figures_are_computed() {
    let t = trace_of(&Lecture::builtin());
    assert!(states_all(narration(at(&t, 1, 4)), &["64"]));
    assert!(states_all(narration(at(&t, 1, 5)), &["125"]));
    let bloom = narration(at(&t, 1, 6));
    assert!(states_all(bloom, &["1.25", "51"]), "{bloom}");
    assert!(states_all(narration(at(&t, 5, 9)), &["8.2"]));
}

#[test]
fn stepping_back_recomputes_the_same_board() {
    let lecture = Lecture::builtin();
    // The boards kept at load time are derived data: each must equal a fold
    // of the script from step 0, whichever way the steps are visited.
    let forward: Vec<_> = (0..lecture.len()).map(|i| lecture.replay(i)).collect();
    for i in (0..lecture.len()).rev() {
        assert_eq!(lecture.board(i), forward[i], "step {i}");
    }
    assert_eq!(lecture.boards(), forward, "kept boards equal the fold");
    // Past the end stays on the last step.
    assert_eq!(lecture.board(lecture.len() + 5), forward[lecture.len() - 1]);
}

#[test]
fn trace_lines_carry_the_script_line_of_each_step() {
    let t = trace_of(&Lecture::builtin());
    let lines: Vec<u64> = t.iter().map(|v| v["line"].as_u64().unwrap()).collect();
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "steps in file order");
    let script = bloomlab::lecture::BUILTIN_SCRIPT;
    for l in lines {
        let text = script.lines().nth(l as usize - 1).unwrap();
        assert_eq!(text.trim(), "step");
    }
}
