//! The lab's scheme key reaches the blocked scheme, and its rows show the
//! blocked filter's rates and hold the measurement to them (kept apart
//! from the rows' file, which the panel imports, as it drives the app).

use crate::numbers::sig;
use std::sync::atomic::AtomicBool;

use ratatui::crossterm::event::KeyCode;

use crate::rates::Budget;
use crate::rates::blocked::{BlockedShape, Within, blocked_digits, blocked_poisson};
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::{AppConfig, FrameConfig};

#[test]
fn the_scheme_key_reaches_blocked_and_shows_its_rates_and_measures_them() {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Lab,
            m: Some(200_000),
            n: Some(20_000),
            k: Some(7),
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 120,
        height: 40,
        revealed: false,
    };
    let mut lab = Headless::with_theme(&frame, Theme::MONO).unwrap();
    // The lab opens on independent hashes; one press reaches blocked.
    lab.press(KeyCode::Char('s'));
    let text = lab.text();
    let shape = BlockedShape::new(200_000, 20_000, 7).unwrap();
    let never = AtomicBool::new(false);
    let exact = blocked_digits(shape, Within::True, 10, Budget::new(1 << 24), &never)
        .unwrap()
        .decimal
        .plain();
    assert!(text.contains("scheme blocked"), "{text}");
    assert!(text.contains(&format!("blocked    {exact}")), "{text}");
    let poisson = sig(blocked_poisson(shape), 10);
    assert!(text.contains(&format!("poisson    {poisson}")), "{text}");
    assert!(text.contains("vs classic"), "{text}");
    // The measurement ran on blocked filters and is held to the
    // blocked rate, not the classic one.
    assert!(text.contains("(blocked)"), "{text}");
    assert!(
        text.contains(" blocked ✓") || text.contains(" blocked ✗"),
        "{text}"
    );
    // And on round to the double scheme.
    lab.press(KeyCode::Char('s'));
    assert!(!lab.text().contains("poisson "));
}
