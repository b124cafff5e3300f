//! The speaker view's link: the presenting app and `bloomlab speaker` meet
//! over a local Unix socket and say a few lines of JSON to each other. No
//! terminal here: the app and the speaker screen live in `crate::ui`.
//!
//! - [`session`]: session names and where their socket lives;
//! - [`endpoint`]: the socket's folder and file, made private to the user,
//!   checked to belong to them, a stale one from a crashed run replaced;
//! - [`protocol`]: the lines each side sends;
//! - [`server`]: the presenting side, all socket work on its own threads;
//! - [`client`]: the speaker's side, which waits for an app and follows it;
//! - [`pace`]: the talk's length shared among its scenes, ahead or behind.
//!
//! The protocol, one JSON object per line (UTF-8, at most
//! [`protocol::MAX_LINE`] bytes): the app sends `{"kind":"state",...}`
//! whenever the lecture's place changes, and once to each speaker as it
//! connects, or `{"kind":"refused","why":...}` to a speaker over the
//! session's limit; a speaker sends `{"kind":"forward"}`, `{"kind":"back"}`,
//! and to an app of version 2 `{"kind":"choice","index":1}`,
//! `{"kind":"number","value":6.9}` or `{"kind":"restart_clock"}`. Lines
//! either side does not understand are ignored (see [`protocol`] on
//! versions).

pub mod client;
pub mod endpoint;
pub mod pace;
pub mod protocol;
pub mod server;
pub mod session;

pub use endpoint::{Endpoint, TalkError};
pub use protocol::{Command, State};
pub use session::Session;
