//! The sizing screen: n and a target rate in; bits per key, m, bytes and k
//! out, with the exact rate at the chosen size.
//!
//! - [`state`]: the two inputs and the held exact rate.
//! - [`view`]: the inputs and the answer.

pub(crate) mod state;
pub(crate) mod view;
