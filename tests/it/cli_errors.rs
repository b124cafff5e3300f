//! Every kind of bad input exits 2 with exactly one line on stderr that
//! names the value and what is allowed; help and version exit 0.

use crate::common::bloomlab;

/// Runs `args`, checks exit 2, empty stdout and one stderr line, and
/// returns that line.
fn refused(args: &[&str]) -> String {
    let out = bloomlab(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    assert!(err.starts_with("error: "), "{args:?}: {err:?}");
    err.trim_end().to_string()
}

#[test]
fn out_of_range_numbers_name_value_and_range() {
    assert_eq!(
        refused(&["rate", "--m", "0", "--n", "16", "--k", "7"]),
        "error: --m must be a whole number between 1 and 10^18, got '0'"
    );
    assert_eq!(
        refused(&["rate", "--m", "160", "--n", "16", "--k", "0"]),
        "error: --k must be a whole number between 1 and 1000, got '0'"
    );
    assert_eq!(
        refused(&["rate", "--m", "160", "--n", "sixteen", "--k", "7"]),
        "error: --n must be a whole number between 0 and 10^15, got 'sixteen'"
    );
    let line = refused(&["measure", "--m", "99999999999", "--n", "1", "--k", "1"]);
    assert!(
        line.contains("--m") && line.contains("2^32") && line.contains("99999999999"),
        "{line}"
    );
    let line = refused(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "0",
    ]);
    assert!(
        line.contains("--queries") && line.contains("between 1 and"),
        "{line}"
    );
    let line = refused(&[
        "rate", "--m", "160", "--n", "16", "--k", "7", "--digits", "-3",
    ]);
    assert!(line.contains("--digits") && line.contains("'-3'"), "{line}");
}

#[test]
fn bad_probabilities_and_counts_for_size() {
    for p in ["0", "1", "1.5", "150%", "-1%", "abc", "1/0"] {
        let line = refused(&["size", "--n", "50M", "--p", p]);
        assert!(
            line.contains("--p") && line.contains("between 0 and 1"),
            "{p}: {line}"
        );
        assert!(line.contains(&format!("'{p}'")), "{p}: {line}");
    }
    for n in ["0", "many", "1.5", "-5"] {
        let line = refused(&["size", "--n", n, "--p", "1%"]);
        assert!(
            line.contains("--n") && line.contains(&format!("'{n}'")),
            "{n}: {line}"
        );
    }
}

#[test]
fn unknown_names_list_the_choices() {
    assert_eq!(
        refused(&["--screen", "garden"]),
        "error: --screen must be one of lecture, lab, sandbox, sizing, practice, compare, got 'garden'"
    );
    let line = refused(&[
        "measure", "--m", "160", "--n", "16", "--k", "7", "--scheme", "triple",
    ]);
    assert!(line.contains("double, enhanced, independent"), "{line}");
    let line = refused(&["render", "--screen", "nowhere"]);
    assert!(line.contains("--screen"), "{line}");
    let line = refused(&["frobnicate"]);
    assert!(
        line.contains("frobnicate") && line.contains("rate"),
        "{line}"
    );
}

#[test]
fn structural_mistakes_are_one_line_too() {
    refused(&["rate", "--m", "160"]);
    refused(&["rate", "--m", "160", "--n", "16", "--k", "7", "--bogus"]);
    refused(&["positions", "--m", "16", "--k", "3"]);
    refused(&["script"]);
    refused(&["rate", "--m"]);
    refused(&["--m", "0"]);
}

#[test]
fn empty_key_lists_are_refused() {
    for (insert, query) in [("", "a"), ("a", ""), ("a,,b", "a"), ("a", "b,")] {
        let line = refused(&[
            "lookup", "--m", "16", "--k", "3", "--insert", insert, "--query", query,
        ]);
        assert!(line.contains("non-empty keys"), "{line}");
    }
}

#[test]
fn work_over_the_budget_is_refused_with_the_way_out() {
    // Only the full fraction has a size limit (the printed digits do not).
    let line = refused(&[
        "rate",
        "--m",
        "1000000",
        "--n",
        "1000000",
        "--k",
        "7",
        "--rational",
    ]);
    assert!(
        line.contains("digits") && line.contains("--max-digits"),
        "{line}"
    );
    let line = refused(&[
        "rate",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--max-digits",
        "100",
        "--rational",
    ]);
    assert!(
        line.contains("1729") && line.contains("--max-digits 1729"),
        "{line}"
    );
    let line = refused(&[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "1000000000",
        "--filters",
        "1000",
    ]);
    assert!(
        line.contains("--queries") && line.contains("--filters"),
        "{line}"
    );
}

