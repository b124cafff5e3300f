//! `bloomlab size` answers the interview question from lab.md.

use crate::common::bloomlab;

use serde_json::Value;

fn size_json(n: &str, p: &str) -> Value {
    let out = bloomlab(&["size", "--n", n, "--p", p, "--json"]);
    assert!(out.status.success(), "{n} {p}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("size --json prints one JSON object")
}

#[test]
fn fifty_million_ids_at_one_percent() {
    let v = size_json("50M", "1%");
    assert_eq!(v["n"], 50_000_000);
    assert_eq!(v["p"], 0.01);
    assert!(
        (v["bits_per_key"].as_f64().unwrap() - 9.585).abs() < 0.0005,
        "{v}"
    );
    assert_eq!(v["m"], 479_252_919);
    assert_eq!(v["bytes"], 59_906_615);
    assert!((v["mb"].as_f64().unwrap() - 59.9).abs() < 0.05, "{v}");
    assert!((v["mib"].as_f64().unwrap() - 57.1).abs() < 0.05, "{v}");
    assert_eq!(v["k"], 7);
}

#[test]
fn every_spelling_of_n_and_p_agrees() {
    let reference = size_json("50000000", "0.01");
    for (n, p) in [
        ("50M", "1%"),
        ("5e7", "1/100"),
        ("50_000_000", "1e-2"),
        ("50,000,000", "1 %"),
    ] {
        assert_eq!(size_json(n, p), reference, "{n} {p}");
    }
}

#[test]
fn text_shows_both_megabytes_and_mebibytes() {
    let out = bloomlab(&["size", "--n", "50M", "--p", "1%"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "9.585",
        "479252919 bits",
        "59.9 MB",
        "57.1 MiB",
        "k             7",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}
