//! The presenter's options at the command line: `render --screen
//! practice`, `render --revealed` on a predict step, and one clear line
//! with exit code 2 for a bad `--autoplay`, `--start-at` or `--session`.

use crate::common::bloomlab;

fn ok(args: &[&str]) -> String {
    let out = bloomlab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_draws_the_practice_screen_and_both_states_of_a_prediction() {
    let practice = ok(&[
        "render", "--screen", "practice", "--width", "80", "--height", "24",
    ]);
    assert!(
        practice.contains("[Practice]") && practice.contains("0 of 7 solved"),
        "{practice}"
    );
    let hidden = ok(&["render", "--scene", "3", "--step", "3"]);
    let shown = ok(&["render", "--scene", "3", "--step", "3", "--revealed"]);
    assert!(
        !hidden.contains("FALSE POSITIVE") && hidden.contains("predict"),
        "{hidden}"
    );
    assert!(
        shown.contains("FALSE POSITIVE") && shown.contains("the answer"),
        "{shown}"
    );
    // A step without a prediction is the same either way.
    assert_eq!(
        ok(&["render", "--scene", "2", "--step", "3"]),
        ok(&["render", "--scene", "2", "--step", "3", "--revealed"])
    );
}

#[test]
fn bad_presenter_options_are_one_line_and_exit_2() {
    for (args, words) in [
        (
            &["--autoplay", "0"][..],
            "--autoplay must be a whole number of seconds from 1 to 3600",
        ),
        (&["--autoplay", "x\u{1b}[2J"][..], "--autoplay must be"),
        (
            &["--start-at", "3.x"][..],
            "--start-at must be a scene and step counted from 1",
        ),
        (
            &["--start-at", "9.1"][..],
            "--start-at 9.1: scene 9 is out of range",
        ),
        (
            &["--session", "a/b"][..],
            "--session must be a name of 1 to 40 letters",
        ),
        (
            &["speaker", "--session", "../x"][..],
            "--session must be a name",
        ),
        (
            &[
                "--autoplay",
                "5",
                "rate",
                "--m",
                "16",
                "--n",
                "3",
                "--k",
                "3",
            ][..],
            "only apply to the app",
        ),
        (&["notes", "done", "x"][..], "a note's number"),
    ] {
        let out = bloomlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains('\u{1b}'), "{err}");
    }
}
