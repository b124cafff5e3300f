//! `bloomlab notes`: the lesson notes from the command line, kept in
//! `$XDG_DATA_HOME/bloomlab/notes.md` (a temporary folder here, never the
//! real home): they survive from one run to the next, export as Markdown,
//! and a corrupt file is reported and kept aside.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::run::scratch_dir;

fn notes(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .arg("notes")
        .args(args)
        .env("XDG_DATA_HOME", data)
        .output()
        .expect("the bloomlab binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn file(data: &Path) -> PathBuf {
    data.join("bloomlab").join("notes.md")
}

#[test]
fn notes_survive_between_runs_and_export_as_markdown() {
    let data = scratch_dir("notes");
    assert!(stdout(&notes(&data, &["list"])).contains("no notes yet"));
    assert_eq!(
        stdout(&notes(&data, &["add", "slow", "down"])),
        "added note 1\n"
    );
    assert_eq!(
        stdout(&notes(&data, &["add", "-- say why bit 7 stays"])),
        "added note 2\n"
    );
    assert_eq!(stdout(&notes(&data, &["done", "1"])), "note 1 ticked off\n");
    let list = stdout(&notes(&data, &["list"]));
    assert!(list.contains("1. [x] slow down  (command line)"), "{list}");
    assert!(list.contains("2. [ ] -- say why bit 7 stays"), "{list}");
    let md = stdout(&notes(&data, &["export"]));
    assert!(md.starts_with("# Lesson notes\n"), "{md}");
    assert!(
        md.contains("## To do (1)\n\n- [ ] -- say why bit 7 stays *(command line)*"),
        "{md}"
    );
    assert!(
        md.contains("## Done (1)\n\n- [x] slow down *(command line)*"),
        "{md}"
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(file(&data)).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(stdout(&notes(&data, &["undo", "1"])), "note 1 open again\n");
    assert_eq!(stdout(&notes(&data, &["delete", "2"])), "note 2 deleted\n");
    assert!(!stdout(&notes(&data, &["list"])).contains("bit 7"));
}

#[test]
fn a_note_that_does_not_exist_is_bad_input() {
    let data = scratch_dir("notes-bad");
    stdout(&notes(&data, &["add", "one"]));
    for (args, words) in [
        (
            &["done", "4"][..],
            "note 4 does not exist: there is only note 1",
        ),
        (&["done", "0"][..], "a note's number from 1 to 1000"),
        (&["done", "x\u{1b}[2J"][..], "a note's number"),
        (&["add", " \u{7} "][..], "a note needs some text"),
    ] {
        let out = notes(&data, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(words), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains('\u{1b}'), "{err}");
    }
}

#[test]
fn a_corrupt_notes_file_is_reported_and_backed_up() {
    let data = scratch_dir("notes-corrupt");
    std::fs::create_dir_all(file(&data).parent().unwrap()).unwrap();
    std::fs::write(file(&data), "a hand-written paragraph\n").unwrap();
    let out = notes(&data, &["list"]);
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(
        err.contains("could not be read (line 1 is not a note"),
        "{err}"
    );
    assert!(
        err.contains("kept as") && err.contains("notes.md.corrupt"),
        "{err}"
    );
    assert!(stdout(&out).contains("no notes yet"));
    let kept = file(&data).with_file_name("notes.md.corrupt");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "a hand-written paragraph\n"
    );
    // The next note starts a new list and the backup stays as it was.
    stdout(&notes(&data, &["add", "fresh start"]));
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "a hand-written paragraph\n"
    );
    assert!(stdout(&notes(&data, &["list"])).contains("fresh start"));
}
