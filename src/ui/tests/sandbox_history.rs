//! The sandbox's history at a narrow width (issue 22).

use ratatui::crossterm::event::KeyCode;

use crate::ui::config::{AppConfig, FrameConfig};
use crate::ui::headless::Headless;
use crate::ui::screen::Screen;
use crate::ui::theme::Theme;

/// Issue 22: a sandbox history line too long for the screen was cut
/// mid-word (`(3 new bi`) with nothing to say so. A line that does not
/// fit ends in `…`; one that fits is whole.
#[test]
fn a_history_line_too_long_for_the_screen_says_it_is_cut() {
    let lines = |width: u16| -> Vec<String> {
        let frame = FrameConfig {
            app: AppConfig {
                screen: Screen::Sandbox,
                ..AppConfig::default()
            },
            scene: None,
            step: None,
            width,
            height: 30,
            revealed: false,
        };
        let mut h = Headless::with_theme(&frame, Theme::MONO).unwrap();
        h.press(KeyCode::Down);
        for _ in 0..5 {
            h.press(KeyCode::Char('>'));
        }
        for key in ["a-key-of-twenty-four-ch", "rec-11", "another-long-key-here"] {
            h.press(KeyCode::Char('i'));
            h.type_text(key);
            h.press(KeyCode::Enter);
            h.press(KeyCode::Esc);
        }
        let text = h.text();
        let from = text.find("history ·").expect("the history");
        text[from..]
            .lines()
            .skip(1)
            .map(|l| l.trim_matches(|c: char| c == '│' || c == ' ').to_string())
            .filter(|l| l.starts_with("+ insert"))
            .collect()
    };
    let wide = lines(240);
    let narrow = lines(80);
    assert_eq!(wide.len(), 3, "{wide:?}");
    assert_eq!(narrow.len(), 3, "{narrow:?}");
    let mut cut = 0;
    for (n, w) in narrow.iter().zip(&wide) {
        if n != w {
            cut += 1;
            let kept = n
                .strip_suffix('…')
                .unwrap_or_else(|| panic!("cut without notice: {n:?} of {w:?}"));
            assert!(w.starts_with(kept.trim_end()), "{n:?} / {w:?}");
        }
    }
    assert!(
        cut > 0,
        "the case must cut a line at 80 columns: {narrow:?}"
    );
}
