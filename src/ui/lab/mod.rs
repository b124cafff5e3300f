//! The lab screen: m, n, k sliders, the rates side by side, three charts.
//!
//! - [`state`]: settings, slider rules, the lock, held results.
//! - [`compute`]: the computations behind every figure (run by the worker,
//!   or directly for `bloomlab render`).
//! - [`view`]: the settings and rates panels.
//! - [`charts`]: fill against n, epsilon against k, epsilon against m/n.

pub(crate) mod charts;
pub(crate) mod compute;
pub(crate) mod state;
pub(crate) mod view;
