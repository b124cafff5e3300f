//! The sandbox: the lesson's live filter (FNV-1a double hashing).
//!
//! - [`state`]: the filter, the key field, the history of inserts and queries.
//! - [`view`]: the bit row, the last operation probe by probe, the history.
//! - [`present`]: the same in present mode, the row square and the verdict big.
//! - [`action`], [`keys`], [`screen`]: the sandbox as one of the app's
//!   screens (what its keys ask for, its key table, the screen traits).
//! - [`plain`]: the sandbox in plain mode.

pub(crate) mod action;
pub(crate) mod keys;
pub(crate) mod plain;
pub(crate) mod present;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod view;
