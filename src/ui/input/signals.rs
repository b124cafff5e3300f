//! Signals as input: a thread turns SIGTERM, SIGINT, SIGHUP, SIGQUIT,
//! SIGTSTP, SIGCONT and SIGWINCH into messages for the app loop, which acts on them
//! between two frames. A termination signal also starts a watchdog: if the
//! loop has not ended the process [`GRACE`] later (stuck writing to a
//! terminal that does not read, say), the watchdog gives the terminal back
//! itself and ends the process by that signal.

use std::io;
use std::sync::Arc;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGWINCH};
use signal_hook::iterator::Signals;

use super::tty::Tty;

/// How long the app loop has to end by itself after a termination signal.
const GRACE: Duration = Duration::from_millis(120);
/// How long the watchdog waits for its own writes to a stuck terminal.
const WRITE_WAIT: Duration = Duration::from_millis(30);

/// What a signal asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Signal {
    /// SIGTERM, SIGINT, SIGHUP or SIGQUIT: give the terminal back and end
    /// by it. (In raw mode Ctrl+C and Ctrl+\\ are bytes, so these come from
    /// another process.)
    Terminate(i32),
    /// SIGTSTP: give the terminal back and stop.
    Suspend,
    /// SIGCONT: take the terminal again and redraw everything.
    Continue,
    /// SIGWINCH: the window changed size.
    Resize,
}

impl Signal {
    fn of(number: i32) -> Option<Signal> {
        match number {
            // SIGQUIT's default action also dumps core: left to it, the
            // process ended with the terminal raw, in the alternate screen
            // and reporting the mouse. It ends the same way after the
            // terminal is given back.
            SIGTERM | SIGINT | SIGHUP | SIGQUIT => Some(Signal::Terminate(number)),
            SIGTSTP => Some(Signal::Suspend),
            SIGCONT => Some(Signal::Continue),
            SIGWINCH => Some(Signal::Resize),
            _ => None,
        }
    }
}

/// Starts the signal thread, which hands every signal to `send`.
pub(crate) fn watch(send: impl Fn(Signal) + Send + 'static, tty: Arc<Tty>) -> io::Result<()> {
    let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH])?;
    thread::Builder::new()
        .name("bloomlab-signals".into())
        .spawn(move || {
            for number in signals.forever() {
                let Some(signal) = Signal::of(number) else {
                    continue;
                };
                send(signal);
                if let Signal::Terminate(number) = signal {
                    thread::sleep(GRACE);
                    end_by(number, &tty);
                }
            }
        })?;
    Ok(())
}

/// Gives the terminal back (without waiting long on a terminal that does
/// not read) and ends the process by `signal`, as its default action would.
pub(crate) fn end_by(signal: i32, tty: &Arc<Tty>) -> ! {
    let (done, finished) = mpsc::channel();
    let tty = Arc::clone(tty);
    let writer = thread::Builder::new().spawn(move || {
        tty.give_back();
        let _ = done.send(());
    });
    if writer.is_ok() {
        let _ = finished.recv_timeout(WRITE_WAIT);
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // Only reached if the default action did not end the process.
    std::process::exit(128 + signal);
}
