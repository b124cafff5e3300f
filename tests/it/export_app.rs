//! The `e` key in the real app, in a pseudo-terminal: `--export-dir` names
//! the folder, the bottom line says what was written, and the files hold
//! the frame that was on screen.

use std::time::Duration;

use crate::support::pty::PtyApp;
use crate::support::run::scratch_dir;

/// Ceiling for anything to appear on screen (debug build, busy machine).
const SHOW: Duration = Duration::from_secs(20);

#[test]
fn e_in_the_app_writes_into_the_export_dir() {
    let dir = scratch_dir("app-export");
    let folder = dir.display().to_string();
    let mut app = PtyApp::spawn(&["--export-dir", &folder, "--theme", "light"], 100, 30, &[]);
    let wait = |app: &PtyApp, what: &str, text: &str| {
        if let Err(e) = app.wait_until(what, SHOW, |s| s.contents().contains(text)) {
            panic!("{e}");
        }
    };
    wait(&app, "the lecture", "step 1 of");
    app.send(b"\x1b[C\x1b[C");
    wait(&app, "step 3", "step 3 of");
    app.send(b"e");
    wait(
        &app,
        "the export message",
        "bloomlab-lecture-1-03.svg and .txt",
    );
    let text = std::fs::read_to_string(dir.join("bloomlab-lecture-1-03.txt")).expect("text file");
    assert!(text.contains("step 3 of"), "{text}");
    assert!(
        !text.contains("exported"),
        "the message is not part of the frame"
    );
    let svg = std::fs::read_to_string(dir.join("bloomlab-lecture-1-03.svg")).expect("svg file");
    assert!(roxmltree::Document::parse(&svg).is_ok());
    app.send(b"q");
    assert_eq!(app.wait_exit(Duration::from_secs(10)), Ok(Some(0)));
}
