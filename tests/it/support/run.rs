//! Running the real `bloomlab` binary with a hard time limit, and checking
//! the one-line error promise.

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How long a command may take before it is killed and the test fails.
pub(crate) const KILL_AFTER: Duration = Duration::from_secs(5);
/// How fast bad input must be refused (debug build, loaded machine).
pub(crate) const REFUSE_WITHIN: Duration = Duration::from_secs(1);
/// Most output kept from one stream; the rest is counted and dropped.
const KEEP_BYTES: usize = 8 << 20;

/// What one run of the binary did.
#[derive(Debug)]
pub(crate) struct Outcome {
    /// The command line, for messages.
    pub shown: String,
    /// Exit code, `None` if killed by a signal (or by us).
    pub code: Option<i32>,
    /// Captured standard output (at most [`KEEP_BYTES`]).
    pub stdout: Vec<u8>,
    /// Captured standard error (at most [`KEEP_BYTES`]).
    pub stderr: Vec<u8>,
    /// Wall time from spawn to exit.
    pub elapsed: Duration,
    /// Whether we had to kill it.
    pub timed_out: bool,
}

impl Outcome {
    /// Standard error as text, with invalid bytes replaced.
    pub(crate) fn err_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// Standard output as text, with invalid bytes replaced.
    pub(crate) fn out_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// The binary under test: the one cargo built for this test run, unless
/// `BLOOMLAB_BIN` names another build (say a release binary) to hold to the
/// same promises.
pub(crate) fn binary() -> PathBuf {
    match std::env::var_os("BLOOMLAB_BIN") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_bloomlab")),
    }
}

/// A scratch directory for this test binary, unique per call.
pub(crate) fn scratch_dir(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rel-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("scratch dir {dir:?}: {e}"));
    dir
}

fn drain(mut from: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut chunk = [0u8; 64 * 1024];
        loop {
            match from.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(got) => {
                    let room = KEEP_BYTES.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..got.min(room)]);
                }
            }
        }
        kept
    })
}

/// A config folder with no config file in it, for runs that must not read
/// the user's own.
pub(crate) fn no_config_home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-config-home")
}

/// Runs `bloomlab ARGS` with stdin closed, killing it after `limit`.
pub(crate) fn run_limited<S: AsRef<OsStr>>(args: &[S], limit: Duration) -> Outcome {
    run_fed(args, None, limit)
}

/// Runs `bloomlab ARGS` with `input` written down a pipe into its standard
/// input (then closed), killing it after `limit`.
pub(crate) fn run_with_input<S: AsRef<OsStr>>(
    args: &[S],
    input: &[u8],
    limit: Duration,
) -> Outcome {
    run_fed(args, Some(input.to_vec()), limit)
}

/// Runs `bloomlab ARGS` with `input` on a pipe as standard input, or stdin
/// closed when there is none, killing it after `limit`.
fn run_fed<S: AsRef<OsStr>>(args: &[S], input: Option<Vec<u8>>, limit: Duration) -> Outcome {
    let args: Vec<OsString> = args.iter().map(|a| a.as_ref().to_os_string()).collect();
    let shown = format!(
        "bloomlab {}",
        args.iter()
            .map(|a| {
                let s = a.to_string_lossy();
                if s.len() > 60 {
                    format!(
                        "{}...",
                        &s[..s.char_indices().nth(60).map_or(s.len(), |(i, _)| i)]
                    )
                } else {
                    s.into_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    );
    let started = Instant::now();
    let mut child = Command::new(binary())
        .args(&args)
        .env("RUST_BACKTRACE", "0")
        // The user's own config file never counts in a test.
        .env("XDG_CONFIG_HOME", no_config_home())
        .env_remove("TERM")
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {shown}: {e}"));
    if let (Some(bytes), Some(mut stdin)) = (input, child.stdin.take()) {
        // On its own thread: a child that stops reading must not stall the
        // test before the time limit can end it.
        thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&bytes);
        });
    }
    let out = drain(child.stdout.take().expect("piped stdout"));
    let err = drain(child.stderr.take().expect("piped stderr"));
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= limit => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    let elapsed = started.elapsed();
    Outcome {
        shown,
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        elapsed,
        timed_out,
    }
}

/// Runs `bloomlab ARGS` under the default kill limit.
pub(crate) fn run<S: AsRef<OsStr>>(args: &[S]) -> Outcome {
    run_limited(args, KILL_AFTER)
}

/// Problems common to every run: a hang, a panic, a crash by signal.
pub(crate) fn basic_problems(o: &Outcome) -> Vec<String> {
    let mut problems = Vec::new();
    if o.timed_out {
        problems.push(format!("hung: killed after {:?}", o.elapsed));
    }
    let err = o.err_text();
    if err.contains("panicked") || err.contains("RUST_BACKTRACE") {
        problems.push(format!("panicked: {}", err.trim()));
    }
    if o.code.is_none() && !o.timed_out {
        problems.push("killed by a signal".to_string());
    }
    problems
}

