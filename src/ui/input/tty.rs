//! The terminal device itself: raw mode and the modes the app switches on
//! (alternate screen, hidden cursor, mouse reports, bracketed paste), and
//! giving all of them back. Giving back works from any thread and any
//! number of times, so a quit, a signal, a panic and a suspend all use it.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use rustix::termios::{OptionalActions, Termios, tcgetattr, tcsetattr};

/// Switched on when the app takes the terminal: the alternate screen
/// (cleared, in case it was already on show and the shell wrote on it),
/// cursor hidden, mouse clicks and drags (1000, 1002) in SGR form (1006),
/// bracketed paste (2004).
const TAKE: &[u8] = b"\x1b[?1049h\x1b[2J\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h";
/// Everything `TAKE` switched on, off again, and the cursor shown.
const GIVE_BACK: &[u8] = b"\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

/// The terminal: read for keys and set to raw mode through `input`; the
/// mode switches are written to `output`, a handle of its own on stdout,
/// so no lock on `std::io::stdout` (held by a stuck frame, say) can stop
/// the terminal being given back.
#[derive(Debug)]
pub(crate) struct Tty {
    input: File,
    output: File,
    /// The modes found before raw mode was switched on.
    cooked: Mutex<Option<Termios>>,
    /// True between taking the terminal and giving it back.
    taken: AtomicBool,
}

impl Tty {
    /// Reads the terminal on stdin, or `/dev/tty` when stdin is redirected
    /// (a process started in a new session, by `setsid` say, has no
    /// `/dev/tty` but may still have its terminal on stdin); writes to
    /// stdout.
    pub(crate) fn open() -> io::Result<Tty> {
        let stdin = io::stdin();
        let input = if stdin.is_terminal() {
            File::from(stdin.as_fd().try_clone_to_owned()?)
        } else {
            File::options().read(true).write(true).open("/dev/tty")?
        };
        let output = File::from(io::stdout().as_fd().try_clone_to_owned()?);
        Ok(Tty {
            input,
            output,
            cooked: Mutex::new(None),
            taken: AtomicBool::new(false),
        })
    }

    /// A second handle for the reader thread.
    pub(crate) fn reader(&self) -> io::Result<File> {
        self.input.try_clone()
    }

    /// Switches raw mode and the app's modes on. Safe to repeat: after a
    /// stop the shell may have put the terminal back in cooked mode, so the
    /// modes are set again whatever they were.
    pub(crate) fn take(&self) -> io::Result<()> {
        let now = tcgetattr(&self.input)?;
        let mut raw = now.clone();
        raw.make_raw();
        {
            let mut cooked = self.cooked.lock().unwrap_or_else(PoisonError::into_inner);
            if !self.taken.load(Ordering::SeqCst) || cooked.is_none() {
                *cooked = Some(now);
            }
        }
        tcsetattr(&self.input, OptionalActions::Now, &raw)?;
        self.taken.store(true, Ordering::SeqCst);
        (&self.output).write_all(TAKE)?;
        (&self.output).flush()
    }

    /// Gives the terminal back: cooked mode first (it never waits), then
    /// the modes off. Does nothing when the terminal is not taken, so any
    /// number of ways out may call it.
    pub(crate) fn give_back(&self) {
        if !self.taken.swap(false, Ordering::SeqCst) {
            return;
        }
        let cooked = self
            .cooked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(cooked) = cooked {
            // A terminal that is gone cannot be restored; nothing to do then.
            let _ = tcsetattr(&self.input, OptionalActions::Now, &cooked);
        }
        let _ = (&self.output).write_all(GIVE_BACK);
        let _ = (&self.output).flush();
    }
}
