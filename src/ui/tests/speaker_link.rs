//! The presenting app's side of the speaker view, driven through `update`:
//! the class's pick and number and the clock's restart from a speaker,
//! what the speaker is told about them and about the talk, and the notes
//! kept off the projected screen in present mode.

use std::time::Duration;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::talk::Command;
use crate::ui::app::App;
use crate::ui::config::AppConfig;
use crate::ui::keymap::key_to_action;
use crate::ui::link::state;
use crate::ui::theme::Theme;
use crate::ui::update::{Message, NOTES_WHILE_PRESENTING, update};

fn at(config: AppConfig) -> App {
    App::from_config(&config, Theme::MONO).expect("valid config")
}

fn press(app: &mut App, code: KeyCode) {
    if let Some(action) = key_to_action(app, KeyEvent::new(code, KeyModifiers::NONE)) {
        update(app, action);
    }
}

fn text(app: &App) -> String {
    super::draw_text(app, 100, 30).expect("valid size")
}

#[test]
fn a_speakers_pick_is_recorded_and_told_back() {
    let mut a = at(AppConfig {
        start_at: Some((3, 3)),
        minutes: Some(45),
        ..AppConfig::default()
    });
    let s = state(&a);
    assert_eq!(s.version, crate::talk::protocol::VERSION);
    assert_eq!((s.choices, s.number, s.guess.as_deref()), (2, false, None));
    assert_eq!(s.minutes, Some(45));
    assert_eq!(
        s.scene_lengths.iter().sum::<usize>(),
        a.screens.lecture.lecture.len()
    );
    assert!(s.predicts.contains(&s.index));
    update(&mut a, Message::Remote(Command::Choice { index: 1 }));
    let s = state(&a);
    assert_eq!(s.guess.as_deref(), Some("B"));
    assert!(
        s.predict_lines
            .iter()
            .any(|l| l.contains("definitely absent  ◀ the class")),
        "{:?}",
        s.predict_lines
    );
    assert!(text(&a).contains("◀ the class"));
    // A choice the question does not have changes nothing.
    update(&mut a, Message::Remote(Command::Choice { index: 7 }));
    assert_eq!(state(&a).guess.as_deref(), Some("B"));
    // After the reveal the pick stands and the next step is named.
    update(&mut a, Message::Remote(Command::Forward));
    let s = state(&a);
    assert!(s.revealed);
    assert_eq!(s.next_place.as_deref(), Some("3.4"));
}

#[test]
fn a_speakers_number_and_restart_reach_the_app() {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/predict.txt");
    let mut a = at(AppConfig {
        script: Some(script.clone()),
        start_at: Some((1, 3)),
        ..AppConfig::default()
    });
    let s = state(&a);
    assert!(s.number && s.choices == 0);
    let told = s.script.map(std::path::PathBuf::from);
    assert_eq!(told, Some(std::fs::canonicalize(&script).unwrap()));
    update(&mut a, Message::Remote(Command::Number { value: 6.9 }));
    assert_eq!(state(&a).guess.as_deref(), Some("6.9"));
    assert!(text(&a).contains("the class says 6.9"), "{}", text(&a));
    update(&mut a, Message::Remote(Command::Number { value: f64::NAN }));
    assert_eq!(state(&a).guess.as_deref(), Some("6.9"));
    // The clock starts again from the restart.
    let t0 = a.clock.started;
    update(&mut a, Message::Tick(t0 + Duration::from_secs(300)));
    assert_eq!(state(&a).talk_ms, 300_000);
    update(&mut a, Message::Remote(Command::RestartClock));
    update(&mut a, Message::Tick(t0 + Duration::from_secs(302)));
    assert_eq!(state(&a).talk_ms, 2_000);
    assert_eq!(state(&a).scene_ms, 2_000);
}

#[test]
fn in_present_mode_the_notes_stay_off_the_wall() {
    let dir = std::env::temp_dir().join(format!("bloomlab-present-notes-{}", std::process::id()));
    let file = dir.join("notes.md");
    let mut a = at(AppConfig {
        present: true,
        notes_file: Some(file.clone()),
        ..AppConfig::default()
    });
    press(&mut a, KeyCode::Char('N'));
    assert!(!a.notes.open, "N does not open the panel while presenting");
    let shown = text(&a);
    assert!(shown.contains("take them in the speaker view"), "{shown}");
    assert!(NOTES_WHILE_PRESENTING.contains("speaker view"));
    assert!(
        !shown.contains("notes.md") && !shown.contains("lesson notes"),
        "{shown}"
    );
    // Out of present mode N opens the panel; p back into it closes it, and
    // the panel is never drawn on the projected screen.
    press(&mut a, KeyCode::Char('p'));
    press(&mut a, KeyCode::Char('N'));
    assert!(a.notes.open);
    assert!(text(&a).contains("notes.md"));
    a.present = true;
    assert!(!text(&a).contains("notes.md"), "drawn while presenting");
    // Going into present mode with the panel open closes it (the open
    // panel takes every key, so the action is sent here directly).
    a.present = false;
    update(&mut a, crate::ui::action::Action::TogglePresent);
    assert!(a.present && !a.notes.open);
}

#[test]
fn the_speaker_previews_the_built_in_lecture_the_app_runs() {
    use crate::ui::speaker::preview::Preview;
    let a = at(AppConfig {
        lecture: Some("after-bloom".into()),
        start_at: Some((1, 1)),
        ..AppConfig::default()
    });
    let s = state(&a);
    assert_eq!(s.lecture.as_deref(), Some("after-bloom"));
    // Loaded by the name the app sends, the speaker's copy matches the
    // app's (it said "differs" when it only knew the default lecture).
    let mut preview = Preview::default();
    preview.follow(&s);
    assert_eq!(preview.why, None);
    // The default lecture sends no name and is previewed as before.
    let s = state(&at(AppConfig::default()));
    assert_eq!(s.lecture, None);
    let mut preview = Preview::default();
    preview.follow(&s);
    assert_eq!(preview.why, None);
}
