//! Plain mode (`bloomlab --plain`, and by itself where the app cannot
//! draw): the app as a stream of lines for a screen reader, a braille
//! display or a pipe. No alternate screen, no cursor movement, no colour,
//! not one escape sequence: each screen is said in sentences
//! ([`crate::ui::screen::AppScreen::describe`]), commands are typed on a
//! line, and the answer follows.
//!
//! Lines are read with the terminal's own line editing (the tty's cooked
//! mode: Backspace, Ctrl+U, Ctrl+W), which works over ssh and which screen
//! readers already follow; from a pipe or a file they are read as they
//! come. A line editor that redraws the line (rustyline and the like)
//! would write the cursor movements this mode exists to leave out.
//!
//! - [`session`]: one session, line in, sentences out;
//! - [`commands`]: the commands of every screen and the `?` list;
//! - [`words`]: what the screens' descriptions share (a drawn row read as
//!   a sentence, a setting read against its range);
//! - [`speak`]: the last pass over every line (marks to words, notation
//!   read aloud, nothing that steers a terminal).

pub(crate) mod commands;
pub(crate) mod session;
pub(crate) mod speak;
pub(crate) mod words;

use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::ui::app::App;
use crate::ui::config::AppConfig;
use crate::ui::error::UiError;
use crate::ui::theme::Theme;
use session::{Figures, Flow, Session};

/// The longest line read; the rest of a longer one is dropped.
const LINE_MAX: u64 = 4096;
/// How often Ctrl+C is looked for while waiting for a line.
const WAKE: Duration = Duration::from_millis(50);

/// Whether the app should run in plain mode: asked for (`--plain`, the
/// config file's `plain = true`), or standard output is not a terminal, or
/// the terminal cannot move its cursor (`TERM=dumb` and the like). In the
/// last case `Some` carries why, to say once as the session opens (nothing
/// for `TERM=dumb`, which asks for exactly this).
pub(crate) fn wanted(config: &AppConfig) -> Option<Option<String>> {
    if config.plain || !io::stdout().is_terminal() {
        return Some(None);
    }
    let term = std::env::var_os("TERM");
    let why = crate::ui::input::terminfo::unfit(term.as_deref())?;
    let dumb = term.is_some_and(|t| t == "dumb");
    Some((!dumb).then(|| format!("{why}, so the app cannot draw here: plain mode instead.")))
}

/// Runs plain mode on standard input and output until `q`, the end of
/// input or Ctrl+C at the prompt. `note` is said first (why plain mode).
pub(crate) fn run(config: &AppConfig, note: Option<String>) -> Result<(), UiError> {
    let app = App::from_config(config, Theme::MONO)?;
    let stop = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop))
        .map_err(|e| UiError::Terminal(format!("cannot watch for Ctrl+C: {e}")))?;
    let echo = !io::stdin().is_terminal();
    let lines = read_lines();
    let out = io::stdout().lock();
    let mut session = Session::new(
        app,
        Figures::Lanes(Box::default()),
        out,
        echo,
        Arc::clone(&stop),
    );
    let mut warnings: Vec<String> = note.into_iter().collect();
    warnings.extend(config.warnings.iter().cloned());
    let ran = session
        .open(&warnings)
        .and_then(|()| serve(&mut session, &lines, &stop));
    match ran {
        Ok(()) => Ok(()),
        // A reader that left (`| head`) has all it wanted.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(UiError::Terminal(format!("cannot write output: {e}"))),
    }
}

/// Answers lines until the session ends.
fn serve<W: Write>(
    session: &mut Session<W>,
    lines: &Receiver<String>,
    stop: &AtomicBool,
) -> io::Result<()> {
    loop {
        match lines.recv_timeout(WAKE) {
            Ok(line) => {
                if session.take(&line)? == Flow::Quit {
                    return session.close();
                }
            }
            Err(RecvTimeoutError::Disconnected) => return session.close(),
            // Ctrl+C at the prompt leaves, as it does any command.
            Err(RecvTimeoutError::Timeout) if stop.swap(false, Ordering::Relaxed) => {
                return session.close();
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

/// Standard input's lines, read on their own thread so Ctrl+C is noticed
/// while a line is awaited; the channel closes at the end of input.
fn read_lines() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let reading = std::thread::Builder::new()
        .name("bloomlab-plain-input".into())
        .spawn(move || {
            let mut input = io::stdin().lock();
            while let Some(line) = next_line(&mut input) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
    // Without the thread there is no input: the channel closes at once.
    drop(reading);
    rx
}

/// The next line of `input` without its line ending, at most [`LINE_MAX`]
/// bytes of it (the rest is dropped), bytes that are not UTF-8 replaced;
/// `None` at the end of input or on a read error.
fn next_line(input: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let read = input
        .by_ref()
        .take(LINE_MAX)
        .read_until(b'\n', &mut bytes)
        .ok()?;
    if read == 0 {
        return None;
    }
    if bytes.last() != Some(&b'\n') && read as u64 == LINE_MAX {
        // Too long: skip to the end of the line.
        let mut rest = Vec::new();
        let _ = input.read_until(b'\n', &mut rest);
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The whole session `lines` make from `config`, as printed, with every
/// figure computed on this thread (for tests).
#[cfg(test)]
pub(crate) fn transcript(config: &AppConfig, lines: &[&str]) -> String {
    let app = App::from_config(config, Theme::MONO).unwrap_or_else(|e| panic!("{e}"));
    let mut out = Vec::new();
    {
        let stop = Arc::new(AtomicBool::new(false));
        let mut session = Session::new(app, Figures::Now, &mut out, true, stop);
        let mut go = || -> io::Result<()> {
            session.open(&[])?;
            for line in lines {
                if session.take(line)? == Flow::Quit {
                    break;
                }
            }
            session.close()
        };
        go().unwrap_or_else(|e| panic!("{e}"));
    }
    String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod reading {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_bad_bytes_replaced() {
        let mut long = vec![b'a'; 5000];
        long.extend(b"\nnext\r\n\xff\xfe\n");
        let mut input = io::Cursor::new(long);
        let first = next_line(&mut input).unwrap_or_default();
        assert_eq!(first.len(), 4096);
        assert_eq!(next_line(&mut input).as_deref(), Some("next"));
        assert_eq!(next_line(&mut input).as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(next_line(&mut input), None);
    }
}
