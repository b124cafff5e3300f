//! The projector's promises, checked on every step of the lecture at six
//! sizes, in normal and in present mode: every text the step puts on the
//! board is on screen whole (its words in order, inside its part, none cut
//! at a border), each part keeps one area through its scene, and at 200x60
//! at least 70% of the rows carry something.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::lecture::texts::{TextPart, board_texts};
use crate::lecture::{Element, Guess, Lecture};
use crate::ui::app::App;
use crate::ui::lecture::plan::{Options, Part, ScenePlan};
use crate::ui::lecture::{cards::Card, scene_plan};
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::view::body_area;

const SIZES: [(u16, u16); 6] = [
    (80, 24),
    (100, 30),
    (120, 40),
    (160, 50),
    (200, 60),
    (300, 100),
];

fn frame(app: &App, w: u16, h: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    app.render(buf.area, &mut buf);
    buf
}

/// The words inside `rect` of `buf`, row by row.
fn words_in(buf: &Buffer, rect: Rect) -> Vec<String> {
    let mut out = Vec::new();
    for y in rect.top()..rect.bottom().min(buf.area.bottom()) {
        let mut line = String::new();
        for x in rect.left()..rect.right().min(buf.area.right()) {
            line.push_str(buf[(x, y)].symbol());
        }
        // Frames and rules are not words.
        out.extend(
            line.split_whitespace()
                .filter(|w| !w.chars().all(|c| ('\u{2500}'..='\u{257F}').contains(&c)))
                .map(str::to_string),
        );
    }
    out
}

/// Whether `needle`'s words appear, in order and next to each other, in
/// `hay` (a word drawn cut at a border would not match).
fn contains_run(hay: &[String], needle: &str) -> bool {
    let words: Vec<&str> = needle.split_whitespace().collect();
    words.is_empty()
        || hay
            .windows(words.len())
            .any(|w| w.iter().zip(&words).all(|(a, b)| a == b))
}

fn part_of(text: TextPart) -> Part {
    match text {
        TextPart::Banner => Part::Banner,
        TextPart::Verdict => Part::Row,
        TextPart::CountersVerdict => Part::Counters,
        TextPart::Crawler => Part::Crawler,
        TextPart::Derivation => Part::Card(Card::Derivation),
        TextPart::Table => Part::Card(Card::Table),
        TextPart::Notes => Part::Card(Card::Notes),
        TextPart::Predict => Part::Card(Card::Predict),
        TextPart::Caption(_) => Part::Plots,
    }
}

fn app_at(lecture: &Lecture, step: usize, present: bool) -> App {
    let mut app = App::new(Screen::Lecture, Theme::MONO);
    app.lecture = crate::ui::lecture::tab::LectureTab::with(lecture.clone());
    app.lecture.step = step;
    app.present = present;
    app
}

/// The app in every state its step can show, named for messages.
fn predict_states(app: &App) -> Vec<(String, App)> {
    let mut out = vec![(String::new(), clone_app(app))];
    let tab = &app.lecture;
    let Some(p) = tab.lecture.step_board(tab.step).predict.clone() else {
        return out;
    };
    let mut guesses = vec![None, Some(Guess::Number(-0.000_012_345_678_9))];
    guesses.extend((0..p.choices.len()).map(|i| Some(Guess::Choice(i))));
    for revealed in [false, true] {
        for guess in &guesses {
            let mut a = clone_app(app);
            a.lecture.revealed = revealed;
            if let Some(g) = guess {
                a.lecture.guesses.insert(tab.step, *g);
            }
            out.push((format!(" (revealed {revealed}, guess {guess:?})"), a));
        }
    }
    out
}

fn clone_app(app: &App) -> App {
    let mut a = app_at(&app.lecture.lecture, app.lecture.step, app.present);
    a.size = app.size;
    a
}

fn plan_of(lecture: &Lecture, step: usize, w: u16, h: u16, present: bool) -> ScenePlan {
    let opts = Options {
        present,
        narration: !present,
    };
    scene_plan(
        lecture,
        step,
        body_area(Rect::new(0, 0, w, h), present),
        opts,
    )
}

