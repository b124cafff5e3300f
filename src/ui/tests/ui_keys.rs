//! Keys driven through the pure key map and `update`, as the app does,
//! without a terminal.

use crate::ui::action::Action;
use crate::ui::app::App;
use crate::ui::keymap::{key_to_action, mouse_to_action};
use crate::ui::lab::action::LabSlider;
use crate::ui::sandbox::action::KeyMode;
use crate::ui::sandbox::state::Outcome;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::update::update;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

fn press(app: &mut App, code: KeyCode) {
    press_with(app, code, KeyModifiers::NONE);
}

fn press_with(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    if let Some(action) = key_to_action(app, KeyEvent::new(code, modifiers)) {
        update(app, action);
    }
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

fn app(screen: Screen) -> App {
    App::new(screen, Theme::MONO)
}

#[test]
fn tab_visits_every_screen_and_comes_back() {
    // The order itself is the registry's (`screen::tests` holds it).
    let mut a = app(Screen::Lecture);
    let mut seen = vec![a.screen];
    for _ in Screen::ALL {
        press(&mut a, KeyCode::Tab);
        seen.push(a.screen);
    }
    let mut round = Screen::ALL.to_vec();
    round.push(Screen::Lecture);
    assert_eq!(seen, round);
    press(&mut a, KeyCode::BackTab);
    assert_eq!(Some(&a.screen), Screen::ALL.last());
}

#[test]
fn lab_arrows_move_the_chosen_slider() {
    let mut a = app(Screen::Lab);
    press(&mut a, KeyCode::Right);
    assert_eq!(a.screens.lab.m, 170);
    press_with(&mut a, KeyCode::Right, KeyModifiers::SHIFT);
    assert_eq!(a.screens.lab.m, 340);
    press(&mut a, KeyCode::Char('<'));
    assert_eq!(a.screens.lab.m, 170);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    assert_eq!(a.screens.lab.selected, LabSlider::K);
    for _ in 0..40 {
        press(&mut a, KeyCode::Right);
    }
    assert_eq!(a.screens.lab.k, 32);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Up);
    assert_eq!(a.screens.lab.selected, LabSlider::M);
}

#[test]
fn holding_right_at_the_top_of_m_stays_put() {
    let mut a = app(Screen::Lab);
    type_text(&mut a, "1e12");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screens.lab.m, 1_000_000_000_000);
    for _ in 0..500 {
        press(&mut a, KeyCode::Right);
    }
    assert_eq!(a.screens.lab.m, 1_000_000_000_000);
}

#[test]
fn typed_values_accept_suffixes_and_refuse_out_of_range() {
    let mut a = app(Screen::Lab);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    type_text(&mut a, "2k");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screens.lab.n, 2000);
    assert!(a.screens.lab.editing.is_none());
    type_text(&mut a, "99999999999");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screens.lab.n, 2000);
    assert_eq!(
        a.screens.lab.edit_error.as_deref(),
        Some("99,999,999,999 is not between 1 and 10^10")
    );
    // Still typing: q is a letter here, Esc leaves the field.
    press(&mut a, KeyCode::Char('q'));
    assert!(!a.quit);
    press(&mut a, KeyCode::Esc);
    assert!(a.screens.lab.editing.is_none());
    press(&mut a, KeyCode::Char('q'));
    assert!(a.quit);
}

#[test]
fn the_lock_keeps_bits_per_key_while_n_moves() {
    let mut a = app(Screen::Lab);
    press(&mut a, KeyCode::Char('l'));
    press(&mut a, KeyCode::Down);
    for _ in 0..5 {
        press_with(&mut a, KeyCode::Right, KeyModifiers::SHIFT);
    }
    assert_eq!(a.screens.lab.n, 512);
    assert_eq!(a.screens.lab.m, 5120);
    press(&mut a, KeyCode::Char('l'));
    press(&mut a, KeyCode::Left);
    assert_eq!((a.screens.lab.m, a.screens.lab.n), (5120, 510));
}

#[test]
fn scheme_and_seed_keys() {
    let mut a = app(Screen::Lab);
    let before = (a.screens.lab.scheme, a.screens.lab.seed);
    press(&mut a, KeyCode::Char('s'));
    press(&mut a, KeyCode::Char('r'));
    assert_ne!(a.screens.lab.scheme, before.0);
    assert_ne!(a.screens.lab.seed, before.1);
}

#[test]
fn the_sandbox_types_inserts_and_queries() {
    let mut a = app(Screen::Sandbox);
    press(&mut a, KeyCode::Char('i'));
    assert_eq!(a.screens.sandbox.focus, Some(KeyMode::Insert));
    type_text(&mut a, "rec-11");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screens.sandbox.inserted, ["rec-11"]);
    let Some(Outcome::Inserted(report)) = a.screens.sandbox.history.last().map(|e| &e.outcome)
    else {
        panic!("no insert recorded");
    };
    assert_eq!(report.positions, [4, 3, 2]);
    press(&mut a, KeyCode::Down);
    assert_eq!(a.screens.sandbox.focus, Some(KeyMode::Query));
    type_text(&mut a, "quiet");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.screens.sandbox.history.len(), 2);
    press(&mut a, KeyCode::Esc);
    assert_eq!(a.screens.sandbox.focus, None);
    press(&mut a, KeyCode::Right);
    assert_eq!(a.screens.sandbox.filter.m(), 17);
    assert!(a.screens.sandbox.filter.contains(b"rec-11"));
    press(&mut a, KeyCode::Char('c'));
    assert!(a.screens.sandbox.history.is_empty());
}

