//! Where the app loop waits: one channel fed by a thread that reads the
//! terminal and by the signal thread. The loop blocks on it with no
//! timeout when nothing is computing, so an idle app costs nothing; the
//! parser's deadline (an unfinished escape sequence) and the caller's
//! ceiling (work in flight) are the only reasons to wake without input.

use std::fs::File;
use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::Event;

use super::parser::Parser;
use super::signals::Signal;

/// Bytes read but not yet parsed, at most: past this the reader waits, so
/// a flood of input is held by the terminal rather than in memory.
const BACKLOG_MAX: usize = 1 << 20;
/// Bytes taken from the channel before the loop draws again, so a long
/// paste or a held key never starves the screen.
const BATCH_MAX: usize = 256 * 1024;

/// What the threads send to the loop.
#[derive(Debug)]
pub(crate) enum Input {
    /// Bytes read from the terminal.
    Bytes(Vec<u8>),
    /// The terminal can no longer be read (it hung up).
    Closed(String),
    /// A signal arrived.
    Signal(Signal),
    /// A speaker asked the presenting app to step.
    Remote(crate::talk::Command),
    /// The speaker's link has news.
    Link(crate::talk::client::Event),
    /// A worker lane has a result: the loop collects and draws it.
    Ready,
}

/// Something for the app loop to act on.
#[derive(Debug, PartialEq)]
pub(crate) enum Incoming {
    /// A key, mouse, paste or focus event.
    Event(Event),
    /// A signal.
    Signal(Signal),
    /// The terminal's input is gone.
    Closed(String),
    /// A speaker asked the presenting app to step.
    Remote(crate::talk::Command),
    /// The speaker's link has news.
    Link(crate::talk::client::Event),
}

/// How many bytes the reader has sent that the loop has not yet taken.
#[derive(Debug, Default)]
struct Backlog {
    bytes: Mutex<usize>,
    room: Condvar,
}

/// The loop's end of the channel, with the parser.
pub(crate) struct Source {
    rx: Receiver<Input>,
    backlog: Arc<Backlog>,
    parser: Parser,
}

impl Source {
    /// Starts the reader thread on `tty`; returns the source and the
    /// sender for the signal thread.
    pub(crate) fn start(tty: File) -> io::Result<(Source, Sender<Input>)> {
        let (tx, rx) = mpsc::channel();
        let backlog = Arc::new(Backlog::default());
        let reader_tx = tx.clone();
        let reader_backlog = Arc::clone(&backlog);
        thread::Builder::new()
            .name("bloomlab-input".into())
            .spawn(move || read_terminal(tty, &reader_tx, &reader_backlog))?;
        let source = Source {
            rx,
            backlog,
            parser: Parser::default(),
        };
        Ok((source, tx))
    }

    /// Waits until something arrives, or `ceiling` passes (`None`: no
    /// ceiling), then appends everything that has arrived by then.
    pub(crate) fn wait(&mut self, ceiling: Option<Duration>, out: &mut Vec<Incoming>) {
        let start = Instant::now();
        let give_up = ceiling.map(|c| start + c);
        let first = loop {
            let deadline = match (self.parser.deadline(), give_up) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let got = match deadline {
                None => self.rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(d) => self
                    .rx
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
            };
            match got {
                Ok(input) => break Some(input),
                Err(RecvTimeoutError::Timeout) => {
                    let before = out.len();
                    self.expire(out);
                    if out.len() > before || give_up.is_some_and(|g| Instant::now() >= g) {
                        break None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    out.push(Incoming::Closed("the terminal's input ended".into()));
                    return;
                }
            }
        };
        let mut taken = 0;
        let mut next = first;
        while let Some(input) = next {
            taken += self.take(input, out);
            next = if taken < BATCH_MAX {
                self.rx.try_recv().ok()
            } else {
                None
            };
        }
    }

    fn expire(&mut self, out: &mut Vec<Incoming>) {
        let mut events = Vec::new();
        self.parser.expire(Instant::now(), &mut events);
        out.extend(events.into_iter().map(Incoming::Event));
    }

    /// Applies one message; returns the bytes it carried.
    fn take(&mut self, input: Input, out: &mut Vec<Incoming>) -> usize {
        match input {
            Input::Bytes(bytes) => {
                let mut events = Vec::new();
                self.parser.feed(&bytes, Instant::now(), &mut events);
                out.extend(events.into_iter().map(Incoming::Event));
                let mut backlog = self
                    .backlog
                    .bytes
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                *backlog = backlog.saturating_sub(bytes.len());
                self.backlog.room.notify_one();
                bytes.len()
            }
            Input::Closed(why) => {
                out.push(Incoming::Closed(why));
                0
            }
            Input::Signal(signal) => {
                out.push(Incoming::Signal(signal));
                0
            }
            Input::Remote(command) => {
                out.push(Incoming::Remote(command));
                0
            }
            Input::Link(event) => {
                out.push(Incoming::Link(event));
                0
            }
            // Waking the loop is all it asks: the loop collects results
            // every time round.
            Input::Ready => 0,
        }
    }
}

/// The reader thread: blocking reads, each sent as it comes.
fn read_terminal(mut tty: File, tx: &Sender<Input>, backlog: &Backlog) {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        {
            let held = backlog.bytes.lock().unwrap_or_else(PoisonError::into_inner);
            let _held = backlog
                .room
                .wait_while(held, |b| *b >= BACKLOG_MAX)
                .unwrap_or_else(PoisonError::into_inner);
        }
        let message = match tty.read(&mut buf) {
            Ok(0) => Input::Closed("the terminal hung up".into()),
            Ok(n) => {
                *backlog.bytes.lock().unwrap_or_else(PoisonError::into_inner) += n;
                Input::Bytes(buf[..n].to_vec())
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => Input::Closed(format!("cannot read the terminal: {e}")),
        };
        let closed = matches!(message, Input::Closed(_));
        if tx.send(message).is_err() || closed {
            return;
        }
    }
}
