//! `bloomlab measure` is deterministic and lands where the model says.

use crate::common::bloomlab;

use bloomlab::rates::{Budget, Params, check_true_budget};

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
        "interval_low",
        "interval_high",
        "interval_method",
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
    assert!(
        v["interval_low"].as_f64().unwrap() <= rate && rate <= v["interval_high"].as_f64().unwrap()
    );
    assert_eq!(v["interval_method"], "between-filters-t");
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
        v["interval_low"].as_f64().unwrap(),
        v["interval_high"].as_f64().unwrap(),
    );
    assert!(lo <= 0.008_653_308_4 && 0.008_653_308_4 <= hi, "{v}");
    assert_eq!(v["model_inside_interval"], true);
    assert!(v["reason"].is_null(), "{v}");

    let mut double = base.to_vec();
    double.extend(["--scheme", "double"]);
    let v = json(&double);
    assert!(v["interval_low"].as_f64().unwrap() > 0.012, "{v}");
    assert_eq!(v["model_inside_interval"], false);
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("arithmetic progression"),
        "{v}"
    );

    let mut enhanced = base.to_vec();
    enhanced.extend(["--scheme", "enhanced"]);
    let v = json(&enhanced);
    assert_eq!(v["scheme"], "enhanced");
    let (lo, hi) = (
        v["interval_low"].as_f64().unwrap(),
        v["interval_high"].as_f64().unwrap(),
    );
    // lab.md: enhanced double hashing measures about 0.0101 here.
    assert!(lo < 0.0101 && 0.0101 < hi, "{v}");
}

#[test]
fn one_filter_reports_wilson_for_its_own_rate() {
    let args = [
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "20000",
    ];
    let out = bloomlab(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(Wilson, for this one filter's own rate, not the model's)"),
        "{text}"
    );
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v = json(&json_args);
    assert_eq!(v["interval_method"], "one-filter-wilson");
    assert_eq!(v["interval_low"], v["wilson_low"]);
    assert_eq!(v["interval_high"], v["wilson_high"]);
    assert!(v["design_effect"].is_null());
}

#[test]
fn the_thread_count_never_changes_the_output() {
    for (queries, filters, scheme) in [
        ("300", "400", "independent"),
        ("300", "400", "double"),
        ("100000", "1", "enhanced"),
        ("70000", "3", "independent"),
    ] {
        let args = [
            "measure",
            "--m",
            "1600",
            "--n",
            "160",
            "--k",
            "7",
            "--queries",
            queries,
            "--filters",
            filters,
            "--scheme",
            scheme,
            "--seed",
            "11",
        ];
        let all = bloomlab(&args);
        assert!(all.status.success(), "{all:?}");
        for threads in ["1", "3"] {
            let mut forced = args.to_vec();
            forced.extend(["--threads", threads]);
            let out = bloomlab(&forced);
            assert_eq!(out.stdout, all.stdout, "{forced:?}");
            forced.push("--json");
            let mut json_all = args.to_vec();
            json_all.push("--json");
            assert_eq!(json(&forced), json(&json_all), "{forced:?}");
        }
    }
}

#[test]
fn a_bad_thread_count_is_refused_with_its_range() {
    let out = bloomlab(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--threads",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --threads must be a whole number between 1 and 64, got '0'\n"
    );
}

#[test]
fn the_lessons_32_bit_hash_wall_is_named() {
    // 10^5 keys at 40 bits per key and k = 28: the model expects about
    // 0.0045 false positives in 10^6 queries, the wall n / 2^32 about 23.
    let base = [
        "measure",
        "--m",
        "4000000",
        "--n",
        "100000",
        "--k",
        "28",
        "--queries",
        "1000000",
        "--scheme",
        "double",
    ];
    let text = String::from_utf8_lossy(&bloomlab(&base).stdout).into_owned();
    assert!(text.contains("hash wall"), "{text}");
    assert!(text.contains("n/2^32 = 2.328e-5"), "{text}");
    // The true rate's fraction would have about 1.9 * 10^7 digits; its
    // certified digits are what the count is held against all the same.
    assert!(text.contains("at the true rate 4.507528621e-9"), "{text}");
    let mut json_args = base.to_vec();
    json_args.push("--json");
    let v = json(&json_args);
    assert!(v["false_positives"].as_u64().unwrap() >= 10, "{v}");
    assert!(
        (v["hash_wall"].as_f64().unwrap() - 2.328e-5).abs() < 1e-8,
        "{v}"
    );
    assert_eq!(v["model_rate_kind"], "true");
    // The independent scheme's 64-bit hashes have no such wall.
    let mut independent = json_args.clone();
    independent[10] = "independent";
    let v = json(&independent);
    assert!(v["hash_wall"].is_null(), "{v}");
    assert!(v["false_positives"].as_u64().unwrap() < 3, "{v}");
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
    assert!(!text.contains("hash wall"), "{text}");
    // 200 queries expect under two false positives: the output must say it cannot resolve the rate.
    assert!(text.contains("too few queries"), "{text}");
}

