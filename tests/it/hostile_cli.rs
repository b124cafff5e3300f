//! Hostile command lines against the real binary: every option out of
//! range, non-numeric, negative or huge; empty and non-UTF-8 keys; unknown
//! screens and flags. Bad input must be refused with exit 2 and ONE line on
//! stderr naming the value, within a second, never a panic or a hang.
//! tests/RELIABILITY.md lists every case with its outcome.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::time::Duration;

use crate::support::run::{Report, run, run_limited, success_problems, usage_problems};

/// Runs each `(args, needles)` case and expects the usage-error promise.
fn refuse_all(cases: &[(&[&str], &[&str])]) {
    let mut report = Report::default();
    for (args, needles) in cases {
        let o = run(args);
        let problems = usage_problems(&o, needles);
        report.add(&o, problems);
    }
    report.finish();
}

/// `base` with the value of `flag` replaced (or added) by `value`.
fn with(base: &[&'static str], flag: &'static str, value: &'static str) -> Vec<&'static str> {
    let mut out: Vec<&str> = Vec::new();
    let mut skip = false;
    for (i, a) in base.iter().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        if *a == flag && i + 1 < base.len() {
            skip = true;
            continue;
        }
        out.push(a);
    }
    out.push(flag);
    out.push(value);
    out
}

/// Values no whole-number option accepts, each paired with what the error
/// line must contain.
const NOT_WHOLE: &[&str] = &[
    "abc",
    "",
    "1.5",
    "0x10",
    "1e",
    "NaN",
    "inf",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "１６",
];

/// Every bad value for one numeric flag of one command. `--flag=-5` is
/// used for negatives so clap does not read the value as another flag.
fn numeric_cases(
    base: &[&'static str],
    flag: &'static str,
    out_of_range: &[&'static str],
) -> Vec<(Vec<String>, Vec<String>)> {
    let mut cases = Vec::new();
    for value in NOT_WHOLE.iter().chain(out_of_range) {
        let args = with(base, flag, value);
        let needle = if value.is_empty() {
            flag.to_string()
        } else {
            value.to_string()
        };
        cases.push((args.iter().map(|s| s.to_string()).collect(), vec![needle]));
    }
    let mut args: Vec<String> = with(base, flag, "1")
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.truncate(args.len() - 2);
    args.push(format!("{flag}=-5"));
    cases.push((args, vec!["-5".to_string()]));
    cases
}

fn refuse_generated(cases: Vec<(Vec<String>, Vec<String>)>) {
    let mut report = Report::default();
    for (args, needles) in &cases {
        let o = run(args);
        let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
        let problems = usage_problems(&o, &needles);
        report.add(&o, problems);
    }
    report.finish();
}

const RATE: &[&str] = &["rate", "--m", "160", "--n", "16", "--k", "7"];
const MEASURE: &[&str] = &[
    "measure",
    "--m",
    "160",
    "--n",
    "16",
    "--k",
    "7",
    "--queries",
    "1000",
];
const POSITIONS: &[&str] = &["positions", "rec-11", "--m", "16", "--k", "3"];
const LOOKUP: &[&str] = &[
    "lookup", "--m", "16", "--k", "3", "--insert", "a,b", "--query", "c",
];
const RENDER: &[&str] = &["render", "--width", "80", "--height", "24"];

#[test]
fn rate_refuses_every_bad_number() {
    let mut cases = numeric_cases(RATE, "--m", &["0", "1000000000000000001"]);
    cases.extend(numeric_cases(RATE, "--n", &["1000000000000000000"]));
    cases.extend(numeric_cases(RATE, "--k", &["0", "1000000", "4294967296"]));
    cases.extend(numeric_cases(
        RATE,
        "--digits",
        &["0", "1000000000", "4294967296"],
    ));
    cases.extend(numeric_cases(RATE, "--max-digits", &["0", "1000000000"]));
    refuse_generated(cases);
}

#[test]
fn measure_refuses_every_bad_number() {
    let mut cases = numeric_cases(MEASURE, "--m", &["0", "1000000000000000000"]);
    cases.extend(numeric_cases(MEASURE, "--n", &["1000000000000000000"]));
    cases.extend(numeric_cases(MEASURE, "--k", &["0", "1000000"]));
    cases.extend(numeric_cases(
        MEASURE,
        "--queries",
        &["0", "1000000000000000"],
    ));
    cases.extend(numeric_cases(
        MEASURE,
        "--filters",
        &["0", "1000000000000000"],
    ));
    cases.extend(numeric_cases(MEASURE, "--seed", &[]));
    refuse_generated(cases);
}

#[test]
fn positions_and_lookup_refuse_bad_numbers() {
    let mut cases = numeric_cases(POSITIONS, "--m", &["0", "1000000000000000000"]);
    cases.extend(numeric_cases(POSITIONS, "--k", &["0", "1000000"]));
    cases.extend(numeric_cases(LOOKUP, "--m", &["0", "1000000000000000000"]));
    cases.extend(numeric_cases(LOOKUP, "--k", &["0", "1000000"]));
    refuse_generated(cases);
}

#[test]
fn render_refuses_bad_sizes_and_places() {
    let mut cases = numeric_cases(RENDER, "--width", &["0", "65535", "65536"]);
    cases.extend(numeric_cases(RENDER, "--height", &["0", "65535"]));
    cases.extend(numeric_cases(RENDER, "--scene", &["0", "99", "4294967296"]));
    cases.extend(numeric_cases(RENDER, "--step", &["0", "100000"]));
    let lab: Vec<&'static str> = RENDER.iter().copied().chain(["--screen", "lab"]).collect();
    cases.extend(numeric_cases(&lab, "--m", &["0", "1000000000000000000"]));
    cases.extend(numeric_cases(&lab, "--k", &["0", "1000000"]));
    refuse_generated(cases);
}

#[test]
fn size_refuses_bad_n_and_p() {
    let base: &[&str] = &["size", "--n", "1000000", "--p", "0.01"];
    let mut cases: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    for p in [
        "0", "1", "1.5", "100%", "0%", "150%", "abc", "", "1/0", "0/0", "nan", "inf", "1e-400",
        "2/1", "1/",
    ] {
        let needle = if p.is_empty() { "--p" } else { p };
        cases.push((
            with(base, "--p", p).iter().map(|s| s.to_string()).collect(),
            vec![needle.to_string()],
        ));
    }
    cases.push((
        ["size", "--n", "1000000", "--p=-0.1"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        vec!["-0.1".to_string()],
    ));
    for n in [
        "0",
        "abc",
        "",
        "1e30",
        "50X",
        "-5M",
        "18446744073709551616",
        "1.5",
    ] {
        let needle = if n.is_empty() { "--n" } else { n };
        let mut args: Vec<String> = ["size", "--p", "0.01"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.push(format!("--n={n}"));
        cases.push((args, vec![needle.to_string()]));
    }
    refuse_generated(cases);
}

#[test]
fn unknown_screens_schemes_flags_and_commands() {
    refuse_all(&[
        (&["--screen", "bogus"], &["bogus"]),
        (&["--screen", ""], &["--screen"]),
        (&["render", "--screen", "LAB!"], &["LAB!"]),
        (
            &[
                "measure", "--m", "16", "--n", "1", "--k", "1", "--scheme", "triple",
            ],
            &["triple"],
        ),
        (
            &["rate", "--m", "16", "--n", "1", "--k", "1", "--bogus"],
            &["--bogus"],
        ),
        (&["frobnicate"], &["frobnicate"]),
        (&["script"], &["script"]),
        (&["script", "lint", "x"], &["lint"]),
        (&["rate", "--m", "16"], &["--n"]),
        (
            &["rate", "--m", "16", "--m", "17", "--n", "1", "--k", "1"],
            &["--m"],
        ),
        (&["--m", "0"], &["0"]),
        (&["--k", "1000000"], &["1000000"]),
        (&["--m", "abc", "--screen", "lab"], &["abc"]),
    ]);
}

#[test]
fn empty_key_lists_are_refused() {
    refuse_all(&[
        (&["positions", "--m", "16", "--k", "3"], &["KEY"]),
        (&["positions", "", "--m", "1", "--k", "1"], &["KEY", "''"]),
        (
            &["lookup", "--m", "16", "--k", "3", "--query", "a"],
            &["--insert"],
        ),
        (
            &["lookup", "--m", "16", "--k", "3", "--insert", "a"],
            &["--query"],
        ),
    ]);
}

/// An empty list after `--insert` or `--query` is a valid (if pointless)
/// request or a refusal; either way it is prompt, one line if refused, and
/// never a panic.
#[test]
fn blank_key_lists_are_handled() {
    let mut report = Report::default();
    for (insert, query) in [("", "a"), ("a", ""), ("", ""), (",,,", ","), (" ", " ")] {
        let o = run(&[
            "lookup", "--m", "16", "--k", "3", "--insert", insert, "--query", query,
        ]);
        let problems = match o.code {
            Some(2) => usage_problems(&o, &[]),
            _ => success_problems(&o, Duration::from_secs(1)),
        };
        report.add(&o, problems);
    }
    report.finish();
}

/// Keys are bytes: a key that is not UTF-8 is still a key, and positions
/// hashes its raw bytes.
#[test]
fn non_utf8_keys_are_valid() {
    let key = OsString::from_vec(vec![b'r', 0xff, 0xfe, 0x80, b'-', 0xc3]);
    let args: Vec<OsString> = vec![
        "positions".into(),
        key.clone(),
        "rec-11".into(),
        "--m".into(),
        "16".into(),
        "--k".into(),
        "3".into(),
    ];
    let o = run(&args);
    let mut report = Report::default();
    let mut problems = success_problems(&o, Duration::from_secs(1));
    let out = o.out_text();
    if !out.contains("rec-11: 4 3 2") {
        problems.push(format!("rec-11 line missing: {out:?}"));
    }
    report.add(&o, problems);

    let o = run(&[
        OsString::from("lookup"),
        "--m".into(),
        "16".into(),
        "--k".into(),
        "3".into(),
        "--insert".into(),
        key.clone(),
        "--query".into(),
        key,
    ]);
    let mut problems = success_problems(&o, Duration::from_secs(1));
    if !o.out_text().contains("maybe") {
        problems.push(format!(
            "inserted non-UTF-8 key not found: {:?}",
            o.out_text()
        ));
    }
    report.add(&o, problems);
    report.finish();
}

/// Valid but enormous requests: the digits of `rate` come from certified
/// brackets at any size, so these answer; only their full fractions are
/// out of reach, and asking for those is refused at once.
#[test]
fn enormous_rates_answer_and_their_fractions_are_refused_fast() {
    let mut report = Report::default();
    for args in [
        &[
            "rate",
            "--m",
            "1000000000000",
            "--n",
            "1000000000000",
            "--k",
            "1000",
        ][..],
        &["rate", "--m", "1000000", "--n", "100000", "--k", "32"],
    ] {
        let o = run(args);
        let problems = success_problems(&o, Duration::from_secs(4));
        report.add(&o, problems);
    }
    report.finish();
}

/// Valid but enormous requests whose work has a size budget checked before
/// it starts, so they are refused at once rather than computed.
#[test]
fn over_budget_work_is_refused_fast() {
    refuse_all(&[
        (
            &[
                "rate",
                "--m",
                "1000000000000",
                "--n",
                "1000000000000",
                "--k",
                "1000",
                "--rational",
            ],
            &["digits"],
        ),
        (
            &[
                "rate",
                "--m",
                "1000000",
                "--n",
                "100000",
                "--k",
                "32",
                "--rational",
            ],
            &["digits"],
        ),
        (
            &["measure", "--m", "1000", "--n", "1000000000000", "--k", "7"],
            &["probes"],
        ),
        (
            &[
                "measure",
                "--m",
                "1000",
                "--n",
                "10",
                "--k",
                "7",
                "--queries",
                "1000000000",
                "--filters",
                "10000000",
            ],
            &[],
        ),
    ]);
}

/// Small valid edge cases run and print: m = 1, n = 0, k = 1, one digit.
#[test]
fn tiny_valid_inputs_succeed() {
    let mut report = Report::default();
    for args in [
        &["rate", "--m", "1", "--n", "0", "--k", "1"][..],
        &["rate", "--m", "1", "--n", "1", "--k", "1", "--digits", "1"],
        &["rate", "--m", "2", "--n", "0", "--k", "1000", "--json"],
        &[
            "measure",
            "--m",
            "1",
            "--n",
            "0",
            "--k",
            "1",
            "--queries",
            "1",
        ],
        &[
            "measure",
            "--m",
            "1",
            "--n",
            "1",
            "--k",
            "1000",
            "--queries",
            "1",
            "--json",
        ],
        &["size", "--n", "1", "--p", "0.5"],
        &["size", "--n", "50M", "--p", "1/100"],
        &["render", "--width", "1", "--height", "1"],
        &[
            "render", "--screen", "lab", "--width", "1000", "--height", "1000",
        ],
    ] {
        let o = run_limited(args, Duration::from_secs(10));
        let problems = success_problems(&o, Duration::from_secs(5));
        report.add(&o, problems);
    }
    report.finish();
}

/// The app flags are checked before the terminal is touched; with no
/// terminal at all the app speaks plain mode's lines instead of drawing,
/// and ends at once when its input is closed.
#[test]
fn app_without_a_terminal_speaks_plain_lines() {
    let o = run(&["--screen", "lab"]);
    let mut report = Report::default();
    let mut problems = crate::support::run::basic_problems(&o);
    if o.code != Some(0) {
        problems.push(format!("exit {:?} at the end of its input", o.code));
    }
    if !o.err_text().is_empty() {
        problems.push(format!("stderr is not empty: {:?}", o.err_text()));
    }
    if !o.out_text().contains("The Lab screen.") {
        problems.push(format!("no plain description: {:?}", o.out_text()));
    }
    if o.elapsed > Duration::from_secs(2) {
        problems.push(format!("took {:?}", o.elapsed));
    }
    if o.stdout.contains(&0x1b) {
        problems.push("an escape sequence on a pipe".to_string());
    }
    report.add(&o, problems);
    report.finish();
}

/// Valid requests whose hidden exact work could dwarf what was asked: one
/// query at k = 1000 still needs the true rate for `expected`, which is
/// k + 1 big powers, not one. Each must finish or be refused within the
/// kill limit, never run on for minutes.
#[test]
fn small_requests_with_hidden_exact_work_finish() {
    let mut report = Report::default();
    for args in [
        &[
            "measure",
            "--m",
            "1000",
            "--n",
            "1000",
            "--k",
            "1000",
            "--queries",
            "1",
        ][..],
        &[
            "measure",
            "--m",
            "1000",
            "--n",
            "100",
            "--k",
            "1000",
            "--queries",
            "1",
            "--json",
        ],
    ] {
        let o = run(args);
        let problems = match o.code {
            Some(2) => usage_problems(&o, &[]),
            _ => success_problems(&o, Duration::from_secs(5)),
        };
        report.add(&o, problems);
    }
    report.finish();
}
