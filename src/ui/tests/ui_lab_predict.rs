//! The lab's predict switch and the seed's rehearsal, driven by keys
//! through a headless app: what hides, what a guess reveals, and that
//! every state fits the panel at 80x24, 120x40 and 200x60 (present mode
//! too).

use ratatui::crossterm::event::KeyCode;

use crate::rates::Params;
use crate::rates::certified::{RateKind, certified_digits_cancellable};
use crate::ui::headless::Headless;
use crate::ui::lab::view::{lab_area, rates_lines, rates_width};
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::view::screen_area;
use crate::ui::{AppConfig, FrameConfig};
use ratatui::layout::Rect;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn lab(width: u16, height: u16) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Lab,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width,
        height,
        revealed: false,
    };
    Headless::with_theme(&frame, Theme::MONO).expect("a lab")
}

/// The exact (classic) rate at m, n, k to `digits` significant digits,
/// worked out here from the rates module, not read from the screen.
fn exact(m: u64, n: u64, k: u32, digits: usize) -> String {
    let p = Params::new(m, n, k).expect("params");
    let d = certified_digits_cancellable(
        p,
        RateKind::Classic,
        12,
        crate::rates::Budget::default(),
        &std::sync::atomic::AtomicBool::new(false),
    )
    .expect("digits");
    crate::numbers::sig(d.decimal.to_f64(), digits)
}

