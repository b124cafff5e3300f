//! The Sizing screen, driven by keys through the library's headless app,
//! shows the figures the real binary's `size --json` prints for the same
//! question; and `bloomlab render --screen sizing` draws the finished
//! answer, the same frame the app draws.

use bloomlab::numbers::grouped;
use bloomlab::ui::{AppConfig, FrameConfig, Headless, Screen};
use ratatui::crossterm::event::KeyCode;
use serde_json::Value;

use crate::common::bloomlab;

fn sizing(width: u16, height: u16) -> Headless {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Sizing,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width,
        height,
        revealed: false,
    };
    Headless::new(&frame).expect("the sizing screen opens")
}

fn size_json(args: &[&str]) -> Value {
    let mut all = vec!["size"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = bloomlab(&all);
    assert!(out.status.success(), "{all:?}: {out:?}");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Selects field `row` (0 = n, 1 = p, 2 = m, 3 = k) with the arrows.
fn select(app: &mut Headless, row: usize) {
    for _ in 0..4 {
        app.press(KeyCode::Up);
    }
    for _ in 0..row {
        app.press(KeyCode::Down);
    }
}

/// Types `text` into field `row` (its first character starts the edit and
/// replaces the old text) and accepts it.
fn set(app: &mut Headless, row: usize, text: &str) {
    select(app, row);
    app.type_text(text);
    app.press(KeyCode::Enter);
}

/// The first figure after `label` on the answer's row that starts with it.
fn figure(screen: &str, label: &str) -> String {
    screen
        .lines()
        .filter_map(|l| l.strip_prefix('│'))
        .find(|l| l.starts_with(label) && l[label.len()..].starts_with("  "))
        .and_then(|l| l[label.len()..].split_whitespace().next())
        .unwrap_or_else(|| panic!("no {label:?} row in\n{screen}"))
        .to_string()
}

/// The significant digits of a rate however it is written
/// (`0.009999999936` and `9.999999936e-3` both give `9999999936`).
fn digits(rate: &str) -> String {
    let mantissa = rate.split(['e', 'E']).next().unwrap_or(rate);
    mantissa
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .trim_start_matches('0')
        .to_string()
}

fn agrees(app: &Headless, json: &Value) {
    let screen = app.text();
    let at = |key: &str| {
        json[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key}: {json}"))
    };
    assert_eq!(figure(&screen, "m"), grouped(at("m")), "{screen}");
    assert_eq!(figure(&screen, "k"), at("k").to_string(), "{screen}");
    for (label, key) in [("exact rate", "exact"), ("true rate", "true")] {
        let shown = figure(&screen, label);
        let printed = json[key].as_str().unwrap_or_default();
        assert_eq!(digits(&shown), digits(printed), "{label}: {screen}");
    }
    let method = json["exact_method"].as_str().unwrap_or_default();
    assert!(screen.contains(&format!("exact, {method}")), "{screen}");
    match json["meets_target"].as_bool() {
        Some(true) => assert!(screen.contains("✓ meets the target"), "{screen}"),
        Some(false) => assert!(screen.contains("✗ misses the target"), "{screen}"),
        None => assert!(!screen.contains("the target:"), "{screen}"),
    }
    if let Some(m) = json["textbook_m"].as_u64() {
        assert!(screen.contains(&format!("{} bits", grouped(m))), "{screen}");
    }
}

#[test]
fn the_screen_shows_what_size_json_prints() {
    let mut app = sizing(200, 60);
    agrees(&app, &size_json(&["--n", "50M", "--p", "1%"]));

    app.press(KeyCode::Char('b'));
    agrees(
        &app,
        &size_json(&["--n", "50M", "--p", "1%", "--by", "true"]),
    );
    app.press(KeyCode::Char('b'));

    // p worked out from m and n.
    select(&mut app, 1);
    app.press(KeyCode::Char('s'));
    set(&mut app, 2, "479252919");
    agrees(&app, &size_json(&["--m", "479252919", "--n", "50M"]));

    // The same, with memory typed for m.
    set(&mut app, 2, "64MiB");
    agrees(&app, &size_json(&["--memory", "64MiB", "--n", "50M"]));

    // n worked out from p and m.
    select(&mut app, 0);
    app.press(KeyCode::Char('s'));
    set(&mut app, 1, "1%");
    set(&mut app, 2, "479647737");
    agrees(&app, &size_json(&["--p", "1%", "--m", "479647737"]));

    // k worked out from the other three. Typing into the worked-out n
    // makes it an input again (and m the unknown, until s moves it to k).
    set(&mut app, 0, "50M");
    select(&mut app, 3);
    app.press(KeyCode::Char('s'));
    agrees(
        &app,
        &size_json(&["--n", "50M", "--p", "1%", "--m", "479647737"]),
    );
}

#[test]
fn render_draws_the_finished_answer() {
    let out = bloomlab(&[
        "render", "--screen", "sizing", "--width", "120", "--height", "40",
    ]);
    assert!(out.status.success(), "{out:?}");
    let rendered = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!rendered.contains("computing"), "{rendered}");
    let json = size_json(&["--n", "50M", "--p", "1%"]);
    let app = sizing(120, 40);
    agrees(&app, &json);
    assert_eq!(rendered.trim_end(), app.text().trim_end());
}
