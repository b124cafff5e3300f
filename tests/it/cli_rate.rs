//! `bloomlab rate` reproduces the figures of lab.md and an independent
//! exact computation.

use crate::common::bloomlab;

use serde_json::Value;

use crate::figures::TABLE;

fn rate_json(m: u64, n: u64, k: u32, extra: &[&str]) -> Value {
    let (m, n, k) = (m.to_string(), n.to_string(), k.to_string());
    let mut args = vec!["rate", "--m", &m, "--n", &n, "--k", &k, "--json"];
    args.extend_from_slice(extra);
    let out = bloomlab(&args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("rate --json prints one JSON object")
}

fn number(v: &Value, key: &str) -> f64 {
    match &v[key] {
        Value::String(s) => s
            .parse()
            .unwrap_or_else(|_| panic!("{key} = {s} is not a number")),
        Value::Number(x) => x.as_f64().unwrap(),
        other => panic!("{key} = {other} is not a number"),
    }
}

/// `got` rounds to `table` at the table's precision (half a unit in its last place).
fn matches_table(got: f64, table: &str) -> bool {
    let decimals = table.split('.').nth(1).map_or(0, str::len) as i32;
    let half_ulp = 0.5 * 10f64.powi(-decimals);
    (got - table.parse::<f64>().unwrap()).abs() <= half_ulp * (1.0 + 1e-9)
}

#[test]
fn every_row_of_the_figures_table() {
    for (m, n, k, classic, idealised, truth, digits) in TABLE {
        let v = rate_json(m, n, k, &["--digits", "15"]);
        let row = format!("{m}/{n}/{k}: {v}");
        assert!(matches_table(number(&v, "exact"), classic), "classic {row}");
        assert!(
            matches_table(number(&v, "idealised"), idealised),
            "idealised {row}"
        );
        assert!(matches_table(number(&v, "true"), truth), "true {row}");
        assert_eq!(v["exact_denominator_digits"], digits, "{row}");
        assert_eq!(
            (v["m"].as_u64(), v["n"].as_u64(), v["k"].as_u64()),
            (Some(m), Some(n), Some(u64::from(k)))
        );
        // idealised < classic <= true.
        assert!(
            number(&v, "idealised") < number(&v, "exact")
                && number(&v, "exact") <= number(&v, "true")
        );
        let gap = number(&v, "exact") - number(&v, "idealised");
        assert!((number(&v, "difference") - gap).abs() < 1e-15, "{row}");
    }
}

#[test]
fn forty_digits_match_an_independent_exact_computation() {
    // Computed separately with Python's fractions (classic by the formula,
    // true by exact occupancy counting), rounded half to even.
    let v = rate_json(160, 16, 7, &["--digits", "40"]);
    assert_eq!(v["exact"], "8.318677100609870729564854600223450698547e-3");
    assert_eq!(v["true"], "8.653308424443668916856244415427213601381e-3");
    let v = rate_json(16, 3, 3, &["--digits", "40"]);
    assert_eq!(v["exact"], "8.551868386253404150775924840475278689850e-2");
    assert_eq!(v["true"], "9.059622504486242178245447576045989990234e-2");
    let v = rate_json(144, 12, 8, &["--digits", "40"]);
    assert_eq!(v["exact"], "3.204496431891205062648170981928146532380e-3");
}

#[test]
fn the_lesson_setting_in_words() {
    let v = rate_json(160, 16, 7, &[]);
    assert_eq!(v["exact"], "8.318677101e-3");
    assert_eq!(v["one_in"], 120);
    assert_eq!(v["best_k"], 7);
    assert_eq!(v["best_k_exact"], "8.318677101e-3");
    assert!((number(&v, "difference") - 1.25e-4).abs() < 0.005e-4);

    let out = bloomlab(&["rate", "--m", "160", "--n", "16", "--k", "7"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "8.318677101e-3",
        "about 1 in 120",
        "1729 digits",
        "8.653308424e-3",
        "best k       7",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

#[test]
fn best_k_figures() {
    let v = rate_json(144, 12, 10, &[]);
    assert_eq!(v["best_k"], 8);
    assert!(matches_table(number(&v, "best_k_exact"), "0.003204"));
    let v = rate_json(128, 16, 5, &[]);
    assert_eq!(v["best_k"], 6);
    assert!(matches_table(number(&v, "best_k_exact"), "0.02192"));
    let v = rate_json(128, 16, 6, &[]);
    assert_eq!(v["one_in"], 46);
    for (k, figure) in [(6, "0.008553"), (8, "0.008595")] {
        let v = rate_json(160, 16, k, &[]);
        assert!(matches_table(number(&v, "exact"), figure), "k = {k}: {v}");
    }
}

#[test]
fn a_large_filter_within_the_budget() {
    // lab.md prints these cut at ten digits (…091, …427); rounded half to
    // even they end in 2 and 8, as exact arithmetic in Python confirms
    // (classic 0.0081939200917275…, true 0.0081944454278235…).
    let v = rate_json(100_000, 10_000, 7, &[]);
    assert_eq!(v["exact"], "8.193920092e-3");
    assert_eq!(v["exact_denominator_digits"], 2_450_001);
    assert_eq!(v["true"], "8.194445428e-3");
    // Past the long-division limit (20,000 digits) the fractions are not
    // built by default: dividing 2.45 million digits out would take a tenth
    // of a second for digits the certified brackets already prove.
    assert_eq!(v["exact_method"], "certified bracket");
    assert_eq!(v["true_method"], "certified bracket");
    assert_eq!(v["best_k"], 7);
    assert_eq!(v["best_k_range"], serde_json::json!([1, 10]));
    // Every k is ranked by certified enclosures now: none is skipped.
    assert_eq!(v["best_k_skipped"], serde_json::json!([]));
    // With a smaller budget the same digits come from the brackets alone.
    let v = rate_json(100_000, 10_000, 7, &["--max-digits", "1000"]);
    assert_eq!(v["exact"], "8.193920092e-3");
    assert_eq!(v["true"], "8.194445428e-3");
    assert_eq!(v["exact_method"], "certified bracket");
    assert_eq!(v["true_method"], "certified bracket");
}

#[test]
fn exact_ties_of_the_true_rate_go_to_the_smaller_k() {
    // The true rate at 3 bits and 1 key is exactly 1/3 at k = 1 and k = 2.
    let v = rate_json(3, 1, 1, &[]);
    assert_eq!(
        (v["best_k"].as_u64(), v["best_k_true"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(v["best_k_true_rate"], "3.333333333e-1");
    let out = bloomlab(&["rate", "--m", "3", "--n", "1", "--k", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("best k true  1, true 3.333333333e-1: no higher than at the classic k = 2"),
        "{text}"
    );
}

#[test]
fn one_fraction_over_the_budget_sends_both_rates_to_the_brackets() {
    // The classic fraction would have 40,960,001 and 24,500,001 digits, over
    // the default limit; the true one alone would fit, but building it only
    // to check digits the brackets already certify cost seconds.
    for (m, n, k, exact, truth) in [
        (10_000, 10_000, 32, "1.000000000e0", "1.000000000e0"),
        (100_000, 100_000, 7, "9.936344840e-1", "9.936346732e-1"),
    ] {
        let v = rate_json(m, n, k, &[]);
        assert_eq!(
            (v["exact"].as_str(), v["true"].as_str()),
            (Some(exact), Some(truth)),
            "{m}/{n}/{k}"
        );
        assert_eq!(v["exact_method"], "certified bracket", "{m}/{n}/{k}");
        assert_eq!(v["true_method"], "certified bracket", "{m}/{n}/{k}");
    }
}

#[test]
fn real_filters_answer_with_certified_digits() {
    // The lesson's 50M ids at 1% (21 billion denominator digits) and the
    // crawler's filter (490 billion): far beyond any fraction, certified.
    let v = rate_json(479_252_919, 50_000_000, 7, &["--digits", "20"]);
    assert_eq!(v["exact"], "1.0039217695077603015e-2");
    assert_eq!(v["true"], "1.0039217826386687070e-2");
    assert_eq!(v["exact_method"], "certified bracket");
    assert_eq!(v["true_method"], "certified bracket");
    assert_eq!(v["exact_denominator_digits"], 21_267_383_679u64);
    assert_eq!(v["best_k"], 7);
    let out = bloomlab(&[
        "rate",
        "--m",
        "10000000000",
        "--n",
        "1000000000",
        "--k",
        "7",
        "--digits",
        "30",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "8.19372206784264583218963374476e-3 (30 significant digits; exact, certified bracket)",
        "8.19372207309584602162718189570e-3  E[(X/m)^k] (exact, certified bracket)",
        "490000000001 digits",
        "about 1 in 122",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
}

#[test]
fn the_widest_shapes_are_accepted() {
    let v = rate_json(1_000_000_000_000, 1_000_000_000_000_000, 64, &[]);
    assert_eq!(v["exact_method"], "certified bracket");
    assert_eq!(v["exact"], "1.000000000e0");
    // 12 * 1000^2 * 10^15 + 1 digits: past u64, still counted exactly (the
    // raw JSON text, since a parsed Value would round it to a double).
    let out = bloomlab(&[
        "rate", "--m", "1e12", "--n", "1e15", "--k", "1000", "--json",
    ]);
    let raw = String::from_utf8_lossy(&out.stdout);
    assert!(
        raw.contains("\"exact_denominator_digits\":12000000000000000000001,"),
        "{raw}"
    );
    let v = rate_json(1_000_000_000_000, 1_000_000_000, 64, &[]);
    assert_eq!(v["exact_method"], "certified bracket");
    // A rate far below the smallest double still has all its digits, and
    // its reciprocal is written out rather than refused.
    let out = bloomlab(&[
        "rate",
        "--m",
        "1e12",
        "--n",
        "1",
        "--k",
        "64",
        "--best-k-range",
        "1..10",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("3.940200612e-653"), "{text}");
    assert!(text.contains("about 1 in 2.54e652"), "{text}");
    assert!(text.contains("idealised    3.940200612e-653"), "{text}");
}

#[test]
fn the_best_k_of_a_real_filter_beside_the_classic_one() {
    // issue 15: (m, n, k given, classic best, true best).
    for (m, n, k, classic, truth) in [(16, 3, 3, 4, 3), (128, 16, 6, 6, 5), (160, 16, 7, 7, 7)] {
        let v = rate_json(m, n, k, &[]);
        assert_eq!(
            (v["best_k"].as_u64(), v["best_k_true"].as_u64()),
            (Some(classic), Some(truth)),
            "{v}"
        );
        assert!(v["best_k_true_rate"].is_string(), "{v}");
    }
    let v = rate_json(16, 3, 3, &[]);
    assert_eq!(v["best_k_true_rate"], "9.059622504e-2");
    let out = bloomlab(&["rate", "--m", "16", "--n", "3", "--k", "3"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the true rate at k = 3 (9.059622504e-2) is 3.1% lower than at the classic k = 4 (9.345499378e-2)"),
        "{text}"
    );
    let out = bloomlab(&["rate", "--m", "160", "--n", "16", "--k", "7"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("best k true  7 (the same k)"));
}

#[test]
fn the_scan_widens_by_the_one_rule_and_any_range_on_request() {
    // m/n = 16: the rule of thumb is 11.09, so 1..10 has its minimum on
    // the edge; the rule widens to 1..12 and says so, as the lab does.
    let v = rate_json(160, 10, 7, &[]);
    assert_eq!(v["best_k_range"], serde_json::json!([1, 12]));
    assert_eq!(v["best_k_range_reason"], "extended");
    assert_eq!(v["best_k"], 11);
    let lab =
        bloomlab::rates::scan::best_k_rule(160, 10, &std::sync::atomic::AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((lab.classic.k, lab.range), (11, 1..=12));
    let out = bloomlab(&["rate", "--m", "160", "--n", "10", "--k", "7"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("widened past 10"), "{text}");
    // An explicit range is scanned as given, and warns at its top.
    let v = rate_json(160, 10, 7, &["--best-k-range", "1..10"]);
    assert_eq!(
        (v["best_k"].as_u64(), v["best_k_range_reason"].as_str()),
        (Some(10), Some("requested"))
    );
    let out = bloomlab(&[
        "rate",
        "--m",
        "160",
        "--n",
        "10",
        "--k",
        "7",
        "--best-k-range",
        "1..10",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("top of the scan"));
    let v = rate_json(160, 10, 7, &["--best-k-range", "1..17"]);
    assert_eq!(v["best_k_range"], serde_json::json!([1, 17]));
    assert_eq!(v["best_k"], 11);
}

#[test]
fn a_best_k_far_over_the_budget_has_its_digits() {
    // k = 7's fraction would need 29,400,001 digits; its digits are
    // certified anyway.
    let v = rate_json(1_000_000, 100_000, 1, &[]);
    assert_eq!(v["best_k"], 7);
    assert_eq!(v["best_k_status"], "exact");
    assert_eq!(v["best_k_exact"], "8.193741868e-3");
    assert_eq!(v["best_k_exact_digits"], 29_400_001);
    assert_eq!(v["best_k_candidates"], serde_json::json!([7]));
    assert!(
        (number(&v, "best_k_approx") - 0.0081937418).abs() < 1e-9,
        "{v}"
    );
    let v = rate_json(160, 16, 5, &[]);
    assert_eq!(v["best_k_exact_digits"], 1729);
    assert!((number(&v, "best_k_approx") - 0.008318677100609871).abs() < 1e-15);
}

#[test]
fn rational_prints_the_fraction_or_refuses_in_one_line() {
    let out = bloomlab(&["rate", "--m", "16", "--n", "3", "--k", "3", "--rational"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    let numerator = lines[0]
        .strip_prefix("numerator    ")
        .unwrap_or_else(|| panic!("{text}"));
    let denominator = lines[1]
        .strip_prefix("denominator  ")
        .unwrap_or_else(|| panic!("{text}"));
    // N^k / m^(k^2 n): (16^9 - 15^9)^3 / 16^27.
    let n = num_bigint::BigUint::from(16u32).pow(9) - num_bigint::BigUint::from(15u32).pow(9);
    assert_eq!(numerator, n.pow(3).to_string());
    assert_eq!(
        denominator,
        num_bigint::BigUint::from(16u32).pow(27).to_string()
    );
    assert_eq!(denominator.len(), 33);
    let v: Value = serde_json::from_slice(
        &bloomlab(&[
            "rate",
            "--m",
            "16",
            "--n",
            "3",
            "--k",
            "3",
            "--rational",
            "--json",
        ])
        .stdout,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v["numerator"], numerator);
    assert_eq!(v["denominator"], denominator);
    let out = bloomlab(&[
        "rate",
        "--m",
        "1000000",
        "--n",
        "1000000",
        "--k",
        "7",
        "--rational",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("digits") && err.contains("--max-digits"),
        "{err}"
    );
}

#[test]
fn no_keys_means_no_false_positives() {
    let v = rate_json(100, 0, 3, &[]);
    assert_eq!(number(&v, "exact"), 0.0);
    assert_eq!(v["one_in"], Value::Null);
    assert_eq!(v["exact_denominator_digits"], 1);
}

#[test]
fn json_carries_every_figure_the_text_prints() {
    // "About 1 in N" past 10^19 is the text's string, not null; below it a
    // whole number as before, and the text groups its digits.
    let v = rate_json(1_000_000_000_000_000_000, 1, 7, &["--best-k-range", "1..2"]);
    assert_eq!(v["one_in"], "1.21e120");
    let v = rate_json(1000, 1, 3, &["--best-k-range", "1..2"]);
    assert_eq!(v["one_in"], 37_100_000);
    let out = bloomlab(&[
        "rate",
        "--m",
        "1000",
        "--n",
        "1",
        "--k",
        "3",
        "--best-k-range",
        "1..2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("about 1 in 37,100,000\n"), "{text}");
    // Rates below the smallest double keep their numbers (0) and carry
    // their value beside them.
    let v = rate_json(
        1_000_000_000_000_000_000,
        1,
        64,
        &["--best-k-range", "1..2"],
    );
    assert_eq!(v["idealised"], 0.0);
    assert_eq!(v["idealised_scientific"], "3.940200620e-1037");
    assert!(
        (number(&v, "idealised_log10") + 1036.4045).abs() < 1e-3,
        "{v}"
    );
    // An ordinary gap, in both forms.
    let v = rate_json(160, 16, 7, &[]);
    assert_eq!(v["difference_scientific"], "1.249550e-4");
    assert_eq!(v["difference_resolved"], true);
    assert!((number(&v, "difference_log10") - 1.24955e-4f64.log10()).abs() < 1e-5);
    assert_eq!(v["idealised_scientific"], "8.193722066e-3");
    // A gap below what the doubles resolve reads 0 in the JSON, as the text
    // says; it was -1.35e-35.
    let v = rate_json(1_000_000_000_000_000_000, 1_000_000_000_000_000, 10, &[]);
    assert_eq!(v["difference"], 0.0);
    assert_eq!(v["difference_relative"], 0.0);
    assert_eq!(v["difference_resolved"], false);
    assert_eq!(v["difference_scientific"], Value::Null);
}

#[test]
fn json_adds_the_blocked_filters_rates_without_touching_the_others() {
    // Ten thousand 512-bit blocks at 10 bits per key, k = 6: the brief's
    // 0.0096 (Poisson) against 0.0084 for the same bits without blocks.
    let v = rate_json(5_120_000, 512_000, 6, &[]);
    let blocked: f64 = v["blocked"].as_str().unwrap().parse().unwrap();
    let classic_inside: f64 = v["blocked_classic"].as_str().unwrap().parse().unwrap();
    let poisson = v["blocked_poisson"].as_f64().unwrap();
    assert!((poisson - 0.0096).abs() < 0.00005, "{v}");
    assert!(classic_inside < poisson && poisson < blocked, "{v}");
    assert!((number(&v, "true") - 0.0084).abs() < 0.00005, "{v}");
    assert_eq!(v["blocked_best_k"], 6);
    // One block (m <= 512) is the unblocked filter: the same digits.
    let one = rate_json(160, 16, 7, &["--digits", "30"]);
    assert_eq!(one["blocked"], one["true"]);
    assert_eq!(one["blocked_classic"], one["exact"]);
}

#[test]
fn fractions_up_to_twenty_thousand_digits_are_divided_out() {
    // k*k*n*log10(m): 19,999 digits at 10/2222/3, 20,008 at 10/2223/3.
    let under = rate_json(10, 2222, 3, &[]);
    assert_eq!(under["exact_denominator_digits"], 19_999);
    assert_eq!(under["exact_method"], "long division");
    assert_eq!(under["true_method"], "long division");
    let over = rate_json(10, 2223, 3, &[]);
    assert_eq!(over["exact_denominator_digits"], 20_008);
    assert_eq!(over["exact_method"], "certified bracket");
    // --max-digits can only lower the limit.
    let lowered = rate_json(10, 2222, 3, &["--max-digits", "19998"]);
    assert_eq!(lowered["exact_method"], "certified bracket");
}
