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
        .env("XDG_CONFIG_HOME", crate::support::run::no_config_home())
        .output()
        .expect("the bloomlab binary runs")
}

/// The numbers in a text, as written ("0.0082", "7", "1.25"), so a lecture
/// test can check which figures a step states without pinning its wording.
pub(crate) fn numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '-' || c == 'e'))
        .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// Whether `text` states every one of `figures` as a number of its own
/// (so "0.43" is not found inside "0.435").
pub(crate) fn states_all(text: &str, figures: &[&str]) -> bool {
    let said = numbers(text);
    figures.iter().all(|f| said.iter().any(|n| n == f))
}
