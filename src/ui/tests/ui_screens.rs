//! Every screen drawn by `bloomlab render`'s code at fixed sizes, checked
//! against committed snapshots.

use super::app_for;
use super::draw_text;
use crate::ui::action::{Action, FieldAction};
use crate::ui::app::App;
use crate::ui::sandbox::action::{KeyMode, SandboxAction};
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::update::update;
use crate::ui::{AppConfig, FrameConfig};

fn args(screen: Screen, width: u16, height: u16) -> FrameConfig {
    FrameConfig {
        app: AppConfig {
            screen,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width,
        height,
        revealed: false,
    }
}

fn render(screen: Screen, width: u16, height: u16) -> String {
    let a = args(screen, width, height);
    let app = app_for(&a, Theme::MONO).expect("valid settings");
    draw_text(&app, width, height).expect("valid size")
}

#[test]
fn lab_80x24() {
    insta::assert_snapshot!(render(Screen::Lab, 80, 24));
}

#[test]
fn lab_120x40() {
    insta::assert_snapshot!(render(Screen::Lab, 120, 40));
}

#[test]
fn sandbox_80x24() {
    insta::assert_snapshot!(render(Screen::Sandbox, 80, 24));
}

#[test]
fn sandbox_120x40() {
    insta::assert_snapshot!(render(Screen::Sandbox, 120, 40));
}

#[test]
fn sizing_80x24() {
    insta::assert_snapshot!(render(Screen::Sizing, 80, 24));
}

#[test]
fn sizing_120x40() {
    insta::assert_snapshot!(render(Screen::Sizing, 120, 40));
}

#[test]
fn lecture_80x24() {
    insta::assert_snapshot!(render(Screen::Lecture, 80, 24));
}

#[test]
fn lecture_120x40() {
    insta::assert_snapshot!(render(Screen::Lecture, 120, 40));
}

#[test]
fn too_small_says_so() {
    let text = render(Screen::Lab, 79, 24);
    assert!(
        text.contains("terminal too small: need 80x24, have 79x24"),
        "{text}"
    );
    let text = render(Screen::Sandbox, 100, 10);
    assert!(text.contains("have 100x10"), "{text}");
    // Degenerate sizes draw nothing and do not panic.
    let text = render(Screen::Lab, 1, 1);
    assert!(text.trim().chars().count() <= 1, "{text}");
}

#[test]
fn the_lab_figures_of_the_issue() {
    let mut a = args(Screen::Lab, 120, 40);
    a.app.m = Some(160);
    a.app.n = Some(16);
    a.app.k = Some(7);
    let app = app_for(&a, Theme::MONO).expect("valid settings");
    let text = draw_text(&app, 120, 40).expect("valid size");
    for needle in [
        "0.008318677",
        "0.008193722",
        "1729 digits",
        "0.008653308",
        "/20,000 = ",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(!text.contains("computing"), "{text}");
}

#[test]
fn out_of_range_settings_are_usage_errors() {
    let mut a = args(Screen::Lab, 120, 40);
    a.app.m = Some(2_000_000_000_000);
    let err = app_for(&a, Theme::MONO).expect_err("m is too large");
    assert!(err.is_bad_input());
    assert!(err.to_string().contains("2000000000000"), "{err}");
    let app = App::new(Screen::Lab, Theme::MONO);
    assert!(draw_text(&app, 0, 24).is_err());
}

#[test]
fn sandbox_after_the_lesson() {
    let mut app = App::new(Screen::Sandbox, Theme::MONO);
    update(
        &mut app,
        Action::from(SandboxAction::Focus(KeyMode::Insert)),
    );
    for _ in 0..3 {
        update(&mut app, Action::Field(FieldAction::Submit));
    }
    update(&mut app, Action::from(SandboxAction::ToggleMode));
    for _ in 0..2 {
        update(&mut app, Action::Field(FieldAction::Submit));
    }
    let text = draw_text(&app, 100, 30).expect("valid size");
    assert!(text.contains("rec-6 → no"), "{text}");
    assert!(text.contains("any() instead of all()"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn help_overlay_lists_the_lab_keys() {
    let mut app = App::new(Screen::Lab, Theme::MONO);
    update(&mut app, Action::ToggleHelp);
    let text = draw_text(&app, 100, 30).expect("valid size");
    for needle in [
        "Shift+←",
        "lock bits per key",
        "reseed",
        "Tab / Shift+Tab",
        "quit",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn a_moved_slider_shows_the_old_value_as_computing() {
    let mut a = args(Screen::Lab, 120, 40);
    a.app.m = Some(160);
    let mut app = app_for(&a, Theme::MONO).expect("valid settings");
    // Move m without computing: the figures belong to m = 160 now.
    update(
        &mut app,
        Action::from(crate::ui::lab::action::LabAction::Adjust {
            up: true,
            big: false,
        }),
    );
    let text = draw_text(&app, 120, 40).expect("valid size");
    assert!(text.contains("0.008318677101 computing…"), "{text}");
    assert!(text.contains("waiting for the exact rate"), "{text}");
    assert!(text.contains("m=170"), "{text}");
}

#[test]
fn the_crawler_filter_shows_every_figure() {
    // 10^10 bits, 10^9 keys: the exact fraction has billions of digits and
    // is never built; its digits are still on screen.
    let mut a = args(Screen::Lab, 120, 40);
    (a.app.m, a.app.n, a.app.k) = (Some(10_000_000_000), Some(1_000_000_000), Some(7));
    let app = app_for(&a, Theme::MONO).expect("valid settings");
    let text = draw_text(&app, 120, 40).expect("valid size");
    for needle in [
        "exact      0.0081",
        "true       0.0081",
        "best k     7 at 0.0081",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(
        !text.contains("too large") && !text.contains("computing"),
        "{text}"
    );
    // A real filter of 10^10 bits is 1.25 GB: more than the lab builds.
    assert!(text.contains("needs 1.25 GB (1.16 GiB)"), "{text}");
}

#[test]
fn a_running_measurement_shows_its_count_so_far() {
    use crate::ui::lab::measuring::{MeasureFigures, Running};
    let mut app = App::new(Screen::Lab, Theme::MONO);
    app.screens.lab.filters = 40;
    let key = app.screens.lab.measure_key();
    let mut small = key;
    small.filters = 10;
    let Some(Ok(ten)) = crate::ui::lab::measuring::measured(small, &Default::default(), &|_| {})
    else {
        panic!("no measurement")
    };
    let running = MeasureFigures {
        pooled: ten.pooled,
        filters_done: 10,
        filters: 40,
        running: Some(Running {
            keys_done: 10 * 216,
            keys_total: 40 * 216,
            elapsed: std::time::Duration::from_secs(3),
        }),
    };
    app.screens.lab.results.measured.set(key, Ok(running));
    assert!(!app.screens.lab.results.measurement_done(&key));
    let text = draw_text(&app, 120, 40).expect("valid size");
    assert!(
        text.contains("/2,000 so far, 10 of 40 filters · 25% · about 9 s left computing…"),
        "{text}"
    );
}

#[test]
fn candidates_the_bounds_cannot_separate_are_all_named() {
    use crate::ui::computed::Outcome;
    let mut app = App::new(Screen::Lab, Theme::MONO);
    let key = app.screens.lab.best_key();
    app.screens
        .lab
        .results
        .best
        .set(key, Outcome::Ready(super::ui_lab_fit::undecided(7..=8)));
    for (width, height) in [(120, 40), (80, 24)] {
        let text = draw_text(&app, width, height).expect("valid size");
        assert!(text.contains("best k     one of 7, 8"), "{text}");
    }
}

#[test]
fn rates_too_rare_for_a_count_still_say_how_rare() {
    let mut a = args(Screen::Lab, 100, 30);
    (a.app.m, a.app.n, a.app.k) = (Some(1_000_000), Some(16), Some(7));
    let app = app_for(&a, Theme::MONO).expect("valid settings");
    let text = draw_text(&app, 100, 30).expect("valid size");
    assert!(text.contains("2.209822732e-28"), "{text}");
    assert!(text.contains("about 1 in 4.53e27"), "{text}");
}

/// A frame with its styles, one line per run of cells that share a style,
/// so a palette change shows in a review as a readable diff.
fn styled(screen: Screen, scene_step: Option<(u32, u32)>, theme: Theme) -> String {
    let mut frame = args(screen, 80, 24);
    frame.scene = scene_step.map(|s| s.0);
    frame.step = scene_step.map(|s| s.1);
    frame.revealed = true;
    let app = app_for(&frame, theme).expect("valid settings");
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
    ratatui::widgets::Widget::render(&app, buf.area, &mut buf);
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut run = String::new();
        let mut style = None;
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            let here = (cell.fg, cell.bg, cell.modifier);
            if style.is_some_and(|s| s != here) {
                out.push_str(&format!("{y:>2} {:?} {run:?}\n", style.unwrap_or(here)));
                run.clear();
            }
            style = Some(here);
            run.push_str(cell.symbol());
        }
        if !run.trim().is_empty() || style.is_some_and(|s| s.1 != ratatui::style::Color::Reset) {
            out.push_str(&format!("{y:>2} {:?} {run:?}\n", style.unwrap_or_default()));
        }
    }
    out
}

#[test]
fn styles_of_the_false_positive_in_dark() {
    insta::assert_snapshot!(styled(Screen::Lecture, Some((3, 3)), Theme::DARK16));
}

#[test]
fn styles_of_the_lab_in_light() {
    let light = Theme {
        palette: &crate::ui::theme::palettes::LIGHT,
        depth: crate::ui::theme::Depth::TrueColor,
    };
    insta::assert_snapshot!(styled(Screen::Lab, None, light));
}

#[test]
fn a_theme_is_chosen_by_name_and_cycled_by_t() {
    let mut frame = args(Screen::Lab, 80, 24);
    frame.app.theme = Some("light".into());
    let mut app = app_for(&frame, Theme::MONO).expect("a known theme");
    assert_eq!(app.theme.palette.name, "light");
    let key = |c| {
        ratatui::crossterm::event::KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char(c),
            ratatui::crossterm::event::KeyModifiers::NONE,
        )
    };
    for want in ["high-contrast", "mono", "dark", "light"] {
        let action = crate::ui::keymap::key_to_action(&app, key('t')).expect("t acts");
        update(&mut app, action);
        assert_eq!(app.theme.palette.name, want);
    }
    // Light paints its own background over every cell of every screen.
    for screen in <Screen as strum::IntoEnumIterator>::iter() {
        let mut frame = args(screen, 80, 24);
        frame.app.theme = Some("light".into());
        frame.scene = (screen == Screen::Lecture).then_some(4);
        let app = app_for(&frame, Theme::MONO).expect("a known theme");
        let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
        ratatui::widgets::Widget::render(&app, buf.area, &mut buf);
        let unpainted = buf
            .content
            .iter()
            .filter(|c| c.bg == ratatui::style::Color::Reset)
            .count();
        assert_eq!(unpainted, 0, "{screen:?}");
    }
    frame.app.theme = Some("sepia".into());
    let err = app_for(&frame, Theme::MONO).expect_err("no such theme");
    assert!(
        err.to_string().contains("dark, light, high-contrast, mono"),
        "{err}"
    );
}