#[test]
fn help_and_version_exit_zero() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["rate", "--help"],
        &["help"],
    ] {
        let out = bloomlab(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    let help = String::from_utf8_lossy(&bloomlab(&["rate", "--help"]).stdout).into_owned();
    assert!(help.contains("--max-digits"), "{help}");
}

#[test]
fn empty_keys_tiny_targets_and_misplaced_app_options_are_refused() {
    let line = refused(&["positions", "rec-11", "", "--m", "16", "--k", "3"]);
    assert!(line.contains("non-empty"), "{line}");
    let line = refused(&["size", "--n", "10", "--p", "1e-320"]);
    assert!(line.contains("--p") && line.contains("1000"), "{line}");
    let line = refused(&["--m", "5", "rate", "--m", "10", "--n", "1", "--k", "1"]);
    assert!(line.contains("only apply to the app and render"), "{line}");
}

#[test]
fn render_takes_the_app_options_given_before_it() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/teacher.txt");
    let before = bloomlab(&[
        "--script", script, "render", "--width", "80", "--height", "24",
    ]);
    let after = bloomlab(&[
        "render", "--script", script, "--width", "80", "--height", "24",
    ]);
    assert_eq!(before.status.code(), Some(0));
    assert_eq!(before.stdout, after.stdout);
    let builtin = bloomlab(&["render", "--width", "80", "--height", "24"]);
    assert_ne!(
        before.stdout, builtin.stdout,
        "the teacher's script was ignored"
    );
}

#[test]
fn an_unknown_theme_names_the_known_ones() {
    let out = bloomlab(&["render", "--theme", "sepia"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    for name in ["dark", "light", "high-contrast", "mono"] {
        assert!(err.contains(name), "{err}");
    }
}

/// Spaces around a number are ignored by every numeric option alike (as
/// by the app's fields), and a space inside one is refused by all of them.
#[test]
fn spaces_around_a_number_are_ignored_everywhere() {
    let options: &[(&[&str], &str, &str)] = &[
        (&["rate", "--n", "16", "--k", "7"], "--m", "160"),
        (&["rate", "--m", "160", "--k", "7"], "--n", "16"),
        (&["rate", "--m", "160", "--n", "16"], "--k", "07"),
        (
            &["rate", "--m", "160", "--n", "16", "--k", "7"],
            "--digits",
            "05",
        ),
        (
            &["rate", "--m", "160", "--n", "16", "--k", "7"],
            "--max-digits",
            "2000",
        ),
        (
            &["measure", "--m", "160", "--n", "16", "--k", "7"],
            "--queries",
            "100",
        ),
        (
            &[
                "measure",
                "--m",
                "160",
                "--n",
                "16",
                "--k",
                "7",
                "--queries",
                "9",
            ],
            "--filters",
            "02",
        ),
        (
            &[
                "measure",
                "--m",
                "160",
                "--n",
                "16",
                "--k",
                "7",
                "--queries",
                "9",
            ],
            "--seed",
            "03",
        ),
        (&["size", "--p", "1%"], "--n", "50M"),
        (&["size", "--n", "50M"], "--p", "0.01"),
        (&["positions", "a", "--k", "3"], "--m", "16"),
        (
            &["lookup", "--m", "16", "--insert", "a", "--query", "b"],
            "--k",
            "03",
        ),
        (&["render", "--height", "24"], "--width", "80"),
        (
            &["render", "--screen", "lab", "--n", "16", "--k", "7"],
            "--m",
            "160",
        ),
        (&["render", "--step", "1"], "--scene", "02"),
    ];
    for (base, flag, value) in options {
        let run_with = |v: &str| {
            let mut args = base.to_vec();
            args.extend([*flag, v]);
            bloomlab(&args)
        };
        let plain = run_with(value);
        assert_eq!(plain.status.code(), Some(0), "{flag} {value}");
        for spaced in [
            format!(" {value}"),
            format!("{value} "),
            format!("\t{value} "),
        ] {
            let out = run_with(&spaced);
            assert_eq!(out.status.code(), Some(0), "{flag} {spaced:?}");
            assert_eq!(out.stdout, plain.stdout, "{flag} {spaced:?}");
        }
        let mut inner = value.to_string();
        inner.insert(1, ' ');
        let line = refused(&[base, &[*flag, &inner][..]].concat());
        assert!(line.contains(flag), "{line}");
    }
    // Values of one digit are written with a leading 0 above, so a space
    // inside falls between two digits. --best-k-range reads its ends alike.
    let spaced = bloomlab(&[
        "rate",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--best-k-range",
        " 1 .. 10 ",
    ]);
    assert_eq!(spaced.status.code(), Some(0));
}
