//! Predict, then reveal, through `script trace --json`: each predict step
//! is traced as first shown (what it hides left out) with its revealed copy
//! under `predict.reveal`, and malformed predict blocks are located.

use std::path::Path;

use crate::common::states_all;
use bloomlab::lecture::{Lecture, trace};
use serde_json::{Value, json};

fn trace_of(lecture: &Lecture) -> Vec<Value> {
    trace::json_lines(lecture)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each trace line is JSON"))
        .collect()
}

fn at(t: &[Value], scene: u64, step: u64) -> &Value {
    t.iter()
        .find(|v| v["scene"] == scene && v["step"] == step)
        .unwrap_or_else(|| panic!("no step {scene}.{step}"))
}

#[test]
fn the_lecture_asks_three_predictions_and_hides_their_outcomes() {
    let t = trace_of(&Lecture::builtin());
    let asked: Vec<(u64, u64)> = t
        .iter()
        .filter(|v| v.get("predict").is_some())
        .map(|v| (v["scene"].as_u64().unwrap(), v["step"].as_u64().unwrap()))
        .collect();
    assert_eq!(asked, [(3, 3), (4, 5), (5, 3)]);

    // v: the reads and the verdict wait; revealed, the false positive.
    let v = at(&t, 3, 3);
    let p = &v["predict"];
    assert_eq!(p["kind"], "verdict");
    assert_eq!(
        p["choices"],
        json!(["probably present", "definitely absent"])
    );
    assert_eq!(p["answer"], "probably present");
    assert_eq!(p["revealed"], false);
    assert_eq!(p["hides"], json!(["verdict"]));
    assert_eq!(v["verdict"], Value::Null);
    assert_eq!(v["flag"], Value::Null);
    assert!(
        v["query"]["probes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["read"] == "pending")
    );
    let r = &p["reveal"];
    assert_eq!(r["predict"]["revealed"], true);
    assert!(r["predict"].get("reveal").is_none());
    assert_eq!(r["verdict"], "probably present");
    assert_eq!(r["flag"], "false positive");
    assert!(!v["narration"].as_str().unwrap().contains("It is wrong"));
    assert!(r["narration"].as_str().unwrap().contains("It is wrong"));

    // k = 10 against k = 7: the curve stays off the slide through the
    // question and its answer (the question takes its rows) and comes
    // back on the next step; the answer is computed.
    let k = at(&t, 4, 5);
    assert_eq!(k["predict"]["kind"], "choice");
    assert!(
        k["predict"]["answer"]
            .as_str()
            .unwrap()
            .starts_with("worse")
    );
    assert!(!k["shown"].as_array().unwrap().contains(&json!("k-curve")));
    let kr = &k["predict"]["reveal"];
    assert!(!kr["shown"].as_array().unwrap().contains(&json!("k-curve")));
    let back = at(&t, 4, 6);
    assert!(
        back["shown"]
            .as_array()
            .unwrap()
            .contains(&json!("k-curve"))
    );
    assert!(states_all(
        kr["narration"].as_str().unwrap(),
        &["0.0102", "0.0082"]
    ));

    // y after x's bits are cleared: definitely absent, revealed.
    let y = at(&t, 5, 3);
    assert_eq!(y["predict"]["answer"], "definitely absent");
    assert_eq!(y["verdict"], Value::Null);
    assert_eq!(y["predict"]["reveal"]["verdict"], "definitely absent");
    // Every text the revealed step shows is in its trace.
    let texts = y["predict"]["reveal"]["texts"].as_array().unwrap();
    assert!(texts.iter().any(|t| {
        t.as_str()
            .unwrap()
            .contains("definitely absent  ◀ the answer")
    }));
    // The answer is named once, on its choice.
    let said: usize = texts
        .iter()
        .map(|t| t.as_str().unwrap().matches("the answer").count())
        .sum();
    assert_eq!(said, 1, "{texts:?}");
}

#[test]
fn a_teachers_script_predicts_a_verdict_a_choice_and_a_number() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/predict.txt");
    let lecture = Lecture::from_file(&path).expect("the predict script loads");
    let t = trace_of(&lecture);
    assert_eq!(t[0]["predict"]["answer"], "probably present");
    assert_eq!(t[0]["predict"]["reveal"]["flag"], Value::Null);
    // The probe placed on the predict step waits for the reveal.
    assert_eq!(t[1]["predict"]["answer"], "yes, a lower rate");
    assert!(t[1].get("curve_probes").is_none());
    assert_eq!(t[1]["predict"]["reveal"]["curve_probes"]["k"]["x"], 3.0);
    // A number, right within 5%, the derivation line held back.
    let n = &t[2]["predict"];
    assert_eq!(
        (n["kind"].as_str(), n["answer"].as_str()),
        (Some("number"), Some("6.93"))
    );
    assert_eq!(n["tolerance"], "5%");
    assert_eq!(n["choices"], json!([]));
    assert!(t[2].get("derivation").is_none());
    assert_eq!(n["reveal"]["derivation"], json!(["k* = (m/n) ln 2 = 6.93"]));
    assert_eq!(t[2]["narration"], "Work out (m/n) ln 2.");
}

