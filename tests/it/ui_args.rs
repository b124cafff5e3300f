//! The app's `--m/--n/--k` refuse exactly what the lab's sliders refuse, and
//! the one error line quotes the sliders' range.

use std::process::Command;

/// Runs the app's option parsing on `args` and returns (exit code, stderr).
fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .output()
        .expect("the bloomlab binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).trim_end().to_string(),
    )
}

#[test]
fn out_of_range_settings_quote_the_lab_range() {
    for (args, line) in [
        (
            ["--screen", "lab", "--m", "0"],
            "error: --m must be a whole number between 1 and 10^12, got '0'",
        ),
        (
            ["--screen", "lab", "--m", "1000000000001"],
            "error: --m must be a whole number between 1 and 10^12, got '1000000000001'",
        ),
        (
            ["--screen", "lab", "--n", "0"],
            "error: --n must be a whole number between 1 and 10^10, got '0'",
        ),
        (
            ["--screen", "lab", "--k", "33"],
            "error: --k must be a whole number between 1 and 32, got '33'",
        ),
    ] {
        assert_eq!(run(&args), (Some(2), line.to_string()), "{args:?}");
    }
}

#[test]
fn render_quotes_the_lab_range_too() {
    assert_eq!(
        run(&["render", "--screen", "lab", "--m", "2000000000000"]),
        (
            Some(2),
            "error: --m must be a whole number between 1 and 10^12, got '2000000000000'"
                .to_string()
        )
    );
}

/// Issue 22: `--export-dir` naming a folder that cannot be made (its
/// parent is a file) is one line and exit 2, before the app starts.
#[test]
fn an_export_folder_that_cannot_be_made_is_bad_input() {
    let dir = crate::support::run::scratch_dir("export-dir-bad");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let target = file.join("exports");
    let (code, err) = run(&["--export-dir", target.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: --export-dir ") && err.contains("cannot make the folder"),
        "{err}"
    );
}
