//! The sizing screen: a calculator for the interview question. Any three
//! of n (keys), p (target rate), m (bits, or a memory size) and k (hashes)
//! in, the fourth worked out by the exact rate (or the true rate), with
//! certified digits at any size, whether the answer meets its target, and
//! the textbook's sizing beside it.
//!
//! - [`state`]: the fields, the one worked out, the entry last accepted and
//!   the answers held.
//! - [`inputs`]: the fields read as a question (the answer's key).
//! - [`compute`]: the answer, worked out on a worker lane.
//! - [`rows`]: the input rows and the line naming a field that does not read.
//! - [`answer`]: the answer's, the textbook's and the exact set's rows.
//! - [`fit`]: wordings fitted to the width, never cut.
//! - [`view`]: the layout, and the headline in big digits in present mode.
//! - [`action`], [`keys`], [`jobs`], [`screen`]: the sizing screen as one
//!   of the app's screens (what its keys ask for, its key table, its worker
//!   lane, the screen traits); [`plain`]: sizing in plain mode.

pub(crate) mod action;
pub(crate) mod answer;
pub(crate) mod compute;
pub(crate) mod fit;
pub(crate) mod inputs;
pub(crate) mod jobs;
pub(crate) mod keys;
pub(crate) mod plain;
pub(crate) mod rows;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod view;
