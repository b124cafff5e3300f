//! `bloomlab render --format` and `--all` from the command line: text stays
//! what it was, every format is complete, the handout holds every step with
//! its narration, SVG folders are named in lecture order, and bad input or
//! an unwritable destination is one line with nothing left behind.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bloomlab::lecture::Lecture;
use bloomlab::ui::{AppConfig, FrameConfig};

use crate::support::doc::{drawn_as_text, svg_elements, tspan_text, typed};
use crate::support::run::{
    Report, basic_problems, invisible, run, run_limited, scratch_dir, success_problems,
    usage_problems,
};

/// The whole lecture in a debug build on a loaded machine.
const WHOLE_LECTURE: Duration = Duration::from_secs(60);

fn non_blank(text: &str) -> String {
    typed(text)
}

fn text_frame(scene: u32, step: u32, theme: &str, script: Option<&Path>) -> String {
    bloomlab::ui::render_text(&FrameConfig {
        app: AppConfig {
            theme: Some(theme.into()),
            script: script.map(Path::to_path_buf),
            ..AppConfig::default()
        },
        scene: Some(scene),
        step: Some(step),
        width: 100,
        height: 30,
        revealed: false,
    })
    .expect("renders")
}

/// The HTML-escaped form of a narration paragraph, as the page holds it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[test]
fn text_is_the_default_and_unchanged() {
    for screen in ["lecture", "lab", "sandbox", "sizing"] {
        let plain = run(&["render", "--screen", screen]);
        let text = run(&["render", "--screen", screen, "--format", "text"]);
        assert!(success_problems(&plain, Duration::from_secs(30)).is_empty());
        assert_eq!(plain.stdout, text.stdout, "{screen}");
        assert!(!plain.stdout.contains(&0x1b), "no codes in plain text");
    }
}

#[test]
fn every_format_of_one_frame() {
    let args = ["render", "--scene", "3", "--step", "3", "--theme", "light"];
    let text = run(&args).out_text();
    let svg = run(&[&args[..], &["--format", "svg"]].concat()).out_text();
    assert!(svg.starts_with("<?xml"));
    assert_eq!(non_blank(&tspan_text(&svg)), non_blank(&text));
    assert_eq!(drawn_as_text(&svg), Vec::<String>::new());
    let html = run(&[&args[..], &["--format", "html"]].concat()).out_text();
    assert!(html.starts_with("<!DOCTYPE html>") && !html.contains("<script"));
    assert_eq!(svg_elements(&html).len(), 1);
    let ansi = run(&[&args[..], &["--format", "ansi"]].concat());
    assert!(ansi.stdout.contains(&0x1b), "ansi has codes");
    assert_eq!(ansi.code, Some(0));
}

/// How often `needle` occurs in `haystack`.
fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// The app's chrome, none of which a handout may show.
const CHROME: [&str; 6] = ["Lab", "Sandbox", "? help", "q quit", "narration", "→ next"];

#[test]
fn the_handout_holds_every_step_once_with_its_narration() {
    let dir = scratch_dir("handout");
    let page_path = dir.join("lecture.html");
    let o = run_limited(
        &[
            "render", "--all", "--format", "html", "--theme", "light", "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([page_path.display().to_string()])
        .collect::<Vec<_>>(),
        WHOLE_LECTURE,
    );
    assert!(
        success_problems(&o, WHOLE_LECTURE).is_empty(),
        "{}",
        o.err_text()
    );
    assert!(o.stdout.is_empty(), "--out writes nothing on stdout");
    let page = std::fs::read_to_string(&page_path).expect("the page");
    let lecture = Lecture::builtin();
    assert_eq!(count(&page, "<section class=\"step\""), lecture.len());
    for global in 0..lecture.len() {
        let (scene, step) = lecture.locate(global);
        let id = format!("id=\"{}.{}\"", scene + 1, step + 1);
        assert_eq!(count(&page, &id), 1, "{id}");
        // Each paragraph once, the revealed explanation included.
        for paragraph in &lecture.shown_board(global, true).narration {
            assert_eq!(count(&page, &escaped(paragraph)), 1, "{id}: {paragraph}");
        }
    }
    let predictions = (0..lecture.len()).filter(|g| lecture.predicts(*g)).count();
    assert_eq!(count(&page, "<strong>Predict:</strong>"), predictions);
    assert_eq!(count(&page, "<strong>Answer:</strong>"), predictions);
    for svg in svg_elements(&page) {
        let text = tspan_text(svg);
        for chrome in CHROME {
            assert!(
                !text.contains(chrome),
                "a figure shows the app's {chrome:?}: {text}"
            );
        }
        assert_eq!(drawn_as_text(svg), Vec::<String>::new());
    }
    for scene in 0..lecture.scene_count() {
        let link = format!(
            "<a href=\"#{}.1\">{}</a>",
            scene + 1,
            escaped(lecture.scene_title(scene))
        );
        assert!(page.contains(&link), "{link}");
    }
    for outside in ["<link", "src=", "url(", "@import", "https:", "http://w"] {
        let found = page.replace("http://www.w3.org/2000/svg", "");
        assert!(
            !found.contains(outside),
            "the page fetches nothing: {outside}"
        );
    }
    assert!(page.contains("@media print") && page.contains("break-before:page"));
}

#[test]
fn a_teachers_script_exports_too() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/teacher.txt");
    let script_arg = script.display().to_string();
    let o = run_limited(
        &[
            "render",
            "--all",
            "--format",
            "html",
            "--script",
            &script_arg,
        ],
        WHOLE_LECTURE,
    );
    assert!(
        success_problems(&o, WHOLE_LECTURE).is_empty(),
        "{}",
        o.err_text()
    );
    let page = o.out_text();
    let lecture = Lecture::from_file(&script).expect("the teacher's script");
    assert_eq!(count(&page, "<section class=\"step\""), lecture.len());
    assert!(page.contains("<title>bloomlab lecture: teacher.txt</title>"));
    for paragraph in &lecture.step_board(0).narration {
        assert_eq!(count(&page, &escaped(paragraph)), 1, "{paragraph}");
    }
}

