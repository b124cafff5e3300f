//! The speaker view's link: the presenting app and `bloomlab speaker` meet
//! over a local Unix socket and say a few lines of JSON to each other. No
//! terminal here: the app and the speaker screen live in `crate::ui`.
//!
//! - [`session`]: session names and where their socket lives;
//! - [`endpoint`]: the socket's folder and file, made private to the user,
//!   checked to belong to them, a stale one from a crashed run replaced;
//! - [`protocol`]: the lines each side sends;
//! - [`server`]: the presenting side, all socket work on its own threads;
//! - [`client`]: the speaker's side, which waits for an app and follows it.
//!
//! The protocol, one JSON object per line (UTF-8, at most
//! [`protocol::MAX_LINE`] bytes): the app sends `{"kind":"state",...}`
//! whenever the lecture's place changes, and once to each speaker as it
//! connects; a speaker sends `{"kind":"forward"}` or `{"kind":"back"}`.
//! Lines either side does not understand are ignored.

pub mod client;
pub mod endpoint;
pub mod protocol;
pub mod server;
pub mod session;

pub use endpoint::{Endpoint, TalkError};
pub use protocol::{Command, State};
pub use session::Session;
