//! `bloomlab compare`: the line-up on the command line, its JSON keys, its
//! determinism, and its refusals. The million-key run of the issue's "done
//! when" list is timed by hand (a debug build is far slower); the same
//! guarantees are checked here and in the line-up's own tests at fewer keys.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::common::bloomlab;

const SMALL: [&str; 9] = [
    "compare",
    "--n",
    "20000",
    "--p",
    "1%",
    "--queries",
    "300000",
    "--seed",
    "5",
];

fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let out = bloomlab(&args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("compare --json prints one JSON object")
}

/// The error line and exit code of a refused run.
fn refused(args: &[&str]) -> String {
    let out = bloomlab(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn the_json_lists_the_structures_with_every_promised_key() {
    let v = json(&SMALL);
    assert_eq!(v["n"], 20000);
    assert_eq!(v["p"], 0.01);
    let floor = v["floor_bits_per_key"].as_f64().unwrap();
    assert!((floor - 6.643_856).abs() < 1e-5);
    let structures = v["structures"].as_array().unwrap();
    let names: BTreeSet<&str> = structures
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let issue = [
        "bloom",
        "blocked-bloom",
        "counting-bloom",
        "cuckoo",
        "quotient",
        "xor8",
        "xor16",
        "binary-fuse8",
        "binary-fuse16",
    ];
    assert!(issue.iter().all(|n| names.contains(n)), "{names:?}");
    for s in structures {
        for key in [
            "name",
            "implementation",
            "bits_per_key",
            "floor_ratio",
            "fp_measured",
            "fp_low",
            "fp_high",
            "fp_model",
            "insert_ns",
            "query_ns",
            "deletes",
            "static",
        ] {
            assert!(s.get(key).is_some(), "{key} missing from {s}");
        }
        let bits = s["bits_per_key"].as_f64().unwrap();
        assert!(bits >= floor, "{s}");
        assert!((s["floor_ratio"].as_f64().unwrap() - bits / floor).abs() < 1e-9);
        let (low, high) = (
            s["fp_low"].as_f64().unwrap(),
            s["fp_high"].as_f64().unwrap(),
        );
        let measured = s["fp_measured"].as_f64().unwrap();
        assert!(low <= measured && measured <= high, "{s}");
        let model = s["fp_model"].as_f64().unwrap();
        let inside = low <= model && model <= high;
        let says_why = s["notes"].as_array().unwrap().iter().any(|n| {
            n.as_str()
                .unwrap()
                .contains("outside this one structure's 95% interval")
        });
        assert!(inside || says_why, "{s}");
    }
    let by_name = |name: &str| structures.iter().find(|s| s["name"] == name).unwrap();
    let bloom = by_name("bloom");
    assert!(
        (bloom["floor_ratio"].as_f64().unwrap() - 1.44).abs() < 0.02,
        "{bloom}"
    );
    assert_eq!(bloom["implementation"], "bloomlab");
    assert_eq!(by_name("xor8")["implementation"], "xorf 0.13");
    assert_eq!(by_name("cuckoo")["deletes"], true);
    assert_eq!(by_name("binary-fuse8")["static"], true);
    let blocked = by_name("blocked-bloom");
    assert_eq!(blocked["bits_per_key"], bloom["bits_per_key"]);
    assert!(blocked["fp_low"].as_f64().unwrap() > bloom["fp_high"].as_f64().unwrap());
}

#[test]
fn the_same_seed_gives_the_same_counts_and_text_has_the_floor() {
    let strip = |v: Value| -> Vec<(Value, Value, Value)> {
        v["structures"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["name"].clone(),
                    s["false_positives"].clone(),
                    s["memory_bytes"].clone(),
                )
            })
            .collect()
    };
    let small = [
        "compare",
        "--n",
        "3000",
        "--p",
        "0.02",
        "--queries",
        "20000",
    ];
    assert_eq!(strip(json(&small)), strip(json(&small)));
    let out = bloomlab(&small);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("floor: log2(1/p) = 5.644 bits per key"),
        "{text}"
    );
    assert!(text.contains("binary-fuse16"), "{text}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let e = refused(&["compare", "--n", "0", "--p", "0.01"]);
    assert!(
        e.contains("--n must be a whole number between 1 and 10^9, got '0'"),
        "{e}"
    );
    for p in ["0", "1", "1.5", "-0.1", "abc"] {
        let e = refused(&["compare", "--n", "100", "--p", p]);
        assert!(
            e.contains("--p must be a probability strictly between 0 and 1"),
            "{e}"
        );
    }
    let e = refused(&["compare", "--n", "100", "--p", "1e-12"]);
    assert!(e.contains("--p must be at least 1e-8"), "{e}");
    let e = refused(&["compare", "--n", "100", "--p", "0.01", "--queries", "0"]);
    assert!(e.contains("--queries must be"), "{e}");
}

#[test]
fn an_n_over_the_memory_budget_names_the_budget_and_the_largest_n() {
    let e = refused(&["compare", "--n", "500000000", "--p", "0.01"]);
    assert!(e.contains("over the budget of 2.15 GB (2.00 GiB)"), "{e}");
    let largest: u64 = e
        .trim()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("{e}"));
    assert!(largest > 1_000_000 && largest < 500_000_000, "{e}");
}

/// Issue 22's wording: one key and one query are said in the singular
/// (the header said "n = 1 keys ... 1 queries").
#[test]
fn one_key_and_one_query_read_in_the_singular() {
    let out = bloomlab(&["compare", "--n", "1", "--p", "0.01", "--queries", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("n = 1 key, target p = 0.01, 1 query of keys never inserted, seed 1\n"),
        "{text}"
    );
    let out = bloomlab(&["compare", "--n", "2", "--p", "0.01", "--queries", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("n = 2 keys, target p = 0.01, 2 queries of"),
        "{text}"
    );
}
