//! Where `render --out` may write: `-` is standard output; a new name or a
//! regular file is written whole through a temporary beside it; anything
//! else (a folder where one file goes, a symbolic link, a FIFO, a device
//! node, a folder that cannot be made) is refused with one line and exit 2,
//! and is still there, untouched, afterwards.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::support::run::{Report, binary, run, scratch_dir, success_problems, usage_problems};

const FRAME: [&str; 6] = ["render", "--scene", "2", "--step", "3", "--format"];

/// `render` of one frame in `format` to `out`.
fn render_to(format: &str, out: &Path) -> crate::support::run::Outcome {
    let out = out.display().to_string();
    run(&[&FRAME[..], &[format, "--out", &out]].concat())
}

#[test]
fn out_dash_is_standard_output() {
    // Run in a scratch folder, so a file called "-" would show up there.
    let dir = scratch_dir("out-dash");
    let out = Command::new(binary())
        .args(FRAME)
        .args(["svg", "--out", "-"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(roxmltree::Document::parse(&svg).is_ok(), "an SVG on stdout");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert!(left.is_empty(), "no file named '-': {left:?}");
}

#[test]
fn out_never_replaces_a_symbolic_link() {
    let dir = scratch_dir("out-link");
    let target = dir.join("target.txt");
    std::fs::write(&target, "keep me").expect("file");
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let o = render_to("svg", &link);
    let problems = usage_problems(&o, &["link.svg", "symbolic link"]);
    assert!(problems.is_empty(), "{problems:#?}");
    let kind = std::fs::symlink_metadata(&link).expect("still there");
    assert!(kind.file_type().is_symlink(), "the link is still a link");
    assert_eq!(std::fs::read_to_string(&target).expect("kept"), "keep me");
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 2);
}

#[test]
fn out_never_replaces_a_fifo_or_a_device() {
    let dir = scratch_dir("out-special");
    let fifo = dir.join("pipe.svg");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success(), "mkfifo");
    let mut report = Report::default();
    let o = render_to("svg", &fifo);
    report.add(&o, usage_problems(&o, &["pipe.svg", "not a regular file"]));
    let o = render_to("html", &fifo);
    report.add(&o, usage_problems(&o, &["pipe.svg", "not a regular file"]));
    // A device node of our own, like /dev/null (only root may make one; as
    // anyone else /dev/null itself is safe, since it cannot be replaced).
    let null = dir.join("null");
    let device = Command::new("mknod")
        .arg(&null)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if device {
        let o = render_to("svg", &null);
        report.add(&o, usage_problems(&o, &["null", "not a regular file"]));
    }
    report.finish();
    let kind = std::fs::symlink_metadata(&fifo).expect("still there");
    assert!(kind.file_type().is_fifo(), "the FIFO is still a FIFO");
    if device {
        let kind = std::fs::symlink_metadata(&null).expect("still there");
        assert!(kind.file_type().is_char_device(), "the device is still one");
    }
    let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(names.len(), 1 + usize::from(device), "no temporary left");
}

#[test]
fn out_naming_a_folder_for_one_file_is_bad_input() {
    let dir = scratch_dir("out-folder");
    let mut report = Report::default();
    for format in ["svg", "html", "text"] {
        let o = render_to(format, &dir);
        report.add(&o, usage_problems(&o, &["is a folder"]));
    }
    let all = dir.display().to_string();
    let o = run(&["render", "--all", "--format", "html", "--out", &all]);
    report.add(&o, usage_problems(&o, &["is a folder"]));
    report.finish();
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 0);
}

#[test]
fn a_folder_that_cannot_be_made_is_bad_input() {
    let dir = scratch_dir("out-nofolder");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "keep me").expect("file");
    let inside = blocker.join("svgs").display().to_string();
    let o = crate::support::run::run_limited(
        &["render", "--all", "--format", "svg", "--out", &inside],
        Duration::from_secs(60),
    );
    let problems = usage_problems(&o, &["a-file/svgs", "folder"]);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(std::fs::read_to_string(&blocker).expect("kept"), "keep me");
}

#[test]
fn a_regular_file_is_replaced_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch_dir("out-mode");
    let path = dir.join("frame.svg");
    std::fs::write(&path, "old").expect("file");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let o = render_to("svg", &path);
    assert!(success_problems(&o, Duration::from_secs(30)).is_empty());
    let meta = std::fs::metadata(&path).expect("written");
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert!(
        std::fs::read_to_string(&path)
            .expect("new")
            .starts_with("<?xml")
    );
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1);
}
