//! Lesson notes: a private to-do list about the lesson ("the fill curve
//! needs a slower build-up"), each note saying where it was written (the
//! screen and the step), ticked off when handled, exported as Markdown.
//! Kept in one Markdown file on this computer; nothing is ever sent.
//!
//! The file is written whole to a temporary file beside it and renamed
//! over it, mode 0600, so a crash never leaves half a list. A file that
//! cannot be read as a list is never written over: it is moved aside as a
//! backup and the user is told where.

pub mod book;
pub mod file;

pub use book::{Note, NoteBook, NoteError};
pub use file::{Opened, default_path, open, save};