/// Checks the bad-input promise: exit 2, exactly one non-empty line on
/// stderr containing every one of `needles`, no control characters in it,
/// nothing on stdout, within [`REFUSE_WITHIN`]. Returns the problems found.
pub(crate) fn usage_problems(o: &Outcome, needles: &[&str]) -> Vec<String> {
    let mut problems = basic_problems(o);
    if o.code != Some(2) {
        problems.push(format!("exit code {:?}, expected 2", o.code));
    }
    let err = o.err_text();
    let lines: Vec<&str> = err.lines().collect();
    if lines.len() != 1 || !err.ends_with('\n') || lines[0].trim().is_empty() {
        problems.push(format!("stderr is not exactly one line: {err:?}"));
    }
    if let Some(line) = lines.first() {
        for needle in needles {
            if !line.contains(needle) {
                problems.push(format!("error line does not name {needle:?}: {line:?}"));
            }
        }
        if line.chars().any(invisible) {
            problems.push(format!(
                "control or invisible characters in the error line: {line:?}"
            ));
        }
    }
    if !o.stdout.is_empty() {
        problems.push(format!(
            "stdout not empty: {:?}",
            truncate(&o.out_text(), 200)
        ));
    }
    if o.elapsed > REFUSE_WITHIN {
        problems.push(format!("took {:?}, over {:?}", o.elapsed, REFUSE_WITHIN));
    }
    problems
}

/// Characters that act on a terminal or hide text instead of showing it:
/// controls (escape sequences, carriage returns), bidirectional overrides
/// and zero-width marks such as a byte-order mark.
pub(crate) fn invisible(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// Checks a valid run: exit 0, stderr empty, within `within`.
pub(crate) fn success_problems(o: &Outcome, within: Duration) -> Vec<String> {
    let mut problems = basic_problems(o);
    if o.code != Some(0) {
        problems.push(format!(
            "exit code {:?}, expected 0; stderr {:?}",
            o.code,
            o.err_text()
        ));
    }
    if o.elapsed > within {
        problems.push(format!("took {:?}, over {:?}", o.elapsed, within));
    }
    problems
}

/// Shortens long text for a failure message.
pub(crate) fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// Collects the problems of many runs; fails once with all of them listed.
#[derive(Default)]
pub(crate) struct Report {
    failures: Vec<String>,
    runs: usize,
}

impl Report {
    /// Records one run's problems under its command line.
    ///
    /// With `BLOOMLAB_REL_LOG` set, every run is also printed (use
    /// `--nocapture`), which is how tests/RELIABILITY.md was checked.
    pub(crate) fn add(&mut self, o: &Outcome, problems: Vec<String>) {
        self.runs += 1;
        if std::env::var_os("BLOOMLAB_REL_LOG").is_some() {
            println!(
                "RUN | {} | exit {:?} | {:?} | {:?} | {}",
                o.shown,
                o.code,
                o.elapsed,
                truncate(o.err_text().trim_end(), 300),
                if problems.is_empty() { "ok" } else { "BROKEN" }
            );
        }
        if !problems.is_empty() {
            self.failures
                .push(format!("{}\n    {}", o.shown, problems.join("\n    ")));
        }
    }

    /// Panics with every failure if there was any.
    pub(crate) fn finish(self) {
        assert!(
            self.failures.is_empty(),
            "{} of {} runs broke a promise:\n{}",
            self.failures.len(),
            self.runs,
            self.failures.join("\n")
        );
    }
}

/// Whether a system tool a test needs is here. When it is not, the test
/// says so and is to pass, unless the environment variable `require` is
/// `1` (CI sets it after installing `package`), which makes it a failure.
pub(crate) fn tool_here(found: bool, tool: &str, package: &str, require: &str) -> bool {
    if !found {
        let reason = format!("skipped: no {tool} (apt-get install {package})");
        assert!(
            std::env::var_os(require).is_none_or(|v| v != "1"),
            "{reason}, but {require}=1"
        );
        println!("{reason}");
    }
    found
}

/// Runs `bloomlab render ARGS --out PATH` for the whole lecture and checks
/// that it succeeded, leaving standard output empty.
pub(crate) fn render_whole_lecture(args: &[&str], path: &std::path::Path) {
    const WITHIN: Duration = Duration::from_secs(60);
    let out = path.display().to_string();
    let mut all: Vec<&str> = vec!["render"];
    all.extend_from_slice(args);
    all.extend(["--out", &out]);
    let o = run_limited(&all, WITHIN);
    assert!(success_problems(&o, WITHIN).is_empty(), "{}", o.err_text());
    assert!(o.stdout.is_empty(), "--out writes nothing on stdout");
}
