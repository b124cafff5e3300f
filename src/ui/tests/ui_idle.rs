//! When the terminal loop may sleep: `App::computing` holds exactly while
//! the screen on show still waits for a figure, so the loop looks for
//! results then and sleeps until input otherwise. Pastes go into the
//! focused field as one edit, cut to its stated maximum.

use crate::ui::action::{Action, FieldAction};
use crate::ui::app::App;
use crate::ui::jobs::{Jobs, compute_now};
use crate::ui::lab::action::LabAction;
use crate::ui::sandbox::action::{KeyMode, SandboxAction};
use crate::ui::screen::Screen;
use crate::ui::sizing::action::SizingAction;
use crate::ui::theme::Theme;
use crate::ui::update::{Message, update};

fn app(screen: Screen) -> App {
    App::new(screen, Theme::MONO)
}

#[test]
fn screens_with_figures_compute_until_every_figure_is_in() {
    for screen in [Screen::Lab, Screen::Sizing] {
        let mut a = app(screen);
        assert!(a.computing(), "{screen:?} before its figures");
        compute_now(&mut a);
        assert!(!a.computing(), "{screen:?} with every figure in");
    }
    for screen in [Screen::Lecture, Screen::Sandbox] {
        assert!(
            !app(screen).computing(),
            "{screen:?} has nothing to compute"
        );
    }
}

#[test]
fn a_new_setting_computes_again() {
    let mut a = app(Screen::Lab);
    compute_now(&mut a);
    update(
        &mut a,
        Action::from(LabAction::Adjust {
            up: true,
            big: false,
        }),
    );
    assert!(a.computing());
    let mut s = app(Screen::Sizing);
    compute_now(&mut s);
    update(&mut s, Action::from(SizingAction::Edit(Some('7'))));
    assert!(s.computing());
}

/// The real lanes answer every question `computing` asks: once their
/// answers are applied, the loop can sleep.
#[test]
fn the_worker_lanes_answer_what_computing_waits_for() {
    let mut a = app(Screen::Lab);
    let mut jobs = Jobs::new();
    let start = std::time::Instant::now();
    while a.computing() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "still computing"
        );
        jobs.dispatch(&a);
        for arrival in jobs.collect() {
            update(&mut a, Message::Arrived(Box::new(arrival)));
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_paste_goes_into_the_focused_field_only() {
    let mut a = app(Screen::Sandbox);
    update(&mut a, Message::Paste("ignored".into()));
    assert!(a.screens.sandbox.field.is_empty());
    update(&mut a, Action::from(SandboxAction::Focus(KeyMode::Insert)));
    update(&mut a, Message::Paste("k".repeat(1000)));
    assert_eq!(a.screens.sandbox.field.text().len(), 256);
    assert_eq!(
        a.screens.sandbox.field.note().as_deref(),
        Some("key cut at 256 characters")
    );
    update(&mut a, Action::Field(FieldAction::Submit));
    assert_eq!(a.screens.sandbox.history.len(), 1);
    assert_eq!(a.screens.sandbox.field.note(), None);

    let mut lab = app(Screen::Lab);
    update(&mut lab, Action::from(LabAction::StartEdit(None)));
    update(&mut lab, Message::Paste(" 1000 ".into()));
    update(&mut lab, Action::Field(FieldAction::Submit));
    assert_eq!(lab.screens.lab.m, 1000, "{:?}", lab.screens.lab.edit_error);
    update(&mut lab, Action::from(LabAction::StartEdit(None)));
    update(&mut lab, Message::Paste("9".repeat(100)));
    assert_eq!(
        lab.screens.lab.edit_error.as_deref(),
        Some("value cut at 32 characters")
    );

    let mut sizing = app(Screen::Sizing);
    update(&mut sizing, Action::from(SizingAction::Edit(None)));
    update(&mut sizing, Message::Paste("0".repeat(40)));
    assert_eq!(
        sizing.screens.sizing.n_field.note().as_deref(),
        Some("n cut at 32 characters")
    );
}
