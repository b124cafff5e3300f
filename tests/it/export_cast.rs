//! `render --format cast`: the lecture as an asciinema v2 recording. The
//! file is checked against the format strictly (a header object, then
//! `[seconds, "o", text]` lines a step apart), each frame is played into a
//! terminal emulator and shows its step in lecture order, and the real
//! asciinema accepts it (`asciinema cat` and `asciinema play`, run in a
//! pseudo-terminal since both want one).
//!
//! asciinema comes from the system's packages (`.ci/run` installs it).
//! Where it is missing that part says so and passes, unless
//! `BLOOMLAB_REQUIRE_ASCIINEMA=1` (set by `.ci/run`) makes it a failure.

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use bloomlab::lecture::Lecture;
use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use serde_json::Value;

use crate::support::run::{
    render_whole_lecture, run_limited, scratch_dir, success_problems, tool_here,
};

const WHOLE_LECTURE: Duration = Duration::from_secs(60);

/// The recording's lines as JSON: the header, then the events.
fn parse(cast: &str) -> (Value, Vec<Value>) {
    let mut lines = cast.lines();
    let header = serde_json::from_str(lines.next().expect("a header line")).expect("JSON");
    let events = lines
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (header, events)
}

/// Runs `program args` in a pseudo-terminal of `cols` x `rows` until it
/// ends; its exit success and everything it wrote.
fn in_terminal(program: &str, args: &[&str], cols: u16, rows: u16) -> (bool, Vec<u8>) {
    let pair = native_pty_system()
        .openpty(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(program);
    command.args(args);
    command.env("TERM", "xterm-256color");
    let mut child = pair.slave.spawn_command(command).expect("starts");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("a reader");
    let mut out = Vec::new();
    let mut chunk = [0u8; 64 * 1024];
    // The master reads an error once the child has gone: that is the end.
    while let Ok(n) = reader.read(&mut chunk) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&chunk[..n]);
    }
    let ok = child.wait().is_ok_and(|s| s.success());
    (ok, out)
}

fn asciinema_here() -> bool {
    let found = std::process::Command::new("asciinema")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    tool_here(
        found,
        "asciinema",
        "asciinema",
        "BLOOMLAB_REQUIRE_ASCIINEMA",
    )
}

fn record(dir: &Path, extra: &[&str]) -> String {
    let path = dir.join("lecture.cast");
    render_whole_lecture(&[&["--format", "cast"], extra].concat(), &path);
    std::fs::read_to_string(&path).expect("the recording")
}

#[test]
fn the_recording_is_asciicast_v2_with_a_frame_per_step() {
    let dir = scratch_dir("cast");
    let cast = record(&dir, &["--step-seconds", "2", "--theme", "light"]);
    let (header, events) = parse(&cast);
    assert_eq!(header["version"], 2, "{header}");
    assert_eq!(header["width"], 100);
    assert_eq!(header["height"], 30);
    assert!(header["title"].is_string());
    let lecture = Lecture::builtin();
    let reveals = (0..lecture.len()).filter(|g| lecture.predicts(*g)).count();
    // A frame per step, one more per reveal, the closing screen, and the
    // cursor given back at the end.
    assert_eq!(events.len(), lecture.len() + reveals + 2);
    let mut last = -1.0;
    for (i, e) in events.iter().enumerate() {
        let fields = e.as_array().expect("an array");
        assert_eq!(fields.len(), 3, "{e}");
        let t = fields[0].as_f64().expect("seconds");
        assert!((t - 2.0 * i as f64).abs() < 1e-9, "event {i} at {t}");
        assert!(t > last);
        last = t;
        assert_eq!(fields[1], "o");
        assert!(fields[2].is_string());
    }
    // Played into a terminal, the frames go through the lecture in order.
    let mut parser = vt100::Parser::new(30, 100, 0);
    let mut seen = Vec::new();
    for e in &events {
        parser.process(e[2].as_str().unwrap_or_default().as_bytes());
        let screen = parser.screen().contents();
        for global in 0..lecture.len() {
            let (scene, step) = lecture.locate(global);
            let place = format!(
                "Scene {} of {} · {}",
                scene + 1,
                lecture.scene_count(),
                lecture.scene_title(scene)
            );
            let count = format!("step {} of {}", step + 1, lecture.scene_len(scene));
            if screen.contains(&place) && screen.contains(&count) {
                if seen.last() != Some(&global) {
                    seen.push(global);
                }
                break;
            }
        }
    }
    assert_eq!(
        seen,
        (0..lecture.len()).collect::<Vec<_>>(),
        "every step, in order"
    );
}

#[test]
fn the_recording_goes_to_standard_output_and_plays_in_asciinema() {
    let o = run_limited(&["render", "--format", "cast", "--out", "-"], WHOLE_LECTURE);
    assert!(
        success_problems(&o, WHOLE_LECTURE).is_empty(),
        "{}",
        o.err_text()
    );
    let (header, events) = parse(&o.out_text());
    assert_eq!(header["version"], 2);
    assert_eq!(events.first().and_then(|e| e[0].as_f64()), Some(0.0));
    assert_eq!(
        events.get(1).and_then(|e| e[0].as_f64()),
        Some(4.0),
        "4 s a step by default"
    );
    if !asciinema_here() {
        return;
    }
    let dir = scratch_dir("cast-play");
    let path = dir.join("lecture.cast");
    std::fs::write(&path, &o.stdout).expect("saved");
    let file = path.display().to_string();
    let written: usize = events
        .iter()
        .map(|e| e[2].as_str().unwrap_or_default().len())
        .sum();
    for args in [
        vec!["cat", file.as_str()],
        vec!["play", "-i", "0.01", file.as_str()],
    ] {
        let (ok, out) = in_terminal("asciinema", &args, 100, 30);
        assert!(
            ok,
            "asciinema {args:?} failed: {}",
            String::from_utf8_lossy(&out)
        );
        // Everything recorded comes out (the terminal adds returns to line
        // feeds, so a little more).
        assert!(
            out.len() >= written,
            "asciinema {args:?}: {} of {written} bytes",
            out.len()
        );
    }
}
