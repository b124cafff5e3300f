//! The real `bloomlab` binary in a pseudo-terminal: a reader thread feeds
//! every byte the app writes into a vt100 parser (what a user would see)
//! and into a raw log (what the terminal was told), and tests wait on the
//! parsed screen, never on fixed sleeps.

use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

/// How often the screen is looked at while waiting.
const POLL: Duration = Duration::from_millis(10);

/// Leaving the alternate screen.
pub(crate) const LEAVE_ALT_SCREEN: &[u8] = b"\x1b[?1049l";
/// Entering the alternate screen.
pub(crate) const ENTER_ALT_SCREEN: &[u8] = b"\x1b[?1049h";
/// Showing the cursor.
pub(crate) const SHOW_CURSOR: &[u8] = b"\x1b[?25h";

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The app running in a pseudo-terminal.
pub(crate) struct PtyApp {
    master: Box<dyn MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    eof: Arc<AtomicBool>,
    paused: Arc<AtomicBool>,
    reader: Option<thread::JoinHandle<()>>,
}

impl PtyApp {
    /// Starts `bloomlab ARGS` in a `cols` x `rows` terminal with
    /// TERM=xterm-256color and the extra environment `env`.
    pub(crate) fn spawn(args: &[&str], cols: u16, rows: u16, env: &[(&str, &str)]) -> PtyApp {
        let system = native_pty_system();
        let pair = system
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap_or_else(|e| panic!("openpty: {e}"));
        let mut cmd = CommandBuilder::new(super::run::binary());
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env("RUST_BACKTRACE", "0");
        // A folder of its own: random input can press `e`, which saves
        // the frame into the current folder, and that is not the source tree.
        // The speaker link's socket, the lesson notes and the config file
        // are looked for there too, so no two apps under test meet and no
        // test touches the real home.
        let scratch = super::run::scratch_dir("pty");
        cmd.env("XDG_RUNTIME_DIR", &scratch);
        cmd.env("XDG_DATA_HOME", &scratch);
        // No config file unless a test writes one: the user's own never counts.
        cmd.env("XDG_CONFIG_HOME", &scratch);
        cmd.cwd(&scratch);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pair
            .slave
            .spawn_command(cmd)
            .unwrap_or_else(|e| panic!("spawn in pty: {e}"));
        // Only the child keeps the slave open, so the reader sees the end of
        // output as soon as the app exits.
        drop(pair.slave);
        let mut reader = pair
            .master
            .try_clone_reader()
            .unwrap_or_else(|e| panic!("pty reader: {e}"));
        let writer = pair
            .master
            .take_writer()
            .unwrap_or_else(|e| panic!("pty writer: {e}"));
        let parser = Arc::new(Mutex::new(vt100::Parser::new(rows, cols, 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let eof = Arc::new(AtomicBool::new(false));
        let paused = Arc::new(AtomicBool::new(false));
        let handle = {
            let parser = Arc::clone(&parser);
            let raw = Arc::clone(&raw);
            let eof = Arc::clone(&eof);
            let paused = Arc::clone(&paused);
            thread::spawn(move || {
                let mut buf = [0u8; 16 * 1024];
                loop {
                    while paused.load(Ordering::SeqCst) {
                        thread::sleep(POLL);
                    }
                    match reader.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            lock(&raw).extend_from_slice(&buf[..n]);
                            let mut p = lock(&parser);
                            // vt100 0.16 can overflow when output drawn for
                            // a larger terminal arrives just after a shrink;
                            // start a clean screen of the same size instead
                            // of losing the reader (the app's next full
                            // redraw fills it).
                            let fed = catch_unwind(AssertUnwindSafe(|| p.process(&buf[..n])));
                            if fed.is_err() {
                                let (rows, cols) = p.screen().size();
                                *p = vt100::Parser::new(rows, cols, 0);
                            }
                        }
                    }
                }
                eof.store(true, Ordering::SeqCst);
            })
        };
        PtyApp {
            master: pair.master,
            writer,
            child,
            parser,
            raw,
            eof,
            paused,
            reader: Some(handle),
        }
    }

    /// Stops (or resumes) reading what the app writes, as a terminal that
    /// hangs would: once the pty's buffer is full the app's writes block.
    pub(crate) fn pause_reading(&self, paused: bool) {
        self.paused.store(paused, Ordering::SeqCst);
    }

    /// Types raw bytes, as the terminal would send them for keys.
    pub(crate) fn send(&mut self, bytes: &[u8]) {
        let _ = self.writer.write_all(bytes);
        let _ = self.writer.flush();
    }

    /// The parsed screen as text, rows joined by newlines.
    pub(crate) fn screen_text(&self) -> String {
        lock(&self.parser).screen().contents()
    }

    /// Runs `f` on the parsed screen.
    pub(crate) fn with_screen<T>(&self, f: impl FnOnce(&vt100::Screen) -> T) -> T {
        f(lock(&self.parser).screen())
    }

    /// Everything the app has written so far.
    pub(crate) fn raw_log(&self) -> Vec<u8> {
        lock(&self.raw).clone()
    }

    /// Bytes written so far (to wait for output after a point).
    pub(crate) fn raw_len(&self) -> usize {
        lock(&self.raw).len()
    }

    /// Waits until `pred` holds on the parsed screen; on timeout, the error
    /// shows what was on screen.
    pub(crate) fn wait_until(
        &self,
        what: &str,
        timeout: Duration,
        pred: impl Fn(&vt100::Screen) -> bool,
    ) -> Result<Duration, String> {
        let start = Instant::now();
        loop {
            if self.with_screen(&pred) {
                return Ok(start.elapsed());
            }
            if start.elapsed() > timeout {
                return Err(format!(
                    "waited {timeout:?} for {what}; the screen shows:\n{}",
                    self.screen_text()
                ));
            }
            if self.eof.load(Ordering::SeqCst) && !self.with_screen(&pred) {
                return Err(format!(
                    "the app ended while waiting for {what}; the screen shows:\n{}\nraw tail: {:?}",
                    self.screen_text(),
                    tail(&self.raw_log(), 400)
                ));
            }
            thread::sleep(POLL);
        }
    }

    /// Waits until `text` appears anywhere on the parsed screen.
    pub(crate) fn wait_for(&self, text: &str, timeout: Duration) -> Result<Duration, String> {
        self.wait_until(&format!("{text:?}"), timeout, |s| {
            s.contents().contains(text)
        })
    }

    /// Waits until the app has written at least `len` bytes in total.
    pub(crate) fn wait_for_output_past(&self, len: usize, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        while self.raw_len() <= len {
            if start.elapsed() > timeout {
                return Err(format!("no output after byte {len} within {timeout:?}"));
            }
            thread::sleep(POLL);
        }
        Ok(())
    }

    /// Waits until the app has written nothing for `quiet`: it has caught
    /// up with everything sent so far. A ceiling of `timeout`.
    pub(crate) fn settle(&self, quiet: Duration, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        let mut last = self.raw_len();
        let mut since = Instant::now();
        while since.elapsed() < quiet {
            if start.elapsed() > timeout {
                return Err(format!("output never went quiet within {timeout:?}"));
            }
            thread::sleep(POLL);
            let now = self.raw_len();
            if now != last {
                last = now;
                since = Instant::now();
            }
        }
        Ok(())
    }

    /// Resizes only the pseudo-terminal (the app gets SIGWINCH), leaving
    /// the parser as it is.
    pub(crate) fn resize_pty_only(&self, cols: u16, rows: u16) {
        let _ = self.master.resize(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        });
    }

