//! `bloomlab notes`: the lesson notes from the command line, kept in
//! `$XDG_DATA_HOME/bloomlab/notes.md` (a temporary folder here, never the
//! real home): they survive from one run to the next, export as Markdown,
//! a corrupt file is reported (and kept aside by the next change), twenty
//! added at once are twenty notes, and links, read-only files and open
//! folders are refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::run::scratch_dir;

fn notes(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .arg("notes")
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", crate::support::run::no_config_home())
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
    // Reading reports it and leaves it where it is.
    let out = notes(&data, &["list"]);
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot be read as a notes list (line 1 is not a note"),
        "{err}"
    );
    assert!(file(&data).exists());
    // The next note keeps it aside and starts a new list.
    let out = notes(&data, &["add", "fresh start"]);
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(
        err.contains("kept as") && err.contains("notes.md.corrupt"),
        "{err}"
    );
    assert_eq!(stdout(&out), "added note 1\n");
    let kept = file(&data).with_file_name("notes.md.corrupt");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "a hand-written paragraph\n"
    );
    // The next change leaves the backup as it was.
    stdout(&notes(&data, &["add", "second"]));
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "a hand-written paragraph\n"
    );
    assert!(stdout(&notes(&data, &["list"])).contains("fresh start"));
}

fn run_all(data: &Path, count: usize) -> Vec<Output> {
    let children: Vec<_> = (1..=count)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_bloomlab"))
                .args(["notes", "add", &format!("concurrent note {i}")])
                .env("XDG_DATA_HOME", data)
                .env("XDG_CONFIG_HOME", crate::support::run::no_config_home())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("the bloomlab binary runs")
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().expect("it ends"))
        .collect()
}

/// Issue 22: 20 `notes add` at once each said "added note N" and 3 of the
/// 20 notes survived. Each change now holds a lock from read to rename.
#[test]
fn twenty_notes_added_at_once_are_twenty_notes() {
    let data = scratch_dir("notes-concurrent");
    let outs = run_all(&data, 20);
    let mut numbers: Vec<usize> = outs
        .iter()
        .map(|o| {
            let said = stdout(o);
            said.trim()
                .strip_prefix("added note ")
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{said:?}"))
        })
        .collect();
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=20).collect::<Vec<_>>(),
        "each got its own number"
    );
    let list = stdout(&notes(&data, &["list"]));
    assert_eq!(list.lines().count(), 20, "{list}");
    for i in 1..=20 {
        assert!(
            list.contains(&format!("concurrent note {i} ")),
            "{i}: {list}"
        );
    }
}

/// A command that only reads never moves a file aside, and no message
/// quotes what the file holds.
#[test]
fn notes_list_leaves_a_file_it_cannot_read_where_it_is() {
    let data = scratch_dir("notes-list-corrupt");
    std::fs::create_dir_all(file(&data).parent().unwrap()).unwrap();
    std::fs::write(file(&data), "- [ ] (a) fine\nmy secret paragraph\n").unwrap();
    for action in ["list", "export"] {
        let out = notes(&data, &[action]);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "{action}: {err}");
        assert!(
            err.contains("line 2 is not a note") && err.contains("left as it is"),
            "{err}"
        );
        assert!(!err.contains("secret"), "{action} quoted the file: {err}");
        assert!(out.stdout.is_empty(), "{action}");
        assert!(file(&data).exists(), "{action} moved the file");
        assert!(
            !file(&data).with_file_name("notes.md.corrupt").exists(),
            "{action}"
        );
    }
}

/// A notes file that is a symbolic link is neither read nor replaced:
/// nothing of the file it points at is shown, and the link stays a link.
#[test]
fn a_linked_notes_file_is_refused() {
    let data = scratch_dir("notes-link");
    let secret = data.join("secret.txt");
    std::fs::write(&secret, "- [ ] (x) SECRET-WORDS\nroot:x:0:0\n").unwrap();
    std::fs::create_dir_all(file(&data).parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&secret, file(&data)).unwrap();
    for args in [
        &["list"][..],
        &["export"],
        &["add", "a new note"],
        &["done", "1"],
    ] {
        let out = notes(&data, args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("symbolic link"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        for shown in [&out.stdout[..], &out.stderr[..]] {
            let shown = String::from_utf8_lossy(shown);
            assert!(
                !shown.contains("SECRET") && !shown.contains("root:"),
                "{shown}"
            );
        }
        assert!(std::fs::symlink_metadata(file(&data)).unwrap().is_symlink());
        assert_eq!(
            std::fs::read_to_string(&secret).unwrap(),
            "- [ ] (x) SECRET-WORDS\nroot:x:0:0\n"
        );
    }
}

/// A notes file made read-only is read, never replaced.
#[test]
fn a_read_only_notes_file_is_refused_for_changes() {
    use std::os::unix::fs::PermissionsExt;
    let data = scratch_dir("notes-readonly");
    stdout(&notes(&data, &["add", "kept as it is"]));
    std::fs::set_permissions(file(&data), std::fs::Permissions::from_mode(0o400)).unwrap();
    let before = std::fs::read_to_string(file(&data)).unwrap();
    let out = notes(&data, &["add", "one more"]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("read-only") && err.contains("nothing was saved"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(file(&data)).unwrap(), before);
    let mode = std::fs::metadata(file(&data)).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o400, "the file was replaced");
    assert!(stdout(&notes(&data, &["list"])).contains("kept as it is"));
}

/// A data folder other users may write to is refused, as the speaker
/// socket's folder is.
#[test]
fn a_data_folder_others_may_change_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let data = scratch_dir("notes-open-folder");
    let folder = file(&data).parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).unwrap();
    for args in [&["add", "x"][..], &["list"]] {
        let out = notes(&data, args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("other users may change") && err.contains("chmod 755"),
            "{err}"
        );
    }
    assert!(!file(&data).exists());
}

/// Issue 22: `notes add > /dev/full` saved the note and exited 1, so a
/// retry added it twice. The note is reported saved and the output lost,
/// with exit 0: the change the command was asked for was made.
#[test]
fn a_note_saved_whose_confirmation_cannot_be_written_is_reported_saved() {
    let data = scratch_dir("notes-full");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_bloomlab"))
        .args(["notes", "add", "only once"])
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CONFIG_HOME", crate::support::run::no_config_home())
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("note 1 was added and saved") && err.contains("No space left"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let list = stdout(&notes(&data, &["list"]));
    assert_eq!(list.lines().count(), 1, "{list}");
}
