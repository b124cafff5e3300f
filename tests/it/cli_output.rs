//! Output that cannot be written, by the GNU rule: a full disk (here
//! /dev/full) is one line on stderr and exit 1, for every command and for
//! help and version; a reader that closes the pipe early (`| head`) ends
//! the command quietly with exit 0.

use std::fs::File;
use std::process::{Command, Stdio};

use crate::support::run::binary;

/// One command line per kind of output the binary writes.
const COMMANDS: &[&[&str]] = &[
    &["rate", "--m", "160", "--n", "16", "--k", "7"],
    &["rate", "--m", "160", "--n", "16", "--k", "7", "--json"],
    &[
        "measure",
        "--m",
        "160",
        "--n",
        "16",
        "--k",
        "7",
        "--queries",
        "100",
    ],
    &["size", "--n", "50M", "--p", "1%"],
    &["positions", "rec-11", "--m", "16", "--k", "3"],
    &[
        "lookup", "--m", "16", "--k", "3", "--insert", "a", "--query", "b",
    ],
    &["render", "--width", "80", "--height", "24"],
    &["script", "trace", "--json"],
    &["--help"],
    &["--version"],
    &["rate", "--help"],
    &["help", "size"],
];

#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    for args in COMMANDS {
        let full = File::options()
            .write(true)
            .open("/dev/full")
            .unwrap_or_else(|e| panic!("/dev/full: {e}"));
        let out = Command::new(binary())
            .args(*args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err, "error: cannot write output: No space left on device\n",
            "{args:?}"
        );
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // 20,000 keys print about 240 kB, far past a pipe's buffer, so the
    // writes surely meet the closed end; the small outputs may or may not.
    let keys: Vec<String> = (0..20_000).map(|i| format!("key-{i}")).collect();
    let mut many: Vec<&str> = vec!["positions", "--m", "1000", "--k", "7"];
    many.extend(keys.iter().map(String::as_str));
    for args in COMMANDS.iter().copied().chain([many.as_slice()]) {
        let mut child = Command::new(binary())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        let err = String::from_utf8_lossy(&out.stderr);
        let shown = &args[..args.len().min(6)];
        assert_eq!(out.status.code(), Some(0), "{shown:?}: {err}");
        assert!(err.is_empty(), "{shown:?}: {err}");
    }
}
