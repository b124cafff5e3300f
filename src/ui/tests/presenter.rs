//! The presenter's tools inside the app, driven through `update` with
//! made-up instants (no sleeps): the timer, autoplay that any key pauses,
//! `--start-at`, predict steps that reveal and hide again, a speaker's
//! command, what the speaker is told, and the practice tab end to end.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ui::app::App;
use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::keymap::key_to_action;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::update::{Message, update};

fn press(app: &mut App, code: KeyCode) {
    if let Some(action) = key_to_action(app, KeyEvent::new(code, KeyModifiers::NONE)) {
        update(app, action);
    }
}

fn text(app: &App) -> String {
    super::draw_text(app, 100, 30).expect("valid size")
}

fn at(config: AppConfig) -> App {
    App::from_config(&config, Theme::MONO).expect("valid config")
}

#[test]
fn the_timer_is_off_until_t_and_counts_the_talk() {
    let mut a = App::new(Screen::Lecture, Theme::MONO);
    let t0 = a.clock.started;
    update(&mut a, Message::Tick(t0 + Duration::from_secs(65)));
    assert!(!text(&a).contains("1:05"), "off by default");
    press(&mut a, KeyCode::Char('T'));
    assert!(text(&a).contains("1:05  step 1 of 8"), "{}", text(&a));
    a.present = true;
    assert!(
        text(&a).contains("1:05  scene 1 of 5 · step 1 of 8"),
        "{}",
        text(&a)
    );
    press(&mut a, KeyCode::Char('T'));
    assert!(!text(&a).contains("1:05"));
}

#[test]
fn autoplay_advances_and_any_key_pauses_it() {
    let mut a = at(AppConfig {
        autoplay: Some(5),
        ..AppConfig::default()
    });
    let t0 = a.clock.now;
    assert!(text(&a).contains("auto 5s"), "{}", text(&a));
    update(&mut a, Message::Tick(t0 + Duration::from_secs(4)));
    assert_eq!(a.screens.lecture.step, 0);
    update(&mut a, Message::Tick(t0 + Duration::from_secs(5)));
    assert_eq!(a.screens.lecture.step, 1, "one step after one interval");
    update(&mut a, Message::Tick(t0 + Duration::from_secs(10)));
    assert_eq!(a.screens.lecture.step, 2);
    // Any key pauses: the key itself acts, autoplay stops.
    press(&mut a, KeyCode::Right);
    assert_eq!(a.screens.lecture.step, 3);
    update(&mut a, Message::Tick(t0 + Duration::from_secs(60)));
    assert_eq!(a.screens.lecture.step, 3, "paused");
    assert!(!text(&a).contains("auto 5s"));
    // `a` starts it again, counting from now.
    press(&mut a, KeyCode::Char('a'));
    update(&mut a, Message::Tick(t0 + Duration::from_secs(64)));
    assert_eq!(a.screens.lecture.step, 3);
    update(&mut a, Message::Tick(t0 + Duration::from_secs(65)));
    assert_eq!(a.screens.lecture.step, 4);
    // A speaker's step is a person driving too.
    update(&mut a, Message::Remote(crate::talk::Command::Back));
    assert_eq!(a.screens.lecture.step, 3);
    update(&mut a, Message::Tick(t0 + Duration::from_secs(200)));
    assert_eq!(a.screens.lecture.step, 3);
    // A key with no meaning of its own pauses it too.
    press(&mut a, KeyCode::Char('a'));
    press(&mut a, KeyCode::Char('x'));
    update(&mut a, Message::Tick(t0 + Duration::from_secs(400)));
    assert_eq!(a.screens.lecture.step, 3, "x paused autoplay");
}

#[test]
fn autoplay_waits_on_a_prediction_until_the_presenter_reveals() {
    let mut a = at(AppConfig {
        autoplay: Some(5),
        ..AppConfig::default()
    });
    let tab = &a.screens.lecture;
    let predict = (0..tab.lecture.len())
        .find(|&i| tab.lecture.predicts(i))
        .expect("the lecture predicts somewhere");
    a.screens.lecture.step = predict - 1;
    let t0 = a.clock.now;
    update(&mut a, Message::Tick(t0 + Duration::from_secs(5)));
    assert_eq!(
        a.screens.lecture.step, predict,
        "autoplay reaches the question"
    );
    assert!(!a.screens.lecture.revealed);
    for later in [10, 15, 60] {
        update(&mut a, Message::Tick(t0 + Duration::from_secs(later)));
        assert!(!a.screens.lecture.revealed, "autoplay never reveals");
        assert_eq!(a.screens.lecture.step, predict);
    }
    assert!(a.clock.playing(), "it waits, it does not stop");
    assert!(
        text(&a).contains("auto waits: reveal to go on"),
        "{}",
        text(&a)
    );
    // The class's pick and the reveal are what it waits for.
    press(&mut a, KeyCode::Char('A'));
    press(&mut a, KeyCode::Right);
    assert!(a.screens.lecture.revealed && a.clock.playing());
    update(&mut a, Message::Tick(t0 + Duration::from_secs(64)));
    assert_eq!(
        a.screens.lecture.step, predict,
        "a full interval after the reveal"
    );
    update(&mut a, Message::Tick(t0 + Duration::from_secs(65)));
    assert_eq!(a.screens.lecture.step, predict + 1, "then it plays on");
    assert!(text(&a).contains("auto 5s"), "{}", text(&a));
}

