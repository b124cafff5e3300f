//! Helpers shared by the reliability tests: a pseudo-terminal driving the
//! real app, and a runner for the real binary with limits and checks.

pub(crate) mod app;
pub(crate) mod doc;
pub(crate) mod proc;
pub(crate) mod pty;
pub(crate) mod run;
