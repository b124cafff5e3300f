//! Issue 22: a first wrong practice answer was told the right answer, and
//! exercise 7 marked the Sizing screen's own answer wrong. A first miss
//! now gets a nudge (the working and the answer come from the second miss
//! on), and exercise 7 takes both the textbook's figures and the exact
//! ones, saying which each is.

use ratatui::crossterm::event::KeyCode;

use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;

fn practice() -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Practice,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 120,
        height: 40,
        revealed: false,
    };
    Headless::with_theme(&frame, Theme::MONO).unwrap()
}

/// Opens exercise `n` and checks `answer` in its field.
fn answer(h: &mut Headless, n: usize, answer: &str) -> String {
    h.press(KeyCode::Esc);
    h.type_text(&n.to_string());
    h.press(KeyCode::Enter);
    h.type_text(answer);
    h.press(KeyCode::Enter);
    h.text()
}

#[test]
fn a_first_miss_is_nudged_and_a_second_is_shown_the_working() {
    // Each wrong answer with what the working says, which a first miss
    // must not: the right count, the right reading, the right rate.
    let cases: [(usize, &str, &[&str]); 5] = [
        (1, "3 yes", &["so 2 are set"]),
        (2, "maybe", &["so the answer is no"]),
        (4, "2 7", &["1 bit"]),
        (6, "0.0085", &["0.0082"]),
        (7, "9.6 57 7", &["9.585", "57.1", "rounds to 7"]),
    ];
    for (n, wrong, working) in cases {
        let mut h = practice();
        let first = answer(&mut h, n, wrong);
        assert!(first.contains("✗"), "{n}: {first}");
        for w in working {
            assert!(
                !first.contains(w),
                "{n}: a first miss shows {w:?}:\n{first}"
            );
        }
        let second = answer(&mut h, n, wrong);
        assert!(
            working.iter().all(|w| second.contains(w)),
            "{n}: a second miss shows the working:\n{second}"
        );
    }
}

#[test]
fn exercise_seven_takes_the_exact_and_the_textbook_answers_and_says_which() {
    let mut h = practice();
    let exact = answer(&mut h, 7, "9.593 57.2 7");
    assert!(exact.contains("✓"), "{exact}");
    assert!(exact.contains("Sizing screen"), "{exact}");
    let mut h = practice();
    let textbook = answer(&mut h, 7, "9.585 57.1 7");
    assert!(textbook.contains("✓"), "{textbook}");
    assert!(textbook.contains("textbook"), "{textbook}");
}

/// Issue 22: after a check the answer field kept focus, so `h` for a hint
/// typed an h. Right after a check (the answer selected, nothing typed
/// yet) `h` shows the hint; no answer starts with an h.
#[test]
fn h_after_a_check_shows_the_hint_instead_of_typing() {
    let mut h = practice();
    let checked = answer(&mut h, 1, "3 yes");
    assert!(
        checked.contains("✗") && !checked.contains("hint:"),
        "{checked}"
    );
    h.type_text("h");
    let text = h.text();
    assert!(text.contains("hint:"), "{text}");
    assert!(
        !text.contains("3 yesh") && !text.contains("answer: h"),
        "{text}"
    );
    // Typing then replaces the selected answer, as before.
    h.type_text("2 yes");
    h.press(KeyCode::Enter);
    assert!(h.text().contains("✓"), "{}", h.text());
}