#[test]
fn a_prediction_is_judged_by_its_computed_answer() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/predict.txt");
    let lecture = Lecture::from_file(&path).unwrap();
    let p = |i: usize| lecture.revealed_board(i).unwrap().predict.clone().unwrap();
    use bloomlab::lecture::Guess;
    assert!(p(0).right(Guess::Choice(0)) && !p(0).right(Guess::Choice(1)));
    assert!(p(1).right(Guess::Choice(0)) && !p(1).right(Guess::Choice(1)));
    let k = p(2);
    assert!(k.right(Guess::Number(7.0)) && k.right(Guess::Number(6.6)));
    assert!(!k.right(Guess::Number(7.5)) && !k.right(Guess::Choice(0)));
}

#[test]
fn malformed_predictions_are_located() {
    let head =
        "m = 8\nk = 2\nitem a = 1 5\nitem b = 2 6\nscene \"s\"\nstep\nshow row k-curve\ninsert a\n";
    let cases: &[(&str, usize, usize, &str)] = &[
        ("predict Q?\n> x\n", 9, 1, "no answer yet"),
        (
            "query b upto 1\npredict Q?\nanswer verdict\n",
            10,
            1,
            "needs a query",
        ),
        (
            "choice yes when {eps(k=1)} < {eps(k=2)}\n",
            9,
            1,
            "write `predict QUESTION` first",
        ),
        ("reveal\n", 9, 1, "write `predict QUESTION` first"),
        (
            "predict Q?\nchoice a when {eps(k=2)} < {eps(k=1)}\nchoice b when {eps(k=3)} < {eps(k=1)}\n",
            9,
            1,
            "exactly one choice's condition must hold, and 2 do",
        ),
        (
            "predict Q?\nanswer {kopt} within -1\n",
            10,
            22,
            "a tolerance is a number above 0",
        ),
        ("predict Q?\nanswer {set} within 1\n", 10, 8, "not {set}"),
        (
            "predict Q?\nchoice a when {eps} = {eps}\n",
            10,
            15,
            "expected {A} < {B}",
        ),
        ("predict Q?\nchoice a\n", 10, 1, "when {A} < {B}"),
        ("predict Q?\npredict R?\n", 10, 1, "one prediction only"),
        ("predict Q?\nhides probe q\n", 10, 13, "unknown curve 'q'"),
        (
            "predict Q?\nanswer verdict\nanswer verdict\n",
            11,
            1,
            "already has its answer",
        ),
    ];
    for (body, line, column, words) in cases {
        let e = Lecture::from_text("p", &format!("{head}{body}")).unwrap_err();
        assert!(e.message.contains(words), "{body}: {e}");
        assert_eq!((e.line, e.column), (*line, *column), "{body}: {e}");
    }
    let five = (0..5)
        .map(|i| format!("choice c{i} when {{eps(k={})}} < {{eps(k=1)}}\n", i + 2))
        .collect::<String>();
    let e = Lecture::from_text("p", &format!("{head}predict Q?\n{five}")).unwrap_err();
    assert!(e.message.contains("at most 4 choices"), "{e}");
}
