//! The text output of the one-shot commands, pinned as snapshots so any
//! change to what a reader sees is reviewed on purpose.

use std::process::Command;

fn stdout_of(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .output()
        .expect("the bloomlab binary runs");
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

#[test]
fn rate_text_at_the_lesson_setting() {
    insta::assert_snapshot!(stdout_of(&["rate", "--m", "160", "--n", "16", "--k", "7"]));
}

/// Once the k = 10 whose fraction was over budget; now every k is ranked
/// by certified brackets and none is skipped.
#[test]
fn rate_text_with_a_skipped_k() {
    insta::assert_snapshot!(stdout_of(&[
        "rate", "--m", "100000", "--n", "10000", "--k", "7"
    ]));
}

/// Once "certified by bounds" without its digits; now the best k's digits
/// are certified too.
#[test]
fn rate_text_with_a_best_k_certified_by_bounds() {
    insta::assert_snapshot!(stdout_of(&[
        "rate", "--m", "1000000", "--n", "100000", "--k", "1"
    ]));
}

#[test]
fn rate_text_for_a_real_filter_from_certified_brackets() {
    insta::assert_snapshot!(stdout_of(&[
        "rate",
        "--m",
        "479252919",
        "--n",
        "50000000",
        "--k",
        "7",
        "--digits",
        "20"
    ]));
}

#[test]
fn rate_text_when_the_true_best_k_differs() {
    insta::assert_snapshot!(stdout_of(&["rate", "--m", "16", "--n", "3", "--k", "3"]));
}

#[test]
fn size_text_for_fifty_million_ids() {
    insta::assert_snapshot!(stdout_of(&["size", "--n", "50M", "--p", "1%"]));
}

#[test]
fn size_text_solving_the_rate_of_a_memory_budget() {
    insta::assert_snapshot!(stdout_of(&["size", "--memory", "64MiB", "--n", "50M"]));
}

#[test]
fn size_text_by_the_true_rate() {
    insta::assert_snapshot!(stdout_of(&[
        "size", "--n", "16", "--p", "1%", "--by", "true"
    ]));
}

#[test]
fn measure_text_is_stable_for_a_seed() {
    insta::assert_snapshot!(stdout_of(&[
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
        "200",
        "--seed",
        "7",
        "--scheme",
        "double",
    ]));
}

#[test]
fn measure_text_for_one_filter_says_whose_rate_the_interval_is() {
    insta::assert_snapshot!(stdout_of(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "100000",
        "--seed",
        "7",
    ]));
}

#[test]
fn measure_text_for_the_enhanced_scheme() {
    insta::assert_snapshot!(stdout_of(&[
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
        "5000",
        "--scheme",
        "enhanced",
    ]));
}
