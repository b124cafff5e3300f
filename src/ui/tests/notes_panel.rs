//! The lesson notes panel: `N` opens it on any screen, a note records the
//! screen and step it was written on, it survives a restart, ticks off,
//! deletes, exports as Markdown, a corrupt file is reported when read and
//! kept aside when the list changes, and a note added elsewhere while the
//! app is open is kept. Every test keeps its notes in a temporary folder
//! of its own.

use std::path::PathBuf;

use ratatui::crossterm::event::KeyCode;

use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bloomlab-panel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app(dir: &std::path::Path, screen: Screen) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen,
            notes_file: Some(dir.join("data").join("notes.md")),
            export_dir: Some(dir.to_path_buf()),
            ..AppConfig::default()
        },
        scene: Some(3),
        step: Some(4),
        width: 100,
        height: 30,
        revealed: false,
    };
    Headless::with_theme(&frame, Theme::MONO).unwrap()
}

#[test]
fn a_note_records_where_it_was_written_and_survives_a_restart() {
    let dir = scratch("restart");
    let mut a = app(&dir, Screen::Lecture);
    a.type_text("N");
    let text = a.text();
    assert!(text.contains("lesson notes"), "{text}");
    assert!(
        text.contains("Kept on this computer only") && text.contains("sent anywhere"),
        "{text}"
    );
    a.type_text("a");
    a.type_text("slow down at the fill curve");
    a.press(KeyCode::Enter);
    assert!(a.text().contains("note 1 added"), "{}", a.text());
    a.press(KeyCode::Esc);
    assert!(
        !a.quit() && !a.text().contains("lesson notes"),
        "Esc closes, never quits"
    );
    // A new app on the same file finds the note, with its place.
    let mut b = app(&dir, Screen::Lab);
    b.type_text("N");
    let text = b.text();
    assert!(text.contains("slow down at the fill curve"), "{text}");
    assert!(text.contains("(Lecture 3.4)"), "{text}");
    b.type_text(" ");
    assert!(b.text().contains("[x]"), "{}", b.text());
    b.type_text("m");
    let md = std::fs::read_to_string(dir.join("lesson-notes.md")).unwrap();
    assert!(
        md.contains("- [x] slow down at the fill curve *(Lecture 3.4)*"),
        "{md}"
    );
    b.type_text("d");
    assert!(b.text().contains("No notes yet"), "{}", b.text());
    let stored = std::fs::read_to_string(dir.join("data/notes.md")).unwrap();
    assert!(!stored.contains("fill curve"), "{stored}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_notes_file_is_reported_and_kept_aside() {
    let dir = scratch("corrupt");
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("data/notes.md"), "\u{1b}[2J not a list\n").unwrap();
    let mut a = app(&dir, Screen::Sandbox);
    a.type_text("N");
    let text = a.text();
    assert!(text.contains("cannot be read"), "{text}");
    assert!(
        !text.contains('\u{1b}') && !text.contains("not a list"),
        "{text}"
    );
    // Opening the panel only reads: the file stays where it is.
    assert!(!dir.join("data/notes.md.corrupt").exists());
    // Writing a new note keeps the bad file aside and starts a new one.
    a.type_text("aafter the crash");
    a.press(KeyCode::Enter);
    assert!(a.text().contains("kept as"), "{}", a.text());
    let kept = std::fs::read_to_string(dir.join("data/notes.md.corrupt")).unwrap();
    assert_eq!(kept, "\u{1b}[2J not a list\n");
    assert!(
        std::fs::read_to_string(dir.join("data/notes.md"))
            .unwrap()
            .contains("(Sandbox) after the crash")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("data/notes.md.corrupt")).unwrap(),
        kept
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn letters_type_into_the_note_not_into_the_app() {
    let dir = scratch("typing");
    let mut a = app(&dir, Screen::Lecture);
    a.type_text("Na");
    a.type_text("q?tpe");
    a.press(KeyCode::Tab);
    assert!(!a.quit());
    let text = a.text();
    assert!(text.contains("new note: q?tpe"), "{text}");
    a.press(KeyCode::Esc);
    a.press(KeyCode::Esc);
    a.press(KeyCode::Esc);
    assert!(a.quit(), "with the panel closed, Esc quits as before");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 22: a note added from the command line while the app was open
/// disappeared at the app's next save. The app's changes are applied to
/// the list as it is on disk, under its lock.
#[test]
fn a_note_added_elsewhere_while_the_panel_is_open_is_kept() {
    let dir = scratch("merge");
    let file = dir.join("data").join("notes.md");
    let mut a = app(&dir, Screen::Lecture);
    a.type_text("Na");
    a.type_text("first from the app");
    a.press(KeyCode::Enter);
    // The command line adds a note while the panel shows its list.
    crate::notes::change(&file, std::time::Duration::from_secs(5), |b| {
        b.add("command line", "added meanwhile")
    })
    .unwrap();
    // The app ticks its own note off (found by its words, not its place in
    // an old copy) and adds another.
    a.type_text(" ");
    a.type_text("a");
    a.type_text("second from the app");
    a.press(KeyCode::Enter);
    let book = crate::notes::read(&file).unwrap();
    let texts: Vec<(&str, bool)> = book
        .notes
        .iter()
        .map(|n| (n.text.as_str(), n.done))
        .collect();
    assert_eq!(
        texts,
        [
            ("first from the app", true),
            ("added meanwhile", false),
            ("second from the app", false)
        ]
    );
    let text = a.text();
    assert!(
        text.contains("added meanwhile"),
        "the panel shows it: {text}"
    );
    // A note deleted elsewhere is not ticked by mistake.
    crate::notes::change(&file, std::time::Duration::from_secs(5), |b| b.delete(1)).unwrap();
    a.press(KeyCode::Up);
    a.press(KeyCode::Up);
    a.type_text(" ");
    assert!(
        a.text().contains("changed or deleted elsewhere"),
        "{}",
        a.text()
    );
    let after = crate::notes::read(&file).unwrap();
    assert!(after.notes.iter().all(|n| !n.done), "{after:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
