//! The Compare screen: every filter a reader meets after the classic Bloom
//! filter, measured for n keys at a target rate p on a worker lane, and
//! held against the floor `log2(1/p)` bits per key.
//!
//! - [`state`]: the sliders (n, the target rate on a 1-2-5 ladder, the
//!   queries), their rules, and the line-up held;
//! - [`measuring`]: the core's line-up run for the screen, its events
//!   gathered into how far it has got;
//! - [`view`]: the layout, the settings and status; [`table`]: a row per
//!   structure; [`chart`]: bits per key against the rate, with the floor;
//! - [`action`], [`keys`], [`jobs`], [`screen`]: the screen as one of the
//!   app's (what its keys ask for, its key table, its lane, the traits).

pub(crate) mod action;
pub(crate) mod chart;
pub(crate) mod jobs;
pub(crate) mod keys;
pub(crate) mod measuring;
pub(crate) mod plain;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod table;
#[cfg(test)]
mod tests;
pub(crate) mod view;
