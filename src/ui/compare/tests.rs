//! The Compare screen drawn whole at the three sizes a class meets (80x24
//! on a laptop, 120x40 and 200x60 on a projector), in and out of present
//! mode: every structure of the line-up is on it, with its letter in the
//! chart wherever the chart is drawn, and where the chart does not fit the
//! screen says so.

use crate::measure::lineup::Structure;
use crate::ui::compare::table::tag;
use crate::ui::compare::view::CHART_MIN_ROWS;
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;
use crate::ui::{AppConfig, FrameConfig};

fn drawn(width: u16, height: u16, present: bool) -> String {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Compare,
            present,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width,
        height,
        revealed: false,
    };
    Headless::with_theme(&frame, Theme::MONO)
        .expect("the default settings draw")
        .text()
}

/// The rows between the chart's title and its bottom corner.
fn chart_rows(text: &str) -> Option<Vec<&str>> {
    let lines: Vec<&str> = text.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains(" bits per key against"))?;
    let bottom = lines[top..].iter().position(|l| l.contains('└'))? + top;
    Some(lines[top + 1..bottom].to_vec())
}

#[test]
fn every_structure_is_on_the_screen_at_every_size() {
    for present in [false, true] {
        for (width, height) in [(80, 24), (120, 40), (200, 60)] {
            let text = drawn(width, height, present);
            let at = format!("{width}x{height}, present {present}\n{text}");
            for s in Structure::ALL {
                let row = format!("{} {}", tag(s), s.name());
                assert!(text.contains(&row), "{row} missing at {at}");
            }
            assert!(text.contains("measured in"), "not finished at {at}");
            match chart_rows(&text) {
                Some(rows) => {
                    assert!(rows.len() >= usize::from(CHART_MIN_ROWS) - 2, "{at}");
                    // The plotting area is right of the y axis's rule.
                    let plot: String = rows
                        .iter()
                        .filter_map(|r| r.split_once('│').and_then(|(_, r)| r.split_once('│')))
                        .map(|(_, r)| r.replace("bits/key", "").replace("rate", ""))
                        .collect();
                    for s in Structure::ALL {
                        assert!(plot.contains(tag(s)), "{} not in the chart at {at}", tag(s));
                    }
                }
                None => assert!(
                    text.contains(&format!("chart needs {CHART_MIN_ROWS} rows")),
                    "the missing chart is not named at {at}"
                ),
            }
            if (width, height) != (80, 24) {
                assert!(chart_rows(&text).is_some(), "no chart at {at}");
            }
        }
    }
}

#[test]
fn plain_mode_says_every_structure_and_takes_the_sliders() {
    let frame = FrameConfig {
        app: AppConfig {
            screen: Screen::Compare,
            ..AppConfig::default()
        },
        scene: None,
        step: None,
        width: 120,
        height: 40,
        revealed: false,
    };
    let mut app = Headless::with_theme(&frame, Theme::MONO).unwrap();
    let state = &mut app.app_mut().screens.compare;
    let words = state.plain_words();
    for s in Structure::ALL {
        assert!(
            words
                .iter()
                .any(|w| w.starts_with(&format!("{}: ", s.name()))),
            "{} not said: {words:?}",
            s.name()
        );
    }
    assert!(words[1].contains("6.64 bits per key"), "{words:?}");
    use crate::ui::screen::seam::PlainReply;
    assert_eq!(
        state.plain_command("p 0.1%"),
        Some(PlainReply::Changed(Vec::new()))
    );
    assert!((state.p.value - 0.001).abs() < 1e-15);
    assert!(matches!(
        state.plain_command("p 90%"),
        Some(PlainReply::Said(_))
    ));
    assert!((state.p.value - 0.001).abs() < 1e-15);
    assert_eq!(
        state.plain_command("n 5k"),
        Some(PlainReply::Changed(Vec::new()))
    );
    assert_eq!(state.n, 5000);
    assert_eq!(state.plain_command("nonsense"), None);
}
