//! Issue 22: idealised figures in the built-in lecture must say they are
//! idealised in their own step (narration or board), a rate quoted at the
//! real-valued k* must say so and give the best whole k's beside it, and
//! the lecture must say once that its GB are decimal.

use serde_json::Value;

use crate::common::bloomlab;

/// Every step of the built-in lecture as (scene, step, all its words),
/// with a predict step's reveal as its own entry.
fn steps() -> Vec<(u64, u64, String)> {
    let out = bloomlab(&["script", "trace", "--json"]);
    assert!(out.status.success());
    let mut all = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let words = |v: &Value| {
            let mut w = v["narration"].as_str().unwrap_or("").to_string();
            for t in v["texts"].as_array().into_iter().flatten() {
                w.push('\n');
                w.push_str(t.as_str().unwrap_or(""));
            }
            w
        };
        let (scene, step) = (v["scene"].as_u64().unwrap(), v["step"].as_u64().unwrap());
        all.push((scene, step, words(&v)));
        if let Some(reveal) = v["predict"]["reveal"].as_object() {
            all.push((scene, step, words(&Value::Object(reveal.clone()))));
        }
    }
    all
}

#[test]
fn idealised_figures_say_so_in_their_own_step() {
    let steps = steps();
    let step = |scene, step| -> Vec<&String> {
        steps
            .iter()
            .filter(|(s, t, _)| (*s, *t) == (scene, step))
            .map(|(_, _, w)| w)
            .collect()
    };
    for (scene, n) in [
        (3, 9),
        (4, 3),
        (4, 4),
        (4, 5),
        (4, 6),
        (4, 10),
        (4, 11),
        (5, 9),
    ] {
        // A predict step's question names no figure; its reveal does.
        let entries = step(scene, n);
        let quoted = if (scene, n) == (4, 5) {
            &entries[1..]
        } else {
            &entries[..]
        };
        for words in quoted {
            assert!(
                words.contains("idealised"),
                "{scene}.{n} quotes idealised figures without saying so:\n{words}"
            );
        }
    }
    // The board's crawler line says its rate is idealised too.
    let crawler = step(5, 9)[0];
    let line = crawler
        .lines()
        .find(|l| l.contains("wrongly dropped"))
        .unwrap_or_else(|| panic!("{crawler}"));
    assert!(line.contains("idealised"), "{line}");
}

#[test]
fn a_rate_at_the_real_valued_k_star_says_so_and_gives_the_whole_k() {
    let steps = steps();
    let words = &steps
        .iter()
        .find(|(s, t, _)| (*s, *t) == (4, 11))
        .unwrap()
        .2;
    // At 8 bits per item k* is 5.55; the best whole k is 6.
    let at_whole: f64 = (1.0 - (-6.0f64 / 8.0).exp()).powi(6);
    let shown = format!("{at_whole:.4}");
    assert_eq!(shown, "0.0216");
    assert!(words.contains("k*"), "{words}");
    assert!(
        words.contains(&shown) && words.contains("whole"),
        "4.11 gives 8 bits' rate only at k*:\n{words}"
    );
}

#[test]
fn the_lecture_says_once_that_its_gigabytes_are_decimal() {
    let steps = steps();
    let saying: Vec<(u64, u64)> = steps
        .iter()
        .filter(|(_, _, w)| w.contains("a GB here is a billion bytes"))
        .map(|(s, t, _)| (*s, *t))
        .collect();
    assert_eq!(saying.len(), 1, "{saying:?}");
    let first_gb = steps
        .iter()
        .find(|(_, _, w)| w.contains("GB") || w.contains("gigabyte"))
        .map(|(s, t, _)| (*s, *t));
    assert_eq!(first_gb, Some(saying[0]), "said where GB first appear");
}
