//! A long `measure` shows a progress bar with an ETA on a terminal, shows
//! nothing extra when stderr is not one, and Ctrl+C ends it at once.

use std::io::Read;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::support::pty::PtyApp;

/// 600 million keys into 1000 bits at k = 16: minutes of work.
const LONG: [&str; 9] = [
    "measure",
    "--m",
    "1000",
    "--n",
    "600M",
    "--k",
    "16",
    "--queries",
    "1000",
];
/// Ceiling for the bar to appear (debug build, busy machine).
const SHOW: Duration = Duration::from_secs(20);
/// Ceiling for the process to end after Ctrl+C.
const EXIT: Duration = Duration::from_secs(5);

#[test]
fn a_long_run_on_a_terminal_shows_a_bar_with_an_eta_and_stops_on_ctrl_c() {
    let mut app = PtyApp::spawn(&LONG, 120, 10, &[]);
    if let Err(e) = app.wait_for("ETA", SHOW) {
        panic!("{e}");
    }
    let screen = app.screen_text();
    assert!(
        screen.contains("measuring") && screen.contains("keys"),
        "{screen}"
    );
    let asked = Instant::now();
    app.send(b"\x03");
    match app.wait_exit(EXIT) {
        Ok(code) => assert_eq!(code, None, "Ctrl+C should end it by SIGINT"),
        Err(e) => panic!("{e}"),
    }
    assert!(asked.elapsed() < EXIT);
}

#[test]
fn a_short_run_on_a_terminal_draws_no_bar() {
    let mut app = PtyApp::spawn(
        &["measure", "--m", "160", "--n", "16", "--k", "7"],
        120,
        20,
        &[],
    );
    let code = app.wait_exit(SHOW).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(code, Some(0));
    let log = String::from_utf8_lossy(&app.raw_log()).into_owned();
    assert!(
        log.contains("false positives") && !log.contains("ETA"),
        "{log}"
    );
}

/// Whether this process ignores SIGINT, as a background job of a shell
/// without job control does; a child inherits that, so SIGINT cannot end
/// it whatever bloomlab does. Read from the kernel's mask of ignored
/// signals (SIGINT is signal 2, bit 1).
fn sigint_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

#[test]
fn without_a_terminal_a_long_run_prints_nothing_extra_and_stops_on_sigint() {
    if sigint_ignored() {
        println!(
            "skipped: this test run ignores SIGINT (started as a background job \
             without job control), so no child can be stopped by it; run the \
             suite in the foreground"
        );
        return;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(LONG)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Past the half second after which a terminal would have got its bar.
    thread::sleep(Duration::from_millis(1500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the run ended too soon to tell"
    );
    let asked = Instant::now();
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(asked.elapsed() < EXIT, "SIGINT did not end the run");
        thread::sleep(Duration::from_millis(20));
    };
    assert!(!status.success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "", "nothing on stderr when it is not a terminal");
}
