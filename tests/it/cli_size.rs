//! `bloomlab size` answers the interview question from lab.md with a
//! filter that meets its target, and solves any of n, p, m and k.

use crate::common::bloomlab;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let mut all = vec!["size"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = bloomlab(&all);
    assert!(out.status.success(), "{all:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("size --json prints one JSON object")
}

fn size_json(n: &str, p: &str) -> Value {
    json(&["--n", n, "--p", p])
}

fn text(args: &[&str]) -> String {
    let mut all = vec!["size"];
    all.extend_from_slice(args);
    let out = bloomlab(&all);
    assert!(out.status.success(), "{all:?}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A rate string ("9.99e-3") as a double, for comparisons well away from
/// the target (the exact comparison is the command's own).
fn rate(v: &Value) -> f64 {
    v.as_str().and_then(|s| s.parse().ok()).unwrap_or(f64::NAN)
}

/// `rate`'s JSON for the shape, to check `size` from the outside.
fn rate_json(m: u64, n: &str, k: u64) -> Value {
    let (m, k) = (m.to_string(), k.to_string());
    let out = bloomlab(&[
        "rate", "--m", &m, "--n", n, "--k", &k, "--digits", "20", "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).expect("rate --json")
}

#[test]
fn fifty_million_ids_at_one_percent_meet_the_target() {
    let v = size_json("50M", "1%");
    assert_eq!(v["n"], 50_000_000);
    assert_eq!(v["p"], 0.01);
    assert_eq!(v["solved"], "m");
    assert_eq!(v["m"], 479_647_737);
    assert_eq!(v["bytes"], 59_955_968);
    assert_eq!(v["k"], 7);
    assert_eq!(v["meets_target"], true);
    assert!(
        (v["bits_per_key"].as_f64().unwrap() - 9.593).abs() < 0.0005,
        "{v}"
    );
    assert!((v["mb"].as_f64().unwrap() - 59.96).abs() < 0.005, "{v}");
    assert!((v["mib"].as_f64().unwrap() - 57.18).abs() < 0.005, "{v}");
    // The textbook's figures stay, under their own keys.
    assert!((v["textbook_bits_per_key"].as_f64().unwrap() - 9.585).abs() < 0.0005);
    assert_eq!(v["textbook_m"], 479_252_919);
    assert_eq!(v["textbook_bytes"], 59_906_615);
    assert_eq!(v["textbook_k"], 7);
    assert_eq!(v["textbook_meets_target"], false);
    // Checked from outside: this m meets 1%, one bit fewer misses.
    let at = rate_json(479_647_737, "50M", 7);
    assert!(
        at["exact"]
            .as_str()
            .is_some_and(|s| s.starts_with("9.99999")),
        "{at}"
    );
    let fewer = rate_json(479_647_736, "50M", 7);
    assert_eq!(fewer["best_k"], 7);
    assert!(rate(&fewer["best_k_exact"]) > 0.01, "{fewer}");
    assert_eq!(v["one_past"]["m"], 479_647_736);
}

#[test]
fn every_spelling_of_n_and_p_agrees() {
    let reference = size_json("50000000", "0.01");
    for (n, p) in [
        ("50M", "1%"),
        ("5e7", "1/100"),
        ("50_000_000", "1e-2"),
        ("50,000,000", "1 %"),
        ("50M", "1 in 100"),
    ] {
        assert_eq!(size_json(n, p), reference, "{n} {p}");
    }
}

#[test]
fn text_shows_the_answer_and_the_textbook_beside_it() {
    let t = text(&["--n", "50M", "--p", "1%"]);
    for needle in [
        "479647737 bits",
        "60.0 MB (57.2 MiB)",
        "k             7, the best of 1..10 by the exact rate",
        "meets the target: exact 0.009999999936 <= 0.01",
        "one bit fewer (479647736) would miss",
        "textbook",
        "9.585",
        "479252919 bits",
        "59.9 MB",
        "57.1 MiB",
        "misses the target",
    ] {
        assert!(t.contains(needle), "{needle} missing from:\n{t}");
    }
}

#[test]
fn the_best_integer_k_not_the_rounded_one() {
    // (m/n) ln 2 = 6.49 at the textbook size: rounding gives 6, worse than 7.
    let v = size_json("100", "0.0111");
    assert_eq!(v["k"], 7);
    assert_eq!(v["textbook_k"], 6);
    assert_eq!(v["meets_target"], true);
}

#[test]
fn any_three_in_the_fourth_out() {
    let v = json(&["--m", "479252919", "--n", "50M"]);
    assert_eq!(
        (v["solved"].as_str(), v["k"].as_u64()),
        (Some("p"), Some(7))
    );
    assert_eq!(v["exact"], "1.003921770e-2");
    let v = json(&["--memory", "64MiB", "--n", "50M"]);
    assert_eq!(
        (v["m"].as_u64(), v["k"].as_u64()),
        (Some(536_870_912), Some(7))
    );
    assert_eq!(v["exact"], "5.782104183e-3");
    let v = json(&["--memory", "1.5GB", "--n", "1e9"]);
    assert_eq!(v["m"], 12_000_000_000u64);
    let v = json(&["--m", "479647737", "--p", "1%"]);
    assert_eq!(
        (v["solved"].as_str(), v["n"].as_u64()),
        (Some("n"), Some(50_000_000))
    );
    let v = json(&["--n", "16", "--p", "1%", "--m", "160"]);
    assert_eq!(
        (v["solved"].as_str(), v["k"].as_u64()),
        (Some("k"), Some(7))
    );
    let v = json(&["--n", "1000", "--p", "1%", "--k", "3"]);
    assert_eq!(
        (v["solved"].as_str(), v["k"].as_u64()),
        (Some("m"), Some(3))
    );
    assert_eq!(v["best_k_range"], Value::Null);
}

#[test]
fn sizing_by_the_true_rate_meets_it() {
    let v = json(&["--n", "50M", "--p", "1%", "--by", "true"]);
    assert_eq!(v["by"], "true");
    assert_eq!(v["true_meets_target"], true);
    let m = v["m"].as_u64().unwrap();
    let k = v["k"].as_u64().unwrap();
    assert!(rate(&rate_json(m, "50M", k)["true"]) < 0.01);
    let fewer = rate_json(m - 1, "50M", v["one_past"]["k"].as_u64().unwrap());
    assert!(rate(&fewer["true"]) > 0.01, "{fewer}");
    // The classic sizing leaves the true rate just over the target.
    let classic = size_json("50M", "1%");
    assert_eq!(classic["true_meets_target"], false);
    assert!(m > classic["m"].as_u64().unwrap());
}

#[test]
fn tiny_targets_read_in_scientific_notation() {
    let t = text(&["--n", "1000", "--p", "1e-300"]);
    assert!(t.contains("target rate of 1e-300"), "{t}");
    assert!(t.contains("meets the target: exact 9.99"), "{t}");
    assert!(t.contains("e-301 <= 1e-300"), "{t}");
    assert!(!t.contains("0.00000000000"), "{t}");
}

#[test]
fn missing_and_surplus_inputs_are_one_line() {
    for args in [
        &["size", "--n", "50M"][..],
        &["size", "--p", "1%"],
        &["size", "--n", "50M", "--p", "1%", "--m", "1000", "--k", "7"],
        &["size", "--m", "1000", "--memory", "1KB", "--n", "5"],
        &["size", "--memory", "12 parsecs", "--n", "5"],
        &["size", "--m", "4", "--p", "1 in 1000"],
    ] {
        let out = bloomlab(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_rate_just_over_its_target_never_reads_as_the_target() {
    // 0.0081937221054670... against a typed 0.008193722105: ten digits read
    // "0.008193722105 > 0.008193722105".
    let t = text(&[
        "--n",
        "50000000",
        "--m",
        "500000000",
        "--p",
        "0.008193722105",
    ]);
    assert!(
        t.contains("misses the target: exact 0.00819372210547 > 0.008193722105"),
        "{t}"
    );
}

#[test]
fn one_key_is_one_key() {
    let t = text(&["--n", "1", "--p", "1%"]);
    assert!(t.starts_with("n = 1 key at a target rate of 0.01\n"), "{t}");
}
