//! The lab screen: m, n, k sliders, the rates side by side, three charts.
//!
//! - [`state`]: settings, slider rules, the lock, held results.
//! - [`compute`]: the computations behind the rate figures, the best-k
//!   scan and the charts' exact points (run by the worker, or directly for
//!   `bloomlab render`).
//! - [`measuring`]: the measurement on real filters and the comparison of
//!   two k, with their progress, and when a run may start by itself.
//! - [`view`]: the layout, the settings and rates panels.
//! - [`rows`]: wording a row to fit; [`rate_rows`] and [`measured_rows`]:
//!   the rates panel's rows about the formulas and about real filters.
//! - [`predict`]: the predict switch, the student's guess of the best k
//!   and the seed's rehearsal; [`predict_rows`]: the rows that say them.
//! - [`charts`]: fill against n, epsilon against k, epsilon against m/n.
//! - [`action`], [`keys`], [`jobs`], [`screen`]: the lab as one of the
//!   app's screens (what its keys ask for, its key table, its worker lanes,
//!   the screen traits); [`plain`]: the lab in plain mode; [`present`]: the
//!   lab in present mode, its four rates big.

pub(crate) mod action;
pub(crate) mod blocked_rows;
#[cfg(test)]
mod blocked_tests;
pub(crate) mod charts;
pub(crate) mod compute;
pub(crate) mod jobs;
pub(crate) mod keys;
pub(crate) mod measured_rows;
pub(crate) mod measuring;
pub(crate) mod plain;
pub(crate) mod predict;
pub(crate) mod predict_rows;
pub(crate) mod present;
pub(crate) mod rate_rows;
pub(crate) mod rows;
pub(crate) mod screen;
pub(crate) mod state;
pub(crate) mod view;
