//! The app's own terminal input, in place of crossterm's event reader.
//!
//! crossterm 0.29 waits for the rest of any escape sequence it has begun,
//! so a stray `ESC [ <` (Alt+[ then `<`) swallowed every later key, Ctrl+C
//! included, and held signals back with it. Here a thread reads the
//! terminal and another turns signals into messages; the loop waits on
//! one channel for both, and [`parser`] resolves an unfinished sequence
//! after [`parser::ESCAPE_TIMEOUT`]. Events are crossterm's own types, so
//! the key map is unchanged.
//!
//! - [`tty`]: raw mode and the terminal modes, and giving them back;
//! - [`source`]: the reader thread and the channel the loop waits on;
//! - [`signals`]: the signal thread and its watchdog;
//! - [`parser`] with [`csi`]: bytes to events;
//! - [`terminfo`]: whether the terminal can move its cursor at all.

pub(crate) mod csi;
pub(crate) mod parser;
pub(crate) mod signals;
pub(crate) mod source;
pub(crate) mod terminfo;
pub(crate) mod tty;
