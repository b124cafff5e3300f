//! Hostile lecture scripts through every path that reads one: `script
//! check`, `script trace`, `render --script`, `--script FILE render` and the
//! app itself. A bad script gets one located error line and exit 2 within a
//! second; files that could be huge, endless or blocking (50 MB, /dev/zero,
//! a FIFO) are refused before they are read. The small fixtures live in
//! tests/scripts/hostile/; the big and binary ones are made here at run time.

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

use crate::support::run::{Outcome, Report, run, scratch_dir, success_problems, usage_problems};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts/hostile")
        .join(name)
}

/// Every way a script reaches the program, as argument lists.
fn paths_for(file: &Path) -> Vec<Vec<OsString>> {
    let f = file.as_os_str().to_os_string();
    let s = |x: &str| OsString::from(x);
    vec![
        vec![s("script"), s("check"), f.clone()],
        vec![s("script"), s("trace"), f.clone(), s("--json")],
        vec![s("render"), s("--script"), f.clone()],
        // The app with no terminal: the script must be refused before the
        // terminal is touched.
        vec![s("--script"), f],
    ]
}

/// Expects every path to refuse `file` with one line naming `located`
/// (the file name, plus ":line:" where the problem has a line).
fn refuse_everywhere(report: &mut Report, file: &Path, located: &str) {
    for args in paths_for(file) {
        let o = run(&args);
        let problems = usage_problems(&o, &[located]);
        report.add(&o, problems);
    }
}

/// Fixtures with the line (and column) their error must point at.
const LOCATED: &[(&str, &str)] = &[
    ("empty.txt", ":1:1:"),
    ("only_comments.txt", ":1:1:"),
    ("unknown_directive.txt", ":9:1:"),
    ("missing_item.txt", ":9:8:"),
    ("position_out_of_range.txt", ":3:14:"),
    ("unknown_placeholder.txt", ":8:"),
    ("nested_parens.txt", ":8:"),
    ("unterminated_placeholder.txt", ":8:"),
    ("unterminated_title.txt", ":4:"),
    ("huge_m.txt", ":1:5:"),
    ("huge_k.txt", ":2:5:"),
    ("huge_placeholder_args.txt", ":8:"),
    ("absurd_placeholder_values.txt", ":8:"),
    ("step_before_scene.txt", ":4:"),
    ("scene_without_steps.txt", ":4:1:"),
    ("duplicate_item.txt", ":4:"),
    ("item_wrong_arity.txt", ":3:"),
    ("setting_after_scene.txt", ":8:"),
];

#[test]
fn malformed_fixtures_get_located_errors() {
    let mut report = Report::default();
    for (name, at) in LOCATED {
        let path = fixture(name);
        let located = format!("{name}{at}");
        refuse_everywhere(&mut report, &path, &located);
    }
    report.finish();
}

/// Odd but valid scripts: escaped braces, undoing more than was done. They
/// check, trace and render.
#[test]
fn odd_valid_fixtures_play() {
    let mut report = Report::default();
    for name in ["nested_braces_valid.txt", "undo_beyond_valid.txt"] {
        let path = fixture(name);
        for args in paths_for(&path).into_iter().take(3) {
            let o = run(&args);
            let problems = success_problems(&o);
            report.add(&o, problems);
        }
    }
    report.finish();
}

/// Deterministic noise: the same bytes every run.
fn noise(len: usize, mut state: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 56) as u8
        })
        .collect()
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {path:?}: {e}"));
}

const HEADER: &str = "m = 16\nk = 3\nitem x = 2 7 11\n\nscene \"Big\"\n\n";

