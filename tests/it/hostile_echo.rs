//! Nothing hostile reaches the terminal through an error: a value or a
//! command name carrying escape sequences, BEL, bidirectional overrides or
//! zero-width marks is echoed escaped, a long one is cut with an ellipsis,
//! and a value that is not UTF-8 is named by its flag. Each case keeps the
//! one-line promise (exit 2, one line, no control or invisible character).

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use crate::support::run::{Report, run, usage_problems};

fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

#[test]
fn hostile_values_and_names_are_escaped() {
    let rate = |m: &str| os(&["rate", "--m", m, "--n", "1", "--k", "1"]);
    let cases: Vec<(Vec<OsString>, &[&str])> = vec![
        (rate("\x1b[2J"), &["--m", "\\u{1b}[2J"]),
        (rate("\x1b]0;owned\x07"), &["--m", "\\u{1b}]0;owned\\u{7}"]),
        (rate("1\u{202e}6"), &["--m", "\\u{202e}"]),
        (rate("\u{9b}2J"), &["--m", "\\u{9b}2J"]),
        (rate("1\u{200b}6"), &["\\u{200b}"]),
        (os(&["\x1b[2J"]), &["unknown command", "\\u{1b}[2J"]),
        (
            os(&["rate", "--\x1b[31m"]),
            &["unexpected argument", "\\u{1b}[31m"],
        ),
        (
            os(&["rate", "--m", "16", "--n", "1", "--k", "1", "\u{2066}x"]),
            &["unexpected argument", "\\u{2066}x"],
        ),
        (os(&["--screen", "\x1b[2J"]), &["--screen", "\\u{1b}[2J"]),
        (os(&["--theme", "\x07"]), &["--theme", "\\u{7}"]),
        (
            os(&["size", "--n", "\x1b[2J", "--p", "1%"]),
            &["--n", "\\u{1b}"],
        ),
        (os(&["script", "check", "\x1b[2J.txt"]), &["\\u{1b}[2J.txt"]),
        (
            os(&[
                "lookup",
                "--m",
                "16",
                "--k",
                "3",
                "--insert",
                "a,,\x1b[2J",
                "--query",
                "b",
            ]),
            &["--insert", "\\u{1b}[2J"],
        ),
    ];
    let mut report = Report::default();
    for (args, needles) in &cases {
        let o = run(args.as_slice());
        report.add(&o, usage_problems(&o, needles));
    }
    report.finish();
}

#[test]
fn a_long_value_is_cut_with_an_ellipsis() {
    let long = "9".repeat(10_000);
    let o = run(&["rate", "--m", &long, "--n", "1", "--k", "1"]);
    let mut report = Report::default();
    report.add(
        &o,
        usage_problems(&o, &["--m", &format!("'{}…'", "9".repeat(60))]),
    );
    report.finish();
    assert!(o.err_text().chars().count() < 200, "{}", o.err_text());
}

#[test]
fn a_value_that_is_not_utf8_is_named_by_its_flag() {
    let bad = || OsString::from_vec(b"1\xff6".to_vec());
    let with = |head: &[&str], tail: &[&str]| {
        let mut args = os(head);
        args.push(bad());
        args.extend(os(tail));
        args
    };
    let cases: Vec<(Vec<OsString>, &str)> = vec![
        (with(&["rate", "--m"], &["--n", "1", "--k", "1"]), "--m"),
        (with(&["size", "--p", "1%", "--n"], &[]), "--n"),
        (with(&["--theme"], &[]), "--theme"),
        (with(&["render", "--width"], &[]), "--width"),
        (
            vec![
                OsString::from("size"),
                OsString::from("--p=1%"),
                OsString::from_vec(b"--n=\xff".to_vec()),
            ],
            "--n",
        ),
    ];
    let mut report = Report::default();
    for (args, flag) in &cases {
        let o = run(args.as_slice());
        let line = format!("{flag}: the value is not valid UTF-8");
        report.add(&o, usage_problems(&o, &[&line]));
    }
    report.finish();
}
