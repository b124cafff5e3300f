//! `bloomlab notes list | add TEXT | done N | undo N | delete N | export`:
//! the lesson notes from the command line, in the same file the app's `N`
//! panel keeps. `list` and `export` only read: a file they cannot read is
//! reported (exit 1) and left where it is. The other actions change the
//! list under its lock, so many at once (or one while the app is open)
//! all land; a file that is not a notes list is then kept aside and a new
//! list starts, with a warning on stderr.
//!
//! Exit codes: 2 for a note that does not exist or an empty one; 1 when
//! the file or its folder is refused or cannot be written (nothing is
//! saved then). A change that was saved exits 0 even when its one-line
//! confirmation cannot be written to stdout (`> /dev/full`): the note is
//! on disk, so a script that retried on a non-zero code would add it a
//! second time. That case is one line on stderr saying the change was
//! saved and the confirmation lost.

use std::io::Write;
use std::time::Duration;

use super::CliError;
use super::args::{NotesAction, NotesArgs};
use crate::notes::{self, FileError, NoteBook};

/// How long a change waits for another process's change to the list.
const PATIENCE: Duration = Duration::from_secs(10);

fn failed(e: FileError) -> CliError {
    match e {
        FileError::Refused(e) => CliError::Usage(e.to_string()),
        other => CliError::Runtime(other.to_string()),
    }
}

/// Runs `bloomlab notes ...` and returns what to print.
pub(crate) fn run(args: &NotesArgs) -> Result<String, CliError> {
    let path = notes::default_path().ok_or_else(|| {
        CliError::Runtime("this system names no data folder: set XDG_DATA_HOME".into())
    })?;
    // What to print once saved, and the same news should printing fail.
    let (said, done) = match &args.action {
        NotesAction::List => return notes::read(&path).map(|b| list(&b)).map_err(failed),
        NotesAction::Export => {
            return notes::read(&path).map(|b| b.to_markdown()).map_err(failed);
        }
        NotesAction::Add { text } => {
            let text = text.join(" ");
            let n = change(&path, |b| b.add("command line", &text))?;
            (format!("added note {n}"), format!("note {n} was added"))
        }
        NotesAction::Done { number } => {
            change(&path, |b| b.set_done(*number, true))?;
            (
                format!("note {number} ticked off"),
                format!("note {number} was ticked off"),
            )
        }
        NotesAction::Undo { number } => {
            change(&path, |b| b.set_done(*number, false))?;
            (
                format!("note {number} open again"),
                format!("note {number} was opened again"),
            )
        }
        NotesAction::Delete { number } => {
            change(&path, |b| b.delete(*number))?;
            (
                format!("note {number} deleted"),
                format!("note {number} was deleted"),
            )
        }
    };
    confirm(&said, &done);
    Ok(String::new())
}

/// Applies one change under the lock; a file kept aside is said on stderr.
fn change<T>(
    path: &std::path::Path,
    apply: impl FnOnce(&mut NoteBook) -> Result<T, notes::NoteError>,
) -> Result<T, CliError> {
    let changed = notes::change(path, PATIENCE, apply).map_err(failed)?;
    if let Some(warning) = &changed.warning {
        super::eprintln_quietly(&format!("warning: {warning}"));
    }
    Ok(changed.value)
}

/// Prints the confirmation of a change already saved. A closed pipe ends
/// it quietly; any other failure is said on stderr, and the exit code
/// stays 0 because the change itself was made (see the module's notes).
fn confirm(said: &str, done: &str) {
    let mut out = std::io::stdout().lock();
    let written = writeln!(out, "{said}").and_then(|()| out.flush());
    if let Err(e) = written
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        let reason = e.to_string();
        let reason = reason.split(" (os error").next().unwrap_or(&reason);
        super::eprintln_quietly(&format!(
            "warning: {done} and saved, but this could not be written to standard output: \
             {reason}; do not run it again"
        ));
    }
}

fn list(book: &NoteBook) -> String {
    if book.notes.is_empty() {
        return "no notes yet: add one with `bloomlab notes add TEXT`, or N in the app\n".into();
    }
    book.notes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mark = if n.done { 'x' } else { ' ' };
            format!(
                "{:>3}. [{mark}] {}  ({})\n",
                i + 1,
                n.shown_text(),
                n.shown_place()
            )
        })
        .collect()
}