#[test]
fn binary_and_broken_encodings_are_refused() {
    let dir = scratch_dir("binary");
    let mut report = Report::default();

    let binary = dir.join("binary.bin");
    write(&binary, &noise(4096, 7));
    refuse_everywhere(&mut report, &binary, "binary.bin:1:");

    let nul = dir.join("nul.txt");
    write(
        &nul,
        format!("{HEADER}step\n> a NUL \0 in the middle\n").as_bytes(),
    );
    refuse_everywhere(&mut report, &nul, "nul.txt:8:");

    let latin1 = dir.join("latin1.txt");
    let mut bytes = format!("{HEADER}step\n> caf").into_bytes();
    bytes.extend_from_slice(b"\xe9 au lait\n");
    write(&latin1, &bytes);
    refuse_everywhere(&mut report, &latin1, "latin1.txt:8:");

    // An ELF binary: the program itself.
    let elf = dir.join("elf");
    std::fs::copy(crate::support::run::binary(), &elf)
        .unwrap_or_else(|e| panic!("copy binary: {e}"));
    refuse_everywhere(&mut report, &elf, "elf");
    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn enormous_files_are_refused_before_reading() {
    let dir = scratch_dir("enormous");
    let mut report = Report::default();

    // 50 MB of a perfectly ordinary script.
    let big = dir.join("fifty_mb.txt");
    {
        let file = std::fs::File::create(&big).unwrap_or_else(|e| panic!("{e}"));
        let mut w = std::io::BufWriter::new(file);
        let _ = w.write_all(HEADER.as_bytes());
        let step = "step\ninsert x\n> and again the same item goes in, bits {set} of {m}\n";
        for _ in 0..(50_000_000 / step.len()) {
            let _ = w.write_all(step.as_bytes());
        }
        let _ = w.flush();
    }
    refuse_everywhere(&mut report, &big, "fifty_mb.txt");

    // One 10 MB line.
    let line = dir.join("long_line.txt");
    let mut text = format!("{HEADER}step\n> ").into_bytes();
    text.extend(std::iter::repeat_n(b'a', 10_000_000));
    write(&line, &text);
    refuse_everywhere(&mut report, &line, "long_line.txt");

    // Just under the byte limit, but one line far past the line limit.
    let wide = dir.join("wide_line.txt");
    let mut text = format!("{HEADER}step\n> ").into_bytes();
    text.extend(std::iter::repeat_n(b'{', 900_000));
    write(&wide, &text);
    refuse_everywhere(&mut report, &wide, "wide_line.txt:8:");

    // Under a megabyte of steps: more steps than a script may have.
    let many = dir.join("many_steps.txt");
    let mut text = HEADER.to_string();
    for _ in 0..20_000 {
        text.push_str("step\n> s\n");
    }
    write(&many, text.as_bytes());
    refuse_everywhere(&mut report, &many, "many_steps.txt:");

    // Many scenes, many items, a step with too many lines.
    let scenes = dir.join("many_scenes.txt");
    let mut text = "m = 16\nk = 3\n".to_string();
    for i in 0..500 {
        text.push_str(&format!("scene \"S{i}\"\nstep\n> s\n"));
    }
    write(&scenes, text.as_bytes());
    refuse_everywhere(&mut report, &scenes, "many_scenes.txt:");

    let items = dir.join("many_items.txt");
    let mut text = "m = 16\nk = 3\n".to_string();
    for i in 0..500 {
        text.push_str(&format!("item i{i} = 1 2 3\n"));
    }
    text.push_str("scene \"S\"\nstep\n> s\n");
    write(&items, text.as_bytes());
    refuse_everywhere(&mut report, &items, "many_items.txt:");

    let tall = dir.join("tall_step.txt");
    let mut text = format!("{HEADER}step\n");
    for _ in 0..5000 {
        text.push_str("insert x\n");
    }
    write(&tall, text.as_bytes());
    refuse_everywhere(&mut report, &tall, "tall_step.txt:");

    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// Files that are not files: reading them could block or never end.
#[test]
fn devices_fifos_and_directories_are_refused() {
    let dir = scratch_dir("special");
    let mut report = Report::default();
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if made {
        refuse_everywhere(&mut report, &fifo, "pipe");
    }
    refuse_everywhere(&mut report, Path::new("/dev/zero"), "/dev/zero");
    refuse_everywhere(&mut report, &dir, "special");
    refuse_everywhere(&mut report, &dir.join("missing.txt"), "missing.txt");
    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// Hostile names and content that would put control characters on the
/// user's terminal if echoed raw: the error must still be one clean line.
#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = scratch_dir("control");
    let mut report = Report::default();

    let escape = dir.join("escape.txt");
    write(
        &escape,
        b"m = 16\nk = 3\nscene \"T\"\nstep\nstep \x1b[2J\x1b]0;owned\x07boom\n",
    );
    refuse_everywhere(&mut report, &escape, "escape.txt:5:");

    let cr = dir.join("carriage.txt");
    write(&cr, b"m = 16\nk = 3\nscene \"T\"\nstep\nfrob\rnicate\n");
    refuse_everywhere(&mut report, &cr, "carriage.txt:5:");

    let bidi = dir.join("bidi.txt");
    write(
        &bidi,
        "m = 16\nk = 3\nscene \"T\"\nstep\nfrob\u{202e}etacin\n".as_bytes(),
    );
    refuse_everywhere(&mut report, &bidi, "bidi.txt:5:");

    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// A UTF-8 byte-order mark, as some editors write, is either skipped or
/// named visibly; it never hides inside the error line.
#[test]
fn byte_order_mark_is_handled() {
    let dir = scratch_dir("bom");
    let mut report = Report::default();
    let bom = dir.join("bom.txt");
    write(
        &bom,
        "\u{feff}m = 16\nk = 3\nscene \"T\"\nstep\n> hi\n".as_bytes(),
    );
    for args in paths_for(&bom).into_iter().take(3) {
        let o = run(&args);
        let problems = match o.code {
            Some(0) => success_problems(&o),
            _ => usage_problems(&o, &["bom.txt:1:"]),
        };
        report.add(&o, problems);
    }
    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// A file name with a newline and one that is not UTF-8: the error is
/// still one line.
#[test]
fn hostile_file_names_stay_on_one_line() {
    let dir = scratch_dir("names");
    let mut report = Report::default();
    let newline_name = dir.join("two\nlines.txt");
    write(&newline_name, b"");
    refuse_everywhere(&mut report, &newline_name, "lines.txt");
    let mut raw = dir.clone().into_os_string().into_vec();
    raw.extend_from_slice(b"/bad\xffname.txt");
    let raw_name = PathBuf::from(OsString::from_vec(raw));
    write(&raw_name, b"");
    refuse_everywhere(&mut report, &raw_name, "name.txt");

    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// The built-in lecture, written out as a file, passes through every path.
#[test]
fn builtin_lecture_as_a_file_passes() {
    let dir = scratch_dir("builtin");
    let path = dir.join("lecture.txt");
    write(&path, bloomlab::lecture::BUILTIN_SCRIPT.as_bytes());
    let mut report = Report::default();
    for args in paths_for(&path).into_iter().take(3) {
        let o: Outcome = run(&args);
        let problems = success_problems(&o);
        report.add(&o, problems);
    }
    report.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// `bloomlab --script FILE render`: the script given before the subcommand
/// must not be silently dropped. Honouring it or refusing the combination
/// both end in exit 2 for a broken script; drawing the built-in lecture
/// with exit 0 is the failure.
#[test]
fn script_before_the_subcommand_is_not_ignored() {
    let mut report = Report::default();
    for (name, at) in LOCATED.iter().take(4) {
        let path = fixture(name);
        let o = run(&[
            OsString::from("--script"),
            path.into_os_string(),
            OsString::from("render"),
        ]);
        let problems = usage_problems(&o, &[name]);
        let _ = at;
        report.add(&o, problems);
    }
    report.finish();
}

/// Scene and step numbers past the end of a teacher's one-scene, one-step
/// script are refused by name, like those past the built-in lecture.
#[test]
fn places_past_a_short_script_are_refused() {
    let path = fixture("nested_braces_valid.txt");
    let mut report = Report::default();
    for (flag, value) in [("--scene", "2"), ("--step", "2"), ("--scene", "10000")] {
        let o = run(&[
            OsString::from("render"),
            OsString::from("--script"),
            path.clone().into_os_string(),
            OsString::from(flag),
            OsString::from(value),
        ]);
        let problems = usage_problems(&o, &[value]);
        report.add(&o, problems);
    }
    report.finish();
}
