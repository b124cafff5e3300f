//! The `e` key: the frame on show saved as SVG and text, named after the
//! screen and step, never over an earlier export, reported on the bottom
//! line, and a failure reported there too instead of stopping the app.

use std::path::{Path, PathBuf};

use ratatui::crossterm::event::KeyCode;

use crate::ui::action::Action;
use crate::ui::app::App;
use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::update::update;

/// A fresh, empty folder for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bloomlab-export-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn app_at(screen: Screen, scene: Option<u32>, dir: &Path) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen,
            theme: Some("light".into()),
            export_dir: Some(dir.to_path_buf()),
            ..AppConfig::default()
        },
        scene,
        step: scene.map(|_| 3),
        width: 100,
        height: 30,
        revealed: false,
    };
    Headless::with_theme(&frame, Theme::MONO).expect("valid frame")
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn bottom_line(app: &Headless) -> String {
    app.text().lines().last().unwrap_or_default().to_string()
}

#[test]
fn e_saves_the_frame_as_svg_and_text_and_says_where() {
    let dir = scratch("lecture");
    let mut app = app_at(Screen::Lecture, Some(3), &dir);
    let before = app.text();
    app.press(KeyCode::Char('e'));
    assert_eq!(
        names(&dir),
        ["bloomlab-lecture-3-03.svg", "bloomlab-lecture-3-03.txt"]
    );
    let text = std::fs::read_to_string(dir.join("bloomlab-lecture-3-03.txt")).expect("text");
    assert_eq!(
        text, before,
        "the text is the frame as it was, without the message"
    );
    let svg = std::fs::read_to_string(dir.join("bloomlab-lecture-3-03.svg")).expect("svg");
    assert!(roxmltree::Document::parse(&svg).is_ok());
    // Light's exact colours, though this app was drawn in 16 colours.
    assert!(svg.contains("{fill:#fafafa}"), "light background");
    let as_text = super::export_svg::drawn_as_text(&svg);
    assert!(
        as_text.is_empty(),
        "drawing characters as text: {as_text:?}"
    );
    let line = bottom_line(&app);
    assert!(
        line.contains("exported") && line.contains("bloomlab-lecture-3-03.svg"),
        "{line}"
    );

    // A second export gets a counter; the first files are left alone.
    app.press(KeyCode::Char('e'));
    assert_eq!(names(&dir).len(), 4);
    assert!(names(&dir).contains(&"bloomlab-lecture-3-03-2.svg".to_string()));
    assert_eq!(
        std::fs::read_to_string(dir.join("bloomlab-lecture-3-03.txt")).expect("text"),
        before
    );
    assert!(bottom_line(&app).contains("bloomlab-lecture-3-03-2.svg"));

    // The next key clears the message.
    app.press(KeyCode::Right);
    assert!(!bottom_line(&app).contains("exported"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_screen_exports_under_its_own_name() {
    let dir = scratch("screens");
    for screen in [
        Screen::Lab,
        Screen::Sandbox,
        Screen::Sizing,
        Screen::Practice,
    ] {
        let mut app = app_at(screen, None, &dir);
        if screen == Screen::Practice {
            // The exercise on show names the file.
            app.press(KeyCode::Char('3'));
        }
        app.press(KeyCode::Char('e'));
    }
    assert_eq!(
        names(&dir),
        [
            "bloomlab-lab.svg",
            "bloomlab-lab.txt",
            "bloomlab-practice-3.svg",
            "bloomlab-practice-3.txt",
            "bloomlab-sandbox.svg",
            "bloomlab-sandbox.txt",
            "bloomlab-sizing.svg",
            "bloomlab-sizing.txt"
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_that_cannot_be_written_is_reported_not_fatal() {
    let dir = scratch("unwritable");
    // A file where the folder should be refuses every write, even to root.
    let blocked = dir.join("not-a-folder");
    std::fs::write(&blocked, "x").expect("file");
    let mut app = app_at(Screen::Lecture, Some(3), &blocked);
    app.press(KeyCode::Char('e'));
    let line = bottom_lines(&app, 3);
    assert!(line.contains("export failed"), "{line}");
    assert!(line.contains("not-a-folder"), "{line}");
    assert!(!app.quit());
    assert_eq!(names(&dir), ["not-a-folder"], "nothing left behind");
    // 3.3 is a prediction: the first Right reveals it, the next moves on.
    app.press(KeyCode::Right);
    app.press(KeyCode::Right);
    assert!(app.text().contains("step 4 of"), "the app goes on");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The last `n` lines of the frame, joined by spaces with their margins
/// trimmed, so a message wrapped over them reads as one.
fn bottom_lines(app: &Headless, n: usize) -> String {
    let text = app.text();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..]
        .iter()
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_long_failure_is_shown_whole_at_80_columns() {
    let dir = scratch("a-folder-with-a-rather-long-name-for-the-class-exports");
    let blocked = dir.join("not-a-folder-either");
    std::fs::write(&blocked, "x").expect("file");
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Lecture,
            export_dir: Some(blocked.clone()),
            ..AppConfig::default()
        },
        scene: Some(3),
        step: Some(3),
        width: 80,
        height: 24,
        revealed: false,
    };
    let mut app = Headless::with_theme(&frame, Theme::MONO).expect("valid frame");
    app.press(KeyCode::Char('e'));
    let screen: Vec<String> = app.text().lines().map(|l| l.trim().to_string()).collect();
    let status = app.into_app().status.expect("a message");
    assert!(status.failed, "{status:?}");
    assert!(status.text.chars().count() > 80, "long enough to wrap");
    let lines = crate::ui::view::status_lines(&status.text, 80);
    assert!(lines.len() >= 2, "{lines:?}");
    let shown = screen[screen.len() - lines.len()..].join(" ");
    // Wrapping may break a long path anywhere, so compare without spaces.
    let squash = |t: &str| t.split_whitespace().collect::<String>();
    assert!(
        squash(&shown).contains(&squash(&status.text)),
        "the whole message, OS error and all: {shown:?} for {:?}",
        status.text
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn e_types_into_a_focused_field() {
    let dir = scratch("typing");
    let mut app = app_at(Screen::Sandbox, None, &dir);
    app.press(KeyCode::Char('i'));
    app.type_text("tree");
    assert!(names(&dir).is_empty(), "no export while typing");
    let app = app.into_app();
    assert_eq!(app.screens.sandbox.field.text(), "tree");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resize_keeps_the_message_and_an_app_without_a_folder_writes_nothing() {
    let mut app = App::new(Screen::Lab, Theme::MONO);
    update(&mut app, Action::Export);
    let status = app.status.clone().expect("a message");
    assert!(status.failed && status.text.contains("export is off"));
    update(&mut app, Action::Resize(120, 40));
    assert_eq!(app.status.as_ref(), Some(&status));
    update(&mut app, Action::ToggleHelp);
    assert_eq!(app.status, None);
}

#[test]
fn help_lists_the_export_key() {
    let dir = scratch("help");
    let mut app = app_at(Screen::Lab, None, &dir);
    app.press(KeyCode::Char('?'));
    assert!(app.text().contains("export SVG and text"));
    let _ = std::fs::remove_dir_all(&dir);
}
