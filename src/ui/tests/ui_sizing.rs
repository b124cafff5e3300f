//! The sizing screen as a student uses it: the lesson's question answered
//! by the exact rate with the textbook's figures beside it, p and n solved
//! from the others, memory typed as the filter's size, sizing by the true
//! rate, a bad entry that keeps the last good answer, and the stale answer
//! greyed while a new one is worked out.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::draw_text;
use crate::rates::certified::RateKind;
use crate::ui::action::{Action, FieldAction};
use crate::ui::app::App;
use crate::ui::jobs::compute_now;
use crate::ui::screen::Screen;
use crate::ui::sizing::action::{SizingAction, SizingField};
use crate::ui::theme::{Role, Theme};
use crate::ui::update::update;

fn sizing() -> App {
    let mut app = App::new(Screen::Sizing, Theme::MONO);
    compute_now(&mut app);
    app
}

fn screen(app: &App) -> String {
    draw_text(app, 120, 40).expect("valid size")
}

fn assert_shows(text: &str, needles: &[&str]) {
    for needle in needles {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

/// Makes `field` the one worked out, with `texts` typed into the others.
fn ask(app: &mut App, unknown: SizingField, texts: &[(SizingField, &str)]) {
    app.screens.sizing.selected = unknown;
    update(app, Action::from(SizingAction::Solve));
    for &(field, text) in texts {
        app.screens.sizing.selected = field;
        update(app, Action::from(SizingAction::Edit(None)));
        app.screens.sizing.field_mut().set_text(text);
        update(app, Action::Field(FieldAction::Submit));
    }
    compute_now(app);
}

#[test]
fn the_lesson_s_question_meets_its_target_beside_the_textbook() {
    let text = screen(&sizing());
    assert_shows(
        &text,
        &[
            "479,647,737 bits",
            "60.0 MB (57.2 MiB)",
            "9.593 bits per key",
            "0.009999999936",
            "exact, certified bracket",
            "true, certified bracket",
            "0.01000000007",
            "✓ meets the target: exact 0.009999999936 ≤ 0.01",
            "one bit fewer (479,647,736) would miss",
            "the true rate of a real filter misses it",
            // The textbook's figures, labelled as the textbook's.
            "textbook",
            "9.585",
            "479,252,919 bits",
            "59.9 MB (57.1 MiB)",
            "6.64",
            "the answer needs 394,818 bits more",
            "50,000,000 items × 64 bytes",
        ],
    );
    assert!(!text.contains("computing"), "{text}");
}

#[test]
fn p_is_solved_from_m_and_n() {
    let mut app = sizing();
    ask(
        &mut app,
        SizingField::P,
        &[(SizingField::M, "479252919"), (SizingField::N, "50M")],
    );
    let text = screen(&app);
    assert_shows(
        &text,
        &["→ exact 0.01003921770", "0.01003921783", "479,252,919 bits"],
    );
    // No target, so no verdict and no textbook.
    assert!(
        !text.contains("meets the target") && !text.contains("│textbook "),
        "{text}"
    );
}

#[test]
fn memory_is_typed_into_the_m_field() {
    let mut app = sizing();
    ask(&mut app, SizingField::P, &[(SizingField::M, "64MiB")]);
    let text = screen(&app);
    assert_shows(
        &text,
        &[
            "= 536,870,912 bits = 67.1 MB (64.0 MiB)",
            "10.737 bits per key",
            "0.005782104183",
        ],
    );
}

#[test]
fn n_and_k_are_solved_too() {
    let mut app = sizing();
    ask(&mut app, SizingField::N, &[(SizingField::M, "479647737")]);
    assert_shows(
        &screen(&app),
        &[
            "→ 50,000,000 keys",
            "the most whose exact rate meets the target",
            "one key more (50,000,001) would miss",
        ],
    );
    ask(&mut app, SizingField::K, &[(SizingField::N, "50M")]);
    let text = screen(&app);
    assert_shows(
        &text,
        &["→ 7, the best of 1..10 by the exact rate", "✓ meets"],
    );
}

#[test]
fn b_sizes_by_the_true_rate() {
    let mut app = sizing();
    update(&mut app, Action::from(SizingAction::ToggleBy));
    assert_eq!(app.screens.sizing.by, RateKind::True);
    compute_now(&mut app);
    let text = screen(&app);
    assert_shows(
        &text,
        &[
            "by the true rate",
            "479,647,738 bits",
            "the fewest whose true rate meets the target",
            "✓ meets the target: true 0.009999999968 ≤ 0.01",
            "the exact rate meets it too",
        ],
    );
}

#[test]
fn a_bad_entry_keeps_the_last_good_answer_and_esc_goes_back() {
    let mut app = sizing();
    update(&mut app, Action::from(SizingAction::Edit(Some('x'))));
    compute_now(&mut app);
    let text = screen(&app);
    assert_shows(
        &text,
        &[
            "✗ n must be a whole number between 1 and 10^15 (like 50M, 1e6 or 50000000), got 'x'",
            "the last good answer",
            "479,647,737 bits",
        ],
    );
    // Enter does not accept it; Esc puts the last good entry back.
    update(&mut app, Action::Field(FieldAction::Submit));
    assert!(app.typing());
    update(&mut app, Action::Field(FieldAction::Leave));
    assert_eq!(app.screens.sizing.n_field.text(), "50M");
    assert!(!screen(&app).contains("✗ n must"));
}

#[test]
fn a_target_no_filter_can_reach_says_so_and_keeps_the_last_answer() {
    let mut app = sizing();
    ask(&mut app, SizingField::N, &[(SizingField::M, "8")]);
    let text = screen(&app);
    assert_shows(
        &text,
        &[
            "✗ no answer: m must be enough bits to hold at least one key at the target rate",
            "the last good answer",
            "479,647,737 bits",
        ],
    );
}

#[test]
fn a_tiny_target_reads_in_scientific_notation() {
    let mut app = sizing();
    ask(&mut app, SizingField::M, &[(SizingField::P, "1e-300")]);
    let text = screen(&app);
    assert_shows(
        &text,
        &["= 1e-300", "9.999999993e-301", "≤ 1e-300", "996.58"],
    );
    assert!(!text.contains("0.000000000"), "{text}");
}

#[test]
fn the_stale_answer_is_greyed_while_the_new_one_is_worked_out() {
    let mut app = sizing();
    update(&mut app, Action::from(SizingAction::Edit(Some('9'))));
    assert!(app.computing());
    let mut buf = Buffer::empty(Rect::new(0, 0, 120, 40));
    (&app).render(buf.area, &mut buf);
    let text = crate::ui::render::buffer_text(&buf);
    assert_shows(&text, &["→ computing…", "479,647,737 bits"]);
    let (x, y) = text
        .lines()
        .enumerate()
        .find_map(|(y, l)| {
            l.starts_with("│m ")
                .then(|| (l.chars().position(|c| c == '4'), y))
        })
        .and_then(|(x, y)| Some((x?, y)))
        .expect("the stale m row");
    let stale = Theme::MONO.style(Role::Stale);
    let cell = &buf[(u16::try_from(x).unwrap_or(0), u16::try_from(y).unwrap_or(0))];
    assert_eq!(cell.style().add_modifier, stale.add_modifier, "{text}");
    compute_now(&mut app);
    assert!(!app.computing());
    let m = app
        .screens
        .sizing
        .last_answer
        .as_ref()
        .map(|f| f.report.answer.m);
    let text = screen(&app);
    assert!(
        m.is_some_and(|m| m < 1000),
        "9 keys need a small filter: {m:?}"
    );
    assert!(
        !text.contains("479,647,737") && !text.contains("computing"),
        "{text}"
    );
}

#[test]
fn the_computing_state_lasts_until_the_answer_for_these_fields_arrives() {
    let mut app = App::new(Screen::Sizing, Theme::MONO);
    assert!(app.computing());
    assert!(screen(&app).contains("→ computing…"));
    compute_now(&mut app);
    assert!(!app.computing());
    update(&mut app, Action::from(SizingAction::ToggleBy));
    assert!(app.computing(), "a new rate to size by is a new question");
    compute_now(&mut app);
    update(&mut app, Action::from(SizingAction::Select { next: true }));
    assert!(!app.computing(), "moving the selection asks nothing new");
}

#[test]
fn enter_on_the_solved_m_then_typing_replaces_its_text() {
    let mut app = sizing();
    app.screens.sizing.selected = SizingField::M;
    update(&mut app, Action::from(SizingAction::Edit(None)));
    assert_eq!(
        app.screens.sizing.field(SizingField::M).text(),
        "479,647,737"
    );
    assert!(screen(&app).contains("typing replaces it"));
    for c in "64MiB".chars() {
        update(&mut app, Action::Field(FieldAction::Type(c)));
    }
    assert_eq!(app.screens.sizing.field(SizingField::M).text(), "64MiB");
    update(&mut app, Action::Field(FieldAction::Submit));
    compute_now(&mut app);
    assert_shows(&screen(&app), &["67.1 MB (64.0 MiB)"]);
}

#[test]
fn grouped_text_with_digits_run_onto_it_is_refused() {
    let mut app = sizing();
    app.screens.sizing.selected = SizingField::N;
    update(&mut app, Action::from(SizingAction::Edit(None)));
    app.screens.sizing.field_mut().set_text("50,000,000");
    for c in "64".chars() {
        update(&mut app, Action::Field(FieldAction::Type(c)));
    }
    assert_eq!(
        app.screens.sizing.field(SizingField::N).text(),
        "50,000,00064"
    );
    assert!(
        app.screens.sizing.key().is_err(),
        "50,000,00064 is not a count"
    );
}

/// Issue 22's wording: one key is "1 key", given or worked out (the
/// screen said "= 1 keys" and "→ 1 keys").
#[test]
fn one_key_reads_in_the_singular() {
    let mut app = sizing();
    ask(
        &mut app,
        SizingField::M,
        &[(SizingField::N, "1"), (SizingField::P, "1%")],
    );
    let text = screen(&app);
    assert_shows(&text, &["= 1 key "]);
    assert!(!text.contains("1 keys"), "{text}");
    ask(
        &mut app,
        SizingField::N,
        &[(SizingField::M, "2"), (SizingField::P, "0.5")],
    );
    let text = screen(&app);
    assert_shows(&text, &["→ 1 key "]);
    assert!(!text.contains(" 1 keys"), "{text}");
}

/// The p worked out and put back reads as the rate it came from (see
/// `SizingState::p_worked`), on its own row and in the verdict.
#[test]
fn a_worked_out_p_put_back_says_what_it_stands_for() {
    let mut app = sizing();
    ask(
        &mut app,
        SizingField::P,
        &[(SizingField::N, "100"), (SizingField::M, "1000")],
    );
    app.screens.sizing.selected = SizingField::K;
    update(&mut app, Action::from(SizingAction::Solve));
    compute_now(&mut app);
    assert_shows(
        &screen(&app),
        &[
            "0.008213554634   = the rate worked out, at most 0.0082135546345",
            "✓ meets the target: exact 0.008213554634 ≤ 0.0082135546345",
        ],
    );
}

/// Issue 22's wording: the textbook's sizing one bit short of the answer
/// says "1 bit more" (it said "1 bits more").
#[test]
fn one_bit_reads_in_the_singular() {
    let mut app = sizing();
    ask(
        &mut app,
        SizingField::M,
        &[(SizingField::N, "1"), (SizingField::P, "1%")],
    );
    let text = screen(&app);
    assert_shows(&text, &["the answer needs 1 bit more"]);
}
