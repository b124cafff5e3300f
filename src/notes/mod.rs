//! Lesson notes: a private to-do list about the lesson ("the fill curve
//! needs a slower build-up"), each note saying where it was written (the
//! screen and the step), ticked off when handled, exported as Markdown.
//! Kept in one Markdown file on this computer; nothing is ever sent.
//!
//! The file is written whole to a temporary file beside it and renamed
//! over it, mode 0600, so a crash never leaves half a list; every change
//! holds a lock from reading the list to the rename, so changes made at
//! once (the app and the command line, or many commands) all land. A file
//! that cannot be read as a list is never written over: reading leaves it
//! where it is, and the next change moves it aside and says where. A link
//! in the file's place, a read-only file and a folder others may write to
//! are refused (see [`file`]).

pub mod book;
pub mod file;

pub use book::{Note, NoteBook, NoteError};
pub use file::{Changed, FileError, change, default_path, read};