#[test]
fn all_steps_as_svg_files_named_in_lecture_order() {
    let dir = scratch_dir("svgs").join("made/by/render");
    let out = dir.display().to_string();
    let o = run_limited(
        &[
            "render", "--all", "--format", "svg", "--theme", "dark", "--out", &out,
        ],
        WHOLE_LECTURE,
    );
    assert!(
        success_problems(&o, WHOLE_LECTURE).is_empty(),
        "{}",
        o.err_text()
    );
    let lecture = Lecture::builtin();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder was made")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), lecture.len(), "{names:?}");
    assert_eq!(names.first().map(String::as_str), Some("1-01.svg"));
    assert!(names.contains(&"3-04.svg".to_string()));
    for name in &names {
        let svg = std::fs::read_to_string(dir.join(name)).expect("an SVG");
        let as_text = drawn_as_text(&svg);
        assert!(
            as_text.is_empty(),
            "{name}: drawing characters as text: {as_text:?}"
        );
    }
    let svg = std::fs::read_to_string(dir.join("3-04.svg")).expect("3-04");
    assert_eq!(
        non_blank(&tspan_text(&svg)),
        non_blank(&text_frame(3, 4, "dark", None))
    );
}

#[test]
fn all_refuses_what_it_cannot_do() {
    let mut report = Report::default();
    let cases: &[(&[&str], &[&str])] = &[
        (&["render", "--all"], &["--format text", "html", "svg"]),
        (
            &["render", "--all", "--format", "ansi"],
            &["--format ansi", "html"],
        ),
        (&["render", "--all", "--format", "svg"], &["--out DIR"]),
        (
            &["render", "--all", "--format", "html", "--scene", "2"],
            &["--scene"],
        ),
        (
            &["render", "--all", "--format", "html", "--screen", "lab"],
            &["--screen"],
        ),
        (
            &["render", "--format", "pdf", "--scene", "2"],
            &["whole lecture", "--scene"],
        ),
        (
            &["render", "--format", "cast", "--screen", "lab"],
            &["whole lecture", "--screen"],
        ),
        (
            &["render", "--format", "pdf", "--step-seconds", "2"],
            &["--step-seconds", "cast"],
        ),
        (
            &["render", "--format", "cub"],
            &["pdf", "text", "ansi", "svg", "html"],
        ),
        (
            &["render", "--format", "svg", "--paper", "letter"],
            &["--paper", "pdf"],
        ),
        (&["--export-dir", "x", "render"], &["--export-dir", "--out"]),
        (&["render", "--export-dir", "x"], &["--export-dir"]),
        (&["render", "--format", "svg", "--out", ""], &["--out"]),
        (&["render", "--format", "s\u{1b}[2Jvg"], &["--format"]),
    ];
    for (args, needles) in cases {
        let o = run(args);
        let problems = usage_problems(&o, needles);
        report.add(&o, problems);
    }
    report.finish();
}

/// Checks the I/O failure promise: exit 1, one clean line naming `needle`.
fn io_problems(o: &crate::support::run::Outcome, needle: &str) -> Vec<String> {
    let mut problems = basic_problems(o);
    let err = o.err_text();
    if o.code != Some(1) {
        problems.push(format!("exit {:?}, expected 1", o.code));
    }
    if err.lines().count() != 1 || !err.contains(needle) || err.trim_end().chars().any(invisible) {
        problems.push(format!(
            "stderr is not one clean line naming {needle:?}: {err:?}"
        ));
    }
    problems
}

#[test]
fn an_unwritable_destination_is_one_line_and_leaves_nothing() {
    let dir = scratch_dir("unwritable");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "keep me").expect("file");
    let inside = blocker.join("page.html").display().to_string();
    let o = run(&["render", "--format", "svg", "--out", &inside]);
    let mut problems = io_problems(&o, "a-file/page.html");
    // A folder where a file goes, or one that cannot be made, is bad input
    // (tests/it/export_out.rs).
    let hostile = dir.join("no\u{1b}[2Jsuch/x.svg").display().to_string();
    let o4 = run(&["render", "--format", "svg", "--out", &hostile]);
    problems.extend(io_problems(&o4, "\\u{1b}[2J"));
    assert!(problems.is_empty(), "{problems:#?}");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(left.len(), 1, "nothing but the blocker: {left:?}");
    assert_eq!(std::fs::read_to_string(&blocker).expect("kept"), "keep me");
}

#[test]
fn out_replaces_the_named_file_whole() {
    let dir = scratch_dir("replace");
    let path = dir.join("frame.svg");
    std::fs::write(&path, "old").expect("file");
    let o = run(&[
        "render",
        "--format",
        "svg",
        "--out",
        &path.display().to_string(),
    ]);
    assert!(success_problems(&o, Duration::from_secs(30)).is_empty());
    let svg = std::fs::read_to_string(&path).expect("new file");
    assert!(roxmltree::Document::parse(&svg).is_ok());
    let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
}