#[test]
fn t_names_the_theme_for_two_seconds() {
    let mut a = App::new(Screen::Lecture, Theme::MONO);
    a.present = true;
    let t0 = a.clock.now;
    assert!(!text(&a).contains("theme:"));
    press(&mut a, KeyCode::Char('t'));
    let name = a.theme.palette.name;
    assert!(text(&a).contains(&format!("theme: {name}")), "{}", text(&a));
    update(&mut a, Message::Tick(t0 + Duration::from_millis(1900)));
    assert!(text(&a).contains(&format!("theme: {name}")));
    assert_eq!(a.clock.next_wake(), Some(Duration::from_millis(100)));
    update(&mut a, Message::Tick(t0 + Duration::from_secs(2)));
    assert!(!text(&a).contains("theme:"), "{}", text(&a));
    assert_eq!(a.clock.next_wake(), None, "an idle app sleeps again");
}

#[test]
fn start_at_opens_on_a_step_and_refuses_one_that_is_not_there() {
    let a = at(AppConfig {
        start_at: Some((3, 4)),
        ..AppConfig::default()
    });
    assert_eq!(
        a.screens.lecture.lecture.locate(a.screens.lecture.step),
        (2, 3)
    );
    let e = App::from_config(
        &AppConfig {
            start_at: Some((9, 1)),
            ..AppConfig::default()
        },
        Theme::MONO,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "start-at 9.1: scene 9 is out of range: the lecture has scenes 1 to 5"
    );
}

#[test]
fn a_predict_step_hides_then_reveals_and_judges_the_class() {
    let mut a = at(AppConfig {
        start_at: Some((3, 3)),
        ..AppConfig::default()
    });
    let hidden = text(&a);
    assert!(hidden.contains("Does the filter say"), "{hidden}");
    assert!(!hidden.contains("FALSE POSITIVE"), "{hidden}");
    assert!(
        hidden.contains("A or B record the class's pick"),
        "{hidden}"
    );
    press(&mut a, KeyCode::Char('B'));
    assert!(text(&a).contains("B  definitely absent  ◀ the class"));
    press(&mut a, KeyCode::Char(' '));
    let shown = text(&a);
    assert!(shown.contains("FALSE POSITIVE"), "{shown}");
    assert!(shown.contains("✗ not what the class predicted"), "{shown}");
    assert!(
        shown.contains("step 3 of 11"),
        "Space revealed, it did not step"
    );
    // A pick after the reveal is not taken.
    press(&mut a, KeyCode::Char('A'));
    assert!(text(&a).contains("✗ not what the class predicted"));
    // Back hides it again; a right pick is then called right.
    press(&mut a, KeyCode::Left);
    assert!(!text(&a).contains("FALSE POSITIVE"));
    press(&mut a, KeyCode::Char('A'));
    press(&mut a, KeyCode::Right);
    assert!(
        text(&a).contains("✓ the class predicted it"),
        "{}",
        text(&a)
    );
    press(&mut a, KeyCode::Right);
    assert!(text(&a).contains("step 4 of 11"));
    // Coming back from after it, it stands revealed.
    press(&mut a, KeyCode::Left);
    assert!(text(&a).contains("FALSE POSITIVE"));
}

#[test]
fn a_number_prediction_takes_the_class_number() {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/predict.txt");
    let mut a = at(AppConfig {
        script: Some(script),
        start_at: Some((1, 3)),
        ..AppConfig::default()
    });
    press(&mut a, KeyCode::Char('='));
    assert!(a.typing());
    for c in "seven".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert!(text(&a).contains("'seven' is not a number"), "{}", text(&a));
    for _ in 0..5 {
        press(&mut a, KeyCode::Backspace);
    }
    press(&mut a, KeyCode::Char('7'));
    press(&mut a, KeyCode::Enter);
    assert!(!a.typing());
    assert!(text(&a).contains("the class says 7"), "{}", text(&a));
    press(&mut a, KeyCode::Right);
    assert!(
        text(&a).contains("✓ the class predicted it: 6.93"),
        "{}",
        text(&a)
    );
}