#[test]
fn a_shape_whose_true_fraction_is_over_budget_is_held_against_its_certified_digits() {
    // 10 bits per key at 2 * 10^5 keys: the true rate's exact fraction
    // would run to millions of digits, over the default budget, yet the
    // count is still expected at the true rate and judged against it.
    let p = Params::new(2_000_000, 200_000, 7).unwrap();
    assert!(check_true_budget(p, Budget::default()).is_err());
    let base = [
        "measure",
        "--m",
        "2000000",
        "--n",
        "200000",
        "--k",
        "7",
        "--queries",
        "20000",
        "--filters",
        "4",
    ];
    let mut json_args = base.to_vec();
    json_args.push("--json");
    let v = json(&json_args);
    assert_eq!(v["model_rate_kind"], "true", "{v}");
    let shown = v["true"].as_str().unwrap();
    let rate: f64 = shown.parse().unwrap();
    // The idealised (1 - e^-0.7)^7 is 8.1937e-3; the true rate sits just above.
    assert!(rate > 8.19e-3 && rate < 8.20e-3, "{v}");
    assert_eq!(v["model_rate"].as_f64().unwrap(), rate);
    let expected = v["expected"].as_f64().unwrap();
    assert!((expected - 80_000.0 * rate).abs() < 1e-6, "{v}");
    assert_eq!(v["model_inside_interval"], true, "{v}");
    assert!(v["reason"].is_null(), "{v}");

    let text = String::from_utf8_lossy(&bloomlab(&base).stdout).into_owned();
    let line = format!("at the true rate {shown} (inside the interval)");
    assert!(text.contains(&line), "{text}");
    assert!(!text.contains("digit budget"), "{text}");
}

#[test]
fn one_query_is_one_query() {
    let out = bloomlab(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "1",
        "--filters",
        "1",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("filters          1 x 1 query = 1 query of keys never inserted"),
        "{text}"
    );
}

#[test]
fn the_blocked_scheme_is_held_against_the_blocked_rate() {
    // Ten 512-bit blocks at 10 bits per key: the blocked rate sits well
    // above the true rate of the same bits without blocks.
    let v = json(&[
        "measure",
        "--m",
        "5120",
        "--n",
        "512",
        "--k",
        "6",
        "--scheme",
        "blocked",
        "--filters",
        "4000",
        "--queries",
        "250",
        "--json",
    ]);
    assert_eq!(v["scheme"], "blocked");
    assert_eq!(v["model_rate_kind"], "blocked");
    let blocked: f64 = v["blocked"].as_str().unwrap().parse().unwrap();
    let unblocked: f64 = v["true"].as_str().unwrap().parse().unwrap();
    assert_eq!(v["model_rate"].as_f64().unwrap(), blocked);
    assert!(blocked > 1.1 * unblocked, "{blocked} {unblocked}");
    assert_eq!(v["model_inside_interval"], true, "{v}");
    let expected = v["expected"].as_f64().unwrap();
    assert!((expected - 1_000_000.0 * blocked).abs() < 1e-6 * expected);
    // The other schemes keep the true rate as their model and no blocked rate.
    let other = json(&[
        "measure",
        "--m",
        "5120",
        "--n",
        "512",
        "--k",
        "6",
        "--queries",
        "100",
        "--json",
    ]);
    assert_eq!(other["model_rate_kind"], "true");
    assert!(other["blocked"].is_null());
}
