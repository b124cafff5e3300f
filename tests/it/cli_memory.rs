//! Memory stays bounded: a filter too large for the address space is
//! refused with one line naming its size (exit 1), and `positions` streams
//! its output instead of holding it. Each run is under `prlimit --as`,
//! which caps the process's address space; without prlimit the tests say
//! so and pass.

use std::process::{Command, Output};

/// Runs the binary under an address-space limit of `bytes`, or `None`
/// when prlimit cannot be run here.
fn limited(bytes: u64, args: &[&str]) -> Option<Output> {
    let probe = Command::new("prlimit").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: prlimit (util-linux) is not available to cap the address space");
        return None;
    }
    Some(
        Command::new("prlimit")
            .arg(format!("--as={bytes}"))
            .arg(env!("CARGO_BIN_EXE_bloomlab"))
            .args(args)
            .output()
            .expect("prlimit runs"),
    )
}

fn assert_refused_for_memory(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("536870912 bytes = 537 MB (512 MiB)"), "{err}");
    assert!(err.contains("4294967296 bits"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_filter_of_2_to_the_32_bits_is_refused_under_400_mb() {
    let big = "4294967296";
    let Some(out) = limited(
        400_000_000,
        &[
            "measure",
            "--m",
            big,
            "--n",
            "1",
            "--k",
            "1",
            "--queries",
            "1",
        ],
    ) else {
        return;
    };
    assert_refused_for_memory(&out);
    let Some(out) = limited(
        400_000_000,
        &[
            "lookup", "--m", big, "--k", "1", "--insert", "a", "--query", "b",
        ],
    ) else {
        return;
    };
    assert_refused_for_memory(&out);
}

#[test]
fn a_filter_that_fits_the_limit_still_runs() {
    // 2^28 bits are 32 MiB: well inside the limit, and left untouched but
    // for the pages the keys land on.
    let Some(out) = limited(
        400_000_000,
        &[
            "lookup",
            "--m",
            "268435456",
            "--k",
            "3",
            "--insert",
            "a",
            "--query",
            "a,b",
        ],
    ) else {
        return;
    };
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a: maybe\nb: no\n");
}

#[test]
fn positions_stream_more_output_than_the_memory_limit() {
    // 6000 keys at k = 1000 print about 41 MB, more than the 40 MB the
    // process may map: only a streamed output gets through.
    let keys: Vec<String> = (0..6000).map(|i| format!("key-{i}")).collect();
    let mut args: Vec<&str> = vec!["positions"];
    args.extend(keys.iter().map(String::as_str));
    args.extend(["--m", "1000000", "--k", "1000"]);
    let Some(out) = limited(40_000_000, &args) else {
        return;
    };
    assert!(
        out.status.success(),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.len() > 40_000_000, "{}", out.stdout.len());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 6000);
    let first = crate::common::bloomlab(&["positions", "key-0", "--m", "1000000", "--k", "1000"]);
    assert!(text.starts_with(&*String::from_utf8_lossy(&first.stdout)));
}