#[test]
fn collapsing_probes_are_flagged() {
    let mut a = app(Screen::Sandbox);
    // Odd m lets h2 (always odd) be a multiple of m.
    for _ in 0..11 {
        press(&mut a, KeyCode::Left);
    }
    assert_eq!(a.screens.sandbox.m, 5);
    let Some(key) = crate::filter::find_collapsing_key(5, 100_000) else {
        panic!("no collapsing key at m = 5");
    };
    press(&mut a, KeyCode::Char('i'));
    type_text(&mut a, &key);
    press(&mut a, KeyCode::Enter);
    let event = a.screens.sandbox.history.last().map(|e| e.collapsed);
    assert_eq!(event, Some(true));
    let text = super::draw_text(&a, 100, 30).unwrap_or_default();
    assert!(text.contains("mistake 2"), "{text}");
}

#[test]
fn sizing_fields_take_typed_text() {
    let mut a = app(Screen::Sizing);
    press(&mut a, KeyCode::Char('1'));
    assert!(a.typing());
    type_text(&mut a, "e6");
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Backspace);
    press(&mut a, KeyCode::Backspace);
    type_text(&mut a, "1/1000");
    press(&mut a, KeyCode::Enter);
    assert!(!a.typing());
    assert_eq!(a.screens.sizing.n_field.text(), "1e6");
    assert_eq!(a.screens.sizing.p_field.text(), "1/1000");
    crate::ui::jobs::compute_now(&mut a);
    let answer = a
        .screens
        .sizing
        .last_answer
        .as_ref()
        .map(|f| &f.report.answer);
    assert_eq!(
        answer.map(|a| (a.n, a.m, a.k)),
        Some((1_000_000, 14_377_640, 10))
    );
}

#[test]
fn sizing_keys_solve_another_field_and_switch_the_rate() {
    let mut a = app(Screen::Sizing);
    crate::ui::jobs::compute_now(&mut a);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Char('s'));
    assert_eq!(
        a.screens.sizing.unknown,
        crate::ui::sizing::action::SizingField::P
    );
    assert!(!a.typing(), "s acts, it does not type");
    press(&mut a, KeyCode::Char('b'));
    assert_eq!(a.screens.sizing.by, crate::rates::certified::RateKind::True);
    // Up and Down stop at the first and last field.
    for _ in 0..6 {
        press(&mut a, KeyCode::Down);
    }
    assert_eq!(
        a.screens.sizing.selected,
        crate::ui::sizing::action::SizingField::K
    );
    press(&mut a, KeyCode::Char('7'));
    assert!(a.typing());
    press(&mut a, KeyCode::Char('s'));
    assert_eq!(
        a.screens.sizing.k_field.text(),
        "7s",
        "s types while a field has focus"
    );
}

#[test]
fn mouse_clicks_tabs_and_drags_sliders() {
    let mut a = app(Screen::Lecture);
    update(&mut a, Action::Resize(120, 40));
    let click = |column, row, kind| MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    let tabs = crate::ui::view::tab_hits(ratatui::layout::Rect::new(0, 0, 120, 40));
    let (_, lab_tab) = tabs[1];
    let action = mouse_to_action(
        &a,
        click(lab_tab.x + 1, 0, MouseEventKind::Down(MouseButton::Left)),
    );
    assert_eq!(action, Some(Action::GoTo(Screen::Lab)));
    if let Some(action) = action {
        update(&mut a, action);
    }
    let body = crate::ui::view::body_area(ratatui::layout::Rect::new(0, 0, 120, 40), false);
    let (_, track) = crate::ui::lab::view::slider_tracks(&a.screens.lab, &a.theme, body)[0];
    let drag = click(track.x, track.y, MouseEventKind::Drag(MouseButton::Left));
    if let Some(action) = mouse_to_action(&a, drag) {
        update(&mut a, action);
    }
    assert_eq!(a.screens.lab.m, 1);
    let drag = click(
        track.right() - 1,
        track.y,
        MouseEventKind::Drag(MouseButton::Left),
    );
    if let Some(action) = mouse_to_action(&a, drag) {
        update(&mut a, action);
    }
    assert_eq!(a.screens.lab.m, 1_000_000_000_000);
    // Scrolling is not a click.
    assert_eq!(
        mouse_to_action(&a, click(5, 5, MouseEventKind::ScrollDown)),
        None
    );
}

#[test]
fn a_scene_number_past_the_last_says_so() {
    let mut app = crate::ui::app::App::new(
        crate::ui::screen::Screen::Lecture,
        crate::ui::theme::Theme::MONO,
    );
    crate::ui::update::update(
        &mut app,
        crate::ui::action::Action::from(crate::ui::lecture::action::LectureAction::Jump(9)),
    );
    assert_eq!(app.screens.lecture.step, 0);
    let text = super::draw_text(&app, 80, 24).expect("valid size");
    assert!(
        text.contains("there is no scene 9: this lecture has scenes 1 to 5"),
        "{text}"
    );
}
