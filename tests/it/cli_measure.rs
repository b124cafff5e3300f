//! `bloomlab measure` is deterministic and lands where the model says.

use crate::common::bloomlab;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let out = bloomlab(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("measure --json prints one JSON object")
}

#[test]
fn the_same_seed_gives_the_same_output() {
    let args = [
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--filters",
        "20",
        "--queries",
        "5000",
        "--seed",
        "42",
    ];
    let first = bloomlab(&args);
    let second = bloomlab(&args);
    assert!(first.status.success());
    assert_eq!(first.stdout, second.stdout);
    let mut json_args = args.to_vec();
    json_args.push("--json");
    assert_eq!(json(&json_args), json(&json_args));
    let mut other = json_args.clone();
    other[12] = "43";
    assert_ne!(
        json(&json_args)["false_positives"],
        json(&other)["false_positives"]
    );
}

#[test]
fn json_has_every_promised_key() {
    let v = json(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "1000",
        "--filters",
        "3",
        "--json",
    ]);
    for key in [
        "m",
        "n",
        "k",
        "queries",
        "filters",
        "seed",
        "scheme",
        "bits_set",
        "false_positives",
        "rate",
        "wilson_low",
        "wilson_high",
        "expected",
    ] {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
    assert_eq!(v["queries"], 1000);
    assert_eq!(v["filters"], 3);
    assert_eq!(v["seed"], 1);
    assert_eq!(v["scheme"], "independent");
    let fp = v["false_positives"].as_f64().unwrap();
    let rate = v["rate"].as_f64().unwrap();
    assert!((rate - fp / 3000.0).abs() < 1e-12);
    let expected = v["expected"].as_f64().unwrap();
    assert!(
        (expected - 3000.0 * 0.008_653_308_4).abs() < 1e-3,
        "{expected}"
    );
    assert!(
        v["wilson_low"].as_f64().unwrap() <= rate && rate <= v["wilson_high"].as_f64().unwrap()
    );
}

#[test]
fn independent_hashes_agree_with_the_true_rate_and_double_hashing_does_not() {
    let base = [
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "200",
        "--filters",
        "20000",
        "--json",
    ];
    let mut independent = base.to_vec();
    independent.extend(["--scheme", "independent"]);
    let v = json(&independent);
    let (lo, hi) = (
        v["wilson_low"].as_f64().unwrap(),
        v["wilson_high"].as_f64().unwrap(),
    );
    assert!(lo <= 0.008_653_308_4 && 0.008_653_308_4 <= hi, "{v}");

    let mut double = base.to_vec();
    double.extend(["--scheme", "double"]);
    let v = json(&double);
    assert!(v["wilson_low"].as_f64().unwrap() > 0.012, "{v}");
}

#[test]
fn text_output_reports_the_count_and_interval() {
    let out = bloomlab(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "200",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("false positives"), "{text}");
    assert!(text.contains("Wilson"), "{text}");
    // 200 queries expect under two false positives: the output must say it cannot resolve the rate.
    assert!(text.contains("too few queries"), "{text}");
}
