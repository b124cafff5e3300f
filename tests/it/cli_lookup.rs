//! `bloomlab positions` and `bloomlab lookup` reproduce the lesson's examples.

use std::process::{Command, Output};

use crate::common::bloomlab;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn positions_of_the_lesson_keys() {
    let out = bloomlab(&["positions", "rec-11", "rec-6", "--m", "16", "--k", "3"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out), "rec-11: 4 3 2\nrec-6: 11 2 9\n");
    assert!(out.stderr.is_empty());
}

#[test]
fn lookup_of_the_lesson_keys_finds_the_false_positive() {
    let out = bloomlab(&[
        "lookup",
        "--m",
        "16",
        "--k",
        "3",
        "--insert",
        "rec-11,rec-42,rec-97",
        "--query",
        "rec-42,rec-6,rec-67",
    ]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out), "rec-42: maybe\nrec-6: no\nrec-67: maybe\n");
}

#[test]
fn inserted_keys_always_answer_maybe() {
    let keys: Vec<String> = (0..40).map(|i| format!("user-{i}")).collect();
    let list = keys.join(",");
    let out = bloomlab(&[
        "lookup", "--m", "64", "--k", "4", "--insert", &list, "--query", &list,
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 40);
    assert!(text.lines().all(|l| l.ends_with(": maybe")), "{text}");
}

#[cfg(unix)]
#[test]
fn non_utf8_keys_are_hashed_by_their_bytes() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    use bloomlab::filter::Scheme;

    let raw = OsStr::from_bytes(b"caf\xe9");
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .arg("positions")
        .arg(raw)
        .args(["--m", "1000", "--k", "4"])
        .output()
        .expect("the bloomlab binary runs");
    assert!(out.status.success(), "{out:?}");
    let mut expected = Vec::new();
    Scheme::Double.positions(b"caf\xe9", 1000, 4, &mut expected);
    let numbers: Vec<String> = expected.iter().map(u64::to_string).collect();
    assert_eq!(
        stdout(&out),
        format!("caf\u{FFFD}: {}\n", numbers.join(" "))
    );

    let list = b"caf\xe9,plain";
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(["lookup", "--m", "1000", "--k", "4", "--insert"])
        .arg(OsStr::from_bytes(list))
        .arg("--query")
        .arg(OsStr::from_bytes(b"caf\xe9,cafe"))
        .output()
        .expect("the bloomlab binary runs");
    assert!(out.status.success(), "{out:?}");
    assert!(stdout(&out).starts_with("caf\u{FFFD}: maybe\n"), "{out:?}");
}

#[test]
fn positions_and_lookup_take_the_other_schemes() {
    // Enhanced double hashing adds (i^3 - i)/6 to the lesson's progression:
    // rec-11 has h1 = 4, h2 = 15 (mod 16), so 4, 3, 3, 5, 10.
    let out = bloomlab(&[
        "positions",
        "rec-11",
        "--m",
        "16",
        "--k",
        "5",
        "--scheme",
        "enhanced",
    ]);
    assert_eq!(stdout(&out), "rec-11: 4 3 3 5 10\n");
    let a = bloomlab(&[
        "positions",
        "x",
        "--m",
        "1000",
        "--k",
        "4",
        "--scheme",
        "independent",
    ]);
    let b = bloomlab(&[
        "positions",
        "x",
        "--m",
        "1000",
        "--k",
        "4",
        "--scheme",
        "independent",
        "--seed",
        "2",
    ]);
    assert!(a.status.success() && b.status.success());
    assert_ne!(
        a.stdout, b.stdout,
        "the seed chooses the independent hashes"
    );
    for scheme in ["double", "enhanced", "independent"] {
        let out = bloomlab(&[
            "lookup", "--m", "64", "--k", "4", "--insert", "a,b,c", "--query", "a,b,c", "--scheme",
            scheme,
        ]);
        assert_eq!(stdout(&out), "a: maybe\nb: maybe\nc: maybe\n", "{scheme}");
    }
}

#[cfg(unix)]
#[test]
fn a_full_disk_is_one_line_and_exit_1() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full here");
        return;
    };
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(["positions", "rec-11", "--m", "16", "--k", "3"])
        .stdout(full)
        .output()
        .expect("the bloomlab binary runs");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot write output: No space left on device\n"
    );
}
