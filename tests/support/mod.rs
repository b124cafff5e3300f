//! Helpers shared by the reliability tests (`mod support;` in each file).
//! Each test binary uses only part of them, hence the allowance below.
#![allow(dead_code)]

pub mod pty;
pub mod run;
