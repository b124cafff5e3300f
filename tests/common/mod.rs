//! Running the real `bloomlab` binary from the command-line tests.

use std::process::{Command, Output};

/// Runs `bloomlab` with `args` and returns everything it did.
pub fn bloomlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .output()
        .expect("the bloomlab binary runs")
}
