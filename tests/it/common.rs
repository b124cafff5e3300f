//! Running the real `bloomlab` binary from the command-line tests.

use std::ffi::OsStr;
use std::process::{Command, Output};

/// Runs `bloomlab` with `args` and returns everything it did.
pub(crate) fn bloomlab(args: &[&str]) -> Output {
    bloomlab_os(&args.iter().map(OsStr::new).collect::<Vec<_>>())
}

/// [`bloomlab`] for arguments that are paths or raw bytes.
pub(crate) fn bloomlab_os(args: &[&OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(args)
        .output()
        .expect("the bloomlab binary runs")
}