/// Every problem at one size and mode, one line each.
fn problems(lecture: &Lecture, w: u16, h: u16, present: bool) -> Vec<String> {
    let mut out = Vec::new();
    for step in 0..lecture.len() {
        let board = lecture.step_board(step);
        let at = format!(
            "{w}x{h}{} {}.{}",
            if present { " present" } else { "" },
            board.scene + 1,
            board.step + 1
        );
        let app = app_at(lecture, step, present);
        let buf = frame(&app, w, h);
        let plan = plan_of(lecture, step, w, h, present);
        for part in &plan.parts {
            if part.rect.intersection(plan.board) != part.rect {
                out.push(format!("{at}: {:?} runs off the board", part.part));
            }
        }
        // A predict step is checked in every state it can show: hidden and
        // revealed, with no guess and with each guess the class may make.
        for (state, app) in predict_states(&app) {
            let buf = frame(&app, w, h);
            for text in board_texts(&app.lecture.board()) {
                let Some(rect) = plan.rect(part_of(text.part)) else {
                    out.push(format!("{at}{state}: no room planned for {:?}", text.part));
                    continue;
                };
                if !contains_run(&words_in(&buf, rect), &text.text) {
                    out.push(format!(
                        "{at}{state}: {:?} not whole: {:?}",
                        text.part, text.text
                    ));
                }
            }
        }
        // One plan for the whole scene: its last step is planned alike.
        let first = lecture.scene_start(board.scene);
        if step == first {
            let last = first + lecture.scene_len(board.scene) - 1;
            if plan != plan_of(lecture, last, w, h, present) {
                out.push(format!("{at}: the scene's plan changed"));
            }
        }
        if (w, h) == (200, 60) {
            let rows = (0..h)
                .filter(|&y| (0..w).any(|x| buf[(x, y)].symbol() != " "))
                .count();
            if rows * 10 < usize::from(h) * 7 {
                out.push(format!("{at}: only {rows} of {h} rows carry content"));
            }
        }
    }
    out
}

#[test]
fn every_text_is_whole_at_every_size_in_both_modes() {
    let lecture = Lecture::builtin();
    let mut all = Vec::new();
    for (w, h) in SIZES {
        for present in [false, true] {
            all.extend(problems(&lecture, w, h, present));
        }
    }
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}

#[test]
fn a_teachers_script_fits_too() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/teacher.txt");
    let lecture = Lecture::from_file(&path).expect("the teacher's script loads");
    let mut all = Vec::new();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        all.extend(problems(&lecture, w, h, false));
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn a_script_with_every_kind_of_prediction_fits() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/predict.txt");
    let lecture = Lecture::from_file(&path).expect("the predict script loads");
    let mut all = Vec::new();
    for (w, h) in SIZES {
        for present in [false, true] {
            all.extend(problems(&lecture, w, h, present));
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn the_checks_catch_a_cut_text() {
    let hay: Vec<String> = "query v ✗ FALSE POSITI"
        .split_whitespace()
        .map(String::from)
        .collect();
    assert!(!contains_run(
        &hay,
        "✗ FALSE POSITIVE: v was never inserted"
    ));
    assert!(contains_run(&hay, "query v"));
    let _ = Element::Row;
}

#[test]
#[ignore = "prints a plan for a person to read"]
fn print_a_plan() {
    let lecture = Lecture::builtin();
    let scene: usize = std::env::var("SCENE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let w: u16 = std::env::var("W")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(120);
    let h: u16 = std::env::var("H")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let plan = plan_of(
        &lecture,
        lecture.scene_start(scene - 1),
        w,
        h,
        std::env::var("PRESENT").is_ok(),
    );
    for p in &plan.parts {
        println!("{:?} {:?} need {}", p.part, p.rect, p.need);
    }
    println!(
        "narration {:?} board {:?} row {:?} chart {} crawler {}",
        plan.narration, plan.board, plan.row, plan.chart_rows, plan.crawler_scale
    );
}