#[test]
fn render_revealed_draws_the_step_revealed() {
    let frame = |revealed| FrameConfig {
        app: AppConfig::default(),
        scene: Some(5),
        step: Some(3),
        width: 100,
        height: 30,
        revealed,
    };
    let hidden = Headless::with_theme(&frame(false), Theme::MONO)
        .unwrap()
        .text();
    let shown = Headless::with_theme(&frame(true), Theme::MONO)
        .unwrap()
        .text();
    assert!(
        hidden.contains("positions named; no bit read yet"),
        "{hidden}"
    );
    assert!(
        shown.contains("B  definitely absent  ◀ the answer"),
        "{shown}"
    );
    // Named once: the outcome below does not say the answer again.
    assert_eq!(shown.matches("the answer").count(), 1, "{shown}");
    assert_eq!(shown.matches("definitely absent").count(), 2, "{shown}");
}

#[test]
fn the_speaker_is_told_the_whole_narration_and_what_comes_next() {
    let mut a = at(AppConfig {
        start_at: Some((3, 3)),
        ..AppConfig::default()
    });
    let s = crate::ui::link::state(&a);
    assert_eq!(
        (s.scene, s.step, s.steps, s.last.as_str()),
        (3, 3, 11, "5.11")
    );
    assert_eq!(s.reveal_from, Some(1));
    assert!(s.narration[1].contains("It is wrong"), "{:?}", s.narration);
    assert!(
        s.next
            .as_deref()
            .is_some_and(|n| n.starts_with("(the reveal)"))
    );
    assert!(!s.revealed);
    press(&mut a, KeyCode::Right);
    let s = crate::ui::link::state(&a);
    assert!(s.revealed);
    let next = s.next.unwrap_or_default();
    assert!(next.starts_with("Nothing here is broken"), "{next}");
    a.clock.tick(Instant::now() + Duration::from_secs(3));
    assert!(crate::ui::link::state(&a).talk_ms >= 3000);
}

#[test]
fn every_practice_exercise_is_solved_through_the_keys() {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Practice,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 100,
        height: 30,
        revealed: false,
    };
    let mut h = Headless::with_theme(&frame, Theme::MONO).unwrap();
    assert!(h.text().contains("0 of 7 solved"));
    let answers: Vec<String> = crate::practice::all(None)
        .iter()
        .map(|e| e.solution())
        .collect();
    for (i, answer) in answers.iter().enumerate() {
        h.type_text(&(i + 1).to_string());
        h.press(KeyCode::Char('h'));
        h.press(KeyCode::Enter);
        h.type_text("q");
        h.press(KeyCode::Enter);
        let wrong = h.text();
        assert!(wrong.contains("? answer") || wrong.contains("✗"), "{wrong}");
        assert!(wrong.contains("hint:"), "{wrong}");
        h.press(KeyCode::Backspace);
        h.type_text(answer);
        h.press(KeyCode::Enter);
        assert!(h.text().contains("✓ right"), "{}: {}", i + 1, h.text());
        assert!(h.text().contains(&format!("{} of 7 solved", i + 1)));
        // The field stays open after a right answer: Esc leaves it, and
        // does not leave the app.
        h.press(KeyCode::Esc);
        assert!(!h.quit(), "Esc after a right answer only left the field");
    }
    // A variant of exercise 5 replaces the lesson's, unsolved.
    h.press(KeyCode::Char('r'));
    let text = h.text();
    assert!(
        text.contains("variant") && text.contains("6 of 7 solved"),
        "{text}"
    );
    assert!(!h.quit());
}

#[test]
fn a_reopened_answer_is_replaced_by_typing_and_the_arrows_move_on() {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Practice,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 100,
        height: 30,
        revealed: false,
    };
    let mut h = Headless::with_theme(&frame, Theme::MONO).unwrap();
    h.press(KeyCode::Enter);
    h.type_text("3 yes");
    h.press(KeyCode::Enter);
    assert!(h.text().contains("✗"), "{}", h.text());
    // The wrong answer is selected: typing replaces it.
    h.type_text("2 yes");
    h.press(KeyCode::Enter);
    assert!(h.text().contains("✓ right"), "{}", h.text());
    assert!(!h.text().contains("3 yes2 yes"));
    // Down goes to exercise 2 with the field still open.
    h.press(KeyCode::Down);
    assert!(h.text().contains("Exercise 2 of 7"), "{}", h.text());
    h.type_text("x");
    assert!(h.text().contains("answer: x"), "{}", h.text());
}

#[test]
fn the_keys_that_record_a_pick_stay_off_the_projected_question() {
    // At a projector's sizes the class sees the question and its choices
    // in big type; the keys for recording their pick are the presenter's
    // (the speaker view lists them).
    let a = at(AppConfig {
        start_at: Some((3, 3)),
        present: true,
        ..AppConfig::default()
    });
    for (w, h) in [(120, 40), (200, 60)] {
        let shown = super::draw_text(&a, w, h).expect("valid size");
        assert!(!shown.contains("record the class"), "{w}x{h}: {shown}");
        assert!(!shown.contains("Space reveals"), "{w}x{h}: {shown}");
    }
    // Off the wall, the card keeps its reminder.
    let mut b = a;
    b.present = false;
    assert!(text(&b).contains("record the class's pick"));
}
