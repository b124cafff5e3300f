//! What the kernel says about the app in the pseudo-terminal, from /proc:
//! whether it is stopped, how often its threads woke, whether its output
//! is stuck in a tty write.

use std::thread;
use std::time::{Duration, Instant};

use super::pty::PtyApp;

/// How often /proc is looked at while waiting.
const POLL: Duration = Duration::from_millis(10);

impl PtyApp {
    /// The app's state letter from /proc (`R` running, `S` sleeping, `T`
    /// stopped), `None` once it is gone.
    pub(crate) fn proc_state(&self) -> Option<char> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid()?)).ok()?;
        stat.rsplit(')')
            .next()?
            .split_whitespace()
            .next()?
            .chars()
            .next()
    }

    /// Waits until the process state letter is `want`.
    pub(crate) fn wait_state(&self, want: char, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        while self.proc_state() != Some(want) {
            if start.elapsed() > timeout {
                return Err(format!(
                    "state {:?}, not {want:?}, after {timeout:?}",
                    self.proc_state()
                ));
            }
            thread::sleep(POLL);
        }
        Ok(())
    }

    /// Context switches (voluntary and not) of every thread of the app so
    /// far: each is a wake-up, so an idle app adds none.
    pub(crate) fn context_switches(&self) -> Option<u64> {
        let pid = self.pid()?;
        let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
        let mut total = 0;
        for task in tasks.flatten() {
            let status = std::fs::read_to_string(task.path().join("status")).unwrap_or_default();
            total += status
                .lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().last()?.parse::<u64>().ok())
                .sum::<u64>();
        }
        Some(total)
    }
    /// Whether the app's main thread sleeps in the kernel's tty write: its
    /// output is stuck (Linux names that sleep `wait_woken`).
    pub(crate) fn blocked_writing(&self) -> bool {
        let Some(pid) = self.pid() else { return false };
        let wchan = std::fs::read_to_string(format!("/proc/{pid}/wchan")).unwrap_or_default();
        wchan.contains("wait_woken") || wchan.contains("tty_write")
    }

    /// Waits until the process has ended (its /proc entry shows it dead
    /// or gone), without reaping it.
    pub(crate) fn wait_state_gone(&self, timeout: Duration) -> Result<(), String> {
        let start = Instant::now();
        while !matches!(self.proc_state(), None | Some('Z')) {
            if start.elapsed() > timeout {
                return Err(format!("still {:?} after {timeout:?}", self.proc_state()));
            }
            thread::sleep(Duration::from_millis(1));
        }
        Ok(())
    }
}
