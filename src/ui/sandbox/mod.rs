//! The sandbox: the lesson's live filter (FNV-1a double hashing).
//!
//! - [`state`]: the filter, the key field, the history of inserts and queries.
//! - [`view`]: the bit row, the last operation probe by probe, the history.

pub(crate) mod state;
pub(crate) mod view;
