//! `bloomlab notes list | add TEXT | done N | undo N | delete N | export`:
//! the lesson notes from the command line, in the same file the app's `N`
//! panel keeps. A file that cannot be read is reported on stderr and kept
//! aside; the command then goes on with an empty list.

use super::CliError;
use super::args::{NotesAction, NotesArgs};
use crate::notes::{self, NoteBook};

/// Runs `bloomlab notes ...` and returns what to print.
pub(crate) fn run(args: &NotesArgs) -> Result<String, CliError> {
    let path = notes::default_path().ok_or_else(|| {
        CliError::Runtime("this system names no data folder: set XDG_DATA_HOME".into())
    })?;
    let opened = notes::open(&path);
    if let Some(warning) = &opened.warning {
        super::eprintln_quietly(&format!("warning: {warning}"));
    }
    let mut book = opened.book;
    let usage = |e: notes::NoteError| CliError::Usage(e.to_string());
    let said = match &args.action {
        NotesAction::List => return Ok(list(&book)),
        NotesAction::Export => return Ok(book.to_markdown()),
        NotesAction::Add { text } => {
            let n = book.add("command line", &text.join(" ")).map_err(usage)?;
            format!("added note {n}")
        }
        NotesAction::Done { number } => {
            book.set_done(*number, true).map_err(usage)?;
            format!("note {number} ticked off")
        }
        NotesAction::Undo { number } => {
            book.set_done(*number, false).map_err(usage)?;
            format!("note {number} open again")
        }
        NotesAction::Delete { number } => {
            book.delete(*number).map_err(usage)?;
            format!("note {number} deleted")
        }
    };
    if !opened.writable {
        return Err(CliError::Runtime(
            "the notes file could not be read or moved aside, so nothing was saved".into(),
        ));
    }
    notes::save(&path, &book).map_err(|e| {
        CliError::Runtime(format!(
            "cannot save the notes in {}: {e}",
            crate::text::escaped(&path.display().to_string())
        ))
    })?;
    Ok(format!("{said}\n"))
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