    /// A blank parsed screen of `cols` x `rows`, for a clean redraw.
    pub(crate) fn reset_screen(&self, cols: u16, rows: u16) {
        *lock(&self.parser) = vt100::Parser::new(rows, cols, 0);
    }

    /// What the app's threads are doing, from /proc, for hang reports.
    pub(crate) fn thread_states(&self) -> String {
        let Some(pid) = self.pid() else {
            return String::new();
        };
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return String::new();
        };
        let mut out = Vec::new();
        for task in tasks.flatten() {
            let path = task.path();
            let read = |f: &str| {
                std::fs::read_to_string(path.join(f))
                    .unwrap_or_default()
                    .trim()
                    .to_string()
            };
            out.push(format!("{}[{}:{}]", read("comm"), read("wchan"), {
                let stat = read("stat");
                stat.rsplit(')')
                    .next()
                    .and_then(|r| r.split_whitespace().next())
                    .unwrap_or("?")
                    .to_string()
            }));
        }
        out.join(" ")
    }

    /// Resizes the terminal (the app gets SIGWINCH) and the parser with it.
    pub(crate) fn resize(&self, cols: u16, rows: u16) {
        lock(&self.parser).screen_mut().set_size(rows, cols);
        let _ = self.master.resize(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        });
    }

    /// The child's process id.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// Sends a signal by name (`TERM`, `HUP`, `KILL`) with the system `kill`.
    pub(crate) fn signal(&self, name: &str) {
        if let Some(pid) = self.pid() {
            let _ = std::process::Command::new("kill")
                .arg(format!("-{name}"))
                .arg(pid.to_string())
                .status();
        }
    }

    /// The terminal's local mode flags as their names (ICANON, ECHO, ...),
    /// read with tcgetattr on the master: the pty pair shares one termios,
    /// so this is what the app left behind.
    pub(crate) fn local_flags(&self) -> Option<Vec<String>> {
        let termios = self.master.get_termios()?;
        let text = format!("{:?}", termios.local_flags);
        Some(
            text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect(),
        )
    }

    /// Whether the terminal is in canonical (cooked) mode with echo on.
    pub(crate) fn cooked(&self) -> Option<bool> {
        self.local_flags()
            .map(|f| f.iter().any(|w| w == "ICANON") && f.iter().any(|w| w == "ECHO"))
    }

    /// Waits for the app to exit and for its last output to be read.
    /// Returns the exit code (`None` when killed by a signal).
    pub(crate) fn wait_exit(&mut self, timeout: Duration) -> Result<Option<u32>, String> {
        let start = Instant::now();
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if start.elapsed() > timeout => {
                    let message = format!(
                        "the app did not exit within {timeout:?}; threads {}; the screen shows:\n{}",
                        self.thread_states(),
                        self.screen_text()
                    );
                    // Is the app still reading input? One more q tells.
                    let before = self.raw_len();
                    self.send(b"q");
                    thread::sleep(Duration::from_millis(500));
                    let alive = match self.child.try_wait() {
                        Ok(Some(_)) => "a second q ended it",
                        _ if self.raw_len() > before => "a second q drew but did not end it",
                        _ => "a second q did nothing",
                    };
                    let _ = self.child.kill();
                    return Err(format!("{message}\n({alive})"));
                }
                Ok(None) => thread::sleep(POLL),
                Err(e) => return Err(format!("wait: {e}")),
            }
        };
        while !self.eof.load(Ordering::SeqCst) {
            if start.elapsed() > timeout {
                return Err("the app exited but its output never ended".to_string());
            }
            thread::sleep(POLL);
        }
        if let Some(h) = self.reader.take() {
            let _ = h.join();
        }
        Ok(if status.signal().is_some() {
            None
        } else {
            Some(status.exit_code())
        })
    }

    /// After exit: the problems with how the terminal was given back.
    pub(crate) fn restore_problems(&self) -> Vec<String> {
        let raw = self.raw_log();
        let mut problems = Vec::new();
        let entered = find_last(&raw, ENTER_ALT_SCREEN);
        let left = find_last(&raw, LEAVE_ALT_SCREEN);
        match (entered, left) {
            (None, _) => problems.push("never entered the alternate screen".to_string()),
            (Some(_), None) => problems.push("never left the alternate screen".to_string()),
            (Some(e), Some(l)) if l < e => {
                problems.push("re-entered the alternate screen after leaving it".to_string())
            }
            _ => {}
        }
        match find_last(&raw, SHOW_CURSOR) {
            None => problems.push("never showed the cursor again".to_string()),
            Some(shown) if find_last(&raw, b"\x1b[?25l").is_some_and(|hidden| hidden > shown) => {
                problems.push("hid the cursor after last showing it".to_string())
            }
            _ => {}
        }
        // Mouse capture (1000/1002/1003/1006) must be switched off if it was on.
        for mode in [&b"1000"[..], b"1002", b"1003", b"1006"] {
            let on = [b"\x1b[?".as_slice(), mode, b"h"].concat();
            let off = [b"\x1b[?".as_slice(), mode, b"l"].concat();
            if let Some(on_at) = find_last(&raw, &on)
                && find_last(&raw, &off).is_none_or(|off_at| off_at < on_at)
            {
                problems.push(format!(
                    "mouse mode {} left on",
                    String::from_utf8_lossy(mode)
                ));
            }
        }
        if self.with_screen(|s| s.alternate_screen()) {
            problems.push("the parsed screen is still the alternate screen".to_string());
        }
        if self.with_screen(|s| s.hide_cursor()) {
            problems.push("the parsed screen still hides the cursor".to_string());
        }
        match self.cooked() {
            Some(true) => {}
            Some(false) => problems.push(format!(
                "raw mode not ended: local flags {:?}",
                self.local_flags().unwrap_or_default()
            )),
            None => problems.push("cannot read the terminal's termios".to_string()),
        }
        problems
    }
}

impl Drop for PtyApp {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Index of the last occurrence of `needle` in `hay`.
pub(crate) fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (0..=hay.len() - needle.len())
        .rev()
        .find(|&i| &hay[i..i + needle.len()] == needle)
}

/// The last `n` bytes, for messages.
pub(crate) fn tail(bytes: &[u8], n: usize) -> String {
    String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(n)..]).into_owned()
}
