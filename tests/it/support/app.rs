//! The app in a pseudo-terminal, as the pty suites open, quit and check it.

use std::time::Duration;

use super::pty::{PtyApp, tail};

/// Ceiling for anything to appear on screen (debug build, busy machine).
pub(crate) const SHOW: Duration = Duration::from_secs(20);
/// Ceiling for the app to exit once asked.
pub(crate) const EXIT: Duration = Duration::from_secs(10);

/// The parsed screen in lower case.
pub(crate) fn lower(s: &vt100::Screen) -> String {
    s.contents().to_lowercase()
}

/// Starts the app on the lecture at 100x30 and waits for its progress line.
pub(crate) fn open_lecture() -> PtyApp {
    open(&[], "step 1 of")
}

/// Starts `bloomlab ARGS` at 100x30 and waits until `marker` (lower case)
/// is on screen.
pub(crate) fn open(args: &[&str], marker: &str) -> PtyApp {
    let app = PtyApp::spawn(args, 100, 30, &[]);
    if let Err(e) = app.wait_until(marker, SHOW, |s| lower(s).contains(marker)) {
        panic!("{e}");
    }
    app
}

/// Sends `bytes`, expects a clean exit (code 0) and a restored terminal.
pub(crate) fn quit_with(app: &mut PtyApp, bytes: &[u8], how: &str) {
    app.send(bytes);
    let code = app.wait_exit(EXIT).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(code, Some(0), "{how} is a normal way out");
    assert_restored(app, how);
}

/// Fails with every problem in how the terminal was given back.
pub(crate) fn assert_restored(app: &PtyApp, how: &str) {
    let problems = app.restore_problems();
    assert!(
        problems.is_empty(),
        "after {how}: {}\nraw tail: {:?}",
        problems.join("; "),
        tail(&app.raw_log(), 300)
    );
}