/// The rates panel's rows as drawn at the headless app's size, joined
/// into one run of words, so a sentence wrapped over rows reads whole.
fn panel(h: &Headless) -> String {
    let a = h.app();
    let frame = Rect::new(0, 0, a.size.0, a.size.1);
    let width = rates_width(lab_area(
        &a.screens.lab,
        &a.view_cx(),
        screen_area(a, frame),
    ));
    let text: Vec<String> = rates_lines(&a.screens.lab, &a.theme, width, false)
        .iter()
        .map(|l| l.to_string())
        .collect();
    let screen = h.text();
    for line in &text {
        assert!(
            screen.contains(line.trim_end()),
            "{line:?} is not drawn:\n{screen}"
        );
    }
    text.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The drawn screen without its legend row (which names every mark).
fn without_legend(h: &Headless) -> String {
    h.text()
        .lines()
        .filter(|l| !l.contains("measured ±95%"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rates panel's lines fit its width and its height leaves the panel
/// whole, at every size, in both modes.
fn assert_fits(h: &mut Headless, what: &str) {
    let a = h.app_mut();
    let (size, was_present) = (a.size, a.present);
    for (w, ht) in SIZES {
        for present in [false, true] {
            a.size = (w, ht);
            a.present = present;
            let a = &*a;
            let frame = Rect::new(0, 0, w, ht);
            let body = lab_area(&a.screens.lab, &a.view_cx(), screen_area(a, frame));
            let width = rates_width(body);
            let lines = rates_lines(&a.screens.lab, &a.theme, width, false);
            for line in &lines {
                assert!(
                    line.width() <= usize::from(width),
                    "{what} at {w}x{ht} (present {present}): {:?} is {} columns, the panel {width}",
                    line.to_string(),
                    line.width()
                );
            }
            assert!(
                lines.len() as u16 + 2 <= body.height,
                "{what} at {w}x{ht} (present {present}): {} rows in {} rows",
                lines.len(),
                body.height
            );
        }
    }
    a.size = size;
    a.present = was_present;
}

#[test]
fn predicting_hides_the_rates_until_a_guess() {
    let mut h = lab(80, 24);
    let shown = h.text();
    assert!(shown.contains("0.008318677101"), "{shown}");
    h.type_text("P");
    assert!(
        h.text().contains("0.008318677101"),
        "the switch alone hides nothing"
    );
    // m from 160 to 128: a slider move.
    h.type_text("128");
    h.press(KeyCode::Enter);
    let hidden = without_legend(&h);
    assert!(!panel(&h).contains("0.0"), "{hidden}");
    let a = h.app();
    let width = rates_width(lab_area(
        &a.screens.lab,
        &a.view_cx(),
        screen_area(a, Rect::new(0, 0, 80, 24)),
    ));
    for row in rates_lines(&a.screens.lab, &a.theme, width, false)
        .iter()
        .map(|l| l.to_string())
    {
        for label in [
            "exact",
            "idealised",
            "difference",
            "true",
            "measured",
            "best k",
        ] {
            assert!(!row.starts_with(label), "{row:?} shows:\n{hidden}");
        }
    }
    // No best-k mark, and both epsilon charts say why they are empty.
    assert!(!hidden.contains('◆'), "{hidden}");
    assert!(hidden.contains("ε vs k · hidden"), "{hidden}");
    assert!(hidden.contains("ε vs m/n · hidden"), "{hidden}");
    assert!(hidden.contains("hidden until you guess"), "{hidden}");
    assert!(hidden.contains("m=128 n=16"), "{hidden}");
    assert_fits(&mut h, "rates hidden");
    // Digits now type the guess, not m.
    h.type_text("8");
    assert!(h.text().contains("8▏"), "{}", h.text());
    assert_fits(&mut h, "typing a guess");
    h.press(KeyCode::Enter);
    let revealed = h.text();
    assert!(revealed.contains("0.02192022691"), "{revealed}");
    assert_eq!(h.app().screens.lab.m, 128);
    let (at8, at6) = (exact(128, 16, 8, 3), exact(128, 16, 6, 3));
    let (at8, at6) = if at8 == at6 {
        (exact(128, 16, 8, 4), exact(128, 16, 6, 4))
    } else {
        (at8, at6)
    };
    let text = panel(&h);
    assert!(
        text.contains(&format!(
            "your k=8 gives {at8} against {at6} at k=6: 2 too many"
        )),
        "{text}"
    );
    assert!(text.contains("flat past the optimum"), "{text}");
    assert!(text.contains("(m/n) ln 2 = 5.55"), "{text}");
    assert_fits(&mut h, "a guess revealed");
    // Esc in the field cancels and the rates stay hidden.
    h.press(KeyCode::Right);
    h.type_text("5");
    h.press(KeyCode::Esc);
    assert!(h.app().screens.lab.predict.hides());
    assert!(!h.app().typing());
    // P turns it all off.
    h.type_text("P");
    assert!(h.text().contains("exact "), "{}", h.text());
}

#[test]
fn a_refused_guess_says_why() {
    let mut h = lab(80, 24);
    h.type_text("P");
    h.press(KeyCode::Right);
    h.type_text("40");
    h.press(KeyCode::Enter);
    let text = panel(&h);
    assert!(text.contains("not a whole k from 1 to 10"), "{text}");
    assert!(h.app().screens.lab.predict.hides());
    assert_fits(&mut h, "a refused guess");
}

#[test]
fn the_rehearsal_runs_end_to_end() {
    let mut h = lab(80, 24);
    h.type_text("R");
    let first = h.text();
    assert_eq!((h.app().screens.lab.m, h.app().screens.lab.n), (160, 16));
    let text = panel(&h);
    assert!(
        text.contains("rehearsal 1 of 2 · 10 bits per key"),
        "{text}"
    );
    assert!(text.contains("10 ln 2 = 6.9"), "{text}");
    assert!(!first.contains("0.008318677101"), "{first}");
    assert_fits(&mut h, "rehearsal 1, hidden");
    // R waits for the guess.
    h.type_text("R");
    assert_eq!(h.app().screens.lab.m, 160);
    h.type_text("7");
    h.press(KeyCode::Enter);
    let text = panel(&h);
    assert!(
        text.contains("right: k=7 is the exact scan's best"),
        "{text}"
    );
    assert!(text.contains("agrees: its best is k=7 too"), "{text}");
    assert_fits(&mut h, "rehearsal 1, revealed");

    h.type_text("R");
    assert_eq!((h.app().screens.lab.m, h.app().screens.lab.n), (128, 16));
    let text = panel(&h);
    assert!(text.contains("rehearsal 2 of 2 · 8 bits per key"), "{text}");
    assert!(text.contains("8 ln 2 = 5.5:"), "{text}");
    assert!(!text.contains("0.0219"), "{text}");
    assert_fits(&mut h, "rehearsal 2, hidden");
    h.type_text("6");
    h.press(KeyCode::Enter);
    let text = panel(&h);
    assert!(
        text.contains("right: k=6 is the exact scan's best"),
        "{text}"
    );
    let true_rate = |k: u32| {
        let p = Params::new(128, 16, k).expect("params");
        let d = certified_digits_cancellable(
            p,
            RateKind::True,
            12,
            crate::rates::Budget::default(),
            &std::sync::atomic::AtomicBool::new(false),
        )
        .expect("digits");
        crate::numbers::sig(d.decimal.to_f64(), 4)
    };
    let line = format!(
        "the classic scan says k=6; a real filter (the true rate, no independence assumption) does a little better at k=5: {} against {} at k=6",
        true_rate(5),
        true_rate(6)
    );
    assert!(text.contains(&line), "{line}\nnot in\n{text}");
    assert_fits(&mut h, "rehearsal 2, revealed");

    h.type_text("R");
    let text = panel(&h);
    let ratio = {
        let r8: f64 = exact(128, 16, 6, 10).parse().expect("number");
        let r10: f64 = exact(160, 16, 7, 10).parse().expect("number");
        r8 / r10
    };
    assert!(
        text.contains(&format!("is {ratio:.1} times the 10-bit")),
        "{text}"
    );
    assert!(format!("{ratio:.1}") == "2.6");
    assert!(text.contains("20% less space"), "{text}");
    assert_fits(&mut h, "the follow-up");
    h.type_text("R");
    let text = panel(&h);
    assert!(text.contains("= 0.6185"), "{text}");
    assert_fits(&mut h, "the answer");
    h.type_text("R");
    assert!(h.app().screens.lab.predict.rehearsal.is_none());
    assert!(!panel(&h).contains("rehearsal"));
}

#[test]
fn moving_m_leaves_the_rehearsal() {
    let mut h = lab(80, 24);
    h.type_text("R");
    h.press(KeyCode::Right);
    assert!(h.app().screens.lab.predict.rehearsal.is_none());
    assert!(h.app().screens.lab.predict.hides());
    assert!(!panel(&h).contains("rehearsal"));
}

#[test]
fn present_mode_keeps_the_answer_hidden() {
    let mut h = lab(200, 60);
    h.type_text("p");
    let before = h.text();
    h.type_text("R");
    let hidden = h.text();
    assert_ne!(before, hidden);
    assert!(!hidden.contains("0.008318677101"), "{hidden}");
    assert!(hidden.contains("rehearsal"), "{hidden}");
    h.type_text("7");
    h.press(KeyCode::Enter);
    assert!(h.text().contains("0.008318677101"), "{}", h.text());
}

#[test]
#[ignore = "prints the rehearsal for a person to read"]
fn print_the_rehearsal() {
    for (w, ht) in SIZES {
        let mut h = lab(w, ht);
        h.type_text("R");
        println!("{}", h.text());
        h.type_text("8");
        h.press(KeyCode::Enter);
        println!("{}", h.text());
        h.type_text("R5");
        h.press(KeyCode::Enter);
        println!("{}", h.text());
        h.type_text("R");
        println!("{}", h.text());
        h.type_text("R");
        println!("{}", h.text());
    }
}
